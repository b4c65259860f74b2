/*
 * report.h — everything the programs write about a search, and what they
 * read back, each format in one place:
 *
 *   listing.c  a solution in DLX2's layout ("K:", then each option from
 *              the item branched on, with "(k of d)"), and in JSON Lines
 *              (formats/json.md)
 *   report.c   the rest of a run's report: DLX2's input line, progress
 *              lines, the line saying why a search stopped early, -c's
 *              count, the item totals, the profile, --shard's line, the
 *              closing "Altogether" line (or the JSON summary)
 *
 * The engines never write results: they hand solutions and progress to
 * a sink (lib/problem/problem.h), and rep_solution and rep_progress are the
 * sink of dlx2. A new output format touches this module only.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdint.h>
#include "rep_listing.h"
#include "problem/problem.h"
#include "sink.h"
#include "knobs.h"
#include "base/text.h"
#include "pre/pre.h"

/* What the report of one run needs, and what happened to its stdout. */
typedef struct rep {
    FILE *out;             /* stdout: the solutions, -c's count, JSON */
    FILE *err;             /* stderr: DLX2's report */
    const xcc_problem *p;
    int json;              /* --format=json */
    int count_only;        /* -c */
    int vbose;             /* v<n> */
    int show_levels_max;   /* C<n> */
    int tty_progress;      /* -p on a terminal: one self-updating line */
    int out_tty;           /* stdout is a terminal: flush each solution */
    int shard, shards;     /* --shard K/N; shards 0 when not given */
    int costs;             /* DLX5's report (cost.c), for the best `best` costs */
    int knuth;             /* XCC_KNUTH_*: the program played, for its item totals */
    int best;
    /* why an interrupted search was interrupted: the signal, or the time limit */
    int signal;
    double time_limit;
    /* set while reporting */
    int out_gone;          /* a write to stdout failed, so the search stopped */
    int out_errno;         /* why: EPIPE when its reader went away */
    int no_memory;         /* JSON's scratch could not grow */
    char *total;           /* the number of solutions in decimal, while rep_end writes */
    ullng zdd_nodes;       /* --zdd: the nodes written */
    int zdd;               /* --zdd: the closing line counts them */
    size_t zlen;           /* --zdd: bytes of lines in zbuf, not yet on r->out */
    char zbuf[1 << 14];
    int *order;            /* JSON's scratch: options sorted, items seen */
    ullng *seen;
    int order_cap;
} rep;

/*
 * A figure in decimal, for a printf's "%s": REP_N(fig->nodes) is text
 * that lasts to the end of the statement (a struct returned by value).
 */
typedef struct rep_n {
    char s[XCC_U128_TEXT];
} rep_n;
static inline rep_n rep_num(xcc_u128 x)
{
    rep_n n;
    xcc_u128_text(x, n.s);
    return n;
}
#define REP_N(x) (rep_num(x).s)

/* A solution's number, all of it. */
static inline xcc_u128 rep_number(const xcc_solution *s)
{
    return (xcc_u128)s->number_high << 64 | s->number;
}

/* ---- solutions (listing.c) -------------------------------------------- */

/* " name" or " name:color" for node x, as DLX2 writes it. */
void rep_entry(FILE *f, const xcc_problem *p, int x);

/* One option of it: " A C X:1 Y:1 (2 of 2)". */
void rep_option(FILE *f, const xcc_problem *p, const xcc_choice *c);

/* The sink's solution callback: s on r->out in r's format; nonzero stops. */
int rep_solution(const xcc_problem *p, const xcc_solution *s, void *r);

/* Frees r's scratch. */
void rep_free(rep *r);

/* A string as JSON writes it (formats/json.md). */
void rep_json_string(FILE *f, const char *s, size_t n);

/* ---- the report of a run (report.c) ----------------------------------- */

/* DLX2's "(N options, P+S items, E entries successfully read)". */
void rep_input_line(const rep *r);

/* DLX2's "Item totals: 3 2 | 4", where the last search stopped or as read
   (SSXCC's: as read, its bar where it falls, tree/ssxcc.h). */
void rep_item_totals(const rep *r);

/* The sink's progress callback: DLX2's lines, or -p's line on a terminal. */
void rep_progress(void *r, const xcc_progress *pr);

/*
 * The end of a run, in DLX2's order: why the search stopped, -c's count
 * (a lower bound "1778+" when stopped early) or the JSON summary, the
 * item totals, the profile, the line of --shard and the closing line.
 * Returns 0, or the errno of a failure to write stdout (nothing is
 * written after it).
 */
int rep_end(rep *r, const xcc_figs *fig);

/* Whether stdout took everything; its errno when not (EIO if none). */
int rep_flush(FILE *f);

/* DLX2's "ccost" percentage: the share of mems spent choosing the branch item. */
long long rep_ccost(const xcc_figs *fig);

/* How the lines begin that say a search stopped early (TIMEOUT!, ...). */
#define REP_STOP_LINES 4
extern const char *const rep_stop_lines[REP_STOP_LINES];

/* The closing line: DLX2's, or the fast engine's without mems. */
void rep_closing(FILE *f, const xcc_figs *fig, long long ccost);

/*
 * A fingerprint of the problem as read, for --merge to tell the parts of
 * one problem from those of another (see report.c).
 */
uint64_t rep_fingerprint(const xcc_problem *p);

/* ---- messages (report.c) ------------------------------------------------ */

/* "dlx2: MESSAGE" on stderr, and exit with status. */
void rep_die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/*
 * Text from outside (an argument, a file name, a line of a report) as a
 * message shows it: at most max bytes, quoted as the reader quotes names
 * (xcc_quote: bytes that could garble a terminal as \xHH).
 */
enum { REP_SHOWN_MAX = 1024, REP_SHOWN_SIZE = XCC_QUOTE_SIZE(REP_SHOWN_MAX) };
const char *rep_shown(const char *s, size_t max, char out[REP_SHOWN_SIZE]);

/* Wipes -p's self-updating line off the terminal. */
void rep_clear_progress(const rep *r);

/* ---- DLX5's report of a minimum-cost search (cost.c) -------------------- */

/* " A tax=$3" for every taxed item, and the total (v8). */
void rep_cost_taxes(const rep *r);

/* "K: (total cost $C)", then each option with "(k of d) $T [N]". */
void rep_cost_listing(FILE *f, const xcc_problem *p, const xcc_solution *s);

/* DLX5's progress line, or its current state (v256). */
void rep_cost_progress(const rep *r, const xcc_progress *pr);

/* DLX5's closing line. */
void rep_cost_closing(FILE *f, const xcc_figs *fig);

/* "The optimum cost is $C", or for best > 1 the n costs, equal ones as one line. */
void rep_cost_optimum(FILE *f, const ullng *costs, int n, int best);

/* ", k3" for the line of --shard of a minimum-cost search (it finds the 3 best), else "". */
const char *rep_best_tag(const rep *r);

/* The JSON summary's "costs" and "optimum". */
void rep_cost_json(FILE *f, const xcc_figs *fig);
/* ---- ZDDs in DLX6's format (zdd.c, formats/zdd.md) ------------------------ */

/*
 * The sink's ZDD callback: the line of node z on r->out; nonzero stops.
 * Lines wait in r->zbuf until it fills or the root's line is written;
 * rep_zdd_flush writes out those of a walk that ended before its root.
 */
int rep_zdd_line(void *r, const xcc_zdd_line *z);
int rep_zdd_flush(rep *r);


/* ---- the reduced problem of --preprocess (pre.c) --------------------------- */

/*
 * The reduced problem in the input format, as DLX-PRE writes it: the
 * items left, then each option left, from its item that comes first
 * (with "| (from N)" after it, N its number as read, when from is set);
 * a problem without solution is the one line naming its empty item.
 */
void rep_reduced(FILE *f, const xcc_pre *s, int from);

/* The reduction's note callback: DLX-PRE's v4 lines on stderr (ctx: a rep). */
void rep_pre_note(void *r, const xcc_pre *s, xcc_pre_event e, int item, int other, int node);

/* "Removed R options and I items in N rounds." */
void rep_pre_closing(FILE *f, const xcc_pre *s);

#endif
