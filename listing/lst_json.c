/*
 * lst_json.c — the JSON string codec of lst_json.h.
 */
#include "lst_json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int lst_buf_reserve(lst_buf *b, size_t need)
{
    if (need < b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64;
    while (cap <= need) {
        if (cap > SIZE_MAX / 2)
            return -1;
        cap *= 2;
    }
    char *s = realloc(b->s, cap);
    if (!s)
        return -1;
    b->s = s;
    b->cap = cap;
    return 0;
}

/*
 * The length of the well-formed UTF-8 character at s (n bytes left), or
 * 0: no over-long form, no surrogate, nothing past U+10FFFF.
 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (c < 0xc2 || c > 0xf4 || len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    unsigned c1 = s[1];
    if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) || (c == 0xf0 && c1 < 0x90)
        || (c == 0xf4 && c1 > 0x8f))
        return 0;
    return len;
}

void lst_json_write_body(FILE *f, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = u[i] >= 0x80 ? utf8_len(u + i, n - i) : 0;
        if (len) {
            fwrite(s + i, 1, len, f);
            i += len;
        } else if (u[i] == '"' || u[i] == '\\') {
            fputc('\\', f);
            fputc(s[i++], f);
        } else if (u[i] < 0x20 || u[i] >= 0x7f) {
            fprintf(f, "\\u%04x", u[i++]);
        } else {
            fputc(s[i++], f);
        }
    }
}

void lst_json_write(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    lst_json_write_body(f, s, n);
    fputc('"', f);
}

/* The value of the 4 hex digits at s (n bytes left), or -1. */
static long hex4(const char *s, size_t n)
{
    long v = 0;
    if (n < 4)
        return -1;
    for (int k = 0; k < 4; k++) {
        int c = (unsigned char)s[k];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = 16 * v + d;
    }
    return v;
}

/* Appends code point u to b (room made): one byte below 0x100, else UTF-8. */
static void put_code(lst_buf *b, uint32_t u)
{
    char *o = b->s + b->len;
    if (u < 0x100) {
        o[0] = (char)u;
        b->len += 1;
    } else if (u < 0x800) {
        o[0] = (char)(0xc0 | u >> 6);
        o[1] = (char)(0x80 | (u & 0x3f));
        b->len += 2;
    } else if (u < 0x10000) {
        o[0] = (char)(0xe0 | u >> 12);
        o[1] = (char)(0x80 | (u >> 6 & 0x3f));
        o[2] = (char)(0x80 | (u & 0x3f));
        b->len += 3;
    } else {
        o[0] = (char)(0xf0 | u >> 18);
        o[1] = (char)(0x80 | (u >> 12 & 0x3f));
        o[2] = (char)(0x80 | (u >> 6 & 0x3f));
        o[3] = (char)(0x80 | (u & 0x3f));
        b->len += 4;
    }
}

int lst_json_read(const char *s, size_t n, size_t *at, lst_buf *out, const char **msg)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    size_t i = *at;
    out->len = 0;
    if (i >= n || s[i] != '"') {
        *msg = "expected '\"'";
        return 2;
    }
    i++;
    for (;;) {
        if (lst_buf_reserve(out, out->len + 4))
            return 3;
        if (i >= n) {
            *msg = "unterminated string";
            break;
        }
        unsigned char c = (unsigned char)s[i];
        if (c == '"') {
            out->s[out->len] = '\0';
            *at = i + 1;
            return 0;
        }
        if (c < 0x20) {
            *msg = "control character in a string";
            break;
        }
        if (c != '\\') {
            out->s[out->len++] = (char)c;
            i++;
            continue;
        }
        const char *k = i + 1 < n && s[i + 1] ? strchr(from, s[i + 1]) : NULL;
        if (k) {
            out->s[out->len++] = to[k - from];
            i += 2;
            continue;
        }
        long u = i + 1 < n && s[i + 1] == 'u' ? hex4(s + i + 2, n - i - 2) : -1, lo = -1;
        if (u >= 0xd800 && u < 0xdc00 && i + 7 < n && s[i + 6] == '\\' && s[i + 7] == 'u')
            lo = hex4(s + i + 8, n - i - 8);
        if (u < 0 || (u >= 0xd800 && u < 0xe000 && (lo < 0xdc00 || lo >= 0xe000))) {
            *msg = "bad escape in a string";
            break;
        }
        if (!u) {
            *msg = "NUL byte in a string";
            break;
        }
        if (lo >= 0) {
            u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            i += 6;
        }
        put_code(out, (uint32_t)u);
        i += 6;
    }
    *at = i;
    return 2;
}
