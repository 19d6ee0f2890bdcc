"""The ``milp`` method: the pipeline as it is (``futomip.pipeline.run``), so that batch and
``solve --method`` treat the MILP like every other method.  Its grid is verified inside the
pipeline (``SolutionFinder``)."""

from __future__ import annotations

from ..kinds import KINDS as _ALL_KINDS
from ..options import Deadline, Options
from ..pipeline import Task, run
from ..result import Result

KINDS = frozenset(_ALL_KINDS)
EXACT = True
OPTIONS = ("backend", "solver", "encoding", "reduce", "globals", "schedule", "restarts", "threads", "seed",
           "solver_options")
"""It reads every option (the MILP pipeline)."""


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    return run(puzzle, Task("unique" if unique else "solve"), options, deadline)
