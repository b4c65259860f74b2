/*
 * check_eta.c — -p's share done (lib/tree/eta.c): by the branch counts
 * without paths, and weighted by the paths of a small trie, with the
 * values worked out by hand.
 */
#include <check.h>
#include "tree/eta.h"

#define TOL 1e-12

START_TEST(by_branch_counts_without_paths)
{
    /* the 2nd of 4, then the 3rd of 8: 1/4 + (1/4)(2/8), the start of the node's share */
    xcc_choice path[2] = {{10, 0, 2, 4}, {20, 1, 3, 8}};
    ck_assert_double_eq_tol(xcc_eta_fraction(NULL, path, 2), 0.3125, TOL);
    ck_assert_double_eq_tol(xcc_eta_fraction(NULL, path, 0), 0.0, TOL);
    xcc_eta *e = xcc_eta_new();
    ck_assert_ptr_nonnull(e);
    ck_assert_double_eq_tol(xcc_eta_fraction(e, path, 2), 0.3125, TOL); /* an empty trie */
    ck_assert_uint_eq(xcc_eta_paths(e), 0);
    xcc_eta_free(e);
}
END_TEST

/*
 * The root branches 2 ways (options 10 and 20), option 10's node 2 ways
 * (30 and 31). Four paths: 10 then 30 (estimates 15 at the root, 7, 3),
 * 10 then 31 (7, 3, 1), and 20 twice (3, 1). At the root, a child's mean
 * estimate m = (28/4 - 1)/2 = 3; option 10 weighs (7 + 3 + 16 * 3)/(2 +
 * 16) = 29/9, option 20 (1 + 1 + 48)/18 = 25/9, 6 in all. At option 10's
 * node m = (10/2 - 1)/2 = 2: option 30 weighs (3 + 32)/17 = 35/17, 31
 * 33/17, 4 in all.
 */
static xcc_eta *small_trie(void)
{
    xcc_eta *e = xcc_eta_new();
    ck_assert_ptr_nonnull(e);
    const xcc_choice p1[2] = {{10, 0, 1, 2}, {30, 0, 1, 2}}, p2[2] = {{10, 0, 1, 2}, {31, 0, 2, 2}};
    const xcc_choice p3[1] = {{20, 0, 2, 2}};
    const double s1[3] = {15, 7, 3}, s2[3] = {7, 3, 1}, s3[2] = {3, 1};
    ck_assert_int_eq(xcc_eta_add(e, p1, 2, s1), 0);
    ck_assert_int_eq(xcc_eta_add(e, p2, 2, s2), 0);
    ck_assert_int_eq(xcc_eta_add(e, p3, 1, s3), 0);
    ck_assert_int_eq(xcc_eta_add(e, p3, 1, s3), 0);
    ck_assert_uint_eq(xcc_eta_paths(e), 4);
    return e;
}

START_TEST(weighted_by_the_paths)
{
    xcc_eta *e = small_trie();
    const xcc_choice first[2] = {{10, 0, 1, 2}, {30, 0, 1, 2}};
    const xcc_choice second[2] = {{10, 0, 1, 2}, {31, 0, 2, 2}};
    const xcc_choice last[1] = {{20, 0, 2, 2}};
    ck_assert_double_eq_tol(xcc_eta_fraction(e, first, 2), 0.0, TOL);
    /* (29/9)/6 of the tree below option 10, (35/17)/4 of it before option 31 */
    ck_assert_double_eq_tol(xcc_eta_fraction(e, second, 2), 1015.0 / 3672, TOL);
    ck_assert_double_eq_tol(xcc_eta_fraction(e, last, 1), 29.0 / 54, TOL);
    /* by the branch counts, option 20 would start at 1/2 */
    ck_assert_double_eq_tol(xcc_eta_fraction(NULL, last, 1), 0.5, TOL);
    xcc_eta_free(e);
}
END_TEST

START_TEST(by_branch_counts_where_the_trie_is_not_the_search)
{
    xcc_eta *e = small_trie();
    /* below option 20, which no path went past: by the branch counts, in its 25/54 */
    const xcc_choice deeper[2] = {{20, 0, 2, 2}, {40, 0, 2, 4}};
    ck_assert_double_eq_tol(xcc_eta_fraction(e, deeper, 2), 29.0 / 54 + (25.0 / 54) / 4, TOL);
    /* another option as the 2nd, or another number of options: not the trie's node */
    const xcc_choice other[1] = {{99, 0, 2, 2}}, three[1] = {{20, 0, 2, 3}};
    ck_assert_double_eq_tol(xcc_eta_fraction(e, other, 1), 0.5, TOL);
    ck_assert_double_eq_tol(xcc_eta_fraction(e, three, 1), 1.0 / 3, TOL);
    /* option 20 met as the 1st: not the trie's order */
    const xcc_choice moved[1] = {{20, 0, 1, 2}};
    ck_assert_double_eq_tol(xcc_eta_fraction(e, moved, 1), 0.0, TOL);
    xcc_eta_free(e);
}
END_TEST

START_TEST(a_child_no_path_met_weighs_the_mean)
{
    /* the root branches 4 ways; one path, through the 2nd (estimate 9 there, 37 at the
       root): m = (37 - 1)/4 = 9, and the 2nd weighs (9 + 16 * 9)/17 = 9 too; the 3rd
       (no path) starts at 18/36 */
    xcc_eta *e = xcc_eta_new();
    ck_assert_ptr_nonnull(e);
    const xcc_choice p[1] = {{5, 1, 2, 4}};
    const double s[2] = {37, 9};
    ck_assert_int_eq(xcc_eta_add(e, p, 1, s), 0);
    const xcc_choice third[1] = {{6, 0, 3, 4}};
    ck_assert_double_eq_tol(xcc_eta_fraction(e, third, 1), 0.5, TOL);
    xcc_eta_free(e);
}
END_TEST

void add_eta_tests(Suite *s)
{
    TCase *t = tcase_create("eta");
    tcase_add_test(t, by_branch_counts_without_paths);
    tcase_add_test(t, weighted_by_the_paths);
    tcase_add_test(t, by_branch_counts_where_the_trie_is_not_the_search);
    tcase_add_test(t, a_child_no_path_met_weighs_the_mean);
    suite_add_tcase(s, t);
}
