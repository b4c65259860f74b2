/*
 * twin/dlx2_hide.h — the twin's operations that hide options (cover,
 * purify, commit an option), each deriving the figures DLX2 would count
 * (see twin/dlx2.c). Inline, since the walk calls them at every node;
 * the slots and tables are twin/dlx2.h's.
 */
#ifndef XCC_TWIN_HIDE_H
#define XCC_TWIN_HIDE_H

#include "twin/dlx2.h"

/*
 * Hides the options of set h (already taken out of the slot's live set):
 * lowers the lengths of their primary items and charges what DLX2's hide
 * charges. own_secondary: the item they are hidden through is secondary.
 */
#ifdef TWIN_BYTES
/*
 * hide_set with byte lengths in V vectors (a constant where it is
 * inlined): each option hidden subtracts its row from the lengths, held
 * in registers meanwhile. The options are h, less those in unless if
 * not NULL.
 */
BITS_INLINE void hide_bytes(const twin *t, twin_slot *s, const word *h, const word *unless, int V,
                            ullng *pm, ullng *plensec, ullng *pcleansed)
{
    const xcc_bits *b = &t->b;
    const int KS = t->KS;
    ullng m = 0, lensec = 0, cleansed = 0;
    __m128i c[4];
    for (int v = 0; v < V; v++)
        c[v] = _mm_loadu_si128((const __m128i *)(s->bcnt + 16 * v));
    for (int w = 0; w < b->W; w++)
        for (word bits = unless ? h[w] & ~unless[w] : h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            const unsigned char *r = t->rows + (size_t)o * (size_t)(16 * V);
            m++;
            lensec += t->lensec[o];
            for (int v = 0; v < V; v++)
                c[v] = _mm_sub_epi8(c[v], _mm_loadu_si128((const __m128i *)(r + 16 * v)));
            if (s->npure) {
                const word *om = t->osmask + (size_t)o * (size_t)KS;
                for (int v = 0; v < KS; v++)
                    cleansed += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
            }
        }
    for (int v = 0; v < V; v++)
        _mm_storeu_si128((__m128i *)(s->bcnt + 16 * v), c[v]);
    *pm = m, *plensec = lensec, *pcleansed = cleansed;
}
#endif

BITS_INLINE void hide_set(const twin *t, twin_slot *s, const word *h, int own_secondary,
                          int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    const int KS = t->KS;
    ullng m = 0, lensec = 0, cleansed = 0;
#ifdef TWIN_BYTES
    if (with_counts && t->V) {
        switch (t->V) { /* each its own loop, the lengths in registers */
        case 1: hide_bytes(t, s, h, NULL, 1, &m, &lensec, &cleansed); break;
        case 2: hide_bytes(t, s, h, NULL, 2, &m, &lensec, &cleansed); break;
        case 3: hide_bytes(t, s, h, NULL, 3, &m, &lensec, &cleansed); break;
        default: hide_bytes(t, s, h, NULL, 4, &m, &lensec, &cleansed); break;
        }
        with_counts = 0;
        goto charge;
    }
#endif
    for (int w = 0; w < b->W; w++)
        for (word bits = h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            m++;
            lensec += t->lensec[o];
            if (with_counts)
                for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
                    s->cnt[b->prim[k]]--;
            if (s->npure) {
                /* cleansed nodes: its secondary items already purified */
                const word *om = t->osmask + (size_t)o * (size_t)KS;
                for (int v = 0; v < KS; v++)
                    cleansed += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
            }
        }
#ifdef TWIN_BYTES
charge:;
#endif
    ullng len = lensec & 0xffffffffu, sec = lensec >> 32;
    c->mems += 6 * len - 4 * m - 5 * cleansed;
    c->updates += len - m - cleansed;
    c->lmems += 2 * (sec - (ullng)own_secondary * m - cleansed);
}

/* cover(x): x leaves the active list and its live options are hidden; their number. */
BITS_INLINE ullng cover(const twin *t, twin_slot *s, const xcc_node *nd, int x, word *opts,
                       int with_counts, cost *c)
{
    (void)nd;
    ullng m = bits_take(&t->b, s->live, x, opts);
    c->mems += 3 + m + 1;
    c->updates += 1;
    hide_set(t, s, opts, x >= t->second, with_counts, c);
    if (with_counts && x < t->second) {
        if (t->V)
            s->bcnt[x - 1] = BYTE_COVERED;
        else
            s->cnt[x - 1] = COVERED;
        s->active--;
        if (t->key_act)
            s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    }
    return m;
}

/*
 * purify(x) to the color of node q: options of x with another color are
 * hidden, those with the same color are marked cleansed.
 */
BITS_INLINE void purify(const twin *t, twin_slot *s, const xcc_node *nd, int x, int q,
                        int last_itm, int with_counts, cost *c)
{
    (void)nd;
    const word *ag = t->agree + (size_t)t->agree_of[q - last_itm] * (size_t)t->b.W;
    word *h = t->scratch;
    ullng same, all = bits_take_other_colors(&t->b, s->live, x, ag, h, &same);
    c->mems += 1 + (all + 1) + all + same;
    c->cleansings += 1 + same;
    hide_set(t, s, h, 1, with_counts, c);
    int v = x - t->second;
    s->pure[v / 64] |= (word)1 << (v % 64);
    s->npure++;
}

/* commit_option: the items of the option of node q after q, in turn. */
BITS_INLINE void commit(const twin *t, twin_slot *s, const xcc_problem *p, int q,
                        int with_counts, cost *c)
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
        if (!nd[pp].color) {
            cover(t, s, nd, cc, t->scratch, with_counts, c);
        } else {
            int v = cc - t->second;
            if (!((s->pure[v / 64] >> (v % 64)) & 1))
                purify(t, s, nd, cc, pp, p->last_itm, with_counts, c);
        }
        pp++;
    }
}

/*
 * commit for an option without colored items: its covers, in the order
 * commit makes them, each take their item's live options (a few word
 * operations each); then the options they took, the live ones before
 * less those after, are hidden in one pass. What DLX2 charges is the
 * same: a cover costs 4 mems and one update and a mem per option it
 * takes, and hiding an option costs what it costs whichever cover takes
 * it, but for 2 lmems per item it has past the one it is hidden through
 * when that is secondary (so the options each secondary cover takes
 * are counted). Cleansed nodes are those of items purified before the
 * commit, which adds none. parent: the slot the child s was copied from
 * (but for its live options, made here).
 */
BITS_INLINE void commit_plain(const twin *t, twin_slot *s, const twin_slot *parent,
                              const xcc_problem *p, int q, int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    const xcc_node *nd = p->nd;
    const int W = b->W, KS = t->KS;
    ullng k = 0, msec = 0, m = 0, lensec = 0, cleansed = 0;
    word *live = s->live;
    const word *l0 = parent->live, *from = l0; /* the child's live options are made here */
    for (int pp = q + 1; pp != q;) {
        int x = nd[pp].itm;
        if (x <= 0) {
            pp = nd[pp].up;
            continue;
        }
        const word *mk = bits_item_mask(b, x);
        ullng mx = 0;
        for (int w = 0; w < W; w++) {
            word h = from[w] & mk[w];
            live[w] = from[w] & ~h;
            mx += (ullng)__builtin_popcountll(h);
        }
        from = live;
        k++;
        if (x >= t->second)
            msec += mx;
        else if (with_counts) {
            s->active--;
            if (t->key_act)
                s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
        }
        pp++;
    }
    if (from == l0) /* an option of one item */
        copy_words(live, l0, W);
#ifdef TWIN_BYTES
    if (with_counts && t->V) {
        switch (t->V) {
        case 1: hide_bytes(t, s, l0, live, 1, &m, &lensec, &cleansed); break;
        case 2: hide_bytes(t, s, l0, live, 2, &m, &lensec, &cleansed); break;
        case 3: hide_bytes(t, s, l0, live, 3, &m, &lensec, &cleansed); break;
        default: hide_bytes(t, s, l0, live, 4, &m, &lensec, &cleansed); break;
        }
        with_counts = 0;
        for (int pp = q + 1; pp != q; pp++) { /* the covered items */
            if (nd[pp].itm <= 0)
                pp = nd[pp].up - 1;
            else if (nd[pp].itm < t->second)
                s->bcnt[nd[pp].itm - 1] = BYTE_COVERED;
        }
    } else
#endif
    {
        for (int w = 0; w < W; w++)
            for (word bits = l0[w] & ~live[w]; bits; bits &= bits - 1) {
                int o = w * 64 + __builtin_ctzll(bits);
                m++;
                lensec += t->lensec[o];
                if (with_counts)
                    for (int i = b->pstart[o]; i < b->pstart[o + 1]; i++)
                        s->cnt[b->prim[i]]--;
                if (s->npure) {
                    const word *om = t->osmask + (size_t)o * (size_t)KS;
                    for (int v = 0; v < KS; v++)
                        cleansed += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
                }
            }
        if (with_counts)
            for (int pp = q + 1; pp != q; pp++) {
                if (nd[pp].itm <= 0)
                    pp = nd[pp].up - 1;
                else if (nd[pp].itm < t->second)
                    s->cnt[nd[pp].itm - 1] = COVERED;
            }
    }
    ullng len = lensec & 0xffffffffu, sec = lensec >> 32;
    /* the loop over the option's nodes: olen - 1 items and the spacer (2 mems) */
    c->mems += (k + 2) + 4 * k + m + 6 * len - 4 * m - 5 * cleansed;
    c->updates += k + len - m - cleansed;
    c->lmems += 2 * (sec - msec - cleansed);
}

/*
 * What commit(q) costs when no option is live: each of its items covers
 * or purifies nothing. The loop over the option's nodes looks at its
 * other olen - 1 nodes and its spacer (two mems), each cover charges 3
 * mems, one for its empty list and one update, each purify of an item
 * not yet purified one mem, one for its empty list and one cleansing.
 * Its colored items already purified are skipped (a live option's items
 * that are purified are all colored, so they are its secondary items in
 * the slot's purified set). t->leaf holds what does not depend on them.
 */
BITS_INLINE void leaf_cost(const twin *t, const twin_slot *s, int o, cost *c)
{
    ullng lf = t->leaf[o], done = 0;
    if (s->npure) {
        const word *om = t->osmask + (size_t)o * (size_t)t->KS;
        for (int v = 0; v < t->KS; v++)
            done += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
    }
    c->mems += (lf & 0xffffff) - 2 * done;
    c->updates += (lf >> 24) & 0xffffff;
    c->cleansings += (lf >> 48) - done;
}

#endif
