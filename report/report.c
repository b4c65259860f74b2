/*
 * report.c — the report of a run around its solutions, in the order
 * DLX2 writes it: the input line, the solutions and progress (in the
 * formats of formats.c), why the search stopped, stdout's end (-c's
 * count, the JSON summary), the item totals, the profile, --shard's line
 * and stderr's end (the closing lines).
 */
#include "report.h"
#include "progs.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void rep_input_line(const rep *r)
{
    const xcc_problem *p = r->p;
    int items = xcc_problem_items(p), primary = xcc_problem_primary_items(p);
    fprintf(r->err, "(%d options, %d+%d items, %d entries successfully read)\n",
            xcc_problem_options(p), primary, items - primary, xcc_problem_entries(p));
}

void rep_item_totals(const rep *r)
{
    rep_program(r->knuth, r->costs)->totals(r);
}

/* ---- solutions and progress ----------------------------------------------- */

int rep_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    rep *r = ctx;
    const rep_format *f = r->output;
    if (r->out_gone)
        return 1;
    if (f->solution && f->solution(r, p, s))
        return 1;
    /*
     * The errno that counts is that of the first failure, in the thread
     * that met it (with -j, another may list a solution before all have
     * stopped).
     */
    if (ferror(r->out) || (r->out_tty && fflush(r->out))) {
        r->out_errno = errno ? errno : EIO;
        r->out_gone = 1;
        return 1;
    }
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void rep_start_clock(rep *r)
{
    r->started = now();
}

/*
 * -p's ETA: the time so far times what is left over what is done, in a
 * form read at a glance ("ETA 2m13s", "ETA 3h07m"); unknown until some
 * share is done.
 */
static const char *eta_text(const rep *r, double done, char out[48])
{
    double spent = now() - r->started;
    if (!(done > 0) || spent < 0) {
        snprintf(out, 48, "ETA unknown");
        return out;
    }
    double left = done >= 1 ? 0 : spent * (1 - done) / done;
    if (left > 99 * 86400.0)
        snprintf(out, 48, "ETA over 99 days");
    else if (left >= 86400)
        snprintf(out, 48, "ETA %dd%02dh", (int)(left / 86400), (int)(left / 3600) % 24);
    else if (left >= 3600)
        snprintf(out, 48, "ETA %dh%02dm", (int)(left / 3600), (int)(left / 60) % 60);
    else if (left >= 60)
        snprintf(out, 48, "ETA %dm%02ds", (int)(left / 60), (int)left % 60);
    else
        snprintf(out, 48, "ETA %ds", (int)(left + 0.5));
    return out;
}

void rep_progress(void *ctx, const xcc_progress *pr)
{
    rep *r = ctx;
    char eta[48];
    if (pr->timeout) { /* DLX6's TIMEOUT!, said where its search meets it */
        rep_clear_progress(r);
        fprintf(r->err, "%s\n", rep_stop_lines[0]);
    } else if (pr->subtrees) { /* -j: the share of subtrees done; a log would get a line every 0.2 s */
        if (r->tty_progress) {
            fprintf(r->err, "\r\033[K%6.2f%% done, %s (in finished subtrees)", 100.0 * pr->fraction,
                    eta_text(r, pr->fraction, eta));
            fflush(r->err);
        }
    } else if (r->tty_progress) {
        double t = now();
        if (t < r->shown + 0.1) /* engines that report by nodes may come often */
            return;
        r->shown = t;
        fprintf(r->err, "\r\033[K%6.2f%% done, %s, ", 100.0 * pr->fraction,
                eta_text(r, pr->fraction, eta));
        if (!pr->unsolved) /* the zdd engine counts them at the end */
            fprintf(r->err, "%s solutions, ", REP_N(pr->solutions));
        fprintf(r->err, "%s %s", REP_N(pr->mems_counted ? pr->mems : pr->nodes),
                pr->mems_counted ? "mems" : "nodes");
        fflush(r->err);
    } else {
        rep_program(pr->knuth, pr->costs)->progress(r, pr);
    }
}

void rep_clear_progress(const rep *r)
{
    if (r->tty_progress)
        fputs("\r\033[K", r->err);
}

void rep_free(rep *r)
{
    free(r->total);
    r->total = NULL;
    free(r->order);
    free(r->seen);
    r->order = NULL;
    r->seen = NULL;
    r->order_cap = 0;
}

/* ---- the end of a run -------------------------------------------------- */

/*
 * The line that says a search stopped before its end: DLX2's for T<n>,
 * ours for a signal and for --time-limit. --merge looks for these
 * beginnings in the parts' reports.
 */
const char *const rep_stop_lines[REP_STOP_LINES] = {"TIMEOUT!", "Search interrupted by ",
                                                    "Time limit of ", "The figures reached "};

/*
 * What a stopped search leaves partial: the closing line's figures when
 * one follows (v1), else what stdout holds (-c's count, the solutions
 * listed, the JSON summary, the ZDD), else the search itself (v0, m0).
 */
static const char *partial(const rep *r)
{
    if (r->vbose & XCC_SHOW_BASICS)
        return "the figures below are partial";
    if (r->output == &rep_formats[REP_COUNT])
        return "the count on stdout is a lower bound";
    if (r->output == &rep_formats[REP_JSON])
        return r->lists ? "the solutions and the summary on stdout are those found so far"
                        : "the summary on stdout gives the figures found so far";
    if (r->output && r->output->zdd)
        return "the ZDD on stdout is partial";
    return r->lists ? "the solutions listed are those found so far" : "the search is not finished";
}

static void stop_line(const rep *r, const xcc_figs *fig)
{
    if (fig->stop == XCC_STOP_MEMS && fig->timeouts_said)
        return; /* DLX6's TIMEOUT! lines were written as the search went */
    const char *what = partial(r);
    /* DLX2's own line, byte for byte; -c and JSON, which DLX2 has not, say what it cuts */
    if (fig->stop == XCC_STOP_MEMS && !(r->vbose & XCC_SHOW_BASICS)
        && (r->output == &rep_formats[REP_COUNT] || r->output == &rep_formats[REP_JSON]))
        fprintf(r->err, "%s (T<n>) %c%s.\n", rep_stop_lines[0], what[0] - 'a' + 'A', what + 1);
    else if (fig->stop == XCC_STOP_MEMS)
        fprintf(r->err, "%s\n", rep_stop_lines[0]);
    else if (fig->stop == XCC_STOP_INTERRUPT && r->signal)
        fprintf(r->err, "%s%s; %s.\n", rep_stop_lines[1], r->signal == SIGINT ? "SIGINT" : "SIGTERM",
                what);
    else if (fig->stop == XCC_STOP_INTERRUPT)
        fprintf(r->err, "%s%g second%s reached; %s.\n", rep_stop_lines[2], r->time_limit,
                r->time_limit == 1 ? "" : "s", what);
    else if (fig->stop == XCC_STOP_WIDE)
        fprintf(r->err, "%s2^127, past which DLX%d's tree is not counted; %s (dlx2 -c"
                        " --engine=zdd counts solutions past any number).\n",
                rep_stop_lines[3], fig->knuth == 3 ? 3 : fig->costs ? 5 : 2, what);
}

int rep_end(rep *r, const xcc_figs *fig)
{
    const rep_format *out = r->output, *program = rep_program(fig->knuth, r->costs);
    rep_clear_progress(r);
    free(r->total);
    if (!(r->total = xcc_figs_solutions_text(fig)))
        rep_die(PROG_NO_MEMORY, "out of memory writing the number of solutions");
    stop_line(r, fig);
    if (out->summary)
        out->summary(r, fig);
    int err = rep_flush(r->out);
    if (err)
        return err;
    if ((r->vbose & XCC_SHOW_TOTS) && !program->totals_once)
        program->totals(r);
    if (fig->profile && (r->vbose & XCC_SHOW_PROFILE)) {
        fputs("Profile:\n", r->err);
        for (int l = 0; l <= fig->maxl; l++)
            fprintf(r->err, "%3d: %llu\n", l, fig->profile[l]);
    }
    if (program->degree)
        program->degree(r, fig);
    if ((r->vbose & XCC_SHOW_BASICS) && r->shards) /* --shard K/N given, even 1/1 */
        fprintf(r->err, "Shard %d/%d, problem fingerprint %016llx%s.\n", r->shard, r->shards,
                (ullng)rep_fingerprint(r->p), rep_best_tag(r));
    program->closing(r, fig);
    free(r->total);
    r->total = NULL;
    return 0;
}

