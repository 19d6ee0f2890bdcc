"""``futomip report RESULTS.jsonl [-o DIR]``: the percentile table of a batch, and its pictures.

Prints the table (``futomip.batch.table``: share under 0.1 s, p50, p90, p99, share over the
limit, mean, per method or pair); with ``-o DIR`` (made, with its parents, when missing)
also writes ``summary.csv`` and the pictures of ``futomip.batch.plots`` (PNG and SVG; they need
``futomip[plot]``: without matplotlib they are skipped with a one-line note on stderr, and the
command still exits 0, since the table and the CSV it was asked for are written).  ``--json``
prints the rows as one JSON object.
"""

from __future__ import annotations

import json
import math
import os

from ._args import make_folder
from ._output import say, say_error

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    report = commands.add_parser("report", help="percentile table, CSV and pictures of a batch's results")
    report.add_argument("results", nargs="+", help="results files of futomip batch (JSON Lines)")
    report.add_argument("-o", "--output", metavar="DIR", help="write summary.csv and the pictures (PNG, SVG; with futomip[plot]) here")
    report.add_argument("--json", action="store_true", help="print the table rows as JSON")


def run_command(args, started: float) -> int:
    from ..batch.plots import INSTALL_HINT, can_draw, draw_all
    from ..batch.store import read_records
    from ..batch.table import format_summary, summary, write_csv
    from . import EXIT_SOLVED, EXIT_UNSOLVED

    records = [record for path in args.results for record in read_records(path)]
    if args.output:
        make_folder(args.output)
    if not records:
        say_error("futomip: no results in " + ", ".join(args.results))
        return EXIT_UNSOLVED
    rows = summary(records)
    if args.json:
        say(json.dumps({"summary": [{k: (None if isinstance(v, float) and math.isinf(v) else v)
                                     for k, v in row.items()} for row in rows]}))
    else:
        say(format_summary(rows))
    if args.output:
        csv_path = os.path.join(args.output, "summary.csv")
        write_csv(rows, csv_path)
        say_error(f"wrote {csv_path}")
        if not can_draw():
            # The pictures are an optional extra (docs/batch.md: "with matplotlib"): the base
            # install's report failed with exit 3 after writing everything else.
            say_error(f"futomip: pictures skipped: they need matplotlib: {INSTALL_HINT}")
            return EXIT_SOLVED
        for path in draw_all(records, args.output):
            say_error(f"wrote {path}")
    return EXIT_SOLVED
