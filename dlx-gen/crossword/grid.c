/*
 * grid.c — gen-crossword's grid: reading the grid file (FILE:LINE:COL
 * errors), the squares, and the slots, maximal runs of two or more open
 * squares across or down.
 */
#include "crossword.h"

#include <string.h>

#include "utf8.h"

/* Appends the row of the grid file in->text (without its line end). */
static void add_row(struct problem *p, const struct gen_input *in)
{
    size_t n = 0;
    long col = 1;   /* counted here: gen_input_col at every square took quadratic time */
    for (const char *s = in->text; *s; col++) {
        uint32_t c;
        size_t k = utf8_decode(s, &c);
        if (!k)
            gen_input_die(in, col, "invalid UTF-8");
        if (utf8_is_white(c))
            gen_input_die(in, col, "white space inside a row");
        if (utf8_is_control(c))
            gen_input_die(in, col, "control character in the grid");
        if (c == ':' || c == '|')
            gen_input_die(in, col, "'%c' cannot be a letter", (int)c);
        p->row = gen_grow(p->row, &p->row_cap, n, sizeof *p->row);
        p->row[n++] = c == '#' ? BLACK : c == '.' ? OPEN : c;
        s += k;
    }
    if (p->rows == 0) {
        if (n > 65535)
            gen_input_die(in, 65536, "a row may have at most 65535 squares");
        p->cols = (int)n;
        p->first_line = in->line;
    } else if (n != (size_t)p->cols) {
        gen_input_die(in, (long)(n < (size_t)p->cols ? n : (size_t)p->cols) + 1,
                      "the row has %zu squares, but the first row has %d", n, p->cols);
    }
    if (p->rows == 65535)
        gen_input_die(in, 1, "a grid may have at most 65535 rows");
    p->sq = gen_realloc(p->sq, (size_t)(p->rows + 1) * (size_t)p->cols, sizeof *p->sq);
    p->row_line = gen_realloc(p->row_line, (size_t)p->rows + 1, sizeof *p->row_line);
    p->row_line[p->rows] = in->line;
    if (n)
        memcpy(p->sq + (size_t)p->rows * (size_t)p->cols, p->row, n * sizeof *p->row);
    p->rows++;
}

/* Reads the grid file (see the top of this file for its syntax). */
void read_grid(struct problem *p, const char *path)
{
    static struct gen_input in;     /* static: reachable if a bad line ends the program */
    int blank_after_rows = 0;
    gen_input_open(&in, path);
    p->grid_name = in.name;
    while (gen_input_next(&in)) {
        size_t len = in.len;
        while (len && utf8_is_white((unsigned char)in.text[len - 1]))
            len--;      /* a \r, trailing blanks */
        in.text[len] = '\0';
        if (in.text[0] == '|')
            continue;
        if (!len) {
            blank_after_rows = p->rows > 0;
            continue;
        }
        if (blank_after_rows)
            gen_input_die(&in, 1, "a blank line splits the grid");
        add_row(p, &in);
    }
    gen_input_close(&in);
    if (p->rows == 0)
        gen_die_at(p->grid_name, 1, 1, "the file holds no grid");
}

uint32_t square(const struct problem *p, int r, int c)
{
    return p->sq[(size_t)r * (size_t)p->cols + (size_t)c];
}

/* Records the slots: maximal runs of two or more non-black squares. */
void find_slots(struct problem *p)
{
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    p->in_slot = gen_zalloc(cells, 1);
    p->starts_across = gen_zalloc(cells, 1);
    p->starts_down = gen_zalloc(cells, 1);
    for (int down = 0; down < 2; down++)
        for (int r = 0; r < p->rows; r++)
            for (int c = 0; c < p->cols; c++) {
                int dr = down, dc = !down, len = 0;
                /* a run starts where the square before it is off the grid or black */
                if (square(p, r, c) == BLACK
                    || (r - dr >= 0 && c - dc >= 0 && square(p, r - dr, c - dc) != BLACK))
                    continue;
                while (r + dr * len < p->rows && c + dc * len < p->cols
                       && square(p, r + dr * len, c + dc * len) != BLACK)
                    len++;
                if (len < 2)
                    continue;
                p->slot = gen_grow(p->slot, &p->slot_cap, p->nslots, sizeof *p->slot);
                p->slot[p->nslots++] = (struct slot){r, c, down, len};
                for (int k = 0; k < len; k++)
                    p->in_slot[(size_t)(r + dr * k) * (size_t)p->cols + (size_t)(c + dc * k)] = 1;
                (down ? p->starts_down : p->starts_across)[(size_t)r * (size_t)p->cols + (size_t)c] = 1;
            }
    if (!p->nslots)
        gen_die_at(p->grid_name, p->first_line, 1, "the grid has no slot of two or more "
                   "open squares");
}

void slot_name(char *buf, const struct problem *p, const struct slot *s)
{
    char cell[24];
    sprintf(buf, "%c%s", s->down ? 'd' : 'a', gen_cell_name(cell, s->r, s->c, p->rows, p->cols));
}
