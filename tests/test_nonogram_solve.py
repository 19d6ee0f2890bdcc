"""Solving nonograms through the pipeline: the seed's 10 solutions, every encoding, and the corpora.

The corpus runs (mikix goals, TAAI 2011, MiniZinc challenge, Knotty) are marked slow; the GPL
sets are read from ../shared/corpus and skipped with the reason when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import nonogram_puzzles

import futomip
from futomip.certainty import explain, solutions
from futomip.io import nonogram_dzn, nonogram_non, nonogram_taai
from futomip.io.solutions import read_solutions
from futomip.models import nonogram as model_module
from futomip.puzzles.nonogram import Nonogram, verify

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "nonogram"
CORPUS = ROOT.parent / "shared" / "corpus"
SEED_FILE = DATA / "seeds" / "notebook-sample.pattern"
HIGHS = {"backend": "highspy", "solver": "highs"}


def _needs(folder: Path) -> None:
    if not folder.exists():
        pytest.skip(f"{folder} is absent: the GPL corpora are read from ../shared/corpus, never vendored")


def test_seed_sample_has_exactly_ten_solutions(core_pair):
    """Enumeration finds exactly 10 distinct verified solutions, among them the two printed ones."""
    backend, solver = core_pair
    puzzle = futomip.load(SEED_FILE)
    found = list(solutions(puzzle, limit=20, backend=backend, solver=solver))
    known = read_solutions(SEED_FILE.with_suffix(".sol"))
    assert len(found) == len(set(found)) == known.count == 10
    assert all(verify(puzzle, grid) == [] for grid in found)
    assert set(known.grids) <= set(found)


@pytest.mark.parametrize("encoding", model_module.ENCODINGS)
def test_every_encoding_solves_the_format_examples(encoding):
    """Each encoding solves the T-shaped puzzle to its unique grid and proves it unique."""
    _, tee = futomip.io.read(DATA / "formats" / "two-puzzles.taai")
    result = futomip.solve(tee, encoding=encoding, unique=True, **HIGHS)
    assert result.status == "solved" and result.unique is True and result.encoding == encoding
    assert result.grid == ((1, 1, 1, 1, 1), (0, 0, 1, 0, 0), (0, 0, 1, 0, 0), (0, 0, 1, 0, 0), (0, 0, 1, 0, 0))


@pytest.mark.parametrize("encoding", model_module.ENCODINGS)
@settings(max_examples=15, deadline=None)
@given(puzzle=nonogram_puzzles(max_size=7))
def test_random_solvable_puzzles_are_solved(encoding, puzzle):
    """A puzzle made from a random grid is solved by every encoding to a grid that passes verify."""
    result = futomip.solve(puzzle, encoding=encoding, **HIGHS)
    assert result.status == "solved" and verify(puzzle, result.grid) == []


@pytest.mark.parametrize("encoding", model_module.ENCODINGS)
def test_contradictory_clues_are_infeasible_and_explained(encoding):
    """Row 1 needs two adjacent blacks but column 2 is empty: infeasible, and those two clues conflict."""
    puzzle = Nonogram(((2,), (), ()), ((1,), (), (1,)))
    assert futomip.solve(puzzle, encoding=encoding, **HIGHS).status == "infeasible"
    result = explain(puzzle, encoding=encoding, **HIGHS)
    assert sorted(clue.text for clue in result.conflict) == ["column 2 has runs []", "row 1 has runs [2]"]


def test_a_clue_longer_than_its_line_is_infeasible_and_named():
    """A row clue that cannot fit is infeasible, and the explanation names that clue alone."""
    puzzle = Nonogram(((2, 2), (1,)), ((1,), (1,), (1,)))
    assert futomip.solve(puzzle, **HIGHS).status == "infeasible"
    assert [clue.text for clue in explain(puzzle, **HIGHS).conflict] == ["row 1 has runs [2, 2]"]


@pytest.mark.slow
def test_mikix_puzzles_solve_to_their_goal_uniquely():
    """Each of the 39 mikix puzzles is solved to its goal grid and proven unique."""
    folder = CORPUS / "nonogram-mikix-db" / "db"
    _needs(folder)
    for path in sorted(folder.rglob("*.non")):
        ((puzzle, goal),) = nonogram_non.read_with_goals(path.read_text(encoding="utf-8"), str(path))
        result = futomip.solve(puzzle, unique=True, **HIGHS)
        assert (result.status, result.grid, result.unique) == ("solved", goal, True), path


@pytest.mark.slow
def test_taai_puzzles_solve_to_valid_grids():
    """Every 10th TAAI 2011 puzzle up to $490 ($10, $20, ... $490) solves to a verified grid
    (FUTOMIP_TAAI_EVERY sets the step).  There is no time limit: the search is finite and
    deterministic, and under load a puzzle like $310 (96 s in the benchmark) can pass 120 s.

    Many TAAI puzzles have several solutions, so the grid is checked with ``verify`` rather
    than compared with the published one.  The set grows harder with its number: from about
    $200 on the MILP alone ran out of time on most of them and the split (the default
    reduction) is what solves them; in the run of all 1000 (60 s each, README) only $395 and
    $478 of $1-$490 hit the limit, while from $500 to $800 about one puzzle in eight did, so
    the rest is left to benchmarks/nonogram_corpus.py.
    """
    folder = CORPUS / "nonogram-taai-tournament"
    _needs(folder)
    every = int(os.environ.get("FUTOMIP_TAAI_EVERY", "10"))
    puzzles = nonogram_taai.read((folder / "question" / "taai2011.txt").read_text(), "taai2011.txt")[:490]
    for puzzle in puzzles[every - 1::every]:
        result = futomip.solve(puzzle, **HIGHS)
        assert result.status == "solved" and verify(puzzle, result.grid) == [], puzzle.name


@pytest.mark.slow
def test_taai_puzzle_2_has_exactly_four_solutions_including_the_published_one():
    """TAAI 2011 $2 is not unique: enumeration finds exactly 4 solutions, the published grid among them."""
    folder = CORPUS / "nonogram-taai-tournament"
    _needs(folder)
    puzzle = nonogram_taai.read((folder / "question" / "taai2011.txt").read_text(), "q")[1]
    published = nonogram_taai.read_solutions((folder / "solution" / "taai2011.txt").read_text(), "s")["$2"]
    found = list(solutions(puzzle, limit=10, **HIGHS))
    assert len(found) == 4 and published in found


# Every challenge instance, with HiGHS and the default reduction.  Five of them (non_fast_5, 9
# and 10, non_med_2 and 4) were skipped when HiGHS on the unreduced model hit 60 s; since the
# split search each takes under a second (28 Nov), so none is skipped.
MINIZINC_OUT_FILES = sorted((CORPUS / "nonogram-minizinc-challenge" / "nonogram").glob("*.out"))


@pytest.mark.slow
@pytest.mark.parametrize(
    "out",
    MINIZINC_OUT_FILES or [pytest.param(None, marks=pytest.mark.skip(reason="no MiniZinc corpus"))],
    ids=lambda out: out.stem if out else "absent",
)
def test_minizinc_instance_solves_to_its_out_solution(out):
    """A MiniZinc challenge instance is solved to exactly the grid of its .out file."""
    (expected,) = nonogram_dzn.read_out(out.read_text(), str(out))
    result = futomip.solve(futomip.io.load(out.with_suffix(".dzn")), time_limit=180, **HIGHS)
    assert (result.status, result.grid) == ("solved", expected)
