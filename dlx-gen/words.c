/*
 * words.c — the helpers of words.h: UTF-8 letters, legal words, word
 * files, cell-name clashes and the one-byte colors of --knuth output.
 */
#include "words.h"

#include "gen.h"

#include <errno.h>
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

void letter_put(FILE *f, uint32_t c)
{
    if (c < 0x80) {
        fputc((int)c, f);
    } else if (c < 0x800) {
        fputc((int)(0xC0 | c >> 6), f);
        fputc((int)(0x80 | (c & 0x3F)), f);
    } else if (c < 0x10000) {
        fputc((int)(0xE0 | c >> 12), f);
        fputc((int)(0x80 | (c >> 6 & 0x3F)), f);
        fputc((int)(0x80 | (c & 0x3F)), f);
    } else {
        fputc((int)(0xF0 | c >> 18), f);
        fputc((int)(0x80 | (c >> 12 & 0x3F)), f);
        fputc((int)(0x80 | (c >> 6 & 0x3F)), f);
        fputc((int)(0x80 | (c & 0x3F)), f);
    }
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
