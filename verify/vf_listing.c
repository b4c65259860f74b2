/*
 * vf_listing.c — reads a listing of solutions for the verifier, in either
 * of the two layouts dlx2 writes:
 *
 *   DLX2's m<n> layout (also Knuth's DLX2 and DLX3, whose lines
 *   " null NAME (k of n)" choose no option and are passed over, and
 *   dlx2 --engine=fast):
 *       K:
 *        A C X:1 Y:1 (2 of 2)
 *        B X:1 (1 of 1)
 *   or DLX5's, with costs (also Knuth's DLX5):
 *       K: (total cost $C)
 *        A C (2 of 2) $T [N]
 *   dlx2's JSON Lines (formats/json.md): one object per solution,
 *       {"solution":K,"lines":[..],"options":["A C X:1 Y:1",..],"colors":{..}}
 *   and a last {"summary":{..}} object, which the verifier passes over.
 *
 * The layout is told by the first non-blank byte: '{' is JSON. Only the
 * option texts matter to the checks; "(k of n)" and DLX5's " $T [N]" are
 * dropped, and the total cost, JSON's "lines" and "colors" are kept so
 * the checks can hold them to the truth.
 */
#include "verify.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct vf_listing {
    FILE *in;
    int json;
    char *buf;          /* the current line */
    size_t cap;
    ssize_t len;        /* -1 at the end */
    long line;
};

static int next_line(vf_listing *l)
{
    l->len = getline(&l->buf, &l->cap, l->in);
    if (l->len < 0)
        return 0;
    l->line++;
    if (l->len && l->buf[l->len - 1] == '\n')
        l->buf[--l->len] = 0;
    if (l->len && l->buf[l->len - 1] == '\r')
        l->buf[--l->len] = 0;
    return 1;
}

static int bad(vf_error *err, long line, long col, const char *msg)
{
    err->status = 2;
    err->line = line;
    err->col = col;
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    return 2;
}

static int no_memory(vf_error *err)
{
    err->status = 3;
    err->line = err->col = 0;
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return 3;
}

vf_listing *vf_listing_open(FILE *in, vf_error *err)
{
    vf_listing *l = calloc(1, sizeof *l);
    if (!l) {
        no_memory(err);
        return NULL;
    }
    l->in = in;
    while (next_line(l)) {
        size_t i = strspn(l->buf, " \t");
        if (l->buf[i]) {
            l->json = l->buf[i] == '{';
            break;
        }
    }
    return l;
}

void vf_listing_close(vf_listing *l)
{
    if (l) {
        free(l->buf);
        free(l);
    }
}

void vf_solution_clear(vf_solution *sol)
{
    for (int i = 0; i < sol->nopts; i++)
        free(sol->text[i]);
    for (int i = 0; i < sol->ncolors; i++) {
        free(sol->color_item[i]);
        free(sol->color_value[i]);
    }
    free(sol->text);
    free(sol->text_line);
    free(sol->text_cost);
    free(sol->input_line);
    free(sol->color_item);
    free(sol->color_value);
    memset(sol, 0, sizeof *sol);
}

/* Appends an option text (and where it stood) to sol; 0 or 3. */
static int add_text(vf_solution *sol, int *cap, const char *s, size_t n, long line)
{
    if (sol->nopts == *cap) {
        int c = *cap;
        char **t = vf_grow(sol->text, &c, sol->nopts + 1, sizeof *t);
        if (!t)
            return 3;
        sol->text = t;
        long *tl = realloc(sol->text_line, (size_t)c * sizeof *tl);
        if (!tl)
            return 3;
        sol->text_line = tl;
        *cap = c;
    }
    char *t = malloc(n + 1);
    if (!t)
        return 3;
    memcpy(t, s, n);
    t[n] = 0;
    sol->text[sol->nopts] = t;
    sol->text_line[sol->nopts++] = line;
    return 0;
}

/* ---- DLX2's layout ------------------------------------------------------ */

/* "K:" with K a positive decimal number, or DLX5's "K: (total cost $C)"; sets *k (and the cost). */
static int is_label(const char *s, long long *k, vf_solution *sol)
{
    char *end;
    if (*s < '0' || *s > '9')
        return 0;
    *k = strtoll(s, &end, 10);
    if (end[0] != ':')
        return 0;
    if (!end[1])
        return 1;
    static const char total[] = " (total cost $";
    if (strncmp(end + 1, total, sizeof total - 1) || end[sizeof total] < '0' || end[sizeof total] > '9')
        return 0;
    char *after;
    unsigned long long c = strtoull(end + sizeof total, &after, 10);
    if (strcmp(after, ")"))
        return 0;
    if (sol)
        sol->has_cost = 1, sol->cost = c;
    return 1;
}

/* Drops DLX5's " $T [N]" or " $T" after "(k of n)": the length left, T in *cost (0 if none). */
static size_t drop_costs(const char *s, size_t n, unsigned long long *cost)
{
    *cost = 0;
    size_t m = n;
    if (m && s[m - 1] == ']') { /* " [N]" */
        while (m > 0 && s[m - 1] != '[')
            m--;
        if (m < 2 || s[m - 2] != ' ')
            return n;
        m -= 2;
    }
    size_t digits = m;
    while (digits > 0 && s[digits - 1] >= '0' && s[digits - 1] <= '9')
        digits--;
    if (digits == m || digits < 2 || s[digits - 1] != '$' || s[digits - 2] != ' ')
        return n; /* no " $T": the line as it was */
    *cost = strtoull(s + digits, NULL, 10);
    return digits - 2;
}

/* The items of an option line " A B:c (k of n)": the part before " (". */
static int option_text(const char *s, size_t n, size_t *len, unsigned long long *cost)
{
    n = drop_costs(s, n, cost);
    if (n < 2 || s[0] != ' ' || s[n - 1] != ')')
        return 0;
    size_t open = n - 1;
    while (open > 0 && s[open] != '(')
        open--;
    if (open < 2 || s[open - 1] != ' ')
        return 0;
    *len = open - 1;
    return 1;
}

/* DLX3's " null NAME": the choice to cover item NAME no more, no option. */
static int is_null_choice(const char *s, size_t len)
{
    return len > 6 && !memcmp(s, " null ", 6) && !memchr(s + 6, ' ', len - 6);
}

static int next_dlx2(vf_listing *l, vf_solution *sol, vf_error *err)
{
    long long k;
    int cap = 0;
    for (; l->len >= 0 && !l->buf[strspn(l->buf, " \t")]; next_line(l))
        ;
    if (l->len < 0)
        return 0;
    if (!is_label(l->buf, &k, sol))
        return bad(err, l->line, 1, "expected a solution's label 'K:'");
    sol->number = k;
    sol->line = l->line;
    while (next_line(l) && !is_label(l->buf, &k, NULL)) {
        size_t len;
        unsigned long long cost;
        if (!l->buf[strspn(l->buf, " \t")])
            continue;
        if (!option_text(l->buf, (size_t)l->len, &len, &cost))
            return bad(err, l->line, 1, "expected an option ' A B:c (k of n)'");
        if (is_null_choice(l->buf, len))
            continue;
        if (add_text(sol, &cap, l->buf + 1, len - 1, l->line))
            return no_memory(err);
        if (sol->has_cost) {
            unsigned long long *tc = realloc(sol->text_cost, (size_t)cap * sizeof *tc);
            if (!tc)
                return no_memory(err);
            sol->text_cost = tc;
            tc[sol->nopts - 1] = cost;
        }
    }
    return 1;
}

/* ---- JSON Lines ---------------------------------------------------------- */

/* A cursor over one line of JSON. */
typedef struct jcur {
    const char *s;
    size_t i, n;
    long line;
    vf_error *err;
} jcur;

static void j_ws(jcur *c)
{
    while (c->i < c->n && strchr(" \t\r", c->s[c->i]))
        c->i++;
}

static int j_fail(jcur *c, const char *msg)
{
    return bad(c->err, c->line, (long)c->i + 1, msg);
}

static int j_expect(jcur *c, char ch)
{
    j_ws(c);
    if (c->i >= c->n || c->s[c->i] != ch) {
        char msg[32];
        snprintf(msg, sizeof msg, "JSON: expected '%c'", ch);
        return j_fail(c, msg);
    }
    c->i++;
    return 0;
}

static int j_peek(jcur *c, char ch)
{
    j_ws(c);
    if (c->i < c->n && c->s[c->i] == ch) {
        c->i++;
        return 1;
    }
    return 0;
}

static int hex4(const char *s, unsigned *v)
{
    *v = 0;
    for (int k = 0; k < 4; k++) {
        int ch = s[k], d = ch >= '0' && ch <= '9' ? ch - '0'
                 : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                 : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        if (d < 0)
            return 0;
        *v = *v * 16 + (unsigned)d;
    }
    return 1;
}

/* Writes code point u as UTF-8, except \u0080-\u00ff, which dlx2 writes
   for bytes that are not UTF-8 and so read back as those bytes. */
static size_t put_code(char *o, unsigned u)
{
    if (u < 0x100) {
        o[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        o[0] = (char)(0xc0 | u >> 6), o[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u < 0x10000) {
        o[0] = (char)(0xe0 | u >> 12), o[1] = (char)(0x80 | (u >> 6 & 0x3f));
        o[2] = (char)(0x80 | (u & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | u >> 18), o[1] = (char)(0x80 | (u >> 12 & 0x3f));
    o[2] = (char)(0x80 | (u >> 6 & 0x3f)), o[3] = (char)(0x80 | (u & 0x3f));
    return 4;
}

/* A string into a fresh buffer (*out, NUL-terminated; no NUL inside). */
static int j_string(jcur *c, char **out)
{
    if (j_expect(c, '"'))
        return 2;
    char *o = malloc(c->n - c->i + 1), *p = o;
    if (!o)
        return no_memory(c->err);
    while (c->i < c->n && c->s[c->i] != '"') {
        char ch = c->s[c->i++];
        if ((unsigned char)ch < 0x20) {
            free(o);
            return j_fail(c, "JSON: control character in a string");
        }
        if (ch != '\\') {
            *p++ = ch;
            continue;
        }
        if (c->i >= c->n)
            break;
        ch = c->s[c->i++];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = strchr(from, ch);
        unsigned u, lo;
        if (ch && k) {
            *p++ = to[k - from];
        } else if (ch == 'u' && c->i + 4 <= c->n && hex4(c->s + c->i, &u) && u) {
            c->i += 4;
            if (u >= 0xd800 && u < 0xdc00 && c->i + 6 <= c->n && c->s[c->i] == '\\' &&
                c->s[c->i + 1] == 'u' && hex4(c->s + c->i + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
                c->i += 6;
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            }
            p += put_code(p, u);
        } else {
            free(o);
            return j_fail(c, "JSON: bad escape in a string");
        }
    }
    if (c->i >= c->n) {
        free(o);
        return j_fail(c, "JSON: unterminated string");
    }
    c->i++;
    *p = 0;
    *out = o;
    return 0;
}

static int j_integer(jcur *c, long long *v)
{
    j_ws(c);
    char *end;
    const char *start = c->s + c->i;
    if (c->i >= c->n || !(*start == '-' || (*start >= '0' && *start <= '9')))
        return j_fail(c, "JSON: expected a whole number");
    *v = strtoll(start, &end, 10);
    c->i += (size_t)(end - start);
    return 0;
}

/* A cost: a whole number from 0 to 2^64 - 1. */
static int j_cost(jcur *c, unsigned long long *v)
{
    j_ws(c);
    char *end;
    const char *start = c->s + c->i;
    if (c->i >= c->n || *start < '0' || *start > '9')
        return j_fail(c, "JSON: expected a cost, a whole number");
    errno = 0;
    *v = strtoull(start, &end, 10);
    if (errno)
        return j_fail(c, "JSON: a cost past 2^64 - 1");
    c->i += (size_t)(end - start);
    return 0;
}

/* Passes over any value. */
static int j_skip(jcur *c, int depth)
{
    j_ws(c);
    if (depth > 64)
        return j_fail(c, "JSON: nested too deep");
    if (c->i >= c->n)
        return j_fail(c, "JSON: expected a value");
    char ch = c->s[c->i];
    if (ch == '"') {
        char *s;
        int st = j_string(c, &s);
        if (!st)
            free(s);
        return st;
    }
    if (ch == '{' || ch == '[') {
        char close = ch == '{' ? '}' : ']';
        c->i++;
        if (j_peek(c, close))
            return 0;
        do {
            if (ch == '{') {
                char *key;
                if (j_string(c, &key))
                    return 2;
                free(key);
                if (j_expect(c, ':'))
                    return 2;
            }
            if (j_skip(c, depth + 1))
                return 2;
        } while (j_peek(c, ','));
        return j_expect(c, close);
    }
    size_t start = c->i;
    while (c->i < c->n && (strchr("+-.eE", c->s[c->i]) || (c->s[c->i] >= '0' && c->s[c->i] <= '9') ||
                           (c->s[c->i] >= 'a' && c->s[c->i] <= 'z')))
        c->i++;
    if (c->i == start)
        return j_fail(c, "JSON: expected a value");
    return 0;
}

static int j_solution_fields(jcur *c, vf_solution *sol)
{
    int cap = 0, lines_cap = 0, colors_cap = 0, nlines = 0, have_number = 0;
    do {
        char *key;
        if (j_string(c, &key))
            return 2;
        int st = j_expect(c, ':');
        if (st) {
        } else if (!strcmp(key, "solution")) {
            st = j_integer(c, &sol->number);
            have_number = 1;
        } else if (!strcmp(key, "options")) {
            if (!(st = j_expect(c, '[')) && !j_peek(c, ']')) {
                do {
                    char *t;
                    if ((st = j_string(c, &t)))
                        break;
                    st = add_text(sol, &cap, t, strlen(t), c->line) ? no_memory(c->err) : 0;
                    free(t);
                } while (!st && j_peek(c, ','));
                if (!st)
                    st = j_expect(c, ']');
            }
        } else if (!strcmp(key, "lines")) {
            if (!(st = j_expect(c, '[')) && !j_peek(c, ']')) {
                do {
                    long long v;
                    long *nl = vf_grow(sol->input_line, &lines_cap, nlines + 1, sizeof *nl);
                    if (!nl) {
                        st = no_memory(c->err);
                        break;
                    }
                    sol->input_line = nl;
                    if (!(st = j_integer(c, &v)))
                        nl[nlines++] = (long)v;
                } while (!st && j_peek(c, ','));
                if (!st)
                    st = j_expect(c, ']');
            }
            if (!st && !sol->input_line && !(sol->input_line = malloc(sizeof(long))))
                st = no_memory(c->err);
        } else if (!strcmp(key, "cost")) {
            if (!(st = j_cost(c, &sol->cost)))
                sol->has_cost = 1;
        } else if (!strcmp(key, "colors")) {
            if (!(st = j_expect(c, '{')) && !j_peek(c, '}')) {
                do {
                    int k = colors_cap;
                    char **ci = vf_grow(sol->color_item, &k, sol->ncolors + 1, sizeof *ci);
                    char **cv = ci ? realloc(sol->color_value, (size_t)k * sizeof *cv) : NULL;
                    if (ci)
                        sol->color_item = ci;
                    if (!cv) {
                        st = no_memory(c->err);
                        break;
                    }
                    sol->color_value = cv, colors_cap = k;
                    if ((st = j_string(c, &ci[sol->ncolors])))
                        break;
                    if ((st = j_expect(c, ':')) || (st = j_string(c, &cv[sol->ncolors]))) {
                        free(ci[sol->ncolors]);
                        break;
                    }
                    sol->ncolors++;
                } while (j_peek(c, ','));
                if (!st)
                    st = j_expect(c, '}');
            }
        } else {
            st = j_skip(c, 1);
        }
        free(key);
        if (st)
            return st;
    } while (j_peek(c, ','));
    if (!have_number)
        return bad(c->err, c->line, 1, "JSON: a solution object without \"solution\"");
    if (sol->input_line && nlines != sol->nopts)
        return bad(c->err, c->line, 1, "JSON: \"lines\" and \"options\" differ in length");
    return j_expect(c, '}');
}

static int next_json(vf_listing *l, vf_solution *sol, vf_error *err)
{
    for (; l->len >= 0; next_line(l)) {
        jcur c = {l->buf, 0, (size_t)l->len, l->line, err};
        j_ws(&c);
        if (c.i == c.n)
            continue;
        if (j_expect(&c, '{'))
            return 2;
        char *key;
        size_t at = c.i;
        if (j_string(&c, &key))
            return 2;
        int is_solution = !strcmp(key, "solution");
        free(key);
        if (!is_solution) { /* the summary, or anything else: only well-formed */
            c.i = at - 1;
            if (j_skip(&c, 0))
                return 2;
        } else {
            c.i = at;
            sol->line = l->line;
            int st = j_solution_fields(&c, sol);
            if (st)
                return st;
        }
        j_ws(&c);
        if (c.i != c.n)
            return j_fail(&c, "JSON: something after the object");
        if (is_solution) {
            next_line(l);
            return 1;
        }
    }
    return 0;
}

int vf_listing_next(vf_listing *l, vf_solution *sol, vf_error *err)
{
    vf_solution_clear(sol);
    if (ferror(l->in))
        return bad(err, l->line, 0, "read error");
    int st = l->json ? next_json(l, sol, err) : next_dlx2(l, sol, err);
    if (st == 0 && ferror(l->in))
        return bad(err, l->line, 0, "read error");
    return st;
}
