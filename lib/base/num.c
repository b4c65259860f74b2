/*
 * base/num.c — exact numbers of any size (base/num.h): schoolbook
 * arithmetic on 64-bit limbs, which is all a count needs (sums, and
 * products by small factors).
 */
#include "base/num.h"

#include <string.h>
#include "base/alloc.h"

char *xcc_u128_text(xcc_u128 x, char out[XCC_U128_TEXT])
{
    char *q = out + XCC_U128_TEXT - 1;
    *q = '\0';
    do
        *--q = (char)('0' + (int)(x % 10)), x /= 10;
    while (x);
    return memmove(out, q, (size_t)(out + XCC_U128_TEXT - 1 - q) + 1);
}

int xcc_u128_parse(const char *s, size_t n, xcc_u128 *out)
{
    xcc_u128 v = 0, most = ~(xcc_u128)0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (most - d) / 10)
            return 1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* ---- numbers of any size -------------------------------------------------- */

void xcc_big_free(xcc_big *a)
{
    free(a->w);
    *a = (xcc_big)XCC_BIG_ZERO;
}

static int reserve(xcc_big *a, size_t n)
{
    if (n <= a->cap)
        return 0;
    size_t cap = a->cap ? a->cap : 2;
    while (cap < n)
        cap *= 2;
    uint64_t *w = realloc(a->w, cap * sizeof *w);
    if (!w)
        return 1;
    a->w = w, a->cap = cap;
    return 0;
}

static void trim(xcc_big *a)
{
    while (a->n && !a->w[a->n - 1])
        a->n--;
}

int xcc_big_set(xcc_big *a, xcc_u128 v)
{
    if (reserve(a, 2))
        return 1;
    a->w[0] = (uint64_t)v, a->w[1] = (uint64_t)(v >> 64), a->n = 2;
    trim(a);
    return 0;
}

int xcc_big_copy(xcc_big *a, const xcc_big *b)
{
    if (a == b)
        return 0;
    if (reserve(a, b->n))
        return 1;
    if (b->n)
        memcpy(a->w, b->w, b->n * sizeof *b->w);
    a->n = b->n;
    return 0;
}

/* a += the n limbs at w */
static int add_limbs(xcc_big *a, const uint64_t *w, size_t n)
{
    size_t top = (a->n > n ? a->n : n) + 1;
    if (reserve(a, top))
        return 1;
    for (size_t i = a->n; i < top; i++)
        a->w[i] = 0;
    unsigned carry = 0;
    for (size_t i = 0; i < top; i++) {
        uint64_t x = i < n ? w[i] : 0, s = a->w[i] + x;
        unsigned c = s < x;
        a->w[i] = s + carry;
        carry = c | (a->w[i] < s);
        if (i >= n && !carry)
            break;
    }
    a->n = top;
    trim(a);
    return 0;
}

int xcc_big_add(xcc_big *a, const xcc_big *b)
{
    if (a == b) {
        return xcc_big_mul_u64(a, 2);
    }
    return add_limbs(a, b->w, b->n);
}

int xcc_big_add_u128(xcc_big *a, xcc_u128 v)
{
    uint64_t w[2] = {(uint64_t)v, (uint64_t)(v >> 64)};
    return add_limbs(a, w, 2);
}

void xcc_big_sub(xcc_big *a, const xcc_big *b)
{
    unsigned borrow = 0;
    for (size_t i = 0; i < a->n; i++) {
        uint64_t x = i < b->n ? b->w[i] : 0, d = a->w[i] - x;
        unsigned c = a->w[i] < x;
        a->w[i] = d - borrow;
        borrow = c | (d < borrow);
        if (i >= b->n && !borrow)
            break;
    }
    trim(a);
}

int xcc_big_mul_u64(xcc_big *a, uint64_t m)
{
    if (reserve(a, a->n + 1))
        return 1;
    uint64_t carry = 0;
    for (size_t i = 0; i < a->n; i++) {
        xcc_u128 p = (xcc_u128)a->w[i] * m + carry;
        a->w[i] = (uint64_t)p, carry = (uint64_t)(p >> 64);
    }
    a->w[a->n++] = carry;
    trim(a);
    return 0;
}

uint64_t xcc_big_div_u64(xcc_big *a, uint64_t d)
{
    xcc_u128 rem = 0;
    for (size_t i = a->n; i-- > 0;) {
        xcc_u128 cur = rem << 64 | a->w[i];
        a->w[i] = (uint64_t)(cur / d);
        rem = cur % d;
    }
    trim(a);
    return (uint64_t)rem;
}

int xcc_big_cmp(const xcc_big *a, const xcc_big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (size_t i = a->n; i-- > 0;)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

int xcc_big_fits(const xcc_big *a, xcc_u128 *v)
{
    if (a->n > 2)
        return 0;
    *v = (a->n > 1 ? (xcc_u128)a->w[1] << 64 : 0) | (a->n ? a->w[0] : 0);
    return 1;
}

size_t xcc_big_bits(const xcc_big *a)
{
    if (!a->n)
        return 0;
    return 64 * (a->n - 1) + (size_t)(64 - __builtin_clzll(a->w[a->n - 1]));
}

#define TEN19 10000000000000000000ULL

char *xcc_big_text(const xcc_big *a)
{
    size_t room = a->n * 20 + 2;
    char *out = malloc(room);
    xcc_big q = XCC_BIG_ZERO;
    if (!out || xcc_big_copy(&q, a)) {
        free(out);
        return NULL;
    }
    char *d = out + room - 1;
    *d = '\0';
    do { /* 19 digits at a time, the least significant first */
        uint64_t chunk = xcc_big_div_u64(&q, TEN19);
        for (int k = 0; k < 19 && (q.n || chunk || k == 0); k++)
            *--d = (char)('0' + chunk % 10), chunk /= 10;
    } while (q.n);
    memmove(out, d, (size_t)(out + room - d));
    xcc_big_free(&q);
    return out;
}

int xcc_big_parse(xcc_big *a, const char *s, size_t n)
{
    xcc_big v = XCC_BIG_ZERO;
    for (size_t i = 0; i < n;) {
        uint64_t chunk = 0, scale = 1;
        for (int k = 0; k < 19 && i < n; k++, i++)
            chunk = chunk * 10 + (uint64_t)(s[i] - '0'), scale *= 10;
        if (xcc_big_mul_u64(&v, scale) || xcc_big_add_u128(&v, chunk)) {
            xcc_big_free(&v);
            return 1;
        }
    }
    xcc_big_free(a);
    *a = v;
    return 0;
}

/* ---- counts that are cheap while small ------------------------------------- */

void xcc_bigpool_free(xcc_bigpool *pool)
{
    for (size_t i = 0; i < pool->n; i++)
        xcc_big_free(&pool->v[i]);
    free(pool->v);
    *pool = (xcc_bigpool){NULL, 0, 0};
}

void xcc_bigpool_truncate(xcc_bigpool *pool, size_t n)
{
    while (pool->n > n)
        xcc_big_free(&pool->v[--pool->n]);
}

int xcc_count_get(const xcc_bigpool *pool, xcc_count c, xcc_big *out)
{
    if (!xcc_count_is_big(c))
        return xcc_big_set(out, c);
    return xcc_big_copy(out, &pool->v[(size_t)(c & ~XCC_WIDE_TOP)]);
}

int xcc_count_of(xcc_bigpool *pool, const xcc_big *a, xcc_count *out)
{
    xcc_u128 v;
    if (xcc_big_fits(a, &v) && v < XCC_WIDE_TOP) {
        *out = v;
        return 0;
    }
    if (pool->n == pool->cap) {
        size_t cap = pool->cap ? 2 * pool->cap : 64;
        xcc_big *nv = realloc(pool->v, cap * sizeof *nv);
        if (!nv)
            return 1;
        pool->v = nv, pool->cap = cap;
    }
    xcc_big *slot = &pool->v[pool->n];
    *slot = (xcc_big)XCC_BIG_ZERO;
    if (xcc_big_copy(slot, a))
        return 1;
    *out = XCC_WIDE_TOP | pool->n++;
    return 0;
}

/* *out = a + b (sub: a - b), through numbers of any size. */
static int count_big_op(xcc_bigpool *pool, xcc_count a, xcc_count b, xcc_count *out, int sub)
{
    xcc_big x = XCC_BIG_ZERO, y = XCC_BIG_ZERO;
    int fail = xcc_count_get(pool, a, &x) || xcc_count_get(pool, b, &y);
    if (!fail) {
        if (sub)
            xcc_big_sub(&x, &y);
        else
            fail = xcc_big_add(&x, &y);
    }
    fail = fail || xcc_count_of(pool, &x, out);
    xcc_big_free(&x), xcc_big_free(&y);
    return fail;
}

int xcc_count_add(xcc_bigpool *pool, xcc_count a, xcc_count b, xcc_count *out)
{
    if (!((a | b) & XCC_WIDE_TOP)) {
        xcc_u128 s = a + b; /* both below 2^127: no wrap */
        if (s < XCC_WIDE_TOP) {
            *out = s;
            return 0;
        }
    }
    return count_big_op(pool, a, b, out, 0);
}

int xcc_count_sub(xcc_bigpool *pool, xcc_count a, xcc_count b, xcc_count *out)
{
    if (!((a | b) & XCC_WIDE_TOP)) {
        *out = a - b;
        return 0;
    }
    return count_big_op(pool, a, b, out, 1);
}

int xcc_count_cmp(const xcc_bigpool *pool, xcc_count a, xcc_count b)
{
    if (!((a | b) & XCC_WIDE_TOP))
        return a < b ? -1 : a > b;
    if (!xcc_count_is_big(a))
        return -1; /* a pool's numbers are all at least 2^127 */
    if (!xcc_count_is_big(b))
        return 1;
    return xcc_big_cmp(&pool->v[(size_t)(a & ~XCC_WIDE_TOP)], &pool->v[(size_t)(b & ~XCC_WIDE_TOP)]);
}

/* ---- a memo's figures, one word each ---------------------------------------- */

void xcc_wides_free(xcc_wides *ws)
{
    if (ws->chunk) {
        for (size_t i = 0; i < XCC_WIDES_CHUNKS; i++)
            free(ws->chunk[i]);
        free(ws->chunk);
    }
    *ws = (xcc_wides){NULL, 0, 0};
}

/* Makes the table of chunks, if no thread has; 1 if it is not there. */
static int wides_table(xcc_wides *ws)
{
    xcc_u128 **t = __atomic_load_n(&ws->chunk, __ATOMIC_ACQUIRE);
    if (t)
        return 0;
    int idle = 0;
    if (!__atomic_compare_exchange_n(&ws->busy, &idle, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return 1; /* another thread makes it: this value is just not kept */
    /* Looked at again: a thread that made it may have let go of busy since
       the first look, and a second table would lose what the first holds. */
    t = __atomic_load_n(&ws->chunk, __ATOMIC_ACQUIRE);
    if (!t && (t = calloc(XCC_WIDES_CHUNKS, sizeof *t)))
        __atomic_store_n(&ws->chunk, t, __ATOMIC_RELEASE);
    __atomic_store_n(&ws->busy, 0, __ATOMIC_RELEASE);
    return t == NULL;
}

int xcc_wides_put(xcc_wides *ws, xcc_u128 v, uint64_t *out)
{
    if (v < XCC_WIDES_ESCAPE) {
        *out = (uint64_t)v;
        return 0;
    }
    if (wides_table(ws))
        return 1;
    size_t k = __atomic_fetch_add(&ws->n, 1, __ATOMIC_RELAXED);
    if (k >= (size_t)XCC_WIDES_CHUNK * XCC_WIDES_CHUNKS)
        return 1;
    xcc_u128 **slot = &ws->chunk[k / XCC_WIDES_CHUNK];
    xcc_u128 *c = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!c) {
        xcc_u128 *fresh = malloc(XCC_WIDES_CHUNK * sizeof *fresh), *none = NULL;
        if (!fresh)
            return 1;
        if (__atomic_compare_exchange_n(slot, &none, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            c = fresh;
        else
            free(fresh), c = none;
    }
    c[k % XCC_WIDES_CHUNK] = v;
    *out = XCC_WIDES_ESCAPE | k;
    return 0;
}
