"""Splitting a nonogram that probing leaves open into sub-puzzles small enough for the MILP.

Random nonograms (the TAAI tournament set) are the hard case for a MILP: line solving and
probing fix almost nothing at the root, and HiGHS or CBC branch for minutes on the
625 open cells of a 25x25 puzzle.  Yet one fixed cell often lets probing fix hundreds
more.  So the search below splits the puzzle, depth first, on one open cell at a time:

    node:     a grid of cell states, already at its probing fixpoint
    branch:   the open cell whose two probes fixed most (the larger of the two smaller
              counts, then the larger total), black and white as two children, the
              colour whose probe fixed more cells first
    child:    the branch cell set, then the line fixpoint and probing; a child that ends
              in a line without a placement holds no solution and is dropped
    leaf:     a node with at most ``LEAF_SHARE`` of its cells open (often none): it is
              yielded as ``NonogramDomains``, a sub-puzzle that the MILP solves

The children of a node split its solutions by the colour of one cell and probing only
removes what no solution uses, so the leaves are disjoint and together hold every
solution of the puzzle: solving them one by one finds a solution, proves uniqueness or
enumerates every solution exactly (the pipeline in ``futomip.solve`` does that).

The search stops when ``time.perf_counter()`` reaches ``stop_at``; ``finished`` then stays
False.  Only ``futomip.puzzles`` and the line solver are imported: no solver, no backend,
no ``models``.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

from ..puzzles.nonogram import Nonogram
from .nonogram import BLACK, PROGRESS_EVERY, WHITE, Board, NonogramDomains

__all__ = ["LEAF_SHARE", "Split"]

LEAF_SHARE = 0.1
"""A node with at most this share of its cells open goes to the MILP as it is.  On TAAI
puzzles the MILP solved such nodes in about 20 ms, while nodes with 60% open took it
minutes (benchmarks in the README)."""


def _branch(scores: dict[tuple[int, int], tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The cell to split on and its two colours in the order to try them."""
    (r, c), (black, white) = max(scores.items(), key=lambda item: (min(item[1]), sum(item[1])))
    return (r, c), ((BLACK, WHITE) if black >= white else (WHITE, BLACK))


class Split:
    """The leaves of the search, as an iterator of ``NonogramDomains`` (see the module text).

    ``root`` are the domains after probing.  ``needed`` says whether the root has more
    open cells than a leaf may have; when it has not, the only leaf is the root itself.
    Counters: ``nodes`` (nodes probed), ``leaves`` (yielded), ``pruned`` (children that
    probing proved empty) and ``depth`` (the deepest node).
    """

    def __init__(self, puzzle: Nonogram, root: NonogramDomains, stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None) -> None:
        self.puzzle = puzzle
        self.root = root
        self.stop_at = stop_at
        self.progress = progress
        self.limit = int(LEAF_SHARE * puzzle.height * puzzle.width)
        self.finished = False
        self.nodes = self.leaves = self.pruned = self.depth = 0

    @property
    def needed(self) -> bool:
        return self.root.contradiction is None and self.root.finished and self.root.unknown > self.limit

    def summary(self) -> dict:
        """The search counters, for reports."""
        return {"nodes": self.nodes, "subpuzzles": self.leaves, "pruned": self.pruned, "depth": self.depth,
                "finished": self.finished}

    def __iter__(self) -> Iterator[NonogramDomains]:
        if not self.needed:
            self.leaves = 1
            self.finished = True
            yield self.root
            return
        board = Board(self.puzzle)
        board.load(self.root.cells)
        shown = time.perf_counter()
        # Each entry is (board state, depth, branch move or None); a child is probed when
        # popped, so that the first child's subtree is searched before the second child costs anything.
        stack: list[tuple[tuple, int, tuple[int, int, int] | None]] = [(board.state(), 0, None)]
        scores = self.root.scores
        while stack:
            state, depth, move = stack.pop()
            board.restore(state)
            if move is not None:
                if self.stop_at is not None and time.perf_counter() >= self.stop_at:
                    return
                r, c, colour = move
                board.assign(r, c, colour)
                failed = board.propagate((r, self.puzzle.height + c))
                if failed is None:
                    failed, finished = board.probe(self.stop_at)
                    if not finished:
                        return
                if failed is not None:
                    self.pruned += 1
                    continue
                scores = board.scores
            self.nodes += 1
            self.depth = max(self.depth, depth)
            open_cells = board.open_cells()
            now = time.perf_counter()
            if self.progress is not None and now - shown >= PROGRESS_EVERY:
                shown = now
                self.progress(f"search: {self.nodes} nodes, depth {depth}, {self.leaves} sub-puzzles solved, "
                              f"{open_cells} cells open here")
            if open_cells <= self.limit or not scores:
                self.leaves += 1
                yield board.domains()
                continue
            (r, c), (first, second) = _branch(scores)
            state = board.state()
            for colour in (second, first):
                stack.append((state, depth + 1, (r, c, colour)))
        self.finished = True
