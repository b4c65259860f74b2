/*
 * merge_admit.c — what every part of --merge passes, whatever its kind
 * (merge.c's reports and count lines, merge_json.c's summaries): one
 * kind, one problem, one N, each shard once; and the one way a merge
 * stops on bad input, a message naming the file and line, status 2.
 */
#include "merge.h"

#include <stdarg.h>
#include <stdlib.h>

void merge_bad(place at, const char *fmt, ...)
{
    char b[REP_SHOWN_SIZE];
    va_list ap;
    fprintf(stderr, "dlx2: %s:%ld: ", rep_shown(at.file, 200, b), at.line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(PROG_BAD_INPUT);
}

static const char *const kind_names[] = {"", "a report of dlx2 --shard", "a count line of dlx2 -c --shard",
                                         "a JSON summary of dlx2 --format=json --shard"};

const char *merge_kind_name(int kind)
{
    return kind_names[kind];
}

void merge_admit(merger *m, int kind)
{
    char b[REP_SHOWN_SIZE];
    if (!m->parts) {
        m->kind = kind;
        m->shards = m->n;
        m->fingerprint = m->fp;
        m->first = m->shard_line;
        m->seen = calloc((size_t)m->shards + 1, sizeof(place));
        if (!m->seen)
            rep_die(PROG_NO_MEMORY, "out of memory");
    } else if (kind != m->kind) {
        merge_bad(m->shard_line, "%s, but the part at %s:%ld is %s", kind_names[kind],
                  rep_shown(m->first.file, 200, b), m->first.line, kind_names[m->kind]);
    } else if (m->n != m->shards) {
        merge_bad(m->shard_line, "a part of %d shards, but the part at %s:%ld is one of %d",
                 m->n, rep_shown(m->first.file, 200, b), m->first.line, m->shards);
    } else if (m->fp != m->fingerprint) {
        merge_bad(m->shard_line, "a part of another problem (fingerprint %016llx, not %016llx"
                 " as at %s:%ld)", (ullng)m->fp, (ullng)m->fingerprint,
                 rep_shown(m->first.file, 200, b), m->first.line);
    }
    if (m->seen[m->k].file)
        merge_bad(m->shard_line, "shard %d/%d again (it is at %s:%ld too)", m->k, m->n,
                 rep_shown(m->seen[m->k].file, 200, b), m->seen[m->k].line);
    m->seen[m->k] = m->shard_line;
    m->parts++;
}
