/*
 * links/dlx3.c — DLX3's search (tree/dlx3.h) by dancing links, counting every
 * figure as DLX3 counts it.
 *
 * The steps, and what each costs in DLX3's model (a mem is one access to
 * a word: a node's up/down or itm/color, an item's prev/next or
 * bound/slack):
 *
 *   choose    1, plus 2 per active primary item (no scan stops early),
 *             plus 4 per random draw
 *   cover     3 to unlink the item (when it leaves the active list), 1
 *             per step down its list, and per option hidden: 1 per node
 *             looked at, 1 more for its links unless it is cleansed, 4
 *             for unlinking it and its item's length; uncover the same
 *   purify    as DLX2's, but a node of a hidden option costs 2 even when
 *             it is cleansed (DLX3 reads its item before its color)
 *   tweak     hiding one option: its own node too, so 6 per node not
 *             cleansed, 1 per cleansed node, 2 for the spacer; or, with
 *             the item covered already, 6 for its own node only
 *   untweak   2, then per option tweaked 1 to relink and 1 to step on,
 *             and what hiding it cost less 6 (its own node), then 3;
 *             with the item covered, the uncovering instead
 *
 * The search is a loop over labelled steps (forward, advance, backup,
 * backdown), like links/dlx2.c; levels grow with the search. The dance
 * where it is DLX2's (hiding an option, leaving the active list, the
 * start of a node) is links/links.h's.
 */
#include "tree/dlx3.h"
#include "links/links.h"
#include "engine.h"
#include "base/alloc.h"
#include "problem/print.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define INLINE static inline __attribute__((always_inline))

/* Room for levels 0 .. need in the tree's arrays and in tweak[]. */
static xcc_status reserve(xcc_tree *t, int need)
{
    struct mcc_walk *w = xcc_mcc_state(t);
    if (xcc_tree_reserve(t, need))
        return XCC_NO_MEMORY;
    if (need < w->levels)
        return XCC_OK;
    int cap = t->levels_cap;
    int *q = realloc(w->tweak, (size_t)cap * sizeof(int));
    if (!q)
        return XCC_NO_MEMORY;
    w->tweak = q;
    w->levels = cap;
    return XCC_OK;
}

/* ---- the dance ----------------------------------------------------------- */

/*
 * The option of node rr leaves the lists of its other nodes (cover's
 * way), or comes back. DLX3 keeps every list's length and no lmems, so
 * where the secondary items start (0 here) makes no difference.
 */
INLINE void hide(xcc_node *nd, int rr, xcc_tally *t)
{
    xcc_links_option(nd, rr, 0, 1, 0, XCC_LENS_ALL, NULL, &t->mems, &t->updates, NULL);
}

INLINE void unhide(xcc_node *nd, int rr, xcc_tally *t)
{
    xcc_links_option(nd, rr, 1, 1, 0, XCC_LENS_ALL, NULL, &t->mems, &t->updates, NULL);
}

/* Item c's options are hidden; with deact, c leaves the active list. */
INLINE void cover(xcc_item *cl, xcc_node *nd, int c, int deact, int last_itm, xcc_tally *t)
{
    if (deact)
        xcc_links_deactivate(cl, c, &t->mems);
    t->updates++;
    for (int rr = nd[c].down; t->mems++, rr >= last_itm; rr = nd[rr].down)
        hide(nd, rr, t);
}

INLINE void uncover(xcc_item *cl, xcc_node *nd, int c, int react, int last_itm, xcc_tally *t)
{
    for (int rr = nd[c].down; t->mems++, rr >= last_itm; rr = nd[rr].down)
        unhide(nd, rr, t);
    if (react)
        xcc_links_reactivate(cl, c, &t->mems);
}

/*
 * Node p of the chosen option gives secondary item cc its color x: the
 * options of cc with another color are hidden, those with x are marked
 * cleansed (-1). Here DLX3 reads a node's links and item before its
 * color, so a cleansed node costs 2.
 */
INLINE void purify(xcc_node *nd, int p, int last_itm, xcc_tally *t)
{
    int cc = nd[p].itm, x = nd[p].color;
    t->mems++;
    nd[cc].aux = x; /* for printing cleansed nodes; no mem */
    t->cleansings++;
    for (int rr = nd[cc].down; t->mems++, rr >= last_itm; rr = nd[rr].down) {
        t->mems++;
        if (nd[rr].color != x) {
            for (int nn = rr + 1; nn != rr;) {
                int uu = nd[nn].up, dd = nd[nn].down, c = nd[nn].itm;
                t->mems += 2;
                if (c <= 0) {
                    nn = uu;
                    continue;
                }
                if (nd[nn].color >= 0) {
                    nd[uu].down = dd;
                    nd[dd].up = uu;
                    nd[c].len--;
                    t->mems += 4;
                    t->updates++;
                }
                nn++;
            }
        } else if (rr != p) {
            nd[rr].color = -1;
            t->mems++;
            t->cleansings++;
        }
    }
}

INLINE void unpurify(xcc_node *nd, int p, int last_itm, xcc_tally *t)
{
    int cc = nd[p].itm, x = nd[p].color;
    t->mems++;
    for (int rr = nd[cc].up; t->mems++, rr >= last_itm; rr = nd[rr].up) {
        t->mems++;
        if (nd[rr].color < 0) {
            nd[rr].color = x;
            t->mems++;
        } else if (rr != p) {
            for (int nn = rr - 1; nn != rr;) {
                int uu = nd[nn].up, dd = nd[nn].down, c = nd[nn].itm;
                t->mems += 2;
                if (c <= 0) {
                    nn = dd;
                    continue;
                }
                if (nd[nn].color >= 0) {
                    nd[uu].down = nn;
                    nd[dd].up = nn;
                    nd[c].len++;
                    t->mems += 4;
                }
                nn--;
            }
        }
    }
}

/*
 * Takes the option of node n (the top of its item's list) out: with
 * block, out of every list; without (its item is covered, which hid the
 * option from the others already), out of its item's list only.
 */
INLINE void tweak(xcc_node *nd, int n, int block, xcc_tally *t)
{
    if (block)
        hide(nd, n, t);
    /* then n itself: its item is primary, so n is never cleansed */
    int uu = nd[n].up, dd = nd[n].down, cc = nd[n].itm;
    nd[uu].down = dd;
    nd[dd].up = uu;
    nd[cc].len--;
    t->mems += 6;
    t->updates++;
}

/*
 * Puts back the options of item c tweaked since x was its top: tweaked
 * nodes keep their down links, so the chain from x leads to the present
 * top, and fixing each one's up link (and c's down link) restores the
 * list; with unblock their other nodes go back too, else c is uncovered.
 */
INLINE void untweak(xcc_item *cl, xcc_node *nd, int c, int x, int unblock, int last_itm,
                    xcc_tally *t)
{
    int z = nd[c].down, k = 0, qq = c, rr;
    nd[c].down = x;
    t->mems += 2;
    for (rr = x; rr != z; qq = rr, rr = nd[rr].down, t->mems++) {
        nd[rr].up = qq;
        t->mems++;
        k++;
        if (unblock)
            unhide(nd, rr, t);
    }
    nd[rr].up = qq;
    nd[c].len += k;
    t->mems += 3;
    if (!unblock)
        uncover(cl, nd, c, 0, last_itm, t);
}

/* Covers or partly covers the other items of the option of node cur, left to right. */
INLINE void commit(xcc_item *cl, xcc_node *nd, mcc_cap *cap, int cur, int last_itm, int second,
                   xcc_tally *t)
{
    for (int pp = cur + 1; pp != cur;) {
        int cc = nd[pp].itm;
        t->mems++;
        if (cc <= 0) {
            pp = nd[pp].up;
            t->mems++;
            continue;
        }
        if (cc < second) {
            t->mems += 2;
            if (--cap[cc].bound == 0)
                cover(cl, nd, cc, 1, last_itm, t);
        } else if (!nd[pp].color) {
            cover(cl, nd, cc, 1, last_itm, t);
        } else if (nd[pp].color > 0) {
            purify(nd, pp, last_itm, t);
        }
        pp++;
    }
}

/* Undoes commit, right to left. */
INLINE void uncommit(xcc_item *cl, xcc_node *nd, mcc_cap *cap, int cur, int last_itm,
                     int second, xcc_tally *t)
{
    for (int pp = cur - 1; pp != cur;) {
        int cc = nd[pp].itm;
        t->mems++;
        if (cc <= 0) {
            pp = nd[pp].down;
            t->mems++;
            continue;
        }
        if (cc < second) {
            t->mems += 2;
            if (cap[cc].bound == 0)
                uncover(cl, nd, cc, 1, last_itm, t);
            cap[cc].bound++;
        } else if (!nd[pp].color) {
            uncover(cl, nd, cc, 1, last_itm, t);
        } else if (nd[pp].color > 0) {
            unpurify(nd, pp, last_itm, t);
        }
        pp--;
    }
}

/* ---- the steps of a level, shared by the walk and by replaying ---------- */

static int covering(mcc_cap c)
{
    return c.bound == 0 && c.slack == 0;
}

/*
 * The start of a level branching on x: its bound goes down by one, and
 * it is covered when that leaves nothing to choose freely (or when its
 * bound is gone). Returns the first option to try (x's top), and sets
 * the level's first tweak.
 */
INLINE int level_start(xcc_tree *s, int x, xcc_tally *t)
{
    xcc_problem *p = s->p;
    mcc_cap *cap = xcc_mcc_state(s)->cap;
    int cur = p->nd[x].down;
    t->mems += 3;
    cap[x].bound--;
    xcc_mcc_state(s)->tweak[s->level] = 0;
    if (covering(cap[x])) {
        cover(p->cl, p->nd, x, 1, p->last_itm, t);
    } else {
        t->mems++;
        xcc_mcc_state(s)->tweak[s->level] = cur;
        if (cap[x].bound == 0)
            cover(p->cl, p->nd, x, 1, p->last_itm, t);
    }
    return cur;
}

/*
 * Whether cur (an option of x, or x itself: the null choice) may be
 * tried at this level; if so it is made: tweaked out of x's list, or,
 * for the null choice, x leaves the active list.
 */
INLINE int level_try(xcc_tree *s, int x, int cur, xcc_tally *t)
{
    xcc_problem *p = s->p;
    mcc_cap c = xcc_mcc_state(s)->cap[x];
    t->mems++;
    if (covering(c))
        return cur != x;
    t->mems += 2;
    if ((long long)p->nd[x].len <= (long long)c.bound - c.slack)
        return 0;
    if (cur != x)
        tweak(p->nd, cur, c.bound != 0, t);
    else if (c.bound != 0)
        xcc_links_deactivate(p->cl, x, &t->mems);
    return 1;
}

/* The end of a level: x's list and bound as they were before level_start. */
INLINE void level_end(xcc_tree *s, int x, xcc_tally *t)
{
    xcc_problem *p = s->p;
    mcc_cap *cap = xcc_mcc_state(s)->cap;
    t->mems++;
    if (covering(cap[x])) {
        uncover(p->cl, p->nd, x, 1, p->last_itm, t);
    } else {
        t->mems++;
        untweak(p->cl, p->nd, x, xcc_mcc_state(s)->tweak[s->level], cap[x].bound != 0, p->last_itm, t);
    }
    t->mems += 2;
    cap[x].bound++;
}

/* Takes back choice cur of the level (a null choice puts x back in the active list). */
INLINE void level_untry(xcc_tree *s, int cur, xcc_tally *t)
{
    xcc_problem *p = s->p;
    if (cur < p->last_itm)
        xcc_links_reactivate(p->cl, cur, &t->mems);
    else
        uncommit(p->cl, p->nd, xcc_mcc_state(s)->cap, cur, p->last_itm, p->second, t);
}

/* The item a choice branched on. */
static int item_of(const xcc_problem *p, int cur)
{
    return cur < p->last_itm ? cur : p->nd[cur].itm;
}

/* ---- choosing the branch item ------------------------------------------- */

static int tracing_details(const xcc_tree *s)
{
    return (s->vbose & XCC_SHOW_DETAILS) && s->level < s->show_choices_max
           && s->level >= s->maxl - s->show_choices_gap;
}

/* DLX3's rule (tree/dlx3.h); *score gets the branch item's score, MCC_INFINITY if none is active. */
INLINE int choose_item(xcc_tree *s, int *score, xcc_tally *t)
{
    const xcc_problem *p = s->p;
    const xcc_item *cl = p->cl;
    const xcc_node *nd = p->nd;
    const mcc_cap *cap = xcc_mcc_state(s)->cap;
    int best = 0, best_s = 0, best_l = 0, ties = 0, trace = tracing_details(s);
    long long least = MCC_INFINITY;
    xcc_u128 before = t->mems;
    FILE *tf = s->sink->trace;
    if (trace)
        fprintf(tf, "Level %d:", s->level);
    t->mems++;
    for (int k = cl[0].next; k != 0; k = cl[k].next) {
        mcc_cap c = cap[k];
        int sl = c.slack < c.bound ? c.slack : c.bound, len = nd[k].len;
        long long v = xcc_mcc_score(len, c);
        t->mems += 2;
        if (trace) {
            fputc(' ', tf);
            xcc_print_name(tf, p, k);
            if (c.bound != 1 || sl != 0)
                fprintf(tf, "(%d:%d,%lld)", c.bound - sl, c.bound, v);
            else
                fprintf(tf, "(%d)", len);
        }
        if (v > least)
            continue;
        if (v < least || sl < best_s || (sl == best_s && len > best_l)) {
            least = v, best = k, best_s = sl, best_l = len, ties = 1;
        } else if (sl == best_s && len == best_l) {
            xcc_links_tie(s, k, ++ties, &best, &t->mems);
        }
    }
    *score = least < -INT_MAX ? -INT_MAX : (int)least;
    if (trace) {
        if (least < MCC_INFINITY)
            xcc_links_trace_branch(tf, p, best, *score);
        else
            fputs(" solution\n", tf);
    }
    if (s->sink->shape && least < MCC_INFINITY)
        xcc_links_shape(s->sink->shape, p, best, *score >= 0 ? *score : 0);
    s->fig.cmems += t->mems - before;
    return best;
}

/* ---- printing ----------------------------------------------------------- */

void xcc_mcc_print_choice(FILE *f, const xcc_problem *p, int q, int k, int d)
{
    xcc_print_choice(f, p, q, k, d);
    fputc('\n', f);
}

/* ---- stopping, replaying ------------------------------------------------ */

/*
 * Takes back levels top .. base_level (their choices made), counting
 * nothing, so that the problem is as it was. With XCC_SHOW_TOTS the
 * lengths where the search stopped are kept first (DLX3 prints them
 * without undoing anything).
 */
static __attribute__((noinline)) void unwind(xcc_tree *s, int top)
{
    xcc_problem *p = s->p;
    xcc_tally scratch = {0, 0, 0, 0};
    if (s->vbose & XCC_SHOW_TOTS)
        xcc_links_keep_lengths(p);
    int stopped_at = s->level;
    for (int l = top; l >= s->base_level; l--) {
        int cur = s->choice[l], x = item_of(p, cur);
        mcc_cap c = xcc_mcc_state(s)->cap[x];
        s->level = l;
        level_untry(s, cur, &scratch);
        if (cur != x && c.bound == 0 && c.slack) /* its null choice would have put x back */
            xcc_links_reactivate(p->cl, x, &scratch.mems);
        level_end(s, x, &scratch);
    }
    s->level = stopped_at;
}

xcc_status xcc_mcc_replay(xcc_tree *s, const int *path, int depth)
{
    xcc_problem *p = s->p;
    xcc_tally scratch = {0, 0, 0, 0};
    if (xcc_mcc_walk_start(s) || reserve(s, depth + 1))
        return XCC_NO_MEMORY;
    for (int l = 0; l < depth; l++) {
        int q = path[l], x = item_of(p, q), k = 1;
        s->level = l;
        s->path[l].d = (int)xcc_mcc_score(p->nd[x].len, xcc_mcc_state(s)->cap[x]);
        int cur = level_start(s, x, &scratch);
        for (; cur != q; cur = p->nd[cur].down, k++) /* the tries before q, made and taken back */
            level_try(s, x, cur, &scratch);
        level_try(s, x, cur, &scratch);
        if (cur >= p->last_itm)
            commit(p->cl, p->nd, xcc_mcc_state(s)->cap, cur, p->last_itm, p->second, &scratch);
        s->choice[l] = q;
        s->path[l].k = k;
    }
    s->level = s->base_level = depth;
    if (s->maxl < depth)
        s->maxl = depth;
    return XCC_OK;
}

void xcc_mcc_unreplay(xcc_tree *s)
{
    int depth = s->base_level;
    s->base_level = 0;
    s->level = 0;
    if (depth) {
        ullng keep = s->vbose;
        s->vbose &= ~XCC_SHOW_TOTS;
        unwind(s, depth - 1);
        s->vbose = (int)keep;
    }
    s->level = 0;
}

/* The branch item by DLX3's rule without counting; its score in *score. */
static int plain_choice(const xcc_tree *s, int *score)
{
    const xcc_problem *p = s->p;
    int best = 0, best_s = 0, best_l = 0;
    long long least = MCC_INFINITY;
    for (int k = p->cl[0].next; k != 0; k = p->cl[k].next) {
        mcc_cap c = xcc_mcc_state(s)->cap[k];
        int sl = c.slack < c.bound ? c.slack : c.bound, len = p->nd[k].len;
        long long v = xcc_mcc_score(len, c);
        if (v < least || (v == least && (sl < best_s || (sl == best_s && len > best_l))))
            least = v, best = k, best_s = sl, best_l = len;
    }
    *score = least < 0 ? 0 : (int)least;
    return best;
}

double xcc_mcc_estimate_subtree(xcc_tree *s, int probes, xcc_gb_rng *rng)
{
    xcc_problem *p = s->p;
    xcc_tally scratch = {0, 0, 0, 0};
    int base = s->level = s->base_level;
    double total = 0.0;
    if (xcc_mcc_walk_start(s))
        return -1.0;
    for (int probe = 0; probe < probes && total >= 0; probe++) {
        double weight = 1.0, sum = 1.0;
        for (;;) {
            int d, x = plain_choice(s, &d);
            if (d == 0 || d == MCC_INFINITY || (s->interrupt && *s->interrupt))
                break;
            if (reserve(s, s->level + 1)) { /* every machine must make the same estimate */
                total = -1.0;
                break;
            }
            int cur = level_start(s, x, &scratch);
            for (long k = xcc_gb_rng_unif(rng, d); k; k--, cur = p->nd[cur].down)
                level_try(s, x, cur, &scratch);
            level_try(s, x, cur, &scratch);
            if (cur >= p->last_itm)
                commit(p->cl, p->nd, xcc_mcc_state(s)->cap, cur, p->last_itm, p->second, &scratch);
            s->choice[s->level++] = cur;
            weight *= d;
            sum += weight;
        }
        int top = s->level - 1;
        s->level = base;
        ullng keep = s->vbose;
        s->vbose &= ~XCC_SHOW_TOTS;
        unwind(s, top);
        s->vbose = (int)keep;
        s->level = base;
        if (total >= 0)
            total += sum;
    }
    return total < 0 ? -1.0 : probes ? total / probes : 1.0;
}

/* ---- the search ----------------------------------------------------------- */

/*
 * At split_depth another part of the program searches the subtree: 0 to
 * pass it by, 1 if the walk must stop.
 */
static int split_off(xcc_tree *s, const xcc_tally *t)
{
    xcc_tally_save(&s->fig, t);
    return s->on_split && s->on_split(s, s->split_ctx);
}

/* A level branching on best, of score options, begins: its first choice. */
INLINE int begin_level(xcc_tree *s, int best, int score, xcc_tally *t)
{
    s->path[s->level].d = score;
    s->path[s->level].k = 0;
    return s->choice[s->level] = level_start(s, best, t);
}

/* The choice cur was made: it is traced, its option committed, and the walk goes down. */
INLINE void take(xcc_tree *s, int cur, xcc_tally *t)
{
    xcc_problem *p = s->p;
    s->path[s->level].k++;
    if ((s->vbose & XCC_SHOW_CHOICES) && s->level < s->show_choices_max) {
        fprintf(s->sink->trace, "L%d:", s->level);
        xcc_mcc_print_choice(s->sink->trace, p, cur, s->path[s->level].k, s->path[s->level].d);
    }
    if (cur > p->last_itm)
        commit(p->cl, p->nd, xcc_mcc_state(s)->cap, cur, p->last_itm, p->second, t);
    if (++s->level > s->maxl)
        s->maxl = s->level;
}

/*
 * DLX3's walk, its steps as DLX2's: forward (a new node: choose its item
 * and start the level), advance (try the choice cur), backup (the level
 * is done), backdown (up a level, taking its choice back); solution, and
 * done.
 */
static xcc_status search(xcc_tree *s)
{
    xcc_node *nd = s->p->nd;
    const int last_itm = s->p->last_itm;
    xcc_tally t = xcc_tally_load(&s->fig);
    xcc_stop stop = XCC_COMPLETE;
    xcc_status status = XCC_OK;
    int best, cur, score;

forward:
    if (s->level == s->split_depth && s->split_depth) {
        if (split_off(s, &t)) {
            stop = XCC_STOP_CALLBACK;
            goto done;
        }
        goto backdown;
    }
    if (reserve(s, s->level + 1)) {
        status = XCC_NO_MEMORY;
        goto done;
    }
    if ((stop = xcc_links_enter(s, &t, "mcc-links", 1)) != XCC_COMPLETE)
        goto done;
    best = choose_item(s, &score, &t);
    if (score <= 0)
        goto backdown;
    if (score == MCC_INFINITY)
        goto solution;
    cur = begin_level(s, best, score, &t);
advance:
    if (!level_try(s, best, cur, &t))
        goto backup;
    take(s, cur, &t);
    goto forward;
backup:
    level_end(s, best, &t);
backdown:
    if (s->level == s->base_level)
        goto done;
    s->level--;
    cur = s->choice[s->level];
    best = item_of(s->p, cur);
    t.mems += 2;
    level_untry(s, cur, &t);
    if (cur < last_itm)
        goto backup;
    cur = s->choice[s->level] = nd[cur].down;
    t.mems += 2;
    goto advance;
solution:
    if ((stop = xcc_links_solution(s, t, 1)) != XCC_COMPLETE) /* path[].k and .d are kept */
        goto done;
    goto backdown;
done:
    xcc_tally_save(&s->fig, &t);
    s->fig.stop = stop;
    if (stop != XCC_COMPLETE || status != XCC_OK)
        unwind(s, s->level - 1);
    return status;
}

xcc_status xcc_mcc_links_walk(xcc_tree *s)
{
    xcc_problem *p = s->p;
    free(p->stop_len);
    p->stop_len = NULL;
    if (xcc_mcc_walk_start(s) || reserve(s, s->base_level + 1))
        return XCC_NO_MEMORY;
    s->level = s->base_level;
    if (s->resume) { /* a checkpoint's path, made again (xcc_mcc_position_fits checked it) */
        if (xcc_tree_resume(s) || xcc_mcc_replay(s, s->resume->choice, s->resume->level))
            return XCC_NO_MEMORY;
        s->base_level = 0, s->maxl = s->resume->maxl;
    }
    return search(s);
}

/*
 * Whether cur, the j-th choice of a level of x (j from 0; x itself, the
 * null choice, comes after the len options of x's list), is one that
 * level_try lets the walk take: a tweaked option leaves x's list, so the
 * j-th try sees len - j options.
 */
static int try_allowed(const xcc_tree *s, int x, int len, int j)
{
    mcc_cap c = xcc_mcc_state(s)->cap[x];
    c.bound--; /* as level_start leaves it */
    if (covering(c))
        return j < len;
    return (long long)len - j > (long long)c.bound - c.slack;
}

const char *xcc_mcc_position_fits(xcc_problem *p, const xcc_position *pos)
{
    xcc_tree r;
    const char *why = NULL, *astray = "an option it took is not one the search tries there";
    if (pos->level < 0 || pos->maxl < pos->level)
        return "its levels do not fit the problem";
    if (xcc_tree_init(&r, p, NULL, NULL) || xcc_mcc_walk_start(&r))
        return xcc_tree_free(&r), "out of memory";
    r.vbose = 0;
    /* a level takes at least one unit of some bound, or puts an item out of the active list */
    long long most = 0;
    for (int i = 1; i < p->second; i++)
        most += (long long)xcc_mcc_state(&r)->cap[i].bound + 1;
    if (pos->maxl > most)
        why = "its levels do not fit the problem";
    int l = 0;
    xcc_tally scratch = {0, 0, 0, 0};
    for (; !why && l < pos->level; l++) {
        int q = pos->choice[l], score, x = plain_choice(&r, &score), j = 0, cur;
        if (reserve(&r, l + 1)) {
            why = "out of memory";
            break;
        }
        if (score <= 0 || score == MCC_INFINITY || q <= 0 || q >= p->last_node
            || item_of(p, q) != x) {
            why = astray;
            break;
        }
        int len = p->nd[x].len;
        for (cur = p->nd[x].down; cur != q && cur != x; cur = p->nd[cur].down)
            j++;
        if (cur != q || !try_allowed(&r, x, len, j)) {
            why = astray;
            break;
        }
        for (int i = 0; i < j; i++) /* the tries before q: each was allowed */
            if (!try_allowed(&r, x, len, i))
                why = astray;
        if (why)
            break;
        r.level = l;
        cur = level_start(&r, x, &scratch);
        for (; cur != q; cur = p->nd[cur].down)
            level_try(&r, x, cur, &scratch);
        level_try(&r, x, cur, &scratch);
        if (cur >= p->last_itm)
            commit(p->cl, p->nd, xcc_mcc_state(&r)->cap, cur, p->last_itm, p->second, &scratch);
        r.choice[l] = q;
    }
    r.base_level = 0;
    r.level = l;
    unwind(&r, l - 1);
    xcc_tree_free(&r);
    return why;
}

/* ---- the engine ------------------------------------------------------------ */

const char *xcc_mcc_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p, (void)st;
    return NULL;
}

static const char *links_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const char *why = xcc_links_refuses(p, st);
    return why ? why : xcc_mcc_refuses(p, st);
}

static xcc_status links_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                              xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_links_solve(p, st, sink, fig, xcc_mcc_links_walk);
}

const xcc_engine xcc_mcc_links_engine = {"mcc-links", links_refuses, links_solve, NULL};
