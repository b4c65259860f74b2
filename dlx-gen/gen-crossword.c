/*
 * gen-crossword — fill a crossword grid from a word list, as an XCC problem.
 *
 *   gen-crossword [--knuth] [--force] GRID [WORDLIST...]
 *   gen-crossword --show [--colors FILE] [GRID [LISTING]]
 *
 * GRID is a text file, one line per row: '#' is a black square, '.' an
 * open square to fill, any other character a letter already given. Lines
 * starting with '|' are comments; blank lines may come before and after
 * the rows, not between them; white space at the end of a line is
 * ignored. Each WORDLIST holds one word a line; several lists are merged
 * in order. Without one, /usr/share/dict/words is read (Debian's
 * wamerican), keeping only the lines made of the letters a-z alone. Any
 * of the files may be "-", stdin.
 *
 * Encoding (formats/crossword.md says more):
 *   - a slot is a maximal run of two or more open squares in a row
 *     (across) or a column (down); each is a primary item, named 'a' or
 *     'd' followed by the name of its first cell: "a00", "d03", ...;
 *   - each square of some slot is a secondary item, named by
 *     gen_cell_name ("00" = row 0, column 0, in extended hex);
 *   - each word that some slot can take is a secondary item without a
 *     color, so that no word fills two slots;
 *   - an option puts one word in one slot: the slot, its squares colored
 *     by the word's letters, and the word. A word is offered to a slot
 *     only if it has the slot's length and agrees with its given letters.
 * A solution fills every slot with a different word of the list, crossing
 * slots agreeing on their shared squares.
 *
 * Order: slots across row by row, then down row by row; squares row by
 * row; words in list order. Options go slot by slot, words in list order.
 * Only the squares and words that occur in some option are items. A slot
 * that no word fits gets a warning: the problem, written all the same,
 * has no solution.
 *
 * Names. A word's item is the word itself, unless that is also the name
 * of a square or slot of this grid ("ab" is square (10, 11)); then it is
 * '#' followed by the word, which nothing else can be called because no
 * word holds '#'.
 *
 * --knuth writes a file Knuth's DLX2 reads. Where some word's item name
 * would be longer than 8 bytes, all words become #0, #1, ... in item
 * order (a comment line tells each one); letters beyond ASCII get
 * one-character colors, also told in comments. Where nothing needs to
 * change, the output is the usual one.
 *
 * Letters are UTF-8 characters, compared exactly (no case folding): the
 * default list is lowercase, so give letters in the grid in lowercase
 * too. A word may not contain '#' or '.' (nor white space, control
 * characters, ':' or '|'); a word listed twice is taken once.
 *
 * Data: the grid is rows x cols letters, BLACK for '#', OPEN for '.';
 * in_slot[] marks the squares that some slot covers; words are grouped
 * by length in by_len[] so a slot looks only at the words that fit.
 *
 * --show reads a solver's listing (dlx2 m1) from LISTING or stdin and
 * draws each solution as rows of letters (words.h reads the listing and
 * draws). Each
 * option must be a slot aRC or dRC, its squares in order from RC with
 * their letters, then the word's item (uncolored); the slot comes first
 * because the solver lists an option from the item it branched on, and
 * only slots are primary. With GRID, the picture is the grid, '#' for
 * black squares and its given letters where no slot goes, and the
 * listing must fit it: its slots, their lengths, its given letters.
 * Without GRID the picture is the least box from square 00 holding every
 * square named, '.' elsewhere. --colors FILE reads the one-byte colors
 * of a --knuth problem back as letters.
 */
#include "gen.h"
#include "utf8.h"
#include "words.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_WORDS "/usr/share/dict/words"

/* Square values besides letters (code points are below 0x110000). */
#define OPEN 0
#define BLACK UINT32_MAX

enum { OPT_KNUTH, OPT_FORCE, OPT_SHOW, OPT_COLORS };

static const struct gen_option options[] = {
    [OPT_KNUTH] = {"--knuth", NULL, NULL, "write a file Knuth's DLX2 reads: if a word is\n"
                                          "too long for it, words become items #0, #1, ...;\n"
                                          "letters beyond ASCII get one-character colors"},
    [OPT_FORCE] = {"--force", NULL, NULL, "write a problem of more than 1 GB"},
    [OPT_SHOW] = {"--show", NULL, NULL, "draw the solutions of a listing instead"},
    [OPT_COLORS] = {"--colors", NULL, "FILE", "--show: FILE is the problem, written with --knuth:\n"
                                              "show its one-character colors as the letters\n"
                                              "they stand for"},
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-crossword",
    "gen-crossword [--knuth] [--force] GRID [WORDLIST...]\n"
    "gen-crossword --show [--colors FILE] [GRID [LISTING]]\n",
    "Writes the XCC problem of filling the crossword GRID with different\n"
    "words of the WORDLIST files (one word a line; default " DEFAULT_WORDS ",\n"
    "keeping the words of letters a-z only; '-' for stdin). In GRID '#' is a\n"
    "black square, '.' an open square, any other character a given letter;\n"
    "lines starting with '|' are comments.\n"
    "\n"
    "Each slot (two or more open squares in a line) is a primary item, a00\n"
    "or d00 after its first square; squares are secondary items colored by\n"
    "their letters; each word is a secondary item so it is used once.\n",
    options,
    "--show reads a solver's listing (dlx2 m1) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the filled grid, one\n"
    "character per square; a blank line between solutions. With GRID, black\n"
    "squares are '#' and the listing is checked against the grid; without it\n"
    "the squares no slot names are '.'.\n"
    "\n"
    "  gen-crossword G.txt WORDS | dlx2 m1 t1 | gen-crossword --show G.txt\n",
};

struct slot {
    int r, c;           /* first square */
    int down;           /* 0 across, 1 down */
    int len;
};

struct option {
    size_t slot, word;      /* indexes into slot[] and words.w[] */
};

struct problem {
    const char *grid_name;  /* the grid file, for messages */
    int rows, cols;
    uint32_t *sq;           /* rows * cols squares: BLACK, OPEN or a letter */
    long first_line;        /* line of the first row in the grid file */
    struct slot *slot;
    size_t nslots, slot_cap;
    char *in_slot;          /* rows * cols flags */
    char *starts_across;    /* rows * cols flags: an across slot starts here */
    char *starts_down;
    struct wordlist words;
    size_t **by_len;        /* by_len[k]: indexes of the words of k letters */
    size_t *by_len_n;
    size_t max_len;
    struct option *option;  /* the options in output order */
    size_t noptions;
    char *used;             /* words.n flags: the word is in some option */
    int knuth, force;
    struct knuth_colors colors;
    uint32_t *row;          /* the row being read */
    size_t row_cap;
};

/* Appends the row of the grid file in->text (without its line end). */
static void add_row(struct problem *p, const struct gen_input *in)
{
    size_t n = 0;
    for (const char *s = in->text; *s;) {
        uint32_t c;
        size_t k = utf8_decode(s, &c);
        long col = gen_input_col(in, s);
        if (!k)
            gen_input_die(in, col, "invalid UTF-8");
        if (utf8_is_white(c))
            gen_input_die(in, col, "white space inside a row");
        if (utf8_is_control(c))
            gen_input_die(in, col, "control character in the grid");
        if (c == ':' || c == '|')
            gen_input_die(in, col, "'%c' cannot be a letter", (int)c);
        p->row = gen_grow(p->row, &p->row_cap, n, sizeof *p->row);
        p->row[n++] = c == '#' ? BLACK : c == '.' ? OPEN : c;
        s += k;
    }
    if (p->rows == 0) {
        if (n > 65535)
            gen_input_die(in, 65536, "a row may have at most 65535 squares");
        p->cols = (int)n;
        p->first_line = in->line;
    } else if (n != (size_t)p->cols) {
        gen_input_die(in, (long)(n < (size_t)p->cols ? n : (size_t)p->cols) + 1,
                      "the row has %zu squares, but the first row has %d", n, p->cols);
    }
    if (p->rows == 65535)
        gen_input_die(in, 1, "a grid may have at most 65535 rows");
    p->sq = gen_realloc(p->sq, (size_t)(p->rows + 1) * (size_t)p->cols, sizeof *p->sq);
    if (n)
        memcpy(p->sq + (size_t)p->rows * (size_t)p->cols, p->row, n * sizeof *p->row);
    p->rows++;
}

/* Reads the grid file (see the top of this file for its syntax). */
static void read_grid(struct problem *p, const char *path)
{
    static struct gen_input in;     /* static: reachable if a bad line ends the program */
    int blank_after_rows = 0;
    gen_input_open(&in, path);
    p->grid_name = in.name;
    while (gen_input_next(&in)) {
        size_t len = in.len;
        while (len && utf8_is_white((unsigned char)in.text[len - 1]))
            len--;      /* a \r, trailing blanks */
        in.text[len] = '\0';
        if (in.text[0] == '|')
            continue;
        if (!len) {
            blank_after_rows = p->rows > 0;
            continue;
        }
        if (blank_after_rows)
            gen_input_die(&in, 1, "a blank line splits the grid");
        add_row(p, &in);
    }
    gen_input_close(&in);
    if (p->rows == 0)
        gen_die_at(p->grid_name, 1, 1, "the file holds no grid");
}

static uint32_t square(const struct problem *p, int r, int c)
{
    return p->sq[(size_t)r * (size_t)p->cols + (size_t)c];
}

/* Records the slots: maximal runs of two or more non-black squares. */
static void find_slots(struct problem *p)
{
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    p->in_slot = gen_zalloc(cells, 1);
    p->starts_across = gen_zalloc(cells, 1);
    p->starts_down = gen_zalloc(cells, 1);
    for (int down = 0; down < 2; down++)
        for (int r = 0; r < p->rows; r++)
            for (int c = 0; c < p->cols; c++) {
                int dr = down, dc = !down, len = 0;
                /* a run starts where the square before it is off the grid or black */
                if (square(p, r, c) == BLACK
                    || (r - dr >= 0 && c - dc >= 0 && square(p, r - dr, c - dc) != BLACK))
                    continue;
                while (r + dr * len < p->rows && c + dc * len < p->cols
                       && square(p, r + dr * len, c + dc * len) != BLACK)
                    len++;
                if (len < 2)
                    continue;
                p->slot = gen_grow(p->slot, &p->slot_cap, p->nslots, sizeof *p->slot);
                p->slot[p->nslots++] = (struct slot){r, c, down, len};
                for (int k = 0; k < len; k++)
                    p->in_slot[(size_t)(r + dr * k) * (size_t)p->cols + (size_t)(c + dc * k)] = 1;
                (down ? p->starts_down : p->starts_across)[(size_t)r * (size_t)p->cols + (size_t)c] = 1;
            }
    if (!p->nslots)
        gen_die_at(p->grid_name, p->first_line, 1, "the grid has no slot of two or more "
                   "open squares");
}

/* The default list keeps the words of lowercase ASCII letters only. */
static int only_a_to_z(const char *s)
{
    for (; *s; s++)
        if (*s < 'a' || *s > 'z')
            return 0;
    return 1;
}

/* Reads the word lists, drops repeated words and groups them by length. */
static void read_words(struct problem *p, const char *const *lists, int nlists)
{
    struct wordlist *wl = &p->words;
    if (nlists == 0) {
        if (access(DEFAULT_WORDS, R_OK) != 0)
            gen_die("no WORDLIST given, and %s cannot be read: %s",
                    DEFAULT_WORDS, strerror(errno));
        wordlist_read(wl, DEFAULT_WORDS, "#.", only_a_to_z, 0);
    }
    for (int i = 0; i < nlists; i++)
        wordlist_read(wl, lists[i], "#.", NULL, 0);
    if (!wl->n)
        gen_die("the word list holds no words");

    size_t *first = gen_realloc(NULL, wl->n, sizeof *first);
    wordlist_find_repeats(wl, first);
    p->max_len = 0;
    for (size_t i = 0; i < wl->n; i++)
        if (wl->w[i].len > p->max_len)
            p->max_len = wl->w[i].len;
    p->by_len = gen_zalloc(p->max_len + 1, sizeof *p->by_len);
    p->by_len_n = gen_zalloc(p->max_len + 1, sizeof *p->by_len_n);
    for (size_t i = 0; i < wl->n; i++) {
        if (first[i] != i)
            continue;   /* a repeat: the first copy stands for it */
        size_t k = wl->w[i].len, n = p->by_len_n[k];
        /* grow at powers of two */
        if ((n & (n - 1)) == 0)
            p->by_len[k] = gen_realloc(p->by_len[k], n ? 2 * n : 1, sizeof **p->by_len);
        p->by_len[k][p->by_len_n[k]++] = i;
    }
    free(first);
}

/* 1 if word w fits slot s: same length, and agrees with given letters. */
static int fits(const struct problem *p, const struct slot *s, const struct word *w)
{
    if (w->len != (size_t)s->len)
        return 0;
    for (int k = 0; k < s->len; k++) {
        uint32_t q = square(p, s->r + s->down * k, s->c + !s->down * k);
        if (q != OPEN && q != w->letter[k])
            return 0;
    }
    return 1;
}

static void slot_name(char *buf, const struct problem *p, const struct slot *s)
{
    char cell[24];
    sprintf(buf, "%c%s", s->down ? 'd' : 'a', gen_cell_name(cell, s->r, s->c, p->rows, p->cols));
}

/*
 * The options, (slot, word) pairs in output order: counted first, with
 * the bytes they will take, then (store) kept in p->option. Counting
 * warns of the slots that no word fits.
 */
static double find_options(struct problem *p, int store)
{
    char cell[24], first[32] = "";
    size_t bare = 0;
    int first_len = 0;
    double bytes = 0, namelen = (double)strlen(gen_cell_name(cell, p->rows - 1, p->cols - 1,
                                                             p->rows, p->cols));
    if (store) {
        p->option = gen_realloc(NULL, p->noptions, sizeof *p->option);
        p->used = gen_zalloc(p->words.n, 1);
    }
    p->noptions = 0;
    for (size_t i = 0; i < p->nslots; i++) {
        const struct slot *s = &p->slot[i];
        size_t len = (size_t)s->len, before = p->noptions;
        for (size_t k = 0; len <= p->max_len && k < p->by_len_n[len]; k++) {
            size_t w = p->by_len[len][k];
            if (!fits(p, s, &p->words.w[w]))
                continue;
            if (store) {
                p->option[p->noptions] = (struct option){i, w};
                p->used[w] = 1;
            }
            p->noptions++;
            /* "aRC RC:L ... WORD\n", a letter taking its word's share of bytes */
            bytes += (double)len * (namelen + 2) + 2 * (double)strlen(p->words.w[w].text)
                     + namelen + 3;
        }
        if (p->noptions == before && !bare++) {
            slot_name(first, p, s);
            first_len = s->len;
        }
    }
    if (bare > 1 && !store)
        gen_warn("no word of the lists fits slot %s (%d squares), nor %zu other slots: "
                 "the problem has no solution", first, first_len, bare - 1);
    else if (bare && !store)
        gen_warn("no word of the lists fits slot %s (%d squares): the problem has no solution",
                 first, first_len);
    return bytes;
}

/* Item names: the word's number under --knuth, else word or #word. */
struct names {
    char **word;        /* words.n entries; NULL for unused words */
    size_t nused;
    int renamed;        /* --knuth had to call them #0, #1, ... */
};

/* 1 if text is the name of a listed square or slot of this grid. */
static int clashes(const struct problem *p, const char *text)
{
    int r, c;
    if (gen_parse_cell(text, p->rows, p->cols, &r, &c))
        return p->in_slot[(size_t)r * (size_t)p->cols + (size_t)c];
    if ((text[0] == 'a' || text[0] == 'd')
        && gen_parse_cell(text + 1, p->rows, p->cols, &r, &c)) {
        const char *starts = text[0] == 'a' ? p->starts_across : p->starts_down;
        return starts[(size_t)r * (size_t)p->cols + (size_t)c];
    }
    return 0;
}

/*
 * Names the words that are items: the word, or #word where it clashes;
 * under --knuth, if any of those names is too long for DLX2, #0, #1, ...
 */
static void name_words(const struct problem *p, struct names *nm)
{
    nm->word = gen_zalloc(p->words.n ? p->words.n : 1, sizeof *nm->word);
    nm->nused = 0;
    nm->renamed = 0;
    for (size_t i = 0; i < p->words.n; i++) {
        if (!p->used[i])
            continue;
        const char *text = p->words.w[i].text;
        char *name = gen_realloc(NULL, strlen(text) + 24, 1);
        sprintf(name, clashes(p, text) ? "#%s" : "%s", text);
        if (p->knuth && strlen(name) > GEN_KNUTH_NAME_MAX)
            nm->renamed = 1;
        nm->word[i] = name;
        nm->nused++;
    }
    if (!nm->renamed)
        return;
    for (size_t i = 0, k = 0; i < p->words.n; i++)
        if (nm->word[i])
            sprintf(nm->word[i], "#%zu", k++);
}

static void free_names(const struct problem *p, struct names *nm)
{
    for (size_t i = 0; i < p->words.n; i++)
        free(nm->word[i]);
    free(nm->word);
}

/* Under --knuth: dies unless DLX2 could read what we are about to write. */
static void check_knuth(struct problem *p)
{
    size_t entries = 0;
    for (size_t i = 0; i < p->noptions; i++)
        entries += (size_t)p->slot[p->option[i].slot].len + 2;
    char name[32];
    size_t items = p->nslots;
    for (size_t i = 0; i < (size_t)p->rows * (size_t)p->cols; i++)
        items += p->in_slot[i] != 0;
    for (size_t i = 0; i < p->words.n; i++)
        if (p->used[i]) {
            items++;
            for (size_t j = 0; j < p->words.w[i].len; j++)
                knuth_colors_note(&p->colors, p->words.w[i].letter[j]);
        }
    for (size_t i = 0; i < p->nslots; i++) {
        slot_name(name, p, &p->slot[i]);
        gen_knuth_check_name(name);
    }
    /* the last square has the longest name, listed or not */
    gen_knuth_check_name(gen_cell_name(name, p->rows - 1, p->cols - 1, p->rows, p->cols));
    knuth_check_size(items, p->noptions, entries);
    knuth_colors_assign(&p->colors);
}

static void write_header(const struct problem *p, const struct names *nm)
{
    char name[32];
    gen_write_command(stdout);
    if (nm->renamed)
        for (size_t i = 0; i < p->words.n; i++)
            if (nm->word[i])
                printf("| item %s is %s\n", nm->word[i], p->words.w[i].text);
    if (p->knuth)
        knuth_colors_comment(stdout, &p->colors);
    for (size_t i = 0; i < p->nslots; i++) {
        slot_name(name, p, &p->slot[i]);
        printf("%s ", name);
    }
    putchar('|');
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            if (p->in_slot[(size_t)r * (size_t)p->cols + (size_t)c])
                printf(" %s", gen_cell_name(name, r, c, p->rows, p->cols));
    for (size_t i = 0; i < p->words.n; i++)
        if (nm->word[i])
            printf(" %s", nm->word[i]);
    putchar('\n');
}

static void write_options(const struct problem *p, const struct names *nm)
{
    const struct knuth_colors *kc = p->knuth ? &p->colors : NULL;
    char name[32];
    for (size_t i = 0; i < p->noptions; i++) {
        const struct slot *s = &p->slot[p->option[i].slot];
        const struct word *word = &p->words.w[p->option[i].word];
        slot_name(name, p, s);
        fputs(name, stdout);
        for (int k = 0; k < s->len; k++) {
            int r = s->r + s->down * k, c = s->c + !s->down * k;
            printf(" %s:", gen_cell_name(name, r, c, p->rows, p->cols));
            put_color(stdout, kc, word->letter[k]);
        }
        printf(" %s\n", nm->word[p->option[i].word]);
        if (i % 4096 == 0)
            gen_check_output(stdout, NULL);
    }
}

/* ---------------------------------------------------------------- --show */

/* Dies on an option line that is not a word put in a slot. */
static void not_an_option(const struct word_option *wo)
{
    char quote[GEN_QUOTE];
    word_option_die(wo, "'%s' is not an option of gen-crossword "
                    "(expected 'aRC RC:L RC:L ... WORD (k of n)')", gen_quote(quote, wo->o->text));
}

/* The squares of the slot starting at (r, c) in GRID: 0 if none starts there. */
static int slot_length(const struct problem *p, int r, int c, int down)
{
    const char *starts = down ? p->starts_down : p->starts_across;
    int len = 0;
    if (!starts[(size_t)r * (size_t)p->cols + (size_t)c])
        return 0;
    while (r + down * len < p->rows && c + !down * len < p->cols
           && square(p, r + down * len, c + !down * len) != BLACK)
        len++;
    return len;
}

/*
 * Checks the slot item of an option against GRID: a slot starts there
 * and has as many squares as the option lists.
 */
static void check_slot(const struct word_option *wo, const struct problem *p, int r, int c,
                       int down)
{
    const char *name = wo->o->item[0].name;
    int len = slot_length(p, r, c, down);
    if (!len)
        word_option_die(wo, "%s is no slot of %s", name, p->grid_name);
    if ((size_t)len != wo->o->nitems - 2)
        word_option_die(wo, "slot %s has %d squares in %s, not %zu", name, len, p->grid_name,
                        wo->o->nitems - 2);
}

/*
 * One option of the listing: the slot, its squares in order with their
 * letters, the word; checked against GRID if there is one (p->rows > 0).
 */
static void show_option(const struct word_option *wo, struct letter_grid *g, const void *ctx)
{
    const struct problem *p = ctx;
    const struct listing_item *it = wo->o->item;
    size_t n = wo->o->nitems;
    char quote[GEN_QUOTE], here[5], given[5];
    int r0, c0;
    if (n < 4 || it[0].color || it[n - 1].color
        || (it[0].name[0] != 'a' && it[0].name[0] != 'd'))
        not_an_option(wo);
    for (size_t i = 1; i + 1 < n; i++)
        if (!it[i].color)
            not_an_option(wo);
    int down = it[0].name[0] == 'd';
    if (!gen_parse_cell(it[0].name + 1, p->rows, p->cols, &r0, &c0)) {
        if (p->rows && gen_parse_cell(it[0].name + 1, 0, 0, &r0, &c0))
            word_option_die(wo, "%s is no slot of %s", it[0].name, p->grid_name);
        not_an_option(wo);
    }
    if (p->rows)
        check_slot(wo, p, r0, c0, down);
    for (size_t i = 1; i + 1 < n; i++) {
        int r, c, want_r = r0 + down * ((int)i - 1), want_c = c0 + !down * ((int)i - 1);
        word_option_cell(wo, it[i].name, p->rows, p->cols, &r, &c);
        uint32_t letter = word_option_letter(wo, g, &it[i]);
        if (r != want_r || c != want_c)
            word_option_die(wo, "%s: square %zu is '%s', not the square of row %d, column %d",
                            it[0].name, i, gen_quote(quote, it[i].name), want_r, want_c);
        uint32_t q = p->rows ? square(p, r, c) : OPEN;
        if (q != OPEN && q != letter) {
            utf8_encode(here, letter);
            utf8_encode(given, q);
            word_option_die(wo, "square %s is '%s' here, but '%s' in %s", it[i].name, here,
                            given, p->grid_name);
        }
        letter_grid_put(g, wo, r, c, letter, it[i].name);
    }
}

/* What the picture shows where no slot goes: '#', '.' or a given letter. */
static uint32_t *background(const struct problem *p)
{
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    uint32_t *bg = gen_realloc(NULL, cells, sizeof *bg);
    for (size_t k = 0; k < cells; k++)
        bg[k] = p->sq[k] == BLACK ? '#' : p->sq[k] == OPEN ? '.' : p->sq[k];
    return bg;
}

/* --show [GRID [LISTING]]: draws the listing, over GRID if one is given. */
static void show(const struct gen_cmdline *a, struct problem *p)
{
    static uint32_t *bg;    /* static: reachable when a bad line ends the program */
    if (a->opt[OPT_KNUTH] || a->opt[OPT_FORCE])
        gen_die("%s goes with writing a problem, not with --show",
                a->opt[OPT_KNUTH] ? "--knuth" : "--force");
    if (a->nargs > 2)
        gen_die("--show takes GRID and one LISTING, not '%s': the words come from "
                "the listing", a->arg[2]);
    if (a->nargs > 0) {
        read_grid(p, a->arg[0]);
        find_slots(p);
        bg = background(p);
    }
    words_show(a->nargs > 1 ? a->arg[1] : NULL, a->opt[OPT_COLORS], show_option, p, p->rows,
               p->cols, bg);
    free(bg);
}

int main(int argc, char **argv)
{
    /* static: what they hold stays reachable when the program dies */
    static struct problem p;
    static struct names nm;
    static struct gen_cmdline a;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    if (a.opt[OPT_SHOW]) {
        show(&a, &p);
        gen_free_cmdline(&a);
        return PROG_DONE;
    }
    if (a.opt[OPT_COLORS])
        gen_die("--colors goes with --show");
    if (!a.nargs)
        gen_die("expected a GRID file (try --help)");
    p.knuth = a.opt[OPT_KNUTH] != NULL;
    p.force = a.opt[OPT_FORCE] != NULL;
    read_grid(&p, a.arg[0]);
    find_slots(&p);
    read_words(&p, a.arg + 1, a.nargs - 1);
    gen_check_size(find_options(&p, 0), p.force, "the problem");
    find_options(&p, 1);
    if (p.knuth)
        check_knuth(&p);
    name_words(&p, &nm);
    write_header(&p, &nm);
    write_options(&p, &nm);
    gen_close_output(stdout, NULL);
    free_names(&p, &nm);
    gen_free_cmdline(&a);
    return PROG_DONE;
}
