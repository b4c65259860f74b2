/*
 * parallel/dlx2.c — DLX2's tree as the parallel driver walks it (its
 * walker: the links of links/dlx2.c, the twins of twin/dlx2.c), its
 * engines for -j and --shard, and the count of every shard's nodes
 * (bench/shard-balance).
 */
#include "parallel/split.h"
#include "base/alloc.h"
#include "engine.h"
#include "tree/dlx2.h"

#include <string.h>

/* DLX2's walks, as the driver sees them. */
static void *twin_new(const xcc_problem *p)
{
    return xcc_twin_new(p);
}

static void twin_delete(void *tw)
{
    xcc_twin_delete(tw);
}

static xcc_status twin_walk(void *tw, xcc_tree *t)
{
    return xcc_twin_walk(tw, t);
}

static void twin_share_memo(void *tw, void *from)
{
    xcc_twin_share_memo(tw, from);
}

static const xcc_walker xcc_dlx2_walker = {
    xcc_links_walk, xcc_replay, xcc_unreplay, xcc_estimate_subtree,
    xcc_twin_refuses, twin_new, twin_delete, twin_walk, twin_share_memo, NULL, 1,
    {&xcc_links_engine, &xcc_twin_engine},
};

static xcc_status threads_twin_solve(xcc_problem *p, const xcc_settings *st,
                                     const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &xcc_dlx2_walker, 1);
}

static xcc_status threads_links_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &xcc_dlx2_walker, 0);
}

const xcc_engine xcc_threads_twin = {"threads", xcc_threads_refuses, threads_twin_solve, NULL};
const xcc_engine xcc_threads_links = {"threads", xcc_threads_refuses, threads_links_solve, NULL};

xcc_status xcc_shard_nodes(xcc_problem *p, const xcc_settings *st, ullng *nodes)
{
    const xcc_walker *walker = &xcc_dlx2_walker;
    xcc_settings one = *st;
    one.threads = 1, one.shards = 0, one.shard = 0;
    int twins = !walker->twin_refuses(p, &one);
    void *twin = twins ? walker->twin_new(p) : NULL;
    xcc_tasks t = {.counting_only = 1};
    xcc_shard_plan pl = {0};
    xcc_sink none = {0};
    xcc_tree e, w;
    int *owner = NULL;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status s = xcc_shard_enumerate(&e, &none, p, st, &t, &pl, walker, twin);
    memset(nodes, 0, (size_t)st->shards * sizeof(ullng));
    nodes[0] = (ullng)e.fig.nodes;
    if (!s && !(owner = malloc((t.ps.count + 1) * sizeof(int))))
        s = XCC_NO_MEMORY;
    if (!s)
        s = xcc_shard_deal(p, st, walker, &t, (ullng)e.fig.nodes, owner, &stop);
    for (size_t i = 0; !s && i < t.ps.count && stop == XCC_COMPLETE; i++) {
        int len;
        const int *path = xcc_path_of(&t.ps, i, &len);
        if ((s = xcc_split_prepare(&w, p, &one, &none)))
            break;
        if (twin) {
            s = xcc_split_walk_below(walker, twin, &w, path, len);
        } else if (!(s = walker->replay(&w, path, len))) {
            s = walker->walk(&w);
            walker->unreplay(&w);
        }
        nodes[owner[i]] += (ullng)w.fig.nodes;
        xcc_tree_free(&w);
    }
    xcc_tree_free(&e);
    if (twin)
        walker->twin_delete(twin);
    free(owner);
    xcc_paths_free(&t.ps);
    xcc_shard_plan_free(&pl);
    return s;
}
