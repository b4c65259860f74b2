/*
 * api/settings.c — the settings handle of include/xcc.h: its defaults, the
 * table of settings by name (dlx2's long options where it has one), and
 * xcc_check. Each row says how its value is read and written back as
 * text and what range it takes; a call that fails changes nothing.
 */
#include "api/api.h"
#include "base/text.h"
#include "base/alloc.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void xcc_settings_init(xcc_settings *s)
{
    memset(s, 0, sizeof *s);
    s->max_solutions = XCC_UNLIMITED;
    s->max_mems = XCC_UNLIMITED;
    s->threads = 1;
    s->best = 1;
    s->own = *xcc_knobs(NULL);
}

/* The kinds of values. */
enum set_kind {
    K_INT,     /* a whole number in [lo, hi] */
    K_COUNT,   /* 0 .. 2^64 - 2, or "unlimited" (XCC_UNLIMITED) */
    K_ENGINE,  /* a name of the table of engines, or "auto" */
    K_SHARD,   /* "K/N" */
    K_SECONDS  /* more than 0, or "unlimited" (0) */
};

typedef struct set_row {
    const char *name;
    enum set_kind kind;
    long long lo, hi;
} set_row;

enum { S_ENGINE, S_THREADS, S_MAX_SOLUTIONS, S_MAX_MEMS, S_SHARD, S_RANDOMIZE, S_SEED, S_BEST,
       S_SAMPLES, S_TIME_LIMIT, S_MEMORY_LIMIT, S_COUNT };

static const set_row rows[S_COUNT] = {
    [S_ENGINE] = {"engine", K_ENGINE, 0, 0},
    [S_THREADS] = {"threads", K_INT, 1, 1024},
    [S_MAX_SOLUTIONS] = {"max-solutions", K_COUNT, 0, 0},
    [S_MAX_MEMS] = {"max-mems", K_COUNT, 0, 0},
    [S_SHARD] = {"shard", K_SHARD, 0, 1000000},
    [S_RANDOMIZE] = {"randomize", K_INT, 0, 1},
    [S_SEED] = {"seed", K_INT, 0, LONG_MAX},
    [S_BEST] = {"best", K_INT, 1, 15000},
    [S_SAMPLES] = {"samples", K_COUNT, 0, 0},
    [S_TIME_LIMIT] = {"time-limit", K_SECONDS, 0, 1000000000},
    [S_MEMORY_LIMIT] = {"memory-limit", K_COUNT, 0, 0},
};

const char *xcc_setting_name(int k)
{
    return k >= 0 && k < S_COUNT ? rows[k].name : NULL;
}

static int row_of(const char *name)
{
    for (int k = 0; name && k < S_COUNT; k++)
        if (!strcmp(rows[k].name, name))
            return k;
    return -1;
}

xcc_status xcc_settings_new(xcc_settings **out)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return XCC_NO_MEMORY;
    xcc_settings_init(*out);
    return XCC_OK;
}

/* After a copy of s into t: what pointed into s points into t. */
static void settle(xcc_settings *t, const xcc_settings *s)
{
    if (s->dlx2 == &s->own)
        t->dlx2 = &t->own;
    if (s->engine == s->engine_name)
        t->engine = t->engine_name;
}

xcc_status xcc_settings_copy(xcc_settings **out, const xcc_settings *s)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return XCC_NO_MEMORY;
    **out = *s;
    settle(*out, s);
    return XCC_OK;
}

void xcc_settings_free(xcc_settings *s)
{
    free(s);
}

void xcc_settings_set_interrupt(xcc_settings *s, volatile sig_atomic_t *flag)
{
    s->user_interrupt = flag;
}

void xcc_settings_set_warnings(xcc_settings *s, FILE *f)
{
    s->warnings = f;
}

void xcc_settings_set_hooks(xcc_settings *s, xcc_accept_fn accept, xcc_retract_fn retract,
                            void *ctx)
{
    s->accept = accept, s->retract = retract, s->hook_ctx = ctx;
}

/* A decimal number of the whole text (a sign allowed), into *v; 0, or -1. */
static int whole(const char *t, long long *v, unsigned long long *u, int unsigned_too)
{
    char *end;
    errno = 0;
    if (!*t || (t[0] != '-' && t[0] != '+' && (t[0] < '0' || t[0] > '9')))
        return -1;
    if (unsigned_too && t[0] != '-') {
        *u = strtoull(t, &end, 10);
        return errno || *end ? -1 : 0;
    }
    *v = strtoll(t, &end, 10);
    return errno || *end ? -1 : 0;
}

static xcc_status bad(xcc_diag *d, const set_row *r, const char *value, const char *range)
{
    char q[XCC_QUOTE_SIZE(40)];
    return xcc_diag_set(d, XCC_BAD_VALUE, "setting %s takes %s, not '%s'", r->name, range,
                        xcc_quote(value, strlen(value), 40, q));
}

xcc_status xcc_settings_set(xcc_settings *s, const char *name, const char *value, xcc_diag *d)
{
    char q[XCC_QUOTE_SIZE(40)];
    int k = row_of(name);
    if (k < 0)
        return xcc_diag_set(d, XCC_UNKNOWN_NAME, "no setting is named '%s'",
                            name ? xcc_quote(name, strlen(name), 40, q) : "(null)");
    const set_row *r = &rows[k];
    if (!value)
        return bad(d, r, "(null)", "a value");
    if (d)
        memset(d, 0, sizeof *d);
    long long v = 0;
    unsigned long long u = 0;
    switch (r->kind) {
    case K_INT:
        if (whole(value, &v, &u, 0) || v < r->lo || v > r->hi) {
            char range[64];
            snprintf(range, sizeof range, "a whole number from %lld to %lld", r->lo, r->hi);
            return bad(d, r, value, range);
        }
        break;
    case K_COUNT:
        if (!strcmp(value, "unlimited") && k != S_SAMPLES && k != S_MEMORY_LIMIT)
            u = XCC_UNLIMITED;
        else if (whole(value, &v, &u, 1) || u == XCC_UNLIMITED)
            return bad(d, r, value, k == S_SAMPLES || k == S_MEMORY_LIMIT
                                        ? "a whole number from 0 to 2^64 - 2"
                                        : "a whole number from 0 to 2^64 - 2, or 'unlimited'");
        break;
    case K_ENGINE:
        if (strcmp(value, XCC_ENGINE_AUTO) && !xcc_engine_row_named(value)) {
            char names[200];
            return bad(d, r, value, xcc_engine_names(names, sizeof names, XCC_ENGINE_AUTO));
        }
        break;
    case K_SHARD: {
        int a, b, n = -1;
        if (sscanf(value, "%d/%d%n", &a, &b, &n) != 2 || n != (int)strlen(value)
            || !((a == 0 && b == 0) || (a >= 1 && a <= b && b <= r->hi)))
            return bad(d, r, value, "K/N with 1 <= K <= N <= 1000000, or 0/0 (all of it)");
        s->shard = a, s->shards = b;
        return XCC_OK;
    }
    case K_SECONDS: {
        char *end;
        double x = strtod(value, &end);
        if (!strcmp(value, "unlimited"))
            x = 0;
        else if (*end || !(x > 0) || x > (double)r->hi || end == value)
            return bad(d, r, value, "a number of seconds above 0 and at most 10^9, or 'unlimited'");
        s->time_limit = x;
        return XCC_OK;
    }
    }
    switch (k) {
    case S_ENGINE:
        snprintf(s->engine_name, sizeof s->engine_name, "%s", value);
        s->engine = s->engine_name;
        break;
    case S_THREADS: s->threads = (int)v; break;
    case S_MAX_SOLUTIONS: s->max_solutions = u; break;
    case S_MAX_MEMS: s->max_mems = u; break;
    case S_RANDOMIZE: s->randomize = (int)v; break;
    case S_SEED: s->seed = (long)v; break;
    case S_BEST: s->best = (int)v; break;
    case S_SAMPLES: s->samples = u; break;
    case S_MEMORY_LIMIT:
        if (s->dlx2 != &s->own) { /* the knobs become the handle's own */
            s->own = *xcc_knobs(s);
            s->dlx2 = &s->own;
        }
        s->own.memory_limit = u;
        break;
    }
    return XCC_OK;
}

xcc_status xcc_settings_set_int(xcc_settings *s, const char *name, long long value, xcc_diag *d)
{
    char text[32];
    int k = row_of(name);
    if (k >= 0 && (rows[k].kind == K_ENGINE || rows[k].kind == K_SHARD)) {
        snprintf(text, sizeof text, "%lld", value);
        return bad(d, &rows[k], text, rows[k].kind == K_ENGINE ? "a name" : "K/N, as text");
    }
    snprintf(text, sizeof text, "%lld", value);
    return xcc_settings_set(s, name, text, d);
}

xcc_status xcc_settings_get(const xcc_settings *s, const char *name, char *buf, size_t n)
{
    int k = row_of(name);
    if (k < 0)
        return XCC_UNKNOWN_NAME;
    if (n < 32)
        return XCC_BAD_VALUE;
    unsigned long long u = 0;
    switch (k) {
    case S_ENGINE: snprintf(buf, n, "%s", s->engine ? s->engine : xcc_engine_rows[0].name); return XCC_OK;
    case S_SHARD: snprintf(buf, n, "%d/%d", s->shard, s->shards); return XCC_OK;
    case S_TIME_LIMIT:
        if (s->time_limit > 0)
            snprintf(buf, n, "%.17g", s->time_limit);
        else
            snprintf(buf, n, "unlimited");
        return XCC_OK;
    case S_THREADS: u = (unsigned long long)s->threads; break;
    case S_MAX_SOLUTIONS: u = s->max_solutions; break;
    case S_MAX_MEMS: u = s->max_mems; break;
    case S_RANDOMIZE: u = (unsigned long long)s->randomize; break;
    case S_SEED: u = (unsigned long long)s->seed; break;
    case S_BEST: u = (unsigned long long)s->best; break;
    case S_SAMPLES: u = s->samples; break;
    case S_MEMORY_LIMIT: u = xcc_knobs(s)->memory_limit; break;
    }
    if (u == XCC_UNLIMITED && rows[k].kind == K_COUNT)
        snprintf(buf, n, "unlimited");
    else
        snprintf(buf, n, "%llu", u);
    return XCC_OK;
}

xcc_status xcc_check(const xcc_problem *p, const xcc_settings *s, xcc_diag *d)
{
    xcc_settings defaults;
    const xcc_engine_row *row;
    const char *why;
    if (d)
        memset(d, 0, sizeof *d);
    if (!s) {
        xcc_settings_init(&defaults);
        s = &defaults;
    }
    if (s->samples && s->engine && strcmp(s->engine, xcc_engine_row_of(&xcc_zdd_engine)->name))
        return xcc_diag_set(d, XCC_REFUSED, "only the zdd engine samples, not %s", s->engine);
    char words[512];
    if (!xcc_engine_choose(p, s, 0, &row, &why))
        return xcc_diag_set(d, XCC_REFUSED, "%s", xcc_words(why, 0, words, sizeof words));
    return XCC_OK;
}
