"""Adjacent (Tatham's Unequal in "Adjacent" mode) as a 0/1 program over one-hot cell values.

Data: size n, givens g(p), the marked neighbour pairs M (values differ by exactly 1) and
the apart pairs A (the other neighbour pairs, minus the ``free`` ones: values do not differ
by 1).  Variables: x(p,v) in {0,1}, x(p,v) = 1 iff cell p holds v.  The Latin rows
(``cell_one_value``, ``row_has_value``, ``col_has_value``, ``given``) are those of
``models/futoshiki.py``.  Then, with x(q,0) = x(q,n+1) = 0 (no such columns):

    adjacent(p,q,v):  x(p,v) - x(q,v-1) - x(q,v+1) <= 0     for (p,q) in M, both ways, v = 1..n
    apart(p,q,v):     x(p,v) + x(q,v-1) + x(q,v+1) <= 1     for (p,q) in A, v = 1..n

``adjacent``: if p holds v, q holds v-1 or v+1, which is |p - q| = 1; p's rows alone are
exact on 0/1 points, and q's rows (the same rule read from q) tighten the LP relaxation.
``apart``: the three binaries pairwise exclude each other (p = v with q = v +- 1 is the
rule; q = v-1 with q = v+1 is the cell row), so their sum is at most 1: a clique row,
tighter in the LP than the two pair rows x(p,v) + x(q,v+-1) <= 1 it implies, and one
direction suffices because every forbidden pair (p = v, q = v +- 1) has a row at p's v.
Row keys are 1-based: ``adjacent(1,2,1,3,4)`` is cell (1,2) holding 4 next to cell (1,3).

With domains (``futomip.reduction.latin``, which filters these rules exactly) a cell has
columns only for its remaining values; a missing column is 0 in the rows above, and an
``apart`` row with fewer than two columns is left out (one binary is at most 1 anyway).
There is no objective.  The no-good cut is that of the Latin model (two Latin squares
differ in at least 4 cells).
"""

from __future__ import annotations

from futomip.linear import Formulation
from futomip.puzzles.adjacent import Adjacent

from .futoshiki import latin_board, latin_formulation

ENCODINGS = ("clique",)
"""One encoding: the rows above (the name says how the apart rule is written)."""


def column_estimate(puzzle: Adjacent) -> int:
    """Binary columns of the unreduced model (the memory guard reads this before building)."""
    return puzzle.size ** 3


def formulate(puzzle: Adjacent, encoding: str = "clique", domains=None) -> Formulation:
    """Build the model of ``puzzle`` (on ``domains`` when a reduction gives them)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}")
    n = puzzle.size
    model, cell, _ = latin_board(puzzle, domains, f"adjacent_{n}x{n}")
    for a, b in puzzle.marks:
        for p, q in ((a, b), (b, a)):
            xp, xq = cell[p[0]][p[1]], cell[q[0]][q[1]]
            for v, column in xp.items():
                terms = [(column, 1.0)] + [(xq[w], -1.0) for w in (v - 1, v + 1) if w in xq]
                model.add("adjacent", (p[0] + 1, p[1] + 1, q[0] + 1, q[1] + 1, v), terms, "<=", 0)
    for p, q in puzzle.apart():
        xp, xq = cell[p[0]][p[1]], cell[q[0]][q[1]]
        for v, column in xp.items():
            terms = [(column, 1.0)] + [(xq[w], 1.0) for w in (v - 1, v + 1) if w in xq]
            if len(terms) > 1:
                model.add("apart", (p[0] + 1, p[1] + 1, q[0] + 1, q[1] + 1, v), terms, "<=", 1)
    return latin_formulation(model, cell, encoding)
