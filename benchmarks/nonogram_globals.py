"""Nonogram lines on CP-SAT: AddAutomaton (``--globals native``) against the 0/1 rows, side by side.

    python benchmarks/nonogram_globals.py FILE... [--configs native,linear] [--time-limit 60]
        [--reduce probing] [--random 10 --size 25 --seed 2026] [--unique] [--jsonl runs.jsonl]

A configuration is a globals form with optional CP-SAT parameters after colons, e.g.
``native:num_workers=2`` or ``linear:search_branching=FIXED_SEARCH:linearization_level=0``
(``--threads``/``--seed`` of futomip are ``num_workers``/``random_seed`` here; a
``seed=K`` item sets futomip's seed).  Every puzzle of every file (plus ``--random`` random
pictures of ``--size`` x ``--size`` with half the cells black, the tournaments' kind, made here
from ``--seed``) runs every configuration in one process, interleaved: the order of the
configurations rotates puzzle by puzzle, so load from other programs hits each alike.  Each
run is ``futomip.pipeline.run`` with ortools/cpsat at ``--reduce`` under ``--time-limit``;
its time is the result's total less the one-off import; every grid is verified by the
pipeline.  Per configuration it prints solved, PAR2 total, median, p90 and max seconds, and
per puzzle the ratio of each configuration to the first (median, p90, max).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from futomip import io  # noqa: E402
from futomip.options import Deadline, Options  # noqa: E402
from futomip.pipeline import Task, run  # noqa: E402
from futomip.puzzles.nonogram import from_grid  # noqa: E402


def options_for(config: str, reduce_level: str, limit: float) -> Options:
    form, *items = config.split(":")
    pairs = [tuple(item.split("=", 1)) for item in items]
    seed = next((int(value) for name, value in pairs if name == "seed"), None)
    threads = next((int(value) for name, value in pairs if name == "num_workers"), None)
    solver_options = tuple((name, value) for name, value in pairs if name not in ("seed", "num_workers"))
    return Options("ortools", "cpsat", reduce=reduce_level, time_limit=limit, threads=threads, seed=seed,
                   solver_options=solver_options, globals=form)


def random_pictures(count: int, size: int, seed: int) -> list:
    rng = random.Random(seed)
    puzzles = []
    for k in range(count):
        grid = tuple(tuple(int(rng.random() < 0.5) for _ in range(size)) for _ in range(size))
        puzzles.append(replace(from_grid(grid), name=f"random{size}-{seed}-{k}"))
    return puzzles


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--configs", default="native,linear")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--reduce", default="probing")
    parser.add_argument("--random", type=int, default=0)
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--unique", action="store_true", help="prove unique or find a second solution")
    parser.add_argument("--jsonl", help="append every run to this file")
    args = parser.parse_args(argv)
    puzzles = []
    for path in args.files:
        found = io.read(path)
        stem = Path(path).stem
        puzzles += [p if p.name else replace(p, name=stem if len(found) == 1 else f"{stem}#{k}")
                    for k, p in enumerate(found)]
    puzzles += random_pictures(args.random, args.size, args.seed)
    configs = args.configs.split(",")
    limit = args.time_limit
    sink = open(args.jsonl, "a") if args.jsonl else None
    times: dict[str, dict[str, float]] = {config: {} for config in configs}
    solved: dict[str, int] = dict.fromkeys(configs, 0)
    task = Task("unique" if args.unique else "solve")
    for number, puzzle in enumerate(puzzles):
        shift = number % len(configs)
        for config in configs[shift:] + configs[:shift]:
            result = run(puzzle, task, options_for(config, args.reduce, limit), Deadline(limit))
            seconds = result.seconds.get("total", 0.0) - result.seconds.get("import", 0.0)
            done = result.status in ("solved", "infeasible") and (not args.unique or result.unique is not None)
            solved[config] += done
            times[config][puzzle.name] = seconds if done else 2 * limit
            record = {"puzzle": puzzle.name, "config": config, "status": result.status, "unique": result.unique,
                      "seconds": round(seconds, 4), "globals": result.globals}
            print(json.dumps(record), flush=True)
            if sink:
                sink.write(json.dumps(record) + "\n")
                sink.flush()
    print(f"\n{len(puzzles)} puzzles, --reduce {args.reduce}, time limit {limit:g} s (PAR2: unsolved counts {2 * limit:g} s)")
    print("| config | solved | PAR2 total s | median s | p90 s | max s |")
    print("|---|---|---|---|---|---|")
    for config in configs:
        values = list(times[config].values())
        print(f"| {config} | {solved[config]}/{len(puzzles)} | {sum(values):.1f} | {statistics.median(values):.3f} | "
              f"{percentile(values, 0.9):.3f} | {max(values):.3f} |")
    base = configs[0]
    for config in configs[1:]:
        ratios = [times[config][name] / max(times[base][name], 1e-3) for name in times[base]]
        print(f"{config} / {base} per puzzle: median {statistics.median(ratios):.2f}, "
              f"p90 {percentile(ratios, 0.9):.2f}, max {max(ratios):.2f}, min {min(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
