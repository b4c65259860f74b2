/*
 * report.c — the report of a run around its solutions: what DLX2 writes
 * on stderr (the input line, progress, why it stopped, the item totals,
 * the profile, the closing line), --shard's line, and on stdout -c's
 * count or the JSON summary.
 */
#include "report.h"
#include "progs.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void rep_die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("dlx2: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

const char *rep_shown(const char *s, size_t max, char out[REP_SHOWN_SIZE])
{
    return xcc_quote(s, strlen(s), max < REP_SHOWN_MAX ? max : REP_SHOWN_MAX, out);
}

void rep_input_line(const rep *r)
{
    const xcc_problem *p = r->p;
    fprintf(r->err, "(%llu options, %d+%d items, %d entries successfully read)\n", p->options,
            p->second - 1, p->last_itm - p->second, xcc_entries(p));
}

void rep_item_totals(const rep *r)
{
    const xcc_problem *p = r->p;
    fputs("Item totals:", r->err);
    for (int k = 1; k < p->last_itm; k++) {
        if (k == p->second)
            fputs(" |", r->err);
        fprintf(r->err, " %d", xcc_item_total(p, k));
    }
    fputc('\n', r->err);
}

/* ---- progress -------------------------------------------------------- */

/* DLX2's one-character code for 0..61, '*' beyond. */
static char code_char(int v)
{
    return v < 10 ? (char)('0' + v) : v < 36 ? (char)('a' + v - 10) : v < 62 ? (char)('A' + v - 36) : '*';
}

/* DLX2's " after M mems: S sols, kd kd ... 0.12345". */
static void progress_line(const rep *r, const xcc_progress *pr)
{
    int dots = 0;
    fprintf(r->err, " after %s mems: %s sols,", REP_N(pr->mems), REP_N(pr->solutions));
    if (pr->knuth == 3) { /* DLX3 shows levels 0 .. C, then "...", and estimates from those */
        int most = r->show_levels_max < 0 ? 1 : r->show_levels_max + 1;
        int shown = most < pr->level ? most : pr->level;
        for (int l = 0; l < shown; l++)
            fprintf(r->err, " %c%c", code_char(pr->path[l].k), code_char(pr->path[l].d));
        fprintf(r->err, "%s %.5f\n", pr->level >= most ? "..." : "",
                xcc_path_fraction(pr->path, shown));
        return;
    }
    for (int l = 0; l < pr->level; l++) {
        if (l < r->show_levels_max)
            fprintf(r->err, " %c%c", code_char(pr->path[l].k), code_char(pr->path[l].d));
        else if (!dots)
            dots = 1, fputs("...", r->err);
    }
    fprintf(r->err, " %.5f\n", pr->fraction);
}

/* DLX2's "Current state (level L):" report (v256). */
static void state_report(const rep *r, const xcc_progress *pr)
{
    fprintf(r->err, "Current state (level %d):\n", pr->level);
    for (int l = 0; l < pr->level; l++) {
        rep_option(r->err, r->p, &pr->path[l]);
        if (l >= r->show_levels_max) {
            fputs(" ...\n", r->err);
            break;
        }
    }
    fprintf(r->err, " %s %s, %s mems, and max level %d so far.\n", REP_N(pr->solutions),
            pr->knuth == 3 ? "sols" : "solutions", REP_N(pr->mems), pr->maxl);
}

void rep_progress(void *ctx, const xcc_progress *pr)
{
    rep *r = ctx;
    if (pr->costs && !pr->subtrees && !r->tty_progress) {
        rep_cost_progress(r, pr);
        return;
    }
    if (pr->subtrees) { /* -j: the share of subtrees done; a log would get a line every 0.2 s */
        if (r->tty_progress) {
            fprintf(r->err, "\r\033[K%6.2f%% of the subtrees done", 100.0 * pr->fraction);
            fflush(r->err);
        }
    } else if (r->tty_progress) {
        fprintf(r->err, "\r\033[K%6.2f%% done, %s solutions, %s %s", 100.0 * pr->fraction,
                REP_N(pr->solutions), REP_N(pr->mems_counted ? pr->mems : pr->nodes),
                pr->mems_counted ? "mems" : "nodes");
        fflush(r->err);
    } else if (!pr->mems_counted) {
        fprintf(r->err, " after %s nodes: %s sols, %.5f\n", REP_N(pr->nodes),
                REP_N(pr->solutions), pr->fraction);
    } else if (r->vbose & XCC_SHOW_FULL_STATE) {
        state_report(r, pr);
    } else {
        progress_line(r, pr);
    }
}

/* ---- the end of a run -------------------------------------------------- */

int rep_flush(FILE *f)
{
    errno = 0;
    if (!fflush(f) && !ferror(f))
        return 0;
    return errno ? errno : EIO;
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

/* The number of solutions, exact at any size (made by rep_end). */
static const char *solutions_text(const rep *r)
{
    return r->total;
}

/* The zdd engine's closing line: no mems, but ZDD nodes when it wrote them. */
static void zdd_closing(const rep *r, const xcc_figs *fig)
{
    const char *n = solutions_text(r);
    fprintf(r->err, "Altogether %s solution%s, %llu bytes, %s nodes", n, strcmp(n, "1") ? "s" : "",
            fig->bytes, REP_N(fig->nodes));
    if (r->zdd)
        fprintf(r->err, ", %llu ZDD node%s", r->zdd_nodes, r->zdd_nodes == 1 ? "" : "s");
    fputs(" (--engine=zdd: no mems counted).\n", r->err);
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

static int stopped_early(const xcc_figs *fig)
{
    return fig->stop == XCC_STOP_MEMS || fig->stop == XCC_STOP_INTERRUPT
           || fig->stop == XCC_STOP_WIDE;
}

/*
 * The line that says a search stopped before its end: DLX2's for T<n>,
 * ours for a signal and for --time-limit. --merge looks for these
 * beginnings in the parts' reports.
 */
const char *const rep_stop_lines[REP_STOP_LINES] = {"TIMEOUT!", "Search interrupted by ",
                                                    "Time limit of ", "The figures reached "};

static void stop_line(const rep *r, const xcc_figs *fig)
{
    if (fig->stop == XCC_STOP_MEMS)
        fprintf(r->err, "%s\n", rep_stop_lines[0]);
    else if (fig->stop == XCC_STOP_INTERRUPT && r->signal)
        fprintf(r->err, "%s%s; the figures below are partial.\n", rep_stop_lines[1],
                r->signal == SIGINT ? "SIGINT" : "SIGTERM");
    else if (fig->stop == XCC_STOP_INTERRUPT)
        fprintf(r->err, "%s%g seconds reached; the figures below are partial.\n",
                rep_stop_lines[2], r->time_limit);
    else if (fig->stop == XCC_STOP_WIDE)
        fprintf(r->err, "%s2^127, past which DLX%d's tree is not counted; the figures below"
                        " are partial (dlx2 -c --engine=zdd counts solutions past any number).\n",
                rep_stop_lines[3], fig->knuth == 3 ? 3 : fig->costs ? 5 : 2);
}

/* Why a search stopped, as the JSON summary says it. */
static const char *json_stop(const rep *r, const xcc_figs *fig)
{
    switch (fig->stop) {
    case XCC_COMPLETE: return "null";
    case XCC_STOP_COUNT: return "\"count\"";
    case XCC_STOP_MEMS: return "\"mems\"";
    case XCC_STOP_INTERRUPT: return r->signal ? "\"signal\"" : "\"time\"";
    case XCC_STOP_WIDE: return "\"limit\"";
    case XCC_STOP_CALLBACK: case XCC_RUNNING: break;
    }
    return "\"callback\"";
}

/* {"summary":{...}}: formats/json.md */
static void json_summary(const rep *r, const xcc_figs *fig)
{
    FILE *f = r->out;
    fprintf(f, "{\"summary\":{\"solutions\":%s,\"complete\":%s,\"stopped\":%s,\"engine\":",
            solutions_text(r), fig->stop == XCC_COMPLETE ? "true" : "false", json_stop(r, fig));
    rep_json_string(f, fig->engine ? fig->engine : "dlx", strlen(fig->engine ? fig->engine : "dlx"));
    if (r->shards)
        fprintf(f, ",\"shard\":[%d,%d]", r->shard, r->shards);
    fprintf(f, ",\"nodes\":%s,\"updates\":%s", REP_N(fig->nodes), REP_N(fig->updates));
    if (fig->mems_counted)
        fprintf(f, ",\"cleansings\":%s,\"imems\":%s,\"mems\":%s,\"lmems\":%s,\"bytes\":%llu",
                REP_N(fig->cleansings), REP_N(fig->imems), REP_N(fig->mems), REP_N(fig->lmems),
                fig->bytes);
    if (r->costs)
        rep_cost_json(f, fig);
    fprintf(f, ",\"seconds\":%.6f}}\n", fig->seconds);
}

void rep_clear_progress(const rep *r)
{
    if (r->tty_progress)
        fputs("\r\033[K", r->err);
}

int rep_end(rep *r, const xcc_figs *fig)
{
    rep_clear_progress(r);
    free(r->total);
    if (!(r->total = xcc_figs_solutions_text(fig)))
        rep_die(PROG_NO_MEMORY, "out of memory writing the number of solutions");
    stop_line(r, fig);
    if (r->json)
        json_summary(r, fig);
    else if (r->count_only)
        fprintf(r->out, "%s%s\n", solutions_text(r), stopped_early(fig) ? "+" : "");
    int err = rep_flush(r->out);
    if (err)
        return err;
    if (r->vbose & XCC_SHOW_TOTS)
        rep_item_totals(r);
    if (fig->profile && (r->vbose & XCC_SHOW_PROFILE)) {
        fputs("Profile:\n", r->err);
        for (int l = 0; l <= fig->maxl; l++)
            fprintf(r->err, "%3d: %llu\n", l, fig->profile[l]);
    }
    if (r->vbose & XCC_SHOW_BASICS) {
        if (r->shards) /* --shard K/N given, even 1/1 */
            fprintf(r->err, "Shard %d/%d, problem fingerprint %016llx%s.\n", r->shard, r->shards,
                    (ullng)rep_fingerprint(r->p), rep_best_tag(r));
        if (r->costs)
            rep_cost_closing(r->err, fig);
        else if (fig->engine && !strcmp(fig->engine, "zdd"))
            zdd_closing(r, fig);
        else
            rep_closing(r->err, fig, rep_ccost(fig));
    }
    if (r->costs && (r->vbose & XCC_SHOW_OPT_COSTS) && fig->solutions)
        rep_cost_optimum(r->err, fig->costs, fig->ncosts, r->best);
    free(r->total);
    r->total = NULL;
    return 0;
}

/*
 * The fingerprint: FNV-1a (64 bits) of the problem's items and kept
 * options written out plainly ("A B | X\nA X:1\n..."). It does not
 * depend on how the file was laid out, nor on s<n> (which only links the
 * options into their lists in another order).
 */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

uint64_t rep_fingerprint(const xcc_problem *p)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 1; i < p->last_itm; i++) {
        if (i == p->second)
            h = fnv1a(h, "| ", 2);
        h = fnv1a(h, p->names + p->cl[i].name, (size_t)p->cl[i].namelen);
        h = fnv1a(h, " ", 1);
    }
    for (int q = p->last_itm; q <= p->last_node; q++) {
        const xcc_node *x = &p->nd[q];
        if (x->itm <= 0) {
            if (q > p->last_itm && xcc_has_costs(p)) { /* and only then: "|C" */
                char c[32];
                h = fnv1a(h, c, (size_t)snprintf(c, sizeof c, "|%llu", p->opt_cost[-x->itm - 1]));
            }
            h = fnv1a(h, "\n", 1);
            continue;
        }
        h = fnv1a(h, p->names + p->cl[x->itm].name, (size_t)p->cl[x->itm].namelen);
        if (x->color > 0) {
            h = fnv1a(h, ":", 1);
            h = fnv1a(h, p->names + p->color_name[x->color], (size_t)p->color_len[x->color]);
        }
        h = fnv1a(h, " ", 1);
    }
    return h;
}
