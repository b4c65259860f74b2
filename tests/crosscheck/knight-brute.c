/*
 * knight-brute.c — knight's tours by plain backtracking, to check
 * gen-knight --show --symmetry and gen-knight-tours against.
 *
 * usage: knight-brute ROWS COLS [open]
 *
 * Written apart from dlx2 and gen-knight on purpose: no exact cover, no
 * listing. It walks the knight from square to square (from square 0 for
 * closed tours, from every square for open ones), giving up only when
 * some square can no longer be joined to the tour, and records each tour
 * as the set of its undirected moves, a bit mask over the board's knight
 * moves. Symmetries are built as "transpose or not, then flip rows or
 * not, then flip columns or not", and a tour is fixed by one when its
 * mask maps onto itself; its class is the smallest mask among its eight
 * (or four) images. Distinct tours and classes are counted by sorting.
 *
 * It prints, in the words of gen-knight --show --symmetry so that a test
 * can compare lines:
 *   tours read: N          directed tours (closed: both directions)
 *   distinct tours: N
 *   invariant under NAME: N
 *   classes up to symmetry: N
 * Limits: at most 128 knight moves on the board (6 x 6 has 80).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXCELLS = 64, WORDS = 2 };

typedef struct { uint64_t w[WORDS]; } mask;

static int rows, cols, cells, open_tours;
static int nbr[MAXCELLS][8], degree[MAXCELLS];
static int move_id[MAXCELLS][MAXCELLS]; /* undirected move number, or -1 */
static int moves;
static int path[MAXCELLS], visited[MAXCELLS];
static long long found;
static mask *tour;
static size_t ntours, captours;

static void set_bit(mask *m, int k) { m->w[k / 64] |= (uint64_t)1 << (k % 64); }
static int get_bit(const mask *m, int k) { return (int)(m->w[k / 64] >> (k % 64)) & 1; }

static int mask_cmp(const void *a, const void *b)
{
    const mask *x = a, *y = b;
    for (int i = WORDS - 1; i >= 0; i--)
        if (x->w[i] != y->w[i])
            return x->w[i] < y->w[i] ? -1 : 1;
    return 0;
}

static void build_graph(void)
{
    static const int dr[8] = {1, 1, -1, -1, 2, 2, -2, -2}, dc[8] = {2, -2, 2, -2, 1, -1, 1, -1};
    memset(move_id, -1, sizeof move_id);
    for (int a = 0; a < cells; a++)
        for (int k = 0; k < 8; k++) {
            int r = a / cols + dr[k], c = a % cols + dc[k];
            if (r < 0 || r >= rows || c < 0 || c >= cols)
                continue;
            int b = r * cols + c;
            nbr[a][degree[a]++] = b;
            if (a < b)
                move_id[a][b] = move_id[b][a] = moves++;
        }
}

static void record(void)
{
    mask m = {{0}};
    int last = open_tours ? cells - 1 : cells;
    for (int i = 0; i + 1 <= last; i++)
        set_bit(&m, move_id[path[i]][path[(i + 1) % cells]]);
    if (ntours == captours) {
        captours = captours ? 2 * captours : 1024;
        tour = realloc(tour, captours * sizeof *tour);
        if (!tour)
            exit(3);
    }
    tour[ntours++] = m;
    found++;
}

/*
 * When the walk goes on from `at` to `end`, `at` is inside the path for
 * good. Every square not yet visited must still be able to join the tour:
 * it needs two neighbours (one for an open tour, which may end there)
 * that are unvisited or an end of the path. Only the neighbours of `at`
 * lost one, so only they are checked.
 */
static int still_possible(int at, int end)
{
    int need = open_tours ? 1 : 2;
    for (int k = 0; k < degree[at]; k++) {
        int x = nbr[at][k], free = 0;
        if (visited[x])
            continue;
        for (int j = 0; j < degree[x]; j++) {
            int y = nbr[x][j];
            free += !visited[y] || y == end || (!open_tours && y == path[0]);
        }
        if (free < need)
            return 0;
    }
    return 1;
}

static void extend(int depth)
{
    int at = path[depth - 1];
    if (depth == cells) {
        if (open_tours || move_id[at][path[0]] >= 0)
            record();
        return;
    }
    for (int k = 0; k < degree[at]; k++) {
        int b = nbr[at][k];
        if (visited[b])
            continue;
        visited[b] = 1;
        path[depth] = b;
        /* the start of a closed tour stays an end until the tour closes */
        if ((depth == 1 && !open_tours) || still_possible(at, b))
            extend(depth + 1);
        visited[b] = 0;
    }
}

/* Symmetry number s: bit 0 transpose, bit 1 flip rows, bit 2 flip columns. */
static int map_cell(int s, int cell)
{
    int r = cell / cols, c = cell % cols;
    if (s & 1) {
        int t = r;
        r = c, c = t;
    }
    if (s & 2)
        r = rows - 1 - r;
    if (s & 4)
        c = cols - 1 - c;
    return r * cols + c;
}

static mask map_mask(int s, const mask *m)
{
    mask out = {{0}};
    for (int a = 0; a < cells; a++)
        for (int b = a + 1; b < cells; b++)
            if (move_id[a][b] >= 0 && get_bit(m, move_id[a][b]))
                set_bit(&out, move_id[map_cell(s, a)][map_cell(s, b)]);
    return out;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: knight-brute ROWS COLS [open]\n");
        return 2;
    }
    rows = atoi(argv[1]), cols = atoi(argv[2]), cells = rows * cols;
    open_tours = argc == 4 && !strcmp(argv[3], "open");
    if (rows < 1 || cols < 1 || cells > MAXCELLS || cells < 3)
        return fprintf(stderr, "knight-brute: board out of range\n"), 2;
    build_graph();
    if (moves > 64 * WORDS)
        return fprintf(stderr, "knight-brute: too many moves\n"), 2;
    for (int start = 0; start < (open_tours ? cells : 1); start++) {
        path[0] = start;
        visited[start] = 1;
        extend(1);
        visited[start] = 0;
    }
    qsort(tour, ntours, sizeof *tour, mask_cmp);
    size_t distinct = 0;
    for (size_t i = 0; i < ntours; i++)
        if (i == 0 || mask_cmp(&tour[i], &tour[distinct - 1]))
            tour[distinct++] = tour[i];

    /* in gen-knight's order: identity, rotations by 90, 180, 270,
       left-right, top-bottom, main diagonal, other diagonal */
    static const int sym[8] = {0, 1 | 4, 2 | 4, 1 | 2, 4, 2, 1, 1 | 2 | 4};
    static const char *const name[8] = {
        "identity", "rotation by 90", "rotation by 180", "rotation by 270",
        "left-right reflection", "top-bottom reflection",
        "reflection in the main diagonal", "reflection in the other diagonal",
    };
    long long fixed[8] = {0};
    mask *rep = malloc((distinct + 1) * sizeof *rep);
    if (!rep)
        return 3;
    for (size_t i = 0; i < distinct; i++) {
        rep[i] = tour[i];
        for (int g = 0; g < 8; g++) {
            if ((sym[g] & 1) && rows != cols)
                continue;
            mask img = map_mask(sym[g], &tour[i]);
            fixed[g] += !mask_cmp(&img, &tour[i]);
            if (mask_cmp(&img, &rep[i]) < 0)
                rep[i] = img;
        }
    }
    qsort(rep, distinct, sizeof *rep, mask_cmp);
    size_t classes = 0;
    for (size_t i = 0; i < distinct; i++)
        classes += i == 0 || mask_cmp(&rep[i], &rep[i - 1]);

    printf("tours read: %lld\n", found);
    printf("distinct tours: %zu\n", distinct);
    for (int g = 0; g < 8; g++)
        if (!((sym[g] & 1) && rows != cols))
            printf("invariant under %s: %lld\n", name[g], fixed[g]);
    printf("classes up to symmetry: %zu\n", classes);
    free(rep);
    free(tour);
    return 0;
}
