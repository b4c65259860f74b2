/*
 * verify.h — `dlx2 --verify`: checks a listing of solutions against the
 * problem they claim to solve, sharing no code with the search engine.
 *
 * A check that reused the engine's reader or its data structure would
 * repeat the engine's mistakes, so this module reads the problem itself
 * (vf_problem.c), and checks each solution with plain arrays (verify.c):
 * every option is one of the problem's, every primary item is covered
 * exactly once (or within its bounds), every secondary item at most once
 * or always with the same color; when the listing gives a solution's
 * cost (DLX5's costs), that it is the sum of its options' costs; and
 * that no solution comes twice. The listing is read by the toolkit's
 * reader of listings (listing/lst.h: DLX2's m<n> layout, as dlx2 and
 * Knuth's programs write it, or dlx2's JSON Lines), which knows nothing
 * of problems.
 *
 * Then what the listing says of itself: a JSON listing ends with the
 * search's summary, which says how many solutions there were and whether
 * the search was complete; a text listing says neither, and a report of
 * the search (its stderr, vf_report.c) or --count N can.
 */
#ifndef VERIFY_H
#define VERIFY_H

#include <stdio.h>

/* What the command line asks of the verifier. */
typedef struct vf_request {
    const char *listing;   /* file name; "-" is stdin */
    const char *problem;   /* file name; NULL or "-" is stdin */
    long long count;       /* --count N, or -1 */
    const char *report;    /* --report FILE: the search's stderr, or NULL */
    int allow_repeats;     /* --allow-repeats: a solution may come again (draws) */
    int quiet;             /* -q: no verdict on stdout, the status alone (messages stay) */
} vf_request;

/*
 * Runs the check and prints its verdict: "N solutions verified" on
 * stdout, and status 0 when every solution is sound and their number is
 * the one the summary, the report or --count gives (or none gives one,
 * which the line then says); 4 when they are sound but the search
 * stopped early, so that they may not be all (a message on stderr says
 * why). Otherwise a message on stderr: the first unsound or repeated
 * solution, or a number of solutions that is not the one given (status
 * 1); an input that cannot be read, or a JSON listing cut short before
 * its summary (file:line:col, status 2); out of memory (status 3).
 * `prog` prefixes the messages.
 */
int vf_run(const vf_request *rq, const char *prog);

/* ---- shared by the module's files ------------------------------------ */

/*
 * The problem as the verifier sees it. Items are numbered 0 .. nitems-1
 * in the order of the item line, primaries first (item < nprimary).
 * Colors are interned: color id 0 means "no color", ids 1 .. are the
 * distinct color strings. Each kept option (one with a primary item) is
 * a sorted run of (item, color) pairs in `pairs`, found again from its
 * text through a hash table on that run.
 */
typedef struct vf_pair { int item, color; } vf_pair;

typedef struct vf_option {
    long line;        /* input line, from 1 */
    int first, len;   /* its pairs are pairs[first .. first+len-1] */
    unsigned long long cost; /* the sum of its cost entries |n (DLX5), or 0 */
    int next_copy;    /* the next option with the same pairs, or -1 */
} vf_option;

typedef struct vf_problem {
    int nitems, nprimary;
    char **item_name;
    int *lo, *hi;               /* DLX3's bounds of the primary items, or NULL: 1 and 1 */
    int ncolors;
    char **color_name;          /* 1 .. ncolors */
    vf_pair *pairs;
    int npairs, pairs_cap;
    vf_option *opt;
    int nopt, opt_cap;
    /* hash tables: names -> item, colors -> id, pair runs -> option */
    int *item_hash, item_hash_size;
    int *color_hash, color_hash_size;
    int *opt_hash, opt_hash_size;
} vf_problem;

/* A message with its place, for errors in reading. */
typedef struct vf_error {
    int status;          /* 2 bad input, 3 out of memory */
    long line, col;
    char msg[600];
} vf_error;

int vf_problem_read(vf_problem *p, FILE *in, vf_error *err);
void vf_problem_free(vf_problem *p);
int vf_item_find(const vf_problem *p, const char *name, size_t len);
/* The color id of a string, or -1 if no option uses it. */
int vf_color_find(const vf_problem *p, const char *name, size_t len);
/* The option whose sorted pairs are run[0..n-1], or -1. */
int vf_option_find(const vf_problem *p, const vf_pair *run, int n);
/* Sorts a run of pairs by item (items are distinct within an option). */
void vf_pairs_sort(vf_pair *run, int n);

/*
 * What a report of the search (DLX2's stderr, as dlx2 writes it) says:
 * the number of solutions of its closing line "Altogether N solutions,
 * ...", and the line that says the search stopped early, if one does
 * (T<n>'s "TIMEOUT!", a time limit, a signal, the limit of the figures).
 */
typedef struct vf_report {
    char solutions[48];  /* decimal digits */
    long line;           /* of the closing line */
    char stop[120];      /* the line that says it stopped early, or "" */
    long stop_line;
    char classes[48];    /* m<n> --up-to-symmetry: "N classes of solutions[ found before
                            the search stopped], one listed per class, ...": N, or "" */
    long classes_line;
} vf_report;

int vf_report_read(vf_report *rep, FILE *in, vf_error *err);

/* Grows an array to hold need elements (doubling); NULL when memory is
   short, with ptr still valid. */
void *vf_grow(void *ptr, int *cap, int need, size_t size);

#endif
