/*
 * links/links.h — the steps of dancing links that the walks of DLX2, DLX3
 * and DLX5 (links/dlx2.c, links/dlx3.c, links/dlx5.c) take alike: an
 * option leaves the lists of its other nodes and comes back, an item
 * leaves the active list and comes back; and DLX2's and DLX3's walks
 * begin a node, choose among tied items, meet a solution and stop the
 * same way. Each counts mems as the three programs do, one per access
 * to a word (a node's up/down or itm/color pair, an item's prev/next
 * pair); where they differ (purifying, covering with bounds or with
 * thresholds) each file keeps its own steps. Inline, so that a walk's
 * counters stay in registers and what a walk does not keep (lengths,
 * the length index, lmems) costs it nothing.
 */
#ifndef XCC_LINKS_H
#define XCC_LINKS_H

#include "base/alloc.h"
#include "base/sanity.h"
#include "links/lenidx.h"
#include "problem/print.h"
#include "tree/walk.h"

#define XCC_LINKS_INLINE static inline __attribute__((always_inline))

/* The lengths a walk keeps: every item's (DLX2, DLX3), or the primary items' (DLX5). */
enum { XCC_LENS_ALL, XCC_LENS_PRIMARY };

/*
 * The option of node rr leaves (restore 0) or rejoins (restore 1) the
 * lists of its other nodes, going right from rr (dir 1) or left (-1) and
 * round through the spacer. A cleansed node (color -1) stays where it
 * is: its item is purified to that color, and no one looks at its list
 * until it is unpurified. Mems: 1 per node looked at, 1 more for its
 * links unless it is cleansed, 2 to unlink or relink it, 2 for its
 * item's length when the walk keeps it (lens); updates: 1 per node
 * unlinked; *lmems (when not NULL) the 2 spent on a secondary item's
 * length; the length index ix (or NULL) follows the primary items'.
 */
XCC_LINKS_INLINE void xcc_links_option(xcc_node *nd, int rr, int restore, int dir, int second,
                                       int lens, xcc_lenidx *ix, xcc_u128 *mems, xcc_u128 *updates,
                                       xcc_u128 *lmems)
{
    for (int nn = rr + dir; nn != rr;) {
        ++*mems;
        if (nd[nn].color >= 0) {
            int uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            ++*mems;
            if (cc <= 0) {
                nn = dir > 0 ? uu : dd;
                continue;
            }
            if (restore) {
                nd[uu].down = nn;
                nd[dd].up = nn;
            } else {
                nd[uu].down = dd;
                nd[dd].up = uu;
                ++*updates;
            }
            *mems += 2;
            if (cc < second || lens == XCC_LENS_ALL) {
                int d = restore ? 1 : -1;
                nd[cc].len += d;
                *mems += 2;
                if (cc >= second) {
                    if (lmems)
                        *lmems += 2;
                } else if (ix) {
                    xcc_len_move(ix, cc, nd[cc].len - d, nd[cc].len);
                }
            }
        }
        nn += dir;
    }
}

/* Item c leaves the active list: 3 mems (its prev/next, a link on each side). */
XCC_LINKS_INLINE void xcc_links_deactivate(xcc_item *cl, int c, xcc_u128 *mems)
{
    int l = cl[c].prev, r = cl[c].next;
    cl[l].next = r;
    cl[r].prev = l;
    *mems += 3;
}

/* Item c rejoins the active list where it was: 3 mems. */
XCC_LINKS_INLINE void xcc_links_reactivate(xcc_item *cl, int c, xcc_u128 *mems)
{
    int l = cl[c].prev, r = cl[c].next;
    cl[l].next = c;
    cl[r].prev = c;
    *mems += 3;
}

/* What DLX2's and DLX3's walks count, in registers; into fig now and then.
   128 bits, as fig's: a walk that goes on from figures past 2^64 (the
   parallel driver's, which add up its workers') keeps them exact. */
typedef struct xcc_tally {
    xcc_u128 mems, lmems, updates, cleansings;
} xcc_tally;

XCC_LINKS_INLINE xcc_tally xcc_tally_load(const xcc_figs *fig)
{
    return (xcc_tally){fig->mems, fig->lmems, fig->updates, fig->cleansings};
}

XCC_LINKS_INLINE void xcc_tally_save(xcc_figs *fig, const xcc_tally *t)
{
    fig->mems = t->mems, fig->lmems = t->lmems, fig->updates = t->updates;
    fig->cleansings = t->cleansings;
}

#ifdef XCC_SANITY
/* DLX2's sanity() for every walk by links (links/sanity.c) */
void xcc_links_sanity(const xcc_tree *s, const char *engine);
#endif

/*
 * A node of DLX2's or DLX3's walk (mcc: the progress line's kind)
 * begins: it is counted, in the profile too, checked under XCC_SANITY,
 * and a progress report made every d<n> mems. XCC_COMPLETE: search it;
 * else why to stop (a signal or another thread, T<n>).
 */
XCC_LINKS_INLINE xcc_stop xcc_links_enter(xcc_tree *s, const xcc_tally *t, const char *engine,
                                          int mcc)
{
    s->fig.nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(s->fig.nodes, (ullng)s->p->last_node))
        xcc_links_sanity(s, engine);
#else
    (void)engine;
#endif
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt)) {
        /* a checkpoint (DLX2's and DLX3's trees), then on if it says so */
        if (s->halt && *s->halt)
            return XCC_STOP_INTERRUPT;
        xcc_tally_save(&s->fig, t);
        if (xcc_tree_checkpoint(s))
            return XCC_STOP_INTERRUPT;
    }
    if (s->delta && t->mems >= s->thresh) {
        s->thresh += s->delta;
        xcc_tally_save(&s->fig, t);
        xcc_tree_progress(s, mcc);
    }
    if (t->mems >= s->timeout)
        return XCC_STOP_MEMS;
    return XCC_COMPLETE;
}

/*
 * Keeps the length of every item's list where a walk stopped early, for
 * the "Item totals" printed after it (XCC_SHOW_TOTS), before the walk
 * takes its levels back; without memory the totals show the lengths as
 * read.
 */
static inline void xcc_links_keep_lengths(xcc_problem *p)
{
    free(p->stop_len);
    int *len = malloc((size_t)p->last_itm * sizeof(int));
    if (len)
        for (int k = 1; k < p->last_itm; k++)
            len[k] = p->nd[k].len;
    p->stop_len = len;
}

/* ---- choosing the branch item, as DLX2 and DLX3 do ------------------------ */

/*
 * Item k ties with the best so far, the ties-th to do so: with a random
 * generator (s<n>) it takes the place by reservoir sampling, so that
 * each tied item is chosen alike (4 mems a draw).
 */
XCC_LINKS_INLINE void xcc_links_tie(const xcc_tree *s, int k, int ties, int *best, xcc_u128 *mems)
{
    if (s->rng) {
        *mems += 4;
        if (!xcc_gb_rng_unif(s->rng, ties))
            *best = k;
    }
}

/* The end of the trace of a choice (v4): " branching on A(3)". */
static inline void xcc_links_trace_branch(FILE *tf, const xcc_problem *p, int best, int score)
{
    fputs(" branching on ", tf);
    xcc_print_name(tf, p, best);
    fprintf(tf, "(%d)\n", score);
}

/* The line of the shape file (S<file>) for a node branching on best: "3 A". */
static inline void xcc_links_shape(FILE *sf, const xcc_problem *p, int best, int score)
{
    fprintf(sf, "%d ", score);
    xcc_print_name(sf, p, best);
    fputc('\n', sf);
    fflush(sf);
}

/*
 * The engines of DLX2's and DLX3's links (links/dlx2.c): why they refuse
 * st (they walk the whole tree in one thread), and a solve that makes
 * the tree, walks it with walk and frees it.
 */
const char *xcc_links_refuses(const xcc_problem *p, const xcc_settings *st);
xcc_status xcc_links_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                           xcc_figs *fig, xcc_status (*walk)(xcc_tree *t));

/*
 * A solution of DLX2's or DLX3's walk, choice[0 .. level] (mcc: DLX3's
 * walk has gone down a level more): on the shape file (S<file>), counted
 * and handed out, the tally t into the figures first. XCC_COMPLETE to
 * go on, else why the walk stops.
 */
static inline xcc_stop xcc_links_solution(xcc_tree *s, xcc_tally t, int mcc)
{
    if (s->sink->shape) {
        fputs("sol\n", s->sink->shape);
        fflush(s->sink->shape);
    }
    s->fig.solutions++;
    if (s->sink->solution) {
        xcc_tally_save(&s->fig, &t);
        s->level -= mcc;
        int stop = xcc_tree_solution(s, mcc, 0);
        s->level += mcc;
        if (stop)
            return XCC_STOP_CALLBACK;
    }
    return s->fig.solutions >= s->maxcount ? XCC_STOP_COUNT : XCC_COMPLETE;
}

#endif
