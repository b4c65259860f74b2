/*
 * tree/dlx5.h — minimum-cost solutions, as Knuth's DLX5 finds them: what
 * every method walking DLX5's tree shares (tree/dlx5.c, dlx5_lists.c,
 * dlx5_print.c), which the links (links/dlx5.c), the twin (twin/dlx5.c)
 * and the threads (parallel/dlx5.c) walk it with.
 *
 * DLX5's method, in brief. Each primary item pays a tax, the least cost
 * of its options; an option's net cost is its cost less the taxes of its
 * items, so every item has an option of net cost 0 and none is negative,
 * and a solution's cost is its net cost plus the sum of all taxes. Each
 * item's list is sorted by net cost. The search is Algorithm C on these
 * lists with a cutoff: the k best net costs found so far are kept in a
 * heap, and an option is tried only if the net cost so far plus its own
 * stays below the k-th of them (all of them while fewer than k solutions
 * are known). Covering an item hides only the options below the cutoff
 * of that moment, the rest can never be chosen below it; so each level
 * remembers the thresholds it covered with, and uncovers with the same.
 * A solution is handed out only when it improves on the k-th best, and
 * at the end the heap holds the k least costs of all solutions.
 */
#ifndef XCC_COST_H
#define XCC_COST_H

#include "tree/walk.h"

/* ---- the links, sorted by net cost (tree/dlx5_lists.c) --------------------------- */

/*
 * A private copy of the problem's links for one search: the same node
 * numbers (so options and entries are named as in the problem), every
 * item's list sorted by net cost, least at the top, as DLX5's natural
 * merge sort leaves it; cost[x] is the net cost of node x's option.
 * Headers keep their length in itm (primary items only are kept up to
 * date while searching, as in DLX5) and the color an item was purified
 * to in color.
 */
typedef struct cost_links {
    xcc_node *nd;
    ullng *cost;
    xcc_item *cl;        /* prev and next of the active lists */
    int last_itm, second, last_node;
} cost_links;

/* Makes lk from p; *mems gets DLX5's mems for sorting the lists. */
xcc_status xcc_cost_links(cost_links *lk, const xcc_problem *p, const xcc_taxes *tx, ullng *mems);

/* A copy of from, for another thread. */
xcc_status xcc_cost_links_copy(cost_links *lk, const cost_links *from);

void xcc_cost_links_free(cost_links *lk);

/* ---- a search (tree/dlx5.c) ---------------------------------------------- */

/*
 * The k best costs so far, for one search or shared by threads. heap is
 * DLX5's: heap[0] the largest (the cutoff: a new solution must cost less),
 * heap[h] >= heap[2h+1], heap[2h+2]; heap[k] stays 0. Costs are net.
 */
typedef struct cost_best {
    int k;
    ullng *heap;         /* k + 1 entries */
} cost_best;

xcc_status xcc_cost_best_init(cost_best *b, int k);
void xcc_cost_best_free(cost_best *b);

/* Puts net cost c into the heap in place of the largest; the mems DLX5 charges. */
ullng xcc_cost_best_add(cost_best *b, ullng c);

/* The costs of the heap, least first, without the infinite ones, into out (k entries); how many. */
int xcc_cost_best_sorted(const cost_best *b, ullng *out);

/*
 * One search of DLX5's tree. t holds what every walk holds (tree/walk.h:
 * the path, the limits, the sink, the figures); the rest is DLX5's.
 */
typedef struct cost_walk cost_walk;
typedef struct cost_twin cost_twin;

/*
 * How a walk of DLX5's tree goes: by the sorted links (links/dlx5.c), or
 * with bit sets (the twin, twin/dlx5.c, which installs itself in a walk
 * when it can take the problem and keeps its state in cost_walk.twin).
 * The rest of a walk is the same for both (tree/dlx5.c).
 */
typedef struct cost_method {
    const char *name;     /* the engine, as the summary names it */
    xcc_status (*search)(cost_walk *w);
    int (*replay)(cost_walk *w, const int *path, int depth);
    void (*unreplay)(cost_walk *w);
    /* each level's "(k of d)" of the path (NULL: read off the links) */
    void (*measure)(cost_walk *w, int levels, ullng cutoff, int from_choice);
    /* primary item k's options left (NULL: the links') */
    int (*len)(const cost_walk *w, int k);
    /* the state for another walk of the problem (a thread's) from from's; NULL without memory */
    cost_twin *(*copy)(const cost_walk *w, const cost_twin *from);
    void (*release)(cost_twin *state);
} cost_method;

struct cost_walk {
    xcc_tree t;
    cost_links lk;
    const cost_method *method;
    cost_twin *twin;      /* the twin's state, when it walks; or NULL */
    const xcc_taxes *tx;
    ullng imems;          /* DLX5's input phase: reading, taxes, sorting */
    cost_best own;        /* the k best, unless shared */
    cost_best *best;      /* &own, or the threads' */
    ullng cutoff;         /* best->heap[0], as this walk last saw it */
    ullng curcost;        /* the net cost of the choices above this level */
    ullng nextcost;       /* the same with the current option */
    /* per level */
    ullng *partcost;      /* curcost when the level was entered */
    ullng *thresh0;       /* the threshold the branch item was covered with */
    ullng *thresh;        /* the one the other items of the option were */
    int levels_cap;
    /* DLX5's heuristics */
    int lenthresh;        /* h<n>: options looked at per item when choosing */
    int zgiven;           /* z<n> */
    const char *zchars;   /* Z<chars>, or "" */
    ullng *sortbuf;       /* for z<n> > 1: least costs, sorted */
    ullng cumcost[8];     /* for Z<chars> */
    /*
     * Threads (parallel/dlx5.c): the walk reads the threads' cutoff at
     * every node from *shared_cutoff, and offers each solution to
     * on_solution, which takes it if it still improves on the k best of
     * all threads (and hands it out); nonzero stops the walk.
     */
    const _Atomic ullng *shared_cutoff;
    int (*on_solution)(cost_walk *w, void *ctx);
    void *solution_ctx;
    /*
     * Going on from a checkpoint (t.resume): the replay covers with the
     * thresholds given (per level, as the search had them) rather than
     * from the cutoff of now; then resumed: the search starts at t.level,
     * base_level 0.
     */
    const ullng *given0, *given1;
    int resumed;
};

/* The methods: the links' (links/dlx5.c), and the twin's, which takes the
   walk over from the links when it can (twin/dlx5_make.c): 1 if it did. */
extern const cost_method xcc_cost_links_method;
int xcc_cost_twin_install(cost_walk *w, const xcc_settings *st);

/* A solution's bookkeeping, as both methods do it. */
int xcc_cost_solution(cost_walk *w, xcc_u128 *mems);

/* A walk of p with st for sink by method (its state, if any, installed after): the taxes and the sorted links made here. */
xcc_status xcc_cost_walk_init(cost_walk *w, xcc_problem *p, const xcc_settings *st,
                              const xcc_sink *sink, const cost_method *method);

/* Another walk of the same problem (a thread's), with a copy of from's links and state. */
xcc_status xcc_cost_walk_twin(cost_walk *w, const cost_walk *from, const xcc_settings *st,
                              const xcc_sink *sink);

void xcc_cost_walk_free(cost_walk *w);

/* Makes room for levels 0 .. need. */
xcc_status xcc_cost_reserve(cost_walk *w, int need);

/*
 * The search, from level t.base_level (the choices above it made by
 * xcc_cost_replay) to the end or a limit; the figures go on in t.fig,
 * why it ended in t.fig.stop. The links come back as they were when it
 * ends; after an early stop they are left where it stopped, as DLX5
 * leaves them (its item totals show them), and the walk is over.
 */
static inline xcc_status xcc_cost_search(cost_walk *w)
{
    return w->method->search(w);
}

/*
 * Makes the choices of path[0 .. depth-1] (nodes, each in the list of the
 * item branched on at its level) without counting, with the thresholds
 * the search would use now; 1 if one of them costs too much now (then
 * nothing is made), else 0 and base_level = depth.
 */
static inline int xcc_cost_replay(cost_walk *w, const int *path, int depth)
{
    return w->method->replay(w, path, depth);
}

static inline void xcc_cost_unreplay(cost_walk *w)
{
    w->method->unreplay(w);
}

/* A replay (links or twin) has made the choices of levels 0 .. depth-1, of net cost cur. */
static inline void xcc_cost_replayed(cost_walk *w, int depth, ullng cur)
{
    w->t.base_level = depth;
    w->curcost = cur;
    if (w->t.maxl < depth)
        w->t.maxl = depth;
}

/* Puts net cost c into w's k best (a solution); the mems DLX5 charges. */
static inline ullng xcc_cost_keep(cost_walk *w, ullng c)
{
    ullng mems = xcc_cost_best_add(w->best, c);
    w->cutoff = w->best->heap[0];
    return mems;
}

/* The figures of a walk, in DLX5's terms (its bytes, its input mems). */
void xcc_cost_figures(cost_walk *w, xcc_figs *fig);

/*
 * Hands solution number t.fig.solutions (choices 0 .. level, of net cost
 * nextcost) to the sink, its "(k of d)" measured against the cutoff old
 * that it improved on; nonzero if the sink asks to stop.
 */
int xcc_cost_hand_out(cost_walk *w, ullng old);

/* A progress report of the path to the sink. */
void xcc_cost_progress(cost_walk *w);

/* DLX5's lower bound for z<n> and Z<chars>: 1 if the node is too dear. */
int xcc_cost_too_dear(cost_walk *w, int explaining, xcc_u128 *mems);

/* The k best as totals into fig->costs and fig->ncosts. */
xcc_status xcc_cost_best_figures(const cost_best *b, const xcc_taxes *tx, xcc_figs *fig);

/*
 * A search of p with st to the end, by method, or by the method install
 * puts in its place when it takes the problem (install may be NULL):
 * the engines' (links/dlx5.c, twin/dlx5_make.c).
 */
xcc_status xcc_cost_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                          xcc_figs *fig, const cost_method *method,
                          int (*install)(cost_walk *w, const xcc_settings *st));

/* Why a minimum-cost search in one thread cannot run st, or NULL. */
const char *xcc_cost_refuses(const xcc_problem *p, const xcc_settings *st);

/* The position of node q in its item's list (0 if it is not in it; tree/dlx5_lists.c). */
int xcc_cost_position(const cost_links *lk, int q);

/* How many options from the top of item's list have net cost below thresh. */
int xcc_cost_usable(const cost_links *lk, int item, ullng thresh);

/*
 * Why pos (a checkpoint's, with its k best and thresholds) is no position
 * of DLX5's search of p with st: the k of its heap, each choice an option
 * of an active primary item, in that item's list there (links/dlx5.c);
 * NULL if it is one. p is not changed. By the links (links/dlx5.c).
 */
const char *xcc_cost_position_fits(xcc_problem *p, const xcc_settings *st,
                                   const xcc_position *pos);

/* ---- printing (tree/dlx5_print.c) --------------------------------------------------- */

/* DLX5's " A B:x ... (k of d) $T [N]" (T the option's cost, N its net cost; none if T is 0). */
void xcc_cost_print_choice(FILE *f, const xcc_problem *p, const xcc_taxes *tx,
                           const xcc_choice *c);

/* What the search writes on the trace: "L3:" and the option (v2); "Level 3:", " A(2$5)",
   ..., " branching on A(2)" (v4); why the bound of z<n> gave up a node (v4). */
void xcc_cost_trace_choice(const cost_walk *w, int cur);
void xcc_cost_explain_start(const cost_walk *w);
void xcc_cost_explain(const cost_walk *w, int k, const char *fmt, ullng a, ullng b);
void xcc_cost_explain_end(const cost_walk *w, int best, int least);
void xcc_cost_explain_dear(const cost_walk *w, int k, const char *why, int with_level);

/* A line of the shape file (S<file>): the usable options and the branch item. */
void xcc_cost_shape(const cost_walk *w, int best, int usable);

/* Whether the primary items can be split as z<n> and Z<chars> say; if not, DLX5's message. */
int xcc_cost_z_fits(const cost_walk *w);


#endif
