/*
 * gen.c — the helpers of gen.h: provenance comment, cell names, errors.
 */
#include "gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *gen_prog = "gen";

void gen_init(int argc, char **argv)
{
    (void)argc;
    if (argv[0] && argv[0][0]) {
        const char *slash = strrchr(argv[0], '/');
        gen_prog = slash ? slash + 1 : argv[0];
    }
}

/* A word needs quotes in the comment if a shell would split or expand it. */
static int needs_quotes(const char *s)
{
    if (!*s)
        return 1;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789-_.,/+=:@%", *s))
            return 1;
    return 0;
}

void gen_write_command(FILE *f, int argc, char **argv)
{
    fprintf(f, "| %s", gen_prog);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!needs_quotes(a)) {
            fprintf(f, " %s", a);
            continue;
        }
        /* single quotes; a quote inside becomes '\'' as in sh; a newline
           would end the comment line, so it is written as a space */
        fputs(" '", f);
        for (; *a; a++) {
            if (*a == '\'')
                fputs("'\\''", f);
            else if (*a == '\n' || *a == '\r')
                fputc(' ', f);
            else
                fputc(*a, f);
        }
        fputc('\'', f);
    }
    fputc('\n', f);
}

char gen_ext_hex(int v)
{
    if (v < 10)
        return (char)('0' + v);
    if (v < 36)
        return (char)('a' + v - 10);
    return (char)('A' + v - 36);
}

int gen_ext_hex_value(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 36;
    return -1;
}

char *gen_cell_name(char *buf, int r, int c, int rows, int cols)
{
    if (rows <= 62 && cols <= 62) {
        buf[0] = gen_ext_hex(r);
        buf[1] = gen_ext_hex(c);
        buf[2] = '\0';
    } else {
        snprintf(buf, 24, "%d.%d", r, c);
    }
    return buf;
}

void gen_die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", gen_prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

void gen_die_at(const char *file, long line, int col, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gen_die("%s:%ld:%d: %s", file, line, col, msg);
}

void listing_die(long line, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gen_die("<stdin>:%ld: %s", line, msg);
}

long gen_parse_long(const char *s, long lo, long hi, const char *what)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno)
        gen_die("%s must be a whole number, not '%s'", what, s);
    if (v < lo || v > hi)
        gen_die("%s must be between %ld and %ld, not %ld", what, lo, hi, v);
    return v;
}

const char *gen_next_arg(gen_args *g, int *is_flag)
{
    while (++g->i < g->argc) {
        const char *a = g->argv[g->i];
        *is_flag = !g->options_done && a[0] == '-' && a[1];
        if (!*is_flag)
            return a;
        if (!strcmp(a, "--")) {
            g->options_done = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(g->usage, stdout);
            exit(0);
        }
        return a;
    }
    return NULL;
}

const char *gen_flag_value(gen_args *g, const char *flag)
{
    if (g->i + 1 >= g->argc)
        gen_die("%s needs a value (try --help)", flag);
    return g->argv[++g->i];
}

int gen_wants_show(int argc, char **argv, const char *const *with_value)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--"))
            return 0;
        if (!strcmp(argv[i], "--show"))
            return 1;
        for (const char *const *v = with_value; *v; v++)
            if (!strcmp(argv[i], *v)) {
                i++; /* a value, even if it reads "--show" */
                break;
            }
    }
    return 0;
}

int gen_next_line(FILE *f, const char **text, const char *file, char **line, size_t *cap)
{
    if (f) {
        ssize_t got = getline(line, cap, f);
        if (got < 0) {
            if (ferror(f))
                gen_die("%s: read error: %s", file, strerror(errno));
            return 0;
        }
        if (got > 0 && (*line)[got - 1] == '\n')
            (*line)[got - 1] = '\0';
        return 1;
    }
    const char *t = *text;
    if (!*t)
        return 0;
    size_t n = strcspn(t, "\n");
    if (n + 1 > *cap) {
        char *q = realloc(*line, n + 1);
        if (!q)
            gen_die("out of memory");
        *line = q;
        *cap = n + 1;
    }
    memcpy(*line, t, n);
    (*line)[n] = '\0';
    *text = t + n + (t[n] == '\n');
    return 1;
}
