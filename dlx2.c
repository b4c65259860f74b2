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
 * Exit status: 0 done (whatever the number of solutions, also after t<n>,
 * T<n> or --time-limit), 2 bad arguments or input, 3 out of memory,
 * 128+signal after SIGINT or SIGTERM. When the reader of stdout goes
 * away, dlx2 stops quietly with status 0.
 */
#include "progs.h"
#include "xcc.h"

#include <errno.h>
#include <stdarg.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static const char usage_text[] =
    "Usage: dlx2 [ARGUMENT]... [FILE]\n"
    "Find every solution of an exact cover problem with colors (XCC), read\n"
    "from FILE or standard input in Knuth's DLX2 format (see formats/xcc.md).\n"
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
    "  If an argument is given twice, the first one counts.\n"
    "\n"
    "Flags:\n"
    "  -c             print only the number of solutions on stdout (and use\n"
    "                 --engine=fast when the problem suits it)\n"
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
    "                 reports the top of the tree, so the parts add up\n"
    "  --merge [FILE]...  add up the stderr reports of the parts (files, or\n"
    "                 stdin) into one report on stdout; exact except ccost\n"
    "  -h, --help     show this help\n"
    "  --version      show the version\n"
    "  --             what follows is FILE, even if it looks like an argument\n"
    "\n"
    "An argument that starts with one of the letters above but is not a\n"
    "letter and a number is read as FILE if such a file exists (S<file>\n"
    "excepted: write ./Sname for a file named so). Exit status: 0 done, 2 bad arguments or\n"
    "input, 3 out of memory, 130 SIGINT, 143 SIGTERM. With -j, T<n> counts\n"
    "the mems of each thread separately, and S<file>, v2 and v4 are refused.\n";

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
    const char *shape_name;
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

static void bad_usage(const char *fmt, const char *arg) __attribute__((noreturn));

static void bad_usage(const char *fmt, const char *arg)
{
    fputs("dlx2: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'dlx2 --help' for more information.\n", stderr);
    exit(2);
}

/* Parses a whole decimal number (optionally signed) into *v. */
static int parse_number(const char *s, long long *v)
{
    char *end;
    if (!*s)
        return 0;
    errno = 0;
    *v = strtoll(s, &end, 10);
    return !*end && !errno;
}

static int is_number(const char *s)
{
    long long v;
    return parse_number(s, &v);
}

static int parse_unsigned(const char *s, ullng *v)
{
    char *end;
    if (!*s || *s == '-')
        return 0;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return !*end && !errno;
}

/*
 * One of Knuth's arguments. Like DLX2 we read the arguments from last to
 * first, so whatever comes first wins.
 */
static void knuth_argument(settings *st, const char *arg)
{
    long long v = 0;
    ullng u = 0;
    char letter = arg[0];
    const char *num = arg + 1;
    int ok;
    switch (letter) {
    case 'S':
        if (!*num)
            bad_usage("argument '%s' needs a file name", arg);
        st->shape_name = num;
        return;
    case 'd': case 't': case 'T':
        ok = parse_unsigned(num, &u);
        break;
    default:
        ok = parse_number(num, &v) && v >= -2147483647LL && v <= 2147483647LL;
    }
    if (!ok)
        bad_usage("bad argument '%s': a whole number must follow the letter"
                  " (to read a file of that name, write ./ before it)", arg);
    switch (letter) {
    case 'v': st->vbose = (int)v, st->vbose_given = 1; break;
    case 'm': st->spacing = (int)v; break;
    case 's': st->seed = (long)v, st->randomizing = 1; break;
    case 'd': st->delta = u, st->delta_given = 1; break;
    case 'c': st->show_choices_max = (int)v; break;
    case 'C': st->show_levels_max = (int)v; break;
    case 'l': st->show_choices_gap = (int)v; break;
    case 't': st->maxcount = u; break;
    case 'T': st->timeout = u, st->timeout_given = 1; break;
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

/* The value of a flag: "-j4", "-j 4", "--shard=2/8" or "--shard 2/8". */
static const char *flag_value(int argc, char **argv, int *j, const char *flag)
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
    if (*j + 1 >= argc)
        bad_usage("%s needs a value", flag);
    return argv[++*j];
}

static void parse_shard(settings *st, const char *v)
{
    int k, n;
    char extra;
    if (sscanf(v, "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 1 || k > n || n > 1000000)
        bad_usage("bad shard '%s' (K/N with 1 <= K <= N)", v);
    st->shard = k;
    st->shards = n;
}

static const char *fast_refusal(const settings *st);

/*
 * Flags are read left to right; Knuth's arguments are collected and then
 * applied from last to first, so that (as in DLX2) the first one wins.
 */
static void parse_args(settings *st, int argc, char **argv)
{
    const char **knuth = calloc((size_t)argc, sizeof(char *));
    st->files = calloc((size_t)argc, sizeof(char *));
    int nknuth = 0, only_files = 0;
    for (int j = 1; j < argc; j++) {
        const char *a = argv[j], *v;
        if (only_files || !strcmp(a, "-") || (a[0] != '-' && !is_knuth_letter(a[0])
                                               && !looks_like_argument(a))) {
            st->files[st->nfiles++] = a;
        } else if (!strcmp(a, "--")) {
            only_files = 1;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (!strcmp(a, "--version")) {
            printf("dlx2 %s\n", DLX2_VERSION);
            exit(0);
        } else if (!strcmp(a, "-c")) {
            st->count_only = 1;
        } else if (!strcmp(a, "-p")) {
            st->progress = 1;
        } else if (!strcmp(a, "--merge")) {
            st->merge = 1;
        } else if ((v = flag_value(argc, argv, &j, "--time-limit"))) {
            char *end;
            st->time_limit = strtod(v, &end);
            if (!*v || *end || !(st->time_limit > 0) || st->time_limit > 1e9)
                bad_usage("bad time limit '%s' (a positive number of seconds)", v);
        } else if ((v = flag_value(argc, argv, &j, "-j")) || (v = flag_value(argc, argv, &j, "--jobs"))) {
            long long n;
            if (!parse_number(v, &n) || n < 1 || n > 1024)
                bad_usage("bad number of threads '%s' (1 to 1024)", v);
            st->threads = (int)n;
        } else if ((v = flag_value(argc, argv, &j, "--engine"))) {
            if (!strcmp(v, "dlx"))
                st->engine = ENGINE_DLX;
            else if (!strcmp(v, "links"))
                st->engine = ENGINE_LINKS;
            else if (!strcmp(v, "fast"))
                st->engine = ENGINE_FAST;
            else
                bad_usage("unknown engine '%s' (dlx, links or fast)", v);
        } else if ((v = flag_value(argc, argv, &j, "--shard"))) {
            parse_shard(st, v);
        } else if (a[0] == '-') {
            bad_usage("unknown argument '%s'", a);
        } else if (is_knuth_letter(a[0]) && a[0] != 'S' && !is_number(a + 1)
                   && access(a, F_OK) == 0) {
            st->files[st->nfiles++] = a; /* a file named like test.dlx */
        } else if (is_knuth_letter(a[0])) {
            knuth[nknuth++] = a;
        } else {
            bad_usage("unknown argument '%s'", a);
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
        if (st->shape_name)
            bad_usage("%s", "S<file> needs the whole tree in one thread: not with -j or --shard");
        if (st->threads > 1 && (st->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS)))
            bad_usage("%s", "tracing (v2, v4) needs one thread: not with -j");
    }
}

/* ---- reports -------------------------------------------------------- */

typedef struct run {
    settings *st;
    xcc_problem *p;
    int tty_progress;      /* -p on a terminal: one self-updating line */
    int parallel;          /* -j or --shard: progress is a share of subtrees */
    int stdout_gone;       /* the reader of stdout went away */
    int stdout_tty;        /* flush each solution for a person watching */
} run;

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

static int list_solution(xcc_search *s, void *ctx)
{
    run *r = ctx;
    if (r->st->count_only || !r->st->spacing || s->count % (ullng)r->st->spacing)
        return 0;
    xcc_print_solution(stdout, s);
    if (ferror(stdout) || (r->stdout_tty && fflush(stdout))) {
        r->stdout_gone = 1;
        return 1;
    }
    return 0;
}

static void print_profile(const xcc_search *s)
{
    fputs("Profile:\n", stderr);
    for (int l = 0; l <= s->maxl; l++)
        fprintf(stderr, "%3d: %llu\n", l, s->profile[l]);
}

static void print_closing_line(const xcc_search *s)
{
    fprintf(stderr, "Altogether %llu solution%s, %llu+%llu-%llu mems,", s->count,
            s->count == 1 ? "" : "s", s->p->imems, s->mems, s->lmems);
    fprintf(stderr, " %llu updates, %llu cleansings,", s->updates, s->cleansings);
    fprintf(stderr, " %llu bytes, %llu nodes,", xcc_bytes(s), s->nodes);
    fprintf(stderr, " ccost %lld%%.\n", xcc_ccost(s));
}

/* ---- --merge ---------------------------------------------------------- */

/* The figures of DLX2's closing line. */
typedef struct closing {
    ullng count, imems, mems, lmems, updates, cleansings, bytes, nodes;
    long long ccost;
} closing;

static int parse_closing(const char *line, closing *c)
{
    char word[16];
    int n = sscanf(line,
                   "Altogether %llu %15s %llu+%llu-%llu mems, %llu updates, %llu cleansings,"
                   " %llu bytes, %llu nodes, ccost %lld%%.",
                   &c->count, word, &c->imems, &c->mems, &c->lmems, &c->updates,
                   &c->cleansings, &c->bytes, &c->nodes, &c->ccost);
    return n == 10;
}

/* Reads the reports of one part; adds its closing lines into *sum. */
static void merge_file(FILE *f, const char *name, closing *sum, int *parts, char **input_line)
{
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    while (getline(&line, &cap, f) >= 0) {
        lineno++;
        closing c;
        if (!strncmp(line, "Altogether ", 11)) {
            if (!parse_closing(line, &c))
                die(2, "%s:%ld: not a closing line of dlx2: %s", name, lineno, line);
            if (*parts && c.imems != sum->imems)
                die(2, "%s:%ld: this part read a different input (%llu input mems, not %llu)",
                    name, lineno, c.imems, sum->imems);
            /* ccost is a percentage of (mems - lmems): weigh it by that */
            sum->ccost += c.ccost * (long long)(c.mems - c.lmems);
            sum->count += c.count, sum->imems = c.imems, sum->mems += c.mems;
            sum->lmems += c.lmems, sum->updates += c.updates;
            sum->cleansings += c.cleansings, sum->nodes += c.nodes;
            if (c.bytes > sum->bytes)
                sum->bytes = c.bytes;
            ++*parts;
        } else if (line[0] == '(' && strstr(line, " entries successfully read)")) {
            if (!*input_line)
                *input_line = strdup(line);
            else if (strcmp(*input_line, line))
                die(2, "%s:%ld: this part read a different input: %s", name, lineno, line);
        }
    }
    free(line);
}

/*
 * dlx2 --merge [FILE...]: the stderr reports of the parts of a sharded
 * run, added up into one report on stdout. Exact for every figure but
 * ccost, which is the parts' percentages weighed by their search mems.
 */
static int merge_reports(const char **files, int nfiles)
{
    closing sum;
    memset(&sum, 0, sizeof sum);
    int parts = 0;
    char *input_line = NULL;
    if (!nfiles)
        merge_file(stdin, "<stdin>", &sum, &parts, &input_line);
    for (int i = 0; i < nfiles; i++) {
        FILE *f = strcmp(files[i], "-") ? fopen(files[i], "r") : stdin;
        if (!f)
            die(2, "%s: cannot open: %s", files[i], strerror(errno));
        merge_file(f, files[i], &sum, &parts, &input_line);
        if (f != stdin)
            fclose(f);
    }
    if (!parts)
        die(2, "--merge: no closing line ('Altogether ...') in the input");
    if (input_line)
        fputs(input_line, stdout);
    ullng work = sum.mems - sum.lmems;
    printf("Altogether %llu solution%s, %llu+%llu-%llu mems, %llu updates, %llu cleansings,"
           " %llu bytes, %llu nodes, ccost %lld%%.\n",
           sum.count, sum.count == 1 ? "" : "s", sum.imems, sum.mems, sum.lmems, sum.updates,
           sum.cleansings, sum.bytes, sum.nodes,
           work ? (sum.ccost + (long long)work / 2) / (long long)work : 0);
    free(input_line);
    return 0;
}

/* ---- main ----------------------------------------------------------- */

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

static int finish_stdout(run *r)
{
    if (fflush(stdout) || ferror(stdout)) {
        if (errno == EPIPE || r->stdout_gone)
            return 0;
        die(2, "error writing to standard output: %s", strerror(errno));
    }
    return 0;
}

/* ---- the fast engine ------------------------------------------------- */

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
    if (st->shape_name)
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
    if (ferror(stdout) || (r->stdout_tty && fflush(stdout))) {
        r->stdout_gone = 1;
        return 1;
    }
    return 0;
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

/* Solves p with the fast engine and reports; returns the exit status. */
static int solve_fast(run *r, xcc_problem *p)
{
    settings *st = r->st;
    xcc_fast f;
    if (xcc_fast_table_bytes(p) > XCC_FAST_MAX_TABLE_BYTES)
        die(3, "--engine=fast would need %zu MB of tables for %llu options (at most %llu MB);"
            " use --engine=dlx", xcc_fast_table_bytes(p) >> 20, p->options,
            XCC_FAST_MAX_TABLE_BYTES >> 20);
    if (xcc_fast_init(&f, p))
        die(3, "out of memory building the tables of --engine=fast (%zu bytes for %llu options)",
            xcc_fast_table_bytes(p), p->options);
    f.maxcount = st->maxcount;
    f.interrupt = &stop_flag;
    f.on_solution = st->spacing && !st->count_only ? list_fast_solution : NULL;
    f.ctx = r;
    if (st->progress) {
        f.on_progress = show_fast_progress;
        f.progress_nodes = f.next_progress = 1 << 21;
    }
    enum xcc_outcome outcome = xcc_fast_solve(&f);
    clear_progress_line(r);
    if (outcome == XCC_NO_MEMORY)
        die(3, "out of memory at level %d", f.level);
    if (!r->stdout_gone) {
        if (outcome == XCC_INTERRUPTED && stop_signal)
            fprintf(stderr, "Search interrupted by %s; the figures below are partial.\n",
                    stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
        else if (outcome == XCC_INTERRUPTED && time_is_up)
            fprintf(stderr, "Time limit of %g seconds reached; the figures below are partial.\n",
                    st->time_limit);
        if (st->count_only)
            printf("%llu\n", f.count);
        finish_stdout(r);
        if (st->vbose & XCC_SHOW_TOTS)
            xcc_print_item_totals(stderr, p);
        if (st->vbose & XCC_SHOW_BASICS)
            fprintf(stderr, "Altogether %llu solution%s, %llu updates, %zu bytes, %llu nodes"
                    " (--engine=fast: no mems counted).\n",
                    f.count, f.count == 1 ? "" : "s", f.updates, f.bytes, f.nodes);
    }
    xcc_fast_free(&f);
    xcc_free(p);
    free(st->files);
    if (stop_signal && !r->stdout_gone)
        return 128 + stop_signal;
    return 0;
}

int main(int argc, char **argv)
{
    settings st;
    set_defaults(&st);
    parse_args(&st, argc, argv);
    if (st.merge) {
        int status = merge_reports(st.files, st.nfiles);
        free(st.files);
        return status;
    }
    if (st.count_only && !st.vbose_given)
        st.vbose = XCC_SHOW_WARNINGS;
    if (st.count_only && !st.delta_given && !st.progress)
        st.delta = 0; /* -c: the count and nothing else, unless asked */
    if (st.progress && !st.delta_given)
        st.delta = 100000000ULL;

    gb_rng rng;
    if (st.randomizing)
        gb_rng_init(&rng, st.seed);

    FILE *in = stdin;
    const char *name = "<stdin>";
    if (st.file && strcmp(st.file, "-")) {
        name = st.file;
        in = fopen(st.file, "r");
        if (!in)
            die(2, "%s: cannot open: %s", st.file, strerror(errno));
    }
    FILE *shape = NULL;
    if (st.shape_name) {
        shape = fopen(st.shape_name, "w");
        if (!shape)
            die(2, "%s: cannot open the shape file for writing: %s", st.shape_name,
                strerror(errno));
    }
    install_signals(&st);

    xcc_problem p;
    xcc_error err;
    xcc_read_opts ro = {.warn = (st.vbose & XCC_SHOW_WARNINGS) ? stderr : NULL,
                        .rng = st.randomizing ? &rng : NULL};
    int status = xcc_read(&p, in, &ro, &err);
    if (in != stdin)
        fclose(in);
    if (status) {
        if (err.line)
            die(status, "%s:%ld:%ld: %s", name, err.line, err.col ? err.col : 1, err.msg);
        die(status, "%s: %s", name, err.msg);
    }
    if (st.vbose & XCC_SHOW_BASICS)
        fprintf(stderr, "(%llu options, %d+%d items, %d entries successfully read)\n",
                p.options, p.second - 1, p.last_itm - p.second, xcc_entries(&p));
    if (st.vbose & XCC_SHOW_TOTS)
        xcc_print_item_totals(stderr, &p);

    if (st.engine == ENGINE_FAST || fast_suits(&st, &p)) {
        run fr = {.st = &st, .p = &p, .tty_progress = st.progress && isatty(2),
                  .stdout_tty = isatty(1)};
        return solve_fast(&fr, &p);
    }
    xcc_search s;
    if (xcc_search_init(&s, &p))
        die(3, "out of memory");
    run r = {.st = &st, .p = &p, .tty_progress = st.progress && isatty(2), .stdout_tty = isatty(1)};
    s.vbose = st.vbose;
    s.show_choices_max = st.show_choices_max;
    s.show_choices_gap = st.show_choices_gap;
    s.show_levels_max = st.show_levels_max;
    s.shape = shape;
    s.maxcount = st.maxcount;
    s.timeout = st.timeout;
    s.delta = s.thresh = st.delta;
    s.rng = st.randomizing ? &rng : NULL;
    s.interrupt = &stop_flag;
    s.on_solution = st.spacing && !st.count_only ? list_solution : NULL;
    s.on_progress = show_progress;
    s.ctx = &r;

    enum xcc_outcome outcome;
    if (st.threads > 1 || st.shards > 1) {
        xcc_parallel par = {.threads = st.threads, .shard = st.shard, .shards = st.shards,
                            .tasks_per_worker = 64,
                            .each_solution = st.spacing && !st.count_only,
                            .use_twin = st.engine != ENGINE_LINKS};
        r.parallel = 1;
        if (!st.progress)
            s.delta = 0;
        outcome = xcc_solve_parallel(&s, &par);
    } else if (st.engine != ENGINE_LINKS && xcc_twin_suits(&s)) {
        outcome = xcc_twin_solve(&s);
    } else {
        outcome = xcc_solve(&s);
    }
    clear_progress_line(&r);
    if (outcome == XCC_NO_MEMORY)
        die(3, "out of memory at level %d", s.level);
    if (r.stdout_gone) {
        /* `dlx2 m1 | head`: the reader has all it wanted */
        if (shape)
            fclose(shape);
        xcc_search_free(&s);
        xcc_free(&p);
        free(st.files);
        return 0;
    }
    if (outcome == XCC_MEMS_LIMIT)
        fputs("TIMEOUT!\n", stderr);
    if (outcome == XCC_INTERRUPTED && stop_signal)
        fprintf(stderr, "Search interrupted by %s; the figures below are partial.\n",
                stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
    else if (outcome == XCC_INTERRUPTED && time_is_up)
        fprintf(stderr, "Time limit of %g seconds reached; the figures below are partial.\n",
                st.time_limit);
    if (st.count_only)
        printf("%llu\n", s.count);
    finish_stdout(&r);
    if (st.vbose & XCC_SHOW_TOTS)
        xcc_print_item_totals(stderr, &p);
    if (st.vbose & XCC_SHOW_PROFILE)
        print_profile(&s);
    if (st.vbose & XCC_SHOW_BASICS)
        print_closing_line(&s);
    if (shape)
        fclose(shape);
    xcc_search_free(&s);
    xcc_free(&p);
    free(st.files);
    if (stop_signal)
        return 128 + stop_signal;
    return 0;
}
