"""Helpers shared by the nonogram format modules (``nonogram_*.py``); not a format itself.

Every nonogram format spells a line clue as a list of run lengths with ``0`` (alone) for an
all-white line; these helpers turn tokens with their positions into clues and raise
``DataFormatError`` at the exact 1-based line and column of the first bad token.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator, Sequence

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.nonogram import Nonogram, Runs
from ._opl import statement_keyword
from ._scan import MAX_SIZE, int_value, is_digits, name_from_path, text_lines, Token, TokenStream

__all__ = [
    "Word",
    "WORDS",
    "tokens",
    "found",
    "parse_count",
    "parse_runs",
    "runs_text",
    "name_from_path",
    "require_writable",
    "numbered_lines",
    "read_statements",
]

Word = tuple[str, int]
"""A word of a line format and its 1-based column."""

_TOKEN = re.compile(r"[^\s,]+")
WORDS = re.compile(r"\S+")
"""Tokens separated by blanks only (commas stay inside a token and are reported)."""


def tokens(text: str, pattern: re.Pattern = _TOKEN) -> list[Word]:
    """The tokens of one line with 1-based columns; by default separated by blanks or commas."""
    return [(match.group(), match.start() + 1) for match in pattern.finditer(text)]


def found(text: str) -> str:
    """How an error message shows what it found: quoted text, or "end of line"."""
    return repr(text) if text else "end of line"


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(1-based line number, line without its end-of-line characters)`` for each line."""
    # Split as the shared tokenizer counts lines, so every parser numbers lines alike.
    for number, line in enumerate(text_lines(text), start=1):
        yield number, line


def parse_count(token: str, path: str, line: int, column: int, what: str) -> int:
    """A width or a height: a whole number in 1..MAX_SIZE (a larger one is said as written,
    not as the clamped value that ``int_value`` gives numbers of more than 18 digits)."""
    if not is_digits(token) or not 1 <= int_value(token) <= MAX_SIZE:
        raise DataFormatError(path, line, column, f"expected {what} (a whole number in 1..{MAX_SIZE}), "
                                                  f"found {found(token)}")
    return int_value(token)


def parse_runs(items: Sequence[Word], path: str, line: int, end_column: int = 1) -> Runs:
    """One line clue: positive run lengths, or ``0`` alone for an all-white line.

    ``end_column`` is where "found end of line" points when ``items`` is empty.
    """
    if not items:
        raise DataFormatError(path, line, end_column, "expected a line clue (run lengths, or 0 for an empty line), found end of line")
    if len(items) == 1 and items[0][0] == "0":
        return ()
    runs = []
    for text, column in items:
        if not is_digits(text):
            raise DataFormatError(path, line, column, f"expected a run length (a positive integer), found {found(text)}")
        run = int_value(text)
        if run == 0:
            raise DataFormatError(
                path, line, column, "expected a positive run length (0 stands alone, for an empty line), found '0'"
            )
        runs.append(run)
    return tuple(runs)


def runs_text(clue: Runs, separator: str = " ") -> str:
    """The clue as run lengths joined by ``separator``, ``0`` for an all-white line."""
    return separator.join(str(run) for run in clue) if clue else "0"




def require_writable(puzzle: Nonogram, format_name: str) -> None:
    """Refuse to write another kind of puzzle, or a nonogram with unconstrained (``None``)
    lines, which no file format can hold."""
    kind = getattr(puzzle, "kind", type(puzzle).__name__)
    if kind != "nonogram":
        raise UnsupportedFeatureError(f"the {format_name} format holds nonograms, not {kind!r}")
    if not puzzle.is_complete:
        missing = [f"{direction} {index + 1}" for direction, index, clue, _ in puzzle.lines() if clue is None]
        raise UnsupportedFeatureError(
            f"the {format_name} format cannot hold unconstrained lines, found {', '.join(missing[:5])}"
            + (" and more" if len(missing) > 5 else "")
        )



def read_statements(
    stream: TokenStream,
    keys: tuple[str, ...],
    read_value: Callable[[TokenStream, Token], object],
) -> tuple[dict[str, object], dict[str, Token]]:
    """Every ``key = value;`` statement of a data file (MiniZinc ``.dzn``, OPL ``.dat``).

    Each of ``keys`` must be set exactly once; ``read_value(stream, keyword)`` reads one
    value.  Returns the values and the keyword tokens (for errors about a whole statement).
    """
    keywords: dict[str, Token] = {}
    values: dict[str, object] = {}
    while stream.peek().kind != "end":
        keyword = statement_keyword(stream, keys, keywords)
        stream.expect("=", f"'=' after {keyword.text}")
        values[keyword.text] = read_value(stream, keyword)
        stream.expect(";", f"';' ending the statement {keyword.text}")
    end = stream.peek()
    for key in keys:
        if key not in values:
            raise DataFormatError(stream.path, end.line, end.column, f"expected a statement {key}, found end of file")
    return values, keywords
