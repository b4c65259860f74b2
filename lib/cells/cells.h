/*
 * cells/cells.h — dancing cells: the search tree of Knuth's SSXCC, walked
 * on sparse sets instead of doubly linked lists, with every figure of its
 * report (mems, updates, nodes, bytes, ccost) counted as SSXCC counts it.
 *
 * The engine (xcc_cells_engine, engine.h; a row of the table in
 * engines.c) hands out its solutions, progress and traces through the
 * sink as the other engines do; its figures say knuth = XCC_KNUTH_SSXCC,
 * so that the report writes SSXCC's lines (its row of report/formats.c).
 * Outside cells/, only parallel/cells.c (its threads and shards) includes this.
 */
#ifndef XCC_CELLS_H
#define XCC_CELLS_H

#include "engine.h"
#include "knobs.h"
#include "problem/problem.h"
#include "problem/print.h"
#include "base/gbrand.h"
#include "base/sanity.h"

/*
 * SSXCC's tree cut for threads and shards (parallel/cells.c): a walk of
 * the top of the tree stops at a level and hands each node there on as a
 * task, the state of the sets at it (xcc_cells_save); another walk takes
 * the task up and walks its subtree (xcc_cells_walk_task). A subtree so
 * walked starts from the sets as the top left them, not as the subtrees
 * before it in SSXCC's order would have (each leaves its sets in another
 * order): the solutions are the same, the order of the options tried and
 * the figures may differ a little from SSXCC's.
 */
typedef struct xcc_cells xcc_cells;
typedef struct xcc_cells_state xcc_cells_state;

/* A walk of p with st's limits, writing to sink (NULL: nowhere); top:
   the walk of the top, which s<n> shuffles (a task's state is given). */
xcc_status xcc_cells_open(xcc_cells **c, const xcc_problem *p, const xcc_settings *st,
                          const xcc_sink *sink, int top);
void xcc_cells_close(xcc_cells *c);
int xcc_cells_items(const xcc_cells *c);

/* Walks the tree, each node of level split (none: 0) handed to on_task
   (nonzero: no memory) and not walked below. */
xcc_status xcc_cells_walk_top(xcc_cells *c, int split,
                              int (*on_task)(void *ctx, const xcc_cells *c), void *ctx,
                              xcc_stop *stop);

/* The state of c at the node it hands on (NULL: no memory). */
xcc_cells_state *xcc_cells_save(const xcc_cells *c);
void xcc_cells_state_free(xcc_cells_state *s);

/* Walks the subtree of a task's state, adding to c's figures. */
xcc_status xcc_cells_walk_task(xcc_cells *c, const xcc_cells_state *s, xcc_stop *stop);

/* Adds the figures of from to into's (sums, and the greatest levels). */
xcc_status xcc_cells_add(xcc_cells *into, const xcc_cells *from);

/* The solutions c has found. */
xcc_u128 xcc_cells_solutions(const xcc_cells *c);

/* Sets c's figures to 0 (a shard that does not own the top's). */
void xcc_cells_forget(xcc_cells *c);

/* c's figures into fig, stopped for stop (the profile handed over). */
void xcc_cells_figs(xcc_cells *c, xcc_stop stop, xcc_figs *fig);

/*
 * --checkpoint with tasks (parallel/cells.c): the options chosen from
 * the root to the node c hands on, *len of them (what names the plan);
 * the deepest c's save stack went (what its bytes count, with maxl);
 * and the figures of tasks done by a run before (a checkpoint's sums,
 * maxl, maxsave, profile of levels 0 .. maxl + 1 or NULL) added to c's.
 */
const int *xcc_cells_path(const xcc_cells *c, int *len);
size_t xcc_cells_maxsave(const xcc_cells *c);
xcc_status xcc_cells_credit(xcc_cells *c, const xcc_figs *f, int maxl, size_t maxsave,
                            const ullng *profile);

#endif
