/*
 * fuzz_checkpoint.c — libFuzzer harness for the checkpoint reader of dlx2
 * --resume (cli/ckfile.c) and for going on from a position it holds.
 *
 * Each input is a checkpoint file. It is read; one that is refused must
 * be refused without a crash, a leak or a read past its end. Then it is
 * read again with its checksum made right, so that the fields behind
 * that gate are read too (the fuzzer rarely guesses a checksum). One that is
 * read is written out again and read back, and must come back the same.
 * Then its problem is read; if it is one DLX2's or DLX3's tree searches, the
 * position is checked against it (xcc_position_fits; for DLX3's tree,
 * with bounds, xcc_mcc_position_fits), which must leave the links as
 * read; a position that fits is gone on with by the links and by the
 * twin of its tree, with small limits (200,000 mems, 1,000 solutions),
 * and both must end with the same figures and leave the problem as read.
 * A problem with costs: the position with its k best and thresholds is
 * checked (xcc_cost_position_fits) and gone on with by DLX5's links and
 * twin, which must agree. The tasks of -j or --shard (a plan's
 * fingerprint, the map of tasks done, the shard) are gone on with by two
 * threads over links, which must refuse a plan not theirs or go on.
 * A position of SSXCC's tree, with the order of its sets, is gone on
 * with by the cells (small limits), which must refuse one its walk
 * never reaches or go on, and leave the problem as read.
 *
 * Build and run: make fuzz-checkpoint FUZZ_SECONDS=N (clang with
 * libFuzzer, ASan and UBSan); seeds in tests/fuzz/checkpoints/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "tree/dlx2.h"
#include "tree/dlx3.h"
#include "tree/dlx5.h"
#include "ckfile.h"

/* The two must read the same. */
static void same(const cli_ckpt *a, const cli_ckpt *b)
{
    int ok = a->nargs == b->nargs && a->problem_len == b->problem_len
             && !memcmp(a->problem, b->problem, a->problem_len) && a->output == b->output
             && a->level == b->level && a->maxl == b->maxl && a->solutions == b->solutions
             && a->nodes == b->nodes && a->updates == b->updates && a->cleansings == b->cleansings
             && a->mems == b->mems && a->lmems == b->lmems && a->cmems == b->cmems
             && a->thresh == b->thresh && a->maxdeg == b->maxdeg && a->nprofile == b->nprofile
             && a->ntasks == b->ntasks && a->plan == b->plan && a->shard == b->shard
             && a->shards == b->shards && !memcmp(a->done, b->done, a->ntasks)
             && !strcmp(a->version, b->version) && a->nitems == b->nitems
             && a->nsets == b->nsets && a->maxsave == b->maxsave
             && !memcmp(a->items, b->items, (size_t)a->nitems * sizeof(int))
             && !memcmp(a->sets, b->sets, (size_t)a->nsets * sizeof(int));
    for (int i = 0; ok && i < a->nargs; i++)
        ok = !strcmp(a->args[i], b->args[i]);
    for (int l = 0; ok && l < a->level; l++)
        ok = a->choice[l] == b->choice[l];
    for (int l = 0; ok && l < a->nprofile; l++)
        ok = a->profile[l] == b->profile[l];
    if (!ok) {
        fprintf(stderr, "a checkpoint written out and read back is not the same\n");
        abort();
    }
}

static void check_restored(xcc_problem *p, const xcc_node *nd, const xcc_item *cl)
{
    for (int i = 1; i < p->last_itm; i++)
        p->nd[i].aux = nd[i].aux; /* printing's, not the links' */
    if (memcmp(p->nd, nd, (size_t)(p->last_node + 1) * sizeof *nd)
        || memcmp(p->cl, cl, (size_t)(p->last_itm + 1) * sizeof *cl)) {
        fprintf(stderr, "the problem was left changed\n");
        abort();
    }
}

/* Settings of small limits (200,000 mems, 1,000 solutions), going on from pos (NULL: the root). */
static void small_run(xcc_settings *st, xcc_dlx2 *knobs, const xcc_position *pos)
{
    *knobs = (xcc_dlx2){.show_choices_max = 1000000, .show_choices_gap = 1000000,
                        .show_levels_max = 1000000, .tasks_per_worker = 64, .lenthresh = 10,
                        .zchars = "", .resume = pos};
    xcc_settings_init(st);
    st->max_mems = 200000;
    st->max_solutions = 1000;
    st->dlx2 = knobs;
}

/* The links and the twin (DLX2's or DLX3's, mcc) go on from pos; the same figures. */
static void go_on(xcc_problem *p, const xcc_position *pos, const xcc_node *nd,
                  const xcc_item *cl, int mcc)
{
    const xcc_engine *links = mcc ? &xcc_mcc_links_engine : &xcc_links_engine;
    const xcc_engine *twin = mcc ? &xcc_mcc_twin_engine : &xcc_twin_engine;
    xcc_dlx2 knobs;
    xcc_settings st;
    small_run(&st, &knobs, pos);
    xcc_figs a, b;
    xcc_status sa = xcc_engine_run(links, p, &st, NULL, &a, NULL);
    check_restored(p, nd, cl);
    if (twin->refuses(p, &st)) {
        xcc_figs_free(&a);
        return;
    }
    xcc_status sb = xcc_engine_run(twin, p, &st, NULL, &b, NULL);
    check_restored(p, nd, cl);
    /* the twin checks T<n> at fewer places: compare only searches that ended by themselves */
    if (sa == XCC_OK && sb == XCC_OK && a.stop == XCC_COMPLETE && b.stop == XCC_COMPLETE
        && (a.solutions != b.solutions || a.nodes != b.nodes || a.mems != b.mems
            || a.updates != b.updates || a.cleansings != b.cleansings || a.maxl != b.maxl)) {
        fprintf(stderr, "from a checkpoint, links and twin differ\n");
        abort();
    }
    xcc_figs_free(&a);
    xcc_figs_free(&b);
}

/*
 * DLX5's search (costs): pos with its k best and thresholds checked
 * (xcc_cost_position_fits, which leaves p as it is), then gone on with by
 * the links and by the twin, the same figures and best costs.
 */
static void go_on_costs(xcc_problem *p, const cli_ckpt *k, xcc_position *pos)
{
    xcc_dlx2 knobs;
    xcc_settings st;
    small_run(&st, &knobs, NULL);
    st.best = k->nbest >= 1 && k->nbest <= 64 ? k->nbest : 1;
    pos->nbest = k->nbest, pos->best = k->best;
    pos->thresh0 = k->thresh0, pos->thresh1 = k->thresh1;
    if (xcc_cost_position_fits(p, &st, pos))
        return;
    knobs.resume = pos;
    xcc_figs a, b;
    xcc_status sa = xcc_engine_run(&xcc_cost_links_engine, p, &st, NULL, &a, NULL);
    xcc_status sb = xcc_engine_run(&xcc_cost_engine, p, &st, NULL, &b, NULL);
    if (sa == XCC_OK && sb == XCC_OK && a.stop == XCC_COMPLETE && b.stop == XCC_COMPLETE
        && (a.solutions != b.solutions || a.nodes != b.nodes || a.mems != b.mems
            || a.updates != b.updates || a.ncosts != b.ncosts
            || (a.ncosts && memcmp(a.costs, b.costs, (size_t)a.ncosts * sizeof *a.costs)))) {
        fprintf(stderr, "from a checkpoint, DLX5's links and twin differ\n");
        abort();
    }
    xcc_figs_free(&a);
    xcc_figs_free(&b);
}

static int no_stop(void *ctx, const xcc_position *pos)
{
    (void)ctx, (void)pos;
    return 0;
}

/*
 * The tasks of a checkpoint of -j or --shard, gone on with by two
 * threads over links (small limits): the driver makes its plan again and
 * refuses one not its own (XCC_REFUSED), or walks the tasks not done.
 */
static void go_on_tasks(xcc_problem *p, const cli_ckpt *k, const xcc_node *nd,
                        const xcc_item *cl)
{
    xcc_position pos = {.maxl = k->maxl, .ntasks = k->ntasks, .plan = k->plan, .done = k->done};
    pos.fig.solutions = k->solutions, pos.fig.nodes = k->nodes;
    xcc_dlx2 knobs;
    xcc_settings st;
    small_run(&st, &knobs, &pos);
    st.max_solutions = XCC_UNLIMITED;
    st.threads = 2;
    if (k->shards <= 8)
        st.shard = k->shard, st.shards = k->shards;
    xcc_sink sink = {.checkpoint = no_stop};
    const xcc_engine *e = xcc_has_bounds(p) ? &xcc_mcc_threads_links : &xcc_threads_links;
    if (e->refuses(p, &st))
        return;
    xcc_figs f;
    xcc_engine_run(e, p, &st, &sink, &f, NULL);
    check_restored(p, nd, cl);
    xcc_figs_free(&f);
}

/* SSXCC's walk (cells) goes on from k's position and the order of its sets, or refuses it. */
static void go_on_cells(xcc_problem *p, const cli_ckpt *k, const xcc_node *nd,
                        const xcc_item *cl)
{
    xcc_position pos = {.level = k->level, .maxl = k->maxl, .choice = k->choice,
                        .thresh = k->thresh, .nitems = k->nitems, .nsets = k->nsets,
                        .items = k->items, .sets = k->sets, .maxsave = k->maxsave};
    pos.fig.solutions = k->solutions, pos.fig.nodes = k->nodes;
    pos.fig.mems = k->mems % 1000000;
    xcc_dlx2 knobs;
    xcc_settings st;
    small_run(&st, &knobs, &pos);
    if (xcc_cells_engine.refuses(p, &st))
        return;
    xcc_figs f;
    xcc_engine_run(&xcc_cells_engine, p, &st, NULL, &f, NULL);
    check_restored(p, nd, cl);
    xcc_figs_free(&f);
}

/* The input with its checksum made right (past the gate, the fields are read). */
static char *resummed(const uint8_t *data, size_t size, size_t *n)
{
    size_t keep = size;
    for (size_t i = size; i-- > 0;)
        if (i + 9 <= size && !memcmp(data + i, "checksum ", 9)) {
            keep = i;
            break;
        }
    char *b = malloc(keep + 27);
    if (!b)
        return NULL;
    memcpy(b, data, keep);
    snprintf(b + keep, 27, "checksum %016llx\n", cli_ckpt_hash((const char *)data, keep));
    *n = keep + 26;
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cli_ckpt k, again;
    int refused = cli_ckpt_read((const char *)data, size, &k) != NULL;
    cli_ckpt_free(&k);
    size_t n;
    char *fixed = resummed(data, size, &n);
    if (!fixed)
        return 0;
    refused = cli_ckpt_read(fixed, n, &k) != NULL;
    free(fixed);
    if (refused) {
        cli_ckpt_free(&k);
        return 0;
    }
    char *text;
    if (!cli_ckpt_text(&k, &text, &n)) {
        if (cli_ckpt_read(text, n, &again))
            abort();
        same(&k, &again);
        cli_ckpt_free(&again);
        free(text);
    }
    xcc_problem p;
    xcc_diag d;
    if (xcc_read_text(&p, k.problem, NULL, &d) == XCC_OK) {
        int mcc = xcc_has_bounds(&p);
        if (xcc_has_costs(&p) && !mcc) {
            xcc_position pos = {.level = k.level, .maxl = k.maxl, .choice = k.choice,
                                .thresh = k.thresh};
            pos.fig.solutions = k.solutions, pos.fig.nodes = k.nodes;
            pos.fig.mems = k.mems % 1000000;
            go_on_costs(&p, &k, &pos);
        } else if (!xcc_has_costs(&p)) {
            xcc_node *nd = malloc((size_t)(p.last_node + 1) * sizeof *nd);
            xcc_item *cl = malloc((size_t)(p.last_itm + 1) * sizeof *cl);
            if (nd && cl) {
                memcpy(nd, p.nd, (size_t)(p.last_node + 1) * sizeof *nd);
                memcpy(cl, p.cl, (size_t)(p.last_itm + 1) * sizeof *cl);
                xcc_position pos = {.level = k.level, .maxl = k.maxl, .choice = k.choice,
                                    .profile = NULL, .thresh = k.thresh};
                pos.fig.solutions = k.solutions, pos.fig.nodes = k.nodes;
                pos.fig.mems = k.mems % 1000000; /* within T<n>'s reach, now and then */
                int fits = !(mcc ? xcc_mcc_position_fits(&p, &pos)
                                 : xcc_position_fits(&p, &pos));
                check_restored(&p, nd, cl);
                if (k.nitems && !mcc)
                    go_on_cells(&p, &k, nd, cl);
                else if (k.ntasks)
                    go_on_tasks(&p, &k, nd, cl);
                else if (fits)
                    go_on(&p, &pos, nd, cl, mcc);
            }
            free(nd);
            free(cl);
        }
        xcc_release(&p);
    }
    cli_ckpt_free(&k);
    return 0;
}
