/*
 * report.h — everything dlx2 writes about a search, each format in one
 * place, through the table of formats (formats.c):
 *
 *   formats.c  the table: a row per format (dlx1, dlx2, dlx3, dlx5,
 *              ssxcc, json, count, zdd) with what it writes of a
 *              solution, of progress and at the end of a run
 *   listing.c  a solution as DLX2, DLX3 and DLX5 list it (the one
 *              printer of an option's line)
 *   json.c     JSON Lines (formats/json.md): solutions and the summary
 *   knuth.c    DLX1's, DLX2's, DLX3's and SSXCC's item totals,
 *              progress and closing lines
 *   cost.c     DLX5's taxes, progress, closing line and best costs
 *   zdd.c      --zdd's lines (formats/zdd.md)
 *   pre.c      --preprocess's reduced problem and DLX-PRE's notes
 *   report.c   the run around them: the input line, the sink's
 *              callbacks, why a search stopped, the item totals, the
 *              profile, --shard's line and its fingerprint
 *   msg.c      messages, and whether stdout took everything
 *
 * The engines never write results: they hand solutions and progress to
 * a sink (lib/sink.h), and rep_solution and rep_progress are the sink
 * of dlx2. The report sees a problem through include/xcc.h only, never
 * its layout (lib/problem/problem.h). A new output format is a row of
 * formats.c and its functions here (bench/NOTES.md "The layout").
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdint.h>
#include "rep_listing.h"
#include "base/num.h"
#include "base/text.h"
#include "knobs.h"
#include "pre/pre.h"
#include "sink.h"

struct rep_format;

/* What the report of one run needs, and what happened to its stdout. */
typedef struct rep {
    FILE *out;             /* stdout: the solutions, -c's count, JSON */
    FILE *err;             /* stderr: DLX2's report */
    const xcc_problem *p;
    /* stdout's format: a row of rep_formats (rep_format_named), which
       writes the solutions and stdout's end of the run */
    const struct rep_format *output;
    int vbose;             /* v<n> */
    int show_levels_max;   /* C<n> */
    int tty_progress;      /* -p on a terminal: one self-updating line */
    int out_tty;           /* stdout is a terminal: flush each solution */
    int shard, shards;     /* --shard K/N; shards 0 when not given */
    int shard_count_line;  /* -c --shard: the count's line for --merge on stderr too */
    int lists;             /* m<n>, n not 0: solutions are written on stdout */
    const unsigned long long *classes; /* --up-to-symmetry's classes listed, or NULL */
    int costs;             /* DLX5's report (cost.c), for the best `best` costs */
    int knuth;             /* XCC_KNUTH_*: the program played (rep_program) */
    int best;
    int signal;            /* why an interrupted search was: the signal, or the time limit */
    double time_limit, started, shown; /* -p: the search's start (ETA), the last line */
    /* set while reporting */
    int out_gone;          /* a write to stdout failed, so the search stopped */
    int out_errno;         /* why: EPIPE when its reader went away */
    int no_memory;         /* JSON's scratch could not grow */
    char *total;           /* the number of solutions in decimal, while rep_end writes */
    ullng zdd_nodes;       /* --zdd: the nodes written */
    size_t zlen;           /* --zdd: bytes of lines in zbuf, not yet on r->out */
    char zbuf[1 << 14];
    int *order, order_cap; /* JSON's scratch: options sorted, items seen */
    ullng *seen;
} rep;

/*
 * A format (formats.c): what it writes of each solution (NULL: none), of
 * a progress report, and at the end of a run, on stdout (summary: the
 * JSON summary, -c's count) and on stderr (closing: Knuth's lines, each
 * as his verbosity asks); a Knuth program's row also has his "Item
 * totals:" line (v512), written before the search and, unless
 * totals_once, after it, and DLX1's and SSXCC's maximum branching
 * degree (NULL: none). A run writes its solutions and stdout's end in
 * one format (r->output, which the caller chooses by name), its item
 * totals, progress and stderr's end in the layout of the Knuth program
 * it plays (dlx1, dlx2, dlx3, dlx5, ssxcc: rep_program). A new format is
 * a row of rep_formats and its functions in report/ (and, to be read
 * back, a reader in listing/).
 */
typedef struct rep_format {
    const char *name;
    int (*solution)(rep *r, const xcc_problem *p, const xcc_solution *s); /* nonzero: no memory */
    void (*progress)(const rep *r, const xcc_progress *pr);
    void (*summary)(const rep *r, const xcc_figs *fig);
    void (*closing)(const rep *r, const xcc_figs *fig);
    int zdd;   /* its lines are a ZDD's (rep_zdd_line): the closing line counts them */
    void (*totals)(const rep *r);
    int totals_once; /* the item totals before the search only (SSXCC) */
    void (*degree)(const rep *r, const xcc_figs *fig); /* v2048's line after the profile */
} rep_format;

enum { REP_DLX2, REP_DLX3, REP_DLX5, REP_DLX1, REP_SSXCC, REP_JSON, REP_COUNT, REP_ZDD, REP_DLX6 };
extern const rep_format rep_formats[]; /* indexed by REP_*, then a row of NULL name */

/* The format named so, or NULL. */
const rep_format *rep_format_named(const char *name);

/* The format of the Knuth program a search plays (knuth: XCC_KNUTH_*; costs: DLX5's). */
const rep_format *rep_program(int knuth, int costs);

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

/* ---- solutions (listing.c, json.c) ------------------------------------ */

/*
 * One option of a solution or of a state (v256), the one printer of
 * them: " A C X:1 Y:1 (2 of 2)", DLX3's " null A (1 of 2)", and with
 * costs DLX5's " A B (1 of 3) $5 [2]" (listing.c).
 */
void rep_option(FILE *f, const xcc_problem *p, const xcc_choice *c, int costs);

/* The sink's solution callback: s on r->out in r's format; nonzero stops. */
int rep_solution(const xcc_problem *p, const xcc_solution *s, void *r);

/* Frees r's scratch. */
void rep_free(rep *r);

/* The formats' solutions: DLX2's listing (rep_listing), DLX5's, a line of JSON. */
int rep_text_solution(rep *r, const xcc_problem *p, const xcc_solution *s);
int rep_cost_solution(rep *r, const xcc_problem *p, const xcc_solution *s);
int rep_json_solution(rep *r, const xcc_problem *p, const xcc_solution *s);

/* A string as JSON writes it (formats/json.md). */
void rep_json_string(FILE *f, const char *s, size_t n);

/* The JSON summary, {"summary":{...}} (formats/json.md). */
void rep_json_summary(const rep *r, const xcc_figs *fig);

/* ---- the report of a run (report.c) ----------------------------------- */

/* DLX2's "(N options, P+S items, E entries successfully read)". */
void rep_input_line(const rep *r);

/* The "Item totals:" line of the program r plays (r->knuth, r->costs). */
void rep_item_totals(const rep *r);

/* The sink's progress: DLX2's lines, or -p's on a terminal (ETA: rep_start_clock). */
void rep_progress(void *r, const xcc_progress *pr);
void rep_start_clock(rep *r);

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

/* The number of solutions in decimal, exact at any size (while rep_end writes). */
static inline const char *rep_total(const rep *r)
{
    return r->total;
}

/* -c's count on stdout: a lower bound "1778+" when the search stopped early (formats.c). */
void rep_count_summary(const rep *r, const xcc_figs *fig);

/* Whether the search stopped before its end (a limit, a signal). */
static inline int rep_stopped_early(const xcc_figs *fig)
{
    return fig->stop == XCC_STOP_MEMS || fig->stop == XCC_STOP_INTERRUPT
           || fig->stop == XCC_STOP_WIDE;
}

/* How the lines begin that say a search stopped early (TIMEOUT!, ...). */
#define REP_STOP_LINES 4
extern const char *const rep_stop_lines[REP_STOP_LINES];

/* The closing line: DLX2's, DLX3's, SSXCC's, or the fast engine's without mems. */
void rep_closing(FILE *f, const xcc_figs *fig, long long ccost);

/*
 * Knuth's programs on stderr (knuth.c): the item totals, DLX2's "3 2 |
 * 4" where the last search stopped or as read, SSXCC's as read with its
 * bar where it falls; DLX2's, DLX1's and DLX3's progress (SSXCC's is
 * DLX2's); DLX1's and SSXCC's maximum branching degree (v2048); DLX2's
 * and DLX3's end of a run, and DLX1's and SSXCC's (no cleansings).
 */
void rep_dlx2_totals(const rep *r);
void rep_ssxcc_totals(const rep *r);
void rep_dlx1_progress(const rep *r, const xcc_progress *pr);
void rep_dlx2_progress(const rep *r, const xcc_progress *pr);
void rep_dlx3_progress(const rep *r, const xcc_progress *pr);
void rep_knuth_closing(const rep *r, const xcc_figs *fig);
void rep_max_degree(const rep *r, const xcc_figs *fig);
void rep_dlx1_closing(const rep *r, const xcc_figs *fig);
void rep_dlx6_progress(const rep *r, const xcc_progress *pr);
void rep_dlx6_closing(const rep *r, const xcc_figs *fig);

/* What progress reports have in common: the code of a "(k of d)" (0..61, '*' beyond). */
static inline char rep_code_char(int v)
{
    return v < 10 ? (char)('0' + v) : v < 36 ? (char)('a' + v - 10) : v < 62 ? (char)('A' + v - 36) : '*';
}

/*
 * A fingerprint of the problem as read, for --merge to tell the parts of
 * one problem from those of another (see report.c).
 */
uint64_t rep_fingerprint(const xcc_problem *p);

/* ---- messages (msg.c) ---------------------------------------------------- */

/* "dlx2: MESSAGE" on stderr, and exit with status. */
void rep_die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/*
 * Text from outside (an argument, a file name, a line of a report) as a
 * message shows it: at most max bytes, quoted as the reader quotes names
 * (xcc_quote: bytes that could garble a terminal as \xHH).
 */
enum { REP_SHOWN_MAX = 1024, REP_SHOWN_SIZE = XCC_QUOTE_SIZE(REP_SHOWN_MAX) };
const char *rep_shown(const char *s, size_t max, char out[REP_SHOWN_SIZE]);

/* Wipes -p's self-updating line off the terminal (report.c). */
void rep_clear_progress(const rep *r);

/* ---- DLX5's report of a minimum-cost search (cost.c) -------------------- */

/* " A tax=$3" for every taxed item, and the total (v8). */
void rep_cost_taxes(const rep *r);

/* DLX5's progress line, or its current state (v256). */
void rep_cost_progress(const rep *r, const xcc_progress *pr);

/* DLX5's end on stderr: its closing line (v1) and best costs (v16). */
void rep_cost_end(const rep *r, const xcc_figs *fig);

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

/* The reduction's note callback: DLX-PRE's v2, v4 and d<n> lines on stderr (ctx: a rep). */
void rep_pre_note(void *r, const xcc_pre *s, xcc_pre_event e, int item, int other, int node);
/* -P's "Removed R options and I items in N rounds."; --preprocess's end, DLX-PRE's
   (the item totals with v512, "Removed ..., after A+B mems, N rounds.") */
void rep_pre_closing(FILE *f, const xcc_pre *s);
void rep_pre_end(const rep *r, const xcc_pre *s);

#endif
