/*
 * twin/dlx2.h — the inside of the twin (twin/dlx2.c, twin/dlx2_memo.c):
 * its tables and slots, and the operations on a slot that hide nothing
 * (making and copying it, choosing the branch item; twin/dlx2_hide.h
 * has those that hide options), each of which derives the figures DLX2
 * would count (see twin/dlx2.c). Inline, since the walk calls them at
 * every node.
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

BITS_INLINE void add_cost(cost *sum, const cost *c)
{
    sum->mems += c->mems, sum->lmems += c->lmems;
    sum->updates += c->updates, sum->cleansings += c->cleansings;
}

#endif
