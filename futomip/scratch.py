"""The command's scratch folder: where the modelling layers put the files they exchange with a
solver program (PuLP's and Pyomo's model and solution files, CBC's log).

PuLP and Pyomo remove those files after a solve that returns, but not after one that a
signal or a deadline cut short: a Ctrl-C or SIGTERM during a CBC or GLPK run left the model
(megabytes for a large nonogram) and solution files in /tmp.  So the program makes one folder
per command when it starts (``make``), names it in the environment so that the processes it
starts (forked solvers, race and batch workers) use it too, and removes it with all that is in
it on every way out (``remove``), once the solver programs that could still write there are
ended.  The program leaves with ``os._exit``, which runs no ``atexit`` hook, so each of its
ways out calls ``remove``; the hook covers the exits through the interpreter (``--help``).
Without the program (the Python API) there is no such folder (``folder`` is None) and the
layers use their own temporary files, which they remove after each solve.

Must not import anything from futomip.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

__all__ = ["VARIABLE", "make", "folder", "remove"]

VARIABLE = "FUTOMIP_SCRATCH"
"""The environment variable that names the folder to the processes the command starts."""

_made: tuple[str, int] | None = None
"""The folder this process made, and the process id: a forked child inherits the value but
must not remove its parent's folder."""


def make() -> None:
    """Make the command's scratch folder (the program calls this once, first)."""
    global _made
    path = tempfile.mkdtemp(prefix="futomip-scratch-")
    os.environ[VARIABLE] = path
    _made = (path, os.getpid())
    atexit.register(remove)  # the ways out through the interpreter (argparse's exit, --help)


def folder() -> str | None:
    """The command's scratch folder, or None (no program made one: the layers' defaults)."""
    path = os.environ.get(VARIABLE)
    return path if path and os.path.isdir(path) else None


def remove() -> None:
    """Remove the folder this process made, with everything in it; call it after the child
    programs are ended (one still running could write a file there again)."""
    if _made is not None and _made[1] == os.getpid():
        shutil.rmtree(_made[0], ignore_errors=True)
