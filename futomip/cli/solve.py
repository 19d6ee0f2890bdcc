"""``futomip solve FILE`` (or just ``futomip FILE``): solve, prove unique, enumerate or explain.

The command parses its options into one ``Options`` and one ``Deadline`` (the whole
command's time limit, shared by every puzzle of a multi-puzzle file), checks the output
paths, reads the file, and makes one pipeline call per puzzle, printing each result as
soon as it is known (text or one JSON object per line).
"""

from __future__ import annotations

import shlex
import sys
import threading
import time
from typing import NamedTuple

from .. import io, stopping
from ..errors import VerificationError
from ..options import GLOBAL_FORMS, SCHEDULES, Deadline, Options
from ..pipeline import Task
from ..reduction import LEVELS
from ..result import Result
from ..status import INFEASIBLE, WRITTEN
from ._args import (add_file_arguments, check_output_path, non_negative_int, positive_int, restart_policy, seconds,
                    solver_option)
from ._output import say, status_line

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    solve = commands.add_parser("solve", help="solve a puzzle file and print the board")
    add_file_arguments(solve, "solve")
    add_solver_arguments(solve)
    task = solve.add_mutually_exclusive_group()
    task.add_argument("--unique", action="store_true", help="also prove the solution unique or show a second one")
    task.add_argument("--all", action="store_true", help="enumerate every solution (printing each as it is found)")
    task.add_argument("--explain", action="store_true",
                      help="for an infeasible puzzle, find an irreducible set of clues that clash")
    solve.add_argument("--limit", type=positive_int, metavar="K", help="with --all: stop after K solutions")
    solve.add_argument("--write-lp", metavar="PATH", help="write the model as an LP file (.lp; backend's own writer)")
    solve.add_argument("--write-mps", metavar="PATH", help="write the model as an MPS file (.mps; backend's own writer)")
    solve.add_argument("--no-solve", action="store_true",
                       help="with --write-lp/--write-mps: write the model and do not solve it (status: written)")
    solve.add_argument("--method", default=None,
                       help="default (the measured best per kind when nothing of the MILP is pinned, see "
                            "'futomip solvers'; nonograms: sat where python-sat is installed), milp, or a comparison "
                            "method: backtrack, propagate, anneal, genetic, csp, cpsat, sat")
    solve.add_argument("--json", action="store_true", help="print one JSON object per puzzle instead of text")
    solve.add_argument("-v", "--verbose", action="store_true", help="show the solver's log (on stderr)")
    solve.add_argument("-q", "--quiet", action="store_true", help="print the board only")


def add_solver_arguments(parser) -> None:
    """The options every solving command shares (solve, bench, generate, ...)."""
    from ..solvers import BACKEND_MODULES, SOLVER_NAMES

    # From the registries, so that a layer or solver added there is listed here too.
    parser.add_argument("--backend", help=f"modelling layer: {', '.join(BACKEND_MODULES)} (default: measured "
                                          "per kind, 'futomip solvers')")
    parser.add_argument("--solver", help=f"{', '.join(SOLVER_NAMES)} (default: measured per kind, "
                                         "'futomip solvers')")
    parser.add_argument("--encoding", help="model variant (Futoshiki: tight or weighted; default per solver)")
    parser.add_argument("--reduce", choices=LEVELS, default=None,
                        help="domain reduction before the model is built (nonograms: line solving, then "
                             "probing each open cell; 'split' also searches, splitting the puzzle into "
                             "sub-puzzles, beside the solver on the whole model); 'none' builds the full model "
                             "(default: the level measured best for the kind and pair, see 'futomip solvers')")
    parser.add_argument("--schedule", choices=SCHEDULES, default=None,
                        help="with --reduce split: how the search and the solver on the whole model share the "
                             "time: side by side on a free core (parallel), in turns (sequential), the "
                             "search alone (search) or the solver alone (solver); default auto: parallel when "
                             "a core is free (also how --method sat runs its line search and SAT solver)")
    parser.add_argument("--restarts", type=restart_policy, default=None, metavar="KIND[:FAILURES]",
                        help="with --reduce split on Latin-family puzzles (Futoshiki, Sudoku, Latin squares): "
                             "restarts of the split search: off (the default; learn:100 for a Latin completion), plain "
                             "(in its own value order), lp (in the root LP's value order), portfolio (cycling "
                             "through value orders), twin (two searches in the LP's order, restarting after "
                             "FAILURES and 10 x FAILURES, take turns until one finds a leaf), learn (the same "
                             "with a clause-learning search on the puzzle's CNF as the second); FAILURES is "
                             "the failures per unit of the Luby cutoffs (default 100), e.g. --restarts lp:50")
    parser.add_argument("--time-limit", type=seconds, metavar="S", help="seconds for the whole command")
    parser.add_argument("--threads", type=positive_int, metavar="N", help="solver threads")
    parser.add_argument("--seed", type=non_negative_int, help="solver random seed")
    parser.add_argument("--solver-option", type=solver_option, action="append", default=[], metavar="NAME=VALUE",
                        help="pass an option to the solver in its own vocabulary (repeatable)")
    parser.add_argument("--globals", choices=GLOBAL_FORMS,
                        help="global constraints (all-different, <, nonogram lines) as the solver's own (native: "
                             "ortools/cpsat only; lines as AddAutomaton) or as their linear rows (linear, the default)")
    parser.add_argument("--max-columns", type=positive_int, default=Options.max_columns, metavar="N",
                        help="memory guard: refuse models with more binary columns (default: %(default)s)")


def options_from(args) -> Options:
    """The command's ``Options`` from parsed arguments."""
    return Options(args.backend, args.solver, args.encoding, args.reduce, args.time_limit, args.threads, args.seed,
                   getattr(args, "verbose", False), tuple(args.solver_option), args.max_columns,
                   getattr(args, "globals", None), getattr(args, "schedule", None), getattr(args, "restarts", None))


def run_command(args, started: float) -> int:
    """Solve every puzzle of the file; the exit code (see ``futomip.cli``)."""
    from . import EXIT_SOLVED, EXIT_UNSOLVED, leave_after_interrupt
    from ..batch.records import json_text, text_report

    if args.limit is not None and not args.all:
        raise _usage("--limit K needs --all")
    options = options_from(args)
    for path, suffix in ((args.write_lp, ".lp"), (args.write_mps, ".mps")):
        if path:
            check_output_path(path, (suffix,), f"an {suffix[1:].upper()} file name")
    action = "all" if args.all else "explain" if args.explain else "unique" if args.unique else "solve"
    task = Task(action, args.limit, args.write_lp, args.write_mps, solve=not args.no_solve)
    run = _runner(args)
    deadline = Deadline(options.time_limit, start=started)
    solver = _method_solver(args, task, options, deadline)
    start = time.perf_counter()
    puzzles = [io.load(args.file, args.format, args.index)] if args.index is not None else io.read(args.file, args.format)
    read_seconds = (time.perf_counter() - start) / max(1, len(puzzles))
    worst = [EXIT_SOLVED]  # the exit code so far (read by the hard deadline's report too)
    found: dict[int, list] = {}  # --all and --unique: the solutions of each puzzle as they come
    texts: dict = {}  # --all --json: their JSON, written as they come (GridTexts)
    pairs: dict[str, tuple[str, str, str]] = {}  # puzzle kind -> (backend, solver, encoding) its last result used
    routes: dict[int, Route] = {}  # puzzle -> what its route runs, once chosen (for the hard deadline's report)
    printed = _hold_the_limit(args, puzzles, deadline, options.time_limit, found, texts, pairs, worst, routes)
    for number, puzzle in enumerate(puzzles):
        _header(args, puzzles, number)
        found[id(puzzle)] = []  # started (after its header: the hard deadline's report reads this)
        if solver is None:
            route = _route(args, puzzle, task, options)
            if route is not None:
                routes[id(puzzle)] = route
        try:
            with status_line(args.quiet) as progress:
                result = (solver(puzzle) if solver else
                          run(puzzle, task, options, deadline, progress, _show_solution(args, puzzle, found, texts)))
        except VerificationError as exc:
            result = Result(puzzle, "error", message=str(exc))
        except KeyboardInterrupt as exc:
            leave_after_interrupt(exc)
        result.file = args.file
        result.seconds["read"] = read_seconds
        result.seconds["total"] = result.seconds.get("total", 0.0) + read_seconds
        # The answer is in hand: printing it (tens of megabytes for a long --all) must not be
        # cut off by the hard deadline, which is for solvers that do not stop.
        if not result.solved and result.status != WRITTEN:
            worst[0] = EXIT_UNSOLVED
        with stopping.hard_deadline_waits(), _printing:
            written = texts.get(id(puzzle))
            report = json_text(result, written.texts if written is not None else None) if args.json \
                else text_report(result, args.quiet, args.verbose)
            if report:  # -q with no board (--no-solve, no solution) prints nothing, not an empty line
                say(report, flush=True)
            if result.status == INFEASIBLE and action in ("solve", "unique") and not (args.json or args.quiet):
                say(_explain_hint(args, puzzles, number), flush=True)
            printed.append(number)
            pairs[puzzle.kind] = (result.backend, result.solver, result.encoding)
        if result.stopped is not None:
            leave_after_interrupt(result.stopped)
    return worst[0]


def _method_solver(args, task: Task, options: Options, deadline: Deadline):
    """With ``--method`` other than milp and default: the call that solves one puzzle that
    way, else None (the route of ``futomip.methods.default.run``: the registry's)."""
    from .. import methods

    name, params = methods.parse(args.method or "default")  # unknown: a usage error before the file is read
    if name in (methods.DEFAULT, "default"):
        return None
    if task.action not in ("solve", "unique") or task.writes:
        raise _usage(f"--method {args.method} solves, or proves uniqueness with --unique; --all, --explain and "
                     "model files need the MILP (--method milp)")
    return lambda puzzle: methods.run(name, puzzle, options, deadline, task.action == "unique", params)


class Route(NamedTuple):
    """What a puzzle's route runs, as its ``Result`` will name it: for the report printed when
    the hard deadline ends the command before the result (a solver that never returned)."""

    method: str
    backend: str
    solver: str
    configuration: str


def _route(args, puzzle, task: Task, options: Options) -> Route | None:
    """The route ``_runner`` takes for ``puzzle`` (the registry's choice; the MILP's with
    ``--method milp``), or None when it cannot be told here: the run itself then raises
    whatever made the choice fail.  The choice's probes are cached, so the run repeats none."""
    from ..methods import default
    from ..solvers import wanted_capabilities
    from ..solvers.defaults import configuration

    try:
        if args.method == "milp":
            chosen = configuration(puzzle.kind, options.backend, options.solver, options.reduce,
                                   wanted_capabilities(options, task.writes))
        else:
            chosen = default.choose(puzzle.kind, task, options)
        return Route(chosen.method, *default.names(chosen), chosen.reason)
    except Exception:  # noqa: BLE001 - the run raises it again, where the CLI reports it
        return None


def _runner(args):
    """``--method milp`` pins the MILP pipeline; otherwise the registry's route, which keeps
    the MILP for tasks and options a method beside it cannot take (``futomip.methods.default``)."""
    if args.method == "milp":
        from ..pipeline import run
    else:
        from ..methods.default import run
    return run


_printing = threading.Lock()


def _header(args, puzzles, number: int) -> None:
    """The line before each puzzle's text report in a multi-puzzle file."""
    if len(puzzles) > 1 and not args.json:
        puzzle = puzzles[number]
        say(f"== puzzle {number}" + (f" ({puzzle.name})" if puzzle.name else ""), flush=True)


def _hold_the_limit(args, puzzles, deadline, limit, found: dict, texts: dict, pairs: dict,
                    worst: list[int], routes: dict) -> list[int]:
    """Make ``--time-limit`` a wall-clock promise: should a solver ignore both its own limit
    and the cancel (see ``stopping.set_hard_deadline``), the process ends at the limit plus
    its allowance (10% or 0.5 s, less a margin for leaving), after printing a result for
    every puzzle not printed yet: the one that was running (with what it had found, from
    ``found``) and those never started.  The list returned collects printed puzzles; when
    every puzzle was printed (the deadline passed while the last answer was being written,
    see ``stopping.hard_deadline_waits``) the exit code is the command's own, ``worst[0]``.
    The running puzzle's report names its route (``routes``) once it was chosen.
    With ``--all --json`` the grids' JSON was written as they came (``texts``), so the report
    is a join: formatting tens of thousands of grids here outlasted the watchdog's time."""
    from ..batch.records import json_text, text_report

    printed: list[int] = []
    if deadline.end is None or not _owns_the_process():
        return printed

    def on_expiry() -> int:
        if not _printing.acquire(timeout=0.5):
            return 1
        if len(printed) == len(puzzles):
            return worst[0]
        for number, puzzle in enumerate(puzzles):
            if number in printed:
                continue
            backend, solver, encoding = _pair_names(args, puzzle, pairs)
            route = routes.get(id(puzzle))
            if route is not None:
                backend, solver = route.backend, route.solver
                encoding = encoding if route.method == "milp" else ""
            started = id(puzzle) in found
            grids = found.get(id(puzzle), [])
            written = texts.get(id(puzzle))
            shown = list(written.texts) if written is not None else None
            if shown is not None:
                grids = grids[:len(shown)]  # the main thread may be between a grid and its text
            message = ("the command's time limit ran out before this puzzle started" if not started else
                       "the solver did not stop at the time limit; futomip ended it" if stopping.solving() else
                       "the time limit ran out outside a solver (reading, imports, reduction, the model build "
                       "or reading a solver's answer); futomip ended it")
            if not started:
                _header(args, puzzles, number)
            if args.unique and grids:
                # The first solution came before the proof that got stuck: it is kept.
                message = f"uniqueness unknown: {message}"
            result = Result(puzzle, "solved" if grids else "time_limit", grids[0] if grids else None,
                            backend=backend, solver=solver, encoding=encoding, seconds={"total": limit},
                            message=message)
            if route is not None:
                result.method, result.configuration = route.method, route.configuration
            if args.all:
                # What --all had found is kept (each grid was verified when it came).
                result.solutions, result.complete = list(grids), False
            result.file = args.file
            text = json_text(result, shown) if args.json else text_report(result, args.quiet, args.verbose)
            if text:
                say(text, flush=True)
        return 1

    # Leaving takes up to a few tenths of a second (ending solver programs, the kernel freeing
    # a large process), so the process is ended that much before the allowance runs out.
    stopping.set_hard_deadline(deadline.end + max(0.1 * limit, 0.5) - 0.3, on_expiry)
    return printed


def _pair_names(args, puzzle, pairs: dict) -> tuple[str, str, str]:
    # What the user named, else what the last result of this kind used: resolving the default
    # pair would import and probe solvers, which a process being ended has no time for.
    used = pairs.get(puzzle.kind, ("", "", ""))
    return args.backend or used[0], args.solver or used[1], args.encoding or used[2]


def _owns_the_process() -> bool:
    """Only the ``futomip`` program may end its process (not ``cli.main`` called from Python)."""
    return stopping.on_forced_exit is not None


def _explain_hint(args, puzzles: list, number: int) -> str:
    """The command that shows why an infeasible puzzle has no solution (``--explain``)."""
    index = args.index if args.index is not None else number if len(puzzles) > 1 else None
    which = "" if index is None else f" --index {index}"
    return f"hint: futomip {shlex.quote(str(args.file))}{which} --explain names clues that cannot all hold together"


def _show_solution(args, puzzle, found: dict, texts: dict):
    """The ``on_solution`` callback: with ``--all`` each solution is printed as it is found
    (with ``--json``, its JSON text is written into ``texts`` for the one object printed at
    the end); with ``--all`` and ``--unique`` each is kept in ``found`` for a report at the
    hard deadline (a uniqueness proof that never returns must not lose the first solution)."""
    from .. import puzzles
    from ..batch.records import GridTexts

    if args.all and args.json:
        texts[id(puzzle)] = GridTexts()

    def show(k, grid):
        found[id(puzzle)].append(grid)
        if not args.all:
            return
        if not args.json:
            say(f"-- solution {k}\n{puzzles.render(puzzle, grid)}", flush=True)
            return
        texts[id(puzzle)].add(grid)
        if not args.quiet:
            print(f"found solution {k}", file=sys.stderr, flush=True)

    return show if args.all or args.unique else None


def _usage(message: str):
    from ..errors import UsageError

    return UsageError(message)
