/*
 * lst_json.h — JSON strings both ways, the one codec of the toolkit: the
 * writer of dlx2's JSON Lines (report/) calls lst_json_write, the reader
 * of listings (lst_jsonl.c) lst_json_read.
 *
 * A name or color is any bytes but NUL, not always UTF-8, and must come
 * back byte for byte. So the writer keeps well-formed UTF-8 as it is,
 * escapes '"' and '\', and writes every control character, DEL and
 * every byte that is not part of well-formed UTF-8 as \u00XX; the reader
 * takes \u0000-\u00ff back as those single bytes (a JSON reader that
 * knows nothing of this sees the Latin-1 character of the byte), other
 * code points as UTF-8, and refuses \u0000 and a surrogate without its
 * other half.
 */
#ifndef LST_JSON_H
#define LST_JSON_H

#include <stddef.h>
#include <stdio.h>

/* A growing buffer of bytes, NUL-terminated when len > 0 or s != NULL. */
typedef struct lst_buf {
    char *s;
    size_t len, cap;
} lst_buf;

/* s (n bytes) as a JSON string, quotes included; and without them. */
void lst_json_write(FILE *f, const char *s, size_t n);
void lst_json_write_body(FILE *f, const char *s, size_t n);

/*
 * The JSON string that starts at s[*at] (its '"') of the n bytes at s,
 * decoded into out (emptied first). 0, with *at just past the closing
 * '"'; 2, with *at on the byte at fault and *msg saying what is wrong
 * ("unterminated string", "bad escape in a string", ...); 3 when memory
 * is short.
 */
int lst_json_read(const char *s, size_t n, size_t *at, lst_buf *out, const char **msg);

/* Makes room in b for need bytes and a NUL; 0, or -1 when memory is short. */
int lst_buf_reserve(lst_buf *b, size_t need);

#endif
