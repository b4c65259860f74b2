/*
 * twin/dlx5.c — DLX5's tree walked with bit sets: the same nodes,
 * solutions and figures as the dancing links of links/dlx5.c (mems
 * included), without walking a list: an option hidden is a bit cleared
 * and a counter lowered per item, and a colored item is purified a word
 * of options at a time (hue_bits: its options of each color).
 *
 * Why it can. An option's net cost is the same in every list it is in,
 * and DLX5's sort leaves equal costs in input order, so every list is its
 * item's options in one global order, by (net cost, input order): their
 * ranks. (The set-up checks this on the sorted links, and refuses if it
 * fails.) So a list is a set of ranks, "cost below a threshold" is "rank
 * below R" (a binary search among the sorted costs), and the live
 * options, those no cover has hidden, are one bit set L. Hiding an option
 * clears its bit and lowers the length of its other items (a counter
 * each); DLX5 unlinks a node from a list for each, a few random writes.
 *
 * What DLX5's lists hold, in these terms. An active item's list is its
 * options in L. A covered item c keeps the options its cover hid (H, a
 * run of ranks on a stack) and those it did not: c's list is H and then
 * its options in L, and nothing changes it while c is covered, since
 * every option below it costs at least the threshold c was covered
 * with, which no deeper threshold exceeds. The option chosen is never
 * hidden by its own covers, for the same reason.
 *
 * Mems, updates and cleansings follow by formula. Hiding option o from
 * its entry e costs DLX5 2 mems for the spacer and, for each other entry,
 * 4 (6 if its item is primary) or 1 if the entry has been cleansed;
 * every entry but the cleansed is an update. An entry is cleansed
 * exactly when its item is purified and o is live: a live option with
 * another color would have been hidden by the purification. So each
 * option counts its cleansed entries (cleansed[]), set by purify. A
 * cover's or purification's mems are those of its undoing too.
 *
 * The twin stands aside for tracing (v2, v4) and for z<n> and Z<chars>,
 * which the links do, and when its tables would pass 256 MB.
 */
#include "twin/dlx5.h"
#include "base/alloc.h"
#include "base/sanity.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static xcc_status reserve_levels(cost_walk *w, cost_twin *tw, int need)
{
    if (xcc_cost_reserve(w, need))
        return XCC_NO_MEMORY;
    if (need < tw->levels_cap)
        return XCC_OK;
    int cap = w->t.levels_cap;
    int *a = realloc(tw->branch_op, (size_t)cap * sizeof(int));
    if (a)
        tw->branch_op = a;
    int *b = realloc(tw->level_rank, (size_t)cap * sizeof(int));
    if (b)
        tw->level_rank = b;
    if (!a || !b)
        return XCC_NO_MEMORY;
    if (tw->snap_items) {
        int *s = realloc(tw->snap, (size_t)cap * 2 * (size_t)tw->snap_items * sizeof(int));
        if (!s)
            return XCC_NO_MEMORY;
        tw->snap = s;
    }
    tw->levels_cap = cap;
    return XCC_OK;
}

static int push_op(cost_twin *tw)
{
    if (tw->nops == tw->ops_cap) {
        int cap = tw->ops_cap ? 2 * tw->ops_cap : 256;
        twin_op *o = realloc(tw->ops, (size_t)cap * sizeof(twin_op));
        if (!o)
            return -1;
        tw->ops = o;
        tw->ops_cap = cap;
    }
    return tw->nops++;
}

/* ---- hiding, by bits ------------------------------------------------------------ */

/* The number of ranks whose net cost is below thresh (a search without branches). */
INLINE int below(const twin_tables *tb, ullng thresh)
{
    const ullng *c = tb->cost;
    int base = 0, n = tb->n;
    while (n > 1) {
        int half = n / 2;
        base = c[base + half - 1] < thresh ? base + half : base;
        n -= half;
    }
    return base + (n == 1 && c[base] < thresh);
}

/*
 * Option r leaves every list but that of the item hiding it, its entry
 * there primary or not. The lengths of all its items go down, that
 * item's too: the caller gives it back once, for all the options it hid.
 */
INLINE void hide(cost_twin *tw, int r, int primary, struct tally *t)
{
    const twin_tables *tb = tw->tb;
    int a = tb->ra[r].at, b = tb->ra[r + 1].at, c = tw->cleansed[r];
    tw->live[r / 64] &= ~(1ULL << (r % 64));
    if (tb->ent16) /* the loop twice, one per table, each tight */
        for (int e = a; e < b; e++)
            tw->len[tb->ent16[e]]--;
    else
        for (int e = a; e < b; e++)
            tw->len[tb->ent[e]]--;
    t->mems += tb->ra[r].hfull - (primary ? 6 : 4) - 3 * (ullng)c;
    t->updates += (ullng)(b - a - 1 - c);
}

/* Undoes hide (the item that hid r is the caller's, again). */
INLINE void unhide(cost_twin *tw, int r)
{
    const twin_tables *tb = tw->tb;
    int a = tb->ra[r].at, b = tb->ra[r + 1].at;
    tw->live[r / 64] |= 1ULL << (r % 64);
    if (tb->ent16)
        for (int e = a; e < b; e++)
            tw->len[tb->ent16[e]]++;
    else
        for (int e = a; e < b; e++)
            tw->len[tb->ent[e]]++;
}

/* The entry of rank r that is item's. */
INLINE int entry_of(const twin_tables *tb, int r, int item)
{
    int e = tb->ra[r].at;
    while (tb->ent[e] != item)
        e++;
    return e;
}

/*
 * Covers item c with threshold thresh: its live options below it leave
 * the other lists. Returns the op (for the branch item's list).
 */
INLINE int cover(cost_twin *tw, int c, int lim, struct tally *t)
{
    const twin_tables *tb = tw->tb;
    int l = tw->cl[c].prev, rr = tw->cl[c].next;
    tw->cl[l].next = rr, tw->cl[rr].prev = l;
    t->updates++;
    int op = push_op(tw);
    if (op < 0)
        return -1;
    xcc_u128 mems = t->mems;
    t->mems += 4;
    int h0 = tw->nhidden, primary = c < tb->second;
    const ullng *bits = tb->bits + (size_t)c * (size_t)tb->words;
    /* its live options are len[c] (hiding them keeps it): none after the last */
    for (int i = tw->first[c] / 64, left = tw->len[c]; left && i * 64 < lim; i++) {
        ullng x = bits[i] & tw->live[i];
        if ((i + 1) * 64 > lim)
            x &= (1ULL << (lim % 64)) - 1;
        for (; x; x &= x - 1, left--) {
            int r = i * 64 + __builtin_ctzll(x);
            hide(tw, r, primary, t);
            tw->hidden[tw->nhidden++] = r;
            t->mems += 2;
        }
    }
    int nh = tw->nhidden - h0;
    tw->len[c] += nh; /* c keeps them */
    t->mems += tw->len[c] > nh; /* the option that ended the walk, too dear */
    tw->ops[op] = (twin_op){c, 1, h0, nh, tw->ncleans, 0, (ullng)(t->mems - mems), tw->ntrail};
    return op;
}

/*
 * The options of word i of y (ranks 64i ..) whose entry for item cc has
 * color x: from hue, the item's options of that color, or entry by entry.
 */
INLINE ullng same_color(const twin_tables *tb, const ullng *hue, int i, ullng y, int cc, int x)
{
    if (hue)
        return y & hue[i];
    ullng same = 0;
    for (ullng z = y; z; z &= z - 1)
        if (tb->color[entry_of(tb, i * 64 + __builtin_ctzll(z), cc)] == x)
            same |= z & (~z + 1);
    return same;
}

/*
 * Purifies item cc to color x for the option of rank p: below the
 * threshold, its live options with another color leave the other lists,
 * those with color x are cleansed. Both in rank order, a word at a time.
 */
INLINE int purify(cost_twin *tw, int cc, int x, int p, int lim, struct tally *t)
{
    const twin_tables *tb = tw->tb;
    int op = push_op(tw);
    if (op < 0)
        return -1;
    xcc_u128 mems = t->mems;
    int h0 = tw->nhidden, c0 = tw->ncleans, seen = 0;
    const ullng *bits = tb->bits + (size_t)cc * (size_t)tb->words;
    tw->purified[cc] = 1;
    t->mems += 2;
    t->cleansings++;
    const ullng *hue = NULL;
    if (tb->hue_bits) {
        int h = tb->hue_at[cc];
        while (tb->hue[h] != x)
            h++;
        hue = tb->hue_bits + (size_t)h * (size_t)tb->words;
    }
    for (int i = tw->first[cc] / 64; i * 64 < lim; i++) {
        ullng y = bits[i] & tw->live[i];
        if ((i + 1) * 64 > lim)
            y &= (1ULL << (lim % 64)) - 1;
        ullng same = same_color(tb, hue, i, y, cc, x);
        for (ullng z = y & ~same; z; z &= z - 1, seen++) {
            int r = i * 64 + __builtin_ctzll(z);
            t->mems += 3;
            hide(tw, r, 0, t);
            tw->hidden[tw->nhidden++] = r;
        }
        for (ullng z = same; z; z &= z - 1, seen++) {
            int r = i * 64 + __builtin_ctzll(z);
            t->mems += 3;
            if (r != p) {
                tw->cleansed[r]++;
                tw->cleans[tw->ncleans++] = r;
                t->cleansings++;
                t->mems++;
            }
        }
    }
    tw->len[cc] += tw->nhidden - h0; /* cc keeps them */
    t->mems += tw->len[cc] > seen;
    tw->ops[op] = (twin_op){cc, 0, h0, tw->nhidden - h0, c0, tw->ncleans - c0, (ullng)(t->mems - mems),
                            tw->ntrail};
    return op;
}

/*
 * Undoes the last op; its options' lengths too if with_len, else the
 * caller copies them back from a row of snap.
 */
INLINE void undo_op(cost_twin *tw, int with_len, struct tally *t)
{
    const twin_op *o = &tw->ops[--tw->nops];
    if (with_len) {
        for (int i = o->h0 + o->nh - 1; i >= o->h0; i--)
            unhide(tw, tw->hidden[i]);
        tw->len[o->item] -= o->nh;
    } else {
        for (int i = o->h0; i < o->h0 + o->nh; i++)
            tw->live[tw->hidden[i] / 64] |= 1ULL << (tw->hidden[i] % 64);
    }
    tw->nhidden = o->h0;
    while (tw->ntrail > o->t0) {
        const struct trail *x = &tw->trail[--tw->ntrail];
        tw->first[x->item] = x->first;
    }
    for (int i = o->c0; i < o->c0 + o->nc; i++)
        tw->cleansed[tw->cleans[i]]--;
    tw->ncleans = o->c0;
    if (o->covered) {
        int c = o->item, l = tw->cl[c].prev, r = tw->cl[c].next;
        tw->cl[l].next = tw->cl[r].prev = c;
    } else {
        tw->purified[o->item] = 0;
    }
    t->mems += o->mems;
}

INLINE void undo(cost_twin *tw, struct tally *t)
{
    undo_op(tw, 1, t);
}

/* Row k of snap: the lengths now, or (restore) back to them. */
INLINE void snap_len(cost_twin *tw, int k, int restore)
{
    int *row = tw->snap + (size_t)k * (size_t)tw->snap_items;
    if (restore)
        memcpy(tw->len, row, (size_t)tw->snap_items * sizeof(int));
    else
        memcpy(row, tw->len, (size_t)tw->snap_items * sizeof(int));
}

/* Covers or purifies the entries of rank r after entry own, round to it. */
INLINE int commit(cost_twin *tw, int r, int own, ullng thresh, struct tally *t)
{
    const twin_tables *tb = tw->tb;
    int a = tb->ra[r].at, b = tb->ra[r + 1].at, lim = below(tb, thresh);
    t->mems += (ullng)(b - a) + 1; /* each other node, and the spacer twice */
    for (int e = own + 1 == b ? a : own + 1; e != own; e = e + 1 == b ? a : e + 1) {
        int item = tb->ent[e], x = tb->color[e];
        if (!x) {
            if (cover(tw, item, lim, t) < 0)
                return -1;
        } else if (!tw->purified[item]) { /* else the entry is cleansed */
            if (purify(tw, item, x, r, lim, t) < 0)
                return -1;
        }
    }
    return 0;
}

/* Undoes commit: every op above mark, the last first; the lengths from row (l of snap), if any. */
INLINE void uncommit(cost_twin *tw, int r, int mark, int row, struct tally *t)
{
    const twin_tables *tb = tw->tb;
    t->mems += (ullng)(tb->ra[r + 1].at - tb->ra[r].at) + 1;
    while (tw->nops > mark)
        undo_op(tw, row < 0, t);
    if (row >= 0)
        snap_len(tw, row, 1);
}

/* ---- lists, by bits ----------------------------------------------------------- */

/* The first live option of active item k (it has one), remembered as a bound. */
INLINE int first_live(cost_twin *tw, int k)
{
    const twin_tables *tb = tw->tb;
    const ullng *bits = tb->bits + (size_t)k * (size_t)tb->words;
    int i = tw->first[k] / 64;
    ullng x;
    while (!(x = bits[i] & tw->live[i]))
        i++;
    int f = i * 64 + __builtin_ctzll(x);
    if (f != tw->first[k] && tw->nops) { /* (with no op, nothing is hidden: it stays) */
        if (tw->ntrail == tw->trail_cap) {
            int cap = tw->trail_cap ? 2 * tw->trail_cap : 1024;
            struct trail *q = realloc(tw->trail, (size_t)cap * sizeof *q);
            if (!q)
                return f; /* first[k] stays a bound, if a loose one */
            tw->trail = q, tw->trail_cap = cap;
        }
        tw->trail[tw->ntrail++] = (struct trail){k, tw->first[k]};
        tw->first[k] = f;
    }
    return f;
}

/* The next live option of item k after rank p and below rank lim, or -1. */
INLINE int next_live_below(const cost_twin *tw, int k, int p, int lim)
{
    const twin_tables *tb = tw->tb;
    const ullng *bits = tb->bits + (size_t)k * (size_t)tb->words;
    int i = ++p / 64;
    if (p >= lim)
        return -1;
    ullng x = bits[i] & tw->live[i] & (~0ULL << (p % 64));
    while (!x) {
        if (++i * 64 >= lim)
            return -1;
        x = bits[i] & tw->live[i];
    }
    int r = i * 64 + __builtin_ctzll(x);
    return r < lim ? r : -1;
}

/* The live options of item k in ranks lo .. hi-1. */
static int live_between(const cost_twin *tw, int k, int lo, int hi)
{
    const twin_tables *tb = tw->tb;
    const ullng *bits = tb->bits + (size_t)k * (size_t)tb->words;
    int n = 0;
    for (int i = lo / 64; i * 64 < hi; i++) {
        ullng x = bits[i] & tw->live[i];
        if (i == lo / 64)
            x &= ~0ULL << (lo % 64);
        if ((i + 1) * 64 > hi)
            x &= (1ULL << (hi % 64)) - 1;
        n += __builtin_popcountll(x);
    }
    return n;
}

/* The options of the list of level l's branch item in ranks lo .. hi-1: its cover's and the live. */
static int listed_between(const cost_twin *tw, int l, int lo, int hi)
{
    const twin_op *o = &tw->ops[tw->branch_op[l]];
    int n = lo < hi ? live_between(tw, o->item, lo, hi) : 0;
    for (int i = o->h0; i < o->h0 + o->nh; i++)
        n += tw->hidden[i] >= lo && tw->hidden[i] < hi;
    return n;
}

void xcc_cost_twin_measure(cost_walk *w, int levels, ullng cutoff, int from_choice)
{
    const cost_twin *tw = w->twin;
    for (int l = 0; l < levels; l++) {
        int r = tw->level_rank[l], lim = below(tw->tb, cutoff - w->partcost[l]);
        xcc_choice *c = &w->t.path[l];
        c->k = 1 + listed_between(tw, l, 0, r);
        c->d = from_choice ? c->k - 1 + listed_between(tw, l, r, lim) : listed_between(tw, l, 0, lim);
    }
}

int xcc_cost_twin_len(const cost_walk *w, int k)
{
    return w->twin->len[k];
}

/* ---- choosing the branch item ---------------------------------------------------- */

/*
 * The live options of item k in ranks f .. lim-1, counted until they
 * pass cap; f is its first, and it has len of them in all.
 */
INLINE int live_below(const cost_twin *tw, int k, int f, int lim, int cap, int len)
{
    const twin_tables *tb = tw->tb;
    const ullng *bits = tb->bits + (size_t)k * (size_t)tb->words;
    int i = f / 64, n = 0;
    ullng x = bits[i] & tw->live[i] & (~0ULL << (f % 64));
    for (;;) {
        if ((i + 1) * 64 > lim)
            x &= (1ULL << (lim % 64)) - 1;
        n += __builtin_popcountll(x); /* past cap, how far does not matter */
        if (n > cap)
            return n;
        if (++i * 64 >= lim || n == len)
            return n;
        x = bits[i] & tw->live[i];
    }
}

/*
 * As in links/dlx5.c, from the bits. There DLX5 walks down an item's
 * list while its options are usable, for at most as many as the best so
 * far or h<n>: here the usable are counted at once, and the walk's mems
 * follow (two per option passed, one for the look that stops it, one
 * more to read the length).
 */
INLINE int choose(cost_walk *w, cost_twin *tw, int *usable, struct tally *t)
{
    const twin_tables *tb = tw->tb;
    const int lenthresh = w->lenthresh > 1 ? w->lenthresh : 1;
    ullng room = w->cutoff - w->curcost, dearest = 0;
    xcc_u128 mems = t->mems + 1;
    int lim = below(tb, room), best = 0, least = INT_MAX;
    for (int k = tw->cl[0].next; k != 0; k = tw->cl[k].next, mems++) {
        int len = tw->len[k], s;
        mems++;
        if (!len) {
            least = 0, best = k;
            break;
        }
        int f = first_live(tw, k);
        ullng mincost = tb->cost[f];
        mems++;
        if (f >= lim) {
            least = 0, best = k;
            break;
        }
        int cap = least < lenthresh ? least : lenthresh;
        int u = live_below(tw, k, f, lim, cap, len);
        if (u <= cap) { /* the walk stops at the first unusable option */
            s = u;
            mems += 2 * (ullng)u - 1 + (u < len);
        } else if (least <= lenthresh) { /* more than the best so far */
            mems += 2 * (ullng)least;
            continue;
        } else { /* h<n> reached: the length stands in */
            s = len;
            mems += 2 * (ullng)lenthresh + 1;
        }
        if (s < least || (s == least && mincost > dearest))
            least = s, best = k, dearest = mincost;
    }
    t->mems = mems;
    *usable = least;
    return best;
}

/* ---- the search ------------------------------------------------------------------ */

/* The node of rank r's entry for item c, as the problem numbers nodes. */
static int node_of(const cost_walk *w, int r, int c)
{
    const twin_tables *tb = w->twin->tb;
    return w->t.p->opt_node[tb->rank_opt[r]] + entry_of(tb, r, c) - tb->ra[r].at;
}

/*
 * The option after rank r in the list of level l's branch item: those its
 * cover hid come first (in rank order on the stack), then its live ones,
 * all dearer. -1 when none is left.
 */
INLINE int next_child(const cost_twin *tw, int l, int r)
{
    const twin_op *o = &tw->ops[tw->branch_op[l]];
    const int *h = tw->hidden + o->h0;
    int lo = 0, hi = o->nh;
    while (lo < hi) { /* the first hidden rank above r */
        int mid = (lo + hi) / 2;
        if (h[mid] <= r)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < o->nh)
        return h[lo];
    return tw->len[o->item] > o->nh ? next_live_below(tw, o->item, r, tw->tb->n) : -1;
}

#define SAVE_TALLY() \
    (s->fig.mems = t.mems, s->fig.updates = t.updates, s->fig.cleansings = t.cleansings)

#ifdef XCC_SANITY
/*
 * The twin at a node: every active item's length is the number of its
 * live options, none of which lies below its first[]; the stacks hold
 * what the ops say.
 */
static void twin_sanity(const cost_walk *w)
{
    const cost_twin *tw = w->twin;
    const twin_tables *tb = tw->tb;
    for (int k = tw->cl[0].next; k; k = tw->cl[k].next) {
        const ullng *bits = tb->bits + (size_t)k * (size_t)tb->words;
        int n = 0, first = -1;
        for (int i = 0; i < tb->words; i++)
            for (ullng x = bits[i] & tw->live[i]; x; x &= x - 1, n++)
                if (first < 0)
                    first = i * 64 + __builtin_ctzll(x);
        if (n != tw->len[k])
            xcc_insane("cost", w->t.fig.nodes, "item %d has %d live options, its len says %d", k,
                       n, tw->len[k]);
        if (n && first < tw->first[k])
            xcc_insane("cost", w->t.fig.nodes, "item %d's first live option %d is below first %d",
                       k, first, tw->first[k]);
    }
    if (tw->nops && (tw->ops[tw->nops - 1].h0 + tw->ops[tw->nops - 1].nh != tw->nhidden
                     || tw->ops[tw->nops - 1].t0 > tw->ntrail))
        xcc_insane("cost", w->t.fig.nodes, "the last op does not end the stacks");
}
#endif

/*
 * A new node's branch item by DLX5's rule, covered below its threshold:
 * 1 with *cur the rank at the top of its list, 0 for a dead end, -1 when
 * memory is short.
 */
INLINE int branch(cost_walk *w, cost_twin *tw, int *cur, struct tally *t)
{
    xcc_tree *s = &w->t;
    const twin_tables *tb = tw->tb;
    int usable, best = choose(w, tw, &usable, t);
    if (s->sink->shape)
        xcc_cost_shape(w, best, usable);
    if (!usable)
        return 0;
    w->partcost[s->level] = w->curcost;
    *cur = first_live(tw, best); /* the top of its list, before the cover */
    w->nextcost = w->curcost + tb->cost[*cur];
    w->thresh0[s->level] = w->cutoff - w->nextcost;
    t->mems += 5;
    if (tw->snap_items)
        snap_len(tw, 2 * s->level, 0);
    tw->branch_op[s->level] = cover(tw, best, below(tb, w->thresh0[s->level]), t);
    return tw->branch_op[s->level] < 0 ? -1 : 1;
}

/* What choosing an option leads to. */
enum { DESCEND, SOLVED, STOPPED, NO_MEMORY };

/*
 * Chooses the option of rank cur at the level: its items covered or
 * purified, then a solution, or the level below.
 */
INLINE int take(cost_walk *w, cost_twin *tw, int cur, struct tally *t)
{
    xcc_tree *s = &w->t;
    const twin_tables *tb = tw->tb;
    int best = tw->ops[tw->branch_op[s->level]].item, own = entry_of(tb, cur, best);
    tw->level_rank[s->level] = cur;
    s->choice[s->level] = node_of(w, cur, best);
    w->thresh[s->level] = w->cutoff - w->nextcost;
    t->mems++;
    if (tw->snap_items)
        snap_len(tw, 2 * s->level + 1, 0);
    if (commit(tw, cur, own, w->thresh[s->level], t) < 0)
        return NO_MEMORY;
    t->mems++;
    if (tw->cl[0].next == 0) {
        s->fig.mems = t->mems, s->fig.updates = t->updates, s->fig.cleansings = t->cleansings;
        int stop = xcc_cost_solution(w, &t->mems);
        return stop < 0 ? NO_MEMORY : stop ? STOPPED : SOLVED;
    }
    if (++s->level > s->maxl) {
        if (reserve_levels(w, tw, s->level + 1)) {
            s->level--;
            return NO_MEMORY;
        }
        s->maxl = s->level;
    }
    w->curcost = w->nextcost;
    return DESCEND;
}

/*
 * Takes back the level's option of rank cur: the rank of the next one to
 * try, or -1 when none is left or the rest cost too much.
 */
INLINE int next_try(cost_walk *w, cost_twin *tw, int cur, struct tally *t)
{
    xcc_tree *s = &w->t;
    t->mems++;
    uncommit(tw, cur, tw->branch_op[s->level] + 1, tw->snap_items ? 2 * s->level + 1 : -1, t);
    cur = next_child(tw, s->level, cur);
    t->mems += 2;
    if (cur < 0)
        return -1;
    w->nextcost = w->curcost + tw->tb->cost[cur];
    t->mems++;
    xcc_cost_refresh_cutoff(w);
    return w->nextcost >= w->cutoff ? -1 : cur;
}

/* The mems of the solution as the links charge them are those of links/dlx5.c's solution(). */
BITS_HOT static xcc_status twin_search(cost_walk *w)
{
    xcc_tree *s = &w->t;
    cost_twin *tw = w->twin;
    struct tally t = {s->fig.mems, s->fig.updates, s->fig.cleansings};
    xcc_status status = XCC_OK;
    int cur = 0;

    if (!w->resumed)
        s->level = s->base_level;
    w->resumed = 0;
    s->fig.stop = XCC_COMPLETE;
    if (reserve_levels(w, tw, s->level + 1))
        goto no_memory;
forward:
    switch (xcc_cost_enter(w, &t)) {
    case 1:
        goto backdown;
    case -1:
        goto done;
    }
#ifdef XCC_SANITY
    if (xcc_sanity_due(s->fig.nodes, (ullng)tw->tb->words * (ullng)tw->tb->last_itm))
        twin_sanity(w);
#endif
    switch (branch(w, tw, &cur, &t)) {
    case 0:
        goto backdown;
    case -1:
        goto no_memory;
    }
advance:
    switch (take(w, tw, cur, &t)) {
    case DESCEND:
        goto forward;
    case SOLVED:
        goto recover;
    case STOPPED:
        goto done;
    default:
        goto no_memory;
    }
backup:
    t.mems++;
    undo_op(tw, !tw->snap_items, &t);
    if (tw->snap_items)
        snap_len(tw, 2 * s->level, 1);
backdown:
    if (s->level == s->base_level)
        goto done;
    s->level--;
    cur = tw->level_rank[s->level];
    w->curcost = w->partcost[s->level];
    t.mems += 3;
recover:
    if ((cur = next_try(w, tw, cur, &t)) < 0)
        goto backup;
    goto advance;

no_memory:
    status = XCC_NO_MEMORY;
done:
    SAVE_TALLY();
    return status;
}

/* ---- replaying a path ------------------------------------------------------------- */

int xcc_cost_twin_replay(cost_walk *w, const int *path, int depth)
{
    cost_twin *tw = w->twin;
    const twin_tables *tb = tw->tb;
    struct tally scratch = {0, 0, 0};
    ullng cur = 0;
    if (reserve_levels(w, tw, depth + 1))
        return -1;
    for (int l = 0; l < depth; l++) {
        int x = path[l], c = w->t.p->nd[x].itm;
        int r = tb->opt_rank[xcc_option_of(w->t.p, x)];
        ullng next = cur + tb->cost[r];
        if (next >= w->cutoff && !w->given0) {
            w->t.base_level = l;
            xcc_cost_twin_unreplay(w);
            return 1;
        }
        w->partcost[l] = cur;
        w->thresh0[l] = w->given0 ? w->given0[l] : w->cutoff - (cur + tb->cost[first_live(tw, c)]);
        w->thresh[l] = w->given0 ? w->given1[l] : w->cutoff - next;
        /* the lengths before, as branch() and take() keep them, for a walk going back up
           through this level (a checkpoint's) */
        if (tw->snap_items)
            snap_len(tw, 2 * l, 0);
        if ((tw->branch_op[l] = cover(tw, c, below(tb, w->thresh0[l]), &scratch)) < 0)
            return -1;
        if (tw->snap_items)
            snap_len(tw, 2 * l + 1, 0);
        if (commit(tw, r, entry_of(tb, r, c), w->thresh[l], &scratch) < 0)
            return -1;
        tw->level_rank[l] = r;
        w->t.choice[l] = x;
        cur = next;
    }
    xcc_cost_replayed(w, depth, cur);
    return 0;
}

void xcc_cost_twin_unreplay(cost_walk *w)
{
    cost_twin *tw = w->twin;
    struct tally scratch = {0, 0, 0};
    while (tw->nops > 0)
        undo(tw, &scratch);
    w->t.base_level = 0;
    w->curcost = 0;
}

/* The walk is cloned for popcnt: clang makes no extern symbol for a clone set, so it is called from here. */
xcc_status xcc_cost_twin_search(cost_walk *w)
{
    return twin_search(w);
}
