/*
 * batch.c — dlx2 run on many files from one process, for the cross-check.
 *
 * usage: dlx2-batch [ARGUMENT]... -- FILE...
 *            for each FILE, what `dlx2 ARGUMENT... FILE 2> /dev/null`
 *            writes on stdout, then "status N" if it exited with N != 0
 *        dlx2-batch --differ FLAG [ARGUMENT]... -- FILE...
 *            runs `dlx2 ARGUMENT... FILE 2>&1` and
 *            `dlx2 FLAG ARGUMENT... FILE 2>&1` for each FILE and prints
 *            the FILEs where the two differ in output or exit status,
 *            then "N compared": no FILE differs when that is all it says
 *
 * tests/e2e/crosscheck.sh compares dlx2 with a naive solver, and its
 * engines with each other, on thousands of small instances. Started from
 * the shell, each run cost a millisecond or more of fork, exec and
 * dynamic linking, more than the search itself. Here dlx2's own main
 * (cli/main.c compiled with main renamed dlx2_main) runs in a child made by
 * fork, which has nothing to load: each run still has a process of its
 * own, so dlx2's exits, signals and static state are as they would be,
 * and the child's exit status is the program's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int dlx2_main(int argc, char **argv);

static void fail(const char *what)
{
    fprintf(stderr, "dlx2-batch: %s: %s\n", what, strerror(errno));
    exit(2);
}

/* What a run wrote on its stdout and stderr together, and its status. */
typedef struct capture {
    char *text;
    size_t len, cap;
    int status;
} capture;

/*
 * Runs dlx2 with argv (argc entries) in a child with stdout out and
 * stderr err, or with both into c->text when c is given; returns its
 * exit status (128 + the signal if one killed it).
 */
static int run(int argc, char **argv, int out, int err, capture *c)
{
    int pipefd[2];
    if (c && pipe(pipefd))
        fail("pipe");
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        fail("fork");
    if (pid == 0) {
        if (c) {
            close(pipefd[0]);
            out = err = pipefd[1];
        }
        if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
            _exit(125);
        exit(dlx2_main(argc, argv)); /* exit, not _exit: dlx2's stdio is flushed */
    }
    if (c) {
        close(pipefd[1]);
        c->len = 0;
        for (;;) {
            if (c->cap - c->len < 65536) {
                c->cap = 2 * c->cap + 65536;
                if (!(c->text = realloc(c->text, c->cap)))
                    fail("realloc");
            }
            ssize_t n = read(pipefd[0], c->text + c->len, c->cap - c->len);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                fail("read");
            if (n == 0)
                break;
            c->len += (size_t)n;
        }
        close(pipefd[0]);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            fail("waitpid");
    status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (c)
        c->status = status;
    return status;
}

int main(int argc, char **argv)
{
    const char *flag = NULL;
    int a = 1;
    if (a + 1 < argc && !strcmp(argv[a], "--differ"))
        flag = argv[a + 1], a += 2;
    int sep = a;
    while (sep < argc && strcmp(argv[sep], "--"))
        sep++;
    if (sep == argc) {
        fputs("usage: dlx2-batch [--differ FLAG] [ARGUMENT]... -- FILE...\n", stderr);
        return 2;
    }
    /* dlx2's argv: "dlx2", the FLAG (second run of --differ), the
       arguments, one file */
    int nargs = sep - a;
    char **argv1 = calloc((size_t)nargs + 3, sizeof *argv1);
    char **argv2 = calloc((size_t)nargs + 4, sizeof *argv2);
    if (!argv1 || !argv2)
        fail("calloc");
    argv1[0] = argv2[0] = "dlx2";
    argv2[1] = (char *)flag;
    memcpy(argv1 + 1, argv + a, (size_t)nargs * sizeof *argv1);
    memcpy(argv2 + 2, argv + a, (size_t)nargs * sizeof *argv2);

    int null = open("/dev/null", O_WRONLY);
    if (null < 0)
        fail("/dev/null");
    capture c1 = {0}, c2 = {0};
    int compared = 0;
    for (int k = sep + 1; k < argc; k++) {
        argv1[nargs + 1] = argv2[nargs + 2] = argv[k];
        if (!flag) {
            int status = run(nargs + 2, argv1, 1, null, NULL);
            if (status)
                printf("status %d\n", status);
            continue;
        }
        run(nargs + 2, argv1, -1, -1, &c1);
        run(nargs + 3, argv2, -1, -1, &c2);
        if (c1.status != c2.status || c1.len != c2.len || memcmp(c1.text, c2.text, c1.len))
            printf("%s\n", argv[k]);
        compared++;
    }
    if (flag)
        printf("%d compared\n", compared);
    if (fflush(stdout) || ferror(stdout))
        fail("stdout");
    free(c1.text);
    free(c2.text);
    free(argv1);
    free(argv2);
    return 0;
}
