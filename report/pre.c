/*
 * pre.c — what dlx2 --preprocess writes: the reduced problem on stdout
 * (lib/pre/pre.c reduces), and on stderr what was removed.
 */
#include "report.h"

/* The name of item i. */
static void name(FILE *f, const xcc_problem *p, int i)
{
    fwrite(p->names + p->cl[i].name, 1, (size_t)p->cl[i].namelen, f);
}

/* The option of node x as reduced: its items in input order. */
static void option(FILE *f, const xcc_pre *s, int x)
{
    for (int q = xcc_pre_first(s, x); q; q = xcc_pre_next(s, q))
        rep_entry(f, s->p, q);
}

void rep_reduced(FILE *f, const xcc_pre *s, int from)
{
    const xcc_problem *p = s->p;
    if (s->infeasible) {
        name(f, p, s->infeasible);
        fputc('\n', f);
        return;
    }
    for (int c = 1, bar = 0; c < p->last_itm; c++)
        if (s->nd[c].len) {
            if (c >= p->second && !bar)
                bar = 1, fputs(" |", f);
            fputc(' ', f);
            name(f, p, c);
        }
    fputc('\n', f);
    /* each option once: from the item of its first node left */
    for (int c = 1; c < p->last_itm; c++) {
        if (!s->nd[c].len)
            continue;
        for (int r = s->nd[c].down; r >= p->last_itm; r = s->nd[r].down) {
            int q = r - 1;
            while (s->nd[q].down == q - 1) /* null spacers */
                q--;
            if (s->nd[q].itm > 0)
                continue;
            option(f, s, r);
            fputc('\n', f);
            if (from)
                fprintf(f, "| (from %d)\n", xcc_pre_number(s, r));
        }
    }
}

void rep_pre_note(void *ctx, const xcc_pre *s, xcc_pre_event e, int item, int other, int node)
{
    FILE *f = ((rep *)ctx)->err;
    const xcc_problem *p = s->p;
    switch (e) {
    case XCC_PRE_FORCED:
        fputs("Deleting item ", f), name(f, p, item), fputs(", forced by ", f), name(f, p, other);
        fputc('\n', f);
        return;
    case XCC_PRE_SHORTEN:
        fputs(" shortening", f);
        break;
    case XCC_PRE_DELETE:
        fputs(" deleting", f);
        break;
    case XCC_PRE_BLOCKED:
        fputc(' ', f), name(f, p, other), fputs(" blocked by", f);
        break;
    case XCC_PRE_EMPTY:
        fputc(' ', f), name(f, p, item), fputs(" is in no options\n", f);
        return;
    case XCC_PRE_INFEASIBLE:
        fputs("Primary item ", f), name(f, p, item), fputs(" is in no options!\n", f);
        return;
    }
    option(f, s, node);
    fprintf(f, " (option %d)\n", xcc_pre_number(s, node));
}

void rep_pre_closing(FILE *f, const xcc_pre *s)
{
    fprintf(f, "Removed %d option%s and %d item%s in %d round%s.\n", s->options_out,
            s->options_out == 1 ? "" : "s", s->items_out, s->items_out == 1 ? "" : "s",
            s->rounds, s->rounds == 1 ? "" : "s");
    if (s->cut && s->budget > XCC_PRE_FLOOR)
        fprintf(f, "Cut short: the reduction's budget of %llu mems (%g%% of the search's estimated"
                   " %.0f) ran out.\n", s->budget, 100 * s->share, s->estimate);
    else if (s->cut)
        fprintf(f, "Cut short: the reduction's budget of %llu mems (the least it gets; the search's"
                   " estimated %.0f) ran out.\n", s->budget, s->estimate);
}
