/*
 * bits/bits.c — builds the bit tables of bits/bits.h from a problem.
 */
#include "bits/bits.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

size_t xcc_bits_table_bytes(const xcc_problem *p)
{
    size_t n = (size_t)p->options, W = (n + 63) / 64;
    return (n + (size_t)p->last_itm) * W * sizeof(word);
}

size_t xcc_bits_factored_bytes(const xcc_problem *p)
{
    size_t n = (size_t)p->options, W = (n + 63) / 64, colored = 0;
    size_t entries = (size_t)(p->last_node - p->last_itm);
    for (int x = p->last_itm + 1; x < p->last_node; x++)
        if (p->nd[x].itm >= p->second && p->nd[x].color > 0)
            colored++;
    size_t most = (size_t)(p->last_itm - p->second) * (size_t)p->ncolors;
    size_t pairs = colored < most ? colored : most;
    return ((size_t)p->last_itm + pairs) * W * sizeof(word) + entries * sizeof(word *);
}

/* Fills pstart/prim, olen and osec: what each option holds. */
static int index_options(xcc_bits *d, const xcc_problem *p)
{
    const xcc_node *nd = p->nd;
    int n = (int)p->options, nprim = 0;
    for (int x = p->last_itm + 1; x < p->last_node; x++)
        if (nd[x].itm > 0 && nd[x].itm < p->second)
            nprim++;
    d->pstart = malloc(((size_t)n + 1) * sizeof(int));
    d->prim = malloc(((size_t)nprim + 1) * sizeof(int));
    d->olen = calloc((size_t)n + 1, sizeof(int));
    d->osec = calloc((size_t)n + 1, sizeof(int));
    d->first = calloc((size_t)n + 1, sizeof(int));
    if (!d->pstart || !d->prim || !d->olen || !d->osec || !d->first)
        return 3;
    int o = 0, k = 0;
    for (int x = p->last_itm + 1; x < p->last_node; x++) {
        if (nd[x].itm <= 0)
            continue;
        if (nd[x - 1].itm <= 0) { /* x follows a spacer: a new option */
            d->pstart[o] = k;
            d->first[o] = x;
            o++;
        }
        d->olen[o - 1]++;
        if (nd[x].itm < p->second)
            d->prim[k++] = nd[x].itm - 1;
        else
            d->osec[o - 1]++;
    }
    d->pstart[o] = k;
    return o == n ? 0 : 3;
}

/*
 * Builds the per-item lists of every item (primary and secondary) into
 * lstart/list; the primary ones are kept for branching, the others only
 * serve to build compat.
 */
static int build_lists(xcc_bits *d, const xcc_problem *p)
{
    const xcc_node *nd = p->nd;
    int items = p->last_itm; /* item numbers 1 .. last_itm-1 */
    d->lstart = calloc((size_t)items + 1, sizeof(int));
    d->list = malloc(((size_t)(p->last_node - p->last_itm) + 1) * sizeof(bits_entry));
    if (!d->lstart || !d->list)
        return 3;
    for (int x = p->last_itm + 1; x < p->last_node; x++)
        if (nd[x].itm > 0)
            d->lstart[nd[x].itm]++;
    for (int i = 1, sum = 0; i <= items; i++) {
        int c = i < items ? d->lstart[i] : 0;
        d->lstart[i] = sum;
        sum += c;
    }
    int o = -1;
    for (int x = p->last_itm + 1; x < p->last_node; x++) {
        if (nd[x].itm <= 0)
            continue;
        if (nd[x - 1].itm <= 0)
            o++;
        bits_entry *e = &d->list[d->lstart[nd[x].itm]++];
        e->opt = o;
        e->node = x;
    }
    /* lstart[i] now points past item i's list: shift back */
    for (int i = items; i > 1; i--)
        d->lstart[i] = d->lstart[i - 1];
    d->lstart[1] = 0;
    return 0;
}

/*
 * The rows of the secondary items' colors: of[x - p->last_itm] is the
 * row of node x (-1 for a node without a color), one row for each
 * secondary item and each color it gets; their number.
 */
static int color_rows(const xcc_bits *b, const xcc_problem *p, int *of)
{
    const xcc_node *nd = p->nd;
    size_t nodes = (size_t)(p->last_node - p->last_itm) + 1;
    int rows = 0;
    for (size_t k = 0; k < nodes; k++)
        of[k] = -1;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = b->lstart[i]; k < b->lstart[i + 1]; k++) {
            int x = b->list[k].node, row = -1;
            if (!nd[x].color)
                continue;
            for (int j = b->lstart[i]; j < k && row < 0; j++) /* an earlier node of that color */
                if (nd[b->list[j].node].color == nd[x].color)
                    row = of[b->list[j].node - p->last_itm];
            of[x - p->last_itm] = row >= 0 ? row : rows++;
        }
    return rows;
}

/* Fills the rows of color_rows's numbering: the options giving each color. */
static void fill_color_rows(const xcc_bits *b, const xcc_problem *p, const int *of, word *ag)
{
    size_t W = (size_t)b->W;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = b->lstart[i]; k < b->lstart[i + 1]; k++) {
            int row = of[b->list[k].node - p->last_itm], o = b->list[k].opt;
            if (row >= 0)
                ag[(size_t)row * W + (size_t)o / 64] |= (word)1 << (o % 64);
        }
}

/* compat by pairs: start full, clear every pair of options of an item that clash. */
static void compat_by_pairs(xcc_bits *d, const xcc_problem *p)
{
    size_t W = (size_t)d->W;
    word full_last = (d->n % 64) ? ((word)1 << (d->n % 64)) - 1 : ~(word)0;
    for (int o = 0; o < d->n; o++) {
        word *row = d->compat + (size_t)o * W;
        memset(row, 0xff, W * sizeof(word));
        row[W - 1] = full_last;
    }
    const xcc_node *nd = p->nd;
    for (int i = 1; i < p->last_itm; i++) {
        const bits_entry *l = d->list + d->lstart[i], *end = d->list + d->lstart[i + 1];
        for (const bits_entry *a = l; a < end; a++) {
            word *row = d->compat + (size_t)a->opt * W;
            int ca = nd[a->node].color;
            for (const bits_entry *b = l; b < end; b++)
                if (i < p->second || ca == 0 || nd[b->node].color != ca)
                    row[b->opt / 64] &= ~((word)1 << (b->opt % 64));
        }
    }
}

/*
 * The factored compat (bits/bits.h): numbers the clash rows, one per
 * secondary item and color, from d->items on (into d->rows), and gives
 * each node its row (orow). The rows themselves are made by build_masks.
 */
static int number_rows(xcc_bits *d, const xcc_problem *p)
{
    const xcc_node *nd = p->nd;
    int *stamp = malloc(((size_t)p->ncolors + 1) * sizeof(int));
    int *row_of = malloc(((size_t)p->ncolors + 1) * sizeof(int));
    d->orow = malloc(((size_t)(p->last_node - p->last_itm) + 1) * sizeof(int));
    if (!stamp || !row_of || !d->orow) {
        free(stamp), free(row_of);
        return 3;
    }
    for (int c = 0; c <= p->ncolors; c++)
        stamp[c] = 0;
    for (int x = p->last_itm + 1; x <= p->last_node; x++)
        d->orow[x - p->last_itm - 1] = 0; /* (spacers: never read) */
    d->rows = d->items;
    for (int i = 1; i < p->last_itm; i++)
        for (int k = d->lstart[i]; k < d->lstart[i + 1]; k++) {
            int x = d->list[k].node, c = nd[x].color;
            if (i < p->second || c <= 0) {
                d->orow[x - p->last_itm - 1] = i - 1;
                continue;
            }
            if (stamp[c] != i)
                stamp[c] = i, row_of[c] = d->rows++;
            d->orow[x - p->last_itm - 1] = row_of[c];
        }
    free(stamp), free(row_of);
    return 0;
}

static int build_masks(xcc_bits *d, const xcc_problem *p)
{
    size_t W = (size_t)d->W;
    d->mask = calloc((size_t)d->rows * W + 1, sizeof(word));
    if (!d->mask)
        return 3;
    for (int i = 1; i < d->items; i++)
        for (int k = d->lstart[i]; k < d->lstart[i + 1]; k++) {
            int o = d->list[k].opt;
            d->mask[(size_t)(i - 1) * W + (size_t)o / 64] |= (word)1 << (o % 64);
        }
    if (!d->orow)
        return 0;
    /* a clash row: first the options that agree (its item, its color),
       then flipped within its item's options */
    int *item_of = malloc(((size_t)d->rows + 1) * sizeof(int));
    if (!item_of)
        return 3;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = d->lstart[i]; k < d->lstart[i + 1]; k++) {
            int r = d->orow[d->list[k].node - p->last_itm - 1], o = d->list[k].opt;
            if (r >= d->items) {
                item_of[r] = i;
                d->mask[(size_t)r * W + (size_t)o / 64] |= (word)1 << (o % 64);
            }
        }
    for (int r = d->items; r < d->rows; r++) {
        word *row = d->mask + (size_t)r * W;
        const word *all = d->mask + (size_t)(item_of[r] - 1) * W;
        for (size_t w = 0; w < W; w++)
            row[w] = all[w] & ~row[w];
    }
    free(item_of);
    size_t nodes = (size_t)(p->last_node - p->last_itm);
    d->orp = malloc(nodes * sizeof *d->orp);
    if (!d->orp)
        return 3;
    for (size_t k = 0; k < nodes; k++)
        d->orp[k] = d->mask + (size_t)d->orow[k] * W;
    free(d->orow);
    d->orow = NULL;
    return 0;
}

/*
 * compat whole, from the factored rows: row o is the complement of the
 * OR of the rows of o's nodes, W words for each item of o, where looking
 * at pairs costs the square of each item's list (wordrect-5x5-sgb1400's
 * 14,000 options, 25 cells of 2,800: 0.45 s by pairs, all before -j's
 * threads start). The clash rows are dropped after. pairs: where the
 * colors would take more rows than the options (more memory than compat
 * itself), by pairs.
 */
static int build_compat(xcc_bits *d, const xcc_problem *p, int pairs)
{
    size_t W = (size_t)d->W;
    d->compat = malloc((size_t)d->n * W * sizeof(word) + sizeof(word));
    if (!d->compat)
        return 3;
    if (pairs) {
        compat_by_pairs(d, p);
        return 0;
    }
    word full_last = (d->n % 64) ? ((word)1 << (d->n % 64)) - 1 : ~(word)0;
    for (int o = 0; o < d->n; o++) {
        word *row = d->compat + (size_t)o * W;
        const word *const *rp = bits_option_rows(d, o);
        for (size_t w = 0; w < W; w++)
            row[w] = bits_compat_word(rp, d->olen[o], (int)w);
        row[W - 1] &= full_last;
    }
    free(d->orp);
    d->orp = NULL;
    d->rows = d->items;
    word *m = realloc(d->mask, ((size_t)d->items * W + 1) * sizeof(word));
    if (m)
        d->mask = m;
    return 0;
}

void xcc_bits_free(xcc_bits *b)
{
    free(b->pstart), free(b->prim), free(b->olen), free(b->osec), free(b->first);
    free(b->compat), free(b->mask), free(b->orow), free(b->orp), free(b->lstart), free(b->list);
    memset(b, 0, sizeof *b);
}

int xcc_bits_build(xcc_bits *b, const xcc_problem *p, int how)
{
    memset(b, 0, sizeof *b);
    b->n = (int)p->options;
    b->W = b->n ? (b->n + 63) / 64 : 1;
    b->P = p->second - 1;
    b->P8 = (b->P + 8) / 8 * 8;
    b->items = b->rows = p->last_itm;
    int pairs = 0, short_of_memory = index_options(b, p) || build_lists(b, p)
                                     || (how != BITS_NO_COMPAT && number_rows(b, p));
    if (!short_of_memory && how == BITS_WHOLE && b->rows - b->items > b->n) {
        free(b->orow); /* more colors than options: compat by pairs */
        b->orow = NULL, b->rows = b->items, pairs = 1;
    }
    if (short_of_memory || build_masks(b, p) || (how == BITS_WHOLE && build_compat(b, p, pairs))) {
        xcc_bits_free(b);
        return 3;
    }
    size_t rows = (size_t)b->rows + (how == BITS_WHOLE ? (size_t)b->n : 0);
    size_t nodes = (size_t)(p->last_node - p->last_itm);
    b->table_bytes = rows * (size_t)b->W * sizeof(word) + ((size_t)b->n + 1) * 4 * sizeof(int)
                     + (size_t)b->pstart[b->n] * sizeof(int) + nodes * sizeof(bits_entry)
                     + (b->orp ? nodes * sizeof *b->orp : 0);
    return 0;
}

int xcc_bits_agree(const xcc_bits *b, const xcc_problem *p, int **agree_of, word **agree)
{
    size_t nodes = (size_t)(p->last_node - p->last_itm) + 1;
    int *of = *agree_of = malloc(nodes * sizeof(int));
    if (!of)
        return 3;
    int rows = color_rows(b, p, of);
    word *ag = *agree = calloc((size_t)rows * (size_t)b->W + 1, sizeof(word));
    if (!ag)
        return 3;
    fill_color_rows(b, p, of, ag);
    return 0;
}
