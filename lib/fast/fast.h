/*
 * fast/fast.h — what the files of the fast engine share, private to
 * them: fast/fast.c searches with a state of bit sets and counters per
 * level (it says how); fast/count.c counts the last levels of a
 * counting search from the bit sets alone, with a memo of the counts
 * that the search above uses too; fast/kernel.c counts all the
 * solutions of a problem of at most 512 options with a search of its
 * own, compiled for each width (and the same memo). Here are the data
 * they see and the memo's inline steps, which the searches take at
 * every node.
 */
#ifndef XCC_FAST_H
#define XCC_FAST_H

#include "problem/problem.h"
#include "bits/bits.h"
#include "bits/area.h"

#include <stdatomic.h>
#include <string.h>

/* A covered item's counter (and the padding): far above any real count. */
#define COVERED (1 << 30)

/* One level's state: the live options L and the counters of the items. */
typedef struct fast_state {
    word *live;          /* L, W words */
    int *cnt;            /* P counters */
    int lo, hi;          /* live words outside [lo, hi) are zero */
    int uncovered;
} fast_state;

#define MEMO_WORDS 8 /* the memo is for problems of at most 8 x 64 options */

typedef struct fast_frame fast_frame; /* a level's branch (fast/fast.c) */

struct xcc_fast_data {
    xcc_bits b;          /* the tables (bits/bits.h) */
    int borrowed;        /* b is another walk's (-j): not freed with this one */
    fast_state *states;  /* allocated level by level */
    int states_cap;
    fast_frame *frames;
    /* the memo of counts (an area, bits/area.h): its table, or NULL when
       there is none or it was given up, and what it wrote and hit */
    xcc_area memo_area;
    word *memo;
    size_t memo_mask, memo_most;
    ullng memo_writes, memo_spared, memo_next_plan;
    int memo_tried;
    int memo_shares;     /* -j N: N walks keep a table each, in 1/N of the room */
    xcc_wides wides;     /* the counts that do not fit in 63 bits (base/num.h) */
};

/* The last levels are counted from the bit sets when nu * (hi - lo) is at most this. */
#define SMALL_WORDS 48
/*
 * The table grows and is given up as xcc_area_plan says, from the nodes
 * its hits spared. An entry is a tag word, the count, then the W words
 * of L. The tag holds nu (nu < 2^16: the memo is for problems of fewer
 * items; 0: an empty entry) and the nodes walked below the entry (at
 * most 2^32 - 1). A table is one walk's: with threads each walk keeps
 * its own (parallel/fast.c says why).
 */
#define NU_BITS 16
#define MEMO_NU ((word)(1u << NU_BITS) - 1)
#define MEMO_NODES_SHIFT 32

/* The hash of a key (the W words of L) and nu. */
static inline word xcc_fast_memo_hash(const word *key, int W, int nu)
{
    word h = (word)nu * 0x9e3779b97f4a7c15ULL;
    for (int w = 0; w < W; w++) {
        h = (h ^ key[w]) * 0xff51afd7ed558ccdULL;
        h ^= h >> 29;
    }
    return h;
}

/* Where the state of live set live[0 .. hi-lo-1] and nu items goes; its key into key. */
static inline word *xcc_fast_memo_slot(struct xcc_fast_data *d, const word *live, int lo, int hi,
                                       int nu, word *key)
{
    for (int w = 0; w < d->b.W; w++)
        key[w] = w >= lo && w < hi ? live[w - lo] : 0;
    word h = xcc_fast_memo_hash(key, d->b.W, nu);
    return d->memo + (size_t)(h & d->memo_mask) * (size_t)(d->b.W + 2);
}

/* Whether the entry at slot holds the count of key (W words) and nu: then *count is it. */
static inline int xcc_fast_memo_get(struct xcc_fast_data *d, const word *slot, int nu,
                                    const word *key, int W, xcc_u128 *count)
{
    word tag = slot[0];
    if ((tag & MEMO_NU) != (word)nu)
        return 0;
    for (int w = 0; w < W; w++)
        if (slot[2 + w] != key[w])
            return 0;
    d->memo_spared += tag >> MEMO_NODES_SHIFT;
    *count = xcc_wides_get(&d->wides, slot[1]);
    return 1;
}

/* Writes an entry of tag tag (nu and nodes), count word c and key at slot. */
static inline void xcc_fast_memo_put(word *slot, word tag, word c, const word *key, int W)
{
    slot[0] = tag, slot[1] = c;
    memcpy(slot + 2, key, (size_t)W * sizeof(word));
}

/* Grows, keeps or gives up the table (xcc_area_plan), when writes say it is
   time. */
void xcc_fast_memo_plan(struct xcc_fast_data *d);

/* Stores the count under key at slot, unless the memo was given up since. */
static inline void xcc_fast_memo_store(struct xcc_fast_data *d, word *slot, int nu,
                                       xcc_u128 count, ullng nodes, const word *key)
{
    word c;
    if (!d->memo || xcc_wides_put(&d->wides, count, &c))
        return;
    if (nodes >> (64 - MEMO_NODES_SHIFT))
        nodes = ~0ULL >> MEMO_NODES_SHIFT;
    xcc_fast_memo_put(slot, (word)nu | (word)nodes << MEMO_NODES_SHIFT, c, key, d->b.W);
    if (++d->memo_writes >= d->memo_next_plan)
        xcc_fast_memo_plan(d);
}

/*
 * The number of solutions below a state of the last levels: U[0 .. nu-1]
 * are its uncovered items, live[0 .. hi-lo-1] the words lo .. hi-1 of its
 * live set; *nodes counts the nodes it branches on.
 */
xcc_u128 xcc_fast_count_small(struct xcc_fast_data *d, const word *live, int lo, int hi,
                              const int *U, int nu, ullng *nodes);

/* Makes the memo table, when the problem is small enough and it was not tried. */
void xcc_fast_start_memo(struct xcc_fast_data *d);

/* What fast/kernel.c's counting search found. */
typedef struct xcc_fast_kernel_figs {
    xcc_u128 count;
    ullng nodes, updates;
    size_t bytes;   /* its levels and rows, besides the tables and the memo */
    int maxl;
    xcc_stop stop;
} xcc_fast_kernel_figs;

/* Whether the kernels of fast/kernel.c take the problem: at most 8 words of
   options, fewer than 255 options per item. */
int xcc_fast_kernel_takes(const struct xcc_fast_data *d);

/* Progress from the kernels: every `every` nodes, at(ctx, path, levels,
   count, nodes) with the path to the node, each choice's entry holding the
   node of the option's item (not its place in the option). */
typedef struct xcc_fast_report {
    ullng every;
    void (*at)(void *ctx, xcc_choice *path, int levels, xcc_u128 count, ullng nodes);
    void *ctx;
} xcc_fast_report;

/* Counts the solutions with those kernels (and the memo, when made) below
   state from (NULL: the root, every option live); 0, or 3 when memory is
   short. interrupt, when not NULL, is polled once a node; report, when not
   NULL, gets progress. */
int xcc_fast_kernel_count(struct xcc_fast_data *d, const fast_state *from,
                          atomic_int *interrupt, const xcc_fast_report *report,
                          xcc_fast_kernel_figs *fig);

/* ---- counting with threads (parallel/fast.c, -c -j N) ---------------------

   A walk of the fast engine's counting search that counts the subtrees
   below paths from the root (options chosen one after another, as the
   search chose them: tasks), and walks the top of the tree above them.
   The walks of one count share the tables of the first; each keeps a
   memo of its own. */
typedef struct fast xcc_fast_walk;
/* Where the top's walk hands the paths to the nodes of depth: nonzero, no memory. */
typedef int (*xcc_fast_task_fn)(void *ctx, const int *path, int len);

/* A walk of p (from: NULL, it makes the tables; else it uses from's), one
   of walks, which each make a memo table of their own in 1/walks of the
   room a lone walk's may take, once the top is walked; NULL out of memory.
   interrupt, if not NULL, is polled once a node. */
xcc_fast_walk *xcc_fast_walk_new(const xcc_problem *p, const xcc_fast_walk *from, int walks,
                                 atomic_int *interrupt);
void xcc_fast_walk_free(xcc_fast_walk *f);

/* Walks the tree above depth, counting what is there, and hands each
   node of depth to fn instead of walking below it (its figures start at 0). */
xcc_status xcc_fast_walk_top(xcc_fast_walk *f, int depth, xcc_fast_task_fn fn, void *ctx);

/* Counts below path[0 .. len-1], a path the top handed out; adds to f's figures. */
xcc_status xcc_fast_walk_task(xcc_fast_walk *f, const int *path, int len);

/* f's figures so far (bytes: its states, its memo, and the tables if it owns them). */
void xcc_fast_walk_figs(const xcc_fast_walk *f, xcc_fast_kernel_figs *fig);

/* The number of primary items (the deepest a path can be). */
int xcc_fast_walk_items(const xcc_fast_walk *f);

#endif
