/*
 * tree/dlx5_print.c — what DLX5's search writes on the trace while it
 * traces (v2, v4) or draws its shape (S<file>): an option with its cost
 * (problem/print.c's line, then " $T [N]"), and the rest.
 */
#include "tree/dlx5.h"
#include "problem/print.h"

#include <stdarg.h>
#include <string.h>

void xcc_cost_print_choice(FILE *f, const xcc_problem *p, const xcc_taxes *tx, const xcc_choice *c)
{
    xcc_print_choice(f, p, p->opt_node[c->option] + c->entry, c->k, c->d);
    ullng cost = xcc_cost_of(p, c->option);
    if (cost)
        fprintf(f, " $%llu [%llu]\n", cost, tx->net[c->option]);
    else
        fputc('\n', f);
}

/* The option of node q as the live links have it, d counting net costs below thresh. */
static void print_live(const cost_walk *w, int q, ullng thresh)
{
    int o = xcc_option_of(w->t.p, q);
    xcc_choice c = {o, q - w->t.p->opt_node[o], xcc_cost_position(&w->lk, q),
                    xcc_cost_usable(&w->lk, w->lk.nd[q].itm, thresh)};
    xcc_cost_print_choice(w->t.sink->trace, w->t.p, w->tx, &c);
}

void xcc_cost_trace_choice(const cost_walk *w, int cur)
{
    fprintf(w->t.sink->trace, "L%d:", w->t.level);
    print_live(w, cur, w->cutoff - w->curcost);
}

void xcc_cost_explain_start(const cost_walk *w)
{
    fprintf(w->t.sink->trace, "Level %d:", w->t.level);
}

void xcc_cost_explain(const cost_walk *w, int k, const char *fmt, ullng a, ullng b)
{
    FILE *f = w->t.sink->trace;
    fputc(' ', f);
    xcc_print_name(f, w->t.p, k);
    fprintf(f, fmt, a, b);
}

void xcc_cost_explain_end(const cost_walk *w, int best, int least)
{
    FILE *f = w->t.sink->trace;
    fputs(" branching on ", f);
    xcc_print_name(f, w->t.p, best);
    fprintf(f, "(%d)\n", least);
}

void xcc_cost_explain_dear(const cost_walk *w, int k, const char *why, int with_level)
{
    FILE *f = w->t.sink->trace;
    if (with_level)
        fprintf(f, "(Level %d, ", w->t.level);
    else
        fputc('(', f);
    xcc_print_name(f, w->t.p, k);
    fprintf(f, "%s)\n", why);
}

void xcc_cost_shape(const cost_walk *w, int best, int usable)
{
    FILE *f = w->t.sink->shape;
    fprintf(f, "%d ", usable);
    xcc_print_name(f, w->t.p, best);
    fputc('\n', f);
    fflush(f);
}

int xcc_cost_z_fits(const cost_walk *w)
{
    int per = w->zgiven + (int)strlen(w->zchars);
    if (!w->zgiven || (w->lk.second - 1) % per == 0)
        return 1;
    if (w->t.sink->trace)
        fprintf(w->t.sink->trace, "There are %d primary items, but z=%d and Z=%s!\n",
                w->lk.second - 1, w->zgiven, w->zchars);
    return 0;
}
