/*
 * engine.h — the engine interface of libxcc: an engine, the table of
 * engines users can name (engines.c), and choosing and running one.
 */
#ifndef XCC_ENGINE_H
#define XCC_ENGINE_H

#include "xcc.h"
#include "sink.h"

/*
 * An engine. refuses says why it cannot run these settings on this
 * problem (p NULL: on any problem), or NULL; solve searches, handing
 * solutions and progress to the sink, and fills fig (zeroed by the
 * caller). The problem comes back as it was.
 */
typedef struct xcc_engine {
    const char *name;
    const char *(*refuses)(const xcc_problem *p, const xcc_settings *st);
    xcc_status (*solve)(xcc_problem *p, const xcc_settings *st, const xcc_sink *sink,
                        xcc_figs *fig, xcc_diag *d);
    /* what its tables would take for p, for choosing by itself; NULL: little */
    double (*bytes)(const xcc_problem *p);
} xcc_engine;

/* The engines (engines.c has the table of those users can name). */
extern const xcc_engine xcc_links_engine;       /* links/dlx2.c: DLX2's tree, dancing links */
extern const xcc_engine xcc_twin_engine;        /* twin/dlx2.c: the same with bit sets */
extern const xcc_engine xcc_threads_twin;       /* parallel/dlx2.c: threads and shards, twins */
extern const xcc_engine xcc_threads_links;      /* the same, dancing */
extern const xcc_engine xcc_cells_engine;       /* cells/ssxcc.c: SSXCC's tree, dancing cells */
extern const xcc_engine xcc_cells_threads;      /* parallel/cells.c: SSXCC's tree in threads, shards */
extern const xcc_engine xcc_mcc_links_engine;   /* links/dlx3.c: DLX3's tree, dancing */
extern const xcc_engine xcc_mcc_twin_engine;    /* twin/dlx3.c: with bit sets */
extern const xcc_engine xcc_mcc_threads_twin;   /* parallel/dlx3.c: threads and shards, twins */
extern const xcc_engine xcc_mcc_threads_links;  /* the same, dancing */
extern const xcc_engine xcc_cost_links_engine;  /* links/dlx5.c: DLX5's tree, dancing */
extern const xcc_engine xcc_cost_engine;        /* twin/dlx5_make.c: with bit sets when it can */
extern const xcc_engine xcc_cost_threads;       /* parallel/dlx5.c: threads and shards, twins */
extern const xcc_engine xcc_cost_threads_links; /* the same, dancing */
extern const xcc_engine xcc_fast_engine;        /* fast/fast.c: another tree */
extern const xcc_engine xcc_fast_threads;       /* parallel/fast.c: its count in threads */
extern const xcc_engine xcc_zdd_engine;         /* zdd/dlx2.c: each subproblem once, as a ZDD */
extern const xcc_engine xcc_zdd_threads;        /* parallel/zdd.c: its count in threads */
extern const xcc_engine xcc_zdd_links_engine;   /* links/dlx6.c: DLX6's search, every figure */
extern const xcc_engine xcc_mcc_zdd_engine;     /* zdd/dlx3.c: the same on DLX3's tree */

/*
 * The engines users can name, and how each is chosen (engines.c). A
 * row tries its engines in order and runs the first that does not
 * refuse; when all refuse, the first refusal is the answer. A row with
 * auto_bytes is what "auto" picks when only counting, if it does not
 * refuse, its tables stay under auto_bytes and auto_pays says it is
 * likely the faster for the problem (xcc_fast_pays, xcc_zdd_pays); such
 * rows are asked from the last up, the narrower rule first. A problem with
 * multiplicities, or any problem when DLX3's tree is asked for
 * (xcc_dlx2.knuth), takes the engines of mcc instead (tree/dlx3.h).
 */
typedef struct xcc_engine_row {
    const char *name;
    const char *help;              /* for dlx2 --help */
    const xcc_engine *tries[4];    /* NULL-terminated */
    double auto_bytes;
    int (*auto_pays)(const xcc_problem *p);
    const xcc_engine *mcc[4];      /* the same for DLX3's tree; none: plain XCC only */
} xcc_engine_row;

/*
 * Whether the fast engine likely beats DLX2's tree with bit sets on p,
 * from its shape alone (engines.c has the rule, doc/engines.md explains
 * it and bench/NOTES.md has the measures behind it).
 */
int xcc_fast_pays(const xcc_problem *p);
/* The same for the zdd engine against both (engines.c): -c asks it first. */
int xcc_zdd_pays(const xcc_problem *p);

/* Whether p (NULL: any problem) is searched with DLX3's tree under st. */
int xcc_wants_mcc(const xcc_problem *p, const xcc_settings *st);

extern const xcc_engine_row xcc_engine_rows[];  /* ends with a row of NULL name */

/* Not a row but the library's choice among them when counting (xcc.h). */
#define XCC_ENGINE_AUTO "auto"

/* The row named name (NULL: the default, the table's first row), or NULL. */
const xcc_engine_row *xcc_engine_row_named(const char *name);

/* Whether row r runs engine e, for DLX2's tree or DLX3's. */
int xcc_engine_row_runs(const xcc_engine_row *r, const xcc_engine *e);

/*
 * The first row that runs e (for DLX2's tree or DLX3's), or NULL: how
 * the library and dlx2 find the row of the zdd engine, of DLX5's search
 * or SSXCC's, without spelling its name.
 */
const xcc_engine_row *xcc_engine_row_of(const xcc_engine *e);

/*
 * The names of the table's rows for messages, "dlx, links, ... or cells",
 * then also as the last (NULL: none), "..., cells or auto", into out (n
 * bytes); out.
 */
char *xcc_engine_names(char *out, size_t n, const char *also);

/*
 * The engine that runs st on p (p NULL: the settings alone; then "auto"
 * answers NULL without a refusal). counting: no solution is wanted.
 * NULL with *why set when every engine of the row refuses.
 */
const xcc_engine *xcc_engine_choose(const xcc_problem *p, const xcc_settings *st, int counting,
                                    const xcc_engine_row **row, const char **why);

/* Runs e; fig is zeroed first, and gets the reading's imems and the time. */
xcc_status xcc_engine_run(const xcc_engine *e, xcc_problem *p, const xcc_settings *st,
                          const xcc_sink *sink, xcc_figs *fig, xcc_diag *d);

/*
 * The same for a search that only counts ("auto", dlx2 -c): a count that
 * reached the limit of e (XCC_STOP_WIDE) is made again by the zdd engine
 * when it takes the problem, and *row is then its row.
 */
xcc_status xcc_engine_run_counting(const xcc_engine *e, xcc_problem *p, const xcc_settings *st,
                                   const xcc_sink *sink, xcc_figs *fig, xcc_diag *d,
                                   const xcc_engine_row **row);

#endif
