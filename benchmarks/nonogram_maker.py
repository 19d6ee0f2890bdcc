"""Nonograms made per minute at each human grade: random draws against the climb.

    python benchmarks/nonogram_maker.py --size 15 --seeds 10 --cap 60 [--levels probing,search]
        [--strategies climb,draw] [--out runs.jsonl]

For each seed and each grade asked, runs ``generate_nonogram`` with ``strategy="draw"`` (the
old maker: random pictures until one fits) and ``strategy="climb"`` (``nonogram_climb``) one
after the other, with ``--cap`` seconds each (a run that hits the cap makes nothing), so
that the machine's load falls on both alike.  Every made puzzle is checked: its picture
solves it (the verifier) and its grade is the one asked for.  Prints one JSON line per run
and a table: puzzles made, the seconds spent in all, puzzles per minute, and the median
seconds of the runs that made one.  The JSON lines also hold each run's CPU seconds (this
process's and its waited-for children's), which a loaded machine does not inflate.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from futomip.make.generate import GenerationStopped
from futomip.make.generate_nonogram import STRATEGIES, generate_nonogram
from futomip.make.grade import human_grade
from futomip.options import Deadline
from futomip.puzzles.nonogram import verify


def _cpu() -> float:
    """User + system seconds of this process and its waited-for children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--levels", default="lines,probing,search")
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--out")
    args = parser.parse_args()
    levels, strategies = args.levels.split(","), args.strategies.split(",")
    runs: dict[tuple[str, str], list[tuple[bool, float]]] = {(lv, s): [] for lv in levels for s in strategies}
    out = open(args.out, "w") if args.out else None
    for seed in range(args.seed, args.seed + args.seeds):
        for level in levels:
            for strategy in strategies:
                start, cpu = time.perf_counter(), _cpu()
                try:
                    puzzle, grid, made = generate_nonogram(args.size, args.size, seed=seed, difficulty=level,
                                                           deadline=Deadline(args.cap), strategy=strategy)
                except GenerationStopped:
                    made = None
                took, cpu = time.perf_counter() - start, _cpu() - cpu
                if made is not None:
                    assert verify(puzzle, grid) == [] and made == level == human_grade(puzzle)[0]
                runs[level, strategy].append((made is not None, took))
                line = json.dumps({"size": args.size, "seed": seed, "level": level, "strategy": strategy,
                                   "made": made is not None, "seconds": round(took, 2), "cpu": round(cpu, 2)})
                print(line, flush=True)
                if out:
                    out.write(line + "\n")
                    out.flush()
    print(f"\n| grade | strategy | made / runs | seconds in all | per minute | median s of those made |")
    print("|---|---|---|---|---|---|")
    for (level, strategy), rows in runs.items():
        made = [took for ok, took in rows if ok]
        spent = sum(took for _, took in rows)
        print(f"| {level} | {strategy} | {len(made)}/{len(rows)} | {spent:.0f} | {60 * len(made) / spent:.2f} | "
              f"{statistics.median(made):.2f} |" if made else
              f"| {level} | {strategy} | 0/{len(rows)} | {spent:.0f} | 0 | - |")


if __name__ == "__main__":
    main()
