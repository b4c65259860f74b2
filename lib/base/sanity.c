/*
 * base/sanity.c — the failure of a check of the SANITIZE build (sanity.h
 * says when they run): it names the engine and the node, and aborts.
 */
#include "base/sanity.h"

#ifdef XCC_SANITY
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void xcc_insane(const char *engine, ullng node, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "xcc sanity check (%s, node %llu): ", engine, node);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}
#else
/* ISO C wants a translation unit to declare something */
typedef int xcc_sanity_unused;
#endif
