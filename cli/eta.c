/*
 * eta.c — the random paths of DLX2's tree that --estimate (estimate.c)
 * and -p's weights (cli_eta, tree/eta.h) take.
 */
#include "cli.h"
#include "tree/dlx2.h"
#include "tree/eta.h"
#include "parallel/split.h"

#include <stdlib.h>
#include <time.h>

/*
 * Random paths of DLX2's tree from the root, each handed to each(ctx,
 * path), until most are taken, they have spent mems mems, or seconds
 * (> 0) of wall time have passed; how many were taken.
 */
int cli_take_paths(xcc_problem *p, const cli *c, int most, double mems, double seconds,
                      void (*each)(void *ctx, const xcc_probe *pr), void *ctx)
{
    xcc_tree t;
    xcc_gb_rng rng;
    xcc_probe pr = {0};
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (xcc_split_prepare(&t, p, &c->xs, NULL))
        cli_die_no_memory("out of memory");
    xcc_gb_rng_init(&rng, (long)(c->k.sample_seed % 2147483647u));
    double spent = 0;
    int taken = 0;
    for (int i = 0; i < most && spent < mems; i++) {
        if (seconds > 0 && (i & 15) == 15) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            if ((double)(now.tv_sec - t0.tv_sec) + 1e-9 * (double)(now.tv_nsec - t0.tv_nsec)
                > seconds)
                break;
        }
        if (xcc_probe_path(&t, &rng, &pr))
            cli_die_no_memory("out of memory");
        spent += pr.spent, taken++;
        each(ctx, &pr);
    }
    xcc_probe_free(&pr);
    xcc_tree_free(&t);
    return taken;
}

/* ---- -p's ETA ------------------------------------------------------------- */

/* Without more, -p's paths stop at this many, these mems or this time. */
#define ETA_PATHS 4096
#define ETA_MEMS 1e8
#define ETA_SECONDS 0.25

typedef struct eta_paths {
    const xcc_problem *p;
    xcc_eta *eta;
    xcc_choice *path;
    double *size;
    int cap, lost;
} eta_paths;

/* A path into the trie: its choices, and the estimate of each node's subtree from it. */
static void add_eta_path(void *ctx, const xcc_probe *pr)
{
    eta_paths *ep = ctx;
    int n = pr->depth;
    if (ep->lost)
        return;
    if (n + 1 > ep->cap) {
        int cap = 2 * (n + 1);
        xcc_choice *q = realloc(ep->path, (size_t)cap * sizeof *q);
        if (q)
            ep->path = q;
        double *z = q ? realloc(ep->size, (size_t)cap * sizeof *z) : NULL;
        if (!z) {
            ep->lost = 1;
            return;
        }
        ep->size = z, ep->cap = cap;
    }
    /* node l's weight is the product of the degrees above it: 1, weight[0], ...; the
       estimate of its subtree is the sum of the weights from it down, over its own */
    double below = pr->nodes;
    for (int l = 0; l <= n; l++) {
        double w = l ? pr->weight[l - 1] : 1;
        ep->size[l] = below / w;
        below -= w;
        if (l < n) {
            int q = pr->path[l], o = xcc_option_of(ep->p, q);
            double d = pr->weight[l] / w;
            ep->path[l] = (xcc_choice){o, q - ep->p->opt_node[o], pr->pick[l], (int)(d + 0.5)};
        }
    }
    if (xcc_eta_add(ep->eta, ep->path, n, ep->size))
        ep->lost = 1;
}

xcc_eta *cli_eta(xcc_problem *p, const cli *c)
{
    if (xcc_has_bounds(p) || xcc_has_costs(p) || xcc_problem_options(p) == 0)
        return NULL; /* DLX3's or DLX5's tree: not DLX2's, which the paths follow */
    eta_paths ep = {.p = p, .eta = xcc_eta_new()};
    if (ep.eta)
        cli_take_paths(p, c, ETA_PATHS, ETA_MEMS, ETA_SECONDS, add_eta_path, &ep);
    free(ep.path), free(ep.size);
    if (ep.lost) {
        xcc_eta_free(ep.eta);
        return NULL;
    }
    return ep.eta;
}

