/*
 * randxcc.c — random XCC instances for cross-checking dlx2.
 *
 * usage: randxcc [FLAGS] SEED [PRIMARY SECONDARY OPTIONS COLORS]
 *        randxcc [FLAGS] --many DIR FROM TO [PRIMARY SECONDARY OPTIONS COLORS]
 *        randxcc --chain N     a problem whose one solution has N options
 *        randxcc --big ENTRIES  about ENTRIES entries, answered at once
 *
 * FLAGS add Knuth's extensions of the format:
 *   --mcc    bounds a:b|name (DLX3) on about half of the primary items:
 *            b| with b > 1, 0:b|, a:b| with a < b, and a:a| spelled out
 *   --cost   cost entries |n (DLX5) at the end of most options: none,
 *            one or several, mostly 0..9, sometimes up to 99
 *   --knuth  one-character colors, as Knuth's programs want them
 *   --xc     no colors at all (an exact cover problem, as DLX1 reads):
 *            the secondary items that would have a color go without
 * The flags draw from a generator of their own, so a seed gives the same
 * items and options with or without them (only the colors' names change
 * with --knuth, and go with --xc); without flags the output is what it
 * always was.
 *
 * The second form writes seeds FROM..TO as DIR/SEED.dlx in one go (the
 * tests make a thousand instances, and one process is much faster than a
 * thousand).
 *
 * Writes a problem with the given numbers of primary and secondary items
 * and options (defaults drawn from the seed: up to 7 primary, 5 secondary,
 * 24 options, 3 colors). Options pick items at random; a secondary item
 * gets a color with probability 2/3. Some options have no primary item
 * (dlx2 must drop them), and comment lines, blank lines and odd spacing
 * are mixed in, so the reader is exercised too. Color names are sometimes
 * longer than one character.
 *
 * It has its own tiny generator (xorshift) so that a seed means the same
 * instance everywhere; nothing here is shared with the engine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* state draws the problem; ext_state draws the extensions' additions */
static unsigned long long state, ext_state;

static unsigned draw(unsigned long long *s, unsigned n)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (unsigned)((*s >> 11) % n);
}

static unsigned rnd(unsigned n) { return draw(&state, n); }
static unsigned ext_rnd(unsigned n) { return draw(&ext_state, n); }

static const char *color_names[] = {"a", "b", "red", "c", "blue", "d"};
static const char *knuth_color_names[] = {"a", "b", "r", "c", "u", "d"};

/* the flags: which extensions to write (see the top of the file) */
static int with_mcc, with_cost, knuth_colors, no_colors;

/* A bound prefix for a primary item, or nothing (half of the time). */
static void write_bound(FILE *out)
{
    if (!with_mcc || ext_rnd(2))
        return;
    unsigned a, b;
    switch (ext_rnd(4)) {
    case 0: /* b|, b > 1 */
        fprintf(out, "%u|", 2 + ext_rnd(2));
        return;
    case 1: /* 0:b| */
        b = 1 + ext_rnd(3);
        fprintf(out, "0:%u|", b);
        return;
    case 2: /* a:b|, 0 < a < b */
        a = 1 + ext_rnd(2);
        b = a + 1 + ext_rnd(2);
        fprintf(out, "%u:%u|", a, b);
        return;
    default: /* a:a| */
        a = 1 + ext_rnd(2);
        fprintf(out, "%u:%u|", a, a);
    }
}

/* The cost entries of one option: none a quarter of the time, else 1 to 3. */
static void write_costs(FILE *out)
{
    if (!with_cost)
        return;
    for (unsigned k = ext_rnd(4); k; k--)
        fprintf(out, " |%u", ext_rnd(8) ? ext_rnd(10) : ext_rnd(100));
}

/* Writes the instance of one seed; sizes < 0 are drawn from the seed. */
static void write_instance(FILE *out, unsigned long long seed, int np, int ns, int no, int nc)
{
    state = seed * 2654435761ULL + 88172645463325252ULL;
    ext_state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (int i = 0; i < 10; i++)
        rnd(2), ext_rnd(2);
    if (np < 0) {
        np = 1 + (int)rnd(7);
        ns = (int)rnd(6);
        no = 1 + (int)rnd(24);
        nc = 1 + (int)rnd(3);
    }
    fprintf(out, "| randxcc %s%s%s%s%llu\n", with_mcc ? "--mcc " : "", with_cost ? "--cost " : "",
            knuth_colors ? "--knuth " : "", no_colors ? "--xc " : "", seed);
    const char **colors = knuth_colors ? knuth_color_names : color_names;
    for (int i = 0; i < np; i++) {
        fprintf(out, "%s", i ? (rnd(4) ? " " : " \t ") : "");
        write_bound(out);
        fprintf(out, "p%d", i);
    }
    if (ns) {
        fprintf(out, " |");
        for (int i = 0; i < ns; i++)
            fprintf(out, " s%d", i);
    }
    fprintf(out, "\n");
    int *used = calloc((size_t)(np + ns), sizeof(int));
    for (int o = 0; o < no; o++) {
        if (!rnd(8))
            fprintf(out, rnd(2) ? "| comment %d\n" : "\n", o);
        int want = 1 + (int)rnd(4), printed = 0;
        int primary_ok = rnd(10) != 0; /* one in ten: secondaries only */
        for (int i = 0; i < np + ns; i++)
            used[i] = 0;
        for (int k = 0; k < want * 2 && printed < want; k++) {
            int i = (int)rnd((unsigned)(np + ns));
            if (used[i] || (i < np && !primary_ok) || (i >= np && !ns))
                continue;
            used[i] = 1;
            if (printed++)
                fprintf(out, rnd(5) ? " " : "  ");
            if (i < np)
                fprintf(out, "p%d", i);
            else if (rnd(3)) {
                const char *c = colors[rnd((unsigned)nc)];
                if (no_colors)
                    fprintf(out, "s%d", i - np);
                else
                    fprintf(out, "s%d:%s", i - np, c);
            }
            else
                fprintf(out, "s%d", i - np);
        }
        if (!printed)
            fprintf(out, "p%d", (int)rnd((unsigned)np));
        write_costs(out);
        fprintf(out, "\n");
    }
    free(used);
}

/*
 * A chain: items c0 .. c(2N-1); options {c(2k), c(2k+1)} make the one
 * solution (N options deep), while options {c(2k+1), c(2k+2)} are decoys
 * that the search must try and reject at every level.
 */
static void write_chain(long n)
{
    printf("| randxcc --chain %ld\n", n);
    for (long i = 0; i < 2 * n; i++)
        printf(i ? " c%ld" : "c%ld", i);
    printf("\n");
    for (long k = 0; k < n; k++) {
        printf("c%ld c%ld\n", 2 * k, 2 * k + 1);
        if (k + 1 < n)
            printf("c%ld c%ld\n", 2 * k + 1, 2 * k + 2);
    }
}

/*
 * Many entries: 1000 primary and 1000 secondary items, options of ten
 * items, one of them colored. The item "none" has no option, so the
 * search ends at its first node: what is measured is reading.
 */
static void write_big(long entries)
{
    printf("| randxcc --big %ld\n", entries);
    for (int i = 0; i < 1000; i++)
        printf("p%d ", i);
    printf("none |");
    for (int i = 0; i < 1000; i++)
        printf(" s%d", i);
    printf("\n");
    state = 12345;
    for (long e = 0; e < entries; e += 10) {
        int base = (int)rnd(991);
        for (int k = 0; k < 9; k++)
            printf("p%d ", base + k);
        printf("s%d:%c\n", (int)rnd(1000), 'a' + (int)rnd(26));
    }
}

static int usage(void)
{
    fprintf(stderr, "usage: randxcc [FLAGS] SEED [PRIMARY SECONDARY OPTIONS COLORS]\n"
                    "       randxcc [FLAGS] --many DIR FROM TO [PRIMARY SECONDARY OPTIONS COLORS]\n"
                    "       randxcc --chain N | --big ENTRIES\n"
                    "FLAGS: --mcc (bounds a:b|name), --cost (costs |n), --knuth (1-character colors),\n"
                    "       --xc (no colors)\n");
    return 2;
}

int main(int argc, char **argv)
{
    for (;;) {
        if (argc > 1 && !strcmp(argv[1], "--mcc"))
            with_mcc = 1;
        else if (argc > 1 && !strcmp(argv[1], "--cost"))
            with_cost = 1;
        else if (argc > 1 && !strcmp(argv[1], "--knuth"))
            knuth_colors = 1;
        else if (argc > 1 && !strcmp(argv[1], "--xc"))
            no_colors = 1;
        else
            break;
        argv++, argc--;
    }
    int flagged = with_mcc || with_cost || knuth_colors || no_colors;
    if (argc == 3 && !strcmp(argv[1], "--chain") && !flagged) {
        write_chain(atol(argv[2]));
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "--big") && !flagged) {
        write_big(atol(argv[2]));
        return 0;
    }
    int many = argc > 1 && !strcmp(argv[1], "--many");
    int first_size = many ? 5 : 2;
    if (argc != first_size && argc != first_size + 4)
        return usage();
    int np = -1, ns = -1, no = -1, nc = -1;
    if (argc == first_size + 4) {
        np = atoi(argv[first_size]);
        ns = atoi(argv[first_size + 1]);
        no = atoi(argv[first_size + 2]);
        nc = atoi(argv[first_size + 3]);
        if (np < 1 || ns < 0 || no < 0 || nc < 1 || nc > 6)
            return usage();
    }
    if (!many) {
        write_instance(stdout, strtoull(argv[1], NULL, 10), np, ns, no, nc);
        return 0;
    }
    unsigned long long from = strtoull(argv[3], NULL, 10), to = strtoull(argv[4], NULL, 10);
    for (unsigned long long seed = from; seed <= to; seed++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%llu.dlx", argv[2], seed);
        FILE *f = fopen(path, "w");
        if (!f) {
            perror(path);
            return 2;
        }
        write_instance(f, seed, np, ns, no, nc);
        fclose(f);
    }
    return 0;
}
