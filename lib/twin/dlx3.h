/*
 * twin/dlx3.h — the inside of DLX3's twin (twin/dlx3.c walks it,
 * twin/dlx3_make.c builds it): its slots and frames; the steps on a
 * slot, each of which derives the figures DLX3 would count, are in
 * twin/dlx3_steps.h, inline since the walk calls them at every node,
 * and apart from the walk so that the model of the figures reads in
 * one place.
 *
 * DLX3's tree (tree/dlx3.h) walked with bit sets instead of dancing links: the
 * same nodes, choices, listing and figures as links/dlx3.c, mems included,
 * derived rather than counted.
 *
 * DLX3's tree is fixed by what his lists hold: the list of an active
 * item is the set of live options containing it, in input order (covering
 * and tweaking take options out of lists and put them back in the same
 * order). An option is live until it is hidden, by the covering of one of
 * its items, by a purification, or by a tweak. So a node of the tree is
 * its live options L (a bit set), every primary item's bound and whether
 * it is active, and the purified secondary items; an item's length is the
 * size of L and its options, kept as a counter.
 *
 * The figures (DLX3's model, links/dlx3.c's table) follow from sizes:
 * hiding an option of len items, c of them cleansed, costs 6 len - 4 - 5c
 * mems and len - 1 - c updates when an item is covered, 6 len - 4 - 4c
 * when one is purified; tweaking it out of every list costs 6 len - 5c + 2
 * and len - c updates, or 6 and 1 with its item covered already. Covering
 * costs 3, one mem per step down the list (the options and one more) and
 * the hiding; purifying 2, two per option of the list, one per option
 * agreeing with the color, and the hiding of the others. Undoing a cover,
 * a purification or a choice costs what doing it cost (the same nodes are
 * visited on the way back), so each level remembers those mems and adds
 * them again; untweaking costs 5 plus, per option tweaked, what tweaking
 * it cost less 4, or with the item covered, 2 per option tweaked, 2, and
 * what covering cost.
 */
#ifndef MCC_TWIN_H
#define MCC_TWIN_H

#include "tree/dlx3.h"
#include "bits/bits.h"
#include "bits/memo.h"

#include <string.h>

#define TWIN_STATE_BYTES (256ULL << 20)
#define TWIN_TABLE_BYTES (256ULL << 20)

/*
 * The branch rule as one number per item. DLX3 prefers the least score
 * v, then the least s = min(slack, bound), then the greatest length,
 * then the leftmost; so each active primary item gets the key
 *
 *     (v + KEY_BIAS) << 42  |  s << 21  |  (KEY_LEN - length)
 *
 * and the branch item is the first of least key; an inactive item has
 * the key ~0. A length going down by one is v and the last field moving
 * by one, so hiding an option adds KEY_DROP to the keys of its items.
 * v only matters when it is positive (else the node is a dead end,
 * whatever item is chosen), so bound - slack is capped at the options +
 * 2, which keeps every field in range for problems of fewer than 2^21 -
 * 2 options whose items have min(slack, hi) below 2^21 - 1
 * (xcc_mcc_twin_refuses).
 */
#define KEY_FIELD ((word)1 << 21)
#define KEY_LEN (KEY_FIELD - 1)
#define KEY_BIAS KEY_FIELD
#define KEY_DROP ((word)1 - ((word)1 << 42))
#define KEY_NONE (~(word)0)

/*
 * A level's slot: pointers into one block of stride words (all but opts),
 * so that copying a slot to the next level is one loop. What a solution
 * needs (live, pure, n) comes first: a child known to be a solution gets
 * only that much (head words).
 */
typedef struct mslot {
    word *live;   /* L: W words */
    word *pure;   /* the purified secondary items, bit i - second */
    int *n;       /* n[0]: primary items active; n[1]: secondary items purified */
    word *act;    /* the active primary items, bit i - 1 */
    word *key;    /* key[i - 1]: the keys of the primary items */
    int *bnd;     /* their bounds */
    word *opts;   /* the branch item's list when the level began (not copied) */
} mslot;
#define nact n[0]
#define npure n[1]

/* The figures of one step, before they are added. */
typedef struct cost {
    ullng mems, updates, cleansings;
} cost;

/* How a level treats its branch item (tree/dlx3.h). */
enum { COVERING, TWEAKING, TWEAKING_COVERED };

/* What a level must remember to walk its choices and undo them. */
typedef struct mframe {
    int item, mode;
    int pos;               /* the next option of opts to look at */
    int ent;               /* where to look for it in the item's list (xcc_bits.list) */
    int left;              /* TWEAKING_COVERED: options of the list not tweaked yet */
    int is_null;           /* the current choice is the null one */
    int tweaks;            /* options tweaked out so far */
    ullng tweak_mems;      /* what those tweaks cost */
    ullng cover_mems;      /* what covering the item cost (COVERING, TWEAKING_COVERED) */
    ullng commit_mems;     /* what the current choice cost */
    /* for the memo: where the node's entry goes, the figures when it was
       entered, and the deepest level below it (relative) */
    word *entry;
    cost start;
    ullng start_cmems, start_nodes, start_count;
    int start_epoch;       /* the walk's folds then (xcc_fold, bits/memo.h) */
    int deep;
} mframe;

typedef struct mtwin {
    xcc_bits b;
    int second;
    int SW, AW;            /* words of a set of secondary, of primary items */
    int *slack;            /* slack[i - 1] */
    int need_cap;          /* bound - slack is capped here (see KEY_FIELD) */
    size_t stride, head;   /* words of a slot's block, of its part for a solution */
    word *blocks;          /* the slots' blocks, one after another */
    word *optsets;         /* the slots' opts, W words each */
    mslot *slots;
    mframe *frames;
    int nslots;
    word *secs;            /* with at most 64 secondary items: each option's, as a set */
    int *agree_of;         /* per node: its row in agree, or -1 */
    word *agree;           /* rows: the options giving an item one color */
    word *scratch;
    /* the memo (see walk): keys of K words, the item states in KB bytes each */
    memo *memo;
    word *keys;            /* per level: the key of its node */
    int K, KB;
    int memo_tried, memo_owner, memo_unbooked;
    xcc_fold fold;         /* a walk's bases and limits (bits/memo.h) */
} mtwin;

/* ---- making a twin (twin/dlx3_make.c) -------------------------------------- */

/* Makes room for levels 0 .. need (a slot and a frame each); 0, or 3. */
int xcc_mcc_twin_grow_levels(mtwin *t, int need);

/* The problem as read: every option live, every primary item active. */
void xcc_mcc_twin_root(const mtwin *t, const xcc_problem *p, mslot *s);

BITS_INLINE int reserve_slot(mtwin *t, int k)
{
    return k < t->nslots ? 0 : xcc_mcc_twin_grow_levels(t, k);
}

/* Copies the first n words of a slot's block. */
BITS_INLINE void copy_slot(mslot *dst, const mslot *src, size_t n)
{
    memcpy(dst->live, src->live, n * sizeof(word));
}

/* The key of an active item of that length and bound (see KEY_FIELD). */
BITS_INLINE word make_key(const mtwin *t, int i, int len, int bound)
{
    int slack = t->slack[i], s = slack < bound ? slack : bound;
    long long need = (long long)bound - s;
    if (need > t->need_cap)
        need = t->need_cap;
    return (word)(len - need + 1 + (long long)KEY_BIAS) << 42 | (word)s << 21
           | (KEY_LEN - (word)len);
}

/* The length of item i from its key. */
BITS_INLINE int key_len(word key)
{
    return (int)(KEY_LEN - (key & KEY_LEN));
}

#endif
