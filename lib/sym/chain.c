/*
 * chain.c — the group found, as a chain of stabilisers: the search
 * individualized the base points b_0, b_1, ... in turn, and every
 * automorphism it found at level k fixes b_0 .. b_{k-1}, so those found
 * at levels k and below (deeper) generate the stabiliser G_k of
 * b_0 .. b_{k-1} (a strong generating set). Here the orbit of b_k under
 * them gets a transversal, and elements become tuples: every element of
 * G is u_0[t_0] u_1[t_1] ... for exactly one tuple t, which also numbers
 * it, t_0 varying fastest.
 */
#include "sym.h"

#include <stdlib.h>
#include <string.h>


static void level_free(xcc_sym_level *L)
{
    for (int i = 0; i < L->size; i++) {
        if (L->u)
            free(L->u[i]);
        if (L->uinv)
            free(L->uinv[i]);
    }
    free(L->u);
    free(L->uinv);
    free(L->pts);
    free(L->where);
}

void xcc_sym_chain_free(xcc_sym *g)
{
    for (int j = 0; j < g->nlev; j++)
        level_free(&g->lev[j]);
    free(g->lev);
    g->lev = NULL;
    g->nlev = 0;
    g->chain_made = g->chain_full = 0;
    free(g->list.opt);
    memset(&g->list, 0, sizeof g->list);
}

/* The orbit of level k's base point under the generators found at level k or below. */
static xcc_status level_make(xcc_sym *g, int k, xcc_sym_level *L)
{
    int n = g->gr.n, size = g->orbit[k];
    memset(L, 0, sizeof *L);
    L->b = g->base[k];
    L->pts = malloc((size_t)size * sizeof *L->pts);
    L->where = malloc((size_t)n * sizeof *L->where);
    L->u = calloc((size_t)size, sizeof *L->u);
    L->uinv = calloc((size_t)size, sizeof *L->uinv);
    if (!L->pts || !L->where || !L->u || !L->uinv)
        return XCC_NO_MEMORY;
    for (int v = 0; v < n; v++)
        L->where[v] = -1;
    L->pts[0] = L->b;
    L->where[L->b] = 0;
    L->size = 1;
    L->u[0] = malloc((size_t)n * sizeof(int));
    if (!L->u[0])
        return XCC_NO_MEMORY;
    for (int v = 0; v < n; v++)
        L->u[0][v] = v;
    for (int i = 0; i < L->size; i++) {
        for (int s = 0; s < g->ngens; s++) {
            if (g->gen_level[s] < k)
                continue;
            int q = g->gens[s][L->pts[i]];
            if (L->where[q] >= 0)
                continue;
            if (L->size == size)
                return XCC_REFUSED; /* the search's orbit was smaller: cannot be */
            int *u = malloc((size_t)n * sizeof *u);
            if (!u)
                return XCC_NO_MEMORY;
            const int *up = L->u[i], *gs = g->gens[s];
            for (int v = 0; v < n; v++)
                u[v] = gs[up[v]];
            L->where[q] = L->size;
            L->pts[L->size] = q;
            L->u[L->size++] = u;
        }
    }
    if (L->size != size)
        return XCC_REFUSED;
    for (int i = 0; i < size; i++) {
        L->uinv[i] = malloc((size_t)n * sizeof(int));
        if (!L->uinv[i])
            return XCC_NO_MEMORY;
        for (int v = 0; v < n; v++)
            L->uinv[i][L->u[i][v]] = v;
    }
    return XCC_OK;
}

/*
 * Levels are made from the deepest up, while the elements they make
 * stay within XCC_SYM_LIST_LIMIT and their tables within XCC_SYM_CHAIN_INTS:
 * the chain of a stabiliser G_j, or of G itself (chain_full) when it is
 * small enough to list.
 */
xcc_status xcc_sym_chain_make(xcc_sym *g)
{
    if (g->chain_made)
        return XCC_OK;
    int count = 0, first = g->depth;
    size_t ints = 0, elements = 1;
    for (int k = g->depth - 1; k >= g->top; k--) {
        if (g->orbit[k] <= 1) {
            first = k;
            continue;
        }
        size_t more = 2 * (size_t)g->orbit[k] * (size_t)g->gr.n;
        if (elements > XCC_SYM_LIST_LIMIT / (size_t)g->orbit[k] || ints + more > XCC_SYM_CHAIN_INTS)
            break;
        elements *= (size_t)g->orbit[k];
        ints += more;
        count++;
        first = k;
    }
    g->lev = calloc((size_t)count + 1, sizeof *g->lev);
    if (!g->lev)
        return XCC_NO_MEMORY;
    for (int k = first; k < g->depth; k++) {
        if (g->orbit[k] <= 1)
            continue;
        xcc_status st = level_make(g, k, &g->lev[g->nlev]);
        g->nlev++;
        if (st) {
            xcc_sym_chain_free(g);
            return st;
        }
    }
    g->chain_full = first <= g->top;
    g->chain_made = 1;
    return XCC_OK;
}

int xcc_sym_elem_apply(const xcc_sym *g, const int *t, int from, int x)
{
    for (int j = g->nlev - 1; j >= from; j--)
        x = g->lev[j].u[t[j]][x];
    return x;
}

int xcc_sym_sift(const xcc_sym *g, const int *img, int *t)
{
    for (int j = 0; j < g->nlev; j++) {
        int y = img[j];
        for (int i = 0; i < j; i++)
            y = g->lev[i].uinv[t[i]][y];
        t[j] = g->lev[j].where[y];
        if (t[j] < 0)
            return 1;
    }
    return 0;
}

size_t xcc_sym_graph_order(const xcc_sym *g, size_t limit)
{
    size_t z = 1;
    for (int k = g->top; k < g->depth; k++) {
        if (z > limit / (size_t)g->orbit[k])
            return 0;
        z *= (size_t)g->orbit[k];
    }
    return z;
}

size_t xcc_sym_chain_size(const xcc_sym *g, int from, size_t limit)
{
    size_t z = 1;
    for (int j = from; j < g->nlev; j++) {
        if (z > limit / (size_t)g->lev[j].size)
            return 0;
        z *= (size_t)g->lev[j].size;
    }
    return z;
}

void xcc_sym_option_perm(const xcc_sym *g, const int *v, int *out)
{
    const xcc_sym_graph *gr = &g->gr;
    int base = gr->items + gr->ncv;
    for (int o = 0; o < g->pr.options; o++) {
        int c = v[base + gr->opt_class[o]] - base;
        out[o] = gr->class_opts[gr->class_first[c] + gr->opt_copy[o]];
    }
}

xcc_status xcc_sym_list_make(xcc_sym *g, int from)
{
    if (g->list.opt && g->list.from == from)
        return XCC_OK;
    xcc_status st = xcc_sym_chain_make(g);
    if (st)
        return st;
    size_t count = xcc_sym_chain_size(g, from, XCC_SYM_LIST_LIMIT);
    size_t nopt = (size_t)g->pr.options;
    if (!count || (nopt && count > XCC_SYM_LIST_INTS / nopt))
        return XCC_REFUSED;
    free(g->list.opt);
    g->list.opt = NULL;
    int *opt = malloc((count * nopt + 1) * sizeof *opt);
    int *t = calloc((size_t)g->nlev + 1, sizeof *t);
    int *vp = malloc(((size_t)g->gr.n + 1) * sizeof *vp);
    if (!opt || !t || !vp) {
        free(opt);
        free(t);
        free(vp);
        return XCC_NO_MEMORY;
    }
    const xcc_sym_graph *gr = &g->gr;
    int base = gr->items + gr->ncv;
    for (size_t e = 0; e < count; e++) {
        /* only the classes' images are needed */
        for (int c = 0; c < gr->nclass; c++)
            vp[base + c] = xcc_sym_elem_apply(g, t, from, base + c);
        xcc_sym_option_perm(g, vp, opt + e * nopt);
        for (int j = from; j < g->nlev; j++) {
            if (++t[j] < g->lev[j].size)
                break;
            t[j] = 0;
        }
    }
    free(t);
    free(vp);
    g->list.opt = opt;
    g->list.count = count;
    g->list.from = from;
    return XCC_OK;
}
