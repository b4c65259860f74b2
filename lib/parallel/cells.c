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
 */
#include "cells/cells.h"
#include "parallel/parallel.h"
#include "engine.h"
#include "knobs.h"
#include "base/alloc.h"

#include <pthread.h>
#include <string.h>

/* What the threads share. */
typedef struct cteam {
    const xcc_problem *p;
    const xcc_settings *st;
    const xcc_sink *user;
    xcc_cells_state **task;
    size_t ntasks, cap;    /* the tasks kept */
    size_t numbered;       /* the tasks met by the top, kept or not */
    size_t next;           /* the next task to take */
    int shard, shards;     /* keeps task i when i % shards == shard - 1 */
    int numbering;         /* solutions are numbered here: listed, or a count limit */
    pthread_mutex_t lock;  /* next, count, halt, status, stop, the user's sink */
    xcc_u128 count, maxcount;
    int halt;
    xcc_status status;
    xcc_stop stop;
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

/* Takes the next task; 0 when none is left or the search stops. */
static int take_task(cteam *tm, size_t *i)
{
    int got = 0;
    pthread_mutex_lock(&tm->lock);
    if (!tm->halt && tm->next < tm->ntasks) {
        *i = tm->next++;
        got = 1;
    }
    pthread_mutex_unlock(&tm->lock);
    return got;
}

static void *work(void *arg)
{
    cmember *m = arg;
    cteam *tm = m->tm;
    size_t i;
    while (take_task(tm, &i)) {
        xcc_stop stop;
        xcc_status s = xcc_cells_walk_task(m->c, tm->task[i], &stop);
        xcc_cells_state_free(tm->task[i]);
        tm->task[i] = NULL;
        pthread_mutex_lock(&tm->lock);
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

static xcc_status cells_threads_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    int n = st->threads > 1 ? st->threads : 1;
    cteam tm = {.p = p, .st = st, .user = sink, .shard = st->shard,
                .shards = st->shards > 1 ? st->shards : 1,
                .maxcount = xcc_limit(st->max_solutions)};
    size_t per = (size_t)(k->tasks_per_worker > 0 ? k->tasks_per_worker : 64);
    size_t want = per * (size_t)(tm.shards > 1 ? tm.shards : n);
    int depth = 1;
    xcc_cells *top = NULL;
    xcc_stop stop = XCC_COMPLETE;
    cmember *m = NULL;
    (void)d;
    pthread_mutex_init(&tm.lock, NULL);
    xcc_status s = choose_depth(p, st, want, &depth);
    /* the top: shard 1 (or the only part) owns its solutions */
    xcc_sink topsink = *sink;
    int owner = tm.shards <= 1 || tm.shard == 1;
    if (!owner)
        topsink.solution = NULL;
    topsink.progress = NULL;
    if (!s)
        s = xcc_cells_open(&top, p, st, &topsink, 1);
    if (!s)
        s = xcc_cells_walk_top(top, depth, keep_task, &tm, &stop);
    if (!s && stop == XCC_COMPLETE && tm.ntasks) {
        if (!owner)
            xcc_cells_forget(top);
        tm.count = xcc_cells_solutions(top);
        tm.numbering = sink->solution != NULL || st->max_solutions != XCC_UNLIMITED;
        if (!(m = calloc((size_t)n, sizeof *m)))
            s = XCC_NO_MEMORY;
        xcc_settings ws = *st;
        ws.max_solutions = XCC_UNLIMITED; /* met in all by member_solution */
        for (int i = 0; !s && i < n; i++) {
            m[i].tm = &tm;
            m[i].sink = (xcc_sink){.solution = tm.numbering ? member_solution : NULL, .ctx = &m[i]};
            s = xcc_cells_open(&m[i].c, p, &ws, &m[i].sink, 0);
        }
        for (int i = 0; !s && i < n; i++) {
            if (pthread_create(&m[i].thread, NULL, work, &m[i])) {
                if (i == 0) /* no thread at all: this one walks */
                    work(&m[i]);
                break;
            }
            m[i].started = 1;
        }
        for (int i = 0; m && i < n; i++)
            if (m[i].started)
                pthread_join(m[i].thread, NULL);
        for (int i = 0; m && i < n; i++) {
            if (!s && m[i].c && xcc_cells_add(top, m[i].c))
                s = XCC_NO_MEMORY;
            xcc_cells_close(m[i].c);
        }
        free(m);
        if (!s)
            s = tm.status;
        stop = tm.stop;
    } else if (!s && !owner) {
        xcc_cells_forget(top);
    }
    for (size_t i = 0; i < tm.ntasks; i++)
        xcc_cells_state_free(tm.task[i]);
    free(tm.task);
    if (top) {
        xcc_u128 solutions = tm.count;
        xcc_cells_figs(top, stop, fig);
        if (tm.numbering)
            fig->solutions = solutions;
        fig->engine = "threads";
    }
    xcc_cells_close(top);
    pthread_mutex_destroy(&tm.lock);
    return s;
}

static const char *cells_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p;
    return xcc_threads_refuse_common(st, 0);
}

const xcc_engine xcc_cells_threads = {"threads", cells_threads_refuses, cells_threads_solve, NULL};
