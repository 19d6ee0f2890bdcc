"""The "qcp" reader and writer (``futomip.io.latin_qcp``): the MiniZinc QCP instances."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from futomip import io, solve
from futomip.errors import DataFormatError, UnsupportedFeatureError
from futomip.io.latin_qcp import read, write
from futomip.puzzles.latin import LatinSquare

DATA = Path(__file__).resolve().parent.parent / "data" / "latin" / "qcp"
SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "latin-qcp-minizinc-benchmarks" / "QCP"


def test_sample_reads_as_a_latin_square_with_symbols_shifted_by_one():
    puzzle = io.read(DATA / "qcp-10-67-0_ext.mzn")[0]
    assert isinstance(puzzle, LatinSquare) and puzzle.size == 10 and puzzle.name == "qcp-10-67-0_ext"
    # v_0 is "1 .. 1" (symbol 1 -> 2), v_1 a hole, v_2 "2 .. 2" (-> 3), v_28 "0 .. 0" (-> 1).
    assert puzzle.givens[0][:3] == (2, 0, 3) and puzzle.givens[2][8] == 1
    assert puzzle.holes == 67
    assert io.detect((DATA / "qcp-10-67-0_ext.mzn").read_text()).name == "qcp"


def test_round_trip_and_solve():
    puzzle = io.read(DATA / "qcp-15-120-0_ext.mzn")[0]
    assert read(write(puzzle))[0] == puzzle
    result = solve(puzzle, backend="highspy", solver="highs")
    assert result.status == "solved"


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared corpus is not beside the project")
def test_every_corpus_instance_reads():
    files = sorted(SHARED.glob("*.mzn"))
    assert len(files) == 60
    for path in files:
        puzzle = io.read(path)[0]
        n = int(path.name.split("-")[1])
        assert puzzle.size == n and puzzle.holes == int(path.name.split("-")[2])


TEXT = (DATA / "qcp-10-67-0_ext.mzn").read_text()


@pytest.mark.parametrize("old, new, line, column, words", [
    ("var  0 ..  9 : v_1;", "var  0 ..  9 : v_7;", 2, 16, "the cell v_1"),
    ("var  0 ..  9 : v_1;", "var  0 ..  8 : v_1;", 2, 6, "a single symbol in 0..9"),
    ("var  1 ..  1 : v_0;", "var  1 .   1 : v_0;", 1, 8, "found the character '.'"),
    ("constraint all_different([v_90", "constraint all_different([v_91", 133, 26, "one row or one column"),
    ("constraint all_different([v_0, v_1,", "constraint alldifferent([v_0, v_1,", 115, 12, "all_different"),
])
def test_errors_name_line_and_column(old, new, line, column, words):
    assert old in TEXT
    with pytest.raises(DataFormatError) as caught:
        read(TEXT.replace(old, new, 1), "bad.mzn")
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert words in str(caught.value)


def test_missing_lines_and_non_square_counts_are_refused():
    without_last_column = "\n".join(line for line in TEXT.splitlines() if "v_9, v_19" not in line)
    with pytest.raises(DataFormatError, match="each of the 10 rows and 10 columns"):
        read(without_last_column, "bad.mzn")
    with pytest.raises(DataFormatError, match="square number"):
        read("var 0 .. 1 : v_0;\nvar 0 .. 1 : v_1;\narray[1 .. 2] of var int: var_array = [v_0, v_1];\n"
             "solve satisfy;\n", "bad.mzn")


@pytest.mark.parametrize("order", [1, 2])
def test_every_small_square_the_format_can_hold_round_trips(order):
    """Order 1's one row is its one column (all_different once); order 2 with every given."""
    boards = itertools.product(range(order + 1), repeat=order * order)
    for cells in boards:
        if order == 1 and cells == (0,):
            continue  # refused, below
        puzzle = LatinSquare(order, tuple(tuple(cells[r * order:(r + 1) * order]) for r in range(order)))
        assert read(write(puzzle)) == [puzzle]


def test_an_order_one_hole_is_refused_as_it_would_read_back_as_a_clue():
    with pytest.raises(UnsupportedFeatureError, match=r"order-1 .*'var 0 \.\. 0'.*; it can be written as: pls$"):
        io.write_text(LatinSquare(1, ((0,),)), "qcp")
