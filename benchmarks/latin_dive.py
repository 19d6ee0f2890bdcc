"""The split search alone, plain against LP-guided (value order, dive), interleaved per instance.

    python benchmarks/latin_dive.py FILES... [--limit 10] [--variants plain,lporder,dive]

Each instance is reduced ("split" level: the "lines" fixpoint), then each variant searches
(compiled kernels from the start, ``COMPILE_AFTER`` 0) until its first leaf or ``--limit``
seconds, one variant after the other on the same instance.  "lporder": the root LP
relaxation's values order the search (``DIVE_ROUNDS`` 1); "dive": a dive of up to
``latin_dive.MAX_ROUNDS`` LP rounds first; "lprestartK": the LP order with restarts after
K x Luby failures (``Restarts("lp", K)``; the runs keep the LP order, noise on the cell
choice).  Before the restart policy was an option this variant set the plain order's
constant, which the LP-ordered search did not read: its earlier runs made no restarts.  Prints one line per instance and variant (time
to the first leaf, nodes, the dive's summary), then medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run(puzzle, variant: str, limit: float) -> dict:
    from futomip.options import Restarts
    from futomip.pipeline.latin_relaxation import Relaxation
    from futomip.puzzles import verify
    from futomip.reduction import latin_core, latin_dive, latin_split, reduce

    latin_core.COMPILE_AFTER = 0.0
    latin_split.DIVE_ROUNDS = 1 if variant.startswith(("lporder", "lprestart")) else latin_dive.MAX_ROUNDS
    policy = Restarts("lp", int(variant[len("lprestart"):])) if variant.startswith("lprestart") else Restarts()
    started = time.perf_counter()
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, stop_at=started + limit, restart_policy=policy)
    if variant != "plain":
        search.relaxation = Relaxation
    leaf = next(iter(search), None) if search.needed else None
    seconds = time.perf_counter() - started
    solved = leaf is not None and leaf.open == 0
    if solved:
        n = puzzle.size
        grid = tuple(tuple(leaf.masks[r * n + c].bit_length() for c in range(n)) for r in range(n))
        assert verify(puzzle, grid) == [], "a leaf that is not a solution"
    return {"solved": solved, "finished": search.finished or not search.needed, "seconds": seconds, "nodes": search.nodes,
            "dive": search.dive.summary() if search.dive is not None else None}


def main(argv: list[str] | None = None) -> int:
    from futomip import compiled, io

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--limit", type=float, default=10.0)
    parser.add_argument("--variants", default="plain,lporder,dive")
    args = parser.parse_args(argv)
    variants = args.variants.split(",")
    compiled.compiled()
    times: dict = {v: [] for v in variants}
    for path in args.files:
        puzzle = io.read(path)[0]
        for variant in variants:
            row = run(puzzle, variant, args.limit)
            times[variant].append(row["seconds"] if row["solved"] or row["finished"] else float("inf"))
            print(f"{Path(path).name}\t{variant}\t{'solved' if row['solved'] else 'decided' if row['finished'] else 'limit'}"
                  f"\t{row['seconds']:.2f}s\t{row['nodes']} nodes\t{row['dive'] or ''}", flush=True)
    for variant in variants:
        done = sorted(times[variant])
        decided = sum(t != float("inf") for t in done)
        print(f"{variant}: {decided}/{len(done)} decided, median {statistics.median(done):.2f}s, "
              f"p90 {done[int(0.9 * (len(done) - 1))]:.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
