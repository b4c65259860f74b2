/*
 * gen.h — the generator library: what every program in dlx-gen/ does the
 * same way, so that a user who knows one knows them all.
 *
 * A generator is a short program: it reads its command line, writes one
 * XCC problem (formats/xcc.md) on stdout and exits; with --show it reads
 * a solver's listing back (listing.h) and draws it (draw.h). This header
 * holds the conventions every one of them keeps:
 *
 *   - the command line comes from one table of options per program
 *     (struct gen_program), from which both the parsing (gen_getopt) and
 *     --help come; -h, --help and --version are answered here, "--" ends
 *     the options, and "-" alone or "-3" is an argument, not an option;
 *   - a message is one line "PROG: ..." on stderr, every byte that is not
 *     printable text shown as \xHH; an error in an input file names
 *     FILE:LINE:COL (columns count characters, from 1);
 *   - exit statuses are those of progs.h: 0 done, 1 an output could not
 *     be written, 2 bad arguments or input, 3 out of memory;
 *   - "-" stands for stdin wherever a file is read;
 *   - every output is checked when it is finished (gen_close_output);
 *   - a problem bigger than GEN_OUTPUT_LIMIT bytes is refused, unless the
 *     user says --force (gen_check_size);
 *   - the first line of every problem is a comment holding the command
 *     that made it, so the same arguments give the same bytes;
 *   - board cells are named as Knuth's generators name them (gen_cell_name).
 */
#ifndef DLX_GEN_H
#define DLX_GEN_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "progs.h"

#define GEN_NORETURN __attribute__((noreturn))
#define GEN_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* ---- the program and its command line ---- */

/*
 * One option of a program's table: how it is spelled (name, and alias or
 * NULL), the name of its value in --help (NULL for an option without a
 * value), and its help, whose lines after the first are continuation
 * lines ('\n' between them).
 */
struct gen_option {
    const char *name, *alias, *value, *help;
};

/*
 * A program as --help shows it: its name ("gen-knight"; also the name in
 * messages, --version and the provenance comment), the synopsis (lines
 * after "Usage: ", each starting with the name), a paragraph about it,
 * its options (the table ends with an entry whose name is NULL; -h,
 * --help and --version are added by the library) and a last part
 * (--show, examples). Any of the texts may be NULL.
 */
struct gen_program {
    const char *name;
    const char *synopsis;
    const char *about;
    const struct gen_option *option;
    const char *more;
};

/* The program running, set by gen_init. */
extern const struct gen_program *gen_prog;

/* Remembers the program and its command line; call first thing in main. */
void gen_init(const struct gen_program *prog, int argc, char **argv);

/* What gen_getopt returns besides the index of an option in the table. */
enum { GEN_ARG = -1, GEN_END = -2 };

/*
 * The next thing on the command line: the index of an option in the
 * table (with its value in *value, or NULL if it takes none; "--name=V"
 * and "--name V" both give V), GEN_ARG for an argument (in *value), or
 * GEN_END. Answers -h, --help and --version itself and exits 0; dies on
 * an unknown option or a missing value.
 */
int gen_getopt(const char **value);

/*
 * The whole command line at once: opt[k] is the value of option k of the
 * table (its last one; "" for an option without a value) or NULL if it
 * was not given; arg[0..nargs) are the arguments in order. For options
 * that may be given several times, use gen_getopt.
 */
struct gen_cmdline {
    const char **opt;
    const char **arg;
    int nargs;
};
void gen_read_cmdline(struct gen_cmdline *cl);

/* Frees what cl holds. */
void gen_free_cmdline(struct gen_cmdline *cl);

/* Dies "NAME goes with writing a problem, not with --show" for the first
   option of which[] (ended by -1) that the command line gives. */
void gen_show_refuses(const struct gen_cmdline *cl, const int *which);

/* Entries of the option tables that mean the same in every generator. */
#define GEN_OPTION_FORCE {"--force", NULL, NULL, "write a problem of more than 1 GB"}
#define GEN_OPTION_SHOW {"--show", NULL, NULL, "draw the solutions of a listing instead"}

/* Writes the --help text of the program to f. */
void gen_help(FILE *f);

/* 1 if s reads as a whole decimal number, maybe with a sign. */
int gen_is_number(const char *s);

/* Parses a whole decimal number in [lo, hi] or dies naming what it is. */
long gen_parse_long(const char *s, long lo, long hi, const char *what);

/* ---- messages and exit statuses ---- */

/* "PROG: message" on stderr, then exit with status (progs.h). */
void gen_exit(int status, const char *fmt, ...) GEN_PRINTF(2, 3) GEN_NORETURN;

/* "PROG: message", status 2 (bad arguments or input). */
void gen_die(const char *fmt, ...) GEN_PRINTF(1, 2) GEN_NORETURN;

/* "PROG: FILE:LINE:COL: message" (col 0: "FILE:LINE: message"), status 2. */
void gen_die_at(const char *file, long line, long col, const char *fmt, ...)
    GEN_PRINTF(4, 5) GEN_NORETURN;
void gen_vdie_at(const char *file, long line, long col, const char *fmt, va_list ap)
    GEN_PRINTF(4, 0) GEN_NORETURN;

/* "PROG: warning: message"; the program goes on. */
void gen_warn(const char *fmt, ...) GEN_PRINTF(1, 2);

/* "PROG: message", a remark; the program goes on. */
void gen_note(const char *fmt, ...) GEN_PRINTF(1, 2);

/* "PROG: out of memory", status 3. */
void gen_out_of_memory(void) GEN_NORETURN;

/* A copy of s with every byte that starts no printable character (a
   control character, or no UTF-8 at all) written \xHH. */
char *gen_escape(const char *s);

/*
 * s cut for a message, in buf (GEN_QUOTE bytes): leading blanks dropped,
 * at most 40 characters, then "..." if anything was left out.
 */
#define GEN_QUOTE 200
const char *gen_quote(char *buf, const char *s);

/* ---- memory ---- */

/* realloc of count * size bytes (at least 1); out of memory: status 3. */
void *gen_realloc(void *p, size_t count, size_t size);

/* p grown (doubling *cap, at least 8) so that element n fits; p may be NULL. */
void *gen_grow(void *p, size_t *cap, size_t n, size_t size);

/* count * size bytes of zeros. */
void *gen_zalloc(size_t count, size_t size);

/* Copies of s, and of its first n bytes (NUL-terminated). */
char *gen_strdup(const char *s);
char *gen_strndup(const char *s, size_t n);

/* ---- input ---- */

/*
 * A text read line by line, from a file ("-" is stdin) or from a string
 * built into the program, keeping the position for messages. text is
 * the line last read, without its newline; it holds no NUL byte (one is
 * an error "FILE:LINE:COL: NUL byte in the input").
 */
struct gen_input {
    const char *name;       /* for messages: the path, "<stdin>", or a built-in's name */
    long line;              /* number of the line in text, from 1 */
    char *text;
    size_t len;             /* bytes in text */
    /* private */
    FILE *f;
    const char *builtin;    /* the rest of a built-in text */
    size_t cap;
};

/* Opens path ("-": stdin) or dies "cannot open PATH: reason" (status 2). */
void gen_input_open(struct gen_input *in, const char *path);

/* Reads the built-in text instead, called name in messages. */
void gen_input_string(struct gen_input *in, const char *name, const char *text);

/* The next line into in->text; 0 at the end. A read error dies. */
int gen_input_next(struct gen_input *in);

/* Closes the file (not stdin) and frees the line. */
void gen_input_close(struct gen_input *in);

/* The column (characters from 1) of byte p of in->text. */
long gen_input_col(const struct gen_input *in, const char *p);

/* "FILE:LINE:COL: message" for the line last read, status 2. */
void gen_input_die(const struct gen_input *in, long col, const char *fmt, ...)
    GEN_PRINTF(3, 4) GEN_NORETURN;

/* ---- output ---- */

/* The largest problem written without --force, in bytes. */
#define GEN_OUTPUT_LIMIT 1e9

/*
 * Dies (status 2) if an output of about bytes bytes passes the limit and
 * force is 0, saying how large it would be and that --force writes it.
 * what names it ("the problem").
 */
void gen_check_size(double bytes, int force, const char *what);

/* Opens path for writing ("-": stdout) or dies "cannot write PATH" (status 1). */
FILE *gen_create(const char *path);

/*
 * Flushes f and checks that everything written reached it, then closes it
 * unless it is stdout; if not, "cannot write NAME: reason", status 1.
 * name is NULL for stdout ("the output").
 */
void gen_close_output(FILE *f, const char *name);

/* Dies (status 1) if writing to f has failed so far: for long outputs. */
void gen_check_output(FILE *f, const char *name);

/* ---- what problems look like ---- */

/* Writes "| <command line>\n" to f: the provenance comment. */
void gen_write_command(FILE *f);

/* The extended-hex digit of 0 <= v < 62: 0-9, a-z, A-Z. */
char gen_ext_hex(int v);

/* Value of an extended-hex digit, or -1. */
int gen_ext_hex_value(int ch);

/*
 * Writes the name of index i >= 0 into buf (at least 24 bytes) and
 * returns buf: one extended-hex digit when ext (every index of the
 * problem below 62), otherwise decimal. Rows, columns, slots and
 * diagonals of Knuth's generators are named this way after a letter.
 */
char *gen_index_name(char *buf, long i, int ext);

/*
 * The index that s names as gen_index_name writes it with ext (1 or 0),
 * or in either scheme with ext -1 (one character is extended hex, more
 * are decimal from 10); -1 if s names none. Decimal means digits without
 * sign or leading zero, at most 9 of them.
 */
long gen_parse_index(const char *s, int ext);

/*
 * Writes the name of cell (r, c) of a rows x cols board into buf (at
 * least 24 bytes) and returns buf: two extended-hex digits when
 * rows <= 62 and cols <= 62, otherwise "R.C" in decimal.
 */
char *gen_cell_name(char *buf, int r, int c, int rows, int cols);

/* Sides of the boards whose cells gen_parse_cell reads in either scheme. */
#define GEN_SIDE_MAX 1000000

/*
 * 1 if s is the name gen_cell_name gives some cell of a rows x cols
 * board; then *r and *c (if not NULL) are its row and column. With rows
 * 0, a name in either scheme (each side below GEN_SIDE_MAX) is taken.
 */
int gen_parse_cell(const char *s, int rows, int cols, int *r, int *c);

/* Knuth's DLX2 reads item names of at most this many bytes. */
#define GEN_KNUTH_NAME_MAX 8

/* Dies "--knuth: item name 'NAME' is longer than 8 characters" if it is. */
void gen_knuth_check_name(const char *name);

#endif
