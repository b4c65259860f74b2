/*
 * formats.c — the formats dlx2 writes in (report.h), one row each: what
 * a solution, a progress report and the end of a run write. A new
 * format is a row here and its functions; rep_program says which of
 * Knuth's programs a search plays, from its XCC_KNUTH_* code.
 */
#include "report.h"

#include <string.h>

/*
 * -c's count on stdout; a part of --shard also says it on stderr in the
 * one line --merge reads back: "Shard K/N, problem fingerprint F: 29
 * solutions." ("29+ solutions, stopped early." when cut short).
 */
void rep_count_summary(const rep *r, const xcc_figs *fig)
{
    const char *n = rep_total(r);
    int early = rep_stopped_early(fig);
    fprintf(r->out, "%s%s\n", n, early ? "+" : "");
    if (r->shard_count_line)
        fprintf(r->err, "Shard %d/%d, problem fingerprint %016llx: %s%s solution%s%s.\n", r->shard,
                r->shards, (ullng)rep_fingerprint(r->p), n, early ? "+" : "",
                strcmp(n, "1") || early ? "s" : "", early ? ", stopped early" : "");
}

/*
 * Knuth's programs write their end on stderr, and their item totals;
 * the other formats leave both to them. DLX1 lists as DLX2 does, and
 * SSXCC's progress lines are DLX2's.
 */
const rep_format rep_formats[] = {
    [REP_DLX2] = {"dlx2", rep_text_solution, rep_dlx2_progress, NULL, rep_knuth_closing, 0,
                  rep_dlx2_totals, 0, NULL},
    [REP_DLX3] = {"dlx3", rep_text_solution, rep_dlx3_progress, NULL, rep_knuth_closing, 0,
                  rep_dlx2_totals, 0, NULL},
    [REP_DLX5] = {"dlx5", rep_cost_solution, rep_cost_progress, NULL, rep_cost_end, 0,
                  rep_dlx2_totals, 0, NULL},
    [REP_DLX1] = {"dlx1", rep_text_solution, rep_dlx1_progress, NULL, rep_dlx1_closing, 0,
                  rep_dlx2_totals, 0, rep_max_degree},
    [REP_SSXCC] = {"ssxcc", rep_text_solution, rep_dlx2_progress, NULL, rep_dlx1_closing, 0,
                   rep_ssxcc_totals, 1, rep_max_degree},
    [REP_JSON] = {"json", rep_json_solution, NULL, rep_json_summary, NULL, 0, NULL, 0, NULL},
    [REP_COUNT] = {"count", NULL, NULL, rep_count_summary, NULL, 0, NULL, 0, NULL},
    /* the ZDD's lines come through the sink's own callback (rep_zdd_line) */
    [REP_ZDD] = {"zdd", NULL, NULL, NULL, NULL, 1, NULL, 0, NULL},
    /* DLX6: the ZDD's lines come through the sink (m<n>), the report is its own */
    [REP_DLX6] = {"dlx6", NULL, rep_dlx6_progress, NULL, rep_dlx6_closing, 1, rep_dlx2_totals,
                  0, NULL},
    {NULL, NULL, NULL, NULL, NULL, 0, NULL, 0, NULL},
};

const rep_format *rep_format_named(const char *name)
{
    for (const rep_format *f = rep_formats; f->name; f++)
        if (!strcmp(f->name, name))
            return f;
    return NULL;
}

/* The row of each XCC_KNUTH_* (sink.h), DLX2's where none is said; DLX5 is asked by costs. */
static const int program_rows[] = {
    [XCC_KNUTH_DLX2] = REP_DLX2, [XCC_KNUTH_DLX1] = REP_DLX1,
    [XCC_KNUTH_DLX3] = REP_DLX3, [XCC_KNUTH_SSXCC] = REP_SSXCC, [XCC_KNUTH_DLX6] = REP_DLX6,
};

const rep_format *rep_program(int knuth, int costs)
{
    if (costs)
        return &rep_formats[REP_DLX5];
    if (knuth < 0 || knuth >= (int)(sizeof program_rows / sizeof *program_rows))
        knuth = XCC_KNUTH_DLX2;
    return &rep_formats[program_rows[knuth]];
}
