"""The Killer Sudoku formats (killer-cages, killer-map): round trips, detection, exact error
positions, and the bundled files through the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from futomip import io
from futomip.errors import DataFormatError, UnsupportedFeatureError
from futomip.puzzles.killer import Cage, Killer, sum_range, verify

DATA = Path(__file__).resolve().parent.parent / "data" / "killer"
FORMATS = ["killer-cages", "killer-map"]


@st.composite
def killers(draw, sizes=(4, 9)):
    """Any valid Killer: cages of 1..n cells (connected or not, covering the board or not),
    totals anywhere in their reachable range, givens anywhere."""
    size = draw(st.sampled_from(sizes))
    cells = draw(st.permutations([(r, c) for r in range(size) for c in range(size)]))
    cages = []
    at = 0
    while at < len(cells) and len(cages) < 40:
        count = draw(st.integers(1, size))
        chosen = cells[at:at + count]
        at += count
        if draw(st.booleans()) or not chosen:
            continue  # left out of every cage
        low, high = sum_range(len(chosen), size)
        cages.append((draw(st.integers(low, high)), tuple(chosen)))
    givens = tuple(tuple(draw(st.integers(0, size)) if draw(st.integers(0, 5)) == 0 else 0 for _ in range(size))
                   for _ in range(size))
    return Killer(size, tuple(cages), givens, draw(st.text(st.characters(codec="ascii", exclude_categories=["Cc"]),
                                                             max_size=12)))


@settings(max_examples=80, deadline=None)
@given(puzzle=killers(), fmt=st.sampled_from(FORMATS))
@example(puzzle=Killer(4, tuple(Cage(1, ((r, c),)) for r in range(4) for c in range(4)), ((0,) * 4,) * 4, " 0  0 "),
         fmt="killer-map").via("the CI run of 28 Nov 2026 (twenty-second session)")
def test_write_then_read_gives_the_same_puzzle(puzzle, fmt):
    """Every valid Killer written in either format reads back equal, with its name (blanks at
    its ends dropped, those inside kept: ``io._format.one_line`` changes line breaks only; the
    test once expected them squeezed, which Hypothesis disproved with the name '0  0'), and the
    written text is detected as that format when it holds a cage."""
    text = io.write_text(puzzle, fmt)
    (back,) = io.read_text(text, "x", fmt)
    assert back == puzzle
    assert back.name == (puzzle.name.strip() or "x")
    if puzzle.cages:
        assert io.detect(text, "x").name == fmt


def test_the_cage_list_takes_any_square_size():
    """A 16x16 Killer round-trips through the cage list; the map format refuses it with the reason."""
    puzzle = Killer(16, ((3, ((0, 0), (0, 1))), (31, ((15, 14), (15, 15)))))
    assert io.read_text(io.write_text(puzzle, "killer-cages"), "x") == [puzzle]
    with pytest.raises(UnsupportedFeatureError, match="4x4 and 9x9"):
        io.write_text(puzzle, "killer-map")


MAP = "." * 16 + "\nAABB\nC..D\n....\n....\nA=3 B=7\nC=1 D=2\n"


@pytest.mark.parametrize("fmt,text,position,words", [
    ("killer-cages", "killer 6\n", (1, 8), "square board size"),
    ("killer-cages", "killer 4\n3: r1c1 r1c2\n5: r1c2 r2c2\n", (3, 4), "already in the cage on line 2"),
    ("killer-cages", "killer 4\n2: r1c1 r1c2\n", (2, 1), "total in 3..7"),
    ("killer-cages", "killer 4\n# c\n3: r1c1 r5c2\n", (3, 9), "cell of the 4x4 board"),
    ("killer-cages", "killer 4\n3: r1c1 x\n", (2, 9), "expected a cell such as r1c1"),
    ("killer-cages", "killer 4\nr1c1 = 7\n", (2, 8), "digit 1..4"),
    ("killer-cages", "killer 4\nr1c1 = 2\nr1c1 = 3\n", (3, 1), "given once"),
    ("killer-cages", "killer 4\nfoo\n", (2, 1), "expected a cage"),
    ("killer-cages", "killer 4\n10: r1c1 r1c2 r1c3 r1c4 r2c1\n", (2, 5), "1 to 4 cells"),
    ("killer-cages", "sudoku 4\n", (1, 1), "expected 'killer N'"),
    ("killer-cages", "\n# only a comment\n", (3, 1), "end of the file"),
    ("killer-map", MAP.replace("A=3", "A=2"), (6, 3), "total in 3..7"),
    ("killer-map", MAP.replace("C..D", "C.!D"), (3, 3), "cage label"),
    ("killer-map", MAP.replace("C..D", "C..DD"), (3, 5), "4 labels in cage map row 2"),
    ("killer-map", MAP.replace("C=1 ", ""), (3, 1), "total 'LABEL=TOTAL' for cage 'C'"),
    ("killer-map", MAP.replace("D=2", "D=2 E=4"), (7, 9), "label of the cage map"),
    ("killer-map", MAP.replace("D=2", "D=2 A=3"), (7, 9), "one total per cage"),
    ("killer-map", MAP.replace("D=2", "D:2"), (7, 5), "LABEL=TOTAL"),
    ("killer-map", "...4" + "." * 12 + "\n", (2, 1), "4 rows of the cage map"),
    ("killer-map", "..x" + "." * 12 + "\n", (1, 3), "givens, found 'x'"),
])
def test_errors_point_at_the_spot(fmt, text, position, words):
    """Each malformed file is refused at the line and column of the fault, saying what was expected."""
    with pytest.raises(DataFormatError) as caught:
        io.read_text(text, "f.txt", fmt)
    assert (caught.value.line, caught.value.column) == position, str(caught.value)
    assert words in str(caught.value)


def test_formats_are_told_apart_from_the_sudoku_ones():
    """A killer-map file is not taken for a sudoku-line or sudoku-grid, nor a sudoku-line for it."""
    assert io.detect(MAP).name == "killer-map"
    assert io.detect("." * 81 + "\n").name == "sudoku-line"
    assert io.detect("killer 9\n").name == "killer-cages"


def test_bundled_files_are_detected_read_and_solved_uniquely():
    """Every bundled Killer reads in its format, and the CLI proves its solution unique and valid."""
    files = sorted(DATA.glob("*.txt")) + sorted(DATA.glob("*.kmap"))
    assert files
    for path in files:
        (puzzle,) = io.read(path)
        assert puzzle.kind == "killer"
    done = subprocess.run([sys.executable, "-m", "futomip", str(files[0]), "--unique"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "unique" in done.stdout.lower()
    rows = [line for line in done.stdout.splitlines() if line.count("|") == 2 and len(line.split()) == 11]
    grid = tuple(tuple(int(v) for v in line.replace("|", " ").split()) for line in rows[:9])
    assert not verify(io.load(files[0]), grid)


def test_a_name_of_blanks_reads_back_as_the_file_name():
    """Hypothesis once drew a Killer named ' ': the writer put a blank name line and the reader
    gave the name '' instead of the file's."""
    from futomip.puzzles.killer import Killer

    (back,) = io.read_text(io.write_text(Killer(9, ((1, ((0, 0),)),), name=" "), "killer-cages"), "x", "killer-cages")
    assert back.name == "x"
