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

#include "xcc_area.h"
#include "xcc_bits.h"

/* The figures of an entry; without secondary items lmems and cleansings
   are always 0, and are not stored: a knight's entry is 8 words, one cache
   line (with all of them in words of their own, it was 13). */
enum { M_COUNT, M_NODES, M_MEMS, M_UPDATES, M_CMEMS, M_LMEMS, M_CLEANSINGS, M_DEEP, M_FIGS };
#define SEQ_BITS 0xffffffffULL /* of the sequence word, the sequence */
#define TWIN_MEMO_KEY_WORDS 64

/*
 * The table lives in an area (xcc_area.h): it starts small, doubles on
 * demand, and is given back when it does not hit. When it doubles, the
 * entries whose place changes move to it (a thread that meets one on its
 * way, or writes into its old place meanwhile, just misses or strands
 * an entry: no harm). Only one thread grows the table at a time; the
 * others go on with the old mask, read and written atomically, so a
 * lookup costs no lock. The threads book what they wrote, walked and
 * spared every 256 entries written.
 */
typedef struct memo {
    xcc_area area;
    size_t mask;   /* entries in use - 1; read and written atomically */
    size_t most;   /* bytes it may grow to */
    ullng writes, walked, spared;  /* booked so far, added up atomically */
    ullng next_plan;       /* writes at which to plan again */
    int busy;      /* a thread is growing the table or giving it up */
    int off;       /* given up: neither read nor written */
    int K, nfigs;  /* words of a key, figures stored (those before M_DEEP) */
    int stride;    /* words of an entry: 1 + K + nfigs */
} memo;

/* A table for keys of K words and the first nfigs figures (those before M_DEEP), or NULL. */
memo *xcc_memo_new(int K, int nfigs);
void xcc_memo_free(memo *m);

/* Books n more entries written, nodes walked and nodes spared by hits;
   grows the table or gives it up when it is time (xcc_area_plan). 0 if
   it is off. */
int xcc_memo_book(memo *m, ullng n, ullng walked, ullng spared);

/* Books n more entries written, for a walk that counts no nodes spared:
   the table grows on demand, never given up. */
void xcc_memo_grow(memo *m, ullng n);

/* The bytes of the table in use: 0 once given up. */
size_t xcc_memo_bytes(const memo *m);

BITS_INLINE int memo_off(const memo *m)
{
    return __atomic_load_n(&m->off, __ATOMIC_RELAXED);
}

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
    if (memo_off(m) || (seq & 1)
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
    *entry = m->area.base + (size_t)(h & mask) * (size_t)m->stride;
    return memo_read(m, *entry, key, fig);
}

#endif
