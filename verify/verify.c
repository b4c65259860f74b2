/*
 * verify.c — the checks of `dlx2 --verify`, one solution at a time.
 *
 * For each solution of the listing: every option text names items of the
 * problem with colors the problem uses, and is, up to the order of its
 * items, one of the problem's options (in the problem line JSON says, if
 * it says one); then every primary item is covered exactly once and every
 * secondary item is either in one option without a color or in options
 * that all give it the same color (the colors JSON claims included).
 *
 * Per item the check keeps how often the solution covers it, by which
 * option first and with which color; only the items a solution touches
 * are reset, so a listing of millions of short solutions costs their
 * length, not the number of items, each.
 */
#include "verify.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct checker {
    const vf_problem *p;
    const char *prog, *listing_name;
    int *uses, *first, *color;   /* per item */
    int *touched, ntouched;
    vf_pair *run;
    int run_cap;
    int *found;                  /* the option of each text */
    int found_cap;
} checker;

/* "PROG: LISTING:LINE: solution K: " and the rest of the message. */
static int unsound(const checker *ck, const vf_solution *sol, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int unsound(const checker *ck, const vf_solution *sol, long line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: %s:%ld: solution %lld: ", ck->prog, ck->listing_name, line, sol->number);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The option of one text, or -1 after a message (or -3 out of memory). */
static int find_option(checker *ck, const vf_solution *sol, int t)
{
    const char *s = sol->text[t];
    long line = sol->text_line[t];
    int n = 0;
    for (size_t i = 0; s[i];) {
        while (s[i] && is_space((unsigned char)s[i]))
            i++;
        size_t start = i;
        while (s[i] && !is_space((unsigned char)s[i]))
            i++;
        if (i == start)
            break;
        const char *colon = memchr(s + start, ':', i - start);
        size_t nlen = colon ? (size_t)(colon - (s + start)) : i - start;
        int item = vf_item_find(ck->p, s + start, nlen), color = 0;
        if (item < 0) {
            unsound(ck, sol, line, "'%.*s' is not an item of the problem (option '%s')", (int)nlen,
                    s + start, s);
            return -1;
        }
        if (colon && (color = vf_color_find(ck->p, colon + 1, i - start - nlen - 1)) < 0) {
            unsound(ck, sol, line, "no option of the problem gives '%.*s' (option '%s')",
                    (int)(i - start), s + start, s);
            return -1;
        }
        vf_pair *run = vf_grow(ck->run, &ck->run_cap, n + 1, sizeof *run);
        if (!run)
            return -3;
        ck->run = run;
        run[n++] = (vf_pair){item, color};
    }
    vf_pairs_sort(ck->run, n);
    int o = vf_option_find(ck->p, ck->run, n);
    if (o < 0)
        unsound(ck, sol, line, "'%s' is not an option of the problem", s);
    return o;
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
static int cover(checker *ck, const vf_solution *sol, int t, int o)
{
    const vf_problem *p = ck->p;
    for (int k = 0; k < p->opt[o].len; k++) {
        vf_pair pr = p->pairs[p->opt[o].first + k];
        int i = pr.item;
        if (!ck->uses[i]++) {
            ck->first[i] = t;
            ck->color[i] = pr.color;
            ck->touched[ck->ntouched++] = i;
            continue;
        }
        const char *name = p->item_name[i];
        if (i < p->nprimary && p->lo && ck->uses[i] <= p->hi[i])
            continue;
        if (i < p->nprimary && p->lo && p->hi[i] > 1)
            return unsound(ck, sol, sol->text_line[t], "item '%s' is covered more than %d times ('%s')",
                           name, p->hi[i], sol->text[t]);
        if (i < p->nprimary)
            return unsound(ck, sol, sol->text_line[t], "item '%s' is covered twice ('%s' and '%s')",
                           name, sol->text[ck->first[i]], sol->text[t]);
        if (!pr.color || !ck->color[i])
            return unsound(ck, sol, sol->text_line[t],
                           "secondary item '%s' is in two options, not both with a color ('%s' and '%s')",
                           name, sol->text[ck->first[i]], sol->text[t]);
        if (pr.color != ck->color[i])
            return unsound(ck, sol, sol->text_line[t],
                           "secondary item '%s' gets two colors, '%s' and '%s' ('%s' and '%s')", name,
                           p->color_name[ck->color[i]], p->color_name[pr.color],
                           sol->text[ck->first[i]], sol->text[t]);
    }
    return 0;
}

/* JSON's "colors" must be exactly the colors the options give. */
static int check_colors(checker *ck, const vf_solution *sol)
{
    const vf_problem *p = ck->p;
    int colored = 0;
    for (int k = 0; k < ck->ntouched; k++)
        colored += ck->color[ck->touched[k]] != 0;
    for (int c = 0; c < sol->ncolors; c++) {
        int i = vf_item_find(p, sol->color_item[c], strlen(sol->color_item[c]));
        if (i < 0 || !ck->uses[i] || !ck->color[i] ||
            strcmp(p->color_name[ck->color[i]], sol->color_value[c]))
            return unsound(ck, sol, sol->line, "\"colors\" claims '%s:%s', which its options do not give",
                           sol->color_item[c], sol->color_value[c]);
    }
    if (colored != sol->ncolors)
        return unsound(ck, sol, sol->line, "\"colors\" lists %d colored items, its options color %d",
                       sol->ncolors, colored);
    return 0;
}

/*
 * The cost a listing gives (DLX5's costs) is the sum of its options'
 * costs: those of the input lines JSON names, or in DLX5's layout those
 * listed with each option, each of which must be the cost of a copy of
 * that option in the problem (an option may be given twice, at two
 * costs).
 */
static int check_cost(checker *ck, const vf_solution *sol, const int *found)
{
    const vf_problem *p = ck->p;
    unsigned long long sum = 0;
    for (int t = 0; t < sol->nopts; t++) {
        int o = found[t];
        if (sol->text_cost) {
            while (o >= 0 && p->opt[o].cost != sol->text_cost[t])
                o = p->opt[o].next_copy;
            if (o < 0)
                return unsound(ck, sol, sol->text_line[t], "option '%s' is listed at $%llu, but costs $%llu",
                               sol->text[t], sol->text_cost[t], p->opt[found[t]].cost);
        }
        sum += p->opt[o].cost; /* modulo 2^64, as DLX5 adds */
    }
    if (sum != sol->cost)
        return unsound(ck, sol, sol->line, "its cost is given as $%llu, but its options cost $%llu",
                       sol->cost, sum);
    return 0;
}

static int check_solution(checker *ck, const vf_solution *sol)
{
    const vf_problem *p = ck->p;
    int *found = vf_grow(ck->found, &ck->found_cap, sol->nopts, sizeof *found);
    if (!found && sol->nopts)
        return 3;
    ck->found = found;
    int status = 0, primaries = 0;
    for (int t = 0; t < sol->nopts && !status; t++) {
        int o = find_option(ck, sol, t);
        if (o == -3)
            return 3;
        found[t] = o;
        if (o < 0)
            status = 1;
        else if (sol->input_line) {
            int at = option_at_line(p, sol->input_line[t]);
            if (at < 0 || !same_option(p, at, o))
                status = unsound(ck, sol, sol->text_line[t],
                                 "line %ld of the problem is not the option '%s'",
                                 sol->input_line[t], sol->text[t]);
            found[t] = at; /* that very copy */
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
    if (!status && sol->input_line)
        status = check_colors(ck, sol);
    if (!status && sol->has_cost)
        status = check_cost(ck, sol, found);
    for (int k = 0; k < ck->ntouched; k++)
        ck->uses[ck->touched[k]] = 0;
    ck->ntouched = 0;
    return status;
}

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
    if (err->line)
        fprintf(stderr, "%s: %s:%ld:%ld: %s\n", prog, name, err->line, err->col ? err->col : 1,
                err->msg);
    else
        fprintf(stderr, "%s: %s: %s\n", prog, name, err->msg);
    return err->status;
}

int vf_run(const vf_request *rq, const char *prog)
{
    const char *pname = rq->problem && strcmp(rq->problem, "-") ? rq->problem : "<stdin>";
    const char *lname = strcmp(rq->listing, "-") ? rq->listing : "<stdin>";
    if ((!rq->problem || !strcmp(rq->problem, "-")) && !strcmp(rq->listing, "-")) {
        fprintf(stderr, "%s: --verify: the listing and the problem cannot both be stdin\n", prog);
        return 2;
    }
    vf_problem p;
    vf_error err;
    FILE *in = open_input(rq->problem, prog);
    if (!in)
        return 2;
    int status = vf_problem_read(&p, in, &err);
    if (in != stdin)
        fclose(in);
    if (status)
        return read_error(prog, pname, &err);
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
    vf_listing *l = ck.uses && ck.first && ck.color && ck.touched ? vf_listing_open(lf, &err) : NULL;
    vf_solution sol;
    memset(&sol, 0, sizeof sol);
    long long n = 0;
    if (!l)
        status = 3;
    while (!status && (status = vf_listing_next(l, &sol, &err)) == 1) {
        n++;
        status = check_solution(&ck, &sol);
    }
    if (status == 2)
        read_error(prog, lname, &err);
    else if (status == 3)
        fprintf(stderr, "%s: out of memory\n", prog);
    if (!status && rq->count >= 0 && n != rq->count) {
        fprintf(stderr, "%s: %s: %lld solution%s, not %lld\n", prog, lname, n, n == 1 ? "" : "s",
                rq->count);
        status = 1;
    }
    if (!status)
        printf("%lld solution%s verified\n", n, n == 1 ? "" : "s");
    vf_solution_clear(&sol);
    vf_listing_close(l);
    if (lf != stdin)
        fclose(lf);
    free(ck.uses), free(ck.first), free(ck.color), free(ck.touched);
    free(ck.run), free(ck.found);
    vf_problem_free(&p);
    return status;
}
