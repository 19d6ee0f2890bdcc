"""Every output option makes a missing folder, with its parents, as ``mkdir -p`` would:
report -o DIR, and the folder of the file given to generate -o, draw -o, batch -o, convert,
solve --write-lp/--write-mps (each once refused "create it first")."""

from __future__ import annotations

import csv
import json
import os

import pytest

from futomip import io, verify
from futomip.cli import main
from futomip.io.solutions import read_solutions, solutions_path

from conftest import DATA

SAMPLE = DATA / "futoshiki.dat"
SEED_SAMPLE = DATA / "futoshiki" / "seeds" / "sample-4.txt"


def test_report_makes_its_folder(tmp_path):
    """report -o a/b/c writes summary.csv into the new folder a/b/c."""
    results = tmp_path / "r.jsonl"
    assert main(["batch", str(SEED_SAMPLE), "-o", str(results), "--method", "propagate", "--jobs", "1", "-q"]) == 0
    folder = tmp_path / "a" / "b" / "c"
    assert main(["report", str(results), "-o", str(folder)]) == 0
    with open(folder / "summary.csv") as handle:
        assert [row["label"] for row in csv.DictReader(handle)] == ["propagate"]


def test_generate_makes_a_folder_per_seed(tmp_path):
    """generate -o new/{seed}/p.txt makes new/3 and new/4 and writes a puzzle whose .sol
    solution the verifier accepts into each."""
    pattern = tmp_path / "new" / "{seed}" / "p.txt"
    assert main(["generate", "4", "--seed", "3", "--count", "2", "-o", str(pattern)]) == 0
    for seed in (3, 4):
        path = tmp_path / "new" / str(seed) / "p.txt"
        puzzle = io.load(path)
        solutions = read_solutions(solutions_path(str(path)))
        assert len(solutions.grids) == 1 and verify(puzzle, solutions.grids[0]) == []


def test_draw_makes_the_picture_folder(tmp_path):
    """draw -o new/deeper/board.svg writes the picture into the new folders."""
    target = tmp_path / "new" / "deeper" / "board.svg"
    assert main(["draw", str(SAMPLE), "-q", "-o", str(target)]) == 0
    assert "<svg" in target.read_text()


def test_batch_makes_the_results_folder(tmp_path):
    """batch -o new/deeper/r.jsonl writes its lines into the new folders, each a solved run."""
    target = tmp_path / "new" / "deeper" / "r.jsonl"
    assert main(["batch", str(SEED_SAMPLE), "-o", str(target), "--method", "propagate", "--jobs", "1", "-q"]) == 0
    records = [json.loads(line) for line in target.read_text().splitlines()]
    assert [record["status"] for record in records] == ["solved"]


def test_convert_makes_the_output_folder(tmp_path):
    """convert IN new/deeper/OUT writes the same puzzle into the new folders."""
    target = tmp_path / "new" / "deeper" / "sample.txt"
    assert main(["convert", str(SAMPLE), str(target)]) == 0
    assert io.load(target) == io.load(SAMPLE)


@pytest.mark.parametrize("option,name", [("--write-lp", "model.lp"), ("--write-mps", "model.mps")])
def test_solve_makes_the_model_file_folder(tmp_path, option, name):
    """--write-lp/--write-mps into a missing folder make it and write the model there."""
    target = tmp_path / "new" / "deeper" / name
    assert main([str(SAMPLE), "-q", "--backend", "highspy", "--solver", "highs", option, str(target)]) == 0
    assert target.stat().st_size > 1000


@pytest.mark.parametrize("backend,solver", [("highspy", "highs"), ("pulp", "cbc"), ("pyomo", "highs")])
@pytest.mark.parametrize("keyword,suffix", [("write_lp", ".lp"), ("write_mps", ".mps")])
def test_the_python_api_refuses_a_bad_model_path_alike_on_every_backend(tmp_path, backend, solver, keyword, suffix):
    """``futomip.solve(..., write_lp=PATH)`` refuses a missing folder, a folder and a wrong
    suffix with ``UsageError`` before any work, whatever the backend (PuLP and Pyomo once
    raised their own FileNotFoundError or IsADirectoryError, or wrote any suffix); a good path
    is written and the grid is verified."""
    import futomip

    puzzle = io.load(SEED_SAMPLE)
    (tmp_path / f"folder{suffix}").mkdir()
    for path, words in ((tmp_path / "missing" / f"m{suffix}", "does not exist"), (tmp_path / f"folder{suffix}", "is a folder"),
                        (tmp_path / "m.xyz", f"must end in {suffix}")):
        with pytest.raises(futomip.UsageError, match=words):
            futomip.solve(puzzle, backend=backend, solver=solver, **{keyword: str(path)})
    assert not (tmp_path / "m.xyz").exists()
    good = tmp_path / f"m{suffix}"
    result = futomip.solve(puzzle, backend=backend, solver=solver, **{keyword: str(good)})
    assert good.stat().st_size > 0 and verify(puzzle, result.grid) == []


def test_from_clues_refuses_a_cell_off_the_board():
    """A given at row -1 once landed in the last row (Python's negative index) and one at row n
    raised a bare IndexError; both are ``UsageError`` (a ValueError) now, as a bad value is."""
    import futomip

    for givens in ({(-1, 0): 3}, {(4, 0): 3}, {(0, 4): 1}, {(0, 0): 9}):
        with pytest.raises(futomip.UsageError):
            futomip.Futoshiki.from_clues(4, givens, [])
    with pytest.raises(ValueError):  # still a ValueError for callers that catch that
        futomip.Futoshiki.from_clues(4, {(0, -1): 2}, [])


def test_the_python_api_says_what_is_wrong_with_a_wrong_argument():
    """A path where a puzzle belongs, a missing grid and a grid of the wrong size gave bare
    AttributeError, TypeError and IndexError from deep inside: now a UsageError naming the
    mistake, or (verify) a broken rule in words."""
    import futomip

    for call in (futomip.solve, futomip.enumerate_all, futomip.explain, lambda p: list(futomip.solutions(p))):
        with pytest.raises(futomip.UsageError, match="expected a puzzle object"):
            call(str(SEED_SAMPLE))
    puzzle = io.load(SEED_SAMPLE)
    assert futomip.verify(puzzle, None) == ["there is no grid (None): only a solved result has one"]
    assert futomip.verify(puzzle, 7) == ["the grid is not a sequence of rows: got int"]
    with pytest.raises(futomip.UsageError, match=f"cannot be drawn on this futoshiki board: the grid is not {puzzle.size}x{puzzle.size}"):
        futomip.render(puzzle, [[1, 2], [2, 1]])


def test_verify_takes_numpy_grids_and_names_floats():
    """A grid kept as a numpy array of integers is a grid (its cells once read as
    "holds np.int64(7), not a value in 1..7"); floats on a board of numbers are named as
    such, while a nonogram's cells, black or white, are read by value."""
    import numpy as np

    import futomip

    for path in (SAMPLE, DATA / "sudoku" / "hardest.txt", DATA / "nonogram" / "formats" / "two-puzzles.taai"):
        puzzle = io.read(path)[0]
        grid = futomip.solve(puzzle).grid
        assert futomip.verify(puzzle, np.array(grid)) == []
        assert futomip.verify(puzzle, np.array(grid, dtype=np.int32).tolist()) == []
        problems = futomip.verify(puzzle, np.array(grid, dtype=np.float32))
        if puzzle.kind == "nonogram":
            assert problems == []
            assert futomip.verify(puzzle, np.array(grid) * 0.5) != []
        else:
            assert len(problems) == 1 and "not an integer" in problems[0], problems


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, which refuses every write")
def test_convert_names_the_output_that_a_write_fails_on(capsys):
    """A write that fails past the up-front checks (a full disk, /proc) names the path, exit 2."""
    assert main(["convert", str(SAMPLE), "/dev/full", "--to", "opl"]) == 2
    assert capsys.readouterr().err.strip() == \
        "futomip: error: /dev/full: cannot be written here (No space left on device)"
