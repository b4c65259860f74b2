/*
 * problem/read_ext.c — what DLX3 and DLX5 add to DLX2's format, as the
 * reader (problem/read.c) meets it: bounds "a:b|name" on primary items
 * (DLX3's multiplicities) in the item line, and cost entries "|n" in
 * options (DLX5's minimum-cost problems), with DLX5's warnings of z<n>
 * and Z<chars>. Each keeps DLX2's reading mems and the difference of
 * DLX3's or DLX5's (imems3_less, imems5_less), and its errors name line
 * and column as every error of the reader does.
 */
#include "problem/read.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- bounds (DLX3's multiplicities) ---------------------------------- */

/*
 * A primary item may be written "a:b|name" (covered a to b times),
 * "b|name" (exactly b times) or "name" (exactly once); as in DLX3, ":b|"
 * is "0:b|". A token is taken for bounds when it starts with a ':', or
 * with digits or a sign followed by ':' or '|'; anything else with a
 * ':' or '|' in it is a bad name, as in DLX2. DLX3 reads every byte of
 * the bounds like a byte of a name (two mems a digit, one a separator),
 * which imems3_less takes into account.
 */
#define XCC_BOUND_MAX 2147483647

/* Whether n bytes at s start like bounds. */
static int looks_like_bounds(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '-' || s[k] == '+'))
        k++;
    return k < n && (s[k] == ':' || (s[k] == '|' && k > 0));
}

/* The bound of bytes s[0 .. n-1], or -1 if they are not a number 0 .. XCC_BOUND_MAX. */
static long long bound_value(const char *s, size_t n)
{
    long long v = 0;
    for (size_t k = 0; k < n; k++) {
        if (s[k] < '0' || s[k] > '9')
            return -1;
        v = 10 * v + (s[k] - '0');
        if (v > XCC_BOUND_MAX)
            return -2;
    }
    return v;
}

/* Item slot id gets bounds lo .. hi; the table is made when first needed. */
static int set_bounds(xcc_problem *p, int id, int lo, int hi)
{
    int had = p->bounds_cap;
    if (xcc_grow((void **)&p->bounds, &p->bounds_cap, id + 1, sizeof(xcc_bound)))
        return -1;
    for (int k = had; k < p->bounds_cap; k++)
        p->bounds[k] = (xcc_bound){1, 1};
    p->bounds[id] = (xcc_bound){lo, hi};
    return 0;
}

/*
 * The bounds at the start of the n-byte token at r->buf[i]: sets *pre to
 * their length (0: none) and records them for the next item. second: the
 * secondary items have begun, and take no bounds. 0, or a status.
 */
int xcc_read_bounds(xcc_reader *r, size_t i, size_t n, int second, size_t *pre)
{
    xcc_problem *p = r->p;
    const char *s = r->buf + i;
    char q[300];
    *pre = 0;
    if (!looks_like_bounds(s, n))
        return 0;
    if (second)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1,
                    "bounds on the secondary item in '%s' (only primary items take bounds)",
                    xcc_read_quoted(s, n, q));
    size_t colon = 0, bar = 0; /* where ':' and '|' are, + 1; 0: not there */
    for (size_t k = 0; k < n && !bar; k++) {
        if (s[k] == ':' && !colon)
            colon = k + 1;
        else if (s[k] == '|')
            bar = k + 1;
        else if (s[k] == ':')
            break;
    }
    if (!bar)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1,
                    colon && !memchr(s + colon, ':', n - colon)
                        ? "a lower bound without an upper bound in '%s' (write a:b|name)"
                        : "bad bounds in '%s' (write a:b|name or b|name)",
                    xcc_read_quoted(s, n, q));
    if (colon && colon == bar - 1)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)(i + colon) + 1,
                    "no upper bound in '%s' (write a:b|name)", xcc_read_quoted(s, n, q));
    long long lo = colon ? bound_value(s, colon - 1) : 0;
    long long hi = bound_value(s + colon, bar - 1 - colon);
    if (lo < 0 || hi < 0) {
        size_t at = lo < 0 ? 0 : colon;
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)(i + at) + 1,
                    lo == -2 || hi == -2 ? "bound too large in '%s' (at most 2147483647)"
                                         : "bad bounds in '%s' (bounds are whole numbers:"
                                           " a:b|name or b|name)",
                    xcc_read_quoted(s, n, q));
    }
    if (hi == 0)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)(i + colon) + 1,
                    "upper bound 0 in '%s' (the item must be allowed at least once)",
                    xcc_read_quoted(s, n, q));
    if (!colon)
        lo = hi;
    if (lo > hi)
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "lower bound %lld exceeds upper bound %lld in '%s'",
                    lo, hi, xcc_read_quoted(s, n, q));
    if (bar == n || xcc_read_ws(s[bar]))
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "bounds without an item name in '%s'",
                    xcc_read_quoted(s, n, q));
    if (looks_like_bounds(s + bar, n - bar))
        return xcc_read_fail(r, XCC_BAD_INPUT, (long)(i + bar) + 1, "bounds given twice in '%s'",
                    xcc_read_quoted(s, n, q));
    if (set_bounds(p, p->last_itm, (int)lo, (int)hi))
        return xcc_read_oom(r);
    /* DLX3: two mems a digit (test and copy), one a separator (test) */
    p->imems3_less -= (long long)(2 * bar - (colon ? 2 : 1));
    *pre = bar;
    return 0;
}

/* ---- cost entries (DLX5) --------------------------------------------- */
/*
 * After any entry of an option, "|n" adds n (decimal digits) to the
 * option's cost, as DLX5 reads it: so "A |3 B |2" costs 5. A line that
 * starts with "|" is a comment, so a cost never stands alone. Where DLX5
 * lets a sum wrap round modulo 2^64, the reader refuses it: every
 * option's cost, and the costs of all kept options together, stay below
 * XCC_COST_INFINITY (DLX5's "infinity"), so no solution's cost can wrap.
 * DLX5's reading mems differ from DLX2's by what it spends on costs
 * (imems5_less, see problem/problem.h).
 */

static const char cost_shape[] = "a cost is '|' and decimal digits; a comment takes a line of its own";

/* Reads the cost entries at b[*ip] into r->cost; 0, or a failure. */
int xcc_read_costs(xcc_reader *r, size_t *ip)
{
    xcc_problem *p = r->p;
    const char *b = r->buf;
    char q[300];
    size_t i = *ip;
    while (b[i] == '|') {
        size_t n = 1, after;
        ullng v = 0;
        while (!xcc_read_ws(b[i + n]))
            n++;
        if (n == 1)
            return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "'|' without a cost: %s", cost_shape);
        for (size_t k = 1; k < n; k++) {
            unsigned d = (unsigned)(b[i + k] - '0');
            if (d > 9)
                return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "bad cost '%s': %s",
                            xcc_read_quoted(b + i, n, q), cost_shape);
            if (v > (XCC_COST_INFINITY - 1 - d) / 10)
                v = XCC_COST_INFINITY; /* too large, whatever follows */
            else
                v = 10 * v + d;
        }
        if (v >= XCC_COST_INFINITY - r->cost && r->cost)
            return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "the costs of this option add up past %llu",
                        XCC_COST_INFINITY - 1);
        if (v >= XCC_COST_INFINITY)
            return xcc_read_fail(r, XCC_BAD_INPUT, (long)i + 1, "cost '%s' is too large (at most %llu)",
                        xcc_read_quoted(b + i, n, q), XCC_COST_INFINITY - 1);
        if (!p->opt_cost && !(p->opt_cost = calloc((size_t)(p->cost_cap = p->opt_cap + 64),
                                                   sizeof(ullng))))
            return xcc_read_oom(r);
        if (!r->cost_col)
            r->cost_col = (long)i + 1;
        r->cost += v;
        for (after = i + n + 1; xcc_read_ws(b[after]); after++)
            ;
        /* DLX5 looks at each byte after the bar and at the blanks after */
        p->imems5_less -= (long long)(n + (after - (i + n + 1)) + 1);
        i = after;
    }
    *ip = i;
    return 0;
}

/*
 * DLX5's z<n> and Z<chars> (dlx2 playing DLX5): its search may then
 * assume that every option has one primary item starting with each
 * character of Z and z other primary items, and its reader warns on
 * stderr, with the line, about every kept option that has not.
 */
static void z_warn(xcc_reader *r, const char *fmt, int a, int b)
{
    fprintf(stderr, fmt, a, b);
    fwrite(r->buf, 1, r->raw_len, stderr);
    if (!r->had_newline)
        fputc('\n', stderr);
}

/* The option's primary item k, just read. */
void xcc_read_z_item(xcc_reader *r, int k)
{
    if ((!r->zchars || !*r->zchars) && !r->zgiven)
        return;
    char c = r->p->names[r->p->cl[k].name];
    const char *at = c ? strchr(r->zchars, c) : NULL;
    if (!at) {
        r->zseen += 1u << 8;
    } else if (r->zseen & 1u << (at - r->zchars)) {
        z_warn(r, "Option has two %c items: ", c, 0);
    } else {
        r->zseen |= 1u << (at - r->zchars);
    }
}

/* The option just kept, all read. */
void xcc_read_z_option(xcc_reader *r)
{
    int nz = r->zchars ? (int)strlen(r->zchars) : 0;
    if (!nz && !r->zgiven)
        return;
    if (r->zgiven && (int)(r->zseen >> 8) != r->zgiven)
        z_warn(r, "Option has %d non-Z primary items, not %d: ", (int)(r->zseen >> 8), r->zgiven);
    for (int i = 0; i < nz; i++)
        if (!(r->zseen & 1u << i))
            z_warn(r, "Option lacks a %c item: ", r->zchars[i], 0);
}

/* Records the cost of the option just kept; 0, or a failure. */
int xcc_read_keep_cost(xcc_reader *r)
{
    xcc_problem *p = r->p;
    if (!p->opt_cost)
        return 0;
    if ((int)p->options >= p->cost_cap) {
        int cap = p->opt_cap > p->cost_cap ? p->opt_cap : 2 * p->cost_cap;
        ullng *c = realloc(p->opt_cost, (size_t)cap * sizeof(ullng));
        if (!c)
            return xcc_read_oom(r);
        memset(c + p->cost_cap, 0, (size_t)(cap - p->cost_cap) * sizeof(ullng));
        p->opt_cost = c;
        p->cost_cap = cap;
    }
    if (r->cost >= XCC_COST_INFINITY - p->cost_total)
        return xcc_read_fail(r, XCC_BAD_INPUT, r->cost_col ? r->cost_col : 1,
                    "the costs of all options add up past %llu, and a solution's might",
                    XCC_COST_INFINITY - 1);
    p->cost_total += r->cost;
    p->opt_cost[p->options] = r->cost;
    return 0;
}
