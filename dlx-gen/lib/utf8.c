/*
 * utf8.c — decoding, encoding and display widths of UTF-8 characters.
 */
#include "utf8.h"

size_t utf8_decode(const char *s, uint32_t *cp)
{
    /* the smallest code point each length may encode: anything below is
       an over-long form */
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    const unsigned char *u = (const unsigned char *)s;
    uint32_t c;
    size_t n;

    if (u[0] < 0x80) {
        *cp = u[0];
        return u[0] ? 1 : 0;
    }
    if ((u[0] & 0xE0) == 0xC0)
        c = u[0] & 0x1F, n = 2;
    else if ((u[0] & 0xF0) == 0xE0)
        c = u[0] & 0x0F, n = 3;
    else if ((u[0] & 0xF8) == 0xF0)
        c = u[0] & 0x07, n = 4;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        /* a NUL fails this test too, so we never read past the end */
        if ((u[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (u[i] & 0x3F);
    }
    if (c < least[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

size_t utf8_encode(char *buf, uint32_t c)
{
    size_t n;
    if (c < 0x80) {
        buf[0] = (char)c;
        n = 1;
    } else if (c < 0x800) {
        buf[0] = (char)(0xC0 | c >> 6);
        buf[1] = (char)(0x80 | (c & 0x3F));
        n = 2;
    } else if (c < 0x10000) {
        buf[0] = (char)(0xE0 | c >> 12);
        buf[1] = (char)(0x80 | (c >> 6 & 0x3F));
        buf[2] = (char)(0x80 | (c & 0x3F));
        n = 3;
    } else {
        buf[0] = (char)(0xF0 | c >> 18);
        buf[1] = (char)(0x80 | (c >> 12 & 0x3F));
        buf[2] = (char)(0x80 | (c >> 6 & 0x3F));
        buf[3] = (char)(0x80 | (c & 0x3F));
        n = 4;
    }
    buf[n] = '\0';
    return n;
}

void utf8_put(FILE *f, uint32_t c)
{
    char buf[5];
    fwrite(buf, 1, utf8_encode(buf, c), f);
}

int utf8_is_white(uint32_t c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

int utf8_is_control(uint32_t c)
{
    return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0);
}

/*
 * Ranges of code points, sorted: the zero-width ones (combining marks,
 * joiners, variation selectors) and the wide ones (Hangul, CJK, full-width
 * forms, emoji), as terminals draw them. The blocks, not every character.
 */
struct range {
    uint32_t first, last;
};

static const struct range zero_width[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF},
    {0x05C1, 0x05C2}, {0x05C4, 0x05C5}, {0x05C7, 0x05C7}, {0x0610, 0x061A},
    {0x064B, 0x065F}, {0x0670, 0x0670}, {0x06D6, 0x06DC}, {0x06DF, 0x06E4},
    {0x06E7, 0x06E8}, {0x06EA, 0x06ED}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A},
    {0x0E47, 0x0E4E}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F},
    {0x202A, 0x202E}, {0x2060, 0x2064}, {0x20D0, 0x20FF}, {0xFE00, 0xFE0F},
    {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
};

static const struct range wide[] = {
    {0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC},
    {0x2614, 0x2615}, {0x2648, 0x2653}, {0x26AA, 0x26AB}, {0x26BD, 0x26BE},
    {0x26C4, 0x26C5}, {0x26F2, 0x26F5}, {0x2705, 0x2705}, {0x270A, 0x270B},
    {0x2728, 0x2728}, {0x274C, 0x274C}, {0x2753, 0x2755}, {0x2757, 0x2757},
    {0x2795, 0x2797}, {0x2B1B, 0x2B1C}, {0x2E80, 0x303E}, {0x3041, 0x33FF},
    {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF}, {0xA960, 0xA97F},
    {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE10, 0xFE19}, {0xFE30, 0xFE6F},
    {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF},
    {0x1F900, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

static int in_ranges(uint32_t c, const struct range *r, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c < r[mid].first)
            hi = mid;
        else if (c > r[mid].last)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

int utf8_char_width(uint32_t c)
{
    if (c < 0x300)
        return 1;
    if (in_ranges(c, zero_width, sizeof zero_width / sizeof *zero_width))
        return 0;
    if (in_ranges(c, wide, sizeof wide / sizeof *wide))
        return 2;
    return 1;
}

size_t utf8_width(const char *s)
{
    size_t w = 0;
    while (*s) {
        uint32_t c;
        size_t n = utf8_decode(s, &c);
        if (n) {
            w += (size_t)utf8_char_width(c);
            s += n;
        } else {
            w++;
            s++;
        }
    }
    return w;
}

void utf8_pad(FILE *f, const char *s, size_t width)
{
    fputs(s, f);
    for (size_t w = utf8_width(s); w < width; w++)
        fputc(' ', f);
}
