/*
 * base/figs.c — what the sink's figures and progress reports (sink.h) need
 * beyond their fields: freeing them, the number of solutions in decimal,
 * the share of the tree done.
 */
#include "sink.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

void xcc_figs_free(xcc_figs *fig)
{
    free(fig->profile);
    free(fig->costs);
    xcc_big_free(&fig->big);
    fig->profile = NULL;
    fig->costs = NULL;
    fig->big_solutions = 0;
}

char *xcc_figs_solutions_text(const xcc_figs *fig)
{
    if (fig->big_solutions)
        return xcc_big_text(&fig->big);
    char buf[XCC_U128_TEXT], *t = malloc(XCC_U128_TEXT);
    return t ? strcpy(t, xcc_u128_text(fig->solutions, buf)) : NULL;
}

double xcc_path_fraction(const xcc_choice *path, int levels)
{
    double f = 0.0, fd = 1.0;
    for (int l = 0; l < levels; l++) {
        fd *= path[l].d;
        f += (path[l].k - 1) / fd;
    }
    return f + 0.5 / fd;
}
