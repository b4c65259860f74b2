/*
 * xcc_memo.h — a table of finished subtrees, shared by the threads of one
 * search without locks: the memo of the bit-set walks of DLX2's tree
 * (xcc_twin.c, whose key xcc_twin_memo.h gives) and of DLX3's
 * (mcc_twin.c). A walk that only counts keeps the figures of every
 * subtree it finishes under a key that decides the subtree, and a node
 * met again adds them up instead of walking its subtree.
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
#ifndef XCC_MEMO_H
#define XCC_MEMO_H

#include "xcc_bits.h"

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

/* A table for keys of K words and the first nfigs figures (those before M_DEEP), or NULL. */
memo *xcc_memo_new(int K, int nfigs);
void xcc_memo_free(memo *m);

/* Books n more entries written; makes the table full size at half full. */
void xcc_memo_grow(memo *m, ullng n);

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

/* Looks key (of hash h) up, and sets *entry to where it will be written. */
BITS_INLINE int memo_find(const memo *m, word h, const word *key, word **entry, word *fig)
{
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    *entry = m->table + (size_t)(h & mask) * (size_t)m->stride;
    return memo_read(m, *entry, key, fig);
}

#endif
