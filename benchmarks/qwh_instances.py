"""Write QWH instances (quasigroup with holes, Gomes/Kautz) near the phase transition, for benchmarks.

    python benchmarks/qwh_instances.py OUT_FOLDER [--orders 30,40,50,60] [--count 3] [--holes 0.42] [--seed 1] [--uniform]

Each instance is a random Latin square of order n (the makers' Jacobson-Matthews walk,
``futomip.make.squares``) with a share ``--holes`` of its cells punched out, *balanced*
(every row and column gets the same number of holes, as ``futomip generate --kind latin``
punches them; ``--uniform`` punches them uniformly at random instead, files ``qwhuN-K``),
written as a ``.pls`` file.  Unlike ``futomip generate``, no solution is
refilled to make the completion unique: QWH instances are feasible by construction and the
benchmark only asks for a completion, which is what makes 42% holes the hard region.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    from futomip.io import latin_pls
    from futomip.make.generate_latin import _hole_cells, hole_count
    from futomip.make.squares import latin_square
    from futomip.puzzles.latin import LatinSquare

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--orders", default="30,40,50,60")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--holes", type=float, default=0.42)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uniform", action="store_true", help="holes uniformly at random, not balanced")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    for n in (int(order) for order in args.orders.split(",")):
        for k in range(args.count):
            seed = args.seed * 1000 + n * 10 + k
            rng = random.Random(seed)
            square = latin_square(n, rng)
            holes = set(_hole_cells(n, hole_count(n, args.holes), not args.uniform, rng))
            board = tuple(tuple(0 if (r, c) in holes else square[r][c] for c in range(n)) for r in range(n))
            name = f"{'qwhu' if args.uniform else 'qwh'}{n}-{k}"
            (args.folder / f"{name}.pls").write_text(latin_pls.write(LatinSquare(n, board, name=name)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
