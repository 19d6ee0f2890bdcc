"""The keyword form of the pipeline, behind ``futomip.solve`` (``futomip.methods.default.keyword_solve``).

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
    """Solve ``puzzle`` and return a verified ``Result``: ``run_task`` carries out the task
    (the MILP pipeline, ``futomip.pipeline.run``, when None).

    The other keywords mean what they mean for ``futomip.solve``
    (``futomip.methods.default.keyword_solve``, which documents them and calls this with the
    measured-defaults route as ``run_task``).
    """
    if options is None:
        options = Options(backend, solver, encoding, reduce, time_limit, threads, seed, verbose, schedule=schedule,
                          restarts=restarts)
    task = Task("unique" if unique else "solve", write_lp=write_lp, write_mps=write_mps)
    return (run_task or run)(puzzle, task, options, deadline, progress)
