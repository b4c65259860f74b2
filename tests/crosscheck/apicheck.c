/*
 * apicheck.c — libxcc 1.0's promises checked from outside, through
 * include/xcc.h alone (tests/e2e/api.sh runs it):
 *
 *   apicheck corpus ENGINE MAX FILE...  the cursor pulls what the
 *                                    callback gets: the same solutions in
 *                                    the same order, the same figures, the
 *                                    same refusals, file by file, each
 *                                    search stopped after MAX solutions
 *                                    ("all": no limit; zdd takes none)
 *   apicheck threads                 the rules of xcc.h's "Threads" on
 *                                    shared handles (make test-threads
 *                                    runs it under ThreadSanitizer)
 *   apicheck calls [SETTING]         a fixed round of calls with its
 *                                    results, for the ABI test: a program
 *                                    built against one library runs
 *                                    against a later one; SETTING, if
 *                                    given, is set to 1 first
 *
 * Every line it prints is a result; status 0 when every check held, 1
 * when one did not (the line says which), 2 for bad arguments.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcc.h"

static int failures;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures++;
}

/* A growing text: the solutions as they came, one line each. */
typedef struct text {
    char *s;
    size_t n, cap;
    long solutions;
} text;

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->n + k + 1 > t->cap) {
        t->cap = 2 * (t->n + k + 1);
        if (!(t->s = realloc(t->s, t->cap)))
            fputs("apicheck: out of memory\n", stderr), exit(2);
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->n, k + 1, fmt, ap);
    va_end(ap);
    t->n += k;
}

static void note(text *t, const xcc_solution *s)
{
    add(t, "%llu:", xcc_solution_number(s, NULL));
    for (int k = 0; k < xcc_solution_size(s); k++) {
        int entry, kth, of;
        int o = xcc_solution_choice(s, k, &entry, &kth, &of);
        add(t, " %d/%d/%d/%d", o, entry, kth, of);
    }
    add(t, " $%llu\n", xcc_solution_cost(s));
    t->solutions++;
}

static int on_solution(const xcc_problem *p, const xcc_solution *s, void *ctx)
{
    (void)p;
    note(ctx, s);
    return 0;
}

/* The figures that both ways must agree on, as one line. */
static void figures_line(text *t, xcc_figures *f)
{
    static const char *names[] = {"solutions", "nodes", "updates", "mems"};
    for (int k = 0; k < 4; k++) {
        const char *v = xcc_figure_text(f, names[k]);
        add(t, "%s=%s ", names[k], v ? v : "-");
    }
    add(t, "stop=%d\n", (int)xcc_figures_stop(f));
}

static xcc_settings *settings(const char *engine, const char *max)
{
    xcc_settings *s;
    xcc_diag d;
    if (xcc_settings_new(&s) || xcc_settings_set(s, "engine", engine, &d)
        || (max && xcc_settings_set(s, "max-solutions", max, &d)))
        fprintf(stderr, "apicheck: bad engine or limit: %s\n", d.message), exit(2);
    return s;
}

/* ---- corpus ------------------------------------------------------------- */

/* One file on one engine: 1 if compared, 0 if both refused. */
static int compare(const char *path, const char *engine, const char *max)
{
    FILE *in = fopen(path, "r");
    xcc_problem *p;
    xcc_diag d;
    if (!in)
        return fail("%s: cannot open", path), 1;
    xcc_status st = xcc_problem_read(&p, in, NULL, &d);
    fclose(in);
    if (st)
        return fail("%s: %s", path, d.message), 1;
    xcc_settings *s = settings(engine, strcmp(max, "all") ? max : NULL);
    text a = {0}, b = {0};
    xcc_figures *fa, *fb;
    if (xcc_figures_new(&fa))
        exit(2);
    xcc_status sa = xcc_solve(p, s, on_solution, &a, fa, &d);
    xcc_cursor *c = NULL;
    xcc_status sb = xcc_cursor_start(&c, p, s, 0, &d);
    while (!sb && (sb = xcc_cursor_next(c, &d)) == XCC_OK)
        note(&b, xcc_cursor_solution(c));
    if (sb == XCC_END)
        sb = XCC_OK;
    int compared = 0;
    if (sa != sb)
        fail("%s %s: the callback says %s, the cursor %s", path, engine, xcc_status_text(sa),
             xcc_status_text(sb));
    else if (sa == XCC_OK) {
        fb = xcc_cursor_figures(c);
        figures_line(&a, fa), figures_line(&b, fb);
        if (a.n != b.n || memcmp(a.s, b.s, a.n))
            fail("%s %s: the cursor's %ld solutions differ from the callback's %ld", path,
                 engine, b.solutions, a.solutions);
        else
            printf("same %s %s %ld\n", engine, path, a.solutions);
        compared = 1;
    } else
        printf("refused %s %s\n", engine, path);
    xcc_cursor_free(c);
    xcc_figures_free(fa);
    xcc_settings_free(s);
    xcc_problem_free(p);
    free(a.s), free(b.s);
    return compared;
}

static int corpus(const char *engine, const char *max, int n, char **files)
{
    int compared = 0;
    for (int k = 0; k < n; k++)
        compared += compare(files[k], engine, max);
    printf("%s: %d of %d files compared\n", engine, compared, n);
    return failures ? 1 : 0;
}

/* ---- threads ------------------------------------------------------------ */

/* The 8 queens (rows and columns primary, diagonals secondary): 92. */
static const char *queens8(void)
{
    static char t[4096];
    if (*t)
        return t;
    size_t n = 0;
    for (int k = 0; k < 8; k++)
        n += snprintf(t + n, sizeof t - n, "r%d c%d ", k, k);
    n += snprintf(t + n, sizeof t - n, "|");
    for (int k = 0; k < 15; k++)
        n += snprintf(t + n, sizeof t - n, " a%d b%d", k, k);
    n += snprintf(t + n, sizeof t - n, "\n");
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            n += snprintf(t + n, sizeof t - n, "r%d c%d a%d b%d\n", i, j, i + j, i - j + 7);
    return t;
}

static xcc_problem *parse(const char *t)
{
    xcc_problem *p;
    xcc_diag d;
    if (xcc_problem_parse(&p, t, NULL, &d))
        fprintf(stderr, "apicheck: %s\n", d.message), exit(2);
    return p;
}

/* What a problem reads as, through its accessors and xcc_problem_write. */
static char *describe(const xcc_problem *p)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    xcc_diag d;
    if (!f || xcc_problem_write(p, f, &d))
        exit(2);
    for (int o = 0; o < xcc_problem_options(p); o++) {
        fprintf(f, "%ld:", xcc_option_line(p, o));
        for (int k = 0; k < xcc_option_size(p, o); k++)
            fprintf(f, " %s", xcc_item_name(p, xcc_option_item(p, o, k)));
        fputc('\n', f);
    }
    fclose(f);
    return buf;
}

typedef struct job {
    const xcc_problem *shared;      /* read by every thread at once */
    const char *expect;             /* what it reads as */
    const xcc_settings *settings;   /* one handle for every search */
    xcc_cursor *cursor;             /* handed from thread to thread */
    int pulls;                      /* how many to pull from it */
    int wrong;
    long count;
} job;

static void *reader(void *arg)
{
    job *j = arg;
    for (int r = 0; r < 20; r++) {
        char *t = describe(j->shared);
        j->wrong += strcmp(t, j->expect) != 0;
        free(t);
    }
    return NULL;
}

/* Its own problem, the shared settings: by callback, then by a cursor. */
static void *searcher(void *arg)
{
    job *j = arg;
    xcc_problem *p = parse(queens8());
    xcc_diag d;
    for (int r = 0; r < 3; r++) {
        text t = {0};
        if (xcc_solve(p, j->settings, on_solution, &t, NULL, &d))
            j->wrong++;
        j->count += t.solutions;
        free(t.s);
        xcc_cursor *c;
        if (xcc_cursor_start(&c, p, j->settings, 0, &d))
            j->wrong++;
        else {
            while (xcc_cursor_next(c, &d) == XCC_OK)
                j->count++;
            xcc_cursor_free(c);
        }
    }
    xcc_problem_free(p);
    return NULL;
}

static void *puller(void *arg)
{
    job *j = arg;
    xcc_diag d;
    for (int k = 0; k < j->pulls; k++)
        if (xcc_cursor_next(j->cursor, &d) == XCC_OK)
            j->count++;
    return NULL;
}

static void run(void *(*fn)(void *), job *jobs, int n)
{
    pthread_t t[8];
    for (int k = 0; k < n; k++)
        if (pthread_create(&t[k], NULL, fn, &jobs[k]))
            fputs("apicheck: no thread\n", stderr), exit(2);
    for (int k = 0; k < n; k++)
        pthread_join(t[k], NULL);
}

/* Sorted lines, for searches whose order depends on their threads. */
static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *sorted(text *t)
{
    char **line = malloc((t->solutions + 1) * sizeof *line);
    long n = 0;
    for (char *s = strtok(t->s ? t->s : "", "\n"); s; s = strtok(NULL, "\n"))
        line[n++] = strchr(s, ' ');
    qsort(line, n, sizeof *line, by_text);
    text u = {0};
    for (long k = 0; k < n; k++)
        add(&u, "%s\n", line[k]);
    free(line);
    return u.s;
}

static int threads(void)
{
    static const char *engines[] = {"dlx", "links", "fast", "zdd", "cells"};
    xcc_problem *shared = parse(queens8());
    char *expect = describe(shared);
    job jobs[4];

    /* a problem read by four threads at once */
    for (int k = 0; k < 4; k++)
        jobs[k] = (job){.shared = shared, .expect = expect};
    run(reader, jobs, 4);
    int wrong = 0;
    for (int k = 0; k < 4; k++)
        wrong += jobs[k].wrong;
    if (wrong)
        fail("four readers of one problem: %d readings differ", wrong);
    else
        printf("readers: 4 threads read one problem 20 times each, the same\n");

    for (int e = 0; e < 5; e++) {
        /* one settings handle, four searches at once on their own problems */
        xcc_settings *s = settings(engines[e], NULL);
        for (int k = 0; k < 4; k++)
            jobs[k] = (job){.settings = s};
        run(searcher, jobs, 4);
        long count = 0;
        for (int k = 0; k < 4; k++)
            count += jobs[k].count, wrong += jobs[k].wrong;
        if (count != 4 * 3 * 2 * 92 || wrong)
            fail("%s: four searchers with one settings handle found %ld (%d errors)",
                 engines[e], count, wrong);
        else
            printf("%s: 4 searchers, one settings handle: %ld solutions\n", engines[e], count);

        /* a cursor moved from thread to thread, 30 solutions at a time */
        xcc_cursor *c;
        xcc_diag d;
        if (xcc_cursor_start(&c, shared, s, 0, &d))
            fail("%s: %s", engines[e], d.message);
        long moved = 0;
        for (int r = 0; r < 4; r++) {
            jobs[0] = (job){.cursor = c, .pulls = 30};
            run(puller, jobs, 1);
            moved += jobs[0].count;
        }
        if (moved != 92 || xcc_cursor_next(c, &d) != XCC_END)
            fail("%s: a cursor moved between threads gave %ld", engines[e], moved);
        else
            printf("%s: a cursor moved between 4 threads: 92 solutions\n", engines[e]);
        xcc_cursor_free(c);
        xcc_settings_free(s);
    }

    /* the engine's own threads under a cursor: the same set as one thread's */
    for (int e = 0; e < 2; e++) {
        xcc_settings *s = settings(engines[e], NULL);
        xcc_diag d;
        text one = {0}, two = {0};
        xcc_solve(shared, s, on_solution, &one, NULL, &d);
        xcc_settings_set_int(s, "threads", 2, &d);
        xcc_cursor *c;
        if (xcc_cursor_start(&c, shared, s, 0, &d))
            fail("%s: %s", engines[e], d.message);
        else {
            while (xcc_cursor_next(c, &d) == XCC_OK)
                note(&two, xcc_cursor_solution(c));
            xcc_cursor_free(c);
        }
        char *a = sorted(&one), *b = sorted(&two);
        if (one.solutions != 92 || strcmp(a, b))
            fail("%s: a cursor with 2 threads gave %ld solutions, one thread %ld", engines[e],
                 two.solutions, one.solutions);
        else
            printf("%s: a cursor with 2 threads: the 92 of one thread\n", engines[e]);
        free(a), free(b), free(one.s), free(two.s);
        xcc_settings_free(s);
    }
    free(expect);
    xcc_problem_free(shared);
    return failures ? 1 : 0;
}

/* ---- calls -------------------------------------------------------------- */

static int calls(const char *extra)
{
    xcc_settings *s;
    xcc_diag d;
    char buf[64];
    xcc_settings_new(&s);
    printf("version %s\n", xcc_version());
    if (extra) {
        xcc_status st = xcc_settings_set(s, extra, "1", &d);
        printf("set %s: %s\n", extra, xcc_status_text(st));
    }
    printf("set nothing: %s\n", xcc_status_text(xcc_settings_set(s, "nothing", "1", &d)));
    printf("set threads 0: %s (%s)\n", xcc_status_text(xcc_settings_set(s, "threads", "0", &d)),
           d.message);
    xcc_settings_set(s, "engine", "links", &d);
    xcc_settings_set(s, "max-solutions", "50", &d);
    xcc_settings_get(s, "max-solutions", buf, sizeof buf);
    printf("max-solutions %s\n", buf);
    xcc_settings *copy;
    xcc_settings_copy(&copy, s);
    xcc_settings_get(copy, "engine", buf, sizeof buf);
    printf("copy's engine %s\n", buf);
    xcc_problem *p = parse(queens8());
    xcc_figures *f;
    xcc_figures_new(&f);
    text t = {0};
    xcc_solve(p, copy, on_solution, &t, f, &d);
    printf("solved: %ld solutions, stop %d, nodes %s\n", t.solutions, (int)xcc_figures_stop(f),
           xcc_figure_text(f, "nodes"));
    printf("figure nothing: %s\n", xcc_figure_text(f, "nothing") ? "known" : "unknown");
    xcc_cursor *c;
    xcc_cursor_start(&c, p, s, 0, &d);
    int n = 0;
    unsigned long long last = 0;
    while (xcc_cursor_next(c, &d) == XCC_OK)
        n++, last = xcc_solution_number(xcc_cursor_solution(c), NULL);
    printf("pulled %d, the last %llu\n", n, last);
    xcc_cursor_free(c);
    printf("%.*s", (int)(strchr(t.s, '\n') - t.s + 1), t.s);
    free(t.s);
    xcc_figures_free(f);
    xcc_problem_free(p);
    xcc_settings_free(copy);
    xcc_settings_free(s);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "corpus"))
        return corpus(argv[2], argv[3], argc - 4, argv + 4);
    if (argc == 2 && !strcmp(argv[1], "threads"))
        return threads();
    if ((argc == 2 || argc == 3) && !strcmp(argv[1], "calls"))
        return calls(argv[2]);
    fputs("usage: apicheck corpus ENGINE MAX FILE... | threads | calls [SETTING]\n", stderr);
    return 2;
}
