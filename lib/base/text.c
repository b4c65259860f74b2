/*
 * base/text.c — bytes as messages and outputs show them: which bytes are
 * well-formed UTF-8, and quoting for messages (xcc_quote), which the
 * reader uses for the names it complains about and the programs for
 * what they echo; a call's diagnostic, its status in words, the
 * library's version.
 */
#include "base/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "progs.h"

xcc_status xcc_diag_set(xcc_diag *d, xcc_status s, const char *fmt, ...)
{
    if (d) {
        va_list ap;
        d->line = d->col = 0;
        va_start(ap, fmt);
        vsnprintf(d->message, sizeof d->message, fmt, ap);
        va_end(ap);
    }
    return s;
}

const char *xcc_words(const char *msg, int cli, char *buf, size_t n)
{
    size_t k = 0;
    int part = -1; /* -1: outside braces; 0, 1: inside, before or after the bar */
    for (const char *s = msg; *s && k + 1 < n; s++) {
        if (*s == '{' && part < 0)
            part = 0;
        else if (*s == '|' && part == 0)
            part = 1;
        else if (*s == '}' && part >= 0)
            part = -1;
        else if (part < 0 || part == cli)
            buf[k++] = *s;
    }
    buf[k] = '\0';
    return buf;
}

const char *xcc_status_text(xcc_status s)
{
    switch (s) {
    case XCC_OK: return "ok";
    case XCC_BAD_INPUT: return "bad input";
    case XCC_NO_MEMORY: return "out of memory";
    case XCC_REFUSED: return "refused";
    case XCC_UNKNOWN_NAME: return "unknown name";
    case XCC_BAD_VALUE: return "bad value";
    case XCC_OVERFLOW: return "past 64 bits";
    case XCC_END: return "end of the search";
    case XCC_NOT_YET: return "not yet";
    case XCC_WRITE_ERROR: return "write error";
    }
    return "unknown status";
}

const char *xcc_version(void)
{
    return XCC_VERSION_TEXT;
}

size_t xcc_utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (c < 0xc2 || c > 0xf4 || len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    unsigned c1 = s[1];
    if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) /* overlong, surrogate */
        || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f)) /* overlong, > U+10FFFF */
        return 0;
    return len;
}

/* The same, but not a C1 control (U+0080 .. U+009F), which a terminal obeys. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    return s[0] == 0xc2 && n > 1 && s[1] < 0xa0 ? 0 : xcc_utf8_len(s, n);
}

/*
 * Quoting for messages (text.h): well-formed UTF-8 as it is, and every
 * other byte that is not printable ASCII (controls, DEL, C1 controls,
 * stray or malformed UTF-8 bytes such as 0xff) shown as \xHH, the
 * backslash itself as \\: a message never writes a byte that could
 * disturb a terminal, and says exactly which bytes it saw.
 */
const char *xcc_quote(const char *s, size_t n, size_t max, char *out)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        if (i >= max) {
            memcpy(out + k, "...", 3);
            k += 3;
            break;
        }
        size_t len = u[i] >= 0x80 ? utf8_char(u + i, n - i) : 0;
        if (len) {
            memcpy(out + k, s + i, len);
            k += len, i += len;
        } else if (u[i] < 32 || u[i] >= 127) {
            k += (size_t)snprintf(out + k, XCC_QUOTE_SIZE(max) - k, "\\x%02x", u[i++]);
        } else {
            if (u[i] == '\\')
                out[k++] = '\\';
            out[k++] = s[i++];
        }
    }
    out[k] = '\0';
    return out;
}
