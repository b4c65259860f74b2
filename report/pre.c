/*
 * pre.c — what dlx2 --preprocess writes: the reduced problem on stdout
 * (lib/pre/pre.c reduces), and on stderr what was removed.
 */
#include "report.h"

static void name(FILE *f, const xcc_pre *s, int i)
{
    fputs(xcc_pre_name(s, i), f);
}

/* The option of node x as reduced: its entries in input order. */
static void option(FILE *f, const xcc_pre *s, int x)
{
    for (int q = xcc_pre_first(s, x); q; q = xcc_pre_next(s, q)) {
        const char *color, *item = xcc_pre_entry(s, q, &color);
        fputc(' ', f);
        fputs(item, f);
        if (color) {
            fputc(':', f);
            fputs(color, f);
        }
    }
}

void rep_reduced(FILE *f, const xcc_pre *s, int from)
{
    if (s->infeasible) {
        name(f, s, s->infeasible);
        fputc('\n', f);
        return;
    }
    for (int c = xcc_pre_next_item(s, 0), bar = 0; c; c = xcc_pre_next_item(s, c)) {
        if (xcc_pre_secondary(s, c) && !bar)
            bar = 1, fputs(" |", f);
        fputc(' ', f);
        name(f, s, c);
    }
    fputc('\n', f);
    for (int r = xcc_pre_next_option(s, 0); r; r = xcc_pre_next_option(s, r)) {
        option(f, s, r);
        fputc('\n', f);
        if (from)
            fprintf(f, "| (from %d)\n", xcc_pre_number(s, r));
    }
}

void rep_pre_note(void *ctx, const xcc_pre *s, xcc_pre_event e, int item, int other, int node)
{
    const rep *r = ctx;
    FILE *f = r->err;
    if (e == XCC_PRE_PROGRESS) {
        fprintf(f, " after %llu mems: %d.%d, %d items out, %d options out\n", s->kmems, s->rounds,
                item, s->items_out, s->options_out);
        return;
    }
    if (e == XCC_PRE_ROUND) {
        if (r->vbose & XCC_SHOW_CHOICES)
            fprintf(f, "Beginning round %d:\n", s->rounds);
        return;
    }
    if (!(r->vbose & XCC_SHOW_DETAILS))
        return;
    switch (e) {
    case XCC_PRE_FORCED:
        fputs("Deleting item ", f), name(f, s, item), fputs(", forced by ", f), name(f, s, other);
        fputc('\n', f);
        return;
    case XCC_PRE_SHORTEN:
        fputs(" shortening", f);
        break;
    case XCC_PRE_DELETE:
        fputs(" deleting", f);
        break;
    case XCC_PRE_BLOCKED:
        fputc(' ', f), name(f, s, other), fputs(" blocked by", f);
        break;
    case XCC_PRE_EMPTY:
        fputc(' ', f), name(f, s, item), fputs(" is in no options\n", f);
        return;
    case XCC_PRE_INFEASIBLE:
        fputs("Primary item ", f), name(f, s, item), fputs(" is in no options!\n", f);
        return;
    default:
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

void rep_pre_end(const rep *r, const xcc_pre *s)
{
    const xcc_problem *p = r->p;
    ullng mems = s->kmems;
    if (!s->infeasible) { /* DLX-PRE stops at once, writing neither totals nor options */
        mems += xcc_pre_output_mems(s);
        if (r->vbose & XCC_SHOW_TOTS) {
            int items = xcc_problem_items(p), primary = xcc_problem_primary_items(p);
            fputs("Item totals:", r->err);
            for (int k = 0; k < items; k++)
                fprintf(r->err, "%s %d", k == primary ? " |" : "", xcc_pre_len(s, k + 1));
            fputc('\n', r->err);
        }
    }
    if (!(r->vbose & XCC_SHOW_BASICS))
        return;
    fprintf(r->err, "Removed %d option%s and %d item%s, after %llu+%llu mems, %d round%s.\n",
            s->options_out, s->options_out == 1 ? "" : "s", s->items_out, s->items_out == 1 ? "" : "s",
            s->imems, mems, s->rounds, s->rounds == 1 ? "" : "s");
}
