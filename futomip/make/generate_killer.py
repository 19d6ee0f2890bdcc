"""Generating Killer Sudoku puzzles with a unique solution and no givens (when it can).

A random full grid (``squares.sudoku_grid``) is the hidden solution.  The board is cut into
random connected cages of 2-5 cells whose digits in the hidden grid differ (a cell left
alone joins a neighbouring cage when it can, else stays a one-cell cage); each cage's total
is read off the hidden grid, so the hidden grid is always a solution.  Then, while the
uniqueness check (``unique.check``: the Killer reduction, then a MILP uniqueness solve)
finds a second solution, the puzzle is refined where the two solutions differ: a cage
holding a cell where they differ (a largest one) is split into two connected parts (its
total then says more), or, when every such cage is a single cell, that cell becomes a given.  Each step adds
a cage or a given, so the loop ends; a board of one-cell cages is unique.  With a
``difficulty`` (a human grade of ``futomip.make.grade``) grids are drawn again until a
puzzle of that grade comes out.

This loop is steered by the check's second solution, which the other makers no longer use (a
race made it vary from run to run).  Here it is one answer per puzzle: Killer has no split
search, hence no race, and its solvers run on one thread; a test holds the maker to one puzzle
per seed, and ``unique.settle`` is the way out should that change.

Must not import the CLI.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable

from .squares import sudoku_grid
from .unique import check, until_grade
from ..options import Deadline, Options
from ..puzzles.killer import Killer
from ..puzzles.sudoku import box_size

__all__ = ["generate_killer", "random_cages", "split_cage"]

Cell = tuple[int, int]
SMALLEST, LARGEST = 2, 5


def _neighbours(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 0 <= r + dr < n and 0 <= c + dc < n]


def random_cages(hidden, rng: random.Random, smallest: int = SMALLEST, largest: int = LARGEST) -> list[list[Cell]]:
    """A random partition of the board into connected cages of ``smallest``..``largest`` cells
    (a cell no cage can take stays alone) whose digits in ``hidden`` differ."""
    n = len(hidden)
    order = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(order)
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    for start in order:
        if start in owner:
            continue
        cage = [start]
        owner[start] = len(cages)
        target = rng.randint(smallest, largest)
        while len(cage) < target:
            used = {hidden[r][c] for r, c in cage}
            free = sorted({cell for one in cage for cell in _neighbours(one, n)
                           if cell not in owner and hidden[cell[0]][cell[1]] not in used})
            if not free:
                break
            cell = rng.choice(free)
            owner[cell] = len(cages)
            cage.append(cell)
        cages.append(cage)
    for k, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        (r, c), = cage
        hosts = sorted({owner[cell] for cell in _neighbours((r, c), n)} - {k})
        hosts = [j for j in hosts if 1 < len(cages[j]) < largest and hidden[r][c] not in
                 {hidden[a][b] for a, b in cages[j]}]
        if hosts:
            j = rng.choice(hosts)
            cages[j].append((r, c))
            owner[r, c] = j
            cages[k] = []
    return [cage for cage in cages if cage]


def split_cage(cage: list[Cell], rng: random.Random) -> list[list[Cell]]:
    """A cage of two or more cells cut into connected parts: one grown from a random cell to
    half the size, and the connected pieces of what is left."""
    inside = set(cage)
    first = [rng.choice(sorted(inside))]
    while len(first) < len(cage) // 2:
        grow = sorted({cell for one in first for cell in _neighbours(one, 10 ** 6) if cell in inside} - set(first))
        if not grow:
            break
        first.append(rng.choice(grow))
    parts, rest = [first], inside - set(first)
    while rest:
        piece, frontier = [], [min(rest)]
        rest.discard(frontier[0])
        while frontier:
            cell = frontier.pop()
            piece.append(cell)
            for other in _neighbours(cell, 10 ** 6):
                if other in rest:
                    rest.discard(other)
                    frontier.append(other)
        parts.append(piece)
    return parts


def _checking_options(options: Options) -> Options:
    """The options of the uniqueness checks: those asked for, or when no pair is named CP-SAT
    with native all-different (measured 10-15x faster than the kind's default MILP pair on
    the first, loosely caged checks: docs/measurements.md) when it is installed."""
    if options.backend or options.solver or options.globals:
        return options
    from ..solvers import check as check_pair

    if not check_pair("ortools", "cpsat").available:
        return options
    return replace(options, backend="ortools", solver="cpsat", globals="native")


def generate_killer(n: int = 9, seed: int = 0, difficulty: str | None = None, options: Options | None = None,
                    deadline: Deadline | None = None, progress: Callable[[str], None] | None = None,
                    method: str = "milp") -> tuple[Killer, tuple[tuple[int, ...], ...], str | None]:
    """An n x n Killer Sudoku with one solution, that solution and its human grade."""
    box_size(n)
    options = _checking_options(options or Options())
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)

    def draw():
        hidden = sudoku_grid(n, rng)
        cages = random_cages(hidden, rng)
        givens = [[0] * n for _ in range(n)]

        def build() -> Killer:
            totals = tuple((sum(hidden[r][c] for r, c in cage), tuple(cage)) for cage in cages)
            return Killer(n, totals, tuple(map(tuple, givens)), name=f"killer-{n}x{n}-{seed}")

        while True:
            answer = check(build(), hidden, options, deadline, method)
            if answer.unique:
                return build(), hidden
            differ = {(r, c) for r in range(n) for c in range(n) if answer.second[r][c] != hidden[r][c]}
            splittable = [k for k, cage in enumerate(cages) if len(cage) > 1 and differ & set(cage)]
            if splittable:
                # The largest such cage first: its parts stay cages of two or more cells
                # longer, and one-cell cages (givens in disguise) come last.
                largest = max(len(cages[k]) for k in splittable)
                k = rng.choice([k for k in splittable if len(cages[k]) == largest])
                cages[k:k + 1] = split_cage(cages[k], rng)
            else:
                r, c = rng.choice(sorted(differ))
                givens[r][c] = hidden[r][c]
            if progress is not None:
                progress(f"making it unique: {len(cages)} cages, {sum(map(any, givens))} rows with givens")

    return until_grade(draw, difficulty, deadline, f"{n}x{n} Killer Sudoku", progress)
