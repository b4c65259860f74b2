/*
 * symmetry.c — the problem's symmetry (formats/symmetry.md): the mode
 * --symmetry, which reports the group, and in a search --up-to-symmetry
 * (-c: the classes of solutions; m<n>: one solution per class) and
 * --use-symmetry (-c: the count with the group's help).
 */
#include "cli.h"
#include "xcc_sym.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * The budget of a search for the group: this, or --time-limit when it is
 * less (in --symmetry, --time-limit whatever it is).
 */
#define CLI_SYM_SECONDS 10.0

static double budget(const cli *c)
{
    return c->time_limit > 0 && c->time_limit < CLI_SYM_SECONDS ? c->time_limit : CLI_SYM_SECONDS;
}

/* The group of p within the budget; out of memory ends the run. */
static xcc_sym *find_group(const xcc_problem *p, double seconds)
{
    xcc_sym *g;
    xcc_diag d;
    xcc_status s = xcc_sym_find(p, seconds, &g, &d);
    if (s == XCC_NO_MEMORY)
        cli_die_no_memory("out of memory finding the symmetry");
    if (s)
        rep_die(PROG_BAD_INPUT, "%s", d.message);
    return g;
}

static char *order_text(const xcc_sym *g)
{
    char *t = xcc_sym_order(g);
    if (!t)
        cli_die_no_memory("out of memory writing the group's order");
    return t;
}

/* A search stopped early says so on stderr, naming the subgroup it keeps. */
static void say_incomplete(const xcc_sym *g, const char *what)
{
    char *order = order_text(g);
    fprintf(stderr, "dlx2: the symmetry search stopped early (%s): %s a subgroup of order %s\n",
            xcc_sym_stopped(g), what, order);
    free(order);
}

/*
 * The pairs (item, color) options use, for the generators' color cycles:
 * item[k], color[k] for k < n.
 */
typedef struct colors {
    int n, *item;
    const char **color;
} colors;

static void colors_of(const xcc_problem *p, colors *cs)
{
    size_t cap = 16;
    cs->n = 0;
    cs->item = malloc(cap * sizeof *cs->item);
    cs->color = malloc(cap * sizeof *cs->color);
    if (!cs->item || !cs->color)
        cli_die_no_memory("out of memory");
    for (int o = 0; o < xcc_problem_options(p); o++)
        for (int k = 0; k < xcc_option_size(p, o); k++) {
            const char *c = xcc_option_color(p, o, k);
            int i = xcc_option_item(p, o, k), j = 0;
            if (!c)
                continue;
            while (j < cs->n && !(cs->item[j] == i && !strcmp(cs->color[j], c)))
                j++;
            if (j < cs->n)
                continue;
            if ((size_t)cs->n == cap) {
                cap *= 2;
                cs->item = realloc(cs->item, cap * sizeof *cs->item);
                cs->color = realloc(cs->color, cap * sizeof *cs->color);
                if (!cs->item || !cs->color)
                    cli_die_no_memory("out of memory");
            }
            cs->item[cs->n] = i;
            cs->color[cs->n++] = c;
        }
}

/* The index of pair (item, color) in cs. */
static int pair_index(const colors *cs, int item, const char *color)
{
    for (int j = 0; j < cs->n; j++)
        if (cs->item[j] == item && !strcmp(cs->color[j], color))
            return j;
    return -1;
}

/* "name" or "name:color" as a JSON string. */
static void json_entry(FILE *f, const xcc_problem *p, int item, const char *color)
{
    const char *name = xcc_item_name(p, item);
    if (!color) {
        rep_json_string(f, name, strlen(name));
        return;
    }
    size_t n = strlen(name) + strlen(color) + 2;
    char *t = malloc(n);
    if (!t)
        cli_die_no_memory("out of memory");
    snprintf(t, n, "%s:%s", name, color);
    rep_json_string(f, t, n - 1);
    free(t);
}

/* Generator k as JSON: its cycles, each an array of item names or item:color pairs. */
static void json_generator(FILE *f, const xcc_problem *p, const xcc_sym *g, int k,
                           const colors *cs, char *seen)
{
    int ni = xcc_problem_items(p), first = 1;
    memset(seen, 0, (size_t)(ni > cs->n ? ni : cs->n) + 1);
    fputc('[', f);
    for (int i = 0; i < ni; i++) {
        if (seen[i] || xcc_sym_item_image(g, k, i) == i)
            continue;
        fputs(first ? "[" : ",[", f);
        first = 0;
        for (int j = i; !seen[j]; j = xcc_sym_item_image(g, k, j)) {
            fputs(j == i ? "" : ",", f);
            json_entry(f, p, j, NULL);
            seen[j] = 1;
        }
        fputc(']', f);
    }
    memset(seen, 0, (size_t)(ni > cs->n ? ni : cs->n) + 1);
    for (int j = 0; j < cs->n; j++) {
        /* a cycle of pairs, written when some color in it changes its name */
        int renamed = 0, x = j;
        do {
            const char *c = xcc_sym_color_image(g, k, cs->item[x], cs->color[x]);
            renamed |= strcmp(c, cs->color[x]) != 0;
            x = pair_index(cs, xcc_sym_item_image(g, k, cs->item[x]), c);
        } while (x != j && x >= 0);
        if (seen[j] || !renamed)
            continue;
        fputs(first ? "[" : ",[", f);
        first = 0;
        for (x = j; x >= 0 && !seen[x];) {
            fputs(x == j ? "" : ",", f);
            json_entry(f, p, cs->item[x], cs->color[x]);
            seen[x] = 1;
            const char *c = xcc_sym_color_image(g, k, cs->item[x], cs->color[x]);
            x = pair_index(cs, xcc_sym_item_image(g, k, cs->item[x]), c);
        }
        fputc(']', f);
    }
    fputc(']', f);
}


/*
 * dlx2 --symmetry [FILE]: the group on stdout, "order N", "complete yes"
 * (or "no": the budget ran out, and the group is the subgroup found),
 * "generators K" and the K generators in cycle notation, one a line; or
 * one JSON line {"symmetry":{...}}. Status 4 when incomplete.
 */
int cli_symmetry(cli *c)
{
    const char *name;
    char name_shown[REP_SHOWN_SIZE];
    FILE *in = cli_open_input(c, &name, name_shown);
    xcc_problem *p;
    xcc_diag d;
    xcc_status s = xcc_problem_read(&p, in, NULL, &d); /* no warnings, input order */
    if (in != stdin)
        fclose(in);
    if (s == XCC_NO_MEMORY)
        cli_die_no_memory(d.message);
    if (s && d.line)
        rep_die(PROG_BAD_INPUT, "%s:%ld:%ld: %s", name, d.line, d.col ? d.col : 1, d.message);
    if (s)
        rep_die(PROG_BAD_INPUT, "%s: %s", name, d.message);
    xcc_sym *g = find_group(p, c->time_limit > 0 ? c->time_limit : CLI_SYM_SECONDS);
    char *order = order_text(g);
    int complete = xcc_sym_complete(g), n = xcc_sym_generators(g), err = 0;
    /* a write that fails says why in errno then (EPIPE: the reader went away, no error) */
    errno = 0;
    if (c->json) {
        colors cs;
        colors_of(p, &cs);
        int ni = xcc_problem_items(p);
        char *seen = malloc((size_t)(ni > cs.n ? ni : cs.n) + 1);
        if (!seen)
            cli_die_no_memory("out of memory");
        printf("{\"symmetry\":{\"order\":%s,\"complete\":%s,\"stopped\":", order,
               complete ? "true" : "false");
        if (complete)
            fputs("null", stdout);
        else
            rep_json_string(stdout, xcc_sym_stopped(g), strlen(xcc_sym_stopped(g)));
        printf(",\"seconds\":%.6f,\"generators\":[", xcc_sym_seconds(g));
        for (int k = 0; k < n; k++) {
            fputs(k ? "," : "", stdout);
            json_generator(stdout, p, g, k, &cs, seen);
            if (ferror(stdout) && !err)
                err = errno ? errno : EIO;
        }
        fputs("]}}\n", stdout);
        free(seen);
        free(cs.item);
        free(cs.color);
    } else {
        printf("order %s\ncomplete %s\ngenerators %d\n", order, complete ? "yes" : "no", n);
        for (int k = 0; k < n; k++) {
            char *t = xcc_sym_generator_text(g, k, p);
            if (!t)
                cli_die_no_memory("out of memory");
            if (puts(t) < 0 && !err)
                err = errno ? errno : EIO;
            free(t);
        }
    }
    free(order);
    if (!complete)
        say_incomplete(g, "the group reported is");
    xcc_sym_free(g);
    xcc_problem_free(p);
    cli_stdout_lost(err);
    return complete ? PROG_DONE : PROG_LIMIT;
}

/* ---- in a search ------------------------------------------------------------ */

/* What --up-to-symmetry and --use-symmetry refuse before the problem is read. */
void cli_symmetry_rules(const cli *c)
{
    if (c->up_to_symmetry && c->use_symmetry)
        cli_usage("%s", "--up-to-symmetry and --use-symmetry do not go together");
    if (c->use_symmetry && !c->count_only)
        cli_usage("%s", "--use-symmetry goes with -c (it counts the solutions with the group's help)");
    if (c->up_to_symmetry && !c->count_only && !c->spacing && !c->json)
        cli_usage("%s", "--up-to-symmetry goes with -c (the classes counted) or m<n> (one"
                        " solution per class listed)");
    if ((c->up_to_symmetry || c->use_symmetry) && c->xs.shards)
        cli_usage("%s", "--up-to-symmetry and --use-symmetry do not take --shard");
    if ((c->up_to_symmetry || c->use_symmetry) && c->count_only
        && (cli_given(c, "t") || cli_given(c, "T")))
        cli_usage("%s", "a count up to symmetry or with its help is whole: t<n> and T<n> do not"
                        " go with it");
}

static void refuse_extensions(const xcc_problem *p)
{
    if (xcc_has_bounds(p) || xcc_has_costs(p))
        rep_die(PROG_BAD_INPUT, "--up-to-symmetry and --use-symmetry are for problems without"
                                " %s", xcc_has_bounds(p) ? "multiplicities" : "costs");
}

/*
 * -c with --up-to-symmetry (the classes) or --use-symmetry (every
 * solution, with the group's help): the number on stdout, or with
 * --format=json the summary {"summary":{"classes" or "solutions":N,
 * "complete":..., "symmetry":{"order":...,"complete":...}}}. Classes
 * under a subgroup (the budget ran out) are at least as many as under
 * the group: the number gets a "-" (at most) and the status is 4.
 */
int cli_symmetry_count(cli *c, xcc_problem *p)
{
    refuse_extensions(p);
    xcc_sym *g = find_group(p, budget(c));
    if (!xcc_sym_complete(g))
        say_incomplete(g, c->use_symmetry ? "the count is helped by" : "classes are counted under");
    xcc_settings s = c->xs;
    char *count = NULL;
    xcc_stop stop;
    xcc_diag d;
    xcc_status st = c->up_to_symmetry ? xcc_sym_count_classes(p, g, &s, &count, &stop, &d)
                                      : xcc_sym_count(p, g, &s, &count, &stop, &d);
    if (st == XCC_NO_MEMORY)
        cli_die_no_memory(d.message);
    if (st)
        rep_die(PROG_BAD_INPUT, "%s", d.message);
    int complete = xcc_sym_complete(g), status = PROG_DONE;
    const char *mark = "";
    if (!count) {
        rep_die(PROG_LIMIT, "the count stopped early (%s): no number to give",
                stop == XCC_STOP_INTERRUPT ? c->time_limit > 0 ? "the time limit or a signal"
                                                               : "a signal"
                                           : "a limit");
    }
    if (!complete && c->up_to_symmetry) {
        mark = "-";
        status = PROG_LIMIT;
    }
    char *order = order_text(g);
    if (c->json)
        printf("{\"summary\":{\"%s\":%s,\"complete\":%s,\"stopped\":null,"
               "\"symmetry\":{\"order\":%s,\"complete\":%s}}}\n",
               c->up_to_symmetry ? "classes" : "solutions", count, *mark ? "false" : "true", order,
               complete ? "true" : "false");
    else
        printf("%s%s\n", count, mark);
    if (c->k.vbose & XCC_SHOW_BASICS)
        fprintf(stderr, "%s %s of order %s.\n", count,
                c->up_to_symmetry ? strcmp(count, "1") ? "classes of solutions under a group"
                                                       : "class of solutions under a group"
                                  : "solutions, counted with the help of a group",
                order);
    free(order);
    free(count);
    xcc_sym_free(g);
    cli_stdout_lost(0);
    return status;
}

/*
 * m<n> with --up-to-symmetry: a filter in front of the report's listing
 * that lets through the canonical solution of each class (the least by
 * option numbers, xcc_sym_canonical), numbered 1, 2, ... among those,
 * every n-th of them.
 */
static struct canon {
    xcc_sym *g;
    rep *r;
    unsigned long long every, found;
    int *opts, cap;
} canon;

static int canonical_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)ctx;
    if (s->size > canon.cap) {
        canon.cap = 2 * s->size;
        free(canon.opts);
        if (!(canon.opts = malloc((size_t)canon.cap * sizeof *canon.opts))) {
            canon.r->no_memory = 1;
            return 1;
        }
    }
    for (int k = 0; k < s->size; k++)
        canon.opts[k] = s->choices[k].option;
    int least = xcc_sym_canonical(canon.g, canon.opts, s->size);
    if (least < 0) /* memory, or the least image's budget, ran out: said as the classes say it */
        rep_die(PROG_NO_MEMORY, "the least image of a solution under the group needs more than"
                                " 64 MB (or more memory than there is): break part of the"
                                " problem's symmetry");
    if (!least || ++canon.found % canon.every)
        return 0;
    xcc_solution t = *s;
    t.number = canon.found;
    t.number_high = 0;
    return rep_solution(p, &t, canon.r);
}

xcc_on_solution cli_symmetry_listing(const cli *c, xcc_problem *p, rep *r, unsigned long long *every)
{
    refuse_extensions(p);
    canon.g = find_group(p, budget(c));
    canon.r = r;
    r->classes = &canon.found; /* the JSON summary says them */
    canon.every = *every ? *every : 1;
    *every = 1;
    if (!xcc_sym_complete(canon.g))
        say_incomplete(canon.g, "one solution is listed per class of");
    /*
     * the group listed (or, too large to list, its chain on options made)
     * before the search: the canonical test only reads it
     */
    int none = 0;
    if (xcc_sym_canonical(canon.g, &none, 0) < 0)
        cli_die_no_memory("out of memory making the group's tables (one solution per class)");
    return canonical_solution;
}

void cli_symmetry_listing_end(const cli *c, const xcc_figs *fig)
{
    /* the line dlx2 --verify --report reads: the listing holds one solution per class */
    if (canon.g && (c->k.vbose & XCC_SHOW_BASICS)) {
        char *order = order_text(canon.g);
        fprintf(stderr, "%llu class%s of solutions%s, one listed per class, under a group of"
                        " order %s.\n", canon.found, canon.found == 1 ? "" : "es",
                fig->stop == XCC_COMPLETE ? "" : " found before the search stopped", order);
        free(order);
    }
    xcc_sym_free(canon.g);
    free(canon.opts);
    memset(&canon, 0, sizeof canon);
}
