/*
 * canon.c — whether a set of options is the least of its images under a
 * group too large to list (formats/symmetry.md, "One solution per
 * class"). The group acts on options; a chain of stabilisers whose base
 * is the options in their order (K_0 = G, K_{x+1} the stabiliser of x in
 * K_x) is made once, each stabiliser by Schreier-Sims (schreier.c) from
 * the search's generators and order. Sets of the same size compare, as
 * sorted lists of option numbers, as their first difference says: the
 * set holding the first option where they differ is the less. So the
 * images of the set a are compared with a option by option, x = 0, 1,
 * 2, ...: a coset of K_x is known by one image t, its images k(t) all
 * alike on the options before x (K_x fixes them). K_x is the union of
 * the cosets K_{x+1} u_y^-1 (u_y in K_x sending x to y, y in the orbit O
 * of x), and x is in k(t) for k in K_{x+1} u_y^-1 exactly when y is in
 * t. Where a holds x and t meets O, the cosets of the y of t in O go on
 * (the others' images are greater than a); where a lacks x and t meets
 * O, an image less than a is found; where neither, every y goes on. The
 * walk is depth first and stops at the first image less than a.
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

static uint64_t hash_set(int level, const int *t, int n)
{
    uint64_t z = 0x9e3779b97f4a7c15ULL * (uint64_t)(level + 1);
    for (int k = 0; k < n; k++) { /* each element mixed in whole (splitmix64's finaliser) */
        z += (uint64_t)(unsigned)t[k] + 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
    }
    return z;
}

/*
 * The walk: the set a (n options, sorted) against the cosets of the
 * chain's levels, depth first. seen holds the sets met at each level
 * (sets + level), kept once in a hash table at most half full; scratch
 * one set per level.
 */
typedef struct walk {
    const xcc_sym *g;
    const int *a;
    int n;
    int *sets, *level;       /* count sets of n options, and the level of each */
    size_t count, cap;
    size_t *slot, size;      /* index + 1, 0: empty */
    int *scratch;            /* (levels + 1) sets */
    int failed;              /* memory or the budget ran out */
} walk;

enum { EQUAL, LESS }; /* an image of this coset less than a found, or none */

static void slot_put(walk *W, size_t idx)
{
    size_t h = (size_t)hash_set(W->level[idx], W->sets + idx * (size_t)W->n, W->n) & (W->size - 1);
    while (W->slot[h])
        h = (h + 1) & (W->size - 1);
    W->slot[h] = idx + 1;
}

/* 1 when set t was met at level j before, else it is kept (0); failed when memory ran out. */
static int met(walk *W, int j, const int *t)
{
    size_t nn = (size_t)W->n, h = (size_t)hash_set(j, t, W->n) & (W->size - 1);
    while (W->slot[h]) {
        size_t i = W->slot[h] - 1;
        if (W->level[i] == j && !memcmp(W->sets + i * nn, t, nn * sizeof *t))
            return 1;
        h = (h + 1) & (W->size - 1);
    }
    if (W->count == W->cap) {
        size_t cap = 2 * W->cap + 64;
        size_t budget = W->g->canon_ints ? W->g->canon_ints : XCC_SYM_CANON_INTS;
        int *q = cap * (nn + 1) > budget ? NULL
                 : realloc(W->sets, (cap * nn + 1) * sizeof *q);
        int *l = q ? realloc(W->level, cap * sizeof *l) : NULL;
        if (q)
            W->sets = q;
        if (!l) {
            W->failed = 1;
            return 1;
        }
        W->level = l;
        W->cap = cap;
    }
    memcpy(W->sets + W->count * nn, t, nn * sizeof *t);
    W->level[W->count] = j;
    W->count++;
    if (2 * W->count > W->size) { /* twice as large, every set in again */
        size_t size = W->size ? 2 * W->size : 256;
        size_t *q = calloc(size, sizeof *q);
        if (!q) {
            W->failed = 1;
            return 1;
        }
        free(W->slot);
        W->slot = q;
        W->size = size;
        for (size_t i = 0; i < W->count; i++)
            slot_put(W, i);
    } else {
        W->slot[h] = W->count;
    }
    return 0;
}

/*
 * The images k(t), k in K_x (level j's group, x its first point not
 * yet compared; t agrees with a on the options before x, c of them):
 * LESS when one is less than a, else EQUAL (none less; the walk stops
 * at the first LESS).
 */
static int coset(walk *W, int j, int x, int c, const int *t0)
{
    const xcc_sym *g = W->g;
    const int *a = W->a;
    int n = W->n;
    size_t nn = (size_t)n;
    int *t = W->scratch + (size_t)j * nn;
    memcpy(t, t0, nn * sizeof *t);
    int last = g->olev[g->onlev - 1].x;
    for (;; x++) {
        int tin = c < n && t[c] == x, ain = c < n && a[c] == x;
        if (j < g->onlev && g->olev[j].x == x)
            break;
        if (x > last) { /* the group fixes every option from here: the sets compared */
            for (int e = c; e < n; e++)
                if (t[e] != a[e])
                    return t[e] < a[e] ? LESS : EQUAL;
            return EQUAL;
        }
        if (tin != ain) /* holding x makes the less set */
            return tin ? LESS : EQUAL;
        c += tin;
    }
    /* level j: K_x is the union of K_{x+1} u_y^-1, y in x's orbit O; x in u_y^-1(t) iff y in t */
    const xcc_sym_olevel *L = &g->olev[j];
    int ain = c < n && a[c] == x, any = 0;
    for (int e = c; e < n && !any; e++)
        any = L->where[t[e]] >= 0;
    if (any != ain)
        return any ? LESS : EQUAL;
    int *img = W->scratch + ((size_t)g->onlev + 1) * nn; /* the child, before it is kept */
    for (int k = any ? c : 0; k < (any ? n : L->size); k++) {
        int y = any ? t[k] : L->pts[k];
        if (any && L->where[y] < 0)
            continue;
        const int *ui = L->uinv + (size_t)L->where[y] * (size_t)g->pr.options;
        for (int e = 0; e < n; e++)
            img[e] = ui[t[e]];
        qsort(img + c, nn - (size_t)c, sizeof *img, cmp_int); /* those before x stay */
        if (met(W, j + 1, img)) {
            if (W->failed)
                return EQUAL;
            continue; /* its cosets walked before */
        }
        if (coset(W, j + 1, x + 1, c + any, W->sets + (W->count - 1) * nn) == LESS)
            return LESS;
        if (W->failed)
            return EQUAL;
    }
    return EQUAL;
}

/*
 * Whether a is the least of its images: depth first over the chain's
 * cosets, those whose images agree with a so far, until an image less
 * than a is found (most sets that are not canonical stop early) or none
 * is left. The sets met at each level are kept once: a coset whose
 * images agree with a on the options before x is known by one of them,
 * and met again it is not walked again.
 */
int xcc_sym_canonical_chain(xcc_sym *g, const int *a, int n)
{
    if (xcc_sym_ochain_make(g))
        return -1;
    if (!g->onlev || n == 0)
        return 1;
    walk W;
    memset(&W, 0, sizeof W);
    W.g = g;
    W.a = a;
    W.n = n;
    W.scratch = malloc(((size_t)g->onlev + 2) * (size_t)n * sizeof *W.scratch);
    W.size = 256;
    W.slot = calloc(W.size, sizeof *W.slot);
    if (!W.scratch || !W.slot) {
        free(W.scratch);
        free(W.slot);
        return -1;
    }
    int r = coset(&W, 0, 0, 0, a);
    free(W.scratch);
    free(W.sets);
    free(W.level);
    free(W.slot);
    return W.failed ? -1 : r == EQUAL;
}
