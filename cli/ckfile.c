/*
 * ckfile.c — the checkpoint file (cli/ckfile.h, formats/checkpoint.md):
 * written as lines of text, the arguments and the problem as counted
 * bytes, the whole followed by its checksum; read back strictly, every
 * number and length checked against the bytes there are, so that a
 * hostile file is refused and never allocates more than its own size.
 */
#include "ckfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "dlx2 checkpoint "
#define SUM "checksum "
#define SUM_LINE (sizeof SUM - 1 + 16 + 1) /* "checksum " 16 hex digits "\n" */

unsigned long long cli_ckpt_hash(const char *s, size_t n)
{
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

/* ---- writing --------------------------------------------------------------- */

static void put_u128(FILE *f, const char *sep, xcc_u128 x)
{
    char b[XCC_U128_TEXT];
    fprintf(f, "%s%s", sep, xcc_u128_text(x, b));
}

/* n numbers, each after a space */
static void put_ints(FILE *f, int n, const int *a)
{
    for (int i = 0; i < n; i++)
        fprintf(f, " %d", a[i]);
}

static void put_u64s(FILE *f, int n, const unsigned long long *a)
{
    for (int i = 0; i < n; i++)
        fprintf(f, " %llu", a[i]);
}

int cli_ckpt_text(const cli_ckpt *k, char **out, size_t *n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return 1;
    fprintf(f, MAGIC "%d\nversion %s\nargs %d\n", CLI_CKPT_FORMAT, k->version, k->nargs);
    for (int i = 0; i < k->nargs; i++) {
        fprintf(f, "%zu ", strlen(k->args[i]));
        fputs(k->args[i], f);
        fputc('\n', f);
    }
    fprintf(f, "problem %zu\n", k->problem_len);
    fwrite(k->problem, 1, k->problem_len, f);
    fprintf(f, "\noutput %lld\nseconds %.6f\nlevel %d %d\nchoice", k->output, k->seconds,
            k->level, k->maxl);
    put_ints(f, k->level, k->choice);
    fputs("\nfigures", f);
    const xcc_u128 figs[] = {k->solutions, k->nodes, k->updates, k->cleansings,
                             k->mems, k->lmems, k->cmems, k->thresh};
    for (size_t i = 0; i < sizeof figs / sizeof *figs; i++)
        put_u128(f, " ", figs[i]);
    fprintf(f, " %d\nprofile %d", k->maxdeg, k->nprofile);
    put_u64s(f, k->nprofile, k->profile);
    fprintf(f, "\ncosts %d", k->nbest);
    put_u64s(f, k->nbest, k->best);
    fputs("\nthresholds", f);
    for (int l = 0; k->nbest && l < k->level; l++)
        fprintf(f, " %llu %llu", k->thresh0[l], k->thresh1[l]);
    size_t done = 0;
    for (size_t i = 0; i < k->ntasks; i++)
        done += k->done[i] != 0;
    fprintf(f, "\ntasks %zu %016llx\ndone %zu", k->ntasks, k->plan, done);
    if (k->ntasks)
        fputc(' ', f);
    for (size_t i = 0; i < k->ntasks; i += 4) { /* task i + b is bit b of a hex digit */
        unsigned x = 0;
        for (size_t b = 0; b < 4 && i + b < k->ntasks; b++)
            x |= (unsigned)(k->done[i + b] != 0) << b;
        fputc("0123456789abcdef"[x], f);
    }
    fprintf(f, "\nshard %d %d\ncells %d %llu", k->shard, k->shards, k->nitems, k->maxsave);
    put_ints(f, k->nitems, k->items);
    fprintf(f, "\nsets %d", k->nsets);
    put_ints(f, k->nsets, k->sets);
    fputc('\n', f);
    if (fflush(f)) {
        fclose(f);
        free(text);
        return 1;
    }
    fprintf(f, SUM "%016llx\n", cli_ckpt_hash(text, len));
    if (fclose(f)) {
        free(text);
        return 1;
    }
    *out = text, *n = len;
    return 0;
}

/* ---- reading --------------------------------------------------------------- */

typedef struct cursor {
    const char *s, *end;
    const char *why;
} cursor;

static int fail(cursor *c, const char *why)
{
    if (!c->why)
        c->why = why;
    return 1;
}

/* The word w (a field's name or a separator) comes next. */
static int word(cursor *c, const char *w)
{
    size_t n = strlen(w);
    if (c->why || (size_t)(c->end - c->s) < n || memcmp(c->s, w, n))
        return fail(c, "corrupted (a field is missing or out of place)");
    c->s += n;
    return 0;
}

/* A number in decimal, without sign or leading zeros, at most max. */
static int number(cursor *c, xcc_u128 max, xcc_u128 *out)
{
    const char *s = c->s;
    xcc_u128 x = 0;
    if (c->why)
        return 1;
    while (s < c->end && *s >= '0' && *s <= '9' && s - c->s < 40) {
        unsigned d = (unsigned)(*s - '0');
        if (x > max / 10 || max - 10 * x < d)
            return fail(c, "corrupted (a number out of its range)");
        x = 10 * x + d;
        s++;
    }
    if (s == c->s || (*c->s == '0' && s - c->s > 1))
        return fail(c, "corrupted (a number expected)");
    c->s = s;
    *out = x;
    return 0;
}

static int small(cursor *c, long long max, long long *out)
{
    xcc_u128 x = 0;
    int r = number(c, (xcc_u128)max, &x);
    *out = (long long)x;
    return r;
}

static int bytes(cursor *c, size_t n, const char **at)
{
    if (c->why || (size_t)(c->end - c->s) < n)
        return fail(c, "corrupted (a length past the end)");
    *at = c->s;
    c->s += n;
    return 0;
}

/* A copy of n bytes at s, NUL-terminated; NULL without memory. */
static char *copy(const char *s, size_t n)
{
    char *t = malloc(n + 1);
    if (t) {
        memcpy(t, s, n);
        t[n] = 0;
    }
    return t;
}

static const char *no_memory(void)
{
    return "out of memory";
}

/* n numbers of at most 2^30, each after a space, into a new array *out (room for n + 1):
   NULL, or why not ("corrupted (more WHAT than bytes)" when fewer bytes than 2n are left). */
static const char *ints(cursor *c, long long n, const char *more, int **out)
{
    if ((long long)(c->end - c->s) < 2 * n)
        return more;
    if (!(*out = malloc(((size_t)n + 1) * sizeof(int))))
        return no_memory();
    for (long long i = 0; i < n; i++) {
        long long v;
        if (word(c, " ") || small(c, 1 << 30, &v))
            return c->why;
        (*out)[i] = (int)v;
    }
    return NULL;
}

/* A hex digit's value, or -1. */
static int hex(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

const char *cli_ckpt_read(const char *buf, size_t n, cli_ckpt *k)
{
    memset(k, 0, sizeof *k);
    k->output = -1;
    cursor c = {buf, buf + n, NULL};
    long long v, len;
    if (word(&c, MAGIC))
        return "not a checkpoint of dlx2";
    if (small(&c, 1000000, &v) || word(&c, "\n"))
        return "not a checkpoint of dlx2 (no format on its first line)";
    if (v != CLI_CKPT_FORMAT) {
        static char why[80];
        snprintf(why, sizeof why, "a checkpoint of format %lld; this dlx2 reads format %d", v,
                 CLI_CKPT_FORMAT);
        return why;
    }
    /* the checksum line last, over all before it */
    if (n < SUM_LINE || buf[n - 1] != '\n' || memcmp(buf + n - SUM_LINE, SUM, sizeof SUM - 1))
        return "cut short (it does not end with its checksum)";
    unsigned long long want = 0;
    for (size_t i = n - SUM_LINE + sizeof SUM - 1; i < n - 1; i++) {
        int d = hex(buf[i]);
        if (d < 0)
            return "cut short (it does not end with its checksum)";
        want = want << 4 | (unsigned)d;
    }
    if (cli_ckpt_hash(buf, n - SUM_LINE) != want)
        return "corrupted (its checksum does not match its contents)";
    c.end = buf + n - SUM_LINE;
    const char *at, *eol;
    if (word(&c, "version "))
        return c.why;
    eol = memchr(c.s, '\n', (size_t)(c.end - c.s));
    if (!eol || eol == c.s || eol - c.s > 64)
        return "corrupted (no version)";
    for (const char *v = c.s; v < eol; v++)
        if (*v <= ' ' || *v > '~') /* printable, no NUL: it is written back as a string */
            return "corrupted (no version)";
    if (!(k->version = copy(c.s, (size_t)(eol - c.s))))
        return no_memory();
    c.s = eol;
    if (word(&c, "\nargs ") || small(&c, 100000, &v) || word(&c, "\n"))
        return c.why;
    if ((long long)(c.end - c.s) < 3 * v)
        return "corrupted (more arguments than bytes)";
    k->args = calloc((size_t)v + 1, sizeof(char *));
    if (!k->args)
        return no_memory();
    for (k->nargs = 0; k->nargs < v; k->nargs++) {
        if (small(&c, 1 << 20, &len) || word(&c, " ") || bytes(&c, (size_t)len, &at)
            || word(&c, "\n"))
            return c.why;
        if (memchr(at, 0, (size_t)len))
            return "corrupted (a NUL in an argument)";
        if (!(k->args[k->nargs] = copy(at, (size_t)len)))
            return no_memory();
    }
    if (word(&c, "problem ") || small(&c, (long long)(c.end - c.s), &len) || word(&c, "\n")
        || bytes(&c, (size_t)len, &at) || word(&c, "\noutput "))
        return c.why;
    if (!(k->problem = copy(at, (size_t)len)))
        return no_memory();
    k->problem_len = (size_t)len;
    int none = c.s < c.end && *c.s == '-';
    c.s += none;
    if (small(&c, none ? 1 : (1LL << 62), &k->output) || word(&c, "\nseconds "))
        return c.why;
    if (none && k->output != 1)
        return "corrupted (a number out of its range)";
    k->output = none ? -1 : k->output;
    char num[40];
    eol = memchr(c.s, '\n', (size_t)(c.end - c.s));
    if (!eol || eol == c.s || eol - c.s >= (long)sizeof num
        || strspn(c.s, "0123456789.") < (size_t)(eol - c.s))
        return "corrupted (no seconds)";
    memcpy(num, c.s, (size_t)(eol - c.s));
    num[eol - c.s] = 0;
    k->seconds = strtod(num, NULL);
    c.s = eol;
    long long level, maxl;
    if (word(&c, "\nlevel ") || small(&c, 1 << 30, &level) || word(&c, " ")
        || small(&c, 1 << 30, &maxl) || word(&c, "\nchoice"))
        return c.why;
    const char *why = ints(&c, level, "corrupted (more levels than bytes)", &k->choice);
    if (why)
        return why;
    k->level = (int)level, k->maxl = (int)maxl;
    if (word(&c, "\nfigures"))
        return c.why;
    xcc_u128 *figs[] = {&k->solutions, &k->nodes, &k->updates, &k->cleansings,
                        &k->mems, &k->lmems, &k->cmems, &k->thresh};
    for (size_t i = 0; i < sizeof figs / sizeof *figs; i++)
        if (word(&c, " ") || number(&c, ~(xcc_u128)0, figs[i]))
            return c.why;
    if (word(&c, " ") || small(&c, 1 << 30, &v) || word(&c, "\nprofile ")
        || small(&c, 1LL << 31, &len))
        return c.why;
    k->maxdeg = (int)v;
    if (len && len != maxl + 2)
        return "corrupted (a profile of another depth)";
    if ((long long)(c.end - c.s) < 2 * len)
        return "corrupted (more levels than bytes)";
    k->nprofile = (int)len;
    k->profile = calloc((size_t)len + 1, sizeof *k->profile);
    if (!k->profile)
        return no_memory();
    for (int l = 0; l < k->nprofile; l++) {
        xcc_u128 x;
        if (word(&c, " ") || number(&c, ~0ULL, &x))
            return c.why;
        k->profile[l] = (unsigned long long)x;
    }
    if (word(&c, "\ncosts ") || small(&c, 1 << 20, &len))
        return c.why;
    if ((long long)(c.end - c.s) < 2 * len + (len ? 4 * level : 0))
        return "corrupted (more costs than bytes)";
    k->nbest = (int)len;
    k->best = calloc((size_t)len + 1, sizeof *k->best);
    k->thresh0 = calloc((size_t)(len ? level : 0) + 1, sizeof *k->thresh0);
    k->thresh1 = calloc((size_t)(len ? level : 0) + 1, sizeof *k->thresh1);
    if (!k->best || !k->thresh0 || !k->thresh1)
        return no_memory();
    for (int i = 0; i < k->nbest; i++) {
        xcc_u128 x;
        if (word(&c, " ") || number(&c, ~0ULL, &x))
            return c.why;
        k->best[i] = (unsigned long long)x;
    }
    if (word(&c, "\nthresholds"))
        return c.why;
    for (int l = 0; k->nbest && l < k->level; l++) {
        xcc_u128 x, y;
        if (word(&c, " ") || number(&c, ~0ULL, &x) || word(&c, " ") || number(&c, ~0ULL, &y))
            return c.why;
        k->thresh0[l] = (unsigned long long)x, k->thresh1[l] = (unsigned long long)y;
    }
    /* the tasks of -j or --shard, and which are done */
    long long ntasks, ndone, shard, shards;
    if (word(&c, "\ntasks ") || small(&c, 1LL << 40, &ntasks) || word(&c, " "))
        return c.why;
    if (c.end - c.s < 16)
        return "corrupted (a field is missing or out of place)";
    for (int i = 0; i < 16; i++) {
        int d = hex(*c.s++);
        if (d < 0)
            return "corrupted (no fingerprint of its tasks)";
        k->plan = k->plan << 4 | (unsigned)d;
    }
    if (word(&c, "\ndone ") || small(&c, ntasks, &ndone))
        return c.why;
    size_t digits = ((size_t)ntasks + 3) / 4;
    if (ntasks && (word(&c, " ") || (size_t)(c.end - c.s) < digits))
        return c.why ? c.why : "corrupted (more tasks than bytes)";
    if (ntasks && level) /* (DLX5's k best go with tasks: the done heap) */
        return "corrupted (tasks of threads or shards in a walk's position)";
    k->ntasks = (size_t)ntasks;
    if (!(k->done = calloc(k->ntasks + 1, 1)))
        return no_memory();
    long long seen = 0;
    for (size_t i = 0; i < digits; i++) {
        int d = hex(*c.s++);
        if (d < 0)
            return "corrupted (its tasks done are not in hex)";
        for (size_t b = 0; b < 4; b++)
            if (d >> b & 1) {
                if (4 * i + b >= k->ntasks)
                    return "corrupted (a task done past its tasks)";
                k->done[4 * i + b] = 1, seen++;
            }
    }
    if (seen != ndone)
        return "corrupted (its count of tasks done does not match them)";
    if (word(&c, "\nshard ") || small(&c, 1000000, &shard) || word(&c, " ")
        || small(&c, 1000000, &shards))
        return c.why;
    if (shard > shards || (shard == 0) != (shards == 0))
        return "corrupted (a shard K/N without 1 <= K <= N)";
    k->shard = (int)shard, k->shards = (int)shards;
    /* SSXCC's tree: the order of the active items and of the sets */
    long long nitems, maxsave, nsets;
    if (word(&c, "\ncells ") || small(&c, 1 << 30, &nitems) || word(&c, " ")
        || small(&c, 1LL << 40, &maxsave))
        return c.why;
    if ((why = ints(&c, nitems, "corrupted (more items than bytes)", &k->items)))
        return why;
    k->nitems = (int)nitems, k->maxsave = (unsigned long long)maxsave;
    if (word(&c, "\nsets ") || small(&c, 1 << 30, &nsets))
        return c.why;
    if ((why = ints(&c, nsets, "corrupted (more nodes than bytes)", &k->sets)))
        return why;
    k->nsets = (int)nsets;
    if (word(&c, "\n"))
        return c.why;
    if (c.s != c.end)
        return "corrupted (bytes after its last field)";
    return NULL;
}

void cli_ckpt_free(cli_ckpt *k)
{
    for (int i = 0; k->args && i < k->nargs; i++)
        free(k->args[i]);
    free(k->args);
    free((char *)k->version);
    free(k->problem);
    free(k->choice);
    free(k->profile);
    free(k->best);
    free(k->thresh0);
    free(k->thresh1);
    free(k->done);
    free(k->items);
    free(k->sets);
    memset(k, 0, sizeof *k);
}
