/*
 * twin/dlx2.c — DLX2's search tree, walked without dancing links.
 *
 * DLX2's tree is fixed by what its lists hold, not by how they are
 * linked: the list of an active item is the set of live options (those
 * not hidden) that contain it, in input order; an item's length is the
 * size of that set; the branch item is the first active primary item of
 * least length. The twin keeps exactly these sets as bit sets (the
 * tables of bits/bits.h), so it branches on the same items, tries the same
 * options in the same order, and meets the same solutions, nodes and
 * dead ends as DLX2 (and as links/dlx2.c, its dancing-links twin).
 *
 * Its figures are derived, not counted one link at a time. Every mem,
 * update and cleansing DLX2 charges is a function of quantities the bit
 * sets give at once. Hiding an option o of len items, c of them cleansed
 * (secondary items purified to o's color), costs 6 len - 4 - 5c mems and
 * len - 1 - c updates, plus 2 lmems for each secondary item updated;
 * covering item x costs 3 mems, one update and a mem per list element
 * plus one, on top of hiding its live options; purifying x costs 2 mems
 * per list element plus 2, a mem and a cleansing per option agreeing
 * with the color (plus one cleansing), and the hiding of the others.
 * Undoing costs what doing cost (the same nodes are visited on the way
 * back), so each level remembers the mems and lmems of its cover and of
 * its current option, and adds them again when it undoes them. The
 * branch-item scan costs one mem plus two per item looked at, and stops
 * after an item of length zero. formats/mems.md describes the model.
 *
 * Data per level (a slot, copy-on-descend as in fast/fast.c): the live
 * options L, the set S of options of the branch item, the length of every
 * primary item (COVERED once covered; a byte each, in 1 to 4 vectors,
 * where the primary items are at most 64 and have fewer than 255
 * options each), the set of purified secondary
 * items, and the number of primary items still active (and, without
 * secondary items, their set: the memo's key). Each slot is
 * written before its children are made, and never read after the
 * level's last option is undone.
 *
 * A memo of finished subtrees (twin/dlx2_memo.h) spares walking a
 * subtree twice, unless it holds a solution to list (m<n> lists one in
 * n); the threads of -j share it. twin/dlx2.h holds the slots and the operations on them.
 *
 * It also walks the top of the tree for the threads and shards of
 * parallel/parallel.c (split_depth: the subtrees below are handed out, to
 * other twins), and the subtrees themselves (base_level).
 *
 * What it does not do, and leaves to links/dlx2.c: randomizing (s<n>),
 * tracing (v2, v4), shape files, pruning hooks. xcc_twin_refuses() says
 * when it cannot stand in.
 */
#include "twin/dlx2_memo.h"
#include "twin/dlx2_hide.h"
#include "engine.h"
#include "base/alloc.h"
#include "base/sanity.h"

#include <stdlib.h>

const char *xcc_twin_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    if (st->threads > 1 || st->shards > 1)
        return "the twin walks in one thread (-j and --shard take the parallel driver)";
    if (st->randomize)
        return "s<n> (random choices are the links')";
    if (k->want_shape)
        return "S<file> (the shape of the tree is the links')";
    if (st->accept || st->retract)
        return "pruning hooks (the links')";
    if (k->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS | XCC_SHOW_FULL_STATE))
        return "tracing (v2, v4, v256: the links')";
    if ((k->vbose & XCC_SHOW_MAX_DEG) && k->knuth == XCC_KNUTH_DLX1)
        return "DLX1's v2048 (the links find the maximum degree)";
    if (!p)
        return NULL;
    if (p->second <= 1 || p->options == 0)
        return "a problem without primary items or options";
    double n = (double)p->options, P = p->second - 1, S = p->last_itm - p->second;
    double slot = (n / 64 + 1) * 16 + (S / 64 + 1) * 8 + (P + 8) * 4;
    if (xcc_bits_table_bytes(p) * 2 > TWIN_TABLE_BYTES || slot * (P + 1) > TWIN_STATE_BYTES)
        return "tables past 256 MB";
    return NULL;
}

/* ---- making a twin --------------------------------------------------------- */

static void twin_free(twin *t)
{
    xcc_bits_free(&t->b);
    for (int k = 0; k < t->nslots; k++)
        free(t->slots[k].live), free(t->slots[k].opts), free(t->slots[k].pure),
            free(t->slots[k].cnt), free(t->slots[k].act), free(t->slots[k].bcnt);
    free(t->slots), free(t->frames), free(t->agree_of), free(t->agree), free(t->scratch);
    free(t->lensec), free(t->osmask), free(t->leaf), free(t->rows), free(t->lpre);
    if (t->memo_owner)
        xcc_memo_free(t->memo);
    free(t->keys);
}

static int twin_init(twin *t, const xcc_problem *p)
{
    memset(t, 0, sizeof *t);
    if (xcc_bits_build(&t->b, p, 0))
        return 3;
    t->second = p->second;
    t->SW = (p->last_itm - p->second + 63) / 64 + 1;
    t->KS = (p->last_itm - p->second + 63) / 64; /* SW has a spare word */
    t->AW = (t->b.P + 63) / 64;
    t->key_act = p->last_itm == p->second; /* no secondary items */
    t->K = t->key_act ? t->AW : t->b.W + t->KS;
    int cap = t->b.P + 2;
    t->slots = calloc((size_t)cap, sizeof(twin_slot));
    t->frames = calloc((size_t)cap, sizeof(twin_frame));
    t->scratch = malloc((size_t)t->b.W * sizeof(word));
    if (!t->slots || !t->frames || !t->scratch || xcc_bits_agree(&t->b, p, &t->agree_of, &t->agree))
        return 3;
    /* what hiding an option adds up, at hand (twin/dlx2.h: hide_set) */
    int n = t->b.n;
    t->lensec = malloc(((size_t)n + 1) * sizeof(ullng));
    t->osmask = calloc((size_t)n * (size_t)t->KS + 1, sizeof(word));
    t->leaf = malloc(((size_t)n + 1) * sizeof(ullng));
    if (!t->lensec || !t->osmask || !t->leaf)
        return 3;
    for (int o = 0; o < n; o++) {
        ullng len = (ullng)t->b.olen[o], colored = 0;
        t->lensec[o] = len | (ullng)t->b.osec[o] << 32;
        for (int x = t->b.first[o], e = x + t->b.olen[o]; x < e; x++) {
            int v = p->nd[x].itm - t->second;
            if (v >= 0)
                t->osmask[(size_t)o * (size_t)t->KS + (size_t)(v / 64)] |= (word)1 << (v % 64);
            colored += p->nd[x].color != 0;
        }
        /* (an option has fewer than 2^24 items: node numbers are ints) */
        ullng covers = len - colored - 1; /* its other uncolored items */
        t->leaf[o] = (len + 1 + 4 * covers + 2 * colored) | covers << 24 | colored << 48;
    }
    /* where an option's node of the branch item is: its rank in the item's list */
    int W = t->b.W;
    t->lpre = malloc(((size_t)t->b.P * (size_t)W + 1) * sizeof(int));
    if (!t->lpre)
        return 3;
    for (int i = 1; i <= t->b.P; i++) {
        const word *mk = bits_item_mask(&t->b, i);
        for (int v = 0, sum = 0; v < W; v++) {
            t->lpre[(size_t)(i - 1) * (size_t)W + (size_t)v] = sum;
            sum += __builtin_popcountll(mk[v]);
        }
    }
#ifdef TWIN_BYTES
    /*
     * Lengths as bytes where the primary items are at most 64 and each
     * has at most 254 options: a node's lengths are then 1 to 4 vectors,
     * copied, lowered (one row of bytes per option hidden) and searched
     * for the least a vector at a time.
     */
    int fits = t->b.P <= 64;
    for (int i = 0; i < t->b.P && fits; i++)
        fits = t->b.lstart[i + 2] - t->b.lstart[i + 1] < BYTE_COVERED;
    if (fits) {
        int V = (t->b.P + 15) / 16;
        t->rows = calloc((size_t)n * (size_t)(16 * V) + 1, 1);
        if (!t->rows)
            return 3;
        for (int o = 0; o < n; o++)
            for (int k = t->b.pstart[o]; k < t->b.pstart[o + 1]; k++)
                t->rows[(size_t)o * (size_t)(16 * V) + (size_t)t->b.prim[k]] = 1;
        t->V = V;
    }
#endif
    t->nslots = cap;
    return 0;
}

int xcc_twin_alloc_slot(twin *t, int k)
{
    twin_slot *s = &t->slots[k];
    s->live = malloc((size_t)t->b.W * sizeof(word));
    s->opts = malloc((size_t)t->b.W * sizeof(word));
    s->pure = malloc((size_t)t->SW * sizeof(word));
    s->cnt = malloc((size_t)t->b.P8 * sizeof(int));
    s->act = malloc((size_t)t->AW * sizeof(word));
    s->bcnt = malloc(64);
    if (s->live && s->opts && s->pure && s->cnt && s->act && s->bcnt)
        return 0;
    free(s->live), free(s->opts), free(s->pure), free(s->cnt), free(s->act), free(s->bcnt);
    memset(s, 0, sizeof *s); /* not made: a later reserve_slot tries again */
    return 3;
}

/*
 * With s->base_level = d > 0, choice[0 .. d-1] were made above (the
 * parallel driver hands out such subtrees): makes them, counting nothing,
 * and notes their places (k of d) for printing.
 */
static int replay(twin *t, xcc_tree *s, int depth)
{
    const xcc_problem *p = s->p;
    const xcc_bits *b = &t->b;
    if (xcc_tree_reserve(s, depth + 2))
        return 3;
    for (int l = 0; l < depth; l++) {
        int q = s->choice[l], best = p->nd[q].itm, o = -1;
        twin_slot *sl = &t->slots[l];
        if (reserve_slot(t, l + 1))
            return 3;
        cost covering = {0, 0, 0, 0}, committing = {0, 0, 0, 0};
        cover(t, sl, p->nd, best, sl->opts, 1, &covering);
        for (int k = b->lstart[best]; k < b->lstart[best + 1]; k++)
            if (b->list[k].node == q)
                o = b->list[k].opt;
        int k = 0, d = 0;
        for (int w = 0; w < b->W; w++) {
            d += __builtin_popcountll(sl->opts[w]);
            if (w < o / 64)
                k += __builtin_popcountll(sl->opts[w]);
            else if (w == o / 64)
                k += __builtin_popcountll(sl->opts[w] & (((word)1 << (o % 64)) - 1));
        }
        s->path[l].k = k + 1, s->path[l].d = d;
        copy_slot(t, &t->slots[l + 1], sl, 1);
        commit(t, &t->slots[l + 1], p, q, 1, &committing);
        /* the frame, for a walk that goes back up through this level (a checkpoint's) */
        twin_frame *fr = &t->frames[l];
        fr->item = best, fr->pos = o + 1, fr->entry = NULL, fr->deep = 0;
        fr->empty = no_live(t, sl);
        fr->cover_mems = covering.mems, fr->cover_lmems = covering.lmems;
        fr->commit_mems = committing.mems, fr->commit_lmems = committing.lmems;
    }
    return 0;
}

/*
 * DLX2's list lengths where a search stopped early with levels 0 .. top
 * chosen, for its "Item totals" (xcc.h: stop_len). A covered or purified
 * item's list keeps the length it had then (its nodes are never unlinked
 * afterwards: hiding skips the cleansed ones); the others' lists are
 * their live options. So the path is made again from the root, noting
 * each length as it freezes. Only on the way out: no need to be fast.
 */
static void note_stop_lengths(const twin *t, xcc_tree *s, int top)
{
    xcc_problem *p = s->p;
    const xcc_bits *b = &t->b;
    const xcc_node *nd = p->nd;
    int W = b->W;
    int *len = malloc((size_t)p->last_itm * sizeof(int));
    word *live = malloc((size_t)W * sizeof(word));
    if (!len || !live) { /* then the totals show the lengths as read */
        free(len), free(live);
        return;
    }
    memset(live, 0, (size_t)W * sizeof(word));
    for (int o = 0; o < b->n; o++)
        live[o / 64] |= (word)1 << (o % 64);
    for (int k = 1; k < p->last_itm; k++)
        len[k] = -1;
    for (int l = 0; l <= top; l++) {
        int q = s->choice[l];
        for (int pp = q, first = 1; first || pp != q; first = 0) {
            int cc = nd[pp].itm;
            if (cc <= 0) {
                pp = nd[pp].up;
                continue;
            }
            if (len[cc] < 0) { /* covered, or purified the first time */
                const word *mk = bits_item_mask(b, cc);
                const word *ag = nd[pp].color && pp != q
                                     ? t->agree + (size_t)t->agree_of[pp - p->last_itm] * (size_t)W
                                     : NULL;
                len[cc] = 0;
                for (int w = 0; w < W; w++) {
                    len[cc] += __builtin_popcountll(live[w] & mk[w]);
                    live[w] &= ~(mk[w] & (ag ? ~ag[w] : ~(word)0));
                }
            }
            pp++;
        }
    }
    for (int k = 1; k < p->last_itm; k++)
        if (len[k] < 0) {
            const word *mk = bits_item_mask(b, k);
            len[k] = 0;
            for (int w = 0; w < W; w++)
                len[k] += __builtin_popcountll(live[w] & mk[w]);
        }
    free(live);
    p->stop_len = len;
}

#ifdef XCC_SANITY
/* The slot of a node: every active item's length is the number of its
   live options, the covered ones are COVERED, and they add up. */
void xcc_twin_sanity(const twin *t, const twin_slot *sl, ullng node)
{
    const xcc_bits *b = &t->b;
    int active = 0, npure = 0;
    for (int i = 0; i < b->P8; i++) {
        int cnt = sl->cnt[i];
        if (t->V) /* the lengths are bytes */
            cnt = i >= 16 * t->V || sl->bcnt[i] == BYTE_COVERED ? COVERED : sl->bcnt[i];
        int covered = cnt == COVERED;
        if (i >= b->P) {
            if (!covered)
                xcc_insane("twin", node, "padding counter %d is %d", i, cnt);
            continue;
        }
        active += !covered;
        if (t->key_act && (int)((sl->act[i / 64] >> (i % 64)) & 1) == covered)
            xcc_insane("twin", node, "item %d: active set and counter disagree", i + 1);
        if (covered)
            continue;
        const word *mk = bits_item_mask(b, i + 1);
        int n = 0;
        for (int w = 0; w < b->W; w++)
            n += __builtin_popcountll(sl->live[w] & mk[w]);
        if (n != cnt)
            xcc_insane("twin", node, "item %d has %d live options, its length says %d", i + 1, n,
                       cnt);
    }
    for (int v = 0; v < t->SW; v++)
        npure += __builtin_popcountll(sl->pure[v]);
    if (active != sl->active || npure != sl->npure)
        xcc_insane("twin", node, "%d active and %d purified items, the slot says %d and %d",
                   active, npure, sl->active, sl->npure);
}
#endif

/* ---- the walk ------------------------------------------------------------ */

/*
 * Where a walk is, and its figures: kept here, where the compiler can
 * hold them in registers, and written back to the tree for the sink and
 * at the end (save_figures). The counters are 64 bits over the bases of
 * the twin's fold (bits/memo.h), which only a memo hit of a large subtree
 * changes.
 */
typedef struct walker {
    xcc_tree *s;
    twin *t;
    const xcc_problem *p;
    cost tot;
    ullng cmems, nodes, count;
    int base;          /* the level of the root of the subtree walked */
    int chosen;        /* the option of the current level is in (for the totals) */
    xcc_stop stop;
    xcc_status status;
} walker;

/*
 * The walk is a loop over six steps, each of which says which comes
 * next (DLX2's labels): at a node, try the next option, back up from a
 * node all of whose options are tried, go up a level, take back the
 * option of a level, a solution found; and the end.
 */
enum step { AT_NODE, NEXT_OPTION, BACK_UP, GO_UP, RECOVER, SOLUTION, END };

/* The counters, in the memo's order of figures (M_COUNT ...). */
BITS_INLINE void counters(const walker *w, ullng lo[M_DEEP])
{
    lo[M_COUNT] = w->count, lo[M_NODES] = w->nodes, lo[M_MEMS] = w->tot.mems;
    lo[M_UPDATES] = w->tot.updates, lo[M_CMEMS] = w->cmems, lo[M_LMEMS] = w->tot.lmems;
    lo[M_CLEANSINGS] = w->tot.cleansings;
}

BITS_INLINE void save_figures(walker *w)
{
    ullng lo[M_DEEP];
    counters(w, lo);
    xcc_fold_figures(&w->s->fig, &w->t->fold, lo);
}

BITS_INLINE enum step stop_walk(walker *w, xcc_stop why)
{
    w->stop = why;
    return END;
}

BITS_INLINE enum step no_memory(walker *w)
{
    w->status = XCC_NO_MEMORY;
    return END;
}

/* Folds the counters and add (or NULL) into the bases; 1 if the walk must stop. */
BITS_INLINE int fold(walker *w, const xcc_u128 *add)
{
    ullng lo[M_DEEP];
    counters(w, lo);
    int r = xcc_fold_in(&w->t->fold, lo, add);
    if (r == 1)
        return no_memory(w), 1;
    w->count = w->nodes = w->cmems = 0;
    w->tot = (cost){0, 0, 0, 0};
    xcc_fold_marks(&w->t->fold, w->s);
    if (r == 2)
        return stop_walk(w, XCC_STOP_WIDE), 1;
    return 0;
}

/* The root slot, and the path above the subtree made again (base_level). */
static enum step start_walk(walker *w)
{
    twin *t = w->t;
    free(w->p->stop_len);
    w->s->p->stop_len = NULL;
    /* a checkpoint's figures and path (xcc_position_fits checked it), the whole
       tree above it to go back up through */
    int depth = w->s->resume ? w->s->resume->level : w->base;
    if (w->s->resume && xcc_tree_resume(w->s))
        return no_memory(w);
    /* the bases first: save_figures writes them back, however the walk ends */
    if (xcc_fold_start(&w->t->fold, &w->s->fig) || reserve_slot(t, 0) || xcc_tree_reserve(w->s, 2))
        return no_memory(w);
    xcc_fold_marks(&w->t->fold, w->s);
    root_slot(t);
    if (replay(t, w->s, depth))
        return no_memory(w);
    t->memo_nodes_mark = w->t->fold.base[M_NODES] + w->nodes, t->memo_spared = 0;
    t->memo_walked = 0, t->memo_spared_mems = 0;
    w->s->level = depth;
    return AT_NODE;
}

/*
 * The figures of the subtree below this node from the memo, if it holds
 * them, they stay within the limits and hold no solution to list: then
 * they are added, and the subtree is not walked (1). Else its entry is
 * noted, for back_up to write. A figure past 2^63 (an escape, base/num.h)
 * is added by folding; the others, as 64-bit words.
 */
BITS_INLINE int remembered(walker *w)
{
    xcc_tree *s = w->s;
    twin *t = w->t;
    twin_frame *fr = &t->frames[s->level];
    word *key = t->keys + (size_t)s->level * (size_t)t->K;
    word h = memo_key(t, &t->slots[s->level], key), got[M_FIGS];
    if (!memo_find(t->memo, h, key, &fr->entry, got))
        goto walk_it;
    if (BITS_RARE((got[M_COUNT] | got[M_NODES] | got[M_MEMS] | got[M_UPDATES] | got[M_CMEMS]
                   | got[M_LMEMS] | got[M_CLEANSINGS]) & XCC_WIDES_ESCAPE)) {
        xcc_u128 fig[M_DEEP];
        ullng lo[M_DEEP];
        memo_widen(t->memo, got, fig);
        counters(w, lo);
        if (!xcc_fold_fits(s, &t->fold, lo, fig))
            goto walk_it;
        t->memo_spared += fig[M_NODES];
        t->memo_spared_mems = ~0ULL; /* a subtree past 2^63 figures: it pays */
        if (fold(w, fig))
            return 1;
    } else {
        if (w->count + got[M_COUNT] >= t->fold.count_mark
            || w->tot.mems + got[M_MEMS] >= t->fold.add_mark || (s->sink->solution && !xcc_fold_skips(s, &t->fold, w->count, got[M_COUNT])))
            goto walk_it;
        t->memo_spared += got[M_NODES];
        t->memo_spared_mems = t->memo_spared_mems + got[M_MEMS] < got[M_MEMS]
                                  ? ~0ULL : t->memo_spared_mems + got[M_MEMS];
        w->count += got[M_COUNT], w->nodes += got[M_NODES], w->cmems += got[M_CMEMS];
        w->tot.mems += got[M_MEMS], w->tot.lmems += got[M_LMEMS];
        w->tot.updates += got[M_UPDATES], w->tot.cleansings += got[M_CLEANSINGS];
        if (BITS_RARE((w->count | w->nodes | w->cmems | w->tot.mems | w->tot.lmems
                       | w->tot.updates | w->tot.cleansings) >= XCC_FOLD_AT)
            && fold(w, NULL))
            return 1;
    }
    int deep = (int)got[M_DEEP];
    if (s->level + deep > s->maxl) {
        if (xcc_tree_reserve(s, s->level + deep + 2))
            return no_memory(w), 1;
        s->maxl = s->level + deep;
    }
    if (s->level > 0 && t->frames[s->level - 1].deep < deep + 1)
        t->frames[s->level - 1].deep = deep + 1;
    return 1;
walk_it:
    fr->start = w->tot;
    fr->start_cmems = w->cmems, fr->start_nodes = w->nodes, fr->start_count = w->count;
    fr->start_epoch = w->t->fold.epoch;
    return 0;
}

/* d<n>'s report and T<n>, when the mems reach the mark; 1 if the walk must stop. */
BITS_INLINE int mems_limits(walker *w)
{
    xcc_tree *s = w->s;
    save_figures(w);
    if (s->delta && s->fig.mems >= s->thresh) {
        xcc_tree_next_report(s);
        xcc_tree_progress(s, 1);
    }
    xcc_fold_marks(&w->t->fold, w->s);
    if (s->fig.mems >= s->timeout)
        return stop_walk(w, XCC_STOP_MEMS), 1;
    return 0;
}

/* A node of the tree: counted, checked, and whether a limit is reached. */
BITS_INLINE int limit_reached(walker *w)
{
    xcc_tree *s = w->s;
    w->t->frames[s->level].deep = 0;
    w->nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(w->nodes, (ullng)w->t->b.P8 * (ullng)w->t->b.W))
        xcc_twin_sanity(w->t, &w->t->slots[s->level], w->nodes);
#endif
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt)) {
        /* a checkpoint, then on if it says so */
        if ((s->halt && *s->halt) || (save_figures(w), xcc_tree_checkpoint(s)))
            return stop_walk(w, XCC_STOP_INTERRUPT), 1;
    }
    return BITS_RARE(w->tot.mems >= w->t->fold.mems_mark) && mems_limits(w);
}

/* Chooses the branch item of the node (of least length) and covers it. */
BITS_INLINE void branch(walker *w, int least)
{
    xcc_tree *s = w->s;
    twin *t = w->t;
    twin_slot *sl = &t->slots[s->level];
    twin_frame *fr = &t->frames[s->level];
    ullng looked;
    int best = choose(t, sl, least, &looked);
    w->tot.mems += 1 + 2 * looked;
    w->cmems += 1 + 2 * looked;
    cost c = {0, 0, 0, 0};
    ullng d = cover(t, sl, w->p->nd, best, sl->opts, 1, &c);
    add_cost(&w->tot, &c);
    fr->item = best;
    fr->pos = 0;
    fr->cover_mems = c.mems, fr->cover_lmems = c.lmems;
    fr->empty = no_live(t, sl);
    if (t->memo && t->K <= TWIN_PREFETCH_KEY_WORDS)
        prefetch_children(t, sl, w->p->nd, w->p->last_itm, best);
    s->path[s->level].d = (int)d;
    s->path[s->level].k = 0;
    w->tot.mems += 2;
}

/*
 * A node with an item of no option: the branch and its cover, which
 * takes no option (3 mems, one for its empty list, and an update), are
 * only charged, and the walk backs up.
 */
BITS_INLINE enum step dead_end(walker *w)
{
    xcc_tree *s = w->s;
    twin *t = w->t;
    twin_frame *fr = &t->frames[s->level];
    ullng looked;
    fr->item = choose(t, &t->slots[s->level], 0, &looked);
    w->tot.mems += 1 + 2 * looked + 4 + 2;
    w->cmems += 1 + 2 * looked;
    w->tot.updates++;
    fr->pos = 0;
    fr->cover_mems = 4, fr->cover_lmems = 0;
    s->path[s->level].d = 0;
    s->path[s->level].k = 0;
    return BACK_UP;
}

BITS_INLINE enum step at_node(walker *w)
{
    xcc_tree *s = w->s;
    twin *t = w->t;
    if (s->split_depth && s->level >= s->split_from) {
        /* another part of the program may search this subtree (tree/walk.h) */
        int split = s->on_split ? (save_figures(w), s->on_split(s, s->split_ctx)) : XCC_SPLIT_HERE;
        if (split == XCC_SPLIT_STOP)
            return stop_walk(w, XCC_STOP_CALLBACK);
        if (split == XCC_SPLIT_HERE || s->level == s->split_depth)
            return GO_UP;
    }
    int least = least_length(t, &t->slots[s->level]);
    t->frames[s->level].entry = NULL;
    if (t->memo && least && remembered(w)) /* a dead end is not worth a lookup */
        return w->status || w->stop ? END : GO_UP;
    if (limit_reached(w))
        return END;
    if (!least)
        return dead_end(w);
    branch(w, least);
    return NEXT_OPTION;
}

/* The next option of S (options and lists are both in input order), into the child slot. */
BITS_INLINE enum step next_option(walker *w)
{
    xcc_tree *s = w->s;
    twin *t = w->t;
    const xcc_bits *b = &t->b;
    const xcc_problem *p = w->p;
    twin_frame *fr = &t->frames[s->level];
    twin_slot *sl = &t->slots[s->level];
    int o = fr->pos, v = o / 64;
    word bits = v < b->W ? sl->opts[v] & (~(word)0 << (o % 64)) : 0;
    while (!bits && ++v < b->W)
        bits = sl->opts[v];
    if (!bits)
        return BACK_UP;
    o = v * 64 + __builtin_ctzll(bits);
    fr->pos = o + 1;
    /* its node of the item: the item's list holds its options in order */
    const word *mk = bits_item_mask(b, fr->item);
    int rank = t->lpre[(size_t)(fr->item - 1) * (size_t)b->W + (size_t)v]
               + __builtin_popcountll(mk[v] & (((word)1 << (o % 64)) - 1));
    int q = b->list[b->lstart[fr->item] + rank].node;
    s->path[s->level].k++;
    s->choice[s->level] = q;
    if (reserve_slot(t, s->level + 1))
        return no_memory(w);
    twin_slot *child = &t->slots[s->level + 1];
    /* covering the last items it is a solution, whose lengths no one reads */
    int last = sl->active == b->pstart[o + 1] - b->pstart[o] - 1;
    cost c = {0, 0, 0, 0};
    if (last && fr->empty) {
        /* a solution that hides nothing (the word search's): its figures only */
        leaf_cost(t, sl, o, &c);
        w->tot.mems += c.mems + 1, w->tot.updates += c.updates;
        w->tot.cleansings += c.cleansings;
        fr->commit_mems = c.mems, fr->commit_lmems = 0;
        return SOLUTION;
    }
    if (!(t->leaf[o] >> 48)) { /* no colored item */
        if (last) {
            copy_slot_but(t, child, sl, 0, 0);
            commit_plain(t, child, sl, p, q, 0, &c);
        } else {
            copy_slot_but(t, child, sl, 1, 0);
            commit_plain(t, child, sl, p, q, 1, &c);
        }
    } else if (last) { /* the same calls, each made for its case */
        copy_slot(t, child, sl, 0);
        commit(t, child, p, q, 0, &c);
    } else {
        copy_slot(t, child, sl, 1);
        commit(t, child, p, q, 1, &c);
    }
    add_cost(&w->tot, &c);
    fr->commit_mems = c.mems, fr->commit_lmems = c.lmems;
    w->tot.mems++;
    if (last)
        return SOLUTION;
    if (++s->level > s->maxl) {
        if (xcc_tree_reserve(s, s->level + 2))
            return no_memory(w);
        s->maxl = s->level;
    }
    return AT_NODE;
}

/*
 * Whether the memo costs more than it spares. A lookup, an entry written
 * and the children's entries fetched cost about what walking a node of
 * 100 to 200 mems costs (queens, Langford pairs); a hit spares the mems
 * of its subtree. Where the hits, once TWIN_MEMO_TRIAL nodes are walked
 * and at every booking after, have spared fewer than TWIN_MEMO_PAYS mems
 * for each node walked, the memo is given up. Measured (bench/NOTES.md,
 * target 2): after the first 2^20 nodes walked, queens-15 had spared 24
 * mems a node and Langford pairs of 14 40 to 50, and they run up to 1.25
 * times faster without it; the word search had spared 119 (and 245 at the
 * end), sudokus and polyominoes hundreds to thousands, and the memo
 * makes them 1.4 to 2.3 times faster.
 */
#define TWIN_MEMO_TRIAL (1ULL << 20)
#define TWIN_MEMO_PAYS 64
BITS_INLINE int memo_costs(twin *t, ullng walked)
{
    t->memo_walked += walked;
    return t->memo_walked >= TWIN_MEMO_TRIAL
           && t->memo_spared_mems / TWIN_MEMO_PAYS < t->memo_walked;
}

/* Every option of the node is tried: uncover its item, and remember its subtree. */
BITS_INLINE enum step back_up(walker *w)
{
    xcc_tree *s = w->s;
    twin *t = w->t;
    twin_frame *fr = &t->frames[s->level];
    w->tot.mems += fr->cover_mems, w->tot.lmems += fr->cover_lmems;
    if (fr->entry && t->memo) {
        word packed[M_FIGS];
        packed[M_COUNT] = w->count - fr->start_count, packed[M_NODES] = w->nodes - fr->start_nodes;
        packed[M_MEMS] = w->tot.mems - fr->start.mems;
        packed[M_LMEMS] = w->tot.lmems - fr->start.lmems;
        packed[M_UPDATES] = w->tot.updates - fr->start.updates;
        packed[M_CLEANSINGS] = w->tot.cleansings - fr->start.cleansings;
        packed[M_CMEMS] = w->cmems - fr->start_cmems, packed[M_DEEP] = (word)fr->deep;
        int fits = fr->start_epoch == w->t->fold.epoch; /* no fold since: each below 2^63 */
        if (BITS_RARE(!fits)) /* the subtree's figures, over the folds since */
            fits = xcc_fold_subtree(t->memo, &t->fold, fr->start_epoch, packed);
        if (fits)
            memo_write(t->memo, fr->entry, t->keys + (size_t)s->level * (size_t)t->K, packed);
        if (++t->memo_unbooked == 256) {
            int over = 0;
            xcc_u128 nodes = w->t->fold.base[M_NODES] + w->nodes;
            ullng walked = xcc_u128_low(nodes - t->memo_nodes_mark - t->memo_spared, &over);
            if (!xcc_memo_book(t->memo, t->memo_unbooked, walked, xcc_u128_low(t->memo_spared, &over)))
                t->memo = NULL; /* given up: the walk goes on without it */
            else if (memo_costs(t, walked))
                xcc_memo_give_up(t->memo), t->memo = NULL;
            t->memo_unbooked = 0, t->memo_spared = 0, t->memo_nodes_mark = nodes;
        }
    }
    if (t->memo && s->level > 0 && t->frames[s->level - 1].deep < fr->deep + 1)
        t->frames[s->level - 1].deep = fr->deep + 1;
    return GO_UP;
}

BITS_INLINE enum step go_up(walker *w)
{
    if (w->s->level == w->base)
        return END;
    w->s->level--;
    w->tot.mems += 2;
    return RECOVER;
}

/* Takes back the option of the level, to try the next. */
BITS_INLINE enum step recover(walker *w)
{
    twin_frame *fr = &w->t->frames[w->s->level];
    w->tot.mems += fr->commit_mems + 2, w->tot.lmems += fr->commit_lmems;
    return NEXT_OPTION;
}

BITS_INLINE enum step solution(walker *w)
{
    xcc_tree *s = w->s;
    w->chosen = 1;
    w->nodes++;
    if (w->t->memo && w->t->frames[s->level].deep < 1)
        w->t->frames[s->level].deep = 1;
    if (s->level + 1 > s->maxl) {
        if (xcc_tree_reserve(s, s->level + 2))
            return no_memory(w);
        s->maxl = s->level + 1;
    }
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level + 1]++;
    w->count++;
    if (s->sink->solution && (save_figures(w), xcc_tree_solution(s, 1, 0)))
        return stop_walk(w, XCC_STOP_CALLBACK);
    if (BITS_RARE(w->count >= w->t->fold.count_mark))
        return stop_walk(w, XCC_STOP_COUNT);
    w->chosen = 0;
    return RECOVER;
}

BITS_HOT static xcc_status walk(xcc_tree *s, twin *t)
{
    walker w = {.s = s, .t = t, .p = s->p, .base = s->base_level};
    for (enum step next = start_walk(&w); next != END;) {
        switch (next) {
        case AT_NODE: next = at_node(&w); break;
        case NEXT_OPTION: next = next_option(&w); break;
        case BACK_UP: next = back_up(&w); break;
        case GO_UP: next = go_up(&w); break;
        case RECOVER: next = recover(&w); break;
        case SOLUTION: next = solution(&w); break;
        case END: break;
        }
    }
    save_figures(&w);
    xcc_fold_free(&t->fold);
    s->fig.stop = w.stop;
    if (w.stop != XCC_COMPLETE && w.status == XCC_OK && (s->vbose & XCC_SHOW_TOTS))
        note_stop_lengths(t, s, w.chosen ? s->level : s->level - 1);
    return w.status;
}

xcc_twin *xcc_twin_new(const xcc_problem *p)
{
    twin *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    if (twin_init(t, p)) {
        twin_free(t);
        free(t);
        return NULL;
    }
    return t;
}

void xcc_twin_delete(xcc_twin *t)
{
    if (t) {
        twin_free(t);
        free(t);
    }
}

xcc_status xcc_twin_walk(xcc_twin *t, xcc_tree *s)
{
    int profile = s->vbose & XCC_SHOW_PROFILE;
    if (!t->memo_tried && !profile)
        xcc_twin_start_memo(t, NULL);
    memo *kept = t->memo;
    if (profile || s->split_depth || (kept && memo_off(kept)))
        t->memo = NULL; /* every node is counted or split: no memo this time */
    xcc_status out = walk(s, t);
    t->memo = kept;
    return out;
}

static xcc_status twin_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    xcc_tree t;
    xcc_twin *tw = xcc_twin_new(p);
    xcc_status status = tw ? xcc_tree_init(&t, p, st, sink) : XCC_NO_MEMORY;
    if (!tw)
        return status;
    if (!status)
        status = xcc_twin_walk(tw, &t);
    xcc_tree_figures(&t, fig);
    xcc_tree_free(&t);
    xcc_twin_delete(tw);
    return status;
}

const xcc_engine xcc_twin_engine = {"twin", xcc_twin_refuses, twin_solve, NULL};
