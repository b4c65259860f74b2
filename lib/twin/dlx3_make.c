/*
 * twin/dlx3_make.c — making DLX3's twin (twin/dlx3.h): its tables, its
 * slots and frames, the root slot, whether it can stand in for the links
 * (xcc_mcc_twin_refuses). Apart from the walk (twin/dlx3.c), which is
 * the part that runs at every node, and its engine.
 */
#include "twin/dlx3.h"
#include "base/alloc.h"
#include "tree/dlx2.h"

#include <stdlib.h>

/* ---- the tables ----------------------------------------------------------- */

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
    if (!t->slack || !t->scratch || xcc_bits_agree(&t->b, p, &t->agree_of, &t->agree))
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

int xcc_mcc_twin_grow_levels(mtwin *t, int need)
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

void xcc_mcc_twin_root(const mtwin *t, const xcc_problem *p, mslot *s)
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

/* What DLX2's twin refuses of the settings, the twin of DLX3 refuses too. */
const char *xcc_mcc_twin_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const char *why = xcc_twin_refuses(NULL, st);
    if (why || !p)
        return why;
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

void *xcc_mcc_twin_new(const xcc_problem *p)
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

void xcc_mcc_twin_delete(void *t)
{
    if (t) {
        twin_free(t);
        free(t);
    }
}
