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

from ..errors import UsageError
from . import sudoku
from .clues import Clue
from .sudoku import Cell, Grid, Sudoku, box_size

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
        # The board's own rules (size, givens) are the Sudoku's, checked and normalised there.
        object.__setattr__(self, "givens", self.board().givens)
        owner: dict[Cell, int] = {}
        cages = []
        for total, cells in self.cages:
            cells = tuple(sorted((int(r), int(c)) for r, c in cells))
            name = f"the cage of total {total} at {_show(cells[0])}" if cells else f"a cage of total {total}"
            if not 1 <= len(cells) <= n:
                raise UsageError(f"{name} has {len(cells)} cells; a cage holds 1 to {n} cells")
            for r, c in cells:
                if not (0 <= r < n and 0 <= c < n):
                    raise UsageError(f"{name} has cell {_show((r, c))}, outside the {n}x{n} board")
                if (r, c) in owner:
                    raise UsageError(f"{name} overlaps another cage at cell {_show((r, c))}; cages must not overlap")
                owner[r, c] = len(cages)
            low, high = sum_range(len(cells), n)
            if not low <= total <= high:
                raise UsageError(f"{name} has {len(cells)} cells, whose different digits 1..{n} sum to "
                                 f"{low}..{high}, not {total}")
            cages.append(Cage(int(total), cells))
        object.__setattr__(self, "cages", tuple(sorted(cages, key=lambda cage: cage.cells[0])))

    @property
    def box(self) -> int:
        """The side of a box (3 for a 9x9 board)."""
        return box_size(self.size)

    def board(self) -> Sudoku:
        """The puzzle without its cages: the Sudoku of its givens."""
        n = self.size
        return Sudoku(n, self.givens if self.givens is not None else tuple((0,) * n for _ in range(n)))

    def _repr_svg_(self) -> str:
        """The board as SVG: what a Jupyter notebook shows for the puzzle."""
        from ..draw import notebook_svg  # loaded on first display; puzzles import no drawing code

        return notebook_svg(self)

    def given_cells(self) -> list[tuple[Cell, int]]:
        """The given cells with their values, row by row."""
        return self.board().given_cells()

    def cage_of(self) -> dict[Cell, int]:
        """Each caged cell's cage index (into ``cages``)."""
        return {cell: k for k, cage in enumerate(self.cages) for cell in cage.cells}


def verify(puzzle: Killer, grid: Grid) -> list[str]:
    """Every rule the grid breaks, in words; an empty list means the grid is a solution."""
    problems = sudoku.verify(puzzle.board(), grid)
    if problems and problems[0].startswith("the grid is not"):
        return problems
    for cage in puzzle.cages:
        where = f"the cage at {_show(cage.cells[0])}"
        values = [grid[r][c] for r, c in cage.cells]
        repeated = sorted({v for v in values if values.count(v) > 1}, key=repr)
        problems += [f"{where} holds {v} twice" for v in repeated]
        if all(isinstance(v, int) for v in values) and sum(values) != cage.total:
            problems.append(f"{where} sums to {sum(values)}, not {cage.total}")
    return problems


def render(puzzle: Killer, grid: Grid | None = None, blank: str = ".") -> str:
    """The board with box borders, the solution when given, then one line per cage
    (``total: cells``, 1-based ``r1c1``)."""
    board = sudoku.render(puzzle.board(), grid, blank)
    cages = [f"{cage.total}: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in cage.cells) for cage in puzzle.cages]
    return "\n".join([board, f"cages ({len(cages)}):"] + cages)


def clues(puzzle: Killer) -> list[Clue]:
    """The givens and the cages, each a clue that ``restrict`` can keep or drop."""
    found = sudoku.clues(puzzle.board())
    found += [Clue("cage", ("cage",) + cage.cells[0], f"the cage at {_show(cage.cells[0])} sums to {cage.total}",
                   (("total", cage.total), ("cells", tuple((r + 1, c + 1) for r, c in cage.cells))))
              for cage in puzzle.cages]
    return found


def restrict(puzzle: Killer, keep: list[Clue]) -> Killer:
    """The same puzzle keeping only the givens and cages in ``keep``."""
    keys = {clue.key for clue in keep}
    cages = tuple(cage for cage in puzzle.cages if ("cage",) + cage.cells[0] in keys)
    return Killer(puzzle.size, cages, sudoku.restrict(puzzle.board(), keep).givens, puzzle.name)


def grid_clash(puzzle: Killer) -> list[Clue]:
    """Two givens with one value in a row, column or box (``sudoku.grid_clash``) or in a
    cage, or a fully given cage with the wrong sum (the first found), or []."""
    clash = sudoku.grid_clash(puzzle.board())
    if clash:
        return clash
    found = {clue.key: clue for clue in clues(puzzle)}
    for cage in puzzle.cages:
        given = [((r, c), puzzle.givens[r][c]) for r, c in cage.cells if puzzle.givens[r][c]]
        values = [v for _, v in given]
        twice = [cell for cell, v in given if values.count(v) > 1]
        if twice:
            return [found[("given",) + cell] for cell in twice[:2]]
        if len(given) == len(cage.cells) and sum(values) != cage.total:
            return [found[("cage",) + cage.cells[0]]] + [found[("given",) + cell] for cell, _ in given]
    return []


def size_json(puzzle: Killer) -> int:
    """The JSON ``size`` field: n."""
    return puzzle.size
