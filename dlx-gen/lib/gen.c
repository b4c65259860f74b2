/*
 * gen.c — the helpers of gen.h: the command line and --help, messages and
 * exit statuses, memory, input files, checked outputs, names of cells.
 */
#include "gen.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lst.h"
#include "utf8.h"

/* ---------------------------------------------------------------- messages */

static const struct gen_program unnamed = {"gen", NULL, NULL, NULL, NULL};
const struct gen_program *gen_prog = &unnamed;

/* s into out (4 * strlen(s) + 1 bytes) as gen_escape shows it. */
static void escape_into(char *out, const char *s)
{
    while (*s) {
        uint32_t c;
        size_t n = utf8_decode(s, &c);
        if (n && !utf8_is_control(c)) {
            memcpy(out, s, n);
            out += n;
            s += n;
        } else {
            out += sprintf(out, "\\x%02X", (unsigned char)*s++);
        }
    }
    *out = '\0';
}

char *gen_escape(const char *s)
{
    char *t = gen_realloc(NULL, 4 * strlen(s) + 1, 1);
    escape_into(t, s);
    return t;
}

/* "PROG: [prefix]message\n" on stderr. */
static void say(const char *prefix, const char *fmt, va_list ap)
{
    /* what a file or an argument holds may reach a message, and must not
       reach a terminal raw */
    char msg[4096], shown[4 * sizeof msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    escape_into(shown, msg);
    fflush(stdout);     /* what was written comes before the message */
    fprintf(stderr, "%s: %s%s\n", gen_prog->name, prefix, shown);
}

static void vexit(int status, const char *fmt, va_list ap) GEN_NORETURN;
static void vexit(int status, const char *fmt, va_list ap)
{
    say("", fmt, ap);
    exit(status);
}

void gen_exit(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vexit(status, fmt, ap);
}

void gen_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vexit(PROG_BAD_INPUT, fmt, ap);
}

void gen_vdie_at(const char *file, long line, long col, const char *fmt, va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (col > 0)
        gen_die("%s:%ld:%ld: %s", file, line, col, msg);
    gen_die("%s:%ld: %s", file, line, msg);
}

void gen_die_at(const char *file, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(file, line, col, fmt, ap);
}

void gen_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("warning: ", fmt, ap);
    va_end(ap);
}

void gen_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("", fmt, ap);
    va_end(ap);
}

void gen_out_of_memory(void)
{
    gen_exit(PROG_NO_MEMORY, "out of memory");
}

_Static_assert(GEN_QUOTE >= LST_QUOTE, "gen_quote's buffer holds lst_quote's");

const char *gen_quote(char *buf, const char *s)
{
    return lst_quote(buf, s, strlen(s));   /* the one cut of the toolkit's messages */
}

/* ---------------------------------------------------------------- memory */

void *gen_realloc(void *p, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        gen_out_of_memory();
    size_t bytes = count * size;
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q)
        gen_out_of_memory();
    return q;
}

void *gen_grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return p;
    size_t c = *cap ? *cap : 8;
    while (c <= n) {
        if (c > SIZE_MAX / 2)
            gen_out_of_memory();
        c *= 2;
    }
    p = gen_realloc(p, c, size);
    *cap = c;
    return p;
}

void *gen_zalloc(size_t count, size_t size)
{
    void *p = gen_realloc(NULL, count, size);
    memset(p, 0, count * size);
    return p;
}

char *gen_strndup(const char *s, size_t n)
{
    char *t = gen_realloc(NULL, n + 1, 1);
    memcpy(t, s, n);
    t[n] = '\0';
    return t;
}

char *gen_strdup(const char *s)
{
    return gen_strndup(s, strlen(s));
}

/* ---------------------------------------------------------------- the command line */

static int cl_argc, cl_next, cl_options_done;
static char **cl_argv;

/*
 * The reader of the output went away (`gen-queens 300 | head`): it has
 * what it wanted, so the generator stops at once with status 0, as dlx2
 * does, rather than dying of the signal (141 breaks `set -o pipefail`).
 */
static void reader_gone(int sig)
{
    (void)sig;
    _exit(0);
}

void gen_init(const struct gen_program *prog, int argc, char **argv)
{
    gen_prog = prog;
    cl_argc = argc;
    cl_argv = argv;
    cl_next = 1;
    cl_options_done = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = reader_gone;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
    errno = 0;
}

/* The first column of the options' help in --help. */
enum { HELP_COLUMN = 18 };

/* "  -f, --file FILE": the option as --help lists it; its width. */
static size_t option_head(FILE *f, const struct gen_option *o)
{
    int n = fprintf(f, "  %s%s%s%s%s", o->name, o->alias ? ", " : "", o->alias ? o->alias : "",
                    o->value ? " " : "", o->value ? o->value : "");
    return n > 0 ? (size_t)n : 0;
}

/* An option and its help, continuation lines under the first. */
static void help_option(FILE *f, const struct gen_option *o)
{
    size_t w = option_head(f, o);
    const char *h = o->help;
    if (w >= HELP_COLUMN) {     /* a long head gets a line of its own */
        fputc('\n', f);
        w = 0;
    }
    for (;;) {
        size_t n = strcspn(h, "\n");
        fprintf(f, "%*s%.*s\n", (int)(HELP_COLUMN - w), "", (int)n, h);
        if (!h[n])
            break;
        h += n + 1;
        w = 0;
    }
}

void gen_help(FILE *f)
{
    static const struct gen_option builtin[] = {
        {"-h", "--help", NULL, "show this text and exit"},
        {"--version", NULL, NULL, "print the version and exit"},
    };
    const struct gen_program *p = gen_prog;
    if (p->synopsis) {
        const char *s = p->synopsis;
        for (int first = 1; *s; first = 0) {
            size_t n = strcspn(s, "\n");
            fprintf(f, "%s%.*s\n", first ? "Usage: " : "       ", (int)n, s);
            s += n + (s[n] == '\n');
        }
    }
    if (p->about)
        fprintf(f, "\n%s", p->about);
    fputc('\n', f);
    for (const struct gen_option *o = p->option; o && o->name; o++)
        help_option(f, o);
    for (size_t k = 0; k < sizeof builtin / sizeof *builtin; k++)
        help_option(f, &builtin[k]);
    if (p->more)
        fprintf(f, "\n%s", p->more);
}

/* The table entry spelled a (up to len bytes), or -1. */
static int find_option(const char *a, size_t len)
{
    const struct gen_option *o = gen_prog->option;
    for (int k = 0; o && o[k].name; k++)
        if ((strlen(o[k].name) == len && !strncmp(o[k].name, a, len))
            || (o[k].alias && strlen(o[k].alias) == len && !strncmp(o[k].alias, a, len)))
            return k;
    return -1;
}

int gen_getopt(const char **value)
{
    while (cl_next < cl_argc) {
        const char *a = cl_argv[cl_next++];
        if (cl_options_done || a[0] != '-' || !a[1] || gen_is_number(a)) {
            *value = a;
            return GEN_ARG;
        }
        if (!strcmp(a, "--")) {
            cl_options_done = 1;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            gen_help(stdout);
            gen_close_output(stdout, NULL);
            exit(PROG_DONE);
        }
        if (!strcmp(a, "--version")) {
            printf("%s %s\n", gen_prog->name, DLX2_VERSION);
            gen_close_output(stdout, NULL);
            exit(PROG_DONE);
        }
        const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
        int k = find_option(a, eq ? (size_t)(eq - a) : strlen(a));
        if (k < 0)
            gen_die("unknown option '%s' (try --help)", a);
        const struct gen_option *o = &gen_prog->option[k];
        if (!o->value && eq)
            gen_die("%s takes no value", o->name);
        if (o->value && !eq && cl_next >= cl_argc)
            gen_die("%s needs a value (try --help)", a);
        *value = !o->value ? NULL : eq ? eq + 1 : cl_argv[cl_next++];
        return k;
    }
    return GEN_END;
}

void gen_read_cmdline(struct gen_cmdline *cl)
{
    const char *v;
    int k, n = 0;
    while (gen_prog->option && gen_prog->option[n].name)
        n++;
    cl->opt = gen_zalloc((size_t)n + 1, sizeof *cl->opt);
    cl->arg = gen_zalloc((size_t)cl_argc + 1, sizeof *cl->arg);
    cl->nargs = 0;
    while ((k = gen_getopt(&v)) != GEN_END) {
        if (k == GEN_ARG)
            cl->arg[cl->nargs++] = v;
        else
            cl->opt[k] = v ? v : "";
    }
}

void gen_show_refuses(const struct gen_cmdline *cl, const int *which)
{
    for (; *which >= 0; which++)
        if (cl->opt[*which])
            gen_die("%s goes with writing a problem, not with --show",
                    gen_prog->option[*which].name);
}

void gen_free_cmdline(struct gen_cmdline *cl)
{
    free(cl->opt);
    free(cl->arg);
    cl->opt = cl->arg = NULL;
}

int gen_is_number(const char *s)
{
    s += *s == '-' || *s == '+';
    return *s && strspn(s, "0123456789") == strlen(s);
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

/* ---------------------------------------------------------------- input */

void gen_input_open(struct gen_input *in, const char *path)
{
    memset(in, 0, sizeof *in);
    if (!strcmp(path, "-")) {
        in->f = stdin;
        in->name = "<stdin>";
        return;
    }
    in->f = fopen(path, "r");
    in->name = path;
    if (!in->f)
        gen_die("cannot open %s: %s", path, strerror(errno));
}

void gen_input_string(struct gen_input *in, const char *name, const char *text)
{
    memset(in, 0, sizeof *in);
    in->name = name;
    in->builtin = text;
}

int gen_input_next(struct gen_input *in)
{
    size_t len;
    if (in->f) {
        ssize_t got = getline(&in->text, &in->cap, in->f);
        if (got < 0) {
            if (ferror(in->f))
                gen_die("cannot read %s: %s", in->name, strerror(errno));
            return 0;
        }
        len = (size_t)got;
    } else {
        if (!in->builtin || !*in->builtin)
            return 0;
        len = strcspn(in->builtin, "\n");
        len += in->builtin[len] == '\n';
        in->text = gen_grow(in->text, &in->cap, len, 1);
        memcpy(in->text, in->builtin, len);
        in->builtin += len;
    }
    in->line++;
    if (len && in->text[len - 1] == '\n')
        len--;
    in->text[len] = '\0';
    in->len = len;
    const char *nul = memchr(in->text, '\0', len);
    if (nul)
        gen_input_die(in, gen_input_col(in, nul), "NUL byte in the input");
    return 1;
}

void gen_input_close(struct gen_input *in)
{
    if (in->f && in->f != stdin)
        fclose(in->f);
    free(in->text);
    in->text = NULL;
    in->f = NULL;
}

long gen_input_col(const struct gen_input *in, const char *p)
{
    long col = 1;
    for (const char *s = in->text; s < p; col++) {
        uint32_t c;
        size_t n = *s ? utf8_decode(s, &c) : 0;
        s += n ? n : 1;
    }
    return col;
}

void gen_input_die(const struct gen_input *in, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(in->name, in->line, col, fmt, ap);
}

/* ---------------------------------------------------------------- output */

void gen_check_size(double bytes, int force, const char *what)
{
    if (bytes <= GEN_OUTPUT_LIMIT || force)
        return;
    const char *unit = bytes >= 1e12 ? "TB" : "GB";
    double v = bytes / (bytes >= 1e12 ? 1e12 : 1e9);
    /* rounded up, so that it never reads "1.0 GB (more than 1 GB)" */
    int decimals = v < 10 ? 1 : 0;
    double scale = decimals ? 10 : 1;
    v = (double)(long long)(v * scale + 0.999999) / scale;
    gen_die("%s would take about %.*f %s (more than 1 GB); --force writes it all the same",
            what, decimals, v, unit);
}

FILE *gen_create(const char *path)
{
    if (!strcmp(path, "-"))
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        gen_exit(PROG_WRITE_ERROR, "cannot write %s: %s", path, strerror(errno));
    return f;
}

static void write_failed(const char *name, int err) GEN_NORETURN;
static void write_failed(const char *name, int err)
{
    if (err)
        gen_exit(PROG_WRITE_ERROR, "cannot write %s: %s", name ? name : "the output", strerror(err));
    gen_exit(PROG_WRITE_ERROR, "cannot write %s", name ? name : "the output");
}

void gen_check_output(FILE *f, const char *name)
{
    if (ferror(f))
        write_failed(name, errno);
}

void gen_close_output(FILE *f, const char *name)
{
    /* errno keeps the reason of the last failed write, if any */
    int failed = fflush(f) != 0 || ferror(f);
    int err = errno;
    if (f != stdout && fclose(f) != 0 && !failed)
        failed = 1, err = errno;
    if (failed)
        write_failed(name, err);
}

/* ---------------------------------------------------------------- problems */

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

void gen_write_command(FILE *f)
{
    fprintf(f, "| %s", gen_prog->name);
    for (int i = 1; i < cl_argc; i++) {
        const char *a = cl_argv[i];
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

char *gen_index_name(char *buf, long i, int ext)
{
    if (ext) {
        buf[0] = gen_ext_hex((int)i);
        buf[1] = '\0';
    } else {
        snprintf(buf, 24, "%ld", i);
    }
    return buf;
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

/* A decimal number without sign or leading zero, as %d prints it. */
static int plain_decimal(const char *s, size_t n, long *v)
{
    if (n == 0 || n > 9 || (n > 1 && s[0] == '0'))
        return 0;
    *v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        *v = *v * 10 + (s[i] - '0');
    }
    return 1;
}

long gen_parse_index(const char *s, int ext)
{
    long v;
    if (!s[0])
        return -1;
    if (!s[1] && ext != 0)
        return gen_ext_hex_value((unsigned char)s[0]);
    if (ext == 1 || !plain_decimal(s, strlen(s), &v) || (ext < 0 && v < 10))
        return -1;
    return v;
}

int gen_parse_cell(const char *s, int rows, int cols, int *r, int *c)
{
    long rr, cc;
    /* of either scheme, two characters can only be extended hex */
    int two = s[0] && s[1] && !s[2];
    if (rows ? rows <= 62 && cols <= 62 : two) {
        if (!two)
            return 0;
        rr = gen_ext_hex_value((unsigned char)s[0]);
        cc = gen_ext_hex_value((unsigned char)s[1]);
        if (rr < 0 || cc < 0)
            return 0;
    } else {
        const char *dot = strchr(s, '.');
        if (!dot || !plain_decimal(s, (size_t)(dot - s), &rr)
            || !plain_decimal(dot + 1, strlen(dot + 1), &cc))
            return 0;
    }
    if (rows ? rr >= rows || cc >= cols : rr >= GEN_SIDE_MAX || cc >= GEN_SIDE_MAX)
        return 0;
    if (r)
        *r = (int)rr;
    if (c)
        *c = (int)cc;
    return 1;
}

void gen_knuth_check_name(const char *name)
{
    if (strlen(name) > GEN_KNUTH_NAME_MAX)
        gen_die("--knuth: item name '%s' is longer than %d characters", name,
                GEN_KNUTH_NAME_MAX);
}
