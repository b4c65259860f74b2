/*
 * lst_open.c — the reader of lst.h: opening and closing one, the table
 * of layouts it chooses from by the first line, and what callers ask of
 * it. The layouts (lst_text.c, lst_jsonl.c) read with lst_read.c.
 */
#include "lst_int.h"

#include <stdlib.h>

static int json_claims(const char *first)
{
    return first[0] == '{';
}

static int text_claims(const char *first)
{
    (void)first;
    return 1;   /* the fallback: its messages say what is wrong */
}

/* The layouts, tried in order on the first line that is not blank: a
   new layout is one more row. */
static const struct lst_layout_row {
    enum lst_layout layout;
    int (*claims)(const char *first);
    int (*next)(lst_reader *r, lst_error *err);
} layouts[] = {
    {LST_JSON, json_claims, lst_json_next},
    {LST_TEXT, text_claims, lst_text_next},
};

static lst_reader *make(FILE *f, const char *s, const char *name)
{
    lst_reader *r = calloc(1, sizeof *r);
    if (r) {
        r->f = f;
        r->text = s;
        r->name = name;
    }
    return r;
}

lst_reader *lst_open(FILE *f, const char *name)
{
    return make(f, NULL, name);
}

lst_reader *lst_open_string(const char *s, const char *name)
{
    return make(NULL, s, name);
}

void lst_close(lst_reader *r)
{
    if (!r)
        return;
    free(r->in.s);
    free(r->pool.s);
    free(r->word);
    free(r->opt);
    free(r->cword);
    free(r->input_line);
    free(r->input_index);
    free(r->item);
    free(r->color);
    free(r->option);
    free(r->sum_pool.s);
    free(r->span);
    free(r->str.s);
    free(r);
}

int lst_next(lst_reader *r, lst_error *err)
{
    if (!r->next) {
        const char *s;
        size_t n;
        int got = lst_next_content(r, err, &s, &n);
        if (got != 1)
            return got;
        r->held = 1;
        size_t k = 0;
        while (!layouts[k].claims(s))
            k++;
        r->layout = layouts[k].layout;
        r->next = layouts[k].next;
    }
    return r->next(r, err);
}

const lst_solution *lst_solution_of(const lst_reader *r)
{
    return &r->sol;
}

const lst_summary *lst_summary_of(const lst_reader *r)
{
    return &r->sum;
}

enum lst_layout lst_layout_starting(const char *s, size_t n)
{
    while (n && lst_blank((unsigned char)s[n - 1]))
        n--;
    while (n && lst_blank((unsigned char)*s))
        s++, n--;
    return n && s[0] == '{' ? LST_JSON : lst_text_header(s, n) ? LST_TEXT : LST_NONE;
}

enum lst_layout lst_layout_of(const lst_reader *r)
{
    return r->layout;
}

const char *lst_name(const lst_reader *r)
{
    return r->name;
}

long lst_line(const lst_reader *r)
{
    return r->line;
}
