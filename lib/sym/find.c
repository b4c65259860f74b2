/*
 * find.c — the automorphisms of the colored incidence graph, by
 * partition refinement with individualization (formats/symmetry.md).
 *
 * The partition. lab[] lists the vertices cell by cell, pos[] is its
 * inverse; cs[i] is the first position of the cell holding position i,
 * ce[s] the end of the cell that starts at s. A cell is split by
 * writing a new start into cs over its tail; every new start goes on a
 * log, so that a node of the search is undone by merging the cells made
 * since, in reverse order. The order of the vertices inside a cell
 * means nothing and is not restored.
 *
 * Refinement makes the partition equitable (every vertex of a cell has
 * as many neighbours in each cell as the others of its cell): a queue of
 * splitter cells; for each, the neighbours' counts split the cells they
 * fall in, fragments ordered by count (the untouched last); of a cell
 * split that was not waiting, the first largest fragment is not queued
 * (Hopcroft). Cells are taken in order of position, so the whole run,
 * and the trace hashed along it, depends on the graph and the cells
 * only: an automorphism maps a node to a node with the same trace.
 */
#include "sym.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct part {
    int n;
    int *lab, *pos, *cs, *ce;
    int ncells;
    int *log, nlog;
    int *queue, qh, qt;   /* ring of cell starts, each at most once */
    char *inq;
    int *cnt, *touched, *tcount, *tcells, *wbuf;
    uint64_t *sortbuf;
} part;

typedef struct search {
    const xcc_sym_graph *gr;
    part P;
    struct timespec t0;
    double budget;
    long long work;       /* edges visited since the clock was last read */
    int out_of_time;
    /* the first path */
    int d;
    int *tcell, *bpt, *loglen;  /* per level */
    uint64_t *trace;
    int *zeta;
    /* leaf tests */
    int *perm, *mark, stamp;
    /* cells' vertices, saved while their children are tried */
    int *stack, sp, scap;
    /* orbits of the group found so far */
    int *uf, *ufsize, *failed;
} search;

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* Whether the budget is spent (the clock read every 65536 edges). */
static int spent(search *S)
{
    if (S->out_of_time)
        return 1;
    if (S->budget > 0 && S->work > (1 << 16)) {
        S->work = 0;
        if (seconds_since(&S->t0) > S->budget)
            S->out_of_time = 1;
    }
    return S->out_of_time;
}

static uint64_t mix(uint64_t h, uint64_t a, uint64_t b, uint64_t c)
{
    h ^= a + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    h ^= b + (h >> 29);
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= c + (h >> 32);
    return h;
}

static void part_free(part *P)
{
    free(P->lab);
    free(P->pos);
    free(P->cs);
    free(P->ce);
    free(P->log);
    free(P->queue);
    free(P->inq);
    free(P->cnt);
    free(P->touched);
    free(P->tcount);
    free(P->tcells);
    free(P->wbuf);
    free(P->sortbuf);
}

static int part_init(part *P, const xcc_sym_graph *gr)
{
    int n = gr->n;
    size_t m = (size_t)n + 1;
    memset(P, 0, sizeof *P);
    P->n = n;
    P->lab = malloc(m * sizeof(int));
    P->pos = malloc(m * sizeof(int));
    P->cs = malloc(m * sizeof(int));
    P->ce = malloc(m * sizeof(int));
    P->log = malloc(m * sizeof(int));
    P->queue = malloc(m * sizeof(int));
    P->inq = calloc(m, 1);
    P->cnt = calloc(m, sizeof(int));
    P->touched = malloc(m * sizeof(int));
    P->tcount = calloc(m, sizeof(int));
    P->tcells = malloc(m * sizeof(int));
    P->wbuf = malloc(m * sizeof(int));
    P->sortbuf = malloc(m * sizeof(uint64_t));
    if (!P->lab || !P->pos || !P->cs || !P->ce || !P->log || !P->queue || !P->inq || !P->cnt
        || !P->touched || !P->tcount || !P->tcells || !P->wbuf || !P->sortbuf) {
        part_free(P);
        return 1;
    }
    int s = 0;
    for (int i = 0; i < n; i++) {
        P->lab[i] = gr->init_lab[i];
        P->pos[P->lab[i]] = i;
        if (gr->init_cell[i]) {
            if (i > 0)
                P->ce[s] = i;
            s = i;
            P->ncells++;
        }
        P->cs[i] = s;
    }
    if (n > 0)
        P->ce[s] = n;
    return 0;
}

static void push(part *P, int c)
{
    if (!P->inq[c]) {
        P->inq[c] = 1;
        P->queue[P->qt] = c;
        P->qt = (P->qt + 1) % (P->n + 1);
    }
}

static void clear_queue(part *P)
{
    while (P->qh != P->qt) {
        P->inq[P->queue[P->qh]] = 0;
        P->qh = (P->qh + 1) % (P->n + 1);
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Splits cell c by the counts of its k touched vertices (at its front). */
static uint64_t split(part *P, int c, int k, uint64_t h)
{
    int end = P->ce[c], size = end - c;
    if (k == size) {
        int first = P->cnt[P->lab[c]], same = 1;
        for (int i = c + 1; i < end && same; i++)
            same = P->cnt[P->lab[i]] == first;
        if (same)
            return mix(h, (uint64_t)c, (uint64_t)first, 0);
    }
    for (int j = 0; j < k; j++)
        P->sortbuf[j] = (uint64_t)(uint32_t)P->cnt[P->lab[c + j]] << 32 | (uint32_t)P->lab[c + j];
    qsort(P->sortbuf, (size_t)k, sizeof *P->sortbuf, cmp_u64);
    for (int j = 0; j < k; j++) {
        int v = (int)(uint32_t)P->sortbuf[j];
        P->lab[c + j] = v;
        P->pos[v] = c + j;
    }
    int was_queued = P->inq[c], large = c, large_size = 0;
    for (int s = c; s < end;) {
        int e, key;
        if (s < c + k) {
            key = P->cnt[P->lab[s]];
            for (e = s + 1; e < c + k && P->cnt[P->lab[e]] == key; e++)
                ;
        } else {
            key = 0;
            e = end;
        }
        h = mix(h, (uint64_t)s, (uint64_t)key, (uint64_t)(e - s));
        P->ce[s] = e;
        if (s != c) {
            for (int i = s; i < e; i++)
                P->cs[i] = s;
            P->log[P->nlog++] = s;
            P->ncells++;
        }
        if (e - s > large_size) {
            large_size = e - s;
            large = s;
        }
        s = e;
    }
    for (int f = c; f < end; f = P->ce[f])
        if (was_queued ? f != c : f != large)
            push(P, f);
    return h;
}

/* Refines to the coarsest equitable partition below; its trace, or 0 out of time. */
static uint64_t refine(search *S)
{
    part *P = &S->P;
    const xcc_sym_graph *gr = S->gr;
    uint64_t h = 0x243f6a8885a308d3ULL;
    while (P->qh != P->qt) {
        if (spent(S)) {
            clear_queue(P);
            return 0;
        }
        int W = P->queue[P->qh];
        P->qh = (P->qh + 1) % (P->n + 1);
        P->inq[W] = 0;
        int wn = P->ce[W] - W, nt = 0, ntc = 0;
        memcpy(P->wbuf, P->lab + W, (size_t)wn * sizeof(int));
        for (int i = 0; i < wn; i++) {
            int v = P->wbuf[i];
            S->work += gr->start[v + 1] - gr->start[v];
            for (int e = gr->start[v]; e < gr->start[v + 1]; e++) {
                int u = gr->adj[e];
                if (P->cnt[u]++ == 0) {
                    P->touched[nt++] = u;
                    int pu = P->pos[u], c = P->cs[pu], k = P->tcount[c]++;
                    if (k == 0)
                        P->tcells[ntc++] = c;
                    int pt = c + k, t = P->lab[pt];
                    P->lab[pu] = t;
                    P->pos[t] = pu;
                    P->lab[pt] = u;
                    P->pos[u] = pt;
                }
            }
        }
        qsort(P->tcells, (size_t)ntc, sizeof(int), cmp_int);
        h = mix(h, (uint64_t)W, (uint64_t)ntc, (uint64_t)nt);
        for (int j = 0; j < ntc; j++) {
            int c = P->tcells[j], k = P->tcount[c];
            P->tcount[c] = 0;
            h = split(P, c, k, h);
        }
        for (int j = 0; j < nt; j++)
            P->cnt[P->touched[j]] = 0;
    }
    h = mix(h, (uint64_t)P->ncells, 1, 2);
    return h ? h : 1;
}

/* Makes v a cell of its own (at the front of its cell) and queues it. */
static void individualize(part *P, int v)
{
    int p = P->pos[v], c = P->cs[p], end = P->ce[c];
    int t = P->lab[c];
    P->lab[p] = t;
    P->pos[t] = p;
    P->lab[c] = v;
    P->pos[v] = c;
    P->ce[c + 1] = end;
    P->ce[c] = c + 1;
    for (int i = c + 1; i < end; i++)
        P->cs[i] = c + 1;
    P->log[P->nlog++] = c + 1;
    P->ncells++;
    push(P, c);
}

/* Back to the partition that had `len` new starts on the log. */
static void undo(part *P, int len)
{
    while (P->nlog > len) {
        int s = P->log[--P->nlog], p = P->cs[s - 1], end = P->ce[s];
        P->ce[p] = end;
        for (int i = s; i < end; i++)
            P->cs[i] = p;
        P->ncells--;
    }
}

/* The first smallest cell of more than one vertex, or -1 if all are singletons. */
static int target_cell(search *S)
{
    const part *P = &S->P;
    S->work += P->ncells;
    int best = -1, bs = INT_MAX;
    for (int c = 0; c < P->n; c = P->ce[c]) {
        int size = P->ce[c] - c;
        if (size > 1 && size < bs) {
            best = c;
            bs = size;
            if (size == 2)
                break;
        }
    }
    return best;
}

/* Saves cell c's vertices on the stack; returns where they are. */
static int save_cell(search *S, int c)
{
    int size = S->P.ce[c] - c;
    if (S->sp + size > S->scap) {
        int cap = 2 * (S->sp + size) + 16;
        int *q = realloc(S->stack, (size_t)cap * sizeof *q);
        if (!q)
            return -1;
        S->stack = q;
        S->scap = cap;
    }
    memcpy(S->stack + S->sp, S->P.lab + c, (size_t)size * sizeof(int));
    S->work += size;
    int at = S->sp;
    S->sp += size;
    return at;
}

/* Whether the leaf's map from the first leaf is an automorphism (then in S->perm). */
static int leaf_is_automorphism(search *S)
{
    const xcc_sym_graph *gr = S->gr;
    int n = gr->n;
    for (int i = 0; i < n; i++)
        S->perm[S->zeta[i]] = S->P.lab[i];
    S->work += gr->start[n];
    for (int v = 0; v < n; v++) {
        int w = S->perm[v];
        if (++S->stamp == INT_MAX) {
            memset(S->mark, 0, (size_t)n * sizeof *S->mark);
            S->stamp = 1;
        }
        for (int e = gr->start[w]; e < gr->start[w + 1]; e++)
            S->mark[gr->adj[e]] = S->stamp;
        for (int e = gr->start[v]; e < gr->start[v + 1]; e++)
            if (S->mark[S->perm[gr->adj[e]]] != S->stamp)
                return 0;
    }
    return 1;
}

enum { FAIL = 0, FOUND = 1, NOMEM = 2, TIMEOUT = 3 };

/*
 * Below a node at level j whose trace matches the first path's: a leaf
 * equivalent to the first leaf, if any (its map left in S->perm).
 */
static int descend(search *S, int j)
{
    part *P = &S->P;
    if (j == S->d)
        return leaf_is_automorphism(S) ? FOUND : FAIL;
    int c = S->tcell[j], size = P->ce[c] - c, sp0 = S->sp, at = save_cell(S, c);
    if (at < 0)
        return NOMEM;
    int len = P->nlog, r = FAIL;
    for (int i = 0; i < size && r == FAIL; i++) {
        individualize(P, S->stack[at + i]);
        S->work += size;
        uint64_t h = refine(S);
        if (!h)
            r = TIMEOUT;
        else if (h == S->trace[j + 1])
            r = descend(S, j + 1);
        undo(P, len);
    }
    S->sp = sp0;
    return r;
}

static int find(int *uf, int x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* Joins the orbits of perm's cycles; an orbit failed at `level` stays so marked. */
static void join_orbits(search *S, const int *perm, int level)
{
    S->work += S->gr->n;
    for (int v = 0; v < S->gr->n; v++) {
        int a = find(S->uf, v), b = find(S->uf, perm[v]);
        if (a == b)
            continue;
        if (S->ufsize[a] < S->ufsize[b]) {
            int t = a;
            a = b;
            b = t;
        }
        S->uf[b] = a;
        S->ufsize[a] += S->ufsize[b];
        if (S->failed[b] == level)
            S->failed[a] = level;
    }
}

static xcc_status add_generator(xcc_sym *g, const int *perm, int n, int level)
{
    if ((size_t)(g->ngens + 1) * (size_t)n > XCC_SYM_GEN_INTS)
        return XCC_REFUSED;
    int **gens = realloc(g->gens, (size_t)(g->ngens + 1) * sizeof *gens);
    if (!gens)
        return XCC_NO_MEMORY;
    g->gens = gens;
    int *lv = realloc(g->gen_level, (size_t)(g->ngens + 1) * sizeof *lv);
    if (!lv)
        return XCC_NO_MEMORY;
    g->gen_level = lv;
    int *q = malloc(((size_t)n + 1) * sizeof *q);
    if (!q)
        return XCC_NO_MEMORY;
    memcpy(q, perm, (size_t)n * sizeof *q);
    g->gens[g->ngens] = q;
    g->gen_level[g->ngens++] = level;
    return XCC_OK;
}

static void search_free(search *S)
{
    part_free(&S->P);
    free(S->tcell);
    free(S->bpt);
    free(S->loglen);
    free(S->trace);
    free(S->zeta);
    free(S->perm);
    free(S->mark);
    free(S->stack);
    free(S->uf);
    free(S->ufsize);
    free(S->failed);
}

/*
 * The search: the first path down to a discrete partition, then level
 * by level from the bottom, every vertex of the level's target cell not
 * yet known to be in the orbit of the first path's vertex, or in an
 * orbit known not to be, tried for an automorphism.
 */
xcc_status xcc_sym_search(xcc_sym *g, double seconds)
{
    const xcc_sym_graph *gr = &g->gr;
    int n = gr->n;
    search S;
    memset(&S, 0, sizeof S);
    S.gr = gr;
    S.budget = seconds;
    clock_gettime(CLOCK_MONOTONIC, &S.t0);
    xcc_status st = XCC_NO_MEMORY;
    size_t m = (size_t)n + 1;
    if (part_init(&S.P, gr))
        return XCC_NO_MEMORY;
    S.tcell = malloc(m * sizeof(int));
    S.bpt = malloc(m * sizeof(int));
    S.loglen = malloc(m * sizeof(int));
    S.trace = malloc(m * sizeof(uint64_t));
    S.zeta = malloc(m * sizeof(int));
    S.perm = malloc(m * sizeof(int));
    S.mark = calloc(m, sizeof(int));
    S.uf = malloc(m * sizeof(int));
    S.ufsize = malloc(m * sizeof(int));
    S.failed = malloc(m * sizeof(int));
    g->base = malloc(m * sizeof(int));
    g->orbit = malloc(m * sizeof(int));
    if (!S.tcell || !S.bpt || !S.loglen || !S.trace || !S.zeta || !S.perm || !S.mark || !S.uf
        || !S.ufsize || !S.failed || !g->base || !g->orbit)
        goto out;
    for (int v = 0; v < n; v++) {
        S.uf[v] = v;
        S.ufsize[v] = 1;
        S.failed[v] = -1;
    }
    if (xcc_big_set(&g->order, 1))
        goto out;
    g->complete = 0;
    g->depth = 0;
    g->top = 0;

    /* the first path */
    part *P = &S.P;
    for (int c = 0; c < n; c = P->ce[c])
        push(P, c);
    int d = 0;
    for (;;) {
        uint64_t h = refine(&S);
        if (!h) {
            st = XCC_OK; /* out of time: the trivial group */
            g->stopped = "its time budget ran out";
            goto out;
        }
        S.trace[d] = h;
        S.loglen[d] = P->nlog;
        int c = target_cell(&S);
        if (c < 0)
            break;
        S.tcell[d] = c;
        S.bpt[d] = P->lab[c];
        individualize(P, P->lab[c]);
        d++;
    }
    S.d = d;
    memcpy(S.zeta, P->lab, (size_t)n * sizeof(int));
    g->depth = d;
    memcpy(g->base, S.bpt, (size_t)d * sizeof(int));
    for (int k = 0; k < d; k++)
        g->orbit[k] = 1;
    g->top = d;

    for (int k = d - 1; k >= 0; k--) {
        undo(P, S.loglen[k]);
        int c = S.tcell[k], size = P->ce[c] - c;
        S.sp = 0;
        int at = save_cell(&S, c);
        if (at < 0)
            goto out;
        int b = S.bpt[k], r = FAIL;
        g->top = k;
        for (int i = 0; i < size; i++) {
            int w = S.stack[at + i], root = find(S.uf, w);
            if (w == b || root == find(S.uf, b) || S.failed[root] == k)
                continue;
            individualize(P, w);
            S.work += size;
            uint64_t h = refine(&S);
            r = !h ? TIMEOUT : h == S.trace[k + 1] ? descend(&S, k + 1) : FAIL;
            undo(P, S.loglen[k]);
            if (r == NOMEM)
                goto out;
            if (r == TIMEOUT)
                break;
            if (r == FOUND) {
                xcc_status a = add_generator(g, S.perm, n, k);
                if (a == XCC_REFUSED) {
                    g->stopped = "its generators would take more than " XCC_SYM_GEN_TEXT;
                    r = TIMEOUT;
                    break;
                }
                if (a)
                    goto out;
                join_orbits(&S, S.perm, k);
            } else {
                S.failed[find(S.uf, w)] = k;
            }
        }
        g->orbit[k] = S.ufsize[find(S.uf, b)];
        if (r == TIMEOUT)
            break;
    }
    if (S.out_of_time)
        g->stopped = "its time budget ran out";
    g->complete = !g->stopped;
    if (g->complete)
        g->top = 0;
    for (int k = g->top; k < d; k++)
        if (xcc_big_mul_u64(&g->order, (uint64_t)g->orbit[k]))
            goto out;
    st = XCC_OK;
out:
    g->seconds = seconds_since(&S.t0);
    search_free(&S);
    return st;
}
