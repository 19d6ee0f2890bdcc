"""The solver on the whole reduced model in a worker process that can be frozen, resumed and ended.

The solver side of the schedule (``futomip.pipeline.schedule``).  The worker is forked from
this process (it inherits the puzzle and its domains, and pays no interpreter start or
import), makes its own process group, builds the whole model on the reduced domains
(``ModelRun``) and then serves requests: each request carries the no-good rows of the grids
found since the last one (``ModelRun.exclude``); the worker adds them (until the deadline:
then it answers "time limit" for good), solves under the command's deadline and sends back ``(status, grid, message, stats, seconds, globals form)``, the grid
decoded by the formulation (the parent verifies it like every other).

- ``pause``/``resume``: ``SIGSTOP``/``SIGCONT`` to the worker's process group, so that a
  solver program it started (CBC) freezes and goes on with it; a MIP solve cannot be
  resumed once ended, a frozen one simply goes on.
- A grid the search found while the worker was solving can come back from the worker (its
  model did not exclude it yet): it is not an answer; the worker gets the cut and solves
  again.  An "infeasible" from the worker is exact: every row it holds cuts off a solution
  already found, so no other solution exists.
- ``close`` kills the group (``SIGKILL`` works on a frozen process too) and reaps the worker:
  no zombie, no orphan solver program.  A worker whose parent dies is killed by the kernel
  (``PR_SET_PDEATHSIG``), and while it runs a watching thread also ends its group.

Forking needs ``os.fork`` (Linux, macOS) and a pair that solves inside the worker with a
layer whose state survives a fork: ``available(backend, solver)`` says whether all hold;
elsewhere the finder runs the search alone.  Left out: Pyomo, which captures solver output
through pipes read by threads under a global lock (after a fork the parent's next solve
waited on that lock for ever: test_certainty's explain with pyomo/highs), and solver
programs (CBC, GLPK, ...): a program frozen with its worker outlives a parent that dies
without closing the worker (a race stopping its entrant, the hard deadline's exit), frozen
for ever (seen: a CBC left by test_race).  So: highspy, OR-Tools, and PuLP with HiGHS
(through highspy, in the process).  Must not import the CLI.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

from ..status import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT
from .model_run import ModelRun
from .schedule import GAVE_UP

__all__ = ["WholeModelWorker", "available"]


LATE = 0.05
"""Seconds past the command's deadline after which a worker that has not answered counts as
having given up (its answer would come too late to be used)."""

IN_PROCESS_PAIRS = {"highspy": None, "ortools": None, "pulp": ("highs",)}
"""Layers whose solves run inside the worker and survive a fork: None for every solver of
the layer, else the solvers that qualify."""


def available(backend: str, solver: str) -> bool:
    """Whether a worker can be forked here for the pair (see the module text)."""
    if backend not in IN_PROCESS_PAIRS or not (hasattr(os, "fork") and hasattr(os, "killpg")):
        return False
    solvers = IN_PROCESS_PAIRS[backend]
    return solvers is None or solver in solvers


_ENDING = {signal.SIGINT, signal.SIGTERM}
"""The signals a worker takes only once it has its own handlers (``WholeModelWorker._start``)."""


class WholeModelWorker:
    """The solver side: ``resume``, ``pause``, ``poll(timeout)`` (an answer, None or
    ``GAVE_UP``), ``close``.  ``found`` is the finder's list of grids found so far (shared,
    read on each request)."""

    def __init__(self, puzzle, pair, encoding: str, options, domains, deadline_end: float | None,
                 found: list, own_group: bool = True) -> None:
        self.own_group = own_group
        """False: the worker stays in this process's group, frozen and killed with it (a worker
        of a worker, ``second_search``); ``pause`` and ``resume`` then signal it alone."""
        self.args = (puzzle, pair, encoding, options, domains, deadline_end)
        self.deadline_end = deadline_end
        self.found = found
        self.pid: int | None = None
        self.connection = None
        self.sent = 0
        self.busy = False
        self.message = ""
        self.stats: dict = {}
        self.seconds: dict = {}
        self.globals_form = ""  # the form of the globals in the worker's model, once it answered
        self.answered_side = "model"  # which side of the worker gave its last answer (second_search)

    def resume(self) -> None:
        if self.pid is None:
            self._start()
        else:
            self._signal(signal.SIGCONT)
        if not self.busy:
            self._request()

    def pause(self) -> None:
        if self.pid is not None:
            self._signal(signal.SIGSTOP)

    def poll(self, timeout: float):
        """The worker's answer if one comes within ``timeout`` seconds, else None.  An answer is
        ``(status, grid, message, stats, seconds, globals form)``, and from a worker that runs
        two sides (``second_search``) also the side that answered."""
        try:
            if not self.connection.poll(timeout):
                if self.deadline_end is not None and time.perf_counter() > self.deadline_end + LATE:
                    # Its own limit ends a solve a little late, and a frozen solve's clock ran on:
                    # the command, whose other side has stopped, must not wait past its limit.
                    self.message = "time limit reached while the worker was still at work"
                    return GAVE_UP
                return None
            status, grid, message, stats, seconds, globals_form, *side = self.connection.recv()
        except (EOFError, OSError):
            self.message = "the whole-model worker ended without an answer"
            return GAVE_UP
        self.busy = False
        self.message, self.stats, self.seconds = message, stats, seconds
        self.globals_form = globals_form or self.globals_form
        self.answered_side = side[0] if side else "model"
        if status == SOLVED and grid in self.found:
            self._request()  # found by the search meanwhile: solve again with its cut
            return None
        if status in (SOLVED, INFEASIBLE):
            return status, grid
        return GAVE_UP

    def _request(self) -> None:
        new = [tuple(tuple(row) for row in grid) for grid in self.found[self.sent:]]
        self.sent = len(self.found)
        self.connection.send(new)
        self.busy = True

    def _start(self) -> None:
        # os.fork rather than multiprocessing's Process: a race entrant is a daemonic
        # multiprocessing worker, which multiprocessing forbids to have children.
        self.connection, child_end = multiprocessing.Pipe(duplex=True)
        parent = os.getpid()
        # SIGINT and SIGTERM wait (blocked) until the worker has its own handlers: a SIGTERM
        # that ``close`` sends right after the fork once met the command's handler in the
        # worker and its wake-up pipe, shared with this process, whose watchdog then took the
        # signal for its own and ended the command (exit 143 in a TAAI batch, 2 runs in 6).
        masked = signal.pthread_sigmask(signal.SIG_BLOCK, _ENDING)
        try:
            pid = os.fork()
            if pid == 0:
                try:
                    self.connection.close()
                    _become_worker(parent, self.own_group)
                    signal.pthread_sigmask(signal.SIG_SETMASK, masked)
                    self._serve(child_end)
                finally:
                    os._exit(0)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, masked)
        child_end.close()
        self.pid = pid
        if self.own_group:
            try:
                os.setpgid(pid, pid)  # also done by the child: no race on pause
            except OSError:
                pass

    def _serve(self, connection) -> None:
        """In the forked worker: answer the requests that come through ``connection``."""
        _serve(connection, *self.args)

    def _signal(self, signum: int) -> None:
        if not self.own_group:
            try:
                os.kill(self.pid, signum)
            except OSError:
                pass
            return
        try:
            os.killpg(self.pid, signum)
        except (ProcessLookupError, PermissionError):
            try:
                os.kill(self.pid, signum)
            except OSError:
                pass

    def close(self) -> None:
        if self.pid is None:
            return
        self._signal(signal.SIGKILL)
        try:
            os.waitpid(self.pid, 0)  # reap: no zombie
        except ChildProcessError:
            pass
        self.connection.close()
        self.pid = None


def _become_worker(parent: int, own_group: bool = True) -> None:
    """In a freshly forked worker: its own process group (unless not ``own_group``), Ctrl-C
    left to the parent, and an end together with the parent (``_end_with_parent``)."""
    if own_group:
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    try:
        signal.set_wakeup_fd(-1)  # the parent's pipe: a signal here must not reach its watchdog
    except ValueError:
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and ends the group
    signal.signal(signal.SIGTERM, lambda signum, frame: os.killpg(0, signal.SIGKILL))
    _end_with_parent(parent)


def _serve(connection, puzzle, pair, encoding, options, domains, deadline_end) -> None:
    """The worker: build the whole model, then solve on each request until the pipe closes."""
    seconds = {"build": 0.0, "solve": 0.0}
    try:
        model = ModelRun(puzzle, pair, encoding, options, domains, seconds, deadline_end)
    except Exception as exc:  # noqa: BLE001 - any failure here means this side gives up.
        connection.send((ERROR, None, f"the whole-model worker could not build the model: {exc}", {}, seconds, ""))
        return
    globals_form = model.session.globals_form()
    number, expired = 0, False
    while True:
        try:
            cuts = connection.recv()
        except (EOFError, OSError):
            return
        # Enumeration sends thousands of grids at a time (tens of thousands a second from
        # the search): adding their rows may outlast the deadline, which is checked here as
        # the solver checks it.  Once a row was left out the model may never solve again
        # (an exact answer needs every row): every later request gets "time limit" too.
        for grid in cuts:
            if expired or (deadline_end is not None and time.perf_counter() >= deadline_end):
                expired = True
                break
            number += 1
            model.exclude(grid, number)
        if expired:
            connection.send((TIME_LIMIT, None, f"time limit reached in the whole-model worker while adding the "
                             f"no-good rows of {len(cuts)} grids found", {}, dict(seconds), globals_form))
            continue
        left = None if deadline_end is None else max(0.0, deadline_end - time.perf_counter())
        try:
            raw = model.solve(left)
            grid = model.decode(raw.values) if raw.status == SOLVED else None
            answer = (raw.status, grid, raw.message, raw.stats, dict(seconds), globals_form)
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which goes on with the search.
            answer = (ERROR, None, f"the whole-model worker failed: {exc}", {}, dict(seconds), globals_form)
        connection.send(answer)


def _end_with_parent(parent: int) -> None:
    """End this worker when the parent dies (a forced exit, a crash, a race stopping its
    entrant): PR_SET_PDEATHSIG with SIGKILL, the one signal a frozen process cannot keep
    pending (a SIGTERM would wait for a SIGCONT that never comes, and a Python handler for a
    solver call to return); and, while the worker runs, a thread that kills its whole group,
    a solver program (CBC) included."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os.killpg(0, signal.SIGKILL)

    def watch() -> None:
        # SIGTERM is for the main thread (a worker's handler, second_search): delivered to this
        # thread instead, it would not wake a main thread waiting in a read.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        while os.getppid() == parent:
            time.sleep(0.2)
        os.killpg(0, signal.SIGKILL)

    threading.Thread(target=watch, daemon=True).start()
