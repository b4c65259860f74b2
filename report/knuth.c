/*
 * knuth.c — what DLX1, DLX2, DLX3 and SSXCC write on stderr about a
 * search: the item totals, a progress line (or the current state, v256),
 * and the closing "Altogether" line; the engines without mems write
 * theirs in the same places.
 */
#include "report.h"

#include <string.h>

/* DLX2's "Item totals: 3 2 | 4", the bar before the item at index bar (-1: none). */
static void totals(const rep *r, int bar)
{
    const xcc_problem *p = r->p;
    int items = xcc_problem_items(p);
    fputs("Item totals:", r->err);
    for (int k = 0; k < items; k++) {
        if (k == bar)
            fputs(" |", r->err);
        fprintf(r->err, " %d", xcc_item_total(p, k));
    }
    fputc('\n', r->err);
}

void rep_dlx2_totals(const rep *r)
{
    totals(r, xcc_problem_primary_items(r->p));
}

/*
 * SSXCC's, before the search: its bar goes before the item whose index
 * equals the place of the first secondary item's set in SSXCC's array of
 * sets (four header words per item, then its options), so it lands by
 * chance, if at all.
 */
void rep_ssxcc_totals(const rep *r)
{
    const xcc_problem *p = r->p;
    int items = xcc_problem_items(p), primary = xcc_problem_primary_items(p), bar = -1;
    if (primary < items) {
        long long at = 4;
        for (int i = 0; i < primary; i++)
            at += 4 + xcc_item_options(p, i);
        if (at < items)
            bar = (int)at;
    }
    totals(r, bar);
}

/* How a program's progress differs from DLX2's. */
enum {
    LEVELS_TO_C = 1, /* levels 0 .. C, then "...", and the estimate from those (DLX1, DLX3) */
    SOLS = 2,        /* its state (v256) says "sols" (DLX3) */
    HITS = 4,        /* the memo's hits after the solutions (DLX6) */
};

/* " after M mems: S sols, kd kd ... 0.12345", DLX2's, or DLX1's and DLX3's. */
static void progress_line(const rep *r, const xcc_progress *pr, int how)
{
    int dots = 0;
    fprintf(r->err, " after %s mems: %s sols,", REP_N(pr->mems), REP_N(pr->solutions));
    if (how & HITS)
        fprintf(r->err, " %llu hits,", pr->hits);
    if (how & LEVELS_TO_C) {
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
static void state_report(const rep *r, const xcc_progress *pr, int how)
{
    fprintf(r->err, "Current state (level %d):\n", pr->level);
    for (int l = 0; l < pr->level; l++) {
        rep_option(r->err, r->p, &pr->path[l], 0);
        if (l >= r->show_levels_max) {
            fputs(" ...\n", r->err);
            break;
        }
    }
    fprintf(r->err, " %s %s,", REP_N(pr->solutions), how & SOLS ? "sols" : "solutions");
    if (how & HITS)
        fprintf(r->err, " %llu hits,", pr->hits);
    fprintf(r->err, " %s mems, and max level %d so far.\n", REP_N(pr->mems), pr->maxl);
}

/* A progress report of a Knuth program's; an engine without mems counts nodes. */
static void progress(const rep *r, const xcc_progress *pr, int how)
{
    if (!pr->mems_counted)
        fprintf(r->err, " after %s nodes: %s sols, %.5f\n", REP_N(pr->nodes),
                REP_N(pr->solutions), pr->fraction);
    else if (r->vbose & XCC_SHOW_FULL_STATE)
        state_report(r, pr, how);
    else
        progress_line(r, pr, how);
}

void rep_dlx1_progress(const rep *r, const xcc_progress *pr)
{
    progress(r, pr, LEVELS_TO_C);
}

void rep_dlx2_progress(const rep *r, const xcc_progress *pr)
{
    progress(r, pr, 0);
}

void rep_dlx3_progress(const rep *r, const xcc_progress *pr)
{
    progress(r, pr, LEVELS_TO_C | SOLS);
}

void rep_dlx6_progress(const rep *r, const xcc_progress *pr)
{
    progress(r, pr, LEVELS_TO_C | HITS);
}

long long rep_ccost(const xcc_figs *fig)
{
    xcc_u128 work = fig->mems - fig->lmems, c = fig->cmems; /* DLX1, SSXCC: lmems 0 */
    while (work >> 100) /* a percentage needs no more than 100 bits of either */
        work >>= 1, c >>= 1;
    if (!work)
        return 0;
    return (long long)((200 * c + work) / (2 * work));
}

static void closing_ssxcc(FILE *f, const xcc_figs *fig, long long ccost);

void rep_closing(FILE *f, const xcc_figs *fig, long long ccost)
{
    if (fig->mems_counted && fig->knuth == XCC_KNUTH_SSXCC) { /* --merge of SSXCC's parts */
        closing_ssxcc(f, fig, ccost);
        return;
    }
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

void rep_max_degree(const rep *r, const xcc_figs *fig)
{
    if (r->vbose & XCC_SHOW_MAX_DEG)
        fprintf(r->err, "The maximum branching degree was %d.\n", fig->maxdeg);
}

/* DLX1's and SSXCC's closing line: no cleansings. */
void rep_dlx1_closing(const rep *r, const xcc_figs *fig)
{
    if (!(r->vbose & XCC_SHOW_BASICS) || fig->no_updates || !fig->mems_counted) {
        rep_knuth_closing(r, fig); /* the engines without mems: theirs */
        return;
    }
    closing_ssxcc(r->err, fig, rep_ccost(fig));
}

/* SSXCC's and DLX1's closing line: no cleansings, no lmems. */
static void closing_ssxcc(FILE *f, const xcc_figs *fig, long long ccost)
{
    fprintf(f, "Altogether %s solution%s, %s+%s mems, %s updates, %llu bytes, %s nodes,"
               " ccost %lld%%.\n", REP_N(fig->solutions), fig->solutions == 1 ? "" : "s",
            REP_N(fig->imems), REP_N(fig->mems), REP_N(fig->updates), fig->bytes,
            REP_N(fig->nodes), ccost);
}

/*
 * DLX6's closing line: search nodes, the ZDD's nodes with its two sinks
 * (1 when it has none besides them), the memo's signatures without and
 * with solutions (one more: the empty one, which the book counts), hits.
 */
void rep_dlx6_closing(const rep *r, const xcc_figs *fig)
{
    if (!(r->vbose & XCC_SHOW_BASICS))
        return;
    ullng z = fig->zdd_nodes == 2 ? 1 : fig->zdd_nodes;
    fprintf(r->err, "Altogether %s solution%s, %s+%s mems, %s updates, %s cleansings, %llu bytes,"
                    " %s search nodes, %llu ZDD node%s, %llu+%llu signatures, %llu hits.\n",
            REP_N(fig->solutions), fig->solutions == 1 ? "" : "s", REP_N(fig->imems),
            REP_N(fig->mems), REP_N(fig->updates), REP_N(fig->cleansings), fig->bytes,
            REP_N(fig->nodes), z, z == 1 && fig->zdd_nodes == 2 ? "" : "s",
            fig->memos - fig->goodmemos, fig->goodmemos + 1, fig->hits);
}
