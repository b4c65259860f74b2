/*
 * api/solve.c — a search as the public calls run it (api.h): the settings
 * copied, the engine chosen, time-limit kept by the progress reports;
 * xcc_solve on top, and the accessors of a solution.
 */
#include "api/api.h"
#include "problem/problem.h"
#include "base/text.h"
#include "base/alloc.h"

#include <string.h>
#include <time.h>

double xcc_api_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/*
 * Each progress report: the caller's flag is passed on, the deadline
 * checked, and the cursor told. The reports come every few milliseconds
 * (the intervals below), which is how late time-limit and the caller's
 * flag are seen. The caller's flag is never read by the walks
 * themselves: it is a volatile sig_atomic_t, safe to share with a signal
 * handler but not with other threads; `flag`, which they poll, is atomic.
 */
static void on_progress(void *ctx, const xcc_progress *pr)
{
    xcc_run *r = ctx;
    if (r->user_flag && *r->user_flag)
        r->flag = 1;
    if (r->deadline > 0 && xcc_api_now() >= r->deadline)
        r->flag = 1;
    if (r->poll)
        r->poll(r->poll_ctx, pr);
}

static int on_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    xcc_run *r = ctx;
    return r->fn(p, s, r->ctx);
}

/*
 * How often the engines report (a report costs a clock reading). The
 * reports are loose (knobs.h): a memo adds a subtree across one, so a
 * count by a memo keeps its speed.
 */
enum {
    REPORT_MEMS = 1 << 22,   /* mems between reports: some milliseconds */
    REPORT_NODES = 1 << 14   /* nodes, for the engines that count no mems */
};

xcc_status xcc_api_prepare(xcc_run *r, xcc_problem *p, const xcc_settings *s, int counting,
                           int reports, xcc_diag *d)
{
    xcc_settings defaults;
    const char *why;
    if (d)
        memset(d, 0, sizeof *d);
    if (!s) {
        xcc_settings_init(&defaults);
        s = &defaults;
    }
    xcc_status status = xcc_build_finish(p, d);
    if (status)
        return status;
    r->p = p;
    r->st = *s;
    r->st.own = *xcc_knobs(s); /* the knobs become the run's own */
    r->st.dlx2 = &r->st.own;
    if (s->engine == s->engine_name)
        r->st.engine = r->st.engine_name;
    r->counting = counting;
    if (s->samples) { /* the zdd engine draws, told by the knobs */
        const char *zdd = xcc_engine_row_of(&xcc_zdd_engine)->name;
        if (s->engine && strcmp(s->engine, zdd))
            return xcc_diag_set(d, XCC_REFUSED, "only the zdd engine samples, not %s", s->engine);
        r->st.own.samples = s->samples, r->st.own.sample_seed = (ullng)s->seed;
        r->st.engine = zdd;
        r->counting = 0;
    }
    r->e = xcc_engine_choose(p, &r->st, r->counting, &r->row, &why);
    if (!r->e) {
        char words[512];
        return xcc_diag_set(d, XCC_REFUSED, "%s", xcc_words(why, 0, words, sizeof words));
    }
    r->auto_counting = r->counting && r->st.engine && !strcmp(r->st.engine, XCC_ENGINE_AUTO);
    r->user_flag = s->user_interrupt;
    r->flag = r->user_flag && *r->user_flag; /* already set: stop at once */
    r->deadline = s->time_limit > 0 ? xcc_api_now() + s->time_limit : 0;
    r->sink = (xcc_sink){.solution = counting && !s->samples ? NULL : on_solution, .ctx = r,
                         .trace = stderr};
    if (reports || r->deadline > 0 || r->user_flag) {
        r->st.interrupt = &r->flag;
        r->sink.progress = on_progress;
        if (!r->st.own.delta || r->st.own.delta > REPORT_MEMS)
            r->st.own.delta = REPORT_MEMS;
        r->st.own.loose_delta = 1;
        r->st.own.progress_nodes = REPORT_NODES;
        r->st.own.poll_nodes = REPORT_NODES;
    }
    return XCC_OK;
}

xcc_status xcc_api_run(xcc_run *r, xcc_figs *fig, xcc_diag *d)
{
    xcc_status status;
    if (r->auto_counting)
        status = xcc_engine_run_counting(r->e, r->p, &r->st, &r->sink, fig, d, &r->row);
    else
        status = xcc_engine_run(r->e, r->p, &r->st, &r->sink, fig, d);
    fig->engine = r->row->name;
    return status;
}

static int no_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p, (void)s, (void)ctx;
    return 0;
}

xcc_status xcc_solve(xcc_problem *p, const xcc_settings *s, xcc_on_solution fn, void *ctx,
                     xcc_figures *out, xcc_diag *d)
{
    xcc_run r;
    xcc_figs fig;
    memset(&r, 0, sizeof r);
    memset(&fig, 0, sizeof fig);
    if (out)
        xcc_api_figures_reset(out);
    xcc_status status = xcc_api_prepare(&r, p, s, fn == NULL, 0, d);
    if (status)
        return status;
    r.fn = fn ? fn : no_solution, r.ctx = ctx;
    status = xcc_api_run(&r, &fig, d);
    if (out)
        out->figs = fig;
    else
        xcc_figs_free(&fig);
    return status;
}

/* ---- a solution --------------------------------------------------------- */

int xcc_solution_size(const xcc_solution *s)
{
    return s->size;
}

int xcc_solution_option(const xcc_solution *s, int k)
{
    return k >= 0 && k < s->size ? s->choices[k].option : -1;
}

int xcc_solution_options(const xcc_solution *s, int *out, int max)
{
    for (int k = 0; k < s->size && k < max; k++)
        out[k] = s->choices[k].option;
    return s->size;
}

unsigned long long xcc_solution_number(const xcc_solution *s, unsigned long long *high)
{
    if (high)
        *high = s->number_high;
    return s->number;
}

unsigned long long xcc_solution_cost(const xcc_solution *s)
{
    return s->cost;
}

int xcc_solution_choice(const xcc_solution *s, int k, int *entry, int *kth, int *of)
{
    if (k < 0 || k >= s->size)
        return -1;
    const xcc_choice *c = &s->choices[k];
    if (entry)
        *entry = c->entry;
    if (kth)
        *kth = c->k;
    if (of)
        *of = c->d;
    return c->option;
}
