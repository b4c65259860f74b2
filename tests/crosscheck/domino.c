/*
 * domino.c — the number of domino tilings of an R x C board, counted
 * independently of dlx2 (tests/e2e/wide.sh, wide.bench.sh): a transfer
 * over the board's cells, row by row, whose state is which cells of the
 * next stretch are already covered by a domino put down across the
 * profile (bit j: column j, in the next row for columns before the cell
 * at hand, in this row from it on). Exact in 128 bits, which holds every
 * board up to 16 x 16 (about 2.4e30 tilings); a count that would pass
 * 2^127 is refused.
 *
 * usage: domino ROWS COLS   (COLS at most 20)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

static void print_u128(u128 x)
{
    char d[48], *q = d + sizeof d - 1;
    *q = '\0';
    do
        *--q = (char)('0' + (int)(x % 10)), x /= 10;
    while (x);
    puts(q);
}

int main(int argc, char **argv)
{
    int R = argc == 3 ? atoi(argv[1]) : 0, C = argc == 3 ? atoi(argv[2]) : 0;
    if (R < 1 || C < 1 || C > 20) {
        fprintf(stderr, "usage: domino ROWS COLS (1 <= COLS <= 20)\n");
        return 2;
    }
    size_t n = (size_t)1 << C;
    u128 *dp = calloc(n, sizeof *dp), *next = calloc(n, sizeof *next);
    if (!dp || !next) {
        fprintf(stderr, "domino: out of memory\n");
        return 3;
    }
    dp[0] = 1;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            size_t b = (size_t)1 << j;
            memset(next, 0, n * sizeof *next);
            for (size_t mask = 0; mask < n; mask++) {
                u128 v = dp[mask];
                if (!v)
                    continue;
                if (mask & b) { /* covered from above: the next row's cell is free */
                    next[mask & ~b] += v;
                    continue;
                }
                if (i + 1 < R) /* upright: it covers the cell below */
                    next[mask | b] += v;
                if (j + 1 < C && !(mask & (b << 1))) /* flat: it covers the cell to the right */
                    next[mask | (b << 1)] += v;
            }
            for (size_t mask = 0; mask < n; mask++)
                if (next[mask] >> 126) {
                    fprintf(stderr, "domino: the count passes 2^126\n");
                    return 3;
                }
            u128 *t = dp;
            dp = next, next = t;
        }
    print_u128(dp[0]);
    free(dp), free(next);
    return 0;
}
