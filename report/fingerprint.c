/*
 * fingerprint.c — the problem's fingerprint (rep_fingerprint), which the
 * line of --shard, -c's line of a shard and the JSON summary of a shard
 * name: a file of its own, since those three call it and report.c calls
 * the other two (no cycle of calls between files, tests/e2e/layout.sh).
 */
#include "report.h"

#include <string.h>

/*
 * The fingerprint: FNV-1a (64 bits) of the problem's items and kept
 * options written out plainly ("A B | X\nA X:1\n..."). It does not
 * depend on how the file was laid out, nor on s<n> (which only links the
 * options into their lists in another order).
 */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t fnv1a_string(uint64_t h, const char *s)
{
    return fnv1a(h, s, strlen(s));
}

uint64_t rep_fingerprint(const xcc_problem *p)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int items = xcc_problem_items(p), primary = xcc_problem_primary_items(p);
    int options = xcc_problem_options(p), costs = xcc_problem_has_costs(p);
    for (int i = 0; i < items; i++) {
        if (i == primary)
            h = fnv1a(h, "| ", 2);
        h = fnv1a_string(h, xcc_item_name(p, i));
        h = fnv1a(h, " ", 1);
    }
    h = fnv1a(h, "\n", 1);
    for (int o = 0; o < options; o++) {
        for (int k = 0, n = xcc_option_size(p, o); k < n; k++) {
            const char *color = xcc_option_color(p, o, k);
            h = fnv1a_string(h, xcc_item_name(p, xcc_option_item(p, o, k)));
            if (color) {
                h = fnv1a(h, ":", 1);
                h = fnv1a_string(h, color);
            }
            h = fnv1a(h, " ", 1);
        }
        if (costs) { /* and only then: "|C" */
            char c[32];
            h = fnv1a(h, c, (size_t)snprintf(c, sizeof c, "|%llu", xcc_option_cost(p, o)));
        }
        h = fnv1a(h, "\n", 1);
    }
    return h;
}
