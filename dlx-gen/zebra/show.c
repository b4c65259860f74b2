/*
 * show.c — gen-zebra --show: a solver's listing of the puzzle back as a
 * table of houses, with the answers to the puzzle's questions in words.
 *
 * In each option (listing.h), an item "TAGh:color" fills a slot; the
 * other items of either encoding ("#k", V, "#TAGh", and "@V:h", which
 * must name a value and a house) are skipped, as the slots say it all.
 * Anything else is not a listing of this puzzle: "gen-zebra: FILE:LINE:
 * message", status 2. Each solution, once every slot holds one value and
 * no value is in two houses, is printed as a table (houses numbered from
 * 1) followed by the answers.
 */
#include "zebra.h"

#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "listing.h"

struct reading {
    const struct puzzle *pz;
    const struct colors *co;
    const struct listing *ls;
    int *slot;        /* slot[c*houses+h]: value index, or -1 */
    long *slot_line;  /* where it was filled */
    long count;       /* solutions printed */
};

static int decode_color(const struct puzzle *pz, const struct colors *co, int c, const char *color)
{
    for (int i = 0; i < pz->houses; i++) {
        if (!co->knuth) {
            if (!strcmp(pz->cat[c].value[i], color))
                return i;
        } else if (color[0] && !color[1] &&
                   color[0] == gen_ext_hex(co->per_category ? i : c * pz->houses + i)) {
            return i;
        }
    }
    return -1;
}

/* A house number 0 <= h < limit written in decimal, or -1. */
static int read_house(const char *s, long limit)
{
    long h = 0;
    if (!*s || (*s == '0' && s[1]) || strspn(s, "0123456789") != strlen(s) || strlen(s) > 9)
        return -1;
    h = strtol(s, NULL, 10);
    return h < limit ? (int)h : -1;
}

/* The category of the slot named "TAGh", or -1; sets *house. A slot of
   a house beyond the puzzle's gives -1 too, with *house set. */
static int slot_category(const struct puzzle *pz, const char *name, int *house, long limit)
{
    for (int c = 0; c < pz->ncat; c++) {
        size_t n = strlen(pz->cat[c].tag);
        if (!strncmp(name, pz->cat[c].tag, n) && (*house = read_house(name + n, limit)) >= 0)
            return c;
    }
    return -1;
}

void print_table(FILE *f, const struct puzzle *pz, const int *slot, const char *label)
{
    size_t cols = (size_t)pz->houses + 1, rows = (size_t)pz->ncat + 1;
    const char **cell = gen_realloc(NULL, rows * cols, sizeof *cell);
    char (*number)[24] = gen_realloc(NULL, cols, sizeof *number);
    cell[0] = "";
    for (int h = 0; h < pz->houses; h++) {
        snprintf(number[h], sizeof number[h], "%d", h + 1);
        cell[h + 1] = number[h];
    }
    for (int c = 0; c < pz->ncat; c++) {
        const char **row = cell + (size_t)(c + 1) * cols;
        row[0] = pz->cat[c].tag;
        for (int h = 0; h < pz->houses; h++) {
            int v = slot[c * pz->houses + h];
            row[h + 1] = v < 0 ? "?" : pz->cat[c].value[v];
        }
    }
    if (label)
        fprintf(f, "%s\n", label);
    draw_table(f, cell, rows, cols, "  ", 0);
    free(number);
    free(cell);
}

/* One item of an option on line. */
static void read_item(struct reading *rd, const struct lst_item *it, long line)
{
    const struct puzzle *pz = rd->pz;
    const char *w = it->name;
    int h, c;
    if (!it->color) { /* a clue #k, a value V or a slot #TAGh: nothing to learn */
        if (w[0] == '#' && w[1] && strspn(w + 1, "0123456789") == strlen(w + 1))
            return;
        if (find_value(pz, w).cat >= 0)
            return;
        if (w[0] == '#' && slot_category(pz, w + 1, &h, pz->houses) >= 0)
            return;
        listing_die(rd->ls, line, "'%s' is no item of this puzzle", w);
    }
    if (w[0] == '@') { /* "@V:h", V's house, also told by V's slot */
        if (find_value(pz, w + 1).cat < 0 || read_house(it->color, pz->houses) < 0)
            listing_die(rd->ls, line, "'%s:%s' is no item of this puzzle", w, it->color);
        return;
    }
    c = slot_category(pz, w, &h, pz->houses);
    if (c < 0 && slot_category(pz, w, &h, GEN_SIDE_MAX) >= 0)
        listing_die(rd->ls, line, "'%s' is no slot of this puzzle, which has %d houses", w,
                    pz->houses);
    if (c < 0)
        listing_die(rd->ls, line, "'%s' is no slot of this puzzle", w);
    int v = decode_color(pz, rd->co, c, it->color);
    if (v < 0)
        listing_die(rd->ls, line, "'%s' is no value of category %s%s", it->color, pz->cat[c].tag,
                    !rd->co->knuth && it->color[0] && !it->color[1]
                        ? " (one-character colors need --knuth)" : "");
    int *s = &rd->slot[c * pz->houses + h];
    if (*s >= 0 && *s != v)
        listing_die(rd->ls, line, "slot %s%d holds both %s (line %ld) and %s", pz->cat[c].tag, h,
                    pz->cat[c].value[*s], rd->slot_line[c * pz->houses + h], pz->cat[c].value[v]);
    *s = v;
    rd->slot_line[c * pz->houses + h] = line;
}

/* Reads the solution the listing holds, checks that it is a whole
   assignment, prints it. */
static void show_solution(struct reading *rd)
{
    const struct puzzle *pz = rd->pz;
    const struct listing *ls = rd->ls;
    int n = pz->houses;
    for (int k = 0; k < pz->ncat * n; k++)
        rd->slot[k] = -1;
    for (size_t k = 0; k < ls->nopts; k++) {
        const struct lst_option *o = &ls->opt[k];
        if (!o->nitems)
            listing_die(ls, o->line, "an option line with no items");
        for (size_t i = 0; i < o->nitems; i++)
            read_item(rd, &o->item[i], o->line);
    }
    for (int c = 0; c < pz->ncat; c++)
        for (int h = 0; h < n; h++) {
            int v = rd->slot[c * n + h];
            if (v < 0)
                listing_die(ls, ls->label_line, "solution %s leaves slot %s%d empty",
                            ls->label, pz->cat[c].tag, h);
            for (int g = 0; g < h; g++)
                if (rd->slot[c * n + g] == v)
                    listing_die(ls, rd->slot_line[c * n + h], "solution %s puts %s in slots %s%d "
                                "and %s%d", ls->label, pz->cat[c].value[v], pz->cat[c].tag, g,
                                pz->cat[c].tag, h);
        }
    draw_title(stdout, rd->count++, ls->label, NULL);
    print_table(stdout, pz, rd->slot, NULL);
    print_answers(stdout, pz, rd->slot);
}

int zebra_show(const struct puzzle *pz, const struct colors *co, struct listing *ls, int held)
{
    size_t nslots = (size_t)pz->ncat * (size_t)pz->houses;
    static struct reading rd;   /* static: reachable if a bad line ends the program */
    rd.pz = pz;
    rd.co = co;
    rd.ls = ls;
    rd.slot = gen_realloc(NULL, nslots, sizeof *rd.slot);
    rd.slot_line = gen_realloc(NULL, nslots, sizeof *rd.slot_line);
    for (int more = held; more; more = listing_next(ls))
        show_solution(&rd);
    if (!rd.count)
        printf("no solutions\n");
    free(rd.slot);
    free(rd.slot_line);
    return rd.count ? PROG_DONE : listing_none(ls);
}

int listing_houses(const struct puzzle *pz, const struct listing *ls)
{
    int houses = 0, h, c;
    size_t filled = 0;
    for (size_t k = 0; k < ls->nopts; k++)
        for (size_t i = 0; i < ls->opt[k].nitems; i++) {
            const struct lst_item *it = &ls->opt[k].item[i];
            if (it->color && slot_category(pz, it->name, &h, pz->houses) >= 0 && h >= houses)
                houses = h + 1;
        }
    /* a whole assignment fills every slot of its houses, each once */
    char *seen = gen_zalloc((size_t)pz->ncat * (size_t)(houses ? houses : 1), 1);
    for (size_t k = 0; k < ls->nopts; k++)
        for (size_t i = 0; i < ls->opt[k].nitems; i++) {
            const struct lst_item *it = &ls->opt[k].item[i];
            if (it->color && (c = slot_category(pz, it->name, &h, houses)) >= 0
                && !seen[c * houses + h]++)
                filled++;
        }
    free(seen);
    return filled == (size_t)(pz->ncat * houses) ? houses : 0;
}
