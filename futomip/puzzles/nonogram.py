"""Nonograms (Pattern, paint by numbers): the instance type, its rules as an independent
checker, and its text rendering.

A nonogram is an h x w board of cells to colour black or white.  Every row and every column
carries a clue, the lengths of its maximal runs of black cells in order (``(1, 3)`` = a run
of 1, at least one white cell, a run of 3; ``()`` = the line is all white).  A solution grid
is a tuple of rows of 0/1, 1 = black.  Cells are 0-based ``(row, col)`` inside the library
and 1-based in every message a person reads.

A line clue may also be ``None``, meaning "this line is unconstrained".  No file format
writes that; it exists for ``restrict``: dropping a clue must relax the puzzle (the
conflict search removes clues and expects fewer constraints), and reading a dropped clue
as "empty line" would instead force the whole line white.

``verify`` is the oracle for every test: this module must never import a solver, a
backend or anything under ``models``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Iterable, Sequence

from ..errors import UsageError
from .clues import Clue

__all__ = [
    "Runs",
    "Grid",
    "Nonogram",
    "runs_of",
    "from_grid",
    "fits",
    "verify",
    "render",
    "clues",
    "restrict",
    "grid_clash",
    "size_json",
]

Runs = tuple[int, ...]
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Nonogram:
    """A nonogram instance: ``rows`` top to bottom and ``cols`` left to right.

    Each clue is a tuple of positive run lengths (``()`` for an all-white line) or ``None``
    for an unconstrained line.  Lists are accepted and stored as tuples, so two sources of
    the same clues give equal objects.  ``name`` is informational and not compared.
    """

    rows: tuple[Runs | None, ...]
    cols: tuple[Runs | None, ...]
    name: str = field(default="", compare=False)

    kind = "nonogram"

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def __post_init__(self) -> None:
        rows = _canonical_lines(self.rows, "row")
        cols = _canonical_lines(self.cols, "column")
        if not rows or not cols:
            raise UsageError(f"a nonogram needs at least one row and one column, got {len(rows)}x{len(cols)}")
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.cols)

    def lines(self) -> list[tuple[str, int, Runs | None, int]]:
        """Every line as ``(direction, index, clue, length)``: rows first, then columns."""
        return [("row", r, clue, self.width) for r, clue in enumerate(self.rows)] + [
            ("column", c, clue, self.height) for c, clue in enumerate(self.cols)
        ]

    @property
    def is_complete(self) -> bool:
        """Whether every line has a clue (no line was dropped by ``restrict``)."""
        return all(clue is not None for clue in self.rows + self.cols)


def _canonical_lines(lines: Iterable[Iterable[int] | None], direction: str) -> tuple[Runs | None, ...]:
    canonical = []
    for index, clue in enumerate(lines):
        if clue is None:
            canonical.append(None)
            continue
        runs = tuple(clue)
        for run in runs:
            # bool is an int subclass; a True run length is a typo, not a 1.
            if not isinstance(run, int) or isinstance(run, bool) or run < 1:
                raise UsageError(f"{direction} {index + 1} clue {list(runs)} holds {run!r}, not a positive run length")
        canonical.append(tuple(int(run) for run in runs))
    return tuple(canonical)


def runs_of(line: Sequence[int]) -> Runs:
    """The lengths of the maximal runs of 1s in ``line``, in order."""
    runs = []
    length = 0
    for value in line:
        if value == 1:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    if length:
        runs.append(length)
    return tuple(runs)


def from_grid(grid: Sequence[Sequence[int]], name: str = "") -> Nonogram:
    """The nonogram whose clues are the runs of a 0/1 ``grid`` (so ``grid`` solves it)."""
    height, width = len(grid), len(grid[0])
    rows = tuple(runs_of(grid[r]) for r in range(height))
    cols = tuple(runs_of([grid[r][c] for r in range(height)]) for c in range(width))
    return Nonogram(rows, cols, name)


def fits(clue: Runs, length: int) -> bool:
    """Whether the runs fit into a line of ``length`` cells with single gaps between them."""
    return sum(clue) + len(clue) - 1 <= length


def _show(cell: tuple[int, int]) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


def verify(puzzle: Nonogram, grid: Grid) -> list[str]:
    """Return every rule the grid breaks, in words; an empty list means the grid is a solution."""
    h, w = puzzle.height, puzzle.width
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"the grid is not {h}x{w} (rows x columns)"]
    problems = []
    # Enumeration checks thousands of grids a second: when every cell is a plain int 0 or 1
    # (two set builds) the cell by cell look, which would find nothing, is skipped.
    if {*map(type, chain.from_iterable(grid))} != {int} or not {*chain.from_iterable(grid)} <= {0, 1}:
        for r in range(h):
            for c in range(w):
                value = grid[r][c]
                if value not in (0, 1) or isinstance(value, bool):
                    problems.append(f"cell {_show((r, c))} holds {value!r}, not 0 (white) or 1 (black)")
    columns = list(zip(*grid))
    for direction, clues, lines in (("row", puzzle.rows, grid), ("column", puzzle.cols, columns)):
        for index, (clue, line) in enumerate(zip(clues, lines)):
            if clue is None:
                continue
            found = runs_of(line)
            if found != clue:
                problems.append(f"{direction} {index + 1} has runs {list(found)}, clue is {list(clue)}")
    return problems


def _clue_text(clue: Runs | None) -> str:
    if clue is None:
        return "?"
    return " ".join(str(run) for run in clue) if clue else "0"


def render(puzzle: Nonogram, grid: Grid | None = None, unknown: str = "?") -> str:
    """Draw the board: column clues stacked above, row clues to the left, cells as ``#``/``.``.

    Without ``grid`` every cell shows ``unknown``.  A dropped clue (``None``) shows as ``?``
    and an all-white line's clue as ``0``.  Cells are one character wide plus a space, or
    wider when a column clue has numbers of two or more digits, so columns stay aligned.
    """
    # Each column clue is drawn as a stack of numbers, one per line, bottom-aligned.
    column_stacks = [_clue_text(clue).split() for clue in puzzle.cols]
    cell_width = max(len(text) for stack in column_stacks for text in stack)
    depth = max(len(stack) for stack in column_stacks)
    row_texts = [_clue_text(clue) for clue in puzzle.rows]
    margin = max(len(text) for text in row_texts) + 2
    lines = []
    for level in range(depth):
        parts = []
        for stack in column_stacks:
            offset = level - (depth - len(stack))
            parts.append((stack[offset] if offset >= 0 else "").rjust(cell_width))
        lines.append((" " * margin + " ".join(parts)).rstrip())
    for r, text in enumerate(row_texts):
        if grid is None:
            cells = [unknown] * puzzle.width
        else:
            cells = ["#" if value == 1 else "." for value in grid[r]]
        lines.append(text.rjust(margin - 2) + "  " + " ".join(cell.rjust(cell_width) for cell in cells))
    return "\n".join(lines)


def _line_clue(direction: str, index: int, clue: Runs) -> Clue:
    return Clue(
        "runs",
        (direction, index),
        f"{direction} {index + 1} has runs {list(clue)}",
        (("line", direction), ("index", index + 1), ("runs", clue)),
    )


def clues(puzzle: Nonogram) -> list[Clue]:
    """Each row clue and each column clue (including ``()``, an all-white line) is one clue.

    Lines already unconstrained (``None``) are not clues.  ``restrict`` turns every clue it
    does not keep into ``None``, "the line is unconstrained", so dropping clues only ever
    relaxes the puzzle.
    """
    return [_line_clue(direction, index, clue) for direction, index, clue, _ in puzzle.lines() if clue is not None]


def restrict(puzzle: Nonogram, keep: list[Clue]) -> Nonogram:
    """The same board keeping only the line clues in ``keep``; other lines become ``None``."""
    keys = {clue.key for clue in keep}
    rows = tuple(clue if ("row", r) in keys else None for r, clue in enumerate(puzzle.rows))
    cols = tuple(clue if ("column", c) in keys else None for c, clue in enumerate(puzzle.cols))
    return Nonogram(rows, cols, puzzle.name)


def grid_clash(puzzle: Nonogram) -> list[Clue]:
    """A line clue that cannot fit its line (``sum + gaps > length``): a conflict on its own.

    Returns that one clue (the first found, rows before columns), or [] when every clue
    fits.  Other quick counts (e.g. black cells by rows versus by columns) need every line
    and are left to the solver, since this check must stay small and always exact.
    """
    for direction, index, clue, length in puzzle.lines():
        if clue is not None and not fits(clue, length):
            return [_line_clue(direction, index, clue)]
    return []


def size_json(puzzle):
    """The JSON ``size`` field: [height, width]."""
    return [puzzle.height, puzzle.width]
