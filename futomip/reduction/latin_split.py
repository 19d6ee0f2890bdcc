"""Splitting a Latin-family puzzle into sub-puzzles: a depth-first search over the domains.

Hard 9x9 Futoshiki are the hard case for the MILP: the "lines" fixpoint
(``futomip.reduction.latin``) leaves some 60 of 81 cells open, and HiGHS needs from
0.1 s to several seconds and branches where one fixed cell often lets all-different
consistency fix the rest.  So the search below splits the puzzle, depth first:

    node:     domains at their "lines" fixpoint (sign bounds and all-different GAC)
    branch:   the open cell with the fewest values per weight ("dom/wdeg": a cell's
              weight is 1 + its signs + the failures of constraints it takes part in so
              far, so the search turns to where it keeps failing; ties: the first in row
              order) and its smallest value v: first the child "cell = v", then "cell != v"
    child:    the change, then the "lines" fixpoint; a child in which a domain or a group
              empties holds no solution and is dropped ("pruned")
    leaf:     a node with at most ``LEAF_SHARE`` of its cells open (often none): it is
              yielded as ``LatinDomains``, a sub-puzzle that the MILP solves

The two children of a node split its solutions by whether the cell holds v, and the
fixpoint only removes values no solution uses, so the leaves are disjoint and together
hold every solution: solving them one by one finds a solution, proves uniqueness or
enumerates exactly (``futomip.pipeline.finder``).  A leaf with no open cell is a solution
already (a fixpoint with one value per cell satisfies every group and every sign); the
MILP still solves it, and the puzzle's ``verify`` checks the grid, as for every answer.

Search and solver share the time exactly as for nonograms: this class takes the protocol of
``nonogram_split.Split`` (``search()`` pausing at ``pause_at``, the iteration, ``summary``)
and only replaces the search; the pipeline's schedule (``futomip.pipeline.schedule``) gives
it its turns beside the solver on the whole model.  The search stops when
``time.perf_counter()`` reaches ``stop_at`` (``finished`` stays False).
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

from . import nonogram_split
from .latin import LatinDomains, board_of

__all__ = ["LEAF_SHARE", "Split"]

LEAF_SHARE = 0.0
"""A node with at most this share of its cells open goes to the MILP as it is.  0: only
nodes the fixpoint fixed entirely (each costs a model build and a solve, some 5-10 ms,
against well under a millisecond for a search node on a 9x9)."""

PROGRESS_EVERY = 1.0


class Split(nonogram_split.Split):
    """The leaves of the search, as an iterator of ``LatinDomains`` (see the module text).

    ``root`` are the domains after the reduction; ``needed`` says whether it has more open
    cells than a leaf may have.  Counters: ``nodes`` (nodes whose fixpoint held), ``leaves``
    (yielded), ``pruned`` (children the fixpoint proved empty), ``depth`` (deepest node),
    ``root_slice`` and ``first_search`` (set by the pipeline's schedule); the nonogram
    search's other counters stay 0.
    """

    def __init__(self, puzzle, root: LatinDomains, stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None) -> None:
        self.puzzle = puzzle
        self.root = root
        self.stop_at = stop_at
        self.progress = progress
        self.engine = "latin-dfs"
        self.limit = int(LEAF_SHARE * len(root.masks))
        self.finished = False
        self.nodes = self.leaves = self.pruned = self.depth = self.restarts = self.conflicts = self.learnt = 0
        self.first_search = self.root_slice = 0.0
        self.pause_at: float | None = None
        self._search: Iterator[LatinDomains | None] | None = None
        self._learner = None

    @property
    def needed(self) -> bool:
        return self.root.contradiction is None and self.root.finished and self.root.open > self.limit

    def _leaves(self) -> Iterator[LatinDomains | None]:
        if self._search is None:
            self._search = self._counted(self._depth_first())
        return self._search

    def _depth_first(self) -> Iterator[LatinDomains | None]:
        board = board_of(self.puzzle)
        n = self.root.size
        weight = [1 + len(pairs) for pairs in board.cell_less]
        shown = time.perf_counter()
        # Each entry is (domains, depth, change) with change (cell, mask to keep) or None;
        # a child is propagated when popped, so the second child costs nothing until the
        # first child's subtree is done.
        stack: list[tuple[list[int], int, tuple[int, int] | None]] = [(list(self.root.masks), 0, None)]
        while stack:
            dom, depth, change = stack.pop()
            if change is not None:
                if self.stop_at is not None and time.perf_counter() >= self.stop_at:
                    return
                if self._pause():
                    yield None
                cell, keep = change
                dom[cell] &= keep
                if not board.propagate(dom, (cell,)):
                    self.pruned += 1
                    for i in board.failed:
                        weight[i] += 1
                    continue
            self.nodes += 1
            self.depth = max(self.depth, depth)
            open_cells = [i for i, mask in enumerate(dom) if mask & (mask - 1)]
            if self.progress is not None and time.perf_counter() - shown >= PROGRESS_EVERY:
                shown = time.perf_counter()
                self.progress(f"search: {self.nodes} nodes, depth {depth}, {self.leaves} sub-puzzles, "
                              f"{len(open_cells)} cells open here")
            if len(open_cells) <= self.limit:
                yield LatinDomains(n, tuple(dom))
                continue
            cell = min(open_cells, key=lambda i: dom[i].bit_count() / weight[i])
            value = dom[cell] & -dom[cell]
            stack.append((dom.copy(), depth + 1, (cell, ~value)))
            stack.append((dom, depth + 1, (cell, value)))
        self.finished = True
