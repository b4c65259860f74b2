/*
 * listing.h — reading a solver's listing back, for the --show of every
 * generator: one solution after another, each as its options, each
 * option as its items with their colors.
 *
 * Two formats are read. DLX2's m<n> listing, which dlx2 writes and so do
 * Knuth's DLX2, DLX3, DLX5 and SSXCC: a line "K:" (K the solution's
 * number; DLX5 adds its cost, " (total cost $C)", which note keeps)
 * starts a solution, and each line after it is one
 * chosen option, its items as name or name:color, beginning with the
 * item the search branched on and ending with the tally "(k of n)" (or
 * "(?)"; DLX5 adds " $T [N]", the option's cost and net cost), which is
 * left out. Blank lines
 * are skipped. Anything else stops the program with "PROG: FILE:LINE:
 * message" and status 2: a line before the first "K:", a solution
 * without options, a word ':x', 'x:' or 'x:y:z', a NUL byte.
 *
 * dlx2 --format=json writes JSON Lines (formats/json.md), told by a
 * first line starting with '{': each object {"solution":K, ...,
 * "options":[...]} is a solution, its options in input order, each as
 * written in the input (no tally); other objects (the summary) are
 * passed over. Bad JSON stops the program with "PROG: FILE:LINE:COL:
 * JSON: message" and status 2. A --show gives the same picture from
 * either format.
 *
 * A format is one function that reads the next solution into the
 * struct (listing.c keeps a table of them, chosen by the first line of
 * the input): another format is one more entry.
 */
#ifndef DLX_GEN_LISTING_H
#define DLX_GEN_LISTING_H

#include <stddef.h>

#include "gen.h"

/* One item of an option: its name, and its color or NULL. */
struct listing_item {
    const char *name, *color;
};

/* One option of a solution. */
struct listing_option {
    const struct listing_item *item;
    size_t nitems;
    long line;                  /* where it stands in the listing */
    const char *text;           /* the line as written, for messages */
};

/*
 * A listing being read. After listing_next has returned 1, label,
 * label_line, opt and nopts describe the solution read; everything they
 * point to stays valid until the next call.
 */
struct listing {
    const char *label;          /* the solution's number, as written */
    const char *note;           /* what follows "K:", DLX5's "(total cost $C)", or NULL */
    long label_line;
    const struct listing_option *opt;
    size_t nopts;               /* at least 1 */
    /* private */
    struct gen_input in;
    size_t note_at;             /* note in pool, or SIZE_MAX */
    int held;                   /* in.text is a line not yet used */
    int (*next)(struct listing *);  /* the format, chosen at the first line */
    char *pool;                 /* the strings of the solution */
    size_t pool_len, pool_cap;
    struct listing_word {       /* items, as offsets into pool while it grows */
        size_t name, color;     /* color SIZE_MAX: none */
    } *word;
    size_t nwords, word_cap;
    struct listing_line {       /* options, the same way */
        size_t text, first, n;
        long line;
    } *line;
    size_t nlines, line_cap;
    struct listing_item *item;  /* what the caller sees */
    struct listing_option *option;
    size_t item_cap, option_cap;
};

/* Starts reading path ("-" or NULL: stdin); dies if it cannot be opened. */
void listing_open(struct listing *ls, const char *path);

/* Starts reading text, a listing made in memory; name is for messages. */
void listing_open_string(struct listing *ls, const char *name, const char *text);

/* Reads the next solution: 1, or 0 at the end of the listing. */
int listing_next(struct listing *ls);

/* Closes the input and frees what ls holds. */
void listing_close(struct listing *ls);

/* The name of the listing in messages: its path, or "<stdin>". */
const char *listing_name(const struct listing *ls);

/* "PROG: FILE:LINE: message" for the listing, status 2. */
void listing_die(const struct listing *ls, long line, const char *fmt, ...)
    GEN_PRINTF(3, 4) GEN_NORETURN;

/*
 * "PROG: FILE:LINE: 'TEXT' is not an option of PROG (expected EXPECTED)"
 * for option o, status 2: what every --show says of a line it cannot
 * read. expected shows the form, quotes included: "'rI cJ (k of n)'".
 */
void listing_not_an_option(const struct listing *ls, const struct listing_option *o,
                           const char *expected) GEN_NORETURN;

#endif
