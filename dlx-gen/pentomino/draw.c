/*
 * draw.c — gen-pentomino's pictures of tilings: a letter (or name) per
 * cell as text, or an SVG picture per tiling with the tiles filled,
 * outlined and named, and a legend. The copies of a piece (--copies) are
 * tiles of their own: named with their number, each in a shade of the
 * piece's color, outlined like any two pieces.
 */
#include "show.h"

#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "utf8.h"

/* SVG geometry, in pixels. */
enum {
    SVG_CELL = 24,     /* side of a cell */
    SVG_MARGIN = 10,   /* around everything */
    SVG_TITLE = 22,    /* the line "solution N" above a board */
    SVG_GAP = 24,      /* between one picture and the next */
    SVG_LEGEND_MIN = 240 /* a legend may be this wide even if the board is narrower */
};

static int owner_at(const struct grid *g, int r, int c)
{
    if (r < 0 || r >= g->rows || c < 0 || c >= g->cols)
        return -1;
    return g->owner[r * g->cols + c];
}

/* One character per cell when every name has one; else names padded to
   the longest, a blank between cells, and no blanks at the ends of lines. */
void tiling_text(const struct viewer *v)
{
    const struct grid *g = &v->grid;
    size_t n = (size_t)g->rows * (size_t)g->cols;
    const char **cell = gen_realloc(NULL, n ? n : 1, sizeof *cell);
    for (size_t i = 0; i < n; i++)
        cell[i] = g->owner[i] < 0 ? "." : v->tile[g->owner[i]].name;
    draw_title(stdout, v->pictures, v->ls->label, NULL);
    draw_table(stdout, cell, (size_t)g->rows, (size_t)g->cols, draw_widest(cell, n) > 1 ? " " : "", 1);
    free(cell);
}

/* The fill of every tile: one path per tile, a square per cell, so
   that no seams show between cells of one tile. */
static void svg_fills(FILE *f, const struct viewer *v, const struct grid *g)
{
    for (int i = 0; i < v->ntiles; i++) {
        int k = v->order[i];
        const struct tile *t = &v->tile[k];
        char color[8];
        draw_shade(t->piece, v->nset, t->copy, t->copies, color);
        fprintf(f, "<path fill=\"%s\" d=\"", color);
        for (int r = 0; r < g->rows; r++)
            for (int c = 0; c < g->cols; c++)
                if (owner_at(g, r, c) == k)
                    fprintf(f, "M%d %dh%dv%dh-%dz", c * SVG_CELL, r * SVG_CELL,
                            SVG_CELL, SVG_CELL, SVG_CELL);
        fputs("\"/>\n", f);
    }
}

/*
 * The borders: a thick line on every cell side whose two cells belong to
 * different tiles, a hole or the outside counting as "no piece" (so the
 * outline of the box and of its holes is drawn, and nothing between two
 * holes). Runs along one line are merged into one stroke.
 */
static void svg_borders(FILE *f, const struct grid *g)
{
    fputs("<path fill=\"none\" stroke=\"#000\" stroke-width=\"3\" stroke-linecap=\"square\" d=\"", f);
    for (int r = 0; r <= g->rows; r++) /* horizontal: above row r */
        for (int c = 0; c < g->cols;) {
            if (owner_at(g, r - 1, c) == owner_at(g, r, c)) {
                c++;
                continue;
            }
            int start = c;
            while (c < g->cols && owner_at(g, r - 1, c) != owner_at(g, r, c))
                c++;
            fprintf(f, "M%d %dH%d", start * SVG_CELL, r * SVG_CELL, c * SVG_CELL);
        }
    for (int c = 0; c <= g->cols; c++) /* vertical: left of column c */
        for (int r = 0; r < g->rows;) {
            if (owner_at(g, r, c - 1) == owner_at(g, r, c)) {
                r++;
                continue;
            }
            int start = r;
            while (r < g->rows && owner_at(g, r, c - 1) != owner_at(g, r, c))
                r++;
            fprintf(f, "M%d %dV%d", c * SVG_CELL, start * SVG_CELL, r * SVG_CELL);
        }
    fputs("\"/>\n", f);
}

/* The size in pixels at which name fits a cell, or 0 if it cannot. */
static int label_px(const char *name)
{
    int px = SVG_CELL * 11 / 20, room = SVG_CELL - 4;
    if (draw_text_width(name, px) > room)
        px = room * 10 / (6 * (int)utf8_width(name));
    return px < 7 ? 0 : px;
}

/* Each tile's name in the cell of the tile nearest its centre of mass
   (the first such cell in row-major order), which lies inside the tile
   even when the centre itself does not. A long name gets a smaller font
   to fit its cell; a copy's number is left out if it does not fit, and
   a name that does not fit at all is left to the legend. */
static void svg_labels(FILE *f, const struct viewer *v, const struct grid *g)
{
    for (int i = 0; i < v->ntiles; i++) {
        int k = v->order[i];
        const char *name = v->tile[k].name;
        int px = label_px(name);
        if (!px && v->tile[k].copy) {
            name = v->reg.name[v->tile[k].piece];
            px = label_px(name);
        }
        if (!px)
            continue;
        double sr = 0, sc = 0;
        long cnt = 0;
        for (int i = 0; i < v->n; i++)
            if (v->e[i].tile == k) {
                sr += v->e[i].r;
                sc += v->e[i].c;
                cnt++;
            }
        sr /= (double)cnt;
        sc /= (double)cnt;
        int br = 0, bc = 0;
        double best = -1;
        for (int r = 0; r < g->rows; r++)
            for (int c = 0; c < g->cols; c++)
                if (owner_at(g, r, c) == k) {
                    double d = (r - sr) * (r - sr) + (c - sc) * (c - sc);
                    if (best < 0 || d < best - 1e-9) {
                        best = d;
                        br = r;
                        bc = c;
                    }
                }
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">",
                bc * SVG_CELL + SVG_CELL / 2, br * SVG_CELL + SVG_CELL / 2 + px * 7 / 20, px);
        draw_xml(f, name);
        fputs("</text>\n", f);
    }
}

/* The legend under the board: every piece used, in registry order. */
static int svg_legend(FILE *f, const struct viewer *v, int top, int width)
{
    struct draw_key *key = gen_realloc(NULL, (size_t)v->reg.n + 1, sizeof *key);
    size_t n = 0;
    for (int k = 0; k < v->reg.n; k++)
        if (v->reg.used_in[k] == v->serial) {
            key[n].name = v->reg.name[k];
            draw_color(k, v->nset, key[n++].color);
        }
    int h = draw_legend(f, key, n, top, width);
    free(key);
    return h;
}

/* One picture: title, board and legend, placed below the previous ones. */
void tiling_svg(struct viewer *v)
{
    const struct grid *g = &v->grid;
    FILE *f = v->body;
    int board_w = g->cols * SVG_CELL, board_h = g->rows * SVG_CELL;
    int legend_w = board_w > SVG_LEGEND_MIN ? board_w : SVG_LEGEND_MIN;
    int top = v->height ? v->height + SVG_GAP : 0;
    fprintf(f, "<g transform=\"translate(0,%d)\">\n<text x=\"0\" y=\"15\" font-size=\"15\">"
            "solution ", top);
    draw_xml(f, v->ls->label);
    fprintf(f, "</text>\n<g transform=\"translate(0,%d)\">\n", SVG_TITLE);
    svg_fills(f, v, g);
    svg_borders(f, g);
    svg_labels(f, v, g);
    fputs("</g>\n", f);
    int legend_h = svg_legend(f, v, SVG_TITLE + board_h + 10, legend_w);
    fputs("</g>\n", f);
    v->height = top + SVG_TITLE + board_h + 10 + legend_h;
    if (legend_w > v->width)
        v->width = legend_w;
}

/* The SVG document around the pictures (or a note that there are none). */
void tiling_svg_document(struct viewer *v)
{
    if (fclose(v->body))
        gen_out_of_memory();
    if (!v->pictures) {
        v->width = SVG_LEGEND_MIN;
        v->height = 20;
    }
    int w = v->width + 2 * SVG_MARGIN, h = v->height + 2 * SVG_MARGIN;
    draw_svg_begin(stdout, w, h, "");
    printf("<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
           "<g transform=\"translate(%d,%d)\">\n", SVG_MARGIN, SVG_MARGIN);
    if (!v->pictures)
        fputs("<text x=\"0\" y=\"15\" font-size=\"15\">no solutions</text>\n", stdout);
    fwrite(v->body_text, 1, v->body_len, stdout);
    fputs("</g>\n", stdout);
    draw_svg_end(stdout);
    free(v->body_text);
}
