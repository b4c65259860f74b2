/*
 * listing.c — a solution as DLX2 and DLX3 list it, and as the program
 * that plays them writes it.
 *
 * DLX2 lists each option from the item branched on, round to it, with
 * "(k of d)": it was the k-th of the d options of that item. The option's
 * text is the library's (xcc_option_text), which gives an entry that the
 * search has cleansed the color its item was purified to.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

/*
 * A solution is written from a buffer of its own, with one fwrite per
 * buffer full: with -j the process has threads, and then every stdio
 * call locks the stream, which cost more than the rest of listing when
 * it was done per name and per color.
 */
typedef struct spool {
    FILE *f;
    size_t n;
    char b[4096];
} spool;

static void put(spool *o, const char *s, size_t n)
{
    if (o->n + n > sizeof o->b) {
        fwrite(o->b, 1, o->n, o->f);
        o->n = 0;
        if (n > sizeof o->b) {
            fwrite(s, 1, n, o->f);
            return;
        }
    }
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

static void put_char(spool *o, char c)
{
    put(o, &c, 1);
}

static void put_number(spool *o, ullng v)
{
    char d[24];
    int i = (int)sizeof d;
    do
        d[--i] = (char)('0' + v % 10);
    while (v /= 10);
    put(o, d + i, sizeof d - (size_t)i);
}

static void spool_end(spool *o)
{
    if (o->n)
        fwrite(o->b, 1, o->n, o->f);
    o->n = 0;
}

/*
 * Option opt's entries from entry k round, as the library writes them;
 * an option longer than the spool goes out in one piece, or without
 * memory for that, entry by entry.
 */
static void entries(spool *o, const xcc_problem *p, int opt, int k)
{
    size_t room = sizeof o->b - o->n, n = xcc_option_text(p, opt, k, o->b + o->n, room);
    if (n < room) {
        o->n += n;
        return;
    }
    spool_end(o);
    if (n < sizeof o->b) {
        o->n = xcc_option_text(p, opt, k, o->b, sizeof o->b);
        return;
    }
    char *text = malloc(n + 1);
    if (text) {
        xcc_option_text(p, opt, k, text, n + 1);
        fwrite(text, 1, n, o->f);
        free(text);
        return;
    }
    for (int e = k, size = xcc_option_size(p, opt);;) {
        const char *name = xcc_item_name(p, xcc_option_item(p, opt, e));
        const char *color = xcc_option_color(p, opt, e);
        put_char(o, ' ');
        put(o, name, strlen(name));
        if (color) {
            put_char(o, ':');
            put(o, color, strlen(color));
        }
        if ((e = (e + 1) % size) == k)
            break;
    }
}

/*
 * The one printer of an option's line in a listing or a state report
 * (v256), DLX2's, DLX3's and DLX5's: the entries from the item branched
 * on, " (k of d)", and in DLX5's (costs set) " (?)" for an option not in
 * its item's list and " $T [N]" for an option of cost T (N: its cost
 * less its items' taxes). DLX3's null choice is " null NAME (k of d)".
 */
static void option(spool *o, const xcc_problem *p, const xcc_choice *c, int costs)
{
    if (c->option < 0) {
        const char *name = xcc_item_name(p, c->entry);
        put(o, " null ", 6);
        put(o, name, strlen(name));
    } else {
        entries(o, p, c->option, c->entry);
    }
    if (costs && c->k <= 0) {
        put(o, " (?)", 4);
    } else {
        put(o, " (", 2);
        put_number(o, (ullng)c->k);
        put(o, " of ", 4);
        put_number(o, (ullng)c->d);
        put_char(o, ')');
    }
    ullng cost = costs && c->option >= 0 ? xcc_option_cost(p, c->option) : 0;
    if (cost) {
        put(o, " $", 2);
        put_number(o, cost);
        put(o, " [", 2);
        put_number(o, xcc_option_net_cost(p, c->option));
        put_char(o, ']');
    }
    put_char(o, '\n');
}

void rep_option(FILE *f, const xcc_problem *p, const xcc_choice *c, int costs)
{
    spool o = {.f = f};
    option(&o, p, c, costs);
    spool_end(&o);
}

/* "K:" (DLX5's "K: (total cost $C)"), then each option on a line of its own. */
static void solution(FILE *f, const xcc_problem *p, const xcc_solution *s, int costs)
{
    spool o = {.f = f};
    if (s->number_high) {
        const char *n = REP_N(rep_number(s));
        put(&o, n, strlen(n));
    } else {
        put_number(&o, s->number);
    }
    put_char(&o, ':');
    if (costs) {
        put(&o, " (total cost $", 14);
        put_number(&o, s->cost);
        put_char(&o, ')');
    }
    put_char(&o, '\n');
    for (int l = 0; l < s->size; l++)
        option(&o, p, &s->choices[l], costs);
    spool_end(&o);
}

void rep_listing(FILE *f, const xcc_problem *p, const xcc_solution *s)
{
    solution(f, p, s, 0);
}

int rep_text_solution(rep *r, const xcc_problem *p, const xcc_solution *s)
{
    solution(r->out, p, s, 0);
    return 0;
}

int rep_cost_solution(rep *r, const xcc_problem *p, const xcc_solution *s)
{
    solution(r->out, p, s, 1);
    return 0;
}
