/*
 * words.h — words and letters, shared by the word generators
 * gen-wordsearch, gen-wordrect and gen-crossword.
 *
 * Letters. A word is a string of UTF-8 characters and each character is
 * one letter (utf8.h): "épée" has four letters, and a cell that holds é
 * gets the two bytes of é as its color. Nothing is case-folded: 'a' and
 * 'A' are different letters.
 *
 * Legal words. A word is nonempty, valid UTF-8, and holds no white space,
 * no control character, no ':' and no '|' — those would break the item
 * names and colors of the XCC format — nor any character of the
 * generator's own forbidden list (gen-crossword forbids '#' and '.', which
 * mean something in its grids).
 *
 * Word files. One word a line; white space around it is ignored, blank
 * lines are skipped, and a bad line stops the program with
 * "PROG: FILE:LINE:COL: ..." and status 2.
 *
 * Knuth's DLX2 (the --knuth option of the generators) reads item names
 * of at most 8 bytes, colors of exactly one byte, at most 100000 items and
 * 10000000 nodes. struct knuth_colors gives each letter a one-byte color:
 * an ASCII letter keeps its own byte, any other letter gets a printable
 * ASCII character that no letter of the problem uses, in the order the
 * letters were first noted, so the same input always gets the same codes.
 * Such a file tells each code in a comment "| color ! is é", which
 * knuth_colors_load reads back.
 *
 * --show (words_show) reads a listing (listing.h), hands each option to
 * the generator, which puts letters in cells (struct letter_grid), and
 * draws each solution as rows of letters, checking that no cell gets two
 * different letters.
 */
#ifndef DLX_GEN_WORDS_H
#define DLX_GEN_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "listing.h"

/*
 * Why text cannot be a word, as a phrase to follow the word in a message
 * ("is empty", "contains ':'", ...), or NULL if it can; *at is then the
 * offset of the offending byte. forbidden lists further ASCII characters
 * the caller does not allow (may be "").
 */
const char *word_problem(const char *text, const char *forbidden, size_t *at);

struct word {
    char *text;         /* the word as given, NUL-terminated */
    uint32_t *letter;   /* its letters, len of them */
    size_t len;
    long line, col;     /* where it starts in a word file; line 0 if from argv */
};

struct wordlist {
    struct word *w;
    size_t n, cap;
    const char *file;   /* the file of the words read last, for messages */
};

/* Appends a copy of text, which must have passed word_problem. */
void wordlist_add(struct wordlist *wl, const char *text, long line, long col);

/*
 * Appends the words of file path ("-": stdin), one a line, in file order,
 * stopping after limit words if limit > 0. A line for which keep (if not
 * NULL) returns 0 is skipped silently; any other line must be a legal
 * word (see word_problem) or the program dies with "FILE:LINE:COL: ...".
 */
void wordlist_read(struct wordlist *wl, const char *path,
                   const char *forbidden, int (*keep)(const char *),
                   size_t limit);

/* Dies "FILE:LINE:COL: word 'W' <message>" for word w of a file. */
void wordlist_die(const struct wordlist *wl, const struct word *w, const char *fmt, ...)
    GEN_PRINTF(3, 4) GEN_NORETURN;

/*
 * Finds repeated words: first[i] becomes the index of the first word of
 * wl equal to word i (i itself if word i is new). first holds wl->n.
 */
void wordlist_find_repeats(const struct wordlist *wl, size_t *first);

/*
 * The first word (in list order) that repeats an earlier one, and in
 * *earlier the index of that earlier one; wl->n if no word repeats.
 */
size_t wordlist_first_repeat(const struct wordlist *wl, size_t *earlier);

/* Frees the words. */
void wordlist_free(struct wordlist *wl);

/* 1 if the letters of w read the same backwards. */
int word_is_palindrome(const struct word *w);

/* The one-byte colors of --knuth output; zero-initialize before use. */
struct knuth_colors {
    uint32_t *letter;   /* distinct letters in order first noted */
    char *code;         /* code[i]: the byte that stands for letter[i] */
    size_t n, cap;
    int assigned;
};

/* Records that letter c occurs in the problem. */
void knuth_colors_note(struct knuth_colors *kc, uint32_t c);

/* Gives every noted letter its byte; dies if there are too many letters. */
void knuth_colors_assign(struct knuth_colors *kc);

/* Writes "| color X is L" for each letter L that does not stand for itself. */
void knuth_colors_comment(FILE *f, const struct knuth_colors *kc);

/*
 * Writes letter c as a color: its own UTF-8 bytes when kc is NULL, its
 * one-byte code otherwise.
 */
void put_color(FILE *f, const struct knuth_colors *kc, uint32_t c);

/* Dies unless DLX2's fixed tables hold this many items and entries. */
void knuth_check_size(size_t items, size_t options, size_t entries);

/*
 * Reads the comments "| color X is L" of a problem file written with
 * --knuth into kc (zero-initialized): X is the byte that stands for the
 * letter L. Every other line is ignored. Dies if path cannot be read or
 * tells one code twice.
 */
void knuth_colors_load(struct knuth_colors *kc, const char *path);

/* The letter that the one-byte color code stands for in kc, or 0. */
uint32_t knuth_colors_letter(const struct knuth_colors *kc, char code);

/* Frees what kc holds and zeroes it. */
void knuth_colors_free(struct knuth_colors *kc);

/* The --knuth entry of the generators that rename words, and the
   --colors entry of every word generator's option table. */
#define WORDS_OPTION_KNUTH                                                                    \
    {"--knuth", NULL, NULL, "write a file Knuth's DLX2 reads: if a word is\n"                \
                            "too long for it, words become items #0, #1, ...;\n"             \
                            "letters beyond ASCII get one-character colors"}
#define WORDS_OPTION_COLORS                                                                   \
    {"--colors", NULL, "FILE", "--show: FILE is the problem, written with --knuth:\n"         \
                               "show its one-character colors as the letters\n"              \
                               "they stand for"}

/* ---- --show: drawing the letters of a solution ---- */

/* A letter put in a cell by an option of the listing. */
struct placed {
    int r, c;
    uint32_t letter;
    long line;              /* the line of the option */
    char cell[24];          /* the cell's name as written, for messages */
};

/* The letters of one solution; zero-initialize before use. */
struct letter_grid {
    struct placed *e;
    size_t n, cap;
    int rows, cols;         /* 1 + the largest row and column placed */
    long drawn;             /* solutions drawn so far */
    const struct knuth_colors *colors;  /* --colors, or NULL */
};

/* The option being shown, as listing.h reads it, and its listing. */
struct word_option {
    const struct listing *ls;
    const struct lst_option *o;
};

/* Dies "FILE:LINE: message" for the option being shown. */
void word_option_die(const struct word_option *wo, const char *fmt, ...)
    GEN_PRINTF(2, 3) GEN_NORETURN;

/*
 * The cell named name, of a rows x cols board, or of either naming
 * scheme if rows is 0 (gen_parse_cell); dies if name is no such cell.
 */
void word_option_cell(const struct word_option *wo, const char *name, int rows, int cols,
                      int *r, int *c);

/*
 * The letter that the color of item it stands for: one UTF-8 character
 * (not a control character), or a one-byte code of --colors; dies if it
 * is none.
 */
uint32_t word_option_letter(const struct word_option *wo, const struct letter_grid *g,
                            const struct lst_item *it);

/* Records that the option puts letter in cell (r, c), named cell. */
void letter_grid_put(struct letter_grid *g, const struct word_option *wo, int r, int c,
                     uint32_t letter, const char *cell);

/* What --show does with one option: puts its letters in g, or dies. */
typedef void word_show_fn(const struct word_option *wo, struct letter_grid *g, const void *ctx);

/*
 * The whole of --show: reads the listing path ("-" or NULL: stdin),
 * hands every option to show (with ctx) and draws every solution:
 * "solution K", then the rows, one letter per cell, a blank line between
 * pictures. The picture is rows x cols, grown to hold every letter placed
 * (so 0 x 0 means the least box from cell 00). A cell no letter was put
 * in shows '.', or background[r * cols + c] if background is not NULL
 * (then every letter must lie inside rows x cols). colors_file, if not
 * NULL, is the problem file written with --knuth, whose one-byte colors
 * are read back as letters. No solution at all draws nothing, and
 * listing_none says why. Returns the exit status.
 */
int words_show(const char *path, const char *colors_file, word_show_fn *show, const void *ctx,
               int rows, int cols, const uint32_t *background);

#endif
