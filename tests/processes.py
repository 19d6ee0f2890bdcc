"""Test helper: which processes are still around (solver programs must not outlive a command)."""

from __future__ import annotations

from pathlib import Path


def processes_mentioning(text: str) -> list[str]:
    """Command lines (other than pytest's) of running processes that mention ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if text in command and "pytest" not in command:
                found.append(command)
    return found
