/*
 * lst_read.c — what the layouts read with: the input, one line at a
 * time, the storage of the solution being read, and the messages and
 * their quoting. lst_open.c is the reader of lst.h that calls them.
 */
#include "lst_int.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* p grown to hold n + 1 elements of size bytes (doubling *cap); NULL when
   memory is short, p still valid. */
static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return p;
    size_t c = *cap ? *cap : 16;
    while (c <= n) {
        if (c > SIZE_MAX / 2 / size)
            return NULL;
        c *= 2;
    }
    void *q = realloc(p, c * size);
    if (q)
        *cap = c;
    return q;
}

int lst_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* ---------------------------------------------------------------- messages */

int lst_fail(lst_reader *r, lst_error *err, long col, const char *fmt, ...)
{
    va_list ap;
    err->status = 2;
    err->line = r->line;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return LST_ERROR;
}

int lst_no_memory(lst_error *err)
{
    err->status = 3;
    err->line = err->col = 0;
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return LST_ERROR;
}

/* The length of the UTF-8 character at s (n bytes left), 1 if there is none. */
static size_t char_len(const unsigned char *s, size_t n)
{
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
    if (s[0] < 0xc2 || s[0] > 0xf4 || len > n)
        return 1;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 1;
    return len;
}

const char *lst_quote(char *out, const char *s, size_t n)
{
    size_t k = 0, i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    for (int chars = 0; i < n && chars < 40; chars++) {
        size_t len = char_len((const unsigned char *)s + i, n - i);
        memcpy(out + k, s + i, len);
        k += len, i += len;
    }
    if (i < n)
        memcpy(out + k, "...", 3), k += 3;
    out[k] = '\0';
    return out;
}

/* ---------------------------------------------------------------- input */

/* The next line into r->in, its '\n' dropped: 1, 0 at the end, or LST_ERROR. */
static int read_line(lst_reader *r, lst_error *err)
{
    size_t len;
    if (r->f) {
        errno = 0;
        ssize_t got = getline(&r->in.s, &r->in.cap, r->f);
        if (got < 0) {
            if (!ferror(r->f))
                return 0;
            err->status = 2;
            err->line = err->col = 0;
            snprintf(err->msg, sizeof err->msg, "read error: %s", strerror(errno ? errno : EIO));
            return LST_ERROR;
        }
        len = (size_t)got;
    } else {
        if (!r->text || !*r->text)
            return 0;
        len = strcspn(r->text, "\n");
        len += r->text[len] == '\n';
        if (lst_buf_reserve(&r->in, len))
            return lst_no_memory(err);
        memcpy(r->in.s, r->text, len);
        r->text += len;
    }
    r->line++;
    if (len && r->in.s[len - 1] == '\n')
        len--;
    r->in.s[len] = '\0';
    r->in.len = len;
    const char *nul = memchr(r->in.s, '\0', len);
    if (nul)
        return lst_fail(r, err, (long)(nul - r->in.s) + 1, "NUL byte in the input");
    return 1;
}

int lst_next_content(lst_reader *r, lst_error *err, const char **s, size_t *n)
{
    int got = 1;
    if (!r->held)
        got = read_line(r, err);
    r->held = 0;
    for (; got == 1; got = read_line(r, err)) {
        size_t len = r->in.len, at = 0;
        while (len && lst_blank((unsigned char)r->in.s[len - 1]))
            len--;
        while (at < len && lst_blank((unsigned char)r->in.s[at]))
            at++;
        if (at < len) {
            *s = r->in.s + at;
            *n = len - at;
            return 1;
        }
    }
    return got;
}

/* ---------------------------------------------------------------- storage */

void lst_start(lst_reader *r, long line)
{
    r->pool.len = r->nwords = r->nopts = r->ncwords = r->ninput = r->nindex = 0;
    r->note = LST_NO_COLOR;
    memset(&r->sol, 0, sizeof r->sol);
    r->sol.line = line;
}

int lst_pool_add(lst_reader *r, const char *s, size_t n, size_t *at)
{
    if (lst_buf_reserve(&r->pool, r->pool.len + n + 1))
        return -1;
    *at = r->pool.len;
    memcpy(r->pool.s + *at, s, n);
    r->pool.s[*at + n] = '\0';
    r->pool.len += n + 1;
    return 0;
}

int lst_set_label(lst_reader *r, const char *s, size_t n)
{
    unsigned long long v = 0;
    for (size_t k = 0; k < n; k++)
        v = v > (ULLONG_MAX - 9) / 10 ? ULLONG_MAX : 10 * v + (unsigned)(s[k] - '0');
    r->sol.number = v;
    return lst_pool_add(r, s, n, &r->label);
}

int lst_add_option(lst_reader *r, const char *text, size_t len, long line)
{
    lst_opt_at *o = grow(r->opt, &r->opt_cap, r->nopts, sizeof *o);
    if (!o)
        return -1;
    r->opt = o;
    o += r->nopts++;
    memset(o, 0, sizeof *o);
    o->first = r->nwords;
    o->line = line;
    return lst_pool_add(r, text, len, &o->text);
}

long lst_split(lst_reader *r, const char *s, size_t n)
{
    size_t count = 0, i = 0;
    for (;;) {
        while (i < n && lst_blank((unsigned char)s[i]))
            i++;
        if (i == n)
            return (long)count;
        lst_span *sp = grow(r->span, &r->span_cap, count, sizeof *sp);
        if (!sp)
            return -1;
        r->span = sp;
        sp[count].at = i;
        while (i < n && !lst_blank((unsigned char)s[i]))
            i++;
        sp[count].len = i - sp[count].at;
        count++;
    }
}

long lst_add_items(lst_reader *r, const char *s, size_t count)
{
    lst_opt_at *o = &r->opt[r->nopts - 1];
    for (size_t k = 0; k < count; k++) {
        const char *w = s + r->span[k].at;
        size_t len = r->span[k].len;
        const char *colon = memchr(w, ':', len);
        if (colon && (colon == w || colon == w + len - 1))
            return (long)k + 1;
    }
    /* the items text: the words, one space between them */
    size_t at = r->pool.len, total = 0;
    for (size_t k = 0; k < count; k++)
        total += r->span[k].len + 1;
    if (lst_buf_reserve(&r->pool, at + total + 1))
        return -1;
    for (size_t k = 0; k < count; k++) {
        memcpy(r->pool.s + r->pool.len, s + r->span[k].at, r->span[k].len);
        r->pool.len += r->span[k].len;
        r->pool.s[r->pool.len++] = k + 1 < count ? ' ' : '\0';
    }
    if (!count)
        r->pool.s[r->pool.len++] = '\0';
    o->items = at;
    for (size_t k = 0; k < count; k++) {
        const char *w = s + r->span[k].at;
        size_t len = r->span[k].len;
        const char *colon = memchr(w, ':', len);
        size_t name_len = colon ? (size_t)(colon - w) : len;
        lst_word *wd = grow(r->word, &r->word_cap, r->nwords, sizeof *wd);
        if (!wd)
            return -1;
        r->word = wd;
        wd += r->nwords++;
        wd->color = LST_NO_COLOR;
        if (lst_pool_add(r, w, name_len, &wd->name)
            || (colon && lst_pool_add(r, colon + 1, len - name_len - 1, &wd->color)))
            return -1;
        o->n++;
    }
    return 0;
}

int lst_finish(lst_reader *r, lst_error *err)
{
    lst_solution *sol = &r->sol;
    lst_item *item = grow(r->item, &r->item_cap, r->nwords, sizeof *item);
    lst_option *option = item ? grow(r->option, &r->option_cap, r->nopts, sizeof *option) : NULL;
    if (item)
        r->item = item;
    if (option)
        r->option = option;
    lst_item *color = option ? grow(r->color, &r->color_cap, r->ncwords, sizeof *color) : NULL;
    if (!color)
        return lst_no_memory(err);
    r->color = color;
    const char *pool = r->pool.s;
    for (size_t k = 0; k < r->nwords; k++) {
        item[k].name = pool + r->word[k].name;
        item[k].color = r->word[k].color == LST_NO_COLOR ? NULL : pool + r->word[k].color;
    }
    for (size_t k = 0; k < r->ncwords; k++) {
        color[k].name = pool + r->cword[k].name;
        color[k].color = pool + r->cword[k].color;
    }
    for (size_t k = 0; k < r->nopts; k++) {
        const lst_opt_at *o = &r->opt[k];
        option[k] = (lst_option){pool + o->text, pool + o->items, item + o->first, o->n, o->line,
                                 sol->has_lines ? r->input_line[k] : 0,
                                 sol->has_indices ? r->input_index[k] : -1, o->has_cost, o->cost};
    }
    sol->label = pool + r->label;
    sol->note = r->note == LST_NO_COLOR ? NULL : pool + r->note;
    sol->opt = option;
    sol->nopts = r->nopts;
    sol->color = color;
    sol->ncolors = r->ncwords;
    return LST_SOLUTION;
}
