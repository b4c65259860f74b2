/*
 * zdd_count.c — dlx2 --zdd-count [FILE]: a ZDD in DLX6's text format
 * (formats/zdd.md, as --zdd writes it) read back, and the number of sets
 * of its family written on stdout, exactly.
 *
 * The count of a node is the sum of its two branches' counts, so the
 * largest count of a ZDD of n nodes has about 0.7 n bits: the counts are
 * kept in numbers of L 64-bit limbs, L = 2 first, and the whole count is
 * done again with twice as many whenever one overflows. Reading keeps two
 * indices per node; nothing else of the file. Bad input ends the run
 * (FILE:LINE:COL, status 2).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>

/* ---- reading ------------------------------------------------------------- */

typedef struct zread {
    const char *name;
    FILE *in;
    long line;
    uint64_t *ids;       /* hash table of node numbers */
    uint32_t *where;     /* their indices */
    size_t mask, used;
    uint32_t *lo, *hi;   /* per node, the indices of its branches (0 and 1: the sinks) */
    size_t n, cap;
    int root;            /* the last line read is a root, (~0?0:R) */
} zread;

static void zread_fail(zread *z, long col, const char *what, ...) __attribute__((noreturn));

static void zread_fail(zread *z, long col, const char *what, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, what);
    vsnprintf(msg, sizeof msg, what, ap);
    va_end(ap);
    rep_die(PROG_BAD_INPUT, "%s:%ld:%ld: %s", z->name, z->line, col, msg);
}

static size_t id_slot(const zread *z, uint64_t id)
{
    size_t i = (size_t)((id * 0x9e3779b97f4a7c15ULL) >> 17) & z->mask;
    while (z->where[i] && z->ids[i] != id)
        i = (i + 1) & z->mask;
    return i;
}

static void grow_ids(zread *z)
{
    zread old = *z;
    z->mask = z->mask * 2 + 1;
    z->ids = calloc(z->mask + 1, sizeof *z->ids);
    z->where = calloc(z->mask + 1, sizeof *z->where);
    if (!z->ids || !z->where)
        rep_die(PROG_NO_MEMORY, "out of memory reading %s", z->name);
    for (size_t i = 0; i <= old.mask; i++)
        if (old.where[i]) {
            size_t j = id_slot(z, old.ids[i]);
            z->ids[j] = old.ids[i], z->where[j] = old.where[i];
        }
    free(old.ids), free(old.where);
}

/* A hex node number at s[*k] ending at stop; its index, or a new one (define). */
static uint32_t node_ref(zread *z, const char *s, size_t *k, char stop, int define)
{
    size_t start = *k;
    uint64_t id = 0;
    for (; s[*k] != stop; ++*k) {
        int c = s[*k], v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0 && define && z->line == 1 && *k == 0)
            zread_fail(z, 1, "this is not a ZDD, whose lines are nodes \"N: (~V?LO:HI)\""
                             " (dlx2 --zdd writes one; --zdd-count counts its solutions)");
        if (v < 0)
            zread_fail(z, (long)*k + 1, c == '\n' || !c ? "the line ends early (a node is"
                                                          " \"N: (~V?LO:HI)\")"
                                                        : "'%c' where a hex digit or '%c' belongs",
                       c, stop);
        if (*k - start == 16)
            zread_fail(z, (long)start + 1, "a node number of more than 16 hex digits");
        id = id << 4 | (uint64_t)v;
    }
    if (*k == start)
        zread_fail(z, (long)start + 1, "a node number is missing");
    ++*k;
    if (!define && id < 2)
        return (uint32_t)id;
    if (define && id < 2)
        zread_fail(z, (long)start + 1, "node %llx is a sink (0 and 1 are the sinks)",
                   (ullng)id);
    size_t i = id_slot(z, id);
    if (!define && !z->where[i])
        zread_fail(z, (long)start + 1, "node %llx is not defined on an earlier line", (ullng)id);
    if (!define)
        return z->where[i];
    if (z->where[i])
        zread_fail(z, (long)start + 1, "node %llx is defined twice", (ullng)id);
    if (z->n + 2 > 0xffffffffu)
        rep_die(PROG_NO_MEMORY, "%s: more than 2^32 nodes", z->name);
    z->ids[i] = id, z->where[i] = (uint32_t)(z->n + 2);
    if (2 * ++z->used > z->mask)
        grow_ids(z);
    return (uint32_t)(z->n + 2);
}

static void expect(zread *z, const char *s, size_t *k, const char *what)
{
    size_t n = strlen(what);
    if (strncmp(s + *k, what, n))
        zread_fail(z, (long)*k + 1, "'%s' expected (a node is \"N: (~V?LO:HI)\")", what);
    *k += n;
}

/* One line "N: (~V?LO:HI)". */
static void read_node(zread *z, const char *s, size_t len)
{
    size_t k = 0;
    if (z->n == z->cap) {
        z->cap = z->cap ? 2 * z->cap : 1024;
        z->lo = realloc(z->lo, z->cap * sizeof *z->lo);
        z->hi = z->lo ? realloc(z->hi, z->cap * sizeof *z->hi) : NULL;
        if (!z->lo || !z->hi)
            rep_die(PROG_NO_MEMORY, "out of memory reading %s", z->name);
    }
    if (len && s[len - 1] != '\n')
        zread_fail(z, (long)len + 1, "the last line has no newline");
    node_ref(z, s, &k, ':', 1);
    expect(z, s, &k, " (~");
    size_t start = k;
    while (s[k] >= '0' && s[k] <= '9')
        if (++k - start > 19)
            zread_fail(z, (long)start + 1, "an option number of more than 19 digits");
    if (k == start)
        zread_fail(z, (long)k + 1, "an option number (decimal) expected");
    expect(z, s, &k, "?");
    size_t at_lo = k;
    uint32_t lo = node_ref(z, s, &k, ':', 0), hi = node_ref(z, s, &k, ')', 0);
    if (s[k] != '\n')
        zread_fail(z, (long)k + 1, "the line goes on after the node");
    z->lo[z->n] = lo, z->hi[z->n] = hi;
    z->root = start + 2 == at_lo && s[start] == '0' && lo == 0; /* "(~0?0:R)" */
    z->n++;
}

/* Counts with L limbs; 0 if a count overflowed. */
static int count_with(const zread *z, uint64_t *c, int L)
{
    memset(c, 0, 2 * (size_t)L * sizeof *c);
    c[L] = 1; /* the sink 1: the empty set */
    for (size_t i = 0; i < z->n; i++) {
        const uint64_t *a = c + (size_t)z->lo[i] * (size_t)L, *b = c + (size_t)z->hi[i] * (size_t)L;
        uint64_t *s = c + (i + 2) * (size_t)L, carry = 0;
        for (int j = 0; j < L; j++) {
            uint64_t x = a[j] + b[j];
            uint64_t y = x + carry;
            carry = (x < a[j]) + (y < x);
            s[j] = y;
        }
        if (carry)
            return 0;
    }
    return 1;
}

static int count_file(const char *file)
{
    char shown[REP_SHOWN_SIZE];
    int std = !file || !strcmp(file, "-");
    zread z = {.name = std ? "<stdin>" : rep_shown(file, 200, shown), .mask = 1023};
    z.in = std ? stdin : fopen(file, "r");
    if (!z.in)
        rep_die(PROG_BAD_INPUT, "%s: cannot open: %s", z.name, strerror(errno));
    z.ids = calloc(z.mask + 1, sizeof *z.ids);
    z.where = calloc(z.mask + 1, sizeof *z.where);
    if (!z.ids || !z.where)
        rep_die(PROG_NO_MEMORY, "out of memory");
    char *s = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&s, &size, z.in)) >= 0) {
        z.line++;
        if (memchr(s, '\0', (size_t)len))
            zread_fail(&z, (long)strlen(s) + 1, "a NUL byte");
        read_node(&z, s, (size_t)len);
    }
    if (ferror(z.in))
        rep_die(PROG_BAD_INPUT, "%s: read error: %s", z.name, strerror(errno));
    if (!z.n)
        rep_die(PROG_BAD_INPUT, "%s: no nodes (the root is the last line)", z.name);
    if (!z.root)
        zread_fail(&z, 1, "the last line is not a root \"N: (~0?0:R)\": the ZDD is cut short");
    free(s), free(z.ids), free(z.where);
    if (z.in != stdin)
        fclose(z.in);
    for (int L = 2;; L *= 2) {
        uint64_t *c = malloc((z.n + 2) * (size_t)L * sizeof *c);
        if (!c)
            rep_die(PROG_NO_MEMORY, "out of memory counting %s", z.name);
        if (count_with(&z, c, L)) {
            xcc_big total = {c + (z.n + 1) * (size_t)L, (size_t)L, (size_t)L};
            while (total.n && !total.w[total.n - 1])
                total.n--;
            char *text = xcc_big_text(&total);
            if (!text)
                rep_die(PROG_NO_MEMORY, "out of memory");
            printf("%s\n", text);
            free(text), free(c), free(z.lo), free(z.hi);
            return rep_flush(stdout);
        }
        free(c);
    }
}

int cli_zdd_count(cli *c)
{
    cli_stdout_lost(count_file(c->zdd_count));
    return PROG_DONE;
}
