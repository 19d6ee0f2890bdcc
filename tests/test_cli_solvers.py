"""The command line's solver features: --version, solvers --json, --no-solve, inspect,
--solver-option, refused requests and the statistics shown with -v."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

import futomip
from futomip.cli import main
from futomip.models import futoshiki as futoshiki_model
from futomip.solvers import Capabilities, pair_names
from standalone import solve_with

from conftest import DATA, CORE_PAIRS, require_pair

SAMPLE = DATA / "futoshiki.dat"
HARD = DATA / "futoshiki" / "hard9" / "hard9-seed100.txt"


def _json(capsys) -> dict:
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_version_names_the_program(capsys):
    """`futomip --version` prints the program's name and version and exits 0."""
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("futomip ")


def test_solvers_json_lists_every_pair_with_its_capabilities(capsys):
    """`solvers --json` has one entry per known pair, each with every capability field; the
    core pairs are available and the default pair is one of them."""
    assert main(["solvers", "--json"]) == 0
    data = _json(capsys)
    listed = [(entry["backend"], entry["solver"]) for entry in data["pairs"]]
    assert listed == pair_names()
    names = {field.name for field in fields(Capabilities)}
    for entry in data["pairs"]:
        assert set(entry["capabilities"]) == names
        assert entry["available"] or entry["how"]
        if (entry["backend"], entry["solver"]) in CORE_PAIRS:
            assert entry["available"] is True
    # The suite compiles in-process (FUTOMIP_COMPILE=1, tests/conftest.py): "ready" or, once a
    # kernel ran in this process, "compiled".
    assert data["kernels"] in ("ready", "compiled")
    from futomip.methods.default import choose

    # Every entry point's default per kind; command_methods repeats those that are not the MILP.
    assert data["command_methods"] == {kind: {"method": chosen["method"], "reason": chosen["reason"]}
                                       for kind, chosen in data["defaults"].items() if chosen["method"] != "milp"}
    assert data["defaults"]["nonogram"]["method"] == choose("nonogram").method
    assert all(chosen["backend"] and chosen["reduce"] for chosen in data["defaults"].values())
    assert tuple(data["default"].split("/")) in CORE_PAIRS


def test_solvers_says_which_kernel_family_is_ready_while_the_warmup_compiles_the_other(tmp_path):
    """While the background warm-up has compiled the Latin family only (its ready file, and the
    warm-up's fresh lock), ``futomip solvers`` says so per family, in JSON and in words."""
    import os
    import subprocess
    import sys

    from futomip import compiled

    env = {**os.environ, compiled.CACHE_VARIABLE: str(tmp_path)}
    env.pop(compiled.ENVIRONMENT_VARIABLE, None)  # the default: wait for the warm-up
    (tmp_path / f"ready-{compiled.package_key()}-latin").write_text("")
    (tmp_path / f"warming-{compiled.package_key()}").write_text("1")
    if compiled.state() == "off":
        pytest.skip("the compiled layer is off here (FUTOMIP_COMPILE=0 or no numba)")

    def run(*extra: str) -> str:
        done = subprocess.run([sys.executable, "-m", "futomip", "solvers", *extra], capture_output=True, text=True,
                              env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    data = json.loads(run("--json"))
    assert data["kernels"] == "warming up"
    assert data["kernel_families"] == {"latin": "ready", "nonogram": "warming up"}
    assert "by family: latin ready (its searches use them now), nonogram warming up" in run()


def test_no_solve_writes_the_model_and_stops(tmp_path, capsys):
    """--no-solve --write-lp writes a model that the highs program solves to the known grid,
    reports status "written" with no grid and no solve time, and exits 0."""
    path = tmp_path / "model.lp"
    assert main([str(SAMPLE), "--write-lp", str(path), "--no-solve", "--json"]) == 0
    data = _json(capsys)
    assert data["status"] == "written" and data["solution"] is None and data["seconds"]["solve"] == 0
    assert main([str(HARD), "--write-lp", str(tmp_path / "hard.lp"), "--no-solve", "--json"]) == 0
    assert _json(capsys)["schedule"] is None  # nothing ran (QA: a split puzzle showed a schedule of 0 turns)
    values = solve_with("highs", path, tmp_path)
    known = futomip.solve(futomip.load(SAMPLE)).grid
    ones = {name for name, value in values.items() if round(value) == 1 and name.startswith("x(")}
    assert ones == {f"x({r + 1},{c + 1},{v})" for r, row in enumerate(known) for c, v in enumerate(row)}


@pytest.mark.parametrize("extra", [[], ["--unique", "--write-lp", "m.lp"], ["--all", "--write-mps", "m.mps"]])
def test_no_solve_without_a_file_or_with_another_task_is_refused(extra, capsys, tmp_path, monkeypatch):
    """--no-solve needs a model file to write and cannot go with --unique or --all (exit 2)."""
    monkeypatch.chdir(tmp_path)
    assert main([str(SAMPLE), "--no-solve", *extra]) == 2
    assert "--no-solve" in capsys.readouterr().err


def test_inspect_counts_rows_per_family_like_the_model(capsys):
    """inspect --json gives the model's own row counts per family, nonzeros that add up, and
    HiGHS presolve leaving no more than the model had."""
    # --reduce none: compared with the unreduced formulation below (the Latin-family reduction
    # would leave fewer columns and rows).
    assert main(["inspect", str(HARD), "--json", "--encoding", "tight", "--reduce", "none"]) == 0
    data = _json(capsys)["encodings"]["tight"]
    puzzle = futomip.load(HARD)
    model = futoshiki_model.formulate(puzzle, "tight").model
    assert data["rows"] == model.row_counts()
    assert sum(data["nonzeros"].values()) == data["total"]["nonzeros"] == sum(len(c.terms) for c in model.constraints)
    assert data["columns"] == {"x": 729}
    assert data["presolve"]["rows"] <= data["total"]["rows"] and data["presolve"]["columns"] <= 729
    assert data["root_lp"]["status"] == "optimal" and data["root_lp"]["bound"] == 0


def test_inspect_says_which_puzzle_of_a_file_and_a_contradiction(capsys, tmp_path):
    """Of a file with several puzzles inspect shows one: the first line says which of how many
    (it named the first only by its name); a reduction that proves the puzzle impossible is
    said on that line (only the JSON's reduction record had it)."""
    hardest = str(DATA / "sudoku" / "hardest.txt")
    assert main(["inspect", hardest, "--index", "2"]) == 0
    assert "hard-c (puzzle 2 of 3 in the file; --index K shows another)" in capsys.readouterr().out.splitlines()[0]
    assert main(["inspect", hardest, "--json"]) == 0
    data = _json(capsys)
    assert (data["index"], data["puzzles"], data["name"]) == (0, 3, "inkala-2012")
    bad = tmp_path / "bad.pls"
    bad.write_text("order 2\n0 0\n-1 -1\n")
    assert main(["inspect", str(bad)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "no solution: the reduction found column 1 impossible" in first and "puzzle 0 of" not in first


def test_inspect_compares_every_encoding(capsys):
    """--compare-encodings shows every encoding of the kind side by side, family by family."""
    assert main(["inspect", str(HARD), "--compare-encodings"]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[1]
    assert "tight" in header and "weighted" in header
    assert any(line.startswith("rows less_than") for line in out.splitlines())
    assert "after HiGHS presolve" in out and "root LP" in out


def test_inspect_keeps_its_time_limit_and_says_what_it_stopped(capsys):
    """--time-limit bounds inspect (QA: a large nonogram's root LP took 29 s with no way to stop
    it); a spent limit shows presolve and the root LP as stopped, not as findings."""
    from futomip.cli.inspect import describe
    from futomip.options import Deadline

    data = describe(futoshiki_model.formulate(futomip.load(str(HARD))).model, Deadline(0))
    assert data["presolve"]["status"] == "timeout" and data["root_lp"]["status"] == "time limit reached"
    assert data["root_lp"]["bound"] is None and data["total"]["rows"] > 0
    assert main(["inspect", str(HARD), "--json", "--time-limit", "60"]) == 0
    assert _json(capsys)["stopped"] is None


FAASE = DATA / "nonogram" / "wolter" / "faase.nin"


def test_inspect_cuts_a_long_model_build_at_its_time_limit(capsys):
    """QA: `inspect faase.nin --time-limit 1` took 4.3 s, building the 80x95 nonogram's model in
    Python past the limit.  The build is cut now, and the command says so and exits 1."""
    import time

    start = time.perf_counter()
    assert main(["inspect", str(FAASE), "--json", "--time-limit", "0.5"]) == 1
    # Uncut, the build takes seconds and the JSON has no "stopped"; the bound here only guards
    # against a hang (a shared machine's timing is not what this test checks).
    assert time.perf_counter() - start < 10
    data = _json(capsys)
    assert data["encodings"] == {} and data["stopped"] == "the time limit ended while the blocks model was built"
    assert main(["inspect", str(FAASE), "--time-limit", "0.5"]) == 1
    assert "while the blocks model was built (a longer --time-limit shows it)" in capsys.readouterr().err


def test_inspect_reports_an_infeasible_relaxation(tmp_path, capsys):
    """A puzzle whose givens clash has an infeasible LP relaxation (or presolve finds it)."""
    path = tmp_path / "clash.dat"
    futomip.write(futomip.Futoshiki.from_clues(4, {(0, 0): 1, (0, 1): 1}), str(path), format="ampl")
    assert main(["inspect", str(path), "--json"]) == 0
    data = next(iter(_json(capsys)["encodings"].values()))
    assert data["root_lp"]["status"] == "infeasible" or data["presolve"]["status"] == "infeasible"


def test_unknown_solver_option_is_a_usage_error_with_suggestions(capsys):
    """--solver-option with a misspelt HiGHS option exits 2 and suggests the right name."""
    assert main([str(SAMPLE), "--solver", "highs", "--solver-option", "mip_rel_gapp=0.1"]) == 2
    assert "did you mean mip_rel_gap" in capsys.readouterr().err


def test_known_solver_option_reaches_highs(capsys):
    """A valid HiGHS option is accepted and the puzzle is solved."""
    assert main([str(SAMPLE), "--solver", "highs", "--solver-option", "presolve=off", "--json"]) == 0
    assert _json(capsys)["status"] == "solved"


PROGRAM_PAIRS = [("pulp", "cbc"), ("pyomo", "cbc"), ("pulp", "glpk"), ("pyomo", "glpk")]


@pytest.mark.parametrize("backend,solver", PROGRAM_PAIRS, ids=[f"{b}-{s}" for b, s in PROGRAM_PAIRS])
def test_unknown_program_solver_option_is_refused_with_the_list(backend, solver, capsys):
    """CBC and GLPK run as programs that would drop (CBC) or fail on (glpsol) an unknown name
    without saying why: it is refused up front (exit 2) with a suggestion, and the command the
    error names lists the program's options."""
    require_pair(backend, solver)
    assert main([str(SAMPLE), "--backend", backend, "--solver", solver, "--solver-option", "cutz=off"]) == 2
    err = capsys.readouterr().err
    suggestion, listed = {"cbc": ("cutsOnOff", "randomCbcSeed"), "glpk": ("cuts", "nomip")}[solver]
    assert f"did you mean {suggestion}" in err and f"{solver} has no option 'cutz'" in err
    command = err.split("`")[1].split()
    assert command[:3] == ["futomip", "solvers", "--options"] and command[3] == solver
    assert main(command[1:]) == 0
    assert listed in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("backend", ["pulp", "pyomo"])
def test_every_cbc_option_listed_is_taken_as_listed(backend, capsys):
    """QA: `solvers --options cbc` printed CBC's own shorthand (``zeroT(olerance)``), which
    --solver-option refused as typed and then suggested back.  Every listed name is taken."""
    require_pair(backend, "cbc")
    assert main(["solvers", "--options", "cbc", "--backend", backend]) == 0
    names = capsys.readouterr().out.split()
    assert "zeroTolerance" in names and not [name for name in names if "(" in name]
    from futomip.solvers import solver

    solver("cbc").check_options([(name, "1") for name in names], backend)  # raises on a refused name


def test_unknown_option_error_names_the_listing_not_the_whole_list(capsys):
    """A misspelt HiGHS option printed all its option names on one line; now the error gives
    the close names and those containing what was typed, and names `futomip solvers --options
    highs`, which prints one name a line (``--json``: solver, backend, options)."""
    assert main([str(SAMPLE), "--solver", "highs", "--solver-option", "gap=0.1"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" in err and "mip_rel_gap" in err and "mip_abs_gap" in err
    assert "`futomip solvers --options highs` lists its" in err and "primal_feasibility_tolerance" not in err
    assert main(["solvers", "--options", "highs"]) == 0
    names = capsys.readouterr().out.split()
    assert "mip_rel_gap" in names and "presolve" in names and names == sorted(names)
    assert main(["solvers", "--options", "highs", "--json"]) == 0
    assert _json(capsys) == {"solver": "highs", "backend": "highspy", "options": names}


def test_solvers_options_refusals(capsys, monkeypatch):
    """An unknown solver exits 2 naming the known ones; a hidden (or missing) solver exits 3
    with how to get it; a layer that cannot drive the solver exits 3; --backend alone exits 2."""
    assert main(["solvers", "--options", "nosuch"]) == 2
    assert "valid solvers: highs" in capsys.readouterr().err
    assert main(["solvers", "--options", "highs", "--backend", "ortools"]) == 3
    assert "cannot drive highs" in capsys.readouterr().err
    assert main(["solvers", "--backend", "pulp"]) == 2
    assert "--backend goes with --options" in capsys.readouterr().err
    monkeypatch.setenv("FUTOMIP_HIDE_SOLVERS", "scip")
    assert main(["solvers", "--options", "scip"]) == 3
    assert "FUTOMIP_HIDE_SOLVERS" in capsys.readouterr().err


@pytest.mark.parametrize("backend,solver", PROGRAM_PAIRS, ids=[f"{b}-{s}" for b, s in PROGRAM_PAIRS])
def test_known_program_solver_option_still_solves(backend, solver, capsys):
    """A valid CBC parameter (in a spelling CBC takes: any case, cut short no further than
    its listed abbreviation) or glpsol option is passed on and the puzzle is solved."""
    require_pair(backend, solver)
    words = {"cbc": ["CUTSOn=off", "--solver-option", "maxNodes=100000"], "glpk": ["cuts="]}[solver]
    assert main([str(SAMPLE), "--backend", backend, "--solver", solver, "--solver-option", *words, "--json"]) == 0
    assert _json(capsys)["status"] == "solved"


@pytest.mark.parametrize("solver,option,reason", [("cbc", "maxNodes=lots", "takes an integer value"),
                                                  ("cbc", "ratioGap=small", "takes a double value"),
                                                  ("glpk", "cuts=on", "takes no value"),
                                                  ("glpk", "tmlim=", "takes a value")])
def test_program_solver_option_with_a_wrong_value_is_refused(solver, option, reason, capsys):
    """A value CBC would ignore ("illegal", default kept) or glpsol would fail on is refused."""
    require_pair("pulp", solver)
    assert main([str(SAMPLE), "--backend", "pulp", "--solver", solver, "--solver-option", option]) == 2
    assert reason in capsys.readouterr().err


@pytest.mark.parametrize("solver", ["cbc", "glpk"])
def test_program_solver_options_pass_unchecked_when_the_list_cannot_be_read(solver, monkeypatch):
    """When the program cannot be run to list its options, names go to it unchecked, as before."""
    module = __import__(f"futomip.solvers.{solver}", fromlist=["SOLVER"])
    cached = module._parameters if solver == "cbc" else module._options
    monkeypatch.setattr(module, "program_text", lambda *args: None)
    cached.cache_clear()
    try:
        assert module.SOLVER.option_names("pulp") is None
        module.SOLVER.check_options([("cutz", "off")], "pulp")
    finally:
        cached.cache_clear()


def test_threads_with_glpk_are_refused(capsys):
    """GLPK has no threads: --threads 4 with it is refused up front (exit 2) naming pairs that can."""
    assert main([str(SAMPLE), "--backend", "pulp", "--solver", "glpk", "--threads", "4"]) == 2
    err = capsys.readouterr().err
    assert "pulp/glpk cannot take a thread count" in err and "highspy/highs" in err


def test_verbose_report_shows_solver_statistics(capsys):
    """-v adds a line with the solver's statistics (HiGHS: nodes, iterations, solves); at level
    "lines", since at the default level the reduction settles the sample and no solver runs."""
    assert main([str(SAMPLE), "-v", "--backend", "highspy", "--solver", "highs", "--reduce", "lines"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("solver stats:"))
    assert "nodes" in line and "lp_iterations" in line and "solves 1" in line


def test_json_stats_count_the_solves_of_a_uniqueness_proof(capsys):
    """The JSON stats sum nodes and iterations over both solves of --unique and count them
    (at level "lines": at the default level the sample needs no solve)."""
    assert main([str(SAMPLE), "--unique", "--json", "--backend", "highspy", "--solver", "highs", "--reduce", "lines"]) == 0
    stats = _json(capsys)["stats"]
    assert stats["solves"] == 2 and stats["nodes"] >= 0 and stats["lp_iterations"] >= 0


def test_first_choice_pair_per_kind():
    """With no pair named, a Futoshiki goes to CP-SAT where it is installed (its declared
    first choice) and a nonogram to HiGHS; naming a backend or solver overrides that."""
    from futomip.solvers import check, default_pair

    if check("ortools", "cpsat").available:
        assert default_pair(kind="futoshiki").name == "ortools/cpsat"
    else:
        assert default_pair(kind="futoshiki").name == "highspy/highs"
    assert default_pair(kind="nonogram").name == "highspy/highs"
    assert default_pair("pulp", None, kind="futoshiki").name == "pulp/highs"
    assert default_pair(None, "cbc", kind="futoshiki").name == "pulp/cbc"


@pytest.mark.parametrize("backend", ["pulp", "pyomo"])
def test_scip_presolve_counts_are_what_presolve_removed(capsys, backend):
    """SCIP's presolve counts compare the original with the presolved problem: they are never
    negative (the transformed problem after a search, with its conflict constraints, once
    gave -50 rows) and at most the model's size."""
    require_pair(backend, "scip")
    assert main([str(HARD), "--reduce", "none", "--json", "--backend", backend, "--solver", "scip"]) == 0
    stats = _json(capsys)["stats"]
    assert 0 < stats["presolve_rows_removed"] <= 1000 and 0 < stats["presolve_columns_removed"] <= 729, stats


def test_solvers_text_says_how_to_get_every_pip_solver_at_once(capsys, monkeypatch):
    """A base install's `futomip solvers` named each missing solver's own package (SCIP's hint
    not even the extra) and never `futomip[all]`; and its "first choice for futoshiki" line
    covered one kind, though the measured defaults listed after it are what a solve runs.  Now
    a line names `pip install 'futomip[all]'` whenever a solver pip brings is missing (here
    python-sat, made to look absent), SCIP's hint names its extra, and the first choices stay
    in the JSON only."""
    from futomip.methods import sat as sat_method
    from futomip.solvers import solver

    assert "futomip[scip]" in solver("scip").install
    monkeypatch.setattr(sat_method, "available", lambda: False)
    assert main(["solvers"]) == 0
    text = capsys.readouterr().out
    assert "pip install 'futomip[all]'" in text and "Kissat" in text
    assert "first choice for" not in text
    assert main(["solvers", "--json"]) == 0
    assert "first_choice" in _json(capsys)


def test_no_solve_quiet_prints_nothing(tmp_path, capsys):
    """`--no-solve -q` printed one empty line: with no board there is nothing to show."""
    path = tmp_path / "model.lp"
    assert main([str(SAMPLE), "--write-lp", str(path), "--no-solve", "-q"]) == 0
    assert capsys.readouterr().out == "" and path.stat().st_size > 0


def test_inspect_shows_the_encoding_a_highs_solve_builds():
    """Plain `inspect` showed the kind's first encoding (tight) while a HiGHS solve builds
    another (weighted), so the presolve and root LP it showed were not those of the solve; its
    default is now the encoding a HiGHS solve uses."""
    import contextlib
    import io as text_io

    from futomip.pipeline.finder import default_encoding

    out = text_io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["inspect", str(HARD), "--json"]) == 0
    shown = list(json.loads(out.getvalue())["encodings"])
    assert shown == [default_encoding(futomip.load(HARD), "highs")] == ["weighted"]


def test_a_short_option_list_is_given_in_full():
    """Up to ``LISTED_IN_FULL`` names the error lists them all; a part of a name suggests every
    name that holds it."""
    from futomip.solvers._base import LISTED_IN_FULL, unknown_option

    message = str(unknown_option("toy", "eed", ["random_seed", "seed", "threads"]))
    assert "did you mean seed or random_seed?" in message and "its 3 options: random_seed, seed, threads" in message
    many = [f"option{k}" for k in range(LISTED_IN_FULL + 1)]
    assert "`futomip solvers --options toy` lists its" in str(unknown_option("toy", "zzz", many))
