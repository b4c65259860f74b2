/*
 * check_num.c — unit tests of exact figures at any size: the numbers of
 * lib/base/num.h, and the engines' counters past 2^64 (fed from below,
 * as a walk that goes on from figures near 2^64 is) and past 2^128 (the
 * zdd engine's counts, and the library's decimal text).
 *
 * The problem pairs(n) has n independent pairs of items a_i b_i, each
 * with the options "a_i b_i", "a_i" and "b_i": 2^n solutions, and DLX2's
 * tree has 3 2^n - 2 nodes and 4 2^n - 4 updates (each pair is a node
 * for a_i, whose second option leaves a node for b_i).
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits/memo.h"
#include "zdd/zdd.h"
#include "tree/walk.h"
#include "tree/dlx2.h"
#include "engine.h"

#define TWO_70 "1180591620717411303424"
#define TWO_130 "1361129467683753853853498429727072845824"

static xcc_u128 pow2(int k)
{
    return (xcc_u128)1 << k;
}

static char *pairs(int n)
{
    size_t cap = (size_t)n * 40 + 16, len = 0;
    char *t = malloc(cap);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(t + len, cap - len, "a%d b%d ", i, i);
    t[len - 1] = '\n';
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(t + len, cap - len, "a%d b%d\na%d\nb%d\n", i, i, i, i);
    return t;
}

static void read_pairs(xcc_problem *p, int n)
{
    char *t = pairs(n);
    xcc_diag d;
    ck_assert_int_eq(xcc_read_text(p, t, NULL, &d), XCC_OK);
    free(t);
}

static const char *text(xcc_u128 x)
{
    static char buf[4][XCC_U128_TEXT];
    static int k;
    k = (k + 1) % 4;
    return xcc_u128_text(x, buf[k]);
}

/* ---- numbers --------------------------------------------------------- */

START_TEST(num_u128_text_and_parse)
{
    ck_assert_str_eq(text(0), "0");
    ck_assert_str_eq(text(~(xcc_u128)0), "340282366920938463463374607431768211455");
    ck_assert_str_eq(text(pow2(70)), TWO_70);
    xcc_u128 v;
    const char *most = "340282366920938463463374607431768211455";
    ck_assert_int_eq(xcc_u128_parse(most, strlen(most), &v), 0);
    ck_assert(v == ~(xcc_u128)0);
    const char *past = "340282366920938463463374607431768211456";
    ck_assert_int_eq(xcc_u128_parse(past, strlen(past), &v), 1);
    int over = 0;
    ck_assert_uint_eq(xcc_u128_low(pow2(63), &over), 1ULL << 63);
    ck_assert_int_eq(over, 0);
    ck_assert_uint_eq(xcc_u128_low(pow2(64), &over), ~0ULL);
    ck_assert_int_eq(over, 1);
}
END_TEST

START_TEST(num_big_arithmetic)
{
    xcc_big a = XCC_BIG_ZERO, b = XCC_BIG_ZERO;
    ck_assert_int_eq(xcc_big_set(&a, 1), 0);
    for (int i = 0; i < 130; i++)
        ck_assert_int_eq(xcc_big_mul_u64(&a, 2), 0);
    char *t = xcc_big_text(&a);
    ck_assert_str_eq(t, TWO_130);
    free(t);
    ck_assert_uint_eq(xcc_big_bits(&a), 131);
    /* a carry through every limb: (2^192 - 1) + 1 */
    ck_assert_int_eq(xcc_big_set(&b, ~(xcc_u128)0), 0);
    ck_assert_int_eq(xcc_big_mul_u64(&b, 1ULL << 32), 0);
    ck_assert_int_eq(xcc_big_mul_u64(&b, 1ULL << 32), 0);
    ck_assert_int_eq(xcc_big_add_u128(&b, ~0ULL), 0); /* 2^192 - 1 */
    ck_assert_uint_eq(b.n, 3);
    ck_assert_int_eq(xcc_big_add_u128(&b, 1), 0);
    ck_assert_uint_eq(b.n, 4);
    ck_assert_uint_eq(xcc_big_bits(&b), 193);
    /* and back: a borrow through every limb */
    xcc_big one = XCC_BIG_ZERO;
    ck_assert_int_eq(xcc_big_set(&one, 1), 0);
    xcc_big_sub(&b, &one);
    ck_assert_uint_eq(b.n, 3);
    ck_assert_uint_eq(xcc_big_bits(&b), 192);
    /* decimal both ways, a division's remainder, comparisons */
    const char *digits = "123456789012345678901234567890123456789012345678901234567890";
    ck_assert_int_eq(xcc_big_parse(&a, digits, strlen(digits)), 0);
    t = xcc_big_text(&a);
    ck_assert_str_eq(t, digits);
    free(t);
    ck_assert_uint_eq(xcc_big_div_u64(&a, 1000000), 567890);
    t = xcc_big_text(&a);
    ck_assert_str_eq(t, "123456789012345678901234567890123456789012345678901234");
    free(t);
    ck_assert_int_eq(xcc_big_cmp(&a, &b), -1); /* about 2^176 against 2^192 - 1 */
    ck_assert_int_eq(xcc_big_cmp(&b, &a), 1);
    ck_assert_int_eq(xcc_big_copy(&b, &a), 0);
    ck_assert_int_eq(xcc_big_cmp(&a, &b), 0);
    ck_assert_int_eq(xcc_big_add(&a, &a), 0); /* a += a */
    xcc_big_sub(&a, &b);
    ck_assert_int_eq(xcc_big_cmp(&a, &b), 0);
    xcc_u128 v;
    ck_assert(!xcc_big_fits(&a, &v));
    ck_assert_int_eq(xcc_big_set(&a, 0), 0);
    ck_assert_uint_eq(a.n, 0);
    t = xcc_big_text(&a);
    ck_assert_str_eq(t, "0");
    free(t);
    ck_assert(xcc_big_fits(&a, &v) && v == 0);
    xcc_big_free(&a), xcc_big_free(&b), xcc_big_free(&one);
}
END_TEST

START_TEST(num_counts_cross_2_127)
{
    xcc_bigpool pool = {NULL, 0, 0};
    xcc_count half = pow2(126), sum, back;
    ck_assert_int_eq(xcc_count_add(&pool, half, half, &sum), 0);
    ck_assert(xcc_count_is_big(sum));
    ck_assert_int_eq(xcc_count_add(&pool, sum, sum, &sum), 0); /* 2^128 */
    ck_assert_int_eq(xcc_count_cmp(&pool, sum, half), 1);
    ck_assert_int_eq(xcc_count_cmp(&pool, half, sum), -1);
    xcc_big b = XCC_BIG_ZERO;
    ck_assert_int_eq(xcc_count_get(&pool, sum, &b), 0);
    char *t = xcc_big_text(&b);
    ck_assert_str_eq(t, "340282366920938463463374607431768211456");
    free(t);
    ck_assert_int_eq(xcc_count_sub(&pool, sum, half, &back), 0); /* 3 2^126: still big */
    ck_assert(xcc_count_is_big(back));
    ck_assert_int_eq(xcc_count_sub(&pool, sum, sum, &back), 0);
    ck_assert(!xcc_count_is_big(back) && back == 0);
    size_t kept = pool.n;
    ck_assert_int_eq(xcc_count_add(&pool, sum, 1, &back), 0);
    ck_assert_uint_eq(pool.n, kept + 1);
    xcc_bigpool_truncate(&pool, kept);
    ck_assert_uint_eq(pool.n, kept);
    xcc_big_free(&b);
    xcc_bigpool_free(&pool);
}
END_TEST

START_TEST(num_memo_words_escape)
{
    xcc_wides ws = {NULL, 0, 0};
    uint64_t w;
    ck_assert_int_eq(xcc_wides_put(&ws, 12345, &w), 0);
    ck_assert_uint_eq(w, 12345);
    ck_assert(xcc_wides_get(&ws, w) == 12345);
    ck_assert_int_eq(xcc_wides_put(&ws, pow2(100) + 7, &w), 0);
    ck_assert(w & XCC_WIDES_ESCAPE);
    ck_assert(xcc_wides_get(&ws, w) == pow2(100) + 7);
    for (int i = 0; i < 3000; i++) { /* past a chunk */
        ck_assert_int_eq(xcc_wides_put(&ws, pow2(64) + (xcc_u128)i, &w), 0);
        ck_assert(xcc_wides_get(&ws, w) == pow2(64) + (xcc_u128)i);
    }
    xcc_wides_free(&ws);
}
END_TEST

/* Two threads put their first wide figures at once into a pool nobody has
   used: both must come back (the table of chunks is made once). */
typedef struct wides_racer {
    xcc_wides *ws;
    int *go;
    xcc_u128 v;
    uint64_t w;
} wides_racer;

static void *put_when_told(void *arg)
{
    wides_racer *r = arg;
    __atomic_add_fetch(r->go, 1, __ATOMIC_ACQ_REL);
    while (__atomic_load_n(r->go, __ATOMIC_ACQUIRE) < 2)
        ; /* both at the line */
    while (xcc_wides_put(r->ws, r->v, &r->w)) /* 1: the other thread makes the table */
        ;
    return NULL;
}

START_TEST(num_memo_words_two_threads)
{
    int rounds = 0;
    for (int i = 0; i < 4000; i++, rounds++) {
        xcc_wides ws = {NULL, 0, 0};
        int go = 0;
        wides_racer r[2] = {{&ws, &go, pow2(70) + 1, 0}, {&ws, &go, pow2(80) + 2, 0}};
        pthread_t th;
        ck_assert_int_eq(pthread_create(&th, NULL, put_when_told, &r[1]), 0);
        put_when_told(&r[0]);
        pthread_join(th, NULL);
        ck_assert(xcc_wides_get(&ws, r[0].w) == pow2(70) + 1);
        ck_assert(xcc_wides_get(&ws, r[1].w) == pow2(80) + 2);
        xcc_wides_free(&ws);
    }
    ck_assert_int_eq(rounds, 4000);
}
END_TEST

/*
 * The zdd engine's shared memo (zdd/share.c): two threads write 200,000
 * keys each, half of them the same keys, while they read the other's;
 * every key then reads back its count (the first written), through the
 * tables' doublings and the chunks' new rooms.
 */
#define SHARE_KEYS 200000
typedef struct share_racer {
    zshare *s;
    int me, fails, seen;
} share_racer;

static void share_key(int i, word *key)
{
    key[0] = (word)i * 0x9e3779b97f4a7c15ULL, key[1] = (word)i;
}

static void *share_writer(void *arg)
{
    share_racer *r = arg;
    for (int k = 0; k < SHARE_KEYS; k++) {
        /* keys 0 .. 99,999 by both; then each its own 100,000 */
        int i = k < SHARE_KEYS / 2 ? k : SHARE_KEYS / 2 + r->me * SHARE_KEYS + k;
        word key[2];
        share_key(i, key);
        r->fails += xcc_zshare_put(r->s, key_hash(key, 2), key, (xcc_count)i * 3 + 1);
        xcc_count c;
        share_key(i ^ 1, key);
        if (xcc_zshare_get(r->s, key_hash(key, 2), key, &c)) {
            r->seen++;
            r->fails += c != (xcc_count)(i ^ 1) * 3 + 1;
        }
    }
    return NULL;
}

START_TEST(zdd_share_two_threads)
{
    zshare *s = xcc_zshare_new(2, 0);
    ck_assert_ptr_nonnull(s);
    share_racer r[2] = {{s, 0, 0, 0}, {s, 1, 0, 0}};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, share_writer, &r[1]), 0);
    share_writer(&r[0]);
    pthread_join(th, NULL);
    ck_assert_int_eq(r[0].fails + r[1].fails, 0);
    ck_assert_int_gt(r[0].seen + r[1].seen, 0);
    ck_assert_uint_eq(xcc_zshare_entries(s), 3 * SHARE_KEYS / 2); /* the shared keys once */
    int checked = 0;
    for (int me = 0; me < 2; me++)
        for (int k = 0; k < SHARE_KEYS; k++) {
            int i = k < SHARE_KEYS / 2 ? k : SHARE_KEYS / 2 + me * SHARE_KEYS + k;
            word key[2];
            xcc_count c = 0;
            share_key(i, key);
            ck_assert(xcc_zshare_get(s, key_hash(key, 2), key, &c));
            ck_assert(c == (xcc_count)i * 3 + 1);
            checked++;
        }
    ck_assert_int_eq(checked, 2 * SHARE_KEYS);
    word key[2];
    xcc_count c;
    share_key(-1, key);
    ck_assert(!xcc_zshare_get(s, key_hash(key, 2), key, &c));
    xcc_zshare_free(s);
    /* a limit: the write that would pass it fails */
    s = xcc_zshare_new(2, 1 << 20);
    ck_assert_ptr_nonnull(s);
    int i = 0, failed = 0;
    for (; i < SHARE_KEYS && !failed; i++) {
        share_key(i, key);
        failed = xcc_zshare_put(s, key_hash(key, 2), key, 1);
    }
    ck_assert(failed);
    ck_assert_uint_le(xcc_zshare_bytes(s), 1 << 20);
    xcc_zshare_free(s);
}
END_TEST

/* ---- counters past 2^64, fed from below ------------------------------- */

/* The figures of a walk by walk of pairs(n) that goes on from start (each figure). */
static xcc_figs walk_from(int n, xcc_u128 start, int twin)
{
    xcc_problem p;
    read_pairs(&p, n);
    xcc_settings st;
    xcc_settings_init(&st);
    xcc_tree t;
    ck_assert_int_eq(xcc_tree_init(&t, &p, &st, NULL), XCC_OK);
    t.fig.solutions = t.fig.nodes = t.fig.updates = t.fig.cleansings = start;
    t.fig.mems = t.fig.lmems = t.fig.cmems = start;
    if (twin) {
        xcc_twin *tw = xcc_twin_new(&p);
        ck_assert_ptr_nonnull(tw);
        ck_assert_int_eq(xcc_twin_walk(tw, &t), XCC_OK);
        xcc_twin_delete(tw);
    } else {
        ck_assert_int_eq(xcc_links_walk(&t), XCC_OK);
    }
    xcc_figs f;
    xcc_tree_figures(&t, &f);
    xcc_tree_free(&t);
    xcc_release(&p);
    return f;
}

START_TEST(counters_go_past_2_64)
{
    xcc_figs base = walk_from(10, 0, 0);
    ck_assert(base.solutions == 1024 && base.nodes == 3 * 1024 - 2 && base.updates == 4 * 1024 - 4);
    xcc_u128 start = pow2(64) - 5;
    for (int twin = 0; twin < 2; twin++) {
        xcc_figs f = walk_from(10, start, twin);
        ck_assert_msg(f.stop == XCC_COMPLETE, "engine %d", twin);
        ck_assert_str_eq(text(f.solutions), text(start + 1024));
        ck_assert_str_eq(text(f.nodes), text(start + base.nodes));
        ck_assert_str_eq(text(f.updates), text(start + base.updates));
        ck_assert_str_eq(text(f.mems), text(start + base.mems));
        ck_assert_str_eq(text(f.cmems), text(start + base.cmems));
        ck_assert_str_eq(text(f.lmems), text(start + base.lmems));
    }
}
END_TEST

/* The twin's memo adds whole subtrees: past 2^64 through its folds, and its limit at 2^127. */
START_TEST(twin_memo_goes_past_2_64)
{
    xcc_figs f = walk_from(70, 0, 1);
    ck_assert(f.stop == XCC_COMPLETE);
    ck_assert_str_eq(text(f.solutions), TWO_70);
    ck_assert_str_eq(text(f.nodes), text(3 * pow2(70) - 2));
    ck_assert_str_eq(text(f.updates), text(4 * pow2(70) - 4));
    f = walk_from(130, 0, 1);
    ck_assert(f.stop == XCC_STOP_WIDE); /* cut short, its figures partial but not wrapped: */
    ck_assert_msg(f.solutions >= pow2(120) && f.nodes > f.solutions, "%s solutions, %s nodes",
                  text(f.solutions), text(f.nodes));
    f = walk_from(10, pow2(127) - 100, 1); /* figures that end past 2^127 */
    ck_assert(f.stop == XCC_STOP_WIDE);
}
END_TEST

/* ---- every engine that counts, and the library ------------------------ */

/* The figures of a count of pairs(n), through the public calls. */
static xcc_figures *solve_pairs(int n, const char *engine, int threads)
{
    char *t = pairs(n);
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_parse(&p, t, NULL, &d), XCC_OK);
    free(t);
    xcc_settings *s;
    xcc_figures *f;
    ck_assert_int_eq(xcc_settings_new(&s), XCC_OK);
    ck_assert_int_eq(xcc_figures_new(&f), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "engine", engine, &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set_int(s, "threads", threads, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, NULL, NULL, f, &d), XCC_OK);
    xcc_settings_free(s);
    xcc_problem_free(p);
    return f;
}

START_TEST(engines_count_past_2_64)
{
    static const struct {
        const char *engine;
        int threads;
    } runs[] = {{"auto", 1}, {"dlx", 1}, {"fast", 1}, {"zdd", 1}, {"dlx", 2}};
    unsigned long long v;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        xcc_figures *f = solve_pairs(70, runs[i].engine, runs[i].threads);
        const char *text = xcc_figure_text(f, "solutions");
        ck_assert_msg(!strcmp(text, TWO_70), "%s: %s", runs[i].engine, text);
        ck_assert_int_eq(xcc_figure(f, "solutions", &v), XCC_OVERFLOW);
        ck_assert_uint_eq(v, XCC_UNLIMITED);
        ck_assert_int_eq(xcc_figures_stop(f), XCC_COMPLETE);
        xcc_figures_free(f);
    }
    xcc_figures *f = solve_pairs(10, "auto", 1);
    ck_assert_int_eq(xcc_figure(f, "solutions", &v), XCC_OK);
    ck_assert_uint_eq(v, 1024);
    ck_assert_str_eq(xcc_figure_text(f, "solutions"), "1024");
    xcc_figures_free(f);
}
END_TEST

START_TEST(counts_past_2_128)
{
    xcc_figures *f = solve_pairs(130, "zdd", 1);
    ck_assert_str_eq(xcc_figure_text(f, "solutions"), TWO_130);
    ck_assert_int_eq(xcc_figures_stop(f), XCC_COMPLETE);
    xcc_figures_free(f);
    f = solve_pairs(130, "auto", 1); /* the twin's limit, then the zdd engine */
    ck_assert_str_eq(xcc_figure_text(f, "solutions"), TWO_130);
    ck_assert_str_eq(xcc_figure_text(f, "engine"), "zdd");
    xcc_figures_free(f);
    f = solve_pairs(130, "dlx", 1); /* DLX2's figures asked for: no way round the limit */
    ck_assert_int_eq(xcc_figures_stop(f), XCC_STOP_WIDE);
    ck_assert_str_eq(xcc_figure_text(f, "stop"), "wide");
    xcc_figures_free(f);
}
END_TEST

/* Draws past 2^128: each a solution, the same for the same seed. */
typedef struct draws {
    int n;
    char seen[4][2048];
} draws;

static int note_draw(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    draws *d = ctx;
    char *q = d->seen[d->n++];
    int items = 0;
    for (int k = 0; k < xcc_solution_size(s); k++) {
        int o = xcc_solution_option(s, k);
        items += xcc_option_size(p, o);
        q += sprintf(q, "%d,", o);
    }
    ck_assert_int_eq(items, xcc_problem_items(p)); /* each item once */
    return 0;
}

START_TEST(samples_past_2_128)
{
    char *t = pairs(130);
    xcc_problem *p;
    xcc_diag d;
    ck_assert_int_eq(xcc_problem_parse(&p, t, NULL, &d), XCC_OK);
    free(t);
    draws a = {0}, b = {0};
    xcc_settings *s;
    ck_assert_int_eq(xcc_settings_new(&s), XCC_OK);
    ck_assert_int_eq(xcc_settings_set(s, "samples", "4", &d), XCC_OK);
    ck_assert_int_eq(xcc_settings_set_int(s, "seed", 7, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, note_draw, &a, NULL, &d), XCC_OK);
    ck_assert_int_eq(xcc_solve(p, s, note_draw, &b, NULL, &d), XCC_OK);
    xcc_settings_free(s);
    ck_assert_int_eq(a.n, 4);
    for (int i = 0; i < 4; i++)
        ck_assert_str_eq(a.seen[i], b.seen[i]);
    ck_assert_str_ne(a.seen[0], a.seen[1]); /* 2^130 solutions: two draws alike would be news */
    xcc_problem_free(p);
}
END_TEST

void add_num_tests(Suite *s);

void add_num_tests(Suite *s)
{
    TCase *nu = tcase_create("numbers");
    tcase_add_test(nu, num_u128_text_and_parse);
    tcase_add_test(nu, num_big_arithmetic);
    tcase_add_test(nu, num_counts_cross_2_127);
    tcase_add_test(nu, num_memo_words_escape);
    tcase_add_test(nu, num_memo_words_two_threads);
    tcase_add_test(nu, zdd_share_two_threads);
    suite_add_tcase(s, nu);
    TCase *wi = tcase_create("figures past 2^64");
    tcase_set_timeout(wi, 60);
    tcase_add_test(wi, counters_go_past_2_64);
    tcase_add_test(wi, twin_memo_goes_past_2_64);
    tcase_add_test(wi, engines_count_past_2_64);
    tcase_add_test(wi, counts_past_2_128);
    tcase_add_test(wi, samples_past_2_128);
    suite_add_tcase(s, wi);
}
