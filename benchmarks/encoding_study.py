"""The formulation study: root LP, fractional columns, HiGHS nodes and time per encoding.

    python benchmarks/encoding_study.py FILES... [--reduce none] [--time-limit 60] [--unique]

For every puzzle and every encoding of its kind, interleaved puzzle by puzzle: the root LP
relaxation of the model as ``futomip inspect --compare-encodings`` reports it (status,
bound, columns left fractional, what HiGHS' presolve leaves), then one solve with
highspy/highs at the given reduction level (the split search off unless asked for, so the
nodes are HiGHS' own), with the branch-and-bound nodes, LP iterations and seconds HiGHS
reports.  Prints a Markdown table of medians and 90th percentiles per encoding.  Nothing
here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from futomip import io, reduction  # noqa: E402
from futomip.batch.table import markdown_table, percentile  # noqa: E402
from futomip.cli.inspect import describe  # noqa: E402
from futomip.kinds import kind_of  # noqa: E402
from futomip.options import Deadline, Options  # noqa: E402
from futomip.pipeline.finder import SolutionFinder  # noqa: E402
from futomip.status import SOLVED  # noqa: E402


def study(puzzle, encoding: str, level: str, time_limit: float | None, unique: bool) -> dict:
    """One puzzle, one encoding: root LP facts and one HiGHS run."""
    module = kind_of(puzzle).model_module()
    domains = reduction.reduce(puzzle, level) if level != "none" else None
    model = (module.formulate(puzzle, encoding) if domains is None else module.formulate(puzzle, encoding, domains)).model
    facts = describe(model)
    finder = SolutionFinder(puzzle, Options("highspy", "highs", encoding, level, time_limit), Deadline(time_limit))
    try:
        status, grid = finder.next_solution()
        if unique and status == SOLVED:
            finder.exclude(grid)
            finder.next_solution()
    finally:
        finder.close()
    root = facts["root_lp"]
    return {"status": status, "rows": facts["total"]["rows"], "nonzeros": facts["total"]["nonzeros"],
            "fractional": root.get("fractional") if root["status"] == "optimal" else None,
            "root": root["status"], "nodes": finder.stats.get("nodes", 0),
            "iterations": finder.stats.get("lp_iterations", 0),
            "seconds": finder.seconds["build"] + finder.seconds["solve"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--reduce", default="none")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--unique", action="store_true")
    args = parser.parse_args()
    puzzles = [puzzle for path in args.files for puzzle in io.read(path)]
    runs: dict[str, list[dict]] = {}
    for puzzle in puzzles:
        for encoding in kind_of(puzzle).model_module().ENCODINGS:
            runs.setdefault(encoding, []).append(study(puzzle, encoding, args.reduce, args.time_limit, args.unique))
    head = ["encoding", "puzzles", "solved", "rows median", "nonzeros median", "root LP fractional median", "p90",
            "root LP infeasible", "HiGHS nodes median", "p90", "LP iterations median", "seconds median", "p90"]
    body = []
    for encoding, group in runs.items():
        fractional = [run["fractional"] for run in group if run["fractional"] is not None]
        nodes = [run["nodes"] for run in group]
        seconds = [run["seconds"] for run in group]
        body.append([encoding, len(group), sum(run["status"] == SOLVED for run in group),
                     statistics.median(run["rows"] for run in group),
                     statistics.median(run["nonzeros"] for run in group),
                     statistics.median(fractional) if fractional else "-",
                     percentile(fractional, 0.9) if fractional else "-",
                     sum(run["root"] == "infeasible" for run in group),
                     statistics.median(nodes), percentile(nodes, 0.9),
                     statistics.median(run["iterations"] for run in group),
                     f"{statistics.median(seconds):.3f}", f"{percentile(seconds, 0.9):.3f}"])
    print(markdown_table(head, body))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
