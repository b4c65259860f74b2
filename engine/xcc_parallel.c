/*
 * xcc_parallel.c — one search tree spread over threads (-j) and machines
 * (--shard), with exactly the counts of the sequential search.
 *
 * The tree is cut at a depth d near the root. A first search (the
 * "enumerator") walks the levels above d as xcc_solve would, but at each
 * node of level d it only writes down the path to it, a task, and skips
 * the subtree (split_depth in xcc.h). Then each task's subtree is
 * searched on its own: a worker replays the path on its private copy of
 * the links (xcc_clone, xcc_replay), searches below it (base_level), and
 * takes the path back. When the twin can stand in (xcc_twin_suits), a
 * worker walks its subtrees with its own twin instead, and when nothing
 * but counts is wanted, all the workers' twins share one memo of finished
 * subtrees (xcc_twin_share_memo), so a subtree met in two tasks is walked
 * once in all, as in the sequential search.
 *
 * Why the figures add up: the enumerator does, step for step, what the
 * sequential search does outside those subtrees, and a worker does what it
 * does inside one; replaying a path is not counted. So nodes, updates,
 * cleansings, mems and solutions summed over the enumerator and all tasks
 * are those of xcc_solve (without random tie-breaking, which depends on
 * the order of events).
 *
 * Choosing d: the smallest depth with at least tasks_per_worker tasks per
 * thread (and per shard), found by counting passes of the enumerator,
 * which are cheap because they stop at depth d.
 *
 * Threads take tasks as they go, so a thread is idle only when no task
 * is left: those of even number from the front of the list (tree order),
 * those of odd number from the back. Neighbouring subtrees meet the same
 * subproblems, so two threads walking neighbours at the same moment both
 * walk what neither has finished yet, and the shared memo spares
 * neither: with all tasks taken from the front, two threads walked 3-5%
 * more nodes of the knight covers than one; from both ends, as many as
 * one. (Each thread starting on its own n-th of the list in tree order
 * did worse: 15-20% more nodes of the word search.)
 *
 * Shards: every machine computes the same tasks, estimates the size of
 * each subtree (xcc_estimate_subtree with a fixed seed per task, so all
 * machines agree), and deals them out largest first to the shard with
 * the least estimated work. Shard 1 also owns the enumerator's own
 * figures and solutions.
 */
#ifdef __linux__
#define _GNU_SOURCE /* CPU affinity: see start_thread */
#include <sched.h>
#endif
#include "xcc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The tasks: paths of length depth, one after another in paths[]. */
typedef struct tasks {
    int depth;
    int *paths;
    size_t count, cap;  /* cap: ints allocated in paths */
    int counting_only;  /* a trial pass: no solutions reported, no limits */
    xcc_search *user;   /* the caller's search, for its callbacks */
} tasks;

/* What the threads share. */
typedef struct shared {
    xcc_search *user;
    const xcc_parallel *par;
    tasks *t;
    size_t *mine;          /* the indices of this shard's tasks */
    size_t nmine;
    size_t front, back;    /* mine[front .. back - 1] are not taken yet */
    size_t done;           /* tasks finished */
    pthread_mutex_t lock;  /* front, back, done, solutions, user callbacks */
    atomic_int halt;       /* read by every worker's search without the lock */
    ullng count;           /* global solution number when each_solution */
    enum xcc_outcome outcome;
    int failed;            /* out of memory in a thread */
} shared;

/*
 * One thread's search and totals. Each worker is a separate allocation
 * aligned to a cache line and padded to whole lines: the search writes
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
    xcc_search s;
    xcc_twin *twin;  /* walks its subtrees with bit sets, or NULL: links */
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

static int record_task(xcc_search *s, void *ctx)
{
    tasks *t = ctx;
    if ((t->count + 1) * (size_t)t->depth > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        while (cap < (t->count + 1) * (size_t)t->depth)
            cap *= 2;
        int *q = realloc(t->paths, cap * sizeof(int));
        if (!q)
            return 1;
        t->paths = q;
        t->cap = cap;
    }
    memcpy(t->paths + t->count * (size_t)t->depth, s->choice, (size_t)t->depth * sizeof(int));
    t->count++;
    return 0;
}

/* The enumerator's solutions (above the split) go to the caller. */
static int enumerator_solution(xcc_search *s, void *ctx)
{
    tasks *t = ctx;
    xcc_search *u = t->user;
    if (t->counting_only || !u || !u->on_solution)
        return 0;
    void *saved = s->ctx;
    s->ctx = u->ctx;
    int stop = u->on_solution(s, u->ctx);
    s->ctx = saved;
    return stop;
}

/* A search of p with the caller's limits but our callbacks. */
static int prepare(xcc_search *s, xcc_problem *p, const xcc_search *user)
{
    if (xcc_search_init(s, p))
        return 3;
    s->vbose = user->vbose & XCC_SHOW_PROFILE;
    s->maxcount = user->maxcount;
    s->timeout = user->timeout;
    s->delta = 0;
    s->interrupt = user->interrupt;
    return 0;
}

/*
 * Runs the enumerator to depth d; returns its outcome. It walks with twin
 * (made once for all its passes) when it may, else it dances.
 */
static enum xcc_outcome enumerate(xcc_search *user, tasks *t, int d, xcc_search *e, xcc_twin *twin)
{
    t->depth = d;
    t->count = 0;
    if (prepare(e, user->p, user))
        return XCC_NO_MEMORY;
    e->rng = user->rng;
    if (t->counting_only) /* only the shape of the top matters */
        e->maxcount = ~0ULL;
    e->split_depth = d;
    e->on_split = record_task;
    e->on_solution = enumerator_solution;
    e->ctx = t;
    if (twin && xcc_twin_suits(e))
        return xcc_twin_search(twin, e);
    return xcc_solve(e);
}

/* Adds the figures of a part to the whole. */
static void add_counts(xcc_search *to, const xcc_search *from)
{
    to->count += from->count;
    to->mems += from->mems;
    to->lmems += from->lmems;
    to->cmems += from->cmems;
    to->updates += from->updates;
    to->cleansings += from->cleansings;
    to->nodes += from->nodes;
    if (from->maxl > to->maxl)
        to->maxl = from->maxl;
    if ((to->vbose & XCC_SHOW_PROFILE) && !xcc_reserve_levels(to, from->maxl + 1))
        for (int l = 0; l <= from->maxl && l < from->levels_cap; l++)
            to->profile[l] += from->profile[l];
}

/* ---- workers ---------------------------------------------------------- */

static int worker_solution(xcc_search *s, void *ctx)
{
    worker *w = ctx;
    shared *sh = w->sh;
    xcc_search *u = sh->user;
    if (!sh->par->each_solution && u->maxcount == ~0ULL)
        return 0;
    pthread_mutex_lock(&sh->lock);
    int stop = 0;
    if (sh->count >= u->maxcount) {
        stop = 1;
        s->count--; /* found after the limit: not counted */
    } else {
        ullng local = s->count;
        s->count = ++sh->count;
        if (sh->par->each_solution && u->on_solution)
            stop = u->on_solution(s, u->ctx);
        s->count = local;
        if (sh->count >= u->maxcount) {
            stop = 1;
            sh->outcome = XCC_COUNT_LIMIT;
        } else if (stop) {
            sh->outcome = XCC_STOPPED;
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
static int finish_task(shared *sh, enum xcc_outcome o)
{
    pthread_mutex_lock(&sh->lock);
    sh->done++;
    if (o == XCC_NO_MEMORY)
        sh->failed = 1, sh->halt = 1;
    else if (o == XCC_MEMS_LIMIT && sh->outcome == XCC_FINISHED)
        sh->outcome = XCC_MEMS_LIMIT, sh->halt = 1;
    else if (o == XCC_INTERRUPTED && sh->outcome == XCC_FINISHED && !sh->halt)
        sh->outcome = XCC_INTERRUPTED;
    pthread_mutex_unlock(&sh->lock);
    return o == XCC_FINISHED;
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
    w->s.on_solution = worker_solution;
    w->s.ctx = w;
    w->s.halt = &sh->halt;
    w->s.maxcount = ~0ULL; /* the shared count decides */
    if (!sh->par->each_solution && sh->user->maxcount == ~0ULL)
        w->s.on_solution = NULL; /* nothing to report: the twin may use its memo */
    while (take_task(sh, w->k % 2, &task)) {
        if (w->twin) {
            /* the twin takes the path as choices made above the subtree */
            if (xcc_reserve_levels(&w->s, t->depth + 1)) {
                sh->failed = 1;
                sh->halt = 1;
                break;
            }
            memcpy(w->s.choice, t->paths + task * (size_t)t->depth, (size_t)t->depth * sizeof(int));
            w->s.base_level = t->depth;
            enum xcc_outcome o = xcc_twin_search(w->twin, &w->s);
            w->s.base_level = 0;
            if (!finish_task(sh, o))
                break;
            continue;
        }
        if (xcc_replay(&w->s, t->paths + task * (size_t)t->depth, t->depth)) {
            sh->failed = 1;
            sh->halt = 1;
            break;
        }
        gb_rng rng;
        if (sh->user->rng) { /* random ties: a stream of its own per task */
            gb_rng_init(&rng, (long)(task * 2654435761u % 2147483647u));
            w->s.rng = &rng;
        }
        enum xcc_outcome o = xcc_solve(&w->s);
        w->s.rng = NULL;
        xcc_unreplay(&w->s); /* xcc_solve took back what it chose below */
        if (!finish_task(sh, o))
            break;
    }
    return NULL;
}

/*
 * Starts worker w's thread, the nth started (from 0). Left to itself,
 * Linux may run a new thread on the core of the thread that made it and
 * move one of the two to an idle core only later: on this project's
 * two-core virtual machine the second thread of -j 2 began 1 to 4 ms
 * late, up to a tenth of the knight covers' time (and this thread,
 * which works too, waited as long). So the new thread is started on a
 * CPU other than this one (the nth of the others it may use), and once
 * it runs it may go anywhere it could before (see work). Returns
 * pthread_create's result.
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

/* ---- shards ----------------------------------------------------------- */

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

static int by_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static int stopped(const xcc_search *user)
{
    return user->interrupt && *user->interrupt;
}

/*
 * Picks this shard's tasks: estimates every subtree (the same numbers on
 * every machine), deals them largest first to the least loaded shard,
 * keeps those dealt to par->shard, in tree order. The estimates can take
 * long on a large problem, so they stop when the caller says so.
 */
static enum xcc_outcome deal_shard(shared *sh, xcc_search *user)
{
    tasks *t = sh->t;
    const xcc_parallel *par = sh->par;
    sized *est = malloc((t->count + 1) * sizeof(sized));
    double *load = calloc((size_t)par->shards, sizeof(double));
    sh->mine = malloc((t->count + 1) * sizeof(size_t));
    xcc_search s;
    int made = est && load && sh->mine && !prepare(&s, user->p, user);
    enum xcc_outcome o = made ? XCC_FINISHED : XCC_NO_MEMORY;
    for (size_t i = 0; o == XCC_FINISHED && i < t->count; i++) {
        gb_rng rng;
        gb_rng_init(&rng, (long)(i % 2147483647u));
        if (xcc_replay(&s, t->paths + i * (size_t)t->depth, t->depth)) {
            o = XCC_NO_MEMORY;
            break;
        }
        est[i].task = i;
        est[i].size = xcc_estimate_subtree(&s, 8, &rng);
        xcc_unreplay(&s);
        if (stopped(user))
            o = XCC_INTERRUPTED;
    }
    if (made)
        xcc_search_free(&s);
    if (o != XCC_FINISHED) {
        free(est);
        free(load);
        return o;
    }
    qsort(est, t->count, sizeof(sized), larger_first);
    sh->nmine = 0;
    for (size_t i = 0; i < t->count; i++) {
        int least = 0;
        for (int k = 1; k < par->shards; k++)
            if (load[k] < load[least])
                least = k;
        load[least] += est[i].size;
        if (least == par->shard - 1)
            sh->mine[sh->nmine++] = est[i].task;
    }
    qsort(sh->mine, sh->nmine, sizeof(size_t), by_index);
    free(est);
    free(load);
    return XCC_FINISHED;
}

/* ---- the driver ------------------------------------------------------- */

enum xcc_outcome xcc_solve_parallel(xcc_search *user, const xcc_parallel *par)
{
    int sharded = par->shards > 1;
    if (par->threads <= 1 && !sharded)
        return xcc_solve(user);

    /* the depth of the split */
    size_t want = (size_t)(par->tasks_per_worker > 0 ? par->tasks_per_worker : 64)
                  * (size_t)(par->threads > 1 ? par->threads : 1)
                  * (size_t)(sharded ? par->shards : 1);
    tasks t = {.counting_only = 1, .user = user};
    xcc_search e;
    xcc_twin *twin = par->use_twin ? xcc_twin_new(user->p) : NULL; /* NULL: it dances */
    int d = 1;
    for (;; d++) {
        enum xcc_outcome o = enumerate(user, &t, d, &e, twin);
        if (o == XCC_MEMS_LIMIT)
            break; /* T<n> reached above the split: the real pass reports it */
        if (o != XCC_FINISHED) { /* out of memory, or interrupted */
            xcc_search_free(&e);
            xcc_twin_delete(twin);
            free(t.paths);
            return o;
        }
        if (t.count >= want || t.count == 0 || d >= 64)
            break;
        xcc_search_free(&e);
    }

    /*
     * The real enumeration: tasks, and the figures above the split. The
     * last trial pass is that very search when it met no solution (none
     * to report, no count limit to meet), stayed under the mems limit and
     * drew no random numbers; then it stands, and the top of the tree is
     * not walked again (it can cost as much as a subtree: 600 five-letter
     * words at the root of a word rectangle, each covering five items).
     */
    enum xcc_outcome outcome = XCC_FINISHED;
    if (e.count || e.mems >= user->timeout || user->rng) {
        xcc_search_free(&e);
        t.counting_only = 0;
        if (sharded && par->shard != 1)
            t.user = NULL; /* shard 1 lists these solutions */
        outcome = enumerate(user, &t, d, &e, twin);
    }
    xcc_twin_delete(twin);
    if (outcome == XCC_NO_MEMORY) {
        xcc_search_free(&e);
        free(t.paths);
        return XCC_NO_MEMORY;
    }
    if (!sharded || par->shard == 1) {
        add_counts(user, &e);
    }
    xcc_search_free(&e);

    shared sh = {.user = user, .par = par, .t = &t, .outcome = XCC_FINISHED};
    sh.count = user->count;
    pthread_mutex_init(&sh.lock, NULL);
    if (outcome != XCC_FINISHED) {
        /* a limit was reached above the split: nothing more to do */
        sh.nmine = 0;
    } else if (sharded) {
        enum xcc_outcome o = deal_shard(&sh, user);
        if (o != XCC_FINISHED) {
            free(sh.mine);
            free(t.paths);
            pthread_mutex_destroy(&sh.lock);
            return o;
        }
    } else {
        sh.mine = malloc((t.count + 1) * sizeof(size_t));
        if (!sh.mine) {
            free(t.paths);
            return XCC_NO_MEMORY;
        }
        for (size_t i = 0; i < t.count; i++)
            sh.mine[i] = i;
        sh.nmine = t.count;
    }

    int n = par->threads > 1 ? par->threads : 1;
    sh.front = 0, sh.back = sh.nmine;
    /* the workers report nothing: they may share one memo (xcc_twin.c) */
    int report_nothing = !par->each_solution && user->maxcount == ~0ULL
                        && !(user->vbose & XCC_SHOW_PROFILE);
    worker **w = calloc((size_t)n, sizeof(worker *));
    if (!w)
        sh.failed = 1;
    /* all workers are made before any starts, so the memo is shared
       before anyone searches */
    int made = 0;
    for (; !sh.failed && made < n && sh.nmine && !stopped(user); made++) {
        worker *x = w[made] = new_worker();
        if (!x || xcc_clone(user->p, &x->p) || prepare(&x->s, &x->p, user)) {
            sh.failed = 1;
            made++; /* so that it is freed */
            break;
        }
        x->sh = &sh;
        x->k = made;
        if (par->use_twin && xcc_twin_suits(user)) {
            x->twin = xcc_twin_new(&x->p); /* NULL: it dances instead */
            if (x->twin && made > 0 && w[0]->twin && report_nothing)
                xcc_twin_share_memo(x->twin, w[0]->twin);
        }
    }
    /*
     * This thread is worker 0, unless it must report progress while the
     * others work: one thread fewer to start, and it can begin at once.
     */
    int reporting = user->on_progress && user->delta;
    int first = reporting ? 0 : 1; /* the first worker with a thread of its own */
    int ready = !sh.failed && made > 0; /* read before any thread may write it */
    int started = first; /* workers first .. started - 1 have threads */
    while (ready && started < made && !start_thread(w[started], started - first))
        started++;
    int ran = 0; /* workers 0 .. ran - 1 searched */
    if (ready) {
        if (first || started == 0)
            work(w[0]); /* here, as planned, or because no thread could start */
        ran = started ? started : 1;
    }
    /* report progress while waiting: the share of tasks finished */
    if (started > 0 && reporting) {
        for (;;) {
            struct timespec pause = {0, 200000000};
            nanosleep(&pause, NULL);
            pthread_mutex_lock(&sh.lock);
            int over = sh.done >= sh.nmine || sh.halt;
            user->fraction_done = sh.nmine ? (double)sh.done / (double)sh.nmine : 1.0;
            pthread_mutex_unlock(&sh.lock);
            if (over)
                break;
            user->on_progress(user, user->ctx);
        }
    }
    for (int i = first; i < started; i++)
        pthread_join(w[i]->thread, NULL); /* all, before a shared memo goes */
    for (int i = 0; i < ran; i++) {
        ullng local_count = w[i]->s.count;
        add_counts(user, &w[i]->s);
        if (par->each_solution || user->maxcount != ~0ULL)
            user->count -= local_count; /* counted in sh.count instead */
    }
    for (int i = made - 1; i >= 0; i--) /* w[0] last: it may own the memo */
        if (w[i]) {
            xcc_twin_delete(w[i]->twin);
            xcc_search_free(&w[i]->s);
            xcc_free(&w[i]->p);
            free(w[i]);
        }
    if (par->each_solution || user->maxcount != ~0ULL)
        user->count = sh.count;
    free(w);
    free(sh.mine);
    free(t.paths);
    pthread_mutex_destroy(&sh.lock);
    user->fraction_done = -1.0;
    if (sh.failed)
        return XCC_NO_MEMORY;
    if (user->interrupt && *user->interrupt)
        return XCC_INTERRUPTED;
    return sh.outcome != XCC_FINISHED ? sh.outcome : outcome;
}
