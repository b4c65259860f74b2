/*
 * xcc.h — libxcc 1, the public interface of the dlx2 engine: exact cover
 * problems with colors (XCC) in Knuth's text format, and every solution
 * of them found by his Algorithm C (TAOCP 7.2.2.1) or by a faster engine.
 *
 *     xcc_problem *p;
 *     xcc_diag d;
 *     if (xcc_problem_parse(&p, "A B C | X\nA X:0\nB C X:0\nA B\nC\n", NULL, &d))
 *         ... d.line, d.col, d.message ...
 *     xcc_cursor *c;
 *     xcc_cursor_start(&c, p, NULL, 0, &d);
 *     while (xcc_cursor_next(c, &d) == XCC_OK)
 *         ... xcc_solution_option(xcc_cursor_solution(c), k) ...
 *     xcc_cursor_free(c);
 *     xcc_problem_free(p);
 *
 * Build with `cc prog.c $(pkg-config --cflags --libs xcc)`; man libxcc
 * (3) says more, with a page per group of calls. Every call that can
 * fail returns an xcc_status; none prints, exits or touches stdout.
 *
 * An ABI that lasts: the only struct a caller sees is xcc_diag, of a
 * fixed size. Problems, settings, figures, solutions and cursors are
 * handles made and read by calls; settings are set and figures read by
 * name, so that a setting or a figure added later changes no layout (a
 * program built against 1.0 runs with any 1.x). A name the library does
 * not know is XCC_UNKNOWN_NAME, never a crash.
 *
 * Threads. Calls on different handles may run in different threads at
 * once. A problem may be read (its accessors, xcc_problem_write) by any
 * number of threads at once, but a search changes it while it runs (the
 * dancing links engines dance on it): one search of a problem at a time,
 * and no other call on it from another thread while a search or a live
 * cursor holds it. Settings are only read by a search (it copies them
 * when it starts): one settings handle may serve many searches at once,
 * if no thread changes it meanwhile. A cursor and its figures belong to
 * one thread at a time. With "threads" above 1 the engine starts its own
 * threads and ends them before the call returns (a cursor: before
 * xcc_cursor_next or xcc_cursor_free returns at the end); with 1, no
 * thread is started, a cursor included.
 */
#ifndef XCC_PUBLIC_H
#define XCC_PUBLIC_H

#include <signal.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(XCC_BUILDING)
#define XCC_API __attribute__((visibility("default")))
#else
#define XCC_API
#endif

/* The version of this header; xcc_version() is the library's at run time. */
#define XCC_VERSION_MAJOR 1
#define XCC_VERSION_MINOR 0
#define XCC_VERSION_PATCH 0
#define XCC_VERSION_TEXT "1.0.0"
#define XCC_VERSION_NUMBER (XCC_VERSION_MAJOR * 10000 + XCC_VERSION_MINOR * 100 + XCC_VERSION_PATCH)

/* What a call did: one type for every call of the library. */
typedef enum xcc_status {
    XCC_OK = 0,
    XCC_BAD_INPUT,    /* the problem text is malformed: the xcc_diag says where and why */
    XCC_NO_MEMORY,    /* out of memory; whatever the call had taken is freed */
    XCC_REFUSED,      /* cannot do what was asked (an engine and a setting that do not
                         go together, an item after the first option, ...): the
                         xcc_diag says why */
    XCC_UNKNOWN_NAME, /* no setting or figure of that name in this library */
    XCC_BAD_VALUE,    /* a setting's value is out of its range, or not of its kind */
    XCC_OVERFLOW,     /* a figure past 2^64 - 1: xcc_figure_text has it exactly */
    XCC_END,          /* a cursor's search is over: no more solutions */
    XCC_NOT_YET,      /* the time given to xcc_cursor_next_within ran out first */
    XCC_WRITE_ERROR   /* a write failed (xcc_problem_write) */
} xcc_status;

/* Why a search ended (xcc_figures_stop). */
typedef enum xcc_stop {
    XCC_COMPLETE = 0,    /* the whole search tree was explored */
    XCC_STOP_COUNT,      /* max-solutions were found (DLX2's t<n>) */
    XCC_STOP_MEMS,       /* max-mems were spent (DLX2's T<n>) */
    XCC_STOP_INTERRUPT,  /* the interrupt flag became nonzero, or time-limit passed */
    XCC_STOP_CALLBACK,   /* the solution callback returned nonzero, or a cursor was freed */
    XCC_STOP_WIDE,       /* the figures reached 2^127, past which this engine cannot
                            count them; engine "zdd" counts solutions of any number */
    XCC_RUNNING          /* not ended: a cursor's search, between two solutions */
} xcc_stop;

/* A message, with its place in the input (1-based; 0 when none). */
typedef struct xcc_diag {
    long line, col;
    char message[512];
} xcc_diag;

XCC_API const char *xcc_status_text(xcc_status s);
XCC_API const char *xcc_version(void); /* "1.0.0": the library's version */

/* ---- problems (man xcc_problem): in a header of their own ------------ */

#include "xcc_problem.h"

/* ---- settings (man xcc_settings) -------------------------------------- */

/*
 * How to search: a handle set by name (man xcc_settings lists them all;
 * xcc_setting_name enumerates them). The names are dlx2's long options
 * where it has one:
 *
 *   engine         "dlx" (the default), "links", "fast", "cost", "cost-links",
 *                  "zdd", "cells" or "auto" (dlx2(1) describes each)
 *   threads        1 .. 1024 (1)
 *   max-solutions  stop after so many solutions ("unlimited")
 *   max-mems       stop after so many mems ("unlimited")
 *   shard          "K/N": part K of 1 .. N of the tree ("0/0": all)
 *   randomize      0 or 1: break ties at random (DLX2's s<n>)
 *   seed           0 .. 2^63 - 1: of randomize, and of samples' draws (0)
 *   best           with costs: the n cheapest solutions, 1 .. 15000 (1)
 *   samples        N > 0: N solutions drawn uniformly at random (0: all)
 *   time-limit     seconds, more than 0 ("unlimited"): then XCC_STOP_INTERRUPT
 *   memory-limit   bytes the zdd engine's memo may take (0: no limit)
 *
 * A value is given as an integer or as text (a decimal number, or a word
 * such as "unlimited"); xcc_settings_get gives it back as text. A call
 * that fails changes nothing: XCC_UNKNOWN_NAME for a name the library
 * does not know, XCC_BAD_VALUE for a value out of range, with a message.
 * Whether an engine takes the settings together is decided when a
 * search starts (xcc_check says so beforehand).
 */
XCC_API xcc_status xcc_settings_new(xcc_settings **out);
XCC_API xcc_status xcc_settings_copy(xcc_settings **out, const xcc_settings *s);
XCC_API void xcc_settings_free(xcc_settings *s);
XCC_API xcc_status xcc_settings_set(xcc_settings *s, const char *name, const char *value,
                                    xcc_diag *d);
XCC_API xcc_status xcc_settings_set_int(xcc_settings *s, const char *name, long long value,
                                        xcc_diag *d);
/* The value as text, into buf of size n (at least 32), or XCC_UNKNOWN_NAME. */
XCC_API xcc_status xcc_settings_get(const xcc_settings *s, const char *name, char *buf,
                                    size_t n);
/* The k-th name (from 0), or NULL past the last. */
XCC_API const char *xcc_setting_name(int k);

/* A flag read every few milliseconds: once it is nonzero the search stops (NULL: none). */
XCC_API void xcc_settings_set_interrupt(xcc_settings *s, volatile sig_atomic_t *flag);
/* Where the reader writes its warnings ("Option ignored (no primary items)"); NULL: none. */
XCC_API void xcc_settings_set_warnings(xcc_settings *s, FILE *f);

/*
 * Pruning by the caller (say, a tour counter that rejects a set of edges
 * closing a short cycle): accept is asked before option o is chosen at a
 * level; a zero answer skips it as if it were not in the list. retract
 * is called when an accepted option is taken back, in the reverse order
 * of accepting. Only the "links" engine (and "dlx", which then dances)
 * does this; the others refuse.
 */
typedef int (*xcc_accept_fn)(void *ctx, int level, int o);
typedef void (*xcc_retract_fn)(void *ctx, int level, int o);
XCC_API void xcc_settings_set_hooks(xcc_settings *s, xcc_accept_fn accept,
                                    xcc_retract_fn retract, void *ctx);

/* ---- solutions -------------------------------------------------------- */

/*
 * A solution as a search hands it out, valid during the callback (or
 * until the cursor moves on): the options chosen, in the order chosen.
 * In a problem with multiplicities a level may make a null choice:
 * option -1 (item `entry` takes no more options).
 */
typedef struct xcc_solution xcc_solution;
XCC_API int xcc_solution_size(const xcc_solution *s);
XCC_API int xcc_solution_option(const xcc_solution *s, int k);
/* Its options into out (at most max of them); returns its size. */
XCC_API int xcc_solution_options(const xcc_solution *s, int *out, int max);
/* Its number, 1, 2, ... in the order found: the low 64 bits, and the
   bits above them into *high (may be NULL; nonzero only past 2^64). */
XCC_API unsigned long long xcc_solution_number(const xcc_solution *s, unsigned long long *high);
/* The sum of its options' costs (0 without costs). */
XCC_API unsigned long long xcc_solution_cost(const xcc_solution *s);
/*
 * Choice k as DLX2 prints it: option o (returned), chosen at its entry
 * *entry (k of xcc_option_item; for a null choice, the item), the *kth
 * of the *of options then left for that item. Any pointer may be NULL.
 */
XCC_API int xcc_solution_choice(const xcc_solution *s, int k, int *entry, int *kth, int *of);

/* ---- figures (man xcc_figures) ---------------------------------------- */

/*
 * What a search counted, in DLX2's cost model (formats/mems.md), read by
 * name: solutions, nodes, updates, cleansings, imems, mems, lmems, cmems,
 * bytes, level, maxl, mems-counted, knuth, costs (how many least costs
 * with a cost search; xcc_figure_cost reads them), microseconds.
 * xcc_figure gives 64 bits, or XCC_OVERFLOW (and 2^64 - 1) for a count
 * past them, which xcc_figure_text then gives exactly in decimal (the
 * zdd engine counts solutions of any size). xcc_figure_text also takes
 * "engine" (the engine asked for), "stop" ("complete", "count", "mems",
 * "interrupt", "callback", "wide", "running") and "seconds".
 */
typedef struct xcc_figures xcc_figures;
XCC_API xcc_status xcc_figures_new(xcc_figures **out);
XCC_API void xcc_figures_free(xcc_figures *f);
XCC_API xcc_status xcc_figure(const xcc_figures *f, const char *name, unsigned long long *value);
/* The figure in decimal (or a word), valid until the next call of xcc_figure_text on f
   or until f changes; NULL for an unknown name. */
XCC_API const char *xcc_figure_text(xcc_figures *f, const char *name);
XCC_API xcc_status xcc_figure_cost(const xcc_figures *f, int k, unsigned long long *value);
XCC_API xcc_stop xcc_figures_stop(const xcc_figures *f);
/* The k-th name (from 0) xcc_figure takes, or NULL past the last. */
XCC_API const char *xcc_figure_name(int k);

/* ---- searching (man xcc_solve) ---------------------------------------- */

#define XCC_UNLIMITED (~0ULL)

/* Called with each solution (from one thread at a time); nonzero stops the search. */
typedef int (*xcc_on_solution)(const xcc_problem *p, const xcc_solution *s, void *ctx);

/*
 * Searches p for every solution (or until a limit), calling fn for each
 * (fn may be NULL: count only, with engine "auto" the fastest counter).
 * The problem comes back as it was, so it can be solved again. Returns
 * XCC_OK however the search ended (xcc_figures_stop says how),
 * XCC_REFUSED when the engine cannot do what the settings ask (d says
 * why), or XCC_NO_MEMORY. s (NULL: the defaults), fig and d may be NULL.
 */
XCC_API xcc_status xcc_solve(xcc_problem *p, const xcc_settings *s, xcc_on_solution fn,
                             void *ctx, xcc_figures *fig, xcc_diag *d);

/* Whether a search of p (NULL: of any problem) with s would start: XCC_OK, or why not. */
XCC_API xcc_status xcc_check(const xcc_problem *p, const xcc_settings *s, xcc_diag *d);

/* ---- cursors (man xcc_cursor) ----------------------------------------- */

/*
 * A search whose solutions the caller pulls one at a time. Start it,
 * call xcc_cursor_next as many times as wanted (XCC_OK: a solution,
 * read by xcc_cursor_solution; XCC_END: the search is over), and free
 * it at any time: a search not over is stopped. Between two calls the
 * search waits where it stands; its figures (so far, and the stop reason
 * XCC_RUNNING until it ends) are readable at any time. Every engine
 * lists this way. flags XCC_CURSOR_COUNT: count only (no solution is
 * handed out, xcc_cursor_next gives XCC_END at the end, and engine
 * "auto" picks the fastest counter, as xcc_solve without a callback).
 * The problem stays the cursor's until it is freed (see Threads above).
 */
typedef struct xcc_cursor xcc_cursor;
enum { XCC_CURSOR_COUNT = 1 };
XCC_API xcc_status xcc_cursor_start(xcc_cursor **out, xcc_problem *p, const xcc_settings *s,
                                    unsigned flags, xcc_diag *d);
XCC_API xcc_status xcc_cursor_next(xcc_cursor *c, xcc_diag *d);
/*
 * The same, but after about `seconds` without a solution it returns
 * XCC_NOT_YET (the search waits; call again), so that a caller can see
 * to other things, such as a signal. seconds < 0: no limit.
 */
XCC_API xcc_status xcc_cursor_next_within(xcc_cursor *c, double seconds, xcc_diag *d);
/* The solution of the last XCC_OK, or NULL. */
XCC_API const xcc_solution *xcc_cursor_solution(const xcc_cursor *c);
/* The figures so far: owned by the cursor, valid until it is freed. */
XCC_API xcc_figures *xcc_cursor_figures(xcc_cursor *c);
XCC_API void xcc_cursor_free(xcc_cursor *c);

#ifdef __cplusplus
}
#endif

#endif
