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
 * Such a file tells each code in a comment "| color ! is é", which
 * knuth_colors_load reads back.
 *
 * Listings (the --show mode of the generators). dlx2 m<n>, like Knuth's
 * DLX2, writes each solution it shows as a line "K:" (its number), then
 * one line per chosen option: a space, the option's items as name or
 * name:color starting with the item the search branched on (always a
 * primary one), then "(k of n)" (or "(?)"). struct listing reads such a
 * text line by line and hands over each option as its items, the tally
 * left out; anything else is an error "PROG: <stdin>:LINE: ...", status
 * 2. struct letter_grid collects the letters one solution puts in cells
 * and draws them as rows of characters, checking that no cell gets two
 * different letters.
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

/* Writes the UTF-8 bytes of cp and a NUL into buf (5 bytes); the length. */
size_t utf8_encode(char *buf, uint32_t cp);

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

/*
 * The first word (in list order) that repeats an earlier one, and in
 * *earlier the index of that earlier one; wl->n if no word repeats.
 */
size_t wordlist_first_repeat(const struct wordlist *wl, size_t *earlier);

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

/* Flushes stdout; dies if anything could not be written. */
void words_finish_output(void);

/*
 * Like parse_cell_name, for a board of unknown size: s names a cell in
 * either scheme, two extended-hex digits or "R.C" in decimal (each side
 * below 65535).
 */
int parse_any_cell_name(const char *s, int *r, int *c);

/* ---- --show: reading a listing on stdin ---- */

/* One item of an option line. */
struct listing_item {
    const char *name;
    const char *color;      /* NULL for an item without a color */
};

/* What listing_next has read. */
enum listing_event {
    LISTING_END,            /* the end of the input */
    LISTING_OPTION,         /* an option of solution label: item[0..nitems) */
    LISTING_DONE            /* every option of solution label has been read */
};

/* A listing being read from stdin; zero-initialize before use. */
struct listing {
    long line;              /* number of the line last read, from 1 */
    const char *label;      /* the current solution's number, as written */
    long label_line;        /* the line of its "K:" */
    const char *text;       /* the option line last read, trimmed */
    struct listing_item *item;  /* its items, without "(k of n)" */
    size_t nitems;
    /* set by the caller: the --colors map of one-byte colors, or NULL */
    const struct knuth_colors *colors;
    /* private */
    long options;           /* options read for label so far */
    int pending;            /* a "K:" was read, but label is still the last one */
    int finished;           /* the end was reached and LISTING_DONE returned */
    char *buf, *copy, *next_label, *cur_label;
    char **word;            /* the words of the option line */
    size_t buf_cap, copy_cap, item_cap, word_cap;
};

/*
 * Reads on: returns LISTING_OPTION for each option line, LISTING_DONE
 * once the options of a solution are all read (at the next "K:" or the
 * end), LISTING_END at the end. Dies on a line that is neither "K:" nor
 * an option of a solution, on a solution without options, on a NUL byte.
 */
enum listing_event listing_next(struct listing *ls);

/* Frees what ls holds. */
void listing_free(struct listing *ls);

/* listing_die, for errors in a listing, is in gen.h. */

/*
 * s fit for a message, in buf (LISTING_QUOTE bytes): bytes that would
 * disturb a terminal as \xHH, cut after 40 characters with "...".
 */
#define LISTING_QUOTE 200
const char *listing_quote(char *buf, const char *s);

/*
 * The letter that color stands for: one UTF-8 character (not a control
 * character), or a one-byte code of ls->colors. Returns 0 if color is
 * not one letter.
 */
int listing_letter(const struct listing *ls, const char *color, uint32_t *letter);

/* ---- --show: drawing a solution ---- */

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
};

/* Records that the option on line puts letter in cell (r, c), named cell. */
void letter_grid_put(struct letter_grid *g, int r, int c, uint32_t letter,
                     long line, const char *cell);

/*
 * Draws the solution of ls->label and forgets its letters: a line "K:",
 * then the rows, one character per cell, with a blank line before every
 * picture but the first. The picture is rows x cols, grown to hold every
 * letter placed (so 0 x 0 means the least box from cell 00). A cell no
 * letter was put in shows '.', or background[r * cols + c] if background
 * is not NULL (then every letter must lie inside rows x cols). Dies if a
 * cell got two different letters.
 */
void letter_grid_draw(struct letter_grid *g, const struct listing *ls,
                      int rows, int cols, const uint32_t *background);

/* Frees what g holds. */
void letter_grid_free(struct letter_grid *g);

/*
 * The cell named name, of a rows x cols board (parse_cell_name), or of
 * either naming scheme if rows is 0 (parse_any_cell_name); dies with a
 * message for the option on line ls->line if name is no such cell.
 */
void listing_cell(const struct listing *ls, const char *name, int rows, int cols,
                  int *r, int *c);

/* The letter of the colored item it (listing_letter), or dies. */
uint32_t listing_item_letter(const struct listing *ls, const struct listing_item *it);

/* What --show does with one option: puts its letters in g, or dies. */
typedef void listing_option_fn(const struct listing *ls, struct letter_grid *g,
                               const void *ctx);

/*
 * The whole of --show: reads the listing on stdin, hands every option to
 * option (with ctx) and draws every solution (rows, cols and background
 * as for letter_grid_draw). colors_file, if not NULL, is the problem file
 * written with --knuth, whose one-byte colors are read back as letters.
 * No solution at all draws nothing.
 */
void listing_show(const char *colors_file, listing_option_fn *option, const void *ctx,
                  int rows, int cols, const uint32_t *background);

#endif
