/*
 * gen-wordsearch — hide words in a rows x cols board, as an XCC problem.
 *
 *   gen-wordsearch [-d 8|4|2] [--knuth] [--force] ROWS COLS WORD...
 *   gen-wordsearch [-d 8|4|2] [--knuth] [--force] -f FILE ROWS COLS
 *   gen-wordsearch --show [--colors FILE] [ROWS COLS] [LISTING]
 *
 * Encoding (formats/wordsearch.md says more):
 *   - each word is a primary item, named by the word itself;
 *   - each cell is a secondary item, named by gen_cell_name (row digit
 *     then column digit in extended hex: "00", "0a", ...);
 *   - each way to lay a word in a straight line of consecutive cells, in
 *     one of the allowed directions, is an option: the word's item, then
 *     each cell it covers colored by the letter it puts there.
 * A solution places every word once; two words may cross only where they
 * want the same letter. Cells no word covers stay free.
 *
 * Directions, in the order options are written: E S SE SW W N NW NE.
 * -d 8 allows all of them, -d 4 only E S W N, -d 2 only E S. Within a
 * direction the starting cells go row by row. This matches the order of
 * the reference instances in data/reference, so their options and ours
 * agree line for line.
 *
 * Invariant: no two options are equal as sets. A palindrome laid in one
 * direction covers the same cells with the same letters as laid
 * backwards from the other end, so a direction whose reverse came earlier
 * in the list is skipped for it; a one-letter word is the same in every
 * direction, so it gets only the first.
 *
 * Words are read as UTF-8, one letter per character (words.h); nothing
 * is case-folded, so "Abel" and "ABEL" are different words with different
 * letters. A word may not be given twice, and may not have the name of a
 * cell of the board (like "ab" on a board of at least 11 rows and 12
 * columns), because its item would clash with that cell's.
 *
 * Data: the words (a struct wordlist, letters as code points) and the
 * allowed directions; options are written as they are enumerated, and
 * counted beforehand by starts() only to check the size of the output
 * and DLX2's limits.
 *
 * --knuth writes a file Knuth's DLX2 reads. Where some word is longer
 * than 8 bytes or has a cell's name, all words are renamed #0, #1, ... in
 * the order given, with a comment line per word saying which is which;
 * letters beyond ASCII get one-byte colors, also explained in comments.
 * Where nothing needs to change, the output is the usual one.
 *
 * A word that fits nowhere on the board gets a warning: the problem is
 * written all the same, and has no solution.
 *
 * --show reads a solver's listing (dlx2 m1) from LISTING or stdin and
 * draws each solution as rows of letters, '.' where no word goes (words.h
 * reads the listing and draws). Each option must be a word item without
 * a color, then colored cells along a straight line of consecutive cells in any of
 * the eight directions. The board is ROWS x COLS if given, else the least
 * box from cell 00 that holds every cell the solution names. --colors
 * FILE reads the one-byte colors of a --knuth problem back as letters.
 */
#include "gen.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_DIRS, OPT_FILE, OPT_KNUTH, OPT_FORCE, OPT_SHOW, OPT_COLORS };

static const struct gen_option options[] = {
    [OPT_DIRS] = {"-d", NULL, "8|4|2", "the directions: all eight (default), or east,\n"
                                       "south, west, north, or east and south"},
    [OPT_FILE] = {"-f", NULL, "FILE", "read the words from FILE, one a line"},
    [OPT_KNUTH] = WORDS_OPTION_KNUTH,
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = GEN_OPTION_SHOW,
    [OPT_COLORS] = WORDS_OPTION_COLORS,
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-wordsearch",
    "gen-wordsearch [-d 8|4|2] [--knuth] [--force] ROWS COLS WORD...\n"
    "gen-wordsearch [-d 8|4|2] [--knuth] [--force] -f FILE ROWS COLS\n"
    "gen-wordsearch --show [--colors FILE] [ROWS COLS] [LISTING]\n",
    "Writes the XCC problem of placing every WORD in a ROWS x COLS board,\n"
    "along straight lines, words crossing only where their letters agree.\n"
    "Each word is a primary item, each cell a secondary item colored by the\n"
    "letter put there; an option lays one word along one line of cells.\n"
    "Letters are UTF-8 characters, case-sensitive. A word may not contain\n"
    "white space, control characters, ':' or '|', nor be given twice.\n",
    options,
    "--show reads a solver's listing (dlx2 m1 or JSON) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the board, one character\n"
    "per cell, '.' where no word goes; a blank line between solutions. The\n"
    "board is ROWS x COLS, or without them the least one holding the cells\n"
    "named.\n"
    "\n"
    "  gen-wordsearch 6 6 ABEL GAUSS | dlx2 m1 t2 | gen-wordsearch --show 6 6\n",
};

/* The eight directions as row and column steps, in output order. */
static const int dir_row[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_col[8] = {1, 0, 1, -1, -1, 0, -1, 1};

/* The allowed directions for -d 8, -d 4 and -d 2, as indexes above. */
static const int dirs8[] = {0, 1, 2, 3, 4, 5, 6, 7};
static const int dirs4[] = {0, 1, 4, 5};
static const int dirs2[] = {0, 1};

struct problem {
    int rows, cols;
    const int *dirs;            /* allowed directions */
    int ndirs;
    int knuth, force;
    int renamed;                /* --knuth had to call the words #0, #1, ... */
    const char *file;           /* -f FILE, or NULL */
    struct wordlist words;
    struct knuth_colors colors;
};

/* Reads the problem's command line into p, or dies with a message. */
static void problem_args(const struct gen_cmdline *a, struct problem *p)
{
    struct wordlist *wl = &p->words;
    if (a->opt[OPT_COLORS])
        gen_die("--colors goes with --show");
    p->dirs = dirs8;
    p->ndirs = 8;
    if (a->opt[OPT_DIRS]) {
        const char *v = a->opt[OPT_DIRS];
        if (!strcmp(v, "8"))
            p->dirs = dirs8, p->ndirs = 8;
        else if (!strcmp(v, "4"))
            p->dirs = dirs4, p->ndirs = 4;
        else if (!strcmp(v, "2"))
            p->dirs = dirs2, p->ndirs = 2;
        else
            gen_die("-d must be 8, 4 or 2, not '%s'", v);
    }
    p->knuth = a->opt[OPT_KNUTH] != NULL;
    p->force = a->opt[OPT_FORCE] != NULL;
    p->file = a->opt[OPT_FILE];
    if (a->nargs < 2)
        gen_die("expected ROWS COLS and words (try --help)");
    p->rows = (int)gen_parse_long(a->arg[0], 1, 65535, "ROWS");
    p->cols = (int)gen_parse_long(a->arg[1], 1, 65535, "COLS");
    for (int i = 2; i < a->nargs; i++) {
        size_t at;
        const char *why = word_problem(a->arg[i], "", &at);
        if (why)
            gen_die("word '%s' %s", a->arg[i], why);
        wordlist_add(wl, a->arg[i], 0, 0);
    }
    if (p->file) {
        if (wl->n)
            gen_die("give the words either as arguments or with -f, not both");
        wordlist_read(wl, p->file, "", NULL, 0);
        if (!wl->n)
            gen_die("%s holds no words", wl->file);
    } else if (!wl->n) {
        gen_die("no words given (try --help)");
    }
}

/* Dies on a repeated word, or a word whose item would clash with a cell. */
static void check_words(const struct problem *p)
{
    const struct wordlist *wl = &p->words;
    size_t earlier, i = wordlist_first_repeat(wl, &earlier);
    if (i < wl->n && p->file)
        wordlist_die(wl, &wl->w[i], "repeats line %ld", wl->w[earlier].line);
    if (i < wl->n)
        gen_die("word '%s' is given twice", wl->w[i].text);
    for (i = 0; i < wl->n; i++) {
        if (!gen_parse_cell(wl->w[i].text, p->rows, p->cols, NULL, NULL) || p->knuth)
            continue;
        if (p->file)
            wordlist_die(wl, &wl->w[i], "is also the name of a cell; --knuth renames the words");
        gen_die("word '%s' is also the name of a cell; --knuth renames the words", wl->w[i].text);
    }
}

/* How many starting cells lay a word of len letters in direction d. */
static long starts(const struct problem *p, int d, size_t len)
{
    long span = (long)len - 1;
    long r = p->rows - labs((long)dir_row[d]) * span;
    long c = p->cols - labs((long)dir_col[d]) * span;
    return r > 0 && c > 0 ? r * c : 0;
}

/*
 * 1 if laying w in the k-th allowed direction repeats the options of an
 * earlier allowed direction (see the invariant at the top).
 */
static int repeats_earlier_direction(const struct problem *p,
                                     const struct word *w, int k)
{
    if (w->len == 1)
        return k > 0;
    if (!word_is_palindrome(w))
        return 0;
    int d = p->dirs[k];
    for (int j = 0; j < k; j++) {
        int e = p->dirs[j];
        if (dir_row[e] == -dir_row[d] && dir_col[e] == -dir_col[d])
            return 1;
    }
    return 0;
}

/*
 * Counts what the problem will hold: options, entries, and bytes (about;
 * names of cells as long as the last one's). Warns of a word that fits
 * nowhere.
 */
static double measure(const struct problem *p, size_t *options, size_t *entries)
{
    char cell[24];
    double name = (double)strlen(gen_cell_name(cell, p->rows - 1, p->cols - 1, p->rows, p->cols));
    double bytes = (double)p->rows * p->cols * (name + 1);
    *options = *entries = 0;
    for (size_t i = 0; i < p->words.n; i++) {
        const struct word *w = &p->words.w[i];
        long fits = 0;
        double line = (double)strlen(w->text) + 1 + (double)w->len * (name + 6);
        bytes += (double)strlen(w->text) + 1;
        for (int k = 0; k < p->ndirs; k++) {
            long n = starts(p, p->dirs[k], w->len);
            fits += n;
            if (!repeats_earlier_direction(p, w, k)) {
                *options += (size_t)n;
                *entries += (size_t)n * (w->len + 1);
                bytes += (double)n * line;
            }
        }
        const char *dirs = p->ndirs < 8 ? " in these directions" : "";
        if (!fits && p->file)
            gen_warn("%s:%ld:%ld: word '%s' has %zu letters and fits nowhere in %d x %d%s: "
                     "the problem has no solution", p->words.file, w->line, w->col, w->text,
                     w->len, p->rows, p->cols, dirs);
        else if (!fits)
            gen_warn("word '%s' has %zu letters and fits nowhere in %d x %d%s: "
                     "the problem has no solution", w->text, w->len, p->rows, p->cols, dirs);
    }
    return bytes;
}

/* Writes the item name of word i. */
static void put_word_item(const struct problem *p, size_t i)
{
    if (p->renamed)
        printf("#%zu", i);
    else
        fputs(p->words.w[i].text, stdout);
}

/* Under --knuth: dies unless DLX2 could read what we are about to write. */
static void check_knuth(struct problem *p, size_t options, size_t entries)
{
    char cell[24];
    /* the last cell has the longest name */
    gen_knuth_check_name(gen_cell_name(cell, p->rows - 1, p->cols - 1, p->rows, p->cols));
    for (size_t i = 0; i < p->words.n; i++) {
        const struct word *w = &p->words.w[i];
        for (size_t j = 0; j < w->len; j++)
            knuth_colors_note(&p->colors, w->letter[j]);
        if (strlen(w->text) > GEN_KNUTH_NAME_MAX
            || gen_parse_cell(w->text, p->rows, p->cols, NULL, NULL))
            p->renamed = 1;
    }
    knuth_check_size(p->words.n + (size_t)p->rows * (size_t)p->cols, options, entries);
    knuth_colors_assign(&p->colors);
}

static void write_header(const struct problem *p)
{
    char cell[24];
    gen_write_command(stdout);
    if (p->renamed)
        for (size_t i = 0; i < p->words.n; i++)
            printf("| item #%zu is %s\n", i, p->words.w[i].text);
    if (p->knuth)
        knuth_colors_comment(stdout, &p->colors);
    for (size_t i = 0; i < p->words.n; i++) {
        put_word_item(p, i);
        putchar(' ');
    }
    putchar('|');
    for (int r = 0; r < p->rows; r++) {
        for (int c = 0; c < p->cols; c++)
            printf(" %s", gen_cell_name(cell, r, c, p->rows, p->cols));
        gen_check_output(stdout, NULL);
    }
    putchar('\n');
}

/* Writes the options that lay word i in direction d, starts row by row. */
static void write_placements(const struct problem *p, size_t i, int d)
{
    const struct word *w = &p->words.w[i];
    const struct knuth_colors *kc = p->knuth ? &p->colors : NULL;
    long span = (long)w->len - 1;
    char cell[24];
    for (long r = 0; r < p->rows; r++) {
        for (long c = 0; c < p->cols; c++) {
            long er = r + dir_row[d] * span, ec = c + dir_col[d] * span;
            if (er < 0 || er >= p->rows || ec < 0 || ec >= p->cols)
                continue;
            put_word_item(p, i);
            for (size_t j = 0; j < w->len; j++) {
                long cr = r + dir_row[d] * (long)j, cc = c + dir_col[d] * (long)j;
                printf(" %s:", gen_cell_name(cell, (int)cr, (int)cc, p->rows, p->cols));
                put_color(stdout, kc, w->letter[j]);
            }
            putchar('\n');
        }
        gen_check_output(stdout, NULL);
    }
}

/* ---------------------------------------------------------------- --show */

/* The board of --show: ROWS x COLS, or 0 x 0 to work it out. */
struct board {
    int rows, cols;
};

/* Reads the command line of --show: [ROWS COLS] [LISTING]; returns LISTING. */
static const char *show_args(const struct gen_cmdline *a, struct board *b)
{
    gen_show_refuses(a, (const int[]){OPT_KNUTH, OPT_DIRS, OPT_FILE, OPT_FORCE, -1});
    int n = a->nargs;
    if (n == 1 && gen_is_number(a->arg[0]))
        gen_die("--show takes ROWS and COLS, or neither");
    if (n >= 2) {
        b->rows = (int)gen_parse_long(a->arg[0], 1, 65535, "ROWS");
        b->cols = (int)gen_parse_long(a->arg[1], 1, 65535, "COLS");
    }
    if (n > 3)
        gen_die("--show takes ROWS COLS and one LISTING, not '%s': the words come "
                "from the listing", a->arg[3]);
    return n % 2 ? a->arg[n - 1] : NULL;
}

/* Dies on an option line that is not the laying of a word. */
static void not_an_option(const struct word_option *wo)
{
    listing_not_an_option(wo->ls, wo->o, "'WORD RC:L RC:L ... (k of n)'");
}

/* 1 if the step from one cell to the next is one of the eight directions. */
static int is_step(int dr, int dc)
{
    return (dr || dc) && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

/*
 * One option of the listing: the word, then its cells with their letters
 * in a straight line of neighbors (see the top of the file).
 */
static void show_option(const struct word_option *wo, struct letter_grid *g, const void *ctx)
{
    const struct board *b = ctx;
    const struct lst_item *it = wo->o->item;
    size_t n = wo->o->nitems;
    char quote[GEN_QUOTE];
    int r0 = 0, c0 = 0, dr = 0, dc = 0;
    if (n < 2 || it[0].color)
        not_an_option(wo);
    for (size_t i = 1; i < n; i++)
        if (!it[i].color)
            not_an_option(wo);
    for (size_t i = 1; i < n; i++) {
        int r, c;
        word_option_cell(wo, it[i].name, b->rows, b->cols, &r, &c);
        uint32_t letter = word_option_letter(wo, g, &it[i]);
        if (i == 2) {
            dr = r - r0;
            dc = c - c0;
        }
        if (i >= 2 && (!is_step(dr, dc) || r != r0 + dr || c != c0 + dc))
            word_option_die(wo, "the cells of '%s' are not a straight line of neighbors",
                            gen_quote(quote, it[0].name));
        r0 = r;
        c0 = c;
        letter_grid_put(g, wo, r, c, letter, it[i].name);
    }
}

int main(int argc, char **argv)
{
    /* static: what they hold stays reachable when the program dies */
    static struct problem p;
    static struct gen_cmdline a;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    if (a.opt[OPT_SHOW]) {
        struct board b = {0, 0};
        const char *listing = show_args(&a, &b);
        int status = words_show(listing, a.opt[OPT_COLORS], show_option, &b, b.rows, b.cols, NULL);
        gen_free_cmdline(&a);
        return status;
    }
    problem_args(&a, &p);
    check_words(&p);
    size_t noptions, nentries;
    gen_check_size(measure(&p, &noptions, &nentries), p.force, "the problem");
    if (p.knuth)
        check_knuth(&p, noptions, nentries);
    write_header(&p);
    for (size_t i = 0; i < p.words.n; i++)
        for (int k = 0; k < p.ndirs; k++)
            if (!repeats_earlier_direction(&p, &p.words.w[i], k))
                write_placements(&p, i, p.dirs[k]);
    gen_close_output(stdout, NULL);
    wordlist_free(&p.words);
    knuth_colors_free(&p.colors);
    gen_free_cmdline(&a);
    return PROG_DONE;
}
