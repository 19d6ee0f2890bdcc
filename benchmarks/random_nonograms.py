"""Random nonograms of the tournaments' kind, as ``.non`` files, to measure on puzzles nobody tuned for.

    python benchmarks/random_nonograms.py OUT --size 25 --density 0.4 --count 20 --seed 900

Each puzzle is a random picture (``make.generate_nonogram.random_picture``: every cell black
with probability ``--density``, Python's ``random.Random(seed + k)`` for the k-th) with its
clues read off (``puzzles.nonogram.from_grid``); it has at least that picture as a solution
and is not made unique.  Tournament puzzles are
25x25 at about half black; lower densities leave more cells open after line solving and
probing, so they search longer.  Files are named ``r{size}-{percent}-{seed}.non``.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from futomip import io
from futomip.make.generate_nonogram import random_picture
from futomip.puzzles.nonogram import from_grid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="folder for the .non files (made if missing)")
    parser.add_argument("--size", type=int, default=25, help="width and height (default 25)")
    parser.add_argument("--density", type=float, default=0.5, help="share of black cells (default 0.5)")
    parser.add_argument("--count", type=int, default=10, help="puzzles to write (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first puzzle (default 1)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.seed, args.seed + args.count):
        grid = random_picture(args.size, args.size, args.density, random.Random(seed))
        name = f"r{args.size}-{round(args.density * 100)}-{seed}"
        io.write(from_grid(grid, name), out / f"{name}.non")
    print(f"wrote {args.count} puzzles to {out}")


if __name__ == "__main__":
    main()
