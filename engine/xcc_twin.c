/*
 * xcc_twin.c — DLX2's search tree, walked without dancing links.
 *
 * DLX2's tree is fixed by what its lists hold, not by how they are
 * linked: the list of an active item is the set of live options (those
 * not hidden) that contain it, in input order; an item's length is the
 * size of that set; the branch item is the first active primary item of
 * least length. The twin keeps exactly these sets as bit sets (the
 * tables of xcc_bits.h), so it branches on the same items, tries the same
 * options in the same order, and meets the same solutions, nodes and
 * dead ends as DLX2 (and as xcc_search.c, its dancing-links twin).
 *
 * Its figures are derived, not counted one link at a time. Every mem,
 * update and cleansing DLX2 charges is a function of quantities the bit
 * sets give at once. Hiding an option o of len items, c of them cleansed
 * (secondary items purified to o's color), costs 6 len - 4 - 5c mems and
 * len - 1 - c updates, plus 2 lmems for each secondary item updated;
 * covering item x costs 3 mems, one update and a mem per list element
 * plus one, on top of hiding its live options; purifying x costs 2 mems
 * per list element plus 2, a mem and a cleansing per option agreeing
 * with the color (plus one cleansing), and the hiding of the others.
 * Undoing costs what doing cost (the same nodes are visited on the way
 * back), so each level remembers the mems and lmems of its cover and of
 * its current option, and adds them again when it undoes them. The
 * branch-item scan costs one mem plus two per item looked at, and stops
 * after an item of length zero. formats/mems.md describes the model.
 *
 * Data per level (a slot, copy-on-descend as in xcc_fast.c): the live
 * options L, the set S of options of the branch item, the length of every
 * primary item (COVERED once covered), the set of purified secondary
 * items, and the number of primary items still active (and, without
 * secondary items, their set: the memo's key). Each slot is
 * written before its children are made, and never read after the
 * level's last option is undone.
 *
 * When the search only counts, a memo of finished subtrees (below, before
 * walk) spares walking a subtree twice; the threads of -j share it.
 *
 * It also walks the top of the tree for the threads and shards of
 * xcc_parallel.c (split_depth: the subtrees below are handed out, to
 * other twins), and the subtrees themselves (base_level).
 *
 * What it does not do, and leaves to xcc_search.c: randomizing (s<n>),
 * tracing (v2, v4), shape files, pruning hooks. xcc_twin_refuses() says
 * when it cannot stand in.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and madvise, for the memo */
#include "xcc_tree.h"
#include "xcc_bits.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define COVERED (1 << 30)

/* Slots past this many bytes in all: leave the problem to the links. */
#define TWIN_STATE_BYTES (256ULL << 20)
#define TWIN_TABLE_BYTES (256ULL << 20)

typedef struct twin_slot {
    word *live;    /* L: W words */
    word *opts;    /* S: the branch item's options at this node */
    word *pure;    /* purified secondary items, bit x - second */
    word *act;     /* active primary items, bit x - 1 (kept when they are the memo key) */
    int *cnt;      /* P8 lengths */
    int active;    /* primary items not yet covered */
    int npure;     /* secondary items purified */
} twin_slot;

/* The figures of one cover, purify or option, before they are added. */
typedef struct cost {
    ullng mems, lmems, updates, cleansings;
} cost;

/* What a level must remember to walk its options and undo them. */
typedef struct twin_frame {
    int item;             /* the branch item */
    int pos;              /* the next option to look at in S */
    ullng cover_mems, cover_lmems;    /* of cover(item), charged again on undo */
    ullng commit_mems, commit_lmems;  /* of the current option */
    /* for the memo: the figures when the node was entered, the deepest
       level below it (relative), and where its entry goes */
    cost start;
    ullng start_cmems, start_nodes, start_count;
    int deep;
    word *entry;
} twin_frame;

struct xcc_twin {
    xcc_bits b;
    int SW;               /* words of a set of secondary items */
    int K;                /* words of a memo key: L and purified items, or active items */
    int KS;               /* of those, the purified items' (0 without secondaries) */
    int AW;               /* words of a set of primary items */
    int key_act;          /* the key is the active items (no secondaries) */
    struct memo *memo;    /* the memo (see walk), or NULL; may be shared */
    word *keys;           /* per level: the key of its node, K words */
    int second;
    twin_slot *slots;
    int nslots;
    twin_frame *frames;
    int *agree_of;        /* per node: its row in agree, or -1 */
    word *agree;          /* rows: options giving an item one color */
    word *scratch;        /* W words */
    int memo_tried;       /* start_memo was called */
    int memo_owner;       /* this twin made the memo and frees it */
    int memo_unbooked;    /* entries written, not yet added to memo->writes */
};
typedef struct xcc_twin twin;

/*
 * The memo. Below a node, DLX2's subtree and every figure of it depend
 * only on the node's live options, active primary items and purified
 * secondary items: the lists are the live options of each item, the
 * cleansed nodes are those of purified items, and the branch scan reads
 * the active items in order. A key needs less than all three:
 *  - Without secondary items, an option is live if and only if all its
 *    items are active (covering an item hides all its options), so the
 *    active items are the key: 2 words for the 72 items of the knight's
 *    covers or of the pentominoes, not 3 or 27 for their 160 or 1696
 *    options.
 *  - With them, the key is the live options and the purified items: the
 *    active primary items are exactly the primary items of the live
 *    options, unless one has no live option left. Such a node is a dead
 *    end, cheaper to walk than to look up, and is neither looked up nor
 *    stored (with either key).
 * When the search only counts, the figures of each finished subtree are
 * kept under its key in a direct-mapped table, and a node met again adds
 * them up instead of walking its subtree: knight's cycle covers and other
 * permutation-like problems meet the same subproblems millions of times.
 *
 * The workers of -j share one table, so a subtree one of them finished
 * is not walked again by another (with a table each, splitting the tree
 * split the memo's hits too, and two threads were slower than one on
 * the knight covers). An entry is a sequence word, the K key words, then
 * the figures. The low half of the sequence word is 0 while the entry is
 * empty and odd while a thread writes it; a writer claims it by
 * compare-and-swap from even to odd (and gives up if someone else has
 * it: the memo is only a cache), a reader copies the entry and trusts
 * the copy only if the sequence word was even and unchanged around it.
 * So a torn entry is never used, and a lookup costs no lock. The high
 * half holds the figure M_DEEP, which needs no word of its own.
 */
/* The figures of an entry; without secondary items lmems and cleansings
   are always 0, and are not stored: a knight's entry is 8 words, one cache
   line (with all of them in words of their own, it was 13). */
enum { M_COUNT, M_NODES, M_MEMS, M_UPDATES, M_CMEMS, M_LMEMS, M_CLEANSINGS, M_DEEP, M_FIGS };
#define SEQ_BITS 0xffffffffULL /* of the sequence word, the sequence */
#define TWIN_MEMO_BYTES (32u << 20)      /* the most it grows to */
#define TWIN_MEMO_FIRST_BYTES (256u << 10) /* where it starts */
#define TWIN_MEMO_KEY_WORDS 64
#define HUGE_PAGE (2u << 20)

/*
 * The table starts small and grows once. Its full size is reserved at
 * once, but a page costs nothing until it is touched, and a small
 * problem should not touch 32 MB. So only the first 256 KB are used
 * (mask + 1 entries) until half as many entries have been written; then
 * mask jumps to the full table. Nothing is moved: an entry written under
 * the small mask is looked up elsewhere and missed, which costs a walk of
 * its subtree, once. So the mask needs no lock either; a thread that
 * reads it late just uses the small table a little longer. (Doubling step
 * by step lost more: each doubling strands half the entries.)
 *
 * Why 32 MB at most: every page touched must be found and cleared by the
 * kernel (and on a virtual machine, by its host), and the table is
 * touched all over. Knight covers (64-byte entries), median of 9: a
 * 64 MB table took 100 ms with one thread (12 ms of it in the kernel),
 * 32 MB 82 ms, 16 MB 74 ms but 47 ms with two threads against 46.
 * random-medium-102 (104-byte entries): 210, 194 and 197 ms.
 *
 * The table asks the kernel for huge pages (a hint), which saves the
 * tens of thousands of page faults that 64 MB in 4 KB pages cost: a third
 * of the knight covers' time with one thread, and with two threads,
 * whose faults queue on one lock, more than all the search (0.23 s and
 * 0.31 s instead of 0.13 s and 0.07 s). A small problem touches one huge
 * page, the small table's.
 */
typedef struct memo {
    word *table;   /* 2 MB aligned, inside the mapping */
    void *map;
    size_t map_bytes;
    size_t mask;   /* entries in use - 1; grows, read and written atomically */
    size_t most;   /* the largest mask */
    ullng writes;  /* entries written so far, added up atomically */
    int K, nfigs;  /* words of a key, figures stored (those before M_DEEP) */
    int stride;    /* words of an entry: 1 + K + nfigs */
} memo;

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

static void memo_free(memo *m)
{
    if (m) {
        munmap(m->map, m->map_bytes);
        free(m);
    }
}

/* Books n more entries written; makes the table full size at half full. */
static void memo_grow(memo *m, ullng n)
{
    ullng w = __atomic_add_fetch(&m->writes, n, __ATOMIC_RELAXED);
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    if (w <= (mask + 1) / 2 || mask == m->most)
        return;
    /* fails only if another thread made the same change first */
    __atomic_compare_exchange_n(&m->mask, &mask, m->most, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* Copies the figures of entry e into fig if e holds key; 0 if not. */
BITS_INLINE int memo_read(const memo *m, const word *e, const word *key, word *fig)
{
    int K = m->K;
    word seq = __atomic_load_n(e, __ATOMIC_ACQUIRE);
    if (!(seq & SEQ_BITS) || (seq & 1))
        return 0;
    for (int k = 0; k < K; k++)
        if (__atomic_load_n(e + 1 + k, __ATOMIC_RELAXED) != key[k])
            return 0;
    for (int f = 0; f < m->nfigs; f++)
        fig[f] = __atomic_load_n(e + 1 + K + f, __ATOMIC_RELAXED);
    for (int f = m->nfigs; f < M_DEEP; f++)
        fig[f] = 0;
    fig[M_DEEP] = seq >> 32;
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return __atomic_load_n(e, __ATOMIC_RELAXED) == seq;
}

/* Stores key and fig in entry e, unless another thread is writing it. */
BITS_INLINE void memo_write(const memo *m, word *e, const word *key, const word *fig)
{
    int K = m->K;
    word seq = __atomic_load_n(e, __ATOMIC_RELAXED);
    if ((seq & 1)
        || !__atomic_compare_exchange_n(e, &seq, seq + 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        return;
    __atomic_thread_fence(__ATOMIC_RELEASE);
    for (int k = 0; k < K; k++)
        __atomic_store_n(e + 1 + k, key[k], __ATOMIC_RELAXED);
    for (int f = 0; f < m->nfigs; f++)
        __atomic_store_n(e + 1 + K + f, fig[f], __ATOMIC_RELAXED);
    __atomic_store_n(e, fig[M_DEEP] << 32 | ((seq + 2) & SEQ_BITS), __ATOMIC_RELEASE);
}

const char *xcc_twin_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    if (st->threads > 1 || st->shards > 1)
        return "the twin walks in one thread (-j and --shard take the parallel driver)";
    if (st->randomize)
        return "s<n> (random choices are the links')";
    if (k->want_shape)
        return "S<file> (the shape of the tree is the links')";
    if (st->accept || st->retract)
        return "pruning hooks (the links')";
    if (k->vbose & (XCC_SHOW_CHOICES | XCC_SHOW_DETAILS | XCC_SHOW_FULL_STATE))
        return "tracing (v2, v4, v256: the links')";
    if (!p)
        return NULL;
    if (p->second <= 1 || p->options == 0)
        return "a problem without primary items or options";
    double n = (double)p->options, P = p->second - 1, S = p->last_itm - p->second;
    double slot = (n / 64 + 1) * 16 + (S / 64 + 1) * 8 + (P + 8) * 4;
    if (xcc_bits_table_bytes(p) * 2 > TWIN_TABLE_BYTES || slot * (P + 1) > TWIN_STATE_BYTES)
        return "tables past 256 MB";
    return NULL;
}

static void twin_free(twin *t)
{
    xcc_bits_free(&t->b);
    for (int k = 0; k < t->nslots; k++)
        free(t->slots[k].live), free(t->slots[k].opts), free(t->slots[k].pure),
            free(t->slots[k].cnt), free(t->slots[k].act);
    free(t->slots), free(t->frames), free(t->agree_of), free(t->agree), free(t->scratch);
    if (t->memo_owner)
        memo_free(t->memo);
    free(t->keys);
}

/*
 * agree: for each secondary item and each color it gets, the options that
 * give it that color; agree_of[x - last_itm] names the row of node x.
 */
static int build_agree(twin *t, const xcc_problem *p)
{
    const xcc_node *nd = p->nd;
    size_t W = (size_t)t->b.W, nodes = (size_t)(p->last_node - p->last_itm) + 1;
    t->agree_of = malloc(nodes * sizeof(int));
    if (!t->agree_of)
        return 3;
    int rows = 0;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = t->b.lstart[i]; k < t->b.lstart[i + 1]; k++) {
            int x = t->b.list[k].node, first = -1;
            t->agree_of[x - p->last_itm] = -1;
            if (!nd[x].color)
                continue;
            for (int j = t->b.lstart[i]; j < k && first < 0; j++)
                if (nd[t->b.list[j].node].color == nd[x].color)
                    first = t->agree_of[t->b.list[j].node - p->last_itm];
            t->agree_of[x - p->last_itm] = first >= 0 ? first : rows++;
        }
    t->agree = calloc((size_t)rows * W + 1, sizeof(word));
    if (!t->agree)
        return 3;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = t->b.lstart[i]; k < t->b.lstart[i + 1]; k++) {
            int x = t->b.list[k].node, r = t->agree_of[x - p->last_itm], o = t->b.list[k].opt;
            if (r >= 0)
                t->agree[(size_t)r * W + (size_t)o / 64] |= (word)1 << (o % 64);
        }
    return 0;
}

static int twin_init(twin *t, const xcc_problem *p)
{
    memset(t, 0, sizeof *t);
    if (xcc_bits_build(&t->b, p, 0))
        return 3;
    t->second = p->second;
    t->SW = (p->last_itm - p->second + 63) / 64 + 1;
    t->KS = (p->last_itm - p->second + 63) / 64; /* SW has a spare word */
    t->AW = (t->b.P + 63) / 64;
    t->key_act = p->last_itm == p->second; /* no secondary items */
    t->K = t->key_act ? t->AW : t->b.W + t->KS;
    int cap = t->b.P + 2;
    t->slots = calloc((size_t)cap, sizeof(twin_slot));
    t->frames = calloc((size_t)cap, sizeof(twin_frame));
    t->scratch = malloc((size_t)t->b.W * sizeof(word));
    if (!t->slots || !t->frames || !t->scratch || build_agree(t, p))
        return 3;
    t->nslots = cap;
    return 0;
}

/* Allocates slot k on first use. */
static int alloc_slot(twin *t, int k)
{
    twin_slot *s = &t->slots[k];
    s->live = malloc((size_t)t->b.W * sizeof(word));
    s->opts = malloc((size_t)t->b.W * sizeof(word));
    s->pure = malloc((size_t)t->SW * sizeof(word));
    s->cnt = malloc((size_t)t->b.P8 * sizeof(int));
    s->act = malloc((size_t)t->AW * sizeof(word));
    return s->live && s->opts && s->pure && s->cnt && s->act ? 0 : 3;
}

BITS_INLINE int reserve_slot(twin *t, int k)
{
    return t->slots[k].live ? 0 : alloc_slot(t, k);
}

typedef int v4i __attribute__((vector_size(16)));

BITS_INLINE void copy_slot(const twin *t, twin_slot *dst, const twin_slot *src, int with_counts)
{
    for (int w = 0; w < t->b.W; w++)
        dst->live[w] = src->live[w];
    for (int v = 0; v < t->SW; v++)
        dst->pure[v] = src->pure[v];
    if (t->key_act)
        for (int v = 0; v < t->AW; v++)
            dst->act[v] = src->act[v];
    if (with_counts)
        for (int i = 0; i < t->b.P8; i += 4) { /* P8 is a multiple of 8 */
            v4i x;
            memcpy(&x, src->cnt + i, sizeof x);
            memcpy(dst->cnt + i, &x, sizeof x);
        }
    dst->active = src->active;
    dst->npure = src->npure;
}

/*
 * Hides the options of set h (already taken out of the slot's live set):
 * lowers the lengths of their primary items and charges what DLX2's hide
 * charges. own_secondary: the item they are hidden through is secondary.
 */
BITS_INLINE void hide_set(const twin *t, twin_slot *s, const xcc_node *nd, const word *h,
                          int own_secondary, int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    ullng m = 0, len = 0, sec = 0, cleansed = 0;
    for (int w = 0; w < b->W; w++)
        for (word bits = h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            m++;
            len += (ullng)b->olen[o];
            sec += (ullng)b->osec[o];
            if (with_counts)
                for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
                    s->cnt[b->prim[k]]--;
            if (s->npure && b->osec[o]) {
                /* cleansed nodes: its secondary items already purified */
                for (int x = b->first[o], e = x + b->olen[o]; x < e; x++) {
                    int v = nd[x].itm - t->second;
                    if (v >= 0)
                        cleansed += (s->pure[v / 64] >> (v % 64)) & 1;
                }
            }
        }
    c->mems += 6 * len - 4 * m - 5 * cleansed;
    c->updates += len - m - cleansed;
    c->lmems += 2 * (sec - (ullng)own_secondary * m - cleansed);
}

/* cover(x): x leaves the active list and its live options are hidden. */
BITS_INLINE void cover(const twin *t, twin_slot *s, const xcc_node *nd, int x, word *opts,
                       int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    const word *mk = bits_item_mask(b, x);
    ullng m = 0;
    for (int w = 0; w < b->W; w++) {
        word h = s->live[w] & mk[w];
        opts[w] = h;
        s->live[w] &= ~h;
        m += (ullng)__builtin_popcountll(h);
    }
    c->mems += 3 + m + 1;
    c->updates += 1;
    hide_set(t, s, nd, opts, x >= t->second, with_counts, c);
    if (with_counts && x < t->second) {
        s->cnt[x - 1] = COVERED;
        s->active--;
        if (t->key_act)
            s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    }
}

/*
 * purify(x) to the color of node q: options of x with another color are
 * hidden, those with the same color are marked cleansed.
 */
BITS_INLINE void purify(const twin *t, twin_slot *s, const xcc_node *nd, int x, int q,
                        int last_itm, int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    const word *mk = bits_item_mask(b, x);
    const word *ag = t->agree + (size_t)t->agree_of[q - last_itm] * (size_t)b->W;
    word *h = t->scratch;
    ullng all = 0, same = 0;
    for (int w = 0; w < b->W; w++) {
        word l = s->live[w] & mk[w];
        h[w] = l & ~ag[w];
        s->live[w] &= ~h[w];
        all += (ullng)__builtin_popcountll(l);
        same += (ullng)__builtin_popcountll(l & ag[w]);
    }
    c->mems += 1 + (all + 1) + all + same;
    c->cleansings += 1 + same;
    hide_set(t, s, nd, h, 1, with_counts, c);
    int v = x - t->second;
    s->pure[v / 64] |= (word)1 << (v % 64);
    s->npure++;
}

/* commit_option: the items of the option of node q after q, in turn. */
BITS_INLINE void commit(const twin *t, twin_slot *s, const xcc_problem *p, int q,
                        int with_counts, cost *c)
{
    const xcc_node *nd = p->nd;
    for (int pp = q + 1; pp != q;) {
        int cc = nd[pp].itm;
        c->mems++;
        if (cc <= 0) {
            pp = nd[pp].up;
            c->mems++;
            continue;
        }
        if (!nd[pp].color) {
            cover(t, s, nd, cc, t->scratch, with_counts, c);
        } else {
            int v = cc - t->second;
            if (!((s->pure[v / 64] >> (v % 64)) & 1))
                purify(t, s, nd, cc, pp, p->last_itm, with_counts, c);
        }
        pp++;
    }
}

/*
 * The least length of an active primary item (0: a dead end). Covered
 * items and the padding past P have length COVERED, so it is the least
 * of all lengths, found four at a time.
 */
BITS_INLINE int least_length(const twin *t, const twin_slot *s)
{
    v4i m = {COVERED, COVERED, COVERED, COVERED};
    for (int i = 0; i < t->b.P8; i += 4) {
        v4i x;
        memcpy(&x, s->cnt + i, sizeof x);
        v4i less = x < m;
        m = (x & less) | (m & ~less);
    }
    int a = m[0] < m[1] ? m[0] : m[1], c = m[2] < m[3] ? m[2] : m[3];
    return a < c ? a : c;
}

/*
 * The branch item by DLX2's rule, given the least length: the first
 * active primary item of that length. looked: the items DLX2's scan
 * looks at, which is every active item unless it stops at a zero.
 */
BITS_INLINE int choose(const twin_slot *s, int least, ullng *looked)
{
    const int *cnt = s->cnt;
    int i = 0;
    for (;; i += 4) { /* some item has that length: the loop ends */
        v4i x;
        memcpy(&x, cnt + i, sizeof x);
        v4i eq = x == least;
        if (eq[0] | eq[1] | eq[2] | eq[3])
            break;
    }
    while (cnt[i] != least)
        i++;
    if (least) {
        *looked = (ullng)s->active;
    } else {
        ullng n = 0;
        for (int k = 0; k <= i; k++)
            n += cnt[k] < COVERED;
        *looked = n;
    }
    return i + 1;
}

BITS_INLINE void add_cost(cost *sum, const cost *c)
{
    sum->mems += c->mems, sum->lmems += c->lmems;
    sum->updates += c->updates, sum->cleansings += c->cleansings;
}

/*
 * With s->base_level = d > 0, choice[0 .. d-1] were made above (the
 * parallel driver hands out such subtrees): makes them, counting nothing,
 * and notes their places (k of d) for printing.
 */
static int replay(twin *t, xcc_tree *s, int depth)
{
    const xcc_problem *p = s->p;
    const xcc_bits *b = &t->b;
    if (xcc_tree_reserve(s, depth + 2))
        return 3;
    for (int l = 0; l < depth; l++) {
        int q = s->choice[l], best = p->nd[q].itm, o = -1;
        twin_slot *sl = &t->slots[l];
        if (reserve_slot(t, l + 1))
            return 3;
        cost ignored = {0, 0, 0, 0};
        cover(t, sl, p->nd, best, sl->opts, 1, &ignored);
        for (int k = b->lstart[best]; k < b->lstart[best + 1]; k++)
            if (b->list[k].node == q)
                o = b->list[k].opt;
        int k = 0, d = 0;
        for (int w = 0; w < b->W; w++) {
            d += __builtin_popcountll(sl->opts[w]);
            if (w < o / 64)
                k += __builtin_popcountll(sl->opts[w]);
            else if (w == o / 64)
                k += __builtin_popcountll(sl->opts[w] & (((word)1 << (o % 64)) - 1));
        }
        s->path[l].k = k + 1, s->path[l].d = d;
        copy_slot(t, &t->slots[l + 1], sl, 1);
        commit(t, &t->slots[l + 1], p, q, 1, &ignored);
    }
    return 0;
}

/* Gives t a memo of its own, or the memo of from if from is not NULL. */
static void start_memo(twin *t, twin *from)
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

BITS_INLINE word key_hash(const word *key, int K)
{
    word h = 0x9e3779b97f4a7c15ULL;
    for (int k = 0; k < K; k++) {
        h = (h ^ key[k]) * 0xff51afd7ed558ccdULL;
        h ^= h >> 29;
    }
    return h;
}

/* Writes the key of slot s into key and returns its hash. */
BITS_INLINE word memo_key(const twin *t, const twin_slot *s, word *key)
{
    if (t->key_act) {
        for (int v = 0; v < t->AW; v++)
            key[v] = s->act[v];
    } else {
        int W = t->b.W;
        for (int w = 0; w < W; w++)
            key[w] = s->live[w];
        for (int v = 0; v < t->KS; v++)
            key[W + v] = s->pure[v];
    }
    return key_hash(key, t->K);
}

/* Looks key (of hash h) up, and sets *entry to where it will be written. */
BITS_INLINE int memo_find(const memo *m, word h, const word *key, word **entry, word *fig)
{
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    *entry = m->table + (size_t)(h & mask) * (size_t)m->stride;
    return memo_read(m, *entry, key, fig);
}

/*
 * The memo's entries are read at random places, and most reads missed
 * the cache: a third of the knight covers' time went into waiting for
 * them. So a node asks for its children's entries as soon as it knows
 * its options, and the wait overlaps with walking the first children.
 * A child's key costs little next to making its slot: without secondary
 * items, the node's active items less those of the child's option; with
 * them, the node's live options less those the option hides (all
 * options of its items, or of a secondary item's other colors), and its
 * purified items plus the option's colored ones.
 *
 * That pays when keys are short. Measured with one thread, median of 5
 * to 7, with and without: the knight covers (2 words) 89 and 113 ms,
 * random-medium-102 (5 words) 203 and 218 ms, the pentominoes (2 words)
 * within the noise (4x15 936 and 993 ms, 6x10 4.64 and 4.26 s); but the
 * 7x7 word search (9 words) 725 and 712 ms, and pentomino-4x15 when its
 * key was its 27 words of live options, 1082 and 986 ms.
 */
#define TWIN_PREFETCH_KEY_WORDS 8
/* The key of the child of option o: its active items, those of o gone. */
BITS_INLINE void child_key_act(const twin *t, const twin_slot *sl, int o, word *key)
{
    const xcc_bits *b = &t->b;
    for (int v = 0; v < t->AW; v++)
        key[v] = sl->act[v];
    for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
        key[b->prim[k] / 64] &= ~((word)1 << (b->prim[k] % 64));
}

/* The key of the child of option o: its live options and purified items. */
BITS_INLINE void child_key_live(const twin *t, const twin_slot *sl, const xcc_node *nd,
                                int last_itm, int best, int o, word *key)
{
    const xcc_bits *b = &t->b;
    int W = b->W;
    word *pure = key + W;
    for (int v = 0; v < W; v++)
        key[v] = sl->live[v];
    for (int v = 0; v < t->KS; v++)
        pure[v] = sl->pure[v];
    for (int x = b->first[o], e = x + b->olen[o]; x < e; x++) {
        int i = nd[x].itm, v = i - t->second;
        if (i == best)
            continue;
        const word *mk = bits_item_mask(b, i);
        if (v < 0 || !nd[x].color) {
            for (int u = 0; u < W; u++)
                key[u] &= ~mk[u];
        } else if (!((pure[v / 64] >> (v % 64)) & 1)) {
            const word *ag = t->agree + (size_t)t->agree_of[x - last_itm] * (size_t)W;
            for (int u = 0; u < W; u++)
                key[u] &= ~(mk[u] & ~ag[u]);
            pure[v / 64] |= (word)1 << (v % 64);
        }
    }
}

BITS_INLINE void prefetch_children(const twin *t, const twin_slot *sl, const xcc_node *nd,
                                   int last_itm, int best)
{
    const xcc_bits *b = &t->b;
    const memo *m = t->memo;
    size_t mask = __atomic_load_n(&m->mask, __ATOMIC_RELAXED);
    size_t bytes = (size_t)m->stride * sizeof(word);
    word key[TWIN_MEMO_KEY_WORDS];
    for (int w = 0; w < b->W; w++)
        for (word bits = sl->opts[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            if (sl->active == b->pstart[o + 1] - b->pstart[o] - 1)
                continue; /* a solution: no lookup */
            if (t->key_act)
                child_key_act(t, sl, o, key);
            else
                child_key_live(t, sl, nd, last_itm, best, o, key);
            size_t at = (size_t)(key_hash(key, t->K) & mask) * (size_t)m->stride;
            const char *e = (const char *)(m->table + at);
            __builtin_prefetch(e);
            if (bytes > 64) /* the entry may reach into a second line */
                __builtin_prefetch(e + bytes - 1);
        }
}

/*
 * DLX2's list lengths where a search stopped early with levels 0 .. top
 * chosen, for its "Item totals" (xcc.h: stop_len). A covered or purified
 * item's list keeps the length it had then (its nodes are never unlinked
 * afterwards: hiding skips the cleansed ones); the others' lists are
 * their live options. So the path is made again from the root, noting
 * each length as it freezes. Only on the way out: no need to be fast.
 */
static void note_stop_lengths(const twin *t, xcc_tree *s, int top)
{
    xcc_problem *p = s->p;
    const xcc_bits *b = &t->b;
    const xcc_node *nd = p->nd;
    int W = b->W;
    int *len = malloc((size_t)p->last_itm * sizeof(int));
    word *live = malloc((size_t)W * sizeof(word));
    if (!len || !live) { /* then the totals show the lengths as read */
        free(len), free(live);
        return;
    }
    memset(live, 0, (size_t)W * sizeof(word));
    for (int o = 0; o < b->n; o++)
        live[o / 64] |= (word)1 << (o % 64);
    for (int k = 1; k < p->last_itm; k++)
        len[k] = -1;
    for (int l = 0; l <= top; l++) {
        int q = s->choice[l];
        for (int pp = q, first = 1; first || pp != q; first = 0) {
            int cc = nd[pp].itm;
            if (cc <= 0) {
                pp = nd[pp].up;
                continue;
            }
            if (len[cc] < 0) { /* covered, or purified the first time */
                const word *mk = bits_item_mask(b, cc);
                const word *ag = nd[pp].color && pp != q
                                     ? t->agree + (size_t)t->agree_of[pp - p->last_itm] * (size_t)W
                                     : NULL;
                len[cc] = 0;
                for (int w = 0; w < W; w++) {
                    len[cc] += __builtin_popcountll(live[w] & mk[w]);
                    live[w] &= ~(mk[w] & (ag ? ~ag[w] : ~(word)0));
                }
            }
            pp++;
        }
    }
    for (int k = 1; k < p->last_itm; k++)
        if (len[k] < 0) {
            const word *mk = bits_item_mask(b, k);
            len[k] = 0;
            for (int w = 0; w < W; w++)
                len[k] += __builtin_popcountll(live[w] & mk[w]);
        }
    free(live);
    p->stop_len = len;
}

BITS_HOT static xcc_status walk(xcc_tree *s, twin *t)
{
    const xcc_problem *p = s->p;
    const xcc_bits *b = &t->b;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status status = XCC_OK;
    /* the figures live in registers here, and go back to s for the
       callbacks and at the end */
    cost tot = {s->fig.mems, s->fig.lmems, s->fig.updates, s->fig.cleansings};
    ullng cmems = s->fig.cmems, nodes = s->fig.nodes, count = s->fig.solutions;
    int chosen = 0; /* the option of the current level is in (for the totals) */
    free(s->p->stop_len);
    s->p->stop_len = NULL;
#define SAVE_FIGURES()                                                         \
    (s->fig.mems = tot.mems, s->fig.lmems = tot.lmems, s->fig.updates = tot.updates, \
     s->fig.cleansings = tot.cleansings, s->fig.cmems = cmems, s->fig.nodes = nodes,  \
     s->fig.solutions = count)
    twin_slot *root = &t->slots[0];
    if (reserve_slot(t, 0) || xcc_tree_reserve(s, 2))
        { status = XCC_NO_MEMORY; goto done; }
    memset(root->live, 0, (size_t)b->W * sizeof(word));
    for (int o = 0; o < b->n; o++)
        root->live[o / 64] |= (word)1 << (o % 64);
    memset(root->pure, 0, (size_t)t->SW * sizeof(word));
    for (int i = 0; i < b->P8; i++)
        root->cnt[i] = i < b->P ? b->lstart[i + 2] - b->lstart[i + 1] : COVERED;
    root->active = b->P;
    memset(root->act, 0, (size_t)t->AW * sizeof(word));
    for (int i = 0; i < b->P; i++)
        root->act[i / 64] |= (word)1 << (i % 64);
    root->npure = 0;
    const int base = s->base_level;
    if (replay(t, s, base))
        { status = XCC_NO_MEMORY; goto done; }
    s->level = base;

forward:
    if (s->level == s->split_depth && s->split_depth) {
        /* another part of the program searches this subtree (xcc.h) */
        if (s->on_split && (SAVE_FIGURES(), s->on_split(s, s->split_ctx)))
            { stop = XCC_STOP_CALLBACK; goto done; }
        goto finished;
    }
    int least = least_length(t, &t->slots[s->level]);
    t->frames[s->level].entry = NULL;
    if (t->memo && least) { /* a dead end is not worth a lookup */
        twin_frame *fr = &t->frames[s->level];
        word *key = t->keys + (size_t)s->level * (size_t)t->K;
        word h = memo_key(t, &t->slots[s->level], key), fig[M_FIGS];
        if (memo_find(t->memo, h, key, &fr->entry, fig)
            && count + fig[M_COUNT] < s->maxcount && tot.mems + fig[M_MEMS] < s->timeout
            && (!s->delta || tot.mems + fig[M_MEMS] < s->thresh)) {
            count += fig[M_COUNT], nodes += fig[M_NODES], cmems += fig[M_CMEMS];
            tot.mems += fig[M_MEMS], tot.lmems += fig[M_LMEMS];
            tot.updates += fig[M_UPDATES], tot.cleansings += fig[M_CLEANSINGS];
            int deep = (int)fig[M_DEEP];
            if (s->level + deep > s->maxl) {
                if (xcc_tree_reserve(s, s->level + deep + 2))
                    { status = XCC_NO_MEMORY; goto done; }
                s->maxl = s->level + deep;
            }
            if (s->level > 0 && t->frames[s->level - 1].deep < deep + 1)
                t->frames[s->level - 1].deep = deep + 1;
            goto finished;
        }
        fr->start = tot;
        fr->start_cmems = cmems, fr->start_nodes = nodes, fr->start_count = count;
    }
    t->frames[s->level].deep = 0;
    nodes++;
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt))
        { stop = XCC_STOP_INTERRUPT; goto done; }
    if (s->delta && tot.mems >= s->thresh) {
        s->thresh += s->delta;
        SAVE_FIGURES();
        xcc_tree_progress(s, 1);
    }
    if (tot.mems >= s->timeout)
        { stop = XCC_STOP_MEMS; goto done; }
    {
        twin_slot *sl = &t->slots[s->level];
        twin_frame *fr = &t->frames[s->level];
        ullng looked;
        int best = choose(sl, least, &looked);
        tot.mems += 1 + 2 * looked;
        cmems += 1 + 2 * looked;
        cost c = {0, 0, 0, 0};
        cover(t, sl, p->nd, best, sl->opts, 1, &c);
        add_cost(&tot, &c);
        fr->item = best;
        fr->pos = 0;
        fr->cover_mems = c.mems, fr->cover_lmems = c.lmems;
        if (t->memo && t->K <= TWIN_PREFETCH_KEY_WORDS)
            prefetch_children(t, sl, p->nd, p->last_itm, best);
        {
            ullng d = 0;
            for (int w = 0; w < b->W; w++)
                d += (ullng)__builtin_popcountll(sl->opts[w]);
            s->path[s->level].d = (int)d;
        }
        s->path[s->level].k = 0;
        tot.mems += 2;
    }
advance:
    {
        twin_frame *fr = &t->frames[s->level];
        twin_slot *sl = &t->slots[s->level];
        /* the next option of S (options and lists are both in input order) */
        int o = fr->pos, w = o / 64;
        word bits = w < b->W ? sl->opts[w] & (~(word)0 << (o % 64)) : 0;
        while (!bits && ++w < b->W)
            bits = sl->opts[w];
        if (!bits)
            goto backup;
        o = w * 64 + __builtin_ctzll(bits);
        fr->pos = o + 1;
        int q = b->first[o];
        while (p->nd[q].itm != fr->item)
            q++;
        s->path[s->level].k++;
        s->choice[s->level] = q;
        if (reserve_slot(t, s->level + 1))
            { status = XCC_NO_MEMORY; goto done; }
        twin_slot *child = &t->slots[s->level + 1];
        cost c = {0, 0, 0, 0};
        if (sl->active == b->pstart[o + 1] - b->pstart[o] - 1) {
            /* it covers the last items: a solution, whose lengths no one reads */
            copy_slot(t, child, sl, 0);
            commit(t, child, p, q, 0, &c);
            add_cost(&tot, &c);
            fr->commit_mems = c.mems, fr->commit_lmems = c.lmems;
            tot.mems++;
            goto solution;
        }
        copy_slot(t, child, sl, 1);
        commit(t, child, p, q, 1, &c);
        add_cost(&tot, &c);
        fr->commit_mems = c.mems, fr->commit_lmems = c.lmems;
        tot.mems++;
        if (++s->level > s->maxl) {
            if (xcc_tree_reserve(s, s->level + 2))
                { status = XCC_NO_MEMORY; goto done; }
            s->maxl = s->level;
        }
        goto forward;
    }
backup:
    {
        twin_frame *fr = &t->frames[s->level];
        tot.mems += fr->cover_mems, tot.lmems += fr->cover_lmems; /* uncover */
        if (fr->entry) {
            word fig[M_FIGS];
            fig[M_COUNT] = count - fr->start_count, fig[M_NODES] = nodes - fr->start_nodes;
            fig[M_MEMS] = tot.mems - fr->start.mems, fig[M_LMEMS] = tot.lmems - fr->start.lmems;
            fig[M_UPDATES] = tot.updates - fr->start.updates;
            fig[M_CLEANSINGS] = tot.cleansings - fr->start.cleansings;
            fig[M_CMEMS] = cmems - fr->start_cmems, fig[M_DEEP] = (word)fr->deep;
            memo_write(t->memo, fr->entry, t->keys + (size_t)s->level * (size_t)t->K, fig);
            if (++t->memo_unbooked == 256) {
                memo_grow(t->memo, t->memo_unbooked);
                t->memo_unbooked = 0;
            }
        }
        if (t->memo && s->level > 0 && t->frames[s->level - 1].deep < fr->deep + 1)
            t->frames[s->level - 1].deep = fr->deep + 1;
    }
finished:
    {
        if (s->level == base)
            goto done;
        s->level--;
        tot.mems += 2;
    }
recover:
    {
        twin_frame *fr = &t->frames[s->level];
        tot.mems += fr->commit_mems, tot.lmems += fr->commit_lmems; /* uncommit */
        tot.mems += 2;
        goto advance;
    }
solution:
    chosen = 1;
    nodes++;
    if (t->memo && t->frames[s->level].deep < 1)
        t->frames[s->level].deep = 1;
    if (s->level + 1 > s->maxl) {
        if (xcc_tree_reserve(s, s->level + 2))
            { status = XCC_NO_MEMORY; goto done; }
        s->maxl = s->level + 1;
    }
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level + 1]++;
    count++;
    if (s->sink->solution && (SAVE_FIGURES(), xcc_tree_solution(s, 1)))
        { stop = XCC_STOP_CALLBACK; goto done; }
    if (count >= s->maxcount)
        { stop = XCC_STOP_COUNT; goto done; }
    chosen = 0;
    goto recover;
done:
    SAVE_FIGURES();
    s->fig.stop = stop;
    if (stop != XCC_COMPLETE && status == XCC_OK && (s->vbose & XCC_SHOW_TOTS))
        note_stop_lengths(t, s, chosen ? s->level : s->level - 1);
    return status;
#undef SAVE_FIGURES
}

xcc_twin *xcc_twin_new(const xcc_problem *p)
{
    twin *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    if (twin_init(t, p)) {
        twin_free(t);
        free(t);
        return NULL;
    }
    return t;
}

void xcc_twin_delete(xcc_twin *t)
{
    if (t) {
        twin_free(t);
        free(t);
    }
}

xcc_status xcc_twin_walk(xcc_twin *t, xcc_tree *s)
{
    int listing = s->sink->solution || (s->vbose & XCC_SHOW_PROFILE);
    if (!t->memo_tried && !listing)
        start_memo(t, NULL);
    memo *kept = t->memo;
    if (listing || s->split_depth)
        t->memo = NULL; /* every node must be visited: no memo this time */
    xcc_status out = walk(s, t);
    t->memo = kept;
    return out;
}

void xcc_twin_share_memo(xcc_twin *t, xcc_twin *from)
{
    if (!from->memo_tried)
        start_memo(from, NULL);
    if (!t->memo_tried && from->memo)
        start_memo(t, from);
}

static xcc_status twin_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figures *fig, xcc_diag *d)
{
    (void)d;
    xcc_tree t;
    xcc_twin *tw = xcc_twin_new(p);
    xcc_status status = tw ? xcc_tree_init(&t, p, st, sink) : XCC_NO_MEMORY;
    if (!tw)
        return status;
    if (!status)
        status = xcc_twin_walk(tw, &t);
    xcc_tree_figures(&t, fig);
    xcc_tree_free(&t);
    xcc_twin_delete(tw);
    return status;
}

const xcc_engine xcc_twin_engine = {"twin", xcc_twin_refuses, twin_solve, NULL};
