/*
 * zdd/dlx3.c — every solution at once for problems with multiplicities:
 * DLX3's tree (tree/dlx3.h), each subproblem solved once and kept as a node of
 * a ZDD, with the memo, nodes and walks down of zdd/memo.c.
 *
 * The family is that of the option sets that are solutions (each option
 * used at most once, every primary item covered between its lo and hi
 * times, colors agreeing), which DLX3's tree finds each once: at a level
 * that tweaks item x, the option tried k-th is taken out for the level's
 * later branches, so the branches' solutions differ in the first option
 * of x's list they take, and the null branch takes none of them. So the
 * subproblem of a level whose branches o1, o2, ... (in the order tried,
 * those with solutions) lead to nodes z1, z2, ... and whose null branch
 * leads to z0 (0 if none, 1 if the null choice leaves a solution) is the
 * chain made backwards, once all branches are done:
 *
 *     (~ok?z0:zk), ..., (~o1?that:z1),
 *
 * the last one made standing for all. No option appears below its own
 * node: the branches after o_i and the null one have o_i tweaked out (or
 * hidden with x), and o_i's own has it chosen. The chain lists its HI
 * first (hi_first): that is DLX3's order of the solutions, null choices
 * aside (they take no option, so a ZDD has no trace of them).
 *
 * A node of the tree is its live options, its purified secondary items
 * and each primary item's bound while it is active (twin/dlx3.c's key):
 * that decides the subtree. Dead ends (a score of 0 or less) are walked,
 * not looked up.
 */
#include "tree/dlx3.h"
#include "bits/memo.h"
#include "zdd/zdd.h"
#include "engine.h"
#include "base/text.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

/*
 * The state of a node: live options, purified secondary items, active
 * primary items with their lengths (live options containing them) and
 * bounds. One malloc'd block each, made on first use of the level.
 */
typedef struct mzslot {
    word *live, *pure, *act, *opts; /* opts: the branch item's options when the level began */
    int *cnt, *bnd;
    int nact;
} mzslot;

/* A branch of a level with solutions, kept until the level is done. */
typedef struct mzbranch {
    xcc_choice c;      /* c.option -1: the null branch */
    unsigned node;
    xcc_count count;
} mzbranch;

typedef struct mzwalk {
    zwalk z;
    xcc_bits b;
    int W, SW, AW, P, second, KB;
    int *slack;
    mzslot *slots;
    int nslots;
    mzbranch *br;
    size_t nbr, brcap;
} mzwalk;

enum { COVERING, TWEAKING, TWEAKING_COVERED };

static int bit(const word *set, int k)
{
    return (int)((set[k / 64] >> (k % 64)) & 1);
}

/* Makes slot l's block, on first use: the slots themselves never move. */
static int slot_ready(mzwalk *m, int l)
{
    if (l >= m->nslots)
        return 1;
    mzslot *s = &m->slots[l];
    if (s->live)
        return 0;
    size_t words = 2 * (size_t)m->W + (size_t)m->SW + (size_t)m->AW + (size_t)m->P;
    word *w = malloc((words + 1) * sizeof(word));
    if (!w)
        return 1;
    s->live = w, s->opts = w + m->W, s->pure = s->opts + m->W, s->act = s->pure + m->SW;
    s->cnt = (int *)(s->act + m->AW), s->bnd = s->cnt + m->P;
    return 0;
}

/* Copies what a child starts from (all but opts). */
static void copy_slot(const mzwalk *m, mzslot *dst, const mzslot *src)
{
    memcpy(dst->live, src->live, (size_t)m->W * sizeof(word));
    memcpy(dst->pure, src->pure, ((size_t)m->SW + (size_t)m->AW) * sizeof(word));
    memcpy(dst->cnt, src->cnt, 2 * (size_t)m->P * sizeof(int));
    dst->nact = src->nact;
}

static void deactivate(mzslot *s, int x)
{
    s->act[(x - 1) / 64] &= ~((word)1 << ((x - 1) % 64));
    s->nact--;
}

/* Option o leaves the live options, and the lengths of its primary items. */
static void hide(const mzwalk *m, mzslot *s, int o)
{
    s->live[o / 64] &= ~((word)1 << (o % 64));
    for (int k = m->b.pstart[o]; k < m->b.pstart[o + 1]; k++)
        s->cnt[m->b.prim[k]]--;
}

/* Hides the live options of item x, into opts if not NULL; a primary x leaves the active items. */
static void cover(const mzwalk *m, mzslot *s, int x, word *opts)
{
    const word *mk = bits_item_mask(&m->b, x);
    for (int w = 0; w < m->W; w++) {
        word h = s->live[w] & mk[w];
        if (opts)
            opts[w] = h;
        for (; h; h &= h - 1)
            hide(m, s, w * 64 + __builtin_ctzll(h));
    }
    if (x < m->second)
        deactivate(s, x);
}

/* Option o (its node q in the branch item) chosen: its other items, as DLX3's commit. */
static void commit(const mzwalk *m, mzslot *s, const xcc_problem *p, int o, int q)
{
    const xcc_node *nd = p->nd;
    for (int x = m->b.first[o], e = x + m->b.olen[o]; x < e; x++) {
        int i = nd[x].itm;
        if (x == q)
            continue;
        if (i < m->second) {
            if (!--s->bnd[i - 1])
                cover(m, s, i, NULL);
        } else if (!nd[x].color) {
            cover(m, s, i, NULL);
        } else if (!bit(s->pure, i - m->second)) {
            for (int k = m->b.lstart[i]; k < m->b.lstart[i + 1]; k++)
                if (bit(s->live, m->b.list[k].opt) && nd[m->b.list[k].node].color != nd[x].color)
                    hide(m, s, m->b.list[k].opt);
            s->pure[(i - m->second) / 64] |= (word)1 << ((i - m->second) % 64);
        }
    }
}

/* DLX3's branch item (least score, then least min(slack, bound), greatest length, leftmost) and its score. */
static int choose(const mzwalk *m, const mzslot *s, long long *score)
{
    int best = 0, bs = 0, blen = 0;
    long long least = 0;
    for (int w = 0; w < m->AW; w++)
        for (word a = s->act[w]; a; a &= a - 1) {
            int i = w * 64 + __builtin_ctzll(a), len = s->cnt[i];
            mcc_cap c = {s->bnd[i], m->slack[i]};
            int sl = c.slack < c.bound ? c.slack : c.bound;
            long long v = xcc_mcc_score(len, c);
            if (!best || v < least || (v == least && (sl < bs || (sl == bs && len > blen))))
                best = i + 1, least = v, bs = sl, blen = len;
        }
    *score = least;
    return best;
}

/* The memo's key: live options, purified items, the bound of each active item (0: not active). */
static word state_key(const mzwalk *m, const mzslot *s, word *key)
{
    int K = m->z.K, at = m->W + m->SW;
    memcpy(key, s->live, (size_t)m->W * sizeof(word));
    memcpy(key + m->W, s->pure, (size_t)m->SW * sizeof(word));
    memset(key + at, 0, (size_t)(K - at) * sizeof(word));
    unsigned char *b = (unsigned char *)(key + at);
    for (int i = 0; i < m->P; i++) {
        unsigned v = bit(s->act, i) ? (unsigned)s->bnd[i] : 0;
        for (int j = 0; j < m->KB; j++)
            *b++ = (unsigned char)(v >> (8 * j));
    }
    return key_hash(key, K);
}

static int push_branch(mzwalk *m, const xcc_choice *c, unsigned node, xcc_count count)
{
    if (m->nbr == m->brcap) {
        size_t cap = m->brcap ? 2 * m->brcap : 256;
        mzbranch *br = realloc(m->br, cap * sizeof *br);
        if (!br)
            return 1;
        m->br = br, m->brcap = cap;
    }
    m->br[m->nbr++] = (mzbranch){*c, node, count};
    return 0;
}

/*
 * The node and count of the subproblem of slot l, which has an active
 * item; 1 when the walk must stop.
 */
static int solve_below(mzwalk *m, int l, unsigned *node, xcc_count *count)
{
    zwalk *z = &m->z;
    const xcc_problem *p = z->p;
    *node = 0, *count = 0;
    z->nodes++;
    int want; /* on resume's path: the choice made there */
    if (xcc_zdd_enter(z, l, &want))
        return 1;
    long long score;
    int x = choose(m, &m->slots[l], &score);
    if (score <= 0) /* a dead end */
        return want < 0 ? 0 : xcc_zdd_refuse_path(z);
    word *key = z->levkey + (size_t)l * (size_t)z->K;
    word h = state_key(m, &m->slots[l], key);
    zslot at;
    if (want < 0 && xcc_zdd_recall(z, h, key, &at, node, count))
        return 0;
    if (slot_ready(m, l + 1))
        return z->status = XCC_NO_MEMORY, 1;
    mzslot *s = &m->slots[l], *c = &m->slots[l + 1];
    int bound = --s->bnd[x - 1], slack = m->slack[x - 1], left = 0;
    int mode = !bound && !slack ? COVERING : !bound ? TWEAKING_COVERED : TWEAKING;
    if (mode == TWEAKING) {
        const word *mk = bits_item_mask(&m->b, x);
        for (int w = 0; w < m->W; w++)
            s->opts[w] = s->live[w] & mk[w];
    } else {
        cover(m, s, x, s->opts);
        for (int w = 0; w < m->W; w++)
            left += __builtin_popcountll(s->opts[w]);
    }
    size_t base = m->nbr;
    int tries = 0, replayed = want >= 0;
    if (z->psum)
        z->psum[l] = 0;
    for (int k = m->b.lstart[x];; k++) {
        while (k < m->b.lstart[x + 1] && !bit(s->opts, m->b.list[k].opt))
            k++;
        int o = k < m->b.lstart[x + 1] ? m->b.list[k].opt : -1;
        if (mode != COVERING) {
            int len = mode == TWEAKING ? s->cnt[x - 1] : left;
            if (len <= bound - slack)
                break;
            if (o >= 0 && mode == TWEAKING)
                hide(m, s, o);
            else if (o >= 0)
                left--;
            else if (bound)
                deactivate(s, x);
        } else if (o < 0) {
            break;
        }
        tries++;
        if (want >= 0) {
            if ((o >= 0 ? m->b.list[k].node : x) != want) { /* done before the checkpoint */
                if (o < 0)
                    break;
                continue;
            }
            want = -1;
        }
        copy_slot(m, c, s);
        xcc_choice ch = {o, o >= 0 ? m->b.list[k].node - p->opt_node[o] : x, tries, (int)score};
        if (o >= 0)
            commit(m, c, p, o, m->b.list[k].node);
        if (z->trail) /* as the other walks keep it: the option and the item */
            z->trail[l] = (xcc_choice){o, x, tries, (int)score};
        unsigned below = 1;
        xcc_count n = 1;
        if (!c->nact)
            z->nodes++; /* a solution is a node of the tree too */
        else if (solve_below(m, l + 1, &below, &n))
            return 1;
        if (n && push_branch(m, &ch, below, n))
            return z->status = XCC_NO_MEMORY, 1;
        if (n && z->psum && xcc_zdd_add(z, &z->psum[l], n))
            return 1;
        if (o < 0)
            break;
    }
    if (want >= 0)
        return xcc_zdd_refuse_path(z);
    /* the chain, from the last branch back: the null one, if any, is its end */
    unsigned top = 0;
    xcc_count sum = 0;
    while (m->nbr > base) {
        const mzbranch *e = &m->br[--m->nbr];
        if (xcc_zdd_add(z, &sum, e->count))
            return 1;
        top = e->c.option < 0 ? e->node : xcc_zdd_make_node(z, &e->c, top, e->node, sum);
        if (xcc_zdd_stopped(z))
            return 1;
    }
    if (!replayed && xcc_zdd_remember(z, at, h, key, top, sum))
        return 1;
    *node = top, *count = sum;
    return 0;
}

/* ---- the engine --------------------------------------------------------- */

static const char *mzdd_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const char *no = xcc_zdd_refuses(NULL, st);
    if (no || !p)
        return no;
    double n = (double)p->options, items = p->last_itm;
    if (xcc_bits_table_bytes(p) > (256ULL << 20) || (n / 64 + items) * (n + items) * 8 > 256e6)
        return "the ZDD engine walks with bit sets, which would pass 256 MB on this problem";
    return NULL;
}

static void mzwalk_free(mzwalk *m)
{
    for (int l = 0; m->slots && l < m->nslots; l++)
        free(m->slots[l].live);
    free(m->slots), free(m->br), free(m->slack);
    xcc_bits_free(&m->b);
}

/* The root: every option live, every primary item active with its hi. */
static int mzwalk_init(mzwalk *m, const xcc_problem *p)
{
    if (xcc_bits_build(&m->b, p, 0))
        return 1;
    m->W = m->b.W, m->P = m->b.P, m->second = p->second;
    m->SW = (p->last_itm - p->second + 63) / 64, m->AW = (m->P + 63) / 64;
    int most = 0;
    m->nslots = m->b.n + m->P + 2; /* a level chooses an option or leaves an item */
    m->slots = calloc((size_t)m->nslots, sizeof *m->slots);
    if (!m->slots || !(m->slack = malloc(((size_t)m->P + 1) * sizeof(int))) || slot_ready(m, 0))
        return 1;
    mzslot *s = &m->slots[0];
    memset(s->live, 0, (size_t)m->W * sizeof(word));
    for (int o = 0; o < m->b.n; o++)
        s->live[o / 64] |= (word)1 << (o % 64);
    memset(s->pure, 0, ((size_t)m->SW + (size_t)m->AW) * sizeof(word));
    for (int i = 0; i < m->P; i++) {
        xcc_bound bd = xcc_item_bound(p, i + 1);
        m->slack[i] = bd.hi - bd.lo;
        s->bnd[i] = bd.hi;
        s->cnt[i] = m->b.lstart[i + 2] - m->b.lstart[i + 1];
        most = bd.hi > most ? bd.hi : most;
        s->act[i / 64] |= (word)1 << (i % 64);
    }
    s->nact = m->P;
    m->KB = most < 256 ? 1 : most < 65536 ? 2 : 4;
    return 0;
}

static xcc_status mzdd_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, xcc_diag *d)
{
    mzwalk m;
    fig->no_updates = 1;
    if (!p->options)
        return xcc_zdd_of_nothing(sink, fig);
    memset(&m, 0, sizeof m);
    m.z.hi_first = 1;
    int K = 0;
    if (!mzwalk_init(&m, p)) {
        K = m.W + m.SW + (m.P * m.KB + 7) / 8;
        if (xcc_zdd_init(&m.z, K, (size_t)m.nslots, p, st, sink, d) != XCC_OK)
            K = 0;
    }
    if (!K) {
        xcc_zdd_free(&m.z);
        mzwalk_free(&m);
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory before the search");
    }
    unsigned top = 1;
    xcc_count total = 1;
    if (m.slots[0].nact)
        solve_below(&m, 0, &top, &total);
    xcc_zdd_resumed(&m.z, &total);
    xcc_status s = xcc_zdd_finish(&m.z, top, total, fig);
    mzwalk_free(&m);
    return s;
}

const xcc_engine xcc_mcc_zdd_engine = {"zdd", mzdd_refuses, mzdd_solve, NULL};
