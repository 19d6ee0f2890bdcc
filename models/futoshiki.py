"""Futoshiki as a 0/1 program over one-hot cell values.

Data: size n, givens g(r,c) for some cells, inequalities a < b between cells.
Variables: x(r,c,v) in {0,1} for r, c, v in 1..n; x(r,c,v) = 1 iff cell (r,c) holds v.

    cell_one_value(r,c):   sum_v x(r,c,v) = 1                       for every cell
    row_has_value(r,v):    sum_c x(r,c,v) = 1                       for every row and value
    col_has_value(c,v):    sum_r x(r,c,v) = 1                       for every column and value
    given(r,c):            x(r,c,g(r,c)) = 1                        for every given cell
    less_than(a,b,k):      sum_{v<=k} x(b,v) - sum_{v<k} x(a,v) <= 0  k = 1..n   ("tight")
    less_than(a,b):        sum_v v x(b,v) - sum_v v x(a,v) >= 1                  ("weighted")

where a = (r1,c1) and b = (r2,c2) are written out in the row name, e.g.
``less_than(1,2,1,3,4)`` is the k = 4 row of cell (1,2) < cell (1,3).  There is no
objective: any feasible point is a solution.  The two inequality encodings are explained in
``globals/strict_less.py``; which one is faster depends on the solver (docs/measurements.md).

No-good cut for a solution s: ``exclude(s): sum_{r,c} x(r,c,s(r,c)) <= n*n - 4``.  Two
distinct Latin squares differ in at least 4 cells (if they differ at (r,c), where the first
holds a, the second holds a elsewhere in row r and in column c, and those changes force a
fourth: the smallest Latin trade is an intercalate of 4 cells), so with the cell rows the cut
removes s and no other solution; its right side is 3 lower than the generic no-good's
``n*n - 1``, which lets the LP relaxation of a uniqueness proof exclude more of s's
neighbourhood.

With domains (``futomip.reduction.latin``) a cell gets columns only for the values it may
still take (``domains.values(r, c)``); the rows above then run over those columns only, a
``less_than`` row of the tight encoding is left out when it has no column on its left side
or when every value of a lies below k (the row then reads ``sum_{v<=k} x(b,v) <= 1``, which
the cell row implies), and the no-good row runs over the cells' remaining columns with right
side (their number) - 4 (the cells that may differ are among them).  Without domains the
model is exactly the one written above.
"""

from __future__ import annotations

from typing import Sequence

from futomip.linear import Formulation, LinearModel
from futomip.puzzles.futoshiki import Futoshiki, Grid

from .globals import all_different_onehot, one_hot_cell, strict_less_tight, strict_less_weighted

ENCODINGS = ("tight", "weighted")
# Which encoding each solver prefers (measured on hard 9x9, docs/measurements.md, "Which encoding") is a
# fact of the solver: ``preferred_encodings`` in ``futomip/solvers/``.


def column_estimate(puzzle: Futoshiki) -> int:
    """Binary columns of the unreduced model (the memory guard reads this before building)."""
    return puzzle.size ** 3


def formulate(puzzle: Futoshiki, encoding: str = "tight", domains=None) -> Formulation:
    """Build the model of ``puzzle`` with the chosen inequality encoding (on ``domains``
    when a reduction gives them)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}")
    n = puzzle.size
    model, cell, view = latin_board(puzzle, domains, f"futoshiki_{n}x{n}")
    for (r1, c1), (r2, c2) in puzzle.less:
        key = (r1 + 1, c1 + 1, r2 + 1, c2 + 1)
        xa, xb = cell[r1][c1], cell[r2][c2]
        views = (view[r1][c1], view[r2][c2])
        if encoding == "tight":
            strict_less_tight(model, "less_than", key, xa, xb, n, views)
        else:
            strict_less_weighted(model, "less_than", key, xa, xb, views)
    return latin_formulation(model, cell, encoding)


def latin_board(puzzle, domains, name: str):
    """The Latin part of the model (cell, row, column and given rows) of a puzzle with
    ``size`` and ``givens``: (model, cell, view), where ``cell[r][c]`` maps a value to its
    column and ``view[r][c]`` is the cell's integer view; shared with ``models/adjacent.py``."""
    n = puzzle.size
    values = range(1, n + 1)

    def allowed(r: int, c: int):
        return values if domains is None else domains.values(r, c)

    model = LinearModel(name=name)
    x = model.binaries("x", ((r + 1, c + 1, v) for r in range(n) for c in range(n) for v in allowed(r, c)))
    # cell[r][c] maps a value to its column; 1-based keys keep LP names as in the docstring.
    cell = [[{v: x[r + 1, c + 1, v] for v in allowed(r, c)} for c in range(n)] for r in range(n)]

    # view[r][c]: the cell as an integer view, over which the globals are stated.
    view = [[one_hot_cell(model, "cell_one_value", (r + 1, c + 1), cell[r][c]) for c in range(n)] for r in range(n)]
    for r in range(n):
        all_different_onehot(model, "row_has_value", lambda v, r=r: (r + 1, v), cell[r], values, True, view[r])
    for c in range(n):
        column = [cell[r][c] for r in range(n)]
        all_different_onehot(model, "col_has_value", lambda v, c=c: (c + 1, v), column, values, True,
                             [view[r][c] for r in range(n)])
    for (r, c), v in puzzle.given_cells():
        model.add("given", (r + 1, c + 1), [(cell[r][c][v], 1.0)] if v in cell[r][c] else [], "==", 1)
    return model, cell, view


def latin_formulation(model: LinearModel, cell, encoding: str) -> Formulation:
    """The ``Formulation`` of a one-hot Latin model: decode the grid, and the no-good cut."""
    n = len(cell)

    def decode(solution: Sequence[float]) -> Grid:
        # The largest of a cell's values names its digit, which also reads binaries that a
        # solver left slightly off 0 or 1 within its tolerance.
        return tuple(
            tuple(max(cell[r][c], key=lambda v: solution[cell[r][c][v]]) for c in range(n)) for r in range(n)
        )

    def exclude(grid: Grid):
        terms = [(cell[r][c][grid[r][c]], 1.0) for r in range(n) for c in range(n) if grid[r][c] in cell[r][c]]
        return terms, "<=", len(terms) - 4

    return Formulation(model, decode, exclude, encoding)
