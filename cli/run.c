/*
 * run.c — what every mode of dlx2 shares with the outside world: usage
 * errors, the end of stdout, the memory limit, the input file.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

void cli_usage(const char *fmt, const char *arg)
{
    char b[REP_SHOWN_SIZE];
    const char *a = arg ? rep_shown(arg, 200, b) : "";
    fputs("dlx2: ", stderr);
    fprintf(stderr, fmt, a, a);
    fputs("\nTry 'dlx2 --help' for more information.\n", stderr);
    exit(PROG_BAD_INPUT);
}

/*
 * Whether stdout took everything (err: a write's errno seen already, or
 * 0). Returns 0 if it did, 1 if its reader went away (EPIPE), which is
 * no error: `dlx2 m1 | head` has what it wanted. Any other failure (a
 * full disk) is a write error: a message and status 1.
 */
int cli_stdout_lost(int err)
{
    if (!err && !(err = rep_flush(stdout)))
        return 0;
    if (err == EPIPE)
        return 1;
    rep_die(PROG_WRITE_ERROR, "error writing to standard output: %s", strerror(err));
}

/*
 * --memory-limit. The kernel keeps it, as a limit on the address space
 * (as ulimit -v does): past it an allocation fails, and the run ends with
 * status 3, its message naming the limit. Addresses are a little more
 * than memory (a thread's stack or the memo's room count in full as soon
 * as they are reserved), so the memory taken stays under the limit. The
 * default, half the machine's memory, turns a search that would take all
 * of it into a message instead of the kernel's out-of-memory killer; a
 * lower limit already set (ulimit -v) stays. Sanitizers reserve terabytes
 * of addresses at start: their builds take the option but set no limit.
 */
static char memory_note[120]; /* appended to "out of memory": the limit met */

const char *cli_memory_note(void)
{
    return memory_note;
}

static void size_text(unsigned long long n, char *out, size_t len)
{
    if (n % (1ULL << 30) == 0)
        snprintf(out, len, "%lluG", n >> 30);
    else
        snprintf(out, len, "%lluM", n >> 20);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

void cli_apply_memory_limit(const cli *c)
{
    struct rlimit r;
    char size[32];
    unsigned long long want = c->k.memory_limit;
    if (!c->memory_arg) {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        want = pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page / 2 : 0;
    }
    if (!want || getrlimit(RLIMIT_AS, &r))
        return;
    size_text(want, size, sizeof size);
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < want && !c->memory_arg) {
        size_text(r.rlim_cur, size, sizeof size);
        snprintf(memory_note, sizeof memory_note, " (past the address-space limit %s, ulimit -v)",
                 size);
        return;
    }
    if (r.rlim_max != RLIM_INFINITY && r.rlim_max < want)
        cli_usage("bad memory limit '%s' (above the address-space limit set, ulimit -Hv)",
                  c->memory_arg);
    r.rlim_cur = want;
#ifdef SANITIZED
    return;
#endif
    if (setrlimit(RLIMIT_AS, &r))
        return;
    snprintf(memory_note, sizeof memory_note, " (past --memory-limit %s%s)", size,
             c->memory_arg ? "" : ", half the machine's memory");
}

/* Ends the run with status 3: out of memory, and the limit met (not
   for a refusal of tables too large for an engine in any case). */
void cli_die_no_memory(const char *what)
{
    rep_die(PROG_NO_MEMORY, "%s%s", what, strstr(what, "out of memory") ? memory_note : "");
}

FILE *cli_open_input(const cli *c, const char **name, char shown_name[REP_SHOWN_SIZE])
{
    *name = "<stdin>";
    if (!c->file || !strcmp(c->file, "-"))
        return stdin;
    *name = rep_shown(c->file, 200, shown_name);
    FILE *in = fopen(c->file, "r");
    if (!in)
        rep_die(PROG_BAD_INPUT, "%s: cannot open: %s", *name, strerror(errno));
    return in;
}
