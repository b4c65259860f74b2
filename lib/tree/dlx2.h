/*
 * tree/dlx2.h — DLX2's tree (Algorithm C, as Knuth's DLX2 walks it), and the
 * calls of the methods that walk it: by dancing links (links/dlx2.c) and
 * with bit sets (the twin, twin/dlx2.c).
 */
#ifndef XCC_TREE_DLX2_H
#define XCC_TREE_DLX2_H

#include "tree/walk.h"

/* ---- the links (links/dlx2.c) ------------------------------------------ */

/*
 * Runs Algorithm C on t to the end or to a limit, and leaves the problem
 * as it found it. The figures of t go on from their values. t->level is
 * where it stopped. XCC_OK or XCC_NO_MEMORY; why it ended is t->fig.stop.
 */
xcc_status xcc_links_walk(xcc_tree *t);

/*
 * Makes the choices of path[0..depth-1] (option nodes, each in the list of
 * the item branched on at its level) without counting anything, and
 * sets base_level = depth; xcc_unreplay takes them back.
 */
xcc_status xcc_replay(xcc_tree *t, const int *path, int depth);

/*
 * Why pos (a checkpoint's) is no position of DLX2's search of p without
 * randomizing: each option of its path is in the list of the item DLX2
 * branches on there, and its levels are within p's; NULL if it is one.
 * Leaves p as it found it.
 */
const char *xcc_position_fits(xcc_problem *p, const xcc_position *pos);

/* The item a search of the current state branches on, by DLX2's rule
   without randomizing: 0 if no item is left. */
int xcc_branch_item(const xcc_problem *p);
void xcc_unreplay(xcc_tree *t);

/*
 * Knuth's estimate of the size of the subtree below the current state:
 * the mean, over `probes` random paths, of 1 + d1 + d1 d2 + ..., where
 * d1, d2, ... are the numbers of options of the items branched on along
 * the path. Leaves the structure as it found it. When *t->interrupt is
 * set it stops at once, and what it returns means nothing; without
 * memory it returns -1.
 */
double xcc_estimate_subtree(xcc_tree *t, int probes, xcc_gb_rng *rng);

/*
 * One such random path from the current state, and what it makes of the
 * subtree's figures (--estimate): each node's nodes (1), solutions,
 * updates and mems, times the product of the degrees above it. The mems
 * are search()'s model of a node (links/dlx2.c), uncovering charged as
 * covering. path and weight are scratch, kept from one path to the next
 * (all zero at first; xcc_probe_free frees them). Leaves the structure
 * as it found it; 1 without memory, else 0. spent: the mems of the path
 * itself, down and back up. The path: path[0 .. depth-1] its nodes (each
 * the pick[l]-th option of the item branched on, from 1), weight[l] the
 * product of the degrees down to level l (for -p's ETA, tree/eta.h).
 */
typedef struct xcc_probe {
    double nodes, solutions, updates, mems;
    double spent;
    int *path, *pick, depth;
    double *weight;
    int cap;
} xcc_probe;

int xcc_probe_path(xcc_tree *t, xcc_gb_rng *rng, xcc_probe *pr);
void xcc_probe_free(xcc_probe *pr);

/* ---- the twin (twin/dlx2.c) ---------------------------------------------- */

/*
 * DLX2's tree walked with bit sets instead of links: the same nodes,
 * solutions, listing and figures as xcc_links_walk, mems included.
 * A twin keeps its tables (and its memo) from one walk to the next, as
 * the parallel driver's workers do; the problem must not change
 * meanwhile. With t->base_level = d, choice[0 .. d-1] name options
 * chosen above, and only the subtree below them is walked.
 */
typedef struct xcc_twin xcc_twin;
xcc_twin *xcc_twin_new(const xcc_problem *p);
void xcc_twin_delete(xcc_twin *tw);
xcc_status xcc_twin_walk(xcc_twin *tw, xcc_tree *t);

/* Why the twin cannot walk this (p NULL: the settings alone), or NULL. */
const char *xcc_twin_refuses(const xcc_problem *p, const xcc_settings *st);

/*
 * Makes tw use the memo of from (making it first), so that threads which
 * search parts of one tree, each with its own twin, reuse each other's
 * finished subtrees. The memo is only used by walks that count (no
 * solutions handed out, no profile); tw must not walk once from is
 * deleted.
 */
void xcc_twin_share_memo(xcc_twin *tw, xcc_twin *from);

/* The bytes of tw's memo table in use: 0 if it has none or gave it up. */
size_t xcc_twin_memo_bytes(const xcc_twin *tw);

#endif
