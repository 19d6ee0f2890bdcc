"""Futoshiki: the instance type, its rules as an independent checker, and its text rendering.

A Futoshiki of size n is an n x n board; every row and every column holds 1..n exactly
once, some cells are given, and some pairs of cells carry a strict inequality.  Cells are
0-based ``(row, col)`` pairs inside the library and 1-based in every message a person
reads.  ``verify`` is the oracle for every test: it must never import a solver, a backend
or anything under ``models`` (it would stop being independent of the MILP).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..errors import UsageError
from .clues import Clue

__all__ = ["Cell", "Grid", "Futoshiki", "verify", "render", "clues", "restrict", "grid_clash", "size_json"]

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Futoshiki:
    """A Futoshiki instance in canonical form.

    ``givens`` is the board with 0 for a blank cell.  ``less`` holds each inequality once
    as ``(a, b)`` meaning value(a) < value(b), sorted, so that two files describing the
    same puzzle give equal objects whatever order or direction they wrote the signs in.
    ``name`` is informational and does not take part in equality.
    """

    size: int
    givens: Grid
    less: tuple[tuple[Cell, Cell], ...] = ()
    name: str = field(default="", compare=False)

    kind = "futoshiki"

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def __post_init__(self) -> None:
        n = self.size
        if n < 1:
            raise UsageError(f"size must be at least 1, got {n}")
        if len(self.givens) != n or any(len(row) != n for row in self.givens):
            raise UsageError(f"givens must be a {n}x{n} grid")
        for r, row in enumerate(self.givens):
            for c, v in enumerate(row):
                if not 0 <= v <= n:
                    raise UsageError(f"given at row {r + 1}, column {c + 1} is {v}, not in 0..{n}")
        for a, b in self.less:
            for cell in (a, b):
                if not (0 <= cell[0] < n and 0 <= cell[1] < n):
                    raise UsageError(f"cell {_show(cell)} is outside the {n}x{n} board")
            if a == b:
                raise UsageError(f"cell {_show(a)} is related to itself")
        canonical = tuple(sorted(set((tuple(a), tuple(b)) for a, b in self.less)))
        object.__setattr__(self, "less", canonical)
        object.__setattr__(self, "givens", tuple(tuple(int(v) for v in row) for row in self.givens))

    @classmethod
    def from_clues(
        cls,
        size: int,
        givens: Mapping[Cell, int] | Iterable[tuple[int, int, int]] = (),
        less: Iterable[tuple[Cell, Cell]] = (),
        name: str = "",
    ) -> "Futoshiki":
        """Build from sparse clues, with 0-based rows and columns.

        ``givens`` maps cells to values (``{(r, c): v}``) or lists ``(r, c, v)`` triples;
        ``less`` lists pairs of cells ``(a, b)`` meaning value(a) < value(b).
        ``Futoshiki.from_clues(4, {(0, 0): 2}, [((1, 1), (1, 2))])`` is a
        4x4 board with a 2 in its top-left cell and cell (2,2) < cell (2,3) in the 1-based
        words of every message."""
        board = [[0] * size for _ in range(size)]
        items = givens.items() if isinstance(givens, Mapping) else (((r, c), v) for r, c, v in givens)
        for (r, c), v in items:
            # Python would take a negative index from the other end: check the cell first.
            if not (0 <= r < size and 0 <= c < size):
                raise UsageError(f"given cell {(r, c)} (0-based row, column) is outside the {size}x{size} board")
            board[r][c] = v
        return cls(size, tuple(map(tuple, board)), tuple(less), name)

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The given cells with their values, row by row."""
        return [((r, c), v) for r, row in enumerate(self.givens) for c, v in enumerate(row) if v]

    @property
    def clue_count(self) -> int:
        """How many clues (givens plus inequalities) the puzzle has."""
        return len(self.given_cells()) + len(self.less)


def _show(cell: Cell) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


def verify(puzzle: Futoshiki, grid: Grid) -> list[str]:
    """Return every rule the grid breaks, in words; an empty list means the grid is a solution."""
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
    for i in range(n):
        problems += _repeats([grid[i][c] for c in range(n)], f"row {i + 1}", "column")
        problems += _repeats([grid[r][i] for r in range(n)], f"column {i + 1}", "row")
    for a, b in puzzle.less:
        va, vb = grid[a[0]][a[1]], grid[b[0]][b[1]]
        if not va < vb:
            problems.append(f"cell {_show(a)} = {va} must be less than cell {_show(b)} = {vb}")
    return problems


def _repeats(line: list[int], where: str, along: str) -> list[str]:
    seen: dict[int, int] = {}
    problems = []
    for k, v in enumerate(line):
        if v in seen:
            problems.append(f"{where} holds {v} twice ({along}s {seen[v] + 1} and {k + 1})")
        else:
            seen[v] = k
    return problems


def render(puzzle: Futoshiki, grid: Grid | None = None, blank: str = "0") -> str:
    """Draw the board in the seed notation: ``<``/``>`` between cells, ``^``/``v`` below.

    With ``grid`` the solved values are shown; without it the givens, blanks as ``blank``.
    Cells are ``width + 1`` characters apart, where width is the number of digits of n,
    so for n <= 9 this is exactly the seed text format (cells 2 characters apart).
    Only inequalities between orthogonal neighbours can be drawn; others are listed below
    the board so that nothing is silently dropped.
    """
    n = puzzle.size
    width = len(str(n))
    step = width + 1
    values = grid if grid is not None else puzzle.givens
    horizontal: dict[Cell, str] = {}
    vertical: dict[Cell, str] = {}
    other = []
    for a, b in puzzle.less:
        (r1, c1), (r2, c2) = a, b
        if r1 == r2 and abs(c1 - c2) == 1:
            horizontal[(r1, min(c1, c2))] = "<" if c1 < c2 else ">"
        elif c1 == c2 and abs(r1 - r2) == 1:
            vertical[(min(r1, r2), c1)] = "^" if r1 < r2 else "v"
        else:
            other.append(f"{_show(a)} < {_show(b)}")
    lines = []
    for r in range(n):
        chars = []
        for c in range(n):
            v = values[r][c]
            text = str(v) if v else blank
            chars.append(text.rjust(width))
            if c < n - 1:
                chars.append(horizontal.get((r, c), " "))
        lines.append("".join(chars).rstrip())
        if r < n - 1:
            marks = [" "] * (n * step)
            for c in range(n):
                if (r, c) in vertical:
                    marks[c * step + width - 1] = vertical[(r, c)]
            lines.append("".join(marks).rstrip())
    if other:
        lines.append("non-adjacent inequalities: " + ", ".join(other))
    return "\n".join(lines)


def clues(puzzle: Futoshiki) -> list[Clue]:
    """The givens and the inequalities, each a clue that ``restrict`` can keep or drop."""
    found = []
    for (r, c), v in puzzle.given_cells():
        found.append(Clue("given", ("given", r, c), f"cell {_show((r, c))} is given as {v}",
                          (("row", r + 1), ("col", c + 1), ("value", v))))
    for a, b in puzzle.less:
        found.append(Clue("less", ("less", a, b), f"cell {_show(a)} < cell {_show(b)}",
                          (("smaller", (a[0] + 1, a[1] + 1)), ("larger", (b[0] + 1, b[1] + 1)))))
    return found


def restrict(puzzle: Futoshiki, keep: list[Clue]) -> Futoshiki:
    """The same board keeping only the clues in ``keep`` (others blank or unrelated)."""
    keys = {clue.key for clue in keep}
    board = [[v if ("given", r, c) in keys else 0 for c, v in enumerate(row)] for r, row in enumerate(puzzle.givens)]
    less = tuple((a, b) for a, b in puzzle.less if ("less", a, b) in keys)
    return Futoshiki(puzzle.size, tuple(map(tuple, board)), less, puzzle.name)


def grid_clash(puzzle: Futoshiki) -> list[Clue]:
    """Two givens with one value in one row or column: a clash of the grid rules alone.

    Returns the two clashing given clues (the first such pair found), or [] when none.
    """
    n = puzzle.size
    given = {clue.key: clue for clue in clues(puzzle) if clue.type == "given"}
    lines = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    for line in lines:
        seen: dict[int, Cell] = {}
        for r, c in line:
            v = puzzle.givens[r][c]
            if v and v in seen:
                first = seen[v]
                return [given[("given", first[0], first[1])], given[("given", r, c)]]
            if v:
                seen[v] = (r, c)
    return []


def size_json(puzzle):
    """The JSON ``size`` field: n for a square board."""
    return puzzle.size
