/*
 * tree/dlx5.c — a walk of DLX5's tree around the search itself, by
 * whichever method (tree/dlx5.h): setting it up, the heap of the k best
 * costs, the path as DLX5 prints it, the lower bound of its heuristics
 * z<n> and Z<chars>, a solution's bookkeeping, and a whole search.
 */
#include "tree/dlx5.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- the k best ---------------------------------------------------------- */

xcc_status xcc_cost_best_init(cost_best *b, int k)
{
    b->k = k;
    b->heap = malloc(((size_t)k + 1) * sizeof(ullng));
    if (!b->heap)
        return XCC_NO_MEMORY;
    for (int i = 0; i < k; i++)
        b->heap[i] = XCC_COST_INFINITY;
    b->heap[k] = 0; /* DLX5's sift relies on it when k is even */
    return XCC_OK;
}

void xcc_cost_best_free(cost_best *b)
{
    free(b->heap);
    b->heap = NULL;
}

/*
 * The largest of the k best leaves and c sifts down from the top into
 * the hole: two mems at each level to compare the children, one to move
 * the larger up, one to store c and one to read the new top.
 */
ullng xcc_cost_best_add(cost_best *b, ullng c)
{
    ullng *heap = b->heap, mems = 2;
    int h = 0;
    for (int hh = 2; hh <= b->k; hh = 2 * h + 2) {
        int larger = heap[hh] > heap[hh - 1] ? hh : hh - 1;
        mems += 2;
        if (c >= heap[larger])
            break;
        heap[h] = heap[larger], h = larger;
        mems++;
    }
    heap[h] = c;
    return mems;
}

static int ascending(const void *a, const void *b)
{
    ullng x = *(const ullng *)a, y = *(const ullng *)b;
    return x < y ? -1 : x > y;
}

int xcc_cost_best_sorted(const cost_best *b, ullng *out)
{
    int n = 0;
    memcpy(out, b->heap, (size_t)b->k * sizeof(ullng));
    qsort(out, (size_t)b->k, sizeof(ullng), ascending);
    while (n < b->k && out[n] != XCC_COST_INFINITY)
        n++;
    return n;
}

/* ---- setting up ----------------------------------------------------------- */

xcc_status xcc_cost_reserve(cost_walk *w, int need)
{
    if (xcc_tree_reserve(&w->t, need))
        return XCC_NO_MEMORY;
    int cap = w->t.levels_cap;
    if (cap <= w->levels_cap)
        return XCC_OK;
    ullng **arrays[] = {&w->partcost, &w->thresh0, &w->thresh};
    for (int i = 0; i < 3; i++) {
        ullng *a = realloc(*arrays[i], (size_t)cap * sizeof(ullng));
        if (!a)
            return XCC_NO_MEMORY;
        *arrays[i] = a;
    }
    w->levels_cap = cap;
    return XCC_OK;
}

/* What every walk of one problem takes from the settings. */
static xcc_status walk_start(cost_walk *w, xcc_problem *p, const xcc_settings *st,
                             const xcc_sink *sink)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    memset(w, 0, sizeof *w);
    xcc_status s = xcc_tree_init(&w->t, p, st, sink);
    w->lenthresh = k->lenthresh;
    w->zgiven = k->zgiven;
    w->zchars = k->zchars ? k->zchars : "";
    w->cutoff = XCC_COST_INFINITY;
    w->best = &w->own;
    if (!s)
        s = xcc_cost_best_init(&w->own, st && st->best > 0 ? st->best : 1);
    if (!s)
        s = xcc_cost_reserve(w, 1);
    if (!s && !(w->sortbuf = malloc(((size_t)p->second + 2) * sizeof(ullng))))
        s = XCC_NO_MEMORY;
    return s;
}

xcc_status xcc_cost_walk_init(cost_walk *w, xcc_problem *p, const xcc_settings *st,
                              const xcc_sink *sink, const cost_method *method)
{
    ullng sort_mems = 0;
    xcc_status s = walk_start(w, p, st, sink);
    if (!s && !(w->tx = xcc_taxes_of(p)))
        s = XCC_NO_MEMORY;
    if (!s)
        s = xcc_cost_links(&w->lk, p, w->tx, &sort_mems);
    if (!s)
        w->imems = xcc_imems5(p) + w->tx->mems + sort_mems;
    w->method = method;
    return s;
}

xcc_status xcc_cost_walk_twin(cost_walk *w, const cost_walk *from, const xcc_settings *st,
                              const xcc_sink *sink)
{
    xcc_status s = walk_start(w, from->t.p, st, sink);
    w->tx = from->tx;
    w->imems = from->imems;
    if (!s)
        s = xcc_cost_links_copy(&w->lk, &from->lk);
    w->method = from->method;
    if (!s && from->twin && !(w->twin = from->method->copy(w, from->twin)))
        s = XCC_NO_MEMORY;
    return s;
}

void xcc_cost_walk_free(cost_walk *w)
{
    if (w->twin)
        w->method->release(w->twin);
    xcc_tree_free(&w->t);
    xcc_cost_links_free(&w->lk);
    xcc_cost_best_free(&w->own);
    free(w->partcost);
    free(w->thresh0);
    free(w->thresh);
    free(w->sortbuf);
    memset(w, 0, sizeof *w);
}

void xcc_cost_figures(cost_walk *w, xcc_figs *fig)
{
    xcc_tree_figures(&w->t, fig);
    fig->engine = w->method->name; /* the twin's when it stood in */
    fig->lmems = 0;
    fig->imems = w->imems;
    /* DLX5's nodes are three octabytes */
    fig->bytes = (ullng)w->lk.last_itm * sizeof(xcc_item) + (ullng)w->lk.last_node * 24
                 + (ullng)w->t.maxl * sizeof(int);
}

/* ---- the path, as DLX5 prints it ------------------------------------------- */

/*
 * Each level's "(k of d)": d counts the options from the top of the list
 * whose net cost is below the cutoff given less the cost above the level.
 * DLX5's progress line (from_choice) counts from the option chosen on,
 * as if those above it were all below.
 */
static void measure_path(cost_walk *w, int levels, ullng cutoff, int from_choice)
{
    const cost_links *lk = &w->lk;
    xcc_tree_path(&w->t, levels, 1);
    if (w->method->measure) {
        w->method->measure(w, levels, cutoff, from_choice);
        return;
    }
    for (int l = 0; l < levels; l++) {
        int q = w->t.choice[l];
        ullng room = cutoff - w->partcost[l];
        xcc_choice *c = &w->t.path[l];
        c->k = xcc_cost_position(lk, q);
        if (!from_choice) {
            c->d = xcc_cost_usable(lk, lk->nd[q].itm, room);
            continue;
        }
        c->d = c->k - 1;
        for (int x = q; x >= lk->last_itm && lk->cost[x] < room; x = lk->nd[x].down)
            c->d++;
    }
}

int xcc_cost_hand_out(cost_walk *w, ullng old)
{
    if (!xcc_sink_wants(w->t.sink, w->t.fig.solutions))
        return 0;
    measure_path(w, w->t.level + 1, old, 0);
    return xcc_tree_solution(&w->t, 1, w->nextcost + w->tx->total);
}

void xcc_cost_progress(cost_walk *w)
{
    measure_path(w, w->t.level, w->cutoff, !(w->t.vbose & XCC_SHOW_FULL_STATE));
    xcc_tree_progress_costs(&w->t, 1,
                            w->cutoff == XCC_COST_INFINITY ? w->cutoff : w->cutoff + w->tx->total);
}

/* ---- z<n> and Z<chars> ------------------------------------------------------ */

/*
 * DLX5's heuristics for problems whose every option has exactly z
 * primary items besides one item starting with each character of Z (its
 * reading warns about options that do not): then the cheapest options of
 * the items still to cover give a lower bound on the cost to come. Each
 * Z character's items add their least net costs, and so do the others
 * when z = 1; for z > 1, of the least costs c1 <= c2 <= ... of the other
 * items, c_z + c_2z + ... must be paid, summed as they are sorted in.
 * Returns 1 if the bound reaches the cutoff: the node is given up.
 */
int xcc_cost_too_dear(cost_walk *w, int explaining, xcc_u128 *mems)
{
    const cost_links *lk = &w->lk;
    const char *z = w->zchars;
    int nz = (int)strlen(z), per;
    if ((!nz && !w->zgiven) || w->cutoff == XCC_COST_INFINITY)
        return 0;
    if (w->zgiven > 1) {
        if (lk->second - w->t.level * w->zgiven <= 32 + 1)
            per = w->zgiven;
        else if (nz)
            per = 0;
        else
            return 0;
    } else {
        per = w->zgiven;
    }
    ullng acc = w->curcost, *sorted = w->sortbuf; /* sorted[j]: j-th largest */
    xcc_u128 m = *mems + 1;
    int t = 0;
    for (int r = 0; r < nz; r++)
        w->cumcost[r] = w->curcost, m++;
    for (int k = lk->cl[0].next; k != 0; k = lk->cl[k].next, m++) {
        int p = lk->nd[k].down;
        m++;
        if (p < lk->last_itm) {
            if (explaining)
                xcc_cost_explain_dear(w, k, "'s list is empty", 1);
            return *mems = m, 1;
        }
        ullng c = lk->cost[p];
        const char *r = strchr(z, w->t.p->names[w->t.p->cl[k].name]);
        m += 2;
        if (r && *r) {
            ullng *cum = &w->cumcost[r - z];
            m++;
            if (*cum + c >= w->cutoff) {
                if (explaining)
                    xcc_cost_explain_dear(w, k, "'s cost overflowed", 1);
                return *mems = m, 1;
            }
            *cum += c, m++;
        } else if (per == 1) {
            if (acc + c >= w->cutoff) {
                if (explaining)
                    xcc_cost_explain_dear(w, k, "'s cost overflowed", 1);
                return *mems = m, 1;
            }
            acc += c;
        } else if (per) {
            /* c goes in among the t costs sorted so far (least at sorted[t]) */
            ullng old = 0, next = 0;
            int j;
            for (j = t; j; j--, old = next) {
                next = sorted[j], m++;
                if (c <= next)
                    break;
                if (j % per == 0) {
                    acc += next - old;
                    if (acc >= w->cutoff) {
                        if (explaining)
                            xcc_cost_explain_dear(w, k, "'s cost overflowed", 1);
                        return *mems = m, 1;
                    }
                }
                sorted[j + 1] = next, m++;
            }
            if (j % per == 0) {
                acc += c - old;
                if (acc >= w->cutoff) {
                    if (explaining)
                        xcc_cost_explain_dear(w, k, "'s cost caused overflow", 0);
                    return *mems = m, 1;
                }
            }
            sorted[j + 1] = c, m++;
            t++;
        }
    }
    *mems = m;
    return 0;
}

/* ---- a solution ------------------------------------------------------------ */

/*
 * A solution (of net cost nextcost, below the cutoff), the tally saved in
 * the figures: it goes into the k best and out to the sink. Nonzero
 * stops the search (fig.stop says why), -1 without memory. *mems gets
 * DLX5's mems for the heap.
 */
int xcc_cost_solution(cost_walk *w, xcc_u128 *mems)
{
    xcc_tree *s = &w->t;
    s->fig.nodes++; /* a solution is a node of the tree too */
    if (s->level + 1 > s->maxl) {
        if (xcc_cost_reserve(w, s->level + 2))
            return -1;
        s->maxl = s->level + 1;
    }
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level + 1]++;
    if (s->sink->shape) {
        fputs("sol\n", s->sink->shape);
        fflush(s->sink->shape);
    }
    if (w->on_solution) {
        int stop = w->on_solution(w, w->solution_ctx);
        *mems = s->fig.mems;
        return stop;
    }
    ullng old = w->cutoff;
    *mems += xcc_cost_keep(w, w->nextcost);
    s->fig.solutions++;
    if (s->sink->solution && xcc_cost_hand_out(w, old)) {
        s->fig.stop = XCC_STOP_CALLBACK;
        return 1;
    }
    if (s->fig.solutions >= s->maxcount) {
        s->fig.stop = XCC_STOP_COUNT;
        return 1;
    }
    return 0;
}

/* ---- a whole search (the engines') ------------------------------------------- */

const char *xcc_cost_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p;
    if (st->threads > 1 || st->shards > 1)
        return "the minimum-cost search in one thread (-j and --shard take its parallel driver)";
    if (st->randomize)
        return "the minimum-cost search breaks no ties at random (DLX5 has no {randomize|s<n>})";
    if (st->accept || st->retract)
        return "pruning hooks are for the dancing links of DLX2's search";
    if (st->best < 1)
        return "the number of best solutions to find must be at least 1";
    return NULL;
}

/* The lengths of the items where a search stopped, for DLX5's item totals. */
static void keep_totals(const cost_walk *w, xcc_problem *p)
{
    free(p->stop_len);
    p->stop_len = NULL;
    if (w->t.fig.stop == XCC_COMPLETE || !(w->t.vbose & XCC_SHOW_TOTS))
        return;
    if (!(p->stop_len = malloc((size_t)p->last_itm * sizeof(int))))
        return; /* the totals show the lengths as read */
    for (int k = 1; k < p->last_itm; k++) /* DLX5 keeps the lengths of primary items only */
        p->stop_len[k] = w->method->len && k < p->second ? w->method->len(w, k) : w->lk.nd[k].len;
}

/* The k best costs into the figures, as totals. */
xcc_status xcc_cost_best_figures(const cost_best *b, const xcc_taxes *tx, xcc_figs *fig)
{
    fig->costs = malloc(((size_t)b->k + 1) * sizeof(ullng));
    if (!fig->costs)
        return XCC_NO_MEMORY;
    fig->ncosts = xcc_cost_best_sorted(b, fig->costs);
    for (int i = 0; i < fig->ncosts; i++)
        fig->costs[i] += tx->total; /* modulo 2^64, as DLX5 adds */
    return XCC_OK;
}

xcc_status xcc_cost_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                          xcc_figs *fig, const cost_method *method,
                          int (*install)(cost_walk *w, const xcc_settings *st))
{
    cost_walk w;
    xcc_status s = xcc_cost_walk_init(&w, p, st, sink, method);
    if (!s && install)
        install(&w, st);
    const xcc_position *pos = w.t.resume;
    if (!s && pos) { /* a checkpoint's (xcc_cost_position_fits checked it) */
        memcpy(w.own.heap, pos->best, (size_t)w.own.k * sizeof(ullng));
        w.cutoff = w.own.heap[0];
        w.given0 = pos->thresh0, w.given1 = pos->thresh1;
        if (xcc_cost_reserve(&w, pos->maxl + 2) || xcc_tree_resume(&w.t)
            || xcc_cost_replay(&w, pos->choice, pos->level))
            s = XCC_NO_MEMORY;
        w.given0 = w.given1 = NULL;
        w.t.base_level = 0, w.t.level = pos->level, w.t.maxl = pos->maxl, w.resumed = 1;
    }
    if (!s && xcc_cost_z_fits(&w)) {
        if (!pos)
            w.t.fig.mems = (ullng)w.own.k; /* DLX5 sets its k best to infinity */
        s = xcc_cost_search(&w);
    }
    keep_totals(&w, p);
    xcc_cost_figures(&w, fig);
    if (!s)
        s = xcc_cost_best_figures(w.best, w.tx, fig);
    xcc_cost_walk_free(&w);
    return s;
}
