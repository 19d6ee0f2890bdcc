"""Where the time of leaf-heavy enumeration goes, and the learning search's rates against Python.

    python benchmarks/nonogram_whole_leaves.py --taai '$1000,$950,$700,$550' --generate 6 --seconds 1
    python benchmarks/nonogram_whole_leaves.py --taai '$1000' --share 0.1     # the old 10% leaves

Puzzles: the named TAAI 2011 puzzles (from ``../shared/corpus`` or ``--corpus``) and
``--generate N`` random ``--size`` x ``--size`` grids of ``--density`` black cells (seeded;
at density 0.3 they have many solutions) turned into puzzles.  For each, after probing at the
root, one after the other on the same puzzle (so that load from other programs hits both):

    python    the Python ``Learner`` (what FUTOMIP_COMPILE=0 runs) for ``--seconds``, its
              leaves consumed as the pipeline's finder consumes them (below)
    compiled  ``CompiledLearner`` for ``--seconds``, the same consumer, with the seconds
              split into: the kernel search (``_slice``), building the leaf (``_leaf``), and
              the finder's check of each leaf (``solution()``, ``verify``, "seen before",
              then keeping the grid as an enumeration does)

Run it with ``PYTHONPATH`` set to another checkout (``git archive`` of an older commit) to
measure that version with the same script, puzzle by puzzle (``--taai NAME --generate 0``,
or ``--only NAME`` to measure one puzzle of the list) alternately with this one.

Leaves stop at ``--share`` of the cells open (default 0: whole grids, what the split runs);
leaves with open cells are counted but not solved.  Prints per puzzle decisions/s and
leaves/s of both and their ratios, the compiled search's microseconds per leaf in each part,
then medians and p90 of the ratios.  The kernels are loaded (or compiled) before any timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: another checkout there is measured instead

from futomip.compiled import compiled  # noqa: E402
from futomip.io import nonogram_taai  # noqa: E402
from futomip.pipeline.finder import SolutionFinder  # noqa: E402
from futomip.puzzles import verify  # noqa: E402
from futomip.puzzles.nonogram import from_grid  # noqa: E402
from futomip.reduction import nonogram_compiled, nonogram_learning, reduce  # noqa: E402
from futomip.reduction.nonogram_cdcl import CompiledLearner  # noqa: E402

try:
    from futomip.pipeline.found import FoundGrids
except ImportError:  # a checkout from before 27 Nov: the finder kept a list
    FoundGrids = list

TAAI = "nonogram-taai-tournament/question/taai2011.txt"


def puzzles(args) -> list[tuple[str, object]]:
    found = []
    path = Path(args.corpus) / TAAI
    if args.taai:
        taai = {puzzle.name: puzzle for puzzle in nonogram_taai.read(path.read_text(), str(path))}
        found.extend((name, taai[name]) for name in args.taai.split(","))
    rng = random.Random(args.seed)
    for k in range(args.generate):
        grid = tuple(tuple(int(rng.random() < args.density) for _ in range(args.size)) for _ in range(args.size))
        found.append((f"random{args.size}-{args.density}-{k}", from_grid(grid)))
    return found


class Consumer:
    """What ``SolutionFinder`` does with a leaf of an enumeration, timed: take its grid, check it
    (``step``), check it again if ``_checked`` does (``next_solution``), keep it (``exclude``)."""

    def __init__(self, puzzle) -> None:
        self.puzzle, self.seconds, self.grids = puzzle, 0.0, 0
        finder = self.finder = SolutionFinder.__new__(SolutionFinder)  # only its checks and "exclude"
        finder.puzzle, finder.found, finder.model, finder._verified = puzzle, FoundGrids(), None, None

    def take(self, leaf) -> None:
        start = time.perf_counter()
        grid = leaf.solution()
        if grid is not None and not self.finder._seen(grid) and not verify(self.puzzle, grid):
            self.finder._verified = grid
            self.finder._checked(grid)
            self.finder.exclude(grid)
            self.grids += 1
        self.seconds += time.perf_counter() - start


def timed(learner, name: str, into: dict) -> None:
    """Wrap ``learner.name`` so that its seconds add up in ``into[name]``."""
    method = getattr(learner, name)

    def wrapper(*args):
        start = time.perf_counter()
        try:
            return method(*args)
        finally:
            into[name] += time.perf_counter() - start
    setattr(learner, name, wrapper)


def run(engine: str, puzzle, root, limit: int, seconds: float) -> dict:
    """Decisions, leaves and the seconds of each part for one search of ``seconds``."""
    saved = nonogram_learning.use_kernels
    nonogram_learning.use_kernels = lambda p, since=None: False
    try:
        stop_at = time.perf_counter() + seconds
        parts = {"_slice": 0.0, "_leaf": 0.0}
        if engine == "compiled":
            learner = CompiledLearner(puzzle, root, limit, stop_at)
            timed(learner, "_slice", parts)
            timed(learner, "_leaf", parts)
        else:
            learner = nonogram_learning.Learner(puzzle, root, limit, stop_at)
        consumer = Consumer(puzzle)
        start = time.perf_counter()
        leaves = 0
        for leaf in learner.leaves():
            leaves += 1
            consumer.take(leaf)
        took = time.perf_counter() - start
        return {"took": took, "decisions": learner.decisions, "leaves": leaves, "grids": consumer.grids,
                "finder": consumer.seconds, **parts}
    finally:
        nonogram_learning.use_kernels = saved


def tail(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taai", default="$1000,$950,$700,$550", help="TAAI 2011 names, comma-separated")
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--generate", type=int, default=6, help="random puzzles to add")
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--density", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per search")
    parser.add_argument("--only", default="", help="measure only the puzzle of this name")
    parser.add_argument("--share", type=float, default=0.0, help="leaves at this share of open cells (0: grids)")
    args = parser.parse_args()
    if not compiled():
        sys.exit("kernels do not run compiled here (FUTOMIP_COMPILE=0 or no numba): nothing to compare")
    nonogram_compiled.COMPILE_CELLS = 0
    ratios: dict[str, list[float]] = {"decisions/s": [], "leaves/s": []}
    print(f"{'puzzle':<20} {'py dec/s':>9} {'dec/s':>9} {'ratio':>6} {'py lv/s':>8} {'lv/s':>8} {'ratio':>6}   "
          f"compiled us/leaf: search leaf finder  (grids)")
    for name, puzzle in puzzles(args):
        if args.only and name != args.only:
            continue
        root = reduce(puzzle, "probing")
        limit = int(args.share * puzzle.height * puzzle.width)
        if root.contradiction or root.unknown <= limit:
            print(f"{name:<20} (no search: probing leaves {root.unknown} cells open)")
            continue
        run("compiled", puzzle, root, limit, 0.2)  # loads the kernels, untimed
        python = run("python", puzzle, root, limit, args.seconds)
        fast = run("compiled", puzzle, root, limit, args.seconds)
        rates = [(python[key] / python["took"], fast[key] / fast["took"]) for key in ("decisions", "leaves")]
        for (slow, quick), measure in zip(rates, ratios):
            ratios[measure].append(quick / slow if slow else float("inf"))
        per = max(1, fast["leaves"])
        print(f"{name:<20} {rates[0][0]:>9.0f} {rates[0][1]:>9.0f} {ratios['decisions/s'][-1]:>6.1f} "
              f"{rates[1][0]:>8.0f} {rates[1][1]:>8.0f} {ratios['leaves/s'][-1]:>6.1f}   "
              f"{1e6 * fast['_slice'] / per:>6.1f} {1e6 * fast['_leaf'] / per:>5.1f} {1e6 * fast['finder'] / per:>6.1f}"
              f"  ({fast['grids']})", flush=True)
    for measure, values in ratios.items():
        finite = [value for value in values if value != float("inf")]
        if finite:
            print(f"ratio {measure}: median {statistics.median(finite):.1f}, p10 {tail(finite, 0.1):.1f}, "
                  f"p90 {tail(finite, 0.9):.1f}, min {min(finite):.1f} ({len(finite)} puzzles)")


if __name__ == "__main__":
    main()
