"""Generating Adjacent puzzles (Tatham's Unequal, Adjacent mode) with a unique solution.

As in Tatham's generator, every mark is present: a random Latin square
(``squares.latin_square``) is the hidden solution and its neighbour pairs that differ by 1
are the marks, so the only clues to choose are the givens (at least one is always needed:
v -> n+1-v keeps every difference and so turns one solution into another).

By default (and for ``--difficulty lines`` or ``probing``) the givens are chosen so that
the exact reduction at that level settles the puzzle, which proves it unique with no solver
(the reduction keeps every solution): while cells stay open, one of them is given its
hidden value; then givens are dropped in random order while the reduction still settles the
puzzle, which leaves a set minimal for that level (as Tatham's generator keeps a puzzle its
own solver of the chosen difficulty can finish).  Proving a puzzle with a minimal set of
givens unique is much harder: with ``--difficulty search`` the givens are made minimal for
uniqueness itself (``unique.settle`` with ``unique.check``: the reduction, then a MILP),
which on 9x9 can take minutes per puzzle.  ``--difficulty`` draws squares until the human
grade matches (``unique.until_grade``).

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .generate import GenerationStopped
from .grade import rules
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
    level = "lines" if difficulty == "lines" else "probing"

    def draw():
        hidden = tuple(map(tuple, latin_square(n, rng)))

        def build(kept: set) -> Adjacent:
            return Adjacent.from_solution(hidden, {cell: hidden[cell[0]][cell[1]] for cell in kept},
                                          name=f"adjacent-{n}x{n}-{seed}")

        if difficulty == "search":
            kept = settle(build, set(), cells, rng, lambda puzzle: check(puzzle, hidden, options, deadline, method),
                          progress=progress)
        else:
            kept = _settled_givens(build, level, rng, deadline, progress)
        return build(kept), hidden

    return until_grade(draw, difficulty, deadline, f"{n}x{n} Adjacent puzzle", progress)


def _open_cells(puzzle: Adjacent, level: str, deadline: Deadline) -> list[tuple[int, int]]:
    """The cells the exact reduction at ``level`` leaves open (none: the puzzle is unique)."""
    domains = rules(puzzle, level, deadline.end)
    if deadline.expired or not domains.finished:
        raise GenerationStopped("generation stopped: the time limit ended during the reduction")
    if domains.contradiction:  # cannot happen: the hidden square satisfies every clue
        raise AssertionError(f"the reduction refutes a puzzle made from a solution: {domains.contradiction}")
    n = puzzle.size
    return [(r, c) for r in range(n) for c in range(n) if len(domains.values(r, c)) > 1]


def _settled_givens(build: Callable[[set], Adjacent], level: str, rng: random.Random, deadline: Deadline,
                    progress: Callable[[str], None] | None) -> set:
    """Givens that the reduction at ``level`` settles, added at open cells, then made minimal."""
    kept: set = set()
    while True:
        still_open = _open_cells(build(kept), level, deadline)
        if not still_open:
            break
        kept.add(rng.choice(still_open))
        if progress is not None:
            progress(f"adding givens: {len(kept)}, {len(still_open) - 1} cells open")
    order = sorted(kept)
    rng.shuffle(order)
    for done, cell in enumerate(order, start=1):
        if not _open_cells(build(kept - {cell}), level, deadline):
            kept.remove(cell)
        if progress is not None:
            progress(f"minimising: given {done}/{len(order)}, {len(kept)} kept")
    return kept
