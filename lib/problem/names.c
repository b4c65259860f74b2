/*
 * problem/names.c — the names of a problem as the reader keeps them: their
 * bytes in one pool (p->names, offsets into it in the items and colors),
 * and a hash table each for items and colors, so that a name is found
 * in constant time where DLX2 searches linearly (the reader still
 * charges his mems). Also the growing of the reader's arrays, and its
 * failures (what read.c and read_ext.c stop with).
 */
#include "problem/read.h"
#include "base/alloc.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- failing ---------------------------------------------------------- */

xcc_status xcc_read_fail(xcc_reader *r, xcc_status status, long col, const char *fmt, ...)
{
    va_list ap;
    r->status = status;
    if (r->err) {
        r->err->line = r->line;
        r->err->col = col;
        va_start(ap, fmt);
        vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

/* ---- growing arrays ---------------------------------------------------- */

int xcc_grow(void **arr, int *cap, int need, size_t elem)
{
    if (need < *cap)
        return 0;
    long long want = *cap ? 2LL * *cap : 64;
    while (want <= need)
        want *= 2;
    if (want > INT_MAX)
        want = INT_MAX;
    if (want <= need)
        return -1;
    void *q = realloc(*arr, (size_t)want * elem);
    if (!q)
        return -1;
    *arr = q;
    *cap = (int)want;
    return 0;
}

/* Appends bytes to the name pool; returns the offset or -1. */
long xcc_names_add(xcc_problem *p, const char *s, size_t n)
{
    if (p->names_len + n + 1 > (size_t)INT_MAX)
        return -1;
    if (p->names_len + n + 1 > p->names_cap) {
        size_t want = p->names_cap ? 2 * p->names_cap : 4096;
        while (want < p->names_len + n + 1)
            want *= 2;
        char *q = realloc(p->names, want);
        if (!q)
            return -1;
        p->names = q;
        p->names_cap = want;
    }
    long off = (long)p->names_len;
    memcpy(p->names + off, s, n);
    p->names[off + n] = '\0';
    p->names_len += n + 1;
    return off;
}

/* ---- hash tables of names ---------------------------------------------- */
/*
 * Open addressing with linear probing; a slot holds an id (item number or
 * color id) or 0 for empty. The table is kept at most half full.
 */

static unsigned hash_bytes(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int item_matches(const xcc_problem *p, int id, const char *s, size_t n)
{
    return (size_t)p->cl[id].namelen == n && memcmp(p->names + p->cl[id].name, s, n) == 0;
}

static int color_matches(const xcc_problem *p, int id, const char *s, size_t n)
{
    return (size_t)p->color_len[id] == n && memcmp(p->names + p->color_name[id], s, n) == 0;
}

/* Finds the slot of a name in an item (colors=0) or color table. */
int *xcc_names_slot(xcc_problem *p, int colors, const char *s, size_t n)
{
    int *tab = colors ? p->color_hash : p->item_hash;
    int size = colors ? p->color_hash_size : p->item_hash_size;
    unsigned h = hash_bytes(s, n) & (unsigned)(size - 1);
    for (;; h = (h + 1) & (unsigned)(size - 1)) {
        int id = tab[h];
        if (!id)
            return &tab[h];
        if (colors ? color_matches(p, id, s, n) : item_matches(p, id, s, n))
            return &tab[h];
    }
}

/* Makes room for one more id; rehashes into a table twice the size. */
int xcc_names_reserve(xcc_problem *p, int colors, int count)
{
    int **tab = colors ? &p->color_hash : &p->item_hash;
    int *size = colors ? &p->color_hash_size : &p->item_hash_size;
    if (2 * (long long)(count + 1) < *size)
        return 0;
    if (*size >= (1 << 29))
        return -1;
    int new_size = *size ? 2 * *size : 256;
    int *old = *tab, old_size = *size;
    *tab = calloc((size_t)new_size, sizeof(int));
    if (!*tab) {
        *tab = old;
        return -1;
    }
    *size = new_size;
    for (int i = 0; i < old_size; i++) {
        int id = old[i];
        if (!id)
            continue;
        const char *s = p->names + (colors ? p->color_name[id] : p->cl[id].name);
        size_t n = (size_t)(colors ? p->color_len[id] : p->cl[id].namelen);
        *xcc_names_slot(p, colors, s, n) = id;
    }
    free(old);
    return 0;
}

/* ---- colors ------------------------------------------------------------ */

/* Returns the id of a color, adding it if new, or -1 without memory. */
int xcc_names_color(xcc_problem *p, const char *s, size_t n)
{
    if (xcc_names_reserve(p, 1, p->ncolors))
        return -1;
    int *slot = xcc_names_slot(p, 1, s, n);
    if (*slot)
        return *slot;
    int id = p->ncolors + 1, old_cap = p->color_cap;
    if (xcc_grow((void **)&p->color_name, &p->color_cap, id, sizeof(int)))
        return -1;
    if (p->color_cap != old_cap) { /* color_len follows color_name's size */
        int *lens = realloc(p->color_len, (size_t)p->color_cap * sizeof(int));
        if (!lens)
            return -1;
        p->color_len = lens;
    }
    long off = xcc_names_add(p, s, n);
    if (off < 0)
        return -1;
    p->color_name[id] = (int)off;
    p->color_len[id] = (int)n;
    p->ncolors = id;
    *slot = id;
    return id;
}
