"""Plot time against order for Latin completion: futomip (default, highspy/highs) and CP-SAT.

    python benchmarks/qwh_plot.py RUN.jsonl [MORE.jsonl] -o docs/pictures/qwh-time-by-order.svg

Reads the JSON lines of ``benchmarks/qwh_bench.py`` and draws one point per instance and
configuration (seconds to the first completion, log axis), the configurations side by side
around each order, a line through the medians of each order (a time-out counts as the limit,
so a median at the limit means half or more timed out), and time-outs as crosses on the
limit's line.  Needs matplotlib (not a futomip dependency).  The SVG carries no date or
random ids, so the same data gives the same file.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

STYLE = {
    "cpsat": ("CP-SAT, native integer model (1 worker)", "tab:blue", "o", -0.9),
    "default": ("futomip default ([all] install: {ran})", "tab:green", "s", 0.0),
    "highs": ("futomip --backend highspy --solver highs (split)", "tab:red", "^", 0.9),
}

FLOOR = 0.005
"""Seconds at the bottom of the axis: faster completions are drawn there (the log axis has no 0)."""


def main(argv: list[str] | None = None) -> int:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "futomip-qwh"
    import matplotlib.pyplot as plt

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jsonl", nargs="+", type=Path)
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--title", default="Latin-square completion (QWH, 42% holes), first completion")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for path in args.jsonl for line in path.read_text().splitlines() if line.strip()]
    limit = max(row["time_limit"] for row in rows)
    figure, axes = plt.subplots(figsize=(8, 5))
    for config, (label, colour, marker, shift) in STYLE.items():
        mine = [row for row in rows if row["config"] == config]
        if not mine:
            continue
        # The default is what the registry chose when the runs were made: name it from the runs.
        label = label.format(ran=", ".join(sorted({row.get("ran", "?") for row in mine})))
        done = [row for row in mine if row["status"] == "solved"]
        missed = [row for row in mine if row["status"] != "solved"]
        axes.scatter([row["order"] + shift for row in done], [max(row["seconds"], FLOOR) for row in done], color=colour,
                     marker=marker, s=22, alpha=0.8, label=label)
        if missed:
            axes.scatter([row["order"] + shift for row in missed], [limit] * len(missed), color=colour, marker="x",
                         s=40, label=f"{config}: time-out")
        orders = sorted({row["order"] for row in mine})
        medians = [statistics.median(max(row["seconds"], FLOOR) if row["status"] == "solved" else limit
                                     for row in mine if row["order"] == order) for order in orders]
        axes.plot([order + shift for order in orders], medians, color=colour, linewidth=1, alpha=0.6)
    axes.axhline(limit, color="grey", linestyle="--", linewidth=0.8)
    axes.text(axes.get_xlim()[0] + 0.5, limit * 1.15, f"time limit {limit:g} s", color="grey", fontsize=8)
    axes.set_ylim(FLOOR, limit * 2)
    axes.set_yscale("log")
    axes.set_xlabel("order n (n x n square)")
    axes.set_ylabel("seconds to the first completion (log)")
    axes.set_title(args.title, fontsize=10)
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=7, loc="lower right")
    figure.tight_layout()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(args.output, format=args.output.suffix.lstrip(".") or "svg", metadata={"Date": None})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
