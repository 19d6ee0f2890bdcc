"""Every writer that stores a puzzle's name writes a file its reader reads back, whatever
the name holds: a title spanning lines (webpbn XML titles may) or a double quote."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from futomip import io

DATA = Path(__file__).resolve().parent.parent / "data"
ONE_PER_KIND = {
    "futoshiki": DATA / "futoshiki.dat",
    "adjacent": DATA / "adjacent" / "tatham-7a.unequal",
    "sudoku": DATA / "sudoku" / "easy.sdk",
    "killer": DATA / "killer" / "cages.txt",
    "latin": DATA / "latin" / "completion-12.pls",
    "nonogram": DATA / "nonogram" / "seeds" / "notebook-sample.pattern",
    "str8ts": DATA / "str8ts" / "seeds" / "blog-sample.txt",
}
TITLES = ["Two\nlines", "Two\r\nlines", 'A "quoted" word']


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("format_name", sorted(io.FORMATS))
def test_every_writer_reads_back_a_puzzle_whatever_its_title(format_name, title):
    fmt = io.FORMATS[format_name]
    puzzle = dataclasses.replace(io.load(ONE_PER_KIND[fmt.kind]), name=title)
    path = "titled" + fmt.extensions[0]
    (back,) = io.read_text(io.write_text(puzzle, format_name), path, format=format_name)
    assert back == puzzle
    # The name survives as written or on one line; formats without names name it otherwise
    # (the file's stem, taai's "$1"), sharing no word with the title.
    kept = back.name in {title, " ".join(title.split()), title.replace("\r\n", "\n")}
    assert kept or not set(back.name.split()) & set(title.split())
