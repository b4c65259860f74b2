/*
 * lst.h — reading a listing of solutions back: the one reader of every
 * layout the toolkit writes or takes, for `dlx2 --verify` (verify/) and
 * every generator's --show (dlx-gen/lib/listing.c). It never exits: an
 * error comes back as a status and a message with its place.
 *
 * Two layouts, told apart by the first line that is not blank ('{' is
 * JSON):
 *
 *   DLX2's m<n> listing (dlx2, Knuth's DLX2, DLX3, DLX5 and SSXCC): a
 *   line "K:" starts solution K (DLX5: "K: (total cost $C)"), and each
 *   line after it is one chosen option, its items as name or
 *   name:color, from the item branched on round, then the tally
 *   "(k of n)" (or DLX2's "(?)"; DLX5 adds " $T" or " $T [N]", the
 *   option's cost and net cost). The tally is optional, so that a
 *   listing written by hand reads too. DLX3's line "null NAME (k of n)"
 *   chooses no option and is passed over. Blank lines are skipped.
 *
 *   dlx2 --format=json (formats/json.md): one object per line,
 *   {"solution":K,"lines":[..],"option_indices":[..],"options":[..],"cost":C,"colors":{..}}
 *   for a solution and {"summary":{..}} at the end of a search; any
 *   other object is only checked to be well-formed JSON.
 *
 * A line holds no NUL byte. Within an option, an entry's first ':' ends
 * the item's name and the rest is its color (formats/xcc.md), so an
 * empty name or an empty color is an error; items are separated by
 * white space (space, \t, \r, \v, \f).
 */
#ifndef LST_H
#define LST_H

#include <stddef.h>
#include <stdio.h>

/* What went wrong, and where. */
typedef struct lst_error {
    int status;         /* 2 bad input (or a read error), 3 out of memory */
    long line;          /* from 1; 0: the file as a whole */
    long col;           /* byte of the line, from 1; 0: the line as a whole */
    char msg[400];
} lst_error;

/* An item of an option: its name, and its color or NULL. */
typedef struct lst_item {
    const char *name, *color;
} lst_item;

/* A chosen option. */
typedef struct lst_option {
    const char *text;       /* the line as written, trimmed (JSON: the string): for messages */
    const char *items;      /* its items alone, one space between them, as listed */
    const lst_item *item;
    size_t nitems;
    long line;              /* where it stands in the listing */
    long input_line;        /* JSON's "lines": its line in the problem; 0 if not given */
    long index;             /* JSON's "option_indices": libxcc's number of it; -1 if not given */
    int has_cost;           /* DLX5's " $T" after the tally: */
    unsigned long long cost;
} lst_option;

/* A solution; what it points to stays valid until the next lst_next. */
typedef struct lst_solution {
    const char *label;      /* its number as written */
    unsigned long long number; /* the same (ULLONG_MAX if it does not fit) */
    const char *note;       /* "(total cost $C)" when a cost is given, else NULL */
    long line;              /* of "K:", or of the JSON object */
    const lst_option *opt;
    size_t nopts;           /* 0 only for DLX3's choices of nothing */
    int has_cost;           /* "K: (total cost $C)", or JSON's "cost": */
    unsigned long long cost;
    int has_lines;          /* JSON gave "lines": each option's input_line */
    int has_indices;        /* JSON gave "option_indices": each option's index */
    int has_colors;         /* JSON gave "colors": */
    const lst_item *color;  /* an item and the color the solution gives it */
    size_t ncolors;
} lst_solution;

/* A JSON summary, {"summary":{"solutions":N,"complete":B,"stopped":S,...}}. */
typedef struct lst_summary {
    long line;
    const char *solutions;  /* the count as written: decimal digits, any size */
    int complete;           /* "complete":true */
    const char *stopped;    /* why the search stopped early ("count", "mems", ...), or NULL */
    int shard_k, shard_n;   /* "shard":[K,N], or 0 and 0 */
    const char *classes;    /* "classes":N (m<n> --up-to-symmetry: one solution listed per
                               class), or NULL */
} lst_summary;

/* The layouts, known after the first line that is not blank. */
enum lst_layout { LST_NONE, LST_TEXT, LST_JSON };

/* What lst_next read. */
enum lst_event { LST_ERROR = -1, LST_END = 0, LST_SOLUTION = 1, LST_SUMMARY = 2 };

typedef struct lst_reader lst_reader;

/* A reader of f (left open), or of the text s (kept, not copied); name is
   for messages. NULL when memory is short. */
lst_reader *lst_open(FILE *f, const char *name);
lst_reader *lst_open_string(const char *s, const char *name);
void lst_close(lst_reader *r);

/*
 * Reads on: LST_SOLUTION (lst_solution_of says which), LST_SUMMARY
 * (lst_summary_of), LST_END, or LST_ERROR with *err filled in. After an
 * error the reader is good only for lst_close.
 */
int lst_next(lst_reader *r, lst_error *err);
const lst_solution *lst_solution_of(const lst_reader *r);
const lst_summary *lst_summary_of(const lst_reader *r);

enum lst_layout lst_layout_of(const lst_reader *r);

/* The layout a listing whose first line that is not blank is s (n bytes)
   has: LST_JSON for an object, LST_TEXT for "K:" or "K: (total cost $C)",
   else LST_NONE (no listing: a problem, a puzzle...). */
enum lst_layout lst_layout_starting(const char *s, size_t n);
const char *lst_name(const lst_reader *r);
/* The number of the last line read (0 before any). */
long lst_line(const lst_reader *r);

/*
 * s (n bytes) for a message, into out (LST_QUOTE bytes): blanks dropped
 * from its start, at most 40 characters (a byte that starts no UTF-8
 * character counts one), then "..." if anything is left out. Bytes are
 * kept as they are: the program that prints a message escapes it.
 */
#define LST_QUOTE 200
const char *lst_quote(char *out, const char *s, size_t n);

#endif
