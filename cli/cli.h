/*
 * cli.h — dlx2's command line: what it decides, the table of options
 * that decides it, and the modes it runs.
 *
 *   main.c       the table of modes and main, which dispatches through it
 *   options.c    the table of options (one row each: its type, default,
 *                range, the modes it belongs to, its help), the parser,
 *                the one check of options against modes and Knuth's
 *                programs, and --help made from the table
 *   run.c        what every mode shares: stdout's end, the memory limit,
 *                the input file, usage errors
 *   search.c     the search (and its variants --zdd and --sample),
 *                --preprocess, and the rules of Knuth's programs
 *   merge.c      --merge: the reports of the parts of a sharded run read
 *                back and added up (merge_json.c: their JSON summaries)
 *   zdd_count.c  --zdd-count: a ZDD read back and its sets counted
 *   symmetry.c   --symmetry: the problem's group; in a search,
 *                --up-to-symmetry and --use-symmetry
 *   checkpoint.c --checkpoint, --resume, --output: the search written
 *                down now and then, and gone on with (ckfile.c: the file)
 *   estimate.c   --estimate: the size of DLX2's tree and the time of its
 *                search, estimated by random paths before searching
 *
 * Streams. stdout carries only results: the listing of every m-th
 * solution (or JSON Lines), or with -c the number of solutions. stderr
 * carries DLX2's report (warnings, the input line, the closing
 * "Altogether" line), progress and tracing, and errors. Exit statuses:
 * progs.h's table.
 */
#ifndef CLI_H
#define CLI_H

#include <signal.h>
#include <stdatomic.h>
#include "progs.h"
#include "engine.h"
#include "knobs.h"
#include "pre/pre.h"
#include "problem/problem.h"
#include "report.h"

/*
 * The modes, as bits: a row of the table of options says in which modes
 * it may be given. The search is the mode without a flag; --zdd and
 * --sample are searches too (by the zdd engine), with rules of their own.
 * A new mode (--estimate, say) is a bit here, within CLI_ALL, a row of
 * the table of modes (main.c, handed to cli_parse), its flag's row in
 * options.c, and its bit in the rows of the options it takes.
 */
enum {
    CLI_SEARCH = 1 << 0,
    CLI_ZDD = 1 << 1,        /* --zdd */
    CLI_SAMPLE = 1 << 2,     /* --sample N */
    CLI_MERGE = 1 << 3,      /* --merge */
    CLI_VERIFY = 1 << 4,     /* --verify LISTING */
    CLI_PRE = 1 << 5,        /* --preprocess */
    CLI_ZCOUNT = 1 << 6,     /* --zdd-count FILE */
    CLI_SYM = 1 << 7,        /* --symmetry */
    CLI_ESTIMATE = 1 << 8,   /* --estimate */
    CLI_SEARCHES = CLI_SEARCH | CLI_ZDD | CLI_SAMPLE,
    CLI_ALL = (1 << 9) - 1
};

/* Knuth's programs that dlx2 plays, as bits: a row says which take it. */
enum { CLI_DLX2 = 1, CLI_DLX3 = 2, CLI_DLX5 = 4, CLI_DLX1 = 8, CLI_SSXCC = 16, CLI_DLX6 = 32,
       CLI_ANY = 63 };

typedef struct cli cli;

/*
 * A mode: the flag that asks for it (NULL: the search), what it runs,
 * the FILE arguments it takes at most, and what it says to an option
 * that does not belong to it (NULL: nothing to say, see cli_check).
 */
typedef struct cli_mode {
    unsigned bit;
    const char *flag;
    int (*run)(cli *c);
    int max_files;
    const char *refusal;
} cli_mode;

/*
 * Everything the command line decides. The engines' settings and knobs
 * are filled in place by the table of options (xs.max_solutions is t<n>,
 * k.vbose is v<n>, ...): nothing is copied from one struct to another.
 */
struct cli {
    xcc_settings xs;       /* t, T, s, k, -j, --shard, the engine */
    xcc_dlx2 k;            /* v, c, C, l, d, h, z, Z, --sample, --seed, --memory-limit */
    unsigned long long given; /* the rows given, as bits (cli_given) */
    const cli_mode *mode;
    /* Knuth's arguments that are dlx2's alone */
    int spacing;           /* m<n> */
    const char **shape_names; /* every S<file>, last argument first */
    int nshapes;
    /* flags */
    int count_only;        /* -c */
    int quiet;             /* -q */
    int progress;          /* -p */
    double time_limit;     /* --time-limit, 0: none */
    const char *memory_arg; /* --memory-limit as given, or NULL: the default */
    const char *engine;    /* --engine, NULL: by the mode and the program */
    const char *knuth;     /* --knuth, NULL: by the problem */
    const char *format;    /* --format */
    int json;
    int reduce;            /* -P */
    int zdd, merge, preprocess; /* --zdd, --merge, --preprocess */
    int symmetry;          /* --symmetry */
    int estimate;          /* --estimate */
    int probes;            /* --probes */
    int up_to_symmetry, use_symmetry; /* --up-to-symmetry, --use-symmetry */
    const char *zdd_count; /* --zdd-count FILE */
    const char *verify;    /* --verify LISTING */
    unsigned long long count; /* --count N */
    const char *verify_report; /* --report FILE */
    int allow_repeats;     /* --allow-repeats */
    const char *checkpoint; /* --checkpoint FILE */
    double checkpoint_every; /* --checkpoint-every S */
    const char *output;    /* --output FILE: stdout's results there */
    const char *resume;    /* --resume FILE (main reads it before the options) */
    const char **files;    /* every FILE argument */
    int nfiles;
    const char *file;      /* the first, or NULL: stdin */
    int nknuth;            /* Knuth's arguments given */
};

/* ---- options.c --------------------------------------------------------- */

/*
 * Reads the command line into c (defaults first); a bad one ends the run.
 * modes: the table of modes (ends with a row of bit 0), which main.c
 * holds since it names what runs each: options.c calls no mode itself.
 */
void cli_parse(cli *c, int argc, char **argv, const cli_mode *modes);

/* Whether the option named name (as in the table: "-c", "v") was given. */
int cli_given(const cli *c, const char *name);

/*
 * The one check of the options given against the mode (options.c has
 * its rules); an option that does not belong ends the run, status 2.
 */
void cli_check(const cli *c);

/*
 * The same against the one of Knuth's programs dlx2 plays (CLI_DLX2,
 * CLI_DLX3, ...): a letter it does not take gets the message
 * letters (a printf format of the letter, %c), a flag its row's refusal.
 */
void cli_check_program(const cli *c, unsigned program, const char *letters);

/* ---- run.c -------------------------------------------------------------- */

/* A bad command line: the message (arg shown safely for each %s), a
   pointer to --help, status 2. */
void cli_usage(const char *fmt, const char *arg) __attribute__((noreturn));

/* Whether stdout took everything (err: a write's errno seen, or 0): 0,
   or 1 when its reader went away; a write error ends the run (status 1). */
int cli_stdout_lost(int err);

/* --memory-limit (or its default) set on the process. */
void cli_apply_memory_limit(const cli *c);

/* "out of memory" and the limit met, status 3. */
void cli_die_no_memory(const char *what) __attribute__((noreturn));

/* What cli_die_no_memory appends: the limit met, or "". */
const char *cli_memory_note(void);

/* FILE (c->file), or stdin; one that cannot be opened ends the run. */
FILE *cli_open_input(const cli *c, const char **name, char shown[REP_SHOWN_SIZE]);

/* ---- search.c ----------------------------------------------------------- */

/* Reads the problem from in (named name); bad input ends the run (status 2 or 3). */
void cli_read_problem(xcc_problem *p, FILE *in, const char *name, const cli *c);

/* ---- the modes ---------------------------------------------------------- */

int cli_search(cli *c);     /* search.c: also --zdd and --sample */
int cli_preprocess(cli *c); /* search.c */
int cli_merge(cli *c);      /* merge.c */
int cli_zdd_count(cli *c);  /* zdd_count.c */
int cli_symmetry(cli *c);   /* symmetry.c */
int cli_estimate(cli *c);   /* estimate.c */

/*
 * Random paths of DLX2's tree from the root (eta.c), each handed to
 * each(ctx, path), until most are taken, they have spent mems mems, or
 * seconds (> 0) have passed; how many were taken.
 */
struct xcc_probe;
int cli_take_paths(xcc_problem *p, const cli *c, int most, double mems, double seconds,
                   void (*each)(void *ctx, const struct xcc_probe *pr), void *ctx);

/*
 * -p's weights (eta.c): a trie of the top of DLX2's tree from a few
 * thousand random paths (at most a quarter of a second), or NULL for a
 * problem with bounds or costs (another tree) or without memory.
 */
struct xcc_eta *cli_eta(xcc_problem *p, const cli *c);

/* ---- symmetry.c, in a search ---------------------------------------------- */

/* What --up-to-symmetry and --use-symmetry refuse before the problem is read. */
void cli_symmetry_rules(const cli *c);

/* -c with --up-to-symmetry or --use-symmetry: the count on stdout; the exit status. */
int cli_symmetry_count(cli *c, xcc_problem *p);

/*
 * m<n> with --up-to-symmetry: the solution callback that lists one
 * solution per class through the report r (*every becomes 1: the
 * callback takes every n-th class), and the end of the listing (the
 * classes counted on stderr, v1, when the search was complete).
 */
xcc_on_solution cli_symmetry_listing(const cli *c, xcc_problem *p, rep *r, unsigned long long *every);
void cli_symmetry_listing_end(const cli *c, const xcc_figs *fig);

/*
 * Whether a row of the table of engines runs DLX5's search: dlx2's rules
 * find rows by the engines they run (xcc_engine_row_of), never by a name
 * spelled here (search.c).
 */
int cli_row_costs(const xcc_engine_row *r);

/* ---- checkpoint.c ---------------------------------------------------------- */

/*
 * Keeps argv[1 ..] for the checkpoints. With --resume CK [FILE], reads
 * CK (one that is not sound ends the run, status 2, saying why) and
 * puts the arguments it holds in *argc and *argv.
 */
void cli_checkpoint_args(int *argc, char ***argv);

/* Whether this run goes on from a checkpoint. */
int cli_resuming(void);

/* The refusals of --checkpoint that need no problem; -c then counts on DLX2's tree. */
void cli_checkpoint_rules(cli *c);

/* --output FILE becomes stdout (cut back to the checkpoint's place when resuming). */
void cli_open_output(const cli *c);

/* The problem's input: the checkpoint's text, or kept in memory for the checkpoints. */
FILE *cli_checkpoint_input(const cli *c, const char **name, char shown[REP_SHOWN_SIZE]);

/* The refusals that need the problem and the engine (costs: DLX5's search);
   when resuming, the position checked against p and handed to the walk. */
void cli_checkpoint_engine(const cli *c, xcc_problem *p, const xcc_engine *e, int costs);

/* The sink's checkpoint, the first checkpoint and the timer; the flags of search.c. */
void cli_checkpoint_start(const cli *c, xcc_sink *sink, atomic_int *stop_flag,
                          atomic_int *stop_signal, atomic_int *alarm);

/* The timer stopped, the file removed if the run ended by itself; the
   seconds of the runs before this one. A resumed walk that refused its
   position (s, XCC_REFUSED) ends the run, status 2. */
double cli_checkpoint_end(const cli *c, xcc_status s, const xcc_figs *fig);

#endif
