/*
 * gen-wordrect — word rectangles as an XCC problem.
 *
 *   gen-wordrect [--knuth] [--first-m K] [--first-n K] MWORDS NWORDS
 *   gen-wordrect --show [--colors FILE] < LISTING
 *
 * MWORDS and NWORDS are files of words, one a line; all words of MWORDS
 * have the same number of letters m, all of NWORDS the same n. The
 * problem is to fill an m x n array with letters so that each of its n
 * columns, read downwards, is a word of MWORDS and each of its m rows,
 * read left to right, is a word of NWORDS.
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
 * A word may not appear twice in one list: its options would come twice
 * and every solution using it would be counted twice. Letters are UTF-8
 * characters (words.h), compared exactly, without case folding. Under
 * --knuth non-ASCII letters get one-character colors so that Knuth's
 * DLX2 reads the file; the names need no change.
 *
 * Data: one struct side per file (its words, their common length); the
 * options are written straight from the two lists.
 *
 * --show reads a solver's listing (dlx2 m1) on stdin and draws each
 * solution as its m rows of letters (words.h reads the listing and
 * draws). Each option must be Ri followed by the colored cells of row i
 * in order, or Cj followed by those of column j; the array is the least
 * one from cell 00 that holds every cell named, so a complete solution
 * gives m x n. No word file is needed. --colors FILE reads the one-byte
 * colors of a --knuth problem back as letters.
 */
#include "gen.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: gen-wordrect [--knuth] [--first-m K] [--first-n K] MWORDS NWORDS\n"
    "       gen-wordrect --show [--colors FILE] < LISTING\n"
    "\n"
    "Writes the XCC problem of filling an m x n array with letters so that\n"
    "every column is a word of the file MWORDS (all of length m) and every\n"
    "row a word of the file NWORDS (all of length n); one word a line.\n"
    "Rows R0.. and columns C0.. are primary items, cells secondary items\n"
    "colored by their letters, as in Knuth's WORD-RECT-DLX.\n"
    "\n"
    "  --first-m K   use only the first K words of MWORDS\n"
    "  --first-n K   use only the first K words of NWORDS\n"
    "  --knuth       write a file Knuth's DLX2 reads (letters beyond ASCII\n"
    "                get one-character colors)\n"
    "  --help        show this text\n"
    "\n"
    "--show reads a solver's listing (dlx2 m1) on stdin and draws each\n"
    "solution: a line 'K:' (its number), then the m rows of the array; a\n"
    "blank line between solutions. The size comes from the listing.\n"
    "  --colors FILE   FILE is the problem, written with --knuth: show its\n"
    "                  one-character colors as the letters they stand for\n"
    "                  (without it they are shown as they are)\n"
    "\n"
    "  gen-wordrect W5 W5 | dlx2 m1 t1 | gen-wordrect --show\n";

/* One side of the rectangle: a word file and its words. */
struct side {
    const char *file;
    size_t limit;           /* --first-m/--first-n, 0 for all */
    struct wordlist words;
    size_t len;             /* letters in each word */
};

struct problem {
    struct side m, n;       /* m: column words, n: row words */
    int knuth;
    struct knuth_colors colors;
};

static void parse_args(int argc, char **argv, struct problem *p)
{
    const char *pos[2], *a;
    int npos = 0, flag;
    gen_args g = {argc, argv, usage, 0, 0};
    while ((a = gen_next_arg(&g, &flag))) {
        if (!flag) {
            if (npos == 2)
                gen_die("too many arguments: '%s' (try --help)", a);
            pos[npos++] = a;
        } else if (!strcmp(a, "--knuth")) {
            p->knuth = 1;
        } else if (!strcmp(a, "--colors")) {
            gen_die("--colors goes with --show");
        } else if (!strcmp(a, "--first-m") || !strcmp(a, "--first-n")) {
            size_t k = (size_t)gen_parse_long(gen_flag_value(&g, a), 1, 1000000000L, a);
            if (a[8] == 'm')
                p->m.limit = k;
            else
                p->n.limit = k;
        } else {
            gen_die("unknown option '%s' (try --help)", a);
        }
    }
    if (npos < 2)
        gen_die("expected MWORDS and NWORDS (try --help)");
    p->m.file = pos[0];
    p->n.file = pos[1];
}

/* Reads one side's words; dies unless they are distinct and equally long. */
static void read_side(struct side *s)
{
    struct wordlist *wl = &s->words;
    wordlist_read(wl, s->file, "", NULL, s->limit);
    if (!wl->n)
        gen_die("%s holds no words", s->file);
    s->len = wl->w[0].len;
    for (size_t i = 1; i < wl->n; i++)
        if (wl->w[i].len != s->len)
            gen_die("%s:%ld: word '%s' has %zu letters, but the first word "
                    "has %zu", s->file, wl->w[i].line, wl->w[i].text,
                    wl->w[i].len, s->len);
    size_t earlier, i = wordlist_first_repeat(wl, &earlier);
    if (i < wl->n)
        gen_die("%s:%ld: word '%s' repeats line %ld", s->file,
                wl->w[i].line, wl->w[i].text, wl->w[earlier].line);
}

/* Writes the item name of row or column i: prefix then index. */
static void put_line_item(char prefix, size_t i, const struct problem *p)
{
    if (p->m.len <= 62 && p->n.len <= 62)
        printf("%c%c", prefix, gen_ext_hex((int)i));
    else
        printf("%c%zu", prefix, i);
}

static void check_knuth(struct problem *p)
{
    char cell[24];
    int m = (int)p->m.len, n = (int)p->n.len;
    const struct side *sides[2] = { &p->m, &p->n };
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < sides[s]->words.n; i++)
            for (size_t j = 0; j < sides[s]->len; j++)
                knuth_colors_note(&p->colors, sides[s]->words.w[i].letter[j]);
    knuth_check_name(gen_cell_name(cell, m - 1, n - 1, m, n));
    size_t mo = p->m.words.n * p->n.len, no = p->n.words.n * p->m.len;
    knuth_check_size(p->m.len + p->n.len + p->m.len * p->n.len, mo + no,
                     mo * (p->m.len + 1) + no * (p->n.len + 1));
    knuth_colors_assign(&p->colors);
}

static void write_header(const struct problem *p, int argc, char **argv)
{
    char cell[24];
    int m = (int)p->m.len, n = (int)p->n.len;
    gen_write_command(stdout, argc, argv);
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
            putchar('\n');
        }
    }
}

/* ---------------------------------------------------------------- --show */

/* Reads the command line of --show: [--colors FILE]; returns FILE or NULL. */
static const char *parse_show_args(int argc, char **argv)
{
    const char *colors = NULL, *a;
    int flag;
    gen_args g = {argc, argv, usage, 0, 0};
    while ((a = gen_next_arg(&g, &flag))) {
        if (!flag)
            gen_die("--show takes no word files, not '%s': the array comes "
                    "from the listing", a);
        else if (!strcmp(a, "--show"))
            continue;
        else if (!strcmp(a, "--colors"))
            colors = gen_flag_value(&g, a);
        else if (!strcmp(a, "--knuth") || !strcmp(a, "--first-m") || !strcmp(a, "--first-n"))
            gen_die("%s goes with writing a problem, not with --show", a);
        else
            gen_die("unknown option '%s' (try --help)", a);
    }
    return colors;
}

/* Dies on an option line that is not a word put in a row or a column. */
static void not_an_option(const struct listing *ls)
{
    char quote[LISTING_QUOTE];
    listing_die(ls->line, "'%s' is not an option of gen-wordrect "
                "(expected 'Ri RC:L RC:L ... (k of n)' or 'Cj ...')",
                listing_quote(quote, ls->text));
}

/*
 * Reads a row or column item, "R" or "C" and its index (one extended-hex
 * digit, or decimal past 62, as put_line_item writes it); 0 if it is none.
 */
static int parse_line_item(const char *name, int *across, int *index)
{
    int r, c;
    if ((name[0] != 'R' && name[0] != 'C') || !name[1])
        return 0;
    *across = name[0] == 'R';
    if (!name[2]) {
        *index = gen_ext_hex_value((unsigned char)name[1]);
        return *index >= 0;
    }
    /* a decimal index: read it as the row of the cell "INDEX.0" */
    char buf[24];
    if (strlen(name) > 12)
        return 0;
    snprintf(buf, sizeof buf, "%s.0", name + 1);
    if (!parse_any_cell_name(buf, &r, &c) || r < 10)
        return 0;
    *index = r;
    return 1;
}

/* One option of the listing: Ri and the cells of row i, or Cj and column j. */
static void show_option(const struct listing *ls, struct letter_grid *g, const void *ctx)
{
    const struct listing_item *it = ls->item;
    char quote[LISTING_QUOTE];
    int across, index;
    (void)ctx;
    if (ls->nitems < 2 || it[0].color || !parse_line_item(it[0].name, &across, &index))
        not_an_option(ls);
    for (size_t i = 1; i < ls->nitems; i++)
        if (!it[i].color)
            not_an_option(ls);
    for (size_t i = 1; i < ls->nitems; i++) {
        int r, c, want_r = across ? index : (int)i - 1, want_c = across ? (int)i - 1 : index;
        listing_cell(ls, it[i].name, 0, 0, &r, &c);
        uint32_t letter = listing_item_letter(ls, &it[i]);
        if (r != want_r || c != want_c)
            listing_die(ls->line, "%s: cell %zu is '%s', not the cell of row %d, "
                        "column %d", it[0].name, i, listing_quote(quote, it[i].name),
                        want_r, want_c);
        letter_grid_put(g, r, c, letter, ls->line, it[i].name);
    }
}

/* the flags that take a value, for gen_wants_show */
static const char *const flags_with_value[] = {"--first-m", "--first-n", "--colors", NULL};

int main(int argc, char **argv)
{
    /* static: what it holds stays reachable when gen_die exits */
    static struct problem p;
    gen_init(argc, argv);
    if (gen_wants_show(argc, argv, flags_with_value)) {
        listing_show(parse_show_args(argc, argv), show_option, NULL, 0, 0, NULL);
        return 0;
    }
    parse_args(argc, argv, &p);
    read_side(&p.m);
    read_side(&p.n);
    if (p.m.len > 65535 || p.n.len > 65535)
        gen_die("words of more than 65535 letters are too long");
    if (p.knuth)
        check_knuth(&p);
    write_header(&p, argc, argv);
    write_options(&p, 0);
    write_options(&p, 1);
    words_finish_output();
    return 0;
}
