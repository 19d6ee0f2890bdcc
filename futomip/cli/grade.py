"""``futomip grade FILE [FILE ...]``: the human grade and the MIP-effort rating of every puzzle
in one or more files (``futomip.make.grade`` says what they measure).  Every file is read
before any grading, so a file that cannot be read stops the command before any work.  Exit 0
when every puzzle was graded, 1 when the time limit left one ungraded."""

from __future__ import annotations

import json
import threading

from .. import io, stopping
from ..errors import UsageError
from ..options import Deadline
from ._args import add_file_arguments
from ._output import say
from .solve import add_solver_arguments, options_from

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    grade = commands.add_parser("grade", help="grade puzzles: human rule level and MILP effort")
    add_file_arguments(grade, "grade")
    grade.add_argument("more", nargs="*", metavar="FILE", help="more puzzle files, graded in turn (a maker's "
                       "output: futomip grade ns*.non)")
    add_solver_arguments(grade)
    grade.add_argument("--json", action="store_true", help="one JSON object per puzzle")


def run_command(args, started: float) -> int:
    from ..make.grade import grade

    options = options_from(args)
    deadline = Deadline(options.time_limit, start=started)
    files = [args.file, *args.more]
    if args.index is not None and len(files) > 1:
        raise UsageError("--index picks a puzzle of one file; give one file with it")
    # Each puzzle with its file and its place in the file: with --index the one puzzle keeps
    # its own number (it was reported as 0, the place in a list of one).
    if args.index is not None:
        puzzles = [(args.file, args.index, io.load(args.file, args.format, args.index))]
    else:
        puzzles = [(file, number, puzzle) for file in files
                   for number, puzzle in enumerate(io.read(file, args.format))]
    # With several files a text line starts with its file (puzzle names and numbers repeat).
    several = len(files) > 1
    printed: set[tuple[str, int]] = set()
    ungraded: list[tuple[str, int]] = []  # left without a grade by the time limit: exit 1
    printing = threading.Lock()

    def not_graded(file: str, number: int, puzzle) -> str:
        # "puzzle" (the index, kept for scripts written against it) differs from solve's "puzzle"
        # (the kind): "index" and "kind" say it as a graded line does.
        return (json.dumps({"puzzle": number, "name": puzzle.name, "status": "time_limit", "file": file,
                            "index": number, "kind": puzzle.kind}) if args.json
                else f"{_lead(file, several)}{puzzle.name or number}: not graded (time limit)")

    if deadline.end is not None and stopping.on_forced_exit is not None:
        # A solver that ignores its limit (HiGHS' presolve on a model as large as Faase's
        # unreduced 95x80 ran 6-7 s past it) must not take the command past its promise, as
        # for ``solve``: at the limit plus its allowance every puzzle not printed yet is
        # printed as not graded, and the program ends.
        def on_expiry() -> int:
            if printing.acquire(timeout=0.5):
                left = [(file, number, puzzle) for file, number, puzzle in puzzles if (file, number) not in printed]
                for file, number, puzzle in left:
                    say(not_graded(file, number, puzzle), flush=True)
                return 1 if left or ungraded else 0
            return 1

        stopping.set_hard_deadline(deadline.end + max(0.1 * options.time_limit, 0.5) - 0.3, on_expiry)
    for file, number, puzzle in puzzles:
        if deadline.expired:
            line = not_graded(file, number, puzzle)
            ungraded.append((file, number))
        else:
            marks = grade(puzzle, options, deadline)
            if args.json:
                line = json.dumps({"file": file, "index": number, "name": puzzle.name, "kind": puzzle.kind,
                                   **marks.as_json()})
            else:
                share = "" if marks.lp_forced_share is None else f", LP fixes {100 * marks.lp_forced_share:.0f}%"
                rung = f" by {marks.settled_by}" if marks.settled_by not in (None, marks.human) else ""
                line = (f"{_lead(file, several)}{puzzle.name or number}: human {marks.human or 'not graded'}{rung}{_open_cells(marks)}"
                        + f"; MIP {marks.mip or marks.status} ({_effort(marks)}{share})")
        with printing:
            say(line, flush=True)
            printed.add((file, number))
    return 1 if ungraded else 0


def _open_cells(marks) -> str:
    """The cells each rule set leaves open; probing is not run when the lines already prove
    the puzzle impossible (its count is None then)."""
    if not marks.open_after_lines:
        return ""
    probing = "no probing needed" if marks.open_after_probing is None else f"after probing {marks.open_after_probing}"
    return f" (open after lines {marks.open_after_lines}, {probing})"


def _effort(marks) -> str:
    """Nodes, LP iterations and seconds, leaving out what the solver does not report (CP-SAT
    has no simplex: its nodes and iterations are unknown, not "None")."""
    parts = [f"nodes {marks.nodes}" if marks.nodes is not None else "",
             f"LP iterations {marks.lp_iterations}" if marks.lp_iterations is not None else "",
             f"{marks.solve_seconds:.3f} s"]
    return ", ".join(part for part in parts if part)


def _lead(file: str, several: bool) -> str:
    """What a text line starts with: its file when several were graded."""
    return f"{file}: " if several else ""
