"""webpbn.com's XML export (format ``webpbn-xml``): round trips, detection, what is refused,
and exact error positions from the XML parser."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import nonogram_puzzles

from futomip import io
from futomip.errors import DataFormatError

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "nonogram" / "formats" / "notebook-sample.xml"

HEAD = '<?xml version="1.0"?>\n<puzzleset>\n<puzzle type="grid" defaultcolor="white">\n'
ROWS = '<clues type="rows"><line><count>1</count></line></clues>\n'
COLUMNS = '<clues type="columns"><line><count>1</count></line></clues>\n'
TAIL = '</puzzle>\n</puzzleset>\n'


@settings(max_examples=60, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=1, max_size=8))
def test_write_then_read_gives_the_same_puzzle(puzzle):
    text = io.write_text(puzzle, "webpbn-xml")
    assert io.read_text(text, "x", "webpbn-xml") == [puzzle]
    assert io.detect(text, "x").name == "webpbn-xml"


def test_bundled_sample_equals_its_nin_twin():
    assert io.load(SAMPLE) == io.load(SAMPLE.with_suffix(".nin"))


def test_an_empty_line_element_is_an_all_white_line():
    text = HEAD + '<clues type="rows"><line/></clues>\n<clues type="columns"><line/></clues>\n' + TAIL
    assert io.read_text(text, "x.xml")[0].rows == ((),)


@pytest.mark.parametrize("text,position,words", [
    (HEAD + ROWS + COLUMNS, (6, 1), "well-formed XML"),
    (HEAD + '<clues type="rows"><line><count color="red">1</count></line></clues>\n' + COLUMNS + TAIL,
     (4, 26), "colour 'red'"),
    (HEAD + '<clues type="rows"><line><count>x</count></line></clues>\n' + COLUMNS + TAIL, (4, 26), "'x'"),
    (HEAD + '<clues type="rows"><line><count>0</count></line></clues>\n' + COLUMNS + TAIL, (4, 26), "'0'"),
    (HEAD + ROWS + TAIL, (5, 1), "type=\"columns\""),
    ('<?xml version="1.0"?>\n<puzzleset>\n<puzzle type="grid" defaultcolor="black">\n' + ROWS + COLUMNS + TAIL,
     (3, 1), "defaultcolor"),
    ('<?xml version="1.0"?>\n<!DOCTYPE pbn [<!ENTITY a "aaaa">]>\n<puzzleset>\n<puzzle>' + ROWS + COLUMNS + TAIL,
     (2, 15), "internal subset"),
])
def test_errors_point_at_the_spot(text, position, words):
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad.xml", "webpbn-xml")
    assert (caught.value.line, caught.value.column) == position, str(caught.value)
    assert words in str(caught.value)


def test_nested_elements_are_format_errors():
    """The slow fuzz profile found a <puzzle> inside a <line> ending in an AttributeError."""
    text = '<puzzleset><puzzle><clues type="rows"><line><puzzle></puzzle></line></clues></puzzle></puzzleset>'
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad.xml", "webpbn-xml")
    assert "inside a <puzzle>" in str(caught.value)
