"""Nonogram generation (``futomip generate N --kind nonogram``): every puzzle has exactly one
solution — the picture — checked by the verifier and independently (brute force on small
boards, the MILP's uniqueness proof on larger ones), and carries the grade asked for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_reduction_nonogram import _all_solutions

import futomip
from futomip.make.generate_nonogram import generate_nonogram
from futomip.make.grade import human_grade
from futomip.puzzles.nonogram import verify


def test_a_hundred_small_nonograms_are_unique_by_brute_force():
    for seed in range(100):
        puzzle, grid, level = generate_nonogram(5, 5, seed=seed)
        assert verify(puzzle, grid) == []
        assert _all_solutions(puzzle) == [grid], seed
        assert human_grade(puzzle)[0] == level


@pytest.mark.parametrize("difficulty", ["lines", "probing"])
def test_larger_nonograms_have_the_grade_asked_for_and_a_proved_unique_solution(difficulty):
    for seed in range(5):
        puzzle, grid, level = generate_nonogram(10, 10, seed=seed, difficulty=difficulty)
        assert level == difficulty == human_grade(puzzle)[0]
        proof = futomip.solve(puzzle, unique=True)
        assert proof.unique is True and tuple(map(tuple, proof.grid)) == grid


def test_cli_writes_puzzle_and_solution(tmp_path):
    script = Path(sys.executable).with_name("futomip")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]
    pattern = str(tmp_path / "n-{seed}.nin")
    done = subprocess.run(program + ["generate", "8", "--kind", "nonogram", "--count", "2", "-o", pattern],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    solved = subprocess.run(program + [str(tmp_path / "n-1.nin"), "--json", "--unique"], capture_output=True,
                            text=True, timeout=120)
    assert json.loads(solved.stdout)["unique"] is True
    assert (tmp_path / "n-0.sol").is_file()
    # A nonogram has no finer rule ladder: its grade line names the grade alone.
    assert "% human grade: lines\n" in (tmp_path / "n-0.sol").read_text()


def test_difficulty_is_for_nonograms_only():
    script = Path(sys.executable).with_name("futomip")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]
    done = subprocess.run(program + ["generate", "5", "--difficulty", "lines"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "--kind nonogram" in done.stderr
