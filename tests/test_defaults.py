"""The measured default configuration per kind (``futomip.solvers.defaults``): the first
available row, falling back in order, and whatever the user pins wins."""

from __future__ import annotations

from dataclasses import replace

import pytest

from futomip.solvers import check, defaults, measured

ROWS = {"nonogram": (("ortools", "cpsat", "probing", "fastest"), ("highspy", "highs", "split", "next"))}


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setattr(measured, "DEFAULTS", ROWS)
    monkeypatch.setattr(measured, "MEASURED", "2026-11-26")
    monkeypatch.setattr(measured, "MEASURED_ON", {})


def test_the_first_available_row_is_the_default_with_its_reason(table):
    """With every row's pair available, the first row gives pair and level, and the reason names the benchmark."""
    if not check("ortools", "cpsat").available:
        pytest.skip("needs ortools")
    chosen = defaults.configuration("nonogram")
    assert (chosen.pair.name, chosen.reduce) == ("ortools/cpsat", "probing")
    assert chosen.reason.startswith("default for nonogram: ortools/cpsat --reduce probing, fastest")
    assert "benchmarks/choose_defaults.py, 2026-11-26" in chosen.reason


def test_the_reason_names_the_day_its_kind_was_measured(table, monkeypatch):
    """A kind measured on another day than the file's last write names its own day."""
    monkeypatch.setattr(measured, "MEASURED", "2026-11-27")
    monkeypatch.setattr(measured, "MEASURED_ON", {"nonogram": "2026-11-20"})
    chosen = defaults.configuration("nonogram")
    assert "benchmarks/choose_defaults.py, 2026-11-20)" in chosen.reason
    assert "2026-11-27" not in chosen.reason


def test_every_kind_with_rows_has_its_measurement_day():
    """The registry file names the day of every kind's rows (choose_defaults --write keeps them)."""
    assert set(measured.DEFAULTS) <= set(measured.MEASURED_ON)


def test_a_missing_pair_falls_back_to_the_next_row_and_says_so(table, monkeypatch):
    """When the first row's pair is not installed, the next row is taken and the reason says why."""
    def without_cpsat(backend, solver):
        pair = check(backend, solver)
        return replace(pair, available=False, how="pip install ortools") if solver == "cpsat" else pair

    monkeypatch.setattr(defaults, "check", without_cpsat)
    chosen = defaults.configuration("nonogram")
    assert (chosen.pair.name, chosen.reduce) == ("highspy/highs", "split")
    assert "ortools/cpsat not installed" in chosen.reason


def test_a_hidden_pair_is_named_hidden_not_missing(table, monkeypatch):
    """A pair hidden by FUTOMIP_HIDE_SOLVERS is installed, so the reason says hidden, not "not installed"."""
    monkeypatch.setenv("FUTOMIP_HIDE_SOLVERS", "cpsat")
    chosen = defaults.configuration("nonogram")
    assert chosen.pair.name != "ortools/cpsat"
    assert "ortools/cpsat hidden by FUTOMIP_HIDE_SOLVERS" in chosen.reason
    assert "not installed" not in chosen.reason


def test_pinned_names_win(table):
    """--solver, --backend and --reduce pin what they name; a pinned pair takes its own row's level."""
    chosen = defaults.configuration("nonogram", solver_name="highs")
    assert (chosen.pair.name, chosen.reduce) == ("highspy/highs", "split") and "pinned: --solver highs" in chosen.reason
    chosen = defaults.configuration("nonogram", "highspy", "highs", "lines")
    assert (chosen.pair.name, chosen.reduce) == ("highspy/highs", "lines")
    chosen = defaults.configuration("str8ts")
    assert "str8ts has no domain reduction" in chosen.reason


def test_the_reason_names_every_pinned_setting():
    """Settings beyond the pair and the level pin the MILP too, and the configuration's reason
    lists them with the pair's as the user gave them (it listed --backend, --solver and --reduce
    only, so a run with --encoding tight read as the registry's plain default)."""
    from futomip.methods.default import choose
    from futomip.options import Options
    from futomip.pipeline import Task

    chosen = choose("futoshiki", Task(), Options(encoding="tight", solver_options=(("presolve", "off"),)))
    assert chosen.reason.endswith("; pinned: --encoding tight --solver-option presolve=off")
    chosen = choose("nonogram", Task(), Options(solver="highs", threads=1))
    assert "pinned: --solver highs --threads 1" in chosen.reason
    assert "pinned" not in choose("futoshiki", Task(), Options()).reason


METHOD_ROWS = {"nonogram": (("milp", "ortools", "cpsat", "probing", "fastest"), ("sat", "", "", "", "second"),
                            ("milp", "highspy", "highs", "split", "third"))}


def test_a_method_row_is_read_only_when_the_caller_asks_and_the_method_can_run(monkeypatch):
    """A method row ahead of every MILP row is taken when ``methods`` says it can run, skipped (with
    the words why) when it cannot, and never read without ``methods`` (the pipeline's call)."""
    monkeypatch.setattr(measured, "DEFAULTS", {"nonogram": METHOD_ROWS["nonogram"][1:]})
    chosen = defaults.configuration("nonogram", methods=lambda name: None)
    assert (chosen.method, chosen.pair.name, chosen.reduce) == ("sat", "highspy/highs", "split")
    assert chosen.reason.startswith("default for nonogram: --method sat, second") and "third" in chosen.milp_reason
    passed = defaults.configuration("nonogram", methods=lambda name: "not here")
    assert passed.method == "milp" and passed.reason.endswith("; --method sat not used: not here")
    assert defaults.configuration("nonogram").method == "milp"


def test_a_method_row_below_the_milp_row_that_runs_is_not_the_default(monkeypatch):
    """The rows keep their order: a method ranked after an available MILP row loses to it, and wins
    when that row's pair is missing."""
    if not check("ortools", "cpsat").available:
        pytest.skip("needs ortools")
    monkeypatch.setattr(measured, "DEFAULTS", METHOD_ROWS)
    assert defaults.configuration("nonogram", methods=lambda name: None).pair.name == "ortools/cpsat"
    assert defaults.configuration("nonogram", methods=lambda name: None).method == "milp"
    monkeypatch.setenv("FUTOMIP_HIDE_SOLVERS", "cpsat")
    assert defaults.configuration("nonogram", methods=lambda name: None).method == "sat"


def test_rows_of_four_fields_are_milp_rows(table):
    """Rows written before the method column read as "milp" rows with their pair and level."""
    assert defaults.rows("nonogram")[0] == ("milp", "ortools", "cpsat", "probing", "fastest")


@pytest.mark.parametrize("name", ["nonogram/formats/two-puzzles.taai", "futoshiki.dat"])
def test_a_puzzle_the_time_limit_never_let_start_names_its_route(name):
    """Out of time before the run: the result says so in the names of the route the registry
    chose (a nonogram's sent to the sat method read "ortools/cpsat", method "milp", and no
    configuration)."""
    import time

    from conftest import DATA
    from futomip import io
    from futomip.methods import default
    from futomip.options import Deadline, Options
    from futomip.pipeline import Task

    puzzle = io.read(DATA / name)[0]
    chosen = default.choose(puzzle.kind, Task(), Options(time_limit=1))
    result = default.run(puzzle, Task(), Options(time_limit=1), Deadline(1, start=time.perf_counter() - 5))
    assert result.status == "time_limit" and "before this puzzle started" in result.message
    assert (result.method, result.configuration) == (chosen.method, chosen.reason)
    assert (result.backend, result.solver) == default.names(chosen)
