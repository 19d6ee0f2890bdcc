"""Write generated hard 9x9 Futoshiki (unique solution) for ``futomip bench --against cpsat``.

    python benchmarks/hard_futoshiki.py OUT_FOLDER [--count 100] [--seed 1000] [--size 9]
           [--givens 7,13] [--signs 26,45] [--backend ortools --solver cpsat]

Puzzle k uses seed ``seed + k``; its number of givens and of starting signs are drawn
uniformly from the two ranges with ``random.Random(seed + k)``, and ``futomip.make.generate``
makes it unique and minimal in its signs (each check a uniqueness solve through the
ordinary pipeline).  Each puzzle is written as ``OUT_FOLDER/hard-SEED.dat`` with its proven
solution beside it (``.sol``).  Puzzles already written are skipped, so the script can be
stopped and resumed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from futomip import io
    from futomip.make.generate import generate_futoshiki
    from futomip.io.solutions import solutions_path, write_solutions

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--givens", default="7,13")
    parser.add_argument("--signs", default="26,45")
    parser.add_argument("--backend", default="ortools")
    parser.add_argument("--solver", default="cpsat")
    args = parser.parse_args()
    low_g, high_g = map(int, args.givens.split(","))
    low_s, high_s = map(int, args.signs.split(","))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.seed, args.seed + args.count):
        path = out / f"hard-{seed}.dat"
        if path.exists():
            continue
        rng = random.Random(seed)
        givens, signs = rng.randint(low_g, high_g), rng.randint(low_s, high_s)
        start = time.perf_counter()
        puzzle, square = generate_futoshiki(args.size, givens, signs, seed, args.backend, args.solver)
        io.write(puzzle, str(path))
        write_solutions(solutions_path(str(path)), [square], count=1)
        print(f"{path}: {len(puzzle.given_cells())} givens, {len(puzzle.less)} signs, "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
