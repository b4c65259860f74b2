/*
 * merge_json.c — dlx2 --merge of JSON summaries: the last line of each
 * part of `dlx2 --format=json --shard K/N` (formats/json.md), read back
 * and added up into one summary of the same form.
 *
 * A summary is one flat object: keys, and values that are numbers,
 * strings without escapes, true, false, null, or lists of numbers; that
 * is all dlx2 writes, and all this reads. The counts (solutions, nodes,
 * updates, cleansings, mems, lmems) are added exactly at any size; bytes
 * is the largest part's, imems must be the same in every part (they all
 * read one input), seconds is the sum (the machine time of all the
 * parts). The parts must name one engine and count the same figures. A
 * summary with costs is refused: the text reports merge their best costs.
 */
#include "merge.h"

#include <stdlib.h>
#include <string.h>

/* A key and the text of its value, in the line. */
typedef struct jfield {
    const char *key, *val;
    size_t klen, vlen;
} jfield;

enum { JFIELDS = 24 };

static const char *const summed[MERGE_JSON_SUMS] = {"solutions", "nodes", "updates",
                                                    "cleansings", "mems", "lmems"};

/* The end of a value at s, or NULL if it is none that a summary holds. */
static const char *value_end(const char *s)
{
    if (*s == '"') {
        for (s++; *s && *s != '"' && *s != '\\'; s++)
            ;
        return *s == '"' ? s + 1 : NULL;
    }
    if (*s == '[') {
        for (s++; (*s >= '0' && *s <= '9') || *s == ','; s++)
            ;
        return *s == ']' ? s + 1 : NULL;
    }
    for (const char *w = "true\0false\0null\0"; *w; w += strlen(w) + 1)
        if (!strncmp(s, w, strlen(w)))
            return s + strlen(w);
    const char *d = s;
    while ((*d >= '0' && *d <= '9') || (*d == '.' && d > s))
        d++;
    return d > s ? d : NULL;
}

/* Splits the object of {"summary":{...}} into f; the number of fields, or -1. */
static int split(const char *line, jfield *f)
{
    const char *s = line + strlen("{\"summary\":{");
    int n = 0;
    while (n < JFIELDS && *s == '"') {
        f[n].key = ++s;
        while (*s && *s != '"' && *s != '\\')
            s++;
        f[n].klen = (size_t)(s - f[n].key);
        if (*s != '"' || s[1] != ':')
            return -1;
        f[n].val = s += 2;
        if (!(s = value_end(s)))
            return -1;
        f[n].vlen = (size_t)(s - f[n].val);
        n++;
        if (*s == ',')
            s++;
        else if (!strcmp(s, "}}"))
            return n;
        else
            return -1;
    }
    return -1;
}

static const jfield *field(const jfield *f, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (f[i].klen == strlen(key) && !strncmp(f[i].key, key, f[i].klen))
            return &f[i];
    return NULL;
}

static int is_digits(const jfield *v)
{
    return v && v->vlen && strspn(v->val, "0123456789") >= v->vlen;
}

/* The value of field v, a string, as a C string the caller frees. */
static char *text_of(const jfield *v)
{
    char *t = strndup(v->val + 1, v->vlen - 2);
    if (!t)
        rep_die(PROG_NO_MEMORY, "out of memory");
    return t;
}

void merge_json_line(merger *m, const char *line, int whole, place at)
{
    jfield f[JFIELDS];
    int n = split(line, f);
    char b[REP_SHOWN_SIZE];
    if (n < 0)
        merge_bad(at, whole ? "not a JSON summary of dlx2: %s" : "this summary is cut short: %s",
                  rep_shown(line, 80, b));
    if (field(f, n, "costs"))
        merge_bad(at, "a summary of a search with costs: merge the parts' reports (stderr),"
                      " which keep their best costs");
    const jfield *shard = field(f, n, "shard"), *fp = field(f, n, "fingerprint");
    const jfield *engine = field(f, n, "engine"), *stopped = field(f, n, "stopped");
    const jfield *secs = field(f, n, "seconds");
    unsigned long k, shards;
    int used;
    if (!shard || sscanf(shard->val, "[%lu,%lu]%n", &k, &shards, &used) != 2
        || (size_t)used != shard->vlen || k < 1 || k > shards || shards > 1000000)
        merge_bad(at, "a summary without \"shard\":[K,N] (only the summaries of dlx2"
                      " --format=json --shard K/N can be merged)");
    if (!fp || fp->vlen != 18 || strspn(fp->val + 1, "0123456789abcdef") < 16)
        merge_bad(at, "a summary without the problem's \"fingerprint\"");
    if (!engine || *engine->val != '"' || !stopped || !secs || !is_digits(field(f, n, "imems")) != !field(f, n, "imems"))
        merge_bad(at, "not a JSON summary of dlx2: %s", rep_shown(line, 80, b));
    for (int i = 0; i < MERGE_JSON_SUMS; i++) {
        const jfield *v = field(f, n, summed[i]);
        if (v && !is_digits(v))
            merge_bad(at, "\"%s\" is not a count", summed[i]);
        if (!v && i < 3)
            merge_bad(at, "a summary without \"%s\"", summed[i]);
    }
    m->k = (int)k, m->n = (int)shards, m->fp = strtoull(fp->val + 1, NULL, 16);
    m->shard_line = at;
    int first = !m->parts, counted = field(f, n, "mems") != NULL;
    merge_admit(m, MERGE_JSON);
    m->n = 0;
    const jfield *imems = field(f, n, "imems"), *bytes = field(f, n, "bytes");
    xcc_u128 im = 0;
    if (imems && xcc_u128_parse(imems->val, imems->vlen, &im))
        merge_bad(at, "\"imems\" past 2^128 - 1");
    if (first) {
        m->engine = text_of(engine);
        m->mems_counted = counted;
        m->imems = im;
        for (int i = 0; i < MERGE_JSON_SUMS; i++)
            m->json[i].key = summed[i];
    } else if (strlen(m->engine) + 2 != engine->vlen || strncmp(engine->val + 1, m->engine, engine->vlen - 2)) {
        merge_bad(at, "a part of the engine %.*s, but the first part's is \"%s\"",
                  (int)engine->vlen, engine->val, m->engine);
    } else if (counted != m->mems_counted) {
        merge_bad(at, "a part that %s mems, but the first part %s", counted ? "counts" : "does not count",
                  m->mems_counted ? "does" : "does not");
    } else if (im != m->imems) {
        merge_bad(at, "this part read a different input (%s input mems, not %s)", REP_N(im),
                  REP_N(m->imems));
    }
    for (int i = 0; i < MERGE_JSON_SUMS; i++) {
        const jfield *v = field(f, n, summed[i]);
        xcc_big x = XCC_BIG_ZERO;
        if (v && (xcc_big_parse(&x, v->val, v->vlen) || xcc_big_add(&m->json[i].sum, &x)))
            rep_die(PROG_NO_MEMORY, "out of memory");
        xcc_big_free(&x);
    }
    ullng by = bytes ? strtoull(bytes->val, NULL, 10) : 0;
    if (by > m->bytes)
        m->bytes = by;
    m->seconds += strtod(secs->val, NULL);
    if (strncmp(stopped->val, "null", 4) && !m->stopped++) {
        m->first_stop = at, m->first_stop_k = m->k;
        if (!(m->first_stopped = strndup(stopped->val, stopped->vlen)))
            rep_die(PROG_NO_MEMORY, "out of memory");
    }
}

/* The merged summary, in the order of a part's keys, "shards":N for "shard". */
void merge_json_write(merger *m)
{
    char *t[MERGE_JSON_SUMS] = {0};
    for (int i = 0; i < MERGE_JSON_SUMS; i++)
        if (!(t[i] = xcc_big_text(&m->json[i].sum)))
            rep_die(PROG_NO_MEMORY, "out of memory");
    printf("{\"summary\":{\"solutions\":%s,\"complete\":%s,\"stopped\":%s,\"engine\":\"%s\","
           "\"shards\":%d,\"nodes\":%s,\"updates\":%s", t[0], m->stopped ? "false" : "true",
           m->stopped ? m->first_stopped : "null", m->engine, m->shards, t[1], t[2]);
    if (m->mems_counted)
        printf(",\"cleansings\":%s,\"imems\":%s,\"mems\":%s,\"lmems\":%s,\"bytes\":%llu", t[3],
               REP_N(m->imems), t[4], t[5], m->bytes);
    printf(",\"seconds\":%.6f}}\n", m->seconds);
    for (int i = 0; i < MERGE_JSON_SUMS; i++)
        free(t[i]);
}
