/*
 * utf8.h — characters of UTF-8 text: decoding and encoding, the classes
 * the XCC format cares about, and how many columns of a terminal a text
 * takes, so that pictures line up with letters like Ä or 日.
 *
 * A character is kept as its Unicode code point (uint32_t). Decoding
 * refuses over-long forms, surrogates and anything past U+10FFFF, so that
 * every character has one spelling and writing it back gives the bytes
 * it was read from.
 */
#ifndef DLX_GEN_UTF8_H
#define DLX_GEN_UTF8_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Decodes the character at s into *cp and returns its length in bytes,
 * or 0 if s holds no well-formed character there (or is at its NUL).
 */
size_t utf8_decode(const char *s, uint32_t *cp);

/* Writes the bytes of cp and a NUL into buf (5 bytes); returns the length. */
size_t utf8_encode(char *buf, uint32_t cp);

/* Writes the bytes of cp to f. */
void utf8_put(FILE *f, uint32_t cp);

/* 1 if c is white space to the XCC format: space, \t \n \v \f \r. */
int utf8_is_white(uint32_t c);

/* 1 if c is a control character (C0, DEL or C1). */
int utf8_is_control(uint32_t c);

/*
 * Columns that c takes on a terminal: 0 for combining marks and other
 * zero-width characters, 2 for the wide characters of East Asian
 * scripts and emoji, 1 for the rest.
 */
int utf8_char_width(uint32_t c);

/* Columns that s takes; a byte that starts no character counts one. */
size_t utf8_width(const char *s);

/* Writes s, then blanks up to width columns. */
void utf8_pad(FILE *f, const char *s, size_t width);

#endif
