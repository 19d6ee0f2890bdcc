"""``futomip grade FILE``: the human grade and the MIP-effort rating of every puzzle in a file
(``futomip.make.grade`` says what they measure)."""

from __future__ import annotations

import json

from .. import io
from ..options import Deadline
from ._args import add_file_arguments
from ._output import say
from .solve import add_solver_arguments, options_from

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    grade = commands.add_parser("grade", help="grade puzzles: human rule level and MILP effort")
    add_file_arguments(grade, "grade")
    add_solver_arguments(grade)
    grade.add_argument("--json", action="store_true", help="one JSON object per puzzle")


def run_command(args, started: float) -> int:
    from ..make.grade import grade

    options = options_from(args)
    deadline = Deadline(options.time_limit, start=started)
    puzzles = [io.load(args.file, args.format, args.index)] if args.index is not None else io.read(args.file, args.format)
    for number, puzzle in enumerate(puzzles):
        if deadline.expired:
            say(json.dumps({"puzzle": number, "name": puzzle.name, "status": "time_limit"}) if args.json
                else f"{puzzle.name or number}: not graded (time limit)", flush=True)
            continue
        marks = grade(puzzle, options, deadline)
        if args.json:
            say(json.dumps({"file": args.file, "index": number, "name": puzzle.name, "kind": puzzle.kind,
                            **marks.as_json()}), flush=True)
        else:
            share = "" if marks.lp_forced_share is None else f", LP fixes {100 * marks.lp_forced_share:.0f}%"
            rung = f" by {marks.settled_by}" if marks.settled_by not in (None, marks.human) else ""
            say(f"{puzzle.name or number}: human {marks.human or 'not graded'}{rung}"
                + (f" (open after lines {marks.open_after_lines}, after probing {marks.open_after_probing})"
                   if marks.open_after_lines else "")
                + f"; MIP {marks.mip or marks.status} (nodes {marks.nodes}, LP iterations {marks.lp_iterations}, "
                  f"{marks.solve_seconds:.3f} s{share})", flush=True)
    return 0
