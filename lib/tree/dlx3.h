/*
 * tree/dlx3.h — multiplicities: the search of Knuth's DLX3 (Algorithm M of
 * TAOCP 7.2.2.1) for MCC problems, where primary item i must be covered
 * between lo and hi times (xcc_problem.bounds). Private to lib/.
 *
 * DLX3's tree. Each primary item has a bound (how many more options may
 * still cover it, hi at first) and a slack (hi - lo). At a node, every
 * active item i of length len (the live options containing it) gets the
 * score len + s - bound + 1 with s = min(slack, bound): the number of
 * ways to go on with it. The branch item has the least score; on ties
 * the least s, then the greatest len, then the leftmost (or, with s<n>,
 * one of the tied at random). A score of 0 or less is a dead end; no
 * active item left is a solution. On the branch item x:
 *
 *   - bound 1 and slack 0 ("covering"): x is covered and its options are
 *     tried one by one, as in DLX2;
 *   - otherwise ("tweaking"): its options are tried from the top of its
 *     list, each taken out of the list for good before it is tried
 *     (DLX3's tweak; with x's bound down to 0, x is covered first), so
 *     that x's options are chosen in increasing order. When no more than
 *     bound - slack options are left, the level is done; when none is
 *     left at all, the last branch is the "null" choice: x takes no more
 *     options (and leaves the active list).
 *
 * A chosen option lowers the bound of its other primary items by one (an
 * item whose bound reaches 0 is covered), covers its uncolored secondary
 * items and purifies its colored ones. The levels of a solution are its
 * choices, null ones included: DLX3 lists those as " null NAME (k of d)".
 * In "(k of d)", k counts the tries at that level and d is the score.
 */
#ifndef MCC_H
#define MCC_H

#include "tree/walk.h"

/* An item's bound and slack, which DLX3 reads together (one mem). */
typedef struct mcc_cap {
    int bound, slack;
} mcc_cap;

/* What a walk of DLX3's tree by links keeps besides xcc_tree (its ext_state). */
struct mcc_walk {
    mcc_cap *cap;   /* cap[i] for the primary items 1 .. second-1 */
    int *tweak;     /* per level: the first option tried by tweaking, 0 when covering */
    int levels;     /* room in tweak[] */
};

/* Makes t a walk of DLX3's tree: its figures (knuth 3) and bytes are DLX3's (tree/dlx3.c). */
void xcc_mcc_tree(xcc_tree *t);

/* The same, with the state of DLX3's links (t->ext_state); 0, or XCC_NO_MEMORY. */
xcc_status xcc_mcc_walk_start(xcc_tree *t);

static inline struct mcc_walk *xcc_mcc_state(const xcc_tree *t)
{
    return t->ext_state;
}

/* DLX3's score of an item: len + min(slack, bound) - bound + 1. */
static inline long long xcc_mcc_score(int len, mcc_cap c)
{
    int s = c.slack < c.bound ? c.slack : c.bound;
    return (long long)len + s - c.bound + 1;
}

/* The score of an item with no constraint left: none is active (a solution). */
#define MCC_INFINITY 0x7fffffff

/* ---- the links (links/dlx3.c) ------------------------------------------- */

/*
 * DLX3's search by dancing links, with every figure counted as he counts
 * it: xcc_links_walk's contract (limits, split_depth and base_level for
 * the parallel driver, the problem left as found).
 */
xcc_status xcc_mcc_links_walk(xcc_tree *t);

/*
 * Makes the choices path[0 .. depth-1] (a node of an option, or an item
 * for a null choice), as the walk would have made them, counting
 * nothing; xcc_mcc_unreplay takes them back. path[].k and .d are filled in.
 */
xcc_status xcc_mcc_replay(xcc_tree *t, const int *path, int depth);
void xcc_mcc_unreplay(xcc_tree *t);

/*
 * Why pos (a checkpoint's) is no position of DLX3's search of p without
 * randomizing (tree/dlx2.h's xcc_position_fits for DLX3's tree: each
 * choice, an option or a null one, is one the walk tries at its level);
 * NULL if it is one. Leaves p as it found it.
 */
const char *xcc_mcc_position_fits(xcc_problem *p, const xcc_position *pos);

/* Knuth's estimate of the subtree below the current state (xcc_estimate_subtree). */
double xcc_mcc_estimate_subtree(xcc_tree *t, int probes, xcc_gb_rng *rng);

/* Writes " NAME:COLOR ... (k of d)" for the option of node q, or " null NAME (k of d)". */
void xcc_mcc_print_choice(FILE *f, const xcc_problem *p, int q, int k, int d);

/* ---- the twin (twin/dlx3.c) --------------------------------------------- */

/*
 * DLX3's tree walked with bit sets, every figure derived (xcc_twin's
 * contract, for DLX3's tree): a twin is made for one problem and may
 * walk it many times (the workers of the parallel driver).
 */
void *xcc_mcc_twin_new(const xcc_problem *p);
void xcc_mcc_twin_delete(void *tw);
xcc_status xcc_mcc_twin_walk(void *tw, xcc_tree *t);
/* Makes tw use the memo of from when counting (xcc_twin_share_memo). */
void xcc_mcc_twin_share_memo(void *tw, void *from);
const char *xcc_mcc_twin_refuses(const xcc_problem *p, const xcc_settings *st);

/* Why an MCC engine cannot run st on p (p NULL: any problem), or NULL. */
const char *xcc_mcc_refuses(const xcc_problem *p, const xcc_settings *st);

#endif
