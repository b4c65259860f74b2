/*
 * show.c — gen-crossword --show: drawing the solutions of a listing.
 *
 * --show reads a solver's listing (dlx2 m1) from LISTING or stdin and
 * draws each solution as rows of letters (words.h reads the listing and
 * draws). Each option must be a slot aRC or dRC, its squares in order
 * from RC with their letters, then the word's item (uncolored); the slot
 * comes first because the solver lists an option from the item it
 * branched on, and only slots are primary. With GRID, the picture is the
 * grid, '#' for black squares and its given letters where no slot goes,
 * and the listing must fit it: its slots, their lengths, its given
 * letters. Without GRID the picture is the least box from square 00
 * holding every square named, '.' elsewhere. --colors FILE reads the
 * one-byte colors of a --knuth problem back as letters.
 */
#include "crossword.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* Dies on an option line that is not a word put in a slot. */
static void not_an_option(const struct word_option *wo)
{
    listing_not_an_option(wo->ls, wo->o, "'aRC RC:L RC:L ... WORD (k of n)'");
}

/* The squares of the slot starting at (r, c) in GRID: 0 if none starts there. */
static int slot_length(const struct problem *p, int r, int c, int down)
{
    const char *starts = down ? p->starts_down : p->starts_across;
    int len = 0;
    if (!starts[(size_t)r * (size_t)p->cols + (size_t)c])
        return 0;
    while (r + down * len < p->rows && c + !down * len < p->cols
           && square(p, r + down * len, c + !down * len) != BLACK)
        len++;
    return len;
}

/*
 * Checks the slot item of an option against GRID: a slot starts there
 * and has as many squares as the option lists.
 */
static void check_slot(const struct word_option *wo, const struct problem *p, int r, int c,
                       int down)
{
    const char *name = wo->o->item[0].name;
    int len = slot_length(p, r, c, down);
    if (!len)
        word_option_die(wo, "%s is no slot of %s", name, p->grid_name);
    if ((size_t)len != wo->o->nitems - 2)
        word_option_die(wo, "slot %s has %d squares in %s, not %zu", name, len, p->grid_name,
                        wo->o->nitems - 2);
}

/*
 * One option of the listing: the slot, its squares in order with their
 * letters, the word; checked against GRID if there is one (p->rows > 0).
 */
static void show_option(const struct word_option *wo, struct letter_grid *g, const void *ctx)
{
    const struct problem *p = ctx;
    const struct lst_item *it = wo->o->item;
    size_t n = wo->o->nitems;
    char quote[GEN_QUOTE], here[5], given[5];
    int r0, c0;
    if (n < 4 || it[0].color || it[n - 1].color
        || (it[0].name[0] != 'a' && it[0].name[0] != 'd'))
        not_an_option(wo);
    for (size_t i = 1; i + 1 < n; i++)
        if (!it[i].color)
            not_an_option(wo);
    int down = it[0].name[0] == 'd';
    if (!gen_parse_cell(it[0].name + 1, p->rows, p->cols, &r0, &c0)) {
        if (p->rows && gen_parse_cell(it[0].name + 1, 0, 0, &r0, &c0))
            word_option_die(wo, "%s is no slot of %s", it[0].name, p->grid_name);
        not_an_option(wo);
    }
    if (p->rows)
        check_slot(wo, p, r0, c0, down);
    for (size_t i = 1; i + 1 < n; i++) {
        int r, c, want_r = r0 + down * ((int)i - 1), want_c = c0 + !down * ((int)i - 1);
        word_option_cell(wo, it[i].name, p->rows, p->cols, &r, &c);
        uint32_t letter = word_option_letter(wo, g, &it[i]);
        if (r != want_r || c != want_c)
            word_option_die(wo, "%s: square %zu is '%s', not the square of row %d, column %d",
                            it[0].name, i, gen_quote(quote, it[i].name), want_r, want_c);
        uint32_t q = p->rows ? square(p, r, c) : OPEN;
        if (q != OPEN && q != letter) {
            utf8_encode(here, letter);
            utf8_encode(given, q);
            word_option_die(wo, "square %s is '%s' here, but '%s' in %s", it[i].name, here,
                            given, p->grid_name);
        }
        letter_grid_put(g, wo, r, c, letter, it[i].name);
    }
}

/* What the picture shows where no slot goes: '#', '.' or a given letter. */
static uint32_t *background(const struct problem *p)
{
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    uint32_t *bg = gen_realloc(NULL, cells, sizeof *bg);
    for (size_t k = 0; k < cells; k++)
        bg[k] = p->sq[k] == BLACK ? '#' : p->sq[k] == OPEN ? '.' : p->sq[k];
    return bg;
}

int show_crossword(struct problem *p, const char *grid, const char *listing, const char *colors)
{
    static uint32_t *bg;    /* static: reachable when a bad line ends the program */
    if (grid) {
        read_grid(p, grid);
        find_slots(p);
        bg = background(p);
    }
    int status = words_show(listing, colors, show_option, p, p->rows, p->cols, bg);
    free(bg);
    return status;
}
