"""The split against the whole model on random boards: the same status and uniqueness answer?

    python benchmarks/split_crosscheck.py [--seed 100] [--count 4000] [--hard] [--time-limit 60]

The split (``--reduce split``: the search over the reduced domains with a solver on its
leaves, beside the solver on the whole model) is the default level of Futoshiki, Sudoku,
Latin completion and the nonograms' MILP.  Each seed draws, in turn, a Futoshiki, a Latin
completion, a 9x9 Sudoku and a nonogram from a random solution (``futomip.make.squares``; a
random picture), with a share of its values or signs as clues; in 20% of the boards one clue
is made wrong (a given changed, a sign turned round, a row clue lengthened), so that many
boards have several solutions or none.  ``--hard`` draws larger and tighter boards (Futoshiki
of order 6-9 with a sixth to a third of the signs and up to 30% given, Latin completions of
order 10-16 with 55-65% given, Sudoku with 28-36% given, nonograms of 12-22 cells a side), on
which the split search makes nodes.  Each board is solved with ``--unique`` by highspy/highs
on the split, highspy/highs on the whole model (``--reduce none``) and ortools/cpsat on the
split (skipped when OR-Tools is missing); every grid and second grid is verified.  A board
where two answers that finished disagree on (status, unique) is printed; an answer cut by the
time limit (no status, or uniqueness unknown) is not compared.  At the end: the counts.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time

from futomip import verify
from futomip.make.squares import latin_square, sudoku_grid
from futomip.options import Options
from futomip.pipeline.solve import solve
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.latin import LatinSquare
from futomip.puzzles.nonogram import Nonogram, from_grid
from futomip.puzzles.sudoku import Sudoku
from futomip.solvers import check

KINDS = ("futoshiki", "latin", "sudoku", "nonogram")


def _board(square, share: float, rng: random.Random, wrong: bool) -> tuple:
    n = len(square)
    board = [[square[r][c] if rng.random() < share else 0 for c in range(n)] for r in range(n)]
    given = [(r, c) for r in range(n) for c in range(n) if board[r][c]]
    if wrong and given:
        r, c = rng.choice(given)
        board[r][c] = rng.choice([v for v in range(1, n + 1) if v != square[r][c]])
    return tuple(map(tuple, board))


def _futoshiki(rng: random.Random, hard: bool, wrong: bool, name: str) -> Futoshiki:
    n = rng.randint(6, 9) if hard else rng.randint(4, 7)
    square = latin_square(n, rng)
    pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)] + \
            [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    count = rng.randint(len(pairs) // 6, len(pairs) // 3) if hard else rng.randint(0, len(pairs) // 2)
    less = [(a, b) if square[a[0]][a[1]] < square[b[0]][b[1]] else (b, a) for a, b in rng.sample(pairs, count)]
    if wrong and less:
        k = rng.randrange(len(less))
        less[k] = less[k][::-1]
    return Futoshiki(n, _board(square, rng.uniform(0, 0.3), rng, False), tuple(less), name=name)


def _nonogram(rng: random.Random, hard: bool, wrong: bool, name: str) -> Nonogram:
    low, high = (12, 22) if hard else (4, 12)
    height, width, density = rng.randint(low, high), rng.randint(low, high), rng.uniform(0.35, 0.65)
    puzzle = from_grid(tuple(tuple(int(rng.random() < density) for _ in range(width)) for _ in range(height)))
    rows = list(puzzle.rows)
    if wrong:
        k = rng.randrange(height)
        rows[k] = rows[k][:-1] + (rows[k][-1] + 1,) if rows[k] and rows[k][-1] else (1,)
    return Nonogram(tuple(rows), puzzle.cols, name=name)


def board(seed: int, hard: bool):
    """The random board of ``seed`` (the kind goes round ``KINDS``)."""
    rng = random.Random(seed)
    kind, wrong, name = KINDS[seed % len(KINDS)], rng.random() < 0.2, f"crosscheck-{seed}"
    if kind == "futoshiki":
        return _futoshiki(rng, hard, wrong, name)
    if kind == "latin":
        n = rng.randint(10, 16) if hard else rng.randint(5, 9)
        share = rng.uniform(0.55, 0.65) if hard else rng.uniform(0.3, 0.7)
        return LatinSquare(n, _board(latin_square(n, rng), share, rng, wrong), name=name)
    if kind == "sudoku":
        share = rng.uniform(0.28, 0.36) if hard else rng.uniform(0.2, 0.45)
        return Sudoku(9, _board(sudoku_grid(9, rng), share, rng, wrong), name=name)
    return _nonogram(rng, hard, wrong, name)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--hard", action="store_true", help="larger, tighter boards, on which the split searches")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args(argv)
    configurations = [("highspy", "highs", "split"), ("highspy", "highs", "none")]
    if check("ortools", "cpsat").available:
        configurations.append(("ortools", "cpsat", "split"))
    tally: collections.Counter = collections.Counter()
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.count):
        try:
            puzzle = board(seed, args.hard)
        except ValueError:
            continue  # a clue the puzzle's constructor refuses (a lengthened row longer than the row)
        answers = []
        for backend, solver, level in configurations:
            result = solve(puzzle, unique=True, options=Options(backend, solver, reduce=level,
                                                                time_limit=args.time_limit))
            for grid in (result.grid, result.second):
                if grid is not None and verify(puzzle, grid):
                    print(f"seed {seed}: {backend}/{solver} {level} returned a grid that breaks a rule", flush=True)
                    return 1
            searched = ((result.reduction or {}).get("search") or {}).get("nodes")
            tally["boards on which the split searched"] += bool(searched) and level == "split" and solver == "highs"
            finished = result.status in ("solved", "infeasible") and not (result.status == "solved"
                                                                          and result.unique is None)
            answers.append(((result.status, result.unique) if finished else None, f"{backend}/{solver} {level}"))
        verdicts = {verdict for verdict, _ in answers if verdict is not None}
        tally["boards"] += 1
        tally[f"{puzzle.kind} {sorted(verdicts)[0] if len(verdicts) == 1 else 'undecided'}"] += 1
        if len(verdicts) > 1:
            tally["DISAGREED"] += 1
            print(f"seed {seed} ({puzzle.kind}): {answers}", flush=True)
    for key, value in sorted(tally.items()):
        print(f"{key}: {value}")
    print(f"{time.perf_counter() - started:.0f} s")
    return 1 if tally["DISAGREED"] else 0


if __name__ == "__main__":
    sys.exit(main())
