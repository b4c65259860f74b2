/*
 * count.c — counting with the group (formats/symmetry.md): the
 * number of classes of solutions by Burnside's lemma, the plain number
 * with the group's help, and whether a solution is the canonical one of
 * its class. Every count of solutions is xcc_solve's, on the problem
 * itself or on one made from it by the public builder.
 */
#include "sym.h"
#include "settings.h"
#include "base/text.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

xcc_status xcc_sym_solve_count(xcc_problem *p, const xcc_settings *s, xcc_big *out,
                           xcc_stop *stop, xcc_diag *d)
{
    xcc_figures *f;
    if (xcc_figures_new(&f))
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
    xcc_status st = xcc_solve(p, s, NULL, NULL, f, d);
    if (st) {
        xcc_figures_free(f);
        return st;
    }
    *stop = xcc_figures_stop(f);
    int bad = 0;
    if (*stop == XCC_COMPLETE) {
        const char *n = xcc_figure_text(f, "solutions"); /* exact at any size */
        bad = !n || xcc_big_parse(out, n, strlen(n));
    }
    xcc_figures_free(f);
    return bad ? xcc_diag_set(d, XCC_NO_MEMORY, "out of memory") : XCC_OK;
}

/* What neither count does, or NULL. */
static const char *refusal(const xcc_sym *g, const xcc_settings *s)
{
    if (g->has_bounds)
        return "counts up to symmetry are for problems without multiplicities";
    if (g->has_costs)
        return "counts up to symmetry are for problems without costs";
    if (s->shards > 0)
        return "counts up to symmetry do not take shards";
    if (s->samples)
        return "counts up to symmetry do not draw samples";
    if (s->accept || s->retract)
        return "counts up to symmetry take no accept or retract hooks";
    return NULL;
}

/*
 * What both counts with the group do first: no count yet, the defaults
 * (into dflt) when *s is NULL, the group's refusal, and its chain of
 * stabilisers.
 */
static xcc_status count_start(xcc_sym *g, const xcc_settings **s, xcc_settings *dflt,
                              char **count, xcc_stop *stop, xcc_diag *d)
{
    *count = NULL;
    *stop = XCC_COMPLETE;
    if (!*s) {
        xcc_settings_init(dflt);
        *s = dflt;
    }
    const char *why = refusal(g, *s);
    if (why)
        return xcc_diag_set(d, XCC_REFUSED, "%s", why);
    xcc_status st = xcc_sym_chain_make(g);
    return st ? xcc_diag_set(d, st, "out of memory") : XCC_OK;
}

static xcc_status text_out(const xcc_big *x, char **count, xcc_diag *d)
{
    *count = xcc_big_text(x);
    return *count ? XCC_OK : xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
}

/* ---- building problems as text -------------------------------------------- */

typedef struct tbuf {
    char *s;
    size_t len, cap;
} tbuf;

static int tb_add(tbuf *b, const char *x, const char *color)
{
    size_t nx = strlen(x), nc = color ? strlen(color) + 1 : 0, need = b->len + nx + nc + 2;
    if (need > b->cap) {
        size_t cap = 2 * need + 64;
        char *q = realloc(b->s, cap);
        if (!q)
            return 1;
        b->s = q;
        b->cap = cap;
    }
    if (b->len)
        b->s[b->len++] = ' ';
    memcpy(b->s + b->len, x, nx);
    b->len += nx;
    if (color) {
        b->s[b->len++] = ':';
        memcpy(b->s + b->len, color, nc - 1);
        b->len += nc - 1;
    }
    b->s[b->len] = 0;
    return 0;
}

/*
 * The quotient of p by <g>, g given on vertices (v) and options (op):
 * an item for each <g>-orbit of items (its least member), an option for
 * each <g>-orbit of options whose members are pairwise disjoint on
 * primary items and agree on colors: their union, on the orbits'
 * representatives. Its solutions are the solutions of p that g fixes.
 */
static xcc_status quotient(const xcc_sym *g, const xcc_problem *p, const int *v, const int *op,
                           xcc_problem **out, xcc_diag *d)
{
    const xcc_sym_prob *pr = &g->pr;
    int ni = pr->items, no = pr->options;
    int *rep = malloc(((size_t)ni + 1) * sizeof *rep);
    int *stamp = calloc((size_t)ni + 1, sizeof *stamp);
    int *col = malloc(((size_t)ni + 1) * sizeof *col);
    char *seen = calloc((size_t)no + 1, 1);
    tbuf b = {0};
    xcc_problem *q = NULL;
    xcc_status st = XCC_NO_MEMORY;
    if (!rep || !stamp || !col || !seen || xcc_problem_new(&q))
        goto out;
    for (int i = 0; i < ni; i++)
        rep[i] = -1;
    for (int i = 0; i < ni; i++)
        if (rep[i] < 0)
            for (int j = i; rep[j] < 0; j = xcc_sym_item_of(&g->gr, v, j))
                rep[j] = i;
    for (int i = 0; i < ni; i++)
        if (rep[i] == i && (st = xcc_problem_add_item(q, xcc_item_name(p, i), i >= pr->primary, d)))
            goto out;
    int now = 0;
    for (int o = 0; o < no; o++) {
        if (seen[o])
            continue;
        int ok = 1;
        now++;
        for (int x = o; !seen[x]; x = op[x]) {
            seen[x] = 1;
            for (int k = pr->ostart[x]; k < pr->ostart[x + 1]; k++) {
                int i = pr->eitem[k], c = pr->ecolor[k];
                if (stamp[i] == now) {
                    if (i < pr->primary || !c || col[i] != c)
                        ok = 0;
                } else {
                    stamp[i] = now;
                    col[i] = c;
                }
            }
        }
        if (!ok)
            continue;
        b.len = 0;
        now++;
        int x = o;
        do {
            for (int k = pr->ostart[x]; k < pr->ostart[x + 1]; k++) {
                int i = pr->eitem[k];
                if (rep[i] != i || stamp[i] == now)
                    continue;
                stamp[i] = now;
                if (tb_add(&b, xcc_item_name(p, i), col[i] ? pr->cname[col[i]] : NULL)) {
                    st = XCC_NO_MEMORY;
                    goto out;
                }
            }
            x = op[x];
        } while (x != o);
        if ((st = xcc_problem_add_option(q, b.s, d)))
            goto out;
    }
    st = XCC_OK;
out:
    if (st) {
        xcc_problem_free(q);
        q = NULL;
    }
    *out = q;
    free(rep);
    free(stamp);
    free(col);
    free(seen);
    free(b.s);
    return st;
}

/* ---- Burnside's lemma ------------------------------------------------------ */

static size_t tuple_index(const xcc_sym *g, const int *t, const size_t *radix)
{
    size_t e = 0;
    for (int j = 0; j < g->nlev; j++)
        e += (size_t)t[j] * radix[j];
    return e;
}

static void index_tuple(const xcc_sym *g, size_t e, int *t)
{
    for (int j = 0; j < g->nlev; j++) {
        t[j] = (int)(e % (size_t)g->lev[j].size);
        e /= (size_t)g->lev[j].size;
    }
}

static unsigned long long gcd(unsigned long long a, unsigned long long b)
{
    while (b) {
        unsigned long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

typedef struct burnside {
    xcc_sym *g;
    size_t order;
    size_t *radix;
    char *visited;
    size_t *queue;
    int *t, *t2, *img;
    int **ginv;
} burnside;

/* Marks the conjugacy class of element e; its size. */
static size_t mark_class(burnside *B, size_t e)
{
    xcc_sym *g = B->g;
    size_t head = 0, tail = 0;
    B->queue[tail++] = e;
    B->visited[e] = 1;
    while (head < tail) {
        index_tuple(g, B->queue[head++], B->t);
        for (int s = 0; s < g->ngens; s++) {
            /* s h s^-1 on the base points */
            for (int j = 0; j < g->nlev; j++) {
                int b = g->lev[j].b;
                B->img[j] = g->gens[s][xcc_sym_elem_apply(g, B->t, 0, B->ginv[s][b])];
            }
            if (xcc_sym_sift(g, B->img, B->t2))
                continue; /* cannot be: conjugates stay in the group */
            size_t f = tuple_index(g, B->t2, B->radix);
            if (!B->visited[f]) {
                B->visited[f] = 1;
                B->queue[tail++] = f;
            }
        }
    }
    return tail;
}

static xcc_status classes_by_walk(xcc_problem *p, xcc_sym *g, const xcc_settings *s,
                                  char **count, xcc_stop *stop, xcc_diag *d);

xcc_status xcc_sym_count_classes(xcc_problem *p, xcc_sym *g, const xcc_settings *s,
                                 char **count, xcc_stop *stop, xcc_diag *d)
{
    xcc_settings dflt;
    xcc_status st = count_start(g, &s, &dflt, count, stop, d);
    if (st)
        return st;
    /* a group too large to list: every solution, and the canonical ones counted */
    size_t order = xcc_sym_chain_size(g, 0, XCC_SYM_LIST_LIMIT);
    if (g->force_chain || !g->chain_full || !order)
        return classes_by_walk(p, g, s, count, stop, d);
    int n = g->gr.n, L = g->nlev;
    size_t nv = (size_t)(unsigned)n;
    burnside B;
    memset(&B, 0, sizeof B);
    B.g = g;
    B.order = order;
    B.radix = malloc(((size_t)L + 1) * sizeof *B.radix);
    B.visited = calloc(order, 1);
    B.queue = malloc(order * sizeof *B.queue);
    B.t = calloc((size_t)L + 1, sizeof *B.t);
    B.t2 = calloc((size_t)L + 1, sizeof *B.t2);
    B.img = calloc((size_t)L + 1, sizeof *B.img);
    B.ginv = calloc((size_t)g->ngens + 1, sizeof *B.ginv);
    int *v = malloc(((size_t)n + 1) * sizeof *v);
    int *op = malloc(((size_t)g->pr.options + 1) * sizeof *op);
    int *cyc = malloc(((size_t)L * order + 1) * sizeof *cyc);
    int *cyclen = calloc((size_t)L + 1, sizeof *cyclen);
    int *rt = calloc((size_t)L + 1, sizeof *rt);
    char *vseen = malloc((size_t)n + 1);
    xcc_big total = XCC_BIG_ZERO, fix = XCC_BIG_ZERO;
    st = XCC_NO_MEMORY;
    if (!B.radix || !B.visited || !B.queue || !B.t || !B.t2 || !B.img || !B.ginv || !v || !op
        || !cyc || !cyclen || !rt || !vseen)
        goto out;
    for (int k = 0; k < g->ngens; k++) {
        if (!(B.ginv[k] = malloc((size_t)n * sizeof(int))))
            goto out;
        for (int x = 0; x < n; x++)
            B.ginv[k][g->gens[k][x]] = x;
    }
    size_t r = 1;
    for (int j = 0; j < L; j++) {
        B.radix[j] = r;
        r *= (size_t)g->lev[j].size;
    }
    for (size_t e = 0; e < order; e++) {
        if (B.visited[e])
            continue;
        /* a rational class: e's conjugates and theirs of each power generating <e> */
        index_tuple(g, e, rt);
        for (int x = 0; x < n; x++)
            v[x] = xcc_sym_elem_apply(g, rt, 0, x);
        unsigned long long ord = 1; /* the lcm of its cycles' lengths */
        memset(vseen, 0, nv);
        for (int x = 0; x < n; x++) {
            if (vseen[x])
                continue;
            unsigned long long len = 0;
            for (int y = x; !vseen[y]; y = v[y], len++)
                vseen[y] = 1;
            ord = ord / gcd(ord, len) * len;
        }
        for (int j = 0; j < L; j++) {
            int b = g->lev[j].b, y = b, len = 0;
            do {
                cyc[(size_t)j * order + (size_t)len++] = y;
                y = v[y];
            } while (y != b);
            cyclen[j] = len;
        }
        size_t weight = 0;
        for (unsigned long long k = 1; k <= ord; k++) {
            if (gcd(k, ord) != 1)
                continue;
            for (int j = 0; j < L; j++)
                B.img[j] = cyc[(size_t)j * order + (size_t)(k % (unsigned long long)cyclen[j])];
            if (xcc_sym_sift(g, B.img, B.t2)) {
                st = xcc_diag_set(d, XCC_REFUSED, "internal error: a power left the group");
                goto out;
            }
            size_t f = tuple_index(g, B.t2, B.radix);
            if (!B.visited[f])
                weight += mark_class(&B, f);
        }
        /* the solutions fixed by e */
        if (e == 0) {
            st = xcc_sym_solve_count(p, s, &fix, stop, d);
        } else {
            xcc_problem *q;
            xcc_sym_option_perm(g, v, op);
            st = quotient(g, p, v, op, &q, d);
            if (st)
                goto out;
            st = xcc_sym_solve_count(q, s, &fix, stop, d);
            xcc_problem_free(q);
        }
        if (st)
            goto out;
        if (*stop != XCC_COMPLETE)
            goto out;
        if (xcc_big_mul_u64(&fix, weight) || xcc_big_add(&total, &fix))
            goto nomem;
    }
    if (xcc_big_div_u64(&total, order)) {
        st = xcc_diag_set(d, XCC_REFUSED, "internal error: Burnside's sum is not a multiple of the order");
        goto out;
    }
    st = text_out(&total, count, d);
    goto out;
nomem:
    st = xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
out:
    if (st == XCC_NO_MEMORY && d && !d->message[0])
        xcc_diag_set(d, st, "out of memory");
    if (B.ginv)
        for (int k = 0; k < g->ngens; k++)
            free(B.ginv[k]);
    free(B.ginv);
    free(B.radix);
    free(B.visited);
    free(B.queue);
    free(B.t);
    free(B.t2);
    free(B.img);
    free(v);
    free(op);
    free(cyc);
    free(cyclen);
    free(rt);
    free(vseen);
    xcc_big_free(&total);
    xcc_big_free(&fix);
    return st;
}

/* ---- canonical solutions ---------------------------------------------------- */

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The least image among the elements listed: 1 when a is the least, 0 when not. */
static int canonical_listed(const xcc_sym *g, const int *a, int n, int *b)
{
    size_t no = (size_t)g->pr.options;
    for (size_t e = 1; e < g->list.count; e++) {
        const int *op = g->list.opt + e * no;
        for (int k = 0; k < n; k++)
            b[k] = op[a[k]];
        qsort(b, (size_t)n, sizeof *b, cmp_int);
        for (int k = 0; k < n; k++)
            if (b[k] != a[k]) {
                if (b[k] < a[k])
                    return 0;
                break;
            }
    }
    return 1;
}

/*
 * A group small enough to list: its elements' images, each compared
 * (|G| images of the set); else the least image by the chain on options
 * (canon.c).
 */
int xcc_sym_canonical(xcc_sym *g, const int *options, int n)
{
    int listed = !g->force_chain && !xcc_sym_chain_make(g) && g->chain_full
                 && !xcc_sym_list_make(g, 0);
    if (!listed && xcc_sym_ochain_make(g))
        return -1;
    int *a = malloc(((size_t)n + 1) * sizeof *a), *b = malloc(((size_t)n + 1) * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return -1;
    }
    memcpy(a, options, (size_t)n * sizeof *a);
    qsort(a, (size_t)n, sizeof *a, cmp_int);
    int least = listed ? canonical_listed(g, a, n, b) : xcc_sym_canonical_chain(g, a, n);
    free(a);
    free(b);
    return least;
}

/*
 * The classes of a group too large to list: every solution is listed
 * by xcc_solve (with the settings s) and the canonical ones counted, by
 * the chain on options. A walk over all the solutions, where Burnside's
 * sum is one count per rational class.
 */
typedef struct walkc {
    xcc_sym *g;
    unsigned long long canonical;
    int *a, cap, failed;
} walkc;

static int on_class_solution(const xcc_problem *p, const xcc_solution *sol, void *ctx)
{
    (void)p;
    walkc *W = ctx;
    int n = xcc_solution_size(sol);
    if (n > W->cap) {
        free(W->a);
        W->cap = 2 * n;
        if (!(W->a = malloc((size_t)W->cap * sizeof *W->a))) {
            W->failed = 1;
            return 1;
        }
    }
    xcc_solution_options(sol, W->a, n);
    qsort(W->a, (size_t)n, sizeof *W->a, cmp_int);
    int least = xcc_sym_canonical_chain(W->g, W->a, n);
    if (least < 0) {
        W->failed = 1;
        return 1;
    }
    W->canonical += (unsigned)least;
    return 0;
}

static xcc_status classes_by_walk(xcc_problem *p, xcc_sym *g, const xcc_settings *s,
                                  char **count, xcc_stop *stop, xcc_diag *d)
{
    xcc_status st = xcc_sym_ochain_make(g);
    if (st == XCC_NO_MEMORY)
        return xcc_diag_set(d, st, "out of memory");
    if (st)
        return xcc_diag_set(d, st, "the group's chain on options could not be made (its tables"
                                   " past %d MB, or Schreier-Sims short of the group's order)",
                            XCC_SYM_MB(XCC_SYM_CHAIN_INTS));
    walkc W = {g, 0, NULL, 0, 0};
    xcc_figures *f;
    if (xcc_figures_new(&f))
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
    st = xcc_solve(p, s, on_class_solution, &W, f, d);
    *stop = st ? XCC_COMPLETE : xcc_figures_stop(f);
    xcc_figures_free(f);
    free(W.a);
    if (!st && W.failed)
        return xcc_diag_set(d, XCC_REFUSED, "%s", XCC_SYM_CANON_TEXT);
    if (st || *stop != XCC_COMPLETE)
        return st;
    xcc_big z = XCC_BIG_ZERO;
    st = xcc_big_set(&z, W.canonical) ? xcc_diag_set(d, XCC_NO_MEMORY, "out of memory")
                                      : text_out(&z, count, d);
    xcc_big_free(&z);
    return st;
}

/* ---- counting with the group's help ------------------------------------------ */

/*
 * The walk at the top of the tree. A node is a set C of options chosen
 * (pairwise compatible), with what they did: cover[] on primary items,
 * scol[] on secondary ones (0 free, -1 taken without a color, else the
 * color id given), and alive[] the options still compatible with C.
 * Its count is the number of solutions containing C. The walk does not
 * count the nodes it hands over: it writes each down as a task (C and
 * the weights of the branches on the way to it), and the tasks are then
 * counted, each on the ordinary engines, by `threads` workers at once
 * (formats/symmetry.md). A node that is a solution adds the product of
 * its weights to `direct`.
 */
#define SYM_WALK_DEPTH 12 /* deeper than this the walk hands every node over */

typedef struct walk {
    xcc_sym *g;
    const xcc_sym_prob *pr;
    int *istart, *iopts;     /* item -> the options containing it */
    int *chosen, nchosen;
    char *inC;
    int *cover, *scol;
    int *uf, *rootstamp, now;
    int *hlist;              /* the elements of the stabiliser of C */
    /* a group too large to list: hs[d] generates the stabiliser of the d options chosen
       (their classes' vertices, one by one: schreier.c), opbuf an option permutation */
    int ss;
    xcc_sym_gens hs[SYM_WALK_DEPTH + 1];
    int *opbuf;
    size_t wpath[SYM_WALK_DEPTH + 1]; /* the weights of the branches to C */
    /* the tasks: task t's C is tchosen[tfirst[t] .. tfirst[t+1]-1], its weights
       twt[wfirst[t] .. wfirst[t+1]-1] */
    size_t ntasks, tcap, wcap, *tfirst, *wfirst;
    int *tchosen;
    size_t tchosen_len, tchosen_cap;
    size_t *twt, twt_len, twt_cap;
    xcc_big direct;
    const xcc_settings *s;   /* its interrupt flag and time limit, */
    struct timespec t0;      /* from the walk's start, */
    xcc_stop stop;           /* and whether they stopped the walk */
} walk;

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static int uf_find(int *uf, int x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

static int compatible(const xcc_sym_prob *pr, const int *cover, const int *scol, int o)
{
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++) {
        int i = pr->eitem[k];
        if (i < pr->primary ? cover[i] : scol[i] && (scol[i] < 0 || scol[i] != pr->ecolor[k]))
            return 0;
    }
    return 1;
}

/* Adds o to the node cover, scol (compatible with it). */
static void choose(const xcc_sym_prob *pr, int *cover, int *scol, int o)
{
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++) {
        int i = pr->eitem[k], c = pr->ecolor[k];
        if (i < pr->primary)
            cover[i] = 1;
        else if (!scol[i])
            scol[i] = c ? c : -1;
    }
}

/* a, or a larger copy of it, holding need elements (at least one); NULL when memory is short */
static void *grow(void *a, size_t *cap, size_t need, size_t size)
{
    if (a && need <= *cap)
        return a;
    size_t cap2 = 2 * need + 16;
    void *q = realloc(a, cap2 * size);
    if (q)
        *cap = cap2;
    return q;
}

/*
 * A node handed over: a task, or when C covers every primary item, a
 * solution whose weight goes straight to `direct`.
 */
static xcc_status leaf(walk *W, int depth)
{
    const xcc_sym_prob *pr = W->pr;
    int more = 0;
    for (int i = 0; i < pr->primary && !more; i++)
        more = !W->cover[i];
    if (!more) {
        xcc_big one = XCC_BIG_ZERO;
        int bad = xcc_big_set(&one, 1);
        for (int j = 0; j < depth && !bad; j++)
            bad = xcc_big_mul_u64(&one, W->wpath[j]);
        bad = bad || xcc_big_add(&W->direct, &one);
        xcc_big_free(&one);
        return bad ? XCC_NO_MEMORY : XCC_OK;
    }
    size_t *tf = grow(W->tfirst, &W->tcap, W->ntasks + 2, sizeof *W->tfirst);
    if (tf)
        W->tfirst = tf;
    size_t *wf = tf ? grow(W->wfirst, &W->wcap, W->ntasks + 2, sizeof *W->wfirst) : NULL;
    if (wf)
        W->wfirst = wf;
    int *tc = wf ? grow(W->tchosen, &W->tchosen_cap, W->tchosen_len + (size_t)W->nchosen,
                        sizeof *W->tchosen) : NULL;
    if (tc)
        W->tchosen = tc;
    size_t *tw = tc ? grow(W->twt, &W->twt_cap, W->twt_len + (size_t)depth, sizeof *W->twt) : NULL;
    if (!tw)
        return XCC_NO_MEMORY;
    W->twt = tw;
    if (W->ntasks == 0)
        W->tfirst[0] = W->wfirst[0] = 0;
    memcpy(W->tchosen + W->tchosen_len, W->chosen, (size_t)W->nchosen * sizeof *W->chosen);
    W->tchosen_len += (size_t)W->nchosen;
    memcpy(W->twt + W->twt_len, W->wpath, (size_t)depth * sizeof *W->wpath);
    W->twt_len += (size_t)depth;
    W->ntasks++;
    W->tfirst[W->ntasks] = W->tchosen_len;
    W->wfirst[W->ntasks] = W->twt_len;
    return XCC_OK;
}

static xcc_status node(walk *W, int depth);

/* The node C plus option o, reached by a branch of the weight given. */
static xcc_status branch(walk *W, int depth, int o, size_t weight)
{
    const xcc_sym_prob *pr = W->pr;
    /* which secondary items o newly sets, to undo exactly those */
    int *set = malloc(((size_t)(pr->ostart[o + 1] - pr->ostart[o]) + 1) * sizeof *set), ns = 0;
    if (!set)
        return XCC_NO_MEMORY;
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++)
        if (pr->eitem[k] >= pr->primary && !W->scol[pr->eitem[k]])
            set[ns++] = pr->eitem[k];
    choose(pr, W->cover, W->scol, o);
    W->inC[o] = 1;
    W->chosen[W->nchosen++] = o;
    W->wpath[depth] = weight;
    xcc_status st = XCC_OK;
    if (W->ss && depth + 1 < SYM_WALK_DEPTH) /* the stabiliser of o too */
        st = xcc_sym_stab(&W->hs[depth],
                          xcc_sym_class_vertex(&W->g->gr, W->g->gr.opt_class[o]),
                          XCC_SYM_CHAIN_INTS, &W->hs[depth + 1]);
    if (!st)
        st = node(W, depth + 1);
    if (W->ss && depth + 1 < SYM_WALK_DEPTH)
        xcc_sym_gens_free(&W->hs[depth + 1]);
    /* take o back: primary items and the secondary ones it set */
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++)
        if (pr->eitem[k] < pr->primary)
            W->cover[pr->eitem[k]] = 0;
    for (int j = 0; j < ns; j++)
        W->scol[set[j]] = 0;
    W->inC[o] = 0;
    W->nchosen--;
    free(set);
    return st;
}

static xcc_status node(walk *W, int depth)
{
    const xcc_sym_prob *pr = W->pr;
    int no = pr->options;
    if ((W->s->interrupt && *W->s->interrupt)
        || (W->s->time_limit > 0 && seconds_since(&W->t0) > W->s->time_limit))
        W->stop = XCC_STOP_INTERRUPT;
    if (W->stop != XCC_COMPLETE)
        return XCC_OK;
    char *alive = malloc((size_t)no + 1);
    if (!alive)
        return XCC_NO_MEMORY;
    for (int o = 0; o < no; o++)
        alive[o] = !W->inC[o] && compatible(pr, W->cover, W->scol, o);
    xcc_status st = XCC_OK;
    /* the stabiliser of C, as a set, among the elements listed */
    const xcc_sym_list *L = &W->g->list;
    size_t nh = 0;
    for (size_t e = 1; e < L->count && !W->ss; e++) {
        const int *op = L->opt + e * (size_t)no;
        int keeps = 1;
        for (int j = 0; j < W->nchosen && keeps; j++)
            keeps = W->inC[op[W->chosen[j]]];
        if (keeps)
            W->hlist[nh++] = (int)e;
    }
    /* its orbits on the options alive */
    int moved = 0;
    for (int o = 0; o < no; o++)
        W->uf[o] = o;
    int ng = W->ss && depth < SYM_WALK_DEPTH ? W->hs[depth].count : 0;
    for (size_t h = 0; h < nh + (size_t)ng; h++) {
        const int *op = W->opbuf;
        if (h < nh)
            op = L->opt + (size_t)W->hlist[h] * (size_t)no;
        else /* the generators of the stabiliser (of C, each option) */
            xcc_sym_option_perm(W->g, W->hs[depth].perm[h - nh], W->opbuf);
        for (int o = 0; o < no; o++) {
            if (!alive[o])
                continue;
            int a = uf_find(W->uf, o), b = uf_find(W->uf, op[o]);
            if (a != b) {
                W->uf[a > b ? a : b] = a < b ? a : b;
                moved = 1;
            }
        }
    }
    if (!moved || depth >= SYM_WALK_DEPTH) {
        free(alive);
        return leaf(W, depth);
    }
    /*
     * The primary item whose options fall into the fewest orbits (of
     * those, the one with the most options); if even its orbits are
     * single options, the stabiliser saves nothing here: hand it over.
     */
    int best = -1, best_roots = 0, best_alive = 0;
    for (int i = 0; i < pr->primary; i++) {
        if (W->cover[i])
            continue;
        int roots = 0, live = 0;
        W->now++;
        for (int k = W->istart[i]; k < W->istart[i + 1]; k++) {
            int o = W->iopts[k];
            if (!alive[o])
                continue;
            live++;
            int r = uf_find(W->uf, o);
            if (W->rootstamp[r] != W->now) {
                W->rootstamp[r] = W->now;
                roots++;
            }
        }
        if (best < 0 || roots < best_roots || (roots == best_roots && live > best_alive)) {
            best = i;
            best_roots = roots;
            best_alive = live;
        }
    }
    if (best < 0 || best_roots == best_alive) { /* a solution, or no help here */
        free(alive);
        return leaf(W, depth);
    }
    if (best_roots == 0) { /* an item no option can cover: no solution */
        free(alive);
        return XCC_OK;
    }
    /* one option per orbit, weighed by the orbit's options that hold the item */
    size_t *weight = calloc((size_t)no + 1, sizeof *weight);
    if (!weight) {
        free(alive);
        return XCC_NO_MEMORY;
    }
    for (int k = W->istart[best]; k < W->istart[best + 1]; k++)
        if (alive[W->iopts[k]])
            weight[uf_find(W->uf, W->iopts[k])]++;
    int *reps = malloc(((size_t)best_roots + 1) * sizeof *reps), nr = 0;
    size_t *wts = malloc(((size_t)best_roots + 1) * sizeof *wts);
    if (!reps || !wts) {
        free(reps);
        free(wts);
        free(weight);
        free(alive);
        return XCC_NO_MEMORY;
    }
    for (int k = W->istart[best]; k < W->istart[best + 1]; k++) {
        int o = W->iopts[k];
        if (!alive[o])
            continue;
        int r = uf_find(W->uf, o);
        if (weight[r]) {
            reps[nr] = o;
            wts[nr++] = weight[r];
            weight[r] = 0;
        }
    }
    free(weight);
    free(alive);
    for (int j = 0; j < nr && !st && W->stop == XCC_COMPLETE; j++)
        st = branch(W, depth, reps[j], wts[j]);
    free(reps);
    free(wts);
    return st;
}

/* ---- the tasks, on the workers ------------------------------------------------ */

/*
 * The workers share the tasks (the next one under the lock); each counts
 * its own on the ordinary engines, with one thread each when there are
 * several workers, and writes the count times the task's weights into
 * its slot of `result`. The first failure or stop ends the taking of
 * tasks; a budget (the settings' time limit) is for all of them
 * together: each task gets what is left of it.
 */
typedef struct pool {
    walk *W;
    xcc_problem *p;
    const xcc_settings *s;
    xcc_settings one;        /* s with threads 1, for several workers */
    int workers;
    struct timespec t0;
    pthread_mutex_t lock;
    size_t next;
    xcc_status st;           /* the first failure, */
    xcc_stop stop;           /* or the first stop short of complete, */
    xcc_diag d;              /* with its message */
    xcc_big *result;
} pool;

/* The count of task t, times its weights, into P->result[t]. */
static xcc_status run_task(pool *P, size_t t, int *cover, int *scol, tbuf *b, xcc_stop *stop,
                           xcc_diag *d)
{
    walk *W = P->W;
    const xcc_sym_prob *pr = W->pr;
    const xcc_settings *base = P->workers > 1 ? &P->one : P->s;
    xcc_settings s = *base;
    if (base->dlx2 == &base->own)
        s.dlx2 = &s.own;
    if (base->engine == base->engine_name)
        s.engine = s.engine_name;
    if (s.time_limit > 0) {
        double left = s.time_limit - seconds_since(&P->t0);
        if (left <= 0) {
            *stop = XCC_STOP_INTERRUPT;
            return XCC_OK;
        }
        s.time_limit = left;
    }
    memset(cover, 0, (size_t)pr->items * sizeof *cover);
    memset(scol, 0, (size_t)pr->items * sizeof *scol);
    for (size_t k = W->tfirst[t]; k < W->tfirst[t + 1]; k++)
        choose(pr, cover, scol, W->tchosen[k]);
    xcc_problem *q;
    if (xcc_problem_new(&q))
        return XCC_NO_MEMORY;
    xcc_status st = XCC_OK;
    /* the items C leaves, the options compatible with C, without what C colored */
    for (int i = 0; i < pr->items && !st; i++)
        if (i < pr->primary ? !cover[i] : !scol[i])
            st = xcc_problem_add_item(q, xcc_item_name(P->p, i), i >= pr->primary, d);
    for (int o = 0; o < pr->options && !st; o++) {
        int in = 0;
        for (size_t k = W->tfirst[t]; k < W->tfirst[t + 1] && !in; k++)
            in = W->tchosen[k] == o;
        if (in || !compatible(pr, cover, scol, o))
            continue;
        b->len = 0;
        for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++) {
            int i = pr->eitem[k], c = pr->ecolor[k];
            if (i >= pr->primary && scol[i])
                continue; /* colored as C colors it: no constraint left */
            if (tb_add(b, xcc_item_name(P->p, i), c ? pr->cname[c] : NULL)) {
                st = XCC_NO_MEMORY;
                break;
            }
        }
        if (!st)
            st = xcc_problem_add_option(q, b->s, d);
    }
    if (!st)
        st = xcc_sym_solve_count(q, &s, &P->result[t], stop, d);
    xcc_problem_free(q);
    for (size_t k = W->wfirst[t]; k < W->wfirst[t + 1] && !st && *stop == XCC_COMPLETE; k++)
        if (xcc_big_mul_u64(&P->result[t], W->twt[k]))
            st = XCC_NO_MEMORY;
    return st;
}

static void *worker(void *arg)
{
    pool *P = arg;
    const xcc_sym_prob *pr = P->W->pr;
    int *cover = calloc((size_t)pr->items + 1, sizeof *cover);
    int *scol = calloc((size_t)pr->items + 1, sizeof *scol);
    tbuf b = {0};
    xcc_diag d;
    memset(&d, 0, sizeof d);
    for (;;) {
        pthread_mutex_lock(&P->lock);
        size_t t = P->next;
        int go = t < P->W->ntasks && !P->st && P->stop == XCC_COMPLETE;
        if (go)
            P->next++;
        pthread_mutex_unlock(&P->lock);
        if (!go)
            break;
        xcc_stop stop = XCC_COMPLETE;
        xcc_status st = cover && scol ? run_task(P, t, cover, scol, &b, &stop, &d) : XCC_NO_MEMORY;
        if (st || stop != XCC_COMPLETE) {
            pthread_mutex_lock(&P->lock);
            if (!P->st && P->stop == XCC_COMPLETE) {
                P->st = st;
                P->stop = stop;
                P->d = d;
            }
            pthread_mutex_unlock(&P->lock);
        }
    }
    free(cover);
    free(scol);
    free(b.s);
    return NULL;
}

/* The tasks counted, their sum added to total; P->stop short of complete: no sum. */
static xcc_status run_tasks(walk *W, xcc_problem *p, const xcc_settings *s, xcc_big *total,
                            xcc_stop *stop, xcc_diag *d)
{
    pool P;
    memset(&P, 0, sizeof P);
    P.W = W;
    P.p = p;
    P.s = s;
    P.stop = XCC_COMPLETE;
    P.t0 = W->t0; /* a time limit counts from the walk's start */
    /*
     * Tasks enough for the threads (two each at least) are spread over
     * them, one thread each; fewer are counted one after the other, each
     * with the engine's threads (-j's cuts).
     */
    P.workers = s->threads > 1 && W->ntasks >= 2 * (size_t)s->threads ? s->threads : 1;
    P.one = *s;
    P.one.threads = 1;
    if (s->dlx2 == &s->own)
        P.one.dlx2 = &P.one.own;
    if (s->engine == s->engine_name)
        P.one.engine = P.one.engine_name;
    *stop = XCC_COMPLETE;
    if (!W->ntasks)
        return XCC_OK;
    P.result = calloc(W->ntasks, sizeof *P.result);
    if (!P.result)
        return XCC_NO_MEMORY;
    for (size_t t = 0; t < W->ntasks; t++)
        P.result[t] = (xcc_big)XCC_BIG_ZERO;
    pthread_mutex_init(&P.lock, NULL);
    pthread_t *th = calloc((size_t)P.workers, sizeof *th);
    int started = 0;
    if (th)
        for (; started < P.workers - 1; started++)
            if (pthread_create(&th[started], NULL, worker, &P))
                break; /* fewer workers: the rest is done by those that started */
    if (th)
        worker(&P); /* the calling thread is a worker too */
    for (int k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    pthread_mutex_destroy(&P.lock);
    xcc_status st = th ? P.st : XCC_NO_MEMORY;
    *stop = P.stop;
    if (st && P.d.message[0])
        *d = P.d;
    for (size_t t = 0; t < W->ntasks; t++) {
        if (!st && *stop == XCC_COMPLETE && xcc_big_add(total, &P.result[t]))
            st = XCC_NO_MEMORY;
        xcc_big_free(&P.result[t]);
    }
    free(P.result);
    free(th);
    return st;
}

xcc_status xcc_sym_count(xcc_problem *p, xcc_sym *g, const xcc_settings *s, char **count,
                         xcc_stop *stop, xcc_diag *d)
{
    xcc_settings dflt;
    xcc_status st = count_start(g, &s, &dflt, count, stop, d);
    if (st)
        return st;
    /*
     * The group listed when it can be; else its stabilisers by generators
     * (schreier.c), from the generators the search found.
     */
    int ss = g->force_schreier || !g->chain_full || (g->nlev && xcc_sym_list_make(g, 0));
    if (!ss && g->nlev && (st = xcc_sym_list_make(g, 0)))
        return xcc_diag_set(d, st, "out of memory");
    const xcc_sym_prob *pr = &g->pr;
    xcc_big total = XCC_BIG_ZERO;
    if (ss ? !g->ngens : !g->nlev) {
        /* no symmetry to use: the plain count */
        st = xcc_sym_solve_count(p, s, &total, stop, d);
        if (!st && *stop == XCC_COMPLETE)
            st = text_out(&total, count, d);
        xcc_big_free(&total);
        return st;
    }
    walk W;
    memset(&W, 0, sizeof W);
    W.g = g;
    W.pr = pr;
    W.direct = (xcc_big)XCC_BIG_ZERO;
    size_t no = (size_t)pr->options + 1, ni = (size_t)pr->items + 1;
    W.istart = calloc(ni + 1, sizeof *W.istart);
    W.iopts = malloc(((size_t)pr->ostart[pr->options] + 1) * sizeof *W.iopts);
    W.chosen = malloc(no * sizeof *W.chosen);
    W.inC = calloc(no, 1);
    W.cover = calloc(ni, sizeof *W.cover);
    W.scol = calloc(ni, sizeof *W.scol);
    W.uf = malloc(no * sizeof *W.uf);
    W.rootstamp = calloc(no, sizeof *W.rootstamp);
    W.hlist = malloc(((ss ? 0 : g->list.count) + 1) * sizeof *W.hlist);
    W.ss = ss;
    W.s = s;
    W.stop = XCC_COMPLETE;
    clock_gettime(CLOCK_MONOTONIC, &W.t0);
    W.opbuf = malloc(no * sizeof *W.opbuf);
    int gens_ok = !ss;
    if (ss) { /* the group as the search found it: its generators and order */
        xcc_sym_gens *H = &W.hs[0];
        H->n = g->gr.n;
        H->order_known = 1;
        gens_ok = !xcc_big_set(&H->order, 1);
        for (int k = g->top; k < g->depth && gens_ok; k++)
            gens_ok = !xcc_big_mul_u64(&H->order, (uint64_t)g->orbit[k]);
        H->perm = malloc(((size_t)g->ngens + 1) * sizeof *H->perm);
        gens_ok = gens_ok && H->perm;
        for (int k = 0; k < g->ngens && gens_ok; k++) {
            if ((H->perm[k] = malloc((size_t)H->n * sizeof(int))))
                memcpy(H->perm[k], g->gens[k], (size_t)H->n * sizeof(int));
            else
                gens_ok = 0;
            H->count = H->cap = k + gens_ok;
        }
    }
    st = XCC_NO_MEMORY;
    *stop = XCC_COMPLETE;
    if (W.istart && W.iopts && W.chosen && W.inC && W.cover && W.scol && W.uf && W.rootstamp
        && W.hlist && W.opbuf && gens_ok) {
        for (int k = 0; k < pr->ostart[pr->options]; k++)
            W.istart[pr->eitem[k] + 1]++;
        for (int i = 0; i < pr->items; i++)
            W.istart[i + 1] += W.istart[i];
        int *fill = malloc(ni * sizeof *fill);
        if (fill) {
            memcpy(fill, W.istart, (size_t)pr->items * sizeof *fill);
            for (int o = 0; o < pr->options; o++)
                for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++)
                    W.iopts[fill[pr->eitem[k]]++] = o;
            free(fill);
            st = node(&W, 0);
            *stop = W.stop;
            if (!st && W.stop == XCC_COMPLETE)
                st = run_tasks(&W, p, s, &total, stop, d);
            if (!st && *stop == XCC_COMPLETE && xcc_big_add(&total, &W.direct))
                st = XCC_NO_MEMORY;
        }
    }
    if (!st && *stop == XCC_COMPLETE)
        st = text_out(&total, count, d);
    else if (st == XCC_NO_MEMORY)
        xcc_diag_set(d, st, "out of memory");
    free(W.istart);
    free(W.iopts);
    free(W.chosen);
    free(W.inC);
    free(W.cover);
    free(W.scol);
    free(W.uf);
    free(W.rootstamp);
    free(W.hlist);
    free(W.opbuf);
    xcc_sym_gens_free(&W.hs[0]);
    free(W.tfirst);
    free(W.wfirst);
    free(W.tchosen);
    free(W.twt);
    xcc_big_free(&W.direct);
    xcc_big_free(&total);
    return st;
}
