"""Sudoku: the instance type, its rules as an independent checker, and its text rendering.

A Sudoku of size n = b*b (4, 9, 16, 25, ...) is an n x n board split into n boxes of b x b
cells; every row, every column and every box holds 1..n exactly once, and some cells are
given.  Cells are 0-based ``(row, col)`` inside the library and 1-based in every message a
person reads.  ``verify`` is the oracle for every test and imports no solver, no backend
and nothing under ``models``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import UsageError
from .clues import Clue

__all__ = ["Cell", "Grid", "Sudoku", "box_size", "units", "verify", "render", "clues", "restrict", "grid_clash",
           "size_json"]

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]


def box_size(n: int) -> int:
    """b with b * b = n (a Sudoku's size must be a square)."""
    b = math.isqrt(n)
    if b * b != n:
        raise UsageError(f"a Sudoku's size must be a square number (4, 9, 16, ...), got {n}")
    return b


@dataclass(frozen=True)
class Sudoku:
    """A Sudoku instance: ``givens`` is the board with 0 for a blank cell; ``name`` is
    informational and does not take part in equality."""

    size: int
    givens: Grid
    name: str = field(default="", compare=False)

    kind = "sudoku"

    def __post_init__(self) -> None:
        n = self.size
        if n < 1:
            raise UsageError(f"size must be at least 1, got {n}")
        box_size(n)
        if len(self.givens) != n or any(len(row) != n for row in self.givens):
            raise UsageError(f"givens must be a {n}x{n} grid")
        for r, row in enumerate(self.givens):
            for c, v in enumerate(row):
                if not 0 <= v <= n:
                    raise UsageError(f"given at row {r + 1}, column {c + 1} is {v}, not in 0..{n}")
        object.__setattr__(self, "givens", tuple(tuple(int(v) for v in row) for row in self.givens))

    @property
    def box(self) -> int:
        """The side of a box (3 for a 9x9 Sudoku)."""
        return box_size(self.size)

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The given cells with their values, row by row."""
        return [((r, c), v) for r, row in enumerate(self.givens) for c, v in enumerate(row) if v]


def units(n: int) -> list[tuple[str, list[Cell]]]:
    """Every row, column and box as ``(name, cells)``, names 1-based ("box 5" counts row-wise)."""
    b = box_size(n)
    found = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
    found += [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]
    for k in range(n):
        top, left = b * (k // b), b * (k % b)
        found.append((f"box {k + 1}", [(top + i, left + j) for i in range(b) for j in range(b)]))
    return found


def _show(cell: Cell) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


def verify(puzzle: Sudoku, grid: Grid) -> list[str]:
    """Every rule the grid breaks, in words; an empty list means the grid is a solution."""
    n = puzzle.size
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"the grid is not {n}x{n}"]
    problems = []
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if not (isinstance(v, int) and 1 <= v <= n):
                problems.append(f"cell {_show((r, c))} holds {v!r}, not a value in 1..{n}")
            given = puzzle.givens[r][c]
            if given and v != given:
                problems.append(f"cell {_show((r, c))} is given as {given} but holds {v}")
    for name, cells in units(n):
        seen: dict[int, Cell] = {}
        for r, c in cells:
            v = grid[r][c]
            if v in seen:
                problems.append(f"{name} holds {v} twice (cells {_show(seen[v])} and {_show((r, c))})")
            else:
                seen[v] = (r, c)
    return problems


def render(puzzle: Sudoku, grid: Grid | None = None, blank: str = ".") -> str:
    """The board with box borders (``|`` and ``-``), the solution when given, blanks as ``blank``."""
    n, b = puzzle.size, puzzle.box
    width = len(str(n))
    values = grid if grid is not None else puzzle.givens
    lines = []
    for r in range(n):
        if r and r % b == 0:
            # A box is b cells of ``width`` with blanks between; " | " stands between boxes.
            box = b * width + b - 1
            lines.append("+".join("-" * (box + (1 if i in (0, b - 1) else 2)) for i in range(b)) if b > 1
                         else "-" * width)
        cells = []
        for c in range(n):
            if c and c % b == 0:
                cells.append("|")
            v = values[r][c]
            cells.append((str(v) if v else blank).rjust(width))
        lines.append(" ".join(cells))
    return "\n".join(lines)


def clues(puzzle: Sudoku) -> list[Clue]:
    """The givens, each a clue that ``restrict`` can keep or drop."""
    return [Clue("given", ("given", r, c), f"cell {_show((r, c))} is given as {v}",
                 (("row", r + 1), ("col", c + 1), ("value", v)))
            for (r, c), v in puzzle.given_cells()]


def restrict(puzzle: Sudoku, keep: list[Clue]) -> Sudoku:
    """The same board keeping only the givens in ``keep``."""
    keys = {clue.key for clue in keep}
    board = [[v if ("given", r, c) in keys else 0 for c, v in enumerate(row)] for r, row in enumerate(puzzle.givens)]
    return Sudoku(puzzle.size, tuple(map(tuple, board)), puzzle.name)


def grid_clash(puzzle: Sudoku) -> list[Clue]:
    """Two givens with one value in one row, column or box (the first such pair), or []."""
    given = {clue.key: clue for clue in clues(puzzle)}
    for _, cells in units(puzzle.size):
        seen: dict[int, Cell] = {}
        for r, c in cells:
            v = puzzle.givens[r][c]
            if v and v in seen:
                first = seen[v]
                return [given[("given", first[0], first[1])], given[("given", r, c)]]
            if v:
                seen[v] = (r, c)
    return []


def size_json(puzzle: Sudoku) -> int:
    """The JSON ``size`` field: n."""
    return puzzle.size
