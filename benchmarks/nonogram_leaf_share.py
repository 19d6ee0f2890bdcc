"""How large the learning search's leaves should be: whole grids against sub-puzzles for the MILP.

    python benchmarks/nonogram_leaf_share.py --taai 25 --shares 0,0.1 --pairs highspy/highs --unique

For every ``--taai``-th TAAI 2011 puzzle (``--corpus``) and every ``.non`` file of
``--folder``: ``futomip.solve`` with the split (``--reduce split``), once per leaf share
of ``nonogram_split.LEARNING_LEAF_SHARE`` (0: every leaf is a whole grid, which the pipeline
takes without a model; 0.1: leaves with up to a tenth of the cells open go to the solver, the
behaviour before 27 Nov), interleaved puzzle by puzzle with the order rotating, in one
process with the kernels loaded first.  Every grid is verified by ``futomip.solve``; the
script also checks that every configuration finds a grid on every puzzle it solves and agrees
on uniqueness.  Prints a line per puzzle and, per share, solved, total, median, p90, max.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

import futomip  # noqa: E402
from futomip.pipeline.kernel_warmup import warm_up  # noqa: E402
from futomip.reduction import nonogram_split  # noqa: E402

TAAI = "nonogram-taai-tournament/question/taai2011.txt"


def puzzles(args) -> list:
    chosen = []
    if args.taai:
        chosen += futomip.read(Path(args.corpus) / TAAI)[args.offset::args.taai]
    if args.folder:
        for path in sorted(Path(args.folder).glob("*.non")):
            puzzle = futomip.load(path)
            puzzle.name = puzzle.name or path.stem
            chosen.append(puzzle)
    return chosen


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="../shared/corpus")
    parser.add_argument("--taai", type=int, default=25, help="every K-th TAAI 2011 puzzle (0: none)")
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--folder", help="more nonograms (.non), e.g. from futomip generate --kind nonogram")
    parser.add_argument("--shares", default="0,0.1")
    parser.add_argument("--pairs", default="highspy/highs")
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--unique", action="store_true")
    args = parser.parse_args()
    warm_up(say=lambda *_: None)
    configs = [(pair, float(share)) for pair in args.pairs.split(",") for share in args.shares.split(",")]
    times: dict = {config: [] for config in configs}
    solved = {config: 0 for config in configs}
    for index, puzzle in enumerate(puzzles(args)):
        line, answers = [], set()
        for config in configs[index % len(configs):] + configs[:index % len(configs)]:
            pair, share = config
            backend, solver = pair.split("/")
            nonogram_split.LEARNING_LEAF_SHARE = share
            start = time.perf_counter()
            result = futomip.solve(puzzle, backend=backend, solver=solver, reduce="split",
                                   time_limit=args.time_limit, unique=args.unique)
            seconds = time.perf_counter() - start
            times[config].append(seconds)
            if result.status == "solved":
                solved[config] += 1
                answers.add(result.unique)
            line.append(f"{pair}@{share}: {result.status} {seconds:.3f}s")
        if len(answers) > 1:
            raise SystemExit(f"{puzzle.name}: the configurations disagree on uniqueness: {answers}")
        print(f"{puzzle.name}: " + "  ".join(line), flush=True)
    for config in configs:
        values = times[config]
        print(f"{config[0]} leaf share {config[1]}: solved {solved[config]}/{len(values)}, total {sum(values):.2f} s, "
              f"median {statistics.median(values):.3f}, p90 {percentile(values, 0.9):.3f}, max {max(values):.3f}")


if __name__ == "__main__":
    main()
