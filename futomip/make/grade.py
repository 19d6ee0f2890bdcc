"""Two difficulty grades for a puzzle: how a person would fare, and how hard the MILP works.

**Human grade** — the weakest rule set of the kind's exact domain reduction
(``futomip.reduction``) that decides every cell without guessing:

    lines     each line's (row's, column's, unit's) rules on their own, to a fixpoint:
              nonogram line solving; for the Latin family (Futoshiki, Latin squares,
              Sudoku) singles, bounds along '<' chains and all-different matching;
              for Str8ts singles, straights and required digits (``str8ts_rules``)
    probing   that, plus trying a value in a cell and following the consequences
              (a person's "what if"), to a fixpoint
    search    neither decides the puzzle: a solver must branch (a person must guess)

A puzzle the reduction proves impossible is graded ``infeasible``; a kind without a
reduction gets ``None`` (not graded).  Because the reduction removes only what no solution
uses, a puzzle graded ``lines`` or ``probing`` has exactly one solution.

**MIP effort** — the default MILP pair (HiGHS through highspy unless chosen otherwise) on
the *unreduced* model, so that it measures the formulation and not futomip's reduction:
branch-and-bound nodes, simplex iterations and solve seconds, and, where the kind's model
allows it, the share of the LP relaxation's cell-value columns that the relaxation alone
fixes to 0 or 1 (``futomip.draw.lp``; 100% means the LP decides the puzzle before any
branching).  Its label is ``presolve`` (no simplex iteration needed), ``root`` (one node at
most) or ``branching`` (more); ``None`` when the solver reports no node count (CP-SAT,
GLPK) or the MILP ends unsolved (the CLI then prints the MILP's status).

Must not import the CLI.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from .. import reduction
from ..options import Deadline, Options

__all__ = ["HUMAN_LEVELS", "Grade", "rules", "human_grade", "mip_effort", "grade"]

HUMAN_LEVELS = ("lines", "probing", "search")


@dataclass
class Grade:
    """Both grades of one puzzle; ``None`` fields were not measured (no reduction for the
    kind, no time left, a model the LP picture cannot read).  ``settled_by`` is the rung of
    the kind's finer rule ladder (``ladder``) that settles it."""

    human: str | None
    open_after_lines: int | None
    open_after_probing: int | None
    mip: str | None
    nodes: int | None
    lp_iterations: int | None
    solve_seconds: float | None
    lp_forced_share: float | None
    status: str
    settled_by: str | None = None

    def as_json(self) -> dict:
        return asdict(self)


def rules(puzzle, level: str, stop_at: float | None = None):
    """The kind's exact reduction at ``level`` ("lines" or "probing"): ``futomip.reduction``'s,
    or for Str8ts (which has none there yet) the hand-solver's rules of ``str8ts_rules``."""
    if puzzle.kind == "str8ts":
        from .str8ts_rules import reduce as reduce_str8ts

        return reduce_str8ts(puzzle, level, stop_at)
    return reduction.reduce(puzzle, level, stop_at)


def human_grade(puzzle, stop_at: float | None = None) -> tuple[str | None, int | None, int | None]:
    """(grade, cells open after "lines", cells open after "probing"); see the module text."""
    lines = rules(puzzle, "lines", stop_at)
    if lines is None:
        return None, None, None
    summary = lines.summary()
    if summary.get("contradiction"):
        return "infeasible", summary["open"], None
    if summary["open"] == 0:
        return "lines", 0, 0
    probed = rules(puzzle, "probing", stop_at).summary()
    if probed.get("contradiction"):
        return "infeasible", summary["open"], probed["open"]
    if not probed.get("finished", True):
        return None, summary["open"], probed["open"]
    return ("probing" if probed["open"] == 0 else "search"), summary["open"], probed["open"]


def mip_effort(puzzle, options: Options, deadline: Deadline) -> dict:
    """Nodes, simplex iterations, solve seconds, label and status of the MILP on the
    unreduced model, and the LP relaxation's forced share."""
    from ..pipeline import Task, run

    unreduced = replace(options, backend=options.backend or "highspy", solver=options.solver or "highs",
                        reduce="none")
    result = run(puzzle, Task("solve"), unreduced, deadline)
    stats = result.stats or {}
    nodes, iterations = stats.get("nodes"), stats.get("lp_iterations")
    label = None
    if result.solved and nodes is not None:
        label = "presolve" if not iterations else "root" if nodes <= 1 else "branching"
    return {"mip": label, "nodes": nodes, "lp_iterations": iterations,
            "solve_seconds": round(result.seconds.get("solve", 0.0), 4), "status": result.status,
            "lp_forced_share": _forced_share(puzzle, deadline)}


def _forced_share(puzzle, deadline: Deadline) -> float | None:
    from ..draw.lp import relax

    left = deadline.remaining()
    if left is not None and left < 0.5:
        return None
    try:
        relaxation = relax(puzzle, time_limit=left)
    except Exception:  # noqa: BLE001 - the share is an extra; a kind the picture cannot read has none
        return None
    if relaxation.status != "optimal" or not relaxation.drawn:
        return None
    return round(relaxation.forced / relaxation.drawn, 4)


def grade(puzzle, options: Options | None = None, deadline: Deadline | None = None) -> Grade:
    """Both grades of ``puzzle``."""
    options = options or Options()
    deadline = deadline or Deadline(options.time_limit)
    human, after_lines, after_probing = human_grade(puzzle, deadline.fraction_end(0.5))
    effort = mip_effort(puzzle, options, deadline)
    from .ladder import settled_by

    return Grade(human, after_lines, after_probing, effort["mip"], effort["nodes"], effort["lp_iterations"],
                 effort["solve_seconds"], effort["lp_forced_share"], effort["status"], settled_by(puzzle, human))
