"""One default route for every entry point (``futomip.methods.default``): the ``futomip``
command, ``futomip batch`` and ``futomip.solve`` take the measured-defaults registry's row for
a kind, a method row (``sat`` for nonograms) where that method is installed and can do the
task, else the MILP rows; pinning any MILP option keeps the MILP.  Real solvers; every grid
is checked by ``futomip.verify``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import futomip
from futomip.cli import main
from futomip.methods import default, sat
from futomip.pipeline import Task
from futomip.puzzles.nonogram import Nonogram
from futomip.solvers import measured

DATA = Path(__file__).resolve().parent.parent / "data"
PATTERN = str(DATA / "nonogram" / "seeds" / "notebook-sample.pattern")  # 5x5, not unique
SMALL = [PATTERN] + [str(DATA / "nonogram" / "minizinc" / name) for name in ("non_micro.dzn", "dom_06.dzn",
                                                                          "dom_08.dzn")]
SAT_FIRST = {"nonogram": (("sat", "", "", "", "fastest"), ("milp", "highspy", "highs", "split", "next"))}

needs_sat = pytest.mark.skipif(not sat.available(), reason="needs python-sat (pip install 'futomip[sat]')")


@pytest.fixture
def sat_first(monkeypatch):
    """The registry with a measured sat row ahead of the MILP's (the benchmark's form of it)."""
    monkeypatch.setattr(measured, "DEFAULTS", SAT_FIRST)


def _command(capsys, *argv) -> dict:
    assert main([*argv, "--json"]) in (0, 1)
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def _batch(tmp_path, *argv) -> list[dict]:
    out = tmp_path / "r.jsonl"
    assert main(["batch", *argv, "-o", str(out), "--jobs", "1", "-q"]) == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def _checked(puzzle, grid) -> None:
    assert grid is not None and futomip.verify(puzzle, tuple(tuple(row) for row in grid)) == []


def _routes(capsys, tmp_path) -> tuple[str, str, str]:
    """The method each entry point used on the pattern, every grid verified."""
    puzzle = futomip.load(PATTERN)
    command = _command(capsys, PATTERN)
    api = futomip.solve(puzzle)
    (record,) = _batch(tmp_path, PATTERN)
    for grid in (command["solution"], api.grid, record["solution"]):
        _checked(puzzle, grid)
    assert command["configuration"] == api.configuration == record["configuration"]
    return command["method"], api.method, record["method"]


@needs_sat
def test_every_entry_point_takes_the_registrys_sat_row(sat_first, capsys, tmp_path):
    """With a sat row first and python-sat installed, the command, the API and batch all solve the
    nonogram with sat, and say so with the registry's reason."""
    assert _routes(capsys, tmp_path) == ("sat", "sat", "sat")
    assert futomip.solve(futomip.load(PATTERN)).configuration.startswith("default for nonogram: --method sat, fastest")


def test_every_entry_point_agrees_with_the_measured_registry(capsys, tmp_path):
    """With the registry as measured, whatever it ranks first, the three entry points take the same route."""
    routes = _routes(capsys, tmp_path)
    assert len(set(routes)) == 1 and routes[0] == default.choose("nonogram").method


def test_without_python_sat_the_milp_rows_are_used_and_the_reason_says_why(sat_first, monkeypatch, capsys,
                                                                           tmp_path):
    """When sat cannot run here, every entry point takes the first MILP row, and the reason names what is missing."""
    monkeypatch.setattr(sat, "available", lambda: False)
    assert _routes(capsys, tmp_path) == ("milp", "milp", "milp")
    result = futomip.solve(futomip.load(PATTERN))
    assert (result.backend, result.solver, result.reduction["level"]) == ("highspy", "highs", "split")
    assert "--method sat not used: python-sat is not installed" in result.configuration


@needs_sat
def test_pinning_any_milp_option_keeps_the_milp(sat_first, capsys, tmp_path):
    """--backend, --reduce, --method milp (and the API's keywords, batch's --reduce) each get the MILP."""
    puzzle = futomip.load(PATTERN)
    for pin in (["--backend", "highspy"], ["--reduce", "probing"], ["--method", "milp"], ["--threads", "2"]):
        data = _command(capsys, PATTERN, *pin)
        assert data["method"] == "milp", pin
        _checked(puzzle, data["solution"])
        if pin[0] != "--method":
            assert data["configuration"].endswith(f"--method sat not used: {pin[0]} pins the MILP")
    for keywords in ({"backend": "highspy"}, {"reduce": "probing"}, {"encoding": "blocks"}):
        result = futomip.solve(puzzle, **keywords)
        assert result.method == "milp" and result.solved, keywords
        _checked(puzzle, result.grid)
    (record,) = _batch(tmp_path, PATTERN, "--reduce", "probing")
    assert (record["label"], record["method"]) == ("milp", "milp")
    _checked(puzzle, record["solution"])


@needs_sat
def test_tasks_sat_cannot_do_go_to_the_milp(sat_first, capsys, tmp_path):
    """--all, --explain and --write-lp on a nonogram run the MILP even with sat first, and the
    reason says why sat was passed over; --unique stays with sat and shows a verified second grid."""
    puzzle = futomip.load(PATTERN)
    enumerated = _command(capsys, PATTERN, "--all")
    assert enumerated["method"] == "milp" and len(enumerated["solutions"]) > 1
    for grid in enumerated["solutions"]:
        _checked(puzzle, grid)
    assert "--method sat not used: it does not enumerate (--all)" in enumerated["configuration"]
    written = _command(capsys, PATTERN, "--write-lp", str(tmp_path / "m.lp"))
    assert written["method"] == "milp" and (tmp_path / "m.lp").exists()
    _checked(puzzle, written["solution"])
    infeasible = tmp_path / "clash.non"
    futomip.write(Nonogram([(1,), (1,)], [(1, 1), ()]), infeasible)
    explained = _command(capsys, str(infeasible), "--explain")
    assert explained["method"] == "milp" and explained["status"] == "infeasible" and explained["conflict"]
    unique = _command(capsys, PATTERN, "--unique")
    assert unique["method"] == "sat" and unique["unique"] is False
    _checked(puzzle, unique["second_solution"])
    assert unique["second_solution"] != unique["solution"]
    assert default.choose("nonogram", Task("all")).method == "milp"


@needs_sat
def test_a_default_batch_of_small_nonograms_records_the_method(sat_first, tmp_path):
    """A batch without --method solves each small nonogram by the registry's sat row, with a
    verified grid, the label "default" and the method in every line."""
    records = _batch(tmp_path, *SMALL, "--time-limit", "60")
    assert len(records) == len(SMALL)
    for record in records:
        assert record["status"] == "solved" and (record["label"], record["method"]) == ("default", "sat")
        _checked(futomip.read(record["file"])[record["index"]], record["solution"])


def test_other_kinds_keep_their_milp_rows(sat_first, capsys):
    """A Futoshiki has no method row: the route is the MILP, by every entry point."""
    data = _command(capsys, str(DATA / "futoshiki.dat"))
    result = futomip.solve(futomip.load(str(DATA / "futoshiki.dat")))
    assert data["method"] == result.method == "milp"
    _checked(result.puzzle, result.grid)


def test_the_registry_says_why_a_method_cannot_take_a_task():
    """``futomip.methods.why_not`` passes a method over for a model file, a task outside its
    ``TASKS`` (the registry's default TASKS where it names none) or a kind outside its
    ``KINDS``, and finds nothing against an installed method on its own task and kind."""
    from futomip import methods

    assert "--write-lp" in methods.why_not("csp", Task("solve", write_lp="m.lp"))
    assert "--all" in methods.why_not("csp", Task("all"))
    assert "--explain" in methods.why_not("backtrack", Task("explain"))
    assert "not nonogram" in methods.why_not("backtrack", Task("solve"), "nonogram")
    assert methods.why_not("csp", Task("unique"), "nonogram") is None
    assert not hasattr(default, "TASKS") and methods.TASKS == ("solve", "unique")


def test_every_keyword_of_futomip_solve_is_a_task_keyword_or_an_option():
    """``futomip.solve`` (the route, with the API page's signature) names only keywords the
    pipeline's ``solve`` takes: the task's own or ``Options`` fields (restarts included), so a
    setting added to one cannot be missing from the other."""
    import dataclasses
    import inspect

    from futomip.options import Options

    route = set(inspect.signature(futomip.solve).parameters)
    task = {"puzzle", "unique", "write_lp", "write_mps", "progress", "options", "deadline"}
    assert futomip.solve is default.keyword_solve
    assert "restarts" in route and route - task <= {field.name for field in dataclasses.fields(Options)}
