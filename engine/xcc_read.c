/*
 * xcc_read.c — reads an XCC problem (formats/xcc.md) into the layout of
 * xcc_int.h, from a stream, from a string, or one call at a time
 * (xcc_problem.c builds problems so).
 *
 * The reader walks each line byte by byte exactly as DLX2 does, because
 * two of its quirks are visible to users: a name ends only at white space
 * (so "A|B" is one bad name while "A |B" is A, then | and B), and the
 * input mems (the first figure of the closing line) are charged per byte
 * examined. Every line is handled as if it ended in '\n', whether or not
 * the file's last line has one, and '\r' is white space, so CRLF files
 * read the same as LF files.
 *
 * What DLX2 limits and this reader does not: name and color length (his
 * 8 and 1), the number of items, options and entries, and line length.
 * Names are found through a hash table, but mems are still charged as if
 * DLX2's linear search had run, so that wherever a file fits his limits
 * the three figures of the closing line can be compared with his.
 *
 * Errors stop reading with one message naming line and column (1-based,
 * counting bytes) and XCC_BAD_INPUT; running out of memory gives
 * XCC_NO_MEMORY.
 */
#include "xcc_int.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The reader's state for one file: the current line and where we are. */
typedef struct reader {
    xcc_problem *p;
    FILE *in;         /* the stream, or NULL: */
    const char *text; /* the string, read up to text_at */
    size_t text_at;
    FILE *warn;       /* warnings, or NULL */
    gb_rng *rng;      /* options enter their lists at random places, or NULL */
    xcc_diag *err;
    xcc_status status;
    char *buf;        /* the current line, '\n'-terminated, then NUL */
    size_t buf_cap;
    size_t raw_len;   /* bytes of the line as read, newline included */
    int had_newline;  /* did the line end in '\n' in the file? */
    long line;        /* number of the current line */
    const char *zchars; /* DLX5's Z<chars> and z<n>, when its warnings are asked */
    int zgiven;
    unsigned zseen;   /* the option's primary items: a bit per Z character, 256 per other */
    ullng cost;       /* the cost of the option being read (DLX5) */
    long cost_col;    /* the column of its first cost entry, or 0 */
} reader;

/* C's isspace in the "C" locale, which is what DLX2 uses. */
static int is_ws(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r';
}

static xcc_status fail(reader *r, xcc_status status, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static xcc_status fail(reader *r, xcc_status status, long col, const char *fmt, ...)
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

static xcc_status out_of_memory(reader *r)
{
    return fail(r, XCC_NO_MEMORY, 0, "out of memory");
}

/* A name in an error message: at most 60 bytes of it. */
static const char *quoted(const char *s, size_t n, char out[XCC_QUOTE_SIZE(60)])
{
    return xcc_quote(s, n, 60, out);
}

/* ---- growing arrays ---------------------------------------------------- */

static int grow(void **arr, int *cap, int need, size_t elem)
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
static long pool_add(xcc_problem *p, const char *s, size_t n)
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
static int *hash_slot(xcc_problem *p, int colors, const char *s, size_t n)
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
static int hash_reserve(xcc_problem *p, int colors, int count)
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
        *hash_slot(p, colors, s, n) = id;
    }
    free(old);
    return 0;
}

/* ---- lines ------------------------------------------------------------- */

/* The next line of the string, like getline. */
static ssize_t text_line(reader *r)
{
    const char *s = r->text + r->text_at, *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) + 1 : strlen(s);
    if (!n)
        return -1;
    if (n + 1 > r->buf_cap) {
        char *q = realloc(r->buf, n + 1);
        if (!q) {
            out_of_memory(r);
            return -2;
        }
        r->buf = q;
        r->buf_cap = n + 1;
    }
    memcpy(r->buf, s, n);
    r->buf[n] = '\0';
    r->text_at += n;
    return (ssize_t)n;
}

/*
 * Reads the next line into r->buf, always '\n'-terminated. Returns 1 for a
 * line, 0 at end of file, or a status (< 0 after fail()) on error.
 */
static int next_line(reader *r)
{
    ssize_t n = r->in ? getline(&r->buf, &r->buf_cap, r->in) : text_line(r);
    if (n == -2)
        return -1;
    if (n < 0) {
        if (r->in && ferror(r->in)) {
            r->line++;
            fail(r, XCC_BAD_INPUT, 0, "read error: %s", strerror(errno));
            return -1;
        }
        return 0;
    }
    r->line++;
    r->raw_len = (size_t)n;
    r->had_newline = n > 0 && r->buf[n - 1] == '\n';
    if (memchr(r->buf, '\0', (size_t)n)) {
        const char *z = memchr(r->buf, '\0', (size_t)n);
        fail(r, XCC_BAD_INPUT, (long)(z - r->buf) + 1, "NUL byte in the input");
        return -1;
    }
    if (!r->had_newline) {
        if ((size_t)n + 2 > r->buf_cap) {
            char *q = realloc(r->buf, (size_t)n + 2);
            if (!q) {
                out_of_memory(r);
                return -1;
            }
            r->buf = q;
            r->buf_cap = (size_t)n + 2;
        }
        r->buf[n] = '\n';
        r->buf[n + 1] = '\0';
    }
    return 1;
}

/*
 * Skips leading white space; returns 1 if the line holds something other
 * than a comment. Charges DLX2's mems: one for the length check, one per
 * byte of white space examined, one for the byte that ends it.
 */
static int content_start(reader *r, size_t *pos)
{
    xcc_problem *p = r->p;
    size_t i = 0;
    p->imems += 1;
    while (is_ws(r->buf[i]))
        i++;
    p->imems += i + 1;
    *pos = i;
    return r->buf[i] != '|' && r->buf[i] != '\0';
}

/* Mems DLX2 spends scanning and copying an n-byte name (his names <= 8). */
static ullng name_mems(size_t n)
{
    return (n == 8 ? 8 : n + 1) + n;
}

/* Skips the byte after a token and the white space after it. */
static size_t skip_gap(reader *r, size_t i)
{
    i++;
    while (is_ws(r->buf[i])) {
        i++;
        r->p->imems++;
    }
    r->p->imems++;
    return i;
}

/* ---- bounds (DLX3's multiplicities) ---------------------------------- */

/*
 * A primary item may be written "a:b|name" (covered a to b times),
 * "b|name" (exactly b times) or "name" (exactly once); as in DLX3, ":b|"
 * is "0:b|". A token is taken for bounds when it starts with a ':', or
 * with digits or a sign followed by ':' or '|'; anything else with a
 * ':' or '|' in it is a bad name, as in DLX2. DLX3 reads every byte of
 * the bounds like a byte of a name (two mems a digit, one a separator),
 * which imems3_less takes into account.
 */
#define XCC_BOUND_MAX 2147483647

/* Whether n bytes at s start like bounds. */
static int looks_like_bounds(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '-' || s[k] == '+'))
        k++;
    return k < n && (s[k] == ':' || (s[k] == '|' && k > 0));
}

/* The bound of bytes s[0 .. n-1], or -1 if they are not a number 0 .. XCC_BOUND_MAX. */
static long long bound_value(const char *s, size_t n)
{
    long long v = 0;
    for (size_t k = 0; k < n; k++) {
        if (s[k] < '0' || s[k] > '9')
            return -1;
        v = 10 * v + (s[k] - '0');
        if (v > XCC_BOUND_MAX)
            return -2;
    }
    return v;
}

/* Item slot id gets bounds lo .. hi; the table is made when first needed. */
static int set_bounds(xcc_problem *p, int id, int lo, int hi)
{
    int had = p->bounds_cap;
    if (grow((void **)&p->bounds, &p->bounds_cap, id + 1, sizeof(xcc_bound)))
        return -1;
    for (int k = had; k < p->bounds_cap; k++)
        p->bounds[k] = (xcc_bound){1, 1};
    p->bounds[id] = (xcc_bound){lo, hi};
    return 0;
}

/*
 * The bounds at the start of the n-byte token at r->buf[i]: sets *pre to
 * their length (0: none) and records them for the next item. second: the
 * secondary items have begun, and take no bounds. 0, or a status.
 */
static int read_bounds(reader *r, size_t i, size_t n, int second, size_t *pre)
{
    xcc_problem *p = r->p;
    const char *s = r->buf + i;
    char q[300];
    *pre = 0;
    if (!looks_like_bounds(s, n))
        return 0;
    if (second)
        return fail(r, XCC_BAD_INPUT, (long)i + 1,
                    "bounds on the secondary item in '%s' (only primary items take bounds)",
                    quoted(s, n, q));
    size_t colon = 0, bar = 0; /* where ':' and '|' are, + 1; 0: not there */
    for (size_t k = 0; k < n && !bar; k++) {
        if (s[k] == ':' && !colon)
            colon = k + 1;
        else if (s[k] == '|')
            bar = k + 1;
        else if (s[k] == ':')
            break;
    }
    if (!bar)
        return fail(r, XCC_BAD_INPUT, (long)i + 1,
                    colon && !memchr(s + colon, ':', n - colon)
                        ? "a lower bound without an upper bound in '%s' (write a:b|name)"
                        : "bad bounds in '%s' (write a:b|name or b|name)",
                    quoted(s, n, q));
    if (colon && colon == bar - 1)
        return fail(r, XCC_BAD_INPUT, (long)(i + colon) + 1,
                    "no upper bound in '%s' (write a:b|name)", quoted(s, n, q));
    long long lo = colon ? bound_value(s, colon - 1) : 0;
    long long hi = bound_value(s + colon, bar - 1 - colon);
    if (lo < 0 || hi < 0) {
        size_t at = lo < 0 ? 0 : colon;
        return fail(r, XCC_BAD_INPUT, (long)(i + at) + 1,
                    lo == -2 || hi == -2 ? "bound too large in '%s' (at most 2147483647)"
                                         : "bad bounds in '%s' (bounds are whole numbers:"
                                           " a:b|name or b|name)",
                    quoted(s, n, q));
    }
    if (hi == 0)
        return fail(r, XCC_BAD_INPUT, (long)(i + colon) + 1,
                    "upper bound 0 in '%s' (the item must be allowed at least once)",
                    quoted(s, n, q));
    if (!colon)
        lo = hi;
    if (lo > hi)
        return fail(r, XCC_BAD_INPUT, (long)i + 1, "lower bound %lld exceeds upper bound %lld in '%s'",
                    lo, hi, quoted(s, n, q));
    if (bar == n || is_ws(s[bar]))
        return fail(r, XCC_BAD_INPUT, (long)i + 1, "bounds without an item name in '%s'",
                    quoted(s, n, q));
    if (looks_like_bounds(s + bar, n - bar))
        return fail(r, XCC_BAD_INPUT, (long)(i + bar) + 1, "bounds given twice in '%s'",
                    quoted(s, n, q));
    if (set_bounds(p, p->last_itm, (int)lo, (int)hi))
        return out_of_memory(r);
    /* DLX3: two mems a digit (test and copy), one a separator (test) */
    p->imems3_less -= (long long)(2 * bar - (colon ? 2 : 1));
    *pre = bar;
    return 0;
}

/* ---- the item line ----------------------------------------------------- */

static int add_item(reader *r, const char *s, size_t n, long col)
{
    xcc_problem *p = r->p;
    char q[300];
    int id = p->last_itm;
    if (id == INT_MAX - 2)
        return fail(r, XCC_NO_MEMORY, col, "too many items");
    if (hash_reserve(p, 0, id) || grow((void **)&p->cl, &p->cl_cap, id + 1, sizeof(xcc_item))
        || grow((void **)&p->nd, &p->nd_cap, id + 1, sizeof(xcc_node)))
        return out_of_memory(r);
    int *slot = hash_slot(p, 0, s, n);
    if (*slot)
        return fail(r, XCC_BAD_INPUT, col, "duplicate item name '%s'", quoted(s, n, q));
    p->imems += (ullng)id; /* DLX2 compares with items 1 .. id */
    long off = pool_add(p, s, n);
    if (off < 0)
        return out_of_memory(r);
    *slot = id;
    p->cl[id].name = (int)off;
    p->cl[id].namelen = (int)n;
    p->cl[id - 1].next = id;
    p->cl[id].prev = id - 1;
    p->nd[id].up = p->nd[id].down = id;
    p->nd[id].len = 0;
    p->nd[id].aux = 0;
    p->imems += 3;
    p->last_itm = id + 1;
    return 0;
}

static xcc_status close_items(reader *r);

static int read_item_line(reader *r, size_t i)
{
    xcc_problem *p = r->p;
    char q[300];
    char *b = r->buf;
    int second = 0;
    while (p->imems++, b[i]) {
        size_t n = 0, pre = 0;
        while (!is_ws(b[i + n]))
            n++;
        if (read_bounds(r, i, n, second, &pre))
            return r->status;
        i += pre, n -= pre;
        for (size_t k = 0; k < n; k++)
            if (b[i + k] == ':' || b[i + k] == '|')
                return fail(r, XCC_BAD_INPUT, (long)(i + k) + 1, "item name '%s' contains '%c'",
                            quoted(b + i, n, q), b[i + k]);
        p->imems += name_mems(n);
        p->imems3_less -= second ? -1 : 1; /* DLX3 sets an item up in 4 mems, 2 if secondary */
        if (add_item(r, b + i, n, (long)i + 1))
            return r->status;
        i = skip_gap(r, i + n);
        if (b[i] == '|') {
            if (second)
                return fail(r, XCC_BAD_INPUT, (long)i + 1, "'|' appears twice in the item line");
            second = p->last_itm;
            i = skip_gap(r, i);
        }
    }
    p->second = second;
    return close_items(r);
}

/*
 * After the last item: closes the two circular lists, primaries through
 * the root 0, secondaries through the spare slot cl[last_itm], and puts
 * the first spacer right after the item headers.
 */
static xcc_status close_items(reader *r)
{
    xcc_problem *p = r->p;
    int second = p->second ? p->second : p->last_itm;
    p->second = second;
    int last = p->last_itm;
    if (grow((void **)&p->cl, &p->cl_cap, last + 1, sizeof(xcc_item)))
        return out_of_memory(r);
    p->cl[last].name = 0;
    p->cl[last].namelen = 0;
    p->cl[last].prev = last - 1;
    p->cl[last - 1].next = last;
    p->cl[second].prev = last;
    p->cl[last].next = second;
    p->cl[0].prev = second - 1;
    p->cl[second - 1].next = 0;
    p->imems += 6;
    p->imems3_less += 4; /* DLX3 closes its lists in 2 mems */
    p->last_node = p->last_itm;
    if (grow((void **)&p->nd, &p->nd_cap, p->last_node + 1, sizeof(xcc_node)))
        return out_of_memory(r);
    memset(&p->nd[p->last_node], 0, sizeof(xcc_node));
    return XCC_OK;
}

/* ---- options ----------------------------------------------------------- */

/* Returns the id of a color, adding it if new, or -1 without memory. */
static int color_id(xcc_problem *p, const char *s, size_t n)
{
    if (hash_reserve(p, 1, p->ncolors))
        return -1;
    int *slot = hash_slot(p, 1, s, n);
    if (*slot)
        return *slot;
    int id = p->ncolors + 1, old_cap = p->color_cap;
    if (grow((void **)&p->color_name, &p->color_cap, id, sizeof(int)))
        return -1;
    if (p->color_cap != old_cap) { /* color_len follows color_name's size */
        int *lens = realloc(p->color_len, (size_t)p->color_cap * sizeof(int));
        if (!lens)
            return -1;
        p->color_len = lens;
    }
    long off = pool_add(p, s, n);
    if (off < 0)
        return -1;
    p->color_name[id] = (int)off;
    p->color_len[id] = (int)n;
    p->ncolors = id;
    *slot = id;
    return id;
}

/* Links node x at the bottom of item k's list, or at a random place. */
static void insert_node(reader *r, int k, int x)
{
    xcc_problem *p = r->p;
    xcc_node *nd = p->nd;
    int t = nd[k].len + 1;
    p->imems += 2; /* read and store len */
    nd[k].len = t;
    nd[k].aux = x;
    if (!r->rng) {
        int bottom = nd[k].up;
        nd[bottom].down = x;
        nd[k].up = x;
        nd[x].up = bottom;
        nd[x].down = k;
        p->imems += 4;
    } else {
        /* skip a random number of the t-1 nodes already there */
        long skip = gb_rng_unif(r->rng, t);
        int at = k;
        p->imems += 4 + 1 + (ullng)skip;
        for (; skip; skip--)
            at = nd[at].down;
        int above = nd[at].up;
        nd[above].down = x;
        nd[at].up = x;
        nd[x].up = above;
        nd[x].down = at;
        p->imems += 4;
    }
}

/* Takes the nodes of a dropped option out of their lists again. */
static void unlink_option(reader *r, int spacer)
{
    xcc_problem *p = r->p;
    xcc_node *nd = p->nd;
    for (; p->last_node > spacer; p->last_node--) {
        int x = p->last_node, k = nd[x].itm;
        nd[k].len--;
        nd[k].aux = spacer - 1;
        nd[nd[x].up].down = nd[x].down;
        nd[nd[x].down].up = nd[x].up;
        p->imems += 6;
    }
}

/* Reads one entry "name" or "name:color" at b[i]; returns the next i. */
static int read_entry(reader *r, size_t *ip, int spacer, int *has_primary)
{
    xcc_problem *p = r->p;
    char q[300];
    char *b = r->buf;
    size_t i = *ip, n = 0;
    while (!is_ws(b[i + n]) && b[i + n] != ':')
        n++;
    if (n == 0)
        return fail(r, XCC_BAD_INPUT, (long)i + 1, "empty item name");
    p->imems += name_mems(n) + (n < 8);
    int k = *hash_slot(p, 0, b + i, n);
    if (!k)
        return fail(r, XCC_BAD_INPUT, (long)i + 1, "unknown item '%s'", quoted(b + i, n, q));
    p->imems += (ullng)k + 1 + 1; /* DLX2's linear search, and the duplicate test */
    if (p->nd[k].aux >= spacer)
        return fail(r, XCC_BAD_INPUT, (long)i + 1, "item '%s' appears twice in this option",
                    quoted(b + i, n, q));
    if (p->last_node >= INT_MAX - 2)
        return fail(r, XCC_NO_MEMORY, (long)i + 1, "too many entries");
    if (grow((void **)&p->nd, &p->nd_cap, p->last_node + 2, sizeof(xcc_node)))
        return out_of_memory(r);
    int x = ++p->last_node;
    p->nd[x].itm = k;
    p->imems += 1;
    if (k < p->second)
        *has_primary = 1;
    insert_node(r, k, x);
    if (b[i + n] != ':') {
        p->nd[x].color = 0;
        p->imems += 1;
    } else if (k >= p->second) {
        size_t c = i + n + 1, m = 0;
        while (!is_ws(b[c + m]))
            m++;
        if (m == 0)
            return fail(r, XCC_BAD_INPUT, (long)i + 1, "empty color in '%s:'", quoted(b + i, n, q));
        /* the color is the rest of the entry, colons included: DLX2's
           one-character colors include ':' (X::) */
        int id = color_id(p, b + c, m);
        if (id < 0)
            return out_of_memory(r);
        p->nd[x].color = id;
        p->imems += m + 2;
        n += m + 1;
    } else {
        return fail(r, XCC_BAD_INPUT, (long)i + 1, "primary item '%s' cannot have a color",
                    quoted(b + i, n, q));
    }
    *ip = skip_gap(r, i + n);
    return 0;
}

/* ---- cost entries (DLX5) --------------------------------------------- */
/*
 * After any entry of an option, "|n" adds n (decimal digits) to the
 * option's cost, as DLX5 reads it: so "A |3 B |2" costs 5. A line that
 * starts with "|" is a comment, so a cost never stands alone. Where DLX5
 * lets a sum wrap round modulo 2^64, the reader refuses it: every
 * option's cost, and the costs of all kept options together, stay below
 * XCC_COST_INFINITY (DLX5's "infinity"), so no solution's cost can wrap.
 * DLX5's reading mems differ from DLX2's by what it spends on costs
 * (imems5_less, see xcc_int.h).
 */

static const char cost_shape[] = "a cost is '|' and decimal digits; a comment takes a line of its own";

/* Reads the cost entries at b[*ip] into r->cost; 0, or a failure. */
static int read_costs(reader *r, size_t *ip)
{
    xcc_problem *p = r->p;
    const char *b = r->buf;
    char q[300];
    size_t i = *ip;
    while (b[i] == '|') {
        size_t n = 1, after;
        ullng v = 0;
        while (!is_ws(b[i + n]))
            n++;
        if (n == 1)
            return fail(r, XCC_BAD_INPUT, (long)i + 1, "'|' without a cost: %s", cost_shape);
        for (size_t k = 1; k < n; k++) {
            unsigned d = (unsigned)(b[i + k] - '0');
            if (d > 9)
                return fail(r, XCC_BAD_INPUT, (long)i + 1, "bad cost '%s': %s",
                            quoted(b + i, n, q), cost_shape);
            if (v > (XCC_COST_INFINITY - 1 - d) / 10)
                v = XCC_COST_INFINITY; /* too large, whatever follows */
            else
                v = 10 * v + d;
        }
        if (v >= XCC_COST_INFINITY - r->cost && r->cost)
            return fail(r, XCC_BAD_INPUT, (long)i + 1, "the costs of this option add up past %llu",
                        XCC_COST_INFINITY - 1);
        if (v >= XCC_COST_INFINITY)
            return fail(r, XCC_BAD_INPUT, (long)i + 1, "cost '%s' is too large (at most %llu)",
                        quoted(b + i, n, q), XCC_COST_INFINITY - 1);
        if (!p->opt_cost && !(p->opt_cost = calloc((size_t)(p->cost_cap = p->opt_cap + 64),
                                                   sizeof(ullng))))
            return out_of_memory(r);
        if (!r->cost_col)
            r->cost_col = (long)i + 1;
        r->cost += v;
        for (after = i + n + 1; is_ws(b[after]); after++)
            ;
        /* DLX5 looks at each byte after the bar and at the blanks after */
        p->imems5_less -= (long long)(n + (after - (i + n + 1)) + 1);
        i = after;
    }
    *ip = i;
    return 0;
}

/*
 * DLX5's z<n> and Z<chars> (dlx2 playing DLX5): its search may then
 * assume that every option has one primary item starting with each
 * character of Z and z other primary items, and its reader warns on
 * stderr, with the line, about every kept option that has not.
 */
static void z_warn(reader *r, const char *fmt, int a, int b)
{
    fprintf(stderr, fmt, a, b);
    fwrite(r->buf, 1, r->raw_len, stderr);
    if (!r->had_newline)
        fputc('\n', stderr);
}

/* The option's primary item k, just read. */
static void z_item(reader *r, int k)
{
    if ((!r->zchars || !*r->zchars) && !r->zgiven)
        return;
    char c = r->p->names[r->p->cl[k].name];
    const char *at = c ? strchr(r->zchars, c) : NULL;
    if (!at) {
        r->zseen += 1u << 8;
    } else if (r->zseen & 1u << (at - r->zchars)) {
        z_warn(r, "Option has two %c items: ", c, 0);
    } else {
        r->zseen |= 1u << (at - r->zchars);
    }
}

/* The option just kept, all read. */
static void z_option(reader *r)
{
    int nz = r->zchars ? (int)strlen(r->zchars) : 0;
    if (!nz && !r->zgiven)
        return;
    if (r->zgiven && (int)(r->zseen >> 8) != r->zgiven)
        z_warn(r, "Option has %d non-Z primary items, not %d: ", (int)(r->zseen >> 8), r->zgiven);
    for (int i = 0; i < nz; i++)
        if (!(r->zseen & 1u << i))
            z_warn(r, "Option lacks a %c item: ", r->zchars[i], 0);
}

/* Records the cost of the option just kept; 0, or a failure. */
static int keep_cost(reader *r)
{
    xcc_problem *p = r->p;
    if (!p->opt_cost)
        return 0;
    if ((int)p->options >= p->cost_cap) {
        int cap = p->opt_cap > p->cost_cap ? p->opt_cap : 2 * p->cost_cap;
        ullng *c = realloc(p->opt_cost, (size_t)cap * sizeof(ullng));
        if (!c)
            return out_of_memory(r);
        memset(c + p->cost_cap, 0, (size_t)(cap - p->cost_cap) * sizeof(ullng));
        p->opt_cost = c;
        p->cost_cap = cap;
    }
    if (r->cost >= XCC_COST_INFINITY - p->cost_total)
        return fail(r, XCC_BAD_INPUT, r->cost_col ? r->cost_col : 1,
                    "the costs of all options add up past %llu, and a solution's might",
                    XCC_COST_INFINITY - 1);
    p->cost_total += r->cost;
    p->opt_cost[p->options] = r->cost;
    return 0;
}

/* Makes room for one more kept option in opt_node and opt_line. */
static int grow_options(xcc_problem *p)
{
    if ((int)p->options < p->opt_cap)
        return 0;
    int cap = p->opt_cap ? 2 * p->opt_cap : 64;
    if (p->opt_cap > INT_MAX / 2)
        return -1;
    int *node = realloc(p->opt_node, (size_t)cap * sizeof(int));
    if (!node)
        return -1;
    p->opt_node = node;
    long *line = realloc(p->opt_line, (size_t)cap * sizeof(long));
    if (!line)
        return -1;
    p->opt_line = line;
    p->opt_cap = cap;
    return 0;
}

static int read_option(reader *r, size_t i)
{
    xcc_problem *p = r->p;
    int spacer = p->last_node, has_primary = 0;
    r->cost = 0, r->cost_col = 0, r->zseen = 0;
    while (r->buf[i]) {
        if (read_entry(r, &i, spacer, &has_primary) || read_costs(r, &i)) {
            unlink_option(r, spacer); /* for the building calls, which go on */
            return r->status;
        }
        if (p->nd[p->last_node].itm < p->second)
            z_item(r, p->nd[p->last_node].itm);
    }
    if (!has_primary) {
        /* DLX5 links a node in for a mem less than DLX2, and out for one less */
        p->imems5_less += 2LL * (p->last_node - spacer);
        if (r->warn) {
            fputs("Option ignored (no primary items): ", r->warn);
            fwrite(r->buf, 1, r->raw_len, r->warn);
            if (!r->had_newline)
                fputc('\n', r->warn);
        }
        unlink_option(r, spacer);
        return 0;
    }
    if (p->options >= (ullng)INT_MAX)
        return fail(r, XCC_NO_MEMORY, 1, "too many options");
    if (grow_options(p)) {
        unlink_option(r, spacer);
        return out_of_memory(r);
    }
    if (keep_cost(r)) {
        unlink_option(r, spacer);
        return r->status;
    }
    z_option(r);
    p->opt_node[p->options] = spacer + 1;
    p->opt_line[p->options] = r->line;
    p->nd[spacer].down = p->last_node;
    int s = ++p->last_node;
    p->options++;
    p->nd[s].up = spacer + 1;
    p->nd[s].down = 0;
    p->nd[s].itm = -(int)p->options;
    p->nd[s].color = 0;
    p->imems += 3;
    return 0;
}

/* ---- the whole file ---------------------------------------------------- */

/* An empty problem, ready for its items. */
static xcc_status start(reader *r)
{
    xcc_problem *p = r->p;
    p->last_itm = 1;
    if (grow((void **)&p->cl, &p->cl_cap, 1, sizeof(xcc_item))
        || grow((void **)&p->nd, &p->nd_cap, 1, sizeof(xcc_node)))
        return out_of_memory(r);
    memset(&p->cl[0], 0, sizeof p->cl[0]);
    memset(&p->nd[0], 0, sizeof p->nd[0]);
    return XCC_OK;
}

static xcc_status read_all(reader *r)
{
    size_t i = 0;
    int got;
    /* the first line that is not a comment or blank names the items */
    while ((got = next_line(r)) > 0 && !content_start(r, &i))
        ;
    if (got < 0)
        return r->status;
    if (got == 0) {
        r->line++;
        return fail(r, XCC_BAD_INPUT, 1, "no item line (the input has no line that is not blank or a comment)");
    }
    if (start(r) || read_item_line(r, i))
        return r->status;
    while ((got = next_line(r)) > 0)
        if (content_start(r, &i) && read_option(r, i))
            return r->status;
    return got < 0 ? r->status : XCC_OK;
}

/* Reads from a stream (in) or a string (text). */
static xcc_status read_problem(xcc_problem *p, FILE *in, const char *text,
                               const xcc_read_options *o, xcc_diag *d)
{
    reader r = {.p = p, .in = in, .text = text, .err = d};
    memset(p, 0, sizeof *p);
    if (d)
        memset(d, 0, sizeof *d);
    if (o && o->randomize) {
        gb_rng_init(&p->rng, o->seed);
        p->randomized = 1;
        r.rng = &p->rng;
    }
    r.warn = o ? o->warnings : NULL;
    if (o && o->dlx2) {
        r.zchars = o->dlx2->zchars ? o->dlx2->zchars : "";
        r.zgiven = o->dlx2->zgiven;
    }
    xcc_status status = read_all(&r);
    free(r.buf);
    p->lines = r.line;
    if (status)
        xcc_release(p);
    return status;
}

xcc_status xcc_read(xcc_problem *p, FILE *in, const xcc_read_options *o, xcc_diag *d)
{
    return read_problem(p, in, NULL, o, d);
}

xcc_status xcc_read_text(xcc_problem *p, const char *text, const xcc_read_options *o,
                         xcc_diag *d)
{
    return read_problem(p, NULL, text, o, d);
}

/* ---- one call at a time ------------------------------------------------- */

xcc_status xcc_build_start(xcc_problem *p, xcc_diag *d)
{
    reader r = {.p = p, .err = d};
    memset(p, 0, sizeof *p);
    p->building = 1;
    p->lines = 1; /* the item line */
    xcc_status status = start(&r);
    if (status)
        xcc_release(p);
    return status;
}

/* Is this a name, as the item line would read it? */
static const char *bad_name(const char *s, size_t n)
{
    if (!n)
        return "an item name cannot be empty";
    for (size_t k = 0; k < n; k++) {
        if (is_ws(s[k]))
            return "an item name cannot hold white space";
        if (s[k] == ':' || s[k] == '|')
            return "an item name cannot hold ':' or '|'";
    }
    return NULL;
}

xcc_status xcc_build_item(xcc_problem *p, const char *name, size_t n, int secondary, xcc_diag *d)
{
    reader r = {.p = p, .err = d, .line = 1};
    const char *why;
    if (p->building != 1)
        return xcc_diag_set(d, XCC_REFUSED, "every item must come before the first option");
    if (!secondary && p->second)
        return xcc_diag_set(d, XCC_REFUSED, "the primary items must come before the secondary ones");
    if ((why = bad_name(name, n)))
        return xcc_diag_set(d, XCC_BAD_INPUT, "%s", why);
    int first_secondary = p->last_itm;
    if (add_item(&r, name, n, 0))
        return r.status;
    if (secondary && !p->second)
        p->second = first_secondary;
    return XCC_OK;
}

xcc_status xcc_build_finish(xcc_problem *p, xcc_diag *d)
{
    reader r = {.p = p, .err = d, .line = 1};
    if (p->building != 1)
        return XCC_OK;
    if ((p->second ? p->second : p->last_itm) == 1)
        return xcc_diag_set(d, XCC_REFUSED, "the problem has no primary item");
    if (close_items(&r))
        return r.status;
    p->building = 2;
    return XCC_OK;
}

xcc_status xcc_build_option(xcc_problem *p, const char *text, xcc_diag *d)
{
    reader r = {.p = p, .err = d, .line = p->lines + 1};
    size_t n = strlen(text), i;
    if (!p->building)
        return xcc_diag_set(d, XCC_REFUSED, "a problem that was read cannot grow");
    if (memchr(text, '\n', n))
        return xcc_diag_set(d, XCC_BAD_INPUT, "an option is one line: no newline in it");
    xcc_status status = xcc_build_finish(p, d);
    if (status)
        return status;
    r.buf = malloc(n + 2);
    if (!r.buf)
        return out_of_memory(&r);
    memcpy(r.buf, text, n);
    memcpy(r.buf + n, "\n", 2);
    r.raw_len = n + 1;
    r.had_newline = 1;
    status = content_start(&r, &i) ? (xcc_status)read_option(&r, i) : XCC_OK;
    free(r.buf);
    p->lines++;
    return status;
}

xcc_status xcc_clone(const xcc_problem *src, xcc_problem *dst)
{
    *dst = *src;
    dst->borrowed = 1;
    dst->stop_len = NULL;
    dst->cl = malloc((size_t)(src->last_itm + 1) * sizeof(xcc_item));
    dst->nd = malloc((size_t)(src->last_node + 1) * sizeof(xcc_node));
    if (!dst->cl || !dst->nd) {
        free(dst->cl);
        free(dst->nd);
        dst->cl = NULL, dst->nd = NULL; /* so that xcc_release may follow */
        return XCC_NO_MEMORY;
    }
    memcpy(dst->cl, src->cl, (size_t)(src->last_itm + 1) * sizeof(xcc_item));
    memcpy(dst->nd, src->nd, (size_t)(src->last_node + 1) * sizeof(xcc_node));
    return XCC_OK;
}

void xcc_release(xcc_problem *p)
{
    free(p->cl);
    free(p->nd);
    free(p->stop_len);
    if (p->borrowed) {
        memset(p, 0, sizeof *p);
        return;
    }
    free(p->names);
    free(p->color_name);
    free(p->color_len);
    free(p->opt_node);
    free(p->opt_line);
    free(p->bounds);
    free(p->opt_cost);
    xcc_taxes_free(p);
    free(p->item_hash);
    free(p->color_hash);
    memset(p, 0, sizeof *p);
}
