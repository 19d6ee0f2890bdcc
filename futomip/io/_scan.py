"""Position-tracking helpers shared by the parsers: a small tokenizer and token stream for
the statement formats (OPL, AMPL), and field splitting for the line formats (grid, csv,
solutions).

Everything here exists so that every parser reports a malformed input the same way: a
``DataFormatError`` at the exact 1-based line and column of the offending token, with a
message "expected X, found Y".  Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from pathlib import Path
from dataclasses import dataclass

from ..errors import DataFormatError

__all__ = [
    "MAX_SIZE",
    "Token",
    "Syntax",
    "tokenize",
    "TokenStream",
    "board_size",
    "Field",
    "split_fields",
    "parse_integer",
    "DIGITS",
    "is_digits",
    "int_value",
    "text_lines",
    "content_lines",
    "forget_lines",
    "comment_start",
    "name_from_path",
    "numbered_name",
    "end_position",
]

# A board bigger than this is almost surely a typing error, and building it would take
# memory quadratic in the size, so the parsers refuse it instead of hanging.
MAX_SIZE = 1000

DIGITS = "0123456789"

# Python's int() reads any Unicode digit ('٣' as 3, and fails on '²' that str.isdigit()
# accepts) and refuses strings of more than 4,300 digits: the parsers accept ASCII digits
# only, and a number too long to matter reads as HUGE, which every range check then refuses
# with the usual position and message.
HUGE = 10 ** 18


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``str.isdigit`` alone also takes '²' and '٣')."""
    return text.isascii() and text.isdigit()


def int_value(text: str) -> int:
    """The value of an ASCII integer (optional sign); ``HUGE`` in size past 18 digits."""
    sign = -1 if text[:1] == "-" else 1
    digits = text[1:] if text[:1] in "+-" else text
    if not is_digits(digits):
        raise ValueError(f"not an ASCII integer: {text!r}")
    digits = digits.lstrip("0") or "0"
    return sign * (HUGE if len(digits) > 18 else int(digits))


_NUMBER = re.compile(r"[-+]?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_INTEGER = re.compile(r"[-+]?[0-9]+")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Token:
    """One token: ``kind`` is "number", "name", "string", "symbol" or "end" (of file)."""

    kind: str
    text: str
    line: int
    column: int

    def describe(self) -> str:
        """The token as the "found ..." part of an error message."""
        if self.kind == "end":
            return "end of file"
        if self.kind == "number":
            return f"the number {self.text}"
        if self.kind == "name":
            return f"the name '{self.text}'"
        if self.kind == "string":
            return f'the string "{self.text}"'
        return f"'{self.text}'"

    @property
    def where(self) -> str:
        """The token's position as people read it, for "opened at ..." remarks."""
        return f"line {self.line}, column {self.column}"

    def is_symbol(self, text: str) -> bool:
        """Whether the token is the punctuation ``text``."""
        return self.kind == "symbol" and self.text == text

    def is_integer(self) -> bool:
        """Whether the token is a number written without fraction or exponent."""
        return self.kind == "number" and _INTEGER.fullmatch(self.text) is not None


@dataclass(frozen=True)
class Syntax:
    """The lexical rules of one statement format."""

    line_comment: str
    block_comments: bool
    strings: bool
    symbols: tuple[str, ...]

    def alphabet(self) -> str:
        """What a token may start with, for the message about an unexpected character."""
        kinds = "a name, a number, a string" if self.strings else "a name, a number"
        return f"{kinds} or one of {' '.join(repr(symbol) for symbol in self.symbols)}"


def tokenize(text: str, path: str, syntax: Syntax) -> list[Token]:
    """Split ``text`` into tokens, ending with an "end" token placed just after the text."""
    # Symbols are tried longest first so that ":=" is not read as ":" then "=".
    symbols = sorted(syntax.symbols, key=len, reverse=True)
    tokens: list[Token] = []
    line, line_start, i = 1, 0, 0
    while i < len(text):
        char = text[i]
        if char == "\n":
            line, line_start, i = line + 1, i + 1, i + 1
            continue
        if char.isspace():
            i += 1
            continue
        column = i - line_start + 1
        if text.startswith(syntax.line_comment, i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if syntax.block_comments and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise DataFormatError(path, line, column,
                                      "expected '*/' closing the comment opened here, found end of file")
            # The comment may span lines; keep the line count and the line start right.
            newlines = text.count("\n", i, end)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", i, end) + 1
            i = end + 2
            continue
        if syntax.strings and char == '"':
            end = text.find('"', i + 1)
            newline = text.find("\n", i + 1)
            if end < 0 or 0 <= newline < end:
                found = "end of file" if end < 0 and newline < 0 else "end of line"
                raise DataFormatError(path, line, column,
                                      f"expected a closing '\"' for the string opened here, found {found}")
            tokens.append(Token("string", text[i + 1:end], line, column))
            i = end + 1
            continue
        token = _match_token(text, i, symbols)
        if token is None:
            raise DataFormatError(path, line, column,
                                  f"expected {syntax.alphabet()}, found the character {char!r}")
        kind, lexeme = token
        tokens.append(Token(kind, lexeme, line, column))
        i += len(lexeme)
    tokens.append(Token("end", "", line, i - line_start + 1))
    return tokens


def _match_token(text: str, start: int, symbols: list[str]) -> tuple[str, str] | None:
    for kind, pattern in (("number", _NUMBER), ("name", _NAME)):
        found = pattern.match(text, start)
        if found:
            return kind, found.group()
    for symbol in symbols:
        if text.startswith(symbol, start):
            return "symbol", symbol
    return None


class TokenStream:
    """Tokens read one at a time, with the "expected X, found Y" error built in."""

    def __init__(self, tokens: list[Token], path: str) -> None:
        self._tokens = tokens
        self._next = 0
        self.path = path

    def peek(self) -> Token:
        """The next token, left in place."""
        return self._tokens[self._next]

    def take(self) -> Token:
        """The next token, consumed (the final "end" token is never consumed)."""
        token = self._tokens[self._next]
        if token.kind != "end":
            self._next += 1
        return token

    def error(self, token: Token, expected: str, hint: str = "") -> DataFormatError:
        """The error for finding ``token`` where ``expected`` should stand (``hint``: how to fix it)."""
        advice = f" ({hint})" if hint else ""
        return DataFormatError(self.path, token.line, token.column,
                               f"expected {expected}, found {token.describe()}{advice}")

    def expect(self, symbol: str, expected: str) -> Token:
        """Consume the punctuation ``symbol`` or fail saying ``expected``."""
        token = self.take()
        if not token.is_symbol(symbol):
            raise self.error(token, expected)
        return token

    def accept(self, symbol: str) -> bool:
        """Consume ``symbol`` if it comes next; say whether it did."""
        if self.peek().is_symbol(symbol):
            self.take()
            return True
        return False

    def integer(self, expected: str) -> Token:
        """Consume a whole number or fail saying ``expected``."""
        token = self.take()
        if not token.is_integer():
            raise self.error(token, expected)
        return token


def board_size(stream: TokenStream, token: Token) -> int:
    """The board size written as ``token``, checked to be a whole number in 1..MAX_SIZE."""
    if not token.is_integer() or not 1 <= int_value(token.text) <= MAX_SIZE:
        raise stream.error(token, f"the board size n as a whole number in 1..{MAX_SIZE}")
    return int_value(token.text)


def text_lines(text: str) -> list[str]:
    """The lines of ``text`` without their line ends (a final line end adds no empty line).

    Lines are split at "\\n" only, as the tokenizer counts them, so that line numbers agree
    between the formats; a "\\r" before it (Windows line ends) is dropped.
    """
    return list(_split(text)[1])


def _split(text: str) -> tuple:
    """(text, its lines, its ``content_lines`` by comment marker) for the last text split."""
    # Format detection asks every format's recogniser, and most split the whole text: on a
    # file of 1,000 tournament nonograms (50,000 lines) that was a third of a second.  So the
    # last text's lines are kept.  The entry is read once and replaced whole, so a thread
    # reading another text meanwhile cannot mix the two; the text is held, so ``is`` cannot
    # meet a new string at a reused address.
    global _last
    entry = _last
    if entry[0] is not text:
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        entry = _last = (text, tuple(line[:-1] if line.endswith("\r") else line for line in lines), {})
    return entry


_NOTHING: tuple = (None, (), {})
_last: tuple = _NOTHING
"""The entry of ``_split`` for the text last split."""


def forget_lines() -> None:
    """Let go of the text that ``text_lines`` and ``content_lines`` keep (``io.read_text`` calls
    this when it is done, so a large file is not held after it was read)."""
    global _last
    _last = _NOTHING


def end_position(text: str) -> tuple[int, int]:
    """The line and column just after the last character, where "end of file" is reported."""
    last_break = text.rfind("\n")
    return text.count("\n") + 1, len(text) - last_break


@dataclass(frozen=True)
class Field:
    """One field of a line: its text without surrounding blanks and its 1-based column."""

    text: str
    column: int


def split_fields(line: str, separator: str | None) -> list[Field]:
    """The fields of ``line`` split at ``separator`` (``None``: runs of whitespace).

    With a separator, empty fields are kept (so "1,,2" has an empty second field) and an
    empty line has no fields at all.
    """
    if separator is None:
        return [Field(found.group(), found.start() + 1) for found in re.finditer(r"\S+", line)]
    if not line.strip():
        return []
    fields = []
    start = 0
    for piece in line.split(separator):
        stripped = piece.strip()
        offset = len(piece) - len(piece.lstrip()) if stripped else len(piece)
        fields.append(Field(stripped, start + offset + 1))
        start += len(piece) + len(separator)
    return fields


def parse_integer(field: Field, path: str, line: int) -> int:
    """The field as an integer, or a ``DataFormatError`` pointing at it."""
    if _INTEGER.fullmatch(field.text) is None:
        found = f"'{field.text}'" if field.text else "an empty field"
        raise DataFormatError(path, line, field.column, f"expected an integer, found {found}")
    return int_value(field.text)


def content_lines(text: str, comment: str | tuple[str, ...] = "#") -> list[tuple[int, str]]:
    """``(1-based line number, line)`` of every line that is neither blank nor a comment
    (its first non-blank characters ``comment``, or one of them): the puzzle lines of the
    line-per-puzzle formats."""
    _, lines, contents = _split(text)
    kept = contents.get(comment)
    if kept is None:
        kept = contents[comment] = tuple((number, line) for number, line in enumerate(lines, start=1)
                                         if line.strip() and not line.lstrip().startswith(comment))
    return list(kept)


def comment_start(text: str, markers: tuple[str, ...] = ("#", "//")) -> int:
    """Where a trailing comment begins in ``text``: the first ``markers`` that opens a word
    (at the start or after a blank), or ``len(text)`` when there is none.

    A marker inside a word is text: ``https://...`` and ``set#4`` stay whole, as in shells."""
    for i in range(len(text)):
        if (i == 0 or text[i - 1].isspace()) and text.startswith(markers, i):
            return i
    return len(text)


def name_from_path(path: str) -> str:
    """A puzzle name from its file name (the stem), or "" for text that has no file."""
    if not path or path.startswith("<"):
        return ""
    return Path(path).stem


def numbered_name(base: str, ordinal: int) -> str:
    """The name of puzzle ``ordinal`` (1-based) of a multi-puzzle file: ``base#k``, or ``#k``."""
    return f"{base}#{ordinal}" if base else f"#{ordinal}"

