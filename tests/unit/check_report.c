/*
 * check_report.c — the report's table of formats (report/formats.c):
 * every row found by its name, the program a search plays,
 * and what each row writes of a solution found through the public API
 * and at the end of a run, byte for byte as dlx2 writes it (the same
 * bytes as data/reference's and tests/e2e/json-verify.sh's). Like
 * report/, this file sees the problem only through include/xcc.h.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

void add_report_tests(Suite *s);

/* Knuth's example of color controls (data/reference), an MCC problem, one with costs. */
static const char colors[] = "| A simple example of color controls\n"
                             "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
static const char mcc[] = "0:2|A 1:1|B\nA B\nA\nB\n";
static const char costs[] = "A B C\nA B |3\nC |2\nA |1\nB C |4\nB |1\n";

START_TEST(every_format_has_a_row_found_by_its_name)
{
    static const char *const names[] = {"dlx2", "dlx3", "dlx5", "dlx1", "ssxcc", "json", "count",
                                        "zdd", "dlx6"};
    int n = 0;
    for (const rep_format *f = rep_formats; f->name; f++, n++) {
        ck_assert_int_lt(n, 9);
        ck_assert_str_eq(f->name, names[n]);
        ck_assert_ptr_eq(rep_format_named(f->name), f);
    }
    ck_assert_int_eq(n, 9);
    ck_assert_ptr_eq(rep_format_named("json"), &rep_formats[REP_JSON]);
    ck_assert_ptr_eq(rep_format_named("zdd"), &rep_formats[REP_ZDD]);
    ck_assert_ptr_null(rep_format_named("csv"));
    ck_assert_ptr_null(rep_format_named("JSON"));
    ck_assert_ptr_null(rep_format_named(""));
}
END_TEST

START_TEST(each_tree_reports_as_its_program)
{
    ck_assert_ptr_eq(rep_program(0, 0), &rep_formats[REP_DLX2]);
    ck_assert_ptr_eq(rep_program(3, 0), &rep_formats[REP_DLX3]);
    ck_assert_ptr_eq(rep_program(0, 1), &rep_formats[REP_DLX5]);
    ck_assert_ptr_eq(rep_program(XCC_KNUTH_DLX1, 0), &rep_formats[REP_DLX1]);
    ck_assert_ptr_eq(rep_program(XCC_KNUTH_SSXCC, 0), &rep_formats[REP_SSXCC]);
    /* Knuth's programs write progress, item totals and stderr's end; the others stdout's */
    for (int k = REP_DLX2; k <= REP_SSXCC; k++) {
        ck_assert_ptr_nonnull(rep_formats[k].solution);
        ck_assert_ptr_nonnull(rep_formats[k].progress);
        ck_assert_ptr_nonnull(rep_formats[k].closing);
        ck_assert_ptr_nonnull(rep_formats[k].totals);
        ck_assert_ptr_null(rep_formats[k].summary);
        ck_assert_int_eq(rep_formats[k].totals_once, k == REP_SSXCC); /* SSXCC: before only */
        ck_assert_int_eq(!!rep_formats[k].degree, k == REP_DLX1 || k == REP_SSXCC); /* v2048 */
    }
    for (int k = REP_JSON; k <= REP_ZDD; k++)
        ck_assert_ptr_null(rep_formats[k].totals);
    ck_assert_ptr_nonnull(rep_formats[REP_JSON].summary);
    ck_assert_ptr_nonnull(rep_formats[REP_COUNT].summary);
    ck_assert_ptr_null(rep_formats[REP_COUNT].solution);
    ck_assert_ptr_null(rep_formats[REP_ZDD].solution);
}
END_TEST

/* What format `name` writes on stdout of every solution of text (costs: DLX5's report), as dlx2 m1 does. */
static char *solutions(const char *text, const char *name, int costs)
{
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_parse(&p, text, NULL, &d), XCC_OK);
    char *out = NULL;
    size_t len = 0;
    rep r = {.out = open_memstream(&out, &len), .err = stderr, .p = p,
             .output = rep_format_named(name), .costs = costs, .best = 1};
    ck_assert_ptr_nonnull(r.out);
    ck_assert_ptr_nonnull(r.output);
    xcc_settings st;
    xcc_settings_init(&st);
    xcc_figures *fig;
    ck_assert_int_eq(xcc_figures_new(&fig), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, &st, rep_solution, &r, fig, &d), XCC_OK);
    ck_assert_int_eq(xcc_figures_stop(fig), XCC_COMPLETE);
    ck_assert_int_eq(r.out_gone, 0);
    ck_assert_int_eq(fclose(r.out), 0);
    xcc_figures_free(fig);
    rep_free(&r);
    xcc_problem_free(p);
    return out;
}

static void expect_solutions(const char *text, const char *name, int costs, const char *want)
{
    char *got = solutions(text, name, costs);
    ck_assert_str_eq(got, want);
    free(got);
}

START_TEST(each_format_writes_solutions_as_dlx2_does)
{
    expect_solutions(colors, "dlx2", 0, "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n");
    expect_solutions(colors, "json", 0,
                     "{\"solution\":1,\"lines\":[4,6],\"option_indices\":[1,2],"
                     "\"options\":[\"A C X:1 Y:1\",\"B X:1\"],"
                     "\"colors\":{\"X\":\"1\",\"Y\":\"1\"}}\n");
    expect_solutions(colors, "count", 0, "");
    expect_solutions(colors, "zdd", 0, "");
    /* DLX3's tree, with its null choices */
    expect_solutions(mcc, "dlx3", 0,
                     "1:\n B A (1 of 2)\n A (1 of 2)\n"
                     "2:\n B A (1 of 2)\n null A (2 of 2)\n"
                     "3:\n B (2 of 2)\n A (1 of 2)\n null A (1 of 1)\n"
                     "4:\n B (2 of 2)\n null A (2 of 2)\n");
    /* DLX5's: the total cost, each option's cost and net cost */
    expect_solutions(costs, "dlx5", 1,
                     "1: (total cost $4)\n A (1 of 2) $1 [0]\n B (1 of 2) $1 [0]\n"
                     " C (1 of 1) $2 [0]\n");
    expect_solutions(costs, "json", 1,
                     "{\"solution\":1,\"lines\":[3,4,6],\"option_indices\":[1,2,4],"
                     "\"options\":[\"C\",\"A\",\"B\"],"
                     "\"cost\":4,\"colors\":{}}\n");
}
END_TEST

/* What a run with the figures of Knuth's colors example writes at its end, on stdout and stderr. */
typedef struct ending {
    char *out, *err;
} ending;

static ending end_of_run(const char *name, xcc_figs fig, int vbose, int costs)
{
    ending e = {NULL, NULL};
    size_t lo, le;
    rep r = {.out = open_memstream(&e.out, &lo), .err = open_memstream(&e.err, &le),
             .output = rep_format_named(name), .vbose = vbose, .costs = costs, .best = 1,
             .zdd_nodes = 3};
    ck_assert_ptr_nonnull(r.output);
    ck_assert_int_eq(rep_end(&r, &fig), 0);
    ck_assert_int_eq(fclose(r.out), 0);
    ck_assert_int_eq(fclose(r.err), 0);
    rep_free(&r);
    return e;
}

static void expect_end(const char *name, xcc_figs fig, int vbose, int costs, const char *out,
                       const char *err)
{
    ending e = end_of_run(name, fig, vbose, costs);
    ck_assert_str_eq(e.out, out);
    ck_assert_str_eq(e.err, err);
    free(e.out);
    free(e.err);
}

START_TEST(each_format_ends_a_run_as_dlx2_does)
{
    xcc_figs fig = {.solutions = 1, .nodes = 4, .updates = 14, .cleansings = 5, .imems = 376,
                    .mems = 268, .lmems = 24, .cmems = 12, .bytes = 456, .mems_counted = 1,
                    .stop = XCC_COMPLETE, .engine = "twin"};
    const char *dlx2 = "Altogether 1 solution, 376+268-24 mems, 14 updates, 5 cleansings,"
                       " 456 bytes, 4 nodes, ccost 5%.\n";
    expect_end("dlx2", fig, XCC_SHOW_BASICS, 0, "", dlx2);
    expect_end("dlx2", fig, 0, 0, "", "");
    expect_end("count", fig, XCC_SHOW_BASICS, 0, "1\n", dlx2);
    expect_end("json", fig, 0, 0,
               "{\"summary\":{\"solutions\":1,\"complete\":true,\"stopped\":null,\"engine\":\"twin\","
               "\"nodes\":4,\"updates\":14,\"cleansings\":5,\"imems\":376,\"mems\":268,\"lmems\":24,"
               "\"bytes\":456,\"seconds\":0.000000}}\n",
               "");
    /* stopped by T<n>: DLX2's TIMEOUT! alone where DLX2 writes it (its
       listing, or a closing line after it); -c's count a lower bound, and
       said so where no figures follow */
    xcc_figs stopped = fig;
    stopped.stop = XCC_STOP_MEMS;
    expect_end("count", stopped, 0, 0, "1+\n",
               "TIMEOUT! (T<n>) The count on stdout is a lower bound.\n");
    expect_end("count", stopped, XCC_SHOW_BASICS, 0, "1+\n",
               "TIMEOUT!\nAltogether 1 solution, 376+268-24 mems, 14 updates, 5 cleansings,"
               " 456 bytes, 4 nodes, ccost 5%.\n");
    expect_end("dlx2", stopped, 0, 0, "", "TIMEOUT!\n");
    /* DLX3's closing line: no lmems */
    xcc_figs three = fig;
    three.knuth = 3, three.lmems = 0;
    expect_end("dlx3", three, XCC_SHOW_BASICS, 0, "",
               "Altogether 1 solution, 376+268 mems, 14 updates, 5 cleansings, 456 bytes,"
               " 4 nodes, ccost 4%.\n");
    /* the engines without mems */
    xcc_figs fast = fig;
    fast.mems_counted = 0, fast.engine = "fast";
    expect_end("dlx2", fast, XCC_SHOW_BASICS, 0, "",
               "Altogether 1 solution, 14 updates, 456 bytes, 4 nodes (--engine=fast: no mems"
               " counted).\n");
    xcc_figs zdd = fast;
    zdd.no_updates = 1, zdd.engine = "zdd";
    expect_end("count", zdd, XCC_SHOW_BASICS, 0, "1\n",
               "Altogether 1 solution, 456 bytes, 4 nodes (--engine=zdd: no mems counted).\n");
    expect_end("zdd", zdd, XCC_SHOW_BASICS, 0, "",
               "Altogether 1 solution, 456 bytes, 4 nodes, 3 ZDD nodes (--engine=zdd: no mems"
               " counted).\n");
    /* DLX5's: its closing line and the optimum (v16) */
    ullng best[1] = {4};
    xcc_figs five = {.solutions = 1, .nodes = 4, .updates = 5, .imems = 333, .mems = 182,
                     .bytes = 460, .mems_counted = 1, .stop = XCC_COMPLETE, .engine = "cost",
                     .costs = best, .ncosts = 1};
    expect_end("dlx5", five, XCC_SHOW_BASICS | XCC_SHOW_OPT_COSTS, 1, "",
               "Altogether 1 solution, 333+182 mems, 5 updates, 0 cleansings, 460 bytes,"
               " 4 nodes.\nThe optimum cost is $4\n");
}
END_TEST

void add_report_tests(Suite *s)
{
    TCase *t = tcase_create("report");
    tcase_add_test(t, every_format_has_a_row_found_by_its_name);
    tcase_add_test(t, each_tree_reports_as_its_program);
    tcase_add_test(t, each_format_writes_solutions_as_dlx2_does);
    tcase_add_test(t, each_format_ends_a_run_as_dlx2_does);
    suite_add_tcase(s, t);
}
