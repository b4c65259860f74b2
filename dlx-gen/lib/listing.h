/*
 * listing.h — a solver's listing read back, for the --show of every
 * generator: one solution after another, each as its options, each
 * option as its items with their colors.
 *
 * The reading is the listing library's (listing/lst.h): DLX2's m<n>
 * listing, as dlx2 and Knuth's DLX2, DLX3, DLX5 and SSXCC write it, and
 * dlx2's JSON Lines, with the same picture from either. What it refuses
 * stops the program here with "PROG: FILE:LINE: message" (JSON:
 * "PROG: FILE:LINE:COL: JSON: message") and status 2; a show adds its
 * own refusals with listing_die and listing_not_an_option.
 *
 * A listing may hold no solution: the search found none, dlx2 was not
 * asked to list them (it lists only with m1), or it stopped first. Only
 * a JSON summary can tell; listing_none says which on stderr and gives
 * the exit status of a show that drew nothing.
 */
#ifndef DLX_GEN_LISTING_H
#define DLX_GEN_LISTING_H

#include <stddef.h>
#include <stdio.h>

#include "gen.h"
#include "lst.h"

/*
 * A listing being read. After listing_next has returned 1, label,
 * label_line, opt and nopts describe the solution read; everything they
 * point to stays valid until the next call. An option's text is its
 * line as written (for messages), its items item[0 .. nitems-1].
 */
struct listing {
    const char *label;          /* the solution's number, as written */
    const char *note;           /* DLX5's "(total cost $C)", or NULL */
    long label_line;
    const struct lst_option *opt;
    size_t nopts;               /* 0 only for DLX3's choices of nothing */
    unsigned long long solutions;   /* read so far */
    /* private */
    lst_reader *r;
    FILE *f;
    const char *name;
    int summary;                /* a summary was read: the last one says */
    int complete;
    char count[64];             /* its number of solutions, or "" */
    char stopped[32];           /* why it stopped early, or "" */
};

/* Starts reading path ("-" or NULL: stdin); dies if it cannot be opened. */
void listing_open(struct listing *ls, const char *path);

/* Starts reading text, a listing made in memory; name is for messages. */
void listing_open_string(struct listing *ls, const char *name, const char *text);

/* Reads the next solution: 1, or 0 at the end of the listing. */
int listing_next(struct listing *ls);

/* Closes the input and frees what ls holds. */
void listing_close(struct listing *ls);

/*
 * 1 if path names a regular file whose first line that is not blank
 * starts a listing (a solution "K:" or a JSON object), so that a show
 * can take a listing given where another file may stand; else 0 (a
 * file that cannot be read is left to the caller's messages).
 */
int listing_sniff(const char *path);

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
void listing_not_an_option(const struct listing *ls, const struct lst_option *o,
                           const char *expected) GEN_NORETURN;

/*
 * For a show that read its listing to the end and found no solution:
 * says on stderr why there is nothing to draw, and returns the exit
 * status, 0 only when the listing's summary says the search was complete
 * and found none (a problem without solutions), else 1 (PROG_NOTHING).
 */
#define PROG_NOTHING 1
int listing_none(const struct listing *ls);

#endif
