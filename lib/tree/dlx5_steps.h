/*
 * tree/dlx5_steps.h — what both methods of DLX5's tree (links/dlx5.c,
 * twin/dlx5.c) do at a node, inline, since they do it at every node.
 */
#ifndef XCC_COST_STEPS_H
#define XCC_COST_STEPS_H

#include "tree/dlx5.h"

/* What a walk counts as it goes, in registers; into t.fig now and then. */
struct tally {
    xcc_u128 mems, updates, cleansings; /* exact, as the figures (base/num.h) */
};

#define COST_INLINE static inline __attribute__((always_inline))

/* The cutoff, as the threads have made it if they share one. */
COST_INLINE void xcc_cost_refresh_cutoff(cost_walk *w)
{
    if (w->shared_cutoff) {
        ullng c = atomic_load_explicit(w->shared_cutoff, memory_order_relaxed);
        if (c < w->cutoff)
            w->cutoff = c;
    }
}

/*
 * Entering a node, as both walks do it: the split (another part of the
 * program searches the subtree), the count and profile of nodes, the
 * stops (a signal, another thread, T<n>), the progress report, the
 * threads' cutoff. 0: search the node; 1: pass it by; -1: stop (fig.stop
 * says why).
 */
COST_INLINE int xcc_cost_enter(cost_walk *w, const struct tally *t)
{
    xcc_tree *s = &w->t;
    if (s->level == s->split_depth && s->split_depth) {
        if (s->on_split && s->on_split(s, s->split_ctx)) {
            s->fig.stop = XCC_STOP_CALLBACK;
            return -1;
        }
        return 1;
    }
    s->fig.nodes++;
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt)) {
        /* a checkpoint with the k best and the levels' thresholds, then on if it says so */
        s->fig.mems = t->mems, s->fig.updates = t->updates, s->fig.cleansings = t->cleansings;
        if ((s->halt && *s->halt) || w->shared_cutoff
            || xcc_tree_checkpoint_costs(s, w->best->k, w->best->heap, w->thresh0, w->thresh)) {
            s->fig.stop = XCC_STOP_INTERRUPT;
            return -1;
        }
    }
    if (s->delta && t->mems >= s->thresh) {
        s->thresh += s->delta;
        s->fig.mems = t->mems, s->fig.updates = t->updates, s->fig.cleansings = t->cleansings;
        xcc_cost_progress(w);
    }
    if (t->mems >= s->timeout) {
        s->fig.stop = XCC_STOP_MEMS;
        return -1;
    }
    xcc_cost_refresh_cutoff(w);
    /*
     * Another thread's solutions may have brought the cutoff down to this
     * node's cost: nothing under it can do better, and the room below,
     * the cutoff less the cost, would wrap round and make usable the
     * options too dear to be hidden when their items were covered. (A
     * walk alone never gets here: its cutoff stays above the cost of the
     * nodes it enters.)
     */
    return w->shared_cutoff && w->cutoff <= w->curcost;
}

#endif
