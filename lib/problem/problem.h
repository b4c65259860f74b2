/*
 * problem/problem.h — a problem in dancing-links form, inside libxcc: its layout,
 * reading and building it, and its accessors. The engines, dlx2 and the
 * tests see it; the report sees the problem through include/xcc.h's
 * calls; everyone else uses include/xcc.h.
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
#ifndef XCC_PROBLEM_H
#define XCC_PROBLEM_H

#include "xcc.h"
#include "settings.h"
#include "base/gbrand.h"
#include "base/num.h"

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
    xcc_gb_rng rng;
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

/* ---- reading (problem/read.c) -------------------------------------------- */

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
 * Building a problem one call at a time (problem/problem.c): an empty one,
 * its items, then its options; xcc_build_finish closes the item list if
 * no option came yet (a search needs that), and refuses a problem
 * without a primary item.
 */
xcc_status xcc_build_start(xcc_problem *p, xcc_diag *d);
xcc_status xcc_build_item(xcc_problem *p, const char *name, size_t n, int secondary, xcc_diag *d);
xcc_status xcc_build_option(xcc_problem *p, const char *text, xcc_diag *d);
xcc_status xcc_build_finish(xcc_problem *p, xcc_diag *d);

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

/* Frees p's taxes (lib/tree/dlx5_lists.c). */
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


/* The length of every item where the last search stopped, or as read. */
static inline int xcc_item_total(const xcc_problem *p, int k)
{
    return p->stop_len ? p->stop_len[k] : p->nd[k].len;
}


#endif
