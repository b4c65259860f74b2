/*
 * canon.c — the least image of a set of options under a group too
 * large to list (formats/symmetry.md, "One solution per class"). The
 * group acts on options; a chain of stabilisers whose base is the
 * options in their order (K_0 = G, K_{x+1} the stabiliser of x in K_x)
 * is made once, each stabiliser by Schreier-Sims (schreier.c) from the
 * search's generators and order. Sets of the same size compare, as
 * sorted lists of option numbers, as their first difference says: the
 * set holding the first option where they differ is the less. So the
 * least image is decided option by option, x = 0, 1, 2, ...: the
 * candidates are sets T, each standing for the images k(T), k in K_x,
 * all alike on the options before x. K_x is the union of the cosets
 * K_{x+1} u_y^-1 (u_y in K_x sending x to y, y in the orbit O of x), and
 * x is in k(T) for k in K_{x+1} u_y^-1 exactly when y is in T. So x is
 * in the least image when some candidate meets O; the candidates go on
 * as u_y^-1(T) for those y in T, else for every y in O; equal sets are
 * kept once. A set is canonical when it stays a candidate to the end.
 */
#include "sym.h"

#include <stdlib.h>
#include <string.h>

void xcc_sym_ochain_free(xcc_sym *g)
{
    for (int j = 0; j < g->onlev; j++) {
        free(g->olev[j].pts);
        free(g->olev[j].where);
        free(g->olev[j].uinv);
    }
    free(g->olev);
    g->olev = NULL;
    g->onlev = 0;
    g->ochain_made = 0;
    g->ochain_status = XCC_OK;
}

/* 1 when the order is 1. */
static int order_one(const xcc_big *order)
{
    xcc_big one = XCC_BIG_ZERO;
    int eq = !xcc_big_set(&one, 1) && xcc_big_cmp(order, &one) == 0;
    xcc_big_free(&one);
    return eq;
}

/*
 * The level of option x under H (generators gopt: H's generators as
 * option permutations): its orbit and inverse transversal, made by
 * following the generators from x. *size 1: no level.
 */
static xcc_status olevel_make(const xcc_sym *g, const xcc_sym_gens *H, int **gopt, int x,
                              xcc_sym_olevel *L, size_t *ints)
{
    int no = g->pr.options;
    size_t nu = (size_t)no;
    memset(L, 0, sizeof *L);
    L->x = x;
    L->pts = malloc(nu * sizeof *L->pts);
    L->where = malloc(nu * sizeof *L->where);
    int *parent = malloc(nu * sizeof *parent), *via = malloc(nu * sizeof *via);
    xcc_status st = XCC_NO_MEMORY;
    if (!L->pts || !L->where || !parent || !via)
        goto out;
    for (int o = 0; o < no; o++)
        L->where[o] = -1;
    L->pts[0] = x;
    L->where[x] = 0;
    L->size = 1;
    for (int i = 0; i < L->size; i++)
        for (int s = 0; s < H->count; s++) {
            int q = gopt[s][L->pts[i]];
            if (L->where[q] >= 0)
                continue;
            L->where[q] = L->size;
            parent[L->size] = i;
            via[L->size] = s;
            L->pts[L->size++] = q;
        }
    if (L->size > 1) {
        size_t size = (size_t)L->size;
        if (*ints + size * nu > XCC_SYM_CHAIN_INTS) {
            st = XCC_REFUSED;
            goto out;
        }
        *ints += size * nu;
        int *all = malloc(size * nu * sizeof *all); /* u_i, one after the other */
        L->uinv = malloc(size * nu * sizeof *L->uinv);
        if (!all || !L->uinv) {
            free(all);
            goto out;
        }
        for (int o = 0; o < no; o++)
            all[o] = o;
        for (size_t i = 1; i < size; i++) { /* u_i = generator via[i] after u_parent */
            const int *up = all + (size_t)parent[i] * nu, *gs = gopt[via[i]];
            int *ui = all + i * nu;
            for (int o = 0; o < no; o++)
                ui[o] = gs[up[o]];
        }
        for (size_t i = 0; i < size; i++)
            for (int o = 0; o < no; o++)
                L->uinv[i * nu + (size_t)all[i * nu + (size_t)o]] = o;
        free(all);
    }
    st = XCC_OK;
out:
    free(parent);
    free(via);
    return st;
}

xcc_status xcc_sym_ochain_make(xcc_sym *g)
{
    if (g->ochain_made)
        return g->ochain_status;
    const xcc_sym_graph *gr = &g->gr;
    int no = g->pr.options, n = gr->n;
    xcc_sym_gens H, H2;
    memset(&H, 0, sizeof H);
    H.n = n;
    H.order_known = 1;
    xcc_status st = XCC_NO_MEMORY;
    char *fixed = calloc((size_t)gr->nclass + 1, 1);
    int **gopt = NULL;
    size_t ints = 0;
    g->olev = calloc((size_t)no + 1, sizeof *g->olev);
    if (!fixed || !g->olev || xcc_big_set(&H.order, 1))
        goto out;
    /* the group the search found: its generators, and its order from the search's orbits */
    for (int k = g->top; k < g->depth; k++)
        if (xcc_big_mul_u64(&H.order, (uint64_t)g->orbit[k]))
            goto out;
    if (g->ngens && !(H.perm = malloc((size_t)g->ngens * sizeof *H.perm)))
        goto out;
    for (int k = 0; k < g->ngens; k++) {
        if (!(H.perm[k] = malloc((size_t)n * sizeof(int))))
            goto out;
        memcpy(H.perm[k], g->gens[k], (size_t)n * sizeof(int));
        H.count = H.cap = k + 1;
    }
    for (int x = 0; x < no && H.count && !order_one(&H.order); x++) {
        int c = gr->opt_class[x];
        if (fixed[c]) /* a copy of an option before: fixed with it */
            continue;
        fixed[c] = 1;
        gopt = calloc((size_t)H.count, sizeof *gopt);
        if (!gopt)
            goto out;
        for (int s = 0; s < H.count; s++) {
            if (!(gopt[s] = malloc(((size_t)no + 1) * sizeof(int))))
                goto out;
            xcc_sym_option_perm(g, H.perm[s], gopt[s]);
        }
        xcc_sym_olevel *L = &g->olev[g->onlev];
        st = olevel_make(g, &H, gopt, x, L, &ints);
        g->onlev++; /* freed with the chain, made or not */
        if (st)
            goto out;
        st = XCC_NO_MEMORY;
        for (int s = 0; s < H.count; s++)
            free(gopt[s]);
        free(gopt);
        gopt = NULL;
        if (L->size == 1) { /* x is fixed by H: no level */
            free(L->pts);
            free(L->where);
            g->onlev--;
            memset(L, 0, sizeof *L);
            continue;
        }
        /* H := its stabiliser of x, whose order Schreier-Sims must reach */
        if ((st = xcc_sym_stab(&H, xcc_sym_class_vertex(gr, c), XCC_SYM_CHAIN_INTS, &H2)))
            goto out;
        xcc_sym_gens_free(&H);
        H = H2;
        if (!H.order_known) {
            st = XCC_REFUSED;
            goto out;
        }
        st = XCC_NO_MEMORY;
    }
    st = XCC_OK;
out:
    if (gopt)
        for (int s = 0; s < H.count; s++)
            free(gopt[s]);
    free(gopt);
    free(fixed);
    xcc_sym_gens_free(&H);
    if (st) {
        xcc_sym_ochain_free(g);
        g->olev = NULL;
    }
    g->ochain_made = 1;
    g->ochain_status = st;
    return st;
}

/* ---- the least image ------------------------------------------------------------ */

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static uint64_t hash_set(const int *t, int n)
{
    uint64_t z = 0x9e3779b97f4a7c15ULL;
    for (int k = 0; k < n; k++) { /* each element mixed in whole (splitmix64's finaliser) */
        z += (uint64_t)(unsigned)t[k] + 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
    }
    return z;
}

/* The candidates: count sets of n options, sorted, one after the other. */
typedef struct cands {
    int *t;
    size_t count, cap;
} cands;

/* Room for one more set; 1 when past the budget or out of memory. */
static int cands_room(cands *C, int n)
{
    if (C->count < C->cap)
        return 0;
    size_t cap = 2 * C->cap + 16;
    if (cap * (size_t)n > XCC_SYM_CANON_INTS)
        return 1;
    int *q = realloc(C->t, (cap * (size_t)n + 1) * sizeof *q);
    if (!q)
        return 1;
    C->t = q;
    C->cap = cap;
    return 0;
}

/* A hash table of indices into a cands, to keep each set once; at most half full. */
typedef struct seen {
    size_t *slot, size, used; /* slot holds index + 1, 0: empty */
} seen;

static void seen_put(seen *S, const cands *C, int n, size_t idx)
{
    size_t h = (size_t)hash_set(C->t + idx * (size_t)n, n) & (S->size - 1);
    while (S->slot[h])
        h = (h + 1) & (S->size - 1);
    S->slot[h] = idx + 1;
    S->used++;
}

/* An empty table of at least `size` slots (a power of 2); 1 when memory is short. */
static int seen_reset(seen *S, size_t size)
{
    if (size > S->size) {
        free(S->slot);
        if (!(S->slot = malloc(size * sizeof *S->slot))) {
            S->size = 0;
            return 1;
        }
        S->size = size;
    }
    memset(S->slot, 0, S->size * sizeof *S->slot);
    S->used = 0;
    return 0;
}

/*
 * Keeps the last set of C unless an equal one is there (then drops it);
 * 1 when memory is short.
 */
static int keep_once(seen *S, cands *C, int n)
{
    size_t last = C->count - 1;
    const int *t = C->t + last * (size_t)n;
    size_t h = (size_t)hash_set(t, n) & (S->size - 1);
    while (S->slot[h]) {
        if (!memcmp(C->t + (S->slot[h] - 1) * (size_t)n, t, (size_t)n * sizeof *t)) {
            C->count--;
            return 0;
        }
        h = (h + 1) & (S->size - 1);
    }
    if (2 * (S->used + 1) <= S->size) {
        S->slot[h] = last + 1;
        S->used++;
        return 0;
    }
    if (seen_reset(S, 2 * S->size)) /* twice as large, every set in again */
        return 1;
    for (size_t i = 0; i <= last; i++)
        seen_put(S, C, n, i);
    return 0;
}

int xcc_sym_canonical_chain(xcc_sym *g, const int *a, int n)
{
    if (xcc_sym_ochain_make(g))
        return -1;
    if (!g->onlev || n == 0)
        return 1;
    size_t nn = (size_t)n;
    cands C = {0}, D = {0};
    seen S = {0};
    int result = -1;
    if (cands_room(&C, n))
        goto out;
    memcpy(C.t, a, nn * sizeof *a);
    C.count = 1;
    /* c: how many options of the least image are before x (all candidates hold them) */
    int c = 0, j = 0, last = g->olev[g->onlev - 1].x;
    for (int x = 0; x <= last; x++) {
        if (j < g->onlev && g->olev[j].x == x) {
            const xcc_sym_olevel *L = &g->olev[j++];
            int any = 0;
            for (size_t i = 0; i < C.count && !any; i++)
                for (int e = c; e < n && !any; e++)
                    any = L->where[C.t[i * nn + (size_t)e]] >= 0;
            D.count = 0;
            if (seen_reset(&S, 64))
                goto out;
            for (size_t i = 0; i < C.count; i++) {
                const int *t = C.t + i * nn;
                for (int k = any ? c : 0; k < (any ? n : L->size); k++) {
                    int y = any ? t[k] : L->pts[k];
                    if (any && L->where[y] < 0)
                        continue;
                    if (cands_room(&D, n))
                        goto out;
                    const int *ui = L->uinv + (size_t)L->where[y] * (size_t)g->pr.options;
                    int *img = D.t + D.count * nn;
                    for (int e = 0; e < n; e++)
                        img[e] = ui[t[e]];
                    qsort(img + c, nn - (size_t)c, sizeof *img, cmp_int); /* those before x stay */
                    D.count++;
                    if (keep_once(&S, &D, n))
                        goto out;
                }
            }
            cands T = C;
            C = D;
            D = T;
        }
        /* is x in the least image? then only the candidates holding it go on */
        size_t kept = 0;
        for (size_t i = 0; i < C.count; i++)
            if (c < n && C.t[i * nn + (size_t)c] == x) {
                if (kept != i)
                    memcpy(C.t + kept * nn, C.t + i * nn, nn * sizeof *C.t);
                kept++;
            }
        if (kept) {
            if (c >= n || a[c] != x) { /* an image holds x, the set does not: not the least */
                result = 0;
                goto out;
            }
            C.count = kept;
            c++;
        }
    }
    /* below the last level the group is trivial: the candidates are images, compared whole */
    result = 1;
    for (size_t i = 0; i < C.count && result; i++)
        for (int e = c; e < n; e++)
            if (C.t[i * nn + (size_t)e] != a[e]) {
                result = C.t[i * nn + (size_t)e] > a[e];
                break;
            }
out:
    free(C.t);
    free(D.t);
    free(S.slot);
    return result;
}
