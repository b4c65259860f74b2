/*
 * tree/ssxcc.h — what Knuth's SSXCC prints of a problem apart from its
 * walk, which the report needs without the walk (cells/ walks SSXCC's
 * tree; the mems of its reading are xcc_imems_ss, problem/problem.h).
 */
#ifndef XCC_TREE_SSXCC_H
#define XCC_TREE_SSXCC_H

#include "problem/problem.h"

/*
 * Where SSXCC's "Item totals:" line puts its bar: before the item of
 * this index (0-based), or -1 for nowhere. SSXCC compares the index
 * with the place of the first secondary item's set in its array of
 * sets (four header words per item, then its options), so the bar
 * lands by chance, if at all.
 */
static inline int xcc_ssxcc_totals_bar(const xcc_problem *p)
{
    if (p->second >= p->last_itm)
        return -1;
    long long at = 4;
    for (int i = 1; i < p->second; i++)
        at += 4 + p->nd[i].len;
    return at < p->last_itm - 1 ? (int)at : -1;
}

#endif
