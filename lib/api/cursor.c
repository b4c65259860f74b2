/*
 * api/cursor.c — a search whose solutions the caller pulls (xcc_cursor).
 *
 * Every engine hands its solutions to a callback from deep inside its
 * walk, so the walk must wait there until the caller asks for the next
 * one. With one thread, the engine runs on a stack of its own (a
 * ucontext: makecontext, swapcontext) and the callback switches back
 * to the caller's stack; nothing is copied and no thread is started,
 * and every engine lists so unchanged. With threads above 1 the
 * engine's workers call back from threads of their own, so the search
 * runs in a thread started for it, and the callback hands each solution
 * over under a mutex and waits for the caller's next call.
 *
 * A time budget (xcc_cursor_next_within) is kept at the progress
 * reports the run asks of every engine (every few milliseconds, api/
 * solve.c): on its stack the engine switches back with XCC_NOT_YET; with
 * a thread the caller simply stops waiting. Freeing a cursor whose
 * search is not over lets the search go on with the answer "stop" (the
 * callback returns nonzero, or the interrupt flag is set), so every
 * engine unwinds and frees as it does after any stop.
 *
 * The switches tell AddressSanitizer and ThreadSanitizer (their fiber
 * calls), so that the SANITIZE builds follow the stacks.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "api/api.h"
#include "base/text.h"
#include "base/alloc.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XCC_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define XCC_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(XCC_ASAN)
#define XCC_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__) && !defined(XCC_TSAN)
#define XCC_TSAN 1
#endif
#ifdef XCC_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef XCC_TSAN
#include <sanitizer/tsan_interface.h>
#endif

/* The engine's stack: address space reserved, pages taken as touched. */
#define STACK_BYTES ((size_t)64 << 20)

/* Where the search stands. */
enum state {
    FRESH,     /* not started */
    RUNNING,   /* the engine's turn (a thread toward the next solution) */
    SOLUTION,  /* waiting at a solution, which the caller holds */
    PAUSED,    /* waiting at a progress report (XCC_NOT_YET) */
    OVER       /* the engine returned: status, diag and done say how */
};

struct xcc_cursor {
    xcc_run run;
    xcc_figures figs;        /* what xcc_cursor_figures hands out */
    xcc_figs done;           /* the engine's figures, once OVER */
    xcc_status status;       /* the engine's return */
    xcc_diag diag;
    enum state state;
    int stop;                /* the caller wants no more: the search is to stop */
    int reported;            /* OVER's status was given back once */
    double deadline;         /* of the call under way; 0: none */
    /* the solution held: a copy of the engine's */
    xcc_solution sol;
    xcc_choice *choices;
    int cap, have;
    int failed;              /* no memory for a copy */
    /* what the search counted so far (live: under mu with a thread) */
    xcc_u128 live_solutions, live_nodes, live_mems;
    /* one thread: the engine's stack */
    ucontext_t caller, engine;
    void *stack;
#ifdef XCC_ASAN
    void *fake;
    const void *caller_bottom;
    size_t caller_size;
#endif
#ifdef XCC_TSAN
    void *caller_fiber, *engine_fiber;
#endif
    /* threads above 1 */
    int threaded, started;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

/* ---- switching stacks (one thread) ------------------------------------- */

/* From the caller's stack to the engine's, until the engine switches back. */
static void to_engine(xcc_cursor *c)
{
#ifdef XCC_TSAN
    c->caller_fiber = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(c->engine_fiber, 0);
#endif
#ifdef XCC_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, c->stack, STACK_BYTES);
    swapcontext(&c->caller, &c->engine);
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#else
    swapcontext(&c->caller, &c->engine);
#endif
}

/* From the engine's stack to the caller's; last: never to come back. */
static void to_caller(xcc_cursor *c, int last)
{
#ifdef XCC_TSAN
    __tsan_switch_to_fiber(c->caller_fiber, 0);
#endif
#ifdef XCC_ASAN
    __sanitizer_start_switch_fiber(last ? NULL : &c->fake, c->caller_bottom, c->caller_size);
    swapcontext(&c->engine, &c->caller);
    __sanitizer_finish_switch_fiber(c->fake, &c->caller_bottom, &c->caller_size);
#else
    (void)last;
    swapcontext(&c->engine, &c->caller);
#endif
}

/* The engine's stack starts here (the cursor's address in two halves). */
static void on_stack(unsigned hi, unsigned lo)
{
    xcc_cursor *c = (xcc_cursor *)(uintptr_t)(((uint64_t)hi << 32) | lo);
#ifdef XCC_ASAN
    __sanitizer_finish_switch_fiber(NULL, &c->caller_bottom, &c->caller_size);
#endif
    c->status = xcc_api_run(&c->run, &c->done, &c->diag);
    c->state = OVER;
    to_caller(c, 1);
}

/* ---- what the engine calls ------------------------------------------- */

static void lock(xcc_cursor *c)
{
    if (c->threaded)
        pthread_mutex_lock(&c->mu);
}

static void unlock(xcc_cursor *c)
{
    if (c->threaded)
        pthread_mutex_unlock(&c->mu);
}

/*
 * The engine waits for the caller's next call (under mu with a thread).
 * Returns whether the search is to stop.
 */
static int wait_turn(xcc_cursor *c, enum state at)
{
    c->state = at;
    if (!c->threaded) {
        to_caller(c, 0);
    } else {
        pthread_cond_broadcast(&c->cv);
        while (c->state == at)
            pthread_cond_wait(&c->cv, &c->mu);
    }
    return c->stop;
}

/* Stops the search at its next node: the run's flag (atomic), which every thread polls. */
static void halt(xcc_cursor *c)
{
    c->run.flag = 1;
}

static int on_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    xcc_cursor *c = ctx;
    (void)p;
    lock(c);
    if (c->stop) {
        unlock(c);
        return 1;
    }
    if (s->size > c->cap) {
        int cap = s->size > 2 * c->cap ? s->size : 2 * c->cap;
        xcc_choice *q = realloc(c->choices, (size_t)cap * sizeof *q);
        if (!q) {
            c->failed = 1;
            unlock(c);
            return 1;
        }
        c->choices = q, c->cap = cap;
    }
    memcpy(c->choices, s->choices, (size_t)s->size * sizeof *c->choices);
    c->sol = *s;
    c->sol.choices = c->choices;
    c->have = 1;
    c->live_solutions++;
    int stop = wait_turn(c, SOLUTION);
    unlock(c);
    return stop;
}

static void on_poll(void *ctx, const xcc_progress *pr)
{
    xcc_cursor *c = ctx;
    lock(c);
    if (pr->level >= 0) { /* a report with figures (the zdd engine's have none) */
        if (pr->nodes > c->live_nodes)
            c->live_nodes = pr->nodes;
        if (pr->mems > c->live_mems)
            c->live_mems = pr->mems;
        if (c->run.counting && pr->solutions > c->live_solutions)
            c->live_solutions = pr->solutions;
    }
    if (!c->stop && !c->threaded && c->deadline > 0 && xcc_api_now() >= c->deadline)
        wait_turn(c, PAUSED);
    if (c->stop)
        halt(c);
    unlock(c);
}

/* The search's own thread (threads above 1). */
static void *on_thread(void *arg)
{
    xcc_cursor *c = arg;
    xcc_figs done;
    xcc_diag diag;
    memset(&done, 0, sizeof done);
    xcc_status s = xcc_api_run(&c->run, &done, &diag);
    pthread_mutex_lock(&c->mu);
    c->done = done, c->diag = diag, c->status = s;
    c->state = OVER;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

/* ---- the calls ---------------------------------------------------------- */

xcc_status xcc_cursor_start(xcc_cursor **out, xcc_problem *p, const xcc_settings *s,
                            unsigned flags, xcc_diag *d)
{
    xcc_cursor *c = calloc(1, sizeof *c);
    *out = NULL;
    if (!c)
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
    xcc_status status = xcc_api_prepare(&c->run, p, s, (flags & XCC_CURSOR_COUNT) != 0, 1, d);
    if (status) {
        free(c);
        return status;
    }
    if (c->run.sink.solution)
        c->run.fn = on_solution, c->run.ctx = c;
    c->run.poll = on_poll, c->run.poll_ctx = c;
    c->threaded = c->run.st.threads > 1;
    c->figs.figs.engine = c->run.row->name;
    c->figs.figs.stop = XCC_RUNNING;
    if (c->threaded) {
        if (pthread_mutex_init(&c->mu, NULL)) {
            free(c);
            return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
        }
        if (pthread_cond_init(&c->cv, NULL)) {
            pthread_mutex_destroy(&c->mu);
            free(c);
            return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
        }
    } else {
        c->stack = mmap(NULL, STACK_BYTES, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (c->stack == MAP_FAILED) {
            free(c);
            return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory (a stack for the search)");
        }
        mprotect(c->stack, 4096, PROT_NONE); /* a guard below it */
        getcontext(&c->engine);
        c->engine.uc_stack.ss_sp = c->stack;
        c->engine.uc_stack.ss_size = STACK_BYTES;
        c->engine.uc_link = NULL;
        uint64_t at = (uint64_t)(uintptr_t)c;
        makecontext(&c->engine, (void (*)(void))on_stack, 2, (unsigned)(at >> 32),
                    (unsigned)(at & 0xffffffffu));
#ifdef XCC_TSAN
        c->engine_fiber = __tsan_create_fiber(0);
#endif
    }
    *out = c;
    return XCC_OK;
}

/* What the search counted so far, into the figures handed out. */
static void update_figures(xcc_cursor *c)
{
    if (c->state == OVER) {
        if (!c->done.engine) /* not yet moved */
            return;
        xcc_api_figures_reset(&c->figs);
        c->figs.figs = c->done;
        memset(&c->done, 0, sizeof c->done);
        return;
    }
    if (c->figs.figs.stop != XCC_RUNNING)
        return;
    c->figs.figs.solutions = c->live_solutions;
    c->figs.figs.nodes = c->live_nodes;
    c->figs.figs.mems = c->live_mems;
    c->figs.figs.mems_counted = c->live_mems > 0;
}

/* The end of the search, once: its status, then XCC_END. */
static xcc_status over(xcc_cursor *c, xcc_diag *d)
{
    update_figures(c);
    if (c->failed && !c->reported) {
        c->reported = 1;
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
    }
    if (c->status != XCC_OK && !c->reported) {
        c->reported = 1;
        if (d)
            *d = c->diag;
        return c->status;
    }
    c->reported = 1;
    return XCC_END;
}

xcc_status xcc_cursor_next_within(xcc_cursor *c, double seconds, xcc_diag *d)
{
    if (d)
        memset(d, 0, sizeof *d);
    c->have = 0;
    c->deadline = seconds >= 0 ? xcc_api_now() + seconds : 0;
    if (!c->threaded) {
        if (c->state != OVER) {
            c->state = RUNNING;
            to_engine(c);
        }
        update_figures(c);
        if (c->state == OVER)
            return over(c, d);
        return c->state == SOLUTION ? XCC_OK : XCC_NOT_YET;
    }
    pthread_mutex_lock(&c->mu);
    if (c->state == FRESH) {
        c->state = RUNNING;
        if (pthread_create(&c->thread, NULL, on_thread, c)) {
            c->state = OVER, c->status = XCC_NO_MEMORY;
            snprintf(c->diag.message, sizeof c->diag.message, "cannot start a thread");
        } else {
            c->started = 1;
        }
    } else if (c->state == SOLUTION) {
        c->state = RUNNING;
        pthread_cond_broadcast(&c->cv);
    }
    while (c->state == RUNNING) {
        if (c->deadline > 0) {
            struct timespec t;
            double when = c->deadline; /* CLOCK_REALTIME, as the condition variable waits */
            clock_gettime(CLOCK_REALTIME, &t);
            when += (double)t.tv_sec + (double)t.tv_nsec * 1e-9 - xcc_api_now();
            t.tv_sec = (time_t)when;
            t.tv_nsec = (long)((when - (double)t.tv_sec) * 1e9);
            if (pthread_cond_timedwait(&c->cv, &c->mu, &t) && c->state == RUNNING)
                break;
        } else {
            pthread_cond_wait(&c->cv, &c->mu);
        }
    }
    update_figures(c);
    enum state at = c->state;
    c->have = at == SOLUTION;
    xcc_status s = at == OVER ? over(c, d) : at == SOLUTION ? XCC_OK : XCC_NOT_YET;
    pthread_mutex_unlock(&c->mu);
    return s;
}

xcc_status xcc_cursor_next(xcc_cursor *c, xcc_diag *d)
{
    return xcc_cursor_next_within(c, -1, d);
}

const xcc_solution *xcc_cursor_solution(const xcc_cursor *c)
{
    return c->state == SOLUTION && (c->have || !c->threaded) ? &c->sol : NULL;
}

xcc_figures *xcc_cursor_figures(xcc_cursor *c)
{
    lock(c);
    update_figures(c);
    unlock(c);
    return &c->figs;
}

void xcc_cursor_free(xcc_cursor *c)
{
    if (!c)
        return;
    if (!c->threaded) {
        if (c->state != FRESH && c->state != OVER) {
            c->stop = 1;
            c->deadline = 0;
            c->run.flag = 1;
            to_engine(c); /* on to the end of the search */
        }
        munmap(c->stack, STACK_BYTES);
#ifdef XCC_TSAN
        __tsan_destroy_fiber(c->engine_fiber);
#endif
    } else {
        pthread_mutex_lock(&c->mu);
        c->stop = 1;
        if (c->started && c->state != OVER) {
            halt(c);
            c->state = RUNNING;
            pthread_cond_broadcast(&c->cv);
        }
        pthread_mutex_unlock(&c->mu);
        if (c->started)
            pthread_join(c->thread, NULL);
        pthread_mutex_destroy(&c->mu);
        pthread_cond_destroy(&c->cv);
    }
    xcc_figs_free(&c->done);
    xcc_api_figures_reset(&c->figs);
    free(c->choices);
    free(c);
}
