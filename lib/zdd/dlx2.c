/*
 * zdd/dlx2.c — every solution at once, as Knuth's DLX6 finds them: DLX2's
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
 * The walk is the twin's (twin/dlx2.h: bit sets of live options, DLX2's
 * branch item and option order), or for most problems the counting
 * walk below, which makes the same tree without keeping lengths; their
 * figures are not kept, since no mems are reported. The memo is kept whole, not as a cache: its size
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
#include "twin/dlx2_memo.h"
#include "twin/dlx2_hide.h"
#include "zdd/zdd.h"
#include "engine.h"
#include "tree/dlx2.h"
#include "base/text.h"
#include "base/alloc.h"
#include "base/sanity.h"

#include <stdint.h>
#include <stdlib.h>

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

/* A branch of n solutions below (ZDD node below) joins the node made so
   far, top, whose family holds *sum: 1 when the walk must stop. */
static inline int add_branch(zwalk *z, const xcc_choice *ch, unsigned below, xcc_count n,
                             unsigned *top, xcc_count *sum)
{
    if (xcc_zdd_add(z, sum, n))
        return 1;
    *top = xcc_zdd_make_node(z, ch, *top, below, *sum);
    return xcc_zdd_stopped(z);
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
BITS_HOT static int solve_below(zwalk *z, int l, unsigned *node, xcc_count *count)
{
    twin *t = z->t;
    twin_slot *s = &t->slots[l];
    cost ignored = {0, 0, 0, 0};
    *node = 0, *count = 0;
    z->nodes++;
    if (z->nodes >= z->next_report)
        xcc_zdd_progress(z, l);
#ifdef XCC_SANITY
    if (xcc_sanity_due(z->nodes, (ullng)t->b.P8 * (ullng)t->b.W))
        xcc_twin_sanity(t, s, z->nodes);
#endif
    int want; /* on resume's path: the choice made there */
    if (xcc_zdd_enter(z, l, &want))
        return 1;
    int least = least_length(t, s);
    if (!least) /* a dead end: no node, and not worth a memo entry */
        return want < 0 ? 0 : xcc_zdd_refuse_path(z);
    word *key = z->levkey + (size_t)l * (size_t)z->K;
    word h = state_key(z, s, key);
    zslot at;
    if (want < 0 && xcc_zdd_recall(z, h, key, &at, node, count))
        return 0;
    ullng looked;
    int x = choose(t, s, least, &looked);
    if (reserve_slot(t, l + 1))
        return z->status = XCC_NO_MEMORY, 1;
    cover(t, s, z->p->nd, x, s->opts, 1, &ignored);
    unsigned top = 0;
    xcc_count sum = 0;
    twin_slot *c = &t->slots[l + 1];
    int rank = 0, replayed = want >= 0;
    if (z->psum)
        z->psum[l] = 0;
    for (int k = next_entry(t, s->opts, x, t->b.lstart[x]); k < t->b.lstart[x + 1];
         k = next_entry(t, s->opts, x, k + 1)) {
        unsigned below = 1;
        rank++;
        if (want >= 0) {
            if (t->b.list[k].node != want)
                continue; /* done before the checkpoint */
            want = -1;
        }
        xcc_count n = 1;
        copy_slot(t, c, s, 1);
        commit(t, c, z->p, t->b.list[k].node, 1, &ignored);
        if (z->trail)
            z->trail[l] = (xcc_choice){t->b.list[k].opt, x, rank, least};
        if (c->active) {
            if (solve_below(z, l + 1, &below, &n))
                return 1;
        } else {
            z->nodes++; /* a solution is a node of the tree too, as DLX6 counts */
        }
        if (below) {
            int o = t->b.list[k].opt;
            xcc_choice ch = {o, t->b.list[k].node - z->p->opt_node[o], rank, least};
            if (add_branch(z, &ch, below, n, &top, &sum))
                return 1;
            if (z->psum)
                z->psum[l] = sum;
        }
    }
    if (want >= 0)
        return xcc_zdd_refuse_path(z);
    if (!replayed && xcc_zdd_remember(z, at, h, key, top, sum))
        return 1;
    *node = top, *count = sum;
    return 0;
}

/* ---- the counting walk: lengths counted, options as masks --------------- */

/*
 * The twin's walk (solve_below) keeps each active item's length and
 * lowers it for every option a choice hides: a choice costs the options
 * it hides times their primary items, some 8,000 updates at the root of
 * the pentominoes. The counting walk keeps no lengths: a node counts each
 * active item's live options (a popcount a word, over the words that
 * still have live options, fewer and fewer down the tree), and an
 * option's choice is three masks worked out once (zcount_make): the
 * options it hides (those of its primary and uncolored secondary items,
 * and those of its colored ones with another color), its colored
 * secondary items, which it purifies, and its primary items, which it
 * covers. Hiding again what is hidden changes nothing, so the masks
 * hold whatever was done before. A level's state is R = 2 W + SW + AW
 * (+ CW) words: live options, the branch item's options, purified items,
 * active items (and the codes of the secondary items, see count_key).
 *
 * It takes a problem unless P W (primary items times words of a set of
 * options) passes both ZCOUNT_PW and what a choice costs the twin at the
 * root: the knight's covers (72 items, 3 words, options of 3 items that
 * hide few others) stay with the twin. Its nodes, branch items and
 * options, and so its ZDD, are the twin's.
 */
#define ZCOUNT_PW 128               /* P W up to this: the counting walk, whatever a choice costs */
#define ZCOUNT_MASK_WORDS (1 << 20) /* the masks of all options at most (8 MB) */

typedef struct zcount {
    int W, SW, AW, R;
    word *hide, *purify, *cover; /* per option: W, SW and AW words */
    word *lv;                    /* per level: R words */
    int *nz;                     /* W places */
    /* DLX6's kind of key (see count_key), or CB 0: CB bytes a secondary item, CW words after act */
    int CB, CW;
    int *cstart, *csec, *ccode;  /* option o's colored items: csec[cstart[o] ..], their codes */
} zcount;

static void zcount_free(zcount *m)
{
    free(m->hide), free(m->purify), free(m->cover), free(m->lv), free(m->nz);
    free(m->cstart), free(m->csec), free(m->ccode);
}

/* Whether the counting walk would take p (its tables t): -1 if not; else m is made (0) or memory is short (3). */
static int zcount_make(zcount *m, const twin *t, const xcc_problem *p)
{
    const xcc_bits *b = &t->b;
    int W = b->W, SW = t->SW, AW = t->AW;
    memset(m, 0, sizeof *m);
    /* what a choice costs the lengths, roughly: the options it hides times their primary items */
    double hides = 0, pw = (double)b->P * (double)W;
    for (int o = 0; o < b->n; o++) {
        int len = 0;
        for (int x = b->first[o], e = x + b->olen[o]; x < e; x++)
            len += b->lstart[p->nd[x].itm + 1] - b->lstart[p->nd[x].itm];
        hides += (double)len * (double)(b->pstart[o + 1] - b->pstart[o]) / (double)b->n;
    }
    if ((pw > ZCOUNT_PW && pw > hides) || (size_t)b->n * (size_t)(W + SW + AW) > ZCOUNT_MASK_WORDS)
        return -1;
    m->W = W, m->SW = SW, m->AW = AW, m->R = 2 * W + SW + AW;
    int S = p->last_itm - p->second, rows = 0;
    for (int x = 0; x <= p->last_node - p->last_itm; x++)
        if (rows <= t->agree_of[x])
            rows = t->agree_of[x] + 1;
    int CB = rows + 2 <= 255 ? 1 : 2, CW = (S * CB + 7) / 8;
    if (S && rows + 2 <= 65535 && 4 * (AW + CW) <= W + t->KS) {
        m->CB = CB, m->CW = CW;
        m->R += m->CW;
        m->cstart = malloc(((size_t)b->n + 1) * sizeof(int));
        m->csec = malloc((size_t)(p->last_node + 1) * sizeof(int));
        m->ccode = malloc((size_t)(p->last_node + 1) * sizeof(int));
        if (!m->cstart || !m->csec || !m->ccode)
            return 3;
        int k = 0;
        for (int o = 0; o < b->n; o++) {
            m->cstart[o] = k;
            for (int x = b->first[o], e = x + b->olen[o]; x < e; x++)
                if (p->nd[x].itm >= t->second && p->nd[x].color)
                    m->csec[k] = p->nd[x].itm - t->second, m->ccode[k++] = t->agree_of[x - p->last_itm] + 2;
        }
        m->cstart[b->n] = k;
    }
    m->hide = calloc((size_t)b->n * (size_t)W, sizeof(word));
    m->purify = calloc((size_t)b->n * (size_t)SW, sizeof(word));
    m->cover = calloc((size_t)b->n * (size_t)AW, sizeof(word));
    m->lv = malloc(((size_t)b->P + 2) * (size_t)m->R * sizeof(word));
    m->nz = malloc((size_t)W * sizeof(int));
    if (!m->hide || !m->purify || !m->cover || !m->lv || !m->nz)
        return 3;
    for (int o = 0; o < b->n; o++) {
        word *h = m->hide + (size_t)o * W;
        for (int x = b->first[o], e = x + b->olen[o]; x < e; x++) {
            int i = p->nd[x].itm;
            const word *mk = bits_item_mask(b, i);
            if (i < t->second) {
                m->cover[(size_t)o * AW + (size_t)(i - 1) / 64] |= (word)1 << ((i - 1) % 64);
                for (int w = 0; w < W; w++)
                    h[w] |= mk[w];
            } else if (!p->nd[x].color) {
                for (int w = 0; w < W; w++)
                    h[w] |= mk[w];
            } else {
                int v = i - t->second;
                const word *ag = t->agree + (size_t)t->agree_of[x - p->last_itm] * (size_t)W;
                m->purify[(size_t)o * SW + (size_t)v / 64] |= (word)1 << (v % 64);
                for (int w = 0; w < W; w++)
                    h[w] |= mk[w] & ~ag[w];
            }
        }
    }
    return 0;
}

/*
 * The key of a level's state: its active items, or its live options and
 * its purified items in use. A purified item out of use stays so below,
 * where its purification changes nothing: it leaves the state's set,
 * so that the children look at fewer.
 *
 * Or, when that is at most a quarter of the words (m->CB: the word
 * rectangles, 8 words against 95), DLX6's kind of key: the active
 * primary items, and a code for each secondary item, 0 out of use (no
 * live option has it), 1 in use and not purified, 2 + the row of its
 * color in t->agree in use and purified. Away from dead ends (which are
 * never looked up) the two keys tell the same states apart: the active
 * items are those of the live options, and an option is live if and
 * only if its primary items are active and each of its secondary items
 * is in use and, if purified, with its color. The state's pure is then
 * the set of secondary items maybe in use, and its codes follow its
 * active items, so that the key is one piece of the state.
 */
BITS_INLINE word count_key(const zwalk *z, const zcount *m, word *st, word *key, const int W,
                           const int *nz, int nnz)
{
    const twin *t = z->t;
    word *live = st, *pure = st + 2 * W, *act = pure + m->SW;
    if (t->key_act) {
        memcpy(key, act, (size_t)m->AW * sizeof(word));
        return key_hash(key, z->K);
    }
    if (m->CB) { /* the items' key: pure is the set of secondary items maybe in use */
        unsigned char *code = (unsigned char *)(act + m->AW);
        for (int v = 0; v < m->SW; v++)
            for (word bits = pure[v]; bits; bits &= bits - 1) {
                int sx = v * 64 + __builtin_ctzll(bits);
                const word *mk = bits_item_mask(&t->b, t->second + sx);
                word any = 0;
                if (W > 4)
                    for (int k = 0; k < nnz; k++)
                        any |= live[nz[k]] & mk[nz[k]];
                else
                    for (int w = 0; w < W; w++)
                        any |= live[w] & mk[w];
                if (!any) {
                    pure[v] &= ~(bits & -bits);
                    memset(code + (size_t)sx * (size_t)m->CB, 0, (size_t)m->CB);
                }
            }
        memcpy(key, act, (size_t)z->K * sizeof(word));
        return key_hash(key, z->K);
    }
    memcpy(key, live, (size_t)W * sizeof(word));
    for (int v = 0; v < t->KS; v++) {
        word used = pure[v];
        for (word bits = used; bits; bits &= bits - 1) {
            const word *mk = bits_item_mask(&t->b, t->second + v * 64 + __builtin_ctzll(bits));
            word any = 0;
            if (W > 4)
                for (int k = 0; k < nnz; k++)
                    any |= live[nz[k]] & mk[nz[k]];
            else
                for (int w = 0; w < W; w++)
                    any |= live[w] & mk[w];
            if (!any)
                used &= ~(bits & -bits);
        }
        key[W + v] = pure[v] = used;
    }
    return key_hash(key, z->K);
}

typedef int zcount_walk(zwalk *z, const zcount *m, int l, unsigned *node, xcc_count *count);

/*
 * As solve_below, for the state of level l in m->lv; W is m->W, made a
 * constant for the smallest (zcount_walk1 .. 4), and below is the walk
 * of that W.
 */
BITS_INLINE int count_node(zwalk *z, const zcount *m, int l, unsigned *node, xcc_count *count,
                           const int W, zcount_walk *below_walk)
{
    const twin *t = z->t;
    const xcc_bits *b = &t->b;
    int SW = m->SW, AW = m->AW, R = m->R;
    word *st = m->lv + (size_t)l * (size_t)R;
    word *live = st, *opts = st + W, *pure = st + 2 * W, *act = pure + SW;
    *node = 0, *count = 0;
    z->nodes++;
    if (z->nodes >= z->next_report)
        xcc_zdd_progress(z, l);
    int want; /* on resume's path: the choice made there */
    if (xcc_zdd_enter(z, l, &want))
        return 1;
    /* the branch item: the first active one of least length; none of length 0 */
    int least = INT32_MAX, x = 0, *nz = m->nz, nnz = 0;
    if (W > 4) /* the words with live options: fewer and fewer, down the tree */
        for (int w = 0; w < W; w++)
            nz[nnz] = w, nnz += live[w] != 0;
    /*
     * a key of active items costs little: made first, its place in the
     * memo is fetched while the lengths are counted (the memo is far
     * larger than the caches; a lookup is mostly a miss of memory)
     */
    word *key = z->levkey + (size_t)l * (size_t)z->K, h = 0;
    if (z->t->key_act && z->share) {
        h = count_key(z, m, st, key, W, nz, nnz);
        xcc_zshare_prefetch(z->share, h);
    }
    for (int a = 0; a < AW; a++)
        for (word bits = act[a]; bits; bits &= bits - 1) {
            int i = a * 64 + __builtin_ctzll(bits) + 1, c = 0;
            const word *mk = bits_item_mask(b, i);
            if (W > 4)
                for (int k = 0; k < nnz; k++)
                    c += __builtin_popcountll(live[nz[k]] & mk[nz[k]]);
            else
                for (int w = 0; w < W; w++)
                    c += __builtin_popcountll(live[w] & mk[w]);
            if (c < least) {
                if (!c) /* a dead end: no node, and not worth a memo entry */
                    return want < 0 ? 0 : xcc_zdd_refuse_path(z);
                least = c, x = i;
            }
        }
    if (!(z->t->key_act && z->share))
        h = count_key(z, m, st, key, W, nz, nnz);
    zslot at;
    if (want < 0 && xcc_zdd_recall(z, h, key, &at, node, count))
        return 0;
    const word *mk = bits_item_mask(b, x);
    for (int w = 0; w < W; w++)
        opts[w] = live[w] & mk[w], live[w] &= ~mk[w];
    act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    unsigned top = 0;
    xcc_count sum = 0;
    word *cst = st + R, *clive = cst, *cpure = cst + 2 * W, *cact = cpure + SW;
    int rank = 0, replayed = want >= 0;
    if (z->psum)
        z->psum[l] = 0;
    /*
     * x's list, in input order: its live options, in the order of their
     * numbers; with threads, listed first (z->olist, whose levels hold
     * disjoint sets of options) and taken in the worker's order
     */
    int *list = NULL, nlist = 0, w = -1;
    word bits = 0;
    if (z->workers > 1) {
        list = z->olist + z->obase[l];
        for (int u = 0; u < W; u++)
            for (word v = opts[u]; v; v &= v - 1)
                list[nlist++] = u * 64 + __builtin_ctzll(v);
        z->obase[l + 1] = z->obase[l] + nlist;
    }
    for (int j = 0;; j++) {
        unsigned below = 1;
        int o;
        if (list) {
            if (j == nlist)
                break;
            o = list[xcc_zdd_order(z->worker, z->workers, j, nlist)];
        } else {
            while (!bits && ++w < W)
                bits = opts[w];
            if (!bits)
                break;
            o = w * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
        }
        rank++;
        if (want >= 0) {
            if (xcc_zdd_node_of(z, o, x) != want)
                continue; /* done before the checkpoint */
            want = -1;
        }
        xcc_count n = 1;
        const word *hd = m->hide + (size_t)o * W, *pu = m->purify + (size_t)o * SW,
                   *cv = m->cover + (size_t)o * AW;
        word left = 0;
        for (int u = 0; u < W; u++)
            clive[u] = live[u] & ~hd[u];
        if (m->CB) {
            memcpy(cpure, pure, (size_t)SW * sizeof(word));
            memcpy(cact + AW, act + AW, (size_t)m->CW * sizeof(word));
            unsigned char *code = (unsigned char *)(cact + AW);
            for (int k = m->cstart[o]; k < m->cstart[o + 1]; k++) {
                code[(size_t)m->csec[k] * (size_t)m->CB] = (unsigned char)m->ccode[k];
                if (m->CB == 2)
                    code[(size_t)m->csec[k] * 2 + 1] = (unsigned char)(m->ccode[k] >> 8);
            }
        } else {
            for (int v = 0; v < SW; v++)
                cpure[v] = pure[v] | pu[v];
        }
        for (int a = 0; a < AW; a++)
            left |= cact[a] = act[a] & ~cv[a];
        if (z->trail)
            z->trail[l] = (xcc_choice){o, x, rank, least};
        if (left) {
            if (below_walk(z, m, l + 1, &below, &n))
                return 1;
        } else {
            z->nodes++; /* a solution is a node of the tree too, as DLX6 counts */
        }
        if (below) {
            int q = b->first[o]; /* x's node in o: wanted only by the nodes kept */
            while (z->keep_nodes && z->p->nd[q].itm != x)
                q++;
            xcc_choice ch = {o, q - z->p->opt_node[o], rank, least};
            if (add_branch(z, &ch, below, n, &top, &sum))
                return 1;
            if (z->psum)
                z->psum[l] = sum;
        }
    }
    if (want >= 0)
        return xcc_zdd_refuse_path(z);
    if (!replayed && xcc_zdd_remember(z, at, h, key, top, sum))
        return 1;
    *node = top, *count = sum;
    return 0;
}

#define ZCOUNT_WALK(name, w)                                                              \
    BITS_HOT static int name(zwalk *z, const zcount *m, int l, unsigned *node, xcc_count *count) \
    {                                                                                          \
        return count_node(z, m, l, node, count, w, name);                                      \
    }
ZCOUNT_WALK(zcount_walk1, 1)
ZCOUNT_WALK(zcount_walk2, 2)
ZCOUNT_WALK(zcount_walk3, 3)
ZCOUNT_WALK(zcount_walk4, 4)
ZCOUNT_WALK(zcount_walkn, m->W)

/* The root's state for the counting walk: every option live, nothing purified, every primary item active. */
static void count_root(const twin *t, const zcount *m)
{
    const xcc_bits *b = &t->b;
    word *st = m->lv, *pure = st + 2 * m->W, *act = pure + m->SW;
    memset(st, 0, (size_t)m->R * sizeof(word));
    for (int o = 0; o < b->n; o++)
        st[o / 64] |= (word)1 << (o % 64);
    for (int i = 0; i < b->P; i++)
        act[i / 64] |= (word)1 << (i % 64);
    if (m->CB) { /* every secondary item maybe in use, none purified */
        int S = t->b.items - t->second;
        unsigned char *code = (unsigned char *)(act + m->AW);
        for (int v = 0; v < S; v++) {
            pure[v / 64] |= (word)1 << (v % 64);
            code[(size_t)v * (size_t)m->CB] = 1;
        }
    }
}

/* ---- the counting walk in threads (parallel/zdd.c) ----------------------- */

struct xcc_zdd_counting {
    twin *t;
    zcount m;          /* its masks; each walk has levels of its own */
    zcount_walk *walk; /* the walk of m.W */
};

void xcc_zdd_counting_free(xcc_zdd_counting *c)
{
    if (!c)
        return;
    zcount_free(&c->m);
    xcc_twin_delete(c->t);
    free(c);
}

xcc_zdd_counting *xcc_zdd_counting_new(const xcc_problem *p, int *K)
{
    xcc_zdd_counting *c = calloc(1, sizeof *c);
    int made = 3;
    *K = 0;
    if (!p->options) { /* the twin needs an option */
        free(c);
        *K = -1;
        return NULL;
    }
    if (c && (c->t = xcc_twin_new(p)))
        made = zcount_make(&c->m, c->t, p);
    if (made) {
        *K = made < 0 ? -1 : 0;
        xcc_zdd_counting_free(c);
        return NULL;
    }
    twin *t = c->t;
    *K = c->m.CB ? c->m.AW + c->m.CW : t->key_act ? t->AW : t->b.W + t->KS;
    c->walk = c->m.W == 1   ? zcount_walk1
              : c->m.W == 2 ? zcount_walk2
              : c->m.W == 3 ? zcount_walk3
              : c->m.W == 4 ? zcount_walk4
                            : zcount_walkn;
    return c;
}

size_t xcc_zdd_counting_levels(const xcc_zdd_counting *c)
{
    return (size_t)c->t->b.P + 2;
}

xcc_status xcc_zdd_counting_walk(const xcc_zdd_counting *c, zwalk *z, xcc_count *total)
{
    zcount m = c->m;
    size_t levels = xcc_zdd_counting_levels(c);
    unsigned top = 0;
    *total = 0;
    m.lv = malloc(levels * (size_t)m.R * sizeof(word));
    m.nz = malloc((size_t)m.W * sizeof(int));
    z->olist = malloc(((size_t)c->t->b.n + 1) * sizeof(int));
    z->obase = calloc(levels + 1, sizeof(int));
    z->t = c->t;
    xcc_status s = XCC_NO_MEMORY;
    if (m.lv && m.nz && z->olist && z->obase) {
        count_root(c->t, &m);
        c->walk(z, &m, 0, &top, total);
        s = XCC_OK;
    }
    free(m.lv), free(m.nz), free(z->olist), free(z->obase);
    z->olist = z->obase = NULL;
    return s;
}

/* ---- the engine --------------------------------------------------------- */

const char *xcc_zdd_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    if (st->threads > 1 || st->shards > 1)
        return "the ZDD engine {(engine zdd, samples) walks in one thread (on DLX2's tree a count"
               " may take threads): threads and shard"
               "|(--zdd, --sample, --engine=zdd) walks in one thread (on DLX2's tree, -c may take"
               " -j): -j and --shard} do not go with it";
    if (st->randomize)
        return "the ZDD engine does not {randomize (samples take seed)|do s<n> (--sample takes --seed)}";
    if (st->max_solutions != XCC_UNLIMITED || st->max_mems != XCC_UNLIMITED
        || (k->asked & (XCC_ASKED_MEMS_LIMIT | XCC_ASKED_DELTA)))
        return "the ZDD engine finds every solution at once and counts no mems:"
               " {max-solutions and max-mems|t<n>, T<n> and d<n>} do not go with it";
    if (k->want_shape || (k->vbose & ~(XCC_SHOW_BASICS | XCC_SHOW_WARNINGS)))
        return "the ZDD engine does not do S<file>, v2, v4, v128, v256 or v512";
    if (st->accept || st->retract)
        return "the ZDD engine does not {take|do} pruning hooks";
    if (p && p->options && xcc_twin_refuses(p, st))
        return "the ZDD engine walks with the twin's bit sets, which would pass 256 MB"
               " on this problem";
    return NULL;
}

static xcc_status zdd_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                            xcc_figs *fig, xcc_diag *d)
{
    zwalk z;
    twin *t;
    fig->no_updates = 1;
    if (!p->options) /* the twin needs an option */
        return xcc_zdd_of_nothing(sink, fig);
    memset(&z, 0, sizeof z);
    zcount m;
    memset(&m, 0, sizeof m);
    z.t = t = xcc_twin_new(p);
    int counting = t ? zcount_make(&m, t, p) : 3;
    int K = !counting && m.CB ? m.AW + m.CW : t && t->key_act ? t->AW : t ? t->b.W + t->KS : 0;
    if (counting > 0 || xcc_zdd_init(&z, K, (size_t)t->b.P + 2, p, st, sink, d) != XCC_OK
        || reserve_slot(t, 0)) {
        zcount_free(&m);
        xcc_zdd_free(&z);
        xcc_twin_delete(t);
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory before the search");
    }
    unsigned top = 0;
    xcc_count total = 0;
    if (!counting) {
        count_root(t, &m);
        zcount_walk *walk = m.W == 1   ? zcount_walk1
                            : m.W == 2 ? zcount_walk2
                            : m.W == 3 ? zcount_walk3
                            : m.W == 4 ? zcount_walk4
                                       : zcount_walkn;
        walk(&z, &m, 0, &top, &total);
    } else {
        root_slot(t);
        solve_below(&z, 0, &top, &total);
    }
    zcount_free(&m);
    xcc_zdd_resumed(&z, &total);
    xcc_status s = xcc_zdd_finish(&z, top, total, fig);
    xcc_twin_delete(t);
    return s;
}

const xcc_engine xcc_zdd_engine = {"zdd", xcc_zdd_refuses, zdd_solve, NULL};
