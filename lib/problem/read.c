/*
 * problem/read.c — reads an XCC problem (formats/xcc.md) into the layout of
 * problem/problem.h, from a stream, from a string, or one call at a time
 * (problem/problem.c builds problems so).
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
 * Names are found through a hash table (problem/names.c), but mems are still
 * charged as if DLX2's linear search had run, so that wherever a file
 * fits his limits the three figures of the closing line can be compared
 * with his. What DLX3 and DLX5 add to the format, bounds on items and
 * costs of options, is read by problem/read_ext.c.
 *
 * Errors stop reading with one message naming line and column (1-based,
 * counting bytes) and XCC_BAD_INPUT; running out of memory gives
 * XCC_NO_MEMORY.
 */
#include "problem/read.h"
#include "knobs.h"
#include "base/text.h"
#include "base/alloc.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- lines ------------------------------------------------------------- */

/* The next line of the string, like getline. */
static ssize_t text_line(xcc_reader *r)
{
    const char *s = r->text + r->text_at, *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) + 1 : strlen(s);
    if (!n)
        return -1;
    if (n + 1 > r->buf_cap) {
        char *q = realloc(r->buf, n + 1);
        if (!q) {
            xcc_read_oom(r);
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
 * line, 0 at end of file, or a status (< 0 after xcc_read_fail()) on error.
 */
static int next_line(xcc_reader *r)
{
    ssize_t n = r->in ? getline(&r->buf, &r->buf_cap, r->in) : text_line(r);
    if (n == -2)
        return -1;
    if (n < 0) {
        if (r->in && ferror(r->in)) {
            r->line++;
            xcc_read_fail(r, XCC_BAD_INPUT, 0, "read error: %s", strerror(errno));
            return -1;
        }
        return 0;
    }
    r->line++;
    r->raw_len = (size_t)n;
    r->had_newline = n > 0 && r->buf[n - 1] == '\n';
    if (memchr(r->buf, '\0', (size_t)n)) {
        const char *z = memchr(r->buf, '\0', (size_t)n);
        xcc_read_fail(r, XCC_BAD_INPUT, (long)(z - r->buf) + 1, "NUL byte in the input");
        return -1;
    }
    if (!r->had_newline) {
        if ((size_t)n + 2 > r->buf_cap) {
            char *q = realloc(r->buf, (size_t)n + 2);
            if (!q) {
                xcc_read_oom(r);
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
static int content_start(xcc_reader *r, size_t *pos)
{
    xcc_problem *p = r->p;
    size_t i = 0;
    p->imems += 1;
    while (xcc_read_ws(r->buf[i]))
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
static size_t skip_gap(xcc_reader *r, size_t i)
{
    i++;
    while (xcc_read_ws(r->buf[i])) {
        i++;
        r->p->imems++;
    }
    r->p->imems++;
    return i;
}

/* ---- the item line ----------------------------------------------------- */

static int add_item(xcc_reader *r, const char *s, size_t n, long col)
{
    xcc_problem *p = r->p;
    char q[300];
    int id = p->last_itm;
    if (id == INT_MAX - 2)
        return xcc_read_fail(r, XCC_NO_MEMORY, col, "too many items");
    if (xcc_names_reserve(p, 0, id) || xcc_grow((void **)&p->cl, &p->cl_cap, id + 1, sizeof(xcc_item))
        || xcc_grow((void **)&p->nd, &p->nd_cap, id + 1, sizeof(xcc_node)))
        return xcc_read_oom(r);
    int *slot = xcc_names_slot(p, 0, s, n);
    if (*slot)
        return xcc_read_fail(r, XCC_BAD_INPUT, col, "duplicate item name '%s'", xcc_read_quoted(s, n, q));
    p->imems += (ullng)id; /* DLX2 compares with items 1 .. id */
    long off = xcc_names_add(p, s, n);
    if (off < 0)
        return xcc_read_oom(r);
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

static xcc_status close_items(xcc_reader *r);

static int read_item_line(xcc_reader *r, size_t i)
{
    xcc_problem *p = r->p;
    char q[300];
    char *b = r->buf;
    int second = 0;
    while (p->imems++, b[i]) {
        size_t n = 0, pre = 0;
        while (!xcc_read_ws(b[i + n]))
            n++;
        if (xcc_read_bounds(r, i, n, second, &pre))
            return r->status;
        i += pre, n -= pre;
        for (size_t k = 0; k < n; k++)
            if (b[i + k] == ':' || b[i + k] == '|')
                return xcc_read_fail(r, XCC_BAD_INPUT, (long)(i + k) + 1, "item name '%s' contains '%c'",
                            xcc_read_quoted(b + i, n, q), b[i + k]);
        p->imems += name_mems(n);
        p->imems3_less -= second ? -1 : 1; /* DLX3 sets an item up in 4 mems, 2 if secondary */
        if (add_item(r, b + i, n, (long)i + 1))
            return r->status;
        i = skip_gap(r, i + n);
        if (b[i] == '|') {
            if (second)
                return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "'|' appears twice in the item line");
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
static xcc_status close_items(xcc_reader *r)
{
    xcc_problem *p = r->p;
    int second = p->second ? p->second : p->last_itm;
    p->second = second;
    int last = p->last_itm;
    if (xcc_grow((void **)&p->cl, &p->cl_cap, last + 1, sizeof(xcc_item)))
        return xcc_read_oom(r);
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
    if (xcc_grow((void **)&p->nd, &p->nd_cap, p->last_node + 1, sizeof(xcc_node)))
        return xcc_read_oom(r);
    memset(&p->nd[p->last_node], 0, sizeof(xcc_node));
    return XCC_OK;
}

/* ---- options ----------------------------------------------------------- */

/* Links node x at the bottom of item k's list, or at a random place. */
static void insert_node(xcc_reader *r, int k, int x)
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
        long skip = xcc_gb_rng_unif(r->rng, t);
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
static void unlink_option(xcc_reader *r, int spacer)
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
static int read_entry(xcc_reader *r, size_t *ip, int spacer, int *has_primary)
{
    xcc_problem *p = r->p;
    char q[300];
    char *b = r->buf;
    size_t i = *ip, n = 0;
    while (!xcc_read_ws(b[i + n]) && b[i + n] != ':')
        n++;
    if (n == 0)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "empty item name");
    p->imems += name_mems(n) + (n < 8);
    int k = *xcc_names_slot(p, 0, b + i, n);
    if (!k)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "unknown item '%s'", xcc_read_quoted(b + i, n, q));
    p->imems += (ullng)k + 1 + 1; /* DLX2's linear search, and the duplicate test */
    if (p->nd[k].aux >= spacer)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "item '%s' appears twice in this option",
                    xcc_read_quoted(b + i, n, q));
    if (p->last_node >= INT_MAX - 2)
        return xcc_read_fail(r, XCC_NO_MEMORY, (long)i + 1, "too many entries");
    if (xcc_grow((void **)&p->nd, &p->nd_cap, p->last_node + 2, sizeof(xcc_node)))
        return xcc_read_oom(r);
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
        while (!xcc_read_ws(b[c + m]))
            m++;
        if (m == 0)
            return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "empty color in '%s:'", xcc_read_quoted(b + i, n, q));
        /* the color is the rest of the entry, colons included: DLX2's
           one-character colors include ':' (X::) */
        int id = xcc_names_color(p, b + c, m);
        if (id < 0)
            return xcc_read_oom(r);
        p->nd[x].color = id;
        p->imems += m + 2;
        n += m + 1;
    } else {
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "primary item '%s' cannot have a color",
                    xcc_read_quoted(b + i, n, q));
    }
    *ip = skip_gap(r, i + n);
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

static int read_option(xcc_reader *r, size_t i)
{
    xcc_problem *p = r->p;
    int spacer = p->last_node, has_primary = 0;
    r->cost = 0, r->cost_col = 0, r->zseen = 0;
    while (r->buf[i]) {
        if (read_entry(r, &i, spacer, &has_primary) || xcc_read_costs(r, &i)) {
            unlink_option(r, spacer); /* for the building calls, which go on */
            return r->status;
        }
        if (p->nd[p->last_node].itm < p->second)
            xcc_read_z_item(r, p->nd[p->last_node].itm);
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
        return xcc_read_fail(r, XCC_NO_MEMORY, 1, "too many options");
    if (grow_options(p)) {
        unlink_option(r, spacer);
        return xcc_read_oom(r);
    }
    if (xcc_read_keep_cost(r)) {
        unlink_option(r, spacer);
        return r->status;
    }
    xcc_read_z_option(r);
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
static xcc_status start(xcc_reader *r)
{
    xcc_problem *p = r->p;
    p->last_itm = 1;
    if (xcc_grow((void **)&p->cl, &p->cl_cap, 1, sizeof(xcc_item))
        || xcc_grow((void **)&p->nd, &p->nd_cap, 1, sizeof(xcc_node)))
        return xcc_read_oom(r);
    memset(&p->cl[0], 0, sizeof p->cl[0]);
    memset(&p->nd[0], 0, sizeof p->nd[0]);
    return XCC_OK;
}

/* Does the line that failed as an item line open a listing of solutions
 * (dlx2's or Knuth's "1:", DLX5's "1: (total cost $3)", a JSON Lines
 * record)? Then the user fed a solver's output back to it. */
static int opens_listing(const char *s)
{
    if (!strncmp(s, "{\"solution\":", 12) || !strncmp(s, "{\"summary\":", 11))
        return 1;
    if (*s < '0' || *s > '9')
        return 0;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s++ != ':')
        return 0;
    if (!strncmp(s, " (total cost $", 14))
        return 1;
    while (xcc_read_ws(*s))
        s++;
    return !*s;
}

static xcc_status read_all(xcc_reader *r)
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
        return xcc_read_fail(r, XCC_BAD_INPUT, 1, "no item line (the input has no line that is not blank or a comment)");
    }
    if (start(r) || read_item_line(r, i)) {
        if (r->status == XCC_BAD_INPUT && opens_listing(r->buf + i))
            xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1,
                          "this is a listing of solutions, not a problem (a problem starts with its line of items)");
        return r->status;
    }
    while ((got = next_line(r)) > 0)
        if (content_start(r, &i) && read_option(r, i))
            return r->status;
    return got < 0 ? r->status : XCC_OK;
}

/* Reads from a stream (in) or a string (text). */
static xcc_status read_problem(xcc_problem *p, FILE *in, const char *text,
                               const xcc_read_options *o, xcc_diag *d)
{
    xcc_reader r = {.p = p, .in = in, .text = text, .err = d};
    memset(p, 0, sizeof *p);
    if (d)
        memset(d, 0, sizeof *d);
    if (o && o->randomize) {
        xcc_gb_rng_init(&p->rng, o->seed);
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
    xcc_reader r = {.p = p, .err = d};
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
        if (xcc_read_ws(s[k]))
            return "an item name cannot hold white space";
        if (s[k] == ':' || s[k] == '|')
            return "an item name cannot hold ':' or '|'";
    }
    return NULL;
}

/* Takes back the bounds read for the item that was not added after all. */
static void drop_bounds(xcc_problem *p, int had_bounds, long long imems3_less)
{
    p->imems3_less = imems3_less;
    if (!had_bounds) {
        free(p->bounds);
        p->bounds = NULL;
        p->bounds_cap = 0;
    } else if (p->last_itm < p->bounds_cap) {
        p->bounds[p->last_itm] = (xcc_bound){1, 1};
    }
}

/* An item, with bounds ("a:b|name", as the item line has them) if primary. */
xcc_status xcc_build_item(xcc_problem *p, const char *name, size_t n, int secondary, xcc_diag *d)
{
    xcc_reader r = {.p = p, .err = d, .line = 1};
    const char *why;
    size_t pre = 0;
    if (p->building != 1)
        return xcc_diag_set(d, XCC_REFUSED, "every item must come before the first option");
    if (!secondary && p->second)
        return xcc_diag_set(d, XCC_REFUSED, "the primary items must come before the secondary ones");
    if (memchr(name, '|', n) && !memchr(name, '\n', n)) { /* bounds, read as the reader does */
        int had_bounds = p->bounds != NULL;
        long long less = p->imems3_less;
        if (!(r.buf = malloc(n + 2)))
            return xcc_read_oom(&r);
        memcpy(r.buf, name, n);
        memcpy(r.buf + n, "\n", 2);
        xcc_status s = (xcc_status)xcc_read_bounds(&r, 0, n, secondary, &pre);
        free(r.buf);
        r.buf = NULL;
        if (s)
            return s;
        if (pre && (why = bad_name(name + pre, n - pre))) {
            drop_bounds(p, had_bounds, less);
            return xcc_diag_set(d, XCC_BAD_INPUT, "%s", why);
        }
        if (pre && add_item(&r, name + pre, n - pre, 0)) {
            drop_bounds(p, had_bounds, less);
            return r.status;
        }
        if (pre)
            return XCC_OK;
    }
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
    xcc_reader r = {.p = p, .err = d, .line = 1};
    if (p->building != 1)
        return XCC_OK;
    if ((p->second ? p->second : p->last_itm) == 1)
        return xcc_diag_set(d, XCC_REFUSED, "the problem has no primary item");
    if (close_items(&r))
        return r.status;
    p->building = 2;
    return XCC_OK;
}

/*
 * What an option that fails may have changed, and is put back: the
 * figures of reading, the item list closed by it, colors it named first
 * (their names and hash slots), the table of costs it made.
 */
typedef struct build_mark {
    ullng imems;
    long long imems3_less, imems5_less;
    int building, second, last_node, ncolors;
    size_t names_len;
    int had_costs;
} build_mark;

static void take_back(xcc_problem *p, const build_mark *m)
{
    p->imems = m->imems, p->imems3_less = m->imems3_less, p->imems5_less = m->imems5_less;
    if (m->building == 1) { /* the item list opens again */
        p->building = 1, p->second = m->second, p->last_node = m->last_node;
    }
    if (p->ncolors > m->ncolors) { /* the colors' table as it was: made again without them */
        p->ncolors = m->ncolors;
        memset(p->color_hash, 0, (size_t)p->color_hash_size * sizeof(int));
        for (int c = 1; c <= p->ncolors; c++)
            *xcc_names_slot(p, 1, p->names + p->color_name[c], (size_t)p->color_len[c]) = c;
    }
    p->names_len = m->names_len;
    if (!m->had_costs && p->opt_cost) {
        free(p->opt_cost);
        p->opt_cost = NULL;
        p->cost_cap = 0;
    }
}

xcc_status xcc_build_option(xcc_problem *p, const char *text, xcc_diag *d)
{
    xcc_reader r = {.p = p, .err = d, .line = p->lines + 1};
    size_t n = strlen(text), i;
    if (!p->building)
        return xcc_diag_set(d, XCC_REFUSED, "a problem that was read cannot grow");
    if (memchr(text, '\n', n))
        return xcc_diag_set(d, XCC_BAD_INPUT, "an option is one line: no newline in it");
    build_mark m = {p->imems, p->imems3_less, p->imems5_less, p->building, p->second,
                    p->last_node, p->ncolors, p->names_len, p->opt_cost != NULL};
    xcc_status status = xcc_build_finish(p, d);
    if (status)
        return status;
    r.buf = malloc(n + 2);
    if (!r.buf) {
        take_back(p, &m);
        return xcc_read_oom(&r);
    }
    memcpy(r.buf, text, n);
    memcpy(r.buf + n, "\n", 2);
    r.raw_len = n + 1;
    r.had_newline = 1;
    status = content_start(&r, &i) ? (xcc_status)read_option(&r, i) : XCC_OK;
    free(r.buf);
    if (status)
        take_back(p, &m);
    else
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