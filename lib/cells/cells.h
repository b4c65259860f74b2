/*
 * cells/cells.h — dancing cells: the search tree of Knuth's SSXCC, walked
 * on sparse sets instead of doubly linked lists, with every figure of its
 * report (mems, updates, nodes, bytes, ccost) counted as SSXCC counts it.
 *
 * The engine (xcc_cells_engine, engine.h; a row of the table in
 * engines.c) hands out its solutions, progress and traces through the
 * sink as the other engines do; its figures say knuth = XCC_KNUTH_SSXCC,
 * so that the report writes SSXCC's lines (its row of report/formats.c).
 * Nothing outside cells/ includes this.
 */
#ifndef XCC_CELLS_H
#define XCC_CELLS_H

#include "engine.h"
#include "knobs.h"
#include "problem/problem.h"
#include "problem/print.h"
#include "base/gbrand.h"
#include "base/sanity.h"

#endif
