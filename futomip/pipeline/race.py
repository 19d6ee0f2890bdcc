"""A portfolio race: several pairs work on the same puzzle in parallel processes; the first
proven answer wins and the others are stopped at once.

``--solver race:highs,scip,cpsat`` (or ``race:highs+scip+cpsat``) names the entrants: a solver (its default pair), a
``backend/solver`` pair, either with ``@SEED`` (``race:highs@1,highs@2`` races HiGHS seeds).
Each entrant runs the whole task (solve, uniqueness proof or enumeration) in its own worker
process under the command's deadline, so a hard puzzle gets whichever solver happens to be
quick on it.  A *proven* answer is a verified solution, a proof of infeasibility, a finished
uniqueness proof, or a complete enumeration; a time limit or an error never wins, and when
no entrant proves anything the most informative of their results is returned.

Workers come from a fork server (``multiprocessing``'s ``forkserver``, where the platform has
it and the temporary folder's path leaves room for its socket; else ``spawn``) with futomip
and the entrants' libraries loaded once, so a race costs a fork per entrant rather than a
fresh interpreter.  Workers are stopped after a win, at the deadline,
on Ctrl-C or SIGTERM and when the race raises, and every process is waited for by its
parent: a worker with a solver program running (CBC, glpsol) is told to stop through a pipe,
and a thread in it kills and waits for its children before it exits (killed together with
it, a CBC was left a zombie, reaped by init seconds later); a worker with no child, or one
that does not answer within ``STOP_WAIT`` (its main thread inside a library that holds
Python's lock, as SCIP does, and such a solver has no child program), is killed with its
process group, which also catches a program started at the last moment.  A worker whose
parent disappears ends itself the same way.  Nothing is left running or unwaited for.

Must not import the CLI.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import tempfile
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import wait

from .. import scratch
from .._children import child_pids, kill_children_now
from ..errors import UsageError
from ..options import Deadline, Options
from ..result import Result
from ..status import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT

__all__ = ["PREFIX", "is_race", "entrants", "run_race"]

PREFIX = "race:"
WORKER_MARGIN = 0.3
"""Seconds before the command's deadline at which the workers' own time limit ends, so that
their time-limit results (with what each had found) reach the race before it must answer."""
GRACE = 0.1
"""Seconds the race waits past its deadline for a worker's own time-limit result: less than
the program's hard deadline leaves (``futomip.cli.solve``, at least 0.2 s past the limit),
or that cut, without the workers' results, would answer for the race."""

STOP_WAIT = 2.0
"""Seconds a worker with a child program has to end it and exit before it is killed."""

_PRELOAD = {"highspy": ["highspy"], "pulp": ["pulp"], "pyomo": ["pyomo.environ"], "ortools": ["ortools.sat.python.cp_model"]}


def is_race(solver_name: str | None) -> bool:
    return bool(solver_name) and solver_name.startswith(PREFIX)


@dataclass(frozen=True)
class Entrant:
    backend: str
    solver: str
    seed: int | None

    @property
    def name(self) -> str:
        return f"{self.backend}/{self.solver}" + ("" if self.seed is None else f"@{self.seed}")


def entrants(text: str, options: Options, writes: tuple[str, ...] = ()) -> list[Entrant]:
    """The entrants of ``race:...``, each an available pair that can honour ``options``."""
    from ..solvers import choose_pair

    found = []
    # "+" also separates entrants, where a comma would split a list (bench --pairs).
    for item in text[len(PREFIX):].replace("+", ",").split(","):
        item = item.strip()
        name, at, seed_text = item.partition("@")
        backend, slash, solver = name.partition("/")
        if not slash:
            backend, solver = options.backend, name
        if not solver or (at and not seed_text.isdigit()):
            raise UsageError(f"race entrants are SOLVER, BACKEND/SOLVER or either with @SEED, got {item!r}")
        seed = int(seed_text) if at else options.seed
        pair = choose_pair(options.but(backend=backend, solver=solver, seed=seed), writes=writes)
        found.append(Entrant(pair.backend, pair.solver, seed))
    if len(found) < 2:
        raise UsageError(f"a race needs at least two entrants, got {text!r}")
    return found


def _proven(result: Result, action: str) -> bool:
    if result.status == INFEASIBLE:
        return True
    if result.status != SOLVED:
        return False
    if action == "unique":
        return result.unique is not None
    if action == "all":
        return bool(result.complete)
    return True


def _rank(result: Result) -> int:
    """How much a result that did not win still says (higher: more)."""
    return {SOLVED: 3, INFEASIBLE: 3, TIME_LIMIT: 1, ERROR: 0}.get(result.status, 0)


def _context():
    # The fork server listens on a Unix socket in a folder under the temporary folder, and
    # Python 3.11 fails with "AF_UNIX path too long" behind a long TMPDIR: spawn needs no socket.
    if scratch.fits_a_socket_folder(tempfile.gettempdir()):
        try:
            return multiprocessing.get_context("forkserver")
        except ValueError:
            pass
    return multiprocessing.get_context("spawn")


def run_race(puzzle, task, options: Options, deadline: Deadline, on_solution=None, *, run_entrant) -> Result:
    """Race the entrants of ``options.solver`` on ``puzzle``; the winner's ``Result``.

    ``run_entrant(puzzle, task, options, deadline)`` is what each worker runs for its entrant
    (``tasks.run``, handed in by it: the race is one of the ways ``tasks.run`` carries out a
    task, so this module cannot import it back).  It is pickled by name for the worker."""
    field = entrants(options.solver, options, task.writes)
    context = _context()
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(["futomip.pipeline"] + sorted({m for e in field for m in _PRELOAD[e.backend]}))
    started = time.perf_counter()
    workers = []
    try:
        for number, entrant in enumerate(field):
            receive, send = context.Pipe(duplex=False)
            # The worker ends when this pipe closes: this process stops it or ends itself.
            stop_here, stop_there = context.Pipe(duplex=False)
            # Only the first entrant writes the model files asked for (they are the same model).
            entrant_task = task if number == 0 else _without_files(task)
            entrant_options = options.but(backend=entrant.backend, solver=entrant.solver, seed=entrant.seed)
            left = deadline.remaining()
            share = None if left is None else max(0.0, left - WORKER_MARGIN)
            process = context.Process(target=_worker, args=(send, stop_here, run_entrant, puzzle, entrant_task,
                                                             entrant_options, share, time.perf_counter()),
                                      daemon=True)
            process.start()
            send.close()
            stop_here.close()
            workers.append(_Worker(entrant, process, receive, stop_there))
        result = _collect(workers, task.action, deadline, puzzle, options)
    finally:
        # Past the deadline there is no time to let a worker end its solver program politely:
        # the program's own cut (0.2-0.5 s later) would answer before this race did.
        _stop(workers, hurry=deadline.expired)
    result.seconds["total"] = time.perf_counter() - started
    if on_solution is not None and result.solutions:
        for k, grid in enumerate(result.solutions, start=1):
            on_solution(k, grid)
    return result


def _without_files(task):
    from dataclasses import replace

    return replace(task, write_lp=None, write_mps=None)


def _collect(workers, action: str, deadline: Deadline, puzzle, options: Options) -> Result:
    """Wait for the first proven result (or every result, or the deadline)."""
    pending = {worker.receive: worker.entrant for worker in workers}
    results: list[tuple[Entrant, Result]] = []
    while pending:
        # Not deadline.remaining(): it never goes below zero, so "GRACE past the deadline"
        # was never reached and the race waited for its slowest worker past the program's cut.
        left = None if deadline.end is None else deadline.end - time.perf_counter()
        if left is not None and left + GRACE <= 0:
            break
        ready = wait(list(pending), timeout=0.1 if left is None else min(0.1, left + GRACE))
        for receive in ready:
            entrant = pending.pop(receive)
            try:
                result = receive.recv()
            except (EOFError, OSError):
                result = Result(None, ERROR, message=f"race entrant {entrant.name} ended without an answer")
            if isinstance(result, BaseException):
                raise result
            results.append((entrant, result))
            if _proven(result, action):
                return _named(result, entrant, [e for e, _ in results if e is not entrant] + list(pending.values()),
                              options.solver)
    others = [worker.entrant for worker in workers]
    if not results:
        names = ", ".join(entrant.name for entrant in others)
        # An enumeration's result says it is incomplete, as every --all result does.
        found = {"solutions": [], "complete": False} if action == "all" else {}
        return Result(puzzle, TIME_LIMIT, backend="race", solver=options.solver, seconds={},
                      message=f"race: no entrant ({names}) answered within the time limit", **found)
    entrant, best = max(results, key=lambda pair: _rank(pair[1]))
    return _named(best, entrant, [e for e in others if e is not entrant], options.solver, proven=False)


def _named(result: Result, winner: Entrant, others: list[Entrant], asked: str, proven: bool = True) -> Result:
    stopped = ", ".join(e.name for e in others) or "none"
    # The entrant's own configuration says its pair was pinned: what the user pinned is the race.
    if result.configuration:
        answer = result.configuration.split("; pinned:")[0]
        result.configuration = f"--solver {asked} pinned; the answer's configuration: {answer}"
    note = f"race: {winner.name} answered first; stopped {stopped}" if proven else \
        f"race: no entrant proved an answer; the result shown is {winner.name}'s; stopped {stopped}"
    result.message = "; ".join(part for part in (result.message, note) if part)
    return result


@dataclass
class _Worker:
    entrant: Entrant
    process: multiprocessing.Process
    receive: object  # the worker's answer comes through here
    stop: object  # closing this tells the worker to end


def _stop(workers: list[_Worker], hurry: bool = False) -> None:
    """End every worker and wait for it; a worker with a child program ends and waits for
    that child itself first (see the module text), unless ``hurry``: then every worker's
    process group, its solver program included, is killed at once (the program reaps what
    the killed workers leave)."""
    asked = []
    for worker in workers:
        worker.receive.close()
        worker.stop.close()
        if worker.process.pid is not None and worker.process.exitcode is None:
            if not hurry and child_pids(worker.process.pid):
                asked.append(worker)
            else:
                _kill_group(worker.process.pid)
    end = time.monotonic() + STOP_WAIT
    for worker in asked:
        worker.process.join(max(0.0, end - time.monotonic()))
    for worker in workers:
        if worker.process.pid is not None:
            # Also after a worker's own exit: its group may hold a program it started last.
            _kill_group(worker.process.pid)
            worker.process.join(timeout=5)


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _worker(send, stop, run_entrant, puzzle, task, options: Options, seconds_left: float | None,
            counted_from: float) -> None:
    """One entrant: its own process group, the task under its share of the deadline, the
    result (or the exception) sent back.

    The share counts from ``counted_from``, the parent's ``time.perf_counter()`` when it
    started the worker (one monotonic clock for every process of the machine): a worker
    starts a few tenths of a second later (the fork server, its imports), and a share counted
    from then ended that much past the command's deadline."""
    os.setpgrp()
    threading.Thread(target=_end_when_told, args=(stop, os.getppid()), daemon=True).start()
    try:
        answer = run_entrant(puzzle, task, options, Deadline(seconds_left, start=counted_from))
    except BaseException as exc:  # noqa: BLE001 - the parent decides what an entrant's failure means.
        answer = exc if isinstance(exc, Exception) else RuntimeError(repr(exc))
    try:
        send.send(answer)
    except OSError:
        pass  # the race no longer listens: it is ending this worker (its program was just killed)
    finally:
        send.close()


def _end_when_told(stop, parent: int) -> None:
    """In a worker: once the race closes ``stop`` (or the fork server that started this
    worker is gone), kill and wait for every child program, then exit."""
    while os.getppid() == parent:
        try:
            if stop.poll(0.2):
                break
        except (EOFError, OSError):
            break
    kill_children_now()
    os._exit(0)
