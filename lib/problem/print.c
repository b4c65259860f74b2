/*
 * problem/print.c — an option as DLX2 prints it, in one place: the
 * listing of a solution (xcc_option_text, which the report calls) and
 * what the links write while they trace a search (v2, v4, S<file>).
 * Solutions, progress and the closing line are the report module's
 * (report/); the tracing reads the live dancing-links structure, so
 * "(k of n)" describes the lists as they are at the moment of printing,
 * which is what DLX2 prints too.
 */
#include "problem/print.h"
#include "base/alloc.h"

#include <string.h>

void xcc_print_name(FILE *f, const xcc_problem *p, int item)
{
    fwrite(p->names + p->cl[item].name, 1, (size_t)p->cl[item].namelen, f);
}

/*
 * The one printer of an option's entries, " name name:color ...", from
 * node q round to it, into out as snprintf would (at most size bytes,
 * NUL included); the length of the whole. A cleansed node (-1) agrees
 * with the color of its item; a color out of range shows as '?'.
 */
static size_t entries_text(const xcc_problem *p, int q, char *out, size_t size)
{
    const xcc_node *nd = p->nd;
    size_t n = 0;
#define PUT(s, len)                                                \
    do {                                                           \
        size_t l_ = (len);                                         \
        if (n + l_ < size)                                         \
            memcpy(out + n, (s), l_);                              \
        else if (n < size)                                         \
            memcpy(out + n, (s), size - 1 - n);                    \
        n += l_;                                                   \
    } while (0)
    for (int x = q;;) {
        int item = nd[x].itm;
        PUT(" ", 1);
        PUT(p->names + p->cl[item].name, (size_t)p->cl[item].namelen);
        if (nd[x].color) {
            int c = nd[x].color > 0 ? nd[x].color : nd[item].aux;
            PUT(":", 1);
            if (c > 0 && c <= p->ncolors)
                PUT(p->names + p->color_name[c], (size_t)p->color_len[c]);
            else
                PUT("?", 1);
        }
        x++;
        if (nd[x].itm <= 0)
            x = nd[x].up;
        if (x == q)
            break;
    }
#undef PUT
    if (size)
        out[n < size ? n : size - 1] = '\0';
    return n;
}

size_t xcc_option_text(const xcc_problem *p, int o, int k, char *out, size_t size)
{
    if (o < 0 || (ullng)o >= p->options || k < 0 || k >= xcc_option_size(p, o)) {
        if (size)
            *out = '\0';
        return 0;
    }
    return entries_text(p, p->opt_node[o] + k, out, size);
}

void xcc_print_entries(FILE *f, const xcc_problem *p, int q)
{
    char buf[1024], *text = buf;
    size_t n = entries_text(p, q, buf, sizeof buf);
    if (n >= sizeof buf && (text = malloc(n + 1)))
        entries_text(p, q, text, n + 1);
    fwrite(text ? text : buf, 1, text ? n : sizeof buf - 1, f);
    if (text != buf)
        free(text);
}

void xcc_print_choice(FILE *f, const xcc_problem *p, int q, int k, int d)
{
    if (q < p->last_itm) {
        fputs(" null ", f);
        xcc_print_name(f, p, q);
    } else {
        xcc_print_entries(f, p, q);
    }
    if (k > 0)
        fprintf(f, " (%d of %d)", k, d);
    else
        fputs(" (?)", f);
}

void xcc_print_option(FILE *f, const xcc_problem *p, int q)
{
    const xcc_node *nd = p->nd;
    if (q < p->last_itm || q >= p->last_node || nd[q].itm <= 0) {
        fprintf(f, "Illegal option %d!\n", q);
        return;
    }
    int item = nd[q].itm, k = 1;
    for (int x = nd[item].down; x != q; x = nd[x].down, k++)
        if (x == item) { /* not in its item's list */
            k = 0;
            break;
        }
    xcc_print_choice(f, p, q, k, nd[item].len);
    fputc('\n', f);
}
