"""The six nonogram formats: round trips, detection, corpus files, and every malformed-input message."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import nonogram_puzzles

from futomip import io
from futomip.errors import DataFormatError, UnsupportedFeatureError
from futomip.io import nonogram_dzn, nonogram_non, nonogram_taai
from futomip.io.solutions import read_solutions
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.nonogram import Nonogram, verify

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "nonogram"
CORPUS = ROOT.parent / "shared" / "corpus"
FORMATS = ["pattern-seed", "non", "nin", "taai", "dzn", "nonogram-dat"]
SEED = Nonogram(((1, 3), (1,), (1,), (1, 1), (1, 1)), ((1, 1),) * 5)
SEED_GOAL = ((1, 0, 1, 1, 1), (0, 1, 0, 0, 0), (0, 0, 0, 0, 1), (0, 1, 0, 1, 0), (1, 0, 1, 0, 0))
EXTENSION_FORMAT = {".pattern": "pattern-seed", ".non": "non", ".nin": "nin", ".taai": "taai", ".dzn": "dzn",
                    ".dat": "nonogram-dat"}
PUZZLE_FILES = sorted(path for path in DATA.rglob("*") if path.suffix in EXTENSION_FORMAT)


def _needs(folder: Path) -> None:
    if not folder.exists():
        pytest.skip(f"{folder} is absent: the GPL corpora are read from ../shared/corpus, never vendored")


@pytest.mark.parametrize("format_name", FORMATS)
@settings(max_examples=60, deadline=None)
@given(puzzle=nonogram_puzzles())
def test_every_format_reads_back_what_it_writes(format_name, puzzle):
    """write then read gives an equal puzzle, and only this format's sniffer claims the text."""
    if format_name == "taai" and puzzle.height != puzzle.width:
        with pytest.raises(UnsupportedFeatureError, match="square boards only"):
            io.write_text(puzzle, format_name)
        return
    text = io.write_text(puzzle, format_name)
    assert io.read_text(text, "x", format_name) == [puzzle]
    assert [fmt.name for fmt in io.FORMATS.values() if fmt.sniff(text)] == [format_name]


@pytest.mark.parametrize("format_name", FORMATS)
def test_writers_refuse_unconstrained_lines_and_other_kinds(format_name):
    """No format holds a dropped (None) clue or a Futoshiki; both are refused in words."""
    with pytest.raises(UnsupportedFeatureError, match="cannot hold unconstrained lines, found row 2"):
        io.write_text(Nonogram(((1,), None), ((1,), ())), format_name)
    with pytest.raises(UnsupportedFeatureError, match="holds nonogram puzzles, not futoshiki; a futoshiki can be written as: "):
        io.write_text(Futoshiki.from_clues(2), format_name)


@pytest.mark.parametrize("path", PUZZLE_FILES, ids=lambda path: str(path.relative_to(DATA)))
def test_bundled_files_are_claimed_by_their_format_alone(path):
    """Each bundled nonogram file is recognised by exactly one sniffer, its extension's format."""
    text = path.read_text(encoding="utf-8")
    assert [fmt.name for fmt in io.FORMATS.values() if fmt.sniff(text)] == [EXTENSION_FORMAT[path.suffix]]
    assert all(puzzle.kind == "nonogram" for puzzle in io.read(path))


def test_no_nonogram_format_claims_another_kind_of_bundled_file():
    """The nonogram sniffers reject every other puzzle file in data/ (Futoshiki and Str8ts .dat included)."""
    others = [path for path in (ROOT / "data").rglob("*") if path.is_file() and path.suffix not in (".sol", ".md", "")
              and "nonogram" not in path.parts and path.name != "LICENSE"]
    assert others
    nonogram_formats = [io.FORMATS[name] for name in FORMATS]
    for path in others:
        text = path.read_text(encoding="utf-8")
        assert [fmt.name for fmt in nonogram_formats if fmt.sniff(text)] == [], path


def test_format_examples_all_hold_the_seed_sample():
    """The example of each format in data/nonogram/formats is the seed Pattern puzzle."""
    for path in sorted((DATA / "formats").glob("notebook-sample.*")):
        assert io.read(path) == [SEED], path
    first, second = io.read(DATA / "formats" / "two-puzzles.taai")
    assert (first, first.name, second.name) == (SEED, "$1", "$2")
    assert nonogram_non.read_with_goals((DATA / "formats" / "notebook-sample.non").read_text())[0] == (SEED, SEED_GOAL)


def test_seed_file_and_its_solutions():
    """The seed Pattern file reads as the notebook sample; its .sol states 10 solutions and lists two valid ones."""
    (puzzle,) = io.read(DATA / "seeds" / "notebook-sample.pattern")
    assert puzzle == SEED and puzzle.name == "notebook-sample"
    known = read_solutions(DATA / "seeds" / "notebook-sample.sol")
    assert known.count == 10 and len(known.grids) == 2 and known.grids[0] == SEED_GOAL
    assert all(verify(puzzle, grid) == [] for grid in known.grids)


def test_knotty_has_three_distinct_known_solutions():
    """The three Knotty grids in knotty.solutions satisfy the clues and differ, so Knotty is not unique."""
    (puzzle,) = io.read(DATA / "wolter" / "knotty.nin")
    known = read_solutions(DATA / "wolter" / "knotty.solutions")
    assert (puzzle.height, puzzle.width, known.count, len(set(known.grids))) == (40, 40, None, 3)
    assert [verify(puzzle, grid) for grid in known.grids] == [[], [], []]
    (faase,) = io.read(DATA / "wolter" / "faase.nin")
    assert (faase.height, faase.width) == (95, 80)


def test_vendored_minizinc_solutions_verify():
    """Every vendored MiniZinc .sol grid (taken from the challenge's .out files) solves its .dzn."""
    solutions = sorted((DATA / "minizinc").glob("*.sol"))
    assert solutions
    for path in solutions:
        (puzzle,) = io.read(path.with_suffix(".dzn"))
        assert all(verify(puzzle, grid) == [] for grid in read_solutions(path).grids), path


def test_minizinc_corpus_reads_writes_back_byte_for_byte_and_outs_verify():
    """Each challenge .dzn is rewritten exactly as published, and each .out grid solves its puzzle."""
    folder = CORPUS / "nonogram-minizinc-challenge" / "nonogram"
    _needs(folder)
    files = sorted(folder.glob("*.dzn"))
    assert len(files) == 26
    for path in files:
        text = path.read_text()
        (puzzle,) = nonogram_dzn.read(text, str(path))
        assert nonogram_dzn.write(puzzle) == text
        out = path.with_suffix(".out")
        if out.exists():
            (grid,) = nonogram_dzn.read_out(out.read_text(), str(out))
            assert verify(puzzle, grid) == [], path


def test_mikix_goals_solve_their_puzzles():
    """Every mikix .non file reads (metadata ignored) and its goal grid satisfies its clues."""
    folder = CORPUS / "nonogram-mikix-db" / "db"
    _needs(folder)
    files = sorted(folder.rglob("*.non"))
    assert len(files) == 39
    for path in files:
        ((puzzle, goal),) = nonogram_non.read_with_goals(path.read_text(encoding="utf-8"), str(path))
        assert goal is not None and verify(puzzle, goal) == [], path
        assert nonogram_non.read(nonogram_non.write(puzzle, goal)) == [puzzle]


def test_taai_published_solutions_solve_their_puzzles():
    """All 1000 TAAI 2011 puzzles read, named $1..$1000, and each published grid satisfies its clues."""
    folder = CORPUS / "nonogram-taai-tournament"
    _needs(folder)
    puzzles = nonogram_taai.read((folder / "question" / "taai2011.txt").read_text(), "taai2011.txt")
    published = nonogram_taai.read_solutions((folder / "solution" / "taai2011.txt").read_text(), "taai2011.txt")
    assert [puzzle.name for puzzle in puzzles] == [f"${k}" for k in range(1, 1001)] == list(published)
    assert all(puzzle.height == puzzle.width == 25 for puzzle in puzzles)
    assert all(verify(puzzle, published[puzzle.name]) == [] for puzzle in puzzles)


def test_wolter_corpus_files_are_the_vendored_ones():
    """The vendored Knotty and Faase equal the survey files of the shared corpus."""
    folder = CORPUS / "nonogram-wolter-survey"
    _needs(folder)
    for name in ("knotty.nin", "faase.nin"):
        assert (DATA / "wolter" / name).read_text() == (folder / name).read_text()


def test_solution_readers():
    """The taai solution reader allows blank lines between puzzles; .out files may hold several grids."""
    text = "$1\n1\t0\n0\t1\n\n$2\n0\t0\n1\t1\n"
    assert nonogram_taai.read_solutions(text) == {"$1": ((1, 0), (0, 1)), "$2": ((0, 0), (1, 1))}
    out = "A = array2d(1..2, 1..2, [2, 1, 1, 2]);\n----------\nA = array2d(1..2, 1..2, [1, 2, 2, 1]);\n----------\n==========\n"
    assert nonogram_dzn.read_out(out) == [((1, 0), (0, 1)), ((0, 1), (1, 0))]


def test_alternative_spellings_read_as_the_same_puzzle():
    """Blank .non clue lines, taai spaces and .dat comments/trailing commas are accepted."""
    non = "width 2\nheight 2\nrows\n\n2\ncolumns\n1\n1\n"
    assert nonogram_non.read(non) == [Nonogram(((), (2,)), ((1,), (1,)))]
    dat = "/* c */ height = 1; width = 1; // c\nrows = [<1>,];\ncols = [<1>];\n"
    assert io.read_text(dat, "x.dat") == [Nonogram(((1,),), ((1,),))]
    assert io.read_text("$7\n1\n1 \n", "x", "taai") == [Nonogram(((1,),), ((1,),))]
    bundle = "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 1\nheight 1\nrows\n0\ncolumns\n0\n"
    assert len(io.read_text(bundle, "x.nonpack")) == 2


BAD_INPUTS = [
    # pattern-seed
    ("pattern-seed", "rows: 1 | x\ncols: 1 | 1\n", "x:1:11: expected a run length (a positive integer), found 'x'"),
    ("pattern-seed", "rows: 1 || 1\ncols: 1\n", "x:1:10: expected a line clue (run lengths, or 0 for an empty line), found end of line"),
    ("pattern-seed", "rows: 1 0\ncols: 1\n", "x:1:9: expected a positive run length (0 stands alone, for an empty line), found '0'"),
    ("pattern-seed", "% c\nrow: 1\n", "x:2:1: expected 'rows:' or 'cols:', found 'row:'"),
    ("pattern-seed", "rows: 1\nrows: 1\n", "x:2:1: expected one 'rows:' line, found a second one"),
    ("pattern-seed", "rows: 1\n", "x:2:1: expected a 'cols:' line, found end of file"),
    # non
    ("non", "width 2\nheight x\n", "x:2:8: expected the height (a whole number in 1..1000), found 'x'"),
    ("non", "width 1\nrows\n1\n", "x:2:1: expected 'height' before 'rows', found 'rows' first"),
    ("non", "width 1\nheight 2\nrows\n1\n", "x:5:1: expected 2 rows clues after line 3, found end of puzzle after 1"),
    ("non", "width 3\nheight 1\nrows\n1, x\ncolumns\n1\n1\n1\n", "x:4:4: expected a run length (a positive integer), found 'x'"),
    ("non", "width 1\nheight 1\nrows\n1\n", "x:5:1: expected a 'columns' key, found end of puzzle"),
    ("non", "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 1\n", "x:7:6: expected a quoted string after 'goal', found '1'"),
    ("non", 'width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal "10"\n', "x:7:6: expected a goal of width x height = 1 cells, found 2"),
    ("non", "width 1\nwidth 1\n", "x:2:1: expected one 'width' key, found a second one"),
    # nin
    ("nin", "2\n", "x:1:2: expected a 'width height' header of two numbers, found end of line"),
    ("nin", "1 0\n", "x:1:3: expected the height (a whole number in 1..1000), found '0'"),
    # Said as written, not as the clamped value of a number past 18 digits.
    ("nin", "1 99999999999999999999999\n1\n1\n",
     "x:1:3: expected the height (a whole number in 1..1000), found '99999999999999999999999'"),
    ("nin", "1 2\n1\n\n1\n", "x:3:1: expected a clue line (0 for an empty line), found a blank line"),
    ("nin", "1 1\n1\n", "x:3:1: expected 1 row and 1 column clue lines, found end of file after 1"),
    ("nin", "1 1\n1\n1,2\n", "x:3:1: expected a run length (a positive integer), found '1,2'"),
    ("nin", "1 1\n1\n1\n1\n", "x:4:1: expected end of file after 2 clue lines, found '1'"),
    # taai
    ("taai", "1\n$1\n", "x:1:1: expected a '$k' puzzle header, found '1'"),
    ("taai", "$1\n1\n1\n1\n", "x:1:1: expected an even number 2n of clue lines after $1 (n column clues, then n row clues), found 3"),
    ("taai", "$1\n1\n\n1\n1\n", "x:3:1: expected a clue line (0 for an empty line), found a blank line"),
    ("taai", "$1\n1\t-1\n1\n", "x:2:3: expected a run length (a positive integer), found '-1'"),
    # a 3x3 puzzle cut after 4 of its 6 lines reads as 2x2, where the run of 3 cannot fit (QA)
    ("taai", "$1\n1\n3\n1\t1\n3\n", "x:3:1: expected a clue that fits the 2 cells of the board $1's 4 clue lines "
     "make, found runs needing 3 cells (is a clue line missing or the file cut short?)"),
    # dzn
    ("dzn", "X = 1;\nZ = 2;\n", "x:2:1: expected a statement X, Y, maxlen, rows or cols, or end of file, found the name 'Z'"),
    ("dzn", "X = 1;\nY = 1;\nmaxlen = 1;\nrows = [|1|];\n", "x:5:1: expected a statement cols, found end of file"),
    ("dzn", "X = 1; Y = 1; maxlen = 2;\nrows = [|1, 1|];\ncols = [|1, 0 |];\n", "x:3:13: expected a pattern to start and end with a run (a lone 0 is an empty line), found 0"),
    ("dzn", "X = 1; Y = 1; maxlen = 3;\nrows = [|1, -1, 1|];\ncols = [|1, -1, -1|];\n", "x:2:17: expected -1 (padding runs to the end of the row), found 1"),
    ("dzn", "X = 1; Y = 1; maxlen = 4;\nrows = [|1, 0, 0, 1|];\ncols = [|1, -1, -1, -1|];\n", "x:2:16: expected 1 after a gap (a gap is a single 0), found 0"),
    ("dzn", "X = 2; Y = 1; maxlen = 1;\nrows = [|1|];\ncols = [|1|];\n", "x:2:1: expected X = 2 patterns in rows, found 1"),
    ("dzn", "X = 1; Y = 1; maxlen = 2;\nrows = [|1|];\ncols = [|1|];\n", "x:2:10: expected maxlen = 2 numbers in a pattern, found 1"),
    ("dzn", "X = 1; Y = 1; maxlen = 1;\nrows = [|2|];\ncols = [|1|];\n", "x:2:10: expected 1 (run cell), 0 (gap) or -1 (padding), found 2"),
    ("dzn", "X = 1; Y = 1; maxlen = 1;\nrows = [|-1|];\ncols = [|1|];\n", "x:2:10: expected a pattern (1 = run cell, 0 = gap) before the padding, found -1"),
    ("dzn", "X = 1; Y = 1; maxlen = 1;\nrows = [|1 1|];\n", "x:2:12: expected ',', '|' or '|]' closing the matrix opened at line 2, column 8, found the number 1"),
    ("dzn", "X = 1\nY = 1;\n", "x:2:1: expected ';' ending the statement X, found the name 'Y'"),
    ("dzn", "X = 1;\nX = 1;\n", "x:2:1: expected each statement once ('X' is already set at line 1, column 1), found the name 'X'"),
    # nonogram-dat
    ("nonogram-dat", "height = 1;\nwidth = 1;\nrows = [<0>];\n", "x:3:10: expected a positive run length, found the number 0 (an all-white line is written <>)"),
    ("nonogram-dat", "height = 1;\nwidth = 1;\nrows = [<1 2>];\n", "x:3:12: expected ',' or '>' closing the tuple opened at line 3, column 9, found the number 2"),
    ("nonogram-dat", "height = 2;\nwidth = 1;\nrows = [<1>];\ncols = [<1>];\n", "x:3:1: expected height = 2 tuples in rows, found 1"),
    ("nonogram-dat", "height = 1;\nwidth = 1;\nrows = [<1> <1>];\n", "x:3:13: expected ',' or ']' closing the array opened at line 3, column 8, found '<'"),
    ("nonogram-dat", "n = 1;\n", "x:1:1: expected a statement height, width, rows or cols, or end of file, found the name 'n'"),
    ("nonogram-dat", "height = 0;\n", "x:1:10: expected a positive height, found the number 0"),
    ("nonogram-dat", "height = 1;\nwidth = 1;\nrows = [<1>];\n", "x:4:1: expected a statement cols, found end of file"),
]


@pytest.mark.parametrize("format_name,text,message", BAD_INPUTS, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(BAD_INPUTS)])
def test_malformed_input_is_reported_at_its_line_and_column(format_name, text, message):
    """Each malformed input raises DataFormatError with path:line:column and "expected X, found Y"."""
    with pytest.raises(DataFormatError) as raised:
        io.read_text(text, "x", format_name)
    assert str(raised.value) == message


def test_multi_colour_non_files_are_unsupported():
    """A colour key or a colour letter after a run length is refused as unsupported, with its position."""
    with pytest.raises(UnsupportedFeatureError, match="x:1:1: multi-colour nonograms are not supported"):
        io.read_text("color a #ff0000\n", "x", "non")
    with pytest.raises(UnsupportedFeatureError, match=r"x:4:1: .* found colour 'b' after a run length"):
        io.read_text("width 1\nheight 1\nrows\n1b\n", "x", "non")


def test_out_file_errors_point_at_the_bad_value():
    """A .out cell other than 1 or 2, or a wrong cell count, is reported at its position."""
    with pytest.raises(DataFormatError, match=r"^x:1:29: expected 1 \(white\) or 2 \(black\), found 3$"):
        nonogram_dzn.read_out("A = array2d(1..1, 1..2, [1, 3]);", "x")
    with pytest.raises(DataFormatError, match=r"^x:1:25: expected 1 x 2 = 2 cells, found 1$"):
        nonogram_dzn.read_out("A = array2d(1..1, 1..2, [1]);", "x")
    with pytest.raises(DataFormatError, match=r"^x:1:13: expected an index range starting at 1, found the number 0$"):
        nonogram_dzn.read_out("A = array2d(0..1, 1..2, [1]);", "x")
    with pytest.raises(DataFormatError, match=r"^x:1:1: expected 'A' \(a solution is A = array2d"):
        nonogram_dzn.read_out("B = array2d(1..1, 1..1, [1]);", "x")


FORMAT_SAMPLES = sorted((Path(__file__).resolve().parent.parent / "data").glob("*/formats/*"))


@pytest.mark.parametrize("path", [p for p in FORMAT_SAMPLES if p.suffix != ".sol"], ids=lambda p: p.name)
def test_a_byte_order_mark_is_skipped(tmp_path, path):
    """A UTF-8 byte-order mark (Windows editors write one), with CRLF line ends too, reads as
    the same puzzles: all but two readers once refused such a file as unrecognised."""
    text = path.read_text(encoding="utf-8")
    marked = tmp_path / path.name
    marked.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert io.read(marked) == io.read(path)


def test_an_extension_of_one_format_gets_that_readers_exact_error(tmp_path):
    """A damaged .nin file was "found content none of them recognises" at 1:1; the extension
    names one format, so its reader now says where and what.  A clue too long for its line is
    read and is the solver's business (infeasible), as the same clue in a .non file was."""
    source = (Path(__file__).resolve().parent.parent / "data" / "nonogram" / "formats" / "notebook-sample.nin")
    lines = source.read_text().splitlines()
    short = tmp_path / "short.nin"
    short.write_text("\n".join(lines[:-2]) + "\n")
    with pytest.raises(DataFormatError) as caught:
        io.read(short)
    assert "none of them recognises" not in str(caught.value) and "short.nin:" in str(caught.value)
    width = int(lines[0].split()[0])
    too_long = tmp_path / "long.nin"
    too_long.write_text("\n".join([lines[0], str(width + 3)] + lines[2:]) + "\n")
    puzzle, = io.read(too_long)
    assert puzzle.rows[0] == (width + 3,)



def test_a_damaged_nin_file_that_looks_like_another_format_gets_the_nin_readers_error(tmp_path):
    """`0 0` alone was claimed by the Futoshiki grid recogniser (a lone cell row), which then
    said "expected 2 cell rows"; another format reads a file of a one-format extension only
    when it reads it without error, else that extension's reader says what is wrong."""
    zero = tmp_path / "zero.nin"
    zero.write_text("0 0\n")
    with pytest.raises(DataFormatError) as caught:
        io.read(zero)
    assert str(caught.value) == str(_nin_error("0 0\n", str(zero)))
    assert "cell rows" not in str(caught.value)


def _nin_error(text: str, path: str) -> DataFormatError:
    with pytest.raises(DataFormatError) as caught:
        io.FORMATS["nin"].read(text, path)
    return caught.value


def test_a_non_file_with_more_clue_lines_than_its_width_is_an_error(tmp_path):
    """A clue line past the block that width/height size was skipped as an unknown key, so a
    column or row was silently lost; no key starts with a digit, so it is an error there."""
    source = Path(__file__).resolve().parent.parent / "data" / "nonogram" / "formats" / "notebook-sample.non"
    text = source.read_text()
    assert "width 5" in text
    damaged = tmp_path / "narrow.non"
    damaged.write_text(text.replace("width 5", "width 4"))
    with pytest.raises(DataFormatError, match=r"narrow\.non:\d+:1: expected a key after the columns block of 4 lines"):
        io.read(damaged)


def test_a_puzzle_no_format_holds_is_refused_saying_so():
    """The formats a refused puzzle can go to are computed: here there are none."""
    open_line = Nonogram(((1,), None), ((1,), ()))
    with pytest.raises(UnsupportedFeatureError, match="unconstrained lines, found row 2; no other format holds it$"):
        io.write_text(open_line, "non")


def test_taai_refuses_to_write_a_clue_its_reader_would_refuse():
    """QA: 27 of 896 fuzzed nonograms with a clue longer than its line were written as taai
    files that the taai reader then refused (it reads such a clue as a missing line)."""
    puzzle = Nonogram(((2, 2), (1,), (1,)), ((1,), (1,), (1,)), "bad")
    with pytest.raises(UnsupportedFeatureError, match="one needs 5 cells on a board of 3"):
        nonogram_taai.write(puzzle)
    fits = Nonogram(((1, 1), (1,), (1,)), ((1,), (1,), (2,)), "$4")
    assert io.read_text(nonogram_taai.write(fits), "f.taai", "taai") == [fits]
