/*
 * xcc_twin_memo.c — the memo of the twin's finished subtrees: making the
 * table (shared by the threads of -j), growing it, sharing it
 * (xcc_twin_memo.h says what it holds and why).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and madvise */
#include "xcc_twin_memo.h"

#include <stdint.h>
#include <sys/mman.h>

/* The most entries of stride words that bytes hold, a power of two. */
static size_t entries_within(size_t bytes, int stride)
{
    size_t entry = (size_t)stride * sizeof(word), n = 1;
    while (2 * n * entry <= bytes)
        n *= 2;
    return n;
}

static memo *memo_new(int K, int nfigs)
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

void xcc_twin_memo_free(memo *m)
{
    if (m) {
        munmap(m->map, m->map_bytes);
        free(m);
    }
}

void xcc_twin_memo_grow(memo *m, ullng n)
{
    ullng w = __atomic_add_fetch(&m->writes, n, __ATOMIC_RELAXED);
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    if (w <= (mask + 1) / 2 || mask == m->most)
        return;
    /* fails only if another thread made the same change first */
    __atomic_compare_exchange_n(&m->mask, &mask, m->most, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

void xcc_twin_start_memo(twin *t, twin *from)
{
    t->memo_tried = 1;
    if (t->K > TWIN_MEMO_KEY_WORDS)
        return;
    t->keys = malloc(((size_t)t->b.P + 2) * (size_t)t->K * sizeof(word));
    if (!t->keys)
        return; /* then it just walks */
    if (from) {
        t->memo = from->memo;
    } else {
        t->memo = memo_new(t->K, t->KS ? M_DEEP : M_LMEMS);
        t->memo_owner = 1;
    }
    if (!t->memo) {
        free(t->keys);
        t->keys = NULL;
    }
}

void xcc_twin_share_memo(xcc_twin *t, xcc_twin *from)
{
    if (!from->memo_tried)
        xcc_twin_start_memo(from, NULL);
    if (!t->memo_tried && from->memo)
        xcc_twin_start_memo(t, from);
}
