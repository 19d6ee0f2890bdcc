"""``futomip generate N --kind K``: make puzzles of any kind with a unique solution (Futoshiki
by default; nonograms of a chosen human grade; minimal Sudoku; QWH-style Latin completions;
minimal Str8ts with point-symmetric black cells; Killer Sudoku with random cages; minimal Tatham
"Adjacent" puzzles).

Each puzzle's solution goes beside it (``.sol``) with its human grade as a comment line.
Progress is shown on a terminal; ``--time-limit`` bounds the whole command, and every
puzzle finished before it runs out is kept.
"""

from __future__ import annotations

import sys

from .. import io
from ..options import Deadline, Options
from ._args import check_output_path, non_negative_int, positive_int, seconds
from ..make.grade import HUMAN_LEVELS
from ..make.makers import MAKERS, SUDOKU_SIZES
from ._output import say, status_line

__all__ = ["add_parser", "run_command"]

# Which knobs each kind reads; anything else given on the command line is refused.
_KNOBS = {
    "futoshiki": {"givens", "signs", "method"},
    "nonogram": {"difficulty", "density", "height"},
    "sudoku": {"difficulty", "method"},
    "latin": {"holes", "holes_pattern", "method"},
    "str8ts": {"givens", "blacks", "method", "difficulty"},
    "killer": {"difficulty", "method"},
    "adjacent": {"difficulty", "method"},
}
# Kinds whose "search" grade is only drawn at random, with what was seen (docs/maker.md).
_RARE_SEARCH = {
    "adjacent": "none was found at 4x4 to 6x6 within a minute",
    "sudoku": "none among 100 minimal 9x9 puzzles, and none in 10 minutes of drawing",
    "str8ts": "none among 100 minimal 9x9 puzzles",
}
SLOW_GRADE_NOTE = 60.0
"""Seconds one ``--difficulty`` puzzle may be drawn for, without ``--time-limit``, before a note
on stderr says that the grade may be rare or out of reach at this size (a 4x4 Sudoku never needs
probing): otherwise such a command runs on silently off a terminal, for ever."""
_DEFAULTS = {"givens": None, "signs": None, "method": "milp", "difficulty": None, "density": None, "height": None,
             "holes": None, "holes_pattern": None, "blacks": None}


def add_parser(commands) -> None:
    generate = commands.add_parser("generate", help="make puzzles of any kind with a unique solution")
    generate.add_argument("size", type=positive_int, help="board size n (a nonogram's width, a Latin square's order)")
    generate.add_argument("--kind", choices=MAKERS, default="futoshiki", help="puzzle kind (default: futoshiki)")
    generate.add_argument("--difficulty", choices=HUMAN_LEVELS,
                          help="nonogram, sudoku, str8ts, killer, adjacent: the human grade to reach (futomip grade); "
                               "default: any")
    generate.add_argument("--density", type=float, help="nonograms: share of black cells (default 0.55)")
    generate.add_argument("--height", type=positive_int, help="nonograms: height (default: the size)")
    generate.add_argument("--givens", type=non_negative_int,
                          help="futoshiki: given cells (default 7); str8ts: givens to start from (default a quarter "
                               "of the white cells)")
    generate.add_argument("--signs", type=non_negative_int, help="futoshiki: inequalities to start from (default 40)")
    generate.add_argument("--holes", type=float,
                          help="latin: holes to punch, a count or a share of the cells below 1 (default 0.42)")
    generate.add_argument("--holes-pattern", choices=("balanced", "random"),
                          help="latin: the same number of holes in every row and column, or anywhere "
                               "(default balanced)")
    generate.add_argument("--blacks", type=non_negative_int,
                          help="str8ts: black cells (default 22-30%% of the board, drawn per puzzle)")
    generate.add_argument("--seed", type=non_negative_int, default=0, help="random seed (default 0)")
    generate.add_argument("--count", type=positive_int, default=1, help="how many puzzles (seeds seed, seed+1, ...)")
    generate.add_argument("--output", "-o", metavar="PATTERN",
                          help="write each puzzle to PATTERN with {seed} replaced (format from the extension) "
                               "and its solution and human grade beside it (.sol); default: print them")
    generate.add_argument("--time-limit", type=seconds, metavar="S", help="seconds for the whole command")
    generate.add_argument("--backend", help="backend for the uniqueness checks")
    generate.add_argument("--solver", help="solver for the uniqueness checks")
    generate.add_argument("--method", default="milp",
                          help="exact method for the uniqueness checks: milp (default), propagate (futoshiki, latin), "
                               "backtrack (futoshiki, latin), cpsat (futoshiki, latin, str8ts)")


def _check_arguments(args) -> None:
    """Refuse, in one line, what the chosen kind cannot use or a value it cannot take."""
    from ..errors import UsageError

    unused = sorted(name for name, default in _DEFAULTS.items()
                    if getattr(args, name) != default and name not in _KNOBS[args.kind])
    if unused:
        flags = ", ".join("--" + name.replace("_", "-") for name in unused)
        users = sorted(kind for kind, knobs in _KNOBS.items() if set(unused) & knobs)
        raise UsageError(f"{flags} {'is' if len(unused) == 1 else 'are'} not used by --kind {args.kind} "
                         f"(only by {', '.join('--kind ' + kind for kind in users)})")
    if args.method != "milp":
        from .. import methods

        module = methods.method(args.method)
        if not module.EXACT or args.kind not in module.KINDS:
            raise UsageError(f"--method {args.method} cannot check uniqueness of {args.kind} puzzles "
                             f"(exact methods for them: milp"
                             + "".join(f", {name}" for name in methods.METHODS if name != "milp"
                                       and methods.method(name).EXACT and args.kind in methods.method(name).KINDS)
                             + ")")
    if args.density is not None and not 0 < args.density < 1:
        raise UsageError(f"--density must lie strictly between 0 and 1, got {args.density}")
    if args.kind in SUDOKU_SIZES and args.size not in SUDOKU_SIZES[args.kind]:
        *smaller, largest = SUDOKU_SIZES[args.kind]
        raise UsageError(f"a {'Sudoku' if args.kind == 'sudoku' else 'Killer Sudoku'}'s size must be a square number "
                         f"that futomip generate makes in minutes: {', '.join(map(str, smaller))} or {largest}, "
                         f"got {args.size}" + (" (larger boards take far longer: docs/maker.md)"
                                               if args.size > largest else ""))
    if args.holes is not None:
        from ..make.generate_latin import hole_count

        if args.holes < 0 or (1 <= args.holes and args.holes != int(args.holes)):
            raise UsageError(f"--holes must be a share in [0, 1) or a whole count, got {args.holes}")
        try:
            hole_count(args.size, args.holes)
        except ValueError as exc:
            raise UsageError(f"--holes: {exc}") from None
    if args.kind in _RARE_SEARCH and args.difficulty == "search" and args.time_limit is None:
        # These kinds draw at random until the grade is hit, and random minimal puzzles of them are
        # nearly always settled by probing: without a limit the draw could go on for ever, silently.
        raise UsageError(f"--kind {args.kind} --difficulty search needs --time-limit: puzzles of that grade are "
                         f"rare ({_RARE_SEARCH[args.kind]}; docs/maker.md)")
    if args.kind in ("latin", "str8ts", "adjacent") and args.size < 2:
        article = "an" if args.kind[0] in "aeiou" else "a"
        raise UsageError(f"{article} {args.kind} board needs size 2 or more, got {args.size}")
    if args.output:
        _check_suffix(args.output, args.kind, args.size)
        if args.count > 1 and "{seed}" not in args.output:
            # Each puzzle would overwrite the one before: only the last seed's would be left.
            stem, dot, suffix = args.output.rpartition(".")
            example = f"{stem}-{{seed}}.{suffix}" if dot else f"{args.output}-{{seed}}"
            raise UsageError(f"--count {args.count} writes {args.count} puzzles, and -o {args.output} names one file: "
                             f"put {{seed}} in the name (e.g. -o {example})")
    if args.blacks is not None and args.blacks >= args.size * args.size:
        raise UsageError(f"--blacks must leave white cells: below {args.size * args.size}, got {args.blacks}")


def _check_suffix(pattern: str, kind: str, size: int) -> None:
    """Refuse an output name no writer of the kind takes before any puzzle is made."""
    from pathlib import Path

    from ..errors import FutomipError, UsageError

    suffix = Path(pattern).suffix.lower()
    writers = [f for f in io.FORMATS.values() if f.kind == kind and f.write is not None]
    if not any(suffix in f.extensions for f in writers):
        names = "; ".join(sorted(f"{f.name} ({', '.join(f.extensions)})" for f in writers))
        raise UsageError(f"{pattern}: a {kind} cannot be written to a {suffix or 'suffix-less'} file; "
                         f"its formats are: {names}")
    blank = _blank(kind, size)
    if blank is not None:
        # A format may hold only some sizes (sudoku-grid: 4x4 and 9x9): write an empty board now,
        # as ``io.write`` will (the first format of the suffix that holds the size).
        try:
            io.text_by_name(blank, pattern)
        except FutomipError as exc:
            raise UsageError(f"{pattern}: {exc}") from None


def _blank(kind: str, n: int):
    """An empty board of the kind and size, for the writer's dry run (None: no such board)."""
    from ..puzzles.adjacent import Adjacent
    from ..puzzles.futoshiki import Futoshiki
    from ..puzzles.killer import Killer
    from ..puzzles.latin import LatinSquare
    from ..puzzles.str8ts import Str8ts
    from ..puzzles.sudoku import Sudoku

    empty = tuple((0,) * n for _ in range(n))
    makers = {"futoshiki": lambda: Futoshiki(n, empty, ()), "latin": lambda: LatinSquare(n, empty),
              "sudoku": lambda: Sudoku(n, empty), "str8ts": lambda: Str8ts.from_cells(n),
              "killer": lambda: Killer(n, ()), "adjacent": lambda: Adjacent(n, empty)}
    return makers[kind]() if kind in makers else None


def run_command(args, started: float) -> int:
    from ..make.generate import GenerationStopped
    from ..make.makers import make
    from ..io.solutions import solutions_path, write_solutions
    from ..puzzles import render

    _check_arguments(args)
    if args.output:
        # Every file's folder (a pattern may hold {seed} in a folder name) is made and tried now.
        for path in dict.fromkeys(args.output.replace("{seed}", str(seed))
                                  for seed in range(args.seed, args.seed + args.count)):
            check_output_path(path, None, "the output")
    deadline = Deadline(args.time_limit, start=started)
    options = Options(args.backend, args.solver)
    knobs = {"givens": args.givens, "signs": 40 if args.signs is None else args.signs,
             "density": 0.55 if args.density is None else args.density, "height": args.height,
             "holes": 0.42 if args.holes is None else args.holes, "balanced": args.holes_pattern != "random",
             "blacks": args.blacks}
    for seed in range(args.seed, args.seed + args.count):
        note = _slow_grade_note(args, seed)
        try:
            with status_line() as progress:
                made = make(args.kind, args.size, seed, difficulty=args.difficulty, options=options,
                            deadline=deadline, progress=progress, method=args.method, **knobs)
        except GenerationStopped as exc:
            print(f"futomip: seed {seed}: {exc}", file=sys.stderr)
            return 1
        finally:
            if note is not None:
                note.cancel()
        puzzle = made.puzzle
        if args.output:
            path = args.output.replace("{seed}", str(seed))
            io.write(puzzle, path)
            # The solution is proven unique, so it goes beside the puzzle as golden data.
            write_solutions(solutions_path(path), [made.solution], count=1, pixels=puzzle.kind == "nonogram",
                            comments=[f"human grade: {made.grade or 'not graded'}"
                                      + (f" (settled by {made.rung})" if made.rung != made.grade else "")])
            print(f"wrote {path} and its .sol: {made.about}", file=sys.stderr)
        else:
            say(f"% {puzzle.name}: {made.about}")
            # A nonogram is printed with its picture: the clues alone say little to the eye.
            say(render(puzzle, made.solution) if puzzle.kind == "nonogram" else render(puzzle))
            say()
    if not args.output and args.kind != "futoshiki" and not sys.stdout.isatty():
        # Only a Futoshiki's drawing is also a file format (grid): output sent to a file is
        # most likely meant to be read back.
        print(f"futomip: the {args.kind} boards printed are drawn for reading, not a file format futomip reads "
              f"back; -o 'NAME-{{seed}}.EXT' writes each in the format of its extension (docs/formats.md), with "
              "its solution beside it", file=sys.stderr)
    return 0


def _slow_grade_note(args, seed: int):
    """A started timer that prints the note of ``SLOW_GRADE_NOTE`` for this seed (cancel it when
    the puzzle is made), or None when no grade is asked for or ``--time-limit`` bounds the work."""
    if args.difficulty is None or args.time_limit is not None:
        return None
    import threading

    from ._output import say_error

    def note() -> None:
        wipe = "\r" + " " * 78 + "\r" if sys.stderr.isatty() else ""  # the status line, if one is drawn
        say_error(f"{wipe}futomip: note: seed {seed}: no {args.kind} of grade {args.difficulty} after "
                  f"{SLOW_GRADE_NOTE:g} s of drawing; at size {args.size} that grade may be rare or out of reach "
                  f"(docs/maker.md); still drawing: --time-limit bounds the search, Ctrl-C stops it")

    timer = threading.Timer(SLOW_GRADE_NOTE, note)
    timer.daemon = True  # never keeps the program alive
    timer.start()
    return timer
