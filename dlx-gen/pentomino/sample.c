/*
 * sample.c — gen-pentomino --sample N: tilings drawn uniformly at random.
 *
 * The problem is written into memory as gen-pentomino writes it, read by
 * libxcc, and handed to its zdd engine with xcc_settings.samples: the
 * engine counts every tiling below every subproblem and draws each
 * tiling with the same chance, so the draws are those of `gen-pentomino
 * ... | dlx2 --sample N --seed S` for the same seed. Each draw is written
 * as a solution of a listing in memory, in DLX2's layout, and drawn by
 * show.c as if read from a solver.
 */
#include "pentomino.h"
#include "xcc.h"

#include <stdlib.h>

/* The listing being made: the draws so far. */
struct draws {
    FILE *f;
    unsigned long long n;
};

/* One draw, as the "K:" line and an option per line. */
static int write_draw(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    struct draws *dr = ctx;
    fprintf(dr->f, "%llu:\n", ++dr->n);
    for (int l = 0; l < xcc_solution_size(s); l++) {
        int o = xcc_solution_option(s, l);
        for (int k = 0; k < xcc_option_size(p, o); k++) {
            const char *color = xcc_option_color(p, o, k);
            fprintf(dr->f, " %s%s%s", xcc_item_name(p, xcc_option_item(p, o, k)),
                    color ? ":" : "", color ? color : "");
        }
        putc('\n', dr->f);
    }
    return 0;
}

void pentomino_sample(struct pieceset *set, const struct box *b, const struct request *rq,
                      unsigned long long n, long seed, int svg)
{
    char *problem = NULL, *listing = NULL;
    size_t plen = 0, llen = 0;
    FILE *f = open_memstream(&problem, &plen);
    if (!f)
        gen_out_of_memory();
    pentomino_write(f, set, b, rq);
    if (fclose(f))
        gen_out_of_memory();

    xcc_problem *p;
    xcc_diag d;
    if (xcc_problem_parse(&p, problem, NULL, &d) != XCC_OK)
        gen_die("the problem made cannot be read: %s", d.message); /* a bug */
    free(problem);
    struct draws dr = {open_memstream(&listing, &llen), 0};
    if (!dr.f)
        gen_out_of_memory();
    xcc_settings *st;
    char draws[32];
    if (xcc_settings_new(&st))
        gen_out_of_memory();
    snprintf(draws, sizeof draws, "%llu", n);
    xcc_status status = xcc_settings_set(st, "samples", draws, &d);
    if (!status)
        status = xcc_settings_set_int(st, "seed", seed, &d);
    if (!status)
        status = xcc_solve(p, st, write_draw, &dr, NULL, &d);
    xcc_settings_free(st);
    xcc_problem_free(p);
    if (fclose(dr.f))
        gen_out_of_memory();
    if (status == XCC_NO_MEMORY)
        gen_exit(PROG_NO_MEMORY, "--sample: %s", d.message[0] ? d.message : "out of memory");
    if (status != XCC_OK)
        gen_die("--sample: %s", d.message);
    pentomino_show(set, b, svg, rq->copies.hi, "--sample", listing);
    free(listing);
}
