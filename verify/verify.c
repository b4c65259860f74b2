/*
 * verify.c — the checks of `dlx2 --verify`, one solution at a time, then
 * of the listing as a whole.
 *
 * For each solution of the listing: every option names items of the
 * problem with colors the problem uses, and is, up to the order of its
 * items, one of the problem's options (in the problem line JSON says, if
 * it says one); then every primary item is covered exactly once and every
 * secondary item is either in one option without a color or in options
 * that all give it the same color (the colors JSON claims included); and
 * the solution is none of those before it.
 *
 * Per item the check keeps how often the solution covers it, by which
 * option first and with which color; only the items a solution touches
 * are reset, so a listing of millions of short solutions costs their
 * length, not the number of items, each. A solution is remembered by
 * two 64-bit hashes of its options (40 bytes a solution).
 *
 * Of the whole: a JSON listing is one or more parts, each the solutions
 * of a search (or of a shard of one) and its summary, which says how many
 * there were and whether the search was complete; the listing holds
 * them all (m1), or every n-th (m<n>: solutions n, 2n, ...). A text
 * listing says neither, so the report of its search (--report) or
 * --count must, or the verdict says that their number was not checked.
 */
#include "verify.h"
#include "lst.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 vf_u128;

/* A solution seen: its hashes, where it stands, how often it came. */
typedef struct vf_seen {
    uint64_t h1, h2;
    long line;
    unsigned long long number;
    unsigned count;          /* 0: the slot is empty */
} vf_seen;

typedef struct checker {
    const vf_problem *p;
    const char *prog, *listing_name;
    int *uses, *first, *color;   /* per item */
    int *touched, ntouched;
    vf_pair *run;
    int run_cap;
    int *found;                  /* the option of each text */
    int found_cap;
    vf_seen *seen;               /* open addressing on h1, under 3/4 full */
    size_t seen_size, seen_count;
} checker;

/*
 * A message on stderr, its line ended: what a file holds reaches it, so
 * every byte that is not printable ASCII or part of well-formed UTF-8
 * (control characters, DEL, C1 controls, 0xff) is shown as \xhh, as the
 * solver shows it, and never reaches a terminal raw.
 */
static void put_message(const char *msg)
{
    const unsigned char *u = (const unsigned char *)msg;
    fflush(stdout);
    for (size_t i = 0; u[i];) {
        size_t len = u[i] >= 0xc2 && u[i] <= 0xf4 ? (u[i] >= 0xf0 ? 4 : u[i] >= 0xe0 ? 3 : 2) : 1;
        for (size_t k = 1; k < len; k++)
            if ((u[i + k] & 0xc0) != 0x80)
                len = 1;
        if ((len == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0) || (len == 3 && u[i] == 0xe0 && u[i + 1] < 0xa0)
            || (len == 3 && u[i] == 0xed && u[i + 1] > 0x9f) || (len == 4 && u[i] == 0xf0 && u[i + 1] < 0x90)
            || (len == 4 && u[i] == 0xf4 && u[i + 1] > 0x8f))
            len = 1;    /* a C1 control, over-long, a surrogate, past U+10FFFF */
        if (len == 1 && (u[i] < 0x20 || u[i] >= 0x7f))
            fprintf(stderr, "\\x%02x", u[i]);
        else
            fwrite(u + i, 1, len, stderr);
        i += len;
    }
    fputc('\n', stderr);
}

/* "PROG: LISTING:LINE: solution K: " and the rest of the message. */
static int unsound(const checker *ck, const lst_solution *sol, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int unsound(const checker *ck, const lst_solution *sol, long line, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    int n = snprintf(msg, sizeof msg, "%s: %s:%ld: solution %s: ", ck->prog, ck->listing_name, line,
                     sol->label);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof msg)
        vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    put_message(msg);
    return 1;
}

/* "PROG: FILE[:LINE[:COL]]: message" on stderr; returns status. */
static int say(int status, const char *prog, const char *file, long line, long col,
               const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static int say(int status, const char *prog, const char *file, long line, long col,
               const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    int n = col ? snprintf(msg, sizeof msg, "%s: %s:%ld:%ld: ", prog, file, line, col)
          : line ? snprintf(msg, sizeof msg, "%s: %s:%ld: ", prog, file, line)
                 : snprintf(msg, sizeof msg, "%s: %s: ", prog, file);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof msg)
        vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    put_message(msg);
    return status;
}

/* ---------------------------------------------------------------- one solution */

/* The option of t-th option of sol, or -1 after a message (or -3 out of memory). */
static int find_option(checker *ck, const lst_solution *sol, int t)
{
    const lst_option *o = &sol->opt[t];
    int n = 0;
    for (size_t k = 0; k < o->nitems; k++) {
        const lst_item *it = &o->item[k];
        int item = vf_item_find(ck->p, it->name, strlen(it->name)), color = 0;
        if (item < 0) {
            unsound(ck, sol, o->line, "'%s' is not an item of the problem (option '%s')", it->name,
                    o->items);
            return -1;
        }
        if (it->color && (color = vf_color_find(ck->p, it->color, strlen(it->color))) < 0) {
            unsound(ck, sol, o->line, "no option of the problem gives '%s:%s' (option '%s')",
                    it->name, it->color, o->items);
            return -1;
        }
        vf_pair *run = vf_grow(ck->run, &ck->run_cap, n + 1, sizeof *run);
        if (!run)
            return -3;
        ck->run = run;
        run[n++] = (vf_pair){item, color};
    }
    vf_pairs_sort(ck->run, n);
    int found = vf_option_find(ck->p, ck->run, n);
    if (found < 0)
        unsound(ck, sol, o->line, "'%s' is not an option of the problem", o->items);
    return found;
}

/* The kept option read from input line `line`, or -1. */
static int option_at_line(const vf_problem *p, long line)
{
    int lo = 0, hi = p->nopt - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (p->opt[mid].line == line)
            return mid;
        if (p->opt[mid].line < line)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int same_option(const vf_problem *p, int a, int b)
{
    return p->opt[a].len == p->opt[b].len &&
           !memcmp(p->pairs + p->opt[a].first, p->pairs + p->opt[b].first,
                   (size_t)p->opt[a].len * sizeof(vf_pair));
}

/* Adds the items of option o (the t-th of the solution) to the counts. */
static int cover(checker *ck, const lst_solution *sol, int t, int o)
{
    const vf_problem *p = ck->p;
    const lst_option *op = sol->opt;
    for (int k = 0; k < p->opt[o].len; k++) {
        vf_pair pr = p->pairs[p->opt[o].first + k];
        int i = pr.item;
        if (!ck->uses[i]++) {
            ck->first[i] = t;
            ck->color[i] = pr.color;
            ck->touched[ck->ntouched++] = i;
            continue;
        }
        const char *name = p->item_name[i], *was = op[ck->first[i]].items, *is = op[t].items;
        long line = op[t].line;
        if (i < p->nprimary && p->lo && ck->uses[i] <= p->hi[i])
            continue;
        if (i < p->nprimary && p->lo && p->hi[i] > 1)
            return unsound(ck, sol, line, "item '%s' is covered more than %d times ('%s')", name,
                           p->hi[i], is);
        if (i < p->nprimary)
            return unsound(ck, sol, line, "item '%s' is covered twice ('%s' and '%s')", name, was, is);
        if (!pr.color || !ck->color[i])
            return unsound(ck, sol, line,
                           "secondary item '%s' is in two options, not both with a color ('%s' and '%s')",
                           name, was, is);
        if (pr.color != ck->color[i])
            return unsound(ck, sol, line, "secondary item '%s' gets two colors, '%s' and '%s' ('%s' and '%s')",
                           name, p->color_name[ck->color[i]], p->color_name[pr.color], was, is);
    }
    return 0;
}

/* JSON's "colors" must be exactly the colors the options give. */
static int check_colors(checker *ck, const lst_solution *sol)
{
    const vf_problem *p = ck->p;
    int colored = 0;
    for (int k = 0; k < ck->ntouched; k++)
        colored += ck->color[ck->touched[k]] != 0;
    for (size_t c = 0; c < sol->ncolors; c++) {
        const lst_item *it = &sol->color[c];
        int i = vf_item_find(p, it->name, strlen(it->name));
        if (i < 0 || !ck->uses[i] || !ck->color[i] || strcmp(p->color_name[ck->color[i]], it->color))
            return unsound(ck, sol, sol->line, "\"colors\" claims '%s:%s', which its options do not give",
                           it->name, it->color);
    }
    if ((size_t)colored != sol->ncolors)
        return unsound(ck, sol, sol->line, "\"colors\" lists %zu colored items, its options color %d",
                       sol->ncolors, colored);
    return 0;
}

/*
 * The cost a listing gives (DLX5's costs) is the sum of its options'
 * costs: those of the input lines (or indices) JSON names, or in DLX5's layout those
 * listed with each option (none listed: 0, which DLX5 leaves out), each
 * of which must be the cost of a copy of that option in the problem (an
 * option may be given twice, at two costs).
 */
static int check_cost(checker *ck, const lst_solution *sol, const int *found)
{
    const vf_problem *p = ck->p;
    unsigned long long sum = 0;
    for (size_t t = 0; t < sol->nopts; t++) {
        int o = found[t];
        if (!sol->has_lines && !sol->has_indices) {
            unsigned long long listed = sol->opt[t].has_cost ? sol->opt[t].cost : 0;
            while (o >= 0 && p->opt[o].cost != listed)
                o = p->opt[o].next_copy;
            if (o < 0)
                return unsound(ck, sol, sol->opt[t].line, "option '%s' is listed at $%llu, but costs $%llu",
                               sol->opt[t].items, listed, p->opt[found[t]].cost);
        }
        sum += p->opt[o].cost; /* modulo 2^64, as DLX5 adds */
    }
    if (sum != sol->cost)
        return unsound(ck, sol, sol->line, "its cost is given as $%llu, but its options cost $%llu",
                       sol->cost, sum);
    return 0;
}

static int check_solution(checker *ck, const lst_solution *sol)
{
    const vf_problem *p = ck->p;
    int n = (int)sol->nopts;
    if (sol->nopts > INT_MAX)
        return 3;
    int *found = vf_grow(ck->found, &ck->found_cap, n, sizeof *found);
    if (!found && n)
        return 3;
    ck->found = found;
    int status = 0, primaries = 0;
    for (int t = 0; t < n && !status; t++) {
        const lst_option *op = &sol->opt[t];
        int o = find_option(ck, sol, t);
        if (o == -3)
            return 3;
        found[t] = o;
        if (o < 0)
            status = 1;
        else if (sol->has_lines) {
            int at = option_at_line(p, op->input_line);
            if (at < 0 || !same_option(p, at, o))
                status = unsound(ck, sol, op->line, "line %ld of the problem is not the option '%s'",
                                 op->input_line, op->items);
            found[t] = at; /* that very copy */
        }
        if (!status && sol->has_indices) {
            /* libxcc's number of the option: the kept options from 0, the
               same as the verifier's; with "lines", the option on that line */
            long x = op->index;
            if (x >= p->nopt || !same_option(p, (int)x, o))
                status = unsound(ck, sol, op->line,
                                 "option %ld of the problem (counted from 0) is not the option '%s'",
                                 x, op->items);
            else if (sol->has_lines && x != found[t])
                status = unsound(ck, sol, op->line,
                                 "option %ld of the problem (counted from 0) is not the one on line %ld ('%s')",
                                 x, op->input_line, op->items);
            else
                found[t] = (int)x;
        }
        if (!status)
            status = cover(ck, sol, t, o);
    }
    for (int k = 0; k < ck->ntouched; k++)
        primaries += ck->touched[k] < p->nprimary;
    for (int i = 0; p->lo && !status && i < p->nprimary; i++)
        if (ck->uses[i] < p->lo[i])
            status = unsound(ck, sol, sol->line, "item '%s' is covered %d time%s, fewer than %d",
                             p->item_name[i], ck->uses[i], ck->uses[i] == 1 ? "" : "s", p->lo[i]);
    if (!status && !p->lo && primaries < p->nprimary) {
        int i = 0;
        while (ck->uses[i])
            i++;
        status = unsound(ck, sol, sol->line, "item '%s' is not covered", p->item_name[i]);
    }
    if (!status && sol->has_colors)
        status = check_colors(ck, sol);
    if (!status && sol->has_cost)
        status = check_cost(ck, sol, found);
    for (int k = 0; k < ck->ntouched; k++)
        ck->uses[ck->touched[k]] = 0;
    ck->ntouched = 0;
    return status;
}

/* ---------------------------------------------------------------- repeats */

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0 .. n-1]: by insertion when short, as a solution's options
   mostly are (qsort's setup cost more than the sorting). */
static void sort_ints(int *v, int n)
{
    if (n > 32) {
        qsort(v, (size_t)n, sizeof *v, by_value);
        return;
    }
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

static uint64_t mix(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

/* The copies of option o in the problem (the same pairs): 1 or more. */
static unsigned copies(const vf_problem *p, int o)
{
    unsigned n = 1;
    while ((o = p->opt[o].next_copy) >= 0)
        n++;
    return n;
}

/*
 * Has the solution whose options are found[0 .. n-1] come before? Its
 * options, sorted, are its key. A text listing names an option by its
 * items, so with copies of an option in the problem (the same items on
 * two lines) a key stands for several solutions, as many as the ways of
 * choosing the copies: only more times than that is a repeat. JSON names
 * each copy by its line. 0, 1 after the message, or 3.
 */
static int check_repeat(checker *ck, const lst_solution *sol, int *found)
{
    int n = (int)sol->nopts;
    uint64_t h1 = mix(0x243f6a8885a308d3ULL ^ (uint64_t)n), h2 = mix(0x13198a2e03707344ULL + (uint64_t)n);
    unsigned long long allowed = 1;
    sort_ints(found, n);
    for (int t = 0; t < n; t++) {
        h1 = mix(h1 ^ (uint64_t)found[t]);
        h2 = mix(h2 + 0x9e3779b97f4a7c15ULL * ((uint64_t)found[t] + 1));
    }
    for (int t = 0; t < n && !sol->has_lines; t++) {
        /* C(c, m) ways to take m of the c copies of an option */
        unsigned long long c = copies(ck->p, found[t]), m = 1, ways = 1;
        while (t + 1 < n && found[t + 1] == found[t])
            t++, m++;
        for (unsigned long long k = 0; k < m; k++)
            ways = k < c ? ways * (c - k) / (k + 1) : 0;
        allowed = ways && allowed > UINT_MAX / ways ? UINT_MAX : allowed * ways;
    }
    if (4 * (ck->seen_count + 1) > 3 * ck->seen_size) {
        size_t size = ck->seen_size ? 2 * ck->seen_size : 1024;
        vf_seen *t = calloc(size, sizeof *t);
        if (!t)
            return 3;
        for (size_t k = 0; k < ck->seen_size; k++)
            if (ck->seen[k].count) {
                size_t at = (size_t)ck->seen[k].h1 & (size_t)(size - 1);
                while (t[at].count)
                    at = (at + 1) & (size - 1);
                t[at] = ck->seen[k];
            }
        free(ck->seen);
        ck->seen = t;
        ck->seen_size = size;
    }
    size_t at = (size_t)h1 & (ck->seen_size - 1);
    while (ck->seen[at].count && (ck->seen[at].h1 != h1 || ck->seen[at].h2 != h2))
        at = (at + 1) & (ck->seen_size - 1);
    vf_seen *s = &ck->seen[at];
    if (!s->count) {
        *s = (vf_seen){h1, h2, sol->line, sol->number, 1};
        ck->seen_count++;
        return 0;
    }
    if (++s->count <= allowed)
        return 0;
    if (allowed > 1)
        return unsound(ck, sol, sol->line, "the same as solution %llu (line %ld), more times than the"
                       " copies of its options in the problem allow (%llu)", s->number, s->line,
                       allowed);
    return unsound(ck, sol, sol->line, "the same as solution %llu (line %ld)", s->number, s->line);
}

/* ---------------------------------------------------------------- counts */

/* The decimal digits s as a number; 0 with *over set past 2^128 - 1. */
static vf_u128 big(const char *s, int *over)
{
    vf_u128 v = 0, max = ~(vf_u128)0;
    *over = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (max - d) / 10) {
            *over = 1;
            return 0;
        }
        v = 10 * v + d;
    }
    return v;
}

/* v in decimal, in buf (40 bytes). */
static const char *decimal(vf_u128 v, char *buf)
{
    char *p = buf + 39;
    *p = '\0';
    do
        *--p = (char)('0' + (int)(v % 10));
    while (v /= 10);
    return p;
}

/*
 * The solutions of a part of the listing, as the checks of its number
 * see them: how many, and whether they are labelled step, 2 step, 3 step,
 * ... (m<n> lists every n-th solution, and numbers it as found).
 */
typedef struct part {
    unsigned long long listed, step;
    int stepped;
    long first_line;
} part;

static void part_add(part *pt, const lst_solution *sol)
{
    if (!pt->listed++) {
        pt->step = sol->number;
        pt->stepped = sol->number > 0 && sol->number < ULLONG_MAX;
        pt->first_line = sol->line;
    } else if (pt->stepped) {
        pt->stepped = (ULLONG_MAX / pt->step >= pt->listed && sol->number == pt->listed * pt->step);
    }
}

/*
 * Does the part hold what a search of `count` solutions lists? 0, or 1
 * after a message: "WHO counts N solutions, but the listing holds L".
 * With `classes` (m<n> --up-to-symmetry), count is the classes of
 * solutions, and the listing holds one solution per class.
 */
static int check_count(const part *pt, const char *count, const char *prog, const char *file,
                       long line, const char *who, int classes)
{
    if (classes) {
        int over;
        char b1[40];
        vf_u128 n = big(count, &over), step = pt->listed && pt->stepped ? pt->step : 1;
        if (!over && n / step == pt->listed)
            return 0;
        return say(1, prog, file, line, 0, "%s counts %s class%s of solutions, one listed per class%s%s,"
                   " but the listing holds %llu", who, count, strcmp(count, "1") ? "es" : "",
                   step > 1 ? " and one in " : "", step > 1 ? decimal(step, b1) : "", pt->listed);
    }
    int over;
    char b1[40], b2[40];
    vf_u128 n = big(count, &over), step = pt->listed && pt->stepped ? pt->step : 1;
    vf_u128 want = n / step;
    if (!over && want == pt->listed)
        return 0;
    if (pt->listed && step > 1)
        return say(1, prog, file, line, 0, "%s counts %s solutions, so a listing of one in %s holds %s,"
                   " but this one holds %llu", who, count, decimal(step, b1),
                   over ? "more than 2^64" : decimal(want, b2), pt->listed);
    if (!pt->listed)
        return say(1, prog, file, line, 0, "%s counts %s solution%s, but the listing holds none (dlx2"
                   " lists solutions with m1 or --format=json, not with -c)", who, count,
                   strcmp(count, "1") ? "s" : "");
    return say(1, prog, file, line, 0, "%s counts %s solution%s, but the listing holds %llu", who, count,
               strcmp(count, "1") ? "s" : "", pt->listed);
}

/* ---------------------------------------------------------------- the run */

static FILE *open_input(const char *name, const char *prog)
{
    if (!name || !strcmp(name, "-"))
        return stdin;
    FILE *f = fopen(name, "r");
    if (!f)
        fprintf(stderr, "%s: %s: cannot open: %s\n", prog, name, strerror(errno));
    return f;
}

static int read_error(const char *prog, const char *name, const vf_error *err)
{
    return say(err->status, prog, name, err->line, err->line && !err->col ? 1 : err->col, "%s",
               err->msg);
}

static const char *shown(const char *name)
{
    return !name || !strcmp(name, "-") ? "<stdin>" : name;
}

/* What the listing's summaries say as a whole. */
typedef struct whole {
    int summaries;
    int stopped;                 /* a summary says its search stopped early: */
    long stop_line;
    char stop[40];
    int shard_n;                 /* of the first summary with a shard, or 0 */
    long *shard_line;            /* [1 .. shard_n]: where shard k's summary is, or 0 */
    int shard_count, no_shard;   /* summaries with a shard, and without */
} whole;

/* A summary closes the part before it: checks its number, keeps the rest. */
static int take_summary(whole *w, part *pt, const lst_summary *sum, const vf_request *rq,
                        const char *prog, const char *lname)
{
    w->summaries++;
    if (!rq->allow_repeats
        && check_count(pt, sum->classes ? sum->classes : sum->solutions, prog, lname, sum->line,
                       "the summary", sum->classes != NULL))
        return 1;
    if (!sum->complete && !w->stopped) {
        w->stopped = 1;
        w->stop_line = sum->line;
        snprintf(w->stop, sizeof w->stop, "%s", sum->stopped ? sum->stopped : "complete: false");
    }
    if (!sum->shard_n) {
        w->no_shard++;
    } else if (!w->shard_n) {
        if (!(w->shard_line = calloc((size_t)sum->shard_n + 1, sizeof(long))))
            return 3;
        w->shard_n = sum->shard_n;
    }
    if (sum->shard_n && (sum->shard_n != w->shard_n || sum->shard_k < 1 || sum->shard_k > w->shard_n))
        return say(1, prog, lname, sum->line, 0, "shard %d/%d, but the first shard of the listing is"
                   " one of %d", sum->shard_k, sum->shard_n, w->shard_n);
    if (sum->shard_n && w->shard_line[sum->shard_k])
        return say(1, prog, lname, sum->line, 0, "shard %d/%d again (its summary is on line %ld too)",
                   sum->shard_k, sum->shard_n, w->shard_line[sum->shard_k]);
    if (sum->shard_n) {
        w->shard_line[sum->shard_k] = sum->line;
        w->shard_count++;
    }
    memset(pt, 0, sizeof *pt);
    return 0;
}

/* What stopped a search, by the summary's "stopped" (formats/json.md). */
static const char *stopped_by(const char *why)
{
    static const char *const by[][2] = {{"count", " by t<n>"}, {"mems", " by T<n>"},
        {"time", " by --time-limit"}, {"signal", " by a signal"},
        {"limit", " by the limit of its figures, 2^127"}};
    for (size_t k = 0; k < sizeof by / sizeof *by; k++)
        if (!strcmp(why, by[k][0]))
            return by[k][1];
    return "";
}

/* After the last solution, the verdict on the whole listing: a status. */
static int verdict(const vf_request *rq, const char *prog, const char *lname, lst_reader *l,
                   const whole *w, const part *pt, const part *all, const vf_report *rep)
{
    const char *rname = shown(rq->report);
    int json = lst_layout_of(l) == LST_JSON;
    unsigned long long n = all->listed;
    if (json && (pt->listed || !w->summaries))
        return say(2, prog, lname, lst_line(l), 0, "the listing is cut short: no summary after its last"
                   " solution (dlx2 --format=json ends with one)");
    if (w->shard_n && w->no_shard)
        return say(1, prog, lname, 0, 0, "the listing mixes shards and whole searches");
    if (rq->count >= 0 && n != (unsigned long long)rq->count)
        return say(1, prog, lname, 0, 0, "%llu solution%s, not %lld", n, n == 1 ? "" : "s", rq->count);
    if (rep && !rq->allow_repeats
        && check_count(all, rep->classes[0] ? rep->classes : rep->solutions, prog, rname,
                       rep->classes[0] ? rep->classes_line : rep->line, "the report",
                       rep->classes[0] != 0))
        return 1;
    int counted = rq->count >= 0 || rep || (json && !rq->allow_repeats);
    /* m<n> --up-to-symmetry: one solution per class, as many as the search says */
    const char *classes = rq->allow_repeats ? NULL
                        : rep ? (rep->classes[0] ? rep->classes : NULL)
                        : json && w->summaries == 1 ? lst_summary_of(l)->classes : NULL;
    if (!n && !counted)
        return say(1, prog, lname, 0, 0, "the listing holds no solutions, and nothing says the problem has"
                   " none; dlx2 lists them with m1 (--count 0 or --report FILE checks a problem"
                   " without solutions)");
    if (!rq->quiet) {
        printf("%llu solution%s verified", n, n == 1 ? "" : "s");
        if (!counted)
            printf("; their number was not checked (%s)",
                   rq->allow_repeats ? "with --allow-repeats, a listing of draws"
                                     : "a text listing does not give it: --count N or --report FILE"
                                       " does");
        else if (classes && rq->count < 0 && all->listed && all->stepped && all->step > 1)
            printf(", one in %llu of the %s classes of solutions the search counted (one per"
                   " class: the classes are not checked here)", all->step, classes);
        else if (classes && rq->count < 0)
            printf(", as many as the classes of solutions the search counted (one per class: the"
                   " classes are not checked here)");
        else if (all->listed && all->stepped && all->step > 1 && w->summaries <= 1 && rq->count < 0)
            printf(", one in %llu of the %s the search found", all->step,
                   rep ? rep->solutions : lst_summary_of(l)->solutions);
        putchar('\n');
    }
    if (w->stopped)
        return say(4, prog, lname, w->stop_line, 0, "the search was stopped early%s (its summary"
                   " says \"%s\"): the %llu solution%s verified may not be all", stopped_by(w->stop),
                   w->stop, n, n == 1 ? "" : "s");
    if (rep && rep->stop_line)
        return say(4, prog, rname, rep->stop_line, 0, "the search was stopped early ('%s'): the %llu"
                   " solution%s verified may not be all", rep->stop, n, n == 1 ? "" : "s");
    if (w->shard_n && w->shard_count < w->shard_n) {
        int k = 1;
        while (w->shard_line[k])
            k++;
        return say(4, prog, lname, 0, 0, "the listing holds %d of the %d shards of the search (shard"
                   " %d/%d is missing): the solutions verified are not all", w->shard_count,
                   w->shard_n, k, w->shard_n);
    }
    return 0;
}

int vf_run(const vf_request *rq, const char *prog)
{
    const char *pname = shown(rq->problem), *lname = shown(rq->listing);
    int on_stdin = (!rq->problem || !strcmp(rq->problem, "-")) + !strcmp(rq->listing, "-")
                 + (rq->report && !strcmp(rq->report, "-"));
    if (on_stdin > 1) {
        fprintf(stderr, "%s: --verify: only one of the listing, the problem and the report can be"
                " stdin\n", prog);
        return 2;
    }
    vf_problem p;
    vf_error err;
    vf_report rep;
    FILE *in = open_input(rq->problem, prog);
    if (!in)
        return 2;
    int status = vf_problem_read(&p, in, &err);
    if (in != stdin)
        fclose(in);
    if (status)
        return read_error(prog, pname, &err);
    if (rq->report) {
        FILE *rf = open_input(rq->report, prog);
        status = rf ? vf_report_read(&rep, rf, &err) : 2;
        if (rf && rf != stdin)
            fclose(rf);
        if (status && rf)
            read_error(prog, shown(rq->report), &err);
        if (status) {
            vf_problem_free(&p);
            return status;
        }
    }
    FILE *lf = open_input(rq->listing, prog);
    if (!lf) {
        vf_problem_free(&p);
        return 2;
    }
    checker ck = {.p = &p, .prog = prog, .listing_name = lname};
    ck.uses = calloc((size_t)p.nitems + 1, sizeof(int));
    ck.first = calloc((size_t)p.nitems + 1, sizeof(int));
    ck.color = calloc((size_t)p.nitems + 1, sizeof(int));
    ck.touched = calloc((size_t)p.nitems + 1, sizeof(int));
    lst_reader *l = ck.uses && ck.first && ck.color && ck.touched ? lst_open(lf, lname) : NULL;
    lst_error lerr;
    whole w = {0};
    part pt = {0}, all = {0};
    int got = LST_END;
    if (!l)
        status = 3;
    while (!status && (got = lst_next(l, &lerr)) > LST_END) {
        if (got == LST_SUMMARY) {
            status = take_summary(&w, &pt, lst_summary_of(l), rq, prog, lname);
            continue;
        }
        const lst_solution *sol = lst_solution_of(l);
        part_add(&pt, sol);
        part_add(&all, sol);
        status = check_solution(&ck, sol);
        if (!status && !rq->allow_repeats)
            status = check_repeat(&ck, sol, ck.found);
    }
    if (got == LST_ERROR && lerr.status == 2) {
        status = say(2, prog, lname, lerr.line, lerr.col, "%s", lerr.msg);
    } else if (got == LST_ERROR) {
        status = 3;
    }
    if (status == 3)
        fprintf(stderr, "%s: out of memory\n", prog);
    if (!status)
        status = verdict(rq, prog, lname, l, &w, &pt, &all, rq->report ? &rep : NULL);
    lst_close(l);
    if (lf != stdin)
        fclose(lf);
    free(ck.uses), free(ck.first), free(ck.color), free(ck.touched);
    free(ck.run), free(ck.found), free(ck.seen);
    free(w.shard_line);
    vf_problem_free(&p);
    return status;
}
