"""Finding processes a test's command left behind, through ``/proc`` (Linux).

A test points TMPDIR (or an environment marker) at something unique to it; PuLP and Pyomo
write their model files under TMPDIR, so a solver program still running shows that path on
its command line, and every process a command starts inherits its environment.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["processes_mentioning", "processes_marked"]


def _read_all(name: str) -> list[tuple[int, bytes]]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append((int(entry.name), (entry / name).read_bytes()))
            except OSError:
                continue
    return found


def processes_mentioning(text: str) -> list[str]:
    """Command lines of the processes whose command line holds ``text``."""
    lines = [data.replace(b"\0", b" ").decode(errors="replace") for _, data in _read_all("cmdline")]
    return [line for line in lines if text in line]


def processes_marked(marker: str) -> list[int]:
    """Process ids whose environment holds ``marker`` (``NAME=value``)."""
    return [pid for pid, data in _read_all("environ") if marker.encode() in data]
