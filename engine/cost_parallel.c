/*
 * cost_parallel.c — DLX5's search over threads and shards (stub).
 */
#include "cost.h"

static const char *threads_refuses(const xcc_problem *p, const xcc_settings *st)
{
    (void)p, (void)st;
    return "not yet";
}

static xcc_status threads_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                                xcc_figures *fig, xcc_diag *d)
{
    (void)p, (void)st, (void)sink, (void)fig, (void)d;
    return XCC_REFUSED;
}

const xcc_engine xcc_cost_threads = {"cost-threads", threads_refuses, threads_solve, NULL};
