"""Brute-force enumerations that several test modules check against, each computed once per
test session (pytest imports every module at collection, so a module-level enumeration in
each of them was paid once per module).

Independent of the code under test except for the verifier named in each docstring.
"""

from __future__ import annotations

import functools
import itertools

from futomip.puzzles.sudoku import Sudoku, verify


@functools.cache
def all_4x4_sudokus() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every solved 4x4 Sudoku: each of the 24^4 grids whose rows are permutations, kept when
    ``futomip.puzzles.sudoku.verify`` finds nothing wrong (288 of them; test_sudoku.py checks
    the count)."""
    rows = list(itertools.permutations(range(1, 5)))
    blank = Sudoku(4, ((0,) * 4,) * 4)
    return tuple(grid for grid in itertools.product(rows, repeat=4) if not verify(blank, grid))
