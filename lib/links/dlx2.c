/*
 * links/dlx2.c — Algorithm C of TAOCP 7.2.2.1: exact cover with colors,
 * by dancing links, made to walk exactly DLX2's search tree.
 *
 * The tree is fixed by three rules, all DLX2's: branch on the active
 * primary item whose list is shortest, the leftmost on ties (or, with a
 * random generator, one of the tied items by reservoir sampling); try
 * its options from the top of its list down; and when an option is
 * chosen, cover its uncolored items and purify its colored ones, left to
 * right, undoing them right to left.
 *
 * The search is a loop over four labelled steps (forward, advance,
 * backup, recover) rather than recursion, so the depth of a solution is
 * limited by memory only: choice[] and profile[] grow as levels are
 * reached.
 *
 * Counting. Every figure of DLX2's closing line is kept as he keeps it:
 * one mem per access to a 64-bit word (a node's up/down pair, or its
 * itm/color pair; an item's prev/next pair), updates = options removed
 * from a list, cleansings = purifications plus options marked as
 * agreeing with the purified color, nodes = search-tree nodes including
 * solutions. lmems are the mems that would be saved by not keeping the
 * lengths of secondary lists, cmems those spent choosing the branch item.
 * formats/mems.md explains the model. The counters are local to the
 * search loop (an xcc_tally, links/links.h) so the compiler can hold them in
 * registers; they go back into the walk's figures when the loop returns
 * or calls out.
 */
#include "links/links.h"
#include "engine.h"
#include "tree/dlx2.h"
#include "base/alloc.h"
#include "problem/print.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define INLINE static inline __attribute__((always_inline))

/*
 * The length index (links/lenidx.h) is never made for fewer primary items
 * than this: the scan is cheap enough.
 */
#define LEN_INDEX_ITEMS 256

/*
 * Removes the other nodes of option rr from their item lists, going
 * right from rr (links/links.h); unhide puts them back the same way round,
 * unhide_leftward the other way, as unpurify does.
 */
INLINE void hide(xcc_node *nd, int rr, int second, xcc_lenidx *ix, xcc_tally *t)
{
    xcc_links_option(nd, rr, 0, 1, second, XCC_LENS_ALL, ix, &t->mems, &t->updates, &t->lmems);
}

INLINE void unhide(xcc_node *nd, int rr, int second, xcc_lenidx *ix, xcc_tally *t)
{
    xcc_links_option(nd, rr, 1, 1, second, XCC_LENS_ALL, ix, &t->mems, &t->updates, &t->lmems);
}

INLINE void unhide_leftward(xcc_node *nd, int rr, int second, xcc_lenidx *ix, xcc_tally *t)
{
    xcc_links_option(nd, rr, 1, -1, second, XCC_LENS_ALL, ix, &t->mems, &t->updates, &t->lmems);
}

/* Takes item c out of its active list and hides every option in it. */
INLINE void cover(xcc_item *cl, xcc_node *nd, int c, int last_itm, int second, xcc_lenidx *ix,
                  xcc_tally *t)
{
    xcc_links_deactivate(cl, c, &t->mems);
    t->updates++;
    if (ix && c < second)
        xcc_len_activate(ix, c, nd[c].len, -1);
    for (int rr = nd[c].down; t->mems++, rr >= last_itm; rr = nd[rr].down)
        hide(nd, rr, second, ix, t);
}

INLINE void uncover(xcc_item *cl, xcc_node *nd, int c, int last_itm, int second, xcc_lenidx *ix,
                    xcc_tally *t)
{
    for (int rr = nd[c].down; t->mems++, rr >= last_itm; rr = nd[rr].down)
        unhide(nd, rr, second, ix, t);
    xcc_links_reactivate(cl, c, &t->mems);
    if (ix && c < second)
        xcc_len_activate(ix, c, nd[c].len, +1);
}

/*
 * Node p of the chosen option gives item cc the color x: hide every
 * option of cc with another color, and mark those with color x as
 * cleansed (-1) so that a later option of the same color skips them.
 */
INLINE void purify(xcc_node *nd, int p, int last_itm, int second, xcc_lenidx *ix, xcc_tally *t)
{
    int cc = nd[p].itm, x = nd[p].color;
    t->mems++;
    nd[cc].aux = x; /* for printing cleansed nodes; DLX2 charges no mem */
    t->cleansings++;
    for (int rr = nd[cc].down; t->mems++, rr >= last_itm; rr = nd[rr].down) {
        t->mems++;
        if (nd[rr].color != x) {
            hide(nd, rr, second, ix, t);
        } else {
            nd[rr].color = -1;
            t->mems++;
            t->cleansings++;
        }
    }
}

INLINE void unpurify(xcc_node *nd, int p, int last_itm, int second, xcc_lenidx *ix,
                      xcc_tally *t)
{
    int cc = nd[p].itm, x = nd[p].color;
    t->mems++;
    for (int rr = nd[cc].up; t->mems++, rr >= last_itm; rr = nd[rr].up) {
        t->mems++;
        if (nd[rr].color < 0) {
            nd[rr].color = x;
            t->mems++;
        } else {
            unhide_leftward(nd, rr, second, ix, t);
        }
    }
}

/* Covers or purifies the items of option cur other than the branch item. */
INLINE void commit_option(xcc_item *cl, xcc_node *nd, int cur, int last_itm, int second,
                          xcc_lenidx *ix, xcc_tally *t)
{
    for (int pp = cur + 1; pp != cur;) {
        int cc = nd[pp].itm;
        t->mems++;
        if (cc <= 0) {
            pp = nd[pp].up;
            t->mems++;
        } else {
            if (!nd[pp].color)
                cover(cl, nd, cc, last_itm, second, ix, t);
            else if (nd[pp].color > 0)
                purify(nd, pp, last_itm, second, ix, t);
            pp++;
        }
    }
}

/* Undoes commit_option, right to left. */
INLINE void uncommit_option(xcc_item *cl, xcc_node *nd, int cur, int last_itm, int second,
                            xcc_lenidx *ix, xcc_tally *t)
{
    for (int pp = cur - 1; pp != cur;) {
        int cc = nd[pp].itm;
        t->mems++;
        if (cc <= 0) {
            pp = nd[pp].down;
            t->mems++;
        } else {
            if (!nd[pp].color)
                uncover(cl, nd, cc, last_itm, second, ix, t);
            else if (nd[pp].color > 0)
                unpurify(nd, pp, last_itm, second, ix, t);
            pp--;
        }
    }
}

/* ---- choosing the branch item ------------------------------------------ */

static int tracing_details(const xcc_tree *s)
{
    return (s->vbose & XCC_SHOW_DETAILS) && s->level < s->show_choices_max
           && s->level >= s->maxl - s->show_choices_gap;
}

/*
 * The active primary item with the fewest options; the leftmost on ties,
 * or a uniformly chosen one of the tied items when randomizing. A list of
 * length zero ends the scan at once: nothing can beat it. With the
 * length index (never when randomizing or tracing), the same item and
 * the same mems without the scan, when some item is short.
 */
INLINE int choose_item(xcc_tree *s, xcc_lenidx *ix, xcc_tally *t)
{
    const xcc_item *cl = s->p->cl;
    const xcc_node *nd = s->p->nd;
    int best = 0, ties = 0, trace = tracing_details(s);
    int least = INT_MAX;
    xcc_u128 before = t->mems;
    if (ix && ix->nonempty) {
        least = __builtin_ctz(ix->nonempty);
        best = xcc_len_first(ix, least);
        t->mems += 1 + 2 * (ullng)(least ? ix->active : xcc_len_rank(ix, best));
        goto chosen;
    }
    FILE *tf = s->sink->trace;
    if (trace)
        fprintf(tf, "Level %d:", s->level);
    t->mems++;
    for (int k = cl[0].next; least && k != 0; k = cl[k].next) {
        int n = nd[k].len;
        t->mems += 2;
        if (trace) {
            fputc(' ', tf);
            xcc_print_name(tf, s->p, k);
            fprintf(tf, "(%d)", n);
        }
        if (n < least) {
            best = k, least = n, ties = 1;
        } else if (n == least) {
            xcc_links_tie(s, k, ++ties, &best, &t->mems);
        }
    }
    if (trace)
        xcc_links_trace_branch(tf, s->p, best, least);
chosen:
    if (least > s->fig.maxdeg && least != INT_MAX) /* DLX1's v2048 */
        s->fig.maxdeg = least;
    if (s->sink->shape)
        xcc_links_shape(s->sink->shape, s->p, best, least);
    s->fig.cmems += t->mems - before;
    return best;
}

/* ---- replaying a path, estimating a subtree ------------------------------ */

xcc_status xcc_replay(xcc_tree *s, const int *path, int depth)
{
    xcc_problem *p = s->p;
    xcc_tally scratch = {0, 0, 0, 0};
    if (xcc_tree_reserve(s, depth + 1))
        return XCC_NO_MEMORY;
    for (int l = 0; l < depth; l++) {
        int c = path[l];
        cover(p->cl, p->nd, p->nd[c].itm, p->last_itm, p->second, NULL, &scratch);
        commit_option(p->cl, p->nd, c, p->last_itm, p->second, NULL, &scratch);
        s->choice[l] = c;
    }
    s->base_level = depth;
    if (s->maxl < depth)
        s->maxl = depth;
    return XCC_OK;
}

void xcc_unreplay(xcc_tree *s)
{
    xcc_problem *p = s->p;
    xcc_tally scratch = {0, 0, 0, 0};
    for (int l = s->base_level - 1; l >= 0; l--) {
        int c = s->choice[l];
        uncommit_option(p->cl, p->nd, c, p->last_itm, p->second, NULL, &scratch);
        uncover(p->cl, p->nd, p->nd[c].itm, p->last_itm, p->second, NULL, &scratch);
    }
    s->base_level = 0;
}

/*
 * The branch item by DLX2's rule, without counting or tracing; *scanned
 * gets the items looked at, as choose_item's scan charges them.
 */
static int plain_choice(const xcc_problem *p, int *scanned)
{
    int best = 0, least = INT_MAX, n = 0;
    for (int k = p->cl[0].next; least && k != 0; k = p->cl[k].next, n++)
        if (p->nd[k].len < least)
            best = k, least = p->nd[k].len;
    *scanned = n;
    return best;
}

int xcc_branch_item(const xcc_problem *p)
{
    int scanned;
    return plain_choice(p, &scanned);
}

const char *xcc_position_fits(xcc_problem *p, const xcc_position *pos)
{
    xcc_tally scratch = {0, 0, 0, 0};
    xcc_node *nd = p->nd;
    const char *why = NULL;
    int l = 0, scanned;
    if (pos->level < 0 || pos->maxl < pos->level || pos->maxl > p->second - 1)
        return "its levels do not fit the problem";
    for (; l < pos->level; l++) {
        int q = pos->choice[l], best = plain_choice(p, &scanned), x = best;
        if (q < p->last_itm || q >= p->last_node || nd[q].itm <= 0 || nd[q].itm != best) {
            why = "an option it took is not one the search tries there";
            break;
        }
        do
            x = nd[x].down;
        while (x != best && x != q);
        if (x != q) {
            why = "an option it took is not one the search tries there";
            break;
        }
        cover(p->cl, nd, best, p->last_itm, p->second, NULL, &scratch);
        commit_option(p->cl, nd, q, p->last_itm, p->second, NULL, &scratch);
    }
    while (l-- > 0) {
        int q = pos->choice[l];
        uncommit_option(p->cl, nd, q, p->last_itm, p->second, NULL, &scratch);
        uncover(p->cl, nd, nd[q].itm, p->last_itm, p->second, NULL, &scratch);
    }
    return why;
}

/* Room for n levels in pr's scratch; nonzero without memory. */
static int probe_room(xcc_probe *pr, int n)
{
    if (n <= pr->cap)
        return 0;
    int cap = pr->cap ? 2 * pr->cap : 64;
    int *q = realloc(pr->path, (size_t)cap * sizeof(int));
    if (q)
        pr->path = q;
    double *w = q ? realloc(pr->weight, (size_t)cap * sizeof(double)) : NULL;
    if (w)
        pr->weight = w;
    int *k = w ? realloc(pr->pick, (size_t)cap * sizeof(int)) : NULL;
    if (!k)
        return 1;
    pr->pick = k, pr->cap = cap;
    return 0;
}

void xcc_probe_free(xcc_probe *pr)
{
    free(pr->path), free(pr->weight), free(pr->pick);
    pr->path = NULL, pr->weight = NULL, pr->pick = NULL, pr->cap = 0;
}

/*
 * A node's figures go into the path's estimate times its weight (the
 * product of the degrees above it): its own updates (covering its item,
 * and the commit that led to it) and mems as search() charges them:
 * entering it, choosing its item (1 + 2 per item scanned), covering and
 * uncovering it, 2 more; for the option that led to it, the commit and
 * uncommit and 1 + 2 (+ 2 more when it is no solution, for going back
 * up to it). The walk's entry mems (progress, limits) are left out.
 */
int xcc_probe_path(xcc_tree *s, xcc_gb_rng *rng, xcc_probe *pr)
{
    xcc_problem *p = s->p;
    xcc_tally t = {0, 0, 0, 0};
    double weight = 1.0, sum = 1.0, updates = 0, mems = 0;
    int depth = 0, scanned, solved = 0, lost = 1;
    pr->solutions = 0;
    while (p->cl[0].next != 0 && !(s->interrupt && *s->interrupt)) {
        int best = plain_choice(p, &scanned), d = p->nd[best].len;
        xcc_u128 m0 = t.mems, u0 = t.updates;
        cover(p->cl, p->nd, best, p->last_itm, p->second, NULL, &t);
        mems += weight * (double)(1 + 2 * scanned + 2 + 2 * (t.mems - m0));
        updates += weight * (double)(t.updates - u0);
        if (d == 0 || probe_room(pr, depth + 1)) {
            uncover(p->cl, p->nd, best, p->last_itm, p->second, NULL, &t);
            if (d)
                goto no_memory;
            break;
        }
        int c = p->nd[best].down;
        long pick = xcc_gb_rng_unif(rng, d);
        for (long k = pick; k; k--)
            c = p->nd[c].down;
        m0 = t.mems, u0 = t.updates;
        commit_option(p->cl, p->nd, c, p->last_itm, p->second, NULL, &t);
        weight *= d;
        sum += weight;
        updates += weight * (double)(t.updates - u0);
        mems += weight * (double)(2 * (t.mems - m0) + 3);
        pr->path[depth] = c, pr->pick[depth] = (int)pick + 1, pr->weight[depth++] = weight;
    }
    solved = p->cl[0].next == 0;
    if (solved && depth)
        pr->solutions = weight;
    else if (solved) /* the root: no primary item at all */
        pr->solutions = 1;
    for (int l = 0; l + 1 < depth || (l < depth && !solved); l++)
        mems += pr->weight[l] * 2; /* back up to a node that was no solution */
    pr->nodes = sum, pr->updates = updates, pr->mems = mems;
    pr->depth = depth;
    lost = 0;
no_memory:
    while (depth > 0) {
        int c = pr->path[--depth];
        uncommit_option(p->cl, p->nd, c, p->last_itm, p->second, NULL, &t);
        uncover(p->cl, p->nd, p->nd[c].itm, p->last_itm, p->second, NULL, &t);
    }
    pr->spent = (double)t.mems;
    return lost; /* every machine must make the same estimate */
}

double xcc_estimate_subtree(xcc_tree *s, int probes, xcc_gb_rng *rng)
{
    xcc_probe pr = {0};
    double total = 0.0;
    for (int probe = 0; probe < probes; probe++) {
        if (xcc_probe_path(s, rng, &pr)) {
            xcc_probe_free(&pr);
            return -1.0;
        }
        total += pr.nodes;
    }
    xcc_probe_free(&pr);
    return probes ? total / probes : 1.0;
}

/*
 * A search that stops early (a limit, a signal, a callback) leaves levels
 * base_level .. top chosen. This takes them back, as backing up would but
 * counting nothing, so the problem is as it was before the search and
 * can be searched again. With XCC_SHOW_TOTS the lengths where the search
 * stopped are kept first, for the "Item totals" DLX2 prints after it
 * (xcc_print_item_totals). s->level is left where the search stopped.
 */
static __attribute__((noinline)) void unwind(xcc_tree *s, int top)
{
    xcc_problem *p = s->p;
    xcc_tally scratch = {0, 0, 0, 0};
    if (s->vbose & XCC_SHOW_TOTS)
        xcc_links_keep_lengths(p);
    int stopped_at = s->level;
    for (int l = top; l >= s->base_level; l--) {
        int c = s->choice[l];
        s->level = l;
        uncommit_option(p->cl, p->nd, c, p->last_itm, p->second, NULL, &scratch);
        if (s->retract)
            s->retract(s->hook_ctx, l, xcc_option_of(p, c));
        uncover(p->cl, p->nd, p->nd[c].itm, p->last_itm, p->second, NULL, &scratch);
    }
    s->level = stopped_at;
}

/* ---- the search ---------------------------------------------------------- */

/*
 * Whether this node's subtree is searched here: XCC_SPLIT_DEEPER if so,
 * XCC_SPLIT_HERE if another part of the program searches it (the
 * parallel driver's split), XCC_SPLIT_STOP if the walk must stop.
 */
INLINE int split_at(xcc_tree *s)
{
    if (!s->split_depth || s->level < s->split_from)
        return XCC_SPLIT_DEEPER;
    int split = s->on_split ? s->on_split(s, s->split_ctx) : XCC_SPLIT_HERE;
    return split == XCC_SPLIT_DEEPER && s->level == s->split_depth ? XCC_SPLIT_HERE : split;
}

/* The option cur, about to be tried, on the trace (v2). */
INLINE void trace_choice(const xcc_tree *s, int cur)
{
    if ((s->vbose & XCC_SHOW_CHOICES) && s->level < s->show_choices_max) {
        fprintf(s->sink->trace, "L%d:", s->level);
        xcc_print_option(s->sink->trace, s->p, cur);
    }
}

/* Down to the next level, making room for it: XCC_OK, or XCC_NO_MEMORY (still here). */
INLINE xcc_status next_level(xcc_tree *s)
{
    if (++s->level > s->maxl) {
        if (xcc_tree_reserve(s, s->level + 1)) {
            s->level--;
            return XCC_NO_MEMORY;
        }
        s->maxl = s->level;
    }
    return XCC_OK;
}

/*
 * Every primary item is covered: a solution, a node of the tree one
 * level down (xcc_links_solution). XCC_COMPLETE to go on, else why the
 * walk stops; *status gets XCC_NO_MEMORY if the levels cannot grow.
 */
static xcc_stop solution(xcc_tree *s, xcc_tally t, xcc_status *status)
{
    s->fig.nodes++;
    if (s->level + 1 > s->maxl) {
        if (xcc_tree_reserve(s, s->level + 2)) {
            *status = XCC_NO_MEMORY;
            return XCC_COMPLETE;
        }
        s->maxl = s->level + 1;
    }
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level + 1]++;
    return xcc_links_solution(s, t, 0);
}

/*
 * Algorithm C; ix is the length index, or NULL to scan (see xcc_lenidx).
 * When mems reach review, it sets *paused and returns at the top of a
 * node, to go on (resume) with or without the index. Why it ended goes
 * to s->fig.stop; it returns XCC_NO_MEMORY when the levels cannot grow.
 * Its steps are DLX2's: forward (a new node: choose its item and cover
 * it), advance (try option cur), backup (the item has no option left),
 * recover (take option cur back); solution, and done.
 */
INLINE xcc_status search(xcc_tree *s, xcc_lenidx *ix, int resume, xcc_u128 review, int *paused)
{
    xcc_problem *p = s->p;
    xcc_item *cl = p->cl;
    xcc_node *nd = p->nd;
    const int last_itm = p->last_itm, second = p->second;
    xcc_tally t = xcc_tally_load(&s->fig);
    xcc_stop stop = XCC_COMPLETE;
    xcc_status status = XCC_OK;
    int best, cur, split;
    int chosen = 0; /* the option of the current level is in (for unwind) */

    if (!resume)
        s->level = s->base_level;
forward:
    if (t.mems >= review) {
        xcc_tally_save(&s->fig, &t);
        *paused = 1;
        return XCC_OK;
    }
    if ((split = split_at(s)) == XCC_SPLIT_STOP) {
        stop = XCC_STOP_CALLBACK;
        goto done;
    }
    if (split == XCC_SPLIT_HERE)
        goto subtree_done;
    if ((stop = xcc_links_enter(s, &t, "links", 0)) != XCC_COMPLETE)
        goto done;
    best = choose_item(s, ix, &t);
    cover(cl, nd, best, last_itm, second, ix, &t);
    cur = s->choice[s->level] = nd[best].down;
    t.mems += 2;
advance:
    if (cur == best)
        goto backup;
    if (s->accept && !s->accept(s->hook_ctx, s->level, xcc_option_of(p, cur))) {
        cur = s->choice[s->level] = nd[cur].down;
        goto advance;
    }
    trace_choice(s, cur);
    commit_option(cl, nd, cur, last_itm, second, ix, &t);
    t.mems++;
    if (cl[0].next == 0)
        goto solution;
    if ((status = next_level(s)) != XCC_OK) {
        chosen = 1;
        goto done;
    }
    goto forward;
backup:
    uncover(cl, nd, best, last_itm, second, ix, &t);
    if (s->level == s->base_level)
        goto done;
subtree_done:
    s->level--;
    cur = s->choice[s->level];
    best = nd[cur].itm;
    t.mems += 2;
recover:
    uncommit_option(cl, nd, cur, last_itm, second, ix, &t);
    if (s->retract)
        s->retract(s->hook_ctx, s->level, xcc_option_of(p, cur));
    cur = s->choice[s->level] = nd[cur].down;
    t.mems += 2;
    goto advance;
solution:
    chosen = 1;
    stop = solution(s, t, &status);
    if (stop != XCC_COMPLETE || status != XCC_OK)
        goto done;
    chosen = 0;
    goto recover;
done:
    xcc_tally_save(&s->fig, &t);
    s->fig.stop = stop;
    if (stop != XCC_COMPLETE || status != XCC_OK)
        unwind(s, chosen ? s->level : s->level - 1);
    return status;
}

static __attribute__((noinline)) xcc_status search_scanning(xcc_tree *s, int resume,
                                                            xcc_u128 review, int *paused)
{
    return search(s, NULL, resume, review, paused);
}

static __attribute__((noinline)) xcc_status search_indexed(xcc_tree *s, xcc_lenidx *ix, int resume,
                                                           xcc_u128 review, int *paused)
{
    return search(s, ix, resume, review, paused);
}

/*
 * Scanning or the index (see xcc_lenidx)? Neither changes the tree or a
 * figure, only the time, so the search decides as it goes. Every stretch
 * of REVIEW_MEMS mems (or 16 per primary item, if more) it pauses at a
 * node and compares what DLX2's scan cost in that stretch, cmems (two
 * per item looked at), with what the index would cost: two moves per
 * node of a primary item hidden, that is the updates less a quarter of
 * lmems (four per node of a secondary item hidden and put back). A move
 * costs about as much as scanning six items (bench/NOTES.md), so the
 * index is made when cmems pass 12 times those hides, and dropped below
 * 8, so that the two do not alternate. With s->len_index set, the
 * caller decides.
 */
#define REVIEW_MEMS (1ULL << 24)
#define INDEX_ON 12
#define INDEX_OFF 8

xcc_status xcc_links_walk(xcc_tree *s)
{
    xcc_problem *p = s->p;
    free(p->stop_len);
    p->stop_len = NULL;
    int items = p->second - 1;
    int may = !s->rng && !(s->vbose & XCC_SHOW_DETAILS) && s->len_index >= 0
              && (items >= LEN_INDEX_ITEMS || s->len_index > 0);
    ullng stretch = REVIEW_MEMS > 16ULL * (ullng)items ? REVIEW_MEMS : 16ULL * (ullng)items;
    xcc_lenidx ix;
    int indexed = 0, paused = 0, resume = 0;
    if (s->resume) { /* a checkpoint's path, made again (xcc_position_fits checked it) */
        if (xcc_tree_resume(s) || xcc_replay(s, s->resume->choice, s->resume->level))
            return XCC_NO_MEMORY;
        s->base_level = 0, s->maxl = s->resume->maxl, resume = 1;
    }
    if (may && s->len_index > 0)
        indexed = !xcc_len_build(&ix, p); /* without memory, it scans */
    for (;;) {
        xcc_u128 cmems = s->fig.cmems, updates = s->fig.updates, lmems = s->fig.lmems;
        xcc_u128 review = may && !s->len_index ? s->fig.mems + stretch : ~(xcc_u128)0;
        xcc_status out = indexed ? search_indexed(s, &ix, resume, review, &paused)
                                 : search_scanning(s, resume, review, &paused);
        if (!paused) {
            if (indexed)
                xcc_len_free(&ix);
            return out;
        }
        paused = 0, resume = 1;
        cmems = s->fig.cmems - cmems;
        xcc_u128 hides = s->fig.updates - updates - (s->fig.lmems - lmems) / 4;
        if (!indexed && cmems > INDEX_ON * hides) {
            indexed = !xcc_len_build(&ix, p);
        } else if (indexed && cmems < INDEX_OFF * hides) {
            xcc_len_free(&ix);
            indexed = 0;
        }
    }
}

/* ---- the engine --------------------------------------------------------- */

const char *xcc_links_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p;
    if (st->threads > 1 || st->shards > 1)
        return "the dancing links search in one thread (-j and --shard take the parallel driver)";
    return NULL;
}

xcc_status xcc_links_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                           xcc_figs *fig, xcc_status (*walk)(xcc_tree *t))
{
    xcc_tree t;
    xcc_status status = xcc_tree_init(&t, p, st, sink);
    if (!status)
        status = walk(&t);
    xcc_tree_figures(&t, fig);
    xcc_tree_free(&t);
    return status;
}

static xcc_status links_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                              xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_links_solve(p, st, sink, fig, xcc_links_walk);
}

const xcc_engine xcc_links_engine = {"links", xcc_links_refuses, links_solve, NULL};
