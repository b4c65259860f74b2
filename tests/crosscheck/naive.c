/*
 * naive.c — an obviously correct XCC counter, to check dlx2 against.
 *
 * usage: naive < problem.dlx      prints the number of solutions
 *        naive FILE...             one count per file, one per line
 *
 * Written apart from the engine on purpose: its own reader (whitespace-
 * separated tokens, the first non-comment line naming the items), and
 * plain backtracking over a matrix: find the first primary item not yet
 * covered, try each option that contains it and agrees with everything
 * chosen so far, recurse. Agreement is checked directly from the
 * definition: a primary item at most once; a secondary item either in
 * one option without color, or in any number of options that all give
 * it the same color. Each solution is a set of options, found once,
 * because the branch item determines which option covers it.
 *
 * Slow (no links, no heuristics) and small limits; fine for the random
 * instances of tests/e2e/crosscheck.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXI 64
#define MAXO 4096

static char names[MAXI][64];
static int nitems, nprimary;
static int opt[MAXO][MAXI]; /* 0 absent, -1 uncolored, c > 0 color c */
static int nopts;
static char colors[64][64];
static int ncolors;

static int used[MAXI];      /* how many chosen options contain item i */
static int color_of[MAXI];  /* the color they give it (-1 = uncolored) */
static unsigned long long count;

static int item_index(const char *s)
{
    for (int i = 0; i < nitems; i++)
        if (!strcmp(names[i], s))
            return i;
    fprintf(stderr, "naive: unknown item %s\n", s);
    exit(2);
}

static int color_index(const char *s)
{
    for (int c = 1; c <= ncolors; c++)
        if (!strcmp(colors[c], s))
            return c;
    strcpy(colors[++ncolors], s);
    return ncolors;
}

static int fits(int o)
{
    for (int i = 0; i < nitems; i++) {
        int v = opt[o][i];
        if (!v || !used[i])
            continue;
        if (i < nprimary || v < 0 || color_of[i] != v)
            return 0;
    }
    return 1;
}

static void take(int o, int sign)
{
    for (int i = 0; i < nitems; i++)
        if (opt[o][i]) {
            used[i] += sign;
            color_of[i] = opt[o][i];
        }
}

static void search(void)
{
    int branch = -1;
    for (int i = 0; i < nprimary; i++)
        if (!used[i]) {
            branch = i;
            break;
        }
    if (branch < 0) {
        count++;
        return;
    }
    for (int o = 0; o < nopts; o++)
        if (opt[o][branch] && fits(o)) {
            take(o, +1);
            search();
            take(o, -1);
        }
}

/* Reads one problem and prints its number of solutions. */
static void count_file(FILE *in)
{
    char line[8192];
    int have_items = 0;
    memset(opt, 0, sizeof opt);
    memset(used, 0, sizeof used);
    nitems = nprimary = nopts = ncolors = 0;
    count = 0;
    while (fgets(line, sizeof line, in)) {
        char *tok = strtok(line, " \t\r\n");
        if (!tok || tok[0] == '|')
            continue;
        if (!have_items) {
            have_items = 1;
            nprimary = -1;
            for (; tok; tok = strtok(NULL, " \t\r\n")) {
                if (!strcmp(tok, "|")) {
                    nprimary = nitems;
                    continue;
                }
                strcpy(names[nitems++], tok);
            }
            if (nprimary < 0)
                nprimary = nitems;
            continue;
        }
        for (; tok; tok = strtok(NULL, " \t\r\n")) {
            char *colon = strchr(tok, ':');
            int c = -1;
            if (colon) {
                *colon = '\0';
                c = color_index(colon + 1);
            }
            opt[nopts][item_index(tok)] = c;
        }
        nopts++;
    }
    search();
    printf("%llu\n", count);
}

int main(int argc, char **argv)
{
    if (argc == 1)
        count_file(stdin);
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            perror(argv[i]);
            return 2;
        }
        count_file(f);
        fclose(f);
    }
    return 0;
}
