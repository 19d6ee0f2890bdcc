"""How the two grades of ``futomip grade`` relate: a scatter plot over random nonograms.

    python benchmarks/grade_scatter.py OUT.png [--count 300] [--sizes 10,15] [--density 0.55] [--seed 1]

Each puzzle comes from a random picture (each cell black with probability ``--density``),
so it has at least one solution and may have several.  For every puzzle the human grade
(lines / probing / search) and the MIP effort (simplex iterations and branch-and-bound nodes
of highspy/highs on the unreduced model, and the LP relaxation's forced share) are measured;
the plot puts the human grade on the x axis (with a little jitter) and the LP-forced share
on the y axis, coloured by size, and prints a table of medians per grade.  (Simplex
iterations and nodes are in the table: on random nonograms HiGHS' presolve settles nearly
all of them, so they carry little signal there.)
Needs matplotlib (``pip install 'futomip[plot]'``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LEVELS = ["lines", "probing", "search"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--sizes", default="10,15")
    parser.add_argument("--density", type=float, default=0.55)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from futomip.make.generate_nonogram import random_picture
    from futomip.puzzles.nonogram import from_grid
    from futomip.make.grade import grade
    from futomip.options import Options

    rng = random.Random(args.seed)
    sizes = [int(size) for size in args.sizes.split(",")]
    rows = []
    for k in range(args.count):
        size = sizes[k % len(sizes)]
        marks = grade(from_grid(random_picture(size, size, args.density, rng)), Options(time_limit=60))
        if marks.human in LEVELS and marks.lp_forced_share is not None:
            rows.append((size, marks))
        print(f"{k + 1}/{args.count}", end="\r", file=sys.stderr)
    figure, axis = plt.subplots(figsize=(6.5, 4.2))
    for size, colour in zip(sizes, ["tab:blue", "tab:orange", "tab:green"]):
        xs = [LEVELS.index(m.human) + rng.uniform(-0.25, 0.25) for s, m in rows if s == size]
        ys = [m.lp_forced_share for s, m in rows if s == size]
        axis.scatter(xs, ys, s=10, alpha=0.6, color=colour, label=f"{size}x{size}")
    axis.set_xticks(range(len(LEVELS)), LEVELS)
    axis.set_xlabel("human grade (weakest exact rule level that decides the puzzle)")
    axis.set_ylabel("share of columns the LP relaxation fixes")
    axis.set_title(f"{len(rows)} random nonograms (density {args.density})")
    axis.legend()
    figure.tight_layout()
    figure.savefig(args.out)
    if args.out.endswith(".png"):
        figure.savefig(args.out[:-4] + ".svg")
    print("| human grade | puzzles | median simplex iterations | median nodes | median LP-forced share | "
          "MIP label presolve/root/branching |")
    print("|---|---|---|---|---|---|")
    for level in LEVELS:
        group = [m for _, m in rows if m.human == level]
        if not group:
            continue
        shares = [m.lp_forced_share for m in group if m.lp_forced_share is not None]
        labels = [sum(1 for m in group if m.mip == label) for label in ("presolve", "root", "branching")]
        print(f"| {level} | {len(group)} | {statistics.median(m.lp_iterations for m in group):.0f} | "
              f"{statistics.median(m.nodes for m in group):.0f} | "
              f"{statistics.median(shares) if shares else float('nan'):.2f} | {'/'.join(map(str, labels))} |")


if __name__ == "__main__":
    main()
