"""One call per puzzle for every task: solve, prove unique, enumerate, explain.

``run(puzzle, Task(...), options, deadline)`` is what the CLI, the Python API, bench and
batch call.  Every task can also write the whole (reduced) model as LP/MPS files first.

- "solve": one verified solution (or infeasible / time_limit / error).
- "unique": a solution, then a second solve with its no-good row: ``unique`` is True when
  that is infeasible, False with ``second`` when it finds another; None when it could not
  finish.  With a ``known`` solution (the makers know theirs) that grid is checked and cut
  off before the first solve, so one solve settles it: none other (``unique`` True, ``grid``
  the known one) or another (``unique`` False, ``second``).  ``on_solution(1, grid)`` is called with the first solution before the proof
  starts, so a caller that must end the process during the proof still has it.
- "all": every solution (at most ``limit``), each cut off in turn; ``complete`` says
  whether the last solve proved there is no other.  ``on_solution(k, grid)`` is called as
  each is found.
- with ``solve=False`` only the model files are written (status ``written``).
- "explain": for an infeasible puzzle, a deletion filter over its clues: a clue is dropped
  whenever the puzzle stays infeasible without it, so what remains is irreducible
  (dropping any one clue makes it feasible), because feasibility only grows as clues are
  removed.

A Ctrl-C or SIGTERM during "all" or during a uniqueness proof keeps what was found: the
result says so in ``message`` and carries the ``Stopped`` exception in ``stopped``.

Must not import the CLI.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..options import Deadline, Options
from ..kinds import kind_of
from ..puzzles import module_of, verify
from ..result import Result
from ..status import INFEASIBLE, SOLVED, TIME_LIMIT, WRITTEN
from ..stopping import Stopped
from ..errors import UsageError
from .finder import SolutionFinder
from .race import is_race, run_race

__all__ = ["ACTIONS", "Task", "run", "interruption_message"]

ACTIONS = ("solve", "unique", "all", "explain")


@dataclass(frozen=True)
class Task:
    """What to establish about a puzzle (``action`` from ``ACTIONS``), and which model files
    to write first (``write_lp``/``write_mps`` paths); ``limit`` caps "all"."""

    action: str = "solve"
    limit: int | None = None
    write_lp: str | None = None
    write_mps: str | None = None
    solve: bool = True
    """False: write the model files and stop (status ``written``); needs a file to write."""
    known: tuple | None = None
    """"unique" only: a grid known to solve the puzzle; the proof looks for any other one."""

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise UsageError(f"a task is one of {', '.join(ACTIONS)}, got {self.action!r}")
        if self.limit is not None and (self.action != "all" or self.limit < 1):
            raise UsageError("a solution limit needs the 'all' task and a limit of at least 1")
        if not self.solve and (self.action != "solve" or not self.writes):
            raise UsageError("writing without solving (--no-solve) needs --write-lp or --write-mps, and no "
                             "--unique, --all or --explain")
        if self.known is not None and self.action != "unique":
            raise UsageError("a known solution goes with the 'unique' task only")
        for kind, path in (("lp", self.write_lp), ("mps", self.write_mps)):
            if path:
                _check_model_path(path, kind)

    @property
    def writes(self) -> tuple[str, ...]:
        return tuple(kind for kind, path in (("lp", self.write_lp), ("mps", self.write_mps)) if path)


def _check_model_path(path, kind: str) -> None:
    """Refuse, before any work and for every backend alike, a model file name the writers would
    fail on or misread: a suffix other than the format's (HiGHS picks its writer from it), a
    folder, or a folder that does not exist (the command line makes it before it gets here)."""
    target = Path(path)
    if target.suffix.lower() != "." + kind:
        raise UsageError(f"{path}: an {kind.upper()} file name must end in .{kind}")
    if target.is_dir():
        raise UsageError(f"{path}: is a folder; give a file name")
    if not target.parent.is_dir():
        raise UsageError(f"{path}: the folder {target.parent} does not exist")


def interruption_message(exc: KeyboardInterrupt) -> str:
    """The words a result uses for an interrupt (the JSON ``message`` contract)."""
    return exc.reason if isinstance(exc, Stopped) else "interrupted (Ctrl-C)"


def run(puzzle, task: Task = Task(), options: Options = Options(), deadline: Deadline | None = None,
        progress: Callable[[str], None] | None = None,
        on_solution: Callable[[int, object], None] | None = None) -> Result:
    """Carry out ``task`` on ``puzzle``; ``deadline`` defaults to ``options.time_limit`` from now."""
    kind_of(puzzle)  # a path or a grid where a puzzle belongs: a UsageError saying so
    start = time.perf_counter()
    deadline = deadline or Deadline(options.time_limit)
    if deadline.expired and deadline.seconds is not None:
        # A multi-puzzle file under one time limit: the puzzles after it ran out are not started.
        return _not_started(puzzle, task, options)
    if is_race(options.solver):
        if task.action == "explain" or not task.solve:
            raise UsageError("a race (--solver race:...) solves, proves uniqueness or enumerates; it does not "
                             "explain or only write a model")
        return run_race(puzzle, task, options, deadline, on_solution, run_entrant=run)
    if task.action == "explain":
        result = _explain(puzzle, task, options, deadline, progress)
    else:
        finder = SolutionFinder(puzzle, options, deadline, progress, task.writes, wanted=task.limit)
        try:
            written = _write(finder, task)
            if not task.solve:
                result = finder.result(WRITTEN)
                result.schedule = None  # nothing ran, so nothing shared the time (docs/cli.md: schedule)
            elif task.action == "all":
                result = _enumerate(finder, task.limit, on_solution)
            else:
                result = _solve(finder, task.action == "unique", on_solution, task.known)
        finally:
            finder.close()
        if written is not None:
            result.seconds["write"] = written
    result.seconds["total"] = time.perf_counter() - start
    return result


def _not_started(puzzle, task: Task, options: Options) -> Result:
    from ..solvers.defaults import configuration

    pair = configuration(puzzle.kind, options.backend, None if is_race(options.solver) else options.solver,
                         options.reduce).pair
    found = {"solutions": [], "complete": False} if task.action == "all" else {}
    return Result(puzzle, TIME_LIMIT, backend=pair.backend, solver=options.solver or pair.solver,
                  encoding=options.encoding or "",
                  seconds={"total": 0.0}, message="the command's time limit ran out before this puzzle started",
                  **found)


def _write(finder: SolutionFinder, task: Task) -> float | None:
    if not task.writes:
        return None
    seconds = 0.0
    for kind, path in (("lp", task.write_lp), ("mps", task.write_mps)):
        if path:
            seconds += finder.write(path, kind)
    return seconds


def _solve(finder: SolutionFinder, unique: bool, on_solution=None, known=None) -> Result:
    if known is not None:
        problems = verify(finder.puzzle, known)
        if problems:
            raise UsageError(f"the known solution breaks the puzzle's rules: {problems[0]}")
        status, grid = SOLVED, tuple(tuple(row) for row in known)
    else:
        status, grid = finder.next_solution()
    if status != SOLVED or not unique:
        return finder.result(status, grid)
    if on_solution is not None:
        on_solution(1, grid)
    finder.exclude(grid)
    try:
        second_status, second = finder.next_solution()
    except KeyboardInterrupt as exc:
        return finder.result(SOLVED, grid, stopped=exc,
                             message=f"uniqueness unknown: {interruption_message(exc)}")
    if second_status == INFEASIBLE:
        return finder.result(SOLVED, grid, unique=True)
    if second_status == SOLVED:
        return finder.result(SOLVED, grid, unique=False, second=second)
    return finder.result(SOLVED, grid, message="; ".join(
        [f"uniqueness unknown: the second solve ended with {second_status}"] + finder.notes))


def _enumerate(finder: SolutionFinder, limit: int | None, on_solution) -> Result:
    found: list = []
    status = ""
    complete = False
    stopped = None
    try:
        while limit is None or len(found) < limit:
            status, grid = finder.next_solution()
            if status != SOLVED:
                complete = status == INFEASIBLE
                break
            found.append(grid)
            if on_solution is not None:
                on_solution(len(found), grid)
            finder.exclude(grid)
    except KeyboardInterrupt as exc:
        stopped = exc
    if found:
        overall = SOLVED
    else:
        overall = INFEASIBLE if status == INFEASIBLE else (status or TIME_LIMIT)
        if stopped is not None:
            overall = TIME_LIMIT
    # No solution at all: uniqueness does not apply (null, as --unique says of an infeasible puzzle).
    unique = len(found) == 1 if found and (complete or len(found) > 1) else None
    if stopped is not None:
        message = interruption_message(stopped)
    elif not complete and status not in (SOLVED, INFEASIBLE, ""):
        message = f"stopped by {status}" + (f" ({finder.last_message})" if finder.last_message else "")
    elif not complete:
        message = f"stopped at the limit of {limit} solution{'' if limit == 1 else 's'}"
    else:
        message = ""
    return finder.result(overall, found[0] if found else None, solutions=found, complete=complete, unique=unique,
                         message=message, stopped=stopped)


def _explain(puzzle, task: Task, options: Options, deadline: Deadline, progress) -> Result:
    module = module_of(puzzle)
    totals = {"import": 0.0, "reduce": 0.0, "build": 0.0, "solve": 0.0}

    def feasibility(candidate, writes: Task | None = None) -> tuple[str, SolutionFinder, object]:
        finder = SolutionFinder(candidate, options, deadline, writes=writes.writes if writes else ())
        try:
            if writes is not None:
                _write(finder, writes)
            status, grid = finder.next_solution()
        finally:
            finder.close()
        for key in totals:
            totals[key] += finder.seconds[key]
        return status, finder, grid

    status, first, grid = feasibility(puzzle, task)

    def finish(result_status: str, conflict, message: str, solution=None) -> Result:
        result = first.result(result_status, solution, conflict=conflict, message=message)
        result.seconds.update(totals)
        return result

    if status == SOLVED:
        # The grid that shows there is nothing to explain is the answer (verified by the finder).
        return finish(SOLVED, None, "the puzzle has a solution: there is no conflict to explain", solution=grid)
    if status != INFEASIBLE:
        return finish(status, None, f"could not decide feasibility: {first.last_message or status}")
    # Clues that break the grid rules on their own (two equal digits in a line; a nonogram clue
    # too long for its line) are infeasible together, so the filter can start from them; it still
    # runs, since one of them may be infeasible alone (a Str8ts black clue 2 beside a run of
    # three white cells that must hold a 2).
    clash = module.grid_clash(puzzle)
    keep = list(clash) if clash else list(module.clues(puzzle))
    total = len(keep)
    for done, clue in enumerate(list(keep), start=1):
        trial = [other for other in keep if other != clue]
        trial_status, _, _ = feasibility(module.restrict(puzzle, trial))
        if progress is not None:
            progress(f"testing clue {done}/{total}")
        if trial_status == INFEASIBLE:
            keep = trial
        elif trial_status != SOLVED:
            return finish(trial_status, keep, f"search stopped ({trial_status}); these {len(keep)} clues conflict "
                          "but may not be irreducible")
    if clash and keep == clash:
        # A nonogram has no givens: what breaks its rules on its own is a clue too long for its line.
        what = "a clue alone cannot fit its line" if puzzle.kind == "nonogram" else "the givens alone break the grid rules"
        return finish(INFEASIBLE, clash, f"{what}: " + "; ".join(c.text for c in clash))
    if len(keep) == 1:
        return finish(INFEASIBLE, keep, "this clue cannot hold on its own; without it the puzzle is solvable")
    if not keep:
        return finish(INFEASIBLE, keep, "the grid has no solution without any clue (its rules and layout alone)")
    return finish(INFEASIBLE, keep, f"{len(keep)} clues cannot all hold; dropping any one of them leaves a solvable puzzle")
