"""``futomip draw FILE -o board.svg|png``: a picture of a puzzle, its solution, its conflict,
or what the LP relaxation believes (``futomip.draw``).

    futomip draw FILE -o board.svg             the puzzle
    futomip draw FILE --solution -o x.png      solved through the pipeline (givens bold, solved blue)
    futomip draw FILE --unique -o x.svg        solved and proved unique, or two solutions side by side
    futomip draw FILE --explain -o x.svg       an infeasible puzzle's irreducible conflict, in red
    futomip draw FILE --lp -o x.svg            the LP relaxation heat map (highspy)

The format comes from the suffix; the output path (and matplotlib, for PNG) is checked
before any work.  Exit codes as ``futomip solve``: 0 drawn (and solved, when asked), 1 the
solve behind the picture found no solution (the picture says why; for ``--lp``: the
relaxation is infeasible, or the time limit stopped it before its last LP), 2 usage or data error.
"""

from __future__ import annotations

import sys

from .. import io
from ..errors import UsageError, VerificationError
from ..options import Deadline
from ._args import check_output_path, non_negative_int
from .solve import add_solver_arguments, options_from

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    draw = commands.add_parser("draw", help="draw a puzzle, its solution, its conflict or its LP relaxation (SVG/PNG)")
    draw.add_argument("file", help="puzzle file (format detected from its content)")
    draw.add_argument("--output", "-o", required=True, metavar="PATH",
                      help="picture file: .svg (no dependency) or .png (needs matplotlib: pip install 'futomip[plot]')")
    draw.add_argument("--format", help="read the file in this format instead of detecting it")
    draw.add_argument("--index", type=non_negative_int, help="draw puzzle K (0-based) of a multi-puzzle file")
    task = draw.add_mutually_exclusive_group()
    task.add_argument("--solution", action="store_true", help="solve the puzzle and draw the solution")
    task.add_argument("--unique", action="store_true",
                      help="solve and prove uniqueness; a second solution is drawn beside the first")
    task.add_argument("--explain", action="store_true",
                      help="for an infeasible puzzle, draw an irreducible set of clashing clues in red")
    task.add_argument("--lp", action="store_true",
                      help="shade each cell by the LP relaxation of the model (per value; nonograms: fraction black)")
    add_solver_arguments(draw)
    draw.add_argument("-v", "--verbose", action="store_true", help="show the solver's log (on stderr)")
    draw.add_argument("-q", "--quiet", action="store_true", help="do not report the file written")


def run_command(args, started: float) -> int:
    """Draw what was asked and write it; the exit code (see the module text)."""
    from .. import draw
    from . import EXIT_SOLVED, EXIT_UNSOLVED, leave_after_interrupt

    check_output_path(args.output, draw.SUFFIXES, "a picture file name")
    if args.output.lower().endswith(".png"):
        from ..draw.png import require_matplotlib

        require_matplotlib()
    options = options_from(args)
    if args.lp and (options.backend or options.solver):
        raise UsageError("--lp solves the relaxation with highspy itself; --backend and --solver do not apply")
    puzzle = io.load(args.file, args.format, args.index)
    exit_code = EXIT_SOLVED
    stopped = None
    if args.lp:
        from ..draw.lp import relax

        # The command's limit counts from its start, as for the other pictures.
        relaxation = relax(puzzle, options.encoding, Deadline(options.time_limit, start=started).remaining())
        picture = draw.lp_picture(puzzle, relaxation=relaxation)
        # Not solved to the end (infeasible, or the limit came first) is exit 1, as for solve.
        exit_code = EXIT_SOLVED if relaxation.status == "optimal" else EXIT_UNSOLVED
    elif args.solution or args.unique or args.explain:
        result = _solve(puzzle, args, options, started)
        picture = draw.result_picture(result)
        exit_code = EXIT_SOLVED if result.solved else EXIT_UNSOLVED
        stopped = result.stopped
    else:
        picture = draw.puzzle_picture(puzzle)
    draw.save(picture, args.output)
    if not args.quiet:
        print(f"wrote {args.output}", file=sys.stderr)
    if stopped is not None:
        leave_after_interrupt(stopped)
    return exit_code


def _solve(puzzle, args, options, started: float):
    """The pipeline's result for the task the flags ask for."""
    from ..pipeline import Task, run
    from ..result import Result
    from . import leave_after_interrupt
    from ._output import status_line

    action = "unique" if args.unique else "explain" if args.explain else "solve"
    try:
        with status_line(args.quiet) as progress:
            return run(puzzle, Task(action), options, Deadline(options.time_limit, start=started), progress)
    except VerificationError as exc:
        return Result(puzzle, "error", message=str(exc))
    except KeyboardInterrupt as exc:
        leave_after_interrupt(exc)
