"""The ``csp`` method: AIMA-style backtracking for nonograms, as in the seed notebook.

Variables are the cells, each with the domain {white, black}.  The search picks an
unassigned cell with the fewest values left (MRV; ties in reading order), tries white then
black, and does forward checking: a line's clue is checked only once the line is full (as
in the notebook), and when an assignment leaves exactly one cell of a line open, the
values of that cell that would make the full line break its clue are pruned (an empty
domain ends the branch).  This is complete (every branch that is cut breaks a clue), so
``unique`` can go on to a second solution; it is also exponential, which is the point of
the comparison: the notebook's list of ideas not done (checking partial lines, arc
consistency) is what ``futomip.reduction`` does for the MILP.
"""

from __future__ import annotations

import time

from ..options import Deadline, Options
from ..puzzles.nonogram import runs_of
from ..result import Result
from . import Budget, Enough, depth_first, search_result

KINDS = frozenset({"nonogram"})
EXACT = True
__all__ = ["KINDS", "EXACT", "solve"]

WHITE, BLACK = 1, 2  # domain bits: value 0 (white) and value 1 (black)


class _OutOfTime(Exception):
    pass


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    start = time.perf_counter()
    height, width = puzzle.height, puzzle.width
    lines, clues = [], []
    for r, clue in enumerate(puzzle.rows):
        lines.append([r * width + c for c in range(width)])
        clues.append(clue)
    for c, clue in enumerate(puzzle.cols):
        lines.append([r * width + c for r in range(height)])
        clues.append(clue)
    checked = [k for k, clue in enumerate(clues) if clue is not None]
    lines_of = [[] for _ in range(height * width)]
    for k in checked:
        for i in lines[k]:
            lines_of[i].append(k)
    domain = [WHITE | BLACK] * (height * width)
    value = [-1] * (height * width)
    open_count = [len(line) for line in lines]
    budget = Budget(deadline, every=256)
    found: list = []
    wanted = 2 if unique else 1

    def matches(k: int) -> bool:
        return runs_of([value[i] for i in lines[k]]) == clues[k]

    def forward(k: int, pruned: list) -> bool:
        if open_count[k] == 0:
            return matches(k)
        if open_count[k] != 1:
            return True
        last = next(i for i in lines[k] if value[i] < 0)
        allowed = 0
        for v, bit in ((0, WHITE), (1, BLACK)):
            if domain[last] & bit:
                value[last] = v
                allowed |= bit if matches(k) else 0
                value[last] = -1
        if allowed != domain[last]:
            pruned.append((last, domain[last]))
            domain[last] = allowed
        return allowed != 0

    def node():
        """The search below the cells set so far: one child per colour the branching cell can take."""
        if budget.spent():
            raise _OutOfTime
        best, fewest = -1, 3
        for i, v in enumerate(value):
            if v < 0:
                count = (domain[i] & WHITE) + (domain[i] >> 1)
                if count < fewest:
                    best, fewest = i, count
                    if count == 1:
                        break
        if best < 0:
            found.append(tuple(tuple(value[r * width:(r + 1) * width]) for r in range(height)))
            if len(found) >= wanted:
                raise Enough
            return
        for v, bit in ((0, WHITE), (1, BLACK)):
            if not domain[best] & bit:
                continue
            value[best] = v
            for k in lines_of[best]:
                open_count[k] -= 1
            pruned: list = []
            if all(forward(k, pruned) for k in lines_of[best]):
                yield node()
            for i, old in reversed(pruned):
                domain[i] = old
            for k in lines_of[best]:
                open_count[k] += 1
            value[best] = -1

    finished = True
    try:
        depth_first(node())  # one level per cell: a recursion passed Python's limit on large boards
    except Enough:
        pass
    except _OutOfTime:
        finished = False
    return search_result(puzzle, "csp", found, finished, unique, {"solve": time.perf_counter() - start},
                         {"nodes": budget.nodes})
