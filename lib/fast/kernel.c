/*
 * fast/kernel.c — the fast engine's counting search (fast/fast.c) for
 * problems of at most KERNEL_WORDS words of options (512 options) whose
 * items have fewer than 255 options each: the queens, Langford pairs and
 * sudokus, where no memo pays and the cost of a node is all there is.
 *
 * The same tree as the engine's own search (the first item of fewest
 * live options, first in item order), with a node made cheaper:
 *
 *   - the width W of a set of options is a constant of the code: the
 *     search is compiled once for each W of 1 .. KERNEL_WORDS, so every
 *     loop over the words of a set is unrolled and kept in registers;
 *   - the counter of an item is a byte (a covered item's is 255), P16
 *     bytes a state, P16 the primary items rounded up to 16: a state is
 *     copied in a few 16-byte moves, and the item to branch on is found
 *     16 items at a time (the smallest byte, then its first place);
 *   - when P16 <= 64 (V <= 4 vectors of 16 bytes), each option has a row
 *     of P16 bytes, 1 at its primary items, and an option that falls out
 *     of L lowers all its items' counters with V vector subtractions;
 *     else its items' counters are lowered one by one;
 *   - a state of two uncovered items a and b (a of fewest options) is
 *     counted from the bit sets alone: each live option of a that holds
 *     b is a solution, each other one o adds the live options of b
 *     compatible with it, |L & compat[o] & mask[b]|; a child with one
 *     item left adds that item's counter, and an option that covers all
 *     that is left adds 1, without a child either.
 *
 * The memo of counts is the engine's own (fast/fast.h), on the states of
 * three items or more, with the same keys, plan and giving up. A state's
 * entry is prefetched when the state is made, and read only once its
 * first child is made too: the load, most often a miss in the caches,
 * overlaps that work, and a hit throws the child away (its updates are
 * not counted), so the tree and the figures are the same as reading it
 * first. The least counter of a child is found in the registers that
 * made it (V <= 4).
 *
 * Figures: nodes are the states branched on (the pairs counted from the
 * bit sets among them), updates the options that fell out of L.
 *
 * Progress (-p): every so many nodes, the path to the node (report).
 */
#include "fast/fast.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define KERNEL_WORDS 8
#define VBYTES 16
#define VMAX 4 /* counters in vectors (one row per option) up to 4 x 16 items */
#define BYTE_COVERED 255
/* Loops over the V vectors of a state: unrolled, so that they stay in registers. */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8)
#define UNROLL _Pragma("GCC unroll 8")
#else
#define UNROLL
#endif

/* One level of the search: its state and the branch it is exploring. */
typedef struct klevel {
    word live[KERNEL_WORDS];   /* L */
    word branch[KERNEL_WORDS]; /* the options of its item not tried yet */
    word *memo_at;             /* where its count goes, or NULL */
    word hash;                 /* of its key (when the memo is on) */
    xcc_u128 count_before;
    ullng nodes_before;
    int nu, item, least;       /* uncovered items; the item branched on and its options */
} klevel;

typedef struct kern {
    struct xcc_fast_data *d;
    int W, P16, V;
    const word *compat, *mask;
    const int *pstart, *prim;
    unsigned char *npri;   /* primary items per option */
    unsigned char *dec;    /* n rows of P16 bytes: 1 at the option's primary items (V <= 4) */
    unsigned char *cnt;    /* a row of P16 counters per level */
    klevel *lv;
    atomic_int *interrupt;
    xcc_u128 count;
    ullng nodes, updates;
    int maxl;
    xcc_stop stop;
    ullng next_report;     /* the nodes of the next progress report (none: all ones) */
    const xcc_fast_report *report;
    xcc_choice *path;      /* the report's path */
} kern;

/* The first place of the smallest of the V * 16 bytes of c; *least gets it. */
BITS_INLINE int least_of(const unsigned char *c, int V, int *least)
{
#if defined(__SSE2__)
    __m128i m = _mm_loadu_si128((const __m128i *)c);
    for (int v = 1; v < V; v++)
        m = _mm_min_epu8(m, _mm_loadu_si128((const __m128i *)(c + VBYTES * v)));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 8));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 4));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 2));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 1));
    int mn = _mm_cvtsi128_si32(m) & 0xff;
    __m128i b = _mm_set1_epi8((char)mn);
    *least = mn;
    /* its first place, 64 items at a time (fewer branches to mispredict) */
    for (int v = 0;; v += 4) {
        ullng hit = 0;
        for (int u = 0; u < 4 && v + u < V; u++)
            hit |= (ullng)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
                       _mm_loadu_si128((const __m128i *)(c + VBYTES * (v + u))), b))
                   << (VBYTES * u);
        if (hit)
            return VBYTES * v + __builtin_ctzll(hit);
    }
#else
    int best = 0;
    for (int i = 1; i < V * VBYTES; i++)
        if (c[i] < c[best])
            best = i;
    *least = c[best];
    return best;
#endif
}

/* The uncovered item other than a, in a state of two. */
BITS_INLINE int other_item(const unsigned char *c, int V, int a)
{
    (void)V; /* the scan ends at the item */
#if defined(__SSE2__)
    __m128i full = _mm_set1_epi8((char)BYTE_COVERED);
    for (int v = 0;; v++) {
        unsigned open = (unsigned)_mm_movemask_epi8(
                            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(c + VBYTES * v)), full))
                        ^ 0xffffu;
        if (a >= VBYTES * v && a < VBYTES * (v + 1))
            open &= ~(1u << (a - VBYTES * v));
        if (open)
            return VBYTES * v + __builtin_ctz(open);
    }
#else
    for (int i = 0;; i++)
        if (i != a && c[i] != BYTE_COVERED)
            return i;
#endif
}

/* The solutions below a state of two uncovered items a and b. */
BITS_INLINE xcc_u128 count_pair(const kern *k, const word *live, int a, int b, const int W)
{
    const word *ma = k->mask + (size_t)a * W, *mb = k->mask + (size_t)b * W;
    ullng total = 0;
    for (int w = 0; w < W; w++)
        for (word bits = live[w] & ma[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            if ((mb[w] >> (o % 64)) & 1) {
                total++;
                continue;
            }
            const word *row = k->compat + (size_t)o * W;
            for (int v = 0; v < W; v++)
                total += (ullng)__builtin_popcountll(live[v] & row[v] & mb[v]);
        }
    return total;
}

/*
 * The state after choosing o in level l's state, into level l + 1 (its
 * live set and counters); the smallest counter of an uncovered item
 * into *least and the first such item is returned.
 */
BITS_INLINE int child_of(kern *k, int l, int o, int nu, int *least, const int W, const int V)
{
    const klevel *s = &k->lv[l];
    klevel *c = &k->lv[l + 1];
    const word *row = k->compat + (size_t)o * W;
    const unsigned char *from = k->cnt + (size_t)l * k->P16;
    unsigned char *to = k->cnt + (size_t)(l + 1) * k->P16;
    ullng gone = 0;
    for (int w = 0; w < W; w++)
        c->live[w] = s->live[w] & row[w];
    if (k->d->memo && nu >= 3) {
        /* the child's memo entry is fetched while its counters are made */
        c->hash = xcc_fast_memo_hash(c->live, W, nu);
        const word *e = k->d->memo + (size_t)(c->hash & k->d->memo_mask) * (W + 2);
        __builtin_prefetch(e);
        __builtin_prefetch(e + W + 1); /* an entry may end in the next cache line */
    }
#if defined(__SSE2__)
    if (V >= 1 && V <= VMAX) {
        __m128i cv[VMAX], cover[VMAX], zero = _mm_setzero_si128();
        const unsigned char *dro = k->dec + (size_t)o * VBYTES * V;
        UNROLL
        for (int v = 0; v < V; v++) {
            cover[v] = _mm_sub_epi8(zero, _mm_loadu_si128((const __m128i *)(dro + VBYTES * v)));
            cv[v] = _mm_or_si128(_mm_loadu_si128((const __m128i *)(from + VBYTES * v)), cover[v]);
        }
        for (int w = 0; w < W; w++) {
            word l0 = s->live[w], keep = c->live[w];
            for (word kill = l0 & ~keep; kill; kill &= kill - 1) {
                const unsigned char *dr = k->dec + (size_t)(w * 64 + __builtin_ctzll(kill)) * VBYTES * V;
                gone++;
                UNROLL
                for (int v = 0; v < V; v++)
                    cv[v] = _mm_sub_epi8(cv[v], _mm_loadu_si128((const __m128i *)(dr + VBYTES * v)));
            }
        }
        /* stored, and the least counter found in the registers */
        __m128i m = zero;
        UNROLL
        for (int v = 0; v < V; v++) {
            cv[v] = _mm_or_si128(cv[v], cover[v]);
            _mm_storeu_si128((__m128i *)(to + VBYTES * v), cv[v]);
            m = v ? _mm_min_epu8(m, cv[v]) : cv[v];
        }
        k->updates += gone;
        m = _mm_min_epu8(m, _mm_srli_si128(m, 8));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 4));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 2));
        m = _mm_min_epu8(m, _mm_srli_si128(m, 1));
        int mn = _mm_cvtsi128_si32(m) & 0xff;
        __m128i b = _mm_set1_epi8((char)mn);
        ullng at = 0;
        UNROLL
        for (int v = 0; v < V; v++)
            at |= (ullng)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(cv[v], b)) << (VBYTES * v);
        *least = mn;
        return __builtin_ctzll(at);
    }
#endif
    const int *pstart = k->pstart, *prim = k->prim;
    memcpy(to, from, (size_t)k->P16);
    for (int j = pstart[o]; j < pstart[o + 1]; j++)
        to[prim[j]] = BYTE_COVERED;
    for (int w = 0; w < W; w++) {
        word l0 = s->live[w], keep = c->live[w];
        for (word kill = l0 & ~keep; kill; kill &= kill - 1) {
            int o2 = w * 64 + __builtin_ctzll(kill);
            gone++;
            for (int j = pstart[o2], e = pstart[o2 + 1]; j < e; j++)
                if (--to[prim[j]] == 0) {
                    k->updates += gone;
                    return *least = 0, 0;
                }
        }
    }
    for (int j = pstart[o]; j < pstart[o + 1]; j++)
        to[prim[j]] = BYTE_COVERED;
    k->updates += gone;
    return least_of(to, k->V, least);
}

/* The count below level l's state, from the memo; else notes where it goes. */
BITS_INLINE int remembered(kern *k, klevel *s, const int W)
{
    struct xcc_fast_data *d = k->d;
    word *slot = d->memo + (size_t)(s->hash & d->memo_mask) * (W + 2);
    xcc_u128 known;
    if (xcc_fast_memo_get(d, slot, s->nu, s->live, W, &known)) {
        k->count += known;
        return 1;
    }
    s->memo_at = slot, s->count_before = k->count, s->nodes_before = k->nodes;
    return 0;
}

/*
 * A progress report at a node of level l: the path to it, each level's
 * option the last taken from its item's (the options are taken in the
 * order of their numbers), the k-th of the item's d live ones.
 */
static void report(kern *k, int l)
{
    const xcc_fast_report *r = k->report;
    const xcc_bits *b = &k->d->b;
    k->next_report = k->nodes + r->every;
    for (int j = 0; j < l; j++) {
        const klevel *s = &k->lv[j];
        const word *m = k->mask + (size_t)s->item * k->W;
        int tried = 0, o = 0;
        for (int w = 0; w < k->W; w++) {
            word t = s->live[w] & m[w] & ~s->branch[w];
            tried += __builtin_popcountll(t);
            if (t)
                o = w * 64 + 63 - __builtin_clzll(t);
        }
        int e = b->lstart[s->item + 1];
        while (b->list[e].opt != o)
            e++;
        k->path[j] = (xcc_choice){o, b->list[e].node, tried, s->least};
    }
    r->at(r->ctx, k->path, l, k->count, k->nodes);
}

/* The search, for a width W and V vectors of counters (V = 0: k->V, one by one). */
BITS_INLINE void search(kern *k, const int W, const int V)
{
    struct xcc_fast_data *d = k->d;
    int l = 0, pending = 0;
    ullng updates_before = 0;
    klevel *s = &k->lv[0];
    goto enter;
enter: /* level l's state, s, has item s->item of s->least >= 1 options */
    if (k->interrupt && *k->interrupt) {
        k->stop = XCC_STOP_INTERRUPT;
        return;
    }
    k->nodes++;
    if (__builtin_expect(k->nodes >= k->next_report, 0))
        report(k, l);
    if (l > k->maxl)
        k->maxl = l;
    if (s->nu == 2) {
        const unsigned char *c = k->cnt + (size_t)l * k->P16;
        k->count += count_pair(k, s->live, s->item, other_item(c, V ? V : k->V, s->item), W);
        goto up;
    }
    s->memo_at = NULL;
    if (__builtin_expect(!d->memo && !d->memo_tried, 0)) {
        /* the memo's area was refused: asked again at each node, as fast.c's walk does */
        xcc_fast_start_memo(d);
        if (d->memo && s->nu >= 3)
            s->hash = xcc_fast_memo_hash(s->live, W, s->nu);
    }
    /* The memo's entry of this state was prefetched when the state was
       made; it is read once the first child is made too (pending), so
       that its load overlaps that work; a hit throws the child away. */
    pending = d->memo != NULL;
    updates_before = k->updates;
    {
        const word *m = k->mask + (size_t)s->item * W;
        for (int w = 0; w < W; w++)
            s->branch[w] = s->live[w] & m[w];
    }
next: /* the next option of level l's item */
    for (int w = 0; w < W; w++) {
        word bits = s->branch[w];
        if (!bits)
            continue;
        s->branch[w] = bits & (bits - 1);
        int o = w * 64 + __builtin_ctzll(bits), least = 0, item = 0;
        int nu = s->nu - k->npri[o];
        if (nu)
            item = child_of(k, l, o, nu, &least, W, V);
        if (pending) {
            pending = 0;
            if (d->memo && remembered(k, s, W)) {
                k->nodes--; /* not branched on after all */
                k->updates = updates_before;
                if (k->count & XCC_WIDE_TOP) {
                    k->stop = XCC_STOP_WIDE;
                    return;
                }
                goto up;
            }
        }
        if (nu == 0) {
            k->count++;
            goto next;
        }
        if (!least)
            goto next;
        if (nu == 1) {
            k->count += (ullng)least;
            goto next;
        }
        s = &k->lv[++l];
        s->nu = nu, s->item = item, s->least = least;
        goto enter;
    }
    pending = 0; /* (the item has an option: it was read above) */
    if (s->memo_at)
        xcc_fast_memo_store(d, s->memo_at, s->nu, k->count - s->count_before,
                            k->nodes - s->nodes_before, s->live);
up:
    if (l == 0)
        return;
    s = &k->lv[--l];
    goto next;
}

#define KERNEL(w, v)                                                                              \
    BITS_HOT static void fast_kernel_##w##_##v(kern *k) { search(k, w, v); }
#define KERNELS(w) KERNEL(w, 1) KERNEL(w, 2) KERNEL(w, 3) KERNEL(w, 4) KERNEL(w, 0)
KERNELS(1) KERNELS(2) KERNELS(3) KERNELS(4) KERNELS(5) KERNELS(6) KERNELS(7) KERNELS(8)

typedef void (*kernel_fn)(kern *);
#define ROW(w)                                                                                    \
    {fast_kernel_##w##_1, fast_kernel_##w##_2, fast_kernel_##w##_3, fast_kernel_##w##_4,          \
     fast_kernel_##w##_0}
static const kernel_fn kernels[KERNEL_WORDS][5] = {ROW(1), ROW(2), ROW(3), ROW(4),
                                                   ROW(5), ROW(6), ROW(7), ROW(8)};

int xcc_fast_kernel_takes(const struct xcc_fast_data *d)
{
    if (d->b.W > KERNEL_WORDS || d->b.P < 1 || !d->b.compat)
        return 0; /* (its table is whole at this size, unless a test wants it factored) */
    for (int i = 0; i < d->b.P; i++)
        if (d->b.lstart[i + 2] - d->b.lstart[i + 1] >= BYTE_COVERED)
            return 0;
    return 1;
}

int xcc_fast_kernel_count(struct xcc_fast_data *d, const fast_state *from,
                          atomic_int *interrupt, const xcc_fast_report *rp,
                          xcc_fast_kernel_figs *fig)
{
    const xcc_bits *b = &d->b;
    kern k;
    memset(&k, 0, sizeof k);
    memset(fig, 0, sizeof *fig);
    k.d = d, k.W = b->W, k.compat = b->compat, k.mask = b->mask;
    k.pstart = b->pstart, k.prim = b->prim, k.interrupt = interrupt;
    k.P16 = (b->P + VBYTES - 1) / VBYTES * VBYTES;
    k.V = k.P16 / VBYTES;
    int vec = k.V <= VMAX;
#if !defined(__SSE2__)
    vec = 0;
#endif
    int levels = b->P + 2;
    k.npri = malloc((size_t)b->n + 1);
    k.cnt = malloc((size_t)levels * (size_t)k.P16);
    k.lv = malloc((size_t)levels * sizeof *k.lv);
    k.dec = vec ? calloc((size_t)b->n, (size_t)k.P16) : NULL;
    k.report = rp && rp->every ? rp : NULL;
    k.next_report = k.report ? rp->every : ~0ULL;
    k.path = k.report ? malloc((size_t)levels * sizeof *k.path) : NULL;
    fig->bytes = (size_t)b->n + 1 + (size_t)levels * ((size_t)k.P16 + sizeof *k.lv)
                 + (vec ? (size_t)b->n * (size_t)k.P16 : 0);
    int status = 0;
    if (!k.npri || !k.cnt || !k.lv || (vec && !k.dec) || (k.report && !k.path)) {
        status = 3;
        goto out;
    }
    for (int o = 0; o < b->n; o++) {
        k.npri[o] = (unsigned char)(b->pstart[o + 1] - b->pstart[o]);
        for (int j = b->pstart[o]; vec && j < b->pstart[o + 1]; j++)
            k.dec[(size_t)o * k.P16 + b->prim[j]] = 1;
    }
    /* the root: every option live, every counter its item's options; or
       the state from (a task of -j: its live words, its counters) */
    klevel *r = &k.lv[0];
    memset(r->live, 0, sizeof r->live);
    memset(k.cnt, BYTE_COVERED, (size_t)k.P16);
    if (from) {
        for (int w = from->lo; w < from->hi; w++)
            r->live[w] = from->live[w];
        for (int i = 0; i < b->P; i++)
            if (from->cnt[i] < COVERED / 2)
                k.cnt[i] = (unsigned char)from->cnt[i];
        r->nu = from->uncovered;
    } else {
        for (int o = 0; o < b->n; o++)
            r->live[o / 64] |= (word)1 << (o % 64);
        for (int i = 0; i < b->P; i++)
            k.cnt[i] = (unsigned char)(b->lstart[i + 2] - b->lstart[i + 1]);
        r->nu = b->P;
    }
    r->hash = xcc_fast_memo_hash(r->live, k.W, r->nu);
    r->item = least_of(k.cnt, k.V, &r->least);
    k.stop = XCC_COMPLETE;
    if (interrupt && *interrupt) {
        k.stop = XCC_STOP_INTERRUPT; /* polled before the root too, as the search polls */
        goto out;
    }
    if (r->least == 0 || b->n == 0)
        goto out; /* an item no option covers: nothing to count */
    if (r->nu == 1) {
        k.count = (xcc_u128)r->least, k.nodes = 1;
        goto out;
    }
    kernels[k.W - 1][vec ? k.V - 1 : 4](&k);
out:
    fig->count = k.count, fig->nodes = k.nodes, fig->updates = k.updates;
    fig->maxl = k.maxl, fig->stop = k.stop;
    free(k.npri), free(k.cnt), free(k.lv), free(k.dec), free(k.path);
    return status;
}
