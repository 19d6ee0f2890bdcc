"""Domain reduction for Killer Sudoku: the Sudoku rules plus each cage's sum and all-different.

The board is the Latin family's (``latin.Board`` over the rows, columns and boxes, with
its all-different matching filter); ``KillerBoard.propagate`` alternates that fixpoint with
one more rule per cage until neither removes anything:

- a cage of k cells and total S keeps value v in cell i iff some assignment of *different*
  values to the cage's cells, each from its current domain, sums to S and gives i the
  value v (generalised arc consistency of sum + all-different on the cage alone).

How: the candidate digit sets are the k-subsets of 1..n with sum S (the "cage
combinations" a solver of Killer Sudoku learns by heart, computed once per (n, k, S)); a set
D is kept when its digits can be matched one-to-one to the cells within their domains, and
then every edge (cell i, value v) that lies in such a matching is supported (tested by
fixing i = v and matching the rest, Kuhn's augmenting paths; k <= n is small).  The rule
is answered from a cache keyed by the cage's domains, since probing meets the same
patterns again and again.

Levels: "lines" is that common fixpoint; "probing" tries each value of each open cell
with it (``latin.reduce_board``; the prober runs in Python, which calls ``propagate``).
Every rule removes a value only when no assignment satisfying the rule within the current domains uses it,
so every solution survives and the model built on the result (``models/killer.py``) has
exactly the puzzle's solutions.  There is no split search for this kind.

Only ``futomip.puzzles`` is imported: no solver, no backend, no ``models``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Callable

from .latin import Board, LatinDomains, board_of, reduce_board

__all__ = ["KillerBoard", "cage_filter", "reduce"]


@lru_cache(maxsize=None)
def _digit_sets(n: int, k: int, total: int) -> tuple[int, ...]:
    """The k-subsets of 1..n with sum ``total``, as bit masks (bit v-1 for v)."""
    return tuple(sum(1 << (v - 1) for v in chosen) for chosen in combinations(range(1, n + 1), k)
                 if sum(chosen) == total)


def _matches(doms: tuple[int, ...], digits: int, skip: int) -> bool:
    """Whether the cells of ``doms`` except position ``skip`` can take different digits of
    ``digits`` (as many digits as cells), each within its domain."""
    owner: dict[int, int] = {}

    def augment(p: int, seen: int) -> tuple[bool, int]:
        rest = doms[p] & digits
        while rest:
            bit = rest & -rest
            rest ^= bit
            if seen & bit:
                continue
            seen |= bit
            if bit not in owner:
                owner[bit] = p
                return True, seen
            found, seen = augment(owner[bit], seen)
            if found:
                owner[bit] = p
                return True, seen
        return False, seen

    return all(augment(p, 0)[0] for p in range(len(doms)) if p != skip)


@lru_cache(maxsize=200_000)
def cage_filter(doms: tuple[int, ...], total: int, n: int) -> tuple[int, ...]:
    """The cage's domains keeping exactly the values some all-different assignment with sum
    ``total`` uses (all 0 when there is none)."""
    kept = [0] * len(doms)
    union = 0
    for mask in doms:
        union |= mask
    for digits in _digit_sets(n, len(doms), total):
        if digits & ~union:
            continue
        for i, mask in enumerate(doms):
            rest = mask & digits & ~kept[i]
            while rest:
                bit = rest & -rest
                rest ^= bit
                fixed = doms[:i] + (bit,) + doms[i + 1:]
                if _matches(fixed, digits & ~bit, i):
                    kept[i] |= bit
    if not all(kept):
        return (0,) * len(doms)
    return tuple(kept)


class KillerBoard(Board):
    """The Sudoku board of a Killer Sudoku with its cages as extra rules."""

    kernels = False
    """The compiled Latin kernels know no cages: probing calls this ``propagate``."""

    def __init__(self, puzzle) -> None:
        from ..puzzles.sudoku import Sudoku

        base = board_of(Sudoku(puzzle.size, puzzle.givens))
        super().__init__(base.n, base.givens, base.groups, base.less, base.names)
        n = puzzle.size
        self.cages = [(tuple(r * n + c for r, c in cage.cells), cage.total) for cage in puzzle.cages]
        self.cage_names = [f"the cage at ({cage.cells[0][0] + 1},{cage.cells[0][1] + 1})" for cage in puzzle.cages]
        self.cell_cage = {i: k for k, (cells, _) in enumerate(self.cages) for i in cells}

    def propagate(self, dom: list[int], touched) -> bool:
        """The Sudoku fixpoint and every cage rule, alternated to a common fixpoint (in place)
        from the cells in ``touched``; False when something is found impossible (``failure``
        says where)."""
        work = list(touched)
        cell_cage = self.cell_cage
        # ``dom`` is at the common fixpoint except around ``touched``: only their cages may move.
        pending = {cell_cage[i] for i in work if i in cell_cage}
        while True:
            before = list(dom)
            if work and not super().propagate(dom, work):
                return False
            pending |= {cell_cage[i] for i, (old, new) in enumerate(zip(before, dom)) if old != new and i in cell_cage}
            work = []
            for k in pending:
                cells, total = self.cages[k]
                masks = tuple(dom[i] for i in cells)
                kept = cage_filter(masks, total, self.n)
                if not kept[0]:
                    self.failure = self.cage_names[k]
                    self.failed = cells
                    return False
                for i, old, new in zip(cells, masks, kept):
                    if new != old:
                        dom[i] = new
                        work.append(i)
            # A cage just filtered is at its own fixpoint (the rule is exact on the cage
            # alone); the Sudoku rules run from what changed and may wake cages again.
            pending = set()
            if not work:
                return True


def reduce(puzzle, level: str = "lines", stop_at: float | None = None,
           progress: Callable[[str], None] | None = None) -> LatinDomains:
    """The domains left by ``level`` ("lines" or "probing") on a Killer Sudoku."""
    return reduce_board(KillerBoard(puzzle), level, stop_at, progress)


reduce.split_from = "lines"
"""The level a "split" request starts from (the kind has no split search of its own)."""
