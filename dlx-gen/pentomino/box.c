/*
 * box.c — the box to tile: its cells and their names, its holes, and the
 * rotations and reflections that map it onto itself.
 */
#include "pentomino.h"

#include <stdlib.h>
#include <string.h>

void box_init(struct box *b, int rows, int cols)
{
    b->rows = rows;
    b->cols = cols;
    b->ncells = (long)rows * cols;
    b->hole = gen_zalloc((size_t)b->ncells, 1);
}

const char *box_cell_name(const struct box *b, int idx, char buf[24])
{
    return gen_cell_name(buf, idx / b->cols, idx % b->cols, b->rows, b->cols);
}

int box_cell_index(const struct box *b, const char *name)
{
    int r, c;
    return gen_parse_cell(name, b->rows, b->cols, &r, &c) ? r * b->cols + c : -1;
}

void box_punch(struct box *b, const char *list)
{
    char *copy = gen_strdup(list), *p = copy;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p)
            gen_die("--hole: empty cell name in '%s'", list);
        int idx = box_cell_index(b, p);
        if (idx < 0)
            gen_die("--hole: '%s' is not a cell of the %d x %d box", p, b->rows, b->cols);
        if (b->hole[idx])
            gen_die("--hole: cell %s is given twice", p);
        b->hole[idx] = 1;
        b->ncells--;
        if (!comma)
            break;
        p = comma + 1;
    }
    free(copy);
}

int box_transform(const struct box *b, int g, int idx)
{
    int r = idx / b->cols, c = idx % b->cols;
    if (g & 4) {
        int t = r;
        r = c;
        c = t;
    }
    if (g & 1)
        r = b->rows - 1 - r;
    if (g & 2)
        c = b->cols - 1 - c;
    return r * b->cols + c;
}

unsigned box_symmetries(const struct box *b)
{
    unsigned group = 0;
    int ng = b->rows == b->cols ? 8 : 4;
    long n = (long)b->rows * b->cols;
    for (int g = 0; g < ng; g++) {
        int ok = 1;
        for (long i = 0; i < n && ok; i++)
            if (b->hole[i] != b->hole[box_transform(b, g, (int)i)])
                ok = 0;
        if (ok)
            group |= 1u << g;
    }
    return group;
}
