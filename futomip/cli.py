"""The ``futomip`` command: argument parsing, sub-commands and exit codes.

    futomip FILE ...            same as ``futomip solve FILE ...``
    futomip solve FILE          solve and print the board (``--json`` for scripts)
    futomip solvers             every (backend, solver) pair and whether it runs here
    futomip convert IN OUT      rewrite a puzzle file in another format
    futomip bench FILE...       time (backend, solver, encoding) combinations side by side
    futomip generate N          make a Futoshiki with a unique solution

Exit codes: 0 solved, 1 infeasible or no solution (time limit, solver error), 2 usage or
data error, 3 solver unavailable.  A user error never shows a Python traceback.
Must not be imported by any other futomip module.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time

from . import io
from .errors import DataFormatError, FutomipError, SolverUnavailableError, UnknownNameError, VerificationError
from .reduction import LEVELS

__all__ = ["main", "build_parser"]

EXIT_SOLVED, EXIT_UNSOLVED, EXIT_USAGE, EXIT_UNAVAILABLE = 0, 1, 2, 3
# The shell's convention for a process ended by SIGINT.
EXIT_INTERRUPTED = 130
COMMANDS = ("solve", "solvers", "convert", "bench", "generate")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="futomip",
        description="Solve grid logic puzzles (Futoshiki, Str8ts, nonograms) as MILPs.",
        epilog="`futomip FILE` is short for `futomip solve FILE`. Exit codes: 0 solved, "
        "1 infeasible or not solved, 2 usage or data error, 3 solver unavailable.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    solve = commands.add_parser("solve", help="solve a puzzle file and print the board")
    solve.add_argument("file", help="puzzle file (format detected from its content)")
    solve.add_argument("--format", help="read the file in this format instead of detecting it")
    solve.add_argument("--index", type=int, help="solve only puzzle K (0-based) of a multi-puzzle file")
    solve.add_argument("--backend", help="modelling layer: highspy, pulp, pyomo (default: fastest available)")
    solve.add_argument("--solver", help="highs, cbc, glpk, scip, gurobi, cplex (default: fastest available)")
    solve.add_argument("--encoding", help="model variant (Futoshiki: tight or weighted; default per solver)")
    solve.add_argument("--reduce", choices=LEVELS, default=LEVELS[0],
                       help="domain reduction before the model is built (nonograms: line solving, then "
                            "probing each open cell; 'split' also splits a puzzle that the solver does not "
                            "settle in a second into sub-puzzles); 'none' builds the full model (default: %(default)s)")
    solve.add_argument("--time-limit", type=float, metavar="S", help="seconds for the whole command")
    solve.add_argument("--threads", type=int, metavar="N", help="solver threads")
    solve.add_argument("--seed", type=int, help="solver random seed (HiGHS)")
    task = solve.add_mutually_exclusive_group()
    task.add_argument("--unique", action="store_true", help="also prove the solution unique or show a second one")
    task.add_argument("--all", action="store_true", help="enumerate every solution (printing each as it is found)")
    task.add_argument("--explain", action="store_true",
                      help="for an infeasible puzzle, find an irreducible set of clues that clash")
    solve.add_argument("--limit", type=int, metavar="K", help="with --all: stop after K solutions")
    solve.add_argument("--write-lp", metavar="PATH", help="write the model as an LP file (backend's own writer)")
    solve.add_argument("--write-mps", metavar="PATH", help="write the model as an MPS file (backend's own writer)")
    solve.add_argument("--json", action="store_true", help="print one JSON object per puzzle instead of text")
    solve.add_argument("-v", "--verbose", action="store_true", help="show the solver's log")
    solve.add_argument("-q", "--quiet", action="store_true", help="print the board only")

    commands.add_parser("solvers", help="list every (backend, solver) pair and whether it runs here")

    convert = commands.add_parser("convert", help="rewrite a puzzle file in another format")
    convert.add_argument("input")
    convert.add_argument("output")
    convert.add_argument("--to", help="output format (default: implied by the output extension)")
    convert.add_argument("--format", help="input format (default: detected)")
    convert.add_argument("--index", type=int, help="convert only puzzle K (0-based) of a multi-puzzle file")

    bench = commands.add_parser("bench", help="time (backend, solver, encoding) combinations side by side")
    bench.add_argument("files", nargs="+", help="puzzle files (every puzzle in each is used)")
    bench.add_argument("--pairs", default="core",
                       help="comma-separated backend/solver pairs, 'core' (the five pairs) or 'all' available")
    bench.add_argument("--encodings", help="comma-separated encodings (default: the solver's default)")
    bench.add_argument("--reduce", default=LEVELS[0],
                       help=f"comma-separated reduction levels from {', '.join(LEVELS)} (default: %(default)s)")
    bench.add_argument("--repeat", type=int, default=1, help="solve everything this many times")
    bench.add_argument("--unique", action="store_true", help="also time the uniqueness proof")
    bench.add_argument("--time-limit", type=float, metavar="S", help="seconds per solve")
    bench.add_argument("--seed", type=int, help="solver random seed (HiGHS)")
    bench.add_argument("--enumerate", action="store_true",
                       help="time enumerating all solutions with cuts added to the live model vs rebuilt models")
    bench.add_argument("--json", action="store_true", help="print the raw measurements and summary as JSON")

    generate = commands.add_parser("generate", help="make a Futoshiki with a unique solution")
    generate.add_argument("size", type=int, help="board size n")
    generate.add_argument("--givens", type=int, default=7, help="number of given cells (default 7)")
    generate.add_argument("--signs", type=int, default=40, help="inequalities to start from (default 40)")
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("--count", type=int, default=1, help="how many puzzles (seeds seed, seed+1, ...)")
    generate.add_argument("--output", "-o", metavar="PATTERN",
                          help="write each puzzle to PATTERN with {seed} replaced (format from the extension) "
                               "and its solution beside it (.sol); default: print them")
    generate.add_argument("--backend", help="backend for the uniqueness checks")
    generate.add_argument("--solver", help="solver for the uniqueness checks")
    return parser


def main(argv: list[str] | None = None) -> int:
    with _stdout_for_futomip_only():
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # A bare file name means "solve it": the everyday use needs no sub-command.
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        argv.insert(0, "solve")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    if args.command == "solve" and args.limit is not None and (not args.all or args.limit < 1):
        parser.error("--limit K needs --all and a K of at least 1")
    try:
        handlers = {"solve": _solve, "solvers": _solvers, "convert": _convert, "bench": _bench, "generate": _generate}
        return handlers[args.command](args)
    except (DataFormatError, UnknownNameError) as exc:
        print(f"futomip: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SolverUnavailableError as exc:
        print(f"futomip: solver unavailable: {exc}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except FutomipError as exc:
        print(f"futomip: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"futomip: error: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _leave_after_interrupt() -> None:
    """Exit with 130 at once, skipping interpreter clean-up.

    After a cancelled HiGHS solve, the C++ clean-up at normal interpreter exit can abort the
    process (seen with highspy 1.15); everything the user needs is printed by now.
    """
    (_program_stdout or sys.stdout).flush()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(EXIT_INTERRUPTED)


def _solve(args) -> int:
    from .report import text_report, to_json
    from .solve import Result

    start = time.perf_counter()
    puzzles = io.read(args.file, args.format)
    if args.index is not None:
        puzzles = [io.load(args.file, args.format, args.index)]
    read_seconds = time.perf_counter() - start
    worst = EXIT_SOLVED
    for number, puzzle in enumerate(puzzles):
        if len(puzzles) > 1 and not args.json:
            _say(f"== puzzle {number}" + (f" ({puzzle.name})" if puzzle.name else ""), flush=True)
        try:
            result = _run_task(args, puzzle)
        except VerificationError as exc:
            result = Result(puzzle, "error", message=str(exc))
        except KeyboardInterrupt:
            print("futomip: interrupted", file=sys.stderr)
            _leave_after_interrupt()
        result.file = args.file
        result.seconds["read"] = read_seconds / len(puzzles)
        result.seconds["total"] = result.seconds.get("total", 0.0) + result.seconds["read"]
        if args.json:
            _say(json.dumps(to_json(result)), flush=True)
        else:
            _say(text_report(result, args.quiet), flush=True)
        if not result.solved:
            worst = EXIT_UNSOLVED
        if result.message == "interrupted (Ctrl-C)":
            _leave_after_interrupt()
    return worst


_program_stdout = None


def _say(*parts, **options) -> None:
    """``print`` to the program's own standard output (see ``_stdout_for_futomip_only``)."""
    print(*parts, file=_program_stdout or sys.stdout, **options)


@contextlib.contextmanager
def _stdout_for_futomip_only():
    """Keep the process's standard output for what futomip itself prints.

    Solver libraries write to standard output on their own: highspy 1.16 prints a banner
    from C++ when its first ``Highs`` object is made, CBC and GLPK run as child programs,
    and Pyomo's ``tee`` writes solver logs to ``sys.stdout``.  Scripts read ``--json`` from
    stdout, so for the command's lifetime file descriptor 1 (and with it ``sys.stdout``)
    points at stderr, and only ``_say`` writes to a duplicate of the real stdout.  When
    ``sys.stdout`` is not descriptor 1 (a test capturing output, an embedding program),
    nothing is redirected and ``_say`` prints to ``sys.stdout``.
    """
    global _program_stdout
    try:
        own = sys.stdout.fileno() == 1
    except (AttributeError, OSError, ValueError):
        own = False
    if not own:
        yield
        return
    sys.stdout.flush()
    real = os.dup(1)
    os.dup2(2, 1)
    _program_stdout = os.fdopen(real, "w", buffering=1, encoding=sys.stdout.encoding, errors=sys.stdout.errors)
    try:
        yield
    finally:
        try:
            _program_stdout.flush()
        finally:
            os.dup2(real, 1)
            _program_stdout.close()
            _program_stdout = None


def _run_task(args, puzzle):
    """Solve, enumerate or explain one puzzle as the options ask."""
    from . import puzzles
    from .certainty import enumerate_all, explain
    from .solve import solve

    common = dict(backend=args.backend, solver=args.solver, encoding=args.encoding, time_limit=args.time_limit,
                  threads=args.threads, verbose=args.verbose, seed=args.seed, reduce=args.reduce)
    if args.all:
        if args.write_lp or args.write_mps:
            _write_model_files(args, puzzle, common)

        def show(k, grid):
            if not args.json:
                _say(f"-- solution {k}\n{puzzles.render(puzzle, grid)}", flush=True)
            elif not args.quiet:
                print(f"found solution {k}", file=sys.stderr, flush=True)

        with _status_line(args.quiet) as progress:
            return enumerate_all(puzzle, args.limit, on_solution=show, progress=progress, **common)
    if args.explain:
        if args.write_lp or args.write_mps:
            _write_model_files(args, puzzle, common)

        with _status_line(args.quiet) as line:
            progress = None if line is None else lambda done, total: line(f"testing clue {done}/{total}")
            return explain(puzzle, progress=progress, **common)
    with _status_line(args.quiet) as progress:
        return solve(puzzle, unique=args.unique, write_lp=args.write_lp, write_mps=args.write_mps,
                     progress=progress, **common)


@contextlib.contextmanager
def _status_line(quiet: bool = False):
    """A progress printer for long work (domain reduction, the split search, explanation,
    benchmarks): one rewritten stderr line on a terminal, wiped afterwards so that the next
    output starts on a clean line; None off a terminal and with -q."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    shown = []

    def show(text: str) -> None:
        shown.append(text)
        print(f"\r{text:<70}", end="", file=sys.stderr, flush=True)

    try:
        yield show
    finally:
        if shown:
            print("\r" + " " * 70 + "\r", end="", file=sys.stderr, flush=True)


def _write_model_files(args, puzzle, common) -> None:
    from .solve import PuzzleSession

    from .backends import SolveOptions

    run = PuzzleSession(puzzle, common["backend"], common["solver"], common["encoding"], SolveOptions(),
                        reduce=common["reduce"])
    try:
        if args.write_lp:
            run.write(args.write_lp, "lp")
        if args.write_mps:
            run.write(args.write_mps, "mps")
    finally:
        run.close()


def _solvers(args) -> int:
    from .solvers import DEFAULT_ORDER, default_pair, pairs

    try:
        default = default_pair()
        default_text = f"{default.backend}/{default.solver}"
    except SolverUnavailableError:
        default_text = "none"
    _say(f"{'backend':<9} {'solver':<8} {'status':<10} how to get it")
    for pair in pairs():
        status = "available" if pair.available else "missing"
        _say(f"{pair.backend:<9} {pair.solver:<8} {status:<10} {pair.how}".rstrip())
    _say(f"\ndefault pair: {default_text} (preference order: "
          + ", ".join(f"{b}/{s}" for b, s in DEFAULT_ORDER) + ")")
    return EXIT_SOLVED


def _convert(args) -> int:
    if args.index is not None:
        puzzle = io.load(args.input, args.format, args.index)
    else:
        puzzle = io.load(args.input, args.format)
    io.write(puzzle, args.output, args.to)
    print(f"wrote {args.output}", file=sys.stderr)
    return EXIT_SOLVED


def _bench(args) -> int:
    from .bench import format_table, run_benchmark, summarise
    from .solvers import DEFAULT_ORDER, pairs, require

    puzzles = [puzzle for path in args.files for puzzle in io.read(path)]
    if args.pairs == "core":
        chosen = list(DEFAULT_ORDER)
    elif args.pairs == "all":
        chosen = [(p.backend, p.solver) for p in pairs() if p.available]
    else:
        chosen = [tuple(item.split("/", 1)) for item in args.pairs.split(",")]
    for backend, solver in chosen:
        require(backend, solver)
    if args.enumerate:
        return _bench_enumeration(args, puzzles, chosen)
    encodings = args.encodings.split(",") if args.encodings else [None]
    levels = args.reduce.split(",")
    for level in levels:
        if level not in LEVELS:
            raise UnknownNameError("reduction level", level, list(LEVELS))
    combinations = [(b, s, e, level) for b, s in chosen for e in encodings for level in levels]

    with _status_line() as progress:
        measurements = run_benchmark(puzzles, combinations, args.time_limit, args.unique, args.repeat, args.seed,
                                     progress)
    rows = summarise(measurements)
    if args.json:
        _say(json.dumps({"summary": rows, "measurements": [vars(m) for m in measurements]}))
    else:
        _say(f"{len(puzzles)} puzzles x {len(combinations)} combinations x {args.repeat} repeats, interleaved")
        _say(format_table(rows))
    return EXIT_SOLVED


def _bench_enumeration(args, puzzles, chosen) -> int:
    from .bench import enumeration_costs

    for puzzle in puzzles:
        rows = enumeration_costs(puzzle, chosen, repeat=args.repeat)
        if args.json:
            _say(json.dumps({"puzzle": puzzle.name, "enumeration": rows}))
            continue
        _say(f"{puzzle.name}: all solutions, median of {args.repeat} interleaved runs")
        _say("| backend/solver | solutions | cuts on the live model s | rebuilt each time s | rebuilt / live |")
        _say("|---|---|---|---|---|")
        for row in rows:
            _say(f"| {row['backend']}/{row['solver']} | {row['solutions']} | {row['live_seconds']:.3f} | "
                  f"{row['rebuild_seconds']:.3f} | {row['rebuild_over_live']:.2f} |")
    return EXIT_SOLVED


def _generate(args) -> int:
    from .generate import generate_futoshiki
    from .puzzles import render

    from .io.solutions import solutions_path, write_solutions

    for seed in range(args.seed, args.seed + args.count):
        puzzle, square = generate_futoshiki(args.size, args.givens, args.signs, seed, args.backend, args.solver)
        if args.output:
            path = args.output.replace("{seed}", str(seed))
            io.write(puzzle, path)
            # The solution is proven unique, so it goes beside the puzzle as golden data.
            write_solutions(solutions_path(path), [square], count=1)
            print(f"wrote {path} and its .sol: {len(puzzle.given_cells())} givens, {len(puzzle.less)} signs",
                  file=sys.stderr)
        else:
            _say(f"% {puzzle.name}: {len(puzzle.given_cells())} givens, {len(puzzle.less)} signs")
            _say(render(puzzle))
            _say()
    return EXIT_SOLVED
