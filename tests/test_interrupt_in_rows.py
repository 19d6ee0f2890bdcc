"""A Ctrl-C that lands while a row goes into HiGHS reaches the program as the interrupt.

Given Python lists, pybind11 converts addRow's arguments through Python code, and an
interrupt handled during that conversion came out as ``TypeError: incompatible function
arguments`` (CI: exit 70 instead of 130 for a SIGINT during ``--all``).  The check runs in a
process of its own, so that the test process's signal state cannot change it, and every loop
is bounded (a timer that never fires ends the check instead of growing the model)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

CHECK = textwrap.dedent('''
    import json, signal
    from futomip.backends.highspy_backend import HighspySession
    from futomip.linear import Constraint, LinearModel
    from futomip.options import Options
    from futomip.solvers import solver

    class Tick(KeyboardInterrupt):
        pass

    def tick(signum, frame):
        raise Tick

    model = LinearModel()
    columns = list(model.binaries("x", range(300)).values())
    row = tuple((x, 1.0) for x in columns[:60])
    signal.signal(signal.SIGALRM, tick)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})  # whatever was inherited
    seen = {"interrupt": 0, "type_error": 0, "silent": 0}
    for attempt in range(3000):
        session = HighspySession(model, solver("highs"), Options())
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.0002)
            for count in range(20000):
                session.add_constraint(Constraint(f"c{count}", row, "<=", 1.0))
            seen["silent"] += 1
            if seen["silent"] > 5:
                break  # the timer does not reach this process: say so rather than loop on
        except Tick:
            seen["interrupt"] += 1
        except TypeError:
            seen["type_error"] += 1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    print(json.dumps(seen))
''')


def test_an_interrupt_while_adding_rows_is_never_a_type_error():
    """3,000 timer interrupts, each landing somewhere in a run of add_constraint calls, all
    arrive as the interrupt (the old list arguments turned about 1 in 100 into TypeError)."""
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["type_error"] == 0, seen
    assert seen["interrupt"] >= 2900, seen  # the timer did land inside the calls


MASKED = textwrap.dedent('''
    import os, signal, sys
    import futomip.cli.solve as solve_command
    from futomip import cli

    def interrupted_inside_an_extension(args, started):
        try:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # the handler raises within a few bytecodes
                sum(range(1000))
        except KeyboardInterrupt:
            # What pybind11 does with an interrupt raised while it converts arguments.
            raise TypeError("incompatible function arguments") from None
        return 0

    solve_command.run_command = interrupted_inside_an_extension
    sys.exit(cli.main(["data/futoshiki.dat"], handle_signals=True))
''')


def test_an_interrupt_that_a_library_turned_into_another_error_exits_as_interrupted():
    """After a SIGINT, an error an extension made of the interrupt exits 130 'interrupted', not 70 'internal error'."""
    done = subprocess.run([sys.executable, "-c", MASKED], capture_output=True, text=True, timeout=120)
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert "interrupted (Ctrl-C)" in done.stderr
    assert "internal error" not in done.stderr
