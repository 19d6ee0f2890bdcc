"""Killer Sudoku: the instance type, its rules as an independent checker, and its text rendering.

A Killer Sudoku of size n = b*b is a Sudoku (every row, column and b x b box holds 1..n once)
whose cells are grouped into *cages*, each with a total: the digits of a cage add up to its
total and are all different.  Givens are optional (the published puzzles usually have none).

Decisions, checked on construction with a message that names the cage:

- cages must not overlap; they need not cover the board (a cell in no cage is a plain
  Sudoku cell), so a partial cage set is a valid, weaker puzzle (``--explain`` drops cages);
- a cage has 1..n cells, its cells need not touch (the newspapers' cages do, the rules
  do not need it), and its total must be reachable by that many different digits of 1..n:
  between 1+2+...+k and n+(n-1)+...+(n-k+1) for k cells.

Cages are kept in a canonical order (cells sorted, cages by their first cell), so two
puzzles with the same cages compare equal whatever order a file lists them in.  Cells are
0-based ``(row, col)`` inside the library and 1-based in every message.  ``verify`` imports
no solver, no backend and nothing under ``models``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .clues import Clue
from .sudoku import Cell, Grid, box_size, units

__all__ = ["Cage", "Killer", "sum_range", "verify", "render", "clues", "restrict", "grid_clash", "size_json"]


class Cage(NamedTuple):
    """A cage: its ``total`` and its ``cells`` (0-based, sorted)."""

    total: int
    cells: tuple[Cell, ...]


def sum_range(k: int, n: int) -> tuple[int, int]:
    """The least and greatest sum of k different digits of 1..n."""
    return k * (k + 1) // 2, k * (2 * n - k + 1) // 2


def _show(cell: Cell) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


@dataclass(frozen=True)
class Killer:
    """A Killer Sudoku: ``cages`` (``Cage`` or ``(total, cells)`` pairs) and ``givens`` (the board
    with 0 for a blank cell; None: no givens).  ``name`` does not take part in equality."""

    size: int
    cages: tuple[Cage, ...]
    givens: Grid | None = None
    name: str = field(default="", compare=False)

    kind = "killer"

    def __post_init__(self) -> None:
        n = self.size
        if n < 1:
            raise ValueError(f"size must be at least 1, got {n}")
        box_size(n)
        givens = self.givens if self.givens is not None else tuple((0,) * n for _ in range(n))
        if len(givens) != n or any(len(row) != n for row in givens):
            raise ValueError(f"givens must be a {n}x{n} grid")
        for r, row in enumerate(givens):
            for c, v in enumerate(row):
                if not 0 <= v <= n:
                    raise ValueError(f"given at row {r + 1}, column {c + 1} is {v}, not in 0..{n}")
        object.__setattr__(self, "givens", tuple(tuple(int(v) for v in row) for row in givens))
        owner: dict[Cell, int] = {}
        cages = []
        for total, cells in self.cages:
            cells = tuple(sorted((int(r), int(c)) for r, c in cells))
            name = f"the cage of total {total} at {_show(cells[0])}" if cells else f"a cage of total {total}"
            if not 1 <= len(cells) <= n:
                raise ValueError(f"{name} has {len(cells)} cells; a cage holds 1 to {n} cells")
            for r, c in cells:
                if not (0 <= r < n and 0 <= c < n):
                    raise ValueError(f"{name} has cell {_show((r, c))}, outside the {n}x{n} board")
                if (r, c) in owner:
                    raise ValueError(f"{name} overlaps another cage at cell {_show((r, c))}; cages must not overlap")
                owner[r, c] = len(cages)
            low, high = sum_range(len(cells), n)
            if not low <= total <= high:
                raise ValueError(f"{name} has {len(cells)} cells, whose different digits 1..{n} sum to "
                                 f"{low}..{high}, not {total}")
            cages.append(Cage(int(total), cells))
        object.__setattr__(self, "cages", tuple(sorted(cages, key=lambda cage: cage.cells[0])))

    @property
    def box(self) -> int:
        """The side of a box (3 for a 9x9 board)."""
        return box_size(self.size)

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The given cells with their values, row by row."""
        return [((r, c), v) for r, row in enumerate(self.givens) for c, v in enumerate(row) if v]

    def cage_of(self) -> dict[Cell, int]:
        """Each caged cell's cage index (into ``cages``)."""
        return {cell: k for k, cage in enumerate(self.cages) for cell in cage.cells}


def verify(puzzle: Killer, grid: Grid) -> list[str]:
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
    groups = [(name, cells) for name, cells in units(n)]
    groups += [(f"the cage at {_show(cage.cells[0])}", list(cage.cells)) for cage in puzzle.cages]
    for name, cells in groups:
        seen: dict[int, Cell] = {}
        for r, c in cells:
            v = grid[r][c]
            if v in seen:
                problems.append(f"{name} holds {v} twice (cells {_show(seen[v])} and {_show((r, c))})")
            else:
                seen[v] = (r, c)
    for cage in puzzle.cages:
        values = [grid[r][c] for r, c in cage.cells]
        if all(isinstance(v, int) for v in values) and sum(values) != cage.total:
            problems.append(f"the cage at {_show(cage.cells[0])} sums to {sum(values)}, not {cage.total}")
    return problems


def render(puzzle: Killer, grid: Grid | None = None, blank: str = ".") -> str:
    """The board with box borders, the solution when given, then one line per cage
    (``total: cells``, 1-based ``r1c1``)."""
    from .sudoku import Sudoku, render as render_board

    board = render_board(Sudoku(puzzle.size, puzzle.givens), grid, blank)
    cages = [f"{cage.total}: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in cage.cells) for cage in puzzle.cages]
    return "\n".join([board, f"cages ({len(cages)}):"] + cages)


def clues(puzzle: Killer) -> list[Clue]:
    """The givens and the cages, each a clue that ``restrict`` can keep or drop."""
    found = [Clue("given", ("given", r, c), f"cell {_show((r, c))} is given as {v}",
                  (("row", r + 1), ("col", c + 1), ("value", v)))
             for (r, c), v in puzzle.given_cells()]
    found += [Clue("cage", ("cage",) + cage.cells[0], f"the cage at {_show(cage.cells[0])} sums to {cage.total}",
                   (("total", cage.total), ("cells", tuple((r + 1, c + 1) for r, c in cage.cells))))
              for cage in puzzle.cages]
    return found


def restrict(puzzle: Killer, keep: list[Clue]) -> Killer:
    """The same puzzle keeping only the givens and cages in ``keep``."""
    keys = {clue.key for clue in keep}
    board = [[v if ("given", r, c) in keys else 0 for c, v in enumerate(row)] for r, row in enumerate(puzzle.givens)]
    cages = tuple(cage for cage in puzzle.cages if ("cage",) + cage.cells[0] in keys)
    return Killer(puzzle.size, cages, tuple(map(tuple, board)), puzzle.name)


def grid_clash(puzzle: Killer) -> list[Clue]:
    """Two givens with one value in a row, column, box or cage, or a fully given cage with
    the wrong sum (the first found), or []."""
    found = {clue.key: clue for clue in clues(puzzle)}
    groups = [cells for _, cells in units(puzzle.size)] + [list(cage.cells) for cage in puzzle.cages]
    for cells in groups:
        seen: dict[int, Cell] = {}
        for r, c in cells:
            v = puzzle.givens[r][c]
            if v and v in seen:
                first = seen[v]
                return [found[("given", first[0], first[1])], found[("given", r, c)]]
            if v:
                seen[v] = (r, c)
    for cage in puzzle.cages:
        values = [puzzle.givens[r][c] for r, c in cage.cells]
        if all(values) and sum(values) != cage.total:
            return [found[("cage",) + cage.cells[0]]] + [found[("given", r, c)] for r, c in cage.cells]
    return []


def size_json(puzzle: Killer) -> int:
    """The JSON ``size`` field: n."""
    return puzzle.size
