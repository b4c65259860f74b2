/*
 * xcc_zdd.c — every solution at once, as Knuth's DLX6 finds them: DLX2's
 * search tree, each subproblem solved once and kept as a node of a ZDD.
 *
 * A node of the tree is a subproblem. Two nodes with the same live
 * options (and, of the secondary items those options use, the same ones
 * purified) have the same subtree, so the second one takes the first
 * one's answer from the memo. The answer of a subproblem that branches
 * on item x, whose options o1, o2, ... (in list order) lead to
 * subproblems with solutions, is a chain of ZDD nodes made as the
 * options are finished: (~o1 ? 0 : z1), then (~o2 ? that : z2), and so
 * on; the last one made stands for all its solutions. This is the
 * diagram DLX6 writes, node for node and in the same order: DLX6's memo
 * key (the active primary items, and each secondary item still in some
 * live option with its purification) tells the same subproblems apart as
 * ours, except at dead ends (an active item without options), which make
 * no node either way (formats/zdd.md).
 *
 * The walk is the twin's (xcc_twin.h: bit sets of live options, DLX2's
 * branch item and option order); its figures are not kept, since no
 * mems are reported. The memo is kept whole, not as a cache: its size
 * is the number of subproblems with a primary item still to cover, and
 * past the memory limit the search stops with XCC_NO_MEMORY.
 *
 * To list or draw solutions the nodes are kept too, each with its count
 * and its option as DLX2 lists it; then the solutions are the paths to
 * the sink 1, listed in DLX2's order (a node's chain from the option
 * made first), or drawn uniformly: a draw takes a number below the count
 * of all and walks down to the solution of that rank, a walk of one
 * chain per level, no search.
 */
#include "xcc_twin_memo.h"
#include "xcc_zdd.h"

#include <stdlib.h>

/* A subproblem met: its solutions, and the ZDD node that holds them (0: none). */
typedef struct zstate {
    xcc_u128 count;
    unsigned node;
} zstate;

/*
 * A ZDD node, kept when solutions are to be listed or drawn: its option
 * as DLX2's listing shows it (entry, k of d), its branches, and the
 * solutions it stands for (those of lo and those through hi).
 */
typedef struct znode {
    xcc_u128 count;
    unsigned lo, hi;
    xcc_choice choice;
} znode;

typedef struct zwalk {
    twin *t;
    const xcc_problem *p;
    const xcc_settings *st;
    const xcc_sink *sink;
    int K;              /* words of a key */
    word *levkey;       /* a key per level */
    word *keys;         /* the memo: keys[K e ..] is the key of states[e] */
    zstate *states;
    size_t n, cap;
    /* open addressing: entry + 1 in the low half (0: empty), the high
       half of the key's hash above it, which spares reading the keys of
       most entries that do not match */
    uint64_t *table;
    size_t mask;
    ullng next_id;      /* the next ZDD node */
    ullng limit, nodes, hits;
    /* the subproblems without solutions: a cache (see none_put) */
    word *none;         /* entries of 1 + K words: the hash (odd; 0: empty), the key */
    size_t none_mask, none_used;
    znode *zn;          /* listing and sampling: node id is zn[id - 2] */
    size_t zn_cap;
    int keep_nodes;
    unsigned *stk;      /* listing: the options of a node's chain, level after level */
    size_t nstk;
    xcc_choice *path;   /* listing and sampling: the options chosen */
    ullng listed;
    int overflow;       /* a count passed 2^128 */
    xcc_stop stop;
    xcc_status status;
    xcc_diag *d;
} zwalk;

char *xcc_u128_text(xcc_u128 x, char out[48])
{
    char *q = out + 47;
    *q = '\0';
    do
        *--q = (char)('0' + (int)(x % 10)), x /= 10;
    while (x);
    return memmove(out, q, (size_t)(out + 47 - q) + 1);
}

/* ---- the memo ---------------------------------------------------------- */

/* The memo's bytes with cap entries and a table of mask + 1, the nodes kept and the cache. */
static size_t memo_bytes(const zwalk *z, size_t cap, size_t mask, size_t zn_cap)
{
    return cap * ((size_t)z->K * sizeof(word) + sizeof(zstate)) + (mask + 1) * sizeof(uint64_t)
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

/*
 * The key of slot s: without secondary items its active primary items,
 * else its live options and those of its purified secondary items that
 * some live option still uses.
 */
static word state_key(const zwalk *z, const twin_slot *s, word *key)
{
    const twin *t = z->t;
    if (t->key_act) {
        memcpy(key, s->act, (size_t)t->AW * sizeof(word));
        return key_hash(key, z->K);
    }
    int W = t->b.W;
    memcpy(key, s->live, (size_t)W * sizeof(word));
    for (int v = 0; v < t->KS; v++) {
        word used = s->pure[v];
        for (word bits = used; bits; bits &= bits - 1) {
            const word *mk = bits_item_mask(&t->b, t->second + v * 64 + __builtin_ctzll(bits));
            int any = 0;
            for (int w = 0; w < W && !any; w++)
                any = (s->live[w] & mk[w]) != 0;
            if (!any)
                used &= ~(bits & -bits);
        }
        key[W + v] = used;
    }
    return key_hash(key, z->K);
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
                   && same_key(z->keys + (size_t)((uint32_t)e - 1) * (size_t)z->K, key, z->K)))
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
        const word *key = z->keys + e * (size_t)z->K;
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
    word *keys = realloc(z->keys, cap * (size_t)z->K * sizeof(word));
    if (keys)
        z->keys = keys;
    zstate *states = keys ? realloc(z->states, cap * sizeof(zstate)) : NULL;
    if (!states)
        return z->status = XCC_NO_MEMORY, 1;
    z->states = states, z->cap = cap;
    return 0;
}

/* Remembers the answer for key at table slot i. */
static int memo_add(zwalk *z, size_t i, const word *key, word h, unsigned node, xcc_u128 count)
{
    if (z->n == z->cap && grow_states(z))
        return 1;
    memcpy(z->keys + z->n * (size_t)z->K, key, (size_t)z->K * sizeof(word));
    z->states[z->n] = (zstate){count, node};
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

/* ---- the walk that builds it -------------------------------------------- */

static int stopped(zwalk *z)
{
    if (z->st->interrupt && *z->st->interrupt) {
        z->stop = XCC_STOP_INTERRUPT;
        return 1;
    }
    return z->status != XCC_OK || z->stop != XCC_COMPLETE;
}

/* A new ZDD node (~option ? lo : hi) of count solutions, handed to the sink and maybe kept. */
static unsigned make_node(zwalk *z, const xcc_choice *c, unsigned lo, unsigned hi, xcc_u128 count)
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

/* The first live option of x at or after list entry k, or past the list's end. */
static int next_entry(const twin *t, const word *opts, int x, int k)
{
    while (k < t->b.lstart[x + 1] && !bits_has(opts, t->b.list[k].opt))
        k++;
    return k;
}

/*
 * The node and the count of the subproblem in slot l, which has a
 * primary item to cover; 1 when the walk must stop.
 */
BITS_HOT static int solve_below(zwalk *z, int l, unsigned *node, xcc_u128 *count)
{
    twin *t = z->t;
    twin_slot *s = &t->slots[l];
    cost ignored = {0, 0, 0, 0};
    *node = 0, *count = 0;
    z->nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(z->nodes, (ullng)t->b.P8 * (ullng)t->b.W))
        xcc_twin_sanity(t, s, z->nodes);
#endif
    if (stopped(z))
        return 1;
    int least = least_length(t, s);
    if (!least)
        return 0; /* a dead end: no node, and not worth a memo entry */
    word *key = z->levkey + (size_t)l * (size_t)z->K;
    word h = state_key(z, s, key);
    size_t i = memo_slot(z, h, key), mask = z->mask;
    if (z->table[i]) {
        const zstate *e = &z->states[(uint32_t)z->table[i] - 1];
        *node = e->node, *count = e->count;
        z->hits++;
        return 0;
    }
    if (none_has(z, h, key)) {
        z->hits++;
        return 0;
    }
    ullng looked;
    int x = choose(s, least, &looked);
    if (reserve_slot(t, l + 1))
        return z->status = XCC_NO_MEMORY, 1;
    cover(t, s, z->p->nd, x, s->opts, 1, &ignored);
    unsigned top = 0;
    xcc_u128 sum = 0;
    twin_slot *c = &t->slots[l + 1];
    int rank = 0;
    for (int k = next_entry(t, s->opts, x, t->b.lstart[x]); k < t->b.lstart[x + 1];
         k = next_entry(t, s->opts, x, k + 1)) {
        unsigned below = 1;
        rank++;
        xcc_u128 n = 1;
        copy_slot(t, c, s, 1);
        commit(t, c, z->p, t->b.list[k].node, 1, &ignored);
        if (c->active) {
            if (solve_below(z, l + 1, &below, &n))
                return 1;
        } else {
            z->nodes++; /* a solution is a node of the tree too, as DLX6 counts */
        }
        if (below) {
            int o = t->b.list[k].opt;
            xcc_choice ch = {o, t->b.list[k].node - z->p->opt_node[o], rank, least};
            z->overflow |= sum + n < sum;
            sum += n;
            top = make_node(z, &ch, top, below, sum);
            if (stopped(z))
                return 1;
        }
    }
    if (!top) {
        none_put(z, h, key);
        return 0;
    }
    /* the walk below may have taken slot i or grown the table: then look again */
    if (z->mask != mask || z->table[i])
        i = memo_slot(z, h, key);
    if (memo_add(z, i, key, h, top, sum))
        return 1;
    *node = top, *count = sum;
    return 0;
}

/* ---- walks down the ZDD: listing and sampling --------------------------------- */

/* Hands solution path[0 .. size-1] to the sink; 1 to stop. */
static int hand_out(zwalk *z, int size)
{
    z->listed++;
    if (!xcc_sink_wants(z->sink, z->listed))
        return 0;
    xcc_solution sol = {z->listed, size, z->path, 0};
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
        stop = stopped(z) || (e->hi == 1 ? hand_out(z, l + 1) : list_below(z, e->hi, l + 1));
    }
    z->nstk = base;
    return stop;
}

/* Solution number want (from 0, in DLX2's order) of node n. */
static int draw_below(zwalk *z, unsigned n, xcc_u128 want)
{
    for (int l = 0;; n = z->zn[n - 2].hi, l++)
        for (;;) {
            const znode *e = &z->zn[n - 2];
            xcc_u128 before = e->lo > 1 ? z->zn[e->lo - 2].count : 0;
            if (want < before) {
                n = e->lo;
                continue;
            }
            want -= before;
            z->path[l] = e->choice;
            if (e->hi == 1)
                return hand_out(z, l + 1);
            break;
        }
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

/* ---- the engine --------------------------------------------------------- */

static const char *zdd_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    if (st->threads > 1 || st->shards > 1)
        return "the ZDD engine (--zdd, --sample, --engine=zdd) walks in one thread:"
               " -j and --shard do not go with it";
    if (st->randomize)
        return "the ZDD engine does not do s<n> (--sample takes --seed)";
    if (st->max_solutions != XCC_UNLIMITED || st->max_mems != XCC_UNLIMITED
        || (k->asked & (XCC_ASKED_MEMS_LIMIT | XCC_ASKED_DELTA)))
        return "the ZDD engine finds every solution at once and counts no mems:"
               " t<n>, T<n> and d<n> do not go with it";
    if (k->want_shape || (k->vbose & ~(XCC_SHOW_BASICS | XCC_SHOW_WARNINGS)))
        return "the ZDD engine does not do S<file>, v2, v4, v128, v256 or v512";
    if (st->accept || st->retract)
        return "the ZDD engine does not do pruning hooks";
    if (p && p->options && xcc_twin_refuses(p, st))
        return "the ZDD engine walks with the twin's bit sets, which would pass 256 MB"
               " on this problem";
    return NULL;
}

static void zwalk_free(zwalk *z)
{
    xcc_twin_delete(z->t);
    free(z->levkey), free(z->keys), free(z->states), free(z->table), free(z->path);
    free(z->zn), free(z->stk), free(z->none);
}

static xcc_status zwalk_init(zwalk *z, const xcc_problem *p, const xcc_settings *st,
                             const xcc_sink *sink, xcc_diag *d)
{
    memset(z, 0, sizeof *z);
    z->p = p, z->st = st, z->sink = sink, z->d = d;
    z->limit = xcc_knobs(st)->memory_limit;
    z->keep_nodes = sink->solution != NULL;
    z->next_id = 2;
    if (!(z->t = xcc_twin_new(p)))
        return XCC_NO_MEMORY;
    twin *t = z->t;
    z->K = t->key_act ? t->AW : t->b.W + t->KS;
    size_t levels = (size_t)t->b.P + 2;
    z->cap = 1024, z->mask = 2047;
    z->levkey = malloc(levels * (size_t)z->K * sizeof(word));
    z->keys = malloc(z->cap * (size_t)z->K * sizeof(word));
    z->states = malloc(z->cap * sizeof(zstate));
    z->table = calloc(z->mask + 1, sizeof(uint64_t));
    z->path = malloc(levels * sizeof(xcc_choice));
    z->none_mask = 1023;
    z->none = calloc(z->none_mask + 1, ((size_t)z->K + 1) * sizeof(word));
    if (!z->levkey || !z->keys || !z->states || !z->table || !z->path || !z->none)
        return XCC_NO_MEMORY;
    if (reserve_slot(t, 0))
        return XCC_NO_MEMORY;
    root_slot(t);
    return XCC_OK;
}

/* Lists every solution of the top node, or draws k->samples of them. */
static void hand_out_solutions(zwalk *z, unsigned top, xcc_u128 total)
{
    const xcc_dlx2 *k = xcc_knobs(z->st);
    if (!total)
        return;
    if (!k->samples) {
        if (!(z->stk = malloc((size_t)(z->next_id - 2) * sizeof *z->stk)))
            z->status = XCC_NO_MEMORY;
        else
            list_below(z, top, 0);
        return;
    }
    xcc_rand r;
    xcc_rand_seed(&r, k->sample_seed);
    for (ullng i = 0; i < k->samples && !stopped(z); i++)
        draw_below(z, top, xcc_rand_below(&r, total));
}

static xcc_status zdd_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                            xcc_figures *fig, xcc_diag *d)
{
    zwalk z;
    if (!p->options) { /* the twin needs an option: the ZDD of nothing */
        xcc_zdd_line line = {2, 0, 0, 0};
        if (sink->zdd && sink->zdd(sink->ctx, &line))
            fig->stop = XCC_STOP_CALLBACK;
        return XCC_OK;
    }
    xcc_status s = zwalk_init(&z, p, st, sink, d);
    if (s != XCC_OK) {
        zwalk_free(&z);
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory before the search");
    }
    unsigned top = 0;
    xcc_u128 total = 0;
    solve_below(&z, 0, &top, &total);
    if (z.overflow && z.status == XCC_OK)
        z.status = xcc_diag_set(d, XCC_REFUSED, "more than 2^128 solutions");
    if (z.status == XCC_OK && z.stop == XCC_COMPLETE) {
        if (sink->zdd) {
            xcc_zdd_line line = {(unsigned)z.next_id, 0, top, 0};
            if (sink->zdd(sink->ctx, &line))
                z.stop = XCC_STOP_CALLBACK;
        }
        if (sink->total)
            sink->total(sink->ctx, (ullng)(total >> 64), (ullng)total);
        if (sink->solution)
            hand_out_solutions(&z, top, total);
    }
    fig->solutions = total >> 64 ? ~0ULL : (ullng)total;
    fig->nodes = z.nodes;
    fig->bytes = memo_bytes(&z, z.cap, z.mask, z.zn_cap);
    fig->stop = z.stop;
    fig->mems_counted = 0;
    s = z.status;
    if (s == XCC_NO_MEMORY && !(d && d->message[0]))
        xcc_diag_set(d, XCC_NO_MEMORY, "out of memory with %zu subproblems in the ZDD's memo ("
                     KEEP_WHOLE ")", z.n);
    zwalk_free(&z);
    return s;
}

const xcc_engine xcc_zdd_engine = {"zdd", zdd_refuses, zdd_solve, NULL};
