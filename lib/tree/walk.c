/*
 * tree/walk.c — what the walks of DLX2's tree share (tree/walk.h): setting
 * one up from the settings, its levels, and handing its solutions and
 * progress to the sink as records.
 */
#include "tree/walk.h"
#include "base/alloc.h"

#include <limits.h>
#include <string.h>

xcc_status xcc_tree_init(xcc_tree *t, xcc_problem *p, const xcc_settings *st,
                         const xcc_sink *sink)
{
    static const xcc_sink nothing;
    const xcc_dlx2 *k = xcc_knobs(st);
    memset(t, 0, sizeof *t);
    t->p = p;
    t->sink = sink ? sink : &nothing;
    t->fig.mems_counted = 1;
    if (k->knuth == XCC_KNUTH_DLX1) /* DLX2's tree, DLX1's progress lines and report */
        t->fig.knuth = XCC_KNUTH_DLX1;
    t->vbose = k->vbose;
    t->show_choices_max = k->show_choices_max;
    t->show_choices_gap = k->show_choices_gap;
    t->maxcount = xcc_limit(st ? st->max_solutions : XCC_UNLIMITED);
    t->timeout = xcc_limit(st ? st->max_mems : XCC_UNLIMITED);
    t->delta = t->thresh = k->delta;
    t->loose = k->loose_delta;
    t->len_index = k->len_index;
    if (st) {
        t->interrupt = st->interrupt;
        t->accept = st->accept;
        t->retract = st->retract;
        t->hook_ctx = st->hook_ctx;
        if (st->randomize) {
            if (!p->randomized) { /* not read at random: the seed starts here */
                xcc_gb_rng_init(&p->rng, st->seed);
                p->randomized = 1;
            }
            t->rng = &p->rng;
        }
    }
    t->fraction_done = -1.0;
    t->resume = k->resume;
    return xcc_tree_reserve(t, 1);
}

void xcc_tree_free(xcc_tree *t)
{
    if (t->ext && t->ext->release)
        t->ext->release(t);
    free(t->choice);
    free(t->profile);
    free(t->path);
    t->choice = NULL;
    t->profile = NULL;
    t->path = NULL;
    t->levels_cap = 0;
}

xcc_status xcc_tree_reserve(xcc_tree *t, int need)
{
    if (need < t->levels_cap)
        return XCC_OK;
    long long want = t->levels_cap ? 2LL * t->levels_cap : 256;
    while (want <= need)
        want *= 2;
    if (want > INT_MAX)
        return XCC_NO_MEMORY;
    int *c = realloc(t->choice, (size_t)want * sizeof(int));
    if (!c)
        return XCC_NO_MEMORY;
    t->choice = c;
    xcc_choice *path = realloc(t->path, (size_t)want * sizeof(xcc_choice));
    if (!path)
        return XCC_NO_MEMORY;
    t->path = path;
    ullng *pr = realloc(t->profile, (size_t)want * sizeof(ullng));
    if (!pr)
        return XCC_NO_MEMORY;
    memset(pr + t->levels_cap, 0, (size_t)(want - t->levels_cap) * sizeof(ullng));
    t->profile = pr;
    t->levels_cap = (int)want;
    return XCC_OK;
}

void xcc_tree_path(xcc_tree *t, int levels, int known)
{
    const xcc_problem *p = t->p;
    const xcc_node *nd = p->nd;
    for (int l = 0; l < levels; l++) {
        int q = t->choice[l];
        xcc_choice *c = &t->path[l];
        if (q < p->last_itm) { /* a null choice of DLX3's tree: item q took no option */
            c->option = -1;
            c->entry = q - 1;
            continue;
        }
        int o = xcc_option_of(p, q);
        c->option = o;
        c->entry = q - p->opt_node[o];
        if (known)
            continue;
        int item = nd[q].itm, k = 1;
        for (int x = nd[item].down; x != q && x != item; x = nd[x].down)
            k++;
        c->k = k;
        c->d = nd[item].len;
    }
}

int xcc_tree_solution(xcc_tree *t, int known, ullng cost)
{
    const xcc_sink *k = t->sink;
    if (!xcc_sink_wants(k, t->fig.solutions))
        return 0;
    xcc_tree_path(t, t->level + 1, known);
    xcc_solution sol = xcc_solution_at(t->fig.solutions, t->level + 1, t->path, cost);
    return k->solution(t->p, &sol, k->ctx);
}

static void progress(xcc_tree *t, int known, int costs, ullng cutoff)
{
    const xcc_sink *k = t->sink;
    if (!k->progress)
        return;
    xcc_tree_path(t, t->level, known);
    xcc_progress pr = {
        .solutions = t->fig.solutions, .mems = t->fig.mems, .nodes = t->fig.nodes,
        .level = t->level, .maxl = t->maxl, .path = t->path, .mems_counted = 1,
        .fraction = t->fraction_done >= 0 ? t->fraction_done : xcc_path_fraction(t->path, t->level),
        .subtrees = t->fraction_done >= 0, .knuth = t->fig.knuth, .costs = costs,
        .cutoff = cutoff,
    };
    k->progress(k->ctx, &pr);
}

void xcc_tree_progress(xcc_tree *t, int known)
{
    progress(t, known, 0, 0);
}

void xcc_tree_progress_costs(xcc_tree *t, int known, ullng cutoff)
{
    progress(t, known, 1, cutoff);
}

int xcc_tree_checkpoint(xcc_tree *t)
{
    return xcc_tree_checkpoint_costs(t, 0, NULL, NULL, NULL);
}

int xcc_tree_checkpoint_costs(xcc_tree *t, int nbest, const ullng *best, const ullng *thresh0,
                              const ullng *thresh1)
{
    const xcc_sink *k = t->sink;
    if (!k->checkpoint)
        return 1;
    int profiled = (t->vbose & XCC_SHOW_PROFILE) != 0;
    xcc_position pos = {.level = t->level, .maxl = t->maxl, .choice = t->choice, .fig = t->fig,
                        .profile = profiled ? t->profile : NULL, .thresh = t->thresh,
                        .nbest = nbest, .best = best, .thresh0 = thresh0, .thresh1 = thresh1};
    pos.fig.nodes--; /* the node is counted again when the walk goes on from it */
    if (profiled)
        t->profile[t->level]--;
    int stop = k->checkpoint(k->ctx, &pos);
    if (profiled)
        t->profile[t->level]++;
    return stop;
}

xcc_status xcc_tree_resume(xcc_tree *t)
{
    const xcc_position *pos = t->resume;
    if (xcc_tree_reserve(t, pos->maxl + 2))
        return XCC_NO_MEMORY;
    xcc_figs *f = &t->fig;
    f->solutions = pos->fig.solutions, f->nodes = pos->fig.nodes;
    f->updates = pos->fig.updates, f->cleansings = pos->fig.cleansings;
    f->mems = pos->fig.mems, f->lmems = pos->fig.lmems, f->cmems = pos->fig.cmems;
    f->maxdeg = pos->fig.maxdeg;
    t->maxl = pos->maxl;
    t->level = pos->level;
    t->thresh = pos->thresh;
    if (pos->profile && (t->vbose & XCC_SHOW_PROFILE))
        memcpy(t->profile, pos->profile, (size_t)(pos->maxl + 2) * sizeof(ullng));
    for (int l = 0; l < pos->level; l++)
        t->choice[l] = pos->choice[l];
    return XCC_OK;
}

ullng xcc_tree_bytes(const xcc_tree *t)
{
    if (t->ext && t->ext->bytes)
        return t->ext->bytes(t);
    return (ullng)t->p->last_itm * sizeof(xcc_item) + (ullng)t->p->last_node * sizeof(xcc_node)
           + (ullng)t->maxl * sizeof(int);
}

void xcc_tree_figures(xcc_tree *t, xcc_figs *fig)
{
    *fig = t->fig;
    fig->mems_counted = 1;
    if (fig->stop == XCC_COMPLETE && xcc_figs_wide(fig))
        fig->stop = XCC_STOP_WIDE; /* past what a sum of two may hold */
    fig->bytes = xcc_tree_bytes(t);
    fig->level = t->level;
    fig->maxl = t->maxl;
    if (t->vbose & XCC_SHOW_PROFILE) { /* the walk's array becomes the caller's */
        fig->profile = t->profile;
        t->profile = NULL;
    }
}
