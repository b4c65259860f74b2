/*
 * links/sanity.c — DLX2's sanity() for the walks by dancing links, in the
 * SANITIZE build (base/sanity.h says when it runs).
 */
#include "links/links.h"

#ifdef XCC_SANITY
/* Item k's list: doubly linked, its nodes, as long as its len says. */
static void sane_list(const xcc_tree *s, int k, const char *engine)
{
    const xcc_problem *p = s->p;
    const xcc_node *nd = p->nd;
    int n = 0;
    if (p->cl[p->cl[k].prev].next != k || p->cl[p->cl[k].next].prev != k)
        xcc_insane(engine, s->fig.nodes, "item %d is not linked into the active list", k);
    for (int q = nd[k].down; q != k; q = nd[q].down, n++) {
        if (q < p->last_itm || q >= p->last_node || nd[q].itm != k)
            xcc_insane(engine, s->fig.nodes, "node %d in the list of item %d", q, k);
        if (nd[nd[q].down].up != q)
            xcc_insane(engine, s->fig.nodes, "node %d: its down's up is not it", q);
        if (n > nd[k].len)
            break;
    }
    if (n != nd[k].len)
        xcc_insane(engine, s->fig.nodes, "item %d has %d nodes, its len says %d", k, n,
                   nd[k].len);
}

/* DLX2's sanity(): every active item's list, primary and secondary. */
void xcc_links_sanity(const xcc_tree *s, const char *engine)
{
    const xcc_problem *p = s->p;
    for (int k = p->cl[0].next; k; k = p->cl[k].next)
        sane_list(s, k, engine);
    for (int k = p->cl[p->last_itm].next; k != p->last_itm; k = p->cl[k].next)
        sane_list(s, k, engine);
}
#else
/* ISO C wants a translation unit to declare something */
typedef int xcc_links_sanity_unused;
#endif
