/*
 * zdd/memo.c — what the walks of DLX2's tree (zdd/dlx2.c) and of
 * DLX3's (zdd/dlx3.c) share to make a ZDD: the memo of subproblems, the
 * cache of those without solutions, the nodes, and the walks down the
 * ZDD that list or draw its solutions.
 */
#include "bits/memo.h"
#include "zdd/zdd.h"
#include "knobs.h"
#include "base/text.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- the memo ---------------------------------------------------------- */

/*
 * The memo's entries are of K + 3 words: the key, the count (low word
 * first) and the node; a hit reads its key and its answer from the same
 * place, not from two arrays.
 */
#define ENTRY_WORDS(z) ((size_t)(z)->K + 3)

/* The memo's bytes with cap entries and a table of mask + 1, the nodes kept and the cache. */
static size_t memo_bytes(const zwalk *z, size_t cap, size_t mask, size_t zn_cap)
{
    return cap * ENTRY_WORDS(z) * sizeof(word) + (mask + 1) * sizeof(uint64_t)
           + zn_cap * sizeof(znode) + (z->none_mask + 1) * (size_t)(z->K + 1) * sizeof(word);
}

/* What a message of memory says to do. */
#define KEEP_WHOLE "--zdd, --sample and --engine=zdd keep the whole ZDD in memory:" \
                   " raise --memory-limit, or give none"

static int over_limit(zwalk *z, size_t cap, size_t mask, size_t zn_cap)
{
    if (!z->limit || memo_bytes(z, cap, mask, zn_cap) <= z->limit)
        return 0;
    z->status = xcc_diag_set(z->d, XCC_NO_MEMORY,
                             "the ZDD would pass the memory limit of %llu bytes, with %zu"
                             " subproblems in its memo so far (" KEEP_WHOLE ")", z->limit, z->n);
    return 1;
}

static int same_key(const word *a, const word *b, int K)
{
    for (int k = 0; k < K; k++)
        if (a[k] != b[k])
            return 0;
    return 1;
}

/* Where key (of hash h) is or would go in the table. */
static size_t memo_slot(const zwalk *z, word h, const word *key)
{
    for (size_t i = (size_t)h & z->mask;; i = (i + 1) & z->mask) {
        uint64_t e = z->table[i];
        if (!e || ((e >> 32 == h >> 32)
                   && same_key(z->keys + (size_t)((uint32_t)e - 1) * ENTRY_WORDS(z), key, z->K)))
            return i;
    }
}

static int grow_table(zwalk *z)
{
    size_t mask = z->mask * 2 + 1;
    if (over_limit(z, z->cap, mask, z->zn_cap))
        return 1;
    uint64_t *table = calloc(mask + 1, sizeof(uint64_t));
    if (!table)
        return z->status = XCC_NO_MEMORY, 1;
    free(z->table);
    z->table = table, z->mask = mask;
    for (size_t e = 0; e < z->n; e++) {
        const word *key = z->keys + e * ENTRY_WORDS(z);
        word h = key_hash(key, z->K);
        z->table[memo_slot(z, h, key)] = (h >> 32 << 32) | (e + 1);
    }
    return 0;
}

static int grow_states(zwalk *z)
{
    size_t cap = z->cap * 2;
    if (cap > 0xffffffffu || over_limit(z, cap, z->mask, z->zn_cap)) {
        if (z->status == XCC_OK)
            z->status = xcc_diag_set(z->d, XCC_NO_MEMORY, "more than 2^32 subproblems");
        return 1;
    }
    word *keys = realloc(z->keys, cap * ENTRY_WORDS(z) * sizeof(word));
    if (!keys)
        return z->status = XCC_NO_MEMORY, 1;
    z->keys = keys, z->cap = cap;
    return 0;
}

/* Remembers the answer for key at table slot i. */
static int memo_add(zwalk *z, size_t i, const word *key, word h, unsigned node, xcc_count count)
{
    if (z->n == z->cap && grow_states(z))
        return 1;
    word *e = z->keys + z->n * ENTRY_WORDS(z);
    memcpy(e, key, (size_t)z->K * sizeof(word));
    e[z->K] = (word)count, e[z->K + 1] = (word)(count >> 64), e[z->K + 2] = node;
    z->table[i] = (h >> 32 << 32) | ++z->n;
    return 2 * z->n > z->mask && grow_table(z);
}

/*
 * A subproblem without solutions makes no node, so forgetting it costs
 * only the time to walk it again, never a byte of the ZDD: such keys go
 * to a cache, not to the memo. The cache doubles when half full (or when
 * a key finds no free place within NONE_PROBES) and so keeps every key,
 * as DLX6's memo does (the same search nodes as DLX6), unless it would
 * pass a quarter of the memory limit, or memory runs short: past that a
 * new key takes the place of an old one, and the walk meets some dead
 * subproblems again (more search nodes, the same ZDD).
 */
/* Probes of the cache: past them a key is taken for absent, and a new one takes its first place. */
#define NONE_PROBES 16

/* Place k of the probes for hash h (stored odd: 0 marks an empty place). */
static word *none_entry(const zwalk *z, word h, int k)
{
    return z->none + (size_t)(((h >> 1) + (word)k) & z->none_mask) * (size_t)(z->K + 1);
}

static int none_has(const zwalk *z, word h, const word *key)
{
    h |= 1;
    for (int k = 0; k < NONE_PROBES; k++) {
        const word *e = none_entry(z, h, k);
        if (!e[0])
            return 0;
        if (e[0] == h && same_key(e + 1, key, z->K))
            return 1;
    }
    return 0;
}

/* Writes key (of odd hash h) at its first free place, or with force at its first place; 1 if written. */
static int none_place(zwalk *z, word h, const word *key, int force)
{
    int k = 0;
    while (k < NONE_PROBES && none_entry(z, h, k)[0])
        k++;
    if (k == NONE_PROBES && !force)
        return 0;
    word *e = none_entry(z, h, k < NONE_PROBES ? k : 0);
    e[0] = h;
    memcpy(e + 1, key, (size_t)z->K * sizeof(word));
    return 1;
}

/* Doubles the cache, unless it would pass a quarter of the limit (or memory is short): 1 if it did. */
static int none_grow(zwalk *z)
{
    size_t K1 = (size_t)z->K + 1, n = z->none_mask + 1;
    if (z->limit && 2 * n * K1 * sizeof(word) > z->limit / 4)
        return 0;
    word *old = z->none, *none = calloc(2 * n, K1 * sizeof(word));
    if (!none)
        return 0;
    z->none = none, z->none_mask = 2 * n - 1;
    for (size_t i = 0; i < n; i++)
        if (old[i * K1])
            none_place(z, old[i * K1], old + i * K1 + 1, 1);
    free(old);
    return 1;
}

/* Within a quarter of the limit the cache forgets nothing: it doubles when half full or a probe run is long. */
static void none_put(zwalk *z, word h, const word *key)
{
    if (2 * ++z->none_used > z->none_mask)
        none_grow(z);
    while (!none_place(z, h | 1, key, 0))
        if (!none_grow(z)) {
            none_place(z, h | 1, key, 1);
            return;
        }
}

void xcc_zdd_progress(zwalk *z, int l)
{
    const xcc_problem *p = z->p;
    z->next_report = z->nodes + z->every;
    for (int j = 0; j < l; j++) { /* trail[j].entry: the item; its place in the option */
        xcc_choice *c = &z->trail[j];
        int q = p->opt_node[c->option];
        while (p->nd[q].itm != c->entry)
            q++;
        z->path[j] = (xcc_choice){c->option, q - p->opt_node[c->option], c->k, c->d};
    }
    xcc_progress pr = {.nodes = z->nodes, .level = l, .maxl = l, .path = z->path,
                       .fraction = xcc_path_fraction(z->path, l), .unsolved = 1};
    z->sink->progress(z->sink->ctx, &pr);
}

int xcc_zdd_stopped(zwalk *z)
{
    /* with --checkpoint the flag is seen only entering a node (xcc_zdd_enter), where
       there is a position to write down */
    int flag = !z->psum && z->st->interrupt;
    if (z->quit && atomic_load_explicit(z->quit, memory_order_relaxed)) {
        z->stop = XCC_STOP_INTERRUPT; /* the team's: another walk finished, or failed */
        return 1;
    }
    if (flag && *z->st->interrupt) {
        z->stop = XCC_STOP_INTERRUPT;
        return 1;
    }
    if (z->poll && ++z->polls >= z->poll) { /* the library's cursor, or its time-limit */
        xcc_progress pr = {.level = -1};
        z->polls = 0;
        z->sink->progress(z->sink->ctx, &pr);
        if (flag && *z->st->interrupt) {
            z->stop = XCC_STOP_INTERRUPT;
            return 1;
        }
    }
    return z->status != XCC_OK || z->stop != XCC_COMPLETE;
}

void xcc_zdd_resumed(zwalk *z, xcc_count *total)
{
    if (!z->resume || z->status != XCC_OK || z->stop != XCC_COMPLETE)
        return;
    if (z->replay) /* the path ended before its last level */
        xcc_zdd_refuse_path(z);
    else
        xcc_zdd_add(z, total, z->resume->fig.solutions);
}

int xcc_zdd_node_of(const zwalk *z, int o, int x)
{
    if (o < 0) /* DLX3's null choice: its item */
        return x;
    int q = z->p->opt_node[o];
    while (z->p->nd[q].itm != x)
        q++;
    return q;
}

/* The position of a node of level l: its path, the solutions of the branches done above it. */
static int checkpoint_at(zwalk *z, int l)
{
    int *choice = malloc(((size_t)l + 1) * sizeof(int));
    xcc_count total = z->resume ? z->resume->fig.solutions : 0;
    int fail = !choice;
    for (int j = 0; j < l && !fail; j++) {
        choice[j] = xcc_zdd_node_of(z, z->trail[j].option, z->trail[j].entry);
        fail = xcc_count_add(&z->pool, total, z->psum[j], &total);
    }
    if (fail) {
        free(choice);
        z->status = XCC_NO_MEMORY;
        return 1;
    }
    xcc_position pos = {.level = l, .maxl = l, .choice = choice};
    pos.fig.nodes = z->nodes - 1; /* the node is entered again on resuming */
    if (xcc_count_is_big(total))
        pos.unwritable = "the count so far is past 2^127";
    else
        pos.fig.solutions = total;
    int stop = z->sink->checkpoint(z->sink->ctx, &pos);
    free(choice);
    if (stop)
        z->stop = XCC_STOP_INTERRUPT;
    return stop;
}

int xcc_zdd_enter(zwalk *z, int l, int *want)
{
    *want = -1;
    if (z->replay && l < z->resume->level)
        *want = z->resume->choice[l];
    else
        z->replay = 0;
    if (z->replay) /* the flag waits for the first node past the path */
        return z->status != XCC_OK;
    if (z->psum && z->st->interrupt && *z->st->interrupt && checkpoint_at(z, l))
        return 1;
    return xcc_zdd_stopped(z);
}

int xcc_zdd_refuse_path(zwalk *z)
{
    z->status = XCC_REFUSED;
    return 1;
}

unsigned xcc_zdd_make_node(zwalk *z, const xcc_choice *c, unsigned lo, unsigned hi, xcc_count count)
{
    if (z->next_id > 0xffffffffu) {
        z->status = xcc_diag_set(z->d, XCC_NO_MEMORY, "more than 2^32 ZDD nodes");
        return 0;
    }
    size_t i = (size_t)z->next_id - 2;
    if (z->keep_nodes && i == z->zn_cap) {
        size_t cap = z->zn_cap ? 2 * z->zn_cap : 1024;
        znode *zn = over_limit(z, z->cap, z->mask, cap) ? NULL : realloc(z->zn, cap * sizeof *zn);
        if (!zn) {
            if (z->status == XCC_OK)
                z->status = XCC_NO_MEMORY;
            return 0;
        }
        z->zn = zn, z->zn_cap = cap;
    }
    if (z->keep_nodes)
        z->zn[i] = (znode){count, lo, hi, *c};
    xcc_zdd_line line = {(unsigned)z->next_id, lo, hi, (ullng)c->option + 1};
    if (z->sink->zdd && z->sink->zdd(z->sink->ctx, &line))
        z->stop = XCC_STOP_CALLBACK;
    return (unsigned)z->next_id++;
}

/* ---- walks down the ZDD: listing and sampling --------------------------------- */

/* Hands solution path[0 .. size-1] to the sink; 1 to stop. */
static int hand_out(zwalk *z, int size)
{
    z->listed++;
    if (!xcc_sink_wants(z->sink, z->listed))
        return 0;
    xcc_solution sol = xcc_solution_at(z->listed, size, z->path, 0);
    if (z->sink->solution(z->p, &sol, z->sink->ctx)) {
        z->stop = XCC_STOP_CALLBACK;
        return 1;
    }
    return 0;
}

/*
 * Every solution of node n (n > 1), at level l, in DLX2's order: the
 * options of n's chain from the one made first (the first in the
 * branch item's list), each followed by the solutions of its hi.
 */
static int list_below(zwalk *z, unsigned n, int l)
{
    size_t base = z->nstk;
    int stop = 0;
    for (; n > 1; n = z->zn[n - 2].lo)
        z->stk[z->nstk++] = n;
    for (size_t i = z->nstk; !stop && i-- > base;) {
        const znode *e = &z->zn[z->stk[i] - 2];
        z->path[l] = e->choice;
        stop = xcc_zdd_stopped(z) || (e->hi == 1 ? hand_out(z, l + 1) : list_below(z, e->hi, l + 1));
    }
    z->nstk = base;
    return stop;
}

/* The solutions of node n: 0, 1 or its count. */
static xcc_count count_of(const zwalk *z, unsigned n)
{
    return n > 1 ? z->zn[n - 2].count : n;
}

/* Solution number want (from 0, in DLX2's order) of node n; 1 to stop. */
static int draw_below(zwalk *z, unsigned n, xcc_count want)
{
    for (int l = 0;; n = z->zn[n - 2].hi, l++)
        for (;;) {
            const znode *e = &z->zn[n - 2];
            xcc_count before = count_of(z, e->lo);
            if (xcc_count_cmp(&z->pool, want, before) < 0) {
                n = e->lo;
                continue;
            }
            if (xcc_count_sub(&z->pool, want, before, &want))
                return z->status = XCC_NO_MEMORY, 1;
            z->path[l] = e->choice;
            if (e->hi == 1)
                return hand_out(z, l + 1);
            break;
        }
}

/*
 * The same in DLX3's order (hi_first): a node's option with the
 * solutions of its HI, then those of its LO (the later choices of the
 * level, ending with the null one's, which may be the sink 1).
 */
static int list_hi_first(zwalk *z, unsigned n, int l)
{
    for (; n > 1; n = z->zn[n - 2].lo) {
        const znode *e = &z->zn[n - 2];
        z->path[l] = e->choice;
        if (xcc_zdd_stopped(z) || list_hi_first(z, e->hi, l + 1))
            return 1;
    }
    return n == 1 && hand_out(z, l);
}

static int draw_hi_first(zwalk *z, unsigned n, xcc_count want)
{
    int l = 0;
    while (n > 1) {
        const znode *e = &z->zn[n - 2];
        xcc_count here;
        if (xcc_count_sub(&z->pool, e->count, count_of(z, e->lo), &here))
            return z->status = XCC_NO_MEMORY, 1;
        if (xcc_count_cmp(&z->pool, want, here) < 0) {
            z->path[l++] = e->choice;
            n = e->hi;
        } else {
            if (xcc_count_sub(&z->pool, want, here, &want))
                return z->status = XCC_NO_MEMORY, 1;
            n = e->lo;
        }
    }
    return hand_out(z, l);
}

ullng xcc_rand_next(xcc_rand *r)
{
    ullng *s = r->s, x = s[1] * 5, out = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
    s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return out;
}

void xcc_rand_seed(xcc_rand *r, ullng seed)
{
    for (int i = 0; i < 4; i++) {
        ullng x = (seed += 0x9e3779b97f4a7c15ULL);
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
        r->s[i] = x ^ (x >> 31);
    }
}

xcc_u128 xcc_rand_below(xcc_rand *r, xcc_u128 n)
{
    int bits = 0;
    for (xcc_u128 m = n - 1; m; m >>= 1)
        bits++;
    for (;;) {
        xcc_u128 x = ((xcc_u128)xcc_rand_next(r) << 64) | xcc_rand_next(r);
        if (bits < 128)
            x &= ((xcc_u128)1 << bits) - 1;
        if (x < n)
            return x;
    }
}

int xcc_rand_below_big(xcc_rand *r, const xcc_big *n, xcc_big *out)
{
    xcc_big one = XCC_BIG_ZERO, m = XCC_BIG_ZERO;
    if (xcc_big_set(&one, 1) || xcc_big_copy(&m, n)) {
        xcc_big_free(&one), xcc_big_free(&m);
        return 1;
    }
    xcc_big_sub(&m, &one);
    size_t bits = xcc_big_bits(&m), L = (bits + 63) / 64;
    xcc_big_free(&one), xcc_big_free(&m);
    if (L < 2)
        L = 2;
    if (out->cap < L) {
        uint64_t *w = realloc(out->w, L * sizeof *w);
        if (!w)
            return 1;
        out->w = w, out->cap = L;
    }
    for (;;) { /* L limbs, the most significant first, as rand_below draws two */
        for (size_t i = L; i-- > 0;)
            out->w[i] = xcc_rand_next(r);
        for (size_t i = (bits + 63) / 64; i < L; i++)
            out->w[i] = 0;
        if (bits % 64)
            out->w[(bits - 1) / 64] &= (1ULL << (bits % 64)) - 1;
        out->n = L;
        while (out->n && !out->w[out->n - 1])
            out->n--;
        if (xcc_big_cmp(out, n) < 0)
            return 0;
    }
}

/* ---- a walk's start and end --------------------------------------------- */

xcc_status xcc_zdd_init(zwalk *z, int K, size_t levels, const xcc_problem *p, const xcc_settings *st,
                    const xcc_sink *sink, xcc_diag *d)
{
    z->p = p, z->st = st, z->sink = sink, z->d = d;
    z->limit = xcc_knobs(st)->memory_limit;
    z->keep_nodes = sink->solution != NULL;
    z->poll = sink->progress ? xcc_knobs(st)->poll_nodes : 0;
    z->every = sink->progress ? xcc_knobs(st)->progress_nodes : 0;
    z->next_report = z->every ? z->every : ~0ULL;
    z->next_id = 2;
    z->K = K, z->levels = levels;
    /*
     * only the count, on DLX2's tree: a share, no nodes, no cache apart.
     * Not on DLX3's: there the share keeps the dead subproblems the cache
     * would forget (domino tilings of 14 x 14: 83 -> 232 MB, no faster;
     * 16 x 16: 508 -> 953 MB, 6.7 -> 3.3 s)
     */
    if (!z->share && !z->hi_first && !sink->solution && !sink->zdd) {
        if (!(z->share = xcc_zshare_new(K, z->limit)))
            return XCC_NO_MEMORY;
        z->own_share = 1;
    }
    z->cap = 1024, z->mask = 2047;
    z->levkey = malloc(levels * (size_t)K * sizeof(word));
    z->keys = malloc(z->cap * ENTRY_WORDS(z) * sizeof(word));
    z->table = calloc(z->mask + 1, sizeof(uint64_t));
    z->path = malloc(levels * sizeof(xcc_choice));
    z->none_mask = 1023;
    z->none = calloc(z->none_mask + 1, ((size_t)K + 1) * sizeof(word));
    int ck = sink->checkpoint && !sink->solution && !sink->zdd; /* -c: a count is all it keeps */
    z->trail = z->every || ck ? malloc(levels * sizeof(xcc_choice)) : NULL;
    z->psum = ck ? calloc(levels, sizeof(xcc_count)) : NULL;
    z->resume = ck ? xcc_knobs(st)->resume : NULL;
    z->replay = z->resume && z->resume->level > 0;
    if (z->resume) /* the path's nodes are entered again */
        z->nodes = (ullng)z->resume->fig.nodes - (ullng)z->resume->level;
    if (!z->levkey || !z->keys || !z->table || !z->path || !z->none || ((z->every || ck) && !z->trail)
        || (ck && !z->psum))
        return XCC_NO_MEMORY;
    return XCC_OK;
}

void xcc_zdd_free(zwalk *z)
{
    free(z->levkey), free(z->keys), free(z->table), free(z->path), free(z->trail), free(z->psum);
    free(z->zn), free(z->stk), free(z->none);
    xcc_bigpool_free(&z->pool);
    if (z->own_share)
        xcc_zshare_free(z->share);
    z->share = NULL, z->own_share = 0;
}

int xcc_zdd_recall(zwalk *z, word h, const word *key, zslot *at, unsigned *node, xcc_count *count)
{
    if (z->share) {
        if (!xcc_zshare_get(z->share, h, key, count))
            return 0;
        *node = *count != 0; /* a node: none is made from it */
        z->hits++;
        return 1;
    }
    size_t i = memo_slot(z, h, key);
    *at = (zslot){i, z->mask};
    if (z->table[i]) {
        const word *e = z->keys + (size_t)((uint32_t)z->table[i] - 1) * ENTRY_WORDS(z) + z->K;
        *node = (unsigned)e[2], *count = (xcc_u128)e[1] << 64 | e[0];
        z->hits++;
        return 1;
    }
    if (none_has(z, h, key)) {
        *node = 0, *count = 0;
        z->hits++;
        return 1;
    }
    return 0;
}

int xcc_zdd_remember(zwalk *z, zslot at, word h, const word *key, unsigned node, xcc_count count)
{
    if (z->share) {
        if (xcc_count_is_big(count) && z->workers > 1) /* another's pool: not theirs */
            return z->stop = XCC_STOP_WIDE, 1;
        if (!xcc_zshare_put(z->share, h, key, count))
            return 0;
        if (z->limit)
            z->status = xcc_diag_set(z->d, XCC_NO_MEMORY,
                                     "the ZDD engine's memo would pass the memory limit of %llu"
                                     " bytes, with %zu subproblems in it so far (raise"
                                     " --memory-limit, or give none)", z->limit,
                                     xcc_zshare_entries(z->share));
        else
            z->status = XCC_NO_MEMORY;
        return 1;
    }
    if (!node && !count) {
        none_put(z, h, key);
        return 0;
    }
    /* the walk below may have taken the slot or grown the table: then look again */
    if (z->mask != at.mask || z->table[at.i])
        at.i = memo_slot(z, h, key);
    return memo_add(z, at.i, key, h, node, count);
}

xcc_status xcc_zdd_of_nothing(const xcc_sink *sink, xcc_figs *fig)
{
    xcc_zdd_line line = {2, 0, 0, 0};
    if (sink->zdd && sink->zdd(sink->ctx, &line))
        fig->stop = XCC_STOP_CALLBACK;
    return XCC_OK;
}

/* One draw of the walk's total (a count of any size): want is uniform below it; 1 out of memory. */
static int draw_want(zwalk *z, xcc_rand *r, xcc_count total, xcc_count *want)
{
    if (!xcc_count_is_big(total)) {
        *want = xcc_rand_below(r, total);
        return 0;
    }
    xcc_big n = XCC_BIG_ZERO, x = XCC_BIG_ZERO;
    int fail = xcc_count_get(&z->pool, total, &n) || xcc_rand_below_big(r, &n, &x)
               || xcc_count_of(&z->pool, &x, want);
    xcc_big_free(&n), xcc_big_free(&x);
    return fail;
}

/* Lists every solution of the top node, or draws k->samples of them. */
static void hand_out_solutions(zwalk *z, unsigned top, xcc_count total)
{
    const xcc_dlx2 *k = xcc_knobs(z->st);
    if (!total)
        return;
    if (!k->samples) {
        if (z->hi_first)
            list_hi_first(z, top, 0);
        else if (!(z->stk = malloc((size_t)(z->next_id - 2) * sizeof *z->stk)))
            z->status = XCC_NO_MEMORY;
        else
            list_below(z, top, 0);
        return;
    }
    xcc_rand r;
    xcc_rand_seed(&r, k->sample_seed);
    size_t kept = z->pool.n; /* the numbers a draw makes are dropped after it */
    for (ullng i = 0; i < k->samples && !xcc_zdd_stopped(z); i++) {
        xcc_count want;
        if (draw_want(z, &r, total, &want)) {
            z->status = XCC_NO_MEMORY;
            break;
        }
        if (z->hi_first)
            draw_hi_first(z, top, want);
        else
            draw_below(z, top, want);
        xcc_bigpool_truncate(&z->pool, kept);
    }
}

xcc_status xcc_zdd_finish(zwalk *z, unsigned top, xcc_count total, xcc_figs *fig)
{
    const xcc_sink *sink = z->sink;
    xcc_diag *d = z->d;
    if (z->status == XCC_OK && z->stop == XCC_COMPLETE) {
        if (sink->zdd) {
            xcc_zdd_line line = {(unsigned)z->next_id, 0, top, 0};
            if (sink->zdd(sink->ctx, &line))
                z->stop = XCC_STOP_CALLBACK;
        }
        if (sink->solution)
            hand_out_solutions(z, top, total);
    }
    if (!xcc_count_is_big(total))
        fig->solutions = total;
    else if (xcc_count_get(&z->pool, total, &fig->big) && z->status == XCC_OK)
        z->status = XCC_NO_MEMORY;
    else
        fig->big_solutions = 1;
    fig->nodes = z->nodes;
    fig->bytes = z->share ? xcc_zshare_bytes(z->share) : memo_bytes(z, z->cap, z->mask, z->zn_cap);
    fig->stop = z->stop;
    fig->mems_counted = 0;
    xcc_status s = z->status;
    if (s == XCC_NO_MEMORY && !(d && d->message[0]))
        xcc_diag_set(d, XCC_NO_MEMORY, "out of memory with %zu subproblems in the ZDD's memo ("
                     KEEP_WHOLE ")", z->share ? xcc_zshare_entries(z->share) : z->n);
    xcc_zdd_free(z);
    return s;
}
