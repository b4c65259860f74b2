/*
 * settings.h — what include/xcc.h keeps behind its handles, as the
 * engines, dlx2 and the report see it: the settings of a search, the
 * reader's options, and a solution with its choices. The public calls
 * on them are in lib/api/; include/xcc.h promises callers no layout, so
 * a field may be added here without breaking a program built before.
 */
#ifndef XCC_SETTINGS_H
#define XCC_SETTINGS_H

#include <stdatomic.h>
#include "xcc.h"
#include "knobs.h"

/*
 * The settings (man xcc_settings names them). engine: a row of the table
 * of engines (engines.c), "auto", or NULL for "dlx" ("cost" on a problem
 * with costs). dlx2: dlx2's knobs beyond these (knobs.h), or NULL for
 * the defaults; the public calls point it at `own` when a setting lives
 * among the knobs (memory-limit).
 */
struct xcc_settings {
    const char *engine;
    unsigned long long max_solutions;  /* XCC_UNLIMITED */
    unsigned long long max_mems;       /* XCC_UNLIMITED */
    int threads;                       /* 1 */
    int shard, shards;                 /* 0, 0: all; else part shard of 1 .. shards */
    int randomize;                     /* break ties at random (see xcc_read_options) */
    long seed;                         /* for randomize, if the reader did not randomize */
    int best;                          /* with costs: the n cheapest (DLX5's k<n>); 1 */
    /* polled at every node by every thread (NULL: none): atomic, since a
     * signal handler or another thread sets it while the walks read it */
    atomic_int *interrupt;
    volatile sig_atomic_t *user_interrupt; /* the caller's (public calls): NULL */
    xcc_accept_fn accept;              /* NULL */
    xcc_retract_fn retract;            /* NULL */
    void *hook_ctx;
    const struct xcc_dlx2 *dlx2;       /* NULL */
    /* N > 0: N solutions drawn uniformly (engine "zdd"), from seed */
    unsigned long long samples;
    double time_limit;                 /* seconds; 0: none (the public calls only) */
    FILE *warnings;                    /* the reader's, for the public calls */
    char engine_name[16];              /* where a public setting keeps engine */
    struct xcc_dlx2 own;
};

void xcc_settings_init(xcc_settings *s);

/* How to read a problem (lib/problem/read.c). */
typedef struct xcc_read_options {
    FILE *warnings;  /* "Option ignored (no primary items): ..." goes here; NULL: silent */
    int randomize;   /* DLX2's s<n>: options enter their item lists at random places, */
    long seed;       /* from this seed; a search with randomize set goes on from there */
    const struct xcc_dlx2 *dlx2; /* dlx2's own (DLX5's z<n>, Z<chars> warnings): NULL */
} xcc_read_options;

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

struct xcc_solution {
    unsigned long long number;  /* 1, 2, ... in the order found (its low 64 bits) */
    int size;                   /* options chosen */
    const xcc_choice *choices;  /* in the order chosen */
    unsigned long long cost;    /* the sum of its options' costs (0 without costs) */
    unsigned long long number_high; /* the number's bits above 64: nonzero only when a
                                       listing (dlx2 m<n>) skips past 2^64 solutions */
};

#endif
