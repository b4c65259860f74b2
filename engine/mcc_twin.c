/*
 * mcc_twin.c — DLX3's tree (mcc.h) walked with bit sets instead of
 * dancing links: the same nodes, choices, listing and figures as
 * mcc_links.c, mems included, derived rather than counted.
 *
 * DLX3's tree is fixed by what his lists hold: the list of an active
 * item is the set of live options containing it, in input order (covering
 * and tweaking take options out of lists and put them back in the same
 * order). An option is live until it is hidden, by the covering of one of
 * its items, by a purification, or by a tweak. So a node of the tree is
 * its live options L (a bit set), every primary item's bound and whether
 * it is active, and the purified secondary items; an item's length is the
 * size of L and its options, kept as a counter.
 *
 * The figures (DLX3's model, mcc_links.c's table) follow from sizes:
 * hiding an option of len items, c of them cleansed, costs 6 len - 4 - 5c
 * mems and len - 1 - c updates when an item is covered, 6 len - 4 - 4c
 * when one is purified; tweaking it out of every list costs 6 len - 5c + 2
 * and len - c updates, or 6 and 1 with its item covered already. Covering
 * costs 3, one mem per step down the list (the options and one more) and
 * the hiding; purifying 2, two per option of the list, one per option
 * agreeing with the color, and the hiding of the others. Undoing a cover,
 * a purification or a choice costs what doing it cost (the same nodes are
 * visited on the way back), so each level remembers those mems and adds
 * them again; untweaking costs 5 plus, per option tweaked, what tweaking
 * it cost less 4, or with the item covered, 2 per option tweaked, 2, and
 * what covering cost.
 *
 * Data per level (a slot, copied on the way down): L, the branch item's
 * list when the level began, the active primary items, their lengths and
 * bounds, and the purified items. Tweaks change the level's own slot: an
 * option tweaked out stays out for the level's later branches.
 *
 * What it leaves to mcc_links.c: randomizing (s<n>), tracing (v2, v4,
 * v256), shape files. mcc_twin_refuses says when.
 */
#include "mcc.h"
#include "xcc_memo.h"

#include <stdlib.h>
#include <string.h>

#define TWIN_STATE_BYTES (256ULL << 20)
#define TWIN_TABLE_BYTES (256ULL << 20)

/*
 * The branch rule as one number per item. DLX3 prefers the least score
 * v, then the least s = min(slack, bound), then the greatest length,
 * then the leftmost; so each active primary item gets the key
 *
 *     (v + KEY_BIAS) << 42  |  s << 21  |  (KEY_LEN - length)
 *
 * and the branch item is the first of least key; an inactive item has
 * the key ~0. A length going down by one is v and the last field moving
 * by one, so hiding an option adds KEY_DROP to the keys of its items.
 * v only matters when it is positive (else the node is a dead end,
 * whatever item is chosen), so bound - slack is capped at the options +
 * 2, which keeps every field in range for problems of fewer than 2^21 -
 * 2 options whose items have min(slack, hi) below 2^21 - 1
 * (mcc_twin_refuses).
 */
#define KEY_FIELD ((word)1 << 21)
#define KEY_LEN (KEY_FIELD - 1)
#define KEY_BIAS KEY_FIELD
#define KEY_DROP ((word)1 - ((word)1 << 42))
#define KEY_NONE (~(word)0)

/*
 * A level's slot: pointers into one block of stride words (all but opts),
 * so that copying a slot to the next level is one loop. What a solution
 * needs (live, pure, n) comes first: a child known to be a solution gets
 * only that much (head words).
 */
typedef struct mslot {
    word *live;   /* L: W words */
    word *pure;   /* the purified secondary items, bit i - second */
    int *n;       /* n[0]: primary items active; n[1]: secondary items purified */
    word *act;    /* the active primary items, bit i - 1 */
    word *key;    /* key[i - 1]: the keys of the primary items */
    int *bnd;     /* their bounds */
    word *opts;   /* the branch item's list when the level began (not copied) */
} mslot;
#define nact n[0]
#define npure n[1]

/* The figures of one step, before they are added. */
typedef struct cost {
    ullng mems, updates, cleansings;
} cost;

/* How a level treats its branch item (mcc.h). */
enum { COVERING, TWEAKING, TWEAKING_COVERED };

/* What a level must remember to walk its choices and undo them. */
typedef struct mframe {
    int item, mode;
    int pos;               /* the next option of opts to look at */
    int ent;               /* where to look for it in the item's list (xcc_bits.list) */
    int left;              /* TWEAKING_COVERED: options of the list not tweaked yet */
    int is_null;           /* the current choice is the null one */
    int tweaks;            /* options tweaked out so far */
    ullng tweak_mems;      /* what those tweaks cost */
    ullng cover_mems;      /* what covering the item cost (COVERING, TWEAKING_COVERED) */
    ullng commit_mems;     /* what the current choice cost */
    /* for the memo: where the node's entry goes, the figures when it was
       entered, and the deepest level below it (relative) */
    word *entry;
    cost start;
    ullng start_cmems, start_nodes, start_count;
    int deep;
} mframe;

typedef struct mtwin {
    xcc_bits b;
    int second;
    int SW, AW;            /* words of a set of secondary, of primary items */
    int *slack;            /* slack[i - 1] */
    int need_cap;          /* bound - slack is capped here (see KEY_FIELD) */
    size_t stride, head;   /* words of a slot's block, of its part for a solution */
    word *blocks;          /* the slots' blocks, one after another */
    word *optsets;         /* the slots' opts, W words each */
    mslot *slots;
    mframe *frames;
    int nslots;
    word *secs;            /* with at most 64 secondary items: each option's, as a set */
    int *agree_of;         /* per node: its row in agree, or -1 */
    word *agree;           /* rows: the options giving an item one color */
    word *scratch;
    /* the memo (see walk): keys of K words, the item states in KB bytes each */
    memo *memo;
    word *keys;            /* per level: the key of its node */
    int K, KB;
    int memo_tried, memo_owner, memo_unbooked;
} mtwin;

/* ---- the tables ----------------------------------------------------------- */

/* agree: for each secondary item and color, the options giving it that color. */
static int build_agree(mtwin *t, const xcc_problem *p)
{
    const xcc_node *nd = p->nd;
    const xcc_bits *b = &t->b;
    size_t W = (size_t)b->W, nodes = (size_t)(p->last_node - p->last_itm) + 1;
    int rows = 0;
    if (!(t->agree_of = malloc(nodes * sizeof(int))))
        return 3;
    for (size_t k = 0; k < nodes; k++)
        t->agree_of[k] = -1;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = b->lstart[i]; k < b->lstart[i + 1]; k++) {
            int x = b->list[k].node, row = -1;
            if (!nd[x].color)
                continue;
            for (int j = b->lstart[i]; j < k && row < 0; j++) /* an earlier node of that color */
                if (nd[b->list[j].node].color == nd[x].color)
                    row = t->agree_of[b->list[j].node - p->last_itm];
            t->agree_of[x - p->last_itm] = row >= 0 ? row : rows++;
        }
    if (!(t->agree = calloc((size_t)rows * W + 1, sizeof(word))))
        return 3;
    for (int i = p->second; i < p->last_itm; i++)
        for (int k = b->lstart[i]; k < b->lstart[i + 1]; k++) {
            int row = t->agree_of[b->list[k].node - p->last_itm], o = b->list[k].opt;
            if (row >= 0)
                t->agree[(size_t)row * W + (size_t)o / 64] |= (word)1 << (o % 64);
        }
    return 0;
}

static void twin_free(mtwin *t)
{
    xcc_bits_free(&t->b);
    free(t->blocks), free(t->optsets);
    free(t->slots), free(t->frames), free(t->agree_of), free(t->agree), free(t->scratch);
    free(t->slack), free(t->secs), free(t->keys);
    if (t->memo_owner)
        xcc_memo_free(t->memo);
}

static int twin_init(mtwin *t, const xcc_problem *p)
{
    memset(t, 0, sizeof *t);
    if (xcc_bits_build(&t->b, p, 0))
        return 3;
    int P = t->b.P;
    size_t W = (size_t)t->b.W, P2 = ((size_t)P + 1) / 2; /* words of P ints */
    t->second = p->second;
    t->SW = (p->last_itm - p->second + 63) / 64;
    t->AW = (P + 63) / 64;
    t->need_cap = t->b.n + 2;
    t->head = W + (size_t)t->SW + 1;
    t->stride = t->head + (size_t)t->AW + (size_t)P + P2;
    t->slack = malloc(((size_t)P + 1) * sizeof(int));
    t->scratch = malloc(W * sizeof(word));
    if (!t->slack || !t->scratch || build_agree(t, p))
        return 3;
    for (int i = 1; i <= P; i++) {
        xcc_bound bd = xcc_item_bound(p, i);
        t->slack[i - 1] = bd.hi - bd.lo;
    }
    int most = 0;
    for (int i = 1; i <= P; i++)
        if (xcc_item_bound(p, i).hi > most)
            most = xcc_item_bound(p, i).hi;
    t->KB = most < 256 ? 1 : most < 65536 ? 2 : 4;
    t->K = t->b.W + t->SW + (P * t->KB + 7) / 8;
    if (t->SW == 1) {
        if (!(t->secs = calloc((size_t)t->b.n + 1, sizeof(word))))
            return 3;
        for (int o = 0; o < t->b.n; o++)
            for (int x = t->b.first[o], e = x + t->b.olen[o]; x < e; x++)
                if (p->nd[x].itm >= p->second)
                    t->secs[o] |= (word)1 << (p->nd[x].itm - p->second);
    }
    return 0;
}

/* Makes room for levels 0 .. need (a slot and a frame each); 0, or 3. */
static int grow_levels(mtwin *t, int need)
{
    size_t W = (size_t)t->b.W;
    int cap = t->nslots ? 2 * t->nslots : 64;
    while (cap <= need)
        cap *= 2;
    word *blocks = realloc(t->blocks, (size_t)cap * t->stride * sizeof(word));
    if (!blocks)
        return 3;
    t->blocks = blocks;
    word *optsets = realloc(t->optsets, (size_t)cap * W * sizeof(word));
    if (!optsets)
        return 3;
    t->optsets = optsets;
    mslot *s = realloc(t->slots, (size_t)cap * sizeof(mslot));
    if (!s)
        return 3;
    t->slots = s;
    mframe *f = realloc(t->frames, (size_t)cap * sizeof(mframe));
    if (!f)
        return 3;
    t->frames = f;
    if (t->K) {
        word *keys = realloc(t->keys, (size_t)cap * (size_t)t->K * sizeof(word));
        if (!keys)
            return 3;
        t->keys = keys;
    }
    t->nslots = cap;
    for (int k = 0; k < cap; k++) { /* the blocks may have moved */
        word *at = t->blocks + (size_t)k * t->stride;
        s[k].live = at, at += W;
        s[k].pure = at, at += t->SW;
        s[k].n = (int *)at, at += 1;
        s[k].act = at, at += t->AW;
        s[k].key = at, at += t->b.P;
        s[k].bnd = (int *)at;
        s[k].opts = t->optsets + (size_t)k * W;
    }
    return 0;
}

BITS_INLINE int reserve_slot(mtwin *t, int k)
{
    return k < t->nslots ? 0 : grow_levels(t, k);
}

/* Copies the first n words of a slot's block. */
BITS_INLINE void copy_slot(mslot *dst, const mslot *src, size_t n)
{
    memcpy(dst->live, src->live, n * sizeof(word));
}

/* The key of an active item of that length and bound (see KEY_FIELD). */
BITS_INLINE word make_key(const mtwin *t, int i, int len, int bound)
{
    int slack = t->slack[i], s = slack < bound ? slack : bound;
    long long need = (long long)bound - s;
    if (need > t->need_cap)
        need = t->need_cap;
    return (word)(len - need + 1 + (long long)KEY_BIAS) << 42 | (word)s << 21
           | (KEY_LEN - (word)len);
}

/* The length of item i from its key. */
BITS_INLINE int key_len(word key)
{
    return (int)(KEY_LEN - (key & KEY_LEN));
}

/* The problem as read: every option live, every primary item active. */
static void root_slot(const mtwin *t, const xcc_problem *p, mslot *s)
{
    const xcc_bits *b = &t->b;
    memset(s->live, 0, (size_t)b->W * sizeof(word));
    for (int o = 0; o < b->n; o++)
        s->live[o / 64] |= (word)1 << (o % 64);
    memset(s->pure, 0, (size_t)t->SW * sizeof(word));
    memset(s->act, 0, (size_t)t->AW * sizeof(word));
    for (int i = 0; i < b->P; i++) {
        s->act[i / 64] |= (word)1 << (i % 64);
        s->bnd[i] = xcc_item_bound(p, i + 1).hi;
        s->key[i] = make_key(t, i, b->lstart[i + 2] - b->lstart[i + 1], s->bnd[i]);
    }
    s->nact = b->P;
    s->npure = 0;
}

/* ---- the steps, as sets -------------------------------------------------- */

BITS_INLINE int bit(const word *set, int k)
{
    return (set[k / 64] >> (k % 64)) & 1;
}

/* Nodes of option o whose secondary item is purified (DLX3's color -1). */
BITS_INLINE int cleansed(const mtwin *t, const mslot *s, const xcc_node *nd, int o)
{
    const xcc_bits *b = &t->b;
    int c = 0;
    if (!s->npure || !b->osec[o])
        return 0;
    if (t->secs)
        return __builtin_popcountll(t->secs[o] & s->pure[0]);
    for (int x = b->first[o], e = x + b->olen[o]; x < e; x++) {
        int v = nd[x].itm - t->second;
        if (v >= 0)
            c += bit(s->pure, v);
    }
    return c;
}

/* Takes option o out of the lists of its primary items (their keys). */
BITS_INLINE void drop_option(const mtwin *t, mslot *s, int o)
{
    const xcc_bits *b = &t->b;
    for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++)
        s->key[b->prim[k]] += KEY_DROP;
}

/*
 * Hides the options of h (taken out of L already) through an item being
 * covered, or purified (then a cleansed node costs 2, not 1). keys: the
 * slot's keys are kept (not in a solution's slot).
 */
BITS_INLINE void hide_set(const mtwin *t, mslot *s, const xcc_node *nd, const word *h,
                          int purifying, int keys, cost *c)
{
    const xcc_bits *b = &t->b;
    ullng m = 0, len = 0, cl = 0;
    for (int w = 0; w < b->W; w++)
        for (word bits = h[w]; bits; bits &= bits - 1) {
            int o = w * 64 + __builtin_ctzll(bits);
            m++;
            len += (ullng)b->olen[o];
            cl += (ullng)cleansed(t, s, nd, o);
            if (keys)
                drop_option(t, s, o);
        }
    c->mems += 6 * len - 4 * m - (purifying ? 4 : 5) * cl;
    c->updates += len - m - cl;
}

/* Primary item x leaves the active items. */
BITS_INLINE void deactivate(mslot *s, int x)
{
    s->key[x - 1] = KEY_NONE;
    s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    s->nact--;
}

/* cover(x): its live options (into opts) are hidden; a primary x leaves the active ones. */
BITS_INLINE void cover(const mtwin *t, mslot *s, const xcc_node *nd, int x, word *opts,
                       int keys, cost *c)
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
    c->updates++;
    hide_set(t, s, nd, opts, 0, keys, c);
    if (keys && x < t->second)
        deactivate(s, x);
}

/* purify(x) to the color of node q. */
BITS_INLINE void purify(const mtwin *t, mslot *s, const xcc_node *nd, int x, int q,
                        int last_itm, int keys, cost *c)
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
    c->mems += 2 + 2 * all + same;
    c->cleansings += 1 + same;
    hide_set(t, s, nd, h, 1, keys, c);
    s->pure[(x - t->second) / 64] |= (word)1 << ((x - t->second) % 64);
    s->npure++;
}

/*
 * The choice of option o at node q, in slot s: its other items, left to
 * right. bnd: the bounds before it (s's own, or with keys 0, the
 * parent's: a solution's slot has none).
 */
BITS_INLINE void commit(const mtwin *t, mslot *s, const int *bnd, const xcc_problem *p, int q,
                        int keys, cost *c)
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
        if (cc < t->second) {
            int bound = bnd[cc - 1] - 1;
            c->mems += 2;
            if (keys) {
                s->bnd[cc - 1] = bound;
                if (bound)
                    s->key[cc - 1] = make_key(t, cc - 1, key_len(s->key[cc - 1]), bound);
            }
            if (!bound)
                cover(t, s, nd, cc, t->scratch, keys, c);
        } else if (!nd[pp].color) {
            cover(t, s, nd, cc, t->scratch, keys, c);
        } else if (!bit(s->pure, cc - t->second)) {
            purify(t, s, nd, cc, pp, p->last_itm, keys, c);
        }
        pp++;
    }
}

/* Whether choosing option o (branching on x) leaves no active item: a solution. */
BITS_INLINE int ends_search(const mtwin *t, const mslot *s, const mframe *f, int o)
{
    const xcc_bits *b = &t->b;
    int left = s->nact;
    for (int k = b->pstart[o]; k < b->pstart[o + 1]; k++) {
        int i = b->prim[k];
        left -= i + 1 != f->item && s->bnd[i] == 1;
    }
    return left == 0;
}

/* Tweaking option o out of every list (its item still active): the mems. */
BITS_INLINE ullng tweak_out(const mtwin *t, mslot *s, const xcc_node *nd, int o, cost *c)
{
    int cl = cleansed(t, s, nd, o), len = t->b.olen[o];
    s->live[o / 64] &= ~((word)1 << (o % 64));
    drop_option(t, s, o);
    c->updates += (ullng)(len - cl);
    return (ullng)(6 * len - 5 * cl + 2);
}

/*
 * The branch item by DLX3's rule, the first of least key; *score its
 * score (MCC_INFINITY when no item is active, 0 for a dead end).
 */
BITS_INLINE int choose(const mtwin *t, const mslot *s, int *score)
{
    if (!s->nact) {
        *score = MCC_INFINITY;
        return 0;
    }
    const word *key = s->key;
    word least = KEY_NONE;
    int best = 0;
    for (int w = 0; w < t->AW; w++)
        for (word bits = s->act[w]; bits; bits &= bits - 1) {
            int i = w * 64 + __builtin_ctzll(bits);
            word k = key[i];
            int less = k < least;
            least = less ? k : least;
            best = less ? i : best;
        }
    long long v = (long long)(least >> 42) - (long long)KEY_BIAS;
    *score = v > 0 ? (int)v : 0;
    return best + 1;
}

/* ---- the levels ------------------------------------------------------------ */

/* A level branching on x begins (mcc_links.c's level_start). */
BITS_INLINE void level_start(mtwin *t, mslot *s, mframe *f, const xcc_node *nd, int x, cost *c)
{
    const xcc_bits *b = &t->b;
    int bound = --s->bnd[x - 1], slack = t->slack[x - 1];
    f->item = x;
    f->pos = 0;
    f->ent = b->lstart[x];
    f->tweaks = 0;
    f->tweak_mems = 0;
    f->cover_mems = 0;
    c->mems += 3;
    if (bound == 0 && slack == 0) {
        f->mode = COVERING;
    } else {
        c->mems++;
        f->mode = bound == 0 ? TWEAKING_COVERED : TWEAKING;
    }
    if (f->mode == TWEAKING) {
        const word *mk = bits_item_mask(b, x);
        for (int w = 0; w < b->W; w++)
            s->opts[w] = s->live[w] & mk[w];
        s->key[x - 1] = make_key(t, x - 1, key_len(s->key[x - 1]), bound);
    } else {
        cost cc = {0, 0, 0};
        cover(t, s, nd, x, s->opts, 1, &cc);
        f->cover_mems = cc.mems;
        c->mems += cc.mems, c->updates += cc.updates;
        f->left = 0;
        for (int w = 0; w < b->W; w++)
            f->left += __builtin_popcountll(s->opts[w]);
    }
}

/* The next option of opts at or after f->pos, or -1. */
BITS_INLINE int next_option(const mtwin *t, const mslot *s, const mframe *f)
{
    int o = f->pos, w = o / 64, W = t->b.W;
    if (w >= W)
        return -1;
    word bits = s->opts[w] & (~(word)0 << (o % 64));
    while (!bits && ++w < W)
        bits = s->opts[w];
    return bits ? w * 64 + __builtin_ctzll(bits) : -1;
}

/*
 * The next choice of the level (mcc_links.c's level_try): sets *o to an
 * option, or -1 for the null choice, and makes it in the level's slot
 * (tweaked out, or x deactivated); 0 when the level is done.
 */
BITS_INLINE int level_try(mtwin *t, mslot *s, mframe *f, const xcc_node *nd, int *o, cost *c)
{
    int x = f->item, bound = s->bnd[x - 1], slack = t->slack[x - 1];
    int next = next_option(t, s, f);
    c->mems++;
    if (f->mode == COVERING) {
        if (next < 0)
            return 0;
    } else {
        int len = f->mode == TWEAKING ? key_len(s->key[x - 1]) : f->left;
        c->mems += 2;
        if ((long long)len <= (long long)bound - slack)
            return 0;
        if (next >= 0 && f->mode == TWEAKING) {
            ullng m = tweak_out(t, s, nd, next, c);
            c->mems += m;
            f->tweak_mems += m;
        } else if (next >= 0) {
            c->mems += 6, c->updates++;
            f->left--;
        } else if (bound != 0) {
            deactivate(s, x);
            c->mems += 3;
        }
        if (next >= 0)
            f->tweaks++;
    }
    *o = next;
    f->is_null = next < 0;
    if (next >= 0)
        f->pos = next + 1;
    return 1;
}

/* What taking the level back costs (mcc_links.c's level_end). */
BITS_INLINE ullng level_end_mems(const mframe *f)
{
    ullng m = 1 + 2;
    if (f->mode == COVERING)
        return m + f->cover_mems;
    if (f->mode == TWEAKING)
        return m + 1 + 5 + f->tweak_mems - 4 * (ullng)f->tweaks;
    return m + 1 + 2 + 2 * (ullng)f->tweaks + f->cover_mems;
}

/* The node of option o in the level's item: its list goes in the order of options. */
BITS_INLINE int node_in(const mtwin *t, mframe *f, int o)
{
    const bits_entry *e = t->b.list;
    while (e[f->ent].opt != o)
        f->ent++;
    return e[f->ent].node;
}

/* ---- the memo ---------------------------------------------------------------- */

/*
 * Below a node, DLX3's subtree and all its figures depend only on its
 * live options (the lists), its purified items (the cleansed nodes) and
 * its active primary items with their bounds (the branch rule); so the
 * key is the three, an item's part being its bound while it is active and
 * 0 once it is not (an active item's bound is never 0). When the search
 * only counts, every subtree finished is kept (xcc_memo.h) and met again
 * at no cost. Dead ends and solutions are cheaper to walk than to look up.
 */
BITS_INLINE word memo_key(const mtwin *t, const mslot *s, word *key)
{
    int W = t->b.W, K = t->K;
    for (int w = 0; w < W; w++)
        key[w] = s->live[w];
    for (int v = 0; v < t->SW; v++)
        key[W + v] = s->pure[v];
    for (int k = W + t->SW; k < K; k++)
        key[k] = 0;
    unsigned char *states = (unsigned char *)(key + W + t->SW);
    for (int i = 0; i < t->b.P; i++) {
        unsigned v = s->key[i] == KEY_NONE ? 0 : (unsigned)s->bnd[i];
        if (t->KB == 1)
            states[i] = (unsigned char)v;
        else if (t->KB == 2)
            memcpy(states + 2 * i, &(uint16_t){(uint16_t)v}, 2);
        else
            memcpy(states + 4 * i, &v, 4);
    }
    return key_hash(key, K);
}

/* Gives t a memo of its own, or the memo of from if from is not NULL. */
static void start_memo(mtwin *t, mtwin *from)
{
    t->memo_tried = 1;
    if (t->K > TWIN_MEMO_KEY_WORDS)
        return; /* then it just walks */
    if (from) {
        t->memo = from->memo;
    } else {
        t->memo = xcc_memo_new(t->K, M_DEEP);
        t->memo_owner = 1;
    }
}

/* ---- the walk ---------------------------------------------------------------- */

#ifdef XCC_SANITY
/* The slot of a node: every active item's key holds its number of live
   options and its bound, the active set agrees with the keys, and the
   counts of active and purified items are the sizes of their sets. A
   solution's slot holds only its head (live, pure, n): nothing to check. */
static void twin_sanity(const mtwin *t, const mslot *sl, ullng node)
{
    const xcc_bits *b = &t->b;
    int active = 0, purified = 0;
    if (!sl->nact)
        return;
    for (int i = 0; i < b->P; i++) {
        int on = sl->key[i] != KEY_NONE;
        if (bit(sl->act, i) != on)
            xcc_insane("mcc-twin", node, "item %d: active set and key disagree", i + 1);
        if (!on)
            continue;
        active++;
        const word *mk = bits_item_mask(b, i + 1);
        int n = 0;
        for (int w = 0; w < b->W; w++)
            n += __builtin_popcountll(sl->live[w] & mk[w]);
        if (sl->key[i] != make_key(t, i, n, sl->bnd[i]))
            xcc_insane("mcc-twin", node, "item %d has %d live options and bound %d, its key "
                       "says %d", i + 1, n, sl->bnd[i], key_len(sl->key[i]));
    }
    for (int v = 0; v < t->SW; v++)
        purified += __builtin_popcountll(sl->pure[v]);
    if (active != sl->nact || purified != sl->npure)
        xcc_insane("mcc-twin", node, "%d active and %d purified items, the slot says %d and %d",
                   active, purified, sl->nact, sl->npure);
}
#endif

const char *mcc_twin_refuses(const xcc_problem *p, const xcc_settings *st)
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
    double slot = (n / 64 + 1) * 16 + (S / 64 + 1) * 8 + (P + 8) * 12;
    if (xcc_bits_table_bytes(p) * 2 > TWIN_TABLE_BYTES || slot * (P + 1) > TWIN_STATE_BYTES)
        return "tables past 256 MB";
    if (n >= (double)(KEY_FIELD - 2))
        return "2^21 options or more (the links')";
    for (int i = 1; i < p->second; i++) {
        xcc_bound b = xcc_item_bound(p, i);
        if (b.hi - b.lo >= (int)KEY_LEN && b.hi >= (int)KEY_LEN)
            return "bounds of 2^21 or more with as much slack (the links')";
    }
    return NULL;
}

/*
 * DLX3's lengths where a search stopped early, for the "Item totals": the
 * choices of levels 0 .. top made again on the links, which count them.
 */
static void note_stop_lengths(xcc_tree *s, int top)
{
    xcc_problem *p = s->p;
    xcc_tree r;
    if (xcc_tree_init(&r, p, NULL, NULL))
        return;
    if (!mcc_replay(&r, s->choice, top + 1)) {
        int *len = malloc((size_t)p->last_itm * sizeof(int));
        if (len)
            for (int k = 1; k < p->last_itm; k++)
                len[k] = p->nd[k].len;
        mcc_unreplay(&r);
        free(p->stop_len);
        p->stop_len = len;
    }
    xcc_tree_free(&r);
}

/* Makes choice[0 .. depth-1] from the root, counting nothing (base_level). */
static int replay(mtwin *t, xcc_tree *s, int depth)
{
    const xcc_problem *p = s->p;
    for (int l = 0; l < depth; l++) {
        int q = s->choice[l], x = q < p->last_itm ? q : p->nd[q].itm, o = -1;
        mslot *sl = &t->slots[l];
        mframe *f = &t->frames[l];
        cost ignored = {0, 0, 0};
        if (reserve_slot(t, l + 1) || xcc_tree_reserve(s, l + 2))
            return 3;
        sl = &t->slots[l];
        s->path[l].d = (int)mcc_score(key_len(sl->key[x - 1]), (mcc_cap){sl->bnd[x - 1], t->slack[x - 1]});
        level_start(t, sl, f, p->nd, x, &ignored);
        int k = 0;
        do {
            level_try(t, sl, f, p->nd, &o, &ignored);
            k++;
        } while (q >= p->last_itm ? o >= 0 && node_in(t, f, o) != q : o >= 0);
        s->path[l].k = k;
        mslot *child = &t->slots[l + 1];
        copy_slot(child, sl, t->stride);
        if (o >= 0)
            commit(t, child, child->bnd, p, q, 1, &ignored);
    }
    return 0;
}

#define SAVE_FIGURES() \
    (s->fig.mems = tot.mems, s->fig.updates = tot.updates, s->fig.cleansings = tot.cleansings, \
     s->fig.cmems = cmems, s->fig.nodes = nodes, s->fig.solutions = count)

BITS_HOT static xcc_status mtwin_walk(xcc_tree *s, mtwin *t)
{
    const xcc_problem *p = s->p;
    const xcc_node *nd = p->nd;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status status = XCC_OK;
    cost tot = {s->fig.mems, s->fig.updates, s->fig.cleansings};
    ullng cmems = s->fig.cmems, nodes = s->fig.nodes, count = s->fig.solutions;
    const int base = s->base_level;
    free(p->stop_len);
    s->p->stop_len = NULL;
    if (reserve_slot(t, 0) || xcc_tree_reserve(s, base + 2)) {
        status = XCC_NO_MEMORY;
        goto done;
    }
    root_slot(t, p, &t->slots[0]);
    if (replay(t, s, base)) {
        status = XCC_NO_MEMORY;
        goto done;
    }
    s->level = base;

forward:
    if (s->level == s->split_depth && s->split_depth) {
        SAVE_FIGURES();
        if (s->on_split && s->on_split(s, s->split_ctx)) {
            stop = XCC_STOP_CALLBACK;
            goto done;
        }
        goto backdown;
    }
    if (s->level + 2 >= t->nslots || s->level + 2 >= s->levels_cap) {
        if (reserve_slot(t, s->level + 2) || xcc_tree_reserve(s, s->level + 2)) {
            status = XCC_NO_MEMORY;
            goto done;
        }
    }
    nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(nodes, (ullng)t->b.P * (ullng)t->b.W))
        twin_sanity(t, &t->slots[s->level], nodes);
#endif
    t->frames[s->level].entry = NULL;
    t->frames[s->level].deep = 0;
    if (s->level > base && t->frames[s->level - 1].deep < 1)
        t->frames[s->level - 1].deep = 1;
    if (s->vbose & XCC_SHOW_PROFILE)
        s->profile[s->level]++;
    if ((s->interrupt && *s->interrupt) || (s->halt && *s->halt)) {
        stop = XCC_STOP_INTERRUPT;
        goto done;
    }
    if (s->delta && tot.mems >= s->thresh) {
        s->thresh += s->delta;
        SAVE_FIGURES();
        xcc_tree_progress(s, 1);
    }
    if (tot.mems >= s->timeout) {
        stop = XCC_STOP_MEMS;
        goto done;
    }
    {
        mslot *sl = &t->slots[s->level];
        int score, x = choose(t, sl, &score);
        if (t->memo && score > 0 && score < MCC_INFINITY) {
            mframe *fr = &t->frames[s->level];
            word *key = t->keys + (size_t)s->level * (size_t)t->K, fig[M_FIGS];
            word h = memo_key(t, sl, key);
            if (memo_find(t->memo, h, key, &fr->entry, fig)
                && count + fig[M_COUNT] < s->maxcount && tot.mems + fig[M_MEMS] < s->timeout
                && (!s->delta || tot.mems + fig[M_MEMS] < s->thresh)) {
                /* the subtree, walked before: its figures (this node's included) */
                count += fig[M_COUNT], nodes += fig[M_NODES] - 1, cmems += fig[M_CMEMS];
                tot.mems += fig[M_MEMS], tot.updates += fig[M_UPDATES];
                tot.cleansings += fig[M_CLEANSINGS];
                int deep = (int)fig[M_DEEP];
                if (s->level + deep > s->maxl) {
                    if (xcc_tree_reserve(s, s->level + deep + 2)) {
                        status = XCC_NO_MEMORY;
                        goto done;
                    }
                    s->maxl = s->level + deep;
                }
                if (s->level > base && t->frames[s->level - 1].deep < deep + 1)
                    t->frames[s->level - 1].deep = deep + 1;
                fr->entry = NULL;
                goto backdown;
            }
            fr->start = tot;
            fr->start_cmems = cmems, fr->start_nodes = nodes - 1, fr->start_count = count;
        }
        ullng m = 1 + 2 * (ullng)sl->nact;
        tot.mems += m, cmems += m;
        if (score <= 0)
            goto backdown;
        if (score == MCC_INFINITY)
            goto solution;
        s->path[s->level].d = score;
        s->path[s->level].k = 0;
        level_start(t, sl, &t->frames[s->level], nd, x, &tot);
    }
advance:
    {
        mslot *sl = &t->slots[s->level];
        mframe *f = &t->frames[s->level];
        int o;
        if (!level_try(t, sl, f, nd, &o, &tot))
            goto backup;
        s->path[s->level].k++;
        mslot *child = &t->slots[s->level + 1];
        if (o < 0) {
            copy_slot(child, sl, t->stride);
            s->choice[s->level] = f->item;
            f->commit_mems = 0;
        } else {
            int q = node_in(t, f, o), leaf = ends_search(t, sl, f, o);
            cost c = {0, 0, 0};
            s->choice[s->level] = q;
            if (leaf) { /* a solution: its slot needs no keys */
                copy_slot(child, sl, t->head);
                child->nact = 0;
                commit(t, child, sl->bnd, p, q, 0, &c);
            } else {
                copy_slot(child, sl, t->stride);
                commit(t, child, child->bnd, p, q, 1, &c);
            }
            tot.mems += c.mems, tot.updates += c.updates, tot.cleansings += c.cleansings;
            f->commit_mems = c.mems;
        }
        if (++s->level > s->maxl)
            s->maxl = s->level;
        goto forward;
    }
backup:
    {
        mframe *fr = &t->frames[s->level];
        tot.mems += level_end_mems(fr);
        if (fr->entry) { /* a subtree finished: its figures for the memo */
            word fig[M_FIGS];
            fig[M_COUNT] = count - fr->start_count, fig[M_NODES] = nodes - fr->start_nodes;
            fig[M_MEMS] = tot.mems - fr->start.mems, fig[M_LMEMS] = 0;
            fig[M_UPDATES] = tot.updates - fr->start.updates;
            fig[M_CLEANSINGS] = tot.cleansings - fr->start.cleansings;
            fig[M_CMEMS] = cmems - fr->start_cmems, fig[M_DEEP] = (word)fr->deep;
            memo_write(t->memo, fr->entry, t->keys + (size_t)s->level * (size_t)t->K, fig);
            if (++t->memo_unbooked == 256) {
                xcc_memo_grow(t->memo, t->memo_unbooked);
                t->memo_unbooked = 0;
            }
        }
        if (s->level > base && t->frames[s->level - 1].deep < fr->deep + 1)
            t->frames[s->level - 1].deep = fr->deep + 1;
    }
backdown:
    if (s->level == base)
        goto done;
    s->level--;
    {
        mframe *f = &t->frames[s->level];
        tot.mems += 2;
        if (f->is_null) {
            tot.mems += 3;
            goto backup;
        }
        tot.mems += f->commit_mems + 2;
        goto advance;
    }

solution:
    count++;
    if (s->sink->solution) {
        SAVE_FIGURES();
        int level = s->level;
        s->level = level - 1;
        int stopped = xcc_tree_solution(s, 1);
        s->level = level;
        if (stopped) {
            stop = XCC_STOP_CALLBACK;
            goto done;
        }
    }
    if (count >= s->maxcount) {
        stop = XCC_STOP_COUNT;
        goto done;
    }
    goto backdown;

done:
    SAVE_FIGURES();
    s->fig.stop = stop;
    if (stop != XCC_COMPLETE && status == XCC_OK && (s->vbose & XCC_SHOW_TOTS))
        note_stop_lengths(s, s->level - 1);
    return status;
}

void *mcc_twin_new(const xcc_problem *p)
{
    mtwin *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    if (twin_init(t, p)) {
        twin_free(t);
        free(t);
        return NULL;
    }
    return t;
}

void mcc_twin_delete(void *t)
{
    if (t) {
        twin_free(t);
        free(t);
    }
}

xcc_status mcc_twin_walk(void *tw, xcc_tree *s)
{
    mtwin *t = tw;
    int listing = s->sink->solution || (s->vbose & XCC_SHOW_PROFILE);
    s->fig.knuth = 3;
    if (!t->memo_tried && !listing)
        start_memo(t, NULL);
    memo *kept = t->memo;
    if (listing || s->split_depth)
        t->memo = NULL; /* every node must be visited: no memo this time */
    xcc_status out = mtwin_walk(s, t);
    t->memo = kept;
    return out;
}

void mcc_twin_share_memo(void *tw, void *from)
{
    mtwin *t = tw, *f = from;
    if (!f->memo_tried)
        start_memo(f, NULL);
    if (!t->memo_tried && f->memo)
        start_memo(t, f);
}

static xcc_status twin_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figures *fig, xcc_diag *d)
{
    (void)d;
    xcc_tree t;
    void *tw = mcc_twin_new(p);
    xcc_status status = tw ? xcc_tree_init(&t, p, st, sink) : XCC_NO_MEMORY;
    if (!tw)
        return status;
    if (!status)
        status = mcc_twin_walk(tw, &t);
    xcc_tree_figures(&t, fig);
    xcc_tree_free(&t);
    mcc_twin_delete(tw);
    return status;
}

const xcc_engine mcc_twin_engine = {"mcc-twin", mcc_twin_refuses, twin_solve, NULL};

/* ---- threads and shards ------------------------------------------------------ */

const xcc_walker mcc_walker = {
    mcc_links_walk, mcc_replay, mcc_unreplay, mcc_estimate_subtree,
    mcc_twin_refuses, mcc_twin_new, mcc_twin_delete, mcc_twin_walk, mcc_twin_share_memo, 3,
};

static xcc_status threads_twin_solve(xcc_problem *p, const xcc_settings *st,
                                     const xcc_sink *sink, xcc_figures *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &mcc_walker, 1);
}

static xcc_status threads_links_solve(xcc_problem *p, const xcc_settings *st,
                                      const xcc_sink *sink, xcc_figures *fig, xcc_diag *d)
{
    (void)d;
    return xcc_threads_solve(p, st, sink, fig, &mcc_walker, 0);
}

const xcc_engine mcc_threads_twin = {"mcc-threads", xcc_threads_refuses, threads_twin_solve, NULL};
const xcc_engine mcc_threads_links = {"mcc-threads", xcc_threads_refuses, threads_links_solve, NULL};
