"""The ``default`` method: the route the measured-defaults registry gives a puzzle's kind.

One decision for every entry point (the ``futomip`` command, ``futomip batch`` and
``futomip.solve``): when nothing of the MILP is pinned, the kind's rows in
``futomip.solvers.measured`` are read in order, and a row of a method beside the MILP (for
nonograms: ``sat``, Kissat after probing) is taken when that method is installed and can do
the task; otherwise the first MILP row that runs here (``futomip.solvers.defaults``).

- *Pinned* means any of backend, solver (a race included), encoding, reduce, globals,
  schedule, restarts, solver options or threads given: each names a part of the MILP, so the MILP
  runs as asked.  A seed, a time limit or the memory guard pin nothing.
- A method row applies where the registry's ``futomip.methods.why_not`` finds nothing
  against it (the tasks its module lists in ``TASKS``, default solve and unique, its
  ``KINDS``, its library installed); enumeration, explanation and model files always go to
  the MILP, and the reason then says why the method was passed over.
- The ``Result`` is the chosen method's, with ``configuration`` the registry's reason;
  a method's result is verified like the pipeline's (``futomip.methods.finish``).

As a method (``--method default``, batch's default label) its ``solve`` is this route;
``keyword_solve`` is ``futomip.solve``: the pipeline's keyword entry
(``futomip.pipeline.solve.solve``) with this route as its task runner.  Must not import the CLI.
"""

from __future__ import annotations

from typing import Callable

from ..kinds import KINDS as _ALL_KINDS
from ..options import Deadline, Options
from ..pipeline import Task, run as run_pipeline
from ..pipeline.finder import globals_reason
from ..pipeline.race import is_race
from ..pipeline.solve import solve as _keyword_solve
from ..result import Result
from ..solvers import wanted_capabilities
from ..solvers.defaults import MILP, Configuration, configuration
from . import run as run_method, why_not

__all__ = ["KINDS", "EXACT", "pinned", "choose", "names", "run", "solve", "keyword_solve"]

KINDS = frozenset(_ALL_KINDS)
EXACT = True
OPTIONS = ("backend", "solver", "encoding", "reduce", "globals", "schedule", "restarts", "threads", "seed",
           "solver_options")
"""It reads every option (the MILP pipeline)."""
# As a method (``--method default``, batch's label) it does the registry's default TASKS.


def _given(options: Options) -> dict:
    return {"backend": options.backend, "solver": options.solver, "encoding": options.encoding,
            "reduce": options.reduce, "globals": options.globals, "schedule": options.schedule,
            "restarts": options.restarts,
            "solver-option": options.solver_options, "threads": options.threads}


def pinned(options: Options) -> list[str]:
    """The MILP settings ``options`` pins, as option names (empty: the registry decides)."""
    return [f"--{name}" for name, value in _given(options).items() if value]


def _other_pins(options: Options) -> tuple[str, ...]:
    """The pinned settings beyond the pair and the level, as the user wrote them
    ("--encoding tight", "--solver-option presolve=off"), for the configuration's reason."""
    words = []
    for name, value in _given(options).items():
        if not value or name in ("backend", "solver", "reduce"):
            continue
        if name == "solver-option":
            words += [f"--solver-option {key}={setting}" for key, setting in value]
        else:
            words.append(f"--{name} {value}")
    return tuple(words)


def choose(kind: str, task: Task = Task(), options: Options = Options()) -> Configuration:
    """The registry's configuration for ``kind``, ``task`` and ``options`` (see the module text)."""
    wanted = wanted_capabilities(options, task.writes)
    names = pinned(options)
    if names:
        # The MILP as asked; the reason says so when a method row would have come first.
        return configuration(kind, options.backend, options.solver, options.reduce, wanted,
                             lambda name: f"{' '.join(names)} pins the MILP", _other_pins(options))
    return configuration(kind, None, None, None, wanted, lambda name: why_not(name, task, kind))


def names(chosen: Configuration) -> tuple[str, str]:
    """The ``backend`` and ``solver`` a ``Result`` of the ``chosen`` route carries."""
    if chosen.method == MILP:
        return chosen.pair.backend, chosen.pair.solver
    if chosen.method == "sat":
        from .sat import solver_name

        return "sat", solver_name()
    return chosen.method, ""


def run(puzzle, task: Task = Task(), options: Options = Options(), deadline: Deadline | None = None,
        progress: Callable[[str], None] | None = None,
        on_solution: Callable[[int, object], None] | None = None) -> Result:
    """``futomip.pipeline.run`` with the registry's route: the same arguments, the same ``Result``."""
    deadline = deadline or Deadline(options.time_limit)
    if is_race(options.solver):
        # A race names no single pair.
        return run_pipeline(puzzle, task, options, deadline, progress, on_solution)
    chosen = choose(puzzle.kind, task, options)
    if deadline.expired and deadline.seconds is not None:
        # Out of time: the pipeline says so without starting anything, in the route's names.
        result = run_pipeline(puzzle, task, options, deadline, progress, on_solution)
        if chosen.method != MILP:
            result.method, result.encoding = chosen.method, ""
            result.backend, result.solver = names(chosen)
        result.configuration = chosen.reason
        return result
    if chosen.method == MILP:
        result = run_pipeline(puzzle, task, options, deadline, progress, on_solution)
    else:
        result = run_method(chosen.method, puzzle, options, deadline, task.action == "unique")
    if result.configuration or chosen.method != MILP:
        # The pipeline's reason is the same MILP row's, without the methods passed over.
        result.configuration = chosen.reason + (globals_reason(puzzle, chosen.pair, options)
                                                if chosen.method == MILP else "")
    return result


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    """The method protocol (``futomip.methods``): solve, or prove unique, by the registry's route."""
    return run(puzzle, Task("unique" if unique else "solve"), options, deadline)


def keyword_solve(
    puzzle,
    backend: str | None = None,
    solver: str | None = None,
    encoding: str | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    verbose: bool = False,
    unique: bool = False,
    seed: int | None = None,
    write_lp: str | None = None,
    write_mps: str | None = None,
    reduce: str | None = None,
    progress: Callable[[str], None] | None = None,
    options: Options | None = None,
    deadline: Deadline | None = None,
    schedule: str | None = None,
    restarts=None,
) -> Result:
    """Solve ``puzzle`` and return a verified ``Result`` (``futomip.solve``).

    ``backend``/``solver`` default to the fastest available pair; ``encoding`` to the one
    measured fastest for that solver.  With ``unique`` a second solve under a no-good cut
    proves the solution unique (``unique=True``) or finds another (``unique=False`` and
    ``second``); if the time limit ends that second solve, ``unique`` stays None.
    ``time_limit`` covers every solve of the call together (or pass one ``deadline`` shared
    by several calls).  ``reduce`` is the level of domain reduction before the model is
    built ("split", "probing", "lines", "none"; None: the level measured best for the kind
    and pair, ``futomip.solvers.defaults``).  ``schedule`` says how the split search and the
    solver on the whole model share the time ("auto", "parallel", "sequential", "search";
    ``futomip.pipeline.schedule``).  ``restarts`` is the Latin split search's restart policy:
    "off" (the default), "plain", "lp" or "portfolio", optionally with the failures per unit of
    the Luby cutoffs ("portfolio:50"), or a ``futomip.options.Restarts``.  ``progress``
    receives a line of text about once a second during a long reduction.  ``options``
    replaces the keyword settings when given.

    The measured default route for the puzzle's kind (``futomip.solvers.measured``) is taken
    when none of ``backend``, ``solver``, ``encoding``, ``reduce``, ``threads``, ``schedule``,
    ``restarts`` (or their ``options`` fields, globals and solver options included) is given:
    for a nonogram with python-sat installed that is the ``sat`` method (probing, then
    Kissat), whose ``Result`` is verified the same way and has ``method`` and ``backend``
    "sat", ``solver`` the SAT solver's name ("kissat404"), no ``encoding``, no ``reduction``
    record, the CNF's sizes in ``stats``, and never calls ``progress``.
    ``write_lp``/``write_mps`` need the MILP and take it.  ``result.configuration`` says what
    was chosen and why.  ``futomip.pipeline.solve.solve`` (the MILP alone, which the
    generators call) does the work, with this module's route as its ``run_task``.
    """
    # Every parameter by name (nothing else is bound yet): the task's keywords and Options fields.
    return _keyword_solve(**locals(), run_task=run)


# It is ``futomip.solve``: a wrong keyword's TypeError names it as the user called it.
keyword_solve.__qualname__ = keyword_solve.__name__ = "solve"
