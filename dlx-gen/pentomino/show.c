/*
 * show.c — gen-pentomino --show and --svg: reading a solver's listing of
 * a tiling problem back (formats/pentomino.md).
 *
 * The input is a listing as listing.h reads it. In every option exactly
 * one item is the piece; the others are cells, except the --unique items
 * "#sK", which are skipped. An item is the piece if it names (or, under
 * --knuth, labels) a piece of the set; otherwise a cell if it reads as
 * one (of the box ROWS x COLS when given, else in either naming scheme);
 * otherwise a piece the set does not know. The box is ROWS x COLS when
 * given, else the least box from 00 that holds every cell named (so holes
 * along the bottom or right side need ROWS COLS to be drawn).
 *
 * Data layout: the solution being read is a list of tiles (a tile per
 * option: its piece) and a list of entries (row, column, tile, line), one
 * per covered cell; a tile's piece indexes the registry of piece names,
 * which starts with the set in its order and grows with unknown pieces as
 * they are met, so a piece keeps its color (and its place in the legend)
 * from one picture to the next. A complete solution becomes a grid
 * owner[r*cols+c] holding a tile index, or -1 for a hole or an unused
 * cell; the copies of a piece laid more than once are numbered in the
 * order the grid meets them, and the grid is drawn (draw.c).
 */
#include "show.h"

#include <stdlib.h>
#include <string.h>

/* Largest grid drawn; a listing naming cell 29999.29999 is not a picture. */
#define DRAW_CELLS_MAX (1L << 24)

static void registry_add(struct registry *reg, const char *name, const char *label)
{
    size_t cap = reg->cap;  /* the three arrays grow alike */
    reg->name = gen_grow(reg->name, &cap, (size_t)reg->n, sizeof *reg->name);
    cap = reg->cap;
    reg->label = gen_grow(reg->label, &cap, (size_t)reg->n, sizeof *reg->label);
    cap = reg->cap;
    reg->times = gen_grow(reg->times, &cap, (size_t)reg->n, sizeof *reg->times);
    reg->used_in = gen_grow(reg->used_in, &reg->cap, (size_t)reg->n, sizeof *reg->used_in);
    reg->name[reg->n] = gen_escape(name);
    reg->label[reg->n] = gen_strdup(label);
    reg->used_in[reg->n] = 0;
    reg->n++;
}

static int registry_find(const struct registry *reg, const char *word)
{
    for (int k = 0; k < reg->n; k++)
        if (!strcmp(reg->label[k], word) || !strcmp(reg->name[k], word))
            return k;
    return -1;
}

static void registry_free(struct registry *reg)
{
    for (int k = 0; k < reg->n; k++) {
        free(reg->name[k]);
        free(reg->label[k]);
    }
    free(reg->name);
    free(reg->label);
    free(reg->used_in);
    free(reg->times);
}

/* Reads w as a cell name: of the given box, or else of either scheme. */
static int read_cell(const struct viewer *v, const char *w, int *r, int *c)
{
    if (!v->given)
        return gen_parse_cell(w, 0, 0, r, c);
    return gen_parse_cell(w, v->given->rows, v->given->cols, r, c);
}

/* A second piece in an option: most likely a cell beyond the given box. */
static void two_pieces(const struct viewer *v, long line, const char *first, const char *second)
    GEN_NORETURN;
static void two_pieces(const struct viewer *v, long line, const char *first, const char *second)
{
    int r, c;
    const char *odd = gen_parse_cell(first, 0, 0, &r, &c) ? first : second;
    if (v->given && gen_parse_cell(odd, 0, 0, &r, &c))
        listing_die(v->ls, line, "'%s' is no cell of the %d x %d box", odd,
                    v->given->rows, v->given->cols);
    listing_die(v->ls, line, "two pieces in one option: '%s' and '%s'", first, second);
}

static void add_entry(struct viewer *v, int r, int c, long line, const char *name)
{
    v->e = gen_grow(v->e, &v->cap, (size_t)v->n, sizeof *v->e);
    struct entry *e = &v->e[v->n++];
    e->r = r;
    e->c = c;
    e->tile = -1;
    e->line = line;
    snprintf(e->cell, sizeof e->cell, "%s", name);
}

/* Is the item one of the secondary items "#sK" that --unique adds? */
static int is_symmetry_item(const char *w)
{
    return w[0] == '#' && w[1] == 's' && w[2] && strspn(w + 2, "0123456789") == strlen(w + 2);
}

/* One option of the current solution: its piece and its cells. */
static void read_option(struct viewer *v, const struct lst_option *o)
{
    int piece = -1, first_cell = v->n;
    for (size_t i = 0; i < o->nitems; i++) {
        const struct lst_item *it = &o->item[i];
        int r, c, k;
        if (it->color)
            listing_die(v->ls, o->line, "'%s:%s' has a color, so this is no listing of a tiling",
                        it->name, it->color);
        if (is_symmetry_item(it->name))
            continue;
        k = registry_find(&v->reg, it->name);
        if (k < 0 && read_cell(v, it->name, &r, &c)) {
            add_entry(v, r, c, o->line, it->name);
            continue;
        }
        if (k < 0) {
            registry_add(&v->reg, it->name, it->name);
            k = v->reg.n - 1;
        }
        if (piece >= 0)
            two_pieces(v, o->line, v->reg.label[piece], it->name);
        piece = k;
    }
    if (piece < 0)
        listing_die(v->ls, o->line, "no piece in this option (if a piece is named like a "
                    "cell, give ROWS COLS)");
    if (first_cell == v->n)
        listing_die(v->ls, o->line, "piece '%s' covers no cell", v->reg.label[piece]);
    if (v->reg.used_in[piece] != v->serial)
        v->reg.times[piece] = 0;
    if (++v->reg.times[piece] > v->copies) {
        if (v->copies == 1)
            listing_die(v->ls, o->line, "piece '%s' appears twice in solution %s (a listing of a "
                        "problem with --copies N is drawn with --show --copies N)",
                        v->reg.label[piece], v->ls->label);
        listing_die(v->ls, o->line, "piece '%s' appears more than %d times in solution %s "
                    "(--copies)", v->reg.label[piece], v->copies, v->ls->label);
    }
    v->reg.used_in[piece] = v->serial;
    v->tile = gen_grow(v->tile, &v->tile_cap, (size_t)v->ntiles, sizeof *v->tile);
    v->tile[v->ntiles] = (struct tile){piece, 0, 0, NULL};
    for (int i = first_cell; i < v->n; i++)
        v->e[i].tile = v->ntiles;
    v->ntiles++;
}

/* The label of a tile's piece, for messages. */
static const char *entry_label(const struct viewer *v, int tile)
{
    return v->reg.label[v->tile[tile].piece];
}

/* Fills v->grid from the entries of the solution just read. */
static void make_grid(struct viewer *v)
{
    const struct listing *ls = v->ls;
    struct grid g = {0, 0, v->grid.owner};
    if (v->given) {
        g.rows = v->given->rows;
        g.cols = v->given->cols;
    } else {
        for (int i = 0; i < v->n; i++) {
            if (v->e[i].r >= g.rows) g.rows = v->e[i].r + 1;
            if (v->e[i].c >= g.cols) g.cols = v->e[i].c + 1;
        }
    }
    if ((long)g.rows * g.cols > DRAW_CELLS_MAX)
        listing_die(ls, ls->label_line, "solution %s would need a %d x %d box, too big to draw",
                    ls->label, g.rows, g.cols);
    size_t ncells = (size_t)g.rows * (size_t)g.cols;
    g.owner = gen_grow(g.owner, &v->grid_cap, ncells, sizeof *g.owner);
    v->grid = g; /* so that the memory stays reachable if we die below */
    for (size_t i = 0; i < ncells; i++)
        g.owner[i] = -1;
    for (int i = 0; i < v->n; i++) {
        const struct entry *e = &v->e[i];
        int idx = e->r * g.cols + e->c;
        if (v->given && v->given->hole[idx])
            listing_die(ls, e->line, "cell %s is a hole (--hole), yet piece '%s' covers it",
                        e->cell, entry_label(v, e->tile));
        if (g.owner[idx] >= 0)
            listing_die(ls, e->line, "cell %s is covered twice in solution %s (by '%s' and '%s')",
                        e->cell, ls->label, entry_label(v, g.owner[idx]), entry_label(v, e->tile));
        g.owner[idx] = e->tile;
    }
}

/* A tile's place in the order of drawing. */
struct rank {
    int piece, copy, tile;
};

static int rank_cmp(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    if (x->piece != y->piece)
        return x->piece < y->piece ? -1 : 1;
    return (x->copy > y->copy) - (x->copy < y->copy);
}

/* Numbers the copies of each piece laid more than once, in the order the
   grid meets their first cells (row by row), names every tile, and puts
   the tiles in the order of drawing (the pictures without copies are
   drawn piece by piece in the registry's order, as they always were). */
static void name_tiles(struct viewer *v)
{
    const struct grid *g = &v->grid;
    int *seen = gen_zalloc((size_t)v->reg.n, sizeof *seen);
    for (int t = 0; t < v->ntiles; t++)
        v->tile[t].copies = v->reg.times[v->tile[t].piece];
    for (size_t i = 0; i < (size_t)g->rows * (size_t)g->cols; i++) {
        struct tile *t = g->owner[i] < 0 ? NULL : &v->tile[g->owner[i]];
        if (t && t->copies > 1 && !t->copy)
            t->copy = ++seen[t->piece];
    }
    free(seen);
    for (int t = 0; t < v->ntiles; t++) {
        const char *name = v->reg.name[v->tile[t].piece];
        size_t len = strlen(name);
        v->tile[t].name = gen_realloc(NULL, len + 16, 1);
        if (!v->tile[t].copy)
            memcpy(v->tile[t].name, name, len + 1);
        else
            snprintf(v->tile[t].name, len + 16, "%s%s%d", name,
                     len && name[len - 1] >= '0' && name[len - 1] <= '9' ? "-" : "",
                     v->tile[t].copy);
    }
    struct rank *rank = gen_realloc(NULL, (size_t)v->ntiles, sizeof *rank);
    for (int t = 0; t < v->ntiles; t++)
        rank[t] = (struct rank){v->tile[t].piece, v->tile[t].copy, t};
    qsort(rank, (size_t)v->ntiles, sizeof *rank, rank_cmp);
    v->order = gen_realloc(v->order, (size_t)v->ntiles, sizeof *v->order);
    for (int t = 0; t < v->ntiles; t++)
        v->order[t] = rank[t].tile;
    free(rank);
}

static void free_tiles(struct viewer *v)
{
    for (int t = 0; t < v->ntiles; t++)
        free(v->tile[t].name);
    v->ntiles = 0;
}

int pentomino_show(const struct pieceset *set, const struct box *given, int svg, int copies,
                   const char *listing, const char *text)
{
    /* static: reachable when a bad line ends the program */
    static struct listing ls;
    static struct viewer v;
    v.given = given;
    v.svg = svg;
    v.copies = copies;
    v.ls = &ls;
    for (int k = 0; k < set->n; k++)
        registry_add(&v.reg, set->p[k].name, set->p[k].label);
    v.nset = set->n;
    if (svg && !(v.body = open_memstream(&v.body_text, &v.body_len)))
        gen_out_of_memory();
    if (text)
        listing_open_string(&ls, listing, text);
    else
        listing_open(&ls, listing);
    while (listing_next(&ls)) {
        v.serial++;
        v.n = 0;
        free_tiles(&v);
        for (size_t k = 0; k < ls.nopts; k++)
            read_option(&v, &ls.opt[k]);
        make_grid(&v);
        name_tiles(&v);
        if (svg)
            tiling_svg(&v);
        else
            tiling_text(&v);
        v.pictures++;
    }
    if (svg)
        tiling_svg_document(&v);
    else if (!v.pictures)
        printf("no solutions\n");
    gen_close_output(stdout, NULL);
    /* a listing of --sample's own draws is empty only when the warning
       before has said that there is no tiling */
    int status = v.pictures || text ? PROG_DONE : listing_none(&ls);
    listing_close(&ls);
    free_tiles(&v);
    free(v.tile);
    free(v.order);
    free(v.e);
    free(v.grid.owner);
    registry_free(&v.reg);
    return status;
}
