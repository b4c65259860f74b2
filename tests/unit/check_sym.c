/*
 * check_sym.c — unit tests of the symmetry module (include/xcc_sym.h):
 * the group of small problems whose group is known (queens, colors
 * renamed, identical options, twins), its generators checked entry by
 * entry apart from the search, the time budget, and 200 random problems
 * (half with a planted symmetry, many with colors) on which the order
 * is checked against every permutation of the items and colors, the
 * classes of Burnside's lemma against the solutions listed and closed
 * under the generators, the canonical solutions against both, and the
 * count with the group's help against xcc_solve.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcc.h"
#include "xcc_sym.h"
#include "sym/sym.h"

/* ---- helpers ------------------------------------------------------------------ */

static xcc_problem *parse(const char *text)
{
    xcc_problem *p;
    xcc_diag d;
    xcc_status st = xcc_problem_parse(&p, text, NULL, &d);
    ck_assert_msg(st == XCC_OK, "%s", d.message);
    return p;
}

static xcc_sym *find(const xcc_problem *p, double seconds)
{
    xcc_sym *g;
    xcc_diag d;
    ck_assert_int_eq(xcc_sym_find(p, seconds, &g, &d), XCC_OK);
    return g;
}

static void order_is(const xcc_sym *g, const char *order)
{
    char *t = xcc_sym_order(g);
    ck_assert_str_eq(t, order);
    free(t);
}

/*
 * The count asked for, as text; "refused: ..." with the message.
 * HELPED2: with the group's help, on 2 threads (the tasks below the
 * walk spread over 2 workers when there are 4 or more). SCHREIER: with
 * the group's help, its stabilisers by random Schreier-Sims as for a
 * group too large to list. CHAIN: the classes counted as for a group
 * too large to list, each solution's least image found by the chain on
 * options (canon.c) and the canonical ones counted.
 */
enum { CLASSES, HELPED, PLAIN, HELPED2, SCHREIER, CHAIN };
static char *count(xcc_problem *p, xcc_sym *g, int how)
{
    static char buf[4][600];
    static int k;
    k = (k + 1) % 4;
    xcc_settings *s;
    ck_assert_int_eq(xcc_settings_new(&s), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "engine", "auto", NULL), XCC_OK);
    if (how == HELPED2)
        ck_assert_int_eq(xcc_settings_set(s, "threads", "2", NULL), XCC_OK);
    xcc_diag d;
    xcc_stop stop;
    char *c = NULL;
    if (how == PLAIN) {
        xcc_figures *f;
        ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
        ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
        ck_assert_int_eq(xcc_figures_stop(f), XCC_COMPLETE);
        snprintf(buf[k], sizeof buf[k], "%s", xcc_figure_text(f, "solutions"));
        xcc_figures_free(f);
        xcc_settings_free(s);
        return buf[k];
    }
    g->force_schreier = how == SCHREIER;
    g->force_chain = how == CHAIN;
    xcc_status st = how == CLASSES || how == CHAIN ? xcc_sym_count_classes(p, g, s, &c, &stop, &d)
                                                   : xcc_sym_count(p, g, s, &c, &stop, &d);
    g->force_schreier = g->force_chain = 0;
    xcc_settings_free(s);
    if (st) {
        snprintf(buf[k], sizeof buf[k], "refused: %s", d.message);
        return buf[k];
    }
    ck_assert_int_eq(stop, XCC_COMPLETE);
    snprintf(buf[k], sizeof buf[k], "%s", c);
    free(c);
    return buf[k];
}

/*
 * Each generator, checked apart from the search: items go to items of
 * the same kind, one-to-one; each option to an option whose entries are
 * the images of its entries, a color to the color xcc_sym_color_image
 * gives, and that one-to-one on each item's colors.
 */
static void generators_are_automorphisms(const xcc_problem *p, const xcc_sym *g)
{
    int ni = xcc_problem_items(p), np = xcc_problem_primary_items(p), no = xcc_problem_options(p);
    char *hit = calloc((size_t)(ni > no ? ni : no) + 1, 1);
    for (int k = 0; k < xcc_sym_generators(g); k++) {
        memset(hit, 0, (size_t)(ni > no ? ni : no) + 1);
        for (int i = 0; i < ni; i++) {
            int j = xcc_sym_item_image(g, k, i);
            ck_assert(j >= 0 && j < ni && !hit[j] && (i < np) == (j < np));
            hit[j] = 1;
        }
        memset(hit, 0, (size_t)(ni > no ? ni : no) + 1);
        for (int o = 0; o < no; o++) {
            int q = xcc_sym_option_image(g, k, o);
            ck_assert(q >= 0 && q < no && !hit[q]);
            hit[q] = 1;
            int size = xcc_option_size(p, o);
            ck_assert_int_eq(xcc_option_size(p, q), size);
            for (int e = 0; e < size; e++) {
                int i = xcc_option_item(p, o, e), j = xcc_sym_item_image(g, k, i), f = 0;
                while (f < size && xcc_option_item(p, q, f) != j)
                    f++;
                ck_assert_int_lt(f, size);
                const char *c = xcc_option_color(p, o, e), *cq = xcc_option_color(p, q, f);
                if (!c) {
                    ck_assert_ptr_null(cq);
                } else {
                    ck_assert_ptr_nonnull(cq);
                    ck_assert_str_eq(xcc_sym_color_image(g, k, i, c), cq);
                }
            }
        }
        /* colors one-to-one on each item: two colors of an item, two images */
        for (int i = np; i < ni; i++) {
            const char *seen[64];
            int n = 0;
            for (int o = 0; o < no; o++)
                for (int e = 0; e < xcc_option_size(p, o); e++) {
                    const char *c = xcc_option_color(p, o, e);
                    if (!c || xcc_option_item(p, o, e) != i)
                        continue;
                    int j = 0;
                    while (j < n && strcmp(seen[j], c))
                        j++;
                    if (j == n && n < 64)
                        seen[n++] = c;
                }
            for (int j = 0; j < n; j++)
                for (int j2 = j + 1; j2 < n; j2++)
                    ck_assert_str_ne(xcc_sym_color_image(g, k, i, seen[j]),
                                     xcc_sym_color_image(g, k, i, seen[j2]));
        }
    }
    free(hit);
}

/* n queens: rows and columns primary, diagonals secondary (those of two cells or more). */
static char *queens(int n)
{
    size_t cap = (size_t)n * n * 64 + 1024, len = 0;
    char *t = malloc(cap);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(t + len, cap - len, "r%d c%d ", i, i);
    len += (size_t)snprintf(t + len, cap - len, "|");
    for (int k = 1; k < 2 * n - 2; k++)
        len += (size_t)snprintf(t + len, cap - len, " a%d b%d", k, k);
    len += (size_t)snprintf(t + len, cap - len, "\n");
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int a = r + c, b = r - c + n - 1;
            len += (size_t)snprintf(t + len, cap - len, "r%d c%d", r, c);
            if (a > 0 && a < 2 * n - 2)
                len += (size_t)snprintf(t + len, cap - len, " a%d", a);
            if (b > 0 && b < 2 * n - 2)
                len += (size_t)snprintf(t + len, cap - len, " b%d", b);
            len += (size_t)snprintf(t + len, cap - len, "\n");
        }
    return t;
}

/* ---- groups known ------------------------------------------------------------- */

START_TEST(sym_queens)
{
    /* the square's 8 symmetries; 1, 2, 12 and 92 classes of 2, 10, 92 and 724 solutions */
    static const int n[] = {4, 5, 8, 10};
    static const char *classes[] = {"1", "2", "12", "92"}, *all[] = {"2", "10", "92", "724"};
    for (int k = 0; k < 4; k++) {
        char *t = queens(n[k]);
        xcc_problem *p = parse(t);
        xcc_sym *g = find(p, 0);
        ck_assert(xcc_sym_complete(g));
        order_is(g, "8");
        ck_assert_uint_eq(xcc_sym_order_upto(g, 100), 8);
        ck_assert_uint_eq(xcc_sym_order_upto(g, 7), 0);
        generators_are_automorphisms(p, g);
        ck_assert_str_eq(count(p, g, CLASSES), classes[k]);
        ck_assert_str_eq(count(p, g, CHAIN), classes[k]);
        ck_assert_str_eq(count(p, g, HELPED), all[k]);
        ck_assert_str_eq(count(p, g, HELPED2), all[k]);
        ck_assert_str_eq(count(p, g, SCHREIER), all[k]);
        ck_assert_str_eq(count(p, g, PLAIN), all[k]);
        xcc_sym_free(g);
        xcc_problem_free(p);
        free(t);
    }
}
END_TEST

START_TEST(sym_trivial_and_tiny)
{
    /* Knuth's example with colors: no symmetry */
    xcc_problem *p = parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n");
    xcc_sym *g = find(p, 0);
    order_is(g, "1");
    ck_assert_int_eq(xcc_sym_generators(g), 0);
    ck_assert_str_eq(count(p, g, CLASSES), "1");
    ck_assert_str_eq(count(p, g, HELPED), "1");
    int sol[] = {3, 1};
    ck_assert_int_eq(xcc_sym_canonical(g, sol, 2), 1);
    xcc_sym_free(g);
    xcc_problem_free(p);

    /* no options at all, and items no option names: all alike */
    p = parse("A B C\n");
    g = find(p, 0);
    order_is(g, "6");
    ck_assert_str_eq(count(p, g, CLASSES), "0");
    ck_assert_str_eq(count(p, g, HELPED), "0");
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

START_TEST(sym_colors_renamed_per_item)
{
    /* A with x colored 1 or 2: renaming x's colors swaps the two options */
    xcc_problem *p = parse("A | x\nA x:1\nA x:2\n");
    xcc_sym *g = find(p, 0);
    order_is(g, "2");
    ck_assert_int_eq(xcc_sym_generators(g), 1);
    char *t = xcc_sym_generator_text(g, 0, p);
    ck_assert_str_eq(t, "(x:1 x:2)");
    free(t);
    ck_assert_int_eq(xcc_sym_option_image(g, 0, 0), 1);
    ck_assert_str_eq(xcc_sym_color_image(g, 0, 0 + 1, "1"), "2");
    generators_are_automorphisms(p, g);
    ck_assert_str_eq(count(p, g, CLASSES), "1");
    ck_assert_str_eq(count(p, g, HELPED), "2");
    xcc_sym_free(g);
    xcc_problem_free(p);

    /*
     * Per item, not globally: x's colors 1 2 and y's 1 2 may be renamed
     * apart. A and B swap, and so may x's colors and y's, each alone.
     */
    p = parse("A B | x y\nA x:1\nA x:2\nB y:1\nB y:2\nA B x:1 y:2\n");
    g = find(p, 0);
    generators_are_automorphisms(p, g);
    order_is(g, "2");
    /* the last option ties x:1 to y:2, so only the swap of A x with B y that maps x:1 to y:2 */
    t = xcc_sym_generator_text(g, 0, p);
    ck_assert_str_eq(t, "(A B)(x y)(x:1 y:2)(x:2 y:1)");
    free(t);
    xcc_sym_free(g);
    xcc_problem_free(p);

    /* a color on one item and none on another never meet */
    p = parse("A B | x y\nA x:1\nB y\n");
    g = find(p, 0);
    order_is(g, "1");
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

START_TEST(sym_identical_options_and_twins)
{
    /*
     * Two copies of "A B": the group maps copies to copies in order, so
     * they do not swap; A and B, named by the same options, do.
     */
    xcc_problem *p = parse("A B C\nA B\nA B\nC\n");
    xcc_sym *g = find(p, 0);
    order_is(g, "2");
    char *t = xcc_sym_generator_text(g, 0, p);
    ck_assert_str_eq(t, "(A B)");
    free(t);
    ck_assert_int_eq(xcc_sym_option_image(g, 0, 0), 0);
    ck_assert_int_eq(xcc_sym_option_image(g, 0, 1), 1);
    ck_assert_str_eq(count(p, g, CLASSES), "2");
    ck_assert_str_eq(count(p, g, HELPED), "2");
    xcc_sym_free(g);
    xcc_problem_free(p);

    /* primary and secondary items never swap, even when their options would */
    p = parse("A B | x\nA x\nB\n");
    g = find(p, 0);
    order_is(g, "1");
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

/* The first three solutions, and how many are canonical. */
typedef struct first {
    xcc_sym *g;
    int seen, canonical;
} first;

static int first_solutions(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p;
    first *f = ctx;
    int a[81], n = xcc_solution_size(s);
    ck_assert_int_eq(n, 81);
    xcc_solution_options(s, a, n);
    int c = xcc_sym_canonical(f->g, a, n);
    ck_assert(c == 0 || c == 1);
    f->canonical += c;
    return ++f->seen == 3;
}

START_TEST(sym_large_group_exact)
{
    /*
     * Sudoku without clues (Knuth's encoding): 9! relabelings times the
     * 2 * 6^8 moves of rows, columns, bands, stacks and the transpose.
     */
    size_t cap = 729 * 32 + 4096, len = 0;
    char *t = malloc(cap);
    static const char *kind[] = {"p", "r", "c", "b"};
    for (int k = 0; k < 4; k++)
        for (int a = 0; a < 9; a++)
            for (int b = 0; b < 9; b++)
                len += (size_t)snprintf(t + len, cap - len, "%s%d%d ", kind[k], a, b + (k > 0));
    t[len - 1] = '\n';
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            for (int v = 1; v <= 9; v++)
                len += (size_t)snprintf(t + len, cap - len, "p%d%d r%d%d c%d%d b%d%d\n", r, c, r, v,
                                        c, v, 3 * (r / 3) + c / 3, v);
    xcc_problem *p = parse(t);
    free(t);
    xcc_sym *g = find(p, 0);
    ck_assert(xcc_sym_complete(g));
    order_is(g, "1218998108160");
    ck_assert_uint_eq(xcc_sym_order_upto(g, ~0ULL), 1218998108160ULL);
    generators_are_automorphisms(p, g);
    /*
     * too many to list: the canonical test by the chain on options. The
     * first grids found (123456789 456789123 ...) are not the least of
     * their classes: relabelling the digits and moving the rows, columns,
     * bands and stacks gives a less one
     */
    int sol[81];
    ck_assert_int_eq(xcc_sym_canonical(g, sol, 0), 1); /* the empty set: its own least image */
    first f = {g, 0, 0};
    ck_assert_int_eq(xcc_solve(p, NULL, first_solutions, &f, NULL, NULL), XCC_OK);
    ck_assert_int_eq(f.seen, 3);
    ck_assert_int_eq(f.canonical, 0);
    xcc_sym_free(g);

    /* a budget spent at once: a subgroup, said so, exact */
    g = find(p, 1e-9);
    ck_assert(!xcc_sym_complete(g));
    char *o = xcc_sym_order(g);
    unsigned long long sub = strtoull(o, NULL, 10);
    free(o);
    ck_assert(sub >= 1 && 1218998108160ULL % sub == 0);
    generators_are_automorphisms(p, g);
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

/*
 * k disjoint copies of n queens, the items of copy j prefixed with
 * "qj": the group is each board's 8 and the copies permuted, 8^k k!.
 */
static char *queens_copies(int n, int k)
{
    size_t cap = (size_t)k * ((size_t)n * n * 80 + 1024), len = 0;
    char *t = malloc(cap);
    for (int j = 0; j < k; j++)
        for (int i = 0; i < n; i++)
            len += (size_t)snprintf(t + len, cap - len, "q%dr%d q%dc%d ", j, i, j, i);
    len += (size_t)snprintf(t + len, cap - len, "|");
    for (int j = 0; j < k; j++)
        for (int d = 1; d < 2 * n - 2; d++)
            len += (size_t)snprintf(t + len, cap - len, " q%da%d q%db%d", j, d, j, d);
    len += (size_t)snprintf(t + len, cap - len, "\n");
    for (int j = 0; j < k; j++)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int a = r + c, b = r - c + n - 1;
                len += (size_t)snprintf(t + len, cap - len, "q%dr%d q%dc%d", j, r, j, c);
                if (a > 0 && a < 2 * n - 2)
                    len += (size_t)snprintf(t + len, cap - len, " q%da%d", j, a);
                if (b > 0 && b < 2 * n - 2)
                    len += (size_t)snprintf(t + len, cap - len, " q%db%d", j, b);
                len += (size_t)snprintf(t + len, cap - len, "\n");
            }
    return t;
}

START_TEST(sym_too_large_to_list)
{
    /*
     * Five boards of 6 queens: 8^5 5! = 3932160 symmetries, more than
     * can be listed, and 4^5 solutions. The count with the group's help
     * takes its stabilisers by Schreier-Sims and is exact; the classes
     * are counted by the chain on options: one, since each board's 4
     * solutions are one class under its 8 symmetries.
     */
    char *t = queens_copies(6, 5);
    xcc_problem *p = parse(t);
    free(t);
    xcc_sym *g = find(p, 0);
    ck_assert(xcc_sym_complete(g));
    order_is(g, "3932160");
    ck_assert_str_eq(count(p, g, HELPED), "1024");
    ck_assert_str_eq(count(p, g, HELPED2), "1024");
    ck_assert_str_eq(count(p, g, PLAIN), "1024");
    ck_assert_uint_eq(xcc_sym_order_upto(g, XCC_SYM_LIST_LIMIT), 0); /* too large to list */
    ck_assert_str_eq(count(p, g, CLASSES), "1");
    xcc_sym_free(g);
    xcc_problem_free(p);

    /*
     * Five boards of 5 queens: 10 solutions each, in 2 classes under the
     * board's 8 symmetries (8 and 2 solutions); with the boards permuted,
     * a class is a multiset of 5 classes of boards: C(2 + 5 - 1, 5) = 6
     * classes of 10^5 solutions.
     */
    t = queens_copies(5, 5);
    p = parse(t);
    free(t);
    g = find(p, 0);
    order_is(g, "3932160");
    ck_assert_uint_eq(xcc_sym_order_upto(g, XCC_SYM_LIST_LIMIT), 0);
    ck_assert_str_eq(count(p, g, PLAIN), "100000");
    ck_assert_str_eq(count(p, g, CLASSES), "6");
    /* the sets a canonical test meets, past their budget (lowered here): refused, said so */
    g->canon_ints = 100;
    ck_assert_str_eq(count(p, g, CLASSES),
                     "refused: the least image of a solution under the group needs more than 64 MB "
                     "(or more memory than there is): break part of the problem's symmetry");
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

START_TEST(sym_schreier_stabiliser)
{
    /*
     * The stabiliser of one queen's option in two boards of 5 queens
     * (group 8^2 2 = 128): a corner queen's is its board's diagonal
     * reflection times the other board's 8, order 16; the middle
     * queen's, the whole board's 8 times the other's, order 64.
     */
    char *t = queens_copies(5, 2);
    xcc_problem *p = parse(t);
    free(t);
    xcc_sym *g = find(p, 0);
    order_is(g, "128");
    xcc_sym_gens H = {.n = g->gr.n, .order_known = 1};
    ck_assert_int_eq(xcc_big_set(&H.order, 128), 0);
    H.perm = g->gens;
    H.count = H.cap = g->ngens;
    static const int opt[] = {0, 12}; /* q0r0 q0c0 ..., q0r2 q0c2 ... */
    static const char *want[] = {"16", "64"};
    for (int k = 0; k < 2; k++) {
        xcc_sym_gens S;
        ck_assert_int_eq(xcc_sym_stab(&H, xcc_sym_class_vertex(&g->gr, g->gr.opt_class[opt[k]]),
                                      XCC_SYM_CHAIN_INTS, &S), XCC_OK);
        ck_assert(S.order_known);
        char *o = xcc_big_text(&S.order);
        ck_assert_str_eq(o, want[k]);
        free(o);
        for (int j = 0; j < S.count; j++) /* each fixes the option */
            ck_assert_int_eq(S.perm[j][xcc_sym_class_vertex(&g->gr, g->gr.opt_class[opt[k]])],
                             xcc_sym_class_vertex(&g->gr, g->gr.opt_class[opt[k]]));
        ck_assert_int_ge(S.count, 1);
        xcc_sym_gens_free(&S);
    }
    xcc_big_free(&H.order);
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

START_TEST(sym_refusals)
{
    xcc_problem *p = parse("2:3|A B\nA\nB\nA B\n");
    xcc_sym *g = find(p, 0);
    ck_assert_str_eq(count(p, g, CLASSES),
                     "refused: counts up to symmetry are for problems without multiplicities");
    ck_assert_str_eq(count(p, g, HELPED),
                     "refused: counts up to symmetry are for problems without multiplicities");
    xcc_sym_free(g);
    xcc_problem_free(p);
    /* costs: kept by the group, refused by the counts */
    p = parse("A B\nA |1\nB |1\nA B |3\n");
    g = find(p, 0);
    order_is(g, "2");
    ck_assert_str_eq(count(p, g, CLASSES),
                     "refused: counts up to symmetry are for problems without costs");
    xcc_sym_free(g);
    xcc_problem_free(p);
    p = parse("A B\nA |1\nB |2\nA B |3\n");
    g = find(p, 0);
    order_is(g, "1");
    xcc_sym_free(g);
    xcc_problem_free(p);
}
END_TEST

/* ---- random problems ------------------------------------------------------------ */

static unsigned long long rng_state;
static int rnd(int n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng_state >> 33) % (unsigned long long)n);
}

/*
 * A random problem of NP primary and NS secondary items, colors 0 .. 2
 * ("a" "b" "c"): option k is code[k], a digit per item in base 5 (0
 * absent, 1 without a color, 2 + c with color c).
 */
#define RMAX_OPT 40
#define RMAX_ITEMS 7
typedef struct rprob {
    int np, ns, nopt;
    int code[RMAX_OPT];
} rprob;

static int digit(int code, int i)
{
    while (i--)
        code /= 5;
    return code % 5;
}

static int pow5(int i)
{
    int z = 1;
    while (i--)
        z *= 5;
    return z;
}

/* The image of an option's code under items sigma and colors kappa[item][color]. */
static int map_code(int code, int ni, const int *sigma, int kappa[][3])
{
    int out = 0;
    for (int i = 0; i < ni; i++) {
        int v = digit(code, i);
        if (v >= 2)
            v = 2 + kappa[i][v - 2];
        out += v * pow5(sigma[i]);
    }
    return out;
}

static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void random_problem(rprob *r, int planted, int colors)
{
    r->np = 2 + rnd(4);
    r->ns = colors ? 1 + rnd(2) : rnd(2);
    int ni = r->np + r->ns;
    int sigma[RMAX_ITEMS], kappa[RMAX_ITEMS][3];
    for (int i = 0; i < ni; i++) {
        sigma[i] = i;
        for (int c = 0; c < 3; c++)
            kappa[i][c] = c;
    }
    if (planted) {
        shuffle(sigma, r->np);
        shuffle(sigma + r->np, r->ns);
        for (int i = r->np; i < ni; i++)
            if (colors && rnd(2))
                shuffle(kappa[i], 3);
    }
    r->nopt = 0;
    int base = 2 + rnd(5);
    for (int k = 0; k < base && r->nopt < RMAX_OPT - 16; k++) {
        int code = 0;
        for (int i = 0; i < r->np; i++)
            if (rnd(2))
                code += pow5(i);
        if (!code)
            code = pow5(rnd(r->np));
        for (int i = r->np; i < ni; i++)
            if (rnd(2))
                code += (colors && rnd(3) ? 2 + rnd(3) : 1) * pow5(i);
        /* its orbit under the planted map, closed */
        int c = code, len = 0;
        do {
            if (r->nopt < RMAX_OPT)
                r->code[r->nopt++] = c;
            c = map_code(c, ni, sigma, kappa);
            len++;
        } while (c != code && len < 64);
        /* without a planted map the orbit is the option alone */
    }
}

static char *rprob_text(const rprob *r)
{
    static const char *cname[] = {"a", "b", "c"};
    size_t cap = 4096, len = 0;
    char *t = malloc(cap);
    int ni = r->np + r->ns;
    for (int i = 0; i < ni; i++)
        len += (size_t)snprintf(t + len, cap - len, "%s%s%c ", i == r->np ? "| " : "",
                                i < r->np ? "P" : "s", '0' + i);
    len += (size_t)snprintf(t + len, cap - len, "\n");
    for (int k = 0; k < r->nopt; k++) {
        int first = 1;
        for (int i = 0; i < ni; i++) {
            int v = digit(r->code[k], i);
            if (!v)
                continue;
            len += (size_t)snprintf(t + len, cap - len, "%s%s%c%s%s", first ? "" : " ",
                                    i < r->np ? "P" : "s", '0' + i, v >= 2 ? ":" : "",
                                    v >= 2 ? cname[v - 2] : "");
            first = 0;
        }
        len += (size_t)snprintf(t + len, cap - len, "\n");
    }
    return t;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/*
 * The automorphisms counted by brute force: every permutation of the
 * items of each kind, with every one-to-one map of each secondary
 * item's colors onto those of its image, that maps the options' codes
 * onto themselves (copies to copies).
 */
typedef struct bf {
    const rprob *r;
    int ni, sigma[RMAX_ITEMS], used[RMAX_ITEMS], kappa[RMAX_ITEMS][3];
    int sorted[RMAX_OPT], img[RMAX_OPT];
    long count;
} bf;

static int colors_of(const rprob *r, int i)
{
    int set = 0;
    for (int k = 0; k < r->nopt; k++)
        if (digit(r->code[k], i) >= 2)
            set |= 1 << (digit(r->code[k], i) - 2);
    return set;
}

static void bf_colors(bf *B, int i)
{
    const rprob *r = B->r;
    if (i == B->ni) {
        for (int k = 0; k < r->nopt; k++)
            B->img[k] = map_code(r->code[k], B->ni, B->sigma, B->kappa);
        qsort(B->img, (size_t)r->nopt, sizeof(int), cmp_int);
        B->count += !memcmp(B->img, B->sorted, (size_t)r->nopt * sizeof(int));
        return;
    }
    if (i < r->np) {
        bf_colors(B, i + 1);
        return;
    }
    /* the injective maps of i's colors into those of its image, each once */
    int from = colors_of(r, i), to = colors_of(r, B->sigma[i]);
    if (__builtin_popcount((unsigned)from) != __builtin_popcount((unsigned)to))
        return;
    int src[3], ns = 0, dst[3], nd = 0;
    for (int c = 0; c < 3; c++) {
        if (from >> c & 1)
            src[ns++] = c;
        if (to >> c & 1)
            dst[nd++] = c;
    }
    /* every permutation of dst, assigned to src in order */
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int q = 0; q < 6; q++) {
        int ok = 1;
        for (int j = 0; j < 3 && ok; j++)
            ok = j < ns || perms[q][j] == j; /* places past ns stay put: each map once */
        if (!ok)
            continue;
        for (int j = 0; j < ns; j++)
            B->kappa[i][src[j]] = dst[perms[q][j]];
        bf_colors(B, i + 1);
    }
}

static void bf_items(bf *B, int i)
{
    const rprob *r = B->r;
    if (i == B->ni) {
        bf_colors(B, 0);
        return;
    }
    int lo = i < r->np ? 0 : r->np, hi = i < r->np ? r->np : B->ni;
    for (int j = lo; j < hi; j++) {
        if (B->used[j])
            continue;
        B->used[j] = 1;
        B->sigma[i] = j;
        bf_items(B, i + 1);
        B->used[j] = 0;
    }
}

static long brute_order(const rprob *r)
{
    bf B;
    memset(&B, 0, sizeof B);
    B.r = r;
    B.ni = r->np + r->ns;
    for (int i = 0; i < B.ni; i++)
        for (int c = 0; c < 3; c++)
            B.kappa[i][c] = c;
    memcpy(B.sorted, r->code, (size_t)r->nopt * sizeof(int));
    qsort(B.sorted, (size_t)r->nopt, sizeof(int), cmp_int);
    bf_items(&B, 0);
    return B.count;
}

/* Solutions listed: how many, and how many are the least of their orbit under the generators. */
typedef struct listed {
    xcc_sym *g;
    long all, least_closure, canonical, chain_checked;
} listed;

static int on_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p;
    listed *L = ctx;
    int n = xcc_solution_size(s), a[RMAX_OPT], orbit[512][RMAX_OPT], count = 1, least = 1;
    ck_assert_int_le(n, RMAX_OPT);
    xcc_solution_options(s, a, RMAX_OPT);
    qsort(a, (size_t)n, sizeof(int), cmp_int);
    memcpy(orbit[0], a, sizeof a);
    for (int i = 0; i < count; i++)
        for (int k = 0; k < xcc_sym_generators(L->g); k++) {
            int img[RMAX_OPT], f;
            for (int j = 0; j < n; j++)
                img[j] = xcc_sym_option_image(L->g, k, orbit[i][j]);
            qsort(img, (size_t)n, sizeof(int), cmp_int);
            for (f = 0; f < count && memcmp(orbit[f], img, (size_t)n * sizeof(int)); f++)
                ;
            if (f < count)
                continue;
            ck_assert_int_lt(count, 512);
            memcpy(orbit[count++], img, sizeof img);
            for (int j = 0; j < n; j++)
                if (img[j] != a[j]) {
                    least &= img[j] > a[j];
                    break;
                }
        }
    L->all++;
    L->least_closure += least;
    int c = xcc_sym_canonical(L->g, a, n);
    ck_assert_int_eq(c, least);
    L->canonical += c;
    L->g->force_chain = 1; /* the least image by the chain on options, as for a large group */
    ck_assert_int_eq(xcc_sym_canonical(L->g, a, n), least);
    L->g->force_chain = 0;
    L->chain_checked++;
    return 0;
}

START_TEST(sym_random_problems)
{
    rng_state = 30;
    int cases = 0, symmetric = 0, colored = 0, with_solutions = 0, classes_fewer = 0;
    int chain_compared = 0; /* symmetric problems with solutions, the chain's classes compared */
    for (int t = 0; t < 200; t++) {
        rprob r;
        int planted = t % 2 == 0, colors = t % 4 != 3;
        random_problem(&r, planted, colors);
        char *text = rprob_text(&r);
        xcc_problem *p = parse(text);
        ck_assert_int_eq(xcc_problem_options(p), r.nopt);
        xcc_sym *g = find(p, 0);
        ck_assert(xcc_sym_complete(g));
        long order = (long)xcc_sym_order_upto(g, 1000000);
        ck_assert_msg(order == brute_order(&r), "case %d: order %ld, brute %ld\n%s", t, order,
                      brute_order(&r), text);
        generators_are_automorphisms(p, g);
        listed L = {g, 0, 0, 0, 0};
        ck_assert_int_eq(xcc_solve(p, NULL, on_solution, &L, NULL, NULL), XCC_OK);
        char want[32];
        snprintf(want, sizeof want, "%ld", L.least_closure);
        ck_assert_msg(!strcmp(count(p, g, CLASSES), want), "case %d: classes %s, listed %s\n%s", t,
                      count(p, g, CLASSES), want, text);
        ck_assert_int_eq(L.canonical, L.least_closure);
        /* the classes and the canonical solutions by the chain, as for a group too large to list */
        ck_assert_msg(!strcmp(count(p, g, CHAIN), want), "case %d: classes by the chain %s, listed %s\n%s",
                      t, count(p, g, CHAIN), want, text);
        ck_assert_int_eq(L.chain_checked, L.all);
        chain_compared += order > 1 && L.all > 0;
        snprintf(want, sizeof want, "%ld", L.all);
        ck_assert_str_eq(count(p, g, HELPED), want);
        ck_assert_str_eq(count(p, g, HELPED2), want);
        ck_assert_str_eq(count(p, g, SCHREIER), want);
        ck_assert_str_eq(count(p, g, PLAIN), want);
        cases++;
        symmetric += order > 1;
        colored += strchr(text, ':') != NULL;
        with_solutions += L.all > 0;
        classes_fewer += L.least_closure < L.all;
        xcc_sym_free(g);
        xcc_problem_free(p);
        free(text);
    }
    ck_assert_int_eq(cases, 200);
    ck_assert_int_ge(symmetric, 100);
    ck_assert_int_ge(colored, 100);
    ck_assert_int_ge(with_solutions, 100);
    ck_assert_int_ge(classes_fewer, 40);
    ck_assert_int_ge(chain_compared, 50);
}
END_TEST

void add_sym_tests(Suite *s);

void add_sym_tests(Suite *s)
{
    TCase *tc = tcase_create("symmetry");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, sym_queens);
    tcase_add_test(tc, sym_trivial_and_tiny);
    tcase_add_test(tc, sym_colors_renamed_per_item);
    tcase_add_test(tc, sym_identical_options_and_twins);
    tcase_add_test(tc, sym_large_group_exact);
    tcase_add_test(tc, sym_too_large_to_list);
    tcase_add_test(tc, sym_schreier_stabiliser);
    tcase_add_test(tc, sym_refusals);
    tcase_add_test(tc, sym_random_problems);
    suite_add_tcase(s, tc);
}
