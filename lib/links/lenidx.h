/*
 * links/lenidx.h — the length index of DLX2's walk by dancing links
 * (links/dlx2.c), which finds the branch item without DLX2's scan.
 *
 * DLX2 finds the branch item by scanning every active primary item at
 * every node. With thousands of items and few options per node, that
 * scan is nearly all the work: a chain of options 200,000 deep, each
 * forcing the next, took time quadratic in its depth. So the search can
 * keep, for each length below XCC_LEN_BUCKETS, the set of active primary
 * items of that length as a tree of bit sets (64 children per node), and
 * a Fenwick tree of the active primary items. The least length is then
 * the first nonempty bucket, its leftmost item (DLX2's tie rule) a walk
 * down one tree, and the mems of DLX2's scan follow by formula: 1, plus
 * 2 per item it looks at, which is every active item, or when the least
 * length is 0, the active items up to that one (its rank in the Fenwick
 * tree). A node where every active item has XCC_LEN_BUCKETS options or
 * more scans as before. The price is a few operations per update of a
 * primary item's length, more than the scan saves on many problems
 * (sudokus, bench/NOTES.md), so the search keeps the index only while it
 * pays (xcc_links_walk). The updates are inline, since the dance makes
 * them at every node it moves (links/links.h).
 */
#ifndef XCC_LENIDX_H
#define XCC_LENIDX_H

#include "problem/problem.h"

#define XCC_LEN_BUCKETS 32
#define XCC_LEN_LEVELS 6 /* 64^6 > INT_MAX */

typedef struct xcc_lenidx {
    int n;                     /* primary items; item i is bit i - 1 */
    int levels;                /* of each bucket's tree; the top is one word */
    size_t at[XCC_LEN_LEVELS]; /* where level k starts in a bucket, in words */
    size_t words;              /* words per bucket */
    ullng *bits;               /* bucket l at bits + l * words */
    unsigned nonempty;         /* bit l: bucket l holds an item */
    int *fen;                  /* Fenwick tree of the active items, fen[1 .. n] */
    int active;                /* active primary items */
} xcc_lenidx;

#define XCC_LEN_INLINE static inline __attribute__((always_inline))

/* Puts item i into bucket l. */
XCC_LEN_INLINE void xcc_len_set(xcc_lenidx *ix, int l, int i)
{
    ullng *b = ix->bits + (size_t)l * ix->words;
    size_t x = (size_t)i - 1;
    for (int k = 0; k < ix->levels; k++, x /= 64) {
        ullng *w = b + ix->at[k] + x / 64, was = *w;
        *w = was | 1ULL << (x % 64);
        if (was)
            return;
    }
    ix->nonempty |= 1u << l;
}

/* Takes item i out of bucket l. */
XCC_LEN_INLINE void xcc_len_clear(xcc_lenidx *ix, int l, int i)
{
    ullng *b = ix->bits + (size_t)l * ix->words;
    size_t x = (size_t)i - 1;
    for (int k = 0; k < ix->levels; k++, x /= 64) {
        ullng *w = b + ix->at[k] + x / 64;
        if ((*w &= ~(1ULL << (x % 64))))
            return;
    }
    ix->nonempty &= ~(1u << l);
}

/* A primary item's length goes from `from` to `to`. */
XCC_LEN_INLINE void xcc_len_move(xcc_lenidx *ix, int i, int from, int to)
{
    if (from < XCC_LEN_BUCKETS)
        xcc_len_clear(ix, from, i);
    if (to < XCC_LEN_BUCKETS)
        xcc_len_set(ix, to, i);
}

/* Primary item i, of length len, leaves (d = -1) or joins (+1) the active. */
XCC_LEN_INLINE void xcc_len_activate(xcc_lenidx *ix, int i, int len, int d)
{
    if (len < XCC_LEN_BUCKETS) {
        if (d > 0)
            xcc_len_set(ix, len, i);
        else
            xcc_len_clear(ix, len, i);
    }
    ix->active += d;
    for (int k = i; k <= ix->n; k += k & -k)
        ix->fen[k] += d;
}

/* The leftmost item of nonempty bucket l. */
static inline int xcc_len_first(const xcc_lenidx *ix, int l)
{
    const ullng *b = ix->bits + (size_t)l * ix->words;
    size_t x = 0;
    for (int k = ix->levels - 1; k >= 0; k--)
        x = x * 64 + (size_t)__builtin_ctzll(b[ix->at[k] + x]);
    return (int)x + 1;
}

/* The number of active primary items 1 .. i. */
static inline int xcc_len_rank(const xcc_lenidx *ix, int i)
{
    int r = 0;
    for (; i > 0; i -= i & -i)
        r += ix->fen[i];
    return r;
}

/* Builds the index of the active primary items of p; 0, or 3 without memory. */
int xcc_len_build(xcc_lenidx *ix, const xcc_problem *p);
void xcc_len_free(xcc_lenidx *ix);

#endif
