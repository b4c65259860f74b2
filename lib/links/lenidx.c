/*
 * links/lenidx.c — making and freeing the length index of links/lenidx.h,
 * whose updates and queries are inline there.
 */
#include "links/lenidx.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

void xcc_len_free(xcc_lenidx *ix)
{
    free(ix->bits);
    free(ix->fen);
}

int xcc_len_build(xcc_lenidx *ix, const xcc_problem *p)
{
    memset(ix, 0, sizeof *ix);
    int n = ix->n = p->second - 1;
    size_t w = ((size_t)n + 63) / 64;
    for (;; w = (w + 63) / 64) {
        ix->at[ix->levels] = ix->words;
        ix->words += w;
        ix->levels++;
        if (w == 1)
            break;
    }
    ix->bits = calloc(XCC_LEN_BUCKETS * ix->words, sizeof(ullng));
    ix->fen = calloc((size_t)n + 1, sizeof(int));
    if (!ix->bits || !ix->fen) {
        xcc_len_free(ix);
        return 3;
    }
    for (int k = p->cl[0].next; k != 0; k = p->cl[k].next) {
        if (p->nd[k].len < XCC_LEN_BUCKETS)
            xcc_len_set(ix, p->nd[k].len, k);
        ix->fen[k] = 1;
        ix->active++;
    }
    for (int i = 1; i <= n; i++) /* Fenwick sums, in place */
        if (i + (i & -i) <= n)
            ix->fen[i + (i & -i)] += ix->fen[i];
    return 0;
}
