"""Clause learning over cell colours, with the line solver as the propagator (a CDCL search).

The variables are the cells, a literal is "cell v is black" or "cell v is white"
(``2 v + 1`` and ``2 v``; ``literal ^ 1`` is its negation).  Two kinds of rule
propagate:

    lines     the exact line solver of ``nonogram`` on the line's known cells; each cell
              it fixes gets as reason the few known cells of that line that force it
              (``nonogram_explain``), and a line left without a placement is a conflict
              explained the same way
    clauses   learnt no-goods and the blocking clauses of the leaves found, with two
              watched literals each

A decision sets one open cell (the most active one, VSIDS) in its target phase: the colour
it had on the longest trail that met no conflict (the cells of the levels below a
conflict's), or for a cell not on that trail the colour it last had (phase saving).  The
target is taken at conflicts and forgotten at each clean-up and each leaf, so the search
keeps returning to the largest consistent part of a picture it has found (the "target
phases" of CaDiCaL and Kissat; measured on random pictures, docs/measurements.md).
Propagation runs to its fixpoint.  A conflict is analysed back to its
first unique implication point: the learnt clause says that the cells whose colours
caused it cannot all hold again, every one of its literals is implied by the rules
(each step resolves with a reason, which the rules imply), so it removes no solution;
the search jumps back to the second-highest level of the clause, where the clause fixes
one more cell.  Restarts follow the Luby sequence in units of ``RESTART_CONFLICTS``
conflicts; when more than a cap of learnt clauses are kept, a restart drops the half
that involve the most decision levels (their LBD), keeping those of LBD 2 and less.

Leaves.  A fixpoint with at most ``limit`` open cells, at which every blocking clause
already holds, is a leaf: its cells go to the MILP as a sub-puzzle (``NonogramDomains``).
Then the clause "not all of this leaf's decisions" is added (a blocking clause: it cuts
off exactly the assignments that extend the leaf's decisions, all of which the leaf
holds) and the search goes on.  Leaves therefore never share a solution (a later leaf
satisfies every earlier blocking clause, so it differs from each earlier leaf in a
decision cell), and the search ends, with ``finished`` True, when a conflict needs no
decision: then every solution lies in some leaf.  The first leaf's root domains are
the probing fixpoint of ``nonogram``, so level 0 starts there.

Line solves and reasons go through the compiled line kernel (``nonogram_compiled.LineKernel``)
once ``use_kernels`` says the search has run long enough.  The whole search also exists in
kernels (``nonogram_cdcl.CompiledLearner``, the same rules on numpy arrays); given
``hand_over``, this one stops at a restart, or goes back to level 0 (after a leaf: an enumeration
may find leaves without the conflicts that bring restarts; every 64 decisions: a restart may be
far off) when that says so, and the compiled one starts
again from the root, keeping the leaves found (``nonogram_split`` does this after
``SEARCH_KERNEL_AFTER`` seconds).
Only ``futomip.puzzles`` and the line solvers are imported: no solver, no backend, no
``models``.
"""

from __future__ import annotations

import heapq
import time
from collections import deque
from typing import Callable, Iterator

from ..puzzles.nonogram import Nonogram
from .nonogram import BLACK, MEMO_LIMIT, PROGRESS_EVERY, UNKNOWN, Board, NonogramDomains, _bits, _solve_masks
from .nonogram_clauses import ClauseReasoning
from .nonogram_compiled import LineKernel, use_kernels
from .split_search import luby
from .nonogram_whole import WholeGrid

__all__ = ["RESTART_CONFLICTS", "Learner"]

RESTART_CONFLICTS = 100
"""Conflicts per unit of the Luby sequence of restarts.  100 against the earlier 30 (taken from
a handful of TAAI puzzles), measured on 120 random pictures generated for it (25x25-35x35 at
40-45% black, docs/measurements.md): PAR2 643 -> 497 s, 113 -> 115 solved within 30 s, faster
in every band of times above 0.1 s; 60 and 250 were no better than 100."""

LEARNT_CAP = 2000
"""Learnt clauses kept before the first clean-up; the cap grows by a tenth at each one."""

class Learner(ClauseReasoning):
    """The CDCL search of one puzzle from ``root`` domains; ``leaves()`` yields the leaves.

    Counters: ``decisions``, ``conflicts``, ``restarts``, ``leaves``, ``depth`` (the
    deepest decision level) and ``learnt`` (clauses kept now); ``finished`` once the
    search proved that no solution lies outside the leaves yielded.
    """

    def __init__(self, puzzle: Nonogram, root: NonogramDomains, limit: int = 0, stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None, restart_conflicts: int | None = None,
                 hand_over: Callable[[float], bool] | None = None) -> None:
        self.puzzle, self.root = puzzle, root
        self.height, self.width = height, width = puzzle.height, puzzle.width
        cells, lines = height * width, height + width
        self.clues = list(puzzle.rows) + list(puzzle.cols)
        self.lengths = [width] * height + [height] * width
        self.limit, self.stop_at, self.progress = limit, stop_at, progress
        self.restart_conflicts = restart_conflicts or RESTART_CONFLICTS
        self.value = [UNKNOWN] * cells
        self.level = [0] * cells
        self.reason: list = [None] * cells
        self.black, self.white = [0] * lines, [0] * lines
        self.trail: list[int] = []
        self.levels: list[int] = []  # where each decision level starts on the trail
        self.head = 0
        self.watches: list[list[list[int]]] = [[] for _ in range(2 * cells)]
        self.learnts: list[list[int]] = []
        self.lbd: dict[int, int] = {}
        self.blocking: list[list[int]] = []
        self.blocking_units: list[int] = []
        """The blocking clauses of one literal (leaves of one decision): asserted at level 0, so
        not in ``blocking``; ``CompiledLearner.take_over`` needs them apart from the other facts."""
        self.queued = [False] * lines
        self.dirty: deque[int] = deque()
        self._memo: dict = {}
        # The compiled line solver and reasons, once ``use_kernels`` says the search is worth it
        # (checked every 64 decisions: the rule depends on how long ago the search started).
        self._since = time.perf_counter()
        self._kernel: LineKernel | None = None
        # ``hand_over(since)`` is asked at each restart, after each leaf and every 64 decisions whether the
        # compiled search should take over (``nonogram_cdcl.CompiledLearner.take_over``, which starts again
        # from the root with the leaves found blocked); then ``leaves`` returns with ``handing_over`` True,
        # at level 0.
        self.hand_over, self.handing_over = hand_over, False
        self._load_kernel()
        self._reasons: dict = {}
        self.activity = [0.0] * cells
        self.bump_size = 1.0
        self.phase = [BLACK] * cells
        # Probing's scores say which cells decide most and which colour fixes more: the first
        # decisions follow them (they are the split's branching rule, here only a start).
        for (r, c), (if_black, if_white) in root.scores.items():
            self.activity[r * width + c] = min(if_black, if_white) / (1 + height * width)
            self.phase[r * width + c] = int(if_black >= if_white)
        # Target phases: the colours of the longest trail that met no conflict (see the module
        # text), ``target_len`` cells long; until a conflict they are the saved phases.
        self.target, self.target_len = list(self.phase), 0
        self.heap = [(-self.activity[v], v) for v in range(cells)]
        heapq.heapify(self.heap)
        self.decisions = self.conflicts = self.restarts = self.leaves_found = self.depth = 0
        self.finished = False
        self.pause: Callable[[], bool] = lambda: False
        for r, row in enumerate(root.cells):
            for c, state in enumerate(row):
                if state != UNKNOWN:
                    self._assign(r * width + c, state, None)
        for line in range(lines):
            self._enqueue(line)

    def _load_kernel(self) -> None:
        # With a hand-over the compiled search replaces this one instead (its kernels are
        # loaded without holding the command up, ``nonogram_split``); the line kernel is for a
        # search that stays in Python.
        if (self.hand_over is None and self._kernel is None and LineKernel.fits(self.lengths)
                and use_kernels(self.puzzle, self._since, stop_at=self.stop_at)):
            self._kernel = LineKernel(self.clues, self.lengths)

    @property
    def learnt(self) -> int:
        return len(self.learnts)

    def _enqueue(self, line: int) -> None:
        if not self.queued[line] and self.clues[line] is not None:
            self.queued[line] = True
            self.dirty.append(line)

    def _assign(self, v: int, colour: int, reason) -> None:
        self.value[v] = colour
        self.level[v] = len(self.levels)
        self.reason[v] = reason
        r, c = divmod(v, self.width)
        column = self.height + c
        masks = self.black if colour else self.white
        masks[r] |= 1 << c
        masks[column] |= 1 << r
        self.trail.append(2 * v + colour)
        self._enqueue(r)
        self._enqueue(column)

    def _propagate(self):
        """Clauses, then lines, to the fixpoint; the conflict (a clause, or ``(line,)``) or None."""
        value, watches, trail, dirty = self.value, self.watches, self.trail, self.dirty
        while True:
            while self.head < len(trail):
                false_literal = trail[self.head] ^ 1
                self.head += 1
                conflict = self._watch(watches[false_literal], false_literal, value)
                if conflict is not None:
                    return conflict
            if not dirty:
                return None
            line = dirty.popleft()
            self.queued[line] = False
            known_black, known_white = self.black[line], self.white[line]
            key = (line, known_black, known_white)
            outcome = self._memo.get(key, 0)
            if outcome == 0:
                if len(self._memo) >= MEMO_LIMIT:
                    self._memo.clear()
                if self._kernel is None:
                    solved = _solve_masks(self.clues[line], self.lengths[line], known_black, known_white)
                else:
                    solved = self._kernel.solve(line, known_black, known_white)
                outcome = self._memo[key] = None if solved is None else solved[:2]
            if outcome is None:
                return (line,)
            can_black, can_white = outcome
            new_black = can_black & ~can_white & ~known_black
            new_white = can_white & ~can_black & ~known_white
            if new_black | new_white:
                reason = key
                for colour, fixed in ((1, new_black), (0, new_white)):
                    for i in _bits(fixed):
                        self._assign(self._cell(line, i), colour, reason)

    def _backtrack(self, level: int) -> None:
        """Undo every decision level above ``level``."""
        if len(self.levels) <= level:
            return
        start = self.levels[level]
        height, width = self.height, self.width
        for literal in self.trail[start:]:
            v, colour = literal >> 1, literal & 1
            self.phase[v] = colour
            self.value[v] = UNKNOWN
            self.reason[v] = None
            r, c = divmod(v, width)
            masks = self.black if colour else self.white
            masks[r] &= ~(1 << c)
            masks[height + c] &= ~(1 << r)
            heapq.heappush(self.heap, (-self.activity[v], v))
        del self.trail[start:]
        del self.levels[level:]
        self.head = len(self.trail)
        self.dirty.clear()
        self.queued = [False] * len(self.queued)

    def _aim(self, consistent: int) -> None:
        """At a conflict, whose first ``consistent`` trail cells met none: the target phases
        become the colours now on the trail (the saved phases elsewhere) when that is the
        longest such trail since the last reset."""
        if consistent > self.target_len:
            self.target_len = consistent
            target = self.target
            target[:] = self.phase
            for literal in self.trail:
                target[literal >> 1] = literal & 1

    def _pick(self) -> int | None:
        """The open cell of highest activity, or None when none is open."""
        heap, value, activity = self.heap, self.value, self.activity
        while heap:
            key, v = heapq.heappop(heap)
            if value[v] == UNKNOWN and -key == activity[v]:
                return v
        return next((v for v, state in enumerate(value) if state == UNKNOWN), None)

    def _unblocked(self) -> int | None:
        """An open cell of a blocking clause that does not hold yet, or None when all hold."""
        value = self.value
        for clause in self.blocking:
            if any(value[literal >> 1] == literal & 1 for literal in clause):
                continue
            return next(literal >> 1 for literal in clause if value[literal >> 1] == UNKNOWN)
        return None

    def _leaf(self) -> NonogramDomains:
        """The domains of the current line fixpoint: a ``WholeGrid`` when no cell is open."""
        if UNKNOWN not in self.value:
            width = self.puzzle.width
            value = self.value
            return WholeGrid(self.puzzle, tuple(tuple(value[at:at + width]) for at in range(0, len(value), width)))
        board = Board(self.puzzle)
        board.black, board.white = list(self.black), list(self.white)
        return board.domains()

    def _stopped(self) -> bool:
        return self.stop_at is not None and time.perf_counter() >= self.stop_at

    def leaves(self) -> Iterator[NonogramDomains | None]:
        """The leaves, one by one (see the module text); stops at ``stop_at``, and yields None
        whenever ``pause()`` says so (then goes on when resumed)."""
        self._seen = [False] * len(self.value)
        if self._stopped():
            return
        if self.pause():
            yield None
        cap, run, budget = LEARNT_CAP, 1, self.restart_conflicts
        shown = time.perf_counter()
        while True:
            conflict = self._propagate()
            if conflict is not None:
                self.conflicts += 1
                if not self.levels:
                    self.finished = True
                    return
                self._aim(self.levels[-1])
                clause, back = self._analyse(conflict)
                self._backtrack(back)
                self.lbd[id(clause)] = len({self.level[literal >> 1] for literal in clause[1:]}) + 1
                self._add(clause, self.learnts)
                budget -= 1
                if self.conflicts % 16 == 0:
                    if self._stopped():
                        return
                    if self.pause():
                        yield None
                continue
            if budget <= 0:
                run += 1
                budget = self.restart_conflicts * luby(run)
                self.restarts += 1
                self._backtrack(0)
                if len(self.learnts) > cap:
                    self._clean()
                    cap += cap // 10
                    self.target_len = 0
                if self.hand_over is not None and self.hand_over(self._since):
                    self.handing_over = True
                    return
                continue
            if self.progress is not None and time.perf_counter() - shown >= PROGRESS_EVERY:
                shown = time.perf_counter()
                self.progress(f"search: {self.conflicts} conflicts, {self.restarts} restarts, "
                              f"{self.leaves_found} sub-puzzles solved, {self.value.count(UNKNOWN)} cells open here")
            v = None
            if self.value.count(UNKNOWN) <= self.limit:
                v = self._unblocked()
                if v is None:
                    self.leaves_found += 1
                    yield self._leaf()
                    if not self.levels:
                        self.finished = True
                        return
                    decisions = [self.trail[start] for start in self.levels]
                    self._backtrack(len(decisions) - 1)
                    clause = [literal ^ 1 for literal in reversed(decisions)]
                    if len(clause) == 1:
                        self.blocking_units.append(clause[0])
                    self._add(clause, self.blocking)
                    self.target_len = 0
                    # An enumeration finds leaves without conflicts, so it may never reach a
                    # restart: hand over here too, after a restart of its own (always sound:
                    # every clause is kept).
                    if self.hand_over is not None and self.hand_over(self._since):
                        self._backtrack(0)
                        self.handing_over = True
                        return
                    continue
            if v is None:
                v = self._pick()
            self.decisions += 1
            if self.decisions % 64 == 0:
                if self._stopped():
                    return
                if self.hand_over is not None and self.hand_over(self._since):
                    # Between restarts too: the compiled search starts from the root anyway.
                    self._backtrack(0)
                    self.handing_over = True
                    return
                self._load_kernel()
                if self.pause():
                    yield None
            self.levels.append(len(self.trail))
            self.depth = max(self.depth, len(self.levels))
            self._assign(v, self.target[v], None)
