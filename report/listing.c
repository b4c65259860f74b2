/*
 * listing.c — a solution as the programs write it: DLX2's listing, or a
 * line of JSON (formats/json.md).
 *
 * DLX2 lists each option from the item branched on, round to it, with
 * "(k of d)": it was the k-th of the d options of that item. A node of
 * a chosen option that the search has cleansed (color -1, see problem/problem.h)
 * has the color its item was purified to.
 */
#include "report.h"
#include "lst_json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The color of node x, whether or not the search has cleansed it. */
static int node_color(const xcc_problem *p, int x)
{
    int c = p->nd[x].color;
    return c >= 0 ? c : p->nd[p->nd[x].itm].aux;
}

/*
 * A solution is written from a buffer of its own, with one fwrite per
 * buffer full: with -j the process has threads, and then every stdio
 * call locks the stream, which cost more than the rest of listing when
 * it was done per name and per color.
 */
typedef struct spool {
    FILE *f;
    size_t n;
    char b[4096];
} spool;

static void put(spool *o, const char *s, size_t n)
{
    if (o->n + n > sizeof o->b) {
        fwrite(o->b, 1, o->n, o->f);
        o->n = 0;
        if (n > sizeof o->b) {
            fwrite(s, 1, n, o->f);
            return;
        }
    }
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

static void put_char(spool *o, char c)
{
    put(o, &c, 1);
}

static void put_number(spool *o, ullng v)
{
    char d[24];
    int i = (int)sizeof d;
    do
        d[--i] = (char)('0' + v % 10);
    while (v /= 10);
    put(o, d + i, sizeof d - (size_t)i);
}

static void spool_end(spool *o)
{
    if (o->n)
        fwrite(o->b, 1, o->n, o->f);
    o->n = 0;
}

static void entry(spool *o, const xcc_problem *p, int x)
{
    const xcc_item *it = &p->cl[p->nd[x].itm];
    put_char(o, ' ');
    put(o, p->names + it->name, (size_t)it->namelen);
    if (p->nd[x].color) {
        int c = node_color(p, x);
        put_char(o, ':');
        if (c > 0 && c <= p->ncolors)
            put(o, p->names + p->color_name[c], (size_t)p->color_len[c]);
        else
            put_char(o, '?');
    }
}

/* " (k of d)" and the end of the line. */
static void k_of_d(spool *o, const xcc_choice *c)
{
    put(o, " (", 2);
    put_number(o, (ullng)c->k);
    put(o, " of ", 4);
    put_number(o, (ullng)c->d);
    put(o, ")\n", 2);
}

/* DLX3's line for a null choice: " null NAME (k of d)". */
static void null_choice(spool *o, const xcc_problem *p, const xcc_choice *c)
{
    const xcc_item *it = &p->cl[c->entry + 1];
    put(o, " null ", 6);
    put(o, p->names + it->name, (size_t)it->namelen);
    k_of_d(o, c);
}

static void option(spool *o, const xcc_problem *p, const xcc_choice *c)
{
    const xcc_node *nd = p->nd;
    if (c->option < 0) {
        null_choice(o, p, c);
        return;
    }
    int q = p->opt_node[c->option] + c->entry;
    for (int x = q;;) {
        entry(o, p, x);
        x++;
        if (nd[x].itm <= 0)
            x = nd[x].up;
        if (x == q)
            break;
    }
    k_of_d(o, c);
}

void rep_entry(FILE *f, const xcc_problem *p, int x)
{
    spool o = {.f = f};
    entry(&o, p, x);
    spool_end(&o);
}

void rep_option(FILE *f, const xcc_problem *p, const xcc_choice *c)
{
    spool o = {.f = f};
    option(&o, p, c);
    spool_end(&o);
}

void rep_listing(FILE *f, const xcc_problem *p, const xcc_solution *s)
{
    spool o = {.f = f};
    if (s->number_high) {
        const char *n = REP_N(rep_number(s));
        put(&o, n, strlen(n));
    } else {
        put_number(&o, s->number);
    }
    put(&o, ":\n", 2);
    for (int l = 0; l < s->size; l++)
        option(&o, p, &s->choices[l]);
    spool_end(&o);
}

/* ---- JSON ------------------------------------------------------------ */

/*
 * Well-formed UTF-8 as it is; '"' and '\' escaped; control characters,
 * DEL and every byte that is not part of well-formed UTF-8 as \u00XX,
 * which a reader takes for the Latin-1 character of that byte (and the
 * verifier for the byte).
 */
static void json_body(FILE *f, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = u[i] >= 0x80 ? xcc_utf8_len(u + i, n - i) : 0;
        if (len) {
            fwrite(s + i, 1, len, f);
            i += len;
        } else if (u[i] == '"' || u[i] == '\\') {
            fputc('\\', f);
            fputc(s[i++], f);
        } else if (u[i] < 0x20 || u[i] >= 0x7f) {
            fprintf(f, "\\u%04x", u[i++]);
        } else {
            fputc(s[i++], f);
        }
    }
}

void rep_json_string(FILE *f, const char *s, size_t n)
{
    lst_json_write(f, s, n);    /* listing/lst_json.h: the codec the reader reads back */
}

static int by_number(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

/* Makes room in r's scratch for n options; 0, or -1. */
static int reserve(rep *r, int n)
{
    if (n <= r->order_cap && r->seen)
        return 0;
    int cap = n > 64 ? n : 64;
    int *o = realloc(r->order, (size_t)cap * sizeof(int));
    if (!o)
        return -1;
    r->order = o;
    r->order_cap = cap;
    if (!r->seen && !(r->seen = calloc((size_t)r->p->last_itm + 1, sizeof(ullng))))
        return -1;
    return 0;
}

/* {"solution":K,"lines":[...],"options":[...],"colors":{...}} */
static int json_solution(rep *r, const xcc_problem *p, const xcc_solution *s)
{
    FILE *f = r->out;
    int size = 0; /* options chosen, null choices (DLX3's) left out */
    if (reserve(r, s->size))
        return r->no_memory = 1;
    for (int l = 0; l < s->size; l++)
        if (s->choices[l].option >= 0)
            r->order[size++] = s->choices[l].option;
    qsort(r->order, (size_t)size, sizeof(int), by_number);
    fprintf(f, "{\"solution\":%s,\"lines\":[", REP_N(rep_number(s)));
    for (int l = 0; l < size; l++)
        fprintf(f, "%s%ld", l ? "," : "", p->opt_line[r->order[l]]);
    fputs("],\"options\":[", f);
    for (int l = 0; l < size; l++) {
        /* the text as written: names and colors, one space between (each
           piece escaped apart is the whole escaped, since no UTF-8
           character spans a space or a colon) */
        int q = p->opt_node[r->order[l]];
        fputs(l ? ",\"" : "\"", f);
        for (int x = q; p->nd[x].itm > 0; x++) {
            const xcc_item *it = &p->cl[p->nd[x].itm];
            int c = p->nd[x].color ? node_color(p, x) : 0;
            if (x > q)
                fputc(' ', f);
            json_body(f, p->names + it->name, (size_t)it->namelen);
            if (c > 0) {
                fputc(':', f);
                json_body(f, xcc_color_name(p, c), (size_t)p->color_len[c]);
            }
        }
        fputc('"', f);
    }
    fputs("]", f);
    if (r->costs)
        fprintf(f, ",\"cost\":%llu", s->cost);
    fputs(",\"colors\":{", f);
    int first = 1;
    for (int l = 0; l < size; l++)
        for (int x = p->opt_node[r->order[l]]; p->nd[x].itm > 0; x++) {
            int i = p->nd[x].itm, c = p->nd[x].color ? node_color(p, x) : 0;
            if (c <= 0 || r->seen[i] == s->number)
                continue;
            r->seen[i] = s->number;
            fputs(first ? "" : ",", f);
            rep_json_string(f, p->names + p->cl[i].name, (size_t)p->cl[i].namelen);
            fputc(':', f);
            rep_json_string(f, xcc_color_name(p, c), (size_t)p->color_len[c]);
            first = 0;
        }
    fputs("}}\n", f);
    return 0;
}

int rep_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    rep *r = ctx;
    if (r->out_gone)
        return 1;
    if (r->json) {
        if (json_solution(r, p, s))
            return 1;
    } else if (r->costs) {
        rep_cost_listing(r->out, p, s);
    } else {
        rep_listing(r->out, p, s);
    }
    /*
     * The errno that counts is that of the first failure, in the thread
     * that met it (with -j, another may list a solution before all have
     * stopped).
     */
    if (ferror(r->out) || (r->out_tty && fflush(r->out))) {
        r->out_errno = errno ? errno : EIO;
        r->out_gone = 1;
        return 1;
    }
    return 0;
}

void rep_free(rep *r)
{
    free(r->total);
    r->total = NULL;
    free(r->order);
    free(r->seen);
    r->order = NULL;
    r->seen = NULL;
    r->order_cap = 0;
}
