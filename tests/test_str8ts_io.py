"""The four Str8ts formats: round trips, detection, and the exact message of every malformed input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import futoshiki_puzzles, str8ts_puzzles

from futomip import io
from futomip.errors import DataFormatError, UnsupportedFeatureError
from futomip.io import str8ts_vil02
from futomip.io.solutions import read_solutions
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.str8ts import Str8ts

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
CORPUS = ROOT.parent / "shared" / "corpus"
STR8TS_FORMATS = ["str8ts-seed", "str8ts-dat", "str8ts-vil02", "str8ts-osmith93"]
SINGLE_CHARACTER_FORMATS = ["str8ts-vil02", "str8ts-osmith93"]

# Which format each bundled Str8ts folder is written in.
FOLDER_FORMAT = {
    "seeds": "str8ts-seed", "formats": "str8ts-dat", "vil02": "str8ts-vil02", "osmith93": "str8ts-osmith93",
}
PUZZLE_FILES = sorted(path for path in (DATA / "str8ts").rglob("*") if path.suffix in (".txt", ".dat"))

SMALL = Str8ts.from_cells(2, black=[(0, 0)], digits={(0, 0): 2, (0, 1): 1}, name="small")


@pytest.mark.parametrize("format_name", STR8TS_FORMATS)
@settings(max_examples=60, deadline=None)
@given(puzzle=str8ts_puzzles())
def test_every_format_reads_back_what_it_writes(format_name, puzzle):
    """write then read gives an equal puzzle, and detection names the format that wrote it."""
    text = io.write_text(puzzle, format_name)
    assert io.read_text(text, "x", format_name) == [puzzle]
    assert io.detect(text, "x").name == format_name


@pytest.mark.parametrize("format_name", ["str8ts-seed", "str8ts-dat"])
def test_unbounded_formats_hold_boards_above_nine(format_name):
    """The seed and dat formats write two-digit values, so a 12x12 board round-trips."""
    puzzle = Str8ts.from_cells(12, black=[(0, 0), (11, 11)], digits={(0, 0): 12, (5, 6): 10, (11, 0): 1})
    assert io.read_text(io.write_text(puzzle, format_name), "x", format_name) == [puzzle]


@pytest.mark.parametrize("format_name", SINGLE_CHARACTER_FORMATS)
def test_single_character_formats_refuse_boards_above_nine(format_name):
    """A format with one character per digit refuses a 10x10 board and names the alternatives."""
    puzzle = Str8ts.from_cells(10)
    with pytest.raises(UnsupportedFeatureError, match="up to 9x9, not 10x10; it can be written as: str8ts-dat, str8ts-seed$"):
        io.write_text(puzzle, format_name)


@pytest.mark.parametrize("format_name", STR8TS_FORMATS)
def test_writers_refuse_other_puzzle_kinds(format_name):
    """A Str8ts writer handed a Futoshiki says it holds Str8ts puzzles only."""
    with pytest.raises(UnsupportedFeatureError, match="holds str8ts puzzles, not futoshiki; a futoshiki can be written as: "):
        io.write_text(Futoshiki.from_clues(2), format_name)


@pytest.mark.parametrize("path", PUZZLE_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_bundled_files_are_detected_as_their_format(path):
    """Each bundled Str8ts file is detected as the format of its folder and reads as one 9x9 puzzle."""
    text = path.read_text()
    assert io.detect(text, path).name == FOLDER_FORMAT[path.parent.name]
    (puzzle,) = io.read(path)
    assert puzzle.kind == "str8ts" and puzzle.size == 9 and puzzle.name == path.stem


def test_no_str8ts_format_claims_another_kind_of_bundled_file():
    """The Str8ts sniffers reject every puzzle file in data/ outside data/str8ts."""
    others = [path for path in DATA.rglob("*") if path.is_file() and path.suffix in (".txt", ".dat", ".non", ".nin",
                                                                                        ".dzn", ".csv", ".ampl")
              and "str8ts" not in path.parts]
    assert others
    for path in others:
        text = path.read_text(errors="replace")
        claimed = [name for name in STR8TS_FORMATS if io.FORMATS[name].sniff(text)]
        assert claimed == [], path


@settings(max_examples=40, deadline=None)
@given(puzzle=futoshiki_puzzles(max_size=6, adjacent_only=True))
def test_no_str8ts_format_claims_a_written_futoshiki(puzzle):
    """Whatever a Futoshiki writer produces, no Str8ts sniffer accepts it."""
    for fmt in io.FORMATS.values():
        if fmt.kind == "futoshiki":
            text = fmt.write(puzzle)
            assert [name for name in STR8TS_FORMATS if io.FORMATS[name].sniff(text)] == [], fmt.name


def test_seed_file_reads_as_the_seed_sample():
    """The bundled seed-format file and its .dat copy hold the same puzzle."""
    seed = io.load(DATA / "str8ts" / "seeds" / "blog-sample.txt")
    assert io.load(DATA / "str8ts" / "formats" / "blog-sample.dat") == seed
    assert seed.givens[0][8] == 4 and seed.black[2][0] and seed.givens[2][0] == 4
    assert sum(map(sum, seed.black)) == 22


def test_vil02_digits_without_the_given_mark_are_not_clues():
    """read keeps only the '!'-marked digits; read_board also returns the filled-in ones."""
    text = str8ts_vil02.write_board(SMALL, ((0, 1), (2, 1)))
    assert "| 2 |" in text
    puzzle, shown = str8ts_vil02.read_board(text)
    assert puzzle == SMALL and io.read_text(text) == [SMALL]
    assert shown == ((0, 1), (2, 1))


@pytest.mark.parametrize("k", [1, 2, 3])
def test_vil02_samples_match_the_corpus(k):
    """The bundled vil02 puzzle and .sol equal the corpus' blank and solved boards, drawn identically."""
    folder = CORPUS / "str8ts-vil02-wikipedia"
    if not folder.is_dir():
        pytest.skip(f"corpus folder {folder} is absent")
    solved = (folder / f"SAMPLE_{k}_solved.txt").read_text()
    puzzle, grid = str8ts_vil02.read_board(solved)
    assert str8ts_vil02.write_board(puzzle, grid) == solved
    assert io.load(DATA / "str8ts" / "vil02" / f"SAMPLE_{k}.txt") == puzzle
    assert read_solutions(DATA / "str8ts" / "vil02" / f"SAMPLE_{k}.sol").grids == [grid]


def test_tolerated_variations_read_alike():
    """Comments, blank lines, trailing blanks and statement order do not change the puzzle."""
    seed = "% c\n\n1 0 % trailing comment\n0 0  \n\n--  \n  0 1\n1 1\n"
    osmith = "\n\nx.\n..\n\n1.\n..\n\n\n"
    dat = '/* a */ givens = {<1, 1, 1>}; // b\nblack = {<1,1> <1,1>};\nn = 2;\npuzzle = "str8ts";'
    expected = Str8ts.from_cells(2, black=[(0, 0)], digits={(0, 0): 1})
    assert io.read_text(seed, "x", "str8ts-seed") == [expected]
    assert io.read_text(osmith, "x", "str8ts-osmith93") == [expected]
    assert io.read_text(dat, "x", "str8ts-dat") == [expected]


@pytest.mark.parametrize("format_name", STR8TS_FORMATS)
def test_windows_line_ends_read_alike(format_name):
    """A file saved with CR LF line ends is detected and read like the LF original."""
    text = io.write_text(SMALL, format_name).replace("\n", "\r\n")
    assert io.detect(text, "x").name == format_name
    assert io.read_text(text, "x", format_name) == [SMALL]


VIL02 = (
    "+---+---+\n"
    "|###|  !|\n"
    "|#2#| 1 |\n"
    "|###|   |\n"
    "+---+---+\n"
    "|   |   |\n"
    "| 1 |   |\n"
    "|   |   |\n"
    "+---+---+\n"
)

BAD_INPUT = [
    # str8ts-seed
    ("str8ts-seed", "", "1:1: expected a row of digits, 0 for none, found end of file"),
    ("str8ts-seed", "% only a comment\n", "2:1: expected a row of digits, 0 for none, found end of file"),
    ("str8ts-seed", "--\n1 1\n", "1:1: expected a row of digits, 0 for none, found '--'"),
    ("str8ts-seed", "1 0\n0 2 1\n--\n1 0\n1 1\n", "2:5: expected end of line after 2 values, found '1'"),
    ("str8ts-seed", "1 0\n0\n--\n1 0\n1 1\n",
     "2:2: expected 2 values (a digit in 0..2, 0 for none), found end of line after 1 value"),
    ("str8ts-seed", "1 x\n0 2\n--\n1 0\n1 1\n", "1:3: expected a digit in 0..2, 0 for none, found 'x'"),
    ("str8ts-seed", "1 3\n0 2\n--\n1 0\n1 1\n", "1:3: expected a digit in 0..2, 0 for none, found '3'"),
    ("str8ts-seed", "1 0\n--\n1 0\n1 1\n", "2:1: expected 2 rows of digits, found '--' after 1 row"),
    ("str8ts-seed", "1 0\n0 2\n", "3:1: expected '--' after 2 rows of digits, found end of file"),
    ("str8ts-seed", "1 0\n0 2\n0 0\n--\n", "3:1: expected '--' after 2 rows of digits, found '0 0'"),
    ("str8ts-seed", "1 0\n0 2\n--\n1 2\n1 1\n", "4:3: expected 1 for white or 0 for black, found '2'"),
    ("str8ts-seed", "1 0\n0 2\n--\n1 0\n", "5:1: expected 2 rows of colours, found end of file after 1 row"),
    ("str8ts-seed", "1 0\n0 2\n--\n1 0\n--\n", "5:1: expected 2 rows of colours, found '--' after 1 row"),
    ("str8ts-seed", "1 0\n0 2\n--\n1 0\n1 1\n1 1\n", "6:1: expected end of file after 2 rows of colours, found '1 1'"),
    # str8ts-osmith93
    ("str8ts-osmith93", "",
     "1:1: expected a row of the black-cell mask ('.' for white or 'x' for black), found end of file"),
    ("str8ts-osmith93", "x.\n.o\n\n1.\n.2\n", "2:2: expected '.' for white or 'x' for black, found 'o'"),
    ("str8ts-osmith93", "x.\n...\n\n1.\n.2\n", "2:3: expected end of line after 2 cells, found '.'"),
    ("str8ts-osmith93", "x.\n.\n\n1.\n.2\n",
     "2:2: expected 2 cells ('.' for white or 'x' for black), found end of line after 1 cell"),
    ("str8ts-osmith93", "x.\n\n\n1.\n.2\n", "2:1: expected 2 rows of the mask, found a blank line after 1 row"),
    ("str8ts-osmith93", "x.\n..\n1.\n.2\n", "3:1: expected a blank line after 2 rows of the mask, found '1.'"),
    ("str8ts-osmith93", "x.\n..\n", "3:1: expected a blank line after the mask, found end of file"),
    ("str8ts-osmith93", "x.\n..\n\n1.\n.3\n", "5:2: expected '.' or a digit 1..2, found '3'"),
    ("str8ts-osmith93", "x.\n..\n\n0.\n..\n", "4:1: expected '.' or a digit 1..2, found '0'"),
    ("str8ts-osmith93", "x.\n..\n\n1.\n", "5:1: expected 2 rows of digits, found end of file after 1 row"),
    ("str8ts-osmith93", "x.\n..\n\n1.\n..\n\n..\n", "7:1: expected end of file after 2 rows of digits, found '..'"),
    ("str8ts-osmith93", "xxxxxxxxxx\n", "1:10: expected end of line after at most 9 cells, found 'x'"),
    # str8ts-dat
    ("str8ts-dat", "n = 2; black = {<1,3>};", "1:20: expected a column number in 1..2, found the number 3"),
    ("str8ts-dat", "n = 2 black = {};",
     "1:7: expected ';' ending the statement 'n' at line 1, column 1, found the name 'black'"),
    ("str8ts-dat", "n = 2; black = {<1 1>};",
     "1:20: expected ',' before the column in the tuple <row, column>, found the number 1"),
    ("str8ts-dat", "n = 2; black = {}; givens = {<1,1,3>};", "1:35: expected a digit in 1..2, found the number 3"),
    ("str8ts-dat", "n = 2; givens = {};",
     "1:20: expected a statement 'black = {<row, column>, ...};' somewhere in the file, found end of file"),
    ("str8ts-dat", "black = {};",
     "1:12: expected a statement 'n = <board size>;' somewhere in the file, found end of file"),
    ("str8ts-dat", "n = 2; n = 3; black = {};",
     "1:8: expected each statement once ('n' is already set at line 1, column 1), found the name 'n'"),
    ("str8ts-dat", 'puzzle = "futoshiki"; n = 2; black = {};',
     '1:10: expected the string "str8ts" (this format holds Str8ts puzzles), found the string "futoshiki"'),
    ("str8ts-dat", "n = 2; black = {}; size = 3;",
     "1:20: expected a statement puzzle, n, black or givens, or end of file, found the name 'size'"),
    ("str8ts-dat", "n = 0; black = {};",
     "1:5: expected the board size n as a whole number in 1..1000, found the number 0"),
    ("str8ts-dat", "n = 2; black = {}; givens = {<1,1,1> <1,1,2>};",
     "1:43: expected one digit for cell (1,1), found 2 after 1 at line 1, column 35"),
    ("str8ts-dat", "n = 2; black = {<1,1,1>};",
     "1:21: expected '>' closing the tuple <row, column> opened at line 1, column 17, found ','"),
    ("str8ts-dat", "n = 2; black = <1,1>;", "1:16: expected '{' opening a set of tuples <row, column>, found '<'"),
    ("str8ts-dat", "n = 2; black = {}; /* open",
     "1:20: expected '*/' closing the comment opened here, found end of file"),
    # str8ts-vil02
    ("str8ts-vil02", "", "1:1: expected a border line '+---+...', found end of file"),
    ("str8ts-vil02", "x" + VIL02, "1:1: expected '+' in the border line '+---+...', found 'x'"),
    ("str8ts-vil02", "+\n|", "1:2: expected '-' in the border line '+---+...', found end of line"),
    ("str8ts-vil02", "+---" * 10 + "+\n|", "1:38: expected end of line after at most 9 cells, found '---+'"),
    ("str8ts-vil02", VIL02.replace("|###|  !|", "|###|  ?|"),
     "2:6: expected '###' (black cell), '   ' or '  !' (white cell, '!' = given), found '  ?'"),
    ("str8ts-vil02", VIL02.replace("|#2#| 1 |", "|#2 | 1 |"), "3:2: expected '###' or '#d#' (black cell), found '#2 '"),
    ("str8ts-vil02", VIL02.replace("|#2#| 1 |", "|#2#|x1 |"), "3:6: expected '   ' or ' d ' (white cell), found 'x1 '"),
    ("str8ts-vil02", VIL02.replace("|#2#| 1 |", "|#2#| 3 |"), "3:7: expected a digit 1..2, found '3'"),
    ("str8ts-vil02", VIL02.replace("|#2#| 1 |", "|#2#|   |"),
     "3:6: expected ' d ' (a digit under the given mark '!'), found '   '"),
    ("str8ts-vil02", VIL02.replace("|###|   |\n+", "|## |   |\n+"),
     "4:2: expected '###' at the bottom of a black cell, found '## '"),
    ("str8ts-vil02", VIL02.replace("+---+---+\n|   |", "+---+--+\n|   |"),
     "5:8: expected '-' in the border line, found '+'"),
    ("str8ts-vil02", VIL02.replace("+---+---+\n|   |", "+---+---+\n+---+---+\n|   |"),
     "6:1: expected '|' before cell 1 of 2, found '+'"),
    ("str8ts-vil02", VIL02.replace("| 1 |   |", "| 1 :   |"), "7:5: expected '|' before cell 2 of 2, found ':'"),
    ("str8ts-vil02", VIL02.replace("| 1 |   |", "| 1 |"), "7:6: expected 3 characters in cell 2, found end of line"),
    ("str8ts-vil02", VIL02.replace("| 1 |   |", "| 1 |   ||"), "7:10: expected end of line after 2 cells, found '|'"),
    ("str8ts-vil02", VIL02.replace("| 1 |   |", "| 0 |   |"), "7:3: expected a digit 1..2, found '0'"),
    ("str8ts-vil02", VIL02.rsplit("+---+---+\n", 1)[0], "9:1: expected a border line '+---+...', found end of file"),
    ("str8ts-vil02", VIL02 + "extra\n", "10:1: expected end of file after 2 rows of cells, found 'extra'"),
]


@pytest.mark.parametrize("format_name, text, message", BAD_INPUT)
def test_malformed_input_is_reported_at_its_exact_place(format_name, text, message):
    """Each malformed input raises DataFormatError "path:line:column: expected X, found Y"."""
    with pytest.raises(DataFormatError) as error:
        io.read_text(text, "bad.txt", format_name)
    assert str(error.value) == f"bad.txt:{message}"


def test_the_well_formed_base_of_the_bad_vil02_inputs_reads():
    """The board the bad vil02 inputs are made from is itself valid (so each error is the edit's)."""
    assert io.read_text(VIL02, "x", "str8ts-vil02") == [SMALL]
