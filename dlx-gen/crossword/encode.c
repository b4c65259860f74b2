/*
 * encode.c — gen-crossword's problem: the word lists, the options, the
 * names of the words' items, and the writing.
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
 */
#include "crossword.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The default list keeps the words of lowercase ASCII letters only. */
static int only_a_to_z(const char *s)
{
    for (; *s; s++)
        if (*s < 'a' || *s > 'z')
            return 0;
    return 1;
}

/* Adds the name of the list just read to p->lists. */
static void name_list(struct problem *p)
{
    size_t had = p->lists ? strlen(p->lists) : 0, len = strlen(p->words.file);
    p->lists = gen_realloc(p->lists, had + len + 3, 1);
    sprintf(p->lists + had, "%s%s", had ? ", " : "", p->words.file);
    p->nlists++;
}

/* Reads the word lists, drops repeated words and groups them by length. */
void read_words(struct problem *p, const char *const *lists, int nlists)
{
    struct wordlist *wl = &p->words;
    if (nlists == 0) {
        if (access(DEFAULT_WORDS, R_OK) != 0)
            gen_die("no WORDLIST given, and %s cannot be read: %s",
                    DEFAULT_WORDS, strerror(errno));
        wordlist_read(wl, DEFAULT_WORDS, "#.", only_a_to_z, 0);
        name_list(p);
    }
    for (int i = 0; i < nlists; i++) {
        wordlist_read(wl, lists[i], "#.", NULL, 0);
        name_list(p);
    }
    if (!wl->n && nlists == 0)
        gen_die("%s holds no words of the letters a-z alone", p->lists);
    if (!wl->n)
        gen_die("%s hold%s no words", p->lists, p->nlists > 1 ? "" : "s");

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

/*
 * The options, (slot, word) pairs in output order: counted first, with
 * the bytes they will take, then (store) kept in p->option. Counting
 * warns of the slots that no word fits.
 */
double find_options(struct problem *p, int store)
{
    char cell[24], first[32] = "";
    size_t bare = 0;
    int first_len = 0;
    long first_line = 0, first_col = 0;
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
            /* a row holds no blanks, so a square's column is its place in the row */
            first_line = p->row_line[s->r];
            first_col = s->c + 1;
        }
    }
    if (bare > 1 && !store)
        gen_warn("%s:%ld:%ld: no word of %s fits slot %s (%d squares), nor %zu other slot%s: "
                 "the problem has no solution", p->grid_name, first_line, first_col, p->lists,
                 first, first_len, bare - 1, bare > 2 ? "s" : "");
    else if (bare && !store)
        gen_warn("%s:%ld:%ld: no word of %s fits slot %s (%d squares): the problem has no "
                 "solution", p->grid_name, first_line, first_col, p->lists, first, first_len);
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

void write_crossword(struct problem *p)
{
    static struct names nm;     /* static: reachable when the program dies */
    if (p->knuth)
        check_knuth(p);
    name_words(p, &nm);
    write_header(p, &nm);
    write_options(p, &nm);
    gen_close_output(stdout, NULL);
    free_names(p, &nm);
}
