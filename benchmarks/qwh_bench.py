"""Latin-square completion (QWH and the like) against native CP-SAT: issue 22's QWH numbers.

    python benchmarks/qwh_bench.py FILES... --time-limit 60 --jsonl OUT.jsonl [--configs cpsat,default,highs]
    python benchmarks/qwh_bench.py --from-jsonl OUT.jsonl [MORE.jsonl]      # the tables again

Every instance is solved by every configuration before the next instance (interleaved, the
order of the configurations rotating instance by instance so no side always runs first):

- ``cpsat``: the yardstick of ``futomip bench --against cpsat`` (``futomip.bench.cpsat``: one
  integer per cell, ``AddAllDifferent``, one worker);
- ``default``: ``futomip``'s configuration with nothing pinned (``Options()``: the measured
  default for the kind among the installed pairs; ortools/cpsat with the ``[all]`` install);
- ``highs``: ``--backend highspy --solver highs`` (what a HiGHS-only install runs by default);
- ``highs-norestart``, ``highs-lprestart``, ``highs-twin``: the same with the LP-ordered
  search's restarts off, every 100 x Luby failures (``Options(restarts="lp:100")``), or two
  such searches taking turns (``"twin:100"``, the second restarting every 1000 x Luby);
- ``default-twin``, ``default-lp``: ``default`` with ``"twin:100"`` (the default for a Latin
  completion since 29 Nov, twenty-seventh session) or ``"lp:100"`` (the default before);
- ``highs-learn``, ``default-learn``: ``highs`` and ``default`` with ``"learn:100"`` (the
  LP-ordered search taking turns with the clause-learning search of ``latin_cdcl``).
- ``cpsat-lines``, ``default-search``: the two sides of the schedule's bound (issue 22, item 1):
  CP-SAT on the whole model after the "lines" reduction (``--reduce lines``), and the default
  with the split search alone (``--schedule search``).

All in this process, first solution only; "seconds" is what a user waits for after the
file is read: for futomip reduction + build + solve (``SolutionFinder``), for the yardstick
build + solve.  Every grid is checked by ``futomip.verify`` here as well.  One JSON line per
measurement goes to ``--jsonl`` as soon as it is taken.  The tables: per order, completed
counts and medians/p90 of the completed; then issue 22's targets over the instances CP-SAT
completes.  Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CONFIGS = {"cpsat": None, "default": (None, None), "highs": ("highspy", "highs"),
           "highs-norestart": ("highspy", "highs"), "highs-lprestart": ("highspy", "highs"),
           "highs-twin": ("highspy", "highs"), "default-twin": (None, None),
           "default-lp": (None, None), "highs-learn": ("highspy", "highs"), "default-learn": (None, None),
           "cpsat-lines": ("ortools", "cpsat"), "default-search": (None, None)}
"""``highs-norestart`` / ``highs-lprestart`` / ``highs-twin``: ``highs`` with the restart policy
off / "lp:100" / "twin:100" (the LP-ordered search without restarts, with them, or two such
searches taking turns), and ``default-twin`` / ``default-lp`` the default with "twin:100" /
"lp:100", for the A/B of that setting."""
REDUCE = {"cpsat-lines": "lines"}
"""``cpsat-lines``: futomip's CP-SAT on the whole model after the "lines" reduction, no split
search: the solver side of the schedule's bound (issue 22, item 1) as ``--reduce lines`` runs it."""
SCHEDULE = {"default-search": "search"}
"""``default-search``: the default with the split search alone (``--schedule search``): the
other side of that bound."""
RESTARTS = {"highs-norestart": "off", "highs-lprestart": "lp:100", "highs-twin": "twin:100",
            "default-twin": "twin:100", "default-lp": "lp:100", "highs-learn": "learn:100",
            "default-learn": "learn:100"}


def measure(puzzle, config: str, time_limit: float) -> dict:
    """Solve ``puzzle`` once with ``config``: status, seconds, and the pair and level that ran."""
    from futomip import verify
    from futomip.options import Deadline, Options
    from futomip.status import SOLVED

    if config == "cpsat":
        from futomip.bench.cpsat import solve_native

        run = solve_native(puzzle, False, time_limit)
        status, grid, seconds, ran = run.status, run.grid, run.build + run.first, "native cpsat"
    else:
        from futomip.pipeline.finder import SolutionFinder

        backend, solver = CONFIGS[config]
        start = time.perf_counter()
        options = Options(backend, solver, time_limit=time_limit, restarts=RESTARTS.get(config),
                          reduce=REDUCE.get(config), schedule=SCHEDULE.get(config))
        finder = SolutionFinder(puzzle, options, Deadline(time_limit, start))
        try:
            status, grid = finder.next_solution()
            seconds = time.perf_counter() - start
            ran = f"{finder.pair.backend}/{finder.pair.solver} --reduce {finder.level}"
        finally:
            finder.close()
    checked = None
    if status == SOLVED:
        problems = verify(puzzle, grid)
        if problems:
            raise SystemExit(f"{puzzle.name} {config}: wrong grid: {problems[:3]}")
        checked = True
    return {"status": status, "seconds": seconds, "ran": ran, "verified": checked}


def holes_of(puzzle) -> int:
    return sum(1 for row in puzzle.givens for value in row if not value)


def run(files: list[str], configs: list[str], time_limit: float, out) -> list[dict]:
    from futomip import io

    rows = []
    puzzles = [puzzle for path in files for puzzle in io.read(path)]
    for index, puzzle in enumerate(puzzles):
        turn = index % len(configs)
        for config in configs[turn:] + configs[:turn]:
            result = measure(puzzle, config, time_limit)
            row = {"instance": puzzle.name, "order": puzzle.size, "holes": holes_of(puzzle), "config": config,
                   "time_limit": time_limit, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **result}
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            print(f"{index + 1}/{len(puzzles)} {puzzle.name} {config}: {row['status']} {row['seconds']:.2f} s "
                  f"({row['ran']})", file=sys.stderr, flush=True)
    return rows


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered) + 0.5) - 1)] if ordered else float("nan")


def tables(rows: list[dict]) -> str:
    """Per order and configuration: completed / instances, median and p90 of the completed;
    then the targets: of what CP-SAT completes, how many each futomip configuration completes."""
    configs = [c for c in CONFIGS if any(r["config"] == c for r in rows)]
    by = {(r["instance"], r["config"]): r for r in rows}
    instances = sorted({(r["order"], r["instance"]) for r in rows})
    orders = sorted({order for order, _ in instances})
    lines = ["| order | instances | " + " | ".join(f"{c}: completed, median / p90 s" for c in configs) + " |",
             "|---" * (2 + len(configs)) + "|"]
    for order in orders:
        names = [name for o, name in instances if o == order]
        cells = []
        for config in configs:
            done = [by[name, config]["seconds"] for name in names
                    if (name, config) in by and by[name, config]["status"] == "solved"]
            cells.append(f"{len(done)}/{len(names)}" + (f", {statistics.median(done):.2f} / {_p90(done):.2f}"
                                                        if done else ""))
        lines.append(f"| {order} | {len(names)} | " + " | ".join(cells) + " |")
    yardstick = [name for _, name in instances if by.get((name, "cpsat"), {}).get("status") == "solved"]
    lines.append("")
    lines.append(f"CP-SAT completes {len(yardstick)} of {len(instances)} within their limit.")
    for config in configs:
        if config == "cpsat":
            continue
        done = [name for name in yardstick if by.get((name, config), {}).get("status") == "solved"]
        ratios = [by[name, config]["seconds"] / max(by[name, "cpsat"]["seconds"], 1e-3) for name in done]
        extra = [name for _, name in instances if name not in yardstick
                 and by.get((name, config), {}).get("status") == "solved"]
        share = len(done) / len(yardstick) if yardstick else float("nan")
        lines.append(f"- {config}: {len(done)} of those {len(yardstick)} ({share:.0%})"
                     + (f", x CP-SAT per instance median {statistics.median(ratios):.2f} / p90 {_p90(ratios):.2f}"
                        f" / max {max(ratios):.2f}" if ratios else "")
                     + (f"; also completes {len(extra)} CP-SAT does not ({', '.join(extra)})" if extra else "")
                     + (f"; misses {', '.join(n for n in yardstick if n not in done)}" if len(done) < len(yardstick)
                        else ""))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--configs", default="cpsat,default,highs")
    parser.add_argument("--jsonl", type=Path, help="append one JSON line per measurement here")
    parser.add_argument("--from-jsonl", nargs="+", type=Path, help="print the tables of earlier runs, solve nothing (instances are "
                        "told apart by name: give runs of one seed together, not runs whose names repeat)")
    args = parser.parse_args(argv)
    if args.from_jsonl:
        rows = [json.loads(line) for path in args.from_jsonl for line in path.read_text().splitlines() if line]
    else:
        configs = args.configs.split(",")
        unknown = [c for c in configs if c not in CONFIGS]
        if unknown:
            parser.error(f"--configs: unknown {unknown}; choose from {', '.join(CONFIGS)}")
        with (args.jsonl.open("a") if args.jsonl else open("/dev/null", "w")) as out:
            rows = run(args.files, configs, args.time_limit, out)
    print(tables(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
