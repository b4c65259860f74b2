/*
 * xcc_print.c — everything the engine can print, in DLX2's layouts:
 * options with their place in the branch list, solutions, progress
 * lines, state reports, item totals.
 *
 * These read the live dancing-links structure, so "(k of n)" and the
 * progress codes describe the lists as they are at the moment of
 * printing, which is what DLX2 prints too.
 */
#include "xcc.h"

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

/* The items of the option of node q, starting with q's, with colors. */
static void print_option_items(FILE *f, const xcc_problem *p, int q)
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
    print_option_items(f, p, q);
    int item = nd[q].itm, k = 1;
    for (int x = nd[item].down; x != q; x = nd[x].down, k++) {
        if (x == item) {
            fputs(" (?)\n", f); /* not in its item's list */
            return;
        }
    }
    fprintf(f, " (%d of %d)\n", k, nd[item].len);
}

void xcc_print_solution(FILE *f, const xcc_search *s)
{
    fprintf(f, "%llu:\n", s->count);
    for (int k = 0; k <= s->level; k++) {
        if (s->twin_k) { /* the twin engine knows the places; its links are not live */
            print_option_items(f, s->p, s->choice[k]);
            fprintf(f, " (%d of %d)\n", s->twin_k[k], s->twin_d[k]);
        } else {
            xcc_print_option(f, s->p, s->choice[k]);
        }
    }
}

/* The fast engine keeps (k of d) itself: its lists are not linked. */
void xcc_fast_print_solution(FILE *f, const xcc_fast *fs)
{
    fprintf(f, "%llu:\n", fs->count);
    for (int l = 0; l < fs->sol_len; l++) {
        print_option_items(f, fs->p, fs->choice_node[l]);
        fprintf(f, " (%d of %d)\n", fs->choice_k[l], fs->choice_d[l]);
    }
}

/* Position k (1-based) of the chosen node in its item's list of d. */
static void place_of_choice(const xcc_search *s, int l, int *k, int *d)
{
    if (s->twin_k) {
        *k = s->twin_k[l], *d = s->twin_d[l];
        return;
    }
    const xcc_node *nd = s->p->nd;
    int item = nd[s->choice[l]].itm;
    *d = nd[item].len;
    *k = 1;
    for (int x = nd[item].down; x != s->choice[l] && x != item; x = nd[x].down)
        ++*k;
}

double xcc_progress_estimate(const xcc_search *s)
{
    double f = 0.0, fd = 1.0;
    if (s->fraction_done >= 0)
        return s->fraction_done;
    for (int l = 0; l < s->level; l++) {
        int k, d;
        place_of_choice(s, l, &k, &d);
        fd *= d;
        f += (k - 1) / fd;
    }
    return f + 0.5 / fd;
}

/* DLX2's one-character code for 0..61, '*' beyond. */
static char code_char(int v)
{
    return v < 10 ? (char)('0' + v) : v < 36 ? (char)('a' + v - 10) : v < 62 ? (char)('A' + v - 36) : '*';
}

void xcc_print_progress(FILE *f, const xcc_search *s)
{
    int dots = 0;
    fprintf(f, " after %llu mems: %llu sols,", s->mems, s->count);
    for (int l = 0; l < s->level; l++) {
        int k, d;
        place_of_choice(s, l, &k, &d);
        if (l < s->show_levels_max)
            fprintf(f, " %c%c", code_char(k), code_char(d));
        else if (!dots)
            dots = 1, fputs("...", f);
    }
    fprintf(f, " %.5f\n", xcc_progress_estimate(s));
}

void xcc_print_state(FILE *f, const xcc_search *s)
{
    fprintf(f, "Current state (level %d):\n", s->level);
    for (int l = 0; l < s->level; l++) {
        xcc_print_option(f, s->p, s->choice[l]);
        if (l >= s->show_levels_max) {
            fputs(" ...\n", f);
            break;
        }
    }
    fprintf(f, " %llu solutions, %llu mems, and max level %d so far.\n", s->count, s->mems,
            s->maxl);
}

void xcc_print_item_totals(FILE *f, const xcc_problem *p)
{
    fputs("Item totals:", f);
    for (int k = 1; k < p->last_itm; k++) {
        if (k == p->second)
            fputs(" |", f);
        fprintf(f, " %d", p->stop_len ? p->stop_len[k] : p->nd[k].len);
    }
    fputc('\n', f);
}
