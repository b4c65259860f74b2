/*
 * xcc_memo.c — the memo's table (xcc_memo.h): made, grown, freed.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and madvise */
#include "xcc_memo.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

/* The most entries of stride words that bytes hold, a power of two. */
static size_t entries_within(size_t bytes, int stride)
{
    size_t entry = (size_t)stride * sizeof(word), n = 1;
    while (2 * n * entry <= bytes)
        n *= 2;
    return n;
}

memo *xcc_memo_new(int K, int nfigs)
{
    memo *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->K = K, m->nfigs = nfigs;
    m->stride = 1 + K + nfigs;
    m->most = entries_within(TWIN_MEMO_BYTES, m->stride) - 1;
    m->mask = entries_within(TWIN_MEMO_FIRST_BYTES, m->stride) - 1;
    m->writes = 0;
    m->map_bytes = (m->most + 1) * (size_t)m->stride * sizeof(word) + HUGE_PAGE;
    m->map = mmap(NULL, m->map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m->map == MAP_FAILED) {
        free(m);
        return NULL;
    }
    uintptr_t at = ((uintptr_t)m->map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    m->table = (word *)at;
#ifdef MADV_HUGEPAGE
    madvise(m->table, m->map_bytes - HUGE_PAGE, MADV_HUGEPAGE); /* a hint: no matter if refused */
#endif
    return m;
}

void xcc_memo_free(memo *m)
{
    if (m) {
        munmap(m->map, m->map_bytes);
        free(m);
    }
}

/* Books n more entries written; makes the table full size at half full. */
void xcc_memo_grow(memo *m, ullng n)
{
    ullng w = __atomic_add_fetch(&m->writes, n, __ATOMIC_RELAXED);
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    if (w <= (mask + 1) / 2 || mask == m->most)
        return;
    /* fails only if another thread made the same change first */
    __atomic_compare_exchange_n(&m->mask, &mask, m->most, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
