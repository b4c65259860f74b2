/*
 * gen-wordrect — word rectangles as an XCC problem.
 *
 *   gen-wordrect [--knuth] [--force] [--first-m K] [--first-n K] [--score FILE]
 *                MWORDS NWORDS
 *   gen-wordrect --show [--colors FILE] [LISTING]
 *
 * MWORDS and NWORDS are files of words, one a line ("-" is stdin, read
 * once: "- -" takes the same list for both); all words of MWORDS have the
 * same number of letters m, all of NWORDS the same n. The problem is to
 * fill an m x n array with letters so that each of its n columns, read
 * downwards, is a word of MWORDS and each of its m rows, read left to
 * right, is a word of NWORDS.
 *
 * Encoding (formats/wordrect.md says more):
 *   - primary items R0 .. R(m-1) for the rows and C0 .. C(n-1) for the
 *     columns, the index written as one extended-hex digit (0-9 a-z A-Z)
 *     when m and n are at most 62, in decimal otherwise;
 *   - secondary items for the cells, named by gen_cell_name: row digit
 *     then column digit ("00", "01", ...);
 *   - for each word of MWORDS and each column j, an option "Cj" with the
 *     column's m cells colored by the word's letters; then for each word
 *     of NWORDS and each row i, an option "Ri" with the row's n cells.
 * The primary items make each row and each column hold exactly one word;
 * the colors make crossing words agree on their shared cell. A solution
 * is one filled array. Nothing stops a word from filling several rows or
 * columns, and a list given for both sides may fill the array and its
 * transpose, which are different solutions.
 *
 * This is the encoding of Knuth's WORD-RECT-DLX, with the same items and
 * the same options in the same order, so the two agree on the solutions
 * and their count (26 for the first 600 words of the Stanford GraphBase
 * five-letter words, data/words/sgb-words-600.txt, used for both sides).
 * Where his program reads only the first K words of a file named
 * "FILE:K", this one has --first-m K and --first-n K.
 *
 * --score FILE: the best rectangles, by the frequency of their words.
 * FILE lists words, the most common first (any lengths; a word listed
 * twice keeps its first place); each option ends with a cost entry |R,
 * R the rank of its word in FILE (0 for the first), or the number of
 * words in FILE for a word it lacks. dlx2 then plays Knuth's DLX5 and
 * finds the rectangles of least total rank (k<n>: the n best), and
 * --show draws them with their costs.
 *
 * A word may not appear twice in one list: its options would come twice
 * and every solution using it would be counted twice. Letters are UTF-8
 * characters (words.h), compared exactly, without case folding. Under
 * --knuth non-ASCII letters get one-character colors so that Knuth's
 * DLX2 reads the file; the names need no change.
 *
 * Data: one struct side per file (its words, their common length); the
 * options are written straight from the two lists.
 *
 * --show reads a solver's listing (dlx2 m1) from LISTING or stdin and
 * draws each solution as its m rows of letters (words.h reads the
 * listing and draws). Each option must be Ri followed by the colored
 * cells of row i in order, or Cj followed by those of column j; the
 * array is the least one from cell 00 that holds every cell named, so a
 * complete solution gives m x n. No word file is needed. --colors FILE
 * reads the one-byte colors of a --knuth problem back as letters.
 */
#include "gen.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_FIRST_M, OPT_FIRST_N, OPT_SCORE, OPT_KNUTH, OPT_FORCE, OPT_SHOW, OPT_COLORS };

static const struct gen_option options[] = {
    [OPT_FIRST_M] = {"--first-m", NULL, "K", "use only the first K words of MWORDS"},
    [OPT_FIRST_N] = {"--first-n", NULL, "K", "use only the first K words of NWORDS"},
    [OPT_SCORE] = {"--score", NULL, "FILE", "cost each word its rank in FILE, a list of words\n"
                                            "from the most common (0 for the first, the\n"
                                            "number of words in FILE for one it lacks): dlx2\n"
                                            "then finds the rectangles of least total cost"},
    [OPT_KNUTH] = {"--knuth", NULL, NULL, "write a file Knuth's DLX2 reads (letters beyond\n"
                                          "ASCII get one-character colors)"},
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = GEN_OPTION_SHOW,
    [OPT_COLORS] = WORDS_OPTION_COLORS,
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-wordrect",
    "gen-wordrect [--knuth] [--force] [--first-m K] [--first-n K] [--score FILE]\n"
    "             MWORDS NWORDS\n"
    "gen-wordrect --show [--colors FILE] [LISTING]\n",
    "Writes the XCC problem of filling an m x n array with letters so that\n"
    "every column is a word of the file MWORDS (all of length m) and every\n"
    "row a word of the file NWORDS (all of length n); one word a line, '-'\n"
    "for stdin. Rows R0.. and columns C0.. are primary items, cells\n"
    "secondary items colored by their letters, as in Knuth's WORD-RECT-DLX.\n"
    "With --score, each option costs its word's rank in FILE, and dlx2\n"
    "finds the best-scoring rectangles as Knuth's DLX5 does.\n",
    options,
    "--show reads a solver's listing (dlx2 m1 or JSON) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the m rows of the array;\n"
    "a blank line between solutions. The size comes from the listing.\n"
    "\n"
    "  gen-wordrect W5 W5 | dlx2 m1 t1 | gen-wordrect --show\n"
    "  gen-wordrect --score W W5 W5 | dlx2 m1 k3 | gen-wordrect --show\n",
};

/* One side of the rectangle: a word file and its words. */
struct side {
    const char *file;
    size_t limit;           /* --first-m/--first-n, 0 for all */
    struct wordlist words;
    size_t len;             /* letters in each word */
    size_t *cost;           /* --score: each word's rank, or NULL */
};

struct problem {
    struct side m, n;       /* m: column words, n: row words */
    const char *score;      /* --score FILE, or NULL */
    int knuth, force;
    struct knuth_colors colors;
};

static void problem_args(const struct gen_cmdline *a, struct problem *p)
{
    if (a->opt[OPT_COLORS])
        gen_die("--colors goes with --show");
    p->knuth = a->opt[OPT_KNUTH] != NULL;
    p->force = a->opt[OPT_FORCE] != NULL;
    p->score = a->opt[OPT_SCORE];
    if (a->opt[OPT_FIRST_M])
        p->m.limit = (size_t)gen_parse_long(a->opt[OPT_FIRST_M], 1, 1000000000L, "--first-m");
    if (a->opt[OPT_FIRST_N])
        p->n.limit = (size_t)gen_parse_long(a->opt[OPT_FIRST_N], 1, 1000000000L, "--first-n");
    if (a->nargs > 2)
        gen_die("too many arguments: '%s' (try --help)", a->arg[2]);
    if (a->nargs < 2)
        gen_die("expected MWORDS and NWORDS (try --help)");
    p->m.file = a->arg[0];
    p->n.file = a->arg[1];
}

/* Dies unless the words of one side are distinct and equally long. */
static void check_side(struct side *s)
{
    struct wordlist *wl = &s->words;
    if (!wl->n)
        gen_die("%s holds no words", wl->file);
    s->len = wl->w[0].len;
    if (s->len > 65535)
        gen_die_at(wl->file, wl->w[0].line, wl->w[0].col,
                   "a word of %zu letters: more than 65535 is too long", s->len);
    for (size_t i = 1; i < wl->n; i++)
        if (wl->w[i].len != s->len)
            wordlist_die(wl, &wl->w[i], "has %zu letters, but the first word has %zu",
                         wl->w[i].len, s->len);
    size_t earlier, i = wordlist_first_repeat(wl, &earlier);
    if (i < wl->n)
        wordlist_die(wl, &wl->w[i], "repeats line %ld", wl->w[earlier].line);
}

/*
 * Reads both sides. stdin can be read once only, so "- -" reads it into
 * the first side and copies what the second side takes.
 */
static void read_sides(struct problem *p)
{
    struct side *m = &p->m, *n = &p->n;
    int shared = !strcmp(m->file, "-") && !strcmp(n->file, "-");
    size_t most = !m->limit || !n->limit ? 0 : m->limit > n->limit ? m->limit : n->limit;
    wordlist_read(&m->words, m->file, "", NULL, shared ? most : m->limit);
    if (shared) {
        n->words.file = m->words.file;
        for (size_t i = 0; i < m->words.n && (!n->limit || i < n->limit); i++) {
            const struct word *w = &m->words.w[i];
            wordlist_add(&n->words, w->text, w->line, w->col);
        }
        while (m->limit && m->words.n > m->limit) {
            m->words.n--;
            free(m->words.w[m->words.n].text);
            free(m->words.w[m->words.n].letter);
        }
    } else {
        wordlist_read(&n->words, n->file, "", NULL, n->limit);
    }
    check_side(m);
    check_side(n);
}

/*
 * --score: each word's rank in the file, found by listing the file's
 * words and then both sides' in one list: a side's word is a repeat of
 * its first place in the file, if it has one.
 */
static void rank_words(struct problem *p)
{
    struct wordlist all = {0};
    struct side *sides[2] = {&p->m, &p->n};
    wordlist_read(&all, p->score, "", NULL, 0);
    size_t listed = all.n;
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < sides[s]->words.n; i++)
            wordlist_add(&all, sides[s]->words.w[i].text, 0, 0);
    size_t *first = gen_realloc(NULL, all.n, sizeof *first), at = listed;
    wordlist_find_repeats(&all, first);
    for (int s = 0; s < 2; s++) {
        sides[s]->cost = gen_realloc(NULL, sides[s]->words.n, sizeof(size_t));
        for (size_t i = 0; i < sides[s]->words.n; i++, at++)
            sides[s]->cost[i] = first[at] < listed ? first[at] : listed;
    }
    free(first);
    wordlist_free(&all);
}

/* Writes the item name of row or column i: prefix then index. */
static void put_line_item(char prefix, size_t i, const struct problem *p)
{
    char name[24];
    printf("%c%s", prefix, gen_index_name(name, (long)i, p->m.len <= 62 && p->n.len <= 62));
}

/* The size of the output, about, in bytes. */
static double measure(const struct problem *p)
{
    char cell[24];
    double m = (double)p->m.len, n = (double)p->n.len;
    double name = (double)strlen(gen_cell_name(cell, (int)m - 1, (int)n - 1, (int)m, (int)n));
    double letter = 4 + name + 2;   /* " RC:L", a letter of up to 4 bytes */
    return (m + n) * 8 + m * n * (name + 1)
           + (double)p->m.words.n * n * (8 + m * letter)
           + (double)p->n.words.n * m * (8 + n * letter);
}

static void check_knuth(struct problem *p)
{
    char cell[24];
    int m = (int)p->m.len, n = (int)p->n.len;
    const struct side *sides[2] = {&p->m, &p->n};
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < sides[s]->words.n; i++)
            for (size_t j = 0; j < sides[s]->len; j++)
                knuth_colors_note(&p->colors, sides[s]->words.w[i].letter[j]);
    gen_knuth_check_name(gen_cell_name(cell, m - 1, n - 1, m, n));
    size_t mo = p->m.words.n * p->n.len, no = p->n.words.n * p->m.len;
    knuth_check_size(p->m.len + p->n.len + p->m.len * p->n.len, mo + no,
                     mo * (p->m.len + 1) + no * (p->n.len + 1));
    knuth_colors_assign(&p->colors);
}

static void write_header(const struct problem *p)
{
    char cell[24];
    int m = (int)p->m.len, n = (int)p->n.len;
    gen_write_command(stdout);
    if (p->knuth)
        knuth_colors_comment(stdout, &p->colors);
    for (int i = 0; i < m; i++) {
        put_line_item('R', (size_t)i, p);
        putchar(' ');
    }
    for (int j = 0; j < n; j++) {
        put_line_item('C', (size_t)j, p);
        putchar(' ');
    }
    putchar('|');
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            printf(" %s", gen_cell_name(cell, i, j, m, n));
    putchar('\n');
}

/*
 * Writes the options of one side: each word in every column (across ==
 * 0, words of MWORDS) or in every row (across == 1, words of NWORDS).
 */
static void write_options(const struct problem *p, int across)
{
    const struct side *s = across ? &p->n : &p->m;
    const struct knuth_colors *kc = p->knuth ? &p->colors : NULL;
    size_t lines = across ? p->m.len : p->n.len;
    int m = (int)p->m.len, n = (int)p->n.len;
    char cell[24];
    for (size_t i = 0; i < s->words.n; i++) {
        const struct word *w = &s->words.w[i];
        for (size_t k = 0; k < lines; k++) {
            put_line_item(across ? 'R' : 'C', k, p);
            for (size_t j = 0; j < w->len; j++) {
                int r = (int)(across ? k : j), c = (int)(across ? j : k);
                printf(" %s:", gen_cell_name(cell, r, c, m, n));
                put_color(stdout, kc, w->letter[j]);
            }
            if (s->cost)
                printf(" |%zu", s->cost[i]);
            putchar('\n');
        }
        gen_check_output(stdout, NULL);
    }
}

/* ---------------------------------------------------------------- --show */

/* Reads the command line of --show: [LISTING]; returns LISTING or NULL. */
static const char *show_args(const struct gen_cmdline *a)
{
    gen_show_refuses(a, (const int[]){OPT_KNUTH, OPT_FIRST_M, OPT_FIRST_N, OPT_SCORE, OPT_FORCE, -1});
    if (a->nargs > 1)
        gen_die("--show takes one LISTING, not '%s': the array comes from the listing",
                a->arg[1]);
    return a->nargs ? a->arg[0] : NULL;
}

/* Dies on an option line that is not a word put in a row or a column. */
static void not_an_option(const struct word_option *wo)
{
    listing_not_an_option(wo->ls, wo->o, "'Ri RC:L RC:L ... (k of n)' or 'Cj ...'");
}

/*
 * Reads a row or column item, "R" or "C" and its index (one extended-hex
 * digit, or decimal past 62, as put_line_item writes it); 0 if it is none.
 */
static int parse_line_item(const char *name, int *across, int *index)
{
    if (name[0] != 'R' && name[0] != 'C')
        return 0;
    long i = gen_parse_index(name + 1, -1);
    if (i < 0 || i >= GEN_SIDE_MAX)
        return 0;
    *across = name[0] == 'R';
    *index = (int)i;
    return 1;
}

/* One option of the listing: Ri and the cells of row i, or Cj and column j. */
static void show_option(const struct word_option *wo, struct letter_grid *g, const void *ctx)
{
    const struct lst_item *it = wo->o->item;
    size_t n = wo->o->nitems;
    char quote[GEN_QUOTE];
    int across, index;
    (void)ctx;
    if (n < 2 || it[0].color || !parse_line_item(it[0].name, &across, &index))
        not_an_option(wo);
    for (size_t i = 1; i < n; i++)
        if (!it[i].color)
            not_an_option(wo);
    for (size_t i = 1; i < n; i++) {
        int r, c, want_r = across ? index : (int)i - 1, want_c = across ? (int)i - 1 : index;
        word_option_cell(wo, it[i].name, 0, 0, &r, &c);
        uint32_t letter = word_option_letter(wo, g, &it[i]);
        if (r != want_r || c != want_c)
            word_option_die(wo, "%s: cell %zu is '%s', not the cell of row %d, column %d",
                            it[0].name, i, gen_quote(quote, it[i].name), want_r, want_c);
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
        int status = words_show(show_args(&a), a.opt[OPT_COLORS], show_option, NULL, 0, 0, NULL);
        gen_free_cmdline(&a);
        return status;
    }
    problem_args(&a, &p);
    read_sides(&p);
    if (p.score)
        rank_words(&p);
    gen_check_size(measure(&p), p.force, "the problem");
    if (p.knuth)
        check_knuth(&p);
    write_header(&p);
    write_options(&p, 0);
    write_options(&p, 1);
    gen_close_output(stdout, NULL);
    wordlist_free(&p.m.words);
    wordlist_free(&p.n.words);
    free(p.m.cost);
    free(p.n.cost);
    knuth_colors_free(&p.colors);
    gen_free_cmdline(&a);
    return PROG_DONE;
}
