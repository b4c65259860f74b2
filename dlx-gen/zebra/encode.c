/*
 * encode.c — gen-zebra's problems, built in memory: Knuth's encoding of a
 * puzzle (what gen-zebra writes) and the encoding with value items (what
 * --generate solves and writes with -o).
 *
 * Knuth's encoding. Each clue is a primary item "#k". Each slot, a
 * category in a house, is a secondary item TAG + house, houses numbered
 * from 0 (N0 = nationality of the first house); a slot's color is the
 * value placed there. Each clue has one option per way it can hold, e.g.
 * "England same red" has "#1 N0:England C0:red" ... "#1 N4:England
 * C4:red". An exact cover picks one way for every clue, and the colors
 * keep the choices consistent. Why the slots then hold one house per
 * value: every value is named by some clue (clues.c adds an "exists"
 * clue for any value that no clue names), so each of the H values of a
 * category takes at least one of its H slots, hence exactly one.
 *
 * --knuth writes one-character colors, as Knuth's DLX2 requires (the
 * extended-hex index of the value among all values, or within its
 * category if there are more than 62 values in all), and only the
 * command comment, so the built-in puzzle comes out as
 * data/reference/instances/zebra-16-clues.dlx. The usual output names
 * each value in full and lists the clues in comments.
 *
 * Problems are built in a growing string (struct buf), then written to a
 * file or handed to the engine through fmemopen, which is why the writers
 * avoid stdio: --generate builds a problem for every uniqueness check.
 */
#include "zebra.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- text in memory */

static void buf_need(struct buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    b->cap = 2 * (b->n + more + 1);
    b->s = gen_realloc(b->s, b->cap, 1);
}

void bputs(struct buf *b, const char *s)
{
    size_t k = strlen(s);
    buf_need(b, k);
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

void bputc(struct buf *b, char c)
{
    buf_need(b, 1);
    b->s[b->n++] = c;
    b->s[b->n] = '\0';
}

void bputint(struct buf *b, int v)
{
    char digits[16];
    int k = 0;
    do
        digits[k++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    buf_need(b, (size_t)k);
    while (k > 0)
        b->s[b->n++] = digits[--k];
    b->s[b->n] = '\0';
}

void bprintf(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_need(b, (size_t)need);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

void buf_flush(struct buf *b, FILE *f)
{
    if (b->n)
        fwrite(b->s, 1, b->n, f);
    b->n = 0;
}

/* ---------------------------------------------------------------- Knuth's encoding */

struct colors choose_colors(const struct puzzle *pz, int knuth)
{
    struct colors co = {knuth, 0};
    if (!knuth)
        return co;
    if ((long)pz->ncat * pz->houses > 62)
        co.per_category = 1;
    if (pz->houses > 62)
        gen_die("--knuth: %d houses need more one-character colors than there are (62)",
                pz->houses);
    /* every item name must fit: each tag with the last house number, and
       the last clue #k */
    char buf[64];
    for (int c = 0; c < pz->ncat; c++) {
        snprintf(buf, sizeof buf, "%.40s%d", pz->cat[c].tag, pz->houses - 1);
        gen_knuth_check_name(buf);
    }
    snprintf(buf, sizeof buf, "#%d", pz->nclue);
    gen_knuth_check_name(buf);
    return co;
}

/*
 * Writes " TAGh:color", the slot of value v in house h, and in the
 * encoding with value items (values != 0) also " @V:h", v's house.
 */
static void put_slot(struct buf *b, const struct puzzle *pz, const struct colors *co,
                     struct value_ref v, int h, int values)
{
    bputc(b, ' ');
    bputs(b, pz->cat[v.cat].tag);
    bputint(b, h);
    bputc(b, ':');
    if (!co->knuth)
        bputs(b, value_name(pz, v));
    else
        bputc(b, gen_ext_hex(co->per_category ? v.idx : v.cat * pz->houses + v.idx));
    if (values) {
        bputs(b, " @");
        bputs(b, value_name(pz, v));
        bputc(b, ':');
        bputint(b, h);
    }
}

/* Starts an option of clue k: "#k". */
static void put_clue_item(struct buf *b, int k)
{
    bputc(b, '#');
    bputint(b, k);
}

/* One option of clue k: x in house hx, and y in house hy if y is not NULL. */
static void put_option(struct buf *b, const struct puzzle *pz, const struct colors *co, int k,
                       struct value_ref x, int hx, const struct value_ref *y, int hy, int values)
{
    put_clue_item(b, k);
    put_slot(b, pz, co, x, hx, values);
    if (y)
        put_slot(b, pz, co, *y, hy, values);
    bputc(b, '\n');
}

/* The options of clue c, the k-th (from 1). */
static void write_clue_options(struct buf *b, const struct puzzle *pz, const struct colors *co,
                               const struct clue *c, int k, int values)
{
    int n = pz->houses;
    switch (c->kind) {
    case SAME:
        for (int h = 0; h < n; h++)
            put_option(b, pz, co, k, c->a, h, &c->b, h, values);
        break;
    case NEXT_TO: /* a then b, and b then a, for each pair of neighbours */
    case LEFT_OF:
        for (int h = 0; h + 1 < n; h++) {
            put_option(b, pz, co, k, c->a, h, &c->b, h + 1, values);
            if (c->kind == NEXT_TO)
                put_option(b, pz, co, k, c->b, h, &c->a, h + 1, values);
        }
        break;
    case IN_HOUSE:
        put_option(b, pz, co, k, c->a, c->house, NULL, 0, values);
        break;
    case EXISTS:
        for (int h = 0; h < n; h++)
            put_option(b, pz, co, k, c->a, h, NULL, 0, values);
        break;
    }
}

static void write_slot_items(struct buf *b, const struct puzzle *pz)
{
    for (int c = 0; c < pz->ncat; c++)
        for (int h = 0; h < pz->houses; h++) {
            bputc(b, ' ');
            bputs(b, pz->cat[c].tag);
            bputint(b, h);
        }
}

/* Decimal digits of v. */
static double digits(long v)
{
    double d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

double problem_bytes(const struct puzzle *pz)
{
    long n = pz->houses;
    double slot = 0, bytes = 0;
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < n; i++) {
            /* " TAGh:value" */
            double w = 3 + (double)(strlen(pz->cat[c].tag) + strlen(pz->cat[c].value[i])) + digits(n);
            slot = w > slot ? w : slot;
        }
    for (int k = 0; k < pz->nclue; k++) {
        const struct clue *c = &pz->clue[k];
        double options = c->kind == SAME || c->kind == EXISTS ? n
                         : c->kind == NEXT_TO ? 2.0 * (n - 1) : c->kind == LEFT_OF ? n - 1 : 1;
        double slots = c->kind == IN_HOUSE || c->kind == EXISTS ? 1 : 2;
        bytes += options * (3 + digits(k + 1) + slots * slot) + (double)strlen(c->text) + 40;
    }
    return bytes;
}

void write_problem(struct buf *b, const struct puzzle *pz, const struct colors *co)
{
    if (!co->knuth) {
        bprintf(b, "| %d houses, %d categories, %d clues; slot TAGh holds the value in house h\n",
                pz->houses, pz->ncat, pz->nclue);
        bprintf(b, "| (houses counted from 0 here, from 1 in the clues)\n");
        for (int k = 0; k < pz->nclue; k++)
            bprintf(b, "| #%d: %s%s\n", k + 1, pz->clue[k].text,
                    k < pz->nwritten ? "" : "  (added: no clue names this value)");
    }
    for (int k = 0; k < pz->nclue; k++) {
        if (k)
            bputc(b, ' ');
        put_clue_item(b, k + 1);
    }
    bputs(b, " |");
    write_slot_items(b, pz);
    bputc(b, '\n');
    for (int k = 0; k < pz->nclue; k++)
        write_clue_options(b, pz, co, &pz->clue[k], k + 1, 0);
}

/* ---------------------------------------------------------------- value items */

/* "#TAGh": the primary item saying slot TAGh gets exactly one value. */
static void put_slot_item(struct buf *b, const struct puzzle *pz, int c, int h)
{
    bputc(b, '#');
    bputs(b, pz->cat[c].tag);
    bputint(b, h);
}

/*
 * The encoding with value items (formats/zebra.md), for the n clues
 * cl[0..n-1]. Primary items: the clues #1..#n, every value V, and every
 * slot as "#TAGh" (it must get a value); secondary: the slots TAGh,
 * colored by their value, and every "@V", colored by V's house. The
 * clues' options are Knuth's, each placement also coloring @V; then, for
 * every value V and house h, the option "V #TAGh TAGh:V @V:h" placing it.
 * So "each value in one house" and "each house one value" are both items
 * the solver can branch on, and a clue that places V removes at once
 * every option placing V elsewhere (through @V). Without these, proving a
 * 10-house puzzle unique can take the search minutes instead of moments.
 */
void write_value_problem(struct buf *b, const struct puzzle *pz, const struct clue *const *cl,
                         int n)
{
    struct colors co = {0, 0};
    for (int k = 0; k < n; k++) {
        put_clue_item(b, k + 1);
        bputc(b, ' ');
    }
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            bputs(b, pz->cat[c].value[i]);
            bputc(b, ' ');
        }
    for (int c = 0; c < pz->ncat; c++)
        for (int h = 0; h < pz->houses; h++) {
            put_slot_item(b, pz, c, h);
            bputc(b, ' ');
        }
    bputc(b, '|');
    write_slot_items(b, pz);
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            bputs(b, " @");
            bputs(b, pz->cat[c].value[i]);
        }
    bputc(b, '\n');
    for (int k = 0; k < n; k++)
        write_clue_options(b, pz, &co, cl[k], k + 1, 1);
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++)
            for (int h = 0; h < pz->houses; h++) {
                bputs(b, pz->cat[c].value[i]);
                bputc(b, ' ');
                put_slot_item(b, pz, c, h);
                put_slot(b, pz, &co, (struct value_ref){c, i}, h, 1);
                bputc(b, '\n');
            }
}

/* Dies "FILE:LINE:COL: --generate: ..." at value i of category c (the
   built-in puzzles have no such values, so a file is there). */
static void value_die(const struct puzzle *pz, int c, int i, const char *fmt, ...)
    GEN_PRINTF(4, 5) GEN_NORETURN;
static void value_die(const struct puzzle *pz, int c, int i, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(pz->file ? pz->file : "(classic categories)", pz->cat[c].line,
                pz->cat[c].col[i], fmt, ap);
}

/*
 * In the encoding with value items a value is an item name of its own,
 * so it must differ from the slots' names, and "@V" from the values.
 */
void check_value_items(const struct puzzle *pz)
{
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            const char *v = pz->cat[c].value[i];
            for (int d = 0; d < pz->ncat; d++)
                for (int h = 0; h < pz->houses; h++) {
                    char slot[64];
                    snprintf(slot, sizeof slot, "%s%d", pz->cat[d].tag, h);
                    if (!strcmp(v, slot))
                        value_die(pz, c, i, "--generate: value '%s' has the name of a slot; "
                                  "please rename it", v);
                }
            if (v[0] == '@' && find_value(pz, v + 1).cat >= 0)
                value_die(pz, c, i, "--generate: values '%s' and '%s' would clash as item "
                          "names; please rename one", v, v + 1);
        }
}
