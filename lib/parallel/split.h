/*
 * parallel/split.h — the cut of a search tree into subtrees searched apart:
 * what the threads' driver (parallel/parallel.c), which hands the subtrees to
 * threads, and the shards' plan (parallel/shard.c), which deals them out to
 * machines, share. parallel/split.c walks the top of the tree and writes the
 * subtrees' paths down; the paths are DLX2's choices (tree/walk.h).
 */
#ifndef XCC_SPLIT_H
#define XCC_SPLIT_H

#include "tree/walk.h"
#include "parallel/parallel.h"

/*
 * A set of paths from the root, one after another in paths[]: path i is
 * paths[start[i] .. start[i + 1] - 1]. The tasks are one (in tree
 * order), and so are the nodes a shards' plan cuts below.
 */
typedef struct xcc_paths {
    int *paths;
    size_t *start;
    size_t count, cap, start_cap;  /* caps: ints and starts allocated */
} xcc_paths;

/* Path i of ps, and its length in *len. */
const int *xcc_path_of(const xcc_paths *ps, size_t i, int *len);

/* Adds path[0 .. len-1]; nonzero without memory. */
int xcc_paths_add(xcc_paths *ps, const int *path, int len);
void xcc_paths_free(xcc_paths *ps);

/*
 * The fingerprint of the paths of ps, in their order (FNV-1a, 64 bits,
 * over their count, lengths and options): what a checkpoint of -j or
 * --shard names its plan of tasks by.
 */
ullng xcc_paths_fingerprint(const xcc_paths *ps);

/* Sorts set ps (for xcc_paths_find), and the sizes with it when not NULL. */
xcc_status xcc_paths_sort(xcc_paths *ps, double *size);

/* Where path is in the sorted set ps, or ps->count. */
size_t xcc_paths_find(const xcc_paths *ps, const int *path, int len);

/*
 * How many tasks a cut aims for: tasks_per_worker (default 64) per
 * thread; with --shard, per shard and for XCC_SHARD_THREADS threads,
 * whatever -j says, so that the shards of one problem, each run with its
 * own -j, cut the same plan and their parts add up to the whole.
 */
#define XCC_SHARD_THREADS 8
size_t xcc_split_want(const xcc_settings *st);

/* The tasks: the paths to the roots of subtrees searched apart. */
typedef struct xcc_tasks {
    int depth;          /* the deepest a task's root may be */
    xcc_paths ps;
    const xcc_paths *cut_below; /* a plan's nodes searched above the tasks
                                   (sorted by path_cmp), or NULL: all
                                   tasks are at depth */
    const xcc_paths *leaf;  /* the plan's tasks (sorted), or NULL */
    const double *leaf_size; /* their estimated sizes */
    int lost;           /* a task could not be recorded: out of memory */
    int counting_only;  /* a trial pass: no solutions handed out, no limits */
    const xcc_sink *user; /* where the enumerator's solutions go, or NULL */
} xcc_tasks;

/*
 * A walk of p for the driver: the caller's limits, but no progress
 * reports, no hooks, and only the profile of its verbosity.
 */
xcc_status xcc_split_prepare(xcc_tree *t, xcc_problem *p, const xcc_settings *st,
                             const xcc_sink *sink);

/*
 * Walks the top of the tree to depth d into e, with twin (made once for
 * all passes) when it may, else dancing, writing the tasks into t.
 */
xcc_status xcc_split_enumerate(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                               const xcc_settings *st, xcc_tasks *t, int d,
                               const xcc_walker *w, void *twin);

/* The enumerator's sink (ctx: the tasks): its solutions, above the split, go to t->user. */
int xcc_split_solution(const xcc_problem *p, const xcc_solution *s, void *ctx);

/* Whether the walk stopped because a task could not be recorded. */
int xcc_split_lost(const xcc_tree *e, const xcc_tasks *t);

/*
 * The depth of the split: the first at which the top has at least want
 * tasks (or none, or the walk stops there by T<n>); e holds that last
 * trial pass on return.
 */
xcc_status xcc_split_choose_depth(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                                  const xcc_settings *st, xcc_tasks *t, const xcc_walker *w,
                                  void *twin, size_t want);

/* One task's subtree, walked by the twin tw below its path, into t. */
xcc_status xcc_split_walk_below(const xcc_walker *w, void *tw, xcc_tree *t, const int *path,
                                int depth);

/*
 * Knuth's estimate of the nodes below path, replayed on e by w (many
 * probes near the root, fewer below; their random numbers seeded by the
 * path, so that every machine makes the same); *s says when memory ran out.
 */
double xcc_split_estimate(const xcc_walker *w, xcc_tree *e, const int *path, int len,
                          xcc_status *s);

/*
 * --checkpoint with tasks: the figures of a task, those of its walk when
 * it ended (after) less those when it began (before), into f; and a
 * task's figures added to the sums of the tasks done (the largest
 * degree kept).
 */
void xcc_split_task_figs(xcc_figs *f, const xcc_figs *after, const xcc_figs *before);
void xcc_split_add_figs(xcc_figs *to, const xcc_figs *from);

/*
 * --resume from r, a checkpoint of tasks: XCC_REFUSED unless it is of
 * this plan (ntasks tasks of fingerprint plan) and every task it has
 * done is one of this part's, mine[0 .. *nmine - 1]; else marks them in
 * done (ntasks bytes) and takes them out of mine (*nmine those left).
 */
xcc_status xcc_split_resume(const xcc_position *r, size_t ntasks, ullng plan, size_t *mine,
                            size_t *nmine, unsigned char *done);

/* Whether the caller asked the search to stop. */
int xcc_split_interrupted(const xcc_settings *st);

/*
 * Hands pos, the tasks done, to user's checkpoint (the caller holds the
 * threads' lock); when it says to stop, *stop becomes an interruption
 * (unless it says another stop already) and *halt stops every walk.
 * Nonzero then.
 */
int xcc_split_checkpoint(const xcc_sink *user, const xcc_position *pos, xcc_stop *stop,
                         atomic_int *halt);

/* ---- shards (parallel/shard.c) ------------------------------------------------ */

/* A plan of plan_shards: the nodes cut below, the tasks and their sizes. */
typedef struct xcc_shard_plan {
    xcc_paths cut, leaf;
    double *leaf_size;
} xcc_shard_plan;

void xcc_shard_plan_free(xcc_shard_plan *pl);

/*
 * The tasks of a split for shards: makes the plan into pl, then walks
 * the top of the tree above the tasks into e, the tasks into t.
 */
xcc_status xcc_shard_enumerate(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                               const xcc_settings *st, xcc_tasks *t, xcc_shard_plan *pl,
                               const xcc_walker *w, void *twin);

/*
 * Deals the tasks out to st->shards shards: owner[i] is the shard (from
 * 0) of task i, the same on every machine; top is the nodes above them.
 */
xcc_status xcc_shard_deal(xcc_problem *p, const xcc_settings *st, const xcc_walker *w,
                          const xcc_tasks *t, ullng top, int *owner, xcc_stop *stop);

#endif
