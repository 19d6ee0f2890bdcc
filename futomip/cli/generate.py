"""``futomip generate N``: make Futoshiki puzzles with a unique solution.

Progress (which phase, how many signs) is shown on a terminal; ``--time-limit`` bounds the
whole command, and every puzzle finished before it runs out is kept.
"""

from __future__ import annotations

import sys

from .. import io
from ..options import Deadline
from ._args import check_output_path, non_negative_int, positive_int, seconds
from ._output import say, status_line

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    generate = commands.add_parser("generate", help="make a Futoshiki with a unique solution")
    generate.add_argument("size", type=positive_int, help="board size n")
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
    from ..generate import GenerationStopped, generate_futoshiki
    from ..io.solutions import solutions_path, write_solutions
    from ..puzzles import render

    if args.output:
        check_output_path(args.output.replace("{seed}", str(args.seed)), None, "the output")
    deadline = Deadline(args.time_limit, start=started)
    for seed in range(args.seed, args.seed + args.count):
        try:
            with status_line() as progress:
                puzzle, square = generate_futoshiki(args.size, args.givens, args.signs, seed, args.backend,
                                                    args.solver, progress, deadline, args.method)
        except GenerationStopped as exc:
            print(f"futomip: seed {seed}: {exc}", file=sys.stderr)
            return 1
        if args.output:
            path = args.output.replace("{seed}", str(seed))
            io.write(puzzle, path)
            # The solution is proven unique, so it goes beside the puzzle as golden data.
            write_solutions(solutions_path(path), [square], count=1)
            print(f"wrote {path} and its .sol: {len(puzzle.given_cells())} givens, {len(puzzle.less)} signs",
                  file=sys.stderr)
        else:
            say(f"% {puzzle.name}: {len(puzzle.given_cells())} givens, {len(puzzle.less)} signs")
            say(render(puzzle))
            say()
    return 0
