/*
 * xcc_twin_memo.h — the twin's memo of finished subtrees: the table
 * (xcc_twin_memo.c makes and grows it) and what the walk does with it at
 * every node, inline: look a node up, store it, prefetch its children.
 */
#ifndef XCC_TWIN_MEMO_H
#define XCC_TWIN_MEMO_H

#include "xcc_twin.h"

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
 * The workers of -j share one table, so a subtree one of them finished
 * is not walked again by another (with a table each, splitting the tree
 * split the memo's hits too, and two threads were slower than one on
 * the knight covers). An entry is a sequence word, the K key words, then
 * the figures. The low half of the sequence word is 0 while the entry is
 * empty and odd while a thread writes it; a writer claims it by
 * compare-and-swap from even to odd (and gives up if someone else has
 * it: the memo is only a cache), a reader copies the entry and trusts
 * the copy only if the sequence word was even and unchanged around it.
 * So a torn entry is never used, and a lookup costs no lock. The high
 * half holds the figure M_DEEP, which needs no word of its own.
 */
/* The figures of an entry; without secondary items lmems and cleansings
   are always 0, and are not stored: a knight's entry is 8 words, one cache
   line (with all of them in words of their own, it was 13). */
enum { M_COUNT, M_NODES, M_MEMS, M_UPDATES, M_CMEMS, M_LMEMS, M_CLEANSINGS, M_DEEP, M_FIGS };
#define SEQ_BITS 0xffffffffULL /* of the sequence word, the sequence */
#define TWIN_MEMO_BYTES (32u << 20)      /* the most it grows to */
#define TWIN_MEMO_FIRST_BYTES (256u << 10) /* where it starts */
#define TWIN_MEMO_KEY_WORDS 64
#define HUGE_PAGE (2u << 20)

/*
 * The table starts small and grows once. Its full size is reserved at
 * once, but a page costs nothing until it is touched, and a small
 * problem should not touch 32 MB. So only the first 256 KB are used
 * (mask + 1 entries) until half as many entries have been written; then
 * mask jumps to the full table. Nothing is moved: an entry written under
 * the small mask is looked up elsewhere and missed, which costs a walk of
 * its subtree, once. So the mask needs no lock either; a thread that
 * reads it late just uses the small table a little longer. (Doubling step
 * by step lost more: each doubling strands half the entries.)
 *
 * Why 32 MB at most: every page touched must be found and cleared by the
 * kernel (and on a virtual machine, by its host), and the table is
 * touched all over; a larger table found more but cost more than that
 * (bench/NOTES.md has the measures).
 *
 * The table asks the kernel for huge pages (a hint), which saves the
 * tens of thousands of page faults that 32 MB in 4 KB pages cost, and
 * that threads, whose faults queue on one lock, pay twice over. A small
 * problem touches one huge page, the small table's.
 */
typedef struct memo {
    word *table;   /* 2 MB aligned, inside the mapping */
    void *map;
    size_t map_bytes;
    size_t mask;   /* entries in use - 1; grows, read and written atomically */
    size_t most;   /* the largest mask */
    ullng writes;  /* entries written so far, added up atomically */
    int K, nfigs;  /* words of a key, figures stored (those before M_DEEP) */
    int stride;    /* words of an entry: 1 + K + nfigs */
} memo;

/* Gives t a memo of its own, or the memo of from if from is not NULL. */
void xcc_twin_start_memo(twin *t, twin *from);
void xcc_twin_memo_free(memo *m);

/* Books n more entries written; makes the table full size at half full. */
void xcc_twin_memo_grow(memo *m, ullng n);

/* Copies the figures of entry e into fig if e holds key; 0 if not. */
BITS_INLINE int memo_read(const memo *m, const word *e, const word *key, word *fig)
{
    int K = m->K;
    word seq = __atomic_load_n(e, __ATOMIC_ACQUIRE);
    if (!(seq & SEQ_BITS) || (seq & 1))
        return 0;
    for (int k = 0; k < K; k++)
        if (__atomic_load_n(e + 1 + k, __ATOMIC_RELAXED) != key[k])
            return 0;
    for (int f = 0; f < m->nfigs; f++)
        fig[f] = __atomic_load_n(e + 1 + K + f, __ATOMIC_RELAXED);
    for (int f = m->nfigs; f < M_DEEP; f++)
        fig[f] = 0;
    fig[M_DEEP] = seq >> 32;
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return __atomic_load_n(e, __ATOMIC_RELAXED) == seq;
}

/* Stores key and fig in entry e, unless another thread is writing it. */
BITS_INLINE void memo_write(const memo *m, word *e, const word *key, const word *fig)
{
    int K = m->K;
    word seq = __atomic_load_n(e, __ATOMIC_RELAXED);
    if ((seq & 1)
        || !__atomic_compare_exchange_n(e, &seq, seq + 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        return;
    __atomic_thread_fence(__ATOMIC_RELEASE);
    for (int k = 0; k < K; k++)
        __atomic_store_n(e + 1 + k, key[k], __ATOMIC_RELAXED);
    for (int f = 0; f < m->nfigs; f++)
        __atomic_store_n(e + 1 + K + f, fig[f], __ATOMIC_RELAXED);
    __atomic_store_n(e, fig[M_DEEP] << 32 | ((seq + 2) & SEQ_BITS), __ATOMIC_RELEASE);
}

BITS_INLINE word key_hash(const word *key, int K)
{
    word h = 0x9e3779b97f4a7c15ULL;
    for (int k = 0; k < K; k++) {
        h = (h ^ key[k]) * 0xff51afd7ed558ccdULL;
        h ^= h >> 29;
    }
    return h;
}

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

/* Looks key (of hash h) up, and sets *entry to where it will be written. */
BITS_INLINE int memo_find(const memo *m, word h, const word *key, word **entry, word *fig)
{
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    *entry = m->table + (size_t)(h & mask) * (size_t)m->stride;
    return memo_read(m, *entry, key, fig);
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
            const char *e = (const char *)(m->table + at);
            __builtin_prefetch(e);
            if (bytes > 64) /* the entry may reach into a second line */
                __builtin_prefetch(e + bytes - 1);
        }
}

#endif
