/*
 * links/dlx6.c — DLX6's search by dancing links (--knuth=dlx6): DLX2's
 * tree with a memo of subproblems, whose answers are the nodes of a ZDD,
 * walked as Knuth's DLX6 walks it so that every figure of its report is
 * his: mems, updates, cleansings, bytes, search nodes, ZDD nodes, the
 * memo's signatures and its hits.
 *
 * What differs from DLX2's dance (links/dlx2.c), as DLX6 does it:
 *
 *   - a secondary item keeps the count of its live options in its len,
 *     also when purified (a cleansed node leaves no list, but counts), and
 *     leaves the list of secondary items while that count is 0;
 *   - at each node of the tree the subproblem's signature is made (the
 *     active primary items, and each secondary item in use with the color
 *     it was purified to, or none) and looked up in an open-addressed hash
 *     table of 2^30 slots, probed by double hashing: a hit stands for the
 *     subtree, whose ZDD node and number of solutions were kept;
 *   - the colors of each secondary item are numbered 1, 2, ... in the
 *     order of its list, and each (item, color) pair and each primary item
 *     gets a random 31-bit hash from the SGB generator, drawn after the
 *     reading (from seed 0 without s<n>).
 *
 * The table of 2^30 slots is simulated: only the slots in use are kept,
 * in a small table of their own, so that the probes (and their mems) are
 * DLX6's while the memory is that of the memo.
 *
 * Mems are counted as formats/mems.md says for DLX2, one per access to a
 * 64-bit word, at the places DLX6 counts them; the input phase is DLX2's
 * (p->imems) and the setting up of the signatures.
 */
#include "engine.h"
#include "knobs.h"
#include "base/alloc.h"
#include "base/text.h"
#include "problem/print.h"
#include "problem/problem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct n6 {
    int up, down, itm, color;
} n6;

typedef struct i6 {
    int prev, next, sig, offset;
} i6;

typedef struct inx6 {
    unsigned hash;
    int code, shift;
    int orig; /* the color's id in the problem (for the traces) */
} inx6;

/* A memo entry: where its signature starts in sigs, its ZDD node and count. */
typedef struct memo6 {
    size_t sig;
    unsigned zdd;
    ullng count;
} memo6;

#define SIGNBIT 0x8000000000000000ULL
#define LOGHASH 30
#define HASHMASK ((1u << LOGHASH) - 1)

typedef struct d6 {
    n6 *nd;
    i6 *cl;
    int last_itm, second;
    inx6 *inx;
    int sigptr, sigsiz;
    /* the simulated table: slot -> memo entry + 1, in open addressing of its own */
    uint32_t *slot_key;
    uint32_t *slot_val;
    size_t smask, sused;
    memo6 *memo;
    size_t nmemo, cmemo;
    ullng *sigs;
    size_t nsigs, csigs;
    ullng *cur;           /* the signature being made */
    ullng mems, updates, cleansings, nodes, count, hits, memos, goodmemos;
} d6;

/* ---- the simulated hash table -------------------------------------------- */

static size_t slot_place(const d6 *z, uint32_t h)
{
    size_t i = ((size_t)h * 0x9E3779B97F4A7C15ULL >> 20) & z->smask;
    while (z->slot_val[i] && z->slot_key[i] != h)
        i = (i + 1) & z->smask;
    return i;
}

/* The memo entry + 1 at slot h of DLX6's table, or 0: empty. */
static uint32_t slot_get(const d6 *z, uint32_t h)
{
    return z->slot_val[slot_place(z, h)];
}

static int slot_put(d6 *z, uint32_t h, uint32_t v)
{
    if (2 * (z->sused + 1) > z->smask + 1) {
        size_t om = z->smask, nm = 2 * om + 1;
        uint32_t *ok = z->slot_key, *ov = z->slot_val;
        z->slot_key = calloc(nm + 1, sizeof(uint32_t));
        z->slot_val = calloc(nm + 1, sizeof(uint32_t));
        if (!z->slot_key || !z->slot_val) {
            free(z->slot_key), free(z->slot_val);
            z->slot_key = ok, z->slot_val = ov;
            return 1;
        }
        z->smask = nm;
        for (size_t i = 0; i <= om; i++)
            if (ov[i]) {
                size_t j = slot_place(z, ok[i]);
                z->slot_key[j] = ok[i], z->slot_val[j] = ov[i];
            }
        free(ok), free(ov);
    }
    size_t i = slot_place(z, h);
    z->slot_key[i] = h, z->slot_val[i] = v;
    z->sused++;
    return 0;
}

/* ---- the dance ------------------------------------------------------------ */

/* Hides the other nodes of option rr (going right), as cover and purify do. */
static inline void hide6(d6 *z, int rr)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    for (int nn = rr + 1; nn != rr;) {
        int cc = nd[nn].itm;
        z->mems++;
        if (cc <= 0) {
            z->mems++, nn = nd[nn].up;
            continue;
        }
        if (nd[nn].color >= 0) {
            int uu = nd[nn].up, dd = nd[nn].down;
            z->mems += 3;
            nd[uu].down = dd, nd[dd].up = uu;
        }
        z->updates++;
        int t = nd[cc].itm - 1;
        z->mems += 2;
        nd[cc].itm = t;
        if (t == 0 && cc >= z->second) {
            int l = cl[cc].prev, r = cl[cc].next;
            z->mems += 3;
            cl[l].next = r, cl[r].prev = l;
        }
        nn++;
    }
}

/* Puts back the other nodes of option rr (going left), as uncover and unpurify do. */
static inline void unhide6(d6 *z, int rr)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    for (int nn = rr - 1; nn != rr;) {
        int cc = nd[nn].itm;
        z->mems++;
        if (cc <= 0) {
            z->mems++, nn = nd[nn].down;
            continue;
        }
        if (nd[nn].color >= 0) {
            int uu = nd[nn].up, dd = nd[nn].down;
            z->mems += 3;
            nd[uu].down = nd[dd].up = nn;
        }
        int t = nd[cc].itm + 1;
        z->mems += 2;
        nd[cc].itm = t;
        if (t == 1 && cc >= z->second) {
            int l = cl[cc].prev, r = cl[cc].next;
            z->mems += 3;
            cl[l].next = cl[r].prev = cc;
        }
        nn--;
    }
}

static void cover6(d6 *z, int c)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    int l = cl[c].prev, r = cl[c].next;
    z->mems += 3;
    cl[l].next = r, cl[r].prev = l;
    z->updates++;
    z->mems++;
    for (int rr = nd[c].down; rr >= z->last_itm; rr = nd[rr].down) {
        hide6(z, rr);
        z->mems++;
    }
}

static void uncover6(d6 *z, int c)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    z->mems++;
    for (int rr = nd[c].up; rr >= z->last_itm; rr = nd[rr].up) {
        unhide6(z, rr);
        z->mems++;
    }
    int l = cl[c].prev, r = cl[c].next;
    z->mems += 3;
    cl[l].next = cl[r].prev = c;
}

static void purify6(d6 *z, int p)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    int cc = nd[p].itm, x = nd[p].color;
    z->mems += 3;
    nd[cc].color = x;
    int tt = nd[cc].itm;
    z->cleansings++;
    z->mems++;
    for (int rr = nd[cc].down; rr >= z->last_itm; rr = nd[rr].down) {
        z->mems++;
        if (nd[rr].color != x) {
            tt--;
            hide6(z, rr);
        } else {
            z->cleansings++, z->mems++;
            nd[rr].color = -1;
        }
        z->mems++;
    }
    z->mems++;
    if (tt > 0)
        nd[cc].itm = tt;
    else {
        nd[cc].itm = -1; /* the signal for unpurify */
        int l = cl[cc].prev, r = cl[cc].next;
        z->mems += 3;
        cl[l].next = r, cl[r].prev = l;
    }
}

static void unpurify6(d6 *z, int p)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    int cc = nd[p].itm, x = nd[p].color;
    z->mems += 3;
    nd[cc].color = 0;
    int tt = nd[cc].itm;
    if (tt < 0) {
        tt = 0;
        int l = cl[cc].prev, r = cl[cc].next;
        z->mems += 3;
        cl[l].next = cl[r].prev = cc;
    }
    z->mems++;
    for (int rr = nd[cc].up; rr >= z->last_itm; rr = nd[rr].up) {
        z->mems++;
        if (nd[rr].color < 0) {
            z->mems++;
            nd[rr].color = x;
        } else {
            tt++;
            unhide6(z, rr);
        }
        z->mems++;
    }
    z->mems++;
    nd[cc].itm = tt;
}

/* ---- the signatures -------------------------------------------------------- */

/* The number of the colors of the problem (the greatest id in nd). */
static int max_color(const n6 *nd, int from, int to)
{
    int m = 0;
    for (int i = from; i <= to; i++)
        if (nd[i].itm > 0 && nd[i].color > m)
            m = nd[i].color;
    return m;
}

/* Room for n entries of hashes; 1: no memory. */
static int inx_room(d6 *z, size_t *cap, int n)
{
    if ((size_t)n <= *cap)
        return 0;
    size_t c = 2 * *cap + (size_t)n;
    inx6 *ni = realloc(z->inx, c * sizeof(inx6));
    if (!ni)
        return 1;
    z->inx = ni, *cap = c;
    return 0;
}

/*
 * Sets up each item's place in the signature and its hashes, as DLX6
 * does after reading (its mems go to *mems, the input phase's); an
 * unused secondary item leaves the list. 1: no memory.
 */
static int setup_sigs(d6 *z, int last_node, xcc_gb_rng *rng, ullng *mems)
{
    n6 *nd = z->nd;
    i6 *cl = z->cl;
    int L = z->last_itm, q = 1, r = 0;
    int ncolors = max_color(nd, L + 1, last_node);
    size_t cap = (size_t)L + 16;
    int *usedcolor = calloc((size_t)ncolors + 1, sizeof(int));
    int *colormap = calloc((size_t)ncolors + 2, sizeof(int));
    z->inx = malloc(cap * sizeof(inx6));
    if (!usedcolor || !colormap || !z->inx) {
        free(usedcolor), free(colormap);
        return 1;
    }
    int sigptr = 0;
    for (int k = L - 1; k; k--) {
        if (k < z->second) {
            if (inx_room(z, &cap, sigptr + 1)) {
                free(usedcolor), free(colormap);
                return 1;
            }
            if (r == 63)
                q++, r = 0;
            z->inx[sigptr].shift = r, z->inx[sigptr].code = 1, z->inx[sigptr].orig = 0;
            z->inx[sigptr].hash = (unsigned)xcc_gb_rng_next(rng);
            *mems += 6;
            cl[k].sig = sigptr++, cl[k].offset = q;
            r++;
            continue;
        }
        (*mems)++;
        if (nd[k].down == k) { /* an unused secondary item leaves */
            int l = cl[k].prev, rr = cl[k].next;
            *mems += 3;
            cl[l].next = rr, cl[rr].prev = l;
            continue;
        }
        (*mems)++;
        nd[k].color = 0;
        int cc = 1;
        for (int p = nd[k].down; p > k; p = nd[p].down) {
            int i = nd[p].color;
            *mems += 2; /* the color, and the step down */
            if (i) {
                (*mems)++;
                if (!usedcolor[i])
                    *mems += 2, colormap[cc] = i, usedcolor[i] = cc++;
                (*mems)++;
                nd[p].color = usedcolor[i];
            }
        }
        int t = 1;
        while (cc >= (1 << t))
            t++;
        if (r + t >= 63)
            q++, r = 0;
        if (inx_room(z, &cap, sigptr + cc)) {
            free(usedcolor), free(colormap);
            return 1;
        }
        for (int i = 0; i < cc; i++) {
            z->inx[sigptr + i].shift = r, z->inx[sigptr + i].code = 1 + i;
            z->inx[sigptr + i].orig = i ? colormap[i] : 0;
            usedcolor[colormap[i]] = 0;
            z->inx[sigptr + i].hash = (unsigned)xcc_gb_rng_next(rng);
            *mems += 8;
            cl[k].sig = sigptr, cl[k].offset = q;
        }
        sigptr += cc, r += t;
    }
    z->sigptr = sigptr, z->sigsiz = q + 1;
    free(usedcolor), free(colormap);
    return 0;
}

/* Room for n more words of signatures; 1: no memory. */
static int sig_room(d6 *z, size_t n)
{
    if (z->nsigs + n <= z->csigs)
        return 0;
    size_t c = 2 * z->csigs + n + 64;
    ullng *s = realloc(z->sigs, c * sizeof(ullng));
    if (!s)
        return 1;
    z->sigs = s, z->csigs = c;
    return 0;
}

/*
 * Makes the signature of the subproblem and looks it up: a hit is the
 * memo entry + 1; else 0, and the subproblem is a new entry, *entry (or
 * -1 out of memory).
 */
static uint32_t lookup6(d6 *z, long *entry)
{
    const n6 *nd = z->nd;
    const i6 *cl = z->cl;
    ullng *cur = z->cur, acc = 0;
    unsigned sighash = 0;
    int off = 1, L = z->last_itm;
    z->mems++;
    for (int k = cl[L].prev; k != L; k = cl[k].prev, z->mems++) {
        z->mems++;
        if (nd[k].itm == 0)
            continue;
        int sig = cl[k].sig, offset = cl[k].offset;
        z->mems++;
        while (off < offset)
            z->mems++, cur[off++] = acc | SIGNBIT, acc = 0;
        sig += nd[k].color;
        sighash += z->inx[sig].hash;
        z->mems += 2;
        acc += (ullng)z->inx[sig].code << z->inx[sig].shift;
    }
    z->mems++;
    for (int k = cl[0].prev; k != 0; k = cl[k].prev, z->mems++) {
        int sig = cl[k].sig, offset = cl[k].offset;
        z->mems++;
        while (off < offset)
            z->mems++, cur[off++] = acc | SIGNBIT, acc = 0;
        sighash += z->inx[sig].hash;
        z->mems++;
        acc += 1ULL << z->inx[sig].shift;
    }
    z->mems++;
    cur[off] = acc;
    unsigned hh = (sighash >> (LOGHASH - 1)) | 1, h;
    for (h = sighash & HASHMASK;; h = (h + hh) & HASHMASK) {
        z->mems++;
        uint32_t v = slot_get(z, h);
        if (!v)
            break;
        const ullng *s = z->sigs + z->memo[v - 1].sig;
        for (int l = 0;; l++) {
            z->mems += 2;
            if (s[l] != cur[1 + l])
                break;
            if (!(s[l] & SIGNBIT))
                return v;
        }
    }
    *entry = -1;
    if (z->nmemo == z->cmemo) {
        size_t c = 2 * z->cmemo + 64;
        memo6 *m = realloc(z->memo, c * sizeof(memo6));
        if (!m)
            return 0;
        z->memo = m, z->cmemo = c;
    }
    if (sig_room(z, (size_t)off) || slot_put(z, h, (uint32_t)(z->nmemo + 1)))
        return 0;
    memcpy(z->sigs + z->nsigs, cur + 1, (size_t)off * sizeof(ullng));
    z->memo[z->nmemo] = (memo6){z->nsigs, 0, 0};
    z->nsigs += (size_t)off;
    *entry = (long)z->nmemo++;
    z->memos++;
    z->mems += 2; /* the table's slot, and the level's */
    return 0;
}

/* ---- the traces (v2, v4, v8, v16, S<file>) ---------------------------------- */

/*
 * " name name:color ... (k of n)\n" for the option of node q as DLX6
 * prints it: a color by its number in its item's list (a cleansed node
 * takes its item's), k its place in its first item's list.
 */
static void option6(FILE *f, const d6 *z, const xcc_problem *p, int q)
{
    const n6 *nd = z->nd;
    for (int x = q, cc = nd[x].itm;;) {
        fputc(' ', f);
        xcc_print_name(f, p, cc);
        if (nd[x].color) {
            int code = nd[x].color > 0 ? nd[x].color : nd[cc].color;
            int c = z->inx[z->cl[cc].sig + code].orig;
            fputc(':', f);
            if (c > 0 && c <= p->ncolors)
                fwrite(xcc_color_name(p, c), 1, (size_t)p->color_len[c], f);
            else
                fputc('?', f);
        }
        x++, cc = nd[x].itm;
        if (cc <= 0)
            x = nd[x].up, cc = nd[x].itm;
        if (x == q)
            break;
    }
    int item = nd[q].itm, k = 1;
    for (int x = nd[item].down; x != q; x = nd[x].down, k++)
        if (x == item) {
            fputs(" (?)\n", f);
            return;
        }
    fprintf(f, " (%d of %d)\n", k, nd[item].itm);
}

/* What DLX6 shows of the choice of an item (v4, v8, v16), with t the least length. */
static void trace_level6(FILE *f, const d6 *z, const xcc_problem *p, int vbose, int level,
                         long entry, int sigsiz, int stop_at)
{
    const n6 *nd = z->nd;
    const i6 *cl = z->cl;
    if (vbose & XCC_SHOW_DETAILS) {
        fprintf(f, "Level %d:", level);
        if (vbose & 8)
            fprintf(f, "[%lx]", (unsigned long)entry * (unsigned long)sigsiz);
        for (int k = cl[0].next; k != 0; k = cl[k].next) {
            fputc(' ', f);
            xcc_print_name(f, p, k);
            fprintf(f, "(%d)", nd[k].itm);
            if (k == stop_at)
                break;
        }
    }
    if (vbose & 16) {
        fputc(';', f);
        for (int k = cl[z->last_itm].next; k != z->last_itm; k = cl[k].next) {
            fputc(' ', f);
            xcc_print_name(f, p, k);
            fprintf(f, "(%d)", nd[k].itm);
        }
    }
}

/* ---- the search ------------------------------------------------------------ */

static void free6(d6 *z)
{
    free(z->nd), free(z->cl), free(z->inx), free(z->slot_key), free(z->slot_val);
    free(z->memo), free(z->sigs), free(z->cur);
}

/* A ZDD node (~option ? lo : hi) to the sink; nonzero: it asks to stop. */
static int zline(const xcc_sink *sink, unsigned id, ullng option, unsigned lo, unsigned hi)
{
    if (!sink->zdd)
        return 0;
    xcc_zdd_line l = {id, lo, hi, option};
    return sink->zdd(sink->ctx, &l);
}

/* A progress report (d<n>): where the search is, as DLX6 shows it (no mems counted). */
static void progress6(const d6 *z, const xcc_problem *p, const xcc_sink *sink, const int *choice,
                      int level, int maxl, xcc_choice *path)
{
    const n6 *nd = z->nd;
    for (int l = 0; l < level; l++) {
        int node = choice[l], c = nd[node].itm, k = 1, q = node;
        for (int r = nd[c].down; r != node; r = nd[r].down)
            k++;
        while (nd[q].itm > 0)
            q++;
        int o = -nd[q].itm - 1;
        path[l] = (xcc_choice){o, node - p->opt_node[o], k, nd[c].itm};
    }
    xcc_progress pr;
    memset(&pr, 0, sizeof pr);
    pr.solutions = z->count, pr.mems = z->mems, pr.nodes = z->nodes, pr.level = level;
    pr.maxl = maxl, pr.mems_counted = 1, pr.knuth = XCC_KNUTH_DLX6, pr.hits = z->hits;
    pr.path = path;
    pr.fraction = xcc_path_fraction(path, level);
    sink->progress(sink->ctx, &pr);
}

static xcc_status dlx6_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, xcc_diag *d)
{
    const xcc_dlx2 *kn = xcc_knobs(st);
    d6 z;
    memset(&z, 0, sizeof z);
    int L = p->last_itm, N = p->last_node, P = p->second - 1;
    z.last_itm = L, z.second = p->second;
    z.nd = malloc((size_t)(N + 1) * sizeof(n6));
    z.cl = malloc((size_t)(L + 1) * sizeof(i6));
    z.smask = 1023;
    z.slot_key = calloc(z.smask + 1, sizeof(uint32_t));
    z.slot_val = calloc(z.smask + 1, sizeof(uint32_t));
    int levels = P + 2;
    int *choice = malloc((size_t)levels * sizeof(int));
    unsigned *savez = malloc((size_t)levels * sizeof(unsigned));
    long *entry = malloc((size_t)levels * sizeof(long));
    ullng *entrycount = malloc((size_t)levels * sizeof(ullng));
    ullng *profile = calloc((size_t)levels + 1, sizeof(ullng));
    xcc_choice *path = malloc((size_t)levels * sizeof(xcc_choice));
    xcc_status status = XCC_OK;
    if (!z.nd || !z.cl || !z.slot_key || !z.slot_val || !choice || !savez || !entry
        || !entrycount || !profile || !path)
        goto nomem;
    for (int i = 0; i <= N; i++)
        z.nd[i] = (n6){p->nd[i].up, p->nd[i].down, p->nd[i].itm, i < L ? 0 : p->nd[i].color};
    for (int i = 0; i <= L; i++)
        z.cl[i] = (i6){p->cl[i].prev, p->cl[i].next, 0, 0};
    xcc_gb_rng rng;
    if (p->randomized)
        rng = p->rng;
    else
        xcc_gb_rng_init(&rng, 0);
    ullng imems = 0;
    if (setup_sigs(&z, N, &rng, &imems))
        goto nomem;
    z.cur = calloc((size_t)z.sigsiz + 1, sizeof(ullng));
    if (!z.cur)
        goto nomem;
    fig->imems = p->imems + imems;

    n6 *nd = z.nd;
    i6 *cl = z.cl;
    ullng maxcount = st->max_solutions, timeout = st->max_mems;
    if (timeout == XCC_UNLIMITED)
        timeout = 0x1fffffffffffffffULL;
    ullng maxzdd = kn->maxzdd_given ? kn->maxzdd : ~0ULL, delta = kn->delta, thresh = delta;
    unsigned zddnodes = 2, znode = 0, zsol = 0;
    int level = 0, maxl = 0, best = 0, cur = 0, timeouts_said = 0, randomizing = st->randomize;
    int vbose = kn->vbose;
    FILE *tf = sink->trace ? sink->trace : stderr;
    ullng optionno = 0;
    xcc_stop stop = XCC_COMPLETE;
    long hitent = 0;

forward:
    z.nodes++;
    profile[level]++;
    if (delta && z.mems >= thresh) {
        thresh += delta;
        if (sink->progress)
            progress6(&z, p, sink, choice, level, maxl, path);
    }
    if (z.mems >= timeout && (stop == XCC_COMPLETE || stop == XCC_STOP_MEMS)) {
        timeout = 0;
        stop = XCC_STOP_MEMS;
        if (sink->progress) { /* DLX6 says TIMEOUT! at each node it goes on to */
            xcc_progress pr;
            memset(&pr, 0, sizeof pr);
            pr.timeout = 1, pr.knuth = XCC_KNUTH_DLX6;
            sink->progress(sink->ctx, &pr);
            timeouts_said = 1;
        }
    }
    if (st->interrupt && *st->interrupt && timeout) {
        timeout = 0;
        stop = XCC_STOP_INTERRUPT;
    }
    {
        uint32_t v = lookup6(&z, &hitent);
        if (!v && hitent < 0)
            goto nomem;
        if (v) {
            z.mems++;
            znode = z.memo[v - 1].zdd;
            if (znode) {
                ullng c = z.memo[v - 1].count;
                z.mems++;
                z.count += c;
                if (z.count >= maxcount)
                    timeout = 0, stop = stop ? stop : XCC_STOP_COUNT;
            }
            if (vbose & 8)
                fprintf(tf, "Hit[%lx] (zdd=%x, sols=%llu)\n",
                        (unsigned long)(v - 1) * (unsigned long)z.sigsiz, znode,
                        znode ? z.memo[v - 1].count : 0ULL);
            z.hits++;
            goto backdown;
        }
        entry[level] = hitent;
    }
    z.mems++;
    entrycount[level] = z.count;
    znode = 0;
    {
        int t = INT32_MAX, ties = 0;
        z.mems++;
        for (int k = cl[0].next; t && k != 0; k = cl[k].next) {
            z.mems += 2;
            if (nd[k].itm <= t) {
                if (nd[k].itm < t)
                    best = k, t = nd[k].itm, ties = 1;
                else {
                    ties++;
                    if (randomizing && (z.mems += 4, !xcc_gb_rng_unif(&rng, ties)))
                        best = k;
                }
            }
        }
        if ((vbose & (XCC_SHOW_DETAILS | 16)) && level < kn->show_choices_max
            && level >= maxl - kn->show_choices_gap) {
            trace_level6(tf, &z, p, vbose, level, entry[level], z.sigsiz, t ? -1 : best);
            if (vbose & XCC_SHOW_DETAILS) {
                fputs(" branching on ", tf);
                xcc_print_name(tf, p, best);
                fprintf(tf, "(%d)\n", t);
            }
        }
        if (sink->shape) {
            fprintf(sink->shape, "%d ", t);
            xcc_print_name(sink->shape, p, best);
            fputc('\n', sink->shape);
            fflush(sink->shape);
        }
    }
    cover6(&z, best);
    z.mems += 2;
    cur = choice[level] = nd[best].down;
advance:
    if (cur == best)
        goto backup;
    if ((vbose & XCC_SHOW_CHOICES) && level < kn->show_choices_max) {
        fprintf(tf, "L%d:", level);
        option6(tf, &z, p, cur);
    }
    for (int pp = cur + 1; pp != cur;) {
        int cc = nd[pp].itm;
        z.mems++;
        if (cc <= 0) {
            z.mems++, pp = nd[pp].up;
            continue;
        }
        int go = cc < z.second;
        if (!go)
            z.mems++, go = nd[cc].itm != 0;
        if (go) {
            if (!nd[pp].color)
                cover6(&z, cc);
            else if (nd[pp].color > 0)
                purify6(&z, pp);
        }
        pp++;
    }
    z.mems++;
    if (cl[0].next == 0) { /* a solution */
        z.nodes++, z.hits++;
        if (vbose & 8)
            fputs("Solution\n", tf);
        if (level + 1 > maxl)
            maxl = level + 1;
        profile[level + 1]++;
        if (sink->shape) {
            fputs("sol\n", sink->shape);
            fflush(sink->shape);
        }
        zsol = 1;
        z.count++;
        if (z.count >= maxcount)
            timeout = 0, stop = stop ? stop : XCC_STOP_COUNT;
        goto recover;
    }
    z.mems++;
    savez[level] = znode;
    if (++level > maxl)
        maxl = level;
    goto forward;
backup:
    uncover6(&z, best);
    if (znode) {
        memo6 *m = &z.memo[entry[level]];
        z.mems += 5;
        m->zdd = znode;
        z.goodmemos++;
        m->count = z.count - entrycount[level];
    }
backdown:
    if (level == 0)
        goto done;
    level--;
    z.mems += 3;
    cur = choice[level], best = nd[cur].itm;
    zsol = znode, znode = savez[level];
recover:
    for (int pp = cur - 1; pp != cur;) {
        int cc = nd[pp].itm;
        z.mems++;
        if (cc <= 0) {
            optionno = (ullng)(1 - cc);
            z.mems++, pp = nd[pp].down;
            continue;
        }
        int go = cc < z.second;
        if (!go)
            z.mems++, go = nd[cc].itm != 0;
        if (go) {
            if (!nd[pp].color)
                uncover6(&z, cc);
            else if (nd[pp].color > 0)
                unpurify6(&z, pp);
        }
        pp--;
    }
    if (zsol) {
        if (zline(sink, zddnodes, optionno, znode, zsol) && !stop)
            timeout = 0, stop = XCC_STOP_CALLBACK;
        znode = zddnodes++;
        if (zddnodes > maxzdd)
            timeout = 0, stop = stop ? stop : XCC_STOP_COUNT;
    }
    if (timeout == 0)
        goto backup;
    z.mems += 2;
    cur = choice[level] = nd[cur].down;
    goto advance;

done:
    if (stop != XCC_STOP_INTERRUPT) /* a ZDD cut short by a signal or --time-limit has no root */
        zline(sink, zddnodes, 0, 0, znode);
    fig->solutions = z.count, fig->nodes = z.nodes, fig->updates = z.updates;
    fig->cleansings = z.cleansings, fig->mems = z.mems, fig->mems_counted = 1;
    fig->maxl = maxl, fig->level = 0, fig->stop = stop, fig->knuth = XCC_KNUTH_DLX6;
    fig->zdd_nodes = zddnodes, fig->memos = z.memos, fig->goodmemos = z.goodmemos;
    fig->hits = z.hits, fig->timeouts_said = timeouts_said;
    {
        ullng hc = 2 * (ullng)z.memos;
        if (hc > (1ULL << LOGHASH))
            hc = 1ULL << LOGHASH;
        fig->bytes = (ullng)L * 24 + (ullng)N * 16 + (ullng)maxl * 4 + (ullng)z.sigptr * 8
                     + (ullng)z.memos * (ullng)z.sigsiz * 8 + hc * 8;
    }
    fig->profile = profile, profile = NULL;
    goto out;
nomem:
    status = xcc_diag_set(d, XCC_NO_MEMORY, "out of memory in DLX6's memo");
out:
    free(choice), free(savez), free(entry), free(entrycount), free(profile), free(path);
    free6(&z);
    return status;
}

static const char *dlx6_refuses(const xcc_problem *p, const xcc_settings *st)
{
    if (st->threads > 1 || st->shards > 1)
        return "DLX6's search walks in one thread: -j and --shard do not go with it";
    if (st->accept || st->retract)
        return "DLX6's search does not take pruning hooks";
    if (p && (xcc_has_bounds(p) || xcc_has_costs(p)))
        return "DLX6 reads no bounds (multiplicities) nor costs";
    return NULL;
}

const xcc_engine xcc_zdd_links_engine = {"zdd-links", dlx6_refuses, dlx6_solve, NULL};
