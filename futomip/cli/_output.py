"""Where the command's output goes: its own stdout, a progress line on stderr, and pipes.

Solver libraries write to standard output on their own: highspy 1.16 prints a banner from
C++ when its first ``Highs`` object is made, CBC and GLPK run as child programs, and
Pyomo's ``tee`` writes solver logs to ``sys.stdout``.  Scripts read ``--json`` from stdout,
so for the command's lifetime file descriptor 1 (and with it ``sys.stdout``) points at
stderr (``route_library_output`` then sends it to /dev/null unless ``-v`` asked for solver
logs), and only ``say`` writes to a duplicate of the real stdout.  When ``sys.stdout`` is
not descriptor 1 (a test capturing output, an embedding program), nothing is redirected
and ``say`` prints to ``sys.stdout``.

A reader that closes the pipe early (``futomip ... --json | head -c 10``) ends the command
quietly: ``say`` raises ``BrokenPipeError`` once, the CLI exits 141 without a message, and
nothing more is written.
"""

from __future__ import annotations

import contextlib
import os
import sys

__all__ = ["say", "say_error", "flush", "program_stdout", "route_library_output", "status_line"]

_stdout = None
_stderr_fd = None
"""A duplicate of the program's stderr, made when the command starts (``program_stdout``): a
solver layer may be capturing ``sys.stderr`` (and descriptor 2) when a signal ends the
command, and the last message must still reach the user (Pyomo's HiGHS interface swallowed
"interrupted" once)."""


def say(*parts, **options) -> None:
    """``print`` to the program's own standard output."""
    print(*parts, file=_stdout or sys.stdout, **options)


def say_error(text: str) -> None:
    """One line to the program's own stderr, whoever holds ``sys.stderr`` right now."""
    flush()
    data = (text + "\n").encode(getattr(sys.stderr, "encoding", None) or "utf-8", "replace")
    if _stderr_fd is None:
        print(text, file=sys.stderr, flush=True)
        return
    try:
        os.write(_stderr_fd, data)
    except OSError:
        pass


def flush() -> None:
    for stream in (_stdout, sys.stdout, sys.stderr):
        if stream is not None:
            try:
                stream.flush()
            except (OSError, ValueError):
                pass


@contextlib.contextmanager
def program_stdout():
    """Keep descriptor 1 for what futomip prints (see the module text)."""
    global _stdout, _stderr_fd
    try:
        own = sys.stdout.fileno() == 1
    except (AttributeError, OSError, ValueError):
        own = False
    if not own:
        yield
        return
    sys.stdout.flush()
    _stderr_fd = os.dup(2)
    real = os.dup(1)
    os.dup2(2, 1)
    _stdout = os.fdopen(real, "w", buffering=1, encoding=sys.stdout.encoding, errors=sys.stdout.errors)
    try:
        yield
    finally:
        stream, _stdout = _stdout, None
        os.close(_stderr_fd)
        _stderr_fd = None
        try:
            stream.flush()
        except BrokenPipeError:
            pass
        finally:
            os.dup2(stream.fileno(), 1)
            try:
                stream.close()
            except BrokenPipeError:
                pass


@contextlib.contextmanager
def program_output_for_argparse():
    """``--help`` and ``--version`` are argparse's prints to ``sys.stdout``: let them reach
    the program's stdout."""
    if _stdout is None:
        yield
        return
    saved = sys.stdout
    sys.stdout = _stdout
    try:
        yield
    finally:
        sys.stdout = saved


def route_library_output(verbose: bool) -> None:
    """Where what libraries write to descriptor 1 goes: stderr with ``-v`` (solver logs),
    else nowhere (highspy's banner and other chatter); only while ``program_stdout`` owns it."""
    if _stdout is None:
        return
    sys.stdout.flush()
    if verbose:
        os.dup2(2, 1)
    else:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)


def silence_broken_stdout() -> None:
    """After a broken pipe: send further output to /dev/null so that nothing complains at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    target = _stdout.fileno() if _stdout is not None else 1
    os.dup2(devnull, target)
    os.close(devnull)


@contextlib.contextmanager
def status_line(quiet: bool = False):
    """A progress printer for long work (reduction, the split search, explanation, benchmarks):
    one rewritten stderr line on a terminal, wiped afterwards so that the next output starts
    on a clean line; None off a terminal and with -q."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    shown = []

    def show(text: str) -> None:
        shown.append(text)
        print(f"\r{text[:78]:<78}", end="", file=sys.stderr, flush=True)

    try:
        yield show
    finally:
        if shown:
            print("\r" + " " * 78 + "\r", end="", file=sys.stderr, flush=True)
