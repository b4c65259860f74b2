/*
 * parallel/dlx5.c — DLX5's minimum-cost search over threads (-j) and
 * machines (--shard): the same k best costs as one search.
 *
 * The tree is cut at a depth d near the root, as for DLX2's search
 * (parallel/parallel.c): a first walk, the enumerator, writes down the path
 * to every node of level d (a task) and skips its subtree; each task's
 * subtree is then searched by a worker, which replays the path on its
 * own copy of the links (or its own twin) and walks below it.
 *
 * Unlike DLX2's, this tree depends on the order of events: an option is
 * tried only if it stays below the cutoff, the k-th best cost found so
 * far, and the threads share it. They share the k best too (one heap,
 * under a lock), so a solution is kept and handed out only if it still
 * improves on the k best of all threads; each walk reads the shared
 * cutoff at every node, and a worker replays a task with the cutoff of
 * the moment, dropping it if its path costs too much already. The k best
 * come out as those of one search; the figures (nodes, mems, solutions
 * handed out) depend on the timing.
 *
 * The enumerator walks with no cutoff (the tasks are then the same on
 * every machine and in every run): its solutions, above the split, go
 * into the shared heap but do not prune its own walk. Shards deal the
 * tasks round-robin (task i to shard i mod N + 1); shard 1 also owns the
 * enumerator's solutions and figures. A shard's k best are those of its
 * part of the tree, and the k best of the parts' (dlx2 --merge) are the
 * whole problem's.
 */
#include "parallel/parallel.h"
#include "tree/dlx5.h"
#include "engine.h"
#include "base/alloc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What the threads share. */
typedef struct shared {
    const xcc_settings *st;
    const xcc_sink *user;     /* the caller's sink */
    int depth;                /* of the tasks */
    int *paths;               /* the tasks' paths, depth ints each */
    size_t count, cap;        /* tasks, ints allocated */
    size_t next;              /* the next task to take (this shard's: next % shards) */
    pthread_mutex_t lock;     /* next, best, numbered, stop, failed, the user's sink */
    cost_best best;           /* the k best of all threads */
    _Atomic ullng cutoff;     /* best.heap[0], read without the lock */
    atomic_int halt;          /* stops every walk */
    ullng numbered;           /* solutions handed out */
    xcc_stop stop;
    int failed;               /* out of memory in a thread */
} shared;

typedef struct worker {
    shared *sh;
    cost_walk w;
    int walking;              /* w is set up */
    pthread_t thread;
} worker;

/* ---- the k best, shared ------------------------------------------------------- */

/*
 * A walk's solution (net cost w->nextcost): kept and handed out if it
 * still improves on the k best of all threads. The enumerator's own
 * cutoff stays where it was (see the top of the file).
 */
static int shared_solution(cost_walk *w, void *ctx)
{
    shared *sh = ctx;
    int stop = 0, enumerating = w->t.split_depth > 0;
    ullng own = w->cutoff;
    pthread_mutex_lock(&sh->lock);
    ullng old = sh->best.heap[0];
    if (w->nextcost < old && !sh->halt) {
        w->t.fig.mems += xcc_cost_best_add(&sh->best, w->nextcost);
        atomic_store(&sh->cutoff, sh->best.heap[0]);
        w->t.fig.solutions++;
        sh->numbered++;
        if (sh->user->solution) {
            xcc_u128 mine = w->t.fig.solutions;
            w->t.fig.solutions = sh->numbered; /* the number it is handed out with */
            stop = xcc_cost_hand_out(w, old);
            w->t.fig.solutions = mine;
        }
        if (stop)
            sh->stop = XCC_STOP_CALLBACK;
        else if (sh->numbered >= sh->st->max_solutions)
            stop = 1, sh->stop = XCC_STOP_COUNT;
        if (stop)
            sh->halt = 1;
    }
    pthread_mutex_unlock(&sh->lock);
    w->cutoff = enumerating ? own : atomic_load(&sh->cutoff);
    if (stop)
        w->t.fig.stop = sh->stop;
    return stop;
}

/* A trial pass's solution: not kept. */
static int ignore_solution(cost_walk *w, void *ctx)
{
    (void)w, (void)ctx;
    return 0;
}

/* ---- the enumerator ------------------------------------------------------------- */

static int record_task(xcc_tree *t, void *ctx)
{
    shared *sh = ctx;
    return xcc_path_append(&sh->paths, &sh->count, &sh->cap, t->choice, sh->depth);
}

/* The top of the tree down to depth d, its tasks recorded; trial: its solutions not kept. */
static xcc_status enumerate(cost_walk *e, shared *sh, int d, int trial)
{
    sh->depth = d;
    sh->count = 0;
    e->t.fig = (xcc_figs){.mems_counted = 1, .mems = (ullng)e->own.k};
    e->t.maxl = 0;
    e->cutoff = XCC_COST_INFINITY;
    e->curcost = 0;
    e->on_solution = trial ? ignore_solution : shared_solution;
    e->solution_ctx = sh;
    e->t.split_depth = d;
    e->t.on_split = record_task;
    e->t.split_ctx = sh;
    xcc_status s = xcc_cost_search(e);
    if (!s && e->t.fig.stop == XCC_STOP_CALLBACK && e->t.level == d)
        s = XCC_NO_MEMORY; /* a task could not be recorded */
    return s;
}

/*
 * The first depth with enough tasks (or none, or a stop), then the real
 * pass; keep: whether its solutions are this part's.
 */
static xcc_status enumerate_tasks(cost_walk *e, shared *sh, size_t want, int keep)
{
    int d = 1;
    for (;; d++) {
        xcc_status s = enumerate(e, sh, d, 1);
        if (s)
            return s;
        if (e->t.fig.stop != XCC_COMPLETE)
            break; /* the real pass meets the same limit */
        if (sh->count >= want || sh->count == 0 || d >= 64)
            break;
    }
    return enumerate(e, sh, d, !keep);
}

/* ---- workers --------------------------------------------------------------------- */

/* The next task of this shard; 0 when none is left. */
static int take_task(shared *sh, size_t *task)
{
    int got = 0, n = sh->st->shards > 1 ? sh->st->shards : 1, k = n > 1 ? sh->st->shard - 1 : 0;
    pthread_mutex_lock(&sh->lock);
    while (!sh->halt && !got && sh->next < sh->count) {
        size_t i = sh->next++;
        if ((int)(i % (size_t)n) == k)
            *task = i, got = 1;
    }
    pthread_mutex_unlock(&sh->lock);
    return got;
}

/* Books how a task ended; 0 if the worker must stop. */
static int finish_task(shared *sh, xcc_status status, xcc_stop stop)
{
    pthread_mutex_lock(&sh->lock);
    if (status)
        sh->failed = 1, sh->halt = 1;
    else if ((stop == XCC_STOP_MEMS || stop == XCC_STOP_INTERRUPT) && sh->stop == XCC_COMPLETE)
        sh->stop = stop, sh->halt = 1;
    pthread_mutex_unlock(&sh->lock);
    return !status && stop == XCC_COMPLETE;
}

static void *work(void *arg)
{
    worker *x = arg;
    shared *sh = x->sh;
    cost_walk *w = &x->w;
    size_t task;
    while (take_task(sh, &task)) {
        w->cutoff = atomic_load(&sh->cutoff);
        w->t.fig.stop = XCC_COMPLETE;
        int r = xcc_cost_replay(w, sh->paths + task * (size_t)sh->depth, sh->depth);
        xcc_status s = r < 0 ? XCC_NO_MEMORY : XCC_OK;
        if (!r) { /* r = 1: its path costs too much now */
            s = xcc_cost_search(w);
            xcc_cost_unreplay(w);
        }
        if (!finish_task(sh, s, w->t.fig.stop))
            break;
    }
    return NULL;
}

/* Worker x's walk, a copy of the enumerator's. */
static xcc_status make_worker(worker *x, shared *sh, const cost_walk *e, const xcc_settings *one)
{
    x->sh = sh;
    xcc_status s = xcc_cost_walk_twin(&x->w, e, one, sh->user);
    x->walking = 1;
    if (s)
        return s;
    x->w.t.delta = 0;
    x->w.t.halt = &sh->halt;
    x->w.t.maxcount = ~(xcc_u128)0; /* the shared count decides */
    x->w.shared_cutoff = &sh->cutoff;
    x->w.on_solution = shared_solution;
    x->w.solution_ctx = sh;
    return XCC_OK;
}

/* Adds the figures of a worker to the enumerator's. */
static void add_counts(cost_walk *to, const cost_walk *from)
{
    xcc_figs *a = &to->t.fig;
    const xcc_figs *b = &from->t.fig;
    a->solutions += b->solutions, a->mems += b->mems, a->updates += b->updates;
    a->cleansings += b->cleansings, a->nodes += b->nodes;
    if (from->t.maxl > to->t.maxl)
        to->t.maxl = from->t.maxl;
}

/* ---- the driver ------------------------------------------------------------------ */

static xcc_status threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                                xcc_figs *fig, int twin)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    int n = st->threads > 1 ? st->threads : 1, sharded = st->shards > 1;
    size_t want = (size_t)(k->tasks_per_worker > 0 ? k->tasks_per_worker : 64) * (size_t)n
                  * (size_t)(sharded ? st->shards : 1);
    xcc_settings one = *st;
    one.threads = 1, one.shards = 0, one.shard = 0;
    shared sh = {.st = st, .user = sink, .stop = XCC_COMPLETE};
    worker *w = NULL;
    int made = 0, started = 0;
    cost_walk e;
    pthread_mutex_init(&sh.lock, NULL);

    xcc_status s = xcc_cost_walk_init(&e, p, &one, sink, &xcc_cost_links_method);
    if (!s && twin)
        xcc_cost_twin_install(&e, &one);
    if (!s)
        s = xcc_cost_best_init(&sh.best, e.own.k);
    if (s || !xcc_cost_z_fits(&e))
        goto done;
    atomic_store(&sh.cutoff, (ullng)XCC_COST_INFINITY);
    e.t.delta = 0;
    e.t.halt = &sh.halt;
    e.t.maxcount = ~(xcc_u128)0;
    if ((s = enumerate_tasks(&e, &sh, want, !sharded || st->shard == 1)))
        goto done;
    if (e.t.fig.stop != XCC_COMPLETE && sh.stop == XCC_COMPLETE)
        sh.stop = e.t.fig.stop; /* a limit, or an interruption, above the split */
    if (sharded && st->shard != 1)
        e.t.fig = (xcc_figs){.mems_counted = 1}; /* the top is shard 1's */
    if (sh.stop != XCC_COMPLETE || !sh.count)
        goto done;

    w = calloc((size_t)n, sizeof(worker));
    if (!w) {
        s = XCC_NO_MEMORY;
        goto done;
    }
    while (made < n && !s)
        s = make_worker(&w[made++], &sh, &e, &one);
    if (s)
        goto done;
    while (started + 1 < n && !pthread_create(&w[started + 1].thread, NULL, work, &w[started + 1]))
        started++;
    work(&w[0]);
    for (int i = 1; i <= started; i++)
        pthread_join(w[i].thread, NULL);
    for (int i = 0; i <= started; i++)
        add_counts(&e, &w[i].w);
done:
    e.t.fig.stop = sh.stop;
    if (st->interrupt && *st->interrupt)
        e.t.fig.stop = XCC_STOP_INTERRUPT;
    xcc_cost_figures(&e, fig);
    if (!s && sh.failed)
        s = XCC_NO_MEMORY;
    if (!s && sh.best.heap)
        s = xcc_cost_best_figures(&sh.best, e.tx, fig);
    for (int i = 0; i < made; i++)
        if (w[i].walking)
            xcc_cost_walk_free(&w[i].w);
    free(w);
    xcc_cost_walk_free(&e);
    xcc_cost_best_free(&sh.best);
    free(sh.paths);
    pthread_mutex_destroy(&sh.lock);
    return s;
}

/* ---- the engines -------------------------------------------------------------------- */

static const char *threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const char *no = xcc_threads_refuse_common(st, 0);
    (void)p;
    if (no)
        return no;
    if (st->randomize)
        return "the minimum-cost search breaks no ties at random (DLX5 has no {randomize|s<n>})";
    return NULL;
}

static xcc_status threads_twin_solve(xcc_problem *p, const xcc_settings *st,
                                     const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return threads_solve(p, st, sink, fig, 1);
}

static xcc_status threads_links_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    (void)d;
    return threads_solve(p, st, sink, fig, 0);
}

const xcc_engine xcc_cost_threads = {"cost-threads", threads_refuses, threads_twin_solve, NULL};
const xcc_engine xcc_cost_threads_links = {"cost-threads", threads_refuses, threads_links_solve,
                                           NULL};
