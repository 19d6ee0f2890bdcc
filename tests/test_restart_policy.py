"""The Latin split search's restart policy (``futomip.options.Restarts``): one value per
command, carried in ``Options`` from the CLI and the API down to the search, checked when
made, and no state shared between two solves of one process.
"""

from __future__ import annotations

import json

import pytest

import futomip
from futomip import compiled, io
from futomip.cli import main
from futomip.errors import UsageError
from futomip.methods.default import pinned
from futomip.options import Options, Restarts
from futomip.puzzles import verify
from futomip.reduction import latin_core, latin_portfolio, latin_split

HARD = "data/futoshiki/hard9/hard9-seed101.txt"


@pytest.mark.parametrize("text, policy", [("off", Restarts()), ("plain", Restarts("plain", 100)),
                                          ("lp:7", Restarts("lp", 7)), (" portfolio:1 ", Restarts("portfolio", 1))])
def test_restart_policies_parse_from_their_text_and_back(text, policy):
    """``KIND[:FAILURES]`` gives the policy it names (the unit 100 when left out), and a
    policy's text parses back to the same policy."""
    assert Restarts.parse(text) == policy == Options(restarts=text).restarts
    assert Restarts.parse(str(policy)) == policy


@pytest.mark.parametrize("value", ["sometimes", "lp:0", "lp:-3", "portfolio:many", "lp:1.5", 5, ("lp", 1)])
def test_a_bad_restart_policy_is_a_usage_error_naming_what_is_accepted(value):
    """A kind that does not exist, a failure unit that is not a whole number >= 1, or a value
    of another type is a ``UsageError`` before anything runs, saying what would be accepted."""
    with pytest.raises(UsageError, match=r"restarts|failure unit") as raised:
        Options(restarts=value)
    assert "lp:100" in str(raised.value) or "off, plain, lp, portfolio" in str(raised.value)
    with pytest.raises(UsageError):
        futomip.solve(io.read(HARD)[0], restarts=value)


def test_the_command_line_refuses_a_bad_restart_policy_with_exit_2(capsys):
    """``--restarts`` with an unknown kind or a zero unit ends with exit code 2 and a line
    naming the option and what it accepts, before the file is read."""
    for value in ("often", "lp:0"):
        with pytest.raises(SystemExit) as ended:
            main([HARD, "--restarts", value])
        assert ended.value.code == 2
        assert "argument --restarts" in capsys.readouterr().err


def test_a_restart_policy_pins_the_milp():
    """Like --schedule, --restarts names a part of the MILP pipeline (the split search), so the
    measured-defaults route keeps the MILP."""
    assert "--restarts" in pinned(Options(restarts="portfolio"))
    assert "--restarts" not in pinned(Options())


def _solve(puzzle, restarts):
    return futomip.solve(puzzle, backend="highspy", solver="highs", reduce="split", schedule="search",
                         restarts=restarts)


def _searched(result) -> tuple[int, int, str]:
    search = result.reduction["search"]
    return search["restarts"], search["nodes"], search["restart_policy"]


def test_each_solve_searches_with_its_own_policy(monkeypatch):
    """In one process, a hard 9x9 solved with the portfolio restarting after every failure (x
    Luby), then with restarts off, then with the portfolio again: the policy each solve asked
    for is the one its search reports, the first and third searches restart alike (the seeded
    runs reproduce), the second never restarts, and every grid is verified."""
    if not compiled.compiled():
        pytest.skip("restarts are the compiled search's (FUTOMIP_COMPILE=0 keeps the Python search, without them)")
    monkeypatch.setattr(latin_core, "COMPILE_AFTER", 0.0)  # the compiled search from the first node
    puzzle = io.read(HARD)[0]
    results = [_solve(puzzle, policy) for policy in ("portfolio:1", "off", Restarts("portfolio", 1))]
    for result in results:
        assert result.status == "solved" and verify(puzzle, result.grid) == []
    first, off, again = map(_searched, results)
    assert first[2] == again[2] == "portfolio:1" and off[2] == "off"
    assert first[0] >= 1 and first == again
    assert off[0] == 0


def test_the_lp_policy_restarts_the_lp_ordered_search_through_the_api(monkeypatch):
    """``restarts="lp:1"`` reaches the search: after the root LP orders it, it restarts, and the
    grid is the verified solution."""
    if not compiled.compiled():
        pytest.skip("the LP order is the compiled search's")
    monkeypatch.setattr(latin_core, "COMPILE_AFTER", 0.0)
    puzzle = io.read(HARD)[0]
    result = _solve(puzzle, "lp:1")
    restarts, _, policy = _searched(result)
    assert result.status == "solved" and verify(puzzle, result.grid) == []
    assert policy == "lp:1" and restarts >= 1


def test_an_unused_policy_says_so():
    """Restarts asked for where no split search runs (--reduce lines) are reported as unused,
    with the level that would use them."""
    result = futomip.solve(io.read(HARD)[0], backend="highspy", solver="highs", reduce="lines", restarts="lp")
    assert result.status == "solved"
    assert "restarts lp:100 unused" in result.message and "--reduce split" in result.message


def test_no_restart_switch_is_left_in_the_modules():
    """The restart settings live only in ``Options``: the search modules hold no process-wide
    switch for them any more (the constants a docs example once left set for the whole suite)."""
    for module, name in ((latin_split, "RESTART_FAILURES"), (latin_split, "LP_RESTART_FAILURES"),
                         (latin_portfolio, "FAILURES")):
        assert not hasattr(module, name), f"{module.__name__}.{name} is back"


def test_batch_gives_each_job_the_restart_policy(tmp_path):
    """``futomip batch --restarts`` reaches every job's search: the record of a split Latin
    puzzle names the policy, and its grid is verified."""
    out = tmp_path / "runs.jsonl"
    assert main(["batch", HARD, "-o", str(out), "--restarts", "portfolio:3", "--reduce", "split",
                 "--pairs", "highspy/highs", "--jobs", "1", "-q"]) == 0
    record = json.loads(out.read_text().splitlines()[0])
    assert record["status"] == "solved" and record["reduction"]["search"]["restart_policy"] == "portfolio:3"
    assert verify(io.read(HARD)[0], tuple(map(tuple, record["solution"]))) == []


def test_a_schedule_without_a_split_says_it_is_unused():
    """--schedule orders the split's turns; with --reduce none the run says it had no effect."""
    from futomip.pipeline import Task, run

    puzzle = io.read("data/futoshiki.dat")[0]
    result = run(puzzle, Task("solve"), Options(reduce="none", schedule="sequential", backend="highspy",
                                                solver="highs"))
    assert result.solved and "schedule sequential unused" in result.message
    assert verify(puzzle, result.grid) == []


def test_a_latin_completion_restarts_in_the_lps_order_unless_told_otherwise():
    """With no --restarts, a Latin completion's search takes the kind's measured default
    (``options.DEFAULT_RESTARTS``: learn:100) and a Futoshiki's stays off; a policy given wins."""
    latin = io.read("data/latin/qcp/qcp-15-120-0_ext.mzn")[0]  # the reduction leaves a search
    default = futomip.solve(latin, backend="highspy", solver="highs")
    assert default.status == "solved" and verify(latin, default.grid) == []
    assert default.reduction["search"]["restart_policy"] == "learn:100" and "unused" not in default.message
    given = futomip.solve(latin, backend="highspy", solver="highs", restarts="off")
    assert given.reduction["search"]["restart_policy"] == "off" and given.grid == default.grid
    futoshiki = futomip.solve(io.read(HARD)[0], backend="highspy", solver="highs")
    assert futoshiki.reduction["search"]["restart_policy"] == "off"
    assert Options().restart_policy_for("latin") == Restarts("learn", 100)
    assert Options(restarts="plain").restart_policy_for("latin") == Restarts("plain", 100)
