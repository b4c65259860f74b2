/*
 * ckfile.h — the checkpoint file of dlx2 --checkpoint (formats/checkpoint.md):
 * its contents in memory, written out as text and read back. Nothing
 * here exits or touches a file: cli/checkpoint.c does, and the fuzz
 * target tests/fuzz/fuzz_checkpoint.c reads hostile bytes with it.
 */
#ifndef CLI_CKFILE_H
#define CLI_CKFILE_H

#include <stddef.h>
#include "base/num.h"

/* The format this dlx2 writes and reads (the first line's number). */
#define CLI_CKPT_FORMAT 4

typedef struct cli_ckpt {
    const char *version;   /* of the dlx2 that wrote it */
    int nargs;             /* the arguments of the run, argv[1 ..] */
    char **args;
    char *problem;         /* the problem's text, as read */
    size_t problem_len;
    long long output;      /* bytes written to --output FILE, or -1: no --output */
    double seconds;        /* the wall clock of the runs so far */
    int level, maxl;       /* xcc_position (sink.h) */
    int *choice;           /* level nodes */
    xcc_u128 solutions, nodes, updates, cleansings, mems, lmems, cmems, thresh;
    int maxdeg;
    int nprofile;          /* 0, or maxl + 2 */
    unsigned long long *profile;
    int nbest;             /* DLX5's walk: its k best net costs (a heap), else 0 */
    unsigned long long *best;
    unsigned long long *thresh0, *thresh1; /* with nbest: per level 0 .. level-1 */
    /* -j, --shard: the plan's tasks (xcc_position), at level 0; ntasks 0: none */
    size_t ntasks;
    unsigned long long plan;
    unsigned char *done;   /* ntasks bytes, 1 for a task done, else 0 */
    int shard, shards;     /* --shard K/N of the run, or 0 0 */
    /* SSXCC's tree (xcc_position): the order of its active items and of its sets,
       the deepest save stack; 0 and NULL for the other trees */
    int nitems, nsets;
    int *items, *sets;
    unsigned long long maxsave;
} cli_ckpt;

/* The file's bytes for k, into memory the caller frees; 1 without memory. */
int cli_ckpt_text(const cli_ckpt *k, char **out, size_t *n);

/*
 * Reads a checkpoint from buf[0 .. n-1] into k (which the caller frees
 * with cli_ckpt_free, whatever the answer): NULL, or why it is refused
 * (not a checkpoint, another format, cut short, corrupted). The version
 * is given, not checked.
 */
const char *cli_ckpt_read(const char *buf, size_t n, cli_ckpt *k);

void cli_ckpt_free(cli_ckpt *k);

/* FNV-1a, 64 bits: the checksum of the file and the problem's mark. */
unsigned long long cli_ckpt_hash(const char *s, size_t n);

#endif
