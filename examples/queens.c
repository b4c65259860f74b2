/*
 * queens.c — the n queens problem through libxcc: one queen in every row
 * and column (primary items), at most one on every diagonal (secondary
 * items). Prints the first solution and the number of them.
 *
 *     cc queens.c $(pkg-config --cflags --libs xcc) -o queens && ./queens 8
 */
#include <stdio.h>
#include <stdlib.h>
#include <xcc.h>

static int n;
static int board[32]; /* the first solution: board[row] = column */

static int first(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p, (void)ctx;
    for (int k = 0; s->number == 1 && k < s->size; k++)
        board[s->choices[k].option / n] = s->choices[k].option % n;
    return 0;
}

int main(int argc, char **argv)
{
    n = argc > 1 ? atoi(argv[1]) : 8;
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
    xcc_figures f;
    xcc_diag d;
    if (xcc_solve(p, NULL, first, NULL, &f, &d))
        return fprintf(stderr, "queens: %s\n", d.message), 3;
    for (int i = 0; f.solutions && i < n; i++)
        for (int j = 0; j < n; j++)
            printf("%s%s", j == board[i] ? "Q" : ".", j < n - 1 ? " " : "\n");
    printf("%llu solution%s\n", f.solutions, f.solutions == 1 ? "" : "s");
    xcc_problem_free(p);
    return 0;
}
