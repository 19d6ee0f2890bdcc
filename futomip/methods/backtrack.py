"""The ``backtrack`` method: the seed blog's plain row-major backtracking, made correct.

Cells are filled in reading order; a blank cell tries 1..n in turn, keeping a value that
differs from every value already in its row and column (givens included) and agrees with
each inequality whose other cell holds a value; a given cell is only checked the same way.
The search reaches the last cell, ``n * n`` cells in (the seed stopped after ``n`` cells:
the reader's 3x3 example showed the bug).  No propagation: this is the baseline whose cost
grows as n! per row, "unreasonably slow" beyond 7x7 in the seed.  With ``unique`` the
search continues after the first solution to find a second or exhaust the tree.
"""

from __future__ import annotations

import time

from ..options import Deadline, Options
from ..result import Result
from . import Budget, Enough, depth_first, search_result
from ._latin import KINDS, board_of

EXACT = True
__all__ = ["KINDS", "EXACT", "solve"]


class _OutOfTime(Exception):
    pass


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    start = time.perf_counter()
    board = board_of(puzzle)
    n = board.n
    values = list(board.givens)
    peers = [set() for _ in values]
    for unit in board.units:
        for i in unit:
            peers[i].update(j for j in unit if j != i)
    relations = [[] for _ in values]  # (other cell, True when this cell must be the smaller)
    for a, b in board.less:
        relations[a].append((b, True))
        relations[b].append((a, False))
    budget = Budget(deadline)
    found: list[tuple] = []
    wanted = 2 if unique else 1

    def fits(i: int, v: int) -> bool:
        if any(values[j] == v for j in peers[i]):
            return False
        return all(not values[j] or (v < values[j] if smaller else v > values[j]) for j, smaller in relations[i])

    def node(i: int):
        """The search from cell ``i`` on, cells before it filled: one child per value that fits."""
        if budget.spent():
            raise _OutOfTime
        if i == n * n:
            found.append(board.grid(values))
            if len(found) >= wanted:
                raise Enough
            return
        if board.givens[i]:
            if fits(i, values[i]):
                yield node(i + 1)
            return
        for v in range(1, n + 1):
            if fits(i, v):
                values[i] = v
                yield node(i + 1)
        values[i] = 0

    finished = True
    try:
        depth_first(node(0))  # one level per cell: deeper than Python's recursion allows from 32x32 on
    except Enough:
        pass
    except _OutOfTime:
        finished = False
    return search_result(puzzle, "backtrack", found, finished, unique, {"solve": time.perf_counter() - start},
                         {"nodes": budget.nodes})
