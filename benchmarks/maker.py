"""Seconds per made puzzle for each maker (``futomip.make.makers.make``), kinds interleaved
puzzle by puzzle so that the machine's load falls on all alike.

    python benchmarks/maker.py --count 100 --out maker.jsonl [--kinds sudoku:9,str8ts:9,latin:20]

Prints one JSON line per puzzle (kind, size, seed, seconds, grade, settled_by, about) and at
the end the median and p90 per kind with the count of each rung of the rule ladder.  Each puzzle is proved unique by the maker itself.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from futomip.make.makers import make
from futomip.puzzles import verify


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--kinds", default="sudoku:9,str8ts:9,latin:20")
    parser.add_argument("--out")
    args = parser.parse_args()
    kinds = [(kind, int(size)) for kind, size in (item.split(":") for item in args.kinds.split(","))]
    seconds: dict[str, list[float]] = {kind: [] for kind, _ in kinds}
    grades: dict[str, dict] = {kind: {} for kind, _ in kinds}
    out = open(args.out, "w") if args.out else None
    for seed in range(args.seed, args.seed + args.count):
        for kind, size in kinds:
            start = time.perf_counter()
            made = make(kind, size, seed)
            took = time.perf_counter() - start
            assert verify(made.puzzle, made.solution) == []
            seconds[kind].append(took)
            grades[kind][made.rung] = grades[kind].get(made.rung, 0) + 1
            line = json.dumps({"kind": kind, "size": size, "seed": seed, "seconds": round(took, 3),
                               "grade": made.grade, "settled_by": made.rung, "about": made.about})
            print(line, flush=True)
            if out:
                out.write(line + "\n")
                out.flush()
    for kind, times in seconds.items():
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"{kind}: {len(times)} puzzles, median {statistics.median(times):.2f} s, p90 {p90:.2f} s, "
              f"max {times[-1]:.2f} s, grades {grades[kind]}")


if __name__ == "__main__":
    main()
