"""A/B of the Latin search's value-order portfolio (``latin_portfolio``) against the default.

    python benchmarks/latin_portfolio_ab.py FILES... --time-limit 60 --jsonl OUT.jsonl \
        [--failures 100] [--unique] [-- EXTRA futomip solve ARGS]
    python benchmarks/latin_portfolio_ab.py --from-jsonl OUT.jsonl      # the table again

Each file is solved by ``futomip solve FILE --json --time-limit T --backend highspy --solver
highs`` in a fresh process per configuration: ``default`` as it is, ``portfolio`` with
``--restarts portfolio:FAILURES`` (``--failures``).  Instance by
instance, the configurations alternate which runs first.  Seconds are wall time of the
process (Python's and numba's start included).  Every solved grid is checked here again by
``futomip.verify``; a wrong grid stops the run.  Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CONFIGS = ("default", "portfolio")


def measure(path: str, config: str, time_limit: float, failures: int, extra: list[str]) -> dict:
    from futomip import io, verify

    policy = ["--restarts", f"portfolio:{failures}"] if config == "portfolio" else []
    command = [sys.executable, "-m", "futomip", "solve", path, "--json", "--time-limit", str(time_limit),
               "--backend", "highspy", "--solver", "highs", *policy, *extra]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=time_limit * 3 + 60)
    seconds = time.perf_counter() - start
    try:
        answer = json.loads(done.stdout.splitlines()[0])
    except (IndexError, json.JSONDecodeError):
        raise SystemExit(f"{path} {config}: no JSON answer (exit {done.returncode}): {done.stderr[-500:]}")
    status, verified = answer["status"], None
    if status == "solved":
        puzzle = io.read(path)[0]
        problems = verify(puzzle, tuple(map(tuple, answer["solution"])))
        if problems:
            raise SystemExit(f"{path} {config}: wrong grid: {problems[:3]}")
        verified = True
    search = (answer.get("reduction") or {}).get("search") or {}
    return {"status": status, "seconds": seconds, "verified": verified, "unique": answer.get("unique"),
            "restarts": search.get("restarts"), "nodes": search.get("nodes")}


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered) + 0.5) - 1)] if ordered else float("nan")


def table(rows: list[dict]) -> str:
    """Per configuration: decided (solved / infeasible), total seconds (a time-out counts its
    limit), median and p90 over all instances, and the per-instance ratio portfolio/default."""
    decided_status = ("solved", "infeasible")
    lines = ["| configuration | instances | decided (solved / infeasible) | total s | median s | p90 s |",
             "|---|---|---|---|---|---|"]
    by = {(r["instance"], r["config"]): r for r in rows}
    for config in CONFIGS:
        mine = [r for r in rows if r["config"] == config]
        if not mine:
            continue
        times = [r["seconds"] if r["status"] in decided_status else r["time_limit"] for r in mine]
        solved = sum(r["status"] == "solved" for r in mine)
        infeasible = sum(r["status"] == "infeasible" for r in mine)
        lines.append(f"| {config} | {len(mine)} | {solved + infeasible} ({solved} / {infeasible}) | "
                     f"{sum(times):.1f} | {statistics.median(times):.2f} | {_p90(times):.2f} |")
    ratios = sorted(by[i, "portfolio"]["seconds"] / by[i, "default"]["seconds"]
                    for i, c in by if c == "default" and (i, "portfolio") in by)
    if ratios:
        lines.append(f"\nportfolio/default per instance: median {statistics.median(ratios):.2f}x, "
                     f"p10 {ratios[max(0, int(0.1 * len(ratios)) - 1)]:.2f}x, p90 {_p90(ratios):.2f}x "
                     f"({len(ratios)} instances)")
    return "\n".join(lines)


def _keep(row: dict, rows: list[dict], out, progress: str) -> None:
    """The row into ``rows``, the JSON lines file (at once: a killed run keeps what it
    measured) and a progress line on stderr."""
    rows.append(row)
    if out is not None:
        print(json.dumps(row), file=out, flush=True)
    print(f"{progress} {row['instance']} {row['config']}: {row['status']} {row['seconds']:.2f} s "
          f"restarts {row['restarts']}", file=sys.stderr, flush=True)


def main() -> int:
    argv = sys.argv[1:]
    extra: list[str] = []
    if "--" in argv:
        argv, extra = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--failures", type=int, default=100)
    parser.add_argument("--jsonl")
    parser.add_argument("--from-jsonl", nargs="+")
    args = parser.parse_args(argv)
    if args.from_jsonl:
        rows = [json.loads(line) for path in args.from_jsonl for line in Path(path).read_text().splitlines() if line]
        print(table(rows))
        return 0
    rows = []
    out = open(args.jsonl, "a") if args.jsonl else None
    for index, path in enumerate(args.files):
        configs = CONFIGS[index % 2:] + CONFIGS[:index % 2]
        for config in configs:
            result = measure(path, config, args.time_limit, args.failures, extra)
            row = {"instance": Path(path).stem, "file": path, "config": config, "time_limit": args.time_limit,
                   "failures": args.failures if config == "portfolio" else None, "extra": extra,
                   "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **result}
            _keep(row, rows, out, f"{index + 1}/{len(args.files)}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
