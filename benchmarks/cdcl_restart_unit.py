"""The learning search compared on nonograms: restart units (``nonogram_learning.RESTART_CONFLICTS``)
and source trees.

    python benchmarks/cdcl_restart_unit.py FILE... [--units 30,100] [--trees new=.,old=/tmp/old]
                                          [--limit 30] [--jsonl OUT]

``--trees`` names source trees to compare (each a folder holding ``futomip/``, e.g. an older
commit made with ``git archive``); every unit runs in every tree, labelled ``UNIT@NAME``.
Each variant is one long-lived worker process (numba and its cached kernels loaded once, before
the measure); the puzzles go to the workers one by one, every unit on a puzzle before the next
puzzle, so the machine's load falls on all units alike.  A worker probes the puzzle
(``reduce(puzzle, "probing")``; a puzzle that probing settles is skipped) and runs the compiled
learning search (``nonogram_cdcl.CompiledLearner``) to its first leaf, which with a leaf limit of
0 is a solution, or to ``--limit`` seconds.  Printed per unit: solved, PAR2 (an unsolved puzzle
counts twice the limit), the median, and the sums per band of times (by the slower unit).
Generate puzzles nobody tuned for with ``benchmarks/random_nonograms.py``.

One run of a puzzle is one path of the search, and on hard pictures a path's time is largely
luck (the same picture took 1.5 s and 30 s in two trees that differ only in when the saved
phases are reset).  Restart units close to each other (``--units 90,100,110``) send the same
search down different paths; with ``--trees`` and several units, the trees are also compared
over all their paths: per tree the runs solved and PAR2 over every unit, and per picture the
ratio of the mean PAR2 of each tree to the first tree's (median, p10, p90, pictures better).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKER = r'''
import json, sys, time
from futomip import compiled, io
from futomip.reduction import nonogram_cdcl, nonogram_learning, reduce
from futomip.reduction.nonogram_cdcl import CompiledLearner
unit = int(sys.argv[1])
nonogram_learning.RESTART_CONFLICTS = nonogram_cdcl.RESTART_CONFLICTS = unit
compiled.compiled()
for line in sys.stdin:
    path, index, limit = json.loads(line)
    puzzle = io.read(path)[index]
    root = reduce(puzzle, "probing")
    if root.solution() is not None or root.contradiction is not None:
        print(json.dumps(None), flush=True)
        continue
    start = time.perf_counter()
    learner = CompiledLearner(puzzle, root, 0, start + limit, None)
    leaf = next((leaf for leaf in learner.leaves() if leaf is not None), None)
    print(json.dumps({"solved": leaf is not None, "seconds": time.perf_counter() - start,
                      "conflicts": learner.conflicts}), flush=True)
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--units", default="30,100", help="restart units to compare (comma-separated)")
    parser.add_argument("--trees", default="", help="NAME=FOLDER,... source trees to compare (default: this one)")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds per puzzle and unit")
    parser.add_argument("--jsonl", help="write one line per puzzle and unit here")
    args = parser.parse_args()
    trees = dict(pair.split("=", 1) for pair in args.trees.split(",")) if args.trees else {"": str(ROOT)}
    variants = {f"{unit}@{name}" if name else unit: (unit, Path(folder).resolve())
                for unit in (int(unit) for unit in args.units.split(",")) for name, folder in trees.items()}
    units = list(variants)
    sys.path.insert(0, str(ROOT))
    from futomip import io

    # ``python -c`` imports futomip from its working folder: the tree's.
    workers = {label: subprocess.Popen([sys.executable, "-c", WORKER, str(unit)], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True, cwd=folder)
               for label, (unit, folder) in variants.items()}
    out = open(args.jsonl, "w") if args.jsonl else None
    results: dict = {unit: [] for unit in units}
    try:
        for path in args.files:
            for index in range(len(io.read(path))):
                row = {}
                for unit, worker in workers.items():
                    worker.stdin.write(json.dumps([str(Path(path).resolve()), index, args.limit]) + "\n")
                    worker.stdin.flush()
                    row[unit] = json.loads(worker.stdout.readline())
                if row[units[0]] is None:
                    continue  # settled by probing
                for unit in units:
                    record = {"file": path, "index": index, "unit": unit, **row[unit]}
                    results[unit].append(record)
                    if out:
                        out.write(json.dumps(record) + "\n")
                        out.flush()
    finally:
        for worker in workers.values():
            worker.stdin.close()
            worker.wait()
        if out:
            out.close()

    def charged(record: dict) -> float:
        return record["seconds"] if record["solved"] else 2 * args.limit

    print(f"{len(results[units[0]])} puzzles that probing leaves open, {args.limit:g} s each")
    for unit in units:
        times = [charged(record) for record in results[unit]]
        print(f"unit {unit}: solved {sum(record['solved'] for record in results[unit])}, "
              f"PAR2 {sum(times):.1f} s, median {statistics.median(times) if times else 0:.3f} s")
    slowest = [max(charged(results[unit][k]) for unit in units) for k in range(len(results[units[0]]))]
    for low, high in ((0, 0.1), (0.1, 1), (1, 10), (10, float("inf"))):
        band = [k for k, time in enumerate(slowest) if low <= time < high]
        if band:
            sums = ", ".join(f"unit {unit} {sum(charged(results[unit][k]) for k in band):.1f} s" for unit in units)
            print(f"  slower unit's time in [{low:g}, {high:g}) s: {len(band)} puzzles; {sums}")
    if len(trees) > 1 and len(units) > len(trees):
        _compare_trees(results, variants, trees, charged)
    return 0


def _compare_trees(results: dict, variants: dict, trees: dict, charged) -> None:
    """Each tree over all its units (paths): runs solved, PAR2, and per picture the ratio of its
    mean PAR2 to the first tree's."""
    names = list(trees)
    labels = {name: [label for label in variants if label.endswith(f"@{name}")] for name in names}
    pictures = len(results[labels[names[0]][0]])
    mean = {name: [statistics.mean(charged(results[label][k]) for label in labels[name]) for k in range(pictures)]
            for name in names}
    print(f"over {len(labels[names[0]])} paths (units) per picture:")
    for name in names:
        runs = [results[label][k] for label in labels[name] for k in range(pictures)]
        line = (f"  tree {name}: {sum(record['solved'] for record in runs)} of {len(runs)} runs solved, "
                f"PAR2 {sum(charged(record) for record in runs):.1f} s")
        if name != names[0]:
            ratios = sorted(mine / theirs for mine, theirs in zip(mean[name], mean[names[0]]))
            line += (f"; mean PAR2 / {names[0]}'s per picture: median {statistics.median(ratios):.2f}, "
                     f"p10 {ratios[len(ratios) // 10]:.2f}, p90 {ratios[len(ratios) * 9 // 10]:.2f}, "
                     f"better on {sum(ratio < 1 for ratio in ratios)} of {len(ratios)}")
        print(line)


if __name__ == "__main__":
    sys.exit(main())
