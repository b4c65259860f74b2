/*
 * parallel/parallel.c — one search tree spread over threads (-j) and machines
 * (--shard), with exactly the counts of the sequential search: the
 * engines "threads over twins" and "threads over links".
 *
 * The tree is cut at a depth d near the root. A first walk (the
 * "enumerator") walks the levels above d as the sequential search would,
 * but at each node of level d it only writes down the path to it, a
 * task, and skips the subtree (split_depth in tree/walk.h; the paths and
 * the enumerator are in parallel/split.c). Then each
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
 * With --checkpoint and a listing or t<n> (shared.ordered), the threads
 * take the tasks from the front only and keep each task's solutions
 * until it is finished; the finished tasks are handed on in their order
 * (commit_ready), so that the listing is one thread's and at every
 * moment that of the tasks a checkpoint names as done.
 *
 * Shards: every machine makes the same plan of the cut (parallel/shard.c:
 * deeper where the estimated subtrees are larger, so that there are many
 * small tasks per shard), the same estimates of the tasks' sizes (fixed
 * seeds, so all machines agree), and deals them out largest first to the
 * shard with the least estimated work. Shard 1 also owns the
 * enumerator's own figures and solutions, and is dealt them first.
 * (Cut so for DLX2's tree; DLX3's is cut at one depth.)
 *
 * The driver knows the walks only through an xcc_walker (parallel.h):
 * DLX2's tree in parallel/dlx2.c, DLX3's in parallel/dlx3.c. This file holds the threads:
 * the workers, how they take tasks and hand solutions on, and the
 * driver that runs them (xcc_threads_solve).
 */
#ifdef __linux__
#define _GNU_SOURCE /* CPU affinity: see start_thread */
#include <sched.h>
#endif
#include "parallel/split.h"
#include "parallel/parallel.h"
#include "engine.h"
#include "base/alloc.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

/* What the threads share. */
typedef struct shared {
    const xcc_settings *st;
    const xcc_sink *user;  /* the caller's sink */
    int numbering;         /* solutions are numbered here: listed, or a count limit */
    int batching;          /* listed without a count limit: handed on in batches */
    const xcc_walker *w;   /* the tree's walks */
    int use_twin;          /* the workers may walk with twins */
    xcc_tasks *t;
    size_t *mine;          /* the indices of this shard's tasks */
    size_t nmine;
    size_t front, back;    /* mine[front .. back - 1] are not taken yet */
    size_t done;           /* tasks finished */
    unsigned char *finished; /* -p: which (by their index in t), or NULL */
    xcc_problem *p;        /* the problem, free while the workers search copies */
    pthread_mutex_t lock;  /* front, back, done, count, stop, the user's sink */
    atomic_int halt;       /* read by every worker's walk without the lock */
    xcc_u128 count;        /* the global solution number, when numbering */
    xcc_stop stop;
    int failed;            /* out of memory in a thread */
    /*
     * --checkpoint (the caller's sink has a checkpoint): the workers do
     * not see the caller's interrupt flag; this thread polls it (outer's)
     * and writes down which tasks are done (done_map, one byte a task of
     * t), with the sums of their figures (done_fig, done_maxl: those of a
     * checkpoint gone on from too). A task in flight is not done: it is
     * walked again when the run goes on.
     */
    const xcc_settings *outer;
    unsigned char *done_map;
    xcc_figs done_fig;
    int done_maxl;
    ullng plan;            /* the fingerprint of the tasks (xcc_paths_fingerprint) */
    /*
     * --checkpoint with a listing or t<n> (ordered): the tasks are taken
     * from the front only, each task's solutions are kept until it is
     * finished, and they are handed on (numbered, listed, counted) task
     * after task in the order of mine[], so that what is written at any
     * moment is the solutions of the top and of a prefix of the tasks,
     * all done (done_map): a checkpoint names exactly what the listing
     * holds, and the listing is the same in every run. A task finished
     * before those ahead of it waits in held[] (by its place in mine[]).
     */
    int ordered;
    struct held *held;
    size_t next;           /* mine[next] is the next task handed on */
    ullng *done_profile;   /* v128: the nodes per level of the tasks done, or NULL */
    int profile_cap;       /* levels in done_profile */
} shared;

/*
 * A worker's solutions not yet handed on (with m<n>). Handing each to
 * the caller's sink under the shared lock as it was found, two threads
 * listing millions of solutions spent more time passing the lock (and
 * the output stream's buffer) back and forth than listing: -j 2 m1 took
 * more CPU and more wall time than -j 1. So a worker keeps the choices
 * of up to BATCH_MOST solutions and hands them on together, numbered
 * then, under one taking of the lock; the sink writes them into its
 * stream one after another. Only when the sink says it may
 * (xcc_sink.batched), and not with t<n>, whose count must stop every
 * thread the moment it is reached.
 */
#define BATCH_MOST 256
typedef struct batch {
    const xcc_problem *p; /* the worker's copy, which the solutions name */
    xcc_solution *sols;  /* choices: offsets into ch until handed on */
    xcc_choice *ch;
    size_t n, ch_used, ch_cap, sols_cap;
} batch;

/* A task finished in ordered mode before those ahead of it were. */
typedef struct held {
    int finished;
    batch b;             /* its solutions (with t<n> and no listing, only their count) */
    xcc_figs fig;        /* its figures */
    int maxl;
    ullng *profile;      /* v128: its nodes per level, maxl + 1 of them, or NULL */
    int limited;         /* it stopped at the count limit (t<n>) */
} held;

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
    batch pending;
    size_t place;    /* ordered: its task's place in mine[] */
    xcc_u128 room;   /* ordered with t<n>: solutions its task may keep */
    int limited;     /* ordered: its task met room */
    ullng *pbase;    /* v128 with --checkpoint: its profile when its task began */
    int pbase_cap;
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
    free(w->pending.sols), free(w->pending.ch);
    free(w->pbase);
    if (w->walking)
        xcc_tree_free(&w->t);
    if (w->cloned)
        xcc_release(&w->p);
    free(w);
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
    e->fig = (xcc_figs){.mems_counted = 1};
    e->maxl = 0;
    if (e->profile)
        memset(e->profile, 0, (size_t)e->levels_cap * sizeof(ullng));
}

/* ---- workers ------------------------------------------------------------- */

/*
 * Hands w's pending solutions on, numbered in all; nonzero when the sink
 * asked to stop (then, or before from another thread), and then the
 * rest are neither handed on nor counted.
 */
static int hand_on(worker *w)
{
    shared *sh = w->sh;
    batch *b = &w->pending;
    if (!b->n)
        return 0;
    pthread_mutex_lock(&sh->lock);
    int stop = sh->stop == XCC_STOP_CALLBACK;
    for (size_t i = 0; i < b->n && !stop; i++) {
        xcc_solution global = b->sols[i];
        global.choices = b->ch + (size_t)b->sols[i].number;
        ++sh->count;
        global.number = (ullng)sh->count, global.number_high = (ullng)(sh->count >> 64);
        if (xcc_sink_wants(sh->user, sh->count)
            && sh->user->solution(b->p, &global, sh->user->ctx)) {
            stop = 1;
            sh->stop = XCC_STOP_CALLBACK;
            sh->halt = 1;
        }
    }
    pthread_mutex_unlock(&sh->lock);
    b->n = 0, b->ch_used = 0;
    return stop;
}

/* Keeps s of p for hand_on (its offset in number); nonzero without memory. */
static int keep(batch *b, const xcc_problem *p, const xcc_solution *s)
{
    size_t need = b->ch_used + (size_t)s->size;
    if (b->n == b->sols_cap) { /* BATCH_MOST, or more in ordered mode */
        size_t cap = b->sols_cap ? 2 * b->sols_cap : BATCH_MOST;
        xcc_solution *sols = realloc(b->sols, cap * sizeof *sols);
        if (!sols)
            return 1;
        b->sols = sols, b->sols_cap = cap;
    }
    if (need > b->ch_cap) {
        size_t cap = b->ch_cap ? 2 * b->ch_cap : 4096;
        while (cap < need)
            cap *= 2;
        xcc_choice *ch = realloc(b->ch, cap * sizeof *ch);
        if (!ch)
            return 1;
        b->ch = ch, b->ch_cap = cap;
    }
    if (s->size)
        memcpy(b->ch + b->ch_used, s->choices, (size_t)s->size * sizeof *b->ch);
    b->p = p;
    b->sols[b->n] = *s;
    b->sols[b->n++].number = b->ch_used;
    b->ch_used = need;
    return 0;
}

/* A worker's solution: numbered in all, handed to the caller, limits. */
static int worker_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    worker *w = ctx;
    shared *sh = w->sh;
    int stop = 0;
    if (sh->ordered) { /* kept until its task is handed on (commit) */
        batch *b = &w->pending;
        if (sh->user->solution ? keep(b, p, s) : (b->n++, 0)) {
            pthread_mutex_lock(&sh->lock);
            sh->failed = 1, sh->halt = 1;
            pthread_mutex_unlock(&sh->lock);
            return 1;
        }
        if ((xcc_u128)b->n >= w->room) /* the count limit is met within this task */
            return w->limited = 1;
        return 0;
    }
    if (sh->batching) {
        if (!keep(&w->pending, p, s))
            return w->pending.n == BATCH_MOST ? hand_on(w) : 0;
        if (hand_on(w)) /* no memory for more: this one goes on alone */
            return 1;
    }
    pthread_mutex_lock(&sh->lock);
    if (sh->count >= xcc_limit(sh->st->max_solutions)) {
        stop = 1;
        w->t.fig.solutions--; /* found after the limit: not counted */
    } else {
        xcc_solution global = *s;
        ++sh->count;
        global.number = (ullng)sh->count, global.number_high = (ullng)(sh->count >> 64);
        if (xcc_sink_wants(sh->user, sh->count))
            stop = sh->user->solution(p, &global, sh->user->ctx);
        if (sh->count >= xcc_limit(sh->st->max_solutions)) {
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

/*
 * Takes w's next task from the front or the back (ordered: the front);
 * 0 when none is left.
 */
static int take_task(worker *w, size_t *task)
{
    shared *sh = w->sh;
    int got = 0, from_back = w->k % 2 && !sh->ordered;
    pthread_mutex_lock(&sh->lock);
    if (!sh->halt && sh->front < sh->back) {
        w->place = from_back ? --sh->back : sh->front++;
        *task = sh->mine[w->place];
        w->room = xcc_limit(sh->st->max_solutions) - sh->count;
        w->limited = 0;
        got = 1;
    }
    pthread_mutex_unlock(&sh->lock);
    return got;
}

/* Adds prof[0 .. n-1] to the nodes per level of the tasks done; nonzero without memory. */
static int add_done_profile(shared *sh, const ullng *prof, int n)
{
    int need = (n > sh->done_maxl + 1 ? n : sh->done_maxl + 1) + 1; /* a checkpoint writes maxl + 2 */
    if (need > sh->profile_cap) {
        ullng *q = realloc(sh->done_profile, (size_t)need * sizeof *q);
        if (!q)
            return 1;
        memset(q + sh->profile_cap, 0, (size_t)(need - sh->profile_cap) * sizeof *q);
        sh->done_profile = q, sh->profile_cap = need;
    }
    for (int l = 0; l < n; l++)
        sh->done_profile[l] += prof[l];
    return 0;
}

/*
 * v128 with --checkpoint: the nodes per level w's task has walked, into
 * memory the caller frees (maxl + 1 of them, in *n); NULL without memory.
 */
static ullng *task_profile(const worker *w, int *n)
{
    const xcc_tree *t = &w->t;
    *n = t->maxl + 1 < t->levels_cap ? t->maxl + 1 : t->levels_cap;
    ullng *d = malloc(((size_t)*n + 1) * sizeof *d);
    for (int l = 0; d && l < *n; l++)
        d[l] = t->profile[l] - (l < w->pbase_cap ? w->pbase[l] : 0);
    return d;
}

/* v128 with --checkpoint: w's profile as its task begins; nonzero without memory. */
static int profile_base(worker *w)
{
    const xcc_tree *t = &w->t;
    if (t->levels_cap > w->pbase_cap) {
        ullng *q = realloc(w->pbase, (size_t)t->levels_cap * sizeof *q);
        if (!q)
            return 1;
        w->pbase = q, w->pbase_cap = t->levels_cap;
    }
    if (t->levels_cap)
        memcpy(w->pbase, t->profile, (size_t)t->levels_cap * sizeof *w->pbase);
    return 0;
}

/*
 * Ordered mode: hands on the held tasks from mine[next] on while they are
 * finished, numbered in all, and books them done; stops at the count
 * limit or when the sink asks to. Under the lock.
 */
static void commit_ready(shared *sh)
{
    xcc_u128 limit = xcc_limit(sh->st->max_solutions);
    while (!sh->halt && sh->next < sh->nmine && sh->held[sh->next].finished) {
        held *h = &sh->held[sh->next];
        batch *b = &h->b;
        for (size_t i = 0; i < b->n && sh->count < limit; i++) {
            ++sh->count;
            if (!xcc_sink_wants(sh->user, sh->count))
                continue;
            xcc_solution global = b->sols[i];
            global.choices = b->ch + (size_t)b->sols[i].number;
            global.number = (ullng)sh->count, global.number_high = (ullng)(sh->count >> 64);
            if (sh->user->solution(b->p, &global, sh->user->ctx)) {
                sh->stop = XCC_STOP_CALLBACK, sh->halt = 1;
                break;
            }
        }
        if (sh->count >= limit && limit != ~(xcc_u128)0) {
            sh->stop = XCC_STOP_COUNT, sh->halt = 1;
        } else if (!sh->halt) { /* walked whole and all handed on: done */
            xcc_split_add_figs(&sh->done_fig, &h->fig);
            if (h->maxl > sh->done_maxl)
                sh->done_maxl = h->maxl;
            if (h->profile && add_done_profile(sh, h->profile, h->maxl + 1))
                sh->failed = 1, sh->halt = 1;
            sh->done_map[sh->mine[sh->next]] = 1;
        }
        free(b->sols), free(b->ch), free(h->profile);
        *h = (held){0};
        sh->next++;
    }
}

/*
 * Books a finished task of w, whose figures were before when it began;
 * 0 if the worker must stop.
 */
static int finish_task(worker *w, size_t task, xcc_status status, const xcc_figs *before)
{
    shared *sh = w->sh;
    const xcc_tree *t = &w->t;
    xcc_stop stop = t->fig.stop;
    int whole = !status && (stop == XCC_COMPLETE || (sh->ordered && w->limited));
    xcc_figs f;
    xcc_split_task_figs(&f, &t->fig, before);
    int np = 0;
    int profiling = sh->done_map && (t->vbose & XCC_SHOW_PROFILE);
    ullng *prof = whole && profiling ? task_profile(w, &np) : NULL;
    pthread_mutex_lock(&sh->lock);
    sh->done++;
    if (sh->finished)
        sh->finished[task] = 1;
    if (whole && profiling && !prof)
        status = XCC_NO_MEMORY;
    if (sh->ordered) {
        if (whole && !status && !sh->halt) { /* handed on in turn */
            held *h = &sh->held[w->place];
            *h = (held){.finished = 1, .b = w->pending, .fig = f, .maxl = t->maxl,
                        .profile = prof, .limited = w->limited};
            w->pending = (batch){0};
            prof = NULL;
            commit_ready(sh);
        }
        w->pending.n = 0, w->pending.ch_used = 0;
        if (w->limited) { /* the commit says whether the limit is met; none after it is needed */
            stop = XCC_COMPLETE;
            if (w->place + 1 < sh->back)
                sh->back = w->place + 1;
        }
    } else if (sh->done_map && whole) { /* walked whole: done */
        xcc_split_add_figs(&sh->done_fig, &f);
        if (t->maxl > sh->done_maxl)
            sh->done_maxl = t->maxl;
        if (prof && add_done_profile(sh, prof, np))
            status = XCC_NO_MEMORY;
        sh->done_map[task] = 1;
    }
    free(prof);
    if (status)
        sh->failed = 1, sh->halt = 1;
    else if (stop == XCC_STOP_MEMS && sh->stop == XCC_COMPLETE)
        sh->stop = XCC_STOP_MEMS, sh->halt = 1;
    else if (stop == XCC_STOP_INTERRUPT && sh->stop == XCC_COMPLETE && !sh->halt)
        sh->stop = XCC_STOP_INTERRUPT;
    pthread_mutex_unlock(&sh->lock);
    return !status && stop == XCC_COMPLETE;
}

/* One task's subtree, walked by the worker's twin below its path. */
static xcc_status walk_with_twin(worker *w, const int *path, int depth)
{
    return xcc_split_walk_below(w->sh->w, w->twin, &w->t, path, depth);
}

/* One task's subtree, danced on the worker's copy of the links. */
static xcc_status walk_with_links(worker *w, const int *path, int depth, size_t task)
{
    const xcc_walker *walker = w->sh->w;
    if (walker->replay(&w->t, path, depth))
        return XCC_NO_MEMORY;
    xcc_gb_rng rng;
    if (w->sh->st->randomize) { /* random ties: a stream of its own per task */
        xcc_gb_rng_init(&rng, (long)(task * 2654435761u % 2147483647u));
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
    xcc_tasks *t = sh->t;
    size_t task;
#ifdef __linux__
    if (w->placed) /* it runs: from now on the scheduler decides */
        pthread_setaffinity_np(pthread_self(), sizeof w->allowed, &w->allowed);
#endif
    while (take_task(w, &task)) {
        int len;
        const int *path = xcc_path_of(&t->ps, task, &len);
        w->t.fig.stop = XCC_COMPLETE;
        xcc_figs before = w->t.fig;
        if (sh->done_map && (w->t.vbose & XCC_SHOW_PROFILE) && profile_base(w)) {
            finish_task(w, task, XCC_NO_MEMORY, &before);
            break;
        }
        xcc_status s = w->twin ? walk_with_twin(w, path, len)
                               : walk_with_links(w, path, len, task);
        if (!finish_task(w, task, s, &before))
            break;
    }
    if (!sh->ordered)
        hand_on(w); /* found, so listed and counted, even when stopped */
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
    xcc_status s = owner ? xcc_shard_deal(p, sh->st, sh->w, sh->t, top, owner, stop)
                         : XCC_NO_MEMORY;
    for (size_t i = 0; !s && *stop == XCC_COMPLETE && i < n; i++)
        if (owner[i] == sh->st->shard - 1)
            sh->mine[sh->nmine++] = i;
    free(owner);
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
    /* the workers report nothing: they may share one memo (twin/dlx2.c) */
    int share = !sh->numbering && !(xcc_knobs(sh->st)->vbose & XCC_SHOW_PROFILE);
    int made = 0;
    while (made < n && !xcc_split_interrupted(sh->st)) {
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
        if (xcc_split_prepare(&x->t, &x->p, sh->st, &x->sink)) {
            sh->failed = 1;
            break;
        }
        x->t.halt = &sh->halt;
        x->t.maxcount = ~(xcc_u128)0; /* the shared count decides */
        if (sh->use_twin) {
            x->twin = sh->w->twin_new(&x->p); /* NULL: it dances instead */
            if (x->twin && made > 1 && w[0]->twin && share && sh->w->twin_share_memo)
                sh->w->twin_share_memo(x->twin, w[0]->twin);
        }
    }
    return made;
}

/* Seconds since t0. */
static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/*
 * -p's weights of this part's tasks: Knuth's estimate of each subtree
 * (xcc_split_estimate, as the shards' plan makes them), for at most
 * half a second; the tasks not estimated by then weigh the mean of the
 * others. NULL: all weigh the same.
 */
static double *weigh_tasks(shared *sh)
{
    size_t n = sh->nmine, got = 0;
    double *size = malloc((n + 1) * sizeof(double)), sum = 0;
    xcc_tree e;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!size || xcc_split_prepare(&e, sh->p, sh->st, NULL)) {
        free(size);
        return NULL;
    }
    xcc_status s = XCC_OK;
    for (; got < n && !s && since(&t0) < 0.5 && !xcc_split_interrupted(sh->st); got++) {
        int len;
        const int *path = xcc_path_of(&sh->t->ps, sh->mine[got], &len);
        size[got] = xcc_split_estimate(sh->w, &e, path, len, &s);
        sum += size[got];
    }
    xcc_tree_free(&e);
    if (s || !got) {
        free(size);
        return NULL;
    }
    for (size_t i = got; i < n; i++)
        size[i] = sum / (double)got;
    return size;
}

/*
 * --checkpoint: the tasks done and their figures, written down by the
 * caller's sink; nonzero when it says to stop (a signal, a time limit):
 * then the workers stop, their tasks in flight not done.
 */
static int checkpoint_tasks(shared *sh)
{
    /* under the lock: no task is handed on (listed) nor booked meanwhile,
       so the listing on the disk is that of the tasks written down */
    pthread_mutex_lock(&sh->lock);
    xcc_position pos = {.maxl = sh->done_maxl, .fig = sh->done_fig, .ntasks = sh->t->ps.count,
                        .plan = sh->plan, .done = sh->done_map, .profile = sh->done_profile};
    if ((xcc_knobs(sh->st)->vbose & XCC_SHOW_PROFILE) && !sh->done_profile
        && add_done_profile(sh, NULL, 0))
        sh->failed = 1;
    pos.profile = sh->done_profile;
    int stop = xcc_split_checkpoint(sh->user, &pos, &sh->stop, &sh->halt);
    pthread_mutex_unlock(&sh->lock);
    return stop;
}

/*
 * Waits for the workers: with reporting, reports the share of the tree
 * in the tasks finished every 0.2 s, each task weighing its estimate
 * (weigh_tasks); with --checkpoint, looks at the caller's interrupt flag
 * every 0.02 s and writes a checkpoint when it is set.
 */
static void wait_for_workers(shared *sh, int reporting)
{
    double *size = reporting && sh->finished ? weigh_tasks(sh) : NULL;
    struct timespec last;
    clock_gettime(CLOCK_MONOTONIC, &last);
    for (;;) {
        struct timespec pause = {0, sh->outer ? 20000000 : 200000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&sh->lock);
        /* an interruption stops each worker, with tasks left untaken */
        int over = sh->done >= sh->nmine || sh->halt || xcc_split_interrupted(sh->st);
        double share = sh->nmine ? (double)sh->done / (double)sh->nmine : 1.0;
        if (size) {
            double all = 0, done = 0;
            for (size_t i = 0; i < sh->nmine; i++)
                all += size[i], done += sh->finished[sh->mine[i]] ? size[i] : 0;
            share = all > 0 ? done / all : share;
        }
        pthread_mutex_unlock(&sh->lock);
        if (over)
            break;
        if (sh->outer && xcc_split_interrupted(sh->outer) && checkpoint_tasks(sh))
            break;
        if (!reporting || since(&last) < 0.19)
            continue;
        clock_gettime(CLOCK_MONOTONIC, &last);
        xcc_progress pr = {.fraction = share, .subtrees = 1, .mems_counted = 1};
        sh->user->progress(sh->user->ctx, &pr);
    }
    free(size);
}

/*
 * Runs the made workers: this thread is worker 0, unless it must report
 * progress while the others work (one thread fewer to start, and it can
 * begin at once). Returns how many searched.
 */
static int run_workers(shared *sh, worker **w, int made)
{
    int reporting = sh->user->progress && xcc_knobs(sh->st)->delta;
    int waiting = reporting || sh->outer; /* this thread waits, reports, checkpoints */
    int first = waiting ? 0 : 1; /* the first worker with a thread of its own */
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
    if (started > 0 && waiting)
        wait_for_workers(sh, reporting);
    for (int i = first; i < started; i++)
        pthread_join(w[i]->thread, NULL); /* all, before a shared memo goes */
    return ran;
}

/* ---- the driver ---------------------------------------------------------- */

/* One solve of the driver: the tasks, the top of the tree, the workers. */
typedef struct drive {
    xcc_problem *p;
    const xcc_settings *st; /* the caller's, as the parts see them (inner) */
    xcc_settings inner;    /* without a resume; with --checkpoint, without the interrupt */
    xcc_dlx2 inner_k;
    const xcc_position *resume; /* a checkpoint's tasks done, or NULL */
    const xcc_walker *walker;
    int sharded, n;        /* --shard; the threads */
    xcc_tasks t;
    xcc_sink esink;        /* the enumerator's: solutions above the split */
    shared sh;
    xcc_tree e;            /* the top of the tree, and then the sums */
    xcc_shard_plan pl;
    xcc_stop stop;         /* a limit or an interruption above the split */
    worker **w;
    int made, ran;
} drive;

static void drive_init(drive *d, xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                       const xcc_walker *walker, int use_twin)
{
    xcc_settings one = *st; /* what a twin or a worker is asked */
    one.threads = 1, one.shards = 0, one.shard = 0;
    memset(d, 0, sizeof *d);
    const xcc_position *resume = xcc_knobs(st)->resume;
    d->resume = resume && resume->ntasks ? resume : NULL; /* else from the start */
    d->inner = *st, d->inner_k = *xcc_knobs(st);
    d->inner_k.resume = NULL; /* the parts start at their own roots */
    d->inner.dlx2 = &d->inner_k;
    if (sink->checkpoint) /* this thread polls the flag, not the parts */
        d->inner.interrupt = NULL;
    const xcc_settings *outer = st;
    st = &d->inner;
    d->p = p, d->st = st, d->walker = walker;
    d->sharded = st->shards > 1, d->n = st->threads > 1 ? st->threads : 1;
    /* going on from tasks done: the top's solutions are listed already */
    d->t = (xcc_tasks){.counting_only = 1, .user = d->resume ? NULL : sink};
    d->esink = (xcc_sink){.solution = sink->solution ? xcc_split_solution : NULL,
                          .every = sink->every, .ctx = &d->t};
    d->sh = (shared){.st = st, .user = sink, .t = &d->t, .stop = XCC_COMPLETE, .w = walker,
                     .use_twin = use_twin && !walker->twin_refuses(p, &one),
                     .numbering = sink->solution || st->max_solutions != ~0ULL,
                     .batching = sink->solution && sink->batched
                                 && st->max_solutions == ~0ULL,
                     .outer = sink->checkpoint ? outer : NULL,
                     .ordered = sink->checkpoint
                                && (sink->solution || st->max_solutions != ~0ULL)};
    d->stop = XCC_COMPLETE;
    pthread_mutex_init(&d->sh.lock, NULL);
}

/*
 * Walks the top of the tree into d->e and writes the tasks down: the
 * shards' plan, or trial passes of the enumerator for the depth of the
 * cut, then the real enumeration. The last trial pass is that very walk
 * when it met no solution (none to hand out, no count limit to meet),
 * stayed under the mems limit and drew no random numbers; then it
 * stands, and the top of the tree is not walked again (it can cost as
 * much as a subtree).
 */
static xcc_status cut_tree(drive *d)
{
    const xcc_settings *st = d->st;
    const xcc_walker *walker = d->walker;
    void *twin = d->sh.use_twin ? walker->twin_new(d->p) : NULL; /* NULL: the enumerator dances */
    int planned = d->sharded && walker->planned;
    xcc_status s = planned ? xcc_shard_enumerate(&d->e, &d->esink, d->p, st, &d->t, &d->pl,
                                                 walker, twin)
                           : xcc_split_choose_depth(&d->e, &d->esink, d->p, st, &d->t, walker, twin,
                                                    xcc_split_want(st));
    if (!s && d->e.fig.stop == XCC_STOP_INTERRUPT) {
        forget_figures(&d->e); /* stopped while sizing the split */
        d->e.fig.stop = XCC_STOP_INTERRUPT;
    } else if (!s && (d->e.fig.solutions || d->e.fig.mems >= st->max_mems || st->randomize)) {
        xcc_tree_free(&d->e);
        d->t.counting_only = 0;
        if (d->sharded && st->shard != 1)
            d->t.user = NULL; /* shard 1 hands out these solutions */
        s = xcc_split_enumerate(&d->e, &d->esink, d->p, st, &d->t, d->t.depth, walker, twin);
        if (!s && xcc_split_lost(&d->e, &d->t))
            s = XCC_NO_MEMORY;
    }
    if (twin)
        walker->twin_delete(twin);
    d->stop = s ? XCC_COMPLETE : d->e.fig.stop;
    return s;
}

/*
 * --checkpoint: the map of the tasks done, and those of the checkpoint
 * gone on from taken out of this part's; XCC_REFUSED when that
 * checkpoint is not of this plan (another count of tasks, another
 * fingerprint, a task done of another shard).
 */
static xcc_status checkpointed_tasks(drive *d)
{
    shared *sh = &d->sh;
    size_t n = d->t.ps.count;
    sh->plan = xcc_paths_fingerprint(&d->t.ps);
    sh->done_map = calloc(n + 1, 1);
    if (!sh->done_map)
        return XCC_NO_MEMORY;
    if (sh->ordered && !(sh->held = calloc(sh->nmine + 1, sizeof *sh->held)))
        return XCC_NO_MEMORY;
    const xcc_position *r = d->resume;
    if (!r)
        return XCC_OK;
    xcc_status s = xcc_split_resume(r, n, sh->plan, sh->mine, &sh->nmine, sh->done_map);
    if (s)
        return s;
    sh->done_fig = r->fig;
    sh->done_maxl = r->maxl;
    if (r->profile && (xcc_knobs(d->st)->vbose & XCC_SHOW_PROFILE)
        && add_done_profile(sh, r->profile, r->maxl + 2))
        return XCC_NO_MEMORY;
    return XCC_OK;
}

/* This part's tasks, searched by the threads. */
static xcc_status run_tasks(drive *d)
{
    xcc_status s = my_tasks(&d->sh, d->p, (ullng)d->e.fig.nodes, &d->stop);
    if (s || d->stop != XCC_COMPLETE)
        return s; /* an interruption while dealing, or no memory */
    if (d->sh.outer && (s = checkpointed_tasks(d)))
        return s;
    d->w = calloc((size_t)d->n, sizeof(worker *));
    if (!d->w)
        return XCC_NO_MEMORY;
    if (!d->sh.nmine)
        return XCC_OK;
    d->sh.count = d->sharded && d->st->shard != 1 ? 0 : d->e.fig.solutions;
    if (d->resume) /* numbered after those of the tasks done */
        d->sh.count += d->resume->fig.solutions;
    d->sh.front = 0, d->sh.back = d->sh.nmine;
    d->sh.p = d->p;
    if (d->sh.user->progress && xcc_knobs(d->st)->delta) /* -p: which tasks are finished */
        d->sh.finished = calloc(d->t.ps.count + 1, 1);
    d->made = make_workers(&d->sh, d->w, d->n, d->p);
    d->ran = run_workers(&d->sh, d->w, d->made);
    return XCC_OK;
}

/* The figures of this part: the top's (shard 1's) and the workers'. */
static void sum_up(drive *d, xcc_figs *fig)
{
    xcc_tree *e = &d->e;
    if (d->sharded && d->st->shard != 1)
        forget_figures(e); /* the enumerator's figures are shard 1's */
    for (int i = 0; i < d->ran; i++)
        add_counts(e, &d->w[i]->t);
    if (d->resume && d->sh.done_map) { /* the tasks a checkpoint had done */
        const xcc_position *r = d->resume;
        xcc_split_add_figs(&e->fig, &r->fig);
        if (r->maxl > e->maxl)
            e->maxl = r->maxl;
        if (r->profile && (xcc_knobs(d->st)->vbose & XCC_SHOW_PROFILE)
            && !xcc_tree_reserve(e, r->maxl + 1))
            for (int l = 0; l <= r->maxl; l++)
                e->profile[l] += r->profile[l];
    }
    if (d->sh.numbering && d->ran)
        e->fig.solutions = d->sh.count; /* counted there, found after a limit or not */
    e->fig.stop = d->sh.stop != XCC_COMPLETE ? d->sh.stop : d->stop;
    if (xcc_figs_wide(&e->fig))
        e->fig.stop = XCC_STOP_WIDE; /* the parts' sums reached the limit */
    if (xcc_split_interrupted(d->st))
        e->fig.stop = XCC_STOP_INTERRUPT;
    e->vbose = xcc_knobs(d->st)->vbose & XCC_SHOW_PROFILE;
    if (d->walker->start)
        d->walker->start(e);
    xcc_tree_figures(e, fig);
    fig->level = 0;
}

static void drive_free(drive *d)
{
    xcc_tree_free(&d->e);
    for (int i = d->made - 1; i >= 0; i--) /* w[0] last: it may own the memo */
        free_worker(d->w[i]);
    free(d->w);
    free(d->sh.mine);
    free(d->sh.finished);
    free(d->sh.done_map);
    free(d->sh.done_profile);
    for (size_t i = 0; d->sh.held && i < d->sh.nmine; i++)
        free(d->sh.held[i].b.sols), free(d->sh.held[i].b.ch), free(d->sh.held[i].profile);
    free(d->sh.held);
    xcc_paths_free(&d->t.ps);
    xcc_shard_plan_free(&d->pl);
    pthread_mutex_destroy(&d->sh.lock);
}

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
                             xcc_figs *fig, const xcc_walker *walker, int use_twin)
{
    drive d;
    drive_init(&d, p, st, sink, walker, use_twin);
    xcc_status s = cut_tree(&d);
    if (!s && d.stop == XCC_COMPLETE) /* else a limit above the split, or an interruption */
        s = run_tasks(&d);
    sum_up(&d, fig);
    fig->engine = walker->ran[d.sh.use_twin != 0]->name;
    int failed = d.sh.failed;
    drive_free(&d);
    return s ? s : failed ? XCC_NO_MEMORY : XCC_OK;
}

/* ---- the engines ----------------------------------------------------------- */

const char *xcc_threads_refuse_common(const xcc_settings *st, int shard_traces)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    if (st->threads <= 1 && st->shards <= 1)
        return "one thread and the whole tree: nothing to share out";
    if (k->want_shape)
        return "S<file> needs the whole tree in one thread: not with -j or --shard";
    if (k->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS)) {
        if (st->threads > 1 && shard_traces)
            return "tracing (v2, v4) needs one thread: not with -j";
        if (!shard_traces)
            return "tracing (v2, v4) needs the whole tree in one thread: not with"
                   " {threads or shard|-j or --shard}";
    }
    if (st->accept || st->retract)
        return "pruning hooks need one thread: not with {threads or shard|-j or --shard}";
    return NULL;
}

const char *xcc_threads_over(const xcc_engine *one, const char *self, const xcc_problem *p,
                             const xcc_settings *st)
{
    xcc_settings o = *st;
    o.threads = 1;
    const char *no = one->refuses(p, &o);
    if (no)
        return no;
    return st->threads <= 1 ? self : NULL;
}

const char *xcc_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    const char *no = xcc_threads_refuse_common(st, 1);
    (void)p;
    if (no)
        return no;
    if ((k->vbose & XCC_SHOW_MAX_DEG) && k->knuth == XCC_KNUTH_DLX1)
        return "DLX1's v2048 needs the whole tree in one thread: not with"
               " {threads or shard|-j or --shard}";
    return NULL;
}
