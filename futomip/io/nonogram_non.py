"""The "non" format: Steve Simpson's ``.non`` nonogram files as extended by mikix/nonogram-db.

    title "Dancer"
    width 5
    height 10

    rows
    2
    2,1
    ...
    columns
    2,1
    ...
    goal "01100011010010101110..."

One key per line.  ``rows`` and ``columns`` start blocks of exactly ``height`` and
``width`` lines; each line is a comma-separated clue, with ``0`` or a blank line for an
all-white line.  ``goal`` is the row-major solution, ``0`` white and anything else black.
Several puzzles may be bundled in one file (``.nonpack``), separated by a ``====`` line.

Following the format's rules: unknown keys are ignored, blank lines between keys are
ignored, and ``width``/``height`` must come before the blocks (they give the block sizes).
The metadata keys ``catalogue``, ``by``, ``copyright`` and ``license`` are read and dropped
on purpose; ``title`` becomes the puzzle's name (the file's stem when absent).
Multi-colour puzzles (a ``color`` key or a colour letter after a run length) are well
formed but not nonograms in futomip's sense, so they raise ``UnsupportedFeatureError``.

``read_with_goals`` also returns each puzzle's goal grid (or ``None``) so that tests can
compare a solver's grid with it; the goal is not part of the ``Nonogram``.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import html
import re

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.nonogram import Grid, Nonogram
from ._format import Format, one_line
from ._scan import text_lines
from .nonogram_common import found, name_from_path, parse_count, parse_runs, require_writable, runs_text

__all__ = ["FORMAT", "read", "read_with_goals", "write", "sniff"]

_METADATA_KEYS = ("catalogue", "title", "by", "copyright", "license")
_BUNDLE_DIVIDER = "===="
_ITEM = re.compile(r"([0-9]+)([a-z]?)")
_KEY_LINE = re.compile(r"(\s*)(\S+)(\s*)(.*)")
_REQUIRED = ("width", "height", "rows", "columns")


def sniff(text: str) -> bool:
    """Whether the text has ``width``, ``height``, ``rows`` and ``columns`` key lines."""
    keys = set(re.findall(r"^\s*(width|height|rows|columns)\b", text, re.MULTILINE))
    return keys == set(_REQUIRED) and re.search(r"^\s*(width|height)\s+[0-9]+\s*$", text, re.MULTILINE) is not None


def _quoted(rest: str, path: str, number: int, column: int, key: str) -> str:
    stripped = rest.strip()
    if len(stripped) < 2 or not stripped.startswith('"') or not stripped.endswith('"'):
        raise DataFormatError(path, number, column, f"expected a quoted string after {key!r}, found {found(stripped)}")
    return html.unescape(stripped[1:-1])


class _Parser:
    """Reads one puzzle (one bundle entry) whose lines are ``lines[begin:end]``."""

    def __init__(self, lines: list[str], begin: int, end: int, path: str) -> None:
        self.lines, self.position, self.end, self.path = lines, begin, end, path
        self.values: dict[str, object] = {}
        self.goal_at: tuple[int, int] = (0, 0)
        self.last_block: tuple[str, int] | None = None

    def parse(self) -> tuple[Nonogram, Grid | None]:
        while self.position < self.end:
            number = self.position + 1
            line = self.lines[self.position]
            self.position += 1
            if line.strip():
                self._key_line(line, number)
        for key in _REQUIRED:
            if key not in self.values:
                raise DataFormatError(self.path, self.end + 1, 1, f"expected a {key!r} key, found end of puzzle")
        width, height = self.values["width"], self.values["height"]
        puzzle = Nonogram(self.values["rows"], self.values["columns"], self.values.get("title") or name_from_path(self.path))
        return puzzle, self._goal(width, height)

    def _key_line(self, line: str, number: int) -> None:
        indent, key, space, rest = _KEY_LINE.match(line).groups()
        column = len(indent) + 1
        value_column = column + len(key) + len(space)
        if key[0].isdigit():
            # Unknown keys are skipped, but no key starts with a digit: this is a clue beyond
            # the block that ``width``/``height`` sized (skipping it lost a row or column).
            last = self.last_block
            beyond = f" after the {last[0]} block of {last[1]} lines" if last else ""
            raise DataFormatError(self.path, number, column,
                                  f"expected a key{beyond}, found a clue line {found(line.strip())} "
                                  "(does the width or height match the clue lines?)")
        if key in self.values and key in _REQUIRED + ("goal",):
            raise DataFormatError(self.path, number, column, f"expected one {key!r} key, found a second one")
        if key in ("width", "height"):
            self.values[key] = parse_count(rest.strip(), self.path, number, value_column, f"the {key}")
        elif key in ("rows", "columns"):
            size_key = "height" if key == "rows" else "width"
            if size_key not in self.values:
                raise DataFormatError(self.path, number, column, f"expected {size_key!r} before {key!r}, found {key!r} first")
            self.values[key] = self._block(key, self.values[size_key], number)
            self.last_block = (key, self.values[size_key])
        elif key == "goal":
            self.values["goal"] = _quoted(rest, self.path, number, value_column, key)
            self.goal_at = (number, value_column)
        elif key == "title":
            self.values["title"] = _quoted(rest, self.path, number, value_column, key)
        elif key == "color":
            raise UnsupportedFeatureError(
                f"{self.path}:{number}:{column}: multi-colour nonograms are not supported, found a 'color' key"
            )
        elif key in _METADATA_KEYS:
            pass  # Provenance and licence text: kept in the file, not needed to solve.
        # Unknown keys are ignored too: the format asks parsers to skip lines they do not know.

    def _block(self, key: str, count: int, header: int) -> tuple:
        clues = []
        for _ in range(count):
            if self.position >= self.end:
                raise DataFormatError(
                    self.path, self.position + 1, 1,
                    f"expected {count} {key} clues after line {header}, found end of puzzle after {len(clues)}",
                )
            clues.append(self._clue(self.lines[self.position], self.position + 1))
            self.position += 1
        return tuple(clues)

    def _clue(self, line: str, number: int) -> tuple:
        if not line.strip():
            return ()
        items = []
        column = 1
        for item in line.split(","):
            text = item.strip()
            item_column = column + len(item) - len(item.lstrip())
            match = _ITEM.fullmatch(text)
            if match is None:
                raise DataFormatError(self.path, number, item_column, f"expected a run length (a positive integer), found {found(text)}")
            if match.group(2):
                raise UnsupportedFeatureError(
                    f"{self.path}:{number}:{item_column}: multi-colour nonograms are not supported, "
                    f"found colour {match.group(2)!r} after a run length"
                )
            items.append((match.group(1), item_column))
            column += len(item) + 1
        return parse_runs(items, self.path, number)

    def _goal(self, width: int, height: int) -> Grid | None:
        goal = self.values.get("goal")
        if goal is None:
            return None
        if len(goal) != width * height:
            number, column = self.goal_at
            raise DataFormatError(
                self.path, number, column, f"expected a goal of width x height = {width * height} cells, found {len(goal)}"
            )
        cells = [0 if char == "0" else 1 for char in goal]
        return tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(height))


def read_with_goals(text: str, path: str = "<string>") -> list[tuple[Nonogram, Grid | None]]:
    """Every puzzle in ``text`` with its goal grid (``None`` when the file gives none)."""
    lines = text_lines(text)
    dividers = [index for index, line in enumerate(lines) if line.strip() == _BUNDLE_DIVIDER]
    bounds = zip([0] + [index + 1 for index in dividers], dividers + [len(lines)])
    return [_Parser(lines, begin, end, path).parse() for begin, end in bounds]


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """Every puzzle in ``text`` (one, unless it is a ``====`` bundle)."""
    return [puzzle for puzzle, _ in read_with_goals(text, path)]


def write(puzzle: Nonogram, goal: Grid | None = None) -> str:
    """The puzzle as a ``.non`` file, with a ``title`` when it has a name and ``goal`` when given."""
    require_writable(puzzle, "non")
    lines = []
    title = one_line(puzzle.name)
    if title:
        lines.append(f'title "{html.escape(title)}"')
    lines += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    lines += [runs_text(clue, ",") for clue in puzzle.rows]
    lines += ["", "columns"]
    lines += [runs_text(clue, ",") for clue in puzzle.cols]
    if goal is not None:
        lines += ["", 'goal "' + "".join(str(value) for row in goal for value in row) + '"']
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="non",
    kind="nonogram",
    extensions=(".non", ".nonpack"),
    sniff=sniff,
    read=read,
    write=write,
    description="Steve Simpson's .non nonogram format as extended by mikix/nonogram-db (goal = solution)",
)
