/*
 * gen-langford — Langford pairs as an exact cover problem.
 *
 *   gen-langford [--mirror] [--force] N
 *   gen-langford --show [LISTING]
 *
 * Put two 1s, two 2s, ..., two Ns in a row of 2N slots so that the two
 * i's have exactly i slots between them (N = 3: 3 1 2 1 3 2). Encoding
 * (formats/langford.md says more):
 *   - primary items 1 .. N for the pairs, then s0 .. s(2N-1) for the
 *     slots, the slot's index written by gen_index_name (one
 *     extended-hex digit while 2N <= 62, decimal beyond);
 *   - one option "i sj sk" per placement of the pair of i's, k = j + i + 1,
 *     for i = 1 .. N and j = 0 .. 2N-2-i in that order.
 * A solution is a Langford sequence. Read backwards it is another one,
 * its mirror image, and never itself (the pair of 1s would have to sit
 * in the middle). By default one value m, the largest odd one
 * (N - [N even]), keeps only the placements in the left half of the
 * row, j < 2N-2-m - j, so each sequence is counted once with its mirror
 * image: an odd pair's placement and its mirror are never the same, and
 * the mirror of a solution puts m in the other half. --mirror keeps
 * every placement and counts both; then the file is the reference
 * instance data/reference/instances/langford-N.dlx, comment aside.
 *
 * A sequence exists only when N mod 4 is 0 or 3: the problem is written
 * all the same, with a warning.
 *
 * --show reads a solver's listing and draws each solution as its 2N
 * numbers in a row; N is the number of options of a solution.
 */
#include "draw.h"
#include "gen.h"
#include "listing.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_MIRROR, OPT_FORCE, OPT_SHOW };

static const struct gen_option options[] = {
    [OPT_MIRROR] = {"--mirror", NULL, NULL, "keep the mirror images: every placement of every\n"
                                            "pair, so each sequence is counted twice, once\n"
                                            "backwards"},
    [OPT_FORCE] = GEN_OPTION_FORCE,
    [OPT_SHOW] = GEN_OPTION_SHOW,
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-langford",
    "gen-langford [--mirror] [--force] N\n"
    "gen-langford --show [LISTING]\n",
    "Writes the exact cover problem of Langford pairs: two 1s, two 2s, ...,\n"
    "two Ns in 2N slots, with i slots between the two i's. Items 1 .. N are\n"
    "the pairs, s0, s1, ... the slots (extended-hex digits 0-9 a-z A-Z up to\n"
    "N = 31, decimal beyond); an option \"i sj sk\", k = j + i + 1, puts the\n"
    "pair of i's in slots j and k. Each sequence is counted once, not again\n"
    "backwards: the pair of the largest odd value m (N or N-1) is kept in\n"
    "the left half, j < 2N-2-m - j. Sequences exist only for N = 0 or 3\n"
    "mod 4 (26 for N = 7, 150 for N = 8, 17792 for N = 11).\n",
    options,
    "--show reads a solver's listing (dlx2 m1 or JSON) from LISTING or stdin and\n"
    "draws each solution: a line 'solution K', then the 2N numbers of the\n"
    "sequence; a blank line between solutions.\n"
    "\n"
    "  gen-langford 7 | dlx2 -c                      (26)\n"
    "  gen-langford 7 | dlx2 m1 t1 | gen-langford --show\n",
};

/* Largest N: the slots must stay countable in an int. */
#define LANGFORD_MAX 1000000L

/* The slot names of a problem of n pairs are one digit each. */
static int ext_names(long n)
{
    return 2 * n <= 62;
}

/* The value whose placements are halved without --mirror: the largest odd. */
static long halved(long n)
{
    return n % 2 ? n : n - 1;
}

/* 1 if the pair of i's goes in slots j and j + i + 1 of the problem. */
static int kept(long n, long i, long j, int mirror)
{
    return mirror || i != halved(n) || j < 2 * n - 2 - i - j;
}

/* The size of the output, about, in bytes. */
static double measure(long n)
{
    double digits = (double)snprintf(NULL, 0, "%ld", 2 * n);
    /* about 3N^2/2 options "i sj sk" */
    return (double)n * (double)n * 1.5 * (3 * digits + 5) + 3 * (double)n * (digits + 2);
}

static void put_slot(long j, int ext)
{
    char name[24];
    printf(" s%s", gen_index_name(name, j, ext));
}

static void write_langford(long n, int mirror)
{
    int ext = ext_names(n);
    gen_write_command(stdout);
    for (long i = 1; i <= n; i++)
        printf(i > 1 ? " %ld" : "%ld", i);
    for (long j = 0; j < 2 * n; j++)
        put_slot(j, ext);
    putchar('\n');
    for (long i = 1; i <= n; i++) {
        for (long j = 0; j + i + 1 < 2 * n; j++) {
            if (!kept(n, i, j, mirror))
                continue;
            printf("%ld", i);
            put_slot(j, ext);
            put_slot(j + i + 1, ext);
            putchar('\n');
        }
        gen_check_output(stdout, NULL);
    }
}

/* ---------------------------------------------------------------- --show */

/* The form of an option of the listing, for messages. */
#define OPTION_FORM "'i sj sk (k of n)'"

/* The sequence being drawn: slot[j] is the value in slot j, 0 if none. */
struct row {
    long n;
    long *slot, *where;     /* where[i]: the line of the pair of i's, 0 if none */
    size_t cap, wcap;
};

/* Puts the pair of option o in the row, or dies. */
static void place(struct row *w, const struct listing *ls, const struct lst_option *o)
{
    long value = 0, at[2];
    int slots = 0;
    if (o->nitems != 3)
        listing_not_an_option(ls, o, OPTION_FORM);
    for (size_t k = 0; k < 3; k++) {
        const struct lst_item *it = &o->item[k];
        long v = it->color ? -1
                 : it->name[0] == 's' ? gen_parse_index(it->name + 1, ext_names(w->n))
                 : gen_parse_index(it->name, 0);
        if (v < 0 || (it->name[0] == 's' ? slots == 2 : value > 0 || v == 0))
            listing_not_an_option(ls, o, OPTION_FORM);
        if (it->name[0] == 's')
            at[slots++] = v;
        else
            value = v;
    }
    long j = at[0] < at[1] ? at[0] : at[1], k = at[0] + at[1] - j;
    char quote[GEN_QUOTE];
    if (value > w->n || k >= 2 * w->n)
        listing_die(ls, o->line, "'%s' does not fit a row of %ld pairs (a solution has one "
                    "option for each)", gen_quote(quote, o->text), w->n);
    if (k - j != value + 1)
        listing_die(ls, o->line, "the two %ld's of '%s' are %ld slots apart, not %ld", value,
                    gen_quote(quote, o->text), k - j - 1, value);
    if (w->where[value])
        listing_die(ls, o->line, "a second pair of %ld's in solution %s (the first on line %ld)",
                    value, ls->label, w->where[value]);
    if (w->slot[j] || w->slot[k])
        listing_die(ls, o->line, "slot %ld holds a %ld already in solution %s",
                    w->slot[j] ? j : k, w->slot[j] ? w->slot[j] : w->slot[k], ls->label);
    w->slot[j] = w->slot[k] = value;
    w->where[value] = o->line;
}

static int show(const char *path)
{
    /* static: reachable when a bad line ends the program */
    static struct listing ls;
    static struct row w;
    long pictures = 0;
    listing_open(&ls, path);
    while (listing_next(&ls)) {
        w.n = (long)ls.nopts;
        if (w.n > LANGFORD_MAX)
            listing_die(&ls, ls.label_line, "solution %s has %ld pairs, more than %ld", ls.label,
                        w.n, LANGFORD_MAX);
        w.slot = gen_grow(w.slot, &w.cap, (size_t)(2 * w.n), sizeof *w.slot);
        w.where = gen_grow(w.where, &w.wcap, (size_t)w.n + 1, sizeof *w.where);
        memset(w.slot, 0, (size_t)(2 * w.n) * sizeof *w.slot);
        memset(w.where, 0, ((size_t)w.n + 1) * sizeof *w.where);
        for (size_t k = 0; k < ls.nopts; k++)
            place(&w, &ls, &ls.opt[k]);
        draw_title(stdout, pictures++, ls.label, NULL);
        for (long j = 0; j < 2 * w.n; j++)
            printf(j ? " %ld" : "%ld", w.slot[j]);
        putchar('\n');
        gen_check_output(stdout, NULL);
    }
    int status = ls.solutions ? PROG_DONE : listing_none(&ls);
    listing_close(&ls);
    free(w.slot);
    free(w.where);
    return status;
}

int main(int argc, char **argv)
{
    static struct gen_cmdline a;    /* static: reachable when the program dies */
    int status = PROG_DONE;
    gen_init(&program, argc, argv);
    gen_read_cmdline(&a);
    if (a.opt[OPT_SHOW]) {
        gen_show_refuses(&a, (const int[]){OPT_MIRROR, OPT_FORCE, -1});
        if (a.nargs > 1)
            gen_die("--show takes one LISTING, not '%s': N comes from the listing", a.arg[1]);
        status = show(a.nargs ? a.arg[0] : NULL);
    } else {
        if (a.nargs < 1)
            gen_die("missing N, the number of pairs (try --help)");
        if (a.nargs > 1)
            gen_die("too many arguments: '%s' (try --help)", a.arg[1]);
        long n = gen_parse_long(a.arg[0], 1, LANGFORD_MAX, "N");
        gen_check_size(measure(n), a.opt[OPT_FORCE] != NULL, "the problem");
        if (n % 4 == 1 || n % 4 == 2)
            gen_warn("Langford pairs exist only for N = 0 or 3 mod 4, and %ld mod 4 = %ld: "
                     "the problem has no solution", n, n % 4);
        write_langford(n, a.opt[OPT_MIRROR] != NULL);
    }
    gen_close_output(stdout, NULL);
    gen_free_cmdline(&a);
    return status;
}
