/*
 * dlx2.c — the command-line solver: reads an XCC problem, runs an
 * engine, and reports in the layout of Knuth's DLX2 so that the two can
 * be compared with diff.
 *
 * This file only deals with the outside world: arguments (Knuth's
 * letter-number pairs and Unix flags, described once in the tables
 * below, from which the parser, the defaults and --help come), the input
 * file, signals, and exit statuses. The problem and the search live in
 * lib/ (lib/engine.h), what is written about them in report/.
 *
 * Streams. stdout carries only results: the listing of every m-th
 * solution (or JSON Lines), or with -c the number of solutions. stderr
 * carries DLX2's report (warnings, the input line, the closing
 * "Altogether" line), progress and tracing, and errors.
 *
 * Exit status: progs.h's table (exit_status below maps a search's end
 * onto it). When the reader of stdout goes away, dlx2 stops quietly with
 * status 0: that reader has all it wanted.
 */
#include "progs.h"
#include "engine.h"
#include "knobs.h"
#include "pre/pre.h"
#include "problem/problem.h"
#include "report.h"
#include "verify.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

/* Everything the command line decides. */
typedef struct settings {
    /* Knuth's arguments */
    int vbose;            /* v<n> */
    int spacing;          /* m<n> */
    long seed;            /* s<n> */
    ullng delta;          /* d<n> */
    int show_choices_max, show_levels_max, show_choices_gap; /* c<n>, C<n>, l<n> */
    ullng maxcount, timeout; /* t<n>, T<n> */
    unsigned given;       /* the letters given, as bits: see knuth_bit */
    const char **shape_names; /* every S<file>, last argument first */
    int nshapes;
    /* DLX5's (--knuth=dlx5) */
    int best;             /* k<n> */
    int zgiven, lenthresh; /* z<n>, h<n> */
    const char *zchars;   /* Z<chars> */
    /* flags */
    int count_only;       /* -c */
    int progress;         /* -p */
    double time_limit;    /* --time-limit, 0 = none */
    ullng memory_limit;   /* --memory-limit in bytes, 0 = none */
    const char *memory_arg; /* as given, or NULL: the default */
    int threads;          /* -j */
    int shard, shards;    /* --shard K/N */
    const char *engine;   /* --engine, NULL: dlx (auto with -c) */
    const char *knuth;    /* --knuth, NULL: by the problem (knuth_program) */
    int json;             /* --format=json */
    int merge;            /* --merge */
    int preprocess;       /* --preprocess */
    int reduce;           /* -P */
    int nknuth;           /* Knuth's arguments given */
    int zdd;              /* --zdd */
    const char *zdd_count; /* --zdd-count FILE */
    ullng samples;        /* --sample N (0: not given) */
    long long seed_given; /* --seed S, or -1 */
    ullng sample_seed;
    const char *verify;   /* --verify LISTING */
    long long verify_count; /* --count N, or -1 */
    int searching;        /* an argument that asks something of a search */
    const char *file;     /* NULL: stdin */
    const char **files;   /* every FILE argument (several with --merge) */
    int nfiles;
} settings;

static volatile sig_atomic_t stop_signal; /* the signal that asks us to stop */
static volatile sig_atomic_t stop_flag;   /* polled by the engine */

static void on_signal(int sig)
{
    stop_signal = sig;
    stop_flag = 1;
}

static void on_alarm(int sig)
{
    (void)sig;
    stop_flag = 1;
}

/* ---- messages ----------------------------------------------------------- */

/* A bad command line: the message (arg shown safely in place of each
   %s), a pointer to --help, status 2. */
static void bad_usage(const char *fmt, const char *arg) __attribute__((noreturn));

static void bad_usage(const char *fmt, const char *arg)
{
    char b[REP_SHOWN_SIZE];
    const char *a = arg ? rep_shown(arg, 200, b) : "";
    fputs("dlx2: ", stderr);
    fprintf(stderr, fmt, a, a);
    fputs("\nTry 'dlx2 --help' for more information.\n", stderr);
    exit(PROG_BAD_INPUT);
}

/*
 * Whether stdout took everything (err: a write's errno seen already, or
 * 0). Returns 0 if it did, 1 if its reader went away (EPIPE), which is
 * no error: `dlx2 m1 | head` has what it wanted. Any other failure (a
 * full disk) is a write error: a message and status 1.
 */
static int stdout_lost(int err)
{
    if (!err && !(err = rep_flush(stdout)))
        return 0;
    if (err == EPIPE)
        return 1;
    rep_die(PROG_WRITE_ERROR, "error writing to standard output: %s", strerror(err));
}

/* ---- Knuth's arguments ---------------------------------------------------- */

/*
 * Whether s is a whole number as DLX2 reads it with scanf (blanks, a
 * sign, digits), with nothing after it; *v gets it, pinned to the range
 * of long long when it lies beyond, as scanf pins it.
 */
static int parse_number(const char *s, long long *v)
{
    char *end;
    *v = strtoll(s, &end, 10);
    return end != s && !*end;
}

static int is_number(const char *s)
{
    long long v;
    return parse_number(s, &v);
}

/*
 * Knuth's arguments, a letter and a number (S a letter and a file name).
 * DLX2 reads t, T and d as 64-bit numbers, so a negative one wraps round
 * to no limit, and the others as int. The defaults are DLX2's.
 */
enum kind { INT, WIDE, SEED, SHAPE, CHARS };

typedef struct knuth_row {
    char letter;
    enum kind kind;
    size_t field;          /* offsetof(settings, ...) */
    const char *deflt;     /* read as if given, before the arguments; NULL: none */
    const char *help;
} knuth_row;

static const knuth_row knuth_rows[] = {
    {'m', INT, offsetof(settings, spacing), "0",
     "list every n-th solution on stdout (m1: all; default m0: none)"},
    {'t', WIDE, offsetof(settings, maxcount), "-1", "stop after n solutions"},
    {'T', WIDE, offsetof(settings, timeout), "-1", "stop after n mems"},
    {'v', INT, offsetof(settings, vbose), "1025",
     "verbosity bits: 1 basic report (default, with 1024), 2 every\n"
     "choice, 4 details of each choice, 128 profile of the tree,\n"
     "256 full state in progress reports, 512 item totals,\n"
     "1024 warnings about options without primary items"},
    {'d', WIDE, offsetof(settings, delta), "10000000000", "progress report on stderr every n mems"},
    {'s', SEED, offsetof(settings, seed), NULL,
     "random seed: break ties and order the item lists at random"},
    {'c', INT, offsetof(settings, show_choices_max), "1000000",
     "trace choices only on levels below n (v2, v4)"},
    {'C', INT, offsetof(settings, show_levels_max), "1000000",
     "show at most n levels in progress reports"},
    {'l', INT, offsetof(settings, show_choices_gap), "1000000",
     "with v4, trace only levels at most n above the deepest so far"},
    {'S', SHAPE, 0, NULL, "write the shape of the search tree to file"},
    {'k', INT, offsetof(settings, best), "1",
     "(DLX5) find the n cheapest solutions, 1 to 15000"},
    {'h', INT, offsetof(settings, lenthresh), "10",
     "(DLX5) look at most n options down an item's list when\n"
     "choosing the item to branch on"},
    {'z', INT, offsetof(settings, zgiven), "0",
     "(DLX5) every option has n primary items (besides Z's): a\n"
     "lower bound from the cheapest options, and warnings"},
    {'Z', CHARS, offsetof(settings, zchars), NULL,
     "(DLX5) every option has one primary item starting with\n"
     "each of these characters (at most 7): a lower bound too"},
};

/*
 * The arguments each of Knuth's programs takes, and its default v<n>:
 * dlx2 plays one of them (--knuth, or as the problem asks: DLX3 for one
 * with bounds, DLX5 for one with costs), and refuses the others' letters.
 */
typedef struct knuth_program {
    const char *name, *letters;
    int vbose;
} knuth_program;

static const knuth_program knuth_programs[] = {
    {"dlx2", "mtTvdscClS", 1025},
    {"dlx3", "mtTvdscClS", 1025},
    {"dlx5", "mtTvdcClSkhzZ", 1041},
};
enum { KNUTH_PROGRAMS = sizeof knuth_programs / sizeof *knuth_programs };
enum { KNUTH_ROWS = sizeof knuth_rows / sizeof *knuth_rows };

static const knuth_row *knuth_row_of(char letter)
{
    for (int k = 0; k < KNUTH_ROWS; k++)
        if (letter && knuth_rows[k].letter == letter)
            return &knuth_rows[k];
    return NULL;
}

/* The bit of a letter in settings.given. */
static unsigned knuth_bit(char letter)
{
    return 1u << (knuth_row_of(letter) - knuth_rows);
}

/* One of Knuth's arguments, its letter arg[0] and its number the rest. */
static void knuth_argument(settings *st, const char *arg)
{
    const knuth_row *k = knuth_row_of(arg[0]);
    long long v = 0;
    if (k->kind == SHAPE) { /* opened later in this order, as DLX2 does */
        st->shape_names[st->nshapes++] = arg + 1;
        return;
    }
    if (k->kind == CHARS) {
        if (strlen(arg + 1) > 7)
            bad_usage("bad argument '%s': at most 7 prefix characters may follow Z", arg);
        *(const char **)((char *)st + k->field) = arg + 1;
        return;
    }
    if (!parse_number(arg + 1, &v))
        bad_usage("bad argument '%s': a whole number must follow the letter"
                  " (to read a file of that name, write ./%s)", arg);
    if (k->kind != WIDE && (v < INT_MIN || v > INT_MAX))
        bad_usage("bad argument '%s': the number must lie between -2147483648 and 2147483647",
                  arg);
    if (k->letter == 'k' && (v < 1 || v > 15000))
        bad_usage("bad argument '%s': k<n> asks for the n best solutions, 1 to 15000 (as DLX5)",
                  arg);
    char *field = (char *)st + k->field;
    if (k->kind == INT)
        *(int *)field = (int)v;
    else if (k->kind == WIDE)
        *(ullng *)field = (ullng)v;
    else
        *(long *)field = (long)v;
}

/* A letter and a number, like Knuth's arguments, but with another letter. */
static int looks_like_argument(const char *a)
{
    if (!((a[0] >= 'a' && a[0] <= 'z') || (a[0] >= 'A' && a[0] <= 'Z')))
        return 0;
    a += 1 + (a[1] == '-');
    if (!*a)
        return 0;
    for (; *a; a++)
        if (*a < '0' || *a > '9')
            return 0;
    return 1;
}

/* ---- flags ------------------------------------------------------------- */

static void print_usage(void);
static void print_version(void);

static void take_count_only(settings *st, const char *v) { (void)v, st->count_only = 1; }
static void take_progress(settings *st, const char *v) { (void)v, st->progress = 1; }
static void take_merge(settings *st, const char *v) { (void)v, st->merge = 1; }
static void take_help(settings *st, const char *v) { (void)st, (void)v, print_usage(); }
static void take_version(settings *st, const char *v) { (void)st, (void)v, print_version(); }

static void take_time_limit(settings *st, const char *v)
{
    char *end;
    st->time_limit = strtod(v, &end);
    if (!*v || *end || !(st->time_limit > 0) || st->time_limit > 1e9)
        bad_usage("bad time limit '%s' (a positive number of seconds)", v);
}

#define MEMORY_LIMIT_LEAST (16ULL << 20)

/* SIZE: a number of bytes, or of K, M, G or T (1024 based); "none". */
static void take_memory_limit(settings *st, const char *v)
{
    static const char units[] = "KMGT";
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    const char *u = *end ? strchr(units, *end) : NULL;
    int shift = u ? 10 * (int)(u - units + 1) : 0;
    st->memory_arg = v;
    st->memory_limit = n << shift;
    if (!strcmp(v, "none")) {
        st->memory_limit = 0;
        return;
    }
    if (end == v || !isdigit((unsigned char)*v) || errno || (*end && (!u || end[1]))
        || n > (~0ULL >> shift) || st->memory_limit < MEMORY_LIMIT_LEAST)
        bad_usage("bad memory limit '%s' (a size of at least 16M, as 512M or 8G; or none)", v);
}

static void take_threads(settings *st, const char *v)
{
    long long n;
    if (!parse_number(v, &n))
        bad_usage("-j needs a number of threads (1 to 1024), not '%s'", v);
    if (n < 1 || n > 1024)
        bad_usage("bad number of threads '%s' (1 to 1024)", v);
    st->threads = (int)n;
}

/* "dlx, links or fast": the names of the table of engines. */
static const char *engine_names(void)
{
    static char names[200];
    if (!names[0])
        for (const xcc_engine_row *r = xcc_engine_rows; r->name; r++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     r == xcc_engine_rows ? "" : r[1].name ? ", " : " or ", r->name);
    return names;
}

static void take_engine(settings *st, const char *v)
{
    char msg[300];
    if (!xcc_engine_row_named(v)) {
        snprintf(msg, sizeof msg, "unknown engine '%%s' (%s)", engine_names());
        bad_usage(msg, v);
    }
    st->engine = v;
}

static void take_shard(settings *st, const char *v)
{
    int k, n;
    char extra;
    if (sscanf(v, "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 1 || k > n || n > 1000000)
        bad_usage("bad shard '%s' (K/N with 1 <= K <= N <= 1000000)", v);
    st->shard = k;
    st->shards = n;
}

static const knuth_program *knuth_program_named(const char *name)
{
    for (int k = 0; k < KNUTH_PROGRAMS; k++)
        if (!strcmp(knuth_programs[k].name, name))
            return &knuth_programs[k];
    return NULL;
}

static void take_knuth(settings *st, const char *v)
{
    if (!knuth_program_named(v))
        bad_usage("unknown program '%s' for --knuth (dlx2, dlx3 or dlx5)", v);
    st->knuth = v;
}

static void take_format(settings *st, const char *v)
{
    if (strcmp(v, "json") && strcmp(v, "dlx2"))
        bad_usage("unknown format '%s' (dlx2 or json)", v);
    st->json = !strcmp(v, "json");
}

static void take_zdd(settings *st, const char *v) { (void)v, st->zdd = 1; }
static void take_preprocess(settings *st, const char *v) { (void)v, st->preprocess = 1; }
static void take_reduce(settings *st, const char *v) { (void)v, st->reduce = 1; }
static void take_zdd_count(settings *st, const char *v) { st->zdd_count = v; }

static void take_sample(settings *st, const char *v)
{
    long long n;
    if (!parse_number(v, &n) || n < 1)
        bad_usage("bad number of samples '%s' (1 or more)", v);
    st->samples = (ullng)n;
}

static void take_seed(settings *st, const char *v)
{
    long long n;
    if (!parse_number(v, &n) || n < 0)
        bad_usage("bad seed '%s' (a whole number, 0 or more)", v);
    st->seed_given = n;
    st->sample_seed = (ullng)n;
}

static void take_verify(settings *st, const char *v)
{
    st->verify = v;
}

static void take_count(settings *st, const char *v)
{
    long long n;
    if (!parse_number(v, &n) || n < 0)
        bad_usage("bad count '%s' (a number of solutions)", v);
    st->verify_count = n;
}

/*
 * The flags. A flag with a value takes it as "-j4", "-j 4",
 * "--shard=2/8" or "--shard 2/8"; `needs` says what it takes when it is
 * missing. searching: it asks something of a search (not with --verify).
 */
typedef struct flag_row {
    const char *name, *alias;
    const char *needs;     /* NULL: no value */
    void (*take)(settings *st, const char *value);
    int searching;
    const char *label;     /* as --help shows it */
    const char *help;      /* NULL: from the table of engines */
} flag_row;

static const flag_row flag_rows[] = {
    {"-c", NULL, NULL, take_count_only, 1, "-c",
     "print only the number of solutions on stdout, with a +\n"
     "after it when the search was stopped early (1778+: at\n"
     "least 1778); use --engine=fast when the problem suits it"},
    {"--engine", NULL, "a name (%s)", take_engine, 1, "--engine=NAME", NULL},
    {"--knuth", NULL, "a program (dlx2, dlx3 or dlx5)", take_knuth, 1, "--knuth=PROG",
     "search and report as Knuth's PROG does: dlx2 (DLX2),\n"
     "dlx3 (DLX3, its tree and cost model even for a problem\n"
     "without multiplicities) or dlx5 (DLX5: the cheapest\n"
     "solutions of a problem with costs, its arguments k, h,\n"
     "z, Z and no s). By default a problem with bounds\n"
     "(a:b|name, xcc(5)) gets DLX3's, one with costs (|n)\n"
     "DLX5's (so does --engine=cost), any other DLX2's"},
    {"-p", NULL, NULL, take_progress, 1, "-p",
     "progress: on a terminal, one self-updating line with\n"
     "the estimated percentage done (every d<n> mems, default\n"
     "d100000000); elsewhere DLX2's progress lines"},
    {"--time-limit", NULL, "a number of seconds", take_time_limit, 1, "--time-limit S",
     "stop after S seconds and report the figures so far"},
    {"--memory-limit", NULL, "a size (as 512M or 8G)", take_memory_limit, 0, "--memory-limit SIZE",
     "take at most SIZE of memory (K, M, G: 1024 based; none:\n"
     "no limit); past it the run ends with status 3. Default:\n"
     "half the machine's memory. The memo of subtrees takes at\n"
     "most a quarter of it (and 32M)"},
    {"-j", "--jobs", "a number of threads (1 to 1024)", take_threads, 1, "-j N",
     "search with N threads (default 1). The figures are the\n"
     "same as with one thread; with m<n> the solutions come in\n"
     "another order (each once, numbered 1, 2, ... as found).\n"
     "With costs, the threads share the best costs found: the\n"
     "same best costs, other figures"},
    {"--shard", NULL, "K/N (part K of N)", take_shard, 1, "--shard K/N",
     "search only part K of N disjoint parts of the tree, for\n"
     "spreading one problem over N machines; part 1 also\n"
     "reports the top of the tree, so the parts add up. The\n"
     "report gains a line naming the shard and the problem\n"
     "(and k, with costs: each part finds its best costs)"},
    {"--format", NULL, "a format (dlx2 or json)", take_format, 1, "--format=json",
     "solutions (all, unless m<n>) and a summary on stdout as\n"
     "JSON Lines, one object per line (--format=dlx2: DLX2's)"},
    {"--merge", NULL, NULL, take_merge, 0, "--merge [FILE]...",
     "add up the stderr reports of the N parts (files, or\n"
     "stdin) into one report on stdout; exact except ccost.\n"
     "Each part must be there once, complete, of one problem.\n"
     "With costs: the k best costs of all the parts"},
    {"--preprocess", NULL, NULL, take_preprocess, 0, "--preprocess",
     "write on stdout the problem reduced as Knuth's DLX-PRE\n"
     "reduces it (options that cannot be in a solution and\n"
     "items covered along with others removed), with the same\n"
     "solutions; v4 says what goes and why, v8 notes each\n"
     "option's number as read (see dlx2(1))"},
    {"-P", NULL, NULL, take_reduce, 1, "-P",
     "reduce the problem as --preprocess does, then solve the\n"
     "reduced problem (listings show the reduced options)"},
    {"--zdd", NULL, NULL, take_zdd, 1, "--zdd",
     "write every solution at once on stdout, as the ZDD that\n"
     "Knuth's DLX6 writes (see dlx2(1)), by the zdd engine"},
    {"--zdd-count", NULL, "a ZDD file", take_zdd_count, 0, "--zdd-count FILE",
     "read a ZDD in that format (FILE, or - for stdin) and\n"
     "print the number of sets it holds, exactly"},
    {"--sample", NULL, "a number of solutions", take_sample, 1, "--sample N",
     "list N solutions drawn independently and uniformly at\n"
     "random (numbered 1 to N; --format=json for JSON Lines),\n"
     "from the counts of the zdd engine"},
    {"--seed", NULL, "a seed (0 or more)", take_seed, 1, "--seed S",
     "with --sample: the seed of the draws (default 0); the\n"
     "same seed draws the same solutions on every machine"},
    {"--verify", NULL, "a listing to check", take_verify, 0, "--verify LISTING",
     "check every solution of LISTING (the m1 listing of DLX2,\n"
     "DLX3 or DLX5, or JSON Lines; costs too, where it gives\n"
     "them) against the problem (FILE, or stdin) with a reader\n"
     "and checks of its own, not the engine's; exit 0 when all\n"
     "are sound, 1 at the first one that is not, 2 when an\n"
     "input cannot be read, 3 out of memory"},
    {"--count", NULL, "a number of solutions", take_count, 0, "--count N",
     "with --verify: the listing must hold N solutions"},
    {"-h", "--help", NULL, take_help, 0, "-h, --help", "show this help"},
    {"--version", NULL, NULL, take_version, 0, "--version", "show the version"},
};
enum { FLAG_ROWS = sizeof flag_rows / sizeof *flag_rows };

/*
 * The value of flag name at argv[*j], moving j past it; NULL if argv[*j]
 * is not that flag. A flag at the end without its value is refused,
 * saying what it needs.
 */
static const char *flag_value(int argc, char **argv, int *j, const char *name, const char *needs)
{
    const char *a = argv[*j];
    size_t n = strlen(name);
    if (strncmp(a, name, n))
        return NULL;
    if (a[n] == '=' && a[1] == '-')
        return a + n + 1;
    if (a[n] && a[1] != '-')
        return a + n; /* -j4 */
    if (a[n])
        return NULL;
    if (*j + 1 >= argc) {
        char what[100], msg[300];
        snprintf(what, sizeof what, needs, engine_names());
        snprintf(msg, sizeof msg, "%s needs %s", name, what);
        bad_usage("%s", msg);
    }
    return argv[++*j];
}

/* The flag at argv[*j], taken; 0 if it is none. */
static int take_flag(settings *st, int argc, char **argv, int *j)
{
    for (int k = 0; k < FLAG_ROWS; k++) {
        const flag_row *f = &flag_rows[k];
        const char *v = NULL;
        if (!f->needs && (!strcmp(argv[*j], f->name) || (f->alias && !strcmp(argv[*j], f->alias))))
            v = "";
        else if (f->needs && !(v = flag_value(argc, argv, j, f->name, f->needs)) && f->alias)
            v = flag_value(argc, argv, j, f->alias, f->needs);
        if (v) {
            f->take(st, v);
            st->searching += f->searching;
            return 1;
        }
    }
    return 0;
}

/* ---- the command line ----------------------------------------------------- */

static void set_defaults(settings *st)
{
    memset(st, 0, sizeof *st);
    st->threads = 1;
    st->verify_count = -1;
    st->seed_given = -1;
    char arg[32];
    for (int k = 0; k < KNUTH_ROWS; k++)
        if (knuth_rows[k].deflt) {
            snprintf(arg, sizeof arg, "%c%s", knuth_rows[k].letter, knuth_rows[k].deflt);
            knuth_argument(st, arg);
        }
}

/* What goes with --zdd and --sample, which take the zdd engine. */
static void check_zdd_args(const settings *st)
{
    if (st->seed_given >= 0 && !st->samples)
        bad_usage("%s", "--seed goes with --sample");
    if (st->zdd && st->samples)
        bad_usage("%s", "--zdd and --sample do not go together");
    const char *mode = st->zdd ? "--zdd" : st->samples ? "--sample" : NULL;
    if (!mode)
        return;
    if (st->engine && strcmp(st->engine, "zdd"))
        bad_usage("--zdd and --sample take the zdd engine, not --engine=%s", st->engine);
    if (st->count_only || (st->given & knuth_bit('m')))
        bad_usage("%s lists on stdout: -c and m<n> do not go with it", mode);
    if (st->zdd && st->json)
        bad_usage("%s", "--zdd writes DLX6's text format: --format=json does not go with it");
}

/*
 * Flags are read left to right; Knuth's arguments are collected and then
 * applied from last to first, so that (as in DLX2) the first one wins.
 * An argument that starts with one of Knuth's letters but is not a
 * letter and a number is a FILE if a file of that name exists.
 */
static void parse_args(settings *st, int argc, char **argv)
{
    const char **knuth = calloc((size_t)argc, sizeof(char *));
    st->files = calloc((size_t)argc, sizeof(char *));
    st->shape_names = calloc((size_t)argc, sizeof(char *));
    if (!knuth || !st->files || !st->shape_names)
        rep_die(PROG_NO_MEMORY, "out of memory");
    int nknuth = 0, only_files = 0;
    for (int j = 1; j < argc; j++) {
        const char *a = argv[j];
        int letter = knuth_row_of(a[0]) != NULL;
        if (only_files || !strcmp(a, "-") || (a[0] != '-' && !letter && !looks_like_argument(a))) {
            st->files[st->nfiles++] = a;
        } else if (!strcmp(a, "--")) {
            only_files = 1;
        } else if (take_flag(st, argc, argv, &j)) {
            continue;
        } else if (a[0] == '-') {
            bad_usage(access(a, F_OK) ? "unknown argument '%s'"
                                      : "unknown argument '%s' (to read the file, write ./%s)", a);
        } else if (letter && a[0] != 'S' && !is_number(a + 1) && access(a, F_OK) == 0) {
            st->files[st->nfiles++] = a; /* a file named like test.dlx */
        } else if (letter) {
            knuth[nknuth++] = a;
        } else {
            bad_usage("unknown argument '%s' (to read a file of that name, write ./%s)", a);
        }
    }
    st->searching += nknuth;
    st->nknuth = nknuth;
    while (nknuth > 0) {
        const char *a = knuth[--nknuth];
        knuth_argument(st, a);
        st->given |= knuth_bit(a[0]);
    }
    free(knuth);
    if (!st->merge && st->nfiles > 1)
        bad_usage("only one FILE may be given, not also '%s'", st->files[1]);
    st->file = st->nfiles ? st->files[0] : NULL;
    if (st->verify_count >= 0 && !st->verify)
        bad_usage("%s", "--count goes with --verify");
    if (st->verify && (st->merge || st->searching))
        bad_usage("%s", "--verify takes a LISTING, a FILE and --count, nothing else");
    if (st->preprocess && (st->merge || st->verify || st->zdd_count || st->searching > st->nknuth
                           || (st->given & ~knuth_bit('v'))))
        bad_usage("%s", "--preprocess takes v<n> and a FILE, nothing else");
    if (st->zdd_count && (st->merge || st->verify || st->searching || st->nfiles))
        bad_usage("%s", "--zdd-count takes a FILE, nothing else");
    check_zdd_args(st);
}

/* -c, -p, -j and --format change some defaults, unless those are given. */
static void adjust_defaults(settings *st)
{
    if (st->count_only && !(st->given & knuth_bit('v')))
        st->vbose = XCC_SHOW_WARNINGS;
    if (!(st->given & knuth_bit('d'))) {
        if (st->count_only && !st->progress)
            st->delta = 0; /* -c: the count and nothing else, unless asked */
        if (st->progress)
            st->delta = 100000000ULL;
    }
    if ((st->threads > 1 || st->shards > 1) && !st->progress)
        st->delta = 0; /* the threads report only -p's share of subtrees done */
    if ((st->json && !(st->given & knuth_bit('m'))) || st->samples)
        st->spacing = 1;
    if (st->count_only)
        st->spacing = 0;
}

/* What the engines are asked, from the command line. */
static void engine_settings(const settings *st, xcc_settings *xs, xcc_dlx2 *k)
{
    xcc_settings_init(xs);
    xs->engine = st->zdd || st->samples ? "zdd"
                 : st->engine ? st->engine : st->count_only ? "auto" : "dlx";
    xs->max_solutions = st->maxcount;
    xs->max_mems = st->timeout;
    xs->threads = st->threads;
    xs->shard = st->shard;
    xs->shards = st->shards;
    xs->randomize = (st->given & knuth_bit('s')) != 0;
    xs->seed = st->seed;
    xs->interrupt = &stop_flag;
    xs->dlx2 = k;
    memset(k, 0, sizeof *k);
    k->vbose = st->vbose;
    k->show_choices_max = st->show_choices_max;
    k->show_choices_gap = st->show_choices_gap;
    k->show_levels_max = st->show_levels_max;
    k->delta = st->delta;
    k->asked = (st->given & knuth_bit('T') ? XCC_ASKED_MEMS_LIMIT : 0)
               | (st->given & knuth_bit('d') ? XCC_ASKED_DELTA : 0);
    k->want_shape = st->nshapes > 0;
    k->progress_nodes = st->progress ? 1 << 21 : 0;
    k->tasks_per_worker = 64;
    k->knuth = st->knuth && !strcmp(st->knuth, "dlx3") ? 3 : 0;
    k->memory_limit = st->memory_limit;
    k->samples = st->samples;
    k->sample_seed = st->sample_seed;
}

/* ---- Knuth's programs ------------------------------------------------------ */

/*
 * The program dlx2 plays: --knuth, or DLX5 for --engine=cost or a
 * problem with costs, DLX3 for a problem with bounds, else DLX2. With p
 * NULL (before reading), NULL when the problem will decide.
 */
static const knuth_program *program(const settings *st, const xcc_problem *p)
{
    if (st->knuth)
        return knuth_program_named(st->knuth);
    if (st->engine && !strncmp(st->engine, "cost", 4))
        return knuth_program_named("dlx5");
    if (!p)
        return NULL;
    return knuth_program_named(xcc_has_costs(p) ? "dlx5" : xcc_has_bounds(p) ? "dlx3" : "dlx2");
}

static int plays_dlx5(const knuth_program *prog)
{
    return prog && !strcmp(prog->name, "dlx5");
}

/* Holds the command line to the program played, and asks the engines what it asks. */
static void play(settings *st, const knuth_program *prog, xcc_settings *xs, xcc_dlx2 *k)
{
    char msg[300];
    int dlx5 = plays_dlx5(prog);
    const char *why = st->knuth ? "" : dlx5 ? ", as for every problem with costs"
                                            : "; this problem has no costs";
    for (int i = 0; i < KNUTH_ROWS; i++)
        if ((st->given & (1u << i)) && !strchr(prog->letters, knuth_rows[i].letter)) {
            char c = knuth_rows[i].letter;
            if (dlx5)
                snprintf(msg, sizeof msg, "%c<n> is not an argument of DLX5, whose search dlx2"
                         " plays%s (--knuth=dlx2 searches as DLX2 does, ignoring the costs)", c, why);
            else
                snprintf(msg, sizeof msg, "%c<n> is an argument of DLX5 (--knuth=dlx5), and dlx2"
                         " plays %s%s", c, prog->name[3] == '3' ? "DLX3" : "DLX2", why);
            bad_usage("%s", msg);
        }
    if (!dlx5) {
        if (st->engine && !strncmp(st->engine, "cost", 4)) {
            snprintf(msg, sizeof msg, "--engine=%s is DLX5's search, not --knuth=%s's", st->engine,
                     prog->name);
            bad_usage("%s", msg);
        }
        return;
    }
    if (st->count_only)
        bad_usage("%s", "-c counts every solution, but with costs dlx2 finds the cheapest, as"
                        " DLX5 does (--knuth=dlx2 -c counts them all, ignoring the costs)");
    if (st->engine && strncmp(st->engine, "cost", 4))
        bad_usage("--engine=%s does not search for the cheapest solutions (DLX5's search is"
                  " --engine=cost)", st->engine);
    if (!(st->given & knuth_bit('v')))
        st->vbose = prog->vbose;
    xs->engine = st->engine ? st->engine : "cost";
    xs->best = st->best;
    k->vbose = st->vbose;
    k->lenthresh = st->lenthresh;
    k->zgiven = st->zgiven;
    k->zchars = st->zchars ? st->zchars : "";
}

/* The engine that runs these settings on p (NULL: on any problem), or a usage error. */
static const xcc_engine *choose_engine(const settings *st, const xcc_settings *xs,
                                       const xcc_problem *p, const xcc_engine_row **row)
{
    const char *why;
    const xcc_engine *e = xcc_engine_choose(p, xs, st->count_only, row, &why);
    if (!e)
        bad_usage("%s", why);
    return e;
}

/* ---- --help and --version ------------------------------------------------- */

/* Writes text, its lines after the first indented to column indent. */
static void indented(FILE *h, const char *text, int indent)
{
    for (const char *s = text; *s; s++) {
        fputc(*s, h);
        if (*s == '\n')
            fprintf(h, "%*s", indent, "");
    }
    fputc('\n', h);
}

/* The help, made from the tables into h. */
static void write_usage(FILE *h)
{
    fputs("Usage: dlx2 [ARGUMENT]... [FILE]\n"
          "Find every solution of an exact cover problem with colors (XCC), read\n"
          "from FILE or standard input in Knuth's DLX2 format (see xcc(5)).\n"
          "The search and the report are those of Knuth's DLX2, of his DLX3\n"
          "for a problem with multiplicities (bounds a:b|name on its items), or\n"
          "of his DLX5, which finds the cheapest solutions (k<n>: the n best),\n"
          "for a problem with costs (options ending in cost entries |n).\n"
          "\n"
          "Knuth's arguments (a letter and a number, no space):\n", h);
    for (int k = 0; k < KNUTH_ROWS; k++) {
        const knuth_row *r = &knuth_rows[k];
        char label[16];
        snprintf(label, sizeof label, "%c%s", r->letter, r->kind == SHAPE ? "<file>" : r->kind == CHARS ? "<chars>" : "<n>");
        fprintf(h, strlen(label) < 8 ? "  %-6s " : "  %s\n         ", label);
        indented(h, r->help, 9);
    }
    fputs("  If an argument is given twice, the first one counts. As in DLX2, a\n"
          "  negative t<n>, T<n> or d<n> means no limit (t-1).\n"
          "\n"
          "Flags:\n", h);
    for (int k = 0; k < FLAG_ROWS; k++) {
        const flag_row *f = &flag_rows[k];
        fprintf(h, strlen(f->label) < 15 ? "  %-14s " : "  %s  ", f->label);
        if (f->help) {
            indented(h, f->help, 17);
            continue;
        }
        fprintf(h, "the engine, one of:\n");
        for (const xcc_engine_row *r = xcc_engine_rows; r->name; r++) {
            if (strlen(r->name) <= 6)
                fprintf(h, "%17s%-6s ", "", r->name);
            else
                fprintf(h, "%17s%s\n%24s", "", r->name, "");
            indented(h, r->help, 24);
        }
    }
    fputs("  --             what follows is FILE, even if it looks like an argument\n"
          "\n"
          "An argument that starts with one of the letters above but is not a\n"
          "letter and a number is read as FILE if such a file exists (S<file>\n"
          "excepted: write ./Sname for a file named so). With -j, T<n> counts the\n"
          "mems of each thread separately, and S<file>, v2 and v4 are refused.\n"
          "\n"
          "Exit status:\n"
          "  0      the search finished (also when t<n> stopped it)\n"
          "  1      an output could not be written (a reader that goes away, as\n"
          "         in 'dlx2 m1 | head', is no error)\n"
          "  2      bad arguments or input\n"
          "  3      out of memory\n"
          "  4      stopped early by T<n> or --time-limit: the figures are partial\n"
          "  128+n  stopped by signal n (130 SIGINT, 143 SIGTERM): partial too\n", h);
}

/* Written at once, so that a failure to write it keeps its errno. */
static void print_usage(void)
{
    char *text;
    size_t len;
    FILE *h = open_memstream(&text, &len);
    if (!h)
        rep_die(PROG_NO_MEMORY, "out of memory");
    write_usage(h);
    if (fclose(h))
        rep_die(PROG_NO_MEMORY, "out of memory");
    errno = 0;
    int err = fputs(text, stdout) == EOF ? errno : 0;
    free(text);
    stdout_lost(err);
    exit(PROG_DONE);
}

static void print_version(void)
{
    printf("dlx2 %s\n", DLX2_VERSION);
    stdout_lost(0);
    exit(PROG_DONE);
}

/* ---- the run -------------------------------------------------------------- */

/*
 * --memory-limit. The kernel keeps it, as a limit on the address space
 * (as ulimit -v does): past it an allocation fails, and the run ends with
 * status 3, its message naming the limit. Addresses are a little more
 * than memory (a thread's stack or the memo's room count in full as soon
 * as they are reserved), so the memory taken stays under the limit. The
 * default, half the machine's memory, turns a search that would take all
 * of it into a message instead of the kernel's out-of-memory killer; a
 * lower limit already set (ulimit -v) stays. Sanitizers reserve terabytes
 * of addresses at start: their builds take the option but set no limit.
 */
static char memory_note[120]; /* appended to "out of memory": the limit met */

static void size_text(ullng n, char *out, size_t len)
{
    if (n % (1ULL << 30) == 0)
        snprintf(out, len, "%lluG", n >> 30);
    else
        snprintf(out, len, "%lluM", n >> 20);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

static void apply_memory_limit(const settings *st)
{
    struct rlimit r;
    char size[32];
    ullng want = st->memory_limit;
    if (!st->memory_arg) {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        want = pages > 0 && page > 0 ? (ullng)pages * (ullng)page / 2 : 0;
    }
    if (!want || getrlimit(RLIMIT_AS, &r))
        return;
    size_text(want, size, sizeof size);
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < want && !st->memory_arg) {
        size_text(r.rlim_cur, size, sizeof size);
        snprintf(memory_note, sizeof memory_note, " (past the address-space limit %s, ulimit -v)",
                 size);
        return;
    }
    if (r.rlim_max != RLIM_INFINITY && r.rlim_max < want)
        bad_usage("bad memory limit '%s' (above the address-space limit set, ulimit -Hv)",
                  st->memory_arg);
    r.rlim_cur = want;
#ifdef SANITIZED
    return;
#endif
    if (setrlimit(RLIMIT_AS, &r))
        return;
    snprintf(memory_note, sizeof memory_note, " (past --memory-limit %s%s)", size,
             st->memory_arg ? "" : ", half the machine's memory");
}

/* Ends the run with status 3: out of memory, and the limit met (not
   for a refusal of tables too large for an engine in any case). */
static void die_no_memory(const char *what)
{
    rep_die(PROG_NO_MEMORY, "%s%s", what, strstr(what, "out of memory") ? memory_note : "");
}

static void install_signals(const settings *st)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (st->time_limit > 0) {
        struct itimerval it;
        memset(&it, 0, sizeof it);
        sa.sa_handler = on_alarm;
        sigaction(SIGALRM, &sa, NULL);
        it.it_value.tv_sec = (time_t)st->time_limit;
        it.it_value.tv_usec = (suseconds_t)((st->time_limit - (double)(time_t)st->time_limit) * 1e6);
        if (!it.it_value.tv_sec && !it.it_value.tv_usec)
            it.it_value.tv_usec = 1;
        setitimer(ITIMER_REAL, &it, NULL);
    }
}

/* FILE, or stdin; one that cannot be opened ends the run (status 2). */
static FILE *open_input(const settings *st, const char **name, char shown_name[REP_SHOWN_SIZE])
{
    *name = "<stdin>";
    if (!st->file || !strcmp(st->file, "-"))
        return stdin;
    *name = rep_shown(st->file, 200, shown_name);
    FILE *in = fopen(st->file, "r");
    if (!in)
        rep_die(PROG_BAD_INPUT, "%s: cannot open: %s", *name, strerror(errno));
    return in;
}

/* The exit status of a library call that failed. */
static int failure_status(xcc_status s)
{
    return s == XCC_NO_MEMORY ? PROG_NO_MEMORY : PROG_BAD_INPUT;
}

/* Reads the problem; bad input ends the run (status 2 or 3). */
static void read_problem(xcc_problem *p, FILE *in, const char *name, const settings *st)
{
    xcc_diag d;
    xcc_dlx2 z = {.zgiven = st->zgiven, .zchars = st->zchars}; /* DLX5's warnings */
    xcc_read_options o = {.warnings = (st->vbose & XCC_SHOW_WARNINGS) ? stderr : NULL,
                          .randomize = (st->given & knuth_bit('s')) != 0, .seed = st->seed,
                          .dlx2 = &z};
    xcc_status status = xcc_read(p, in, &o, &d);
    if (in != stdin)
        fclose(in);
    if (status && d.line)
        rep_die(failure_status(status), "%s:%ld:%ld: %s%s", name, d.line, d.col ? d.col : 1,
                d.message, status == XCC_NO_MEMORY ? memory_note : "");
    if (status)
        rep_die(failure_status(status), "%s: %s%s", name, d.message,
                status == XCC_NO_MEMORY ? memory_note : "");
    const char *knuth = st->knuth ? st->knuth : "";
    if (xcc_has_bounds(p) && xcc_has_costs(p))
        rep_die(PROG_BAD_INPUT, "%s: bounds (multiplicities) and costs in one problem: DLX3"
                " takes the one, DLX5 the other, neither both", name);
    if (xcc_has_bounds(p) && (!strcmp(knuth, "dlx2") || !strcmp(knuth, "dlx5")))
        rep_die(PROG_BAD_INPUT, "%s: bounds (multiplicities) in the item line, which %s does not"
                " read: leave out --knuth=%s", name, knuth[3] == '2' ? "DLX2" : "DLX5", knuth);
    if (xcc_has_costs(p) && !strcmp(knuth, "dlx3"))
        rep_die(PROG_BAD_INPUT, "%s: costs in the options, which DLX3 does not read: leave out"
                " --knuth=dlx3", name);
    if (xcc_has_costs(p) && (st->zdd || st->samples || st->preprocess || st->reduce))
        rep_die(PROG_BAD_INPUT, "%s: costs in the options, which %s does not take (Knuth's DLX6"
                " and DLX-PRE read none)", name, st->zdd ? "--zdd" : st->samples ? "--sample"
                : st->preprocess ? "--preprocess" : "-P");
}

/*
 * S<file>: DLX2 opens the file of every S argument, last argument first
 * (so each is made or emptied), and keeps the first argument's; one that
 * cannot be opened gets its apology, and the search goes on. If that was
 * the one kept, the run ends with status 1.
 */
static FILE *open_shapes(const settings *st, int *lost)
{
    FILE *shape = NULL;
    for (int i = 0; i < st->nshapes; i++) {
        if (shape)
            fclose(shape);
        shape = fopen(st->shape_names[i], "w");
        if (!shape)
            fprintf(stderr, "Sorry, I can't open file `%s' for writing!\n", st->shape_names[i]);
    }
    *lost = st->nshapes && !shape;
    return shape;
}

/* Closes the shape file; returns status, or 1 if the file was lost. */
static int close_shape(const settings *st, FILE *shape, int lost, int status)
{
    if (!shape)
        return lost ? PROG_WRITE_ERROR : status;
    char b[REP_SHOWN_SIZE];
    const char *name = rep_shown(st->shape_names[st->nshapes - 1], 200, b);
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
        die_no_memory(d->message[0] ? d->message : what);
    if (r->no_memory)
        die_no_memory("out of memory");
    if (r->out_gone) {
        stdout_lost(r->out_errno);
        return PROG_DONE;
    }
    r->signal = stop_signal;
    if (stdout_lost(rep_end(r, fig)))
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
 * Reduces p as DLX-PRE does (v4: each step on stderr); the note "Removed
 * ..." goes on stderr (v1). With out, the reduced problem is written
 * there (v8: each option's number as read); else (-P) the reduction
 * keeps to its budget (pre/pre.h) and p becomes the reduced problem,
 * unless nothing went.
 */
static void reduce(xcc_problem *p, rep *r, const settings *st, FILE *out)
{
    xcc_pre s = {.note = (st->vbose & XCC_SHOW_DETAILS) ? rep_pre_note : NULL, .ctx = r};
    if (!out)
        s.share = XCC_PRE_SHARE;
    xcc_status status = xcc_pre_run(&s, p);
    if (status == XCC_REFUSED)
        rep_die(PROG_BAD_INPUT, "--preprocess and -P take no multiplicities (DLX3's bounds"
                                " a:b|name): DLX-PRE's reductions hold for exact covers only");
    if (status)
        rep_die(PROG_NO_MEMORY, "out of memory");
    if (out)
        rep_reduced(out, &s, (st->vbose & 8) != 0);
    if (st->vbose & XCC_SHOW_BASICS)
        rep_pre_closing(r->err, &s);
    if (!out && (s.options_out || s.items_out))
        adopt_reduced(p, &s);
    xcc_pre_free(&s);
}

/* dlx2 --preprocess [FILE]: the reduced problem on stdout. */
static int preprocess(const settings *st)
{
    const char *name;
    char name_shown[REP_SHOWN_SIZE];
    FILE *in = open_input(st, &name, name_shown);
    xcc_problem p;
    read_problem(&p, in, name, st);
    rep r = {.out = stdout, .err = stderr, .p = &p, .vbose = st->vbose};
    if (st->vbose & XCC_SHOW_BASICS)
        rep_input_line(&r);
    reduce(&p, &r, st, stdout);
    xcc_release(&p);
    stdout_lost(0);
    return PROG_DONE;
}

/* dlx2 --verify LISTING [FILE] [--count N] (verify/verify.h). */
static int verify(const settings *st)
{
    vf_request rq = {st->verify, st->file, st->verify_count};
    int status = vf_run(&rq, "dlx2");
    stdout_lost(0);
    return status;
}

static int search(settings *st)
{
    xcc_settings xs;
    xcc_dlx2 knobs;
    const xcc_engine_row *row;
    engine_settings(st, &xs, &knobs);
    const knuth_program *prog = program(st, NULL);
    if (prog)
        play(st, prog, &xs, &knobs);
    choose_engine(st, &xs, NULL, &row); /* refusals that need no problem come first */

    const char *name;
    char name_shown[REP_SHOWN_SIZE];
    int shape_lost;
    FILE *in = open_input(st, &name, name_shown);
    FILE *shape = open_shapes(st, &shape_lost);
    install_signals(st);
    xcc_problem p;
    read_problem(&p, in, name, st);
    if (!prog)
        play(st, prog = program(st, &p), &xs, &knobs);

    rep r = {.out = stdout, .err = stderr, .p = &p, .json = st->json,
             .costs = plays_dlx5(prog), .best = st->best,
             .count_only = st->count_only, .vbose = st->vbose,
             .show_levels_max = st->show_levels_max, .tty_progress = st->progress && isatty(2),
             .out_tty = isatty(1), .shard = st->shard, .shards = st->shards,
             .time_limit = st->time_limit, .zdd = st->zdd};
    if (r.costs && (st->vbose & XCC_SHOW_TAXES))
        rep_cost_taxes(&r);
    if (st->vbose & XCC_SHOW_BASICS)
        rep_input_line(&r);
    if (st->reduce)
        reduce(&p, &r, st, NULL);
    if (st->vbose & XCC_SHOW_TOTS)
        rep_item_totals(&r);

    const xcc_engine *e = choose_engine(st, &xs, &p, &row);
    xcc_sink sink = {.solution = st->spacing ? rep_solution : NULL, .every = (ullng)st->spacing,
                     .progress = rep_progress, .ctx = &r, .trace = stderr, .shape = shape,
                     .zdd = st->zdd ? rep_zdd_line : NULL,
                     .batched = 1 /* rep_solution stops only when stdout is gone */};
    xcc_figs fig;
    xcc_diag d;
    xcc_status s = st->count_only ? xcc_engine_run_counting(e, &p, &xs, &sink, &fig, &d, &row)
                                  : xcc_engine_run(e, &p, &xs, &sink, &fig, &d);
    fig.engine = row->name;
    int status = finish(&r, s, &fig, &d);
    status = close_shape(st, shape, shape_lost, status);
    xcc_figs_free(&fig);
    rep_free(&r);
    xcc_release(&p);
    return status;
}

int main(int argc, char **argv)
{
    settings st;
    signal(SIGPIPE, SIG_IGN); /* a closed stdout shows up as a write error (EPIPE) */
    set_defaults(&st);
    parse_args(&st, argc, argv);
    apply_memory_limit(&st);
    int status;
    if (st.merge)
        status = rep_merge(st.files, st.nfiles);
    else if (st.verify)
        status = verify(&st);
    else if (st.preprocess)
        status = preprocess(&st);
    else if (st.zdd_count)
        status = (stdout_lost(rep_zdd_count(st.zdd_count)), PROG_DONE);
    else
        adjust_defaults(&st), status = search(&st);
    free(st.files);
    free(st.shape_names);
    return status;
}
