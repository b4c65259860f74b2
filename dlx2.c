/*
 * dlx2.c — the command-line solver: reads an XCC problem, runs the
 * engine, and reports in the layout of Knuth's DLX2 so that the two can
 * be compared with diff.
 *
 * This file only deals with the outside world: arguments (Knuth's
 * letter-number pairs and Unix flags), the input file, signals, and what
 * goes to stdout and stderr. The problem and the search live in engine/
 * (see engine/xcc.h).
 *
 * Streams. stdout carries only results: the listing of every m-th
 * solution, or with -c the number of solutions. stderr carries DLX2's
 * report (warnings, the input line, the closing "Altogether" line),
 * progress and tracing, and errors.
 *
 * Exit status: progs.h's table (exit_status below maps a search's
 * outcome onto it). When the reader of stdout goes away, dlx2 stops
 * quietly with status 0: that reader has all it wanted.
 */
#include "progs.h"
#include "xcc.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static const char usage_text[] =
    "Usage: dlx2 [ARGUMENT]... [FILE]\n"
    "Find every solution of an exact cover problem with colors (XCC), read\n"
    "from FILE or standard input in Knuth's DLX2 format (see xcc(5)).\n"
    "The search and the report are those of Knuth's DLX2.\n"
    "\n"
    "Knuth's arguments (a letter and a number, no space):\n"
    "  m<n>   list every n-th solution on stdout (m1: all; default m0: none)\n"
    "  t<n>   stop after n solutions\n"
    "  T<n>   stop after n mems\n"
    "  v<n>   verbosity bits: 1 basic report (default, with 1024), 2 every\n"
    "         choice, 4 details of each choice, 128 profile of the tree,\n"
    "         256 full state in progress reports, 512 item totals,\n"
    "         1024 warnings about options without primary items\n"
    "  d<n>   progress report on stderr every n mems\n"
    "  s<n>   random seed: break ties and order the item lists at random\n"
    "  c<n>   trace choices only on levels below n (v2, v4)\n"
    "  C<n>   show at most n levels in progress reports\n"
    "  l<n>   with v4, trace only levels at most n above the deepest so far\n"
    "  S<file> write the shape of the search tree to file\n"
    "  If an argument is given twice, the first one counts. As in DLX2, a\n"
    "  negative t<n>, T<n> or d<n> means no limit (t-1).\n"
    "\n"
    "Flags:\n"
    "  -c             print only the number of solutions on stdout, with a +\n"
    "                 after it when the search was stopped early (1778+: at\n"
    "                 least 1778); use --engine=fast when the problem suits it\n"
    "  --engine=NAME  dlx: Knuth's DLX2, same tree, mems and report (default);\n"
    "                 it walks the tree with bit sets and derives the figures\n"
    "                 when it can, else with dancing links, as links does\n"
    "                 always. fast: another tree, the same solutions, faster\n"
    "                 still; for up to some ten thousand options. It takes\n"
    "                 m<n>, t<n>, v1, v512, -c, -p and --time-limit\n"
    "  -p             progress: on a terminal, one self-updating line with\n"
    "                 the estimated percentage done (every d<n> mems, default\n"
    "                 d100000000); elsewhere DLX2's progress lines\n"
    "  --time-limit S stop after S seconds and report the figures so far\n"
    "  -j N           search with N threads (default 1). The figures are the\n"
    "                 same as with one thread; with m<n> the solutions come in\n"
    "                 another order (each once, numbered 1, 2, ... as found)\n"
    "  --shard K/N    search only part K of N disjoint parts of the tree, for\n"
    "                 spreading one problem over N machines; part 1 also\n"
    "                 reports the top of the tree, so the parts add up. The\n"
    "                 report gains a line naming the shard and the problem\n"
    "  --merge [FILE]...  add up the stderr reports of the N parts (files, or\n"
    "                 stdin) into one report on stdout; exact except ccost.\n"
    "                 Each part must be there once, complete, of one problem\n"
    "  -h, --help     show this help\n"
    "  --version      show the version\n"
    "  --             what follows is FILE, even if it looks like an argument\n"
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
    "  128+n  stopped by signal n (130 SIGINT, 143 SIGTERM): partial too\n";

enum { ENGINE_AUTO, ENGINE_DLX, ENGINE_LINKS, ENGINE_FAST };

/* Everything the command line decides. */
typedef struct settings {
    int vbose, vbose_given;
    int spacing;          /* m<n> */
    long seed;            /* s<n> */
    int randomizing;
    ullng delta;          /* d<n> */
    int delta_given;
    int show_choices_max, show_levels_max, show_choices_gap;
    ullng maxcount, timeout;
    int timeout_given;
    const char **shape_names; /* every S<file>, last argument first */
    int nshapes;
    int count_only;       /* -c */
    int progress;         /* -p */
    double time_limit;    /* --time-limit, 0 = none */
    int threads;          /* -j */
    int shard, shards;    /* --shard K/N */
    int merge;            /* --merge */
    int engine;           /* ENGINE_* */
    const char *file;     /* NULL: stdin */
    const char **files;   /* every FILE argument (several with --merge) */
    int nfiles;
} settings;

static volatile sig_atomic_t stop_signal; /* the signal that asks us to stop */
static volatile sig_atomic_t time_is_up;
static volatile sig_atomic_t stop_flag;   /* polled by the engine */

static void on_signal(int sig)
{
    stop_signal = sig;
    stop_flag = 1;
}

static void on_alarm(int sig)
{
    (void)sig;
    time_is_up = 1;
    stop_flag = 1;
}

/* ---- messages ----------------------------------------------------------- */

static void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

static void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("dlx2: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

/*
 * Text from outside (an argument, a file name, a line of a report) as a
 * message shows it: at most max bytes, quoted as the reader quotes names
 * (xcc_quote: bytes that could garble a terminal as \xHH).
 */
enum { SHOWN_MAX = 1024, SHOWN_SIZE = XCC_QUOTE_SIZE(SHOWN_MAX) };

static const char *shown(const char *s, size_t max, char out[SHOWN_SIZE])
{
    return xcc_quote(s, strlen(s), max < SHOWN_MAX ? max : SHOWN_MAX, out);
}

/* A bad command line: the message (arg shown safely in place of each
   %s), a pointer to --help, status 2. */
static void bad_usage(const char *fmt, const char *arg) __attribute__((noreturn));

static void bad_usage(const char *fmt, const char *arg)
{
    char b[SHOWN_SIZE];
    const char *a = arg ? shown(arg, 200, b) : "";
    fputs("dlx2: ", stderr);
    fprintf(stderr, fmt, a, a);
    fputs("\nTry 'dlx2 --help' for more information.\n", stderr);
    exit(PROG_BAD_INPUT);
}

/* ---- arguments ---------------------------------------------------------- */

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
 * One of Knuth's arguments. Like DLX2 we read the arguments from last to
 * first, so whatever comes first wins. DLX2 reads t, T and d as 64-bit
 * numbers, so a negative one wraps round to no limit, and the others as
 * int; an int past its range, which DLX2 would wrap round too, is
 * refused.
 */
static void knuth_argument(settings *st, const char *arg)
{
    long long v = 0;
    char letter = arg[0];
    if (letter == 'S') { /* opened later in this order, as DLX2 does */
        st->shape_names[st->nshapes++] = arg + 1;
        return;
    }
    if (!parse_number(arg + 1, &v))
        bad_usage("bad argument '%s': a whole number must follow the letter"
                  " (to read a file of that name, write ./%s)", arg);
    if (!strchr("dtT", letter) && (v < INT_MIN || v > INT_MAX))
        bad_usage("bad argument '%s': the number must lie between -2147483648 and 2147483647",
                  arg);
    switch (letter) {
    case 'v': st->vbose = (int)v, st->vbose_given = 1; break;
    case 'm': st->spacing = (int)v; break;
    case 's': st->seed = (long)v, st->randomizing = 1; break;
    case 'd': st->delta = (ullng)v, st->delta_given = 1; break;
    case 'c': st->show_choices_max = (int)v; break;
    case 'C': st->show_levels_max = (int)v; break;
    case 'l': st->show_choices_gap = (int)v; break;
    case 't': st->maxcount = (ullng)v; break;
    case 'T': st->timeout = (ullng)v, st->timeout_given = 1; break;
    }
}

static int is_knuth_letter(char ch)
{
    return ch && strchr("vmsdcClTtS", ch);
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

/*
 * The value of a flag: "-j4", "-j 4", "--shard=2/8" or "--shard 2/8".
 * NULL if argv[*j] is not that flag; a flag at the end without its value
 * is refused, saying what it needs.
 */
static const char *flag_value(int argc, char **argv, int *j, const char *flag, const char *needs)
{
    const char *a = argv[*j];
    size_t n = strlen(flag);
    if (strncmp(a, flag, n))
        return NULL;
    if (a[n] == '=' && a[1] == '-')
        return a + n + 1;
    if (a[n] && a[1] != '-')
        return a + n; /* -j4 */
    if (a[n])
        return NULL;
    if (*j + 1 >= argc) {
        char msg[100];
        snprintf(msg, sizeof msg, "%s needs %s", flag, needs);
        bad_usage("%s", msg);
    }
    return argv[++*j];
}

static void parse_shard(settings *st, const char *v)
{
    int k, n;
    char extra;
    if (sscanf(v, "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 1 || k > n || n > 1000000)
        bad_usage("bad shard '%s' (K/N with 1 <= K <= N <= 1000000)", v);
    st->shard = k;
    st->shards = n;
}

static void print_usage(void);
static void print_version(void);
static const char *fast_refusal(const settings *st);

/*
 * Flags are read left to right; Knuth's arguments are collected and then
 * applied from last to first, so that (as in DLX2) the first one wins.
 */
static void parse_args(settings *st, int argc, char **argv)
{
    const char **knuth = calloc((size_t)argc, sizeof(char *));
    st->files = calloc((size_t)argc, sizeof(char *));
    st->shape_names = calloc((size_t)argc, sizeof(char *));
    if (!knuth || !st->files || !st->shape_names)
        die(PROG_NO_MEMORY, "out of memory");
    int nknuth = 0, only_files = 0;
    for (int j = 1; j < argc; j++) {
        const char *a = argv[j], *v;
        if (only_files || !strcmp(a, "-") || (a[0] != '-' && !is_knuth_letter(a[0])
                                               && !looks_like_argument(a))) {
            st->files[st->nfiles++] = a;
        } else if (!strcmp(a, "--")) {
            only_files = 1;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            print_usage();
        } else if (!strcmp(a, "--version")) {
            print_version();
        } else if (!strcmp(a, "-c")) {
            st->count_only = 1;
        } else if (!strcmp(a, "-p")) {
            st->progress = 1;
        } else if (!strcmp(a, "--merge")) {
            st->merge = 1;
        } else if ((v = flag_value(argc, argv, &j, "--time-limit", "a number of seconds"))) {
            char *end;
            st->time_limit = strtod(v, &end);
            if (!*v || *end || !(st->time_limit > 0) || st->time_limit > 1e9)
                bad_usage("bad time limit '%s' (a positive number of seconds)", v);
        } else if ((v = flag_value(argc, argv, &j, "-j", "a number of threads (1 to 1024)"))
                   || (v = flag_value(argc, argv, &j, "--jobs", "a number of threads (1 to 1024)"))) {
            long long n;
            if (!parse_number(v, &n))
                bad_usage("-j needs a number of threads (1 to 1024), not '%s'", v);
            if (n < 1 || n > 1024)
                bad_usage("bad number of threads '%s' (1 to 1024)", v);
            st->threads = (int)n;
        } else if ((v = flag_value(argc, argv, &j, "--engine", "a name (dlx, links or fast)"))) {
            if (!strcmp(v, "dlx"))
                st->engine = ENGINE_DLX;
            else if (!strcmp(v, "links"))
                st->engine = ENGINE_LINKS;
            else if (!strcmp(v, "fast"))
                st->engine = ENGINE_FAST;
            else
                bad_usage("unknown engine '%s' (dlx, links or fast)", v);
        } else if ((v = flag_value(argc, argv, &j, "--shard", "K/N (part K of N)"))) {
            parse_shard(st, v);
        } else if (a[0] == '-') {
            bad_usage(access(a, F_OK) ? "unknown argument '%s'"
                                      : "unknown argument '%s' (to read the file, write ./%s)", a);
        } else if (is_knuth_letter(a[0]) && a[0] != 'S' && !is_number(a + 1)
                   && access(a, F_OK) == 0) {
            st->files[st->nfiles++] = a; /* a file named like test.dlx */
        } else if (is_knuth_letter(a[0])) {
            knuth[nknuth++] = a;
        } else {
            bad_usage("unknown argument '%s' (to read a file of that name, write ./%s)", a);
        }
    }
    while (nknuth > 0)
        knuth_argument(st, knuth[--nknuth]);
    free(knuth);
    if (!st->merge && st->nfiles > 1)
        bad_usage("only one FILE may be given, not also '%s'", st->files[1]);
    st->file = st->nfiles ? st->files[0] : NULL;
    if (st->engine == ENGINE_FAST && fast_refusal(st))
        bad_usage("--engine=fast does not do %s; use --engine=dlx", fast_refusal(st));
    if (st->threads > 1 || st->shards > 1) {
        if (st->nshapes)
            bad_usage("%s", "S<file> needs the whole tree in one thread: not with -j or --shard");
        if (st->threads > 1 && (st->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS)))
            bad_usage("%s", "tracing (v2, v4) needs one thread: not with -j");
    }
}

/* ---- reports ------------------------------------------------------------ */

typedef struct run {
    settings *st;
    xcc_problem *p;
    int tty_progress;      /* -p on a terminal: one self-updating line */
    int parallel;          /* -j or --shard: progress is a share of subtrees */
    int stdout_tty;        /* flush each solution for a person watching */
    int stdout_gone;       /* a write to stdout failed, so the search stopped */
    int stdout_errno;      /* why: EPIPE when its reader went away */
    FILE *shape;           /* S<file>, or NULL */
    int shape_lost;        /* S<file> given, but it could not be opened */
    uint64_t fingerprint;  /* of the problem, for --shard's report */
} run;

/*
 * Whether stdout took everything (err: a write's errno seen already, or
 * 0). Returns 0 if it did, 1 if its reader went away (EPIPE), which is
 * no error: `dlx2 m1 | head` has what it wanted. Any other failure (a
 * full disk) is a write error: a message and status 1.
 */
static int stdout_lost(int err)
{
    errno = 0;
    if (!err && !fflush(stdout) && !ferror(stdout))
        return 0;
    if (!err)
        err = errno ? errno : EIO;
    if (err == EPIPE)
        return 1;
    die(PROG_WRITE_ERROR, "error writing to standard output: %s", strerror(err));
}

static void print_usage(void)
{
    fputs(usage_text, stdout);
    stdout_lost(0);
    exit(PROG_DONE);
}

static void print_version(void)
{
    printf("dlx2 %s\n", DLX2_VERSION);
    stdout_lost(0);
    exit(PROG_DONE);
}

static void clear_progress_line(run *r)
{
    if (r->tty_progress)
        fputs("\r\033[K", stderr);
}

static void show_progress(xcc_search *s, void *ctx)
{
    run *r = ctx;
    if (r->tty_progress && r->parallel) {
        fprintf(stderr, "\r\033[K%6.2f%% of the subtrees done", 100.0 * xcc_progress_estimate(s));
        fflush(stderr);
    } else if (r->parallel) {
        return; /* a log would get a line five times a second */
    } else if (r->tty_progress) {
        fprintf(stderr, "\r\033[K%6.2f%% done, %llu solutions, %llu mems",
                100.0 * xcc_progress_estimate(s), s->count, s->mems);
        fflush(stderr);
    } else if (s->vbose & XCC_SHOW_FULL_STATE) {
        xcc_print_state(stderr, s);
    } else {
        xcc_print_progress(stderr, s);
    }
}

/*
 * After a solution went to stdout: nonzero (stop searching) if it failed.
 * The errno that counts is that of the first failure, in the thread that
 * met it (with -j, another may list a solution before all have stopped).
 */
static int solution_lost(run *r)
{
    if (r->stdout_gone)
        return 1;
    if (ferror(stdout) || (r->stdout_tty && fflush(stdout))) {
        r->stdout_errno = errno;
        r->stdout_gone = 1;
        return 1;
    }
    return 0;
}

static int list_solution(xcc_search *s, void *ctx)
{
    run *r = ctx;
    if (r->st->count_only || !r->st->spacing || s->count % (ullng)r->st->spacing)
        return 0;
    xcc_print_solution(stdout, s);
    return solution_lost(r);
}

static void print_profile(const xcc_search *s)
{
    fputs("Profile:\n", stderr);
    for (int l = 0; l <= s->maxl; l++)
        fprintf(stderr, "%3d: %llu\n", l, s->profile[l]);
}

/*
 * The figures of the closing line. DLX2's line has them all; the fast
 * engine's counts no mems and no cleansings, and says so.
 */
typedef struct closing {
    ullng count, imems, mems, lmems, updates, cleansings, bytes, nodes;
    long long ccost;
    int no_mems;  /* --engine=fast */
} closing;

static void print_closing(FILE *f, const closing *c)
{
    fprintf(f, "Altogether %llu solution%s,", c->count, c->count == 1 ? "" : "s");
    if (c->no_mems)
        fprintf(f, " %llu updates, %llu bytes, %llu nodes (--engine=fast: no mems counted).\n",
                c->updates, c->bytes, c->nodes);
    else
        fprintf(f, " %llu+%llu-%llu mems, %llu updates, %llu cleansings, %llu bytes,"
                   " %llu nodes, ccost %lld%%.\n", c->imems, c->mems, c->lmems, c->updates,
                c->cleansings, c->bytes, c->nodes, c->ccost);
}

/*
 * The line that says a search stopped before its end: DLX2's for T<n>,
 * ours for a signal and for --time-limit. --merge looks for these
 * beginnings in the parts' reports.
 */
static const char *const stop_lines[] = {"TIMEOUT!", "Search interrupted by ", "Time limit of "};

static void print_stop(enum xcc_outcome o, double time_limit)
{
    if (o == XCC_MEMS_LIMIT)
        fprintf(stderr, "%s\n", stop_lines[0]);
    else if (o == XCC_INTERRUPTED && stop_signal)
        fprintf(stderr, "%s%s; the figures below are partial.\n", stop_lines[1],
                stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
    else if (o == XCC_INTERRUPTED)
        fprintf(stderr, "%s%g seconds reached; the figures below are partial.\n", stop_lines[2],
                time_limit);
}

static int stopped_early(enum xcc_outcome o)
{
    return o == XCC_MEMS_LIMIT || o == XCC_INTERRUPTED;
}

/* The exit status of a search that ended so (progs.h's table). */
static int exit_status(enum xcc_outcome o)
{
    if (stop_signal)
        return PROG_SIGNALED + stop_signal;
    return stopped_early(o) ? PROG_LIMIT : PROG_DONE;
}

/*
 * The end of a run, in DLX2's order: why the search stopped, the count
 * (-c, marked with a + when it is only a lower bound), the item totals,
 * the profile (s, when the engine keeps one), the line of --shard, and
 * the closing line. Returns the exit status.
 */
static int report(run *r, enum xcc_outcome o, int level, const xcc_search *s, const closing *c)
{
    settings *st = r->st;
    clear_progress_line(r);
    if (o == XCC_NO_MEMORY)
        die(PROG_NO_MEMORY, "out of memory at level %d", level);
    if (r->stdout_gone) {
        stdout_lost(r->stdout_errno);
        return PROG_DONE;
    }
    print_stop(o, st->time_limit);
    if (st->count_only)
        printf("%llu%s\n", c->count, stopped_early(o) ? "+" : "");
    if (stdout_lost(0))
        return PROG_DONE;
    if (st->vbose & XCC_SHOW_TOTS)
        xcc_print_item_totals(stderr, r->p);
    if (s && (st->vbose & XCC_SHOW_PROFILE))
        print_profile(s);
    if (st->vbose & XCC_SHOW_BASICS) {
        if (st->shards) /* --shard K/N given, even 1/1 */
            fprintf(stderr, "Shard %d/%d, problem fingerprint %016llx.\n", st->shard, st->shards,
                    (ullng)r->fingerprint);
        print_closing(stderr, c);
    }
    return exit_status(o);
}

/*
 * A fingerprint of the problem as read, for --merge to tell the parts of
 * one problem from those of another: FNV-1a (64 bits) of its items and
 * kept options written out plainly ("A B | X\nA X:1\n..."). It does not
 * depend on how the file was laid out, nor on s<n> (which only links the
 * options into their lists in another order).
 */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t problem_fingerprint(const xcc_problem *p)
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

/*
 * S<file>: DLX2 opens the file of every S argument, last argument first
 * (so each is made or emptied), and keeps the first argument's; one that
 * cannot be opened gets its apology, and the search goes on. If that was
 * the one kept, the run ends with status 1.
 */
static void open_shapes(run *r)
{
    settings *st = r->st;
    for (int i = 0; i < st->nshapes; i++) {
        if (r->shape)
            fclose(r->shape);
        r->shape = fopen(st->shape_names[i], "w");
        if (!r->shape)
            fprintf(stderr, "Sorry, I can't open file `%s' for writing!\n", st->shape_names[i]);
    }
    r->shape_lost = st->nshapes && !r->shape;
}

/* Closes the shape file; returns status, or 1 if the file was lost. */
static int close_shape(run *r, int status)
{
    if (!r->shape)
        return r->shape_lost ? PROG_WRITE_ERROR : status;
    char b[SHOWN_SIZE];
    const char *name = shown(r->st->shape_names[r->st->nshapes - 1], 200, b);
    int failed = ferror(r->shape); /* the engine's writes; their errno is gone */
    if (fclose(r->shape))
        fprintf(stderr, "dlx2: error writing the shape file '%s': %s\n", name, strerror(errno));
    else if (failed)
        fprintf(stderr, "dlx2: error writing the shape file '%s'\n", name);
    else
        return status;
    return PROG_WRITE_ERROR;
}

/* ---- --merge ------------------------------------------------------------ */

/*
 * dlx2 --merge [FILE]...: the stderr reports of the parts of a sharded
 * run, added up into one report on stdout. A part's report begins with
 * DLX2's input line "(... entries successfully read)" (warnings about
 * dropped options may come before it) and ends with two lines, the one
 * --shard adds ("Shard K/N, problem fingerprint F.") and DLX2's closing
 * line; whatever comes between (progress, tracing, totals, a profile, a
 * line saying why the part stopped early) is passed over. A file may hold
 * several parts, one after another.
 *
 * Every figure is summed exactly (a sum past 2^64 - 1 is an error), but
 * ccost: the parts' percentages weighed by their search mems. Anything
 * that would make the sum wrong stops the merge with a message naming
 * the file and the line, status 2: a part cut short, two parts of one
 * shard, parts of different problems or numbers of shards, a part
 * missing, a line of no part. A part that was itself stopped early makes
 * the whole partial: the report says so and the status is 4.
 */
typedef struct place {
    const char *file;
    long line;
} place;

typedef struct merger {
    closing sum;
    double ccost_weight;    /* sum of the parts' ccost times their search mems */
    int parts, shards;      /* parts read; N of the first */
    uint64_t fingerprint;   /* of the first */
    place first;            /* the first part's shard line */
    place *seen;            /* seen[K]: part K's shard line, or file NULL */
    char *input_line;       /* the first part's */
    /* the part being read */
    int in_part;
    place start;            /* its input line */
    int other_input;        /* which is not the first part's */
    place stop;             /* its line saying it stopped early, if any */
    int k, n;               /* its shard line, just read; n = 0: none yet */
    uint64_t fp;
    place shard_line;
    /* the parts that stopped early */
    int stopped;
    place first_stop;
    int first_stop_k;
    char *first_stop_line;
} merger;

static void bad_part(place at, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

static void bad_part(place at, const char *fmt, ...)
{
    char b[SHOWN_SIZE];
    va_list ap;
    fprintf(stderr, "dlx2: %s:%ld: ", shown(at.file, 200, b), at.line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(PROG_BAD_INPUT);
}

static int starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* Reads the text t at *s; returns 1 and moves past it, or 0. */
static int take(const char **s, const char *t)
{
    if (!starts(*s, t))
        return 0;
    *s += strlen(t);
    return 1;
}

/* Reads a figure at *s: 1, 0 if there is none, -1 if it passes 2^64 - 1. */
static int take_figure(const char **s, ullng *v)
{
    const char *d = *s;
    *v = 0;
    if (*d < '0' || *d > '9')
        return 0;
    for (; *d >= '0' && *d <= '9'; d++) {
        unsigned digit = (unsigned)(*d - '0');
        if (*v > (ULLONG_MAX - digit) / 10)
            return -1;
        *v = *v * 10 + digit;
    }
    *s = d;
    return 1;
}

/* Parses DLX2's closing line (without its newline) into *c; 1, 0 if it
   is not one, -1 if a figure is too large. */
static int parse_closing(const char *line, closing *c)
{
    static const char *const between[] = {"Altogether ", "+", "-", " mems, ", " updates, ",
                                          " cleansings, ", " bytes, ", " nodes, ccost "};
    ullng *figure[] = {&c->imems, &c->mems, &c->lmems, &c->updates, &c->cleansings,
                       &c->bytes, &c->nodes};
    const char *s = line;
    int r = 0;
    memset(c, 0, sizeof *c);
    if (!take(&s, between[0]) || (r = take_figure(&s, &c->count)) <= 0)
        return r < 0 ? -1 : 0;
    if (!take(&s, c->count == 1 ? " solution, " : " solutions, "))
        return 0;
    for (int i = 0; i < 7; i++) {
        if ((i > 0 && !take(&s, between[i])) || (r = take_figure(&s, figure[i])) <= 0)
            return r < 0 ? -1 : 0;
    }
    ullng cc;
    if (!take(&s, between[7]) || take_figure(&s, &cc) <= 0 || cc > 1000)
        return 0;
    c->ccost = (long long)cc;
    return take(&s, "%.") && !*s;
}

/* sum += v, or an error at `at`. */
static void add_figure(ullng *sum, ullng v, place at)
{
    if (*sum > ULLONG_MAX - v)
        bad_part(at, "the figures add up past %llu", ULLONG_MAX);
    *sum += v;
}

/* A part's closing line (ended by a newline if whole): check it against
   the others, add it up. */
static void merge_part(merger *m, const char *line, int whole, place at)
{
    closing c;
    int r = parse_closing(line, &c);
    char b[SHOWN_SIZE];
    if (r < 0)
        bad_part(at, "a figure past %llu in the closing line", ULLONG_MAX);
    if (!r && !whole)
        bad_part(at, "this part's closing line is cut short");
    if (!r)
        bad_part(at, "not a closing line of dlx2: %s", shown(line, 80, b));
    if (!m->n)
        bad_part(at, "a closing line without the line of --shard before it"
                     " (only the reports of dlx2 --shard K/N can be merged)");
    if (!m->parts) {
        m->shards = m->n;
        m->fingerprint = m->fp;
        m->first = m->shard_line;
        m->sum.imems = c.imems;
        m->seen = calloc((size_t)m->shards + 1, sizeof(place));
        if (!m->seen)
            die(PROG_NO_MEMORY, "out of memory");
    } else if (m->n != m->shards) {
        bad_part(m->shard_line, "a part of %d shards, but the part at %s:%ld is one of %d",
                 m->n, shown(m->first.file, 200, b), m->first.line, m->shards);
    } else if (m->fp != m->fingerprint) {
        bad_part(m->shard_line, "a part of another problem (fingerprint %016llx, not %016llx"
                 " as at %s:%ld)", (ullng)m->fp, (ullng)m->fingerprint,
                 shown(m->first.file, 200, b), m->first.line);
    } else if (m->other_input) {
        bad_part(m->start, "this part read a different input than the part at %s:%ld",
                 shown(m->first.file, 200, b), m->first.line);
    } else if (c.imems != m->sum.imems) {
        bad_part(at, "this part read a different input (%llu input mems, not %llu)", c.imems,
                 m->sum.imems);
    }
    if (m->seen[m->k].file)
        bad_part(m->shard_line, "shard %d/%d again (it is at %s:%ld too)", m->k, m->n,
                 shown(m->seen[m->k].file, 200, b), m->seen[m->k].line);
    m->seen[m->k] = m->shard_line;
    add_figure(&m->sum.count, c.count, at);
    add_figure(&m->sum.mems, c.mems, at);
    add_figure(&m->sum.lmems, c.lmems, at);
    add_figure(&m->sum.updates, c.updates, at);
    add_figure(&m->sum.cleansings, c.cleansings, at);
    add_figure(&m->sum.nodes, c.nodes, at);
    if (c.bytes > m->sum.bytes)
        m->sum.bytes = c.bytes;
    m->ccost_weight += (double)c.ccost * (double)(c.mems - c.lmems);
    if (m->stop.file && !m->stopped++) {
        m->first_stop = m->stop;
        m->first_stop_k = m->k;
    }
    m->parts++;
    m->in_part = 0;
}

/* Parses "Shard K/N, problem fingerprint F." into m; 0 if it is not one. */
static int parse_shard_line(merger *m, const char *line)
{
    const char *s = line;
    ullng k, n, fp = 0;
    if (!take(&s, "Shard ") || take_figure(&s, &k) <= 0 || !take(&s, "/")
        || take_figure(&s, &n) <= 0 || !take(&s, ", problem fingerprint "))
        return 0;
    for (int i = 0; i < 16; i++, s++) {
        const char *hex = "0123456789abcdef", *h = *s ? strchr(hex, *s) : NULL;
        if (!h)
            return 0;
        fp = fp << 4 | (ullng)(h - hex);
    }
    if (!take(&s, ".") || *s || k < 1 || k > n || n > 1000000)
        return 0;
    m->k = (int)k, m->n = (int)n, m->fp = fp;
    return 1;
}

/* One line of a file of reports, without its newline (whole: it had one). */
static void merge_line(merger *m, const char *line, int whole, place at)
{
    char b[SHOWN_SIZE];
    if (m->n && !starts(line, "Altogether "))
        bad_part(at, "the line of --shard must be followed by the closing line");
    if (line[0] == '(' && strstr(line, " entries successfully read)")) {
        if (m->in_part)
            bad_part(m->start, "this part has no closing line: its report is cut short");
        if (!m->input_line && !(m->input_line = strdup(line)))
            die(PROG_NO_MEMORY, "out of memory");
        m->other_input = strcmp(m->input_line, line) != 0;
        m->in_part = 1, m->start = at, m->stop.file = NULL;
    } else if (starts(line, "Altogether ")) {
        merge_part(m, line, whole, at);
        m->n = 0;
    } else if (m->in_part && starts(line, "Shard ")) {
        if (!parse_shard_line(m, line))
            bad_part(at, "not a line of --shard: %s", shown(line, 80, b));
        m->shard_line = at;
    } else if (m->in_part) {
        for (size_t i = 0; i < sizeof stop_lines / sizeof *stop_lines && !m->stop.file; i++)
            if (starts(line, stop_lines[i])) {
                m->stop = at;
                if (!m->stopped) {
                    free(m->first_stop_line);
                    if (!(m->first_stop_line = strdup(line)))
                        die(PROG_NO_MEMORY, "out of memory");
                }
            }
    } else if (!starts(line, "Option ignored (no primary items): ") && line[strspn(line, " ")]) {
        bad_part(at, "not a line of the report of dlx2 --shard: %s", shown(line, 80, b));
    }
}

static void merge_file(merger *m, FILE *f, const char *name)
{
    char *line = NULL;
    size_t cap = 0;
    place at = {name, 0};
    ssize_t n;
    while ((n = getline(&line, &cap, f)) >= 0) {
        int whole = n > 0 && line[n - 1] == '\n';
        line[n - whole] = '\0';
        at.line++;
        merge_line(m, line, whole, at);
    }
    free(line);
    if (ferror(f))
        die(PROG_BAD_INPUT, "%s: read error: %s", name, strerror(errno));
    if (m->in_part || m->n)
        bad_part(m->start, "this part has no closing line: its report is cut short");
}

/* Every shard of 1..N must be there; a message lists the first missing. */
static void check_all_parts(const merger *m)
{
    int missing = 0;
    for (int k = 1; k <= m->shards; k++)
        missing += !m->seen[k].file;
    if (!missing)
        return;
    fprintf(stderr, "dlx2: --merge: %d of the %d shards %s missing:", missing, m->shards,
            missing == 1 ? "is" : "are");
    for (int k = 1, shown_k = 0; k <= m->shards && shown_k < 10; k++)
        if (!m->seen[k].file)
            fprintf(stderr, " %d/%d", k, m->shards), shown_k++;
    fputs(missing > 10 ? " ...\n" : "\n", stderr);
    exit(PROG_BAD_INPUT);
}

static int merge_reports(const settings *st)
{
    merger m;
    memset(&m, 0, sizeof m);
    if (!st->nfiles)
        merge_file(&m, stdin, "<stdin>");
    for (int i = 0; i < st->nfiles; i++) {
        const char *name = st->files[i];
        FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
        char b[SHOWN_SIZE];
        if (!f)
            die(PROG_BAD_INPUT, "%s: cannot open: %s", shown(name, 200, b), strerror(errno));
        merge_file(&m, f, name);
        if (f != stdin)
            fclose(f);
    }
    if (!m.parts)
        die(PROG_BAD_INPUT, "--merge: no report of dlx2 --shard in the input");
    check_all_parts(&m);
    ullng work = m.sum.mems - m.sum.lmems;
    m.sum.ccost = work ? (long long)(m.ccost_weight / (double)work + 0.5) : 0;
    printf("%s\n", m.input_line);
    if (m.stopped) {
        char b[SHOWN_SIZE], b2[SHOWN_SIZE];
        printf("Shard %d/%d stopped early (%s:%ld: %s)", m.first_stop_k, m.shards,
               shown(m.first_stop.file, 200, b), m.first_stop.line,
               shown(m.first_stop_line, 80, b2));
        if (m.stopped > 1)
            printf(", and %d other shards", m.stopped - 1);
        printf("; the figures below are partial.\n");
    }
    print_closing(stdout, &m.sum);
    stdout_lost(0);
    free(m.seen);
    free(m.input_line);
    free(m.first_stop_line);
    return m.stopped ? PROG_LIMIT : PROG_DONE;
}

/* ---- the fast engine ---------------------------------------------------- */

/* What the command line asks that --engine=fast cannot do, or NULL. */
static const char *fast_refusal(const settings *st)
{
    if (st->threads > 1)
        return "-j";
    if (st->shards > 1)
        return "--shard";
    if (st->randomizing)
        return "s<n>";
    if (st->timeout_given)
        return "T<n> (it counts no mems; use --time-limit)";
    if (st->delta_given)
        return "d<n> (it counts no mems; use -p)";
    if (st->nshapes)
        return "S<file>";
    if (st->vbose & ~(XCC_SHOW_BASICS | XCC_SHOW_TOTS | XCC_SHOW_WARNINGS))
        return "v2, v4, v128 or v256";
    return NULL;
}

/*
 * -c picks the fast engine by itself when nothing asked for rules it out
 * and its tables stay small: the compatibility table and, at worst, one
 * state per primary item.
 */
static int fast_suits(const settings *st, const xcc_problem *p)
{
    if (st->engine != ENGINE_AUTO || !st->count_only || fast_refusal(st))
        return 0;
    double n = (double)p->options, P = p->second - 1;
    double table = n * n / 8, states = (P + 1) * (n / 8 + 4 * P);
    return table + states <= 256.0 * 1024 * 1024;
}

static int list_fast_solution(xcc_fast *f, void *ctx)
{
    run *r = ctx;
    if (f->count % (ullng)r->st->spacing)
        return 0;
    xcc_fast_print_solution(stdout, f);
    return solution_lost(r);
}

static void show_fast_progress(xcc_fast *f, void *ctx)
{
    run *r = ctx;
    if (r->tty_progress) {
        fprintf(stderr, "\r\033[K%6.2f%% done, %llu solutions, %llu nodes",
                100.0 * xcc_fast_progress(f), f->count, f->nodes);
        fflush(stderr);
    } else {
        fprintf(stderr, " after %llu nodes: %llu sols, %.5f\n", f->nodes, f->count,
                xcc_fast_progress(f));
    }
}

/* Solves with the fast engine and reports; returns the exit status. */
static int solve_fast(run *r)
{
    settings *st = r->st;
    xcc_problem *p = r->p;
    xcc_fast f;
    if (xcc_fast_table_bytes(p) > XCC_FAST_MAX_TABLE_BYTES)
        die(PROG_NO_MEMORY, "--engine=fast would need %zu MB of tables for %llu options"
            " (at most %llu MB); use --engine=dlx", xcc_fast_table_bytes(p) >> 20, p->options,
            XCC_FAST_MAX_TABLE_BYTES >> 20);
    if (xcc_fast_init(&f, p))
        die(PROG_NO_MEMORY, "out of memory building the tables of --engine=fast"
            " (%zu bytes for %llu options)", xcc_fast_table_bytes(p), p->options);
    f.maxcount = st->maxcount;
    f.interrupt = &stop_flag;
    f.on_solution = st->spacing && !st->count_only ? list_fast_solution : NULL;
    f.ctx = r;
    if (st->progress) {
        f.on_progress = show_fast_progress;
        f.progress_nodes = f.next_progress = 1 << 21;
    }
    enum xcc_outcome outcome = xcc_fast_solve(&f);
    closing c = {.count = f.count, .updates = f.updates, .bytes = f.bytes, .nodes = f.nodes,
                 .no_mems = 1};
    int status = report(r, outcome, f.level, NULL, &c);
    xcc_fast_free(&f);
    return status;
}

/* ---- DLX2's search ------------------------------------------------------ */

/* Solves with DLX2's tree (the twin, the links, threads or a shard). */
static int solve_dlx(run *r, gb_rng *rng)
{
    settings *st = r->st;
    xcc_search s;
    if (xcc_search_init(&s, r->p))
        die(PROG_NO_MEMORY, "out of memory");
    s.vbose = st->vbose;
    s.show_choices_max = st->show_choices_max;
    s.show_choices_gap = st->show_choices_gap;
    s.show_levels_max = st->show_levels_max;
    s.shape = r->shape;
    s.maxcount = st->maxcount;
    s.timeout = st->timeout;
    s.delta = s.thresh = st->delta;
    s.rng = rng;
    s.interrupt = &stop_flag;
    s.on_solution = st->spacing && !st->count_only ? list_solution : NULL;
    s.on_progress = show_progress;
    s.ctx = r;

    enum xcc_outcome outcome;
    if (st->threads > 1 || st->shards > 1) {
        xcc_parallel par = {.threads = st->threads, .shard = st->shard, .shards = st->shards,
                            .tasks_per_worker = 64,
                            .each_solution = st->spacing && !st->count_only,
                            .use_twin = st->engine != ENGINE_LINKS};
        r->parallel = 1;
        if (!st->progress)
            s.delta = 0;
        outcome = xcc_solve_parallel(&s, &par);
    } else if (st->engine != ENGINE_LINKS && xcc_twin_suits(&s)) {
        outcome = xcc_twin_solve(&s);
    } else {
        outcome = xcc_solve(&s);
    }
    closing c = {.count = s.count, .imems = r->p->imems, .mems = s.mems, .lmems = s.lmems,
                 .updates = s.updates, .cleansings = s.cleansings, .bytes = xcc_bytes(&s),
                 .nodes = s.nodes, .ccost = xcc_ccost(&s)};
    int status = report(r, outcome, s.level, &s, &c);
    xcc_search_free(&s);
    return status;
}

/* ---- main --------------------------------------------------------------- */

static void set_defaults(settings *st)
{
    memset(st, 0, sizeof *st);
    st->vbose = XCC_SHOW_BASICS | XCC_SHOW_WARNINGS;
    st->delta = 10000000000ULL;
    st->show_choices_max = st->show_levels_max = st->show_choices_gap = 1000000;
    st->maxcount = ~0ULL;
    st->timeout = 0x1fffffffffffffffULL;
    st->threads = 1;
}

/* -c and -p change the defaults of v<n> and d<n>, unless those are given. */
static void adjust_defaults(settings *st)
{
    if (st->count_only && !st->vbose_given)
        st->vbose = XCC_SHOW_WARNINGS;
    if (st->count_only && !st->delta_given && !st->progress)
        st->delta = 0; /* -c: the count and nothing else, unless asked */
    if (st->progress && !st->delta_given)
        st->delta = 100000000ULL;
}

static void install_signals(const settings *st)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a closed stdout shows up as a write error */
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
static FILE *open_input(const settings *st, const char **name, char shown_name[SHOWN_SIZE])
{
    *name = "<stdin>";
    if (!st->file || !strcmp(st->file, "-"))
        return stdin;
    *name = shown(st->file, 200, shown_name);
    FILE *in = fopen(st->file, "r");
    if (!in)
        die(PROG_BAD_INPUT, "%s: cannot open: %s", *name, strerror(errno));
    return in;
}

/* Reads the problem; bad input ends the run (status 2 or 3). */
static void read_problem(xcc_problem *p, FILE *in, const char *name, const settings *st,
                         gb_rng *rng)
{
    xcc_error err;
    xcc_read_opts ro = {.warn = (st->vbose & XCC_SHOW_WARNINGS) ? stderr : NULL, .rng = rng};
    int status = xcc_read(p, in, &ro, &err);
    if (in != stdin)
        fclose(in);
    if (status && err.line)
        die(status, "%s:%ld:%ld: %s", name, err.line, err.col ? err.col : 1, err.msg);
    if (status)
        die(status, "%s: %s", name, err.msg);
}

int main(int argc, char **argv)
{
    settings st;
    set_defaults(&st);
    parse_args(&st, argc, argv);
    if (st.merge) {
        int status = merge_reports(&st);
        free(st.files);
        free(st.shape_names);
        return status;
    }
    adjust_defaults(&st);
    gb_rng rng;
    if (st.randomizing)
        gb_rng_init(&rng, st.seed);
    run r = {.st = &st, .tty_progress = st.progress && isatty(2), .stdout_tty = isatty(1)};
    const char *name;
    char name_shown[SHOWN_SIZE];
    FILE *in = open_input(&st, &name, name_shown);
    open_shapes(&r);
    install_signals(&st);

    xcc_problem p;
    read_problem(&p, in, name, &st, st.randomizing ? &rng : NULL);
    r.p = &p;
    if (st.shards)
        r.fingerprint = problem_fingerprint(&p);
    if (st.vbose & XCC_SHOW_BASICS)
        fprintf(stderr, "(%llu options, %d+%d items, %d entries successfully read)\n",
                p.options, p.second - 1, p.last_itm - p.second, xcc_entries(&p));
    if (st.vbose & XCC_SHOW_TOTS)
        xcc_print_item_totals(stderr, &p);

    int status = st.engine == ENGINE_FAST || fast_suits(&st, &p)
                 ? solve_fast(&r) : solve_dlx(&r, st.randomizing ? &rng : NULL);
    status = close_shape(&r, status);
    xcc_free(&p);
    free(st.files);
    free(st.shape_names);
    return status;
}
