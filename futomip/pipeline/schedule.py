"""The schedule between the split search and the solver on the whole (reduced) model.

Two ways to look for the next solution of a puzzle that the reduction leaves open:

    search side:  the kind's split search (a generator that pauses and resumes) and the
                  solves of the leaves it yields, in this process;
    solver side:  the solver on the whole reduced model, in a worker process
                  (``futomip.pipeline.whole_model``).

Neither is best everywhere (issues 21, 22: CP-SAT on the probed nonogram beats the split on
TAAI puzzles, HiGHS needs the split on hard 9x9 Futoshiki).  Whichever answers first wins;
the other keeps its state for the next call (uniqueness, enumeration) or is stopped.

Side by side (``parallel``), when a core is free for the worker (``choose``): the worker
solves on its own core and this process searches, looking at the worker's pipe every
``QUANTUM`` seconds of search and after each leaf solve.  With T_s and T_m the times the
search side and the solver side need alone (T_m counting the worker's fork and model
build), the answer comes after at most

    min(T_s, FIRST_TURN + T_m) + QUANTUM + 2 * step

where ``step`` is the longest atomic step of the search (one node or one leaf solve):
within 1.2x of the faster side plus a fixed 40 ms and two steps, if the worker's core is
really free.

Taking turns (``sequential``), on one core: a MIP solver cannot resume a solve it has
ended (HiGHS and CP-SAT restart from scratch), so the worker is not ended between its
turns but frozen: ``SIGSTOP`` on its process group stops it (and a solver program it
started) where it stands, ``SIGCONT`` lets it go on.  Both sides therefore resume where
they paused, and the rule "the side that has used less time runs next, for ``QUANTUM``
seconds" (fair share) gives: when the faster side A answers after its own T_A seconds,
side B has had at most T_A + QUANTUM + step, so the answer comes after at most

    2 * min(T_s, T_m) + QUANTUM + step    (T_m counting the worker's start)

the 2x of the issue, plus a fixed 20 ms and one step.  (Had the solver to restart, as with
doubling slices for a non-resumable side, the bound would be about 4x for the solver side.)
What the bound does not count, measured in docs/measurements.md ("Turns of 20 ms"): two
processes alternating on one core each run some 5-15% slower than alone (the cause was not
isolated: caches shared by the two working sets is the likely one, copy-on-write faults after
the fork were not shown to matter; a CP-SAT solve of TAAI $726 needed 10-20% more turn time
in the worker than in this process), and the worker starts 5-15 ms later than the same model
build in this process would.  So in wall time the 2x holds up to those percent and
milliseconds.
Frozen, the solver's own wall-clock limit runs on: it is given the command's whole
remaining time, which the two sides share anyway.

``run`` below is the whole decision, written against a clock and two sides so that a test
can drive it with a fake clock and sides whose times it sets.  A side offers
``step(until)`` -> an answer or None (work until the clock reads ``until``; None: no
answer yet) and, for the solver side, ``resume``/``pause``/``poll`` (the worker runs only
between ``resume`` and ``pause``); a side that gives up (time limit, error) answers
``GAVE_UP`` and the other side goes on alone.

Must not import the CLI; imports nothing from futomip but ``options``.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Callable

from ..options import SCHEDULES

__all__ = ["QUANTUM", "GAVE_UP", "Turns", "choose", "cores_free", "cpu_pressure", "run", "JOBS_VARIABLE"]

QUANTUM = 0.02
"""Seconds of a turn; also how often the parallel search looks at the worker's pipe.  The
switch costs two signals and a pipe poll (microseconds), so this only bounds the overshoot:
the fixed part of the bound.  Measured on TAAI puzzles the search answers in 0.2-0.7 s,
turns of 5, 10 and 50 ms gave the same wall time (docs/measurements.md)."""

FIRST_TURN = 0.02
"""Seconds the search has on its own before the worker is started, counted over the calls of
one puzzle (the first solution, then the proof of uniqueness or the enumeration): many 9x9
Futoshiki and small nonograms are settled by then and pay no worker (its start costs 5-15 ms here).  Longer would spare more forks but adds itself to the bound whenever
the solver is the faster side.  A worker whose model needs nothing from the reduction (CP-SAT
on a Latin completion as given) is started earlier still, before the reduction, by the finder
(``SolutionFinder._early_worker``); the search's first turn then runs beside it."""

GAVE_UP = "gave_up"

JOBS_VARIABLE = "FUTOMIP_JOBS"
"""Environment variable: how many futomip jobs share this machine's cores (``batch --jobs``
sets it for its workers), each using one core plus its worker's."""


PRESSURE_FREE = 10.0
"""Largest CPU pressure (percent of the last 10 s in which some runnable task waited for a
CPU, Linux PSI) at which the cores count as free.  Our own search and worker on cores of
their own make none; one more busy process than cores makes it near 100."""


def cpu_pressure() -> float | None:
    """The CPU pressure of the last 10 s (``some avg10`` of ``/proc/pressure/cpu``), or None
    where the kernel does not report it."""
    try:
        with open("/proc/pressure/cpu") as pressure:
            fields = dict(field.split("=") for field in pressure.readline().split()[1:])
        return float(fields["avg10"])
    except (OSError, ValueError, KeyError):
        return None


def cores_free(threads: int | None = None) -> bool:
    """Whether this job's whole-model worker can have cores of its own: the cores this process
    may use (``os.sched_getaffinity``) hold every job (``FUTOMIP_JOBS``, default 1) with its
    search (1 core) and its worker (``threads`` cores, default 1), and nothing else wants
    them: no task waited for a CPU in the last 10 s (``cpu_pressure``), or, where the kernel
    does not say, the machine's load (the 1-minute average of runnable processes, ours
    included) leaves the worker's cores idle.  This matters on a shared machine: with every
    core busy, two processes of one job only slow each other, and taking turns keeps the 2x
    bound.  The pressure does not count our own processes while they have cores of their own,
    which the load average does (a batch's last worker kept it above the bar)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    try:
        jobs = max(1, int(os.environ.get(JOBS_VARIABLE, "1")))
    except ValueError:
        jobs = 1
    worker = threads or 1
    if cores < jobs * (1 + worker):
        return False
    pressure = cpu_pressure()
    if pressure is not None:
        return pressure <= PRESSURE_FREE
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):
        busy = 0.0
    return busy <= cores - worker


def choose(requested: str | None, threads: int | None = None) -> str:
    """The schedule to use: ``requested`` unless it is None or "auto"; then "parallel" when
    ``cores_free`` says so, else "sequential"."""
    if requested not in (None, "auto"):
        if requested not in SCHEDULES:
            raise ValueError(f"schedule must be one of {SCHEDULES}, got {requested!r}")
        return requested
    return "parallel" if cores_free(threads) else "sequential"


@dataclass
class Turns:
    """What one ``run`` did: seconds each side used, how many turns, who answered."""

    mode: str
    worker: str = "model"
    """What the worker side runs: "model" (the solver on the whole model), "search" (a second
    path of the split search, ``futomip.pipeline.second_search``) or "sat" (the SAT solver of
    ``--method sat``): with "search", the second path and the solver on the whole model take
    turns in the worker, and ``worker_side`` says which gave the worker's last answer."""
    worker_side: str = "model"
    model: str = "reduced"
    """What the worker's whole model is built on: "reduced" (the reduction's domains) or "as
    given" (the puzzle's givens only, ``Solver.whole_model_as_given_for``)."""
    search_seconds: float = 0.0
    solver_seconds: float = 0.0
    turns: int = 0
    first_search: float = 0.0
    answered_by: str = ""
    answers: dict = field(default_factory=lambda: {"search": 0, "solver": 0})
    gave_up: list = field(default_factory=list)

    def summary(self) -> dict:
        """The JSON ``schedule`` object (docs/cli.md#schedule)."""
        answered_by = self.answered_by or None
        if answered_by == "solver" and self.worker == "search" and self.worker_side == "search":
            answered_by = "second search"
        return {"mode": self.mode, "answered_by": answered_by, "turns": self.turns,
                "search_seconds": round(self.search_seconds, 4), "solver_seconds": round(self.solver_seconds, 4),
                "quantum": QUANTUM, "gave_up": list(self.gave_up), "answers": dict(self.answers),
                "worker": None if self.mode == "search" else self.worker,
                "model": self.model if self.mode != "search" and self.worker in ("model", "search") else None}


def run(mode: str, search, solver, clock: Callable[[], float] = time.perf_counter,
        quantum: float = QUANTUM, turns: Turns | None = None):
    """The first answer of ``search`` or ``solver`` under ``mode`` ("parallel" or
    "sequential"; "search" or "solver" when that side runs alone and the other is None: the
    search then pauses at each turn, the solver runs on), as ``(answer, turns)``; ``answer``
    is None when both gave up.

    ``solver`` may be None (the search alone).  ``turns`` carries the seconds each side used
    and the sides that gave up over several calls (the fair share counts from the first).
    The search always has its first ``FIRST_TURN`` seconds alone, counted over the calls that
    share ``turns``, so an easy puzzle (and an easy uniqueness proof) never starts the worker."""
    turns = turns or Turns(mode)
    mode = {"search": "sequential", "solver": "parallel"}.get(mode, mode)
    sides = {"search": search, "solver": solver}
    alive = [name for name in ("search", "solver") if sides[name] is not None and name not in turns.gave_up]
    # The search's first FIRST_TURN seconds count over every call of one puzzle: a uniqueness
    # check whose first answer came in 2 ms goes on alone for the rest, so an easy proof
    # never forks the worker (fair share alone would start it at once, the solver having
    # used less time).  Once the worker has run, fair share decides.
    if "search" in alive and turns.solver_seconds == 0 and turns.search_seconds < FIRST_TURN:
        answer = _search_turn(search, clock, FIRST_TURN - turns.search_seconds, turns)
        turns.first_search = turns.search_seconds
        if answer is not None and _taken(answer, "search", alive, turns):
            return answer, turns
    if mode == "parallel":
        return _parallel(search, solver, clock, quantum, turns, alive), turns
    return _sequential(search, solver, clock, quantum, turns, alive), turns


def _search_turn(search, clock, seconds: float, turns: Turns):
    start = clock()
    try:
        return search.step(start + seconds)
    finally:
        turns.search_seconds += clock() - start
        turns.turns += 1


def _sequential(search, solver, clock, quantum: float, turns: Turns, alive: list):
    """Fair share: the side that has used less time runs the next turn (ties: the search)."""
    while alive:
        name = min(alive, key=lambda side: (turns.solver_seconds, 1) if side == "solver" else (turns.search_seconds, 0))
        if name == "search":
            answer = _search_turn(search, clock, quantum, turns)
        else:
            start = clock()
            solver.resume()
            try:
                answer = solver.poll(quantum)
            finally:
                solver.pause()
                turns.solver_seconds += clock() - start
                turns.turns += 1
        if answer is not None and _taken(answer, name, alive, turns):
            return answer
    return None


def _parallel(search, solver, clock, quantum: float, turns: Turns, alive: list):
    """The solver runs all along; the search looks at its pipe every ``quantum`` seconds."""
    resumed = None
    try:
        while alive:
            if "solver" in alive:
                if resumed is None:
                    resumed = clock()
                    solver.resume()
                answer = solver.poll(0.0 if "search" in alive else quantum)
                if answer is not None and _taken(answer, "solver", alive, turns):
                    return answer
            if "search" in alive:
                answer = _search_turn(search, clock, quantum, turns)
                if answer is not None and _taken(answer, "search", alive, turns):
                    return answer
        return None
    finally:
        if resumed is not None:
            turns.solver_seconds += clock() - resumed
            solver.pause()


def _taken(answer, name: str, alive: list, turns: Turns) -> bool:
    """Whether ``answer`` ends the run: a real answer does; ``GAVE_UP`` drops the side."""
    if answer == GAVE_UP:
        alive.remove(name)
        turns.gave_up.append(name)
        return False
    turns.answered_by = name
    turns.answers[name] += 1
    return True
