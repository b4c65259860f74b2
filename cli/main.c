/*
 * main.c — dlx2: read the command line, set the memory limit, run the
 * mode it asks for. cli.h says what each file of cli/ does.
 */
#include "cli.h"
#include "verify.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* dlx2 --verify LISTING [FILE] [--count N] [--report FILE] [--allow-repeats] (verify/verify.h). */
static int verify(cli *c)
{
    if ((!c->file || !strcmp(c->file, "-")) && isatty(0))
        fputs("dlx2: --verify reads the problem from standard input, a terminal: type it and"
              " end it with Ctrl-D, or give it as FILE\n", stderr);
    vf_request rq = {c->verify, c->file, cli_given(c, "--count") ? (long long)c->count : -1,
                     c->verify_report, c->allow_repeats, c->quiet};
    int status = vf_run(&rq, "dlx2");
    cli_stdout_lost(0);
    return status;
}

/*
 * The modes: the flag that asks for each, what runs it, how many FILEs
 * it takes, and what it says to an option that is not its own (a format
 * of the option's name). A new mode is a row here, its flag a row of the
 * table of options (options.c) and the modes of the options it takes.
 */
static const cli_mode modes[] = {
    {CLI_SEARCH, NULL, cli_search, 1, "%s does not go with a search"},
    {CLI_ZDD, "--zdd", cli_search, 1, "--zdd lists on stdout: %s does not go with it"},
    {CLI_SAMPLE, "--sample", cli_search, 1,
     "--sample lists on stdout: %s does not go with it"},
    {CLI_MERGE, "--merge", cli_merge, INT_MAX,
     "--merge takes the reports of the parts (FILE...), --format and -q, nothing else"},
    {CLI_VERIFY, "--verify", verify, 1,
     "--verify takes a LISTING, a FILE, --count, --report, --allow-repeats and -q, nothing else"},
    {CLI_PRE, "--preprocess", cli_preprocess, 1, "--preprocess takes v<n>, t<n>, T<n>, d<n> and a FILE, nothing else"},
    {CLI_ZCOUNT, "--zdd-count", cli_zdd_count, 0, "--zdd-count takes a FILE and -q, nothing else"},
    {CLI_SYM, "--symmetry", cli_symmetry, 1,
     "--symmetry takes --format, --time-limit, -q and a FILE, nothing else"},
    {CLI_ESTIMATE, "--estimate", cli_estimate, 1,
     "--estimate takes --probes, --seed, --format, -q and a FILE, nothing else"},
    {0, NULL, NULL, 0, NULL},
};

int main(int argc, char **argv)
{
    cli c;
    signal(SIGPIPE, SIG_IGN); /* a closed stdout shows up as a write error (EPIPE) */
    cli_checkpoint_args(&argc, &argv); /* --resume: the checkpoint's arguments */
    cli_parse(&c, argc, argv, modes);
    cli_apply_memory_limit(&c);
    int status = c.mode->run(&c);
    free(c.files);
    free(c.shape_names);
    return status;
}
