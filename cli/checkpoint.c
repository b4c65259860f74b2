/*
 * checkpoint.c — --checkpoint FILE, --resume FILE and --output FILE
 * (formats/checkpoint.md, doc/threads-and-shards.md).
 *
 * A search with --checkpoint keeps the problem's text and its arguments,
 * and writes them down with the walk's position (sink.h: xcc_position)
 * at the start, every --checkpoint-every seconds and when a signal or
 * --time-limit stops it: a timer (SIGUSR2) sets the interrupt flag the
 * walk polls at each node, the walk hands its position to the sink's
 * checkpoint, which writes the file (a temporary file in the same
 * directory, fsync, rename) and clears the flag unless the run must
 * stop. --resume reads the file back (ckfile.c), refuses one that is not
 * sound (status 2, saying why), and runs the search of its arguments on
 * its problem from its position, --output cut back to what it had
 * written; the walk then ends as the run without a stop would have.
 */
#include "cli.h"
#include "ckfile.h"
#include "tree/dlx2.h"
#include "tree/dlx3.h"
#include "tree/dlx5.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static struct {
    int nargs;                 /* the arguments written down: argv[1 ..] */
    char **args;
    char *text;                /* the problem's text */
    size_t len;
    int resuming;
    const char *from;          /* --resume's file */
    cli_ckpt k;                /* what it holds */
    xcc_position pos;
    int unwritable_said;
    double before;             /* seconds of the runs before */
    const cli *c;
    atomic_int *stop_flag, *stop_signal, *alarm;
    struct timespec start;
    timer_t timer;
    int timer_made;
    int written;               /* a checkpoint was written by this run */
    size_t done_before;        /* -j, --shard: the tasks the resumed checkpoint had done */
} ck;

static void refuse(const char *why)
{
    char b[REP_SHOWN_SIZE];
    rep_die(PROG_BAD_INPUT, "%s: %s", rep_shown(ck.from, 200, b), why);
}

/* ---- --resume: the arguments ------------------------------------------------- */

/* The whole of file name into memory; NULL with errno set. */
static char *slurp(const char *name, size_t *n)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len + 65536 > cap) {
            char *b = realloc(buf, cap = 2 * cap + 65536);
            if (!b) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = b;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got);
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (err) {
        free(buf);
        errno = err;
        return NULL;
    }
    *n = len;
    return buf;
}

void cli_checkpoint_args(int *argc, char ***argv)
{
    /* a run from the start (dlx2-batch runs main many times in one process) */
    if (!ck.resuming)
        free(ck.text);
    cli_ckpt_free(&ck.k);
    memset(&ck, 0, sizeof ck);
    /* --resume first (elsewhere the table of options refuses it, cli_checkpoint_rules) */
    const char *a1 = *argc > 1 ? (*argv)[1] : "";
    if (!strcmp(a1, "--resume") || !strncmp(a1, "--resume=", 9)) {
        int eq = !strncmp(a1, "--resume=", 9), files = *argc - (eq ? 2 : 3);
        if (files < 0 || files > 1)
            cli_usage("%s", "--resume comes first, with the checkpoint FILE and at most the"
                            " problem's file: nothing else (the arguments are the checkpoint's)");
        ck.from = eq ? a1 + 9 : (*argv)[2];
        size_t n = 0;
        char *buf = slurp(ck.from, &n);
        if (!buf) {
            char b[REP_SHOWN_SIZE];
            rep_die(PROG_BAD_INPUT, "%s: cannot read: %s", rep_shown(ck.from, 200, b),
                    strerror(errno));
        }
        const char *why = cli_ckpt_read(buf, n, &ck.k);
        free(buf);
        if (why)
            refuse(why);
        if (strcmp(ck.k.version, DLX2_VERSION)) {
            char msg[200], v[REP_SHOWN_SIZE];
            snprintf(msg, sizeof msg, "written by dlx2 %s, and this is dlx2 %s: a checkpoint"
                     " goes on only with the version that wrote it",
                     rep_shown(ck.k.version, 64, v), DLX2_VERSION);
            refuse(msg);
        }
        if (files) { /* the problem's file: the checkpoint must be of it */
            const char *name = (*argv)[*argc - 1];
            char *text = slurp(name, &n), b[REP_SHOWN_SIZE];
            if (!text)
                rep_die(PROG_BAD_INPUT, "%s: cannot read: %s", rep_shown(name, 200, b),
                        strerror(errno));
            int same = n == ck.k.problem_len && !memcmp(text, ck.k.problem, n);
            free(text);
            if (!same) {
                char msg[REP_SHOWN_SIZE + 80];
                snprintf(msg, sizeof msg, "a checkpoint of another problem than %s",
                         rep_shown(name, 200, b));
                refuse(msg);
            }
        }
        ck.resuming = 1;
        ck.before = ck.k.seconds;
        char **args = malloc(((size_t)ck.k.nargs + 2) * sizeof(char *));
        if (!args)
            rep_die(PROG_NO_MEMORY, "out of memory");
        args[0] = (*argv)[0];
        for (int i = 0; i < ck.k.nargs; i++)
            args[i + 1] = ck.k.args[i];
        args[ck.k.nargs + 1] = NULL;
        *argc = ck.k.nargs + 1;
        *argv = args; /* kept to the end of the run */
    }
    ck.nargs = *argc - 1;
    ck.args = *argv + 1;
}

int cli_resuming(void)
{
    return ck.resuming;
}

/* ---- the rules --------------------------------------------------------------- */

void cli_checkpoint_rules(cli *c)
{
    if (c->resume)
        cli_usage("%s", "--resume comes first, with the checkpoint FILE and at most the problem's"
                        " file: nothing else (the arguments are the checkpoint's)");
    if (ck.resuming && !c->checkpoint)
        refuse("corrupted (no --checkpoint among its arguments)");
    if (ck.resuming && (ck.k.output >= 0) != (c->output != NULL))
        refuse("corrupted (its --output and its place in it disagree)");
    if (!c->checkpoint)
        return;
    if (cli_given(c, "s"))
        cli_usage("%s", "--checkpoint does not go with s<n> yet (its random choices)");
    if (c->nshapes)
        cli_usage("%s", "--checkpoint does not go with S<file> (the shape is written as the"
                        " tree is walked)");
    if (c->up_to_symmetry || c->use_symmetry)
        cli_usage("%s", "--checkpoint does not go with --up-to-symmetry or --use-symmetry yet");
    if (c->spacing > 0 && !c->output)
        cli_usage("%s", "--checkpoint with a listing (m<n>, --format=json) needs --output FILE:"
                        " stdout cannot be cut back to the checkpoint");
    const xcc_engine_row *row = c->engine ? xcc_engine_row_named(c->engine) : NULL;
    int count = row && (!strcmp(row->name, "fast") || !strcmp(row->name, "zdd")) && c->count_only;
    if (row && strcmp(row->name, "dlx") && strcmp(row->name, "links") && strcmp(row->name, "cost")
        && strcmp(row->name, "cost-links") && strcmp(row->name, "cells") && !count)
        cli_usage("--checkpoint does not go with --engine=%s yet (dlx, links, cost, cost-links"
                  " or cells; fast and zdd with -c)", c->engine);
    if (c->knuth && strcmp(c->knuth, "dlx2") && strcmp(c->knuth, "dlx1")
        && strcmp(c->knuth, "dlx3") && strcmp(c->knuth, "dlx5") && strcmp(c->knuth, "ssxcc"))
        cli_usage("--checkpoint does not go with --knuth=%s yet (DLX2's, DLX3's, DLX5's and"
                  " SSXCC's trees)", c->knuth);
    if (c->count_only && !c->engine) /* not "auto": DLX2's tree, which checkpoints */
        c->xs.engine = xcc_engine_row_named(NULL)->name;
}

void cli_checkpoint_engine(const cli *c, xcc_problem *p, const xcc_engine *e, int costs)
{
    if (!c->checkpoint)
        return;
    int mcc = xcc_wants_mcc(p, &c->xs);
    int cost_tasks = e == &xcc_cost_threads || e == &xcc_cost_threads_links;
    int tasks = e == &xcc_threads_twin || e == &xcc_threads_links || e == &xcc_mcc_threads_twin
                || e == &xcc_mcc_threads_links || e == &xcc_fast_threads || cost_tasks
                || e == &xcc_cells_threads;
    /* the threads of DLX5's search hand out the solutions that improve on the k best of
       the moment: which they are depends on the threads' timing, and so does t<n>'s end */
    if (cost_tasks && (c->spacing || c->xs.max_solutions != XCC_UNLIMITED))
        rep_die(PROG_BAD_INPUT, "--checkpoint with %s on DLX5's search (costs) does not go with"
                " %s: the solutions handed out depend on the threads' timing (the k best"
                " costs do not)", c->xs.threads > 1 ? "-j" : "--shard",
                c->spacing ? "a listing (m<n>, --format=json)" : "t<n>");
    /* SSXCC's threads and shards hand out the solutions as they find them */
    if (e == &xcc_cells_threads && (c->spacing || c->xs.max_solutions != XCC_UNLIMITED))
        rep_die(PROG_BAD_INPUT, "--checkpoint with %s on SSXCC's tree does not go with %s yet:"
                " the threads hand out the solutions as they find them",
                c->xs.threads > 1 ? "-j" : "--shard",
                c->spacing ? "a listing (m<n>, --format=json)" : "t<n>");
    if (e != &xcc_twin_engine && e != &xcc_links_engine && e != &xcc_mcc_twin_engine
        && e != &xcc_mcc_links_engine && e != &xcc_cost_engine && e != &xcc_cost_links_engine
        && e != &xcc_cells_engine
        && !((e == &xcc_fast_engine || e == &xcc_zdd_engine || e == &xcc_mcc_zdd_engine)
             && c->count_only)
        && !tasks)
        rep_die(PROG_BAD_INPUT, "--checkpoint does not go with the %s engine yet", e->name);
    if (!ck.resuming)
        return;
    if (ck.k.shard != c->xs.shard || ck.k.shards != c->xs.shards)
        refuse("corrupted (its shard is not its arguments' --shard)");
    if (ck.k.ntasks && !tasks)
        refuse("corrupted (tasks of threads or shards in a search of one thread)");
    if (ck.k.level && tasks)
        refuse("corrupted (a walk's position in a search of threads or shards)");
    /* DLX5's search at the root, as a run writes it at its start (no k best yet): from the
       start again */
    if (costs && !ck.k.level && !ck.k.ntasks && !ck.k.nbest && !ck.k.nodes && !ck.k.solutions)
        return;
    for (size_t i = 0; i < ck.k.ntasks; i++)
        ck.done_before += ck.k.done[i] != 0;
    ck.pos = (xcc_position){.level = ck.k.level, .maxl = ck.k.maxl, .choice = ck.k.choice,
                            .profile = ck.k.nprofile ? ck.k.profile : NULL,
                            .thresh = ck.k.thresh, .nbest = ck.k.nbest, .best = ck.k.best,
                            .thresh0 = ck.k.thresh0, .thresh1 = ck.k.thresh1,
                            .ntasks = ck.k.ntasks, .plan = ck.k.plan, .done = ck.k.done};
    xcc_figs *f = &ck.pos.fig;
    f->solutions = ck.k.solutions, f->nodes = ck.k.nodes, f->updates = ck.k.updates;
    f->cleansings = ck.k.cleansings, f->mems = ck.k.mems, f->lmems = ck.k.lmems;
    f->cmems = ck.k.cmems, f->maxdeg = ck.k.maxdeg;
    if (!costs && ck.k.nbest)
        refuse("corrupted (best costs in a checkpoint of a search without costs)");
    ck.pos.maxsave = ck.k.maxsave; /* SSXCC's tree, by one thread or by tasks */
    if (e == &xcc_cells_engine) { /* its walk checks the path as it makes it again */
        ck.pos.nitems = ck.k.nitems, ck.pos.nsets = ck.k.nsets;
        ck.pos.items = ck.k.items, ck.pos.sets = ck.k.sets;
        ((cli *)c)->k.resume = &ck.pos;
        return;
    }
    if (ck.k.nitems || ck.k.nsets || (ck.k.maxsave && e != &xcc_cells_threads))
        refuse("corrupted (the order of SSXCC's sets in a checkpoint of another search)");
    const char *why = costs ? xcc_cost_position_fits(p, &c->xs, &ck.pos)
                      : mcc ? xcc_mcc_position_fits(p, &ck.pos)
                            : xcc_position_fits(p, &ck.pos);
    if (why) {
        char msg[200];
        snprintf(msg, sizeof msg, "corrupted (not a position of this problem's search: %s)", why);
        refuse(msg);
    }
    ((cli *)c)->k.resume = &ck.pos;
}

/* ---- --output and the input --------------------------------------------------- */

void cli_open_output(const cli *c)
{
    char b[REP_SHOWN_SIZE];
    if (!c->output)
        return;
    const char *name = rep_shown(c->output, 200, b);
    int fd = ck.resuming ? open(c->output, O_WRONLY)
                         : open(c->output, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        rep_die(PROG_WRITE_ERROR, "%s: cannot open for writing: %s", name, strerror(errno));
    if (ck.resuming) {
        struct stat st;
        if (fstat(fd, &st))
            rep_die(PROG_WRITE_ERROR, "%s: %s", name, strerror(errno));
        if (st.st_size < ck.k.output)
            rep_die(PROG_BAD_INPUT, "%s: %lld bytes, fewer than the %lld the checkpoint had"
                    " written there: not the output of its run", name, (long long)st.st_size,
                    ck.k.output);
        if (ftruncate(fd, (off_t)ck.k.output) || lseek(fd, 0, SEEK_END) < 0)
            rep_die(PROG_WRITE_ERROR, "%s: cannot cut it back: %s", name, strerror(errno));
    }
    if (fflush(stdout) || dup2(fd, 1) < 0)
        rep_die(PROG_WRITE_ERROR, "%s: %s", name, strerror(errno));
    close(fd);
}

FILE *cli_checkpoint_input(const cli *c, const char **name, char shown[REP_SHOWN_SIZE])
{
    FILE *in;
    if (ck.resuming) {
        *name = c->file && strcmp(c->file, "-") ? rep_shown(c->file, 200, shown) : "<stdin>";
        ck.text = ck.k.problem, ck.len = ck.k.problem_len;
    } else {
        in = cli_open_input(c, name, shown);
        if (!c->checkpoint)
            return in;
        size_t cap = 0, got;
        do {
            if (ck.len + 65536 > cap) {
                char *t = realloc(ck.text, cap = 2 * cap + 65536);
                if (!t)
                    rep_die(PROG_NO_MEMORY, "out of memory%s", cli_memory_note());
                ck.text = t;
            }
            got = fread(ck.text + ck.len, 1, cap - ck.len, in);
            ck.len += got;
        } while (got);
        if (ferror(in))
            rep_die(PROG_BAD_INPUT, "%s: cannot read: %s", *name, strerror(errno));
        if (in != stdin)
            fclose(in);
    }
    in = fmemopen(ck.len ? ck.text : (char *)"\n", ck.len ? ck.len : 1, "r");
    if (!in)
        rep_die(PROG_NO_MEMORY, "out of memory");
    return in;
}

/* ---- writing a checkpoint ------------------------------------------------------ */

static double elapsed(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - ck.start.tv_sec) + 1e-9 * (double)(now.tv_nsec - ck.start.tv_nsec);
}

/* Writes all of buf to fd; 0, or the errno. */
static int write_all(int fd, const char *buf, size_t n)
{
    while (n) {
        ssize_t w = write(fd, buf, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : EIO;
        buf += w, n -= (size_t)w;
    }
    return 0;
}

/* The directory of path, fsynced so that the rename stays. */
static void sync_dir(const char *path)
{
    char *dir = strdup(path);
    if (!dir)
        return;
    char *slash = strrchr(dir, '/');
    const char *d = slash ? (slash == dir ? "/" : (*slash = 0, dir)) : ".";
    int fd = open(d, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* The checkpoint of pos, atomically; 0, or the errno of what failed. */
static int save(const xcc_position *pos)
{
    const cli *c = ck.c;
    cli_ckpt k = {.version = DLX2_VERSION, .nargs = ck.nargs, .args = ck.args,
                  .problem = ck.text, .problem_len = ck.len, .output = -1,
                  .seconds = ck.before + elapsed(), .level = pos->level, .maxl = pos->maxl,
                  .choice = (int *)pos->choice, .solutions = pos->fig.solutions,
                  .nodes = pos->fig.nodes, .updates = pos->fig.updates,
                  .cleansings = pos->fig.cleansings, .mems = pos->fig.mems,
                  .lmems = pos->fig.lmems, .cmems = pos->fig.cmems, .thresh = pos->thresh,
                  .maxdeg = pos->fig.maxdeg, .nprofile = pos->profile ? pos->maxl + 2 : 0,
                  .profile = (unsigned long long *)pos->profile, .nbest = pos->nbest,
                  .best = (unsigned long long *)pos->best,
                  .thresh0 = (unsigned long long *)pos->thresh0,
                  .thresh1 = (unsigned long long *)pos->thresh1, .ntasks = pos->ntasks,
                  .plan = pos->plan, .done = (unsigned char *)pos->done,
                  .shard = c->xs.shard, .shards = c->xs.shards, .nitems = pos->nitems,
                  .nsets = pos->nsets, .items = (int *)pos->items, .sets = (int *)pos->sets,
                  .maxsave = pos->maxsave};
    if (c->output) { /* what the listing holds so far, on the disk first */
        int err = rep_flush(stdout);
        if (err)
            return err;
        off_t at = lseek(1, 0, SEEK_CUR);
        if (at < 0 || fsync(1))
            return errno;
        k.output = (long long)at;
    }
    char *text, *tmp = malloc(strlen(c->checkpoint) + 8);
    size_t n;
    if (!tmp || cli_ckpt_text(&k, &text, &n)) {
        free(tmp);
        return ENOMEM;
    }
    strcpy(tmp, c->checkpoint);
    strcat(tmp, ".XXXXXX");
    int fd = mkstemp(tmp), err = fd < 0 ? errno : 0;
    if (!err)
        err = write_all(fd, text, n);
    if (!err && fsync(fd))
        err = errno;
    if (fd >= 0 && close(fd) && !err)
        err = errno;
    if (!err && rename(tmp, c->checkpoint))
        err = errno;
    if (err && fd >= 0)
        unlink(tmp);
    if (!err)
        sync_dir(c->checkpoint);
    free(tmp);
    free(text);
    return err;
}

static void save_or_say(const xcc_position *pos)
{
    int err = save(pos);
    if (err) {
        char b[REP_SHOWN_SIZE];
        fprintf(stderr, "dlx2: cannot write the checkpoint %s: %s\n",
                rep_shown(ck.c->checkpoint, 200, b), strerror(err));
    }
    ck.written |= !err;
}

/* The tasks pos has done (-j, --shard). */
static size_t tasks_done(const xcc_position *pos)
{
    size_t n = 0;
    for (size_t i = 0; i < pos->ntasks; i++)
        n += pos->done[i] != 0;
    return n;
}

/* The sink's checkpoint: the walk saw the flag set, by the timer or a stop. */
static int on_checkpoint(void *ctx, const xcc_position *pos)
{
    (void)ctx;
    /* --time-limit with -j or --shard: a run that has not done a task yet
       (cutting the tree took its time) goes on until it has, so that the
       runs of a loop of --resume get on (a signal stops it at once) */
    if (pos->ntasks && *ck.alarm && !*ck.stop_signal && tasks_done(pos) <= ck.done_before)
        return 0; /* the flag stays set: asked again soon */
    *ck.stop_flag = 0; /* first: a signal from now on sets it again */
    int stopping = *ck.stop_signal || *ck.alarm;
    if (stopping)
        *ck.stop_flag = 1;
    if (!pos->unwritable)
        save_or_say(pos);
    else if (!ck.unwritable_said) { /* the last one written stays */
        char b[REP_SHOWN_SIZE];
        fprintf(stderr, "dlx2: no more checkpoints written to %s: %s\n",
                rep_shown(ck.c->checkpoint, 200, b), pos->unwritable);
        ck.unwritable_said = 1;
    }
    return stopping;
}

static void on_timer(int sig)
{
    (void)sig;
    *ck.stop_flag = 1;
}

void cli_checkpoint_start(const cli *c, xcc_sink *sink, atomic_int *stop_flag,
                          atomic_int *stop_signal, atomic_int *alarm)
{
    if (!c->checkpoint)
        return;
    ck.c = c, ck.stop_flag = stop_flag, ck.stop_signal = stop_signal, ck.alarm = alarm;
    /* the arguments but the problem's FILE: its text is there, the file need not be (and
       a name such as m5.dlx is read as a FILE only when there is one) */
    int kept = 0;
    for (int i = 0; i < ck.nargs; i++) {
        int file = 0;
        for (int j = 0; j < c->nfiles; j++)
            file |= ck.args[i] == c->files[j];
        if (!file)
            ck.args[kept++] = ck.args[i];
    }
    ck.nargs = kept;
    clock_gettime(CLOCK_MONOTONIC, &ck.start);
    sink->checkpoint = on_checkpoint;
    if (!ck.resuming) { /* the root, so that a run stopped at once can go on too */
        xcc_position root = {.thresh = c->k.delta};
        save_or_say(&root);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_timer;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR2, &sa, NULL);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGUSR2;
    if (timer_create(CLOCK_MONOTONIC, &ev, &ck.timer))
        rep_die(PROG_WRITE_ERROR, "--checkpoint: cannot make a timer: %s", strerror(errno));
    ck.timer_made = 1;
    struct itimerspec its;
    double every = c->checkpoint_every;
    its.it_value.tv_sec = (time_t)every;
    its.it_value.tv_nsec = (long)((every - (double)(time_t)every) * 1e9);
    if (!its.it_value.tv_sec && !its.it_value.tv_nsec)
        its.it_value.tv_nsec = 1;
    its.it_interval = its.it_value;
    timer_settime(ck.timer, 0, &its, NULL);
}

double cli_checkpoint_end(const cli *c, xcc_status s, const xcc_figs *fig)
{
    if (!c->checkpoint)
        return 0;
    if (ck.resuming && s == XCC_REFUSED) /* a path the engine's walk does not take */
        refuse(ck.k.ntasks ? "corrupted (its tasks are not those of this search's plan)"
                           : "corrupted (not a position of this engine's search)");
    if (ck.timer_made)
        timer_delete(ck.timer);
    ck.timer_made = 0;
    /* a run that ended by itself (not by a signal or --time-limit) needs it no more */
    if (fig->stop != XCC_STOP_INTERRUPT)
        unlink(c->checkpoint);
    return ck.before;
}
