/*
 * xcc_problem.h — libxcc's problems: read, built, written, and looked
 * into (man 3 xcc_problem). Part of include/xcc.h, which includes it
 * where its types are known; a program includes <xcc.h> alone.
 */
#ifndef XCC_PROBLEM_PUBLIC_H
#define XCC_PROBLEM_PUBLIC_H

#ifndef XCC_PUBLIC_H
#error "include <xcc.h>, which includes xcc_problem.h"
#endif

/* ---- problems (man xcc_problem) --------------------------------------- */

/* An XCC problem: items (primary, then secondary) and options. */
typedef struct xcc_problem xcc_problem;
typedef struct xcc_settings xcc_settings;

/*
 * Reads a problem in the text format (formats/xcc.md, man 5 xcc) from a
 * stream or a NUL-terminated string. s may be NULL; of the settings the
 * reader takes "randomize" and "seed" (DLX2's s<n>: options enter their
 * item lists at random places) and the warnings stream. On success *out
 * is the problem; on failure it is NULL and d (which may be NULL) says
 * what and where.
 */
XCC_API xcc_status xcc_problem_read(xcc_problem **out, FILE *in, const xcc_settings *s,
                                    xcc_diag *d);
XCC_API xcc_status xcc_problem_parse(xcc_problem **out, const char *text,
                                     const xcc_settings *s, xcc_diag *d);

/*
 * Or builds one: every item first (the primary items, then the secondary
 * ones), then the options, each as the text format has them: an item
 * "a:b|name", "b|name" or ":b|name" with bounds (covered a to b times),
 * an option "A B X:0 |5" with colors and a cost. An option without a
 * primary item is dropped, as the reader drops it. A call that fails
 * changes nothing. For the "line" of an option, the item line counts as
 * line 1 and the k-th option added (dropped or kept) as line k + 1.
 */
XCC_API xcc_status xcc_problem_new(xcc_problem **out);
XCC_API xcc_status xcc_problem_add_item(xcc_problem *p, const char *name, int secondary,
                                        xcc_diag *d);
XCC_API xcc_status xcc_problem_add_option(xcc_problem *p, const char *text, xcc_diag *d);
XCC_API void xcc_problem_free(xcc_problem *p);

/*
 * Writes p in the text format: the item line, then each kept option, so
 * that reading it back gives the same problem (items, bounds, options,
 * colors and costs, numbered alike). XCC_WRITE_ERROR if a write fails.
 */
XCC_API xcc_status xcc_problem_write(const xcc_problem *p, FILE *out, xcc_diag *d);

XCC_API int xcc_problem_items(const xcc_problem *p);          /* all of them */
XCC_API int xcc_problem_primary_items(const xcc_problem *p);  /* items 0 .. this - 1 */
XCC_API int xcc_problem_options(const xcc_problem *p);        /* kept options */

XCC_API const char *xcc_item_name(const xcc_problem *p, int item);
/* The kept options containing the item. */
XCC_API int xcc_item_options(const xcc_problem *p, int item);
/* How many times a primary item must be covered: lo .. hi (1 .. 1 without bounds). */
XCC_API int xcc_item_bounds(const xcc_problem *p, int item, int *lo, int *hi);

/* Option o's entries (k from 0): its item, and its color or NULL. */
XCC_API int xcc_option_size(const xcc_problem *p, int o);
XCC_API int xcc_option_item(const xcc_problem *p, int o, int k);
XCC_API const char *xcc_option_color(const xcc_problem *p, int o, int k);
/* The line of the input the option was read from (from 1). */
XCC_API long xcc_option_line(const xcc_problem *p, int o);
/* Its cost, the sum of its cost entries "|n" (0 without). */
XCC_API unsigned long long xcc_option_cost(const xcc_problem *p, int o);

/*
 * Option o's entries as DLX2 lists them in a solution, " A B:x C": from
 * entry k round to the entry before it (a search that chose the option
 * for k's item lists it so); an entry that a running search has
 * cleansed shows the color its item was purified to. Writes at most size
 * bytes, NUL included, as snprintf does; returns the length of the whole.
 */
XCC_API size_t xcc_option_text(const xcc_problem *p, int o, int k, char *out, size_t size);

/* DLX2's count of entries ("E entries successfully read"): every option's, and one more each. */
XCC_API int xcc_problem_entries(const xcc_problem *p);
/*
 * The item's options left where the last search stopped early, when dlx2
 * asked to keep them (Knuth's "Item totals"); else xcc_item_options.
 */
XCC_API int xcc_item_total(const xcc_problem *p, int item);

/*
 * Costs (options ending in cost entries |n, Knuth's DLX5): whether the
 * problem has any, and an option's cost, the sum of its entries. DLX5
 * taxes each primary item by the least cost of its options left, item
 * after item, and takes the tax off them: an item's tax, the sum of all
 * taxes (modulo 2^64, as DLX5 adds), and an option's net cost, its cost
 * less its items' taxes. The taxes are made when a problem is read, or
 * by the first search of one built by calls; 0 until then.
 */
XCC_API int xcc_problem_has_costs(const xcc_problem *p);
XCC_API unsigned long long xcc_item_tax(const xcc_problem *p, int item);
XCC_API unsigned long long xcc_problem_tax(const xcc_problem *p);
XCC_API unsigned long long xcc_option_net_cost(const xcc_problem *p, int o);

#endif
