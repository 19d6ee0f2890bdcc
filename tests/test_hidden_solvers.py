"""FUTOMIP_HIDE_SOLVERS: hidden solvers behave as not installed, with a reason naming the
variable; a request no pair could ever honour is refused as a usage error (exit 2) whether
or not the solver is installed or hidden.

These tests set the variable themselves, so they check the hidden path on every machine;
``.ci/run`` also runs the solver-selection, race and CLI files once more with GLPK, SCIP
and CP-SAT hidden.
"""

from __future__ import annotations

import json

import pytest

import futomip
from futomip import methods
from futomip.cli import main
from futomip.errors import SolverUnavailableError, UnknownNameError, UnsupportedFeatureError
from futomip.solvers import HIDE_VARIABLE, check, default_pair, pair_names

from conftest import DATA, require_pair

SAMPLE = DATA / "futoshiki.dat"
SEEDS = DATA / "futoshiki" / "seeds"


@pytest.fixture
def hide(monkeypatch):
    """Set FUTOMIP_HIDE_SOLVERS for one test (the registry reads it on every check)."""
    return lambda names: monkeypatch.setenv(HIDE_VARIABLE, names)


def test_hidden_pairs_are_listed_unavailable_with_the_variable_as_reason(hide, capsys):
    """`solvers --json` marks every pair of a hidden solver unavailable and hidden, its `how`
    naming the variable; pairs of other solvers keep what they had."""
    before = {key: check(*key).available for key in pair_names()}
    hide("glpk, SCIP+cpsat")
    assert main(["solvers", "--json"]) == 0
    for entry in json.loads(capsys.readouterr().out)["pairs"]:
        key = (entry["backend"], entry["solver"])
        if entry["solver"] in ("glpk", "scip", "cpsat"):
            assert not entry["available"] and entry["hidden"] and HIDE_VARIABLE in entry["how"], entry
        else:
            assert entry["available"] == before[key] and not entry["hidden"], entry


def test_the_text_table_says_hidden(hide, capsys):
    """The table shows a hidden pair's status as "hidden" and the variable as how to get it."""
    hide("cbc")
    assert main(["solvers"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.split()[:2] == ["pulp", "cbc"])
    assert line.split()[2] == "hidden" and HIDE_VARIABLE in line


def test_an_unknown_name_in_the_variable_is_an_error(hide, capsys):
    """A name that is no solver is refused (exit 2) naming the variable and the valid names,
    never ignored: a typo would hide nothing."""
    hide("glpk,glpkk")
    with pytest.raises(UnknownNameError):
        check("pulp", "highs")
    assert main([str(SAMPLE)]) == 2
    err = capsys.readouterr().err
    assert HIDE_VARIABLE in err and "'glpkk'" in err and "cpsat" in err


def test_a_hidden_solver_asked_for_exits_3_naming_the_variable(hide, capsys):
    """--solver cbc with cbc hidden is "solver unavailable" (exit 3), and the message says
    the variable hides it."""
    hide("cbc")
    assert main([str(SAMPLE), "--solver", "cbc"]) == 3
    assert HIDE_VARIABLE in capsys.readouterr().err


def test_hiding_the_first_choices_moves_the_default_to_the_next_pair(hide):
    """With HiGHS and CP-SAT hidden the default pair is the next in the order (pulp/cbc), and
    a solve through it returns a verified grid."""
    require_pair("pulp", "cbc")
    hide("highs,cpsat")
    assert default_pair(kind="futoshiki").name == "pulp/cbc"
    puzzle = futomip.load(SAMPLE)
    result = futomip.solve(puzzle)
    assert (result.backend, result.solver) == ("pulp", "cbc")
    assert result.status == "solved" and futomip.verify(puzzle, result.grid) == []


@pytest.mark.parametrize("hidden", ["", "glpk"])
def test_threads_with_glpk_are_a_usage_error_whatever_is_installed(hide, hidden, capsys):
    """--threads 4 with pulp/glpk exits 2 whether glpsol is installed, missing or hidden: no
    GLPK pair takes a thread count, so the request is wrong on every machine."""
    hide(hidden)
    assert main([str(SAMPLE), "--backend", "pulp", "--solver", "glpk", "--threads", "4"]) == 2
    assert "pulp/glpk cannot take a thread count" in capsys.readouterr().err


def test_a_solver_no_layer_of_which_takes_threads_is_refused_before_availability(hide):
    """--solver scip --threads 4 (no SCIP pair takes threads) is an UnsupportedFeatureError
    naming both SCIP pairs, even with SCIP hidden."""
    hide("scip")
    with pytest.raises(UnsupportedFeatureError, match="pulp/scip, pyomo/scip"):
        futomip.solve(futomip.load(SAMPLE), solver="scip", threads=4)


def test_a_race_with_a_hidden_entrant_that_could_never_honour_the_request(hide):
    """A race entrant that can never take --threads is refused as unsupported even when it
    is hidden; one that could is refused as unavailable."""
    hide("glpk,scip")
    sample = futomip.load(SEEDS / "sample-4.txt")
    with pytest.raises(UnsupportedFeatureError):
        futomip.solve(sample, solver="race:highs,pulp/glpk", threads=4)
    with pytest.raises(SolverUnavailableError, match=HIDE_VARIABLE):
        futomip.solve(sample, solver="race:highs,pulp/glpk")


def test_the_cpsat_method_respects_the_variable(hide):
    """--method cpsat (CP-SAT beside the MILP) is unavailable while cpsat is hidden."""
    hide("cpsat")
    with pytest.raises(SolverUnavailableError, match=HIDE_VARIABLE):
        methods.run("cpsat", futomip.load(SAMPLE))
