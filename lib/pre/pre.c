/*
 * pre/pre.c — Knuth's DLX-PRE reductions, on a copy of the links.
 *
 * Two facts are used, for every item c in turn, round after round until
 * a round removes nothing:
 *  - Hiding c (every option through an uncolored node of c leaves the
 *    other lists) leaves some primary item p without options: then
 *    every option of p contains c, c is covered whenever p is, and c can
 *    go. The options of c that contain p only lose c; the others go.
 *  - Otherwise, for each option r whose first surviving node is an
 *    uncolored node of c: hiding every option that clashes with r
 *    (through one of r's items, with another color or none) leaves some
 *    primary item outside r without options: r can never be chosen.
 *    Such options are marked, and deleted once c is unhidden.
 * A primary item left without options ends the work: no solution.
 *
 * The steps, their order and their effect on the links are DLX-PRE's,
 * so that the reduced problem is DLX-PRE's to the byte; in particular
 * an item's options are unhidden in the order they were hidden, and a
 * test that meets a blocked item backs out from the middle of the
 * option it was hiding. A node removed from an option it stays in (an
 * option shortened) becomes a "null spacer": itm 0, up the next node,
 * down the one before, which the walks along an option skip.
 */
#include "pre/pre.h"
#include "problem/problem.h"
#include "base/gbrand.h"
#include "base/alloc.h"

#include <limits.h>
#include <string.h>

static void note(xcc_pre *s, xcc_pre_event e, int item, int other, int node)
{
    if (s->note)
        s->note(s->ctx, s, e, item, other, node);
}

static void unlink_node(xcc_node *nd, int x)
{
    int u = nd[x].up, d = nd[x].down;
    nd[u].down = d, nd[d].up = u;
}

static void relink_node(xcc_node *nd, int x)
{
    nd[nd[x].up].down = x, nd[nd[x].down].up = x;
}

/*
 * Item cc has no option left: 1 if that ends the work (cc is primary),
 * else it is just counted out.
 */
static int no_options(xcc_pre *s, int cc)
{
    s->items_out++;
    if (cc >= s->p->second) {
        note(s, XCC_PRE_EMPTY, cc, 0, 0);
        return 0;
    }
    note(s, XCC_PRE_INFEASIBLE, cc, 0, 0);
    s->infeasible = cc;
    s->options_out = (int)s->p->options;
    s->items_out = s->p->last_itm - 1;
    return 1;
}

/* Hides (or unhides) the options of c through its uncolored nodes; hiding notes a primary item emptied. */
static void hide_item(xcc_pre *s, int c, int undo)
{
    xcc_node *nd = s->nd;
    s->kmems++;
    for (int rr = nd[c].down; rr >= s->p->last_itm; rr = nd[rr].down) {
        s->kmems += 2; /* its color, the step down */
        if (nd[rr].color)
            continue;
        for (int x = rr + 1; x != rr;) {
            int cc = nd[x].itm;
            s->mems++, s->kmems += 2;
            if (cc <= 0) {
                x = nd[x].up;
                continue;
            }
            s->kmems += 4;
            if (undo) {
                relink_node(nd, x);
                nd[cc].len++;
            } else {
                unlink_node(nd, x);
                if (--nd[cc].len == 0 && cc < s->p->second)
                    s->stack = cc;
            }
            x++;
        }
    }
}

/*
 * Hides the nodes of option p other than p, unless that would empty a
 * primary item outside option r: then *blocked is that item and the
 * node where hiding stopped is returned (0 when all are hidden).
 */
static int hide_option(xcc_pre *s, int p, int r, int *blocked)
{
    xcc_node *nd = s->nd;
    for (int x = p + 1; x != p;) {
        int cc = nd[x].itm;
        s->mems++, s->kmems++;
        if (cc <= 0) {
            s->kmems++;
            x = nd[x].up;
            continue;
        }
        s->kmems++;
        if (nd[cc].len == 1 && cc < s->p->second && nd[cc].aux != r) {
            *blocked = cc;
            return x;
        }
        s->kmems += 4;
        nd[cc].len--;
        unlink_node(nd, x);
        x++;
    }
    return 0;
}

/* Unhides the nodes of option p hidden before node stop (p itself: all), last first. */
static void unhide_option(xcc_pre *s, int p, int stop)
{
    xcc_node *nd = s->nd;
    for (int x = stop - 1; x != p;) {
        int cc = nd[x].itm;
        s->mems++, s->kmems++;
        if (cc <= 0) {
            s->kmems++;
            x = nd[x].down;
            continue;
        }
        s->kmems += 5;
        nd[cc].len++;
        relink_node(nd, x);
        x--;
    }
}

/* The options of a column that clash with color x, unhidden from node p upwards. */
static void unhide_column(xcc_pre *s, int p, int x)
{
    s->kmems++; /* the read of p: its column's bottom, or the step up to it */
    for (; p >= s->p->last_itm; p = s->nd[p].up, s->kmems++) {
        s->kmems += x > 0;
        if (!(x > 0 && s->nd[p].color == x))
            unhide_option(s, p, p);
    }
}

/* Test of option r (first surviving node r, in hidden item c): 1 if it must go. */
static int option_blocks(xcc_pre *s, int r, int *blocked)
{
    xcc_node *nd = s->nd;
    int q, p = 0, stop = 0;
    /* the items of r are marked: emptying one of them blocks nothing */
    for (q = r + 1;;) {
        int cc = nd[q].itm;
        s->kmems += 2; /* the item, and the spacer's up or the item's aux */
        if (cc <= 0) {
            if ((q = nd[q].up) > r)
                continue;
            break;
        }
        nd[cc].aux = r, q++;
    }
    *blocked = 0;
    for (q = r + 1; !stop;) {
        int cc = nd[q].itm;
        s->kmems++;
        if (cc <= 0) {
            s->kmems++;
            if ((q = nd[q].up) > r)
                continue;
            break;
        }
        s->kmems++;
        for (p = nd[cc].down; p >= s->p->last_itm && !stop; p = stop ? p : nd[p].down) {
            s->kmems += nd[q].color > 0;
            if (!(nd[q].color > 0 && nd[p].color == nd[q].color))
                stop = hide_option(s, p, r, blocked);
            s->kmems += !stop; /* the step down */
        }
        if (!stop)
            q++;
    }
    if (stop) { /* back out from the middle: option p, its column above it, r's nodes before q */
        unhide_option(s, p, stop);
        unhide_column(s, nd[p].up, nd[q].color);
    } else {
        q = r; /* back from r's last node */
    }
    for (q--; q != r;) {
        int cc = nd[q].itm;
        s->kmems++;
        if (cc <= 0) {
            s->kmems++;
            q = nd[q].down;
            continue;
        }
        unhide_column(s, nd[cc].up, nd[q].color);
        q--;
    }
    return *blocked != 0;
}

/* c is covered whenever item s->stack is: c goes, and so do its options without s->stack. */
static int remove_item(xcc_pre *s, int c)
{
    xcc_node *nd = s->nd;
    int forcer = s->stack;
    hide_item(s, c, 1);
    note(s, XCC_PRE_FORCED, c, forcer, 0);
    s->kmems++;
    for (int r = nd[c].down, next; r >= s->p->last_itm; r = next) {
        int q;
        next = nd[r].down;
        s->kmems++;
        for (q = r + 1; q != r;) {
            int cc = nd[q].itm;
            s->mems++, s->kmems++;
            if (cc <= 0) {
                s->kmems++;
                q = nd[q].up;
                continue;
            }
            if (cc == forcer)
                break;
            q++;
        }
        if (q != r) { /* r keeps its other items: its node in c becomes a null spacer */
            note(s, XCC_PRE_SHORTEN, c, forcer, r);
            s->kmems += 2;
            nd[r].up = r + 1, nd[r].down = r - 1, nd[r].itm = 0;
            continue;
        }
        note(s, XCC_PRE_DELETE, c, forcer, r);
        s->options_out++;
        s->kmems++;
        for (q = r + 1; q != r;) {
            int cc = nd[q].itm;
            s->kmems += 2;
            if (cc <= 0) {
                q = nd[q].up;
                continue;
            }
            if (nd[cc].len == 1 && no_options(s, cc))
                return 1;
            s->kmems += 4;
            nd[cc].len--;
            unlink_node(nd, q);
            q++;
        }
    }
    s->kmems += 2;
    nd[c].up = nd[c].down = c;
    nd[c].len = 0;
    s->items_out++;
    s->change = 1;
    return 0;
}

/* Deletes the option of node r from every list. */
static int delete_option(xcc_pre *s, int r)
{
    xcc_node *nd = s->nd;
    for (int x = r + 1;;) {
        int cc = nd[x].itm;
        s->mems++, s->kmems += 2;
        if (cc <= 0) {
            x = nd[x].up;
            continue;
        }
        s->kmems += 4;
        unlink_node(nd, x);
        if (--nd[cc].len == 0 && no_options(s, cc))
            return 1;
        if (x == r)
            return 0;
        x++;
    }
}

/* The budget is spent (and the work ends, cut short). */
static int spent(xcc_pre *s)
{
    if (s->budget && s->mems > s->budget)
        s->cut = 1;
    return s->cut;
}

/* One item's turn: 1 if the work ends. */
static int reduce_item(xcc_pre *s, int c)
{
    xcc_node *nd = s->nd;
    s->stack = 0;
    hide_item(s, c, 0);
    if (s->stack)
        return remove_item(s, c);
    s->kmems++;
    for (int r = nd[c].down; r >= s->p->last_itm && !spent(s); r = nd[r].down, s->kmems++) {
        int q = r - 1, blocked;
        s->kmems++;
        while (nd[q].down == q - 1) /* null spacers */
            q--, s->kmems++;
        s->kmems += 1 + (nd[q].itm <= 0);
        if (nd[q].itm > 0 || nd[r].color || !option_blocks(s, r, &blocked))
            continue;
        note(s, XCC_PRE_BLOCKED, c, blocked, r);
        s->options_out++, s->change = 1;
        s->kmems++;
        nd[r].itm = s->stack, s->stack = r; /* a list of the marked, through itm */
    }
    hide_item(s, c, 1);
    for (int r = s->stack, next; r; r = next) {
        s->kmems += 2;
        next = nd[r].itm, nd[r].itm = c;
        if (delete_option(s, r))
            return 1;
    }
    return s->cut;
}

/*
 * ---- The estimate of the search (-P's budget) ----
 *
 * Knuth's estimate of a tree's cost: along a random path, each node's
 * cost weighted by the product of the branching degrees above it, the
 * mean over several paths. The path is the search's (DLX2's rule: the
 * primary item with fewest options), its steps done on the reduction's
 * links: choosing option r of item c hides every option of c and every
 * option that clashes with r in its other items, as the search's cover
 * and commit do; the mems so spent are the node's cost. The probes stop
 * once they have spent half the budget they are working out.
 */
#define PRE_PROBES 64
#define PRE_PROBES_MIN 16
#define PRE_SEED 15

/* Hides the options of column cc that clash with color x, except their nodes in cc. */
static void hide_column(xcc_pre *s, int cc, int x)
{
    xcc_node *nd = s->nd;
    for (int p = nd[cc].down; p >= s->p->last_itm; p = nd[p].down) {
        s->mems++;
        if (x > 0 && nd[p].color == x)
            continue;
        for (int y = p + 1; y != p;) {
            int c2 = nd[y].itm;
            s->mems++;
            if (c2 <= 0) {
                y = nd[y].up;
                continue;
            }
            unlink_node(nd, y);
            nd[c2].len--;
            y++;
        }
    }
}

/*
 * Chooses option r of item c as the search does, at depth level (undo:
 * takes it back). done[i] is the depth whose choice covered item i (0:
 * none yet); a secondary item is purified only by the first choice that
 * has it, as in the search.
 */
static void choose(xcc_pre *s, int c, int r, int *done, int level, int undo)
{
    xcc_node *nd = s->nd;
    if (!undo)
        hide_item(s, c, 0), done[c] = level;
    for (int q = undo ? r - 1 : r + 1; q != r;) {
        int cc = nd[q].itm;
        if (cc <= 0) {
            q = undo ? nd[q].down : nd[q].up;
            continue;
        }
        if (undo && done[cc] == level)
            unhide_column(s, nd[cc].up, nd[q].color), done[cc] = 0;
        else if (!undo && !done[cc])
            hide_column(s, cc, nd[q].color), done[cc] = level;
        q += undo ? -1 : 1;
    }
    if (undo)
        hide_item(s, c, 1), done[c] = 0;
}

/* One random path from the root: its estimate of the tree's mems. */
static double probe(xcc_pre *s, int *done, int *path, xcc_gb_rng *rng)
{
    xcc_node *nd = s->nd;
    double weight = 1, sum = 0;
    int depth = 0;
    for (;;) {
        int best = 0;
        ullng before = s->mems;
        for (int c = 1; c < s->p->second; c++) /* the primary item with fewest options */
            if (!done[c] && (!best || nd[c].len < nd[best].len))
                best = c;
        s->mems += (ullng)s->p->second;
        sum += weight * (double)(s->mems - before);
        if (!best || !nd[best].len)
            break;
        int r = nd[best].down;
        for (long k = xcc_gb_rng_unif(rng, nd[best].len); k; k--)
            r = nd[r].down;
        before = s->mems;
        weight *= nd[best].len;
        choose(s, best, r, done, ++depth, 0);
        sum += weight * 2.0 * (double)(s->mems - before); /* choosing, and taking back */
        path[depth - 1] = r;
    }
    for (; depth > 0; depth--)
        choose(s, s->nd[path[depth - 1]].itm, path[depth - 1], done, depth, 1);
    return sum;
}

/* The search's estimate and the budget (s->share of it); 1 without memory. */
static int set_budget(xcc_pre *s)
{
    int n = s->p->last_itm;
    int *done = calloc((size_t)n, sizeof *done);
    int *path = malloc((size_t)n * sizeof *path);
    if (!done || !path) {
        free(done), free(path);
        return 1;
    }
    xcc_gb_rng rng;
    xcc_gb_rng_init(&rng, PRE_SEED);
    double total = 0;
    int probes = 0;
    do
        total += probe(s, done, path, &rng), probes++;
    while (probes < PRE_PROBES_MIN
           || (probes < PRE_PROBES && (double)s->mems < s->share / 2 * total / probes));
    s->probes = probes, s->probe_mems = s->mems;
    free(done), free(path);
    s->estimate = total / probes;
    double budget = s->share * s->estimate;
    s->budget = budget > XCC_PRE_FLOOR ? (ullng)budget : XCC_PRE_FLOOR;
    return 0;
}

xcc_status xcc_pre_run(xcc_pre *s, const xcc_problem *p)
{
    size_t n = (size_t)p->last_node + 1;
    if (xcc_has_bounds(p))
        return XCC_REFUSED; /* the reductions hold for exact covers only */
    s->p = p;
    s->imems = p->imems - 4 - (ullng)(p->last_itm - p->second);
    s->options_out = s->items_out = s->infeasible = s->rounds = 0;
    s->mems = s->budget = s->kmems = 0, s->cut = 0, s->estimate = 0, s->timed_out = 0;
    if (!(s->nd = malloc(n * sizeof *s->nd)))
        return XCC_NO_MEMORY;
    memcpy(s->nd, p->nd, n * sizeof *s->nd);
    for (int cc = 1; cc < p->last_itm; cc++)
        if (s->kmems++, !s->nd[cc].len && no_options(s, cc))
            return XCC_OK;
    if (s->share > 0 && set_budget(s))
        return XCC_NO_MEMORY;
    int most = s->max_rounds_set ? s->max_rounds : INT_MAX;
    ullng timeout = s->max_mems_set ? s->max_mems : ~0ULL, thresh = s->thresh;
    for (s->rounds = 1; s->rounds < most; s->rounds++) {
        s->change = 0;
        note(s, XCC_PRE_ROUND, 0, 0, 0);
        for (int c = 1; c < p->last_itm; c++) {
            s->kmems++;
            if (!s->nd[c].len)
                continue;
            if (s->delta && s->kmems >= thresh) {
                thresh += s->delta;
                note(s, XCC_PRE_PROGRESS, c, 0, 0);
            }
            if (s->kmems >= timeout) {
                s->timed_out = 1;
                return XCC_OK;
            }
            if (spent(s) || reduce_item(s, c))
                return XCC_OK;
        }
        if (!s->change)
            break;
    }
    return XCC_OK;
}

void xcc_pre_free(xcc_pre *s)
{
    free(s->nd);
    s->nd = NULL;
}

int xcc_pre_first(const xcc_pre *s, int x)
{
    const xcc_node *nd = s->nd;
    for (x--; nd[x].itm > 0 || nd[x].down < x; x--)
        ;
    return xcc_pre_next(s, x);
}

int xcc_pre_next(const xcc_pre *s, int x)
{
    for (x++; s->nd[x].itm == 0; x++)
        ;
    return s->nd[x].itm > 0 ? x : 0;
}

int xcc_pre_number(const xcc_pre *s, int x)
{
    while (s->nd[x].itm >= 0)
        x++;
    return -s->nd[x].itm;
}

/* ---- the reduced problem, as the report writes it ------------------------------- */

int xcc_pre_next_item(const xcc_pre *s, int i)
{
    for (i++; i < s->p->last_itm; i++)
        if (s->nd[i].len)
            return i;
    return 0;
}

int xcc_pre_secondary(const xcc_pre *s, int i)
{
    return i >= s->p->second;
}

const char *xcc_pre_name(const xcc_pre *s, int i)
{
    return s->p->names + s->p->cl[i].name;
}

const char *xcc_pre_entry(const xcc_pre *s, int x, const char **color)
{
    const xcc_problem *p = s->p;
    int c = p->nd[x].color;
    *color = c > 0 ? xcc_color_name(p, c) : NULL;
    return xcc_pre_name(s, p->nd[x].itm);
}

/* Whether node r is the first node left of its option (null spacers skipped). */
static int first_left(const xcc_pre *s, int r)
{
    int q = r - 1;
    while (s->nd[q].down == q - 1)
        q--;
    return s->nd[q].itm <= 0;
}

int xcc_pre_next_option(const xcc_pre *s, int x)
{
    const xcc_problem *p = s->p;
    int c = x ? s->nd[x].itm : xcc_pre_next_item(s, 0);
    int r = x ? s->nd[x].down : c ? s->nd[c].down : 0;
    while (c) {
        for (; r >= p->last_itm; r = s->nd[r].down)
            if (first_left(s, r))
                return r;
        if ((c = xcc_pre_next_item(s, c)))
            r = s->nd[c].down;
    }
    return 0;
}

ullng xcc_pre_output_mems(const xcc_pre *s)
{
    const xcc_node *nd = s->nd;
    int L = s->p->last_itm;
    ullng m = (ullng)(L - 1); /* the item line: each item's len */
    for (int c = 1; c < L; c++) {
        m++;
        if (!nd[c].len)
            continue;
        m++;
        for (int r = nd[c].down; r >= L; r = nd[r].down) {
            int q = r - 1;
            m += 3; /* the first test of a null spacer, the itm there, the step down */
            while (nd[q].down == q - 1)
                q--, m++;
        }
    }
    return m;
}

int xcc_pre_len(const xcc_pre *s, int i)
{
    return s->nd[i].len;
}
