/*
 * gen-queens — the n queens problem as an XCC problem.
 *
 *   gen-queens [--force] N
 *   gen-queens --show [LISTING]
 *
 * Place N queens on an N x N board so that no two share a row, a column
 * or a diagonal. Encoding (formats/queens.md says more), that of Knuth's
 * QUEENS-DLX:
 *   - primary items rI and cI for the rows and columns, I written by
 *     gen_index_name, listed in "organ-pipe order": the middle row and
 *     column first, then outwards alternately (N = 8: 4 3 5 2 6 1 7 0),
 *     each row followed by the column of the same number, because a
 *     queen near the middle rules out more and so is better tried first;
 *   - secondary items aT and bT for the diagonals, T = 1 .. 2N-3: aT
 *     holds the cells with row + column = T, bT those with
 *     N-1 - row + column = T; the two diagonals of one cell (the corners'
 *     other ones) have no item, since nothing else could conflict there;
 *   - one option per cell, row by row: "rI cJ aT bU", without the
 *     diagonals that have no item.
 * A solution is a placement of N queens. Every index is one
 * extended-hex digit while 2N-2 <= 62 (N <= 32, where QUEENS-DLX stops);
 * beyond, all are decimal.
 *
 * --show reads a solver's listing and draws each solution as a board,
 * Q for a queen and . for an empty cell; N is the number of options of
 * a solution.
 */
#include "draw.h"
#include "gen.h"
#include "listing.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_FORCE, OPT_SHOW };

static const struct gen_option options[] = {
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = GEN_OPTION_SHOW,
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-queens",
    "gen-queens [--force] N\n"
    "gen-queens --show [LISTING]\n",
    "Writes the XCC problem of placing N queens on an N x N board, no two\n"
    "in a row, a column or a diagonal, in the encoding of Knuth's\n"
    "QUEENS-DLX: rows rI and columns cI are primary items, in organ-pipe\n"
    "order (the middle first); diagonals aT (row + column = T) and bT\n"
    "(N-1 - row + column = T) are secondary; one option per cell. Indexes\n"
    "are extended-hex digits (0-9 a-z A-Z) up to N = 32, decimal beyond.\n",
    options,
    "--show reads a solver's listing (dlx2 m1 or JSON) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the board, Q for a\n"
    "queen; a blank line between solutions.\n"
    "\n"
    "  gen-queens 8 | dlx2 -c                              (92)\n"
    "  gen-queens 8 | dlx2 m1 t1 | gen-queens --show\n",
};

/* Largest N: the board's cells must stay countable in an int. */
#define QUEENS_MAX 40000L

/* The index names of a board of n queens are one digit each. */
static int ext_names(long n)
{
    return 2 * n - 2 <= 62;
}

static void put_item(char prefix, long i, int ext)
{
    char name[24];
    printf("%c%s", prefix, gen_index_name(name, i, ext));
}

/* The size of the output, about, in bytes. */
static double measure(long n)
{
    double digits = ext_names(n) ? 1 : (double)snprintf(NULL, 0, "%ld", 2 * n);
    return (double)n * (double)n * 4 * (digits + 2) + 8 * (double)n * (digits + 2);
}

static void write_queens(long n)
{
    long nn = 2 * n - 2;
    int ext = ext_names(n);
    gen_write_command(stdout);
    for (long j = 0; j < n; j++) {
        long t = (j & 1 ? n - 1 - j : n + j) >> 1;     /* organ-pipe order */
        put_item('r', t, ext);
        putchar(' ');
        put_item('c', t, ext);
        putchar(' ');
    }
    putchar('|');
    for (long t = 1; t < nn; t++) {
        putchar(' ');
        put_item('a', t, ext);
        putchar(' ');
        put_item('b', t, ext);
    }
    putchar('\n');
    for (long j = 0; j < n; j++) {
        for (long k = 0; k < n; k++) {
            put_item('r', j, ext);
            putchar(' ');
            put_item('c', k, ext);
            long a = j + k, b = n - 1 - j + k;
            if (a > 0 && a < nn) {
                putchar(' ');
                put_item('a', a, ext);
            }
            if (b > 0 && b < nn) {
                putchar(' ');
                put_item('b', b, ext);
            }
            putchar('\n');
        }
        gen_check_output(stdout, NULL);
    }
}

/* ---------------------------------------------------------------- --show */

/* The form of an option of the listing, for messages. */
#define OPTION_FORM "'rI cJ aT bU (k of n)'"

/* The solution being drawn: queen[r] is the column of row r's queen. */
struct board {
    long n;
    long *queen;        /* -1: none yet */
    long *column_row;   /* the row of column c's queen, or -1 */
    long *diagonal;     /* the row of the queen on each diagonal, or -1: 2 x (2n-1) */
    size_t cap, dcap;
};

/* Places the queen of option o on the board, or dies. */
static void place(struct board *b, const struct listing *ls, const struct lst_option *o)
{
    long at[4] = {-1, -1, -1, -1};  /* the indexes of r, c, a, b */
    static const char kinds[] = "rcab";
    int ext = ext_names(b->n);
    for (size_t i = 0; i < o->nitems; i++) {
        const struct lst_item *it = &o->item[i];
        const char *kind = it->name[0] ? strchr(kinds, it->name[0]) : NULL;
        if (!kind || it->color || at[kind - kinds] >= 0)
            listing_not_an_option(ls, o, OPTION_FORM);
        at[kind - kinds] = gen_parse_index(it->name + 1, ext);
        if (at[kind - kinds] < 0)
            listing_not_an_option(ls, o, OPTION_FORM);
    }
    long r = at[0], c = at[1], nn = 2 * b->n - 2, a = r + c, d = b->n - 1 - r + c;
    char quote[GEN_QUOTE];
    if (r < 0 || c < 0)
        listing_not_an_option(ls, o, OPTION_FORM);
    if (r >= b->n || c >= b->n)
        listing_die(ls, o->line, "row %ld, column %ld is off the %ld x %ld board "
                    "(a solution has one queen in every row)", r, c, b->n, b->n);
    if (at[2] != (a > 0 && a < nn ? a : -1) || at[3] != (d > 0 && d < nn ? d : -1))
        listing_die(ls, o->line, "the diagonals of '%s' are not those of its cell",
                    gen_quote(quote, o->text));
    long *da = &b->diagonal[a], *db = &b->diagonal[2 * b->n - 1 + d];
    if (b->queen[r] >= 0)
        listing_die(ls, o->line, "two queens in row %ld in solution %s", r, ls->label);
    if (b->column_row[c] >= 0 || *da >= 0 || *db >= 0)
        listing_die(ls, o->line, "the queens of rows %ld and %ld share a %s in solution %s",
                    b->column_row[c] >= 0 ? b->column_row[c] : *da >= 0 ? *da : *db, r,
                    b->column_row[c] >= 0 ? "column" : "diagonal", ls->label);
    b->queen[r] = c;
    b->column_row[c] = *da = *db = r;
}

static void draw(const struct board *b, long picture, const char *label)
{
    draw_title(stdout, picture, label, NULL);
    for (long r = 0; r < b->n; r++) {
        for (long c = 0; c < b->n; c++)
            printf(c ? " %c" : "%c", b->queen[r] == c ? 'Q' : '.');
        putchar('\n');
    }
    gen_check_output(stdout, NULL);
}

static int show(const char *path)
{
    /* static: reachable when a bad line ends the program */
    static struct listing ls;
    static struct board b;
    long pictures = 0;
    listing_open(&ls, path);
    while (listing_next(&ls)) {
        b.n = (long)ls.nopts;
        if (b.n > QUEENS_MAX)
            listing_die(&ls, ls.label_line, "solution %s has %ld queens, more than %ld", ls.label,
                        b.n, QUEENS_MAX);
        size_t cap = b.cap;
        b.queen = gen_grow(b.queen, &cap, (size_t)b.n, sizeof *b.queen);
        b.column_row = gen_grow(b.column_row, &b.cap, (size_t)b.n, sizeof *b.column_row);
        b.diagonal = gen_grow(b.diagonal, &b.dcap, (size_t)(4 * b.n), sizeof *b.diagonal);
        for (long k = 0; k < b.n; k++)
            b.queen[k] = b.column_row[k] = -1;
        for (long k = 0; k < 4 * b.n; k++)
            b.diagonal[k] = -1;
        for (size_t k = 0; k < ls.nopts; k++)
            place(&b, &ls, &ls.opt[k]);
        draw(&b, pictures++, ls.label);
    }
    int status = ls.solutions ? PROG_DONE : listing_none(&ls);
    listing_close(&ls);
    free(b.queen);
    free(b.column_row);
    free(b.diagonal);
    return status;
}

int main(int argc, char **argv)
{
    static struct gen_cmdline a;    /* static: reachable when the program dies */
    int status = PROG_DONE;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    if (a.opt[OPT_SHOW]) {
        gen_show_refuses(&a, (const int[]){OPT_FORCE, -1});
        if (a.nargs > 1)
            gen_die("--show takes one LISTING, not '%s': the board comes from the listing",
                    a.arg[1]);
        status = show(a.nargs ? a.arg[0] : NULL);
    } else {
        if (a.nargs < 1)
            gen_die("missing N, the number of queens (try --help)");
        if (a.nargs > 1)
            gen_die("too many arguments: '%s' (try --help)", a.arg[1]);
        long n = gen_parse_long(a.arg[0], 1, QUEENS_MAX, "N");
        gen_check_size(measure(n), a.opt[OPT_FORCE] != NULL, "the problem");
        write_queens(n);
    }
    gen_close_output(stdout, NULL);
    gen_free_cmdline(&a);
    return status;
}
