/*
 * api/api.h — what the files of the public calls (lib/api/) share: a
 * search as they run it (xcc_solve, and a cursor on its own stack or
 * thread), and the public figures behind their handle.
 */
#ifndef XCC_API_H
#define XCC_API_H

#include "engine.h"
#include "sink.h"

/*
 * The public figures: the search's (sink.h) and the text last asked of
 * xcc_figure_text. During a cursor's search, `figs` holds what the
 * cursor has seen so far and stop is XCC_RUNNING.
 */
struct xcc_figures {
    xcc_figs figs;
    char *text;
};

/* Empties f for a new search (freeing what it held). */
void xcc_api_figures_reset(xcc_figures *f);

/*
 * A search as the public calls run it. st is the caller's settings
 * copied (st.own its knobs, with the progress reports that time-limit
 * and a cursor need), searched by engine e of row. With a time-limit
 * (or a cursor's budget) st.interrupt is `flag`, which the progress
 * reports set at the deadline or when the caller's flag is set; poll,
 * if set, is called at each report too (the cursor's yield).
 */
typedef struct xcc_run {
    xcc_settings st;
    xcc_problem *p;
    const xcc_engine *e;
    const xcc_engine_row *row;
    int counting, auto_counting;
    xcc_sink sink;
    atomic_int flag;
    volatile sig_atomic_t *user_flag;
    double deadline;                   /* time-limit's (monotonic seconds), or 0 */
    void (*poll)(void *ctx, const xcc_progress *pr);
    void *poll_ctx;
    xcc_on_solution fn;                /* the caller's, or the cursor's */
    void *ctx;
} xcc_run;

/*
 * Gets a run ready: the problem finished, the settings copied, the
 * engine chosen (counting: no solution is wanted). reports: the engines
 * must report progress often (a cursor). XCC_OK, or why not in d.
 */
xcc_status xcc_api_prepare(xcc_run *r, xcc_problem *p, const xcc_settings *s, int counting,
                           int reports, xcc_diag *d);

/* Runs it into fig (zeroed first); fig->engine is the row's name. */
xcc_status xcc_api_run(xcc_run *r, xcc_figs *fig, xcc_diag *d);

/* The monotonic clock, in seconds. */
double xcc_api_now(void);

#endif
