/*
 * problem/print.h — DLX2's printed forms of items and options, as the engines
 * write them while they trace a search (print.c).
 */
#ifndef XCC_PRINT_H
#define XCC_PRINT_H

#include <stdio.h>
#include "problem/problem.h"

/* Writes an item's name. */
void xcc_print_name(FILE *f, const xcc_problem *p, int item);

/* " name name:color ..." for the option of node q, from q round to it. */
void xcc_print_entries(FILE *f, const xcc_problem *p, int q);

/*
 * The one printer of an option's line in a trace (v2, v4, S<file>), as
 * DLX2, DLX3 and DLX5 write it: " name name:color ... (k of d)" for the
 * option of node q from q round to it, " null NAME (k of d)" for an item
 * q (DLX3's null choice), " (?)" for k 0 (an option not in its item's
 * list); no newline (DLX5 follows with the option's cost).
 */
void xcc_print_choice(FILE *f, const xcc_problem *p, int q, int k, int d);

/* " name name:color ... (k of n)\n" for the option of node q, as in the live lists. */
void xcc_print_option(FILE *f, const xcc_problem *p, int q);


#endif
