"""The "taai" format: the TAAI/TCGA/ICGA computer-games tournament nonogram files.

    $1
    2	1	1	1	1	2	3      n column clues, left to right (run lengths top to bottom)
    ...
    1	1	2	1	2           n row clues, top to bottom (run lengths left to right)
    $2
    ...

Many puzzles per file, each a ``$k`` header followed by 2n tab-separated clue lines: the
first n are the column clues and the next n the row clues, so the board is n x n
(tournaments use n = 25; any n is read).  Each puzzle is named by its header, e.g.
``$17``.  An all-white line is written ``0`` (the tournament sets never need it).  Blank
lines are allowed between puzzles but not among a puzzle's clues, where they would shift
the columns into the rows.

``read_solutions`` reads the matching solution files: ``$k`` and n lines of n
tab-separated 0/1 (1 = black), blank lines between puzzles allowed.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.nonogram import Grid, Nonogram
from ._format import Format
from .nonogram_common import WORDS, found, numbered_lines, parse_runs, require_writable, runs_text, tokens
from ._scan import int_value, is_digits

__all__ = ["FORMAT", "read", "read_solutions", "write", "sniff"]

_HEADER = re.compile(r"\s*\$([0-9]+)\s*")


def sniff(text: str) -> bool:
    """Whether the first non-blank line is a ``$k`` header followed by a clue line."""
    lines = [line for line in text.splitlines()[:5] if line.strip()]
    if len(lines) < 2 or _HEADER.fullmatch(lines[0]) is None:
        return False
    words = lines[1].split()
    return all(is_digits(word) for word in words) and (words == ["0"] or "0" not in words)


def _blocks(text: str, path: str) -> list[tuple[str, int, list[tuple[int, str]]]]:
    """``(header, header line, [(line number, line), ...])`` per ``$k`` block, trailing blanks cut."""
    blocks: list[tuple[str, int, list[tuple[int, str]]]] = []
    for number, line in numbered_lines(text):
        header = _HEADER.fullmatch(line)
        if header is not None:
            blocks.append((f"${header.group(1)}", number, []))
        elif blocks:
            blocks[-1][2].append((number, line))
        elif line.strip():
            column = len(line) - len(line.lstrip()) + 1
            raise DataFormatError(path, number, column, f"expected a '$k' puzzle header, found {found(line.strip())}")
    if not blocks:
        raise DataFormatError(path, 1, 1, "expected a '$k' puzzle header, found none")
    for _, _, lines in blocks:
        while lines and not lines[-1][1].strip():
            lines.pop()
    return blocks


def _content_lines(lines: list[tuple[int, str]], path: str, what: str) -> None:
    for number, line in lines:
        if not line.strip():
            raise DataFormatError(path, number, 1, f"expected {what}, found a blank line")


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """Every puzzle in ``text``, in file order."""
    puzzles = []
    for name, header_line, lines in _blocks(text, path):
        if not lines or len(lines) % 2:
            raise DataFormatError(
                path, header_line, 1,
                f"expected an even number 2n of clue lines after {name} (n column clues, then n row clues), found {len(lines)}",
            )
        _content_lines(lines, path, "a clue line (0 for an empty line)")
        clues = [parse_runs(tokens(line, WORDS), path, number) for number, line in lines]
        n = len(clues) // 2
        for (number, _), clue in zip(lines, clues):
            # The size comes from the count of lines, so a clue longer than the board says the
            # count is wrong (a file cut short, a line lost), not that the puzzle is infeasible.
            needed = sum(clue) + max(0, len(clue) - 1)
            if needed > n:
                raise DataFormatError(
                    path, number, 1,
                    f"expected a clue that fits the {n} cells of the board {name}'s {2 * n} clue lines make, "
                    f"found runs needing {needed} cells (is a clue line missing or the file cut short?)")
        puzzles.append(Nonogram(tuple(clues[n:]), tuple(clues[:n]), name))
    return puzzles


def read_solutions(text: str, path: str = "<string>") -> dict[str, Grid]:
    """The solution grids of a tournament solution file, keyed by their ``$k`` header."""
    grids = {}
    for name, header_line, lines in _blocks(text, path):
        lines = [(number, line) for number, line in lines if line.strip()]
        if not lines:
            raise DataFormatError(path, header_line, 1, f"expected grid rows after {name}, found none")
        rows = []
        for number, line in lines:
            row = []
            for word, column in tokens(line, WORDS):
                if word not in ("0", "1"):
                    raise DataFormatError(path, number, column, f"expected 0 or 1, found {found(word)}")
                row.append(int_value(word))
            if len(row) != len(lines):
                raise DataFormatError(path, number, 1, f"expected {len(lines)} cells in a row of a square grid, found {len(row)}")
            rows.append(tuple(row))
        grids[name] = tuple(rows)
    return grids


def write(puzzle: Nonogram) -> str:
    """The puzzle as one ``$k`` block (``k`` from a ``$k`` name, else 1); boards must be square."""
    require_writable(puzzle, "taai")
    if puzzle.height != puzzle.width:
        raise UnsupportedFeatureError(f"the taai format holds square boards only, found {puzzle.width}x{puzzle.height} "
                                      "(width x height)")
    for clue in puzzle.cols + puzzle.rows:
        if sum(clue) + len(clue) - 1 > puzzle.width:
            # The reader takes such a clue for a sign of a missing line (the size comes from the
            # count of clue lines) and refuses it, so the file written would not read back.
            raise UnsupportedFeatureError(
                f"the taai format holds clues that fit their line: one needs {sum(clue) + len(clue) - 1} cells "
                f"on a board of {puzzle.width} (the puzzle has no solution; nin or non keep it as it is)")
    header = puzzle.name if _HEADER.fullmatch(puzzle.name) else "$1"
    lines = [header.strip()] + [runs_text(clue, "\t") for clue in puzzle.cols + puzzle.rows]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="taai",
    kind="nonogram",
    extensions=(".taai", ".txt"),
    sniff=sniff,
    read=read,
    write=write,
    description="TAAI/TCGA/ICGA tournament nonograms: '$k', column clues, then row clues (many per file)",
)
