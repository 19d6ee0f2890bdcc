"""The ``futomip`` command: argument parsing, sub-commands and exit codes.

    futomip FILE ...            same as ``futomip solve FILE ...``
    futomip solve FILE          solve and print the board (``--json`` for scripts)
    futomip solvers [--json]    every (backend, solver) pair and whether it runs here
    futomip inspect FILE        rows, columns, nonzeros per constraint family; presolve; root LP
    futomip convert IN OUT      rewrite a puzzle file in another format
    futomip bench FILE...       time (backend, solver, encoding) combinations side by side
    futomip batch FILE... -o R  many puzzles x methods on many cores into a JSON Lines file
    futomip report R [-o DIR]   percentile table, CSV and pictures of a batch's results
    futomip generate N          make a Futoshiki with a unique solution
    futomip draw FILE -o X.svg  a picture: puzzle, solution, conflict or LP relaxation (SVG/PNG)

Each sub-command is one module here with ``add_parser(commands)`` and
``run_command(args, started)``; adding one is a module plus a line in ``COMMANDS``.  The CLI
parses and prints; the pipeline (``futomip.pipeline``) decides.

Exit codes (a contract, docs/troubleshooting.md, "Exit codes"):

    0    solved (every puzzle of the file)
    1    infeasible, time limit reached without a solution, or solver error
    2    usage or data error (bad option value, unknown name, malformed file, unusable
         output path, a request the chosen pair cannot honour, a model over the memory guard)
    3    the chosen solver is not available (the message says how to get it)
    70   a bug in futomip (an unexpected exception; FUTOMIP_DEBUG=1 shows the traceback)
    130  interrupted by Ctrl-C (SIGINT); 143 ended by SIGTERM; results finished before are kept
    141  the reader of the output went away (a closed pipe); nothing more is printed

No user error shows a Python traceback.  Must not be imported by any other futomip module.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import threading
import time
import traceback

from .. import compiled, scratch, stopping
from ..errors import FutomipError, MissingPackageError, SolverUnavailableError, UsageError
from ._output import (flush, program_output_for_argparse, program_stdout, route_library_output, say_error,
                      silence_broken_stdout)

__all__ = ["main", "program", "build_parser", "leave_after_interrupt"]

EXIT_SOLVED, EXIT_UNSOLVED, EXIT_USAGE, EXIT_UNAVAILABLE = 0, 1, 2, 3
EXIT_BUG = 70
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE, EXIT_TERMINATED = 130, 141, 143

# Sub-command name -> module, one line each, in the order ``--help`` lists them.
COMMANDS = {
    "solve": "futomip.cli.solve",
    "solvers": "futomip.cli.solvers",
    "inspect": "futomip.cli.inspect",
    "convert": "futomip.cli.convert",
    "bench": "futomip.cli.bench",
    "batch": "futomip.cli.batch",
    "report": "futomip.cli.report",
    "generate": "futomip.cli.generate",
    "draw": "futomip.cli.draw",
    "grade": "futomip.cli.grade",
}


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("futomip")
    except Exception:  # noqa: BLE001 - a checkout without metadata still answers.
        return "unknown (not installed)"


class _Parser(argparse.ArgumentParser):
    """argparse's parser with one-line usage errors: argparse's own ``error`` prints the
    whole usage block (ten lines for ``solve``) before the one line that matters."""

    help_command: str | None = None
    """Where ``--help`` lists the options when the error is the root parser's (an unknown option
    after a command's arguments is reported there): ``futomip solve``, not ``futomip``."""

    def error(self, message: str):
        where = self.help_command or self.prog
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} ({where} --help lists the options)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="futomip",
        description="Solve grid logic puzzles (Futoshiki, Str8ts, Sudoku, Killer Sudoku, Latin-square completion, "
        "Adjacent and nonograms) as MILPs.",
        epilog="`futomip FILE` is short for `futomip solve FILE`. Exit codes: 0 solved, 1 infeasible or not "
        "solved, 2 usage or data error, 3 solver unavailable, 130/143 interrupted (SIGINT/SIGTERM).",
    )
    parser.add_argument("--version", action="version", version=f"futomip {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS.values():
        importlib.import_module(module).add_parser(commands)
    return parser


def program() -> None:
    """The ``futomip`` program (console script and ``python -m futomip``): run ``main`` on the
    process's arguments and leave at once.

    The time limit counts from the moment the process started, and the process ends
    without the interpreter's clean-up (a few hundred milliseconds of library destructors
    that a time limit would not cover), after flushing output and ending any solver
    program still running.  Every process the command started, and every orphan of theirs
    (the program adopts them), is waited for first: none is left to init as a zombie.
    """
    from .._children import adopt_orphans
    from ..solvers.cpsat_import import allow_lean_import

    adopt_orphans()
    scratch.make()
    allow_lean_import()  # this process runs only futomip: CP-SAT's layer without pandas (0.2 s)
    _leave(main(started=_process_start()))


def _leave(code: int) -> None:
    """End the process with ``code`` at once: output flushed, every process the command
    started ended and waited for, then the scratch folder removed (a solver program still
    running could write into it)."""
    import signal

    from .._children import end_all_children

    if threading.current_thread() is threading.main_thread():
        # The command is over: a signal now would only interrupt the clean-up below.
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, signal.SIG_IGN)
    flush()
    end_all_children(grace=0.2)
    scratch.remove()
    os._exit(code)


STARTUP_ALLOWANCE = 0.25
"""Seconds the interpreter may take to start before futomip's first line runs (some 20-60 ms
on an idle machine): how far back from that line the time limit may start."""


def _process_start() -> float:
    """The ``time.perf_counter()`` reading at which this process started (Linux ``/proc``),
    so that the interpreter's start and the imports count against the time limit; else the
    moment futomip was first imported.

    A process's start is when it was forked, not when it began to run futomip: a shell that
    runs its last command by ``exec`` (``bash -c 'sleep 8; futomip FILE'``, a subshell) hands
    futomip its own process, whose earlier life must not count.  So the start is taken no
    earlier than ``STARTUP_ALLOWANCE`` seconds before futomip's first line ran."""
    from .. import IMPORTED_AT

    earliest = IMPORTED_AT - STARTUP_ALLOWANCE
    try:
        with open("/proc/self/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as handle:
            uptime = float(handle.read().split()[0])
        age = uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(time.perf_counter() - max(0.0, age), earliest)
    except (OSError, ValueError, IndexError):
        return IMPORTED_AT


def main(argv: list[str] | None = None, handle_signals: bool | None = None, started: float | None = None) -> int:
    """Run the command line ``argv`` (default: the program's arguments); the exit code.

    As a program (``argv`` None) SIGINT and SIGTERM stop the command cleanly
    (``futomip.stopping``); ``handle_signals`` overrides that choice.  ``started`` is when
    the command's time limit starts counting (default: now).
    """
    started = time.perf_counter() if started is None else started
    handling = handle_signals if handle_signals is not None else argv is None
    with program_stdout():
        try:
            if handling:
                stopping.install_signal_handlers()
                stopping.on_forced_exit = _forced_exit
            code = _main(sys.argv[1:] if argv is None else list(argv), started)
            if handling and stopping.requested() is not None:
                # The stop's ``Stopped`` was lost where Python cannot raise (a weak reference's
                # callback; see ``stopping._quiet_lost_stop``) and the command ran to its end.
                leave_after_interrupt(stopping.Stopped(stopping.requested()))
            return code
        except BrokenPipeError:
            silence_broken_stdout()
            return EXIT_BROKEN_PIPE
        except KeyboardInterrupt as exc:
            # Before a command's own handling (building the parser imports every command):
            # the program's one line and exit code, not a traceback.
            if not handling:
                raise
            leave_after_interrupt(exc)


def _check_compile_variable() -> None:
    """``FUTOMIP_COMPILE`` other than the values ``futomip.compiled`` reads is a usage error
    (as a bad ``FUTOMIP_MAX_FILE_MB`` is): ``2`` or ``ture`` would quietly mean "auto"."""
    value = os.environ.get(compiled.ENVIRONMENT_VARIABLE)
    if value is not None and value.strip().lower() not in compiled.ENVIRONMENT_VALUES:
        raise UsageError(f"{compiled.ENVIRONMENT_VARIABLE} must be one of {', '.join(compiled.ENVIRONMENT_VALUES[:3])} "
                         f"(0: interpreted, 1: compiled here, auto: the background warm-up), not {value!r}")


ROOT_OPTIONS = ("-h", "--help", "--version")
"""The options of ``futomip`` itself; any other option before the file belongs to ``solve``."""


def _main(argv: list[str], started: float) -> int:
    # A bare file name means "solve it": the everyday use needs no sub-command, and the solve
    # options may come before the file (``futomip --json FILE``).
    if argv and argv[0] not in COMMANDS and argv[0] not in ROOT_OPTIONS:
        if not argv[0].startswith("-"):
            unknown = _mistyped_command(argv[0])
            if unknown:
                say_error(f"futomip: error: {unknown}")
                return EXIT_USAGE
            argv.insert(0, "solve")
        elif not any(arg in COMMANDS for arg in argv):
            argv.insert(0, "solve")
    parser = build_parser()
    if argv and argv[0] in COMMANDS:
        parser.help_command = f"futomip {argv[0]}"
    with program_output_for_argparse():
        args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    route_library_output(getattr(args, "verbose", False))
    try:
        _check_compile_variable()
        return importlib.import_module(COMMANDS[args.command]).run_command(args, started)
    except SolverUnavailableError as exc:
        what = "not installed" if isinstance(exc, MissingPackageError) else "solver unavailable"
        print(f"futomip: {what}: {exc}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except FutomipError as exc:
        print(f"futomip: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        raise
    except OSError as exc:
        if stopping.ending():
            stopping.await_the_end()  # the ending's consequence, as below
        # Name the file the system refused, in the words of the other file errors (not "[Errno 5] ...").
        text = f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror else str(exc)
        print(f"futomip: error: {text}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        leave_after_interrupt(exc)
    except MemoryError:
        print("futomip: error: out of memory (a smaller --max-columns refuses such models up front)", file=sys.stderr)
        return EXIT_UNSOLVED
    except Exception as exc:  # noqa: BLE001 - a bug: one line, and the traceback on request.
        if stopping.ending():
            # The watchdog is ending the command (its report is printed or being printed) and
            # killed the child programs under the main thread's feet, e.g. a fork server that
            # was still starting a race's worker (EOFError): its exit code stands, not 70.
            stopping.await_the_end()
        if stopping.requested() is not None:
            # A signal arrived while a C extension was converting arguments or unwinding
            # (pybind11 turns the KeyboardInterrupt raised there into a TypeError, for one):
            # the exception is the interrupt's consequence, not a bug, so exit as interrupted.
            leave_after_interrupt(stopping.Stopped(stopping.requested()))
        print(f"futomip: internal error: {type(exc).__name__}: {exc} (please report it with the command line; "
              "FUTOMIP_DEBUG=1 shows the traceback)", file=sys.stderr)
        if os.environ.get("FUTOMIP_DEBUG"):
            traceback.print_exc()
        return EXIT_BUG


def _mistyped_command(word: str) -> str | None:
    """What is wrong when ``word`` is neither a command nor an existing file but close to a
    command's name (``sovlers``), else None (the file error says the rest)."""
    if os.path.exists(word):
        return None
    import difflib

    close = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.75)
    if not close:
        return None
    return f"{word}: no such file, and no such command; did you mean 'futomip {close[0]}'?"


def leave_after_interrupt(exc: KeyboardInterrupt) -> None:
    """Exit at once with 130 (SIGINT) or 143 (SIGTERM), skipping interpreter clean-up.

    After a cancelled HiGHS solve, the C++ clean-up at normal interpreter exit can abort the
    process (seen with highspy 1.15); everything the user needs is printed by now.
    """
    reason = getattr(exc, "reason", "interrupted (Ctrl-C)")
    say_error(f"futomip: {reason}")
    _leave(getattr(exc, "exit_code", EXIT_INTERRUPTED))


def _forced_exit(reason: str) -> None:
    """The watchdog is about to end a command that did not stop in time."""
    say_error(f"futomip: {reason}; ended")
    flush()
