/*
 * base/gbrand.c — SGB-compatible random numbers; see base/gbrand.h.
 *
 * The block a[1..55] is refreshed 55 steps at a time by "refill"; values
 * are then handed out from a[54] down to a[1] (the freshly computed a[55]
 * is returned by the refill itself). This reversal is part of the published
 * sequence, so it is kept.
 */
#include "base/gbrand.h"

#define MASK31 0x7fffffffL

static long sub31(long x, long y) { return (x - y) & MASK31; }

/* Runs the recurrence 55 more steps; returns the first value to use. */
static long refill(xcc_gb_rng *g)
{
    long *a = g->a;
    int i;
    for (i = 1; i <= 24; i++)
        a[i] = sub31(a[i], a[i + 31]);
    for (; i <= 55; i++)
        a[i] = sub31(a[i], a[i - 24]);
    g->next = 54;
    return a[55];
}

void xcc_gb_rng_init(xcc_gb_rng *g, long seed)
{
    long prev, next = 1;
    long s = sub31(seed, 0);
    prev = s;
    g->a[0] = -1;
    g->a[55] = prev;
    /* fill the other 54 places in the order 21, 42, 8, ... (steps of 21
       modulo 55), each from its predecessor and a rotating copy of s */
    for (int i = 21; i; i = (i + 21) % 55) {
        g->a[i] = next;
        next = sub31(prev, next);
        s = (s & 1) ? 0x40000000L + (s >> 1) : s >> 1;
        next = sub31(next, s);
        prev = g->a[i];
    }
    for (int warm = 0; warm < 5; warm++)
        refill(g);
}

long xcc_gb_rng_next(xcc_gb_rng *g)
{
    if (g->next > 0)
        return g->a[g->next--];
    return refill(g);
}

long xcc_gb_rng_unif(xcc_gb_rng *g, long m)
{
    unsigned long limit = 0x80000000UL - (0x80000000UL % (unsigned long)m);
    long r;
    do
        r = xcc_gb_rng_next(g);
    while (limit <= (unsigned long)r);
    return r % m;
}
