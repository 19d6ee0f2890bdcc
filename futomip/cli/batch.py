"""``futomip batch FILES... -o results.jsonl``: many puzzles, several methods, many cores.

Every (puzzle, method or method:pair, repeat) becomes one JSON line of the results file,
written and synced as soon as it is known (``futomip.batch.store``); ``--resume`` skips
the lines the file already has, so a killed batch continues where it stopped, and runs
again the jobs whose line says ``error`` (their old lines are taken out first).  The work
runs on ``--jobs`` worker processes (default: the cores) or a Dask cluster (``--dask``),
in interleaved order (``futomip.batch.work.plan``).  Ctrl-C ends the workers at once and
keeps every finished line (exit 130).  ``futomip report`` reads the file.
"""

from __future__ import annotations

import os

from .. import io
from ..errors import UsageError
from ..options import GLOBAL_FORMS, SCHEDULES, Options
from ..pipeline.schedule import JOBS_VARIABLE
from ..reduction import LEVELS
from ._args import check_output_path, positive_int, restart_policy, seconds
from ._output import say, say_error

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    batch = commands.add_parser("batch", help="run many puzzles with several methods into a JSON Lines file")
    batch.add_argument("files", nargs="+", help="puzzle files (every puzzle in each is used), or folders: "
                                                "every puzzle file in them and their subfolders")
    batch.add_argument("-o", "--output", required=True, metavar="FILE.jsonl", help="results file (one JSON line per job)")
    batch.add_argument("--method", default=None, metavar="NAMES",
                       help="comma-separated methods: default, milp, backtrack, propagate, anneal, genetic, csp, cpsat, "
                            "sat (default: 'default', the measured best per kind as 'futomip solvers' shows, e.g. sat "
                            "for nonograms where python-sat is installed; milp when --pairs, --encoding, --reduce, "
                            "--schedule, --restarts or --globals pins the MILP)")
    batch.add_argument("--pairs", metavar="B/S,...", help="backend/solver pairs for milp (default: the fastest available)")
    batch.add_argument("--encoding", help="MILP model variant (default per solver)")
    batch.add_argument("--reduce", choices=LEVELS, default=None,
                       help="MILP domain reduction (default: the level measured best per kind and pair)")
    batch.add_argument("--schedule", choices=SCHEDULES, default=None,
                       help="split search and whole-model solver: parallel, sequential, search (default: auto, "
                            "parallel when every job has a free core for its solver worker)")
    batch.add_argument("--globals", choices=GLOBAL_FORMS, default=None,
                       help="global constraints as the solver's own (native: ortools/cpsat only; nonogram lines as "
                            "AddAutomaton) or as their linear rows (default: the measured default per kind)")
    batch.add_argument("--restarts", type=restart_policy, default=None, metavar="KIND[:FAILURES]",
                       help="restarts of the Latin split search: off (default; learn:100 for a Latin completion), "
                            "plain, lp, portfolio, twin, learn, optionally with the failures per Luby unit (default 100), as for "
                            "'futomip solve'")
    batch.add_argument("--time-limit", type=seconds, metavar="S", help="seconds per job (each puzzle, each method)")
    batch.add_argument("--unique", action="store_true", help="also prove each solution unique")
    batch.add_argument("--repeat", type=positive_int, default=1, help="run everything this many times")
    batch.add_argument("--seed", type=int, help="random seed (solvers and the heuristic methods)")
    batch.add_argument("--jobs", type=positive_int, metavar="N", help="worker processes (default: the cores)")
    batch.add_argument("--dask", metavar="ADDRESS",
                       help="run on Dask: 'local' (a LocalCluster of --jobs workers) or a scheduler tcp://host:8786")
    batch.add_argument("--resume", action="store_true", help="continue a results file: skip the jobs it holds, run again those whose line is an error")
    batch.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no summary")


def _default_method(args, options: Options) -> str:
    """Without ``--method``: the registry's route ("default"), or "milp" when an option pins
    the MILP (the label the results file then has, as before the route existed)."""
    from ..methods.default import pinned

    return "milp" if args.pairs or pinned(options) else "default"


def run_command(args, started: float) -> int:
    from ..batch.runner import default_jobs, require_dask, run_dask, run_here, run_local
    from ..batch.store import Store, done_keys, drop_error_lines, error_keys, held_records, settings_clash
    from ..batch.work import parse_labels, plan, settings_of
    from . import EXIT_SOLVED, leave_after_interrupt
    from ._progress import bar

    if args.output == "-":
        # Each line is synced to a file as it comes and --resume reads the file back: no pipe.
        raise UsageError("batch -o needs a results file (each line is synced to it and --resume reads it back), "
                         "not - ; read it while it grows with: tail -f FILE.jsonl")
    check_output_path(args.output, None, "a results file")
    options = Options(encoding=args.encoding, reduce=args.reduce, time_limit=args.time_limit, seed=args.seed,
                      schedule=args.schedule, globals=args.globals, restarts=args.restarts)
    labels = parse_labels(args.method or _default_method(args, options), args.pairs)
    if args.dask in (None, "local"):
        _check_runnable(labels)
    if args.dask:
        # Before the results file is made: refused later, it left an empty file behind.
        require_dask()
    files = _read_files(args.files)
    records = held_records(args.output) if args.resume else []
    if args.resume:
        # The docs promise runs are never mixed by accident: a resume with other settings would
        # skip every job the file holds and say nothing, or add lines made another way.
        clash = settings_clash(records, {"time_limit": args.time_limit, "unique_asked": args.unique,
                                         **settings_of(options)})
        if clash:
            raise UsageError(f"{args.output} holds results run with {clash}: a resume continues a run with its "
                             "own settings (give the same ones, or choose another results file)")
    failed = error_keys(records)
    skip = done_keys(records) - failed
    jobs, unsupported = plan(files, labels, args.repeat, options, args.unique, skip)
    rerun = drop_error_lines(args.output, failed & {job.key for job in jobs})
    for label, count in unsupported.items():
        say_error(f"futomip: {label} does not take {count} of the puzzles; they are left out")
    workers = args.jobs or default_jobs()
    # Every job's schedule counts the jobs sharing the cores (workers inherit the environment).
    os.environ[JOBS_VARIABLE] = str(1 if args.dask else min(workers, max(1, len(jobs))))
    statuses: dict[str, int] = {}
    with Store(args.output, args.resume) as store, bar(len(jobs), args.quiet) as advance:
        def on_record(record: dict) -> None:
            store.add(record)
            statuses[record["status"]] = statuses.get(record["status"], 0) + 1
            if advance is not None:
                advance(f"{record['label']} {record['status']}")

        try:
            if args.dask:
                run_dask(jobs, args.dask, workers, on_record)
            elif workers == 1 or len(jobs) <= 1:
                run_here(jobs, on_record)
            else:
                run_local(jobs, min(workers, len(jobs)), on_record)
        except KeyboardInterrupt as exc:
            store.close()
            written = store.written
            say_error(f"futomip: {written} line{'' if written == 1 else 's'} written to {args.output} before the stop")
            leave_after_interrupt(exc)
    if not args.quiet:
        counts = ", ".join(f"{count} {status}" for status, count in sorted(statuses.items()))
        again = f" ({rerun} of them re-run after an error)" if rerun else ""
        say(f"{len(jobs)} jobs run{again}, {len(skip)} already in {args.output}" + (f": {counts}" if counts else ""))
    return EXIT_SOLVED


def _check_runnable(labels) -> None:
    """A pair or a method that cannot run here is refused before any job (exit 3 with the
    install hint, as ``solve`` and ``bench`` do), instead of one ``error`` line per job.  A
    remote Dask cluster's workers may have what this machine lacks: not checked for them."""
    from .. import methods
    from ..errors import SolverUnavailableError
    from ..solvers import require

    for label in labels:
        if label.backend or label.solver:
            require(label.backend, label.solver)
        elif label.method == "cpsat":
            require("ortools", "cpsat")
        elif label.method == "sat" and not methods.method("sat").available():
            raise SolverUnavailableError("the sat method needs python-sat: pip install 'futomip[sat]'")


def _expand_folders(paths: list[str]) -> list[str]:
    """``paths`` with each folder replaced by the puzzle files in it and its subfolders, sorted:
    the files whose name ends in an extension a format reads (``io.FORMATS``), hidden files
    and folders aside.  The other files of a folder (results, pictures, notes, ``.sol``) are
    left out with one message; a folder with no puzzle file is a usage error."""
    from pathlib import Path

    extensions = {extension for fmt in io.FORMATS.values() for extension in fmt.extensions}
    expanded = []
    for path in paths:
        folder = Path(path)
        if not folder.is_dir():
            expanded.append(path)
            continue
        inside = sorted(file for file in folder.rglob("*") if file.is_file()
                        and not any(part.startswith(".") for part in file.relative_to(folder).parts))
        puzzles = [file for file in inside if file.suffix.lower() in extensions]
        others = sorted({file.suffix.lower() or file.name for file in inside} - extensions)
        if not puzzles:
            raise UsageError(f"{path}: no puzzle file in this folder (file names ending in "
                             f"{', '.join(sorted(extensions))})")
        if others:
            left = len(inside) - len(puzzles)
            say_error(f"futomip: {path}: {left} file{'' if left == 1 else 's'} left out, not named as puzzle files "
                      f"({', '.join(others[:6])}{', ...' if len(others) > 6 else ''})")
        expanded += [str(file) for file in puzzles]
    return expanded


def _read_files(paths: list[str]) -> list[tuple[str, list]]:
    """Every puzzle file of the batch, read before any job runs.

    A file named twice runs once.  Solution files (``.sol``, which ``generate`` writes beside
    each puzzle, so ``batch made/*`` names them) are left out with one message.  Every file that
    cannot be read is named, each with its ``path:line:column`` error, and then nothing runs
    (exit 2): a batch of hours should not stop at the first damaged file after a fix, nor
    start with one the user would want to mend."""
    from ..errors import DataFormatError

    unique = list(dict.fromkeys(_expand_folders(paths)))
    solutions = [path for path in unique if path.lower().endswith(".sol")]
    if solutions:
        say_error(f"futomip: {len(solutions)} solution file{'s' if len(solutions) > 1 else ''} (.sol) left out: "
                  f"{', '.join(solutions[:3])}{', ...' if len(solutions) > 3 else ''}")
    files, failed = [], []
    for path in unique:
        if path in solutions:
            continue
        try:
            files.append((path, io.read(path)))
        except DataFormatError as exc:
            failed.append(exc)
    if len(failed) == 1:
        raise failed[0]
    if failed:
        for exc in failed:
            say_error(f"futomip: error: {exc}")
        raise UsageError(f"{len(failed)} of the {len(unique) - len(solutions)} files cannot be read (above); "
                         "no job was run")
    return files
