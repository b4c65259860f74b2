/*
 * merge.h — what the readers of --merge share (merge.c: DLX2's reports
 * and -c's count lines; merge_json.c: JSON summaries): the merger, the
 * parts read so far and their sums, and the checks every part passes.
 */
#ifndef CLI_MERGE_H
#define CLI_MERGE_H

#include "cli.h"

/* A line of an input file. */
typedef struct place {
    const char *file;
    long line;
} place;

/* The kinds of parts; all the parts of one merge are of one kind. */
enum { MERGE_REPORT = 1, MERGE_COUNT, MERGE_JSON };

/* One figure of the JSON summaries: its key and what the parts add up to. */
typedef struct merge_sum {
    const char *key;
    xcc_big sum;
} merge_sum;

enum { MERGE_JSON_SUMS = 6 }; /* solutions, nodes, updates, cleansings, mems, lmems */

typedef struct merger {
    int kind;               /* of the first part, 0 before it */
    xcc_figs sum;
    long long ccost;        /* of the sum */
    double ccost_weight;    /* sum of the parts' ccost times their search mems */
    int parts, shards;      /* parts read; N of the first */
    uint64_t fingerprint;   /* of the first */
    place first;            /* the first part's shard line */
    place *seen;            /* seen[K]: part K's shard line, or file NULL */
    char *input_line;       /* the first part's */
    /* the part being read */
    int in_part;
    place start;            /* its input line */
    int other_input;        /* which is not the first part's */
    place stop;             /* its line saying it stopped early, if any */
    int k, n;               /* its shard line, just read; n = 0: none yet */
    uint64_t fp;
    place shard_line;
    /* the parts that stopped early */
    int stopped;
    place first_stop;
    int first_stop_k;
    char *first_stop_line;
    /* minimum-cost parts: k of the first shard line (0: not a cost part) */
    int best, part_best;
    int costs_next;         /* the line after a cost part's closing line, or its costs */
    ullng *costs;           /* every part's best costs */
    size_t ncosts, costs_cap;
    /* -c's parts: their counts added up, exactly */
    xcc_big count;
    /* JSON summaries (merge_json.c) */
    merge_sum json[MERGE_JSON_SUMS];
    char *engine, *first_stopped; /* the first's engine; the first "stopped" not null */
    xcc_u128 imems;
    ullng bytes;
    double seconds;
    int mems_counted;
} merger;

/* A bad part: "dlx2: FILE:LINE: " and the message, status 2. */
void merge_bad(place at, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/*
 * Part m->k of m->n (its shard line at m->shard_line, of problem m->fp)
 * checked against the first part (kind, number of shards, problem) and
 * the parts before it (the same shard twice), and taken in.
 */
void merge_admit(merger *m, int kind);
/* "a report of dlx2 --shard", ...: what a part of kind MERGE_* is. */
const char *merge_kind_name(int kind);

/* A JSON summary (a line starting {"summary":) taken in; the merged one written. */
void merge_json_line(merger *m, const char *line, int whole, place at);
void merge_json_write(merger *m);

#endif
