/*
 * xcc.h — libxcc, the public interface of the dlx2 engine: exact cover
 * problems with colors (XCC) in Knuth's text format, and every solution
 * of them found by his Algorithm C (TAOCP 7.2.2.1) or by a faster engine.
 *
 *     xcc_problem *p;
 *     xcc_diag d;
 *     if (xcc_problem_parse(&p, "A B C | X\nA X:0\nB C X:0\nA B\nC\n", NULL, &d))
 *         ... d.line, d.col, d.message ...
 *     xcc_settings s;
 *     xcc_settings_init(&s);
 *     xcc_figures f;
 *     xcc_solve(p, &s, on_solution, ctx, &f, NULL);   (f.solutions is 2)
 *     xcc_problem_free(p);
 *
 * Build with `cc prog.c $(pkg-config --cflags --libs xcc)`. Every call
 * that can fail returns an xcc_status; none prints, exits or touches
 * stdout. Nothing here exposes the engine's data structures: a problem
 * is opaque, its items and options are numbered from 0 in input order.
 * The file format is formats/xcc.md (man 5 xcc).
 */
#ifndef XCC_PUBLIC_H
#define XCC_PUBLIC_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(XCC_BUILDING)
#define XCC_API __attribute__((visibility("default")))
#else
#define XCC_API
#endif

/* What a call did: one type for every call of the library. */
typedef enum xcc_status {
    XCC_OK = 0,
    XCC_BAD_INPUT,   /* the problem text is malformed: the xcc_diag says where and why */
    XCC_NO_MEMORY,   /* out of memory; whatever the call had taken is freed */
    XCC_REFUSED      /* cannot do what was asked (an engine and a setting that do not
                        go together, an item after the first option, ...): the
                        xcc_diag, or xcc_refusal(), says why */
} xcc_status;

/* Why a search ended (xcc_figures.stop). */
typedef enum xcc_stop {
    XCC_COMPLETE = 0,    /* the whole search tree was explored */
    XCC_STOP_COUNT,      /* max_solutions were found (DLX2's t<n>) */
    XCC_STOP_MEMS,       /* max_mems were spent (DLX2's T<n>) */
    XCC_STOP_INTERRUPT,  /* *interrupt became nonzero */
    XCC_STOP_CALLBACK,   /* the solution callback returned nonzero */
    XCC_STOP_WIDE        /* the figures reached 2^127, past which this engine cannot
                            count them; engine "zdd" counts solutions of any number */
} xcc_stop;

/* A message, with its place in the input (1-based; 0 when none). */
typedef struct xcc_diag {
    long line, col;
    char message[512];
} xcc_diag;

XCC_API const char *xcc_status_text(xcc_status s);
XCC_API const char *xcc_version(void); /* "0.2.0" */

/* ---- problems ------------------------------------------------------- */

/* An XCC problem: items (primary, then secondary) and options. */
typedef struct xcc_problem xcc_problem;

struct xcc_dlx2;  /* dlx2's own arguments (tracing, progress, ...): not for library users */

typedef struct xcc_read_options {
    FILE *warnings;  /* "Option ignored (no primary items): ..." goes here; NULL: silent */
    int randomize;   /* DLX2's s<n>: options enter their item lists at random places, */
    long seed;       /* from this seed; a search with randomize set goes on from there */
    const struct xcc_dlx2 *dlx2; /* dlx2's own (DLX5's z<n>, Z<chars> warnings): NULL */
} xcc_read_options;

/*
 * Reads a problem in the text format (a stream, or a NUL-terminated
 * string); o may be NULL. On success *out is the problem; on failure it
 * is NULL and d (which may be NULL) says what and where.
 */
XCC_API xcc_status xcc_problem_read(xcc_problem **out, FILE *in, const xcc_read_options *o,
                                    xcc_diag *d);
XCC_API xcc_status xcc_problem_parse(xcc_problem **out, const char *text,
                                     const xcc_read_options *o, xcc_diag *d);

/*
 * Or builds one: every item first (the primary items, then the secondary
 * ones), then the options, each as a line of the text format ("A B X:0").
 * An option without a primary item is dropped, as the reader drops it.
 * For the "line" of an option, the item line counts as line 1 and the
 * k-th option added as line k + 1.
 */
XCC_API xcc_status xcc_problem_new(xcc_problem **out);
XCC_API xcc_status xcc_problem_add_item(xcc_problem *p, const char *name, int secondary,
                                        xcc_diag *d);
XCC_API xcc_status xcc_problem_add_option(xcc_problem *p, const char *text, xcc_diag *d);
XCC_API void xcc_problem_free(xcc_problem *p);

XCC_API int xcc_problem_items(const xcc_problem *p);          /* all of them */
XCC_API int xcc_problem_primary_items(const xcc_problem *p);  /* items 0 .. this - 1 */
XCC_API int xcc_problem_options(const xcc_problem *p);        /* kept options */

XCC_API const char *xcc_item_name(const xcc_problem *p, int item);
/* The kept options containing the item. */
XCC_API int xcc_item_options(const xcc_problem *p, int item);

/* Option o's entries (k from 0): its item, and its color or NULL. */
XCC_API int xcc_option_size(const xcc_problem *p, int o);
XCC_API int xcc_option_item(const xcc_problem *p, int o, int k);
XCC_API const char *xcc_option_color(const xcc_problem *p, int o, int k);
/* The line of the input the option was read from (from 1). */
XCC_API long xcc_option_line(const xcc_problem *p, int o);

/*
 * Option o's entries as DLX2 lists them in a solution, " A B:x C": from
 * entry k round to the entry before it (a search that chose the option
 * for k's item lists it so); an entry that a running search has
 * cleansed shows the color its item was purified to. Writes at most size
 * bytes, NUL included, as snprintf does; returns the length of the whole.
 */
XCC_API size_t xcc_option_text(const xcc_problem *p, int o, int k, char *out, size_t size);

/* DLX2's count of entries ("E entries successfully read"): every option's, and one more each. */
XCC_API int xcc_problem_entries(const xcc_problem *p);
/*
 * The item's options left where the last search stopped early, when dlx2
 * asked to keep them (Knuth's "Item totals"); else xcc_item_options.
 */
XCC_API int xcc_item_total(const xcc_problem *p, int item);

/*
 * Costs (options ending in cost entries |n, Knuth's DLX5): whether the
 * problem has any, and an option's cost, the sum of its entries. DLX5
 * taxes each primary item by the least cost of its options left, item
 * after item, and takes the tax off them: an item's tax, the sum of all
 * taxes (modulo 2^64, as DLX5 adds), and an option's net cost, its cost
 * less its items' taxes. The taxes are made when a problem is read, or
 * by the first search of one built by calls; 0 until then.
 */
XCC_API int xcc_problem_has_costs(const xcc_problem *p);
XCC_API unsigned long long xcc_option_cost(const xcc_problem *p, int o);
XCC_API unsigned long long xcc_item_tax(const xcc_problem *p, int item);
XCC_API unsigned long long xcc_problem_tax(const xcc_problem *p);
XCC_API unsigned long long xcc_option_net_cost(const xcc_problem *p, int o);

/* ---- solving -------------------------------------------------------- */

#define XCC_UNLIMITED (~0ULL)

/*
 * Pruning by the caller (say, a tour counter that rejects a set of edges
 * closing a short cycle): accept is asked before option o is chosen at a
 * level; a zero answer skips it as if it were not in the list. retract
 * is called when an accepted option is taken back, in the reverse order
 * of accepting. Only the "links" engine (and "dlx", which then dances)
 * does this; the others refuse.
 */
typedef int (*xcc_accept_fn)(void *ctx, int level, int o);
typedef void (*xcc_retract_fn)(void *ctx, int level, int o);

typedef struct xcc_settings {
    /*
     * "dlx" (NULL is the same): the tree of Knuth's DLX2 and every one of
     * its figures, mems included; "links": the same, always by dancing
     * links; "fast": another tree, the same solutions, faster, for up to
     * some ten thousand options (no mems; numbers max_mems, randomize,
     * threads and hooks refused); "auto": "fast" when no callback is
     * given and the problem has colors or (k - 1) W >= P (k items per
     * option, W = options / 64 rounded up, P primary items; dlx2(1), -c),
     * else "dlx". For a problem with costs (options
     * with cost entries |n, formats/xcc.md): "cost", the `best` cheapest
     * solutions as Knuth's DLX5 finds them, a solution handed out each
     * time it improves on the best so far ("cost-links": by dancing
     * links); the others ignore the costs.
     */
    const char *engine;
    unsigned long long max_solutions;  /* XCC_UNLIMITED */
    unsigned long long max_mems;       /* XCC_UNLIMITED */
    int threads;                       /* 1 */
    int shard, shards;                 /* 0, 0: all; else part shard of 1 .. shards */
    int randomize;                     /* break ties at random (see xcc_read_options) */
    long seed;                         /* for randomize, if the reader did not randomize */
    int best;                          /* with costs: the n cheapest (DLX5's k<n>); 1 */
    volatile sig_atomic_t *interrupt;  /* polled at every node; NULL */
    xcc_accept_fn accept;              /* NULL */
    xcc_retract_fn retract;            /* NULL */
    void *hook_ctx;
    const struct xcc_dlx2 *dlx2;       /* NULL */
    /*
     * 0 (the default): every solution. N > 0: N solutions drawn
     * independently and uniformly at random, each handed to the callback
     * (a solution may come more than once), from the counts of the ZDD of
     * all solutions (engine "zdd", which NULL then means; no other engine
     * samples). seed (0 or more) decides the draws: the same seed draws
     * the same solutions on every machine, as dlx2 --sample N --seed S.
     */
    unsigned long long samples;
} xcc_settings;

XCC_API void xcc_settings_init(xcc_settings *s);

/*
 * One option of a solution, as the search chose it: option o, at the
 * level where it branched on entry `entry` of o (DLX2 lists the option
 * from that entry on, round to it), o being the k-th of the d options
 * then left for that item. In a problem with multiplicities (formats/
 * xcc.md) a level may also make a null choice: option is -1, and item
 * `entry` takes no more options; k and d are then DLX3's (the k-th try
 * of d at that level).
 */
typedef struct xcc_choice {
    int option, entry;
    int k, d;
} xcc_choice;

typedef struct xcc_solution {
    unsigned long long number;  /* 1, 2, ... in the order found (its low 64 bits) */
    int size;                   /* options chosen */
    const xcc_choice *choices;  /* in the order chosen */
    unsigned long long cost;    /* the sum of its options' costs (0 without costs) */
    unsigned long long number_high; /* the number's bits above 64: nonzero only when a
                                       listing (dlx2 m<n>) skips past 2^64 solutions */
} xcc_solution;

/* Called with each solution (from one thread at a time); nonzero stops the search. */
typedef int (*xcc_on_solution)(const xcc_problem *p, const xcc_solution *s, void *ctx);

/*
 * What a search counted, in DLX2's cost model (formats/mems.md). Every
 * count is exact: one that passes 2^64 - 1 (a memo or a ZDD counts far
 * past that) reads as XCC_UNLIMITED here, with its bit set in `wide`;
 * the number of solutions is then solutions_text, in decimal, at any
 * size (NULL while the count fits in `solutions`).
 */
enum {
    XCC_WIDE_SOLUTIONS = 1, XCC_WIDE_NODES = 2, XCC_WIDE_UPDATES = 4, XCC_WIDE_CLEANSINGS = 8,
    XCC_WIDE_MEMS = 16  /* imems, mems, lmems or cmems */
};
typedef struct xcc_figures {
    unsigned long long solutions, nodes, updates, cleansings;
    unsigned long long imems, mems, lmems, cmems, bytes;
    int mems_counted;     /* 0 for "fast", which counts no mems nor cleansings */
    xcc_stop stop;
    int level, maxl;      /* the level where it ended, the deepest reached */
    double seconds;       /* wall clock */
    const char *engine;   /* the engine asked for: "dlx", "links", "fast" */
    int knuth;            /* 3: DLX3's tree and cost model (multiplicities; lmems is 0);
                             0: DLX2's */
    unsigned long long *profile; /* nodes per level 0 .. maxl + 1 when dlx2 asks (v128), else NULL */
    /* with costs: the `best` least costs of all solutions, least first,
       equal ones repeated (fewer if there are fewer solutions); solutions
       then counts those found that improved on the best so far */
    unsigned long long *costs;
    int ncosts;
    unsigned wide;        /* XCC_WIDE_* bits: the figures above past 2^64 - 1 */
    char *solutions_text; /* past 2^64 - 1: the number of solutions in decimal; else NULL */
} xcc_figures;

/*
 * Searches p for every solution (or until a limit), calling fn for each
 * (fn may be NULL: count only). The problem comes back as it was, so it
 * can be solved again. Returns XCC_OK however the search ended (see
 * fig->stop), XCC_REFUSED when the engine cannot do what the settings
 * ask (xcc_refusal says why), or XCC_NO_MEMORY. fig and d may be NULL.
 */
XCC_API xcc_status xcc_solve(xcc_problem *p, const xcc_settings *s, xcc_on_solution fn,
                             void *ctx, xcc_figures *fig, xcc_diag *d);

/* Why xcc_solve would refuse these settings (p may be NULL), or NULL. */
XCC_API const char *xcc_refusal(const xcc_problem *p, const xcc_settings *s);

/* Frees fig->profile, fig->costs and fig->solutions_text. */
XCC_API void xcc_figures_free(xcc_figures *fig);

#ifdef __cplusplus
}
#endif

#endif
