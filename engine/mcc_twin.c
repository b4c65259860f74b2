/*
 * mcc_twin.c — the walk of DLX3's tree with the bit sets of mcc_twin.h:
 * the levels one after another, the memo of subtrees when counting, and
 * the path above a subtree made again (base_level) for the parallel
 * driver. mcc_twin.h says how each step's figures are derived;
 * mcc_twin_make.c builds the twin.
 *
 * Data per level (a slot, copied on the way down): L, the branch item's
 * list when the level began, the active primary items, their lengths and
 * bounds, and the purified items. Tweaks change the level's own slot: an
 * option tweaked out stays out for the level's later branches.
 *
 * What it leaves to mcc_links.c: randomizing (s<n>), tracing (v2, v4,
 * v256), shape files. mcc_twin_refuses says when.
 */
#include "mcc_twin.h"

#include <stdlib.h>

/* ---- the memo ---------------------------------------------------------------- */

/*
 * Below a node, DLX3's subtree and all its figures depend only on its
 * live options (the lists), its purified items (the cleansed nodes) and
 * its active primary items with their bounds (the branch rule); so the
 * key is the three, an item's part being its bound while it is active and
 * 0 once it is not (an active item's bound is never 0). When the search
 * only counts, every subtree finished is kept (xcc_memo.h) and met again
 * at no cost. Dead ends and solutions are cheaper to walk than to look up.
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
    if (!mcc_replay(&r, s->choice, top + 1)) {
        int *len = malloc((size_t)p->last_itm * sizeof(int));
        if (len)
            for (int k = 1; k < p->last_itm; k++)
                len[k] = p->nd[k].len;
        mcc_unreplay(&r);
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
        mslot *sl = &t->slots[l];
        mframe *f = &t->frames[l];
        cost ignored = {0, 0, 0};
        if (reserve_slot(t, l + 1) || xcc_tree_reserve(s, l + 2))
            return 3;
        sl = &t->slots[l];
        s->path[l].d = (int)mcc_score(key_len(sl->key[x - 1]), (mcc_cap){sl->bnd[x - 1], t->slack[x - 1]});
        level_start(t, sl, f, p->nd, x, &ignored);
        int k = 0;
        do {
            level_try(t, sl, f, p->nd, &o, &ignored);
            k++;
        } while (q >= p->last_itm ? o >= 0 && node_in(t, f, o) != q : o >= 0);
        s->path[l].k = k;
        mslot *child = &t->slots[l + 1];
        copy_slot(child, sl, t->stride);
        if (o >= 0)
            commit(t, child, child->bnd, p, q, 1, &ignored);
    }
    return 0;
}

#define SAVE_FIGURES() \
    (s->fig.mems = tot.mems, s->fig.updates = tot.updates, s->fig.cleansings = tot.cleansings, \
     s->fig.cmems = cmems, s->fig.nodes = nodes, s->fig.solutions = count)

BITS_HOT static xcc_status mtwin_walk(xcc_tree *s, mtwin *t)
{
    const xcc_problem *p = s->p;
    const xcc_node *nd = p->nd;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status status = XCC_OK;
    cost tot = {s->fig.mems, s->fig.updates, s->fig.cleansings};
    ullng cmems = s->fig.cmems, nodes = s->fig.nodes, count = s->fig.solutions;
    const int base = s->base_level;
    free(p->stop_len);
    s->p->stop_len = NULL;
    if (reserve_slot(t, 0) || xcc_tree_reserve(s, base + 2)) {
        status = XCC_NO_MEMORY;
        goto done;
    }
    mcc_twin_root(t, p, &t->slots[0]);
    if (replay(t, s, base)) {
        status = XCC_NO_MEMORY;
        goto done;
    }
    s->level = base;

forward:
    if (s->level == s->split_depth && s->split_depth) {
        SAVE_FIGURES();
        if (s->on_split && s->on_split(s, s->split_ctx)) {
            stop = XCC_STOP_CALLBACK;
            goto done;
        }
        goto backdown;
    }
    if (s->level + 2 >= t->nslots || s->level + 2 >= s->levels_cap) {
        if (reserve_slot(t, s->level + 2) || xcc_tree_reserve(s, s->level + 2)) {
            status = XCC_NO_MEMORY;
            goto done;
        }
    }
    nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(nodes, (ullng)t->b.P * (ullng)t->b.W))
        twin_sanity(t, &t->slots[s->level], nodes);
#endif
    t->frames[s->level].entry = NULL;
    t->frames[s->level].deep = 0;
    if (s->level > base && t->frames[s->level - 1].deep < 1)
        t->frames[s->level - 1].deep = 1;
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt)) {
        stop = XCC_STOP_INTERRUPT;
        goto done;
    }
    if (s->delta && tot.mems >= s->thresh) {
        s->thresh += s->delta;
        SAVE_FIGURES();
        xcc_tree_progress(s, 1);
    }
    if (tot.mems >= s->timeout) {
        stop = XCC_STOP_MEMS;
        goto done;
    }
    {
        mslot *sl = &t->slots[s->level];
        int score, x = choose(t, sl, &score);
        if (t->memo && score > 0 && score < MCC_INFINITY) {
            mframe *fr = &t->frames[s->level];
            word *key = t->keys + (size_t)s->level * (size_t)t->K, fig[M_FIGS];
            word h = memo_key(t, sl, key);
            if (memo_find(t->memo, h, key, &fr->entry, fig)
                && count + fig[M_COUNT] < s->maxcount && tot.mems + fig[M_MEMS] < s->timeout
                && (!s->delta || tot.mems + fig[M_MEMS] < s->thresh)) {
                /* the subtree, walked before: its figures (this node's included) */
                count += fig[M_COUNT], nodes += fig[M_NODES] - 1, cmems += fig[M_CMEMS];
                tot.mems += fig[M_MEMS], tot.updates += fig[M_UPDATES];
                tot.cleansings += fig[M_CLEANSINGS];
                int deep = (int)fig[M_DEEP];
                if (s->level + deep > s->maxl) {
                    if (xcc_tree_reserve(s, s->level + deep + 2)) {
                        status = XCC_NO_MEMORY;
                        goto done;
                    }
                    s->maxl = s->level + deep;
                }
                if (s->level > base && t->frames[s->level - 1].deep < deep + 1)
                    t->frames[s->level - 1].deep = deep + 1;
                fr->entry = NULL;
                goto backdown;
            }
            fr->start = tot;
            fr->start_cmems = cmems, fr->start_nodes = nodes - 1, fr->start_count = count;
        }
        ullng m = 1 + 2 * (ullng)sl->nact;
        tot.mems += m, cmems += m;
        if (score <= 0)
            goto backdown;
        if (score == MCC_INFINITY)
            goto solution;
        s->path[s->level].d = score;
        s->path[s->level].k = 0;
        level_start(t, sl, &t->frames[s->level], nd, x, &tot);
    }
advance:
    {
        mslot *sl = &t->slots[s->level];
        mframe *f = &t->frames[s->level];
        int o;
        if (!level_try(t, sl, f, nd, &o, &tot))
            goto backup;
        s->path[s->level].k++;
        mslot *child = &t->slots[s->level + 1];
        if (o < 0) {
            copy_slot(child, sl, t->stride);
            s->choice[s->level] = f->item;
            f->commit_mems = 0;
        } else {
            int q = node_in(t, f, o), leaf = ends_search(t, sl, f, o);
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
            tot.mems += c.mems, tot.updates += c.updates, tot.cleansings += c.cleansings;
            f->commit_mems = c.mems;
        }
        if (++s->level > s->maxl)
            s->maxl = s->level;
        goto forward;
    }
backup:
    {
        mframe *fr = &t->frames[s->level];
        tot.mems += level_end_mems(fr);
        if (fr->entry) { /* a subtree finished: its figures for the memo */
            word fig[M_FIGS];
            fig[M_COUNT] = count - fr->start_count, fig[M_NODES] = nodes - fr->start_nodes;
            fig[M_MEMS] = tot.mems - fr->start.mems, fig[M_LMEMS] = 0;
            fig[M_UPDATES] = tot.updates - fr->start.updates;
            fig[M_CLEANSINGS] = tot.cleansings - fr->start.cleansings;
            fig[M_CMEMS] = cmems - fr->start_cmems, fig[M_DEEP] = (word)fr->deep;
            memo_write(t->memo, fr->entry, t->keys + (size_t)s->level * (size_t)t->K, fig);
            if (++t->memo_unbooked == 256) {
                xcc_memo_grow(t->memo, t->memo_unbooked);
                t->memo_unbooked = 0;
            }
        }
        if (s->level > base && t->frames[s->level - 1].deep < fr->deep + 1)
            t->frames[s->level - 1].deep = fr->deep + 1;
    }
backdown:
    if (s->level == base)
        goto done;
    s->level--;
    {
        mframe *f = &t->frames[s->level];
        tot.mems += 2;
        if (f->is_null) {
            tot.mems += 3;
            goto backup;
        }
        tot.mems += f->commit_mems + 2;
        goto advance;
    }

solution:
    count++;
    if (s->sink->solution) {
        SAVE_FIGURES();
        int level = s->level;
        s->level = level - 1;
        int stopped = xcc_tree_solution(s, 1);
        s->level = level;
        if (stopped) {
            stop = XCC_STOP_CALLBACK;
            goto done;
        }
    }
    if (count >= s->maxcount) {
        stop = XCC_STOP_COUNT;
        goto done;
    }
    goto backdown;

done:
    SAVE_FIGURES();
    s->fig.stop = stop;
    if (stop != XCC_COMPLETE && status == XCC_OK && (s->vbose & XCC_SHOW_TOTS))
        note_stop_lengths(s, s->level - 1);
    return status;
}

xcc_status mcc_twin_walk(void *tw, xcc_tree *s)
{
    mtwin *t = tw;
    int listing = s->sink->solution || (s->vbose & XCC_SHOW_PROFILE);
    s->fig.knuth = 3;
    if (!t->memo_tried && !listing)
        start_memo(t, NULL);
    memo *kept = t->memo;
    if (listing || s->split_depth)
        t->memo = NULL; /* every node must be visited: no memo this time */
    xcc_status out = mtwin_walk(s, t);
    t->memo = kept;
    return out;
}

void mcc_twin_share_memo(void *tw, void *from)
{
    mtwin *t = tw, *f = from;
    if (!f->memo_tried)
        start_memo(f, NULL);
    if (!t->memo_tried && f->memo)
        start_memo(t, f);
}
