/*
 * api/figures.c — the figures handle of include/xcc.h: a search's figures
 * (sink.h) read by name, in 64 bits or, past them, exactly in decimal.
 */
#include "api/api.h"
#include "base/alloc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The figures by name: a field of xcc_figs, 128 bits or 64. */
typedef struct fig_row {
    const char *name;
    size_t at;
    int wide; /* an xcc_u128; else an ullng, or an int when small */
    int small;
} fig_row;

#define U128(n, f) {n, offsetof(xcc_figs, f), 1, 0}
#define ULL(n, f) {n, offsetof(xcc_figs, f), 0, 0}
#define INT(n, f) {n, offsetof(xcc_figs, f), 0, 1}

static const fig_row rows[] = {
    U128("solutions", solutions), U128("nodes", nodes), U128("updates", updates),
    U128("cleansings", cleansings), U128("imems", imems), U128("mems", mems),
    U128("lmems", lmems), U128("cmems", cmems), ULL("bytes", bytes), INT("level", level),
    INT("maxl", maxl), INT("mems-counted", mems_counted), INT("knuth", knuth),
    INT("costs", ncosts), {"microseconds", 0, 0, 2},
};
#define ROWS (int)(sizeof rows / sizeof rows[0])

const char *xcc_figure_name(int k)
{
    return k >= 0 && k < ROWS ? rows[k].name : NULL;
}

static const fig_row *row_of(const char *name)
{
    for (int k = 0; name && k < ROWS; k++)
        if (!strcmp(rows[k].name, name))
            return &rows[k];
    return NULL;
}

xcc_status xcc_figures_new(xcc_figures **out)
{
    *out = calloc(1, sizeof **out);
    return *out ? XCC_OK : XCC_NO_MEMORY;
}

void xcc_api_figures_reset(xcc_figures *f)
{
    xcc_figs_free(&f->figs);
    free(f->text);
    memset(f, 0, sizeof *f);
}

void xcc_figures_free(xcc_figures *f)
{
    if (f) {
        xcc_api_figures_reset(f);
        free(f);
    }
}

/* Figure r of f, in 128 bits; *big: the count is f's xcc_big instead. */
static xcc_u128 value_of(const xcc_figures *f, const fig_row *r, int *big)
{
    const char *base = (const char *)&f->figs;
    *big = r->wide && !strcmp(r->name, "solutions") && f->figs.big_solutions;
    if (r->small == 2)
        return f->figs.seconds > 0 ? (xcc_u128)(f->figs.seconds * 1e6) : 0;
    if (r->small) {
        int v = *(const int *)(base + r->at);
        return v > 0 ? (xcc_u128)v : 0;
    }
    if (r->wide)
        return *(const xcc_u128 *)(base + r->at);
    return *(const ullng *)(base + r->at);
}

xcc_status xcc_figure(const xcc_figures *f, const char *name, unsigned long long *value)
{
    const fig_row *r = row_of(name);
    int big, over = 0;
    *value = 0;
    if (!r)
        return XCC_UNKNOWN_NAME;
    xcc_u128 v = value_of(f, r, &big);
    if (big) {
        *value = XCC_UNLIMITED;
        return XCC_OVERFLOW;
    }
    *value = xcc_u128_low(v, &over);
    if (over) {
        *value = XCC_UNLIMITED;
        return XCC_OVERFLOW;
    }
    return XCC_OK;
}

xcc_status xcc_figure_cost(const xcc_figures *f, int k, unsigned long long *value)
{
    *value = 0;
    if (k < 0 || k >= f->figs.ncosts)
        return XCC_UNKNOWN_NAME;
    *value = f->figs.costs[k];
    return XCC_OK;
}

xcc_stop xcc_figures_stop(const xcc_figures *f)
{
    return f->figs.stop;
}

static const char *const stops[] = {"complete", "count", "mems", "interrupt", "callback",
                                    "wide", "running"};

/* Keeps a copy of t as f's text (NULL without memory). */
static const char *keep(xcc_figures *f, const char *t)
{
    free(f->text);
    f->text = t ? malloc(strlen(t) + 1) : NULL;
    return f->text ? strcpy(f->text, t) : NULL;
}

const char *xcc_figure_text(xcc_figures *f, const char *name)
{
    char buf[XCC_U128_TEXT];
    if (name && !strcmp(name, "engine"))
        return keep(f, f->figs.engine ? f->figs.engine : "");
    if (name && !strcmp(name, "stop"))
        return keep(f, (unsigned)f->figs.stop < sizeof stops / sizeof stops[0] ? stops[f->figs.stop]
                                                                              : "unknown");
    if (name && !strcmp(name, "seconds")) {
        snprintf(buf, sizeof buf, "%.6f", f->figs.seconds);
        return keep(f, buf);
    }
    const fig_row *r = row_of(name);
    int big;
    if (!r)
        return NULL;
    xcc_u128 v = value_of(f, r, &big);
    if (big) {
        free(f->text);
        return f->text = xcc_big_text(&f->figs.big);
    }
    return keep(f, xcc_u128_text(v, buf));
}
