/*
 * bits/bits.h — the bit tables behind the engines that work with sets of
 * options instead of dancing links (fast/fast.c, twin/dlx2.c). Private to
 * lib/: programs use xcc.h.
 *
 * Built once from an xcc_problem, which stays unchanged:
 *
 *   options   0 .. n-1 in input order. prim[pstart[o] .. pstart[o+1]-1]
 *             are the primary items of option o, numbered 0 .. P-1 (item
 *             i of the problem is i-1); olen[o] is its number of items,
 *             osec[o] how many of them are secondary, first[o] the node of
 *             its first item in p->nd.
 *   compat    n rows of W = ceil(n/64) words: bit o2 of row o is set when
 *             o and o2 are compatible: they share no primary item, and
 *             every secondary item they share has the same color in both
 *             (an uncolored one is shared with nobody). Never o2 == o.
 *             Built whole (BITS_WHOLE: from the factored rows below,
 *             which are then dropped, or by pairs where the colors would
 *             take more rows than the options), or factored
 *             (BITS_FACTORED), or not at all (BITS_NO_COMPAT: compat is
 *             NULL either way).
 *   mask      a row of W words for each item i (row i-1): the options that
 *             contain it. Factored, rows items .. rows-1 follow: for each
 *             secondary item s and each color c it gets, the options
 *             that clash with c at s (they hold s with another color, or
 *             uncolored); and orp[x - items - 1] is the row of node x of
 *             an option: its item's (i - 1) for a primary item or an
 *             uncolored secondary one, else the clash row of its item and
 *             color. Row o of compat is then the complement of the OR of
 *             the rows of o's nodes (bits_compat_word): n x (items +
 *             colors per item) bits instead of n x n.
 *   lists     for each item i, the options that contain it in input
 *             order, with the node of i in the option (for printing):
 *             list[lstart[i] .. lstart[i+1]-1].
 *
 * Whole, the tables take about (options + items) x options / 8 bytes;
 * factored, (items + item-color pairs) x options / 8.
 */
#ifndef XCC_BITS_H
#define XCC_BITS_H

#include <stddef.h>
#include <stdint.h>
#include "problem/problem.h"

typedef uint64_t word;

/*
 * The bit-set engines count bits all the time. x86-64 has had a popcnt
 * instruction since 2008, but the baseline ISA lacks it and gcc would
 * call a library routine instead; so their search functions are compiled
 * twice, with and without it, and the loader picks (target_clones). The
 * helpers they call are inlined into both copies. clang makes the
 * resolver of a static function global ("walk.resolver"), so each such
 * function needs a name no other file uses.
 */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BITS_NO_CLONES /* ThreadSanitizer crashes in the loader's resolver */
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define BITS_NO_CLONES
#endif
#if defined(__AFL_COMPILER)
#define BITS_NO_CLONES /* AFL++'s coverage pass (4.04c) asserts on the ifunc they make */
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__APPLE__) \
    && !defined(BITS_NO_CLONES)
#define BITS_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define BITS_HOT
#endif
#define BITS_INLINE static inline __attribute__((always_inline))
/* A branch that is seldom taken: its code goes out of the walk's way. */
#define BITS_RARE(x) __builtin_expect(!!(x), 0)

typedef struct bits_entry {
    int opt;   /* an option containing the item */
    int node;  /* the item's node in that option */
} bits_entry;

typedef struct xcc_bits {
    int n, W;         /* options, words per row */
    int P, P8;        /* primary items; P rounded up past a multiple of 8 */
    int items;        /* p->last_itm: items are 1 .. items-1 */
    int *pstart, *prim, *olen, *osec;
    int *first;       /* the node of each option's first item in p->nd */
    word *compat, *mask;
    int rows;         /* rows of mask: items, then the clash rows when factored */
    int *orow;        /* while factored rows are built: the row of each node */
    const word **orp; /* factored: each node's row (orow[x] as a pointer), or NULL */
    int *lstart;
    bits_entry *list;
    size_t table_bytes;
} xcc_bits;

/* What xcc_bits_build would allocate for p with the whole table, roughly. */
size_t xcc_bits_table_bytes(const xcc_problem *p);
/* The same with the factored table (at most: it counts item-color pairs
   by an upper bound). */
size_t xcc_bits_factored_bytes(const xcc_problem *p);

/* How xcc_bits_build makes compat. */
enum { BITS_NO_COMPAT, BITS_WHOLE, BITS_FACTORED };

/*
 * Builds the tables; 0, or 3 when memory is short (b is then empty).
 * compat, the largest (options x options bits) and the slowest to build,
 * whole or factored as how says, or not at all: the twin never reads it.
 */
int xcc_bits_build(xcc_bits *b, const xcc_problem *p, int how);
void xcc_bits_free(xcc_bits *b);

/*
 * For purifying a word of options at a time (the twins of DLX2 and DLX3):
 * for each secondary item and each color it gets, a row of W words, the
 * options that give it that color; (*agree_of)[x - p->last_itm] is the
 * row of node x, or -1 for a node without a color. 0, or 3 when memory
 * is short (what was allocated is in *agree_of and *agree, to be freed).
 */
int xcc_bits_agree(const xcc_bits *b, const xcc_problem *p, int **agree_of, word **agree);

BITS_INLINE int bits_has(const word *set, int o)
{
    return (set[o / 64] >> (o % 64)) & 1;
}

/* The row of item i (1-based, as in the problem) in mask. */
BITS_INLINE const word *bits_item_mask(const xcc_bits *b, int i)
{
    return b->mask + (size_t)(i - 1) * (size_t)b->W;
}

/*
 * Word w of row o of compat when it is factored: rp[0 .. nr-1] are the
 * rows of o's nodes (bits_option_rows, olen[o] of them). o itself is in
 * the row of its primary items.
 */
BITS_INLINE word bits_compat_word(const word *const *rp, int nr, int w)
{
    word clash = rp[0][w];
    for (int r = 1; r < nr; r++)
        clash |= rp[r][w];
    return ~clash;
}

/* The rows of option o's nodes (factored), olen[o] of them. */
BITS_INLINE const word *const *bits_option_rows(const xcc_bits *b, int o)
{
    return b->orp + (b->first[o] - b->items - 1);
}

/*
 * The set halves of the twins' cover and purify (twin/dlx2.h, twin/dlx3.h).
 * bits_take: item x's live options leave live, into opts; their number.
 */
BITS_INLINE ullng bits_take(const xcc_bits *b, word *live, int x, word *opts)
{
    const word *mk = bits_item_mask(b, x);
    ullng m = 0;
    for (int w = 0; w < b->W; w++) {
        word h = live[w] & mk[w];
        opts[w] = h;
        live[w] &= ~h;
        m += (ullng)__builtin_popcountll(h);
    }
    return m;
}

/*
 * Item x's live options not in agree (another color) leave live, into h;
 * the number of its live options, and in *same those agreeing.
 */
BITS_INLINE ullng bits_take_other_colors(const xcc_bits *b, word *live, int x, const word *agree,
                                         word *h, ullng *same)
{
    const word *mk = bits_item_mask(b, x);
    ullng all = 0, sm = 0;
    for (int w = 0; w < b->W; w++) {
        word l = live[w] & mk[w];
        h[w] = l & ~agree[w];
        live[w] &= ~h[w];
        all += (ullng)__builtin_popcountll(l);
        sm += (ullng)__builtin_popcountll(l & agree[w]);
    }
    *same = sm;
    return all;
}

#endif
