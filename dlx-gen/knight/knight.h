/*
 * knight.h — what the files of gen-knight share: the board, the tours
 * --show reads back, and the functions of each file.
 *
 * gen-knight writes knight's tours as an exact cover problem (encode.c)
 * and with --show reads a solver's listing of it back (show.c), keeps
 * the covers that are tours and draws them (draw.c), or counts them, or
 * reports their symmetries (symmetry.c). Tours are kept as sequences of
 * vertices in lists and sets (tours.c). main.c reads the command line.
 */
#ifndef DLX_GEN_KNIGHT_H
#define DLX_GEN_KNIGHT_H

#include <stddef.h>

#include "gen.h"

typedef unsigned long long ullng;

struct board {
    int rows, cols;
    int open;   /* --open: the virtual vertex v */
    int sized;  /* N [M] were given (--show may work the size out) */
};

/* Board sides above this would make cell names and loop bounds awkward. */
#define SIDE_MAX 1000000L

/* ---- encode.c: the problem ---- */

/* Writes the problem on stdout; knuth checks DLX2's name length, force
   allows an output of more than 1 GB. */
void knight_write(const struct board *b, int knuth, int force);

/* The eight knight jumps (row step, column step), in output order. */
extern const int knight_jump[8][2];

/* ---- tours.c: lists of tours ---- */

/* A list of tours, each len vertices; label[k] may be NULL. */
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

const int *tour_list_at(const struct tour_list *l, size_t k);
void tour_list_push(struct tour_list *l, const int *seq, const char *label);
void tour_list_free(struct tour_list *l);
int tour_set_has(const struct tour_set *s, const int *seq);
int tour_set_add(struct tour_set *s, const int *seq);   /* 1 if seq was new */
void tour_set_free(struct tour_set *s);

/* seq = the cycle of succ/pred from `from`, first along succ if forward. */
void tour_walk(const int *succ, const int *pred, int vertices, int from, int forward, int *seq);

/* seq = the cycle from `from` towards its smaller neighbour: one
   sequence for a tour whichever way it runs. */
void tour_canonical(const int *succ, const int *pred, int vertices, int from, int *seq);

/* ---- show.c: reading tours back ---- */

/* What --show does with the tours it reads. */
enum show_mode { SHOW_NONE, SHOW_TEXT, SHOW_SVG, SHOW_COUNT, SHOW_SYMMETRY };

/*
 * Vertices: cell (r, c) is r * cols + c; with --open the virtual vertex
 * v is rows * cols. succ[x] and pred[x] hold the move out of and into x
 * of the cover just read.
 */
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

/* Reads the listing (NULL: stdin) and does what mode says with its tours. */
int knight_show(const struct board *b, enum show_mode mode, const char *listing);

/* ---- draw.c: pictures ---- */

/* The tour numbered along order (cells) as a board of numbers. */
void knight_draw_text(struct shower *sh, const int *order, const char *label);

/* Every tour of sh->drawn as one SVG document. */
void knight_draw_svg(const struct shower *sh);

/* ---- symmetry.c ---- */

/* The report of --symmetry on the tours in sh->distinct. */
void knight_symmetry(struct shower *sh);

/* The anchor of canonical forms (show.c files a tour by its form): cell
   0 for closed tours, v for open. */
int knight_anchor(const struct shower *sh);

#endif
