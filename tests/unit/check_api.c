/*
 * check_api.c — unit tests of the public API (include/xcc.h) as a caller
 * sees it: problems built and read, written back, settings set by name,
 * figures read by name, solutions by callback and by cursor.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcc.h"

typedef struct seen {
    int solutions;
    char text[4096];  /* each solution's options by number, "0 2|1 3|" */
} seen;

static int note(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    seen *z = ctx;
    (void)p;
    z->solutions++;
    ck_assert_uint_eq(xcc_solution_number(s, NULL), (unsigned)z->solutions);
    int all[64] = {0}, size = xcc_solution_size(s);
    ck_assert_int_eq(xcc_solution_options(s, all, 1), size); /* one copied, the size told */
    ck_assert_int_eq(xcc_solution_options(s, all, 64), size);
    for (int l = 0; l < size; l++)
        ck_assert_int_eq(all[l], xcc_solution_option(s, l));
    for (int l = 0; l < size; l++)
        snprintf(z->text + strlen(z->text), sizeof z->text - strlen(z->text), "%s%d",
                 l ? " " : "", xcc_solution_option(s, l));
    strcat(z->text, "|");
    return 0;
}

/* The problem in the text format, into memory the caller frees. */
static char *written(const xcc_problem *p)
{
    char *t = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&t, &n);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(xcc_problem_write(p, f, NULL), XCC_OK);
    fclose(f);
    return t;
}

static xcc_settings *settings(const char *engine)
{
    xcc_settings *s;
    ck_assert_int_eq(xcc_settings_new(&s), XCC_OK);
    if (engine)
        ck_assert_int_eq(xcc_settings_set(s, "engine", engine, NULL), XCC_OK);
    return s;
}

static unsigned long long figure(const xcc_figures *f, const char *name)
{
    unsigned long long v;
    ck_assert_int_eq(xcc_figure(f, name, &v), XCC_OK);
    return v;
}

START_TEST(api_builds_and_solves)
{
    /* Knuth's example of colors, built one call at a time */
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_new(&p), XCC_OK);
    static const char *items[] = {"A", "B", "C", "X", "Y"};
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(xcc_problem_add_item(p, items[k], k >= 3, &d), XCC_OK);
    static const char *options[] = {"A B X:0 Y:0", "A C X:1 Y:1", "X:0 Y:1", "B X:1", "C Y:1"};
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(xcc_problem_add_option(p, options[k], &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_items(p), 5);
    ck_assert_int_eq(xcc_problem_primary_items(p), 3);
    ck_assert_int_eq(xcc_problem_options(p), 4); /* "X:0 Y:1" has no primary item */
    ck_assert_str_eq(xcc_item_name(p, 4), "Y");
    ck_assert_int_eq(xcc_item_options(p, 0), 2);
    ck_assert_int_eq(xcc_option_size(p, 1), 4);
    ck_assert_int_eq(xcc_option_item(p, 1, 2), 3);
    ck_assert_str_eq(xcc_option_color(p, 1, 2), "1");
    ck_assert_ptr_null(xcc_option_color(p, 1, 0));
    ck_assert_int_eq(xcc_option_line(p, 2), 5); /* the item line is line 1 */
    /* every engine, twice each: the problem comes back as it was */
    static const char *engines[] = {"dlx", "links", "fast", "auto", NULL};
    xcc_figures *f;
    ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
    for (int e = 0; e < 5; e++)
        for (int again = 0; again < 2; again++) {
            xcc_settings *s = settings(engines[e]);
            seen z = {0, ""};
            ck_assert_int_eq(xcc_solve(p, s, note, &z, f, &d), XCC_OK);
            ck_assert_int_eq(figure(f, "solutions"), 1);
            ck_assert_int_eq(xcc_figures_stop(f), XCC_COMPLETE);
            ck_assert_str_eq(z.text, "1 2|");
            ck_assert_int_eq(figure(f, "mems-counted"), e != 2);
            if (e != 2)
                ck_assert_int_eq(figure(f, "mems"), 268); /* DLX2's own figure */
            xcc_settings_free(s);
        }
    /* items come before options; a bad option says why and changes nothing */
    char *before = written(p);
    ck_assert_int_eq(xcc_problem_add_item(p, "Z", 1, &d), XCC_REFUSED);
    ck_assert_str_eq(d.message, "every item must come before the first option");
    ck_assert_int_eq(xcc_problem_add_option(p, "A Q", &d), XCC_BAD_INPUT);
    ck_assert_str_eq(d.message, "unknown item 'Q'");
    ck_assert_int_eq(d.line, 7);
    ck_assert_int_eq(d.col, 3);
    ck_assert_int_eq(xcc_problem_add_option(p, "B X:new Y:new2 |4 A:0", &d), XCC_BAD_INPUT);
    ck_assert_str_eq(d.message, "primary item 'A' cannot have a color");
    char *after = written(p);
    ck_assert_str_eq(after, before); /* no color, no cost left behind */
    free(before), free(after);
    ck_assert_int_eq(xcc_problem_add_option(p, "B C X:0", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "A Y:1", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_options(p), 6);
    ck_assert_int_eq(xcc_option_line(p, 5), 8); /* the failed options took no line */
    ck_assert_int_eq(xcc_solve(p, NULL, NULL, NULL, NULL, NULL), XCC_OK);
    seen z = {0, ""};
    ck_assert_int_eq(xcc_solve(p, NULL, note, &z, f, NULL), XCC_OK);
    ck_assert_int_eq(figure(f, "solutions"), 3); /* A Y:1 with B C X:0, or with B X:1 and C Y:1 */
    ck_assert_str_eq(z.text, "1 2|5 2 3|5 4|");
    xcc_figures_free(f);
    xcc_problem_free(p);
}
END_TEST

/* A failed option of a problem without colors or costs leaves it so, and the mems alike. */
START_TEST(api_failed_option_changes_no_figure)
{
    xcc_problem *p, *q;
    xcc_diag d;
    const char *text = "A B | X\nA X:1\nB\nA B\n";
    ck_assert_int_eq(xcc_problem_parse(&q, text, NULL, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_new(&p), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "A", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "B", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "A Q", &d), XCC_BAD_INPUT); /* closes no list */
    ck_assert_int_eq(xcc_problem_add_item(p, "X", 1, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "B X:7 |3 X:8", &d), XCC_BAD_INPUT);
    ck_assert_str_eq(d.message, "item 'X' appears twice in this option");
    ck_assert_int_eq(xcc_problem_add_option(p, "A X:1", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "B", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "A B", &d), XCC_OK);
    char *a = written(p), *b = written(q);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, "A B | X\nA X:1\nB\nA B\n");
    free(a), free(b);
    ck_assert_uint_eq(xcc_option_cost(p, 0), 0);
    xcc_problem_free(p);
    xcc_problem_free(q);
}
END_TEST

START_TEST(api_bounds_and_costs)
{
    xcc_problem *p, *q;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_new(&p), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "2|A", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "0|B", 0, &d), XCC_BAD_INPUT);
    ck_assert_str_eq(d.message, "upper bound 0 in '0|B' (the item must be allowed at least once)");
    ck_assert_int_eq(xcc_problem_add_item(p, "1:3|B", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "C", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "2|X", 1, &d), XCC_BAD_INPUT);
    ck_assert_str_eq(d.message,
                     "bounds on the secondary item in '2|X' (only primary items take bounds)");
    ck_assert_int_eq(xcc_problem_add_item(p, "X", 1, &d), XCC_OK);
    int lo, hi;
    ck_assert(xcc_item_bounds(p, 1, &lo, &hi));
    ck_assert_int_eq(lo, 1);
    ck_assert_int_eq(hi, 3);
    ck_assert(xcc_item_bounds(p, 2, &lo, &hi));
    ck_assert_int_eq(lo, 1);
    ck_assert_int_eq(hi, 1);
    ck_assert(!xcc_item_bounds(p, 3, &lo, &hi)); /* secondary */
    static const char *options[] = {"A B", "A C X:1", "A", "B X:2", "B"};
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(xcc_problem_add_option(p, options[k], &d), XCC_OK);
    const char *text = "2|A 1:3|B C | X\nA B\nA C X:1\nA\nB X:2\nB\n";
    char *w = written(p);
    ck_assert_str_eq(w, text);
    free(w);
    ck_assert_int_eq(xcc_problem_parse(&q, text, NULL, &d), XCC_OK);
    seen a = {0, ""}, b = {0, ""};
    ck_assert_int_eq(xcc_solve(p, NULL, note, &a, NULL, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(q, NULL, note, &b, NULL, &d), XCC_OK);
    ck_assert_str_eq(a.text, b.text);
    ck_assert_int_gt(a.solutions, 1);
    xcc_problem_free(p);
    xcc_problem_free(q);
    /* costs: the cheapest solutions, built or read */
    ck_assert_int_eq(xcc_problem_new(&p), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "A", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_item(p, "B", 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "A B |7", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "A |2 |1", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "B |3", &d), XCC_OK);
    ck_assert_int_eq(xcc_problem_add_option(p, "B |x", &d), XCC_BAD_INPUT);
    ck_assert_uint_eq(xcc_option_cost(p, 1), 3);
    w = written(p);
    ck_assert_str_eq(w, "A B\nA B |7\nA |3\nB |3\n");
    free(w);
    xcc_figures *f;
    unsigned long long c;
    xcc_settings *s = settings(NULL);
    ck_assert_int_eq(xcc_settings_set_int(s, "best", 2, &d), XCC_OK);
    ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    ck_assert_str_eq(xcc_figure_text(f, "engine"), "cost");
    ck_assert_int_eq(figure(f, "costs"), 2);
    ck_assert_int_eq(xcc_figure_cost(f, 0, &c), XCC_OK);
    ck_assert_uint_eq(c, 6);
    ck_assert_int_eq(xcc_figure_cost(f, 1, &c), XCC_OK);
    ck_assert_uint_eq(c, 7);
    ck_assert_int_eq(xcc_figure_cost(f, 2, &c), XCC_UNKNOWN_NAME);
    xcc_figures_free(f);
    xcc_settings_free(s);
    xcc_problem_free(p);
}
END_TEST

START_TEST(api_writes_what_reads_back)
{
    static const char *texts[] = {
        "| a comment\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
        "3|A :2|B\nA B\nA\n",
        "A B\nA |5\nB |0\nA B |1\n",
        "A\nA\n",
    };
    static const char *expect[] = {
        "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n",
        "3|A 0:2|B\nA B\nA\n",
        "A B\nA |5\nB |0\nA B |1\n",
        "A\nA\n",
    };
    for (int k = 0; k < 4; k++) {
        xcc_problem *p, *q;
        xcc_diag d;
        ck_assert_int_eq(xcc_problem_parse(&p, texts[k], NULL, &d), XCC_OK);
        char *w = written(p);
        ck_assert_str_eq(w, expect[k]);
        ck_assert_int_eq(xcc_problem_parse(&q, w, NULL, &d), XCC_OK);
        char *again = written(q);
        ck_assert_str_eq(again, w);
        free(w), free(again);
        xcc_problem_free(p);
        xcc_problem_free(q);
    }
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        xcc_problem *p;
        xcc_diag d;
        ck_assert_int_eq(xcc_problem_parse(&p, texts[0], NULL, &d), XCC_OK);
        ck_assert_int_eq(xcc_problem_write(p, full, &d), XCC_WRITE_ERROR);
        ck_assert_str_eq(d.message, "cannot write the problem: No space left on device");
        fclose(full);
        xcc_problem_free(p);
    }
}
END_TEST

START_TEST(api_settings_by_name)
{
    xcc_settings *s = settings(NULL), *t;
    xcc_diag d;
    char v[64];
    int n = 0;
    for (; xcc_setting_name(n); n++)
        ck_assert_int_eq(xcc_settings_get(s, xcc_setting_name(n), v, sizeof v), XCC_OK);
    ck_assert_int_eq(n, 11);
    ck_assert_int_eq(xcc_settings_get(s, "engine", v, sizeof v), XCC_OK);
    ck_assert_str_eq(v, "dlx");
    ck_assert_int_eq(xcc_settings_get(s, "max-solutions", v, sizeof v), XCC_OK);
    ck_assert_str_eq(v, "unlimited");
    ck_assert_int_eq(xcc_settings_set(s, "colour", "red", &d), XCC_UNKNOWN_NAME);
    ck_assert_str_eq(d.message, "no setting is named 'colour'");
    ck_assert_int_eq(xcc_settings_get(s, "colour", v, sizeof v), XCC_UNKNOWN_NAME);
    ck_assert_int_eq(xcc_settings_set_int(s, "threads", 0, &d), XCC_BAD_VALUE);
    ck_assert_str_eq(d.message, "setting threads takes a whole number from 1 to 1024, not '0'");
    ck_assert_int_eq(xcc_settings_set(s, "threads", "2x", &d), XCC_BAD_VALUE);
    ck_assert_int_eq(xcc_settings_get(s, "threads", v, sizeof v), XCC_OK);
    ck_assert_str_eq(v, "1"); /* a failed call changes nothing */
    ck_assert_int_eq(xcc_settings_set(s, "engine", "slow", &d), XCC_BAD_VALUE);
    ck_assert_str_eq(d.message, "setting engine takes dlx, links, fast, cost, cost-links, zdd,"
                                " cells or auto, not 'slow'");
    ck_assert_int_eq(xcc_settings_set(s, "shard", "3/2", &d), XCC_BAD_VALUE);
    ck_assert_int_eq(xcc_settings_set(s, "shard", "2/3", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "max-mems", "18446744073709551614", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "max-mems", "18446744073709551616", &d), XCC_BAD_VALUE);
    ck_assert_int_eq(xcc_settings_set(s, "time-limit", "0.5", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "time-limit", "0", &d), XCC_BAD_VALUE);
    ck_assert_int_eq(xcc_settings_set(s, "memory-limit", "1000000", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "engine", "zdd", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_copy(&t, s), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "engine", "fast", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "memory-limit", "0", &d), XCC_OK);
    static const char *want[][2] = {{"engine", "zdd"}, {"shard", "2/3"},
                                    {"max-mems", "18446744073709551614"}, {"time-limit", "0.5"},
                                    {"memory-limit", "1000000"}, {"threads", "1"}};
    for (int k = 0; k < 6; k++) {
        ck_assert_int_eq(xcc_settings_get(t, want[k][0], v, sizeof v), XCC_OK);
        ck_assert_str_eq(v, want[k][1]);
    }
    ck_assert_int_eq(xcc_settings_get(s, "engine", v, sizeof v), XCC_OK);
    ck_assert_str_eq(v, "fast");
    xcc_settings_free(s);
    xcc_settings_free(t);
    ck_assert_str_eq(xcc_version(), XCC_VERSION_TEXT);
    ck_assert_str_eq(xcc_status_text(XCC_UNKNOWN_NAME), "unknown name");
}
END_TEST

static int stop_at_two(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p, (void)ctx;
    return xcc_solution_number(s, NULL) == 2;
}

static const char *perm3 = "r0 r1 r2 c0 c1 c2\n"
                           "r0 c0\nr0 c1\nr0 c2\nr1 c0\nr1 c1\nr1 c2\nr2 c0\nr2 c1\nr2 c2\n";

START_TEST(api_reads_limits_refuses)
{
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_parse(&p, "A B\nA B X\n", NULL, &d), XCC_BAD_INPUT);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(d.line, 2);
    ck_assert_int_eq(d.col, 5);
    ck_assert_str_eq(d.message, "unknown item 'X'");
    ck_assert_int_eq(xcc_problem_parse(&p, perm3, NULL, &d), XCC_OK);
    xcc_settings *s = settings(NULL);
    xcc_figures *f;
    ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
    ck_assert_int_eq(xcc_settings_set_int(s, "max-solutions", 4, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    ck_assert_int_eq(xcc_figures_stop(f), XCC_STOP_COUNT);
    ck_assert_str_eq(xcc_figure_text(f, "stop"), "count");
    ck_assert_int_eq(figure(f, "solutions"), 4);
    ck_assert_int_eq(xcc_settings_set(s, "max-solutions", "unlimited", &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, stop_at_two, NULL, f, &d), XCC_OK);
    ck_assert_int_eq(xcc_figures_stop(f), XCC_STOP_CALLBACK);
    ck_assert_int_eq(xcc_settings_set_int(s, "threads", 2, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    ck_assert_int_eq(figure(f, "solutions"), 6);
    ck_assert_int_eq(xcc_settings_set(s, "engine", "fast", &d), XCC_OK);
    const char *why = "the fast engine lists solutions in one thread (threads 1; it counts with"
                      " more); engine dlx takes more";
    ck_assert_int_eq(xcc_check(p, s, &d), XCC_REFUSED);
    ck_assert_str_eq(d.message, why);
    ck_assert_int_eq(xcc_solve(p, s, stop_at_two, NULL, f, &d), XCC_REFUSED);
    ck_assert_str_eq(d.message, why);
    /* counting, the fast engine's threads take it (parallel/fast.c) */
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    ck_assert_int_eq(figure(f, "solutions"), 6);
    ck_assert_str_eq(xcc_figure_text(f, "engine"), "fast");
    ck_assert_int_eq(xcc_settings_set_int(s, "threads", 1, &d), XCC_OK);
    ck_assert_int_eq(xcc_check(p, s, &d), XCC_OK);
    unsigned long long v;
    ck_assert_int_eq(xcc_figure(f, "colour", &v), XCC_UNKNOWN_NAME);
    ck_assert_ptr_null(xcc_figure_text(f, "colour"));
    int names = 0;
    for (; xcc_figure_name(names); names++)
        ck_assert_int_ne(xcc_figure(f, xcc_figure_name(names), &v), XCC_UNKNOWN_NAME);
    ck_assert_int_eq(names, 15);
    xcc_figures_free(f);
    xcc_settings_free(s);
    xcc_problem_free(p);
}
END_TEST

/* Draws of the 3 x 3 permutations: each a permutation, tallied by its options. */
typedef struct {
    int draws, tally[729];
    char first[64];
} drawn;

static int tally_draw(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    drawn *z = ctx;
    int key = 0, rows = 0, cols = 0;
    ck_assert_int_eq(xcc_solution_size(s), 3);
    for (int l = 0; l < 3; l++) {
        int o = xcc_solution_option(s, l);
        rows |= 1 << xcc_option_item(p, o, 0), cols |= 1 << xcc_option_item(p, o, 1);
        key += o * (l == 0 ? 1 : l == 1 ? 9 : 81);
    }
    ck_assert_int_eq(rows, 7);
    ck_assert_int_eq(cols, 7 << 3);
    if (z->draws < 8)
        snprintf(z->first + strlen(z->first), sizeof z->first - strlen(z->first), "%d ", key);
    z->draws++, z->tally[key]++;
    return 0;
}

START_TEST(api_samples_uniformly)
{
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_parse(&p, perm3, NULL, &d), XCC_OK);
    xcc_settings *s = settings(NULL);
    ck_assert_int_eq(xcc_settings_set(s, "samples", "6000", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set_int(s, "seed", 2026, &d), XCC_OK);
    static drawn z, again, cursor;
    xcc_figures *f;
    ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, tally_draw, &z, f, &d), XCC_OK);
    ck_assert_int_eq(z.draws, 6000);
    ck_assert_int_eq(figure(f, "solutions"), 6); /* what the draws were made from */
    int kinds = 0;
    for (int k = 0; k < 729; k++)
        if (z.tally[k]) { /* 1000 expected: 5 standard deviations is 4.6% */
            kinds++;
            ck_assert_int_ge(z.tally[k], 900);
            ck_assert_int_le(z.tally[k], 1100);
        }
    ck_assert_int_eq(kinds, 6);
    ck_assert_int_eq(xcc_settings_set_int(s, "samples", 8, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, tally_draw, &again, f, &d), XCC_OK);
    ck_assert_str_eq(again.first, z.first); /* the same seed, the same draws */
    xcc_cursor *c; /* and the same through a cursor */
    ck_assert_int_eq(xcc_cursor_start(&c, p, s, 0, &d), XCC_OK);
    while (xcc_cursor_next(c, &d) == XCC_OK)
        tally_draw(p, xcc_cursor_solution(c), &cursor);
    xcc_cursor_free(c);
    ck_assert_str_eq(cursor.first, z.first);
    ck_assert_int_eq(xcc_settings_set(s, "engine", "links", &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, tally_draw, &again, f, &d), XCC_REFUSED);
    ck_assert_str_eq(d.message, "only the zdd engine samples, not links");
    xcc_figures_free(f);
    xcc_settings_free(s);
    xcc_problem_free(p);
}
END_TEST

/* The solutions of p through a cursor, as note writes them. */
static void pull(xcc_problem *p, const xcc_settings *s, seen *z)
{
    xcc_cursor *c;
    xcc_diag d;
    xcc_status st;
    ck_assert_int_eq(xcc_cursor_start(&c, p, s, 0, &d), XCC_OK);
    while ((st = xcc_cursor_next(c, &d)) == XCC_OK)
        note(p, xcc_cursor_solution(c), z);
    ck_assert_int_eq(st, XCC_END);
    ck_assert_int_eq(xcc_cursor_next(c, &d), XCC_END); /* and stays so */
    ck_assert_int_eq(xcc_figures_stop(xcc_cursor_figures(c)), XCC_COMPLETE);
    ck_assert_int_eq(figure(xcc_cursor_figures(c), "solutions"), z->solutions);
    xcc_cursor_free(c);
}

START_TEST(api_cursor_pulls_what_the_callback_gets)
{
    static const char *engines[] = {"dlx", "links", "fast", "zdd", "auto"};
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_parse(&p, perm3, NULL, &d), XCC_OK);
    for (int e = 0; e < 5; e++) {
        xcc_settings *s = settings(engines[e]);
        seen a = {0, ""}, b = {0, ""};
        ck_assert_int_eq(xcc_solve(p, s, note, &a, NULL, &d), XCC_OK);
        pull(p, s, &b);
        ck_assert_str_eq(b.text, a.text);
        ck_assert_int_eq(b.solutions, 6);
        xcc_settings_free(s);
    }
    /* freed half way: the problem is whole again for the next search */
    xcc_cursor *c;
    ck_assert_int_eq(xcc_cursor_start(&c, p, NULL, 0, &d), XCC_OK);
    ck_assert_int_eq(xcc_cursor_next(c, &d), XCC_OK);
    ck_assert_int_eq(xcc_cursor_next(c, &d), XCC_OK);
    xcc_figures *f = xcc_cursor_figures(c);
    ck_assert_int_eq(xcc_figures_stop(f), XCC_RUNNING);
    ck_assert_str_eq(xcc_figure_text(f, "stop"), "running");
    ck_assert_int_eq(figure(f, "solutions"), 2);
    ck_assert_uint_eq(xcc_solution_number(xcc_cursor_solution(c), NULL), 2);
    xcc_cursor_free(c);
    seen z = {0, ""};
    pull(p, NULL, &z);
    ck_assert_int_eq(z.solutions, 6);
    /* counting */
    ck_assert_int_eq(xcc_cursor_start(&c, p, NULL, XCC_CURSOR_COUNT, &d), XCC_OK);
    ck_assert_int_eq(xcc_cursor_next(c, &d), XCC_END);
    ck_assert_ptr_null(xcc_cursor_solution(c));
    ck_assert_int_eq(figure(xcc_cursor_figures(c), "solutions"), 6);
    xcc_cursor_free(c);
    xcc_problem_free(p);
}
END_TEST

/* The n queens (rows and columns primary, diagonals secondary). */
static xcc_problem *queens(int n)
{
    xcc_problem *p;
    char t[64];
    ck_assert_int_eq(xcc_problem_new(&p), XCC_OK);
    for (int sec = 0; sec <= 1; sec++)
        for (int k = 0; k < (sec ? 2 * n - 1 : n); k++)
            for (const char *kind = sec ? "ab" : "rc"; *kind; kind++) {
                snprintf(t, sizeof t, "%c%d", *kind, k);
                ck_assert_int_eq(xcc_problem_add_item(p, t, sec, NULL), XCC_OK);
            }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            snprintf(t, sizeof t, "r%d c%d a%d b%d", i, j, i + j, i - j + n - 1);
            ck_assert_int_eq(xcc_problem_add_option(p, t, NULL), XCC_OK);
        }
    return p;
}

START_TEST(api_cursor_gives_way_in_time)
{
    static const char *engines[] = {"links", "dlx", "fast", "zdd"};
    xcc_problem *p = queens(14);
    xcc_diag d;
    for (int e = 0; e < 4; e++) {
        for (int threads = 1; threads <= 2; threads += e < 2 ? 1 : 2) {
            xcc_settings *s = settings(engines[e]);
            xcc_cursor *c;
            ck_assert_int_eq(xcc_settings_set_int(s, "threads", threads, &d), XCC_OK);
            ck_assert_int_eq(xcc_cursor_start(&c, p, s, XCC_CURSOR_COUNT, &d), XCC_OK);
            ck_assert_msg(xcc_cursor_next_within(c, 0.001, &d) == XCC_NOT_YET, "%s -j%d",
                          engines[e], threads);
            ck_assert_int_eq(xcc_figures_stop(xcc_cursor_figures(c)), XCC_RUNNING);
            xcc_cursor_free(c); /* stops it at once: 365596 solutions are left uncounted */
            xcc_settings_free(s);
        }
    }
    /* the time-limit, and the caller's flag */
    xcc_settings *s = settings("links");
    xcc_figures *f;
    ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "time-limit", "0.01", &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    ck_assert_int_eq(xcc_figures_stop(f), XCC_STOP_INTERRUPT);
    ck_assert_int_lt(figure(f, "microseconds"), 1000000);
    ck_assert_int_eq(xcc_settings_set(s, "time-limit", "unlimited", &d), XCC_OK);
    static volatile sig_atomic_t flag = 1;
    xcc_settings_set_interrupt(s, &flag);
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    ck_assert_int_eq(xcc_figures_stop(f), XCC_STOP_INTERRUPT);
    ck_assert_int_eq(figure(f, "nodes"), 1);
    xcc_figures_free(f);
    xcc_settings_free(s);
    xcc_problem_free(p);
}
END_TEST

void add_api_tests(Suite *s);
void add_api_tests(Suite *s)
{
    TCase *api = tcase_create("api");
    tcase_set_timeout(api, 60);
    tcase_add_test(api, api_builds_and_solves);
    tcase_add_test(api, api_failed_option_changes_no_figure);
    tcase_add_test(api, api_bounds_and_costs);
    tcase_add_test(api, api_writes_what_reads_back);
    tcase_add_test(api, api_settings_by_name);
    tcase_add_test(api, api_reads_limits_refuses);
    tcase_add_test(api, api_samples_uniformly);
    tcase_add_test(api, api_cursor_pulls_what_the_callback_gets);
    tcase_add_test(api, api_cursor_gives_way_in_time);
    suite_add_tcase(s, api);
}
