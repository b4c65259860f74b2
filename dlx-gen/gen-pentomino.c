/*
 * gen-pentomino — tiling a box with a set of polyominoes, as an exact
 * cover problem in DLX2 format on stdout.
 *
 * Encoding. The box is ROWS x COLS cells, less any --hole cells; every
 * remaining cell is a primary item named by gen_cell_name (two
 * extended-hex digits, row then column). Every piece is a primary item
 * named by its letter (pentominoes F I L N P T U V W X Y Z). For each
 * piece, each of its distinct orientations (rotations and reflections)
 * and each position where that orientation lies wholly inside the box,
 * there is one option: the piece name, then its cells in row-major
 * order. An exact cover uses every piece once and covers every cell
 * once: a tiling.
 *
 * Order, chosen to match Knuth's POLYOMINO-DLX so that a solver takes the
 * same search tree: cells in row-major order, then pieces in the order of
 * the set; options piece by piece, orientation by orientation, and each
 * orientation slid over the box row by row. A piece's orientations come
 * from a breadth-first closure: start from the shape as drawn, and keep
 * applying "turn a quarter clockwise" and "transpose" to every known
 * orientation, appending each new one.
 *
 * --unique keeps one tiling per class of tilings that a symmetry of the
 * box (rotation or reflection mapping the box and its holes onto itself)
 * carries into each other. Piece P, the piece with the most symmetric
 * shape (X among pentominoes), keeps only the first placement of each
 * orbit of its placements under the box's group G. If P's kept placement
 * p is itself fixed by a subgroup H of G (X in the middle row of 5 x 12,
 * X on a diagonal of a square), the tilings with P at p still come in H-
 * orbits; a second piece Q, on whose placements H acts without fixed
 * points, then keeps only the first placement of each H-orbit. That
 * restriction must only apply while P sits at such a p, so it is made
 * conditional with a secondary item "#sK" (one for each such subgroup H):
 * P's option at p and Q's non-first options under H all carry it, so
 * they exclude each other. Each class is then counted exactly once.
 *
 * --show (and --svg) go the other way: they read a solver's listing of
 * such a problem and draw each tiling, as letters or as an SVG picture
 * (the last section of this file, and formats/pentomino.md).
 *
 * Data layout: a shape is a sorted array of cells, normalized to touch
 * row 0 and column 0; a piece holds its orientations; a placement is a
 * piece and its own sorted array of cell indices r*cols+c (row-major
 * order is index order); all placements of all pieces are kept in output
 * order in one array, so that --unique can mark some to drop and some to
 * carry secondary items before anything is written.
 */
#include "gen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Knuth's DLX2 reads item names of at most this many characters. */
enum { KNUTH_NAME_MAX = 8 };

/* The group of the square has 10 subgroups, 9 of them nontrivial: at most
   that many secondary items #sK can be needed. */
enum { MAX_SUBGROUPS = 9 };

/* A box side above this is surely a mistake; it keeps r*cols+c in int. */
#define SIDE_MAX 30000L

/* ---------------------------------------------------------------- memory */

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        gen_die("out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

/* ---------------------------------------------------------------- shapes */

struct cell {
    int r, c;
};

/* A set of cells, normalized: smallest row and column 0, sorted by row
   then column; h and w are the height and width of its bounding box. */
struct shape {
    int n, h, w;
    struct cell *cell;
};

static int cell_cmp(const void *a, const void *b)
{
    const struct cell *x = a, *y = b;
    if (x->r != y->r)
        return x->r < y->r ? -1 : 1;
    return (x->c > y->c) - (x->c < y->c);
}

static void shape_normalize(struct shape *s)
{
    int r0 = s->cell[0].r, c0 = s->cell[0].c, r1 = r0, c1 = c0;
    for (int i = 1; i < s->n; i++) {
        if (s->cell[i].r < r0) r0 = s->cell[i].r;
        if (s->cell[i].c < c0) c0 = s->cell[i].c;
        if (s->cell[i].r > r1) r1 = s->cell[i].r;
        if (s->cell[i].c > c1) c1 = s->cell[i].c;
    }
    for (int i = 0; i < s->n; i++) {
        s->cell[i].r -= r0;
        s->cell[i].c -= c0;
    }
    s->h = r1 - r0 + 1;
    s->w = c1 - c0 + 1;
    qsort(s->cell, (size_t)s->n, sizeof *s->cell, cell_cmp);
}

static struct shape shape_copy(const struct shape *s)
{
    struct shape t = *s;
    t.cell = xrealloc(NULL, (size_t)s->n * sizeof *t.cell);
    memcpy(t.cell, s->cell, (size_t)s->n * sizeof *t.cell);
    return t;
}

/* The two moves that generate all eight orientations. */
static struct shape shape_turn(const struct shape *s) /* quarter clockwise */
{
    struct shape t = shape_copy(s);
    for (int i = 0; i < t.n; i++) {
        int r = s->cell[i].r, c = s->cell[i].c;
        t.cell[i].r = c;
        t.cell[i].c = s->h - 1 - r;
    }
    shape_normalize(&t);
    return t;
}

static struct shape shape_transpose(const struct shape *s)
{
    struct shape t = shape_copy(s);
    for (int i = 0; i < t.n; i++) {
        t.cell[i].r = s->cell[i].c;
        t.cell[i].c = s->cell[i].r;
    }
    shape_normalize(&t);
    return t;
}

/* Lexicographic order of two normalized shapes of the same size. */
static int shape_cmp(const struct shape *a, const struct shape *b)
{
    for (int i = 0; i < a->n; i++) {
        int d = cell_cmp(&a->cell[i], &b->cell[i]);
        if (d)
            return d;
    }
    return 0;
}

static int shape_has(const struct shape *s, int r, int c)
{
    for (int i = 0; i < s->n; i++)
        if (s->cell[i].r == r && s->cell[i].c == c)
            return 1;
    return 0;
}

/* A list of shapes, grown as needed. */
struct shapes {
    int n, cap;
    struct shape *s;
};

static void shapes_push(struct shapes *l, struct shape s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->s = xrealloc(l->s, (size_t)l->cap * sizeof *l->s);
    }
    l->s[l->n++] = s;
}

static int shapes_find(const struct shapes *l, const struct shape *s)
{
    for (int i = 0; i < l->n; i++)
        if (l->s[i].h == s->h && l->s[i].w == s->w && shape_cmp(&l->s[i], s) == 0)
            return i;
    return -1;
}

/* Appends t to l unless it is there already (then t is freed). */
static void shapes_add_new(struct shapes *l, struct shape t)
{
    if (shapes_find(l, &t) < 0)
        shapes_push(l, t);
    else
        free(t.cell);
}

/* The distinct orientations of base: a breadth-first closure under the
   quarter turn and the transposition, in the order they are found. */
static struct shapes orientations(const struct shape *base)
{
    struct shapes l = {0, 0, NULL};
    shapes_push(&l, shape_copy(base));
    for (int j = 0; j < l.n; j++) {
        shapes_add_new(&l, shape_turn(&l.s[j]));
        shapes_add_new(&l, shape_transpose(&l.s[j]));
    }
    return l;
}

/* The canonical form of a free polyomino: its least orientation. */
static struct shape shape_canonical(const struct shape *s)
{
    struct shapes all = orientations(s);
    int best = 0;
    for (int i = 1; i < all.n; i++)
        if (shape_cmp(&all.s[i], &all.s[best]) < 0)
            best = i;
    for (int i = 0; i < all.n; i++)
        if (i != best)
            free(all.s[i].cell);
    struct shape b = all.s[best];
    free(all.s);
    return b;
}

static int shape_cmp_qsort(const void *a, const void *b)
{
    const struct shape *x = a, *y = b;
    return shape_cmp(x, y);
}

/*
 * All free polyominoes of n cells, each in canonical form, sorted: grown
 * from the monomino one cell at a time, adding every neighbour of every
 * cell and keeping the new canonical forms.
 */
static struct shapes free_polyominoes(int n)
{
    struct shapes cur = {0, 0, NULL};
    struct shape mono = {1, 1, 1, xrealloc(NULL, sizeof(struct cell))};
    mono.cell[0].r = mono.cell[0].c = 0;
    shapes_push(&cur, mono);
    static const int step[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int size = 2; size <= n; size++) {
        struct shapes next = {0, 0, NULL};
        for (int i = 0; i < cur.n; i++) {
            const struct shape *s = &cur.s[i];
            for (int k = 0; k < s->n; k++)
                for (int d = 0; d < 4; d++) {
                    int r = s->cell[k].r + step[d][0], c = s->cell[k].c + step[d][1];
                    if (shape_has(s, r, c))
                        continue;
                    struct shape t = {size, 0, 0, xrealloc(NULL, (size_t)size * sizeof(struct cell))};
                    memcpy(t.cell, s->cell, (size_t)s->n * sizeof *t.cell);
                    t.cell[s->n].r = r;
                    t.cell[s->n].c = c;
                    shape_normalize(&t);
                    struct shape canon = shape_canonical(&t);
                    free(t.cell);
                    shapes_add_new(&next, canon);
                }
        }
        for (int i = 0; i < cur.n; i++)
            free(cur.s[i].cell);
        free(cur.s);
        cur = next;
    }
    qsort(cur.s, (size_t)cur.n, sizeof *cur.s, shape_cmp_qsort);
    return cur;
}

/* ---------------------------------------------------------------- pieces */

struct piece {
    char *name;          /* as the set names it */
    char *label;         /* as written in the output (differs under --knuth) */
    struct shapes orient; /* orient.s[0] is the shape as drawn */
};

struct pieceset {
    int n, cap;
    struct piece *p;
    const char *what; /* "pentominoes", ..., or the file name */
};

static void pieceset_add(struct pieceset *set, const char *name, struct shape base)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 16;
        set->p = xrealloc(set->p, (size_t)set->cap * sizeof *set->p);
    }
    struct piece *p = &set->p[set->n++];
    p->name = xstrdup(name);
    p->label = p->name;
    shape_normalize(&base);
    p->orient = orientations(&base);
    free(base.cell);
}

/*
 * Shape files (formats/pentomino.md): a piece is a line "NAME:" followed
 * by the rows of its picture, '*' a cell and '.' a gap, leading and
 * trailing blanks ignored; a blank line ends a picture; a line whose first
 * non-blank is '#' is a comment. The built-in sets are written the same
 * way and read by the same code.
 */
struct reader {
    const char *file; /* for messages */
    int line;
};

/* "FILE:LINE:COL: message", and exit 2 */
#define reader_die(rd, col, ...) gen_die_at((rd)->file, (rd)->line, col, __VA_ARGS__)

/* State of the piece being read. */
struct pending {
    char *name;
    int header_line;
    struct shape s;
    int cap, row; /* row: picture rows read so far */
};

static void pending_finish(struct pending *pd, struct pieceset *set, struct reader *rd)
{
    if (!pd->name)
        return;
    if (pd->s.n == 0) {
        rd->line = pd->header_line;
        reader_die(rd, 1, "piece '%s' has no cells (draw them with '*')", pd->name);
    }
    pieceset_add(set, pd->name, pd->s);
    free(pd->name);
    memset(pd, 0, sizeof *pd);
}

static void pending_add_cell(struct pending *pd, int r, int c)
{
    if (pd->s.n == pd->cap) {
        pd->cap = pd->cap ? 2 * pd->cap : 8;
        pd->s.cell = xrealloc(pd->s.cell, (size_t)pd->cap * sizeof *pd->s.cell);
    }
    pd->s.cell[pd->s.n].r = r;
    pd->s.cell[pd->s.n].c = c;
    pd->s.n++;
}

static int is_blank(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v';
}

/* One line of a shape file (without its newline). */
static void read_shape_line(char *line, struct pending *pd, struct pieceset *set,
                            struct reader *rd)
{
    size_t len = strlen(line);
    while (len > 0 && is_blank(line[len - 1]))
        line[--len] = '\0';
    size_t start = 0;
    while (is_blank(line[start]))
        start++;
    const char *text = line + start;
    int col = (int)start + 1;

    if (*text == '\0') { /* a blank line ends the picture */
        pending_finish(pd, set, rd);
        return;
    }
    if (*text == '#')
        return;
    if (text[strlen(text) - 1] == ':') { /* a header "NAME:" */
        pending_finish(pd, set, rd);
        size_t n = strlen(text) - 1;
        while (n > 0 && is_blank(text[n - 1]))
            n--;
        if (n == 0)
            reader_die(rd, col, "missing piece name before ':'");
        for (size_t i = 0; i < n; i++)
            if (is_blank(text[i]) || text[i] == ':' || text[i] == '|')
                reader_die(rd, col + (int)i,
                           "a piece name cannot hold white space, ':' or '|'");
        pd->name = xrealloc(NULL, n + 1);
        memcpy(pd->name, text, n);
        pd->name[n] = '\0';
        for (int i = 0; i < set->n; i++)
            if (!strcmp(set->p[i].name, pd->name))
                reader_die(rd, col, "piece '%s' is defined twice", pd->name);
        pd->header_line = rd->line;
        return;
    }
    /* a picture row */
    const char *colon = strchr(text, ':');
    if (colon)
        reader_die(rd, col + (int)(colon - text),
                   "a piece header 'NAME:' must be alone on its line, the picture below it");
    for (const char *t = text; *t; t++)
        if (*t != '*' && *t != '.')
            reader_die(rd, col + (int)(t - text),
                       "unexpected '%c' in a picture row (use '*' for a cell, '.' for a gap)", *t);
    if (!pd->name)
        reader_die(rd, col, "picture row outside a piece (missing 'NAME:' line?)");
    for (const char *t = text; *t; t++)
        if (*t == '*')
            pending_add_cell(pd, pd->row, (int)(t - text));
    pd->row++;
}

/* Reads a whole shape text, given as a string (built-in sets) or a file. */
static void read_shapes(FILE *f, const char *text, const char *file, struct pieceset *set)
{
    struct reader rd = {file, 0};
    struct pending pd;
    memset(&pd, 0, sizeof pd);
    char *line = NULL;
    size_t cap = 0;
    while (gen_next_line(f, &text, file, &line, &cap)) {
        rd.line++;
        read_shape_line(line, &pd, set, &rd);
    }
    pending_finish(&pd, set, &rd);
    free(line);
    if (set->n == 0) {
        rd.line = rd.line ? rd.line : 1;
        reader_die(&rd, 1, "no pieces defined (a piece is a 'NAME:' line and a picture)");
    }
}

/* The pentominoes as drawn here give the orientation order of Knuth's
   POLYOMINO-DLX, since the closure starts from the shape as drawn. */
static const char pentominoes[] =
    "F:\n.**\n**.\n.*.\n\n"
    "I:\n*\n*\n*\n*\n*\n\n"
    "L:\n*.\n*.\n*.\n**\n\n"
    "N:\n*.\n*.\n**\n.*\n\n"
    "P:\n**\n**\n*.\n\n"
    "T:\n***\n.*.\n.*.\n\n"
    "U:\n*.*\n***\n\n"
    "V:\n*..\n*..\n***\n\n"
    "W:\n*..\n**.\n.**\n\n"
    "X:\n.*.\n***\n.*.\n\n"
    "Y:\n*.\n**\n*.\n*.\n\n"
    "Z:\n**.\n.*.\n.**\n";

/* The five free tetrominoes, by their usual letters. */
static const char tetrominoes[] =
    "I:\n*\n*\n*\n*\n\n"
    "O:\n**\n**\n\n"
    "T:\n***\n.*.\n\n"
    "L:\n*.\n*.\n**\n\n"
    "S:\n.**\n**.\n";

/*
 * Hexominoes have no lettering everyone agrees on, so the 35 are numbered
 * H01..H35 in the order of their canonical forms (least orientation,
 * cells compared row by row); --list-pieces draws them.
 */
static void add_hexominoes(struct pieceset *set)
{
    struct shapes all = free_polyominoes(6);
    for (int i = 0; i < all.n; i++) {
        char name[16];
        snprintf(name, sizeof name, "H%02d", i + 1);
        pieceset_add(set, name, all.s[i]);
    }
    free(all.s);
}

static void load_pieces(const char *spec, struct pieceset *set)
{
    memset(set, 0, sizeof *set);
    set->what = spec;
    if (!strcmp(spec, "pentominoes")) {
        read_shapes(NULL, pentominoes, "pentominoes", set);
    } else if (!strcmp(spec, "tetrominoes")) {
        read_shapes(NULL, tetrominoes, "tetrominoes", set);
    } else if (!strcmp(spec, "hexominoes")) {
        add_hexominoes(set);
    } else {
        FILE *f = fopen(spec, "r");
        if (!f)
            gen_die("cannot open piece file '%s': %s", spec, strerror(errno));
        read_shapes(f, NULL, spec, set);
        fclose(f);
    }
}

static void free_pieceset(struct pieceset *set)
{
    for (int k = 0; k < set->n; k++) {
        struct piece *p = &set->p[k];
        for (int j = 0; j < p->orient.n; j++)
            free(p->orient.s[j].cell);
        free(p->orient.s);
        if (p->label != p->name)
            free(p->label);
        free(p->name);
    }
    free(set->p);
}

/* Draws every piece as drawn first, in the shape-file format. */
static void list_pieces(const struct pieceset *set)
{
    printf("# %d pieces (%s)\n", set->n, set->what);
    for (int i = 0; i < set->n; i++) {
        const struct shape *s = &set->p[i].orient.s[0];
        printf("\n%s:\n", set->p[i].name);
        for (int r = 0; r < s->h; r++) {
            for (int c = 0; c < s->w; c++)
                putchar(shape_has(s, r, c) ? '*' : '.');
            putchar('\n');
        }
    }
}

/* ---------------------------------------------------------------- the box */

struct box {
    int rows, cols;
    unsigned char *hole; /* hole[r*cols+c]: the cell is not part of the box */
    long ncells;         /* cells that are part of the box */
};

static const char *cell_name(const struct box *b, int idx, char buf[24])
{
    return gen_cell_name(buf, idx / b->cols, idx % b->cols, b->rows, b->cols);
}

/* The index of the cell named name, or -1: either two extended-hex digits
   or "R.C", whichever gen_cell_name uses for this box. */
static int cell_index(const struct box *b, const char *name)
{
    long r, c;
    if (b->rows <= 62 && b->cols <= 62) {
        if (strlen(name) != 2)
            return -1;
        r = gen_ext_hex_value((unsigned char)name[0]);
        c = gen_ext_hex_value((unsigned char)name[1]);
    } else {
        char *end;
        if (name[0] < '0' || name[0] > '9')
            return -1;
        r = strtol(name, &end, 10);
        if (*end != '.' || end[1] < '0' || end[1] > '9')
            return -1;
        c = strtol(end + 1, &end, 10);
        if (*end)
            return -1;
    }
    if (r < 0 || r >= b->rows || c < 0 || c >= b->cols)
        return -1;
    return (int)(r * b->cols + c);
}

/* --hole CELLS: comma-separated cell names. */
static void punch_holes(struct box *b, const char *list)
{
    char *copy = xstrdup(list), *p = copy;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p)
            gen_die("--hole: empty cell name in '%s'", list);
        int idx = cell_index(b, p);
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

/*
 * The symmetries of the rectangle, as 3-bit codes: bit 2 transposes
 * (square boxes only), then bit 0 flips the rows and bit 1 the columns.
 */
static int transform_cell(const struct box *b, int g, int idx)
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

/* The symmetries that map the box (with its holes) onto itself: a bit
   mask over the codes 0..7. Code 0, the identity, is always there. */
static unsigned box_symmetries(const struct box *b)
{
    unsigned group = 0;
    int ng = b->rows == b->cols ? 8 : 4;
    long n = (long)b->rows * b->cols;
    for (int g = 0; g < ng; g++) {
        int ok = 1;
        for (long i = 0; i < n && ok; i++)
            if (b->hole[i] != b->hole[transform_cell(b, g, (int)i)])
                ok = 0;
        if (ok)
            group |= 1u << g;
    }
    return group;
}

/* ---------------------------------------------------------------- placements */

struct placement {
    int piece;
    int *cell;       /* sorted cell indices, r*cols+c */
    unsigned extra;  /* --unique: bit k set = carries secondary item #s(k+1) */
    int dropped;     /* --unique: not written */
};

struct placements {
    int n, cap;
    struct placement *pl;
    int *first;      /* first[k]: index of piece k's first placement; first[npieces] = n */
};

static void placements_push(struct placements *ps, int piece, int *cells)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 256;
        ps->pl = xrealloc(ps->pl, (size_t)ps->cap * sizeof *ps->pl);
    }
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
    struct placements ps = {0, 0, NULL, xrealloc(NULL, (size_t)(set->n + 1) * sizeof(int))};
    for (int k = 0; k < set->n; k++) {
        ps.first[k] = ps.n;
        const struct shapes *o = &set->p[k].orient;
        for (int j = 0; j < o->n; j++) {
            const struct shape *s = &o->s[j];
            for (int dr = 0; dr + s->h <= b->rows; dr++)
                for (int dc = 0; dc + s->w <= b->cols; dc++) {
                    int i, *cells = xrealloc(NULL, (size_t)s->n * sizeof *cells);
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

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/*
 * Finding a placement from its cells: the placements of one piece sorted
 * by their cell lists, searched by bisection.
 */
struct finder {
    const struct placements *ps;
    int size;    /* cells per placement of this piece */
    int n;
    int *order;  /* placement indices sorted by cell list */
};

static int finder_size; /* qsort has no context argument */
static const struct placements *finder_ps;

static int placement_cmp(const void *a, const void *b)
{
    const int *x = finder_ps->pl[*(const int *)a].cell, *y = finder_ps->pl[*(const int *)b].cell;
    for (int i = 0; i < finder_size; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static struct finder finder_make(const struct placements *ps, int piece, int size)
{
    struct finder f = {ps, size, ps->first[piece + 1] - ps->first[piece], NULL};
    f.order = xrealloc(NULL, (size_t)f.n * sizeof *f.order);
    for (int i = 0; i < f.n; i++)
        f.order[i] = ps->first[piece] + i;
    finder_ps = ps;
    finder_size = size;
    qsort(f.order, (size_t)f.n, sizeof *f.order, placement_cmp);
    return f;
}

/* The index of the placement covering exactly cells (sorted), or -1. */
static int finder_find(const struct finder *f, const int *cells)
{
    int lo = 0, hi = f->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2, d = 0;
        const int *x = f->ps->pl[f->order[mid]].cell;
        for (int i = 0; i < f->size && !d; i++)
            d = (x[i] > cells[i]) - (x[i] < cells[i]);
        if (d == 0)
            return f->order[mid];
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* The placement that symmetry g makes of placement i (same piece). */
static int image_of(const struct finder *f, const struct box *b, int g, int i, int *scratch)
{
    const int *cells = f->ps->pl[i].cell;
    for (int k = 0; k < f->size; k++)
        scratch[k] = transform_cell(b, g, cells[k]);
    qsort(scratch, (size_t)f->size, sizeof *scratch, int_cmp);
    int j = finder_find(f, scratch);
    if (j < 0) /* cannot happen: the orientations are closed under symmetry */
        gen_die("internal error: lost the image of a placement");
    return j;
}

/* ---------------------------------------------------------------- --unique */

struct unique_report {
    unsigned group;   /* the box's symmetries */
    int p, nkept;     /* the restricted piece and its placements kept */
    int nsub;         /* subgroups that needed a second piece */
    unsigned sub[MAX_SUBGROUPS];
    int q[MAX_SUBGROUPS]; /* the second piece for each */
};

/* Does subgroup h fix no placement of piece q? */
static int acts_freely(const struct finder *f, const struct box *b, unsigned h, int *scratch)
{
    for (int i = 0; i < f->n; i++) {
        int pi = f->order[i];
        for (int g = 1; g < 8; g++)
            if ((h >> g & 1) && image_of(f, b, g, pi, scratch) == pi)
                return 0;
    }
    return 1;
}

static void restrict_symmetry(const struct pieceset *set, const struct box *b,
                              struct placements *ps, struct unique_report *u)
{
    memset(u, 0, sizeof *u);
    u->group = box_symmetries(b);
    u->p = -1;
    if (u->group == 1)
        return;
    /* P: the piece with the fewest orientations, the first of those */
    int p = 0;
    for (int k = 1; k < set->n; k++)
        if (set->p[k].orient.n < set->p[p].orient.n)
            p = k;
    u->p = p;
    int size = set->p[p].orient.s[0].n;
    int *scratch = xrealloc(NULL, (size_t)size * sizeof *scratch);
    struct finder fp = finder_make(ps, p, size);
    for (int i = ps->first[p]; i < ps->first[p + 1]; i++) {
        unsigned stab = 0;
        int least = i;
        for (int g = 0; g < 8; g++) {
            if (!(u->group >> g & 1))
                continue;
            int j = image_of(&fp, b, g, i, scratch);
            if (j < least)
                least = j;
            if (j == i)
                stab |= 1u << g;
        }
        if (least != i) {
            ps->pl[i].dropped = 1;
            continue;
        }
        u->nkept++;
        if (stab == 1)
            continue;
        int k;
        for (k = 0; k < u->nsub && u->sub[k] != stab; k++)
            ;
        if (k == u->nsub)
            u->sub[u->nsub++] = stab;
        ps->pl[i].extra |= 1u << k;
    }
    free(fp.order);
    free(scratch);

    /* for each such subgroup H, a piece Q that H moves everywhere */
    for (int k = 0; k < u->nsub; k++) {
        int q;
        struct finder fq = {0};
        for (q = 0; q < set->n; q++) {
            if (q == p)
                continue;
            int qsize = set->p[q].orient.s[0].n;
            scratch = xrealloc(NULL, (size_t)qsize * sizeof *scratch);
            fq = finder_make(ps, q, qsize);
            if (acts_freely(&fq, b, u->sub[k], scratch))
                break;
            free(fq.order);
            free(scratch);
        }
        if (q == set->n)
            gen_die("--unique: no piece can break the symmetry left when %s is on an "
                    "axis of the box (a piece without symmetry would)", set->p[p].name);
        u->q[k] = q;
        for (int i = ps->first[q]; i < ps->first[q + 1]; i++)
            for (int g = 1; g < 8; g++)
                if ((u->sub[k] >> g & 1) && image_of(&fq, b, g, i, scratch) < i)
                    ps->pl[i].extra |= 1u << k;
        free(fq.order);
        free(scratch);
    }
}

/* ---------------------------------------------------------------- output */

struct options {
    const char *rows, *cols;
    const char *pieces;
    const char **holes;
    int nholes;
    int unique, knuth, list;
    int show, svg;  /* draw the solutions of a listing read on stdin */
};

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: gen-pentomino ROWS COLS [--pieces SET|FILE] [--hole CELLS] [--unique] [--knuth]\n"
        "       gen-pentomino --list-pieces [--pieces SET|FILE]\n"
        "       gen-pentomino --show [--svg] [ROWS COLS] [--pieces SET|FILE] [--hole CELLS] < LISTING\n"
        "Writes the exact cover problem \"tile a ROWS x COLS box with a set of\n"
        "pieces, each used once\" in DLX2 format on stdout: every cell and every\n"
        "piece is a primary item; one option per placement (piece, then cells)\n"
        "of each distinct rotation and reflection of each piece.\n"
        "\n"
        "  --pieces SET    pentominoes (default: F I L N P T U V W X Y Z),\n"
        "                  tetrominoes (I O T L S), hexominoes (H01..H35)\n"
        "  --pieces FILE   pieces drawn in a file (format: formats/pentomino.md)\n"
        "  --hole CELLS    leave out these cells, comma-separated cell names,\n"
        "                  e.g. --hole 33,34,43,44 (may be repeated)\n"
        "  --unique        count each tiling once up to the rotations and\n"
        "                  reflections of the box (6 x 10: 2339 instead of 9356)\n"
        "  --knuth         write names of at most 8 characters for Knuth's DLX2\n"
        "                  (longer piece names become #1, #2, ...)\n"
        "  --list-pieces   draw the pieces of the set in the file format and exit\n"
        "  --show          read a solver's listing (dlx2 m1) on stdin and draw each\n"
        "                  tiling, one letter per cell ('.' for holes); the box is\n"
        "                  worked out from the cell names unless ROWS COLS are given\n"
        "  --svg           the same as an SVG picture on stdout (implies --show)\n"
        "  --help          show this text\n"
        "\n"
        "Cells are named by two extended-hex digits (0-9 a-z A-Z), row then\n"
        "column, from 00 at the top left; boxes with a side over 62 use \"R.C\".\n"
        "Examples: gen-pentomino 6 10 (9356 tilings); gen-pentomino 8 8 --hole\n"
        "33,34,43,44 (520 tilings, 65 with --unique);\n"
        "gen-pentomino 6 10 | dlx2 m1 t1 | gen-pentomino --show\n");
}

static const char *option_arg(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        gen_die("option %s needs an argument (try --help)", argv[*i]);
    return argv[++*i];
}

static void parse_args(int argc, char **argv, struct options *o)
{
    int npos = 0;
    memset(o, 0, sizeof *o);
    o->pieces = "pentominoes";
    o->holes = xrealloc(NULL, (size_t)argc * sizeof *o->holes);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--pieces")) {
            o->pieces = option_arg(argc, argv, &i);
        } else if (!strcmp(a, "--hole")) {
            o->holes[o->nholes++] = option_arg(argc, argv, &i);
        } else if (!strcmp(a, "--unique")) {
            o->unique = 1;
        } else if (!strcmp(a, "--knuth")) {
            o->knuth = 1;
        } else if (!strcmp(a, "--list-pieces")) {
            o->list = 1;
        } else if (!strcmp(a, "--show")) {
            o->show = 1;
        } else if (!strcmp(a, "--svg")) {
            o->show = o->svg = 1;
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            /* "-3" is a (bad) size, not an option */
            gen_die("unknown option '%s' (try --help)", a);
        } else if (npos == 0) {
            o->rows = a;
            npos++;
        } else if (npos == 1) {
            o->cols = a;
            npos++;
        } else {
            gen_die("too many arguments: '%s' (expected ROWS COLS)", a);
        }
    }
    if (o->list && o->show)
        gen_die("--list-pieces and --show do not go together");
    if (o->show ? npos == 1 : !o->list && npos < 2)
        gen_die("missing %s (try --help)", npos == 0 ? "ROWS and COLS" : "COLS");
}

/* Under --knuth, every piece name must fit DLX2: long ones become "#k"
   (no piece from a file can start with '#', which begins a comment). */
static void choose_labels(struct pieceset *set, int knuth)
{
    if (!knuth)
        return;
    for (int k = 0; k < set->n; k++)
        if (strlen(set->p[k].name) > KNUTH_NAME_MAX) {
            char buf[24];
            snprintf(buf, sizeof buf, "#%d", k + 1);
            set->p[k].label = xstrdup(buf);
        }
}

/* A piece may not share its name with a cell, nor appear twice. */
static void check_names(const struct pieceset *set, const struct box *b, int knuth)
{
    char buf[24];
    for (int k = 0; k < set->n; k++)
        if (cell_index(b, set->p[k].name) >= 0)
            gen_die("piece name '%s' is also the name of a cell of the box", set->p[k].name);
    if (knuth && strlen(cell_name(b, b->rows * b->cols - 1, buf)) > KNUTH_NAME_MAX)
        gen_die("--knuth: cell name '%s' is longer than %d characters", buf, KNUTH_NAME_MAX);
}

static void write_header(const struct pieceset *set, const struct box *b,
                         const struct options *o, const struct unique_report *u)
{
    long area = 0;
    for (int k = 0; k < set->n; k++)
        area += set->p[k].orient.s[0].n;
    printf("| a %d x %d box with %ld cells; %d pieces (%s) of %ld cells\n",
           b->rows, b->cols, b->ncells, set->n, set->what, area);
    for (int k = 0; k < set->n; k++)
        if (set->p[k].label != set->p[k].name)
            printf("| %s is piece %s\n", set->p[k].label, set->p[k].name);
    if (!o->unique)
        return;
    if (u->p < 0) {
        printf("| --unique: the box has no symmetry, so nothing to restrict\n");
        return;
    }
    printf("| --unique: %s keeps %d placements, one per class under the box's symmetries\n",
           set->p[u->p].label, u->nkept);
    for (int k = 0; k < u->nsub; k++)
        printf("| --unique: #s%d: where %s is itself symmetric, %s breaks the tie\n",
               k + 1, set->p[u->p].label, set->p[u->q[k]].label);
}

static void write_items(const struct pieceset *set, const struct box *b, int nsub)
{
    char buf[24];
    const char *sep = "";
    for (int i = 0; i < b->rows * b->cols; i++)
        if (!b->hole[i]) {
            printf("%s%s", sep, cell_name(b, i, buf));
            sep = " ";
        }
    for (int k = 0; k < set->n; k++) {
        printf("%s%s", sep, set->p[k].label);
        sep = " ";
    }
    if (nsub > 0) {
        printf(" |");
        for (int k = 0; k < nsub; k++)
            printf(" #s%d", k + 1);
    }
    putchar('\n');
}

static void write_options(const struct pieceset *set, const struct box *b,
                          const struct placements *ps)
{
    char buf[24];
    for (int i = 0; i < ps->n; i++) {
        const struct placement *p = &ps->pl[i];
        if (p->dropped)
            continue;
        fputs(set->p[p->piece].label, stdout);
        int size = set->p[p->piece].orient.s[0].n;
        for (int k = 0; k < size; k++)
            printf(" %s", cell_name(b, p->cell[k], buf));
        for (int k = 0; k < MAX_SUBGROUPS; k++)
            if (p->extra >> k & 1)
                printf(" #s%d", k + 1);
        putchar('\n');
    }
}

/* ---------------------------------------------------------------- --show, --svg */

/*
 * Drawing solutions. The input is a solver's listing (dlx2 m1, or Knuth's
 * DLX2): a line "N:" opens solution N, and each line after it is one
 * chosen option, its item names in some rotation, usually followed by
 * "(k of n)". In every option exactly one word is the piece; the others
 * are cells, except the --unique items "#sK", which are skipped.
 *
 * A word is the piece if it names (or, under --knuth, labels) a piece of
 * the set; otherwise a cell if it reads as one (of the box ROWS x COLS
 * when given, else in either naming scheme: two extended-hex digits or
 * "R.C"); otherwise a piece the set does not know. The box is ROWS x COLS
 * when given, else the least box from 00 that holds every cell named (so
 * holes along the bottom or right side need ROWS COLS to be drawn).
 *
 * Data layout: the solution being read is a list of entries (row,
 * column, piece, line), one per covered cell; piece indexes the registry
 * of piece names, which starts with the set in its order and grows with
 * unknown pieces as they are met, so a piece keeps its color (and its
 * place in the legend) from one picture to the next. A complete solution
 * becomes a grid owner[r*cols+c] holding a registry index, or -1 for a
 * hole or an unused cell, and the grid is drawn.
 */

/* Largest grid drawn; a listing naming cell 29999.29999 is not a picture. */
#define DRAW_CELLS_MAX (1L << 24)

/* SVG geometry, in pixels. */
enum {
    SVG_CELL = 24,     /* side of a cell */
    SVG_MARGIN = 10,   /* around everything */
    SVG_TITLE = 22,    /* the line "solution N" above a board */
    SVG_GAP = 24,      /* between one picture and the next */
    SVG_SWATCH = 14,   /* legend: side of a color square */
    SVG_LEGEND_ROW = 20,
    SVG_LEGEND_MIN = 240 /* a legend may be this wide even if the board is narrower */
};

struct registry {
    int n, cap;
    char **name;    /* what the pictures call the piece */
    char **label;   /* what the listing calls it (differs under --knuth) */
    long *used_in;  /* serial number of the last solution using it */
};

static void registry_add(struct registry *reg, const char *name, const char *label)
{
    if (reg->n == reg->cap) {
        reg->cap = reg->cap ? 2 * reg->cap : 16;
        reg->name = xrealloc(reg->name, (size_t)reg->cap * sizeof *reg->name);
        reg->label = xrealloc(reg->label, (size_t)reg->cap * sizeof *reg->label);
        reg->used_in = xrealloc(reg->used_in, (size_t)reg->cap * sizeof *reg->used_in);
    }
    reg->name[reg->n] = xstrdup(name);
    reg->label[reg->n] = xstrdup(label);
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
}

/* A solution as a picture: owner[r*cols+c] is a registry index, or -1. */
struct grid {
    int rows, cols;
    int *owner;
};

struct entry {
    int r, c, piece;
    long line;
    char cell[24]; /* the cell's name as written, for messages */
};

/* Everything the drawing needs to know while reading the listing. */
struct viewer {
    const struct box *given;  /* ROWS x COLS from the arguments, or NULL */
    struct registry reg;
    int nset;                 /* the first nset pieces of reg are the set */
    long lineno;              /* of stdin, for messages */
    /* the solution being read */
    char *label;              /* its number as written; NULL before the first */
    long header_line, serial;
    int n, cap;
    struct entry *e;
    char **w;                 /* the words of the option line being read */
    int wcap;
    struct grid grid;         /* the solution just read, to draw */
    size_t grid_cap;
    /* output */
    int svg;
    long pictures;
    FILE *body;               /* --svg: the pictures, written after the header */
    char *body_text;
    size_t body_len;
    int width, height;        /* --svg: size of everything drawn so far */
};

/* A whole decimal number below SIDE_MAX, from s up to end. */
static int small_number(const char *s, const char *end, int *out)
{
    long v = 0;
    if (s == end)
        return 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        v = 10 * v + (*s - '0');
        if (v >= SIDE_MAX)
            return 0;
    }
    *out = (int)v;
    return 1;
}

/* Reads w as a cell name in either scheme: two extended-hex digits, "R.C". */
static int read_any_cell(const char *w, int *r, int *c)
{
    if (strlen(w) == 2) {
        *r = gen_ext_hex_value((unsigned char)w[0]);
        *c = gen_ext_hex_value((unsigned char)w[1]);
        return *r >= 0 && *c >= 0;
    }
    const char *dot = strchr(w, '.');
    return dot && small_number(w, dot, r) && small_number(dot + 1, dot + strlen(dot), c);
}

/* Reads w as a cell name: of the given box, or else of either scheme. */
static int read_cell(const struct viewer *v, const char *w, int *r, int *c)
{
    if (!v->given)
        return read_any_cell(w, r, c);
    int i = cell_index(v->given, w);
    if (i < 0)
        return 0;
    *r = i / v->given->cols;
    *c = i % v->given->cols;
    return 1;
}

/* A second piece in an option: most likely a cell beyond the given box. */
static void two_pieces(const struct viewer *v, const char *first, const char *second)
    __attribute__((noreturn));
static void two_pieces(const struct viewer *v, const char *first, const char *second)
{
    int r, c;
    const char *odd = read_any_cell(first, &r, &c) ? first : second;
    if (v->given && read_any_cell(odd, &r, &c))
        listing_die(v->lineno, "'%s' is no cell of the %d x %d box", odd,
                    v->given->rows, v->given->cols);
    listing_die(v->lineno, "two pieces in one option: '%s' and '%s'", first, second);
}

static void add_entry(struct viewer *v, int r, int c, int piece, const char *name)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 64;
        v->e = xrealloc(v->e, (size_t)v->cap * sizeof *v->e);
    }
    struct entry *e = &v->e[v->n++];
    e->r = r;
    e->c = c;
    e->piece = piece;
    e->line = v->lineno;
    snprintf(e->cell, sizeof e->cell, "%s", name);
}

/* Is the line "N:", a solution's number? */
static int is_header(const char *line, size_t len)
{
    return len > 1 && line[len - 1] == ':' && strspn(line, "0123456789") == len - 1;
}

/* Drops a trailing "(k of n)" from the words of an option line. */
static int strip_tally(char **w, int nw)
{
    if (nw < 3 || strcmp(w[nw - 2], "of") || w[nw - 3][0] != '(')
        return nw;
    const char *k = w[nw - 3] + 1, *n = w[nw - 1];
    size_t nlen = strlen(n);
    if (!*k || strspn(k, "0123456789") != strlen(k) || nlen < 2 || n[nlen - 1] != ')' ||
        strspn(n, "0123456789") != nlen - 1)
        return nw;
    return nw - 3;
}

/* Is word one of the secondary items "#sK" that --unique adds? */
static int is_symmetry_item(const char *w)
{
    return w[0] == '#' && w[1] == 's' && w[2] && strspn(w + 2, "0123456789") == strlen(w + 2);
}

/* One option line of the current solution: its piece and its cells. */
static void read_option(struct viewer *v, char *line)
{
    int nw = 0;
    for (char *t = strtok(line, " \t\r\f\v"); t; t = strtok(NULL, " \t\r\f\v")) {
        if (nw == v->wcap) {
            v->wcap = v->wcap ? 2 * v->wcap : 16;
            v->w = xrealloc(v->w, (size_t)v->wcap * sizeof *v->w);
        }
        v->w[nw++] = t;
    }
    char **w = v->w;
    nw = strip_tally(w, nw);
    int piece = -1, first_cell = v->n;
    for (int i = 0; i < nw; i++) {
        int r, c, k;
        if (strchr(w[i], ':'))
            listing_die(v->lineno, "'%s' has a color, so this is no listing of a tiling", w[i]);
        if (is_symmetry_item(w[i]))
            continue;
        k = registry_find(&v->reg, w[i]);
        if (k < 0 && read_cell(v, w[i], &r, &c)) {
            add_entry(v, r, c, -1, w[i]);
            continue;
        }
        if (k < 0) {
            registry_add(&v->reg, w[i], w[i]);
            k = v->reg.n - 1;
        }
        if (piece >= 0)
            two_pieces(v, v->reg.label[piece], w[i]);
        piece = k;
    }
    if (piece < 0)
        listing_die(v->lineno, "no piece in this option (if a piece is named like a "
                    "cell, give ROWS COLS)");
    if (first_cell == v->n)
        listing_die(v->lineno, "piece '%s' covers no cell", v->reg.label[piece]);
    if (v->reg.used_in[piece] == v->serial)
        listing_die(v->lineno, "piece '%s' appears twice in solution %s",
                    v->reg.label[piece], v->label);
    v->reg.used_in[piece] = v->serial;
    for (int i = first_cell; i < v->n; i++)
        v->e[i].piece = piece;
}

/* ---- the grid of a complete solution */

/* Fills v->grid from the entries of the solution just read. */
static void make_grid(struct viewer *v)
{
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
        listing_die(v->header_line, "solution %s would need a %d x %d box, too big to draw",
                    v->label, g.rows, g.cols);
    size_t ncells = (size_t)g.rows * (size_t)g.cols;
    if (ncells > v->grid_cap) {
        v->grid_cap = ncells;
        g.owner = xrealloc(g.owner, ncells * sizeof *g.owner);
    }
    v->grid = g; /* so that the memory stays reachable if we die below */
    for (size_t i = 0; i < ncells; i++)
        g.owner[i] = -1;
    for (int i = 0; i < v->n; i++) {
        const struct entry *e = &v->e[i];
        int idx = e->r * g.cols + e->c;
        if (v->given && v->given->hole[idx])
            listing_die(e->line, "cell %s is a hole (--hole), yet piece '%s' covers it",
                        e->cell, v->reg.label[e->piece]);
        if (g.owner[idx] >= 0)
            listing_die(e->line, "cell %s is covered twice in solution %s (by '%s' and '%s')",
                        e->cell, v->label, v->reg.label[g.owner[idx]], v->reg.label[e->piece]);
        g.owner[idx] = e->piece;
    }
}

static int owner_at(const struct grid *g, int r, int c)
{
    if (r < 0 || r >= g->rows || c < 0 || c >= g->cols)
        return -1;
    return g->owner[r * g->cols + c];
}

/* ---- the text picture */

/* One character per cell when every name has one; else names padded to
   the longest, a blank between cells, and no blanks at the ends of lines. */
static void draw_text(const struct viewer *v, const struct grid *g)
{
    size_t width = 1;
    for (int i = 0; i < v->n; i++)
        if (strlen(v->reg.name[v->e[i].piece]) > width)
            width = strlen(v->reg.name[v->e[i].piece]);
    if (v->pictures)
        putchar('\n');
    printf("solution %s\n", v->label);
    for (int r = 0; r < g->rows; r++) {
        for (int c = 0; c < g->cols; c++) {
            int k = owner_at(g, r, c);
            const char *s = k < 0 ? "." : v->reg.name[k];
            if (width == 1 || c + 1 == g->cols)
                fputs(s, stdout);
            else
                printf("%-*s ", (int)width, s);
        }
        putchar('\n');
    }
}

/* ---- the SVG picture */

/* XML text: the five characters with a meaning escaped. */
static void put_xml(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*s, f);
        }
    }
}

/*
 * The fill of piece k, when the set has nset pieces: the set's pieces get
 * hues evenly spaced around the circle in set order, every other one
 * lighter, so that any two differ in hue or in lightness; pieces the set
 * does not know get hues a golden angle apart. Light enough for black
 * letters. Written as #rrggbb, converted from hue, saturation, lightness.
 */
static void piece_color(int k, int nset, char out[8])
{
    /* (libm is not linked, hence the hand-made remainders) */
    double turns = k < nset ? (double)k / nset : 0.381966 * (k - nset) + 0.04;
    double h = 6 * (turns - (long)turns); /* in sixths of a turn, [0, 6) */
    double s = 0.65, l = k % 2 ? 0.82 : 0.66;
    double chroma = (1 - (l > 0.5 ? 2 * l - 1 : 1 - 2 * l)) * s;
    double h2 = h - 2 * (int)(h / 2), x = chroma * (1 - (h2 > 1 ? h2 - 1 : 1 - h2));
    double m = l - chroma / 2;
    /* which of chroma, x and 0 go to red, green and blue, per sixth */
    static const int pick[6][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}, {1, 2, 0}, {0, 2, 1}};
    double part[3] = {chroma, x, 0};
    int sixth = (int)h % 6;
    int rgb[3];
    for (int i = 0; i < 3; i++)
        rgb[i] = (int)((part[pick[sixth][i]] + m) * 255 + 0.5);
    snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Rough width of a text in the sans-serif font at size px. */
static int text_width(const char *s, int px)
{
    return (int)(strlen(s) * (size_t)px * 6 / 10);
}

/* The fill of every piece: one path per piece, a square per cell, so
   that no seams show between cells of one piece. */
static void svg_fills(FILE *f, const struct viewer *v, const struct grid *g)
{
    for (int k = 0; k < v->reg.n; k++) {
        if (v->reg.used_in[k] != v->serial)
            continue;
        char color[8];
        piece_color(k, v->nset, color);
        fprintf(f, "<path fill=\"%s\" d=\"", color);
        for (int r = 0; r < g->rows; r++)
            for (int c = 0; c < g->cols; c++)
                if (owner_at(g, r, c) == k)
                    fprintf(f, "M%d %dh%dv%dh-%dz", c * SVG_CELL, r * SVG_CELL,
                            SVG_CELL, SVG_CELL, SVG_CELL);
        fputs("\"/>\n", f);
    }
}

/*
 * The borders: a thick line on every cell side whose two cells belong to
 * different pieces, a hole or the outside counting as "no piece" (so the
 * outline of the box and of its holes is drawn, and nothing between two
 * holes). Runs along one line are merged into one stroke.
 */
static void svg_borders(FILE *f, const struct grid *g)
{
    fputs("<path fill=\"none\" stroke=\"#000\" stroke-width=\"3\" stroke-linecap=\"square\" d=\"", f);
    for (int r = 0; r <= g->rows; r++) /* horizontal: above row r */
        for (int c = 0; c < g->cols;) {
            if (owner_at(g, r - 1, c) == owner_at(g, r, c)) {
                c++;
                continue;
            }
            int start = c;
            while (c < g->cols && owner_at(g, r - 1, c) != owner_at(g, r, c))
                c++;
            fprintf(f, "M%d %dH%d", start * SVG_CELL, r * SVG_CELL, c * SVG_CELL);
        }
    for (int c = 0; c <= g->cols; c++) /* vertical: left of column c */
        for (int r = 0; r < g->rows;) {
            if (owner_at(g, r, c - 1) == owner_at(g, r, c)) {
                r++;
                continue;
            }
            int start = r;
            while (r < g->rows && owner_at(g, r, c - 1) != owner_at(g, r, c))
                r++;
            fprintf(f, "M%d %dV%d", c * SVG_CELL, start * SVG_CELL, r * SVG_CELL);
        }
    fputs("\"/>\n", f);
}

/* Each piece's name in the cell of the piece nearest its centre of mass
   (the first such cell in row-major order), which lies inside the piece
   even when the centre itself does not. A long name gets a smaller font
   to fit its cell, or no label at all (the legend names it). */
static void svg_labels(FILE *f, const struct viewer *v, const struct grid *g)
{
    for (int k = 0; k < v->reg.n; k++) {
        int px = SVG_CELL * 11 / 20, room = SVG_CELL - 4;
        if (v->reg.used_in[k] != v->serial)
            continue;
        if (text_width(v->reg.name[k], px) > room)
            px = room * 10 / (6 * (int)strlen(v->reg.name[k]));
        if (px < 7)
            continue;
        double sr = 0, sc = 0;
        long cnt = 0;
        for (int i = 0; i < v->n; i++)
            if (v->e[i].piece == k) {
                sr += v->e[i].r;
                sc += v->e[i].c;
                cnt++;
            }
        sr /= (double)cnt;
        sc /= (double)cnt;
        int br = 0, bc = 0;
        double best = -1;
        for (int r = 0; r < g->rows; r++)
            for (int c = 0; c < g->cols; c++)
                if (owner_at(g, r, c) == k) {
                    double d = (r - sr) * (r - sr) + (c - sc) * (c - sc);
                    if (best < 0 || d < best - 1e-9) {
                        best = d;
                        br = r;
                        bc = c;
                    }
                }
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">",
                bc * SVG_CELL + SVG_CELL / 2, br * SVG_CELL + SVG_CELL / 2 + px * 7 / 20, px);
        put_xml(f, v->reg.name[k]);
        fputs("</text>\n", f);
    }
}

/* The legend under the board: a swatch and the name of every piece used,
   in registry order, wrapped at the wider of the board and SVG_LEGEND_MIN.
   Returns its height. */
static int svg_legend(FILE *f, const struct viewer *v, int top, int width)
{
    int px = 12, x = 0, y = top;
    for (int k = 0; k < v->reg.n; k++) {
        if (v->reg.used_in[k] != v->serial)
            continue;
        int w = SVG_SWATCH + 4 + text_width(v->reg.name[k], px);
        if (x > 0 && x + w > width) {
            x = 0;
            y += SVG_LEGEND_ROW;
        }
        char color[8];
        piece_color(k, v->nset, color);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#000\"/>\n",
                x, y, SVG_SWATCH, SVG_SWATCH, color);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">", x + SVG_SWATCH + 4,
                y + SVG_SWATCH - 2, px);
        put_xml(f, v->reg.name[k]);
        fputs("</text>\n", f);
        x += w + 12;
    }
    return y + SVG_LEGEND_ROW - top;
}

/* One picture: title, board and legend, placed below the previous ones. */
static void draw_svg(struct viewer *v, const struct grid *g)
{
    FILE *f = v->body;
    int board_w = g->cols * SVG_CELL, board_h = g->rows * SVG_CELL;
    int legend_w = board_w > SVG_LEGEND_MIN ? board_w : SVG_LEGEND_MIN;
    int top = v->height ? v->height + SVG_GAP : 0;
    fprintf(f, "<g transform=\"translate(0,%d)\">\n<text x=\"0\" y=\"15\" font-size=\"15\">"
            "solution ", top);
    put_xml(f, v->label);
    fprintf(f, "</text>\n<g transform=\"translate(0,%d)\">\n", SVG_TITLE);
    svg_fills(f, v, g);
    svg_borders(f, g);
    svg_labels(f, v, g);
    fputs("</g>\n", f);
    int legend_h = svg_legend(f, v, SVG_TITLE + board_h + 10, legend_w);
    fputs("</g>\n", f);
    v->height = top + SVG_TITLE + board_h + 10 + legend_h;
    if (legend_w > v->width)
        v->width = legend_w;
}

/* The solution just read is complete: draw it. */
static void finish_solution(struct viewer *v)
{
    if (!v->label)
        return;
    if (v->n == 0)
        listing_die(v->header_line, "solution %s has no options", v->label);
    make_grid(v);
    if (v->svg)
        draw_svg(v, &v->grid);
    else
        draw_text(v, &v->grid);
    v->pictures++;
    free(v->label);
    v->label = NULL;
    v->n = 0;
}

/* The SVG document around the pictures (or a note that there are none). */
static void write_svg(struct viewer *v)
{
    fclose(v->body);
    if (!v->pictures) {
        v->width = SVG_LEGEND_MIN;
        v->height = 20;
    }
    int w = v->width + 2 * SVG_MARGIN, h = v->height + 2 * SVG_MARGIN;
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
           "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
           "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
           "<g transform=\"translate(%d,%d)\">\n", w, h, w, h, SVG_MARGIN, SVG_MARGIN);
    if (!v->pictures)
        fputs("<text x=\"0\" y=\"15\" font-size=\"15\">no solutions</text>\n", stdout);
    fwrite(v->body_text, 1, v->body_len, stdout);
    fputs("</g>\n</svg>\n", stdout);
    free(v->body_text);
}

/*
 * --show / --svg: reads the listing on stdin and draws every solution.
 * given is the box of the arguments, or NULL to work it out from the
 * cell names; the set's pieces come first in the registry.
 */
static void show_listing(const struct pieceset *set, const struct box *given, int svg)
{
    struct viewer v;
    memset(&v, 0, sizeof v);
    v.given = given;
    v.svg = svg;
    for (int k = 0; k < set->n; k++)
        registry_add(&v.reg, set->p[k].name, set->p[k].label);
    v.nset = set->n;
    if (svg && !(v.body = open_memstream(&v.body_text, &v.body_len)))
        gen_die("out of memory");
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        v.lineno++;
        if (memchr(line, '\0', (size_t)got))
            listing_die(v.lineno, "NUL byte in the listing");
        size_t len = (size_t)got;
        while (len > 0 && is_blank(line[len - 1]))
            line[--len] = '\0';
        size_t start = strspn(line, " \t\r\f\v");
        if (start == len)
            continue;
        if (is_header(line + start, len - start)) {
            finish_solution(&v);
            v.label = xstrdup(line + start);
            v.label[len - start - 1] = '\0';
            v.header_line = v.lineno;
            v.serial++;
            continue;
        }
        if (!v.label)
            listing_die(v.lineno, "expected a solution number such as '1:', not '%.40s'",
                        line + start);
        read_option(&v, line);
    }
    if (ferror(stdin))
        gen_die("<stdin>: read error: %s", strerror(errno));
    finish_solution(&v);
    free(line);
    if (svg)
        write_svg(&v);
    else if (!v.pictures)
        printf("no solutions\n");
    free(v.e);
    free(v.w);
    free(v.grid.owner);
    registry_free(&v.reg);
}

/* Checks that stdout was written, frees what main holds; the exit status. */
static int finish_output(struct pieceset *set, struct box *b, struct options *o)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        gen_die("error writing the output");
    free_pieceset(set);
    if (b)
        free(b->hole);
    free(o->holes);
    return 0;
}

int main(int argc, char **argv)
{
    struct options o;
    struct pieceset set;
    gen_init(argc, argv);
    parse_args(argc, argv, &o);
    load_pieces(o.pieces, &set);
    if (o.list) {
        list_pieces(&set);
        free_pieceset(&set);
        free(o.holes);
        return 0;
    }

    if (o.show && !o.rows && o.nholes)
        gen_die("--show: --hole needs ROWS COLS");
    if (o.show && !o.rows) {
        choose_labels(&set, o.knuth);
        show_listing(&set, NULL, o.svg);
        return finish_output(&set, NULL, &o);
    }

    struct box b;
    b.rows = (int)gen_parse_long(o.rows, 1, SIDE_MAX, "ROWS");
    b.cols = (int)gen_parse_long(o.cols, 1, SIDE_MAX, "COLS");
    b.ncells = (long)b.rows * b.cols;
    b.hole = xrealloc(NULL, (size_t)b.ncells);
    memset(b.hole, 0, (size_t)b.ncells);
    for (int i = 0; i < o.nholes; i++)
        punch_holes(&b, o.holes[i]);
    check_names(&set, &b, o.knuth);
    choose_labels(&set, o.knuth);
    if (o.show) {
        show_listing(&set, &b, o.svg);
        return finish_output(&set, &b, &o);
    }

    struct placements ps = all_placements(&set, &b);
    struct unique_report u;
    memset(&u, 0, sizeof u);
    u.p = -1;
    if (o.unique)
        restrict_symmetry(&set, &b, &ps, &u);

    long area = 0;
    for (int k = 0; k < set.n; k++)
        area += set.p[k].orient.s[0].n;
    if (area != b.ncells)
        fprintf(stderr, "%s: warning: the pieces cover %ld cells but the box has %ld, "
                "so there is no tiling\n", gen_prog, area, b.ncells);

    gen_write_command(stdout, argc, argv);
    write_header(&set, &b, &o, &u);
    write_items(&set, &b, u.nsub);
    write_options(&set, &b, &ps);
    free_placements(&ps);
    return finish_output(&set, &b, &o);
}
