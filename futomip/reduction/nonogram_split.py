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
              yielded as ``NonogramDomains``, a sub-puzzle that the MILP solves (a leaf
              with no open cell is a grid, which the pipeline checks and takes as it is)

The children of a node split its solutions by the colour of one cell and probing only
removes what no solution uses, so the leaves are disjoint and together hold every
solution of the puzzle: solving them one by one finds a solution, proves uniqueness or
enumerates every solution exactly (the pipeline in ``futomip.solve`` does that).

Restarts.  A wrong colour high in the tree can take thousands of nodes to refute, and
another branching order often avoids it (the run times of such searches are heavy-tailed).
So until the first leaf, the search runs with a node budget of ``RESTART_NODES`` times the
Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, ...), and starts again from the root when the budget
is spent: every other run tries the colours in the opposite order, and from the third run on
the branching scores get up to 20% of seeded noise.  A run that yields a leaf runs to its
end, so no leaf is yielded twice and the leaves keep their properties above; the budgets
grow without bound, so the last run is a complete search.

Two searches produce the leaves: this depth-first one (``ENGINE = "probing"``), and a
clause-learning one (``"learning"``, ``nonogram_learning``), which propagates only lines and
learnt no-goods at a node but learns from every refuted branch; it runs in Python
for its first second, then in the compiled kernels (``nonogram_cdcl``; from the start when they
are loaded already).  Its leaves have no open cell (``LEARNING_LEAF_SHARE``): each is a
solution.  Either way the leaves are disjoint and together hold every solution.

Search and solver share the time.  ``search()`` yields the leaves and None whenever the
search reaches ``pause_at`` (then it goes on where it stopped when resumed); the pipeline's
schedule (``futomip.pipeline.schedule``) gives the search its turns that way, beside the
solver on the whole model.

The search stops when ``time.perf_counter()`` reaches ``stop_at``; ``finished`` then stays
False.  Only ``futomip.puzzles`` and the line solver are imported: no solver, no backend,
no ``models``.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Iterator

from ..compiled import compiled_without_waiting, timed_interpreted
from ..puzzles.nonogram import Nonogram
from . import nonogram_kernel_touch
from .nonogram import BLACK, PROGRESS_EVERY, WHITE, Board, NonogramDomains
from .nonogram_cdcl import CompiledLearner
from .nonogram_compiled import SEARCH_KERNEL_AFTER, kernels_coming, new_board, use_kernels
from .nonogram_learning import Learner
from .split_search import SplitSearch, luby

__all__ = ["ENGINE", "ENGINES", "LEAF_SHARE", "LEARNING_LEAF_SHARE", "RESTART_NODES", "SECOND_PATH_RESTART_CONFLICTS",
           "Split"]

ENGINES = ("learning", "probing")

ENGINE = "learning"
"""The search that yields the leaves: "learning" (``nonogram_learning``) or "probing" (below)."""

LEAF_SHARE = 0.1
"""For the probing search: a node with at most this share of its cells open goes to the MILP
as it is.  On TAAI puzzles the MILP solved such nodes in about 20 ms, while nodes with 60%
open took it minutes (benchmarks in docs/measurements.md)."""

LEARNING_LEAF_SHARE = 0.0
"""The same for the learning search: 0, so its leaves are whole grids (solutions, which the
pipeline checks and takes without a model) and the search decides the last cells itself.
Measured on 27 Nov (docs/measurements.md, "Leaves of whole grids"): on every 25th TAAI 2011
puzzle (40) the search to the first whole grid took 4.8 s in all after probing, against 58 s
for leaves of 10% handed to HiGHS; clause learning over the lines settles the last 10% of
cells faster than a model can be built for them."""

RESTART_NODES: int | None = 32
"""Nodes per unit of the Luby sequence of restart budgets; None: never restart.  Taken from a
prototype on ten TAAI puzzles that the search without restarts left at 60 s and not tuned
further; what it gains and costs on TAAI is measured in docs/known-problems.md."""


SECOND_PATH_RESTART_CONFLICTS = 110
"""The restart unit of ``another_path``, the second search that may run beside the first on a
free core.  Any unit other than ``RESTART_CONFLICTS`` sends the search down another path after
its first restart; 90 and 110 were measured alike (docs/measurements.md, "A second search path
on the free core")."""


def _branch(scores: dict[tuple[int, int], tuple[int, int]], run: int = 1,
            noise: random.Random | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    """The cell to split on and its two colours in the order to try them, in restart ``run``
    (``noise``, when given, scales each cell's score by a random factor in [1, 1.2))."""
    def weight() -> float:
        return 1.0 if noise is None else 1 + 0.2 * noise.random()

    (r, c), (black, white) = max(scores.items(), key=lambda item: (min(item[1]) * weight(), sum(item[1])))
    order = (BLACK, WHITE) if black >= white else (WHITE, BLACK)
    return (r, c), order if run % 2 == 1 else order[::-1]


def _touch_every_kernel() -> None:
    """In the loading thread: numba loads the compiled search's code on a small puzzle of its own."""
    nonogram_kernel_touch.call_every_entry_point(nonogram_kernel_touch.sample_puzzle())


class Split(SplitSearch):
    """The leaves of the search, as an iterator of ``NonogramDomains`` (see the module text).

    ``root`` are the domains after probing.  ``needed`` says whether the root has more
    open cells than a leaf may have; when it has not, the only leaf is the root itself.
    ``engine`` is the search (``ENGINE`` when the split was made).  Counters: ``nodes``
    (nodes probed, or decisions of the learning search), ``leaves`` (yielded), ``pruned``
    (children that probing proved empty, or conflicts), ``depth`` (the deepest node),
    ``restarts``, ``conflicts`` and ``learnt`` (no-goods kept at the end; both 0 for the
    probing search); ``root_slice`` and ``first_search`` (the seconds the solver had on the
    whole model, and the search alone before it started) are set by the pipeline's schedule.
    """

    def __init__(self, puzzle: Nonogram, root: NonogramDomains, stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None) -> None:
        self.puzzle = puzzle
        self.root = root
        self.stop_at = stop_at
        self.progress = progress
        self.engine = ENGINE
        share = LEARNING_LEAF_SHARE if self.engine == "learning" else LEAF_SHARE
        self.limit = int(share * puzzle.height * puzzle.width)
        self.finished = False
        self.nodes = self.leaves = self.pruned = self.depth = self.restarts = self.conflicts = self.learnt = 0
        self.first_search = self.root_slice = 0.0
        self.pause_at: float | None = None
        self.restart_conflicts: int | None = None
        """The learning search's restart unit (conflicts); None: ``RESTART_CONFLICTS``."""
        self._search: Iterator[NonogramDomains | None] | None = None
        self._learner: Learner | CompiledLearner | None = None

    @property
    def needed(self) -> bool:
        return self.root.contradiction is None and self.root.finished and self.root.unknown > self.limit

    def another_path(self) -> "Split | None":
        """A fresh search over the same root that restarts with another unit
        (``SECOND_PATH_RESTART_CONFLICTS``), so that its path soon differs from this one's:
        its leaves too are disjoint and together hold every solution.  None for the probing
        search, whose leaves are sub-puzzles for a model rather than grids."""
        if self.engine != "learning":
            return None
        other = Split(self.puzzle, self.root, self.stop_at)
        other.restart_conflicts = SECOND_PATH_RESTART_CONFLICTS
        return other

    def _leaves(self) -> Iterator[NonogramDomains | None]:
        """The one search of this split: leaves, and None whenever it pauses at ``pause_at``."""
        if self._search is None:
            self._search = self._counted(self._learning() if self.engine == "learning" else self._probing())
        return self._search

    def _learning(self) -> Iterator[NonogramDomains | None]:
        """The clause-learning search: compiled from the start when the kernels pay already
        (``use_kernels``), else in Python, handing over to the compiled search at a restart
        once it has run ``SEARCH_KERNEL_AFTER`` seconds.  The kernels are then loaded in a
        thread (``kernels_coming``), while this search waits and, beside a solver on another
        core, keeps its turns (``_await_kernels``): loading them in this thread held up for
        0.2-0.6 s the answer of the solver beside it."""
        puzzle = self.puzzle
        fits = CompiledLearner.fits(puzzle)
        learner: Learner | CompiledLearner
        if fits and use_kernels(puzzle, stop_at=self.stop_at):
            learner = CompiledLearner(puzzle, self.root, self.limit, self.stop_at, self.progress,
                                      self.restart_conflicts)
        else:
            hand_over = (lambda since: kernels_coming(puzzle, since, SEARCH_KERNEL_AFTER, _touch_every_kernel,
                                                      self.stop_at)) if fits else None
            learner = Learner(puzzle, self.root, self.limit, self.stop_at, self.progress, self.restart_conflicts,
                              hand_over=hand_over)
        try:
            while True:
                self._learner = learner
                learner.pause = self._pause
                leaves = learner.leaves()
                if isinstance(learner, Learner):
                    leaves = timed_interpreted(leaves)
                for leaf in leaves:
                    self._sync()
                    yield leaf
                if not getattr(learner, "handing_over", False):
                    break
                yield from self._await_kernels("nonogram")
                if self._stopped():
                    break
                if compiled_without_waiting("nonogram", _touch_every_kernel):
                    learner = CompiledLearner.take_over(learner)
                else:
                    # The thread could not load them (``compiled`` said no in this thread, or
                    # raised): the Python search goes on from its level 0, every clause kept.
                    learner.hand_over, learner.handing_over = None, False
        finally:
            self._sync()
            self.finished = learner.finished

    def _sync(self) -> None:
        """Copy the learning search's counters into this split's (the pipeline reads them)."""
        learner = self._learner
        if learner is not None:
            self.nodes, self.pruned, self.depth = learner.decisions, learner.conflicts, learner.depth
            self.restarts, self.conflicts, self.learnt = learner.restarts, learner.conflicts, learner.learnt

    def _probing(self) -> Iterator[NonogramDomains | None]:
        # One board for every run (its memo of line solutions stays valid across restarts),
        # until the search has run long enough for the compiled board.
        since = time.perf_counter()
        board = new_board(self.puzzle, since)
        run = 1
        while True:
            if type(board) is Board:
                board = new_board(self.puzzle, since)
            budget = None if RESTART_NODES is None else RESTART_NODES * luby(run)
            outcome = yield from self._run(board, run, budget)
            if outcome != "restart":
                self.finished = outcome == "done"
                return
            self.restarts += 1
            run += 1

    def _run(self, board: Board, run: int, budget: int | None) -> Iterator[NonogramDomains | None]:
        """One depth-first search from the root; returns "done" (tree exhausted), "stopped"
        (time) or "restart" (``budget`` nodes probed before any leaf)."""
        board.load(self.root.cells)
        noise = random.Random(run) if run >= 3 else None
        shown = time.perf_counter()
        nodes = leaves = 0
        # Each entry is (board state, depth, branch move or None); a child is probed when
        # popped, so that the first child's subtree is searched before the second child costs anything.
        stack: list[tuple[tuple, int, tuple[int, int, int] | None]] = [(board.state(), 0, None)]
        scores = self.root.scores
        while stack:
            state, depth, move = stack.pop()
            board.restore(state)
            if move is not None:
                if self._stopped():
                    return "stopped"
                if self._pause():
                    yield None
                if budget is not None and not leaves and nodes >= budget:
                    return "restart"
                r, c, colour = move
                board.assign(r, c, colour)
                failed = board.propagate((r, self.puzzle.height + c))
                if failed is None:
                    failed, finished = board.probe(self.stop_at)
                    if not finished:
                        return "stopped"
                if failed is not None:
                    self.pruned += 1
                    continue
                scores = board.scores
            nodes += 1
            self.nodes += 1
            self.depth = max(self.depth, depth)
            open_cells = board.open_cells()
            now = time.perf_counter()
            if self.progress is not None and now - shown >= PROGRESS_EVERY:
                shown = now
                self.progress(f"search: {self.nodes} nodes, {self.restarts} restarts, depth {depth}, "
                              f"{self.leaves} sub-puzzles solved, {open_cells} cells open here")
            if open_cells <= self.limit or not scores:
                leaves += 1
                yield board.domains()
                continue
            (r, c), (first, second) = _branch(scores, run, noise)
            state = board.state()
            for colour in (second, first):
                stack.append((state, depth + 1, (r, c, colour)))
        return "done"
