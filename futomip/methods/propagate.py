"""The ``propagate`` method: the seed reader's candidate sets, rules to a fixpoint, then backtracking.

Each cell keeps its candidate values as a bit set (bit v set: v is still possible).  The
rules, repeated until none changes anything:

- a cell with one candidate removes it from the other cells of its row and column;
- a value that only one cell of a row or column can still take goes to that cell
  ("hidden single");
- for an inequality a < b, a drops every value >= max(b) and b every value <= min(a)
  (the bound rule).

An empty candidate set, two cells of a line fixed to one value, or a value no cell of a
line can take is a contradiction.  Then the search branches on a cell with the fewest
candidates (two or more), each value in turn, on a copy of the sets.  Every rule only
removes values that no solution can have, so the search is complete; with ``unique`` it
goes on past the first solution to find a second or exhaust the tree (proof of
uniqueness), as the reader did on 2000 hard 8x8 puzzles.
"""

from __future__ import annotations

import time

from ..options import Deadline, Options
from ..result import Result
from . import Budget, Enough, depth_first, search_result
from ._latin import KINDS, Board, board_of

EXACT = True
__all__ = ["KINDS", "EXACT", "solve", "fixpoint", "initial"]


class _OutOfTime(Exception):
    pass


def initial(board: Board) -> list[int]:
    full = (1 << (board.n + 1)) - 2
    return [1 << v if v else full for v in board.givens]


def fixpoint(dom: list[int], board: Board) -> bool:
    """Apply the rules to ``dom`` in place until nothing changes; False on a contradiction."""
    full = (1 << (board.n + 1)) - 2
    changed = True
    while changed:
        changed = False
        for unit in board.units:
            fixed = 0
            for i in unit:
                d = dom[i]
                if d & (d - 1) == 0:  # one candidate (or none)
                    if d == 0 or fixed & d:
                        return False
                    fixed |= d
            once = more = 0
            for i in unit:
                d = dom[i]
                if d & (d - 1):
                    reduced = d & ~fixed
                    if reduced != d:
                        if reduced == 0:
                            return False
                        dom[i] = d = reduced
                        changed = True
                more |= once & d
                once |= d
            if once != full:
                return False
            only = once & ~more
            if only:
                for i in unit:
                    d = dom[i]
                    hidden = d & only
                    if hidden and hidden != d:
                        if hidden & (hidden - 1):
                            return False  # two values that only this cell can take
                        dom[i] = hidden
                        changed = True
        for a, b in board.less:
            da, db = dom[a], dom[b]
            new_a = da & ((1 << (db.bit_length() - 1)) - 1)
            low_a = (new_a & -new_a).bit_length() - 1
            new_b = db & ~((1 << (low_a + 1)) - 1)
            if new_a == 0 or new_b == 0:
                return False
            if new_a != da or new_b != db:
                dom[a], dom[b] = new_a, new_b
                changed = True
    return True


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    start = time.perf_counter()
    board = board_of(puzzle)
    budget = Budget(deadline, every=64)
    found: list[tuple] = []
    wanted = 2 if unique else 1

    def node(dom: list[int]):
        """The search below ``dom``: its children, one per value of the branching cell."""
        if budget.spent():
            raise _OutOfTime
        if not fixpoint(dom, board):
            return
        # More than any cell can hold: a fixed bound (99) made boards of 99x99 and more look
        # solved with every cell still open.
        best, best_count = -1, board.n + 1
        for i, d in enumerate(dom):
            count = d.bit_count()
            if 1 < count < best_count:
                best, best_count = i, count
                if count == 2:
                    break
        if best < 0:
            found.append(board.grid([d.bit_length() - 1 for d in dom]))
            if len(found) >= wanted:
                raise Enough
            return
        d = dom[best]
        while d:
            bit = d & -d
            d ^= bit
            trial = list(dom)
            trial[best] = bit
            yield node(trial)

    finished = True
    try:
        depth_first(node(initial(board)))
    except Enough:
        pass
    except _OutOfTime:
        finished = False
    return search_result(puzzle, "propagate", found, finished, unique, {"solve": time.perf_counter() - start},
                         {"nodes": budget.nodes})
