"""Compile every search kernel once, in a background process, after installing or upgrading.

    python -m futomip.pipeline.kernel_warmup READY_FILE LOCK_FILE [FIRST_FAMILY]

``futomip.compiled`` starts this (detached, in its own session, at low priority) the first
time a process wants the kernels while their on-disk cache is cold; that process and the
ones after it run their Python code until this one is done, so no time limit waits for a
compilation.  numba compiles a kernel for the argument types of its first call, so the
kernels are compiled by solving small made-up puzzles of each kind through the ordinary
pipeline, with the thresholds that normally keep small puzzles in Python set to zero:

- nonograms: a 25x25 permutation matrix's clues (the split search's learning and probing
  engines, and probing as a reduction), the same with a black first row (a root with fixed
  cells, which the compiled search fixes from Python), and a 70x8 one (lines over 62 cells:
  the array board), then the line kernels the Python search calls (``_line_entry_points``)
  and the hand-over that the split's loading thread makes (``nonogram_kernel_touch``);
- the Latin family: a 9x9 Futoshiki, a 9x9 Sudoku, a 9x9 Adjacent and an order-20 Latin
  completion, each from a random Latin square with a few of its values and signs given
  (the split search with its kernels from the first node); then every entry point of
  ``latin_packed_kernels`` once on the Sudoku (probing, dives and restarts call the ones the
  search does not), and the learning search of ``latin_cdcl`` on it.

Every puzzle is feasible by construction and each solve has a time limit, so the warm-up
ends even where a search is slow.  The two families of kernels (``futomip.compiled.FAMILIES``)
are compiled one after the other, FIRST_FAMILY first (the family of the work that started the
warm-up; else the nonograms), and as each is done it writes ``READY_FILE-FAMILY``: processes
then load that family's kernels while the other still compiles (on 28 Nov the Latin family took
24 s of the 81).  At the end it writes READY_FILE (the signal for later processes to load every
kernel from the cache) and removes LOCK_FILE; if it fails, it removes the lock only, and a later
process tries again.  Output goes to ``LOCK_FILE.log``.
"""

from __future__ import annotations

import os
import random
import sys
import time

from ..options import Options
from ..puzzles.adjacent import Adjacent
from ..puzzles.futoshiki import Futoshiki
from ..puzzles.latin import LatinSquare
from ..puzzles.nonogram import from_grid
from ..puzzles.sudoku import Sudoku
from ..reduction import latin_core, latin_kernel_touch, nonogram_compiled, nonogram_kernel_touch, nonogram_split
from ..reduction.latin import board_of
from .tasks import Task, run

__all__ = ["puzzles", "warm_up", "main"]

LIMIT = 60.0
"""Seconds each warm-up solve may take (compiling is most of it)."""


def _square(n: int, rng: random.Random) -> list[list[int]]:
    rows, columns, symbols = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    return [[symbols[(rows[r] + columns[c]) % n] for c in range(n)] for r in range(n)]


def puzzles(seed: int = 0) -> list:
    """The made-up puzzles the warm-up solves (each has a solution by construction)."""
    rng = random.Random(seed)
    # One black cell per row and column: every clue is "1", so line solving and probing fix
    # nothing and the split search must run (its kernels compile on its first call).
    permutation = rng.sample(range(25), 25)
    grid = [[int(c == permutation[r]) for c in range(25)] for r in range(25)]
    # The same with its first row black: line solving fixes that row, and the compiled search
    # starts by fixing those cells from Python (``CompiledLearner._fix``), a call of its own.
    fixed = [[1] * 25] + grid[1:]
    columns = rng.sample(range(70), 8)
    wide = [[int(c == columns[r]) for c in range(70)] for r in range(8)]
    square = _square(9, rng)
    cells = [(r, c) for r in range(9) for c in range(9)]
    given = {cell: square[cell[0]][cell[1]] for cell in rng.sample(cells, 6)}
    less = []
    for r, c in rng.sample(cells, 14):
        if c + 1 < 9:
            a, b = (r, c), (r, c + 1)
            less.append((a, b) if square[r][c] < square[r][c + 1] else (b, a))
    sudoku = [[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    sudoku_givens = tuple(tuple(v if rng.random() < 0.3 else 0 for v in row) for row in sudoku)
    order = _square(20, rng)
    holes = tuple(tuple(v if rng.random() < 0.6 else 0 for v in row) for row in order)
    return [from_grid(grid, name="warm-nonogram-25"), from_grid(fixed, name="warm-nonogram-25-fixed"),
            from_grid(wide, name="warm-nonogram-70x8"),
            Futoshiki.from_clues(9, given, less, name="warm-futoshiki"), Sudoku(9, sudoku_givens, name="warm-sudoku"),
            Adjacent.from_solution(tuple(map(tuple, square)), given, name="warm-adjacent"),
            LatinSquare(20, holes, name="warm-latin-20")]


_THRESHOLDS = ((nonogram_compiled, "COMPILE_CELLS", 0), (nonogram_compiled, "EAGER_CELLS", 0),
               (latin_core, "COMPILE_AFTER", 0.0))
"""Kernels from the first node, whatever the size (these thresholds exist for speed only)."""


def _runs(family: str):
    """(puzzle, reduction level, schedule, nonogram search engine or None) of every warm-up solve
    of ``family``'s kernels: the split search of each puzzle (each engine for nonograms) and
    probing for nonograms."""
    for puzzle in puzzles():
        if ("nonogram" if puzzle.kind == "nonogram" else "latin") != family:
            continue
        if puzzle.kind == "nonogram":
            yield from ((puzzle, "split", "search", engine) for engine in nonogram_split.ENGINES)
            yield puzzle, "probing", None, None
        else:
            yield puzzle, "split", "search", None


def family_order(first: str | None = None) -> list[str]:
    """The families in the order the warm-up compiles them: ``first`` first, else the nonograms'
    (the longer) first."""
    order = ["nonogram", "latin"]
    if first in order:
        order.remove(first)
        order.insert(0, first)
    return order


def warm_up(say=print, first: str | None = None, done=lambda family: None, families=None) -> list:
    """Solve every warm-up puzzle with the kernels from the first node, family by family
    (``family_order(first)``; only those in ``families`` when given), calling ``done(family)``
    after each; the results (each verified by the pipeline).  The thresholds and the search
    engine are restored after."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in _THRESHOLDS]
    engine_before = nonogram_split.ENGINE
    results = []
    try:
        for module, name, value in _THRESHOLDS:
            setattr(module, name, value)
        for family in family_order(first):
            if families is not None and family not in families:
                continue
            for puzzle, level, schedule, engine in _runs(family):
                if engine is not None:
                    nonogram_split.ENGINE = engine
                began = time.perf_counter()
                result = run(puzzle, Task("solve"), Options("highspy", "highs", reduce=level, schedule=schedule,
                                                            time_limit=LIMIT))
                results.append(result)
                say(f"{puzzle.name} {level} {engine or ''}: {result.status} in {time.perf_counter() - began:.1f} s")
            if family == "latin":
                sudoku = next(puzzle for puzzle in puzzles() if puzzle.kind == "sudoku")
                latin_kernel_touch.call_every_entry_point(board_of(sudoku))
            else:
                _line_entry_points(next(puzzle for puzzle in puzzles() if puzzle.name == "warm-nonogram-25-fixed"))
                # What the split's loading thread calls: compiled here, so that it only loads.
                nonogram_kernel_touch.call_every_entry_point(nonogram_kernel_touch.sample_puzzle())
            nonogram_split.ENGINE = engine_before
            done(family)
    finally:
        for module, name, value in saved:
            setattr(module, name, value)
        nonogram_split.ENGINE = engine_before
    return results


def _line_entry_points(puzzle) -> None:
    """The line kernels the Python learning search calls from Python once they pay
    (``nonogram_compiled.LineKernel``: a line solve and its two explanations), each once on
    ``puzzle``'s first row, whose clue fills it: nothing known forces cell 0 black, and a white
    cell 0 leaves the row no placement.  The warm-up's searches run compiled from the start,
    so without this a user's first such search compiled them in its own process."""
    from ..reduction.nonogram_compiled import LineKernel

    clues = list(puzzle.rows) + list(puzzle.cols)
    width, height = puzzle.width, puzzle.height
    kernel = LineKernel(clues, [width] * height + [height] * width)
    assert clues[0] == (width,), "the first row must be all black"
    kernel.solve(0, 0, 0)
    kernel.explain_cell(0, 0, 0, 0, 1)
    kernel.explain_conflict(0, 0, 1)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    ready, lock = args[:2]
    first = args[2] if len(args) > 2 else None
    try:
        os.nice(10)  # the user's own solve comes first
    except OSError:
        pass

    def mark(path: str) -> None:
        with open(path, "w") as marker:
            marker.write(f"compiled by pid {os.getpid()} at {time.strftime('%Y-%m-%d %H:%M:%S')}\n")

    try:
        warm_up(lambda line: print(line, flush=True), first, lambda family: mark(f"{ready}-{family}"))
        mark(ready)
        return 0
    finally:
        try:
            os.unlink(lock)
        except OSError:
            pass


if __name__ == "__main__":
    sys.exit(main())
