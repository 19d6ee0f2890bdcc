"""``futomip bench --against cpsat``: every combination set beside the native CP-SAT model.

For each combination and each task ("first": reduction + build + solve until the first
grid; "unique": until the uniqueness proof ends) the measurements are paired with the
native CP-SAT model's on the same puzzle in the same repeat.  A row gives, over those
pairs, the median, p90 and p99 of both sides, the ratios median/median and p99/p99, and
the median, p90 and p99 of the per-puzzle ratios (futomip seconds / CP-SAT seconds; above
1 means CP-SAT was faster).  Time-limited runs count with the time they took.

Must not import the CLI.
"""

from __future__ import annotations

import statistics

from . import NATIVE, labelled_encoding, percentile
from ..status import SOLVED

__all__ = ["compare", "format_comparison"]

TASKS = (("first", "first"), ("unique", "unique_total"))


def _spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), percentile(values, 0.9), percentile(values, 0.99)


def compare(measurements) -> list[dict]:
    """One row per (combination, task) that has native measurements to pair with."""
    native = {}
    groups: dict[tuple, list] = {}
    repeat_of: dict[tuple, int] = {}
    for m in measurements:
        label = (m.backend, m.solver, m.encoding, m.reduction)
        # The k-th measurement of a puzzle by one label is that label's repeat k.
        key = label + (m.globals, m.index)
        repeat = repeat_of[key] = repeat_of.get(key, -1) + 1
        if label == NATIVE:
            native[(m.index, repeat)] = m
        else:
            groups.setdefault(label + (m.globals,), []).append((m, repeat))
    rows = []
    for label, group in groups.items():
        for task, attribute in TASKS:
            pairs = [(getattr(m, attribute), getattr(native[(m.index, r)], attribute), m, native[(m.index, r)])
                     for m, r in group if (m.index, r) in native]
            pairs = [(ours, theirs, m, n) for ours, theirs, m, n in pairs if ours is not None and theirs is not None]
            if not pairs:
                continue
            ours = [p[0] for p in pairs]
            theirs = [p[1] for p in pairs]
            ratios = [a / max(b, 1e-9) for a, b, _, _ in pairs]
            (om, o90, o99), (tm, t90, t99), (rm, r90, r99) = _spread(ours), _spread(theirs), _spread(ratios)
            rows.append({
                "backend": label[0], "solver": label[1], "encoding": label[2], "reduction": label[3], "task": task,
                "globals": label[4],
                "puzzles": len(pairs), "solved": sum(m.status == SOLVED for _, _, m, _ in pairs),
                "cpsat_solved": sum(n.status == SOLVED for _, _, _, n in pairs),
                "median": om, "p90": o90, "p99": o99, "cpsat_median": tm, "cpsat_p90": t90, "cpsat_p99": t99,
                "ratio_of_medians": om / max(tm, 1e-9), "ratio_of_p99": o99 / max(t99, 1e-9),
                "ratio_median": rm, "ratio_p90": r90, "ratio_p99": r99,
            })
    return rows


def format_comparison(rows: list[dict]) -> str:
    """The comparison as a Markdown table (times in milliseconds)."""
    head = ["backend/solver", "encoding", "reduction", "task", "solved / CP-SAT", "ms median", "p90", "p99",
            "CP-SAT median", "p90", "p99", "x median", "x p99", "per-puzzle x median", "p90", "p99"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        ms = [f"{row[key] * 1000:.1f}" for key in ("median", "p90", "p99", "cpsat_median", "cpsat_p90", "cpsat_p99")]
        ratios = [f"{row[key]:.2f}" for key in ("ratio_of_medians", "ratio_of_p99", "ratio_median", "ratio_p90",
                                                "ratio_p99")]
        lines.append("| " + " | ".join([f"{row['backend']}/{row['solver']}", labelled_encoding(row), row["reduction"],
                                         row["task"], f"{row['solved']}/{row['cpsat_solved']} of {row['puzzles']}"]
                                        + ms + ratios) + " |")
    return "\n".join(lines)
