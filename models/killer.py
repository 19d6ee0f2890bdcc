"""Killer Sudoku as a 0/1 program: the Sudoku model plus, per cage, a sum row and all-different.

Data: size n = b*b, optional givens g(r,c), cages k = 1..K each with cells C(k) and total S(k)
(cages numbered in the puzzle's canonical order, by their first cell).
Variables: x(r,c,v) in {0,1}, x(r,c,v) = 1 iff cell (r,c) holds v (as in ``models/sudoku.py``).

    cell_one_value, row_has_value, col_has_value, box_has_value, given:
                           the Sudoku rows of ``models/sudoku.py`` (built by ``board_model``)
    cage_sum(k):           sum_{(r,c) in C(k)} sum_v v * x(r,c,v) = S(k)        for every cage
    cage_value(k,v):       sum_{(r,c) in C(k)} x(r,c,v) <= 1                     for every cage, value

Since each cell holds exactly one value, ``sum_v v * x(r,c,v)`` is the cell's digit, so
cage_sum says the digits add to S(k); cage_value is ``all_different_onehot`` in its
"at most once" form (a cage has at most n cells, so not every value need appear), recorded
as the global ``all_different`` over the cage's cell views, which CP-SAT builds natively
(``--globals``).  A cage_value row is left out when the cage's cells can take v at most
once anyway (fewer than two cells keep v).  There is no objective.

With domains (``futomip.reduction.killer``: the Sudoku rules and every cage's sum and
all-different to a common fixpoint) a cell has columns only for the values it may still
take; the cage rows are then over those columns only.

No-good cut for a solution s: ``exclude(s): sum_{r,c} x(r,c,s(r,c)) <= n*n - 1`` (the
Sudoku model's), which with the cell rows removes exactly the one grid s.
"""

from __future__ import annotations

from futomip.linear import Formulation
from futomip.puzzles.killer import Killer

from .globals import all_different_onehot
from .sudoku import ENCODINGS, board_model

__all__ = ["ENCODINGS", "column_estimate", "formulate"]


def column_estimate(puzzle: Killer) -> int:
    """Binary columns of the unreduced model (the memory guard reads this before building)."""
    return puzzle.size ** 3


def formulate(puzzle: Killer, encoding: str = "onehot", domains=None) -> Formulation:
    """Build the model of ``puzzle`` (on ``domains`` when a reduction gives them)."""
    formulation, cell, view = board_model(puzzle, encoding, domains, name="killer")
    model = formulation.model
    values = range(1, puzzle.size + 1)
    for k, cage in enumerate(puzzle.cages, start=1):
        cells = [cell[r][c] for r, c in cage.cells]
        model.add("cage_sum", k, [(var, float(v)) for one in cells for v, var in one.items()], "==", cage.total)
        if len(cells) > 1:
            # Only values two or more cells can still take need a row (one cell holds one value).
            shared = [v for v in values if sum(v in one for one in cells) > 1]
            all_different_onehot(model, "cage_value", lambda v, k=k: (k, v), cells, shared, False,
                                 [view[r][c] for r, c in cage.cells])
    return formulation
