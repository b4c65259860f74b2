/*
 * options.c — the table of dlx2's options, and all that is made from it:
 * the parser, the defaults, the ranges of numbers, the one check of the
 * options against the mode and Knuth's program, --help and --options.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

/*
 * The types of values. A number is read as DLX2 reads it with scanf
 * (blanks, a sign, digits) with nothing after it, and must lie in its
 * row's range [lo, hi]: a number past it, past 64 bits too, is refused
 * (status 2, naming the option and the range), never pinned or wrapped
 * round. U64 keeps a negative number of its range as DLX2 keeps it, as
 * 2^64 less it: t-1 is no limit.
 */
enum cli_type {
    T_FLAG,    /* int field set to 1 */
    T_INT,     /* int */
    T_LONG,    /* long */
    T_U64,     /* unsigned long long */
    T_SECONDS, /* double: more than 0, at most hi */
    T_SIZE,    /* bytes: a number of bytes, or of K, M, G, T (1024 based); "none" */
    T_SHARD,   /* K/N: two ints, into xs.shard and xs.shards */
    T_ENGINE,  /* a name of the table of engines */
    T_CHOICE,  /* a word of the row's `needs` list, as given */
    T_TEXT,    /* a string (a file name; Z's characters, at most hi of them) */
    T_SHAPE,   /* S<file>: collected, opened later */
    T_ACTION   /* --help, --version, --options: done at once */
};

static const char *const type_names[] = {"flag", "int", "long", "u64", "seconds", "size",
                                         "shard", "engine", "choice", "text", "shape", "action"};

/*
 * A row: its name ("m" for Knuth's m<n>, "-c", "--engine") and another
 * name, its type, the field of struct cli it fills, its default (read as
 * if given before the arguments; NULL: none), its range, the modes it
 * belongs to, the mode it asks for (a mode's flag), Knuth's programs
 * that take it (a refusal says why a program does not, for a flag), what
 * its value is (for messages), and its label and help for --help.
 */
typedef struct cli_option {
    const char *name, *alias;
    enum cli_type type;
    size_t field;
    const char *deflt;
    long long lo;
    unsigned long long hi;
    unsigned modes, mode, programs;
    const char *refusal;
    const char *needs;
    const char *label, *help;
} cli_option;

#define F(x) offsetof(cli, x)
#define INT_R (long long)INT_MIN, INT_MAX
#define U64_R LLONG_MIN, ULLONG_MAX
#define SEARCHES CLI_SEARCHES
#define NO_R 0, 0

static void print_usage(void);
static void print_version(void);
static void print_options(void);

/* what --checkpoint says to DLX6 */
#define CKPT_TREES "--checkpoint does not go with DLX6's search yet:" \
                   " DLX2's, DLX3's, DLX5's and SSXCC's trees only"

static const cli_option rows[] = {
    /* Knuth's arguments: a letter and a number, DLX2's defaults */
    {"m", 0, T_INT, F(spacing), "0", INT_R, CLI_SEARCH | CLI_ZDD, 0, CLI_ANY, 0, 0, "m<n>",
     "list every n-th solution on stdout (m1: all; default m0: none)"},
    {"t", 0, T_U64, F(xs.max_solutions), "-1", U64_R, SEARCHES | CLI_PRE, 0, CLI_ANY, 0, 0, "t<n>",
     "stop after n solutions"},
    {"T", 0, T_U64, F(xs.max_mems), "-1", U64_R, SEARCHES | CLI_PRE, 0, CLI_ANY, 0, 0, "T<n>",
     "stop after n mems"},
    {"v", 0, T_INT, F(k.vbose), "1025", INT_R, SEARCHES | CLI_PRE, 0, CLI_ANY, 0, 0, "v<n>",
     "verbosity bits: 1 basic report (default, with 1024), 2 every\n"
     "choice, 4 details of each choice, 8 (DLX5) every item's tax,\n"
     "(DLX6) the memo's hits and the solutions, 16 (DLX6) the\n"
     "secondary items at each choice, 128 profile of the tree, 256\n"
     "full state in progress reports, 512 item totals, 1024\n"
     "warnings about options without primary items, 2048 (DLX1,\n"
     "SSXCC) the maximum branching degree\n"
     "(with --preprocess: 4 each step, 8 the options' numbers)"},
    {"d", 0, T_U64, F(k.delta), "10000000000", U64_R, SEARCHES | CLI_PRE, 0, CLI_ANY, 0, 0, "d<n>",
     "progress report on stderr every n mems"},
    {"s", 0, T_LONG, F(xs.seed), NULL, INT_R, SEARCHES, 0, CLI_ANY & ~CLI_DLX5, 0, 0, "s<n>",
     "random seed: break ties and order the item lists at random\n"
     "(SSXCC: order the items at random)"},
    {"c", 0, T_INT, F(k.show_choices_max), "1000000", INT_R, SEARCHES, 0, CLI_ANY, 0, 0, "c<n>",
     "trace choices only on levels below n (v2, v4)"},
    {"C", 0, T_INT, F(k.show_levels_max), "1000000", INT_R, SEARCHES, 0, CLI_ANY, 0, 0, "C<n>",
     "show at most n levels in progress reports"},
    {"l", 0, T_INT, F(k.show_choices_gap), "1000000", INT_R, SEARCHES, 0, CLI_ANY, 0, 0, "l<n>",
     "with v4, trace only levels at most n above the deepest so far"},
    {"S", 0, T_SHAPE, 0, NULL, NO_R, SEARCHES, 0, CLI_ANY, 0, 0, "S<file>",
     "write the shape of the search tree to file"},
    {"k", 0, T_INT, F(xs.best), "1", 1, 15000, SEARCHES, 0, CLI_DLX5, 0, 0, "k<n>",
     "(DLX5) find the n cheapest solutions, 1 to 15000"},
    {"h", 0, T_INT, F(k.lenthresh), "10", INT_R, SEARCHES, 0, CLI_DLX5, 0, 0, "h<n>",
     "(DLX5) look at most n options down an item's list when\n"
     "choosing the item to branch on"},
    {"z", 0, T_INT, F(k.zgiven), "0", INT_R, SEARCHES, 0, CLI_DLX5, 0, 0, "z<n>",
     "(DLX5) every option has n primary items (besides Z's): a\n"
     "lower bound from the cheapest options, and warnings"},
    {"Z", 0, T_TEXT, F(k.zchars), NULL, 0, 7, SEARCHES, 0, CLI_DLX5 | CLI_DLX6, 0, 0, "Z<chars>",
     "(DLX5) every option has one primary item starting with\n"
     "each of these characters (at most 7): a lower bound too;\n"
     "(DLX6) Z<n>: stop after n ZDD nodes"},
    /* flags */
    {"-c", 0, T_FLAG, F(count_only), NULL, NO_R, CLI_SEARCH, 0, CLI_ANY & ~CLI_DLX5,
     "-c counts every solution, but with costs dlx2 finds the cheapest, as DLX5 does"
     " (--knuth=dlx2 -c counts them all, ignoring the costs)", 0, "-c",
     "print only the number of solutions on stdout, with a +\n"
     "after it when the search was stopped early (1778+: at\n"
     "least 1778); use --engine=fast when the problem suits it;\n"
     "lists none (m<n> is refused with it)"},
    {"-q", 0, T_FLAG, F(quiet), NULL, NO_R,
     SEARCHES | CLI_PRE | CLI_ESTIMATE | CLI_VERIFY | CLI_MERGE | CLI_ZCOUNT | CLI_SYM, 0,
     CLI_ANY, 0, 0, "-q",
     "quiet: no report on stderr, the same as v0 d0 (over\n"
     "any v<n> or d<n> given: no progress either); errors\n"
     "are still reported; with --estimate no input line, with\n"
     "--verify no verdict on stdout (the status says it);\n"
     "--merge, --zdd-count and --symmetry write only errors\n"
     "and warnings on stderr: it changes nothing there"},
    {"--engine", 0, T_ENGINE, F(engine), NULL, NO_R, SEARCHES, 0, CLI_ANY, 0, "a name",
     "--engine=NAME", NULL},
    {"--knuth", 0, T_CHOICE, F(knuth), NULL, NO_R, SEARCHES, 0, CLI_ANY, 0,
     "a program (dlx1, dlx2, dlx3, dlx5, dlx6 or ssxcc)", "--knuth=PROG",
     "search and report as Knuth's PROG does: dlx2 (DLX2),\n"
     "dlx1 (DLX1: DLX2's tree without colors, DLX1's report),\n"
     "dlx3 (DLX3, its tree and cost model even for a problem\n"
     "without multiplicities), dlx5 (DLX5: the cheapest\n"
     "solutions of a problem with costs, its arguments k, h,\n"
     "z, Z and no s), dlx6 (DLX6: its ZDD on stdout with m<n>,\n"
     "its report and traces; --zdd with any of its arguments but v<n>\n"
     "plays DLX6 too) or ssxcc (SSXCC: its own tree, by\n"
     "dancing cells; so does --engine=cells). By default a\n"
     "problem with bounds (a:b|name, xcc(5)) gets DLX3's, one\n"
     "with costs (|n) DLX5's (so does --engine=cost), any\n"
     "other DLX2's"},
    {"-p", 0, T_FLAG, F(progress), NULL, NO_R, SEARCHES, 0, CLI_ANY, 0, 0, "-p",
     "progress: on a terminal, one self-updating line with\n"
     "the estimated percentage done and an ETA (every d<n>\n"
     "mems, default d100000000); elsewhere DLX2's progress lines"},
    {"--time-limit", 0, T_SECONDS, F(time_limit), NULL, 0, 1000000000, SEARCHES | CLI_SYM, 0,
     CLI_ANY, 0, "a number of seconds", "--time-limit S",
     "stop after S seconds and report the figures so far\n"
     "(with --symmetry: the search for the group's budget,\n"
     "default 10; the group's search in --up-to-symmetry and\n"
     "--use-symmetry takes at most S seconds too)"},
    {"--memory-limit", 0, T_SIZE, F(k.memory_limit), NULL, NO_R, CLI_ALL, 0, CLI_ANY, 0,
     "a size (as 512M or 8G)", "--memory-limit SIZE",
     "take at most SIZE of memory, at least 16M (K, M, G:\n"
     "1024 based; none: no limit); past it the run ends with\n"
     "status 3. Default: half the machine's memory. The memo of\n"
     "subtrees takes at most a quarter of it (and 32M)"},
    {"--output", 0, T_TEXT, F(output), NULL, NO_R, SEARCHES, 0, CLI_ANY, 0, "a file",
     "--output FILE",
     "write stdout's results (the listing, the count, JSON)\n"
     "to FILE instead"},
    {"--checkpoint", 0, T_TEXT, F(checkpoint), NULL, NO_R, CLI_SEARCH, 0,
     CLI_DLX2 | CLI_DLX1 | CLI_DLX3 | CLI_DLX5 | CLI_SSXCC, CKPT_TREES, "a file", "--checkpoint FILE",
     "write the search's position, figures, arguments and\n"
     "problem to FILE at the start, every --checkpoint-every\n"
     "seconds and when a signal or --time-limit stops it, so\n"
     "that --resume FILE goes on (a listing needs --output;\n"
     "with -j or --shard, the tasks done, with costs the k\n"
     "best they found; a listing or t<n> then comes task\n"
     "after task: one thread's order; with costs or SSXCC's\n"
     "tree, refused).\n"
     "Removed when the run ends by itself"},
    {"--checkpoint-every", 0, T_SECONDS, F(checkpoint_every), "60", 0, 1000000000, CLI_SEARCH, 0,
     CLI_DLX2 | CLI_DLX1 | CLI_DLX3 | CLI_DLX5 | CLI_SSXCC, CKPT_TREES, "a number of seconds", "--checkpoint-every S",
     "with --checkpoint: every S seconds (default 60)"},
    {"--resume", 0, T_TEXT, F(resume), NULL, NO_R, CLI_SEARCH, 0, CLI_ANY, 0, "a checkpoint",
     "--resume FILE",
     "go on with the search written down in FILE by\n"
     "--checkpoint, to the same end, figures and --output as\n"
     "without a stop; alone, or with the problem's file to\n"
     "check FILE against"},
    {"-j", "--jobs", T_INT, F(xs.threads), "1", 1, 1024, SEARCHES, 0, CLI_ANY, 0,
     "a number of threads", "-j N",
     "search with N threads (default 1). The figures are the\n"
     "same as with one thread; with m<n> the solutions come in\n"
     "another order (each once, numbered 1, 2, ... as found;\n"
     "with --checkpoint, one thread's order, task by task).\n"
     "With costs, the threads share the best costs found: the\n"
     "same best costs, other figures; with --knuth=ssxcc, the\n"
     "same solutions, figures near one thread's"},
    {"--shard", 0, T_SHARD, F(xs.shard), NULL, 1, 1000000, SEARCHES, 0, CLI_ANY, 0,
     "K/N (part K of N)", "--shard K/N",
     "search only part K of N disjoint parts of the tree, for\n"
     "spreading one problem over N machines; part 1 also\n"
     "reports the top of the tree, so the parts add up. The\n"
     "report gains a line naming the shard and the problem\n"
     "(and k, with costs: each part finds its best costs)"},
    {"--format", 0, T_CHOICE, F(format), NULL, NO_R, SEARCHES | CLI_SYM | CLI_MERGE | CLI_ESTIMATE,
     0, CLI_ANY, 0,
     "a format (dlx2 or json)", "--format=json",
     "solutions (all, unless m<n>) and a summary on stdout as\n"
     "JSON Lines, one object per line (--format=dlx2: DLX2's)"},
    {"--merge", 0, T_FLAG, F(merge), NULL, NO_R, CLI_MERGE, CLI_MERGE, CLI_ANY, 0, 0,
     "--merge [FILE]...",
     "add up the stderr reports of the N parts (files, or\n"
     "stdin) into one report on stdout; exact except ccost.\n"
     "Each part must be there once, complete, of one problem.\n"
     "With costs: the k best costs of all the parts. The\n"
     "stderr lines of -c --shard add up to the count; the\n"
     "JSON summaries of --format=json --shard to one summary"},
    {"--preprocess", 0, T_FLAG, F(preprocess), NULL, NO_R, CLI_PRE, CLI_PRE, CLI_ANY, 0, 0,
     "--preprocess",
     "write on stdout the problem reduced as Knuth's DLX-PRE\n"
     "reduces it (options that cannot be in a solution and\n"
     "items covered along with others removed), with the same\n"
     "solutions; v4 says what goes and why, v8 notes each\n"
     "option's number as read, v512 the item totals; DLX-PRE's\n"
     "t<n>, T<n> and d<n> too (see dlx2(1))"},
    {"-P", 0, T_FLAG, F(reduce), NULL, NO_R, SEARCHES, 0, CLI_ANY, 0, 0, "-P",
     "reduce the problem as --preprocess does, then solve the\n"
     "reduced problem (listings show the reduced options)"},
    {"--zdd", 0, T_FLAG, F(zdd), NULL, NO_R, CLI_ZDD, CLI_ZDD, CLI_ANY & ~CLI_SSXCC,
     "--zdd walks DLX2's tree, not SSXCC's: leave out --knuth=ssxcc", 0, "--zdd",
     "write every solution at once on stdout, as the ZDD that\n"
     "Knuth's DLX6 writes (see dlx2(1)), by the zdd engine"},
    {"--zdd-count", 0, T_TEXT, F(zdd_count), NULL, NO_R, CLI_ZCOUNT, CLI_ZCOUNT, CLI_ANY, 0,
     "a ZDD file", "--zdd-count FILE",
     "read a ZDD in that format (FILE, or - for stdin) and\n"
     "print the number of sets it holds, exactly"},
    {"--sample", 0, T_U64, F(k.samples), NULL, 1, ULLONG_MAX, CLI_SAMPLE, CLI_SAMPLE,
     CLI_ANY & ~CLI_SSXCC, "--sample draws from DLX2's tree, not SSXCC's: leave out --knuth=ssxcc",
     "a number of solutions", "--sample N",
     "list N solutions drawn independently and uniformly at\n"
     "random (numbered 1 to N; --format=json for JSON Lines),\n"
     "from the counts of the zdd engine"},
    {"--seed", 0, T_U64, F(k.sample_seed), "0", 0, ULLONG_MAX, CLI_SAMPLE | CLI_ESTIMATE, 0,
     CLI_ANY, 0, "a seed", "--seed S",
     "with --sample or --estimate: the seed of the draws or\n"
     "paths (default 0); the same seed draws the same on every\n"
     "machine"},
    {"--estimate", 0, T_FLAG, F(estimate), NULL, NO_R, CLI_ESTIMATE, CLI_ESTIMATE, CLI_ANY, 0, 0,
     "--estimate",
     "estimate before searching (Knuth's random paths) the\n"
     "nodes, solutions, updates and mems of DLX2's tree, with\n"
     "95% intervals, and the time the search takes here (from\n"
     "a sample of half a second); on stderr, or --format=json\n"
     "on stdout. Unbiased, but far off on lopsided trees: see\n"
     "dlx2(1)"},
    {"--probes", 0, T_INT, F(probes), "10000", 1, 100000000, CLI_ESTIMATE, 0, CLI_ANY, 0,
     "a number of paths", "--probes N",
     "with --estimate: the random paths (default 10000, or\n"
     "fewer once they have spent 10^9 mems of their own)"},
    {"--symmetry", 0, T_FLAG, F(symmetry), NULL, NO_R, CLI_SYM, CLI_SYM, CLI_ANY, 0, 0,
     "--symmetry",
     "write the problem's automorphism group on stdout (see\n"
     "dlx2(1)): its exact order and its generators, as cycles\n"
     "of items (and of item:color pairs renamed); with\n"
     "--format=json one JSON line. Status 4 when the search\n"
     "runs out of time (--time-limit, default 10 s): the\n"
     "group given is then the subgroup found"},
    {"--up-to-symmetry", 0, T_FLAG, F(up_to_symmetry), NULL, NO_R, CLI_SEARCH, 0, CLI_ANY, 0, 0,
     "--up-to-symmetry",
     "with -c: the number of classes of solutions under the\n"
     "problem's group (Burnside's lemma, groups of up to\n"
     "100000 elements); with m<n>: one solution per class,\n"
     "the least by option numbers"},
    {"--use-symmetry", 0, T_FLAG, F(use_symmetry), NULL, NO_R, CLI_SEARCH, 0, CLI_ANY, 0, 0,
     "--use-symmetry",
     "with -c: count the solutions with the group's help (one\n"
     "option per orbit near the root of the tree): the same\n"
     "number, often with less work; with -j N the subtrees\n"
     "below are counted N at a time"},
    {"--verify", 0, T_TEXT, F(verify), NULL, NO_R, CLI_VERIFY, CLI_VERIFY, CLI_ANY, 0,
     "a listing to check", "--verify LISTING",
     "check every solution of LISTING (the m1 listing of DLX2,\n"
     "DLX3 or DLX5, or JSON Lines; costs too, where it gives\n"
     "them) against the problem (FILE, or stdin) with a reader\n"
     "and checks of its own, not the engine's; exit 0 when all\n"
     "are sound, 1 at the first one that is not (or repeated),\n"
     "2 when an input cannot be read or a JSON listing ends\n"
     "before its summary, 3 out of memory, 4 when the search\n"
     "stopped early; a text listing has no count of its own"},
    {"--count", 0, T_U64, F(count), NULL, 0, LLONG_MAX, CLI_VERIFY, 0, CLI_ANY, 0,
     "a number of solutions", "--count N", "with --verify: the listing must hold N solutions"},
    {"--report", 0, T_TEXT, F(verify_report), NULL, NO_R, CLI_VERIFY, 0, CLI_ANY, 0,
     "a file (the search's stderr)", "--report FILE",
     "with --verify: the report of the search that wrote the\n"
     "listing (its stderr), whose count of solutions (or of\n"
     "classes, m<n> --up-to-symmetry) it holds"},
    {"--allow-repeats", 0, T_FLAG, F(allow_repeats), NULL, NO_R, CLI_VERIFY, 0, CLI_ANY, 0, 0,
     "--allow-repeats",
     "with --verify: a solution may come more than once, as\n"
     "in the draws of --sample; only --count checks their number"},
    {"-h", "--help", T_ACTION, 0, NULL, NO_R, CLI_ALL, 0, CLI_ANY, 0, 0, "-h, --help",
     "show this help"},
    {"--version", 0, T_ACTION, 0, NULL, NO_R, CLI_ALL, 0, CLI_ANY, 0, 0, "--version",
     "show the version"},
    {"--options", 0, T_ACTION, 0, NULL, NO_R, CLI_ALL, 0, CLI_ANY, 0, 0, "--options",
     "list this table of options, one per line, for scripts:\n"
     "name, type, range, default, modes (see dlx2(1))"},
};
enum { ROWS = sizeof rows / sizeof *rows };
_Static_assert(ROWS <= 64, "cli.given has a bit per row");

/* The actions of T_ACTION rows, by name. */
static void act(const cli_option *o)
{
    if (!strcmp(o->name, "-h"))
        print_usage();
    if (!strcmp(o->name, "--version"))
        print_version();
    print_options();
}

static int is_letter(const cli_option *o)
{
    return o->name[0] != '-';
}

static const cli_option *letter_row(char letter)
{
    for (int k = 0; k < ROWS; k++)
        if (letter && is_letter(&rows[k]) && rows[k].name[0] == letter)
            return &rows[k];
    return NULL;
}

static unsigned long long bit(const cli_option *o)
{
    return 1ULL << (o - rows);
}

int cli_given(const cli *c, const char *name)
{
    for (int k = 0; k < ROWS; k++)
        if (!strcmp(rows[k].name, name))
            return (c->given & bit(&rows[k])) != 0;
    return 0;
}

/* The table of modes cli_parse was given (main.c's). */
static const cli_mode *mode_table;

/* The mode whose bit is b, or NULL. */
static const cli_mode *mode_of(unsigned b)
{
    for (const cli_mode *m = mode_table; m->bit; m++)
        if (m->bit == b)
            return m;
    return NULL;
}

/* The name an option goes by in messages: "m<n>", "-c". */
static const char *shown_name(const cli_option *o)
{
    return is_letter(o) ? o->label : o->name;
}

/* ---- numbers ------------------------------------------------------------ */

/*
 * Whether s is a whole number as DLX2 reads it with scanf (blanks, a
 * sign, digits), with nothing after it; *v gets it, or a number past 64
 * bits (outside every range) when it lies beyond.
 */
static int parse_number(const char *s, __int128 *v)
{
    while (isspace((unsigned char)*s))
        s++;
    int minus = *s == '-';
    s += *s == '-' || *s == '+';
    if (!isdigit((unsigned char)*s))
        return 0;
    __int128 n = 0, cap = (__int128)1 << 65;
    for (; isdigit((unsigned char)*s); s++)
        if ((n = n * 10 + (*s - '0')) > cap)
            n = cap;
    *v = minus ? -n : n;
    return !*s;
}

/* "a number of threads (1 to 1024)" */
static void needs_text(const cli_option *o, char *out, size_t len)
{
    if (o->type == T_INT || o->type == T_LONG || o->type == T_U64)
        snprintf(out, len, "%s (%lld to %llu)", o->needs, o->lo, o->hi);
    else if (o->type == T_ENGINE) {
        char names[200];
        snprintf(out, len, "%s (%s)", o->needs, xcc_engine_names(names, sizeof names, NULL));
    }
    else
        snprintf(out, len, "%s", o->needs);
}

/* A number for row o from text v (arg: the whole argument, for Knuth's). */
static void take_number(cli *c, const cli_option *o, const char *v, const char *arg)
{
    char msg[400], needs[200];
    __int128 n;
    int number = parse_number(v, &n);
    if (number && n >= o->lo && n <= (__int128)o->hi) {
        char *field = (char *)c + o->field;
        if (o->type == T_INT)
            *(int *)field = (int)n;
        else if (o->type == T_LONG)
            *(long *)field = (long)n;
        else
            *(unsigned long long *)field = (unsigned long long)n;
        return;
    }
    if (is_letter(o) && !number)
        cli_usage("bad argument '%s': a whole number must follow the letter"
                  " (to read a file of that name, write ./%s)", arg);
    if (is_letter(o)) {
        snprintf(msg, sizeof msg, "bad argument '%%s': the number must lie between %lld and %llu",
                 o->lo, o->hi);
        cli_usage(msg, arg);
    }
    needs_text(o, needs, sizeof needs);
    snprintf(msg, sizeof msg, "%s needs %s, not '%%s'", o->name, needs);
    cli_usage(msg, v);
}

/* ---- values -------------------------------------------------------------- */

#define MEMORY_LIMIT_LEAST (16ULL << 20)

/* SIZE: a number of bytes, or of K, M, G or T (1024 based); "none". */
static void take_size(cli *c, const cli_option *o, const char *v)
{
    static const char units[] = "KMGT";
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    const char *u = *end ? strchr(units, *end) : NULL;
    int shift = u ? 10 * (int)(u - units + 1) : 0;
    unsigned long long *bytes = (unsigned long long *)((char *)c + o->field);
    c->memory_arg = v;
    *bytes = n << shift;
    if (!strcmp(v, "none")) {
        *bytes = 0;
        return;
    }
    if (end == v || !isdigit((unsigned char)*v) || errno || (*end && (!u || end[1]))
        || n > (~0ULL >> shift) || *bytes < MEMORY_LIMIT_LEAST)
        cli_usage("bad memory limit '%s' (a size of at least 16M, as 512M or 8G; or none)", v);
}

/* Whether v is one of the words in the parentheses of needs (not "or"). */
static int is_choice(const char *needs, const char *v)
{
    const char *s = strchr(needs, '(');
    size_t n = strlen(v);
    while (s && *s && *s != ')') {
        s += strspn(s, "(, ");
        size_t w = strcspn(s, ",) ");
        if (w == n && !strncmp(s, v, n) && strncmp(v, "or", 3))
            return 1;
        s += w;
    }
    return 0;
}

/* "program" of "a program (dlx2, ...)", into what. */
static const char *noun(const cli_option *o, char what[64])
{
    const char *s = strchr(o->needs, ' ') + 1;
    snprintf(what, 64, "%.*s", (int)(strchr(s, ' ') - s), s);
    return what;
}

static void take_value(cli *c, const cli_option *o, const char *v, const char *arg)
{
    char *field = (char *)c + o->field, msg[300], what[64];
    const char **text = (const char **)field;
    switch (o->type) {
    case T_FLAG:
        *(int *)field = 1;
        break;
    case T_INT:
    case T_LONG:
    case T_U64:
        take_number(c, o, v, arg);
        break;
    case T_SECONDS: {
        char *end;
        double *s = (double *)field;
        *s = strtod(v, &end);
        if (!*v || *end || !(*s > 0) || *s > (double)o->hi)
            cli_usage("bad time limit '%s' (a positive number of seconds)", v);
        break;
    }
    case T_SIZE:
        take_size(c, o, v);
        break;
    case T_SHARD: {
        int k, n;
        char extra;
        if (sscanf(v, "%d/%d%c", &k, &n, &extra) != 2 || n < o->lo || k < o->lo || k > n
            || (unsigned long long)n > o->hi)
            cli_usage("bad shard '%s' (K/N with 1 <= K <= N <= 1000000)", v);
        c->xs.shard = k, c->xs.shards = n;
        break;
    }
    case T_ENGINE:
        if (!xcc_engine_row_named(v)) {
            char names[200];
            snprintf(msg, sizeof msg, "unknown engine '%%s' (%s)",
                     xcc_engine_names(names, sizeof names, NULL));
            cli_usage(msg, v);
        }
        *text = v;
        break;
    case T_CHOICE: /* needs: "a program (dlx1, dlx2, ...)": the words in parentheses */
        if (!is_choice(o->needs, v)) {
            snprintf(msg, sizeof msg, "unknown %s '%%s' for %s %s", noun(o, what), o->name,
                     strchr(o->needs, '('));
            cli_usage(msg, v);
        }
        *text = v;
        break;
    case T_TEXT:
        if (o->hi && strlen(v) > o->hi) /* Z<chars> */
            cli_usage("bad argument '%s': at most 7 prefix characters may follow Z", arg);
        *text = v;
        break;
    case T_SHAPE: /* opened later in this order, as DLX2 does */
        c->shape_names[c->nshapes++] = v;
        break;
    case T_ACTION:
        act(o);
    }
}

/* ---- the command line ----------------------------------------------------- */

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
 * The value of flag name at argv[*j], moving j past it; NULL if argv[*j]
 * is not that flag. A flag with a value takes it as "-j4", "-j 4",
 * "--shard=2/8" or "--shard 2/8"; at the end without it, it is refused,
 * saying what it needs.
 */
static const char *flag_value(int argc, char **argv, int *j, const char *name,
                              const cli_option *o)
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
        char what[200], msg[300];
        needs_text(o, what, sizeof what);
        snprintf(msg, sizeof msg, "%s needs %s", name, what);
        cli_usage("%s", msg);
    }
    return argv[++*j];
}

/* The flag at argv[*j], taken; 0 if it is none. */
static int take_flag(cli *c, int argc, char **argv, int *j)
{
    for (int k = 0; k < ROWS; k++) {
        const cli_option *o = &rows[k];
        const char *v = NULL;
        int plain = o->type == T_FLAG || o->type == T_ACTION;
        if (is_letter(o))
            continue;
        if (plain && (!strcmp(argv[*j], o->name) || (o->alias && !strcmp(argv[*j], o->alias))))
            v = "";
        else if (!plain && !(v = flag_value(argc, argv, j, o->name, o)) && o->alias)
            v = flag_value(argc, argv, j, o->alias, o);
        if (v) {
            take_value(c, o, v, v);
            c->given |= bit(o);
            return 1;
        }
    }
    return 0;
}

static void set_defaults(cli *c)
{
    memset(c, 0, sizeof *c);
    xcc_settings_init(&c->xs);
    for (int k = 0; k < ROWS; k++)
        if (rows[k].deflt)
            take_value(c, &rows[k], rows[k].deflt, rows[k].deflt);
}

/*
 * Flags are read left to right; Knuth's arguments are collected and then
 * applied from last to first, so that (as in DLX2) the first one wins.
 * An argument that starts with one of Knuth's letters but is not a
 * letter and a number is a FILE if a file of that name exists.
 */
void cli_parse(cli *c, int argc, char **argv, const cli_mode *modes)
{
    mode_table = modes;
    set_defaults(c);
    const char **knuth = calloc((size_t)argc, sizeof(char *));
    c->files = calloc((size_t)argc, sizeof(char *));
    c->shape_names = calloc((size_t)argc, sizeof(char *));
    if (!knuth || !c->files || !c->shape_names)
        rep_die(PROG_NO_MEMORY, "out of memory");
    int nknuth = 0, only_files = 0;
    for (int j = 1; j < argc; j++) {
        const char *a = argv[j];
        __int128 n;
        int letter = letter_row(a[0]) != NULL;
        if (only_files || !strcmp(a, "-") || (a[0] != '-' && !letter && !looks_like_argument(a))) {
            c->files[c->nfiles++] = a;
        } else if (!strcmp(a, "--")) {
            only_files = 1;
        } else if (take_flag(c, argc, argv, &j)) {
            continue;
        } else if (a[0] == '-') {
            cli_usage(access(a, F_OK) ? "unknown argument '%s'"
                                      : "unknown argument '%s' (to read the file, write ./%s)", a);
        } else if (letter && a[0] != 'S' && !parse_number(a + 1, &n) && access(a, F_OK) == 0) {
            c->files[c->nfiles++] = a; /* a file named like test.dlx */
        } else if (letter) {
            knuth[nknuth++] = a;
        } else {
            cli_usage("unknown argument '%s' (to read a file of that name, write ./%s)", a);
        }
    }
    c->nknuth = nknuth;
    while (nknuth > 0) {
        const char *a = knuth[--nknuth];
        const cli_option *o = letter_row(a[0]);
        take_value(c, o, a + 1, a);
        c->given |= bit(o);
    }
    free(knuth);
    c->file = c->nfiles ? c->files[0] : NULL;
    c->json = c->format && !strcmp(c->format, "json");
    unsigned mode = CLI_SEARCH;
    for (int k = ROWS - 1; k >= 0; k--) /* the first (two are refused below) */
        if (rows[k].mode && (c->given & bit(&rows[k])))
            mode = rows[k].mode;
    c->mode = mode_of(mode);
    if (c->quiet) { /* -q: v0 d0, since Knuth's progress every 10^10 mems is a report too */
        c->k.vbose = 0;
        c->k.delta = 0;
        if (letter_row('v')->modes & mode) /* v0 given, where v<n> belongs */
            c->given |= bit(letter_row('v'));
    }
    cli_check(c);
}

/*
 * The one check of options against modes. Rules, in this order: two
 * modes do not go together; FILE arguments past the mode's number are
 * refused; then each option given that does not belong to the mode: one
 * that belongs to a single other mode "goes with" that mode's flag, any
 * other gets the mode's refusal.
 */
void cli_check(const cli *c)
{
    char msg[300];
    const cli_option *first = NULL;
    for (int k = 0; k < ROWS; k++)
        if (rows[k].mode && (c->given & bit(&rows[k]))) {
            if (first) {
                snprintf(msg, sizeof msg, "%s and %s do not go together", first->name, rows[k].name);
                cli_usage("%s", msg);
            }
            first = &rows[k];
        }
    const cli_mode *m = c->mode;
    if (c->nfiles > m->max_files) {
        if (m->max_files == 1)
            cli_usage("only one FILE may be given, not also '%s'", c->files[1]);
        cli_usage("%s", m->refusal);
    }
    for (int k = 0; k < ROWS; k++) {
        const cli_option *o = &rows[k];
        if (!(c->given & bit(o)) || (o->modes & m->bit))
            continue;
        const cli_mode *only = mode_of(o->modes);
        if (only && only->flag) {
            snprintf(msg, sizeof msg, "%s goes with %s", shown_name(o), only->flag);
            cli_usage("%s", msg);
        }
        cli_usage(m->refusal, shown_name(o));
    }
}

/*
 * The options given that program (CLI_DLX2, ...) does not take: Knuth's
 * letters get letters (a format for the letter), flags their row's refusal.
 */
void cli_check_program(const cli *c, unsigned program, const char *letters)
{
    char msg[400];
    for (int k = 0; k < ROWS; k++) {
        const cli_option *o = &rows[k];
        if (!(c->given & bit(o)) || (o->programs & program))
            continue;
        if (is_letter(o))
            snprintf(msg, sizeof msg, letters, o->name[0]);
        cli_usage("%s", is_letter(o) ? msg : o->refusal);
    }
}

/* ---- --help, --version and --options --------------------------------------------- */

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
    for (int k = 0; k < ROWS; k++) {
        const cli_option *r = &rows[k];
        if (!is_letter(r))
            continue;
        fprintf(h, strlen(r->label) < 8 ? "  %-6s " : "  %s\n         ", r->label);
        indented(h, r->help, 9);
    }
    fputs("  If an argument is given twice, the first one counts. As in DLX2, a\n"
          "  negative t<n>, T<n> or d<n> means no limit (t-1). A number must fit\n"
          "  the argument's range (dlx2 --options lists them).\n"
          "\n"
          "Flags:\n", h);
    for (int k = 0; k < ROWS; k++) {
        const cli_option *f = &rows[k];
        if (is_letter(f))
            continue;
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
          "         in 'dlx2 m1 | head', is no error); --verify: a solution not\n"
          "         sound, or a number of solutions not the one expected\n"
          "  2      bad arguments or input\n"
          "  3      out of memory\n"
          "  4      stopped early by T<n> or --time-limit: the figures are partial;\n"
          "         --verify, --merge: sound, but the search stopped early\n"
          "  128+n  stopped by signal n (130 SIGINT, 143 SIGTERM): partial too\n", h);
}

/* The modes of bits m, as --options shows them: "search,--zdd". */
static void write_modes(FILE *h, unsigned bits)
{
    int first = 1;
    for (const cli_mode *m = mode_table; m->bit; m++)
        if (bits & m->bit) {
            fprintf(h, "%s%s", first ? "" : ",", m->flag ? m->flag : "search");
            first = 0;
        }
}

/*
 * --options: the modes, "mode FLAG MAX_FILES REFUSAL", then the table,
 * "option NAME TYPE LO HI DEFAULT MODES NEEDS" (TAB between; "-" for
 * none), for scripts and tests.
 */
static void write_options(FILE *h)
{
    for (const cli_mode *m = mode_table; m->bit; m++)
        fprintf(h, "mode\t%s\t%d\t%s\n", m->flag ? m->flag : "search", m->max_files, m->refusal);
    for (int k = 0; k < ROWS; k++) {
        const cli_option *o = &rows[k];
        fprintf(h, "option\t%s\t%s\t", o->name, type_names[o->type]);
        if (o->lo || o->hi)
            fprintf(h, "%lld\t%llu\t", o->lo, o->hi);
        else
            fputs("-\t-\t", h);
        fprintf(h, "%s\t", o->deflt ? o->deflt : "-");
        write_modes(h, o->modes);
        fprintf(h, "\t%s\n", o->needs ? o->needs : "-");
    }
}

/* Written at once, so that a failure to write it keeps its errno. */
static void print_text(void (*write)(FILE *h))
{
    char *text;
    size_t len;
    FILE *h = open_memstream(&text, &len);
    if (!h)
        rep_die(PROG_NO_MEMORY, "out of memory");
    write(h);
    if (fclose(h))
        rep_die(PROG_NO_MEMORY, "out of memory");
    errno = 0;
    int err = fputs(text, stdout) == EOF ? errno : 0;
    free(text);
    cli_stdout_lost(err);
    exit(PROG_DONE);
}

static void print_usage(void)
{
    print_text(write_usage);
}

static void print_options(void)
{
    print_text(write_options);
}

static void print_version(void)
{
    printf("dlx2 %s\n", DLX2_VERSION);
    cli_stdout_lost(0);
    exit(PROG_DONE);
}
