"""Turning a ``Result`` into what the CLI prints: the text report and the ``--json`` object.

The JSON field names are a contract that scripts rely on (docs/cli.md, "JSON output"); add
fields, never rename or drop them.  Must not import solvers or backends.
"""

from __future__ import annotations

import json

from .. import puzzles
from ..result import Result

__all__ = ["GridTexts", "json_text", "to_json", "text_report", "size_of"]


def size_of(puzzle):
    """The JSON ``size``: n for square puzzles, [rows, columns] for rectangular ones."""
    return puzzles.module_of(puzzle).size_json(puzzle)


def _grid(grid):
    return None if grid is None else [list(row) for row in grid]


class GridTexts:
    """The JSON text of each grid of an enumeration, written as the grids come.

    Printing tens of thousands of solutions at the end took longer than a time limit's
    allowance (20 MB of JSON, about 0.8 s); written one by one while the search runs, their
    cost falls inside the limit, and the final print is one join.  Rows repeat across the
    solutions of one puzzle, so each distinct row is written once."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self._rows: dict = {}

    def add(self, grid) -> None:
        rows, parts = self._rows, []
        for row in grid:
            text = rows.get(row)
            if text is None:
                text = rows[row] = json.dumps(list(row))
            parts.append(text)
        self.texts.append("[" + ", ".join(parts) + "]")


_SOLUTIONS = "\x00solutions written by GridTexts\x00"


def json_text(result: Result, texts: list[str] | None = None) -> str:
    """``json.dumps(to_json(result))``, the same text, with the solutions taken from ``texts``
    when it holds the JSON of every one of them (``GridTexts.texts``, in the same order)."""
    if texts is None or result.solutions is None or len(texts) != len(result.solutions):
        return json.dumps(to_json(result))
    text = json.dumps(to_json(result, solutions_text=_SOLUTIONS))
    # The last occurrence: only "complete" and "conflict" (no user text) come after it.
    head, _, tail = text.rpartition(json.dumps(_SOLUTIONS))
    return head + "[" + ", ".join(texts) + "]" + tail


def to_json(result: Result, solutions_text: str | None = None) -> dict:
    """The ``--json`` object of one result (``solutions_text``: a stand-in for the solutions'
    list, for ``json_text``)."""
    out = {
        "file": result.file,
        "puzzle": result.puzzle.kind,
        "name": result.puzzle.name or None,
        "size": size_of(result.puzzle),
        "status": result.status,
        "solution": _grid(result.grid),
        "backend": result.backend,
        "solver": result.solver,
        "encoding": result.encoding,
        "seconds": {key: round(value, 6) for key, value in result.seconds.items()},
        "unique": result.unique,
        "message": result.message or None,
        "reduction": result.reduction,
        "stats": result.stats,
        "method": result.method,
        "globals": result.globals or None,
        "configuration": result.configuration or None,
        "schedule": result.schedule,
    }
    if result.cost is not None:
        out["cost"] = result.cost
    if result.second is not None:
        out["second_solution"] = _grid(result.second)
    if result.solutions is not None:
        out["solutions"] = solutions_text if solutions_text is not None else [_grid(grid) for grid in result.solutions]
        out["complete"] = result.complete
    if result.conflict is not None:
        out["conflict"] = [clue.to_json() for clue in result.conflict]
    return out


def differing_cells(first, second) -> list[tuple[int, int]]:
    """The cells (0-based) where two grids differ."""
    return [(r, c) for r, row in enumerate(first) for c, v in enumerate(row) if second[r][c] != v]


def _difference_map(grid, cells) -> str:
    """Rows of '.' and '*' (a differing cell), one character per cell."""
    marked = set(cells)
    return "\n".join(" ".join("*" if (r, c) in marked else "." for c in range(len(row)))
                     for r, row in enumerate(grid))


def text_report(result: Result, quiet: bool = False, verbose: bool = False) -> str:
    """The board (when there is one) and, unless ``quiet``, a status line with timings (and
    with ``verbose`` the solver's statistics)."""
    lines = []
    if result.grid is not None and result.solutions is None:
        lines.append(puzzles.render(result.puzzle, result.grid))
    if result.second is not None:
        cells = differing_cells(result.grid, result.second)
        lines.append("")
        lines.append(f"NOT unique: another solution differs in {len(cells)} cells:")
        lines.append(puzzles.render(result.puzzle, result.second))
        lines.append("")
        lines.append("where the two differ (*):")
        lines.append(_difference_map(result.grid, cells))
    if result.solutions is not None:
        count = len(result.solutions)
        state = "all of them" if result.complete else "the search did not finish, there may be more"
        lines.append(f"{count} solution{'s' if count != 1 else ''} found ({state})")
    if result.conflict:
        module = puzzles.module_of(result.puzzle)
        lines.append("These clues cannot all hold together:")
        lines.append(puzzles.render(module.restrict(result.puzzle, result.conflict)))
        lines.extend(f"  - {clue.text}" for clue in result.conflict)
    if quiet:
        return "\n".join(lines)
    if lines:
        lines.append("")
    seconds = result.seconds
    parts = ("read", "import", "reduce", "build", "write", "solve")
    timing = ", ".join(f"{key} {seconds[key]:.3f}" for key in parts if key in seconds)
    status = result.status
    if result.unique is True:
        status += ", unique"
    if result.method != "milp":
        cost = "" if result.cost is None else f"   best cost: {result.cost}"
        lines.append(f"status: {status}   method: {result.method}{cost}   time: {seconds.get('total', 0.0):.3f} s "
                     f"({timing})")
    else:
        form = f"   globals: {result.globals}" if result.globals else ""
        lines.append(f"status: {status}   backend: {result.backend}   solver: {result.solver}   "
                     f"encoding: {result.encoding}{form}   time: {seconds.get('total', 0.0):.3f} s ({timing})")
    if result.reduction is not None and result.reduction.get("cells"):
        reduction = result.reduction
        stopped = "" if reduction.get("finished", True) else " (stopped at half the time limit)"
        # At the split level a reduction that fixed every cell leaves one grid, checked without a model.
        settled = reduction["level"] == "split" and reduction["fixed"] == reduction["cells"] \
            and not reduction.get("contradiction")
        if reduction.get("contradiction"):
            # Every cell "fixed" is no news here: the reduction proved that no grid is left.
            lines.append(f"reduction: {reduction['level']} found {reduction['contradiction']} impossible "
                         + ("(no model needed: no grid is left)" if reduction["level"] == "split"
                            else "before the model was built") + stopped)
        else:
            lines.append(f"reduction: {reduction['level']} fixed {reduction['fixed']} of {reduction['cells']} cells "
                         + ("(no model needed: the one grid left was checked)" if settled
                            else "before the model was built") + stopped)
        search = reduction.get("search")
        if search:
            count = search["subpuzzles"]
            lines.append(f"split: a search over {search['nodes']} nodes (depth {search['depth']}, {search['pruned']} "
                         f"pruned, {search['restarts']} restarts) handed the solver {count} "
                         f"sub-puzzle{'' if count == 1 else 's'}")
            learning = search.get("learning")
            if learning:
                winner = {"first": "the split search met the first leaf", "second": "it met the first leaf"}.get(
                    search.get("twin"), "neither met a leaf")
                lines.append(f"learning: a clause-learning search took turns with the split search "
                             f"({learning['decisions']} decisions, {learning['conflicts']} conflicts, "
                             f"{learning['restarts']} restarts, {learning['learnt']} learnt clauses kept); {winner}")
    if result.schedule is not None:
        lines.append(_schedule_line(result.schedule, result.method == "sat"))
    if verbose and result.stats:
        lines.append("solver stats: " + ", ".join(f"{key} {value:g}" if isinstance(value, float) else f"{key} {value}"
                                                  for key, value in result.stats.items()))
    if result.configuration:
        lines.append(f"configuration: {result.configuration}")
    if result.message:
        lines.append(f"note: {result.message}")
    return "\n".join(lines)


def _schedule_line(schedule: dict, sat: bool = False) -> str:
    """Which side answered under which schedule (``futomip.pipeline.schedule``); ``sat``: the
    sides of ``--method sat`` (the line search and the SAT solver in a child)."""
    mode = schedule["mode"]
    solver_side = "the SAT solver" if sat else "the solver on the puzzle as given" \
        if schedule.get("model") == "as given" else "the solver on the whole model"
    in_worker = "a second search path and the solver on the whole model, in turns" \
        if schedule.get("worker") == "search" else solver_side
    how = {"parallel": f"side by side ({in_worker} in a {'child process' if sat else 'worker'} on a free core)",
           "sequential": f"in turns of {schedule['quantum'] * 1000:g} ms (one core)",
           "search": "the search alone (--schedule search)",
           "solver": f"{solver_side} alone (--schedule solver)"}.get(mode, mode)
    side = {"search": "the line search" if sat else "the split search", "solver": solver_side,
            "second search": "the second search path"}.get(
        schedule["answered_by"] or "", "neither side")
    return (f"schedule: {how}; {side} answered; search {schedule['search_seconds']:.3f} s, "
            f"solver {schedule['solver_seconds']:.3f} s")
