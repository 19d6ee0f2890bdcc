"""Ending work early on request: Ctrl-C (SIGINT), SIGTERM, and a time limit a solver overruns.

One mechanism serves all three.  While a solver runs, the backend registers how to cancel
it (``cancellable``): ``cancelSolve`` for a HiGHS object in this process, whichever
modelling layer made it, and ending the child program for CBC or GLPK.  Then:

- The command-line program calls ``install_signal_handlers``.  SIGINT and SIGTERM raise
  ``Stopped`` in the main thread and also wake a watchdog thread through
  ``signal.set_wakeup_fd``, which works even while the main thread is inside C++ (PuLP
  calls HiGHS' blocking ``run()``, and Python runs no signal handler until it returns).
  The watchdog cancels every registered solve at once; the solve returns, the pipeline
  unwinds with ``Stopped`` and the command prints what it finished.  Should the process
  still be busy ``GRACE`` seconds later, the watchdog ends child programs and the process
  itself (exit 130 for SIGINT, 143 for SIGTERM) after ``on_forced_exit`` has flushed output.
- A solve registered with a deadline is cancelled by the same thread once the deadline has
  passed by ``OVERRUN`` seconds: HiGHS can overrun its own limit on large models and a
  solver program can be slow to notice its own.
- A library that swallows the ``KeyboardInterrupt`` (highspy's own wait loop does) cannot
  hide it: leaving ``cancellable`` raises ``Stopped`` when a stop was requested.

Without ``install_signal_handlers`` (the Python API) Ctrl-C is Python's plain
``KeyboardInterrupt``; deadline enforcement works the same.
"""

from __future__ import annotations

import contextlib
import faulthandler
import gc
import itertools
import os
import select
import signal
import sys
import threading
import time
from typing import Callable

from . import scratch
from ._children import end_all_children, terminate_children

__all__ = ["Stopped", "DeadlineReached", "raise_deadline_behind", "cancellable", "deadline_bound",
           "set_hard_deadline", "check", "solving", "requested", "install_signal_handlers", "ending",
           "await_the_end", "keep_until_exit", "GRACE", "OVERRUN"]

GRACE = 1.5
"""Seconds a cancelled command has to wind down before the watchdog ends the process."""

OVERRUN = 0.2
"""Seconds past its deadline after which a registered solve is cancelled."""

_REASONS = {signal.SIGINT: "interrupted (Ctrl-C)", signal.SIGTERM: "terminated (SIGTERM)"}


class Stopped(KeyboardInterrupt):
    """The command was asked to stop by a signal; ``exit_code`` is 128 + the signal number."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        self.signum = signum
        self.exit_code = 128 + signum
        self.reason = _REASONS.get(signum, f"stopped by signal {signum}")
        super().__init__(self.reason)


class DeadlineReached(Exception):
    """Work in Python (building a model) ran past the command's deadline; see ``deadline_bound``."""


def raise_deadline_behind(exc: BaseException) -> None:
    """Raise the ``DeadlineReached`` behind ``exc``, if there is one.  The deadline's alarm can
    land while a C extension initialises its module (OR-Tools' is imported during the model's
    build, in the whole-model worker); the extension then reports ``ImportError("initialization
    failed")`` caused by the ``DeadlineReached``, which is the time limit, not a broken install."""
    cause = exc.__cause__ or exc.__context__
    if isinstance(cause, DeadlineReached):
        raise cause


class deadline_bound:  # noqa: N801 - used as a plain ``with`` statement, like a function
    """Interrupt the body, in the main thread, ``OVERRUN`` seconds after ``deadline_end``
    (a ``time.perf_counter`` reading) by raising ``DeadlineReached``.

    Building a large model through PuLP or Pyomo is seconds of pure Python that no solver
    callback can stop, and it once took a 2 s limit to 2.8 s.  A real-time interval timer
    (SIGALRM) interrupts it at the next bytecode.  Only in the main thread and when no other
    timer is running (a test's own alarm wins); elsewhere the body simply runs to its end.

    An exception raised by a signal handler is lost when the handler happens to run inside a
    garbage collection (its callbacks, the finalizers it calls) or a ``__del__``: CI once saw
    it swallowed by hypothesis' gc callback, and the build ran its 11 s.  So the timer repeats
    every ``REPEAT`` seconds until the body ends, and the handler raises nothing while a
    collection or a finalizer runs (two gc callbacks, first and last, mark the collection),
    nor while this object's own enter and exit run, so leaving can never be cut short with
    the timer still armed.
    """

    REPEAT = 0.05

    def __init__(self, deadline_end: float | None) -> None:
        self.deadline_end = deadline_end
        self.previous = None

    def __enter__(self):
        if (self.deadline_end is None or threading.current_thread() is not threading.main_thread()
                or signal.getitimer(signal.ITIMER_REAL)[0] > 0):
            return self
        self.collecting = False
        gc.callbacks.insert(0, self._gc_starts)
        gc.callbacks.append(self._gc_stops)
        self.previous = signal.signal(signal.SIGALRM, self._on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(self.deadline_end + OVERRUN - time.perf_counter(), 1e-3),
                         self.REPEAT)
        return self

    def __exit__(self, *exc_info) -> bool:
        if self.previous is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
            self.previous = None
            for callback in (self._gc_starts, self._gc_stops):
                if callback in gc.callbacks:
                    gc.callbacks.remove(callback)
        return False

    def _gc_starts(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.collecting = True

    def _gc_stops(self, phase: str, info: dict) -> None:
        if phase == "stop":
            self.collecting = False

    def _on_alarm(self, signum, frame) -> None:
        if self.collecting:
            return  # raised here it would be lost; the timer comes back after the collection
        own = (deadline_bound.__enter__.__code__, deadline_bound.__exit__.__code__,
               deadline_bound._gc_starts.__code__, deadline_bound._gc_stops.__code__)
        while frame is not None:
            if frame.f_code in own or frame.f_code.co_name == "__del__":
                return
            frame = frame.f_back
        raise DeadlineReached("the time limit ran out while the model was being built")


_kept: list = []


def keep_until_exit(obj) -> None:
    """Programs only (``on_forced_exit`` set): keep ``obj`` until the process leaves, which it
    does without the interpreter's clean-up, so that it is never freed.  For what a cut model
    build leaves (the ``DeadlineReached`` and the frames its traceback holds): freeing Faase's
    half-built model is millions of objects in one cascade that holds Python's lock past the hard
    deadline's ``BACKSTOP``, and the backstop then ended ``grade`` with nothing printed.  In a
    Python process of its own (the API) nothing is kept."""
    if on_forced_exit is not None:
        _kept.append(obj)


_lock = threading.Lock()
_active: dict[int, list] = {}  # token -> [cancel, cancel_at or None, already cancelled]
_tokens = itertools.count()
_requested: int | None = None
_raised = False
"""Whether ``_on_signal`` has raised ``Stopped`` in the main thread (it does so once: a later
signal would cut the stopping command's report or exit short; ``check`` raises it again)."""
_watchdog: threading.Thread | None = None
_wake_read: int | None = None
BACKSTOP = 0.5
"""Seconds after the hard deadline at which the process ends even if Python cannot run.  Not
less: one call into a library can hold Python's lock that long on a large model (handing
Faase's 2.3 million nonzeros to HiGHS took 0.11-0.15 s a call as a ``HighsLp``, about 0.08 s
since ``solvers.highs.pass_model``), and a backstop of 0.15 s then ended ``grade faase.nin
--time-limit 4`` with nothing printed in about half the runs (29 Nov)."""

REPORT_BACKSTOP = 2.0
"""Seconds the watchdog's report (``on_expiry``: formatting and writing what was found) may
take before the backstop ends the process anyway; within ``BACKSTOP`` a report of a few
thousand grids was cut off with nothing printed."""

_backstop_sink = None
_hard_end: float | None = None
_on_hard_end: Callable[[], int] | None = None
on_forced_exit: Callable[[str], None] | None = None
"""Called (from the watchdog thread) just before the process is ended; the CLI flushes there."""
last_words: list[Callable[[], None]] = []
"""Called (from the watchdog thread) before ``on_forced_exit``: a command that holds finished
results in memory (bench) registers a printer here, so a forced exit keeps them."""


def set_hard_deadline(end: float | None, on_expiry: Callable[[], int] | None = None) -> None:
    """Programs only: end the process at ``end`` (a ``time.perf_counter`` reading) if it is
    still running then, after ``on_expiry`` has printed what the user must see; its return
    value is the exit code.

    A cancelled solver normally returns within a fraction of a second, but HiGHS' presolve on
    a model of ~90,000 columns checked neither its limit nor its interrupt for 26 s: a
    wall-clock limit can only be kept by ending the process.  None clears it.
    """
    global _hard_end, _on_hard_end
    _hard_end, _on_hard_end = end, on_expiry
    faulthandler.cancel_dump_traceback_later()
    if end is not None:
        _ensure_watchdog()
        # The watchdog thread needs Python's lock, which a solver may hold for seconds
        # (pyscipopt's optimize() under Pyomo does): faulthandler's own C thread ends the
        # process without it, a little later, as a last resort (exit 1, nothing printed).
        global _backstop_sink
        if _backstop_sink is None:
            _backstop_sink = open(os.devnull, "w")
        faulthandler.dump_traceback_later(max(end - time.perf_counter(), 0.0) + BACKSTOP, exit=True,
                                          file=_backstop_sink)


@contextlib.contextmanager
def hard_deadline_waits():
    """Main thread, with a result in hand: the hard deadline waits while it is printed.

    The hard deadline is there for a solver that ignores its limit; once the answer is back,
    what is left is formatting and writing it, which for ``--all`` with tens of thousands of
    grids takes longer than the deadline's allowance (the watchdog then ended the process with
    nothing printed).  So the deadline is lifted here and set again afterwards (when it has
    passed meanwhile, it ends the process at once, printing what was not printed).  If the
    watchdog has already begun to end the process, this waits for that instead.
    """
    global _hard_end
    with _lock:
        end = None if _ending.is_set() else _hard_end
        if end is not None:
            _hard_end = None
    if end is None:
        if _ending.is_set():
            await_the_end()
        yield
        return
    faulthandler.cancel_dump_traceback_later()
    try:
        yield
    finally:
        set_hard_deadline(end, _on_hard_end)


_ending = threading.Event()


def ending() -> bool:
    """Whether the watchdog has begun to end the process (a hard deadline passed, or a stop
    request was not honoured in time).  It then kills child programs and fork servers, so an
    error the main thread meets from that moment on is the ending's consequence, not a bug."""
    return _ending.is_set()


def await_the_end(longest: float = 5.0) -> None:
    """Main thread only, once ``ending()``: let the watchdog print and exit (it calls
    ``os._exit``), instead of reporting the error the ending caused; returns after ``longest``
    seconds if it somehow does not."""
    end = time.monotonic() + longest
    while time.monotonic() < end:
        time.sleep(0.05)


def requested() -> int | None:
    """The signal number of a pending stop request, or None."""
    return _requested


def solving() -> bool:
    """Whether a registered solve (``cancellable``) is running now."""
    with _lock:
        return bool(_active)


def check() -> None:
    """Raise ``Stopped`` if a stop was requested (called between steps of long work)."""
    if _requested is not None:
        raise Stopped(_requested)


@contextlib.contextmanager
def cancellable(cancel: Callable[[], None], deadline_end: float | None = None):
    """Register ``cancel`` while the body runs a solver; see the module text."""
    token = next(_tokens)
    with _lock:
        _active[token] = [cancel, None if deadline_end is None else deadline_end + OVERRUN, False]
    if deadline_end is not None:
        _ensure_watchdog()
    try:
        yield
    finally:
        with _lock:
            _active.pop(token, None)
    check()


def _cancel(entry: list) -> None:
    if entry[2]:
        return
    entry[2] = True
    try:
        entry[0]()
    except Exception:  # noqa: BLE001 - a failed cancel must not kill the watchdog.
        pass


def _cancel_all() -> None:
    with _lock:
        entries = list(_active.values())
    for entry in entries:
        _cancel(entry)
    terminate_children(grace=0.5)


def _on_signal(signum, frame) -> None:
    global _requested, _raised
    _requested = signum
    if _raised:
        return  # the command is stopping already: a second Stopped would cut its report or its exit short
    _raised = True
    raise Stopped(signum)


def install_signal_handlers() -> None:
    """SIGINT and SIGTERM stop the command (main thread only; the CLI calls this once)."""
    global _wake_read
    if _wake_read is None:
        read, write = os.pipe()
        os.set_blocking(write, False)
        os.set_blocking(read, False)
        signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        _wake_read = read
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    if sys.unraisablehook is not _quiet_lost_stop:
        global _unraisable_before
        _unraisable_before = sys.unraisablehook
        sys.unraisablehook = _quiet_lost_stop
    _ensure_watchdog()


_unraisable_before = sys.unraisablehook


def _quiet_lost_stop(unraisable) -> None:
    """Python cannot raise out of a finaliser or a weak reference's callback (importlib runs
    one when a module lock goes); ``Stopped`` raised there by the signal handler would be
    reported as "Exception ignored ... Traceback" and lost.  It is not printed: the stop stays
    requested, so the command's next ``check`` raises it (the split search's every turn
    checks), ``futomip.cli.main`` leaves with 130 if the command returns first, and the
    watchdog ends a command that does neither."""
    if not isinstance(unraisable.exc_value, Stopped):
        _unraisable_before(unraisable)


def _ensure_watchdog() -> None:
    global _watchdog
    with _lock:
        if _watchdog is None:
            _watchdog = threading.Thread(target=_watch, name="futomip-watchdog", daemon=True)
            _watchdog.start()


def _watch() -> None:
    """Cancel on signals and overrun deadlines; end the process if a stop is not honoured."""
    global _requested
    forced_at = None
    signum = None
    while True:
        if _wake_read is not None:
            ready, _, _ = select.select([_wake_read], [], [], 0.05)
            if ready:
                try:
                    data = os.read(_wake_read, 64)
                except BlockingIOError:
                    data = b""
                for byte in data:
                    if byte in _REASONS and forced_at is None:
                        signum = byte
                        _requested = byte
                        _cancel_all()
                        forced_at = time.monotonic() + GRACE
        else:
            time.sleep(0.05)
        now = time.perf_counter()
        with _lock:
            overdue = [entry for entry in _active.values() if entry[1] is not None and now > entry[1]]
        for entry in overdue:
            _cancel(entry)
        with _lock:  # against ``hard_deadline_waits`` lifting the deadline at this moment
            due = _hard_end is not None and forced_at is None and now > _hard_end and _on_hard_end is not None
            if due:
                _ending.set()
                report = _on_hard_end
        if due:
            # Print first: ending child programs can take a moment, and the GIL-free
            # backstop does not wait for it; it is moved past the report, which now runs.
            if _backstop_sink is not None:
                faulthandler.dump_traceback_later(REPORT_BACKSTOP, exit=True, file=_backstop_sink)
            code = 1
            try:
                code = report()
            except Exception:  # noqa: BLE001 - the exit must happen whatever the output does.
                pass
            end_all_children(grace=0.1)
            scratch.remove()
            os._exit(code)
        if forced_at is not None and time.monotonic() > forced_at:
            _ending.set()
            end_all_children(grace=0.2)
            for call in list(last_words) + ([lambda: on_forced_exit(_REASONS[signum])] if on_forced_exit else []):
                try:
                    call()
                except Exception:  # noqa: BLE001 - the exit must happen whatever the output does.
                    pass
            scratch.remove()
            os._exit(128 + signum)
