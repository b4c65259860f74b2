/*
 * twin/dlx2_memo.h — the twin's memo of finished subtrees: its key and
 * what the walk does with the table (bits/memo.h) at every node, inline:
 * look a node up, store it, prefetch its children.
 */
#ifndef XCC_TWIN_MEMO_H
#define XCC_TWIN_MEMO_H

#include "twin/dlx2.h"
#include "bits/memo.h"

/*
 * The memo. Below a node, DLX2's subtree and every figure of it depend
 * only on the node's live options, active primary items and purified
 * secondary items: the lists are the live options of each item, the
 * cleansed nodes are those of purified items, and the branch scan reads
 * the active items in order. A key needs less than all three:
 *  - Without secondary items, an option is live if and only if all its
 *    items are active (covering an item hides all its options), so the
 *    active items are the key: 2 words for the 72 items of the knight's
 *    covers or of the pentominoes, not 3 or 27 for their 160 or 1696
 *    options.
 *  - With them, the key is the live options and the purified items: the
 *    active primary items are exactly the primary items of the live
 *    options, unless one has no live option left. Such a node is a dead
 *    end, cheaper to walk than to look up, and is neither looked up nor
 *    stored (with either key).
 * When the search only counts, the figures of each finished subtree are
 * kept under its key in a direct-mapped table, and a node met again adds
 * them up instead of walking its subtree: knight's cycle covers and other
 * permutation-like problems meet the same subproblems millions of times.
 *
 * The table and its sharing among threads are bits/memo.h's.
 */

/* Gives t a memo of its own, or the memo of from if from is not NULL. */
void xcc_twin_start_memo(twin *t, twin *from);

/* Writes the key of slot s into key and returns its hash. */
BITS_INLINE word memo_key(const twin *t, const twin_slot *s, word *key)
{
    if (t->key_act) {
        for (int v = 0; v < t->AW; v++)
            key[v] = s->act[v];
    } else {
        int W = t->b.W;
        for (int w = 0; w < W; w++)
            key[w] = s->live[w];
        for (int v = 0; v < t->KS; v++)
            key[W + v] = s->pure[v];
    }
    return key_hash(key, t->K);
}

/*
 * The memo's entries are read at random places, and most reads miss
 * the cache. So a node asks for its children's entries as soon as it
 * knows its options, and the wait overlaps with walking the first
 * children.
 * A child's key costs little next to making its slot: without secondary
 * items, the node's active items less those of the child's option; with
 * them, the node's live options less those the option hides (all
 * options of its items, or of a secondary item's other colors), and its
 * purified items plus the option's colored ones.
 *
 * That pays when keys are short (up to 8 words; bench/NOTES.md has the
 * measures): for long keys, working the children's keys out costs more
 * than the waits it saves.
 */
#define TWIN_PREFETCH_KEY_WORDS 8
/* The key of the child of option o: its active items, those of o gone. */
BITS_INLINE void child_key_act(const twin *t, const twin_slot *sl, int o, word *key)
{
    const xcc_bits *b = &t->b;
    for (int v = 0; v < t->AW; v++)
        key[v] = sl->act[v];
    for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
        key[b->prim[k] / 64] &= ~((word)1 << (b->prim[k] % 64));
}

/* The key of the child of option o: its live options and purified items. */
BITS_INLINE void child_key_live(const twin *t, const twin_slot *sl, const xcc_node *nd,
                                int last_itm, int best, int o, word *key)
{
    const xcc_bits *b = &t->b;
    int W = b->W;
    word *pure = key + W;
    for (int v = 0; v < W; v++)
        key[v] = sl->live[v];
    for (int v = 0; v < t->KS; v++)
        pure[v] = sl->pure[v];
    for (int x = b->first[o], e = x + b->olen[o]; x < e; x++) {
        int i = nd[x].itm, v = i - t->second;
        if (i == best)
            continue;
        const word *mk = bits_item_mask(b, i);
        if (v < 0 || !nd[x].color) {
            for (int u = 0; u < W; u++)
                key[u] &= ~mk[u];
        } else if (!((pure[v / 64] >> (v % 64)) & 1)) {
            const word *ag = t->agree + (size_t)t->agree_of[x - last_itm] * (size_t)W;
            for (int u = 0; u < W; u++)
                key[u] &= ~(mk[u] & ~ag[u]);
            pure[v / 64] |= (word)1 << (v % 64);
        }
    }
}

BITS_INLINE void prefetch_children(const twin *t, const twin_slot *sl, const xcc_node *nd,
                                   int last_itm, int best)
{
    const xcc_bits *b = &t->b;
    const memo *m = t->memo;
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    size_t bytes = (size_t)m->stride * sizeof(word);
    word key[TWIN_MEMO_KEY_WORDS];
    for (int w = 0; w < b->W; w++)
        for (word bits = sl->opts[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            if (sl->active == b->pstart[o + 1] - b->pstart[o] - 1)
                continue; /* a solution: no lookup */
            if (t->key_act)
                child_key_act(t, sl, o, key);
            else
                child_key_live(t, sl, nd, last_itm, best, o, key);
            size_t at = (size_t)(key_hash(key, t->K) & mask) * (size_t)m->stride;
            const char *e = (const char *)(m->area.base + at);
            __builtin_prefetch(e);
            if (bytes > 64) /* the entry may reach into a second line */
                __builtin_prefetch(e + bytes - 1);
        }
}

#endif
