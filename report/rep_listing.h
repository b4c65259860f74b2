/*
 * rep_listing.h — a solution in DLX2's layout, for programs that see only
 * the public API (include/xcc.h): gen-knight-tours lists its tours so.
 * The rest of the report module is in report.h.
 */
#ifndef REP_LISTING_H
#define REP_LISTING_H

#include <stdio.h>
#include "xcc.h"

/*
 * "K:", then each option of the solution on a line of its own, from the
 * item branched on round to it, with "(k of d)": what dlx2 m1 and
 * Knuth's DLX2 write, and what the generators' --show reads.
 */
void rep_listing(FILE *f, const xcc_problem *p, const xcc_solution *s);

#endif
