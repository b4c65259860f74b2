/*
 * xcc_zdd.h — every solution at once (xcc_zdd.c): DLX2's search tree
 * with each subproblem solved once, its solutions kept as a node of a
 * ZDD (the diagram Knuth's DLX6 writes) and counted exactly. From that
 * memo the engine writes the ZDD (--zdd), lists the solutions in DLX2's
 * order, or draws them uniformly at random (--sample).
 *
 * Counts are 128-bit: an exact cover problem may well have more than
 * 2^64 solutions and a memo of a few nodes. A count past 2^128 is
 * refused rather than wrapped.
 */
#ifndef XCC_ZDD_H
#define XCC_ZDD_H

#include "xcc_int.h"

__extension__ typedef unsigned __int128 xcc_u128;

/* The decimal digits of x into out (40 bytes do); returns out. */
char *xcc_u128_text(xcc_u128 x, char out[48]);

/*
 * A 64-bit generator for --sample (xoshiro256**, seeded by splitmix64):
 * the draws depend on the seed alone, on every machine.
 */
typedef struct xcc_rand {
    ullng s[4];
} xcc_rand;
void xcc_rand_seed(xcc_rand *r, ullng seed);
ullng xcc_rand_next(xcc_rand *r);
/* Uniform in 0 .. n-1 (n > 0), by rejection: no bias. */
xcc_u128 xcc_rand_below(xcc_rand *r, xcc_u128 n);

#endif
