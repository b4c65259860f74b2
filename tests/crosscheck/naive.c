/*
 * naive.c — an obviously correct solver for XCC problems and Knuth's
 * extensions of them, to check dlx2 against.
 *
 * usage: naive [-n | -k K] < problem.dlx   one line for the problem
 *        naive [-n | -k K] FILE...          one line per file
 *
 * The line is the number of solutions. When the file has cost entries,
 * or with -k, it is "C M" instead: C the minimum cost and M the number
 * of solutions that have it ("- 0" without solutions); -k K appends the
 * K smallest costs of solutions, in order, repeats included (fewer when
 * there are fewer solutions): what DLX5 reports with k<K>. With -n the
 * line is the number of solutions, costs or not.
 *
 * The format (Knuth's, with his extensions):
 *   - the first line that is neither blank nor a comment (`|` first)
 *     names the items: primary ones, then `|`, then secondary ones;
 *   - a primary item may carry bounds, `a:b|name` (covered at least a,
 *     at most b times) or `b|name` (exactly b); plain `name` is 1|name
 *     (Knuth's DLX3);
 *   - every other line is an option: item names, a secondary one maybe
 *     with a color, `name:color` (the color is everything after the
 *     first colon), and cost entries `|n`, whose sum is the option's
 *     cost (Knuth's DLX5). An option without a primary item is dropped.
 *
 * A solution is a set of options (each at most once) that covers every
 * primary item between its bounds, and every secondary item at most
 * once, or any number of times with one color.
 *
 * Written apart from the engine on purpose: its own reader, and plain
 * backtracking straight from that definition. Every option belongs to
 * the group of its first primary item (in the order of the item line);
 * the search takes the primary items in order and, for each, every
 * subset of its group that keeps each item within its upper bound and
 * every secondary item within its rule, then checks the lower bound.
 * Options of a group contain no earlier primary item, so every
 * solution is met exactly once. When looking for the least costs, a
 * partial solution that already costs more than every cost still wanted
 * is abandoned (costs are not negative, and small here: their sums do
 * not wrap round).
 *
 * Slow (no links, no heuristics); fine for the random instances of
 * tests/e2e/crosscheck.sh and the small ones of data/reference-family.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long ullng;

struct entry {
    int item;
    int color; /* 0 none, c > 0 the color numbered c */
};

static char **names;
static int nitems, nprimary, items_cap;
static int *lo, *hi;       /* bounds of primary item i */
static int *used;          /* how many chosen options contain item i */
static int *color_of;      /* the color they give it (-1 = uncolored) */

static struct entry *entries; /* the options' entries, one after another */
static int nentries, entries_cap;
static int *opt_start;        /* option o is entries[opt_start[o] .. opt_start[o+1]) */
static ullng *opt_cost;
static int nopts, opts_cap;
static int **group, *group_len; /* the options whose first primary item is i */
static char **colors;
static int ncolors, colors_cap;
static int have_costs;

static ullng count, min_cost, min_count;
static ullng *best;         /* the kbest smallest costs so far, ascending */
static int kbest, nbest;
static int by_cost;         /* looking for the least costs (else counting) */
static int count_only;      /* -n: counting, costs or not */

static void fail(const char *what, const char *s)
{
    fprintf(stderr, "naive: %s %s\n", what, s);
    exit(2);
}

static void *xrealloc(void *p, int n, size_t size)
{
    p = realloc(p, (size_t)n * size);
    if (!p) {
        fprintf(stderr, "naive: out of memory\n");
        exit(3);
    }
    return p;
}

/* p with room for need elements: *cap grows by doubling */
static void *grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    *cap = need * 2 + 16;
    return xrealloc(p, *cap, size);
}

static int item_index(const char *s)
{
    for (int i = 0; i < nitems; i++)
        if (!strcmp(names[i], s))
            return i;
    fail("unknown item", s);
    return -1;
}

static int color_index(const char *s)
{
    for (int c = 1; c <= ncolors; c++)
        if (!strcmp(colors[c], s))
            return c;
    colors = grow(colors, &colors_cap, ncolors + 2, sizeof *colors);
    colors[++ncolors] = strdup(s);
    return ncolors;
}

/* A whole decimal number of up to 9 digits, or -1. */
static long number(const char *s, const char *end)
{
    long v = 0;
    if (s == end || end - s > 9)
        return -1;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = 10 * v + (*s - '0');
    }
    return v;
}

/* One name of the item line, with its bounds when it has them. */
static void add_item(char *tok, int secondary)
{
    char *bar = strchr(tok, '|');
    long a = 1, b = 1;
    if (bar) {
        if (secondary)
            fail("bounds on a secondary item:", tok);
        char *colon = memchr(tok, ':', (size_t)(bar - tok));
        b = number(colon ? colon + 1 : tok, bar);
        a = colon ? number(tok, colon) : b;
        if (a < 0 || b < 1 || a > b)
            fail("bad bounds:", tok);
        tok = bar + 1;
    }
    if (!*tok)
        fail("empty item name in", "the item line");
    if (nitems == items_cap) {
        names = grow(names, &items_cap, nitems + 1, sizeof *names);
        lo = xrealloc(lo, items_cap, sizeof *lo);
        hi = xrealloc(hi, items_cap, sizeof *hi);
    }
    names[nitems] = strdup(tok);
    lo[nitems] = (int)a;
    hi[nitems] = (int)b;
    nitems++;
}

static void read_items(char *line)
{
    nprimary = -1;
    for (char *tok = strtok(line, " \t\r\n\f\v"); tok; tok = strtok(NULL, " \t\r\n\f\v")) {
        if (tok[0] == '|') {
            if (nprimary >= 0)
                fail("two | in", "the item line");
            nprimary = nitems;
            if (!*++tok)
                continue;
        }
        add_item(tok, nprimary >= 0);
    }
    if (nprimary < 0)
        nprimary = nitems;
}

static void read_option(char *line)
{
    int first = nentries, primary = 0;
    ullng cost = 0;
    for (char *tok = strtok(line, " \t\r\n\f\v"); tok; tok = strtok(NULL, " \t\r\n\f\v")) {
        if (tok[0] == '|') {
            char *end;
            if (tok[1] < '0' || tok[1] > '9')
                fail("bad cost", tok);
            cost += strtoull(tok + 1, &end, 10);
            if (*end)
                fail("bad cost", tok);
            have_costs = 1;
            continue;
        }
        char *colon = strchr(tok, ':');
        int c = 0;
        if (colon) {
            *colon = '\0';
            c = color_index(colon + 1);
        }
        int i = item_index(tok);
        if (c && i < nprimary)
            fail("a color on the primary item", tok);
        primary |= i < nprimary;
        entries = grow(entries, &entries_cap, nentries + 1, sizeof *entries);
        entries[nentries++] = (struct entry){i, c};
    }
    if (!primary) { /* dropped, as Knuth's programs do */
        nentries = first;
        return;
    }
    if (nopts + 2 > opts_cap) {
        opt_start = grow(opt_start, &opts_cap, nopts + 2, sizeof *opt_start);
        opt_cost = xrealloc(opt_cost, opts_cap, sizeof *opt_cost);
    }
    opt_start[nopts] = first;
    opt_cost[nopts] = cost;
    opt_start[++nopts] = nentries;
}

static int fits(int o)
{
    for (int e = opt_start[o]; e < opt_start[o + 1]; e++) {
        int i = entries[e].item, c = entries[e].color;
        if (i < nprimary) {
            if (used[i] == hi[i])
                return 0;
        } else if (used[i] && (!c || color_of[i] != c))
            return 0;
    }
    return 1;
}

static void take(int o, int sign)
{
    for (int e = opt_start[o]; e < opt_start[o + 1]; e++) {
        int i = entries[e].item;
        used[i] += sign;
        color_of[i] = entries[e].color ? entries[e].color : -1;
    }
}

static void record(ullng cost)
{
    if (!count++ || cost < min_cost)
        min_cost = cost, min_count = 1;
    else if (cost == min_cost)
        min_count++;
    if (kbest && (nbest < kbest || cost < best[nbest - 1])) {
        int k = nbest < kbest ? nbest++ : nbest - 1;
        for (; k > 0 && best[k - 1] > cost; k--)
            best[k] = best[k - 1];
        best[k] = cost;
    }
}

/* Whether a partial solution of this cost can still matter. */
static int wanted(ullng cost)
{
    if (!by_cost || !count)
        return 1;
    if (kbest)
        return nbest < kbest || cost <= best[kbest - 1];
    return cost <= min_cost;
}

/* Decides the options of item j's group from the k-th on. */
static void search(int j, int k, ullng cost)
{
    if (!wanted(cost))
        return;
    if (j == nprimary) {
        record(cost);
        return;
    }
    if (used[j] + group_len[j] - k < lo[j])
        return; /* item j can no longer reach its lower bound */
    if (k == group_len[j]) {
        search(j + 1, 0, cost);
        return;
    }
    int o = group[j][k];
    search(j, k + 1, cost);
    if (fits(o)) {
        take(o, +1);
        search(j, k + 1, cost + opt_cost[o]);
        take(o, -1);
    }
}

static void free_problem(void)
{
    for (int i = 0; i < nitems; i++) {
        free(names[i]);
        free(group ? group[i] : NULL);
    }
    for (int c = 1; c <= ncolors; c++)
        free(colors[c]);
    free(group);
    free(group_len);
    free(used);
    free(color_of);
    nitems = nprimary = nentries = nopts = ncolors = have_costs = 0;
    group = NULL;
    group_len = NULL;
}

/* Reads one problem and prints its line. */
static void solve_file(FILE *in)
{
    char *line = NULL;
    size_t cap = 0;
    int have_items = 0;
    while (getline(&line, &cap, in) >= 0) {
        size_t p = strspn(line, " \t\r\n\f\v");
        if (!line[p] || line[p] == '|')
            continue;
        if (!have_items) {
            have_items = 1;
            read_items(line);
        } else
            read_option(line);
    }
    free(line);
    used = calloc((size_t)nitems + 1, sizeof *used);
    color_of = calloc((size_t)nitems + 1, sizeof *color_of);
    group = calloc((size_t)nitems + 1, sizeof *group);
    group_len = calloc((size_t)nitems + 1, sizeof *group_len);
    if (!used || !color_of || !group || !group_len) {
        fprintf(stderr, "naive: out of memory\n");
        exit(3);
    }
    for (int o = 0; o < nopts; o++) {
        int j = nitems;
        for (int e = opt_start[o]; e < opt_start[o + 1]; e++)
            if (entries[e].item < nprimary && entries[e].item < j)
                j = entries[e].item;
        group[j] = xrealloc(group[j], group_len[j] + 1, sizeof **group);
        group[j][group_len[j]++] = o;
    }
    count = min_cost = min_count = 0;
    nbest = 0;
    by_cost = !count_only && (have_costs || kbest);
    search(0, 0, 0);
    if (!by_cost)
        printf("%llu\n", count);
    else {
        if (count)
            printf("%llu %llu", min_cost, min_count);
        else
            printf("- 0");
        for (int k = 0; k < nbest; k++)
            printf(" %llu", best[k]);
        printf("\n");
    }
    free_problem();
}

int main(int argc, char **argv)
{
    int first = 1;
    if (argc > 1 && !strcmp(argv[1], "-n")) {
        count_only = 1;
        first = 2;
    } else if (argc > 2 && !strcmp(argv[1], "-k")) {
        kbest = atoi(argv[2]);
        if (kbest < 1) {
            fprintf(stderr, "naive: -k wants a positive number\n");
            return 2;
        }
        best = malloc((size_t)kbest * sizeof *best);
        first = 3;
    }
    if (argc == first)
        solve_file(stdin);
    for (int i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            perror(argv[i]);
            return 2;
        }
        solve_file(f);
        fclose(f);
    }
    return 0;
}
