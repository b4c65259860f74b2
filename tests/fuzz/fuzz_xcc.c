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
 * problem as read (xcc.h, "Searching again"), and the harness checks
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

#include "xcc.h"

static int count_only(xcc_search *s, void *ctx)
{
    FILE *sink = ctx;
    if (s->count <= 3)
        xcc_print_solution(sink, s);
    return 0;
}

/* The fast engine must count what Algorithm C counted (up to 1000). */
static void compare_fast(const xcc_problem *p, ullng count)
{
    xcc_fast f;
    if (xcc_fast_init(&f, p))
        return; /* out of memory is allowed, a wrong count is not */
    f.maxcount = 1000;
    enum xcc_outcome out = xcc_fast_solve(&f);
    if (out != XCC_NO_MEMORY && f.count != count) {
        fprintf(stderr, "fast engine: %llu solutions, Algorithm C: %llu\n", f.count, count);
        abort();
    }
    xcc_fast_free(&f);
}

/* The twin must walk the same tree: every figure equal, same limits. */
static void compare_twin(xcc_problem *p, const xcc_search *links, enum xcc_outcome out)
{
    xcc_search s;
    if (xcc_search_init(&s, p))
        return;
    s.timeout = links->timeout;
    s.maxcount = links->maxcount;
    if (xcc_twin_suits(&s)) {
        enum xcc_outcome o = xcc_twin_solve(&s);
        if (o != XCC_NO_MEMORY
            && (o != out || s.count != links->count || s.mems != links->mems
                || s.lmems != links->lmems || s.updates != links->updates
                || s.cleansings != links->cleansings || s.nodes != links->nodes)) {
            fprintf(stderr, "twin: %llu solutions %llu mems %llu nodes; links: %llu %llu %llu\n",
                    s.count, s.mems, s.nodes, links->count, links->mems, links->nodes);
            abort();
        }
    }
    xcc_search_free(&s);
}

/* The links must come back as read (the headers' aux aside). */
static void check_restored(xcc_problem *p, const xcc_node *nd, const xcc_item *cl)
{
    for (int i = 1; i < p->last_itm; i++)
        p->nd[i].aux = nd[i].aux;
    if (memcmp(p->nd, nd, (size_t)(p->last_node + 1) * sizeof *nd)
        || memcmp(p->cl, cl, (size_t)(p->last_itm + 1) * sizeof *cl)) {
        fprintf(stderr, "xcc_solve left the problem changed\n");
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
    gb_rng rng;
    gb_rng_init(&rng, data[0]);
    xcc_problem p;
    xcc_error err;
    xcc_read_opts ro = {.warn = sink, .rng = mode == 2 ? &rng : NULL};
    int status = xcc_read(&p, in, &ro, &err);
    fclose(in);
    if (status == 0) {
        xcc_node *nd = malloc((size_t)(p.last_node + 1) * sizeof *nd);
        xcc_item *cl = malloc((size_t)(p.last_itm + 1) * sizeof *cl);
        if (mode && nd && cl) {
            memcpy(nd, p.nd, (size_t)(p.last_node + 1) * sizeof *nd);
            memcpy(cl, p.cl, (size_t)(p.last_itm + 1) * sizeof *cl);
            xcc_search s;
            if (xcc_search_init(&s, &p) == 0) {
                s.timeout = 200000;
                s.maxcount = 1000;
                s.rng = mode == 2 ? &rng : NULL;
                s.on_solution = count_only;
                s.ctx = sink;
                s.delta = s.thresh = 5000;
                enum xcc_outcome out = xcc_solve(&s);
                check_restored(&p, nd, cl);
                /* the fast engine has no mems limit: only small trees */
                if (mode == 3 && (out == XCC_FINISHED || out == XCC_COUNT_LIMIT))
                    compare_fast(&p, s.count);
                if (mode == 3)
                    compare_twin(&p, &s, out);
                xcc_search_free(&s);
            }
        }
        free(nd);
        free(cl);
        xcc_free(&p);
    } else if (status != 2 && status != 3) {
        abort();
    }
    fclose(sink);
    return 0;
}
