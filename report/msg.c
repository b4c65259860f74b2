/*
 * msg.c — the programs' messages (report.h): an error that ends the run,
 * text from outside shown safely, and whether stdout took everything.
 */
#include "report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void rep_die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("dlx2: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

const char *rep_shown(const char *s, size_t max, char out[REP_SHOWN_SIZE])
{
    return xcc_quote(s, strlen(s), max < REP_SHOWN_MAX ? max : REP_SHOWN_MAX, out);
}

int rep_flush(FILE *f)
{
    errno = 0;
    if (!fflush(f) && !ferror(f))
        return 0;
    return errno ? errno : EIO;
}
