/*
 * rusage.c — runs one command and says what it cost: wall seconds, user
 * and system CPU seconds, and peak resident memory in KB.
 *
 *   rusage [-t SECONDS] OUT COMMAND [ARG]...
 *
 * COMMAND runs with this program's stdin, stdout and stderr, started by
 * fork and exec (no shell), and its figures come from wait4, so they are
 * the command's own: "WALL USER SYS PEAK_KB" goes to the file OUT as one
 * line. The exit status is the command's (128 + signal if it was killed;
 * 127 if it could not be started). With -t, the command may take at most
 * SECONDS of CPU time (RLIMIT_CPU, SECONDS a whole number from 1): past
 * them the kernel stops it with SIGXCPU, and the status is then 152
 * (128 + 24), with no core file (RLIMIT_CORE 0). Some kernels let a
 * process run past RLIMIT_CPU (this machine's did, on a niced process
 * of a loaded machine: 172 s against a limit of 120), so the parent
 * also reads the child's CPU seconds in /proc/PID/stat five times a
 * second and sends SIGXCPU itself once they pass SECONDS (SIGKILL 5 s
 * later; the wall time is then up to 0.2 s late). bench/run and bench/side-by-side use
 * it because this machine is shared: CPU time shows what a run cost even
 * when another job slowed its wall time down.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* The CPU seconds (user + system) of process pid so far, from
   /proc/PID/stat; -1 if they cannot be read. */
static double cpu_of(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the name, in parentheses, may hold blanks */
    unsigned long utime, stime;
    if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
        return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

int main(int argc, char **argv)
{
    long limit = 0;
    if (argc > 1 && !strcmp(argv[1], "-t")) {
        char *end;
        errno = 0;
        limit = argc > 2 ? strtol(argv[2], &end, 10) : 0;
        if (argc < 3 || errno || *end || end == argv[2] || limit < 1) {
            fprintf(stderr, "rusage: -t wants a whole number of seconds from 1, not '%s'\n",
                    argc > 2 ? argv[2] : "");
            return 2;
        }
        argc -= 2, argv += 2;
    }
    if (argc < 3) {
        fputs("usage: rusage [-t SECONDS] OUT COMMAND [ARG]...\n", stderr);
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        fprintf(stderr, "rusage: %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "rusage: fork: %s\n", strerror(errno));
        return 2;
    }
    if (pid == 0) {
        if (limit) {
            struct rlimit cpu = {(rlim_t)limit, (rlim_t)limit + 5}, core = {0, 0};
            if (setrlimit(RLIMIT_CORE, &core) || setrlimit(RLIMIT_CPU, &cpu)) {
                fprintf(stderr, "rusage: setrlimit: %s\n", strerror(errno));
                _exit(127);
            }
        }
        execvp(argv[2], argv + 2);
        fprintf(stderr, "rusage: %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    for (int sent = 0;;) {
        pid_t got = wait4(pid, &status, limit ? WNOHANG : 0, &ru);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR) {
            fprintf(stderr, "rusage: wait4: %s\n", strerror(errno));
            return 2;
        }
        if (got == 0) { /* still running, with a limit: look at its CPU time */
            double cpu = cpu_of(pid);
            if (cpu >= (double)limit && sent == 0)
                kill(pid, SIGXCPU), sent = 1;
            else if (cpu >= (double)limit + 5 && sent == 1)
                kill(pid, SIGKILL), sent = 2;
            struct timespec pause = {0, 200000000};
            nanosleep(&pause, NULL);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    fprintf(out, "%.4f %.4f %.4f %ld\n", wall, seconds(ru.ru_utime), seconds(ru.ru_stime),
            ru.ru_maxrss);
    if (fclose(out)) {
        fprintf(stderr, "rusage: %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
