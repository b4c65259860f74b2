/*
 * bits/memo.h — a table of finished subtrees, shared by the threads of one
 * search without locks: the memo of the bit-set walks of DLX2's tree
 * (twin/dlx2.c, whose key twin/dlx2_memo.h gives) and of DLX3's
 * (twin/dlx3.c). A walk that only counts keeps the figures of every
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

#include "bits/area.h"
#include "bits/bits.h"
#include "sink.h"

/* The figures of an entry; without secondary items lmems and cleansings
   are always 0, and are not stored: a knight's entry is 8 words, one cache
   line (with all of them in words of their own, it was 13). */
enum { M_COUNT, M_NODES, M_MEMS, M_UPDATES, M_CMEMS, M_LMEMS, M_CLEANSINGS, M_DEEP, M_FIGS };
#define SEQ_BITS 0xffffffffULL /* of the sequence word, the sequence */
#define TWIN_MEMO_KEY_WORDS 64

/*
 * The table lives in an area (bits/area.h): it starts small, doubles on
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
    xcc_wides wides; /* the figures that do not fit in 63 bits (base/num.h) */
} memo;

/* A table for keys of K words and the first nfigs figures (those before M_DEEP), or NULL. */
memo *xcc_memo_new(int K, int nfigs);
void xcc_memo_free(memo *m);

/* Books n more entries written, nodes walked and nodes spared by hits;
   grows the table or gives it up when it is time (xcc_area_plan). 0 if
   it is off. */
int xcc_memo_book(memo *m, ullng n, ullng walked, ullng spared);

/* Gives the table up now (a walk judged it not worth its lookups); the
   walks sharing it go on without it. */
void xcc_memo_give_up(memo *m);

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

/*
 * The figures of a subtree (those before M_DEEP), exact, from the words
 * an entry holds; and into them, 1 when the pool of wide figures refuses
 * one (the entry is then not written: the memo is only a cache).
 */
BITS_INLINE void memo_widen(const memo *m, const word *fig, xcc_u128 *out)
{
    for (int f = 0; f < M_DEEP; f++)
        out[f] = xcc_wides_get(&m->wides, fig[f]);
}

BITS_INLINE int memo_narrow(memo *m, const xcc_u128 *in, word *fig)
{
    for (int f = 0; f < M_DEEP; f++) {
        if (in[f] < XCC_WIDES_ESCAPE)
            fig[f] = (word)in[f];
        else if (xcc_wides_put(&m->wides, in[f], &fig[f]))
            return 1;
    }
    return 0;
}

/*
 * A walk with a memo adds whole subtrees at once, and its figures are
 * exact at any size (base/num.h), yet it counts in 64-bit words, as
 * cheap as before: each figure is a 128-bit base, folded away, plus the
 * walk's 64-bit counter. A memo hit that would take a counter past
 * XCC_FOLD_AT folds every counter into its base (the counters are then
 * 0) and numbers the fold: a level entered before it finds its subtree's
 * figures from the bases the folds left (log). Between folds, a counter
 * only grows by the walk's own steps and the smaller hits, far from
 * 2^64. A base that reaches 2^127 - 2^64 stops the walk (XCC_STOP_WIDE),
 * so no sum of two figures ever wraps.
 */
#define XCC_FOLD_AT (1ULL << 62)

#define XCC_FOLD_INLINE 4
typedef struct xcc_fold {
    xcc_u128 base[M_DEEP];
    xcc_u128 (*log)[M_DEEP]; /* log[e]: the bases as fold e left them; log[0] at the start */
    int epoch, cap;
    xcc_u128 first[XCC_FOLD_INLINE][M_DEEP]; /* the log while short: a walk allocates nothing */
    /* the counters' values at which a limit (t<n>; T<n>, or d<n>'s next
       report) must be looked at (xcc_fold_marks); add_mark, the one a
       subtree's mems added from the memo must stay below (T<n>'s; with
       d<n> exact, the next report's too) */
    ullng count_mark, mems_mark, add_mark;
} xcc_fold;

/* Bases from fig (the walk goes on from its figures); 1 out of memory. */
int xcc_fold_start(xcc_fold *f, const xcc_figs *fig);
void xcc_fold_free(xcc_fold *f);

/* Folds the counters lo (in M_ order) and add (NULL: nothing) into the bases:
   0, 1 out of memory, 2 a base reached the limit. */
int xcc_fold_in(xcc_fold *f, const ullng *lo, const xcc_u128 *add);

struct xcc_tree;

/*
 * What a walk does with whole figures (bases and counters lo, in M_
 * order), out of its loop so that its counters stay in registers: the
 * figures into f; the marks of the limits of walk s; whether a subtree
 * of figures fig (some past 2^63) may be added from the memo (within
 * t<n>, T<n> and d<n>'s next report, and holding no solution to list);
 * whether none of the n solutions after count is one to list.
 */
void xcc_fold_figures(xcc_figs *f, const xcc_fold *fold, const ullng *lo);
void xcc_fold_marks(xcc_fold *fold, const struct xcc_tree *s);
int xcc_fold_fits(const struct xcc_tree *s, const xcc_fold *fold, const ullng *lo,
                  const xcc_u128 *fig);
int xcc_fold_skips(const struct xcc_tree *s, const xcc_fold *fold, ullng count, ullng n);
/* The counter's value at the next solution m<n> lists (every n), the count being count now. */
ullng xcc_fold_listed(const xcc_fold *fold, ullng count, ullng every);

/*
 * A subtree's figures for the memo: packed[k] holds the counters'
 * differences since its node (mod 2^64), fold e of then; over folds they
 * are made whole, and put in packed as the memo keeps them. 0 if the
 * pool of wide figures refuses one (the entry is then not written).
 */
int xcc_fold_subtree(memo *m, const xcc_fold *fold, int e, word *packed);

/* What figure k of the bases grew by since fold e. */
BITS_INLINE xcc_u128 xcc_fold_since(const xcc_fold *f, int e, int k)
{
    return f->log[f->epoch][k] - f->log[e][k];
}

/* A limit as a counter over base reaches it: a 64-bit mark (all ones: out of reach before a fold). */
BITS_INLINE ullng xcc_fold_mark(xcc_u128 limit, xcc_u128 base)
{
    if (limit <= base)
        return 0;
    return limit - base >= ~0ULL ? ~0ULL : (ullng)(limit - base);
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
