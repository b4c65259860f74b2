/*
 * check_engines.c — unit tests of the methods beside DLX2's walks, each
 * through its internal interface on a problem small enough to solve by
 * hand: DLX5's cheapest costs (twin/dlx5_make.c, links/dlx5.c), DLX3's
 * multiplicities (links/dlx3.c, twin/dlx3.c, zdd/dlx3.c), the zdd
 * engine's counts, DLX-PRE's reductions (pre/pre.h), the split's sets of
 * paths (parallel/split.h), the counts of -j and --shard, and the fast
 * engine's table of compatible options (bits/bits.h).
 */
#include <check.h>
#include <string.h>

#include "problems.h"
#include "engine.h"
#include "settings.h"
#include "problem/problem.h"
#include "pre/pre.h"
#include "parallel/split.h"
#include "bits/bits.h"

/* Settings with dlx2's defaults (knobs k), no limit. */
static void engine_defaults(xcc_settings *st, xcc_dlx2 *k)
{
    xcc_settings_init(st);
    memset(k, 0, sizeof *k);
    k->show_choices_max = k->show_choices_gap = k->show_levels_max = 1000000;
    k->tasks_per_worker = 64;
    st->dlx2 = k;
}

/* Reads text, checks that e takes it under st, and runs e into fig. */
static void solve(const xcc_engine *e, const char *text, const xcc_settings *st, xcc_figs *fig)
{
    xcc_problem p;
    xcc_diag d;
    ck_assert_int_eq(xcc_read_text(&p, text, NULL, &d), XCC_OK);
    ck_assert_ptr_null(e->refuses(&p, st));
    static const xcc_sink nothing;
    ck_assert_int_eq(xcc_engine_run(e, &p, st, &nothing, fig, &d), XCC_OK);
    ck_assert_int_eq(fig->stop, XCC_COMPLETE);
    xcc_release(&p);
}

/* The number of solutions e finds in text, with default settings. */
static ullng count_with(const xcc_engine *e, const char *text)
{
    xcc_settings st;
    xcc_dlx2 k;
    xcc_figs fig;
    engine_defaults(&st, &k);
    solve(e, text, &st, &fig);
    ullng n = fig.solutions;
    xcc_figs_free(&fig);
    return n;
}

/* ---- DLX5: the cheapest solutions ----------------------------------------- */

/* formats/xcc.md's example: {A B, C} costs 3 + 2, {A, B C} 2 + 4, and
   no other choice covers A, B and C exactly once. */
static const char three_costs[] = "A B C\nA B |3\nC |1 |1\nA |2\nB C |4\n";

START_TEST(cost_keeps_the_best_costs)
{
    const xcc_engine *engines[] = {&xcc_cost_engine, &xcc_cost_links_engine};
    for (int e = 0; e < 2; e++)
        for (int best = 1; best <= 3; best++) {
            xcc_settings st;
            xcc_dlx2 k;
            xcc_figs fig;
            engine_defaults(&st, &k);
            st.best = best;
            solve(engines[e], three_costs, &st, &fig);
            int want = best < 2 ? best : 2; /* there are only two solutions */
            ck_assert_int_eq(fig.ncosts, want);
            ck_assert_uint_eq(fig.costs[0], 5);
            if (want > 1)
                ck_assert_uint_eq(fig.costs[1], 6);
            xcc_figs_free(&fig);
        }
}
END_TEST

START_TEST(cost_engines_agree_on_the_tree)
{
    xcc_settings st;
    xcc_dlx2 k;
    xcc_figs twin, links;
    engine_defaults(&st, &k);
    st.best = 2;
    solve(&xcc_cost_engine, three_costs, &st, &twin);
    solve(&xcc_cost_links_engine, three_costs, &st, &links);
    ck_assert_uint_eq(twin.solutions, 2);
    ck_assert_uint_eq(links.solutions, 2);
    ck_assert_uint_eq(twin.nodes, links.nodes);
    ck_assert_uint_eq(twin.mems, links.mems);
    ck_assert_uint_eq(twin.updates, links.updates);
    xcc_figs_free(&twin);
    xcc_figs_free(&links);
}
END_TEST

/* ---- DLX3: multiplicities ------------------------------------------------- */

/* A covered exactly twice, B once: {A, A B} with either A, so 2; with
   A taking 2 or 3, also {A, A B, A}, so 3. */
static const char twice[] = "2:2|A B\nA\nA B\nA\n";
static const char two_or_three[] = "2:3|A B\nA\nA B\nA\n";

START_TEST(mcc_counts_multiplicities)
{
    const xcc_engine *engines[] = {&xcc_mcc_links_engine, &xcc_mcc_twin_engine,
                                   &xcc_mcc_zdd_engine};
    for (int e = 0; e < 3; e++) {
        ck_assert_uint_eq(count_with(engines[e], twice), 2);
        ck_assert_uint_eq(count_with(engines[e], two_or_three), 3);
    }
}
END_TEST

START_TEST(mcc_bounds_one_is_exact_cover)
{
    /* every item 1:1 is the plain problem: Knuth's colors example, 1 solution */
    static const char colors[] = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    static const char ones[] = "1:1|A 1:1|B 1:1|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\n"
                               "B X:1\nC Y:1\n";
    ck_assert_uint_eq(count_with(&xcc_links_engine, colors), 1);
    ck_assert_uint_eq(count_with(&xcc_mcc_links_engine, ones), 1);
    ck_assert_uint_eq(count_with(&xcc_mcc_twin_engine, ones), 1);
}
END_TEST

/* ---- the zdd engine ------------------------------------------------------- */

START_TEST(zdd_counts_like_the_links)
{
    char text[4096];
    parity_problem_into(text);
    ck_assert_uint_eq(count_with(&xcc_zdd_engine, text), 68);
    ck_assert_uint_eq(count_with(&xcc_links_engine, text), 68);
    /* all 4! = 24 permutations of 4, each a choice of one option per row */
    static const char perms[] = "r1 r2 r3 r4 c1 c2 c3 c4\n"
                                "r1 c1\nr1 c2\nr1 c3\nr1 c4\nr2 c1\nr2 c2\nr2 c3\nr2 c4\n"
                                "r3 c1\nr3 c2\nr3 c3\nr3 c4\nr4 c1\nr4 c2\nr4 c3\nr4 c4\n";
    ck_assert_uint_eq(count_with(&xcc_zdd_engine, perms), 24);
}
END_TEST

/* ---- DLX-PRE ------------------------------------------------------------- */

/* Reads text into p and reduces it into s; the reduction's status. */
static xcc_status reduce(const char *text, xcc_problem *p, xcc_pre *s)
{
    xcc_diag d;
    ck_assert_int_eq(xcc_read_text(p, text, NULL, &d), XCC_OK);
    memset(s, 0, sizeof *s);
    return xcc_pre_run(s, p);
}

/*
 * A is in every option that has C, so A goes (forced by C); "A B" is
 * deleted, since it would leave C without options, and "A C" shortened
 * to "C". Left: B and C, options "C" and "B".
 */
START_TEST(pre_forces_deletes_and_shortens)
{
    xcc_problem p;
    xcc_pre s;
    ck_assert_int_eq(reduce("A B C\nA B\nA C\nB\n", &p, &s), XCC_OK);
    ck_assert_int_eq(s.infeasible, 0);
    ck_assert_int_eq(s.cut, 0);
    ck_assert_int_eq(s.items_out, 1);
    ck_assert_int_eq(s.options_out, 1);
    char items[64] = "";
    for (int i = xcc_pre_next_item(&s, 0); i; i = xcc_pre_next_item(&s, i))
        strcat(strcat(items, " "), xcc_pre_name(&s, i));
    ck_assert_str_eq(items, " B C");
    char options[64] = "";
    int n = 0;
    for (int r = xcc_pre_next_option(&s, 0); r; r = xcc_pre_next_option(&s, r), n++) {
        strcat(options, "[");
        for (int q = xcc_pre_first(&s, r); q; q = xcc_pre_next(&s, q)) {
            const char *color;
            strcat(options, xcc_pre_entry(&s, q, &color));
            ck_assert_ptr_null(color);
        }
        strcat(options, "]");
    }
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(options, "[B][C]");
    xcc_pre_free(&s);
    xcc_release(&p);
}
END_TEST

START_TEST(pre_finds_no_solution)
{
    /* B is in no option: nothing covers it */
    xcc_problem p;
    xcc_pre s;
    ck_assert_int_eq(reduce("A B\nA\n", &p, &s), XCC_OK);
    ck_assert_int_eq(s.infeasible, 2); /* the item found without options */
    ck_assert_str_eq(xcc_pre_name(&s, s.infeasible), "B");
    xcc_pre_free(&s);
    xcc_release(&p);
}
END_TEST

START_TEST(pre_refuses_multiplicities)
{
    xcc_problem p;
    xcc_pre s;
    ck_assert_int_eq(reduce(twice, &p, &s), XCC_REFUSED);
    xcc_pre_free(&s);
    xcc_release(&p);
}
END_TEST

/* ---- the split: paths, threads and shards --------------------------------- */

START_TEST(split_paths_sort_and_find)
{
    xcc_paths ps = {0};
    const int a[] = {3, 1}, b[] = {2}, c[] = {1, 2}, none[] = {1, 1};
    ck_assert_int_eq(xcc_paths_add(&ps, a, 2), 0);
    ck_assert_int_eq(xcc_paths_add(&ps, b, 1), 0);
    ck_assert_int_eq(xcc_paths_add(&ps, c, 2), 0);
    ck_assert_uint_eq(ps.count, 3);
    double size[] = {30, 20, 10};
    ck_assert_int_eq(xcc_paths_sort(&ps, size), XCC_OK);
    /* shorter paths first, then in the order of their choices */
    int len;
    const int *q = xcc_path_of(&ps, 0, &len);
    ck_assert_int_eq(len, 1);
    ck_assert_int_eq(q[0], 2);
    q = xcc_path_of(&ps, 1, &len);
    ck_assert_int_eq(len, 2);
    ck_assert_int_eq(q[0], 1);
    ck_assert_int_eq(q[1], 2);
    ck_assert(size[0] == 20 && size[1] == 10 && size[2] == 30); /* sorted with them */
    ck_assert_uint_eq(xcc_paths_find(&ps, a, 2), 2);
    ck_assert_uint_eq(xcc_paths_find(&ps, b, 1), 0);
    ck_assert_uint_eq(xcc_paths_find(&ps, none, 2), ps.count);
    xcc_paths_free(&ps);
}
END_TEST

/* The solutions of text by engine e with threads and shard k of shards. */
static ullng count_parts(const xcc_engine *e, const char *text, int threads, int k, int shards)
{
    xcc_settings st;
    xcc_dlx2 kn;
    xcc_figs fig;
    engine_defaults(&st, &kn);
    st.threads = threads;
    st.shard = k, st.shards = shards;
    solve(e, text, &st, &fig);
    ullng n = fig.solutions;
    xcc_figs_free(&fig);
    return n;
}

START_TEST(split_threads_and_shards_add_up)
{
    char text[4096];
    parity_problem_into(text);
    const xcc_engine *engines[] = {&xcc_threads_twin, &xcc_threads_links};
    for (int e = 0; e < 2; e++) {
        ck_assert_uint_eq(count_parts(engines[e], text, 2, 0, 0), 68);
        for (int shards = 2; shards <= 5; shards++) {
            ullng sum = 0;
            for (int k = 1; k <= shards; k++)
                sum += count_parts(engines[e], text, 1, k, shards);
            ck_assert_uint_eq(sum, 68);
        }
    }
    ck_assert_uint_eq(count_parts(&xcc_mcc_threads_twin, two_or_three, 2, 0, 0), 3);
    ullng sum = 0;
    for (int k = 1; k <= 3; k++)
        sum += count_parts(&xcc_mcc_threads_links, two_or_three, 1, k, 3);
    ck_assert_uint_eq(sum, 3);
}
END_TEST

/* ---- the table of compatible options ------------------------------------ */

/*
 * A random problem of n options over primary items p0..p4 and secondary
 * items s0..s3, written into text; prim[o] and col[o][j] (0: s_j not in
 * o; -1: in o without a color; else its color) say what each holds.
 * unique: every color is an option's own, so the secondary items' colors
 * outnumber the options.
 */
enum { COMPAT_OPTIONS = 150 };
static void random_colors_problem(char *text, int n, int unique, unsigned *prim, int (*col)[4])
{
    unsigned seed = unique ? 12345u : 777u;
    size_t len = (size_t)sprintf(text, "p0 p1 p2 p3 p4 | s0 s1 s2 s3\n");
    for (int o = 0; o < n; o++) {
        seed = seed * 1103515245u + 12345u;
        int a = (int)(seed >> 16) % 5, b = (int)(seed >> 8) % 5;
        prim[o] = 1u << a | (seed >> 24 & 1 ? 1u << b : 0);
        for (int i = 0; i < 5; i++)
            if (prim[o] >> i & 1)
                len += (size_t)sprintf(text + len, "p%d ", i);
        for (int j = 0; j < 4; j++) {
            seed = seed * 1103515245u + 12345u;
            int r = (int)(seed >> 16) % 5; /* 0, 1: not in o; 2: no color; 3, 4: a color */
            col[o][j] = r < 2 ? 0 : r == 2 ? -1 : unique ? 100 + o : r;
            if (col[o][j] == -1)
                len += (size_t)sprintf(text + len, "s%d ", j);
            else if (col[o][j] > 0)
                len += (size_t)sprintf(text + len, "s%d:c%d ", j, col[o][j]);
        }
        text[len - 1] = '\n';
    }
    text[len] = 0;
}

START_TEST(bits_compat_is_the_definition)
{
    static char text[COMPAT_OPTIONS * 48 + 64];
    static unsigned prim[COMPAT_OPTIONS];
    static int col[COMPAT_OPTIONS][4];
    int checked = 0;
    for (int unique = 0; unique < 2; unique++) {
        int n = COMPAT_OPTIONS, colored = 0;
        random_colors_problem(text, n, unique, prim, col);
        for (int o = 0; o < n; o++)
            for (int j = 0; j < 4; j++)
                colored += col[o][j] > 0;
        /* the colors' rows: at most 2 x 4 without unique (rows are built), one
           a colored node with it, more than the options (pairs are looked at) */
        if (unique)
            ck_assert_int_gt(colored, n);
        xcc_problem p;
        xcc_diag d;
        xcc_bits b;
        ck_assert_int_eq(xcc_read_text(&p, text, NULL, &d), XCC_OK);
        ck_assert_int_eq(xcc_bits_build(&b, &p, BITS_WHOLE), 0);
        ck_assert_int_eq(b.n, n);
        ck_assert_int_eq(b.W, 3);
        for (int o = 0; o < n; o++) {
            const word *row = b.compat + (size_t)o * 3;
            for (int o2 = 0; o2 < n; o2++) {
                int ok = o2 != o && !(prim[o] & prim[o2]);
                for (int j = 0; j < 4; j++)
                    if (col[o][j] && col[o2][j] && (col[o][j] < 0 || col[o][j] != col[o2][j]))
                        ok = 0;
                ck_assert_int_eq(bits_has(row, o2), ok);
                checked++;
            }
            ck_assert_uint_eq(row[2] >> (n - 128), 0); /* nothing past the last option */
        }
        xcc_bits_free(&b);
        xcc_release(&p);
    }
    ck_assert_int_eq(checked, 2 * COMPAT_OPTIONS * COMPAT_OPTIONS);
}
END_TEST

void add_engine_tests(Suite *s)
{
    TCase *co = tcase_create("cost");
    tcase_add_test(co, cost_keeps_the_best_costs);
    tcase_add_test(co, cost_engines_agree_on_the_tree);
    suite_add_tcase(s, co);
    TCase *mc = tcase_create("mcc");
    tcase_add_test(mc, mcc_counts_multiplicities);
    tcase_add_test(mc, mcc_bounds_one_is_exact_cover);
    suite_add_tcase(s, mc);
    TCase *zd = tcase_create("zdd");
    tcase_add_test(zd, zdd_counts_like_the_links);
    suite_add_tcase(s, zd);
    TCase *pr = tcase_create("pre");
    tcase_add_test(pr, pre_forces_deletes_and_shortens);
    tcase_add_test(pr, pre_finds_no_solution);
    tcase_add_test(pr, pre_refuses_multiplicities);
    suite_add_tcase(s, pr);
    TCase *sp = tcase_create("split");
    tcase_set_timeout(sp, 60);
    tcase_add_test(sp, split_paths_sort_and_find);
    tcase_add_test(sp, split_threads_and_shards_add_up);
    suite_add_tcase(s, sp);
    TCase *bi = tcase_create("bits");
    tcase_add_test(bi, bits_compat_is_the_definition);
    suite_add_tcase(s, bi);
}
