/*
 * problem/print.c — what the links write while they trace a search (v2, v4,
 * S<file>), in DLX2's layouts. Solutions, progress and the closing line
 * are the report module's (report/); these read the live dancing-links
 * structure, so "(k of n)" describes the lists as they are at the moment
 * of printing, which is what DLX2 prints too.
 */
#include "problem/print.h"

void xcc_print_name(FILE *f, const xcc_problem *p, int item)
{
    fwrite(p->names + p->cl[item].name, 1, (size_t)p->cl[item].namelen, f);
}

static void print_color(FILE *f, const xcc_problem *p, int color)
{
    if (color > 0 && color <= p->ncolors)
        fwrite(p->names + p->color_name[color], 1, (size_t)p->color_len[color], f);
    else
        fputc('?', f);
}

void xcc_print_entries(FILE *f, const xcc_problem *p, int q)
{
    const xcc_node *nd = p->nd;
    for (int x = q;;) {
        int item = nd[x].itm;
        fputc(' ', f);
        xcc_print_name(f, p, item);
        if (nd[x].color) {
            fputc(':', f);
            /* a cleansed node (-1) agrees with the color of its item */
            print_color(f, p, nd[x].color > 0 ? nd[x].color : nd[item].aux);
        }
        x++;
        if (nd[x].itm <= 0)
            x = nd[x].up;
        if (x == q)
            break;
    }
}

void xcc_print_option(FILE *f, const xcc_problem *p, int q)
{
    const xcc_node *nd = p->nd;
    if (q < p->last_itm || q >= p->last_node || nd[q].itm <= 0) {
        fprintf(f, "Illegal option %d!\n", q);
        return;
    }
    xcc_print_entries(f, p, q);
    int item = nd[q].itm, k = 1;
    for (int x = nd[item].down; x != q; x = nd[x].down, k++) {
        if (x == item) {
            fputs(" (?)\n", f); /* not in its item's list */
            return;
        }
    }
    fprintf(f, " (%d of %d)\n", k, nd[item].len);
}
