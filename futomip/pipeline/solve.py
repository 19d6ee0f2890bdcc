"""``futomip.solve``: the everyday entry point of the Python API, in keyword form.

    result = futomip.solve(puzzle, backend="pyomo", solver="cbc", unique=True, time_limit=30)

It makes the command's ``Options`` and ``Deadline`` and hands the task to ``run_task``: the
one pipeline (``futomip.pipeline.run``, the MILP) by default.  ``futomip.solve`` is this
function with the measured-defaults registry's route as ``run_task``
(``futomip.methods.default``, which sits above the pipeline): with nothing pinned, a kind whose
measured best is a method beside the MILP (nonograms: ``sat`` where python-sat is installed)
goes there.  The generators (``futomip.make``) call this module's ``solve``: the MILP.

Must not import the CLI.
"""

from __future__ import annotations

from typing import Callable

from ..options import Deadline, Options
from .tasks import Task, run
from .finder import default_encoding
from ..result import Result

__all__ = ["Result", "Deadline", "Options", "solve", "default_encoding"]


def solve(
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
    run_task: Callable[..., Result] | None = None,
) -> Result:
    """Solve ``puzzle`` and return a verified ``Result``.

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
    the Luby cutoffs ("portfolio:50"), or a ``futomip.options.Restarts``.  ``progress`` receives a line of text
    about once a second during a long reduction.  ``options`` replaces the keyword settings
    when given.

    ``futomip.solve`` takes the measured default route for the puzzle's kind
    (``futomip.solvers.measured``) when none of ``backend``, ``solver``, ``encoding``,
    ``reduce``, ``threads``, ``schedule``, ``restarts`` (or their ``options`` fields, globals and solver
    options included) is given: for a nonogram with python-sat installed that is the ``sat``
    method (probing, then Kissat), whose ``Result`` is verified the same way and has
    ``method`` and ``backend`` "sat", ``solver`` the SAT solver's name ("kissat404"), no
    ``encoding``, no ``reduction`` record, the CNF's sizes in ``stats``, and never calls
    ``progress``.  ``write_lp``/``write_mps`` need the MILP and take it.  ``result.configuration``
    says what was chosen and why.  ``run_task`` carries out the task (the MILP pipeline,
    ``futomip.pipeline.run``, when None).
    """
    if options is None:
        options = Options(backend, solver, encoding, reduce, time_limit, threads, seed, verbose, schedule=schedule,
                          restarts=restarts)
    task = Task("unique" if unique else "solve", write_lp=write_lp, write_mps=write_mps)
    return (run_task or run)(puzzle, task, options, deadline, progress)
