/*
 * twin/dlx5_make.c — making DLX5's twin (twin/dlx5.h): the options in
 * rank order, the bit sets of every item and color, the entries of each
 * rank, and a twin's own state; whether the twin can stand in for the
 * links, and if so its taking a walk over (the method of tree/dlx5.h)
 * and the engine "cost". Done once per problem (the tables) and per
 * thread (the state), apart from the walk of twin/dlx5.c.
 */
#include "twin/dlx5.h"
#include "base/alloc.h"
#include "engine.h"

#include <stdlib.h>
#include <string.h>

/* ---- the tables -------------------------------------------------------------- */

static void tables_free(twin_tables *tb)
{
    if (!tb)
        return;
    free(tb->rank_opt);
    free(tb->opt_rank);
    free(tb->cost);
    free(tb->bits);
    free(tb->ent);
    free(tb->color);
    free(tb->ra);
    free(tb->ent16);
    free(tb->hue_at);
    free(tb->hue);
    free(tb->hue_bits);
    free(tb);
}

/* An option and its net cost, to be put in rank order. */
struct ranked {
    ullng cost;
    int o;
};

static int by_rank(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    return x->cost != y->cost ? (x->cost < y->cost ? -1 : 1) : (x->o > y->o) - (x->o < y->o);
}

double xcc_cost_twin_bytes(const xcc_problem *p)
{
    double words = ((double)p->options + 63) / 64;
    return words * 8 * (p->last_itm + 2) + 40.0 * (double)p->options
           + 12.0 * (double)(p->last_node - p->last_itm) + 32.0 * p->last_itm;
}

/* Whether every list of lk holds its options in rank order. */
static int lists_in_rank_order(const cost_links *lk, const xcc_problem *p, const int *opt_rank)
{
    for (int k = 1; k < lk->last_itm; k++) {
        int prev = -1;
        for (int x = lk->nd[k].down; x != k; x = lk->nd[x].down) {
            int r = opt_rank[xcc_option_of(p, x)];
            if (r <= prev)
                return 0;
            prev = r;
        }
    }
    return 1;
}

/* The bit sets of hue_bits, if they take at most 64 MB; a failure leaves them out. */
static void hues_make(twin_tables *tb, const xcc_problem *p)
{
    int items = p->last_itm, nhues = 0;
    int *seen = calloc((size_t)p->ncolors + 2, sizeof(int)); /* stamp: item + 1 */
    if (!seen || !(tb->hue_at = malloc(((size_t)items + 1) * sizeof(int))))
        goto out;
    for (int pass = 0; pass < 2; pass++) {
        memset(seen, 0, ((size_t)p->ncolors + 2) * sizeof(int));
        nhues = 0;
        for (int k = 0; k < items; k++) {
            tb->hue_at[k] = nhues;
            if (k < p->second)
                continue;
            for (int x = p->nd[k].down; x != k; x = p->nd[x].down) {
                int c = p->nd[x].color;
                if (c > 0 && seen[c] != k + 1) {
                    seen[c] = k + 1;
                    if (pass)
                        tb->hue[nhues] = c;
                    nhues++;
                }
            }
        }
        tb->hue_at[items] = nhues;
        if (!pass && ((double)nhues * tb->words * 8 > 64.0 * 1024 * 1024
                      || !(tb->hue = malloc(((size_t)nhues + 1) * sizeof(int)))))
            goto out;
    }
    if (!(tb->hue_bits = calloc((size_t)nhues * (size_t)tb->words + 1, sizeof(ullng))))
        goto out;
    for (int r = 0; r < tb->n; r++)
        for (int e = tb->ra[r].at; e < tb->ra[r + 1].at; e++) {
            int k = tb->ent[e], h = tb->hue_at[k];
            if (!tb->color[e])
                continue;
            while (tb->hue[h] != tb->color[e])
                h++;
            tb->hue_bits[(size_t)h * (size_t)tb->words + (size_t)r / 64] |= 1ULL << (r % 64);
        }
    free(seen);
    return;
out:
    free(seen);
    free(tb->hue_at);
    free(tb->hue);
    tb->hue_at = tb->hue = NULL;
}

static twin_tables *tables_make(const cost_walk *w)
{
    const xcc_problem *p = w->t.p;
    int n = (int)p->options, entries = 0, *opt_rank;
    twin_tables *tb = calloc(1, sizeof *tb);
    if (!tb || !(opt_rank = tb->opt_rank = malloc(((size_t)n + 1) * sizeof(int))))
        goto fail;
    tb->n = n, tb->words = (n + 63) / 64 + 1; /* a spare word, always 0, ends every scan */
    tb->last_itm = p->last_itm, tb->second = p->second;
    tb->rank_opt = malloc(((size_t)n + 1) * sizeof(int));
    tb->cost = malloc(((size_t)n + 1) * sizeof(ullng));
    tb->ra = malloc(((size_t)n + 2) * sizeof *tb->ra);
    tb->bits = calloc((size_t)tb->words * ((size_t)p->last_itm + 1), sizeof(ullng));
    entries = p->last_node - p->last_itm;
    tb->ent = malloc(((size_t)entries + 1) * sizeof(int));
    tb->color = malloc(((size_t)entries + 1) * sizeof(int));
    if (!tb->rank_opt || !tb->cost || !tb->ra || !tb->bits || !tb->ent || !tb->color)
        goto fail;
    struct ranked *order = malloc(((size_t)n + 1) * sizeof *order);
    if (!order)
        goto fail;
    for (int o = 0; o < n; o++)
        order[o] = (struct ranked){w->tx->net[o], o};
    qsort(order, (size_t)n, sizeof *order, by_rank);
    for (int r = 0; r < n; r++)
        tb->rank_opt[r] = order[r].o, opt_rank[order[r].o] = r;
    free(order);
    if (!lists_in_rank_order(&w->lk, p, opt_rank))
        goto fail;
    int e = 0;
    for (int r = 0; r < n; r++) {
        int o = tb->rank_opt[r];
        tb->cost[r] = w->tx->net[o];
        tb->ra[r].at = e;
        tb->ra[r].hfull = 2;
        for (int x = p->opt_node[o]; p->nd[x].itm > 0; x++, e++) {
            int item = p->nd[x].itm;
            tb->ent[e] = item;
            tb->color[e] = p->nd[x].color;
            tb->ra[r].hfull += item < p->second ? 6 : 4;
            tb->bits[(size_t)item * (size_t)tb->words + (size_t)r / 64] |= 1ULL << (r % 64);
        }
    }
    tb->ra[n].at = e;
    if (p->last_itm <= 65535 && (tb->ent16 = malloc(((size_t)e + 1) * sizeof *tb->ent16)))
        for (int x = 0; x < e; x++)
            tb->ent16[x] = (unsigned short)tb->ent[x];
    hues_make(tb, p);
    return tb;
fail:
    tables_free(tb);
    return NULL;
}

/* ---- a twin ------------------------------------------------------------------ */

void xcc_cost_twin_delete(cost_twin *tw)
{
    if (!tw)
        return;
    if (tw->owns)
        tables_free(tw->tb);
    free(tw->live);
    free(tw->len);
    free(tw->first);
    free(tw->trail);
    free(tw->cleansed);
    free(tw->purified);
    free(tw->cl);
    free(tw->hidden);
    free(tw->cleans);
    free(tw->ops);
    free(tw->branch_op);
    free(tw->level_rank);
    free(tw->snap);
    free(tw);
}

/* A twin of w's problem, with the tables of from (NULL: made here). */
cost_twin *xcc_cost_twin_new(const cost_walk *w, const cost_twin *from)
{
    const xcc_problem *p = w->t.p;
    cost_twin *tw = calloc(1, sizeof *tw);
    if (!tw)
        return NULL;
    tw->tb = from ? from->tb : tables_make(w);
    tw->owns = !from;
    if (!tw->tb) {
        free(tw);
        return NULL;
    }
    const twin_tables *tb = tw->tb;
    size_t items = (size_t)p->last_itm + 1, n = (size_t)tb->n + 1;
    tw->live = calloc((size_t)tb->words, sizeof(ullng));
    tw->len = malloc(items * sizeof(int));
    tw->first = calloc(items, sizeof(int));
    tw->cleansed = calloc(n, sizeof(int));
    tw->purified = calloc(items, 1);
    tw->cl = malloc(items * sizeof(xcc_item));
    tw->hidden = malloc(n * sizeof(int));
    tw->cleans = malloc(n * sizeof(int));
    if (!tw->live || !tw->len || !tw->first || !tw->cleansed || !tw->purified || !tw->cl
        || !tw->hidden || !tw->cleans) {
        xcc_cost_twin_delete(tw);
        return NULL;
    }
    for (int r = 0; r < tb->n; r++)
        tw->live[r / 64] |= 1ULL << (r % 64);
    for (int k = 1; k < p->last_itm; k++)
        tw->len[k] = p->nd[k].len;
    tw->snap_items = p->last_itm <= TWIN_SNAP_ITEMS ? p->last_itm : 0;
    memcpy(tw->cl, p->cl, ((size_t)p->last_itm + 1) * sizeof(xcc_item));
    return tw;
}

const char *xcc_cost_twin_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    if (k->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS))
        return "tracing (v2, v4) is done by the dancing links";
    if (k->zgiven || (k->zchars && *k->zchars))
        return "z<n> and Z<chars> are done by the dancing links";
    if (p && xcc_cost_twin_bytes(p) > TWIN_MAX_BYTES)
        return "its tables would pass 256 MB";
    return NULL;
}

/* ---- the method and its engine ------------------------------------------------- */

static cost_twin *twin_copy(const cost_walk *w, const cost_twin *from)
{
    return xcc_cost_twin_new(w, from);
}

static const cost_method twin_method = {
    "cost", xcc_cost_twin_search, xcc_cost_twin_replay, xcc_cost_twin_unreplay,
    xcc_cost_twin_measure, xcc_cost_twin_len, twin_copy, xcc_cost_twin_delete,
};

int xcc_cost_twin_install(cost_walk *w, const xcc_settings *st)
{
    if (xcc_cost_twin_refuses(w->t.p, st) || !(w->twin = xcc_cost_twin_new(w, NULL)))
        return 0; /* the links walk */
    w->method = &twin_method;
    return 1;
}

static xcc_status twin_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_cost_solve(p, st, sink, fig, &xcc_cost_links_method, xcc_cost_twin_install);
}

const xcc_engine xcc_cost_engine = {"cost", xcc_cost_refuses, twin_solve, NULL};
