/*
 * symtool.c — a driver of the symmetry module (lib/sym/) for the tests
 * and for bench/symmetry: reads a problem on stdin and prints what it
 * is asked for, one "key value" line each.
 *
 *   symtool [-s SECONDS] [-g] [-k] [-u] [-c] [-b] [-l] [-e ENGINE] < problem
 *     (always)  order N, complete yes|no, generators N
 *     -g        each generator in cycle notation
 *     -k        classes N: the classes of solutions, by Burnside's lemma
 *     -u        count N: the solutions, counted with the group's help
 *     -c        count N: the solutions, by xcc_solve alone
 *     -b        brute N: every solution listed, the canonical ones counted
 *               (xcc_sym_canonical), and closure N: the same counted by
 *               closing each solution under the generators
 *     -l        the canonical solutions, as their option numbers
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xcc.h"
#include "xcc_sym.h"

typedef struct brute {
    xcc_sym *g;
    unsigned long long canonical, closure, all;
    int list;
} brute;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Whether the sorted set a (n options) is the least of its orbit, by closing under the generators. */
static int least_by_closure(const brute *B, const int *a, int n)
{
    size_t cap = 64, count = 1;
    int *orbit = malloc(cap * (size_t)(n + 1) * sizeof *orbit), *img = malloc((size_t)(n + 1) * sizeof *img);
    memcpy(orbit, a, (size_t)n * sizeof *a);
    int least = 1;
    for (size_t i = 0; i < count; i++) {
        for (int k = 0; k < xcc_sym_generators(B->g); k++) {
            for (int j = 0; j < n; j++)
                img[j] = xcc_sym_option_image(B->g, k, orbit[i * (size_t)n + (size_t)j]);
            qsort(img, (size_t)n, sizeof *img, cmp_int);
            size_t f = 0;
            for (; f < count; f++)
                if (!memcmp(orbit + f * (size_t)n, img, (size_t)n * sizeof *img))
                    break;
            if (f < count)
                continue;
            if (count == cap) {
                cap *= 2;
                orbit = realloc(orbit, cap * (size_t)(n + 1) * sizeof *orbit);
            }
            memcpy(orbit + count * (size_t)n, img, (size_t)n * sizeof *img);
            count++;
            for (int j = 0; j < n; j++)
                if (img[j] != a[j]) {
                    least &= img[j] > a[j];
                    break;
                }
        }
    }
    free(orbit);
    free(img);
    return least;
}

static int on_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p;
    brute *B = ctx;
    int *a = malloc(((size_t)s->size + 1) * sizeof *a);
    for (int k = 0; k < s->size; k++)
        a[k] = s->choices[k].option;
    qsort(a, (size_t)s->size, sizeof *a, cmp_int);
    B->all++;
    int c = xcc_sym_canonical(B->g, a, s->size);
    if (c < 0) {
        fprintf(stderr, "symtool: the group is too large to list\n");
        exit(2);
    }
    B->canonical += (unsigned)c;
    int c2 = least_by_closure(B, a, s->size);
    B->closure += (unsigned)c2;
    if (c && B->list) {
        for (int k = 0; k < s->size; k++)
            printf(k ? " %d" : "solution %d", a[k]);
        printf("\n");
    }
    free(a);
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = 0;
    int gens = 0, classes = 0, use = 0, plain = 0, brute_force = 0, list = 0, opt;
    const char *engine = NULL;
    while ((opt = getopt(argc, argv, "s:gkucble:")) != -1) {
        switch (opt) {
        case 's': seconds = atof(optarg); break;
        case 'g': gens = 1; break;
        case 'k': classes = 1; break;
        case 'u': use = 1; break;
        case 'c': plain = 1; break;
        case 'b': brute_force = 1; break;
        case 'l': brute_force = list = 1; break;
        case 'e': engine = optarg; break;
        default:
            fprintf(stderr, "usage: symtool [-s SECONDS] [-g] [-k] [-u] [-c] [-b] [-l] [-e ENGINE]\n");
            return 2;
        }
    }
    xcc_problem *p;
    xcc_diag d;
    if (xcc_problem_read(&p, stdin, NULL, &d)) {
        fprintf(stderr, "symtool: line %ld: %s\n", d.line, d.message);
        return 2;
    }
    xcc_sym *g;
    if (xcc_sym_find(p, seconds, &g, &d)) {
        fprintf(stderr, "symtool: %s\n", d.message);
        return 2;
    }
    char *order = xcc_sym_order(g);
    printf("order %s\ncomplete %s\ngenerators %d\n", order, xcc_sym_complete(g) ? "yes" : "no",
           xcc_sym_generators(g));
    fprintf(stderr, "symtool: search %.3f s\n", xcc_sym_seconds(g));
    free(order);
    if (gens)
        for (int k = 0; k < xcc_sym_generators(g); k++) {
            char *t = xcc_sym_generator_text(g, k, p);
            printf("generator %s\n", t);
            free(t);
        }
    xcc_settings s;
    xcc_settings_init(&s);
    s.engine = engine ? engine : "auto";
    xcc_stop stop;
    char *count;
    int status = 0;
    if (classes) {
        if (xcc_sym_count_classes(p, g, &s, &count, &stop, &d)) {
            printf("classes refused: %s\n", d.message);
            status = 1;
        } else {
            printf("classes %s\n", count ? count : "incomplete");
            free(count);
        }
    }
    if (use) {
        if (xcc_sym_count(p, g, &s, &count, &stop, &d)) {
            printf("count refused: %s\n", d.message);
            status = 1;
        } else {
            printf("count %s\n", count ? count : "incomplete");
            free(count);
        }
    }
    if (plain) {
        xcc_figures f;
        if (xcc_solve(p, &s, NULL, NULL, &f, &d)) {
            printf("count refused: %s\n", d.message);
            status = 1;
        } else {
            if (f.solutions_text)
                printf("count %s\n", f.solutions_text);
            else
                printf("count %llu\n", f.solutions);
            xcc_figures_free(&f);
        }
    }
    if (brute_force) {
        brute B;
        memset(&B, 0, sizeof B);
        B.g = g;
        B.list = list;
        xcc_settings_init(&s);
        if (xcc_solve(p, &s, on_solution, &B, NULL, &d)) {
            printf("brute refused: %s\n", d.message);
            status = 1;
        } else {
            printf("solutions %llu\nbrute %llu\nclosure %llu\n", B.all, B.canonical, B.closure);
        }
    }
    xcc_sym_free(g);
    xcc_problem_free(p);
    if (fflush(stdout) || ferror(stdout))
        return 2;
    return status;
}
