/*
 * parallel/split.c — the cut of a search tree near the root into subtrees
 * searched apart (parallel/split.h): the sets of paths that name the
 * subtrees, and the enumerator, a walk of the top of the tree that at
 * each node of the cut writes down the path to it (a task) and skips the
 * subtree below. The threads' driver (parallel/parallel.c) and the shards'
 * plan (parallel/shard.c) both cut so; they live apart since each is a
 * concern of its own, and this is what they share.
 */
#include "parallel/split.h"
#include "base/alloc.h"

#include <string.h>

const int *xcc_path_of(const xcc_paths *ps, size_t i, int *len)
{
    *len = (int)(ps->start[i + 1] - ps->start[i]);
    return ps->paths + ps->start[i];
}

/* Adds path[0 .. len-1]; nonzero without memory. */
int xcc_paths_add(xcc_paths *ps, const int *path, int len)
{
    size_t used = ps->count ? ps->start[ps->count] : 0;
    if (used + (size_t)len > ps->cap) {
        size_t cap = ps->cap ? 2 * ps->cap : 1024;
        while (cap < used + (size_t)len)
            cap *= 2;
        int *q = realloc(ps->paths, cap * sizeof(int));
        if (!q)
            return 1;
        ps->paths = q, ps->cap = cap;
    }
    if (ps->count + 2 > ps->start_cap) {
        size_t cap = ps->start_cap ? 2 * ps->start_cap : 256;
        size_t *q = realloc(ps->start, cap * sizeof(size_t));
        if (!q)
            return 1;
        ps->start = q, ps->start_cap = cap;
    }
    ps->start[0] = 0;
    if (len)
        memcpy(ps->paths + used, path, (size_t)len * sizeof(int));
    ps->start[++ps->count] = used + (size_t)len;
    return 0;
}

void xcc_paths_free(xcc_paths *ps)
{
    free(ps->paths), free(ps->start);
    *ps = (xcc_paths){0};
}

static ullng mix(ullng h, ullng x)
{
    for (int i = 0; i < 8; i++, x >>= 8)
        h = (h ^ (x & 0xff)) * 0x100000001b3ULL;
    return h;
}

ullng xcc_paths_fingerprint(const xcc_paths *ps)
{
    ullng h = mix(0xcbf29ce484222325ULL, ps->count);
    for (size_t i = 0; i < ps->count; i++) {
        int len;
        const int *path = xcc_path_of(ps, i, &len);
        h = mix(h, (ullng)len);
        for (int l = 0; l < len; l++)
            h = mix(h, (ullng)(unsigned)path[l]);
    }
    return h;
}

/*
 * A walk of p for the driver: the caller's limits, but no progress
 * reports, no hooks, and only the profile of its verbosity.
 */
xcc_status xcc_split_prepare(xcc_tree *t, xcc_problem *p, const xcc_settings *st,
                             const xcc_sink *sink)
{
    xcc_status s = xcc_tree_init(t, p, st, sink);
    t->vbose &= XCC_SHOW_PROFILE;
    t->delta = 0;
    t->rng = NULL;
    return s;
}

/* Paths by length, then option by option: any order will do, if fixed. */
static int path_cmp(const int *a, int alen, const int *b, int blen)
{
    if (alen != blen)
        return alen < blen ? -1 : 1;
    for (int l = 0; l < alen; l++)
        if (a[l] != b[l])
            return a[l] < b[l] ? -1 : 1;
    return 0;
}

/* A path of a set, with a figure, for sorting the set. */
typedef struct path_ref {
    const int *path;
    int len;
    double size;
} path_ref;

static int by_path(const void *a, const void *b)
{
    const path_ref *x = a, *y = b;
    return path_cmp(x->path, x->len, y->path, y->len);
}

/* Sorts set ps (for path_in), and the sizes with it when not NULL. */
xcc_status xcc_paths_sort(xcc_paths *ps, double *size)
{
    xcc_paths sorted = {0};
    path_ref *r = malloc((ps->count + 1) * sizeof(path_ref));
    xcc_status s = r ? XCC_OK : XCC_NO_MEMORY;
    for (size_t i = 0; r && i < ps->count; i++) {
        r[i].path = xcc_path_of(ps, i, &r[i].len);
        r[i].size = size ? size[i] : 0;
    }
    if (r)
        qsort(r, ps->count, sizeof(path_ref), by_path);
    for (size_t i = 0; r && i < ps->count && !s; i++) {
        if (xcc_paths_add(&sorted, r[i].path, r[i].len))
            s = XCC_NO_MEMORY;
        if (size)
            size[i] = r[i].size;
    }
    free(r);
    if (s) {
        xcc_paths_free(&sorted);
        return s;
    }
    xcc_paths_free(ps);
    *ps = sorted;
    return XCC_OK;
}

/* Where path is in the sorted set ps, or ps->count. */
size_t xcc_paths_find(const xcc_paths *ps, const int *path, int len)
{
    size_t lo = 0, hi = ps->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int mlen;
        const int *m = xcc_path_of(ps, mid, &mlen);
        int c = path_cmp(m, mlen, path, len);
        if (!c)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return ps->count;
}

/* Whether path is one of the sorted set ps. */
static int path_in(const xcc_paths *ps, const int *path, int len)
{
    return xcc_paths_find(ps, path, len) < ps->count;
}

/* A node of the cut: searched on (a plan says so), or a task. */
static int record_task(xcc_tree *e, void *ctx)
{
    xcc_tasks *t = ctx;
    if (t->cut_below && e->level < t->depth && path_in(t->cut_below, e->choice, e->level))
        return XCC_SPLIT_DEEPER;
    if (xcc_paths_add(&t->ps, e->choice, e->level)) {
        t->lost = 1;
        return XCC_SPLIT_STOP;
    }
    return XCC_SPLIT_HERE;
}

/* The enumerator's solutions (above the split) go to the caller. */
int xcc_split_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    xcc_tasks *t = ctx;
    if (t->counting_only || !t->user)
        return 0;
    return t->user->solution(p, s, t->user->ctx);
}

/*
 * Walks the top of the tree to depth d into e, with twin (made once for
 * all passes) when it may, else dancing. Out of memory in recording the
 * tasks ends the walk as a callback's stop, and is told apart by the
 * caller (t->count short).
 */
xcc_status xcc_split_enumerate(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                               const xcc_settings *st, xcc_tasks *t, int d,
                               const xcc_walker *w, void *twin)
{
    t->depth = d;
    t->ps.count = 0;
    t->lost = 0;
    xcc_status s = xcc_tree_init(e, p, st, sink);
    if (s)
        return s;
    e->vbose &= XCC_SHOW_PROFILE;
    e->delta = 0;
    if (t->counting_only) /* only the shape of the top matters */
        e->maxcount = ~(xcc_u128)0;
    e->split_depth = d;
    e->split_from = t->cut_below ? 1 : d;
    e->on_split = record_task;
    e->split_ctx = t;
    return twin ? w->twin_walk(twin, e) : w->walk(e);
}

/* Whether the walk stopped because a task could not be recorded. */
int xcc_split_lost(const xcc_tree *e, const xcc_tasks *t)
{
    return e->fig.stop == XCC_STOP_CALLBACK && t->lost;
}

/*
 * The depth of the split: the first at which the top has enough tasks
 * (or none, or the walk stops there by T<n>). e holds that last trial
 * pass on return. XCC_NO_MEMORY, or XCC_OK with e->fig.stop telling an
 * interruption.
 */
xcc_status xcc_split_choose_depth(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                                  const xcc_settings *st, xcc_tasks *t, const xcc_walker *w,
                                  void *twin, size_t want)
{
    for (int d = 1;; d++) {
        xcc_status s = xcc_split_enumerate(e, sink, p, st, t, d, w, twin);
        if (s || xcc_split_lost(e, t))
            return XCC_NO_MEMORY;
        if (e->fig.stop == XCC_STOP_MEMS)
            return XCC_OK; /* T<n> reached above the split: the real pass reports it */
        if (e->fig.stop != XCC_COMPLETE || t->ps.count >= want || t->ps.count == 0 || d >= 64)
            return XCC_OK;
        xcc_tree_free(e);
    }
}

/* One task's subtree, walked by the twin tw below its path, into t. */
xcc_status xcc_split_walk_below(const xcc_walker *w, void *tw, xcc_tree *t, const int *path,
                                int depth)
{
    if (xcc_tree_reserve(t, depth + 1))
        return XCC_NO_MEMORY;
    memcpy(t->choice, path, (size_t)depth * sizeof(int));
    t->base_level = depth;
    xcc_status s = w->twin_walk(tw, t);
    t->base_level = 0;
    return s;
}

int xcc_split_interrupted(const xcc_settings *st)
{
    return st->interrupt && *st->interrupt;
}

void xcc_split_task_figs(xcc_figs *f, const xcc_figs *after, const xcc_figs *before)
{
    *f = *after;
    f->solutions -= before->solutions, f->nodes -= before->nodes;
    f->updates -= before->updates, f->cleansings -= before->cleansings;
    f->mems -= before->mems, f->lmems -= before->lmems, f->cmems -= before->cmems;
}

void xcc_split_add_figs(xcc_figs *to, const xcc_figs *from)
{
    to->solutions += from->solutions;
    to->nodes += from->nodes;
    to->updates += from->updates;
    to->cleansings += from->cleansings;
    to->mems += from->mems;
    to->lmems += from->lmems;
    to->cmems += from->cmems;
    if (from->maxdeg > to->maxdeg)
        to->maxdeg = from->maxdeg;
}

xcc_status xcc_split_resume(const xcc_position *r, size_t ntasks, ullng plan, size_t *mine,
                            size_t *nmine, unsigned char *done)
{
    if (r->ntasks != ntasks || r->plan != plan)
        return XCC_REFUSED;
    size_t kept = 0, taken = 0, all = 0;
    for (size_t i = 0; i < *nmine; i++)
        if (r->done[mine[i]])
            done[mine[i]] = 1, taken++;
        else
            mine[kept++] = mine[i];
    for (size_t i = 0; i < ntasks; i++)
        all += r->done[i] != 0;
    if (all != taken) /* a task done that is not this part's */
        return XCC_REFUSED;
    *nmine = kept;
    return XCC_OK;
}

size_t xcc_split_want(const xcc_settings *st)
{
    int per = xcc_knobs(st)->tasks_per_worker;
    size_t want = (size_t)(per > 0 ? per : 64);
    if (st->shards > 1)
        return want * XCC_SHARD_THREADS * (size_t)st->shards;
    return want * (size_t)(st->threads > 1 ? st->threads : 1);
}

int xcc_split_checkpoint(const xcc_sink *user, const xcc_position *pos, xcc_stop *stop,
                         atomic_int *halt)
{
    int stopping = user->checkpoint(user->ctx, pos);
    if (stopping) {
        if (*stop == XCC_COMPLETE)
            *stop = XCC_STOP_INTERRUPT;
        *halt = 1;
    }
    return stopping;
}
