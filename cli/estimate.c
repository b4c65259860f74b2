/*
 * estimate.c — dlx2 --estimate [FILE]: how large DLX2's tree is and how
 * long its search takes here, before searching it.
 *
 * Knuth's estimator (TAOCP 7.2.2, "estimating the running time"): a
 * random path from the root, each step an option of the branch item
 * chosen uniformly, stands for the whole tree, each node on it weighted
 * by the product of the branching degrees above it; the sum over the
 * path of the weighted figures of its nodes is an unbiased estimate of
 * the tree's figure. The paths are those of the shards' plan
 * (xcc_probe_path, links/dlx2.c). The estimate is their mean, and its
 * 95% interval the mean plus or minus 1.96 standard errors (the spread
 * of the paths over the square root of their number): on a lopsided
 * tree most paths miss its bulk, and both the mean and the interval come
 * out low (dlx2(1) and bench/estimate show how far to trust them).
 *
 * The time: the search itself (the engine `dlx2 FILE` runs) for half a
 * second, its mems per second applied to the estimated mems; a search
 * that ends within the sample gives its own time.
 */
#include "cli.h"
#include "tree/dlx2.h"
#include "parallel/split.h"
#include "tree/eta.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#define EST_SAMPLE 0.5 /* seconds of the timed sample */
/* Without --probes, the paths stop when they have spent this many mems (about a second). */
#define EST_PROBE_MEMS 1e9

enum { EST_NODES, EST_SOLUTIONS, EST_UPDATES, EST_MEMS, EST_FIGURES };
static const char *const est_names[EST_FIGURES] = {"nodes", "solutions", "updates", "mems"};

/* A figure's estimate: the paths' mean and the ends of its 95% interval. */
typedef struct est_figure {
    double sum, sumsq;
    double mean, low, high;
} est_figure;

typedef struct estimate {
    est_figure f[EST_FIGURES];
    double seconds, seconds_low, seconds_high;
    int probes;              /* the paths taken */
    int found;               /* those that reached a solution */
    double sample_seconds;   /* of the timed sample */
    int sample_done;         /* the search ended within it: */
    char exact[3][48];       /* its solutions, nodes and updates, in decimal */
} estimate;

static atomic_int est_stop;

static void on_alarm(int sig)
{
    (void)sig;
    est_stop = 1;
}

/* The square root of x >= 0 by Newton's steps (dlx2 links no libm). */
static double root(double x)
{
    if (x <= 0)
        return 0;
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 200; i++) {
        double next = (r + x / r) / 2;
        if (next >= r)
            break;
        r = next;
    }
    return r;
}

/* A path's figures into the sums of the estimate ctx. */
static void add_path(void *ctx, const xcc_probe *pr)
{
    estimate *e = ctx;
    e->found += pr->solutions > 0;
    double v[EST_FIGURES] = {pr->nodes, pr->solutions, pr->updates, pr->mems};
    for (int k = 0; k < EST_FIGURES; k++)
        e->f[k].sum += v[k], e->f[k].sumsq += v[k] * v[k];
}

/* The paths: their figures summed into e, then the means and intervals. */
static void probe(xcc_problem *p, const cli *c, estimate *e)
{
    e->probes = cli_take_paths(p, c, c->probes, cli_given(c, "--probes") ? 1e300 : EST_PROBE_MEMS, 0,
                           add_path, e);
    double n = e->probes;
    for (int k = 0; k < EST_FIGURES; k++) {
        est_figure *f = &e->f[k];
        f->mean = f->sum / n;
        double var = n > 1 ? (f->sumsq - n * f->mean * f->mean) / (n - 1) : 0;
        double half = 1.96 * root(var > 0 ? var / n : 0);
        f->low = f->mean - half > 0 ? f->mean - half : 0;
        f->high = f->mean + half;
    }
    if (e->f[EST_NODES].low < 1)
        e->f[EST_NODES].low = 1; /* the root */
}

/* The search `dlx2 FILE` runs, for EST_SAMPLE seconds: its rate of mems. */
static void sample(xcc_problem *p, cli *c, estimate *e)
{
    xcc_settings xs = c->xs;
    xcc_dlx2 k = c->k;
    k.vbose = 0, k.delta = 0, k.asked = 0;
    xs.dlx2 = &k;
    xs.engine = xcc_engine_row_named(NULL)->name;
    xs.interrupt = &est_stop;
    const xcc_engine_row *row;
    const char *why;
    const xcc_engine *en = xcc_engine_choose(p, &xs, 0, &row, &why);
    if (!en)
        return; /* no time estimate */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_usec = (suseconds_t)(EST_SAMPLE * 1e6);
    setitimer(ITIMER_REAL, &it, NULL);
    xcc_sink sink = {0};
    xcc_figs fig;
    xcc_diag d;
    xcc_status s = xcc_engine_run(en, p, &xs, &sink, &fig, &d);
    memset(&it, 0, sizeof it);
    setitimer(ITIMER_REAL, &it, NULL);
    if (s == XCC_NO_MEMORY)
        cli_die_no_memory(d.message[0] ? d.message : "out of memory");
    e->sample_seconds = fig.seconds;
    e->sample_done = fig.stop == XCC_COMPLETE;
    double mems = (double)fig.mems, rate = mems > 0 ? fig.seconds / mems : 0;
    if (e->sample_done) { /* DLX2's tree walked whole: its figures are known */
        e->seconds = e->seconds_low = e->seconds_high = fig.seconds;
        const xcc_u128 known[3] = {fig.solutions, fig.nodes, fig.updates};
        for (int k = 0; k < 3; k++)
            snprintf(e->exact[k], sizeof e->exact[k], "%s", REP_N(known[k]));
    } else if (rate > 0) {
        e->seconds = rate * e->f[EST_MEMS].mean;
        e->seconds_low = rate * e->f[EST_MEMS].low;
        e->seconds_high = rate * e->f[EST_MEMS].high;
    }
    xcc_figs_free(&fig);
}

/* A figure as text: whole below 10^15, else in scientific notation. */
static const char *number(double v, char out[40])
{
    snprintf(out, 40, v < 1e15 ? "%.0f" : "%.4e", v);
    return out;
}

/*
 * Whether the solutions are estimated: when no path reached one, their
 * mean is 0 and their interval 0..0, which would read as a certainty that
 * there is none; the report says instead that no path found one.
 */
static int est_shown(const estimate *e, int k)
{
    return k != EST_SOLUTIONS || e->found > 0;
}

static void write_text(FILE *f, const cli *c, const estimate *e)
{
    char a[40], b[40];
    fprintf(f, "Estimated from %d random path%s (seed %llu):", e->probes, e->probes == 1 ? "" : "s",
            c->k.sample_seed);
    const char *sep = "";
    for (int k = 0; k < EST_FIGURES; k++) { /* "1 solution", as DLX2 says it */
        if (!est_shown(e, k))
            continue;
        const char *n = number(e->f[k].mean, a);
        fprintf(f, "%s %s %.*s", sep, n, (int)strlen(est_names[k]) - !strcmp(n, "1"),
                est_names[k]);
        sep = ",";
    }
    fputs(".\n", f);
    if (!e->found)
        fputs("No path reached a solution: the number of solutions is not estimated (there may"
              " be none, or too few for the paths to meet one).\n", f);
    fputs("95% intervals:", f);
    sep = "";
    for (int k = 0; k < EST_FIGURES; k++) {
        if (!est_shown(e, k))
            continue;
        fprintf(f, "%s %s..%s %s", sep, number(e->f[k].low, a), number(e->f[k].high, b),
                est_names[k]);
        sep = ",";
    }
    fputs(".\n", f);
    if (e->sample_done)
        fprintf(f, "The search ended within the sample, in %.3f seconds here: exactly %s solution%s,"
                   " %s nodes, %s updates.\n", e->seconds, e->exact[0],
                strcmp(e->exact[0], "1") ? "s" : "", e->exact[1], e->exact[2]);
    else if (e->seconds > 0)
        fprintf(f, "About %.3g seconds here (%.3g..%.3g), at the mems per second of a sample"
                   " of %.2f seconds.\n", e->seconds, e->seconds_low, e->seconds_high,
                e->sample_seconds);
}

static void write_json(FILE *f, const cli *c, const estimate *e)
{
    char a[40], b[40], m[40];
    fputs("{\"estimate\":{", f);
    for (int k = 0; k < EST_FIGURES; k++) /* no interval for solutions no path reached */
        fprintf(f, "%s\"%s\":%s,\"%s_low\":%s,\"%s_high\":%s", k ? "," : "", est_names[k],
                number(e->f[k].mean, m), est_names[k], est_shown(e, k) ? number(e->f[k].low, a)
                : "null", est_names[k], est_shown(e, k) ? number(e->f[k].high, b) : "null");
    if (e->seconds > 0)
        fprintf(f, ",\"seconds\":%.6g,\"seconds_low\":%.6g,\"seconds_high\":%.6g", e->seconds,
                e->seconds_low, e->seconds_high);
    else
        fputs(",\"seconds\":null,\"seconds_low\":null,\"seconds_high\":null", f);
    fprintf(f, ",\"probes\":%d,\"solution_paths\":%d,\"seed\":%llu,\"sample_seconds\":%.6f,"
               "\"sample_complete\":%s",
            e->probes, e->found, c->k.sample_seed, e->sample_seconds,
            e->sample_done ? "true" : "false");
    if (e->sample_done) /* the exact figures of the search the sample finished */
        fprintf(f, ",\"exact\":{\"solutions\":%s,\"nodes\":%s,\"updates\":%s}", e->exact[0],
                e->exact[1], e->exact[2]);
    else
        fputs(",\"exact\":null", f);
    fputs("}}\n", f);
}

int cli_estimate(cli *c)
{
    const char *name;
    char shown[REP_SHOWN_SIZE];
    FILE *in = cli_open_input(c, &name, shown);
    xcc_problem p;
    cli_read_problem(&p, in, name, c);
    if (xcc_has_bounds(&p) || xcc_has_costs(&p))
        rep_die(PROG_BAD_INPUT, "%s: --estimate estimates DLX2's tree; a problem with %s (the"
                " tree of DLX%d) is not estimated", name,
                xcc_has_bounds(&p) ? "bounds" : "costs", xcc_has_bounds(&p) ? 3 : 5);
    rep r = {.out = stdout, .err = stderr, .p = &p, .vbose = c->k.vbose};
    if ((c->k.vbose & XCC_SHOW_BASICS) && !c->json) /* JSON: stderr for messages only */
        rep_input_line(&r);
    estimate e;
    memset(&e, 0, sizeof e);
    probe(&p, c, &e);
    sample(&p, c, &e);
    if (c->json)
        write_json(stdout, c, &e);
    else
        write_text(stderr, c, &e);
    rep_free(&r);
    xcc_release(&p);
    errno = 0;
    return cli_stdout_lost(fflush(stdout) ? errno : 0) ? PROG_DONE : PROG_DONE;
}
