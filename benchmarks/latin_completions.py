"""Write Latin-square completion puzzles (Futoshiki without inequality signs) for benchmarks.

    python benchmarks/latin_completions.py OUT_FOLDER [--orders 15,20,25,30] [--count 3] [--holes 0.4] [--seed 1]

Each puzzle is a random Latin square of order n with a share ``--holes`` of its cells
emptied, written as a Futoshiki AMPL ``.dat`` file (no signs), so every solver pair reads it
through ``futomip bench``.  The square is the cyclic one, (r + c) mod n, with its rows,
columns and symbols permuted at random and then mixed by Jacobson-Matthews moves (each
move changes the square inside one 2x2-like cycle and keeps it Latin), so the puzzles do
not all share the cyclic group's structure.  The holes are chosen uniformly; the puzzle is
feasible by construction (the square completes it), and need not have a unique solution.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def random_latin_square(n: int, rng: random.Random, moves: int | None = None) -> list[list[int]]:
    """A Latin square of order n (values 1..n): the makers' Jacobson-Matthews walk
    (``futomip.make.squares.latin_square``)."""
    from futomip.make.squares import latin_square

    return [list(row) for row in latin_square(n, rng, moves)]


def completion(n: int, holes: float, rng: random.Random, name: str):
    """A Futoshiki without signs: a random Latin square with ``holes`` of its cells empty."""
    import futomip

    square = random_latin_square(n, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    kept = rng.sample(cells, round(len(cells) * (1 - holes)))
    return futomip.Futoshiki.from_clues(n, {(r, c): square[r][c] for r, c in kept}, name=name), square


def main() -> int:
    import futomip

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--orders", default="15,20,25,30")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--holes", type=float, default=0.4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    for n in map(int, args.orders.split(",")):
        for k in range(args.count):
            name = f"latin{n}-{k}"
            puzzle, square = completion(n, args.holes, rng, name)
            assert futomip.verify(puzzle, tuple(map(tuple, square))) == []
            futomip.write(puzzle, folder / f"{name}.dat", format="ampl")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
