/*
 * sink.h — what the engines hand out, and what the report may see of a
 * search: its figures (xcc_figs), progress reports, the lines of a ZDD,
 * and the sink through which solutions, progress and ZDD lines go.
 */
#ifndef XCC_SINK_H
#define XCC_SINK_H

#include <stdio.h>
#include "xcc.h"
#include "settings.h"
#include "base/num.h"

/*
 * Which of Knuth's programs a walk or a report is (xcc_figs.knuth,
 * xcc_dlx2.knuth): DLX2 (0), DLX1 (DLX2's tree without colors, its own
 * report), DLX3 (3), SSXCC (another tree, lib/cells/) or DLX6 (DLX2's
 * tree with a memo, links/dlx6.c).
 */
enum { XCC_KNUTH_DLX2 = 0, XCC_KNUTH_DLX1 = 1, XCC_KNUTH_DLX3 = 3, XCC_KNUTH_SSXCC = 4,
       XCC_KNUTH_DLX6 = 6 };

/*
 * What a search counted (the public xcc_figs is made from it): every
 * count exact, in 128 bits (base/num.h), and the number of solutions of
 * any size when an engine counts past 2^127 (big_solutions set: then
 * `big` holds it and `solutions` means nothing). A walk whose figures
 * would pass 2^127 stops with XCC_STOP_WIDE instead (the limit of its
 * engine): no figure is ever wrapped or saturated.
 */
typedef struct xcc_figs {
    xcc_u128 solutions, nodes, updates, cleansings;
    xcc_u128 imems, mems, lmems, cmems;
    ullng bytes;
    int big_solutions;
    xcc_big big;
    int mems_counted;     /* 0 for "fast", which counts no mems nor cleansings */
    int no_updates;       /* 1 for "zdd", which counts no updates either */
    xcc_stop stop;
    int level, maxl;      /* the level where it ended, the deepest reached */
    double seconds;       /* wall clock */
    const char *engine;   /* the engine that ran, as the JSON summary names it: "twin" or
                             "links" (DLX2's tree), "mcc-twin", "mcc-links" (DLX3's),
                             "cost", "cost-links" (DLX5's), "fast", "zdd", "cells" (SSXCC's) */
    int knuth;            /* XCC_KNUTH_*: DLX3's tree and cost model (lmems is 0), DLX2's,
                             DLX1's report of DLX2's tree (lmems 0) or SSXCC's */
    int maxdeg;           /* the most options of an item branched on (v2048; DLX1, SSXCC) */
    /* DLX6's (links/dlx6.c): its ZDD nodes with the two sinks, the memo's
       entries and those with solutions, its hits; timeouts_said: each
       TIMEOUT! went to the sink's progress as the search met it */
    ullng zdd_nodes, memos, goodmemos, hits;
    int timeouts_said;
    ullng *profile;       /* nodes per level 0 .. maxl + 1 when dlx2 asks (v128), else NULL */
    /* with costs: the `best` least costs of all solutions, least first,
       equal ones repeated; solutions then counts those that improved on
       the best so far */
    ullng *costs;
    int ncosts;
} xcc_figs;

/* Frees what fig holds (profile, costs, big). */
void xcc_figs_free(xcc_figs *fig);

/* The number of solutions in decimal, into memory the caller frees (NULL: no memory). */
char *xcc_figs_solutions_text(const xcc_figs *fig);

/* Whether any of a walk's figures reached XCC_WIDE_TOP. */
static inline int xcc_figs_wide(const xcc_figs *f)
{
    return ((f->solutions | f->nodes | f->updates | f->cleansings | f->mems | f->lmems
             | f->cmems) & XCC_WIDE_TOP) != 0;
}

/* ---- the sink: what engines hand out ----------------------------------- */

/*
 * A line of a ZDD in DLX6's text format (formats/zdd.md): node id stands
 * for the sets of lo (option not taken) and those of hi (option taken),
 * option numbered from 1; the last line, with option 0, is the root.
 */
typedef struct xcc_zdd_line {
    unsigned id, lo, hi;
    ullng option;
} xcc_zdd_line;

/* A progress report: where the search is. */
typedef struct xcc_progress {
    xcc_u128 solutions, mems, nodes;
    int level, maxl;
    const xcc_choice *path;  /* the choices of levels 0 .. level-1 */
    double fraction;         /* the estimated share of the tree done */
    int subtrees;            /* fraction is the share of subtrees finished (-j) */
    int knuth;               /* XCC_KNUTH_*: the walk's (3: DLX3's tree; 0: DLX2's) */
    int mems_counted;
    ullng hits;              /* DLX6's memo hits so far */
    int timeout;             /* not a report but DLX6's TIMEOUT!, met at a node past T<n> */
    int costs;               /* DLX5's search: */
    ullng cutoff;            /* the k-th best total cost so far, or XCC_COST_INFINITY */
    int unsolved;            /* the zdd engine: no solution is counted before the end */
} xcc_progress;

/*
 * A position of a walk of DLX2's tree, for a checkpoint (dlx2
 * --checkpoint, cli/checkpoint.c) and to go on from one (xcc_dlx2.resume):
 * the walk is at the entry of a node of level `level`, not yet counted;
 * choice[0 .. level-1] are the options taken above it (as nodes, each in
 * the list of the item branched on at its level, as xcc_tree.choice); fig
 * holds the figures so far (solutions, nodes, updates, cleansings, mems,
 * lmems, cmems, maxdeg), maxl the deepest level, profile (NULL unless
 * v128) the nodes per level 0 .. maxl + 1, thresh the mems of the next
 * d<n> report. The walk goes on from there exactly as it would have.
 * DLX5's walk adds its state: nbest > 0 net costs in best (its heap of
 * the k best so far, heap[0] the cutoff), and per level 0 .. level-1 the
 * thresholds its branch item was covered with (thresh0) and its option's
 * other items (thresh1), which the cutoff of then set; else 0 and NULL.
 */
typedef struct xcc_position {
    int level, maxl;
    const int *choice;
    xcc_figs fig;
    const ullng *profile;
    xcc_u128 thresh;
    int nbest;
    const ullng *best, *thresh0, *thresh1;
    /* -j and --shard (parallel/): the run's plan of tasks (the subtrees
       searched apart, the same for the same problem and settings), ntasks
       of them, its fingerprint plan, and done[i] nonzero for each task
       finished whole; then level is 0, and fig, maxl hold the sums over
       the tasks done (the top of the tree above them is walked again).
       ntasks 0: a walk's position (at the root, a run from the start). */
    size_t ntasks;
    ullng plan;
    const unsigned char *done;
    /* SSXCC's tree (cells/): the walk from a node depends on the order of
       its sets as well as on the path, so that goes with it: the nitems
       items (numbered from 1) in the order of the active set, each item's
       options (nsets nodes in all, the items as read) in the order of its
       set, and the deepest save stack (its bytes figure); 0 and NULL for
       the other trees. */
    int nitems, nsets;
    const int *items, *sets;
    ullng maxsave;
    /* not NULL: why this position cannot be written down (the run goes on or stops as
       the flag says, from the last one written) */
    const char *unwritable;
} xcc_position;

typedef struct xcc_sink {
    xcc_on_solution solution;  /* NULL: only count */
    ullng every;               /* hand out only solutions whose number it divides (m<n>); 0: all */
    void (*progress)(void *ctx, const xcc_progress *pr);  /* NULL: no reports */
    void *ctx;
    FILE *trace;               /* the links' tracing (v2, v4) */
    FILE *shape;               /* S<file>, or NULL */
    /* --zdd: each node as it is made, then the root; nonzero stops the search */
    int (*zdd)(void *ctx, const xcc_zdd_line *z);
    /*
     * Nonzero: solutions may be handed on in batches, some time after
     * they were found (-j, parallel/parallel.c), so that a stop it asks for
     * comes that much late; for a callback that asks to stop only when it
     * fails, as a report whose output is gone.
     */
    int batched;
    /*
     * The walks of DLX2's tree (links, twin) that see the interrupt flag
     * set call this first, at a node (NULL: they stop): it may write the
     * position down (a checkpoint) and clear the flag. Nonzero: stop.
     */
    int (*checkpoint)(void *ctx, const xcc_position *pos);
} xcc_sink;

/* A limit of the settings (t<n>, T<n>) as walks compare it: XCC_UNLIMITED is past every count. */
static inline xcc_u128 xcc_limit(ullng n)
{
    return n == XCC_UNLIMITED ? ~(xcc_u128)0 : n;
}

/* Solution number n, of size options chosen along path, as handed out. */
static inline xcc_solution xcc_solution_at(xcc_u128 n, int size, const xcc_choice *path, ullng cost)
{
    return (xcc_solution){(ullng)n, size, path, cost, (ullng)(n >> 64)};
}

/* Whether solution number n is handed out. */
static inline int xcc_sink_wants(const xcc_sink *k, xcc_u128 n)
{
    return k->solution && (k->every <= 1 || n % k->every == 0);
}

/* Whether none of solutions count+1 .. count+n is one the sink lists:
   then a memo may add a subtree of n solutions without walking it. */
static inline int xcc_sink_skips(const xcc_sink *k, xcc_u128 count, xcc_u128 n)
{
    if (!k->solution || n == 0)
        return 1;
    return k->every > 1 && count / k->every == (count + n) / k->every;
}

/* Knuth's estimate of the share of the tree done, from the path. */
double xcc_path_fraction(const xcc_choice *path, int levels);

#endif
