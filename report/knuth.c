/*
 * knuth.c — what DLX2 and DLX3 write on stderr about a search: a
 * progress line (or the current state, v256), and the closing
 * "Altogether" line; the engines without mems write theirs in the same
 * places.
 */
#include "report.h"

#include <string.h>

/* " after M mems: S sols, kd kd ... 0.12345", DLX2's or DLX3's. */
static void progress_line(const rep *r, const xcc_progress *pr, int dlx3)
{
    int dots = 0;
    fprintf(r->err, " after %s mems: %s sols,", REP_N(pr->mems), REP_N(pr->solutions));
    if (dlx3) { /* DLX3 shows levels 0 .. C, then "...", and estimates from those */
        int most = r->show_levels_max < 0 ? 1 : r->show_levels_max + 1;
        int shown = most < pr->level ? most : pr->level;
        for (int l = 0; l < shown; l++)
            fprintf(r->err, " %c%c", rep_code_char(pr->path[l].k), rep_code_char(pr->path[l].d));
        fprintf(r->err, "%s %.5f\n", pr->level >= most ? "..." : "",
                xcc_path_fraction(pr->path, shown));
        return;
    }
    for (int l = 0; l < pr->level; l++) {
        if (l < r->show_levels_max)
            fprintf(r->err, " %c%c", rep_code_char(pr->path[l].k), rep_code_char(pr->path[l].d));
        else if (!dots)
            dots = 1, fputs("...", r->err);
    }
    fprintf(r->err, " %.5f\n", pr->fraction);
}

/* "Current state (level L):" and the options chosen (v256). */
static void state_report(const rep *r, const xcc_progress *pr, int dlx3)
{
    fprintf(r->err, "Current state (level %d):\n", pr->level);
    for (int l = 0; l < pr->level; l++) {
        rep_option(r->err, r->p, &pr->path[l], 0);
        if (l >= r->show_levels_max) {
            fputs(" ...\n", r->err);
            break;
        }
    }
    fprintf(r->err, " %s %s, %s mems, and max level %d so far.\n", REP_N(pr->solutions),
            dlx3 ? "sols" : "solutions", REP_N(pr->mems), pr->maxl);
}

/* A progress report of DLX2's or DLX3's tree; an engine without mems counts nodes. */
static void progress(const rep *r, const xcc_progress *pr, int dlx3)
{
    if (!pr->mems_counted)
        fprintf(r->err, " after %s nodes: %s sols, %.5f\n", REP_N(pr->nodes),
                REP_N(pr->solutions), pr->fraction);
    else if (r->vbose & XCC_SHOW_FULL_STATE)
        state_report(r, pr, dlx3);
    else
        progress_line(r, pr, dlx3);
}

void rep_dlx2_progress(const rep *r, const xcc_progress *pr)
{
    progress(r, pr, 0);
}

void rep_dlx3_progress(const rep *r, const xcc_progress *pr)
{
    progress(r, pr, 1);
}

long long rep_ccost(const xcc_figs *fig)
{
    xcc_u128 work = fig->mems - fig->lmems, c = fig->cmems;
    while (work >> 100) /* a percentage needs no more than 100 bits of either */
        work >>= 1, c >>= 1;
    if (!work)
        return 0;
    return (long long)((200 * c + work) / (2 * work));
}

void rep_closing(FILE *f, const xcc_figs *fig, long long ccost)
{
    fprintf(f, "Altogether %s solution%s,", REP_N(fig->solutions), fig->solutions == 1 ? "" : "s");
    if (!fig->mems_counted)
        fprintf(f, " %s updates, %llu bytes, %s nodes (--engine=fast: no mems counted).\n",
                REP_N(fig->updates), fig->bytes, REP_N(fig->nodes));
    else if (fig->knuth == 3) /* DLX3's: no lmems */
        fprintf(f, " %s+%s mems, %s updates, %s cleansings, %llu bytes, %s nodes,"
                   " ccost %lld%%.\n", REP_N(fig->imems), REP_N(fig->mems), REP_N(fig->updates),
                REP_N(fig->cleansings), fig->bytes, REP_N(fig->nodes), ccost);
    else
        fprintf(f, " %s+%s-%s mems, %s updates, %s cleansings, %llu bytes,"
                   " %s nodes, ccost %lld%%.\n", REP_N(fig->imems), REP_N(fig->mems),
                REP_N(fig->lmems), REP_N(fig->updates), REP_N(fig->cleansings), fig->bytes,
                REP_N(fig->nodes), ccost);
}

/* The zdd engine's closing line: no mems, but ZDD nodes when it wrote them. */
static void zdd_closing(const rep *r, const xcc_figs *fig)
{
    const char *n = rep_total(r);
    fprintf(r->err, "Altogether %s solution%s, %llu bytes, %s nodes", n, strcmp(n, "1") ? "s" : "",
            fig->bytes, REP_N(fig->nodes));
    if (r->output && r->output->zdd) /* --zdd: the lines written */
        fprintf(r->err, ", %llu ZDD node%s", r->zdd_nodes, r->zdd_nodes == 1 ? "" : "s");
    fputs(" (--engine=zdd: no mems counted).\n", r->err);
}

void rep_knuth_closing(const rep *r, const xcc_figs *fig)
{
    if (!(r->vbose & XCC_SHOW_BASICS))
        return;
    if (fig->no_updates)
        zdd_closing(r, fig);
    else
        rep_closing(r->err, fig, rep_ccost(fig));
}
