/*
 * shard-nodes.c — the nodes of each of the N parts of dlx2 --shard K/N,
 * as the N runs would count them, found in one search: the same plan and
 * deal as theirs (lib/parallel/parallel.c), each subtree walked once.
 *
 *   shard-nodes N < FILE
 *
 * Writes one line per part, "K NODES", then "total T mean M max X
 * max/mean R". Nodes, not time: exact, whatever else the machine runs.
 * bench/shard-balance runs it.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tree/walk.h"
#include "parallel/parallel.h"

int main(int argc, char **argv)
{
    char *end;
    long n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *end || n < 2 || n > 1000000) {
        fprintf(stderr, "usage: shard-nodes N < FILE (2 <= N <= 1000000)\n");
        return 2;
    }
    xcc_problem p;
    xcc_diag d;
    if (xcc_read(&p, stdin, NULL, &d)) {
        fprintf(stderr, "shard-nodes: <stdin>:%ld: %s\n", d.line, d.message);
        return 2;
    }
    xcc_settings st;
    xcc_settings_init(&st);
    st.shards = (int)n, st.shard = 1;
    unsigned long long *nodes = calloc((size_t)n, sizeof *nodes), total = 0, max = 0;
    if (!nodes || xcc_shard_nodes(&p, &st, nodes)) {
        fprintf(stderr, "shard-nodes: out of memory\n");
        return 3;
    }
    for (long k = 0; k < n; k++) {
        printf("%ld %llu\n", k + 1, nodes[k]);
        total += nodes[k];
        if (nodes[k] > max)
            max = nodes[k];
    }
    double mean = (double)total / (double)n;
    printf("total %llu mean %.1f max %llu max/mean %.2f\n", total, mean, max,
           mean > 0 ? (double)max / mean : 0.0);
    free(nodes);
    xcc_release(&p);
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
