"""Pictures (futomip.draw): valid SVG with one element per thing the puzzle shows, the
marks of a second solution and of a conflict, PNG output, and the notebook reprs."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings

from futomip import draw, io
from futomip.io.solutions import read_solutions
from futomip.puzzles import str8ts as str8ts_rules
from futomip.puzzles.futoshiki import Futoshiki, clues as futoshiki_clues
from futomip.puzzles.nonogram import Nonogram, clues as nonogram_clues, from_grid
from futomip.puzzles.str8ts import Str8ts
from futomip.result import Result

from conftest import hide_packages
from strategies import futoshiki_puzzles, nonogram_puzzles, str8ts_puzzles

DATA = Path(__file__).resolve().parent.parent / "data"

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The SVG document's root, after checking that it is well-formed XML in the SVG namespace."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose class list holds ``name``."""
    return [element for element in root.iter() if name in (element.get("class") or "").split()]


def texts(root: ET.Element, name: str) -> list[str]:
    return [element.text for element in with_class(root, name)]


@settings(max_examples=40, deadline=None)
@given(futoshiki_puzzles(max_size=9))
def test_futoshiki_board_has_one_text_per_given_and_one_sign_per_inequality(puzzle):
    """Every given is one bold "given" text with its digit, and every inequality one "sign" chevron."""
    root = parse(draw.puzzle_picture(puzzle).svg())
    assert sorted(texts(root, "given")) == sorted(str(v) for _, v in puzzle.given_cells())
    signs = [element for element in with_class(root, "sign") if element.tag == SVG + "polyline"]
    assert len(signs) == len(puzzle.less)
    assert with_class(root, "solved") == [] and with_class(root, "conflict") == []


def test_futoshiki_sign_points_at_the_smaller_cell():
    """The chevron's tip lies on the smaller cell's side of the edge, in both directions."""
    for less in ((((0, 0), (0, 1)),), (((0, 1), (0, 0)),)):
        scene = draw.board(Futoshiki.from_clues(2, less=less))
        chevron = scene.of_role("sign")[0]
        tip_x = chevron.points[1][0]
        arms_x = chevron.points[0][0]
        smaller_is_left = less[0][0] == (0, 0)
        assert (tip_x < arms_x) == smaller_is_left


def test_solved_cells_are_distinct_from_givens():
    """With a solution, the givens keep their "given" texts and every other cell gets a "solved" one."""
    puzzle = io.load(DATA / "futoshiki.dat")
    grid = read_solutions(DATA / "futoshiki.sol").grids[0]
    root = parse(draw.puzzle_picture(puzzle, grid).svg())
    givens = {cell for cell, _ in puzzle.given_cells()}
    assert len(with_class(root, "given")) == len(givens)
    expected = sorted(str(grid[r][c]) for r in range(puzzle.size) for c in range(puzzle.size) if (r, c) not in givens)
    assert sorted(texts(root, "solved")) == expected
    fills = {element.get("fill") for element in with_class(root, "given")}
    assert fills.isdisjoint({element.get("fill") for element in with_class(root, "solved")})


@settings(max_examples=40, deadline=None)
@given(str8ts_puzzles(max_size=9))
def test_str8ts_board_draws_black_cells_black_clues_and_white_givens(puzzle):
    """One black rectangle per black cell, one "black-clue" text per black digit, one "given" per white given."""
    root = parse(draw.puzzle_picture(puzzle).svg())
    assert len(with_class(root, "black")) == sum(map(sum, puzzle.black))
    assert sorted(texts(root, "black-clue")) == sorted(str(v) for _, v in puzzle.black_clues())
    assert sorted(texts(root, "given")) == sorted(str(v) for _, v in puzzle.given_cells())


@settings(max_examples=40, deadline=None)
@given(nonogram_puzzles(max_size=12))
def test_nonogram_board_draws_every_clue_and_a_black_rect_per_black_cell(puzzle):
    """Row clues are one text each, column clues one text per run, and the solution one rect per black cell."""
    grid = tuple(tuple(1 if (r + c) % 3 == 0 else 0 for c in range(puzzle.width)) for r in range(puzzle.height))
    root = parse(draw.puzzle_picture(puzzle, grid).svg())
    clue_texts = texts(root, "clue")
    row_texts = [" ".join(map(str, clue)) or "0" for clue in puzzle.rows]
    column_numbers = [str(run) for clue in puzzle.cols for run in (clue or ("0",))]
    assert sorted(clue_texts) == sorted(row_texts + column_numbers)
    assert len(with_class(root, "black")) == sum(map(sum, grid))


def test_nonogram_dropped_clue_shows_a_question_mark():
    """A clue dropped by ``restrict`` (None) is drawn as "?", not as an empty line."""
    puzzle = Nonogram(((1,), None), ((1,), ()))
    assert "?" in texts(parse(draw.board(puzzle).svg()), "clue")


def test_second_solution_is_drawn_beside_with_the_differing_cells_marked():
    """A non-unique result shows both grids and marks exactly the differing cells, once per board."""
    puzzle = Nonogram(((1,), (1,)), ((1,), (1,)))
    first, second = ((1, 0), (0, 1)), ((0, 1), (1, 0))
    result = Result(puzzle, "solved", grid=first, unique=False, second=second)
    root = parse(draw.result_picture(result).svg())
    assert len(with_class(root, "differs")) == 2 * 4
    assert len(with_class(root, "black")) == 4
    assert "two solutions" in root.find(SVG + "title").text


def test_latin_second_solution_marks_only_changed_cells():
    """Only the cells where two Latin squares differ get the "differs" fill."""
    puzzle = Futoshiki.from_clues(3)
    first = ((1, 2, 3), (2, 3, 1), (3, 1, 2))
    second = ((1, 2, 3), (3, 1, 2), (2, 3, 1))
    root = parse(draw.result_picture(Result(puzzle, "solved", grid=first, unique=False, second=second)).svg())
    assert len(with_class(root, "differs")) == 2 * 6


def test_futoshiki_conflict_highlights_the_blamed_given_and_sign():
    """An explained conflict rings the blamed given's cell and draws the blamed sign as a conflict."""
    puzzle = Futoshiki.from_clues(3, {(0, 0): 1, (2, 2): 3}, [((0, 1), (0, 0)), ((1, 1), (1, 2))])
    blamed = [clue for clue in futoshiki_clues(puzzle) if clue.key in {("given", 0, 0), ("less", (0, 1), (0, 0))}]
    root = parse(draw.result_picture(Result(puzzle, "infeasible", conflict=blamed)).svg())
    rings = [element for element in with_class(root, "conflict") if element.tag == SVG + "rect"]
    assert len(rings) == 1
    ring, one = rings[0], next(e for e in with_class(root, "given") if e.text == "1")
    x, y, size = float(ring.get("x")), float(ring.get("y")), float(ring.get("width"))
    assert x < float(one.get("x")) < x + size and y < float(one.get("y")) < y + size
    blamed_signs = [element for element in with_class(root, "sign") if "conflict" in element.get("class")]
    assert len(blamed_signs) == 1 and len(with_class(root, "sign")) == 2
    assert "cell (1,1) is given as 1" in " ".join(texts(root, "caption"))


def test_str8ts_conflict_rings_black_clue_without_hiding_it():
    """A blamed black clue gets a ring and keeps its white digit on black (no tint over it)."""
    puzzle = Str8ts.from_cells(2, black=[(0, 0)], digits={(0, 0): 1, (0, 1): 1})
    blamed = str8ts_rules.grid_clash(puzzle)
    assert len(blamed) == 2
    root = parse(draw.result_picture(Result(puzzle, "infeasible", conflict=blamed)).svg())
    assert len(with_class(root, "conflict")) == 2
    assert len(with_class(root, "conflict-fill")) == 1  # the white given only
    assert texts(root, "black-clue") == ["1"]


def test_nonogram_conflict_marks_the_blamed_lines_and_their_clues():
    """Each blamed line clue is drawn as a conflict clue with its line banded; others stay plain."""
    puzzle = Nonogram(((2,), ()), ((1,), (1,)))
    blamed = [clue for clue in nonogram_clues(puzzle) if clue.key in {("row", 0), ("column", 0)}]
    root = parse(draw.result_picture(Result(puzzle, "infeasible", conflict=blamed)).svg())
    conflict_clues = [element.text for element in with_class(root, "clue") if "conflict" in element.get("class")]
    assert sorted(conflict_clues) == ["1", "2"]
    assert len(with_class(root, "band")) == 2


def test_text_is_escaped():
    """A puzzle name with markup characters still gives well-formed SVG with the name intact."""
    puzzle = Futoshiki.from_clues(2, name='<b>&"x"')
    root = parse(draw.puzzle_picture(puzzle).svg())
    assert '<b>&"x"' in root.find(SVG + "title").text


def test_repr_svg_on_every_puzzle_kind_and_result():
    """Puzzles and results show themselves in a notebook as SVG; a result's repr is one short line."""
    futoshiki = io.load(DATA / "futoshiki.dat")
    nonogram = io.load(DATA / "nonogram/seeds/notebook-sample.pattern")
    str8ts = io.load(DATA / "str8ts/seeds/blog-sample.txt")
    for puzzle in (futoshiki, nonogram, str8ts):
        parse(puzzle._repr_svg_())
    grid = tuple(tuple(1 if c == r else 0 for c in range(5)) for r in range(5))
    result = Result(nonogram, "solved", grid=grid, backend="highspy", solver="highs", encoding="blocks",
                    seconds={"total": 0.25}, unique=True)
    text = repr(result)
    assert text == "<Result nonogram 5x5 'notebook-sample': solved, unique, highspy/highs blocks, 0.25 s>"
    assert len(with_class(parse(result._repr_svg_()), "black")) == 5


def test_unknown_kind_is_refused_with_a_message():
    """A kind without a drawing module gets an error naming the module that would add it."""
    from futomip.errors import UnsupportedFeatureError

    class Odd:
        kind = "hexagons"

    with pytest.raises(UnsupportedFeatureError, match="futomip/draw/hexagons.py"):
        draw.board(Odd())


def test_png_has_the_signature_and_the_scene_size(tmp_path):
    """A PNG is a PNG file of the scene's size times the scale (skipped without matplotlib)."""
    pytest.importorskip("matplotlib", reason="PNG needs matplotlib: pip install 'futomip[plot]'")
    scene = draw.puzzle_picture(from_grid(((1, 0, 1), (0, 1, 0))))
    path = tmp_path / "board.png"
    draw.save(scene, path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (round(scene.width * 2), round(scene.height * 2))


def test_png_without_matplotlib_names_the_extra(monkeypatch, tmp_path):
    """Without matplotlib, asking for PNG is a missing package that says how to install it, and
    still the ``UsageError`` it was before (callers that caught that keep working)."""
    from futomip.errors import MissingPackageError, UsageError

    hide_packages(monkeypatch, "matplotlib")
    with pytest.raises(MissingPackageError, match=r"pip install 'futomip\[plot\]'") as raised:
        draw.save(draw.puzzle_picture(Futoshiki.from_clues(2)), tmp_path / "board.png")
    assert isinstance(raised.value, UsageError)
    assert not (tmp_path / "board.png").exists()


def test_drawing_a_puzzle_loads_no_solver_and_no_model():
    """A notebook showing a puzzle imports neither highspy, PuLP, Pyomo nor the formulations."""
    import subprocess
    import sys

    code = ("import sys, futomip; from futomip.puzzles.futoshiki import Futoshiki; "
            "Futoshiki.from_clues(3, {(0, 0): 1})._repr_svg_(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('highspy', 'pulp', 'pyomo', 'matplotlib') "
            "or m.startswith('futomip.models.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_sudoku_and_latin_boards_draw_their_givens_and_sudoku_boxes():
    """The two kinds added later draw through the same board code: one text per given, and a
    Sudoku's box edges are the thick lines (2 inner ones each way on a 9x9)."""
    from futomip.puzzles.latin import LatinSquare
    from futomip.puzzles.sudoku import Sudoku

    sudoku = Sudoku(9, tuple(tuple((r * 3 + r // 3 + c) % 9 + 1 if (r + c) % 4 == 0 else 0 for c in range(9))
                             for r in range(9)))
    root = parse(sudoku._repr_svg_())
    assert len(texts(root, "given")) == len(sudoku.given_cells())
    thick = [line for line in with_class(root, "grid") if float(line.get("stroke-width")) == 2.0]
    assert len(thick) == 4
    latin = LatinSquare(4, ((1, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 4)))
    assert len(texts(parse(latin._repr_svg_()), "given")) == 3
