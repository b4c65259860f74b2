/*
 * schreier.c — stabilisers of a group too large to list
 * (formats/symmetry.md): from generators of a group H (permutations of
 * the graph's vertices) and, when known, its order, generators of the
 * stabiliser H_p of a vertex p, by the random Schreier-Sims method: a
 * chain of stabilisers of H with p as its first base point is grown by
 * sifting random elements of H through it; an element that does not sift
 * to the identity becomes a strong generator at the level where it
 * stopped. The chain is complete when the product of its orbit sizes is
 * |H|; the strong generators that fix p then generate H_p, of order
 * |H| / |p^H|. Without the order (or past the work allowed) the chain
 * may be short of complete: its generators that fix p still generate a
 * subgroup of H_p, and the count with the group's help is exact with
 * any subgroup of the stabiliser (it only helps less).
 */
#include "sym.h"

#include <stdlib.h>
#include <string.h>

void xcc_sym_gens_free(xcc_sym_gens *G)
{
    for (int k = 0; k < G->count; k++)
        free(G->perm[k]);
    free(G->perm);
    xcc_big_free(&G->order);
    memset(G, 0, sizeof *G);
}

/* Adds a copy of perm (n points) to G; 1 when memory is short. */
static int gens_add(xcc_sym_gens *G, const int *perm)
{
    if (G->count == G->cap) {
        int cap = 2 * G->cap + 8;
        int **q = realloc(G->perm, (size_t)cap * sizeof *q);
        if (!q)
            return 1;
        G->perm = q;
        G->cap = cap;
    }
    int *c = malloc((size_t)G->n * sizeof *c);
    if (!c)
        return 1;
    memcpy(c, perm, (size_t)G->n * sizeof *c);
    G->perm[G->count++] = c;
    return 0;
}

/* ---- the chain being grown ---------------------------------------------------- */

typedef struct sslevel {
    int b, size;
    int *pts, *where;   /* the orbit of b, and each vertex's index in it or -1 */
    int **u;            /* u[i] sends b to pts[i] */
} sslevel;

typedef struct ss {
    int n;
    int nlev, levcap;
    sslevel *lev;
    xcc_sym_gens strong;   /* the strong generators, */
    int *glev;             /* strong one k fixes the base points before level glev[k] */
    int glevcap;
    size_t ints, max_ints; /* the transversals' size, and the most allowed */
    uint64_t rng;
    int *tmp;
} ss;

/* Adds perm to the strong generators, fixing the base points before level j; nonzero when out of memory. */
static int strong_add(ss *S, const int *perm, int j)
{
    if (gens_add(&S->strong, perm))
        return 1;
    if (S->strong.count > S->glevcap) {
        int *q = realloc(S->glev, (size_t)S->strong.cap * sizeof *q);
        if (!q)
            return 1;
        S->glev = q;
        S->glevcap = S->strong.cap;
    }
    S->glev[S->strong.count - 1] = j;
    return 0;
}

static uint64_t next_random(ss *S)
{
    S->rng ^= S->rng << 13;
    S->rng ^= S->rng >> 7;
    S->rng ^= S->rng << 17;
    return S->rng;
}

static void level_clear(sslevel *L)
{
    for (int i = 0; i < L->size; i++)
        free(L->u[i]);
    free(L->u);
    free(L->pts);
    free(L->where);
    memset(L, 0, sizeof *L);
}

/*
 * Level j's orbit and transversal, from the strong generators of level
 * j or deeper: 0, 1 out of memory, 2 past the size allowed.
 */
static int level_make(ss *S, int j)
{
    sslevel *L = &S->lev[j];
    int b = L->b, n = S->n;
    S->ints -= (size_t)L->size * (size_t)n;
    level_clear(L);
    L->b = b;
    L->pts = malloc((size_t)n * sizeof *L->pts);
    L->where = malloc((size_t)n * sizeof *L->where);
    L->u = calloc((size_t)n, sizeof *L->u);
    if (!L->pts || !L->where || !L->u)
        return 1;
    for (int v = 0; v < n; v++)
        L->where[v] = -1;
    if (!(L->u[0] = malloc((size_t)n * sizeof(int))))
        return 1;
    for (int v = 0; v < n; v++)
        L->u[0][v] = v;
    L->pts[0] = b;
    L->where[b] = 0;
    L->size = 1;
    S->ints += (size_t)n;
    for (int i = 0; i < L->size; i++)
        for (int k = 0; k < S->strong.count; k++) {
            if (S->glev[k] < j)
                continue;
            const int *s = S->strong.perm[k];
            int q = s[L->pts[i]];
            if (L->where[q] >= 0)
                continue;
            if (S->ints + (size_t)n > S->max_ints)
                return 2;
            int *u = malloc((size_t)n * sizeof *u);
            if (!u)
                return 1;
            for (int v = 0; v < n; v++)
                u[v] = s[L->u[i][v]];
            L->where[q] = L->size;
            L->pts[L->size] = q;
            L->u[L->size++] = u;
            S->ints += (size_t)n;
        }
    return 0;
}

/*
 * Sifts h (changed in place) through the chain: the level where it left
 * the orbits (nlev: it fixes every base point), and h is then the
 * residue; -1 when it sifted to the identity.
 */
static int sift(ss *S, int *h)
{
    int n = S->n, j;
    for (j = 0; j < S->nlev; j++) {
        sslevel *L = &S->lev[j];
        int i = L->where[h[L->b]];
        if (i < 0)
            return j;
        /* h := u_i^-1 h: the point x goes to the y with u_i(y) = h(x) */
        const int *u = L->u[i];
        for (int v = 0; v < n; v++)
            S->tmp[u[v]] = v;
        for (int v = 0; v < n; v++)
            h[v] = S->tmp[h[v]];
    }
    for (int v = 0; v < n; v++)
        if (h[v] != v)
            return j;
    return -1;
}

/* The product of the orbit sizes, compared with order: 0 equal, else not. */
static int complete(const ss *S, const xcc_big *order, int *bad)
{
    xcc_big z = XCC_BIG_ZERO;
    int eq = 1;
    *bad = xcc_big_set(&z, 1);
    for (int j = 0; j < S->nlev && !*bad; j++)
        *bad = xcc_big_mul_u64(&z, (uint64_t)S->lev[j].size);
    if (!*bad)
        eq = xcc_big_cmp(&z, order) == 0;
    xcc_big_free(&z);
    return eq;
}

/* Work allowed: elements sifted in all, and in a row to the identity without the order. */
#define SS_TRIES 4000
#define SS_QUIET 40
#define SS_POOL 10

xcc_status xcc_sym_stab(const xcc_sym_gens *H, int p, size_t max_ints, xcc_sym_gens *out)
{
    int n = H->n;
    memset(out, 0, sizeof *out);
    out->n = n;
    ss S;
    memset(&S, 0, sizeof S);
    S.n = n;
    S.strong.n = n;
    S.max_ints = max_ints;
    S.rng = 0x9e3779b97f4a7c15ULL ^ (uint64_t)(unsigned)p;
    /*
     * product replacement: npool elements and the accumulator (pool[npool]);
     * at least SS_POOL, and every generator among them, else they would
     * make a subgroup only
     */
    int npool = H->count > SS_POOL ? H->count : SS_POOL;
    int **pool = calloc((size_t)npool + 1, sizeof *pool);
    int *h = malloc((size_t)n * sizeof *h);
    S.tmp = malloc((size_t)n * sizeof *S.tmp);
    S.lev = calloc(8, sizeof *S.lev);
    S.levcap = 8;
    xcc_status st = XCC_NO_MEMORY;
    if (!h || !S.tmp || !S.lev || !pool)
        goto out;
    if (!H->count) { /* the trivial group: so is its stabiliser */
        st = xcc_big_set(&out->order, 1) ? XCC_NO_MEMORY : XCC_OK;
        out->order_known = 1;
        goto out;
    }
    for (int k = 0; k < H->count; k++) {
        if (strong_add(&S, H->perm[k], 0))
            goto out;
    }
    S.lev[0].b = p;
    S.nlev = 1;
    int r = level_make(&S, 0);
    if (r == 1)
        goto out;
    int full = r == 0; /* the chain's tables within their size */
    /* the stabiliser's order, when H's is known: |H| / |p^H| */
    if (H->order_known && full) {
        if (xcc_big_copy(&out->order, &H->order))
            goto out;
        out->order_known = xcc_big_div_u64(&out->order, (uint64_t)S.lev[0].size) == 0;
    }
    for (int k = 0; k <= npool; k++) {
        if (!(pool[k] = malloc((size_t)n * sizeof(int))))
            goto out;
        if (k < npool)
            memcpy(pool[k], H->perm[k % H->count], (size_t)n * sizeof(int));
        else
            for (int v = 0; v < n; v++)
                pool[k][v] = v;
    }
    int quiet = 0, bad = 0;
    for (int t = 0; full && t < SS_TRIES + 50; t++) {
        /* a product replacement step: pool[a] := pool[a] pool[b], the accumulator times it */
        int a = (int)(next_random(&S) % (unsigned)npool);
        int b = (int)(next_random(&S) % (unsigned)(npool - 1));
        b += b >= a;
        for (int v = 0; v < n; v++)
            S.tmp[v] = pool[a][pool[b][v]];
        memcpy(pool[a], S.tmp, (size_t)n * sizeof(int));
        for (int v = 0; v < n; v++)
            S.tmp[v] = pool[a][pool[npool][v]];
        memcpy(pool[npool], S.tmp, (size_t)n * sizeof(int));
        if (t < 50)
            continue; /* the first steps only stir */
        if (out->order_known && complete(&S, &H->order, &bad))
            break;
        if (bad)
            goto out;
        if (!out->order_known && quiet >= SS_QUIET)
            break;
        memcpy(h, pool[npool], (size_t)n * sizeof(int));
        int j = sift(&S, h);
        if (j < 0) {
            quiet++;
            continue;
        }
        quiet = 0;
        if (j == S.nlev) { /* h fixes every base point: a new one, a point h moves */
            if (S.nlev == S.levcap) {
                sslevel *q = realloc(S.lev, (size_t)(2 * S.levcap) * sizeof *q);
                if (!q)
                    goto out;
                S.lev = q;
                memset(S.lev + S.levcap, 0, (size_t)S.levcap * sizeof *q);
                S.levcap *= 2;
            }
            int x = 0;
            while (h[x] == x)
                x++;
            S.lev[S.nlev++].b = x;
        }
        if (strong_add(&S, h, j))
            goto out;
        for (int i = 1; i <= j && full; i++) {
            r = level_make(&S, i);
            if (r == 1)
                goto out;
            full = r == 0;
        }
    }
    /* the order stays known only when the chain was found complete */
    if (out->order_known && !(full && complete(&S, &H->order, &bad)))
        out->order_known = 0;
    if (bad)
        goto out;
    for (int k = 0; k < S.strong.count; k++)
        if (S.glev[k] >= 1 && gens_add(out, S.strong.perm[k]))
            goto out;
    st = XCC_OK;
out:
    for (int j = 0; j < S.nlev; j++)
        level_clear(&S.lev[j]);
    free(S.lev);
    xcc_sym_gens_free(&S.strong);
    free(S.glev);
    free(S.tmp);
    free(h);
    for (int k = 0; pool && k <= npool; k++)
        free(pool[k]);
    free(pool);
    if (st)
        xcc_sym_gens_free(out);
    return st;
}
