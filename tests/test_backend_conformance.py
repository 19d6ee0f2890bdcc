"""Backend conformance: every (modelling layer, solver) pair answers small neutral models right.

In the manner of MathOptInterface's ``Test`` module: each test builds a ``LinearModel``
whose answer is known by construction and runs it through one pair's ``Session``, the
interface the pipeline uses.  Every available pair must pass; a pair that does not run here
is a visible skip with how to get it, and a test that needs a capability the pair does not
declare is skipped with that reason (and the refusal of such a request is tested instead).
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import futomip
from futomip.backends import backend_module
from futomip.errors import UnsupportedFeatureError, UsageError
from futomip.kinds import kind_of
from futomip.linear import Constraint, LinearModel
from futomip.options import Options
from futomip.solvers import check, check_request, solver as solver_named
from standalone import PROGRAMS, solve_with

from conftest import DATA, require_pair

SOLVED, INFEASIBLE, TIME_LIMIT = "solved", "infeasible", "time_limit"


def _open(pair, model: LinearModel, **options):
    backend, solver = pair
    return backend_module(backend).open_session(model, solver_named(solver), Options(backend, solver, **options))


def _capabilities(pair):
    return check(*pair).capabilities


def _needs(pair, capability: str):
    if not getattr(_capabilities(pair), capability):
        pytest.skip(f"{pair[0]}/{pair[1]} does not declare {capability}")


def _one_of_three() -> LinearModel:
    """x0 + x1 + x2 == 1 and x0 == 0 and x1 <= 0: only x2 = 1 remains."""
    model = LinearModel("one_of_three")
    x = model.binaries("x", range(3))
    model.add("pick", (), [(x[0], 1), (x[1], 1), (x[2], 1)], "==", 1)
    model.add("not_first", (), [(x[0], 1)], "==", 0)
    model.add("not_second", (), [(x[1], 2)], "<=", 0)
    return model


def _choose_two_of_four() -> LinearModel:
    """Exactly two of four columns: six solutions."""
    model = LinearModel("two_of_four")
    x = model.binaries("x", range(4))
    model.add("pick", (), [(x[j], 1) for j in range(4)], "==", 2)
    return model


def _market_split(rows: int = 4, columns: int = 40, seed: int = 1) -> LinearModel:
    """A Cornuejols-Dawande market split: sum_j a_ij x_j = floor(sum_j a_ij / 2) with random
    a_ij in 0..99.  Its LP relaxation is feasible and branch and bound, CP search and cuts all
    need far more than a second on 4 x 40 (the instances were made to be hard)."""
    rng = random.Random(seed)
    model = LinearModel("market_split")
    x = model.binaries("x", range(columns))
    for i in range(rows):
        a = [rng.randrange(100) for _ in range(columns)]
        model.add("split", (i,), [(x[j], a[j]) for j in range(columns)], "==", sum(a) // 2)
    return model


def test_feasible_model_gives_its_only_point(pair):
    """The one feasible point of a small model comes back, rounded to 0/1."""
    session = _open(pair, _one_of_three())
    raw = session.solve(30)
    assert raw.status == SOLVED, raw.message
    assert [round(v) for v in raw.values] == [0, 0, 1]


def test_a_column_in_no_row_comes_back_within_its_bounds(pair):
    """A column no row names (a sub-puzzle of ``--explain`` whose line lost its clue) is left out
    of what PuLP and Pyomo hand the solver; it came back without a value, and the solve ended
    as an error (PuLP) or a KeyError (Pyomo's persistent solvers) (QA, twenty-sixth session)."""
    model = _one_of_three()
    model.binaries("free", range(2))
    raw = _open(pair, model).solve(30)
    assert raw.status == SOLVED, raw.message
    assert [round(v) for v in raw.values[:3]] == [0, 0, 1] and all(v in (0, 1) for v in map(round, raw.values[3:]))


def test_infeasible_model_is_infeasible(pair):
    """Rows that contradict each other give ``infeasible``, not an error or a point."""
    model = _one_of_three()
    model.add("contradiction", (), [(2, 1)], "==", 0)
    raw = _open(pair, model).solve(30)
    assert raw.status == INFEASIBLE, raw.message


def test_rows_added_after_a_solve_count(pair):
    """No-good rows added after each solve remove exactly the points found: all six
    two-of-four points are found once each, then the model is infeasible."""
    model = _choose_two_of_four()
    session = _open(pair, model)
    found = []
    for number in range(7):
        raw = session.solve(30)
        if raw.status != SOLVED:
            break
        point = tuple(round(v) for v in raw.values)
        found.append(point)
        ones = [j for j, v in enumerate(point) if v]
        session.add_constraint(Constraint(f"exclude({number})", tuple((j, 1.0) for j in ones), "<=", 1,
                                          "exclude", (number,)))
    assert raw.status == INFEASIBLE, raw.message
    assert len(found) == 6 and len(set(found)) == 6 and all(sum(p) == 2 for p in found)


def test_time_limit_on_a_hard_model(pair):
    """A market-split model given 1 s ends as ``time_limit`` within a few seconds."""
    session = _open(pair, _market_split())
    start = time.perf_counter()
    raw = session.solve(1.0)
    elapsed = time.perf_counter() - start
    assert raw.status == TIME_LIMIT, raw.message
    # Solver programs need a moment to start and stop; the watchdog ends overruns at 1.2 s.
    assert elapsed < 6, f"a 1 s limit took {elapsed:.1f} s"


def test_stopping_a_solver_program_spares_other_children(pair):
    """Cancelling a pair that runs its solver as a program ends that program only: a child
    process that existed before the solve (a race's fork server, say) lives on."""
    _needs(pair, "own_process")
    if not Path("/proc").is_dir():
        pytest.skip("reads /proc")
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        session = _open(pair, _market_split())
        threading.Timer(1.5, session.cancel).start()
        start = time.perf_counter()
        raw = session.solve(None)
        assert raw.status == TIME_LIMIT and time.perf_counter() - start < 10, raw.message
        # Read /proc rather than poll(): a wrong cancel may also have reaped the bystander.
        stat = Path(f"/proc/{bystander.pid}/stat")
        assert stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z", \
            "the cancel ended a process that was not the solver's"
    finally:
        bystander.kill()
        bystander.wait()


def test_objective_is_minimised(pair):
    """min x0 + 2 x1 + 3 x2 subject to x0 + x1 + x2 >= 2 picks x0 and x1."""
    model = LinearModel("objective")
    x = model.binaries("x", range(3))
    model.add("cover", (), [(x[j], 1) for j in range(3)], ">=", 2)
    model.minimize([(x[0], 1), (x[1], 2), (x[2], 3)])
    raw = _open(pair, model).solve(30)
    assert raw.status == SOLVED, raw.message
    assert [round(v) for v in raw.values] == [1, 1, 0]


def test_seed_is_taken_and_repeatable(pair):
    """A pair that takes a seed solves with it, and the same seed gives the same point again."""
    _needs(pair, "seed")
    model = _choose_two_of_four()
    first = _open(pair, model, seed=7).solve(30)
    second = _open(pair, model, seed=7).solve(30)
    assert first.status == SOLVED == second.status
    assert [round(v) for v in first.values] == [round(v) for v in second.values]


@pytest.mark.parametrize("request_name,options,writes", [
    ("seed", {"seed": 3}, ()),
    ("threads", {"threads": 4}, ()),
    ("solver_options", {"solver_options": (("some_option", "1"),)}, ()),
    ("write_lp", {}, ("lp",)),
    ("write_mps", {}, ("mps",)),
])
def test_a_request_the_pair_cannot_honour_is_refused(pair, request_name, options, writes):
    """A pair that does not declare a capability refuses the request up front, naming pairs that can."""
    if getattr(_capabilities(pair), request_name):
        pytest.skip(f"{pair[0]}/{pair[1]} declares {request_name}")
    with pytest.raises(UnsupportedFeatureError, match="use a pair that can"):
        check_request(check(*pair), Options(*pair, **options), writes)


def test_empty_rows_are_decided_without_the_solver(pair):
    """A true empty row is ignored and a false one makes the model infeasible on every pair."""
    model = _one_of_three()
    model.add("empty_true", (), [], "<=", 1)
    raw = _open(pair, model).solve(30)
    assert raw.status == SOLVED and [round(v) for v in raw.values] == [0, 0, 1]
    model.add("empty_false", (), [], ">=", 1)
    assert _open(pair, model).solve(30).status == INFEASIBLE


@functools.cache
def _formulation_names() -> frozenset[str]:
    """Every column and row name of a formulation of one bundled puzzle of each kind and encoding."""
    names: set[str] = set()
    for path in [DATA / "futoshiki.dat", DATA / "str8ts/seeds/blog-sample.txt",
                 DATA / "nonogram/seeds/notebook-sample.pattern"]:
        puzzle = futomip.load(path)
        module = kind_of(puzzle).model_module()
        for encoding in module.ENCODINGS:
            model = module.formulate(puzzle, encoding).model
            names.update(model.var_names)
            names.update(con.name for con in model.constraints)
    return frozenset(names)


def _named_model() -> tuple[LinearModel, list[str]]:
    """A model whose column and row names use every character the formulations use; its
    only point sets the column ``x(1,2,3)`` (and no other) to 1."""
    alphabet = sorted(set("".join(_formulation_names())))
    model = LinearModel("names")
    x = model.binaries("x", [(1, 2, 3), (2, 3, 1)])
    text = "".join(alphabet)
    names_family = model.binaries("every_char", [text])
    model.add("pick", (1, 2), [(x[1, 2, 3], 1), (x[2, 3, 1], 1)], "==", 1)
    model.add("less_than", (1, 2, 1, 3, 4), [(x[2, 3, 1], 1)], "<=", 0)
    model.add(f"row_{text}", (), [(names_family[text], 1), (x[1, 2, 3], 1)], "==", 2)
    return model, alphabet


def test_names_with_every_formulation_character_survive_a_solve(pair):
    """Column and row names with every character the formulations use do not upset a pair."""
    model, alphabet = _named_model()
    assert {"(", ")", ",", "_"} <= set(alphabet)
    raw = _open(pair, model).solve(30)
    assert raw.status == SOLVED, raw.message
    assert [round(v) for v in raw.values] == [1, 0, 1]


@pytest.mark.parametrize("program", sorted(PROGRAMS))
@pytest.mark.parametrize("file_format", ["lp", "mps"])
def test_written_files_are_read_back_by_standalone_programs(pair, file_format, program, tmp_path):
    """The pair's LP/MPS file of the named model, solved by highs, cbc or glpsol, gives its only point."""
    _needs(pair, f"write_{file_format}")
    model, _ = _named_model()
    session = _open(pair, model)
    path = tmp_path / f"model.{file_format}"
    session.write(str(path), file_format)
    values = solve_with(program, path, tmp_path)
    ones = {name for name, value in values.items() if round(value) == 1}
    # Pyomo writes x(1_2_3) for x(1,2,3) (its own symbol rules); writers add a constant
    # column of their own (PuLP's __dummy, Pyomo's ONE_VAR_CONSTANT).
    assert {name.replace("_", ",") for name in ones if name.startswith("x(")} == {"x(1,2,3)"}
    assert len([name for name in ones if name.startswith("every_char")]) == 1


def test_solver_options_reach_the_solver(pair):
    """A pair that takes solver options solves with a harmless one in the solver's own vocabulary."""
    _needs(pair, "solver_options")
    harmless = {"highs": ("mip_rel_gap", "0"), "cbc": ("cuts", "off"), "glpk": ("cuts", ""),
                "scip": ("limits/gap", "0"), "cpsat": ("linearization_level", "2"),
                "gurobi": ("MIPGap", "0"), "cplex": ("mip.tolerances.mipgap", "0")}[pair[1]]
    session = _open(pair, _one_of_three(), solver_options=(harmless,))
    raw = session.solve(30)
    assert raw.status == SOLVED and [round(v) for v in raw.values] == [0, 0, 1], raw.message


@pytest.mark.parametrize("backend", ["pulp", "pyomo"])
def test_a_solver_stopped_by_its_own_limit_proves_nothing(backend):
    """SCIP stopped by ``limits/solutions=0`` before its first solution, on a feasible model:
    an error that says so, never "infeasible" (PuLP files that stop's solution status under
    infeasible, which futomip once took as a proof)."""
    require_pair(backend, "scip")
    for model in (_one_of_three(), _choose_two_of_four()):
        raw = _open((backend, "scip"), model, solver_options=(("limits/solutions", "0"),)).solve(30)
        assert raw.status not in (INFEASIBLE, SOLVED), (raw.status, raw.message)
        assert "infeasib" not in (raw.message or "") or "no proof" in raw.message, raw.message


@pytest.mark.parametrize("backend", ["pulp", "highspy"])
def test_highs_stopped_by_its_node_limit_says_so(backend):
    """HiGHS stopped by ``mip_max_nodes=0`` on a 9x9 it cannot settle at the root: an error
    in words on both layers (PuLP's table of HiGHS statuses lacks that one, which surfaced as
    ``KeyError: <HighsModelStatus.kSolutionLimit: 16>``), never "infeasible"."""
    require_pair(backend, "highs")
    puzzle = futomip.load(DATA / "futoshiki" / "hard9" / "hard9-seed100.txt")
    result = futomip.solve(puzzle, options=Options(backend, "highs", reduce="none",
                                                   solver_options=(("mip_max_nodes", "0"),)))
    assert result.status in ("error", "solved"), (result.status, result.message)
    assert "KeyError" not in (result.message or ""), result.message
    if result.status == "solved":
        assert futomip.verify(puzzle, result.grid) == []


@pytest.mark.parametrize("solver", ["highs", "scip", "cpsat"])
def test_unknown_solver_option_is_refused_with_the_valid_names(solver):
    """A solver that can list its options refuses an unknown name, suggesting close ones and
    naming the command that lists every valid one (these lists are 100-2,700 names long)."""
    found = solver_named(solver)
    try:
        names = found.option_names()
    except ImportError as exc:
        pytest.skip(f"{solver} is not installed here ({exc})")
    real = {"highs": "mip_rel_gap", "scip": "limits/gap", "cpsat": "linearization_level"}[solver]
    assert real in names
    with pytest.raises(UsageError) as caught:
        found.check_options([(real + "x", "1")])
    message = str(caught.value)
    assert f"did you mean {real}" in message and names[-1] not in message
    assert f"`futomip solvers --options {solver}` lists its {len(names)} options" in message


@pytest.mark.parametrize("solver,name,value", [("highs", "mip_rel_gap", "lots"), ("cpsat", "num_workers", "two"),
                                               ("cpsat", "search_branching", "SIDEWAYS"), ("scip", "limits/gap", "x")])
def test_solver_option_of_the_wrong_type_is_refused(solver, name, value):
    """A known option with a value of the wrong type is refused before any solve."""
    found = solver_named(solver)
    try:
        found.option_names()
    except ImportError as exc:
        pytest.skip(f"{solver} is not installed here ({exc})")
    with pytest.raises(UsageError, match=name):
        found.check_options([(name, value)])


@pytest.mark.parametrize("solver,name,value,words", [
    ("cpsat", "max_time_in_seconds", "-5", "must be non-negative"),
    ("cpsat", "num_workers", "-3", "should be in [0,10000]"),
    ("glpk", "tmlim", "abc", "takes a whole number (nnn), not 'abc'")])
def test_solver_option_out_of_the_solvers_range_is_refused(solver, name, value, words):
    """A value of the right type that the solver refuses (CP-SAT's ranges, glpsol's numbers)
    is refused before any solve, in the solver's words (it surfaced as MODEL_INVALID or as
    "Error while trying to execute glpsol")."""
    require_pair("ortools" if solver == "cpsat" else "pulp", solver)  # a visible skip, also when hidden
    found = solver_named(solver)
    with pytest.raises(UsageError) as caught:
        found.check_options([(name, value)])
    assert words in str(caught.value)


def test_highspy_and_cpsat_share_a_process():
    """highspy and OR-Tools' CP-SAT are imported and solve in one process, in either order
    (why CP-SAT runs in-process: futomip.solvers.cpsat)."""
    require_pair("ortools", "cpsat")
    code = (
        "import futomip\n"
        "p = futomip.load(%r)\n"
        "for solver in %r:\n"
        "    r = futomip.solve(p, solver=solver)\n"
        "    assert r.status == 'solved', (solver, r.message)\n"
        "print('ok')\n"
    )
    for order in (("highs", "cpsat", "highs"), ("cpsat", "highs", "cpsat")):
        done = subprocess.run([sys.executable, "-c", code % (str(DATA / "futoshiki.dat"), order)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]


class _BrokenPointSession:
    """A session whose solver "solves" with a point that breaks the model's rows, after
    ``delay`` seconds (what PuLP reads from a CBC stopped on time with only LP values)."""

    @staticmethod
    def make(delay: float):
        from futomip.backends.base import RawSolution, Session

        class Broken(Session):
            backend = "highspy"

            def _add(self, con):
                pass

            def _solve(self, time_limit):
                time.sleep(delay)
                return RawSolution(SOLVED, [1.0, 1.0, 1.0])

            def write(self, path, file_format):
                pass

        return Broken(_one_of_three(), solver_named("highs"), Options())


def test_a_broken_point_at_the_time_limit_is_no_answer_and_otherwise_an_error():
    """A point that breaks rows is a time limit when the solve ran to its limit, and an
    error (a solver bug) when it did not; never a solution."""
    assert _BrokenPointSession.make(0.3).solve(0.3).status == TIME_LIMIT
    raw = _BrokenPointSession.make(0.0).solve(30)
    assert raw.status == "error" and "breaks rows" in raw.message
