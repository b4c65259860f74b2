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
 * others from the back (as parallel.c does: each thread then walks a run
 * of neighbours, which meet the same states), and each counts below a task's node from the state its
 * options make (xcc_fast_walk_task: the counting kernels of
 * fast/kernel.c where they take the problem, else the engine's own walk).
 *
 * The walks share the tables, which nobody writes; each keeps a memo of
 * counts of its own (fast/count.c), in its share of the room one walk's
 * may take. A memo they all wrote was tried first: a thread then read,
 * at every node, lines of the table the other had just written, which
 * pass from one core's cache to the other's, and on sudoku-20-seed3 two
 * threads spent 1.1 to 1.4 times the CPU of one, for no fewer nodes
 * (bench/NOTES.md, "The fast engine's memo in threads"). A thread
 * takes neighbouring tasks, which meet the same states, so its own memo
 * finds most of what it would have found in one shared. The count is
 * the sum of the top's and the tasks', each exact (128 bits; a sum that
 * reaches 2^127 stops as XCC_STOP_WIDE, and the zdd engine counts again,
 * as for one thread). Nodes and updates are the sum of what was walked,
 * which depends on which thread took which task: only the count is the
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
    size_t *mine, nmine;   /* the indices of the tasks to walk (all but a checkpoint's done) */
    size_t front, back;    /* mine[front .. back - 1] are not taken yet */
    size_t done;
    pthread_mutex_t lock;  /* front, back, done, halt, status, the done ones */
    int halt;              /* a walk stopped or failed: take no more tasks */
    xcc_status status;
    /*
     * --checkpoint (the sink has a checkpoint): the walks poll quit, not
     * the caller's flag, which this thread polls, writing down the tasks
     * done whole (done_map) and the sums of their figures (done: count,
     * nodes, updates, maxl; a checkpoint's gone on from too). A task in
     * flight is walked again when the run goes on.
     */
    int checkpointing;
    atomic_int quit;
    unsigned char *done_map, *map_copy;
    xcc_fast_kernel_figs done_figs;
    ullng plan;
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
        *task = from_back ? tm->mine[--tm->back] : tm->mine[tm->front++];
        got = 1;
    }
    pthread_mutex_unlock(&tm->lock);
    return got;
}

/*
 * Books a finished task, its walk's figures now kf and before it began
 * was; 0 if the walk must stop (and so must the others).
 */
static int finish_task(team *tm, size_t task, xcc_status s, const xcc_fast_kernel_figs *kf,
                       const xcc_fast_kernel_figs *was)
{
    xcc_stop stop = kf->stop;
    pthread_mutex_lock(&tm->lock);
    tm->done++;
    if (tm->done_map && !s && stop == XCC_COMPLETE) { /* walked whole: done */
        tm->done_figs.count += kf->count - was->count;
        tm->done_figs.nodes += kf->nodes - was->nodes;
        tm->done_figs.updates += kf->updates - was->updates;
        if (kf->maxl > tm->done_figs.maxl)
            tm->done_figs.maxl = kf->maxl;
        tm->done_map[task] = 1;
    }
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
        xcc_fast_kernel_figs kf, was;
        xcc_fast_walk_figs(m->walk, &was);
        xcc_status s = xcc_fast_walk_task(m->walk, path, len);
        xcc_fast_walk_figs(m->walk, &kf);
        if (!finish_task(tm, task, s, &kf, &was))
            break;
    }
    return NULL;
}

/*
 * --checkpoint: the tasks done and their figures, written down by the
 * sink; nonzero when it says to stop: then the walks stop (quit).
 */
static int checkpoint_tasks(team *tm)
{
    size_t n = tm->tasks.count;
    pthread_mutex_lock(&tm->lock);
    xcc_position pos = {.maxl = tm->done_figs.maxl, .ntasks = n, .plan = tm->plan,
                        .done = tm->map_copy};
    pos.fig.solutions = tm->done_figs.count, pos.fig.nodes = tm->done_figs.nodes;
    pos.fig.updates = tm->done_figs.updates;
    memcpy(tm->map_copy, tm->done_map, n);
    pthread_mutex_unlock(&tm->lock);
    int stop = tm->user->checkpoint(tm->user->ctx, &pos);
    if (stop) {
        pthread_mutex_lock(&tm->lock);
        tm->halt = 1;
        tm->quit = 1;
        pthread_mutex_unlock(&tm->lock);
    }
    return stop;
}

/*
 * Waits for the walks: reports the share of tasks finished every 0.2 s
 * (as parallel.c) when reporting, and with --checkpoint looks at the
 * caller's flag every 0.02 s, writing a checkpoint when it is set.
 */
static void wait_for_walks(team *tm, int reporting)
{
    const atomic_int *flag = tm->st->interrupt;
    int ticks = 0;
    for (;;) {
        struct timespec pause = {0, tm->checkpointing ? 20000000 : 200000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&tm->lock);
        int over = tm->done >= tm->nmine || tm->halt
                   || (!tm->checkpointing && flag && *flag);
        double share = tm->nmine ? (double)tm->done / (double)tm->nmine : 1.0;
        pthread_mutex_unlock(&tm->lock);
        if (over)
            break;
        if (tm->checkpointing && flag && *flag && checkpoint_tasks(tm))
            break;
        if (!reporting || (tm->checkpointing && ++ticks % 10))
            continue;
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
    int waiting = reporting || tm->checkpointing;
    int first = waiting ? 0 : 1, started = first;
    tm->front = 0, tm->back = tm->nmine;
    while (started < n && !pthread_create(&m[started].thread, NULL, work, &m[started]))
        started++;
    if (first || started == 0)
        work(&m[0]); /* here, as planned, or because no thread could start */
    if (started > 0 && waiting)
        wait_for_walks(tm, reporting);
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
    const xcc_position *r = tm->checkpointing ? xcc_knobs(tm->st)->resume : NULL;
    if (r && r->ntasks && tm->done_map) { /* the tasks a checkpoint had done */
        if (r->fig.solutions >= XCC_WIDE_TOP - fig->solutions)
            stop = XCC_STOP_WIDE;
        else
            fig->solutions += r->fig.solutions;
        fig->nodes += r->fig.nodes, fig->updates += r->fig.updates;
        if (r->maxl > fig->maxl)
            fig->maxl = r->maxl;
    }
    if (stop == XCC_COMPLETE && (tm->done < tm->nmine || tm->quit))
        stop = XCC_STOP_INTERRUPT; /* tasks left untaken: stopped by the caller */
    fig->stop = stop;
    fig->level = 0;
}

/*
 * The tasks to walk: all, or with --checkpoint those a checkpoint gone
 * on from had not done; XCC_REFUSED when it is not of this plan.
 */
static xcc_status my_tasks(team *tm)
{
    size_t n = tm->tasks.count;
    if (!(tm->mine = malloc((n + 1) * sizeof(size_t))))
        return XCC_NO_MEMORY;
    const xcc_position *r = xcc_knobs(tm->st)->resume;
    if (tm->checkpointing) {
        tm->plan = xcc_paths_fingerprint(&tm->tasks);
        tm->done_map = calloc(n + 1, 1);
        tm->map_copy = calloc(n + 1, 1);
        if (!tm->done_map || !tm->map_copy)
            return XCC_NO_MEMORY;
        if (r && r->ntasks && (r->ntasks != n || r->plan != tm->plan))
            return XCC_REFUSED;
        if (r && r->ntasks) {
            tm->done_figs.count = r->fig.solutions, tm->done_figs.nodes = (ullng)r->fig.nodes;
            tm->done_figs.updates = (ullng)r->fig.updates, tm->done_figs.maxl = r->maxl;
            memcpy(tm->done_map, r->done, n);
        }
    }
    for (size_t i = 0; i < n; i++)
        if (!tm->done_map || !tm->done_map[i])
            tm->mine[tm->nmine++] = i;
    return XCC_OK;
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
    team tm = {.st = st, .user = sink, .status = XCC_OK, .checkpointing = !!sink->checkpoint};
    /* with --checkpoint the walks stop at quit, set by this thread */
    atomic_int *flag = tm.checkpointing ? &tm.quit : st->interrupt;
    xcc_status s = XCC_OK;
    pthread_mutex_init(&tm.lock, NULL);
    if (!m || !(m[0].walk = xcc_fast_walk_new(p, NULL, n, flag))) {
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
        if (!(m[i].walk = xcc_fast_walk_new(p, m[0].walk, n, flag)))
            s = XCC_NO_MEMORY;
    if (!s && top.stop == XCC_COMPLETE)
        s = my_tasks(&tm);
    if (!s && top.stop == XCC_COMPLETE && tm.nmine)
        run_tasks(&tm, m, n);
    if (!s)
        s = tm.status;
    sum_up(&tm, m, n, fig);
    for (int i = n - 1; i >= 0; i--) /* m[0] last: it owns the tables and the memo */
        xcc_fast_walk_free(m[i].walk);
    free(m);
    xcc_paths_free(&tm.tasks);
    free(tm.mine), free(tm.done_map), free(tm.map_copy);
    pthread_mutex_destroy(&tm.lock);
    if (s == XCC_NO_MEMORY)
        return xcc_diag_set(d, s, "out of memory in the threads of the fast engine");
    return s;
}

static const char *fast_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const char *no = xcc_threads_over(&xcc_fast_engine, "one thread: the fast engine itself", p, st);
    if (no)
        return no;
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
