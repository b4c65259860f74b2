/*
 * pentomino.h — what the files of gen-pentomino share.
 *
 * gen-pentomino writes the problem of tiling a box with a set of
 * polyominoes (encode.c). Its parts: shapes and their orientations
 * (shapes.c), the sets of pieces, built in or read from shape files
 * (pieces.c), the box with its holes and symmetries (box.c), the
 * restriction of --unique (unique.c); and for --show, the reading of a
 * solver's listing (show.c) and the pictures (draw.c). main.c reads the
 * command line. formats/pentomino.md describes it all.
 *
 * Data layout: a shape is a sorted array of cells, normalized to touch
 * row 0 and column 0; a piece holds its orientations; a placement is a
 * piece and its own sorted array of cell indices r*cols+c (row-major
 * order is index order); all placements of all pieces are kept in output
 * order in one array, so that --unique can mark some to drop and some to
 * carry secondary items before anything is written.
 */
#ifndef DLX_GEN_PENTOMINO_H
#define DLX_GEN_PENTOMINO_H

#include <stddef.h>

#include "gen.h"

/* A box side above this is surely a mistake; it keeps r*cols+c in int. */
#define SIDE_MAX 30000L

/* ---- shapes.c ---- */

struct cell {
    int r, c;
};

/* A set of cells, normalized: smallest row and column 0, sorted by row
   then column; h and w are the height and width of its bounding box. */
struct shape {
    int n, h, w;
    struct cell *cell;
};

/* A list of shapes. */
struct shapes {
    int n;
    size_t cap;
    struct shape *s;
};

void shape_normalize(struct shape *s);
int shape_has(const struct shape *s, int r, int c);

/* The distinct orientations of base: a breadth-first closure under the
   quarter turn and the transposition, in the order they are found. */
struct shapes shape_orientations(const struct shape *base);

/* All free polyominoes of n cells, each in its canonical form (its least
   orientation), sorted. */
struct shapes shape_free_polyominoes(int n);

/* ---- pieces.c ---- */

struct piece {
    char *name;           /* as the set names it */
    char *label;          /* as written in the output (differs under --knuth) */
    struct shapes orient; /* orient.s[0] is the shape as drawn */
    long line, col;       /* where a shape file names it */
};

struct pieceset {
    int n;
    size_t cap;
    struct piece *p;
    const char *what;     /* "pentominoes", ..., or the file name */
    const char *file;     /* the shape file for messages ("<stdin>"), or NULL */
};

/* The set spec names: a built-in set, or a shape file ("-": stdin); a
   name that is neither is refused with the names of the built-in sets. */
void pieceset_load(struct pieceset *set, const char *spec);
void pieceset_free(struct pieceset *set);

/* Draws every piece as drawn first, in the shape-file format. */
void pieceset_list(const struct pieceset *set);

/* The cells of all the pieces together. */
long pieceset_area(const struct pieceset *set);

/* Under --knuth, names longer than DLX2 reads become "#k". */
void pieceset_knuth_labels(struct pieceset *set);

/* ---- box.c ---- */

struct box {
    int rows, cols;
    unsigned char *hole; /* hole[r*cols+c]: the cell is not part of the box */
    long ncells;         /* cells that are part of the box */
};

/* A rows x cols box, without holes. */
void box_init(struct box *b, int rows, int cols);

/* --hole CELLS: comma-separated cell names. */
void box_punch(struct box *b, const char *list);

/* The name of cell idx, in buf (24 bytes). */
const char *box_cell_name(const struct box *b, int idx, char buf[24]);

/* The index of the cell named name, or -1. */
int box_cell_index(const struct box *b, const char *name);

/*
 * The symmetries of the rectangle, as 3-bit codes: bit 2 transposes
 * (square boxes only), then bit 0 flips the rows and bit 1 the columns.
 */
int box_transform(const struct box *b, int g, int idx);

/* The symmetries that map the box (with its holes) onto itself: a bit
   mask over the codes 0..7. */
unsigned box_symmetries(const struct box *b);

/* ---- encode.c: the problem ---- */

struct placement {
    int piece;
    int *cell;       /* sorted cell indices, r*cols+c */
    unsigned extra;  /* --unique: bit k set = carries secondary item #s(k+1) */
    int dropped;     /* --unique: not written */
};

struct placements {
    int n;
    size_t cap;
    struct placement *pl;
    int *first;      /* first[k]: index of piece k's first placement; first[npieces] = n */
};

/* What the problem is to be. */
/* How many times each piece is used: between lo and hi (--copies). */
struct copies {
    int lo, hi;
};
#define COPIES_MAX 9999999 /* 7 digits: what Knuth's DLX3 reads */
#define SAMPLES_MAX 1000000L /* --sample: a million pictures at the most */

struct request {
    int unique, knuth, force;
    struct copies copies;
};

/* Writes the problem of tiling b with set on out. */
void pentomino_write(FILE *out, struct pieceset *set, const struct box *b,
                     const struct request *rq);

/* ---- sample.c: --sample ---- */

/* Draws n tilings of b uniformly at random (the same seed, the same
   tilings) and draws them as --show does (as SVG if svg). */
void pentomino_sample(struct pieceset *set, const struct box *b, const struct request *rq,
                      unsigned long long n, long seed, int svg);

/* ---- unique.c: --unique ---- */

/* The group of the square has 10 subgroups, 9 of them nontrivial: at most
   that many secondary items #sK can be needed. */
enum { MAX_SUBGROUPS = 9 };

struct unique_report {
    unsigned group;   /* the box's symmetries */
    int p, nkept;     /* the restricted piece and its placements kept; p -1: none */
    int nsub;         /* subgroups that needed a second piece */
    unsigned sub[MAX_SUBGROUPS];
    int q[MAX_SUBGROUPS]; /* the second piece for each */
};

/* Drops and marks placements so that each class of tilings is one. */
void unique_restrict(const struct pieceset *set, const struct box *b, struct placements *ps,
                     struct unique_report *u);

/* ---- show.c and draw.c: --show, --svg ---- */

/* Reads the listing (NULL: stdin; or, if text is not NULL, text, which
   listing names) and draws every tiling; given is the box of the
   arguments, or NULL to work it out from the cell names. Returns the
   exit status (listing_none's when a listing read holds no tiling). */
int pentomino_show(const struct pieceset *set, const struct box *given, int svg, int copies,
                   const char *listing, const char *text);

#endif
