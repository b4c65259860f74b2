/*
 * parallel/dlx3.c — DLX3's tree as the parallel driver walks it (its
 * walker: the links of links/dlx3.c, the twins of twin/dlx3.c), and its
 * engines for -j and --shard.
 */
#include "parallel/parallel.h"
#include "engine.h"
#include "tree/dlx3.h"

static const xcc_walker xcc_mcc_walker = {
    xcc_mcc_links_walk, xcc_mcc_replay, xcc_mcc_unreplay, xcc_mcc_estimate_subtree,
    xcc_mcc_twin_refuses, xcc_mcc_twin_new, xcc_mcc_twin_delete, xcc_mcc_twin_walk,
    xcc_mcc_twin_share_memo, xcc_mcc_tree, 0, {&xcc_mcc_links_engine, &xcc_mcc_twin_engine},
};

static xcc_status threads_twin_solve(xcc_problem *p, const xcc_settings *st,
                                     const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &xcc_mcc_walker, 1);
}

static xcc_status threads_links_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &xcc_mcc_walker, 0);
}

const xcc_engine xcc_mcc_threads_twin = {"mcc-threads", xcc_threads_refuses, threads_twin_solve, NULL};
const xcc_engine xcc_mcc_threads_links = {"mcc-threads", xcc_threads_refuses, threads_links_solve, NULL};
