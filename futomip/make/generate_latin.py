"""Generating Latin-square completion puzzles (QWH style) with a unique solution.

A random Latin square (``squares.latin_square``: the Jacobson-Matthews walk) is the hidden
solution, and ``holes`` cells are punched out of it: anywhere at random, or *balanced*
(Kautz et al.'s balanced QWH: every row and column gets the same number of holes, give or
take one), taking the cells where a second random Latin square shows one of the first k
symbols (k disjoint permutation patterns), plus part of one more symbol's cells for the rest.
Many hole patterns leave several completions; while a second one exists, holes are filled
back with the hidden value (``unique.settle``: 1, 2, 4, ... at a time in a random order, then
each filled hole is opened again where the completion stays unique), so the puzzle ends
unique with ``holes`` holes or a few fewer.  There is no minimising: the hole count is the
difficulty knob of QWH (hardest near 42% holes).

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .squares import latin_square
from .unique import check, settle
from ..options import Deadline, Options
from ..puzzles.latin import LatinSquare

__all__ = ["generate_latin", "hole_count"]


def hole_count(n: int, holes: float) -> int:
    """``holes`` as a number of cells: a share of the n*n cells when below 1, else a count."""
    count = round(holes * n * n) if holes < 1 else int(holes)
    if not 0 <= count <= n * n:
        raise ValueError(f"an order-{n} square has {n * n} cells; cannot punch {count} holes")
    return count


def _hole_cells(n: int, count: int, balanced: bool, rng: random.Random) -> list[tuple[int, int]]:
    cells = [(r, c) for r in range(n) for c in range(n)]
    if not balanced:
        return rng.sample(cells, count)
    pattern = latin_square(n, rng, moves=n * n)
    whole, rest = divmod(count, n)
    chosen = [(r, c) for r, c in cells if pattern[r][c] <= whole]
    partial = [(r, c) for r, c in cells if pattern[r][c] == whole + 1]
    return chosen + rng.sample(partial, rest) if rest else chosen


def generate_latin(n: int, holes: float = 0.42, seed: int = 0, balanced: bool = True,
                   options: Options | None = None, deadline: Deadline | None = None,
                   progress: Callable[[str], None] | None = None,
                   method: str = "milp") -> tuple[LatinSquare, tuple[tuple[int, ...], ...]]:
    """An order-n completion puzzle with one solution, and that solution."""
    count = hole_count(n, holes)
    options = options or Options()
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    hidden = latin_square(n, rng)
    open_cells = _hole_cells(n, count, balanced, rng)
    given = set((r, c) for r in range(n) for c in range(n)) - set(open_cells)

    def build(kept: set) -> LatinSquare:
        board = tuple(tuple(hidden[r][c] if (r, c) in kept else 0 for c in range(n)) for r in range(n))
        return LatinSquare(n, board, name=f"latin-{n}-{seed}")

    kept = settle(build, given, open_cells, rng, lambda puzzle: check(puzzle, hidden, options, deadline, method),
                  minimise=False, progress=progress)
    return build(kept), hidden
