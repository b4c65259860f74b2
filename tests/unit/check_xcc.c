/*
 * check_xcc.c — unit tests of the engine (engine/xcc.h) with the Check
 * framework: the reader (what it builds, what it rejects and where), the
 * search (counts, listings, limits, restoration of the links), and the
 * SGB random numbers.
 *
 * Problems are given as strings and read through fmemopen, so each test
 * shows its input next to what it expects. main() runs every suite and
 * appends "PASS FAIL" to the file named by $RESULTS for tests/run.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "xcc.h"

/* ---- helpers -------------------------------------------------------- */

/* Reads text into p; returns the status (0 on success). */
static int read_text(xcc_problem *p, const char *text, xcc_error *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    ck_assert_ptr_nonnull(f);
    xcc_read_opts ro = {0};
    int status = xcc_read(p, f, &ro, err);
    fclose(f);
    return status;
}

typedef struct listing {
    char *buf;
    size_t len;
    FILE *f;
} listing;

static int list_all(xcc_search *s, void *ctx)
{
    listing *l = ctx;
    xcc_print_solution(l->f, s);
    return 0;
}

/* Reads and solves text into *p and *s (the caller frees both). */
static ullng solve_text(const char *text, xcc_problem *p, xcc_search *s)
{
    xcc_error err;
    ck_assert_int_eq(read_text(p, text, &err), 0);
    ck_assert_int_eq(xcc_search_init(s, p), 0);
    ck_assert_int_eq(xcc_solve(s), XCC_FINISHED);
    return s->count;
}

/* The number of solutions of text. */
static ullng count_text(const char *text)
{
    xcc_problem p;
    xcc_search s;
    ullng count = solve_text(text, &p, &s);
    xcc_search_free(&s);
    xcc_free(&p);
    return count;
}

/* Solves text, listing every solution into a string the caller frees. */
static char *list_text(const char *text)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_search s;
    ck_assert_int_eq(xcc_search_init(&s, &p), 0);
    listing l = {0};
    l.f = open_memstream(&l.buf, &l.len);
    s.on_solution = list_all;
    s.ctx = &l;
    xcc_solve(&s);
    fclose(l.f);
    xcc_search_free(&s);
    xcc_free(&p);
    return l.buf;
}

/* Expects text to be rejected with status, line, column and message. */
static void expect_error(const char *text, int status, long line, long col, const char *msg)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), status);
    ck_assert_int_eq(err.line, line);
    ck_assert_int_eq(err.col, col);
    ck_assert_str_eq(err.msg, msg);
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
    xcc_error err;
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    ck_assert_int_eq(p.options, 4);
    ck_assert_int_eq(p.second - 1, 3);               /* primary items */
    ck_assert_int_eq(p.last_itm - p.second, 2);      /* secondary items */
    ck_assert_int_eq(xcc_entries(&p), 16);           /* 12 nodes + 4 spacers */
    ck_assert_int_eq(p.imems, 376);                  /* DLX2's figure */
    ck_assert_int_eq(p.ncolors, 2);
    xcc_free(&p);
}
END_TEST

START_TEST(read_builds_the_lists_in_input_order)
{
    xcc_problem p;
    xcc_error err;
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
    xcc_free(&p);
}
END_TEST

START_TEST(read_long_names_and_colors)
{
    xcc_problem p;
    xcc_error err;
    const char *text = "nationality_of_house_0 | color_of_the_first_house\n"
                       "nationality_of_house_0 color_of_the_first_house:Norwegian\n";
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    ck_assert_int_eq(p.cl[1].namelen, 22);
    ck_assert_int_eq(p.color_len[1], 9);
    ck_assert_mem_eq(p.names + p.color_name[1], "Norwegian", 9);
    xcc_free(&p);
}
END_TEST

START_TEST(read_drops_options_without_primary_items)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, "A | X Y\nX Y\nA X\nY:1\n", &err), 0);
    ck_assert_int_eq(p.options, 1);
    ck_assert_int_eq(p.nd[p.second].len, 1);         /* X keeps one node */
    ck_assert_int_eq(p.nd[p.second + 1].len, 0);     /* Y none */
    xcc_free(&p);
}
END_TEST

START_TEST(read_rejects_with_line_and_column)
{
    expect_error("", 2, 1, 1, "no item line (the input has no line that is not blank or a comment)");
    expect_error("A | B | C\n", 2, 1, 7, "'|' appears twice in the item line");
    expect_error("A B A\n", 2, 1, 5, "duplicate item name 'A'");
    expect_error("A B:c\n", 2, 1, 4, "item name 'B:c' contains ':'");
    expect_error("A\n\nB\n", 2, 3, 1, "unknown item 'B'");
    expect_error("A | X\n  A X X\n", 2, 2, 7, "item 'X' appears twice in this option");
    expect_error("A | X\nA:3\n", 2, 2, 1, "primary item 'A' cannot have a color");
    expect_error("A | X\nA X:\n", 2, 2, 3, "empty color in 'X:'");
    expect_error("A | X\nA :x\n", 2, 2, 3, "empty item name");
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
    expect_error("A\nA\xff\n", 2, 2, 1, "unknown item 'A\\xff'");
    expect_error("A \x1b[2J \x1b[2J\n", 2, 1, 8, "duplicate item name '\\x1b[2J'");
    expect_error("A \x80:x\n", 2, 1, 4, "item name '\\x80:x' contains ':'");
    expect_error("A \xc3\xa9\nA \xc3\xa9 \xc3\xa9\n", 2, 2, 6,
                 "item '\xc3\xa9' appears twice in this option");
    expect_error("A\xfe B\nA\xfe:1 B\n", 2, 2, 1, "primary item 'A\\xfe' cannot have a color");
    expect_error("A | X\x7f\nA X\x7f:\n", 2, 2, 3, "empty color in 'X\\x7f:'");
    expect_error("A\nA\\B\n", 2, 2, 1, "unknown item 'A\\\\B'");
    /* a C1 control, an overlong '/', a cut-off sequence */
    expect_error("A\nA\xc2\x85 B\n", 2, 2, 1, "unknown item 'A\\xc2\\x85'");
    expect_error("A\nA\xc0\xaf B\n", 2, 2, 1, "unknown item 'A\\xc0\\xaf'");
    expect_error("A\nA\xe2\x82\n", 2, 2, 1, "unknown item 'A\\xe2\\x82'");
    /* 60 bytes at most, never half a character */
    expect_error("A\naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9zz\n", 2, 2, 1,
                 "unknown item 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9...'");
}
END_TEST

START_TEST(read_colors_with_colons)
{
    /* the first colon ends the name; the rest of the entry is the color,
       so DLX2's one-character color ':' (X::) reads as it does there */
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, "A B C D | X\nA X::\nB X:::\nC X:a:b\nD X:|\n", &err), 0);
    ck_assert_int_eq(p.ncolors, 4);
    static const char *want[] = {":", "::", "a:b", "|"};
    for (int c = 1; c <= 4; c++) {
        ck_assert_int_eq(p.color_len[c], (int)strlen(want[c - 1]));
        ck_assert_mem_eq(p.names + p.color_name[c], want[c - 1], strlen(want[c - 1]));
    }
    xcc_free(&p);
    ck_assert_int_eq(count_text("A B | X\nA X::\nB X::\n"), 1);
    ck_assert_int_eq(count_text("A B | X\nA X::\nB X:::\n"), 0);
}
END_TEST

START_TEST(read_bar_after_space_starts_secondaries)
{
    /* as in DLX2, "A |X" is A, then the bar, then X */
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, "A |X\nA X:1\n", &err), 0);
    ck_assert_int_eq(p.second, 2);
    ck_assert_int_eq(p.last_itm, 3);
    xcc_free(&p);
}
END_TEST

/* ---- the search ----------------------------------------------------- */

START_TEST(search_knuth_colors_example)
{
    xcc_problem p;
    xcc_search s;
    ck_assert_int_eq(solve_text(knuth_colors, &p, &s), 1);
    ck_assert_int_eq(s.mems, 268);
    ck_assert_int_eq(s.lmems, 24);
    ck_assert_int_eq(s.updates, 14);
    ck_assert_int_eq(s.cleansings, 5);
    ck_assert_int_eq(s.nodes, 4);
    ck_assert_int_eq(xcc_bytes(&s), 456);
    ck_assert_int_eq(xcc_ccost(&s), 5);
    xcc_search_free(&s);
    xcc_free(&p);
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
    xcc_error err;
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    size_t bytes = (size_t)(p.last_node + 1) * sizeof(xcc_node);
    xcc_node *before = malloc(bytes);
    memcpy(before, p.nd, bytes);
    xcc_search s;
    xcc_search_init(&s, &p);
    ck_assert_int_eq(xcc_solve(&s), XCC_FINISHED);
    /* headers' aux holds the last purified color, which DLX2 leaves too */
    for (int i = 1; i < p.last_itm; i++)
        p.nd[i].aux = before[i].aux;
    ck_assert_mem_eq(before, p.nd, bytes);
    free(before);
    xcc_search_free(&s);
    xcc_free(&p);
}
END_TEST

static int stop_at_two(xcc_search *s, void *ctx)
{
    (void)ctx;
    return s->count == 2;
}

START_TEST(search_limits_stop_it)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, "A\nA\nA\nA\nA\n", &err), 0);
    xcc_search s;
    xcc_search_init(&s, &p);
    s.maxcount = 3;
    ck_assert_int_eq(xcc_solve(&s), XCC_COUNT_LIMIT);
    ck_assert_int_eq(s.count, 3);
    xcc_search_free(&s);
    xcc_free(&p);

    ck_assert_int_eq(read_text(&p, "A\nA\nA\nA\nA\n", &err), 0);
    xcc_search_init(&s, &p);
    s.on_solution = stop_at_two;
    ck_assert_int_eq(xcc_solve(&s), XCC_STOPPED);
    ck_assert_int_eq(s.count, 2);
    xcc_search_free(&s);
    xcc_free(&p);

    volatile sig_atomic_t flag = 1;
    ck_assert_int_eq(read_text(&p, "A\nA\n", &err), 0);
    xcc_search_init(&s, &p);
    s.interrupt = &flag;
    ck_assert_int_eq(xcc_solve(&s), XCC_INTERRUPTED);
    ck_assert_int_eq(s.count, 0);
    xcc_search_free(&s);
    xcc_free(&p);
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
    xcc_problem p;
    xcc_search s;
    ck_assert_int_eq(solve_text(text, &p, &s), 1);
    ck_assert_int_eq(s.maxl, n / 2);
    xcc_search_free(&s);
    xcc_free(&p);
    free(text);
}
END_TEST

/* ---- the fast engine ------------------------------------------------ */

static int list_all_fast(xcc_fast *f, void *ctx)
{
    listing *l = ctx;
    xcc_fast_print_solution(l->f, f);
    return 0;
}

/* Solves text with the fast engine: its count, and the listing if asked. */
static ullng fast_text(const char *text, char **out, ullng maxcount, enum xcc_outcome want)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_fast f;
    ck_assert_int_eq(xcc_fast_init(&f, &p), 0);
    f.maxcount = maxcount;
    listing l = {0};
    if (out) {
        l.f = open_memstream(&l.buf, &l.len);
        f.on_solution = list_all_fast;
        f.ctx = &l;
    }
    ck_assert_int_eq(xcc_fast_solve(&f), want);
    if (out) {
        fclose(l.f);
        *out = l.buf;
    }
    ullng count = f.count;
    xcc_fast_free(&f);
    xcc_free(&p);
    return count;
}

static ullng fast_count(const char *text)
{
    return fast_text(text, NULL, ~0ULL, XCC_FINISHED);
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
    ck_assert_int_eq(fast_text(knuth_colors, &out, ~0ULL, XCC_FINISHED), 1);
    ck_assert_str_eq(out, "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n");
    free(out);
    /* an option covering everything left is listed as a solution at once,
       and the last item's options one by one */
    ck_assert_int_eq(fast_text("A B C\nA B C\nA B\nC\nC\n", &out, ~0ULL, XCC_FINISHED), 3);
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
    ck_assert_int_eq(fast_text("A\nA\nA\nA\nA\n", NULL, 3, XCC_COUNT_LIMIT), 3);
    char *out;
    ck_assert_int_eq(fast_text("A B\nA\nA\nB\nB\n", &out, 3, XCC_COUNT_LIMIT), 3);
    ck_assert_str_eq(out, "1:\n A (1 of 2)\n B (1 of 2)\n"
                          "2:\n A (1 of 2)\n B (2 of 2)\n"
                          "3:\n A (2 of 2)\n B (1 of 2)\n");
    free(out);

    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, "A\nA\nA\n", &err), 0);
    xcc_fast f;
    ck_assert_int_eq(xcc_fast_init(&f, &p), 0);
    volatile sig_atomic_t flag = 1;
    f.interrupt = &flag;
    ck_assert_int_eq(xcc_fast_solve(&f), XCC_INTERRUPTED);
    ck_assert_int_eq(f.count, 0);
    xcc_fast_free(&f);
    xcc_free(&p);
}
END_TEST

START_TEST(fast_deep_forced_chain)
{
    /* 10000 forced moves in a row reuse one state slot each */
    int n = 20000;
    char *text = chain_problem(n);
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_fast f;
    ck_assert_int_eq(xcc_fast_init(&f, &p), 0);
    ck_assert_int_eq(xcc_fast_solve(&f), XCC_FINISHED);
    ck_assert_int_eq(f.count, 1);
    /* it went down the chain (the last few levels are counted from the
       bit sets without entering them) */
    ck_assert_int_ge(f.maxl, n / 2 - 32);
    ck_assert_int_lt(f.maxl, n / 2);
    xcc_fast_free(&f);
    xcc_free(&p);
    free(text);
}
END_TEST

/* ---- the twin (DLX2's tree with bit sets) --------------------------- */

typedef struct figures {
    ullng count, mems, lmems, cmems, updates, cleansings, nodes;
    int maxl;
    enum xcc_outcome out;
    char *listing;
} figures;

/*
 * Solves text with xcc_solve (twin 0), xcc_twin_solve (twin 1), or
 * xcc_solve finding the branch item always by DLX2's scan (twin 2) or
 * always with the length index (twin 3).
 */
static figures twin_or_links(const char *text, int twin, int list, ullng maxcount, ullng timeout)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_search s;
    ck_assert_int_eq(xcc_search_init(&s, &p), 0);
    s.maxcount = maxcount;
    s.timeout = timeout;
    listing l = {0};
    if (list) {
        l.f = open_memstream(&l.buf, &l.len);
        s.on_solution = list_all;
        s.ctx = &l;
    }
    if (twin == 1)
        ck_assert(xcc_twin_suits(&s));
    if (twin >= 2)
        s.len_index = twin == 2 ? -1 : 1;
    figures f;
    f.out = twin == 1 ? xcc_twin_solve(&s) : xcc_solve(&s);
    f.count = s.count, f.mems = s.mems, f.lmems = s.lmems, f.cmems = s.cmems;
    f.updates = s.updates, f.cleansings = s.cleansings, f.nodes = s.nodes, f.maxl = s.maxl;
    f.listing = NULL;
    if (list) {
        fclose(l.f);
        f.listing = l.buf;
    }
    xcc_search_free(&s);
    xcc_free(&p);
    return f;
}

/* The figures of s, for comparing searches. */
static figures figures_of(const xcc_search *s, enum xcc_outcome out)
{
    figures f = {s->count, s->mems, s->lmems, s->cmems, s->updates, s->cleansings,
                 s->nodes, s->maxl, out, NULL};
    return f;
}

static void expect_same_figures(figures a, figures b)
{
    ck_assert_int_eq(a.out, b.out);
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
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);

    /* a second twin searching with the first one's memo, full of the
       problem's subtrees, gets every figure right from it */
    xcc_twin *a = xcc_twin_new(&p), *b = xcc_twin_new(&p);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    xcc_twin_share_memo(b, a);
    xcc_search s;
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(xcc_search_init(&s, &p), 0);
        enum xcc_outcome out = xcc_twin_search(k ? b : a, &s);
        expect_same_figures(links, figures_of(&s, out));
        xcc_search_free(&s);
    }
    xcc_twin_delete(b);
    xcc_twin_delete(a);

    /* threads sharing one memo: the same figures, whatever the timing */
    for (int threads = 2; threads <= 4; threads++) {
        xcc_parallel par = {.threads = threads, .shard = 1, .shards = 1,
                            .tasks_per_worker = 8, .use_twin = 1};
        ck_assert_int_eq(xcc_search_init(&s, &p), 0);
        enum xcc_outcome out = xcc_solve_parallel(&s, &par);
        expect_same_figures(links, figures_of(&s, out));
        xcc_search_free(&s);
    }
    xcc_free(&p);
    free(text);
}
END_TEST

START_TEST(twin_stands_aside)
{
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, knuth_colors, &err), 0);
    xcc_search s;
    xcc_search_init(&s, &p);
    ck_assert(xcc_twin_suits(&s));
    gb_rng g;
    gb_rng_init(&g, 1);
    s.rng = &g;
    ck_assert(!xcc_twin_suits(&s)); /* randomizing is the links' */
    s.rng = NULL;
    s.vbose |= XCC_SHOW_CHOICES;
    ck_assert(!xcc_twin_suits(&s)); /* and so is tracing */
    xcc_search_free(&s);
    xcc_free(&p);
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

/* The permutations i -> j of 6 things in which every i + j has the same
   parity, told by the color of a secondary item P, and not both 0 -> 0
   and 1 -> 1, which share the uncolored secondary item Z: 72 - 4 = 68
   solutions, with purifying and cleansing at every level. */
static char *parity_problem(void)
{
    char *text = malloc(4096);
    size_t len = 0;
    for (int i = 0; i < 6; i++)
        len += (size_t)sprintf(text + len, "r%d c%d ", i, i);
    len += (size_t)sprintf(text + len, "| P Z\n");
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            len += (size_t)sprintf(text + len, "r%d c%d P:%s%s\n", i, j, (i + j) % 2 ? "odd" : "even",
                                   i == j && i < 2 ? " Z" : "");
    return text;
}

static int raise_flag_at_three(xcc_search *s, void *ctx)
{
    if (s->count == 3)
        *(volatile sig_atomic_t *)ctx = 1;
    return 0;
}

/* Every figure of a whole search of p by the links (twin 0) or the twin. */
static figures whole_search(xcc_problem *p, int twin)
{
    xcc_search s;
    ck_assert_int_eq(xcc_search_init(&s, p), 0);
    enum xcc_outcome out = twin ? xcc_twin_solve(&s) : xcc_solve(&s);
    figures f = figures_of(&s, out);
    xcc_search_free(&s);
    return f;
}

static ullng fast_whole_count(const xcc_problem *p)
{
    xcc_fast f;
    ck_assert_int_eq(xcc_fast_init(&f, p), 0);
    ck_assert_int_eq(xcc_fast_solve(&f), XCC_FINISHED);
    ullng count = f.count;
    xcc_fast_free(&f);
    return count;
}

/*
 * Searches p with engine (0 links, 1 twin, 2 and 3 the parallel driver
 * with links or twins) cut short by the limit, callback or flag `cut`
 * (0 t<n>, 1 on_solution's stop, 2 the interrupt flag, 3 T<n>).
 */
static void cut_short(xcc_problem *p, int engine, int cut)
{
    static const enum xcc_outcome want[] = {XCC_COUNT_LIMIT, XCC_STOPPED, XCC_INTERRUPTED,
                                            XCC_MEMS_LIMIT};
    volatile sig_atomic_t flag = 0;
    xcc_search s;
    ck_assert_int_eq(xcc_search_init(&s, p), 0);
    if (cut == 0)
        s.maxcount = 5;
    if (cut == 1)
        s.on_solution = stop_at_two;
    if (cut == 2)
        s.on_solution = raise_flag_at_three, s.ctx = (void *)&flag, s.interrupt = &flag;
    if (cut == 3)
        s.timeout = 3000;
    enum xcc_outcome out;
    if (engine >= 2) {
        xcc_parallel par = {.threads = 2, .shard = 1, .shards = 1, .tasks_per_worker = 4,
                            .each_solution = cut == 1 || cut == 2, .use_twin = engine == 3};
        out = xcc_solve_parallel(&s, &par);
        if (cut == 3 && out == XCC_FINISHED)
            out = XCC_MEMS_LIMIT; /* each subtree has a limit of its own, unmet */
    } else {
        if (engine == 1)
            ck_assert(xcc_twin_suits(&s));
        out = engine == 1 ? xcc_twin_solve(&s) : xcc_solve(&s);
    }
    ck_assert_int_eq(out, want[cut]);
    ck_assert_int_lt(s.count, 68);
    xcc_search_free(&s);
}

START_TEST(search_again_after_a_stop)
{
    char *text = parity_problem();
    xcc_problem fresh, p;
    xcc_error err;
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
    xcc_free(&p);
    xcc_free(&fresh);
    free(text);
}
END_TEST

START_TEST(fast_searches_again)
{
    /* one xcc_fast, searched again and again: whole, cut short in the
       root's last branch, whole (listing, so that every level is walked
       with the states, whose root the root's last branch reuses) */
    char *text = parity_problem();
    xcc_problem p;
    xcc_error err;
    ck_assert_int_eq(read_text(&p, text, &err), 0);
    xcc_fast f;
    ck_assert_int_eq(xcc_fast_init(&f, &p), 0);
    listing l = {0};
    l.f = open_memstream(&l.buf, &l.len);
    f.on_solution = list_all_fast;
    f.ctx = &l;
    ullng limits[] = {~0ULL, 67, ~0ULL, 1, ~0ULL};
    for (int k = 0; k < 5; k++) {
        f.count = 0;
        f.maxcount = limits[k];
        ck_assert_int_eq(xcc_fast_solve(&f), (limits[k] == ~0ULL ? XCC_FINISHED : XCC_COUNT_LIMIT));
        ck_assert_int_eq(f.count, (limits[k] == ~0ULL ? 68 : limits[k]));
    }
    fclose(l.f);
    free(l.buf);
    xcc_fast_free(&f);
    xcc_free(&p);
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
        xcc_error err;
        ck_assert_int_eq(read_text(&p, "A B C\nA B\nA\nB C\nC\n", &err), 0);
        xcc_search s;
        ck_assert_int_eq(xcc_search_init(&s, &p), 0);
        s.vbose |= XCC_SHOW_TOTS;
        s.maxcount = 1;
        ck_assert_int_eq(twin ? xcc_twin_solve(&s) : xcc_solve(&s), XCC_COUNT_LIMIT);
        char *out;
        size_t len;
        FILE *f = open_memstream(&out, &len);
        xcc_print_item_totals(f, &p);
        fclose(f);
        ck_assert_str_eq(out, "Item totals: 2 1 1\n");
        free(out);
        ck_assert_int_eq(p.nd[2].len, 2);
        s.maxcount = ~0ULL; /* a search that finishes clears them */
        ck_assert_int_eq(twin ? xcc_twin_solve(&s) : xcc_solve(&s), XCC_FINISHED);
        ck_assert_ptr_null(p.stop_len);
        xcc_search_free(&s);
        xcc_free(&p);
    }
}
END_TEST

/* ---- random numbers ------------------------------------------------- */

START_TEST(gbrand_matches_the_published_test_values)
{
    /* the check values of the GraphBase's own test of gb_flip */
    gb_rng g;
    gb_rng_init(&g, -314159L);
    ck_assert_int_eq(gb_rng_next(&g), 119318998);
    for (int j = 1; j <= 133; j++)
        gb_rng_next(&g);
    ck_assert_int_eq(gb_rng_unif(&g, 0x55555555L), 748103812);
}
END_TEST

/* ---- main ----------------------------------------------------------- */

static Suite *xcc_suite(void)
{
    Suite *s = suite_create("xcc");
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
    tcase_add_test(tw, twin_stands_aside);
    suite_add_tcase(s, tw);

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

    TCase *rn = tcase_create("gbrand");
    tcase_add_test(rn, gbrand_matches_the_published_test_values);
    suite_add_tcase(s, rn);
    return s;
}

int main(void)
{
    return check_main(xcc_suite());
}
