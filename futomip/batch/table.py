"""Tables from a batch's results: the seed reader's percentile table, per method or pair.

For each label (method, or ``milp:backend/solver``), over every line it has:

- ``runs``, ``solved`` (solved or proved infeasible: the puzzle decided);
- ``under_0.1s``: the share of runs decided in under 0.1 s;
- ``p50``, ``p90``, ``p99``: percentiles (nearest rank) of the seconds per run, where a run
  that did not solve counts as infinitely slow, so a percentile beyond the solved share
  reads "> limit" (the reader's 2000 hard 8x8: p50 0.5 s, p90 7 s, p99 80 s);
- ``over_limit``: the share of runs that did not decide (time limit, heuristic failure,
  error);
- ``mean``: the mean seconds over the solved runs.

Seconds are each run's total without the one-off imports (``seconds_of``).

``markdown_table`` is the one Markdown writer that ``report`` and ``bench`` print with.
Must not import the CLI.
"""

from __future__ import annotations

import csv
import math

from ..status import INFEASIBLE, SOLVED

__all__ = ["seconds_of", "percentile", "summary", "markdown_table", "format_summary", "write_csv", "COLUMNS"]

COLUMNS = ("label", "runs", "solved", "under_0.1s", "p50", "p90", "p99", "over_limit", "mean")


DECIDED = (SOLVED, INFEASIBLE)
"""Statuses that answer the question: a grid, or a proof that there is none (only exact
methods prove infeasibility; a local search that fails says ``heuristic_failure``)."""


def seconds_of(record: dict) -> float:
    """A run's time: its total seconds when it decided the puzzle (solved it, or proved it has
    no solution), infinity otherwise.  The one-off ``import`` seconds (loading a backend and
    probing its solver, once per worker process) are left out: a batch worker pays them on its
    first puzzle only."""
    if record.get("status") not in DECIDED:
        return math.inf
    seconds = record.get("seconds", {})
    return max(0.0, float(seconds.get("total", math.inf)) - float(seconds.get("import", 0.0)))


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(records: list[dict]) -> list[dict]:
    """One row per label, in the order labels first appear."""
    groups: dict[str, list[float]] = {}
    for record in records:
        groups.setdefault(record["label"], []).append(seconds_of(record))
    rows = []
    for label, times in groups.items():
        solved = [t for t in times if math.isfinite(t)]
        rows.append({
            "label": label, "runs": len(times), "solved": len(solved),
            "under_0.1s": sum(t < 0.1 for t in solved) / len(times),
            "p50": percentile(times, 0.5), "p90": percentile(times, 0.9), "p99": percentile(times, 0.99),
            "over_limit": 1 - len(solved) / len(times),
            "mean": sum(solved) / len(solved) if solved else math.inf,
        })
    return rows


def markdown_table(head: list[str], rows: list[list[str]]) -> str:
    """A Markdown table from a header and rows of cell texts."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _time(value: float) -> str:
    if not math.isfinite(value):
        return "> limit"
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def format_summary(rows: list[dict]) -> str:
    """The percentile table in Markdown (seconds; shares in percent)."""
    head = ["method", "runs", "solved", "< 0.1 s", "p50 s", "p90 s", "p99 s", "over limit", "mean s (solved)"]
    body = [[row["label"], row["runs"], row["solved"], f"{row['under_0.1s']:.1%}", _time(row["p50"]),
             _time(row["p90"]), _time(row["p99"]), f"{row['over_limit']:.2%}", _time(row["mean"])] for row in rows]
    return markdown_table(head, body)


def write_csv(rows: list[dict], path: str) -> None:
    """The summary as CSV (seconds as numbers, ``inf`` beyond the limit)."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow({key: row[key] for key in COLUMNS})
