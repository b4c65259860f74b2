/*
 * pre/pre.h — Knuth's DLX-PRE reductions (pre/pre.c): options that can
 * never be part of a solution and items that are covered whenever
 * another one is, removed until nothing more goes, so that the reduced
 * problem has the same solutions (formats/preprocess.md).
 *
 * The reduction works on a copy of the problem's links, which it
 * changes as DLX-PRE changes its own (the same data layout), so that
 * the reduced problem is DLX-PRE's, option for option and in its order;
 * the problem itself is left as it was.
 */
#ifndef XCC_PRE_H
#define XCC_PRE_H

#include "xcc.h"
#include "base/num.h"

struct xcc_node; /* the links (problem/problem.h), which the report does not see */

/* What a reduction step did, for the report (DLX-PRE's v4 lines). */
typedef enum xcc_pre_event {
    XCC_PRE_FORCED,     /* item removed: covered whenever item other is */
    XCC_PRE_SHORTEN,    /* option of node removed from the forced item: kept without it */
    XCC_PRE_DELETE,     /* option of node deleted with the forced item */
    XCC_PRE_BLOCKED,    /* option of node deleted: it leaves item other without options */
    XCC_PRE_EMPTY,      /* secondary item left in no option */
    XCC_PRE_INFEASIBLE, /* primary item left in no option: no solution at all */
    XCC_PRE_ROUND,      /* a round begins (DLX-PRE's v2) */
    XCC_PRE_PROGRESS    /* d<n> mems more were spent: at item `item` of this round */
} xcc_pre_event;

/*
 * A budget (dlx2 -P). The reduction pays only where it costs less than
 * the search it spares, and every removal is sound on its own. So with
 * share > 0 the reduction first estimates the search's mems (Knuth's
 * estimate from random paths, pre/pre.c, with a fixed seed: every run
 * makes the same one) and stops, cut short, once its mems (the
 * estimate's included) pass share of that estimate or XCC_PRE_FLOOR,
 * whichever is more: the problem is then reduced in part, and correctly.
 * The search spends about 0.4 to 3 ns per estimated mem where it has no
 * memo to help it, the reduction about 2 ns per mem, so 0.75% keeps the
 * reduction within about 4% of the search, and lets it finish its first
 * round on the pentominoes, where it pays (bench/NOTES.md). --preprocess
 * (share 0) reduces to the end, as DLX-PRE does.
 */
#define XCC_PRE_SHARE 0.0075 /* dlx2 -P's */
#define XCC_PRE_FLOOR 100000 /* about 0.2 ms: below it the reduction goes unnoticed */

typedef struct xcc_pre {
    const xcc_problem *p;
    double share;        /* the budget's share of the estimated search; 0: no budget */
    double estimate;     /* the search's estimated mems (with share > 0) */
    ullng budget;        /* the mems the reduction may spend, after the estimate's own */
    int probes;          /* the random paths of the estimate */
    ullng probe_mems;    /* their mems */
    ullng mems;          /* the memory accesses of the estimate and the reduction so far */
    int cut;             /* the budget ran out before the reduction was done */
    struct xcc_node *nd; /* the links as reduced: a header's len is 0 once its item is gone */
    int stack;           /* the item found blocked, or the options marked for deletion */
    int change;          /* something went in this round */
    int options_out, items_out, rounds;
    int infeasible;      /* a primary item without options: the problem has no solution */
    /* DLX-PRE's arguments and mems (--preprocess): t<n> rounds at most (when max_rounds_set),
       T<n> when max_mems_set (stop before an item once kmems reach it), d<n> progress every
       delta kmems from thresh; kmems, its mems in its own model */
    int max_rounds, max_rounds_set, max_mems_set;
    ullng max_mems, delta, thresh, kmems;
    ullng imems;         /* DLX-PRE's input phase: DLX2's, 4 less and 1 less per secondary item */
    int timed_out;       /* stopped by max_mems */
    /* called before each step (may be NULL) */
    void (*note)(void *ctx, const struct xcc_pre *s, xcc_pre_event e, int item, int other,
                 int node);
    void *ctx;
} xcc_pre;

/*
 * Reduces p into s (s->note and s->ctx set by the caller); XCC_OK,
 * XCC_NO_MEMORY, or XCC_REFUSED for a problem with multiplicities.
 */
xcc_status xcc_pre_run(xcc_pre *s, const xcc_problem *p);
void xcc_pre_free(xcc_pre *s);

/* Item i's options left (i from 1). */
int xcc_pre_len(const xcc_pre *s, int i);

/* What DLX-PRE spends writing the reduced problem (its mems count it too). */
ullng xcc_pre_output_mems(const xcc_pre *s);

/* The first node of the option of node x, as reduced (items removed from it skipped). */
int xcc_pre_first(const xcc_pre *s, int x);

/* Walks the option from its first node: the next node of it, or 0 at its end. */
int xcc_pre_next(const xcc_pre *s, int x);

/* The option's number (1 for the first option kept), from its right spacer. */
int xcc_pre_number(const xcc_pre *s, int x);

/* ---- the reduced problem, as the report writes it (items from 1) ---------- */

/* The next item left after item i (0: the first); 0 when none is. */
int xcc_pre_next_item(const xcc_pre *s, int i);

/* Whether item i is secondary. */
int xcc_pre_secondary(const xcc_pre *s, int i);

/* Item i's name. */
const char *xcc_pre_name(const xcc_pre *s, int i);

/* The name of node x's item, and in *color its color (NULL: none). */
const char *xcc_pre_entry(const xcc_pre *s, int x, const char **color);

/*
 * The options left, as DLX-PRE writes them: item by item, down each
 * item's list, every option whose first node left is there. The node
 * of the next after the one at node x (0: the first); 0 at the end.
 */
int xcc_pre_next_option(const xcc_pre *s, int x);

#endif
