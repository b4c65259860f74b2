/*
 * tree/eta.h — the share of a search tree done, weighted by Knuth's
 * random probes, for -p's ETA.
 *
 * A search reports where it is as a path of choices from the root (the
 * k-th of d options at each level). By the branch counts alone, the
 * share done is sum over the levels of (k - 1) / (d_1 ... d_l): every
 * sibling counted as large as every other, which is far from true, so
 * the share sits near 99% while the largest subtree is still searched.
 *
 * Here the top of the tree is a trie of the nodes that random paths
 * from the root met (xcc_eta_add), each with the sum of its paths'
 * estimates of its subtree (Knuth's: 1 + d + d d' + ...). A node's
 * children get weights: a child met by n paths of estimates summing to
 * s weighs (s + 16 m) / (n + 16), one met by none m, where m is the mean
 * estimate of a child (from the node's own estimates). The share before
 * the k-th child is the weights of children 1 .. k-1 over all d; the
 * share of a path is that, level by level, inside the share of the
 * level above (xcc_eta_fraction). Below the trie, or where the search's
 * node is not the trie's (another item branched on, other d), each
 * child weighs the same, as by the branch counts.
 *
 * The share is of the subtrees finished before the node the path leads
 * to (not its middle): as the search goes on, it never goes down.
 */
#ifndef XCC_ETA_H
#define XCC_ETA_H

#include "settings.h"

typedef struct xcc_eta xcc_eta;

/* An empty trie (no paths: every share by the branch counts), or NULL without memory. */
xcc_eta *xcc_eta_new(void);
void xcc_eta_free(xcc_eta *e);

/* The levels of the trie at most: a path adds its nodes down to this depth. */
#define XCC_ETA_DEPTH 12

/*
 * Adds a random path from the root: its choices path[0 .. len-1] (k of
 * d, option and entry naming the child), and size[0 .. len], the
 * estimate of the subtree of each node on it from the path (size[0]
 * the root's). Nonzero without memory (the trie is then as before).
 */
int xcc_eta_add(xcc_eta *e, const xcc_choice *path, int len, const double *size);

/* The number of paths added. */
unsigned long long xcc_eta_paths(const xcc_eta *e);

/*
 * The estimated share of the tree finished before the node that
 * path[0 .. levels-1] leads to, in [0, 1] (e NULL: by the branch counts).
 */
double xcc_eta_fraction(const xcc_eta *e, const xcc_choice *path, int levels);

#endif
