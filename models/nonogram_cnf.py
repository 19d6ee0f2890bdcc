"""Nonogram as CNF (clauses for a SAT solver): cells, block-start order literals and covers.

Variables (DIMACS numbers): cell v = r * width + c is variable v + 1, true iff black.  For
each line with clue (c_1..c_k) over cells x_0..x_{n-1} and each block j with allowed starts
S_j (from line solving: ``NonogramDomains.starts``; lo_j = min S_j, hi_j = max S_j) there is
an order literal

    y(j, p)  <->  start_j <= p          for lo_j <= p < hi_j

(y(j, p) is false below lo_j and true from hi_j on: the constant literals -T and T, with T a
variable fixed true), and a cover literal v(j, i) <-> (block j covers cell i) for
lo_j <= i < hi_j + c_j.  Clauses:

    order:      y(j, p) -> y(j, p + 1)                      (start_j <= p implies <= p + 1)
    allowed:    y(j, p) -> y(j, p - 1)    for p not in S_j  (start_j is not p)
    separation: y(j + 1, p) -> y(j, p - c_j - 1)            (block j ends before a gap)
    cover:      v(j, i) <-> y(j, i) and not y(j, i - c_j),  v(j, i) -> x_i
    support:    x_i -> OR_j v(j, i)                         (a black cell lies in a block)
    known:      x_v or not x_v as a unit for every cell line solving fixed

A model of the clauses is a colouring whose every line spells its clue (the starts are
increasing with gaps, each block covers exactly its c_j cells, and a cell is black iff a
block covers it), and every such colouring gives exactly one model (the y and v literals
are functions of the cells), so the solutions over the cell variables are the puzzle's,
restricted to what ``domains`` allows; line solving removes no solution, so they are all
the puzzle's solutions.  This is the "block-position" encoding of hyouv/FastNonogramSolver;
unit propagation on it is weaker than the line solver, which the probing implications
(``futomip.reduction.nonogram_implied``, added by ``encode``'s ``implied``) make up for in
part.  A line without a placement (``domains.contradiction``) gives the empty clause.

``exclude(grid, cells)`` is the clause that removes exactly one solution: some cell among
``cells`` differs from ``grid``.  Only ``futomip.puzzles`` and ``futomip.reduction`` are
imported (no solver).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from futomip.puzzles.nonogram import Grid, Nonogram
from futomip.reduction.nonogram import UNKNOWN, NonogramDomains

__all__ = ["Cnf", "encode", "exclude", "decode"]


@dataclass
class Cnf:
    """Clauses over ``variables`` DIMACS variables; the first ``cells`` are the cells."""

    cells: int
    variables: int = 0
    clauses: list[list[int]] = field(default_factory=list)

    def new(self) -> int:
        self.variables += 1
        return self.variables


def _line(cnf: Cnf, clue: Sequence[int], xs: Sequence[int], allowed: Sequence[Sequence[int]], true: int) -> None:
    """The clauses of one line (module text) over cell literals ``xs``."""
    add = cnf.clauses.append
    if not clue:
        for x in xs:
            add([-x])
        return
    k = len(clue)
    lo, hi = [min(starts) for starts in allowed], [max(starts) for starts in allowed]
    order = [{p: cnf.new() for p in range(lo[j], hi[j])} for j in range(k)]

    def y(j: int, p: int) -> int:
        return -true if p < lo[j] else true if p >= hi[j] else order[j][p]

    for j in range(k):
        starts = set(allowed[j])
        for p in range(lo[j], hi[j] + 1):
            if p < hi[j]:
                add([-y(j, p), y(j, p + 1)])
            if p not in starts:
                add([-y(j, p), y(j, p - 1)])
        if j + 1 < k:
            for p in range(lo[j + 1], hi[j + 1] + 1):
                add([-y(j + 1, p), y(j, p - clue[j] - 1)])
    covers: list[list[int]] = [[] for _ in xs]
    for j in range(k):
        for i in range(lo[j], hi[j] + clue[j]):
            started, not_ended = y(j, i), -y(j, i - clue[j])
            v = cnf.new()
            cnf.clauses += [[-v, started], [-v, not_ended], [v, -started, -not_ended], [-v, xs[i]]]
            covers[i].append(v)
    for x, cover in zip(xs, covers):
        add([-x] + cover)


def encode(puzzle: Nonogram, domains: NonogramDomains,
           implied: tuple[Sequence[int], Sequence[tuple[int, int]]] | None = None) -> Cnf:
    """The clauses of ``puzzle`` on ``domains`` (module text), with the probing implications
    ``implied`` = (units, pairs) of ``nonogram_implied.implications`` when given."""
    h, w = puzzle.height, puzzle.width
    cnf = Cnf(cells=h * w, variables=h * w)
    if domains.contradiction is not None:
        cnf.clauses.append([])
        return cnf
    true = cnf.new()
    cnf.clauses.append([true])
    for r in range(h):
        for c in range(w):
            if domains.cells[r][c] != UNKNOWN:
                cnf.clauses.append([r * w + c + 1 if domains.cells[r][c] else -(r * w + c + 1)])
    lines = [(("row", r), clue, [r * w + c + 1 for c in range(w)]) for r, clue in enumerate(puzzle.rows)]
    lines += [(("column", c), clue, [r * w + c + 1 for r in range(h)]) for c, clue in enumerate(puzzle.cols)]
    for key, clue, xs in lines:
        if clue is not None:
            _line(cnf, clue, xs, domains.starts[key], true)
    if implied is not None:
        units, pairs = implied
        cnf.clauses += [[unit] for unit in units]
        cnf.clauses += [list(pair) for pair in pairs]
    return cnf


def decode(puzzle: Nonogram, model: Sequence[int]) -> Grid:
    """The grid of a model (the cell literals of a SAT solver's model, in variable order)."""
    w = puzzle.width
    return tuple(tuple(int(model[r * w + c] > 0) for c in range(w)) for r in range(puzzle.height))


def exclude(grid: Grid, cells: Sequence[int] | None = None) -> list[int]:
    """The clause "some cell of ``cells`` (0-based numbers; None: every cell) differs from ``grid``"."""
    w = len(grid[0]) if grid else 0
    numbers = range(len(grid) * w) if cells is None else cells
    return [-(v + 1) if grid[v // w][v % w] else v + 1 for v in numbers]
