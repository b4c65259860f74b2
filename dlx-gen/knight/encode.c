/*
 * encode.c — gen-knight's problem: knight's tours as an exact cover
 * problem (the in/out encoding), written in DLX2 format on stdout.
 *
 * Encoding. Every cell XY of an N x M board (N rows, M columns, cells
 * named by gen_cell_name) gives two primary items: oXY, "a move leaves
 * XY", and iXY, "a move enters XY". Every directed knight move from cell
 * A to cell B is one option "oA iB". An exact cover picks exactly one
 * move out of and one move into every cell, that is, a permutation of
 * the cells in which each cell goes to a knight's neighbour: a set of
 * disjoint directed cycles covering the board (a cycle cover; a move
 * there and straight back is a 2-cycle). Only the covers that are a
 * single cycle are closed tours, each undirected tour counted twice.
 *
 * --open adds a virtual vertex v (items ov, iv) joined both ways to every
 * cell: options "ov iXY" (a path starts at XY) and "oXY iv" (a path ends
 * at XY). The cycle through v is then an open path; a cover that is one
 * single cycle is a directed open tour.
 *
 * Order, chosen to match the reference files in data/reference/instances
 * so that a solver takes the same search tree on both: items o.. in
 * row-major order, then i.., then ov iv; options grouped by source cell
 * in row-major order, and from each cell the eight jumps in the order of
 * the table below; with --open, all "ov i.." then all "o.. iv".
 *
 * Nothing is stored: each line is written as it is computed, so a board
 * costs no memory; its size is estimated first, and a problem of more
 * than 1 GB needs --force.
 */
#include "knight.h"

#include <stdio.h>
#include <string.h>

/* The eight knight jumps (row step, column step), in the order the
   reference files list them: the four jumps to the right first. */
const int knight_jump[8][2] = {
    {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1},
};

/* Writes the item name PREFIX + cell (r, c). */
static void put_item(const struct board *b, char prefix, int r, int c)
{
    char cell[24];
    putchar(prefix);
    fputs(gen_cell_name(cell, r, c, b->rows, b->cols), stdout);
}

static void write_items(const struct board *b)
{
    const char prefix[2] = {'o', 'i'};
    const char *sep = "";
    for (int k = 0; k < 2; k++)
        for (int r = 0; r < b->rows; r++) {
            for (int c = 0; c < b->cols; c++) {
                fputs(sep, stdout);
                put_item(b, prefix[k], r, c);
                sep = " ";
            }
            gen_check_output(stdout, NULL);
        }
    if (b->open)
        fputs(" ov iv", stdout);
    putchar('\n');
}

static void write_moves(const struct board *b)
{
    for (int r = 0; r < b->rows; r++) {
        for (int c = 0; c < b->cols; c++)
            for (int j = 0; j < 8; j++) {
                long r2 = (long)r + knight_jump[j][0], c2 = (long)c + knight_jump[j][1];
                if (r2 < 0 || r2 >= b->rows || c2 < 0 || c2 >= b->cols)
                    continue;
                put_item(b, 'o', r, c);
                putchar(' ');
                put_item(b, 'i', (int)r2, (int)c2);
                putchar('\n');
            }
        gen_check_output(stdout, NULL);
    }
}

/* The options of the virtual vertex: every cell may start or end the path. */
static void write_virtual_moves(const struct board *b)
{
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            fputs("ov ", stdout);
            put_item(b, 'i', r, c);
            putchar('\n');
        }
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            put_item(b, 'o', r, c);
            fputs(" iv\n", stdout);
        }
}

/* The bytes of the problem, about: every name as long as the last cell's. */
static double problem_bytes(const struct board *b)
{
    char cell[24];
    double name = 1 + (double)strlen(gen_cell_name(cell, b->rows - 1, b->cols - 1, b->rows, b->cols));
    double cells = (double)b->rows * b->cols, moves = 0;
    for (int j = 0; j < 8; j++) {
        double r = b->rows - (double)(knight_jump[j][0] < 0 ? -knight_jump[j][0] : knight_jump[j][0]);
        double c = b->cols - (double)(knight_jump[j][1] < 0 ? -knight_jump[j][1] : knight_jump[j][1]);
        moves += r > 0 && c > 0 ? r * c : 0;
    }
    return 2 * cells * (name + 1) + moves * (2 * name + 2) + (b->open ? cells * 2 * (name + 4) : 0);
}

void knight_write(const struct board *b, int knuth, int force)
{
    /* The last cell has the longest name (decimal "R.C" names grow with R
       and C), so checking "o" + that cell is enough. */
    if (knuth) {
        char cell[24], name[32];
        snprintf(name, sizeof name, "o%s", gen_cell_name(cell, b->rows - 1, b->cols - 1, b->rows, b->cols));
        gen_knuth_check_name(name);
    }
    gen_check_size(problem_bytes(b), force, "the problem");
    gen_write_command(stdout);
    write_items(b);
    write_moves(b);
    if (b->open)
        write_virtual_moves(b);
    gen_close_output(stdout, NULL);
}
