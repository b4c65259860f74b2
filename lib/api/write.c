/*
 * api/write.c — xcc_problem_write: a problem in the text format of
 * formats/xcc.md, such that reading it back gives the same problem.
 */
#include "problem/problem.h"
#include "base/text.h"

#include <errno.h>
#include <string.h>

/*
 * Item i (public numbering), with its bounds when they are not 1:1; a
 * problem whose bounds are all 1:1 (still one with multiplicities, as
 * "1|A" makes it) writes them on its first item.
 */
static void item(FILE *out, const xcc_problem *p, int i)
{
    int lo, hi, any = 0;
    for (int k = 0; p->bounds && k < xcc_problem_primary_items(p); k++)
        if (xcc_item_bounds(p, k, &lo, &hi) && (lo != 1 || hi != 1))
            any = 1;
    if (p->bounds && i < xcc_problem_primary_items(p) && xcc_item_bounds(p, i, &lo, &hi)
        && (lo != 1 || hi != 1 || (!any && i == 0))) {
        if (lo == hi)
            fprintf(out, "%d|", hi);
        else
            fprintf(out, "%d:%d|", lo, hi);
    }
    fputs(xcc_item_name(p, i), out);
}

xcc_status xcc_problem_write(const xcc_problem *p, FILE *out, xcc_diag *d)
{
    int n = xcc_problem_items(p), np = xcc_problem_primary_items(p);
    if (d)
        memset(d, 0, sizeof *d);
    for (int i = 0; i < n; i++) {
        if (i == np)
            fputs(i ? " |" : "|", out);
        if (i)
            fputc(' ', out);
        item(out, p, i);
    }
    fputc('\n', out);
    for (int o = 0; o < xcc_problem_options(p); o++) {
        for (int k = 0; k < xcc_option_size(p, o); k++) {
            const char *c = xcc_option_color(p, o, k);
            fprintf(out, "%s%s%s%s", k ? " " : "", xcc_item_name(p, xcc_option_item(p, o, k)),
                    c ? ":" : "", c ? c : "");
        }
        if (xcc_has_costs(p)) /* every option, so that a problem of costs 0 stays one with costs */
            fprintf(out, " |%llu", (unsigned long long)xcc_cost_of(p, o));
        fputc('\n', out);
    }
    if (fflush(out) || ferror(out))
        return xcc_diag_set(d, XCC_WRITE_ERROR, "cannot write the problem: %s", strerror(errno));
    return XCC_OK;
}
