/*
 * twin/dlx3.c — the walk of DLX3's tree with the bit sets of twin/dlx3.h:
 * the levels one after another, the memo of subtrees, and
 * the path above a subtree made again (base_level) for the parallel
 * driver. twin/dlx3.h says how each step's figures are derived;
 * twin/dlx3_make.c builds the twin.
 *
 * Data per level (a slot, copied on the way down): L, the branch item's
 * list when the level began, the active primary items, their lengths and
 * bounds, and the purified items. Tweaks change the level's own slot: an
 * option tweaked out stays out for the level's later branches.
 *
 * What it leaves to links/dlx3.c: randomizing (s<n>), tracing (v2, v4,
 * v256), shape files. xcc_mcc_twin_refuses says when.
 */
#include "twin/dlx3_steps.h"
#include "base/alloc.h"
#include "base/sanity.h"
#include "engine.h"

#include <stdlib.h>

/* ---- the memo ---------------------------------------------------------------- */

/*
 * Below a node, DLX3's subtree and all its figures depend only on its
 * live options (the lists), its purified items (the cleansed nodes) and
 * its active primary items with their bounds (the branch rule); so the
 * key is the three, an item's part being its bound while it is active and
 * 0 once it is not (an active item's bound is never 0). Every subtree
 * finished is kept (bits/memo.h) and met again at no cost, unless a
 * solution it holds is to be listed (m<n> lists one in n): only the paths
 * to the listed solutions are walked again. Dead ends and solutions are
 * cheaper to walk than to look up.
 */
BITS_INLINE word memo_key(const mtwin *t, const mslot *s, word *key)
{
    int W = t->b.W, K = t->K;
    for (int w = 0; w < W; w++)
        key[w] = s->live[w];
    for (int v = 0; v < t->SW; v++)
        key[W + v] = s->pure[v];
    for (int k = W + t->SW; k < K; k++)
        key[k] = 0;
    unsigned char *states = (unsigned char *)(key + W + t->SW);
    for (int i = 0; i < t->b.P; i++) {
        unsigned v = s->key[i] == KEY_NONE ? 0 : (unsigned)s->bnd[i];
        if (t->KB == 1)
            states[i] = (unsigned char)v;
        else if (t->KB == 2)
            memcpy(states + 2 * i, &(uint16_t){(uint16_t)v}, 2);
        else
            memcpy(states + 4 * i, &v, 4);
    }
    return key_hash(key, K);
}

/* Gives t a memo of its own, or the memo of from if from is not NULL. */
static void start_memo(mtwin *t, mtwin *from)
{
    t->memo_tried = 1;
    if (t->K > TWIN_MEMO_KEY_WORDS)
        return; /* then it just walks */
    if (from) {
        t->memo = from->memo;
    } else {
        t->memo = xcc_memo_new(t->K, M_DEEP);
        t->memo_owner = 1;
    }
}

/* ---- the walk ---------------------------------------------------------------- */

#ifdef XCC_SANITY
/* The slot of a node: every active item's key holds its number of live
   options and its bound, the active set agrees with the keys, and the
   counts of active and purified items are the sizes of their sets. A
   solution's slot holds only its head (live, pure, n): nothing to check. */
static void twin_sanity(const mtwin *t, const mslot *sl, ullng node)
{
    const xcc_bits *b = &t->b;
    int active = 0, purified = 0;
    if (!sl->nact)
        return;
    for (int i = 0; i < b->P; i++) {
        int on = sl->key[i] != KEY_NONE;
        if (bits_has(sl->act, i) != on)
            xcc_insane("mcc-twin", node, "item %d: active set and key disagree", i + 1);
        if (!on)
            continue;
        active++;
        const word *mk = bits_item_mask(b, i + 1);
        int n = 0;
        for (int w = 0; w < b->W; w++)
            n += __builtin_popcountll(sl->live[w] & mk[w]);
        if (sl->key[i] != make_key(t, i, n, sl->bnd[i]))
            xcc_insane("mcc-twin", node, "item %d has %d live options and bound %d, its key "
                       "says %d", i + 1, n, sl->bnd[i], key_len(sl->key[i]));
    }
    for (int v = 0; v < t->SW; v++)
        purified += __builtin_popcountll(sl->pure[v]);
    if (active != sl->nact || purified != sl->npure)
        xcc_insane("mcc-twin", node, "%d active and %d purified items, the slot says %d and %d",
                   active, purified, sl->nact, sl->npure);
}
#endif

/*
 * DLX3's lengths where a search stopped early, for the "Item totals": the
 * choices of levels 0 .. top made again on the links, which count them.
 */
static void note_stop_lengths(xcc_tree *s, int top)
{
    xcc_problem *p = s->p;
    xcc_tree r;
    if (xcc_tree_init(&r, p, NULL, NULL))
        return;
    if (!xcc_mcc_replay(&r, s->choice, top + 1)) {
        int *len = malloc((size_t)p->last_itm * sizeof(int));
        if (len)
            for (int k = 1; k < p->last_itm; k++)
                len[k] = p->nd[k].len;
        xcc_mcc_unreplay(&r);
        free(p->stop_len);
        p->stop_len = len;
    }
    xcc_tree_free(&r);
}

/* Makes choice[0 .. depth-1] from the root, counting nothing (base_level). */
static int replay(mtwin *t, xcc_tree *s, int depth)
{
    const xcc_problem *p = s->p;
    for (int l = 0; l < depth; l++) {
        int q = s->choice[l], x = q < p->last_itm ? q : p->nd[q].itm, o = -1;
        cost ignored = {0, 0, 0};
        if (reserve_slot(t, l + 1) || xcc_tree_reserve(s, l + 2))
            return 3;
        mslot *sl = &t->slots[l];
        mframe *f = &t->frames[l]; /* after growing them */
        s->path[l].d = (int)xcc_mcc_score(key_len(sl->key[x - 1]), (mcc_cap){sl->bnd[x - 1], t->slack[x - 1]});
        level_start(t, sl, f, p->nd, x, &ignored);
        int k = 0;
        do {
            level_try(t, sl, f, p->nd, &o, &ignored);
            k++;
        } while (q >= p->last_itm ? o >= 0 && node_in(t, f, o) != q : o >= 0);
        s->path[l].k = k;
        mslot *child = &t->slots[l + 1];
        copy_slot(child, sl, t->stride);
        cost committing = {0, 0, 0};
        if (o >= 0)
            commit(t, child, child->bnd, p, q, 1, &committing);
        /* the frame, for a walk that goes back up through this level (a checkpoint's) */
        f->commit_mems = committing.mems, f->entry = NULL, f->deep = 0;
    }
    return 0;
}

/* The walk between its steps: the figures so far, and how it ends. */
typedef struct walker {
    xcc_tree *s;
    mtwin *t;
    const xcc_problem *p;
    int base;              /* the level of the subtree's root (base_level) */
    cost tot;              /* the counters: 64 bits over the bases of t->fold (bits/memo.h) */
    ullng cmems, nodes, count;
    ullng wanted;          /* no solution before this one is listed (m<n>: one in n) */
    xcc_stop stop;
    xcc_status status;
} walker;

/* The steps of the walk; each returns the next. */
enum step { AT_NODE, AT_LEAF, NEXT_CHOICE, BACK_UP, GO_UP, SOLUTION, END };

/* The counters, in the memo's order of figures (M_COUNT ...; no lmems). */
BITS_INLINE void counters(const walker *w, ullng lo[M_DEEP])
{
    lo[M_COUNT] = w->count, lo[M_NODES] = w->nodes, lo[M_MEMS] = w->tot.mems;
    lo[M_UPDATES] = w->tot.updates, lo[M_CMEMS] = w->cmems, lo[M_LMEMS] = 0;
    lo[M_CLEANSINGS] = w->tot.cleansings;
}

BITS_INLINE void save_figures(const walker *w)
{
    ullng lo[M_DEEP];
    counters(w, lo);
    xcc_fold_figures(&w->s->fig, &w->t->fold, lo);
    w->s->fig.lmems = 0;
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
    xcc_fold *f = &w->t->fold;
    ullng lo[M_DEEP];
    counters(w, lo);
    xcc_u128 wanted = f->base[M_COUNT] + w->wanted;
    int r = xcc_fold_in(f, lo, add);
    if (r == 1)
        return no_memory(w), 1;
    w->count = w->nodes = w->cmems = 0;
    w->tot = (cost){0, 0, 0};
    w->wanted = w->wanted ? xcc_fold_mark(wanted, f->base[M_COUNT]) : 0;
    xcc_fold_marks(f, w->s);
    if (r == 2)
        return stop_walk(w, XCC_STOP_WIDE), 1;
    return 0;
}

/* The root slot, and the path above the subtree made again (base_level). */
BITS_INLINE enum step start_walk(walker *w)
{
    mtwin *t = w->t;
    free(w->p->stop_len);
    w->s->p->stop_len = NULL;
    /* a checkpoint's figures and path (xcc_mcc_position_fits checked it), the whole
       tree above it to go back up through */
    int depth = w->s->resume ? w->s->resume->level : w->base;
    if (w->s->resume && xcc_tree_resume(w->s))
        return no_memory(w);
    /* the bases first: save_figures writes them back, however the walk ends */
    if (xcc_fold_start(&t->fold, &w->s->fig) || reserve_slot(t, 0)
        || xcc_tree_reserve(w->s, depth + 2))
        return no_memory(w);
    xcc_fold_marks(&t->fold, w->s);
    const xcc_sink *k = w->s->sink;
    w->wanted = k->every > 1 ? xcc_fold_listed(&t->fold, 0, k->every) : 0;
    xcc_mcc_twin_root(t, w->p, &t->slots[0]);
    if (replay(t, w->s, depth))
        return no_memory(w);
    w->s->level = depth;
    return AT_NODE;
}

/* The deepest level below the level above is at least deep levels under this one. */
BITS_INLINE void deepen(walker *w, int deep)
{
    int l = w->s->level;
    if (l > w->base && w->t->frames[l - 1].deep < deep + 1)
        w->t->frames[l - 1].deep = deep + 1;
}

/*
 * A node of the tree: counted and checked; END when a limit is reached
 * (or memory is short), else AT_NODE.
 */
BITS_INLINE enum step enter_node(walker *w)
{
    xcc_tree *s = w->s;
    mtwin *t = w->t;
    if (s->level + 2 >= t->nslots || s->level + 2 >= s->levels_cap)
        if (reserve_slot(t, s->level + 2) || xcc_tree_reserve(s, s->level + 2))
            return no_memory(w);
    w->nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(w->nodes, (ullng)t->b.P * (ullng)t->b.W))
        twin_sanity(t, &t->slots[s->level], w->nodes);
#endif
    t->frames[s->level].entry = NULL;
    t->frames[s->level].deep = 0;
    deepen(w, 0);
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt)) {
        /* a checkpoint, then on if it says so */
        if ((s->halt && *s->halt) || (save_figures(w), xcc_tree_checkpoint(s)))
            return stop_walk(w, XCC_STOP_INTERRUPT);
    }
    if (BITS_RARE(w->tot.mems >= t->fold.mems_mark)) { /* d<n>'s report, or T<n> */
        save_figures(w);
        if (s->delta && s->fig.mems >= s->thresh) {
            xcc_tree_next_report(s);
            xcc_tree_progress(s, 1);
        }
        xcc_fold_marks(&t->fold, s);
        if (s->fig.mems >= s->timeout)
            return stop_walk(w, XCC_STOP_MEMS);
    }
    return AT_NODE;
}

/*
 * The figures of the subtree below this node from the memo, if it holds
 * them, they stay within the limits and hold no solution to list: then
 * they are added (this node's included), and the subtree is not walked (1). Else the node's entry
 * and the figures so far are noted, for back_up to write.
 */
BITS_INLINE int remembered(walker *w, const mslot *sl)
{
    xcc_tree *s = w->s;
    mtwin *t = w->t;
    mframe *fr = &t->frames[s->level];
    word *key = t->keys + (size_t)s->level * (size_t)t->K, got[M_FIGS];
    word h = memo_key(t, sl, key);
    if (!memo_find(t->memo, h, key, &fr->entry, got))
        goto walk_it;
    w->nodes--; /* this node is in the entry's figures */
    if (BITS_RARE((got[M_COUNT] | got[M_NODES] | got[M_MEMS] | got[M_UPDATES] | got[M_CMEMS]
                   | got[M_CLEANSINGS]) & XCC_WIDES_ESCAPE)) {
        xcc_u128 fig[M_DEEP];
        ullng lo[M_DEEP];
        memo_widen(t->memo, got, fig);
        counters(w, lo);
        if (!xcc_fold_fits(s, &t->fold, lo, fig))
            goto walk_it_counted;
        if (fold(w, fig))
            return 1;
    } else {
        if (w->count + got[M_COUNT] >= t->fold.count_mark
            || w->tot.mems + got[M_MEMS] >= t->fold.add_mark
            || (s->sink->solution && !xcc_fold_skips(s, &t->fold, w->count, got[M_COUNT])))
            goto walk_it_counted;
        w->count += got[M_COUNT], w->nodes += got[M_NODES], w->cmems += got[M_CMEMS];
        w->tot.mems += got[M_MEMS], w->tot.updates += got[M_UPDATES];
        w->tot.cleansings += got[M_CLEANSINGS];
        if (BITS_RARE((w->count | w->nodes | w->cmems | w->tot.mems | w->tot.updates
                       | w->tot.cleansings) >= XCC_FOLD_AT)
            && fold(w, NULL))
            return 1;
    }
    int deep = (int)got[M_DEEP];
    if (s->level + deep > s->maxl) {
        if (xcc_tree_reserve(s, s->level + deep + 2))
            return no_memory(w), 1;
        s->maxl = s->level + deep;
    }
    deepen(w, deep);
    fr->entry = NULL;
    return 1;
walk_it_counted:
    w->nodes++;
walk_it:
    fr->start = w->tot;
    fr->start_cmems = w->cmems, fr->start_nodes = w->nodes - 1, fr->start_count = w->count;
    fr->start_epoch = t->fold.epoch;
    return 0;
}

/* A node: the split of the parallel driver, the limits, the memo, then DLX3's branch item. */
BITS_INLINE enum step at_node(walker *w)
{
    xcc_tree *s = w->s;
    mtwin *t = w->t;
    if (s->level == s->split_depth && s->split_depth) {
        save_figures(w);
        if (s->on_split && s->on_split(s, s->split_ctx))
            return stop_walk(w, XCC_STOP_CALLBACK);
        return GO_UP;
    }
    if (enter_node(w) == END)
        return END;
    mslot *sl = &t->slots[s->level];
    int score, x = choose(t, sl, &score);
    if (t->memo && score > 0 && score < MCC_INFINITY && remembered(w, sl))
        return w->status || w->stop ? END : GO_UP;
    ullng m = 1 + 2 * (ullng)sl->nact;
    w->tot.mems += m, w->cmems += m;
    if (score <= 0)
        return GO_UP;
    if (score == MCC_INFINITY)
        return SOLUTION;
    s->path[s->level].d = score;
    s->path[s->level].k = 0;
    level_start(t, sl, &t->frames[s->level], w->p->nd, x, &w->tot);
    return NEXT_CHOICE;
}

/* The level's next choice, made in the child's slot; BACK_UP when none is left. */
BITS_INLINE enum step next_choice(walker *w)
{
    xcc_tree *s = w->s;
    mtwin *t = w->t;
    const xcc_problem *p = w->p;
    mslot *sl = &t->slots[s->level];
    mframe *f = &t->frames[s->level];
    int o;
    if (!level_try(t, sl, f, p->nd, &o, &w->tot))
        return BACK_UP;
    s->path[s->level].k++;
    mslot *child = &t->slots[s->level + 1];
    int leaf = 0;
    if (o < 0) {
        copy_slot(child, sl, t->stride);
        s->choice[s->level] = f->item;
        f->commit_mems = 0;
    } else {
        int q = node_in(t, f, o);
        leaf = ends_search(t, sl, f, o);
        cost c = {0, 0, 0};
        s->choice[s->level] = q;
        if (leaf) { /* a solution: its slot needs no keys */
            copy_slot(child, sl, t->head);
            child->nact = 0;
            commit(t, child, sl->bnd, p, q, 0, &c);
        } else {
            copy_slot(child, sl, t->stride);
            commit(t, child, child->bnd, p, q, 1, &c);
        }
        w->tot.mems += c.mems, w->tot.updates += c.updates, w->tot.cleansings += c.cleansings;
        f->commit_mems = c.mems;
    }
    if (++s->level > s->maxl)
        s->maxl = s->level;
    return leaf ? AT_LEAF : AT_NODE;
}

/* Every choice of the level is made: it is taken back, and its subtree remembered. */
BITS_INLINE enum step back_up(walker *w)
{
    xcc_tree *s = w->s;
    mtwin *t = w->t;
    mframe *fr = &t->frames[s->level];
    w->tot.mems += level_end_mems(fr);
    if (fr->entry) {
        word packed[M_FIGS];
        packed[M_COUNT] = w->count - fr->start_count, packed[M_NODES] = w->nodes - fr->start_nodes;
        packed[M_MEMS] = w->tot.mems - fr->start.mems, packed[M_LMEMS] = 0;
        packed[M_UPDATES] = w->tot.updates - fr->start.updates;
        packed[M_CLEANSINGS] = w->tot.cleansings - fr->start.cleansings;
        packed[M_CMEMS] = w->cmems - fr->start_cmems, packed[M_DEEP] = (word)fr->deep;
        int fits = fr->start_epoch == t->fold.epoch; /* no fold since: each below 2^63 */
        if (BITS_RARE(!fits)) /* the subtree's figures, over the folds since */
            fits = xcc_fold_subtree(t->memo, &t->fold, fr->start_epoch, packed);
        if (fits)
            memo_write(t->memo, fr->entry, t->keys + (size_t)s->level * (size_t)t->K, packed);
        if (++t->memo_unbooked == 256) {
            xcc_memo_grow(t->memo, t->memo_unbooked);
            t->memo_unbooked = 0;
        }
    }
    deepen(w, fr->deep);
    return GO_UP;
}

/* Up a level, to take its choice back: a null choice ends the level. */
BITS_INLINE enum step go_up(walker *w)
{
    xcc_tree *s = w->s;
    if (s->level == w->base)
        return END;
    s->level--;
    mframe *f = &w->t->frames[s->level];
    w->tot.mems += 2;
    if (f->is_null) {
        w->tot.mems += 3;
        return BACK_UP;
    }
    w->tot.mems += f->commit_mems + 2;
    return NEXT_CHOICE;
}

BITS_INLINE enum step solution(walker *w)
{
    xcc_tree *s = w->s;
    w->count++;
    if (w->count >= w->wanted && s->sink->solution) {
        ullng n = s->sink->every > 1 ? s->sink->every : 1;
        /* a division per solution listed, not per solution */
        w->wanted = n > 1 ? xcc_fold_listed(&w->t->fold, w->count, n) : 0;
        save_figures(w);
        int level = s->level;
        s->level = level - 1;
        int stopped = xcc_tree_solution(s, 1, 0);
        s->level = level;
        if (stopped)
            return stop_walk(w, XCC_STOP_CALLBACK);
    }
    if (BITS_RARE(w->count >= w->t->fold.count_mark))
        return stop_walk(w, XCC_STOP_COUNT);
    return GO_UP;
}

/*
 * A node known to be a solution (no active item left): at_node's steps
 * without a branch item to look for, then the solution, then back up.
 * Two nodes in three are such on some problems.
 */
BITS_INLINE enum step at_leaf(walker *w)
{
    xcc_tree *s = w->s;
    if (s->level == s->split_depth && s->split_depth)
        return AT_NODE;
    if (enter_node(w) == END)
        return END;
    w->tot.mems++, w->cmems++; /* the scan of no active item */
    enum step next = solution(w);
    return next == GO_UP ? go_up(w) : next;
}

BITS_HOT static xcc_status mtwin_walk(xcc_tree *s, mtwin *t)
{
    walker w = {.s = s, .t = t, .p = s->p, .base = s->base_level,
                .stop = XCC_COMPLETE, .status = XCC_OK};
    for (enum step next = start_walk(&w); next != END;) {
        switch (next) {
        case AT_NODE: next = at_node(&w); break;
        case AT_LEAF: next = at_leaf(&w); break;
        case NEXT_CHOICE: next = next_choice(&w); break;
        case BACK_UP: next = back_up(&w); break;
        case GO_UP: next = go_up(&w); break;
        case SOLUTION: next = solution(&w); break;
        case END: break;
        }
    }
    save_figures(&w);
    xcc_fold_free(&t->fold);
    s->fig.stop = w.stop;
    if (w.stop != XCC_COMPLETE && w.status == XCC_OK && (s->vbose & XCC_SHOW_TOTS))
        note_stop_lengths(s, s->level - 1);
    return w.status;
}

xcc_status xcc_mcc_twin_walk(void *tw, xcc_tree *s)
{
    mtwin *t = tw;
    int profile = s->vbose & XCC_SHOW_PROFILE;
    xcc_mcc_tree(s);
    if (!t->memo_tried && !profile)
        start_memo(t, NULL);
    memo *kept = t->memo;
    if (profile || s->split_depth)
        t->memo = NULL; /* every node is counted or split: no memo this time */
    xcc_status out = mtwin_walk(s, t);
    t->memo = kept;
    return out;
}

void xcc_mcc_twin_share_memo(void *tw, void *from)
{
    mtwin *t = tw, *f = from;
    if (!f->memo_tried)
        start_memo(f, NULL);
    if (!t->memo_tried && f->memo)
        start_memo(t, f);
}

/* ---- the engine --------------------------------------------------------------- */

static xcc_status twin_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    xcc_tree t;
    void *tw = xcc_mcc_twin_new(p);
    xcc_status status = tw ? xcc_tree_init(&t, p, st, sink) : XCC_NO_MEMORY;
    if (!tw)
        return status;
    if (!status)
        status = xcc_mcc_twin_walk(tw, &t);
    xcc_tree_figures(&t, fig);
    xcc_tree_free(&t);
    xcc_mcc_twin_delete(tw);
    return status;
}

const xcc_engine xcc_mcc_twin_engine = {"mcc-twin", xcc_mcc_twin_refuses, twin_solve, NULL};
