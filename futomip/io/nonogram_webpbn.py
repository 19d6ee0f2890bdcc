"""The "webpbn-xml" format: the XML export of webpbn.com (Jan Wolter's puzzle site), the form
in which its 30,000 puzzles and the pynogram/nonogram test sets circulate.

    <puzzleset>
      <puzzle type="grid" defaultcolor="white">
        <title>Dancer</title>
        <color name="white" char=".">fff</color> <color name="black" char="X">000</color>
        <clues type="columns"> <line><count>2</count><count>1</count></line> <line/> ... </clues>
        <clues type="rows"> <line>...</line> ... </clues>
      </puzzle>
    </puzzleset>

A ``<line/>`` without counts is an all-white line.  Only black-and-white puzzles are read:
a count with a colour other than black (``color="red"``) is refused, as is a puzzle whose
``defaultcolor`` is not white.  Other elements (source, author, copyright, solution images)
are skipped.  Errors give the line and column of the element at fault, which the standard
library's expat parser reports.  No external DTD or entity is fetched.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from xml.parsers import expat

from ..errors import DataFormatError
from ..puzzles.nonogram import Nonogram
from ._format import Format
from ._scan import int_value, is_digits, name_from_path, numbered_name
from .nonogram_common import require_writable

__all__ = ["FORMAT", "read", "write", "sniff"]


def sniff(text: str) -> bool:
    head = text[:2000]
    return "<puzzleset" in head or ("<puzzle" in head and "<clues" in text[:20000])


class _Reader:
    """Collects the puzzles while expat walks the document (positions from the parser)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.parser = expat.ParserCreate()
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.text
        self.parser.StartDoctypeDeclHandler = self.doctype
        self.puzzles: list[Nonogram] = []
        self.puzzle: dict | None = None
        self.clues: str | None = None
        self.line: list[int] | None = None
        self.count: tuple[str, int, int] | None = None

    def fail(self, message: str, where: tuple[int, int] | None = None) -> DataFormatError:
        line, column = where or (self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)
        return DataFormatError(self.path, line, column, message)

    def doctype(self, name, system_id, public_id, has_internal_subset) -> None:
        # webpbn names an external DTD only; an internal subset could define entities
        # that expand without bound, and no puzzle file needs one.
        if has_internal_subset:
            raise self.fail("expected a DOCTYPE without an internal subset, found one (entity definitions)")

    def start(self, name: str, attributes: dict) -> None:
        open_element = {"puzzle": self.puzzle, "clues": self.clues, "line": self.line, "count": self.count}
        if open_element.get(name) is not None:
            raise self.fail(f"expected </{name}> before another <{name}>, found a <{name}> inside a <{name}>")
        if name == "puzzle":
            if attributes.get("type", "grid") != "grid":
                raise self.fail(f"expected a grid puzzle, found type {attributes.get('type')!r}")
            if attributes.get("defaultcolor", "white") != "white":
                raise self.fail("expected a black-and-white puzzle (defaultcolor white), "
                                f"found defaultcolor {attributes.get('defaultcolor')!r}")
            self.puzzle = {"rows": None, "columns": None, "title": ""}
        elif name == "clues" and self.puzzle is not None:
            kind = attributes.get("type")
            if kind not in ("rows", "columns"):
                raise self.fail(f"expected clues of type 'rows' or 'columns', found {kind!r}")
            self.clues = kind
            self.puzzle[kind] = []
        elif name == "line" and self.clues is not None:
            self.line = []
        elif name == "count" and self.line is not None:
            colour = attributes.get("color", "black")
            if colour != "black":
                raise self.fail(f"expected a black count (only black-and-white puzzles are read), found colour {colour!r}")
            self.count = ("", self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)
        elif name == "title" and self.puzzle is not None:
            self.puzzle["title_open"] = True

    def text(self, data: str) -> None:
        if self.count is not None:
            self.count = (self.count[0] + data, self.count[1], self.count[2])
        elif self.puzzle is not None and self.puzzle.get("title_open"):
            self.puzzle["title"] += data

    def end(self, name: str) -> None:
        if name == "count" and self.count is not None:
            text, line, column = self.count
            if not is_digits(text.strip()) or int_value(text.strip()) < 1:
                raise self.fail(f"expected a run length (a positive integer), found {text.strip()[:30]!r}", (line, column))
            self.line.append(int_value(text.strip()))
            self.count = None
        elif name == "line" and self.line is not None:
            self.puzzle[self.clues].append(tuple(self.line))
            self.line = None
        elif name == "clues":
            self.clues = None
        elif name == "title" and self.puzzle is not None:
            self.puzzle["title_open"] = False
        elif name == "puzzle" and self.puzzle is not None:
            for kind in ("rows", "columns"):
                if not self.puzzle[kind]:
                    raise self.fail(f"expected <clues type=\"{kind}\"> with at least one <line> in the puzzle, "
                                    "found none before </puzzle>")
            self.puzzles.append(Nonogram(tuple(self.puzzle["rows"]), tuple(self.puzzle["columns"]),
                                         self.puzzle["title"].strip()))
            self.puzzle = None


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """Every black-and-white puzzle of the document, in order."""
    reader = _Reader(path)
    try:
        reader.parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise DataFormatError(path, exc.lineno, exc.offset + 1,
                              f"expected well-formed XML, found {expat.ErrorString(exc.code)}") from None
    if not reader.puzzles:
        raise DataFormatError(path, 1, 1, "expected a <puzzle> with row and column clues, found none")
    base = name_from_path(path)
    return [puzzle if puzzle.name else Nonogram(puzzle.rows, puzzle.cols, base if len(reader.puzzles) == 1
                                                else numbered_name(base, k + 1))
            for k, puzzle in enumerate(reader.puzzles)]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _clue_lines(clues) -> list[str]:
    return ["      <line>" + "".join(f"<count>{run}</count>" for run in clue) + "</line>" if clue else "      <line/>"
            for clue in clues]


def write(puzzle: Nonogram) -> str:
    """The puzzle as a webpbn XML document of one black-and-white puzzle."""
    require_writable(puzzle, "webpbn-xml")
    lines = ['<?xml version="1.0"?>', "<puzzleset>", '  <puzzle type="grid" defaultcolor="white">']
    if puzzle.name:
        lines.append(f"    <title>{_escape(puzzle.name)}</title>")
    lines += ['    <color name="white" char=".">fff</color>', '    <color name="black" char="X">000</color>',
              '    <clues type="columns">', *_clue_lines(puzzle.cols), "    </clues>",
              '    <clues type="rows">', *_clue_lines(puzzle.rows), "    </clues>", "  </puzzle>", "</puzzleset>"]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="webpbn-xml",
    kind="nonogram",
    extensions=(".xml", ".pbn"),
    sniff=sniff,
    read=read,
    write=write,
    description="webpbn.com's XML export (black-and-white puzzles): <clues type=rows|columns><line><count>",
)
