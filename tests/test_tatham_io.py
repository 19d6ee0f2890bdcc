"""Simon Tatham's Unequal game IDs (format ``tatham``): the reading of the marks, round
trips, detection and exact error positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import futoshiki_puzzles

import futomip
from futomip import io
from futomip.errors import DataFormatError, UnsupportedFeatureError
from futomip.puzzles.futoshiki import Futoshiki

GUARDIAN = sorted((Path(__file__).resolve().parent.parent / "data" / "futoshiki" / "formats").glob("guardian-*.unequal"))


def test_a_mark_means_this_cell_is_greater_than_that_neighbour():
    """The two Guardian puzzles are unique under this reading and infeasible under the other."""
    for puzzle in map(io.load, GUARDIAN):
        assert futomip.solve(puzzle, unique=True).unique is True
        flipped = Futoshiki(puzzle.size, puzzle.givens, tuple((b, a) for a, b in puzzle.less))
        assert futomip.solve(flipped).status == "infeasible"


def test_marks_become_pairs():
    puzzle = io.read_text("2:0R,0,0U,0,", "x", "tatham")[0]
    assert set(puzzle.less) == {((0, 1), (0, 0)), ((0, 0), (1, 0))}


@settings(max_examples=60, deadline=None)
@given(puzzle=futoshiki_puzzles(min_size=1, max_size=9, adjacent_only=True))
def test_write_then_read_gives_the_same_puzzle(puzzle):
    text = io.write_text(puzzle, "tatham")
    again = io.read_text(text, "x", "tatham")[0]
    assert again.givens == puzzle.givens and set(again.less) == set(puzzle.less)
    assert io.detect(text, "x").name == "tatham"


def test_signs_between_non_neighbours_are_refused_by_the_writer():
    with pytest.raises(UnsupportedFeatureError):
        io.write_text(Futoshiki.from_clues(3, less=[((0, 0), (2, 2))]), "tatham")


@pytest.mark.parametrize("text,position,words", [
    ("5 0,0", (1, 1), "a colon"),
    ("2:0,0,0", (1, 8), "end of line after 3"),
    ("2:0,0,0,0,0", (1, 11), "found more"),
    ("2:0,3,0,0", (1, 5), "digit 0..2"),
    ("2:0,0X,0,0", (1, 5), "'0X'"),
    ("2:0,0RR,0,0", (1, 5), "once each"),
    ("2:0U,0,0,0", (1, 4), "board's edge"),
    ("# c\n2a:0R,0,0,0", (2, 5), "echoed by L"),
    ("2adk:0,0D,0,0", (1, 9), "echoed by U"),
    ("2:0,٣,0,0", (1, 5), "digit 0..2"),
])
def test_errors_point_at_the_spot(text, position, words):
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad", "tatham")
    assert (caught.value.line, caught.value.column) == position, str(caught.value)
    assert words in str(caught.value)


# Pattern (nonograms)

from strategies import nonogram_puzzles  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=1, max_size=8))
def test_pattern_ids_round_trip(puzzle):
    text = io.write_text(puzzle, "tatham-pattern")
    assert io.read_text(text, "x", "tatham-pattern") == [puzzle]
    assert io.detect(text, "x").name == "tatham-pattern"


def test_pattern_id_lists_columns_first_and_empty_clues_as_nothing():
    puzzle = io.read_text("3x2:1//2/1.1/", "x", "tatham-pattern")[0]
    assert puzzle.cols == ((1,), (), (2,)) and puzzle.rows == ((1, 1), ())


@pytest.mark.parametrize("text,position,words", [
    ("3x2 1/2", (1, 1), "a size and a colon"),
    ("2x2:1/1/1", (1, 10), "found 3"),
    ("2x2:1/1/1/1/1", (1, 13), "found 5"),
    ("2x2:1/x/1/1", (1, 7), "'x'"),
    ("2x2:1/0/1/1", (1, 7), "'0'"),
    ("2x2:1/1/1/1,aB", (1, 12), "pre-filled squares"),
])
def test_pattern_id_errors_point_at_the_spot(text, position, words):
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad", "tatham-pattern")
    assert (caught.value.line, caught.value.column) == position, str(caught.value)
    assert words in str(caught.value)
