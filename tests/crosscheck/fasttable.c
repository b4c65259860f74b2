/*
 * fasttable.c — the fast engine (lib/fast/) with its table of compatible
 * options made whole or factored as asked, whatever its size says
 * (bits/bits.h; the knob xcc_dlx2.fast_table), for tests/e2e/fast-table.sh.
 *
 *   fasttable whole|factored [list] < problem
 *
 * Counts the solutions and writes "count N"; with list, lists them
 * instead, one line per solution (its number, then each choice as
 * "option:entry:k/d"), then "count N nodes X updates Y". The two tables
 * must give the same tree: the same lines byte for byte. (Counting, a
 * problem of at most 512 options goes to the kernels of fast/kernel.c
 * with the whole table and to the engine's own search with the factored
 * one, so only the count is written.)
 */
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "problem/problem.h"
#include "knobs.h"

static int print_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p, (void)ctx;
    printf("%llu:", s->number);
    for (int k = 0; k < s->size; k++) {
        const xcc_choice *c = &s->choices[k];
        printf(" %d:%d:%d/%d", c->option, c->entry, c->k, c->d);
    }
    return putchar('\n') == EOF;
}

int main(int argc, char **argv)
{
    int list = argc == 3 && !strcmp(argv[2], "list");
    if ((argc != 2 && !list) || (strcmp(argv[1], "whole") && strcmp(argv[1], "factored"))) {
        fprintf(stderr, "usage: fasttable whole|factored [list] < problem\n");
        return 2;
    }
    xcc_problem p;
    xcc_diag d;
    if (xcc_read(&p, stdin, NULL, &d)) {
        fprintf(stderr, "fasttable: <stdin>:%ld: %s\n", d.line, d.message);
        return 2;
    }
    xcc_settings st;
    xcc_settings_init(&st);
    st.own.fast_table = strcmp(argv[1], "whole") ? -1 : 1;
    st.dlx2 = &st.own;
    xcc_sink sink;
    memset(&sink, 0, sizeof sink);
    if (list)
        sink.solution = print_solution;
    xcc_figs fig;
    memset(&fig, 0, sizeof fig);
    xcc_status s = xcc_fast_engine.solve(&p, &st, &sink, &fig, &d);
    if (s != XCC_OK || fig.stop != XCC_COMPLETE) {
        fprintf(stderr, "fasttable: the search failed (status %d, stop %d)\n", (int)s,
                (int)fig.stop);
        return 3;
    }
    if (list)
        printf("count %llu nodes %llu updates %llu\n", (ullng)fig.solutions, (ullng)fig.nodes,
               (ullng)fig.updates);
    else
        printf("count %llu\n", (ullng)fig.solutions);
    xcc_figs_free(&fig);
    xcc_release(&p);
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
