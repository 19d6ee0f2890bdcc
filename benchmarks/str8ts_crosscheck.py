"""HiGHS against CP-SAT on random Str8ts boards: the same status and the same uniqueness answer?

    python benchmarks/str8ts_crosscheck.py [--seed 1] [--count 3000] [--time-limit 30]

Each seed draws a board of order 6-9: a black pattern and a random solution of the maker
(``futomip.make.generate_str8ts``), then 2 to a third of the white cells given from that
solution, and in 30% of the boards one given changed to another digit (so that many boards
have several solutions or none).  Each board is solved with ``--unique`` by highspy/highs and
by ortools/cpsat; every grid is verified, and a board where the two disagree is printed.  At
the end: how many agreed, and how many HiGHS answers needed the retry without presolve
(``futomip.solvers.highs.presolve_rejected``).  Made after HiGHS 1.16.0 called a feasible
Str8ts infeasible (docs/known-problems.md).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time

from futomip import verify
from futomip.make.generate_str8ts import random_solution, symmetric_blacks
from futomip.options import Options
from futomip.pipeline.solve import solve
from futomip.puzzles.str8ts import Str8ts


def board(seed: int) -> Str8ts | None:
    """The random board of ``seed`` (None when the maker finds no solution for its blacks)."""
    rng = random.Random(seed)
    n = rng.choice([6, 7, 8, 9])
    black = symmetric_blacks(n, rng.randint(round(0.2 * n * n), round(0.3 * n * n)), rng)
    hidden = random_solution(n, black, rng)
    if hidden is None:
        return None
    whites = [(r, c) for r in range(n) for c in range(n) if (r, c) not in black]
    clues = [(r, c, hidden[r][c]) for r, c in rng.sample(whites, rng.randint(2, max(3, len(whites) // 3)))]
    if rng.random() < 0.3:
        r, c, v = clues[0]
        clues[0] = (r, c, rng.choice([x for x in range(1, n + 1) if x != v]))
    return Str8ts.from_cells(n, black, clues, name=f"crosscheck-{seed}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args(argv)
    tally: collections.Counter = collections.Counter()
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.count):
        puzzle = board(seed)
        if puzzle is None:
            continue
        highs = solve(puzzle, unique=True, options=Options("highspy", "highs", time_limit=args.time_limit))
        cpsat = solve(puzzle, unique=True, options=Options("ortools", "cpsat", time_limit=args.time_limit))
        tally["retried without presolve"] += "presolve off" in (highs.message or "")
        for result in (highs, cpsat):
            for grid in (result.grid, result.second):
                if grid is not None and verify(puzzle, grid):
                    tally["GRID THAT DOES NOT VERIFY"] += 1
        agree = (highs.status, highs.unique) == (cpsat.status, cpsat.unique)
        tally["agree" if agree else "DISAGREE"] += 1
        if not agree:
            print(f"seed {seed}: highs {highs.status} unique={highs.unique} ({highs.message}); "
                  f"cpsat {cpsat.status} unique={cpsat.unique} ({cpsat.message})", flush=True)
    print(dict(tally), f"in {time.perf_counter() - started:.0f} s")
    return 0 if not tally["DISAGREE"] and not tally["GRID THAT DOES NOT VERIFY"] else 1


if __name__ == "__main__":
    sys.exit(main())
