/*
 * listing.c — the listing reader of listing.h: the choice of the format,
 * DLX2's text listing, and the storage of one solution at a time.
 */
#include "listing.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BLANKS " \t\v\f\r"

/* ---------------------------------------------------------------- storage */

/*
 * A solution is read into one pool of strings; items and options keep
 * offsets into it, because it moves as it grows, and become pointers
 * (ls->item, ls->option) once the solution is complete.
 */
static size_t pool_add(struct listing *ls, const char *s, size_t n)
{
    size_t at = ls->pool_len;
    ls->pool = gen_grow(ls->pool, &ls->pool_cap, at + n + 1, 1);
    memcpy(ls->pool + at, s, n);
    ls->pool[at + n] = '\0';
    ls->pool_len = at + n + 1;
    return at;
}

static void start_solution(struct listing *ls, const char *label, size_t n, long line)
{
    ls->pool_len = ls->nwords = ls->nlines = 0;
    pool_add(ls, label, n);     /* at offset 0 */
    ls->label_line = line;
}

/* Records an option of the solution: its text, then add_word for each item. */
static void add_option(struct listing *ls, const char *text, long line)
{
    ls->line = gen_grow(ls->line, &ls->line_cap, ls->nlines, sizeof *ls->line);
    struct listing_line *l = &ls->line[ls->nlines++];
    l->text = pool_add(ls, text, strlen(text));
    l->first = ls->nwords;
    l->n = 0;
    l->line = line;
}

static void add_word(struct listing *ls, const char *name, size_t n, const char *color)
{
    ls->word = gen_grow(ls->word, &ls->word_cap, ls->nwords, sizeof *ls->word);
    struct listing_word *w = &ls->word[ls->nwords++];
    w->name = pool_add(ls, name, n);
    w->color = color ? pool_add(ls, color, strlen(color)) : SIZE_MAX;
    ls->line[ls->nlines - 1].n++;
}

/* Turns the offsets into what the caller sees; dies on an empty solution. */
static int finish_solution(struct listing *ls)
{
    ls->label = ls->pool;
    if (!ls->nlines)
        listing_die(ls, ls->label_line, "solution %s is empty", ls->label);
    ls->item = gen_grow(ls->item, &ls->item_cap, ls->nwords, sizeof *ls->item);
    ls->option = gen_grow(ls->option, &ls->option_cap, ls->nlines, sizeof *ls->option);
    for (size_t k = 0; k < ls->nwords; k++) {
        ls->item[k].name = ls->pool + ls->word[k].name;
        ls->item[k].color = ls->word[k].color == SIZE_MAX ? NULL : ls->pool + ls->word[k].color;
    }
    for (size_t k = 0; k < ls->nlines; k++) {
        const struct listing_line *l = &ls->line[k];
        ls->option[k] = (struct listing_option){ls->item + l->first, l->n, l->line,
                                                ls->pool + l->text};
    }
    ls->opt = ls->option;
    ls->nopts = ls->nlines;
    return 1;
}

/* The next line that is not blank, trimmed; NULL at the end. */
static char *next_line(struct listing *ls)
{
    if (ls->held) {
        ls->held = 0;
        return ls->in.text + strspn(ls->in.text, BLANKS);
    }
    while (gen_input_next(&ls->in)) {
        char *s = ls->in.text;
        size_t len = ls->in.len;
        while (len && strchr(BLANKS, s[len - 1]))
            len--;
        s[len] = '\0';
        s += strspn(s, BLANKS);
        if (*s)
            return s;
    }
    return NULL;
}

/* ---------------------------------------------------------------- DLX2's listing */

/* The length of K if s is "K:", or "K: (...)" as DLX5 writes; else 0. */
static size_t solution_header(const char *s)
{
    size_t k = strspn(s, "0123456789");
    if (!k || s[k] != ':')
        return 0;
    const char *rest = s + k + 1 + strspn(s + k + 1, BLANKS);
    size_t n = strlen(rest);
    return !n || (rest[0] == '(' && rest[n - 1] == ')') ? k : 0;
}

/* Is "w[0] w[1] w[2]" the tally "(k of n)"? */
static int is_tally(char **w)
{
    size_t k = strlen(w[0]), n = strlen(w[2]);
    return k > 1 && w[0][0] == '(' && strspn(w[0] + 1, "0123456789") == k - 1
        && !strcmp(w[1], "of")
        && n > 1 && w[2][n - 1] == ')' && strspn(w[2], "0123456789") == n - 1;
}

/* An option line: its words, the tally left out, as items. */
static void text_option(struct listing *ls, char *s)
{
    static char **w;    /* static: reachable if the program dies below */
    static size_t cap;
    char quote[GEN_QUOTE];
    size_t n = 0;
    add_option(ls, s, ls->in.line);
    for (char *t = strtok(s, BLANKS); t; t = strtok(NULL, BLANKS)) {
        w = gen_grow(w, &cap, n, sizeof *w);
        w[n++] = t;
    }
    if (n >= 3 && is_tally(w + n - 3))
        n -= 3;
    else if (n >= 1 && !strcmp(w[n - 1], "(?)"))
        n -= 1;     /* DLX2's mark of an option missing from its item's list */
    for (size_t i = 0; i < n; i++) {
        char *colon = strchr(w[i], ':');
        if (colon && (colon == w[i] || !colon[1] || strchr(colon + 1, ':')))
            listing_die(ls, ls->in.line, "'%s' is neither an item nor item:color",
                        gen_quote(quote, w[i]));
        add_word(ls, w[i], colon ? (size_t)(colon - w[i]) : strlen(w[i]),
                 colon ? colon + 1 : NULL);
    }
}

static int text_next(struct listing *ls)
{
    char quote[GEN_QUOTE];
    char *s = next_line(ls);
    if (!s)
        return 0;
    size_t k = solution_header(s);
    if (!k)
        listing_die(ls, ls->in.line, "expected 'K:', the start of solution K, not '%s'",
                    gen_quote(quote, s));
    start_solution(ls, s, k, ls->in.line);
    while ((s = next_line(ls)) && !solution_header(s))
        text_option(ls, s);
    ls->held = s != NULL;   /* the next solution's "K:" */
    return finish_solution(ls);
}

static int text_claims(const char *first)
{
    (void)first;
    return 1;   /* the fallback: its own messages say what is wrong */
}

/* ---------------------------------------------------------------- formats */

/* The formats, tried in order on the first line that is not blank. */
static const struct listing_format {
    int (*claims)(const char *first);
    int (*next)(struct listing *ls);
} formats[] = {
    {text_claims, text_next},   /* DLX2's m<n> listing */
};

void listing_open(struct listing *ls, const char *path)
{
    memset(ls, 0, sizeof *ls);
    gen_input_open(&ls->in, path ? path : "-");
}

int listing_next(struct listing *ls)
{
    if (!ls->next) {
        const char *first = next_line(ls);
        if (!first)
            return 0;
        ls->held = 1;
        size_t k = 0;
        while (!formats[k].claims(first))
            k++;
        ls->next = formats[k].next;
    }
    return ls->next(ls);
}

void listing_close(struct listing *ls)
{
    gen_input_close(&ls->in);
    free(ls->pool);
    free(ls->word);
    free(ls->line);
    free(ls->item);
    free(ls->option);
    memset(ls, 0, sizeof *ls);
}

const char *listing_name(const struct listing *ls)
{
    return ls->in.name;
}

void listing_die(const struct listing *ls, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(ls->in.name, line, 0, fmt, ap);
}
