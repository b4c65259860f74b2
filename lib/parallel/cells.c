/*
 * parallel/cells.c — SSXCC's tree (the engine cells, --knuth=ssxcc) over
 * threads (-j) and shards (--shard), with the count of one thread.
 *
 * The tree is cut at a depth d, as parallel.c cuts DLX2's: a walk of the
 * top goes down as SSXCC does, but at each node of level d it keeps the
 * state of the sets there (a task, cells/cells.h) and does not go below.
 * d is the smallest depth with at least tasks_per_worker tasks (64) per
 * thread, or per shard with --shard, found by silent walks of the top,
 * which cost little. Then the threads take the tasks in tree order and
 * walk each subtree from its state. A shard K of N keeps the tasks whose
 * number (from 0, in tree order) is K - 1 modulo N, the same on every
 * machine since the walk of the top is; shard 1 also owns what the top
 * met (its solutions and figures).
 *
 * SSXCC's order of the options depends on the history of the sets (a
 * subtree leaves them in another order, cells/ssxcc.c), which a task
 * walked apart does not have: the solutions are SSXCC's, their order
 * that of the threads' finishing, and the figures (nodes, mems, ...),
 * summed over the top and the tasks, may differ a little from one
 * thread's. T<n> counts the mems of each thread, as with DLX2's tree.
 * Each task's walk starts from its state alone, so its figures are the
 * same whichever thread walks it and whenever: the sums are the same on
 * every run of the same plan.
 *
 * --checkpoint (the sink has a checkpoint), as parallel/fast.c: the
 * walks poll quit, not the caller's flag, which this thread polls every
 * 0.02 s, writing down the tasks done whole (done_map, over the plan's
 * tasks in tree order: every shard's, the fingerprint of their paths
 * naming the plan) and the sums of their figures (done_figs; and
 * maxsave, the deepest save stack, which the bytes count). A task in flight is walked
 * again by --resume, and the top by every run. The plan depends on the
 * problem, on the shards, and without --shard on -j; not on -j with
 * --shard (the cut aims at tasks_per_worker per shard). The solutions
 * are handed out as the threads find them, so a listing or t<n> does
 * not go with it.
 */
#include "cells/cells.h"
#include "parallel/parallel.h"
#include "parallel/split.h"
#include "engine.h"
#include "knobs.h"
#include "base/text.h"
#include "base/alloc.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

/* What the threads share. */
typedef struct cteam {
    const xcc_problem *p;
    const xcc_settings *st;  /* the caller's; cs: the walks', which poll flag */
    xcc_settings cs;
    const xcc_sink *user;
    xcc_cells_state **task;
    size_t ntasks, cap;    /* the tasks kept */
    size_t numbered;       /* the tasks met by the top, kept or not */
    size_t *mine, nmine;   /* the numbers of the tasks to walk (all kept but a checkpoint's done) */
    size_t next;           /* mine[next] is the next task to take */
    size_t finished;       /* the tasks taken that have ended, whole or not */
    int shard, shards;     /* keeps task i when i % shards == shard - 1 */
    int numbering;         /* solutions are numbered here: listed, or a count limit */
    pthread_mutex_t lock;  /* next, finished, count, halt, status, stop, the figures, the user's sink */
    xcc_u128 count, maxcount;
    int halt;
    xcc_status status;
    xcc_stop stop;
    xcc_cells *top;        /* the figures of the run: the top's, then each task's as it ends */
    /* --checkpoint */
    int checkpointing;
    atomic_int quit;
    xcc_paths paths;       /* the path of every task numbered: the plan */
    unsigned char *done_map, *map_copy;
    xcc_cells *done_figs;  /* the figures of the tasks done whole (and a checkpoint's) */
    ullng plan;
} cteam;

typedef struct cmember {
    cteam *tm;
    xcc_cells *c;
    xcc_sink sink;
    pthread_t thread;
    int started;
} cmember;

/* A silent walk of the top: how many nodes level d has. */
static int count_task(void *ctx, const xcc_cells *c)
{
    (void)c;
    ++*(size_t *)ctx;
    return 0;
}

/* A node of level d met by the top: kept as a task if it is this shard's. */
static int keep_task(void *ctx, const xcc_cells *c)
{
    cteam *tm = ctx;
    size_t i = tm->numbered++;
    if (tm->checkpointing) {
        int len;
        const int *path = xcc_cells_path(c, &len);
        if (xcc_paths_add(&tm->paths, path, len))
            return 1;
    }
    if (tm->shards > 1 && (int)(i % (size_t)tm->shards) != tm->shard - 1)
        return 0;
    if (tm->ntasks == tm->cap) {
        size_t cap = tm->cap ? 2 * tm->cap : 256;
        xcc_cells_state **t = realloc(tm->task, cap * sizeof *t);
        if (!t)
            return 1;
        tm->task = t, tm->cap = cap;
    }
    if (!(tm->task[tm->ntasks] = xcc_cells_save(c)))
        return 1;
    tm->ntasks++;
    return 0;
}

/* A worker's solution: numbered in all, handed to the user, the count limit. */
static int member_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    cmember *m = ctx;
    cteam *tm = m->tm;
    int stop = 0;
    pthread_mutex_lock(&tm->lock);
    if (tm->halt || tm->count >= tm->maxcount) {
        stop = 1;
    } else {
        tm->count++;
        if (xcc_sink_wants(tm->user, tm->count)) {
            xcc_solution global = xcc_solution_at(tm->count, s->size, s->choices, 0);
            if (tm->user->solution(p, &global, tm->user->ctx)) {
                stop = tm->halt = 1;
                if (tm->stop == XCC_COMPLETE)
                    tm->stop = XCC_STOP_CALLBACK;
            }
        }
        if (tm->count >= tm->maxcount) {
            stop = tm->halt = 1;
            if (tm->stop == XCC_COMPLETE)
                tm->stop = XCC_STOP_COUNT;
        }
    }
    pthread_mutex_unlock(&tm->lock);
    return stop;
}

/* Takes the next task (its number in the plan); 0 when none is left or the search stops. */
static int take_task(cteam *tm, size_t *i)
{
    int got = 0;
    pthread_mutex_lock(&tm->lock);
    if (!tm->halt && tm->next < tm->nmine) {
        *i = tm->mine[tm->next++];
        got = 1;
    }
    pthread_mutex_unlock(&tm->lock);
    return got;
}

/*
 * Walks tasks until none is left: each from its state, its figures alone
 * (forgotten before it) then added to the run's, and to those of the
 * tasks done when it was walked whole.
 */
static void *work(void *arg)
{
    cmember *m = arg;
    cteam *tm = m->tm;
    size_t i;
    while (take_task(tm, &i)) {
        size_t k = i / (size_t)tm->shards; /* its place among those kept */
        xcc_stop stop;
        xcc_cells_forget(m->c);
        xcc_status s = xcc_cells_walk_task(m->c, tm->task[k], &stop);
        xcc_cells_state_free(tm->task[k]);
        tm->task[k] = NULL;
        pthread_mutex_lock(&tm->lock);
        tm->finished++;
        if (!s && xcc_cells_add(tm->top, m->c))
            s = XCC_NO_MEMORY;
        if (!s && stop == XCC_COMPLETE && tm->done_map) {
            if (xcc_cells_add(tm->done_figs, m->c))
                s = XCC_NO_MEMORY;
            else
                tm->done_map[i] = 1;
        }
        if (s && !tm->status)
            tm->status = s;
        if (stop != XCC_COMPLETE && tm->stop == XCC_COMPLETE)
            tm->stop = stop;
        if (s || stop != XCC_COMPLETE)
            tm->halt = 1;
        pthread_mutex_unlock(&tm->lock);
    }
    return NULL;
}

/*
 * --checkpoint: the tasks done and the sums of their figures, written
 * down by the sink; nonzero when it says to stop: then the walks stop
 * (quit).
 */
static int checkpoint_tasks(cteam *tm)
{
    size_t n = tm->numbered;
    xcc_cells *sum = NULL;
    xcc_figs f;
    memset(&f, 0, sizeof f);
    xcc_status s = xcc_cells_open(&sum, tm->p, &tm->cs, NULL, 0);
    pthread_mutex_lock(&tm->lock);
    if (!s && xcc_cells_add(sum, tm->done_figs))
        s = XCC_NO_MEMORY;
    memcpy(tm->map_copy, tm->done_map, n);
    pthread_mutex_unlock(&tm->lock);
    xcc_position pos = {.ntasks = n, .plan = tm->plan, .done = tm->map_copy};
    if (!s) {
        size_t maxsave = xcc_cells_maxsave(sum);
        xcc_cells_figs(sum, XCC_COMPLETE, &f);
        pos.maxl = f.maxl, pos.profile = f.profile;
        pos.fig.solutions = f.solutions, pos.fig.nodes = f.nodes, pos.fig.updates = f.updates;
        pos.fig.mems = f.mems, pos.fig.cmems = f.cmems, pos.fig.maxdeg = f.maxdeg;
        pos.maxsave = maxsave;
    } else {
        pos.unwritable = "out of memory";
    }
    int stop = tm->user->checkpoint(tm->user->ctx, &pos);
    xcc_figs_free(&f);
    xcc_cells_close(sum);
    if (stop) {
        pthread_mutex_lock(&tm->lock);
        tm->halt = 1;
        tm->quit = 1;
        if (tm->stop == XCC_COMPLETE)
            tm->stop = XCC_STOP_INTERRUPT;
        pthread_mutex_unlock(&tm->lock);
    }
    return stop;
}

/* --checkpoint: waits for the walks, looking at the caller's flag every 0.02 s. */
static void wait_for_walks(cteam *tm)
{
    const atomic_int *flag = tm->st->interrupt;
    for (;;) {
        struct timespec pause = {0, 20000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&tm->lock);
        int over = tm->finished >= tm->nmine || tm->halt;
        pthread_mutex_unlock(&tm->lock);
        if (over || (flag && *flag && checkpoint_tasks(tm)))
            break;
    }
}

/*
 * The tasks to walk, by their numbers in the plan: all those kept, or
 * with --checkpoint those a checkpoint gone on from had not done (whose
 * figures the run's and done_figs take up); XCC_REFUSED when it is not
 * of this plan, or not of this part.
 */
static xcc_status my_tasks(cteam *tm)
{
    size_t n = tm->numbered, shards = (size_t)tm->shards;
    size_t first = tm->shards > 1 ? (size_t)(tm->shard - 1) : 0;
    if (!(tm->mine = malloc((tm->ntasks + 1) * sizeof *tm->mine)))
        return XCC_NO_MEMORY;
    for (size_t k = 0; k < tm->ntasks; k++)
        tm->mine[k] = k * shards + first;
    tm->nmine = tm->ntasks;
    if (!tm->checkpointing)
        return XCC_OK;
    tm->plan = xcc_paths_fingerprint(&tm->paths);
    tm->done_map = calloc(n + 1, 1);
    tm->map_copy = calloc(n + 1, 1);
    if (!tm->done_map || !tm->map_copy)
        return XCC_NO_MEMORY;
    xcc_status s = xcc_cells_open(&tm->done_figs, tm->p, &tm->cs, NULL, 0);
    const xcc_position *r = xcc_knobs(tm->st)->resume;
    if (s || !r || !r->ntasks) /* none, or at the root: from the start */
        return s;
    if ((s = xcc_split_resume(r, n, tm->plan, tm->mine, &tm->nmine, tm->done_map)))
        return s;
    /* the deepest save stack: at most every item's size at each level */
    if (r->maxsave > (ullng)xcc_cells_items(tm->top) * (ullng)(r->maxl + 1))
        return XCC_REFUSED;
    size_t maxsave = (size_t)r->maxsave;
    if (xcc_cells_credit(tm->done_figs, &r->fig, r->maxl, maxsave, r->profile)
        || xcc_cells_credit(tm->top, &r->fig, r->maxl, maxsave, r->profile))
        return XCC_NO_MEMORY;
    return XCC_OK;
}

/* The depth of the cut: the first with at least want tasks (or none, or a stop). */
static xcc_status choose_depth(const xcc_problem *p, const xcc_settings *st, size_t want,
                               int *depth)
{
    xcc_settings quiet = *st;
    quiet.max_solutions = XCC_UNLIMITED, quiet.max_mems = XCC_UNLIMITED;
    for (int d = 1;; d++) {
        xcc_cells *c;
        size_t n = 0;
        xcc_stop stop;
        xcc_status s = xcc_cells_open(&c, p, &quiet, NULL, 1);
        if (!s)
            s = xcc_cells_walk_top(c, d, count_task, &n, &stop);
        int items = c ? xcc_cells_items(c) : 0;
        xcc_cells_close(c);
        if (s)
            return s;
        *depth = d;
        if (n >= want || n == 0 || d > items || stop != XCC_COMPLETE)
            return XCC_OK;
    }
}

/* Walks the tasks on n threads (with --checkpoint, this one waits and writes them down). */
static xcc_status run_tasks(cteam *tm, int n)
{
    cmember *m = calloc((size_t)n, sizeof *m);
    xcc_status s = m ? XCC_OK : XCC_NO_MEMORY;
    xcc_settings ws = tm->cs;
    ws.max_solutions = XCC_UNLIMITED; /* met in all by member_solution */
    for (int i = 0; !s && i < n; i++) {
        m[i].tm = tm;
        m[i].sink = (xcc_sink){.solution = tm->numbering ? member_solution : NULL, .ctx = &m[i]};
        s = xcc_cells_open(&m[i].c, tm->p, &ws, &m[i].sink, 0);
    }
    int started = 0;
    for (int i = 0; !s && i < n; i++) {
        if (pthread_create(&m[i].thread, NULL, work, &m[i])) {
            if (i == 0) /* no thread at all: this one walks */
                work(&m[i]);
            break;
        }
        m[i].started = 1;
        started++;
    }
    if (started && tm->checkpointing)
        wait_for_walks(tm);
    for (int i = 0; m && i < n; i++)
        if (m[i].started)
            pthread_join(m[i].thread, NULL);
    for (int i = 0; m && i < n; i++)
        xcc_cells_close(m[i].c);
    free(m);
    return s ? s : tm->status;
}

static xcc_status cells_threads_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    int n = st->threads > 1 ? st->threads : 1;
    cteam tm = {.p = p, .st = st, .cs = *st, .user = sink, .shard = st->shard,
                .shards = st->shards > 1 ? st->shards : 1,
                .maxcount = xcc_limit(st->max_solutions), .checkpointing = !!sink->checkpoint};
    size_t per = (size_t)(k->tasks_per_worker > 0 ? k->tasks_per_worker : 64);
    size_t want = per * (size_t)(tm.shards > 1 ? tm.shards : n);
    int depth = 1;
    xcc_stop stop = XCC_COMPLETE;
    tm.numbering = sink->solution != NULL || st->max_solutions != XCC_UNLIMITED;
    if (tm.checkpointing && tm.numbering)
        return xcc_diag_set(d, XCC_REFUSED, "--checkpoint with threads or shards on SSXCC's"
                            " tree does not go with a listing or a count limit (t<n>): the"
                            " solutions are handed out as the threads find them");
    if (tm.checkpointing) /* the walks stop at quit, set by this thread */
        tm.cs.interrupt = &tm.quit;
    pthread_mutex_init(&tm.lock, NULL);
    xcc_status s = choose_depth(p, &tm.cs, want, &depth);
    /* the top: shard 1 (or the only part) owns its solutions */
    xcc_sink topsink = *sink;
    int owner = tm.shards <= 1 || tm.shard == 1;
    if (!owner)
        topsink.solution = NULL;
    topsink.progress = NULL;
    topsink.checkpoint = NULL;
    if (!s)
        s = xcc_cells_open(&tm.top, p, &tm.cs, &topsink, 1);
    if (!s)
        s = xcc_cells_walk_top(tm.top, depth, keep_task, &tm, &stop);
    if (!s && stop == XCC_COMPLETE) {
        if (!owner)
            xcc_cells_forget(tm.top);
        tm.count = xcc_cells_solutions(tm.top);
        s = my_tasks(&tm);
        if (!s && tm.nmine)
            s = run_tasks(&tm, n);
        if (!s)
            stop = tm.stop;
        if (!s && stop == XCC_COMPLETE && tm.finished < tm.nmine)
            stop = XCC_STOP_INTERRUPT; /* tasks left untaken: stopped by the caller */
    }
    for (size_t i = 0; i < tm.ntasks; i++)
        xcc_cells_state_free(tm.task[i]);
    free(tm.task);
    if (tm.top) {
        xcc_u128 solutions = tm.count;
        xcc_cells_figs(tm.top, stop, fig);
        if (tm.numbering)
            fig->solutions = solutions;
        fig->engine = "threads";
    }
    xcc_cells_close(tm.top);
    xcc_cells_close(tm.done_figs);
    xcc_paths_free(&tm.paths);
    free(tm.mine), free(tm.done_map), free(tm.map_copy);
    pthread_mutex_destroy(&tm.lock);
    return s;
}

static const char *cells_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p;
    return xcc_threads_refuse_common(st, 0);
}

const xcc_engine xcc_cells_threads = {"threads", cells_threads_refuses, cells_threads_solve, NULL};
