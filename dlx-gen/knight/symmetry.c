/*
 * symmetry.c — gen-knight --show --symmetry: how many distinct tours were
 * read, how many each symmetry of the board leaves unchanged, and the
 * classes of tours up to symmetry (by Burnside's lemma, and counted).
 */
#include "knight.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SYMMETRIES = 8 };

int knight_anchor(const struct shower *sh)
{
    return sh->b.open ? sh->cells : 0;
}

static const char *const symmetry_name[SYMMETRIES] = {
    "identity", "rotation by 90", "rotation by 180", "rotation by 270",
    "left-right reflection", "top-bottom reflection",
    "reflection in the main diagonal", "reflection in the other diagonal",
};

/* Rotations by 90 and 270 and the diagonal reflections turn an N x M
   board into an M x N one: symmetries only when N == M. */
static int symmetry_fits(const struct board *b, int g)
{
    return b->rows == b->cols || g == 0 || g == 2 || g == 4 || g == 5;
}

/* Where symmetry g takes vertex x; v stays where it is. Rotations turn
   clockwise: the top row becomes the right column. */
static int map_vertex(const struct shower *sh, int g, int x)
{
    if (x == sh->cells)
        return x;
    int r = x / sh->b.cols, c = x % sh->b.cols, R = sh->b.rows - 1, C = sh->b.cols - 1, r2, c2;
    switch (g) {
    case 0: r2 = r, c2 = c; break;
    case 1: r2 = c, c2 = R - r; break;
    case 2: r2 = R - r, c2 = C - c; break;
    case 3: r2 = C - c, c2 = r; break;
    case 4: r2 = r, c2 = C - c; break;
    case 5: r2 = R - r, c2 = c; break;
    case 6: r2 = c, c2 = r; break;
    default: r2 = C - c, c2 = R - r; break;
    }
    return r2 * sh->b.cols + c2;
}

/* img = the canonical form of the tour seq moved by symmetry g. */
static void image_of(struct shower *sh, int g, const int *seq, int *img)
{
    int n = sh->vertices;
    for (int k = 0; k < n; k++) {
        int a = map_vertex(sh, g, seq[k]), b = map_vertex(sh, g, seq[(k + 1) % n]);
        sh->wsucc[a] = b;
        sh->wpred[b] = a;
    }
    tour_canonical(sh->wsucc, sh->wpred, n, knight_anchor(sh), img);
}

static int seq_cmp(const int *a, const int *b, int n)
{
    for (int k = 0; k < n; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

/*
 * For every distinct tour read: which symmetries leave it unchanged,
 * whether its images were read too (Burnside's count needs a set closed
 * under the symmetries, that is, all tours), and the smallest canonical
 * form among its images, which names its class.
 */
void knight_symmetry(struct shower *sh)
{
    const struct tour_list *d = &sh->distinct.list;
    int n = sh->vertices, groups = 0;
    ullng fixed[SYMMETRIES] = {0}, missing = 0, sum = 0;
    struct tour_set classes = {.list = {.len = n}};
    int *img = gen_realloc(NULL, (size_t)n + 1, sizeof(int));
    int *best = gen_realloc(NULL, (size_t)n + 1, sizeof(int));
    for (size_t t = 0; t < d->n; t++) {
        const int *seq = tour_list_at(d, t);
        memcpy(best, seq, (size_t)n * sizeof(int));
        for (int g = 0; g < SYMMETRIES; g++) {
            if (!symmetry_fits(&sh->b, g))
                continue;
            image_of(sh, g, seq, img);
            fixed[g] += !seq_cmp(img, seq, n);
            missing += !tour_set_has(&sh->distinct, img);
            if (seq_cmp(img, best, n) < 0)
                memcpy(best, img, (size_t)n * sizeof(int));
        }
        tour_set_add(&classes, best);
    }
    if (sh->known || sh->b.sized)
        printf("board: %d x %d, %s tours\n", sh->b.rows, sh->b.cols, sh->b.open ? "open" : "closed");
    else
        printf("board: unknown (no solutions read)\n");
    printf("covers read: %llu\ntours read: %llu\n", sh->covers, sh->tours);
    printf("distinct tours: %zu (up to where a tour starts and which way it runs)\n", d->n);
    for (int g = 0; g < SYMMETRIES; g++) {
        if (!symmetry_fits(&sh->b, g)) {
            printf("invariant under %s: - (not a symmetry of a %d x %d board)\n",
                   symmetry_name[g], sh->b.rows, sh->b.cols);
            continue;
        }
        groups++;
        sum += fixed[g];
        printf("invariant under %s: %llu\n", symmetry_name[g], fixed[g]);
    }
    if (missing)
        printf("classes up to symmetry: - (Burnside needs every image of every tour; "
               "%llu images were not read)\n", missing);
    else
        printf("classes up to symmetry: %llu (Burnside: %llu / %d)\n", sum / (ullng)groups, sum,
               groups);
    printf("classes among the tours read: %zu\n", classes.list.n);
    free(img);
    free(best);
    tour_set_free(&classes);
}
