/*
 * merge.c — dlx2 --merge: the reports of the parts of a sharded run read
 * back and added up.
 *
 * dlx2 --merge [FILE]...: the stderr reports of the parts of a sharded
 * run, added up into one report on stdout. A part's report begins with
 * DLX2's input line "(... entries successfully read)" (warnings about
 * dropped options may come before it) and ends with two lines, the one
 * --shard adds ("Shard K/N, problem fingerprint F.") and DLX2's closing
 * line; whatever comes between (progress, tracing, totals, a profile, a
 * line saying why the part stopped early) is passed over. A file may hold
 * several parts, one after another.
 *
 * The parts of a minimum-cost search (DLX5's report) end with DLX5's
 * closing line and the best costs of the part, "The optimum cost is $C"
 * or "The optimum costs are:" and a line per cost; their shard line
 * names k, the number of best costs asked ("..., k3."). The merged
 * report gives the k best of all the parts' costs, as DLX5 would.
 *
 * Every figure is summed exactly (a sum past 2^64 - 1 is an error), but
 * ccost: the parts' percentages weighed by their search mems. Anything
 * that would make the sum wrong stops the merge with a message naming
 * the file and the line, status 2: a part cut short, two parts of one
 * shard, parts of different problems or numbers of shards, a part
 * missing, a line of no part. A part that was itself stopped early makes
 * the whole partial: the report says so and the status is 4.
 */
#include "merge.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>


static int starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* Reads the text t at *s; returns 1 and moves past it, or 0. */
static int take(const char **s, const char *t)
{
    if (!starts(*s, t))
        return 0;
    *s += strlen(t);
    return 1;
}

/* Reads a figure at *s: 1, 0 if there is none, -1 if it passes 2^64 - 1. */
/* The same for a figure of up to 128 bits. */
static int take_wide(const char **s, xcc_u128 *v)
{
    const char *d = *s;
    while (*d >= '0' && *d <= '9')
        d++;
    if (d == *s)
        return 0;
    if (xcc_u128_parse(*s, (size_t)(d - *s), v))
        return -1;
    *s = d;
    return 1;
}

static int take_figure(const char **s, ullng *v)
{
    const char *d = *s;
    *v = 0;
    if (*d < '0' || *d > '9')
        return 0;
    for (; *d >= '0' && *d <= '9'; d++) {
        unsigned digit = (unsigned)(*d - '0');
        if (*v > (ULLONG_MAX - digit) / 10)
            return -1;
        *v = *v * 10 + digit;
    }
    *s = d;
    return 1;
}

/*
 * Parses a closing line (without its newline) into *c and *ccost: DLX2's
 * (dlx5 0), or DLX3's, which has no "-lmems" (then c->knuth is 3), or
 * SSXCC's and DLX1's, which have no cleansings either (then c->knuth is
 * XCC_KNUTH_SSXCC), or DLX5's, which has no saved mems and no ccost. 1, 0 if it is not one, -1
 * if a figure is too large.
 */
static int parse_closing(const char *line, int dlx5, xcc_figs *c, long long *ccost)
{
    static const char *const between2[] = {"+", "-", " mems, ", " updates, ", " cleansings, ",
                                           " bytes, ", " nodes, ccost "};
    static const char *const between5[] = {"+", " mems, ", " updates, ", " cleansings, ",
                                           " bytes, ", " nodes."};
    const char *const *between = dlx5 ? between5 : between2;
    xcc_u128 bytes = 0;
    xcc_u128 *figure2[] = {&c->mems, &c->lmems, &c->updates, &c->cleansings, &bytes, &c->nodes};
    xcc_u128 *figure5[] = {&c->mems, &c->updates, &c->cleansings, &bytes, &c->nodes};
    xcc_u128 **figure = dlx5 ? figure5 : figure2;
    int n = dlx5 ? 5 : 6, r = 0;
    const char *s = line;
    memset(c, 0, sizeof *c);
    c->mems_counted = 1;
    if (!take(&s, "Altogether ") || (r = take_wide(&s, &c->solutions)) <= 0)
        return r < 0 ? -1 : 0;
    if (!take(&s, c->solutions == 1 ? " solution, " : " solutions, "))
        return 0;
    if ((r = take_wide(&s, &c->imems)) <= 0)
        return r < 0 ? -1 : 0;
    for (int i = 0; i < n; i++) {
        if (i == 1 && !dlx5 && starts(s, between[2])) {
            c->knuth = 3; /* DLX3's line: no lmems */
            continue;
        }
        if (i == 4 && c->knuth == 3 && starts(s, " bytes, ")) {
            /* SSXCC's (and DLX1's) line: no cleansings either, so what
               was read as the cleansings is the bytes */
            c->knuth = XCC_KNUTH_SSXCC;
            bytes = c->cleansings, c->cleansings = 0;
            continue;
        }
        if (!take(&s, between[i]) || (r = take_wide(&s, figure[i])) <= 0)
            return r < 0 ? -1 : 0;
    }
    if (bytes >> 64)
        return -1;
    c->bytes = (ullng)bytes;
    if (dlx5)
        return take(&s, between[n]) && !*s;
    ullng cc;
    if (!take(&s, between[n]) || take_figure(&s, &cc) <= 0 || cc > 1000)
        return 0;
    *ccost = (long long)cc;
    return take(&s, "%.") && !*s;
}

/* Whose form a closing line has: "DLX2's", "DLX3's", "SSXCC's". */
static const char *form_name(int knuth)
{
    return knuth == XCC_KNUTH_SSXCC ? "SSXCC's (or DLX1's)" : knuth == 3 ? "DLX3's" : "DLX2's";
}

/* sum += v, or an error at `at` (past 2^128 - 1, which no figure a part writes comes near). */
static void add_figure(xcc_u128 *sum, xcc_u128 v, place at)
{
    if (*sum > ~(xcc_u128)0 - v)
        merge_bad(at, "the figures add up past 2^128 - 1");
    *sum += v;
}

/* What a part searched for: "the 3 best costs", or "all solutions" (best 0). */
static void searched(char out[48], int best)
{
    if (best)
        snprintf(out, 48, "the %d best cost%s", best, best == 1 ? "" : "s");
    else
        snprintf(out, 48, "all solutions");
}

/* A part's closing line (ended by a newline if whole): check it against
   the others, add it up. */
static void merge_part(merger *m, const char *line, int whole, place at)
{
    xcc_figs c;
    long long ccost = 0;
    int r = parse_closing(line, m->part_best > 0, &c, &ccost);
    char b[REP_SHOWN_SIZE];
    if (r < 0)
        merge_bad(at, "a figure past 2^128 - 1 in the closing line");
    if (!r && !whole)
        merge_bad(at, "this part's closing line is cut short");
    if (!r)
        merge_bad(at, "not a closing line of dlx2: %s", rep_shown(line, 80, b));
    if (!m->n)
        merge_bad(at, "a closing line without the line of --shard before it"
                     " (only the reports of dlx2 --shard K/N can be merged)");
    if (m->parts && c.knuth != m->sum.knuth)
        merge_bad(at, "a closing line of %s form among parts of %s", form_name(c.knuth),
                 form_name(m->sum.knuth));
    int first = !m->parts;
    merge_admit(m, MERGE_REPORT);
    if (first) {
        m->sum.knuth = c.knuth;
        m->best = m->part_best;
        m->sum.imems = c.imems;
    } else if (m->part_best != m->best) {
        char this[48], first[48];
        searched(this, m->part_best), searched(first, m->best);
        merge_bad(m->shard_line, "a part of a search for %s, but the part at %s:%ld is one of a"
                 " search for %s", this, rep_shown(m->first.file, 200, b), m->first.line, first);
    } else if (m->other_input) {
        merge_bad(m->start, "this part read a different input than the part at %s:%ld",
                 rep_shown(m->first.file, 200, b), m->first.line);
    } else if (c.imems != m->sum.imems) {
        merge_bad(at, "this part read a different input (%s input mems, not %s)", REP_N(c.imems),
                 REP_N(m->sum.imems));
    }
    add_figure(&m->sum.solutions, c.solutions, at);
    add_figure(&m->sum.mems, c.mems, at);
    add_figure(&m->sum.lmems, c.lmems, at);
    add_figure(&m->sum.updates, c.updates, at);
    add_figure(&m->sum.cleansings, c.cleansings, at);
    add_figure(&m->sum.nodes, c.nodes, at);
    if (c.bytes > m->sum.bytes)
        m->sum.bytes = c.bytes;
    m->ccost_weight += (double)ccost * (double)(c.mems - c.lmems);
    if (m->stop.file && !m->stopped++) {
        m->first_stop = m->stop;
        m->first_stop_k = m->k;
    }
    m->in_part = 0;
}

/* Parses "Shard K/N, problem fingerprint F" at *s into m, moving past it; 0 if it is not one. */
static int take_shard(merger *m, const char **s)
{
    ullng k, n, fp = 0;
    if (!take(s, "Shard ") || take_figure(s, &k) <= 0 || !take(s, "/")
        || take_figure(s, &n) <= 0 || !take(s, ", problem fingerprint ") || k < 1 || k > n
        || n > 1000000)
        return 0;
    for (int i = 0; i < 16; i++, (*s)++) {
        const char *hex = "0123456789abcdef", *h = **s ? strchr(hex, **s) : NULL;
        if (!h)
            return 0;
        fp = fp << 4 | (ullng)(h - hex);
    }
    m->k = (int)k, m->n = (int)n, m->fp = fp;
    return 1;
}

/* Parses "Shard K/N, problem fingerprint F." (", kB." with costs) into m; 0 if it is not one. */
static int parse_shard_line(merger *m, const char *line)
{
    const char *s = line;
    ullng best = 0;
    if (!take_shard(m, &s))
        return 0;
    if (take(&s, ", k") && (take_figure(&s, &best) <= 0 || best < 1 || best > 1000000))
        return 0;
    if (!take(&s, ".") || *s)
        return 0;
    m->part_best = (int)best;
    return 1;
}

/*
 * -c's line of a part, "Shard K/N, problem fingerprint F: S solutions."
 * (or "S+ solutions, stopped early."): 1 and its count added up, or 0 if
 * the line is not one.
 */
static int merge_count_line(merger *m, const char *line, place at)
{
    const char *s = line, *digits;
    if (!take_shard(m, &s) || !take(&s, ": "))
        return m->n = 0;
    for (digits = s; *s >= '0' && *s <= '9'; s++)
        ;
    size_t len = (size_t)(s - digits);
    int early = take(&s, "+");
    int one = len == 1 && *digits == '1' && !early;
    if (!len || !take(&s, one ? " solution" : " solutions")
        || !take(&s, early ? ", stopped early." : ".") || *s) {
        char b[REP_SHOWN_SIZE];
        merge_bad(at, "not a count line of dlx2 -c --shard: %s", rep_shown(line, 80, b));
    }
    m->shard_line = at;
    merge_admit(m, MERGE_COUNT);
    xcc_big v = XCC_BIG_ZERO;
    if (xcc_big_parse(&v, digits, len) || xcc_big_add(&m->count, &v))
        rep_die(PROG_NO_MEMORY, "out of memory");
    xcc_big_free(&v);
    if (early && !m->stopped++) {
        m->first_stop = at;
        m->first_stop_k = m->k;
    }
    m->n = 0;
    return 1;
}

/* Keeps cost c of a part. */
static void keep_cost(merger *m, ullng c, ullng times, place at)
{
    if (times > 1000000 || m->ncosts + times > m->costs_cap) {
        size_t cap = m->costs_cap ? 2 * m->costs_cap : 64;
        while (times <= 1000000 && cap < m->ncosts + times)
            cap *= 2;
        ullng *q = times <= 1000000 ? realloc(m->costs, cap * sizeof(ullng)) : NULL;
        if (!q)
            merge_bad(at, "too many costs");
        m->costs = q, m->costs_cap = cap;
    }
    while (times--)
        m->costs[m->ncosts++] = c;
}

/*
 * A line after a cost part's closing line: "The optimum cost is $C", or
 * "The optimum costs are:" and " $C" or " $C (repeated R times)" lines;
 * 1 if it is one of these (kept), 0 if not.
 */
static int merge_cost_line(merger *m, const char *line, place at)
{
    const char *s = line;
    ullng c, times = 1;
    if (m->costs_next == 1 && take(&s, "The optimum costs are:") && !*s) {
        m->costs_next = 2;
        return 1;
    }
    if (!(m->costs_next == 1 && take(&s, "The optimum cost is $")) && !(m->costs_next == 2 && take(&s, " $")))
        return 0;
    int r = take_figure(&s, &c);
    if (r > 0 && take(&s, " (repeated ") && (take_figure(&s, &times) <= 0 || !take(&s, " times)")))
        r = 0;
    if (r <= 0 || *s)
        merge_bad(at, r < 0 ? "a cost past %llu" : "not a line of DLX5's best costs", ULLONG_MAX);
    keep_cost(m, c, times, at);
    if (m->costs_next == 1)
        m->costs_next = 0;
    return 1;
}

/* Whether line says a search stopped early. */
static int stop_line(const char *line)
{
    for (size_t i = 0; i < REP_STOP_LINES; i++)
        if (starts(line, rep_stop_lines[i]))
            return 1;
    return 0;
}

/* One line of a file of reports, without its newline (whole: it had one). */
static void merge_line(merger *m, const char *line, int whole, place at)
{
    char b[REP_SHOWN_SIZE];
    if (m->costs_next && merge_cost_line(m, line, at))
        return;
    m->costs_next = 0;
    if (m->n && !starts(line, "Altogether "))
        merge_bad(at, "the line of --shard must be followed by the closing line");
    if (line[0] == '(' && strstr(line, " entries successfully read)")) {
        if (m->in_part)
            merge_bad(m->start, "this part has no closing line: its report is cut short");
        if (!m->input_line && !(m->input_line = strdup(line)))
            rep_die(PROG_NO_MEMORY, "out of memory");
        m->other_input = strcmp(m->input_line, line) != 0;
        m->in_part = 1, m->start = at, m->stop.file = NULL;
    } else if (starts(line, "Altogether ")) {
        merge_part(m, line, whole, at);
        m->n = 0;
        m->costs_next = m->best ? 1 : 0;
    } else if (m->in_part && starts(line, "Shard ")) {
        if (!parse_shard_line(m, line))
            merge_bad(at, "not a line of --shard: %s", rep_shown(line, 80, b));
        m->shard_line = at;
    } else if (m->in_part) {
        for (size_t i = 0; i < REP_STOP_LINES && !m->stop.file; i++)
            if (starts(line, rep_stop_lines[i])) {
                m->stop = at;
                if (!m->stopped) {
                    free(m->first_stop_line);
                    if (!(m->first_stop_line = strdup(line)))
                        rep_die(PROG_NO_MEMORY, "out of memory");
                }
            }
    } else if (starts(line, "Shard ") && strstr(line, ": ") && merge_count_line(m, line, at)) {
        return;
    } else if (stop_line(line)) {
        return; /* before a -c part's line, which says it stopped early */
    } else if (starts(line, "{\"summary\":")) {
        merge_json_line(m, line, whole, at);
    } else if (starts(line, "{\"solution\":")) {
        return; /* a JSON part's listing: only its summary is merged */
    } else if (!starts(line, "Option ignored (no primary items): ") && line[strspn(line, " ")]) {
        merge_bad(at, "not a line of the report of dlx2 --shard: %s", rep_shown(line, 80, b));
    }
}

static void merge_file(merger *m, FILE *f, const char *name)
{
    char *line = NULL;
    size_t cap = 0;
    place at = {name, 0};
    ssize_t n;
    while ((n = getline(&line, &cap, f)) >= 0) {
        int whole = n > 0 && line[n - 1] == '\n';
        line[n - whole] = '\0';
        at.line++;
        merge_line(m, line, whole, at);
    }
    free(line);
    if (ferror(f))
        rep_die(PROG_BAD_INPUT, "%s: read error: %s", name, strerror(errno));
    if (m->in_part || m->n)
        merge_bad(m->start, "this part has no closing line: its report is cut short");
}

static int ascending(const void *a, const void *b)
{
    ullng x = *(const ullng *)a, y = *(const ullng *)b;
    return x < y ? -1 : x > y;
}

/* Every shard of 1..N must be there; a message lists the first missing. */
static void check_all_parts(const merger *m)
{
    int missing = 0;
    for (int k = 1; k <= m->shards; k++)
        missing += !m->seen[k].file;
    if (!missing)
        return;
    fprintf(stderr, "dlx2: --merge: %d of the %d shards %s missing:", missing, m->shards,
            missing == 1 ? "is" : "are");
    for (int k = 1, shown_k = 0; k <= m->shards && shown_k < 10; k++)
        if (!m->seen[k].file)
            fprintf(stderr, " %d/%d", k, m->shards), shown_k++;
    fputs(missing > 10 ? " ...\n" : "\n", stderr);
    exit(PROG_BAD_INPUT);
}

/* The end of a merge of -c's lines (the count on stdout) or of JSON summaries. */
static int merge_other(const cli *c, merger *m)
{
    (void)c;
    if (m->kind == MERGE_JSON) {
        merge_json_write(m);
    } else {
        char *n = xcc_big_text(&m->count);
        if (!n)
            rep_die(PROG_NO_MEMORY, "out of memory");
        printf("%s%s\n", n, m->stopped ? "+" : "");
        free(n);
    }
    int err = rep_flush(stdout);
    if (err && err != EPIPE)
        rep_die(PROG_WRITE_ERROR, "error writing to standard output: %s", strerror(err));
    if (m->stopped) {
        char b[REP_SHOWN_SIZE];
        fprintf(stderr, "dlx2: --merge: shard %d/%d stopped early (%s:%ld)", m->first_stop_k,
                m->shards, rep_shown(m->first_stop.file, 200, b), m->first_stop.line);
        if (m->stopped > 1)
            fprintf(stderr, ", and %d other shards", m->stopped - 1);
        fputs("; the count is partial\n", stderr);
    }
    xcc_big_free(&m->count);
    for (int i = 0; i < MERGE_JSON_SUMS; i++)
        xcc_big_free(&m->json[i].sum);
    free(m->seen), free(m->input_line), free(m->first_stop_line), free(m->costs);
    free(m->engine), free(m->first_stopped);
    return m->stopped ? PROG_LIMIT : PROG_DONE;
}

/*
 * dlx2 --merge [FILE]...: the files (stdin when none) read part by part
 * and added up into one report on stdout. Returns the exit status; a bad
 * part ends the program with a message naming it.
 */
int cli_merge(cli *c)
{
    const char *const *files = c->files;
    int nfiles = c->nfiles;
    merger m;
    memset(&m, 0, sizeof m);
    m.sum.mems_counted = 1;
    if (!nfiles)
        merge_file(&m, stdin, "<stdin>");
    for (int i = 0; i < nfiles; i++) {
        const char *name = files[i];
        FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
        char b[REP_SHOWN_SIZE];
        if (!f)
            rep_die(PROG_BAD_INPUT, "%s: cannot open: %s", rep_shown(name, 200, b), strerror(errno));
        merge_file(&m, f, name);
        if (f != stdin)
            fclose(f);
    }
    if (!m.parts)
        rep_die(PROG_BAD_INPUT, "--merge: no report of dlx2 --shard in the input");
    check_all_parts(&m);
    if (c->format && (!strcmp(c->format, "json")) != (m.kind == MERGE_JSON))
        rep_die(PROG_BAD_INPUT, "--merge: the first part is %s: --format=%s does not go with it",
                merge_kind_name(m.kind), c->format);
    if (m.kind != MERGE_REPORT)
        return merge_other(c, &m);
    xcc_u128 work = m.sum.mems - m.sum.lmems;
    m.ccost = work ? (long long)(m.ccost_weight / (double)work + 0.5) : 0;
    printf("%s\n", m.input_line);
    if (m.stopped) {
        char b[REP_SHOWN_SIZE], b2[REP_SHOWN_SIZE];
        printf("Shard %d/%d stopped early (%s:%ld: %s)", m.first_stop_k, m.shards,
               rep_shown(m.first_stop.file, 200, b), m.first_stop.line,
               rep_shown(m.first_stop_line, 80, b2));
        if (m.stopped > 1)
            printf(", and %d other shards", m.stopped - 1);
        printf("; the figures below are partial.\n");
    }
    if (m.best) {
        rep_cost_closing(stdout, &m.sum);
        if (m.ncosts) /* none when no shard found a solution */
            qsort(m.costs, m.ncosts, sizeof(ullng), ascending);
        if (m.ncosts)
            rep_cost_optimum(stdout, m.costs, m.ncosts < (size_t)m.best ? (int)m.ncosts : m.best,
                             m.best);
    } else {
        rep_closing(stdout, &m.sum, m.ccost);
    }
    int err = rep_flush(stdout);
    if (err && err != EPIPE)
        rep_die(PROG_WRITE_ERROR, "error writing to standard output: %s", strerror(err));
    free(m.seen);
    free(m.input_line);
    free(m.first_stop_line);
    free(m.costs);
    return m.stopped ? PROG_LIMIT : PROG_DONE;
}
