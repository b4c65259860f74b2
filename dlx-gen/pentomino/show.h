/*
 * show.h — what show.c (reading a listing of tilings) hands to draw.c
 * (drawing them): the pieces met, the solution read, and the pictures
 * made so far.
 */
#ifndef DLX_GEN_PENTOMINO_SHOW_H
#define DLX_GEN_PENTOMINO_SHOW_H

#include <stdio.h>

#include "listing.h"
#include "pentomino.h"

/* The pieces met: the set's first, then unknown ones as the listing names them. */
struct registry {
    int n;
    size_t cap;
    char **name;    /* what the pictures call the piece (printable) */
    char **label;   /* what the listing calls it (differs under --knuth) */
    long *used_in;  /* serial number of the last solution using it */
    int *times;     /* how many times that solution uses it */
};

/* A tile: one piece as laid in the solution being read (an option of
   it). A piece laid more than once (--copies) has its tiles numbered
   1, 2, ... in reading order of their first cells; copy is 0 for a piece
   laid once. name is what the pictures call the tile: the piece's name,
   then the copy number (after a '-' if the name ends in a digit). */
struct tile {
    int piece;  /* registry index */
    int copy;
    int copies; /* how many tiles of the piece the solution has */
    char *name;
};

/* A solution as a picture: owner[r*cols+c] is a tile index, or -1. */
struct grid {
    int rows, cols;
    int *owner;
};

/* A cell covered in the solution being read. */
struct entry {
    int r, c, tile;
    long line;
    char cell[24]; /* the cell's name as written, for messages */
};

/* Everything the drawing needs to know while reading the listing. */
struct viewer {
    const struct box *given;  /* ROWS x COLS from the arguments, or NULL */
    const struct listing *ls;
    struct registry reg;
    int nset;                 /* the first nset pieces of reg are the set */
    int copies;               /* the most times a piece may appear (--copies) */
    long serial;              /* solutions read */
    int n;                    /* the solution's entries */
    size_t cap;
    struct entry *e;
    int ntiles;               /* the solution's tiles, in the listing's order */
    size_t tile_cap;
    struct tile *tile;
    int *order;               /* the tiles by piece (registry order), then copy */
    struct grid grid;         /* the solution just read, to draw */
    size_t grid_cap;
    int svg;
    long pictures;
    FILE *body;               /* --svg: the pictures, written after the header */
    char *body_text;
    size_t body_len;
    int width, height;        /* --svg: size of everything drawn so far */
};

/* The solution just read as letters; as one more SVG picture; the SVG
   document around the pictures. */
void tiling_text(const struct viewer *v);
void tiling_svg(struct viewer *v);
void tiling_svg_document(struct viewer *v);

#endif
