/*
 * xcc_parallel.c — one search tree spread over threads (-j) and machines
 * (--shard), with exactly the counts of the sequential search: the
 * engines "threads over twins" and "threads over links".
 *
 * The tree is cut at a depth d near the root. A first walk (the
 * "enumerator") walks the levels above d as the sequential search would,
 * but at each node of level d it only writes down the path to it, a
 * task, and skips the subtree (split_depth in xcc_tree.h). Then each
 * task's subtree is searched on its own: a worker replays the path on its
 * private copy of the links (xcc_clone, xcc_replay), walks below it
 * (base_level), and takes the path back. When the twin can stand in, a
 * worker walks its subtrees with its own twin instead, and when nothing
 * but counts is wanted, all the workers' twins share one memo of finished
 * subtrees (xcc_twin_share_memo), so a subtree met in two tasks is walked
 * once in all, as in the sequential search.
 *
 * Why the figures add up: the enumerator does, step for step, what the
 * sequential search does outside those subtrees, and a worker does what it
 * does inside one; replaying a path is not counted. So nodes, updates,
 * cleansings, mems and solutions summed over the enumerator and all tasks
 * are those of the sequential search (without random tie-breaking, which
 * depends on the order of events).
 *
 * Choosing d: the smallest depth with at least tasks_per_worker tasks per
 * thread (and per shard), found by counting passes of the enumerator,
 * which are cheap because they stop at depth d.
 *
 * Threads take tasks as they go, so a thread is idle only when no task
 * is left: those of even number from the front of the list (tree order),
 * those of odd number from the back. Neighbouring subtrees meet the same
 * subproblems, so two threads walking neighbours at the same moment both
 * walk what neither has finished yet, and the shared memo spares neither;
 * from both ends, they walk as many nodes as one thread (bench/NOTES.md
 * has the measures).
 *
 * Shards: every machine makes the same plan of the cut (plan_shards:
 * deeper where the estimated subtrees are larger, so that there are many
 * small tasks per shard), the same estimates of the tasks' sizes (fixed
 * seeds, so all machines agree), and deals them out largest first to the
 * shard with the least estimated work. Shard 1 also owns the
 * enumerator's own figures and solutions, and is dealt them first.
 * (Cut so for DLX2's tree; DLX3's is cut at one depth.)
 *
 * The driver knows the walks only through an xcc_walker (xcc_tree.h):
 * DLX2's tree here, DLX3's in mcc_twin.c.
 */
#ifdef __linux__
#define _GNU_SOURCE /* CPU affinity: see start_thread */
#include <sched.h>
#endif
#include "xcc_tree.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

static const xcc_walker dlx2_walker; /* DLX2's walks, at the end */

/*
 * A set of paths from the root, one after another in paths[]: path i is
 * paths[start[i] .. start[i + 1] - 1]. The tasks are one (in tree
 * order), and so are the nodes a shards' plan cuts below.
 */
typedef struct paths {
    int *paths;
    size_t *start;
    size_t count, cap, start_cap;  /* caps: ints and starts allocated */
} paths;

static const int *path_of(const paths *ps, size_t i, int *len)
{
    *len = (int)(ps->start[i + 1] - ps->start[i]);
    return ps->paths + ps->start[i];
}

/* Adds path[0 .. len-1]; nonzero without memory. */
static int add_path(paths *ps, const int *path, int len)
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

static void free_paths(paths *ps)
{
    free(ps->paths), free(ps->start);
    *ps = (paths){0};
}

/* The tasks: the paths to the roots of subtrees searched apart. */
typedef struct tasks {
    int depth;          /* the deepest a task's root may be */
    paths ps;
    const paths *cut_below; /* a plan's nodes searched above the tasks
                               (sorted by path_cmp), or NULL: all
                               tasks are at depth */
    const paths *leaf;      /* the plan's tasks (sorted), or NULL */
    const double *leaf_size; /* their estimated sizes */
    int lost;           /* a task could not be recorded: out of memory */
    int counting_only;  /* a trial pass: no solutions handed out, no limits */
    const xcc_sink *user; /* where the enumerator's solutions go, or NULL */
} tasks;

/* What the threads share. */
typedef struct shared {
    const xcc_settings *st;
    const xcc_sink *user;  /* the caller's sink */
    int numbering;         /* solutions are numbered here: listed, or a count limit */
    const xcc_walker *w;   /* the tree's walks */
    int use_twin;          /* the workers may walk with twins */
    tasks *t;
    size_t *mine;          /* the indices of this shard's tasks */
    size_t nmine;
    size_t front, back;    /* mine[front .. back - 1] are not taken yet */
    size_t done;           /* tasks finished */
    pthread_mutex_t lock;  /* front, back, done, count, stop, the user's sink */
    atomic_int halt;       /* read by every worker's walk without the lock */
    ullng count;           /* the global solution number, when numbering */
    xcc_stop stop;
    int failed;            /* out of memory in a thread */
} shared;

/*
 * One thread's walk and totals. Each worker is a separate allocation
 * aligned to a cache line and padded to whole lines: the walk writes
 * its level and node count at every node, and two threads writing into
 * one cache line would slow each other down badly (false sharing).
 */
#define CACHE_LINE 128
typedef struct worker {
    shared *sh;
    int k;           /* its number: odd ones take tasks from the back */
#ifdef __linux__
    int placed;          /* started on one CPU: may go back to these */
    cpu_set_t allowed;
#endif
    xcc_problem p;
    int cloned;
    xcc_tree t;
    int walking;     /* t is set up */
    xcc_sink sink;   /* its solutions go through worker_solution */
    void *twin;      /* walks its subtrees with bit sets, or NULL: links */
    pthread_t thread;
    char pad[CACHE_LINE];
} worker;

static worker *new_worker(void)
{
    void *w = NULL;
    size_t size = (sizeof(worker) + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
    if (posix_memalign(&w, CACHE_LINE, size))
        return NULL;
    memset(w, 0, size);
    return w;
}

static void free_worker(worker *w)
{
    if (!w)
        return;
    if (w->twin)
        w->sh->w->twin_delete(w->twin);
    if (w->walking)
        xcc_tree_free(&w->t);
    if (w->cloned)
        xcc_release(&w->p);
    free(w);
}

/*
 * A walk of p for the driver: the caller's limits, but no progress
 * reports, no hooks, and only the profile of its verbosity.
 */
static xcc_status prepare(xcc_tree *t, xcc_problem *p, const xcc_settings *st,
                          const xcc_sink *sink)
{
    xcc_status s = xcc_tree_init(t, p, st, sink);
    t->vbose &= XCC_SHOW_PROFILE;
    t->delta = 0;
    t->rng = NULL;
    return s;
}

/* Adds the figures of a part to the whole. */
static void add_counts(xcc_tree *to, const xcc_tree *from)
{
    to->fig.solutions += from->fig.solutions;
    to->fig.mems += from->fig.mems;
    to->fig.lmems += from->fig.lmems;
    to->fig.cmems += from->fig.cmems;
    to->fig.updates += from->fig.updates;
    to->fig.cleansings += from->fig.cleansings;
    to->fig.nodes += from->fig.nodes;
    if (from->maxl > to->maxl)
        to->maxl = from->maxl;
    if ((to->vbose & XCC_SHOW_PROFILE) && !xcc_tree_reserve(to, from->maxl + 1))
        for (int l = 0; l <= from->maxl && l < from->levels_cap; l++)
            to->profile[l] += from->profile[l];
}

/* Drops what e counted: not this part's, or nothing of the search yet. */
static void forget_figures(xcc_tree *e)
{
    e->fig = (xcc_figures){.mems_counted = 1};
    e->maxl = 0;
    if (e->profile)
        memset(e->profile, 0, (size_t)e->levels_cap * sizeof(ullng));
}

/* ---- the enumerator ------------------------------------------------------ */

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
static xcc_status sort_paths(paths *ps, double *size)
{
    paths sorted = {0};
    path_ref *r = malloc((ps->count + 1) * sizeof(path_ref));
    xcc_status s = r ? XCC_OK : XCC_NO_MEMORY;
    for (size_t i = 0; r && i < ps->count; i++) {
        r[i].path = path_of(ps, i, &r[i].len);
        r[i].size = size ? size[i] : 0;
    }
    if (r)
        qsort(r, ps->count, sizeof(path_ref), by_path);
    for (size_t i = 0; r && i < ps->count && !s; i++) {
        if (add_path(&sorted, r[i].path, r[i].len))
            s = XCC_NO_MEMORY;
        if (size)
            size[i] = r[i].size;
    }
    free(r);
    if (s) {
        free_paths(&sorted);
        return s;
    }
    free_paths(ps);
    *ps = sorted;
    return XCC_OK;
}

/* Where path is in the sorted set ps, or ps->count. */
static size_t path_at(const paths *ps, const int *path, int len)
{
    size_t lo = 0, hi = ps->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int mlen;
        const int *m = path_of(ps, mid, &mlen);
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
static int path_in(const paths *ps, const int *path, int len)
{
    return path_at(ps, path, len) < ps->count;
}

/* A node of the cut: searched on (a plan says so), or a task. */
static int record_task(xcc_tree *e, void *ctx)
{
    tasks *t = ctx;
    if (t->cut_below && e->level < t->depth && path_in(t->cut_below, e->choice, e->level))
        return XCC_SPLIT_DEEPER;
    if (add_path(&t->ps, e->choice, e->level)) {
        t->lost = 1;
        return XCC_SPLIT_STOP;
    }
    return XCC_SPLIT_HERE;
}

/* The enumerator's solutions (above the split) go to the caller. */
static int enumerator_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    tasks *t = ctx;
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
static xcc_status enumerate(xcc_tree *e, xcc_sink *sink, xcc_problem *p, const xcc_settings *st,
                            tasks *t, int d, const xcc_walker *w, void *twin)
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
        e->maxcount = ~0ULL;
    e->split_depth = d;
    e->split_from = t->cut_below ? 1 : d;
    e->on_split = record_task;
    e->split_ctx = t;
    return twin ? w->twin_walk(twin, e) : w->walk(e);
}

/* Whether the walk stopped because a task could not be recorded. */
static int lost_a_task(const xcc_tree *e, const tasks *t)
{
    return e->fig.stop == XCC_STOP_CALLBACK && t->lost;
}

/*
 * The depth of the split: the first at which the top has enough tasks
 * (or none, or the walk stops there by T<n>). e holds that last trial
 * pass on return. XCC_NO_MEMORY, or XCC_OK with e->fig.stop telling an
 * interruption.
 */
static xcc_status choose_depth(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                               const xcc_settings *st, tasks *t, const xcc_walker *w,
                               void *twin, size_t want)
{
    for (int d = 1;; d++) {
        xcc_status s = enumerate(e, sink, p, st, t, d, w, twin);
        if (s || lost_a_task(e, t))
            return XCC_NO_MEMORY;
        if (e->fig.stop == XCC_STOP_MEMS)
            return XCC_OK; /* T<n> reached above the split: the real pass reports it */
        if (e->fig.stop != XCC_COMPLETE || t->ps.count >= want || t->ps.count == 0 || d >= 64)
            return XCC_OK;
        xcc_tree_free(e);
    }
}

/* ---- workers ------------------------------------------------------------- */

/* A worker's solution: numbered in all, handed to the caller, limits. */
static int worker_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    worker *w = ctx;
    shared *sh = w->sh;
    int stop = 0;
    pthread_mutex_lock(&sh->lock);
    if (sh->count >= sh->st->max_solutions) {
        stop = 1;
        w->t.fig.solutions--; /* found after the limit: not counted */
    } else {
        xcc_solution global = *s;
        global.number = ++sh->count;
        if (xcc_sink_wants(sh->user, global.number))
            stop = sh->user->solution(p, &global, sh->user->ctx);
        if (sh->count >= sh->st->max_solutions) {
            stop = 1;
            sh->stop = XCC_STOP_COUNT;
        } else if (stop) {
            sh->stop = XCC_STOP_CALLBACK;
        }
    }
    if (stop)
        sh->halt = 1;
    pthread_mutex_unlock(&sh->lock);
    return stop;
}

/* Takes the next task from the front or the back; 0 when none is left. */
static int take_task(shared *sh, int from_back, size_t *task)
{
    int got = 0;
    pthread_mutex_lock(&sh->lock);
    if (!sh->halt && sh->front < sh->back) {
        *task = from_back ? sh->mine[--sh->back] : sh->mine[sh->front++];
        got = 1;
    }
    pthread_mutex_unlock(&sh->lock);
    return got;
}

/* Books a finished task; 0 if the worker must stop. */
static int finish_task(shared *sh, xcc_status status, xcc_stop stop)
{
    pthread_mutex_lock(&sh->lock);
    sh->done++;
    if (status)
        sh->failed = 1, sh->halt = 1;
    else if (stop == XCC_STOP_MEMS && sh->stop == XCC_COMPLETE)
        sh->stop = XCC_STOP_MEMS, sh->halt = 1;
    else if (stop == XCC_STOP_INTERRUPT && sh->stop == XCC_COMPLETE && !sh->halt)
        sh->stop = XCC_STOP_INTERRUPT;
    pthread_mutex_unlock(&sh->lock);
    return !status && stop == XCC_COMPLETE;
}

/* One task's subtree, walked by the twin tw below its path, into t. */
static xcc_status walk_below(const xcc_walker *w, void *tw, xcc_tree *t, const int *path,
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

/* One task's subtree, walked by the worker's twin below its path. */
static xcc_status walk_with_twin(worker *w, const int *path, int depth)
{
    return walk_below(w->sh->w, w->twin, &w->t, path, depth);
}

/* One task's subtree, danced on the worker's copy of the links. */
static xcc_status walk_with_links(worker *w, const int *path, int depth, size_t task)
{
    const xcc_walker *walker = w->sh->w;
    if (walker->replay(&w->t, path, depth))
        return XCC_NO_MEMORY;
    gb_rng rng;
    if (w->sh->st->randomize) { /* random ties: a stream of its own per task */
        gb_rng_init(&rng, (long)(task * 2654435761u % 2147483647u));
        w->t.rng = &rng;
    }
    xcc_status s = walker->walk(&w->t);
    w->t.rng = NULL;
    walker->unreplay(&w->t); /* the walk took back what it chose below */
    return s;
}

static void *work(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    tasks *t = sh->t;
    size_t task;
#ifdef __linux__
    if (w->placed) /* it runs: from now on the scheduler decides */
        pthread_setaffinity_np(pthread_self(), sizeof w->allowed, &w->allowed);
#endif
    while (take_task(sh, w->k % 2, &task)) {
        int len;
        const int *path = path_of(&t->ps, task, &len);
        w->t.fig.stop = XCC_COMPLETE;
        xcc_status s = w->twin ? walk_with_twin(w, path, len)
                               : walk_with_links(w, path, len, task);
        if (!finish_task(sh, s, w->t.fig.stop))
            break;
    }
    return NULL;
}

/*
 * Starts worker w's thread, the nth started (from 0). Left to itself,
 * Linux may run a new thread on the core of the thread that made it and
 * move one of the two to an idle core only later, so that both begin
 * late (bench/NOTES.md). So the new thread is started on a CPU other
 * than this one (the nth of the others it may use), and once it runs it
 * may go anywhere it could before (see work). Returns pthread_create's
 * result.
 */
static int start_thread(worker *w, int nth)
{
    pthread_attr_t attr;
    if (pthread_attr_init(&attr))
        return pthread_create(&w->thread, NULL, work, w);
#ifdef __linux__
    int here = sched_getcpu(), others = 0;
    if (here >= 0 && !sched_getaffinity(0, sizeof w->allowed, &w->allowed)) {
        others = CPU_COUNT(&w->allowed) - CPU_ISSET(here, &w->allowed);
        for (int c = 0, seen = 0; others > 0 && c < CPU_SETSIZE; c++) {
            if (c == here || !CPU_ISSET(c, &w->allowed) || seen++ != nth % others)
                continue;
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(c, &one);
            w->placed = !pthread_attr_setaffinity_np(&attr, sizeof one, &one);
            break;
        }
    }
#else
    (void)nth;
#endif
    int err = pthread_create(&w->thread, &attr, work, w);
    pthread_attr_destroy(&attr);
    return err;
}

/* ---- shards -------------------------------------------------------------- */

/*
 * The plan of a split for shards. Subtrees cut at one depth are of very
 * different sizes, and the few largest make their shards the slowest,
 * however they are dealt; cutting deeper everywhere makes the top of
 * the tree (shard 1's) as large as a shard's share. So the cut follows
 * the estimated sizes: starting from the root's children, the largest
 * subtree is cut into its children, again and again, until there are at
 * least SHARD_TASKS per shard and none is estimated above 1/SHARD_SMALL
 * of a shard's share of the whole, or SHARD_MOST per shard are there, or
 * the nodes cut below (which shard 1 searches) make half a share.
 * The nodes so cut below are searched by the enumerator (shard 1's, and
 * dealt as such), the subtrees below them are the tasks. Every machine
 * makes the same plan: the estimates draw their random numbers from a
 * seed made of the path.
 *
 * Knuth's estimate (xcc_estimate_subtree) of a large subtree from a few
 * probes is most often far too small: most probes end in a dead end
 * soon, and the rare long one that would make up for them is not drawn.
 * The subtrees near the root, few and large, get many probes (2048 at
 * depth 1, a quarter as many a level down), the others SHARD_PROBES.
 * (bench/NOTES.md has the measures.)
 */
#define SHARD_TASKS 8
#define SHARD_SMALL 4
#define SHARD_MOST 64
#define SHARD_PROBES 16
#define SHARD_PROBES_TOP 2048

typedef struct sized {
    size_t task;
    double size;
} sized;

static int larger_first(const void *a, const void *b)
{
    const sized *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return x->task < y->task ? -1 : x->task > y->task;
}

static int interrupted(const xcc_settings *st)
{
    return st->interrupt && *st->interrupt;
}

/* The estimated size of the subtree below path, replayed on e. */
static double estimate_below(const xcc_walker *w, xcc_tree *e, const int *path, int len,
                             xcc_status *s)
{
    unsigned long h = 2166136261u;
    for (int l = 0; l < len; l++)
        h = (h ^ (unsigned long)path[l]) * 16777619u;
    gb_rng rng;
    gb_rng_init(&rng, (long)(h % 2147483647u));
    if ((*s = w->replay(e, path, len)))
        return 0;
    int probes = len < 6 ? SHARD_PROBES_TOP >> (2 * (len - 1)) : 0;
    double size = w->estimate(e, probes > SHARD_PROBES ? probes : SHARD_PROBES, &rng);
    w->unreplay(e);
    if (size < 0)
        *s = XCC_NO_MEMORY;
    return size;
}

/* The plan's subtrees not cut yet, largest on top of a heap. */
typedef struct leaves {
    sized *heap;  /* task: the index of its path in the plan's set of all */
    size_t count, cap;
    paths all;    /* every node met */
    double total; /* estimated nodes of the whole tree */
} leaves;

static void heap_up(sized *h, size_t i)
{
    while (i > 0 && larger_first(&h[i], &h[(i - 1) / 2]) < 0) {
        sized x = h[i];
        h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = x;
        i = (i - 1) / 2;
    }
}

static sized heap_pop(sized *h, size_t *n)
{
    sized top = h[0];
    h[0] = h[--*n];
    for (size_t i = 0;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < *n && larger_first(&h[l], &h[m]) < 0)
            m = l;
        if (l + 1 < *n && larger_first(&h[l + 1], &h[m]) < 0)
            m = l + 1;
        if (m == i)
            break;
        sized x = h[i];
        h[i] = h[m], h[m] = x;
        i = m;
    }
    return top;
}

/* Adds the children of the node at path all[at] to the leaves. */
static xcc_status add_children(xcc_tree *e, leaves *lv, size_t at)
{
    int len, item;
    xcc_status s = XCC_OK;
    xcc_problem *p = e->p;
    const int *at_path = path_of(&lv->all, at, &len);
    if ((s = xcc_replay(e, at_path, len)))
        return s;
    item = xcc_branch_item(p);
    int n = item ? p->nd[item].len : 0, *child = malloc(((size_t)len + 1) * sizeof(int));
    int *opts = malloc(((size_t)n + 1) * sizeof(int));
    if (child && opts) {
        int k = 0;
        for (int c = item ? p->nd[item].down : 0; k < n; c = p->nd[c].down)
            opts[k++] = c;
        xcc_unreplay(e);
        const int *path = path_of(&lv->all, at, &len);
        if (len)
            memcpy(child, path, (size_t)len * sizeof(int));
        for (k = 0; k < n && !s; k++) {
            child[len] = opts[k];
            double size = estimate_below(&dlx2_walker, e, child, len + 1, &s);
            if (s)
                break;
            if (lv->count == lv->cap) {
                size_t cap = lv->cap ? 2 * lv->cap : 256;
                sized *q = realloc(lv->heap, cap * sizeof(sized));
                if (!q) {
                    s = XCC_NO_MEMORY;
                    break;
                }
                lv->heap = q, lv->cap = cap;
            }
            if (add_path(&lv->all, child, len + 1)) {
                s = XCC_NO_MEMORY;
                break;
            }
            lv->heap[lv->count] = (sized){lv->all.count - 1, size};
            heap_up(lv->heap, lv->count++);
            lv->total += size;
        }
    } else {
        xcc_unreplay(e);
        s = XCC_NO_MEMORY;
    }
    free(child), free(opts);
    return s;
}

/*
 * Makes the plan for st->shards shards: cut gets the nodes to search
 * above the tasks, sorted for path_in, and *depth the deepest a task
 * may be. Stops when the caller says so (XCC_STOP_INTERRUPT in *stop).
 */
static xcc_status plan_shards(xcc_problem *p, const xcc_settings *st, paths *cut, int *depth,
                              paths *leaf, double **leaf_size, xcc_stop *stop)
{
    xcc_tree e;
    leaves lv = {.total = 1};
    size_t want = (size_t)SHARD_TASKS * (size_t)st->shards;
    size_t most = (size_t)SHARD_MOST * (size_t)st->shards;
    *depth = 1;
    xcc_status s = prepare(&e, p, st, NULL);
    if (!s && add_path(&lv.all, NULL, 0))
        s = XCC_NO_MEMORY;
    if (!s)
        s = add_children(&e, &lv, 0);
    for (size_t above = 1; !s && lv.count > 0 && lv.count < most && *stop == XCC_COMPLETE;
         above++) {
        int len;
        const int *top = path_of(&lv.all, lv.heap[0].task, &len);
        double share = lv.total / st->shards;
        if ((lv.count >= want && lv.heap[0].size * SHARD_SMALL <= share)
            || 2.0 * (double)above >= share || len >= 63)
            break;
        sized leaf = heap_pop(lv.heap, &lv.count);
        lv.total += 1 - leaf.size;
        top = path_of(&lv.all, leaf.task, &len);
        if (add_path(cut, top, len)) {
            s = XCC_NO_MEMORY;
            break;
        }
        if (len + 1 > *depth)
            *depth = len + 1;
        s = add_children(&e, &lv, leaf.task);
        if (interrupted(st))
            *stop = XCC_STOP_INTERRUPT;
    }
    xcc_tree_free(&e);
    /* the leaves left are the tasks, if the walk branches as plain_choice */
    *leaf_size = malloc((lv.count + 1) * sizeof(double));
    if (!s && !*leaf_size)
        s = XCC_NO_MEMORY;
    for (size_t i = 0; !s && i < lv.count; i++) {
        int len;
        const int *path = path_of(&lv.all, lv.heap[i].task, &len);
        (*leaf_size)[i] = lv.heap[i].size;
        if (add_path(leaf, path, len))
            s = XCC_NO_MEMORY;
    }
    free(lv.heap);
    free_paths(&lv.all);
    if (!s)
        s = sort_paths(cut, NULL);
    if (!s)
        s = sort_paths(leaf, *leaf_size);
    return s;
}

/*
 * Deals the tasks out to st->shards shards, largest estimate first to
 * the least loaded shard, shard 1 loaded first with the nodes above the
 * tasks (top): owner[i] is the shard (from 0) of task i. The same on
 * every machine.
 */
static xcc_status deal_tasks(xcc_problem *p, const xcc_settings *st, const xcc_walker *w,
                             const tasks *t, ullng top, int *owner, xcc_stop *stop)
{
    const paths *known = t->leaf;
    sized *est = malloc((t->ps.count + 1) * sizeof(sized));
    double *load = calloc((size_t)st->shards, sizeof(double));
    xcc_tree e;
    xcc_status s = XCC_NO_MEMORY;
    if (est && load) {
        s = prepare(&e, p, st, NULL);
        for (size_t i = 0; !s && i < t->ps.count && *stop == XCC_COMPLETE; i++) {
            int len;
            const int *path = path_of(&t->ps, i, &len);
            size_t at = known ? path_at(known, path, len) : 0;
            est[i].task = i;
            est[i].size = known && at < known->count ? t->leaf_size[at]
                                                     : estimate_below(w, &e, path, len, &s);
            if (interrupted(st))
                *stop = XCC_STOP_INTERRUPT;
        }
        xcc_tree_free(&e);
    }
    if (!s && *stop == XCC_COMPLETE) {
        qsort(est, t->ps.count, sizeof(sized), larger_first);
        load[0] = (double)top;
        for (size_t i = 0; i < t->ps.count; i++) {
            int least = 0;
            for (int k = 1; k < st->shards; k++)
                if (load[k] < load[least])
                    least = k;
            load[least] += est[i].size;
            owner[est[i].task] = least;
        }
    }
    free(est);
    free(load);
    return s;
}

/* This part's tasks: a shard's (top: the nodes above them), or all. */
static xcc_status my_tasks(shared *sh, xcc_problem *p, ullng top, xcc_stop *stop)
{
    size_t n = sh->t->ps.count;
    sh->mine = malloc((n + 1) * sizeof(size_t));
    if (!sh->mine)
        return XCC_NO_MEMORY;
    sh->nmine = 0;
    if (sh->st->shards <= 1) {
        for (size_t i = 0; i < n; i++)
            sh->mine[sh->nmine++] = i;
        return XCC_OK;
    }
    int *owner = malloc((n + 1) * sizeof(int));
    xcc_status s = owner ? deal_tasks(p, sh->st, sh->w, sh->t, top, owner, stop) : XCC_NO_MEMORY;
    for (size_t i = 0; !s && *stop == XCC_COMPLETE && i < n; i++)
        if (owner[i] == sh->st->shard - 1)
            sh->mine[sh->nmine++] = i;
    free(owner);
    return s;
}

/* A plan of plan_shards: the nodes cut below, the tasks and their sizes. */
typedef struct plan {
    paths cut, leaf;
    double *leaf_size;
} plan;

static void free_plan(plan *pl)
{
    free_paths(&pl->cut), free_paths(&pl->leaf), free(pl->leaf_size);
}

/* The tasks of a split for shards (by plan_shards), into e and t. */
static xcc_status enumerate_planned(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                                    const xcc_settings *st, tasks *t, plan *pl,
                                    const xcc_walker *w, void *twin)
{
    int depth;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status s = plan_shards(p, st, &pl->cut, &depth, &pl->leaf, &pl->leaf_size, &stop);
    t->cut_below = &pl->cut;
    t->leaf = &pl->leaf, t->leaf_size = pl->leaf_size;
    if (!s)
        s = enumerate(e, sink, p, st, t, depth, w, twin);
    else
        xcc_tree_init(e, p, st, sink); /* for the caller to free */
    if (!s && lost_a_task(e, t))
        s = XCC_NO_MEMORY;
    if (!s && stop == XCC_STOP_INTERRUPT)
        e->fig.stop = XCC_STOP_INTERRUPT;
    return s;
}

xcc_status xcc_shard_nodes(xcc_problem *p, const xcc_settings *st, ullng *nodes)
{
    const xcc_walker *walker = &dlx2_walker;
    xcc_settings one = *st;
    one.threads = 1, one.shards = 0, one.shard = 0;
    int twins = !walker->twin_refuses(p, &one);
    void *twin = twins ? walker->twin_new(p) : NULL;
    tasks t = {.counting_only = 1};
    plan pl = {0};
    xcc_sink none = {0};
    xcc_tree e, w;
    int *owner = NULL;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status s = enumerate_planned(&e, &none, p, st, &t, &pl, walker, twin);
    memset(nodes, 0, (size_t)st->shards * sizeof(ullng));
    nodes[0] = e.fig.nodes;
    if (!s && !(owner = malloc((t.ps.count + 1) * sizeof(int))))
        s = XCC_NO_MEMORY;
    if (!s)
        s = deal_tasks(p, st, walker, &t, e.fig.nodes, owner, &stop);
    for (size_t i = 0; !s && i < t.ps.count && stop == XCC_COMPLETE; i++) {
        int len;
        const int *path = path_of(&t.ps, i, &len);
        if ((s = prepare(&w, p, &one, &none)))
            break;
        if (twin) {
            s = walk_below(walker, twin, &w, path, len);
        } else if (!(s = walker->replay(&w, path, len))) {
            s = walker->walk(&w);
            walker->unreplay(&w);
        }
        nodes[owner[i]] += w.fig.nodes;
        xcc_tree_free(&w);
    }
    xcc_tree_free(&e);
    if (twin)
        walker->twin_delete(twin);
    free(owner);
    free_paths(&t.ps);
    free_plan(&pl);
    return s;
}

/* ---- running the workers ------------------------------------------------- */

/*
 * Makes n workers, each with its copy of the problem and its walk, and a
 * twin when they may use one. All are made before any starts, so that
 * the memo is shared before anyone searches. Returns how many were made
 * (the last may be half made after running out of memory: sh->failed).
 */
static int make_workers(shared *sh, worker **w, int n, xcc_problem *p)
{
    /* the workers report nothing: they may share one memo (xcc_twin.c) */
    int share = !sh->numbering && !(xcc_knobs(sh->st)->vbose & XCC_SHOW_PROFILE);
    int made = 0;
    while (made < n && !interrupted(sh->st)) {
        worker *x = w[made] = new_worker();
        made++;
        if (!x || xcc_clone(p, &x->p)) {
            sh->failed = 1;
            break;
        }
        x->cloned = 1;
        x->sh = sh;
        x->k = made - 1;
        x->sink = (xcc_sink){.solution = sh->numbering ? worker_solution : NULL, .ctx = x};
        x->walking = 1;
        if (prepare(&x->t, &x->p, sh->st, &x->sink)) {
            sh->failed = 1;
            break;
        }
        x->t.halt = &sh->halt;
        x->t.maxcount = ~0ULL; /* the shared count decides */
        if (sh->use_twin) {
            x->twin = sh->w->twin_new(&x->p); /* NULL: it dances instead */
            if (x->twin && made > 1 && w[0]->twin && share && sh->w->twin_share_memo)
                sh->w->twin_share_memo(x->twin, w[0]->twin);
        }
    }
    return made;
}

/* Reports the share of tasks finished, every 0.2 s, until all are. */
static void report_while_waiting(shared *sh)
{
    for (;;) {
        struct timespec pause = {0, 200000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&sh->lock);
        int over = sh->done >= sh->nmine || sh->halt;
        double share = sh->nmine ? (double)sh->done / (double)sh->nmine : 1.0;
        pthread_mutex_unlock(&sh->lock);
        if (over)
            break;
        xcc_progress pr = {.fraction = share, .subtrees = 1, .mems_counted = 1};
        sh->user->progress(sh->user->ctx, &pr);
    }
}

/*
 * Runs the made workers: this thread is worker 0, unless it must report
 * progress while the others work (one thread fewer to start, and it can
 * begin at once). Returns how many searched.
 */
static int run_workers(shared *sh, worker **w, int made)
{
    int reporting = sh->user->progress && xcc_knobs(sh->st)->delta;
    int first = reporting ? 0 : 1; /* the first worker with a thread of its own */
    int ready = !sh->failed && made > 0; /* read before any thread may write it */
    int started = first; /* workers first .. started - 1 have threads */
    while (ready && started < made && !start_thread(w[started], started - first))
        started++;
    int ran = 0;
    if (ready) {
        if (first || started == 0)
            work(w[0]); /* here, as planned, or because no thread could start */
        ran = started ? started : 1;
    }
    if (started > 0 && reporting)
        report_while_waiting(sh);
    for (int i = first; i < started; i++)
        pthread_join(w[i]->thread, NULL); /* all, before a shared memo goes */
    return ran;
}

/* ---- the driver ---------------------------------------------------------- */

/*
 * Solves with the settings of st, splitting the tree near the root into
 * subtrees handed out to threads as they become free; fig comes out as
 * the sums over all parts, equal to those of the sequential search
 * without randomizing. With shards > 1 only that shard's subtrees are
 * searched; the figures and the solutions of the part of the tree above
 * the split belong to shard 1, so the shards' figures add up to the
 * whole. The problem comes back as it was (the threads search copies),
 * and its stop_len is not set. The sink's solutions come from any
 * thread, never two at a time, numbered in all.
 */
xcc_status xcc_threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figures *fig, const xcc_walker *walker, int use_twin)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    int sharded = st->shards > 1, n = st->threads > 1 ? st->threads : 1;
    size_t want = (size_t)(k->tasks_per_worker > 0 ? k->tasks_per_worker : 64) * (size_t)n;
    xcc_settings one = *st; /* what a twin or a worker is asked */
    one.threads = 1, one.shards = 0, one.shard = 0;
    int twins = use_twin && !walker->twin_refuses(p, &one);
    tasks t = {.counting_only = 1, .user = sink};
    xcc_sink esink = {.solution = sink->solution ? enumerator_solution : NULL,
                      .every = sink->every, .ctx = &t};
    shared sh = {.st = st, .user = sink, .t = &t, .stop = XCC_COMPLETE, .use_twin = twins, .w = walker,
                 .numbering = sink->solution || st->max_solutions != ~0ULL};
    xcc_tree e;
    worker **w = NULL;
    int made = 0, ran = 0;
    void *twin = twins ? walker->twin_new(p) : NULL; /* NULL: the enumerator dances */
    pthread_mutex_init(&sh.lock, NULL);

    plan pl = {0};
    int planned = sharded && walker == &dlx2_walker; /* add_children branches as DLX2 */
    xcc_status s = planned ? enumerate_planned(&e, &esink, p, st, &t, &pl, walker, twin)
                           : choose_depth(&e, &esink, p, st, &t, walker, twin,
                                          sharded ? want * (size_t)st->shards : want);
    /*
     * The real enumeration: tasks, and the figures above the split. The
     * last trial pass is that very walk when it met no solution (none to
     * hand out, no count limit to meet), stayed under the mems limit and
     * drew no random numbers; then it stands, and the top of the tree is
     * not walked again (it can cost as much as a subtree).
     */
    if (!s && e.fig.stop == XCC_STOP_INTERRUPT) {
        forget_figures(&e); /* stopped while sizing the split */
        e.fig.stop = XCC_STOP_INTERRUPT;
    } else if (!s && (e.fig.solutions || e.fig.mems >= st->max_mems || st->randomize)) {
        xcc_tree_free(&e);
        t.counting_only = 0;
        if (sharded && st->shard != 1)
            t.user = NULL; /* shard 1 hands out these solutions */
        s = enumerate(&e, &esink, p, st, &t, t.depth, walker, twin);
        if (!s && lost_a_task(&e, &t))
            s = XCC_NO_MEMORY;
    }
    if (twin)
        walker->twin_delete(twin);
    xcc_stop stop = s ? XCC_COMPLETE : e.fig.stop;
    if (s || stop != XCC_COMPLETE || (s = my_tasks(&sh, p, e.fig.nodes, &stop))
        || stop != XCC_COMPLETE)
        goto done; /* a limit above the split, an interruption, or no memory */

    w = calloc((size_t)n, sizeof(worker *));
    if (!w || !sh.nmine) {
        s = w ? XCC_OK : XCC_NO_MEMORY;
        goto done;
    }
    sh.count = sharded && st->shard != 1 ? 0 : e.fig.solutions;
    sh.front = 0, sh.back = sh.nmine;
    made = make_workers(&sh, w, n, p);
    ran = run_workers(&sh, w, made);
done:
    if (sharded && st->shard != 1)
        forget_figures(&e); /* the enumerator's figures are shard 1's */
    for (int i = 0; i < ran; i++)
        add_counts(&e, &w[i]->t);
    if (sh.numbering && ran)
        e.fig.solutions = sh.count; /* counted there, found after a limit or not */
    e.fig.stop = sh.stop != XCC_COMPLETE ? sh.stop : stop;
    if (interrupted(st))
        e.fig.stop = XCC_STOP_INTERRUPT;
    e.vbose = k->vbose & XCC_SHOW_PROFILE;
    e.fig.knuth = walker->knuth;
    xcc_tree_figures(&e, fig);
    fig->level = 0;
    xcc_tree_free(&e);
    for (int i = made - 1; i >= 0; i--) /* w[0] last: it may own the memo */
        free_worker(w[i]);
    free(w);
    free(sh.mine);
    free_paths(&t.ps);
    free_plan(&pl);
    pthread_mutex_destroy(&sh.lock);
    return s ? s : sh.failed ? XCC_NO_MEMORY : XCC_OK;
}

/* ---- the engines ----------------------------------------------------------- */

const char *xcc_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    (void)p;
    if (st->threads <= 1 && st->shards <= 1)
        return "one thread and the whole tree: nothing to share out";
    if (k->want_shape)
        return "S<file> needs the whole tree in one thread: not with -j or --shard";
    if (st->threads > 1 && (k->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS)))
        return "tracing (v2, v4) needs one thread: not with -j";
    if (st->accept || st->retract)
        return "pruning hooks need one thread: not with -j or --shard";
    return NULL;
}

/* DLX2's walks, as the driver sees them. */
static void *twin_new(const xcc_problem *p)
{
    return xcc_twin_new(p);
}

static void twin_delete(void *tw)
{
    xcc_twin_delete(tw);
}

static xcc_status twin_walk(void *tw, xcc_tree *t)
{
    return xcc_twin_walk(tw, t);
}

static void twin_share_memo(void *tw, void *from)
{
    xcc_twin_share_memo(tw, from);
}

static const xcc_walker dlx2_walker = {
    xcc_links_walk, xcc_replay, xcc_unreplay, xcc_estimate_subtree,
    xcc_twin_refuses, twin_new, twin_delete, twin_walk, twin_share_memo, 0,
};

static xcc_status threads_twin_solve(xcc_problem *p, const xcc_settings *st,
                                     const xcc_sink *sink, xcc_figures *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &dlx2_walker, 1);
}

static xcc_status threads_links_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figures *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &dlx2_walker, 0);
}

const xcc_engine xcc_threads_twin = {"threads", xcc_threads_refuses, threads_twin_solve, NULL};
const xcc_engine xcc_threads_links = {"threads", xcc_threads_refuses, threads_links_solve, NULL};
