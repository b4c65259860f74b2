/*
 * engines.c — the engines users can name, how one is chosen and run
 * (the public calls that search are in api/).
 *
 * The table below is the one place that knows the engines: a new engine
 * is its own file (an xcc_engine) and a row here. dlx2 parses --engine,
 * writes its --help and picks for -c from this table.
 */
#include "engine.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "knobs.h"
#include "problem/problem.h"
#include "base/text.h"
#include "base/alloc.h"

#define MB (1024.0 * 1024.0)

const xcc_engine_row xcc_engine_rows[] = {
    {"dlx",
     "Knuth's DLX2: the same tree, mems and report (the\n"
     "default); it walks the tree with bit sets and derives\n"
     "the figures when it can, else it dances as links does.\n"
     "With multiplicities, DLX3's tree, mems and report",
     {&xcc_threads_twin, &xcc_twin_engine, &xcc_links_engine}, 0, NULL,
     {&xcc_mcc_threads_twin, &xcc_mcc_twin_engine, &xcc_mcc_links_engine}},
    {"links", "DLX2's tree (DLX3's with multiplicities), always by\ndancing links",
     {&xcc_threads_links, &xcc_links_engine}, 0, NULL,
     {&xcc_mcc_threads_links, &xcc_mcc_links_engine}},
    {"fast",
     "another tree, the same solutions, faster still; for up\n"
     "to some ten thousand options. It takes m<n>, t<n>, v1,\n"
     "v512, -c, -p, --time-limit and -j with -c (its threads\n"
     "count); -c picks it by itself\n"
     "for a problem with colors, or when an option's other\n"
     "items times its words of 64 options reach the primary\n"
     "items, if its tables stay under 256 MB",
     {&xcc_fast_threads, &xcc_fast_engine}, 256 * MB, xcc_fast_pays, {NULL}},
    {"cost",
     "Knuth's DLX5: the cheapest solutions of a problem with\n"
     "costs, its tree, mems and report (--knuth=dlx5)",
     {&xcc_cost_threads, &xcc_cost_engine}, 0, NULL, {NULL}},
    {"cost-links", "DLX5's tree as cost, always by dancing links (cost\n"
                   "walks it with bit sets when it can)",
     {&xcc_cost_threads_links, &xcc_cost_links_engine}, 0, NULL, {NULL}},
    {"zdd",
     "DLX2's tree (DLX3's with multiplicities) with each\n"
     "subproblem solved once, as Knuth's DLX6 does: exact\n"
     "counts past 2^64 with -c,\n"
     "DLX2's solutions in DLX2's order with m<n> (no mems);\n"
     "the engine of --zdd and --sample; -c on DLX2's tree\n"
     "takes -j (its threads count, with one memo)",
     {&xcc_zdd_threads, &xcc_zdd_engine}, 1e300, xcc_zdd_pays, {&xcc_mcc_zdd_engine}},
    {"cells",
     "Knuth's SSXCC: its tree, mems and report, by dancing\n"
     "cells (sparse sets) as SSXCC walks it (--knuth=ssxcc)",
     {&xcc_cells_threads, &xcc_cells_engine}, 0, NULL, {NULL}},
    {NULL, NULL, {NULL}, 0, NULL, {NULL}},
};

const xcc_engine_row *xcc_engine_row_named(const char *name)
{
    for (const xcc_engine_row *r = xcc_engine_rows; r->name; r++)
        if (!strcmp(r->name, name ? name : xcc_engine_rows[0].name))
            return r;
    return NULL;
}

int xcc_engine_row_runs(const xcc_engine_row *r, const xcc_engine *e)
{
    for (int k = 0; k < 4; k++)
        if ((r->tries[k] && r->tries[k] == e) || (r->mcc[k] && r->mcc[k] == e))
            return 1;
    return 0;
}

const xcc_engine_row *xcc_engine_row_of(const xcc_engine *e)
{
    for (const xcc_engine_row *r = xcc_engine_rows; r->name; r++)
        if (xcc_engine_row_runs(r, e))
            return r;
    return NULL;
}

char *xcc_engine_names(char *out, size_t n, const char *also)
{
    size_t at = 0;
    out[0] = '\0';
    for (const xcc_engine_row *r = xcc_engine_rows; r->name && at < n; r++) {
        int last = !r[1].name && !also;
        int w = snprintf(out + at, n - at, "%s%s", r == xcc_engine_rows ? "" : last ? " or " : ", ",
                         r->name);
        at += w > 0 ? (size_t)w : 0;
    }
    if (also && at < n)
        snprintf(out + at, n - at, " or %s", also);
    return out;
}

int xcc_wants_mcc(const xcc_problem *p, const xcc_settings *st)
{
    return xcc_knobs(st)->knuth == 3 || (p && xcc_has_bounds(p));
}

/*
 * Whether the fast engine counts p with the kernels of fast/kernel.c (at
 * most 512 options, fewer than 255 options per primary item; the kernel
 * checks the same on its tables): a node there costs a fraction of the
 * twin's, whatever the shape (bench/NOTES.md, "Speed round 3").
 */
static int fast_kernel_fits(const xcc_problem *p)
{
    if (p->options > 512)
        return 0;
    for (int i = 1; i < p->second; i++)
        if (p->nd[i].len >= 255)
            return 0;
    return 1;
}

/*
 * -c's choice between the fast engine and DLX2's tree walked with bit
 * sets (the twin), which find the same solutions through trees of
 * nearly the same shape (both branch on the first item of fewest
 * options; fast stops at a dead end a level sooner, and their memos
 * differ), so what decides is the work per node.
 * Choosing an option, the twin hides, for each of the option's other
 * items, that item's options a word of 64 at a time: about (k - 1) W
 * words, k the mean items per option and W the words of a set of
 * options. The fast engine ANDs one row of W words, but copies and
 * scans a counter per primary item (P) at every node, and gives colors
 * no extra work at all, where the twin purifies item by item. Hence:
 * fast when the problem has colors or (k - 1) W >= P, or when the fast
 * engine's counting kernels take it (fast_kernel_fits). On the hard tier
 * the instances fall far to either side of the line, each on the side
 * of its faster engine (doc/engines.md and bench/NOTES.md have the
 * measures). The rule reads the problem only: it costs nothing and
 * gives the same answer on every run.
 */
/*
 * Past this many options the rule above was never measured: until the
 * fast engine factored its table of compatible options (bits/bits.h),
 * its whole table passed the 256 MB of its row above there, so -c never
 * chose it, and
 * the work of its choice of an option grows with the options (a word a
 * 64) where the twin's does not.
 */
#define FAST_PAYS_MAX_OPTIONS 46341 /* options^2 / 8 bytes <= 256 MB */

int xcc_fast_pays(const xcc_problem *p)
{
    if (p->options > FAST_PAYS_MAX_OPTIONS)
        return 0;
    if (p->ncolors > 0 || fast_kernel_fits(p))
        return 1;
    double n = (double)p->options, P = p->second - 1;
    double entries = (double)(p->last_node - p->last_itm) - n; /* less the spacers */
    double W = (double)((p->options + 63) / 64), k = n > 0 ? entries / n : 0;
    return (k - 1) * W >= P;
}

/* Engines that only count: never chosen for a search that lists solutions. */
static int only_counts(const xcc_engine *e)
{
    return e == &xcc_fast_threads || e == &xcc_zdd_threads;
}

/* A row of one engine for p's tree: it walks in one thread. */
static int one_engine(const xcc_engine_row *r, const xcc_problem *p, const xcc_settings *st)
{
    return !(xcc_wants_mcc(p, st) ? r->mcc : r->tries)[1];
}

/*
 * -c's choice of the zdd engine, whose memo keeps every subproblem (up
 * to the memory limit), where the fast engine keeps none (past 512
 * options) and the twin's stops at 32 MB (bits/area.h): the tilings,
 * whose subproblems come back again and again. With no colors, either
 *   - multiplicities and at least ZDD_MCC_ITEMS primary items: the
 *     domino tilings of 14 x 14 (197 items) and 16 x 16, where the
 *     twin's memo, full, met too few of them (14 x 14: 3.8 s against
 *     1.1 s; 16 x 16: 4.6 s against more than 600), not the 12 x 12
 *     board (145 items, 0.11 s against 0.16) nor the mcc tier (66
 *     items or fewer, where the zdd engine took 1.4 to 2.8 times as
 *     long); or
 *   - more than 512 options (past the fast engine's kernels and memo)
 *     of at least ZDD_ITEMS_PER_OPTION items each on the mean: the
 *     pentomino and hexomino boxes (6 or 7 items an option), where the
 *     zdd engine took 0.3 to 0.8 of the time of the fast engine; the
 *     queens (4 items an option) are not in it, nor any problem of
 *     2 or 3 items an option, whose memo does not pay.
 * bench/NOTES.md ("-c and the zdd engine") has the measures; bench/engines
 * runs them again. A zdd engine picked here that passes the memory limit
 * gives way to DLX2's tree (xcc_engine_run_counting).
 */
#define ZDD_MCC_ITEMS 160
#define ZDD_ITEMS_PER_OPTION 5
int xcc_zdd_pays(const xcc_problem *p)
{
    if (p->ncolors > 0)
        return 0;
    if (xcc_has_bounds(p))
        return p->second - 1 >= ZDD_MCC_ITEMS;
    double n = (double)p->options, entries = (double)(p->last_node - p->last_itm) - n;
    return p->options > 512 && entries >= ZDD_ITEMS_PER_OPTION * n;
}

/* The first engine of row that does not refuse, or NULL and *why. */
static const xcc_engine *first_willing(const xcc_engine_row *row, const xcc_problem *p,
                                       const xcc_settings *st, int counting, const char **why)
{
    const xcc_engine *const *tries = xcc_wants_mcc(p, st) ? row->mcc : row->tries;
    *why = NULL;
    for (int k = 0; tries[k]; k++) {
        if (!counting && only_counts(tries[k]))
            continue;
        const char *no = tries[k]->refuses(p, st);
        if (!no)
            return tries[k];
        if (!*why)
            *why = no;
    }
    if (!tries[0]) { /* named: the user may not have chosen it (auto, -c) */
        static _Thread_local char no_mcc[96];
        snprintf(no_mcc, sizeof no_mcc, "the engine %s takes no multiplicities (DLX3's bounds a:b|name)",
                 row->name);
        *why = no_mcc;
    }
    return NULL;
}

/* Settings no engine can run. */
static const char *unsound(const xcc_settings *st)
{
    if (st->threads < 1 || st->threads > 1024)
        return "the number of threads must lie between 1 and 1024";
    if (st->shards < 0 || (st->shards && (st->shard < 1 || st->shard > st->shards)))
        return "shard K of N needs 1 <= K <= N";
    return NULL;
}

const xcc_engine *xcc_engine_choose(const xcc_problem *p, const xcc_settings *st, int counting,
                                    const xcc_engine_row **row, const char **why)
{
    const char *name = st->engine                  ? st->engine
                       : p && xcc_has_costs(p) ? xcc_engine_row_of(&xcc_cost_engine)->name
                                               : NULL; /* the default row */
    const xcc_engine *e;
    *row = NULL;
    if ((*why = unsound(st)))
        return NULL;
    if (name && !strcmp(name, XCC_ENGINE_AUTO)) {
        const xcc_engine_row *last = xcc_engine_rows;
        while (last[1].name)
            last++;
        /*
         * from the last row up: zdd's rule before fast's, which is broader;
         * an engine without threads (DLX3's zdd) that pays is still chosen
         * with -j, and walks in one thread (xcc_engine_run): the domino
         * boards, whose twin's threads take minutes where it takes seconds
         */
        xcc_settings one = *st;
        one.threads = 1;
        for (const xcc_engine_row *r = last; counting && p && r >= xcc_engine_rows; r--)
            if (r->auto_bytes > 0 && (!r->auto_pays || r->auto_pays(p))
                && ((e = first_willing(r, p, st, counting, why))
                    || (st->threads > 1 && one_engine(r, p, st) /* no threads */
                        && (e = first_willing(r, p, &one, counting, why))))
                && (!e->bytes || e->bytes(p) <= r->auto_bytes)) {
                *row = r;
                return e;
            }
        name = NULL;
    }
    if (!(*row = xcc_engine_row_named(name))) {
        static _Thread_local char no_such[240];
        char names[200];
        snprintf(no_such, sizeof no_such, "no such engine (%s)",
                 xcc_engine_names(names, sizeof names, NULL));
        *why = no_such;
        return NULL;
    }
    return first_willing(*row, p, st, counting, why);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

xcc_status xcc_engine_run(const xcc_engine *e, xcc_problem *p, const xcc_settings *st,
                          const xcc_sink *sink, xcc_figs *fig, xcc_diag *d)
{
    static const xcc_sink nothing;
    memset(fig, 0, sizeof *fig);
    if (d)
        memset(d, 0, sizeof *d);
    xcc_settings one = *st;
    one.threads = 1;
    if (st->threads > 1 && e->refuses(p, st) && !e->refuses(p, &one))
        st = &one; /* chosen by -c to walk in one thread (xcc_engine_choose) */
    double start = now();
    xcc_status s = e->solve(p, st, sink ? sink : &nothing, fig, d);
    fig->seconds = now() - start;
    if (!fig->engine) /* else the engine said what walked: threads' twins or links, ... */
        fig->engine = e->name;
    if (xcc_knobs(st)->knuth == XCC_KNUTH_DLX1) {
        fig->knuth = XCC_KNUTH_DLX1; /* DLX2's walk, DLX1's figures: no lmems apart */
        fig->lmems = 0;
    }
    if (!fig->imems) /* not counted by the engine (as DLX5's input phase is) */
        fig->imems = fig->knuth == 3 ? xcc_imems3(p)
                     : fig->knuth == XCC_KNUTH_DLX1 ? xcc_imems1(p) : p->imems;
    return s;
}

/*
 * A count that reached the limit of its engine (XCC_STOP_WIDE, 2^127)
 * is made again by the zdd engine, which counts past any limit, when
 * only the count was asked for and that engine takes the problem: the
 * count is then exact, and the other figures are the zdd engine's.
 */
xcc_status xcc_engine_run_counting(const xcc_engine *e, xcc_problem *p, const xcc_settings *st,
                                   const xcc_sink *sink, xcc_figs *fig, xcc_diag *d,
                                   const xcc_engine_row **row)
{
    xcc_status s = xcc_engine_run(e, p, st, sink, fig, d);
    if (s == XCC_NO_MEMORY && st->engine && !strcmp(st->engine, XCC_ENGINE_AUTO)
        && xcc_engine_row_runs(xcc_engine_row_of(&xcc_zdd_engine), e)) {
        /* -c's zdd engine passed the memory limit: DLX2's tree (or DLX3's) counts instead */
        xcc_settings z = *st;
        z.engine = xcc_engine_rows[0].name;
        const xcc_engine_row *drow;
        const char *why;
        const xcc_engine *de = xcc_engine_choose(p, &z, 1, &drow, &why);
        if (!de)
            return s;
        xcc_figs_free(fig);
        s = xcc_engine_run(de, p, &z, sink, fig, d);
        *row = drow;
    }
    if (s != XCC_OK || fig->stop != XCC_STOP_WIDE || (sink && sink->solution))
        return s;
    xcc_settings z = *st;
    z.engine = xcc_engine_row_of(&xcc_zdd_engine)->name;
    z.threads = 1; /* the zdd engine walks in one thread */
    const xcc_engine_row *zrow;
    const char *why;
    const xcc_engine *ze = xcc_engine_choose(p, &z, 1, &zrow, &why);
    if (!ze || ze == e)
        return s;
    xcc_figs_free(fig);
    s = xcc_engine_run(ze, p, &z, sink, fig, d);
    *row = zrow;
    return s;
}
