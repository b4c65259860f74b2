/*
 * parallel/shard.c — the plan that spreads one search tree over the machines
 * of --shard K/N: where to cut the tree (deeper where the subtrees are
 * estimated larger), how large each task is estimated, and which shard
 * gets which task. Every machine makes the same plan without talking to
 * the others. Apart from the threads' driver (parallel/parallel.c), which runs
 * a shard's tasks, since the plan is a concern of its own: estimates
 * and dealing, not threads.
 */
#include "parallel/split.h"
#include "tree/dlx2.h"
#include "base/alloc.h"

#include <string.h>

/*
 * The plan of a split for shards. Subtrees cut at one depth are of very
 * different sizes, and the few largest make their shards the slowest,
 * however they are dealt; cutting deeper everywhere makes the top of
 * the tree (shard 1's) as large as a shard's share. So the cut follows
 * the estimated sizes: starting from the root's children, the largest
 * subtree is cut into its children, again and again, until there are at
 * least SHARD_TASKS per shard and none is estimated above 1/SHARD_SMALL
 * of a shard's share of the whole, or SHARD_MOST per shard are there, or
 * the nodes cut below (which shard 1 searches) make half a share.
 * The nodes so cut below are searched by the enumerator (shard 1's, and
 * dealt as such), the subtrees below them are the tasks. Every machine
 * makes the same plan: the estimates draw their random numbers from a
 * seed made of the path.
 *
 * Knuth's estimate (xcc_estimate_subtree) of a large subtree from a few
 * probes is most often far too small: most probes end in a dead end
 * soon, and the rare long one that would make up for them is not drawn.
 * The subtrees near the root, few and large, get many probes (2048 at
 * depth 1, a quarter as many a level down), the others SHARD_PROBES.
 * (bench/NOTES.md has the measures.)
 */
#define SHARD_TASKS 8
#define SHARD_SMALL 4
#define SHARD_MOST 64
#define SHARD_PROBES 16
#define SHARD_PROBES_TOP 2048

typedef struct sized {
    size_t task;
    double size;
} sized;

static int larger_first(const void *a, const void *b)
{
    const sized *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return x->task < y->task ? -1 : x->task > y->task;
}

double xcc_split_estimate(const xcc_walker *w, xcc_tree *e, const int *path, int len,
                          xcc_status *s)
{
    unsigned long h = 2166136261u;
    for (int l = 0; l < len; l++)
        h = (h ^ (unsigned long)path[l]) * 16777619u;
    xcc_gb_rng rng;
    xcc_gb_rng_init(&rng, (long)(h % 2147483647u));
    if ((*s = w->replay(e, path, len)))
        return 0;
    int probes = len < 6 ? SHARD_PROBES_TOP >> (2 * (len - 1)) : 0;
    double size = w->estimate(e, probes > SHARD_PROBES ? probes : SHARD_PROBES, &rng);
    w->unreplay(e);
    if (size < 0)
        *s = XCC_NO_MEMORY;
    return size;
}

/* The plan's cut follows DLX2's tree, by its links, whatever tree is walked. */
static const xcc_walker dlx2_links = {
    .replay = xcc_replay, .unreplay = xcc_unreplay, .estimate = xcc_estimate_subtree,
};

/* The plan's subtrees not cut yet, largest on top of a heap. */
typedef struct leaves {
    sized *heap;  /* task: the index of its path in the plan's set of all */
    size_t count, cap;
    xcc_paths all;    /* every node met */
    double total; /* estimated nodes of the whole tree */
} leaves;

static void heap_up(sized *h, size_t i)
{
    while (i > 0 && larger_first(&h[i], &h[(i - 1) / 2]) < 0) {
        sized x = h[i];
        h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = x;
        i = (i - 1) / 2;
    }
}

static sized heap_pop(sized *h, size_t *n)
{
    sized top = h[0];
    h[0] = h[--*n];
    for (size_t i = 0;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < *n && larger_first(&h[l], &h[m]) < 0)
            m = l;
        if (l + 1 < *n && larger_first(&h[l + 1], &h[m]) < 0)
            m = l + 1;
        if (m == i)
            break;
        sized x = h[i];
        h[i] = h[m], h[m] = x;
        i = m;
    }
    return top;
}

/* Adds the children of the node at path all[at] to the leaves. */
static xcc_status add_children(xcc_tree *e, leaves *lv, size_t at)
{
    int len, item;
    xcc_status s = XCC_OK;
    xcc_problem *p = e->p;
    const int *at_path = xcc_path_of(&lv->all, at, &len);
    if ((s = xcc_replay(e, at_path, len)))
        return s;
    item = xcc_branch_item(p);
    int n = item ? p->nd[item].len : 0, *child = malloc(((size_t)len + 1) * sizeof(int));
    int *opts = malloc(((size_t)n + 1) * sizeof(int));
    if (child && opts) {
        int k = 0;
        for (int c = item ? p->nd[item].down : 0; k < n; c = p->nd[c].down)
            opts[k++] = c;
        xcc_unreplay(e);
        const int *path = xcc_path_of(&lv->all, at, &len);
        if (len)
            memcpy(child, path, (size_t)len * sizeof(int));
        for (k = 0; k < n && !s; k++) {
            child[len] = opts[k];
            double size = xcc_split_estimate(&dlx2_links, e, child, len + 1, &s);
            if (s)
                break;
            if (lv->count == lv->cap) {
                size_t cap = lv->cap ? 2 * lv->cap : 256;
                sized *q = realloc(lv->heap, cap * sizeof(sized));
                if (!q) {
                    s = XCC_NO_MEMORY;
                    break;
                }
                lv->heap = q, lv->cap = cap;
            }
            if (xcc_paths_add(&lv->all, child, len + 1)) {
                s = XCC_NO_MEMORY;
                break;
            }
            lv->heap[lv->count] = (sized){lv->all.count - 1, size};
            heap_up(lv->heap, lv->count++);
            lv->total += size;
        }
    } else {
        xcc_unreplay(e);
        s = XCC_NO_MEMORY;
    }
    free(child), free(opts);
    return s;
}

/*
 * Makes the plan for st->shards shards: cut gets the nodes to search
 * above the tasks, sorted for path_in, and *depth the deepest a task
 * may be. Stops when the caller says so (XCC_STOP_INTERRUPT in *stop).
 */
static xcc_status plan_shards(xcc_problem *p, const xcc_settings *st, xcc_paths *cut,
                              int *depth, xcc_paths *leaf, double **leaf_size, xcc_stop *stop)
{
    xcc_tree e;
    leaves lv = {.total = 1};
    size_t want = (size_t)SHARD_TASKS * (size_t)st->shards;
    size_t most = (size_t)SHARD_MOST * (size_t)st->shards;
    *depth = 1;
    xcc_status s = xcc_split_prepare(&e, p, st, NULL);
    if (!s && xcc_paths_add(&lv.all, NULL, 0))
        s = XCC_NO_MEMORY;
    if (!s)
        s = add_children(&e, &lv, 0);
    for (size_t above = 1; !s && lv.count > 0 && lv.count < most && *stop == XCC_COMPLETE;
         above++) {
        int len;
        const int *top = xcc_path_of(&lv.all, lv.heap[0].task, &len);
        double share = lv.total / st->shards;
        if ((lv.count >= want && lv.heap[0].size * SHARD_SMALL <= share)
            || 2.0 * (double)above >= share || len >= 63)
            break;
        sized leaf = heap_pop(lv.heap, &lv.count);
        lv.total += 1 - leaf.size;
        top = xcc_path_of(&lv.all, leaf.task, &len);
        if (xcc_paths_add(cut, top, len)) {
            s = XCC_NO_MEMORY;
            break;
        }
        if (len + 1 > *depth)
            *depth = len + 1;
        s = add_children(&e, &lv, leaf.task);
        if (xcc_split_interrupted(st))
            *stop = XCC_STOP_INTERRUPT;
    }
    xcc_tree_free(&e);
    /* the leaves left are the tasks, if the walk branches as plain_choice */
    *leaf_size = malloc((lv.count + 1) * sizeof(double));
    if (!s && !*leaf_size)
        s = XCC_NO_MEMORY;
    for (size_t i = 0; !s && i < lv.count; i++) {
        int len;
        const int *path = xcc_path_of(&lv.all, lv.heap[i].task, &len);
        (*leaf_size)[i] = lv.heap[i].size;
        if (xcc_paths_add(leaf, path, len))
            s = XCC_NO_MEMORY;
    }
    free(lv.heap);
    xcc_paths_free(&lv.all);
    if (!s)
        s = xcc_paths_sort(cut, NULL);
    if (!s)
        s = xcc_paths_sort(leaf, *leaf_size);
    return s;
}

/*
 * Deals the tasks out to st->shards shards, largest estimate first to
 * the least loaded shard, shard 1 loaded first with the nodes above the
 * tasks (top): owner[i] is the shard (from 0) of task i. The same on
 * every machine.
 */
xcc_status xcc_shard_deal(xcc_problem *p, const xcc_settings *st, const xcc_walker *w,
                          const xcc_tasks *t, ullng top, int *owner, xcc_stop *stop)
{
    const xcc_paths *known = t->leaf;
    sized *est = malloc((t->ps.count + 1) * sizeof(sized));
    double *load = calloc((size_t)st->shards, sizeof(double));
    xcc_tree e;
    xcc_status s = XCC_NO_MEMORY;
    if (est && load) {
        s = xcc_split_prepare(&e, p, st, NULL);
        for (size_t i = 0; !s && i < t->ps.count && *stop == XCC_COMPLETE; i++) {
            int len;
            const int *path = xcc_path_of(&t->ps, i, &len);
            size_t at = known ? xcc_paths_find(known, path, len) : 0;
            est[i].task = i;
            est[i].size = known && at < known->count ? t->leaf_size[at]
                                                     : xcc_split_estimate(w, &e, path, len, &s);
            if (xcc_split_interrupted(st))
                *stop = XCC_STOP_INTERRUPT;
        }
        xcc_tree_free(&e);
    }
    if (!s && *stop == XCC_COMPLETE) {
        qsort(est, t->ps.count, sizeof(sized), larger_first);
        load[0] = (double)top;
        for (size_t i = 0; i < t->ps.count; i++) {
            int least = 0;
            for (int k = 1; k < st->shards; k++)
                if (load[k] < load[least])
                    least = k;
            load[least] += est[i].size;
            owner[est[i].task] = least;
        }
    }
    free(est);
    free(load);
    return s;
}

void xcc_shard_plan_free(xcc_shard_plan *pl)
{
    xcc_paths_free(&pl->cut), xcc_paths_free(&pl->leaf), free(pl->leaf_size);
}

/* The tasks of a split for shards (by plan_shards), into e and t. */
xcc_status xcc_shard_enumerate(xcc_tree *e, xcc_sink *sink, xcc_problem *p,
                               const xcc_settings *st, xcc_tasks *t, xcc_shard_plan *pl,
                               const xcc_walker *w, void *twin)
{
    int depth;
    xcc_stop stop = XCC_COMPLETE;
    xcc_status s = plan_shards(p, st, &pl->cut, &depth, &pl->leaf, &pl->leaf_size, &stop);
    t->cut_below = &pl->cut;
    t->leaf = &pl->leaf, t->leaf_size = pl->leaf_size;
    if (!s)
        s = xcc_split_enumerate(e, sink, p, st, t, depth, w, twin);
    else
        xcc_tree_init(e, p, st, sink); /* for the caller to free */
    if (!s && xcc_split_lost(e, t))
        s = XCC_NO_MEMORY;
    if (!s && stop == XCC_STOP_INTERRUPT)
        e->fig.stop = XCC_STOP_INTERRUPT;
    return s;
}
