/*
 * main.c — gen-knight's command line: knight's tours as an exact cover
 * problem (encode.c), or with --show the tours of a solver's listing
 * (show.c). formats/knight.md describes both.
 */
#include "knight.h"

#include <string.h>

enum { OPT_OPEN, OPT_KNUTH, OPT_FORCE, OPT_SHOW, OPT_SVG, OPT_COUNT, OPT_SYMMETRY };

static const struct gen_option options[] = {
    [OPT_OPEN] = {"--open", NULL, NULL, "add a virtual vertex (items ov, iv) joined both ways to\n"
                                        "every cell; its cycle is an open path, and the covers\n"
                                        "that are one cycle are directed open tours (5 x 5:\n"
                                        "414736 covers, 1728 of them tours)"},
    [OPT_KNUTH] = {"--knuth", NULL, NULL, "check that every name is at most 8 characters, as\n"
                                          "Knuth's DLX2 needs (the usual output already is)"},
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = {"--show", NULL, NULL, "draw the tours of a listing instead (below)"},
    [OPT_SVG] = {"--svg", NULL, NULL, "--show: one SVG picture: each tour a path over its board"},
    [OPT_COUNT] = {"--count", NULL, NULL, "--show: print only the number of tours"},
    [OPT_SYMMETRY] = {"--symmetry", NULL, NULL, "--show: count the distinct tours (up to start and\n"
                                                "direction), how many each symmetry of the board\n"
                                                "leaves unchanged, and the classes up to symmetry"},
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-knight",
    "gen-knight N [M] [--open] [--knuth] [--force]\n"
    "gen-knight [N [M]] [--open] --show [--svg|--count|--symmetry] [LISTING]\n",
    "Writes the in/out exact cover encoding of knight's tours on an N x M\n"
    "board (M defaults to N) in DLX2 format on stdout.\n"
    "\n"
    "Items oXY and iXY for every cell XY (a move leaves / enters XY), one\n"
    "option \"oA iB\" per directed knight move from A to B. Cells are named\n"
    "by two extended-hex digits (0-9 a-z A-Z), row then column; boards with\n"
    "a side over 62 use \"R.C\" in decimal.\n"
    "\n"
    "The solutions are cycle covers, NOT tours: every cell gets one move\n"
    "out and one move in, so the board splits into disjoint cycles (a\n"
    "move and its reverse make a 2-cycle). Only the covers that are a\n"
    "single cycle are tours, each tour counted once in each direction.\n"
    "For 6 x 6: 106172416 covers, of which 19724 are single cycles, that\n"
    "is 9862 closed tours.\n",
    options,
    "--show reads a solution listing of such a problem from LISTING or stdin\n"
    "(dlx2 m1, Knuth's DLX2 m1, gen-knight-tours m1), works out the board\n"
    "from the cell names (or takes N [M] [--open] if given), skips the covers\n"
    "that are not one cycle (their number goes to stderr) and prints each\n"
    "tour as a board numbered 1, 2, ... along the tour, under a line\n"
    "'solution K (tour T)'. An open tour starts at the cell after v and runs\n"
    "as listed. A closed tour has 1 in the top left corner and 2 in whichever\n"
    "of its two tour neighbours comes first in reading order (row by row),\n"
    "so both directions look the same. Listing every cover is slow when few\n"
    "are tours; gen-knight-tours counts and lists only the tours. Covers\n"
    "drawn uniformly (dlx2 --sample) give tours drawn uniformly, as the\n"
    "covers that are not tours are skipped (about 1 in 240 is a tour on\n"
    "5 x 5 --open, 1 in 5400 on 6 x 6). Examples:\n"
    "  gen-knight 5 --open | dlx2 m1 | gen-knight --show --count   (1728)\n"
    "  gen-knight 6 | gen-knight-tours m1 | gen-knight --show --symmetry\n"
    "  gen-knight 5 --open | dlx2 --sample 2000 | gen-knight --show   (random tours)\n",
};

/* The mode of --show from --svg, --count, --symmetry (at most one). */
static enum show_mode show_mode(const struct gen_cmdline *a)
{
    static const enum show_mode mode[] = {[OPT_SVG] = SHOW_SVG, [OPT_COUNT] = SHOW_COUNT,
                                          [OPT_SYMMETRY] = SHOW_SYMMETRY};
    int chosen = -1;
    for (int k = OPT_SVG; k <= OPT_SYMMETRY; k++) {
        if (!a->opt[k])
            continue;
        if (chosen >= 0)
            gen_die("%s and %s do not go together", options[chosen].name, options[k].name);
        chosen = k;
    }
    if (chosen >= 0 && !a->opt[OPT_SHOW])
        gen_die("%s goes with --show", options[chosen].name);
    if (!a->opt[OPT_SHOW])
        return SHOW_NONE;
    return chosen >= 0 ? mode[chosen] : SHOW_TEXT;
}

/* N [M] into b; with --show, an argument that is no number is LISTING. */
static const char *board_args(const struct gen_cmdline *a, struct board *b, int show)
{
    const char *sides[2] = {NULL, NULL}, *listing = NULL;
    int nsides = 0;
    for (int i = 0; i < a->nargs; i++) {
        const char *s = a->arg[i];
        if (show && !gen_is_number(s) && !listing)
            listing = s;
        else if (show && listing)
            gen_die("--show takes N [M] and one LISTING, not '%s'", s);
        else if (nsides < 2)
            sides[nsides++] = s;
        else
            gen_die("too many arguments: '%s' (expected N [M])", s);
    }
    if (nsides == 0 && !show)
        gen_die("missing board size N (try --help)");
    if (nsides > 0) {
        b->rows = (int)gen_parse_long(sides[0], 1, SIDE_MAX, "N");
        b->cols = nsides > 1 ? (int)gen_parse_long(sides[1], 1, SIDE_MAX, "M") : b->rows;
        b->sized = 1;
    }
    return listing;
}

int main(int argc, char **argv)
{
    static struct gen_cmdline a;    /* static: reachable when the program dies */
    struct board b = {0, 0, 0, 0};
    int status = PROG_DONE;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    enum show_mode mode = show_mode(&a);
    b.open = a.opt[OPT_OPEN] != NULL;
    if (mode != SHOW_NONE) {
        gen_show_refuses(&a, (const int[]){OPT_KNUTH, OPT_FORCE, -1});
        const char *listing = board_args(&a, &b, 1);
        status = knight_show(&b, mode, listing);
    } else {
        board_args(&a, &b, 0);
        knight_write(&b, a.opt[OPT_KNUTH] != NULL, a.opt[OPT_FORCE] != NULL);
    }
    gen_free_cmdline(&a);
    return status;
}
