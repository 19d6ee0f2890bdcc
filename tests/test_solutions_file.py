"""Tests of the known-solutions file format (``.sol``) in futomip.io.solutions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip.errors import DataFormatError
from futomip.io.solutions import (
    SolutionsFile,
    format_solutions,
    parse_solutions,
    read_solutions,
    solutions_path,
    write_solutions,
)


@st.composite
def _solution_sets(draw, values=st.integers(-20, 120)):
    """Between zero and three grids of one random shape, and a count at least their number (or None)."""
    height, width = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    grid = st.lists(st.lists(values, min_size=width, max_size=width), min_size=height, max_size=height)
    grids = draw(st.lists(grid, max_size=3))
    count = draw(st.none() | st.integers(len(grids), len(grids) + 50))
    return [tuple(map(tuple, g)) for g in grids], count


@settings(max_examples=80, deadline=None)
@given(_solution_sets())
def test_integer_grids_round_trip(solutions):
    """Parsing what format_solutions writes gives back the same grids and count."""
    grids, count = solutions
    assert parse_solutions(format_solutions(grids, count)) == SolutionsFile(grids, count)


@settings(max_examples=50, deadline=None)
@given(_solution_sets(values=st.integers(0, 1)))
def test_pixel_grids_round_trip(solutions):
    """0/1 grids written as '#' and '.' rows read back as the same 0/1 grids."""
    grids, count = solutions
    text = format_solutions(grids, count, pixels=True)
    assert set(text.replace("% solutions: ", "").strip()) <= set("#.\n0123456789")
    assert parse_solutions(text) == SolutionsFile(grids, count)


def test_file_round_trip_and_location(tmp_path):
    """write_solutions then read_solutions restores the file, kept as '<stem>.sol' next to the puzzle."""
    puzzle = tmp_path / "sample-4.ampl.dat"
    assert solutions_path(puzzle) == tmp_path / "sample-4.ampl.sol"
    write_solutions(solutions_path(puzzle), [((1, 2), (2, 1))], 1, comments=["from a test"])
    assert read_solutions(solutions_path(puzzle)) == SolutionsFile([((1, 2), (2, 1))], 1)
    assert solutions_path(puzzle).read_text().startswith("% from a test\n% solutions: 1\n")


def test_layout_freedoms():
    """Comments anywhere, several blank lines, indentation, mixed '#.' rows and a missing final line end are fine."""
    text = "% a comment\n\n  1 2\n% inside a block\n  2 1\n\n\n\n% solutions: 5\n#.\n.#"
    assert parse_solutions(text) == SolutionsFile([((1, 2), (2, 1)), ((1, 0), (0, 1))], 5)


def test_without_header_the_count_is_unknown():
    """A file without '% solutions: K' leaves the total unstated (None), and an empty file lists nothing."""
    assert parse_solutions("1\n").count is None
    assert parse_solutions("") == SolutionsFile([], None)
    assert parse_solutions("% solutions: 0\n") == SolutionsFile([], 0)


def test_missing_file_is_a_data_format_error(tmp_path):
    """Reading a solutions file that does not exist names the file instead of raising OSError."""
    with pytest.raises(DataFormatError, match="no such file"):
        read_solutions(tmp_path / "absent.sol")


@pytest.mark.parametrize("grids, count, kwargs, message", [
    ([((1, 2), (3,))], None, {}, "ragged"),
    ([((1,),), ((1, 2),)], None, {}, "like the first grid"),
    ([((1,),), ((2,),)], 1, {}, "below the number of grids"),
    ([((2,),)], None, {"pixels": True}, "0/1 values"),
])
def test_writer_refuses_what_the_reader_would_reject(grids, count, kwargs, message):
    """format_solutions raises ValueError rather than write a file that would not read back."""
    with pytest.raises(ValueError, match=message):
        format_solutions(grids, count, **kwargs)


BAD_FILES = [
    ("1 2\n2\n", "2:2: expected 2 values in every row like line 1, found 1"),
    ("1 2\n2 1 3\n", "2:5: expected 2 values in every row like line 1, found 3"),
    ("1 2\n2 1\n\n1 2 3\n", "4:5: expected 2 values in every row like lines 1-2, found 3"),
    ("1 x\n", "1:3: expected an integer (or a whole row of '#' and '.'), found 'x'"),
    ("1 2.5\n", "1:3: expected an integer (or a whole row of '#' and '.'), found '2.5'"),
    ("#.x\n", "1:1: expected an integer (or a whole row of '#' and '.'), found '#.x'"),
    ("#. #\n", "1:1: expected an integer (or a whole row of '#' and '.'), found '#.'"),
    ("1 2\n2 1\n\n1 2\n", "5:1: expected 2 rows in every solution like lines 1-2, found 1"),
    ("1 2\n2 1\n\n1 2\n2 1\n1 2\n",
     "6:1: expected 2 rows in every solution like lines 1-2, found more (separate solutions with a blank line)"),
    ("% solutions: two\n1\n",
     "1:14: expected the number of solutions in all (a whole number 0 or more) after '% solutions:', found 'two'"),
    ("% solutions:\n1\n",
     "1:13: expected the number of solutions in all (a whole number 0 or more) after '% solutions:', found nothing"),
    ("% solutions: -1\n",
     "1:14: expected the number of solutions in all (a whole number 0 or more) after '% solutions:', found '-1'"),
    ("% solutions: 1\n1\n% solutions: 1\n", "3:1: expected one '% solutions:' header, found a second (the first is "
                                            "on line 1)"),
    ("% solutions: 1\n1\n\n2\n", "1:14: expected at least 2 solutions in all (the file lists 2), found 1"),
]


@pytest.mark.parametrize("text, message", BAD_FILES, ids=[f"bad-{k}" for k in range(len(BAD_FILES))])
def test_malformed_file_is_reported_at_the_offending_field(text, message):
    """Bad content raises DataFormatError "path:line:column: expected X, found Y" at the exact field."""
    with pytest.raises(DataFormatError) as caught:
        parse_solutions(text, "puzzle.sol")
    assert str(caught.value) == f"puzzle.sol:{message}"
    line, column = (int(part) for part in message.split(":")[:2])
    assert (caught.value.line, caught.value.column) == (line, column)


def test_bundled_solution_files_parse():
    """Every .sol file under data/ parses."""
    data = Path(__file__).resolve().parents[1] / "data"
    files = sorted(data.rglob("*.sol"))
    assert files
    for path in files:
        read_solutions(path)
