/*
 * bits/area.c — the room of a memo table, and when it grows or is given
 * back (bits/area.h says why).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and madvise */
#include "bits/area.h"
#include "base/alloc.h"

#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>

#define HUGE_PAGE (2u << 20)

int xcc_area_reserve(xcc_area *a, size_t bytes)
{
    a->map_bytes = bytes + HUGE_PAGE;
    a->map = mmap(NULL, a->map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (a->map == MAP_FAILED) {
        a->map = NULL;
        return 1;
    }
    uintptr_t at = ((uintptr_t)a->map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    a->base = (word *)at;
#ifdef MADV_HUGEPAGE
    madvise(a->base, bytes, MADV_HUGEPAGE); /* a hint: no matter if refused */
#endif
    return 0;
}

void xcc_area_release(xcc_area *a)
{
    if (!a->map)
        return;
#ifdef MADV_NOHUGEPAGE
    /* a write that comes late faults in a small page, not a huge one */
    madvise(a->base, a->map_bytes - HUGE_PAGE, MADV_NOHUGEPAGE);
#endif
    madvise(a->map, a->map_bytes, MADV_DONTNEED);
}

void xcc_area_free(xcc_area *a)
{
    if (a->map)
        munmap(a->map, a->map_bytes);
    a->map = NULL;
}

size_t xcc_area_most(int tables)
{
    size_t most = XCC_AREA_MOST;
    struct rlimit r;
    if (tables < 1)
        tables = 1;
    if (!getrlimit(RLIMIT_AS, &r) && r.rlim_cur != RLIM_INFINITY
        && r.rlim_cur / 4 / (rlim_t)tables < most)
        most = (size_t)(r.rlim_cur / 4 / (rlim_t)tables);
    return most;
}

xcc_area_step xcc_area_plan(size_t entries, size_t entry, size_t most, ullng missed,
                            ullng spared)
{
    size_t twice = 2 * entries * entry;
    if (twice <= XCC_AREA_FREE && twice <= most)
        return XCC_AREA_GROW;
    if (spared * XCC_AREA_GIVE_UP < missed)
        return XCC_AREA_OFF;
    return twice <= most && spared >= missed ? XCC_AREA_GROW : XCC_AREA_KEEP;
}
