/*
 * xcc_tree.h — a walk of DLX2's search tree: what the two engines that
 * walk it (the links, xcc_search.c, and the twin, xcc_twin.c) and the
 * parallel driver that splits it among them (xcc_parallel.c) share.
 *
 * A walk is set up from the settings and the sink (xcc_tree_init), which
 * it copies into the limits below so that the parallel driver can change
 * them per walk (its workers count without limit and report no progress;
 * the enumerator stops at the split). Its figures are counted in fig,
 * its state is the path of choices.
 */
#ifndef XCC_TREE_H
#define XCC_TREE_H

#include "xcc_int.h"

/* What on_split says of a node (see split_depth). */
enum { XCC_SPLIT_HERE, XCC_SPLIT_STOP, XCC_SPLIT_DEEPER };

typedef struct xcc_tree xcc_tree;

struct xcc_tree {
    xcc_problem *p;
    const xcc_sink *sink;
    /* what this walk is asked, from the settings and dlx2's knobs */
    int vbose;             /* XCC_SHOW_* bits that concern the search */
    int show_choices_max, show_choices_gap;
    xcc_u128 maxcount;     /* t<n>; no limit: all ones (past every count) */
    xcc_u128 timeout;      /* T<n>; the same */
    xcc_u128 delta, thresh; /* d<n>: a progress report every delta mems */
    gb_rng *rng;           /* s<n>: random tie-breaking, or NULL */
    int len_index;         /* xcc_dlx2.len_index */
    volatile sig_atomic_t *interrupt; /* polled once per node, or NULL */
    const atomic_int *halt; /* a second flag, set by other threads (-j) */
    xcc_accept_fn accept;  /* pruning hooks (the links only) */
    xcc_retract_fn retract;
    void *hook_ctx;
    /*
     * Splitting the tree (xcc_parallel.c). With split_depth > 0, at a
     * node of level split_from (at least 1) to split_depth, on_split is
     * called with choice[0..level-1] naming the path to it, and says
     * XCC_SPLIT_HERE: the node is not searched, and the walk goes on as
     * if its subtree were empty; XCC_SPLIT_DEEPER: the node is searched
     * (taken as HERE at split_depth); XCC_SPLIT_STOP: the walk stops.
     * With base_level > 0, choice[0..base_level-1] have been made already
     * (xcc_replay, or the twin's own replay) and the walk explores only
     * the subtree below them.
     */
    int split_depth, split_from, base_level;
    int (*on_split)(xcc_tree *t, void *ctx);
    void *split_ctx;
    double fraction_done;  /* >= 0: what progress reports give as the share done */
    /* costs (cost.h): the total cost of the solution handed out, and for
       progress reports the k-th best total so far (XCC_COST_INFINITY: none) */
    int costs;
    ullng cost, cutoff;
    /* the path: choice[0..level] are the nodes chosen at each level */
    int level, maxl;
    int *choice;
    ullng *profile;        /* nodes per level, when XCC_SHOW_PROFILE */
    xcc_choice *path;      /* the same as records, for the sink; the twin keeps k and d here */
    int levels_cap;
    struct mcc_walk *mcc;  /* a walk of DLX3's tree: its own state (mcc.h), or NULL */
    /* last, the walks' other fields in the first cache lines */
    xcc_figs fig;          /* solutions, nodes, updates, cleansings, mems, lmems, cmems */
};

/* A walk of p with the settings of st (NULL: the defaults) for sink. */
xcc_status xcc_tree_init(xcc_tree *t, xcc_problem *p, const xcc_settings *st,
                         const xcc_sink *sink);
void xcc_tree_free(xcc_tree *t);

/* Makes room for levels 0 .. need in choice[], profile[] and path[]. */
xcc_status xcc_tree_reserve(xcc_tree *t, int need);

/* Fills path[0 .. levels-1] from choice[]; k and d from the links unless known. */
void xcc_tree_path(xcc_tree *t, int levels, int known);

/*
 * Hands solution number fig.solutions, choice[0 .. level], to the sink;
 * nonzero when it asks to stop. known: path[].k and .d are filled in
 * already (the twin); else they are read off the live links.
 */
int xcc_tree_solution(xcc_tree *t, int known);

/* A progress report of the path choice[0 .. level-1] to the sink. */
void xcc_tree_progress(xcc_tree *t, int known);

/* The figures of a finished walk into fig: counts, bytes, levels, profile. */
void xcc_tree_figures(xcc_tree *t, xcc_figs *fig);

/* Bytes of the main data structures, by DLX2's formula. */
ullng xcc_tree_bytes(const xcc_tree *t);

/* ---- threads and shards (xcc_parallel.c) -------------------------------- */

/*
 * One kind of tree (DLX2's, DLX3's) as the parallel driver walks it: by
 * dancing links (walk, with replay and unreplay to start below a path,
 * and estimate for the shards), and, unless twin_refuses, by bit sets.
 * twin_share_memo may be NULL. knuth: the figures' (xcc_figs.knuth).
 */
typedef struct xcc_walker {
    xcc_status (*walk)(xcc_tree *t);
    xcc_status (*replay)(xcc_tree *t, const int *path, int depth);
    void (*unreplay)(xcc_tree *t);
    double (*estimate)(xcc_tree *t, int probes, gb_rng *rng);
    const char *(*twin_refuses)(const xcc_problem *p, const xcc_settings *st);
    void *(*twin_new)(const xcc_problem *p);
    void (*twin_delete)(void *tw);
    xcc_status (*twin_walk)(void *tw, xcc_tree *t);
    void (*twin_share_memo)(void *tw, void *from);
    int knuth;
} xcc_walker;

/*
 * Solves p with st's threads or shard (xcc_parallel.c's contract), the
 * workers walking with twins when use_twin and they may.
 */
xcc_status xcc_threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, const xcc_walker *w, int use_twin);

/* Why the driver cannot run st (one thread and the whole tree, S<file>, ...), or NULL. */
const char *xcc_threads_refuses(const xcc_problem *p, const xcc_settings *st);

/* ---- the links (xcc_search.c) ------------------------------------------ */

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
double xcc_estimate_subtree(xcc_tree *t, int probes, gb_rng *rng);

/* ---- the twin (xcc_twin.c) ---------------------------------------------- */

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

/*
 * The nodes of each of st->shards parts of --shard (nodes[0 .. shards-1]),
 * as the runs of --shard K/N would count them, found in one search
 * (bench/shard-balance): the same plan and deal (xcc_shard.c), each
 * task walked once.
 */
xcc_status xcc_shard_nodes(xcc_problem *p, const xcc_settings *st, unsigned long long *nodes);

/* The bytes of tw's memo table in use: 0 if it has none or gave it up. */
size_t xcc_twin_memo_bytes(const xcc_twin *tw);

/*
 * Appends path[0 .. depth-1] to *paths, which holds *count paths of that
 * length in *cap ints (the parallel drivers' tasks); 1 without memory.
 */
int xcc_path_append(int **paths, size_t *count, size_t *cap, const int *path, int depth);

#endif
