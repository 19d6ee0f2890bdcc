"""The two grades (``futomip.make.grade``): the human grade against brute force, and the MIP
effort fields, through the API and the installed CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import nonogram_puzzles
from test_reduction_nonogram import _all_solutions

from futomip import io
from futomip.make.grade import grade, human_grade
from futomip.options import Options
from futomip.puzzles.nonogram import Nonogram

DATA = Path(__file__).resolve().parent.parent / "data"


@settings(max_examples=80, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=1, max_size=5))
def test_human_grade_agrees_with_brute_force(puzzle):
    """'lines' and 'probing' mean one solution, decided without search; 'infeasible' means
    none; 'search' leaves cells open (several solutions, or one that needs a guess)."""
    level, after_lines, after_probing = human_grade(puzzle)
    solutions = _all_solutions(puzzle)
    if level in ("lines", "probing"):
        assert len(solutions) == 1
    elif level == "infeasible":
        assert solutions == []
    else:
        assert level == "search" and after_probing > 0
        assert len(solutions) != 1 or after_probing > 0
    if len(solutions) > 1:
        assert level == "search"


def test_levels_of_known_nonograms():
    plus = Nonogram(((1,), (3,), (1,)), ((1,), (3,), (1,)))
    assert human_grade(plus)[0] == "lines"
    diagonal = Nonogram(((1,), (1,)), ((1,), (1,)))
    assert human_grade(diagonal)[0] == "search"  # two solutions
    assert human_grade(Nonogram(((2,), ()), ((1,), ())))[0] == "infeasible"


def test_str8ts_is_graded_by_the_hand_solvers_rules():
    """The bundled Str8ts gets a human grade from str8ts_rules, and a "lines"/"probing" grade
    agrees with the MILP's uniqueness proof."""
    import futomip

    puzzle = io.load(DATA / "str8ts" / "formats" / "blog-sample.dat")
    marks = grade(puzzle, Options(time_limit=60))
    assert marks.human in ("lines", "probing", "search") and marks.status == "solved"
    if marks.human != "search":
        assert futomip.solve(puzzle, unique=True).unique is True


def test_mip_effort_on_the_bundled_futoshiki():
    marks = grade(io.load(DATA / "futoshiki.dat"), Options(time_limit=60))
    assert marks.status == "solved" and marks.mip in ("presolve", "root", "branching")
    assert isinstance(marks.nodes, int) and 0 <= marks.lp_forced_share <= 1


def test_cli_grade_prints_one_json_object_per_puzzle():
    script = Path(sys.executable).with_name("futomip")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]
    done = subprocess.run(program + ["grade", str(DATA / "nonogram" / "formats" / "two-puzzles.taai"), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 2 and all(line["kind"] == "nonogram" and line["human"] in
                                   ("lines", "probing", "search", "infeasible") for line in lines)


def test_a_puzzle_the_lines_prove_impossible_says_probing_was_not_needed(tmp_path, capsys):
    """Probing is not run then: the line said 'after probing None' (JSON keeps null)."""
    from futomip.cli import main

    path = tmp_path / "nb.nin"
    path.write_text("3 3\n1 1\n1\n2\n1\n1 1\n2\n")
    assert main(["grade", str(path)]) == 0
    assert capsys.readouterr().out.startswith("nb: human infeasible (open after lines 3, no probing needed); MIP ")


def test_a_solver_without_node_counts_gets_the_milp_status_for_a_label(capsys):
    """CP-SAT reports no nodes, so no presolve/root/branching label: JSON null, text the
    status (docs/generate.md)."""
    pytest.importorskip("ortools")
    from futomip.cli import main

    marks = grade(io.load(DATA / "futoshiki.dat"), Options(backend="ortools", solver="cpsat", time_limit=60))
    assert (marks.mip, marks.nodes, marks.status) == (None, None, "solved")
    assert main(["grade", str(DATA / "futoshiki.dat"), "--backend", "ortools", "--solver", "cpsat"]) == 0
    assert "; MIP solved (" in capsys.readouterr().out


def test_index_names_the_puzzle_by_its_place_in_the_file(capsys):
    """``--index 2`` graded the right puzzle but reported ``"index": 0`` (its place in a list of
    one); the JSON index, and the time-limit line's ``puzzle``, are now its place in the file."""
    from futomip.cli import main

    hardest = str(DATA / "sudoku" / "hardest.txt")
    assert main(["grade", hardest, "--index", "2", "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert (line["index"], line["name"]) == (2, "hard-c")
    assert main(["grade", hardest, "--index", "1", "--json", "--time-limit", "0.000001"]) == 1  # not graded
    assert json.loads(capsys.readouterr().out) == {"puzzle": 1, "name": "hard-b", "status": "time_limit",
                                                   "file": hardest, "index": 1, "kind": "sudoku"}


def test_several_files_are_graded_in_turn(tmp_path, capsys):
    """``futomip grade a b``: every puzzle of every file, in order; a text line starts with its
    file (names and places repeat across files), a JSON line has its own ``file``."""
    from futomip.cli import main

    futoshiki, taai = str(DATA / "futoshiki.dat"), str(DATA / "nonogram" / "formats" / "two-puzzles.taai")
    assert main(["grade", futoshiki, taai, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(line["file"], line["index"], line["kind"]) for line in lines] == [
        (futoshiki, 0, "futoshiki"), (taai, 0, "nonogram"), (taai, 1, "nonogram")]
    assert main(["grade", futoshiki, taai]) == 0
    text = capsys.readouterr().out.splitlines()
    assert len(text) == 3 and text[0].startswith(f"{futoshiki}: ") and text[2].startswith(f"{taai}: ")


def test_several_files_are_all_read_before_any_grading(tmp_path, capsys):
    """A file that cannot be read stops the command with its place (exit 2) before any line,
    and ``--index`` (a puzzle of one file) with several files is a usage error."""
    from futomip.cli import main

    bad = tmp_path / "bad.sdk"
    bad.write_text("12345\n")
    assert main(["grade", str(DATA / "futoshiki.dat"), str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and f"{bad}:1:" in captured.err
    assert main(["grade", str(DATA / "futoshiki.dat"), str(DATA / "futoshiki.dat"), "--index", "0"]) == 2
    assert "--index picks a puzzle of one file" in capsys.readouterr().err
