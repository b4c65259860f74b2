/*
 * lst_text.c — DLX2's m<n> listing (lst.h), as dlx2 and Knuth's DLX2,
 * DLX3, DLX5 and SSXCC write it:
 *
 *     1:                          1: (total cost $5)       (DLX5)
 *      A C X:1 Y:1 (2 of 2)        A B (1 of 2) $3 [0]
 *      B X:1 (1 of 1)              C (1 of 1) $2 [0]
 *
 * A solution runs from its line "K:" to the next one or the end.
 */
#include "lst_int.h"

#include <limits.h>
#include <string.h>

/* The number of decimal digits the n bytes at s start with. */
static size_t digits(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && s[k] >= '0' && s[k] <= '9')
        k++;
    return k;
}

/* The value of n digits at s, or 0 with *over set past 2^64 - 1. */
static unsigned long long value(const char *s, size_t n, int *over)
{
    unsigned long long v = 0;
    *over = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (v > (ULLONG_MAX - d) / 10) {
            *over = 1;
            return 0;
        }
        v = 10 * v + d;
    }
    return v;
}

/*
 * Is the line s (n bytes, trimmed) the start of a solution, "K:" or
 * DLX5's "K: (total cost $C)"? The length of K, or 0; *note is where
 * "(total cost $C)" starts (n if there is none), *cost is C.
 */
static size_t header(const char *s, size_t n, size_t *note, unsigned long long *cost)
{
    static const char total[] = "(total cost $";
    const size_t t = sizeof total - 1;
    size_t k = digits(s, n), i = k + 1, d;
    int over;
    if (!k || k == n || s[k] != ':')
        return 0;
    while (i < n && lst_blank((unsigned char)s[i]))
        i++;
    *note = i;
    if (i == n)
        return k;
    if (n - i < t + 2 || memcmp(s + i, total, t) || !(d = digits(s + i + t, n - i - t))
        || i + t + d + 1 != n || s[n - 1] != ')')
        return 0;
    *cost = value(s + i + t, d, &over);
    return over ? 0 : k;
}

int lst_text_header(const char *s, size_t n)
{
    size_t note;
    unsigned long long cost;
    return header(s, n, &note, &cost) != 0;
}

/* Is word w of line s "(k of n)" with w[1] and w[2]? */
static int is_tally(const char *s, const lst_span *w)
{
    const char *a = s + w[0].at, *c = s + w[2].at;
    size_t k = digits(a + 1, w[0].len - 1), m = digits(c, w[2].len);
    return a[0] == '(' && k && k + 1 == w[0].len && w[1].len == 2 && !memcmp(s + w[1].at, "of", 2)
        && m && c[m] == ')' && m + 1 == w[2].len;
}

/* Is word w "$T" (its T in *cost) or, with net, "[N]"? */
static int is_cost(const char *s, const lst_span *w, int net, unsigned long long *cost)
{
    const char *a = s + w->at;
    size_t d = w->len > 1 ? digits(a + 1, w->len - 1) : 0;
    int over;
    if (net)
        return a[0] == '[' && d && d + 2 == w->len && a[d + 1] == ']';
    if (a[0] != '$' || !d || d + 1 != w->len)
        return 0;
    *cost = value(a + 1, d, &over);
    return !over;
}

/*
 * An option line (trimmed): its words as items, what follows them left
 * out: the tally, DLX5's " $T" or " $T [N]" after it, or DLX2's "(?)",
 * its mark of an option missing from its item's list. DLX3's line "null
 * NAME (k of n)", the choice to cover item NAME no more, chooses no
 * option. 0, or LST_ERROR.
 */
static int option_line(lst_reader *r, lst_error *err, const char *s, size_t n)
{
    char q[LST_QUOTE];
    long count = lst_split(r, s, n);
    if (count < 0)
        return lst_no_memory(err);
    const lst_span *w = r->span;
    size_t keep = (size_t)count;
    unsigned long long cost = 0;
    int has_cost = 0;
    if (count == 5 && w[0].len == 4 && !memcmp(s + w[0].at, "null", 4) && is_tally(s, w + 2))
        return 0;
    if (count >= 5 && is_tally(s, w + count - 5) && is_cost(s, w + count - 2, 0, &cost)
        && is_cost(s, w + count - 1, 1, NULL))
        keep -= 5, has_cost = 1;
    else if (count >= 4 && is_tally(s, w + count - 4) && is_cost(s, w + count - 1, 0, &cost))
        keep -= 4, has_cost = 1;
    else if (count >= 3 && is_tally(s, w + count - 3))
        keep -= 3;
    else if (w[count - 1].len == 3 && !memcmp(s + w[count - 1].at, "(?)", 3))
        keep -= 1;
    if (!keep)
        return lst_fail(r, err, 0, "'%s' is no option: it names no item", lst_quote(q, s, n));
    if (lst_add_option(r, s, n, r->line))
        return lst_no_memory(err);
    r->opt[r->nopts - 1].has_cost = has_cost;
    r->opt[r->nopts - 1].cost = cost;
    long bad = lst_add_items(r, s, keep);
    if (bad < 0)
        return lst_no_memory(err);
    if (bad)
        return lst_fail(r, err, 0, "'%s' is neither an item nor item:color",
                        lst_quote(q, s + w[bad - 1].at, w[bad - 1].len));
    return 0;
}

int lst_text_next(lst_reader *r, lst_error *err)
{
    char q[LST_QUOTE];
    const char *s;
    size_t n, note, lines = 0;
    unsigned long long cost = 0;
    int got = lst_next_content(r, err, &s, &n);
    if (got != 1)
        return got;
    size_t k = header(s, n, &note, &cost);
    if (!k)
        return lst_fail(r, err, 0, "expected 'K:', the start of solution K, not '%s'",
                        lst_quote(q, s, n));
    long first = r->line;
    lst_start(r, first);
    if (lst_set_label(r, s, k) || (note < n && lst_pool_add(r, s + note, n - note, &r->note)))
        return lst_no_memory(err);
    r->sol.has_cost = note < n;
    r->sol.cost = cost;
    while ((got = lst_next_content(r, err, &s, &n)) == 1) {
        if (header(s, n, &note, &cost)) {
            r->held = 1;    /* the next solution's */
            break;
        }
        lines++;
        if (option_line(r, err, s, n))
            return LST_ERROR;
    }
    if (got == LST_ERROR)
        return got;
    if (!lines) {
        lst_fail(r, err, 0, "solution %s is empty", r->pool.s + r->label);
        err->line = first;
        return LST_ERROR;
    }
    return lst_finish(r, err);
}
