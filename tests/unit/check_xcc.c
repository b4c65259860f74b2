/*
 * check_xcc.c — unit tests of the library (lib/) with the Check
 * framework: the reader (what it builds, what it rejects and where), the
 * engines through their interface (counts, listings, limits, restoration
 * of the links), and the SGB random numbers; check_api.c tests the
 * public API (include/xcc.h), check_num.c the exact numbers,
 * check_engines.c DLX5's, DLX3's, the zdd, DLX-PRE's and the split's.
 *
 * Problems are given as strings, so each test shows its input next to
 * what it expects. main() runs every suite and
 * appends "PASS FAIL" to the file named by $RESULTS for tests/run.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "problems.h"
#include "report.h"
#include "base/text.h"
#include "tree/walk.h"
#include "tree/dlx2.h"
#include "engine.h"

/* ---- helpers -------------------------------------------------------- */

/* Reads text into p; returns the status (0 on success). */
static xcc_status read_text(xcc_problem *p, const char *text, xcc_diag *err)
{
    return xcc_read_text(p, text, NULL, err);
}

/* Settings with dlx2's defaults (knobs k), no limit. */
static void defaults(xcc_settings *st, xcc_dlx2 *k)
{
    xcc_settings_init(st);
    memset(k, 0, sizeof *k);
    k->show_choices_max = k->show_choices_gap = k->show_levels_max = 1000000;
    k->tasks_per_worker = 64;
    st->dlx2 = k;
}

/* Every figure of a search, how it ended, and its listing if asked. */
typedef struct figures {
    ullng count, mems, lmems, cmems, updates, cleansings, nodes;
    int maxl;
    xcc_stop stop;
    char *listing;
} figures;

static int list_all(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    rep_listing(ctx, p, s);
    return 0;
}

/*
 * Runs engine e on p with st; with list, the listing of every solution
 * (else fn, with ctx, if given). Expects status XCC_OK.
 */
static figures run_engine(const xcc_engine *e, xcc_problem *p, const xcc_settings *st, int list,
                          xcc_on_solution fn, void *ctx)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = list ? open_memstream(&buf, &len) : NULL;
    xcc_sink sink = {.solution = list ? list_all : fn, .ctx = list ? f : ctx, .trace = stderr};
    xcc_figs fig;
    xcc_diag d;
    ck_assert_int_eq(xcc_engine_run(e, p, st, &sink, &fig, &d), XCC_OK);
    figures r = {fig.solutions, fig.mems, fig.lmems, fig.cmems, fig.updates, fig.cleansings,
                 fig.nodes, fig.maxl, fig.stop, NULL};
    if (f) {
        fclose(f);
        r.listing = buf;
    }
    xcc_figs_free(&fig);
    return r;
}

/* Reads text and runs e on it with st (NULL: defaults). */
static figures run_text(const xcc_engine *e, const char *text, const xcc_settings *st, int list)
{
    xcc_problem p;
    xcc_diag err;
    xcc_settings dst;
    xcc_dlx2 k;
    if (!st) {
        defaults(&dst, &k);
        st = &dst;
    }
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    figures r = run_engine(e, &p, st, list, NULL, NULL);
    xcc_release(&p);
    return r;
}

/* The number of solutions of text (Algorithm C with dancing links). */
static ullng count_text(const char *text)
{
    figures f = run_text(&xcc_links_engine, text, NULL, 0);
    ck_assert_int_eq(f.stop, XCC_COMPLETE);
    return f.count;
}

/* Solves text, listing every solution into a string the caller frees. */
static char *list_text(const char *text)
{
    return run_text(&xcc_links_engine, text, NULL, 1).listing;
}

/* Expects text to be rejected with status, line, column and message. */
static void expect_error(const char *text, xcc_status status, long line, long col, const char *msg)
{
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, text, &err), status);
    ck_assert_int_eq(err.line, line);
    ck_assert_int_eq(err.col, col);
    ck_assert_str_eq(err.message, msg);
}

static const char knuth_colors[] = "| A simple example of color controls\n"
                                   "A B C | X Y\n"
                                   "A B X:0 Y:0\n"
                                   "A C X:1 Y:1\n"
                                   "X:0 Y:1\n"
                                   "B X:1\n"
                                   "C Y:1\n";

/* ---- the reader ----------------------------------------------------- */

START_TEST(read_counts_items_options_entries)
{
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    ck_assert_int_eq(p.options, 4);
    ck_assert_int_eq(p.second - 1, 3);               /* primary items */
    ck_assert_int_eq(p.last_itm - p.second, 2);      /* secondary items */
    ck_assert_int_eq(xcc_entries(&p), 16);           /* 12 nodes + 4 spacers */
    ck_assert_int_eq(p.imems, 376);                  /* DLX2's figure */
    ck_assert_int_eq(p.ncolors, 2);
    xcc_release(&p);
}
END_TEST

START_TEST(read_builds_the_lists_in_input_order)
{
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, "A B\nA B\nB\nA\n", &err), 0);
    /* items 1 (A), 2 (B); nodes: spacer 3, option 1 = 4,5, spacer 6,
       option 2 = 7, spacer 8, option 3 = 9, spacer 10 */
    ck_assert_int_eq(p.nd[1].len, 2);
    ck_assert_int_eq(p.nd[1].down, 4);
    ck_assert_int_eq(p.nd[4].down, 9);
    ck_assert_int_eq(p.nd[9].down, 1);
    ck_assert_int_eq(p.nd[2].down, 5);
    ck_assert_int_eq(p.nd[5].down, 7);
    ck_assert_int_eq(p.nd[6].itm, -1);               /* spacers count options */
    ck_assert_int_eq(p.nd[6].up, 4);                 /* first node before */
    ck_assert_int_eq(p.nd[6].down, 7);               /* last node after */
    ck_assert_int_eq(p.cl[0].next, 1);
    ck_assert_int_eq(p.cl[2].next, 0);
    xcc_release(&p);
}
END_TEST

START_TEST(read_long_names_and_colors)
{
    xcc_problem p;
    xcc_diag err;
    const char *text = "nationality_of_house_0 | color_of_the_first_house\n"
                       "nationality_of_house_0 color_of_the_first_house:Norwegian\n";
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    ck_assert_int_eq(p.cl[1].namelen, 22);
    ck_assert_int_eq(p.color_len[1], 9);
    ck_assert_mem_eq(p.names + p.color_name[1], "Norwegian", 9);
    xcc_release(&p);
}
END_TEST

START_TEST(read_drops_options_without_primary_items)
{
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, "A | X Y\nX Y\nA X\nY:1\n", &err), 0);
    ck_assert_int_eq(p.options, 1);
    ck_assert_int_eq(p.nd[p.second].len, 1);         /* X keeps one node */
    ck_assert_int_eq(p.nd[p.second + 1].len, 0);     /* Y none */
    xcc_release(&p);
}
END_TEST

START_TEST(read_rejects_with_line_and_column)
{
    expect_error("", XCC_BAD_INPUT, 1, 1, "no item line (the input has no line that is not blank or a comment)");
    expect_error("A | B | C\n", XCC_BAD_INPUT, 1, 7, "'|' appears twice in the item line");
    expect_error("A B A\n", XCC_BAD_INPUT, 1, 5, "duplicate item name 'A'");
    expect_error("A B:c\n", XCC_BAD_INPUT, 1, 4, "item name 'B:c' contains ':'");
    expect_error("A\n\nB\n", XCC_BAD_INPUT, 3, 1, "unknown item 'B'");
    expect_error("A | X\n  A X X\n", XCC_BAD_INPUT, 2, 7, "item 'X' appears twice in this option");
    expect_error("A | X\nA:3\n", XCC_BAD_INPUT, 2, 1, "primary item 'A' cannot have a color");
    expect_error("A | X\nA X:\n", XCC_BAD_INPUT, 2, 3, "empty color in 'X:'");
    expect_error("A | X\nA :x\n", XCC_BAD_INPUT, 2, 3, "empty item name");
}
END_TEST

START_TEST(quote_for_messages)
{
    /* xcc_quote, which programs use for what they echo: the reader's rule,
       at most max bytes */
    char out[XCC_QUOTE_SIZE(8)];
    ck_assert_str_eq(xcc_quote("m1\xff\x1b[2J", 7, 8, out), "m1\\xff\\x1b[2J");
    ck_assert_str_eq(xcc_quote("\xc3\xa9t\xc3\xa9\\", 6, 8, out), "\xc3\xa9t\xc3\xa9\\\\");
    ck_assert_str_eq(xcc_quote("abcdefghij", 10, 8, out), "abcdefgh...");
    ck_assert_str_eq(xcc_quote("\xff\xff\xff\xff\xff\xff\xff\xff\xff", 9, 8, out),
                     "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff...");
    ck_assert_str_eq(xcc_quote("abcdefg\xf0\x9f\x98\x80", 11, 8, out), "abcdefg\xf0\x9f\x98\x80");
}
END_TEST

START_TEST(read_escapes_bytes_in_messages)
{
    /* every message that shows a name or color escapes each byte that is
       not printable ASCII or part of well-formed UTF-8, and backslashes */
    expect_error("A\nA\xff\n", XCC_BAD_INPUT, 2, 1, "unknown item 'A\\xff'");
    expect_error("A \x1b[2J \x1b[2J\n", XCC_BAD_INPUT, 1, 8, "duplicate item name '\\x1b[2J'");
    expect_error("A \x80:x\n", XCC_BAD_INPUT, 1, 4, "item name '\\x80:x' contains ':'");
    expect_error("A \xc3\xa9\nA \xc3\xa9 \xc3\xa9\n", XCC_BAD_INPUT, 2, 6,
                 "item '\xc3\xa9' appears twice in this option");
    expect_error("A\xfe B\nA\xfe:1 B\n", XCC_BAD_INPUT, 2, 1, "primary item 'A\\xfe' cannot have a color");
    expect_error("A | X\x7f\nA X\x7f:\n", XCC_BAD_INPUT, 2, 3, "empty color in 'X\\x7f:'");
    expect_error("A\nA\\B\n", XCC_BAD_INPUT, 2, 1, "unknown item 'A\\\\B'");
    /* a C1 control, an overlong '/', a cut-off sequence */
    expect_error("A\nA\xc2\x85 B\n", XCC_BAD_INPUT, 2, 1, "unknown item 'A\\xc2\\x85'");
    expect_error("A\nA\xc0\xaf B\n", XCC_BAD_INPUT, 2, 1, "unknown item 'A\\xc0\\xaf'");
    expect_error("A\nA\xe2\x82\n", XCC_BAD_INPUT, 2, 1, "unknown item 'A\\xe2\\x82'");
    /* 60 bytes at most, never half a character */
    expect_error("A\naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9zz\n", XCC_BAD_INPUT, 2, 1,
                 "unknown item 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9...'");
}
END_TEST

START_TEST(read_colors_with_colons)
{
    /* the first colon ends the name; the rest of the entry is the color,
       so DLX2's one-character color ':' (X::) reads as it does there */
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, "A B C D | X\nA X::\nB X:::\nC X:a:b\nD X:|\n", &err), 0);
    ck_assert_int_eq(p.ncolors, 4);
    static const char *want[] = {":", "::", "a:b", "|"};
    for (int c = 1; c <= 4; c++) {
        ck_assert_int_eq(p.color_len[c], (int)strlen(want[c - 1]));
        ck_assert_mem_eq(p.names + p.color_name[c], want[c - 1], strlen(want[c - 1]));
    }
    xcc_release(&p);
    ck_assert_int_eq(count_text("A B | X\nA X::\nB X::\n"), 1);
    ck_assert_int_eq(count_text("A B | X\nA X::\nB X:::\n"), 0);
}
END_TEST

START_TEST(read_bar_after_space_starts_secondaries)
{
    /* as in DLX2, "A |X" is A, then the bar, then X */
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, "A |X\nA X:1\n", &err), 0);
    ck_assert_int_eq(p.second, 2);
    ck_assert_int_eq(p.last_itm, 3);
    xcc_release(&p);
}
END_TEST

/* ---- the search ----------------------------------------------------- */

START_TEST(search_knuth_colors_example)
{
    xcc_problem p;
    xcc_diag err;
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    xcc_figs f;
    ck_assert_int_eq(xcc_engine_run(&xcc_links_engine, &p, &st, NULL, &f, NULL), XCC_OK);
    ck_assert_int_eq(f.solutions, 1);
    ck_assert_int_eq(f.imems, 376);
    ck_assert_int_eq(f.mems, 268);
    ck_assert_int_eq(f.lmems, 24);
    ck_assert_int_eq(f.updates, 14);
    ck_assert_int_eq(f.cleansings, 5);
    ck_assert_int_eq(f.nodes, 4);
    ck_assert_int_eq(f.bytes, 456);
    ck_assert_int_eq(rep_ccost(&f), 5);
    xcc_release(&p);
}
END_TEST

START_TEST(search_lists_solutions_like_dlx2)
{
    char *out = list_text(knuth_colors);
    ck_assert_str_eq(out, "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n");
    free(out);
}
END_TEST

START_TEST(search_exact_cover_counts)
{
    /* the 4x4 queens-free case: the n-queens problem via DLX is in the
       reference corpus; here small hand-checked exact covers */
    ck_assert_int_eq(count_text("A B C\nA\nB\nC\nA B\nB C\nA B C\n"), 4);
    ck_assert_int_eq(count_text("A B\nA\n"), 0);
    ck_assert_int_eq(count_text("A\nA\nA\nA\n"), 3);
}
END_TEST

START_TEST(search_same_color_twice_is_not_removed_twice)
{
    /* A and C both give X the color 1; the options agreeing with it must
       be marked once and come back once (the double-removal bug) */
    ck_assert_int_eq(count_text("A B C | X\nA X:1\nB X:1\nC X:1\nA X:2\nC X:2\nB\n"), 3);
    ck_assert_int_eq(count_text("A B | X Y\nA X:a Y:b\nB X:a Y:b\nB X:a Y:c\n"), 1);
}
END_TEST

START_TEST(search_restores_every_link)
{
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    size_t bytes = (size_t)(p.last_node + 1) * sizeof(xcc_node);
    xcc_node *before = malloc(bytes);
    memcpy(before, p.nd, bytes);
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    figures f = run_engine(&xcc_links_engine, &p, &st, 0, NULL, NULL);
    ck_assert_int_eq(f.stop, XCC_COMPLETE);
    /* headers' aux holds the last purified color, which DLX2 leaves too */
    for (int i = 1; i < p.last_itm; i++)
        p.nd[i].aux = before[i].aux;
    ck_assert_mem_eq(before, p.nd, bytes);
    free(before);
    xcc_release(&p);
}
END_TEST

static int stop_at_two(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p, (void)ctx;
    return s->number == 2;
}

START_TEST(search_limits_stop_it)
{
    xcc_problem p;
    xcc_diag err;
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    ck_assert_int_eq(read_text(&p, "A\nA\nA\nA\nA\n", &err), 0);
    st.max_solutions = 3;
    figures f = run_engine(&xcc_links_engine, &p, &st, 0, NULL, NULL);
    ck_assert_int_eq(f.stop, XCC_STOP_COUNT);
    ck_assert_int_eq(f.count, 3);
    st.max_solutions = XCC_UNLIMITED;
    f = run_engine(&xcc_links_engine, &p, &st, 0, stop_at_two, NULL);
    ck_assert_int_eq(f.stop, XCC_STOP_CALLBACK);
    ck_assert_int_eq(f.count, 2);
    xcc_release(&p);

    atomic_int flag = 1;
    ck_assert_int_eq(read_text(&p, "A\nA\n", &err), 0);
    st.interrupt = &flag;
    f = run_engine(&xcc_links_engine, &p, &st, 0, NULL, NULL);
    ck_assert_int_eq(f.stop, XCC_STOP_INTERRUPT);
    ck_assert_int_eq(f.count, 0);
    xcc_release(&p);
}
END_TEST

/* n items (n even) in a row, each option covering two neighbours: one
   solution, n / 2 levels deep. */
static char *chain_problem(int n)
{
    size_t cap = (size_t)n * 16 + 64, len = 0;
    char *text = malloc(cap);
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "i%d ", i);
    text[len++] = '\n';
    for (int i = 0; i < n; i += 2)
        len += (size_t)sprintf(text + len, "i%d i%d\n", i, i + 1);
    text[len] = '\0';
    return text;
}

START_TEST(search_deep_chain_without_recursion)
{
    /* a chain of 20000 items, each option covering two neighbours: one
       solution 10000 levels deep (tests/e2e/robust.sh goes to 200000) */
    int n = 20000;
    char *text = chain_problem(n);
    figures f = run_text(&xcc_links_engine, text, NULL, 0);
    ck_assert_int_eq(f.count, 1);
    ck_assert_int_eq(f.maxl, n / 2);
    free(text);
}
END_TEST

/* ---- the fast engine ------------------------------------------------ */

/* Solves text with the fast engine: its count, and the listing if asked. */
static ullng fast_text(const char *text, char **out, ullng maxcount, xcc_stop want)
{
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    st.max_solutions = maxcount;
    figures f = run_text(&xcc_fast_engine, text, &st, out != NULL);
    ck_assert_int_eq(f.stop, want);
    if (out)
        *out = f.listing;
    return f.count;
}

static ullng fast_count(const char *text)
{
    return fast_text(text, NULL, ~0ULL, XCC_COMPLETE);
}

START_TEST(fast_counts_like_algorithm_c)
{
    ck_assert_int_eq(fast_count(knuth_colors), 1);
    ck_assert_int_eq(fast_count("A B C\nA\nB\nC\nA B\nB C\nA B C\n"), 4);
    ck_assert_int_eq(fast_count("A B\nA\n"), 0);
    ck_assert_int_eq(fast_count("A\nA\nA\nA\n"), 3);
    ck_assert_int_eq(fast_count("A B C | X\nA X:1\nB X:1\nC X:1\nA X:2\nC X:2\nB\n"), 3);
    ck_assert_int_eq(fast_count("A B | X Y\nA X:a Y:b\nB X:a Y:b\nB X:a Y:c\n"), 1);
    /* an uncolored secondary item is exclusive, a colored one is shared */
    ck_assert_int_eq(fast_count("A B | X\nA X\nB X\nA\nB\n"), 3);
    ck_assert_int_eq(fast_count("A B | X\nA X:1\nB X\n"), 0);
}
END_TEST

START_TEST(fast_lists_solutions_like_dlx2)
{
    char *out;
    ck_assert_int_eq(fast_text(knuth_colors, &out, ~0ULL, XCC_COMPLETE), 1);
    ck_assert_str_eq(out, "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n");
    free(out);
    /* an option covering everything left is listed as a solution at once,
       and the last item's options one by one */
    ck_assert_int_eq(fast_text("A B C\nA B C\nA B\nC\nC\n", &out, ~0ULL, XCC_COMPLETE), 3);
    ck_assert_str_eq(out, "1:\n A B C (1 of 2)\n"
                          "2:\n A B (2 of 2)\n C (1 of 2)\n"
                          "3:\n A B (2 of 2)\n C (2 of 2)\n");
    free(out);
}
END_TEST

/* The permutations of n things: rows r0.. and columns c0.., an option
   for each cell */
static char *permutation_problem(int n)
{
    char *text = malloc(65536);
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "r%d ", i);
    for (int j = 0; j < n; j++)
        len += (size_t)sprintf(text + len, "c%d ", j);
    text[len++] = '\n';
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            len += (size_t)sprintf(text + len, "r%d c%d\n", i, j);
    text[len] = '\0';
    return text;
}

START_TEST(fast_counts_through_its_memo)
{
    /* n! permutations: the memo (count_small) meets the same subsets of
       rows and columns many times over */
    char *text = permutation_problem(9);
    ck_assert_int_eq(fast_count(text), 362880);
    free(text);
    text = permutation_problem(12);
    ck_assert_int_eq(fast_count(text), 479001600);
    free(text);
}
END_TEST

START_TEST(fast_limits_stop_it)
{
    ck_assert_int_eq(fast_text("A\nA\nA\nA\nA\n", NULL, 3, XCC_STOP_COUNT), 3);
    char *out;
    ck_assert_int_eq(fast_text("A B\nA\nA\nB\nB\n", &out, 3, XCC_STOP_COUNT), 3);
    ck_assert_str_eq(out, "1:\n A (1 of 2)\n B (1 of 2)\n"
                          "2:\n A (1 of 2)\n B (2 of 2)\n"
                          "3:\n A (2 of 2)\n B (1 of 2)\n");
    free(out);

    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    atomic_int flag = 1;
    st.interrupt = &flag;
    figures f = run_text(&xcc_fast_engine, "A\nA\nA\n", &st, 0);
    ck_assert_int_eq(f.stop, XCC_STOP_INTERRUPT);
    ck_assert_int_eq(f.count, 0);
}
END_TEST

START_TEST(fast_deep_forced_chain)
{
    /* 10000 forced moves in a row reuse one state slot each */
    int n = 20000;
    char *text = chain_problem(n);
    figures f = run_text(&xcc_fast_engine, text, NULL, 0);
    ck_assert_int_eq(f.count, 1);
    /* it went down the chain (the last few levels are counted from the
       bit sets without entering them) */
    ck_assert_int_ge(f.maxl, n / 2 - 32);
    ck_assert_int_lt(f.maxl, n / 2);
    free(text);
}
END_TEST

/* ---- the twin (DLX2's tree with bit sets) --------------------------- */

/*
 * Solves text with the links (twin 0), the twin (twin 1), or the links
 * finding the branch item always by DLX2's scan (twin 2) or always with
 * the length index (twin 3).
 */
static figures twin_or_links(const char *text, int twin, int list, ullng maxcount, ullng timeout)
{
    xcc_problem p;
    xcc_diag err;
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    st.max_solutions = maxcount;
    st.max_mems = timeout;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    if (twin == 1)
        ck_assert_ptr_null(xcc_twin_engine.refuses(&p, &st));
    if (twin >= 2)
        k.len_index = twin == 2 ? -1 : 1;
    figures f = run_engine(twin == 1 ? &xcc_twin_engine : &xcc_links_engine, &p, &st, list, NULL,
                           NULL);
    xcc_release(&p);
    return f;
}

/* The figures of a walk, for comparing searches. */
static figures figures_of(const xcc_tree *t)
{
    figures f = {t->fig.solutions, t->fig.mems, t->fig.lmems, t->fig.cmems, t->fig.updates,
                 t->fig.cleansings, t->fig.nodes, t->maxl, t->fig.stop, NULL};
    return f;
}

static void expect_same_figures(figures a, figures b)
{
    ck_assert_int_eq(a.stop, b.stop);
    ck_assert_int_eq(a.count, b.count);
    ck_assert_int_eq(a.mems, b.mems);
    ck_assert_int_eq(a.lmems, b.lmems);
    ck_assert_int_eq(a.cmems, b.cmems);
    ck_assert_int_eq(a.updates, b.updates);
    ck_assert_int_eq(a.cleansings, b.cleansings);
    ck_assert_int_eq(a.nodes, b.nodes);
    ck_assert_int_eq(a.maxl, b.maxl);
}

static void expect_twins(const char *text, int list, ullng maxcount, ullng timeout)
{
    figures a = twin_or_links(text, 0, list, maxcount, timeout);
    figures b = twin_or_links(text, 1, list, maxcount, timeout);
    expect_same_figures(a, b);
    if (list)
        ck_assert_str_eq(a.listing, b.listing);
    free(a.listing), free(b.listing);
}

START_TEST(twin_knuth_colors_example)
{
    /* DLX2's own figures for his example, from the twin */
    figures f = twin_or_links(knuth_colors, 1, 1, ~0ULL, ~0ULL);
    ck_assert_int_eq(f.count, 1);
    ck_assert_int_eq(f.mems, 268);
    ck_assert_int_eq(f.lmems, 24);
    ck_assert_int_eq(f.updates, 14);
    ck_assert_int_eq(f.cleansings, 5);
    ck_assert_int_eq(f.nodes, 4);
    ck_assert_str_eq(f.listing, "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n");
    free(f.listing);
}
END_TEST

START_TEST(twin_walks_the_links_tree)
{
    static const char *texts[] = {
        "A B C\nA\nB\nC\nA B\nB C\nA B C\n",
        "A B\nA\n",
        "A B C | X\nA X:1\nB X:1\nC X:1\nA X:2\nC X:2\nB\n",
        "A B | X Y\nA X:a Y:b\nB X:a Y:b\nB X:a Y:c\n",
        "A B C D | X Y Z\nA X:1 Y\nB X:1 Z:2\nC Y:3\nD Z:2\nA B X:2\nC D Y\nB Z:2\nD X:1\nA Z\n",
        /* the same color twice on one item, and an uncolored secondary */
        "A B C | X\nA X:1\nB X:1\nC X\nA B X:1\nC\n",
    };
    for (size_t k = 0; k < sizeof texts / sizeof *texts; k++) {
        expect_twins(texts[k], 0, ~0ULL, ~0ULL);
        expect_twins(texts[k], 1, ~0ULL, ~0ULL);
        expect_twins(texts[k], 1, 1, ~0ULL);
        expect_twins(texts[k], 0, ~0ULL, 100);
    }
}
END_TEST

START_TEST(twin_memo_keeps_the_figures)
{
    /* 8! permutations: counting goes through the memo, listing cannot */
    char *text = permutation_problem(8);
    expect_twins(text, 0, ~0ULL, ~0ULL);
    figures f = twin_or_links(text, 1, 0, ~0ULL, ~0ULL);
    ck_assert_int_eq(f.count, 40320);
    /* a limit inside a remembered subtree still stops at the same node */
    expect_twins(text, 0, 20000, ~0ULL);
    expect_twins(text, 0, ~0ULL, 1000000);
    free(text);
}
END_TEST

START_TEST(twin_shared_memo_keeps_the_figures)
{
    /* 9! permutations: the memo does most of the counting */
    char *text = permutation_problem(9);
    figures links = twin_or_links(text, 0, 0, ~0ULL, ~0ULL);
    ck_assert_int_eq(links.count, 362880);
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);

    /* a second twin searching with the first one's memo, full of the
       problem's subtrees, gets every figure right from it */
    xcc_twin *a = xcc_twin_new(&p), *b = xcc_twin_new(&p);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    xcc_twin_share_memo(b, a);
    xcc_tree t;
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(xcc_tree_init(&t, &p, NULL, NULL), XCC_OK);
        ck_assert_int_eq(xcc_twin_walk(k ? b : a, &t), XCC_OK);
        expect_same_figures(links, figures_of(&t));
        xcc_tree_free(&t);
    }
    xcc_twin_delete(b);
    xcc_twin_delete(a);

    /* threads sharing one memo: the same figures, whatever the timing */
    xcc_settings st;
    xcc_dlx2 kn;
    defaults(&st, &kn);
    kn.tasks_per_worker = 8;
    for (int threads = 2; threads <= 4; threads++) {
        st.threads = threads;
        expect_same_figures(links, run_engine(&xcc_threads_twin, &p, &st, 0, NULL, NULL));
    }
    xcc_release(&p);
    free(text);
}
END_TEST

/*
 * A problem on which no two paths of the search meet: a_i takes x_i in
 * color 0 or 1, and z's options, one per color of each x_j, keep every
 * choice in the set of live options. n 2^n solutions.
 */
static char *distinct_paths_problem(int n)
{
    char *text = malloc(65536);
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "a%d ", i);
    len += (size_t)sprintf(text + len, "z |");
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, " x%d", i);
    text[len++] = '\n';
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < n; i++)
            len += (size_t)sprintf(text + len, "a%d x%d:%d\nz x%d:%d\n", i, i, c, i, c);
    text[len] = '\0';
    return text;
}

/* Langford pairs: i at slots j and j + i + 1, for i = 1 .. n. */
static char *langford_problem(int n)
{
    char *text = malloc(65536);
    size_t len = 0;
    for (int i = 1; i <= n; i++)
        len += (size_t)sprintf(text + len, "%d ", i);
    for (int j = 1; j <= 2 * n; j++)
        len += (size_t)sprintf(text + len, "s%d ", j);
    text[len++] = '\n';
    for (int i = 1; i <= n; i++)
        for (int j = 1; j + i + 1 <= 2 * n; j++)
            len += (size_t)sprintf(text + len, "%d s%d s%d\n", i, j, j + i + 1);
    text[len] = '\0';
    return text;
}

/* The twin counts text and says how large its memo ended; the figures are
   the links'. */
static size_t twin_memo_after(const char *text, ullng count)
{
    figures links = twin_or_links(text, 0, 0, ~0ULL, ~0ULL);
    ck_assert_int_eq(links.count, count);
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_twin *tw = xcc_twin_new(&p);
    ck_assert_ptr_nonnull(tw);
    xcc_tree t;
    ck_assert_int_eq(xcc_tree_init(&t, &p, NULL, NULL), XCC_OK);
    ck_assert_int_eq(xcc_twin_walk(tw, &t), XCC_OK);
    expect_same_figures(links, figures_of(&t));
    size_t bytes = xcc_twin_memo_bytes(tw);
    xcc_tree_free(&t);
    xcc_twin_delete(tw);
    xcc_release(&p);
    return bytes;
}

START_TEST(twin_memo_gives_up_where_it_cannot_hit)
{
    /* its table is given back, the figures stay; the fast engine too */
    char *text = distinct_paths_problem(16);
    ck_assert_uint_eq(twin_memo_after(text, 16 << 16), 0);
    ck_assert_int_eq(fast_count(text), 16 << 16);
    free(text);
}
END_TEST

START_TEST(twin_memo_grows_where_it_hits)
{
    /* Langford pairs for n = 9: no solution, but subproblems met again
       and again, more than the first table holds */
    char *text = langford_problem(9);
    size_t bytes = twin_memo_after(text, 0);
    ck_assert_uint_gt(bytes, 256u << 10);
    ck_assert_uint_le(bytes, 4u << 20);
    ck_assert_int_eq(fast_count(text), 0);
    free(text);
}
END_TEST

START_TEST(twin_stands_aside)
{
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    ck_assert_ptr_null(xcc_twin_refuses(&p, &st));
    st.randomize = 1;
    ck_assert_ptr_nonnull(xcc_twin_refuses(&p, &st)); /* randomizing is the links' */
    st.randomize = 0;
    k.vbose |= XCC_SHOW_CHOICES;
    ck_assert_ptr_nonnull(xcc_twin_refuses(&p, &st)); /* and so is tracing */
    /* the table: "dlx" takes the links then, and -j the parallel driver */
    const xcc_engine_row *row;
    const char *why;
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 0, &row, &why), &xcc_links_engine);
    k.vbose = 0;
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 0, &row, &why), &xcc_twin_engine);
    st.threads = 2;
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 0, &row, &why), &xcc_threads_twin);
    st.engine = "fast";
    ck_assert_ptr_null(xcc_engine_choose(&p, &st, 0, &row, &why));
    char words[512]; /* a refusal in dlx2's words and in the library's */
    ck_assert_str_eq(xcc_words(why, 1, words, sizeof words),
                     "--engine=fast does -j only with -c; use --engine=dlx");
    ck_assert_str_eq(xcc_words(why, 0, words, sizeof words),
                     "the fast engine lists solutions in one thread (threads 1; it counts with"
                     " more); engine dlx takes more");
    /* counting, its threads (parallel/fast.c); not with a count limit */
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 1, &row, &why), &xcc_fast_threads);
    st.max_solutions = 5;
    ck_assert_ptr_null(xcc_engine_choose(&p, &st, 1, &row, &why));
    ck_assert_str_eq(xcc_words(why, 1, words, sizeof words),
                     "--engine=fast does not do t<n> with -j; use --engine=dlx");
    st.max_solutions = XCC_UNLIMITED;
    st.threads = 1, st.engine = "auto";
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 1, &row, &why), &xcc_fast_engine);
    ck_assert_str_eq(row->name, "fast");
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 0, &row, &why), &xcc_twin_engine);
    ck_assert_str_eq(row->name, "dlx");
    /* the zdd engine: a count in threads (parallel/zdd.c), a listing in one */
    st.engine = "zdd";
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 1, &row, &why), &xcc_zdd_engine);
    st.threads = 2;
    ck_assert_ptr_eq(xcc_engine_choose(&p, &st, 1, &row, &why), &xcc_zdd_threads);
    ck_assert_ptr_null(xcc_engine_choose(&p, &st, 0, &row, &why));
    xcc_release(&p);
}
END_TEST

/* ---- many primary items: the length index ---------------------------- */

/* Appends to a growing string. */
static void add(char **text, size_t *len, size_t *cap, const char *fmt, int a, int b, int c)
{
    if (*len + 64 > *cap) {
        *cap = 2 * *cap + 64;
        *text = realloc(*text, *cap);
    }
    *len += (size_t)snprintf(*text + *len, 64, fmt, a, b, c);
}

/*
 * Problems of over 1024 primary items, where xcc_solve keeps the length
 * index instead of scanning: "banded permutations" of rows and columns
 * 0 .. 529 (row i to column i + d mod 530, d in a set of offsets), the
 * items named in a scrambled order.
 * kind 0: offsets 0, 1, 2: ties everywhere, lists of up to 3;
 * kind 1: the same, each option giving secondary item X the color d, so
 * all must take one shift (3 solutions): purifying and cleansing;
 * kind 2: offsets 0, 1, 3, with colors on Y and an uncolored Z here and
 * there: dead ends at lists of length 0 (DLX2's scan stops there);
 * kind 3: offsets 0 .. 39: no list is short near the root (the scan).
 */
static char *many_items_problem(int kind)
{
    int n = 530;
    size_t len = 0, cap = 0;
    char *text = NULL;
    static const int offsets[][3] = {{0, 1, 2}, {0, 1, 2}, {0, 1, 3}};
    for (int k = 0; k < n; k++) /* the items in a scrambled order */
        add(&text, &len, &cap, "r%d c%d ", k * 37 % n, k * 37 % n, 0);
    add(&text, &len, &cap, "| X Y Z\n", 0, 0, 0);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < (kind == 3 ? 40 : 3); k++) {
            int d = kind == 3 ? k : offsets[kind][k];
            add(&text, &len, &cap, "r%d c%d", i, (i + d) % n, 0);
            if (kind == 1)
                add(&text, &len, &cap, " X:%d", d, 0, 0);
            if (kind == 2 && d == 3)
                add(&text, &len, &cap, " Y:%d", i / 7 % 2, 0, 0);
            if (kind == 2 && d == 1 && i % 50 == 0)
                add(&text, &len, &cap, " Z", 0, 0, 0);
            add(&text, &len, &cap, "\n", 0, 0, 0);
        }
    return text;
}

START_TEST(many_items_keep_the_tree_and_the_mems)
{
    /* the search with the length index, with the scan, as it chooses,
       and the twin: every figure (mems and ccost included), the listing,
       the outcome */
    for (int kind = 0; kind < 4; kind++) {
        char *text = many_items_problem(kind);
        /* the banded permutations are too many to count to the end */
        ullng limits[][2] = {{kind == 1 ? ~0ULL : 300, 3000000}, {40, 3000000},
                             {~0ULL, 2000000}};
        for (int k = 0; k < 3; k++) {
            int list = k < 2;
            figures a = twin_or_links(text, 3, list, limits[k][0], limits[k][1]);
            figures b = twin_or_links(text, 2, list, limits[k][0], limits[k][1]);
            figures c = twin_or_links(text, 1, list, limits[k][0], limits[k][1]);
            figures d = twin_or_links(text, 0, list, limits[k][0], limits[k][1]);
            expect_same_figures(a, b);
            expect_same_figures(a, c);
            expect_same_figures(a, d);
            if (list) {
                ck_assert_str_eq(a.listing, b.listing);
                ck_assert_str_eq(a.listing, c.listing);
                ck_assert_str_eq(a.listing, d.listing);
            }
            if (kind == 1 && k == 0)
                ck_assert_int_eq(a.count, 3); /* one shift for all */
            free(a.listing), free(b.listing), free(c.listing), free(d.listing);
        }
        free(text);
    }
}
END_TEST

START_TEST(many_items_deep_chain)
{
    /* 4000 items, 2000 levels, each forcing the next: the chain of the
       e2e tests, small, with the scan's figures */
    char *text = chain_problem(4000);
    figures a = twin_or_links(text, 3, 1, ~0ULL, ~0ULL);
    figures b = twin_or_links(text, 2, 1, ~0ULL, ~0ULL);
    figures c = twin_or_links(text, 0, 1, ~0ULL, ~0ULL);
    expect_same_figures(a, b);
    expect_same_figures(a, c);
    ck_assert_str_eq(a.listing, b.listing);
    ck_assert_str_eq(a.listing, c.listing);
    ck_assert_int_eq(a.count, 1);
    ck_assert_int_eq(a.maxl, 2000);
    free(a.listing), free(b.listing), free(c.listing);
    free(text);
}
END_TEST

/* ---- searching one problem again ------------------------------------ */

/* The parity permutations (problems.h), in a block the caller frees. */
static char *parity_problem(void)
{
    char *text = malloc(4096);
    return text ? parity_problem_into(text) : NULL;
}

static int raise_flag_at_three(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p;
    if (s->number == 3)
        atomic_store((atomic_int *)ctx, 1);
    return 0;
}

/* Every figure of a whole search of p by the links (twin 0) or the twin. */
static figures whole_search(xcc_problem *p, int twin)
{
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    return run_engine(twin ? &xcc_twin_engine : &xcc_links_engine, p, &st, 0, NULL, NULL);
}

static ullng fast_whole_count(xcc_problem *p)
{
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    figures f = run_engine(&xcc_fast_engine, p, &st, 0, NULL, NULL);
    ck_assert_int_eq(f.stop, XCC_COMPLETE);
    return f.count;
}

/*
 * Searches p with engine (0 links, 1 twin, 2 and 3 the parallel driver
 * with links or twins) cut short by the limit, callback or flag `cut`
 * (0 t<n>, 1 the solution callback's stop, 2 the interrupt flag, 3 T<n>).
 */
static void cut_short(xcc_problem *p, int engine, int cut)
{
    static const xcc_stop want[] = {XCC_STOP_COUNT, XCC_STOP_CALLBACK, XCC_STOP_INTERRUPT,
                                    XCC_STOP_MEMS};
    static const xcc_engine *const engines[] = {&xcc_links_engine, &xcc_twin_engine,
                                                &xcc_threads_links, &xcc_threads_twin};
    atomic_int flag = 0;
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    xcc_on_solution fn = NULL;
    if (cut == 0)
        st.max_solutions = 5;
    if (cut == 1)
        fn = stop_at_two;
    if (cut == 2)
        fn = raise_flag_at_three, st.interrupt = &flag;
    if (cut == 3)
        st.max_mems = 3000;
    if (engine >= 2)
        st.threads = 2, k.tasks_per_worker = 4;
    if (engine == 1)
        ck_assert_ptr_null(xcc_twin_refuses(p, &st));
    figures f = run_engine(engines[engine], p, &st, 0, fn, (void *)&flag);
    if (engine >= 2 && cut == 3 && f.stop == XCC_COMPLETE)
        f.stop = XCC_STOP_MEMS; /* each subtree has a limit of its own, unmet */
    ck_assert_int_eq(f.stop, want[cut]);
    ck_assert_int_lt(f.count, 68);
}

START_TEST(search_again_after_a_stop)
{
    char *text = parity_problem();
    xcc_problem fresh, p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&fresh, text, &err), 0);
    figures want = whole_search(&fresh, 0);
    ck_assert_int_eq(want.count, 68);
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    size_t nbytes = (size_t)(p.last_node + 1) * sizeof(xcc_node);
    size_t ibytes = (size_t)(p.last_itm + 1) * sizeof(xcc_item);
    for (int engine = 0; engine < 4; engine++)
        for (int cut = 0; cut < 4; cut++) {
            cut_short(&p, engine, cut);
            /* every link, length and color as read (headers' aux aside) */
            for (int i = 1; i < p.last_itm; i++)
                p.nd[i].aux = fresh.nd[i].aux;
            ck_assert_mem_eq(p.nd, fresh.nd, nbytes);
            ck_assert_mem_eq(p.cl, fresh.cl, ibytes);
            expect_same_figures(whole_search(&p, 0), want);
            expect_same_figures(whole_search(&p, 1), want);
            ck_assert_int_eq(fast_whole_count(&p), 68);
        }
    xcc_release(&p);
    xcc_release(&fresh);
    free(text);
}
END_TEST

START_TEST(fast_searches_again)
{
    /* one problem, searched again and again by the fast engine: whole,
       cut short in the root's last branch, whole (listing, so that every
       level is walked with the states, whose root the root's last branch
       reuses) */
    char *text = parity_problem();
    xcc_problem p;
    xcc_diag err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    ullng limits[] = {~0ULL, 67, ~0ULL, 1, ~0ULL};
    for (int n = 0; n < 5; n++) {
        st.max_solutions = limits[n];
        figures f = run_engine(&xcc_fast_engine, &p, &st, 1, NULL, NULL);
        ck_assert_int_eq(f.stop, (limits[n] == ~0ULL ? XCC_COMPLETE : XCC_STOP_COUNT));
        ck_assert_int_eq(f.count, (limits[n] == ~0ULL ? 68 : limits[n]));
        free(f.listing);
    }
    xcc_release(&p);
    free(text);
}
END_TEST

START_TEST(totals_where_the_search_stopped)
{
    /* DLX2's "Item totals" after t1 (the example of issue 12): the
       lengths where it stopped, from the links and from the twin, while
       the problem itself comes back as read */
    for (int twin = 0; twin < 2; twin++) {
        xcc_problem p;
        xcc_diag err;
        ck_assert_int_eq(read_text(&p, "A B C\nA B\nA\nB C\nC\n", &err), 0);
        xcc_settings st;
        xcc_dlx2 k;
        defaults(&st, &k);
        k.vbose |= XCC_SHOW_TOTS;
        st.max_solutions = 1;
        const xcc_engine *e = twin ? &xcc_twin_engine : &xcc_links_engine;
        ck_assert_int_eq(run_engine(e, &p, &st, 0, NULL, NULL).stop, XCC_STOP_COUNT);
        char *out;
        size_t len;
        rep r = {.err = open_memstream(&out, &len), .p = &p};
        rep_item_totals(&r);
        fclose(r.err);
        ck_assert_str_eq(out, "Item totals: 2 1 1\n");
        free(out);
        ck_assert_int_eq(p.nd[2].len, 2);
        st.max_solutions = ~0ULL; /* a search that finishes clears them */
        ck_assert_int_eq(run_engine(e, &p, &st, 0, NULL, NULL).stop, XCC_COMPLETE);
        ck_assert_ptr_null(p.stop_len);
        xcc_release(&p);
    }
}
END_TEST

/* ---- SSXCC's tree (lib/cells/) ------------------------------------------ */

START_TEST(cells_knuth_colors_example)
{
    /* SSXCC's figures and listing for DLX2's example (SSXCC itself says
       "Altogether 1 solution, 364+226 mems, 16 updates, 452 bytes, 3
       nodes, ccost 5%.") */
    xcc_problem p;
    xcc_diag err;
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    xcc_figs f;
    ck_assert_int_eq(xcc_engine_run(&xcc_cells_engine, &p, &st, NULL, &f, NULL), XCC_OK);
    ck_assert_int_eq(f.knuth, XCC_KNUTH_SSXCC);
    ck_assert_int_eq(f.solutions, 1);
    ck_assert_int_eq(f.imems, 364);
    ck_assert_int_eq(f.mems, 226);
    ck_assert_int_eq(f.lmems, 0);
    ck_assert_int_eq(f.updates, 16);
    ck_assert_int_eq(f.cleansings, 0);
    ck_assert_int_eq(f.nodes, 3);
    ck_assert_int_eq(f.bytes, 452);
    ck_assert_int_eq(rep_ccost(&f), 5);
    figures l = run_engine(&xcc_cells_engine, &p, &st, 1, NULL, NULL);
    ck_assert_str_eq(l.listing, "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n");
    free(l.listing);
    xcc_release(&p);
}
END_TEST

START_TEST(cells_counts_like_algorithm_c)
{
    char *text = parity_problem();
    ck_assert_int_eq(run_text(&xcc_cells_engine, text, NULL, 0).count, 68);
    free(text);
    ck_assert_int_eq(run_text(&xcc_cells_engine, "A B C\nA\nB\nC\nA B\nB C\nA B C\n", NULL, 0).count, 4);
    ck_assert_int_eq(run_text(&xcc_cells_engine, "A B\nA\n", NULL, 0).count, 0);
    ck_assert_int_eq(run_text(&xcc_cells_engine, "A\nA\nA\nA\n", NULL, 0).count, 3);
}
END_TEST

START_TEST(cells_leaves_the_problem_as_read)
{
    /* the sets are the engine's own: after a whole search and one cut
       short, the problem is as read and the links find DLX2's figures */
    char *text = parity_problem();
    xcc_problem fresh, p;
    xcc_diag err;
    xcc_settings st;
    xcc_dlx2 k;
    ck_assert_int_eq(read_text(&fresh, text, &err), 0);
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    defaults(&st, &k);
    st.max_solutions = 5;
    figures cut = run_engine(&xcc_cells_engine, &p, &st, 0, NULL, NULL);
    ck_assert_int_eq(cut.stop, XCC_STOP_COUNT);
    ck_assert_int_eq(cut.count, 5);
    ck_assert_int_eq(run_text(&xcc_cells_engine, text, NULL, 0).count, 68);
    ck_assert_mem_eq(p.nd, fresh.nd, (size_t)(p.last_node + 1) * sizeof(xcc_node));
    ck_assert_mem_eq(p.cl, fresh.cl, (size_t)(p.last_itm + 1) * sizeof(xcc_item));
    expect_same_figures(whole_search(&p, 0), whole_search(&fresh, 0));
    xcc_release(&p);
    xcc_release(&fresh);
    free(text);
}
END_TEST

START_TEST(cells_threads_and_shards)
{
    xcc_problem p;
    xcc_diag err;
    xcc_settings st;
    xcc_dlx2 k;
    defaults(&st, &k);
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    xcc_diag d;
    st.engine = "cells";
    ck_assert_int_eq(xcc_check(&p, &st, &d), XCC_OK);
    st.threads = 2;
    ck_assert_int_eq(xcc_check(&p, &st, &d), XCC_OK);
    k.vbose = XCC_SHOW_CHOICES;
    ck_assert_int_eq(xcc_check(&p, &st, &d), XCC_REFUSED);
    ck_assert_str_eq(d.message, "tracing (v2, v4) needs the whole tree in one thread: not with"
                                " threads or shard");
    xcc_release(&p);
    /* Langford pairs of 8: 300 solutions with one thread, with 3, in 3 shards */
    char *text = langford_problem(8);
    defaults(&st, &k);
    figures one = run_text(&xcc_cells_engine, text, &st, 1);
    ck_assert_int_eq(one.count, 300);
    st.threads = 3;
    figures three = run_text(&xcc_cells_threads, text, &st, 1);
    ck_assert_int_eq(three.count, 300);
    ck_assert_int_eq(three.stop, XCC_COMPLETE);
    ck_assert_uint_eq(strlen(three.listing), strlen(one.listing));
    ullng sum = 0;
    st.threads = 1, st.shards = 3;
    for (st.shard = 1; st.shard <= 3; st.shard++) {
        figures part = run_text(&xcc_cells_threads, text, &st, 0);
        ck_assert_uint_lt(part.count, 300);
        sum += part.count;
    }
    ck_assert_uint_eq(sum, 300);
    /* t<n> with threads: exactly n */
    st.shards = 0, st.shard = 0, st.threads = 2, st.max_solutions = 7;
    figures seven = run_text(&xcc_cells_threads, text, &st, 0);
    ck_assert_int_eq(seven.count, 7);
    ck_assert_int_eq(seven.stop, XCC_STOP_COUNT);
    free(one.listing), free(three.listing);
    free(text);
}
END_TEST

/* ---- random numbers ------------------------------------------------- */

START_TEST(gbrand_matches_the_published_test_values)
{
    /* the check values of the GraphBase's own test of gb_flip */
    xcc_gb_rng g;
    xcc_gb_rng_init(&g, -314159L);
    ck_assert_int_eq(xcc_gb_rng_next(&g), 119318998);
    for (int j = 1; j <= 133; j++)
        xcc_gb_rng_next(&g);
    ck_assert_int_eq(xcc_gb_rng_unif(&g, 0x55555555L), 748103812);
}
END_TEST

/* ---- main ----------------------------------------------------------- */

void add_num_tests(Suite *s); /* check_num.c */
void add_sym_tests(Suite *s); /* check_sym.c */
void add_api_tests(Suite *s); /* check_api.c */
void add_report_tests(Suite *s); /* check_report.c */
void add_engine_tests(Suite *s); /* check_engines.c */
void add_eta_tests(Suite *s); /* check_eta.c */

static Suite *xcc_suite(void)
{
    Suite *s = suite_create("xcc");
    add_num_tests(s);
    add_report_tests(s);
    add_sym_tests(s);
    add_eta_tests(s);
    TCase *rd = tcase_create("reader");
    tcase_add_test(rd, read_counts_items_options_entries);
    tcase_add_test(rd, read_builds_the_lists_in_input_order);
    tcase_add_test(rd, read_long_names_and_colors);
    tcase_add_test(rd, read_drops_options_without_primary_items);
    tcase_add_test(rd, read_rejects_with_line_and_column);
    tcase_add_test(rd, read_bar_after_space_starts_secondaries);
    tcase_add_test(rd, read_escapes_bytes_in_messages);
    tcase_add_test(rd, quote_for_messages);
    tcase_add_test(rd, read_colors_with_colons);
    suite_add_tcase(s, rd);
    TCase *se = tcase_create("search");
    tcase_set_timeout(se, 60);
    tcase_add_test(se, search_knuth_colors_example);
    tcase_add_test(se, search_lists_solutions_like_dlx2);
    tcase_add_test(se, search_exact_cover_counts);
    tcase_add_test(se, search_same_color_twice_is_not_removed_twice);
    tcase_add_test(se, search_restores_every_link);
    tcase_add_test(se, search_limits_stop_it);
    tcase_add_test(se, search_deep_chain_without_recursion);
    suite_add_tcase(s, se);
    TCase *fa = tcase_create("fast");
    tcase_set_timeout(fa, 60);
    tcase_add_test(fa, fast_counts_like_algorithm_c);
    tcase_add_test(fa, fast_lists_solutions_like_dlx2);
    tcase_add_test(fa, fast_counts_through_its_memo);
    tcase_add_test(fa, fast_limits_stop_it);
    tcase_add_test(fa, fast_deep_forced_chain);
    suite_add_tcase(s, fa);

    TCase *tw = tcase_create("twin");
    tcase_set_timeout(tw, 60);
    tcase_add_test(tw, twin_knuth_colors_example);
    tcase_add_test(tw, twin_walks_the_links_tree);
    tcase_add_test(tw, twin_memo_keeps_the_figures);
    tcase_add_test(tw, twin_shared_memo_keeps_the_figures);
    tcase_add_test(tw, twin_memo_gives_up_where_it_cannot_hit);
    tcase_add_test(tw, twin_memo_grows_where_it_hits);
    tcase_add_test(tw, twin_stands_aside);
    suite_add_tcase(s, tw);

    TCase *ce = tcase_create("cells");
    tcase_add_test(ce, cells_knuth_colors_example);
    tcase_add_test(ce, cells_counts_like_algorithm_c);
    tcase_add_test(ce, cells_leaves_the_problem_as_read);
    tcase_add_test(ce, cells_threads_and_shards);
    suite_add_tcase(s, ce);
    TCase *mi = tcase_create("many items");
    tcase_set_timeout(mi, 60);
    tcase_add_test(mi, many_items_keep_the_tree_and_the_mems);
    tcase_add_test(mi, many_items_deep_chain);
    suite_add_tcase(s, mi);

    TCase *ag = tcase_create("again");
    tcase_set_timeout(ag, 60);
    tcase_add_test(ag, search_again_after_a_stop);
    tcase_add_test(ag, fast_searches_again);
    tcase_add_test(ag, totals_where_the_search_stopped);
    suite_add_tcase(s, ag);

    add_api_tests(s);
    add_engine_tests(s);

    TCase *rn = tcase_create("gbrand");
    tcase_add_test(rn, gbrand_matches_the_published_test_values);
    suite_add_tcase(s, rn);
    return s;
}

int main(void)
{
    return check_main(xcc_suite());
}
