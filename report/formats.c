/*
 * formats.c — the formats dlx2 writes in (report.h), one row each: what
 * a solution, a progress report and the end of a run write. A new
 * format is a row here and its functions; rep_program says which of
 * Knuth's programs a search plays, from its tree.
 */
#include "report.h"

#include <string.h>

void rep_count_summary(const rep *r, const xcc_figs *fig)
{
    fprintf(r->out, "%s%s\n", rep_total(r), rep_stopped_early(fig) ? "+" : "");
}

/* DLX2's and DLX3's end on stderr; the other formats leave it to them. */
const rep_format rep_formats[] = {
    [REP_DLX2] = {"dlx2", rep_text_solution, rep_dlx2_progress, NULL, rep_knuth_closing, 0},
    [REP_DLX3] = {"dlx3", rep_text_solution, rep_dlx3_progress, NULL, rep_knuth_closing, 0},
    [REP_DLX5] = {"dlx5", rep_cost_solution, rep_cost_progress, NULL, rep_cost_end, 0},
    [REP_JSON] = {"json", rep_json_solution, NULL, rep_json_summary, NULL, 0},
    [REP_COUNT] = {"count", NULL, NULL, rep_count_summary, NULL, 0},
    /* the ZDD's lines come through the sink's own callback (rep_zdd_line) */
    [REP_ZDD] = {"zdd", NULL, NULL, NULL, NULL, 1},
    {NULL, NULL, NULL, NULL, NULL, 0},
};

const rep_format *rep_format_named(const char *name)
{
    for (const rep_format *f = rep_formats; f->name; f++)
        if (!strcmp(f->name, name))
            return f;
    return NULL;
}

const rep_format *rep_program(int knuth, int costs)
{
    return &rep_formats[costs ? REP_DLX5 : knuth == 3 ? REP_DLX3 : REP_DLX2];
}
