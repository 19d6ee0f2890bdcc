"""The Str8ts type, its independent verifier, rendering, clues and compartments."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip import io
from futomip.io.solutions import read_solutions
from futomip.puzzles import str8ts as module
from futomip.puzzles.str8ts import Str8ts, clues, compartments, grid_clash, render, restrict, verify

DATA = Path(__file__).resolve().parent.parent / "data" / "str8ts"
SOLUTION_FILES = sorted(DATA.rglob("*.sol"))


def _puzzle_of(solution_file: Path) -> Str8ts:
    """The puzzle stored next to a solutions file (same stem, any other extension)."""
    (puzzle_file,) = [path for path in solution_file.parent.glob(solution_file.stem + ".*") if path.suffix != ".sol"]
    return io.load(puzzle_file)


def _seed() -> tuple[Str8ts, tuple]:
    solution_file = DATA / "seeds" / "blog-sample.sol"
    return _puzzle_of(solution_file), read_solutions(solution_file).grids[0]


# The seed's solution as written in the source (samples.txt): "#" black, "#5" black clue.
SEED_DRAWING = """\
9 8 # 7 6 5 # 3 4
8 9 5 6 7 # # 4 3
#4 5 6 # # 3 2 1 #7
6 7 #8 3 5 4 1 2 #
7 6 # 4 3 2 # 8 9
# 3 2 5 4 1 #6 9 8
# 4 3 2 #1 # 5 6 #
1 2 # #9 8 6 4 7 5
2 1 # 8 9 7 #3 5 6"""

UNIQUE = [path for path in SOLUTION_FILES if read_solutions(path).count == 1]


def test_data_holds_the_expected_solution_files():
    """The bundled Str8ts data has 11 solution files, 9 of them for puzzles with a unique solution."""
    assert len(SOLUTION_FILES) == 11
    assert len(UNIQUE) == 9


@pytest.mark.parametrize("solution_file", SOLUTION_FILES, ids=lambda path: path.stem)
def test_verify_accepts_every_bundled_solution(solution_file):
    """Each grid in a bundled .sol file is a solution of its puzzle."""
    puzzle = _puzzle_of(solution_file)
    for grid in read_solutions(solution_file).grids:
        assert verify(puzzle, grid) == []


def test_seed_solution_matches_the_source_drawing():
    """The stored seed solution drawn with render is the solution printed in the seed documents."""
    puzzle, grid = _seed()
    assert render(puzzle, grid).split() == SEED_DRAWING.split()


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_single_cell_change_of_a_unique_solution_is_rejected(data):
    """Changing one cell of the only solution of a puzzle (to any other int) never verifies."""
    solution_file = data.draw(st.sampled_from(UNIQUE), label="puzzle")
    puzzle = _puzzle_of(solution_file)
    grid = read_solutions(solution_file).grids[0]
    r = data.draw(st.integers(0, puzzle.size - 1), label="row")
    c = data.draw(st.integers(0, puzzle.size - 1), label="column")
    value = data.draw(st.integers(-1, puzzle.size + 1).filter(lambda v: v != grid[r][c]), label="value")
    changed = tuple(tuple(value if (i, j) == (r, c) else v for j, v in enumerate(row)) for i, row in enumerate(grid))
    assert verify(puzzle, changed) != []


def _tiny() -> Str8ts:
    """A 3x3 board: a black clue 3 at (1,1), a plain black cell at (3,3), a given 3 at (2,3)."""
    return Str8ts.from_cells(3, black=[(0, 0), (2, 2)], digits={(0, 0): 3, (1, 2): 3}, name="tiny")


TINY_SOLUTION = ((0, 1, 2), (1, 2, 3), (2, 3, 0))


def test_verify_accepts_exactly_one_filling_of_the_tiny_board():
    """Of all 3**7 fillings of the tiny board's white cells with 1..3, only its solution verifies."""
    puzzle = _tiny()
    whites = puzzle.white_cells()
    accepted = []
    for values in itertools.product(range(1, 4), repeat=len(whites)):
        filled = dict(zip(whites, values))
        grid = tuple(tuple(filled.get((r, c), 0) for c in range(3)) for r in range(3))
        if not verify(puzzle, grid):
            accepted.append(grid)
    assert accepted == [TINY_SOLUTION]


@pytest.mark.parametrize(
    "grid, problem",
    [
        (((0, 1),), "the grid is not 3x3"),
        (((4, 1, 2), (1, 2, 3), (2, 3, 0)), "black cell (1,1) holds 4, but black cells hold 0"),
        (((0, 4, 2), (1, 2, 3), (2, 3, 0)), "cell (1,2) holds 4, not a value in 1..3"),
        (((0, 1, 2), (1, 2, 3), (2, 3, None)), "black cell (3,3) holds None, but black cells hold 0"),
        (((0, 1, 2), (1, 3, 2), (2, 3, 0)), "cell (2,3) is given as 3 but holds 2"),
        (((0, 1, 1), (1, 2, 3), (2, 3, 0)), "row 1 holds 1 twice (cells (1,2) and (1,3))"),
        (((0, 3, 2), (1, 2, 3), (2, 1, 0)), "row 1 holds 3 twice (cells (1,1) and (1,2))"),
        (((0, 1, 3), (1, 2, 3), (2, 3, 0)),
         "row 1, columns 2-3 holds 1, 3, which is not a straight (consecutive numbers)"),
    ],
)
def test_verify_names_each_broken_rule(grid, problem):
    """verify reports each broken rule in words, with 1-based cells."""
    assert problem in verify(_tiny(), grid)


def test_verify_reports_nothing_but_the_one_broken_rule():
    """A grid with one bad cell value gets one message, not echoes of it in every rule."""
    assert verify(_tiny(), ((0, 4, 2), (1, 2, 3), (2, 3, 0))) == ["cell (1,2) holds 4, not a value in 1..3"]
    assert verify(_tiny(), TINY_SOLUTION) == []


def test_verify_describes_a_broken_straight_with_its_place():
    """A compartment that is not a straight is named by its line and its span."""
    puzzle = Str8ts(3, ((False,) * 3,) * 3, ((0,) * 3,) * 3)
    grid = ((1, 3, 2), (2, 1, 3), (3, 2, 1))
    assert verify(puzzle, grid) == []
    wide = Str8ts(4, ((False, False, True, True),) + ((True,) * 4,) * 3, ((0,) * 4,) * 4)
    assert verify(wide, ((1, 3, 0, 0),) + ((0,) * 4,) * 3) == [
        "row 1, columns 1-2 holds 1, 3, which is not a straight (consecutive numbers)"
    ]
    tall = Str8ts(3, ((False, True, True), (False, True, True), (True, True, True)), ((0,) * 3,) * 3)
    assert verify(tall, ((3, 0, 0), (1, 0, 0), (0, 0, 0))) == [
        "column 1, rows 1-2 holds 3, 1, which is not a straight (consecutive numbers)"
    ]


def test_black_clue_takes_part_in_its_lines():
    """A white cell repeating a black clue's digit in its row breaks the rules."""
    puzzle = Str8ts.from_cells(2, black=[(0, 0)], digits={(0, 0): 1})
    assert verify(puzzle, ((0, 1), (1, 2))) == [
        "row 1 holds 1 twice (cells (1,1) and (1,2))",
        "column 1 holds 1 twice (cells (1,1) and (2,1))",
    ]
    assert verify(puzzle, ((0, 2), (2, 1))) == []


def test_compartments_are_the_maximal_white_runs():
    """Runs go left to right per row, then top to bottom per column, and include single cells."""
    puzzle = _tiny()
    assert compartments(puzzle) == [
        ((0, 1), (0, 2)), ((1, 0), (1, 1), (1, 2)), ((2, 0), (2, 1)),
        ((1, 0), (2, 0)), ((0, 1), (1, 1), (2, 1)), ((0, 2), (1, 2)),
    ]
    seed, _ = _seed()
    lengths = [len(run) for run in compartments(seed)]
    assert len(lengths) == 42 and lengths.count(1) == 2 and sum(lengths) == 2 * 59
    assert compartments(Str8ts(2, ((True, True),) * 2, ((0, 0),) * 2)) == []


def test_render_draws_black_cells_and_clues_in_aligned_columns():
    """Without a grid render shows givens and '.'; black cells are '#', black clues '#d'."""
    assert render(_tiny()) == "#3  .  .\n .  .  3\n .  .  #"
    puzzle, grid = _seed()
    drawn = render(puzzle, grid).splitlines()
    assert len({len(line) for line in drawn}) == 1
    big = Str8ts.from_cells(10, black=[(0, 0)], digits={(0, 0): 10, (0, 1): 9})
    assert render(big).splitlines()[0].startswith("#10   9   .")


def test_clues_are_the_givens_and_the_black_clues():
    """clues lists white givens then black clues; black cells without a digit are not clues."""
    found = clues(_tiny())
    assert [clue.text for clue in found] == ["cell (2,3) is given as 3", "black cell (1,1) shows 3"]
    assert [clue.type for clue in found] == ["given", "black_clue"]
    assert found[1].to_json() == {"type": "black_clue", "row": 1, "col": 1, "value": 3,
                                  "text": "black cell (1,1) shows 3"}
    seed, _ = _seed()
    assert len(clues(seed)) == seed.clue_count == 21
    assert len(seed.black_clues()) == 7 and len(seed.given_cells()) == 14


def test_restrict_keeps_the_board_and_only_the_chosen_digits():
    """restrict drops the digits of the clues left out and never changes the black cells."""
    puzzle = _tiny()
    assert restrict(puzzle, clues(puzzle)) == puzzle
    bare = restrict(puzzle, [])
    assert bare.black == puzzle.black and bare.clue_count == 0
    only_black_clue = restrict(puzzle, [clue for clue in clues(puzzle) if clue.type == "black_clue"])
    assert only_black_clue.givens == ((3, 0, 0), (0, 0, 0), (0, 0, 0))


def test_grid_clash_finds_two_equal_digits_in_a_line():
    """A white given equal to a black clue in its column is a clash of the two clues."""
    assert grid_clash(_tiny()) == []
    clash = Str8ts.from_cells(3, black=[(0, 0)], digits={(0, 0): 2, (2, 0): 2, (1, 1): 1})
    assert [clue.text for clue in grid_clash(clash)] == ["black cell (1,1) shows 2", "cell (3,1) is given as 2"]


def test_instances_compare_by_content_not_name():
    """Equality ignores the name; the board is normalised to tuples of bools and ints."""
    a = Str8ts(2, [[1, 0], [0, 0]], [[0, 0], [0, 2]], name="a")
    b = Str8ts(2, ((True, False), (False, False)), ((0, 0), (0, 2)), name="b")
    assert a == b and hash(a) == hash(b)
    assert a.kind == "str8ts" and a.white_cells() == [(0, 1), (1, 0), (1, 1)]


@pytest.mark.parametrize(
    "args, message",
    [
        ((0, (), ()), "size must be at least 1, got 0"),
        ((2, ((False,),), ((0, 0), (0, 0))), "black must be a 2x2 grid"),
        ((2, ((False, False),) * 2, ((0, 0), (0,))), "givens must be a 2x2 grid"),
        ((2, ((False, False),) * 2, ((0, 3), (0, 0))), "digit at (1,2) is 3, not in 0..2"),
    ],
)
def test_invalid_instances_are_refused(args, message):
    """The constructor refuses a wrong shape or a digit outside 0..n, saying which."""
    with pytest.raises(ValueError) as error:
        Str8ts(*args)
    assert str(error.value) == message


def test_module_imports_nothing_from_solvers_or_models():
    """The verifier stays independent of the MILP: no model, backend or solver import."""
    source = Path(module.__file__).read_text()
    for forbidden in ("models", "backends", "highspy", "pulp", "pyomo"):
        assert f"import {forbidden}" not in source and f"from {forbidden}" not in source
