"""Both grades of made puzzles, per kind: the rung of the rule ladder against the MIP effort.

    futomip generate 9 --kind sudoku --count 40 --seed 2000 -o 'su{seed}.sdk'      # and str8ts, latin
    for f in su*.sdk st*.dat la*.pls; do futomip grade "$f" --json; done > grades.jsonl
    python benchmarks/maker_grade_scatter.py grades.jsonl OUT.png

One panel per kind: the x axis is ``settled_by`` (the ladder's rung, with a little jitter),
the y axis the share of the LP relaxation's cell-value columns fixed at 0 or 1 (``grade``'s
``lp_forced_share``); the marker grows with HiGHS' simplex iterations on the unreduced model.
Prints a table of counts and medians per kind and rung.  Needs matplotlib.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("grades", help="JSON lines of futomip grade --json")
    parser.add_argument("out")
    args = parser.parse_args()

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from futomip.make.ladder import LADDERS

    rows = [json.loads(line) for line in Path(args.grades).read_text().splitlines() if line.strip()]
    kinds = [kind for kind in LADDERS if any(row["kind"] == kind for row in rows)]
    figure, axes = plt.subplots(1, len(kinds), figsize=(4.2 * len(kinds), 3.6), sharey=True, squeeze=False)
    rng = random.Random(0)
    print("kind     rung              puzzles  LP-forced median  LP iterations median")
    for ax, kind in zip(axes[0], kinds):
        ladder = LADDERS[kind]
        mine = [row for row in rows if row["kind"] == kind and row["settled_by"] in ladder]
        xs = [ladder.index(row["settled_by"]) + rng.uniform(-0.2, 0.2) for row in mine]
        ys = [row["lp_forced_share"] if row["lp_forced_share"] is not None else float("nan") for row in mine]
        sizes = [12 + 4 * (row["lp_iterations"] or 0) ** 0.5 for row in mine]
        ax.scatter(xs, ys, s=sizes, alpha=0.6)
        ax.set_xticks(range(len(ladder)), [rung.replace(" ", "\n") for rung in ladder], fontsize=8)
        ax.set_title(f"{kind} ({len(mine)} made)")
        ax.set_ylim(-0.05, 1.05)
        for rung in ladder:
            group = [row for row in mine if row["settled_by"] == rung]
            if group:
                shares = [row["lp_forced_share"] for row in group if row["lp_forced_share"] is not None]
                print(f"{kind:8} {rung:17} {len(group):7}  {statistics.median(shares) if shares else float('nan'):16.3f}"
                      f"  {statistics.median(row['lp_iterations'] or 0 for row in group):20g}")
    axes[0][0].set_ylabel("LP relaxation: share of columns fixed")
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)


if __name__ == "__main__":
    main()
