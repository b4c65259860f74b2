/*
 * problem/problem.c — the public calls on problems (include/xcc.h): making
 * one by reading or by building, and reading back its items and options
 * in the public numbering (items and options from 0, in input order).
 */
#include "problem/problem.h"
#include "base/alloc.h"
#include "base/text.h"

#include <string.h>

/* Runs make on a fresh problem; *out gets it, or NULL. */
static xcc_status made(xcc_problem **out, xcc_status (*make)(xcc_problem *, const void *,
                                                             const xcc_read_options *, xcc_diag *),
                       const void *from, const xcc_read_options *o, xcc_diag *d)
{
    xcc_problem *p = malloc(sizeof *p);
    *out = NULL;
    if (!p)
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory");
    xcc_status s = make(p, from, o, d);
    if (s)
        free(p);
    else
        *out = p;
    return s;
}

static xcc_status from_stream(xcc_problem *p, const void *in, const xcc_read_options *o,
                              xcc_diag *d)
{
    return xcc_read(p, (FILE *)in, o, d);
}

static xcc_status from_text(xcc_problem *p, const void *text, const xcc_read_options *o,
                            xcc_diag *d)
{
    return xcc_read_text(p, text, o, d);
}

static xcc_status from_nothing(xcc_problem *p, const void *unused, const xcc_read_options *o,
                               xcc_diag *d)
{
    (void)unused, (void)o;
    return xcc_build_start(p, d);
}

/* What the reader takes of the settings. */
static xcc_read_options reading(const xcc_settings *s)
{
    return (xcc_read_options){.warnings = s ? s->warnings : NULL,
                              .randomize = s ? s->randomize : 0, .seed = s ? s->seed : 0};
}

xcc_status xcc_problem_read(xcc_problem **out, FILE *in, const xcc_settings *s, xcc_diag *d)
{
    xcc_read_options o = reading(s);
    return made(out, from_stream, in, &o, d);
}

xcc_status xcc_problem_parse(xcc_problem **out, const char *text, const xcc_settings *s,
                             xcc_diag *d)
{
    xcc_read_options o = reading(s);
    return made(out, from_text, text, &o, d);
}

xcc_status xcc_problem_new(xcc_problem **out)
{
    return made(out, from_nothing, NULL, NULL, NULL);
}

xcc_status xcc_problem_add_item(xcc_problem *p, const char *name, int secondary, xcc_diag *d)
{
    if (d)
        memset(d, 0, sizeof *d);
    return xcc_build_item(p, name, strlen(name), secondary, d);
}

xcc_status xcc_problem_add_option(xcc_problem *p, const char *text, xcc_diag *d)
{
    if (d)
        memset(d, 0, sizeof *d);
    return xcc_build_option(p, text, d);
}

void xcc_problem_free(xcc_problem *p)
{
    if (p) {
        xcc_release(p);
        free(p);
    }
}

/* ---- reading it back ------------------------------------------------ */

int xcc_problem_items(const xcc_problem *p)
{
    return p->last_itm - 1;
}

int xcc_problem_primary_items(const xcc_problem *p)
{
    return (p->second ? p->second : p->last_itm) - 1;
}

int xcc_problem_options(const xcc_problem *p)
{
    return (int)p->options;
}

const char *xcc_item_name(const xcc_problem *p, int item)
{
    if (item < 0 || item >= p->last_itm - 1)
        return NULL;
    return p->names + p->cl[item + 1].name;
}

int xcc_item_options(const xcc_problem *p, int item)
{
    if (item < 0 || item >= p->last_itm - 1)
        return 0;
    return p->nd[item + 1].len;
}

/* The node of entry k of option o, or 0 if there is none. */
static int entry_node(const xcc_problem *p, int o, int k)
{
    if (o < 0 || (ullng)o >= p->options || k < 0 || k >= xcc_option_size(p, o))
        return 0;
    return p->opt_node[o] + k;
}

int xcc_option_size(const xcc_problem *p, int o)
{
    if (o < 0 || (ullng)o >= p->options)
        return 0;
    int x = p->opt_node[o];
    while (p->nd[x].itm > 0)
        x++;
    return x - p->opt_node[o];
}

int xcc_option_item(const xcc_problem *p, int o, int k)
{
    int x = entry_node(p, o, k);
    return x ? p->nd[x].itm - 1 : -1;
}

const char *xcc_option_color(const xcc_problem *p, int o, int k)
{
    int x = entry_node(p, o, k);
    int c = x ? p->nd[x].color : 0;
    if (c < 0) /* cleansed, in a search that is running */
        c = p->nd[p->nd[x].itm].aux;
    return c > 0 ? xcc_color_name(p, c) : NULL;
}

long xcc_option_line(const xcc_problem *p, int o)
{
    return o < 0 || (ullng)o >= p->options ? 0 : p->opt_line[o];
}

unsigned long long xcc_option_cost(const xcc_problem *p, int o)
{
    return o < 0 || (ullng)o >= p->options ? 0 : xcc_cost_of(p, o);
}

int xcc_item_bounds(const xcc_problem *p, int item, int *lo, int *hi)
{
    xcc_bound b = {0, 0};
    if (item >= 0 && item < xcc_problem_primary_items(p))
        b = xcc_item_bound(p, item + 1);
    if (lo)
        *lo = b.lo;
    if (hi)
        *hi = b.hi;
    return b.hi > 0;
}
