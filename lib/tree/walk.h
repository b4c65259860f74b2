/*
 * tree/walk.h — a walk of a search tree: what the engines that walk DLX2's
 * tree (the links, links/dlx2.c, and the twin, twin/dlx2.c), DLX3's and
 * DLX5's walks built on it, and the parallel driver that splits a tree
 * among them (parallel/) share.
 *
 * A walk is set up from the settings and the sink (xcc_tree_init), which
 * it copies into the limits below so that the parallel driver can change
 * them per walk (its workers count without limit and report no progress;
 * the enumerator stops at the split). Its figures are counted in fig,
 * its state is the path of choices.
 */
#ifndef XCC_WALK_H
#define XCC_WALK_H

#include <signal.h>
#include <stdatomic.h>
#include "problem/problem.h"
#include "knobs.h"
#include "sink.h"

/* What on_split says of a node (see split_depth). */
enum { XCC_SPLIT_HERE, XCC_SPLIT_STOP, XCC_SPLIT_DEEPER };

typedef struct xcc_tree xcc_tree;

/* What a tree adds to a walk: see xcc_tree.ext. */
typedef struct xcc_tree_ext {
    ullng (*bytes)(const xcc_tree *t);  /* the figure "bytes" of the tree's structures */
    void (*release)(xcc_tree *t);       /* frees t->ext_state */
} xcc_tree_ext;

struct xcc_tree {
    xcc_problem *p;
    const xcc_sink *sink;
    /* what this walk is asked, from the settings and dlx2's knobs */
    int vbose;             /* XCC_SHOW_* bits that concern the search */
    int show_choices_max, show_choices_gap;
    xcc_u128 maxcount;     /* t<n>; no limit: all ones (past every count) */
    xcc_u128 timeout;      /* T<n>; the same */
    xcc_u128 delta, thresh; /* d<n>: a progress report every delta mems */
    int loose;             /* xcc_dlx2.loose_delta: thresh is delta past the last report */
    xcc_gb_rng *rng;           /* s<n>: random tie-breaking, or NULL */
    int len_index;         /* xcc_dlx2.len_index */
    atomic_int *interrupt; /* polled once per node, or NULL */
    const atomic_int *halt; /* a second flag, set by other threads (-j) */
    xcc_accept_fn accept;  /* pruning hooks (the links only) */
    xcc_retract_fn retract;
    void *hook_ctx;
    /*
     * Splitting the tree (parallel/parallel.c). With split_depth > 0, at a
     * node of level split_from (at least 1) to split_depth, on_split is
     * called with choice[0..level-1] naming the path to it, and says
     * XCC_SPLIT_HERE: the node is not searched, and the walk goes on as
     * if its subtree were empty; XCC_SPLIT_DEEPER: the node is searched
     * (taken as HERE at split_depth); XCC_SPLIT_STOP: the walk stops.
     * With base_level > 0, choice[0..base_level-1] have been made already
     * (xcc_replay, or the twin's own replay) and the walk explores only
     * the subtree below them.
     */
    int split_depth, split_from, base_level;
    int (*on_split)(xcc_tree *t, void *ctx);
    void *split_ctx;
    double fraction_done;  /* >= 0: what progress reports give as the share done */
    /* the path: choice[0..level] are the nodes chosen at each level */
    int level, maxl;
    int *choice;
    ullng *profile;        /* nodes per level, when XCC_SHOW_PROFILE */
    xcc_choice *path;      /* the same as records, for the sink; the twin keeps k and d here */
    int levels_cap;
    /* what another tree's walk adds to this one, installed by its search
       (DLX3's, tree/dlx3.c): how to measure and free it, and its state;
       NULL for DLX2's tree */
    const struct xcc_tree_ext *ext;
    void *ext_state;
    const xcc_position *resume; /* xcc_dlx2.resume: where the walk goes on from, or NULL */
    /* last, the walks' other fields in the first cache lines */
    xcc_figs fig;          /* solutions, nodes, updates, cleansings, mems, lmems, cmems */
};

/* A walk of p with the settings of st (NULL: the defaults) for sink. */
xcc_status xcc_tree_init(xcc_tree *t, xcc_problem *p, const xcc_settings *st,
                         const xcc_sink *sink);
void xcc_tree_free(xcc_tree *t);

/* Makes room for levels 0 .. need in choice[], profile[] and path[]. */
xcc_status xcc_tree_reserve(xcc_tree *t, int need);

/* Fills path[0 .. levels-1] from choice[]; k and d from the links unless known. */
void xcc_tree_path(xcc_tree *t, int levels, int known);

/*
 * Hands solution number fig.solutions, choice[0 .. level], of the given
 * total cost (0 without costs) to the sink; nonzero when it asks to
 * stop. known: path[].k and .d are filled in already (the twin); else
 * they are read off the live links.
 */
int xcc_tree_solution(xcc_tree *t, int known, ullng cost);

/* A progress report of the path choice[0 .. level-1] to the sink. */
void xcc_tree_progress(xcc_tree *t, int known);

/* The same for a search of costs: cutoff is the k-th best total so far
   (XCC_COST_INFINITY: none yet). */
void xcc_tree_progress_costs(xcc_tree *t, int known, ullng cutoff);

/*
 * At the entry of a node of DLX2's tree (counted already, fig up to
 * date, choice[0 .. level-1] its path) when the interrupt flag is set:
 * hands the position to the sink's checkpoint (sink.h), as if the node
 * were not yet counted. Nonzero: the walk stops (also without a sink's
 * checkpoint).
 */
int xcc_tree_checkpoint(xcc_tree *t);

/* The same with DLX5's state (sink.h: xcc_position's nbest, best, thresh0, thresh1). */
int xcc_tree_checkpoint_costs(xcc_tree *t, int nbest, const ullng *best, const ullng *thresh0,
                              const ullng *thresh1);

/*
 * The figures, deepest level, profile and d<n> mark of t->resume into
 * the walk (its path is the engine's to make again).
 */
xcc_status xcc_tree_resume(xcc_tree *t);

/* The figures of a finished walk into fig: counts, bytes, levels, profile. */
void xcc_tree_figures(xcc_tree *t, xcc_figs *fig);

/* Bytes of the main data structures: by DLX2's formula, or the tree's (ext). */
ullng xcc_tree_bytes(const xcc_tree *t);


/* The mark of the next report by delta, once a report is made. */
static inline void xcc_tree_next_report(xcc_tree *t)
{
    t->thresh = t->loose ? t->fig.mems + t->delta : t->thresh + t->delta;
}

#endif
