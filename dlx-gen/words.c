/*
 * words.c — the helpers of words.h: UTF-8 letters, legal words, word
 * files, cell-name clashes, the one-byte colors of --knuth output, and
 * for --show the reading of listings and the drawing of letter grids.
 */
#include "words.h"

#include "gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The limits Knuth's DLX2 is compiled with (max_cols, max_nodes). */
#define KNUTH_MAX_NAME 8
#define KNUTH_MAX_ITEMS 100000
#define KNUTH_MAX_NODES 10000000

void *words_xrealloc(void *p, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        gen_die("out of memory");
    size_t bytes = count * size;
    void *q = realloc(p, bytes > 0 ? bytes : 1);   /* never ask for 0 */
    if (!q)
        gen_die("out of memory");
    return q;
}

char *words_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *t = words_xrealloc(NULL, n, 1);
    memcpy(t, s, n);
    return t;
}

size_t utf8_decode(const char *s, uint32_t *cp)
{
    /* smallest code point each length may encode: anything below is an
       over-long form, refused so that every letter has one spelling */
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    const unsigned char *u = (const unsigned char *)s;
    uint32_t c;
    size_t n;

    if (u[0] < 0x80) {
        *cp = u[0];
        return u[0] ? 1 : 0;
    }
    if ((u[0] & 0xE0) == 0xC0)
        c = u[0] & 0x1F, n = 2;
    else if ((u[0] & 0xF0) == 0xE0)
        c = u[0] & 0x0F, n = 3;
    else if ((u[0] & 0xF8) == 0xF0)
        c = u[0] & 0x07, n = 4;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        /* a NUL here fails the test too, so we never read past the end */
        if ((u[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (u[i] & 0x3F);
    }
    if (c < least[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

size_t utf8_encode(char *buf, uint32_t c)
{
    size_t n;
    if (c < 0x80) {
        buf[0] = (char)c;
        n = 1;
    } else if (c < 0x800) {
        buf[0] = (char)(0xC0 | c >> 6);
        buf[1] = (char)(0x80 | (c & 0x3F));
        n = 2;
    } else if (c < 0x10000) {
        buf[0] = (char)(0xE0 | c >> 12);
        buf[1] = (char)(0x80 | (c >> 6 & 0x3F));
        buf[2] = (char)(0x80 | (c & 0x3F));
        n = 3;
    } else {
        buf[0] = (char)(0xF0 | c >> 18);
        buf[1] = (char)(0x80 | (c >> 12 & 0x3F));
        buf[2] = (char)(0x80 | (c >> 6 & 0x3F));
        buf[3] = (char)(0x80 | (c & 0x3F));
        n = 4;
    }
    buf[n] = '\0';
    return n;
}

void letter_put(FILE *f, uint32_t c)
{
    char buf[5];
    fwrite(buf, 1, utf8_encode(buf, c), f);
}

int letter_is_white(uint32_t c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* C0 and C1 controls and DEL: invisible, and some end lines. */
int letter_is_control(uint32_t c)
{
    return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0);
}

const char *word_problem(const char *text, const char *forbidden)
{
    static char msg[32];

    if (!*text)
        return "is empty";
    for (const char *p = text; *p;) {
        uint32_t c;
        size_t n = utf8_decode(p, &c);
        if (!n)
            return "is not valid UTF-8";
        if (letter_is_white(c))
            return "contains white space";
        if (letter_is_control(c))
            return "contains a control character";
        if (c == ':' || c == '|' || (c < 0x80 && strchr(forbidden, (int)c))) {
            snprintf(msg, sizeof msg, "contains '%c'", (int)c);
            return msg;
        }
        p += n;
    }
    return NULL;
}

void wordlist_add(struct wordlist *wl, const char *text, long line)
{
    if (wl->n == wl->cap) {
        wl->cap = wl->cap ? 2 * wl->cap : 64;
        wl->w = words_xrealloc(wl->w, wl->cap, sizeof *wl->w);
    }
    struct word *w = &wl->w[wl->n++];
    size_t bytes = strlen(text);
    w->text = words_xstrdup(text);
    /* a word has at most as many letters as bytes */
    w->letter = words_xrealloc(NULL, bytes, sizeof *w->letter);
    w->len = 0;
    w->line = line;
    for (const char *p = text; *p;) {
        size_t n = utf8_decode(p, &w->letter[w->len]);
        if (!n)     /* callers check words first; this is a safety net */
            gen_die("word '%s' is not valid UTF-8", text);
        w->len++;
        p += n;
    }
}

/* Cuts the white space off both ends of the line s in place. */
static char *trim(char *s, size_t *len)
{
    size_t n = *len;
    while (n && letter_is_white((unsigned char)s[n - 1]))
        n--;
    s[n] = '\0';
    while (letter_is_white((unsigned char)*s))
        s++, n--;
    *len = n;
    return s;
}

/*
 * The line buffer of wordlist_read. It lives in a static so that it is
 * still reachable when a bad line makes the program die (no leak to
 * report under a sanitizer), and it is reused from file to file.
 */
static char *line_buf;
static size_t line_cap;

void wordlist_read(struct wordlist *wl, const char *path,
                   const char *forbidden, int (*keep)(const char *),
                   size_t limit)
{
    FILE *f = fopen(path, "r");
    if (!f)
        gen_die("cannot open %s: %s", path, strerror(errno));
    char *buf;
    size_t taken = 0;
    long line = 0;
    ssize_t got;
    while ((limit == 0 || taken < limit)
           && (got = getline(&line_buf, &line_cap, f)) >= 0) {
        buf = line_buf;
        line++;
        size_t len = (size_t)got;
        if (memchr(buf, '\0', len))
            gen_die("%s:%ld: the line contains a NUL byte", path, line);
        char *s = trim(buf, &len);
        if (!len)
            continue;
        if (keep && !keep(s))
            continue;
        const char *why = word_problem(s, forbidden);
        if (why)
            gen_die("%s:%ld: word '%s' %s", path, line, s, why);
        wordlist_add(wl, s, line);
        taken++;
    }
    if (ferror(f))
        gen_die("cannot read %s: %s", path, strerror(errno));
    fclose(f);
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
    size_t *order = words_xrealloc(NULL, wl->n, sizeof *order);
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
    size_t *first = words_xrealloc(NULL, wl->n, sizeof *first), i = 0;
    wordlist_find_repeats(wl, first);
    while (i < wl->n && first[i] == i)
        i++;
    *earlier = i < wl->n ? first[i] : 0;
    free(first);
    return i;
}

int word_is_palindrome(const struct word *w)
{
    for (size_t i = 0, j = w->len - 1; i < j; i++, j--)
        if (w->letter[i] != w->letter[j])
            return 0;
    return 1;
}

/* Parses a decimal number without sign or leading zero, as %d prints it. */
static int plain_decimal(const char *s, size_t n, long *v)
{
    if (n == 0 || n > 9 || (n > 1 && s[0] == '0'))
        return 0;
    *v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        *v = *v * 10 + (s[i] - '0');
    }
    return 1;
}

int parse_cell_name(const char *s, int rows, int cols, int *r, int *c)
{
    long rr, cc;
    if (rows <= 62 && cols <= 62) {
        if (strlen(s) != 2)
            return 0;
        rr = gen_ext_hex_value((unsigned char)s[0]);
        cc = gen_ext_hex_value((unsigned char)s[1]);
        if (rr < 0 || cc < 0)
            return 0;
    } else {
        const char *dot = strchr(s, '.');
        if (!dot || !plain_decimal(s, (size_t)(dot - s), &rr)
            || !plain_decimal(dot + 1, strlen(dot + 1), &cc))
            return 0;
    }
    if (rr >= rows || cc >= cols)
        return 0;
    if (r)
        *r = (int)rr;
    if (c)
        *c = (int)cc;
    return 1;
}

int is_cell_name(const char *s, int rows, int cols)
{
    return parse_cell_name(s, rows, cols, NULL, NULL);
}

static long knuth_color_index(const struct knuth_colors *kc, uint32_t c)
{
    for (size_t i = 0; i < kc->n; i++)
        if (kc->letter[i] == c)
            return (long)i;
    return -1;
}

void knuth_colors_note(struct knuth_colors *kc, uint32_t c)
{
    if (knuth_color_index(kc, c) >= 0)
        return;
    if (kc->n == kc->cap) {
        kc->cap = kc->cap ? 2 * kc->cap : 32;
        kc->letter = words_xrealloc(kc->letter, kc->cap, sizeof *kc->letter);
        kc->code = words_xrealloc(kc->code, kc->cap, 1);
    }
    kc->letter[kc->n] = c;
    kc->code[kc->n] = 0;
    kc->n++;
    kc->assigned = 0;
}

void knuth_colors_assign(struct knuth_colors *kc)
{
    char taken[128] = { 0 };
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
            letter_put(f, kc->letter[i]);
            fputc('\n', f);
        }
}

void put_color(FILE *f, const struct knuth_colors *kc, uint32_t c)
{
    if (!kc || c < 0x80) {      /* ASCII letters always stand for themselves */
        letter_put(f, c);
        return;
    }
    long i = knuth_color_index(kc, c);
    if (i < 0 || !kc->assigned)
        gen_die("internal error: letter U+%04lX has no --knuth color",
                (unsigned long)c);
    fputc(kc->code[i], f);
}

int knuth_name_fits(const char *name)
{
    return strlen(name) <= KNUTH_MAX_NAME;
}

void knuth_check_name(const char *name)
{
    if (!knuth_name_fits(name))
        gen_die("--knuth: item name '%s' is longer than %d characters",
                name, KNUTH_MAX_NAME);
}

void knuth_check_size(size_t items, size_t options, size_t entries)
{
    if (items > KNUTH_MAX_ITEMS)
        gen_die("--knuth: %zu items, but DLX2 reads at most %d", items,
                KNUTH_MAX_ITEMS);
    /* DLX2 keeps a node per item, per entry and per option (its spacer),
       plus one, all below max_nodes */
    if (items + entries + options + 1 >= KNUTH_MAX_NODES)
        gen_die("--knuth: %zu items, %zu options and %zu entries need more "
                "than the %d nodes DLX2 has", items, options, entries,
                KNUTH_MAX_NODES);
}

void words_finish_output(void)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        gen_die("cannot write the output: %s", strerror(errno));
}

/* Cuts the white space off the end of the line s of len bytes, in place. */
static size_t trim_end(char *s, size_t len)
{
    while (len && letter_is_white((unsigned char)s[len - 1]))
        len--;
    s[len] = '\0';
    return len;
}

/*
 * Adds letter with the code a loaded file gives it (knuth_colors_note
 * instead leaves the choice of the code to knuth_colors_assign).
 */
static void knuth_colors_add(struct knuth_colors *kc, uint32_t letter, char code)
{
    if (kc->n == kc->cap) {
        kc->cap = kc->cap ? 2 * kc->cap : 32;
        kc->letter = words_xrealloc(kc->letter, kc->cap, sizeof *kc->letter);
        kc->code = words_xrealloc(kc->code, kc->cap, 1);
    }
    kc->letter[kc->n] = letter;
    kc->code[kc->n] = code;
    kc->n++;
    kc->assigned = 1;
}

void knuth_colors_load(struct knuth_colors *kc, const char *path)
{
    static const char prefix[] = "| color ";
    const size_t plen = sizeof prefix - 1;
    FILE *f = fopen(path, "r");
    if (!f)
        gen_die("cannot open %s: %s", path, strerror(errno));
    long line = 0;
    ssize_t got;
    kc->assigned = 1;
    /* the shared line buffer of wordlist_read: reachable if we die */
    while ((got = getline(&line_buf, &line_cap, f)) >= 0) {
        line++;
        size_t len = trim_end(line_buf, (size_t)got);
        uint32_t letter;
        /* exactly what knuth_colors_comment writes: "| color X is L" */
        if (len < plen + 6 || memcmp(line_buf, prefix, plen)
            || memcmp(line_buf + plen + 1, " is ", 4))
            continue;
        char code = line_buf[plen];
        const char *l = line_buf + plen + 5;
        size_t n = utf8_decode(l, &letter);
        if (code <= ' ' || code > '~' || !n || l[n])
            continue;   /* a comment of some other kind */
        if (knuth_colors_letter(kc, code))
            gen_die("%s:%ld: color %c is told twice", path, line, code);
        knuth_colors_add(kc, letter, code);
    }
    if (ferror(f))
        gen_die("cannot read %s: %s", path, strerror(errno));
    fclose(f);
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

int parse_any_cell_name(const char *s, int *r, int *c)
{
    long rr, cc;
    const char *dot = strchr(s, '.');
    if (!dot && strlen(s) == 2) {
        rr = gen_ext_hex_value((unsigned char)s[0]);
        cc = gen_ext_hex_value((unsigned char)s[1]);
        if (rr < 0 || cc < 0)
            return 0;
    } else if (!dot || !plain_decimal(s, (size_t)(dot - s), &rr)
               || !plain_decimal(dot + 1, strlen(dot + 1), &cc)
               || rr >= 65535 || cc >= 65535) {
        return 0;
    }
    *r = (int)rr;
    *c = (int)cc;
    return 1;
}

/* ---------------------------------------------------------------- listings */


const char *listing_quote(char *buf, const char *s)
{
    /* at most 40 characters of at most 4 bytes each, then "...": fits */
    size_t k = 0;
    int chars = 0;
    while (*s && chars < 40) {
        uint32_t c;
        size_t n = utf8_decode(s, &c);
        if (n && !letter_is_control(c)) {
            memcpy(buf + k, s, n);
            k += n;
            s += n;
        } else {
            k += (size_t)snprintf(buf + k, 5, "\\x%02X", (unsigned char)*s);
            s++;
        }
        chars++;
    }
    if (*s)
        memcpy(buf + k, "...", 3), k += 3;
    buf[k] = '\0';
    return buf;
}

/* Is the line "K:", K a number? */
static int is_solution_header(const char *s, size_t len)
{
    return len > 1 && s[len - 1] == ':' && strspn(s, "0123456789") == len - 1;
}

/* Is "w[n-3] w[n-2] w[n-1]" the tally "(k of n)"? */
static int is_tally(char **w)
{
    size_t k = strlen(w[0]), n = strlen(w[2]);
    return k > 1 && w[0][0] == '(' && strspn(w[0] + 1, "0123456789") == k - 1
        && !strcmp(w[1], "of")
        && n > 1 && w[2][n - 1] == ')' && strspn(w[2], "0123456789") == n - 1;
}

/* Splits the option line buf into ls->item[], dropping the tally. */
static void split_option(struct listing *ls, char *buf)
{
    char quote[LISTING_QUOTE];
    size_t n = 0;
    for (char *t = strtok(buf, " \t\v\f\r\n"); t; t = strtok(NULL, " \t\v\f\r\n")) {
        if (n == ls->word_cap) {
            ls->word_cap = ls->word_cap ? 2 * ls->word_cap : 32;
            ls->word = words_xrealloc(ls->word, ls->word_cap, sizeof *ls->word);
        }
        ls->word[n++] = t;
    }
    if (n >= 3 && is_tally(ls->word + n - 3))
        n -= 3;
    else if (n >= 1 && !strcmp(ls->word[n - 1], "(?)"))
        n -= 1;     /* DLX2's mark of an option missing from its item's list */
    if (n > ls->item_cap) {
        ls->item_cap = ls->word_cap;
        ls->item = words_xrealloc(ls->item, ls->item_cap, sizeof *ls->item);
    }
    for (size_t i = 0; i < n; i++) {
        char *name = ls->word[i], *colon = strchr(name, ':');
        if (colon && (colon == name || !colon[1] || strchr(colon + 1, ':')))
            listing_die(ls->line, "'%s' is neither an item nor item:color",
                        listing_quote(quote, name));
        if (colon)
            *colon = '\0';
        ls->item[i].name = name;
        ls->item[i].color = colon ? colon + 1 : NULL;
    }
    ls->nitems = n;
}

/* Makes the "K:" read last the current solution. */
static void open_solution(struct listing *ls)
{
    char *t = ls->cur_label;
    ls->cur_label = ls->next_label;
    ls->next_label = t;
    ls->label = ls->cur_label;
    ls->label_line = ls->line;
    ls->options = 0;
    ls->pending = 0;
}

/* Dies if the current solution had no option. */
static void check_not_empty(const struct listing *ls)
{
    if (ls->label && !ls->options)
        listing_die(ls->label_line, "solution %s is empty", ls->label);
}

enum listing_event listing_next(struct listing *ls)
{
    char quote[LISTING_QUOTE];
    ssize_t got;
    if (ls->finished)
        return LISTING_END;
    if (ls->pending)
        open_solution(ls);
    while ((got = getline(&ls->buf, &ls->buf_cap, stdin)) >= 0) {
        ls->line++;
        if (memchr(ls->buf, '\0', (size_t)got))
            listing_die(ls->line, "NUL byte in the input");
        size_t len = trim_end(ls->buf, (size_t)got);
        char *s = ls->buf + strspn(ls->buf, " \t\v\f\r");
        len -= (size_t)(s - ls->buf);
        if (!len)
            continue;
        if (is_solution_header(s, len)) {
            ls->next_label = words_xrealloc(ls->next_label, len, 1);
            memcpy(ls->next_label, s, len - 1);
            ls->next_label[len - 1] = '\0';
            ls->pending = 1;
            if (!ls->label) {
                open_solution(ls);
                continue;
            }
            check_not_empty(ls);
            return LISTING_DONE;
        }
        if (!ls->label)
            listing_die(ls->line, "expected 'K:', the start of solution K, not '%s'",
                        listing_quote(quote, s));
        if (len + 1 > ls->copy_cap) {
            ls->copy_cap = len + 1;
            ls->copy = words_xrealloc(ls->copy, ls->copy_cap, 1);
        }
        memcpy(ls->copy, s, len + 1);
        ls->text = ls->copy;
        split_option(ls, s);
        ls->options++;
        return LISTING_OPTION;
    }
    if (ferror(stdin))
        gen_die("<stdin>: read error: %s", strerror(errno));
    ls->finished = 1;
    if (!ls->label)
        return LISTING_END;     /* no solution at all */
    check_not_empty(ls);
    return LISTING_DONE;
}

void listing_free(struct listing *ls)
{
    free(ls->buf);
    free(ls->copy);
    free(ls->item);
    free(ls->word);
    free(ls->next_label);
    free(ls->cur_label);
    memset(ls, 0, sizeof *ls);
}

int listing_letter(const struct listing *ls, const char *color, uint32_t *letter)
{
    if (ls->colors && color[0] && !color[1]
        && (*letter = knuth_colors_letter(ls->colors, color[0])))
        return 1;
    size_t n = utf8_decode(color, letter);
    return n && !color[n] && !letter_is_control(*letter);
}

/* ---------------------------------------------------------------- drawing */

/* Largest picture drawn: a listing naming cell 29999.29999 is no picture. */
#define DRAW_CELLS_MAX (1L << 24)

void letter_grid_put(struct letter_grid *g, int r, int c, uint32_t letter,
                     long line, const char *cell)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->e = words_xrealloc(g->e, g->cap, sizeof *g->e);
    }
    struct placed *e = &g->e[g->n++];
    e->r = r;
    e->c = c;
    e->letter = letter;
    e->line = line;
    snprintf(e->cell, sizeof e->cell, "%s", cell);
    if (r >= g->rows)
        g->rows = r + 1;
    if (c >= g->cols)
        g->cols = c + 1;
}

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

/* Dies on letter e, which cell e->cell cannot have since it holds was's. */
static void clash(const struct placed *e, const struct placed *was)
    __attribute__((noreturn));
static void clash(const struct placed *e, const struct placed *was)
{
    char a[5], b[5], qa[LISTING_QUOTE], qb[LISTING_QUOTE];
    utf8_encode(a, e->letter);
    utf8_encode(b, was->letter);
    listing_die(e->line, "cell %s gets '%s' here, but '%s' on line %ld",
                e->cell, listing_quote(qa, a), listing_quote(qb, b), was->line);
}

void letter_grid_draw(struct letter_grid *g, const struct listing *ls,
                      int rows, int cols, const uint32_t *background)
{
    if (g->rows > rows || g->cols > cols) {
        if (background)
            gen_die("internal error: a letter outside the background");
        rows = g->rows > rows ? g->rows : rows;
        cols = g->cols > cols ? g->cols : cols;
    }
    if ((double)rows * cols > (double)DRAW_CELLS_MAX)
        listing_die(ls->label_line, "solution %s would be a %d x %d picture, "
                    "too big to draw", ls->label, rows, cols);
    size_t cells = (size_t)rows * (size_t)cols;
    size_t *at = calloc(cells ? cells : 1, sizeof *at);
    if (!at)
        gen_die("out of memory");
    size_t bad = place_letters(g, at, cols);
    if (bad < g->n) {
        const struct placed *was = &g->e[at[(size_t)g->e[bad].r * (size_t)cols
                                            + (size_t)g->e[bad].c] - 1];
        free(at);   /* before dying: nothing left unreachable */
        clash(&g->e[bad], was);
    }
    if (g->drawn++)
        putchar('\n');
    printf("%s:\n", ls->label);
    for (size_t k = 0; k < cells; k++) {
        uint32_t c = at[k] ? g->e[at[k] - 1].letter : background ? background[k] : '.';
        letter_put(stdout, c);
        if ((k + 1) % (size_t)cols == 0)
            putchar('\n');
    }
    free(at);
    g->n = 0;
    g->rows = g->cols = 0;
}

void letter_grid_free(struct letter_grid *g)
{
    free(g->e);
    g->e = NULL;
    g->n = g->cap = 0;
}

void listing_cell(const struct listing *ls, const char *name, int rows, int cols,
                  int *r, int *c)
{
    char quote[LISTING_QUOTE];
    if (rows ? parse_cell_name(name, rows, cols, r, c) : parse_any_cell_name(name, r, c))
        return;
    if (rows && parse_any_cell_name(name, r, c))
        listing_die(ls->line, "'%s' is no cell of the %d x %d board", name, rows, cols);
    listing_die(ls->line, "'%s' is not the name of a cell", listing_quote(quote, name));
}

uint32_t listing_item_letter(const struct listing *ls, const struct listing_item *it)
{
    char qc[LISTING_QUOTE], qn[LISTING_QUOTE];
    uint32_t letter;
    if (!listing_letter(ls, it->color, &letter))
        listing_die(ls->line, "the color '%s' of cell %s is not one letter",
                    listing_quote(qc, it->color), listing_quote(qn, it->name));
    return letter;
}

void listing_show(const char *colors_file, listing_option_fn *option, const void *ctx,
                  int rows, int cols, const uint32_t *background)
{
    /* static: what they hold stays reachable when a bad line ends the program */
    static struct listing ls;
    static struct letter_grid g;
    static struct knuth_colors kc;
    if (colors_file) {
        knuth_colors_load(&kc, colors_file);
        ls.colors = &kc;
    }
    enum listing_event ev;
    while ((ev = listing_next(&ls)) != LISTING_END) {
        if (ev == LISTING_OPTION)
            option(&ls, &g, ctx);
        else
            letter_grid_draw(&g, &ls, rows, cols, background);
    }
    words_finish_output();
    listing_free(&ls);
    letter_grid_free(&g);
    knuth_colors_free(&kc);
}
