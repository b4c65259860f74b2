/*
 * listing.c — the listing reader of listing.h: the choice of the format,
 * DLX2's text listing (and DLX3's), dlx2's JSON Lines, and the storage of
 * one solution at a time.
 */
#include "listing.h"
#include "utf8.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* White space between the words of a line (lines are read one by one).
   By hand, not strspn and strtok: listings run to millions of lines. */
static int is_blank(int c)
{
    return c == ' ' || (c >= '\t' && c <= '\r' && c != '\n');
}

static const char *skip_blanks(const char *s)
{
    while (is_blank((unsigned char)*s))
        s++;
    return s;
}

/* The number of decimal digits s starts with. */
static size_t digits(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* ---------------------------------------------------------------- storage */

/*
 * A solution is read into one pool of strings; items and options keep
 * offsets into it, because it moves as it grows, and become pointers
 * (ls->item, ls->option) once the solution is complete.
 */
static size_t pool_add(struct listing *ls, const char *s, size_t n)
{
    size_t at = ls->pool_len;
    ls->pool = gen_grow(ls->pool, &ls->pool_cap, at + n + 1, 1);
    memcpy(ls->pool + at, s, n);
    ls->pool[at + n] = '\0';
    ls->pool_len = at + n + 1;
    return at;
}

static void start_solution(struct listing *ls, const char *label, size_t n, long line)
{
    ls->pool_len = ls->nwords = ls->nlines = 0;
    pool_add(ls, label, n);     /* at offset 0 */
    ls->note_at = SIZE_MAX;
    ls->label_line = line;
}

/* Records an option of the solution: its text (len bytes), then add_word
   for each item. */
static void add_option(struct listing *ls, const char *text, size_t len, long line)
{
    if (ls->nlines == ls->line_cap)
        ls->line = gen_grow(ls->line, &ls->line_cap, ls->nlines, sizeof *ls->line);
    struct listing_line *l = &ls->line[ls->nlines++];
    l->text = pool_add(ls, text, len);
    l->first = ls->nwords;
    l->n = 0;
    l->line = line;
}

/* An item: n bytes of name, and a color of c bytes unless color is NULL. */
static void add_word(struct listing *ls, const char *name, size_t n, const char *color, size_t c)
{
    if (ls->nwords == ls->word_cap)
        ls->word = gen_grow(ls->word, &ls->word_cap, ls->nwords, sizeof *ls->word);
    struct listing_word *w = &ls->word[ls->nwords++];
    w->name = pool_add(ls, name, n);
    w->color = color ? pool_add(ls, color, c) : SIZE_MAX;
    ls->line[ls->nlines - 1].n++;
}

/* Turns the offsets into what the caller sees; dies on an empty solution. */
static int finish_solution(struct listing *ls)
{
    ls->label = ls->pool;
    ls->note = ls->note_at == SIZE_MAX ? NULL : ls->pool + ls->note_at;
    if (!ls->nlines)
        listing_die(ls, ls->label_line, "solution %s is empty", ls->label);
    ls->item = gen_grow(ls->item, &ls->item_cap, ls->nwords, sizeof *ls->item);
    ls->option = gen_grow(ls->option, &ls->option_cap, ls->nlines, sizeof *ls->option);
    for (size_t k = 0; k < ls->nwords; k++) {
        ls->item[k].name = ls->pool + ls->word[k].name;
        ls->item[k].color = ls->word[k].color == SIZE_MAX ? NULL : ls->pool + ls->word[k].color;
    }
    for (size_t k = 0; k < ls->nlines; k++) {
        const struct listing_line *l = &ls->line[k];
        ls->option[k] = (struct listing_option){ls->item + l->first, l->n, l->line,
                                                ls->pool + l->text};
    }
    ls->opt = ls->option;
    ls->nopts = ls->nlines;
    return 1;
}

/* The next line that is not blank, trimmed, and its length; NULL at the end. */
static const char *next_line(struct listing *ls, size_t *n)
{
    if (ls->held) {
        ls->held = 0;
        const char *s = skip_blanks(ls->in.text);
        *n = strlen(s);
        return s;
    }
    while (gen_input_next(&ls->in)) {
        char *text = ls->in.text;
        size_t len = ls->in.len;
        while (len && is_blank((unsigned char)text[len - 1]))
            len--;
        text[len] = '\0';
        const char *s = skip_blanks(text);
        *n = len - (size_t)(s - text);
        if (*s)
            return s;
    }
    return NULL;
}

/* ---------------------------------------------------------------- DLX2's listing */

/* The length of K if s is "K:", or "K: (...)" as DLX5 writes; else 0. */
static size_t solution_header(const char *s)
{
    size_t k = digits(s);
    if (!k || s[k] != ':')
        return 0;
    const char *rest = skip_blanks(s + k + 1);
    size_t n = strlen(rest);
    return !n || (rest[0] == '(' && rest[n - 1] == ')') ? k : 0;
}

/* A word of an option line: where it starts, its length, its first ':'
   (len if none) and how many it has. */
struct token {
    const char *s;
    size_t len, colon;
    int colons;
};

/* Is w "$T" (want 1) or "[N]" (want 2), with T or N decimal digits? */
static int is_cost(const struct token *w, int want)
{
    size_t d = digits(w->s + 1);
    return want == 1 ? w->s[0] == '$' && d && d + 1 == w->len
                     : w->s[0] == '[' && d && w->s[d + 1] == ']' && d + 2 == w->len;
}

/* Is "w[0] w[1] w[2]" the tally "(k of n)"? */
static int is_tally(const struct token *w)
{
    size_t k = digits(w[0].s + 1), n = digits(w[2].s);
    return w[0].s[0] == '(' && k && k + 1 == w[0].len
        && w[1].len == 2 && !memcmp(w[1].s, "of", 2)
        && n && w[2].s[n] == ')' && n + 1 == w[2].len;
}


/* An option (len bytes, no blanks at either end): its words as items,
   the tally left out if the layout has one. DLX3's line "null NAME (k of
   n)", the choice to cover item NAME no more, chooses no option and is
   passed over. */
static void split_option(struct listing *ls, const char *s, size_t len, int tally)
{
    static struct token *w; /* static: reachable if the program dies below */
    static size_t cap;
    char quote[GEN_QUOTE];
    size_t n = 0;
    const char *text = s;
    while (*(s = skip_blanks(s))) {
        if (n == cap)
            w = gen_grow(w, &cap, n, sizeof *w);
        struct token *t = &w[n++];
        t->s = s;
        t->colons = 0;
        for (; *s && !is_blank((unsigned char)*s); s++)
            if (*s == ':' && !t->colons++)
                t->colon = (size_t)(s - t->s);
        t->len = (size_t)(s - t->s);
        if (!t->colons)
            t->colon = t->len;
    }
    if (tally && n == 5 && is_tally(w + 2) && w[0].len == 4 && !memcmp(w[0].s, "null", 4))
        return;
    add_option(ls, text, len, ls->in.line);
    if (!tally)
        ;
    else if (n >= 5 && is_cost(w + n - 1, 2) && is_cost(w + n - 2, 1) && is_tally(w + n - 5))
        n -= 5;     /* DLX5's " $T [N]" after the tally: the option's cost and net cost */
    else if (n >= 4 && is_cost(w + n - 1, 1) && is_tally(w + n - 4))
        n -= 4;
    else if (n >= 3 && is_tally(w + n - 3))
        n -= 3;
    else if (n >= 1 && w[n - 1].len == 3 && !memcmp(w[n - 1].s, "(?)", 3))
        n -= 1;     /* DLX2's mark of an option missing from its item's list */
    for (size_t i = 0; i < n; i++) {
        const struct token *t = &w[i];
        if (t->colons > 1 || (t->colons && (!t->colon || t->colon + 1 == t->len))) {
            char word[GEN_QUOTE];   /* enough for what gen_quote keeps */
            snprintf(word, sizeof word, "%.*s", (int)t->len, t->s);
            listing_die(ls, ls->in.line, "'%s' is neither an item nor item:color",
                        gen_quote(quote, word));
        }
        add_word(ls, t->s, t->colon, t->colons ? t->s + t->colon + 1 : NULL,
                 t->len - t->colon - (t->colons != 0));
    }
}

static int text_next(struct listing *ls)
{
    char quote[GEN_QUOTE];
    size_t n;
    const char *s = next_line(ls, &n);
    if (!s)
        return 0;
    size_t k = solution_header(s);
    if (!k)
        listing_die(ls, ls->in.line, "expected 'K:', the start of solution K, not '%s'",
                    gen_quote(quote, s));
    start_solution(ls, s, k, ls->in.line);
    const char *rest = skip_blanks(s + k + 1);
    ls->note_at = *rest ? pool_add(ls, rest, strlen(rest)) : SIZE_MAX; /* DLX5's cost */
    while ((s = next_line(ls, &n)) && !solution_header(s))
        split_option(ls, s, n, 1);
    ls->held = s != NULL;   /* the next solution's "K:" */
    return finish_solution(ls);
}

static int text_claims(const char *first)
{
    (void)first;
    return 1;   /* the fallback: its own messages say what is wrong */
}

/* ---------------------------------------------------------------- dlx2's JSON Lines */

/*
 * formats/json.md: one object per line, {"solution":K,"lines":[..],
 * "options":["A C X:1",..],"colors":{..}} for a solution and a last
 * {"summary":{..}}. The picture needs only "solution" and "options" (in
 * input order, as written in the input, no tally); the other keys and
 * objects must be well-formed JSON and are passed over, but "cost" (with
 * DLX5's costs), which becomes the note, as DLX5's listing has it.
 */
struct jcur {
    struct listing *ls;
    const char *p;              /* in ls->in.text */
};

static void j_die(const struct jcur *c, const char *what) GEN_NORETURN;
static void j_die(const struct jcur *c, const char *what)
{
    gen_input_die(&c->ls->in, gen_input_col(&c->ls->in, c->p), "JSON: %s", what);
}

static void j_blanks(struct jcur *c)
{
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')
        c->p++;
}

static int j_peek(struct jcur *c, char ch)
{
    j_blanks(c);
    if (*c->p != ch)
        return 0;
    c->p++;
    return 1;
}

static void j_expect(struct jcur *c, char ch)
{
    static const char *what[] = {"expected '{'", "expected '}'", "expected '['", "expected ']'",
                                 "expected ':'", "expected '\"'"};
    if (!j_peek(c, ch))
        j_die(c, what[strchr("{}[]:\"", ch) - "{}[]:\""]);
}

static unsigned j_hex4(struct jcur *c)
{
    unsigned v = 0;
    for (int k = 0; k < 4; k++, c->p++) {
        int ch = *c->p;
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
              : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        if (d < 0)
            j_die(c, "bad escape in a string");
        v = v * 16 + (unsigned)d;
    }
    return v;
}

/*
 * A string, decoded into a buffer of its own (valid until the next
 * call): \u0080-\u00ff become single bytes, as dlx2 writes the bytes
 * that are not UTF-8; other code points become UTF-8; \u0000 is refused.
 */
static const char *j_string(struct jcur *c, size_t *len)
{
    static char *buf;   /* static: reachable if the program dies below */
    static size_t cap;
    size_t n = 0;
    j_expect(c, '"');
    for (;;) {
        buf = gen_grow(buf, &cap, n + 4, 1);
        unsigned char ch = (unsigned char)*c->p;
        if (ch == '"')
            break;
        if (!ch)
            j_die(c, "unterminated string");
        if (ch < 0x20)
            j_die(c, "control character in a string");
        c->p++;
        if (ch != '\\') {
            buf[n++] = (char)ch;
            continue;
        }
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *k;
        if (*c->p && (k = strchr(from, *c->p))) {
            buf[n++] = to[k - from];
            c->p++;
            continue;
        }
        if (*c->p++ != 'u')
            j_die(c, "bad escape in a string");
        unsigned u = j_hex4(c);
        if (u >= 0xd800 && u < 0xdc00 && c->p[0] == '\\' && c->p[1] == 'u') {
            c->p += 2;
            unsigned lo = j_hex4(c);
            if (lo < 0xdc00 || lo >= 0xe000)
                j_die(c, "bad escape in a string");
            u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
        }
        if (!u)
            j_die(c, "NUL byte in a string");
        if (u < 0x100)
            buf[n++] = (char)u;
        else
            n += utf8_encode(buf + n, u);
    }
    c->p++;
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Passes over a value of any kind. */
static void j_skip(struct jcur *c, int depth)
{
    size_t n;
    j_blanks(c);
    if (depth > 64)
        j_die(c, "nested too deep");
    char open = *c->p, close = open == '{' ? '}' : ']';
    if (open == '"') {
        j_string(c, &n);
    } else if (open == '{' || open == '[') {
        c->p++;
        if (j_peek(c, close))
            return;
        do {
            if (open == '{') {
                j_string(c, &n);
                j_expect(c, ':');
            }
            j_skip(c, depth + 1);
        } while (j_peek(c, ','));
        j_expect(c, close);
    } else {
        const char *start = c->p;
        while ((*c->p >= '0' && *c->p <= '9') || (*c->p >= 'a' && *c->p <= 'z')
               || (*c->p && strchr("+-.E", *c->p)))
            c->p++;
        if (c->p == start)
            j_die(c, "expected a value");
    }
}

/* The fields of a solution object, from the one after "solution". */
static void j_solution(struct jcur *c)
{
    j_blanks(c);
    size_t k = digits(c->p);
    if (!k || *c->p == '0')
        j_die(c, "expected the solution's number");
    start_solution(c->ls, c->p, k, c->ls->in.line);
    c->p += k;
    while (j_peek(c, ',')) {
        size_t n;
        const char *key = j_string(c, &n);
        int options = !strcmp(key, "options"), cost = !strcmp(key, "cost");
        j_expect(c, ':');
        if (cost) { /* "(total cost $C)" */
            j_blanks(c);
            size_t d = digits(c->p);
            char note[48];
            if (!d || d > 20)
                j_die(c, "expected a cost, a whole number");
            snprintf(note, sizeof note, "(total cost $%.*s)", (int)d, c->p);
            c->ls->note_at = pool_add(c->ls, note, strlen(note));
            c->p += d;
            continue;
        }
        if (!options) {
            j_skip(c, 1);
            continue;
        }
        j_expect(c, '[');
        if (j_peek(c, ']'))
            continue;
        do {
            j_blanks(c);
            const char *at = c->p, *s = j_string(c, &n);
            if (!n || is_blank((unsigned char)s[0]) || is_blank((unsigned char)s[n - 1])) {
                c->p = at;
                j_die(c, "an option is its items, one space between them");
            }
            split_option(c->ls, s, n, 0);
        } while (j_peek(c, ','));
        j_expect(c, ']');
    }
    j_expect(c, '}');
}

static int json_next(struct listing *ls)
{
    size_t n;
    const char *s;
    while ((s = next_line(ls, &n))) {
        struct jcur c = {ls, s};
        j_expect(&c, '{');
        const char *key = c.p;
        j_blanks(&c);
        int solution = *c.p == '"' && !strcmp(j_string(&c, &n), "solution");
        if (solution) {
            j_expect(&c, ':');
            j_solution(&c);
        } else {    /* the summary, or another object: only well-formed */
            c.p = key - 1;
            j_skip(&c, 0);
        }
        j_blanks(&c);
        if (*c.p)
            j_die(&c, "something after the object");
        if (solution)
            return finish_solution(ls);
    }
    return 0;
}

static int json_claims(const char *first)
{
    return first[0] == '{';
}

/* ---------------------------------------------------------------- formats */

/* The formats, tried in order on the first line that is not blank. */
static const struct listing_format {
    int (*claims)(const char *first);
    int (*next)(struct listing *ls);
} formats[] = {
    {json_claims, json_next},   /* dlx2 --format=json */
    {text_claims, text_next},   /* DLX2's m<n> listing, also Knuth's */
};

void listing_open(struct listing *ls, const char *path)
{
    memset(ls, 0, sizeof *ls);
    gen_input_open(&ls->in, path ? path : "-");
}

void listing_open_string(struct listing *ls, const char *name, const char *text)
{
    memset(ls, 0, sizeof *ls);
    gen_input_string(&ls->in, name, text);
}

int listing_next(struct listing *ls)
{
    if (!ls->next) {
        size_t n;
        const char *first = next_line(ls, &n);
        if (!first)
            return 0;
        ls->held = 1;
        size_t k = 0;
        while (!formats[k].claims(first))
            k++;
        ls->next = formats[k].next;
    }
    return ls->next(ls);
}

void listing_close(struct listing *ls)
{
    gen_input_close(&ls->in);
    free(ls->pool);
    free(ls->word);
    free(ls->line);
    free(ls->item);
    free(ls->option);
    memset(ls, 0, sizeof *ls);
}

const char *listing_name(const struct listing *ls)
{
    return ls->in.name;
}

void listing_die(const struct listing *ls, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdie_at(ls->in.name, line, 0, fmt, ap);
}

void listing_not_an_option(const struct listing *ls, const struct listing_option *o,
                           const char *expected)
{
    char quote[GEN_QUOTE];
    listing_die(ls, o->line, "'%s' is not an option of %s (expected %s)", gen_quote(quote, o->text),
                gen_prog->name, expected);
}
