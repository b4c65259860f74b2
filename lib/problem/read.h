/*
 * problem/read.h — what the files of the reader share, private to them:
 * problem/read.c reads the lines, items and options of formats/xcc.md;
 * problem/names.c keeps the names (their bytes and hash tables);
 * problem/read_ext.c reads what DLX3 and DLX5 add to DLX2's format, bounds
 * on items and costs of options. Everyone else sees problem/problem.h.
 */
#ifndef XCC_READ_H
#define XCC_READ_H

#include "problem/problem.h"
#include "base/text.h"

/* The reader's state for one file: the current line and where we are. */
typedef struct xcc_reader {
    xcc_problem *p;
    FILE *in;         /* the stream, or NULL: */
    const char *text; /* the string, read up to text_at */
    size_t text_at;
    FILE *warn;       /* warnings, or NULL */
    xcc_gb_rng *rng;      /* options enter their lists at random places, or NULL */
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
} xcc_reader;

/* C's isspace in the "C" locale, which is what DLX2 uses. */
static inline int xcc_read_ws(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r';
}

/* Stops reading: status, and the message at column col of the current line. */
xcc_status xcc_read_fail(xcc_reader *r, xcc_status status, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static inline xcc_status xcc_read_oom(xcc_reader *r)
{
    return xcc_read_fail(r, XCC_NO_MEMORY, 0, "out of memory");
}

/* A name in an error message: at most 60 bytes of it. */
static inline const char *xcc_read_quoted(const char *s, size_t n, char out[XCC_QUOTE_SIZE(60)])
{
    return xcc_quote(s, n, 60, out);
}

/* ---- names (problem/names.c) ------------------------------------------------ */

/* Makes *arr (*cap elements of elem bytes) hold at least need + 1; 0, or -1. */
int xcc_grow(void **arr, int *cap, int need, size_t elem);

/* Appends n bytes of s and a NUL to the name pool; their offset, or -1. */
long xcc_names_add(xcc_problem *p, const char *s, size_t n);

/* The slot of a name in the table of items (colors 0) or of colors: its id, or 0 (empty). */
int *xcc_names_slot(xcc_problem *p, int colors, const char *s, size_t n);

/* Makes room in a table for one id more than count; 0, or -1. */
int xcc_names_reserve(xcc_problem *p, int colors, int count);

/* The id of a color, added if new; -1 without memory. */
int xcc_names_color(xcc_problem *p, const char *s, size_t n);

/* ---- bounds and costs (problem/read_ext.c) ---------------------------------- */

/*
 * The bounds at the start of the n-byte token at r->buf[i]: sets *pre to
 * their length (0: none) and records them for the next item. second: the
 * secondary items have begun, and take no bounds. 0, or a status.
 */
int xcc_read_bounds(xcc_reader *r, size_t i, size_t n, int second, size_t *pre);

/* Reads the cost entries at r->buf[*ip] into r->cost; 0, or a failure. */
int xcc_read_costs(xcc_reader *r, size_t *ip);

/* Records the cost of the option just kept; 0, or a failure. */
int xcc_read_keep_cost(xcc_reader *r);

/* DLX5's warnings of z<n> and Z<chars>: the option's primary item k was
   just read; the option was kept, all read. */
void xcc_read_z_item(xcc_reader *r, int k);
void xcc_read_z_option(xcc_reader *r);

#endif
