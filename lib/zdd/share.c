/*
 * zdd/share.c — the memo of the zdd engine's threads (parallel/zdd.c):
 * one table of counts for all the walks, read without locks.
 *
 * The threads only count, so an entry is a key and its count (K + 2
 * words), and a subproblem without solutions is an entry of count 0:
 * no nodes, no cache apart. Entries are never changed nor moved once
 * written, which is what makes reading cheap:
 *   - the table is cut into SHARDS shards by the top bits of the hash,
 *     each with its own lock, taken only to write (a count is written
 *     once per subproblem, and two threads seldom want the same shard);
 *   - a shard's entries live in chunks that double (CHUNK0, 2 CHUNK0,
 *     ...), allocated once and never moved, so a reader holding an
 *     entry's index finds it where it was written;
 *   - a shard's slots (the hash's high half above the entry's index + 1,
 *     0 empty) are published with a release store after the entry, and
 *     read with an acquire load, so a reader that sees a slot sees its
 *     entry whole;
 *   - when a shard's slots are half full the writer makes a table twice
 *     the size and publishes it; the old one stays until the end (a
 *     reader still walking it merely misses what came later, and walks
 *     that subproblem again). The old tables of a shard add up to less
 *     than its table.
 * The bytes of all shards count against the memory limit: past it a
 * write fails and the walks stop with XCC_NO_MEMORY.
 */
#include "zdd/zdd.h"
#include "bits/memo.h"
#include "bits/area.h"

#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SHARD_BITS 8
#define SHARDS (1 << SHARD_BITS)
#define CHUNK0_BITS 10
#define CHUNK0 ((size_t)1 << CHUNK0_BITS) /* entries of a shard's first chunk */
#define CHUNKS 23                          /* past 2^32 entries a shard */
#define FIRST_MASK 63

typedef struct ztab {
    size_t mask;
    uint64_t slot[];
} ztab;

/*
 * What readers look at (tab, chunk) and what writers change (lock, n,
 * old) are in cache lines apart, or every write would take the line
 * from under the other thread's reads.
 */
typedef struct shard {
    ztab *tab;            /* read and written atomically */
    word *chunk[CHUNKS];  /* chunk c holds CHUNK0 << c entries */
    char pad1[64];
    int lock;             /* writers: n, chunk, tab's slots */
    size_t n;             /* entries written */
    char pad2[64];
} shard;

struct zshare {
    int K, E;         /* words of a key, of an entry */
    ullng limit;      /* bytes (0: none) */
    size_t bytes;     /* of all shards, added to atomically */
    /* the room the shards' tables and chunks are cut from (see room) */
    int room_lock;
    char *at;
    size_t left;
    xcc_area *areas;
    int nareas, areas_cap;
    shard sh[SHARDS];
};

#if defined(__x86_64__) || defined(__i386__)
#define PAUSE() __builtin_ia32_pause()
#else
#define PAUSE() ((void)0)
#endif

/* A spin lock: the shards' are held briefly, but for a table doubling. */
static void spin(int *lk)
{
    for (int spins = 0;; spins++) {
        if (!__atomic_load_n(lk, __ATOMIC_RELAXED) && !__atomic_exchange_n(lk, 1, __ATOMIC_ACQUIRE))
            return;
        if (spins >= 64) /* held long: let the holder run */
            sched_yield();
        else
            PAUSE();
    }
}

static void unspin(int *lk)
{
    __atomic_store_n(lk, 0, __ATOMIC_RELEASE);
}

static void lock(shard *sh)
{
    spin(&sh->lock);
}

static void unlock(shard *sh)
{
    unspin(&sh->lock);
}

/*
 * Zeroed room for bytes, cut from areas of BLOCK bytes or more that ask
 * the kernel for huge pages (bits/area.h). Nothing is given back before
 * the end (the old tables are kept anyway), so room is cut off the end
 * of the last area. A lookup in the memo is a miss of memory, and in
 * small pages spread over the shards a miss of the TLB too.
 */
#define BLOCK ((size_t)2 << 20)
static void *room(zshare *s, size_t bytes)
{
    void *p = NULL;
    bytes = (bytes + 63) & ~(size_t)63;
    spin(&s->room_lock);
    if (bytes > s->left) {
        size_t want = bytes > BLOCK ? bytes : BLOCK;
        if (s->nareas == s->areas_cap) {
            int cap = s->areas_cap ? 2 * s->areas_cap : 16;
            xcc_area *a = realloc(s->areas, (size_t)cap * sizeof *a);
            if (!a)
                goto done;
            s->areas = a, s->areas_cap = cap;
        }
        if (xcc_area_reserve(&s->areas[s->nareas], want))
            goto done;
        s->at = (char *)s->areas[s->nareas++].base, s->left = want;
    }
    p = s->at;
    s->at += bytes, s->left -= bytes;
done:
    unspin(&s->room_lock);
    return p;
}

static size_t tab_bytes(size_t mask)
{
    return sizeof(ztab) + (mask + 1) * sizeof(uint64_t);
}

/* Adds n bytes to the count; 1 (and nothing added) past the limit. */
static int take_bytes(zshare *s, size_t n)
{
    size_t now = __atomic_add_fetch(&s->bytes, n, __ATOMIC_RELAXED);
    if (s->limit && now > s->limit) {
        __atomic_sub_fetch(&s->bytes, n, __ATOMIC_RELAXED);
        return 1;
    }
    return 0;
}

static ztab *new_tab(zshare *s, size_t mask)
{
    ztab *t = room(s, tab_bytes(mask));
    if (t)
        t->mask = mask;
    return t;
}

zshare *xcc_zshare_new(int K, ullng limit)
{
    zshare *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->K = K, s->E = K + 2, s->limit = limit;
    for (int i = 0; i < SHARDS; i++) {
        shard *sh = &s->sh[i];
        sh->tab = new_tab(s, FIRST_MASK);
        if (!sh->tab) {
            xcc_zshare_free(s);
            return NULL;
        }
        s->bytes += tab_bytes(FIRST_MASK);
    }
    return s;
}

void xcc_zshare_free(zshare *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nareas; i++)
        xcc_area_free(&s->areas[i]);
    free(s->areas);
    free(s);
}

size_t xcc_zshare_bytes(const zshare *s)
{
    return __atomic_load_n(&s->bytes, __ATOMIC_RELAXED);
}

size_t xcc_zshare_entries(zshare *s)
{
    size_t n = 0;
    for (int i = 0; i < SHARDS; i++) {
        lock(&s->sh[i]);
        n += s->sh[i].n;
        unlock(&s->sh[i]);
    }
    return n;
}

/* Entry i of shard sh. */
static word *entry_at(const zshare *s, const shard *sh, size_t i)
{
    size_t j = i + CHUNK0;
    int c = 63 - __builtin_clzll((unsigned long long)j) - CHUNK0_BITS;
    return sh->chunk[c] + (j - (CHUNK0 << c)) * (size_t)s->E;
}

static int same_key(const word *a, const word *b, int K)
{
    for (int k = 0; k < K; k++)
        if (a[k] != b[k])
            return 0;
    return 1;
}

void xcc_zshare_prefetch(const zshare *s, word h)
{
    const shard *sh = &s->sh[h >> (64 - SHARD_BITS)];
    const ztab *t = __atomic_load_n(&sh->tab, __ATOMIC_ACQUIRE);
    __builtin_prefetch(&t->slot[(size_t)h & t->mask]);
}

int xcc_zshare_get(const zshare *s, word h, const word *key, xcc_count *count)
{
    const shard *sh = &s->sh[h >> (64 - SHARD_BITS)];
    const ztab *t = __atomic_load_n(&sh->tab, __ATOMIC_ACQUIRE);
    for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
        uint64_t e = __atomic_load_n(&t->slot[i], __ATOMIC_ACQUIRE);
        if (!e)
            return 0;
        if (e >> 32 == h >> 32) {
            const word *en = entry_at(s, sh, (uint32_t)e - 1);
            if (same_key(en, key, s->K)) {
                *count = (xcc_u128)en[s->K + 1] << 64 | en[s->K];
                return 1;
            }
        }
    }
}

/* The slot of t where key (hash h) is or would go; *found says which. */
static size_t find_slot(const zshare *s, const shard *sh, const ztab *t, word h, const word *key,
                        int *found)
{
    for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
        uint64_t e = t->slot[i];
        *found = e && e >> 32 == h >> 32 && same_key(entry_at(s, sh, (uint32_t)e - 1), key, s->K);
        if (!e || *found)
            return i;
    }
}

/* Doubles sh's table (its lock held); 1 past the limit or out of memory. */
static int grow(zshare *s, shard *sh)
{
    ztab *t = sh->tab;
    size_t mask = t->mask * 2 + 1;
    if (take_bytes(s, tab_bytes(mask)))
        return 1;
    ztab *nt = new_tab(s, mask);
    if (!nt) {
        __atomic_sub_fetch(&s->bytes, tab_bytes(mask), __ATOMIC_RELAXED);
        return 1;
    }
    for (size_t i = 0; i <= t->mask; i++) {
        uint64_t e = t->slot[i];
        if (!e)
            continue;
        word h = key_hash(entry_at(s, sh, (uint32_t)e - 1), s->K);
        size_t at = (size_t)h & mask;
        while (nt->slot[at])
            at = (at + 1) & mask;
        nt->slot[at] = e;
    }
    __atomic_store_n(&sh->tab, nt, __ATOMIC_RELEASE);
    return 0;
}

int xcc_zshare_put(zshare *s, word h, const word *key, xcc_count count)
{
    shard *sh = &s->sh[h >> (64 - SHARD_BITS)];
    int fail = 0, found;
    lock(sh);
    ztab *t = sh->tab;
    size_t i = find_slot(s, sh, t, h, key, &found);
    if (found) /* another walk finished it meanwhile */
        goto done;
    size_t j = sh->n + CHUNK0;
    int c = 63 - __builtin_clzll((unsigned long long)j) - CHUNK0_BITS;
    if (sh->n >= 0xffffffffu || c >= CHUNKS) {
        fail = 1;
        goto done;
    }
    if (!sh->chunk[c]) {
        size_t bytes = (CHUNK0 << c) * (size_t)s->E * sizeof(word);
        if (take_bytes(s, bytes)) {
            fail = 1;
            goto done;
        }
        if (!(sh->chunk[c] = room(s, bytes))) {
            __atomic_sub_fetch(&s->bytes, bytes, __ATOMIC_RELAXED);
            fail = 1;
            goto done;
        }
    }
    word *en = entry_at(s, sh, sh->n);
    memcpy(en, key, (size_t)s->K * sizeof(word));
    en[s->K] = (word)count, en[s->K + 1] = (word)(count >> 64);
    sh->n++;
    __atomic_store_n(&t->slot[i], (h >> 32 << 32) | (uint64_t)sh->n, __ATOMIC_RELEASE);
    if (2 * sh->n > t->mask)
        fail = grow(s, sh);
done:
    unlock(sh);
    return fail;
}
