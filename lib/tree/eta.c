/*
 * tree/eta.c — the share of a search tree done, weighted by random
 * probes (tree/eta.h says how).
 */
#include "tree/eta.h"

#include <stdlib.h>

/*
 * A child's weight is its paths' mean pulled toward the mean m of all
 * children, as if ETA_PRIOR more paths had gone through it at m: Knuth's
 * estimates are heavy-tailed, and a few paths say little (bench/NOTES.md,
 * "The ETA of -p").
 */
#define ETA_PRIOR 16

/* A node of the trie: the child (option, entry), k-th of its parent's d. */
typedef struct eta_node {
    int option, entry, k;
    int d;          /* its own children, as the paths saw it (0: none seen) */
    int child;      /* its first child in the trie, or 0 */
    int sibling;    /* the next child of its parent, or 0 */
    double sum;     /* the paths' estimates of its subtree, summed */
    unsigned long long n; /* the paths through it */
} eta_node;

struct xcc_eta {
    eta_node *node; /* node[0]: the root */
    int count, cap;
};

xcc_eta *xcc_eta_new(void)
{
    xcc_eta *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->cap = 64;
    if (!(e->node = calloc((size_t)e->cap, sizeof *e->node))) {
        free(e);
        return NULL;
    }
    e->count = 1;
    return e;
}

void xcc_eta_free(xcc_eta *e)
{
    if (e)
        free(e->node);
    free(e);
}

unsigned long long xcc_eta_paths(const xcc_eta *e)
{
    return e ? e->node[0].n : 0;
}

/* The child of v for choice c, or 0. */
static int child_of(const xcc_eta *e, int v, const xcc_choice *c)
{
    for (int x = e->node[v].child; x; x = e->node[x].sibling)
        if (e->node[x].option == c->option && e->node[x].entry == c->entry)
            return x;
    return 0;
}

/* Room for the nodes a path may add. */
static int room(xcc_eta *e, int more)
{
    if (e->count + more <= e->cap)
        return 0;
    int cap = 2 * e->cap;
    while (cap < e->count + more)
        cap *= 2;
    eta_node *n = realloc(e->node, (size_t)cap * sizeof *n);
    if (!n)
        return 1;
    e->node = n, e->cap = cap;
    return 0;
}

int xcc_eta_add(xcc_eta *e, const xcc_choice *path, int len, const double *size)
{
    int depth = len < XCC_ETA_DEPTH ? len : XCC_ETA_DEPTH;
    if (room(e, depth))
        return 1;
    int v = 0;
    for (int l = 0;; l++) {
        eta_node *at = &e->node[v];
        at->sum += size[l];
        at->n++;
        if (l == depth)
            break;
        at->d = path[l].d;
        int x = child_of(e, v, &path[l]);
        if (!x) {
            x = e->count++;
            e->node[x] = (eta_node){.option = path[l].option, .entry = path[l].entry,
                                    .k = path[l].k, .sibling = e->node[v].child};
            e->node[v].child = x;
        }
        v = x;
    }
    return 0;
}

/*
 * The weights of v's children (tree/eta.h): *before those of children
 * 1 .. c->k - 1, *mine the k-th's, the total returned; 0 when the
 * search's node is not v (its d or its k-th child differ), and *next
 * the k-th child in the trie (0: none).
 */
static double weigh(const xcc_eta *e, int v, const xcc_choice *c, double *before, double *mine,
                    int *next)
{
    const eta_node *at = &e->node[v];
    int d = at->d, seen = 0, seen_before = 0;
    *next = 0;
    if (d != c->d || d < 1 || at->n == 0)
        return 0;
    double m = (at->sum / (double)at->n - 1) / d; /* a child's mean estimate */
    if (m < 1)
        m = 1;
    double total = 0, wb = 0, wk = m;
    for (int x = at->child; x; x = e->node[x].sibling) {
        const eta_node *y = &e->node[x];
        double w = (y->sum + ETA_PRIOR * m) / ((double)y->n + ETA_PRIOR);
        int same = y->option == c->option && y->entry == c->entry;
        if (same != (y->k == c->k))
            return 0; /* the k-th child is another option here */
        seen++, total += w;
        if (y->k < c->k)
            seen_before++, wb += w;
        if (same)
            wk = w, *next = x;
    }
    total += (d - seen) * m;
    *before = wb + (c->k - 1 - seen_before) * m;
    *mine = wk;
    return total;
}

double xcc_eta_fraction(const xcc_eta *e, const xcc_choice *path, int levels)
{
    double f = 0, share = 1;
    int v = e ? 0 : -1;
    for (int l = 0; l < levels; l++) {
        const xcc_choice *c = &path[l];
        double before = 0, mine = 0, total = v >= 0 ? weigh(e, v, c, &before, &mine, &v) : 0;
        if (total > 0) {
            f += share * before / total;
            share *= mine / total;
            if (!v)
                v = -1; /* the k-th child is not in the trie: nothing below it is */
        } else {
            if (c->d > 0)
                f += share * (c->k - 1) / c->d, share /= c->d;
            v = -1;
        }
    }
    return f < 0 ? 0 : f > 1 ? 1 : f;
}
