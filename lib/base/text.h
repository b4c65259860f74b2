/*
 * base/text.h — bytes as messages and outputs show them (text.c): which
 * bytes are well-formed UTF-8, quoting for messages, and a call's
 * diagnostic.
 */
#ifndef XCC_TEXT_H
#define XCC_TEXT_H

#include <stddef.h>
#include "xcc.h"

/*
 * Quotes n bytes of s for a message into out, which holds
 * XCC_QUOTE_SIZE(max) bytes: at most max bytes of s (then "..."),
 * well-formed UTF-8 as it is, the backslash as \\, and every other byte
 * that is not printable ASCII as \xHH. Returns out. The reader quotes
 * names so; programs quote what they echo (arguments, file names).
 */
#define XCC_QUOTE_SIZE(max) (4 * (size_t)(max) + 8)
const char *xcc_quote(const char *s, size_t n, size_t max, char *out);

/* The length of the well-formed UTF-8 character at s (n bytes left), or 0. */
size_t xcc_utf8_len(const unsigned char *s, size_t n);

/*
 * A refusal in the words of its reader: the library's (cli 0) or dlx2's
 * command line (cli 1). An engine writes the part that differs as
 * "{library words|command-line words}" (the setting "threads", or -j),
 * the rest as it is for both. Into buf (n bytes); returns buf.
 */
const char *xcc_words(const char *msg, int cli, char *buf, size_t n);

/* Sets d's message (d may be NULL); returns s. */
xcc_status xcc_diag_set(xcc_diag *d, xcc_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
