"""Sudoku as a 0/1 program over one-hot cell values, built from the existing globals.

Data: size n = b*b, givens g(r,c) for some cells.
Variables: x(r,c,v) in {0,1} for r, c, v in 1..n; x(r,c,v) = 1 iff cell (r,c) holds v.

    cell_one_value(r,c):   sum_v x(r,c,v) = 1                       for every cell
    row_has_value(r,v):    sum_c x(r,c,v) = 1                       for every row and value
    col_has_value(c,v):    sum_r x(r,c,v) = 1                       for every column and value
    box_has_value(k,v):    sum_{(r,c) in box k} x(r,c,v) = 1        for every box and value
    given(r,c):            x(r,c,g(r,c)) = 1                        for every given cell

(boxes numbered 1..n row-wise).  Rows, columns and boxes are ``all_different_onehot`` in its
permutation form (``globals/all_different.py``): a Latin square with one more family of
groups.  There is no objective.  With domains (``futomip.reduction``) a cell gets columns only
for the values it may still take (``domains.values(r, c)``).  The cells are integer views
and each row, column and box an ``all_different`` global over them, which CP-SAT builds
natively (``--globals``).

No-good cut for a solution s: ``exclude(s): sum_{r,c} x(r,c,s(r,c)) <= n*n - 1``; with the
cell rows it removes exactly the one grid s.
"""

from __future__ import annotations

from typing import Sequence

from futomip.linear import Formulation, LinearModel
from futomip.puzzles.sudoku import Grid, Sudoku, units

from .globals import all_different_onehot, one_hot_cell

ENCODINGS = ("onehot",)


def column_estimate(puzzle: Sudoku) -> int:
    """Binary columns of the unreduced model (the memory guard reads this before building)."""
    return puzzle.size ** 3


def formulate(puzzle: Sudoku, encoding: str = "onehot", domains=None) -> Formulation:
    """Build the model of ``puzzle`` (on ``domains`` when a reduction gives them)."""
    return board_model(puzzle, encoding, domains)[0]


def board_model(puzzle, encoding: str = "onehot", domains=None, name: str = "sudoku"):
    """The Sudoku model of any puzzle with ``size`` and ``givens`` (``models/killer.py`` adds
    its cages to it): ``(formulation, cell, view)`` where ``cell[r][c]`` maps a value to its
    column and ``view[r][c]`` is the cell's integer view (0-based r, c)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}")
    n = puzzle.size
    values = range(1, n + 1)

    def allowed(r: int, c: int):
        return values if domains is None else domains.values(r, c)

    model = LinearModel(name=f"{name}_{n}x{n}")
    x = model.binaries("x", ((r + 1, c + 1, v) for r in range(n) for c in range(n) for v in allowed(r, c)))
    # cell[r][c] maps a value to its column; 1-based keys keep LP names as in the docstring.
    cell = [[{v: x[r + 1, c + 1, v] for v in allowed(r, c)} for c in range(n)] for r in range(n)]
    # view[r][c]: the cell as an integer view, over which the groups' globals are stated.
    view = [[one_hot_cell(model, "cell_one_value", (r + 1, c + 1), cell[r][c]) for c in range(n)] for r in range(n)]
    families = {"row": "row_has_value", "column": "col_has_value", "box": "box_has_value"}
    for unit, cells in units(n):
        kind, number = unit.split()
        group = [cell[r][c] for r, c in cells]
        all_different_onehot(model, families[kind], lambda v, k=int(number): (k, v), group, values, True,
                             [view[r][c] for r, c in cells])
    for (r, c), v in puzzle.given_cells():
        model.add("given", (r + 1, c + 1), [(cell[r][c][v], 1.0)] if v in cell[r][c] else [], "==", 1)

    def decode(solution: Sequence[float]) -> Grid:
        # The largest of a cell's values names its digit (reads near-0/1 values within tolerance).
        return tuple(tuple(max(cell[r][c], key=lambda v: solution[cell[r][c][v]]) for c in range(n))
                     for r in range(n))

    def exclude(grid: Grid):
        terms = [(cell[r][c][grid[r][c]], 1.0) for r in range(n) for c in range(n) if grid[r][c] in cell[r][c]]
        return terms, "<=", len(terms) - 1

    return Formulation(model, decode, exclude, encoding), cell, view
