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

static int build_masks(xcc_bits *d)
{
    size_t W = (size_t)d->W;
    d->mask = calloc((size_t)d->items * W + 1, sizeof(word));
    if (!d->mask)
        return 3;
    for (int i = 1; i < d->items; i++)
        for (int k = d->lstart[i]; k < d->lstart[i + 1]; k++) {
            int o = d->list[k].opt;
            d->mask[(size_t)(i - 1) * W + (size_t)o / 64] |= (word)1 << (o % 64);
        }
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
 * compat by rows: option o clashes with every option of each of its
 * primary items and uncolored secondary items, and at a colored
 * secondary item with the options not giving it o's color (the rows of
 * color_rows). A row costs W words for each item of o, where the pairs
 * cost the square of each item's list: wordrect-5x5-sgb1400 (14,000
 * options, 25 cells of 2,800) built in 0.45 s by pairs, a serial part
 * that kept -c -j 2 to 1.7 times -j 1 (bench/NOTES.md). Where the colors
 * would take more rows than the options (more memory than compat
 * itself), by pairs.
 */
static int build_compat(xcc_bits *d, const xcc_problem *p)
{
    size_t W = (size_t)d->W, nodes = (size_t)(p->last_node - p->last_itm) + 1;
    d->compat = malloc((size_t)d->n * W * sizeof(word) + sizeof(word));
    int *of = malloc(nodes * sizeof(int));
    if (!d->compat || !of) {
        free(of);
        return 3;
    }
    int rows = color_rows(d, p, of);
    word *ag = rows <= d->n ? calloc((size_t)rows * W + 1, sizeof(word)) : NULL;
    if (!ag) {
        free(of);
        compat_by_pairs(d, p);
        return 0;
    }
    fill_color_rows(d, p, of, ag);
    const xcc_node *nd = p->nd;
    word full_last = (d->n % 64) ? ((word)1 << (d->n % 64)) - 1 : ~(word)0;
    for (int o = 0; o < d->n; o++) {
        word *row = d->compat + (size_t)o * W;
        memset(row, 0xff, W * sizeof(word));
        row[W - 1] = full_last;
        for (int x = d->first[o]; nd[x].itm > 0; x++) {
            const word *m = bits_item_mask(d, nd[x].itm);
            int r = of[x - p->last_itm];
            if (r < 0) /* primary, or secondary without a color */
                for (size_t w = 0; w < W; w++)
                    row[w] &= ~m[w];
            else
                for (size_t w = 0; w < W; w++)
                    row[w] &= ~(m[w] & ~ag[(size_t)r * W + w]);
        }
    }
    free(ag), free(of);
    return 0;
}

void xcc_bits_free(xcc_bits *b)
{
    free(b->pstart), free(b->prim), free(b->olen), free(b->osec), free(b->first);
    free(b->compat), free(b->mask), free(b->lstart), free(b->list);
    memset(b, 0, sizeof *b);
}

int xcc_bits_build(xcc_bits *b, const xcc_problem *p, int with_compat)
{
    memset(b, 0, sizeof *b);
    b->n = (int)p->options;
    b->W = b->n ? (b->n + 63) / 64 : 1;
    b->P = p->second - 1;
    b->P8 = (b->P + 8) / 8 * 8;
    b->items = p->last_itm;
    if (index_options(b, p) || build_lists(b, p) || build_masks(b)
        || (with_compat && build_compat(b, p))) {
        xcc_bits_free(b);
        return 3;
    }
    size_t rows = (size_t)p->last_itm + (with_compat ? (size_t)b->n : 0);
    b->table_bytes = rows * (size_t)b->W * sizeof(word) + ((size_t)b->n + 1) * 4 * sizeof(int)
                     + (size_t)b->pstart[b->n] * sizeof(int)
                     + (size_t)(p->last_node - p->last_itm) * sizeof(bits_entry);
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
