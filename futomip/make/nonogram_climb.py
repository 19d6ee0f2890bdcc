"""Making nonograms that need probing or search on purpose: a climb over pictures.

A random picture whose puzzle needs search *and* has one solution is rare (none among
thousands of 10x10 or 15x15 pictures), because the pictures that defeat the line solver
mostly do so by an ambiguity: two pictures with the same clues.  So instead of drawing
pictures until one fits, the climb walks from picture to picture and never leaves the
puzzles with one solution:

    start     a random picture whose puzzle line solving or probing settles (so it is
              unique by the exactness of the reduction)
    step      flip single cells of the picture, half of them next to (within one cell of)
              a cell that line solving leaves open -- where the line solver gets stuck --
              and half anywhere, and grade each neighbour (``grade.human_grade``)
    keep      the neighbour, among those still settled by lines or probing, with the
              most cells open after line solving, if it has at least as many as the
              current picture (ties broken at random: the climb may walk sideways)
    stop      at the first neighbour of the grade asked for: for "probing" any one (it is
              unique); for "search" one that the exact uniqueness check
              (``unique.check``: a uniqueness solve through the ordinary pipeline)
              proves to have one solution, since that picture is then *the* solution
              (skipped when probing leaves exactly four cells open: that is always a
              2x2 swap with two solutions, see ``SWAP``)
    restart   from a new random picture after ``STALE_STEPS`` steps without progress

The score, cells open after line solving, is the reduction's own measure of how much of
the puzzle the line solver cannot do alone; the neighbours of a picture with many such
cells that probing cannot settle either are the search-grade puzzles, and a fair share of
them keep one solution.  The grades are ``grade.human_grade``'s, unchanged.

Must not import the CLI.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from .generate import GenerationStopped
from .grade import human_grade
from .unique import check
from .. import reduction
from ..options import Deadline, Options
from ..puzzles.nonogram import Nonogram, from_grid
from ..reduction.nonogram import UNKNOWN
from ..reduction.nonogram_compiled import use_kernels

__all__ = ["climb", "CLIMB_LEVELS", "NEIGHBOURS", "STALE_STEPS"]

CLIMB_LEVELS = ("probing", "search")
"""The grades the climb makes; "lines" puzzles come fastest from random pictures."""

NEIGHBOURS = 20
"""Cell flips graded per step."""

STALE_STEPS = 30
"""Steps without a rise in the score before the climb starts again from a new picture."""

SWAP = 4
"""Cells open after probing that make two solutions for sure, so the exact check is skipped.

A line with one open cell is settled by line solving (its two colours give different black
counts), so four open cells lie two in each of two rows and two columns, the corners of a
rectangle; each of those lines holds one black corner, and the line fixpoint after setting
one corner completes all four consistently either way (else probing would have fixed it):
both diagonals are solutions."""

Picture = tuple[tuple[int, ...], ...]


def _flip(grid: Picture, r: int, c: int) -> Picture:
    rows = list(grid)
    rows[r] = rows[r][:c] + (1 - rows[r][c],) + rows[r][c + 1:]
    return tuple(rows)


def _stuck_cells(puzzle: Nonogram) -> list[tuple[int, int]]:
    """The cells line solving leaves open."""
    cells = reduction.reduce(puzzle, "lines").cells
    return [(r, c) for r, row in enumerate(cells) for c, state in enumerate(row) if state == UNKNOWN]


def _candidates(grid: Picture, rng: random.Random) -> list[tuple[int, int]]:
    """Cells to flip: half around the cells the line solver leaves open, half anywhere."""
    height, width = len(grid), len(grid[0])
    near = sorted({(r + dr, c + dc) for r, c in _stuck_cells(from_grid(grid)) for dr in (-1, 0, 1)
                   for dc in (-1, 0, 1) if 0 <= r + dr < height and 0 <= c + dc < width})
    rng.shuffle(near)
    anywhere = [(rng.randrange(height), rng.randrange(width)) for _ in range(NEIGHBOURS)]
    return list(dict.fromkeys(near[:NEIGHBOURS // 2] + anywhere))[:NEIGHBOURS]


def climb(width: int, height: int, difficulty: str, density: float, rng: random.Random, options: Options,
          deadline: Deadline, progress: Callable[[str], None] | None = None) -> tuple[Nonogram, Picture, str]:
    """(puzzle, its one solution, ``difficulty``) for ``difficulty`` in ``CLIMB_LEVELS``."""
    if difficulty not in CLIMB_LEVELS:
        raise ValueError(f"the climb makes {CLIMB_LEVELS} puzzles, not {difficulty!r}")
    tried = restarts = 0
    grid, score, stale = None, -1, 0
    began = time.perf_counter()
    while True:
        if deadline.expired:
            raise GenerationStopped(f"no {difficulty} {width}x{height} nonogram within the time limit "
                                    f"({tried} pictures graded, {restarts} climbs)")
        if grid is None or stale > STALE_STEPS:
            start = tuple(tuple(int(rng.random() < density) for _ in range(width)) for _ in range(height))
            level, open_after_lines, _ = human_grade(from_grid(start), deadline.end)
            tried += 1
            if level == difficulty == "probing":
                return from_grid(start), start, level
            if level not in ("lines", "probing"):
                continue
            grid, score, stale, restarts = start, open_after_lines, 0, restarts + 1
        # Grading is most of the climb's work; once it has run as long as a search would before
        # loading the compiled kernels, load them, and every later grade runs in them
        # (``reduction.reduce`` picks its board by the same rule; equal results, ~2.5x faster).
        use_kernels(from_grid(grid), since=began)
        best: list[Picture] = []
        top = score
        for r, c in _candidates(grid, rng):
            neighbour = _flip(grid, r, c)
            puzzle = from_grid(neighbour)
            level, open_after_lines, open_after_probing = human_grade(puzzle, deadline.end)
            tried += 1
            if level == difficulty == "probing":
                return puzzle, neighbour, level
            if level == difficulty == "search":
                if open_after_probing != SWAP and check(puzzle, neighbour, options, deadline).unique:
                    return puzzle, neighbour, level
                continue
            if level not in ("lines", "probing") or open_after_lines < top:
                continue
            if open_after_lines > top:
                best, top = [], open_after_lines
            best.append(neighbour)
        stale = stale + 1 if top == score else 0
        if best:
            grid, score = rng.choice(best), top
        if progress is not None:
            progress(f"climb {restarts}: {score} cells open after line solving, {tried} pictures graded")
