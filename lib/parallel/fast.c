/*
 * parallel/fast.c — the fast engine's threads (-c -j N where -c picks
 * the fast engine, or --engine=fast -c -j N): its counting search spread
 * over threads, with exactly the count of one thread.
 *
 * The fast engine walks a tree of its own (fast/fast.c), so it is cut as
 * parallel/parallel.c cuts DLX2's: a first walk goes down the top of the
 * tree to a depth d, counting what it meets there, and hands each node of
 * depth d on as a task, the options chosen on the way to it, without
 * walking below it (xcc_fast_walk_top). d is the smallest depth with at
 * least tasks_per_worker tasks per thread (64), found by trial walks of
 * the top, which cost little. Then the threads take the tasks as they
 * become free, those of even number from the front of the list and the
 * others from the back (as parallel.c does, for the same reason: two
 * threads walking neighbours at once both walk what neither has finished
 * for the memo), and each counts below a task's node from the state its
 * options make (xcc_fast_walk_task: the counting kernels of
 * fast/kernel.c where they take the problem, else the engine's own walk).
 *
 * The walks share the tables, which nobody writes, and one memo of
 * counts (fast/count.c), so a state one thread finished is not walked
 * again by another; its entries are written and read without locks, as
 * the twin's memo is (fast/fast.h says how). The count is the sum of the
 * top's and the tasks', each exact (128 bits; a sum that reaches 2^127
 * stops as XCC_STOP_WIDE, and the zdd engine counts again, as for one
 * thread). Nodes and updates are the sum of what was walked, which the
 * memo's hits make depend on the threads' timing: only the count is the
 * same on every run.
 *
 * The engine only counts: it is not chosen for a listing (engines.c),
 * nor with t<n> (a count limit), which the threads of engine dlx meet
 * exactly.
 */
#include "parallel/split.h"
#include "fast/fast.h"
#include "engine.h"
#include "knobs.h"
#include "base/text.h"
#include "base/alloc.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

/* What the threads share. */
typedef struct team {
    const xcc_settings *st;
    const xcc_sink *user;
    xcc_paths tasks;
    size_t front, back;    /* tasks[front .. back - 1] are not taken yet */
    size_t done;
    pthread_mutex_t lock;  /* front, back, done, halt, status */
    int halt;              /* a walk stopped or failed: take no more tasks */
    xcc_status status;
} team;

/* One thread's walk, in cache lines of its own (parallel.c says why). */
#define CACHE_LINE 128
typedef struct member {
    team *tm;
    xcc_fast_walk *walk;
    int k;                 /* odd ones take tasks from the back */
    pthread_t thread;
    char pad[CACHE_LINE];
} member;

static int add_task(void *ctx, const int *path, int len)
{
    return xcc_paths_add(ctx, path, len);
}

/* Takes the next task; 0 when none is left or the search stops. */
static int take_task(team *tm, int from_back, size_t *task)
{
    int got = 0;
    pthread_mutex_lock(&tm->lock);
    if (!tm->halt && tm->front < tm->back) {
        *task = from_back ? --tm->back : tm->front++;
        got = 1;
    }
    pthread_mutex_unlock(&tm->lock);
    return got;
}

/* Books a finished task; 0 if the walk must stop (and so must the others). */
static int finish_task(team *tm, xcc_status s, xcc_stop stop)
{
    pthread_mutex_lock(&tm->lock);
    tm->done++;
    if (s && !tm->status)
        tm->status = s;
    if (s || stop != XCC_COMPLETE)
        tm->halt = 1;
    pthread_mutex_unlock(&tm->lock);
    return !s && stop == XCC_COMPLETE;
}

static void *work(void *arg)
{
    member *m = arg;
    team *tm = m->tm;
    size_t task;
    while (take_task(tm, m->k % 2, &task)) {
        int len;
        const int *path = xcc_path_of(&tm->tasks, task, &len);
        xcc_status s = xcc_fast_walk_task(m->walk, path, len);
        xcc_fast_kernel_figs kf;
        xcc_fast_walk_figs(m->walk, &kf);
        if (!finish_task(tm, s, kf.stop))
            break;
    }
    return NULL;
}

/* Reports the share of tasks finished, every 0.2 s, until all are (as parallel.c). */
static void report_while_waiting(team *tm)
{
    for (;;) {
        struct timespec pause = {0, 200000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&tm->lock);
        int over = tm->done >= tm->tasks.count || tm->halt
                   || (tm->st->interrupt && *tm->st->interrupt);
        double share = tm->tasks.count ? (double)tm->done / (double)tm->tasks.count : 1.0;
        pthread_mutex_unlock(&tm->lock);
        if (over)
            break;
        xcc_progress pr = {.fraction = share, .subtrees = 1};
        tm->user->progress(tm->user->ctx, &pr);
    }
}

/*
 * The top of the tree, walked by m[0] to the first depth with at least
 * want tasks (or none: it was all counted there; or a stop).
 */
static xcc_status cut_tree(team *tm, xcc_fast_walk *w, size_t want)
{
    int most = xcc_fast_walk_items(w);
    for (int depth = 1;; depth++) {
        xcc_paths_free(&tm->tasks);
        xcc_status s = xcc_fast_walk_top(w, depth, add_task, &tm->tasks);
        xcc_fast_kernel_figs kf;
        xcc_fast_walk_figs(w, &kf);
        if (s || kf.stop != XCC_COMPLETE || tm->tasks.count >= want || !tm->tasks.count
            || depth >= most)
            return s;
    }
}

/* Runs the tasks on n walks: this thread is the first, unless it reports progress. */
static void run_tasks(team *tm, member *m, int n)
{
    int reporting = tm->user->progress && xcc_knobs(tm->st)->progress_nodes;
    int first = reporting ? 0 : 1, started = first;
    tm->front = 0, tm->back = tm->tasks.count;
    while (started < n && !pthread_create(&m[started].thread, NULL, work, &m[started]))
        started++;
    if (first || started == 0)
        work(&m[0]); /* here, as planned, or because no thread could start */
    if (started > 0 && reporting)
        report_while_waiting(tm);
    for (int i = first; i < started; i++)
        pthread_join(m[i].thread, NULL);
}

/* The sum of the walks' figures into fig; the stop of the whole. */
static void sum_up(const team *tm, member *m, int n, xcc_figs *fig)
{
    xcc_stop stop = XCC_COMPLETE;
    for (int i = 0; i < n; i++) {
        if (!m[i].walk)
            continue;
        xcc_fast_kernel_figs kf;
        xcc_fast_walk_figs(m[i].walk, &kf);
        if (kf.count >= XCC_WIDE_TOP - fig->solutions || kf.stop == XCC_STOP_WIDE)
            stop = XCC_STOP_WIDE;
        else
            fig->solutions += kf.count;
        fig->nodes += kf.nodes, fig->updates += kf.updates;
        fig->bytes += kf.bytes;
        if (kf.maxl > fig->maxl)
            fig->maxl = kf.maxl;
        if (kf.stop == XCC_STOP_INTERRUPT && stop == XCC_COMPLETE)
            stop = XCC_STOP_INTERRUPT;
    }
    if (stop == XCC_COMPLETE && tm->done < tm->tasks.count)
        stop = XCC_STOP_INTERRUPT; /* tasks left untaken: stopped by the caller */
    fig->stop = stop;
    fig->level = 0;
}

static xcc_status fast_threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                                     xcc_figs *fig, xcc_diag *d)
{
    if (sink->solution)
        return xcc_diag_set(d, XCC_REFUSED, "the fast engine lists solutions in one thread;"
                                            " with threads it only counts");
    int n = st->threads, per = xcc_knobs(st)->tasks_per_worker;
    size_t want = (size_t)(per > 0 ? per : 64) * (size_t)n;
    member *m = calloc((size_t)n, sizeof *m);
    team tm = {.st = st, .user = sink, .status = XCC_OK};
    xcc_status s = XCC_OK;
    pthread_mutex_init(&tm.lock, NULL);
    if (!m || !(m[0].walk = xcc_fast_walk_new(p, NULL, st->interrupt))) {
        free(m);
        pthread_mutex_destroy(&tm.lock);
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory building the tables of the fast"
                                              " engine (%llu options)", p->options);
    }
    s = cut_tree(&tm, m[0].walk, want);
    xcc_fast_kernel_figs top;
    xcc_fast_walk_figs(m[0].walk, &top);
    for (int i = 0; i < n; i++)
        m[i].tm = &tm, m[i].k = i;
    for (int i = 1; !s && i < n; i++)
        if (!(m[i].walk = xcc_fast_walk_new(p, m[0].walk, st->interrupt)))
            s = XCC_NO_MEMORY;
    if (!s && top.stop == XCC_COMPLETE && tm.tasks.count)
        run_tasks(&tm, m, n);
    if (!s)
        s = tm.status;
    sum_up(&tm, m, n, fig);
    for (int i = n - 1; i >= 0; i--) /* m[0] last: it owns the tables and the memo */
        xcc_fast_walk_free(m[i].walk);
    free(m);
    xcc_paths_free(&tm.tasks);
    pthread_mutex_destroy(&tm.lock);
    if (s == XCC_NO_MEMORY)
        return xcc_diag_set(d, s, "out of memory in the threads of the fast engine");
    return s;
}

static const char *fast_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    xcc_settings one = *st;
    one.threads = 1;
    const char *no = xcc_fast_engine.refuses(p, &one);
    if (no)
        return no;
    if (st->threads <= 1)
        return "one thread: the fast engine itself";
    if (st->max_solutions != XCC_UNLIMITED)
        return "{the fast engine's threads count all the solutions: no max-solutions;"
               " engine dlx stops at a count|--engine=fast does not do t<n> with -j;"
               " use --engine=dlx}";
    return NULL;
}

static double fast_threads_bytes(const xcc_problem *p)
{
    return xcc_fast_engine.bytes(p);
}

const xcc_engine xcc_fast_threads = {"fast", fast_threads_refuses, fast_threads_solve,
                                     fast_threads_bytes};
