/*
 * queens.c — the n queens problem through libxcc: one queen in every row
 * and column (primary items), at most one on every diagonal (secondary
 * items). Prints the first solution, pulled from a cursor, and the number
 * of them, counted by xcc_solve.
 *
 *     cc queens.c $(pkg-config --cflags --libs xcc) -o queens && ./queens 8
 */
#include <stdio.h>
#include <stdlib.h>
#include <xcc.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8, board[32]; /* board[row] = column */
    if (n < 1 || n > 32)
        return fprintf(stderr, "queens: N must lie between 1 and 32\n"), 2;
    xcc_problem *p;
    char text[64];
    if (xcc_problem_new(&p))
        return 3;
    for (int secondary = 0; secondary <= 1; secondary++)
        for (int k = 0; k < (secondary ? 2 * n - 1 : n); k++)
            for (const char *kind = secondary ? "ab" : "rc"; *kind; kind++) {
                snprintf(text, sizeof text, "%c%d", *kind, k);
                xcc_problem_add_item(p, text, secondary, NULL);
            }
    for (int i = 0; i < n; i++) /* option i * n + j: a queen at row i, column j */
        for (int j = 0; j < n; j++) {
            snprintf(text, sizeof text, "r%d c%d a%d b%d", i, j, i + j, i - j + n - 1);
            xcc_problem_add_option(p, text, NULL);
        }
    xcc_cursor *c;
    xcc_figures *f;
    xcc_diag d;
    unsigned long long count;
    if (xcc_cursor_start(&c, p, NULL, 0, &d) || xcc_figures_new(&f))
        return fprintf(stderr, "queens: %s\n", d.message), 3;
    if (xcc_cursor_next(c, &d) == XCC_OK) { /* the first solution, at once */
        const xcc_solution *s = xcc_cursor_solution(c);
        for (int k = 0; k < xcc_solution_size(s); k++)
            board[xcc_solution_option(s, k) / n] = xcc_solution_option(s, k) % n;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                printf("%s%s", j == board[i] ? "Q" : ".", j < n - 1 ? " " : "\n");
    }
    xcc_cursor_free(c); /* the problem is free for another search */
    if (xcc_solve(p, NULL, NULL, NULL, f, &d))
        return fprintf(stderr, "queens: %s\n", d.message), 3;
    xcc_figure(f, "solutions", &count);
    printf("%llu solution%s\n", count, count == 1 ? "" : "s");
    xcc_figures_free(f);
    xcc_problem_free(p);
    return 0;
}
