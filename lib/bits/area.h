/*
 * bits/area.h — room for a memo table that starts small, grows on demand
 * and can be given back: the twin's memo (twin/dlx2_memo.c) and the fast
 * engine's (fast/fast.c) keep theirs in one, and ask xcc_area_plan what
 * to do next.
 *
 * An area reserves the addresses of the largest table once: a page costs
 * nothing until it is touched, and an entry's address stays valid while
 * the table grows or after it is given back, so a search may hold on to
 * the place of an entry it will write when a subtree is finished (the
 * write then goes to a table larger than the one it was looked up in, or
 * is skipped once the memo is off: a memo is only a cache, and an entry
 * in the wrong place is never found, never wrong). The area asks the
 * kernel for huge pages (a hint), which spares the page faults of a table
 * touched all over, that threads, whose faults queue on one lock, pay
 * twice over.
 *
 * Why 32 MB at most: every page touched must be found and cleared by the
 * kernel (and on a virtual machine, by its host), and a table is touched
 * all over; a larger table found more but cost more than that. Why it
 * starts small and doubles, moving its entries: a problem whose memo does
 * not pay should not touch 32 MB, and growing without moving strands the
 * entries written so far (bench/NOTES.md has the measures).
 */
#ifndef XCC_AREA_H
#define XCC_AREA_H

#include <stddef.h>
#include "bits/bits.h"

typedef struct xcc_area {
    word *base;        /* aligned to a huge page, inside the mapping */
    void *map;
    size_t map_bytes;
} xcc_area;

/* Reserves room for bytes; nonzero if the addresses are not there. */
int xcc_area_reserve(xcc_area *a, size_t bytes);
/* Gives the pages back to the kernel; the addresses stay valid (and read 0). */
void xcc_area_release(xcc_area *a);
void xcc_area_free(xcc_area *a);

/*
 * How large a memo may grow. A memo is worth its memory only where it
 * hits: its table starts at XCC_AREA_FIRST bytes and doubles whenever it
 * has taken half as many entries as it holds, up to XCC_AREA_FREE bytes
 * as long as it asks nothing more, and past that, up to most (at most
 * XCC_AREA_MOST bytes and a quarter of the process's address-space limit,
 * the one --memory-limit sets), only while the nodes its hits spared are
 * at least as many as those it missed. Once it cannot grow freely and has
 * spared fewer than 1 node in XCC_AREA_GIVE_UP of those it missed, it is
 * not worth its lookups: it gives its table back and the search goes on
 * without it. The nodes missed: those walked (the twin), or for want of
 * that count the entries written (the fast engine: every node looked up
 * and missed writes one when it is finished).
 */
#define XCC_AREA_FIRST (256u << 10)
#define XCC_AREA_FREE (4u << 20)
#define XCC_AREA_MOST (32u << 20)
#define XCC_AREA_GIVE_UP 16

/* How large each of `tables` memos kept at once (the walks of -j) may grow:
   the address-space limit's quarter is theirs together. */
size_t xcc_area_most(int tables);

/* What a memo of `entries` entries (of `entry` bytes each, at most
   `most` bytes in all) does next, given the nodes it missed and spared:
   the twin counts the nodes walked, the fast engine, which keeps no such
   count, the entries written. */
typedef enum { XCC_AREA_KEEP, XCC_AREA_GROW, XCC_AREA_OFF } xcc_area_step;
xcc_area_step xcc_area_plan(size_t entries, size_t entry, size_t most, ullng missed,
                            ullng spared);

#endif
