/*
 * draw.h — the shared parts of the pictures --show draws: tables of text
 * that line up on a terminal whatever the characters, and the pieces of
 * an SVG picture (document, text, colors, legend).
 *
 * Every picture of a listing starts with the line "solution K" (K as the
 * listing numbers it), pictures separated by a blank line; draw_title
 * writes that line.
 */
#ifndef DLX_GEN_DRAW_H
#define DLX_GEN_DRAW_H

#include <stddef.h>
#include <stdio.h>

/* "solution K" (and " (more)" if more is not NULL) as the title of the
   picture-th picture (from 0), after a blank line if it is not the first. */
void draw_title(FILE *f, long picture, const char *label, const char *more);

/*
 * Writes a table of rows x cols texts, cell[r * cols + c], padded to
 * line up by display width: every column as wide as its widest cell, or
 * with uniform set as wide as the widest cell of the table; sep between
 * columns. The last column is not padded, so no line ends in blanks.
 */
void draw_table(FILE *f, const char *const *cell, size_t rows, size_t cols, const char *sep,
                int uniform);

/* The widest cell of a table, in columns. */
size_t draw_widest(const char *const *cell, size_t n);

/*
 * The start of an SVG document of width x height pixels in a sans-serif
 * font (attrs, maybe "", go after xmlns), and its end.
 */
void draw_svg_begin(FILE *f, long long width, long long height, const char *attrs);
void draw_svg_end(FILE *f);

/* Writes s as XML text: & < > " ' escaped. */
void draw_xml(FILE *f, const char *s);

/* Rough width in pixels of s in the sans-serif font at size px. */
int draw_text_width(const char *s, int px);

/*
 * The fill "#rrggbb" of the k-th of n things: hues evenly around the
 * circle for k < n, every other one lighter, so that any two differ in
 * hue or in lightness; for k >= n (things met later) hues a golden angle
 * apart. Light enough for black text.
 */
void draw_color(int k, int n, char out[8]);

/*
 * The fill of copy (1 to copies) of the k-th of n things: its hue, in a
 * lightness of its own, so that copies of one piece side by side differ;
 * draw_color's when copies is below 2.
 */
void draw_shade(int k, int n, int copy, int copies, char out[8]);

/* One entry of a legend: a swatch of color and a name. */
struct draw_key {
    const char *name;
    char color[8];
};

/*
 * A legend at y = top: the swatch and name of each key, in order, lines
 * wrapped at width pixels. Returns its height.
 */
int draw_legend(FILE *f, const struct draw_key *key, size_t n, int top, int width);

#endif
