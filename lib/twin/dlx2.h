/*
 * twin/dlx2.h — the inside of the twin (twin/dlx2.c, twin/dlx2_memo.c):
 * its tables and slots, and the operations on a slot, each of which
 * derives the figures DLX2 would count (see twin/dlx2.c). Inline, since
 * the walk calls them at every node.
 */
#ifndef XCC_TWIN_H
#define XCC_TWIN_H

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#define TWIN_BYTES 1 /* byte lengths in vectors (t->V) may be used */
#endif
#include "bits/bits.h"
#include "tree/walk.h"
#include "bits/memo.h"
#include "tree/dlx2.h"

#define COVERED (1 << 30)
#define BYTE_COVERED 255 /* a covered item's byte length (all others are below) */

/* Slots past this many bytes in all: leave the problem to the links. */
#define TWIN_STATE_BYTES (256ULL << 20)
#define TWIN_TABLE_BYTES (256ULL << 20)


typedef struct twin_slot {
    word *live;    /* L: W words */
    word *opts;    /* S: the branch item's options at this node */
    word *pure;    /* purified secondary items, bit x - second */
    word *act;     /* active primary items, bit x - 1 (kept when they are the memo key) */
    int *cnt;      /* P8 lengths (V == 0) */
    unsigned char *bcnt; /* 16 V lengths, a byte each (V > 0) */
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
    int start_epoch;      /* the walk's folds then (xcc_fold, bits/memo.h) */
    int deep;
    int empty;            /* no option is live once the item is covered */
    word *entry;
} twin_frame;

struct xcc_twin {
    xcc_bits b;
    int SW;               /* words of a set of secondary items */
    int K;                /* words of a memo key: L and purified items, or active items */
    int KS;               /* of those, the purified items' (0 without secondaries) */
    int AW;               /* words of a set of primary items */
    int key_act;          /* the key is the active items (no secondaries) */
    struct memo *memo;    /* the memo (twin/dlx2_memo.h), or NULL; may be shared */
    word *keys;           /* per level: the key of its node, K words */
    int second;
    twin_slot *slots;
    int nslots;
    twin_frame *frames;
    int *agree_of;        /* per node: its row in agree, or -1 */
    word *agree;          /* rows: options giving an item one color */
    word *scratch;        /* W words */
    ullng *lensec;        /* per option: its items + (its secondary items << 32) */
    word *osmask;         /* per option: its secondary items, KS words (bit x - second) */
    int *lpre;            /* per primary item i - 1 and word v: its options in words < v */
    int V;                /* lengths as bytes in V vectors of 16 (1 to 4), or 0: as ints */
    unsigned char *rows;  /* V > 0: per option, 16 V bytes, 1 at its primary items */
    ullng *leaf;          /* per option: what committing it costs with no option live
                             (leaf_cost): mems, updates << 24, colored items << 48 */
    int memo_tried;       /* start_memo was called */
    int memo_owner;       /* this twin made the memo and frees it */
    int memo_unbooked;    /* entries written, not yet added to memo->writes */
    xcc_u128 memo_spared; /* nodes spared by hits, not yet added to memo->spared */
    xcc_fold fold;        /* a walk's bases and limits (bits/memo.h) */
    xcc_u128 memo_nodes_mark; /* the walk's nodes when the memo was last booked */
    ullng memo_walked;    /* nodes walked with the memo, since this walk began */
    ullng memo_spared_mems; /* the mems of the subtrees its hits spared (saturating) */
};
typedef struct xcc_twin twin;

#ifdef XCC_SANITY
/* Checks slot sl at tree node number node: lengths, active and purified items agree with the sets. */
void xcc_twin_sanity(const twin *t, const twin_slot *sl, ullng node);
#endif

/* Allocates slot k on first use (twin/dlx2.c). */
int xcc_twin_alloc_slot(twin *t, int k);

BITS_INLINE int reserve_slot(twin *t, int k)
{
    return t->slots[k].live ? 0 : xcc_twin_alloc_slot(t, k);
}

typedef int v4i __attribute__((vector_size(16)));

/* Slot 0 (reserved) as the root: every option live, every primary item active. */
BITS_INLINE void root_slot(twin *t)
{
    const xcc_bits *b = &t->b;
    twin_slot *root = &t->slots[0];
    memset(root->live, 0, (size_t)b->W * sizeof(word));
    for (int o = 0; o < b->n; o++)
        root->live[o / 64] |= (word)1 << (o % 64);
    memset(root->pure, 0, (size_t)t->SW * sizeof(word));
    for (int i = 0; i < b->P8; i++)
        root->cnt[i] = i < b->P ? b->lstart[i + 2] - b->lstart[i + 1] : COVERED;
    for (int i = 0; i < 16 * t->V; i++)
        root->bcnt[i] = (unsigned char)(i < b->P ? b->lstart[i + 2] - b->lstart[i + 1] : BYTE_COVERED);
    root->active = b->P;
    memset(root->act, 0, (size_t)t->AW * sizeof(word));
    for (int i = 0; i < b->P; i++)
        root->act[i / 64] |= (word)1 << (i % 64);
    root->npure = 0;
}

/*
 * Copies n words. The empty asm keeps the compiler from making the loop
 * a call of memcpy, which costs more than the copy for the few words of
 * a slot's sets.
 */
BITS_INLINE void copy_words(word *dst, const word *src, int n)
{
    for (int i = 0; i < n; i++) {
        word x = src[i];
        __asm__("" : "+r"(x));
        dst[i] = x;
    }
}

/* The slot src into dst; its live options too unless with_live is 0 (commit_plain makes them). */
BITS_INLINE void copy_slot_but(const twin *t, twin_slot *dst, const twin_slot *src, int with_counts,
                               int with_live)
{
    if (with_live)
        copy_words(dst->live, src->live, t->b.W);
    copy_words(dst->pure, src->pure, t->SW);
    if (t->key_act)
        copy_words(dst->act, src->act, t->AW);
#ifdef TWIN_BYTES
    if (with_counts && t->V) {
        for (int v = 0; v < t->V; v++)
            _mm_storeu_si128((__m128i *)(dst->bcnt + 16 * v),
                             _mm_loadu_si128((const __m128i *)(src->bcnt + 16 * v)));
        with_counts = 0;
    }
#endif
    if (with_counts)
        for (int i = 0; i < t->b.P8; i += 4) { /* P8 is a multiple of 8 */
            v4i x;
            memcpy(&x, src->cnt + i, sizeof x);
            memcpy(dst->cnt + i, &x, sizeof x);
        }
    dst->active = src->active;
    dst->npure = src->npure;
}

BITS_INLINE void copy_slot(const twin *t, twin_slot *dst, const twin_slot *src, int with_counts)
{
    copy_slot_but(t, dst, src, with_counts, 1);
}

/*
 * Hides the options of set h (already taken out of the slot's live set):
 * lowers the lengths of their primary items and charges what DLX2's hide
 * charges. own_secondary: the item they are hidden through is secondary.
 */
#ifdef TWIN_BYTES
/*
 * hide_set with byte lengths in V vectors (a constant where it is
 * inlined): each option hidden subtracts its row from the lengths, held
 * in registers meanwhile. The options are h, less those in unless if
 * not NULL.
 */
BITS_INLINE void hide_bytes(const twin *t, twin_slot *s, const word *h, const word *unless, int V,
                            ullng *pm, ullng *plensec, ullng *pcleansed)
{
    const xcc_bits *b = &t->b;
    const int KS = t->KS;
    ullng m = 0, lensec = 0, cleansed = 0;
    __m128i c[4];
    for (int v = 0; v < V; v++)
        c[v] = _mm_loadu_si128((const __m128i *)(s->bcnt + 16 * v));
    for (int w = 0; w < b->W; w++)
        for (word bits = unless ? h[w] & ~unless[w] : h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            const unsigned char *r = t->rows + (size_t)o * (size_t)(16 * V);
            m++;
            lensec += t->lensec[o];
            for (int v = 0; v < V; v++)
                c[v] = _mm_sub_epi8(c[v], _mm_loadu_si128((const __m128i *)(r + 16 * v)));
            if (s->npure) {
                const word *om = t->osmask + (size_t)o * (size_t)KS;
                for (int v = 0; v < KS; v++)
                    cleansed += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
            }
        }
    for (int v = 0; v < V; v++)
        _mm_storeu_si128((__m128i *)(s->bcnt + 16 * v), c[v]);
    *pm = m, *plensec = lensec, *pcleansed = cleansed;
}
#endif

BITS_INLINE void hide_set(const twin *t, twin_slot *s, const word *h, int own_secondary,
                          int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    const int KS = t->KS;
    ullng m = 0, lensec = 0, cleansed = 0;
#ifdef TWIN_BYTES
    if (with_counts && t->V) {
        switch (t->V) { /* each its own loop, the lengths in registers */
        case 1: hide_bytes(t, s, h, NULL, 1, &m, &lensec, &cleansed); break;
        case 2: hide_bytes(t, s, h, NULL, 2, &m, &lensec, &cleansed); break;
        case 3: hide_bytes(t, s, h, NULL, 3, &m, &lensec, &cleansed); break;
        default: hide_bytes(t, s, h, NULL, 4, &m, &lensec, &cleansed); break;
        }
        with_counts = 0;
        goto charge;
    }
#endif
    for (int w = 0; w < b->W; w++)
        for (word bits = h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            m++;
            lensec += t->lensec[o];
            if (with_counts)
                for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
                    s->cnt[b->prim[k]]--;
            if (s->npure) {
                /* cleansed nodes: its secondary items already purified */
                const word *om = t->osmask + (size_t)o * (size_t)KS;
                for (int v = 0; v < KS; v++)
                    cleansed += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
            }
        }
#ifdef TWIN_BYTES
charge:;
#endif
    ullng len = lensec & 0xffffffffu, sec = lensec >> 32;
    c->mems += 6 * len - 4 * m - 5 * cleansed;
    c->updates += len - m - cleansed;
    c->lmems += 2 * (sec - (ullng)own_secondary * m - cleansed);
}

/* cover(x): x leaves the active list and its live options are hidden; their number. */
BITS_INLINE ullng cover(const twin *t, twin_slot *s, const xcc_node *nd, int x, word *opts,
                       int with_counts, cost *c)
{
    (void)nd;
    ullng m = bits_take(&t->b, s->live, x, opts);
    c->mems += 3 + m + 1;
    c->updates += 1;
    hide_set(t, s, opts, x >= t->second, with_counts, c);
    if (with_counts && x < t->second) {
        if (t->V)
            s->bcnt[x - 1] = BYTE_COVERED;
        else
            s->cnt[x - 1] = COVERED;
        s->active--;
        if (t->key_act)
            s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    }
    return m;
}

/*
 * purify(x) to the color of node q: options of x with another color are
 * hidden, those with the same color are marked cleansed.
 */
BITS_INLINE void purify(const twin *t, twin_slot *s, const xcc_node *nd, int x, int q,
                        int last_itm, int with_counts, cost *c)
{
    (void)nd;
    const word *ag = t->agree + (size_t)t->agree_of[q - last_itm] * (size_t)t->b.W;
    word *h = t->scratch;
    ullng same, all = bits_take_other_colors(&t->b, s->live, x, ag, h, &same);
    c->mems += 1 + (all + 1) + all + same;
    c->cleansings += 1 + same;
    hide_set(t, s, h, 1, with_counts, c);
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
 * commit for an option without colored items: its covers, in the order
 * commit makes them, each take their item's live options (a few word
 * operations each); then the options they took, the live ones before
 * less those after, are hidden in one pass. What DLX2 charges is the
 * same: a cover costs 4 mems and one update and a mem per option it
 * takes, and hiding an option costs what it costs whichever cover takes
 * it, but for 2 lmems per item it has past the one it is hidden through
 * when that is secondary (so the options each secondary cover takes
 * are counted). Cleansed nodes are those of items purified before the
 * commit, which adds none. parent: the slot the child s was copied from
 * (but for its live options, made here).
 */
BITS_INLINE void commit_plain(const twin *t, twin_slot *s, const twin_slot *parent,
                              const xcc_problem *p, int q, int with_counts, cost *c)
{
    const xcc_bits *b = &t->b;
    const xcc_node *nd = p->nd;
    const int W = b->W, KS = t->KS;
    ullng k = 0, msec = 0, m = 0, lensec = 0, cleansed = 0;
    word *live = s->live;
    const word *l0 = parent->live, *from = l0; /* the child's live options are made here */
    for (int pp = q + 1; pp != q;) {
        int x = nd[pp].itm;
        if (x <= 0) {
            pp = nd[pp].up;
            continue;
        }
        const word *mk = bits_item_mask(b, x);
        ullng mx = 0;
        for (int w = 0; w < W; w++) {
            word h = from[w] & mk[w];
            live[w] = from[w] & ~h;
            mx += (ullng)__builtin_popcountll(h);
        }
        from = live;
        k++;
        if (x >= t->second)
            msec += mx;
        else if (with_counts) {
            s->active--;
            if (t->key_act)
                s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
        }
        pp++;
    }
    if (from == l0) /* an option of one item */
        copy_words(live, l0, W);
#ifdef TWIN_BYTES
    if (with_counts && t->V) {
        switch (t->V) {
        case 1: hide_bytes(t, s, l0, live, 1, &m, &lensec, &cleansed); break;
        case 2: hide_bytes(t, s, l0, live, 2, &m, &lensec, &cleansed); break;
        case 3: hide_bytes(t, s, l0, live, 3, &m, &lensec, &cleansed); break;
        default: hide_bytes(t, s, l0, live, 4, &m, &lensec, &cleansed); break;
        }
        with_counts = 0;
        for (int pp = q + 1; pp != q; pp++) { /* the covered items */
            if (nd[pp].itm <= 0)
                pp = nd[pp].up - 1;
            else if (nd[pp].itm < t->second)
                s->bcnt[nd[pp].itm - 1] = BYTE_COVERED;
        }
    } else
#endif
    {
        for (int w = 0; w < W; w++)
            for (word bits = l0[w] & ~live[w]; bits; bits &= bits - 1) {
                int o = w * 64 + __builtin_ctzll(bits);
                m++;
                lensec += t->lensec[o];
                if (with_counts)
                    for (int i = b->pstart[o]; i < b->pstart[o + 1]; i++)
                        s->cnt[b->prim[i]]--;
                if (s->npure) {
                    const word *om = t->osmask + (size_t)o * (size_t)KS;
                    for (int v = 0; v < KS; v++)
                        cleansed += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
                }
            }
        if (with_counts)
            for (int pp = q + 1; pp != q; pp++) {
                if (nd[pp].itm <= 0)
                    pp = nd[pp].up - 1;
                else if (nd[pp].itm < t->second)
                    s->cnt[nd[pp].itm - 1] = COVERED;
            }
    }
    ullng len = lensec & 0xffffffffu, sec = lensec >> 32;
    /* the loop over the option's nodes: olen - 1 items and the spacer (2 mems) */
    c->mems += (k + 2) + 4 * k + m + 6 * len - 4 * m - 5 * cleansed;
    c->updates += k + len - m - cleansed;
    c->lmems += 2 * (sec - msec - cleansed);
}

/*
 * The least length of an active primary item (0: a dead end). Covered
 * items and the padding past P have length COVERED, so it is the least
 * of all lengths, found four at a time.
 */
BITS_INLINE int least_length(const twin *t, const twin_slot *s)
{
#ifdef TWIN_BYTES
    if (t->V) {
        __m128i m = _mm_loadu_si128((const __m128i *)s->bcnt);
        for (int v = 1; v < t->V; v++)
            m = _mm_min_epu8(m, _mm_loadu_si128((const __m128i *)(s->bcnt + 16 * v)));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 8));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 4));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 2));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 1));
        return _mm_cvtsi128_si32(m) & 0xff; /* below BYTE_COVERED: some item is active */
    }
#endif
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
BITS_INLINE int choose(const twin *t, const twin_slot *s, int least, ullng *looked)
{
#ifdef TWIN_BYTES
    if (t->V) { /* the places of that length, and of the active items, 64 at a time */
        __m128i want = _mm_set1_epi8((char)least), full = _mm_set1_epi8((char)BYTE_COVERED);
        ullng hit = 0, open = 0;
        for (int v = 0; v < t->V; v++) {
            __m128i x = _mm_loadu_si128((const __m128i *)(s->bcnt + 16 * v));
            hit |= (ullng)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, want)) << (16 * v);
            open |= (ullng)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, full)) << (16 * v);
        }
        int i = __builtin_ctzll(hit);
        if (least)
            *looked = (ullng)s->active;
        else /* the active items up to the first of length zero */
            *looked = (ullng)__builtin_popcountll(~open & (~(ullng)0 >> (63 - i)));
        return i + 1;
    }
#else
    (void)t;
#endif
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

/* Whether the slot has no live option. */
BITS_INLINE int no_live(const twin *t, const twin_slot *s)
{
    word any = 0;
    for (int w = 0; w < t->b.W; w++)
        any |= s->live[w];
    return !any;
}

/*
 * What commit(q) costs when no option is live: each of its items covers
 * or purifies nothing. The loop over the option's nodes looks at its
 * other olen - 1 nodes and its spacer (two mems), each cover charges 3
 * mems, one for its empty list and one update, each purify of an item
 * not yet purified one mem, one for its empty list and one cleansing.
 * Its colored items already purified are skipped (a live option's items
 * that are purified are all colored, so they are its secondary items in
 * the slot's purified set). t->leaf holds what does not depend on them.
 */
BITS_INLINE void leaf_cost(const twin *t, const twin_slot *s, int o, cost *c)
{
    ullng lf = t->leaf[o], done = 0;
    if (s->npure) {
        const word *om = t->osmask + (size_t)o * (size_t)t->KS;
        for (int v = 0; v < t->KS; v++)
            done += (ullng)__builtin_popcountll(om[v] & s->pure[v]);
    }
    c->mems += (lf & 0xffffff) - 2 * done;
    c->updates += (lf >> 24) & 0xffffff;
    c->cleansings += (lf >> 48) - done;
}

BITS_INLINE void add_cost(cost *sum, const cost *c)
{
    sum->mems += c->mems, sum->lmems += c->lmems;
    sum->updates += c->updates, sum->cleansings += c->cleansings;
}

#endif
