"""The command line: exit codes, the --json contract, model files, convert, solvers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from futomip.cli import main
from futomip.solvers.defaults import configuration

DATA = Path(__file__).resolve().parent.parent / "data"
SAMPLE = DATA / "futoshiki.dat"
JSON_FIELDS = {"file", "puzzle", "size", "status", "solution", "backend", "solver", "encoding", "seconds", "unique",
               "message", "reduction", "configuration", "schedule"}


def _json(capsys, argv) -> tuple[int, dict]:
    code = main(argv)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1])


def test_bundled_sample_solves_with_exit_0(capsys):
    """`futomip data/futoshiki.dat` prints the board and a status line, exit 0."""
    assert main([str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "status: solved" in out and "7 3 4>2 6 5 1" in out


def test_json_contract(capsys):
    """--json prints one object with the documented fields and types."""
    code, data = _json(capsys, [str(SAMPLE), "--json"])
    assert code == 0
    assert JSON_FIELDS <= data.keys()
    assert data["puzzle"] == "futoshiki" and data["size"] == 7 and data["status"] == "solved"
    assert data["solution"][0] == [7, 3, 4, 2, 6, 5, 1]
    assert {"read", "import", "reduce", "build", "solve", "total"} <= data["seconds"].keys()
    assert data["unique"] is None
    # The level is the measured default for the kind and pair, and the configuration says so.
    chosen = configuration("futoshiki")
    assert data["reduction"]["level"] == chosen.reduce and data["configuration"] == chosen.reason
    # The Latin-family reduction fixes every cell of the sample: no search, no schedule.
    assert data["reduction"]["open"] == 0 and data["schedule"] is None
    assert data["reduction"]["contradiction"] is None and data["reduction"]["values"] == 49


def test_nonogram_json_reports_the_reduction_and_reduce_none_turns_it_off(capsys):
    """The seed Pattern: probing fixes the 11 cells its 10 solutions share, and the split search
    settles it in its first turn (so the solver on the whole model never starts); --reduce none
    fixes nothing."""
    pattern = DATA / "nonogram" / "seeds" / "notebook-sample.pattern"
    code, data = _json(capsys, [str(pattern), "--json", "--reduce", "split"])
    assert code == 0 and data["puzzle"] == "nonogram"
    search = data["reduction"].pop("search")
    assert data["reduction"] == {"level": "split", "cells": 25, "fixed": 11, "open": 14, "contradiction": None,
                                 "finished": True}
    assert search["root_slice"] == 0.0 and search["subpuzzles"] == 1 and search["engine"] == "learning"
    assert data["schedule"]["answered_by"] == "search" and data["schedule"]["solver_seconds"] == 0.0
    code, data = _json(capsys, [str(pattern), "--json", "--reduce", "probing"])
    assert data["reduction"]["level"] == "probing" and data["reduction"]["search"] is None
    code, data = _json(capsys, [str(pattern), "--json", "--reduce", "none", "--all"])
    assert code == 0 and data["reduction"] is None and len(data["solutions"]) == 10 and data["complete"] is True


def test_bench_command_prints_one_row_per_combination(capsys):
    """`futomip bench` times every (pair, encoding, reduction) on every puzzle; --json gives the raw rows."""
    pattern = DATA / "nonogram" / "seeds" / "notebook-sample.pattern"
    code = main(["bench", str(pattern), "--pairs", "highspy/highs,pulp/cbc", "--reduce", "probing,none", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    combos = {(row["backend"], row["solver"], row["reduction"]) for row in data["summary"]}
    assert combos == {("highspy", "highs", "probing"), ("highspy", "highs", "none"),
                      ("pulp", "cbc", "probing"), ("pulp", "cbc", "none")}
    assert all(row["solved"] == row["runs"] == 1 for row in data["summary"])
    assert main(["bench", str(pattern), "--reduce", "everything"]) == 2


def test_bench_enumerate_times_the_model_at_the_level_and_limit_asked(capsys):
    """`bench --enumerate` enumerates with the model (reduction none unless --reduce says
    otherwise), once with cuts on the live model and once rebuilt, and finds all 39 solutions
    of seed sample 5 both ways; --reduce split (no model for whole-grid leaves) is refused, and
    a tight --time-limit gives an incomplete row.  It once ignored --reduce and --time-limit and
    enumerated with the split, so the solver hardly ran."""
    sample = str(DATA / "futoshiki" / "seeds" / "sample-5.txt")
    assert main(["bench", sample, "--enumerate", "--pairs", "highspy/highs", "--reduce", "none,lines", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["enumeration"]
    assert [(row["reduction"], row["solutions"], row["complete"]) for row in rows] == [("none", 39, True), ("lines", 39, True)]
    assert main(["bench", sample, "--enumerate", "--pairs", "highspy/highs", "--json"]) == 0
    assert [row["reduction"] for row in json.loads(capsys.readouterr().out)["enumeration"]] == ["none"]
    assert main(["bench", sample, "--enumerate", "--reduce", "split"]) == 2
    assert "--reduce split enumerates by its search" in capsys.readouterr().err
    # Options the enumeration table has no place for were dropped in silence (QA round 4).
    assert main(["bench", sample, "--enumerate", "--against", "cpsat", "--unique"]) == 2
    assert "takes no --against, --unique" in capsys.readouterr().err
    assert main(["bench", sample, "--enumerate", "--pairs", "pulp/cbc", "--time-limit", "0.05", "--json"]) == 0
    row, = json.loads(capsys.readouterr().out)["enumeration"]
    assert row["complete"] is False and row["solutions"] < 39


def test_json_unique_and_all(capsys):
    """--unique sets unique true; --all lists every solution and says it is complete."""
    _, data = _json(capsys, [str(SAMPLE), "--json", "--unique"])
    assert data["unique"] is True
    code, data = _json(capsys, [str(DATA / "futoshiki/seeds/sample-5.txt"), "--json", "--all", "--limit", "4"])
    assert code == 0 and len(data["solutions"]) == 4 and data["complete"] is False


def test_infeasible_exits_1_and_explain_reports_conflict(tmp_path, capsys):
    """An infeasible puzzle exits 1; --explain adds the conflict in 1-based coordinates."""
    path = tmp_path / "bad.dat"
    path.write_text('n = 3; initialValues = {<1,1,3>}; conditions = {<1,1,1,2,"<">};')
    code, data = _json(capsys, [str(path), "--json"])
    assert code == 1 and data["status"] == "infeasible" and data["solution"] is None
    code, data = _json(capsys, [str(path), "--json", "--explain"])
    assert code == 1
    assert {c["type"] for c in data["conflict"]} == {"given", "less"}
    assert {"type": "given", "row": 1, "col": 1, "value": 3} .items() <= data["conflict"][0].items()


def test_an_infeasible_puzzle_in_text_points_to_explain(tmp_path, capsys):
    """In text, an infeasible solve or uniqueness check ends with the command that names the
    clues that clash (``--index K`` for a puzzle of a multi-puzzle file), and that command
    does; -q, --json and --explain itself print no hint."""
    path = tmp_path / "bad.dat"
    path.write_text('n = 3; initialValues = {<1,1,3>}; conditions = {<1,1,1,2,"<">};')
    for extra in ([], ["--unique"]):
        assert main([str(path), *extra]) == 1
        assert capsys.readouterr().out.rstrip().endswith(
            f"hint: futomip {path} --explain names clues that cannot all hold together")
    for extra in (["-q"], ["--json"], ["--explain"]):
        assert main([str(path), *extra]) == 1
        assert "hint:" not in capsys.readouterr().out
    several = tmp_path / "two.sdk"
    several.write_text("." * 81 + "\n" + "11" + "." * 79 + "\n")
    assert main([str(several)]) == 1
    assert f"hint: futomip {several} --index 1 --explain names" in capsys.readouterr().out
    assert main([str(several), "--index", "1", "--explain"]) == 1
    shown = capsys.readouterr().out
    assert "cell (1,1) is given as 1" in shown and "cell (1,2) is given as 1" in shown


def test_a_contradiction_the_reduction_finds_is_named_and_builds_no_model(tmp_path, capsys):
    """A Sudoku with the same given twice in a box: the default (the split level) reports the
    constraint the reduction found impossible, in the puzzle's terms, without building a model
    (it named the first violated model row, ``cell_one_value(1,1) reads 0 == 1``, after
    building the whole model); a level pinned by --reduce still builds its model."""
    path = tmp_path / "twice.sdk"
    path.write_text("11" + "." * 79 + "\n")
    code, data = _json(capsys, [str(path), "--json"])
    assert code == 1 and data["status"] == "infeasible" and data["solution"] is None
    assert data["reduction"]["contradiction"] in data["message"] and "cell_one_value" not in data["message"]
    assert data["seconds"]["build"] == 0.0
    assert main([str(path)]) == 1
    text = capsys.readouterr().out
    assert f"reduction: split found {data['reduction']['contradiction']} impossible (no model needed" in text
    for option in ("--unique", "--all"):
        code, again = _json(capsys, [str(path), "--json", option])
        assert code == 1 and again["status"] == "infeasible" and again["unique"] is None
    code, pinned = _json(capsys, [str(path), "--json", "--reduce", "lines"])
    assert code == 1 and pinned["status"] == "infeasible" and pinned["seconds"]["build"] > 0


def test_a_nonogram_line_the_reduction_finds_impossible_is_named_in_the_puzzles_terms(tmp_path, capsys):
    """The note said "the reduction found ('column', 2) impossible" (a 0-based tuple) where the
    reduction line said "column 3"; both now name it as the reduction's summary does."""
    path = tmp_path / "impossible.non"
    path.write_text("width 3\nheight 3\n\nrows\n3\n3\n3\n\ncolumns\n3\n3\n1\n")
    code, data = _json(capsys, [str(path), "--json", "--backend", "highspy", "--solver", "highs"])
    assert code == 1 and data["status"] == "infeasible" and data["solution"] is None
    assert data["reduction"]["contradiction"] == "column 3"
    assert data["message"] == "no solution: the reduction found column 3 impossible"


def test_solve_options_may_come_before_the_file(capsys):
    """`futomip --json FILE` and `futomip -q FILE` said "invalid choice: 'FILE'": the shortcut
    for `solve` took only a file first."""
    import futomip

    code, data = _json(capsys, ["--json", str(SAMPLE)])
    assert code == 0 and data["status"] == "solved"
    assert futomip.verify(futomip.load(SAMPLE), tuple(map(tuple, data["solution"]))) == []
    assert main(["-q", "--time-limit", "30", str(SAMPLE)]) == 0
    assert "status:" not in capsys.readouterr().out  # quiet: the grid only


def test_a_mistyped_command_is_named_as_such(capsys):
    """`futomip sovlers` was read as a file ("sovlers:1:1: expected a readable file"); an
    unknown option after a file pointed at `futomip --help`, not at `futomip solve --help`."""
    assert main(["sovlers"]) == 2
    assert "did you mean 'futomip solvers'" in capsys.readouterr().err
    assert main(["no-such-puzzle.dat"]) == 2
    assert "expected a readable file" in capsys.readouterr().err  # not close to a command: the file error
    with pytest.raises(SystemExit) as stop:  # argparse's exit, as for every usage error it finds
        main([str(SAMPLE), "--bogus"])
    assert stop.value.code == 2 and "futomip solve --help lists the options" in capsys.readouterr().err


def test_malformed_file_exits_2_with_position(tmp_path, capsys):
    """A syntax error exits 2 and prints path:line:column on stderr, no traceback."""
    path = tmp_path / "broken.dat"
    path.write_text("n = 3;\ninitialValues = {<1,1,3>\n")
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:" in err and "Traceback" not in err


def test_missing_file_and_unknown_names_exit_2(capsys):
    """A missing file, an unknown backend and an unknown solver are usage errors."""
    assert main(["no/such/file.dat"]) == 2
    assert main([str(SAMPLE), "--backend", "nosuch"]) == 2
    assert "valid backends" in capsys.readouterr().err
    assert main([str(SAMPLE), "--solver", "nosuch"]) == 2


def test_a_pair_the_backend_cannot_drive_exits_3(capsys):
    """highspy drives only HiGHS: asking it for CBC says which backends can, exit 3."""
    assert main([str(SAMPLE), "--backend", "highspy", "--solver", "cbc"]) == 3
    assert "pulp" in capsys.readouterr().err


def test_write_lp_and_mps(tmp_path, core_pair, capsys):
    """--write-lp/--write-mps write files whose rows carry the model's constraint names."""
    backend, solver = core_pair
    lp, mps = tmp_path / "model.lp", tmp_path / "model.mps"
    # --reduce none: the reduction fixes every cell of the sample, leaving no less_than row.
    assert main([str(SAMPLE), "--backend", backend, "--solver", solver, "--write-lp", str(lp),
                 "--write-mps", str(mps), "-q", "--reduce", "none"]) == 0
    text = lp.read_text()
    assert "cell_one_value(1" in text and "less_than(1" in text and "row_has_value(" in text
    assert mps.stat().st_size > 0


def test_convert_round_trip(tmp_path, capsys):
    """convert writes another format that reads back as the same puzzle."""
    import futomip

    out = tmp_path / "sample.txt"
    assert main(["convert", str(SAMPLE), str(out), "--to", "grid"]) == 0
    assert futomip.load(out) == futomip.load(SAMPLE)


def test_solvers_lists_every_pair(capsys):
    """`futomip solvers` lists the five core pairs as available and names the default."""
    assert main(["solvers"]) == 0
    out = capsys.readouterr().out
    for backend, solver in [("highspy", "highs"), ("pulp", "cbc"), ("pyomo", "cbc")]:
        assert any(line.split()[:3] == [backend, solver, "available"] for line in out.splitlines())
    assert "default pair:" in out


def test_python_m_futomip_runs_as_a_program():
    """`python -m futomip FILE --json` works as a separate process and exits 0."""
    done = subprocess.run([sys.executable, "-m", "futomip", str(SAMPLE), "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "solved"


def _installed_cli() -> str:
    """The `futomip` program that `pip install` put beside this interpreter."""
    path = Path(sys.executable).with_name("futomip")
    assert path.exists(), f"no installed futomip program beside {sys.executable}"
    return str(path)


def test_installed_cli_prints_pure_json_lines_on_every_pair(pair):
    """The installed `futomip` program, run as a process, prints exactly one JSON object per
    line on stdout whatever the solver libraries print themselves (highspy 1.16 prints a
    banner on fd 1); -q prints the board and nothing of the solver's."""
    backend, solver = pair
    base = [_installed_cli(), str(SAMPLE), "--backend", backend, "--solver", solver]
    done = subprocess.run(base + ["--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["status"] == "solved", done.stdout
    quiet = subprocess.run(base + ["-q"], capture_output=True, text=True)
    assert quiet.returncode == 0 and quiet.stdout.splitlines()[0] == "7 3 4>2 6 5 1", quiet.stdout


def test_time_limit_zero_ends_with_time_limit(capsys):
    """A time limit that is already used up ends with status time_limit and exit 1."""
    code, data = _json(capsys, [str(SAMPLE), "--json", "--time-limit", "0"])
    assert code == 1 and data["status"] == "time_limit"


def test_verbose_json_keeps_stdout_parseable(core_pair):
    """-v with --json sends the solver's log to stderr, so stdout stays one JSON object (the
    whole model, as the sample is settled by the reduction and would need no solver)."""
    backend, solver = core_pair
    done = subprocess.run([sys.executable, "-m", "futomip", str(SAMPLE), "--json", "-v", "--backend", backend,
                           "--solver", solver, "--reduce", "none"], capture_output=True, text=True)
    assert done.returncode == 0
    assert json.loads(done.stdout)["status"] == "solved"
    assert done.stderr.strip(), "the solver log should appear on stderr"


def test_not_unique_text_marks_the_differing_cells(tmp_path, capsys):
    """--unique on a puzzle with two solutions prints the second and a map of differing cells."""
    path = tmp_path / "two.dat"
    path.write_text('n = 3; initialValues = {}; conditions = {<1,1,1,2,"<">};')
    assert main([str(path), "--unique"]) == 0
    out = capsys.readouterr().out
    assert "NOT unique" in out and "where the two differ (*):" in out and "*" in out


_MODULES_AFTER = """
import contextlib, io, json, sys
from futomip.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "answer": json.loads(out.getvalue()),
                  "loaded": sorted(m for m in ("ortools.sat.python.cp_model", "pandas", "pyomo.environ", "pulp")
                                   if m in sys.modules)}))
"""


def test_a_puzzle_the_reduction_settles_needs_no_solver(tmp_path):
    """The bundled sample is settled by the reduction: the default route checks the one grid
    left and answers, unique, without a model or a solve, and CP-SAT, the default pair where
    it is installed, is not imported (its import brings pandas: a quarter of a second of the
    bundled command; highspy, the default without it, is imported to check that it works);
    --write-lp still writes the whole model."""
    import futomip

    done = subprocess.run([sys.executable, "-c", _MODULES_AFTER, str(SAMPLE), "--unique", "--json"],
                          capture_output=True, text=True, timeout=120)
    report = json.loads(done.stdout.splitlines()[-1])
    answer = report["answer"]
    assert report["code"] == 0 and answer["status"] == "solved" and answer["unique"] is True
    assert futomip.verify(futomip.load(SAMPLE), answer["solution"]) == []
    assert answer["reduction"]["fixed"] == answer["reduction"]["cells"] and answer["stats"] is None
    assert report["loaded"] == [], report["loaded"]
    lp = tmp_path / "sample.lp"
    assert main([str(SAMPLE), "--write-lp", str(lp), "-q"]) == 0
    assert lp.stat().st_size > 1000


def test_all_on_an_infeasible_puzzle_leaves_unique_null(capsys):
    """`--all` on a puzzle without a solution said `"unique": false` (as if another solution
    existed); there is no solution, so uniqueness does not apply: null, as `--unique` says."""
    conflict = str(Path(__file__).resolve().parent.parent / "docs" / "pictures" / "conflict-7x7.txt")
    for option in ("--all", "--unique"):
        assert main([conflict, option, "--json"]) == 1
        data = json.loads(capsys.readouterr().out)
        assert data["status"] == "infeasible" and data["unique"] is None


def test_help_lists_every_backend_and_solver(capsys):
    """`futomip solve --help` listed highspy, pulp, pyomo and no cpsat, though ortools/cpsat is
    the measured default of several kinds: the lists now come from the registries."""
    from futomip.solvers import BACKEND_MODULES, SOLVER_NAMES

    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"modelling layer: {', '.join(BACKEND_MODULES)}" in text and "ortools" in text
    assert ", ".join(SOLVER_NAMES) in text and "cpsat" in text


def test_an_os_error_names_its_file(monkeypatch, capsys):
    """An OS error no command turned into its own message printed Python's "[Errno 5]
    Input/output error: 'x'"; it reads "x: Input/output error", as the other file errors do."""
    import errno

    import futomip.io

    def refuse(path, *args, **kwargs):
        raise OSError(errno.EIO, "Input/output error", path)

    monkeypatch.setattr(futomip.io, "read", refuse)
    monkeypatch.setattr(futomip.io, "load", refuse, raising=False)
    assert main(["solve", str(SAMPLE)]) == 2
    err = capsys.readouterr().err
    assert f"futomip: error: {SAMPLE}: Input/output error" in err and "Errno" not in err
