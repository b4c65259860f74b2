/*
 * ssxcc.c — the search of Knuth's SSXCC: exact cover with colors on
 * sparse sets ("dancing cells"), its tree, listing, traces and figures
 * as SSXCC makes them.
 *
 * The structure. Every item has a set of the options that may still
 * cover it, and the active items form one more set:
 *
 *   cell[]  for item i (1 .. items) a block: three header words, then
 *           room for its options as read. An item is named by the index
 *           b of its block's first option slot (its "base"), which grows
 *           with i, so that comparing bases compares items as read:
 *           cell[b-3] is i, cell[b-2] its place in act[], cell[b-1] the
 *           size of its set, whose members are the nodes cell[b ..
 *           b+size-1]; the nodes after them have left the set.
 *   act[]   the bases of every item; act[0 .. active-1] are the active
 *           ones. pos(act[k]) = k.
 *   nd[]    indexed as the problem's nodes: an option's node x has its
 *           item's base (itm) and its place in that item's block (loc),
 *           cell[loc] = x; a spacer has itm = minus the length of the
 *           option before it (0 for the first), so that itm < 0 sends a
 *           walk round an option back to its first node.
 *
 * Leaving a set is a swap with its last member and a shorter size, so
 * the members stay together and their order changes; coming back is
 * only the old size restored. A level that branches keeps every active
 * item's size on the save stack and restores them all before its next
 * option. An active primary item down to one option is put on the force
 * stack; such a forced move saves nothing, since its level has no second
 * option to try.
 *
 * Counting. One mem per word read or written as SSXCC counts them (a
 * node's itm and loc together are one); updates are removals from a set
 * (of an option, or of an item from the active set); nodes are the nodes
 * of the tree, solutions included; cmems the mems spent choosing the
 * item to branch on. The order of every step matters to the tree (the
 * order of the sets, hence of the options tried and of the forced moves)
 * as much as to the figures, so the walk keeps SSXCC's order throughout.
 */
#include "cells/cells.h"

#include <limits.h>
#include <string.h>

#include "base/alloc.h"

#define INLINE static inline __attribute__((always_inline))

/* A branching degree above any: no primary item is left to branch on. */
#define NO_BRANCH INT_MAX

typedef struct cnode {
    int itm, loc;
} cnode;

typedef struct csave {
    int item, size;
} csave;

/* What the walk counts, in registers while it runs: 64 bits, added to
   the walk's totals at every node that checks them (forced moves, at
   most one per item in a row, go on counting here). */
typedef struct tally {
    ullng mems, updates;
} tally;

typedef struct cwalk {
    const xcc_problem *p;
    const xcc_sink *sink;
    cnode *nd;
    int *clr;              /* node -> its color (0 none); NULL when the problem has none */
    int *cell, cells;      /* the blocks, and their length */
    int *act;
    int items, active, second; /* second: the base of the first secondary item, or past all */
    int oactive;           /* active before the items of the option tried left it */
    int *force, forced;
    csave *save;           /* sizes kept by the levels that branch */
    size_t saveptr, save_cap, maxsave;
    /* the path: choice[l] the node tried at level l, saved[l+1] where its sizes end */
    int *choice;
    size_t *saved;
    ullng *profile;
    xcc_choice *path;
    int levels_cap, level, maxl, maxdeg;
    int bad_item;          /* a primary item without options (its base), or 0 */
    /* asked */
    int vbose, show_choices_max, show_choices_gap;
    xcc_u128 maxcount, timeout, delta, thresh;
    atomic_int *interrupt;
    FILE *trace;
    /* threads and shards (parallel/cells.c): the walk of the top stops at
       level split (0: never) and hands each node there to on_task; a
       task's walk starts at level base and ends when it backs up to it */
    int split, base;
    int from;              /* --resume: the level of the node the walk goes on at */
    int (*on_task)(void *ctx, const struct xcc_cells *c);
    void *task_ctx;
    const struct xcc_cells *owner;
    /* counted */
    xcc_u128 nodes, solutions, cmems, mems, updates;
} cwalk;

#define ITEM(b) cell[(b) - 3]
#define POS(b) cell[(b) - 2]
#define SIZE(b) cell[(b) - 1]

/* ---- making the sets ------------------------------------------------------ */

static void cells_free(cwalk *w)
{
    free(w->nd);
    free(w->clr);
    free(w->cell);
    free(w->act);
    free(w->force);
    free(w->save);
    free(w->choice);
    free(w->saved);
    free(w->profile);
    free(w->path);
}

/* Room for levels 0 .. need (and saved[need + 1]). */
static xcc_status reserve(cwalk *w, int need)
{
    if (need + 1 < w->levels_cap)
        return XCC_OK;
    long long want = w->levels_cap ? 2LL * w->levels_cap : 256;
    while (want <= need + 1)
        want *= 2;
    if (want > INT_MAX / 2)
        return XCC_NO_MEMORY;
    int *c = realloc(w->choice, (size_t)want * sizeof *c);
    if (!c)
        return XCC_NO_MEMORY;
    w->choice = c;
    size_t *s = realloc(w->saved, (size_t)want * sizeof *s);
    if (!s)
        return XCC_NO_MEMORY;
    w->saved = s;
    xcc_choice *path = realloc(w->path, (size_t)want * sizeof *path);
    if (!path)
        return XCC_NO_MEMORY;
    w->path = path;
    ullng *pr = realloc(w->profile, (size_t)want * sizeof *pr);
    if (!pr)
        return XCC_NO_MEMORY;
    memset(pr + w->levels_cap, 0, (size_t)(want - w->levels_cap) * sizeof *pr);
    w->profile = pr;
    w->levels_cap = (int)want;
    return XCC_OK;
}

/* The sets of p as read: each item's options in the order of the input. */
static xcc_status build(cwalk *w, const xcc_problem *p)
{
    const xcc_node *pn = p->nd;
    int items = p->last_itm - 1;
    long long len = 0;
    w->items = items;
    w->nd = malloc((size_t)(p->last_node + 1) * sizeof *w->nd);
    w->act = malloc((size_t)(items + 1) * sizeof *w->act);
    w->force = malloc((size_t)(items + 1) * sizeof *w->force);
    if (p->ncolors)
        w->clr = calloc((size_t)(p->last_node + 1), sizeof *w->clr);
    if (!w->nd || !w->act || !w->force || (p->ncolors && !w->clr))
        return XCC_NO_MEMORY;
    /* act[] first counts each item's options, then holds their bases */
    memset(w->act, 0, (size_t)(items + 1) * sizeof *w->act);
    for (int x = p->last_itm + 1; x < p->last_node; x++)
        if (pn[x].itm > 0)
            w->act[pn[x].itm - 1]++;
    for (int i = 0; i < items; i++) {
        int size = w->act[i];
        len += 3;
        w->act[i] = (int)len;
        len += size;
        if (len > INT_MAX / 2)
            return XCC_NO_MEMORY;
    }
    w->cells = (int)len;
    w->cell = malloc((size_t)(len + 1) * sizeof *w->cell);
    if (!w->cell)
        return XCC_NO_MEMORY;
    int *cell = w->cell;
    for (int i = 0; i < items; i++) {
        int b = w->act[i];
        ITEM(b) = i + 1, POS(b) = i, SIZE(b) = 0;
    }
    w->second = p->second < p->last_itm ? w->act[p->second - 1] : INT_MAX;
    memset(w->nd, 0, (size_t)(p->last_node + 1) * sizeof *w->nd);
    for (int x = p->last_itm + 1; x <= p->last_node; x++) {
        if (pn[x].itm <= 0) { /* a spacer: back to the first node of the option before */
            w->nd[x].itm = -(x - pn[x].up);
            continue;
        }
        int b = w->act[pn[x].itm - 1], at = b + SIZE(b)++;
        w->nd[x].itm = b, w->nd[x].loc = at;
        cell[at] = x;
        if (w->clr)
            w->clr[x] = pn[x].color;
    }
    w->active = items;
    for (int i = p->second - 1; i > 0; i--) /* the first primary item without options */
        if (!SIZE(w->act[i - 1]))
            w->bad_item = w->act[i - 1];
    if (reserve(w, 1))
        return XCC_NO_MEMORY;
    w->saved[0] = 0;
    return XCC_OK;
}

/* ---- what the walk writes --------------------------------------------------- */

/* The path of levels 0 .. levels-1, as the sink takes it. */
static void fill_path(cwalk *w, int levels)
{
    const int *cell = w->cell;
    for (int l = 0; l < levels; l++) {
        int x = w->choice[l], b = w->nd[x].itm, o = xcc_option_of(w->p, x);
        w->path[l] = (xcc_choice){o, x - w->p->opt_node[o], w->nd[x].loc - b + 1, SIZE(b)};
    }
}

/* " name name:color ... (k of d)" for option node x, trying it or tracing it. */
static void print_option(const cwalk *w, FILE *f, int x)
{
    const int *cell = w->cell;
    int b = w->nd[x].itm;
    xcc_print_entries(f, w->p, x);
    fprintf(f, " (%d of %d)\n", w->nd[x].loc - b + 1, SIZE(b));
}

static void print_item(const cwalk *w, FILE *f, int b)
{
    const int *cell = w->cell;
    fputc(' ', f);
    xcc_print_name(f, w->p, ITEM(b));
}

static void progress(cwalk *w)
{
    const xcc_sink *k = w->sink;
    if (!k->progress)
        return;
    fill_path(w, w->level);
    xcc_progress pr = {.solutions = w->solutions, .mems = w->mems, .nodes = w->nodes,
                       .level = w->level, .maxl = w->maxl, .path = w->path, .mems_counted = 1,
                       .fraction = xcc_path_fraction(w->path, w->level), .knuth = XCC_KNUTH_SSXCC};
    k->progress(k->ctx, &pr);
}

/* v2 at this level */
INLINE int tracing(const cwalk *w)
{
    return (w->vbose & XCC_SHOW_CHOICES) && w->level < w->show_choices_max;
}

/* v4 at this level */
INLINE int detailing(const cwalk *w)
{
    return (w->vbose & XCC_SHOW_DETAILS) && w->level < w->show_choices_max
           && w->level >= w->maxl - w->show_choices_gap;
}

#ifdef XCC_SANITY
/* The sets agree with the nodes, and act[] with pos. */
static void sanity(const cwalk *w)
{
    const int *cell = w->cell;
    for (int k = 0; k < w->items; k++)
        if (POS(w->act[k]) != k)
            xcc_insane("cells", (ullng)w->nodes, "item %d at place %d says %d", ITEM(w->act[k]), k,
                       POS(w->act[k]));
    for (int x = w->p->last_itm + 1; x < w->p->last_node; x++) {
        int b = w->nd[x].itm, at = w->nd[x].loc;
        if (b > 0 && cell[at] != x)
            xcc_insane("cells", (ullng)w->nodes, "node %d at %d, where cell holds %d", x, at,
                       cell[at]);
    }
}
#endif

/* ---- the steps -------------------------------------------------------------- */

/*
 * Item b leaves the active set, swapped with the last active item; 6
 * mems and an update.
 */
INLINE void leave(cwalk *w, int b, tally *t)
{
    int *cell = w->cell, *act = w->act;
    int last = --w->active, at = POS(b), other = act[last];
    act[last] = b, act[at] = other;
    POS(other) = at, POS(b) = last;
    t->mems += 6;
    t->updates++;
}

/*
 * Item u is left with s options, 0 or 1, as an option is hidden: if it
 * is an active primary item, with one it goes on the force stack (1),
 * with none the option tried fails (-1, "can't cover" on the trace);
 * else nothing (0). Apart, so that the hiding loop stays small.
 */
static __attribute__((noinline, cold)) int down_to_one(cwalk *w, int u, int s)
{
    const int *cell = w->cell;
    if (u >= w->second || POS(u) >= w->active)
        return 0;
    if (s == 1) {
        w->force[w->forced++] = u;
        return 1;
    }
    if (tracing(w) && w->trace) {
        fputs(" can't cover", w->trace);
        print_item(w, w->trace, u);
        fputc('\n', w->trace);
    }
    return -1;
}

/*
 * Hides the options of item c (all, or those of another color than
 * color) from the sets of the other items that were active before this
 * level's option: each such node swaps places with the last member of
 * its set. With check, an active primary item left with one option goes
 * on the force stack, and one left with none stops the hiding: returns
 * 0 (the sizes are restored by the level that tries again).
 */
INLINE int hide(cwalk *w, int c, int color, int check, tally *t)
{
    int *cell = w->cell;
    cnode *nd = w->nd;
    const int oactive = w->oactive;
    /* mems as they come, but 7 per node swapped out (and an update)
       added once at the end: fewer counters in the inner loop */
    ullng mems = 1, swapped = 0;
    int end = c + SIZE(c), ok = 1;
    for (int r = c; r < end; r++) {
        int opt = cell[r];
        mems++;
        if (color) {
            mems++;
            if (w->clr[opt] == color)
                continue;
        }
        for (int x = opt + 1; x != opt;) {
            int u = nd[x].itm, v = nd[x].loc;
            if (u < 0) {
                mems++;
                x += u;
                continue;
            }
            mems += 2;
            if (POS(u) < oactive) {
                int s = SIZE(u) - 1;
                if (__builtin_expect(s <= 1, 0) && check) {
                    int k = down_to_one(w, u, s);
                    mems += k != 0;
                    if (k < 0) {
                        ok = 0;
                        goto out;
                    }
                }
                int last = cell[u + s];
                SIZE(u) = s;
                cell[u + s] = x, cell[v] = last;
                nd[x].loc = u + s, nd[last].loc = v;
                swapped++;
            }
            x++;
        }
    }
out:
    t->mems += mems + 7 * swapped;
    t->updates += swapped;
    return ok;
}

/*
 * Option cur is tried: its other items leave the active set (a
 * secondary item purified above has left it already), then the options
 * that clash with it are hidden. 0 when that leaves a primary item
 * without options.
 */
INLINE int take(cwalk *w, int cur, tally *t)
{
    int *cell = w->cell, *act = w->act;
    const cnode *nd = w->nd;
    int last = w->oactive = w->active;
    for (int q = cur + 1; q != cur;) {
        int c = nd[q].itm;
        t->mems++;
        if (c < 0) {
            q += c;
            continue;
        }
        int at = POS(c);
        t->mems++;
        if (at < last) {
            int other = act[--last];
            act[last] = c, act[at] = other;
            POS(other) = at, POS(c) = last;
            t->mems += 5;
            t->updates++;
        }
        q++;
    }
    w->active = last;
    for (int q = cur + 1; q != cur;) {
        int c = nd[q].itm;
        t->mems++;
        if (c < 0) {
            q += c;
            continue;
        }
        if (c < w->second) {
            if (!hide(w, c, 0, 1, t))
                return 0;
        } else {
            t->mems++;
            if (POS(c) < w->oactive) { /* not purified above */
                t->mems++;
                if (!hide(w, c, w->clr ? w->clr[q] : 0, 1, t))
                    return 0;
            }
        }
        q++;
    }
    return 1;
}

/*
 * The item to branch on: the active primary item with the fewest
 * options, the first as read on ties. Items down to one option go on the
 * force stack instead. Returns the degree, NO_BRANCH when every primary
 * item is covered (or forced).
 */
INLINE int choose(cwalk *w, int *best, tally *t)
{
    const int *cell = w->cell, *act = w->act;
    ullng before = t->mems;
    int deg = NO_BRANCH, detail = detailing(w) && w->trace;
    if (detail)
        fprintf(w->trace, "Level %d:", w->level);
    for (int k = 0; k < w->active; k++) {
        int b = act[k];
        t->mems++;
        if (b >= w->second)
            continue;
        int s = SIZE(b);
        t->mems++;
        if (detail) {
            print_item(w, w->trace, b);
            fprintf(w->trace, "(%d)", s);
        }
        if (s <= 1) {
            if (s == 0) {
                if (w->trace) /* hide() makes sure this never shows */
                    fputs("I'm confused.\n", w->trace);
            } else {
                w->force[w->forced++] = b;
                t->mems++;
            }
        } else if (s < deg) {
            *best = b, deg = s;
        } else if (s == deg && b < *best) {
            *best = b;
        }
    }
    if (detail) {
        if (w->forced)
            fprintf(w->trace, " found %d forced\n", w->forced);
        else if (deg == NO_BRANCH)
            fputs(" solution\n", w->trace);
        else {
            fputs(" branching on", w->trace);
            print_item(w, w->trace, *best);
            fprintf(w->trace, "(%d)\n", deg);
        }
    }
    if (deg > w->maxdeg && deg < NO_BRANCH && !w->forced)
        w->maxdeg = deg;
    FILE *shape = w->sink->shape;
    if (shape) {
        if (deg == NO_BRANCH) {
            fputs("sol\n", shape);
        } else {
            fprintf(shape, "%d", deg);
            print_item(w, shape, *best);
            fputc('\n', shape);
        }
        fflush(shape);
    }
    w->cmems += t->mems - before;
    return deg;
}

/* A level that branches keeps the sizes of the active items: 3 mems each, 1 more. */
INLINE xcc_status save_sizes(cwalk *w, tally *t)
{
    const int *cell = w->cell;
    size_t top = w->saveptr + (size_t)w->active;
    if (top > w->maxsave) {
        if (top > w->save_cap) {
            size_t cap = w->save_cap ? 2 * w->save_cap : 1024;
            while (cap < top)
                cap *= 2;
            csave *s = realloc(w->save, cap * sizeof *s);
            if (!s)
                return XCC_NO_MEMORY;
            w->save = s;
            w->save_cap = cap;
        }
        w->maxsave = top;
    }
    csave *s = w->save + w->saveptr;
    for (int k = 0; k < w->active; k++)
        s[k] = (csave){w->act[k], SIZE(w->act[k])};
    t->mems += 3 * (ullng)w->active + 1;
    w->saved[w->level + 1] = w->saveptr = top;
    return XCC_OK;
}

/* Before its next option, a level restores what it kept: 2 mems, 2 per item. */
INLINE void restore_sizes(cwalk *w, tally *t)
{
    int *cell = w->cell;
    size_t top = w->saved[w->level + 1];
    int n = (int)(top - w->saved[w->level]);
    w->saveptr = top;
    w->active = n;
    for (const csave *s = w->save + top - n; s < w->save + top; s++)
        SIZE(s->item) = s->size;
    t->mems += 2 + 2 * (ullng)n;
}

/* SSXCC's s<n>: the active items in a random order (10 mems a draw). */
static void shuffle(cwalk *w, long seed, tally *t)
{
    int *cell = w->cell, *act = w->act;
    xcc_gb_rng g;
    xcc_gb_rng_init(&g, seed);
    for (int k = w->active; k > 1;) {
        int j = (int)xcc_gb_rng_unif(&g, k), a;
        k--;
        a = act[j], act[j] = act[k], act[k] = a;
        POS(a) = k, POS(act[j]) = j;
        t->mems += 10;
    }
}

/* ---- checkpoints (formats/checkpoint.md) ------------------------------------- */

/* The base of each item, by its number (1 .. items): base[i]; base[items + 1] past the last. */
static int *bases(const cwalk *w)
{
    const int *cell = w->cell;
    int *base = malloc((size_t)(w->items + 2) * sizeof *base);
    if (base) {
        for (int k = 0; k < w->items; k++)
            base[ITEM(w->act[k])] = w->act[k];
        base[w->items + 1] = w->cells + 3;
    }
    return base;
}

/*
 * The interrupt flag is set at a node just counted, no forced move
 * waiting: the sink's checkpoint gets the position (sink.h), the node not
 * counted, since --resume enters it again, and the order of every set and
 * of the active items, on which the walk below depends. Nonzero: stop.
 */
static int checkpoint(cwalk *w)
{
    const xcc_sink *k = w->sink;
    const int *cell = w->cell;
    if (!k->checkpoint)
        return 1;
    int *base = bases(w), n = w->cells - 3 * w->items, m = 0;
    int *items = malloc((size_t)(w->items + 1) * sizeof *items);
    int *sets = malloc((size_t)(n + 1) * sizeof *sets);
    xcc_position pos = {.level = w->level, .maxl = w->maxl, .choice = w->choice,
                        .thresh = w->thresh, .nitems = w->items, .nsets = n, .items = items,
                        .sets = sets, .maxsave = w->maxsave};
    if (!base || !items || !sets)
        pos.unwritable = "out of memory";
    else {
        for (int j = 0; j < w->items; j++)
            items[j] = ITEM(w->act[j]);
        for (int i = 1; i <= w->items; i++)
            for (int r = base[i]; r < base[i + 1] - 3; r++)
                sets[m++] = cell[r];
    }
    pos.fig.solutions = w->solutions, pos.fig.nodes = w->nodes - 1;
    pos.fig.updates = w->updates, pos.fig.mems = w->mems, pos.fig.cmems = w->cmems;
    pos.fig.maxdeg = w->maxdeg;
    if (w->vbose & XCC_SHOW_PROFILE) {
        pos.profile = w->profile;
        w->profile[w->level]--;
    }
    int stop = k->checkpoint(k->ctx, &pos);
    if (pos.profile)
        w->profile[w->level]++;
    free(base), free(items), free(sets);
    return stop;
}

/* The active primary item with the fewest options, the first as read on ties; 0 if none. */
static int least(const cwalk *w)
{
    const int *cell = w->cell;
    int best = 0, deg = NO_BRANCH;
    for (int k = 0; k < w->active; k++) {
        int b = w->act[k];
        if (b < w->second && (SIZE(b) < deg || (SIZE(b) == deg && b < best)))
            best = b, deg = SIZE(b);
    }
    return best;
}

/*
 * The places of the nodes of r[0 .. n-1] (a set, or the active items)
 * into classes: cls[i] the number of cuts (cut[j] set) at or before i.
 * Two orders of the same members whose classes agree have the same
 * members in every prefix that ends at a cut.
 */
static void classes(const unsigned char *cut, int n, int *cls)
{
    for (int i = 0, c = 0; i < n; i++)
        cls[i] = c += cut[i];
}

/*
 * Going on from a checkpoint: the path made again from the root, as the
 * walk would (each level's item the one it forces or branches on, each
 * option in its set), then the sets and the active items put in the
 * checkpoint's order. That order must keep the members of every prefix
 * the walk may restore (the sizes kept on the save stack, and those of
 * now): else the walk could leave a set with a node not in it.
 * XCC_REFUSED for a position the walk never reaches.
 */
static xcc_status resume(cwalk *w, const xcc_position *pos)
{
    const xcc_problem *p = w->p;
    int *cell = w->cell, n = w->cells - 3 * w->items, L = pos->level;
    FILE *trace = w->trace;
    tally t = {0, 0};
    if (!pos->nitems && !L && !pos->fig.nodes) /* the root, as a run writes it first */
        return XCC_OK;
    if (pos->nitems != w->items || pos->nsets != n || L < 0 || pos->maxl < L
        || pos->maxl > p->second - 1 || pos->fig.nodes < (xcc_u128)L)
        return XCC_REFUSED;
    if (reserve(w, pos->maxl + 1))
        return XCC_NO_MEMORY;
    w->trace = NULL;
    xcc_status s = XCC_REFUSED;
    for (w->level = 0; w->level < L; w->level++) {
        int x = pos->choice[w->level], b;
        if (x <= p->last_itm || x >= p->last_node || (b = w->nd[x].itm) <= 0 || b >= w->second
            || POS(b) >= w->active || w->nd[x].loc >= b + SIZE(b)
            || (SIZE(b) > 1 && (b != least(w) || SIZE(least(w)) < 2)))
            goto out;
        int forced = SIZE(b) == 1;
        leave(w, b, &t);
        w->oactive = w->active;
        hide(w, b, 0, 0, &t);
        if (forced)
            w->saved[w->level + 1] = w->saveptr;
        else if ((s = save_sizes(w, &t)) != XCC_OK)
            goto out;
        s = XCC_REFUSED;
        w->choice[w->level] = x;
        int ok = take(w, x, &t);
        w->forced = 0;
        if (!ok)
            goto out;
    }
    /* the checkpoint's order: each set a permutation of its item's nodes, each
       class of places (between the sizes the walk may restore) the same members */
    int *base = bases(w), *cls = malloc((size_t)(w->cells + 1) * sizeof *cls);
    unsigned char *cut = calloc((size_t)w->cells + 1, 1);
    int *seen = calloc((size_t)p->last_node + 1, sizeof *seen);
    s = !base || !cls || !cut || !seen ? XCC_NO_MEMORY : XCC_REFUSED;
    if (s == XCC_REFUSED) {
        for (size_t e = 0; e < w->saveptr; e++)
            cut[w->save[e].item + w->save[e].size] = 1;
        for (int k = 0; k < w->items; k++)
            cut[w->act[k] + SIZE(w->act[k])] = 1;
        classes(cut, w->cells, cls);
        int m = 0, bad = 0;
        for (int i = 1; i <= w->items && !bad; i++)
            for (int r = base[i]; r < base[i + 1] - 3 && !bad; r++) {
                int x = pos->sets[m++];
                bad = x <= p->last_itm || x >= p->last_node || w->nd[x].itm != base[i]
                      || seen[x] || cls[w->nd[x].loc] != cls[r];
                if (!bad)
                    seen[x] = 1;
            }
        /* the active items: the counts of the levels that branch, and of now */
        memset(cut, 0, (size_t)w->items + 1);
        for (int l = 0; l < L; l++)
            if (w->saved[l + 1] > w->saved[l])
                cut[w->saved[l + 1] - w->saved[l]] = 1;
        cut[w->active] = 1;
        classes(cut, w->items, cls);
        memset(cut, 0, (size_t)w->items + 1); /* now: the items met */
        for (int k = 0; k < w->items && !bad; k++) {
            int i = pos->items[k];
            bad = i < 1 || i > w->items || cut[i] || cls[POS(base[i])] != cls[k];
            if (!bad)
                cut[i] = 1;
        }
        if (!bad) {
            for (int i = 1; i <= w->items; i++)
                for (int r = base[i]; r < base[i + 1] - 3; r++) {
                    int x = pos->sets[r - 3 * i]; /* the items' blocks, headers aside */
                    cell[r] = x, w->nd[x].loc = r;
                }
            for (int k = 0; k < w->items; k++)
                w->act[k] = base[pos->items[k]], POS(w->act[k]) = k;
            s = XCC_OK;
        }
    }
    free(base), free(cls), free(cut), free(seen);
    if (s != XCC_OK)
        goto out;
    w->solutions = pos->fig.solutions, w->nodes = pos->fig.nodes;
    w->updates = pos->fig.updates, w->mems = pos->fig.mems, w->cmems = pos->fig.cmems;
    w->maxdeg = pos->fig.maxdeg, w->maxl = pos->maxl, w->thresh = pos->thresh;
    if (pos->maxsave > w->maxsave)
        w->maxsave = pos->maxsave;
    if (pos->profile)
        memcpy(w->profile, pos->profile, (size_t)(pos->maxl + 2) * sizeof *w->profile);
    w->from = L;
out:
    w->trace = trace;
    if (s != XCC_OK)
        w->level = 0;
    return s;
}

/* ---- the walk ----------------------------------------------------------------- */

/*
 * The search, with SSXCC's steps: forward (a new node: a forced move if
 * one waits, else choose the item and hide its options), advance (try
 * the option at place `at` of item best's set), backup (up a level),
 * abort (the next option of best, or back up). Why it ended goes to
 * stop; XCC_NO_MEMORY when the levels or the save stack cannot grow.
 */
static xcc_status walk(cwalk *w, tally *tp, xcc_stop *stop)
{
    int *cell = w->cell;
    const cnode *nd = w->nd;
    tally t = *tp;
    xcc_status status = XCC_OK;
    /* the totals, as of the last check */
#define FOLD() (w->mems += t.mems, w->updates += t.updates, t.mems = t.updates = 0)
    int best = 0, at = 0, cur, deg;
    *stop = XCC_COMPLETE;
    w->level = w->from ? w->from : w->base;
    w->from = 0;
forward:
    if (w->split && w->level == w->split) { /* a task: its subtree is walked apart */
        if (w->on_task(w->task_ctx, w->owner)) {
            status = XCC_NO_MEMORY;
            goto done;
        }
        w->forced = 0; /* its forced moves are the task's */
        goto backup;
    }
    w->nodes++;
    if (w->vbose & XCC_SHOW_PROFILE)
        w->profile[w->level]++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(w->nodes, (ullng)w->p->last_node))
        sanity(w);
#endif
    while (w->forced) {
        best = w->force[--w->forced];
        t.mems += 2;
        if (POS(best) < w->active)
            goto forced;
    }
    if (w->interrupt && *w->interrupt) {
        FOLD();
        if (checkpoint(w)) {
            *stop = XCC_STOP_INTERRUPT;
            goto done;
        }
    }
    FOLD();
    if (w->delta && w->mems >= w->thresh) {
        w->thresh += w->delta;
        progress(w);
    }
    if (w->mems >= w->timeout) {
        *stop = XCC_STOP_MEMS;
        goto done;
    }
    deg = choose(w, &best, &t);
    if (w->forced) {
        best = w->force[--w->forced];
        t.mems++;
        goto forced;
    }
    if (deg == NO_BRANCH)
        goto solution;
    leave(w, best, &t);
    w->oactive = w->active;
    hide(w, best, 0, 0, &t);
    at = best;
    if ((status = save_sizes(w, &t)) != XCC_OK)
        goto done;
advance:
    cur = w->choice[w->level] = cell[at];
    t.mems += 2;
    if (tracing(w) && w->trace) {
        fprintf(w->trace, "L%d:", w->level);
        print_option(w, w->trace, cur);
    }
    if (!take(w, cur, &t)) {
        w->forced = 0;
        goto abort;
    }
    if (++w->level > w->maxl) {
        if (reserve(w, w->level + 1)) {
            w->level--;
            status = XCC_NO_MEMORY;
            goto done;
        }
        w->maxl = w->level;
    }
    goto forward;
forced:
    if (tracing(w) && w->trace)
        fputs("(forcing)\n", w->trace);
    leave(w, best, &t);
    w->oactive = w->active;
    hide(w, best, 0, 0, &t);
    at = best;
    w->saved[w->level + 1] = w->saveptr;
    t.mems++;
    goto advance;
backup:
    if (w->level == w->base)
        goto done;
    w->level--;
    cur = w->choice[w->level];
    best = nd[cur].itm, at = nd[cur].loc;
    t.mems += 2;
abort:
    t.mems++;
    if (at + 1 >= best + SIZE(best))
        goto backup;
    restore_sizes(w, &t);
    at++;
    goto advance;
solution:
    w->solutions++;
    if (xcc_sink_wants(w->sink, w->solutions)) {
        fill_path(w, w->level);
        xcc_solution sol = xcc_solution_at(w->solutions, w->level, w->path, 0);
        if (w->sink->solution(w->p, &sol, w->sink->ctx)) {
            *stop = XCC_STOP_CALLBACK;
            goto done;
        }
    }
    if (w->solutions >= w->maxcount) {
        *stop = XCC_STOP_COUNT;
        goto done;
    }
    goto backup;
done:
    FOLD();
#undef FOLD
    *tp = t;
    return status;
}

/* ---- the engine ----------------------------------------------------------------- */

static const char *cells_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p;
    if (st->threads > 1 || st->shards > 1)
        return "SSXCC's tree is walked in one thread ({the engine cells|--knuth=ssxcc} takes no"
               " {threads nor shards|-j nor --shard})";
    if (st->accept || st->retract)
        return "pruning hooks (the links')";
    return NULL;
}

/* Bytes of SSXCC's main data, by its formula. */
static ullng cells_bytes(const cwalk *w)
{
    const xcc_problem *p = w->p;
    ullng entries = (ullng)xcc_entries(p), nodes = entries - p->options;
    ullng ints = (ullng)w->items + 4ULL * (ullng)w->items + nodes;
    return ints * 4 + entries * 16 + 2ULL * (ullng)w->maxl * 4 + (ullng)w->maxsave * 8;
}

/* Sets w up to walk p with st's limits, writing to sink (NULL: nowhere). */
static xcc_status cells_init(cwalk *w, const xcc_problem *p, const xcc_settings *st,
                             const xcc_sink *sink)
{
    static const xcc_sink nothing;
    const xcc_dlx2 *k = xcc_knobs(st);
    memset(w, 0, sizeof *w);
    w->p = p;
    w->sink = sink ? sink : &nothing;
    w->trace = w->sink->trace;
    w->vbose = k->vbose;
    w->show_choices_max = k->show_choices_max;
    w->show_choices_gap = k->show_choices_gap;
    w->maxcount = xcc_limit(st ? st->max_solutions : XCC_UNLIMITED);
    w->timeout = xcc_limit(st ? st->max_mems : XCC_UNLIMITED);
    w->delta = w->thresh = k->delta;
    w->interrupt = st ? st->interrupt : NULL;
    return build(w, p);
}

/* The figures of w into fig (the profile handed over), stopped for stop. */
static void cells_figs(cwalk *w, const tally *t, xcc_stop stop, xcc_figs *fig)
{
    fig->solutions = w->solutions;
    fig->nodes = w->nodes;
    fig->updates = w->updates + t->updates;
    fig->mems = w->mems + t->mems;
    fig->cmems = w->cmems;
    fig->imems = xcc_imems_ss(w->p);
    fig->mems_counted = 1;
    fig->knuth = XCC_KNUTH_SSXCC;
    fig->stop = stop;
    if (stop == XCC_COMPLETE && xcc_figs_wide(fig))
        fig->stop = XCC_STOP_WIDE;
    fig->level = w->level;
    fig->maxl = w->maxl;
    fig->maxdeg = w->maxdeg;
    fig->bytes = cells_bytes(w);
    if ((w->vbose & XCC_SHOW_PROFILE) && w->profile) {
        fig->profile = w->profile;
        w->profile = NULL;
    }
}

static xcc_status cells_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                              xcc_figs *fig, xcc_diag *d)
{
    cwalk w;
    tally t = {0, 0};
    xcc_stop stop = XCC_COMPLETE;
    (void)d;
    xcc_status status = cells_init(&w, p, st, sink);
    if (status == XCC_OK && w.bad_item) {
        if (tracing(&w) && w.trace) {
            fputs("Item", w.trace);
            print_item(&w, w.trace, w.bad_item);
            fputs(" has no options!\n", w.trace);
        }
    } else if (status == XCC_OK) {
        if (st && st->randomize)
            shuffle(&w, st->seed, &t);
        const xcc_position *from = xcc_knobs(st)->resume;
        if (from)
            status = resume(&w, from);
        if (status == XCC_OK)
            status = walk(&w, &t, &stop);
    }
    cells_figs(&w, &t, stop, fig);
    cells_free(&w);
    return status;
}

/* ---- threads and shards (parallel/cells.c) ---------------------------------------- */

struct xcc_cells {
    cwalk w;
    tally t;
};

/* What a node of the top hands its task: the sets and the path as they are there. */
struct xcc_cells_state {
    int *cell, *loc, *act, *force, *choice;
    int forced, active, level;
};

xcc_status xcc_cells_open(xcc_cells **out, const xcc_problem *p, const xcc_settings *st,
                          const xcc_sink *sink, int top)
{
    xcc_cells *c = calloc(1, sizeof *c);
    *out = c;
    if (!c)
        return XCC_NO_MEMORY;
    xcc_status s = cells_init(&c->w, p, st, sink);
    if (!s && top && !c->w.bad_item && st && st->randomize)
        shuffle(&c->w, st->seed, &c->t);
    return s;
}

void xcc_cells_close(xcc_cells *c)
{
    if (c) {
        cells_free(&c->w);
        free(c);
    }
}

int xcc_cells_items(const xcc_cells *c)
{
    return c->w.items;
}

xcc_status xcc_cells_walk_top(xcc_cells *c, int split,
                              int (*on_task)(void *ctx, const xcc_cells *c), void *ctx,
                              xcc_stop *stop)
{
    *stop = XCC_COMPLETE;
    if (c->w.bad_item)
        return XCC_OK;
    c->w.split = split, c->w.task_ctx = ctx, c->w.on_task = on_task, c->w.owner = c;
    if (split && reserve(&c->w, split + 1))
        return XCC_NO_MEMORY;
    xcc_status s = walk(&c->w, &c->t, stop);
    c->w.split = 0;
    return s;
}

void xcc_cells_state_free(xcc_cells_state *s)
{
    if (s) {
        free(s->cell), free(s->loc), free(s->act), free(s->force), free(s->choice);
        free(s);
    }
}

xcc_cells_state *xcc_cells_save(const xcc_cells *c)
{
    const cwalk *w = &c->w;
    int nodes = w->p->last_node + 1;
    xcc_cells_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cell = malloc((size_t)(w->cells + 1) * sizeof *s->cell);
    s->loc = malloc((size_t)nodes * sizeof *s->loc);
    s->act = malloc((size_t)(w->items + 1) * sizeof *s->act);
    s->force = malloc((size_t)(w->forced + 1) * sizeof *s->force);
    s->choice = malloc((size_t)(w->level + 1) * sizeof *s->choice);
    if (!s->cell || !s->loc || !s->act || !s->force || !s->choice) {
        xcc_cells_state_free(s);
        return NULL;
    }
    memcpy(s->cell, w->cell, (size_t)(w->cells + 1) * sizeof *s->cell);
    for (int x = 0; x < nodes; x++)
        s->loc[x] = w->nd[x].loc;
    memcpy(s->act, w->act, (size_t)(w->items + 1) * sizeof *s->act);
    memcpy(s->force, w->force, (size_t)w->forced * sizeof *s->force);
    memcpy(s->choice, w->choice, (size_t)w->level * sizeof *s->choice);
    s->forced = w->forced, s->active = w->active, s->level = w->level;
    return s;
}

xcc_status xcc_cells_walk_task(xcc_cells *c, const xcc_cells_state *s, xcc_stop *stop)
{
    cwalk *w = &c->w;
    int nodes = w->p->last_node + 1;
    *stop = XCC_COMPLETE;
    if (reserve(w, s->level + 1))
        return XCC_NO_MEMORY;
    memcpy(w->cell, s->cell, (size_t)(w->cells + 1) * sizeof *w->cell);
    for (int x = 0; x < nodes; x++)
        w->nd[x].loc = s->loc[x];
    memcpy(w->act, s->act, (size_t)(w->items + 1) * sizeof *w->act);
    memcpy(w->force, s->force, (size_t)s->forced * sizeof *w->force);
    memcpy(w->choice, s->choice, (size_t)s->level * sizeof *w->choice);
    w->forced = s->forced, w->active = s->active;
    w->base = s->level;
    if (w->maxl < s->level)
        w->maxl = s->level;
    w->saveptr = 0, w->saved[s->level] = 0;
    xcc_status st = walk(w, &c->t, stop);
    w->base = 0;
    return st;
}

xcc_status xcc_cells_add(xcc_cells *into, const xcc_cells *from)
{
    cwalk *a = &into->w;
    const cwalk *b = &from->w;
    a->nodes += b->nodes, a->solutions += b->solutions, a->cmems += b->cmems;
    a->mems += b->mems + from->t.mems, a->updates += b->updates + from->t.updates;
    if (b->maxdeg > a->maxdeg)
        a->maxdeg = b->maxdeg;
    if (b->maxsave > a->maxsave)
        a->maxsave = b->maxsave;
    if (b->maxl > a->maxl) {
        if (reserve(a, b->maxl + 1))
            return XCC_NO_MEMORY;
        a->maxl = b->maxl;
    }
    if ((a->vbose & XCC_SHOW_PROFILE) && a->profile && b->profile)
        for (int l = 0; l <= b->maxl; l++)
            a->profile[l] += b->profile[l];
    return XCC_OK;
}

xcc_u128 xcc_cells_solutions(const xcc_cells *c)
{
    return c->w.solutions;
}

void xcc_cells_forget(xcc_cells *c)
{
    cwalk *w = &c->w;
    w->nodes = w->solutions = w->cmems = w->mems = w->updates = 0;
    c->t = (tally){0, 0};
    w->maxdeg = 0;
    if (w->profile)
        memset(w->profile, 0, (size_t)w->levels_cap * sizeof *w->profile);
}

void xcc_cells_figs(xcc_cells *c, xcc_stop stop, xcc_figs *fig)
{
    c->w.level = 0;
    cells_figs(&c->w, &c->t, stop, fig);
}

const int *xcc_cells_path(const xcc_cells *c, int *len)
{
    *len = c->w.level;
    return c->w.choice;
}

size_t xcc_cells_maxsave(const xcc_cells *c)
{
    return c->w.maxsave;
}

xcc_status xcc_cells_credit(xcc_cells *c, const xcc_figs *f, int maxl, size_t maxsave,
                            const ullng *profile)
{
    cwalk *w = &c->w;
    w->nodes += f->nodes, w->solutions += f->solutions, w->cmems += f->cmems;
    w->mems += f->mems, w->updates += f->updates;
    if (f->maxdeg > w->maxdeg)
        w->maxdeg = f->maxdeg;
    if (maxsave > w->maxsave)
        w->maxsave = maxsave;
    if (maxl > w->maxl) {
        if (reserve(w, maxl + 1))
            return XCC_NO_MEMORY;
        w->maxl = maxl;
    }
    if ((w->vbose & XCC_SHOW_PROFILE) && w->profile && profile)
        for (int l = 0; l <= maxl + 1; l++)
            w->profile[l] += profile[l];
    return XCC_OK;
}

const xcc_engine xcc_cells_engine = {"cells", cells_refuses, cells_solve, NULL};
