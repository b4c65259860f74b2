/*
 * base/gbrand.h — the random numbers of the Stanford GraphBase (gb_flip).
 *
 * DLX2 takes its random choices (argument s<n>) from the SGB generator:
 * the subtractive recurrence a[n] = (a[n-55] - a[n-24]) mod 2^31, seeded
 * and warmed up in a fixed way, and consumed 55 values at a time in
 * reverse order. dlx2 must make exactly the same choices from the same
 * seed, so this is an independent implementation of that published
 * algorithm (TAOCP 3.6 and the GraphBase book), nothing more.
 *
 * Unlike the original, the state is a value, not a global, so that
 * several searches (threads) can each hold their own.
 */
#ifndef GBRAND_H
#define GBRAND_H

typedef struct xcc_gb_rng {
    long a[56];  /* a[0] = -1 is a sentinel; a[1..55] the current block */
    int next;    /* index of the next value to hand out; 0 means refill */
} xcc_gb_rng;

/* Seeds the generator as gb_init_rand(seed) does. */
void xcc_gb_rng_init(xcc_gb_rng *g, long seed);

/* The next 31-bit value of the sequence. */
long xcc_gb_rng_next(xcc_gb_rng *g);

/* A uniform integer in [0, m) for 0 < m < 2^31, without bias. */
long xcc_gb_rng_unif(xcc_gb_rng *g, long m);

#endif
