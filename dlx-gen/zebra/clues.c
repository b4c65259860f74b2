/*
 * clues.c — the puzzle and the clue language of formats/zebra.md: the
 * classic puzzle built in, the parser that reads it and any puzzle file,
 * the "exists" clues added for values no clue names, the questions, and
 * --houses.
 */
#include "zebra.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

const char zebra_classic[] =
    "# The zebra puzzle (Life International, 1962).\n"
    "# Categories: a tag (letters), a colon, then one value per house.\n"
    "N: England Spain Ukraine Norway Japan\n"
    "J: painter diplomat violinist nurse sculptor\n"
    "P: dog snails fox horse zebra\n"
    "D: coffee tea milk orange-juice water\n"
    "C: red green white yellow blue\n"
    "\n"
    "# Clues, one a line. Houses are numbered 1 to 5 from the left.\n"
    "England same red              # the Englishman lives in the red house\n"
    "yellow same diplomat          # the yellow house holds the diplomat\n"
    "painter same Japan            # the painter is Japanese\n"
    "coffee same green             # coffee is drunk in the green house\n"
    "Norway in 1                   # the Norwegian lives in the first house\n"
    "Spain same dog                # the Spaniard owns the dog\n"
    "milk in 3                     # milk is drunk in the middle house\n"
    "violinist same orange-juice   # the violinist drinks orange juice\n"
    "white left-of green           # the white house is just left of the green one\n"
    "Ukraine same tea              # the Ukrainian drinks tea\n"
    "horse next-to diplomat        # the horse is next to the diplomat\n"
    "sculptor same snails          # the sculptor breeds snails\n"
    "Norway next-to blue           # the Norwegian lives next to the blue house\n"
    "nurse next-to fox             # the nurse lives next to the fox\n"
    "exists zebra                  # someone owns a zebra\n"
    "exists water                  # someone drinks water\n";

/*
 * The classic categories, grown to 10 values each, for --generate and
 * --houses: a puzzle of H houses takes the first H values of each, except
 * that the questions (zebra, water) always stay. With 5 houses these are
 * exactly the classic values.
 */
const char zebra_classic_grown[] =
    "N: England Spain Ukraine Norway Japan Germany Italy Sweden Denmark Ireland\n"
    "J: painter diplomat violinist nurse sculptor doctor baker pilot teacher farmer\n"
    "P: dog snails fox horse zebra cat parrot rabbit turtle goldfish\n"
    "D: coffee tea milk orange-juice water cocoa lemonade beer cider soda\n"
    "C: red green white yellow blue ivory black pink purple brown\n"
    "exists zebra\n"
    "exists water\n";

static const char *const keywords[] = {"same", "next-to", "left-of", "in", "exists"};

static int is_keyword(const char *w)
{
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (!strcmp(w, keywords[i]))
            return 1;
    return 0;
}

struct value_ref find_value(const struct puzzle *pz, const char *name)
{
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++)
            if (!strcmp(pz->cat[c].value[i], name))
                return (struct value_ref){c, i};
    return (struct value_ref){-1, -1};
}

const char *value_name(const struct puzzle *pz, struct value_ref v)
{
    return pz->cat[v.cat].value[v.idx];
}

int flat(const struct puzzle *pz, struct value_ref v)
{
    return v.cat * pz->houses + v.idx;
}

/* ---------------------------------------------------------------- the parser */

/* One word of a line and the column (from 1) where it starts. */
struct word {
    char *text;
    long col;
};

struct parser {
    struct gen_input in;
    struct word *w;
    int nw;
    size_t wcap;
    long end_col;          /* the column just past the last word */
    struct puzzle *pz;
};

/* "FILE:LINE:COL: message", and exit 2 */
#define parse_die(ps, col, ...) gen_input_die(&(ps)->in, col, __VA_ARGS__)

/* Splits the line into words; a word starting with '#' begins a comment. */
static void split_words(struct parser *ps)
{
    const char *line = ps->in.text, *p = line;
    for (int i = 0; i < ps->nw; i++)
        free(ps->w[i].text);
    ps->nw = 0;
    ps->end_col = 1;
    for (;;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            break;
        const char *start = p;
        while (*p && !isspace((unsigned char)*p)) {
            uint32_t c;
            size_t n = utf8_decode(p, &c);
            if (!n || utf8_is_control(c))
                parse_die(ps, gen_input_col(&ps->in, p),
                          "a control character or a byte that is not UTF-8 text");
            p += n;
        }
        ps->w = gen_grow(ps->w, &ps->wcap, (size_t)ps->nw, sizeof *ps->w);
        ps->w[ps->nw].text = gen_strndup(start, (size_t)(p - start));
        ps->w[ps->nw].col = gen_input_col(&ps->in, start);
        ps->nw++;
        ps->end_col = gen_input_col(&ps->in, p);
    }
}

static void check_value_name(const struct parser *ps, const char *v, long col)
{
    if (is_keyword(v))
        parse_die(ps, col, "'%s' is a keyword and cannot name a value", v);
    for (const char *t = v; *t; t++)
        if (*t == ':' || *t == '|')
            parse_die(ps, col + (long)(t - v), "a value name cannot hold ':' or '|' ('%s')", v);
    struct value_ref old = find_value(ps->pz, v);
    if (old.cat >= 0)
        parse_die(ps, col, "value '%s' is already declared (category %s, line %ld)",
                  v, ps->pz->cat[old.cat].tag, ps->pz->cat[old.cat].line);
}

/* Value k of a category line: text glued after the colon, if any, is
   value 0; then come words 1, 2, ...; *col is where it starts. */
static const char *category_value(const struct parser *ps, int k, long *col)
{
    const char *after = strchr(ps->w[0].text, ':') + 1;
    if (*after) {
        if (k == 0) {
            *col = ps->w[0].col + (long)(after - ps->w[0].text);
            return after;
        }
        k--;
    }
    *col = ps->w[k + 1].col;
    return ps->w[k + 1].text;
}

/*
 * "TAG: v1 v2 ...": the first word holds the colon, and a value may follow
 * it without a space. Everything is checked before anything is allocated,
 * so that an error leaves no half-built category behind.
 */
static void parse_category(struct parser *ps)
{
    struct puzzle *pz = ps->pz;
    const char *first = ps->w[0].text, *colon = strchr(first, ':');
    int taglen = (int)(colon - first);
    long col = ps->w[0].col, vcol, vcol2;
    if (taglen == 0)
        parse_die(ps, col, "missing category tag before ':'");
    for (int i = 0; i < taglen; i++)
        if (!isalpha((unsigned char)first[i]))
            parse_die(ps, col + i, "a category tag is made of letters only, not '%.*s'",
                      taglen, first);
    for (int c = 0; c < pz->ncat; c++)
        if ((int)strlen(pz->cat[c].tag) == taglen && !strncmp(pz->cat[c].tag, first, (size_t)taglen))
            parse_die(ps, col, "category %.*s is already declared on line %ld",
                      taglen, first, pz->cat[c].line);

    int nv = ps->nw - 1 + (colon[1] != '\0');
    if (nv == 0)
        parse_die(ps, ps->end_col, "category %.*s has no values", taglen, first);
    if (pz->houses && nv != pz->houses)
        parse_die(ps, col, "category %.*s has %d values, but there are %d houses "
                  "(category %s has %d values)", taglen, first, nv, pz->houses,
                  pz->cat[0].tag, pz->houses);
    for (int i = 0; i < nv; i++) {
        const char *v = category_value(ps, i, &vcol);
        for (int j = 0; j < i; j++)
            if (!strcmp(v, category_value(ps, j, &vcol2)))
                parse_die(ps, vcol, "value '%s' appears twice in category %.*s",
                          v, taglen, first);
        check_value_name(ps, v, vcol);
    }

    pz->cat = gen_grow(pz->cat, &pz->catcap, (size_t)pz->ncat, sizeof *pz->cat);
    struct category *cat = &pz->cat[pz->ncat];
    cat->tag = gen_strndup(first, (size_t)taglen);
    cat->line = ps->in.line;
    cat->tag_col = col;
    cat->value = gen_realloc(NULL, (size_t)nv, sizeof *cat->value);
    cat->col = gen_realloc(NULL, (size_t)nv, sizeof *cat->col);
    for (int i = 0; i < nv; i++)
        cat->value[i] = gen_strdup(category_value(ps, i, &cat->col[i]));
    pz->houses = nv;
    pz->ncat++;
}

/* The value named by word k of the line, or a message saying what is
   missing after word k-1. */
static struct value_ref expect_value(const struct parser *ps, int k)
{
    if (k >= ps->nw)
        parse_die(ps, ps->end_col, "expected a value after '%s'", ps->w[k - 1].text);
    struct value_ref v = find_value(ps->pz, ps->w[k].text);
    if (v.cat < 0)
        parse_die(ps, ps->w[k].col, "unknown value '%s'%s", ps->w[k].text,
                  ps->pz->ncat ? "" : " (declare the categories first, e.g. 'N: England Spain ...')");
    return v;
}

static void expect_end(const struct parser *ps, int k)
{
    if (k < ps->nw)
        parse_die(ps, ps->w[k].col, "unexpected '%s' after the clue", ps->w[k].text);
}

static char *join_words(const struct parser *ps)
{
    size_t n = 0;
    for (int i = 0; i < ps->nw; i++)
        n += strlen(ps->w[i].text) + 1;
    char *s = gen_realloc(NULL, n, 1), *p = s;
    for (int i = 0; i < ps->nw; i++)
        p += sprintf(p, i ? " %s" : "%s", ps->w[i].text);
    return s;
}

static void add_clue(struct puzzle *pz, struct clue c)
{
    pz->clue = gen_grow(pz->clue, &pz->cluecap, (size_t)pz->nclue, sizeof *pz->clue);
    pz->clue[pz->nclue++] = c;
}

/* "exists A", "A same B", "A next-to B", "A left-of B", "A in K". */
static void parse_clue(struct parser *ps)
{
    struct clue c;
    memset(&c, 0, sizeof c);
    c.line = ps->in.line;
    if (!strcmp(ps->w[0].text, "exists")) {
        c.kind = EXISTS;
        c.a = expect_value(ps, 1);
        expect_end(ps, 2);
    } else {
        c.a = expect_value(ps, 0);
        if (ps->nw < 2)
            parse_die(ps, ps->end_col, "expected same, next-to, left-of or in after '%s'",
                      ps->w[0].text);
        const char *rel = ps->w[1].text;
        if (!strcmp(rel, "in")) {
            c.kind = IN_HOUSE;
            if (ps->nw < 3)
                parse_die(ps, ps->end_col, "expected a house number after 'in'");
            const char *num = ps->w[2].text;
            char *end;
            errno = 0;
            long h = strtol(num, &end, 10);
            if (!isdigit((unsigned char)num[0]) || *end || errno || h < 1 || h > ps->pz->houses)
                parse_die(ps, ps->w[2].col, "house number must be between 1 and %d, not '%s'",
                          ps->pz->houses, num);
            c.house = (int)h - 1;
            expect_end(ps, 3);
        } else {
            if (!strcmp(rel, "same"))
                c.kind = SAME;
            else if (!strcmp(rel, "next-to"))
                c.kind = NEXT_TO;
            else if (!strcmp(rel, "left-of"))
                c.kind = LEFT_OF;
            else
                parse_die(ps, ps->w[1].col, "expected same, next-to, left-of or in, not '%s'", rel);
            c.b = expect_value(ps, 2);
            expect_end(ps, 3);
            if (c.a.cat == c.b.cat && c.a.idx == c.b.idx)
                parse_die(ps, ps->w[2].col, "a clue needs two different values, not '%s' twice",
                          ps->w[2].text);
            if (c.kind == SAME && c.a.cat == c.b.cat)
                parse_die(ps, ps->w[2].col, "'%s' and '%s' are both in category %s, "
                          "so they cannot share a house", ps->w[0].text, ps->w[2].text,
                          ps->pz->cat[c.a.cat].tag);
        }
    }
    c.text = join_words(ps);
    add_clue(ps->pz, c);
}

/*
 * A value no clue names could sit in several houses of its category (the
 * slots would not force a one-to-one match), so it gets an "exists" clue.
 */
static void add_implicit_clues(struct puzzle *pz)
{
    char *named = gen_zalloc((size_t)(pz->ncat * pz->houses), 1);
    pz->nwritten = pz->nclue;
    for (int k = 0; k < pz->nwritten; k++) {
        const struct clue *cl = &pz->clue[k];
        named[flat(pz, cl->a)] = 1;
        if (cl->kind == SAME || cl->kind == NEXT_TO || cl->kind == LEFT_OF)
            named[flat(pz, cl->b)] = 1;
    }
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            if (named[c * pz->houses + i])
                continue;
            struct clue cl;
            memset(&cl, 0, sizeof cl);
            cl.kind = EXISTS;
            cl.a = (struct value_ref){c, i};
            const char *v = pz->cat[c].value[i];
            cl.text = gen_realloc(NULL, strlen(v) + 8, 1);
            sprintf(cl.text, "exists %s", v);
            add_clue(pz, cl);
        }
    free(named);
}

/* Reads the puzzle of ps->in. */
static void read_puzzle(struct parser *ps, struct puzzle *pz)
{
    memset(pz, 0, sizeof *pz);
    ps->pz = pz;
    while (gen_input_next(&ps->in)) {
        split_words(ps);
        if (ps->nw == 0)
            continue;
        if (strchr(ps->w[0].text, ':'))
            parse_category(ps);
        else
            parse_clue(ps);
    }
    if (pz->ncat == 0)
        gen_die_at(ps->in.name, ps->in.line ? ps->in.line : 1, 1,
                   "no categories declared (a category line is 'TAG: value value ...')");
    for (int i = 0; i < ps->nw; i++)
        free(ps->w[i].text);
    free(ps->w);
    gen_input_close(&ps->in);
    add_implicit_clues(pz);
}

void puzzle_read_file(struct puzzle *pz, const char *path)
{
    static struct parser ps;    /* static: reachable if a bad line ends the program */
    memset(&ps, 0, sizeof ps);
    gen_input_open(&ps.in, path);
    read_puzzle(&ps, pz);
    pz->file = ps.in.name;
}

void puzzle_read_text(struct puzzle *pz, const char *name, const char *text)
{
    static struct parser ps;
    memset(&ps, 0, sizeof ps);
    gen_input_string(&ps.in, name, text);
    read_puzzle(&ps, pz);
}

void puzzle_free(struct puzzle *pz)
{
    for (int c = 0; c < pz->ncat; c++) {
        for (int i = 0; i < pz->houses; i++)
            free(pz->cat[c].value[i]);
        free(pz->cat[c].value);
        free(pz->cat[c].col);
        free(pz->cat[c].tag);
    }
    for (int k = 0; k < pz->nclue; k++)
        free(pz->clue[k].text);
    free(pz->cat);
    free(pz->clue);
    free(pz->question);
    free(pz->phrase);
}

/* ---------------------------------------------------------------- impossible clues */

/*
 * A clue that cannot hold makes a problem without solution. Caught here:
 * next-to and left-of in a single house; "in" clues that put one value
 * in two houses, or two values of a category in one house; and clues
 * whose values the "in" clues place where the clue cannot hold.
 */
void check_clues(const struct puzzle *pz, const char *file)
{
    int n = pz->houses;
    int *home = gen_realloc(NULL, (size_t)(pz->ncat * n), sizeof *home);
    for (int k = 0; k < pz->ncat * n; k++)
        home[k] = -1;
    for (int k = 0; k < pz->nwritten; k++) {
        const struct clue *c = &pz->clue[k];
        const char *why = NULL;
        int ha = home[flat(pz, c->a)], hb = c->kind == IN_HOUSE || c->kind == EXISTS
                                                ? -1 : home[flat(pz, c->b)];
        switch (c->kind) {
        case IN_HOUSE:
            if (ha >= 0 && ha != c->house)
                why = "puts its value in another house than an earlier clue";
            for (int i = 0; i < n && !why; i++)
                if (i != c->a.idx && home[flat(pz, (struct value_ref){c->a.cat, i})] == c->house)
                    why = "puts a second value of its category in that house";
            if (!why)
                home[flat(pz, c->a)] = c->house;
            break;
        case SAME:
            if (ha >= 0 && hb >= 0 && ha != hb)
                why = "asks one house of values that \"in\" clues put in two";
            break;
        case NEXT_TO:
        case LEFT_OF:
            if (n < 2)
                why = "needs two houses, and there is one";
            else if (ha >= 0 && hb >= 0 && (c->kind == LEFT_OF ? hb - ha != 1 : abs(ha - hb) != 1))
                why = "does not fit where \"in\" clues put its values";
            else if (c->kind == LEFT_OF && (ha == n - 1 || hb == 0))
                why = "does not fit where an \"in\" clue puts its value";
            break;
        case EXISTS:
            break;
        }
        if (why)
            gen_warn("%s:%ld: clue '%s' %s: the problem has no solution", file, c->line,
                     c->text, why);
    }
    free(home);
}

/* ---------------------------------------------------------------- questions, --houses */

static int names_value(const struct clue *c, struct value_ref v)
{
    int two = c->kind == SAME || c->kind == NEXT_TO || c->kind == LEFT_OF;
    return (c->a.cat == v.cat && c->a.idx == v.idx) ||
           (two && c->b.cat == v.cat && c->b.idx == v.idx);
}

/*
 * The puzzle's questions, whose answers --show tells in words. When the
 * written clues relate values (the classic puzzle), they are the values
 * that only "exists" clues name, written ("exists zebra") or added. When
 * the written clues are all "exists" (categories to --generate from),
 * they are the values of those clues. No clues, no questions.
 */
void find_questions(struct puzzle *pz)
{
    int n = pz->ncat * pz->houses, related = 0;
    pz->question = gen_realloc(pz->question, (size_t)n, 1);
    for (int k = 0; k < pz->nwritten; k++)
        related |= pz->clue[k].kind != EXISTS;
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            struct value_ref v = {c, i};
            int by_exists = 0, by_other = 0;
            /* the added clues count only when some written clue relates */
            int upto = related ? pz->nclue : pz->nwritten;
            for (int k = 0; k < upto; k++)
                if (names_value(&pz->clue[k], v)) {
                    if (pz->clue[k].kind == EXISTS)
                        by_exists = 1;
                    else
                        by_other = 1;
                }
            pz->question[flat(pz, v)] = (char)(by_exists && !by_other);
        }
}

/*
 * --houses n: keeps n values of each category, the questions and then the
 * first others in declaration order, and forgets the clues (--generate
 * makes its own; --show needs only the categories and the questions).
 */
void select_houses(struct puzzle *pz, int n)
{
    int old = pz->houses;
    if (n > old && pz->file)
        gen_die_at(pz->file, pz->cat[0].line, pz->cat[0].tag_col, "--houses %d: at most %d, "
                   "as many as category %s has values", n, old, pz->cat[0].tag);
    if (n > old)
        gen_die("--houses: at most %d (the categories have %d values)", old, old);
    char *question = gen_realloc(NULL, (size_t)(pz->ncat * n), 1);
    for (int c = 0; c < pz->ncat; c++) {
        struct category *cat = &pz->cat[c];
        int q = 0, kept = 0, others = 0;
        for (int i = 0; i < old; i++)
            q += pz->question[c * old + i];
        if (q > n && pz->file)
            gen_die_at(pz->file, cat->line, cat->tag_col, "--houses %d: category %s has %d "
                       "questions, more than %d houses", n, cat->tag, q, n);
        if (q > n)
            gen_die("--houses: category %s has %d questions, more than %d houses", cat->tag, q, n);
        char **value = gen_realloc(NULL, (size_t)n, sizeof *value);
        long *vcol = gen_realloc(NULL, (size_t)n, sizeof *vcol);
        for (int i = 0; i < old; i++) {
            int is_q = pz->question[c * old + i];
            if (is_q || others < n - q) {
                others += !is_q;
                question[c * n + kept] = (char)is_q;
                vcol[kept] = cat->col[i];
                value[kept++] = cat->value[i];
            } else {
                free(cat->value[i]);
            }
        }
        free(cat->value);
        free(cat->col);
        cat->value = value;
        cat->col = vcol;
    }
    free(pz->question);
    pz->question = question;
    pz->houses = n;
    for (int k = 0; k < pz->nclue; k++)
        free(pz->clue[k].text);
    pz->nclue = pz->nwritten = 0;
}
