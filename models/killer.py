"""Killer Sudoku as a 0/1 program: the Sudoku model plus, per cage, its digit combinations (or a sum row).

Data: size n = b*b, optional givens g(r,c), cages k = 1..K each with cells C(k) and total S(k)
(cages numbered in the puzzle's canonical order, by their first cell); D(k) is the family
of the |C(k)|-subsets of 1..n whose digits add up to S(k) (the cage's "combinations").
Variables: x(r,c,v) in {0,1}, x(r,c,v) = 1 iff cell (r,c) holds v (as in ``models/sudoku.py``);
in the "combination" encoding also comb(k,D) in {0,1} for D in D(k): cage k holds the digits D.

    cell_one_value, row_has_value, col_has_value, box_has_value, given:
                           the Sudoku rows of ``models/sudoku.py`` (built by ``board_model``)

Encoding "combination" (the default):

    cage_combination(k):   sum_{D in D(k)} comb(k,D) = 1                          for every cage
    cage_digit(k,v):       sum_{(r,c) in C(k)} x(r,c,v) - sum_{D in D(k), v in D} comb(k,D) = 0

Exact: with the cell rows, the cage's digits form a multiset of |C(k)| values; cage_digit
says value v occurs exactly [v in D] times for the one chosen D, so the cage holds exactly
the digits of D: all different, adding up to S(k).  Conversely a valid filling of the cage
chooses D = its digits.  The LP relaxation is much tighter than the sum row's: it is the
cage's value counts as a convex combination of its combinations (the way a person solves a
cage).  With domains, a combination holding a digit no cell of the cage may take is left
out (its comb would be 0 in every solution: that digit's cage_digit row has no x term).

Encoding "sum" (the textbook form):

    cage_sum(k):           sum_{(r,c) in C(k)} sum_v v * x(r,c,v) = S(k)
    cage_value(k,v):       sum_{(r,c) in C(k)} x(r,c,v) <= 1        (v that two cells may take)

Since each cell holds one value, ``sum_v v * x(r,c,v)`` is the cell's digit, so cage_sum says
the digits add to S(k); cage_value is ``all_different_onehot`` in its "at most once" form.
(Measured: CP-SAT takes minutes on a cage-only 9x9 in this form and seconds in the
combination form, docs/measurements.md.)

In both, each cage of two or more cells is recorded as the global ``all_different`` over its
cell views (CP-SAT builds it natively with ``--globals native``; in the sum form its
decomposition is the cage_value rows, in the combination form it is implied and no row is
left out).  There is no objective.  With domains (``futomip.reduction.killer``: the Sudoku
rules and every cage's sum and all-different to a common fixpoint) a cell has columns only
for the values it may still take.

No-good cut for a solution s: ``exclude(s): sum_{r,c} x(r,c,s(r,c)) <= n*n - 1`` (the
Sudoku model's), which with the cell rows removes exactly the one grid s (comb is fixed by x).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from futomip.linear import Formulation
from futomip.puzzles.killer import Killer

from .globals import all_different_onehot, exactly_one
from .sudoku import board_model

__all__ = ["ENCODINGS", "column_estimate", "formulate"]

ENCODINGS = ("combination", "sum")


def column_estimate(puzzle: Killer) -> int:
    """Binary columns of the unreduced model, at most (the memory guard reads this before building)."""
    n = puzzle.size
    return n ** 3 + sum(len(_combinations(n, len(cage.cells), cage.total)) for cage in puzzle.cages)


def _combinations(n: int, k: int, total: int) -> list[tuple[int, ...]]:
    """The k-subsets of 1..n adding up to ``total``."""
    return [digits for digits in combinations(range(1, n + 1), k) if sum(digits) == total]


def formulate(puzzle: Killer, encoding: str = "combination", domains=None) -> Formulation:
    """Build the model of ``puzzle`` (on ``domains`` when a reduction gives them)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}")
    formulation, cell, view = board_model(puzzle, "onehot", domains, name="killer")
    model = formulation.model
    n = puzzle.size
    values = range(1, n + 1)
    cages = [(k, cage, [cell[r][c] for r, c in cage.cells], [view[r][c] for r, c in cage.cells])
             for k, cage in enumerate(puzzle.cages, start=1)]
    if encoding == "sum":
        for k, cage, cells, views in cages:
            model.add("cage_sum", k, [(var, float(v)) for one in cells for v, var in one.items()], "==", cage.total)
            if len(cells) > 1:
                # Only values two or more cells can still take need a row (one cell holds one value).
                shared = [v for v in values if sum(v in one for one in cells) > 1]
                all_different_onehot(model, "cage_value", lambda v, k=k: (k, v), cells, shared, False, views)
        return replace(formulation, encoding=encoding)
    chosen = {k: [digits for digits in _combinations(n, len(cells), cage.total) if set().union(*cells).issuperset(digits)]
              for k, cage, cells, _ in cages}
    comb = model.binaries("comb", ((k, _name(digits)) for k, found in chosen.items() for digits in found))
    for k, cage, cells, views in cages:
        exactly_one(model, "cage_combination", k, [comb[k, _name(digits)] for digits in chosen[k]])
        for v in values:
            terms = [(one[v], 1.0) for one in cells if v in one]
            terms += [(comb[k, _name(digits)], -1.0) for digits in chosen[k] if v in digits]
            if terms:
                model.add("cage_digit", (k, v), terms, "==", 0)
        if len(cells) > 1:
            model.add_global("all_different", views, [])
    return replace(formulation, encoding=encoding)


def _name(digits: tuple[int, ...]) -> str:
    """A combination's key in the LP names: its digits ("1389"; "1-10-16" past 9)."""
    return ("" if max(digits) < 10 else "-").join(map(str, digits))
