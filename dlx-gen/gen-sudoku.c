/*
 * gen-sudoku — a sudoku puzzle as an exact cover problem.
 *
 *   gen-sudoku [--keep K [--seed S]] [PUZZLE]
 *   gen-sudoku --show [--keep K [--seed S]] [PUZZLE [LISTING]]
 *   gen-sudoku --show LISTING
 *
 * PUZZLE is a file ("-" or none: stdin) holding the 81 cells either on
 * one line or as 9 lines of 9, row by row: a digit 1-9 is a clue, '.' or
 * '0' a blank. Blanks and tabs between cells, blank lines and lines
 * starting with '|' (comments) are skipped; anything else is an error
 * "FILE:LINE:COL: ..." with status 2.
 *
 * Encoding (formats/sudoku.md says more), that of Knuth's SUDOKU-DLX,
 * item for item and option for option:
 *   - primary items, all of them: pRC for every blank cell (row R and
 *     column C from 0), then rRD for every row R and digit D (from 1)
 *     that no clue puts in row R, then cCD for the columns, then bXD for
 *     the boxes (X = 3 * (R / 3) + C / 3), each in increasing order;
 *   - one option "pRC rRD cCD bXD" per blank cell, row by row, and per
 *     digit D that no clue forbids there (none in its row, column or box).
 * A solution fills the blanks. A clue that repeats the digit of an
 * earlier clue (in reading order) in its row, column or box is reported
 * as a warning naming both places; it is then left out of the tables and
 * its cell keeps its item pRC without any option, so that the problem,
 * which is written all the same, has no solution (SUDOKU-DLX refuses
 * such a puzzle).
 *
 * --keep K keeps only K of the clues, chosen at random from the seed S
 * (default 0) by the random numbers of the Stanford GraphBase (gbrand.h):
 * the clues in reading order, a shuffle of their first K places, each
 * place i taking the clue at i + xcc_gb_rng_unif(clues - i). A solved grid
 * and --keep make puzzles of many solutions for benchmarks.
 *
 * --show reads a solver's listing and draws each solution as the filled
 * grid: the clues of PUZZLE (read with the same --keep and --seed) and
 * the digits of the listing. Without PUZZLE the clues are worked out
 * from the listing: a solution fills every blank, so what each row,
 * column and box lacks are the clues' digits, and the clue cells take
 * the one way to place them, if there is one way (else they stay '.',
 * with a warning that asks for the puzzle). A lone argument that is a
 * listing, not a puzzle, is taken for LISTING.
 */
#include "draw.h"
#include "lib/base/gbrand.h" /* the SGB random numbers, shared with the library */
#include "gen.h"
#include "listing.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_KEEP, OPT_SEED, OPT_SHOW };

static const struct gen_option options[] = {
    [OPT_KEEP] = {"--keep", NULL, "K", "keep only K of the clues, chosen at random"},
    [OPT_SEED] = {"--seed", NULL, "S", "the seed of --keep's choice (default 0)"},
    [OPT_SHOW] = GEN_OPTION_SHOW,
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-sudoku",
    "gen-sudoku [--keep K [--seed S]] [PUZZLE]\n"
    "gen-sudoku --show [--keep K [--seed S]] [PUZZLE [LISTING]]\n"
    "gen-sudoku --show LISTING\n",
    "Writes the exact cover problem of a sudoku puzzle, in the encoding of\n"
    "Knuth's SUDOKU-DLX: items pRC for the blank cells, rRD, cCD and bXD for\n"
    "the digits D that rows, columns and boxes still need; an option\n"
    "\"pRC rRD cCD bXD\" puts digit D in cell RC (rows and columns from 0,\n"
    "boxes X = 3 * (R / 3) + C / 3). PUZZLE (default stdin) holds the 81\n"
    "cells on one line or as 9 lines of 9: digits 1-9 for clues, '.' or\n"
    "'0' for blanks; blanks between cells, blank lines and lines starting\n"
    "with '|' are skipped. A clue that clashes with an earlier one gets a\n"
    "warning, and the problem is written with no solution.\n",
    options,
    "--show reads a solver's listing (dlx2 m1 or JSON) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the filled grid; a blank\n"
    "line between solutions. The clues come from PUZZLE (with the same\n"
    "--keep and --seed); without it, from what the rows, columns and boxes\n"
    "of each solution lack, when one way fits (else their cells are '.').\n"
    "A lone argument that is a listing is LISTING.\n"
    "\n"
    "  gen-sudoku P.txt | dlx2 m1 | gen-sudoku --show P.txt\n",
};

#define CELLS 81

/* The box of row r, column c. */
static int box_of(int r, int c)
{
    return 3 * (r / 3) + c / 3;
}

/*
 * A puzzle: digit[i] of cell i = 9 * row + column (0 for a blank), and
 * where each clue stands in the file, for messages.
 */
struct puzzle {
    const char *file;       /* as messages name it */
    int digit[CELLS];
    long line[CELLS], col[CELLS];
    int clash[CELLS];       /* 1: the clue repeats an earlier one; its cell has no option */
    int nclues;
};

/* ---------------------------------------------------------------- reading */

/* 1 if the line holds nothing but blanks, or is a comment. */
static int skipped_line(const char *s)
{
    s += strspn(s, " \t\r");
    return !*s || *s == '|';
}

/*
 * Reads the cells of one line into pz from cell *n on (at most `room`
 * of them; one more is an error): returns how many. Dies on a character
 * that is no cell.
 */
static int read_cells(struct gen_input *in, struct puzzle *pz, int *n, int room,
                      const char *too_many)
{
    int got = 0;
    for (const char *s = in->text; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\r')
            continue;
        long col = gen_input_col(in, s);
        if (!(*s >= '0' && *s <= '9') && *s != '.') {
            char shown[8];
            size_t len = 1;
            while (len < 4 && (s[len] & 0xC0) == 0x80)
                len++;
            snprintf(shown, sizeof shown, "%.*s", (int)len, s);
            gen_input_die(in, col, "'%s' is no cell of a sudoku (a digit 1-9, '.' or '0')",
                          shown);
        }
        if (got == room)
            gen_input_die(in, col, "%s", too_many);
        int i = *n + got++;
        pz->digit[i] = *s == '.' ? 0 : *s - '0';
        pz->line[i] = in->line;
        pz->col[i] = col;
    }
    *n += got;
    return got;
}

/* Reads PUZZLE: 81 cells on one line, or 9 lines of 9. */
static void read_puzzle(struct puzzle *pz, const char *path)
{
    static struct gen_input in;     /* static: reachable when the program dies */
    int n = 0, rows = 0;
    long last_line = 0, last_col = 1;
    gen_input_open(&in, path);
    pz->file = in.name;
    while (gen_input_next(&in)) {
        if (skipped_line(in.text))
            continue;
        if (n == CELLS)
            gen_input_die(&in, 1, "the puzzle is complete on line %ld; this line is more",
                          last_line);
        int got = read_cells(&in, pz, &n, rows ? 9 : CELLS,
                             rows ? "a row of the grid has 9 cells; this is the 10th"
                                  : "more than 81 cells");
        if (!rows && got != 9 && got != CELLS)
            gen_input_die(&in, got < 9 ? gen_input_col(&in, in.text + in.len) : pz->col[9],
                          "%d cells: a puzzle is 81 cells on one line or 9 lines of 9", got);
        if (rows && got < 9)
            gen_input_die(&in, gen_input_col(&in, in.text + in.len),
                          "a row of the grid has 9 cells; this one has %d", got);
        rows += got == 9;
        last_line = in.line;
        last_col = gen_input_col(&in, in.text + in.len);
    }
    if (n < CELLS) {
        if (!last_line)
            gen_die_at(in.name, in.line ? in.line : 1, 1,
                       "no puzzle: expected 81 cells on one line or 9 lines of 9");
        gen_die_at(in.name, last_line, last_col, "the grid ends here, with %d of its 9 rows", rows);
    }
    gen_input_close(&in);
    for (int i = 0; i < CELLS; i++)
        pz->nclues += pz->digit[i] > 0;
}

/* --keep: keeps `keep` of the clues, chosen as the top of the file says. */
static void keep_clues(struct puzzle *pz, long keep, long seed)
{
    int at[CELLS], n = 0;
    if (keep > pz->nclues)
        gen_die("--keep %ld, but %s has %d clues", keep, pz->file, pz->nclues);
    for (int i = 0; i < CELLS; i++)
        if (pz->digit[i])
            at[n++] = i;
    xcc_gb_rng rng;
    xcc_gb_rng_init(&rng, seed);
    for (int i = 0; i < keep; i++) {
        int j = i + (int)xcc_gb_rng_unif(&rng, n - i), t = at[i];
        at[i] = at[j];
        at[j] = t;
    }
    for (int i = (int)keep; i < n; i++)
        pz->digit[at[i]] = 0;
    pz->nclues = (int)keep;
}

/* The name of a unit for messages. */
static const char *const unit_name[3] = {"row", "column", "box"};

/*
 * The tables of what the clues use: used[u][k][d] is 1 + the cell of the
 * clue that puts digit d + 1 in unit k of kind u (row, column, box), or 0.
 * A clue that repeats an earlier one is warned about and marked in
 * pz->clash, and left out.
 */
static void find_clashes(struct puzzle *pz, int used[3][9][9])
{
    memset(used, 0, 3 * 9 * 9 * sizeof(int));
    for (int i = 0; i < CELLS; i++) {
        int d = pz->digit[i] - 1, unit[3] = {i / 9, i % 9, box_of(i / 9, i % 9)}, u;
        pz->clash[i] = 0;
        if (d < 0)
            continue;
        for (u = 0; u < 3 && !used[u][unit[u]][d]; u++)
            ;
        if (u < 3) {
            int j = used[u][unit[u]][d] - 1;
            gen_warn("%s:%ld:%ld: the %d repeats the %d of line %ld, column %ld in its %s: "
                     "the problem has no solution", pz->file, pz->line[i], pz->col[i], d + 1,
                     d + 1, pz->line[j], pz->col[j], unit_name[u]);
            pz->clash[i] = 1;
            continue;
        }
        for (u = 0; u < 3; u++)
            used[u][unit[u]][d] = i + 1;
    }
}

/* ---------------------------------------------------------------- writing */

static void write_sudoku(struct puzzle *pz)
{
    static const char prefix[3] = {'r', 'c', 'b'};
    int used[3][9][9];
    find_clashes(pz, used);
    int open = 0;
    for (int i = 0; i < CELLS; i++)
        open += !pz->digit[i] || pz->clash[i];
    if (!open)
        gen_die("%s has no blank cell: there is nothing to solve, and a problem without "
                "items is none", pz->file);
    gen_write_command(stdout);
    for (int i = 0; i < CELLS; i++)
        if (!pz->digit[i] || pz->clash[i])
            printf("p%d%d ", i / 9, i % 9);
    for (int u = 0; u < 3; u++)
        for (int k = 0; k < 9; k++)
            for (int d = 0; d < 9; d++)
                if (!used[u][k][d])
                    printf("%c%d%d ", prefix[u], k, d + 1);
    putchar('\n');
    for (int i = 0; i < CELLS; i++) {
        int r = i / 9, c = i % 9, x = box_of(r, c);
        if (pz->digit[i])
            continue;
        for (int d = 0; d < 9; d++)
            if (!used[0][r][d] && !used[1][c][d] && !used[2][x][d])
                printf("p%d%d r%d%d c%d%d b%d%d\n", r, c, r, d + 1, c, d + 1, x, d + 1);
    }
}

/* ---------------------------------------------------------------- --show */

/* The form of an option of the listing, for messages. */
#define OPTION_FORM "'pRC rRD cCD bXD (k of n)'"

/* The digits of item name: its letter, then two digits in [lo, 8] and [1, 9]. */
static int read_item(const char *name, char letter, int lo, int *a, int *b)
{
    if (name[0] != letter || name[1] < '0' + lo || name[1] > '8' || name[2] < '0' + lo
        || name[2] > '9' || name[3])
        return 0;
    *a = name[1] - '0';
    *b = name[2] - '0';
    return 1;
}

/* Puts the digit of option o in grid, or dies; line[] remembers where. */
static void place(const struct puzzle *pz, int *grid, long *line, const struct listing *ls,
                  const struct lst_option *o)
{
    static const char kinds[] = "prcb";
    int r = -1, c = -1, d = -1, v[4][2], seen = 0;
    if (o->nitems != 4)
        listing_not_an_option(ls, o, OPTION_FORM);
    for (size_t k = 0; k < 4; k++) {
        const struct lst_item *it = &o->item[k];
        const char *kind = it->name[0] ? strchr(kinds, it->name[0]) : NULL;
        int u = kind ? (int)(kind - kinds) : 0;
        if (!kind || it->color || (seen & 1 << u) || !read_item(it->name, *kind, 0, &v[u][0], &v[u][1])
            || (u == 0 && v[u][1] > 8) || (u > 0 && v[u][1] == 0))
            listing_not_an_option(ls, o, OPTION_FORM);
        seen |= 1 << u;
    }
    r = v[0][0], c = v[0][1], d = v[1][1];
    if (v[1][0] != r || v[2][0] != c || v[3][0] != box_of(r, c) || v[2][1] != d || v[3][1] != d) {
        char quote[GEN_QUOTE];
        listing_die(ls, o->line, "the items of '%s' do not agree on one cell and digit",
                    gen_quote(quote, o->text));
    }
    int i = 9 * r + c;
    if (pz && pz->digit[i])
        listing_die(ls, o->line, "cell p%d%d is a clue of %s (%d), not a blank", r, c, pz->file,
                    pz->digit[i]);
    if (grid[i])
        listing_die(ls, o->line, "cell p%d%d is filled twice in solution %s (first on line %ld)",
                    r, c, ls->label, line[i]);
    grid[i] = d;
    line[i] = o->line;
}

/* Dies if a digit stands twice in a row, a column or a box of the grid. */
static void check_grid(const int *grid, const struct listing *ls)
{
    int seen[3][9][9];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < CELLS; i++) {
        int d = grid[i] - 1, unit[3] = {i / 9, i % 9, box_of(i / 9, i % 9)};
        for (int u = 0; u < 3 && d >= 0; u++)
            if (seen[u][unit[u]][d]++)
                listing_die(ls, ls->label_line, "solution %s puts two %ds in %s %d", ls->label,
                            d + 1, unit_name[u], unit[u]);
    }
}

static void draw(const int *grid, long picture, const char *label)
{
    draw_title(stdout, picture, label, NULL);
    for (int r = 0; r < 9; r++) {
        if (r && r % 3 == 0)
            puts("------+-------+------");
        for (int c = 0; c < 9; c++) {
            int d = grid[9 * r + c];
            printf("%s%c", c == 0 ? "" : c % 3 ? " " : " | ", d ? '0' + d : '.');
        }
        putchar('\n');
    }
    gen_check_output(stdout, NULL);
}

/*
 * Counts in *ways (up to 2) the ways to fill the empty cells of grid so
 * that no row, column or box has a digit twice: each cell tried with the
 * digits its units still lack (lack[u][k], a bit a digit), the cell with
 * the fewest first. The first way found is copied into way.
 */
static void fillings(int *grid, unsigned lack[3][9], int *way, int *ways)
{
    int best = -1, fewest = 10;
    unsigned can = 0;
    for (int i = 0; i < CELLS && fewest; i++) {
        if (grid[i])
            continue;
        int r = i / 9, c = i % 9, n = 0;
        unsigned here = lack[0][r] & lack[1][c] & lack[2][box_of(r, c)];
        for (unsigned b = here; b; b &= b - 1)
            n++;
        if (n < fewest)
            fewest = n, best = i, can = here;
    }
    if (best < 0) {
        if (!(*ways)++)
            memcpy(way, grid, CELLS * sizeof *grid);
        return;
    }
    int r = best / 9, c = best % 9, x = box_of(r, c);
    for (int d = 0; d < 9 && *ways < 2; d++) {
        unsigned bit = 1u << d;
        if (!(can & bit))
            continue;
        grid[best] = d + 1;
        lack[0][r] ^= bit, lack[1][c] ^= bit, lack[2][x] ^= bit;
        fillings(grid, lack, way, ways);
        lack[0][r] ^= bit, lack[1][c] ^= bit, lack[2][x] ^= bit;
        grid[best] = 0;
    }
}

/*
 * Without the puzzle: fills the clue cells of a solution's grid (every
 * blank filled) with the digits its rows, columns and boxes lack, if
 * that can be done one way only; 0 if not.
 */
static int find_clues(int *grid)
{
    unsigned lack[3][9];
    int way[CELLS], ways = 0;
    for (int u = 0; u < 3; u++)
        for (int k = 0; k < 9; k++)
            lack[u][k] = 0x1ff;
    for (int i = 0; i < CELLS; i++)
        if (grid[i]) {
            unsigned bit = 1u << (grid[i] - 1);
            lack[0][i / 9] &= ~bit, lack[1][i % 9] &= ~bit, lack[2][box_of(i / 9, i % 9)] &= ~bit;
        }
    fillings(grid, lack, way, &ways);
    if (ways != 1)
        return 0;
    memcpy(grid, way, sizeof way);
    return 1;
}

static int show(const struct puzzle *pz, const char *path)
{
    static struct listing ls;   /* static: reachable when a bad line ends the program */
    int grid[CELLS];
    long line[CELLS], pictures = 0;
    listing_open(&ls, path);
    while (listing_next(&ls)) {
        for (int i = 0; i < CELLS; i++)
            grid[i] = pz ? pz->digit[i] : 0;
        for (size_t k = 0; k < ls.nopts; k++)
            place(pz, grid, line, &ls, &ls.opt[k]);
        check_grid(grid, &ls);
        if (!pz && !find_clues(grid))
            gen_warn("%s:%ld: the clues of solution %s cannot be told from its digits (more than"
                     " one way, or none, fits them): their cells show '.'; give the puzzle,"
                     " gen-sudoku --show PUZZLE LISTING", listing_name(&ls), ls.label_line,
                     ls.label);
        draw(grid, pictures++, ls.label);
    }
    int status = ls.solutions ? PROG_DONE : listing_none(&ls);
    listing_close(&ls);
    return status;
}

int main(int argc, char **argv)
{
    static struct gen_cmdline a;    /* static: reachable when the program dies */
    static struct puzzle pz;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    int show_mode = a.opt[OPT_SHOW] != NULL, most = show_mode ? 2 : 1;
    if (a.nargs > most)
        gen_die(show_mode ? "--show takes PUZZLE and one LISTING, not '%s'"
                          : "too many arguments: '%s' (try --help)", a.arg[most]);
    if (a.opt[OPT_SEED] && !a.opt[OPT_KEEP])
        gen_die("--seed goes with --keep");
    const char *puzzle = a.nargs ? a.arg[0] : show_mode ? NULL : "-";
    const char *listing = a.nargs > 1 ? a.arg[1] : "-";
    if (show_mode && puzzle && strcmp(puzzle, "-") && listing_sniff(puzzle)) {
        if (a.nargs > 1)
            gen_die("%s is a listing of solutions, not a puzzle: --show takes PUZZLE, then "
                    "LISTING, or LISTING alone", puzzle);
        listing = puzzle;   /* --show LISTING: the clues come from the listing */
        puzzle = NULL;
    }
    if (show_mode && puzzle && !strcmp(puzzle, "-") && !strcmp(listing, "-"))
        gen_die("PUZZLE and LISTING cannot both be stdin");
    if (a.opt[OPT_KEEP] && !puzzle)
        gen_die("--keep goes with a PUZZLE");
    if (puzzle) {
        read_puzzle(&pz, puzzle);
        if (a.opt[OPT_KEEP])
            keep_clues(&pz, gen_parse_long(a.opt[OPT_KEEP], 0, CELLS, "--keep"),
                       a.opt[OPT_SEED] ? gen_parse_long(a.opt[OPT_SEED], 0, 2147483647L, "--seed")
                                       : 0);
    }
    int status = PROG_DONE;
    if (show_mode)
        status = show(puzzle ? &pz : NULL, listing);
    else
        write_sudoku(&pz);
    gen_close_output(stdout, NULL);
    gen_free_cmdline(&a);
    return status;
}
