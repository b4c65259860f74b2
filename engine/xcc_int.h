/*
 * xcc_int.h — the inside of libxcc: the problem in dancing-links form,
 * what dlx2 asks beyond the public settings, the sink through which
 * engines hand out what they find, and the engine interface. Programs
 * of this repository (dlx2, its report module, the tests) may use it;
 * everyone else uses include/xcc.h.
 *
 * The data layout is DLX2's, so that the search tree, the updates and the
 * cleansings are exactly his:
 *
 *   items   cl[0 .. last_itm-1]. cl[0] is the root of the circular list of
 *           primary items still to cover; items second .. last_itm-1 are
 *           secondary and form their own circular list through
 *           cl[last_itm]. Item i's name is the NUL-terminated string at
 *           names + cl[i].name, of cl[i].namelen bytes. (The public API
 *           numbers items from 0: its item k is item k + 1 here.)
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
 *           is the color_len[c] bytes at names + color_name[c].
 *   options the kept options are numbered 0 .. options-1 in input order
 *           (the public numbering, and the bit-set engines'); opt_node[o]
 *           is the first node of option o, opt_line[o] its input line.
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
#ifndef XCC_INT_H
#define XCC_INT_H

#include <stdatomic.h>
#include "xcc.h"
#include "gbrand.h"
#include "xcc_alloc.h"
#include "xcc_num.h"

typedef unsigned long long ullng;

/*
 * What a search counted (the public xcc_figs is made from it): every
 * count exact, in 128 bits (xcc_num.h), and the number of solutions of
 * any size when an engine counts past 2^127 (big_solutions set: then
 * `big` holds it and `solutions` means nothing). A walk whose figures
 * would pass 2^127 stops with XCC_STOP_WIDE instead (the limit of its
 * engine): no figure is ever wrapped or saturated.
 */
typedef struct xcc_figs {
    xcc_u128 solutions, nodes, updates, cleansings;
    xcc_u128 imems, mems, lmems, cmems;
    ullng bytes;
    int big_solutions;
    xcc_big big;
    int mems_counted;     /* 0 for "fast", which counts no mems nor cleansings */
    xcc_stop stop;
    int level, maxl;      /* the level where it ended, the deepest reached */
    double seconds;       /* wall clock */
    const char *engine;   /* the row asked for: "dlx", "links", "fast", ... */
    int knuth;            /* 3: DLX3's tree and cost model (lmems is 0); 0: DLX2's */
    ullng *profile;       /* nodes per level 0 .. maxl + 1 when dlx2 asks (v128), else NULL */
    /* with costs: the `best` least costs of all solutions, least first,
       equal ones repeated; solutions then counts those that improved on
       the best so far */
    ullng *costs;
    int ncosts;
} xcc_figs;

/* Frees what fig holds (profile, costs, big). */
void xcc_figs_free(xcc_figs *fig);

/* The number of solutions in decimal, into memory the caller frees (NULL: no memory). */
char *xcc_figs_solutions_text(const xcc_figs *fig);

/* Whether any of a walk's figures reached XCC_WIDE_TOP. */
static inline int xcc_figs_wide(const xcc_figs *f)
{
    return ((f->solutions | f->nodes | f->updates | f->cleansings | f->mems | f->lmems
             | f->cmems) & XCC_WIDE_TOP) != 0;
}

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

/* DLX3's multiplicities: a primary item is covered lo .. hi times. */
typedef struct xcc_bound {
    int lo, hi;
} xcc_bound;

struct xcc_problem {
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
    int *opt_node;    /* option -> its first node */
    long *opt_line;   /* option -> its input line */
    ullng imems;      /* mems of reading, in DLX2's cost model */
    /*
     * Multiplicities (formats/xcc.md, DLX3's MCC problems): bounds[i] for
     * primary item i (1 .. second-1) as the item line gave them ("a:b|A",
     * "b|A", or 1:1 for a plain "A"); NULL when it gave none, and then the
     * problem is plain XCC. imems3 is what DLX3 charges for reading, which
     * differs from DLX2's imems in the item line only: the reader keeps
     * the difference, and xcc_imems3 adds it.
     */
    xcc_bound *bounds;
    long long imems3_less; /* DLX2's imems minus DLX3's */
    /*
     * Costs (formats/xcc.md, DLX5's minimum-cost problems): opt_cost[o]
     * is the sum of option o's cost entries "|n"; NULL when the input
     * has none, and then the problem is plain XCC. cost_total, that of
     * every kept option, stays below XCC_COST_INFINITY, so no solution's
     * cost can wrap. imems5_less is DLX2's imems minus what DLX5 charges
     * for reading (xcc_imems5). tax[i] is DLX5's tax on primary item i
     * (cost.c), made when first asked for.
     */
    ullng *opt_cost;
    ullng cost_total;
    long long imems5_less;
    struct xcc_taxes *taxes;
    /* s<n>: the generator the reader drew from, which the search goes on with */
    gb_rng rng;
    int randomized;   /* rng is seeded */
    /* every item's list length where the last search stopped early, when
       it was asked for them (XCC_SHOW_TOTS): the "Item totals" DLX2
       prints after such a search, since the problem itself is restored;
       NULL otherwise (stop_len[1 .. last_itm-1]) */
    int *stop_len;
    /* private to the reader: capacities and hash tables */
    int cl_cap, nd_cap, color_cap, opt_cap, bounds_cap, cost_cap;
    size_t names_len, names_cap;
    int *item_hash, item_hash_size;
    int *color_hash, color_hash_size;
    int building;     /* built by calls: 1 items open, 2 options */
    long lines;       /* lines read or options added so far */
    int borrowed;     /* a clone: names and tables belong to another */
};

/* ---- reading (xcc_read.c) -------------------------------------------- */

/*
 * Reads a problem in the text format of formats/xcc.md from in into *p
 * (o may be NULL). On failure d says what and where, and p is released.
 */
xcc_status xcc_read(xcc_problem *p, FILE *in, const xcc_read_options *o, xcc_diag *d);

/* Releases what p holds (not p itself). */
void xcc_release(xcc_problem *p);

/*
 * Makes dst a private copy of src's links (items and nodes), sharing the
 * names, colors and option tables, so another thread can search it.
 * xcc_release(dst) frees only what the copy owns.
 */
xcc_status xcc_clone(const xcc_problem *src, xcc_problem *dst);

/* The same from a NUL-terminated string. */
xcc_status xcc_read_text(xcc_problem *p, const char *text, const xcc_read_options *o,
                         xcc_diag *d);

/*
 * Building a problem one call at a time (xcc_problem.c): an empty one,
 * its items, then its options; xcc_build_finish closes the item list if
 * no option came yet (a search needs that), and refuses a problem
 * without a primary item.
 */
xcc_status xcc_build_start(xcc_problem *p, xcc_diag *d);
xcc_status xcc_build_item(xcc_problem *p, const char *name, size_t n, int secondary, xcc_diag *d);
xcc_status xcc_build_option(xcc_problem *p, const char *text, xcc_diag *d);
xcc_status xcc_build_finish(xcc_problem *p, xcc_diag *d);

/*
 * Quotes n bytes of s for a message into out, which holds
 * XCC_QUOTE_SIZE(max) bytes: at most max bytes of s (then "..."),
 * well-formed UTF-8 as it is, the backslash as \\, and every other byte
 * that is not printable ASCII as \xHH. Returns out. The reader quotes
 * names so; programs quote what they echo (arguments, file names).
 */
#define XCC_QUOTE_SIZE(max) (4 * (size_t)(max) + 8)
const char *xcc_quote(const char *s, size_t n, size_t max, char *out);

/* The length of the well-formed UTF-8 character at s (n bytes left), or 0. */
size_t xcc_utf8_len(const unsigned char *s, size_t n);

/* Whether the problem has multiplicities (an MCC problem, DLX3's). */
static inline int xcc_has_bounds(const xcc_problem *p) { return p->bounds != NULL; }

/* Item i's bounds (1:1 for a plain item). */
static inline xcc_bound xcc_item_bound(const xcc_problem *p, int i)
{
    return p->bounds ? p->bounds[i] : (xcc_bound){1, 1};
}

/* The mems DLX3 charges for reading the problem. */
static inline ullng xcc_imems3(const xcc_problem *p)
{
    return p->imems - (ullng)p->imems3_less;
}

/* DLX5's "infinite" cost: no total may reach it. */
#define XCC_COST_INFINITY (~0ULL)

/* Whether the problem has costs (a minimum-cost problem, DLX5's). */
static inline int xcc_has_costs(const xcc_problem *p) { return p->opt_cost != NULL; }

/* Option o's cost: the sum of its cost entries. */
static inline ullng xcc_cost_of(const xcc_problem *p, int o)
{
    return p->opt_cost ? p->opt_cost[o] : 0;
}

/* The mems DLX5 charges for reading the problem (before its taxes), one
   of them to look at its argument Z<chars>. */
static inline ullng xcc_imems5(const xcc_problem *p)
{
    return p->imems - (ullng)p->imems5_less + 1;
}

/* Frees p's taxes (engine/cost_setup.c). */
void xcc_taxes_free(xcc_problem *p);

/* Number of entries as DLX2 reports them (nodes after the headers). */
static inline int xcc_entries(const xcc_problem *p) { return p->last_node - p->last_itm; }

/* The option (0-based) of node x. */
static inline int xcc_option_of(const xcc_problem *p, int x)
{
    while (p->nd[x].itm > 0)
        x++;
    return -p->nd[x].itm - 1;
}

/* A color's name. */
static inline const char *xcc_color_name(const xcc_problem *p, int c)
{
    return p->names + p->color_name[c];
}

/* ---- what dlx2 asks beyond the public settings ------------------------- */

/* Verbosity bits of DLX2's argument v<n>. */
enum {
    XCC_SHOW_BASICS = 1,
    XCC_SHOW_CHOICES = 2,
    XCC_SHOW_DETAILS = 4,
    XCC_SHOW_TAXES = 8,       /* DLX5: every item's tax */
    XCC_SHOW_OPT_COSTS = 16,  /* DLX5: the best costs at the end */
    XCC_SHOW_PROFILE = 128,
    XCC_SHOW_FULL_STATE = 256,
    XCC_SHOW_TOTS = 512,
    XCC_SHOW_WARNINGS = 1024
};

/* Arguments that engines without mems refuse even at their defaults. */
enum { XCC_ASKED_MEMS_LIMIT = 1, XCC_ASKED_DELTA = 2 };

struct xcc_dlx2 {
    int vbose;             /* XCC_SHOW_* bits */
    int show_choices_max;  /* c<n> */
    int show_choices_gap;  /* l<n> */
    int show_levels_max;   /* C<n> */
    ullng delta;           /* d<n>: a progress report every delta mems; 0: none */
    unsigned asked;        /* XCC_ASKED_*: T<n> or d<n> given at all */
    int want_shape;        /* S<file> given */
    ullng progress_nodes;  /* engines without mems: a progress report every so many nodes */
    /* how the links find the branch item among many primary items
       (xcc_lenidx.h: "the length index"): 0 as it pays, 1 always with
       the index, -1 always by DLX2's scan; the tree and every figure are
       the same, only the time differs */
    int len_index;
    int tasks_per_worker;  /* -j, --shard: subtrees to aim for per thread or shard */
    int knuth;             /* 3: DLX3's tree and figures even for a plain problem
                              (--knuth=dlx3); 0: as the problem says (mcc.h) */
    /* DLX5's heuristics (engine/cost.h): h<n>, z<n> and Z<chars> ("" none) */
    int lenthresh, zgiven;
    const char *zchars;
    ullng memory_limit;    /* bytes the zdd engine's memo may take; 0: no limit */
    ullng samples;         /* --sample N: the zdd engine draws N solutions (0: lists them all) */
    ullng sample_seed;     /* --seed */
};
typedef struct xcc_dlx2 xcc_dlx2;

/* The knobs of st, or the defaults when it has none. */
const xcc_dlx2 *xcc_knobs(const xcc_settings *st);

/* ---- the sink: what engines hand out ----------------------------------- */

/*
 * A line of a ZDD in DLX6's text format (formats/zdd.md): node id stands
 * for the sets of lo (option not taken) and those of hi (option taken),
 * option numbered from 1; the last line, with option 0, is the root.
 */
typedef struct xcc_zdd_line {
    unsigned id, lo, hi;
    ullng option;
} xcc_zdd_line;

/* A progress report: where the search is. */
typedef struct xcc_progress {
    xcc_u128 solutions, mems, nodes;
    int level, maxl;
    const xcc_choice *path;  /* the choices of levels 0 .. level-1 */
    double fraction;         /* the estimated share of the tree done */
    int subtrees;            /* fraction is the share of subtrees finished (-j) */
    int knuth;               /* 3: a walk of DLX3's tree; 0: DLX2's */
    int mems_counted;
    int costs;               /* DLX5's search: */
    ullng cutoff;            /* the k-th best total cost so far, or XCC_COST_INFINITY */
} xcc_progress;

typedef struct xcc_sink {
    xcc_on_solution solution;  /* NULL: only count */
    ullng every;               /* hand out only solutions whose number it divides (m<n>); 0: all */
    void (*progress)(void *ctx, const xcc_progress *pr);  /* NULL: no reports */
    void *ctx;
    FILE *trace;               /* the links' tracing (v2, v4) */
    FILE *shape;               /* S<file>, or NULL */
    /* --zdd: each node as it is made, then the root; nonzero stops the search */
    int (*zdd)(void *ctx, const xcc_zdd_line *z);
    /*
     * Nonzero: solutions may be handed on in batches, some time after
     * they were found (-j, xcc_parallel.c), so that a stop it asks for
     * comes that much late; for a callback that asks to stop only when it
     * fails, as a report whose output is gone.
     */
    int batched;
} xcc_sink;

/* A limit of the settings (t<n>, T<n>) as walks compare it: XCC_UNLIMITED is past every count. */
static inline xcc_u128 xcc_limit(ullng n)
{
    return n == XCC_UNLIMITED ? ~(xcc_u128)0 : n;
}

/* Solution number n, of size options chosen along path, as handed out. */
static inline xcc_solution xcc_solution_at(xcc_u128 n, int size, const xcc_choice *path, ullng cost)
{
    return (xcc_solution){(ullng)n, size, path, cost, (ullng)(n >> 64)};
}

/* Whether solution number n is handed out. */
static inline int xcc_sink_wants(const xcc_sink *k, xcc_u128 n)
{
    return k->solution && (k->every <= 1 || n % k->every == 0);
}

/* Whether none of solutions count+1 .. count+n is one the sink lists:
   then a memo may add a subtree of n solutions without walking it. */
static inline int xcc_sink_skips(const xcc_sink *k, xcc_u128 count, xcc_u128 n)
{
    if (!k->solution || n == 0)
        return 1;
    return k->every > 1 && count / k->every == (count + n) / k->every;
}

/* Knuth's estimate of the share of the tree done, from the path. */
double xcc_path_fraction(const xcc_choice *path, int levels);

/* ---- the engines ------------------------------------------------------- */

/*
 * An engine. refuses says why it cannot run these settings on this
 * problem (p NULL: on any problem), or NULL; solve searches, handing
 * solutions and progress to the sink, and fills fig (zeroed by the
 * caller). The problem comes back as it was.
 */
typedef struct xcc_engine {
    const char *name;
    const char *(*refuses)(const xcc_problem *p, const xcc_settings *st);
    xcc_status (*solve)(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                        xcc_figs *fig, xcc_diag *d);
    /* what its tables would take for p, for choosing by itself; NULL: little */
    double (*bytes)(const xcc_problem *p);
} xcc_engine;

extern const xcc_engine xcc_links_engine;    /* xcc_search.c: dancing links */
extern const xcc_engine xcc_twin_engine;     /* xcc_twin.c: DLX2's tree with bit sets */
extern const xcc_engine xcc_fast_engine;     /* xcc_fast.c: another tree */
extern const xcc_engine xcc_threads_twin;    /* xcc_parallel.c: threads and shards, twins */
extern const xcc_engine xcc_threads_links;   /* the same, dancing */
extern const xcc_engine xcc_cost_engine;     /* cost_search.c: DLX5's minimum-cost search, */
extern const xcc_engine xcc_cost_links_engine; /* with bit sets when it can, or always dancing */
extern const xcc_engine xcc_cost_threads;    /* cost_parallel.c: the same, threads and shards, */
extern const xcc_engine xcc_cost_threads_links; /* with bit sets when they can, or dancing */
extern const xcc_engine xcc_zdd_engine;      /* xcc_zdd.c: each subproblem once, as a ZDD */

/*
 * The engines users can name, and how each is chosen (xcc_engines.c). A
 * row tries its engines in order and runs the first that does not
 * refuse; when all refuse, the first refusal is the answer. A row with
 * auto_bytes is what "auto" picks when only counting, if it does not
 * refuse, its tables stay under auto_bytes and auto_pays says it is
 * likely the faster for the problem (xcc_fast_pays). A problem with
 * multiplicities, or any problem when DLX3's tree is asked for
 * (xcc_dlx2.knuth), takes the engines of mcc instead (mcc.h).
 */
typedef struct xcc_engine_row {
    const char *name;
    const char *help;              /* for dlx2 --help */
    const xcc_engine *tries[4];    /* NULL-terminated */
    double auto_bytes;
    int (*auto_pays)(const xcc_problem *p);
    const xcc_engine *mcc[4];      /* the same for DLX3's tree; none: plain XCC only */
} xcc_engine_row;

/*
 * Whether the fast engine likely beats DLX2's tree with bit sets on p,
 * from its shape alone (xcc_engines.c has the rule and README.md
 * "Engines" the measures behind it).
 */
int xcc_fast_pays(const xcc_problem *p);

/* Whether p (NULL: any problem) is searched with DLX3's tree under st. */
int xcc_wants_mcc(const xcc_problem *p, const xcc_settings *st);

extern const xcc_engine_row xcc_engine_rows[];  /* ends with a row of NULL name */

/* The row named name (NULL: "dlx"), or NULL. */
const xcc_engine_row *xcc_engine_row_named(const char *name);

/*
 * The engine that runs st on p (p NULL: the settings alone; then "auto"
 * answers NULL without a refusal). counting: no solution is wanted.
 * NULL with *why set when every engine of the row refuses.
 */
const xcc_engine *xcc_engine_choose(const xcc_problem *p, const xcc_settings *st, int counting,
                                    const xcc_engine_row **row, const char **why);

/* Runs e; fig is zeroed first, and gets the reading's imems and the time. */
xcc_status xcc_engine_run(const xcc_engine *e, xcc_problem *p, const xcc_settings *st,
                          const xcc_sink *sink, xcc_figs *fig, xcc_diag *d);

/*
 * The same for a search that only counts ("auto", dlx2 -c): a count that
 * reached the limit of e (XCC_STOP_WIDE) is made again by the zdd engine
 * when it takes the problem, and *row is then its row.
 */
xcc_status xcc_engine_run_counting(const xcc_engine *e, xcc_problem *p, const xcc_settings *st,
                                   const xcc_sink *sink, xcc_figs *fig, xcc_diag *d,
                                   const xcc_engine_row **row);

/* Sets d's message (d may be NULL); returns s. */
xcc_status xcc_diag_set(xcc_diag *d, xcc_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- sanity checks ------------------------------------------------------ */

/*
 * With -DXCC_SANITY (the SANITIZE build of make test SANITIZE=1) every
 * engine checks its data structure at the top of a node, as Knuth's
 * programs call sanity() in a debug build: the links that the lists are
 * doubly linked and as long as their lengths say, the bit-set engines
 * that their counters are the sizes of their sets. A check costs about
 * `work` steps (the size of the structure), so it runs at every node
 * while the checks' total stays under 2^26 steps, and then at every node
 * whose number is a multiple of a power of two at least 1024 and at least
 * `work`: never more than one step per node, and a problem 200,000 items
 * large stays as quick to test as a small one.
 * A failure says what is wrong and aborts.
 */
#ifdef XCC_SANITY
static inline int xcc_sanity_due(xcc_u128 nodes, ullng work)
{
    if (nodes < 65536 && nodes * work < (1ULL << 26))
        return 1;
    ullng gap = 1024;
    while (gap < work)
        gap <<= 1;
    return !(nodes & (gap - 1));
}
void xcc_insane(const char *engine, ullng node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
struct xcc_tree;
/* DLX2's sanity(): every active item's list is doubly linked, its nodes
   are its own, and it is as long as its len says; DLX3's links too. A
   failure names the engine. */
void xcc_links_sanity(const struct xcc_tree *s, const char *engine);
#endif

/* ---- DLX2's printed forms for tracing (xcc_print.c) -------------------- */

/* Writes an item's name. */
void xcc_print_name(FILE *f, const xcc_problem *p, int item);

/* " name name:color ..." for the option of node q, from q round to it. */
void xcc_print_entries(FILE *f, const xcc_problem *p, int q);

/* " name name:color ... (k of n)\n" for the option of node q, as in the live lists. */
void xcc_print_option(FILE *f, const xcc_problem *p, int q);

/* The length of every item where the last search stopped, or as read. */
static inline int xcc_item_total(const xcc_problem *p, int k)
{
    return p->stop_len ? p->stop_len[k] : p->nd[k].len;
}

#endif
