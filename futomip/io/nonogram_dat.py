"""The "nonogram-dat" format: nonogram data for an OPL-style model, designed for futomip.

    // Nonogram: one tuple of run lengths per line; <> is an all-white line.
    height = 5;
    width = 5;
    rows = [
      <1, 3>,
      <1>,
      ...
    ];
    cols = [
      ...
    ];

``rows`` (top to bottom) and ``cols`` (left to right) are arrays, not OPL sets, because
their order matters and two lines may carry the same clue.  ``height`` and ``width`` are
stated as an OPL model would declare them and must match the arrays.  An all-white line
is ``<>`` only (a ``0`` inside a tuple is an error, so each puzzle has one spelling).
``//`` and ``/* */`` are comments; a trailing comma after the last tuple is allowed.

Detection needs the keys ``rows``, ``cols``, ``height`` and ``width``, none of which the
Futoshiki OPL data (``n``, ``initialValues``, ``conditions``) or the Str8ts data
(``black``, ``givens``) use, and rejects MiniZinc's ``[|`` matrices, so ``.dat`` files are
told apart by content.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.nonogram import Nonogram, Runs
from ._format import Format, one_line
from ._scan import int_value, Syntax, Token, tokenize, TokenStream
from .nonogram_common import name_from_path, read_statements, require_writable, runs_text

__all__ = ["FORMAT", "read", "write", "sniff"]

_KEYS = ("height", "width", "rows", "cols")
_COMMENT = r"//[^\n]*|/\*.*?\*/"
_SYNTAX = Syntax(line_comment="//", block_comments=True, strings=False, symbols=("=", ";", "[", "]", "<", ">", ","))


def sniff(text: str) -> bool:
    """Whether the text assigns ``height``, ``width`` and arrays of tuples to ``rows``/``cols``."""
    code = re.sub(_COMMENT, " ", text, flags=re.DOTALL)
    keys = set(re.findall(r"\b(height|width)\s*=\s*[0-9]", code))
    keys |= set(re.findall(r"\b(rows|cols)\s*=\s*\[\s*(?:<|\])", code))
    return keys == set(_KEYS)


def _tuple(stream: TokenStream) -> Runs:
    opening = stream.take()
    if not opening.is_symbol("<"):
        raise stream.error(opening, "'<' opening a clue tuple, or ']' closing the array")
    runs: list[int] = []
    while not stream.accept(">"):
        if runs:
            stream.expect(",", f"',' or '>' closing the tuple opened at {opening.where}")
        token = stream.integer("a run length as a whole number")
        if int_value(token.text) < 1:
            raise stream.error(token, "a positive run length", "an all-white line is written <>")
        runs.append(int_value(token.text))
    return tuple(runs)


def _value(stream: TokenStream, keyword: Token):
    if keyword.text in ("height", "width"):
        token = stream.integer(f"the {keyword.text} as a whole number")
        if int_value(token.text) < 1:
            raise stream.error(token, f"a positive {keyword.text}")
        return int_value(token.text)
    opening = stream.expect("[", f"'[' opening the array {keyword.text}")
    clues = []
    while not stream.accept("]"):
        if clues:
            stream.expect(",", f"',' or ']' closing the array opened at {opening.where}")
            if stream.accept("]"):
                break  # A comma after the last tuple is allowed.
        clues.append(_tuple(stream))
    return clues


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """The one puzzle in ``text``."""
    values, keywords = read_statements(TokenStream(tokenize(text, path, _SYNTAX), path), _KEYS, _value)
    for key, size_key in (("rows", "height"), ("cols", "width")):
        if len(values[key]) != values[size_key]:
            where = keywords[key]
            raise DataFormatError(
                path, where.line, where.column, f"expected {size_key} = {values[size_key]} tuples in {key}, found {len(values[key])}"
            )
    return [Nonogram(tuple(values["rows"]), tuple(values["cols"]), name_from_path(path))]


def _tuple_lines(clues: tuple) -> str:
    return ",\n".join(f"  <{runs_text(clue, ', ') if clue else ''}>" for clue in clues)


def write(puzzle: Nonogram) -> str:
    """The puzzle as OPL-style data, one tuple per line."""
    require_writable(puzzle, "nonogram-dat")
    header = "// Nonogram: one tuple of run lengths per line (rows top to bottom, cols left to right); <> = all-white line."
    title = one_line(puzzle.name)
    if title:
        header += f"\n// {title}"
    return (
        f"{header}\nheight = {puzzle.height};\nwidth = {puzzle.width};\n"
        f"rows = [\n{_tuple_lines(puzzle.rows)}\n];\n"
        f"cols = [\n{_tuple_lines(puzzle.cols)}\n];\n"
    )


FORMAT = Format(
    name="nonogram-dat",
    kind="nonogram",
    extensions=(".dat",),
    sniff=sniff,
    read=read,
    write=write,
    description="Nonogram clues as OPL-style data: height, width, rows = [<1, 3>, ...], cols = [...]",
)
