"""A second path of the split search and the solver on the whole model, in turns, on the free core.

The schedule (``futomip.pipeline.schedule``) runs the split search in this process and, on
a free core, a worker beside it: usually the solver on the whole model (``whole_model``).
For kinds whose split search yields whole grids and whose whole model the solver seldom
answers first (``Solver.second_search_for``: nonograms with HiGHS, which answered first on
1 of the 1,000 TAAI 2011 puzzles), the worker also runs a second search over the same root
that restarts with another unit (``Split.another_path``), taking turns with the solver on the
whole model by the same fair share as the schedule's one-core mode.  A clause-learning
search's time on a hard picture depends on its path far more than on its speed (the same
search took 1.5 s with one restart unit and 22 s with another), so two paths answer in about
the better of their times, the race of restarted searches of Gomes, Selman and Kautz on two
cores; the solver keeps its turns because on some puzzles it proves in a second what the
searches take many for (the uniqueness of the MiniZinc challenge's ``dom_14``: HiGHS 0.8 s,
two search paths 5 s).

Bound.  With T_1 the search in this process alone, T_2 the second path alone and T_m the
solver alone, the answer comes after about min(T_1, 2 min(T_2, T_m)) plus a few turns: never
later than the search alone, and within 2x of the solver alone (1.2x with the solver alone
in the worker: the price of the second path).

Exactness.  The second path's leaves, like the first's, are disjoint grids that together
hold every solution, and the whole model holds every solution.  Each request carries the
grids found since the last one; neither side of the worker answers one of those, and every
grid it answers is taken or already found (the parent re-asks on a grid it found meanwhile).
So "no other solution" from either side is exact, and uniqueness proofs and enumeration stay
exact.

The process machinery (fork, freeze, resume, ending with the parent) is the whole-model
worker's.  The solver runs in a worker of this worker, in its process group, so that the
parent freezes both at once; to end, the parent asks the worker (SIGTERM), which kills and
reaps the solver's process before it exits, so no process is left for init to reap.  Must
not import the CLI.
"""

from __future__ import annotations

import os
import signal
import time

from ..status import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT
from . import schedule
from .found import FoundGrids
from .whole_model import WholeModelWorker

__all__ = ["SecondSearchWorker", "STOP_WAIT"]

STOP_WAIT = 2.0
"""Seconds the worker has to reap the solver's process and exit before its group is killed."""


class SecondSearchWorker(WholeModelWorker):
    """The schedule's worker side running ``split`` (a fresh ``Split.another_path()``, not yet
    started) in turns with the solver on the whole model (the other arguments are
    ``WholeModelWorker``'s); ``answered_side`` says which of the two gave the last answer
    ("search" or "model")."""

    def __init__(self, split, puzzle, pair, encoding: str, options, domains, deadline_end: float | None,
                 found: list) -> None:
        super().__init__(puzzle, pair, encoding, options, domains, deadline_end, found)
        self.split = split

    def _serve(self, connection) -> None:
        _serve(connection, self.split, self.args)

    def close(self) -> None:
        """End the worker and reap it; the solver's process, a child of the worker, is reaped by
        the worker (killed with the group instead, it would be left to init, a zombie until
        then): the worker is asked to end with SIGTERM, and its group is killed only if it
        has not ended within ``STOP_WAIT`` seconds."""
        if self.pid is None:
            return
        self._signal(signal.SIGCONT)  # a frozen worker cannot end itself
        try:
            os.kill(self.pid, signal.SIGTERM)
        except OSError:
            pass
        end = time.monotonic() + STOP_WAIT
        while time.monotonic() < end:
            try:
                ended, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                ended = self.pid
            if ended:
                self.connection.close()
                self.pid = None
                return
            time.sleep(0.001)
        super().close()


class _Path:
    """The second search as a side of ``schedule.run``: ``step(until)``."""

    def __init__(self, split, found: FoundGrids) -> None:
        self.split, self.found = split, found
        self.leaves = split.search()

    def step(self, until: float):
        self.split.pause_at = until
        while True:
            leaf = next(self.leaves, False)
            if leaf is None:
                return None
            if leaf is False:
                return (INFEASIBLE, None) if self.split.finished else schedule.GAVE_UP
            grid = leaf.solution()
            if grid is not None and grid not in self.found:
                return SOLVED, grid
            if time.perf_counter() >= until:
                return None


def _serve(connection, split, model_args) -> None:
    """The worker: on each request, note the grids found elsewhere, then let the second path
    and the solver on the whole model take turns until one answers; send that answer."""
    found = FoundGrids()
    path = _Path(split, found)
    # In this worker's process group: frozen and killed with it by the parent.
    model = WholeModelWorker(*model_args, found, own_group=False)
    turns = schedule.Turns("sequential")

    def end(signum, frame) -> None:
        model.close()  # kills and reaps the solver's process
        os._exit(0)

    signal.signal(signal.SIGTERM, end)
    try:
        while True:
            try:
                cuts = connection.recv()
            except (EOFError, OSError):
                return
            found.extend(cuts)
            try:
                answer, _ = schedule.run("sequential", path, model, turns=turns)
            except Exception as exc:  # noqa: BLE001 - reported to the parent, which goes on with its search.
                connection.send((ERROR, None, f"the second search path failed: {exc}", {}, {}, ""))
                continue
            side = "model" if turns.answered_by == "solver" else "search"
            if answer is None:
                summary = split.summary()
                message = model.message or f"time limit reached in the second search path ({summary['nodes']} decisions)"
                connection.send((TIME_LIMIT, None, message, {}, {}, ""))
                continue
            status, grid = answer
            stats, message = (model.stats, model.message) if side == "model" else ({}, "")
            connection.send((status, grid, message, stats, dict(model.seconds), model.globals_form, side))
    finally:
        model.close()
