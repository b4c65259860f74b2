/*
 * parallel/parallel.h — threads and shards: the driver (parallel.c) that splits a
 * tree into subtrees and hands them to threads, walking each by a tree's
 * walker.
 */
#ifndef XCC_PARALLEL_H
#define XCC_PARALLEL_H

#include "tree/walk.h"
#include "engine.h"

/*
 * One kind of tree (DLX2's, DLX3's) as the parallel driver walks it: by
 * dancing links (walk, with replay and unreplay to start below a path,
 * and estimate for the shards), and, unless twin_refuses, by bit sets.
 * twin_share_memo may be NULL. start makes a walk one of this tree (its
 * figures and bytes; NULL: DLX2's). planned: --shard cuts the tree by the
 * shards' plan (parallel/shard.c, which branches as DLX2's links), else
 * at one depth.
 */
typedef struct xcc_walker {
    xcc_status (*walk)(xcc_tree *t);
    xcc_status (*replay)(xcc_tree *t, const int *path, int depth);
    void (*unreplay)(xcc_tree *t);
    double (*estimate)(xcc_tree *t, int probes, xcc_gb_rng *rng);
    const char *(*twin_refuses)(const xcc_problem *p, const xcc_settings *st);
    void *(*twin_new)(const xcc_problem *p);
    void (*twin_delete)(void *tw);
    xcc_status (*twin_walk)(void *tw, xcc_tree *t);
    void (*twin_share_memo)(void *tw, void *from);
    void (*start)(xcc_tree *t);
    int planned;
    const struct xcc_engine *ran[2]; /* what the summary names: [0] dancing, [1] with twins */
} xcc_walker;

/*
 * Solves p with st's threads or shard (parallel/parallel.c's contract), the
 * workers walking with twins when use_twin and they may.
 */
xcc_status xcc_threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, const xcc_walker *w, int use_twin);

/* Why the driver cannot run st (one thread and the whole tree, S<file>, ...), or NULL. */
const char *xcc_threads_refuses(const xcc_problem *p, const xcc_settings *st);

/*
 * The refusal of an engine of threads over the one-thread engine one:
 * what one refuses of st in one thread, then self (say, "one thread:
 * the fast engine itself") when st asks for one thread; NULL otherwise.
 */
const char *xcc_threads_over(const xcc_engine *one, const char *self, const xcc_problem *p,
                             const xcc_settings *st);

/*
 * What no driver of threads or shards takes (one thread and the whole
 * tree, S<file>, pruning hooks), and tracing (v2, v4) unless a shard of
 * a tree that traces by itself (shard_traces: DLX2's and DLX3's links); NULL
 * when st passes. The engines' refuses() begin with it.
 */
const char *xcc_threads_refuse_common(const xcc_settings *st, int shard_traces);


/*
 * The nodes of each of st->shards parts of --shard (nodes[0 .. shards-1]),
 * as the runs of --shard K/N would count them, found in one search
 * (bench/shard-balance): the same plan and deal (shard.c), each
 * task walked once.
 */
xcc_status xcc_shard_nodes(xcc_problem *p, const xcc_settings *st, unsigned long long *nodes);

#endif
