/*
 * search.c — the search (with its variants --zdd and --sample) and
 * --preprocess: read the problem, play one of Knuth's programs, choose
 * an engine, solve, report, and end with progs.h's exit status.
 */
#include "cli.h"
#include "tree/eta.h"

#include <errno.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static atomic_int stop_signal; /* the signal that asks us to stop */
static atomic_int stop_flag;   /* polled by the engine */
static atomic_int alarm_rang;  /* --time-limit reached */
static xcc_eta *eta;          /* -p on a terminal: the weights of the share done */

static void on_signal(int sig)
{
    stop_signal = sig;
    stop_flag = 1;
}

static void on_alarm(int sig)
{
    (void)sig;
    alarm_rang = 1;
    stop_flag = 1;
}

/* ---- the table of engines ------------------------------------------------ */

int cli_row_costs(const xcc_engine_row *r)
{
    return r && (xcc_engine_row_runs(r, &xcc_cost_engine)
                 || xcc_engine_row_runs(r, &xcc_cost_links_engine));
}

/* The row of SSXCC's search (dancing cells). */
static const xcc_engine_row *cells_row(void)
{
    return xcc_engine_row_of(&xcc_cells_engine);
}

/* The row of DLX5's search: its default engine. */
static const xcc_engine_row *cost_row(void)
{
    return xcc_engine_row_of(&xcc_cost_engine);
}

/* ---- Knuth's programs ------------------------------------------------------ */

/*
 * The programs dlx2 plays (--knuth, or as the problem asks: DLX3 for one
 * with bounds, DLX5 for one with costs), their bit in the table of
 * options (which says the letters each takes), their default v<n>, and
 * what the engines and the report are told (XCC_KNUTH_*).
 */
typedef struct knuth_program {
    const char *name, *title;
    unsigned bit;
    int vbose;
    int code;
} knuth_program;

static const knuth_program knuth_programs[] = {
    {"dlx1", "DLX1", CLI_DLX1, 1025, XCC_KNUTH_DLX1},
    {"dlx2", "DLX2", CLI_DLX2, 1025, XCC_KNUTH_DLX2},
    {"dlx3", "DLX3", CLI_DLX3, 1025, XCC_KNUTH_DLX3},
    {"dlx5", "DLX5", CLI_DLX5, 1041, XCC_KNUTH_DLX2},
    {"ssxcc", "SSXCC", CLI_SSXCC, 1025, XCC_KNUTH_SSXCC},
    {"dlx6", "DLX6", CLI_DLX6, 1025, XCC_KNUTH_DLX6},
};

static const knuth_program *program_named(const char *name)
{
    for (size_t k = 0; k < sizeof knuth_programs / sizeof *knuth_programs; k++)
        if (!strcmp(knuth_programs[k].name, name))
            return &knuth_programs[k];
    return NULL;
}

/*
 * The program dlx2 plays: --knuth, or DLX5 for an engine of DLX5's
 * search or a problem with costs, SSXCC for its engine, DLX3 for a
 * problem with bounds, else DLX2. With p NULL (before reading), NULL
 * when the problem will decide.
 */
static const knuth_program *program(const cli *c, const xcc_problem *p)
{
    if (c->knuth)
        return program_named(c->knuth);
    if (c->engine && cli_row_costs(xcc_engine_row_named(c->engine)))
        return program_named("dlx5");
    if (c->engine && xcc_engine_row_named(c->engine) == cells_row())
        return program_named("ssxcc");
    if (!p)
        return NULL;
    return program_named(xcc_has_costs(p) ? "dlx5" : xcc_has_bounds(p) ? "dlx3" : "dlx2");
}

/* Holds the command line to the program played, and asks the engines what it asks. */
static void play(cli *c, const knuth_program *prog)
{
    char letters[300], msg[300];
    int dlx5 = prog->bit == CLI_DLX5;
    const char *why = c->knuth ? "" : dlx5 ? ", as for every problem with costs"
                                           : "; this problem has no costs";
    if (dlx5)
        snprintf(letters, sizeof letters, "%%c<n> is not an argument of DLX5, whose search dlx2"
                 " plays%s (--knuth=dlx2 searches as DLX2 does, ignoring the costs)", why);
    else
        snprintf(letters, sizeof letters, "%%c<n> is an argument of DLX5 (--knuth=dlx5), and dlx2"
                 " plays %s%s", prog->title, why);
    cli_check_program(c, prog->bit, letters);
    c->k.knuth = prog->code;
    const xcc_engine_row *asked = c->engine ? xcc_engine_row_named(c->engine) : NULL;
    if (prog->bit == CLI_DLX6) {
        if (asked)
            cli_usage("%s", "--knuth=dlx6 (or --zdd with DLX6's arguments) is DLX6's search,"
                            " by dancing links: --engine does not go with it");
        if (c->k.samples || c->json)
            cli_usage("%s", c->json ? "DLX6 writes its ZDD in its text format: --format=json"
                                      " does not go with --knuth=dlx6"
                                    : "--sample does not go with --knuth=dlx6");
        if (cli_given(c, "Z")) { /* DLX6's Z<n>, read as DLX6 reads it */
            long long z;
            if (sscanf(c->k.zchars, "%lld", &z) != 1)
                cli_usage("Z<n> of DLX6 takes a number, not 'Z%s'", c->k.zchars);
            c->k.maxzdd_given = 1, c->k.maxzdd = (ullng)z;
            c->k.zchars = ""; /* not DLX5's Z<chars>, of which the reader warns */
        }
        if (c->zdd)
            c->spacing = 1;
        return;
    }
    if (prog->bit == CLI_SSXCC) {
        if (asked && asked != cells_row()) {
            snprintf(msg, sizeof msg, "--engine=%%s does not walk SSXCC's tree (--knuth=ssxcc is"
                     " --engine=%s)", cells_row()->name);
            cli_usage(msg, c->engine);
        }
        /*
         * -c with no report asked: the count is the same on every tree, so
         * -c's own choice counts it (the memo); a report asked is SSXCC's,
         * whose figures only its own walk without a memo gives.
         */
        if (!asked && c->count_only && !c->json && !(c->k.vbose & XCC_SHOW_BASICS)
            && !c->progress && !cli_given(c, "T"))
            return;
        c->xs.engine = cells_row()->name;
        return;
    }
    if (!dlx5) {
        if (cli_row_costs(asked) || (asked && asked == cells_row())) {
            snprintf(msg, sizeof msg, "--engine=%s is %s's search, not --knuth=%s's", c->engine,
                     cli_row_costs(asked) ? "DLX5" : "SSXCC", prog->name);
            cli_usage("%s", msg);
        }
        return;
    }
    if (asked && !cli_row_costs(asked)) {
        snprintf(msg, sizeof msg, "--engine=%%s does not search for the cheapest solutions (DLX5's"
                 " search is --engine=%s)", cost_row()->name);
        cli_usage(msg, c->engine);
    }
    if (!cli_given(c, "v"))
        c->k.vbose = prog->vbose;
    c->xs.engine = asked ? c->engine : cost_row()->name;
    if (!c->k.zchars)
        c->k.zchars = "";
}

/* ---- the settings ---------------------------------------------------------- */

/* The rules of --zdd and --sample that depend on a value. */
static void zdd_rules(const cli *c)
{
    char msg[300];
    if (!(c->mode->bit & (CLI_ZDD | CLI_SAMPLE)))
        return;
    const xcc_engine_row *zdd = xcc_engine_row_of(&xcc_zdd_engine);
    if (c->engine && xcc_engine_row_named(c->engine) != zdd) {
        snprintf(msg, sizeof msg, "--zdd and --sample take the %s engine, not --engine=%%s",
                 zdd->name);
        cli_usage(msg, c->engine);
    }
    if (c->zdd && c->json)
        cli_usage("%s", "--zdd writes DLX6's text format: --format=json does not go with it");
}

/*
 * What -c, -p, -j, --format and the mode change in the defaults (unless
 * those are given), and the engines' knobs that follow from the options.
 */
static void settle(cli *c)
{
    xcc_dlx2 *k = &c->k;
    if (c->count_only && !cli_given(c, "v"))
        k->vbose = XCC_SHOW_WARNINGS;
    if (!cli_given(c, "d")) {
        if (c->count_only && !c->progress)
            k->delta = 0; /* -c: the count and nothing else, unless asked */
        if (c->progress)
            k->delta = 100000000ULL;
    }
    if ((c->xs.threads > 1 || c->xs.shards > 1) && !c->progress)
        k->delta = 0; /* the threads report only -p's share of subtrees done */
    if (c->count_only && cli_given(c, "m") && c->spacing)
        cli_usage("%s", "-c prints only the number of solutions: m<n> does not go with it"
                        " (without -c, m1 lists them)");
    if ((c->json && !cli_given(c, "m")) || k->samples)
        c->spacing = 1;
    if (c->count_only)
        c->spacing = 0;
    c->xs.engine = c->zdd || k->samples ? xcc_engine_row_of(&xcc_zdd_engine)->name
                   : c->engine          ? c->engine
                   : c->count_only      ? XCC_ENGINE_AUTO
                                        : xcc_engine_row_named(NULL)->name;
    c->xs.randomize = cli_given(c, "s");
    c->xs.interrupt = &stop_flag;
    c->xs.dlx2 = k;
    k->asked = (cli_given(c, "T") ? XCC_ASKED_MEMS_LIMIT : 0)
               | (cli_given(c, "d") ? XCC_ASKED_DELTA : 0);
    k->want_shape = c->nshapes > 0;
    /* a terminal's line is rewritten at most every 0.1 s (rep_progress) */
    k->progress_nodes = c->progress ? isatty(2) ? 1 << 16 : 1 << 21 : 0;
    k->tasks_per_worker = 64;
}

/* The engine that runs c on p (NULL: on any problem), or a usage error. */
static const xcc_engine *choose_engine(const cli *c, const xcc_problem *p,
                                       const xcc_engine_row **row)
{
    const char *why;
    char words[512];
    const xcc_engine *e = xcc_engine_choose(p, &c->xs, c->count_only, row, &why);
    if (!e)
        why = xcc_words(why, 1, words, sizeof words);
    if (!e)
        cli_usage("%s", why);
    return e;
}

/* ---- the run -------------------------------------------------------------- */

/*
 * -p on a terminal: the share done of a report with a path, weighted by
 * the paths of cli_eta (tree/eta.h), then the report's line.
 */
static void weighed_progress(void *ctx, const xcc_progress *pr)
{
    xcc_progress w = *pr;
    if (!pr->subtrees && !pr->timeout && pr->path && pr->level >= 0)
        w.fraction = xcc_eta_fraction(eta, pr->path, pr->level);
    rep_progress(ctx, &w);
}

static void install_signals(const cli *c)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (c->time_limit > 0) {
        struct itimerval it;
        memset(&it, 0, sizeof it);
        sa.sa_handler = on_alarm;
        sigaction(SIGALRM, &sa, NULL);
        it.it_value.tv_sec = (time_t)c->time_limit;
        it.it_value.tv_usec = (suseconds_t)((c->time_limit - (double)(time_t)c->time_limit) * 1e6);
        if (!it.it_value.tv_sec && !it.it_value.tv_usec)
            it.it_value.tv_usec = 1;
        setitimer(ITIMER_REAL, &it, NULL);
    }
}

/* The exit status of a library call that failed. */
static int failure_status(xcc_status s)
{
    return s == XCC_NO_MEMORY ? PROG_NO_MEMORY : PROG_BAD_INPUT;
}

/* Reads the problem; bad input ends the run (status 2 or 3). */
void cli_read_problem(xcc_problem *p, FILE *in, const char *name, const cli *c)
{
    xcc_diag d;
    const knuth_program *asked = program(c, NULL); /* --knuth, or --engine's program */
    /* SSXCC reads the options in order: its s<n> shuffles the items */
    int at_random = cli_given(c, "s") && !(asked && asked->bit == CLI_SSXCC);
    /* going on from a checkpoint: the first run gave the warnings */
    int warn = (c->k.vbose & XCC_SHOW_WARNINGS) && !cli_resuming();
    xcc_read_options o = {.warnings = warn ? stderr : NULL,
                          .randomize = at_random, .seed = c->xs.seed,
                          .dlx2 = &c->k}; /* DLX5's warnings: z<n>, Z<chars> */
    xcc_status status = xcc_read(p, in, &o, &d);
    if (in != stdin)
        fclose(in);
    const char *note = status == XCC_NO_MEMORY ? cli_memory_note() : "";
    if (status && d.line)
        rep_die(failure_status(status), "%s:%ld:%ld: %s%s", name, d.line, d.col ? d.col : 1,
                d.message, note);
    if (status)
        rep_die(failure_status(status), "%s: %s%s", name, d.message, note);
    if (asked && !c->knuth && asked->bit != CLI_SSXCC)
        asked = NULL; /* --engine=cost: as the problem says */
    unsigned bit = asked ? asked->bit : 0;
    if (xcc_has_bounds(p) && xcc_has_costs(p))
        rep_die(PROG_BAD_INPUT, "%s: bounds (multiplicities) and costs in one problem: DLX3"
                " takes the one, DLX5 the other, neither both", name);
    if (xcc_has_bounds(p) && bit && bit != CLI_DLX3)
        rep_die(PROG_BAD_INPUT, "%s: bounds (multiplicities) in the item line, which %s does not"
                " read: leave out --knuth=%s", name, asked->title, asked->name);
    if (xcc_has_costs(p) && (bit & (CLI_DLX1 | CLI_DLX3 | CLI_SSXCC | CLI_DLX6)))
        rep_die(PROG_BAD_INPUT, "%s: costs in the options, which %s does not read: leave out"
                " --knuth=%s", name, asked->title, asked->name);
    if (p->ncolors && bit == CLI_DLX1)
        rep_die(PROG_BAD_INPUT, "%s: colors in the options, which DLX1 does not read (DLX2"
                " does: leave out --knuth=dlx1)", name);
    if (xcc_has_costs(p) && (c->zdd || c->k.samples || c->preprocess || c->reduce))
        rep_die(PROG_BAD_INPUT, "%s: costs in the options, which %s does not take (Knuth's DLX6"
                " and DLX-PRE read none)", name, c->zdd ? "--zdd" : c->k.samples ? "--sample"
                : c->preprocess ? "--preprocess" : "-P");
}

/*
 * S<file>: DLX2 opens the file of every S argument, last argument first
 * (so each is made or emptied), and keeps the first argument's. One that
 * cannot be opened gets DLX2's apology, byte for byte, then a message of
 * ours, and the run ends there with status 1 (where DLX2 searches on).
 */
static FILE *open_shapes(const cli *c)
{
    FILE *shape = NULL;
    for (int i = 0; i < c->nshapes; i++) {
        if (shape)
            fclose(shape);
        shape = fopen(c->shape_names[i], "w");
        if (!shape) {
            char b[REP_SHOWN_SIZE];
            int err = errno;
            fprintf(stderr, "Sorry, I can't open file `%s' for writing!\n", c->shape_names[i]);
            rep_die(PROG_WRITE_ERROR, "%s: cannot open the shape file (S<file>): %s",
                    rep_shown(c->shape_names[i], 200, b), strerror(err));
        }
    }
    return shape;
}

/* Closes the shape file; returns status, or 1 if writing it failed. */
static int close_shape(const cli *c, FILE *shape, int status)
{
    if (!shape)
        return status;
    char b[REP_SHOWN_SIZE];
    const char *name = rep_shown(c->shape_names[c->nshapes - 1], 200, b);
    int failed = ferror(shape); /* the engine's writes; their errno is gone */
    if (fclose(shape))
        fprintf(stderr, "dlx2: error writing the shape file '%s': %s\n", name, strerror(errno));
    else if (failed)
        fprintf(stderr, "dlx2: error writing the shape file '%s'\n", name);
    else
        return status;
    return PROG_WRITE_ERROR;
}

/*
 * The report's end and the exit status of a search that ended so
 * (progs.h's table): out of memory, stdout lost, a signal, a limit.
 */
static int finish(rep *r, xcc_status s, const xcc_figs *fig, const xcc_diag *d)
{
    rep_zdd_flush(r);
    rep_clear_progress(r);
    char what[64];
    snprintf(what, sizeof what, "out of memory at level %d", fig->level);
    if (s == XCC_NO_MEMORY)
        cli_die_no_memory(d->message[0] ? d->message : what);
    if (r->no_memory)
        cli_die_no_memory("out of memory");
    if (r->out_gone) {
        cli_stdout_lost(r->out_errno);
        return PROG_DONE;
    }
    r->signal = stop_signal;
    if (cli_stdout_lost(rep_end(r, fig)))
        return PROG_DONE;
    if (stop_signal)
        return PROG_SIGNALED + stop_signal;
    return fig->stop == XCC_STOP_MEMS || fig->stop == XCC_STOP_INTERRUPT || fig->stop == XCC_STOP_WIDE
               ? PROG_LIMIT
               : PROG_DONE;
}

/* p becomes the problem s reduced it to (written out and read back). */
static void adopt_reduced(xcc_problem *p, const xcc_pre *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        rep_die(PROG_NO_MEMORY, "out of memory");
    rep_reduced(f, s, 0);
    if (fclose(f))
        rep_die(PROG_NO_MEMORY, "out of memory");
    xcc_diag d;
    xcc_release(p);
    xcc_status status = xcc_read_text(p, text, NULL, &d);
    free(text);
    if (status)
        rep_die(failure_status(status), "the reduced problem: %s", d.message);
}

/*
 * v8 with --preprocess: each option of the reduced problem notes its
 * number as read ("| (from N)"), as DLX-PRE's v8 does. The same bit is
 * XCC_SHOW_TAXES in a search, where DLX5's v8 lists every item's tax:
 * the two never meet, --preprocess taking no problem with costs.
 */
enum { PRE_SHOW_NUMBERS = 8 };

/*
 * Reduces p as DLX-PRE does (v4: each step on stderr); the note "Removed
 * ..." goes on stderr (v1). With out, the reduced problem is written
 * there; else (-P) the reduction keeps to its budget (pre/pre.h) and p
 * becomes the reduced problem, unless nothing went.
 */
static void reduce(xcc_problem *p, rep *r, const cli *c, FILE *out)
{
    xcc_pre s = {.note = (c->k.vbose & XCC_SHOW_DETAILS) || out ? rep_pre_note : NULL, .ctx = r};
    if (!out)
        s.share = XCC_PRE_SHARE;
    else { /* DLX-PRE's t<n>, T<n> and d<n> (its first report at 10^9 mems unless d<n>) */
        if (cli_given(c, "t"))
            s.max_rounds = (int)c->xs.max_solutions, s.max_rounds_set = 1;
        if (cli_given(c, "T"))
            s.max_mems = c->xs.max_mems, s.max_mems_set = 1;
        s.delta = cli_given(c, "d") ? c->k.delta : 10000000000ULL;
        s.thresh = cli_given(c, "d") ? c->k.delta : 1000000000ULL;
    }
    xcc_status status = xcc_pre_run(&s, p);
    if (status == XCC_REFUSED)
        rep_die(PROG_BAD_INPUT, "--preprocess and -P take no multiplicities (DLX3's bounds"
                                " a:b|name): DLX-PRE's reductions hold for exact covers only");
    if (status)
        rep_die(PROG_NO_MEMORY, "out of memory");
    if (out)
        rep_reduced(out, &s, (c->k.vbose & PRE_SHOW_NUMBERS) != 0);
    if (out)
        rep_pre_end(r, &s);
    else if (c->k.vbose & XCC_SHOW_BASICS)
        rep_pre_closing(r->err, &s);
    if (!out && (s.options_out || s.items_out))
        adopt_reduced(p, &s);
    xcc_pre_free(&s);
}

/* dlx2 --preprocess [FILE]: the reduced problem on stdout. */
int cli_preprocess(cli *c)
{
    const char *name;
    char name_shown[REP_SHOWN_SIZE];
    FILE *in = cli_open_input(c, &name, name_shown);
    xcc_problem p;
    cli_read_problem(&p, in, name, c);
    rep r = {.out = stdout, .err = stderr, .p = &p, .vbose = c->k.vbose};
    if (c->k.vbose & XCC_SHOW_BASICS)
        rep_input_line(&r);
    if (c->k.vbose & XCC_SHOW_TOTS)
        rep_dlx2_totals(&r);
    reduce(&p, &r, c, stdout);
    xcc_release(&p);
    cli_stdout_lost(0);
    return PROG_DONE;
}

/*
 * The format of stdout, a row of report/formats.c: --format's (json: with
 * -c the summary alone), else -c's count, --zdd's nodes, or the listing
 * of the program played (--format=dlx2 is that listing).
 */
static const char *output(const cli *c, const knuth_program *prog)
{
    if (c->format && strcmp(c->format, "dlx2"))
        return c->format;
    if (prog->bit == CLI_DLX6 && !c->count_only)
        return prog->name;
    return c->count_only ? "count" : c->zdd ? "zdd" : prog->name;
}

/* Whether --zdd is given one of DLX6's arguments besides v<n>: then it plays DLX6. */
static int zdd_plays_dlx6(const cli *c)
{
    static const char *const letters[] = {"m", "t", "T", "d", "s", "c", "C", "l", "S", "Z"};
    for (size_t k = 0; c->zdd && !c->knuth && k < sizeof letters / sizeof *letters; k++)
        if (cli_given(c, letters[k]))
            return 1;
    return 0;
}

/* DLX6's engine (links/dlx6.c), or a usage error when it refuses c (p NULL: any problem). */
static const xcc_engine *dlx6_engine(const cli *c, const xcc_problem *p)
{
    const char *why = xcc_zdd_links_engine.refuses(p, &c->xs);
    if (why)
        cli_usage("%s", why);
    return &xcc_zdd_links_engine;
}

int cli_search(cli *c)
{
    const xcc_engine_row *row = NULL;
    if (zdd_plays_dlx6(c))
        c->knuth = "dlx6";
    int dlx6 = c->knuth && !strcmp(c->knuth, "dlx6");
    if (!dlx6)
        zdd_rules(c);
    settle(c);
    cli_checkpoint_rules(c);
    cli_symmetry_rules(c);
    const knuth_program *prog = program(c, NULL);
    if (prog)
        play(c, prog);
    if (dlx6)
        dlx6_engine(c, NULL);
    else
        choose_engine(c, NULL, &row); /* refusals that need no problem come first */

    const char *name;
    char name_shown[REP_SHOWN_SIZE];
    FILE *in = cli_checkpoint_input(c, &name, name_shown);
    cli_open_output(c);
    FILE *shape = open_shapes(c);
    install_signals(c);
    xcc_problem p;
    cli_read_problem(&p, in, name, c);
    if (!prog)
        play(c, prog = program(c, &p));

    rep r = {.out = stdout, .err = stderr, .p = &p, .output = rep_format_named(output(c, prog)),
             .costs = prog->bit == CLI_DLX5, .best = c->xs.best, .knuth = prog->code,
             .vbose = c->k.vbose,
             .show_levels_max = c->k.show_levels_max,
             .tty_progress = c->progress && isatty(2), .out_tty = isatty(1),
             .shard = c->xs.shard, .shards = c->xs.shards, .time_limit = c->time_limit,
             .shard_count_line = c->count_only && c->xs.shards && !cli_given(c, "v"),
             .lists = c->spacing != 0};
    FILE *quiet = NULL; /* going on from a checkpoint: the first run wrote what comes first */
    if (cli_resuming() && (quiet = fopen("/dev/null", "w")))
        r.err = quiet;
    if (r.costs && (c->k.vbose & XCC_SHOW_TAXES))
        rep_cost_taxes(&r);
    if (c->k.vbose & XCC_SHOW_BASICS)
        rep_input_line(&r);
    if (c->reduce)
        reduce(&p, &r, c, NULL);
    if (c->k.vbose & XCC_SHOW_TOTS)
        rep_item_totals(&r);

    const xcc_engine *e = dlx6 ? dlx6_engine(c, &p) : choose_engine(c, &p, &row);
    if (quiet)
        fclose(quiet);
    r.err = stderr;
    cli_checkpoint_engine(c, &p, e, r.costs);
    if (c->count_only && (c->up_to_symmetry || c->use_symmetry)) {
        int status = cli_symmetry_count(c, &p);
        rep_free(&r);
        xcc_release(&p);
        return stop_signal ? PROG_SIGNALED + stop_signal : close_shape(c, shape, status);
    }
    if (r.tty_progress)
        eta = cli_eta(&p, c);
    xcc_sink sink = {.solution = c->spacing && !dlx6 ? rep_solution : NULL,
                     .every = (unsigned long long)c->spacing,
                     .progress = r.tty_progress ? weighed_progress : rep_progress, .ctx = &r,
                     .trace = stderr, .shape = shape,
                     .zdd = c->zdd || (dlx6 && c->spacing) ? rep_zdd_line : NULL,
                     .batched = 1 /* rep_solution stops only when stdout is gone */};
    if (c->up_to_symmetry)
        sink.solution = cli_symmetry_listing(c, &p, &r, &sink.every);
    cli_checkpoint_start(c, &sink, &stop_flag, &stop_signal, &alarm_rang);
    rep_start_clock(&r);
    xcc_figs fig;
    xcc_diag d;
    xcc_status s = c->count_only && !dlx6 ? xcc_engine_run_counting(e, &p, &c->xs, &sink, &fig, &d, &row)
                                 : xcc_engine_run(e, &p, &c->xs, &sink, &fig, &d);
    (void)row; /* fig.engine: the engine that ran (xcc_engine_run) */
    fig.seconds += cli_checkpoint_end(c, s, &fig);
    int status = finish(&r, s, &fig, &d);
    if (c->up_to_symmetry)
        cli_symmetry_listing_end(c, &fig);
    status = close_shape(c, shape, status);
    xcc_figs_free(&fig);
    rep_free(&r);
    xcc_eta_free(eta);
    eta = NULL;
    xcc_release(&p);
    return status;
}
