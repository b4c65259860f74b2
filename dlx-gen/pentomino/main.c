/*
 * main.c — gen-pentomino's command line: the problem of tiling a box with
 * polyominoes (encode.c), the pieces of a set (--list-pieces), the
 * tilings of a solver's listing (--show, --svg; show.c), or tilings drawn
 * at random (--sample; sample.c).
 */
#include "pentomino.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_PIECES, OPT_HOLE, OPT_COPIES, OPT_SAMPLE, OPT_SEED,
    OPT_UNIQUE, OPT_KNUTH, OPT_FORCE, OPT_LIST, OPT_SHOW, OPT_SVG
};

static const struct gen_option options[] = {
    [OPT_PIECES] = {"--pieces", NULL, "SET|FILE", "pentominoes (default: F I L N P T U V W X Y Z),\n"
                                                  "tetrominoes (I O T L S), hexominoes (H01..H35),\n"
                                                  "or pieces drawn in a shape file (gen-pentomino(1))"},
    [OPT_HOLE] = {"--hole", NULL, "CELLS", "leave out these cells, comma-separated cell names,\n"
                                           "e.g. --hole 33,34,43,44 (may be repeated)"},
    [OPT_COPIES] = {"--copies", NULL, "N|A:B", "use each piece N times, or between A and B times:\n"
                                            "bounds on the piece items (xcc(5)), for dlx2\n"
                                            "or Knuth's DLX3; with --show, how often a piece\n"
                                            "may appear in a solution (default 1), its\n"
                                            "copies drawn numbered (D1, D2, ...)"},
    [OPT_SAMPLE] = {"--sample", NULL, "N", "draw N tilings of the box uniformly at random (each\n"
                                           "tiling equally likely, by dlx2's engine; a tiling may\n"
                                           "come twice) instead of writing the problem"},
    [OPT_SEED] = {"--seed", NULL, "S", "with --sample: the seed of the draws (default 0), as\n"
                                       "for dlx2 --sample N --seed S"},
    [OPT_UNIQUE] = {"--unique", NULL, NULL, "count each tiling once up to the rotations and\n"
                                            "reflections of the box (6 x 10: 2339 instead of 9356)"},
    [OPT_KNUTH] = {"--knuth", NULL, NULL, "write names of at most 8 characters for Knuth's DLX2\n"
                                          "(longer piece names become #1, #2, ...)"},
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_LIST] = {"--list-pieces", NULL, NULL, "draw the pieces of the set in the file format and exit"},
    [OPT_SHOW] = {"--show", NULL, NULL, "read a solver's listing (m1 of dlx2, DLX2 or DLX3, or\n"
                                        "dlx2 --format=json) and draw each tiling, one letter\n"
                                        "per cell ('.' for holes); the box is worked out from\n"
                                        "the cell names unless ROWS COLS are given"},
    [OPT_SVG] = {"--svg", NULL, NULL, "the same as an SVG picture on stdout (implies --show)"},
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-pentomino",
    "gen-pentomino ROWS COLS [--pieces SET|FILE] [--hole CELLS] [--copies N|A:B] [--unique]\n"
    "              [--knuth] [--force]\n"
    "gen-pentomino ROWS COLS --sample N [--seed S] [--svg] [--pieces SET|FILE] [--hole CELLS]\n"
    "              [--unique]\n"
    "gen-pentomino --list-pieces [--pieces SET|FILE]\n"
    "gen-pentomino --show [--svg] [ROWS COLS] [--pieces SET|FILE] [--hole CELLS]\n"
    "              [--copies N|A:B] [LISTING]\n",
    "Writes the exact cover problem \"tile a ROWS x COLS box with a set of\n"
    "pieces, each used once\" in DLX2 format on stdout: every cell and every\n"
    "piece is a primary item; one option per placement (piece, then cells)\n"
    "of each distinct rotation and reflection of each piece. Cells are named\n"
    "by two extended-hex digits (0-9 a-z A-Z), row then column, from 00 at\n"
    "the top left; boxes with a side over 62 use \"R.C\".\n",
    options,
    "Examples: gen-pentomino 6 10 (9356 tilings); gen-pentomino 8 8 --hole\n"
    "33,34,43,44 (520 tilings, 65 with --unique); gen-pentomino 4 10\n"
    "--pieces tetrominoes --copies 2 (1796 tilings, two of each);\n"
    "gen-pentomino 6 10 | dlx2 m1 t1 | gen-pentomino --show;\n"
    "gen-pentomino 6 10 --sample 1 --seed 7 (a random tiling)\n",
};

struct args {
    const char *pieces;
    const char *copies;     /* --copies, or NULL */
    const char *sample;     /* --sample, or NULL */
    const char *seed;       /* --seed, or NULL */
    const char **holes;
    int nholes;
    const char *pos[3];
    int npos;
    int on[OPT_SVG + 1];    /* the options without a value that were given */
};

static void read_args(int argc, struct args *a)
{
    const char *v;
    int k;
    a->pieces = "pentominoes";
    a->holes = gen_realloc(NULL, (size_t)argc, sizeof *a->holes);
    while ((k = gen_getopt(&v)) != GEN_END) {
        if (k == GEN_ARG) {
            if (a->npos == 3)
                gen_die("too many arguments: '%s' (expected ROWS COLS)", v);
            a->pos[a->npos++] = v;
        } else if (k == OPT_PIECES) {
            a->pieces = v;
        } else if (k == OPT_COPIES) {
            a->copies = v;
        } else if (k == OPT_SAMPLE) {
            a->sample = v;
        } else if (k == OPT_SEED) {
            a->seed = v;
        } else if (k == OPT_HOLE) {
            a->holes[a->nholes++] = v;
        } else {
            a->on[k] = 1;
        }
    }
    if (a->seed && !a->sample)
        gen_die("--seed goes with --sample");
    if (a->sample && (a->on[OPT_SHOW] || a->on[OPT_LIST] || a->on[OPT_KNUTH] || a->on[OPT_FORCE]))
        gen_die("--sample does not go with --%s", a->on[OPT_SHOW] ? "show" : a->on[OPT_LIST]
                ? "list-pieces" : a->on[OPT_KNUTH] ? "knuth" : "force");
    a->on[OPT_SHOW] |= a->on[OPT_SVG] && !a->sample;
    if (a->on[OPT_LIST] && a->on[OPT_SHOW])
        gen_die("--list-pieces and --show do not go together");
}

/* --copies N or A:B: 0 <= A <= B, 1 <= B; A: is N:N. */
static struct copies read_copies(const char *v)
{
    struct copies c = {1, 1};
    if (!v)
        return c;
    const char *colon = strchr(v, ':');
    if (!colon) {
        c.lo = c.hi = (int)gen_parse_long(v, 1, COPIES_MAX, "--copies");
        return c;
    }
    char lo[24];
    if ((size_t)(colon - v) >= sizeof lo)
        gen_die("--copies: '%s' is not N or A:B", v);
    memcpy(lo, v, (size_t)(colon - v));
    lo[colon - v] = '\0';
    c.lo = (int)gen_parse_long(lo, 0, COPIES_MAX, "--copies A");
    c.hi = (int)gen_parse_long(colon + 1, 1, COPIES_MAX, "--copies B");
    if (c.lo > c.hi)
        gen_die("--copies: A = %d is more than B = %d", c.lo, c.hi);
    return c;
}

int main(int argc, char **argv)
{
    /* static: reachable when the program dies */
    static struct args a;
    static struct pieceset set;
    static struct box b;
    int status = PROG_DONE;
    gen_init(&program, argc, argv);
    read_args(argc, &a);
    struct copies copies = read_copies(a.copies);
    pieceset_load(&set, a.pieces);
    if (a.on[OPT_LIST]) {
        pieceset_list(&set);
        gen_close_output(stdout, NULL);
    } else if (a.on[OPT_SHOW]) {
        /* [ROWS COLS] [LISTING]: a lone argument that is no number is LISTING;
           the generator's other arguments may come along and are ignored */
        int sized = a.npos >= 2 || (a.npos == 1 && gen_is_number(a.pos[0]));
        const char *listing = a.npos == 3 || (a.npos == 1 && !sized) ? a.pos[a.npos - 1] : NULL;
        if (sized && a.npos == 1)
            gen_die("missing COLS (try --help)");
        if (!sized && a.nholes)
            gen_die("--show: --hole needs ROWS COLS");
        if (sized) {
            box_init(&b, (int)gen_parse_long(a.pos[0], 1, SIDE_MAX, "ROWS"),
                     (int)gen_parse_long(a.pos[1], 1, SIDE_MAX, "COLS"));
            for (int i = 0; i < a.nholes; i++)
                box_punch(&b, a.holes[i]);
        }
        if (a.on[OPT_KNUTH])
            pieceset_knuth_labels(&set);
        status = pentomino_show(&set, sized ? &b : NULL, a.on[OPT_SVG], copies.hi, listing, NULL);
    } else {
        struct request rq = {a.on[OPT_UNIQUE], a.on[OPT_KNUTH], a.on[OPT_FORCE], copies};
        if (rq.unique && (copies.lo != 1 || copies.hi != 1))
            gen_die("--unique and --copies do not go together");
        if (a.npos < 2)
            gen_die("missing %s (try --help)", a.npos == 0 ? "ROWS and COLS" : "COLS");
        if (a.npos > 2)
            gen_die("too many arguments: '%s' (expected ROWS COLS)", a.pos[2]);
        box_init(&b, (int)gen_parse_long(a.pos[0], 1, SIDE_MAX, "ROWS"),
                 (int)gen_parse_long(a.pos[1], 1, SIDE_MAX, "COLS"));
        for (int i = 0; i < a.nholes; i++)
            box_punch(&b, a.holes[i]);
        if (!a.sample) {
            pentomino_write(stdout, &set, &b, &rq);
            gen_close_output(stdout, NULL);
        } else {
            unsigned long long n = (unsigned long long)gen_parse_long(a.sample, 1, SAMPLES_MAX,
                                                                      "--sample");
            long seed = a.seed ? gen_parse_long(a.seed, 0, LONG_MAX, "--seed") : 0;
            pentomino_sample(&set, &b, &rq, n, seed, a.on[OPT_SVG]);
        }
    }
    pieceset_free(&set);
    free(b.hole);
    free(a.holes);
    return status;
}
