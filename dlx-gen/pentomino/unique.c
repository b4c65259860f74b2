/*
 * unique.c — --unique: one tiling per class of tilings that a symmetry of
 * the box carries into each other.
 *
 * Piece P, the piece with the most symmetric shape (X among pentominoes),
 * keeps only the first placement of each orbit of its placements under
 * the box's group G. If P's kept placement p is itself fixed by a
 * subgroup H of G (X in the middle row of 5 x 12, X on a diagonal of a
 * square), the tilings with P at p still come in H-orbits; a second piece
 * Q, on whose placements H acts without fixed points, then keeps only the
 * first placement of each H-orbit. That restriction must only apply while
 * P sits at such a p, so it is made conditional with a secondary item
 * "#sK" (one for each such subgroup H): P's option at p and Q's non-first
 * options under H all carry it, so they exclude each other. Each class is
 * then counted exactly once.
 */
#include "pentomino.h"

#include <stdlib.h>
#include <string.h>

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/*
 * Finding a placement from its cells: the placements of one piece sorted
 * by their cell lists, searched by bisection.
 */
struct finder {
    const struct placements *ps;
    int size;    /* cells per placement of this piece */
    int n;
    int *order;  /* placement indices sorted by cell list */
};

static int finder_size; /* qsort has no context argument */
static const struct placements *finder_ps;

static int placement_cmp(const void *a, const void *b)
{
    const int *x = finder_ps->pl[*(const int *)a].cell, *y = finder_ps->pl[*(const int *)b].cell;
    for (int i = 0; i < finder_size; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static struct finder finder_make(const struct placements *ps, int piece, int size)
{
    struct finder f = {ps, size, ps->first[piece + 1] - ps->first[piece], NULL};
    f.order = gen_realloc(NULL, (size_t)f.n, sizeof *f.order);
    for (int i = 0; i < f.n; i++)
        f.order[i] = ps->first[piece] + i;
    finder_ps = ps;
    finder_size = size;
    qsort(f.order, (size_t)f.n, sizeof *f.order, placement_cmp);
    return f;
}

/* The index of the placement covering exactly cells (sorted), or -1. */
static int finder_find(const struct finder *f, const int *cells)
{
    int lo = 0, hi = f->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2, d = 0;
        const int *x = f->ps->pl[f->order[mid]].cell;
        for (int i = 0; i < f->size && !d; i++)
            d = (x[i] > cells[i]) - (x[i] < cells[i]);
        if (d == 0)
            return f->order[mid];
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* The placement that symmetry g makes of placement i (same piece). */
static int image_of(const struct finder *f, const struct box *b, int g, int i, int *scratch)
{
    const int *cells = f->ps->pl[i].cell;
    for (int k = 0; k < f->size; k++)
        scratch[k] = box_transform(b, g, cells[k]);
    qsort(scratch, (size_t)f->size, sizeof *scratch, int_cmp);
    int j = finder_find(f, scratch);
    if (j < 0) /* cannot happen: the orientations are closed under symmetry */
        gen_die("internal error: lost the image of a placement");
    return j;
}

/* Does subgroup h fix no placement of piece q? */
static int acts_freely(const struct finder *f, const struct box *b, unsigned h, int *scratch)
{
    for (int i = 0; i < f->n; i++) {
        int pi = f->order[i];
        for (int g = 1; g < 8; g++)
            if ((h >> g & 1) && image_of(f, b, g, pi, scratch) == pi)
                return 0;
    }
    return 1;
}

void unique_restrict(const struct pieceset *set, const struct box *b, struct placements *ps,
                     struct unique_report *u)
{
    memset(u, 0, sizeof *u);
    u->group = box_symmetries(b);
    u->p = -1;
    if (u->group == 1)
        return;
    /* P: the piece with the fewest orientations, the first of those */
    int p = 0;
    for (int k = 1; k < set->n; k++)
        if (set->p[k].orient.n < set->p[p].orient.n)
            p = k;
    u->p = p;
    int size = set->p[p].orient.s[0].n;
    int *scratch = gen_realloc(NULL, (size_t)size, sizeof *scratch);
    struct finder fp = finder_make(ps, p, size);
    for (int i = ps->first[p]; i < ps->first[p + 1]; i++) {
        unsigned stab = 0;
        int least = i;
        for (int g = 0; g < 8; g++) {
            if (!(u->group >> g & 1))
                continue;
            int j = image_of(&fp, b, g, i, scratch);
            if (j < least)
                least = j;
            if (j == i)
                stab |= 1u << g;
        }
        if (least != i) {
            ps->pl[i].dropped = 1;
            continue;
        }
        u->nkept++;
        if (stab == 1)
            continue;
        int k;
        for (k = 0; k < u->nsub && u->sub[k] != stab; k++)
            ;
        if (k == u->nsub)
            u->sub[u->nsub++] = stab;
        ps->pl[i].extra |= 1u << k;
    }
    free(fp.order);
    free(scratch);

    /* for each such subgroup H, a piece Q that H moves everywhere */
    for (int k = 0; k < u->nsub; k++) {
        int q;
        struct finder fq = {0};
        for (q = 0; q < set->n; q++) {
            if (q == p)
                continue;
            int qsize = set->p[q].orient.s[0].n;
            scratch = gen_realloc(NULL, (size_t)qsize, sizeof *scratch);
            fq = finder_make(ps, q, qsize);
            if (acts_freely(&fq, b, u->sub[k], scratch))
                break;
            free(fq.order);
            free(scratch);
        }
        if (q == set->n)
            gen_die("--unique: no piece can break the symmetry left when %s is on an "
                    "axis of the box (a piece without symmetry would)", set->p[p].name);
        u->q[k] = q;
        for (int i = ps->first[q]; i < ps->first[q + 1]; i++)
            for (int g = 1; g < 8; g++)
                if ((u->sub[k] >> g & 1) && image_of(&fq, b, g, i, scratch) < i)
                    ps->pl[i].extra |= 1u << k;
        free(fq.order);
        free(scratch);
    }
}
