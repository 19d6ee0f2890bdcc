"""The ``pls`` format of partial Latin squares: round trips, detection, exact error
positions, and the bundled sample through the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip import io
from futomip.errors import DataFormatError
from futomip.puzzles.latin import LatinSquare, verify

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "latin" / "completion-12.pls"


@st.composite
def partial_squares(draw):
    n = draw(st.integers(1, 12))
    return LatinSquare(n, tuple(tuple(draw(st.integers(0, n)) for _ in range(n)) for _ in range(n)))


@settings(max_examples=60, deadline=None)
@given(puzzle=partial_squares())
def test_write_then_read_gives_the_same_square(puzzle):
    text = io.write_text(puzzle, "pls")
    assert io.read_text(text, "x", "pls") == [puzzle]
    assert io.detect(text, "x").name == "pls"


def test_symbols_are_zero_based_in_the_file():
    square = io.read_text("order 2\n0 -1\n-1 0\n", "x.pls")[0]
    assert square.givens == ((1, 0), (0, 1))


@pytest.mark.parametrize("text,position,words", [
    ("ordre 2\n0 1\n1 0\n", (1, 1), "'order N'"),
    ("order 2\n0 2\n1 0\n", (2, 3), "symbol 0..1"),
    ("order 2\n0 -2\n1 0\n", (2, 3), "symbol 0..1"),
    ("order 2\n0\n1 0\n", (2, 2), "end of line after 1"),
    ("order 2\n0 1 1\n1 0\n", (2, 5), "past them"),
    ("order 2\n0 1\n", (3, 1), "end of file after 1"),
    ("order 2\n0 1\n1 0\n  x\n", (4, 3), "end of file after the 2 rows"),
    ("order 0\n", (1, 7), "order in 1.."),
    ("order 2\n0 ٣\n1 0\n", (2, 3), "symbol 0..1"),
])
def test_errors_point_at_the_spot(text, position, words):
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad.pls", "pls")
    assert (caught.value.line, caught.value.column) == position, str(caught.value)
    assert words in str(caught.value)


def test_cli_completes_the_bundled_square():
    script = Path(sys.executable).with_name("futomip")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]
    done = subprocess.run(program + [str(SAMPLE), "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["puzzle"] == "latin" and answer["status"] == "solved"
    assert verify(io.load(SAMPLE), tuple(map(tuple, answer["solution"]))) == []
