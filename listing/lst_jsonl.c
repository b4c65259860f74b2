/*
 * lst_jsonl.c — dlx2's JSON Lines (formats/json.md), one object a line:
 *
 *     {"solution":1,"lines":[4,6],"option_indices":[1,2],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}
 *     {"summary":{"solutions":1,"complete":true,"stopped":null,...}}
 *
 * An object is a solution or a summary by its first key; the keys the
 * reader does not use, and objects of any other kind, must be
 * well-formed JSON and are passed over. Every error names its byte.
 */
#include "lst_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A cursor over the line being read, s[0 .. n-1]. */
typedef struct jcur {
    lst_reader *r;
    lst_error *err;
    const char *s;
    size_t n, i;
} jcur;

static int j_fail(jcur *c, const char *what)
{
    return lst_fail(c->r, c->err, (long)c->i + 1, "JSON: %s", what);
}

static void j_blanks(jcur *c)
{
    while (c->i < c->n && (c->s[c->i] == ' ' || c->s[c->i] == '\t' || c->s[c->i] == '\r'))
        c->i++;
}

/* Takes ch if it comes next: 1, else 0. */
static int j_peek(jcur *c, char ch)
{
    j_blanks(c);
    if (c->i < c->n && c->s[c->i] == ch) {
        c->i++;
        return 1;
    }
    return 0;
}

static int j_expect(jcur *c, char ch)
{
    char what[20];
    if (j_peek(c, ch))
        return 0;
    snprintf(what, sizeof what, "expected '%c'", ch);
    return j_fail(c, what);
}

/* A string, decoded into c->r->str (valid until the next): 0 or LST_ERROR. */
static int j_string(jcur *c)
{
    const char *what;
    j_blanks(c);
    int st = lst_json_read(c->s, c->n, &c->i, &c->r->str, &what);
    return st == 3 ? lst_no_memory(c->err) : st ? j_fail(c, what) : 0;
}

/* The length of the digits that come next (after blanks). */
static size_t j_digits(jcur *c)
{
    size_t k = 0;
    j_blanks(c);
    while (c->i + k < c->n && c->s[c->i + k] >= '0' && c->s[c->i + k] <= '9')
        k++;
    return k;
}

/* A whole number up to max: 0 with *v, or LST_ERROR saying what. */
static int j_number(jcur *c, unsigned long long max, unsigned long long *v, const char *what,
                    const char *too_big)
{
    size_t k = j_digits(c);
    if (!k)
        return j_fail(c, what);
    *v = 0;
    for (size_t j = 0; j < k; j++) {
        unsigned d = (unsigned)(c->s[c->i + j] - '0');
        if (*v > (max - d) / 10)
            return j_fail(c, too_big);
        *v = 10 * *v + d;
    }
    c->i += k;
    return 0;
}

/* Passes over a value of any kind. */
static int j_skip(jcur *c, int depth)
{
    j_blanks(c);
    if (depth > 64)
        return j_fail(c, "nested too deep");
    char open = c->i < c->n ? c->s[c->i] : '\0', close = open == '{' ? '}' : ']';
    if (open == '"')
        return j_string(c);
    if (open == '{' || open == '[') {
        c->i++;
        if (j_peek(c, close))
            return 0;
        do {
            if (open == '{' && (j_string(c) || j_expect(c, ':')))
                return LST_ERROR;
            if (j_skip(c, depth + 1))
                return LST_ERROR;
        } while (j_peek(c, ','));
        return j_expect(c, close);
    }
    size_t start = c->i;
    while (c->i < c->n && ((c->s[c->i] >= '0' && c->s[c->i] <= '9')
                           || (c->s[c->i] >= 'a' && c->s[c->i] <= 'z') || strchr("+-.E", c->s[c->i])))
        c->i++;
    return c->i == start ? j_fail(c, "expected a value") : 0;
}

/* "options":[...]: each string an option, its items one space apart. */
static int j_options(jcur *c)
{
    lst_reader *r = c->r;
    char q[LST_QUOTE];
    if (j_expect(c, '['))
        return LST_ERROR;
    if (j_peek(c, ']'))
        return 0;
    do {
        j_blanks(c);
        size_t at = c->i;
        if (j_string(c))
            return LST_ERROR;
        const char *s = r->str.s;
        size_t n = r->str.len;
        if (!n || lst_blank((unsigned char)s[0]) || lst_blank((unsigned char)s[n - 1])) {
            c->i = at;
            return j_fail(c, "an option is its items, one space between them");
        }
        long count = lst_split(r, s, n);
        if (count < 0 || lst_add_option(r, s, n, r->line))
            return lst_no_memory(c->err);
        long bad = lst_add_items(r, s, (size_t)count);
        if (bad < 0)
            return lst_no_memory(c->err);
        if (bad) {
            char what[LST_QUOTE + 48];
            snprintf(what, sizeof what, "'%s' is neither an item nor item:color",
                     lst_quote(q, s + r->span[bad - 1].at, r->span[bad - 1].len));
            c->i = at;
            return j_fail(c, what);
        }
    } while (j_peek(c, ','));
    return j_expect(c, ']');
}

/* "lines":[...], the options' lines in the problem, or "option_indices":[...],
   their numbers: into *a, its length *n. */
static int j_numbers(jcur *c, long **a, size_t *n, size_t *cap_of, const char *what,
                     const char *too_big)
{
    unsigned long long v;
    *n = 0;
    if (j_expect(c, '['))
        return LST_ERROR;
    if (j_peek(c, ']'))
        return 0;
    do {
        if (j_number(c, LONG_MAX, &v, what, too_big))
            return LST_ERROR;
        if (*n == *cap_of) {
            size_t cap = *cap_of ? 2 * *cap_of : 16;
            long *l = realloc(*a, cap * sizeof *l);
            if (!l)
                return lst_no_memory(c->err);
            *a = l;
            *cap_of = cap;
        }
        (*a)[(*n)++] = (long)v;
    } while (j_peek(c, ','));
    return j_expect(c, ']');
}

/* "colors":{...}: item and color, both strings. */
static int j_colors(jcur *c)
{
    lst_reader *r = c->r;
    r->ncwords = 0;
    if (j_expect(c, '{'))
        return LST_ERROR;
    if (j_peek(c, '}'))
        return 0;
    do {
        if (r->ncwords == r->cword_cap) {
            size_t cap = r->cword_cap ? 2 * r->cword_cap : 16;
            lst_word *w = realloc(r->cword, cap * sizeof *w);
            if (!w)
                return lst_no_memory(c->err);
            r->cword = w;
            r->cword_cap = cap;
        }
        lst_word *w = &r->cword[r->ncwords];
        if (j_string(c))
            return LST_ERROR;
        if (lst_pool_add(r, r->str.s, r->str.len, &w->name))
            return lst_no_memory(c->err);
        if (j_expect(c, ':') || j_string(c))
            return LST_ERROR;
        if (lst_pool_add(r, r->str.s, r->str.len, &w->color))
            return lst_no_memory(c->err);
        r->ncwords++;
    } while (j_peek(c, ','));
    return j_expect(c, '}');
}

/* The rest of a solution object, from its number on. */
static int j_solution(jcur *c)
{
    lst_reader *r = c->r;
    lst_solution *sol = &r->sol;
    size_t k = j_digits(c);
    if (!k || c->s[c->i] == '0')
        return j_fail(c, "expected the solution's number");
    lst_start(r, r->line);
    if (lst_set_label(r, c->s + c->i, k))
        return lst_no_memory(c->err);
    c->i += k;
    int options = 0;
    while (j_peek(c, ',')) {
        if (j_string(c))
            return LST_ERROR;
        const char *key = r->str.s;
        int which = !strcmp(key, "options") ? 1 : !strcmp(key, "lines") ? 2
                  : !strcmp(key, "cost") ? 3 : !strcmp(key, "colors") ? 4
                  : !strcmp(key, "option_indices") ? 5 : 0;
        int st = j_expect(c, ':');
        if (!st && which == 1) {
            options = 1;
            st = j_options(c);
        } else if (!st && which == 2) {
            sol->has_lines = 1;
            st = j_numbers(c, &r->input_line, &r->ninput, &r->input_cap, "expected a line number",
                           "a line number past the last");
        } else if (!st && which == 3) {
            char note[48];
            st = j_number(c, ULLONG_MAX, &sol->cost, "expected a cost, a whole number",
                          "a cost past 2^64 - 1");
            snprintf(note, sizeof note, "(total cost $%llu)", sol->cost);
            if (!st && lst_pool_add(r, note, strlen(note), &r->note))
                return lst_no_memory(c->err);
            sol->has_cost = 1;
        } else if (!st && which == 4) {
            sol->has_colors = 1;
            st = j_colors(c);
        } else if (!st && which == 5) {
            sol->has_indices = 1;
            st = j_numbers(c, &r->input_index, &r->nindex, &r->index_cap,
                           "expected an option's index", "an option's index past the last");
        } else if (!st) {
            st = j_skip(c, 1);
        }
        if (st)
            return st;
    }
    if (j_expect(c, '}'))
        return LST_ERROR;
    if (!options)
        return lst_fail(r, c->err, 0, "solution %s is empty", r->pool.s + r->label);
    if (sol->has_lines && r->ninput != r->nopts)
        return j_fail(c, "\"lines\" and \"options\" differ in length");
    if (sol->has_indices && r->nindex != r->nopts)
        return j_fail(c, "\"option_indices\" and \"options\" differ in length");
    return 0;
}

/* Adds the n bytes at s to the summary's strings; its offset, or -1. */
static long sum_add(lst_reader *r, const char *s, size_t n)
{
    size_t at = r->sum_pool.len;
    if (lst_buf_reserve(&r->sum_pool, at + n + 1))
        return -1;
    memcpy(r->sum_pool.s + at, s, n);
    r->sum_pool.s[at + n] = '\0';
    r->sum_pool.len = at + n + 1;
    return (long)at;
}

/* A summary object, {"solutions":N,"complete":B,"stopped":S,"shard":[K,N],...}. */
static int j_summary(jcur *c)
{
    lst_reader *r = c->r;
    lst_summary *sum = &r->sum;
    long solutions = -1, stopped = -1, classes = -1;
    unsigned long long k, n;
    memset(sum, 0, sizeof *sum);
    sum->line = r->line;
    r->sum_pool.len = 0;
    if (j_expect(c, '{'))
        return LST_ERROR;
    if (!j_peek(c, '}')) {
        do {
            if (j_string(c))
                return LST_ERROR;
            const char *key = r->str.s;
            int which = !strcmp(key, "solutions") ? 1 : !strcmp(key, "complete") ? 2
                      : !strcmp(key, "stopped") ? 3 : !strcmp(key, "shard") ? 4
                      : !strcmp(key, "classes") ? 5 : 0;
            if (j_expect(c, ':'))
                return LST_ERROR;
            size_t d;
            if (which == 1 || which == 5) {
                if (!(d = j_digits(c)))
                    return j_fail(c, which == 1 ? "expected the number of solutions"
                                                : "expected the number of classes");
                long at = sum_add(r, c->s + c->i, d);
                if (at < 0)
                    return lst_no_memory(c->err);
                *(which == 1 ? &solutions : &classes) = at;
                c->i += d;
            } else if (which == 2) {
                j_blanks(c);
                if (c->n - c->i >= 4 && !memcmp(c->s + c->i, "true", 4))
                    sum->complete = 1, c->i += 4;
                else if (c->n - c->i >= 5 && !memcmp(c->s + c->i, "false", 5))
                    sum->complete = 0, c->i += 5;
                else
                    return j_fail(c, "expected true or false");
            } else if (which == 3) {
                j_blanks(c);
                if (c->n - c->i >= 4 && !memcmp(c->s + c->i, "null", 4)) {
                    c->i += 4;
                    stopped = -1;
                } else if (j_string(c)) {
                    return LST_ERROR;
                } else if ((stopped = sum_add(r, r->str.s, r->str.len)) < 0) {
                    return lst_no_memory(c->err);
                }
            } else if (which == 4) {
                if (j_expect(c, '[') || j_number(c, INT_MAX, &k, "expected a shard's number", "a shard past 2^31 - 1")
                    || j_expect(c, ',') || j_number(c, INT_MAX, &n, "expected a number of shards", "a shard past 2^31 - 1")
                    || j_expect(c, ']'))
                    return LST_ERROR;
                sum->shard_k = (int)k;
                sum->shard_n = (int)n;
            } else if (j_skip(c, 1)) {
                return LST_ERROR;
            }
        } while (j_peek(c, ','));
        if (j_expect(c, '}'))
            return LST_ERROR;
    }
    if (j_expect(c, '}'))
        return LST_ERROR;
    if (solutions < 0)
        return j_fail(c, "a summary without \"solutions\"");
    sum->solutions = r->sum_pool.s + solutions;
    sum->stopped = stopped < 0 ? NULL : r->sum_pool.s + stopped;
    sum->classes = classes < 0 ? NULL : r->sum_pool.s + classes;
    return 0;
}

int lst_json_next(lst_reader *r, lst_error *err)
{
    const char *s;
    size_t n;
    int got;
    while ((got = lst_next_content(r, err, &s, &n)) == 1) {
        jcur c = {r, err, r->in.s, (size_t)(s - r->in.s) + n, (size_t)(s - r->in.s)};
        if (j_expect(&c, '{'))
            return LST_ERROR;
        size_t key = c.i;
        int kind = 0;
        j_blanks(&c);
        if (c.i < c.n && c.s[c.i] == '"') {
            if (j_string(&c))
                return LST_ERROR;
            kind = !strcmp(r->str.s, "solution") ? LST_SOLUTION
                 : !strcmp(r->str.s, "summary") ? LST_SUMMARY : 0;
        }
        if (kind && j_expect(&c, ':'))
            return LST_ERROR;
        if (kind == LST_SOLUTION ? j_solution(&c) : kind == LST_SUMMARY ? j_summary(&c)
                                                                       : (c.i = key - 1, j_skip(&c, 0)))
            return LST_ERROR;
        j_blanks(&c);
        if (c.i != c.n)
            return j_fail(&c, "something after the object");
        if (kind == LST_SOLUTION)
            return lst_finish(r, err);
        if (kind == LST_SUMMARY)
            return LST_SUMMARY;
    }
    return got;
}
