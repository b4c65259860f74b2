/*
 * twin/dlx3_steps.h — the steps of DLX3's twin on a slot and its levels,
 * each deriving the figures DLX3 would count (twin/dlx3.h has the model
 * and the types). Inline, since the walk (twin/dlx3.c) takes them at
 * every node.
 */
#ifndef MCC_TWIN_STEPS_H
#define MCC_TWIN_STEPS_H

#include "twin/dlx3.h"

/* ---- the steps, as sets -------------------------------------------------- */

/* Nodes of option o whose secondary item is purified (DLX3's color -1). */
BITS_INLINE int cleansed(const mtwin *t, const mslot *s, const xcc_node *nd, int o)
{
    const xcc_bits *b = &t->b;
    int c = 0;
    if (!s->npure || !b->osec[o])
        return 0;
    if (t->secs)
        return __builtin_popcountll(t->secs[o] & s->pure[0]);
    for (int x = b->first[o], e = x + b->olen[o]; x < e; x++) {
        int v = nd[x].itm - t->second;
        if (v >= 0)
            c += bits_has(s->pure, v);
    }
    return c;
}

/* Takes option o out of the lists of its primary items (their keys). */
BITS_INLINE void drop_option(const mtwin *t, mslot *s, int o)
{
    const xcc_bits *b = &t->b;
    for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
        s->key[b->prim[k]] += KEY_DROP;
}

/*
 * Hides the options of h (taken out of L already) through an item being
 * covered, or purified (then a cleansed node costs 2, not 1). keys: the
 * slot's keys are kept (not in a solution's slot).
 */
BITS_INLINE void hide_set(const mtwin *t, mslot *s, const xcc_node *nd, const word *h,
                          int purifying, int keys, cost *c)
{
    const xcc_bits *b = &t->b;
    ullng m = 0, len = 0, cl = 0;
    for (int w = 0; w < b->W; w++)
        for (word bits = h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            m++;
            len += (ullng)b->olen[o];
            cl += (ullng)cleansed(t, s, nd, o);
            if (keys)
                drop_option(t, s, o);
        }
    c->mems += 6 * len - 4 * m - (purifying ? 4 : 5) * cl;
    c->updates += len - m - cl;
}

/* Primary item x leaves the active items. */
BITS_INLINE void deactivate(mslot *s, int x)
{
    s->key[x - 1] = KEY_NONE;
    s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    s->nact--;
}

/* cover(x): its live options (into opts) are hidden; a primary x leaves the active ones. */
BITS_INLINE void cover(const mtwin *t, mslot *s, const xcc_node *nd, int x, word *opts,
                       int keys, cost *c)
{
    ullng m = bits_take(&t->b, s->live, x, opts);
    c->mems += 3 + m + 1;
    c->updates++;
    hide_set(t, s, nd, opts, 0, keys, c);
    if (keys && x < t->second)
        deactivate(s, x);
}

/* purify(x) to the color of node q. */
BITS_INLINE void purify(const mtwin *t, mslot *s, const xcc_node *nd, int x, int q,
                        int last_itm, int keys, cost *c)
{
    const word *ag = t->agree + (size_t)t->agree_of[q - last_itm] * (size_t)t->b.W;
    word *h = t->scratch;
    ullng same, all = bits_take_other_colors(&t->b, s->live, x, ag, h, &same);
    c->mems += 2 + 2 * all + same;
    c->cleansings += 1 + same;
    hide_set(t, s, nd, h, 1, keys, c);
    s->pure[(x - t->second) / 64] |= (word)1 << ((x - t->second) % 64);
    s->npure++;
}

/*
 * The choice of option o at node q, in slot s: its other items, left to
 * right. bnd: the bounds before it (s's own, or with keys 0, the
 * parent's: a solution's slot has none).
 */
BITS_INLINE void commit(const mtwin *t, mslot *s, const int *bnd, const xcc_problem *p, int q,
                        int keys, cost *c)
{
    const xcc_node *nd = p->nd;
    for (int pp = q + 1; pp != q;) {
        int cc = nd[pp].itm;
        c->mems++;
        if (cc <= 0) {
            pp = nd[pp].up;
            c->mems++;
            continue;
        }
        if (cc < t->second) {
            int bound = bnd[cc - 1] - 1;
            c->mems += 2;
            if (keys) {
                s->bnd[cc - 1] = bound;
                if (bound)
                    s->key[cc - 1] = make_key(t, cc - 1, key_len(s->key[cc - 1]), bound);
            }
            if (!bound)
                cover(t, s, nd, cc, t->scratch, keys, c);
        } else if (!nd[pp].color) {
            cover(t, s, nd, cc, t->scratch, keys, c);
        } else if (!bits_has(s->pure, cc - t->second)) {
            purify(t, s, nd, cc, pp, p->last_itm, keys, c);
        }
        pp++;
    }
}

/* Whether choosing option o (branching on x) leaves no active item: a solution. */
BITS_INLINE int ends_search(const mtwin *t, const mslot *s, const mframe *f, int o)
{
    const xcc_bits *b = &t->b;
    int left = s->nact;
    if (left > b->pstart[o + 1] - b->pstart[o])
        return 0; /* more items are active than o has */
    for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++) {
        int i = b->prim[k];
        left -= i + 1 != f->item && s->bnd[i] == 1;
    }
    return left == 0;
}

/* Tweaking option o out of every list (its item still active): the mems. */
BITS_INLINE ullng tweak_out(const mtwin *t, mslot *s, const xcc_node *nd, int o, cost *c)
{
    int cl = cleansed(t, s, nd, o), len = t->b.olen[o];
    s->live[o / 64] &= ~((word)1 << (o % 64));
    drop_option(t, s, o);
    c->updates += (ullng)(len - cl);
    return (ullng)(6 * len - 5 * cl + 2);
}

/*
 * The branch item by DLX3's rule, the first of least key; *score its
 * score (MCC_INFINITY when no item is active, 0 for a dead end).
 */
BITS_INLINE int choose(const mtwin *t, const mslot *s, int *score)
{
    if (!s->nact) {
        *score = MCC_INFINITY;
        return 0;
    }
    const word *key = s->key;
    word least = KEY_NONE;
    int best = 0;
    for (int w = 0; w < t->AW; w++)
        for (word bits = s->act[w]; bits; bits &= bits - 1) {
            int i = w * 64 + __builtin_ctzll(bits);
            word k = key[i];
            int less = k < least;
            least = less ? k : least;
            best = less ? i : best;
        }
    long long v = (long long)(least >> 42) - (long long)KEY_BIAS;
    *score = v > 0 ? (int)v : 0;
    return best + 1;
}

/* ---- the levels ------------------------------------------------------------ */

/* A level branching on x begins (links/dlx3.c's level_start). */
BITS_INLINE void level_start(mtwin *t, mslot *s, mframe *f, const xcc_node *nd, int x, cost *c)
{
    const xcc_bits *b = &t->b;
    int bound = --s->bnd[x - 1], slack = t->slack[x - 1];
    f->item = x;
    f->pos = 0;
    f->ent = b->lstart[x];
    f->tweaks = 0;
    f->tweak_mems = 0;
    f->cover_mems = 0;
    c->mems += 3;
    if (bound == 0 && slack == 0) {
        f->mode = COVERING;
    } else {
        c->mems++;
        f->mode = bound == 0 ? TWEAKING_COVERED : TWEAKING;
    }
    if (f->mode == TWEAKING) {
        const word *mk = bits_item_mask(b, x);
        for (int w = 0; w < b->W; w++)
            s->opts[w] = s->live[w] & mk[w];
        s->key[x - 1] = make_key(t, x - 1, key_len(s->key[x - 1]), bound);
    } else {
        cost cc = {0, 0, 0};
        cover(t, s, nd, x, s->opts, 1, &cc);
        f->cover_mems = cc.mems;
        c->mems += cc.mems, c->updates += cc.updates;
        f->left = 0;
        for (int w = 0; w < b->W; w++)
            f->left += __builtin_popcountll(s->opts[w]);
    }
}

/* The next option of opts at or after f->pos, or -1. */
BITS_INLINE int next_option(const mtwin *t, const mslot *s, const mframe *f)
{
    int o = f->pos, w = o / 64, W = t->b.W;
    if (w >= W)
        return -1;
    word bits = s->opts[w] & (~(word)0 << (o % 64));
    while (!bits && ++w < W)
        bits = s->opts[w];
    return bits ? w * 64 + __builtin_ctzll(bits) : -1;
}

/*
 * The next choice of the level (links/dlx3.c's level_try): sets *o to an
 * option, or -1 for the null choice, and makes it in the level's slot
 * (tweaked out, or x deactivated); 0 when the level is done.
 */
BITS_INLINE int level_try(mtwin *t, mslot *s, mframe *f, const xcc_node *nd, int *o, cost *c)
{
    int x = f->item, bound = s->bnd[x - 1], slack = t->slack[x - 1];
    int next = next_option(t, s, f);
    c->mems++;
    if (f->mode == COVERING) {
        if (next < 0)
            return 0;
    } else {
        int len = f->mode == TWEAKING ? key_len(s->key[x - 1]) : f->left;
        c->mems += 2;
        if ((long long)len <= (long long)bound - slack)
            return 0;
        if (next >= 0 && f->mode == TWEAKING) {
            ullng m = tweak_out(t, s, nd, next, c);
            c->mems += m;
            f->tweak_mems += m;
        } else if (next >= 0) {
            c->mems += 6, c->updates++;
            f->left--;
        } else if (bound != 0) {
            deactivate(s, x);
            c->mems += 3;
        }
        if (next >= 0)
            f->tweaks++;
    }
    *o = next;
    f->is_null = next < 0;
    if (next >= 0)
        f->pos = next + 1;
    return 1;
}

/* What taking the level back costs (links/dlx3.c's level_end). */
BITS_INLINE ullng level_end_mems(const mframe *f)
{
    ullng m = 1 + 2;
    if (f->mode == COVERING)
        return m + f->cover_mems;
    if (f->mode == TWEAKING)
        return m + 1 + 5 + f->tweak_mems - 4 * (ullng)f->tweaks;
    return m + 1 + 2 + 2 * (ullng)f->tweaks + f->cover_mems;
}

/* The node of option o in the level's item: its list goes in the order of options. */
BITS_INLINE int node_in(const mtwin *t, mframe *f, int o)
{
    const bits_entry *e = t->b.list;
    while (e[f->ent].opt != o)
        f->ent++;
    return e[f->ent].node;
}

#endif
