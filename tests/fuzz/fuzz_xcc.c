/*
 * fuzz_xcc.c — libFuzzer harness for the reader and the search.
 *
 * Each input is a problem file. The first byte picks what to exercise
 * (read only; read and solve; read at random places and solve with random
 * tie-breaking; solve with both engines and compare), the rest is the
 * text. The search gets small limits (mems and solutions) so that one
 * input never runs long; the point is that no input can crash, hang, read
 * out of bounds or leave the lists broken, and that the fast engine
 * (xcc_fast.c) counts what Algorithm C counts and the twin (xcc_twin.c)
 * walks its tree with the same figures: if not, abort().
 *
 * The other engines search the very problem Algorithm C has just
 * searched, stopped by a limit or not: every engine must leave the
 * problem as read (lib/problem/problem.h, "Searching again"), and the harness checks
 * that first, byte for byte, so a search that left it half-searched is
 * reported as such rather than as a difference between engines.
 *
 * Build and run: make fuzz FUZZ_SECONDS=N (clang with libFuzzer, ASan and
 * UBSan). Crashes found become files in tests/fuzz/regressions/, which
 * tests/e2e/fuzz-regressions.sh replays through dlx2 on every make test.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "tree/dlx2.h"

/* Figures and how the search ended. */
typedef struct result {
    xcc_status status;
    xcc_figs fig;
} result;

static int list_three(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p;
    if (s->number <= 3)
        fprintf(ctx, "%llu\n", s->number);
    return 0;
}

static result run(const xcc_engine *e, xcc_problem *p, const xcc_settings *st, const xcc_sink *k)
{
    result r;
    r.status = xcc_engine_run(e, p, st, k, &r.fig, NULL);
    return r;
}

/* The fast engine must count what Algorithm C counted (up to 1000). */
static void compare_fast(xcc_problem *p, ullng count)
{
    xcc_settings st;
    xcc_settings_init(&st);
    st.max_solutions = 1000;
    result r = run(&xcc_fast_engine, p, &st, NULL);
    if (r.status == XCC_OK && r.fig.solutions != count) { /* out of memory is allowed */
        fprintf(stderr, "fast engine: %llu solutions, Algorithm C: %llu\n", (ullng)r.fig.solutions, count);
        abort();
    }
}

/* The twin must walk the same tree: every figure equal, same limits. */
static void compare_twin(xcc_problem *p, const xcc_settings *st, const xcc_sink *k,
                         const result *links)
{
    if (xcc_twin_refuses(p, st))
        return;
    result r = run(&xcc_twin_engine, p, st, k);
    const xcc_figs *a = &r.fig, *b = &links->fig;
    if (r.status == XCC_OK
        && (a->stop != b->stop || a->solutions != b->solutions || a->mems != b->mems
            || a->lmems != b->lmems || a->updates != b->updates || a->cleansings != b->cleansings
            || a->nodes != b->nodes)) {
        fprintf(stderr, "twin: %llu solutions %llu mems %llu nodes; links: %llu %llu %llu\n",
                (ullng)a->solutions, (ullng)a->mems, (ullng)a->nodes, (ullng)b->solutions,
                (ullng)b->mems, (ullng)b->nodes);
        abort();
    }
}

/* The links must come back as read (the headers' aux aside). */
static void check_restored(xcc_problem *p, const xcc_node *nd, const xcc_item *cl)
{
    for (int i = 1; i < p->last_itm; i++)
        p->nd[i].aux = nd[i].aux;
    if (memcmp(p->nd, nd, (size_t)(p->last_node + 1) * sizeof *nd)
        || memcmp(p->cl, cl, (size_t)(p->last_itm + 1) * sizeof *cl)) {
        fprintf(stderr, "the search left the problem changed\n");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int mode = data[0] % 4;
    FILE *in = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!in)
        return 0;
    if (size == 1) { /* an empty text */
        fclose(in);
        in = fopen("/dev/null", "r");
    }
    FILE *sink = fopen("/dev/null", "w");
    xcc_problem p;
    xcc_diag err;
    xcc_read_options ro = {.warnings = sink, .randomize = mode == 2, .seed = data[0]};
    xcc_status status = xcc_read(&p, in, &ro, &err);
    fclose(in);
    if (status == XCC_OK) {
        xcc_node *nd = malloc((size_t)(p.last_node + 1) * sizeof *nd);
        xcc_item *cl = malloc((size_t)(p.last_itm + 1) * sizeof *cl);
        if (mode && nd && cl) {
            memcpy(nd, p.nd, (size_t)(p.last_node + 1) * sizeof *nd);
            memcpy(cl, p.cl, (size_t)(p.last_itm + 1) * sizeof *cl);
            xcc_settings st;
            xcc_dlx2 k = {.show_choices_max = 1000000, .show_choices_gap = 1000000,
                          .show_levels_max = 1000000, .delta = 5000, .tasks_per_worker = 64};
            xcc_settings_init(&st);
            st.max_mems = 200000;
            st.max_solutions = 1000;
            st.randomize = mode == 2;
            st.dlx2 = &k;
            xcc_sink out = {.solution = list_three, .ctx = sink, .trace = sink};
            result links = run(&xcc_links_engine, &p, &st, &out);
            check_restored(&p, nd, cl);
            /* the fast engine has no mems limit: only small trees */
            if (mode == 3 && links.status == XCC_OK
                && (links.fig.stop == XCC_COMPLETE || links.fig.stop == XCC_STOP_COUNT))
                compare_fast(&p, (ullng)links.fig.solutions);
            if (mode == 3)
                compare_twin(&p, &st, &out, &links);
        }
        free(nd);
        free(cl);
        xcc_release(&p);
    } else if (status != XCC_BAD_INPUT && status != XCC_NO_MEMORY) {
        abort();
    }
    fclose(sink);
    return 0;
}
