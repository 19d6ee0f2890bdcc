"""``futomip generate N``: make Futoshiki puzzles (or, with ``--kind nonogram``, nonograms of a
chosen human grade) with a unique solution.

Progress (which phase, how many signs) is shown on a terminal; ``--time-limit`` bounds the
whole command, and every puzzle finished before it runs out is kept.
"""

from __future__ import annotations

import sys

from .. import io
from ..options import Deadline
from ._args import check_output_path, non_negative_int, positive_int, seconds
from ..make.generate_nonogram import DIFFICULTIES
from ._output import say, status_line

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    generate = commands.add_parser("generate", help="make a Futoshiki (or a nonogram) with a unique solution")
    generate.add_argument("size", type=positive_int, help="board size n (a nonogram's width)")
    generate.add_argument("--kind", choices=("futoshiki", "nonogram"), default="futoshiki",
                          help="puzzle kind (default: futoshiki)")
    generate.add_argument("--difficulty", choices=DIFFICULTIES,
                          help="nonograms: the human grade to reach (futomip grade); default: any unique puzzle")
    generate.add_argument("--density", type=float, default=0.55, help="nonograms: share of black cells (default 0.55)")
    generate.add_argument("--height", type=positive_int, help="nonograms: height (default: the size)")
    generate.add_argument("--givens", type=non_negative_int, default=7, help="number of given cells (default 7)")
    generate.add_argument("--signs", type=non_negative_int, default=40, help="inequalities to start from (default 40)")
    generate.add_argument("--seed", type=non_negative_int, default=0, help="random seed (default 0)")
    generate.add_argument("--count", type=positive_int, default=1, help="how many puzzles (seeds seed, seed+1, ...)")
    generate.add_argument("--output", "-o", metavar="PATTERN",
                          help="write each puzzle to PATTERN with {seed} replaced (format from the extension) "
                               "and its solution beside it (.sol); default: print them")
    generate.add_argument("--time-limit", type=seconds, metavar="S", help="seconds for the whole command")
    generate.add_argument("--backend", help="backend for the uniqueness checks")
    generate.add_argument("--solver", help="solver for the uniqueness checks")
    generate.add_argument("--method", default="milp",
                          help="exact method for the uniqueness checks: milp (default), propagate, backtrack, cpsat")


def run_command(args, started: float) -> int:
    from ..errors import UsageError
    from ..make.generate import GenerationStopped
    from ..io.solutions import solutions_path, write_solutions
    from ..puzzles import render

    if args.output:
        # Every file's folder (a pattern may hold {seed} in a folder name) is made and tried now.
        for path in dict.fromkeys(args.output.replace("{seed}", str(seed))
                                  for seed in range(args.seed, args.seed + args.count)):
            check_output_path(path, None, "the output")
    if args.kind == "nonogram" and args.method != "milp":
        raise UsageError("--method chooses the Futoshiki generator's uniqueness checks (nonograms use the MILP)")
    if args.kind == "futoshiki" and (args.difficulty or args.height):
        raise UsageError("--difficulty and --height are for --kind nonogram")
    if not 0 < args.density < 1:
        raise UsageError(f"--density must lie strictly between 0 and 1, got {args.density}")
    deadline = Deadline(args.time_limit, start=started)
    make = _nonogram if args.kind == "nonogram" else _futoshiki
    for seed in range(args.seed, args.seed + args.count):
        try:
            with status_line() as progress:
                puzzle, solution, about, show_solution = make(args, seed, progress, deadline)
        except GenerationStopped as exc:
            print(f"futomip: seed {seed}: {exc}", file=sys.stderr)
            return 1
        if args.output:
            path = args.output.replace("{seed}", str(seed))
            io.write(puzzle, path)
            # The solution is proven unique, so it goes beside the puzzle as golden data.
            write_solutions(solutions_path(path), [solution], count=1, pixels=puzzle.kind == "nonogram")
            print(f"wrote {path} and its .sol: {about}", file=sys.stderr)
        else:
            say(f"% {puzzle.name}: {about}")
            say(render(puzzle, solution) if show_solution else render(puzzle))
            say()
    return 0


def _futoshiki(args, seed, progress, deadline):
    """(puzzle, solution, description, whether to print the solution)."""
    from ..make.generate import generate_futoshiki

    puzzle, square = generate_futoshiki(args.size, args.givens, args.signs, seed, args.backend, args.solver,
                                        progress, deadline, args.method)
    return puzzle, square, f"{len(puzzle.given_cells())} givens, {len(puzzle.less)} signs", False


def _nonogram(args, seed, progress, deadline):
    """A nonogram is printed with its picture: the clues alone say little to the eye."""
    from ..make.generate_nonogram import generate_nonogram

    puzzle, grid, level = generate_nonogram(args.size, args.height or args.size, args.density, seed,
                                            args.difficulty, args.backend, args.solver, progress, deadline)
    return puzzle, grid, f"human grade {level}", True
