/*
 * listing.c — the listing of listing.h: the listing library's reader,
 * with its errors turned into the generators' messages, and what a show
 * that drew nothing says.
 */
#include "listing.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void start(struct listing *ls, FILE *f, const char *name, lst_reader *r)
{
    memset(ls, 0, sizeof *ls);
    if (!r)
        gen_out_of_memory();
    ls->r = r;
    ls->f = f;
    ls->name = name;
}

void listing_open(struct listing *ls, const char *path)
{
    FILE *f = stdin;
    const char *name = "<stdin>";
    if (path && strcmp(path, "-")) {
        if (!(f = fopen(path, "r")))
            gen_die("cannot open %s: %s", path, strerror(errno));
        name = path;
    }
    start(ls, f, name, lst_open(f, name));
}

void listing_open_string(struct listing *ls, const char *name, const char *text)
{
    start(ls, NULL, name, lst_open_string(text, name));
}

/* Keeps what the summary of a JSON listing says. */
static void take_summary(struct listing *ls, const lst_summary *sum)
{
    ls->summary = 1;
    ls->complete = sum->complete;
    snprintf(ls->count, sizeof ls->count, "%s", sum->solutions);
    snprintf(ls->stopped, sizeof ls->stopped, "%s", sum->stopped ? sum->stopped : "");
}

int listing_next(struct listing *ls)
{
    lst_error err;
    for (;;) {
        int got = lst_next(ls->r, &err);
        if (got == LST_SOLUTION) {
            const lst_solution *sol = lst_solution_of(ls->r);
            ls->label = sol->label;
            ls->note = sol->note;
            ls->label_line = sol->line;
            ls->opt = sol->opt;
            ls->nopts = sol->nopts;
            ls->solutions++;
            return 1;
        }
        if (got == LST_SUMMARY) {
            take_summary(ls, lst_summary_of(ls->r));
            continue;
        }
        if (got == LST_END)
            return 0;
        if (err.status == 3)
            gen_out_of_memory();
        if (!err.line)
            gen_die("%s: %s", ls->name, err.msg);
        gen_die_at(ls->name, err.line, err.col, "%s", err.msg);
    }
}

void listing_close(struct listing *ls)
{
    lst_close(ls->r);
    if (ls->f && ls->f != stdin)
        fclose(ls->f);
    memset(ls, 0, sizeof *ls);
}

int listing_sniff(const char *path)
{
    struct stat st;
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int listing = 0;
    if (!f)
        return 0;
    if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode))
        while ((n = getline(&line, &cap, f)) >= 0) {
            if (n && line[n - 1] == '\n')
                line[--n] = '\0';
            enum lst_layout l = lst_layout_starting(line, (size_t)n);
            if (l != LST_NONE || line[strspn(line, " \t\r\v\f")]) {
                listing = l != LST_NONE;
                break;
            }
        }
    free(line);
    fclose(f);
    return listing;
}

const char *listing_name(const struct listing *ls)
{
    return ls->name;
}

void listing_die(const struct listing *ls, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(ls->name, line, 0, fmt, ap);
}

void listing_not_an_option(const struct listing *ls, const struct lst_option *o,
                           const char *expected)
{
    char quote[GEN_QUOTE];
    listing_die(ls, o->line, "'%s' is not an option of %s (expected %s)", gen_quote(quote, o->text),
                gen_prog->name, expected);
}

int listing_none(const struct listing *ls)
{
    int none = ls->summary && ls->complete && !strcmp(ls->count, "0");
    if (none)
        gen_note("%s: no solutions: the listing's summary says the search found none", ls->name);
    else if (!ls->summary)
        gen_note("%s: the listing holds no solutions: the problem has none, or dlx2 ran without"
                 " m1 (it lists them only with m1; --format=json's summary says when there are"
                 " none)", ls->name);
    else if (strcmp(ls->count, "0"))
        gen_note("%s: the listing holds none of the %s solutions its summary counts (dlx2 -c"
                 " lists none; --format=json or m1 lists them all)", ls->name, ls->count);
    else
        gen_note("%s: the listing holds no solutions: the search stopped early (%s) before it"
                 " found one", ls->name, ls->stopped[0] ? ls->stopped : "not complete");
    return none ? PROG_DONE : PROG_NOTHING;
}
