/*
 * gen-zebra — the zebra puzzle (and puzzles like it) as an XCC problem
 * with colors, in DLX2 format on stdout; it also reads solutions back,
 * and makes new puzzles.
 *
 * A puzzle has H houses in a row and some categories (nationality, job,
 * pet, ...), each with exactly H values; every house gets one value of
 * each category, all different. Clues relate values: same house, next to,
 * immediately left of, in house k, or just "exists".
 *
 * Encoding (Knuth's). Each clue is a primary item "#k". Each slot, a
 * category in a house, is a secondary item TAG + house, houses numbered
 * from 0 (N0 = nationality of the first house); a slot's color is the
 * value placed there. Each clue has one option per way it can hold, e.g.
 * "England same red" has "#1 N0:England C0:red" ... "#1 N4:England
 * C4:red". An exact cover picks one way for every clue, and the colors
 * keep the choices consistent. Why the slots then hold one house per
 * value: every value is named by some clue (gen-zebra adds an "exists"
 * clue for any value that no clue names), so each of the H values of a
 * category takes at least one of its H slots, hence exactly one.
 * Reading a solution: the color of slot TAGh is the value in house h.
 *
 * --knuth writes one-character colors, as Knuth's DLX2 requires (the
 * extended-hex index of the value among all values, or within its
 * category if there are more than 62 values in all), and only the
 * command comment, so the built-in puzzle comes out as
 * data/reference/instances/zebra-16-clues.dlx. The usual output names
 * each value in full and lists the clues in comments.
 *
 * The puzzle comes from the clue language of formats/zebra.md: the
 * classic puzzle is built in, written in that language and read by the
 * same parser as a file given with -f. --show turns a solver's listing
 * (dlx2 m1) of this problem back into a table of houses and answers the
 * puzzle's questions (its "exists" values) in words.
 *
 * --generate makes a new puzzle: a random assignment, every clue true of
 * it, then clues dropped in random order while the solver (the engine,
 * linked in) still finds exactly one solution. Those checks use a second
 * encoding, with items for "each value in one house" (V, and "@V"
 * colored by the house) and "each slot one value" (#TAGh), so the clues
 * need not name every value (formats/zebra.md explains why it is exact).
 *
 * Data layout: categories in declaration order, each with its values; a
 * value is referred to by (category, index), or by its flat number
 * category * H + index in the per-value arrays (question flags, phrases);
 * clues in order, the implicit "exists" clues after the written ones.
 */
#include "gen.h"
#include "xcc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Knuth's DLX2 reads item names of at most this many characters. */
enum { KNUTH_NAME_MAX = 8 };

/* The classic puzzle, in the clue language. */
static const char classic[] =
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
static const char classic_grown[] =
    "N: England Spain Ukraine Norway Japan Germany Italy Sweden Denmark Ireland\n"
    "J: painter diplomat violinist nurse sculptor doctor baker pilot teacher farmer\n"
    "P: dog snails fox horse zebra cat parrot rabbit turtle goldfish\n"
    "D: coffee tea milk orange-juice water cocoa lemonade beer cider soda\n"
    "C: red green white yellow blue ivory black pink purple brown\n"
    "exists zebra\n"
    "exists water\n";

/* Houses of a generated puzzle unless --houses says otherwise. */
enum { DEFAULT_HOUSES = 5 };

/*
 * English for the classic values, so that answers and generated clues
 * read "The Japanese owns the zebra." A value is one of three kinds: it
 * names a person (who), or a house (adj, the colors), or something the
 * person of a house does (does). Values without a phrase (puzzles of
 * one's own) get plain sentences instead.
 */
struct phrase {
    const char *tag, *value;
    const char *who;  /* "the Englishman", or NULL */
    const char *does; /* "is English", "owns the dog", "lives in the red house" */
    const char *adj;  /* "red" for a house's color, or NULL */
};

static const struct phrase phrasebook[] = {
    {"N", "England", "the Englishman", "is English", NULL},
    {"N", "Spain", "the Spaniard", "is Spanish", NULL},
    {"N", "Ukraine", "the Ukrainian", "is Ukrainian", NULL},
    {"N", "Norway", "the Norwegian", "is Norwegian", NULL},
    {"N", "Japan", "the Japanese", "is Japanese", NULL},
    {"N", "Germany", "the German", "is German", NULL},
    {"N", "Italy", "the Italian", "is Italian", NULL},
    {"N", "Sweden", "the Swede", "is Swedish", NULL},
    {"N", "Denmark", "the Dane", "is Danish", NULL},
    {"N", "Ireland", "the Irishman", "is Irish", NULL},
    {"J", "painter", "the painter", "is a painter", NULL},
    {"J", "diplomat", "the diplomat", "is a diplomat", NULL},
    {"J", "violinist", "the violinist", "is a violinist", NULL},
    {"J", "nurse", "the nurse", "is a nurse", NULL},
    {"J", "sculptor", "the sculptor", "is a sculptor", NULL},
    {"J", "doctor", "the doctor", "is a doctor", NULL},
    {"J", "baker", "the baker", "is a baker", NULL},
    {"J", "pilot", "the pilot", "is a pilot", NULL},
    {"J", "teacher", "the teacher", "is a teacher", NULL},
    {"J", "farmer", "the farmer", "is a farmer", NULL},
    {"P", "dog", NULL, "owns the dog", NULL},
    {"P", "snails", NULL, "keeps snails", NULL},
    {"P", "fox", NULL, "owns the fox", NULL},
    {"P", "horse", NULL, "owns the horse", NULL},
    {"P", "zebra", NULL, "owns the zebra", NULL},
    {"P", "cat", NULL, "owns the cat", NULL},
    {"P", "parrot", NULL, "owns the parrot", NULL},
    {"P", "rabbit", NULL, "owns the rabbit", NULL},
    {"P", "turtle", NULL, "owns the turtle", NULL},
    {"P", "goldfish", NULL, "keeps goldfish", NULL},
    {"D", "coffee", NULL, "drinks coffee", NULL},
    {"D", "tea", NULL, "drinks tea", NULL},
    {"D", "milk", NULL, "drinks milk", NULL},
    {"D", "orange-juice", NULL, "drinks orange juice", NULL},
    {"D", "water", NULL, "drinks water", NULL},
    {"D", "cocoa", NULL, "drinks cocoa", NULL},
    {"D", "lemonade", NULL, "drinks lemonade", NULL},
    {"D", "beer", NULL, "drinks beer", NULL},
    {"D", "cider", NULL, "drinks cider", NULL},
    {"D", "soda", NULL, "drinks soda", NULL},
    {"C", "red", NULL, "lives in the red house", "red"},
    {"C", "green", NULL, "lives in the green house", "green"},
    {"C", "white", NULL, "lives in the white house", "white"},
    {"C", "yellow", NULL, "lives in the yellow house", "yellow"},
    {"C", "blue", NULL, "lives in the blue house", "blue"},
    {"C", "ivory", NULL, "lives in the ivory house", "ivory"},
    {"C", "black", NULL, "lives in the black house", "black"},
    {"C", "pink", NULL, "lives in the pink house", "pink"},
    {"C", "purple", NULL, "lives in the purple house", "purple"},
    {"C", "brown", NULL, "lives in the brown house", "brown"},
};

/* ---------------------------------------------------------------- memory */

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        gen_die("out of memory");
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *t = xrealloc(NULL, n + 1);
    memcpy(t, s, n);
    t[n] = '\0';
    return t;
}

/* Grows an array *p of *cap elements of size sz so that index n fits. */
static void grow(void *pp, int *cap, int n, size_t sz)
{
    void **p = pp;
    if (n < *cap)
        return;
    *cap = *cap ? 2 * *cap : 8;
    *p = xrealloc(*p, (size_t)*cap * sz);
}

/* ---------------------------------------------------------------- puzzle */

struct category {
    char *tag;     /* letters; slot items are tag + house */
    char **value;  /* one value per house, as declared */
    int line;      /* where it was declared */
};

struct value_ref {
    int cat, idx;
};

enum clue_kind { SAME, NEXT_TO, LEFT_OF, IN_HOUSE, EXISTS };

struct clue {
    enum clue_kind kind;
    struct value_ref a, b; /* b unused for IN_HOUSE and EXISTS */
    int house;             /* IN_HOUSE: 0-based */
    char *text;            /* the clue's words, for the comments */
};

struct puzzle {
    struct category *cat;
    int ncat, catcap;
    int houses;            /* 0 until the first category fixes it */
    struct clue *clue;
    int nclue, cluecap;
    int nwritten;          /* clues from the text; the rest are implicit */
    char *question;        /* per value (flat number): only "exists" names it */
    const struct phrase **phrase; /* per value: its English, or NULL */
};

static const char *const keywords[] = {"same", "next-to", "left-of", "in", "exists"};

static int is_keyword(const char *w)
{
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (!strcmp(w, keywords[i]))
            return 1;
    return 0;
}

/* The value called name, or {-1, -1}. */
static struct value_ref find_value(const struct puzzle *pz, const char *name)
{
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++)
            if (!strcmp(pz->cat[c].value[i], name))
                return (struct value_ref){c, i};
    return (struct value_ref){-1, -1};
}

static const char *value_name(const struct puzzle *pz, struct value_ref v)
{
    return pz->cat[v.cat].value[v.idx];
}

/* ---------------------------------------------------------------- the clue language */

/* One word of a line and the column (1-based) where it starts. */
struct word {
    char *text;
    int col;
};

struct parser {
    const char *file;
    int line;
    struct word *w;
    int nw, wcap;
    int end_col;           /* the column just past the last word */
    struct puzzle *pz;
};

/* "FILE:LINE:COL: message", and exit 2 */
#define parse_die(ps, col, ...) gen_die_at((ps)->file, (ps)->line, col, __VA_ARGS__)

/* Splits line into words; a word starting with '#' begins a comment. */
static void split_words(struct parser *ps, const char *line)
{
    for (int i = 0; i < ps->nw; i++)
        free(ps->w[i].text);
    ps->nw = 0;
    ps->end_col = 1;
    const char *p = line;
    for (;;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            break;
        const char *start = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        grow(&ps->w, &ps->wcap, ps->nw, sizeof *ps->w);
        ps->w[ps->nw].text = xstrndup(start, (size_t)(p - start));
        ps->w[ps->nw].col = (int)(start - line) + 1;
        ps->nw++;
        ps->end_col = (int)(p - line) + 1;
    }
}

static void check_value_name(const struct parser *ps, const char *v, int col)
{
    if (is_keyword(v))
        parse_die(ps, col, "'%s' is a keyword and cannot name a value", v);
    for (const char *t = v; *t; t++)
        if (*t == ':' || *t == '|')
            parse_die(ps, col + (int)(t - v), "a value name cannot hold ':' or '|' ('%s')", v);
    struct value_ref old = find_value(ps->pz, v);
    if (old.cat >= 0)
        parse_die(ps, col, "value '%s' is already declared (category %s, line %d)",
                  v, ps->pz->cat[old.cat].tag, ps->pz->cat[old.cat].line);
}

/* Value k of a category line: text glued after the colon, if any, is
   value 0; then come words 1, 2, ...; *col is where it starts. */
static const char *category_value(const struct parser *ps, int k, int *col)
{
    const char *after = strchr(ps->w[0].text, ':') + 1;
    if (*after) {
        if (k == 0) {
            *col = ps->w[0].col + (int)(after - ps->w[0].text);
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
    int taglen = (int)(colon - first), col = ps->w[0].col;
    if (taglen == 0)
        parse_die(ps, col, "missing category tag before ':'");
    for (int i = 0; i < taglen; i++)
        if (!isalpha((unsigned char)first[i]))
            parse_die(ps, col + i, "a category tag is made of letters only, not '%.*s'",
                      taglen, first);
    for (int c = 0; c < pz->ncat; c++)
        if ((int)strlen(pz->cat[c].tag) == taglen && !strncmp(pz->cat[c].tag, first, (size_t)taglen))
            parse_die(ps, col, "category %.*s is already declared on line %d",
                      taglen, first, pz->cat[c].line);

    int nv = ps->nw - 1 + (colon[1] != '\0'), vcol, vcol2;
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

    grow(&pz->cat, &pz->catcap, pz->ncat, sizeof *pz->cat);
    struct category *cat = &pz->cat[pz->ncat];
    cat->tag = xstrndup(first, (size_t)taglen);
    cat->line = ps->line;
    cat->value = xrealloc(NULL, (size_t)nv * sizeof *cat->value);
    for (int i = 0; i < nv; i++) {
        const char *v = category_value(ps, i, &vcol);
        cat->value[i] = xstrndup(v, strlen(v));
    }
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
    char *s = xrealloc(NULL, n), *p = s;
    for (int i = 0; i < ps->nw; i++)
        p += sprintf(p, i ? " %s" : "%s", ps->w[i].text);
    return s;
}

static void add_clue(struct puzzle *pz, struct clue c)
{
    grow(&pz->clue, &pz->cluecap, pz->nclue, sizeof *pz->clue);
    pz->clue[pz->nclue++] = c;
}

/* "exists A", "A same B", "A next-to B", "A left-of B", "A in K". */
static void parse_clue(struct parser *ps)
{
    struct clue c;
    memset(&c, 0, sizeof c);
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

static void parse_line(struct parser *ps, const char *line)
{
    split_words(ps, line);
    if (ps->nw == 0)
        return;
    if (strchr(ps->w[0].text, ':'))
        parse_category(ps);
    else
        parse_clue(ps);
}

/*
 * A value no clue names could sit in several houses of its category (the
 * slots would not force a one-to-one match), so it gets an "exists" clue.
 */
static void add_implicit_clues(struct puzzle *pz)
{
    pz->nwritten = pz->nclue;
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            int named = 0;
            for (int k = 0; k < pz->nwritten && !named; k++) {
                const struct clue *cl = &pz->clue[k];
                named = (cl->a.cat == c && cl->a.idx == i) ||
                        ((cl->kind == SAME || cl->kind == NEXT_TO || cl->kind == LEFT_OF) &&
                         cl->b.cat == c && cl->b.idx == i);
            }
            if (named)
                continue;
            struct clue cl;
            memset(&cl, 0, sizeof cl);
            cl.kind = EXISTS;
            cl.a = (struct value_ref){c, i};
            const char *v = pz->cat[c].value[i];
            cl.text = xrealloc(NULL, strlen(v) + 8);
            sprintf(cl.text, "exists %s", v);
            add_clue(pz, cl);
        }
}

/* Reads a puzzle from a file, or from text when f is NULL. */
static void read_puzzle(FILE *f, const char *text, const char *file, struct puzzle *pz)
{
    struct parser ps;
    memset(&ps, 0, sizeof ps);
    memset(pz, 0, sizeof *pz);
    ps.file = file;
    ps.pz = pz;
    char *line = NULL;
    size_t cap = 0;
    while (gen_next_line(f, &text, file, &line, &cap)) {
        ps.line++;
        parse_line(&ps, line);
    }
    free(line);
    if (pz->ncat == 0) {
        ps.line = ps.line ? ps.line : 1;
        parse_die(&ps, 1, "no categories declared (a category line is 'TAG: value value ...')");
    }
    for (int i = 0; i < ps.nw; i++)
        free(ps.w[i].text);
    free(ps.w);
    add_implicit_clues(pz);
}

static void free_puzzle(struct puzzle *pz)
{
    for (int c = 0; c < pz->ncat; c++) {
        for (int i = 0; i < pz->houses; i++)
            free(pz->cat[c].value[i]);
        free(pz->cat[c].value);
        free(pz->cat[c].tag);
    }
    for (int k = 0; k < pz->nclue; k++)
        free(pz->clue[k].text);
    free(pz->cat);
    free(pz->clue);
    free(pz->question);
    free(pz->phrase);
}

/* ---------------------------------------------------------------- questions, phrases, --houses */

static int flat(const struct puzzle *pz, struct value_ref v)
{
    return v.cat * pz->houses + v.idx;
}

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
static void find_questions(struct puzzle *pz)
{
    int n = pz->ncat * pz->houses, related = 0;
    pz->question = xrealloc(pz->question, (size_t)n);
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

/* Looks up every value in the phrasebook, by tag and name. Unless all
   are there, none is used, so that the sentences keep one style. */
static void attach_phrases(struct puzzle *pz)
{
    int n = pz->ncat * pz->houses, all = 1;
    pz->phrase = xrealloc(pz->phrase, (size_t)n * sizeof *pz->phrase);
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            const struct phrase *ph = NULL;
            for (size_t k = 0; k < sizeof phrasebook / sizeof *phrasebook && !ph; k++)
                if (!strcmp(phrasebook[k].tag, pz->cat[c].tag) &&
                    !strcmp(phrasebook[k].value, pz->cat[c].value[i]))
                    ph = &phrasebook[k];
            pz->phrase[c * pz->houses + i] = ph;
            all &= ph != NULL;
        }
    if (!all) {
        free(pz->phrase);
        pz->phrase = NULL;
    }
}

/*
 * --houses n: keeps n values of each category, the questions and then the
 * first others in declaration order, and forgets the clues (--generate
 * makes its own; --show needs only the categories and the questions).
 */
static void select_houses(struct puzzle *pz, int n)
{
    int old = pz->houses;
    if (n > old)
        gen_die("--houses: at most %d (the categories have %d values)", old, old);
    char *question = xrealloc(NULL, (size_t)(pz->ncat * n));
    for (int c = 0; c < pz->ncat; c++) {
        struct category *cat = &pz->cat[c];
        int q = 0, kept = 0, others = 0;
        for (int i = 0; i < old; i++)
            q += pz->question[c * old + i];
        if (q > n)
            gen_die("--houses: category %s has %d questions, more than %d houses", cat->tag, q, n);
        char **value = xrealloc(NULL, (size_t)n * sizeof *value);
        for (int i = 0; i < old; i++) {
            int is_q = pz->question[c * old + i];
            if (is_q || others < n - q) {
                others += !is_q;
                question[c * n + kept] = (char)is_q;
                value[kept++] = cat->value[i];
            } else {
                free(cat->value[i]);
            }
        }
        free(cat->value);
        cat->value = value;
    }
    free(pz->question);
    pz->question = question;
    pz->houses = n;
    for (int k = 0; k < pz->nclue; k++)
        free(pz->clue[k].text);
    pz->nclue = pz->nwritten = 0;
}

/* ---------------------------------------------------------------- text in memory */

/*
 * A growing string. Problems are built in one (then written to a file, or
 * handed to the engine through fmemopen, which is why the writers avoid
 * stdio: --generate builds a problem for every uniqueness check), and so
 * are sentences, so that their first letter can be made a capital.
 */
struct buf {
    char *s;       /* NUL-terminated once anything is written */
    size_t n, cap;
};

static void buf_need(struct buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    b->cap = 2 * (b->n + more + 1);
    b->s = xrealloc(b->s, b->cap);
}

static void bputs(struct buf *b, const char *s)
{
    size_t k = strlen(s);
    buf_need(b, k);
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void bputc(struct buf *b, char c)
{
    buf_need(b, 1);
    b->s[b->n++] = c;
    b->s[b->n] = '\0';
}

static void bputint(struct buf *b, int v)
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

static void bprintf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bprintf(struct buf *b, const char *fmt, ...)
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

/* Writes the buffer to f and empties it. */
static void buf_flush(struct buf *b, FILE *f)
{
    if (b->n)
        fwrite(b->s, 1, b->n, f);
    b->n = 0;
}

/* ---------------------------------------------------------------- output */

/*
 * Knuth-style one-character colors: the extended-hex index of a value
 * among all values when there are at most 62, else its index within its
 * category (enough, since a slot only ever takes values of its own
 * category). per_category is decided once for the whole puzzle.
 */
struct colors {
    int knuth, per_category;
};

static struct colors choose_colors(const struct puzzle *pz, int knuth)
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
    for (int c = 0; c < pz->ncat; c++)
        if (strlen(pz->cat[c].tag) + (size_t)snprintf(buf, sizeof buf, "%d", pz->houses - 1)
            > KNUTH_NAME_MAX)
            gen_die("--knuth: item name '%s%d' is longer than %d characters",
                    pz->cat[c].tag, pz->houses - 1, KNUTH_NAME_MAX);
    if (snprintf(buf, sizeof buf, "#%d", pz->nclue) > KNUTH_NAME_MAX)
        gen_die("--knuth: item name '%s' is longer than %d characters", buf, KNUTH_NAME_MAX);
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

/* The options of clue c, the k-th (from 1). */
static void write_clue_options(struct buf *b, const struct puzzle *pz, const struct colors *co,
                               const struct clue *c, int k, int values)
{
    int n = pz->houses;
    switch (c->kind) {
    case SAME:
        for (int h = 0; h < n; h++) {
            put_clue_item(b, k);
            put_slot(b, pz, co, c->a, h, values);
            put_slot(b, pz, co, c->b, h, values);
            bputc(b, '\n');
        }
        break;
    case NEXT_TO: /* a then b, and b then a, for each pair of neighbours */
        for (int h = 0; h + 1 < n; h++) {
            put_clue_item(b, k);
            put_slot(b, pz, co, c->a, h, values);
            put_slot(b, pz, co, c->b, h + 1, values);
            bputc(b, '\n');
            put_clue_item(b, k);
            put_slot(b, pz, co, c->b, h, values);
            put_slot(b, pz, co, c->a, h + 1, values);
            bputc(b, '\n');
        }
        break;
    case LEFT_OF:
        for (int h = 0; h + 1 < n; h++) {
            put_clue_item(b, k);
            put_slot(b, pz, co, c->a, h, values);
            put_slot(b, pz, co, c->b, h + 1, values);
            bputc(b, '\n');
        }
        break;
    case IN_HOUSE:
        put_clue_item(b, k);
        put_slot(b, pz, co, c->a, c->house, values);
        bputc(b, '\n');
        break;
    case EXISTS:
        for (int h = 0; h < n; h++) {
            put_clue_item(b, k);
            put_slot(b, pz, co, c->a, h, values);
            bputc(b, '\n');
        }
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

/* Knuth's encoding of the whole puzzle, with its clues in comments. */
static void write_problem(struct buf *b, const struct puzzle *pz, const struct colors *co)
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
static void write_value_problem(struct buf *b, const struct puzzle *pz,
                                const struct clue *const *cl, int n)
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

/*
 * In the encoding with value items a value is an item name of its own,
 * so it must differ from the slots' names, and "@V" from the values.
 */
static void check_value_items(const struct puzzle *pz)
{
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            const char *v = pz->cat[c].value[i];
            for (int d = 0; d < pz->ncat; d++)
                for (int h = 0; h < pz->houses; h++) {
                    char slot[64];
                    snprintf(slot, sizeof slot, "%s%d", pz->cat[d].tag, h);
                    if (!strcmp(v, slot))
                        gen_die("--generate: value '%s' has the name of a slot; please rename it", v);
                }
            if (v[0] == '@' && find_value(pz, v + 1).cat >= 0)
                gen_die("--generate: values '%s' and '%s' would clash as item names; "
                        "please rename one", v, v + 1);
        }
}

/* ---------------------------------------------------------------- English */

/*
 * Sentences about the puzzle: its clues, its questions and their answers.
 * Values with a phrase (the classic ones) make English sentences ("The
 * Spaniard owns the dog."); any other value makes a plain one ("Swede is
 * in the same house as dog.").
 */

/* Prints the sentence (capitalized if asked), a newline, and empties it. */
static void say_line(FILE *f, struct buf *t, int capital)
{
    if (t->n == 0)
        return;
    if (capital)
        t->s[0] = (char)toupper((unsigned char)t->s[0]);
    bputc(t, '\n');
    buf_flush(t, f);
}

static const struct phrase *phrase_of(const struct puzzle *pz, struct value_ref v)
{
    return pz->phrase ? pz->phrase[flat(pz, v)] : NULL;
}

/* Who comes first in a sentence: people, then things, then houses. */
static int rank(const struct phrase *p)
{
    return p->who ? 0 : p->adj ? 2 : 1;
}

static void say_person(struct buf *t, const struct phrase *p)
{
    if (p->who)
        bprintf(t, "%s", p->who);
    else
        bprintf(t, "the person who %s", p->does);
}

/* What a person can live next to: a person, or a house by its color. */
static void say_neighbour(struct buf *t, const struct phrase *p)
{
    if (p->adj)
        bprintf(t, "the %s house", p->adj);
    else
        say_person(t, p);
}

/* House h (from 0) of n: "the first house", "the middle house", ... */
static void say_house(struct buf *t, int h, int n)
{
    static const char *const nth[] = {"first", "second", "third", "fourth", "fifth",
                                      "sixth", "seventh", "eighth", "ninth", "tenth"};
    if (n >= 3 && n % 2 == 1 && h == n / 2)
        bprintf(t, "the middle house");
    else if (h < (int)(sizeof nth / sizeof *nth))
        bprintf(t, "the %s house", nth[h]);
    else
        bprintf(t, "house %d", h + 1);
}

static void english_in_house(struct buf *t, const struct puzzle *pz, const struct phrase *a, int h)
{
    if (a->adj) {
        say_house(t, h, pz->houses);
        bprintf(t, " is %s.", a->adj);
    } else {
        say_person(t, a);
        bprintf(t, " lives in ");
        say_house(t, h, pz->houses);
        bprintf(t, ".");
    }
}

/* A clue in English; both values have phrases. */
static void english_clue(struct buf *t, const struct puzzle *pz, const struct clue *c,
                         const struct phrase *a, const struct phrase *b)
{
    const char *side = "left";
    if (c->kind != IN_HOUSE && c->kind != EXISTS && rank(b) < rank(a)) {
        /* the person (or thing) is the subject, the house the object */
        const struct phrase *swap = a;
        a = b;
        b = swap;
        side = "right";
    }
    switch (c->kind) {
    case SAME:
        say_person(t, a);
        bprintf(t, " %s.", b->does);
        break;
    case NEXT_TO:
    case LEFT_OF:
        if (a->adj)
            bprintf(t, "the %s house is ", a->adj);
        else {
            say_person(t, a);
            bprintf(t, " lives ");
        }
        if (c->kind == NEXT_TO)
            bprintf(t, "next to ");
        else
            bprintf(t, "directly to the %s of ", side);
        say_neighbour(t, b);
        bprintf(t, ".");
        break;
    case IN_HOUSE:
        english_in_house(t, pz, a, c->house);
        break;
    case EXISTS:
        if (a->adj)
            bprintf(t, "one house is %s.", a->adj);
        else if (a->who)
            bprintf(t, "%s lives in one of the houses.", a->who);
        else
            bprintf(t, "someone %s.", a->does);
        break;
    }
}

/* A clue as a sentence; returns whether it wants a capital letter. */
static int clue_sentence(struct buf *t, const struct puzzle *pz, const struct clue *c)
{
    int two = c->kind == SAME || c->kind == NEXT_TO || c->kind == LEFT_OF;
    const struct phrase *a = phrase_of(pz, c->a), *b = two ? phrase_of(pz, c->b) : NULL;
    if (a && (!two || b)) {
        english_clue(t, pz, c, a, b);
        return 1;
    }
    const char *x = value_name(pz, c->a), *y = two ? value_name(pz, c->b) : "";
    switch (c->kind) {
    case SAME: bprintf(t, "%s is in the same house as %s.", x, y); break;
    case NEXT_TO: bprintf(t, "%s is next to %s.", x, y); break;
    case LEFT_OF: bprintf(t, "%s is directly to the left of %s.", x, y); break;
    case IN_HOUSE: bprintf(t, "%s is in house %d.", x, c->house + 1); break;
    case EXISTS: bprintf(t, "%s is in some house.", x); break;
    }
    return 0;
}

/* The questions of the puzzle, on one line: "Who owns the zebra? ..." */
static void print_questions(FILE *f, const struct puzzle *pz)
{
    struct buf t = {NULL, 0, 0};
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            struct value_ref v = {c, i};
            const struct phrase *p = phrase_of(pz, v);
            if (!pz->question[flat(pz, v)])
                continue;
            if (t.n)
                bputc(&t, ' ');
            if (!p)
                bprintf(&t, "Where is %s?", value_name(pz, v));
            else if (p->who)
                bprintf(&t, "Where does %s live?", p->who);
            else if (p->adj)
                bprintf(&t, "Where is the %s house?", p->adj);
            else
                bprintf(&t, "Who %s?", p->does);
        }
    say_line(f, &t, 1);
    free(t.s);
}

/*
 * The answers: where each question's value is, told by the person there
 * ("The Japanese owns the zebra.", the person being the value of the first
 * category in that house), or by the house when the value is itself a
 * person or a house. slot[c*H+h] is the value of category c in house h.
 */
static void print_answers(FILE *f, const struct puzzle *pz, const int *slot)
{
    struct buf t = {NULL, 0, 0};
    int n = pz->houses;
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < n; i++) {
            struct value_ref q = {c, i};
            if (!pz->question[flat(pz, q)])
                continue;
            int h = 0;
            while (h < n && slot[c * n + h] != i)
                h++;
            if (h == n)
                continue;
            struct value_ref w = {0, slot[h]};
            const struct phrase *pq = phrase_of(pz, q), *pw = phrase_of(pz, w);
            int by_house = pq && (pq->who || pq->adj || c == 0);
            if (by_house)
                english_in_house(&t, pz, pq, h);
            else if (pq && pw) {
                say_person(&t, pw);
                bprintf(&t, " %s.", pq->does);
            } else if (c == 0)
                bprintf(&t, "%s is in house %d.", value_name(pz, q), h + 1);
            else
                bprintf(&t, "%s is in house %d, with %s.", value_name(pz, q), h + 1, value_name(pz, w));
            say_line(f, &t, by_house || (pq && pw));
        }
    free(t.s);
}

/* ---------------------------------------------------------------- --show */

/*
 * Reads a solver's listing on stdin: a line "N:" starts solution N, and
 * the option lines after it, each maybe ending in "(k of n)", hold the
 * words. A word "TAGh:color" fills a slot; the other items of either
 * encoding ("#k", V, "#TAGh", and "@V:h", which must name a value and a
 * house) are skipped, as the slots say it all. Anything else is not a
 * listing of this puzzle: "gen-zebra: <stdin>:LINE: message", status 2.
 * Each solution, once every slot holds one value and no value is in two
 * houses, is printed as a table (houses numbered from 1) followed by the
 * answers.
 */
struct reading {
    const struct puzzle *pz;
    const struct colors *co;
    long lineno;
    char *label;      /* the current solution's number, or NULL */
    long header_line;
    int *slot;        /* slot[c*houses+h]: value index, or -1 */
    long *slot_line;  /* where it was filled */
    int count;        /* solutions printed */
};


static int decode_color(const struct puzzle *pz, const struct colors *co, int c, const char *color)
{
    for (int i = 0; i < pz->houses; i++) {
        if (!co->knuth) {
            if (!strcmp(pz->cat[c].value[i], color))
                return i;
        } else if (color[0] && !color[1] &&
                   color[0] == gen_ext_hex(co->per_category ? i : c * pz->houses + i)) {
            return i;
        }
    }
    return -1;
}

/* A house number 0 <= h < houses written in decimal, up to end. */
static int read_house(const struct puzzle *pz, const char *s, const char *end)
{
    long h = 0;
    if (s == end || (*s == '0' && end - s > 1))
        return -1;
    for (; s < end; s++) {
        if (!isdigit((unsigned char)*s))
            return -1;
        h = 10 * h + (*s - '0');
        if (h >= pz->houses)
            return -1;
    }
    return (int)h;
}

/* The category of the slot named from name up to end, "TAGh", or -1;
   sets *house. */
static int slot_category(const struct puzzle *pz, const char *name, const char *end, int *house)
{
    for (int c = 0; c < pz->ncat; c++) {
        size_t n = strlen(pz->cat[c].tag);
        if ((size_t)(end - name) > n && !strncmp(name, pz->cat[c].tag, n) &&
            (*house = read_house(pz, name + n, end)) >= 0)
            return c;
    }
    return -1;
}

/* The category of slot word "TAGh:color" (-1 if none); sets *house and
   *color. */
static int decode_slot(const struct puzzle *pz, const char *word, int *house, const char **color)
{
    const char *colon = strchr(word, ':');
    *color = colon + 1;
    return slot_category(pz, word, colon, house);
}

static void print_table(FILE *f, const struct puzzle *pz, const int *slot, const char *label)
{
    int n = pz->houses;
    size_t *width = xrealloc(NULL, (size_t)(n + 1) * sizeof *width);
    width[0] = 0;
    for (int c = 0; c < pz->ncat; c++)
        if (strlen(pz->cat[c].tag) > width[0])
            width[0] = strlen(pz->cat[c].tag);
    for (int h = 0; h < n; h++) {
        char num[24];
        width[h + 1] = (size_t)snprintf(num, sizeof num, "%d", h + 1);
        for (int c = 0; c < pz->ncat; c++) {
            int v = slot[c * n + h];
            size_t w = v < 0 ? 1 : strlen(pz->cat[c].value[v]);
            if (w > width[h + 1])
                width[h + 1] = w;
        }
    }
    /* the last column is not padded, so no line ends in blanks */
    width[n] = 0;
    fprintf(f, "%s\n%-*s", label, (int)width[0], "");
    for (int h = 0; h < n; h++)
        fprintf(f, "  %-*d", (int)width[h + 1], h + 1);
    fputc('\n', f);
    for (int c = 0; c < pz->ncat; c++) {
        fprintf(f, "%-*s", (int)width[0], pz->cat[c].tag);
        for (int h = 0; h < n; h++) {
            int v = slot[c * n + h];
            fprintf(f, "  %-*s", (int)width[h + 1], v < 0 ? "?" : pz->cat[c].value[v]);
        }
        fputc('\n', f);
    }
    free(width);
}

/* One word of an option line. */
static void read_word(struct reading *rd, const char *w)
{
    const struct puzzle *pz = rd->pz;
    const char *colon = strchr(w, ':');
    if (!colon) { /* a clue #k, a value V or a slot #TAGh: nothing to learn */
        int h;
        if (w[0] == '#' && w[1] && strspn(w + 1, "0123456789") == strlen(w + 1))
            return;
        if (find_value(pz, w).cat >= 0)
            return;
        if (w[0] == '#' && slot_category(pz, w + 1, w + strlen(w), &h) >= 0)
            return;
        listing_die(rd->lineno, "'%s' is no item of this puzzle", w);
    }
    if (w[0] == '@') { /* "@V:h", V's house, also told by V's slot */
        char *name = xstrndup(w + 1, (size_t)(colon - w - 1));
        struct value_ref v = find_value(pz, name);
        free(name);
        if (v.cat < 0 || read_house(pz, colon + 1, colon + strlen(colon)) < 0)
            listing_die(rd->lineno, "'%s' is no item of this puzzle", w);
        return;
    }
    int h;
    const char *color;
    int c = decode_slot(pz, w, &h, &color);
    if (c < 0)
        listing_die(rd->lineno, "'%.*s' is no slot of this puzzle", (int)(colon - w), w);
    int v = decode_color(pz, rd->co, c, color);
    if (v < 0)
        listing_die(rd->lineno, "'%s' is no value of category %s%s", color, pz->cat[c].tag,
                    rd->co->knuth ? "" : " (one-character colors need --knuth)");
    int *s = &rd->slot[c * pz->houses + h];
    if (*s >= 0 && *s != v)
        listing_die(rd->lineno, "slot %s%d holds both %s (line %ld) and %s", pz->cat[c].tag, h,
                    pz->cat[c].value[*s], rd->slot_line[c * pz->houses + h], pz->cat[c].value[v]);
    *s = v;
    rd->slot_line[c * pz->houses + h] = rd->lineno;
}

/* Checks that the solution just read is a whole assignment, prints it. */
static void finish_solution(struct reading *rd)
{
    const struct puzzle *pz = rd->pz;
    int n = pz->houses;
    if (!rd->label)
        return;
    for (int c = 0; c < pz->ncat; c++)
        for (int h = 0; h < n; h++) {
            int v = rd->slot[c * n + h];
            if (v < 0)
                listing_die(rd->header_line, "solution %s leaves slot %s%d empty",
                            rd->label, pz->cat[c].tag, h);
            for (int g = 0; g < h; g++)
                if (rd->slot[c * n + g] == v)
                    listing_die(rd->slot_line[c * n + h], "solution %s puts %s in slots %s%d "
                                "and %s%d", rd->label, pz->cat[c].value[v], pz->cat[c].tag, g,
                                pz->cat[c].tag, h);
        }
    if (rd->count++)
        putchar('\n');
    char *title = xrealloc(NULL, strlen(rd->label) + 16);
    sprintf(title, "solution %s", rd->label);
    print_table(stdout, pz, rd->slot, title);
    print_answers(stdout, pz, rd->slot);
    free(title);
    free(rd->label);
    rd->label = NULL;
}

static void show_solutions(const struct puzzle *pz, const struct colors *co)
{
    size_t nslots = (size_t)pz->ncat * (size_t)pz->houses;
    struct reading rd;
    memset(&rd, 0, sizeof rd);
    rd.pz = pz;
    rd.co = co;
    rd.slot = xrealloc(NULL, nslots * sizeof *rd.slot);
    rd.slot_line = xrealloc(NULL, nslots * sizeof *rd.slot_line);
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        rd.lineno++;
        if (memchr(line, '\0', (size_t)got))
            listing_die(rd.lineno, "NUL byte in the listing");
        int nw = 0;
        char *start = line + strspn(line, " \t\r\n\f\v");
        size_t len = strcspn(start, "\r\n");
        while (len && isspace((unsigned char)start[len - 1]))
            len--;
        start[len] = '\0';
        if (!len)
            continue;
        if (start[len - 1] == ':' && strspn(start, "0123456789") == len - 1 && len > 1) {
            finish_solution(&rd);
            rd.label = xstrndup(start, len - 1);
            rd.header_line = rd.lineno;
            for (size_t i = 0; i < nslots; i++)
                rd.slot[i] = -1;
            continue;
        }
        if (!rd.label)
            listing_die(rd.lineno, "expected a solution number such as '1:', not '%.40s'", start);
        /* the tally "(k of n)" ends the line: cut it off first */
        char *tally = strrchr(start, '(');
        if (tally) {
            int k, m;
            char end;
            if (sscanf(tally, "(%d of %d%c", &k, &m, &end) == 3 && end == ')' &&
                tally[strlen(tally) - 1] == ')')
                *tally = '\0';
        }
        for (char *t = strtok(start, " \t\r\f\v"); t; t = strtok(NULL, " \t\r\f\v")) {
            read_word(&rd, t);
            nw++;
        }
        if (!nw)
            listing_die(rd.lineno, "an option line with no items");
    }
    if (ferror(stdin))
        gen_die("<stdin>: read error: %s", strerror(errno));
    finish_solution(&rd);
    if (!rd.count)
        printf("no solutions\n");
    free(line);
    free(rd.slot);
    free(rd.slot_line);
}

/* ---------------------------------------------------------------- --generate */

/*
 * Making a puzzle: a random assignment of values to houses; every clue
 * that is true of it, except those naming a question value (so that the
 * puzzle can still ask where the zebra is); then, in random order, each
 * clue is dropped if the others still leave exactly one solution. The
 * clues that remain are each needed: a clue kept was needed when more
 * clues were present, and dropping clues only adds solutions.
 *
 * Data layout: at[c*H+h] is the value (index) of category c in house h,
 * home[c*H+i] the house of value i of category c; cand[0..ncand-1] the
 * true clues in random order, keep[k] whether cand[k] is still in. The
 * loop keeps the invariant "the kept clues have exactly one solution",
 * which is then the assignment, as it satisfies every clue.
 */
struct maker {
    const struct puzzle *pz;
    gb_rng rng;
    int *at, *home;
    struct clue *cand;
    int ncand, cap;
    char *keep;
    const struct clue **list; /* the kept clues, handed to the writer */
    struct buf text;          /* the problem text of the last check */
    long solves;              /* uniqueness checks made */
};

static void random_assignment(struct maker *m)
{
    const struct puzzle *pz = m->pz;
    int n = pz->houses;
    for (int c = 0; c < pz->ncat; c++) {
        int *at = m->at + c * n;
        for (int h = 0; h < n; h++)
            at[h] = h;
        for (int h = n - 1; h > 0; h--) { /* Fisher and Yates */
            int j = (int)gb_rng_unif(&m->rng, h + 1), t = at[h];
            at[h] = at[j];
            at[j] = t;
        }
        for (int h = 0; h < n; h++)
            m->home[c * n + at[h]] = h;
    }
}

/* The clue in the clue language ("England same red"), for comments. */
static char *clue_text(const struct puzzle *pz, const struct clue *c)
{
    struct buf t = {NULL, 0, 0};
    switch (c->kind) {
    case SAME: bprintf(&t, "%s same %s", value_name(pz, c->a), value_name(pz, c->b)); break;
    case NEXT_TO: bprintf(&t, "%s next-to %s", value_name(pz, c->a), value_name(pz, c->b)); break;
    case LEFT_OF: bprintf(&t, "%s left-of %s", value_name(pz, c->a), value_name(pz, c->b)); break;
    case IN_HOUSE: bprintf(&t, "%s in %d", value_name(pz, c->a), c->house + 1); break;
    case EXISTS: bprintf(&t, "exists %s", value_name(pz, c->a)); break;
    }
    return t.s;
}

static void add_candidate(struct maker *m, enum clue_kind kind, struct value_ref a,
                          struct value_ref b, int house)
{
    const struct puzzle *pz = m->pz;
    if (pz->question[flat(pz, a)] || (kind != IN_HOUSE && pz->question[flat(pz, b)]))
        return;
    grow(&m->cand, &m->cap, m->ncand, sizeof *m->cand);
    struct clue *c = &m->cand[m->ncand++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->a = a;
    c->b = b;
    c->house = house;
    c->text = clue_text(pz, c);
}

/* Every clue true of the assignment: each value in its house, each pair
   in one house, each pair in neighbouring houses (left-of and next-to). */
static void list_true_clues(struct maker *m)
{
    const struct puzzle *pz = m->pz;
    int n = pz->houses;
    struct value_ref none = {0, 0};
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < n; i++)
            add_candidate(m, IN_HOUSE, (struct value_ref){c, i}, none, m->home[c * n + i]);
    for (int h = 0; h < n; h++)
        for (int c = 0; c < pz->ncat; c++)
            for (int d = c + 1; d < pz->ncat; d++)
                add_candidate(m, SAME, (struct value_ref){c, m->at[c * n + h]},
                              (struct value_ref){d, m->at[d * n + h]}, 0);
    for (int h = 0; h + 1 < n; h++)
        for (int c = 0; c < pz->ncat; c++)
            for (int d = 0; d < pz->ncat; d++) {
                struct value_ref a = {c, m->at[c * n + h]}, b = {d, m->at[d * n + h + 1]};
                add_candidate(m, LEFT_OF, a, b, 0);
                if (gb_rng_unif(&m->rng, 2)) /* either order says the same */
                    add_candidate(m, NEXT_TO, a, b, 0);
                else
                    add_candidate(m, NEXT_TO, b, a, 0);
            }
    for (int k = m->ncand - 1; k > 0; k--) {
        int j = (int)gb_rng_unif(&m->rng, k + 1);
        struct clue t = m->cand[k];
        m->cand[k] = m->cand[j];
        m->cand[j] = t;
    }
}

/* The kept clues, in order, into m->list; returns how many. */
static int kept_clues(struct maker *m)
{
    int n = 0;
    for (int k = 0; k < m->ncand; k++)
        if (m->keep[k])
            m->list[n++] = &m->cand[k];
    return n;
}

/* Solutions of the kept clues, counting up to 2: the engine solves the
   encoding with value items, read from memory. */
static ullng count_solutions(struct maker *m)
{
    m->text.n = 0;
    write_value_problem(&m->text, m->pz, m->list, kept_clues(m));
    FILE *in = fmemopen(m->text.s, m->text.n, "r");
    if (!in)
        gen_die("out of memory");
    xcc_problem p;
    xcc_error err;
    xcc_read_opts opts = {NULL, NULL};
    if (xcc_read(&p, in, &opts, &err))
        gen_die("internal error: the engine rejects the puzzle: %ld:%ld: %s",
                err.line, err.col, err.msg);
    fclose(in);
    xcc_search s;
    if (xcc_search_init(&s, &p))
        gen_die("out of memory");
    s.vbose = 0;
    s.maxcount = 2;
    if (xcc_solve(&s) == XCC_NO_MEMORY)
        gen_die("out of memory");
    ullng count = s.count;
    xcc_search_free(&s);
    xcc_free(&p);
    m->solves++;
    return count;
}

static void set_keep(struct maker *m, int from, int to, char keep)
{
    memset(m->keep + from, keep, (size_t)(to - from));
}

/*
 * Drops, in order, every clue whose absence still leaves one solution.
 * Trying a block of the next clues at once gives the same result with
 * fewer checks: if the clues without the whole block have one solution,
 * so has every set between (more clues, no more solutions, and the
 * assignment is always one), so each would have been dropped in turn. A
 * block that fails is halved; a single clue that fails is kept. Blocks
 * grow while they succeed, as most clues go at first.
 */
static void drop_clues(struct maker *m)
{
    set_keep(m, 0, m->ncand, 1);
    if (count_solutions(m) != 1)
        gen_die("--generate: even all %d true clues leave more than one solution "
                "(do two questions share a category?)", m->ncand);
    int k = 0, block = 1;
    while (k < m->ncand) {
        int end = k + block < m->ncand ? k + block : m->ncand;
        set_keep(m, k, end, 0);
        if (count_solutions(m) == 1) {
            k = end;
            block *= 2;
        } else {
            set_keep(m, k, end, 1);
            if (block == 1)
                k++; /* needed */
            else
                block /= 2;
        }
    }
}

/* The puzzle for people: categories, numbered clues, questions, answer. */
static void print_puzzle(struct maker *m, long seed)
{
    const struct puzzle *pz = m->pz;
    int n = kept_clues(m), width = snprintf(NULL, 0, "%d", n);
    struct buf t = {NULL, 0, 0};
    printf("A zebra puzzle (seed %ld): %d houses in a row, numbered 1 to %d from the left.\n"
           "Each house has one value of each category, and no two houses share one:\n",
           seed, pz->houses, pz->houses);
    for (int c = 0; c < pz->ncat; c++) {
        printf("  %s:", pz->cat[c].tag);
        for (int i = 0; i < pz->houses; i++)
            printf(" %s", pz->cat[c].value[i]);
        putchar('\n');
    }
    printf("Clues:\n");
    for (int k = 0; k < n; k++) {
        int capital = clue_sentence(&t, pz, m->list[k]);
        printf("%*d. ", width + 1, k + 1);
        say_line(stdout, &t, capital);
    }
    print_questions(stdout, pz);
    putchar('\n');
    print_table(stdout, pz, m->at, "answer");
    print_answers(stdout, pz, m->at);
    free(t.s);
}

/* -o FILE: the encoding with value items, and the puzzle in comments, in
   the clue language (so "sed -n 's/^|   //p'" gives a file for -f). */
static void write_puzzle_file(struct maker *m, const char *file, int argc, char **argv)
{
    const struct puzzle *pz = m->pz;
    FILE *f = fopen(file, "w");
    if (!f)
        gen_die("cannot write '%s': %s", file, strerror(errno));
    int n = kept_clues(m);
    gen_write_command(f, argc, argv);
    fprintf(f, "| %d houses, %d categories, %d clues, in the encoding with value items:\n"
               "| #k clue k; V a value, placed once; slot TAGh holds the value in house h,\n"
               "| @V the house of V (houses counted from 0 here, from 1 in the clues)\n"
               "| The puzzle in the clue language:\n", pz->houses, pz->ncat, n);
    for (int c = 0; c < pz->ncat; c++) {
        fprintf(f, "|   %s:", pz->cat[c].tag);
        for (int i = 0; i < pz->houses; i++)
            fprintf(f, " %s", pz->cat[c].value[i]);
        fputc('\n', f);
    }
    for (int k = 0; k < n; k++)
        fprintf(f, "|   %s  # clue #%d\n", m->list[k]->text, k + 1);
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++)
            if (pz->question[c * pz->houses + i])
                fprintf(f, "|   exists %s  # a question\n", pz->cat[c].value[i]);
    m->text.n = 0;
    write_value_problem(&m->text, pz, m->list, n);
    buf_flush(&m->text, f);
    if (fclose(f))
        gen_die("error writing '%s': %s", file, strerror(errno));
}

static void generate(const struct puzzle *pz, long seed, const char *out, int argc, char **argv)
{
    struct maker m;
    size_t nv = (size_t)pz->ncat * (size_t)pz->houses;
    memset(&m, 0, sizeof m);
    m.pz = pz;
    check_value_items(pz);
    gb_rng_init(&m.rng, seed);
    m.at = xrealloc(NULL, nv * sizeof *m.at);
    m.home = xrealloc(NULL, nv * sizeof *m.home);
    random_assignment(&m);
    list_true_clues(&m);
    m.keep = xrealloc(NULL, (size_t)m.ncand);
    m.list = xrealloc(NULL, (size_t)m.ncand * sizeof *m.list);
    drop_clues(&m);
    print_puzzle(&m, seed);
    if (out)
        write_puzzle_file(&m, out, argc, argv);
    for (int k = 0; k < m.ncand; k++)
        free(m.cand[k].text);
    free(m.cand);
    free(m.keep);
    free(m.list);
    free(m.at);
    free(m.home);
    free(m.text.s);
}

/* ---------------------------------------------------------------- main */

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: gen-zebra [-f FILE] [--knuth]\n"
        "       gen-zebra [-f FILE] [--knuth] [--houses N] --show < SOLVER-OUTPUT\n"
        "       gen-zebra --generate [--seed S] [--houses N] [-f FILE] [-o OUT]\n"
        "       gen-zebra --example\n"
        "Writes a zebra puzzle as an exact cover problem with colors in DLX2\n"
        "format on stdout: the classic puzzle (one solution: the Japanese owns\n"
        "the zebra, the Norwegian drinks water), or the puzzle in FILE, written\n"
        "in the clue language of formats/zebra.md.\n"
        "\n"
        "Each clue is a primary item #1, #2, ...; each category in each house a\n"
        "secondary item TAG+house (N0 = nationality of the first house) whose\n"
        "color is the value there; each clue has one option per way it can hold.\n"
        "\n"
        "  -f FILE     read the puzzle from FILE instead of the classic one\n"
        "  --knuth     one-character colors, for Knuth's DLX2\n"
        "  --show      read a solver's listing (dlx2 m1) of this problem on stdin\n"
        "              and print each solution as a table of houses, with the\n"
        "              answers to the puzzle's questions\n"
        "  --generate  make a new puzzle with exactly one solution and print it in\n"
        "              English with its answer: the classic categories (or those\n"
        "              of FILE), a random assignment, as few clues as needed\n"
        "  --seed S    the random seed of --generate (default 1): same seed, same puzzle\n"
        "  --houses N  --generate: N houses (default 5, at most 10 for the classic\n"
        "              categories); pass it to --show as well\n"
        "  -o OUT      --generate: also write the puzzle as an XCC problem to OUT\n"
        "  --example   print the classic puzzle in the clue language and exit\n"
        "  --help      show this text\n"
        "\n"
        "Examples: gen-zebra | dlx2 m1 | gen-zebra --show\n"
        "          gen-zebra --generate --seed 7 -o p.dlx; dlx2 m1 < p.dlx | gen-zebra --show\n");
}

struct args {
    const char *file, *out, *seed, *houses;
    int knuth, show, example, generate;
};

static const char *option_value(int argc, char **argv, int *i, const char *what)
{
    if (*i + 1 >= argc)
        gen_die("option %s needs %s (try --help)", argv[*i], what);
    return argv[++*i];
}

static void parse_args(int argc, char **argv, struct args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(s, "-f") || !strcmp(s, "--file")) {
            a->file = option_value(argc, argv, &i, "a file name");
        } else if (!strcmp(s, "-o")) {
            a->out = option_value(argc, argv, &i, "a file name");
        } else if (!strcmp(s, "--seed")) {
            a->seed = option_value(argc, argv, &i, "a number");
        } else if (!strcmp(s, "--houses")) {
            a->houses = option_value(argc, argv, &i, "a number");
        } else if (!strcmp(s, "--knuth")) {
            a->knuth = 1;
        } else if (!strcmp(s, "--show")) {
            a->show = 1;
        } else if (!strcmp(s, "--generate")) {
            a->generate = 1;
        } else if (!strcmp(s, "--example")) {
            a->example = 1;
        } else if (s[0] == '-' && s[1] != '\0') {
            gen_die("unknown option '%s' (try --help)", s);
        } else {
            gen_die("unexpected argument '%s' (a puzzle file goes after -f)", s);
        }
    }
    if (a->generate && a->show)
        gen_die("--generate and --show do not go together");
    if (a->generate && a->knuth)
        gen_die("--knuth does not go with --generate");
    if (!a->generate && (a->seed || a->out))
        gen_die("%s goes with --generate", a->seed ? "--seed" : "-o");
    if (a->houses && !a->generate && !a->show)
        gen_die("--houses goes with --generate or --show");
}

int main(int argc, char **argv)
{
    struct args a;
    gen_init(argc, argv);
    parse_args(argc, argv, &a);
    if (a.example) {
        fputs(classic, stdout);
        return 0;
    }
    long seed = a.seed ? gen_parse_long(a.seed, 0, 2147483647L, "--seed") : 1;
    int houses = a.houses ? (int)gen_parse_long(a.houses, 1, 1000000, "--houses") : 0;

    /* --generate and --houses start from the grown classic categories */
    struct puzzle pz;
    if (a.file) {
        FILE *f = fopen(a.file, "r");
        if (!f)
            gen_die("cannot open '%s': %s", a.file, strerror(errno));
        read_puzzle(f, NULL, a.file, &pz);
        fclose(f);
    } else if (a.generate || houses) {
        read_puzzle(NULL, classic_grown, "(classic categories)", &pz);
        if (!houses)
            houses = DEFAULT_HOUSES;
    } else {
        read_puzzle(NULL, classic, "(classic puzzle)", &pz);
    }
    find_questions(&pz);
    if (houses)
        select_houses(&pz, houses);
    attach_phrases(&pz);

    if (a.generate) {
        generate(&pz, seed, a.out, argc, argv);
    } else {
        struct colors co = choose_colors(&pz, a.knuth);
        if (a.show) {
            show_solutions(&pz, &co);
        } else {
            struct buf b = {NULL, 0, 0};
            gen_write_command(stdout, argc, argv);
            write_problem(&b, &pz, &co);
            buf_flush(&b, stdout);
            free(b.s);
        }
    }
    free_puzzle(&pz);
    if (fflush(stdout) != 0 || ferror(stdout))
        gen_die("error writing the output");
    return 0;
}
