/*
 * encode.c — gen-pentomino's problem: tiling a box with a set of
 * polyominoes, as an exact cover problem in DLX2 format on stdout.
 *
 * Encoding. The box is ROWS x COLS cells, less any --hole cells; every
 * remaining cell is a primary item named by gen_cell_name (two
 * extended-hex digits, row then column). Every piece is a primary item
 * named by its letter (pentominoes F I L N P T U V W X Y Z). For each
 * piece, each of its distinct orientations (rotations and reflections)
 * and each position where that orientation lies wholly inside the box,
 * there is one option: the piece name, then its cells in row-major
 * order. An exact cover uses every piece once and covers every cell
 * once: a tiling. With --copies N (or A:B) the piece items carry the
 * bounds N| (or A:B|) of xcc(5), and a solution uses each piece N times
 * (between A and B times).
 *
 * Order, chosen to match Knuth's POLYOMINO-DLX so that a solver takes the
 * same search tree: cells in row-major order, then pieces in the order of
 * the set; options piece by piece, orientation by orientation, and each
 * orientation slid over the box row by row (shape_orientations gives the
 * orientations in his order).
 *
 * Before anything is computed, the size of the output is estimated: more
 * than 1 GB needs --force. When the pieces do not cover as many cells as
 * the box has, a warning says that there is no tiling, and the problem
 * is written all the same.
 */
#include "pentomino.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void placements_push(struct placements *ps, int piece, int *cells)
{
    ps->pl = gen_grow(ps->pl, &ps->cap, (size_t)ps->n, sizeof *ps->pl);
    struct placement *p = &ps->pl[ps->n++];
    p->piece = piece;
    p->cell = cells;
    p->extra = 0;
    p->dropped = 0;
}

static void free_placements(struct placements *ps)
{
    for (int i = 0; i < ps->n; i++)
        free(ps->pl[i].cell);
    free(ps->pl);
    free(ps->first);
}

/* Every placement of every piece, in output order. */
static struct placements all_placements(const struct pieceset *set, const struct box *b)
{
    struct placements ps = {0, 0, NULL, gen_realloc(NULL, (size_t)set->n + 1, sizeof(int))};
    for (int k = 0; k < set->n; k++) {
        ps.first[k] = ps.n;
        const struct shapes *o = &set->p[k].orient;
        for (int j = 0; j < o->n; j++) {
            const struct shape *s = &o->s[j];
            for (int dr = 0; dr + s->h <= b->rows; dr++)
                for (int dc = 0; dc + s->w <= b->cols; dc++) {
                    int i, *cells = gen_realloc(NULL, (size_t)s->n, sizeof *cells);
                    for (i = 0; i < s->n; i++) {
                        cells[i] = (s->cell[i].r + dr) * b->cols + s->cell[i].c + dc;
                        if (b->hole[cells[i]])
                            break;
                    }
                    if (i < s->n)
                        free(cells);
                    else
                        placements_push(&ps, k, cells);
                }
        }
    }
    ps.first[set->n] = ps.n;
    return ps;
}

/* The bytes of the problem, about, holes ignored: what --force is about. */
static double problem_bytes(const struct pieceset *set, const struct box *b)
{
    char buf[24];
    double name = (double)strlen(box_cell_name(b, b->rows * b->cols - 1, buf)) + 1;
    double bytes = (double)b->rows * b->cols * name;
    for (int k = 0; k < set->n; k++) {
        const struct shapes *o = &set->p[k].orient;
        for (int j = 0; j < o->n; j++) {
            double r = b->rows - o->s[j].h + 1, c = b->cols - o->s[j].w + 1;
            if (r > 0 && c > 0)
                bytes += r * c * ((double)strlen(set->p[k].label) + o->s[j].n * name + 1);
        }
    }
    return bytes;
}

/* A piece may not share its name with a cell; under --knuth the names
   of the cells must fit DLX2. */
static void check_names(const struct pieceset *set, const struct box *b, int knuth)
{
    char buf[24];
    for (int k = 0; k < set->n; k++)
        if (box_cell_index(b, set->p[k].name) >= 0 && set->file)
            gen_die_at(set->file, set->p[k].line, set->p[k].col,
                       "piece name '%s' is also the name of a cell of the %d x %d box",
                       set->p[k].name, b->rows, b->cols);
        else if (box_cell_index(b, set->p[k].name) >= 0) /* no built-in set does this */
            gen_die("piece name '%s' is also the name of a cell of the %d x %d box",
                    set->p[k].name, b->rows, b->cols);
    if (knuth)
        gen_knuth_check_name(box_cell_name(b, b->rows * b->cols - 1, buf));
}

static void write_header(FILE *out, const struct pieceset *set, const struct box *b, int unique,
                         const struct unique_report *u, struct copies c)
{
    fprintf(out, "| a %d x %d box with %ld cells; %d pieces (%s) of %ld cells\n",
           b->rows, b->cols, b->ncells, set->n, set->what, pieceset_area(set));
    if (c.lo == c.hi && c.hi != 1)
        fprintf(out, "| each piece used %d times\n", c.hi);
    else if (c.lo != c.hi)
        fprintf(out, "| each piece used %d to %d times\n", c.lo, c.hi);
    for (int k = 0; k < set->n; k++)
        if (set->p[k].label != set->p[k].name)
            fprintf(out, "| %s is piece %s\n", set->p[k].label, set->p[k].name);
    if (!unique)
        return;
    if (u->p < 0) {
        fprintf(out, "| --unique: the box has no symmetry, so nothing to restrict\n");
        return;
    }
    fprintf(out, "| --unique: %s keeps %d placements, one per class under the box's symmetries\n",
           set->p[u->p].label, u->nkept);
    for (int k = 0; k < u->nsub; k++)
        fprintf(out, "| --unique: #s%d: where %s is itself symmetric, %s breaks the tie\n",
               k + 1, set->p[u->p].label, set->p[u->q[k]].label);
}

static void write_items(FILE *out, const struct pieceset *set, const struct box *b, int nsub,
                        struct copies c)
{
    char buf[24];
    const char *sep = "";
    for (int i = 0; i < b->rows * b->cols; i++)
        if (!b->hole[i]) {
            fprintf(out, "%s%s", sep, box_cell_name(b, i, buf));
            sep = " ";
        }
    for (int k = 0; k < set->n; k++) {
        if (c.lo != c.hi)
            fprintf(out, "%s%d:%d|%s", sep, c.lo, c.hi, set->p[k].label);
        else if (c.hi != 1)
            fprintf(out, "%s%d|%s", sep, c.hi, set->p[k].label);
        else
            fprintf(out, "%s%s", sep, set->p[k].label);
        sep = " ";
    }
    if (nsub > 0) {
        fprintf(out, " |");
        for (int k = 0; k < nsub; k++)
            fprintf(out, " #s%d", k + 1);
    }
    putc('\n', out);
}

static void write_options(FILE *out, const struct pieceset *set, const struct box *b,
                          const struct placements *ps)
{
    char buf[24];
    for (int i = 0; i < ps->n; i++) {
        const struct placement *p = &ps->pl[i];
        if (p->dropped)
            continue;
        fputs(set->p[p->piece].label, out);
        int size = set->p[p->piece].orient.s[0].n;
        for (int k = 0; k < size; k++)
            fprintf(out, " %s", box_cell_name(b, p->cell[k], buf));
        for (int k = 0; k < MAX_SUBGROUPS; k++)
            if (p->extra >> k & 1)
                fprintf(out, " #s%d", k + 1);
        putc('\n', out);
        if (i % 4096 == 0)
            gen_check_output(out, NULL);
    }
}

void pentomino_write(FILE *out, struct pieceset *set, const struct box *b,
                     const struct request *rq)
{
    check_names(set, b, rq->knuth);
    if (rq->knuth)
        pieceset_knuth_labels(set);
    long area = pieceset_area(set);
    struct copies c = rq->copies;
    if (c.lo == c.hi && area * c.hi != b->ncells)
        gen_warn("the pieces cover %ld cells but the box has %ld, so there is no tiling",
                 area * c.hi, b->ncells);
    else if (c.lo != c.hi && (area * c.lo > b->ncells || area * c.hi < b->ncells))
        gen_warn("the pieces cover %ld to %ld cells but the box has %ld, so there is no tiling",
                 area * c.lo, area * c.hi, b->ncells);
    gen_check_size(problem_bytes(set, b), rq->force, "the problem");

    struct placements ps = all_placements(set, b);
    struct unique_report u;
    memset(&u, 0, sizeof u);
    u.p = -1;
    if (rq->unique)
        unique_restrict(set, b, &ps, &u);
    gen_write_command(out);
    write_header(out, set, b, rq->unique, &u, c);
    write_items(out, set, b, u.nsub, c);
    write_options(out, set, b, &ps);
    free_placements(&ps);
    gen_close_output(stdout, NULL);
}
