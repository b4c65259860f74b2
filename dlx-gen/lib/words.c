/*
 * words.c — the helpers of words.h: legal words, word files, the one-byte
 * colors of --knuth output, and the --show of the word generators.
 */
#include "words.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "gen.h"
#include "utf8.h"

/* The limits Knuth's DLX2 is compiled with (max_cols, max_nodes). */
#define KNUTH_MAX_ITEMS 100000
#define KNUTH_MAX_NODES 10000000

/* ---------------------------------------------------------------- words */

const char *word_problem(const char *text, const char *forbidden, size_t *at)
{
    static char msg[32];

    *at = 0;
    if (!*text)
        return "is empty";
    for (const char *p = text; *p;) {
        uint32_t c;
        size_t n = utf8_decode(p, &c);
        *at = (size_t)(p - text);
        if (!n)
            return "is not valid UTF-8";
        if (utf8_is_white(c))
            return "contains white space";
        if (utf8_is_control(c))
            return "contains a control character";
        if (c == ':' || c == '|' || (c < 0x80 && strchr(forbidden, (int)c))) {
            snprintf(msg, sizeof msg, "contains '%c'", (int)c);
            return msg;
        }
        p += n;
    }
    return NULL;
}

void wordlist_add(struct wordlist *wl, const char *text, long line, long col)
{
    wl->w = gen_grow(wl->w, &wl->cap, wl->n, sizeof *wl->w);
    struct word *w = &wl->w[wl->n++];
    w->text = gen_strdup(text);
    /* a word has at most as many letters as bytes */
    w->letter = gen_realloc(NULL, strlen(text), sizeof *w->letter);
    w->len = 0;
    w->line = line;
    w->col = col;
    for (const char *p = text; *p; w->len++) {
        size_t n = utf8_decode(p, &w->letter[w->len]);
        if (!n)     /* callers check words first; this is a safety net */
            gen_die("word '%s' is not valid UTF-8", text);
        p += n;
    }
}

void wordlist_read(struct wordlist *wl, const char *path,
                   const char *forbidden, int (*keep)(const char *),
                   size_t limit)
{
    /* static: still reachable if a bad line ends the program */
    static struct gen_input in;
    size_t taken = 0;
    gen_input_open(&in, path);
    wl->file = in.name;
    while ((limit == 0 || taken < limit) && gen_input_next(&in)) {
        char *s = in.text, *end = in.text + in.len;
        while (end > s && utf8_is_white((unsigned char)end[-1]))
            end--;
        *end = '\0';
        while (utf8_is_white((unsigned char)*s))
            s++;
        if (!*s || (keep && !keep(s)))
            continue;
        size_t at;
        const char *why = word_problem(s, forbidden, &at);
        if (why)
            gen_input_die(&in, gen_input_col(&in, s + at), "word '%s' %s", s, why);
        wordlist_add(wl, s, in.line, gen_input_col(&in, s));
        taken++;
    }
    gen_input_close(&in);
}

void wordlist_die(const struct wordlist *wl, const struct word *w, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gen_die_at(wl->file, w->line, w->col, "word '%s' %s", w->text, msg);
}

/* qsort order for wordlist_find_repeats: by text, then by position */
static const struct wordlist *sorting;
static int by_text_then_index(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int d = strcmp(sorting->w[i].text, sorting->w[j].text);
    return d ? d : (i > j) - (i < j);
}

void wordlist_find_repeats(const struct wordlist *wl, size_t *first)
{
    size_t *order = gen_realloc(NULL, wl->n, sizeof *order);
    for (size_t i = 0; i < wl->n; i++)
        order[i] = i;
    sorting = wl;
    qsort(order, wl->n, sizeof *order, by_text_then_index);
    /* equal words are now adjacent, the earliest first */
    for (size_t k = 0; k < wl->n; k++) {
        size_t i = order[k];
        first[i] = k > 0 && !strcmp(wl->w[order[k - 1]].text, wl->w[i].text)
                       ? first[order[k - 1]] : i;
    }
    free(order);
}

size_t wordlist_first_repeat(const struct wordlist *wl, size_t *earlier)
{
    size_t *first = gen_realloc(NULL, wl->n, sizeof *first), i = 0;
    wordlist_find_repeats(wl, first);
    while (i < wl->n && first[i] == i)
        i++;
    *earlier = i < wl->n ? first[i] : 0;
    free(first);
    return i;
}

void wordlist_free(struct wordlist *wl)
{
    for (size_t i = 0; i < wl->n; i++) {
        free(wl->w[i].text);
        free(wl->w[i].letter);
    }
    free(wl->w);
    memset(wl, 0, sizeof *wl);
}

int word_is_palindrome(const struct word *w)
{
    for (size_t i = 0, j = w->len - 1; i < j; i++, j--)
        if (w->letter[i] != w->letter[j])
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- --knuth */

static long knuth_color_index(const struct knuth_colors *kc, uint32_t c)
{
    for (size_t i = 0; i < kc->n; i++)
        if (kc->letter[i] == c)
            return (long)i;
    return -1;
}

/* Adds letter with code (0: to be assigned). */
static void knuth_colors_add(struct knuth_colors *kc, uint32_t letter, char code)
{
    size_t cap = kc->cap;   /* both arrays grow alike */
    kc->letter = gen_grow(kc->letter, &cap, kc->n, sizeof *kc->letter);
    kc->code = gen_grow(kc->code, &kc->cap, kc->n, 1);
    kc->letter[kc->n] = letter;
    kc->code[kc->n] = code;
    kc->n++;
}

void knuth_colors_note(struct knuth_colors *kc, uint32_t c)
{
    if (knuth_color_index(kc, c) >= 0)
        return;
    knuth_colors_add(kc, c, 0);
    kc->assigned = 0;
}

void knuth_colors_assign(struct knuth_colors *kc)
{
    char taken[128] = {0};
    /* ':' and '|' are taken: DLX2 would misread them */
    taken[':'] = taken['|'] = 1;
    for (size_t i = 0; i < kc->n; i++)
        if (kc->letter[i] < 0x80) {
            kc->code[i] = (char)kc->letter[i];
            taken[kc->letter[i]] = 1;
        }
    int next = '!';
    for (size_t i = 0; i < kc->n; i++) {
        if (kc->letter[i] < 0x80)
            continue;
        while (next <= '~' && taken[next])
            next++;
        if (next > '~')
            gen_die("--knuth: the problem has %zu different letters, more than "
                    "the printable one-character colors DLX2 could tell apart",
                    kc->n);
        kc->code[i] = (char)next;
        taken[next] = 1;
    }
    kc->assigned = 1;
}

void knuth_colors_comment(FILE *f, const struct knuth_colors *kc)
{
    for (size_t i = 0; i < kc->n; i++)
        if (kc->letter[i] >= 0x80) {
            fprintf(f, "| color %c is ", kc->code[i]);
            utf8_put(f, kc->letter[i]);
            fputc('\n', f);
        }
}

void put_color(FILE *f, const struct knuth_colors *kc, uint32_t c)
{
    if (!kc || c < 0x80) {      /* ASCII letters always stand for themselves */
        utf8_put(f, c);
        return;
    }
    long i = knuth_color_index(kc, c);
    if (i < 0 || !kc->assigned)
        gen_die("internal error: letter U+%04lX has no --knuth color", (unsigned long)c);
    fputc(kc->code[i], f);
}

void knuth_check_size(size_t items, size_t options, size_t entries)
{
    if (items > KNUTH_MAX_ITEMS)
        gen_die("--knuth: %zu items, but DLX2 reads at most %d", items, KNUTH_MAX_ITEMS);
    /* DLX2 keeps a node per item, per entry and per option (its spacer),
       plus one, all below max_nodes */
    if (items + entries + options + 1 >= KNUTH_MAX_NODES)
        gen_die("--knuth: %zu items, %zu options and %zu entries need more "
                "than the %d nodes DLX2 has", items, options, entries, KNUTH_MAX_NODES);
}

void knuth_colors_load(struct knuth_colors *kc, const char *path)
{
    static const char prefix[] = "| color ";
    const size_t plen = sizeof prefix - 1;
    static struct gen_input in;     /* static: reachable if we die */
    gen_input_open(&in, path);
    kc->assigned = 1;
    while (gen_input_next(&in)) {
        char *s = in.text;
        size_t len = in.len;
        while (len && utf8_is_white((unsigned char)s[len - 1]))
            len--;
        s[len] = '\0';
        /* exactly what knuth_colors_comment writes: "| color X is L" */
        if (len < plen + 6 || memcmp(s, prefix, plen) || memcmp(s + plen + 1, " is ", 4))
            continue;
        char code = s[plen];
        const char *l = s + plen + 5;
        uint32_t letter;
        size_t n = utf8_decode(l, &letter);
        if (code <= ' ' || code > '~' || !n || l[n])
            continue;   /* a comment of some other kind */
        if (knuth_colors_letter(kc, code))
            gen_input_die(&in, 0, "color %c is told twice", code);
        knuth_colors_add(kc, letter, code);
    }
    gen_input_close(&in);
}

uint32_t knuth_colors_letter(const struct knuth_colors *kc, char code)
{
    for (size_t i = 0; i < kc->n; i++)
        if (kc->code[i] == code)
            return kc->letter[i];
    return 0;
}

void knuth_colors_free(struct knuth_colors *kc)
{
    free(kc->letter);
    free(kc->code);
    memset(kc, 0, sizeof *kc);
}

/* ---------------------------------------------------------------- --show */

void word_option_die(const struct word_option *wo, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(listing_name(wo->ls), wo->o->line, 0, fmt, ap);
}

void word_option_cell(const struct word_option *wo, const char *name, int rows, int cols,
                      int *r, int *c)
{
    char quote[GEN_QUOTE];
    if (gen_parse_cell(name, rows, cols, r, c))
        return;
    if (rows && gen_parse_cell(name, 0, 0, r, c))
        word_option_die(wo, "'%s' is no cell of the %d x %d board", name, rows, cols);
    word_option_die(wo, "'%s' is not the name of a cell", gen_quote(quote, name));
}

uint32_t word_option_letter(const struct word_option *wo, const struct letter_grid *g,
                            const struct lst_item *it)
{
    char qc[GEN_QUOTE], qn[GEN_QUOTE];
    const char *color = it->color;
    uint32_t letter;
    if (g->colors && color[0] && !color[1]
        && (letter = knuth_colors_letter(g->colors, color[0])))
        return letter;
    size_t n = utf8_decode(color, &letter);
    if (!n || color[n] || utf8_is_control(letter))
        word_option_die(wo, "the color '%s' of cell %s is not one letter", gen_quote(qc, color),
                        gen_quote(qn, it->name));
    return letter;
}

void letter_grid_put(struct letter_grid *g, const struct word_option *wo, int r, int c,
                     uint32_t letter, const char *cell)
{
    g->e = gen_grow(g->e, &g->cap, g->n, sizeof *g->e);
    struct placed *e = &g->e[g->n++];
    e->r = r;
    e->c = c;
    e->letter = letter;
    e->line = wo->o->line;
    snprintf(e->cell, sizeof e->cell, "%s", cell);
    if (r >= g->rows)
        g->rows = r + 1;
    if (c >= g->cols)
        g->cols = c + 1;
}

/* Largest picture drawn: a listing naming cell 29999.29999 is no picture. */
#define DRAW_CELLS_MAX (1L << 24)

/*
 * at[k] becomes 1 + the index of the letter placed in cell k, 0 for none.
 * Returns the index of the first letter put in a cell that already had a
 * different one, or g->n if there is none.
 */
static size_t place_letters(const struct letter_grid *g, size_t *at, int cols)
{
    for (size_t i = 0; i < g->n; i++) {
        const struct placed *e = &g->e[i];
        size_t k = (size_t)e->r * (size_t)cols + (size_t)e->c;
        if (!at[k])
            at[k] = i + 1;
        else if (g->e[at[k] - 1].letter != e->letter)
            return i;
    }
    return g->n;
}

/* Draws the solution ls holds and forgets its letters (see words_show). */
static void letter_grid_draw(struct letter_grid *g, const struct listing *ls, int rows, int cols,
                             const uint32_t *background)
{
    if (g->rows > rows || g->cols > cols) {
        if (background)
            gen_die("internal error: a letter outside the background");
        rows = g->rows > rows ? g->rows : rows;
        cols = g->cols > cols ? g->cols : cols;
    }
    if ((double)rows * cols > (double)DRAW_CELLS_MAX)
        listing_die(ls, ls->label_line, "solution %s would be a %d x %d picture, too big to draw",
                    ls->label, rows, cols);
    size_t cells = (size_t)rows * (size_t)cols;
    size_t *at = gen_zalloc(cells ? cells : 1, sizeof *at);
    size_t bad = place_letters(g, at, cols);
    if (bad < g->n) {
        const struct placed *e = &g->e[bad];
        const struct placed *was = &g->e[at[(size_t)e->r * (size_t)cols + (size_t)e->c] - 1];
        char a[5], b[5];
        utf8_encode(a, e->letter);
        utf8_encode(b, was->letter);
        free(at);   /* before dying: nothing left unreachable */
        listing_die(ls, e->line, "cell %s gets '%s' here, but '%s' on line %ld", e->cell, a, b,
                    was->line);
    }
    /* the letters as strings, for draw_table */
    char (*text)[5] = gen_realloc(NULL, cells ? cells : 1, sizeof *text);
    const char **cell = gen_realloc(NULL, cells ? cells : 1, sizeof *cell);
    for (size_t k = 0; k < cells; k++) {
        uint32_t c = at[k] ? g->e[at[k] - 1].letter : background ? background[k] : '.';
        utf8_encode(text[k], c);
        cell[k] = text[k];
    }
    draw_title(stdout, g->drawn++, ls->label, ls->note);
    draw_table(stdout, cell, (size_t)rows, (size_t)cols,
               draw_widest(cell, cells) > 1 ? " " : "", 1);
    free(cell);
    free(text);
    free(at);
    g->n = 0;
    g->rows = g->cols = 0;
}

int words_show(const char *path, const char *colors_file, word_show_fn *show, const void *ctx,
               int rows, int cols, const uint32_t *background)
{
    /* static: what they hold stays reachable when a bad line ends the program */
    static struct listing ls;
    static struct letter_grid g;
    static struct knuth_colors kc;
    if (colors_file) {
        knuth_colors_load(&kc, colors_file);
        g.colors = &kc;
    }
    listing_open(&ls, path);
    while (listing_next(&ls)) {
        for (size_t k = 0; k < ls.nopts; k++) {
            struct word_option wo = {&ls, &ls.opt[k]};
            show(&wo, &g, ctx);
        }
        letter_grid_draw(&g, &ls, rows, cols, background);
    }
    gen_close_output(stdout, NULL);
    int status = ls.solutions ? PROG_DONE : listing_none(&ls);
    listing_close(&ls);
    free(g.e);
    memset(&g, 0, sizeof g);
    knuth_colors_free(&kc);
    return status;
}
