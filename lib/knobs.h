/*
 * knobs.h — what dlx2 asks of the engines beyond the public settings
 * (xcc_settings.dlx2): Knuth's verbosity bits v<n> and his other
 * arguments, the zdd engine's limits and draws.
 */
#ifndef XCC_KNOBS_H
#define XCC_KNOBS_H

#include "xcc.h"
#include "base/num.h"

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
    XCC_SHOW_WARNINGS = 1024,
    XCC_SHOW_MAX_DEG = 2048   /* DLX1, SSXCC: the maximum branching degree */
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
       (links/lenidx.h: "the length index"): 0 as it pays, 1 always with
       the index, -1 always by DLX2's scan; the tree and every figure are
       the same, only the time differs */
    int len_index;
    /* how the fast engine keeps its table of compatible options (bits/bits.h):
       0 as its size says (fast/fast.c, FAST_WHOLE_TABLE_BYTES), 1 always
       whole, -1 always factored; the tree and every count are the same,
       only the time and the memory differ (for the tests) */
    int fast_table;
    int tasks_per_worker;  /* -j, --shard: subtrees to aim for per thread or shard */
    int knuth;             /* XCC_KNUTH_* (sink.h): 3 DLX3's tree and figures even for a
                              plain problem (--knuth=dlx3), 1 DLX1's figures, 4 SSXCC's
                              tree; 0: as the problem says (tree/dlx3.h) */
    /* DLX5's heuristics (lib/tree/dlx5.h): h<n>, z<n> and Z<chars> ("" none) */
    int lenthresh, zgiven;
    const char *zchars;
    /* DLX6's Z<n>: stop once more than maxzdd ZDD nodes are made (when maxzdd_given) */
    int maxzdd_given;
    ullng maxzdd;
    ullng memory_limit;    /* bytes the zdd engine's memo may take; 0: no limit */
    ullng samples;         /* --sample N: the zdd engine draws N solutions (0: lists them all) */
    ullng sample_seed;     /* --seed */
    /* the library's cursors and time-limit: a progress report every so
       many nodes from the engines that take no delta nor progress_nodes
       (zdd); 0: none */
    ullng poll_nodes;
    /* the library's reports by delta are for polling: each comes at the
       first node past delta mems since the last, and a memo may add a
       subtree across one (dlx2's d<n> comes at each multiple of delta,
       which no subtree added may cross) */
    int loose_delta;
    /* where a walk of DLX2's tree goes on from (a checkpoint, sink.h's
       xcc_position, checked by xcc_position_fits), or NULL: the root */
    const struct xcc_position *resume;
};
typedef struct xcc_dlx2 xcc_dlx2;

/* The knobs of st, or the defaults when it has none. */
const xcc_dlx2 *xcc_knobs(const xcc_settings *st);

#endif
