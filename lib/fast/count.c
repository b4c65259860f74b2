/*
 * fast/count.c — the last levels of the fast engine's counting
 * search (fast/fast.c), counted from the bit sets alone, and the memo of
 * counts they and the search above share (its inline steps are in
 * fast/fast.h).
 *
 * Near the leaves, when few items are left and the live options fit in a
 * few words, the counters cost more than they save: the solutions below
 * are counted from the bit sets alone. U[0 .. nu-1] are the uncovered
 * items; live[0 .. hi-lo-1] are the words lo .. hi-1 of the live set.
 * Branches on the item with the fewest live options, as the main loop
 * does.
 *
 * Memo. The count below a state depends only on its live set L and on
 * nu: every live option avoids the covered items, so the uncovered items
 * are those of L plus, if nu says there are more, some item no option
 * can cover, and then the count is 0 whatever they are. For problems of
 * at most MEMO_WORDS words, the count of the last levels remembers the
 * counts of states with nu >= 3 in a direct-mapped table (an entry is the
 * tag nu, the count and the W words of L); a permanent-like problem such
 * as the knight's cycle covers meets the same states again and again.
 * The search above keeps the counts of its own nodes in the same table,
 * under the same keys, since they mean the same thing: the
 * knight's covers meet their repeated states long before the last
 * levels (bench/NOTES.md). A state found there is not branched on, so it
 * adds no nodes.
 */
#include "fast/fast.h"

#include <stdlib.h>

/* Doubles the table, moving the entries whose place changes. */
static void memo_double(struct xcc_fast_data *d)
{
    size_t stride = (size_t)d->b.W + 2, half = d->memo_mask + 1;
    for (size_t i = 0; i < half; i++) {
        word *e = d->memo + i * stride;
        if (e[0] && (xcc_fast_memo_hash(e + 2, d->b.W, (int)(e[0] & ((1u << NU_BITS) - 1))) & half))
            memcpy(e + half * stride, e, stride * sizeof(word)), e[0] = 0;
    }
    d->memo_mask = 2 * half - 1;
}

void xcc_fast_memo_plan(struct xcc_fast_data *d)
{
    size_t entries = d->memo_mask + 1, entry = ((size_t)d->b.W + 2) * sizeof(word);
    switch (xcc_area_plan(entries, entry, d->memo_most, d->memo_writes, d->memo_spared)) {
    case XCC_AREA_OFF:
        xcc_area_release(&d->memo_area);
        d->memo = NULL; /* xcc_fast_count_small just recounts */
        return;
    case XCC_AREA_GROW:
        memo_double(d);
        break;
    case XCC_AREA_KEEP:
        break;
    }
    d->memo_next_plan = d->memo_writes + (d->memo_mask + 1) / 2;
}

xcc_u128 xcc_fast_count_small(struct xcc_fast_data *d, const word *live, int lo, int hi,
                              const int *U, int nu, ullng *nodes)
{
    size_t W = (size_t)d->b.W;
    if (nu == 1) {
        const word *m = d->b.mask + (size_t)U[0] * W;
        ullng c = 0;
        for (int w = lo; w < hi; w++)
            c += (ullng)__builtin_popcountll(live[w - lo] & m[w]);
        return c;
    }
    word key[MEMO_WORDS], *slot = NULL;
    if (d->memo && nu >= 3) {
        xcc_u128 known;
        slot = xcc_fast_memo_slot(d, live, lo, hi, nu, key);
        if (xcc_fast_memo_get(d, slot, nu, key, d->b.W, &known))
            return known;
    }
    ullng nodes_before = *nodes;
    int best = 0, fewest = COVERED;
    for (int j = 0; j < nu; j++) {
        const word *m = d->b.mask + (size_t)U[j] * W;
        int c = 0;
        for (int w = lo; w < hi; w++)
            c += __builtin_popcountll(live[w - lo] & m[w]);
        if (c < fewest) {
            if (c == 0)
                return 0;
            fewest = c, best = j;
        }
    }
    ++*nodes;
    xcc_u128 total = 0;
    const word *ma = d->b.mask + (size_t)U[best] * W;
    word child[SMALL_WORDS];
    int rest[SMALL_WORDS];
    for (int w = lo; w < hi; w++) {
        for (word bits = live[w - lo] & ma[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits), nr = 0;
            if (d->b.pstart[o + 1] - d->b.pstart[o] == nu) {
                total++; /* it covers everything left */
                continue;
            }
            for (int j = 0; j < nu; j++) {
                const word *m = d->b.mask + (size_t)U[j] * W;
                if (!((m[o / 64] >> (o % 64)) & 1))
                    rest[nr++] = U[j];
            }
            if (d->b.compat) {
                const word *row = d->b.compat + (size_t)o * W;
                for (int v = lo; v < hi; v++)
                    child[v - lo] = live[v - lo] & row[v];
            } else { /* factored (bits/bits.h) */
                const word *const *rp = bits_option_rows(&d->b, o);
                for (int v = lo; v < hi; v++)
                    child[v - lo] = live[v - lo]
                                    ? live[v - lo] & bits_compat_word(rp, d->b.olen[o], v)
                                    : 0;
            }
            total += xcc_fast_count_small(d, child, lo, hi, rest, nr, nodes);
        }
    }
    if (slot)
        xcc_fast_memo_store(d, slot, nu, total, *nodes - nodes_before, key);
    return total;
}

/* The memo table of xcc_fast_count_small, when the problem is small enough. */
void xcc_fast_start_memo(struct xcc_fast_data *d)
{
    if (d->memo_tried || d->b.W > MEMO_WORDS || d->b.P >= 1 << NU_BITS)
        return;
    size_t entry = ((size_t)d->b.W + 2) * sizeof(word), n = 1;
    size_t most = xcc_area_most(d->memo_shares);
    while (2 * n * entry <= most)
        n *= 2;
    if (most < XCC_AREA_FIRST || xcc_area_reserve(&d->memo_area, n * entry))
        return; /* xcc_fast_count_small just recounts, and asks again next time */
    d->memo_tried = 1;
    d->memo = d->memo_area.base;
    d->memo_most = most;
    for (n = 1; 2 * n * entry <= XCC_AREA_FIRST;)
        n *= 2;
    d->memo_mask = n - 1;
    d->memo_next_plan = n / 2;
}
