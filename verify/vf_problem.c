/*
 * vf_problem.c — the verifier's own reading of an XCC problem
 * (formats/xcc.md), written apart from lib/problem/read.c on purpose: the
 * two must agree on every valid file, and a test holds them to it by
 * verifying the engine's listings.
 *
 * Only what a check needs is kept: item names and kinds, the bounds
 * a:b|name of DLX3's multiplicities, interned colors, and each option that has a primary item as its sorted (item, color)
 * pairs, hashed so an option printed in any rotation is found again.
 */
#include "verify.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int vf_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

void *vf_grow(void *ptr, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return ptr;
    int n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(ptr, (size_t)n * size);
    if (q)
        *cap = n;
    return q;
}

static uint64_t vf_hash(const void *data, size_t len)
{
    const unsigned char *b = data;
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

/* Open addressing over a table of indices (-1 empty), kept under half full. */
static int vf_rehash(int **table, int *size, int count, uint64_t (*key)(const vf_problem *, int),
                     const vf_problem *p)
{
    if (2 * (count + 1) <= *size)
        return 0;
    int n = *size ? 2 * *size : 64;
    int *t = malloc((size_t)n * sizeof *t);
    if (!t)
        return -1;
    memset(t, -1, (size_t)n * sizeof *t);
    for (int i = 0; i < *size; i++)
        if ((*table)[i] >= 0) {
            size_t h = (size_t)(key(p, (*table)[i]) & (uint64_t)(n - 1));
            while (t[h] >= 0)
                h = (h + 1) & (size_t)(n - 1);
            t[h] = (*table)[i];
        }
    free(*table);
    *table = t, *size = n;
    return 0;
}

static uint64_t item_key(const vf_problem *p, int i)
{
    return vf_hash(p->item_name[i], strlen(p->item_name[i]));
}

static uint64_t color_key(const vf_problem *p, int c)
{
    return vf_hash(p->color_name[c], strlen(p->color_name[c]));
}

static uint64_t option_key(const vf_problem *p, int o)
{
    return vf_hash(p->pairs + p->opt[o].first, (size_t)p->opt[o].len * sizeof(vf_pair));
}

static int name_is(const char *name, const char *s, size_t len)
{
    return strlen(name) == len && !memcmp(name, s, len);
}

int vf_item_find(const vf_problem *p, const char *name, size_t len)
{
    if (!p->item_hash_size)
        return -1;
    size_t mask = (size_t)p->item_hash_size - 1;
    for (size_t h = (size_t)vf_hash(name, len) & mask; p->item_hash[h] >= 0; h = (h + 1) & mask)
        if (name_is(p->item_name[p->item_hash[h]], name, len))
            return p->item_hash[h];
    return -1;
}

int vf_color_find(const vf_problem *p, const char *name, size_t len)
{
    if (!p->color_hash_size)
        return -1;
    size_t mask = (size_t)p->color_hash_size - 1;
    for (size_t h = (size_t)vf_hash(name, len) & mask; p->color_hash[h] >= 0; h = (h + 1) & mask)
        if (name_is(p->color_name[p->color_hash[h]], name, len))
            return p->color_hash[h];
    return -1;
}

int vf_option_find(const vf_problem *p, const vf_pair *run, int n)
{
    if (!p->opt_hash_size)
        return -1;
    size_t mask = (size_t)p->opt_hash_size - 1;
    for (size_t h = (size_t)vf_hash(run, (size_t)n * sizeof *run) & mask; p->opt_hash[h] >= 0;
         h = (h + 1) & mask) {
        const vf_option *o = &p->opt[p->opt_hash[h]];
        if (o->len == n && !memcmp(p->pairs + o->first, run, (size_t)n * sizeof *run))
            return p->opt_hash[h];
    }
    return -1;
}

static int pair_cmp(const void *a, const void *b)
{
    const vf_pair *x = a, *y = b;
    return (x->item > y->item) - (x->item < y->item);
}

void vf_pairs_sort(vf_pair *run, int n)
{
    qsort(run, (size_t)n, sizeof *run, pair_cmp);
}

/* Inserts index v, whose key is k, into a table made ready by vf_rehash. */
static void vf_insert(int *table, int size, uint64_t k, int v)
{
    size_t mask = (size_t)size - 1, h = (size_t)k & mask;
    while (table[h] >= 0)
        h = (h + 1) & mask;
    table[h] = v;
}

static char *vf_strndup(const char *s, size_t n)
{
    char *t = malloc(n + 1);
    if (t) {
        memcpy(t, s, n);
        t[n] = 0;
    }
    return t;
}

/* ---- reading --------------------------------------------------------- */

typedef struct reader {
    vf_problem *p;
    vf_error *err;
    long line;
    int items_cap, colors_cap, bounds_cap;
    int has_bounds, has_costs;          /* written anywhere: DLX3's and DLX5's */
    unsigned long long total_cost;      /* of the kept options */
} reader;

static int fail(reader *r, long col, const char *what, const char *s, size_t len)
{
    r->err->status = 2;
    r->err->line = r->line;
    r->err->col = col;
    snprintf(r->err->msg, sizeof r->err->msg, "%s '%.*s'", what, (int)(len > 200 ? 200 : len), s);
    return 2;
}

/* A message of its own at column col. */
static int fail_msg(reader *r, long col, const char *msg)
{
    r->err->status = 2;
    r->err->line = r->line;
    r->err->col = col;
    snprintf(r->err->msg, sizeof r->err->msg, "%s", msg);
    return 2;
}

static int no_memory(reader *r)
{
    r->err->status = 3;
    r->err->line = r->err->col = 0;
    snprintf(r->err->msg, sizeof r->err->msg, "out of memory");
    return 3;
}

static int add_item(reader *r, const char *s, size_t len, long col)
{
    vf_problem *p = r->p;
    if (memchr(s, ':', len) || memchr(s, '|', len))
        return fail(r, col, "bad item name", s, len);
    if (vf_item_find(p, s, len) >= 0)
        return fail(r, col, "duplicate item name", s, len);
    char **names = vf_grow(p->item_name, &r->items_cap, p->nitems + 1, sizeof *names);
    if (!names)
        return no_memory(r);
    p->item_name = names;
    if (!(names[p->nitems] = vf_strndup(s, len)) ||
        vf_rehash(&p->item_hash, &p->item_hash_size, p->nitems, item_key, p))
        return no_memory(r);
    vf_insert(p->item_hash, p->item_hash_size, item_key(p, p->nitems), p->nitems);
    p->nitems++;
    return 0;
}

static int intern_color(reader *r, const char *s, size_t len)
{
    vf_problem *p = r->p;
    int c = vf_color_find(p, s, len);
    if (c >= 0)
        return c;
    char **names = vf_grow(p->color_name, &r->colors_cap, p->ncolors + 2, sizeof *names);
    if (!names)
        return -1;
    p->color_name = names;
    c = p->ncolors + 1;
    if (!(names[c] = vf_strndup(s, len)) ||
        vf_rehash(&p->color_hash, &p->color_hash_size, p->ncolors, color_key, p))
        return -1;
    p->ncolors = c;
    vf_insert(p->color_hash, p->color_hash_size, color_key(p, c), c);
    return c;
}

/* The value of the n digits at s (at most 2147483647, as the solver's), or -1. */
static long bound_value(const char *s, size_t n)
{
    long v = 0;
    for (size_t k = 0; k < n; k++) {
        if (s[k] < '0' || s[k] > '9' || (v = 10 * v + (s[k] - '0')) > 2147483647L)
            return -1;
    }
    return v;
}

/* The length of the bounds "a:b|", "b|" or ":b|" the n bytes at s start
   with, lo and hi set; 0 if s does not start with digits and ':' before
   a '|' (then it is a name, or a bad one); -1 if the bounds are bad. */
static long read_bounds(const char *s, size_t n, long *lo, long *hi)
{
    const char *bar = memchr(s, '|', n);
    size_t k = bar ? (size_t)(bar - s) : 0;
    if (!k || strspn(s, "0123456789:") < k)
        return 0;
    const char *colon = memchr(s, ':', k);
    size_t c = colon ? (size_t)(colon - s) : k;
    *lo = bound_value(s, c);
    *hi = colon ? bound_value(colon + 1, k - c - 1) : *lo;
    if (*lo < 0 || *hi < 1 || *lo > *hi || (colon && c + 1 == k) || k + 1 == n)
        return -1;
    return (long)k + 1;
}

/* Makes room for the bounds of items 0 .. need-1 (1 and 1 unless set). */
static int grow_bounds(reader *r, int need)
{
    vf_problem *p = r->p;
    int had = r->bounds_cap, cap = had;
    if (need <= had)
        return 0;
    int *lo = vf_grow(p->lo, &cap, need, sizeof(int));
    if (!lo)
        return no_memory(r);
    p->lo = lo;
    cap = had;
    int *hi = vf_grow(p->hi, &cap, need, sizeof(int));
    if (!hi)
        return no_memory(r);
    p->hi = hi;
    for (int i = had; i < cap; i++)
        p->lo[i] = p->hi[i] = 1;
    r->bounds_cap = cap;
    return 0;
}

/*
 * The item line, tokenized as the solver reads it (formats/xcc.md):
 * names, DLX3's bounds in front of a primary one, separated by white
 * space; right after a name, a '|' is the bar that ends the primary
 * items, whether white space follows it or not, so "a |x" is the item a,
 * the bar and the secondary item x. The bar comes at most once (a line
 * that starts with it is a comment, not an item line); any other '|' or
 * ':' makes a bad name.
 */
static int read_item_line(reader *r, const char *s, size_t n)
{
    int secondary = 0, after_name = 0;
    for (size_t i = 0;;) {
        while (i < n && vf_space((unsigned char)s[i]))
            i++;
        if (i == n)
            break;
        if (s[i] == '|' && after_name) {
            if (secondary)
                return fail(r, (long)i + 1, "a second", "|", 1);
            secondary = 1;
            r->p->nprimary = r->p->nitems;
            after_name = 0;
            i++;
            continue;
        }
        size_t start = i;
        while (i < n && !vf_space((unsigned char)s[i]))
            i++;
        long lo = 1, hi = 1, b = read_bounds(s + start, i - start, &lo, &hi);
        if (b < 0 || (b > 0 && secondary))
            return fail(r, (long)start + 1, b < 0 ? "bad bounds" : "bounds on a secondary item",
                        s + start, i - start);
        r->has_bounds |= b > 0;
        int st = add_item(r, s + start + b, i - start - (size_t)b, (long)start + b + 1);
        if (!st && b > 0 && (lo != 1 || hi != 1) && !(st = grow_bounds(r, r->p->nitems)))
            r->p->lo[r->p->nitems - 1] = (int)lo, r->p->hi[r->p->nitems - 1] = (int)hi;
        if (st)
            return st;
        after_name = 1;
    }
    if (!secondary)
        r->p->nprimary = r->p->nitems;
    return r->p->lo ? grow_bounds(r, r->p->nitems) : 0;
}

/* A cost entry "|digits" of s[0..len-1] added to *cost; 0 or 2. */
static int read_cost(reader *r, const char *s, size_t len, long col, unsigned long long *cost)
{
    unsigned long long c = 0;
    if (len < 2)
        return fail(r, col, "bad cost", s, len);
    for (size_t i = 1; i < len; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d > 9)
            return fail(r, col, "bad cost", s, len);
        if (c > (~0ULL - 1 - d) / 10)
            return fail(r, col, "cost too large:", s, len);
        c = 10 * c + d;
    }
    if (*cost > ~0ULL - 1 - c)
        return fail(r, col, "costs adding up too much:", s, len);
    *cost += c;
    return 0;
}

static int read_option(reader *r, const char *s, size_t n)
{
    vf_problem *p = r->p;
    int first = p->npairs, primaries = 0;
    unsigned long long cost = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && vf_space((unsigned char)s[i]))
            i++;
        size_t start = i;
        while (i < n && !vf_space((unsigned char)s[i]))
            i++;
        if (i == start)
            break;
        if (s[start] == '|') { /* the line does not start with it: a cost */
            int st = read_cost(r, s + start, i - start, (long)start + 1, &cost);
            if (st)
                return st;
            r->has_costs = 1;
            continue;
        }
        const char *colon = memchr(s + start, ':', i - start);
        size_t nlen = colon ? (size_t)(colon - (s + start)) : i - start;
        int item = vf_item_find(p, s + start, nlen);
        if (item < 0)
            return fail(r, (long)start + 1, "unknown item", s + start, nlen);
        int color = 0;
        if (colon) {
            size_t clen = i - start - nlen - 1;
            if (item < p->nprimary || !clen)
                return fail(r, (long)start + 1, "bad color on", s + start, i - start);
            if ((color = intern_color(r, colon + 1, clen)) < 0)
                return no_memory(r);
        }
        for (int k = first; k < p->npairs; k++)
            if (p->pairs[k].item == item)
                return fail(r, (long)start + 1, "item twice in an option:", s + start, nlen);
        vf_pair *pairs = vf_grow(p->pairs, &p->pairs_cap, p->npairs + 1, sizeof *pairs);
        if (!pairs)
            return no_memory(r);
        p->pairs = pairs;
        pairs[p->npairs++] = (vf_pair){item, color};
        primaries += item < p->nprimary;
    }
    if (!primaries) { /* dropped, as DLX2 drops it */
        p->npairs = first;
        return 0;
    }
    if (r->total_cost > ~0ULL - 1 - cost) /* a solution's cost could pass DLX5's infinity */
        return fail_msg(r, 1, "the costs of all options add up past 18446744073709551614");
    r->total_cost += cost;
    vf_pairs_sort(p->pairs + first, p->npairs - first);
    vf_option *opt = vf_grow(p->opt, &p->opt_cap, p->nopt + 1, sizeof *opt);
    if (!opt)
        return no_memory(r);
    p->opt = opt;
    opt[p->nopt] = (vf_option){r->line, first, p->npairs - first, cost, -1};
    if (vf_rehash(&p->opt_hash, &p->opt_hash_size, p->nopt, option_key, p))
        return no_memory(r);
    /* an option given twice stays findable under its first copy, the others chained to it */
    int o = vf_option_find(p, p->pairs + first, p->npairs - first);
    if (o < 0) {
        vf_insert(p->opt_hash, p->opt_hash_size, option_key(p, p->nopt), p->nopt);
    } else {
        while (opt[o].next_copy >= 0)
            o = opt[o].next_copy;
        opt[o].next_copy = p->nopt;
    }
    p->nopt++;
    return 0;
}

int vf_problem_read(vf_problem *p, FILE *in, vf_error *err)
{
    memset(p, 0, sizeof *p);
    reader r = {.p = p, .err = err};
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    int status = 0, have_items = 0;
    while (!status && (got = getline(&buf, &cap, in)) >= 0) {
        size_t n = (size_t)got;
        r.line++;
        if (n && buf[n - 1] == '\n')
            n--;
        if (memchr(buf, 0, n)) {
            status = fail(&r, (long)((char *)memchr(buf, 0, n) - buf) + 1, "NUL byte in", "the input", 9);
            break;
        }
        size_t i = 0;
        while (i < n && vf_space((unsigned char)buf[i]))
            i++;
        if (i == n || buf[i] == '|')
            continue; /* blank or comment */
        status = have_items ? read_option(&r, buf, n) : read_item_line(&r, buf, n);
        have_items = 1;
    }
    free(buf);
    if (!status && ferror(in)) {
        err->status = 2, err->line = err->col = 0;
        snprintf(err->msg, sizeof err->msg, "read error");
        status = 2;
    } else if (!status && !have_items) {
        err->status = 2, err->line = r.line + 1, err->col = 1; /* past the end, as the solver */
        snprintf(err->msg, sizeof err->msg, "no item line");
        status = 2;
    } else if (!status && r.has_bounds && r.has_costs) { /* as the solver: DLX3's or DLX5's */
        err->status = 2, err->line = err->col = 0;
        snprintf(err->msg, sizeof err->msg, "bounds (multiplicities) and costs in one problem");
        status = 2;
    }
    if (status)
        vf_problem_free(p);
    return status;
}

void vf_problem_free(vf_problem *p)
{
    for (int i = 0; i < p->nitems; i++)
        free(p->item_name[i]);
    for (int c = 1; c <= p->ncolors; c++)
        free(p->color_name[c]);
    free(p->item_name);
    free(p->lo), free(p->hi);
    free(p->color_name);
    free(p->pairs);
    free(p->opt);
    free(p->item_hash);
    free(p->color_hash);
    free(p->opt_hash);
    memset(p, 0, sizeof *p);
}
