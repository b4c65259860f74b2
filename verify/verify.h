/*
 * verify.h — `dlx2 --verify`: checks a listing of solutions against the
 * problem they claim to solve, sharing no code with the search engine.
 *
 * A check that reused the engine's reader or its data structure would
 * repeat the engine's mistakes, so this module reads the problem itself
 * (vf_problem.c), reads the listing itself (vf_listing.c: DLX2's m<n>
 * layout, as dlx2 and Knuth's DLX2 write it, or dlx2's JSON Lines), and
 * checks each solution with plain arrays (verify.c): every option is one
 * of the problem's, every primary item is covered exactly once, every
 * secondary item at most once or always with the same color; and when
 * the listing gives a solution's cost (DLX5's costs), that it is the sum
 * of its options' costs.
 */
#ifndef VERIFY_H
#define VERIFY_H

#include <stdio.h>

/* What the command line asks of the verifier. */
typedef struct vf_request {
    const char *listing;   /* file name; "-" is stdin */
    const char *problem;   /* file name; NULL or "-" is stdin */
    long long count;       /* --count N, or -1 */
} vf_request;

/*
 * Runs the check and prints its verdict: on stdout "N solutions verified"
 * when every solution is sound (status 0); on stderr the first unsound
 * solution and what is wrong with it (status 1), or an error in reading
 * (file:line:col, status 2; out of memory, status 3). `prog` prefixes the
 * messages.
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
 * One solution as a listing gives it: the options' texts with where each
 * stands in the listing, and what the listing claims besides (JSON's
 * input lines and colors), for the checks to compare.
 */
typedef struct vf_solution {
    long long number;     /* as labelled in the listing */
    long line;            /* listing line of its label or object */
    int nopts;
    char **text;          /* option texts as printed: "A C X:1", any rotation */
    long *text_line;      /* listing line of each option (DLX2 layout) */
    unsigned long long *text_cost; /* DLX5's layout: each option's cost as listed (" $T", or 0) */
    long *input_line;     /* JSON "lines", or NULL */
    int has_cost;         /* the listing gives its total cost: */
    unsigned long long cost; /* "K: (total cost $C)", or JSON's "cost" */
    int ncolors;          /* JSON "colors": name/color pairs */
    char **color_item, **color_value;
} vf_solution;

typedef struct vf_listing vf_listing;

/* Opens a listing; its format is told by its first non-blank byte. */
vf_listing *vf_listing_open(FILE *in, vf_error *err);
/* The next solution: 1, 0 at the end, or 2/3 with *err filled in. */
int vf_listing_next(vf_listing *l, vf_solution *sol, vf_error *err);
void vf_listing_close(vf_listing *l);
void vf_solution_clear(vf_solution *sol);

/* Grows an array to hold need elements (doubling); NULL when memory is
   short, with ptr still valid. */
void *vf_grow(void *ptr, int *cap, int need, size_t size);

#endif
