"""Whole-grid leaves and the line search against the SAT solver, interleaved puzzle by puzzle.

    python benchmarks/nonogram_leaf_share.py --taai 25 --configs split@0,split@0.1 --unique
    python benchmarks/nonogram_leaf_share.py --taai 0 --folder gen --configs sat@auto,sat@solver,split@0

For every ``--taai``-th TAAI 2011 puzzle (``--corpus``), every ``.non`` file of
``--folder``, every file named and ``--random`` puzzles of the tournaments' kind, each configuration in turn (the order rotating from puzzle to puzzle), in one
process with the kernels loaded first:

- ``split@SHARE``: ``futomip.solve`` with ``--pairs``' pair and ``--reduce split``, the
  learning search's leaves holding up to SHARE of the cells open
  (``nonogram_split.LEARNING_LEAF_SHARE``; 0: whole grids, taken without a model, the default
  since 27 Nov; 0.1: sub-puzzles for the solver, the behaviour before);
- ``sat@SCHEDULE``: the ``sat`` method with ``--schedule SCHEDULE`` (``auto``: the line search
  raced against the SAT solver, the default since 27 Nov; ``solver``: the SAT solver alone, the
  behaviour before; ``search``: the line search alone; ``parallel``, ``sequential``).

Every grid is verified by futomip; the script stops if two configurations disagree on
uniqueness.  Prints a line per puzzle and, per configuration, solved, total, median, p90, max.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

import futomip  # noqa: E402
from futomip import methods  # noqa: E402
from futomip.options import Deadline, Options  # noqa: E402
from futomip.pipeline.kernel_warmup import warm_up  # noqa: E402
from futomip.puzzles.nonogram import from_grid  # noqa: E402
from futomip.reduction import nonogram_split  # noqa: E402

TAAI = "nonogram-taai-tournament/question/taai2011.txt"


def random_puzzles(count: int, size: int, seed: int) -> list:
    """Puzzles of the tournaments' kind: the clues of a random grid, each cell black with
    probability 1/2 (not made unique: TAAI's random puzzles are not either)."""
    rng = random.Random(seed)
    made = []
    for index in range(count):
        grid = [[rng.randint(0, 1) for _ in range(size)] for _ in range(size)]
        made.append(from_grid(grid, f"random{size}-{seed}-{index}"))
    return made


def puzzles(args) -> list:
    chosen = []
    if args.taai:
        chosen += futomip.read(Path(args.corpus) / TAAI)[args.offset::args.taai]
    if args.folder:
        for path in sorted(Path(args.folder).glob("*.non")):
            puzzle = futomip.load(path)
            chosen.append(puzzle if puzzle.name else dataclasses.replace(puzzle, name=path.stem))
    for path in args.files:
        puzzle = futomip.load(path)
        chosen.append(puzzle if puzzle.name else dataclasses.replace(puzzle, name=Path(path).stem))
    if args.random:
        chosen += random_puzzles(args.random, args.size, args.seed)
    return chosen


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(config: str, puzzle, args):
    kind, _, setting = config.partition("@")
    if kind == "split":
        backend, solver = args.pair.split("/")
        nonogram_split.LEARNING_LEAF_SHARE = float(setting)
        return futomip.solve(puzzle, backend=backend, solver=solver, reduce="split", time_limit=args.time_limit,
                             unique=args.unique)
    if kind == "sat":
        return methods.run("sat", puzzle, Options(schedule=setting), Deadline(args.time_limit), args.unique)
    raise SystemExit(f"unknown configuration {config!r}: split@SHARE or sat@SCHEDULE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="../shared/corpus")
    parser.add_argument("--taai", type=int, default=25, help="every K-th TAAI 2011 puzzle (0: none)")
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--folder", help="more nonograms (.non), e.g. from futomip generate --kind nonogram")
    parser.add_argument("files", nargs="*", help="more nonogram files (any format futomip reads)")
    parser.add_argument("--random", type=int, default=0, help="this many random puzzles of the tournaments' kind")
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--configs", default="split@0,split@0.1")
    parser.add_argument("--pair", default="highspy/highs", help="the pair of the split@ configurations")
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--unique", action="store_true")
    args = parser.parse_args()
    warm_up(say=lambda *_: None)
    configs = args.configs.split(",")
    times: dict = {config: [] for config in configs}
    solved = {config: 0 for config in configs}
    for index, puzzle in enumerate(puzzles(args)):
        line, answers = [], set()
        for config in configs[index % len(configs):] + configs[:index % len(configs)]:
            start = time.perf_counter()
            result = run(config, puzzle, args)
            seconds = time.perf_counter() - start
            times[config].append(seconds)
            if result.status == "solved":
                solved[config] += 1
                if args.unique and result.unique is not None:
                    answers.add(result.unique)
            line.append(f"{config}: {result.status} {seconds:.3f}s")
        if len(answers) > 1:
            raise SystemExit(f"{puzzle.name}: the configurations disagree on uniqueness: {answers}")
        print(f"{puzzle.name}: " + "  ".join(line), flush=True)
    for config in configs:
        values = times[config]
        print(f"{config}: solved {solved[config]}/{len(values)}, total {sum(values):.2f} s, "
              f"median {statistics.median(values):.3f}, p90 {percentile(values, 0.9):.3f}, max {max(values):.3f}")


if __name__ == "__main__":
    main()
