"""Every output option makes a missing folder, with its parents, as ``mkdir -p`` would:
report -o DIR, and the folder of the file given to generate -o, draw -o, batch -o, convert,
solve --write-lp/--write-mps (each once refused "create it first")."""

from __future__ import annotations

import csv
import json

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
