/*
 * draw.c — gen-knight's pictures of tours: a board of numbers along the
 * tour (text), or a path over the board for each tour (one SVG document).
 */
#include "knight.h"

#include <stdio.h>

#include "draw.h"

static int decimal_width(long long n)
{
    int w = 1;
    while (n >= 10)
        n /= 10, w++;
    return w;
}

void knight_draw_text(struct shower *sh, const int *order, const char *label)
{
    char tour[40];
    int width = decimal_width(sh->cells);
    for (int k = 0; k < sh->cells; k++)
        sh->number[order[k]] = k + 1;
    snprintf(tour, sizeof tour, "(tour %llu)", sh->tours);
    draw_title(stdout, (long)sh->tours - 1, label, tour);
    for (int r = 0; r < sh->b.rows; r++) {
        for (int c = 0; c < sh->b.cols; c++)
            printf("%s%*d", c ? " " : "", width, sh->number[r * sh->b.cols + c]);
        putchar('\n');
    }
}

/* SVG geometry, in pixels: a panel per tour, up to SVG_PER_ROW a row. */
enum {
    SVG_CELL = 40, SVG_LABEL = 24, SVG_GAP = 24, SVG_MARGIN = 12,
    SVG_MIN_WIDTH = 180, SVG_PER_ROW = 4
};

static long long cell_x(const struct shower *sh, int cell)
{
    return (long long)(cell % sh->b.cols) * SVG_CELL + SVG_CELL / 2;
}

static long long cell_y(const struct shower *sh, int cell)
{
    return SVG_LABEL + (long long)(cell / sh->b.cols) * SVG_CELL + SVG_CELL / 2;
}

static void svg_board(const struct shower *sh)
{
    for (int r = 0; r < sh->b.rows; r++)
        for (int c = 0; c < sh->b.cols; c++)
            printf("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                   c * SVG_CELL, SVG_LABEL + r * SVG_CELL, SVG_CELL, SVG_CELL,
                   (r + c) % 2 ? "#b58863" : "#f0d9b5");
}

/* The tour as one path: M to the first cell, L to each next one, Z back
   to the start for a closed tour. Ten points a line keeps diffs small. */
static void svg_path(const struct shower *sh, const int *order)
{
    fputs("<path fill=\"none\" stroke=\"#1f3f8f\" stroke-width=\"3\" stroke-linejoin=\"round\" "
          "stroke-opacity=\"0.85\" d=\"", stdout);
    for (int k = 0; k < sh->cells; k++)
        printf("%s%c%lld %lld", k == 0 ? "" : k % 10 ? " " : "\n", k ? 'L' : 'M',
               cell_x(sh, order[k]), cell_y(sh, order[k]));
    fputs(sh->b.open ? "\"/>\n" : " Z\"/>\n", stdout);
}

static void svg_tour(const struct shower *sh, size_t k, long long x, long long y)
{
    const int *order = tour_list_at(&sh->drawn, k);
    int first = order[0], last = order[sh->cells - 1];
    printf("<g transform=\"translate(%lld,%lld)\">\n", x, y);
    printf("<text x=\"0\" y=\"16\" font-size=\"14\">solution ");
    draw_xml(stdout, sh->drawn.label[k]);
    printf(" (tour %zu)</text>\n", k + 1);
    svg_board(sh);
    svg_path(sh, order);
    for (int i = 0; i < sh->cells; i++)
        printf("<text x=\"%lld\" y=\"%lld\" font-size=\"10\" fill=\"#333\">%d</text>\n",
               cell_x(sh, order[i]) - SVG_CELL / 2 + 3, cell_y(sh, order[i]) - SVG_CELL / 2 + 11,
               i + 1);
    /* a filled dot where the tour starts; an open tour ends at a ring */
    printf("<circle cx=\"%lld\" cy=\"%lld\" r=\"6\" fill=\"#c03020\"/>\n", cell_x(sh, first),
           cell_y(sh, first));
    if (sh->b.open)
        printf("<circle cx=\"%lld\" cy=\"%lld\" r=\"6\" fill=\"#ffffff\" stroke=\"#c03020\" "
               "stroke-width=\"2\"/>\n", cell_x(sh, last), cell_y(sh, last));
    puts("</g>");
}

void knight_draw_svg(const struct shower *sh)
{
    size_t n = sh->drawn.n, across = n < SVG_PER_ROW ? n : SVG_PER_ROW;
    size_t down = (n + SVG_PER_ROW - 1) / SVG_PER_ROW;
    long long pw = 0, ph = 0, width = 0, height = 0;
    if (n) {
        pw = (long long)sh->b.cols * SVG_CELL;
        pw = pw < SVG_MIN_WIDTH ? SVG_MIN_WIDTH : pw;
        ph = SVG_LABEL + (long long)sh->b.rows * SVG_CELL;
        width = 2 * SVG_MARGIN + (long long)across * (pw + SVG_GAP) - SVG_GAP;
        height = 2 * SVG_MARGIN + (long long)down * (ph + SVG_GAP) - SVG_GAP;
    }
    draw_svg_begin(stdout, width, height, "version=\"1.1\" ");
    if (n)
        printf("<title>%zu knight's tour%s on a %d x %d board</title>\n", n, n == 1 ? "" : "s",
               sh->b.rows, sh->b.cols);
    else
        puts("<title>no knight's tours</title>");
    for (size_t k = 0; k < n; k++)
        svg_tour(sh, k, SVG_MARGIN + (long long)(k % SVG_PER_ROW) * (pw + SVG_GAP),
                 SVG_MARGIN + (long long)(k / SVG_PER_ROW) * (ph + SVG_GAP));
    draw_svg_end(stdout);
}
