/*
 * fast/fast.c — the second engine (dlx2 --engine=fast): the same
 * solutions as Algorithm C, found with bit sets and counters instead of
 * dancing links.
 *
 * The idea. Two options are compatible when they share no primary item
 * and every secondary item they share carries the same color in both (an
 * uncolored secondary item is shared with nobody). A solution is a set of
 * pairwise compatible options that covers every primary item; that is all
 * XCC asks. So the engine keeps, per search state, the set L of options
 * still compatible with every choice so far, as a bit set, and for each
 * primary item the number of options of L that contain it. Choosing an
 * option o turns L into L & compat[o] (one AND per 64 options), and every
 * option that falls out lowers the counters of its primary items. Colors
 * and purification cost nothing more: they are inside compat[o].
 *
 * Data layout: the tables of bits/bits.h (options, compat, item masks and
 * lists), built once from an xcc_problem, which stays unchanged; compat
 * whole when it is small (FAST_WHOLE_TABLE_BYTES), else factored: then
 * the row of o is made word by word from the rows of o's items, and only
 * for the words of L that hold a live option; and
 *
 *   states    one per level of the search: L (W words, of which only
 *             words lo .. hi-1 are meaningful: the others are zero),
 *             cnt[0 .. P8-1] and uncovered, the number of primary items not
 *             yet covered. A covered item's counter (and the padding up to
 *             P8) is COVERED, far above any real count, so the smallest
 *             counter is always that of an uncovered item.
 *
 * The search is copy-on-descend: the child of a state is written into the
 * next state slot, so going back up costs nothing. The last option tried
 * at a node (and the only one, in a forced move) overwrites the node's
 * own slot instead, because the node is not needed after it.
 *
 * Choice rule: an uncovered primary item with the fewest options left,
 * the first such in item order; an item with one option left is taken at
 * once. A counter reaching zero while an option's consequences are
 * applied ends that branch on the spot. When only one primary item is
 * left, each of its options completes a solution, so they are counted
 * (or listed) without making a child; an option that covers all that is
 * left is a solution at once. When only counting, the last levels are
 * counted from the bit sets alone, with a memo (fast/count.c); and when
 * counting all the solutions of a problem of at most 512 options, the
 * kernels of fast/kernel.c search instead (fast_solve).
 *
 * Figures: nodes are the states in which an item was chosen to branch on;
 * updates are the options that fell out of L. Neither is comparable with
 * DLX2's nodes and updates, and no mems are counted.
 */
#include "fast/fast.h"
#include "engine.h"
#include "knobs.h"
#include "base/text.h"
#include "base/alloc.h"
#include "base/sanity.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Problems whose tables would pass this are refused (out of memory). */
#define FAST_MAX_TABLE_BYTES (1ULL << 30)

/*
 * The table of compatible options (bits/bits.h) is made whole when it
 * takes at most this, else factored: a row of o computed word by word
 * from the rows of o's items (and colors) when o is chosen. Whole, a
 * choice reads one row; factored, one per item of the option, but the
 * table grows as options x (items + colors) instead of options^2. 8 MB
 * is 8,192 options: every instance of the hard tier but the word
 * rectangle (14,000 options, 24.5 MB whole, 1.2 MB factored) keeps the
 * whole table and its speed, and a run of -c stays within DLX2's memory
 * + 8 MB (#27 target 3; bench/NOTES.md has the measures).
 */
#define FAST_WHOLE_TABLE_BYTES (8ULL << 20)

/* Whether p's table of compatible options is made whole (knob: xcc_dlx2.fast_table). */
static int whole_table(const xcc_problem *p, int knob)
{
    size_t n = (size_t)p->options, W = (n + 63) / 64;
    return knob ? knob > 0 : n * W * sizeof(word) <= FAST_WHOLE_TABLE_BYTES;
}

/* What fast_init builds for p, roughly. */
static size_t table_bytes(const xcc_problem *p, int knob)
{
    return whole_table(p, knob) ? xcc_bits_table_bytes(p) : xcc_bits_factored_bytes(p);
}

/* The engine's state for one search. */
typedef struct fast {
    const xcc_problem *p;
    const xcc_sink *sink;
    xcc_u128 maxcount;                  /* t<n> (xcc_limit) */
    atomic_int *interrupt;   /* polled once per node, or NULL */
    ullng progress_nodes, next_progress; /* a progress report every so many nodes */
    /* figures */
    xcc_u128 count;
    ullng nodes, updates;
    xcc_stop stop;
    xcc_status status;  /* XCC_NO_MEMORY when the states or levels could not grow */
    size_t bytes;       /* tables; after the search, with its states and memo */
    int level, maxl;
    /* the solution just found: choice_node[0 .. sol_len-1] are nodes of
       its options (each that of the item branched on), the k-th of d */
    int sol_len;
    int *choice_node, *choice_k, *choice_d;
    xcc_choice *path;   /* the same as records, for the sink */
    int choices_cap;
    struct xcc_fast_data *d;
    const xcc_position *resume; /* xcc_dlx2.resume: where it goes on from, or NULL */
    /* the top of the tree for -j (xcc_fast_walk_top): a node of level
       split_depth (-1: none) is handed to task, its path in task_path */
    int split_depth;
    xcc_fast_task_fn task;
    void *task_ctx;
    int *task_path;
    int deepest;        /* the tasks' deepest level, from the root */
    size_t kernel_bytes; /* the most a task's kernel took besides the tables */
} fast;

/* Hands solution f->count, of f->sol_len levels, to the sink; nonzero: stop. */
static int hand_out(fast *f);

/* What each level remembers about the branch it is exploring. */
typedef struct fast_frame {
    int item;            /* the primary item branched on */
    int pos;             /* next place to look in its list */
    int k, d;            /* trying the k-th of d options */
    int slot;            /* state slot of the node */
    /* when only counting: where the node's count goes in the memo (or
       NULL), its key, and the count when the node was entered */
    word *memo_at;
    xcc_u128 count_before;
    ullng nodes_before;
    int nu;
    word key[MEMO_WORDS];
} fast_frame;

static void free_data(struct xcc_fast_data *d)
{
    if (!d)
        return;
    if (!d->borrowed)
        xcc_bits_free(&d->b);
    free(d->frames);
    xcc_area_free(&d->memo_area);
    xcc_wides_free(&d->wides);
    for (int i = 0; i < d->states_cap; i++)
        free(d->states[i].live), free(d->states[i].cnt);
    free(d->states);
    free(d);
}

/*
 * Makes state slot k exist (the rare part of reserve_state). Each slot
 * holds a whole counter array, so a deep tree over many items could eat
 * the machine: past STATE_BYTES the search stops as out of memory.
 */
#define STATE_BYTES (1ULL << 30)

static size_t state_bytes(const struct xcc_fast_data *d)
{
    return (size_t)d->b.W * sizeof(word) + (size_t)d->b.P8 * sizeof(int);
}

static int grow_states(struct xcc_fast_data *d, int k)
{
    if ((ullng)(k + 1) * state_bytes(d) > STATE_BYTES)
        return 3;
    if (k >= d->states_cap) {
        int cap = d->states_cap ? 2 * d->states_cap : 16;
        while (cap <= k)
            cap *= 2;
        fast_state *st = realloc(d->states, (size_t)cap * sizeof *st);
        if (!st)
            return 3;
        d->states = st;
        memset(st + d->states_cap, 0, (size_t)(cap - d->states_cap) * sizeof *st);
        d->states_cap = cap;
    }
    fast_state *s = &d->states[k];
    s->live = malloc((size_t)d->b.W * sizeof(word));
    s->cnt = malloc((size_t)d->b.P8 * sizeof(int));
    if (!s->live || !s->cnt) {
        free(s->live), free(s->cnt);
        s->live = NULL, s->cnt = NULL;
        return 3;
    }
    return 0;
}

static inline int reserve_state(struct xcc_fast_data *d, int k)
{
    if (k < d->states_cap && d->states[k].live)
        return 0;
    return grow_states(d, k);
}

static int fast_init(fast *f, const xcc_problem *p, int knob)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    f->maxcount = ~(xcc_u128)0;
    if (table_bytes(p, knob) > FAST_MAX_TABLE_BYTES)
        return 3;
    struct xcc_fast_data *d = calloc(1, sizeof *d);
    if (!d)
        return 3;
    f->d = d;
    f->split_depth = -1;
    if (xcc_bits_build(&d->b, p, whole_table(p, knob) ? BITS_WHOLE : BITS_FACTORED)
        || reserve_state(d, 0)) {
        free_data(d);
        f->d = NULL;
        return 3;
    }
    f->bytes = d->b.table_bytes;
    return 0;
}

/*
 * The root state: every option live, every list full. Made at the start
 * of each search, since a search overwrites it (a node's last option
 * reuses the node's slot), so that the same state can search again.
 */
static void make_root(struct xcc_fast_data *d)
{
    fast_state *root = &d->states[0];
    memset(root->live, 0, (size_t)d->b.W * sizeof(word));
    for (int o = 0; o < d->b.n; o++)
        root->live[o / 64] |= (word)1 << (o % 64);
    root->lo = 0, root->hi = d->b.W;
    for (int i = 0; i < d->b.P8; i++)
        root->cnt[i] = i < d->b.P ? d->b.lstart[i + 2] - d->b.lstart[i + 1] : COVERED;
    root->uncovered = d->b.P;
}

static void fast_free(fast *f)
{
    free_data(f->d);
    free(f->choice_node), free(f->choice_k), free(f->choice_d), free(f->path);
    free(f->task_path);
    memset(f, 0, sizeof *f);
}

/*
 * Writes into dst the state after choosing option o in src (dst may be
 * src). Returns 0 when some uncovered item is left without options.
 */
static int apply(const struct xcc_fast_data *d, const fast_state *src, fast_state *dst, int o,
                 ullng *updates)
{
    const word *row = d->b.compat ? d->b.compat + (size_t)o * (size_t)d->b.W : NULL;
    const int *pstart = d->b.pstart, *prim = d->b.prim;
    int *cnt = dst->cnt;
    if (dst != src)
        memcpy(cnt, src->cnt, (size_t)d->b.P8 * sizeof(int));
    for (int k = pstart[o]; k < pstart[o + 1]; k++)
        cnt[prim[k]] = COVERED;
    dst->uncovered = src->uncovered - (pstart[o + 1] - pstart[o]);
    int lo = src->lo, hi = src->hi, nlo = hi, nhi = lo;
    ullng gone = 0;
    const word *const *rp = d->b.orp ? bits_option_rows(&d->b, o) : NULL;
    int nr = d->b.olen[o];
    for (int w = lo; w < hi; w++) {
        word l = src->live[w], r;
        if (row)
            r = row[w];
        else if (!l) { /* factored: no row word for a word of no live option */
            dst->live[w] = 0;
            continue;
        } else
            r = bits_compat_word(rp, nr, w);
        word keep = l & r, kill = l & ~r;
        dst->live[w] = keep;
        if (keep) {
            if (w < nlo)
                nlo = w;
            nhi = w + 1;
        }
        while (kill) {
            int o2 = w * 64 + __builtin_ctzll(kill);
            kill &= kill - 1;
            gone++;
            for (int k = pstart[o2], e = pstart[o2 + 1]; k < e; k++)
                if (--cnt[prim[k]] == 0) {
                    *updates += gone;
                    return 0;
                }
        }
    }
    *updates += gone;
    if (nlo >= nhi)
        nlo = nhi = 0;
    dst->lo = nlo, dst->hi = nhi;
    return 1;
}

/* Words outside [lo, hi) may hold stale bits from an earlier use. */
static int is_live(const fast_state *s, int o)
{
    int w = o / 64;
    return w >= s->lo && w < s->hi && ((s->live[w] >> (o % 64)) & 1);
}

/* Grows the per-level arrays (the rare part of reserve_choices). */
static int grow_choices(fast *f, int level)
{
    int cap = f->choices_cap ? 2 * f->choices_cap : 64;
    while (cap <= level)
        cap *= 2;
    int *a = realloc(f->choice_node, (size_t)cap * sizeof(int));
    if (a)
        f->choice_node = a;
    int *b = realloc(f->choice_k, (size_t)cap * sizeof(int));
    if (b)
        f->choice_k = b;
    int *c = realloc(f->choice_d, (size_t)cap * sizeof(int));
    if (c)
        f->choice_d = c;
    xcc_choice *pa = realloc(f->path, (size_t)cap * sizeof(xcc_choice));
    if (pa)
        f->path = pa;
    fast_frame *fr = realloc(f->d->frames, (size_t)cap * sizeof *fr);
    if (fr)
        f->d->frames = fr;
    int *tp = realloc(f->task_path, (size_t)cap * sizeof(int));
    if (tp)
        f->task_path = tp;
    if (!a || !b || !c || !pa || !fr || !tp)
        return 3;
    f->choices_cap = cap;
    return 0;
}

static inline int reserve_choices(fast *f, int level)
{
    return level < f->choices_cap ? 0 : grow_choices(f, level);
}

/*
 * Every live option of item i completes a solution (i is the last
 * uncovered item). Counts them, or hands each out; nonzero when the
 * search must end (f->stop says why).
 */
static int finish_leaves(fast *f, const fast_state *s, int item, int d_opts)
{
    struct xcc_fast_data *d = f->d;
    if (!f->sink->solution) {
        xcc_u128 room = f->maxcount - f->count;
        if ((xcc_u128)d_opts >= room) {
            f->count = f->maxcount;
            f->stop = XCC_STOP_COUNT;
            return 1;
        }
        f->count += (ullng)d_opts;
        if (f->count & XCC_WIDE_TOP)
            return f->stop = XCC_STOP_WIDE, 1;
        return 0;
    }
    const bits_entry *e = d->b.list + d->b.lstart[item + 1];
    for (int k = 1; k <= d_opts; e++) {
        if (!is_live(s, e->opt))
            continue;
        f->choice_node[f->level] = e->node;
        f->choice_k[f->level] = k++;
        f->choice_d[f->level] = d_opts;
        f->sol_len = f->level + 1;
        f->count++;
        if (hand_out(f))
            return f->stop = XCC_STOP_CALLBACK, 1;
        if (f->count >= f->maxcount)
            return f->stop = XCC_STOP_COUNT, 1;
    }
    return 0;
}

/*
 * The uncovered item with the fewest options (first on ties). The
 * counters are scanned eight at a time with GCC/Clang vector extensions
 * (plain SSE2 on x86-64), each lane keeping its smallest counter and
 * where it was; the lanes are merged at the end. The counter array is
 * padded with COVERED to a multiple of eight.
 */
typedef int v4i __attribute__((vector_size(16)));

static int choose_item(const int *cnt, int P8, int *best_count)
{
    v4i m0, m1, i0 = {0, 1, 2, 3}, i1 = {4, 5, 6, 7}, a0 = i0, a1 = i1;
    const v4i eight = {8, 8, 8, 8};
    memcpy(&m0, cnt, sizeof m0);
    memcpy(&m1, cnt + 4, sizeof m1);
    for (int i = 8; i < P8; i += 8) {
        v4i c0, c1;
        memcpy(&c0, cnt + i, sizeof c0);
        memcpy(&c1, cnt + i + 4, sizeof c1);
        a0 += eight, a1 += eight;
        v4i l0 = c0 < m0, l1 = c1 < m1; /* -1 where c is smaller, else 0 */
        m0 = (c0 & l0) | (m0 & ~l0);
        m1 = (c1 & l1) | (m1 & ~l1);
        i0 = (a0 & l0) | (i0 & ~l0);
        i1 = (a1 & l1) | (i1 & ~l1);
    }
    int min = m0[0], best = i0[0];
    for (int k = 0; k < 4; k++) {
        if (m0[k] < min || (m0[k] == min && i0[k] < best))
            min = m0[k], best = i0[k];
        if (m1[k] < min || (m1[k] == min && i1[k] < best))
            min = m1[k], best = i1[k];
    }
    *best_count = min;
    return best;
}

/* The uncovered items of s, for xcc_fast_count_small. */
static int uncovered_items(const struct xcc_fast_data *d, const fast_state *s, int *U)
{
    int nu = 0;
    for (int i = 0; i < d->b.P; i++)
        if (s->cnt[i] < COVERED / 2) /* covered ones only come down a little */
            U[nu++] = i;
    return nu;
}

/* A node has tried all its options: its count goes into the memo. */
static inline void node_done(struct xcc_fast_data *d, const fast *f, const fast_frame *fr)
{
    if (fr->memo_at)
        xcc_fast_memo_store(d, fr->memo_at, fr->nu, f->count - fr->count_before,
                   f->nodes - fr->nodes_before, fr->key);
}

/* The tables, the states the search used and the memo. */
static size_t bytes_used(const fast *f)
{
    const struct xcc_fast_data *d = f->d;
    size_t b = d->borrowed ? 0 : d->b.table_bytes;
    for (int k = 0; k < d->states_cap; k++)
        if (d->states[k].live)
            b += state_bytes(d);
    if (d->memo)
        b += (d->memo_mask + 1) * ((size_t)d->b.W + 2) * sizeof(word);
    return b;
}

/* The estimated share of the tree explored. */
static double fast_progress(const fast *f)
{
    double frac = 0.0, fd = 1.0;
    for (int l = 0; l < f->level; l++) {
        fd *= f->choice_d[l];
        frac += (f->choice_k[l] - 1) / fd;
    }
    return frac + 0.5 / fd;
}

/* The path choice_node[0 .. levels-1] as records. */
static void fill_path(fast *f, int levels)
{
    for (int l = 0; l < levels; l++) {
        int q = f->choice_node[l], o = xcc_option_of(f->p, q);
        f->path[l] = (xcc_choice){o, q - f->p->opt_node[o], f->choice_k[l], f->choice_d[l]};
    }
}

static int hand_out(fast *f)
{
    const xcc_sink *k = f->sink;
    if (!xcc_sink_wants(k, f->count))
        return 0;
    fill_path(f, f->sol_len);
    xcc_solution sol = xcc_solution_at(f->count, f->sol_len, f->path, 0);
    return k->solution(f->p, &sol, k->ctx);
}

static void report_progress(fast *f)
{
    f->next_progress = f->nodes + f->progress_nodes;
    fill_path(f, f->level);
    xcc_progress pr = {.solutions = f->count, .nodes = f->nodes, .level = f->level,
                       .maxl = f->maxl, .path = f->path, .fraction = fast_progress(f)};
    f->sink->progress(f->sink->ctx, &pr);
}

/* A progress report of the kernels (fast/kernel.c): their path, its entries made places. */
static void kernel_progress(void *ctx, xcc_choice *path, int levels, xcc_u128 count, ullng nodes)
{
    fast *f = ctx;
    for (int l = 0; l < levels; l++)
        path[l].entry -= f->p->opt_node[path[l].option];
    xcc_progress pr = {.solutions = count, .nodes = nodes, .level = levels, .maxl = levels,
                       .path = path, .fraction = xcc_path_fraction(path, levels)};
    f->sink->progress(f->sink->ctx, &pr);
}

#ifdef XCC_SANITY
/* A state: every uncovered item's counter is the number of its live
   options, and they are as many as uncovered says. */
static void fast_sanity(const fast *f, const fast_state *s)
{
    const xcc_bits *b = &f->d->b;
    int uncovered = 0;
    for (int i = 0; i < b->P8; i++) {
        if (s->cnt[i] >= COVERED / 2) /* covered ones only come down a little */
            continue;
        if (i >= b->P)
            xcc_insane("fast", f->nodes, "padding counter %d is %d", i, s->cnt[i]);
        const word *mk = bits_item_mask(b, i + 1);
        int n = 0;
        for (int w = s->lo; w < s->hi; w++)
            n += __builtin_popcountll(s->live[w] & mk[w]);
        if (n != s->cnt[i])
            xcc_insane("fast", f->nodes, "item %d has %d live options, its counter says %d",
                       i + 1, n, s->cnt[i]);
        uncovered++;
    }
    if (uncovered != s->uncovered)
        xcc_insane("fast", f->nodes, "%d items uncovered, the state says %d", uncovered,
                   s->uncovered);
}
#endif

/*
 * The search is a loop over four steps, each of which says which comes
 * next: at a node (a solution, or counted from the bit sets or the memo,
 * or choose the item to branch on), the next option of the node's item,
 * backing up to a node with options left, and the end.
 */
enum step { AT_NODE, NEXT_OPTION, BACK_UP, END };

/* Solution f->count + 1 was found; then is the step that follows. */
static enum step solution_found(fast *f, enum step then)
{
    f->count++;
    if (f->sink->solution && hand_out(f))
        return f->stop = XCC_STOP_CALLBACK, END;
    if (f->count >= f->maxcount)
        return f->stop = XCC_STOP_COUNT, END;
    return then;
}

/* k more solutions found below a node without walking them. */
static enum step counted(fast *f, xcc_u128 k)
{
    if (k >= f->maxcount - f->count) {
        f->count = f->maxcount;
        return f->stop = XCC_STOP_COUNT, END;
    }
    f->count += k;
    if (f->count & XCC_WIDE_TOP)
        return f->stop = XCC_STOP_WIDE, END;
    return BACK_UP;
}

/* The count below state s from the memo, if it is there; else notes
   where it will go. */
static int remembered(fast *f, const fast_state *s, fast_frame *fr, xcc_u128 *k)
{
    struct xcc_fast_data *d = f->d;
    word *at = xcc_fast_memo_slot(d, s->live + s->lo, s->lo, s->hi, s->uncovered, fr->key);
    if (xcc_fast_memo_get(d, at, s->uncovered, fr->key, d->b.W, k))
        return 1;
    fr->memo_at = at, fr->nu = s->uncovered, fr->count_before = f->count;
    fr->nodes_before = f->nodes;
    return 0;
}

/* The interrupt flag is set at a node not yet counted: a checkpoint (sink.h); nonzero: stop. */
static int checkpoint(fast *f)
{
    if (!f->sink->checkpoint)
        return 1;
    xcc_position pos = {.level = f->level, .maxl = f->maxl, .choice = f->choice_node};
    pos.fig.solutions = f->count, pos.fig.nodes = f->nodes, pos.fig.updates = f->updates;
    return f->sink->checkpoint(f->sink->ctx, &pos);
}

/* A node of the split's depth: its path goes to the tasks, not walked here. */
static enum step hand_task(fast *f)
{
    f->nodes--; /* the task's walk counts it */
    for (int l = 0; l < f->level; l++)
        f->task_path[l] = f->d->b.list[f->d->frames[l].pos - 1].opt;
    if (f->task(f->task_ctx, f->task_path, f->level))
        return f->status = XCC_NO_MEMORY, END;
    return BACK_UP;
}

static enum step at_node(fast *f, int slot)
{
    struct xcc_fast_data *d = f->d;
    fast_state *s = &d->states[slot];
    if (f->interrupt && *f->interrupt && checkpoint(f))
        return f->stop = XCC_STOP_INTERRUPT, END;
    if (s->uncovered == 0) { /* the last option covered several items */
        f->sol_len = f->level;
        return solution_found(f, BACK_UP);
    }
    f->nodes++;
#ifdef XCC_SANITY
    if (xcc_sanity_due(f->nodes, (ullng)f->d->b.P8 * (ullng)(s->hi - s->lo + 1)))
        fast_sanity(f, s);
#endif
    if (f->progress_nodes && f->nodes >= f->next_progress)
        report_progress(f);
    if (f->level == f->split_depth && s->uncovered >= 2)
        return hand_task(f);
    int counting = !f->sink->solution;
    if (counting && s->uncovered * (s->hi - s->lo) <= SMALL_WORDS
        && f->level > f->split_depth) { /* the top of -j's split branches as far as the split */
        int U[SMALL_WORDS];
        int nu = uncovered_items(d, s, U);
        f->nodes--; /* xcc_fast_count_small counts its own */
        xcc_fast_start_memo(d);
        return counted(f, xcc_fast_count_small(d, s->live + s->lo, s->lo, s->hi, U, nu,
                                               &f->nodes));
    }
    int n_opts, item = choose_item(s->cnt, d->b.P8, &n_opts);
    if (s->uncovered == 1)
        return finish_leaves(f, s, item, n_opts) ? END : BACK_UP;
    fast_frame *fr = &d->frames[f->level];
    fr->memo_at = NULL;
    xcc_u128 k;
    if (d->memo && counting && s->uncovered >= 3 && remembered(f, s, fr, &k)) {
        f->nodes--; /* not branched on after all */
        return counted(f, k);
    }
    fr->item = item, fr->pos = d->b.lstart[item + 1], fr->k = 0, fr->d = n_opts, fr->slot = slot;
    return NEXT_OPTION;
}

/* Tries the node's next option; *slot gets the child's state. */
static enum step next_option(fast *f, int *slot)
{
    struct xcc_fast_data *d = f->d;
    int child = d->frames[f->level].slot + 1;
    if (reserve_state(d, child) || reserve_choices(f, f->level + 1))
        return f->status = XCC_NO_MEMORY, END;
    fast_frame *fr = &d->frames[f->level];
    const fast_state *s = &d->states[fr->slot];
    const bits_entry *e = d->b.list + fr->pos;
    while (!is_live(s, e->opt))
        e++;
    fr->pos = (int)(e - d->b.list) + 1;
    fr->k++;
    f->choice_node[f->level] = e->node;
    f->choice_k[f->level] = fr->k;
    f->choice_d[f->level] = fr->d;
    if (d->b.pstart[e->opt + 1] - d->b.pstart[e->opt] == s->uncovered) {
        /* it covers all that is left: a solution, no child needed */
        f->sol_len = f->level + 1;
        if (solution_found(f, NEXT_OPTION) == END)
            return END;
    } else {
        if (fr->k == fr->d)
            child = fr->slot; /* the node is not needed after its last child */
        if (apply(d, s, &d->states[child], e->opt, &f->updates)) {
            if (++f->level > f->maxl)
                f->maxl = f->level;
            *slot = child;
            return AT_NODE;
        }
    }
    if (fr->k < fr->d)
        return NEXT_OPTION;
    node_done(d, f, fr);
    return BACK_UP;
}

/* Up to the nearest node with options left, finishing those passed. */
static enum step back_up(fast *f)
{
    struct xcc_fast_data *d = f->d;
    while (f->level > 0) {
        fast_frame *fr = &d->frames[--f->level];
        if (fr->k < fr->d)
            return NEXT_OPTION;
        node_done(d, f, fr);
    }
    return END;
}

/*
 * Going on from a checkpoint's position (fast's own): its path made
 * again from the root, each level's frame as the walk left it, its
 * figures; *slot the state of the node it is at. A path this walk does
 * not take is refused (XCC_REFUSED).
 */
static enum step replay(fast *f, const xcc_position *pos, int *slot)
{
    struct xcc_fast_data *d = f->d;
    ullng scratch = 0;
    int at = 0;
    f->count = pos->fig.solutions, f->nodes = (ullng)pos->fig.nodes;
    f->updates = (ullng)pos->fig.updates;
    if (reserve_choices(f, pos->level) || reserve_choices(f, pos->maxl))
        return f->status = XCC_NO_MEMORY, END;
    for (int l = 0; l < pos->level; l++) {
        const fast_state *s = &d->states[at];
        int n, item = choose_item(s->cnt, d->b.P8, &n), k = 0, child;
        const bits_entry *e = d->b.list + d->b.lstart[item + 1], *end = d->b.list + d->b.lstart[item + 2];
        if (s->uncovered < 2 || n < 1 || n >= COVERED / 2
            || (!f->sink->solution && s->uncovered * (s->hi - s->lo) <= SMALL_WORDS))
            return f->status = XCC_REFUSED, END;
        for (; e < end; e++)
            if (is_live(s, e->opt) && (++k, e->node == pos->choice[l]))
                break;
        if (e == end)
            return f->status = XCC_REFUSED, END;
        fast_frame *fr = &d->frames[l];
        *fr = (fast_frame){.item = item, .pos = (int)(e - d->b.list) + 1, .k = k, .d = n, .slot = at};
        f->choice_node[l] = e->node, f->choice_k[l] = k, f->choice_d[l] = n;
        child = k == n ? at : at + 1;
        if (reserve_state(d, child))
            return f->status = XCC_NO_MEMORY, END;
        if (!apply(d, s, &d->states[child], e->opt, &scratch))
            return f->status = XCC_REFUSED, END;
        at = child;
    }
    f->level = pos->level, f->maxl = pos->maxl;
    *slot = at;
    return AT_NODE;
}

/* The root, and whether there is anything to search below it. */
static enum step start(fast *f)
{
    struct xcc_fast_data *d = f->d;
    f->level = 0;
    f->stop = XCC_COMPLETE;
    make_root(d);
    if (d->b.P == 0 || d->b.n == 0)
        return END; /* as DLX2: no option with a primary item, nothing to list */
    for (int i = 0; i < d->b.P; i++)
        if (d->states[0].cnt[i] == 0)
            return END;
    if (!f->sink->solution)
        xcc_fast_start_memo(d);
    return AT_NODE;
}

/* The walk's loop, from step next at the node in slot, to its end. */
static xcc_status steps(fast *f, enum step next, int slot)
{
    while (next != END) {
        if (next == AT_NODE)
            next = at_node(f, slot);
        else if (next == NEXT_OPTION)
            next = next_option(f, &slot);
        else
            next = back_up(f);
    }
    return f->status;
}

static xcc_status search(fast *f)
{
    if (reserve_choices(f, 0))
        return XCC_NO_MEMORY;
    int slot = 0;
    enum step next = start(f);
    if (next == AT_NODE && f->resume)
        next = replay(f, f->resume, &slot);
    return steps(f, next, slot);
}

/* ---- walks for threads (parallel/fast.c) --------------------------------- */

static const xcc_sink no_sink; /* they only count */

xcc_fast_walk *xcc_fast_walk_new(const xcc_problem *p, const xcc_fast_walk *from, int walks,
                                 atomic_int *interrupt)
{
    fast *f = malloc(sizeof *f);
    if (!f)
        return NULL;
    if (!from) {
        if (fast_init(f, p, 0)) {
            free(f);
            return NULL;
        }
    } else {
        memset(f, 0, sizeof *f);
        f->p = p;
        f->maxcount = ~(xcc_u128)0;
        struct xcc_fast_data *d = calloc(1, sizeof *d);
        if (!d) {
            free(f);
            return NULL;
        }
        f->d = d;
        d->b = from->d->b, d->borrowed = 1;
            if (reserve_state(d, 0)) {
            fast_free(f);
            free(f);
            return NULL;
        }
    }
    f->d->memo_shares = walks;
    f->sink = &no_sink;
    f->interrupt = interrupt;
    f->split_depth = -1;
    f->stop = XCC_COMPLETE;
    return f;
}

void xcc_fast_walk_free(xcc_fast_walk *f)
{
    if (f) {
        fast_free(f);
        free(f);
    }
}

int xcc_fast_walk_items(const xcc_fast_walk *f)
{
    return f->d->b.P;
}

xcc_status xcc_fast_walk_top(xcc_fast_walk *f, int depth, xcc_fast_task_fn fn, void *ctx)
{
    struct xcc_fast_data *d = f->d;
    word *memo = d->memo;
    int tried = d->memo_tried;
    f->count = 0, f->nodes = 0, f->updates = 0, f->maxl = 0, f->deepest = 0;
    f->status = XCC_OK;
    f->split_depth = depth, f->task = fn, f->task_ctx = ctx;
    /* a node above the split has not all its count here: not for the memo */
    d->memo = NULL, d->memo_tried = 1;
    xcc_status s = search(f);
    d->memo = memo, d->memo_tried = tried;
    f->split_depth = -1;
    f->deepest = f->maxl;
    return s;
}

/* The tasks' steps: the walk's loop from the node in slot. */
static xcc_status search_from(fast *f, int slot)
{
    return steps(f, AT_NODE, slot);
}

xcc_status xcc_fast_walk_task(xcc_fast_walk *f, const int *path, int len)
{
    struct xcc_fast_data *d = f->d;
    ullng ups = 0;
    if (reserve_choices(f, len))
        return XCC_NO_MEMORY;
    make_root(d);
    for (int l = 0; l < len; l++) /* the task's state, in the root's slot */
        if (!apply(d, &d->states[0], &d->states[0], path[l], &ups))
            return XCC_REFUSED; /* not a path the top handed out */
    f->stop = XCC_COMPLETE;
    if (xcc_fast_kernel_takes(d)) {
        xcc_fast_kernel_figs kf;
        if (xcc_fast_kernel_count(d, &d->states[0], f->interrupt, NULL, &kf))
            return XCC_NO_MEMORY;
        f->nodes += kf.nodes, f->updates += kf.updates, f->stop = kf.stop;
        if (kf.bytes > f->kernel_bytes)
            f->kernel_bytes = kf.bytes;
        if (len + kf.maxl > f->deepest)
            f->deepest = len + kf.maxl;
        if (kf.count >= XCC_WIDE_TOP - f->count)
            f->count = XCC_WIDE_TOP, f->stop = XCC_STOP_WIDE;
        else
            f->count += kf.count;
        return XCC_OK;
    }
    f->level = 0, f->maxl = 0;
    xcc_status s = search_from(f, 0);
    if (len + f->maxl > f->deepest)
        f->deepest = len + f->maxl;
    return s;
}

void xcc_fast_walk_figs(const xcc_fast_walk *f, xcc_fast_kernel_figs *fig)
{
    fig->count = f->count, fig->nodes = f->nodes, fig->updates = f->updates;
    fig->bytes = bytes_used(f) + f->kernel_bytes, fig->maxl = f->deepest, fig->stop = f->stop;
}

/* ---- the engine --------------------------------------------------------- */

static const char *fast_refuses(const xcc_problem *p, const xcc_settings *st)
{
    const xcc_dlx2 *k = xcc_knobs(st);
    (void)p;
    if (st->threads > 1)
        return "{the fast engine lists solutions in one thread (threads 1; it counts with"
               " more); engine dlx takes more|--engine=fast does -j only with -c;"
               " use --engine=dlx}";
    if (st->shards > 1)
        return "{the fast engine takes no shard; engine dlx does"
               "|--engine=fast does not do --shard; use --engine=dlx}";
    if (st->randomize)
        return "{the fast engine does not randomize; engine dlx does"
               "|--engine=fast does not do s<n>; use --engine=dlx}";
    if (st->max_mems != XCC_UNLIMITED || (k->asked & XCC_ASKED_MEMS_LIMIT))
        return "{the fast engine counts no mems: no max-mems (time-limit stops it);"
               " engine dlx counts them"
               "|--engine=fast does not do T<n> (it counts no mems; use --time-limit);"
               " use --engine=dlx}";
    if (k->asked & XCC_ASKED_DELTA)
        return "--engine=fast does not do d<n> (it counts no mems; use -p); use --engine=dlx";
    if (k->want_shape)
        return "--engine=fast does not do S<file>; use --engine=dlx";
    if (k->vbose & ~(XCC_SHOW_BASICS | XCC_SHOW_TOTS | XCC_SHOW_WARNINGS))
        return "--engine=fast does not do v2, v4, v128 or v256; use --engine=dlx";
    if (st->accept || st->retract)
        return "{the fast engine takes no pruning hooks; engine links does"
               "|--engine=fast does not do pruning hooks; use --engine=dlx}";
    return NULL;
}

/*
 * What it takes at worst, for choosing it by itself: the compatibility
 * table (whole or factored, as it will be made) and one state per
 * primary item.
 */
static double fast_bytes(const xcc_problem *p)
{
    double n = (double)p->options, P = p->second - 1;
    return (double)table_bytes(p, 0) + (P + 1) * (n / 8 + 4 * P);
}

static xcc_status fast_solve(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                             xcc_figs *fig, xcc_diag *d)
{
    int knob = xcc_knobs(st)->fast_table;
    size_t table = table_bytes(p, knob);
    fast f;
    if (table > FAST_MAX_TABLE_BYTES)
        return xcc_diag_set(d, XCC_NO_MEMORY, "--engine=fast would need %zu MB of tables for %llu"
                            " options (at most %llu MB); use --engine=dlx", table >> 20,
                            p->options, FAST_MAX_TABLE_BYTES >> 20);
    if (fast_init(&f, p, knob))
        return xcc_diag_set(d, XCC_NO_MEMORY, "out of memory building the tables of --engine=fast"
                            " (%zu bytes for %llu options)", table, p->options);
    f.sink = sink;
    f.maxcount = xcc_limit(st->max_solutions);
    f.interrupt = st->interrupt;
    f.resume = xcc_knobs(st)->resume;
    f.progress_nodes = f.next_progress = sink->progress ? xcc_knobs(st)->progress_nodes : 0;
    xcc_status status;
    xcc_fast_kernel_figs kf;
    if (!sink->solution && f.maxcount == ~(xcc_u128)0 && xcc_fast_kernel_takes(f.d)) {
        /* counting all: the kernels of fast/kernel.c */
        xcc_fast_report rp = {f.progress_nodes, kernel_progress, &f};
        xcc_fast_start_memo(f.d);
        status = xcc_fast_kernel_count(f.d, NULL, f.interrupt, &rp, &kf) ? XCC_NO_MEMORY : XCC_OK;
        f.count = kf.count, f.nodes = kf.nodes, f.updates = kf.updates;
        f.maxl = kf.maxl, f.stop = kf.stop;
        f.bytes = bytes_used(&f) + kf.bytes;
    } else {
        status = search(&f);
        f.bytes = bytes_used(&f);
    }
    fig->solutions = f.count;
    fig->updates = f.updates;
    fig->nodes = f.nodes;
    fig->bytes = f.bytes;
    fig->level = f.level;
    fig->maxl = f.maxl;
    fig->stop = f.stop;
    fast_free(&f);
    return status;
}

const xcc_engine xcc_fast_engine = {"fast", fast_refuses, fast_solve, fast_bytes};
