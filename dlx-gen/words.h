/*
 * words.h — words, letters and DLX2-readable names, shared by the word
 * generators gen-wordsearch, gen-wordrect and gen-crossword.
 *
 * Letters. A word is a string of UTF-8 characters and each character is
 * one letter: "épée" has four letters, and a cell that holds é gets the
 * two bytes of é as its color. A letter is kept as its Unicode code point
 * (uint32_t), so comparing letters is comparing numbers; writing one back
 * gives exactly the bytes it was read from, because over-long and other
 * malformed sequences are refused on input. Nothing is case-folded:
 * 'a' and 'A' are different letters.
 *
 * Legal words. A word is nonempty, valid UTF-8, and holds no white space,
 * no control character, no ':' and no '|' — those would break the item
 * names and colors of the XCC format — nor any character of the
 * generator's own forbidden list (gen-crossword forbids '#' and '.', which
 * mean something in its grids).
 *
 * Word files. One word a line; white space around it is ignored, blank
 * lines are skipped, and a bad line stops the program with
 * "PROG: FILE:LINE: ..." and status 2.
 *
 * Knuth's DLX2 (the --knuth option of the generators) reads item names
 * of at most 8 bytes, colors of exactly one byte, at most 100000 items and
 * 10000000 nodes. struct knuth_colors gives each letter a one-byte color:
 * an ASCII letter keeps its own byte, any other letter gets a printable
 * ASCII character that no letter of the problem uses, in the order the
 * letters were first noted, so the same input always gets the same codes.
 */
#ifndef DLX_GEN_WORDS_H
#define DLX_GEN_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* realloc that dies on overflow or exhaustion; count * size bytes. */
void *words_xrealloc(void *p, size_t count, size_t size);

/* strdup that dies on exhaustion. */
char *words_xstrdup(const char *s);

/*
 * Decodes the UTF-8 character at s into *cp and returns its length in
 * bytes, or 0 if s holds no well-formed character there (or is at its
 * terminating NUL).
 */
size_t utf8_decode(const char *s, uint32_t *cp);

/* Writes the UTF-8 bytes of code point cp to f. */
void letter_put(FILE *f, uint32_t cp);

/* 1 if c is white space to the XCC format: space, \t \n \v \f \r. */
int letter_is_white(uint32_t c);

/* 1 if c is a control character (C0, DEL or C1): never a letter. */
int letter_is_control(uint32_t c);

/*
 * Why text cannot be a word, as a phrase to follow the word in a message
 * ("is empty", "contains ':'", ...), or NULL if it can. forbidden lists
 * further ASCII characters the caller does not allow (may be "").
 */
const char *word_problem(const char *text, const char *forbidden);

struct word {
    char *text;         /* the word as given, NUL-terminated */
    uint32_t *letter;   /* its letters, len of them */
    size_t len;
    long line;          /* its line in a word file, 0 if from argv */
};

struct wordlist {
    struct word *w;
    size_t n, cap;
};

/* Appends a copy of text, which must have passed word_problem. */
void wordlist_add(struct wordlist *wl, const char *text, long line);

/*
 * Appends the words of file path, one a line, in file order, stopping
 * after limit words if limit > 0. A line for which keep (if not NULL)
 * returns 0 is skipped silently; any other line must be a legal word
 * (see word_problem) or the program dies with "FILE:LINE: ...".
 */
void wordlist_read(struct wordlist *wl, const char *path,
                   const char *forbidden, int (*keep)(const char *),
                   size_t limit);

/*
 * Finds repeated words: first[i] becomes the index of the first word of
 * wl equal to word i (i itself if word i is new). first holds wl->n.
 */
void wordlist_find_repeats(const struct wordlist *wl, size_t *first);

/* 1 if the letters of w read the same backwards. */
int word_is_palindrome(const struct word *w);

/*
 * 1 if s is the name gen_cell_name gives some cell of a rows x cols
 * board, so that an item named s would clash with that cell; then *r and
 * *c (if not NULL) are that cell's row and column.
 */
int parse_cell_name(const char *s, int rows, int cols, int *r, int *c);

/* parse_cell_name without the coordinates. */
int is_cell_name(const char *s, int rows, int cols);

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

/* 1 if DLX2 can read name (at most 8 bytes). */
int knuth_name_fits(const char *name);

/* Dies unless DLX2 can read name. */
void knuth_check_name(const char *name);

/* Dies unless DLX2's fixed tables hold this many items and entries. */
void knuth_check_size(size_t items, size_t options, size_t entries);

/* Flushes stdout; dies if anything could not be written. */
void words_finish_output(void);

#endif
