"""Nonogram sets solved as a user runs them: one ``futomip FILE --json`` process per puzzle.

    python benchmarks/nonogram_cli.py --sets taai --every 10
    python benchmarks/nonogram_cli.py --sets taai --every 10 --checkouts .,/tmp/base --labels new,old
    python benchmarks/nonogram_cli.py --sets minizinc --time-limit 60 --csv minizinc.csv

Each puzzle is written to a file of its own (``.nin``) and solved by a fresh process
(``python -m futomip FILE --json --time-limit T``, default pair, default reduction), so every
run pays what a user pays: start-up, imports, reading, reduction, model, solve.  With
several ``--checkouts`` (``cpsat`` for the OR-Tools comparison model of ``nonogram_cpsat.py``, or source trees of futomip, e.g. an older commit unpacked with
``git archive``) every puzzle is run by each of them in turn, in alternating order, so
that load from other programs hits them alike.  The process runs the checkout's own code
(an editable install of another tree is kept out of its import path).

Per puzzle it records the status, the time the CLI reports (``seconds.total``: everything
but Python's start-up and ``import futomip``) and the wall-clock time of the process; the
grid is checked again here with ``verify`` and compared with the published one.  The
table gives, per checkout: puzzles, solved, time limits, errors, = published, the sum,
median, p90, p99 and maximum of the CLI times, and the sum of the process times; with
several checkouts also the median and the total ratio of each to the first.  ``--csv``
keeps one row per run.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nonogram_corpus import DEFAULT_CORPUS, ROOT, SETS, Skip  # noqa: E402

import futomip  # noqa: E402
from futomip.puzzles import verify  # noqa: E402

CPSAT = "cpsat"
"""A checkout name that runs the comparison model (``nonogram_cpsat.py``) instead of futomip."""

# Starts the CLI of the checkout given first on the command line, with no editable install
# of another tree in the way (its finder would hand out that tree's ``futomip.models``).
_LAUNCH = ("import sys\n"
           "sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in getattr(f, '__module__', '')]\n"
           "sys.path.insert(0, sys.argv.pop(1))\n"
           "from futomip.cli import main\n"
           "sys.argv[0] = 'futomip'\n"
           "sys.exit(main())\n")


def run_cli(checkout: str, path: Path, time_limit: float, extra: list[str]) -> tuple[dict | None, float, str]:
    """One process on one puzzle: (its JSON object or None, wall seconds, stderr tail)."""
    if checkout == CPSAT:
        command = [sys.executable, str(Path(__file__).resolve().parent / "nonogram_cpsat.py"), str(path),
                   "--time-limit", str(time_limit)]
    else:
        command = [sys.executable, "-c", _LAUNCH, str(Path(checkout).resolve()), str(path), "--json",
                   "--time-limit", str(time_limit), *extra]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=tempfile.gettempdir(),
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""})
    wall = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    return (json.loads(lines[-1]) if lines else None), wall, done.stderr.strip()[-300:]


def percentile(values: list[float], share: float) -> float:
    """The smallest value with at least ``share`` of the values at or below it."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-share * len(ordered) // 1)) - 1))]


class Tally:
    """What one checkout did on one set."""

    def __init__(self) -> None:
        self.runs = self.solved = self.time_limit = self.errors = self.equal = 0
        self.cli: list[float] = []
        self.wall: list[float] = []

    def add(self, item, data: dict | None, wall: float) -> str:
        self.runs += 1
        self.wall.append(wall)
        if data is None:
            self.errors += 1
            return "error: no JSON"
        self.cli.append(data["seconds"]["total"])
        status = data["status"]
        if status == "solved":
            grid = tuple(map(tuple, data["solution"]))
            if verify(item.puzzle, grid):
                self.errors += 1
                return "error: the grid breaks a rule"
            self.solved += 1
            self.equal += grid in item.published
            return "solved" + (", = published" if grid in item.published else "")
        if status == "time_limit":
            self.time_limit += 1
        else:
            self.errors += 1
        return status

    def row(self, label: str) -> str:
        cli = self.cli or [float("nan")]
        return (f"| {label} | {self.runs} | {self.solved} | {self.time_limit} | {self.errors} | {self.equal} | "
                f"{sum(cli):.1f} | {statistics.median(cli):.3f} | {percentile(cli, 0.9):.3f} | "
                f"{percentile(cli, 0.99):.3f} | {max(cli):.3f} | {sum(self.wall):.1f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="taai", help=f"comma-separated, from {', '.join(SETS)}")
    parser.add_argument("--checkouts", default=str(ROOT), help="comma-separated futomip source trees (default: this "
                        f"one); {CPSAT!r} runs the OR-Tools CP-SAT model of nonogram_cpsat.py instead")
    parser.add_argument("--labels", default="", help="comma-separated names of the checkouts (default: their paths)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--first", type=int, default=1, help="start at the K-th puzzle of each set (1-based)")
    parser.add_argument("--every", type=int, default=1, help="take every K-th puzzle, counting from --first")
    parser.add_argument("--limit", type=int, default=None, help="at most this many puzzles per set")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--csv", type=Path, default=None, help="write one row per run here")
    parser.add_argument("--verbose", action="store_true", help="one line per run on stderr")
    parser.add_argument("extra", nargs="*", help="more CLI options after --, e.g. -- --unique")
    args = parser.parse_args(argv)

    checkouts = [path for path in args.checkouts.split(",") if path]
    labels = [label for label in args.labels.split(",") if label] or [str(path) for path in checkouts]
    rows = []
    print("| set: checkout | puzzles | solved | time limit | errors | = published | CLI s total | median | p90 "
          "| p99 | max | process s total |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for set_name in args.sets.split(","):
            try:
                items = SETS[set_name](args.corpus)[args.first - 1:][args.every - 1::args.every][: args.limit]
            except Skip as reason:
                print(f"skipped set {set_name}: {reason}", file=sys.stderr)
                continue
            tallies = [Tally() for _ in checkouts]
            times: list[list[float]] = [[] for _ in checkouts]
            for k, item in enumerate(items):
                path = Path(folder) / f"{set_name}-{k}.nin"
                futomip.write(item.puzzle, path, format="nin")
                order = list(range(len(checkouts)))
                if k % 2:
                    order.reverse()
                for index in order:
                    data, wall, stderr = run_cli(checkouts[index], path, args.time_limit, args.extra)
                    outcome = tallies[index].add(item, data, wall)
                    total = data["seconds"]["total"] if data else float("nan")
                    times[index].append(total)
                    search = ((data or {}).get("reduction") or {}).get("search")
                    rows.append([set_name, item.name, labels[index], outcome, f"{total:.3f}", f"{wall:.3f}",
                                 json.dumps(search) if search else ""])
                    if args.verbose:
                        print(f"{set_name} {item.name} {labels[index]}: {outcome} ({total:.3f} s CLI, {wall:.3f} s "
                              f"process){'' if data else ' ' + stderr}", file=sys.stderr, flush=True)
            for label, tally in zip(labels, tallies):
                print(tally.row(f"{set_name}: {label}"), flush=True)
            for index in range(1, len(checkouts)):
                ratios = [b / a for a, b in zip(times[0], times[index]) if a > 0]
                if ratios:
                    print(f"\n{set_name}: {labels[index]} / {labels[0]}: median ratio of CLI times "
                          f"{statistics.median(ratios):.2f}, ratio of totals {sum(times[index]) / sum(times[0]):.2f}",
                          flush=True)
        print()
    if args.csv:
        with args.csv.open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([["set", "puzzle", "checkout", "outcome", "cli_seconds", "process_seconds",
                                           "search"], *rows])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
