/*
 * draw.c — the helpers of draw.h: titles, text tables, SVG.
 */
#include "draw.h"

#include <stdlib.h>

#include "gen.h"
#include "utf8.h"

void draw_title(FILE *f, long picture, const char *label, const char *more)
{
    if (picture > 0)
        fputc('\n', f);
    fprintf(f, "solution %s%s%s\n", label, more ? " " : "", more ? more : "");
}

size_t draw_widest(const char *const *cell, size_t n)
{
    size_t w = 0;
    for (size_t k = 0; k < n; k++) {
        size_t v = utf8_width(cell[k]);
        w = v > w ? v : w;
    }
    return w;
}

void draw_table(FILE *f, const char *const *cell, size_t rows, size_t cols, const char *sep,
                int uniform)
{
    size_t *width = gen_zalloc(cols ? cols : 1, sizeof *width);
    size_t all = draw_widest(cell, rows * cols);
    for (size_t c = 0; c < cols; c++)
        for (size_t r = 0; r < rows && !uniform; r++) {
            size_t w = utf8_width(cell[r * cols + c]);
            width[c] = w > width[c] ? w : width[c];
        }
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < cols; c++) {
            const char *s = cell[r * cols + c];
            if (c + 1 == cols)
                fputs(s, f);
            else {
                utf8_pad(f, s, uniform ? all : width[c]);
                fputs(sep, f);
            }
        }
        fputc('\n', f);
    }
    free(width);
}

void draw_svg_begin(FILE *f, long long width, long long height, const char *attrs)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" %swidth=\"%lld\" height=\"%lld\" "
               "viewBox=\"0 0 %lld %lld\" font-family=\"sans-serif\">\n",
            attrs, width, height, width, height);
}

void draw_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}

void draw_xml(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*s, f);
        }
    }
}

int draw_text_width(const char *s, int px)
{
    return (int)(utf8_width(s) * (size_t)px * 6 / 10);
}

/* The hue (in turns) of the k-th of n things, as draw_color picks it. */
static double color_turns(int k, int n)
{
    double turns = k < n ? (double)k / n : 0.381966 * (k - n) + 0.04;
    return turns - (long)turns;
}

/* "#rrggbb" of a hue in turns [0, 1), saturation and lightness, without libm. */
static void hsl_rgb(double turns, double s, double l, char out[8])
{
    double h = 6 * turns; /* in sixths of a turn, [0, 6) */
    double chroma = (1 - (l > 0.5 ? 2 * l - 1 : 1 - 2 * l)) * s;
    double h2 = h - 2 * (int)(h / 2), x = chroma * (1 - (h2 > 1 ? h2 - 1 : 1 - h2));
    double m = l - chroma / 2;
    /* which of chroma, x and 0 go to red, green and blue, per sixth */
    static const int pick[6][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}, {1, 2, 0}, {0, 2, 1}};
    double part[3] = {chroma, x, 0};
    int sixth = (int)h % 6;
    int rgb[3];
    for (int i = 0; i < 3; i++)
        rgb[i] = (int)((part[pick[sixth][i]] + m) * 255 + 0.5);
    snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

void draw_color(int k, int n, char out[8])
{
    hsl_rgb(color_turns(k, n), 0.65, k % 2 ? 0.82 : 0.66, out);
}

void draw_shade(int k, int n, int copy, int copies, char out[8])
{
    if (copies < 2) {
        draw_color(k, n, out);
        return;
    }
    /* copies a golden ratio of the range apart, so that copy j and j + 1
       (often neighbours) differ by at least 0.38 of it */
    double t = 0.618034 * copy;
    hsl_rgb(color_turns(k, n), 0.65, 0.50 + 0.38 * (t - (long)t), out);
}

/* Legend geometry, in pixels. */
enum { KEY_SWATCH = 14, KEY_ROW = 20, KEY_PX = 12 };

int draw_legend(FILE *f, const struct draw_key *key, size_t n, int top, int width)
{
    int x = 0, y = top;
    for (size_t k = 0; k < n; k++) {
        int w = KEY_SWATCH + 4 + draw_text_width(key[k].name, KEY_PX);
        if (x > 0 && x + w > width) {
            x = 0;
            y += KEY_ROW;
        }
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#000\"/>\n",
                x, y, KEY_SWATCH, KEY_SWATCH, key[k].color);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">", x + KEY_SWATCH + 4,
                y + KEY_SWATCH - 2, KEY_PX);
        draw_xml(f, key[k].name);
        fputs("</text>\n", f);
        x += w + 12;
    }
    return y + KEY_ROW - top;
}
