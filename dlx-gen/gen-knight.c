/*
 * gen-knight — knight's tours as an exact cover problem (the in/out
 * encoding), written in DLX2 format on stdout.
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
 * Nothing is stored: each line is written as it is computed, so any
 * board size that fits the limits below costs no memory.
 *
 * --show turns the other way: it reads a solver's listing of such a
 * problem (dlx2 m1, or Knuth's DLX2, or gen-knight-tours m1) on stdin,
 * keeps the covers that are one single cycle, and draws each as a
 * numbered board (text) or a path over the board (--svg), or only counts
 * them (--count), or reports their symmetries (--symmetry). That part is
 * described where it starts, below the generator.
 */
#include "gen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The eight knight jumps (row step, column step), in the order the
   reference files list them: the four jumps to the right first. */
static const int jump[8][2] = {
    {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1},
};

/* Knuth's DLX2 reads item names of at most this many characters. */
enum { KNUTH_NAME_MAX = 8 };

/* Sides above this would make cell names and loop bounds awkward, and a
   board this big would already be terabytes of output. */
#define SIDE_MAX 1000000L

struct board {
    int rows, cols;
    int open;  /* --open: add the virtual vertex */
    int knuth; /* --knuth: insist that every name suits Knuth's DLX2 */
    int sized; /* N [M] were given (--show may work the size out) */
};

/* What --show does with the tours it reads. */
enum show_mode { SHOW_NONE, SHOW_TEXT, SHOW_SVG, SHOW_COUNT, SHOW_SYMMETRY };

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: gen-knight N [M] [--open] [--knuth]\n"
        "       gen-knight [N [M]] [--open] --show [--svg|--count|--symmetry] < LISTING\n"
        "Writes the in/out exact cover encoding of knight's tours on an N x M\n"
        "board (M defaults to N) in DLX2 format on stdout.\n"
        "\n"
        "Items oXY and iXY for every cell XY (a move leaves / enters XY), one\n"
        "option \"oA iB\" per directed knight move from A to B.\n"
        "\n"
        "The solutions are cycle covers, NOT tours: every cell gets one move\n"
        "out and one move in, so the board splits into disjoint cycles (a\n"
        "move and its reverse make a 2-cycle). Only the covers that are a\n"
        "single cycle are tours, each tour counted once in each direction.\n"
        "For 6 x 6: 106172416 covers, of which 19724 are single cycles, that\n"
        "is 9862 closed tours.\n"
        "\n"
        "  --open   add a virtual vertex (items ov, iv) joined both ways to\n"
        "           every cell; its cycle is an open path, and the covers that\n"
        "           are one cycle are directed open tours (5 x 5: 414736\n"
        "           covers, 1728 of them tours)\n"
        "  --knuth  check that every name is at most 8 characters, as\n"
        "           Knuth's DLX2 needs (the usual output already is)\n"
        "  --help   show this text\n"
        "\n"
        "Cells are named by two extended-hex digits (0-9 a-z A-Z), row then\n"
        "column; boards with a side over 62 use \"R.C\" in decimal.\n"
        "\n"
        "--show reads a solution listing of such a problem on stdin (dlx2 m1,\n"
        "Knuth's DLX2 m1, gen-knight-tours m1), works out the board from the\n"
        "cell names (or takes N [M] [--open] if given), skips the covers that\n"
        "are not one cycle (their number goes to stderr) and prints each tour\n"
        "as a board numbered 1, 2, ... along the tour. An open tour starts at\n"
        "the cell after v and runs as listed. A closed tour has 1 in the top\n"
        "left corner and 2 in whichever of its two tour neighbours comes first\n"
        "in reading order (row by row), so both directions look the same.\n"
        "  --svg       one SVG picture instead: each tour a path over its board\n"
        "  --count     print only the number of tours (single-cycle covers)\n"
        "  --symmetry  count the distinct tours (up to start and direction),\n"
        "              how many each symmetry of the board leaves unchanged,\n"
        "              and the classes up to symmetry (Burnside)\n"
        "Listing every cover is slow when few are tours; gen-knight-tours\n"
        "counts and lists only the tours. Examples:\n"
        "  gen-knight 5 --open | dlx2 m1 | gen-knight --show --count   (1728)\n"
        "  gen-knight 6 | gen-knight-tours m1 | gen-knight --show --symmetry\n");
}

static void parse_args(int argc, char **argv, struct board *b, enum show_mode *mode)
{
    const char *sides[2] = {NULL, NULL};
    const char *mode_arg = NULL;
    int nsides = 0, show = 0;
    memset(b, 0, sizeof *b);
    *mode = SHOW_NONE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        enum show_mode m = SHOW_NONE;
        if (!strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--open")) {
            b->open = 1;
        } else if (!strcmp(a, "--knuth")) {
            b->knuth = 1;
        } else if (!strcmp(a, "--show")) {
            show = 1;
        } else if (!strcmp(a, "--svg")) {
            m = SHOW_SVG;
        } else if (!strcmp(a, "--count")) {
            m = SHOW_COUNT;
        } else if (!strcmp(a, "--symmetry")) {
            m = SHOW_SYMMETRY;
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            /* "-3" is a (bad) size, not an option */
            gen_die("unknown option '%s' (try --help)", a);
        } else if (nsides < 2) {
            sides[nsides++] = a;
        } else {
            gen_die("too many arguments: '%s' (expected N [M])", a);
        }
        if (m != SHOW_NONE) {
            if (mode_arg && strcmp(mode_arg, a))
                gen_die("%s and %s do not go together", mode_arg, a);
            mode_arg = a;
            *mode = m;
        }
    }
    if (mode_arg && !show)
        gen_die("%s goes with --show", mode_arg);
    if (show && b->knuth)
        gen_die("--knuth goes with writing a problem, not with --show");
    if (show && *mode == SHOW_NONE)
        *mode = SHOW_TEXT;
    if (nsides == 0 && !show)
        gen_die("missing board size N (try --help)");
    if (nsides > 0) {
        b->rows = (int)gen_parse_long(sides[0], 1, SIDE_MAX, "N");
        b->cols = nsides > 1 ? (int)gen_parse_long(sides[1], 1, SIDE_MAX, "M") : b->rows;
        b->sized = 1;
    }
}

/*
 * With --knuth, refuse before writing anything if some name is too long
 * for DLX2. The last cell has the longest name (decimal "R.C" names grow
 * with R and C), so checking "o" + that cell is enough.
 */
static void check_knuth_names(const struct board *b)
{
    char cell[24];
    gen_cell_name(cell, b->rows - 1, b->cols - 1, b->rows, b->cols);
    if (b->knuth && strlen(cell) + 1 > KNUTH_NAME_MAX)
        gen_die("--knuth: item name 'o%s' is longer than %d characters",
                cell, KNUTH_NAME_MAX);
}

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
        for (int r = 0; r < b->rows; r++)
            for (int c = 0; c < b->cols; c++) {
                fputs(sep, stdout);
                put_item(b, prefix[k], r, c);
                sep = " ";
            }
    if (b->open)
        fputs(" ov iv", stdout);
    putchar('\n');
}

static void write_moves(const struct board *b)
{
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++)
            for (int j = 0; j < 8; j++) {
                long r2 = (long)r + jump[j][0], c2 = (long)c + jump[j][1];
                if (r2 < 0 || r2 >= b->rows || c2 < 0 || c2 >= b->cols)
                    continue;
                put_item(b, 'o', r, c);
                putchar(' ');
                put_item(b, 'i', (int)r2, (int)c2);
                putchar('\n');
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

/* ================================================================ --show */

/*
 * --show: from a solver's listing back to tours.
 *
 * Input. A listing as dlx2 m<n> writes it: a line "K:" starts solution K,
 * and each line after it is one chosen option, " oA iB (k of n)", or
 * " iB oA (k of n)" when the search branched on iB. Blank lines are
 * skipped; anything else stops the program with "gen-knight:
 * <stdin>:LINE: ..." and status 2.
 *
 * Vertices. Cell (r, c) of a rows x cols board is vertex r*cols + c; with
 * --open the virtual vertex v is vertex rows*cols. A cover is first kept
 * as its moves (struct move: cells as row and column, v as -1, -1),
 * because the board is known only when the first cover is complete:
 * every cell appears in every cover, so its largest row and column give
 * the size. succ[x] and pred[x] then hold the move out of and into x.
 *
 * Tours. A cover is a tour when following succ from vertex 0 visits every
 * vertex before coming back. A tour is kept as a sequence of its vertices
 * seq[0 .. vertices-1]. Its canonical form starts at the anchor (cell 0,
 * top left, for a closed tour; v for an open one) and goes first to the
 * smaller of the anchor's two neighbours, so a tour, its reverse and the
 * same tour started elsewhere all have one canonical form: that is how
 * --symmetry tells tours apart, and how closed tours are numbered.
 */

typedef unsigned long long ullng;

struct move {
    int r1, c1, r2, c2; /* from (r1, c1) to (r2, c2); -1, -1 is v */
    long line;
};

struct cover {
    char *label; /* the K of "K:" */
    long line;   /* where "K:" stands */
    struct move *move;
    size_t n, cap;
};

/* A list of tours, each `len` vertices; label[k] may be NULL. */
struct tour_list {
    int len;
    size_t n, cap;
    int *seq;
    char **label;
};

/* A list without repeats: slot[] is an open-addressing hash table of
   list indices plus one (0: empty), at most half full. */
struct tour_set {
    struct tour_list list;
    size_t *slot, nslots;
};

struct shower {
    struct board b;      /* rows, cols, open: from N [M] or the first cover */
    enum show_mode mode;
    int known;           /* the arrays below exist (from the first cover) */
    int cells, vertices; /* rows*cols; cells + 1 with v */
    int *succ, *pred;    /* the cover just read */
    int *seq, *number;   /* scratch: a tour, a numbered board */
    int *wsucc, *wpred;  /* scratch for symmetric images */
    ullng covers, tours;
    struct tour_list drawn;   /* --svg: the tours, drawn at the end */
    struct tour_set distinct; /* --symmetry: canonical forms */
};

static void out_of_memory(void)
{
    fprintf(stderr, "%s: out of memory\n", gen_prog);
    exit(3);
}

static void *xrealloc(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        out_of_memory();
    p = realloc(p, n * size > 0 ? n * size : 1);
    if (!p)
        out_of_memory();
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n, 1), s, n);
}

static void input_die(long line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void input_die(long line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: <stdin>:%ld: ", gen_prog, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* Input as a message shows it: at most 40 bytes, "..." if cut, and bytes
   that would upset a terminal as \xHH. buf needs 40*4 + 4 bytes. */
enum { QUOTE_MAX = 40, QUOTE_BUF = QUOTE_MAX * 4 + 4 };
static const char *quoted(char *buf, const char *text)
{
    size_t k = 0, i;
    text += strspn(text, " \t"); /* the indent of option lines is noise */
    for (i = 0; text[i] && i < QUOTE_MAX; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch >= 32 && ch < 127)
            buf[k++] = (char)ch;
        else
            k += (size_t)sprintf(buf + k, "\\x%02X", ch);
    }
    strcpy(buf + k, text[i] ? "..." : "");
    return buf;
}

/* ------------------------------------------------------- reading lines */

/* A decimal number of at most 6 digits (sides are below SIDE_MAX). */
static int parse_decimal(const char *w, size_t n, int *v)
{
    if (n == 0 || n > 6)
        return 0;
    *v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)w[i]))
            return 0;
        *v = *v * 10 + (w[i] - '0');
    }
    return 1;
}

/* A cell as gen_cell_name writes it, or v (row and column -1). */
static int parse_cell(const char *w, size_t n, int *r, int *c)
{
    if (n == 1 && w[0] == 'v') {
        *r = *c = -1;
        return 1;
    }
    if (n == 2) {
        *r = gen_ext_hex_value((unsigned char)w[0]);
        *c = gen_ext_hex_value((unsigned char)w[1]);
        return *r >= 0 && *c >= 0;
    }
    const char *dot = memchr(w, '.', n);
    return dot && parse_decimal(w, (size_t)(dot - w), r) &&
           parse_decimal(dot + 1, n - (size_t)(dot - w) - 1, c);
}

/* One end of a move: an item oX (out = 1) or iX. */
struct end {
    int out, r, c;
};

static int parse_item(const char *w, size_t n, struct end *e)
{
    if (n < 2 || (w[0] != 'o' && w[0] != 'i'))
        return 0;
    e->out = w[0] == 'o';
    return parse_cell(w + 1, n - 1, &e->r, &e->c);
}

static int is_knight_move(const struct move *m)
{
    if (m->r1 < 0 || m->r2 < 0)
        return m->r1 != m->r2; /* to or from v, but not v to v */
    int dr = abs(m->r1 - m->r2), dc = abs(m->c1 - m->c2);
    return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

/* Reads an option line into m: two items, then nothing or "(...)". */
static void parse_option(const char *line, long lineno, struct move *m)
{
    char q[QUOTE_BUF];
    const char *p = line;
    struct end e[2];
    for (int k = 0; k < 2; k++) {
        p += strspn(p, " \t");
        size_t n = strcspn(p, " \t");
        if (!parse_item(p, n, &e[k]))
            input_die(lineno, "'%s' is not an option of gen-knight (expected 'oXY iXY (k of n)')",
                      quoted(q, line));
        p += n;
    }
    p += strspn(p, " \t");
    size_t rest = strlen(p);
    if (rest && (p[0] != '(' || p[rest - 1] != ')'))
        input_die(lineno, "'%s' is not an option of gen-knight (expected 'oXY iXY (k of n)')",
                  quoted(q, line));
    if (e[0].out == e[1].out)
        input_die(lineno, "'%s' is not one o item and one i item", quoted(q, line));
    const struct end *from = e[0].out ? &e[0] : &e[1], *to = e[0].out ? &e[1] : &e[0];
    *m = (struct move){from->r, from->c, to->r, to->c, lineno};
    if (!is_knight_move(m))
        input_die(lineno, "'%s' is not a knight's move", quoted(q, line));
}

/* "K:" with K a number: the line that starts a solution. */
static int is_header(const char *line, size_t len)
{
    return len >= 2 && line[len - 1] == ':' && strspn(line, "0123456789") == len - 1;
}

/* ------------------------------------------------------- tour lists */

static const int *list_at(const struct tour_list *l, size_t k)
{
    return l->seq + k * (size_t)l->len;
}

static void list_push(struct tour_list *l, const int *seq, const char *label)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->seq = xrealloc(l->seq, l->cap, (size_t)l->len * sizeof(int));
        l->label = xrealloc(l->label, l->cap, sizeof(char *));
    }
    memcpy(l->seq + l->n * (size_t)l->len, seq, (size_t)l->len * sizeof(int));
    l->label[l->n++] = label ? xstrdup(label) : NULL;
}

static void list_free(struct tour_list *l)
{
    for (size_t k = 0; k < l->n; k++)
        free(l->label[k]);
    free(l->seq);
    free(l->label);
}

/* FNV-1a over the vertices: any decent mix will do, the table checks
   equality anyway. */
static size_t hash_seq(const int *seq, int len)
{
    uint64_t h = 14695981039346656037u;
    for (int k = 0; k < len; k++) {
        h ^= (uint64_t)(unsigned)seq[k];
        h *= 1099511628211u;
    }
    return (size_t)h;
}

/* The slot that holds seq, or the empty slot where it would go. */
static size_t set_slot(const struct tour_set *s, const int *seq)
{
    int len = s->list.len;
    size_t k = hash_seq(seq, len) & (s->nslots - 1);
    while (s->slot[k] && memcmp(list_at(&s->list, s->slot[k] - 1), seq, (size_t)len * sizeof(int)))
        k = (k + 1) & (s->nslots - 1);
    return k;
}

static int set_has(const struct tour_set *s, const int *seq)
{
    return s->nslots && s->slot[set_slot(s, seq)];
}

static void set_grow(struct tour_set *s)
{
    free(s->slot);
    s->nslots = s->nslots ? 2 * s->nslots : 256;
    s->slot = xrealloc(NULL, s->nslots, sizeof(size_t));
    memset(s->slot, 0, s->nslots * sizeof(size_t));
    for (size_t i = 0; i < s->list.n; i++)
        s->slot[set_slot(s, list_at(&s->list, i))] = i + 1;
}

/* Adds seq unless it is there already; returns 1 if it was new. */
static int set_add(struct tour_set *s, const int *seq)
{
    if (2 * (s->list.n + 1) > s->nslots)
        set_grow(s);
    size_t k = set_slot(s, seq);
    if (s->slot[k])
        return 0;
    list_push(&s->list, seq, NULL);
    s->slot[k] = s->list.n;
    return 1;
}

static void set_free(struct tour_set *s)
{
    list_free(&s->list);
    free(s->slot);
}

/* ------------------------------------------------- covers and tours */

static int anchor(const struct shower *sh)
{
    return sh->b.open ? sh->cells : 0;
}

/* The vertex of (r, c), or v for -1, -1; dies if it is not on the board. */
static int vertex_of(const struct shower *sh, int r, int c, long line)
{
    if (r < 0) {
        if (!sh->b.open)
            input_die(line, "the virtual vertex v on a board without --open");
        return sh->b.rows * sh->b.cols;
    }
    if (r >= sh->b.rows || c >= sh->b.cols) {
        char name[24];
        input_die(line, "cell %s is off the %d x %d board", gen_cell_name(name, r, c, r + 1, c + 1),
                  sh->b.rows, sh->b.cols);
    }
    return r * sh->b.cols + c;
}

static const char *vertex_name(const struct shower *sh, char *buf, int x)
{
    if (x == sh->cells)
        return strcpy(buf, "v");
    return gen_cell_name(buf, x / sh->b.cols, x % sh->b.cols, sh->b.rows, sh->b.cols);
}

/* The size of the board, from the first cover unless N [M] gave it:
   every cell is in every cover, so its largest row and column tell. */
static void size_board(struct shower *sh, const struct cover *cv)
{
    int rows = 0, cols = 0;
    for (size_t k = 0; k < cv->n; k++) {
        const struct move *m = &cv->move[k];
        rows = m->r1 + 1 > rows ? m->r1 + 1 : rows;
        rows = m->r2 + 1 > rows ? m->r2 + 1 : rows;
        cols = m->c1 + 1 > cols ? m->c1 + 1 : cols;
        cols = m->c2 + 1 > cols ? m->c2 + 1 : cols;
        if (m->r1 < 0 || m->r2 < 0)
            sh->b.open = 1;
    }
    if (!rows)
        input_die(cv->line, "solution %s is empty", cv->label);
    sh->b.rows = rows, sh->b.cols = cols, sh->b.sized = 1;
}

/* Every move of the cover is on the board, and there is one per vertex
   (checked before the first allocation, so that a bogus listing cannot
   ask for a huge board). */
static void check_cover_fits(const struct shower *sh, const struct cover *cv)
{
    for (size_t k = 0; k < cv->n; k++) {
        const struct move *m = &cv->move[k];
        vertex_of(sh, m->r1, m->c1, m->line);
        vertex_of(sh, m->r2, m->c2, m->line);
    }
    long long need = (long long)sh->b.rows * sh->b.cols + sh->b.open;
    if (need != (long long)cv->n)
        input_die(cv->line, "solution %s has %zu move%s, but a %d x %d board%s needs %lld",
                  cv->label, cv->n, cv->n == 1 ? "" : "s", sh->b.rows, sh->b.cols,
                  sh->b.open ? " with v" : "", need);
}

static void allocate_board(struct shower *sh)
{
    sh->cells = sh->b.rows * sh->b.cols;
    sh->vertices = sh->cells + sh->b.open;
    size_t v = (size_t)sh->vertices;
    sh->succ = xrealloc(NULL, v, sizeof(int));
    sh->pred = xrealloc(NULL, v, sizeof(int));
    sh->seq = xrealloc(NULL, v, sizeof(int));
    sh->number = xrealloc(NULL, v, sizeof(int));
    sh->wsucc = xrealloc(NULL, v, sizeof(int));
    sh->wpred = xrealloc(NULL, v, sizeof(int));
    sh->drawn.len = sh->cells;
    sh->distinct.list.len = sh->vertices;
    sh->known = 1;
}

/* Fills succ and pred from the moves of a cover that fits the board;
   dies unless every vertex has one move out and one move in. */
static void link_cover(struct shower *sh, const struct cover *cv)
{
    char name[24];
    for (int x = 0; x < sh->vertices; x++)
        sh->succ[x] = sh->pred[x] = -1;
    for (size_t k = 0; k < cv->n; k++) {
        const struct move *m = &cv->move[k];
        int a = vertex_of(sh, m->r1, m->c1, m->line), b = vertex_of(sh, m->r2, m->c2, m->line);
        if (sh->succ[a] >= 0)
            input_die(m->line, "solution %s has two moves out of %s", cv->label,
                      vertex_name(sh, name, a));
        if (sh->pred[b] >= 0)
            input_die(m->line, "solution %s has two moves into %s", cv->label,
                      vertex_name(sh, name, b));
        sh->succ[a] = b;
        sh->pred[b] = a;
    }
    /* as many moves as vertices, none twice: so none is missing either */
}

static int is_one_cycle(const struct shower *sh)
{
    int x = 0, length = 0;
    do {
        x = sh->succ[x];
        length++;
    } while (x != 0);
    return length == sh->vertices;
}

/* seq = the cycle of succ/pred from `from`, first along succ if forward. */
static void walk(const int *succ, const int *pred, int vertices, int from, int forward, int *seq)
{
    const int *step = forward ? succ : pred;
    for (int k = 0, x = from; k < vertices; k++, x = step[x])
        seq[k] = x;
}

static void canonical(const int *succ, const int *pred, int vertices, int from, int *seq)
{
    walk(succ, pred, vertices, from, succ[from] <= pred[from], seq);
}

/*
 * The cells of the tour in the order they are numbered: an open tour
 * from the cell after v, as the cover runs; a closed one canonically,
 * from the top left cell towards its smaller neighbour.
 */
static const int *numbering_order(struct shower *sh)
{
    if (sh->b.open) {
        walk(sh->succ, sh->pred, sh->vertices, sh->cells, 1, sh->seq);
        return sh->seq + 1;
    }
    canonical(sh->succ, sh->pred, sh->vertices, 0, sh->seq);
    return sh->seq;
}

/* ------------------------------------------------------------ pictures */

static int decimal_width(long long n)
{
    int w = 1;
    while (n >= 10)
        n /= 10, w++;
    return w;
}

static void print_text_tour(struct shower *sh, const int *order, const char *label)
{
    int width = decimal_width(sh->cells);
    for (int k = 0; k < sh->cells; k++)
        sh->number[order[k]] = k + 1;
    if (sh->tours > 1)
        putchar('\n');
    printf("tour %llu (solution %s)\n", sh->tours, label);
    for (int r = 0; r < sh->b.rows; r++) {
        for (int c = 0; c < sh->b.cols; c++)
            printf("%s%*d", c ? " " : "", width, sh->number[r * sh->b.cols + c]);
        putchar('\n');
    }
}

/* SVG geometry, in pixels: a panel per tour, up to SVG_PER_ROW a row. */
enum {
    SVG_CELL = 40, SVG_LABEL = 24, SVG_GAP = 24, SVG_MARGIN = 12,
    SVG_MIN_WIDTH = 180, SVG_PER_ROW = 4
};

static long long cell_x(const struct shower *sh, int cell)
{
    return (long long)(cell % sh->b.cols) * SVG_CELL + SVG_CELL / 2;
}

static long long cell_y(const struct shower *sh, int cell)
{
    return SVG_LABEL + (long long)(cell / sh->b.cols) * SVG_CELL + SVG_CELL / 2;
}

static void svg_board(const struct shower *sh)
{
    for (int r = 0; r < sh->b.rows; r++)
        for (int c = 0; c < sh->b.cols; c++)
            printf("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                   c * SVG_CELL, SVG_LABEL + r * SVG_CELL, SVG_CELL, SVG_CELL,
                   (r + c) % 2 ? "#b58863" : "#f0d9b5");
}

/* The tour as one path: M to the first cell, L to each next one, Z back
   to the start for a closed tour. Ten points a line keeps diffs small. */
static void svg_path(const struct shower *sh, const int *order)
{
    fputs("<path fill=\"none\" stroke=\"#1f3f8f\" stroke-width=\"3\" stroke-linejoin=\"round\" "
          "stroke-opacity=\"0.85\" d=\"", stdout);
    for (int k = 0; k < sh->cells; k++)
        printf("%s%c%lld %lld", k == 0 ? "" : k % 10 ? " " : "\n", k ? 'L' : 'M',
               cell_x(sh, order[k]), cell_y(sh, order[k]));
    fputs(sh->b.open ? "\"/>\n" : " Z\"/>\n", stdout);
}

static void svg_tour(const struct shower *sh, size_t k, long long x, long long y)
{
    const int *order = list_at(&sh->drawn, k);
    int first = order[0], last = order[sh->cells - 1];
    printf("<g transform=\"translate(%lld,%lld)\">\n", x, y);
    printf("<text x=\"0\" y=\"16\" font-size=\"14\">tour %zu (solution %s)</text>\n", k + 1,
           sh->drawn.label[k]);
    svg_board(sh);
    svg_path(sh, order);
    for (int i = 0; i < sh->cells; i++)
        printf("<text x=\"%lld\" y=\"%lld\" font-size=\"10\" fill=\"#333\">%d</text>\n",
               cell_x(sh, order[i]) - SVG_CELL / 2 + 3, cell_y(sh, order[i]) - SVG_CELL / 2 + 11,
               i + 1);
    /* a filled dot where the tour starts; an open tour ends at a ring */
    printf("<circle cx=\"%lld\" cy=\"%lld\" r=\"6\" fill=\"#c03020\"/>\n", cell_x(sh, first),
           cell_y(sh, first));
    if (sh->b.open)
        printf("<circle cx=\"%lld\" cy=\"%lld\" r=\"6\" fill=\"#ffffff\" stroke=\"#c03020\" "
               "stroke-width=\"2\"/>\n", cell_x(sh, last), cell_y(sh, last));
    puts("</g>");
}

static void print_svg(const struct shower *sh)
{
    size_t n = sh->drawn.n, across = n < SVG_PER_ROW ? n : SVG_PER_ROW;
    size_t down = (n + SVG_PER_ROW - 1) / SVG_PER_ROW;
    long long pw = 0, ph = 0, width = 0, height = 0;
    if (n) {
        pw = (long long)sh->b.cols * SVG_CELL;
        pw = pw < SVG_MIN_WIDTH ? SVG_MIN_WIDTH : pw;
        ph = SVG_LABEL + (long long)sh->b.rows * SVG_CELL;
        width = 2 * SVG_MARGIN + (long long)across * (pw + SVG_GAP) - SVG_GAP;
        height = 2 * SVG_MARGIN + (long long)down * (ph + SVG_GAP) - SVG_GAP;
    }
    puts("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%lld\" "
           "height=\"%lld\" viewBox=\"0 0 %lld %lld\" font-family=\"sans-serif\">\n",
           width, height, width, height);
    if (n)
        printf("<title>%zu knight's tour%s on a %d x %d board</title>\n", n, n == 1 ? "" : "s",
               sh->b.rows, sh->b.cols);
    else
        puts("<title>no knight's tours</title>");
    for (size_t k = 0; k < n; k++)
        svg_tour(sh, k, SVG_MARGIN + (long long)(k % SVG_PER_ROW) * (pw + SVG_GAP),
                 SVG_MARGIN + (long long)(k / SVG_PER_ROW) * (ph + SVG_GAP));
    puts("</svg>");
}

/* ------------------------------------------------------------ symmetry */

enum { SYMMETRIES = 8 };

static const char *const symmetry_name[SYMMETRIES] = {
    "identity", "rotation by 90", "rotation by 180", "rotation by 270",
    "left-right reflection", "top-bottom reflection",
    "reflection in the main diagonal", "reflection in the other diagonal",
};

/* Rotations by 90 and 270 and the diagonal reflections turn an N x M
   board into an M x N one: symmetries only when N == M. */
static int symmetry_fits(const struct board *b, int g)
{
    return b->rows == b->cols || g == 0 || g == 2 || g == 4 || g == 5;
}

/* Where symmetry g takes vertex x; v stays where it is. Rotations turn
   clockwise: the top row becomes the right column. */
static int map_vertex(const struct shower *sh, int g, int x)
{
    if (x == sh->cells)
        return x;
    int r = x / sh->b.cols, c = x % sh->b.cols, R = sh->b.rows - 1, C = sh->b.cols - 1, r2, c2;
    switch (g) {
    case 0: r2 = r, c2 = c; break;
    case 1: r2 = c, c2 = R - r; break;
    case 2: r2 = R - r, c2 = C - c; break;
    case 3: r2 = C - c, c2 = r; break;
    case 4: r2 = r, c2 = C - c; break;
    case 5: r2 = R - r, c2 = c; break;
    case 6: r2 = c, c2 = r; break;
    default: r2 = C - c, c2 = R - r; break;
    }
    return r2 * sh->b.cols + c2;
}

/* img = the canonical form of the tour seq moved by symmetry g. */
static void image_of(struct shower *sh, int g, const int *seq, int *img)
{
    int n = sh->vertices;
    for (int k = 0; k < n; k++) {
        int a = map_vertex(sh, g, seq[k]), b = map_vertex(sh, g, seq[(k + 1) % n]);
        sh->wsucc[a] = b;
        sh->wpred[b] = a;
    }
    canonical(sh->wsucc, sh->wpred, n, anchor(sh), img);
}

static int seq_cmp(const int *a, const int *b, int n)
{
    for (int k = 0; k < n; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

/*
 * For every distinct tour read: which symmetries leave it unchanged,
 * whether its images were read too (Burnside's count needs a set closed
 * under the symmetries, that is, all tours), and the smallest canonical
 * form among its images, which names its class.
 */
static void report_symmetry(struct shower *sh)
{
    const struct tour_list *d = &sh->distinct.list;
    int n = sh->vertices, groups = 0;
    ullng fixed[SYMMETRIES] = {0}, missing = 0, sum = 0;
    struct tour_set classes = {.list = {.len = n}};
    int *img = xrealloc(NULL, (size_t)n + 1, sizeof(int));
    int *best = xrealloc(NULL, (size_t)n + 1, sizeof(int));
    for (size_t t = 0; t < d->n; t++) {
        const int *seq = list_at(d, t);
        memcpy(best, seq, (size_t)n * sizeof(int));
        for (int g = 0; g < SYMMETRIES; g++) {
            if (!symmetry_fits(&sh->b, g))
                continue;
            image_of(sh, g, seq, img);
            fixed[g] += !seq_cmp(img, seq, n);
            missing += !set_has(&sh->distinct, img);
            if (seq_cmp(img, best, n) < 0)
                memcpy(best, img, (size_t)n * sizeof(int));
        }
        set_add(&classes, best);
    }
    if (sh->known || sh->b.sized)
        printf("board: %d x %d, %s tours\n", sh->b.rows, sh->b.cols, sh->b.open ? "open" : "closed");
    else
        printf("board: unknown (no solutions read)\n");
    printf("covers read: %llu\ntours read: %llu\n", sh->covers, sh->tours);
    printf("distinct tours: %zu (up to where a tour starts and which way it runs)\n", d->n);
    for (int g = 0; g < SYMMETRIES; g++) {
        if (!symmetry_fits(&sh->b, g)) {
            printf("invariant under %s: - (not a symmetry of a %d x %d board)\n",
                   symmetry_name[g], sh->b.rows, sh->b.cols);
            continue;
        }
        groups++;
        sum += fixed[g];
        printf("invariant under %s: %llu\n", symmetry_name[g], fixed[g]);
    }
    if (missing)
        printf("classes up to symmetry: - (Burnside needs every image of every tour; "
               "%llu images were not read)\n", missing);
    else
        printf("classes up to symmetry: %llu (Burnside: %llu / %d)\n", sum / (ullng)groups, sum,
               groups);
    printf("classes among the tours read: %zu\n", classes.list.n);
    free(img);
    free(best);
    set_free(&classes);
}

/* ------------------------------------------------------------ driver */

/* A complete cover: check it, and if it is one cycle, use it. */
static void take_cover(struct shower *sh, const struct cover *cv)
{
    if (!sh->b.sized)
        size_board(sh, cv);
    check_cover_fits(sh, cv);
    if (!sh->known)
        allocate_board(sh);
    link_cover(sh, cv);
    sh->covers++;
    if (!is_one_cycle(sh))
        return;
    sh->tours++;
    switch (sh->mode) {
    case SHOW_TEXT:
        print_text_tour(sh, numbering_order(sh), cv->label);
        break;
    case SHOW_SVG:
        list_push(&sh->drawn, numbering_order(sh), cv->label);
        break;
    case SHOW_SYMMETRY:
        canonical(sh->succ, sh->pred, sh->vertices, anchor(sh), sh->seq);
        set_add(&sh->distinct, sh->seq);
        break;
    default:
        break;
    }
}

static void add_move(struct cover *cv, const struct move *m)
{
    if (cv->n == cv->cap) {
        cv->cap = cv->cap ? 2 * cv->cap : 64;
        cv->move = xrealloc(cv->move, cv->cap, sizeof *cv->move);
    }
    cv->move[cv->n++] = *m;
}

static void read_listing(struct shower *sh)
{
    char *line = NULL, q[QUOTE_BUF];
    size_t cap = 0;
    ssize_t got;
    long lineno = 0;
    struct cover cv = {0};
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        size_t len = (size_t)got;
        lineno++;
        if (memchr(line, '\0', len))
            input_die(lineno, "NUL byte in the input");
        while (len && isspace((unsigned char)line[len - 1]))
            line[--len] = '\0';
        if (strspn(line, " \t") == len)
            continue;
        if (is_header(line, len)) {
            if (cv.label)
                take_cover(sh, &cv);
            free(cv.label);
            line[len - 1] = '\0';
            cv.label = xstrdup(line);
            cv.line = lineno;
            cv.n = 0;
            continue;
        }
        if (!cv.label)
            input_die(lineno, "expected 'K:', the start of solution K, not '%s'", quoted(q, line));
        struct move m;
        parse_option(line, lineno, &m);
        add_move(&cv, &m);
    }
    if (ferror(stdin))
        gen_die("error reading stdin");
    if (cv.label)
        take_cover(sh, &cv);
    free(cv.label);
    free(cv.move);
    free(line);
}

static int show_tours(const struct board *b, enum show_mode mode)
{
    struct shower sh = {.b = *b, .mode = mode};
    read_listing(&sh);
    if (mode == SHOW_COUNT)
        printf("%llu\n", sh.tours);
    else if (mode == SHOW_SVG)
        print_svg(&sh);
    else if (mode == SHOW_SYMMETRY)
        report_symmetry(&sh);
    if (fflush(stdout) != 0 || ferror(stdout))
        gen_die("error writing the output");
    if (sh.covers > sh.tours)
        fprintf(stderr, "%s: rejected %llu of %llu covers: not one single cycle\n", gen_prog,
                sh.covers - sh.tours, sh.covers);
    else if (!sh.covers && (mode == SHOW_TEXT || mode == SHOW_SVG))
        fprintf(stderr, "%s: no solutions on stdin\n", gen_prog);
    free(sh.succ);
    free(sh.pred);
    free(sh.seq);
    free(sh.number);
    free(sh.wsucc);
    free(sh.wpred);
    list_free(&sh.drawn);
    set_free(&sh.distinct);
    return 0;
}

/* ---------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    struct board b;
    enum show_mode mode;
    gen_init(argc, argv);
    parse_args(argc, argv, &b, &mode);
    if (mode != SHOW_NONE)
        return show_tours(&b, mode);
    check_knuth_names(&b);
    gen_write_command(stdout, argc, argv);
    write_items(&b);
    write_moves(&b);
    if (b.open)
        write_virtual_moves(&b);
    if (fflush(stdout) != 0 || ferror(stdout))
        gen_die("error writing the output");
    return 0;
}
