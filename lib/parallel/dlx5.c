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
 *
 * --checkpoint: the workers do not see the caller's interrupt flag; this
 * thread waits and polls it, and writes down the plan of tasks (its
 * fingerprint), which are done, the sums of their figures, and the done
 * heap: the k least of the costs the tasks done put into the shared
 * heap (each worker keeps those of its task, and adds them when the
 * task is finished whole). --resume starts the shared heap, and so the
 * cutoff, from it. The k best then come out exact: a solution a task
 * done passed by had k costs at most its own in the heap of the moment,
 * and each of those is in the done heap, or in a task walked again (or
 * the top, walked again), where it is found again or passed by for the
 * same reason. The enumerator's solutions are not in the done heap: the
 * top of the tree is walked again by every run.
 */
#include "parallel/split.h"
#include "tree/dlx5.h"
#include "engine.h"
#include "base/alloc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What the threads share. */
typedef struct shared {
    const xcc_settings *st;   /* the walks' (with --checkpoint, without the interrupt flag) */
    const xcc_sink *user;     /* the caller's sink */
    int depth;                /* of the tasks */
    xcc_paths ps;             /* the tasks' paths, depth options each, in tree order */
    size_t *mine, nmine;      /* this part's tasks (indices into ps), not done yet */
    size_t next;              /* mine[next] is the next task to take */
    int running;              /* workers whose thread has not ended */
    pthread_mutex_t lock;     /* next, running, best, numbered, stop, failed, done_*, the sink */
    cost_best best;           /* the k best of all threads */
    _Atomic ullng cutoff;     /* best.heap[0], read without the lock */
    atomic_int halt;          /* stops every walk */
    ullng numbered;           /* solutions handed out */
    xcc_stop stop;
    int failed;               /* out of memory in a thread */
    /*
     * --checkpoint: the caller's settings (outer), whose interrupt flag
     * this thread polls; the tasks done (done_map, by index into ps),
     * the sums of their figures, and the done heap (see the top).
     */
    const xcc_settings *outer;
    unsigned char *done_map;
    xcc_figs done_fig;
    int done_maxl;
    ullng plan;               /* the fingerprint of the tasks (xcc_paths_fingerprint) */
    cost_best done_best;
    /*
     * One thread (a shard of one machine's core): it walks its tasks in
     * order, one at a time, so the shared heap at the end of a task is
     * that of the tasks done and the top, layout and all. The done heap is
     * then a copy of it, and --resume takes it back as it is: the heap's
     * mems after it (its sifts depend on where each cost sits) and so the
     * closing line are those of the run without a stop.
     */
    int alone;
} shared;

/* Where a walk's solutions go: the shared heap, and (a task's, with --checkpoint) record. */
typedef struct seat {
    shared *sh;
    cost_best *record;        /* the k least costs the task put into the shared heap, or NULL */
} seat;

typedef struct worker {
    shared *sh;
    cost_walk w;
    int walking;              /* w is set up */
    seat seat;
    cost_best task_best;      /* --checkpoint: seat.record */
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
    seat *at = ctx;
    shared *sh = at->sh;
    int stop = 0, enumerating = w->t.split_depth > 0;
    ullng own = w->cutoff;
    pthread_mutex_lock(&sh->lock);
    ullng old = sh->best.heap[0];
    if (w->nextcost < old && !sh->halt) {
        w->t.fig.mems += xcc_cost_best_add(&sh->best, w->nextcost);
        if (at->record && w->nextcost < at->record->heap[0])
            xcc_cost_best_add(at->record, w->nextcost); /* bookkeeping: no mems */
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
    return xcc_paths_add(&sh->ps, t->choice, sh->depth);
}

/* The top of the tree down to depth d, its tasks recorded; trial: its solutions not kept. */
static xcc_status enumerate(cost_walk *e, seat *top, int d, int trial)
{
    shared *sh = top->sh;
    sh->depth = d;
    sh->ps.count = 0;
    e->t.fig = (xcc_figs){.mems_counted = 1, .mems = (ullng)e->own.k};
    e->t.maxl = 0;
    e->cutoff = XCC_COST_INFINITY;
    e->curcost = 0;
    e->on_solution = trial ? ignore_solution : shared_solution;
    e->solution_ctx = top;
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
static xcc_status enumerate_tasks(cost_walk *e, seat *top, size_t want, int keep)
{
    int d = 1;
    for (;; d++) {
        xcc_status s = enumerate(e, top, d, 1);
        if (s)
            return s;
        if (e->t.fig.stop != XCC_COMPLETE)
            break; /* the real pass meets the same limit */
        if (top->sh->ps.count >= want || top->sh->ps.count == 0 || d >= 64)
            break;
    }
    return enumerate(e, top, d, !keep);
}

/* ---- workers --------------------------------------------------------------------- */

/* The next task of this part; 0 when none is left. */
static int take_task(shared *sh, size_t *task)
{
    int got = 0;
    pthread_mutex_lock(&sh->lock);
    if (!sh->halt && sh->next < sh->nmine)
        *task = sh->mine[sh->next++], got = 1;
    pthread_mutex_unlock(&sh->lock);
    return got;
}

/* Sets b's k best to none. */
static void best_clear(cost_best *b)
{
    for (int i = 0; i < b->k; i++)
        b->heap[i] = XCC_COST_INFINITY;
}

/* Adds the costs of from's heap to to's (the k least of both stay). */
static void best_merge(cost_best *to, const cost_best *from)
{
    for (int i = 0; i < from->k; i++)
        if (from->heap[i] < to->heap[0])
            xcc_cost_best_add(to, from->heap[i]);
}

/*
 * Books how x's task ended (its walk's figures were before when it
 * began): with --checkpoint, a task walked whole is done, its figures
 * and costs added to the done ones. 0 if the worker must stop.
 */
static int finish_task(worker *x, size_t task, xcc_status status, const xcc_figs *before)
{
    shared *sh = x->sh;
    const xcc_tree *t = &x->w.t;
    xcc_stop stop = t->fig.stop;
    pthread_mutex_lock(&sh->lock);
    if (status) {
        sh->failed = 1, sh->halt = 1;
    } else if ((stop == XCC_STOP_MEMS || stop == XCC_STOP_INTERRUPT) && sh->stop == XCC_COMPLETE) {
        sh->stop = stop, sh->halt = 1;
    } else if (stop == XCC_COMPLETE && sh->done_map) { /* walked whole: done */
        xcc_figs f;
        xcc_split_task_figs(&f, &t->fig, before);
        xcc_split_add_figs(&sh->done_fig, &f);
        if (t->maxl > sh->done_maxl)
            sh->done_maxl = t->maxl;
        if (sh->alone)
            memcpy(sh->done_best.heap, sh->best.heap, (size_t)sh->best.k * sizeof(ullng));
        else
            best_merge(&sh->done_best, &x->task_best);
        sh->done_map[task] = 1;
    }
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
        int len;
        const int *path = xcc_path_of(&sh->ps, task, &len);
        w->cutoff = atomic_load(&sh->cutoff);
        w->t.fig.stop = XCC_COMPLETE;
        xcc_figs before = w->t.fig;
        if (x->seat.record)
            best_clear(x->seat.record);
        int r = xcc_cost_replay(w, path, len);
        xcc_status s = r < 0 ? XCC_NO_MEMORY : XCC_OK;
        if (!r) { /* r = 1: its path costs too much now */
            s = xcc_cost_search(w);
            xcc_cost_unreplay(w);
        }
        if (!finish_task(x, task, s, &before))
            break;
    }
    pthread_mutex_lock(&sh->lock);
    sh->running--;
    pthread_mutex_unlock(&sh->lock);
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
    x->seat = (seat){.sh = sh};
    x->w.solution_ctx = &x->seat;
    if (sh->done_map) {
        if (xcc_cost_best_init(&x->task_best, e->own.k))
            return XCC_NO_MEMORY;
        x->seat.record = &x->task_best;
    }
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

/* This part's tasks: all, or this shard's (task i is shard i mod N + 1's). */
static xcc_status my_tasks(shared *sh, const xcc_settings *st)
{
    size_t n = sh->ps.count;
    int shards = st->shards > 1 ? st->shards : 1, k = shards > 1 ? st->shard - 1 : 0;
    sh->mine = malloc((n + 1) * sizeof(size_t));
    if (!sh->mine)
        return XCC_NO_MEMORY;
    sh->nmine = 0;
    for (size_t i = 0; i < n; i++)
        if ((int)(i % (size_t)shards) == k)
            sh->mine[sh->nmine++] = i;
    return XCC_OK;
}

/*
 * --checkpoint: the map of the tasks done and the done heap; going on
 * from r (a checkpoint's tasks, or NULL), its tasks done taken out of
 * this part's and its heap put into the shared heap and the done heap;
 * XCC_REFUSED when r is not of this plan (parallel/split.c).
 */
static xcc_status checkpointed_tasks(shared *sh, const xcc_position *r)
{
    size_t n = sh->ps.count;
    sh->plan = xcc_paths_fingerprint(&sh->ps);
    if (!(sh->done_map = calloc(n + 1, 1)) || xcc_cost_best_init(&sh->done_best, sh->best.k))
        return XCC_NO_MEMORY;
    if (sh->alone) /* the top's solutions, before any task */
        memcpy(sh->done_best.heap, sh->best.heap, (size_t)sh->best.k * sizeof(ullng));
    if (!r)
        return XCC_OK;
    xcc_status s = xcc_split_resume(r, n, sh->plan, sh->mine, &sh->nmine, sh->done_map);
    if (s)
        return s;
    if (r->nbest != sh->best.k || !r->best) /* xcc_cost_position_fits has said so */
        return XCC_REFUSED;
    const cost_best from = {.k = r->nbest, .heap = (ullng *)r->best};
    if (sh->alone) { /* the top's are in it: it stands for the heap as it was */
        memcpy(sh->best.heap, r->best, (size_t)sh->best.k * sizeof(ullng));
        memcpy(sh->done_best.heap, r->best, (size_t)sh->best.k * sizeof(ullng));
    } else {
        best_merge(&sh->best, &from); /* with the enumerator's, which are not in it */
        best_merge(&sh->done_best, &from);
    }
    atomic_store(&sh->cutoff, sh->best.heap[0]);
    sh->done_fig = r->fig;
    sh->done_maxl = r->maxl;
    return XCC_OK;
}

/*
 * --checkpoint: the tasks done, their figures and the done heap, written
 * down by the caller's sink (under the lock: no task is booked
 * meanwhile); nonzero when it says to stop (a signal, a time limit):
 * then the workers stop, their tasks in flight not done.
 */
static int checkpoint_tasks(shared *sh)
{
    pthread_mutex_lock(&sh->lock);
    xcc_position pos = {.maxl = sh->done_maxl, .fig = sh->done_fig, .ntasks = sh->ps.count,
                        .plan = sh->plan, .done = sh->done_map, .nbest = sh->done_best.k,
                        .best = sh->done_best.heap};
    int stop = xcc_split_checkpoint(sh->user, &pos, &sh->stop, &sh->halt);
    pthread_mutex_unlock(&sh->lock);
    return stop;
}

/*
 * --checkpoint: waits for the workers, looking at the caller's interrupt
 * flag every 0.02 s and writing a checkpoint when it is set.
 */
static void wait_for_workers(shared *sh)
{
    for (;;) {
        struct timespec pause = {0, 20000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&sh->lock);
        int over = sh->running <= 0 || sh->halt;
        pthread_mutex_unlock(&sh->lock);
        if (over || (xcc_split_interrupted(sh->outer) && checkpoint_tasks(sh)))
            break;
    }
}

/*
 * Runs the made workers: this thread is worker 0, or with --checkpoint
 * each has a thread of its own while this one waits (and polls). Returns
 * how many searched (w[0 ..]).
 */
static int run_workers(shared *sh, worker *w, int made)
{
    int first = sh->outer ? 0 : 1; /* the first worker with a thread of its own */
    int started = first;
    sh->running = made;
    while (started < made && !pthread_create(&w[started].thread, NULL, work, &w[started]))
        started++;
    pthread_mutex_lock(&sh->lock);
    sh->running -= made - started; /* those that could not start */
    pthread_mutex_unlock(&sh->lock);
    if (first || !started)
        work(&w[0]); /* here, as planned, or because no thread could start */
    else
        wait_for_workers(sh);
    for (int i = first; i < started; i++)
        pthread_join(w[i].thread, NULL);
    return started ? started : 1;
}

static xcc_status threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                                xcc_figs *fig, int twin)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    int n = st->threads > 1 ? st->threads : 1, sharded = st->shards > 1;
    size_t want = xcc_split_want(st);
    /* going on from a checkpoint's tasks, or from the root */
    const xcc_position *resume = k->resume && k->resume->ntasks ? k->resume : NULL;
    xcc_settings one = *st;
    one.threads = 1, one.shards = 0, one.shard = 0;
    if (sink->checkpoint) /* this thread polls the flag, not the walks */
        one.interrupt = NULL;
    shared sh = {.st = &one, .user = sink, .stop = XCC_COMPLETE,
                 .outer = sink->checkpoint ? st : NULL, .alone = n == 1};
    seat top = {.sh = &sh};
    worker *w = NULL;
    int made = 0, ran = 0;
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
    if ((s = enumerate_tasks(&e, &top, want, !sharded || st->shard == 1)))
        goto done;
    if (e.t.fig.stop != XCC_COMPLETE && sh.stop == XCC_COMPLETE)
        sh.stop = e.t.fig.stop; /* a limit, or an interruption, above the split */
    if (sharded && st->shard != 1)
        e.t.fig = (xcc_figs){.mems_counted = 1}; /* the top is shard 1's */
    if (sh.stop != XCC_COMPLETE)
        goto done;
    if ((s = my_tasks(&sh, st)) || (sh.outer && (s = checkpointed_tasks(&sh, resume))))
        goto done;
    if (!sh.nmine)
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
    ran = run_workers(&sh, w, made);
    for (int i = 0; i < ran; i++)
        add_counts(&e, &w[i].w);
done:
    if (!s && sh.done_map && resume) { /* the tasks the checkpoint had done */
        xcc_split_add_figs(&e.t.fig, &resume->fig);
        if (resume->maxl > e.t.maxl)
            e.t.maxl = resume->maxl;
    }
    e.t.fig.stop = sh.stop;
    if (xcc_split_interrupted(&one))
        e.t.fig.stop = XCC_STOP_INTERRUPT;
    xcc_cost_figures(&e, fig);
    if (!s && sh.failed)
        s = XCC_NO_MEMORY;
    if (!s && sh.best.heap)
        s = xcc_cost_best_figures(&sh.best, e.tx, fig);
    for (int i = 0; i < made; i++) {
        if (w[i].walking)
            xcc_cost_walk_free(&w[i].w);
        xcc_cost_best_free(&w[i].task_best);
    }
    free(w);
    xcc_cost_walk_free(&e);
    xcc_cost_best_free(&sh.best);
    xcc_cost_best_free(&sh.done_best);
    free(sh.done_map);
    free(sh.mine);
    xcc_paths_free(&sh.ps);
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
