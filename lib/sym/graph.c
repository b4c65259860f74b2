/*
 * graph.c — a problem as the symmetry module sees it: its entries
 * read once through the public accessors, and its colored incidence
 * graph (sym.h says which vertices and edges).
 */
#include "sym.h"

#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* A power of two at least twice n. */
static size_t table_size(size_t n)
{
    size_t t = 16;
    while (t < 2 * n + 2)
        t *= 2;
    return t;
}

void xcc_sym_prob_free(xcc_sym_prob *pr)
{
    free(pr->ostart);
    free(pr->eitem);
    free(pr->ecolor);
    free(pr->cname);
    memset(pr, 0, sizeof *pr);
}

xcc_status xcc_sym_prob_read(xcc_sym_prob *pr, const xcc_problem *p)
{
    memset(pr, 0, sizeof *pr);
    pr->items = xcc_problem_items(p);
    pr->primary = xcc_problem_primary_items(p);
    pr->options = xcc_problem_options(p);
    size_t entries = 0;
    pr->ostart = malloc(((size_t)pr->options + 1) * sizeof *pr->ostart);
    if (!pr->ostart)
        return XCC_NO_MEMORY;
    for (int o = 0; o < pr->options; o++) {
        pr->ostart[o] = (int)entries;
        entries += (size_t)xcc_option_size(p, o);
    }
    pr->ostart[pr->options] = (int)entries;
    pr->eitem = malloc((entries + 1) * sizeof *pr->eitem);
    pr->ecolor = malloc((entries + 1) * sizeof *pr->ecolor);
    /* colors interned by name: at most one id per entry */
    size_t ts = table_size(entries);
    int *table = calloc(ts, sizeof *table);
    pr->cname = malloc((entries + 1) * sizeof *pr->cname);
    if (!pr->eitem || !pr->ecolor || !table || !pr->cname) {
        free(table);
        xcc_sym_prob_free(pr);
        return XCC_NO_MEMORY;
    }
    pr->cname[0] = NULL;
    for (int o = 0; o < pr->options; o++) {
        int k0 = pr->ostart[o], size = pr->ostart[o + 1] - k0;
        for (int k = 0; k < size; k++) {
            pr->eitem[k0 + k] = xcc_option_item(p, o, k);
            const char *c = xcc_option_color(p, o, k);
            int id = 0;
            if (c) {
                size_t h = (size_t)str_hash(c) & (ts - 1);
                while (table[h] && strcmp(pr->cname[table[h]], c))
                    h = (h + 1) & (ts - 1);
                if (!table[h]) {
                    table[h] = ++pr->ncolors;
                    pr->cname[pr->ncolors] = c;
                }
                id = table[h];
            }
            pr->ecolor[k0 + k] = id;
        }
    }
    free(table);
    return XCC_OK;
}

void xcc_sym_graph_free(xcc_sym_graph *gr)
{
    free(gr->start);
    free(gr->adj);
    free(gr->cv_item);
    free(gr->cv_color);
    free(gr->opt_class);
    free(gr->opt_copy);
    free(gr->class_first);
    free(gr->class_opts);
    free(gr->init_lab);
    free(gr->init_cell);
    free(gr->item_vertex);
    free(gr->twin_index);
    free(gr->twin_first);
    free(gr->twins);
    memset(gr, 0, sizeof *gr);
}

/* An option's entries sorted by item, as (item, color) pairs in one word each. */
static void sorted_entries(const xcc_sym_prob *pr, int o, uint64_t *out)
{
    int k0 = pr->ostart[o], size = pr->ostart[o + 1] - k0;
    for (int k = 0; k < size; k++)
        out[k] = (uint64_t)pr->eitem[k0 + k] << 32 | (uint32_t)pr->ecolor[k0 + k];
    /* options are short: insertion sort */
    for (int i = 1; i < size; i++) {
        uint64_t x = out[i];
        int j = i;
        for (; j > 0 && out[j - 1] > x; j--)
            out[j] = out[j - 1];
        out[j] = x;
    }
}

/* The label of every vertex, as three numbers compared in order. */
typedef struct vlabel {
    long long a, b, c;
    int v;
} vlabel;

static int cmp_label(const void *x, const void *y)
{
    const vlabel *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    if (p->c != q->c)
        return p->c < q->c ? -1 : 1;
    return p->v < q->v ? -1 : p->v > q->v;
}

xcc_status xcc_sym_graph_make(xcc_sym_graph *gr, const xcc_sym_prob *pr, const xcc_problem *p)
{
    memset(gr, 0, sizeof *gr);
    int nopt = pr->options;
    size_t entries = (size_t)pr->ostart[nopt];
    int maxsize = 0;
    for (int o = 0; o < nopt; o++)
        if (pr->ostart[o + 1] - pr->ostart[o] > maxsize)
            maxsize = pr->ostart[o + 1] - pr->ostart[o];
    gr->cv_item = malloc((entries + 1) * sizeof *gr->cv_item);
    gr->cv_color = malloc((entries + 1) * sizeof *gr->cv_color);
    gr->opt_class = malloc(((size_t)nopt + 1) * sizeof *gr->opt_class);
    gr->opt_copy = malloc(((size_t)nopt + 1) * sizeof *gr->opt_copy);
    int *ecv = malloc((entries + 1) * sizeof *ecv); /* each entry's vertex */
    uint64_t *key = malloc(((size_t)maxsize + 1) * sizeof *key);
    uint64_t *key2 = malloc(((size_t)maxsize + 1) * sizeof *key2);
    size_t ts = table_size(entries > (size_t)nopt ? entries : (size_t)nopt);
    int *table = malloc(ts * sizeof *table);
    int *class_rep = malloc(((size_t)nopt + 1) * sizeof *class_rep);
    int *class_count = calloc((size_t)nopt + 1, sizeof *class_count);
    xcc_status st = XCC_NO_MEMORY;
    if (!gr->cv_item || !gr->cv_color || !gr->opt_class || !gr->opt_copy || !ecv || !key
        || !key2 || !table || !class_rep || !class_count)
        goto out;

    /* classes of identical options, numbered in order of their first option */
    memset(table, -1, ts * sizeof *table);
    for (int o = 0; o < nopt; o++) {
        int size = pr->ostart[o + 1] - pr->ostart[o];
        sorted_entries(pr, o, key);
        uint64_t h64 = (uint64_t)size;
        for (int k = 0; k < size; k++)
            h64 = mix64(h64 ^ key[k]);
        size_t h = (size_t)h64 & (ts - 1);
        for (;; h = (h + 1) & (ts - 1)) {
            if (table[h] < 0)
                break;
            int r = class_rep[table[h]];
            if (pr->ostart[r + 1] - pr->ostart[r] != size)
                continue;
            sorted_entries(pr, r, key2);
            if (!memcmp(key, key2, (size_t)size * sizeof *key))
                break;
        }
        if (table[h] < 0) {
            table[h] = gr->nclass;
            class_rep[gr->nclass++] = o;
        }
        gr->opt_class[o] = table[h];
        gr->opt_copy[o] = class_count[table[h]]++;
    }
    gr->class_first = malloc(((size_t)gr->nclass + 1) * sizeof *gr->class_first);
    gr->class_opts = malloc(((size_t)nopt + 1) * sizeof *gr->class_opts);
    if (!gr->class_first || !gr->class_opts)
        goto out;
    gr->class_first[0] = 0;
    for (int c = 0; c < gr->nclass; c++)
        gr->class_first[c + 1] = gr->class_first[c] + class_count[c];
    for (int o = 0; o < nopt; o++)
        gr->class_opts[gr->class_first[gr->opt_class[o]] + gr->opt_copy[o]] = o;

    /*
     * Twin items: those no option names with a color and that the same
     * options name (items no option names among them), of the same kind
     * and bounds, are one vertex, its items in increasing order.
     */
    int ni = pr->items;
    gr->nitem = ni;
    gr->item_vertex = malloc(((size_t)ni + 1) * sizeof *gr->item_vertex);
    gr->twin_index = malloc(((size_t)ni + 1) * sizeof *gr->twin_index);
    gr->twin_first = malloc(((size_t)ni + 2) * sizeof *gr->twin_first);
    gr->twins = malloc(((size_t)ni + 1) * sizeof *gr->twins);
    int *lstart = calloc((size_t)ni + 2, sizeof *lstart), *lists = NULL, *tsize = NULL;
    char *colored = calloc((size_t)ni + 1, 1);
    if (!gr->item_vertex || !gr->twin_index || !gr->twin_first || !gr->twins || !lstart
        || !colored) {
        free(lstart);
        free(colored);
        goto out;
    }
    for (size_t k = 0; k < entries; k++)
        if (pr->ecolor[k])
            colored[pr->eitem[k]] = 1;
    for (int cl = 0; cl < gr->nclass; cl++) {
        int r = class_rep[cl];
        for (int k = pr->ostart[r]; k < pr->ostart[r + 1]; k++)
            lstart[pr->eitem[k] + 1]++;
    }
    for (int i = 0; i < ni; i++)
        lstart[i + 1] += lstart[i];
    lists = malloc(((size_t)lstart[ni] + 1) * sizeof *lists);
    tsize = calloc((size_t)ni + 1, sizeof *tsize);
    size_t its = table_size((size_t)ni);
    int *itable = malloc(its * sizeof *itable), *ifill = malloc(((size_t)ni + 1) * sizeof *ifill);
    if (!lists || !tsize || !itable || !ifill) {
        free(lstart);
        free(colored);
        free(lists);
        free(tsize);
        free(itable);
        free(ifill);
        goto out;
    }
    memcpy(ifill, lstart, (size_t)ni * sizeof *ifill);
    for (int cl = 0; cl < gr->nclass; cl++) {
        int r = class_rep[cl];
        for (int k = pr->ostart[r]; k < pr->ostart[r + 1]; k++)
            lists[ifill[pr->eitem[k]]++] = cl;
    }
    memset(itable, -1, its * sizeof *itable);
    int *trep = ifill; /* reused: a vertex's first item */
    for (int i = 0; i < ni; i++) {
        int lo = i < pr->primary && p->bounds ? p->bounds[i + 1].lo : 0;
        int hi = i < pr->primary && p->bounds ? p->bounds[i + 1].hi : 0;
        int len = lstart[i + 1] - lstart[i], v = -1;
        if (!colored[i]) {
            uint64_t h64 = mix64((uint64_t)(i < pr->primary) << 62 ^ (uint64_t)(uint32_t)lo << 31
                                 ^ (uint64_t)(uint32_t)hi ^ (uint64_t)len << 40);
            for (int k = lstart[i]; k < lstart[i + 1]; k++)
                h64 = mix64(h64 ^ (uint64_t)lists[k]);
            size_t h = (size_t)h64 & (its - 1);
            for (; itable[h] >= 0; h = (h + 1) & (its - 1)) {
                int j = trep[itable[h]];
                int loj = j < pr->primary && p->bounds ? p->bounds[j + 1].lo : 0;
                int hij = j < pr->primary && p->bounds ? p->bounds[j + 1].hi : 0;
                if ((j < pr->primary) == (i < pr->primary) && lo == loj && hi == hij
                    && lstart[j + 1] - lstart[j] == len
                    && !memcmp(lists + lstart[j], lists + lstart[i], (size_t)len * sizeof *lists))
                    break;
            }
            if (itable[h] >= 0)
                v = itable[h];
            else
                itable[h] = gr->items;
        }
        if (v < 0) {
            v = gr->items++;
            trep[v] = i;
        }
        gr->item_vertex[i] = v;
        gr->twin_index[i] = tsize[v]++;
    }
    gr->twin_first[0] = 0;
    for (int v = 0; v < gr->items; v++)
        gr->twin_first[v + 1] = gr->twin_first[v] + tsize[v];
    for (int i = 0; i < ni; i++)
        gr->twins[gr->twin_first[gr->item_vertex[i]] + gr->twin_index[i]] = i;
    free(lstart);
    free(colored);
    free(lists);
    free(tsize);
    free(itable);
    free(ifill);

    /* color vertices: one per (item, color) pair */
    memset(table, -1, ts * sizeof *table);
    for (size_t k = 0; k < entries; k++) {
        if (!pr->ecolor[k]) {
            ecv[k] = gr->item_vertex[pr->eitem[k]];
            continue;
        }
        uint64_t kk = (uint64_t)pr->eitem[k] << 32 | (uint32_t)pr->ecolor[k];
        size_t h = (size_t)mix64(kk) & (ts - 1);
        while (table[h] >= 0
               && !(gr->cv_item[table[h]] == pr->eitem[k] && gr->cv_color[table[h]] == pr->ecolor[k]))
            h = (h + 1) & (ts - 1);
        if (table[h] < 0) {
            table[h] = gr->ncv;
            gr->cv_item[gr->ncv] = pr->eitem[k];
            gr->cv_color[gr->ncv] = pr->ecolor[k];
            gr->ncv++;
        }
        ecv[k] = gr->items + table[h];
    }

    /* adjacency: class - item or color vertex; color vertex - item */
    gr->n = gr->items + gr->ncv + gr->nclass;
    int n = gr->n;
    gr->start = calloc((size_t)n + 2, sizeof *gr->start);
    if (!gr->start)
        goto out;
    size_t edges = (size_t)gr->ncv;
    for (int c = 0; c < gr->nclass; c++) {
        int r = class_rep[c];
        for (int k = pr->ostart[r]; k < pr->ostart[r + 1]; k++)
            edges += gr->twin_index[pr->eitem[k]] == 0;
    }
    if (2 * edges >= (size_t)1 << 31) {
        st = XCC_REFUSED;
        goto out;
    }
    gr->adj = malloc((2 * edges + 1) * sizeof *gr->adj);
    if (!gr->adj)
        goto out;
    int *deg = gr->start + 1; /* counted into start[v+1], then summed */
    for (int k = 0; k < gr->ncv; k++) {
        deg[gr->items + k]++;
        deg[gr->item_vertex[gr->cv_item[k]]]++;
    }
    for (int c = 0; c < gr->nclass; c++) {
        int r = class_rep[c];
        for (int k = pr->ostart[r]; k < pr->ostart[r + 1]; k++)
            if (gr->twin_index[pr->eitem[k]] == 0) {
                deg[xcc_sym_class_vertex(gr, c)]++;
                deg[ecv[k]]++;
            }
    }
    for (int v = 0; v < n; v++)
        gr->start[v + 1] += gr->start[v];
    free(class_count);
    class_count = NULL;
    int *fill = malloc(((size_t)n + 1) * sizeof *fill); /* the next free slot of each vertex */
    if (!fill)
        goto out;
    memcpy(fill, gr->start, (size_t)n * sizeof *fill);
    for (int k = 0; k < gr->ncv; k++) {
        int v = gr->items + k, i = gr->item_vertex[gr->cv_item[k]];
        gr->adj[fill[v]++] = i;
        gr->adj[fill[i]++] = v;
    }
    for (int c = 0; c < gr->nclass; c++) {
        int r = class_rep[c], v = xcc_sym_class_vertex(gr, c);
        for (int k = pr->ostart[r]; k < pr->ostart[r + 1]; k++)
            if (gr->twin_index[pr->eitem[k]] == 0) {
                gr->adj[fill[v]++] = ecv[k];
                gr->adj[fill[ecv[k]]++] = v;
            }
    }
    free(fill);

    /* labels: kind of vertex, then bounds, or copies and cost */
    vlabel *lb = malloc(((size_t)n + 1) * sizeof *lb);
    gr->init_lab = malloc(((size_t)n + 1) * sizeof *gr->init_lab);
    gr->init_cell = malloc(((size_t)n + 1) * sizeof *gr->init_cell);
    if (!lb || !gr->init_lab || !gr->init_cell) {
        free(lb);
        goto out;
    }
    for (int v = 0; v < n; v++) {
        lb[v].v = v;
        lb[v].b = lb[v].c = 0;
        if (v < gr->items) {
            int i = gr->twins[gr->twin_first[v]], primary = i < pr->primary;
            lb[v].a = primary ? 0 : 1;
            lb[v].b = gr->twin_first[v + 1] - gr->twin_first[v];
            if (primary && p->bounds)
                lb[v].c = (long long)p->bounds[i + 1].lo << 32 | (unsigned)p->bounds[i + 1].hi;
        } else if (v < gr->items + gr->ncv) {
            lb[v].a = 2;
        } else {
            int c = v - gr->items - gr->ncv;
            lb[v].a = 3;
            lb[v].b = gr->class_first[c + 1] - gr->class_first[c];
            lb[v].c = p->opt_cost ? (long long)p->opt_cost[class_rep[c]] : 0;
        }
    }
    qsort(lb, (size_t)n, sizeof *lb, cmp_label);
    for (int i = 0; i < n; i++) {
        gr->init_lab[i] = lb[i].v;
        gr->init_cell[i] = i == 0 || lb[i].a != lb[i - 1].a || lb[i].b != lb[i - 1].b
                           || lb[i].c != lb[i - 1].c;
    }
    free(lb);
    st = XCC_OK;
out:
    free(ecv);
    free(key);
    free(key2);
    free(table);
    free(class_rep);
    free(class_count);
    if (st)
        xcc_sym_graph_free(gr);
    return st;
}
