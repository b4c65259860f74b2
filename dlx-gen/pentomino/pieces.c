/*
 * pieces.c — sets of pieces: the built-in pentominoes, tetrominoes and
 * hexominoes, and shape files.
 *
 * Shape files (formats/pentomino.md): a piece is a line "NAME:" followed
 * by the rows of its picture, '*' a cell and '.' a gap, leading and
 * trailing blanks ignored; a blank line ends a picture; a line whose first
 * non-blank is '#' is a comment. The built-in sets are written the same
 * way and read by the same code.
 */
#include "pentomino.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "utf8.h"

static struct piece *pieceset_add(struct pieceset *set, const char *name, struct shape base)
{
    set->p = gen_grow(set->p, &set->cap, (size_t)set->n, sizeof *set->p);
    struct piece *p = &set->p[set->n++];
    p->name = gen_strdup(name);
    p->label = p->name;
    p->line = p->col = 0;
    shape_normalize(&base);
    p->orient = shape_orientations(&base);
    free(base.cell);
    return p;
}

/* The piece being read. */
struct pending {
    char *name;
    long header_line, header_col;
    struct shape s;
    size_t cap;
    int row;            /* picture rows read so far */
};

static void pending_finish(struct pending *pd, struct pieceset *set, const struct gen_input *in)
{
    if (!pd->name)
        return;
    if (pd->s.n == 0)
        gen_die_at(in->name, pd->header_line, 1, "piece '%s' has no cells (draw them with '*')",
                   pd->name);
    struct piece *p = pieceset_add(set, pd->name, pd->s);
    p->line = pd->header_line;
    p->col = pd->header_col;
    free(pd->name);
    memset(pd, 0, sizeof *pd);
}

static void pending_add_cell(struct pending *pd, int r, int c)
{
    pd->s.cell = gen_grow(pd->s.cell, &pd->cap, (size_t)pd->s.n, sizeof *pd->s.cell);
    pd->s.cell[pd->s.n].r = r;
    pd->s.cell[pd->s.n].c = c;
    pd->s.n++;
}

/* "NAME:", text without its blanks around: ends the piece before. */
static void read_header(char *text, struct pending *pd, struct pieceset *set,
                        const struct gen_input *in)
{
    pending_finish(pd, set, in);
    size_t n = strlen(text) - 1;
    while (n > 0 && utf8_is_white((unsigned char)text[n - 1]))
        n--;
    if (n == 0)
        gen_input_die(in, gen_input_col(in, text), "missing piece name before ':'");
    for (size_t i = 0; i < n;) {
        uint32_t c;
        size_t k = utf8_decode(text + i, &c);
        if (k && (utf8_is_white(c) || c == ':' || c == '|'))
            gen_input_die(in, gen_input_col(in, text + i),
                          "a piece name cannot hold white space, ':' or '|'");
        if (!k || utf8_is_control(c))
            gen_input_die(in, gen_input_col(in, text + i),
                          "a piece name must be UTF-8 text without control characters");
        i += k;
    }
    pd->name = gen_strndup(text, n);
    for (int i = 0; i < set->n; i++)
        if (!strcmp(set->p[i].name, pd->name))
            gen_input_die(in, gen_input_col(in, text), "piece '%s' is defined twice", pd->name);
    pd->header_line = in->line;
    pd->header_col = gen_input_col(in, text);
}

/* One line of a shape file. */
static void read_shape_line(struct gen_input *in, struct pending *pd, struct pieceset *set)
{
    char *line = in->text;
    size_t len = in->len;
    while (len > 0 && utf8_is_white((unsigned char)line[len - 1]))
        line[--len] = '\0';
    char *text = line;
    while (utf8_is_white((unsigned char)*text))
        text++;
    if (*text == '\0') { /* a blank line ends the picture */
        pending_finish(pd, set, in);
        return;
    }
    if (*text == '#')
        return;
    if (text[strlen(text) - 1] == ':') {
        read_header(text, pd, set, in);
        return;
    }
    /* a picture row */
    const char *colon = strchr(text, ':');
    if (colon)
        gen_input_die(in, gen_input_col(in, colon),
                      "a piece header 'NAME:' must be alone on its line, the picture below it");
    for (const char *t = text; *t; t++)
        if (*t != '*' && *t != '.')
            gen_input_die(in, gen_input_col(in, t),
                          "unexpected '%c' in a picture row (use '*' for a cell, '.' for a gap)", *t);
    if (!pd->name)
        gen_input_die(in, gen_input_col(in, text),
                      "picture row outside a piece (missing 'NAME:' line?)");
    for (const char *t = text; *t; t++)
        if (*t == '*')
            pending_add_cell(pd, pd->row, (int)(t - text));
    pd->row++;
}

/* Reads a whole shape text from in. */
static void read_shapes(struct gen_input *in, struct pieceset *set)
{
    static struct pending pd;   /* static: reachable if a bad line ends the program */
    memset(&pd, 0, sizeof pd);
    while (gen_input_next(in))
        read_shape_line(in, &pd, set);
    pending_finish(&pd, set, in);
    if (set->n == 0)
        gen_die_at(in->name, in->line ? in->line : 1, 1,
                   "no pieces defined (a piece is a 'NAME:' line and a picture)");
    gen_input_close(in);
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
    struct shapes all = shape_free_polyominoes(6);
    for (int i = 0; i < all.n; i++) {
        char name[16];
        snprintf(name, sizeof name, "H%02d", i + 1);
        pieceset_add(set, name, all.s[i]);
    }
    free(all.s);
}

void pieceset_load(struct pieceset *set, const char *spec)
{
    static struct gen_input in;  /* static: reachable if a bad line ends the program */
    memset(set, 0, sizeof *set);
    set->what = spec;
    if (!strcmp(spec, "pentominoes")) {
        gen_input_string(&in, "pentominoes", pentominoes);
        read_shapes(&in, set);
    } else if (!strcmp(spec, "tetrominoes")) {
        gen_input_string(&in, "tetrominoes", tetrominoes);
        read_shapes(&in, set);
    } else if (!strcmp(spec, "hexominoes")) {
        add_hexominoes(set);
    } else {
        if (strcmp(spec, "-") && access(spec, F_OK) && errno == ENOENT)
            gen_die("--pieces %s: no such file, nor a built-in set (pentominoes, tetrominoes, "
                    "hexominoes)", spec);
        gen_input_open(&in, spec);
        set->file = in.name;
        read_shapes(&in, set);
    }
}

void pieceset_free(struct pieceset *set)
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

void pieceset_list(const struct pieceset *set)
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

long pieceset_area(const struct pieceset *set)
{
    long area = 0;
    for (int k = 0; k < set->n; k++)
        area += set->p[k].orient.s[0].n;
    return area;
}

/* No piece from a file can be called "#k": '#' begins a comment there. */
void pieceset_knuth_labels(struct pieceset *set)
{
    for (int k = 0; k < set->n; k++)
        if (strlen(set->p[k].name) > GEN_KNUTH_NAME_MAX) {
            char buf[24];
            snprintf(buf, sizeof buf, "#%d", k + 1);
            set->p[k].label = gen_strdup(buf);
        }
}
