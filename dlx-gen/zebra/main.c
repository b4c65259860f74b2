/*
 * main.c — gen-zebra's command line: the zebra puzzle (and puzzles like
 * it) as an XCC problem with colors (encode.c), the solutions of a
 * solver's listing as tables of houses (show.c), or new puzzles
 * (generate.c). formats/zebra.md describes the clue language and both
 * encodings.
 */
#include "zebra.h"

#include <stdlib.h>
#include <string.h>

#include "listing.h"

/* Houses of a generated puzzle unless --houses says otherwise. */
enum { DEFAULT_HOUSES = 5 };

enum { OPT_FILE, OPT_OUT, OPT_ANSWER, OPT_SEED, OPT_HOUSES, OPT_KNUTH, OPT_FORCE, OPT_SHOW,
       OPT_GENERATE, OPT_EXAMPLE };

static const struct gen_option options[] = {
    [OPT_FILE] = {"-f", "--file", "FILE", "read the puzzle from FILE instead of the classic one"},
    [OPT_OUT] = {"-o", NULL, "OUT", "--generate: also write the puzzle as an XCC problem to OUT"},
    [OPT_ANSWER] = {"--answer", NULL, "ANS", "--generate: write the answer to ANS ('-': on stdout,\n"
                                             "after the puzzle); without it, no answer is written"},
    [OPT_SEED] = {"--seed", NULL, "S", "the random seed of --generate (default 1): same seed,\n"
                                       "same puzzle"},
    [OPT_HOUSES] = {"--houses", NULL, "N", "--generate: N houses (default 5, at most 10 for the\n"
                                           "classic categories); --show works it out itself"},
    [OPT_KNUTH] = {"--knuth", NULL, NULL, "one-character colors, for Knuth's DLX2"},
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = {"--show", NULL, NULL, "read a solver's listing (dlx2 m1 or JSON) of this\n"
                                        "problem and print each solution as a table of\n"
                                        "houses, with the answers to the puzzle's questions"},
    [OPT_GENERATE] = {"--generate", NULL, NULL, "make a new puzzle with exactly one solution and\n"
                                                "print it in English (its answer only with --answer):\n"
                                                "the classic categories (or those of FILE), a random\n"
                                                "assignment, as few clues as needed"},
    [OPT_EXAMPLE] = {"--example", NULL, NULL, "print the classic puzzle in the clue language and exit"},
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-zebra",
    "gen-zebra [-f FILE] [--knuth] [--force]\n"
    "gen-zebra [-f FILE] [--knuth] [--houses N] --show [LISTING]\n"
    "gen-zebra --generate [--seed S] [--houses N] [-f FILE] [-o OUT] [--answer ANS]\n"
    "gen-zebra --example\n",
    "Writes a zebra puzzle as an exact cover problem with colors in DLX2\n"
    "format on stdout: the classic puzzle (one solution: the Japanese owns\n"
    "the zebra, the Norwegian drinks water), or the puzzle in FILE ('-' for\n"
    "stdin), written in the clue language of gen-zebra(1).\n"
    "\n"
    "Each clue is a primary item #1, #2, ...; each category in each house a\n"
    "secondary item TAG+house (N0 = nationality of the first house) whose\n"
    "color is the value there; each clue has one option per way it can hold.\n",
    options,
    "Examples: gen-zebra | dlx2 m1 | gen-zebra --show\n"
    "          gen-zebra --generate --seed 7 -o p.dlx --answer a.txt\n"
    "          dlx2 m1 p.dlx | gen-zebra --show   # the answer, as in a.txt\n",
};

/* Checks that the options go together; returns the LISTING of --show. */
static const char *check_args(const struct gen_cmdline *a)
{
    if (a->opt[OPT_GENERATE] && a->opt[OPT_SHOW])
        gen_die("--generate and --show do not go together");
    if (a->opt[OPT_GENERATE] && a->opt[OPT_KNUTH])
        gen_die("--knuth does not go with --generate");
    if (!a->opt[OPT_GENERATE] && (a->opt[OPT_SEED] || a->opt[OPT_OUT] || a->opt[OPT_ANSWER]))
        gen_die("%s goes with --generate", a->opt[OPT_SEED] ? "--seed" : a->opt[OPT_OUT] ? "-o"
                : "--answer");
    if (a->opt[OPT_HOUSES] && !a->opt[OPT_GENERATE] && !a->opt[OPT_SHOW])
        gen_die("--houses goes with --generate or --show");
    if (a->nargs > (a->opt[OPT_SHOW] ? 1 : 0))
        gen_die("unexpected argument '%s' (a puzzle file goes after -f)",
                a->arg[a->opt[OPT_SHOW] ? 1 : 0]);
    return a->nargs ? a->arg[0] : NULL;
}

/*
 * --show: the puzzle is FILE's, or the classic categories with --houses N
 * values, or as many as the listing's first solution has houses.
 */
static int show(const struct gen_cmdline *a, struct puzzle *pz, int houses, const char *listing)
{
    static struct listing ls;   /* static: reachable when the program dies */
    int held = 0;
    if (a->opt[OPT_FILE]) {
        puzzle_read_file(pz, a->opt[OPT_FILE]);
        find_questions(pz);
        listing_open(&ls, listing);
    } else {
        puzzle_read_text(pz, "(classic categories)", zebra_classic_grown);
        find_questions(pz);
        listing_open(&ls, listing);
        if (!houses && (held = listing_next(&ls)))
            houses = listing_houses(pz, &ls);
        houses = houses ? houses : DEFAULT_HOUSES;
    }
    if (houses)
        select_houses(pz, houses);
    if (!held)
        held = listing_next(&ls);
    attach_phrases(pz);
    struct colors co = choose_colors(pz, a->opt[OPT_KNUTH] != NULL);
    int status = zebra_show(pz, &co, &ls, held);
    gen_close_output(stdout, NULL);
    listing_close(&ls);
    return status;
}

int main(int argc, char **argv)
{
    /* static: reachable when the program dies */
    static struct gen_cmdline a;
    static struct puzzle pz;
    int status = PROG_DONE;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    const char *listing = check_args(&a);
    if (a.opt[OPT_EXAMPLE]) {
        fputs(zebra_classic, stdout);
        gen_close_output(stdout, NULL);
        gen_free_cmdline(&a);
        return PROG_DONE;
    }
    long seed = a.opt[OPT_SEED] ? gen_parse_long(a.opt[OPT_SEED], 0, 2147483647L, "--seed") : 1;
    int houses = a.opt[OPT_HOUSES] ? (int)gen_parse_long(a.opt[OPT_HOUSES], 1, 1000000, "--houses") : 0;

    if (a.opt[OPT_SHOW]) {
        status = show(&a, &pz, houses, listing);
    } else if (a.opt[OPT_GENERATE]) {
        /* the grown classic categories, unless FILE gives others */
        if (a.opt[OPT_FILE])
            puzzle_read_file(&pz, a.opt[OPT_FILE]);
        else
            puzzle_read_text(&pz, "(classic categories)", zebra_classic_grown);
        find_questions(&pz);
        if (houses || !a.opt[OPT_FILE])
            select_houses(&pz, houses ? houses : DEFAULT_HOUSES);
        attach_phrases(&pz);
        zebra_generate(&pz, seed, a.opt[OPT_OUT], a.opt[OPT_ANSWER]);
    } else {
        const char *name = a.opt[OPT_FILE] ? a.opt[OPT_FILE] : "(classic puzzle)";
        if (a.opt[OPT_FILE])
            puzzle_read_file(&pz, name);
        else
            puzzle_read_text(&pz, name, zebra_classic);
        check_clues(&pz, strcmp(name, "-") ? name : "<stdin>");
        struct colors co = choose_colors(&pz, a.opt[OPT_KNUTH] != NULL);
        gen_check_size(problem_bytes(&pz), a.opt[OPT_FORCE] != NULL, "the problem");
        struct buf b = {NULL, 0, 0};
        gen_write_command(stdout);
        write_problem(&b, &pz, &co);
        buf_flush(&b, stdout);
        free(b.s);
        gen_close_output(stdout, NULL);
    }
    puzzle_free(&pz);
    gen_free_cmdline(&a);
    return status;
}
