/*
 * parallel/zdd.c — the zdd engine's threads (-c -j N where -c picks the
 * zdd engine, or --engine=zdd -c -j N): its count of DLX2's tree walked
 * by N threads that share one memo, with exactly the count of one.
 *
 * The tree is not cut into tasks, as parallel/fast.c cuts the fast
 * engine's: a memo that keeps every subproblem makes the tree a diagram
 * whose parts meet again and again, so each thread walks the whole of
 * it, from the root, in an order of its own (xcc_zdd_order: the first in
 * DLX2's, the second in the reverse, ...), and writes every subproblem it
 * finishes in the memo they share (zdd/share.c). A thread that comes to
 * a subproblem another has finished takes its count from the memo; the
 * walks go apart at the root and at every node below, so they mostly
 * finish different parts, and the first walk to finish the root has the
 * count of all. The others then stop. Two threads walk the same
 * subproblem at once only where their walks cross.
 *
 * The threads only count: the ZDD's nodes are not kept nor written
 * (--zdd, m<n>, --sample walk in one thread, as do --checkpoint and a
 * problem the counting walk does not take, which the twin's walk of
 * zdd/dlx2.c counts). The shared memo keeps counts below 2^127: a larger
 * one stops the walks with XCC_STOP_WIDE, and one thread counts again
 * (engines.c). The nodes are those of all walks, the bytes the memo's.
 * The first thread, this one, reports progress and polls the sink as the
 * one-thread walk does; the others hand nothing to the sink.
 */
#include "parallel/parallel.h"
#include "engine.h"
#include "zdd/zdd.h"
#include "knobs.h"
#include "base/text.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What the walks share. */
typedef struct team {
    const xcc_zdd_counting *c;
    pthread_mutex_t lock; /* won, total, status, stop */
    atomic_int quit;      /* a walk finished or failed: the others stop */
    int won;
    xcc_count total;
    xcc_status status;
    xcc_stop stop;        /* a walk's stop of its own (interrupt, limit, 2^127) */
    xcc_diag d;
} team;

/* One thread's walk, in cache lines of its own. */
typedef struct member {
    team *tm;
    zwalk z;
    xcc_diag d;
    int ready;
    pthread_t thread;
    char pad[128];
} member;

static void *walk(void *arg)
{
    member *m = arg;
    team *tm = m->tm;
    xcc_count total;
    xcc_status s = xcc_zdd_counting_walk(tm->c, &m->z, &total);
    if (s == XCC_OK)
        s = m->z.status;
    pthread_mutex_lock(&tm->lock);
    if (s == XCC_OK && m->z.stop == XCC_COMPLETE) {
        if (!tm->won)
            tm->won = 1, tm->total = total;
    } else if (s != XCC_OK) {
        if (tm->status == XCC_OK) {
            tm->status = s;
            tm->d = m->d;
        }
    } else if (!atomic_load(&tm->quit) && tm->stop == XCC_COMPLETE) {
        tm->stop = m->z.stop; /* its own stop, not the team's */
    }
    atomic_store(&tm->quit, 1);
    pthread_mutex_unlock(&tm->lock);
    return NULL;
}

static xcc_status zdd_threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                                    xcc_figs *fig, xcc_diag *d)
{
    static const xcc_sink nothing;
    xcc_settings one = *st;
    one.threads = 1;
    int K;
    xcc_zdd_counting *c;
    /* a listing, a ZDD, a checkpoint: one thread */
    if (sink->solution || sink->zdd || sink->checkpoint || xcc_knobs(st)->resume)
        return xcc_zdd_engine.solve(p, &one, sink, fig, d);
    if (!(c = xcc_zdd_counting_new(p, &K))) /* K -1: a problem for the twin's walk */
        return K ? xcc_zdd_engine.solve(p, &one, sink, fig, d)
                 : xcc_diag_set(d, XCC_NO_MEMORY, "out of memory before the search");
    int n = st->threads;
    team tm = {.c = c, .status = XCC_OK, .stop = XCC_COMPLETE};
    member *m = calloc((size_t)n, sizeof *m);
    zshare *share = xcc_zshare_new(K, xcc_knobs(st)->memory_limit);
    xcc_status s = m && share ? XCC_OK : XCC_NO_MEMORY;
    pthread_mutex_init(&tm.lock, NULL);
    for (int i = 0; i < n && !s; i++) {
        zwalk *z = &m[i].z;
        m[i].tm = &tm;
        z->share = share, z->worker = i, z->workers = n, z->quit = &tm.quit;
        s = xcc_zdd_init(z, K, xcc_zdd_counting_levels(c), p, st, i ? &nothing : sink, &m[i].d);
        m[i].ready = 1;
    }
    int started = 1;
    if (!s) {
        while (started < n && !pthread_create(&m[started].thread, NULL, walk, &m[started]))
            started++;
        walk(&m[0]);
        for (int i = 1; i < started; i++)
            pthread_join(m[i].thread, NULL);
        s = tm.won ? XCC_OK : tm.status; /* a walk finished: what the others met is moot */
    }
    fig->no_updates = 1;
    fig->mems_counted = 0;
    fig->solutions = tm.won ? tm.total : 0;
    fig->stop = tm.won ? XCC_COMPLETE : tm.stop == XCC_COMPLETE ? XCC_STOP_INTERRUPT : tm.stop;
    for (int i = 0; m && i < n; i++) {
        fig->nodes += m[i].z.nodes;
        if (m[i].ready)
            xcc_zdd_free(&m[i].z);
    }
    fig->bytes = share ? xcc_zshare_bytes(share) : 0;
    if (s && d && tm.d.message[0])
        *d = tm.d;
    else if (s == XCC_NO_MEMORY && !(d && d->message[0]))
        xcc_diag_set(d, s, "out of memory in the threads of the ZDD engine");
    xcc_zshare_free(share);
    xcc_zdd_counting_free(c);
    free(m);
    pthread_mutex_destroy(&tm.lock);
    return s;
}

static const char *zdd_threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const char *no = xcc_threads_over(&xcc_zdd_engine, "one thread: the zdd engine itself", p, st);
    if (no)
        return no;
    if (st->shards > 1)
        return xcc_zdd_engine.refuses(p, st);
    if (xcc_knobs(st)->samples)
        return xcc_zdd_engine.refuses(p, st);
    return NULL;
}

const xcc_engine xcc_zdd_threads = {"zdd", zdd_threads_refuses, zdd_threads_solve, NULL};
