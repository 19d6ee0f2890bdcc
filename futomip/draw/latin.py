"""What every Latin-family board shares (Futoshiki, Str8ts, and Sudoku or Latin-square
completion when they come): digits in cells, givens distinct from solved cells, the
per-value heat map, and the highlight of clues that sit on one cell.

Givens are bold and black, solved digits regular and blue; a cell where a second solution
differs is filled amber; a blamed clue's cell gets a red tint and a red ring.  In a heat
map an open cell shows small multiples, one square per value shaded by its LP weight, and a
given keeps its digit (the relaxation cannot move it).
"""

from __future__ import annotations

from typing import Callable

from .board import COLOURS, Board, Marks, clue_cell

__all__ = ["cells", "ring_clue_cells", "digit_board", "draw"]


def cells(board: Board, givens, grid, marks: Marks, values: int,
          skip: Callable[[int, int], bool] = lambda r, c: False) -> None:
    """Draw every cell not ``skip``ped: a given, a solved digit from ``grid``, or heat."""
    for r in range(board.rows):
        for c in range(board.cols):
            if skip(r, c):
                continue
            given = givens[r][c]
            if (r, c) in marks.differs:
                board.fill(r, c, COLOURS["differs"], "differs")
            if given:
                board.digit(r, c, str(given), "given", COLOURS["given"], bold=True)
            elif marks.heat is not None:
                board.pencil(r, c, marks.heat.get((r, c), {}), values)
            elif grid is not None and grid[r][c]:
                board.digit(r, c, str(grid[r][c]), "solved", COLOURS["solved"])


def ring_clue_cells(board: Board, conflict, tint: Callable[[int, int], bool] = lambda r, c: True) -> None:
    """A red ring on the cell of every blamed clue that sits on one cell, and a red tint
    under it where ``tint`` allows (not on a black cell, whose white digit would fade)."""
    for clue in conflict:
        cell = clue_cell(clue)
        if cell is not None:
            if tint(*cell):
                board.fill(*cell, COLOURS["conflict_fill"], "conflict-fill")
            board.ring(*cell)


def digit_board(puzzle, grid, marks: Marks, cell: float | None) -> Board:
    """The n x n board of a Latin-family puzzle with its digits and grid lines drawn; the
    kinds with signs or bars (``futoshiki``, ``adjacent``) add those on top."""
    n = puzzle.size
    board = Board(n, n, cell or (60.0 if marks.heat is not None else 40.0), 1.0, 1.0)
    cells(board, puzzle.givens, grid, marks, n)
    board.lines()
    return board


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None):
    """A Latin-square completion: the digits alone (the kind ``latin``)."""
    board = digit_board(puzzle, grid, marks, cell)
    ring_clue_cells(board, marks.conflict)
    return board.scene()
