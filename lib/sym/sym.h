/*
 * sym.h — the inside of the symmetry module (lib/sym/): the colored
 * incidence graph of a problem, the search for its automorphisms, and
 * the group as a chain of stabilisers. formats/symmetry.md says what is
 * computed and why it is right.
 */
#ifndef XCC_SYM_INNER_H
#define XCC_SYM_INNER_H

#include <stdint.h>

#include "base/num.h"
#include "problem/problem.h"
#include "xcc_sym.h"

/*
 * The problem, read once through the public accessors: option o's
 * entries are eitem[k], ecolor[k] for k in ostart[o] .. ostart[o+1]-1,
 * items numbered as in xcc.h, colors by an id 1 .. ncolors (0: none)
 * whose name is cname[id] (pointing into the problem).
 */
typedef struct xcc_sym_prob {
    int items, primary, options;
    int *ostart, *eitem, *ecolor;
    const char **cname;
    int ncolors;
} xcc_sym_prob;

/*
 * The colored incidence graph. Vertices: the items (twins made one, see
 * below), then one color vertex per pair (secondary item, color) that
 * an option uses, then one vertex per class of identical options (same
 * items, same colors). An option is joined to each of its items it
 * names without a color and to the color vertex of each it names with
 * one; a color vertex is joined to its item. Labels keep primary items,
 * secondary items, color vertices and options apart, and also bounds
 * (primary items), the number of twins an item vertex stands for, and a
 * class's number of copies and cost (options). The neighbours of v are
 * adj[start[v] .. start[v+1]-1].
 *
 * Twin items (no color, named by the same options, the same kind and
 * bounds; items no option names among them) are one vertex: every
 * permutation of a twin class is an automorphism that moves no option,
 * and every automorphism maps twin classes onto twin classes, so the
 * group is that of the graph times the symmetric groups of the classes.
 * Item vertex v stands for the items twins[twin_first[v] ..
 * twin_first[v+1]-1], increasing; item i is the twin_index[i]-th of
 * item_vertex[i]. An automorphism of the graph maps the k-th twin of a
 * class to the k-th of its image.
 */
typedef struct xcc_sym_graph {
    int n;
    int *start, *adj;
    int items, ncv, nclass;     /* vertex ranges: items, color vertices, classes */
    int nitem;                  /* the problem's items */
    int *item_vertex, *twin_index, *twin_first, *twins;
    int *cv_item, *cv_color;    /* color vertex k (vertex items + k): its item and color id */
    int *opt_class, *opt_copy;  /* option -> its class, and which copy of the class it is */
    int *class_first, *class_opts; /* class c's options: class_opts[class_first[c] ..
                                      class_first[c+1]-1], increasing */
    int *init_lab;              /* the vertices sorted by label, */
    int *init_cell;             /* and init_cell[i] 1 where a new label starts */
} xcc_sym_graph;

/*
 * The most the module's tables take (ints of 4 bytes): the generators
 * (vertex permutations), the chain's transversals, the option
 * permutations of the elements listed. Past the first the search stops
 * as if its budget ran out; past the others a smaller group is listed.
 */
#define XCC_SYM_GEN_INTS ((size_t)1 << 25)
#define XCC_SYM_GEN_TEXT "128 MB"
#define XCC_SYM_CHAIN_INTS ((size_t)1 << 25)
#define XCC_SYM_LIST_INTS ((size_t)1 << 25)
#define XCC_SYM_MB(ints) ((int)((ints) * sizeof(int) >> 20))

static inline int xcc_sym_class_vertex(const xcc_sym_graph *gr, int c)
{
    return gr->items + gr->ncv + c;
}

/* The image of item i under the vertex permutation v. */
static inline int xcc_sym_item_of(const xcc_sym_graph *gr, const int *v, int i)
{
    return gr->twins[gr->twin_first[v[gr->item_vertex[i]]] + gr->twin_index[i]];
}

/*
 * The stabiliser chain of the group found: base points b_j (the first
 * path's individualized vertices) of the levels whose basic orbit has
 * more than one point, each with its orbit pts[0 .. size-1] (pts[0] is
 * b_j), where[v] the index of v in it or -1, and u[i] a group element
 * (a vertex permutation) sending b_j to pts[i], with uinv[i] its
 * inverse. Every element is u_0[t_0] u_1[t_1] ... u_{L-1}[t_{L-1}] (the
 * last applied first) for one tuple t.
 */
typedef struct xcc_sym_level {
    int b, size;
    int *pts, *where;
    int **u, **uinv;
} xcc_sym_level;

/*
 * The elements listed (at most XCC_SYM_LIST_LIMIT, and within a memory
 * budget): the group, or for xcc_sym_count a stabiliser of its chain
 * (levels from `from` on); opt[e * options + o] is option o's image
 * under element e. Element 0 is the identity.
 */
/*
 * The group on options as a chain whose base is the options in their
 * order, 0, 1, 2, ... (canon.c): level j's point x, its orbit pts[0 ..
 * size-1] (pts[0] = x) under the stabiliser K of options 0 .. x-1,
 * where[o] the index of option o in it or -1, and uinv + i * options
 * the option permutation of u_i^-1, u_i an element of K sending x to
 * pts[i] (u_0 = 1). Points whose orbit is x alone make no level. With
 * it the least image of a set of options is found level by level,
 * without listing the group.
 */
typedef struct xcc_sym_olevel {
    int x, size;
    int *pts, *where, *uinv;
} xcc_sym_olevel;

typedef struct xcc_sym_list {
    int from;
    size_t count;
    int *opt;
} xcc_sym_list;

struct xcc_sym {
    xcc_sym_prob pr;
    xcc_sym_graph gr;
    int has_bounds, has_costs;
    int complete;
    double seconds;
    xcc_big order;        /* the graph's group's, times the twin classes' k! */
    int ngens;
    int **gens;           /* vertex permutations of the graph */
    int ntwin;            /* then per twin class of k items: (first second), and for k > 2
                             the cycle of all k; twin_gen[j] is the item vertex of the j-th */
    int *twin_gen;
    int *gen_level;       /* the first-path level each was found at */
    int depth;            /* of the first path */
    int *base;            /* its individualized vertices */
    int *orbit;           /* the orbit size of base[k] at level k (1 above `top`) */
    int top;              /* levels below it were not searched (the budget ran out) */
    const char *stopped; /* why the search stopped early, or NULL */
    /* made when first needed: the chain of G (chain_full) or of a stabiliser in it */
    int nlev;
    xcc_sym_level *lev;
    int chain_made, chain_full;
    int force_schreier;   /* the count with the group's help lists no elements (tests) */
    int force_chain;      /* the classes and the canonical test list no elements (tests) */
    size_t canon_ints;    /* the least image's budget in ints, 0: XCC_SYM_CANON_INTS (tests) */
    xcc_sym_list list;
    /* made when first needed: the chain on options for the least image (canon.c) */
    int onlev, ochain_made;
    xcc_status ochain_status; /* why it could not be made, or 0 */
    xcc_sym_olevel *olev;
};

/* ---- graph.c ------------------------------------------------------------- */

xcc_status xcc_sym_prob_read(xcc_sym_prob *pr, const xcc_problem *p);
void xcc_sym_prob_free(xcc_sym_prob *pr);
xcc_status xcc_sym_graph_make(xcc_sym_graph *gr, const xcc_sym_prob *pr, const xcc_problem *p);
void xcc_sym_graph_free(xcc_sym_graph *gr);

/* ---- find.c -------------------------------------------------------------- */

/* The search: fills g's generators, base, orbits, order, complete. */
xcc_status xcc_sym_search(xcc_sym *g, double seconds);

/* ---- chain.c ------------------------------------------------------------- */

/*
 * Makes the chain's transversals (once): of the whole group when it is
 * small enough to list (chain_full), else of the largest stabiliser in
 * it that is. xcc_sym_chain_free frees them and the list.
 */
xcc_status xcc_sym_chain_make(xcc_sym *g);
void xcc_sym_chain_free(xcc_sym *g);
/* The image of vertex x under the element of tuple t (levels from..nlev-1). */
int xcc_sym_elem_apply(const xcc_sym *g, const int *t, int from, int x);
/* The tuple of the element whose base images are img[j] = f(b_j); 1 if none is. */
int xcc_sym_sift(const xcc_sym *g, const int *img, int *t);
/* The order of the graph's group (twins as one), or 0 past limit. */
size_t xcc_sym_graph_order(const xcc_sym *g, size_t limit);
/* The product of the orbit sizes of levels from .. nlev-1, or 0 past limit. */
size_t xcc_sym_chain_size(const xcc_sym *g, int from, size_t limit);
/* Lists the elements of the chain from level `from` (once per from). */
xcc_status xcc_sym_list_make(xcc_sym *g, int from);
/* The option permutation of the vertex permutation v into out[options]. */
void xcc_sym_option_perm(const xcc_sym *g, const int *v, int *out);

/* ---- schreier.c ---------------------------------------------------------- */

/*
 * A group by generators: count permutations of the n vertices, and its
 * order when known.
 */
typedef struct xcc_sym_gens {
    int n, count, cap;
    int **perm;
    xcc_big order;
    int order_known;
} xcc_sym_gens;

/*
 * Generators of the stabiliser of vertex p in H into *out (random
 * Schreier-Sims, transversals of at most max_ints ints): all of it when
 * out->order_known (H's order known, the chain found complete), else a
 * subgroup of it. XCC_NO_MEMORY, or 0.
 */
xcc_status xcc_sym_stab(const xcc_sym_gens *H, int p, size_t max_ints, xcc_sym_gens *out);
void xcc_sym_gens_free(xcc_sym_gens *G);

/* ---- canon.c ------------------------------------------------------------- */

/*
 * Makes the chain on options (once): from the search's generators and
 * order, the stabiliser of each option in turn by Schreier-Sims. 0, or
 * XCC_NO_MEMORY, or XCC_REFUSED when the chain's tables would pass
 * XCC_SYM_CHAIN_INTS or Schreier-Sims did not complete it.
 */
xcc_status xcc_sym_ochain_make(xcc_sym *g);
void xcc_sym_ochain_free(xcc_sym *g);
/*
 * Whether the sorted set a of n options is the least of its orbit, by
 * the chain on options: 1 or 0; -1 when memory (or the budget of the
 * sets met, XCC_SYM_CANON_INTS) ran out.
 */
int xcc_sym_canonical_chain(xcc_sym *g, const int *a, int n);
/* The most ints the sets met by one canonical test take, and what is said past it. */
#define XCC_SYM_CANON_INTS ((size_t)1 << 24)
#define XCC_SYM_CANON_TEXT "the least image of a solution under the group needs more than 64 MB" \
    " (or more memory than there is): break part of the problem's symmetry"
_Static_assert(XCC_SYM_CANON_INTS * sizeof(int) == (size_t)64 << 20, "XCC_SYM_CANON_TEXT's 64 MB");

/* ---- count.c ------------------------------------------------------------- */

/* A count in exact form: the problem solved by s; 0, or the status. */
xcc_status xcc_sym_solve_count(xcc_problem *p, const xcc_settings *s, xcc_big *out,
                           xcc_stop *stop, xcc_diag *d);

#endif
