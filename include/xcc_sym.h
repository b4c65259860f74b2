/*
 * xcc_sym.h — the symmetry of an XCC problem (formats/symmetry.md):
 * its automorphism group found by itself, the number of its solutions
 * up to that group (Burnside's lemma), one solution per class, and the
 * plain number of solutions counted with the group's help.
 *
 *     xcc_sym *g;
 *     xcc_sym_find(p, 10.0, &g, &d);        the group, within 10 seconds
 *     char *order = xcc_sym_order(g);       "8" for the queens
 *     xcc_settings *s;                      NULL would do: the defaults
 *     xcc_settings_new(&s);
 *     xcc_settings_set(s, "engine", "auto", &d);
 *     xcc_sym_count_classes(p, g, s, &classes, &stop, &d);    "92" for 10 queens
 *     xcc_sym_count(p, g, s, &count, &stop, &d);              "724", with less work
 *     xcc_settings_free(s);
 *     xcc_sym_free(g);
 *
 * The group acts on items, on the colors of each secondary item, and on
 * options (xcc_sym_option_image); items and options are numbered as in
 * include/xcc.h. Every call that can fail returns an xcc_status and says
 * why in the xcc_diag (which may be NULL).
 */
#ifndef XCC_SYM_H
#define XCC_SYM_H

#include "xcc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct xcc_sym xcc_sym;

/* Groups with at most this many elements are listed: Burnside's sum and one solution per class. */
#define XCC_SYM_LIST_LIMIT 100000

/*
 * Finds the automorphism group of p, spending at most `seconds` (0: no
 * limit). When the budget runs out the group found is a subgroup
 * (xcc_sym_complete says 0), whose order and generators are exact.
 * Refuses nothing: a problem with multiplicities or costs gets the
 * group that keeps its bounds and costs.
 */
XCC_API xcc_status xcc_sym_find(const xcc_problem *p, double seconds, xcc_sym **out,
                                xcc_diag *d);
XCC_API void xcc_sym_free(xcc_sym *g);

/* 1: the whole group; 0: the budget ran out, and this is the subgroup found. */
XCC_API int xcc_sym_complete(const xcc_sym *g);
/* Why the search stopped early ("its time budget ran out", ...), or NULL when it did not. */
XCC_API const char *xcc_sym_stopped(const xcc_sym *g);
/* The seconds the search took. */
XCC_API double xcc_sym_seconds(const xcc_sym *g);
/* The order of the group in decimal, exact at any size; the caller frees it (NULL: no memory). */
XCC_API char *xcc_sym_order(const xcc_sym *g);
/* The order when it is at most `limit`, else 0. */
XCC_API unsigned long long xcc_sym_order_upto(const xcc_sym *g, unsigned long long limit);

/* The generators found, k from 0, and where generator k sends an item or an option. */
XCC_API int xcc_sym_generators(const xcc_sym *g);
XCC_API int xcc_sym_item_image(const xcc_sym *g, int k, int item);
XCC_API int xcc_sym_option_image(const xcc_sym *g, int k, int option);
/*
 * Where generator k sends color `color` of secondary item `item`: the
 * image item's color (as the problem names it), or NULL when no option
 * gives the item that color.
 */
XCC_API const char *xcc_sym_color_image(const xcc_sym *g, int k, int item, const char *color);
/*
 * Generator k in cycle notation, "(r0 r7)(c0 c7)", items by name; a
 * color that changes its name under the map is listed as a cycle of
 * item:color pairs, "(x:1 x:2)". The identity is "()". The caller frees
 * the text (NULL: no memory).
 */
XCC_API char *xcc_sym_generator_text(const xcc_sym *g, int k, const xcc_problem *p);

/*
 * The number of solutions of p up to the group: the number of orbits of
 * its solutions, by Burnside's lemma, every count done by xcc_solve with
 * the settings s (engine, threads; no shards; NULL: the defaults). The group must have at
 * most XCC_SYM_LIST_LIMIT elements, the problem neither multiplicities
 * nor costs: else XCC_REFUSED, and d says why. *count is the decimal
 * number (the caller frees it), or NULL when a search stopped early
 * (*stop says why: a limit of s, an interrupt).
 */
XCC_API xcc_status xcc_sym_count_classes(xcc_problem *p, xcc_sym *g, const xcc_settings *s,
                                         char **count, xcc_stop *stop, xcc_diag *d);

/*
 * The plain number of solutions of p, found with the group's help: the
 * top of the tree branches on one option per orbit of the stabiliser of
 * the choices made so far, and each subtree where that stabiliser acts
 * trivially is counted by xcc_solve with the settings s: with "threads"
 * N, N subtrees at a time, one thread each (when there are 2N or more);
 * "time_limit" is for the whole count. A group too large to list gives
 * its stabilisers by Schreier-Sims. The same refusals and results as
 * xcc_sym_count_classes, but for the size of the group.
 */
XCC_API xcc_status xcc_sym_count(xcc_problem *p, xcc_sym *g, const xcc_settings *s,
                                 char **count, xcc_stop *stop, xcc_diag *d);

/*
 * Whether the set of n options (a solution) is the canonical one of its
 * class: the least under the group, comparing the sets' option numbers
 * in increasing order, lexicographically. 1 or 0; -1 when the group is
 * too large to list (XCC_SYM_LIST_LIMIT) or memory ran out.
 */
XCC_API int xcc_sym_canonical(xcc_sym *g, const int *options, int n);

#ifdef __cplusplus
}
#endif

#endif
