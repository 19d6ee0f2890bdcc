"""The Nonogram type, its independent verifier, rendering, clues, and the model's structure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_grids, nonogram_puzzles

from futomip import puzzles
from futomip.models import nonogram as model_module
from futomip.puzzles import nonogram
from futomip.puzzles.nonogram import Nonogram, from_grid, runs_of, verify

SEED = Nonogram(((1, 3), (1,), (1,), (1, 1), (1, 1)), ((1, 1),) * 5, "notebook-sample")
SEED_SOLUTION = ((1, 0, 1, 1, 1), (0, 1, 0, 0, 0), (0, 0, 0, 0, 1), (0, 1, 0, 1, 0), (1, 0, 1, 0, 0))


def _vector(formulation, grid) -> list[float]:
    """A full 0/1 column vector for ``grid``: the cells, plus the auxiliaries the grid implies."""
    model = formulation.model
    values = [0.0] * model.num_vars
    for (r, c), column in model.family("black").items():
        values[column] = grid[r - 1][c - 1]
    lines = {("row", r): list(grid[r - 1]) for r in range(1, len(grid) + 1)}
    lines |= {("column", c): [row[c - 1] for row in grid] for c in range(1, len(grid[0]) + 1)}
    if formulation.encoding == "automaton":
        for key, column in model.family("arc").items():
            line, (c, q, colour) = key[:2], key[2:]
            values[column] = float(_automaton_state(lines[line], c - 1) == q and colour == ("b" if lines[line][c - 1] else "w"))
    else:
        for key, column in model.family("start").items():
            line, (j, s) = key[:2], key[2:]
            values[column] = float(_starts(lines[line])[j - 1] == s)
    return values


def _starts(line) -> list[int]:
    return [c + 1 for c in range(len(line)) if line[c] and (c == 0 or not line[c - 1])]


def _automaton_state(line, cells_read: int) -> int:
    """The pattern automaton's state after reading the first ``cells_read`` cells of a valid line."""
    pattern: list[int] = []
    for run in runs_of(line):
        pattern += [0] * bool(pattern) + [1] * run
    state = 0
    for value in line[:cells_read]:
        # Black always advances; white advances only over the one compulsory gap character.
        if value or (state < len(pattern) and pattern[state] == 0):
            state += 1
    return state


def test_seed_solution_passes_and_clues_are_canonical():
    """The seed's printed solution satisfies the seed clues; lists become tuples."""
    assert verify(SEED, SEED_SOLUTION) == []
    assert Nonogram([[1, 3], [1], [1], [1, 1], [1, 1]], [[1, 1]] * 5) == SEED
    assert (SEED.height, SEED.width) == (5, 5)


def test_name_does_not_take_part_in_equality():
    """Two puzzles with the same clues are equal whatever their names."""
    assert Nonogram(((1,),), ((1,),), "a") == Nonogram(((1,),), ((1,),), "b")


@pytest.mark.parametrize(
    "rows,cols,message",
    [
        ((), ((1,),), "at least one row and one column"),
        (((0,),), ((),), "row 1 clue [0] holds 0"),
        (((1,),), ((True,),), "column 1 clue [True] holds True"),
    ],
)
def test_constructor_rejects_bad_clues(rows, cols, message):
    """An empty board, a zero run or a non-integer run is refused with the line named."""
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Nonogram(rows, cols)


def test_verify_reports_each_broken_rule_in_words():
    """Wrong runs, a bad value and a bad shape are each reported with 1-based positions."""
    grid = [list(row) for row in SEED_SOLUTION]
    grid[0][4] = 0
    assert verify(SEED, grid) == ["row 1 has runs [1, 2], clue is [1, 3]", "column 5 has runs [1], clue is [1, 1]"]
    grid = [list(row) for row in SEED_SOLUTION]
    grid[1][1] = 2
    assert "cell (2,2) holds 2, not 0 (white) or 1 (black)" in verify(SEED, grid)
    assert verify(SEED, SEED_SOLUTION[:4]) == ["the grid is not 5x5 (rows x columns)"]


@settings(max_examples=100, deadline=None)
@given(grid=nonogram_grids(), data=st.data())
def test_verify_accepts_the_grid_and_rejects_any_flip_that_changes_runs(grid, data):
    """A grid solves its own clues; flipping one cell breaks the row's and the column's runs."""
    puzzle = from_grid(grid)
    assert verify(puzzle, grid) == []
    r = data.draw(st.integers(0, puzzle.height - 1))
    c = data.draw(st.integers(0, puzzle.width - 1))
    flipped = [list(row) for row in grid]
    flipped[r][c] = 1 - flipped[r][c]
    problems = verify(puzzle, flipped)
    assert any(problem.startswith(f"row {r + 1} has runs") for problem in problems)
    assert any(problem.startswith(f"column {c + 1} has runs") for problem in problems)


def test_runs_of_reads_maximal_runs():
    """runs_of gives the lengths of the maximal runs of 1s in order."""
    assert runs_of([0, 1, 1, 0, 1, 0, 0, 1, 1, 1]) == (2, 1, 3)
    assert runs_of([0, 0]) == ()


def test_render_draws_clues_and_cells():
    """The rendering stacks column clues above, row clues to the left, cells as # and ."""
    text = nonogram.render(SEED, SEED_SOLUTION)
    assert text.splitlines() == [
        "     1 1 1 1 1",
        "     1 1 1 1 1",
        "1 3  # . # # #",
        "  1  . # . . .",
        "  1  . . . . #",
        "1 1  . # . # .",
        "1 1  # . # . .",
    ]
    assert puzzles.render(SEED).splitlines()[2] == "1 3  ? ? ? ? ?"


def test_render_marks_empty_and_dropped_lines():
    """An all-white line shows 0 and an unconstrained line shows ? among the clues."""
    puzzle = Nonogram(((), None), ((10,), (1,)))
    lines = nonogram.render(puzzle).splitlines()
    assert lines[0] == "   10  1"
    assert lines[1].startswith("0") and lines[2].startswith("?")


def test_clues_and_restrict_drop_lines_to_unconstrained():
    """Each line clue is one Clue; restricting turns the others into None (unconstrained)."""
    found = nonogram.clues(SEED)
    assert len(found) == 10 and found[0].text == "row 1 has runs [1, 3]"
    assert found[0].to_json() == {"type": "runs", "line": "row", "index": 1, "runs": [1, 3], "text": "row 1 has runs [1, 3]"}
    restricted = nonogram.restrict(SEED, [found[0], found[7]])
    assert restricted.rows == ((1, 3), None, None, None, None)
    assert restricted.cols == (None, None, (1, 1), None, None)
    assert not restricted.is_complete
    assert len(nonogram.clues(restricted)) == 2
    # An unconstrained line accepts anything, so dropping clues only relaxes the puzzle.
    assert verify(restricted, ((1, 0, 1, 1, 1),) + ((1, 1, 1, 1, 1),) * 4) == ["column 3 has runs [5], clue is [1, 1]"]


def test_grid_clash_finds_a_clue_too_long_for_its_line():
    """A clue whose runs and gaps exceed the line is a conflict on its own; fitting clues give []."""
    assert nonogram.grid_clash(SEED) == []
    puzzle = Nonogram(((1,), (1,)), ((1,), (1, 1)))
    assert [clue.text for clue in nonogram.grid_clash(puzzle)] == ["column 2 has runs [1, 1]"]


def test_explain_names_a_clue_that_cannot_fit_as_a_clue():
    """--explain on a nonogram with a clue too long for its line calls it a clue, not a given."""
    from futomip.certainty import explain

    result = explain(Nonogram(((1,), (1,)), ((1,), (1, 1))))
    assert result.status == "infeasible" and [clue.text for clue in result.conflict] == ["column 2 has runs [1, 1]"]
    assert result.message == "a clue alone cannot fit its line: column 2 has runs [1, 1]"


def test_model_row_families_and_names_for_the_seed():
    """The default model has the documented variable families and row families, 1-based names."""
    formulation = model_module.formulate(SEED)
    model = formulation.model
    assert formulation.encoding == "blocks" == model_module.ENCODINGS[0]
    assert model.row_counts() == {"block_once": 18, "block_order": 14, "cover": 50}
    assert model.var_names[0] == "black(1,1)"
    names = {con.name for con in model.constraints}
    assert {"block_once(row,1,2)", "block_order(row,4,1,3)", "cover(column,5,5)"} <= names
    assert model.num_vars == 25 + len(model.family("start"))


@pytest.mark.parametrize("encoding", model_module.ENCODINGS)
def test_known_solution_satisfies_every_row(encoding):
    """The seed solution, with the starts or arcs it implies, violates no row of any encoding."""
    formulation = model_module.formulate(SEED, encoding)
    assert formulation.model.is_satisfied_by(_vector(formulation, SEED_SOLUTION)) == []
    assert formulation.decode(_vector(formulation, SEED_SOLUTION)) == SEED_SOLUTION


@pytest.mark.parametrize("encoding", model_module.ENCODINGS)
@settings(max_examples=40, deadline=None)
@given(puzzle_grid=nonogram_grids(max_size=6))
def test_any_grid_satisfies_the_model_of_its_own_clues(encoding, puzzle_grid):
    """For random grids, the grid's implied vector satisfies every row of the model of its clues."""
    formulation = model_module.formulate(from_grid(puzzle_grid), encoding)
    assert formulation.model.is_satisfied_by(_vector(formulation, puzzle_grid)) == []


def test_exclude_cuts_off_exactly_the_given_grid():
    """The no-good row is violated by its own grid and satisfied by a grid one cell away."""
    formulation = model_module.formulate(SEED)
    terms, sense, rhs = formulation.exclude(SEED_SOLUTION)
    assert sense == ">="

    def lhs(grid):
        values = _vector(formulation, grid)
        return sum(coef * values[var] for var, coef in terms)

    assert lhs(SEED_SOLUTION) < rhs
    other = [list(row) for row in SEED_SOLUTION]
    other[2][2] = 1
    assert lhs(other) >= rhs


def test_unconstrained_lines_get_no_rows():
    """A line dropped by restrict adds no rows; its cells are constrained by the other direction only."""
    puzzle = Nonogram(((1,), None), (None, (2,)))
    model = model_module.formulate(puzzle).model
    assert model.row_counts() == {"block_once": 2, "cover": 4}


def test_unknown_encoding_is_refused():
    """Asking for an encoding the module does not have raises ValueError naming the valid ones."""
    with pytest.raises(ValueError, match="blocks"):
        model_module.formulate(SEED, "no-such-encoding")


@settings(max_examples=30, deadline=None)
@given(puzzle=nonogram_puzzles(max_size=5))
def test_random_puzzle_verifier_and_clues_agree(puzzle):
    """Every drawn puzzle has one clue per line and restricting to all clues changes nothing."""
    found = nonogram.clues(puzzle)
    assert len(found) == puzzle.height + puzzle.width
    assert nonogram.restrict(puzzle, found) == puzzle
