"""Generating nonograms with a unique solution and a chosen human grade.

Puzzles asked to need search are made by the climb of ``nonogram_climb``
(``strategy="climb"``, the default): a walk over pictures that keeps one solution and raises
the number of cells the line solver leaves open.  Otherwise (``strategy="draw"``, and for
any other grade: at 15x15 random pictures give "probing" puzzles faster than the climb,
docs/generate.md, "Puzzles made per minute") a picture is drawn at random (each cell black
with probability ``density``) and its clues are read off.  The human grade (``futomip.make.grade.human_grade``: the weakest exact rule level
that decides the puzzle) then tells how hard it is: a puzzle graded ``lines`` or
``probing`` has exactly one solution by the exactness of the reduction.  One graded
``search`` is kept only when the MILP proves it unique (through the ordinary pipeline, so
any backend and solver serves); since the picture it came from is a solution, the proof
starts with the picture cut off (``Task("unique", known=...)``), and "no other grid" makes
the picture *the* solution.  Pictures whose puzzle has the
wrong grade, or several solutions, are drawn again, with the next random numbers, until one
fits or the deadline passes.

Measured (docs/generate.md, Grading puzzles): random pictures give "lines" puzzles in milliseconds and
"probing" ones in a fraction of a second, but a picture whose puzzle needs search *and* has
one solution is rare: none among ~2,500 8x8 or ~1,800 10x10 pictures in 30 s each; the
climb makes them in seconds (docs/generate.md, "Nonograms that need search: the climb").

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .generate import GenerationStopped
from .grade import HUMAN_LEVELS, human_grade
from .nonogram_climb import climb
from ..options import Deadline, Options
from ..puzzles.nonogram import Nonogram, from_grid
from ..pipeline import Task, run

__all__ = ["generate_nonogram", "random_picture", "DIFFICULTIES", "STRATEGIES"]

DIFFICULTIES = HUMAN_LEVELS

STRATEGIES = ("climb", "draw")


def random_picture(width: int, height: int, density: float, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A ``height`` x ``width`` 0/1 picture, each cell black (1) with probability ``density``,
    row by row from ``rng``."""
    return tuple(tuple(int(rng.random() < density) for _ in range(width)) for _ in range(height))


def generate_nonogram(
    width: int,
    height: int,
    density: float = 0.55,
    seed: int = 0,
    difficulty: str | None = None,
    backend: str | None = None,
    solver: str | None = None,
    progress: Callable[[str], None] | None = None,
    deadline: Deadline | None = None,
    strategy: str = "climb",
) -> tuple[Nonogram, tuple[tuple[int, ...], ...], str]:
    """A nonogram of ``width`` x ``height`` with exactly one solution, that solution, and
    its human grade (``difficulty`` if one was asked for); ``strategy`` as in the module text."""
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {DIFFICULTIES}, got {difficulty!r}")
    if not 0 < density < 1:
        raise ValueError(f"density must lie strictly between 0 and 1, got {density}")
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {STRATEGIES}, got {strategy!r}")
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    name = f"nonogram-{width}x{height}-{seed}"
    if strategy == "climb" and difficulty == "search":
        puzzle, grid, level = climb(width, height, difficulty, density, rng, Options(backend, solver), deadline,
                                    progress)
        return Nonogram(puzzle.rows, puzzle.cols, name), grid, level
    attempts = 0
    while True:
        if deadline.expired:
            raise GenerationStopped(f"no {difficulty or 'unique'} {width}x{height} nonogram within the time limit "
                                    f"({attempts} pictures tried)")
        attempts += 1
        grid = random_picture(width, height, density, rng)
        puzzle = from_grid(grid)
        level, _, _ = human_grade(puzzle, deadline.end)
        if progress:
            progress(f"picture {attempts}: {level}")
        if level is None or (difficulty is not None and level != difficulty):
            continue
        if level == "search":
            proof = run(puzzle, Task("unique", known=grid), Options(backend, solver), deadline)
            if proof.unique is not True:
                continue
        return Nonogram(puzzle.rows, puzzle.cols, name), grid, level
