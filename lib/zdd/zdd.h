/*
 * zdd/zdd.h — every solution at once (zdd/dlx2.c): DLX2's search tree
 * with each subproblem solved once, its solutions kept as a node of a
 * ZDD (the diagram Knuth's DLX6 writes) and counted exactly. From that
 * memo the engine writes the ZDD (--zdd), lists the solutions in DLX2's
 * order, or draws them uniformly at random (--sample).
 *
 * Counts are exact at any size (xcc_count, base/num.h): an exact cover
 * problem may well have more than 2^128 solutions and a memo of a few
 * nodes; below 2^127 a count is a plain 128-bit number.
 */
#ifndef XCC_ZDD_H
#define XCC_ZDD_H

#include "bits/bits.h"
#include "sink.h"

#include <stdatomic.h>

/*
 * A 64-bit generator for --sample (xoshiro256**, seeded by splitmix64):
 * the draws depend on the seed alone, on every machine.
 */
typedef struct xcc_rand {
    ullng s[4];
} xcc_rand;
void xcc_rand_seed(xcc_rand *r, ullng seed);
ullng xcc_rand_next(xcc_rand *r);
/* Uniform in 0 .. n-1 (n > 0), by rejection: no bias. */
xcc_u128 xcc_rand_below(xcc_rand *r, xcc_u128 n);
/* The same for n of any size (n > 0): the draws of rand_below above 2^127; 1 out of memory. */
int xcc_rand_below_big(xcc_rand *r, const xcc_big *n, xcc_big *out);


/*
 * Why the zdd engine cannot run st on p (p NULL: the settings alone,
 * for either tree), or NULL.
 */
const char *xcc_zdd_refuses(const xcc_problem *p, const xcc_settings *st);

/* ---- the memo and the nodes, shared by both trees (zdd/memo.c) ---- */


#include <stdlib.h>

/*
 * A ZDD node, kept when solutions are to be listed or drawn: its option
 * as DLX2's listing shows it (entry, k of d), its branches, and the
 * solutions it stands for (those of lo and those through hi).
 */
typedef struct znode {
    xcc_count count;
    unsigned lo, hi;
    xcc_choice choice;
} znode;

typedef struct zwalk {
    struct xcc_twin *t; /* DLX2's tree (zdd/dlx2.c); NULL for DLX3's (zdd/dlx3.c) */
    int hi_first;       /* a chain lists its HI before its LO (DLX3's tree) */
    const xcc_problem *p;
    const xcc_settings *st;
    const xcc_sink *sink;
    ullng poll, polls;  /* a progress report every poll nodes (knobs' poll_nodes) */
    int K;              /* words of a key */
    word *levkey;       /* a key per level */
    size_t levels;
    word *keys;         /* the memo: entries of K + 3 words, a key, its count and node */
    size_t n, cap;
    /* open addressing: entry + 1 in the low half (0: empty), the high
       half of the key's hash above it, which spares reading the keys of
       most entries that do not match */
    uint64_t *table;
    size_t mask;
    ullng next_id;      /* the next ZDD node */
    ullng limit, nodes, hits;
    /* the subproblems without solutions: a cache (see none_put) */
    word *none;         /* entries of 1 + K words: the hash (odd; 0: empty), the key */
    size_t none_mask, none_used;
    znode *zn;          /* listing and sampling: node id is zn[id - 2] */
    size_t zn_cap;
    int keep_nodes;
    unsigned *stk;      /* listing: the options of a node's chain, level after level */
    size_t nstk;
    xcc_choice *path;   /* listing and sampling: the options chosen */
    /* -p: a report every `every` nodes, of trail[0 .. l-1], the choices of
       the walk (each entry the item branched on until xcc_zdd_progress) */
    ullng every, next_report;
    xcc_choice *trail;
    xcc_u128 listed;
    xcc_bigpool pool;   /* the counts past 2^127 */
    /*
     * --checkpoint (-c): psum[l] holds the solutions of the branches of
     * level l done so far, so that the count found up to a node is that
     * of the levels above it (trail[] names their choices). resume: the
     * position a run goes on from; while replay is set, the walk goes
     * down its path, each node of which it enters afresh and walks only
     * from the path's option on (the options before are in its count),
     * and neither recalls nor remembers (the node is walked in part).
     */
    xcc_count *psum;
    const xcc_position *resume;
    int replay;
    xcc_stop stop;
    xcc_status status;
    xcc_diag *d;
    /*
     * A walk that only counts keeps its memo in a share (zdd/share.c):
     * its own, or with threads (parallel/zdd.c) the one they all write,
     * which keeps counts below 2^127 only. Then: the walk's order of a
     * node's options (see xcc_zdd_order), and the team's flag to stop.
     */
    struct zshare *share;
    int own_share;
    int worker, workers;
    int *olist, *obase;    /* the options of each level's node, listed from olist + obase[l] */
    const atomic_int *quit;
} zwalk;

/* Where a key missing from the memo goes (xcc_zdd_recall, xcc_zdd_remember). */
typedef struct zslot {
    size_t i, mask;
} zslot;

/*
 * Sets z up for keys of K words and walks of up to levels levels (a
 * key and a choice each), with a share of its own when it only counts
 * and has none; XCC_OK, or XCC_NO_MEMORY.
 */
xcc_status xcc_zdd_init(zwalk *z, int K, size_t levels, const xcc_problem *p, const xcc_settings *st,
                    const xcc_sink *sink, xcc_diag *d);
void xcc_zdd_free(zwalk *z);

/* A progress report at a node of level l (z->every nodes after the last). */
void xcc_zdd_progress(zwalk *z, int l);

/* Whether the walk must stop: interrupted, cut short, or out of memory. */
int xcc_zdd_stopped(zwalk *z);

/*
 * The same on entering a node of level l, whose path is trail[0 .. l-1]:
 * with --checkpoint, the interrupt flag set hands the node's position to
 * the sink first, and the walk goes on if it says so. *want: on the path
 * of the position resumed, the choice it made at this level (a node, or
 * DLX3's null choice as its item), else -1.
 */
int xcc_zdd_enter(zwalk *z, int l, int *want);

/* A path to resume that the walk does not take: 1, the walk stops (XCC_REFUSED). */
int xcc_zdd_refuse_path(zwalk *z);

/* The node of option o on item x, the way positions name choices (o < 0: DLX3's null choice, x). */
int xcc_zdd_node_of(const zwalk *z, int o, int x);

/* At the end of a resumed walk: *total gets the checkpoint's count, or the walk is refused. */
void xcc_zdd_resumed(zwalk *z, xcc_count *total);

/* 1 if the subproblem of key (hash h) was met before: then its node and count; else *at is where it goes. */
int xcc_zdd_recall(zwalk *z, word h, const word *key, zslot *at, unsigned *node, xcc_count *count);

/* Remembers the subproblem's node (0: no solutions) and count; 1 when the walk must stop. */
int xcc_zdd_remember(zwalk *z, zslot at, word h, const word *key, unsigned node, xcc_count count);

/* A new ZDD node (~option ? lo : hi) of count solutions, handed to the sink and maybe kept (0: stop). */
unsigned xcc_zdd_make_node(zwalk *z, const xcc_choice *c, unsigned lo, unsigned hi, xcc_count count);

/* *sum += n (counts of any size); 1 out of memory (then z->status says so),
   or with threads past 2^127 (then z->stop is XCC_STOP_WIDE). */
static inline int xcc_zdd_add(zwalk *z, xcc_count *sum, xcc_count n)
{
    if (!((*sum | n) & XCC_WIDE_TOP) && *sum + n < XCC_WIDE_TOP) {
        *sum += n;
        return 0;
    }
    if (z->workers > 1)
        return z->stop = XCC_STOP_WIDE, 1;
    if (xcc_count_add(&z->pool, *sum, n, sum))
        return z->status = XCC_NO_MEMORY, 1;
    return 0;
}

/* The ZDD of a problem without options: the empty family. */
xcc_status xcc_zdd_of_nothing(const xcc_sink *sink, xcc_figs *fig);

/*
 * The end of a walk whose top node is top, of total solutions: the root
 * line, the total, the solutions listed or drawn, the figures; frees z.
 */
xcc_status xcc_zdd_finish(zwalk *z, unsigned top, xcc_count total, xcc_figs *fig);

/* ---- the memo of the threads (zdd/share.c) ---- */

/*
 * One table of counts for the walks of all threads: a lookup takes no
 * lock, a write the lock of one shard of 64. A count written is never
 * changed; a key written twice keeps the first.
 */
typedef struct zshare zshare;
/* A memo for keys of K words, of at most limit bytes (0: no limit), or NULL. */
zshare *xcc_zshare_new(int K, ullng limit);
void xcc_zshare_free(zshare *s);
/* 1 and the count if key (hash h) was written; else 0. */
int xcc_zshare_get(const zshare *s, word h, const word *key, xcc_count *count);
/* Writes key's count (below 2^127); 1 past the memory limit or out of memory. */
int xcc_zshare_put(zshare *s, word h, const word *key, xcc_count count);
/* Asks for the place of hash h in the memo to be fetched into the cache. */
void xcc_zshare_prefetch(const zshare *s, word h);
size_t xcc_zshare_bytes(const zshare *s);
size_t xcc_zshare_entries(zshare *s);

/*
 * Option j (0 .. n-1) of a node's n, in the order of worker w of k:
 * worker 0 takes DLX2's order, the odd ones the reverse, and the others
 * start at a different place, so that the walks go apart and each finds
 * the subproblems the others finished.
 */
static inline int xcc_zdd_order(int w, int k, int j, int n)
{
    int half = (k + 1) / 2, i = (int)(((long long)(w / 2) * n / half + j) % n);
    return w & 1 ? n - 1 - i : i;
}

/*
 * The counting walk of DLX2's tree (zdd/dlx2.c) for the threads: its
 * tables, made once and shared, or NULL when it does not take p (*K -1)
 * or memory is short (*K 0); else *K is the words of its keys.
 */
typedef struct xcc_zdd_counting xcc_zdd_counting;
xcc_zdd_counting *xcc_zdd_counting_new(const xcc_problem *p, int *K);
void xcc_zdd_counting_free(xcc_zdd_counting *c);
/* The levels of a walk (xcc_zdd_init's levels). */
size_t xcc_zdd_counting_levels(const xcc_zdd_counting *c);
/* One walk of the whole tree with z (whose share and order are set): its count; XCC_NO_MEMORY. */
xcc_status xcc_zdd_counting_walk(const xcc_zdd_counting *c, zwalk *z, xcc_count *total);

#endif
