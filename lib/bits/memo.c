/*
 * bits/memo.c — the memo's table (bits/memo.h): made, grown, given up,
 * freed.
 */
#include "bits/memo.h"
#include "tree/walk.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

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
    size_t entry = (size_t)m->stride * sizeof(word);
    m->most = xcc_area_most(1);
    if (m->most < XCC_AREA_FIRST
        || xcc_area_reserve(&m->area, entries_within(m->most, m->stride) * entry)) {
        free(m);
        return NULL;
    }
    m->mask = entries_within(XCC_AREA_FIRST, m->stride) - 1;
    m->writes = m->walked = m->spared = 0;
    m->next_plan = (m->mask + 1) / 2;
    m->busy = m->off = 0;
    m->wides = (xcc_wides){NULL, 0, 0};
    return m;
}

void xcc_memo_free(memo *m)
{
    if (m) {
        xcc_area_free(&m->area);
        xcc_wides_free(&m->wides);
        free(m);
    }
}

/*
 * Doubles the table: an entry of the lower half whose key's hash has the
 * new bit moves to the upper half. An entry a writer holds (odd sequence)
 * or changes meanwhile is left where it is.
 */
static void double_table(memo *m, size_t mask)
{
    size_t half = mask + 1, stride = (size_t)m->stride;
    word copy[1 + TWIN_MEMO_KEY_WORDS + M_DEEP];
    for (size_t i = 0; i < half; i++) {
        word *e = m->area.base + i * stride;
        word seq = __atomic_load_n(e, __ATOMIC_ACQUIRE);
        if (!(seq & SEQ_BITS) || (seq & 1))
            continue;
        for (size_t k = 1; k < stride; k++)
            copy[k] = __atomic_load_n(e + k, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if (__atomic_load_n(e, __ATOMIC_RELAXED) != seq || !(key_hash(copy + 1, m->K) & half))
            continue;
        word fig[M_FIGS];
        for (int f = 0; f < m->nfigs; f++)
            fig[f] = copy[1 + m->K + f];
        fig[M_DEEP] = seq >> 32;
        memo_write(m, e + half * stride, copy + 1, fig);
    }
}

/* Books and plans; may_give_up 0: the table grows to most, never given up. */
static int book(memo *m, ullng n, ullng walked, ullng spared, int may_give_up)
{
    ullng w = __atomic_add_fetch(&m->writes, n, __ATOMIC_RELAXED);
    ullng wk = __atomic_add_fetch(&m->walked, walked, __ATOMIC_RELAXED);
    ullng s = __atomic_add_fetch(&m->spared, spared, __ATOMIC_RELAXED);
    int busy = 0;
    if (memo_off(m))
        return 0;
    if (w < __atomic_load_n(&m->next_plan, __ATOMIC_RELAXED)
        || !__atomic_compare_exchange_n(&m->busy, &busy, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return 1;
    size_t mask = m->mask, entry = (size_t)m->stride * sizeof(word);
    xcc_area_step step = may_give_up ? xcc_area_plan(mask + 1, entry, m->most, wk, s)
                                     : xcc_area_plan(mask + 1, entry, m->most, 0, 1);
    switch (step) {
    case XCC_AREA_OFF:
        __atomic_store_n(&m->off, 1, __ATOMIC_RELAXED);
        xcc_area_release(&m->area);
        break;
    case XCC_AREA_GROW:
        double_table(m, mask);
        __atomic_store_n(&m->mask, 2 * mask + 1, __ATOMIC_RELAXED);
        mask = 2 * mask + 1;
        break;
    case XCC_AREA_KEEP:
        break;
    }
    __atomic_store_n(&m->next_plan, w + (mask + 1) / 2, __ATOMIC_RELAXED);
    __atomic_store_n(&m->busy, 0, __ATOMIC_RELEASE);
    return !memo_off(m);
}

int xcc_memo_book(memo *m, ullng n, ullng walked, ullng spared)
{
    return book(m, n, walked, spared, 1);
}

void xcc_memo_give_up(memo *m)
{
    int busy = 0;
    while (!__atomic_compare_exchange_n(&m->busy, &busy, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        busy = 0; /* another thread plans: it is quick */
    if (!memo_off(m)) {
        __atomic_store_n(&m->off, 1, __ATOMIC_RELAXED);
        xcc_area_release(&m->area);
    }
    __atomic_store_n(&m->busy, 0, __ATOMIC_RELEASE);
}

void xcc_memo_grow(memo *m, ullng n)
{
    book(m, n, 0, 0, 0);
}

size_t xcc_memo_bytes(const memo *m)
{
    if (!m || memo_off(m))
        return 0;
    return (__atomic_load_n(&m->mask, __ATOMIC_RELAXED) + 1) * (size_t)m->stride * sizeof(word);
}

/* ---- exact figures on 64-bit counters (xcc_fold) ------------------------- */

/* Room in the log for one more fold. */
static int fold_room(xcc_fold *f)
{
    if (f->epoch + 1 < f->cap)
        return 0;
    int cap = 2 * f->cap;
    xcc_u128(*log)[M_DEEP] = malloc((size_t)cap * sizeof *log);
    if (!log)
        return 1;
    memcpy(log, f->log, (size_t)f->cap * sizeof *log);
    if (f->log != f->first)
        free(f->log);
    f->log = log, f->cap = cap;
    return 0;
}

int xcc_fold_start(xcc_fold *f, const xcc_figs *fig)
{
    f->base[M_COUNT] = fig->solutions, f->base[M_NODES] = fig->nodes;
    f->base[M_MEMS] = fig->mems, f->base[M_UPDATES] = fig->updates;
    f->base[M_CMEMS] = fig->cmems, f->base[M_LMEMS] = fig->lmems;
    f->base[M_CLEANSINGS] = fig->cleansings;
    f->log = f->first, f->cap = XCC_FOLD_INLINE, f->epoch = 0;
    memcpy(f->log[0], f->base, sizeof f->base);
    return 0;
}

void xcc_fold_free(xcc_fold *f)
{
    if (f->log != f->first)
        free(f->log);
    f->log = NULL, f->cap = 0;
}

int xcc_fold_in(xcc_fold *f, const ullng *lo, const xcc_u128 *add)
{
    int wide = 0;
    if (fold_room(f))
        return 1;
    for (int k = 0; k < M_DEEP; k++) {
        f->base[k] += lo[k] + (add ? add[k] : 0); /* each below 2^127: no wrap */
        wide |= f->base[k] >= XCC_WIDE_TOP - ((xcc_u128)1 << 64);
    }
    memcpy(f->log[++f->epoch], f->base, sizeof f->base);
    return wide ? 2 : 0;
}

void xcc_fold_figures(xcc_figs *f, const xcc_fold *fold, const ullng *lo)
{
    const xcc_u128 *b = fold->base;
    f->mems = b[M_MEMS] + lo[M_MEMS], f->lmems = b[M_LMEMS] + lo[M_LMEMS];
    f->updates = b[M_UPDATES] + lo[M_UPDATES], f->cleansings = b[M_CLEANSINGS] + lo[M_CLEANSINGS];
    f->cmems = b[M_CMEMS] + lo[M_CMEMS], f->nodes = b[M_NODES] + lo[M_NODES];
    f->solutions = b[M_COUNT] + lo[M_COUNT];
}

void xcc_fold_marks(xcc_fold *fold, const xcc_tree *s)
{
    xcc_u128 mems = s->delta && s->thresh < s->timeout ? s->thresh : s->timeout;
    fold->count_mark = xcc_fold_mark(s->maxcount, fold->base[M_COUNT]);
    fold->mems_mark = xcc_fold_mark(mems, fold->base[M_MEMS]);
    fold->add_mark = s->loose ? xcc_fold_mark(s->timeout, fold->base[M_MEMS]) : fold->mems_mark;
}

int xcc_fold_fits(const xcc_tree *s, const xcc_fold *fold, const ullng *lo, const xcc_u128 *fig)
{
    xcc_u128 count = fold->base[M_COUNT] + lo[M_COUNT], mems = fold->base[M_MEMS] + lo[M_MEMS];
    return count + fig[M_COUNT] < s->maxcount && xcc_sink_skips(s->sink, count, fig[M_COUNT])
           && mems + fig[M_MEMS] < s->timeout && (!s->delta || s->loose || mems + fig[M_MEMS] < s->thresh);
}

int xcc_fold_skips(const xcc_tree *s, const xcc_fold *fold, ullng count, ullng n)
{
    return xcc_sink_skips(s->sink, fold->base[M_COUNT] + count, n);
}

int xcc_fold_subtree(memo *m, const xcc_fold *fold, int e, word *packed)
{
    xcc_u128 fig[M_DEEP];
    for (int k = 0; k < M_DEEP; k++) /* counters below 2^63: a difference is a signed word */
        fig[k] = xcc_fold_since(fold, e, k) + (xcc_u128)(__int128)(long long)packed[k];
    return !memo_narrow(m, fig, packed);
}

ullng xcc_fold_listed(const xcc_fold *fold, ullng count, ullng every)
{
    xcc_u128 n = fold->base[M_COUNT] + count;
    return xcc_fold_mark((n / every + 1) * every, fold->base[M_COUNT]);
}
