/*
 * base/sanity.h — the checks of the SANITIZE build (sanity.c).
 *
 * With -DXCC_SANITY (the SANITIZE build of make test SANITIZE=1) every
 * engine checks its data structure at the top of a node, as Knuth's
 * programs call sanity() in a debug build: the links that the lists are
 * doubly linked and as long as their lengths say, the bit-set engines
 * that their counters are the sizes of their sets. A check costs about
 * `work` steps (the size of the structure), so it runs at every node
 * while the checks' total stays under 2^26 steps, and then at every node
 * whose number is a multiple of a power of two at least 1024 and at least
 * `work`: never more than one step per node, and a problem 200,000 items
 * large stays as quick to test as a small one.
 * A failure says what is wrong and aborts.
 */
#ifndef XCC_SANITY_H
#define XCC_SANITY_H

#include "base/num.h"

#ifdef XCC_SANITY
static inline int xcc_sanity_due(xcc_u128 nodes, ullng work)
{
    if (nodes < 65536 && nodes * work < (1ULL << 26))
        return 1;
    ullng gap = 1024;
    while (gap < work)
        gap <<= 1;
    return !(nodes & (gap - 1));
}
void xcc_insane(const char *engine, ullng node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
#endif

#endif
