/*
 * lst_int.h — inside the listing reader: the reader's state, shared by
 * lst_open.c (the calls of lst.h, the table of layouts), the layouts,
 * lst_text.c (DLX2's m<n> listing) and lst_jsonl.c (JSON Lines), and
 * lst_read.c (input, storage, messages), which the layouts read with.
 */
#ifndef LST_INT_H
#define LST_INT_H

#include "lst.h"
#include "lst_json.h"

#include <stdarg.h>

/*
 * A solution is read into one pool of strings; its items, options and
 * colors keep offsets into the pool, which moves as it grows, and become
 * the pointers of lst_solution when the solution is complete.
 */
typedef struct lst_word {
    size_t name, color;     /* offsets in pool; color LST_NO_COLOR: none */
} lst_word;
#define LST_NO_COLOR ((size_t)-1)

typedef struct lst_opt_at {
    size_t text, items;     /* offsets in pool */
    size_t first, n;        /* its words: word[first .. first + n - 1] */
    long line;
    int has_cost;
    unsigned long long cost;
} lst_opt_at;

/* A word of a line: where it starts in the line, and its length. */
typedef struct lst_span {
    size_t at, len;
} lst_span;

struct lst_reader {
    const char *name;
    FILE *f;                /* the input, or NULL: */
    const char *text;       /* the rest of a text given as a string */
    lst_buf in;             /* the current line, its '\n' dropped */
    long line;
    int held;               /* in holds a line not used yet */
    enum lst_layout layout;
    int (*next)(lst_reader *r, lst_error *err);  /* the layout's reader */
    /* the solution being read */
    lst_buf pool;
    lst_word *word;
    size_t nwords, word_cap;
    lst_opt_at *opt;
    size_t nopts, opt_cap;
    lst_word *cword;        /* JSON's "colors" */
    size_t ncwords, cword_cap;
    long *input_line;       /* JSON's "lines" */
    size_t ninput, input_cap;
    long *input_index;      /* JSON's "option_indices" */
    size_t nindex, index_cap;
    size_t label, note;     /* offsets in pool; note LST_NO_COLOR: none */
    /* what callers see */
    lst_item *item, *color;
    size_t item_cap, color_cap;
    lst_option *option;
    size_t option_cap;
    lst_solution sol;
    lst_summary sum;
    lst_buf sum_pool;       /* the summary's strings */
    /* scratch */
    lst_span *span;
    size_t span_cap;
    lst_buf str;            /* a JSON string, decoded */
};

/* ---- lst_read.c ---- */

/* Fills *err: status 2, the current line, col, the message. LST_ERROR. */
int lst_fail(lst_reader *r, lst_error *err, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int lst_no_memory(lst_error *err);

/* The next line that is not blank, its blanks cut at both ends: 1 with
   *s and *n set (s in r->in.s), 0 at the end, or LST_ERROR. */
int lst_next_content(lst_reader *r, lst_error *err, const char **s, size_t *n);

/* 1 if c is white space between the words of a line. */
int lst_blank(int c);

/* Storage of a solution; each returns 0, or -1 when memory is short. */
void lst_start(lst_reader *r, long line);
int lst_pool_add(lst_reader *r, const char *s, size_t n, size_t *at);
int lst_set_label(lst_reader *r, const char *s, size_t n);
int lst_add_option(lst_reader *r, const char *text, size_t len, long line);
/* The words of the n bytes at s (their spans in r->span): how many, or -1. */
long lst_split(lst_reader *r, const char *s, size_t n);
/* Adds the words of spans[0 .. count-1] of s as the items of the last
   option (and its items text): 0; -1 out of memory; or the number + 1
   of the first word that is no item or item:color. */
long lst_add_items(lst_reader *r, const char *s, size_t count);
/* Makes the solution visible; LST_SOLUTION or LST_ERROR. */
int lst_finish(lst_reader *r, lst_error *err);

/* ---- the layouts ---- */
/* Is the trimmed line s (n bytes) the start of a solution "K:"? */
int lst_text_header(const char *s, size_t n);
int lst_text_next(lst_reader *r, lst_error *err);
int lst_json_next(lst_reader *r, lst_error *err);

#endif
