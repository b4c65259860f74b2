/*
 * xcc.h — the dlx2 engine: an XCC problem in dancing-links form, its
 * reader, and Algorithm C (TAOCP 7.2.2.1) searching it.
 *
 * Programs that must solve (dlx2 itself, generators that check a puzzle
 * has one answer, tour counters) link build/libxcc.a and use only this
 * header. Nothing here touches stdout, argv or exit(); all printing goes
 * to a FILE the caller names.
 *
 * The data layout is DLX2's, so that the search tree, the updates and the
 * cleansings are exactly his:
 *
 *   items   cl[0 .. last_itm-1]. cl[0] is the root of the circular list of
 *           primary items still to cover; items second .. last_itm-1 are
 *           secondary and form their own circular list through
 *           cl[last_itm]. Item i's name is names[cl[i].name ..], of
 *           cl[i].namelen bytes (not NUL-terminated inside the pool).
 *   nodes   nd[0 .. last_node]. nd[i] for 0 < i < last_itm is the header
 *           of item i's vertical list: its len (alias itm) is the number
 *           of options still in the list, its aux (alias color) holds the
 *           color an item was purified to (for printing). After the
 *           headers come the options, each a run of nodes framed by
 *           spacers: a spacer has itm <= 0 (minus the option number), its
 *           up is the first node of the option before it, its down the
 *           last node of the option after it.
 *   colors  a node's color is 0 (none), a color id > 0, or -1 once the
 *           node has been cleansed by purifying its item to the color it
 *           agrees with; the -1 mark is what stops a second option with
 *           the same color from removing those options again. Color id c
 *           is the color_len[c] bytes at names[color_name[c] ..].
 *
 * Invariants between search steps: an item still in the root list has
 * len equal to the number of nodes in its vertical list; every covered or
 * purified item is undone in exactly the reverse order of doing.
 *
 * Searching again. Every engine leaves the problem as it was read when it
 * returns, whether it finished or stopped early (a limit, a signal, a
 * callback's stop, out of memory): the links engine takes back the
 * choices it was in the middle of (cheap next to the search that made
 * them), the bit-set engines never change it. So one problem can be
 * searched any number of times, by any engine, one after another (not
 * at the same time: xcc_clone makes a copy for that). Only a header's aux
 * may differ (the color last purified) and stop_len is set or cleared.
 */
#ifndef XCC_H
#define XCC_H

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include "gbrand.h"

typedef unsigned long long ullng;

typedef struct xcc_node {
    int up, down;  /* neighbours in the item's vertical list */
    union {
        int itm;   /* item number of an option's node; <= 0 in spacers */
        int len;   /* in a header: options left in the list */
    };
    union {
        int color; /* 0, a color id, or -1 when cleansed */
        int aux;   /* in a header: while reading, the item's newest node;
                      while searching, the color it was purified to */
    };
} xcc_node;

typedef struct xcc_item {
    int prev, next;  /* neighbours in the list of active items */
    int name;        /* offset of the name in the name pool */
    int namelen;     /* its length in bytes */
} xcc_item;

typedef struct xcc_problem {
    xcc_item *cl;
    xcc_node *nd;
    int last_itm;     /* first unused item slot */
    int second;       /* first secondary item (== last_itm if none) */
    int last_node;    /* the last spacer */
    char *names;      /* pool of item and color names */
    int *color_name;  /* color id -> offset in the pool */
    int *color_len;   /* color id -> length */
    int ncolors;      /* color ids run 1 .. ncolors */
    ullng options;    /* options kept (those with a primary item) */
    ullng imems;      /* mems of reading, in DLX2's cost model */
    /* every item's list length where the last search stopped early, when
       it was asked for them (XCC_SHOW_TOTS): the "Item totals" DLX2
       prints after such a search, since the problem itself is restored;
       NULL otherwise (stop_len[1 .. last_itm-1]) */
    int *stop_len;
    /* private to the reader: capacities and hash tables */
    int cl_cap, nd_cap, color_cap;
    size_t names_len, names_cap;
    int *item_hash, item_hash_size;
    int *color_hash, color_hash_size;
    int borrowed;     /* a clone: names and tables belong to another */
} xcc_problem;

/* What went wrong while reading; line and col are 1-based, 0 if none. */
typedef struct xcc_error {
    int status;  /* 2: bad input or unreadable; 3: out of memory */
    long line, col;
    char msg[512];
} xcc_error;

typedef struct xcc_read_opts {
    FILE *warn;   /* "Option ignored ..." warnings go here; NULL: silent */
    gb_rng *rng;  /* when set, options enter their lists at random places */
} xcc_read_opts;

/*
 * Reads a problem in the text format of formats/xcc.md from in. Returns 0,
 * or the exit status to use (2 or 3) with *err filled in. On failure the
 * problem is freed already.
 */
int xcc_read(xcc_problem *p, FILE *in, const xcc_read_opts *opts, xcc_error *err);

/*
 * Quotes n bytes of s for a message into out, which holds
 * XCC_QUOTE_SIZE(max) bytes: at most max bytes of s (then "..."),
 * well-formed UTF-8 as it is, the backslash as \\, and every other byte
 * that is not printable ASCII as \xHH. Returns out. The reader quotes
 * names so; programs quote what they echo (arguments, file names).
 */
#define XCC_QUOTE_SIZE(max) (4 * (size_t)(max) + 8)
const char *xcc_quote(const char *s, size_t n, size_t max, char *out);

/* Releases what xcc_read allocated. */
void xcc_free(xcc_problem *p);

/*
 * Makes dst a private copy of src's links (items and nodes), sharing the
 * names and colors, so another thread can search it. Returns 0 or 3.
 * xcc_free(dst) frees only what the copy owns.
 */
int xcc_clone(const xcc_problem *src, xcc_problem *dst);

/* Number of entries as DLX2 reports them (nodes after the headers). */
static inline int xcc_entries(const xcc_problem *p) { return p->last_node - p->last_itm; }

/* Verbosity bits of the argument v<n>, as in DLX2. */
enum {
    XCC_SHOW_BASICS = 1,
    XCC_SHOW_CHOICES = 2,
    XCC_SHOW_DETAILS = 4,
    XCC_SHOW_PROFILE = 128,
    XCC_SHOW_FULL_STATE = 256,
    XCC_SHOW_TOTS = 512,
    XCC_SHOW_WARNINGS = 1024
};

/* Why xcc_solve returned. */
enum xcc_outcome {
    XCC_FINISHED = 0,    /* the whole tree was explored */
    XCC_COUNT_LIMIT,     /* t<n>: maxcount solutions found */
    XCC_MEMS_LIMIT,      /* T<n>: mems reached timeout */
    XCC_INTERRUPTED,     /* *interrupt (or *halt) became nonzero */
    XCC_STOPPED,         /* on_solution or on_split asked to stop */
    XCC_NO_MEMORY        /* the level arrays or an engine's tables could not grow */
};

typedef struct xcc_search xcc_search;

struct xcc_search {
    xcc_problem *p;
    /* settings, filled by the caller (xcc_search_init gives defaults) */
    int vbose;             /* XCC_SHOW_* bits that concern the search */
    int show_choices_max;  /* c<n> */
    int show_choices_gap;  /* l<n> */
    int show_levels_max;   /* C<n> */
    FILE *trace;           /* where verbose tracing goes (stderr) */
    FILE *shape;           /* S<file>, or NULL */
    ullng maxcount;        /* t<n> */
    ullng timeout;         /* T<n> */
    ullng delta, thresh;   /* d<n>: call on_progress every delta mems */
    gb_rng *rng;           /* s<n>: random tie-breaking, or NULL */
    /* how xcc_solve finds the branch item among many primary items
       (xcc_search.c: "the length index"): 0 as it pays, 1 always with
       the index, -1 always by DLX2's scan; the tree and every figure are
       the same, only the time differs */
    int len_index;
    volatile sig_atomic_t *interrupt; /* polled once per node, or NULL */
    const atomic_int *halt; /* a second flag, set by other threads (-j) */
    /* called for each solution; a nonzero return stops the search */
    int (*on_solution)(xcc_search *s, void *ctx);
    /* called when mems pass thresh (only if delta != 0) */
    void (*on_progress)(xcc_search *s, void *ctx);
    void *ctx;
    /*
     * Splitting the tree (used by xcc_parallel.c). With split_depth > 0,
     * a node at that level is not searched: on_split is called with
     * choice[0..split_depth-1] naming the path to it (a nonzero return
     * stops), and the search goes on as if its subtree were empty. With
     * base_level > 0, choice[0..base_level-1] have been made already
     * (xcc_replay) and the search explores only the subtree below them.
     */
    int split_depth, base_level;
    int (*on_split)(xcc_search *s, void *ctx);
    double fraction_done;  /* >= 0: what xcc_progress_estimate reports */
    /*
     * Pruning by the caller (say, a tour counter that rejects a cover
     * closing a short cycle). If set, accept(s, node, ctx) is asked before
     * the option of `node` is chosen at level s->level; a zero answer
     * skips that option as if it were not in the list (no node of the
     * tree is made). retract(s, node, ctx) is called when an accepted
     * option is taken back, so the caller can undo its own bookkeeping.
     * The counters then describe the pruned tree.
     */
    int (*accept)(xcc_search *s, int node, void *ctx);
    void (*retract)(xcc_search *s, int node, void *ctx);

    /* state: choice[0..level] are the nodes chosen at each level */
    int level, maxl;
    int *choice;
    ullng *profile;        /* nodes per level, when XCC_SHOW_PROFILE */
    int levels_cap;

    /* DLX2's counters */
    ullng count, mems, lmems, cmems, updates, cleansings, nodes;

    /* set by xcc_twin_solve: the place (k of d) of choice[l] in its list,
       which the twin cannot read off links */
    int *twin_k, *twin_d;
    int twin_cap;
};

/* Sets every field to DLX2's defaults for problem p. Returns 0 or 3. */
int xcc_search_init(xcc_search *s, xcc_problem *p);
void xcc_search_free(xcc_search *s);

/* Makes room for levels 0 .. need in choice[] and profile[]; 0 or 3. */
int xcc_reserve_levels(xcc_search *s, int need);

/*
 * Runs Algorithm C to the end or to a limit, and leaves the problem as
 * it found it (see "Searching again" above). The counters of s go on
 * from their values, so a second search with the same s adds to them
 * (and meets maxcount sooner): zero them, or start from a fresh
 * xcc_search, to count afresh. s->level is where the search stopped.
 */
enum xcc_outcome xcc_solve(xcc_search *s);

/*
 * DLX2's tree walked with bit sets instead of links (xcc_twin.c): the same
 * nodes, solutions, listing and figures as xcc_solve, mems included,
 * several times faster on small and medium problems. xcc_twin_suits(s)
 * says whether it can stand in for xcc_solve with the settings of s (no
 * randomizing, tracing (v2, v4, v256), shape file or pruning hooks; some
 * primary item and some option; tables that fit); xcc_twin_solve returns
 * XCC_NO_MEMORY if its tables cannot be made. It never changes the
 * problem, and with XCC_SHOW_TOTS sets stop_len as xcc_solve does.
 */
int xcc_twin_suits(const xcc_search *s);
enum xcc_outcome xcc_twin_solve(xcc_search *s);

/*
 * The same, keeping the twin's tables (and its memo) from one search to
 * the next, as the parallel driver's workers do. With s->base_level = d,
 * choice[0 .. d-1] name options chosen above, and only the subtree below
 * them is searched. The problem must not change meanwhile. A twin can
 * search any number of times.
 */
typedef struct xcc_twin xcc_twin;
xcc_twin *xcc_twin_new(const xcc_problem *p);
void xcc_twin_delete(xcc_twin *t);
enum xcc_outcome xcc_twin_search(xcc_twin *t, xcc_search *s);

/*
 * Makes t use the memo of from (making it first), so that threads which
 * search parts of one tree, each with its own twin, reuse each other's
 * finished subtrees. The memo is only used by searches that count (no
 * on_solution, no profile); t must not search once from is deleted.
 */
void xcc_twin_share_memo(xcc_twin *t, xcc_twin *from);

/*
 * Makes the choices of path[0..depth-1] (option nodes, each in the list of
 * the item branched on at its level) without counting anything, and
 * sets base_level = depth; xcc_unreplay takes them back. Returns 0 or 3.
 */
int xcc_replay(xcc_search *s, const int *path, int depth);
void xcc_unreplay(xcc_search *s);

/*
 * Knuth's estimate of the size of the subtree below the current state:
 * the mean, over `probes` random paths, of 1 + d1 + d1 d2 + ..., where
 * d1, d2, ... are the numbers of options of the items branched on along
 * the path. Leaves the structure as it found it. When *s->interrupt is
 * set it stops at once, and what it returns means nothing.
 */
double xcc_estimate_subtree(xcc_search *s, int probes, gb_rng *rng);

/* Bytes of the main data structures, by DLX2's formula. */
ullng xcc_bytes(const xcc_search *s);

/* DLX2's "ccost" percentage: mems spent choosing the branch item. */
long long xcc_ccost(const xcc_search *s);

/* Prints " name name:color ... (k of n)\n" for the option of node q. */
void xcc_print_option(FILE *f, const xcc_problem *p, int q);

/* Prints solution number s->count: "N:\n" and one line per option. */
void xcc_print_solution(FILE *f, const xcc_search *s);

/* DLX2's progress line " after M mems: S sols, kd kd ... 0.12345". */
void xcc_print_progress(FILE *f, const xcc_search *s);

/* DLX2's "Current state (level L):" report. */
void xcc_print_state(FILE *f, const xcc_search *s);

/* The estimated fraction of the tree explored, in [0, 1). */
double xcc_progress_estimate(const xcc_search *s);

/*
 * "Item totals: 3 2 | 4" — every item's list length: as read, or where
 * the last search stopped early when it noted them (stop_len).
 */
void xcc_print_item_totals(FILE *f, const xcc_problem *p);

/* Writes an item's name (not NUL-terminated in the pool). */
void xcc_print_name(FILE *f, const xcc_problem *p, int item);

/* ---- many threads, many machines (xcc_parallel.c) ------------------- */

typedef struct xcc_parallel {
    int threads;       /* worker threads, >= 1 */
    int shard, shards; /* explore only part `shard` (1-based) of `shards` */
    int tasks_per_worker; /* subtrees to aim for per thread or shard */
    /* call s->on_solution for every solution, numbered globally (slower:
       takes a lock per solution); otherwise solutions are only counted */
    int each_solution;
    /* let workers walk their subtrees with the twin (xcc_twin_suits) */
    int use_twin;
} xcc_parallel;

/*
 * Solves with the settings of s, splitting the tree near the root into
 * subtrees handed out to threads as they become free. Counters in s come
 * out as the sums over all parts, equal to those of xcc_solve without
 * randomizing. With shards > 1 only that shard's subtrees are searched;
 * the figures and the solutions of the part of the tree above the split
 * belong to shard 1, so the shards' figures add up to the whole. The
 * problem comes back as it was (the threads search copies), and its
 * stop_len is not set.
 * on_solution may be called from any thread, but never two at a time,
 * and with s->count set to the solution's global number.
 */
enum xcc_outcome xcc_solve_parallel(xcc_search *s, const xcc_parallel *par);

/* ---- the fast engine (xcc_fast.c) ----------------------------------- */

/*
 * A second search of the same problem, with bit sets of live options and
 * per-item counters instead of dancing links (the layout is described at
 * the top of xcc_fast.c). It finds the same solutions as xcc_solve, in
 * another order and through another tree, and counts no mems. Its tables
 * take xcc_fast_table_bytes(p) bytes ((options + items) x options / 8),
 * so it suits problems of up to some ten thousand options; the
 * dancing-links engine has no such limit. It never changes the problem.
 */
typedef struct xcc_fast xcc_fast;

struct xcc_fast {
    const xcc_problem *p;
    /* settings (xcc_fast_init gives: no limit, no callbacks) */
    ullng maxcount;                     /* t<n> */
    volatile sig_atomic_t *interrupt;   /* polled once per node, or NULL */
    int (*on_solution)(xcc_fast *f, void *ctx); /* nonzero return stops */
    void (*on_progress)(xcc_fast *f, void *ctx);
    ullng progress_nodes, next_progress; /* on_progress every so many nodes */
    void *ctx;
    /* figures */
    ullng count, nodes, updates;
    size_t bytes;       /* tables; after xcc_fast_solve, with its states and memo */
    int level, maxl;
    /* the solution just found: choice_node[0 .. sol_len-1] are nodes of
       its options (each that of the item branched on), the k-th of d */
    int sol_len;
    int *choice_node, *choice_k, *choice_d;
    int choices_cap;
    struct xcc_fast_data *d; /* private */
};

/* Bytes of the bit tables the fast engine would build for p. */
size_t xcc_fast_table_bytes(const xcc_problem *p);

/* xcc_fast_init refuses problems whose tables would pass this. */
#define XCC_FAST_MAX_TABLE_BYTES (1ULL << 30)

/*
 * Builds the fast engine's tables for p (which must stay alive). Returns
 * 0, or 3 when memory is short or the tables would pass the limit.
 */
int xcc_fast_init(xcc_fast *f, const xcc_problem *p);
void xcc_fast_free(xcc_fast *f);

/*
 * Searches to the end or to a limit (XCC_MEMS_LIMIT never happens). It
 * may be called again on the same f: each search starts from the root,
 * and the figures go on from their values, as with xcc_solve.
 */
enum xcc_outcome xcc_fast_solve(xcc_fast *f);

/* Solution number f->count, in the layout of xcc_print_solution. */
void xcc_fast_print_solution(FILE *f, const xcc_fast *fs);

/* The estimated fraction of the fast engine's tree explored. */
double xcc_fast_progress(const xcc_fast *f);

#endif
