"""A Ctrl-C that lands while a row goes into HiGHS reaches the program as the interrupt.

Given Python lists, pybind11 converts addRow's arguments through Python code, and an
interrupt handled during that conversion came out as ``TypeError: incompatible function
arguments`` (CI: exit 70 instead of 130 for a SIGINT during ``--all``)."""

from __future__ import annotations

import signal

from futomip.backends.highspy_backend import HighspySession
from futomip.linear import Constraint, LinearModel
from futomip.options import Options
from futomip.solvers import solver


class _Tick(KeyboardInterrupt):
    """The interrupt a timer raises in the middle of whatever runs."""


def _tick(signum, frame):
    raise _Tick


def test_an_interrupt_while_adding_rows_is_never_a_type_error():
    """3,000 timer interrupts, each landing somewhere in a loop of add_constraint calls, all
    arrive as the interrupt (the old list arguments turned about 1 in 100 into TypeError)."""
    model = LinearModel()
    columns = list(model.binaries("x", range(300)).values())
    session = HighspySession(model, solver("highs"), Options())
    previous = signal.signal(signal.SIGALRM, _tick)
    interrupts = count = 0
    try:
        while interrupts < 3000:
            try:
                signal.setitimer(signal.ITIMER_REAL, 0.0002)
                while True:
                    count += 1
                    session.add_constraint(Constraint(f"c{count}", tuple((x, 1.0) for x in columns[:60]), "<=", 1.0))
            except _Tick:
                interrupts += 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
