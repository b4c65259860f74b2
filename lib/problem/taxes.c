/*
 * problem/taxes.c — DLX5's taxes on the primary items of a problem with
 * costs (problem.h), made as DLX5 makes them, step for step, since
 * their mems are part of his first figure ("A" of "A+B mems"): when the
 * problem is read, or again by a search when options were added since.
 */
#include "problem/problem.h"
#include "base/alloc.h"

#include <stdlib.h>

/* The number of nodes of option o. */
static int option_size(const xcc_problem *p, int o)
{
    int x = p->opt_node[o];
    while (p->nd[x].itm > 0)
        x++;
    return x - p->opt_node[o];
}

void xcc_taxes_free(xcc_problem *p)
{
    if (!p->taxes)
        return;
    free(p->taxes->tax);
    free(p->taxes->net);
    free(p->taxes);
    p->taxes = NULL;
}

/*
 * Item k's options are looked at from the bottom of its list up (the
 * last read first), and the search for the least stops at a net cost of
 * 0: two mems per option looked at. A positive tax is then taken off
 * every option of the item, three mems per node and three per option.
 */
static ullng tax_item(const xcc_problem *p, xcc_taxes *tx, int k)
{
    const xcc_node *nd = p->nd;
    ullng least = XCC_COST_INFINITY, mems = 0;
    for (int x = nd[k].up; x != k && least; x = nd[x].up) {
        ullng c = tx->net[xcc_option_of(p, x)];
        if (c < least)
            least = c;
        mems += 2;
    }
    tx->tax[k] = 0;
    if (!least)
        return mems;
    tx->tax[k] = least;
    tx->total += least; /* modulo 2^64, as DLX5 adds */
    for (int x = nd[k].up; x != k; x = nd[x].up) {
        int o = xcc_option_of(p, x);
        tx->net[o] -= least;
        mems += 3 * (ullng)option_size(p, o) + 3;
    }
    return mems;
}

const xcc_taxes *xcc_taxes_of(xcc_problem *p)
{
    if (p->taxes && p->taxes->options == p->options)
        return p->taxes;
    xcc_taxes_free(p);
    xcc_taxes *tx = calloc(1, sizeof *tx);
    if (!tx)
        return NULL;
    tx->options = p->options;
    tx->tax = calloc((size_t)p->last_itm + 1, sizeof(ullng));
    tx->net = malloc(((size_t)p->options + 1) * sizeof(ullng));
    if (!tx->tax || !tx->net) {
        free(tx->tax);
        free(tx->net);
        free(tx);
        return NULL;
    }
    for (ullng o = 0; o < p->options; o++)
        tx->net[o] = xcc_cost_of(p, (int)o);
    for (int k = 1; k < p->second; k++)
        tx->mems += tax_item(p, tx, k);
    p->taxes = tx;
    return tx;
}

/* ---- the public calls: the taxes as made, if they are ----------------------- */

static const xcc_taxes *made(const xcc_problem *p)
{
    return p->taxes && p->taxes->options == p->options ? p->taxes : NULL;
}

unsigned long long xcc_item_tax(const xcc_problem *p, int item)
{
    const xcc_taxes *tx = made(p);
    return tx && item >= 0 && item < p->second - 1 ? tx->tax[item + 1] : 0;
}

unsigned long long xcc_problem_tax(const xcc_problem *p)
{
    const xcc_taxes *tx = made(p);
    return tx ? tx->total : 0;
}

unsigned long long xcc_option_net_cost(const xcc_problem *p, int o)
{
    const xcc_taxes *tx = made(p);
    if (o < 0 || (ullng)o >= p->options)
        return 0;
    return tx ? tx->net[o] : xcc_cost_of(p, o);
}
