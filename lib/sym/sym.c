/*
 * sym.c — the calls of xcc_sym.h that find the group and read it back:
 * its order, its generators on items, colors and options.
 */
#include "sym.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static xcc_status diag(xcc_diag *d, xcc_status s, const char *msg)
{
    if (d) {
        d->line = d->col = 0;
        snprintf(d->message, sizeof d->message, "%s", msg);
    }
    return s;
}

/* The twin classes' symmetric groups: their order, and generators. */
static xcc_status add_twins(xcc_sym *g)
{
    const xcc_sym_graph *gr = &g->gr;
    g->twin_gen = malloc(2 * ((size_t)gr->items + 1) * sizeof *g->twin_gen);
    if (!g->twin_gen)
        return XCC_NO_MEMORY;
    for (int v = 0; v < gr->items; v++) {
        int k = gr->twin_first[v + 1] - gr->twin_first[v];
        for (int j = 2; j <= k; j++)
            if (xcc_big_mul_u64(&g->order, (uint64_t)j))
                return XCC_NO_MEMORY;
        if (k >= 2)
            g->twin_gen[g->ntwin++] = v;
        if (k >= 3)
            g->twin_gen[g->ntwin++] = v;
    }
    return XCC_OK;
}

xcc_status xcc_sym_find(const xcc_problem *p, double seconds, xcc_sym **out, xcc_diag *d)
{
    *out = NULL;
    xcc_sym *g = calloc(1, sizeof *g);
    if (!g)
        return diag(d, XCC_NO_MEMORY, "out of memory");
    g->has_bounds = p->bounds != NULL;
    g->has_costs = p->opt_cost != NULL;
    xcc_status st = xcc_sym_prob_read(&g->pr, p);
    if (!st)
        st = xcc_sym_graph_make(&g->gr, &g->pr, p);
    if (!st)
        st = xcc_sym_search(g, seconds);
    if (!st)
        st = add_twins(g);
    if (st) {
        xcc_sym_free(g);
        return diag(d, st, st == XCC_NO_MEMORY ? "out of memory"
                                               : "the problem is too large for the symmetry search");
    }
    *out = g;
    return XCC_OK;
}

void xcc_sym_free(xcc_sym *g)
{
    if (!g)
        return;
    xcc_sym_chain_free(g);
    xcc_sym_ochain_free(g);
    for (int k = 0; k < g->ngens; k++)
        free(g->gens[k]);
    free(g->gens);
    free(g->gen_level);
    free(g->twin_gen);
    free(g->base);
    free(g->orbit);
    xcc_big_free(&g->order);
    xcc_sym_graph_free(&g->gr);
    xcc_sym_prob_free(&g->pr);
    free(g);
}

int xcc_sym_complete(const xcc_sym *g)
{
    return g->complete;
}

const char *xcc_sym_stopped(const xcc_sym *g)
{
    return g->stopped;
}

double xcc_sym_seconds(const xcc_sym *g)
{
    return g->seconds;
}

char *xcc_sym_order(const xcc_sym *g)
{
    return xcc_big_text(&g->order);
}

unsigned long long xcc_sym_order_upto(const xcc_sym *g, unsigned long long limit)
{
    xcc_u128 v;
    if (!xcc_big_fits(&g->order, &v) || v > limit)
        return 0;
    return (unsigned long long)v;
}

int xcc_sym_generators(const xcc_sym *g)
{
    return g->ngens + g->ntwin;
}

int xcc_sym_item_image(const xcc_sym *g, int k, int item)
{
    const xcc_sym_graph *gr = &g->gr;
    if (k < 0 || k >= g->ngens + g->ntwin || item < 0 || item >= gr->nitem)
        return -1;
    if (k < g->ngens)
        return xcc_sym_item_of(gr, g->gens[k], item);
    /* a twin class's transposition of its first two, or cycle of all */
    int j = k - g->ngens, v = g->twin_gen[j], size = gr->twin_first[v + 1] - gr->twin_first[v];
    int cycle = j > 0 && g->twin_gen[j - 1] == v, t = gr->twin_index[item];
    if (gr->item_vertex[item] != v || (!cycle && t > 1))
        return item;
    return gr->twins[gr->twin_first[v] + (cycle ? (t + 1) % size : 1 - t)];
}

int xcc_sym_option_image(const xcc_sym *g, int k, int option)
{
    const xcc_sym_graph *gr = &g->gr;
    if (k < 0 || k >= g->ngens + g->ntwin || option < 0 || option >= g->pr.options)
        return -1;
    if (k >= g->ngens)
        return option;
    int base = gr->items + gr->ncv, c = g->gens[k][base + gr->opt_class[option]] - base;
    return gr->class_opts[gr->class_first[c] + gr->opt_copy[option]];
}

const char *xcc_sym_color_image(const xcc_sym *g, int k, int item, const char *color)
{
    const xcc_sym_graph *gr = &g->gr;
    if (k < 0 || k >= g->ngens + g->ntwin || !color)
        return NULL;
    for (int v = 0; v < gr->ncv; v++)
        if (gr->cv_item[v] == item && !strcmp(g->pr.cname[gr->cv_color[v]], color))
            return g->pr.cname[gr->cv_color[k < g->ngens ? g->gens[k][gr->items + v] - gr->items
                                                         : v]];
    return NULL;
}

/* A growing string. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    int failed;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->failed = 1;
            return;
        }
        if (b->s && b->len + (size_t)k < b->cap) {
            b->len += (size_t)k;
            return;
        }
        size_t cap = 2 * (b->cap + (size_t)k) + 64;
        char *q = realloc(b->s, cap);
        if (!q) {
            b->failed = 1;
            return;
        }
        b->s = q;
        b->cap = cap;
    }
}

char *xcc_sym_generator_text(const xcc_sym *g, int k, const xcc_problem *p)
{
    const xcc_sym_graph *gr = &g->gr;
    if (k < 0 || k >= g->ngens + g->ntwin)
        return NULL;
    char *seen = calloc((size_t)(gr->nitem > gr->n ? gr->nitem : gr->n) + 1, 1);
    sbuf b = {0};
    if (!seen)
        return NULL;
    /* items */
    for (int i = 0; i < gr->nitem; i++) {
        if (seen[i] || xcc_sym_item_image(g, k, i) == i)
            continue;
        sb_add(&b, "(");
        for (int j = i; !seen[j]; j = xcc_sym_item_image(g, k, j)) {
            seen[j] = 1;
            sb_add(&b, j == i ? "%s" : " %s", xcc_item_name(p, j));
        }
        sb_add(&b, ")");
    }
    /* colors whose name the map changes, as item:color */
    memset(seen, 0, (size_t)gr->n);
    for (int v = gr->items; k < g->ngens && v < gr->items + gr->ncv; v++) {
        const int *q = g->gens[k];
        if (seen[v])
            continue;
        int renamed = 0, j = v;
        do {
            renamed |= gr->cv_color[j - gr->items] != gr->cv_color[q[j] - gr->items];
            j = q[j];
        } while (j != v);
        if (!renamed)
            continue;
        sb_add(&b, "(");
        for (j = v; !seen[j]; j = q[j]) {
            seen[j] = 1;
            int c = j - gr->items;
            sb_add(&b, j == v ? "%s:%s" : " %s:%s", xcc_item_name(p, gr->cv_item[c]),
                   g->pr.cname[gr->cv_color[c]]);
        }
        sb_add(&b, ")");
    }
    if (!b.len)
        sb_add(&b, "()");
    free(seen);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
