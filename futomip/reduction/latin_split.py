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

The search runs in the kernels of ``latin_search_kernels`` (one array of masks and a trail,
no copies of the domains), compiled by numba.  So that a small puzzle never loads numba, it
starts on Python integers (``latin_python_search``, also the search for orders above
``latin_kernels.MAX_SIZE``); after ``latin_core.COMPILE_AFTER`` seconds of work a thread
loads the kernels while the search waits, keeping its turns (``compiled.compiled_without_waiting``:
beside a worker on another core the command reads the worker's answers meanwhile, where loading
in the search's own thread held them up for 0.2-0.35 s), and once they are loaded the
compiled search starts again from the root and skips the leaves already yielded (with
``LEAF_SHARE`` 0 every leaf is a solution, so both searches have the same leaves).  In a
process that has numba loaded already, or whose Python work has reached the cost of loading it
(``futomip.compiled.pays``), the first search runs on the compiled kernels instead.
Restarts (off by default; "twin" for a Latin completion, ``options.DEFAULT_RESTARTS``) go back to
the root before the first leaf after a Luby sequence of failure cutoffs, as the search's ``restart_policy`` (``futomip.options.Restarts``, from
the command's ``Options``) says: ``latin_restarts`` holds the cutoffs and what each restart
changes.  A run that yields a leaf runs to its end.  Under the "twin" policy a second search
on its own core, in the same LP order but restarting ``TWIN_FACTOR`` times less often and with
other noise, takes turns with the first, chunk by chunk, until one of them meets a leaf; that
one goes on alone and the other is dropped.  Both search the same root, so the leaves are
those of one complete search, as with one search: QWH completion times are heavy-tailed
(Gomes, Selman and Kautz), and which restart unit finds a completion soon varies from
instance to instance (docs/measurements.md, 29 Nov, twenty-seventh session).  Under the "learn"
policy the second side is a clause-learning search on the puzzle's CNF (``latin_cdcl``: it
learns from its conflicts what the split search does not, and blocks each leaf it returns, so
its leaves too are the solutions, each once); a puzzle whose rules are not groups only keeps
the second split search.

The two children of a node split its solutions by whether the cell holds v, and the
fixpoint only removes values no solution uses, so the leaves are disjoint and together
hold every solution: solving them one by one finds a solution, proves uniqueness or
enumerates exactly (``futomip.pipeline.finder``).  A leaf with no open cell is a solution
already (a fixpoint with one value per cell satisfies every group and every sign); the
MILP still solves it, and the puzzle's ``verify`` checks the grid, as for every answer.

Search and solver share the time exactly as for nonograms: this class takes the protocol of
``split_search.SplitSearch`` (``search()`` pausing at ``pause_at``, the iteration, ``summary``),
as ``nonogram_split.Split`` does, and only brings the search; the pipeline's schedule
(``futomip.pipeline.schedule``) gives it its turns beside the solver on the whole model.  The search stops when
``time.perf_counter()`` reaches ``stop_at`` (``finished`` stays False).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Iterator

from .. import compiled
from ..options import Restarts
from . import latin_core, latin_kernel_touch
from .latin import LatinDomains, board_of
from .latin_dive import dive
from .latin_kernels import C_DEPTH, C_FAIL_LIMIT, C_LIMIT, C_NODES, C_NOISE, C_PRUNED, C_RNG, C_VALUE_ORDER
from .latin_python_search import HANDOVER, PROGRESS_EVERY, python_leaves
from .latin_restarts import Restarter
from .latin_search_kernels import DONE, LEAF, RESTART
from .split_search import SplitSearch

if TYPE_CHECKING:
    from .latin_cdcl import CdclCore

__all__ = ["LEAF_SHARE", "Split"]

LEAF_SHARE = 0.0
"""A node with at most this share of its cells open goes to the MILP as it is.  0: only
nodes the fixpoint fixed entirely (each costs a model build and a solve, some 5-10 ms,
against well under a millisecond for a search node on a 9x9)."""

SEED = 12345
"""The noise generator's seed: the search is deterministic, compiled or interpreted."""

DIVE_ROUNDS = 1
"""LP solves of the dive at the hand-over (``latin_dive``) when the pipeline brings a
relaxation: 1 solves the root relaxation for the value order only.  Deeper dives (up to
``latin_dive.MAX_ROUNDS``) found no completion of order-30 QWH instances at 42% holes in
4-6 s (the relaxation's vertices are mostly fractional there: 31 of 377 open cells at 1),
docs/measurements.md, "The LP value order for Latin completion"."""

def _touch_every_kernel() -> None:
    """In the loading thread: numba loads every entry point's code on a small board of its own."""
    latin_kernel_touch.call_every_entry_point(latin_kernel_touch.sample_board())


ROOT_LP_SECONDS = 5.0
"""Seconds the relaxation may take before the search goes on without it."""

TWIN_FACTOR = 10
"""The second twin search restarts after this many times the first one's failures."""

FIRST_CHUNK, MAX_CHUNK = 16, 4096
"""Nodes per kernel call, first and at most (between two calls the clock and the pause are read)."""


class Split(SplitSearch):
    """The leaves of the search, as an iterator of ``LatinDomains`` (see the module text).

    ``root`` are the domains after the reduction; ``needed`` says whether it has more open
    cells than a leaf may have.  Counters: ``nodes`` (nodes whose fixpoint held), ``leaves``
    (yielded), ``pruned`` (children the fixpoint proved empty), ``depth`` (deepest node),
    ``root_slice`` and ``first_search`` (set by the pipeline's schedule); the nonogram
    search's other counters stay 0.  ``restart_policy`` (``Restarts``, off unless given; the
    pipeline sets the command's) says when the search restarts (``latin_restarts``).
    """

    def __init__(self, puzzle, root: LatinDomains, stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None, mode: str = "auto",
                 restart_policy: Restarts = Restarts()) -> None:
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
        self._pending: list[LatinDomains] = []
        self.mode = mode
        """How the kernels run: "auto", "interpreted" or "compiled" (``latin_core.Core``)."""
        self._core: latin_core.Core | None = None
        self._live: list[latin_core.Core] = []
        """The cores searching now (two while twin searches take turns), whose counters ``_sync_core`` adds."""
        self._offsets = (0, 0, 0)
        self.restart_policy = restart_policy
        self.relaxation = None
        """A factory ``(board, masks, stop_at) -> relaxation`` for ``latin_dive`` (the pipeline
        sets it); None: no dive, the search alone."""
        self.others_beside = False
        """See ``SplitSearch``; here also: the dive's relaxation is then solved in a thread while
        the search keeps its turns (``latin_dive.dive``)."""
        self.dive = None
        self.learning: CdclCore | None = None
        """The clause-learning search that took turns with the first ("learn"), if one did."""
        self.twin: str | None = None
        """The twin searches' outcome: None (none ran), "undecided", or which search, "first" or "second"
        (the one restarting less often), met the first leaf or the end."""

    @property
    def restart_policy(self) -> Restarts:
        """When the search restarts (``Restarts``; set before it starts)."""
        return self.restarter.policy

    @restart_policy.setter
    def restart_policy(self, policy: Restarts) -> None:
        self.restarter = Restarter(policy, self.root.masks, SEED)
        """The restarts of this search (``latin_restarts``), with the root facts so far."""
        self.twin_restarter = None if policy.kind not in ("twin", "learn") else \
            Restarter(Restarts("lp", TWIN_FACTOR * policy.failures), self.root.masks, SEED + 1)
        """The restarts of the second twin search (None: no twins); under "learn", of the
        search that stands in for the learning one where the CNF does not fit (``latin_cdcl.fits``)."""

    @property
    def needed(self) -> bool:
        return self.root.contradiction is None and self.root.finished and self.root.open > self.limit

    def summary(self) -> dict:
        """The search counters, for reports, and whether its kernels ran ``compiled``."""
        summary = {**super().summary(), "compiled": self._core is not None and self._core.compiled,
                   "restart_policy": str(self.restart_policy)}
        if self.dive is not None:
            summary["dive"] = self.dive.summary()
        if self.twin is not None:
            summary["twin"] = self.twin
        if self.learning is not None:
            summary["learning"] = self.learning.counters()
        return summary

    def _leaves(self) -> Iterator[LatinDomains | None]:
        # ``_depth_first`` counts its leaves itself: no counting generator between it and the
        # caller (a frame per leaf and per pause, which a short 9x9 search feels).
        if self._search is None:
            self._search = self._depth_first()
        return self._search

    def _depth_first(self) -> Iterator[LatinDomains | None]:
        # The board the reduction propagated on, when the root comes from it (built once per puzzle).
        board = self.root.board if self.root.board is not None else board_of(self.puzzle)
        if not latin_core.usable(board):
            for leaf in python_leaves(self, board):
                if leaf is not HANDOVER:
                    if leaf is not None:
                        self.leaves += 1
                    yield leaf
            return
        mode, yielded = self.mode, None
        if mode == "auto" and self.limit == 0:
            # The Python search first (the fastest without numba); after COMPILE_AFTER seconds of
            # work the compiled kernels search again from the root and skip the leaves already
            # yielded.  A leaf with no open cell is a solution, so both searches' leaves are
            # the set of solutions: none is lost or repeated.  When numba is loaded already (a
            # long-lived process: bench, batch, the API) the first search is compiled too, so
            # that the hand-over, and the LP dive it brings, come as they would; so is it once
            # the Python searches of this process have taken as long as loading numba costs
            # (``compiled.pays``: a batch of many short searches).
            yielded = set()
            # pays() alone never imports numba; compiled() then reads the decision made or makes
            # it (and keeps a search whose kernels cannot compile on the Python path to its end).
            if compiled.pays(self.stop_at, "latin") and compiled.compiled("latin"):
                first = self._kernel_search(self._new_core(board, "compiled"), latin_core.COMPILE_AFTER)
            else:
                first = compiled.timed_interpreted(python_leaves(self, board, latin_core.COMPILE_AFTER))
            dived = False
            for leaf in first:
                if leaf is HANDOVER:
                    # A thread loads the kernels; this search waits for it (the compiled search
                    # starts again from the root: the Python search's progress meanwhile would
                    # be lost, and the other core is the worker's) but, beside a worker on its
                    # own core, pauses when its turn ends, so that the command reads the
                    # worker's pipe meanwhile.  Taking turns on one core it waits as the load
                    # in this thread did (the thread would run on through the worker's turn).
                    if not compiled.compiled_without_waiting("latin", _touch_every_kernel):
                        yield from self._await_kernels("latin")
                        if self._stopped():
                            return
                    if compiled.compiled_without_waiting("latin", _touch_every_kernel):
                        break
                    # No kernels yet: the Python search goes on (it has no LP value order), after a
                    # dive on the interpreted kernels when dives go deeper than the root LP.  It
                    # asks again at its next hand-over: while the thread loads the kernels, or
                    # the background warm-up compiles them (after installing), the answer is no,
                    # and later yes.
                    if DIVE_ROUNDS > 1 and not dived:
                        dived = True
                        yield from self._dive(latin_core.Core(board, self.root.masks, "interpreted"), yielded)
                    continue
                if leaf is not None:
                    if leaf.masks in yielded:
                        continue
                    yielded.add(leaf.masks)
                    self.leaves += 1
                yield leaf
            else:
                return
            mode = "compiled"
        core = self._new_core(board, mode)
        if self.relaxation is not None and yielded is not None:
            yield from self._dive(core, yielded)
        for leaf in self._kernel_search(core, twin=self._twin_core(board, mode)):
            if leaf is None:
                yield leaf
            elif yielded is None or leaf.masks not in yielded:
                self.leaves += 1
                yield leaf

    def _new_core(self, board, mode: str) -> latin_core.Core:
        core = self._core = self._root_core(board, mode, SEED)
        self._live = [core]
        self._offsets = (self.nodes, self.pruned, self.depth)
        core.set_control(C_FAIL_LIMIT, self._budget(1))
        return core

    def _root_core(self, board, mode: str, seed: int) -> latin_core.Core:
        """A core at the split's root with this search's leaf limit and the noise seed ``seed``."""
        core = latin_core.Core(board, self.root.masks, mode)
        core.set_control(C_LIMIT, self.limit)
        core.set_control(C_RNG, seed)
        return core

    def _order_by_lp(self, core) -> None:
        """The root LP's values first (``latin_dive``; the dive has run)."""
        core.prefer(self.dive.prefer)
        core.set_control(C_VALUE_ORDER, 2)

    def _twin_core(self, board, mode: str):
        """The second twin search's core (see the module text), set up like the first after its dive:
        the root, the LP's value order, its own noise and restart cutoffs; None when there is
        no twin (another policy, or no LP order: without it "lp" makes no restarts).  Under
        "learn", the clause-learning search on the root's CNF in the LP's order when the CNF
        fits (``latin_cdcl``)."""
        if self.twin_restarter is None or self.dive is None:
            return None
        # Imported here: the CNF's arrays are numpy's, which a small puzzle never loads.
        from . import latin_cdcl

        if self.restart_policy.kind == "learn" and latin_cdcl.fits(board, self.root.masks):
            learning = self.learning = latin_cdcl.CdclCore(board, self.root.masks, mode)
            learning.prefer(self.dive.prefer)
            self._live.append(learning)
            self.twin = "undecided"
            return learning
        core = self._root_core(board, mode, SEED + 1)
        self._order_by_lp(core)
        core.set_control(C_NOISE, 1)
        core.set_control(C_FAIL_LIMIT, self.twin_restarter.budget(1, True))
        self._live.append(core)
        self.twin = "undecided"
        return core

    def _kernel_search(self, core, budget: float | None = None,
                       twin: latin_core.Core | None = None) -> Iterator[LatinDomains | None]:
        """The kernels' search on ``core`` to its end; with a ``budget``, ``HANDOVER`` (and the
        end) after that many seconds of work; with a ``twin`` core, the two cores take
        turns until one meets a leaf or the end, and that one goes on alone."""
        n = self.root.size
        shown = time.perf_counter()
        worked = 0.0
        # Per searching core: [core, its restarts, its run, its chunk]; the first twin is ``core``.
        # Each side has its own chunk: a learning step and a search node cost different times.
        sides = [[core, self.restarter, 1, FIRST_CHUNK]]
        if twin is not None:
            sides.append([twin, self.twin_restarter, 1, FIRST_CHUNK])
        turn = 0
        while True:
            if self._stopped():
                return
            if budget is not None and worked >= budget:
                yield HANDOVER
                return
            if self._pause():
                yield None
            side = sides[turn]
            core = side[0]
            started = time.perf_counter()
            chunk = side[3]
            outcome = core.search(chunk)
            ended = time.perf_counter()
            worked += ended - started
            # Aim at some 5 ms between two looks at the clock, whatever a node costs.
            side[3] = max(1, min(MAX_CHUNK, chunk * 2 if ended - started < 0.005 else chunk // 2))
            self._sync_core()
            if self.progress is not None and ended - shown >= PROGRESS_EVERY:
                shown = ended
                self.progress(f"search: {self.nodes} nodes, {self.restarts} restarts, depth {self.depth}, "
                              f"{self.leaves} sub-puzzles" + (" (compiled)" if core.compiled else ""))
            if len(sides) > 1 and outcome in (LEAF, DONE):
                # The twins' turns end: this one searches on alone (its end is the search's).
                self._drop(sides[1 - turn][0])
                self.twin = "first" if turn == 0 else "second"
                sides, turn, self._core = [side], 0, core
            if outcome == RESTART:
                # Back to the root with the failure weights learnt so far (``latin_restarts``).
                side[2] += 1
                self.restarts += 1
                if not side[1].restart(core, side[2], self.dive):
                    self.finished = True  # the root facts leave no value somewhere: no solution
                    return
            elif outcome == LEAF:
                # A run that yields a leaf runs to its end: no leaf comes twice.
                core.set_control(C_FAIL_LIMIT, -1)
                yield LatinDomains(n, core.masks())
            elif outcome == DONE:
                self.finished = True
                return
            turn = (turn + 1) % len(sides)

    def _dive(self, core, yielded: set) -> Iterator[LatinDomains | None]:
        """An LP-guided dive from the root (``latin_dive``), once: its candidate, if any, as a
        leaf (added to ``yielded``, so the search skips it), and the root relaxation's values
        as the search's value order."""
        if self.relaxation is None or self.dive is not None:
            return
        # The root relaxation is only worth a bounded time: the search goes on without it.
        stop = time.perf_counter() + ROOT_LP_SECONDS
        stop = stop if self.stop_at is None else min(stop, self.stop_at)
        relaxation = self.relaxation(core.board, self.root.masks, stop, "ipm" if DIVE_ROUNDS == 1 else "simplex")
        for outcome in dive(core, relaxation, self.stop_at, self._pause, DIVE_ROUNDS, self.others_beside):
            if outcome is None:
                yield None
                continue
            self.dive = outcome
        self._order_by_lp(core)
        core.set_control(C_FAIL_LIMIT, self._budget(1))  # the LP order's restart cutoffs from now on
        if self.dive.solution is not None and self.dive.solution not in yielded:
            yielded.add(self.dive.solution)
            self.leaves += 1
            yield LatinDomains(self.root.size, self.dive.solution)

    def _budget(self, run: int) -> int:
        """The failures restart ``run`` may meet before the next restart (-1: no restarts)."""
        return self.restarter.budget(run, self.dive is not None)

    def _sync_core(self) -> None:
        counts = self._offsets
        for core in self._live:
            counts = _plus(counts, core)
        self.nodes, self.pruned, self.depth = counts

    def _drop(self, core) -> None:
        """Stop counting ``core`` live (the twin that lost): its counters join the offsets."""
        self._offsets = _plus(self._offsets, core)
        self._live.remove(core)
        core.release()


def _plus(counts: tuple[int, int, int], core) -> tuple[int, int, int]:
    """(nodes, pruned, depth) with ``core``'s counters added (the deepest of the depths)."""
    control = core.control  # once per chunk: no dict of counters
    nodes, pruned, depth = counts
    return nodes + control(C_NODES), pruned + control(C_PRUNED), max(depth, control(C_DEPTH))
