"""Generating minimal Sudoku puzzles with a unique solution.

A random full grid (``squares.sudoku_grid``) is the hidden solution.  The puzzle starts with
every cell given; the cells are then tried in random order and a given is removed whenever
the puzzle stays unique without it (``unique.settle``; each check is the "lines" reduction,
then a MILP uniqueness solve when the reduction leaves cells open).  The result is minimal:
every remaining given is needed.  With a ``difficulty`` (a human grade of
``futomip.make.grade``) grids are drawn again until a puzzle of that grade comes out.

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .squares import sudoku_grid
from .unique import check, settle, until_grade
from ..options import Deadline, Options
from ..puzzles.sudoku import Sudoku, box_size

__all__ = ["generate_sudoku"]


def generate_sudoku(n: int = 9, seed: int = 0, difficulty: str | None = None, options: Options | None = None,
                    deadline: Deadline | None = None, progress: Callable[[str], None] | None = None,
                    method: str = "milp") -> tuple[Sudoku, tuple[tuple[int, ...], ...], str | None]:
    """A minimal n x n Sudoku with one solution, that solution and its human grade."""
    box_size(n)
    options = options or Options()
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    cells = [(r, c) for r in range(n) for c in range(n)]

    def draw():
        hidden = sudoku_grid(n, rng)

        def build(kept: set) -> Sudoku:
            board = tuple(tuple(hidden[r][c] if (r, c) in kept else 0 for c in range(n)) for r in range(n))
            return Sudoku(n, board, name=f"sudoku-{n}x{n}-{seed}")

        kept = settle(build, set(cells), [], rng, lambda puzzle: check(puzzle, hidden, options, deadline, method),
                      progress=progress)
        return build(kept), hidden

    return until_grade(draw, difficulty, deadline, f"{n}x{n} Sudoku", progress)
