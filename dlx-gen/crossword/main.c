/*
 * main.c — gen-crossword's command line: a crossword grid to fill from
 * word lists, as an XCC problem (encode.c), or the solutions of a
 * listing drawn (show.c).
 *
 *   gen-crossword [--knuth] [--force] GRID [WORDLIST...]
 *   gen-crossword --show [--colors FILE] [GRID [LISTING]]
 */
#include "crossword.h"

enum { OPT_KNUTH, OPT_FORCE, OPT_SHOW, OPT_COLORS };

static const struct gen_option options[] = {
    [OPT_KNUTH] = WORDS_OPTION_KNUTH,
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = GEN_OPTION_SHOW,
    [OPT_COLORS] = WORDS_OPTION_COLORS,
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-crossword",
    "gen-crossword [--knuth] [--force] GRID [WORDLIST...]\n"
    "gen-crossword --show [--colors FILE] [GRID [LISTING]]\n",
    "Writes the XCC problem of filling the crossword GRID with different\n"
    "words of the WORDLIST files (one word a line; default " DEFAULT_WORDS ",\n"
    "keeping the words of letters a-z only; '-' for stdin). In GRID '#' is a\n"
    "black square, '.' an open square, any other character a given letter;\n"
    "lines starting with '|' are comments.\n"
    "\n"
    "Each slot (two or more open squares in a line) is a primary item, a00\n"
    "or d00 after its first square; squares are secondary items colored by\n"
    "their letters; each word is a secondary item so it is used once.\n",
    options,
    "--show reads a solver's listing (dlx2 m1 or JSON) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the filled grid, one\n"
    "character per square; a blank line between solutions. With GRID, black\n"
    "squares are '#' and the listing is checked against the grid; without it\n"
    "the squares no slot names are '.'.\n"
    "\n"
    "  gen-crossword G.txt WORDS | dlx2 m1 t1 | gen-crossword --show G.txt\n",
};

int main(int argc, char **argv)
{
    /* static: what they hold stays reachable when the program dies */
    static struct problem p;
    static struct gen_cmdline a;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    if (a.opt[OPT_SHOW]) {
        gen_show_refuses(&a, (const int[]){OPT_KNUTH, OPT_FORCE, -1});
        if (a.nargs > 2)
            gen_die("--show takes GRID and one LISTING, not '%s': the words come from "
                    "the listing", a.arg[2]);
        int status = show_crossword(&p, a.nargs > 0 ? a.arg[0] : NULL,
                                    a.nargs > 1 ? a.arg[1] : NULL, a.opt[OPT_COLORS]);
        gen_free_cmdline(&a);
        return status;
    }
    if (a.opt[OPT_COLORS])
        gen_die("--colors goes with --show");
    if (!a.nargs)
        gen_die("expected a GRID file (try --help)");
    p.knuth = a.opt[OPT_KNUTH] != NULL;
    p.force = a.opt[OPT_FORCE] != NULL;
    read_grid(&p, a.arg[0]);
    find_slots(&p);
    read_words(&p, a.arg + 1, a.nargs - 1);
    gen_check_size(find_options(&p, 0), p.force, "the problem");
    find_options(&p, 1);
    write_crossword(&p);
    gen_free_cmdline(&a);
    return PROG_DONE;
}
