"""Puzzle types: frozen instance dataclasses, their rules as independent checkers, rendering.

One module per kind (``futoshiki``, ``str8ts``, ``nonogram``), registered in
``futomip.kinds``.  Nothing here may import a solver, a backend or ``models``: ``verify``
is the oracle that checks every grid a solver returns.
"""

from __future__ import annotations

from numbers import Integral, Real

from ..errors import UsageError
from ..kinds import kind_of
from .adjacent import Adjacent
from .futoshiki import Futoshiki

__all__ = ["Futoshiki", "Adjacent", "verify", "render", "module_of"]


def module_of(puzzle):
    """The module holding the puzzle's ``verify``, ``render``, ``clues``, ``restrict``, ..."""
    return kind_of(puzzle).puzzle_module()


def verify(puzzle, grid) -> list[str]:
    """Every rule ``grid`` breaks for ``puzzle``, in words (empty list: a solution)."""
    module = module_of(puzzle)
    if grid is None:
        # A result that is not solved has no grid: a broken promise to report, not a crash.
        return ["there is no grid (None): only a solved result has one"]
    try:
        for row in grid:
            len(row)
    except TypeError:
        return [f"the grid is not a sequence of rows: got {type(grid).__name__}"]
    problems = module.verify(puzzle, grid)
    if not problems or all(type(value) is int for row in grid for value in row):
        return problems
    # Values of other types (read again only when the rules found something: the solvers'
    # grids, checked by the thousand, hold ints): numpy's integers are integers, floats not.
    plain = []
    for r, row in enumerate(grid):
        plain.append([_plain(value) for value in row])
        floats = [value for value in row if isinstance(value, Real) and not isinstance(value, Integral)]
        if floats:
            return [f"row {r + 1} holds {float(floats[0])!r}, not an integer: a grid's values are integers "
                    "(round a solver's values first)"]
    return module.verify(puzzle, plain)


def _plain(value):
    # numpy's integers (a grid kept as an array) are integers: the rules compare Python ints.
    return int(value) if isinstance(value, Integral) and not isinstance(value, bool) else value


def render(puzzle, grid=None) -> str:
    """The board drawn as text, with ``grid`` filled in when given."""
    module = module_of(puzzle)
    try:
        return module.render(puzzle, grid)
    except (IndexError, TypeError, ValueError):
        shape = [text for text in verify(puzzle, grid) if text.startswith(("the grid is not", "there is no grid"))]
        if grid is None or not shape:
            raise
        raise UsageError(f"the grid cannot be drawn on this {puzzle.kind} board: {shape[0]}") from None
