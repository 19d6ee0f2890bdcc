"""``futomip bench FILES...``: time (layer, solver, encoding, reduction) combinations side by side.

Every combination solves every puzzle in one interleaved run (``futomip.bench``).  A Ctrl-C
keeps what was measured: the table of the finished measurements is printed before the
command exits with 130.
"""

from __future__ import annotations

import json
import threading

from .. import io, stopping
from ..errors import UnknownNameError, UsageError
from ..reduction import LEVELS
from ._args import positive_int, seconds, non_negative_int
from ._output import say, status_line

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    bench = commands.add_parser("bench", help="time (backend, solver, encoding) combinations side by side")
    bench.add_argument("files", nargs="+", help="puzzle files (every puzzle in each is used)")
    bench.add_argument("--pairs", default="core",
                       help="comma-separated backend/solver pairs and races (race:highs+cpsat), 'core' (the five pairs) "
                            "or 'all' available")
    bench.add_argument("--encodings", help="comma-separated encodings (default: the solver's default)")
    bench.add_argument("--reduce",
                       help=f"comma-separated reduction levels from {', '.join(LEVELS)} (default: {LEVELS[0]}; "
                            "with --enumerate: none, and split is refused there)")
    bench.add_argument("--repeat", type=positive_int, default=1, help="solve everything this many times")
    bench.add_argument("--unique", action="store_true", help="also time the uniqueness proof")
    bench.add_argument("--time-limit", type=seconds, metavar="S", help="seconds per solve")
    bench.add_argument("--seed", type=non_negative_int, help="solver random seed")
    bench.add_argument("--enumerate", action="store_true",
                       help="time enumerating all solutions with cuts added to the live model vs rebuilt models")
    bench.add_argument("--against", choices=["cpsat"],
                       help="also solve each puzzle with a native OR-Tools CP-SAT model (integer cells, AllDifferent, "
                            "<; one worker), interleaved, and report every combination's times and per-puzzle "
                            "ratios beside it (futoshiki, latin, sudoku, killer, adjacent)")
    bench.add_argument("--globals",
                       help="comma-separated global-constraint forms to measure side by side: native (CP-SAT's own "
                            "AllDifferent and <), linear (their rows); default: each pair's default")
    bench.add_argument("--json", action="store_true", help="print the raw measurements and summary as JSON")


def _pairs(text: str) -> list[tuple[str, str]]:
    from ..solvers import DEFAULT_ORDER, pairs

    if text == "core":
        return list(DEFAULT_ORDER)
    if text == "all":
        return [(p.backend, p.solver) for p in pairs() if p.available]
    chosen = []
    for item in text.split(","):
        if item.strip().startswith("race:"):
            chosen.append(("race", item.strip()))
            continue
        backend, sep, solver = item.strip().partition("/")
        if not sep or not backend or not solver:
            raise UsageError(f"--pairs: expected backend/solver (e.g. highspy/highs), 'core' or 'all', got {item!r}")
        chosen.append((backend, solver))
    return chosen


def run_command(args, started: float) -> int:
    from ..bench import format_table, run_benchmark, summarise
    from ..bench.compare import compare, format_comparison
    from ..solvers import require

    from . import EXIT_SOLVED, leave_after_interrupt

    chosen = _pairs(args.pairs)
    for backend, solver in chosen:
        if backend != "race":
            require(backend, solver)
    # --enumerate measures cuts on the model: the split's whole-grid leaves need none.
    levels = (args.reduce or ("none" if args.enumerate else LEVELS[0])).split(",")
    for level in levels:
        if level not in LEVELS:
            raise UnknownNameError("reduction level", level, list(LEVELS))
    if args.enumerate:
        # The enumeration table has no CP-SAT column, no uniqueness row and one form per pair:
        # an option it would ignore is refused, not dropped in silence.
        unused = [option for option, given in (("--against", args.against), ("--unique", args.unique),
                                               ("--globals", args.globals)) if given]
        if unused:
            raise UsageError(f"--enumerate times every solution's enumeration and takes no {', '.join(unused)}; "
                             "leave it out, or run the bench without --enumerate")
    if args.enumerate and "split" in levels:
        raise UsageError("--enumerate times cuts on the live model against rebuilt models, and --reduce split "
                         "enumerates by its search without a model: give --reduce none, lines or probing")
    puzzles = [puzzle for path in args.files for puzzle in io.read(path)]
    if args.against:
        _check_against(puzzles)
    encodings = args.encodings.split(",") if args.encodings else [None]
    if args.enumerate:
        return _bench_enumeration(args, puzzles, chosen, levels, encodings)
    forms = _forms(args.globals)
    if "native" in forms:
        _check_native(chosen)
    combinations = [(b, s, e, level, form) for b, s in chosen for e in encodings for level in levels for form in forms]
    measurements: list = []
    stopped = None
    printed = threading.Lock()

    def report(interrupted: bool) -> None:
        # Once only: the main thread and, if the process must be ended, the watchdog.
        if not measurements or not printed.acquire(blocking=False):
            return
        rows = summarise(list(measurements))
        comparison = compare(list(measurements)) if args.against else None
        if args.json:
            fields = {"summary": rows, "measurements": [vars(m) for m in measurements]}
            if comparison is not None:
                fields["against"] = comparison
            say(json.dumps(fields), flush=True)
        else:
            done = f" (interrupted after {len(measurements)} measurements)" if interrupted else ""
            say(f"{len(puzzles)} puzzles x {len(combinations)} combinations x {args.repeat} repeats, interleaved{done}")
            say(format_table(rows), flush=True)
            if comparison:
                say()
                say("Against a native CP-SAT model (1 worker), per puzzle, same run:")
                say(format_comparison(comparison), flush=True)

    last_words = lambda: report(True)  # noqa: E731 - one identity to add and remove
    stopping.last_words.append(last_words)
    with status_line() as progress:
        try:
            run_benchmark(puzzles, combinations, args.time_limit, args.unique, args.repeat, args.seed, progress,
                          measurements, args.against)
        except KeyboardInterrupt as exc:
            stopped = exc
        finally:
            stopping.last_words.remove(last_words)
    report(stopped is not None)
    if stopped is not None:
        leave_after_interrupt(stopped)
    return EXIT_SOLVED


def _forms(text: str | None) -> list[str | None]:
    from ..options import GLOBAL_FORMS

    if not text:
        return [None]
    forms = [item.strip() for item in text.split(",")]
    for form in forms:
        if form not in GLOBAL_FORMS:
            raise UnknownNameError("global-constraint form", form, list(GLOBAL_FORMS))
    return forms


def _check_native(chosen) -> None:
    """--globals native needs pairs that build globals natively: refused before anything runs."""
    from ..errors import UnsupportedFeatureError
    from ..solvers import solver

    lacking = [f"{b}/{s}" for b, s in chosen if b == "race" or not solver(s).layers[b].native_globals]
    if lacking:
        raise UnsupportedFeatureError(f"--globals native: {', '.join(lacking)} cannot build native global "
                                      "constraints; measure them with --globals linear, or bench ortools/cpsat alone")


def _check_against(puzzles) -> None:
    """--against cpsat needs ortools (exit 3 without it) and puzzles the native model covers (exit 2)."""
    from ..bench.cpsat import KINDS
    from ..solvers import require

    require("ortools", "cpsat")
    other = sorted({puzzle.kind for puzzle in puzzles} - set(KINDS))
    if other:
        raise UsageError(f"--against cpsat has a native model for {', '.join(KINDS)}, not for {', '.join(other)}")


def _bench_enumeration(args, puzzles, chosen, levels, encodings) -> int:
    from ..batch.table import markdown_table
    from ..bench import enumeration_costs

    for puzzle in puzzles:
        rows = enumeration_costs(puzzle, chosen, args.repeat, levels, encodings, args.time_limit, args.seed)
        if args.json:
            say(json.dumps({"puzzle": puzzle.name, "enumeration": rows}))
            continue
        say(f"{puzzle.name}: all solutions, median of {args.repeat} interleaved runs")
        say(markdown_table(["backend/solver", "reduction", "encoding", "solutions", "cuts on the live model s",
                            "rebuilt each time s", "rebuilt / live"],
                           [[f"{row['backend']}/{row['solver']}", row["reduction"], row["encoding"] or "default",
                             f"{row['solutions']}" + ("" if row["complete"] else " (time limit: not all)"),
                             f"{row['live_seconds']:.3f}", f"{row['rebuild_seconds']:.3f}",
                             f"{row['rebuild_over_live']:.2f}"] for row in rows]))
    return 0
