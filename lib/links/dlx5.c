/*
 * links/dlx5.c — DLX5's search for the minimum-cost solutions (tree/dlx5.h
 * has the method), on the sorted links of tree/dlx5_lists.c.
 *
 * The tree is fixed by DLX5's rules. The branch item: of the active
 * primary items, the one with the fewest usable options (net cost below
 * the cutoff less the cost so far), counted down its sorted list but not
 * past h<n> of them (then its whole length stands in); on ties the
 * leftmost of those whose cheapest option is dearest; an item without a
 * usable option gives up the node. Its options are tried from the top
 * while they stay usable. Covering and purifying hide only the options
 * below the threshold of the moment (the cutoff less the net cost with
 * the option chosen), and the same thresholds undo them. Unpurifying
 * goes down the list as purifying does, and every walk round an option
 * goes right.
 *
 * Counting. Mems, updates, cleansings and nodes are DLX5's, charged as
 * he charges them, in a local tally the compiler can keep in registers.
 * The lengths of secondary items are not kept (DLX5 does not).
 */
#include "tree/dlx5_steps.h"
#include "links/links.h"
#include "engine.h"
#include "base/alloc.h"
#include "base/sanity.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define INLINE static inline __attribute__((always_inline))

/* ---- covering, with thresholds ---------------------------------------------- */

/*
 * Takes option rr out of every list but its own item's, going right from
 * rr and round through the spacer, or puts it back (links/links.h): DLX5
 * keeps the lengths of primary items only.
 */
INLINE void hide(xcc_node *nd, int rr, int second, struct tally *t)
{
    xcc_links_option(nd, rr, 0, 1, second, XCC_LENS_PRIMARY, NULL, &t->mems, &t->updates, NULL);
}

INLINE void unhide(xcc_node *nd, int rr, int second, struct tally *t)
{
    xcc_links_option(nd, rr, 1, 1, second, XCC_LENS_PRIMARY, NULL, &t->mems, &t->updates, NULL);
}

INLINE void cover(cost_links *lk, int c, ullng thresh, struct tally *t)
{
    xcc_node *nd = lk->nd;
    xcc_links_deactivate(lk->cl, c, &t->mems);
    t->mems++; /* the top of its list */
    t->updates++;
    for (int rr = nd[c].down; rr >= lk->last_itm; rr = nd[rr].down) {
        t->mems++;
        if (lk->cost[rr] >= thresh)
            break;
        hide(nd, rr, lk->second, t);
        t->mems++;
    }
}

INLINE void uncover(cost_links *lk, int c, ullng thresh, struct tally *t)
{
    xcc_node *nd = lk->nd;
    t->mems++;
    for (int rr = nd[c].down; rr >= lk->last_itm; rr = nd[rr].down) {
        t->mems++;
        if (lk->cost[rr] >= thresh)
            break;
        unhide(nd, rr, lk->second, t);
        t->mems++;
    }
    xcc_links_reactivate(lk->cl, c, &t->mems);
}

/*
 * Node p of the chosen option gives its secondary item the color x: the
 * options below the threshold with another color are hidden, those with
 * color x marked cleansed (-1).
 */
INLINE void purify(cost_links *lk, int p, ullng thresh, struct tally *t)
{
    xcc_node *nd = lk->nd;
    int cc = nd[p].itm, x = nd[p].color;
    nd[cc].aux = x; /* for printing cleansed nodes; DLX5 charges no mem */
    t->mems += 2;
    t->cleansings++;
    for (int rr = nd[cc].down; rr >= lk->last_itm; rr = nd[rr].down) {
        t->mems += 2;
        if (lk->cost[rr] >= thresh) {
            t->mems--;
            break;
        }
        if (nd[rr].color != x)
            hide(nd, rr, lk->second, t);
        else if (rr != p)
            t->cleansings++, t->mems++, nd[rr].color = -1;
        t->mems++;
    }
}

INLINE void unpurify(cost_links *lk, int p, ullng thresh, struct tally *t)
{
    xcc_node *nd = lk->nd;
    int cc = nd[p].itm, x = nd[p].color;
    t->mems += 2;
    for (int rr = nd[cc].down; rr >= lk->last_itm; rr = nd[rr].down) {
        t->mems += 2;
        if (lk->cost[rr] >= thresh) {
            t->mems--;
            break;
        }
        if (nd[rr].color < 0)
            t->mems++, nd[rr].color = x;
        else if (rr != p)
            unhide(nd, rr, lk->second, t);
        t->mems++;
    }
}

/* Covers or purifies the items of option cur after the one branched on, left to right. */
INLINE void commit(cost_links *lk, int cur, ullng thresh, struct tally *t)
{
    xcc_node *nd = lk->nd;
    for (int pp = cur + 1; pp != cur;) {
        int cc = nd[pp].itm;
        t->mems++;
        if (cc <= 0) {
            pp = nd[pp].up, t->mems++;
            continue;
        }
        if (!nd[pp].color)
            cover(lk, cc, thresh, t);
        else if (nd[pp].color > 0)
            purify(lk, pp, thresh, t);
        pp++;
    }
}

/* Undoes commit, right to left. */
INLINE void uncommit(cost_links *lk, int cur, ullng thresh, struct tally *t)
{
    xcc_node *nd = lk->nd;
    for (int pp = cur - 1; pp != cur;) {
        int cc = nd[pp].itm;
        t->mems++;
        if (cc <= 0) {
            pp = nd[pp].down, t->mems++;
            continue;
        }
        if (!nd[pp].color)
            uncover(lk, cc, thresh, t);
        else if (nd[pp].color > 0)
            unpurify(lk, pp, thresh, t);
        pp--;
    }
}

/* ---- choosing the branch item --------------------------------------------- */

/*
 * The branch item by DLX5's rule (see the top); *usable gets the number
 * of its usable options, 0 when the node must be given up. With explain
 * (v4) it says on the trace what it looks at, as DLX5 does.
 */
INLINE int choose(cost_walk *w, int explain, int *usable, struct tally *t)
{
    const cost_links *lk = &w->lk;
    const xcc_node *nd = lk->nd;
    const ullng *cost = lk->cost;
    const int last_itm = lk->last_itm, lenthresh = w->lenthresh;
    ullng room = w->cutoff - w->curcost, dearest = 0;
    xcc_u128 mems = t->mems + 1;
    int best = 0, least = INT_MAX, s;
    if (explain)
        xcc_cost_explain_start(w);
    for (int k = lk->cl[0].next; k != 0; k = lk->cl[k].next, mems++) {
        int p = nd[k].down;
        ullng mincost = cost[p];
        mems += 2;
        if (p == k || mincost >= room) {
            mems -= p == k;
            if (explain)
                xcc_cost_explain(w, k, p == k ? "(0)" : "(0$%llu)", mincost, 0);
            least = 0, best = k;
            break;
        }
        for (s = 1, p = nd[p].down, mems++;; p = nd[p].down, s++, mems++) {
            if (p < last_itm || (mems++, cost[p] >= room)) {
                if (explain)
                    xcc_cost_explain(w, k, "(%llu$%llu)", (ullng)s, mincost);
                break;
            }
            if (s == least) {
                if (explain)
                    xcc_cost_explain(w, k, "(>%llu)", (ullng)least, 0);
                goto no_change;
            }
            if (s >= lenthresh) {
                s = nd[k].len, mems++;
                if (explain)
                    xcc_cost_explain(w, k, "(%llu?$%llu)", (ullng)s, mincost);
                break;
            }
        }
        if (s < least || (s == least && mincost > dearest))
            least = s, best = k, dearest = mincost;
    no_change:;
    }
    if (explain)
        xcc_cost_explain_end(w, best, least);
    t->mems = mems;
    *usable = least;
    return best;
}

static __attribute__((noinline)) int choose_explained(cost_walk *w, int *usable, struct tally *t)
{
    return choose(w, 1, usable, t);
}

static int explaining(const cost_walk *w)
{
    const xcc_tree *s = &w->t;
    return (s->vbose & XCC_SHOW_DETAILS) && s->level < s->show_choices_max
           && s->level >= s->maxl - s->show_choices_gap;
}

/* ---- replaying a path ------------------------------------------------------ */

static void links_unreplay(cost_walk *w);

static int links_replay(cost_walk *w, const int *path, int depth)
{
    cost_links *lk = &w->lk;
    struct tally scratch = {0, 0, 0};
    ullng cur = 0;
    if (xcc_cost_reserve(w, depth + 1))
        return -1;
    for (int l = 0; l < depth; l++) {
        int c = path[l], item = lk->nd[c].itm;
        ullng next = cur + lk->cost[c];
        if (next >= w->cutoff && !w->given0) {
            w->t.base_level = l;
            links_unreplay(w);
            return 1;
        }
        w->partcost[l] = cur;
        w->thresh0[l] = w->given0 ? w->given0[l] : w->cutoff - (cur + lk->cost[lk->nd[item].down]);
        w->thresh[l] = w->given0 ? w->given1[l] : w->cutoff - next;
        cover(lk, item, w->thresh0[l], &scratch);
        commit(lk, c, w->thresh[l], &scratch);
        w->t.choice[l] = c;
        cur = next;
    }
    xcc_cost_replayed(w, depth, cur);
    return 0;
}

static void links_unreplay(cost_walk *w)
{
    cost_links *lk = &w->lk;
    struct tally scratch = {0, 0, 0};
    for (int l = w->t.base_level - 1; l >= 0; l--) {
        int c = w->t.choice[l];
        uncommit(lk, c, w->thresh[l], &scratch);
        uncover(lk, lk->nd[c].itm, w->thresh0[l], &scratch);
    }
    w->t.base_level = 0;
    w->curcost = 0;
}

/* The links' part of xcc_cost_position_fits, on a walk just made. */
static const char *links_fits(cost_walk *w, const xcc_position *pos)
{
    cost_links *lk = &w->lk;
    const xcc_node *nd = lk->nd;
    const char *why = NULL;
    struct tally scratch = {0, 0, 0};
    if (xcc_cost_reserve(w, pos->level + 1))
        return "out of memory";
    int l = 0;
    for (; l < pos->level; l++) {
        int c = pos->choice[l], item = c >= lk->last_itm && c < lk->last_node ? nd[c].itm : 0;
        int x = 0, active = 0;
        if (item > 0 && item < lk->second) {
            for (int k = lk->cl[0].next; k && !active; k = lk->cl[k].next)
                active = k == item;
            for (x = nd[item].down; active && x != item && x != c; x = nd[x].down)
                ;
        }
        if (!active || x != c) {
            why = "an option it took is not one the search tries there";
            break;
        }
        w->thresh0[l] = pos->thresh0[l], w->thresh[l] = pos->thresh1[l];
        cover(lk, item, w->thresh0[l], &scratch);
        commit(lk, c, w->thresh[l], &scratch);
        w->t.choice[l] = c;
    }
    w->t.base_level = l;
    links_unreplay(w);
    return why;
}

const char *xcc_cost_position_fits(xcc_problem *p, const xcc_settings *st,
                                   const xcc_position *pos)
{
    cost_walk w;
    const char *why = NULL;
    if (pos->level < 0 || pos->maxl < pos->level || pos->maxl > p->second)
        return "its levels do not fit the problem";
    if (xcc_cost_walk_init(&w, p, st, NULL, &xcc_cost_links_method)) {
        xcc_cost_walk_free(&w);
        return "out of memory";
    }
    if (pos->nbest != w.own.k || (pos->level && (!pos->thresh0 || !pos->thresh1)))
        why = "its best costs are not as many as k<n> asks";
    for (int h = 1; !why && h < pos->nbest; h++)
        if (pos->best[h] > pos->best[(h - 1) / 2])
            why = "its best costs are not a heap";
    if (!why)
        why = links_fits(&w, pos);
    xcc_cost_walk_free(&w);
    return why;
}

/* ---- the search ------------------------------------------------------------ */

#define SAVE_TALLY() \
    (s->fig.mems = t.mems, s->fig.updates = t.updates, s->fig.cleansings = t.cleansings)

#ifdef XCC_SANITY
/*
 * DLX5's lists at a node: every active primary item's list doubly
 * linked, its nodes its own, sorted by net cost, as long as its len says.
 */
static void links_sanity(const cost_walk *w)
{
    const cost_links *lk = &w->lk;
    const xcc_node *nd = lk->nd;
    for (int k = lk->cl[0].next; k; k = lk->cl[k].next) {
        int n = 0;
        if (lk->cl[lk->cl[k].prev].next != k || lk->cl[lk->cl[k].next].prev != k)
            xcc_insane("cost-links", w->t.fig.nodes, "item %d is not linked into the active list", k);
        for (int q = nd[k].down; q != k && n <= nd[k].len; q = nd[q].down, n++) {
            if (q < lk->last_itm || q >= lk->last_node || nd[q].itm != k)
                xcc_insane("cost-links", w->t.fig.nodes, "node %d in the list of item %d", q, k);
            if (nd[nd[q].down].up != q)
                xcc_insane("cost-links", w->t.fig.nodes, "node %d: its down's up is not it", q);
            if (nd[q].down != k && lk->cost[nd[q].down] < lk->cost[q])
                xcc_insane("cost-links", w->t.fig.nodes, "item %d's list is not sorted at node %d", k, q);
        }
        if (n != nd[k].len)
            xcc_insane("cost-links", w->t.fig.nodes, "item %d has %d nodes, its len says %d", k, n,
                       nd[k].len);
    }
}
#endif

/*
 * The branch item of a node (choose), or -1 when the node is given up:
 * z<n> and Z<chars> bound its cost past the cutoff, or an item has no
 * usable option.
 */
INLINE int branch_item(cost_walk *w, int details, struct tally *t)
{
    int usable, best;
    if ((w->zgiven || *w->zchars) && xcc_cost_too_dear(w, details && explaining(w), &t->mems))
        return -1;
    best = details && explaining(w) ? choose_explained(w, &usable, t) : choose(w, 0, &usable, t);
    if (w->t.sink->shape)
        xcc_cost_shape(w, best, usable);
    return usable ? best : -1;
}

/* A level branching on best begins: best covered below its threshold; its first option. */
INLINE int begin_level(cost_walk *w, int best, struct tally *t)
{
    xcc_tree *s = &w->t;
    cost_links *lk = &w->lk;
    int cur = s->choice[s->level] = lk->nd[best].down;
    w->partcost[s->level] = w->curcost;
    w->nextcost = w->curcost + lk->cost[cur];
    w->thresh0[s->level] = w->cutoff - w->nextcost;
    t->mems += 5;
    cover(lk, best, w->thresh0[s->level], t);
    return cur;
}

/* Option cur is chosen: traced (v2), its other items covered or purified below its threshold. */
INLINE void take(cost_walk *w, int cur, int tracing, struct tally *t)
{
    xcc_tree *s = &w->t;
    if (tracing && s->level < s->show_choices_max)
        xcc_cost_trace_choice(w, cur);
    w->thresh[s->level] = w->cutoff - w->nextcost;
    t->mems++;
    commit(&w->lk, cur, w->thresh[s->level], t);
    t->mems++;
}

/* Down to the next level, making room for it: XCC_OK, or XCC_NO_MEMORY (still here). */
INLINE xcc_status next_level(cost_walk *w)
{
    xcc_tree *s = &w->t;
    if (++s->level > s->maxl) {
        if (xcc_cost_reserve(w, s->level + 1)) {
            s->level--;
            return XCC_NO_MEMORY;
        }
        s->maxl = s->level;
    }
    w->curcost = w->nextcost;
    return XCC_OK;
}

/*
 * DLX5's search loop, its steps labelled as in Algorithm C: forward (a
 * new node), advance (try the option cur), backup (the branch item is
 * done), backdown (up a level), recover (take back the option cur).
 */
static xcc_status links_search(cost_walk *w)
{
    xcc_tree *s = &w->t;
    cost_links *lk = &w->lk;
    xcc_node *nd = lk->nd;
    struct tally t = {s->fig.mems, s->fig.updates, s->fig.cleansings};
    xcc_status status = XCC_OK;
    int best = 0, cur = 0, stop;
    int tracing = (s->vbose & XCC_SHOW_CHOICES) != 0;
    int details = (s->vbose & XCC_SHOW_DETAILS) != 0;

    if (!w->resumed)
        s->level = s->base_level;
    w->resumed = 0;
    s->fig.stop = XCC_COMPLETE;
forward:
    switch (xcc_cost_enter(w, &t)) {
    case 1:
        goto backdown;
    case -1:
        goto done;
    }
#ifdef XCC_SANITY
    if (xcc_sanity_due(s->fig.nodes, (ullng)lk->last_node))
        links_sanity(w);
#endif
    if ((best = branch_item(w, details, &t)) < 0)
        goto backdown;
    cur = begin_level(w, best, &t);
advance:
    take(w, cur, tracing, &t);
    if (lk->cl[0].next == 0)
        goto solution;
    if ((status = next_level(w)) != XCC_OK)
        goto done;
    goto forward;
backup:
    t.mems++;
    uncover(lk, best, w->thresh0[s->level], &t);
backdown:
    if (s->level == s->base_level)
        goto done;
    s->level--;
    cur = s->choice[s->level];
    best = nd[cur].itm;
    w->curcost = w->partcost[s->level];
    t.mems += 3;
recover:
    t.mems++;
    uncommit(lk, cur, w->thresh[s->level], &t);
    cur = s->choice[s->level] = nd[cur].down;
    t.mems += 2;
    if (cur == best)
        goto backup;
    w->nextcost = w->curcost + lk->cost[cur];
    t.mems++;
    xcc_cost_refresh_cutoff(w);
    if (w->nextcost >= w->cutoff)
        goto backup;
    goto advance;
solution:
    SAVE_TALLY();
    if ((stop = xcc_cost_solution(w, &t.mems)) < 0)
        status = XCC_NO_MEMORY;
    if (stop)
        goto done;
    goto recover;
done:
    SAVE_TALLY();
    return status;
}

/* ---- the method and its engine ---------------------------------------------------- */

const cost_method xcc_cost_links_method = {
    "cost-links", links_search, links_replay, links_unreplay, NULL, NULL, NULL, NULL,
};

static xcc_status links_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                              xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_cost_solve(p, st, sink, fig, &xcc_cost_links_method, NULL);
}

const xcc_engine xcc_cost_links_engine = {"cost-links", xcc_cost_refuses, links_solve, NULL};
