"""The clause-learning search of ``nonogram_learning``, run by the compiled kernels.

``CompiledLearner`` has the interface of ``nonogram_learning.Learner`` (``leaves()``, the same
counters, ``pause``, ``finished``) and the same rules, but its whole loop (propagation through
the bit-parallel line solver, watched clauses, first-UIP analysis, backjumps, restarts,
clean-ups) runs in ``nonogram_cdcl_search.search`` on numpy arrays.  Python calls it once per
slice of about ``SLICE_SECONDS`` and then looks at the clock, the schedule's pause and the
progress line; a leaf comes back to Python, which yields it (its blocking clause is added by
the next call).  ``interpreted=True`` runs the same kernels' Python source (for tests: slow).

``take_over`` starts one from a Python ``Learner`` stopped at a restart or a leaf: from the
root again, as a search compiled from the start, with the learner's blocking clauses (without
them leaves would come again) and counters only; the level-0 trail is propagated again through
every clause, so that the watches need not be those of the Python search.  The search needs lines of at most
``BIT_LINE`` cells (``fits``).  Only numpy, ``futomip.puzzles`` and the nonogram reduction
modules are imported.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

import numpy as np

from ..puzzles.nonogram import Nonogram
from . import nonogram_cdcl_kernels as k
from .nonogram import BLACK, PROGRESS_EVERY, UNKNOWN, Board, NonogramDomains
from .nonogram_cdcl_search import SCRATCH_ROWS, search
from .nonogram_cdcl_leaves import MEMO_SIZE, LeafBuilder, start_layout, start_tuples
from .nonogram_compiled import _clue_arrays
from .nonogram_learning import LEARNT_CAP, RESTART_CONFLICTS
from .nonogram_line_kernels import BIT_LINE
from .nonogram_whole import WholeGrid

__all__ = ["SLICE_SECONDS", "CompiledLearner", "start_layout", "start_tuples"]

SLICE_SECONDS = 0.01
"""Seconds of one call into the kernels: the schedule's turns (``QUANTUM``, 20 ms) and the
time limit are looked at between calls, and a call costs some 20 microseconds."""


class CompiledLearner:
    """``Learner`` in kernels (see the module text)."""

    def __init__(self, puzzle: Nonogram, root: NonogramDomains | None, limit: int = 0, stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None, restart_conflicts: int | None = None,
                 interpreted: bool = False) -> None:
        self.puzzle = puzzle
        self.height, self.width = height, width = puzzle.height, puzzle.width
        cells, lines = height * width, height + width
        self.stop_at, self.progress = stop_at, progress
        self.restart_conflicts = restart_conflicts or RESTART_CONFLICTS
        self.clues = clues = list(puzzle.rows) + list(puzzle.cols)
        self.runs, self.first, self.count = _clue_arrays(clues)
        most_runs = max((len(clue) for clue in clues if clue is not None), default=0)
        self.table = np.zeros((4, most_runs + 1), dtype=np.uint64)
        self.leaf_builder = LeafBuilder(clues, height, width, interpreted)
        self.rows: dict = {}
        """(row, black mask) -> the row's cells, for leaves with every cell fixed (``_grid``)."""
        self.layers = np.zeros((2, max(height, width) + 1), dtype=np.uint64)
        self.ints = np.zeros(k.INTS, dtype=np.int64)
        self.ints[[k.RUN, k.BUDGET, k.CAP, k.LIMIT]] = 1, self.restart_conflicts, LEARNT_CAP, limit
        self.cell = np.zeros((k.CELL_ROWS, cells + 1), dtype=np.int32)
        self.cell[k.VALUE] = self.cell[k.REASON] = -1
        self.cell[k.PHASE] = self.cell[k.TARGET] = BLACK
        self.why = np.zeros((4, cells), dtype=np.uint64)
        self.activity = np.zeros(cells, dtype=np.float64)
        self.bump = np.ones(1, dtype=np.float64)
        self.masks = np.zeros((2, lines), dtype=np.uint64)
        self.queue = np.zeros(lines, dtype=np.int32)
        self.queued = np.zeros(lines, dtype=np.int8)
        self.lits = np.zeros(16 * cells + 64, dtype=np.int32)
        self.start = np.zeros(1024, dtype=np.int32)
        self.size = np.zeros(1024, dtype=np.int32)
        self.lbd = np.zeros(1024, dtype=np.int32)
        self.kind = np.zeros(1024, dtype=np.int8)
        self.witness = np.zeros(1024, dtype=np.int32)
        self.link = np.full(2048, -1, dtype=np.int32)
        self.head = np.full(2 * cells, -1, dtype=np.int32)
        self.scratch = np.zeros((SCRATCH_ROWS, cells + 64), dtype=np.int32)
        self.level_mark = np.zeros(cells + 2, dtype=np.int8)
        # The blocking clauses' scan (``nonogram_cdcl_scan``): which may not hold, and since when.
        self.unsure = np.zeros(len(self.start) // 64 + 1, dtype=np.uint64)
        self.sat_next = np.zeros(len(self.start), dtype=np.int32)
        self.sat_head = np.full(cells + 2, -1, dtype=np.int32)
        pick = (lambda kernel: kernel.interpreted) if interpreted else (lambda kernel: kernel)
        self._search, self._assign, self._enqueue = pick(search), pick(k.assign), pick(k.enqueue)
        self.steps = 16
        self.finished = False
        self.pause: Callable[[], bool] = lambda: False
        if root is not None:
            for (r, c), (if_black, if_white) in root.scores.items():
                self.activity[r * width + c] = min(if_black, if_white) / (1 + cells)
                self.cell[k.PHASE, r * width + c] = int(if_black >= if_white)
            self.cell[k.TARGET] = self.cell[k.PHASE]
            self._fix([2 * (r * width + c) + state for r, row in enumerate(root.cells)
                       for c, state in enumerate(row) if state != UNKNOWN])

    @staticmethod
    def fits(puzzle: Nonogram) -> bool:
        return max(puzzle.height, puzzle.width) <= BIT_LINE

    @classmethod
    def take_over(cls, learner, interpreted: bool = False) -> "CompiledLearner":
        """The search that goes on from the Python ``learner`` stopped at level 0: it starts
        again from the root, as the compiled search from the start would, and keeps only the
        leaves found (their blocking clauses; one of one literal is a level-0 fact).  So where
        the hand-over came, which depends on the clock, does not change the path from there:
        a puzzle is searched alike in a fresh command and in a batch.  What the Python search
        learnt is dropped; in the time it ran (``SEARCH_KERNEL_AFTER``) the compiled search
        makes its work again some 20 times over.  The counters go on from the learner's."""
        new = cls(learner.puzzle, learner.root, learner.limit, learner.stop_at, learner.progress,
                  learner.restart_conflicts, interpreted)
        if learner.blocking_units:
            new._fix(list(learner.blocking_units))
        for clause in learner.blocking:
            new._store(clause, k.BLOCKING_KIND, 0)
        # Counters only: the path reads the restart run, budget, cap and the learnt count,
        # which start afresh.
        counters = (learner.decisions, learner.conflicts, learner.restarts, learner.depth, learner.leaves_found)
        new.ints[[k.DECISIONS, k.CONFLICTS, k.RESTARTS, k.DEPTH, k.LEAVES]] = counters
        return new

    def _fix(self, literals: list[int]) -> None:
        """Fix ``literals`` at level 0; the trail and every line are propagated again."""
        for literal in literals:
            self._assign(self.ints, self.cell, self.masks, self.queue, self.queued, self.count, self.height,
                         self.width, literal >> 1, literal & 1, k.NONE)
        for line in range(self.height + self.width):
            self._enqueue(self.ints, self.queue, self.queued, self.count, line)
        self.ints[k.HEAD] = 0

    def _store(self, clause: list[int], kind: int, lbd: int) -> None:
        """Keep ``clause`` (at least two literals) watched on its first two literals."""
        while self.ints[k.USED] + len(clause) + self.height * self.width + 2 > len(self.lits) \
                or self.ints[k.CLAUSES] + 2 > len(self.start):
            self._grow()
        c, at = int(self.ints[k.CLAUSES]), int(self.ints[k.USED])
        self.lits[at:at + len(clause)] = clause
        self.start[c], self.size[c], self.kind[c], self.lbd[c], self.witness[c] = at, len(clause), kind, lbd, clause[0]
        if kind == k.BLOCKING_KIND:
            self.unsure[c >> 6] |= np.uint64(1 << (c & 63))
        for s in range(2):
            self.link[2 * c + s] = self.head[clause[s]]
            self.head[clause[s]] = 2 * c + s
        self.ints[k.CLAUSES] += 1
        self.ints[k.USED] += len(clause)
        self.ints[k.LEARNT] += kind == k.LEARNT_KIND

    def _grow(self) -> None:
        """Double the clause store where it is short of room (ids and watches stay valid)."""
        if self.ints[k.USED] + self.height * self.width + 2 > len(self.lits) / 2:
            self.lits = np.concatenate([self.lits, np.zeros_like(self.lits)])
        if self.ints[k.CLAUSES] + 2 > len(self.start) / 2:
            more = len(self.start)
            self.start, self.size, self.lbd, self.kind, self.witness = (
                np.concatenate([array, np.zeros_like(array)])
                for array in (self.start, self.size, self.lbd, self.kind, self.witness))
            self.link = np.concatenate([self.link, np.full(2 * more, -1, dtype=np.int32)])
            self.unsure = np.concatenate([self.unsure, np.zeros(more // 64 + 1, dtype=np.uint64)])
            self.sat_next = np.concatenate([self.sat_next, np.zeros_like(self.sat_next)])

    # The counters of ``Learner``.
    decisions = property(lambda self: int(self.ints[k.DECISIONS]))
    conflicts = property(lambda self: int(self.ints[k.CONFLICTS]))
    restarts = property(lambda self: int(self.ints[k.RESTARTS]))
    depth = property(lambda self: int(self.ints[k.DEPTH]))
    learnt = property(lambda self: int(self.ints[k.LEARNT]))
    leaves_found = property(lambda self: int(self.ints[k.LEAVES]))
    line_solves = property(lambda self: int(self.ints[k.SOLVES]))

    def _stopped(self) -> bool:
        return self.stop_at is not None and time.perf_counter() >= self.stop_at

    def _leaf(self) -> NonogramDomains:
        """The domains of the current fixpoint (what ``Board.domains`` gives): a ``WholeGrid``
        when every cell is fixed, else its line solves in a kernel and only the lines changed
        since the last leaf rebuilt (``nonogram_cdcl_leaves``)."""
        cells = self.height * self.width
        if self.ints[k.TRAIL] == cells:
            # Every cell fixed at a line fixpoint: a grid, whose block starts nobody needs to
            # build unless they read them (``nonogram_whole``).
            return WholeGrid(self.puzzle, self._grid())
        leaf = self.leaf_builder.leaf(self.cell[k.VALUE, :cells], self.masks, self.runs, self.first, self.count,
                                      self.table)
        if leaf is None:
            board = Board(self.puzzle)  # not at a fixpoint: let Board name the contradiction
            board.black = [int(mask) for mask in self.masks[1]]
            board.white = [int(mask) for mask in self.masks[0]]
            return board.domains()
        return leaf

    def _grid(self) -> tuple:
        """The grid of a leaf with every cell fixed, its rows through ``rows`` (a row is its
        black mask; most come back from leaf to leaf)."""
        rows, width = self.rows, self.width
        if len(rows) > MEMO_SIZE:
            rows.clear()
        grid = []
        for r, black in enumerate(self.masks[1, :self.height].tolist()):
            row = rows.get((r, black))
            if row is None:
                row = rows[r, black] = tuple(self.cell[k.VALUE, r * width:(r + 1) * width].tolist())
            grid.append(row)
        return tuple(grid)

    def _slice(self) -> int:
        """One call into the kernels; the number of steps adapts to ``SLICE_SECONDS`` a call."""
        began = time.perf_counter()
        outcome = self._search(self.ints, self.cell, self.why, self.activity, self.bump, self.masks, self.queue,
                               self.queued, self.runs, self.first, self.count, self.height, self.width, self.table,
                               self.layers, self.lits, self.start, self.size, self.kind, self.lbd, self.witness,
                               self.head, self.link, self.scratch, self.level_mark, self.unsure, self.sat_next,
                               self.sat_head, self.steps, self.restart_conflicts)
        if outcome == k.SLICE:
            took = time.perf_counter() - began
            self.steps = max(1, min(1 << 16, int(self.steps * 2 if took < SLICE_SECONDS / 2 else
                                                 self.steps / 2 if took > 2 * SLICE_SECONDS else self.steps)))
        return int(outcome)

    def leaves(self) -> Iterator[NonogramDomains | None]:
        """The leaves, one by one, as ``Learner.leaves``: stops at ``stop_at``, yields None
        whenever ``pause()`` says so."""
        if self._stopped():
            return
        if self.pause():
            yield None
        shown = time.perf_counter()
        while True:
            outcome = self._slice()
            if outcome == k.GROW:
                self._grow()
                continue
            if outcome == k.FINISHED:
                self.finished = True
                return
            if outcome == k.LEAF:
                yield self._leaf()
            if self._stopped():
                return
            if self.progress is not None and time.perf_counter() - shown >= PROGRESS_EVERY:
                shown = time.perf_counter()
                open_cells = self.height * self.width - int(self.ints[k.TRAIL])
                self.progress(f"search: {self.conflicts} conflicts, {self.restarts} restarts, "
                              f"{self.leaves_found} sub-puzzles solved, {open_cells} cells open here")
            if self.pause():
                yield None
