/*
 * json.c — JSON Lines (formats/json.md): a line per solution, then the
 * summary of the run.
 */
#include "report.h"
#include "lst_json.h"

#include <stdlib.h>
#include <string.h>

/* A JSON string, quotes included or not: the codec the reader of listings reads back. */
void rep_json_string(FILE *f, const char *s, size_t n)
{
    lst_json_write(f, s, n);
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
    if (!r->seen && !(r->seen = calloc((size_t)xcc_problem_items(r->p) + 1, sizeof(ullng))))
        return -1;
    return 0;
}

/* {"solution":K,"lines":[...],"option_indices":[...],"options":[...],"colors":{...}}:
   the options by their input lines and by libxcc's numbers (kept options from 0) */
int rep_json_solution(rep *r, const xcc_problem *p, const xcc_solution *s)
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
        fprintf(f, "%s%ld", l ? "," : "", xcc_option_line(p, r->order[l]));
    fputs("],\"option_indices\":[", f);
    for (int l = 0; l < size; l++)
        fprintf(f, "%s%d", l ? "," : "", r->order[l]);
    fputs("],\"options\":[", f);
    for (int l = 0; l < size; l++) {
        /* the text as written: names and colors, one space between (each
           piece escaped apart is the whole escaped, since no UTF-8
           character spans a space or a colon) */
        int o = r->order[l];
        fputs(l ? ",\"" : "\"", f);
        for (int k = 0, n = xcc_option_size(p, o); k < n; k++) {
            const char *name = xcc_item_name(p, xcc_option_item(p, o, k));
            const char *color = xcc_option_color(p, o, k);
            if (k)
                fputc(' ', f);
            lst_json_write_body(f, name, strlen(name));
            if (color) {
                fputc(':', f);
                lst_json_write_body(f, color, strlen(color));
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
        for (int k = 0, o = r->order[l], n = xcc_option_size(p, o); k < n; k++) {
            int i = xcc_option_item(p, o, k);
            const char *color = xcc_option_color(p, o, k);
            if (!color || r->seen[i] == s->number)
                continue;
            r->seen[i] = s->number;
            fputs(first ? "" : ",", f);
            const char *name = xcc_item_name(p, i);
            rep_json_string(f, name, strlen(name));
            fputc(':', f);
            rep_json_string(f, color, strlen(color));
            first = 0;
        }
    fputs("}}\n", f);
    return 0;
}

/* Why a search stopped, as the JSON summary says it. */
static const char *json_stop(const rep *r, const xcc_figs *fig)
{
    switch (fig->stop) {
    case XCC_COMPLETE: return "null";
    case XCC_STOP_COUNT: return "\"count\"";
    case XCC_STOP_MEMS: return "\"mems\"";
    case XCC_STOP_INTERRUPT: return r->signal ? "\"signal\"" : "\"time\"";
    case XCC_STOP_WIDE: return "\"limit\"";
    case XCC_STOP_CALLBACK: case XCC_RUNNING: break;
    }
    return "\"callback\"";
}

/* {"summary":{...}}: formats/json.md */
void rep_json_summary(const rep *r, const xcc_figs *fig)
{
    FILE *f = r->out;
    fprintf(f, "{\"summary\":{\"solutions\":%s,", rep_total(r));
    if (r->classes) /* m<n> --up-to-symmetry: one solution listed per class */
        fprintf(f, "\"classes\":%llu,", *r->classes);
    fprintf(f, "\"complete\":%s,\"stopped\":%s,\"engine\":",
            fig->stop == XCC_COMPLETE ? "true" : "false", json_stop(r, fig));
    rep_json_string(f, fig->engine ? fig->engine : "dlx", strlen(fig->engine ? fig->engine : "dlx"));
    if (r->shards)
        fprintf(f, ",\"shard\":[%d,%d],\"fingerprint\":\"%016llx\"", r->shard, r->shards,
                (ullng)rep_fingerprint(r->p));
    fprintf(f, ",\"nodes\":%s,\"updates\":%s", REP_N(fig->nodes), REP_N(fig->updates));
    if (fig->mems_counted)
        fprintf(f, ",\"cleansings\":%s,\"imems\":%s,\"mems\":%s,\"lmems\":%s,\"bytes\":%llu",
                REP_N(fig->cleansings), REP_N(fig->imems), REP_N(fig->mems), REP_N(fig->lmems),
                fig->bytes);
    if (r->costs)
        rep_cost_json(f, fig);
    fprintf(f, ",\"seconds\":%.6f}}\n", fig->seconds);
}
