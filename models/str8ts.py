"""Str8ts as a 0/1 program over one-hot values of the white cells.

Data: size n, the white cells W, white givens g(r,c), and b(L,v) = how many black clues in
line L (a row or a column) show the digit v; the compartments (maximal runs of white
cells), each named by its first and last cell (r1,c1,r2,c2), of length len.
Variables: x(r,c,v) in {0,1} for white (r,c) and v in 1..n; x(r,c,v) = 1 iff the cell
holds v.  For every compartment of length >= 2, start(r1,c1,r2,c2,s) in {0,1} for
s in 1..n-len+1: the compartment holds s..s+len-1.  Black cells have no variables.

    cell_one_value(r,c):     sum_v x(r,c,v) = 1                          for white (r,c)
    row_at_most_once(r,v):   sum_{c : (r,c) in W} x(r,c,v) <= 1 - b(row r, v)
    col_at_most_once(c,v):   sum_{r : (r,c) in W} x(r,c,v) <= 1 - b(column c, v)
    given(r,c):              x(r,c,g(r,c)) = 1                            for white givens
    straight_start(k):       sum_s start(k,s) = 1                         for each compartment k
    straight_value(k,v):     sum_{(r,c) in k} x(r,c,v) - sum_{s <= v <= s+len-1} start(k,s) = 0

Black clues are folded into the right-hand side of the line rows: a digit shown in black in
a line may not appear in that line's white cells (rhs 0), and two black clues with one
digit in a line make the rhs negative, so such a puzzle gets an infeasible model.  (When
that line has no white cell at all the row is empty, ``0 <= -1``; it is kept, because
dropping it would turn a contradictory puzzle into a solvable model.)  A line row that
cannot be violated (no more terms than its rhs) is left out, and so is every compartment
of length 1 (one cell is always a straight).  The straight
linearisation and the proof that it is exact are in ``globals/straight.py``; it also keeps
the values inside a compartment all different.  There is no objective.

Global structure: each white cell is an integer view (``globals/one_hot.py``) and the
white cells of each line an ``all_different`` whose decomposition is the line's rows with
right side 1 (CP-SAT builds it natively, ``--globals``); the straights stay rows.

No-good cut for a solution s: ``exclude(s): sum_{(r,c) in W} x(r,c,s(r,c)) <= |W| - 1``;
with the cell rows it removes exactly the one grid s (the start binaries are fixed by x).
"""

from __future__ import annotations

from typing import Sequence

from futomip.linear import Formulation, LinearModel, Var
from futomip.puzzles.str8ts import Cell, Grid, Str8ts, compartments

from .globals import one_hot_cell, straight, straight_starts

ENCODINGS = ("start",)


def column_estimate(puzzle: Str8ts) -> int:
    """Binary columns of the unreduced model, at most (the memory guard reads this before building)."""
    return 2 * puzzle.size ** 3


def formulate(puzzle: Str8ts, encoding: str = "start") -> Formulation:
    """Build the model of ``puzzle``."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}")
    n = puzzle.size
    values = range(1, n + 1)
    whites = puzzle.white_cells()
    model = LinearModel(name=f"str8ts_{n}x{n}")
    x = model.binaries("x", ((r + 1, c + 1, v) for r, c in whites for v in values))
    # cell[(r, c)] maps a value to its column; 1-based keys keep LP names as in the docstring.
    cell = {(r, c): {v: x[r + 1, c + 1, v] for v in values} for r, c in whites}

    view = {(r, c): one_hot_cell(model, "cell_one_value", (r + 1, c + 1), cell[r, c]) for r, c in whites}
    for i in range(n):
        _at_most_once(model, "row_at_most_once", i, [(i, c) for c in range(n)], puzzle, cell, view)
        _at_most_once(model, "col_at_most_once", i, [(r, i) for r in range(n)], puzzle, cell, view)
    for (r, c), v in puzzle.given_cells():
        model.add("given", (r + 1, c + 1), [(cell[r, c][v], 1.0)], "==", 1)

    runs = [run for run in compartments(puzzle) if len(run) > 1]
    start = model.binaries(
        "start", (_run_key(run) + (s,) for run in runs for s in straight_starts(len(run), n))
    )
    for run in runs:
        key = _run_key(run)
        starts = {s: start[key + (s,)] for s in straight_starts(len(run), n)}
        straight(model, key, [cell[c] for c in run], starts, n)

    def decode(solution: Sequence[float]) -> Grid:
        # Taking the largest value reads a binary that the solver left within its tolerance.
        return tuple(
            tuple(
                0 if puzzle.black[r][c] else max(values, key=lambda v: solution[cell[r, c][v]])
                for c in range(n)
            )
            for r in range(n)
        )

    def exclude(grid: Grid):
        terms = [(cell[r, c][grid[r][c]], 1.0) for r, c in whites]
        return terms, "<=", len(whites) - 1

    return Formulation(model, decode, exclude, encoding)


def _run_key(run: tuple[Cell, ...]) -> tuple[int, int, int, int]:
    """A compartment's name: its first and last cell, 1-based."""
    (r1, c1), (r2, c2) = run[0], run[-1]
    return (r1 + 1, c1 + 1, r2 + 1, c2 + 1)


def _at_most_once(
    model: LinearModel,
    family: str,
    index: int,
    line: list[Cell],
    puzzle: Str8ts,
    cell: dict[Cell, dict[int, Var]],
    view: dict[Cell, int],
) -> None:
    """``family(index+1, v)`` for each value v, with the line's black clues folded into the rhs.

    The rows with right side 1 are recorded as the decomposition of ``all_different`` over
    the line's white cells; those with a smaller right side (a digit shown in black) say
    more than that and stay rows in every form."""
    shown = [puzzle.givens[r][c] for r, c in line if puzzle.black[r][c] and puzzle.givens[r][c]]
    white = [cell[rc] for rc in line if rc in cell]
    rows = []
    for v in range(1, puzzle.size + 1):
        terms = [(values[v], 1.0) for values in white]
        rhs = 1 - shown.count(v)
        if len(terms) > rhs:
            model.add(family, (index + 1, v), terms, "<=", rhs)
            if rhs == 1:
                rows.append(len(model.constraints) - 1)
    if len(white) > 1:
        model.add_global("all_different", [view[rc] for rc in line if rc in view], rows)
