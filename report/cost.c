/*
 * cost.c — the report of a minimum-cost search, in the layouts of
 * Knuth's DLX5: the taxes (v8), a solution with its total cost and each
 * option's cost and net cost, the progress lines and states, the closing
 * line (no lmems, no ccost) and the best costs found.
 */
#include "report.h"

#include <string.h>

void rep_cost_taxes(const rep *r)
{
    const xcc_problem *p = r->p;
    for (int i = 0, n = xcc_problem_primary_items(p); i < n; i++) {
        ullng tax = xcc_item_tax(p, i);
        if (tax)
            fprintf(r->err, " %s tax=$%llu\n", xcc_item_name(p, i), tax);
    }
    if (xcc_problem_tax(p))
        fprintf(r->err, " (total tax is $%llu)\n", xcc_problem_tax(p));
}

/*
 * " after M mems: S sols, $C, kd kd ... 0.12345": the estimate of the
 * share done goes only as deep as the levels shown (C<n>).
 */
static void progress_line(const rep *r, const xcc_progress *pr)
{
    double f = 0.0, fd = 1.0;
    fprintf(r->err, " after %s mems: %s sols,", REP_N(pr->mems), REP_N(pr->solutions));
    if (pr->cutoff != XCC_COST_INFINITY)
        fprintf(r->err, " $%llu,", pr->cutoff);
    for (int l = 0; l < pr->level; l++) {
        int k = pr->path[l].k, d = pr->path[l].d;
        fd *= d, f += (k - 1) / fd;
        fprintf(r->err, " %c%c", rep_code_char(k), rep_code_char(d));
        if (l >= r->show_levels_max) {
            fputs("...", r->err);
            break;
        }
    }
    fprintf(r->err, " %.5f\n", f + 0.5 / fd);
}

/* "Current state (level L):" and the options chosen (v256). */
static void state_report(const rep *r, const xcc_progress *pr)
{
    fprintf(r->err, "Current state (level %d):\n", pr->level);
    for (int l = 0; l < pr->level; l++) {
        rep_option(r->err, r->p, &pr->path[l], 1);
        if (l >= r->show_levels_max) {
            fputs(" ...\n", r->err);
            break;
        }
    }
    fprintf(r->err, " %s solutions, ", REP_N(pr->solutions));
    if (pr->cutoff != XCC_COST_INFINITY)
        fprintf(r->err, "$%llu, ", pr->cutoff);
    fprintf(r->err, "%s mems, and max level %d so far.\n", REP_N(pr->mems), pr->maxl);
}

void rep_cost_progress(const rep *r, const xcc_progress *pr)
{
    if (r->vbose & XCC_SHOW_FULL_STATE)
        state_report(r, pr);
    else
        progress_line(r, pr);
}

void rep_cost_closing(FILE *f, const xcc_figs *fig)
{
    fprintf(f, "Altogether %s solution%s, %s+%s mems, %s updates, %s cleansings,"
               " %llu bytes, %s nodes.\n", REP_N(fig->solutions), fig->solutions == 1 ? "" : "s",
            REP_N(fig->imems), REP_N(fig->mems), REP_N(fig->updates), REP_N(fig->cleansings),
            fig->bytes, REP_N(fig->nodes));
}

void rep_cost_end(const rep *r, const xcc_figs *fig)
{
    if (r->vbose & XCC_SHOW_BASICS)
        rep_cost_closing(r->err, fig);
    if ((r->vbose & XCC_SHOW_OPT_COSTS) && fig->solutions)
        rep_cost_optimum(r->err, fig->costs, fig->ncosts, r->best);
}

void rep_cost_optimum(FILE *f, const ullng *costs, int n, int best)
{
    fputs(best == 1 ? "The optimum cost is" : "The optimum costs are:\n", f);
    for (int i = 0, same = 1; i < n; i++, same++)
        if (i + 1 == n || costs[i + 1] != costs[i]) {
            if (same > 1)
                fprintf(f, " $%llu (repeated %d times)\n", costs[i], same);
            else
                fprintf(f, " $%llu\n", costs[i]);
            same = 0;
        }
}

void rep_cost_json(FILE *f, const xcc_figs *fig)
{
    fputs(",\"costs\":[", f);
    for (int i = 0; i < fig->ncosts; i++)
        fprintf(f, "%s%llu", i ? "," : "", fig->costs[i]);
    fputc(']', f);
    if (fig->ncosts)
        fprintf(f, ",\"optimum\":%llu", fig->costs[0]);
    else
        fputs(",\"optimum\":null", f);
}

const char *rep_best_tag(const rep *r)
{
    static char tag[32];
    if (!r->costs)
        return "";
    snprintf(tag, sizeof tag, ", k%d", r->best);
    return tag;
}
