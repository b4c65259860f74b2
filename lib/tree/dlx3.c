/*
 * tree/dlx3.c — what a walk of DLX3's tree adds to DLX2's walk (tree/dlx3.h):
 * its figures and bytes, and the state of his links.
 */
#include "tree/dlx3.h"
#include "base/alloc.h"

#include <stdlib.h>

static void walk_free(xcc_tree *t)
{
    struct mcc_walk *w = t->ext_state;
    if (w) {
        free(w->cap);
        free(w->tweak);
        free(w);
        t->ext_state = NULL;
    }
}

/* DLX3's bytes: his item is 8 bytes longer than DLX2's (bound, slack). */
static ullng walk_bytes(const xcc_tree *t)
{
    const xcc_problem *p = t->p;
    int maxl = t->maxl;
    return (ullng)p->last_itm * (sizeof(xcc_item) + sizeof(mcc_cap))
           + (ullng)p->last_node * sizeof(xcc_node) + (ullng)maxl * sizeof(int);
}

static const xcc_tree_ext dlx3_ext = {walk_bytes, walk_free};

void xcc_mcc_tree(xcc_tree *t)
{
    t->fig.knuth = 3;
    t->ext = &dlx3_ext;
}

xcc_status xcc_mcc_walk_start(xcc_tree *t)
{
    const xcc_problem *p = t->p;
    xcc_mcc_tree(t);
    if (t->ext_state)
        return XCC_OK;
    struct mcc_walk *w = calloc(1, sizeof *w);
    if (!w)
        return XCC_NO_MEMORY;
    t->ext_state = w;
    w->cap = malloc((size_t)p->second * sizeof(mcc_cap));
    if (!w->cap)
        return XCC_NO_MEMORY;
    for (int i = 1; i < p->second; i++) {
        xcc_bound b = xcc_item_bound(p, i);
        w->cap[i] = (mcc_cap){b.hi, b.hi - b.lo};
    }
    return XCC_OK;
}
