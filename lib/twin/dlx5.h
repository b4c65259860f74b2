/*
 * twin/dlx5.h — the inside of DLX5's twin (twin/dlx5.c, which says how
 * it works): the tables every twin of a problem shares, its ops and its
 * state. twin/dlx5_make.c builds them; twin/dlx5.c walks.
 */
#ifndef COST_TWIN_H
#define COST_TWIN_H

#include "tree/dlx5_steps.h"
#include "bits/bits.h" /* BITS_HOT */

#define INLINE static inline __attribute__((always_inline))
#define TWIN_MAX_BYTES (256.0 * 1024 * 1024)

/* What never changes while searching: shared by the threads' twins. */
typedef struct twin_tables {
    int n, words;          /* options (ranks 0 .. n-1), words of a bit set */
    int last_itm, second;
    int *rank_opt;         /* rank -> option */
    int *opt_rank;         /* option -> rank */
    ullng *cost;           /* net cost by rank, nondecreasing */
    ullng *bits;           /* item k's options: words k*words .. */
    int *ent;              /* the entries (items) of every rank, in node order */
    unsigned short *ent16; /* the same, when items fit in 16 bits (for the cache), or NULL */
    int *color;            /* and their colors */
    struct rank_at {       /* per rank, side by side for hiding: */
        int at;            /* its entries: ent[at .. the next rank's at - 1] */
        int hfull;         /* 2 + the sum over its entries of 4 or 6 */
    } *ra;
    /*
     * For purifying without looking for entries: each colored item's
     * options of each of its colors, as bit sets, the colors of item k
     * being hue[hue_at[k] .. hue_at[k+1]-1] and their sets hue_bits from
     * words * that index on. NULL when they would take too much room.
     */
    int *hue_at, *hue;
    ullng *hue_bits;
} twin_tables;

/* A cover or a purification, for its undoing: its hidden and cleansed ranks on the stacks. */
typedef struct twin_op {
    int item, covered;     /* a cover, or a purification */
    int h0, nh;            /* hidden[h0 .. h0+nh-1] */
    int c0, nc;            /* cleansed[c0 .. c0+nc-1] */
    ullng mems;            /* what it cost, and what its undoing costs */
    int t0;                /* the trail of first[] when it was made */
} twin_op;

struct cost_twin {
    twin_tables *tb;
    int owns;              /* tb is this twin's */
    ullng *live;           /* L */
    int *len;              /* per item: options in its list (covered items: frozen) */
    int *first;            /* per item: no live option below this rank */
    /*
     * first[k] moves up only when first_live finds it, and the old value
     * goes on the trail; undoing an op puts back what was found after it,
     * so unhiding an option never has to look at first[].
     */
    struct trail { int item, first; } *trail;
    int ntrail, trail_cap;
    int *cleansed;         /* per rank */
    char *purified;        /* per item */
    xcc_item *cl;          /* the active lists */
    int *hidden, *cleans;  /* stacks of ranks */
    int nhidden, ncleans;
    twin_op *ops;
    int nops, ops_cap;
    int *branch_op;        /* per level: the op of the branch item's cover */
    int *level_rank;       /* per level: the rank chosen */
    int levels_cap;
    /*
     * With few items (snap_items of them, else 0): per level, len before
     * the branch item's cover (row 2l) and before the option's commit
     * (row 2l+1). Undoing them copies a row back instead of raising the
     * length of every item of every option unhidden, which was a third of
     * the time on the pentominoes.
     */
    int *snap;
    int snap_items;
};

/* Items up to which the lengths are kept in rows (snap): a row is copied per undo. */
#define TWIN_SNAP_ITEMS 256

/* ---- the twin's calls (twin/dlx5.c walks, twin/dlx5_make.c makes) ---------- */

cost_twin *xcc_cost_twin_new(const cost_walk *w, const cost_twin *from);
void xcc_cost_twin_delete(cost_twin *tw);
const char *xcc_cost_twin_refuses(const xcc_problem *p, const xcc_settings *st);
double xcc_cost_twin_bytes(const xcc_problem *p);
xcc_status xcc_cost_twin_search(cost_walk *w);
int xcc_cost_twin_replay(cost_walk *w, const int *path, int depth);
void xcc_cost_twin_unreplay(cost_walk *w);
void xcc_cost_twin_measure(cost_walk *w, int levels, ullng cutoff, int from_choice);
int xcc_cost_twin_len(const cost_walk *w, int k);


#endif
