"""CP-SAT on native and linear globals for 16x16 and 25x25 Sudoku, beside the native CP-SAT model.

    python benchmarks/large_sudoku.py [--boxes 4,5] [--count 6] [--holes 0.6] [--seed 2026]
                                      [--reduce lines] [--unique] [--time-limit 60] [--json]
                                      [--configs native,linear,default,highs]

No Sudoku file format holds more than 9x9 (one character per cell), so the puzzles are made
here: the pattern solution ``(b*(r mod b) + r div b + c) mod n``, its bands, stacks, rows
within bands, columns within stacks and symbols shuffled, then a share ``--holes`` of the
cells emptied uniformly (solvable by construction, not necessarily unique).  They go through
``futomip.bench.run_benchmark`` with the ``--configs`` (ortools/cpsat on ``--globals native``
and ``linear`` at each ``--reduce`` level; ``default``: what the [all] install runs for
Sudoku, ortools/cpsat ``--reduce lines``, pinned; ``highs``: highspy/highs ``--reduce split``,
the default of a HiGHS-only install) and the native CP-SAT yardstick, interleaved puzzle by puzzle, and the comparison table of
``futomip bench --against cpsat`` is printed.  Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from futomip.bench import run_benchmark  # noqa: E402
from futomip.bench.compare import compare, format_comparison  # noqa: E402
from futomip.puzzles.sudoku import Sudoku  # noqa: E402


def shuffled_solution(box: int, rng: random.Random) -> list[list[int]]:
    """A solved Sudoku of order box*box, the pattern solution shuffled as the module text says."""
    n = box * box
    pattern = [[(box * (r % box) + r // box + c) % n + 1 for c in range(n)] for r in range(n)]
    rows = [band * box + i for band in rng.sample(range(box), box) for i in rng.sample(range(box), box)]
    columns = [stack * box + i for stack in rng.sample(range(box), box) for i in rng.sample(range(box), box)]
    symbols = rng.sample(range(1, n + 1), n)
    return [[symbols[pattern[r][c] - 1] for c in columns] for r in rows]


def make(box: int, count: int, holes: float, rng: random.Random) -> list[Sudoku]:
    n = box * box
    puzzles = []
    for k in range(count):
        solution = shuffled_solution(box, rng)
        board = tuple(tuple(0 if rng.random() < holes else solution[r][c] for c in range(n)) for r in range(n))
        puzzles.append(Sudoku(n, board, name=f"sudoku{n}-{k}"))
    return puzzles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boxes", default="4,5", help="box sides (4: 16x16, 5: 25x25)")
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--holes", type=float, default=0.6)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--reduce", default="lines")
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--configs", default="native,linear", help="from native, linear, default, highs")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    puzzles = [puzzle for box in map(int, args.boxes.split(",")) for puzzle in make(box, args.count, args.holes, rng)]
    configs = args.configs.split(",")
    combinations = [("ortools", "cpsat", None, level, form) for level in args.reduce.split(",")
                    for form in ("native", "linear") if form in configs]
    combinations += [("ortools", "cpsat", None, "lines", None)] if "default" in configs else []
    combinations += [("highspy", "highs", None, "split", None)] if "highs" in configs else []
    measurements = run_benchmark(puzzles, combinations, args.time_limit, args.unique, against="cpsat")
    rows = compare(measurements)
    if args.json:
        print(json.dumps({"against": rows, "measurements": [vars(m) for m in measurements]}))
    else:
        print(f"{len(puzzles)} puzzles, interleaved")
        print(format_comparison(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
