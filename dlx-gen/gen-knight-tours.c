/*
 * gen-knight-tours — counts (and optionally lists) the covers of an in/out
 * cycle-cover problem that are one single cycle: the knight's tours among
 * the solutions of gen-knight's output, without printing the millions of
 * covers that are not tours.
 *
 * What it reads. An XCC file (formats/xcc.md) whose items are all primary
 * and come in pairs oX, iX (X any name: a vertex), and whose options are
 * each one oA and one iB: a directed edge A -> B. gen-knight writes such
 * files (X a cell, or v for the virtual vertex of --open), but any
 * directed graph written this way will do. A solution of the exact cover
 * problem gives every vertex one edge out and one in: a cycle cover.
 *
 * How it prunes. libxcc (include/xcc.h) runs Algorithm C as dlx2 does,
 * with the engine "links"; its accept hook is asked before each option
 * is chosen. The chosen edges
 * always form vertex-disjoint directed paths ("fragments"; a vertex with
 * no chosen edge is a fragment of one vertex). An edge A -> B joins the
 * fragment ending at A to the fragment starting at B. If those are the
 * same fragment the edge closes it into a cycle, which is allowed only if
 * the fragment holds every vertex; otherwise the option is refused, and
 * the whole subtree of covers with that short cycle is never searched.
 * So every solution the engine reports is a Hamiltonian cycle.
 *
 * Data. edge_of_option[o] gives, for every option o, the edge's two
 * vertices (from, to). For fragments, only the two ends hold valid
 * entries: first[end] is the fragment's first vertex, last[start] its
 * last vertex, size[start] its number of vertices. Inner vertices keep
 * stale values that are never read. A merge changes only the entries of
 * the new ends, and retract undoes it exactly because the engine takes
 * options back in the reverse order of choosing them (a stack).
 */
#include "gen.h"
#include "rep_listing.h"
#include "xcc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_COUNT };

static const struct gen_option options[] = {
    [OPT_COUNT] = {"-c", NULL, NULL, "print only the number of directed cycles"},
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program program = {
    "gen-knight-tours",
    "gen-knight-tours [m<n>] [t<n>] [s<n>] [-c] [FILE]\n",
    "Counts the knight's tours of a gen-knight problem (FILE, or stdin if\n"
    "none or '-'): the covers that are one single cycle. Short cycles are\n"
    "cut off while searching, so this is far faster than listing every cover\n"
    "with dlx2 and filtering (6 x 6: 106172416 covers, only 19724 of them\n"
    "tours). Works on any problem with items oX iX and options \"oA iB\"\n"
    "(edges of a directed graph): it counts the directed Hamiltonian cycles.\n"
    "\n"
    "  m<n>            list every n-th tour on stdout in dlx2's format (m1:\n"
    "                  all), for gen-knight --show; the counts then go to stderr\n"
    "  t<n>            stop after n tours\n"
    "  s<n>            random seed: order the lists and break ties at random,\n"
    "                  as dlx2 s<n> does (with t<n>: a random sample of tours)\n",
    options,
    "Output: the number of directed cycles (each closed tour is found once\n"
    "in each direction; an open tour of --open, a cycle through v, once\n"
    "from each end) and the number of tours up to direction.\n"
    "Example: gen-knight 6 | gen-knight-tours\n"
    "         gen-knight 5 --open | gen-knight-tours m1 | gen-knight --show\n",
};

typedef unsigned long long ullng;

struct settings {
    const char *file;  /* NULL: stdin */
    ullng spacing;     /* m<n> */
    ullng maxcount;    /* t<n>; 0: no limit */
    long seed;
    int randomizing, count_only;
};

static ullng parse_number(const char *arg, const char *digits)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(digits, &end, 10);
    if (!*digits || *end || errno || *digits == '-')
        gen_die("bad argument '%s' (try --help)", arg);
    return v;
}

static void parse_args(struct settings *st)
{
    const char *a;
    int k;
    memset(st, 0, sizeof *st);
    while ((k = gen_getopt(&a)) != GEN_END) {
        if (k == OPT_COUNT) {
            st->count_only = 1;
        } else if (a[0] == 'm' && a[1] >= '0' && a[1] <= '9') {
            st->spacing = parse_number(a, a + 1);
        } else if (a[0] == 't' && a[1] >= '0' && a[1] <= '9') {
            st->maxcount = parse_number(a, a + 1);
        } else if (a[0] == 's' && a[1] >= '0' && a[1] <= '9') {
            ullng seed = parse_number(a, a + 1);
            if (seed > 0x7fffffffULL)
                gen_die("the seed must be below 2^31, not %llu", seed);
            st->seed = (long)seed;
            st->randomizing = 1;
        } else if (!st->file) {
            st->file = a;
        } else {
            gen_die("more than one FILE: '%s'", a);
        }
    }
}

/* ------------------------------------------------------- the graph */

struct edge {
    int from, to;
};

struct graph {
    int vertices;
    int open;                   /* there is a vertex named v (gen-knight --open) */
    struct edge *edge_of_option;
};

/* The problem's text as read, kept so that a message about an item can
   say where the item line names it. */
static struct source {
    const char *name;           /* the file, or "<stdin>" */
    char *text;
    size_t len, cap;
} src;

/* Where the item line names item (or the lone '|' if name is "|"):
   *line and *col, from 1. The item line is the first line that is
   neither blank nor a comment (formats/xcc.md). */
static void item_place(const char *name, long *line, long *col)
{
    const char *white = " \t\r\v\f", *t = src.text;
    *line = 1;
    *col = 1;
    for (;; (*line)++) {
        const char *end = strchr(t, '\n'), *w = t + strspn(t, white);
        if (!end)
            end = t + strlen(t);
        if (w < end && *w != '|')
            break;
        if (!*end)
            return;
        t = end + 1;
    }
    size_t n = strlen(name);
    for (const char *w = t; *w && *w != '\n';) {
        w += strspn(w, white);
        size_t k = strcspn(w, " \t\r\v\f\n");
        /* a name, maybe after bounds "a:b|" */
        if (k >= n && !memcmp(w + k - n, name, n) && (k == n || (*name != '|' && w[k - n - 1] == '|'))) {
            *col = (long)(w - t) + 1;
            return;
        }
        w += k;
    }
}

/* Dies "FILE:LINE:COL: not an in/out problem: ..." at the item line's item. */
static void item_die(const char *item, const char *fmt, ...) GEN_PRINTF(2, 3) GEN_NORETURN;
static void item_die(const char *item, const char *fmt, ...)
{
    long line, col;
    item_place(item, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(src.name, line, col, fmt, ap);
}

static const xcc_problem *sort_problem; /* for by_vertex_name (qsort has no context) */

static int by_vertex_name(const void *a, const void *b)
{
    const char *na = xcc_item_name(sort_problem, *(const int *)a);
    const char *nb = xcc_item_name(sort_problem, *(const int *)b);
    int c = strcmp(na + 1, nb + 1);
    return c ? c : na[0] - nb[0]; /* 'i' before 'o' */
}

/*
 * Numbers the vertices: the items, sorted by the name after the first
 * letter, must pair up as iX, oX. Fills vertex_of_item (the vertex of an
 * item) and returns the number of vertices; dies if the items are not of
 * that shape.
 */
static int number_vertices(const xcc_problem *p, int *vertex_of_item, int *open)
{
    static int *order;  /* static: reachable when the program dies below */
    int items = xcc_problem_items(p);
    order = gen_realloc(NULL, (size_t)items, sizeof *order);
    if (xcc_problem_primary_items(p) != items)
        item_die("|", "not an in/out problem: it has secondary items");
    for (int k = 0; k < items; k++) {
        const char *name = xcc_item_name(p, k);
        if (strlen(name) < 2 || (name[0] != 'o' && name[0] != 'i'))
            item_die(name, "not an in/out problem: item '%s' is not named oX or iX", name);
        order[k] = k;
    }
    sort_problem = p;
    qsort(order, (size_t)items, sizeof *order, by_vertex_name);
    int vertices = 0;
    *open = 0;
    for (int k = 0; k < items; k += 2) {
        const char *ni = xcc_item_name(p, order[k]);
        const char *no = k + 1 < items ? xcc_item_name(p, order[k + 1]) : NULL;
        if (!no || ni[0] != 'i' || no[0] != 'o' || strcmp(ni + 1, no + 1))
            item_die(ni, "not an in/out problem: item '%s' has no partner %c%s", ni,
                     ni[0] == 'i' ? 'o' : 'i', ni + 1);
        if (!strcmp(ni + 1, "v"))
            *open = 1;
        vertex_of_item[order[k]] = vertex_of_item[order[k + 1]] = vertices++;
    }
    free(order);
    return vertices;
}

/* Records the edge of every option in edge_of_option; dies if an option
   is not one o item and one i item. */
static void read_edges(const xcc_problem *p, const int *vertex_of_item, struct edge *edge_of_option)
{
    for (int o = 0; o < xcc_problem_options(p); o++) {
        struct edge e = {-1, -1};
        int ok = xcc_option_size(p, o) == 2;
        for (int k = 0; ok && k < 2; k++) {
            int item = xcc_option_item(p, o, k);
            int *slot = xcc_item_name(p, item)[0] == 'o' ? &e.from : &e.to;
            ok = *slot < 0;
            *slot = vertex_of_item[item];
        }
        if (!ok || e.from < 0 || e.to < 0)
            gen_die_at(src.name, xcc_option_line(p, o), 0,
                       "not an in/out problem: the option is not one oA and one iB");
        edge_of_option[o] = e;
    }
}

/* ---------------------------------------------------- the fragments */

struct fragments {
    int vertices;
    int *first, *last, *size; /* see the top of the file */
    char *closed;             /* closed[level]: the option there closed the cycle */
    const struct edge *edge_of_option;
};

struct run {
    struct fragments frag;
    ullng spacing; /* m<n>: list every n-th tour; 0: none */
};

static int accept_edge(void *ctx, int level, int option)
{
    struct fragments *f = &((struct run *)ctx)->frag;
    struct edge e = f->edge_of_option[option];
    int start = f->first[e.from], end = f->last[e.to];
    if (start == e.to) {
        /* e closes the path start .. e.from into a cycle */
        if (f->size[start] != f->vertices)
            return 0;
        f->closed[level] = 1;
        return 1;
    }
    f->closed[level] = 0;
    f->last[start] = end;
    f->first[end] = start;
    f->size[start] += f->size[e.to];
    return 1;
}

static void retract_edge(void *ctx, int level, int option)
{
    struct fragments *f = &((struct run *)ctx)->frag;
    struct edge e = f->edge_of_option[option];
    if (f->closed[level])
        return;
    /* split start .. e.from -> e.to .. end again; the inner entries of
       e.from and e.to were left alone, so they are still right */
    int start = f->first[e.from], end = f->last[e.to];
    f->size[start] -= f->size[e.to];
    f->last[start] = e.from;
    f->first[end] = e.to;
}

static void fragments_init(struct fragments *f, int vertices, const struct edge *edge_of_option)
{
    f->vertices = vertices;
    f->edge_of_option = edge_of_option;
    f->first = gen_realloc(NULL, (size_t)vertices, sizeof(int));
    f->last = gen_realloc(NULL, (size_t)vertices, sizeof(int));
    f->size = gen_realloc(NULL, (size_t)vertices, sizeof(int));
    /* a cover has one option per vertex, so no more levels than that */
    f->closed = gen_realloc(NULL, (size_t)vertices + 1, 1);
    for (int v = 0; v < vertices; v++)
        f->first[v] = f->last[v] = v, f->size[v] = 1;
}

/* ------------------------------------------------------------ main */

static int on_tour(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    struct run *r = ctx;
    if (r->spacing && xcc_solution_number(s, NULL) % r->spacing == 0)
        rep_listing(stdout, p, s);
    return ferror(stdout) != 0;
}

/* Reads the problem, its text kept in src (a NUL byte is refused there). */
static xcc_problem *read_problem(const struct settings *st)
{
    static struct gen_input in; /* static: reachable if a bad line ends the program */
    gen_input_open(&in, st->file ? st->file : "-");
    const char *name = src.name = in.name;
    src.text = gen_grow(NULL, &src.cap, 0, 1);
    src.text[0] = '\0';
    while (gen_input_next(&in)) {
        src.text = gen_grow(src.text, &src.cap, src.len + in.len + 1, 1);
        memcpy(src.text + src.len, in.text, in.len);
        src.len += in.len;
        src.text[src.len++] = '\n';
        src.text[src.len] = '\0';
    }
    gen_input_close(&in);
    xcc_problem *p;
    xcc_diag d;
    xcc_settings *o;
    if (xcc_settings_new(&o))
        gen_out_of_memory();
    xcc_settings_set_warnings(o, stderr);
    xcc_settings_set_int(o, "randomize", st->randomizing, NULL);
    xcc_settings_set_int(o, "seed", st->seed, NULL);
    xcc_status status = xcc_problem_parse(&p, src.text, o, &d);
    xcc_settings_free(o);
    if (status == XCC_NO_MEMORY)
        gen_out_of_memory();
    if (status && d.line)
        gen_die("%s:%ld:%ld: %s", name, d.line, d.col ? d.col : 1, d.message);
    if (status)
        gen_die("%s: %s", name, d.message);
    return p;
}

/* The counts, on stdout unless stdout carries the listing. */
static void report(FILE *f, ullng solutions, const struct settings *st,
                   const struct graph *g, int complete)
{
    ullng undirected = g->vertices > 2 ? solutions / 2 : solutions;
    fprintf(f, "directed cycles: %llu\n", solutions);
    if (!complete)
        fprintf(f, "(stopped at t%llu: not all tours were counted)\n", st->maxcount);
    else if (g->open)
        fprintf(f, "open tours:      %llu (%llu up to direction)\n", solutions, undirected);
    else
        fprintf(f, "closed tours:    %llu\n", undirected);
}

int main(int argc, char **argv)
{
    struct settings st;
    gen_init(&program, argc, argv);
    parse_args(&st);
    xcc_problem *p = read_problem(&st);

    static struct graph g;          /* static: reachable when the program dies */
    static int *vertex_of_item;
    int options = xcc_problem_options(p);
    vertex_of_item = gen_realloc(NULL, (size_t)xcc_problem_items(p) + 1, sizeof(int));
    g.edge_of_option = gen_zalloc((size_t)options + 1, sizeof *g.edge_of_option);
    g.vertices = number_vertices(p, vertex_of_item, &g.open);
    read_edges(p, vertex_of_item, g.edge_of_option);
    free(vertex_of_item);

    struct run r = {.spacing = st.count_only ? 0 : st.spacing};
    fragments_init(&r.frag, g.vertices, g.edge_of_option);

    xcc_settings *s;
    xcc_figures *fig;
    char limit[32];
    snprintf(limit, sizeof limit, "%llu", st.maxcount);
    if (xcc_settings_new(&s) || xcc_figures_new(&fig))
        gen_out_of_memory();
    xcc_settings_set(s, "engine", "links", NULL); /* the pruning hooks are the links' */
    xcc_settings_set_int(s, "randomize", st.randomizing, NULL);
    xcc_settings_set_int(s, "seed", st.seed, NULL);
    if (st.maxcount)
        xcc_settings_set(s, "max-solutions", limit, NULL);
    xcc_settings_set_hooks(s, accept_edge, retract_edge, &r);
    xcc_status status = xcc_solve(p, s, on_tour, &r, fig, NULL);
    if (status == XCC_NO_MEMORY)
        gen_out_of_memory();
    gen_check_output(stdout, NULL);

    /* the figures only once the output is safe: no claim of success otherwise */
    int complete = xcc_figures_stop(fig) == XCC_COMPLETE;
    ullng solutions, nodes, mems;
    xcc_figure(fig, "solutions", &solutions);
    xcc_figure(fig, "nodes", &nodes);
    xcc_figure(fig, "mems", &mems);
    if (st.count_only)
        printf("%llu\n", solutions);
    else if (!r.spacing)
        report(stdout, solutions, &st, &g, complete);
    gen_close_output(stdout, NULL);
    if (r.spacing && !st.count_only)
        report(stderr, solutions, &st, &g, complete);
    fprintf(stderr, "(%d vert%s, %d edge%s; %llu nodes, %llu mems)\n", g.vertices,
            g.vertices == 1 ? "ex" : "ices", options, options == 1 ? "" : "s", nodes, mems);
    xcc_figures_free(fig);
    xcc_settings_free(s);
    xcc_problem_free(p);
    free(src.text);
    free(g.edge_of_option);
    free(r.frag.first);
    free(r.frag.last);
    free(r.frag.size);
    free(r.frag.closed);
    return PROG_DONE;
}
