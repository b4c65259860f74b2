/*
 * gen.h — what every generator in dlx-gen/ shares.
 *
 * A generator is a short program: it reads its arguments, writes one XCC
 * problem (formats/xcc.md) on stdout and exits. The helpers here are the
 * few things they all must do the same way:
 *
 *   - the first line of every file is a comment holding the command that
 *     made it (program name without its directory, then the arguments,
 *     quoted where needed), so the same arguments give the same bytes;
 *   - board cells are named like Knuth's generators name them: row digit
 *     then column digit in "extended hex" 0-9 a-z A-Z, while both sides are
 *     at most 62; a larger board names a cell "R.C" in decimal instead
 *     (still no white space, ':' or '|', so dlx2 reads it);
 *   - bad arguments get one message "PROG: ..." on stderr and status 2.
 */
#ifndef DLX_GEN_H
#define DLX_GEN_H

#include <stdio.h>

/* The program name used in messages, set by gen_init from argv[0]. */
extern const char *gen_prog;

/* Remembers the program name; call first thing in main. */
void gen_init(int argc, char **argv);

/* Writes "| <command line>\n" to f: the provenance comment. */
void gen_write_command(FILE *f, int argc, char **argv);

/* The extended-hex digit of 0 <= v < 62: 0-9, a-z, A-Z. */
char gen_ext_hex(int v);

/* Value of an extended-hex digit, or -1. */
int gen_ext_hex_value(int ch);

/*
 * Writes the name of cell (r, c) of a rows x cols board into buf (at
 * least 24 bytes) and returns buf: two extended-hex digits when
 * rows <= 62 and cols <= 62, otherwise "R.C" in decimal.
 */
char *gen_cell_name(char *buf, int r, int c, int rows, int cols);

/* Prints "PROG: message" and exits with status 2. */
void gen_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Prints "PROG: FILE:LINE:COL: message" (an error in an input file; the
   message is cut at 1000 bytes or so) and exits with status 2. */
void gen_die_at(const char *file, long line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), noreturn));

/* Prints "PROG: <stdin>:LINE: message" (an error in a listing read by
   --show) and exits with status 2. */
void listing_die(long line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/*
 * Walking a command line: gen_next_arg returns the next argument (NULL
 * after the last) and sets *is_flag when it is a flag: it starts with
 * '-', is not "-" alone, and comes before "--". "--" itself is skipped,
 * and --help and -h print usage on stdout and exit 0, so no generator
 * handles them. Start with gen_args g = {argc, argv, usage, 0, 0}.
 */
typedef struct gen_args {
    int argc;
    char **argv;
    const char *usage;
    int i, options_done;
} gen_args;
const char *gen_next_arg(gen_args *g, int *is_flag);

/*
 * 1 if the command line asks for --show (before any "--"). The flags
 * listed in with_value (NULL at the end) take a value, which is skipped
 * even if it reads "--show".
 */
int gen_wants_show(int argc, char **argv, const char *const *with_value);

/* The argument after flag (just returned by gen_next_arg), or dies with
   "FLAG needs a value (try --help)". */
const char *gen_flag_value(gen_args *g, const char *flag);

/*
 * The next line, without its newline, into *line (*cap bytes, grown as
 * getline grows it): from f, or when f is NULL from the built-in text
 * *text, which it advances. 0 at the end; a read error of f dies naming
 * file.
 */
int gen_next_line(FILE *f, const char **text, const char *file, char **line, size_t *cap);

/* Parses a whole decimal number in [lo, hi] or dies naming what it is. */
long gen_parse_long(const char *s, long lo, long hi, const char *what);

#endif
