/*
 * vf_report.c — what --verify takes from a report of the search, the
 * stderr of the run that wrote a text listing: DLX2's closing line
 * "Altogether N solutions, ..." (dlx2's, or Knuth's DLX2, DLX3, DLX5),
 * and whether a line before it says that the search stopped early. Those
 * lines begin as report/report.c writes them (rep_stop_lines): "TIMEOUT!"
 * (DLX2's, for T<n>), "Search interrupted by ", "Time limit of ", "The
 * figures reached "; a count past what DLX2's walk counts ends with '+'.
 * A listing of one solution per class of solutions (m<n> --up-to-symmetry)
 * says how many classes there were in a line "N classes of solutions,
 * one listed per class, under ..." (or "N class of solutions found
 * before the search stopped, one listed per class, ..."), after the
 * closing line. Every other line (the input line, warnings, progress,
 * DLX5's costs, a shard's line) is passed over.
 */
#include "verify.h"

#include <stdlib.h>
#include <string.h>

static const char *const stop_lines[] = {"TIMEOUT!", "Search interrupted by ", "Time limit of ",
                                         "The figures reached "};

static int bad(vf_error *err, long line, const char *msg)
{
    err->status = 2;
    err->line = line;
    err->col = line ? 1 : 0;
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    return 2;
}

int vf_report_read(vf_report *rep, FILE *in, vf_error *err)
{
    static const char closing[] = "Altogether ";
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    long line = 0;
    int status = 0;
    memset(rep, 0, sizeof *rep);
    while (!status && (got = getline(&buf, &cap, in)) >= 0) {
        line++;
        if (got && buf[got - 1] == '\n')
            buf[--got] = '\0';
        size_t nd = strspn(buf, "0123456789");
        if (nd && nd < sizeof rep->classes && !strncmp(buf + nd, " class", 6)
            && strstr(buf, " of solutions") && strstr(buf, ", one listed per class, ")) {
            if (rep->classes_line) {
                status = bad(err, line, "a second line 'N classes of solutions, one listed per"
                                        " class, ...': the report of one search has one");
                continue;
            }
            memcpy(rep->classes, buf, nd);
            rep->classes[nd] = '\0';
            rep->classes_line = line;
            continue;
        }
        if (strncmp(buf, closing, sizeof closing - 1)) {
            for (size_t k = 0; k < sizeof stop_lines / sizeof *stop_lines && !rep->stop_line; k++)
                if (!strncmp(buf, stop_lines[k], strlen(stop_lines[k]))) {
                    snprintf(rep->stop, sizeof rep->stop, "%s", buf);
                    rep->stop_line = line;
                }
            continue;
        }
        const char *s = buf + sizeof closing - 1;
        size_t d = strspn(s, "0123456789");
        if (rep->line) {
            char msg[200];
            snprintf(msg, sizeof msg, "a second closing line 'Altogether ...' (the first on line"
                     " %ld): the report of one search has one (dlx2 --merge adds up the parts"
                     " of a sharded search)", rep->line);
            status = bad(err, line, msg);
        } else if (!d || d >= sizeof rep->solutions
                   || (strncmp(s + d, " solution", 9) && strncmp(s + d, "+ solution", 10))) {
            status = bad(err, line, "expected 'Altogether N solutions, ...'");
        } else {
            memcpy(rep->solutions, s, d);
            rep->solutions[d] = '\0';
            rep->line = line;
            if (s[d] == '+' && !rep->stop_line) {
                snprintf(rep->stop, sizeof rep->stop, "%s", buf);
                rep->stop_line = line;
            }
        }
    }
    free(buf);
    if (!status && ferror(in))
        status = bad(err, 0, "read error");
    if (!status && !rep->line)
        status = bad(err, 0, "no closing line 'Altogether N solutions, ...': this is not the"
                             " report of a search (dlx2's stderr)");
    return status;
}
