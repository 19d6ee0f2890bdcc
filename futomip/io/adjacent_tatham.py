"""The "tatham-adjacent" format: Simon Tatham's Unequal game IDs in "Adjacent" mode.

    5a:0,0R,0DL,0RD,0DL,0,0R,0UDL,0U,0U,0RD,0DL,0UD,0D,0,0UR,0UL,0U,0URD,0L,4,0,0,0UR,0L,

The size, ``a`` (and perhaps Tatham's difficulty, ``5adk``), a colon, then the cells row by
row: the given digit (0 blank) and a letter ``U``, ``R``, ``D``, ``L`` for each neighbour
whose value differs from this cell's by exactly 1; on both cells of the pair.  The reader
is the ``tatham`` format's (``futoshiki_tatham.py``), which takes both modes line by line;
this record gives the Adjacent kind its writer and a detection of its own.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from ._format import Format
from ._scan import content_lines
from .futoshiki_tatham import _ID, is_adjacent_id, read, write_adjacent

__all__ = ["FORMAT", "sniff"]


def sniff(text: str) -> bool:
    """Whether every non-comment line looks like an Adjacent game ID ``Na...:cells``."""
    lines = [line for _, line in content_lines(text)][:20]
    return bool(lines) and all(_ID.fullmatch(line) and is_adjacent_id(line) for line in lines)


FORMAT = Format(
    name="tatham-adjacent",
    kind="adjacent",
    extensions=(".unequal", ".txt"),
    sniff=sniff,
    read=read,
    write=write_adjacent,
    description="Simon Tatham's Unequal game IDs in Adjacent mode: 'Na:cells', U/R/D/L = differs by 1 from that neighbour",
)
