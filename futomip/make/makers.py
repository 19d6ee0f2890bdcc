"""One interface over every puzzle maker: ``make(kind, size, seed, ...) -> Made``.

Each kind's maker returns a puzzle whose one solution is proved by futomip's exact machinery
(the kind's reduction, then a MILP or exact-method uniqueness solve); ``make`` adds its
human grade (``futomip.make.grade.human_grade``) and a one-line description, so that
``futomip generate`` treats every kind alike.  Knobs a kind does not use are ignored here
and refused by the CLI.

Must not import the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .grade import human_grade
from .ladder import settled_by
from ..options import Deadline, Options

__all__ = ["MAKERS", "SUDOKU_SIZES", "Made", "make"]

MAKERS = ("futoshiki", "nonogram", "sudoku", "latin", "str8ts", "killer", "adjacent")

SUDOKU_SIZES = {"sudoku": (4, 9, 16), "killer": (4, 9)}
"""The board sizes ``futomip generate`` offers for the Sudoku kinds.  Every square is a
Sudoku size, but larger boards do not finish in minutes (measured 2026-11-27 on the shared
2-core machine, docs/maker.md): minimising a 25x25 Sudoku takes 625 uniqueness checks, and
from about the 320th each is a MILP solve of 2-6 s (486 done after 4 minutes); a 16x16
Killer's first uniqueness check, loose cages and no givens, had not ended after 7 minutes."""


@dataclass
class Made:
    """A made puzzle, its one solution, its human grade (None: not graded), a description and
    the rung of the kind's rule ladder that settles it (``ladder.settled_by``)."""

    puzzle: object
    solution: tuple
    grade: str | None
    about: str
    rung: str | None = None


def make(kind: str, size: int, seed: int = 0, *, difficulty: str | None = None, options: Options | None = None,
         deadline: Deadline | None = None, progress: Callable[[str], None] | None = None, method: str = "milp",
         givens: int | None = None, signs: int = 40, density: float = 0.55, height: int | None = None,
         holes: float = 0.42, balanced: bool = True, blacks: int | None = None) -> Made:
    """Make one puzzle of ``kind`` (one of ``MAKERS``) and size ``size``."""
    options = options or Options()
    deadline = deadline or Deadline(options.time_limit)
    if kind == "futoshiki":
        from .generate import generate_futoshiki

        puzzle, solution = generate_futoshiki(size, 7 if givens is None else givens, signs, seed, options.backend,
                                              options.solver, progress, deadline, method)
        about = f"{_givens(puzzle)}, {len(puzzle.less)} signs"
    elif kind == "nonogram":
        from .generate_nonogram import generate_nonogram

        puzzle, solution, level = generate_nonogram(size, height or size, density, seed, difficulty, options.backend,
                                                    options.solver, progress, deadline)
        # The rung is the grade itself (no finer ladder), not None: the .sol comment would say "settled by None".
        return Made(puzzle, solution, level, f"human grade {level}", level)
    elif kind == "sudoku":
        from .generate_sudoku import generate_sudoku

        puzzle, solution, level = generate_sudoku(size, seed, difficulty, options, deadline, progress, method)
        about = f"{_givens(puzzle)} (minimal)"
    elif kind == "killer":
        from .generate_killer import generate_killer

        puzzle, solution, level = generate_killer(size, seed, difficulty, options, deadline, progress, method)
        about = f"{len(puzzle.cages)} cages, {_givens(puzzle)}"
    elif kind == "latin":
        from .generate_latin import generate_latin

        from .generate_latin import hole_count

        puzzle, solution = generate_latin(size, holes, seed, balanced, options, deadline, progress, method)
        asked = hole_count(size, holes)
        # Holes are filled back until the completion is unique: say so when that kept fewer.
        kept = f" of {asked} asked, filled back to one solution" if puzzle.holes < asked else ""
        about = f"{puzzle.holes} holes{kept} ({'balanced' if balanced else 'random'})"
    elif kind == "str8ts":
        from .generate_str8ts import generate_str8ts

        puzzle, solution, level = generate_str8ts(size, seed, blacks, givens, options=options, deadline=deadline,
                                                  progress=progress, method=method, difficulty=difficulty)
        about = (f"{sum(map(sum, puzzle.black))} black cells, {len(puzzle.black_clues())} black clues, "
                 f"{_givens(puzzle)} (minimal)")
    elif kind == "adjacent":
        from .generate_adjacent import generate_adjacent

        puzzle, solution, level = generate_adjacent(size, seed, difficulty, options, deadline, progress, method)
        about = f"{_givens(puzzle)} (minimal), {len(puzzle.marks)} marks"
    else:
        raise ValueError(f"no maker for {kind!r}; makers: {', '.join(MAKERS)}")
    if kind not in ("sudoku", "str8ts", "killer", "adjacent"):
        level = human_grade(puzzle, deadline.end)[0]
    rung = settled_by(puzzle, level)
    return Made(puzzle, solution, level, f"{about}, human grade {level or 'not graded'}"
                + (f" (settled by {rung})" if rung != level else ""), rung)


def _givens(puzzle) -> str:
    """The number of givens, in the singular for one ("1 given")."""
    count = len(puzzle.given_cells())
    return f"{count} given{'' if count == 1 else 's'}"
