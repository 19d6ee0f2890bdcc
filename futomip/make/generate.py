"""Generating Futoshiki puzzles with a unique solution, for benchmarks and practice.

A random Latin square is drawn (a cyclic square with its rows, columns and symbols
shuffled), then ``givens`` random cells are given and ``signs`` random neighbour
inequalities taken from it.  While a second solution exists, more inequalities true in the
hidden square are added (then givens, if the signs run out), so the loop ends with a puzzle
whose only solution is the hidden square.  Last, every added given and every inequality whose
removal keeps the solution unique is dropped (in random order), so the puzzle is minimal in
its signs: the hardest kind for a given number of givens.  Only the checks' yes/no answers
steer this, so a seed makes the same puzzle (``_unique_and_minimal``).  Each check is a
uniqueness solve through the ordinary pipeline, so any backend and solver can be used (it
starts with the hidden square cut off, ``Task("unique", known=...)``: one solve answers), or
through an exact comparison method (``method="propagate"``: a complete search, some ten
times faster than a MILP solve on 8x8 boards, which makes thousands of puzzles affordable).

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .. import stopping
from ..errors import FutomipError
from ..options import Deadline, Options
from ..puzzles.futoshiki import Cell, Futoshiki
from ..pipeline import Task, run

__all__ = ["random_latin_square", "generate_futoshiki", "GenerationStopped"]


class GenerationStopped(FutomipError):
    """A uniqueness check ended without an answer (time limit or solver error)."""


def stopped_check(result) -> BaseException:
    """What to raise for a uniqueness check without a yes or no.  A check cut short by Ctrl-C
    or SIGTERM gives back its interrupt, so the command exits as interrupted (130/143), not as a
    maker that failed.  Otherwise the ``GenerationStopped`` error: "ended with solved" read as a
    success, so a check that found no second solution and no proof says so."""
    if isinstance(result.stopped, KeyboardInterrupt):
        return result.stopped
    if stopping.requested() is not None:
        return stopping.Stopped(stopping.requested())
    what = ("found no second solution and no proof that there is none" if result.status == "solved"
            else f"ended with {result.status}")
    return GenerationStopped(f"generation stopped: a uniqueness check {what}"
                             + (f" ({result.message})" if result.message else ""))


def random_latin_square(n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A Latin square of order n: cyclic, then rows, columns and symbols permuted at random."""
    rows, cols, symbols = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(symbols)
    return tuple(tuple(symbols[(rows[r] + cols[c]) % n] for c in range(n)) for r in range(n))


def _neighbour_pairs(n: int) -> list[tuple[Cell, Cell]]:
    pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    return pairs + [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]


def _oriented(pair: tuple[Cell, Cell], square) -> tuple[Cell, Cell]:
    a, b = pair
    return (a, b) if square[a[0]][a[1]] < square[b[0]][b[1]] else (b, a)


def generate_futoshiki(
    n: int,
    givens: int,
    signs: int,
    seed: int = 0,
    backend: str | None = None,
    solver: str | None = None,
    progress: Callable[[str], None] | None = None,
    deadline: Deadline | None = None,
    method: str = "milp",
) -> tuple[Futoshiki, tuple[tuple[int, ...], ...]]:
    """A puzzle of size n with ``givens`` givens and ``signs`` inequalities or a few more
    (more signs, or rarely a given, are added until the solution is unique), returned
    with its one solution.  Every uniqueness check draws on ``deadline``;
    ``GenerationStopped`` when one cannot finish; ``method`` names the exact method of
    ``futomip.methods`` that makes the checks (default: the MILP)."""
    options = Options(backend, solver)
    if method != "milp":
        from .. import methods

        if not methods.method(method).EXACT:
            raise FutomipError(f"uniqueness checks need an exact method, not {method!r}")
        options = _MethodOptions(options, method)
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    square = random_latin_square(n, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    given_cells = set(rng.sample(cells, min(givens, n * n)))
    board = tuple(tuple(square[r][c] if (r, c) in given_cells else 0 for c in range(n)) for r in range(n))
    unused = _neighbour_pairs(n)
    rng.shuffle(unused)
    less = {_oriented(pair, square) for pair in unused[:signs]}
    unused = unused[signs:]
    open_cells = [cell for cell in cells if cell not in given_cells]
    rng.shuffle(open_cells)
    puzzle = Futoshiki(n, board, tuple(sorted(less)), name=f"gen-n{n}-g{givens}-s{signs}-seed{seed}")
    return _unique_and_minimal(puzzle, square, unused, open_cells, rng, options, deadline, progress), square


class _MethodOptions:
    """Options plus the comparison method that makes the uniqueness checks."""

    def __init__(self, options: Options, method: str) -> None:
        self.options, self.method = options, method


def _unique(puzzle: Futoshiki, options, deadline: Deadline, square):
    """The uniqueness check of a puzzle that ``square`` solves; ``GenerationStopped`` when it
    cannot say yes or no.  The MILP starts with ``square`` cut off: one solve answers."""
    if isinstance(options, _MethodOptions):
        from .. import methods

        result = methods.run(options.method, puzzle, options.options, deadline, unique=True)
    else:
        result = run(puzzle, Task("unique", known=square), options, deadline)
    if result.unique is None:
        raise stopped_check(result)
    return result


def _with_given(board, cell: Cell, value: int):
    """``board`` with ``value`` in ``cell`` (0: open)."""
    r, c = cell
    return tuple(tuple(value if (i, j) == (r, c) else v for j, v in enumerate(row)) for i, row in enumerate(board))


def _unique_and_minimal(puzzle: Futoshiki, square, unused: list, open_cells: list, rng: random.Random, options,
                        deadline: Deadline, progress) -> Futoshiki:
    """The puzzle made unique, then minimal in its signs.

    While a second solution exists, the next unused signs in their random order are added
    (1, 2, 4, ... at a time), and once none is left the next givens; then every added given
    and every sign is dropped, in random order, whenever the solution stays unique without it.
    Only the yes/no answers of the checks steer this, never which second solution a check
    found: that one depends on which side of the split's race answered first, so a maker
    steered by it made different puzzles from one seed (three 10x10 from seed 0 in a QA run).
    Doubling needs few checks to reach a unique puzzle, and checks of an over-constrained
    puzzle are quick; the drops that follow are the checks the minimising made anyway."""
    n, board, less = puzzle.size, puzzle.givens, set(puzzle.less)

    def build(board, less) -> Futoshiki:
        return Futoshiki(n, board, tuple(sorted(less)), puzzle.name)

    def unique(board, less) -> bool:
        return _unique(build(board, less), options, deadline, square).unique

    added: list[Cell] = []
    step = 1
    while not unique(board, less):
        if unused:
            less.update(_oriented(pair, square) for pair in unused[:step])
            unused = unused[step:]
        elif open_cells:
            # Both squares order every neighbour pair alike: only givens separate them.
            for cell in open_cells[:step]:
                board = _with_given(board, cell, square[cell[0]][cell[1]])
                added.append(cell)
            open_cells = open_cells[step:]
        else:
            raise FutomipError("every sign and given is in and the puzzle is still not unique (a bug)")
        step *= 2
        if progress is not None:
            progress(f"making it unique: {len(less)} signs, {len(added)} givens added")
    order = list(added)
    rng.shuffle(order)
    for cell in order:
        trial = _with_given(board, cell, 0)
        if unique(trial, less):
            board = trial
    return _without_redundant_signs(build(board, less), rng, options, deadline, progress, square)


def _without_redundant_signs(puzzle: Futoshiki, rng: random.Random, options, deadline: Deadline,
                             progress, square) -> Futoshiki:
    """Drop inequalities, in random order, whenever the solution stays unique without them."""
    less = list(puzzle.less)
    order = list(less)
    rng.shuffle(order)
    for done, pair in enumerate(order, start=1):
        trial = Futoshiki(puzzle.size, puzzle.givens, tuple(p for p in less if p != pair), puzzle.name)
        if _unique(trial, options, deadline, square).unique:
            less.remove(pair)
        if progress is not None:
            progress(f"minimising: sign {done}/{len(order)}, {len(less)} kept")
    return Futoshiki(puzzle.size, puzzle.givens, tuple(less), puzzle.name)
