/*
 * zebra.h — what the files of gen-zebra share.
 *
 * A puzzle has H houses in a row and some categories (nationality, job,
 * pet, ...), each with exactly H values; every house gets one value of
 * each category, all different. Clues relate values: same house, next to,
 * immediately left of, in house k, or just "exists". The puzzle comes
 * from the clue language of formats/zebra.md (clues.c); gen-zebra writes
 * it as an XCC problem (encode.c), reads a solver's listing of it back
 * and answers its questions in words (show.c, english.c), or makes new
 * puzzles (generate.c). main.c reads the command line.
 *
 * Data layout: categories in declaration order, each with its values; a
 * value is referred to by (category, index), or by its flat number
 * category * H + index in the per-value arrays (question flags, phrases);
 * clues in order, the implicit "exists" clues after the written ones.
 */
#ifndef DLX_GEN_ZEBRA_H
#define DLX_GEN_ZEBRA_H

#include <stddef.h>
#include <stdio.h>

#include "gen.h"

/* ---- clues.c: the puzzle and its clue language ---- */

struct category {
    char *tag;     /* letters; slot items are tag + house */
    char **value;  /* one value per house, as declared */
    long *col;     /* the column of each value on the line */
    long line;     /* where it was declared */
    long tag_col;
};

struct value_ref {
    int cat, idx;
};

enum clue_kind { SAME, NEXT_TO, LEFT_OF, IN_HOUSE, EXISTS };

struct clue {
    enum clue_kind kind;
    struct value_ref a, b; /* b unused for IN_HOUSE and EXISTS */
    int house;             /* IN_HOUSE: 0-based */
    char *text;            /* the clue's words, for the comments */
    long line;             /* where it was written; 0 if added */
};

/* An English phrase for a value (english.c). */
struct phrase;

struct puzzle {
    const char *file;      /* where it was read ("<stdin>"), or NULL for a built-in */
    struct category *cat;
    int ncat;
    size_t catcap;
    int houses;            /* 0 until the first category fixes it */
    struct clue *clue;
    int nclue;
    size_t cluecap;
    int nwritten;          /* clues from the text; the rest are implicit */
    char *question;        /* per value (flat number): only "exists" names it */
    const struct phrase **phrase; /* per value: its English, or NULL */
};

/* The classic puzzle, and its categories grown to 10 values each. */
extern const char zebra_classic[], zebra_classic_grown[];

/* Reads a puzzle from a file ("-": stdin), or the built-in text called name. */
void puzzle_read_file(struct puzzle *pz, const char *path);
void puzzle_read_text(struct puzzle *pz, const char *name, const char *text);
void puzzle_free(struct puzzle *pz);

/* The value called name, or {-1, -1}. */
struct value_ref find_value(const struct puzzle *pz, const char *name);
const char *value_name(const struct puzzle *pz, struct value_ref v);
int flat(const struct puzzle *pz, struct value_ref v);

/* Warns of clues that cannot hold, alone or against the "in" clues. */
void check_clues(const struct puzzle *pz, const char *file);

/* The questions: the values whose answers --show tells in words. */
void find_questions(struct puzzle *pz);

/* --houses n: keeps n values of each category, questions first. */
void select_houses(struct puzzle *pz, int n);

/* ---- encode.c: the problems, built in memory ---- */

/* A growing string; NUL-terminated once anything is written. */
struct buf {
    char *s;
    size_t n, cap;
};

void bputs(struct buf *b, const char *s);
void bputc(struct buf *b, char c);
void bputint(struct buf *b, int v);
void bprintf(struct buf *b, const char *fmt, ...) GEN_PRINTF(2, 3);
/* Writes the buffer to f and empties it. */
void buf_flush(struct buf *b, FILE *f);

/*
 * Knuth-style one-character colors: the extended-hex index of a value
 * among all values when there are at most 62, else its index within its
 * category.
 */
struct colors {
    int knuth, per_category;
};

struct colors choose_colors(const struct puzzle *pz, int knuth);

/* The bytes of write_problem's text, about. */
double problem_bytes(const struct puzzle *pz);

/* Knuth's encoding of the whole puzzle, with its clues in comments. */
void write_problem(struct buf *b, const struct puzzle *pz, const struct colors *co);

/* The encoding with value items, for the n clues cl[0..n-1]. */
void write_value_problem(struct buf *b, const struct puzzle *pz, const struct clue *const *cl,
                         int n);

/* Dies unless the values can be item names of their own. */
void check_value_items(const struct puzzle *pz);

/* ---- english.c: sentences ---- */

/* Looks up every value's English, or none at all. */
void attach_phrases(struct puzzle *pz);

/* A clue as a sentence into t; returns whether it wants a capital letter. */
int clue_sentence(struct buf *t, const struct puzzle *pz, const struct clue *c);

/* Prints the sentence in t (capitalized if asked) and a newline; empties t. */
void say_line(FILE *f, struct buf *t, int capital);

/* The questions of the puzzle, on one line. */
void print_questions(FILE *f, const struct puzzle *pz);

/* The answers, slot[c*H+h] being the value of category c in house h. */
void print_answers(FILE *f, const struct puzzle *pz, const int *slot);

/* ---- show.c ---- */

/* The table of houses: label, house numbers, a row per category. */
void print_table(FILE *f, const struct puzzle *pz, const int *slot, const char *label);

struct listing;

/* --show: prints every solution of the listing, from the one it holds
   (if held) on; returns the exit status (listing_none's if none). */
int zebra_show(const struct puzzle *pz, const struct colors *co, struct listing *ls, int held);

/* The houses of the solution the listing holds, if it fills every slot of
   pz's categories in houses 0 .. h-1 (and no other): h; else 0. */
int listing_houses(const struct puzzle *pz, const struct listing *ls);

/* ---- generate.c ---- */

/* --generate: a new puzzle printed in English, and to out (if not NULL);
   its answer to answer (if not NULL; "-" is stdout, after the puzzle). */
void zebra_generate(const struct puzzle *pz, long seed, const char *out, const char *answer);

#endif
