/*
 * generate.c — gen-zebra --generate, making a puzzle: a random
 * assignment of values to houses; every clue that is true of it, except
 * those naming a question value (so that the puzzle can still ask where
 * the zebra is); then, in random order, each clue is dropped if the
 * others still leave exactly one solution. The clues that remain are
 * each needed: a clue kept was needed when more clues were present, and
 * dropping clues only adds solutions.
 *
 * The uniqueness checks solve the encoding with value items (encode.c)
 * through libxcc's public calls (include/xcc.h).
 *
 * Data layout: at[c*H+h] is the value (index) of category c in house h,
 * home[c*H+i] the house of value i of category c; cand[0..ncand-1] the
 * true clues in random order, keep[k] whether cand[k] is still in. The
 * loop keeps the invariant "the kept clues have exactly one solution",
 * which is then the assignment, as it satisfies every clue.
 */
#include "zebra.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcc.h"
/* the SGB generator the engine draws s<n> from, for this puzzle's own choices */
#include "../../lib/base/gbrand.h"

struct maker {
    const struct puzzle *pz;
    xcc_gb_rng rng;
    int *at, *home;
    struct clue *cand;
    int ncand;
    size_t cap;
    char *keep;
    const struct clue **list; /* the kept clues, handed to the writer */
    struct buf text;          /* the problem text of the last check */
    long solves;              /* uniqueness checks made */
};

static void random_assignment(struct maker *m)
{
    const struct puzzle *pz = m->pz;
    int n = pz->houses;
    for (int c = 0; c < pz->ncat; c++) {
        int *at = m->at + c * n;
        for (int h = 0; h < n; h++)
            at[h] = h;
        for (int h = n - 1; h > 0; h--) { /* Fisher and Yates */
            int j = (int)xcc_gb_rng_unif(&m->rng, h + 1), t = at[h];
            at[h] = at[j];
            at[j] = t;
        }
        for (int h = 0; h < n; h++)
            m->home[c * n + at[h]] = h;
    }
}

/* The clue in the clue language ("England same red"), for comments. */
static char *clue_text(const struct puzzle *pz, const struct clue *c)
{
    struct buf t = {NULL, 0, 0};
    switch (c->kind) {
    case SAME: bprintf(&t, "%s same %s", value_name(pz, c->a), value_name(pz, c->b)); break;
    case NEXT_TO: bprintf(&t, "%s next-to %s", value_name(pz, c->a), value_name(pz, c->b)); break;
    case LEFT_OF: bprintf(&t, "%s left-of %s", value_name(pz, c->a), value_name(pz, c->b)); break;
    case IN_HOUSE: bprintf(&t, "%s in %d", value_name(pz, c->a), c->house + 1); break;
    case EXISTS: bprintf(&t, "exists %s", value_name(pz, c->a)); break;
    }
    return t.s;
}

static void add_candidate(struct maker *m, enum clue_kind kind, struct value_ref a,
                          struct value_ref b, int house)
{
    const struct puzzle *pz = m->pz;
    if (pz->question[flat(pz, a)] || (kind != IN_HOUSE && pz->question[flat(pz, b)]))
        return;
    m->cand = gen_grow(m->cand, &m->cap, (size_t)m->ncand, sizeof *m->cand);
    struct clue *c = &m->cand[m->ncand++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->a = a;
    c->b = b;
    c->house = house;
    c->text = clue_text(pz, c);
}

/* Every clue true of the assignment: each value in its house, each pair
   in one house, each pair in neighbouring houses (left-of and next-to). */
static void list_true_clues(struct maker *m)
{
    const struct puzzle *pz = m->pz;
    int n = pz->houses;
    struct value_ref none = {0, 0};
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < n; i++)
            add_candidate(m, IN_HOUSE, (struct value_ref){c, i}, none, m->home[c * n + i]);
    for (int h = 0; h < n; h++)
        for (int c = 0; c < pz->ncat; c++)
            for (int d = c + 1; d < pz->ncat; d++)
                add_candidate(m, SAME, (struct value_ref){c, m->at[c * n + h]},
                              (struct value_ref){d, m->at[d * n + h]}, 0);
    for (int h = 0; h + 1 < n; h++)
        for (int c = 0; c < pz->ncat; c++)
            for (int d = 0; d < pz->ncat; d++) {
                struct value_ref a = {c, m->at[c * n + h]}, b = {d, m->at[d * n + h + 1]};
                add_candidate(m, LEFT_OF, a, b, 0);
                if (xcc_gb_rng_unif(&m->rng, 2)) /* either order says the same */
                    add_candidate(m, NEXT_TO, a, b, 0);
                else
                    add_candidate(m, NEXT_TO, b, a, 0);
            }
    for (int k = m->ncand - 1; k > 0; k--) {
        int j = (int)xcc_gb_rng_unif(&m->rng, k + 1);
        struct clue t = m->cand[k];
        m->cand[k] = m->cand[j];
        m->cand[j] = t;
    }
}

/* The kept clues, in order, into m->list; returns how many. */
static int kept_clues(struct maker *m)
{
    int n = 0;
    for (int k = 0; k < m->ncand; k++)
        if (m->keep[k])
            m->list[n++] = &m->cand[k];
    return n;
}

/* Solutions of the kept clues, counting up to 2: the engine solves the
   encoding with value items, read from memory. */
static unsigned long long count_solutions(struct maker *m)
{
    m->text.n = 0;
    write_value_problem(&m->text, m->pz, m->list, kept_clues(m));
    xcc_problem *p;
    xcc_diag d;
    xcc_status status = xcc_problem_parse(&p, m->text.s, NULL, &d);
    if (status == XCC_NO_MEMORY)
        gen_out_of_memory();
    if (status)
        gen_die("internal error: the engine rejects the puzzle: %ld:%ld: %s", d.line, d.col,
                d.message);
    xcc_settings *s;
    xcc_figures *fig;
    unsigned long long solutions;
    if (xcc_settings_new(&s) || xcc_figures_new(&fig))
        gen_out_of_memory();
    xcc_settings_set(s, "engine", "links", NULL);
    xcc_settings_set_int(s, "max-solutions", 2, NULL);
    if (xcc_solve(p, s, NULL, NULL, fig, NULL) != XCC_OK)
        gen_out_of_memory();
    xcc_figure(fig, "solutions", &solutions);
    xcc_figures_free(fig);
    xcc_settings_free(s);
    xcc_problem_free(p);
    m->solves++;
    return solutions;
}

static void set_keep(struct maker *m, int from, int to, char keep)
{
    memset(m->keep + from, keep, (size_t)(to - from));
}

/*
 * Drops, in order, every clue whose absence still leaves one solution.
 * Trying a block of the next clues at once gives the same result with
 * fewer checks: if the clues without the whole block have one solution,
 * so has every set between (more clues, no more solutions, and the
 * assignment is always one), so each would have been dropped in turn. A
 * block that fails is halved; a single clue that fails is kept. Blocks
 * grow while they succeed, as most clues go at first.
 */
static void drop_clues(struct maker *m)
{
    set_keep(m, 0, m->ncand, 1);
    if (count_solutions(m) != 1)
        gen_die("--generate: even all %d true clues leave more than one solution "
                "(do two questions share a category?)", m->ncand);
    int k = 0, block = 1;
    while (k < m->ncand) {
        int end = k + block < m->ncand ? k + block : m->ncand;
        set_keep(m, k, end, 0);
        if (count_solutions(m) == 1) {
            k = end;
            block *= 2;
        } else {
            set_keep(m, k, end, 1);
            if (block == 1)
                k++; /* needed */
            else
                block /= 2;
        }
    }
}

/* The puzzle for people: categories, numbered clues, questions. */
static void print_puzzle(struct maker *m, long seed)
{
    const struct puzzle *pz = m->pz;
    int n = kept_clues(m), width = snprintf(NULL, 0, "%d", n);
    struct buf t = {NULL, 0, 0};
    printf("A zebra puzzle (seed %ld): %d houses in a row, numbered 1 to %d from the left.\n"
           "Each house has one value of each category, and no two houses share one:\n",
           seed, pz->houses, pz->houses);
    for (int c = 0; c < pz->ncat; c++) {
        printf("  %s:", pz->cat[c].tag);
        for (int i = 0; i < pz->houses; i++)
            printf(" %s", pz->cat[c].value[i]);
        putchar('\n');
    }
    printf("Clues:\n");
    for (int k = 0; k < n; k++) {
        int capital = clue_sentence(&t, pz, m->list[k]);
        printf("%*d. ", width + 1, k + 1);
        say_line(stdout, &t, capital);
    }
    print_questions(stdout, pz);
    free(t.s);
}

/* The answer: the table of houses, then the questions answered, as
   --show draws the solution. */
static void print_answer(struct maker *m, FILE *f)
{
    print_table(f, m->pz, m->at, "answer");
    print_answers(f, m->pz, m->at);
}

/* -o FILE: the encoding with value items, and the puzzle in comments, in
   the clue language (so "sed -n 's/^|   //p'" gives a file for -f). */
static void write_puzzle_file(struct maker *m, FILE *f, const char *file)
{
    const struct puzzle *pz = m->pz;
    int n = kept_clues(m);
    gen_write_command(f);
    fprintf(f, "| %d houses, %d categories, %d clues, in the encoding with value items:\n"
               "| #k clue k; V a value, placed once; slot TAGh holds the value in house h,\n"
               "| @V the house of V (houses counted from 0 here, from 1 in the clues)\n"
               "| The puzzle in the clue language:\n", pz->houses, pz->ncat, n);
    for (int c = 0; c < pz->ncat; c++) {
        fprintf(f, "|   %s:", pz->cat[c].tag);
        for (int i = 0; i < pz->houses; i++)
            fprintf(f, " %s", pz->cat[c].value[i]);
        fputc('\n', f);
    }
    for (int k = 0; k < n; k++)
        fprintf(f, "|   %s  # clue #%d\n", m->list[k]->text, k + 1);
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++)
            if (pz->question[c * pz->houses + i])
                fprintf(f, "|   exists %s  # a question\n", pz->cat[c].value[i]);
    m->text.n = 0;
    write_value_problem(&m->text, pz, m->list, n);
    buf_flush(&m->text, f);
    gen_close_output(f, strcmp(file, "-") ? file : NULL);
}

void zebra_generate(const struct puzzle *pz, long seed, const char *out, const char *answer)
{
    struct maker m;
    size_t nv = (size_t)pz->ncat * (size_t)pz->houses;
    /* the files before the work: opening them may fail */
    FILE *f = out ? gen_create(out) : NULL;
    FILE *af = answer ? gen_create(answer) : NULL;
    memset(&m, 0, sizeof m);
    m.pz = pz;
    check_value_items(pz);
    xcc_gb_rng_init(&m.rng, seed);
    m.at = gen_realloc(NULL, nv, sizeof *m.at);
    m.home = gen_realloc(NULL, nv, sizeof *m.home);
    random_assignment(&m);
    list_true_clues(&m);
    m.keep = gen_realloc(NULL, (size_t)m.ncand, 1);
    m.list = gen_realloc(NULL, (size_t)m.ncand, sizeof *m.list);
    drop_clues(&m);
    print_puzzle(&m, seed);
    if (af == stdout) {
        putchar('\n');
        print_answer(&m, stdout);
    }
    gen_close_output(stdout, NULL);
    if (af && af != stdout) {
        print_answer(&m, af);
        gen_close_output(af, answer);
    }
    if (f)
        write_puzzle_file(&m, f, out);
    for (int k = 0; k < m.ncand; k++)
        free(m.cand[k].text);
    free(m.cand);
    free(m.keep);
    free(m.list);
    free(m.at);
    free(m.home);
    free(m.text.s);
}

