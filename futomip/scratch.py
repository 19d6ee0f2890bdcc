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
The folder is also the temporary folder of the command and of the processes it starts
(``tempfile.tempdir`` and ``TMPDIR``): ``multiprocessing``'s fork server (the solver race)
keeps its socket in a ``pymp-`` folder that only an interpreter exit removes, so every race
left one in /tmp.  Behind a TMPDIR so long that the socket's path would not fit
(``SOCKET_ROOM``) the fork server keeps its folder there, as before.

Without the program (the Python API) there is no such folder (``folder`` is None) and the
layers use their own temporary files, which they remove after each solve.

Must not import anything from futomip.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

__all__ = ["VARIABLE", "make", "folder", "remove", "fits_a_socket_folder"]

VARIABLE = "FUTOMIP_SCRATCH"
"""The environment variable that names the folder to the processes the command starts."""

SOCKET_ROOM = 107 - len("/pymp-12345678/listener-12345678")
"""The longest folder that can hold the fork server's socket folder and socket: a Unix socket's
path has at most 107 bytes.  Behind a longer TMPDIR the fork server keeps its own folder."""


def fits_a_socket_folder(folder: str) -> bool:
    """Whether the fork server's socket folder and socket fit under ``folder`` (``SOCKET_ROOM``)."""
    return len(os.fsencode(folder)) <= SOCKET_ROOM


_made: tuple[str, int] | None = None
"""The folder this process made, and the process id: a forked child inherits the value but
must not remove its parent's folder."""


def make() -> None:
    """Make the command's scratch folder (the program calls this once, first)."""
    global _made
    path = tempfile.mkdtemp(prefix="futomip-scratch-")
    os.environ[VARIABLE] = path
    # Whatever this process and its children put in the temporary folder goes with it, unless
    # the fork server's socket would not fit there (Python 3.11 does not shorten the path).
    if fits_a_socket_folder(path):
        tempfile.tempdir = path
        os.environ["TMPDIR"] = path
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
