"""The ``grid-wide`` Futoshiki drawing (boards of any size): round trips, detection against
the one-digit ``grid``, and exact error positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from strategies import futoshiki_puzzles

import futomip
from futomip import io
from futomip.errors import DataFormatError
from futomip.puzzles.futoshiki import Futoshiki, verify


@settings(max_examples=60, deadline=None)
@given(puzzle=futoshiki_puzzles(min_size=1, max_size=12, adjacent_only=True))
def test_write_then_read_gives_the_same_puzzle(puzzle):
    text = io.write_text(puzzle, "grid-wide")
    again = io.read_text(text, "x", "grid-wide")[0]
    assert again.givens == puzzle.givens and set(again.less) == set(puzzle.less)
    if puzzle.size > 1:
        assert io.detect(text, "x.txt").name == "grid-wide"


def test_the_one_digit_grid_stays_grid():
    text = io.write_text(Futoshiki.from_clues(4, {(0, 0): 1}, less=[((0, 0), (0, 1))]), "grid")
    assert io.detect(text, "x.txt").name == "grid"


def test_a_12x12_board_is_read_and_solved():
    puzzle = Futoshiki.from_clues(12, {(0, 0): 12, (5, 5): 11}, less=[((0, 1), (0, 2)), ((3, 3), (4, 3))])
    again = io.read_text(io.write_text(puzzle, "grid-wide"), "twelve.txt")[0]
    result = futomip.solve(again)
    assert result.status == "solved" and verify(again, result.grid) == []


@pytest.mark.parametrize("text,position,words", [
    ("1 x 2\n. .\n2 1\n", (1, 3), "a number, '<' or '>'"),
    ("1 <\n", (1, 4), "a number after the sign"),
    ("1 2\n. x\n2 1\n", (2, 3), "under cell 2"),
    ("1 2\n.\n2 1\n", (2, 2), "end of line after 1"),
    ("1 2\n. . .\n2 1\n", (2, 5), "found more"),
    ("1 2\n. .\n2 1 3\n", (3, 5), "found more"),
    ("1 3\n. .\n2 1\n", (1, 3), "value 0..2"),
    ("1 2\n. .\n", (3, 1), "found end of file after 1"),
    ("1 2\n. .\n2 1\n. .\n", (4, 1), "end of the 2x2 board"),
])
def test_errors_point_at_the_spot(text, position, words):
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad.txt", "grid-wide")
    assert (caught.value.line, caught.value.column) == position, str(caught.value)
    assert words in str(caught.value)
