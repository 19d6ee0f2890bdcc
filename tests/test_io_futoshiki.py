"""Tests of the four Futoshiki formats (opl, ampl, grid, csv) and the bundled Futoshiki data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings

import futomip.io as io
from futomip.errors import DataFormatError, UnsupportedFeatureError
from futomip.io.solutions import read_solutions, solutions_path
from futomip.puzzles.futoshiki import Futoshiki, render, verify
from strategies import futoshiki_puzzles

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
CORPUS = Path(os.environ.get("FUTOMIP_CORPUS", REPO.parent / "shared" / "corpus"))
FUTOSHIKI_CORPORA = ("futoshiki-tnhphat-benchmark", "futoshiki-hcmus-chistaif")
FORMAT_NAMES = ("opl", "ampl", "grid", "csv")

# What each format can hold: grid draws one digit per cell (n <= 9); grid and csv place
# signs between neighbours only; opl and ampl take any pair of distinct cells.
PUZZLES_FOR = {
    "opl": futoshiki_puzzles(max_size=12),
    "ampl": futoshiki_puzzles(max_size=12),
    "grid": futoshiki_puzzles(max_size=9, adjacent_only=True),
    "csv": futoshiki_puzzles(max_size=12, adjacent_only=True),
}


# The Futoshiki sets these tests vouch for; other sets under data/futoshiki/ come with
# tests of their own.
BUNDLED_SETS = ("seeds", "formats", "tnhphat", "chistaif")


def _bundled_puzzle_files() -> list[Path]:
    files = [DATA / "futoshiki.dat"]
    for name in BUNDLED_SETS:
        files += sorted((DATA / "futoshiki" / name).iterdir())
    return [path for path in files if path.is_file() and path.suffix != ".sol" and path.name != "LICENSE"]


def _expected_format(path: Path) -> str:
    """The format a bundled file is in, by where it lives (independent of the sniffers)."""
    if path.name.endswith(".ampl.dat"):
        return "ampl"
    if path.suffix == ".dat":
        return "opl"
    if path.name.endswith(".wide.txt"):
        return "grid-wide"
    if path.suffix == ".unequal":
        return "tatham"
    return "grid" if path.parent.name == "seeds" else "csv"


def _corpus_files() -> list[Path]:
    files = []
    for name in FUTOSHIKI_CORPORA:
        files += sorted(path for path in (CORPUS / name).rglob("*.txt")
                        if path.parent.name != "Outputs" and not path.name.startswith("LICENSE"))
    return files


needs_corpus = pytest.mark.skipif(not (CORPUS / FUTOSHIKI_CORPORA[0]).is_dir(),
                                  reason=f"the reference corpus is not at {CORPUS} (set FUTOMIP_CORPUS)")


def _puzzle(size, givens=None, less=()):
    """A puzzle from sparse 1-based givens {(r, c): v} and 1-based pairs, as tests write them."""
    zero_based = {(r - 1, c - 1): v for (r, c), v in (givens or {}).items()}
    pairs = [((a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1)) for a, b in less]
    return Futoshiki.from_clues(size, zero_based, pairs)


# Round trips and detection of written text


@pytest.mark.parametrize("format_name", FORMAT_NAMES)
def test_round_trip(format_name):
    """Reading what a format writes gives back an equal puzzle."""
    fmt = io.FORMATS[format_name]

    @settings(max_examples=60, deadline=None)
    @given(PUZZLES_FOR[format_name])
    def check(puzzle):
        assert fmt.read(fmt.write(puzzle), "<string>") == [puzzle]

    check()


@pytest.mark.parametrize("format_name", FORMAT_NAMES)
def test_written_text_is_detected_as_its_format(format_name):
    """Detection by content alone (no telling extension) picks the format that wrote the text."""
    fmt = io.FORMATS[format_name]

    @settings(max_examples=40, deadline=None)
    @given(PUZZLES_FOR[format_name])
    def check(puzzle):
        text = fmt.write(puzzle)
        assert [f.name for f in io.FORMATS.values() if f.sniff(text) and f.kind == "futoshiki"] == [format_name]
        assert io.detect(text, "puzzle").name == format_name

    check()


@pytest.mark.parametrize("text, format_name", [
    ("0\n", "grid"),
    ("1\n", "grid"),
    ("1\n0\n", "csv"),
    ("1\n1\n\n", "csv"),
    ("% a 1x1 board\n\n0\n\n", "grid"),
])
def test_one_by_one_boards_are_told_apart(text, format_name):
    """A lone digit is a 1x1 grid; a number followed by a grid line is the csv layout."""
    assert io.detect(text, "puzzle.txt").name == format_name
    assert len(io.read_text(text, "puzzle.txt")) == 1


@pytest.mark.parametrize("format_name, text, claimed", [
    ("opl", "// licence\n/* block */ conditions = {}; n = 2;", True),
    ("opl", "n = 2;\ninitialvalues = {};", True),
    ("opl", "n = 9;\nblack = {<1, 1>};", False),
    ("opl", "param n := 2;", False),
    ("ampl", "# header\ndata;\nset less := ;\nparam n := 2;", True),
    ("ampl", "param n := 9;\nparam black := 1 1;", False),
    ("ampl", "n = 2;", False),
    ("grid", "% comment\n\n0 0\n\n0 0\n", True),
    ("grid", "0 0\n^ x\n0 0\n", False),
    ("grid", "0 0 0\n1 2 0\n--\n1 1 0\n", False),
    ("csv", "2\n0,0\n", True),
    ("csv", "2\n0 0\n", False),
])
def test_sniffers_look_at_content(format_name, text, claimed):
    """Each sniffer claims its own layout (comments and a misspelt name included) and not look-alikes."""
    assert io.FORMATS[format_name].sniff(text) is claimed


def _other_puzzle_files() -> list[Path]:
    """Text files of other puzzle kinds, bundled or in the corpora, plus Chistaif's ASCII-art solutions."""
    found = [path for path in DATA.rglob("*") if path.is_file() and not path.is_relative_to(DATA / "futoshiki")
             and path.name != "futoshiki.dat" and path.suffix not in (".sol", ".md")]
    if CORPUS.is_dir():
        found += [path for path in CORPUS.rglob("*") if path.is_file() and path.suffix != ".md"
                  and (path.relative_to(CORPUS).parts[0] not in FUTOSHIKI_CORPORA or path.parent.name == "Outputs")]
    return sorted(path for path in found if not path.name.startswith("LICENSE"))


def test_futoshiki_sniffers_leave_other_files_alone():
    """No Futoshiki format claims a file of another puzzle kind (or a drawn solution) by its content."""
    futoshiki_formats = [fmt for fmt in io.FORMATS.values() if fmt.kind == "futoshiki"]
    claimed = []
    for path in _other_puzzle_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        claimed += [f"{path}: {fmt.name}" for fmt in futoshiki_formats if fmt.sniff(text)]
    assert claimed == []


# What writers refuse


@pytest.mark.parametrize("format_name", ["grid", "csv", "tatham"])
def test_positional_writers_refuse_non_neighbour_relations(format_name):
    """Grid, csv and tatham cannot hold an inequality between cells that are not neighbours;
    the message names the cells 1-based, as every message does."""
    puzzle = _puzzle(3, less=[((1, 1), (1, 3))])
    with pytest.raises(UnsupportedFeatureError,
                       match=r"only relate neighbouring cells.*\(1,1\) < \(1,3\); it can be written as: ampl, opl$"):
        io.write_text(puzzle, format_name)


@pytest.mark.parametrize("format_name", ["grid", "csv"])
def test_positional_writers_refuse_both_directions(format_name):
    """Grid and csv have one sign between two neighbours, so a < b together with b < a is
    refused, naming every format that holds it (tatham marks both cells)."""
    puzzle = _puzzle(2, less=[((1, 1), (2, 1)), ((2, 1), (1, 1))])
    with pytest.raises(UnsupportedFeatureError, match="both ways; it can be written as: ampl, opl, tatham$"):
        io.write_text(puzzle, format_name)


def test_grid_writer_refuses_boards_above_nine():
    """The grid format draws one digit per cell, so a 10x10 board is refused with a pointer to other formats."""
    with pytest.raises(UnsupportedFeatureError,
                       match="up to 9x9; this one is 10x10; it can be written as: ampl, csv, grid-wide, opl, tatham$"):
        io.write_text(_puzzle(10), "grid")


@pytest.mark.parametrize("format_name", FORMAT_NAMES)
def test_writers_refuse_other_puzzle_kinds(format_name):
    """A Futoshiki format asked to write something else says so instead of failing obscurely."""
    with pytest.raises(UnsupportedFeatureError, match="holds Futoshiki puzzles"):
        io.FORMATS[format_name].write(object())


# Pyomo reads the ampl layout


def _pyomo_instance(path: Path):
    environ = pytest.importorskip("pyomo.environ")
    model = environ.AbstractModel()
    model.n = environ.Param(within=environ.PositiveIntegers)
    model.R = environ.RangeSet(1, model.n)
    model.given = environ.Param(model.R, model.R, within=environ.NonNegativeIntegers, default=0)
    model.less = environ.Set(dimen=4, within=model.R * model.R * model.R * model.R)
    data = environ.DataPortal(model=model)
    data.load(filename=str(path))
    return model.create_instance(data)


def _from_pyomo(instance) -> Futoshiki:
    size = int(instance.n.value)
    board = [[int(instance.given[r, c]) for c in range(1, size + 1)] for r in range(1, size + 1)]
    less = [((r1 - 1, c1 - 1), (r2 - 1, c2 - 1)) for r1, c1, r2, c2 in instance.less]
    return Futoshiki(size, tuple(map(tuple, board)), tuple(less))


def test_pyomo_dataportal_loads_written_ampl(tmp_path):
    """Pyomo's DataPortal loads every written ampl file into the documented model with the same clues."""
    pytest.importorskip("pyomo.environ")
    path = tmp_path / "puzzle.dat"

    @settings(max_examples=30, deadline=None)
    @given(futoshiki_puzzles(max_size=6))
    def check(puzzle):
        path.write_text(io.write_text(puzzle, "ampl"), encoding="utf-8")
        assert _from_pyomo(_pyomo_instance(path)) == puzzle

    check()


def test_pyomo_dataportal_loads_bundled_ampl_example():
    """The bundled ampl example loads in Pyomo as the same puzzle futomip reads."""
    path = DATA / "futoshiki" / "formats" / "sample-4.ampl.dat"
    assert _from_pyomo(_pyomo_instance(path)) == io.load(path)


# Bundled data and reference corpora


@pytest.mark.parametrize("path", _bundled_puzzle_files(), ids=lambda path: str(path.relative_to(DATA)))
def test_bundled_file_is_detected_and_parses(path):
    """Every bundled Futoshiki file is detected as the format it is written in and parses to one puzzle."""
    text = path.read_text(encoding="utf-8")
    assert io.detect(text, path).name == _expected_format(path)
    # The extension must not be what decides: the content alone gives the same answer.
    assert io.detect(text, "no-extension").name == _expected_format(path)
    assert isinstance(io.load(path), Futoshiki)


@needs_corpus
@pytest.mark.parametrize("path", _corpus_files(), ids=lambda path: f"{path.parent.parent.name}/{path.parent.name}/{path.name}")
def test_corpus_file_is_detected_as_csv_and_parses(path):
    """Every Futoshiki file of the reference corpora (inputs and solved grids) is read as csv."""
    assert io.detect(path.read_text(encoding="utf-8"), path).name == "csv"
    assert isinstance(io.load(path), Futoshiki)


@needs_corpus
def test_tnhphat_expected_grids_are_the_bundled_solutions():
    """TNhPhat's solved grids carry the input's relations and equal the bundled .sol grids."""
    source = CORPUS / "futoshiki-tnhphat-benchmark"
    for path in sorted((source / "input").glob("*.txt")):
        solved = io.load(source / "expected" / path.name)
        assert solved.less == io.load(path).less
        bundled = read_solutions(DATA / "futoshiki" / "tnhphat" / f"{path.stem}.sol")
        assert bundled.grids == [solved.givens]


def test_every_bundled_puzzle_has_known_solutions():
    """Every bundled Futoshiki file has a .sol file next to it."""
    missing = [str(path) for path in _bundled_puzzle_files() if not solutions_path(path).is_file()]
    assert missing == []


@pytest.mark.parametrize("path", _bundled_puzzle_files(), ids=lambda path: str(path.relative_to(DATA)))
def test_bundled_solutions_pass_verify(path):
    """Every grid in a bundled .sol file solves its puzzle, the grids differ, and the count covers them."""
    puzzle = io.load(path)
    known = read_solutions(solutions_path(path))
    assert known.grids
    for grid in known.grids:
        assert verify(puzzle, grid) == []
    assert len(set(known.grids)) == len(known.grids)
    assert known.count is not None and known.count >= len(known.grids)


def test_seed_solution_counts():
    """Seed sample-5 is known to have 39 solutions; every other bundled puzzle has one."""
    for path in _bundled_puzzle_files():
        known = read_solutions(solutions_path(path))
        assert known.count == (39 if path.stem == "sample-5" else 1), path


@pytest.mark.parametrize("path", sorted((DATA / "futoshiki" / "seeds").glob("*.txt")), ids=lambda path: path.stem)
def test_grid_writer_reproduces_seed_drawings(path):
    """Writing a seed puzzle in the grid format reproduces its drawing line for line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    drawing = [line for line in lines if not line.startswith("%")]
    assert render(io.load(path)).splitlines() == drawing


def test_one_puzzle_in_every_layout_is_the_same_puzzle():
    """Seed sample-4 bundled as grid, opl and ampl reads as one puzzle; data/futoshiki.dat is sample-7."""
    seeds = DATA / "futoshiki" / "seeds"
    formats = DATA / "futoshiki" / "formats"
    sample_4 = io.load(seeds / "sample-4.txt")
    assert io.load(formats / "sample-4.dat") == sample_4
    assert io.load(formats / "sample-4.ampl.dat") == sample_4
    assert io.load(DATA / "futoshiki.dat") == io.load(seeds / "sample-7.txt")


# What readers accept


def test_opl_reader_accepts_the_documented_freedoms():
    """OPL statements in any order, comments, optional commas, '>' conditions, far pairs and repeated equal givens."""
    text = """/* a block
    comment */ conditions = { <1 1 1 2 ">"> <1,1,3,3,"<">, };  // trailing comment
    initialValues = {<2, 2, 3> <2,2,3>,};
    n
      = 3 ;
    """
    assert io.read_text(text, "puzzle.dat") == [_puzzle(3, {(2, 2): 3}, [((1, 2), (1, 1)), ((1, 1), (3, 3))])]
    assert io.read_text("n = 2; initialValues = {}; conditions = {};", format="opl") == [_puzzle(2)]


@pytest.mark.parametrize("format_name, text", [
    ("opl", 'n = 2; conditions = {<1,1,1,2,"<"> <1,1,1,2,">">}; initialValues = {<1,1,1> <1,2,1>};'),
    ("ampl", "param n := 2; set less := (1,1,1,2) (1,2,1,1); param given := 1 1 1 1 2 1;"),
    ("grid", "1 1\n\n0 0\n"),
    ("csv", "2\n1,1\n0,0\n0\n0\n0,0\n"),
])
def test_contradictory_puzzles_are_read_not_rejected(format_name, text):
    """Well-formed but contradictory clues (a < b and b < a, equal givens in a row) are infeasible, not malformed."""
    puzzle = io.read_text(text, format=format_name)[0]
    assert puzzle.size == 2


def test_ampl_reader_accepts_the_documented_freedoms():
    """AMPL data; and end;, 'default 0', bare four-number tuples, tuples without commas and '#' comments."""
    text = """# header comment
    data;
    set less := 1 1 1 2   (2 1 2 2) ;  # comment
    param given default 0 := 2 2 1  2 2 1 ;
    param n := 2;
    end;
    """
    assert io.read_text(text, "puzzle.dat") == [_puzzle(2, {(2, 2): 1}, [((1, 1), (1, 2)), ((2, 1), (2, 2))])]


def test_grid_reader_accepts_comments_blank_edges_and_windows_line_ends():
    """Grid files may carry '%' comments, blank lines around the board, trailing blanks and CRLF line ends."""
    text = "% title\r\n\r\n1<0  \r\n  % note\r\n^ v\r\n0 0\r\n\r\n\r\n"
    assert io.read_text(text, "p.txt") == [_puzzle(2, {(1, 1): 1}, [((1, 1), (1, 2)), ((1, 1), (2, 1)),
                                                                     ((2, 2), (1, 2))])]


def test_csv_reader_accepts_blanks_around_values_and_no_final_line_end():
    """Csv values may have blanks around them, and the last line may lack its line end (as in Chistaif's files)."""
    text = "2\n 1 , 0\n0,2\n-1\n0\n0, 1"
    assert io.read_text(text, "p.txt") == [_puzzle(2, {(1, 1): 1, (2, 2): 2}, [((1, 2), (1, 1)), ((1, 2), (2, 2))])]


# Exact errors: every case names the line and column of the offending token.

BAD_INPUTS = [
    # opl: syntax
    ("opl", "n = 3\ninitialValues = {};", "2:1: expected ';' after 'n = 3', found the name 'initialValues'"),
    ("opl", "n 3;", "1:3: expected '=' after 'n', found the number 3"),
    ("opl", "n = 3;\ninitialValues = {<1,1,1>,\nconditions = {};",
     "3:1: expected '<' starting a tuple <row, column, value> or '}' closing the set opened at line 2, "
     "column 17, found the name 'conditions'"),
    ("opl", "n = 3;\ninitialValues = {<1,1,1>",
     "2:25: expected '<' starting a tuple <row, column, value> or '}' closing the set opened at line 2, "
     "column 17, found end of file"),
    ("opl", "n = 3;\ninitialValues = {<1,1,1;",
     "2:24: expected '>' closing the tuple <row, column, value> opened at line 2, column 18, found ';'"),
    ("opl", "n = 3;\ninitialValues = {<1,1,1,2>};",
     "2:24: expected '>' closing the tuple <row, column, value> opened at line 2, column 18, found ','"),
    ("opl", "n = 3; /* never closed\n", "1:8: expected '*/' closing the comment opened here, found end of file"),
    ("opl", 'n = 3;\nconditions = {<1,1,1,2,"<>};\n',
     "2:24: expected a closing '\"' for the string opened here, found end of line"),
    ("opl", 'n = 3;\nconditions = {<1,1,1,2,"<>};',
     "2:24: expected a closing '\"' for the string opened here, found end of file"),
    ("opl", 'n = 3;\nconditions = {<1,1,1,2,"<=">};',
     '2:24: expected the relation "<" or ">" in the tuple <x1, y1, x2, y2, "<" or ">">, found the string "<="'),
    ("opl", "n = 3;\nconditions = {<1,1,1,2,<>};",
     '2:24: expected the relation "<" or ">" in the tuple <x1, y1, x2, y2, "<" or ">">, found \'<\''),
    ("opl", "size = 3;", "1:1: expected a statement n, initialValues or conditions, or end of file, "
                         "found the name 'size'"),
    ("opl", "n = 3;\ninitialvalues = {};",
     "2:1: expected a statement n, initialValues or conditions, or end of file, found the name "
     "'initialvalues' (names are case-sensitive: did you mean 'initialValues'?)"),
    ("opl", "n = 3;\nn = 3;", "2:1: expected each statement once ('n' is already set at line 1, column 1), "
                              "found the name 'n'"),
    ("opl", "n = 3; 7", "1:8: expected a statement n, initialValues or conditions, or end of file, found the number 7"),
    ("opl", "n = 3; $", "1:8: expected a name, a number, a string or one of '=' ';' '{' '}' '<' '>' ',', "
                        "found the character '$'"),
    # opl: values
    ("opl", "initialValues = {};", "1:20: expected a statement 'n = <board size>;' somewhere in the file, "
                                   "found end of file"),
    ("opl", "n = 0;", "1:5: expected the board size n as a whole number in 1..1000, found the number 0"),
    ("opl", "n = 2.5;", "1:5: expected the board size n as a whole number in 1..1000, found the number 2.5"),
    ("opl", "n = 3;\ninitialValues = {<0,1,1>};", "2:19: expected a row number in 1..3, found the number 0"),
    ("opl", "n = 3;\ninitialValues = {<1,4,1>};", "2:21: expected a column number in 1..3, found the number 4"),
    ("opl", "n = 3;\ninitialValues = {<1,1,-2>};", "2:23: expected a value in 1..3, found the number -2"),
    ("opl", "n = 3;\ninitialValues = {<1,1,0>};", "2:23: expected a value in 1..3, found the number 0"),
    ("opl", "initialValues = {<1,1,4>};\nn = 3;", "1:23: expected a value in 1..3, found the number 4"),
    ("opl", 'n = 3;\nconditions = {<1,1,1,4,"<">};', "2:22: expected a column number in 1..3, found the number 4"),
    ("opl", 'n = 3;\nconditions = {<2,3,2,3,"<">};',
     "2:20: expected two different cells, found cell (2,3) related to itself"),
    ("opl", "n = 3;\ninitialValues = {<1,1,1> <1,1,2>};",
     "2:31: expected one value for cell (1,1), found 2 after 1 at line 2, column 23"),
    # ampl
    ("ampl", "param n := 3\nparam given := 1 1 1;", "2:1: expected ';' after 'param n := 3', found the name 'param'"),
    ("ampl", "param n = 3;", "1:9: expected ':=' after 'param n', found '='"),
    ("ampl", "param m := 3;", "1:7: expected 'n' or 'given' after 'param', found the name 'm'"),
    ("ampl", "set foo := ;", "1:5: expected 'less' after 'set', found the name 'foo'"),
    ("ampl", "parm n := 3;", "1:1: expected a statement starting with 'param' or 'set', or end of file, "
                             "found the name 'parm'"),
    ("ampl", "param n := 3;\nparam n := 3;", "2:7: expected each statement once ('param n' is already set at "
                                             "line 1, column 7), found the name 'n'"),
    ("ampl", "param n := 3;\nparam given := 1 1 ;", "2:20: expected the value of cell (1,1), found ';'"),
    ("ampl", "param n := 3;\nparam given := 1 1 1\nset less := ;",
     "3:1: expected a row number, or ';' ending the givens started at line 2, column 13, found the name 'set'"),
    ("ampl", "param n := 3;\nparam given := 1 1 1, 2 2 2;",
     "2:21: expected a row number, or ';' ending the givens started at line 2, column 13, found ','"),
    ("ampl", "param n := 3;\nparam given := 1 1 4;", "2:20: expected a value in 1..3, found the number 4"),
    ("ampl", "param n := 3;\nparam given := 1 1 1  1 1 2;",
     "2:27: expected one value for cell (1,1), found 2 after 1 at line 2, column 20"),
    ("ampl", "param n := 3;\nparam given default 1 := ;",
     "2:21: expected 0 after 'default' (blank cells are 0), found the number 1"),
    ("ampl", "param n := 3;\nset less := (1,1,1,1);", "2:18: expected two different cells, found cell (1,1) "
                                                      "related to itself"),
    ("ampl", "param n := 3;\nset less := (1,1,1,2;",
     "2:21: expected ')' closing the tuple (r1,c1,r2,c2) opened at line 2, column 13, found ';'"),
    ("ampl", "param n := 3;\nset less := 1 1 1;", "2:18: expected four numbers r1 c1 r2 c2 per relation, found ';'"),
    ("ampl", "param n := 3;\nset less := (0,1,1,2);", "2:14: expected a row number in 1..3, found the number 0"),
    ("ampl", "param given := 1 1 1;", "1:22: expected a statement 'param n := <board size>;' somewhere in the "
                                      "file, found end of file"),
    ("ampl", "param n := -3;", "1:12: expected the board size n as a whole number in 1..1000, found the number -3"),
    ("ampl", "param n := 3;\nend;\nparam n := 3;", "3:1: expected end of file after 'end;', found the name 'param'"),
    # grid
    ("grid", "", "1:1: expected a first cell row such as '0 0<0', found end of file"),
    ("grid", "% only a comment\n", "2:1: expected a first cell row such as '0 0<0', found end of file"),
    ("grid", "0 0\n\n0 0<", "3:5: expected a cell after '<' at the end of row 2, found end of line"),
    ("grid", "0 0\n\n0 0 0", "3:5: expected 2 cells in row 2 like the first row, found a cell '0' past them"),
    ("grid", "0 0\n\n0", "3:2: expected 2 cells in row 2 like the first row, found end of line after 1"),
    ("grid", "0 0\n\n0 3", "3:3: expected a value in 0..2 (0 = blank), found 3"),
    ("grid", "0 a\n\n0 0", "1:3: expected a digit for the cell in column 2, found 'a'"),
    ("grid", "0=0\n\n0 0", "1:2: expected ' ', '<' or '>' between the cells of columns 1 and 2, found '='"),
    ("grid", "00\n\n0 0", "1:2: expected ' ', '<' or '>' between the cells of columns 1 and 2, found '0' "
                          "(cells take one digit each, two characters apart)"),
    ("grid", "0 0 0 0 0 0 0 0 0 0", "1:19: expected at most 9 cells in a row (one digit per cell), found a cell "
                                    "'0' in column 10"),
    ("grid", "0 0\n ^\n0 0", "2:2: expected '^' or 'v' directly under a cell, found '^' under the gap between "
                             "columns 1 and 2"),
    ("grid", "0 0\n    v\n0 0", "2:5: expected '^' or 'v' under one of the 2 cells, found 'v' past the last cell"),
    ("grid", "0 0\nx\n0 0", "2:1: expected '^', 'v' or ' ' in the relation row below row 1, found 'x'"),
    ("grid", "0 0\n<\n0 0", "2:1: expected '^', 'v' or ' ' in the relation row below row 1, found '<'"),
    ("grid", "0 0\n0 0", "2:1: expected '^', 'v' or ' ' in the relation row below row 1, found '0' (a blank line "
                         "stands between cell rows without relations)"),
    ("grid", "0 0\n\n0 0\n  ^", "4:3: expected nothing below the last row 2 of the board, found '^' (there is no "
                                "row below it to relate to)"),
    ("grid", "0 0\n\n0 0\n\n0 0", "5:1: expected the end of the 2x2 board after row 2 (the first row has 2 cells), "
                                  "found '0'"),
    ("grid", "0 0\n\n", "3:1: expected 2 cell rows (as many as the first row has cells), found end of file after 1"),
    ("grid", "0 0 0\n\n0 0 0\n\n\n0 0 0", "5:1: expected cell row 3, found an empty line (one relation row stands "
                                          "between two cell rows)"),
    # csv
    ("csv", "", "1:1: expected the board size n on line 1, found end of file"),
    ("csv", "x\n", "1:1: expected the board size n as a whole number in 1..1000, found 'x'"),
    ("csv", "0\n", "1:1: expected the board size n as a whole number in 1..1000, found '0'"),
    ("csv", "-2\n", "1:1: expected the board size n as a whole number in 1..1000, found '-2'"),
    ("csv", "2,1\n", "1:3: expected the board size n alone on the first line, found a second value '1'"),
    ("csv", "2\n0,0\n0\n", "3:2: expected 2 values in grid row 2, found 1"),
    ("csv", "2\n0,0\n0,0,0\n", "3:5: expected 2 values in grid row 2, found 3"),
    ("csv", "2\n0,0\n0,3\n", "3:3: expected a value in 0..2 (0 = empty), found 3"),
    ("csv", "2\n0,-1\n0,0\n", "2:3: expected a value in 0..2 (0 = empty), found -1"),
    ("csv", "2\n0,0\n0,a\n", "3:3: expected an integer, found 'a'"),
    ("csv", "2\n0,0\n0,\n", "3:3: expected an integer, found an empty field"),
    ("csv", "2\n0,0\n\n0,0\n1\n0\n0,0\n", "3:1: expected 2 values in grid row 2, found an empty line"),
    ("csv", "2\n0,0\n0,0\n2\n0\n0,0\n",
     "4:1: expected a relation -1, 0 or 1 (1: left cell smaller, -1: left cell larger), found 2"),
    ("csv", "2\n0,0\n0,0\n1\n0\n0,-2\n",
     "6:3: expected a relation -1, 0 or 1 (1: upper cell smaller, -1: upper cell larger), found -2"),
    ("csv", "2\n0,0\n0,0\n1\n0\n", "6:1: expected 2 vertical relations between rows 1 and 2 on line 6, "
                                   "found end of file"),
    ("csv", "2\n0,0\n0,0\n1\n0\n0,0\n0\n", "7:1: expected end of file after line 6 (the last line of a 2x2 board), "
                                           "found '0'"),
    ("csv", "1\n0\n5\n", "3:1: expected an empty line (a 1x1 board has no horizontal relations in row 1), found '5'"),
]


@pytest.mark.parametrize("format_name, text, message", BAD_INPUTS,
                         ids=[f"{case[0]}-{k}" for k, case in enumerate(BAD_INPUTS)])
def test_malformed_input_is_reported_at_the_offending_token(format_name, text, message):
    """A malformed file raises DataFormatError "path:line:column: expected X, found Y" at the exact spot."""
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "bad.file", format=format_name)
    assert str(caught.value) == f"bad.file:{message}"
    line, column = (int(part) for part in message.split(":")[:2])
    assert (caught.value.line, caught.value.column) == (line, column)


def test_a_txt_name_takes_the_first_format_of_its_suffix_that_holds_the_board(tmp_path):
    """`.txt` names grid first, which holds boards up to 9x9: `generate 10 -o x.txt` was refused
    although grid-wide (also `.txt`) holds any size.  A 10x10 is written as grid-wide and reads
    back the same; a 9x9 stays grid."""
    ten, nine = _puzzle(10), _puzzle(9)
    io.write(ten, tmp_path / "ten.txt")
    io.write(nine, tmp_path / "nine.txt")
    assert io.detect((tmp_path / "ten.txt").read_text(), "ten.txt").name == "grid-wide"
    assert io.detect((tmp_path / "nine.txt").read_text(), "nine.txt").name == "grid"
    assert io.load(tmp_path / "ten.txt") == ten and io.load(tmp_path / "nine.txt") == nine


def test_a_typo_in_a_file_whose_extension_several_formats_share_is_shown_where_it_is(tmp_path):
    """A letter in a .txt Futoshiki grid, or a bad mark in a .unequal game ID, was reported at
    1:1 with the list of every format (QA, twentieth session); the reader that got furthest now
    says where, names itself and the formats --format can choose."""
    typo = tmp_path / "typo.txt"
    typo.write_text("% a 5x5 Futoshiki\n0 x 3 5 1\n\n0 2 0 5 0\n        ^\n0 0 0 0 0\n\n0 5 0 3 0\n\n0 0 0 0 1\n")
    with pytest.raises(DataFormatError) as caught:
        io.read(typo)
    assert (caught.value.line, caught.value.column) == (2, 3)
    assert "found 'x'" in str(caught.value) and "--format NAME reads the file as one of: " in str(caught.value)
    lines = (DATA / "futoshiki" / "formats" / "guardian-1.unequal").read_text().splitlines()
    game = next(line for line in lines if line.strip() and not line.startswith("#"))
    bad = tmp_path / "bad.unequal"
    bad.write_text(game.replace("0L", "0X", 1) + "\n")
    with pytest.raises(DataFormatError) as caught:
        io.read(bad)
    assert (caught.value.line, caught.value.column) == (1, game.index("0L") + 1)
    assert "'0X'" in caught.value.reason and "tatham" in caught.value.reason


def test_garbage_in_a_shared_extension_still_lists_the_formats(tmp_path):
    """Text nobody's reader gets past its first line is not blamed on one reader's guess."""
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("more garbage\n")
    with pytest.raises(DataFormatError, match=r":1:1: expected a puzzle file in one of the formats"):
        io.read(garbage)


@pytest.mark.parametrize("text,found", [("", "an empty file"), ("\n  \n\t\n", "only blank lines"),
                                        ("\ufeff", "an empty file")])
@pytest.mark.parametrize("name", ["p.dat", "p.non", "p.txt", "p"])
def test_an_empty_file_is_called_empty(tmp_path, text, found, name):
    """An empty file was "content none of the formats recognises", as if it held a typo.  With
    ``--format`` the reader named keeps its own words (``test_malformed_input_...``)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFormatError) as caught:
        io.read(path)
    assert str(caught.value) == f"{path}:1:1: expected a puzzle, found {found}"
    with pytest.raises(DataFormatError) as caught:
        io.read(path, format="grid")
    assert "found end of file" in str(caught.value)
