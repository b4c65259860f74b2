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

/* " name name:color ... (k of n)\n" for the option of node q, as in the live lists. */
void xcc_print_option(FILE *f, const xcc_problem *p, int q);


#endif
