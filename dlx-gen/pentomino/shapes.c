/*
 * shapes.c — polyomino shapes: normalizing, turning and transposing, the
 * orientations of a shape, and all free polyominoes of a size.
 */
#include "pentomino.h"

#include <stdlib.h>
#include <string.h>

static int cell_cmp(const void *a, const void *b)
{
    const struct cell *x = a, *y = b;
    if (x->r != y->r)
        return x->r < y->r ? -1 : 1;
    return (x->c > y->c) - (x->c < y->c);
}

void shape_normalize(struct shape *s)
{
    int r0 = s->cell[0].r, c0 = s->cell[0].c, r1 = r0, c1 = c0;
    for (int i = 1; i < s->n; i++) {
        if (s->cell[i].r < r0) r0 = s->cell[i].r;
        if (s->cell[i].c < c0) c0 = s->cell[i].c;
        if (s->cell[i].r > r1) r1 = s->cell[i].r;
        if (s->cell[i].c > c1) c1 = s->cell[i].c;
    }
    for (int i = 0; i < s->n; i++) {
        s->cell[i].r -= r0;
        s->cell[i].c -= c0;
    }
    s->h = r1 - r0 + 1;
    s->w = c1 - c0 + 1;
    qsort(s->cell, (size_t)s->n, sizeof *s->cell, cell_cmp);
}

static struct shape shape_copy(const struct shape *s)
{
    struct shape t = *s;
    t.cell = gen_realloc(NULL, (size_t)s->n, sizeof *t.cell);
    memcpy(t.cell, s->cell, (size_t)s->n * sizeof *t.cell);
    return t;
}

/* The two moves that generate all eight orientations. */
static struct shape shape_turn(const struct shape *s) /* quarter clockwise */
{
    struct shape t = shape_copy(s);
    for (int i = 0; i < t.n; i++) {
        int r = s->cell[i].r, c = s->cell[i].c;
        t.cell[i].r = c;
        t.cell[i].c = s->h - 1 - r;
    }
    shape_normalize(&t);
    return t;
}

static struct shape shape_transpose(const struct shape *s)
{
    struct shape t = shape_copy(s);
    for (int i = 0; i < t.n; i++) {
        t.cell[i].r = s->cell[i].c;
        t.cell[i].c = s->cell[i].r;
    }
    shape_normalize(&t);
    return t;
}

/* Lexicographic order of two normalized shapes of the same size. */
static int shape_cmp(const struct shape *a, const struct shape *b)
{
    for (int i = 0; i < a->n; i++) {
        int d = cell_cmp(&a->cell[i], &b->cell[i]);
        if (d)
            return d;
    }
    return 0;
}

int shape_has(const struct shape *s, int r, int c)
{
    for (int i = 0; i < s->n; i++)
        if (s->cell[i].r == r && s->cell[i].c == c)
            return 1;
    return 0;
}

static void shapes_push(struct shapes *l, struct shape s)
{
    l->s = gen_grow(l->s, &l->cap, (size_t)l->n, sizeof *l->s);
    l->s[l->n++] = s;
}

static int shapes_find(const struct shapes *l, const struct shape *s)
{
    for (int i = 0; i < l->n; i++)
        if (l->s[i].h == s->h && l->s[i].w == s->w && shape_cmp(&l->s[i], s) == 0)
            return i;
    return -1;
}

/* Appends t to l unless it is there already (then t is freed). */
static void shapes_add_new(struct shapes *l, struct shape t)
{
    if (shapes_find(l, &t) < 0)
        shapes_push(l, t);
    else
        free(t.cell);
}

struct shapes shape_orientations(const struct shape *base)
{
    struct shapes l = {0, 0, NULL};
    shapes_push(&l, shape_copy(base));
    for (int j = 0; j < l.n; j++) {
        shapes_add_new(&l, shape_turn(&l.s[j]));
        shapes_add_new(&l, shape_transpose(&l.s[j]));
    }
    return l;
}

/* The canonical form of a free polyomino: its least orientation. */
static struct shape shape_canonical(const struct shape *s)
{
    struct shapes all = shape_orientations(s);
    int best = 0;
    for (int i = 1; i < all.n; i++)
        if (shape_cmp(&all.s[i], &all.s[best]) < 0)
            best = i;
    for (int i = 0; i < all.n; i++)
        if (i != best)
            free(all.s[i].cell);
    struct shape b = all.s[best];
    free(all.s);
    return b;
}

static int shape_cmp_qsort(const void *a, const void *b)
{
    return shape_cmp(a, b);
}

/* Grown from the monomino one cell at a time, adding every neighbour of
   every cell and keeping the new canonical forms. */
struct shapes shape_free_polyominoes(int n)
{
    struct shapes cur = {0, 0, NULL};
    struct shape mono = {1, 1, 1, gen_realloc(NULL, 1, sizeof(struct cell))};
    mono.cell[0].r = mono.cell[0].c = 0;
    shapes_push(&cur, mono);
    static const int step[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int size = 2; size <= n; size++) {
        struct shapes next = {0, 0, NULL};
        for (int i = 0; i < cur.n; i++) {
            const struct shape *s = &cur.s[i];
            for (int k = 0; k < s->n; k++)
                for (int d = 0; d < 4; d++) {
                    int r = s->cell[k].r + step[d][0], c = s->cell[k].c + step[d][1];
                    if (shape_has(s, r, c))
                        continue;
                    struct shape t = {size, 0, 0, gen_realloc(NULL, (size_t)size, sizeof(struct cell))};
                    memcpy(t.cell, s->cell, (size_t)s->n * sizeof *t.cell);
                    t.cell[s->n].r = r;
                    t.cell[s->n].c = c;
                    shape_normalize(&t);
                    struct shape canon = shape_canonical(&t);
                    free(t.cell);
                    shapes_add_new(&next, canon);
                }
        }
        for (int i = 0; i < cur.n; i++)
            free(cur.s[i].cell);
        free(cur.s);
        cur = next;
    }
    qsort(cur.s, (size_t)cur.n, sizeof *cur.s, shape_cmp_qsort);
    return cur;
}
