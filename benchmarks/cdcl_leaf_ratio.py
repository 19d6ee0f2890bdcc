"""The compiled learning search over the Python one, and two checkouts' compiled searches, interleaved.

    python benchmarks/cdcl_leaf_ratio.py 1 '$1000,$950,$700,$550,gen/g7.non' --rounds 2 \
        --trees /path/to/base,. --corpus /work/shared/corpus

For each round, each named TAAI 2011 puzzle (``--corpus``), puzzle file (a name with a
``/``) or random grid (``random:SIZE:DENSITY:SEED``, e.g. ``random:25:0.3:1``), in turn: the
Python search (what ``FUTOMIP_COMPILE=0`` runs, from the last tree) for the given seconds,
then ``CompiledLearner`` of every ``--trees`` checkout for the same seconds, each in a fresh
process that imports ``futomip`` from that checkout (so two versions of the package never
share a process) and compiles or loads its kernels before timing.
Every search starts from the probed root and drops its leaves after turning each into
``NonogramDomains``, as ``nonogram_kernels.py --what learning`` does.  Prints decisions a
second and each compiled tree's ratio to the Python search, then the medians, p90 and min.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def measure(tree: str, engine: str, name: str, seconds: float, corpus: str) -> dict:
    """In this process (``--worker``): one search of ``engine`` on ``name`` for ``seconds``."""
    sys.path.insert(0, str(Path(tree).resolve()))
    sys.path.insert(1, str(HERE.parent))
    import futomip  # noqa: F401  (from ``tree``, before a benchmark module puts its own first)
    from cdcl_rates import puzzles_and_roots

    from futomip.reduction import nonogram_learning, reduce
    from futomip.reduction.nonogram_cdcl import CompiledLearner

    nonogram_learning.use_kernels = lambda puzzle, since=None: False
    if name.startswith("random:"):
        puzzle = random_grid(*name.split(":")[1:])
        root = reduce(puzzle, "probing")
    else:
        (_, puzzle, root), = puzzles_and_roots(name, corpus)
    limit = int(0.1 * puzzle.height * puzzle.width)

    def learner(stop_at):
        if engine == "compiled":
            return CompiledLearner(puzzle, root, limit, stop_at)
        return nonogram_learning.Learner(puzzle, root, limit, stop_at)

    if engine == "compiled":  # compile or load every kernel, the leaves' too, before timing
        next((leaf for leaf in learner(time.perf_counter() + 120).leaves() if leaf is not None), None)
    search = learner(time.perf_counter() + seconds)
    began = time.perf_counter()
    leaves = sum(1 for _ in search.leaves())
    took = time.perf_counter() - began
    return {"decisions": search.decisions / took, "leaves": leaves, "conflicts": search.conflicts}


def random_grid(size: str, density: str, seed: str):
    """The puzzle of a random ``size`` x ``size`` grid, each cell black with probability
    ``density`` (no uniqueness repair: such puzzles have many solutions, so many leaves)."""
    from futomip.puzzles.nonogram import from_grid

    rng = random.Random(int(seed))
    n, share = int(size), float(density)
    return from_grid(tuple(tuple(int(rng.random() < share) for _ in range(n)) for _ in range(n)))


def spawn(tree: str, engine: str, name: str, args) -> dict:
    out = subprocess.run([sys.executable, str(HERE), str(args.seconds), name, "--corpus", args.corpus,
                          "--worker", f"{tree}:{engine}"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def tails(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"median {statistics.median(values):.1f}x p90 {p90:.1f}x min {values[0]:.1f}x max {values[-1]:.1f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", type=float)
    parser.add_argument("names", help="puzzle names or files, comma-separated")
    parser.add_argument("--corpus", default=str(HERE.parent.parent.parent / "shared" / "corpus"))
    parser.add_argument("--trees", default=".", help="checkouts to compare, comma-separated")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        tree, engine = args.worker.rsplit(":", 1)
        print(json.dumps(measure(tree, engine, args.names, args.seconds, args.corpus)))
        return
    trees = args.trees.split(",")
    ratios: dict[str, list[float]] = {tree: [] for tree in trees}
    for round_ in range(1, args.rounds + 1):
        for name in args.names.split(","):
            python = spawn(trees[-1], "python", name, args)
            row = f"round {round_} {name:<14} python {python['decisions']:8.0f} dec/s"
            for tree in trees:
                fast = spawn(tree, "compiled", name, args)
                ratio = fast["decisions"] / python["decisions"]
                ratios[tree].append(ratio)
                row += f" | {tree}: {fast['decisions']:8.0f} dec/s {ratio:5.1f}x ({fast['leaves']} leaves)"
            print(row, flush=True)
    for tree in trees:
        print(f"{tree}: {tails(ratios[tree])} over {len(ratios[tree])} runs")


if __name__ == "__main__":
    main()
