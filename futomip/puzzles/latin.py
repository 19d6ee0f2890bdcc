"""Latin-square completion (QCP/QWH): the instance type, its rules, its text rendering.

An order-n Latin square holds 1..n exactly once in every row and every column; a completion
puzzle gives some cells and asks for the rest (the quasigroup completion problem of the
QCP/QWH literature, whose files number the symbols 0..n-1: the readers shift them by one).
It is a Futoshiki without inequalities, kept as its own kind so that files, reports and
benchmarks say what it is.  Cells are 0-based inside the library and 1-based in messages.
``verify`` imports no solver, no backend and nothing under ``models``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import UsageError
from .clues import Clue

__all__ = ["Cell", "Grid", "LatinSquare", "verify", "render", "clues", "restrict", "grid_clash", "size_json",
           "as_futoshiki"]

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class LatinSquare:
    """A completion instance: ``givens`` is the board with 0 for a hole."""

    size: int
    givens: Grid
    name: str = field(default="", compare=False)

    kind = "latin"

    def __post_init__(self) -> None:
        n = self.size
        if n < 1:
            raise UsageError(f"order must be at least 1, got {n}")
        if len(self.givens) != n or any(len(row) != n for row in self.givens):
            raise UsageError(f"givens must be a {n}x{n} grid")
        for r, row in enumerate(self.givens):
            for c, v in enumerate(row):
                if not 0 <= v <= n:
                    raise UsageError(f"given at row {r + 1}, column {c + 1} is {v}, not in 0..{n}")
        object.__setattr__(self, "givens", tuple(tuple(int(v) for v in row) for row in self.givens))

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The given cells with their values, row by row."""
        return [((r, c), v) for r, row in enumerate(self.givens) for c, v in enumerate(row) if v]

    @property
    def holes(self) -> int:
        """How many cells are open."""
        return sum(row.count(0) for row in self.givens)


def as_futoshiki(puzzle: LatinSquare):
    """The same instance as a Futoshiki without inequalities (the Latin family's shared form)."""
    from .futoshiki import Futoshiki

    return Futoshiki(puzzle.size, puzzle.givens, (), puzzle.name)


def _show(cell: Cell) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


def verify(puzzle: LatinSquare, grid: Grid) -> list[str]:
    """Every rule the grid breaks, in words; an empty list means the grid is a solution."""
    from .futoshiki import verify as verify_futoshiki

    return verify_futoshiki(as_futoshiki(puzzle), grid)


def render(puzzle: LatinSquare, grid: Grid | None = None, blank: str = ".") -> str:
    """Rows of numbers, right-aligned, holes as ``blank``."""
    width = len(str(puzzle.size))
    values = grid if grid is not None else puzzle.givens
    return "\n".join(" ".join((str(v) if v else blank).rjust(width) for v in row) for row in values)


def clues(puzzle: LatinSquare) -> list[Clue]:
    """The givens, each a clue that ``restrict`` can keep or drop."""
    return [Clue("given", ("given", r, c), f"cell {_show((r, c))} is given as {v}",
                 (("row", r + 1), ("col", c + 1), ("value", v)))
            for (r, c), v in puzzle.given_cells()]


def restrict(puzzle: LatinSquare, keep: list[Clue]) -> LatinSquare:
    """The same board keeping only the givens in ``keep``."""
    keys = {clue.key for clue in keep}
    board = [[v if ("given", r, c) in keys else 0 for c, v in enumerate(row)] for r, row in enumerate(puzzle.givens)]
    return LatinSquare(puzzle.size, tuple(map(tuple, board)), puzzle.name)


def grid_clash(puzzle: LatinSquare) -> list[Clue]:
    """Two givens with one value in one row or column (the first such pair), or []."""
    from .futoshiki import grid_clash as futoshiki_clash

    return futoshiki_clash(as_futoshiki(puzzle))


def size_json(puzzle: LatinSquare) -> int:
    """The JSON ``size`` field: the order n."""
    return puzzle.size
