/*
 * tree/dlx5_lists.c — what DLX5 does between reading and searching,
 * after taxing the primary items (problem/taxes.c): it sorts every
 * item's list by net cost. Done here as DLX5 does it, step for step,
 * because its mems are part of his first figure ("A" of "A+B mems") and
 * the order the sort leaves equal costs in is part of his search tree.
 * Also what a search asks of the sorted lists: an option's place in its
 * list, and how many options of a list are cheap enough.
 */
#include "tree/dlx5.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- sorting ------------------------------------------------------------- */

/*
 * DLX5 sorts each list with the natural list merge sort (TAOCP 5.2.4,
 * Algorithm L with exercise 12), on the up links, which after reading
 * lead from the bottom (the option read last) to the top: runs of
 * nonincreasing cost are found first, the link that starts each run
 * negated, and the runs merged two by two until one is left, which
 * leads up from the dearest option to the cheapest. Then the down links
 * are set to match. Node 0 (the root's header, otherwise unused) holds
 * the list of runs. Returns the mems, counted as DLX5 counts them.
 */
static ullng sort_list(xcc_node *nd, const ullng *cost, int k)
{
    ullng m = 2;
    int p = nd[k].up, q = nd[p].up, s, t = 0;
    for (; q > k; p = q, q = nd[p].up, m += 2)
        if (cost[p] < cost[q])
            nd[t].up = -q, t = p;
    if (t) {
        nd[t].up = nd[p].up = 0;
        m += 2;
        while (m++, nd[0].up) { /* a pass over all runs */
            s = k, t = 0, p = nd[s].up, q = -nd[0].up;
            m += 2;
            for (;;) {
                m++;
                if (cost[p] < cost[q]) { /* q goes next */
                    nd[s].up = nd[s].up <= 0 ? -q : q;
                    s = q, q = nd[q].up;
                    m += 2;
                    if (q > 0)
                        continue;
                    nd[s].up = p, s = t;
                    for (m++; p > 0; p = nd[p].up, m++)
                        t = p;
                } else { /* p goes next */
                    nd[s].up = nd[s].up <= 0 ? -p : p;
                    s = p, p = nd[p].up;
                    m += 2;
                    if (p > 0)
                        continue;
                    nd[s].up = q, s = t;
                    for (m++; q > 0; q = nd[q].up, m++)
                        t = q;
                }
                p = -p, q = -q; /* the next two runs */
                if (!q)
                    break;
            }
            nd[s].up = -p, nd[t].up = 0;
            m += 2;
        }
    }
    m++;
    for (p = k, q = nd[p].up; q > k; p = q, q = nd[p].up, m += 2)
        nd[q].down = p;
    nd[p].up = k, nd[k].down = p;
    return m + 2;
}

void xcc_cost_links_free(cost_links *lk)
{
    free(lk->nd);
    free(lk->cost);
    free(lk->cl);
    memset(lk, 0, sizeof *lk);
}

static xcc_status links_alloc(cost_links *lk, int last_itm, int second, int last_node)
{
    memset(lk, 0, sizeof *lk);
    lk->last_itm = last_itm, lk->second = second, lk->last_node = last_node;
    lk->nd = malloc(((size_t)last_node + 1) * sizeof(xcc_node));
    lk->cost = malloc(((size_t)last_node + 1) * sizeof(ullng));
    lk->cl = malloc(((size_t)last_itm + 1) * sizeof(xcc_item));
    if (!lk->nd || !lk->cost || !lk->cl) {
        xcc_cost_links_free(lk);
        return XCC_NO_MEMORY;
    }
    return XCC_OK;
}

xcc_status xcc_cost_links(cost_links *lk, const xcc_problem *p, const xcc_taxes *tx, ullng *mems)
{
    if (links_alloc(lk, p->last_itm, p->second, p->last_node))
        return XCC_NO_MEMORY;
    memcpy(lk->nd, p->nd, ((size_t)p->last_node + 1) * sizeof(xcc_node));
    memcpy(lk->cl, p->cl, ((size_t)p->last_itm + 1) * sizeof(xcc_item));
    for (int k = 0; k < p->last_itm; k++) {
        lk->cost[k] = k && k < p->second ? tx->tax[k] : 0; /* for the record only */
        lk->nd[k].aux = 0;
    }
    int o = 0;
    for (int x = p->last_itm; x <= p->last_node; x++) {
        lk->cost[x] = 0;
        if (lk->nd[x].itm > 0)
            lk->cost[x] = tx->net[o];
        else if (x > p->last_itm)
            o++;
    }
    ullng m = 0;
    for (int k = 1; k < p->last_itm; k++)
        m += sort_list(lk->nd, lk->cost, k);
    lk->nd[0].up = lk->nd[0].down = 0;
    *mems = m;
    return XCC_OK;
}

xcc_status xcc_cost_links_copy(cost_links *lk, const cost_links *from)
{
    if (links_alloc(lk, from->last_itm, from->second, from->last_node))
        return XCC_NO_MEMORY;
    memcpy(lk->nd, from->nd, ((size_t)from->last_node + 1) * sizeof(xcc_node));
    memcpy(lk->cost, from->cost, ((size_t)from->last_node + 1) * sizeof(ullng));
    memcpy(lk->cl, from->cl, ((size_t)from->last_itm + 1) * sizeof(xcc_item));
    return XCC_OK;
}

/* ---- what a search asks of the lists ---------------------------------------- */

int xcc_cost_position(const cost_links *lk, int q)
{
    int item = lk->nd[q].itm, k = 1;
    for (int x = lk->nd[item].down; x != q; x = lk->nd[x].down, k++)
        if (x == item)
            return 0; /* not in its item's list */
    return k;
}

int xcc_cost_usable(const cost_links *lk, int item, ullng thresh)
{
    int d = 0;
    for (int x = lk->nd[item].down; x >= lk->last_itm && lk->cost[x] < thresh; x = lk->nd[x].down)
        d++;
    return d;
}
