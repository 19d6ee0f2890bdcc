"""The ``Format`` record every format module exposes, and helpers shared by the parsers.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["Format", "one_line"]


@dataclass(frozen=True)
class Format:
    """One file format.

    ``sniff(text)`` says cheaply whether the content looks like this format; ``read(text,
    path)`` returns the puzzles (raising ``DataFormatError`` with line and column);
    ``write(puzzle)`` returns text that ``read`` turns back into an equal puzzle, or raises
    ``UnsupportedFeatureError`` when the puzzle has something the format cannot hold.
    """

    name: str
    kind: str
    extensions: tuple[str, ...]
    sniff: Callable[[str], bool]
    read: Callable[[str, str], list]
    write: Callable[[object], str]
    description: str = ""


def one_line(title: str | None) -> str:
    """``title`` with each line break (``\\r\\n`` and every break ``str.splitlines`` knows) as one
    space: the writers that put a name on a line of its own (a comment, ``title "..."``) would
    otherwise write a second line that their reader takes for data (webpbn XML titles may span
    lines).  Other blanks stay as they are, so a name without a line break comes back exactly."""
    return " ".join((title or "").splitlines())
