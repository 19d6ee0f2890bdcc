"""Generating Adjacent puzzles (Tatham's Unequal, Adjacent mode) with a unique solution.

As in Tatham's generator, every mark is present: a random Latin square
(``squares.latin_square``) is the hidden solution and its neighbour pairs that differ by 1
are the marks, so the only clues to choose are the givens.  Starting from none, while a
second solution exists a given is added where it differs from the hidden one
(``unique.settle``; at least one is always needed, since v -> n+1-v keeps every difference
and so turns one solution into another); then givens are dropped in random order while the
puzzle stays unique, which leaves a minimal set.  ``--difficulty`` draws squares until the
human grade matches (``unique.until_grade``).  Uniqueness is checked by the exact machinery
of ``unique.check`` (the Latin reduction with the Adjacent pair rules, then a MILP).

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .squares import latin_square
from .unique import check, settle, until_grade
from ..options import Deadline, Options
from ..puzzles.adjacent import Adjacent

__all__ = ["generate_adjacent"]


def generate_adjacent(n: int, seed: int = 0, difficulty: str | None = None, options: Options | None = None,
                      deadline: Deadline | None = None, progress: Callable[[str], None] | None = None,
                      method: str = "milp") -> tuple[Adjacent, tuple[tuple[int, ...], ...], str | None]:
    """A minimal n x n Adjacent puzzle with one solution, that solution and its human grade."""
    options = options or Options()
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    cells = [(r, c) for r in range(n) for c in range(n)]

    def draw():
        hidden = tuple(map(tuple, latin_square(n, rng)))

        def build(kept: set) -> Adjacent:
            return Adjacent.from_solution(hidden, {cell: hidden[cell[0]][cell[1]] for cell in kept},
                                          name=f"adjacent-{n}x{n}-{seed}")

        kept = settle(build, hidden, set(), cells, lambda cell, grid: grid[cell[0]][cell[1]] != hidden[cell[0]][cell[1]],
                      rng, lambda puzzle: check(puzzle, hidden, options, deadline, method), progress=progress)
        return build(kept), hidden

    return until_grade(draw, difficulty, deadline, f"{n}x{n} Adjacent puzzle", progress)
