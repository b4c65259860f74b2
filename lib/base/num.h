/*
 * base/num.h — exact numbers, of any size: every count and figure dlx2
 * prints is exact, however large (formats/mems.md, "Figures past 2^64").
 *
 * Three kinds, from the cheapest:
 *   xcc_u128    the figures of a walk (solutions, nodes, mems, ...):
 *               128 bits, which a walk that adds them one node at a time
 *               can never fill; a walk whose memo adds whole subtrees
 *               stops at XCC_WIDE_TOP (2^127) rather than wrap, so that
 *               the sum of two figures never wraps either.
 *   xcc_big     an unsigned integer of any number of 64-bit limbs, for
 *               the counts that may pass 2^128: the zdd engine's, the
 *               sums of --merge, the decimal text of the library.
 *   xcc_count   a count kept in 128 bits that is itself below 2^127, or
 *               else (top bit set) the index of an xcc_big in a pool:
 *               the zdd engine's counts, cheap while they are small.
 * And xcc_wides: a memo's figures in one word each, with an escape to a
 * pool of 128-bit values for the few that do not fit in 63 bits.
 */
#ifndef XCC_NUM_H
#define XCC_NUM_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned long long ullng;
__extension__ typedef unsigned __int128 xcc_u128;

/* DLX5's "infinite" cost: no total may reach it. */
#define XCC_COST_INFINITY (~0ULL)

/* 2^127: walks keep their figures below it, so a sum of two never wraps. */
#define XCC_WIDE_TOP ((xcc_u128)1 << 127)

/* Bytes of the decimal text of a 128-bit number, NUL included. */
#define XCC_U128_TEXT 40

/* The decimal digits of x into out; returns out. */
char *xcc_u128_text(xcc_u128 x, char out[XCC_U128_TEXT]);

/* The value of the n decimal digits at s (n > 0, digits only): 0, or 1 past 2^128 - 1. */
int xcc_u128_parse(const char *s, size_t n, xcc_u128 *out);

/* x in 64 bits: x itself, or UINT64_MAX when it does not fit (then *over is set). */
static inline uint64_t xcc_u128_low(xcc_u128 x, int *over)
{
    if (x >> 64) {
        *over = 1;
        return UINT64_MAX;
    }
    return (uint64_t)x;
}

/* ---- numbers of any size -------------------------------------------------- */

/* w[0 .. n-1], least significant first, w[n-1] != 0; zero is n == 0. */
typedef struct xcc_big {
    uint64_t *w;
    size_t n, cap;
} xcc_big;

#define XCC_BIG_ZERO {NULL, 0, 0}

/* Every call that can grow a number returns 1 when memory runs out (the number is then unchanged). */
void xcc_big_free(xcc_big *a);
int xcc_big_set(xcc_big *a, xcc_u128 v);
int xcc_big_copy(xcc_big *a, const xcc_big *b);
int xcc_big_add(xcc_big *a, const xcc_big *b);          /* a += b */
int xcc_big_add_u128(xcc_big *a, xcc_u128 v);            /* a += v */
void xcc_big_sub(xcc_big *a, const xcc_big *b);          /* a -= b; b <= a */
int xcc_big_mul_u64(xcc_big *a, uint64_t m);             /* a *= m */
uint64_t xcc_big_div_u64(xcc_big *a, uint64_t d);        /* a /= d (d > 0); the remainder */
int xcc_big_cmp(const xcc_big *a, const xcc_big *b);     /* -1, 0, 1 */
/* Whether a fits in 128 bits, and then its value. */
int xcc_big_fits(const xcc_big *a, xcc_u128 *v);
/* The number of significant bits (0 for zero). */
size_t xcc_big_bits(const xcc_big *a);
/* The decimal digits, in memory the caller frees; NULL when memory runs out. */
char *xcc_big_text(const xcc_big *a);
/* The value of the n decimal digits at s (n > 0, digits only); 1 out of memory. */
int xcc_big_parse(xcc_big *a, const char *s, size_t n);

/* ---- counts that are cheap while small ------------------------------------- */

/* A value below XCC_WIDE_TOP, or XCC_WIDE_TOP | k for the k-th number of a pool. */
typedef xcc_u128 xcc_count;

typedef struct xcc_bigpool {
    xcc_big *v;
    size_t n, cap;
} xcc_bigpool;

void xcc_bigpool_free(xcc_bigpool *pool);
/* Drops the numbers made after the first n (a pool is also a stack). */
void xcc_bigpool_truncate(xcc_bigpool *pool, size_t n);

static inline int xcc_count_is_big(xcc_count c) { return (c & XCC_WIDE_TOP) != 0; }

/* *out = a + b; 1 out of memory. */
int xcc_count_add(xcc_bigpool *pool, xcc_count a, xcc_count b, xcc_count *out);
/* *out = a - b (b <= a); 1 out of memory. */
int xcc_count_sub(xcc_bigpool *pool, xcc_count a, xcc_count b, xcc_count *out);
int xcc_count_cmp(const xcc_bigpool *pool, xcc_count a, xcc_count b);
/* The value of c as a number of any size; 1 out of memory. */
int xcc_count_get(const xcc_bigpool *pool, xcc_count c, xcc_big *out);
/* The count of the value of a; 1 out of memory. */
int xcc_count_of(xcc_bigpool *pool, const xcc_big *a, xcc_count *out);

/* ---- a memo's figures, one word each ---------------------------------------- */

/*
 * A figure below 2^63 is its own word; a larger one is XCC_WIDES_ESCAPE
 * | k, the k-th value of the pool. Threads that share a memo share its
 * pool: a value is written before the index is handed out, and chunks
 * are never moved, so a reader needs no lock. A full pool (or no
 * memory) refuses a value: a memo then just does not keep that entry.
 */
#define XCC_WIDES_ESCAPE (1ULL << 63)
#define XCC_WIDES_CHUNK 1024
#define XCC_WIDES_CHUNKS 4096

typedef struct xcc_wides {
    xcc_u128 **chunk; /* XCC_WIDES_CHUNKS pointers, made when the first value comes */
    size_t n;         /* values handed out (atomic) */
    int busy;         /* a thread is making the table of chunks */
} xcc_wides;

void xcc_wides_free(xcc_wides *ws);

/* The word for v, in *out; 1 when the pool refuses it. */
int xcc_wides_put(xcc_wides *ws, xcc_u128 v, uint64_t *out);

static inline xcc_u128 xcc_wides_get(const xcc_wides *ws, uint64_t w)
{
    if (!(w & XCC_WIDES_ESCAPE))
        return w;
    size_t k = (size_t)(w & ~XCC_WIDES_ESCAPE);
    const xcc_u128 *c = __atomic_load_n(&ws->chunk[k / XCC_WIDES_CHUNK], __ATOMIC_ACQUIRE);
    return c[k % XCC_WIDES_CHUNK];
}

#endif
