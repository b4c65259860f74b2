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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

xcc_status xcc_sym_count_classes(xcc_problem *p, xcc_sym *g, const xcc_settings *s,
                                 char **count, xcc_stop *stop, xcc_diag *d)
{
    xcc_settings dflt;
    xcc_status st = count_start(g, &s, &dflt, count, stop, d);
    if (st)
        return st;
    size_t order = xcc_sym_chain_size(g, 0, XCC_SYM_LIST_LIMIT);
    if (!g->chain_full && xcc_sym_graph_order(g, XCC_SYM_LIST_LIMIT))
        return xcc_diag_set(d, XCC_REFUSED, "the group's tables would take more than %d MB",
                    XCC_SYM_MB(XCC_SYM_CHAIN_INTS));
    if (!g->chain_full || !order)
        return xcc_diag_set(d, XCC_REFUSED,
                    "the group is too large to sum over (more than %d elements): "
                    "count the classes of a problem with its symmetry partly broken",
                    XCC_SYM_LIST_LIMIT);
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

int xcc_sym_canonical(xcc_sym *g, const int *options, int n)
{
    if (xcc_sym_chain_make(g) || !g->chain_full || xcc_sym_list_make(g, 0))
        return -1;
    int *a = malloc(((size_t)n + 1) * sizeof *a), *b = malloc(((size_t)n + 1) * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return -1;
    }
    memcpy(a, options, (size_t)n * sizeof *a);
    qsort(a, (size_t)n, sizeof *a, cmp_int);
    int least = 1;
    size_t no = (size_t)g->pr.options;
    for (size_t e = 1; e < g->list.count && least; e++) {
        const int *op = g->list.opt + e * no;
        for (int k = 0; k < n; k++)
            b[k] = op[a[k]];
        qsort(b, (size_t)n, sizeof *b, cmp_int);
        for (int k = 0; k < n; k++)
            if (b[k] != a[k]) {
                least = b[k] > a[k];
                break;
            }
    }
    free(a);
    free(b);
    return least;
}

/* ---- counting with the group's help ------------------------------------------ */

/*
 * The walk at the top of the tree. A node is a set C of options chosen
 * (pairwise compatible), with what they did: cover[] on primary items,
 * scol[] on secondary ones (0 free, -1 taken without a color, else the
 * color id given), and alive[] the options still compatible with C.
 * Its count is the number of solutions containing C.
 */
typedef struct walk {
    xcc_sym *g;
    xcc_problem *p;
    const xcc_settings *s;
    const xcc_sym_prob *pr;
    int *istart, *iopts;     /* item -> the options containing it */
    int *chosen, nchosen;
    char *inC;
    int *cover, *scol;
    int *uf, *rootstamp, now;
    int *hlist;              /* the elements of the stabiliser of C */
    xcc_stop stop;
    xcc_diag *d;
    tbuf b;
} walk;

static int uf_find(int *uf, int x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

static int compatible(const walk *W, int o)
{
    const xcc_sym_prob *pr = W->pr;
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++) {
        int i = pr->eitem[k];
        if (i < pr->primary ? W->cover[i] : W->scol[i] && (W->scol[i] < 0 || W->scol[i] != pr->ecolor[k]))
            return 0;
    }
    return 1;
}

/* The count of the node where the stabiliser no longer helps: the rest of p, solved. */
static xcc_status residual(walk *W, const char *alive, xcc_big *out)
{
    const xcc_sym_prob *pr = W->pr;
    xcc_problem *q;
    int more = 0;
    for (int i = 0; i < pr->primary && !more; i++)
        more = !W->cover[i];
    if (!more)
        return xcc_big_set(out, 1) ? XCC_NO_MEMORY : XCC_OK;
    if (xcc_problem_new(&q))
        return XCC_NO_MEMORY;
    xcc_status st = XCC_OK;
    for (int i = 0; i < pr->items && !st; i++)
        if (i < pr->primary ? !W->cover[i] : !W->scol[i])
            st = xcc_problem_add_item(q, xcc_item_name(W->p, i), i >= pr->primary, W->d);
    for (int o = 0; o < pr->options && !st; o++) {
        if (!alive[o])
            continue;
        W->b.len = 0;
        for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++) {
            int i = pr->eitem[k], c = pr->ecolor[k];
            if (i >= pr->primary && W->scol[i])
                continue; /* colored as C colors it: no constraint left */
            if (tb_add(&W->b, xcc_item_name(W->p, i), c ? pr->cname[c] : NULL)) {
                st = XCC_NO_MEMORY;
                break;
            }
        }
        if (!st)
            st = xcc_problem_add_option(q, W->b.s, W->d);
    }
    if (!st)
        st = xcc_sym_solve_count(q, W->s, out, &W->stop, W->d);
    xcc_problem_free(q);
    return st;
}

/* Adds o to C (compatible with it). */
static void choose(walk *W, int o)
{
    const xcc_sym_prob *pr = W->pr;
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++) {
        int i = pr->eitem[k], c = pr->ecolor[k];
        if (i < pr->primary)
            W->cover[i] = 1;
        else if (!W->scol[i])
            W->scol[i] = c ? c : -1;
    }
    W->inC[o] = 1;
    W->chosen[W->nchosen++] = o;
}

static xcc_status node(walk *W, int depth, xcc_big *out);

/* The count of C plus option o, times weight, added to sum. */
static xcc_status branch(walk *W, int depth, int o, size_t weight, xcc_big *sum)
{
    const xcc_sym_prob *pr = W->pr;
    /* which secondary items o newly sets, to undo exactly those */
    int *set = malloc(((size_t)(pr->ostart[o + 1] - pr->ostart[o]) + 1) * sizeof *set), ns = 0;
    if (!set)
        return XCC_NO_MEMORY;
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++)
        if (pr->eitem[k] >= pr->primary && !W->scol[pr->eitem[k]])
            set[ns++] = pr->eitem[k];
    choose(W, o);
    xcc_big sub = XCC_BIG_ZERO;
    xcc_status st = node(W, depth + 1, &sub);
    /* take o back: primary items and the secondary ones it set */
    for (int k = pr->ostart[o]; k < pr->ostart[o + 1]; k++)
        if (pr->eitem[k] < pr->primary)
            W->cover[pr->eitem[k]] = 0;
    for (int j = 0; j < ns; j++)
        W->scol[set[j]] = 0;
    W->inC[o] = 0;
    W->nchosen--;
    free(set);
    if (!st && W->stop == XCC_COMPLETE
        && (xcc_big_mul_u64(&sub, weight) || xcc_big_add(sum, &sub)))
        st = XCC_NO_MEMORY;
    xcc_big_free(&sub);
    return st;
}

/* Deeper than this the walk hands every node to the engine. */
#define SYM_WALK_DEPTH 12

static xcc_status node(walk *W, int depth, xcc_big *out)
{
    const xcc_sym_prob *pr = W->pr;
    int no = pr->options;
    char *alive = malloc((size_t)no + 1);
    if (!alive)
        return XCC_NO_MEMORY;
    for (int o = 0; o < no; o++)
        alive[o] = !W->inC[o] && compatible(W, o);
    xcc_status st = XCC_OK;
    /* the stabiliser of C, as a set, among the elements listed */
    const xcc_sym_list *L = &W->g->list;
    size_t nh = 0;
    for (size_t e = 1; e < L->count; e++) {
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
    for (size_t h = 0; h < nh; h++) {
        const int *op = L->opt + (size_t)W->hlist[h] * (size_t)no;
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
        st = residual(W, alive, out);
        free(alive);
        return st;
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
    if (best < 0) { /* every primary item covered: C is a solution */
        free(alive);
        return xcc_big_set(out, 1) ? XCC_NO_MEMORY : XCC_OK;
    }
    if (best_roots == 0) {
        free(alive);
        return xcc_big_set(out, 0) ? XCC_NO_MEMORY : XCC_OK;
    }
    if (best_roots == best_alive) {
        st = residual(W, alive, out);
        free(alive);
        return st;
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
    if (xcc_big_set(out, 0))
        st = XCC_NO_MEMORY;
    for (int j = 0; j < nr && !st && W->stop == XCC_COMPLETE; j++)
        st = branch(W, depth, reps[j], wts[j], out);
    free(reps);
    free(wts);
    return st;
}

xcc_status xcc_sym_count(xcc_problem *p, xcc_sym *g, const xcc_settings *s, char **count,
                         xcc_stop *stop, xcc_diag *d)
{
    xcc_settings dflt;
    xcc_status st = count_start(g, &s, &dflt, count, stop, d);
    if (st)
        return st;
    /* the largest stabiliser of the chain that can be listed (the trivial group at worst) */
    int from = 0;
    while (from < g->nlev && (st = xcc_sym_list_make(g, from)) == XCC_REFUSED)
        from++;
    if (st == XCC_NO_MEMORY)
        return xcc_diag_set(d, st, "out of memory");
    const xcc_sym_prob *pr = &g->pr;
    xcc_big total = XCC_BIG_ZERO;
    if (from == g->nlev) {
        /* no symmetry to use: the plain count */
        st = xcc_sym_solve_count(p, s, &total, stop, d);
        if (!st && *stop == XCC_COMPLETE)
            st = text_out(&total, count, d);
        xcc_big_free(&total);
        return st;
    }
    if ((st = xcc_sym_list_make(g, from)))
        return xcc_diag_set(d, st, "out of memory");
    walk W;
    memset(&W, 0, sizeof W);
    W.g = g;
    W.p = p;
    W.s = s;
    W.pr = pr;
    W.d = d;
    W.stop = XCC_COMPLETE;
    size_t no = (size_t)pr->options + 1, ni = (size_t)pr->items + 1;
    W.istart = calloc(ni + 1, sizeof *W.istart);
    W.iopts = malloc(((size_t)pr->ostart[pr->options] + 1) * sizeof *W.iopts);
    W.chosen = malloc(no * sizeof *W.chosen);
    W.inC = calloc(no, 1);
    W.cover = calloc(ni, sizeof *W.cover);
    W.scol = calloc(ni, sizeof *W.scol);
    W.uf = malloc(no * sizeof *W.uf);
    W.rootstamp = calloc(no, sizeof *W.rootstamp);
    W.hlist = malloc((g->list.count + 1) * sizeof *W.hlist);
    st = XCC_NO_MEMORY;
    if (W.istart && W.iopts && W.chosen && W.inC && W.cover && W.scol && W.uf && W.rootstamp
        && W.hlist) {
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
            st = node(&W, 0, &total);
        }
    }
    *stop = W.stop;
    if (!st && W.stop == XCC_COMPLETE)
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
    free(W.b.s);
    xcc_big_free(&total);
    return st;
}
