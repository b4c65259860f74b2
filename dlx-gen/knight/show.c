/*
 * show.c — gen-knight --show: from a solver's listing back to tours.
 *
 * Input. A listing as dlx2 m<n> writes it (listing.h): each solution a
 * cover, each option " oA iB (k of n)", or " iB oA (k of n)" when the
 * search branched on iB. Anything else stops the program with
 * "gen-knight: FILE:LINE: ..." and status 2.
 *
 * A cover is first kept as its moves (struct move: cells as row and
 * column, v as -1, -1), because the board is known only when the first
 * cover is read, unless N [M] gave it: every cell appears in every cover,
 * so its largest row and column give the size. Then the moves fill succ
 * and pred (knight.h), and a cover is a tour when following succ from
 * vertex 0 visits every vertex before coming back.
 */
#include "knight.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "listing.h"

struct move {
    int r1, c1, r2, c2; /* from (r1, c1) to (r2, c2); -1, -1 is v */
    long line;
};

/* A cover of the listing: its moves. */
struct cover {
    const struct listing *ls;
    struct move *move;
    size_t n, cap;
};

/* ------------------------------------------------------- reading moves */

/* One end of a move: an item oX (out = 1) or iX, X a cell or v. */
struct end {
    int out, r, c;
};

static int parse_end(const struct lst_item *it, struct end *e)
{
    const char *w = it->name;
    if (it->color || (w[0] != 'o' && w[0] != 'i'))
        return 0;
    e->out = w[0] == 'o';
    if (!strcmp(w + 1, "v")) {
        e->r = e->c = -1;
        return 1;
    }
    return gen_parse_cell(w + 1, 0, 0, &e->r, &e->c);
}

static int is_knight_move(const struct move *m)
{
    if (m->r1 < 0 || m->r2 < 0)
        return m->r1 != m->r2; /* to or from v, but not v to v */
    int dr = abs(m->r1 - m->r2), dc = abs(m->c1 - m->c2);
    return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

/* The move of option o: two items, one oA and one iB. */
static struct move read_move(const struct listing *ls, const struct lst_option *o)
{
    char q[GEN_QUOTE];
    struct end e[2];
    if (o->nitems != 2 || !parse_end(&o->item[0], &e[0]) || !parse_end(&o->item[1], &e[1]))
        listing_not_an_option(ls, o, "'oXY iXY (k of n)'");
    if (e[0].out == e[1].out)
        listing_die(ls, o->line, "'%s' is not one o item and one i item", gen_quote(q, o->text));
    const struct end *from = e[0].out ? &e[0] : &e[1], *to = e[0].out ? &e[1] : &e[0];
    struct move m = {from->r, from->c, to->r, to->c, o->line};
    if (!is_knight_move(&m))
        listing_die(ls, o->line, "'%s' is not a knight's move", gen_quote(q, o->text));
    return m;
}

/* ------------------------------------------------- covers and tours */

/* The vertex of (r, c), or v for -1, -1; dies if it is not on the board. */
static int vertex_of(const struct shower *sh, const struct cover *cv, int r, int c, long line)
{
    if (r < 0) {
        if (!sh->b.open)
            listing_die(cv->ls, line, "the virtual vertex v on a board without --open");
        return sh->b.rows * sh->b.cols;
    }
    if (r >= sh->b.rows || c >= sh->b.cols) {
        char name[24];
        listing_die(cv->ls, line, "cell %s is off the %d x %d board",
                    gen_cell_name(name, r, c, r + 1, c + 1), sh->b.rows, sh->b.cols);
    }
    return r * sh->b.cols + c;
}

static const char *vertex_name(const struct shower *sh, char *buf, int x)
{
    if (x == sh->cells)
        return strcpy(buf, "v");
    return gen_cell_name(buf, x / sh->b.cols, x % sh->b.cols, sh->b.rows, sh->b.cols);
}

/* The size of the board, from the first cover unless N [M] gave it:
   every cell is in every cover, so its largest row and column tell. */
static void size_board(struct shower *sh, const struct cover *cv)
{
    int rows = 0, cols = 0;
    for (size_t k = 0; k < cv->n; k++) {
        const struct move *m = &cv->move[k];
        rows = m->r1 + 1 > rows ? m->r1 + 1 : rows;
        rows = m->r2 + 1 > rows ? m->r2 + 1 : rows;
        cols = m->c1 + 1 > cols ? m->c1 + 1 : cols;
        cols = m->c2 + 1 > cols ? m->c2 + 1 : cols;
        if (m->r1 < 0 || m->r2 < 0)
            sh->b.open = 1;
    }
    sh->b.rows = rows, sh->b.cols = cols, sh->b.sized = 1;
}

/* Every move of the cover is on the board, and there is one per vertex
   (checked before the first allocation, so that a bogus listing cannot
   ask for a huge board). */
static void check_cover_fits(const struct shower *sh, const struct cover *cv)
{
    const struct listing *ls = cv->ls;
    for (size_t k = 0; k < cv->n; k++) {
        const struct move *m = &cv->move[k];
        vertex_of(sh, cv, m->r1, m->c1, m->line);
        vertex_of(sh, cv, m->r2, m->c2, m->line);
    }
    long long need = (long long)sh->b.rows * sh->b.cols + sh->b.open;
    if (need != (long long)cv->n)
        listing_die(ls, ls->label_line, "solution %s has %zu move%s, but a %d x %d board%s needs %lld",
                    ls->label, cv->n, cv->n == 1 ? "" : "s", sh->b.rows, sh->b.cols,
                    sh->b.open ? " with v" : "", need);
}

static void allocate_board(struct shower *sh)
{
    sh->cells = sh->b.rows * sh->b.cols;
    sh->vertices = sh->cells + sh->b.open;
    size_t v = (size_t)sh->vertices;
    sh->succ = gen_realloc(NULL, v, sizeof(int));
    sh->pred = gen_realloc(NULL, v, sizeof(int));
    sh->seq = gen_realloc(NULL, v, sizeof(int));
    sh->number = gen_realloc(NULL, v, sizeof(int));
    sh->wsucc = gen_realloc(NULL, v, sizeof(int));
    sh->wpred = gen_realloc(NULL, v, sizeof(int));
    sh->drawn.len = sh->cells;
    sh->distinct.list.len = sh->vertices;
    sh->known = 1;
}

/* Fills succ and pred from the moves of a cover that fits the board;
   dies unless every vertex has one move out and one move in. */
static void link_cover(struct shower *sh, const struct cover *cv)
{
    const struct listing *ls = cv->ls;
    char name[24];
    for (int x = 0; x < sh->vertices; x++)
        sh->succ[x] = sh->pred[x] = -1;
    for (size_t k = 0; k < cv->n; k++) {
        const struct move *m = &cv->move[k];
        int a = vertex_of(sh, cv, m->r1, m->c1, m->line);
        int b = vertex_of(sh, cv, m->r2, m->c2, m->line);
        if (sh->succ[a] >= 0)
            listing_die(ls, m->line, "solution %s has two moves out of %s", ls->label,
                        vertex_name(sh, name, a));
        if (sh->pred[b] >= 0)
            listing_die(ls, m->line, "solution %s has two moves into %s", ls->label,
                        vertex_name(sh, name, b));
        sh->succ[a] = b;
        sh->pred[b] = a;
    }
    /* as many moves as vertices, none twice: so none is missing either */
}

static int is_one_cycle(const struct shower *sh)
{
    int x = 0, length = 0;
    do {
        x = sh->succ[x];
        length++;
    } while (x != 0);
    return length == sh->vertices;
}

/*
 * The cells of the tour in the order they are numbered: an open tour
 * from the cell after v, as the cover runs; a closed one canonically,
 * from the top left cell towards its smaller neighbour.
 */
static const int *numbering_order(struct shower *sh)
{
    if (sh->b.open) {
        tour_walk(sh->succ, sh->pred, sh->vertices, sh->cells, 1, sh->seq);
        return sh->seq + 1;
    }
    tour_canonical(sh->succ, sh->pred, sh->vertices, 0, sh->seq);
    return sh->seq;
}

/* A complete cover: check it, and if it is one cycle, use it. */
static void take_cover(struct shower *sh, const struct cover *cv)
{
    if (!sh->b.sized)
        size_board(sh, cv);
    check_cover_fits(sh, cv);
    if (!sh->known)
        allocate_board(sh);
    link_cover(sh, cv);
    sh->covers++;
    if (!is_one_cycle(sh))
        return;
    sh->tours++;
    switch (sh->mode) {
    case SHOW_TEXT:
        knight_draw_text(sh, numbering_order(sh), cv->ls->label);
        break;
    case SHOW_SVG:
        tour_list_push(&sh->drawn, numbering_order(sh), cv->ls->label);
        break;
    case SHOW_SYMMETRY:
        tour_canonical(sh->succ, sh->pred, sh->vertices, knight_anchor(sh), sh->seq);
        tour_set_add(&sh->distinct, sh->seq);
        break;
    default:
        break;
    }
}

int knight_show(const struct board *b, enum show_mode mode, const char *listing)
{
    /* static: reachable when a bad line ends the program */
    static struct listing ls;
    static struct cover cv;
    static struct shower sh;
    sh.b = *b;
    sh.mode = mode;
    cv.ls = &ls;
    listing_open(&ls, listing);
    while (listing_next(&ls)) {
        cv.n = 0;
        for (size_t k = 0; k < ls.nopts; k++) {
            if (cv.n == cv.cap)
                cv.move = gen_grow(cv.move, &cv.cap, cv.n, sizeof *cv.move);
            cv.move[cv.n++] = read_move(&ls, &ls.opt[k]);
        }
        take_cover(&sh, &cv);
    }
    if (mode == SHOW_COUNT)
        printf("%llu\n", sh.tours);
    else if (mode == SHOW_SVG)
        knight_draw_svg(&sh);
    else if (mode == SHOW_SYMMETRY)
        knight_symmetry(&sh);
    gen_close_output(stdout, NULL);
    int status = PROG_DONE;
    if (sh.covers > sh.tours)
        gen_note("rejected %llu of %llu covers: not one single cycle", sh.covers - sh.tours,
                 sh.covers);
    else if (!sh.covers)
        status = listing_none(&ls);
    listing_close(&ls);
    free(cv.move);
    free(sh.succ);
    free(sh.pred);
    free(sh.seq);
    free(sh.number);
    free(sh.wsucc);
    free(sh.wpred);
    tour_list_free(&sh.drawn);
    tour_set_free(&sh.distinct);
    return status;
}
