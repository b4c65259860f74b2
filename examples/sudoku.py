#!/usr/bin/env python3
"""A sudoku solved by the Python module xcc: examples/sudoku.py [PUZZLE]

PUZZLE: 81 digits row by row, 0 or . for an empty cell. Each cell, each
row and digit, each column and digit and each box and digit is an item,
covered once; an option places one digit in one cell.
"""
import sys

import xcc

puzzle = sys.argv[1] if len(sys.argv) > 1 else (
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079")
cells = [0 if c == "." else int(c) for c in puzzle]
p = xcc.Problem(primary=["%s%d%d" % (kind, a, b) for kind in "pRCB"
                         for a in range(9) for b in range(9)])
moves = []
for r in range(9):
    for c in range(9):
        for d in range(1, 10):
            if cells[9 * r + c] in (0, d):
                b = 3 * (r // 3) + c // 3
                p.add_option("p%d%d R%d%d C%d%d B%d%d" % (r, c, r, d - 1, c, d - 1, b, d - 1))
                moves.append((r, c, d))
for solution in p.solutions(limit=2):
    for r, c, d in (moves[o] for o in solution):
        cells[9 * r + c] = d
    print("\n".join("".join(map(str, cells[9 * r:9 * r + 9])) for r in range(9)))
print("%s solution%s" % (p.figures["solutions"], "" if p.figures["solutions"] == 1 else "s"))
