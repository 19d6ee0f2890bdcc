"""Adjacent: Simon Tatham's "Adjacent" mode of Unequal, as its own kind.

An n x n Latin square (every row and column holds 1..n once) with some givens, where a
*mark* (Tatham draws a bar) between two orthogonal neighbours says their values differ by
exactly 1, and the *absence* of a mark between two neighbours says they do not.  Every
neighbour pair therefore carries a rule; ``free`` lists the pairs that carry none, which
only the sub-puzzles of ``--explain`` have (``restrict`` drops a rule by freeing its pair:
dropping a mark must not turn it into the opposite rule).

It is a kind of its own, not a Futoshiki with a flag, because its unmarked pairs are
constraints too: every Futoshiki format, writer and comparison method would otherwise read
an adjacent puzzle as a plain Latin square and drop half its rules without a word.  As its
own kind, those refuse it by the kind check they already make.

Cells are 0-based ``(row, col)`` inside, 1-based in every message.  ``verify`` is an oracle
independent of the MILP: no solver, backend or ``models`` import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..errors import UsageError
from .clues import Clue
from .futoshiki import Cell, Futoshiki, Grid, _show
from . import futoshiki

__all__ = ["Adjacent", "neighbour_pairs", "verify", "render", "clues", "restrict", "grid_clash", "size_json"]

Pair = tuple[Cell, Cell]


def neighbour_pairs(n: int) -> list[Pair]:
    """Every orthogonal neighbour pair of an n x n board, each as (upper/left cell, other), row by row."""
    pairs = []
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                pairs.append(((r, c), (r, c + 1)))
            if r + 1 < n:
                pairs.append(((r, c), (r + 1, c)))
    return pairs


def _canonical(pairs: Iterable, n: int, what: str) -> tuple[Pair, ...]:
    found = set()
    for a, b in pairs:
        a, b = tuple(a), tuple(b)
        for cell in (a, b):
            if not (0 <= cell[0] < n and 0 <= cell[1] < n):
                raise UsageError(f"cell {_show(cell)} of a {what} is outside the {n}x{n} board")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise UsageError(f"a {what} joins orthogonal neighbours only, not {_show(a)} and {_show(b)}")
        found.add((min(a, b), max(a, b)))
    return tuple(sorted(found))


@dataclass(frozen=True)
class Adjacent:
    """An Adjacent instance in canonical form.

    ``givens`` is the board with 0 for a blank; ``marks`` the neighbour pairs whose values
    differ by exactly 1; ``free`` the neighbour pairs with no rule; every other neighbour
    pair differs by anything but 1.  Pairs are stored (smaller cell, larger cell), sorted.
    ``name`` does not take part in equality.
    """

    size: int
    givens: Grid
    marks: tuple[Pair, ...] = ()
    free: tuple[Pair, ...] = ()
    name: str = field(default="", compare=False)

    kind = "adjacent"

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def __post_init__(self) -> None:
        n = self.size
        # The Latin part (size, givens in range) is checked by the Futoshiki it contains.
        Futoshiki(n, self.givens)
        marks = _canonical(self.marks, n, "mark")
        free = _canonical(self.free, n, "free pair")
        both = set(marks) & set(free)
        if both:
            a, b = min(both)
            raise UsageError(f"the pair {_show(a)}-{_show(b)} is both marked and free of rules")
        object.__setattr__(self, "marks", marks)
        object.__setattr__(self, "free", free)
        object.__setattr__(self, "givens", tuple(tuple(int(v) for v in row) for row in self.givens))

    @classmethod
    def from_solution(cls, grid: Grid, givens: Mapping[Cell, int] | None = None, name: str = "") -> "Adjacent":
        """The puzzle whose marks are those of ``grid`` (as Tatham's generator makes them),
        with the cells of ``givens`` (``{(r, c): v}``, default none) given."""
        n = len(grid)
        board = [[0] * n for _ in range(n)]
        for (r, c), v in (givens or {}).items():
            board[r][c] = v
        marks = [(a, b) for a, b in neighbour_pairs(n) if abs(grid[a[0]][a[1]] - grid[b[0]][b[1]]) == 1]
        return cls(n, tuple(map(tuple, board)), tuple(marks), (), name)

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The given cells with their values, row by row."""
        return [((r, c), v) for r, row in enumerate(self.givens) for c, v in enumerate(row) if v]

    def apart(self) -> list[Pair]:
        """The neighbour pairs whose values must not differ by 1 (neither marked nor free)."""
        ruled = set(self.marks) | set(self.free)
        return [pair for pair in neighbour_pairs(self.size) if pair not in ruled]

    @property
    def clue_count(self) -> int:
        """How many clues (givens plus marks) the puzzle has."""
        return len(self.given_cells()) + len(self.marks)


def verify(puzzle: Adjacent, grid: Grid) -> list[str]:
    """Return every rule the grid breaks, in words; an empty list means the grid is a solution."""
    problems = futoshiki.verify(Futoshiki(puzzle.size, puzzle.givens), grid)
    if problems:
        return problems
    for a, b in puzzle.marks:
        va, vb = grid[a[0]][a[1]], grid[b[0]][b[1]]
        if abs(va - vb) != 1:
            problems.append(f"cells {_show(a)} = {va} and {_show(b)} = {vb} are marked but do not differ by 1")
    for a, b in puzzle.apart():
        va, vb = grid[a[0]][a[1]], grid[b[0]][b[1]]
        if abs(va - vb) == 1:
            problems.append(f"cells {_show(a)} = {va} and {_show(b)} = {vb} differ by 1 but have no mark between them")
    return problems


def render(puzzle: Adjacent, grid: Grid | None = None, blank: str = "0") -> str:
    """Draw the board as Tatham's text format does: ``|`` between marked neighbours in a row,
    ``-`` under a marked cell towards the one below; free pairs (only in sub-puzzles of
    ``--explain``) are listed below the board."""
    n = puzzle.size
    width = len(str(n))
    values = grid if grid is not None else puzzle.givens
    marks = set(puzzle.marks)
    lines = []
    for r in range(n):
        chars = []
        for c in range(n):
            v = values[r][c]
            chars.append((str(v) if v else blank).rjust(width))
            if c < n - 1:
                chars.append("|" if ((r, c), (r, c + 1)) in marks else " ")
        lines.append("".join(chars).rstrip())
        if r < n - 1:
            below = [" " * (width - 1) + ("-" if ((r, c), (r + 1, c)) in marks else " ") for c in range(n)]
            lines.append(" ".join(below).rstrip())
    if puzzle.free:
        lines.append("pairs with no rule: " + ", ".join(f"{_show(a)}-{_show(b)}" for a, b in puzzle.free))
    return "\n".join(lines)


def clues(puzzle: Adjacent) -> list[Clue]:
    """The givens, the marks and the rules of the unmarked pairs, each a clue ``restrict``
    can keep or drop."""
    found = [clue for clue in futoshiki.clues(Futoshiki(puzzle.size, puzzle.givens))]
    for a, b in puzzle.marks:
        found.append(Clue("adjacent", ("adjacent", a, b), f"cells {_show(a)} and {_show(b)} differ by 1",
                          (("cells", ((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1))),)))
    for a, b in puzzle.apart():
        found.append(Clue("apart", ("apart", a, b), f"cells {_show(a)} and {_show(b)} do not differ by 1",
                          (("cells", ((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1))),)))
    return found


def restrict(puzzle: Adjacent, keep: list[Clue]) -> Adjacent:
    """The same board keeping only the clues in ``keep``: other givens blank, the pairs of
    other marks and rules free."""
    keys = {clue.key for clue in keep}
    board = [[v if ("given", r, c) in keys else 0 for c, v in enumerate(row)] for r, row in enumerate(puzzle.givens)]
    marks = tuple(pair for pair in puzzle.marks if ("adjacent", *pair) in keys)
    free = set(puzzle.free) | {pair for pair in puzzle.marks if pair not in marks}
    free |= {pair for pair in puzzle.apart() if ("apart", *pair) not in keys}
    return Adjacent(puzzle.size, tuple(map(tuple, board)), marks, tuple(free), puzzle.name)


def grid_clash(puzzle: Adjacent) -> list[Clue]:
    """Two givens with one value in one row or column (``futoshiki.grid_clash``: same clues)."""
    return futoshiki.grid_clash(Futoshiki(puzzle.size, puzzle.givens))


def size_json(puzzle):
    """The JSON ``size`` field: n for a square board."""
    return puzzle.size
