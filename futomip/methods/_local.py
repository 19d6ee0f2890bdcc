"""What the local-search methods (``anneal``, ``genetic``) share: the report's cost function
and how a search that may fail reports.

The cost of a full Futoshiki grid (givens in place, every cell holding some 1..n) is, as in
the student report: +1 for every repeated digit in a row or a column (a line holding a
digit k times counts k - 1), +1 for every inequality that does not hold.  A grid costs 0
exactly when it is a solution, and only then is it returned (and verified); otherwise the
result is ``heuristic_failed`` with the best cost reached, which proves nothing about the
puzzle (it may well have solutions: the search did not find one).
"""

from __future__ import annotations

from ..status import HEURISTIC_FAILED, SOLVED
from . import finish
from ._latin import Board

__all__ = ["cost", "line_repeats", "broken", "report", "parameter"]


def line_repeats(values) -> int:
    return len(values) - len(set(values))


def broken(board: Board, values) -> int:
    return sum(values[a] >= values[b] for a, b in board.less)


def cost(board: Board, values) -> int:
    return sum(line_repeats([values[i] for i in unit]) for unit in board.units) + broken(board, values)


def parameter(params: dict, name: str, default: float, low: float, high: float) -> float:
    """A method parameter from ``--method NAME:key=value``, checked to lie in [low, high]."""
    from ..errors import UsageError

    value = float(params.get(name, default))
    if not low <= value <= high:
        raise UsageError(f"{name} must lie in [{low:g}, {high:g}], got {value:g}")
    return value


def report(puzzle, name: str, board: Board, best_values, best_cost: int, out_of_time: bool, seconds: dict,
           stats: dict, unique: bool):
    """The result of a local search: solved (a cost-0 grid, verified), or heuristic_failed."""
    if best_cost == 0:
        note = "a local search cannot prove uniqueness" if unique else ""
        return finish(puzzle, name, SOLVED, board.grid(best_values), seconds=seconds, stats=stats, cost=0,
                      message=note)
    why = "time limit" if out_of_time else "the search ended"
    return finish(puzzle, name, HEURISTIC_FAILED, seconds=seconds, stats=stats, cost=best_cost,
                  message=f"{why} without a valid grid: best cost {best_cost} (rules broken)")


