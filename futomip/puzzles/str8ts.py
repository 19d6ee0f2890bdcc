"""Str8ts: the instance type, its rules as an independent checker, and its text rendering.

A Str8ts of size n is an n x n board of white and black cells.  White cells take a digit in
1..n.  No digit appears twice in a row or a column, counting the white cells and the black
cells that show a digit ("black clues"); plain black cells take no part.  Every maximal
horizontal or vertical run of white cells (a "compartment") holds a straight: a set of
consecutive numbers in any order.

A solution grid is a tuple of tuples of ints: a white cell holds its digit, a black cell 0
(its clue, if any, belongs to the puzzle, not to the grid).  Cells are 0-based
``(row, col)`` pairs inside the library and 1-based in every message a person reads.

``verify`` is the oracle for every test: this module must never import a solver, a backend
or anything under ``models``.  The only thing the model may share with it is the pure
geometry in ``compartments``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..errors import UsageError
from .clues import Clue

__all__ = [
    "Cell",
    "Grid",
    "Mask",
    "Str8ts",
    "compartments",
    "verify",
    "render",
    "clues",
    "restrict",
    "grid_clash",
    "size_json",
]

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
Mask = tuple[tuple[bool, ...], ...]


@dataclass(frozen=True)
class Str8ts:
    """A Str8ts instance in canonical form.

    ``black[r][c]`` says whether a cell is black.  ``givens`` holds a digit per cell, 0 for
    none: a digit on a white cell is a given, a digit on a black cell is a black clue.
    ``name`` is informational and does not take part in equality.
    """

    size: int
    black: Mask
    givens: Grid
    name: str = field(default="", compare=False)

    kind = "str8ts"

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def __post_init__(self) -> None:
        n = self.size
        if n < 1:
            raise UsageError(f"size must be at least 1, got {n}")
        for what, board in (("black", self.black), ("givens", self.givens)):
            if len(board) != n or any(len(row) != n for row in board):
                raise UsageError(f"{what} must be a {n}x{n} grid")
        for r, row in enumerate(self.givens):
            for c, v in enumerate(row):
                if not 0 <= v <= n:
                    raise UsageError(f"digit at {_show((r, c))} is {v}, not in 0..{n}")
        object.__setattr__(self, "black", tuple(tuple(bool(b) for b in row) for row in self.black))
        object.__setattr__(self, "givens", tuple(tuple(int(v) for v in row) for row in self.givens))

    @classmethod
    def from_cells(
        cls,
        size: int,
        black: Iterable[Cell] = (),
        digits: Mapping[Cell, int] | Iterable[tuple[int, int, int]] = (),
        name: str = "",
    ) -> "Str8ts":
        """Build from sparse data: the black cells and the digits (``{(r, c): v}`` or
        ``(r, c, v)`` triples, 0-based); a digit on a black cell is a black clue."""
        mask = [[False] * size for _ in range(size)]
        board = [[0] * size for _ in range(size)]
        for r, c in black:
            mask[r][c] = True
        items = digits.items() if isinstance(digits, Mapping) else (((r, c), v) for r, c, v in digits)
        for (r, c), v in items:
            board[r][c] = v
        return cls(size, tuple(map(tuple, mask)), tuple(map(tuple, board)), name)

    def white_cells(self) -> list[Cell]:
        """The white cells, row by row."""
        return [(r, c) for r, row in enumerate(self.black) for c, b in enumerate(row) if not b]

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The white cells that are given, with their digits, row by row."""
        return [(cell, v) for cell, v in self._digits() if not self.black[cell[0]][cell[1]]]

    def black_clues(self) -> list[tuple[Cell, int]]:
        """The black cells that show a digit, with their digits, row by row."""
        return [(cell, v) for cell, v in self._digits() if self.black[cell[0]][cell[1]]]

    @property
    def clue_count(self) -> int:
        """How many clues (white givens plus black clues) the puzzle has."""
        return len(self._digits())

    def _digits(self) -> list[tuple[Cell, int]]:
        return [((r, c), v) for r, row in enumerate(self.givens) for c, v in enumerate(row) if v]


def _show(cell: Cell) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


def _lines(n: int) -> list[tuple[str, list[Cell]]]:
    """Every row and every column as (description, cells), rows first."""
    rows = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
    columns = [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]
    return rows + columns


def compartments(puzzle: Str8ts) -> list[tuple[Cell, ...]]:
    """Every maximal horizontal, then vertical, run of white cells (length 1 included).

    Each run lists its cells from left to right or top to bottom.  Pure geometry: the
    model builds its straights from this, and ``verify`` checks the same runs.
    """
    runs: list[tuple[Cell, ...]] = []
    for _, line in _lines(puzzle.size):
        current: list[Cell] = []
        for r, c in line:
            if puzzle.black[r][c]:
                if current:
                    runs.append(tuple(current))
                current = []
            else:
                current.append((r, c))
        if current:
            runs.append(tuple(current))
    return runs


def _run_text(run: tuple[Cell, ...]) -> str:
    (r1, c1), (r2, c2) = run[0], run[-1]
    if r1 == r2 and c1 != c2:
        return f"row {r1 + 1}, columns {c1 + 1}-{c2 + 1}"
    if c1 == c2 and r1 != r2:
        return f"column {c1 + 1}, rows {r1 + 1}-{r2 + 1}"
    return f"cell {_show(run[0])}"


def verify(puzzle: Str8ts, grid: Grid) -> list[str]:
    """Return every rule the grid breaks, in words; an empty list means the grid is a solution."""
    n = puzzle.size
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"the grid is not {n}x{n}"]
    problems = []
    valid: dict[Cell, int] = {}
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if puzzle.black[r][c]:
                if v != 0:
                    problems.append(f"black cell {_show((r, c))} holds {v!r}, but black cells hold 0")
                continue
            if not (isinstance(v, int) and 1 <= v <= n):
                problems.append(f"cell {_show((r, c))} holds {v!r}, not a value in 1..{n}")
                continue
            valid[r, c] = v
            given = puzzle.givens[r][c]
            if given and v != given:
                problems.append(f"cell {_show((r, c))} is given as {given} but holds {v}")
    for where, line in _lines(n):
        problems += _repeats(puzzle, valid, where, line)
    for run in compartments(puzzle):
        # A run with an invalid cell was reported above; judging its straight would only
        # repeat that problem in other words.
        if all(cell in valid for cell in run):
            values = sorted(valid[cell] for cell in run)
            if len(set(values)) == len(values) and values[-1] - values[0] == len(values) - 1:
                continue
            shown = ", ".join(str(valid[cell]) for cell in run)
            problems.append(f"{_run_text(run)} holds {shown}, which is not a straight (consecutive numbers)")
    return problems


def _repeats(puzzle: Str8ts, valid: Mapping[Cell, int], where: str, line: list[Cell]) -> list[str]:
    """Digits seen twice in one line among white cells and black clues."""
    first_seen: dict[int, Cell] = {}
    problems = []
    for r, c in line:
        digit = puzzle.givens[r][c] if puzzle.black[r][c] else valid.get((r, c), 0)
        if not digit:
            continue
        if digit in first_seen:
            problems.append(f"{where} holds {digit} twice (cells {_show(first_seen[digit])} and {_show((r, c))})")
        else:
            first_seen[digit] = (r, c)
    return problems


def render(puzzle: Str8ts, grid: Grid | None = None, blank: str = ".") -> str:
    """Draw the board in the seed's solution notation, in aligned columns.

    A black cell is ``#``, a black clue ``#5``; a white cell shows the grid's digit when
    ``grid`` is given, otherwise its given digit or ``blank``.
    """
    n = puzzle.size
    width = len(str(n)) + 1
    values = grid if grid is not None else puzzle.givens
    lines = []
    for r in range(n):
        tokens = []
        for c in range(n):
            if puzzle.black[r][c]:
                clue = puzzle.givens[r][c]
                tokens.append("#" + (str(clue) if clue else ""))
            else:
                tokens.append(str(values[r][c]) if values[r][c] else blank)
        lines.append(" ".join(token.rjust(width) for token in tokens))
    return "\n".join(lines)


def clues(puzzle: Str8ts) -> list[Clue]:
    """The white givens and the black clues, each a clue that ``restrict`` can keep or drop.

    Black cells themselves are the board's structure, not clues: dropping one would change
    the compartments, not relax the puzzle.
    """
    found = []
    for (r, c), v in puzzle.given_cells():
        found.append(Clue("given", ("given", r, c), f"cell {_show((r, c))} is given as {v}", _clue_data(r, c, v)))
    for (r, c), v in puzzle.black_clues():
        found.append(Clue("black_clue", ("black_clue", r, c), f"black cell {_show((r, c))} shows {v}",
                          _clue_data(r, c, v)))
    return found


def _clue_data(r: int, c: int, v: int) -> tuple[tuple[str, int], ...]:
    return (("row", r + 1), ("col", c + 1), ("value", v))


def restrict(puzzle: Str8ts, keep: list[Clue]) -> Str8ts:
    """The same board (same black cells) keeping only the digits whose clues are in ``keep``."""
    keys = {clue.key for clue in keep}
    board = tuple(
        tuple(v if (("black_clue" if puzzle.black[r][c] else "given"), r, c) in keys else 0 for c, v in enumerate(row))
        for r, row in enumerate(puzzle.givens)
    )
    return Str8ts(puzzle.size, puzzle.black, board, puzzle.name)


def grid_clash(puzzle: Str8ts) -> list[Clue]:
    """Two clues (givens or black clues) with one digit in one row or column.

    Returns the two clashing clues (the first such pair found), or [] when none.
    """
    by_cell = {(clue.key[1], clue.key[2]): clue for clue in clues(puzzle)}
    for _, line in _lines(puzzle.size):
        first_seen: dict[int, Cell] = {}
        for cell in line:
            digit = puzzle.givens[cell[0]][cell[1]]
            if not digit:
                continue
            if digit in first_seen:
                return [by_cell[first_seen[digit]], by_cell[cell]]
            first_seen[digit] = cell
    return []


def size_json(puzzle):
    """The JSON ``size`` field: n for a square board."""
    return puzzle.size
