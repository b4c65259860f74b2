/*
 * progs.h — what every program of the toolkit (dlx2 and the generators in
 * dlx-gen/) promises its users in the same words: one version number and
 * one table of exit statuses. The library (lib/) never exits; programs
 * map its outcomes onto this table.
 */
#ifndef PROGS_H
#define PROGS_H

/* The release; `make install`, the man pages and xcc.pc read it here. */
#define DLX2_VERSION "0.2.0"

/*
 * Exit statuses. A script can tell a complete answer (0) from one cut
 * short by a limit (4) or a signal (128 + the signal: 130 for SIGINT,
 * 143 for SIGTERM), and both from a failure to write it (1).
 */
enum prog_status {
    PROG_DONE = 0,        /* finished: the whole search, or t<n> solutions */
    PROG_WRITE_ERROR = 1, /* an output could not be written or closed */
    PROG_BAD_INPUT = 2,   /* bad arguments or input, unreadable file */
    PROG_NO_MEMORY = 3,   /* out of memory, or over a memory limit */
    PROG_LIMIT = 4,       /* stopped early by T<n> or --time-limit */
    PROG_SIGNALED = 128   /* plus the signal number */
};

#endif
