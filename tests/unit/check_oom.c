/*
 * check_oom.c — running out of memory, everywhere the engine allocates.
 *
 * This program is built with the engine's sources and -DXCC_ALLOC_TEST
 * (lib/base/alloc.h), so that every allocation of the engine goes
 * through alloc_hook.c, which fails the n-th. Each case below (reading a
 * problem, or building it call by call, then solving it with one engine
 * and some settings) runs for n = 1, 2, ... until a run makes fewer than
 * n calls, and every run must end in one of two ways: XCC_NO_MEMORY,
 * or XCC_OK with every figure of a run that had all the memory it asked
 * for (an engine may do without a cache, never get a figure wrong). Either
 * way the problem must come back as read and nothing may be left held:
 * the hook counts the blocks, and AddressSanitizer (make test SANITIZE=1)
 * checks the rest.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "alloc_hook.h"
#include "check_main.h"
#include "problems.h"
#include "tree/walk.h"
#include "engine.h"

/* the test's own allocations are not the engine's: the libc's, unhooked */
#undef malloc
#undef calloc
#undef realloc
#undef free

/* Knuth's example of colors, and the 68 parity permutations of problems.h. */
static const char knuth_colors[] = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";

static char *parity_problem(void)
{
    static char text[4096];
    return parity_problem_into(text);
}

/* The parity problem with costs (DLX5's): option i -> j costs (i * j) mod 7. */
static char *parity_cost_problem(void)
{
    static char text[8192];
    const char *from = parity_problem();
    size_t len = 0;
    int line = 0;
    for (const char *nl; (nl = strchr(from, '\n')); from = nl + 1, line++) {
        memcpy(text + len, from, (size_t)(nl - from));
        len += (size_t)(nl - from);
        if (line > 0)
            len += (size_t)sprintf(text + len, " |%d", ((line - 1) / 6) * ((line - 1) % 6) % 7);
        text[len++] = '\n';
    }
    text[len] = '\0';
    return text;
}

/* A chain of n items, each option covering two neighbours: n / 2 levels. */
static char *chain_problem(int n)
{
    static char text[65536];
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "i%d ", i);
    text[len++] = '\n';
    for (int i = 0; i < n; i += 2)
        len += (size_t)sprintf(text + len, "i%d i%d\n", i, i + 1);
    text[len] = '\0';
    return text;
}

/* The chain with every option twice: a branch at each of its n / 2
   levels, so that SSXCC's save stack of sizes grows (t1 stops it). */
static char *doubled_chain_problem(int n)
{
    static char text[65536];
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "i%d ", i);
    text[len++] = '\n';
    for (int i = 0; i < n; i += 2)
        len += (size_t)sprintf(text + len, "i%d i%d\ni%d i%d\n", i, i + 1, i, i + 1);
    text[len] = '\0';
    return text;
}

/* What a case asks. */
typedef struct oom_case {
    const xcc_engine *engine;
    int threads, shards;
    int list;          /* hand every solution to a sink */
    ullng maxcount;    /* 0: no limit */
    int vbose;         /* XCC_SHOW_TOTS, XCC_SHOW_PROFILE */
    int len_index;
    int build;         /* build the problem by calls instead of reading it */
} oom_case;

static int ignore(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p, (void)s, (void)ctx;
    return 0;
}

/* Reads text (or builds it from its lines) into *p. */
static xcc_status make_problem(xcc_problem *p, const char *text, int build)
{
    xcc_diag d;
    if (!build)
        return xcc_read_text(p, text, NULL, &d);
    xcc_status s = xcc_build_start(p, &d);
    const char *line = text, *nl = strchr(line, '\n');
    int secondary = 0;
    for (const char *w = line; !s && w < nl;) { /* the items, up to '|' */
        size_t n = strcspn(w, " \n");
        if (n == 1 && *w == '|')
            secondary = 1;
        else if (n)
            s = xcc_build_item(p, w, n, secondary, &d);
        w += n + (w[n] == ' ');
    }
    char option[256];
    for (line = nl + 1; !s && *line; line = nl + 1) {
        nl = strchr(line, '\n');
        memcpy(option, line, (size_t)(nl - line));
        option[nl - line] = '\0';
        s = xcc_build_option(p, option, &d);
    }
    if (s == XCC_OK)
        s = xcc_build_finish(p, &d);
    if (s)
        xcc_release(p);
    return s;
}

/* Runs the case once; *fig gets the figures when it returns XCC_OK. */
static xcc_status run_case(const oom_case *c, const char *text, xcc_figs *fig)
{
    xcc_problem p;
    xcc_status s = make_problem(&p, text, c->build);
    if (s) {
        ck_assert_int_eq(s, XCC_NO_MEMORY);
        return s;
    }
    size_t nbytes = (size_t)(p.last_node + 1) * sizeof(xcc_node);
    xcc_node *before = malloc(nbytes);
    memcpy(before, p.nd, nbytes);
    xcc_settings st;
    xcc_dlx2 k = {.show_choices_max = 1000000, .show_choices_gap = 1000000,
                  .show_levels_max = 1000000, .tasks_per_worker = 4, .vbose = c->vbose,
                  .len_index = c->len_index};
    xcc_settings_init(&st);
    st.dlx2 = &k;
    st.threads = c->threads ? c->threads : 1;
    st.shards = c->shards, st.shard = c->shards ? 1 : 0;
    if (c->maxcount)
        st.max_solutions = c->maxcount;
    xcc_sink sink = {.solution = c->list ? ignore : NULL, .trace = stderr};
    xcc_diag d;
    s = xcc_engine_run(c->engine, &p, &st, &sink, fig, &d);
    ck_assert(s == XCC_OK || s == XCC_NO_MEMORY);
    for (int i = 1; i < p.last_itm; i++)
        p.nd[i].aux = before[i].aux;
    ck_assert_mem_eq(p.nd, before, nbytes);
    free(before);
    xcc_figs_free(fig);
    xcc_release(&p);
    return s;
}

/* The case with every allocation failing in turn. */
static void each_failure(const oom_case *c, const char *text)
{
    xcc_figs want, got;
    atomic_store(&alloc_fail_at, 0);
    atomic_store(&alloc_held, 0);
    ck_assert_int_eq(run_case(c, text, &want), XCC_OK);
    ck_assert_int_eq(atomic_load(&alloc_held), 0);
    int failed = 0;
    for (long n = 1;; n++) {
        atomic_store(&alloc_calls, 0);
        atomic_store(&alloc_fail_at, n);
        xcc_status s = run_case(c, text, &got);
        ck_assert_msg(atomic_load(&alloc_held) == 0, "%ld blocks held after failing call %ld",
                      (long)atomic_load(&alloc_held), n);
        if (s == XCC_OK) {
            ck_assert_msg(got.solutions == want.solutions, "%llu solutions, not %llu, after"
                          " failing call %ld", (unsigned long long)got.solutions,
                          (unsigned long long)want.solutions, n);
            if (!(c->threads > 1 && c->maxcount)) { /* threads racing to t<n>: timing decides */
                ck_assert_int_eq(got.nodes, want.nodes);
                ck_assert_int_eq(got.mems, want.mems);
                ck_assert_int_eq(got.updates, want.updates);
            }
            ck_assert_int_eq(got.stop, want.stop);
        } else {
            failed++;
        }
        if (atomic_load(&alloc_calls) < n)
            break;
    }
    atomic_store(&alloc_fail_at, 0);
    ck_assert_int_gt(failed, 0); /* some call failed it: the test can fail */
}

START_TEST(reading_and_building)
{
    oom_case links = {.engine = &xcc_links_engine};
    each_failure(&links, knuth_colors);
    oom_case built = {.engine = &xcc_links_engine, .build = 1};
    each_failure(&built, parity_problem());
}
END_TEST

START_TEST(links)
{
    oom_case c[] = {
        {.engine = &xcc_links_engine, .list = 1},
        {.engine = &xcc_links_engine, .maxcount = 5, .vbose = XCC_SHOW_TOTS | XCC_SHOW_PROFILE},
        {.engine = &xcc_links_engine, .len_index = 1},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_problem());
    each_failure(&c[2], chain_problem(600)); /* 300 levels: they grow */
}
END_TEST

START_TEST(twin)
{
    oom_case c[] = {
        {.engine = &xcc_twin_engine},
        {.engine = &xcc_twin_engine, .list = 1},
        {.engine = &xcc_twin_engine, .maxcount = 5, .vbose = XCC_SHOW_TOTS | XCC_SHOW_PROFILE},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_problem());
    each_failure(&c[0], chain_problem(600));
}
END_TEST

START_TEST(fast)
{
    oom_case c[] = {
        {.engine = &xcc_fast_engine},
        {.engine = &xcc_fast_engine, .list = 1},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_problem());
    each_failure(&c[1], chain_problem(600));
}
END_TEST

START_TEST(zdd)
{
    oom_case c[] = {
        {.engine = &xcc_zdd_engine},
        {.engine = &xcc_zdd_engine, .list = 1},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_problem());
    each_failure(&c[0], chain_problem(600));
}
END_TEST

START_TEST(threads)
{
    oom_case c[] = {
        {.engine = &xcc_threads_twin, .threads = 2},
        {.engine = &xcc_threads_twin, .threads = 2, .list = 1},
        {.engine = &xcc_threads_links, .threads = 2, .maxcount = 5},
        {.engine = &xcc_threads_links, .shards = 3, .vbose = XCC_SHOW_PROFILE},
        {.engine = &xcc_threads_twin, .shards = 2},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_problem());
}
END_TEST

START_TEST(costs)
{
    /* one thread: the figures of DLX5's search with threads depend on the timing */
    oom_case c[] = {
        {.engine = &xcc_cost_engine},
        {.engine = &xcc_cost_engine, .list = 1, .vbose = XCC_SHOW_TOTS | XCC_SHOW_PROFILE},
        {.engine = &xcc_cost_links_engine, .list = 1},
        {.engine = &xcc_cost_threads, .shards = 2, .list = 1},
        {.engine = &xcc_cost_threads_links, .shards = 3},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_cost_problem());
}
END_TEST

START_TEST(cells)
{
    oom_case c[] = {
        {.engine = &xcc_cells_engine},
        {.engine = &xcc_cells_engine, .list = 1},
        {.engine = &xcc_cells_engine, .maxcount = 5, .vbose = XCC_SHOW_TOTS | XCC_SHOW_PROFILE},
    };
    for (size_t k = 0; k < sizeof c / sizeof *c; k++)
        each_failure(&c[k], parity_problem());
    each_failure(&c[0], knuth_colors);
    each_failure(&c[0], chain_problem(600)); /* 300 levels of forced moves */
    oom_case first = {.engine = &xcc_cells_engine, .maxcount = 1, .list = 1};
    each_failure(&first, doubled_chain_problem(600));
}
END_TEST

static Suite *oom_suite(void)
{
    Suite *s = suite_create("out of memory");
    TCase *tc = tcase_create("every allocation failing in turn");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, reading_and_building);
    tcase_add_test(tc, links);
    tcase_add_test(tc, twin);
    tcase_add_test(tc, fast);
    tcase_add_test(tc, zdd);
    tcase_add_test(tc, threads);
    tcase_add_test(tc, costs);
    tcase_add_test(tc, cells);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_main(oom_suite());
}
