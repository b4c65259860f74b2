/*
 * crossword.h — what the files of gen-crossword share.
 *
 * gen-crossword fills a crossword grid from a word list, as an XCC
 * problem: grid.c reads the grid and finds its slots, encode.c reads the
 * word lists and writes the problem, show.c draws the solutions of a
 * listing, main.c reads the command line. formats/crossword.md says more.
 *
 * GRID is a text file, one line per row: '#' is a black square, '.' an
 * open square to fill, any other character a letter already given. Lines
 * starting with '|' are comments; blank lines may come before and after
 * the rows, not between them; white space at the end of a line is
 * ignored. Each WORDLIST holds one word a line; several lists are merged
 * in order. Without one, /usr/share/dict/words is read (Debian's
 * wamerican), keeping only the lines made of the letters a-z alone. Any
 * of the files may be "-", stdin.
 *
 * Data: the grid is rows x cols letters, BLACK for '#', OPEN for '.';
 * in_slot[] marks the squares that some slot covers; words are grouped
 * by length in by_len[] so a slot looks only at the words that fit.
 */
#ifndef DLX_GEN_CROSSWORD_H
#define DLX_GEN_CROSSWORD_H

#include <stddef.h>
#include <stdint.h>

#include "gen.h"
#include "words.h"

#define DEFAULT_WORDS "/usr/share/dict/words"

/* Square values besides letters (code points are below 0x110000). */
#define OPEN 0
#define BLACK UINT32_MAX

struct slot {
    int r, c;           /* first square */
    int down;           /* 0 across, 1 down */
    int len;
};

struct option {
    size_t slot, word;      /* indexes into slot[] and words.w[] */
};

struct problem {
    const char *grid_name;  /* the grid file, for messages */
    int rows, cols;
    uint32_t *sq;           /* rows * cols squares: BLACK, OPEN or a letter */
    long first_line;        /* line of the first row in the grid file */
    struct slot *slot;
    size_t nslots, slot_cap;
    char *in_slot;          /* rows * cols flags */
    char *starts_across;    /* rows * cols flags: an across slot starts here */
    char *starts_down;
    struct wordlist words;
    char *lists;            /* the word lists' names, for messages: "a.txt, b.txt" */
    int nlists;
    size_t **by_len;        /* by_len[k]: indexes of the words of k letters */
    size_t *by_len_n;
    size_t max_len;
    struct option *option;  /* the options in output order */
    size_t noptions;
    char *used;             /* words.n flags: the word is in some option */
    int knuth, force;
    struct knuth_colors colors;
    uint32_t *row;          /* the row being read */
    size_t row_cap;
    long *row_line;         /* rows entries: the line of each row in the grid file */
};

/* ---- grid.c ---- */

/* Reads the grid file path ("-": stdin), then finds its slots. */
void read_grid(struct problem *p, const char *path);
void find_slots(struct problem *p);

/* The square (r, c): BLACK, OPEN or a letter. */
uint32_t square(const struct problem *p, int r, int c);

/* "aRC" or "dRC", the name of slot s, into buf (32 bytes). */
void slot_name(char *buf, const struct problem *p, const struct slot *s);

/* ---- encode.c ---- */

/* Reads the word lists (none: the default), keeps each word once. */
void read_words(struct problem *p, const char *const *lists, int nlists);

/* Lists the options; first (store 0) counts them and returns the bytes
   they will take, warning of slots no word fits. */
double find_options(struct problem *p, int store);

/* Writes the problem. */
void write_crossword(struct problem *p);

/* ---- show.c ---- */

/* --show: draws the listing (NULL: stdin), over the grid if there is one
   (NULL: none); colors is the --knuth problem of --colors, or NULL. */
int show_crossword(struct problem *p, const char *grid, const char *listing, const char *colors);

#endif
