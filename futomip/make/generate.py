"""Generating Futoshiki puzzles with a unique solution, for benchmarks and practice.

A random Latin square is drawn (a cyclic square with its rows, columns and symbols
shuffled), then ``givens`` random cells are given and ``signs`` random neighbour
inequalities taken from it.  While a second solution exists, one more inequality is added
where the two solutions disagree (it is true in the hidden square and false in the other),
so the loop ends with a puzzle whose only solution is the hidden square.  Last, every
inequality whose removal keeps the solution unique is dropped (in random order), so the
puzzle is minimal in its signs: the hardest kind for a given number of givens.  Each check is a
uniqueness solve through the ordinary pipeline, so any backend and solver can be used (it
starts with the hidden square cut off, ``Task("unique", known=...)``: one solve answers), or
through an exact comparison method (``method="propagate"``: a complete search, some ten
times faster than a MILP solve on 8x8 boards, which makes thousands of puzzles affordable).

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from ..errors import FutomipError
from ..options import Deadline, Options
from ..puzzles.futoshiki import Cell, Futoshiki
from ..pipeline import Task, run

__all__ = ["random_latin_square", "generate_futoshiki", "GenerationStopped"]


class GenerationStopped(FutomipError):
    """A uniqueness check ended without an answer (time limit or solver error)."""


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
    while True:
        puzzle = Futoshiki(n, board, tuple(less), name=f"gen-n{n}-g{givens}-s{signs}-seed{seed}")
        result = _unique(puzzle, options, deadline, square)
        if result.unique:
            return _without_redundant_signs(puzzle, rng, options, deadline, progress, square), square
        # The solver's two solutions may include the hidden square; take one that is not.
        other = result.grid if result.grid != square else result.second
        # An inequality between neighbours whose order differs in the two squares removes
        # the second solution while keeping the hidden one.
        splitting = [pair for pair in unused if _oriented(pair, square) != _oriented(pair, other)]
        if splitting:
            pair = rng.choice(splitting)
            unused.remove(pair)
            less.add(_oriented(pair, square))
        else:
            # Both squares order every free neighbour pair alike: only a given separates them.
            r, c = rng.choice([(r, c) for r, c in cells if square[r][c] != other[r][c]])
            board = tuple(tuple(square[i][j] if (i, j) == (r, c) else v for j, v in enumerate(row))
                          for i, row in enumerate(board))
        if progress is not None:
            progress(f"making it unique: {len(less)} signs")


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
        raise GenerationStopped(f"generation stopped: a uniqueness check ended with {result.status}"
                                + (f" ({result.message})" if result.message else ""))
    return result


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
