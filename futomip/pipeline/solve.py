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
from ..kinds import kind_of
from .tasks import Task, run
from .finder import default_encoding
from ..result import Result

__all__ = ["Result", "Deadline", "Options", "solve", "default_encoding"]


def solve(puzzle, *, unique: bool = False, write_lp: str | None = None, write_mps: str | None = None,
          progress: Callable[[str], None] | None = None, options: Options | None = None,
          deadline: Deadline | None = None, run_task: Callable[..., Result] | None = None, **settings) -> Result:
    """Solve ``puzzle`` and return a verified ``Result``: ``run_task`` carries out the task
    (the MILP pipeline, ``futomip.pipeline.run``, when None).

    ``settings`` are ``Options`` fields by name (``backend``, ``solver``, ``reduce``,
    ``time_limit``, ``schedule``, ``restarts``, ...), which ``options`` replaces when given.
    ``futomip.solve`` (``futomip.methods.default.keyword_solve``) documents every keyword and
    calls this with the measured-defaults route as ``run_task``.
    """
    kind_of(puzzle)  # a path or a grid where a puzzle belongs: a UsageError saying so
    if options is None:
        options = Options(**settings)
    task = Task("unique" if unique else "solve", write_lp=write_lp, write_mps=write_mps)
    return (run_task or run)(puzzle, task, options, deadline, progress)
