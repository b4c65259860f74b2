/*
 * twin/dlx2_memo.c — the memo of the twin's finished subtrees: a table of
 * bits/memo.h for each search, shared by the threads of -j
 * (twin/dlx2_memo.h says what its keys hold and why).
 */
#include "twin/dlx2_memo.h"
#include "base/alloc.h"

#include <stdlib.h>

void xcc_twin_start_memo(twin *t, twin *from)
{
    t->memo_tried = 1;
    if (t->K > TWIN_MEMO_KEY_WORDS)
        return;
    t->keys = malloc(((size_t)t->b.P + 2) * (size_t)t->K * sizeof(word));
    if (!t->keys)
        return; /* then it just walks */
    if (from) {
        t->memo = from->memo;
    } else {
        t->memo = xcc_memo_new(t->K, t->KS ? M_DEEP : M_LMEMS);
        t->memo_owner = 1;
    }
    if (!t->memo) {
        free(t->keys);
        t->keys = NULL;
    }
}

void xcc_twin_share_memo(xcc_twin *t, xcc_twin *from)
{
    if (!from->memo_tried)
        xcc_twin_start_memo(from, NULL);
    if (!t->memo_tried && from->memo)
        xcc_twin_start_memo(t, from);
}

size_t xcc_twin_memo_bytes(const xcc_twin *t)
{
    return xcc_memo_bytes(t->memo);
}
