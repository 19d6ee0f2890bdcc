"""The second search path on the free core (``futomip.pipeline.second_search``): which worker
the finder starts, and that uniqueness proofs and enumeration stay exact when the second path
answers (brute force on small nonograms, every grid checked by the verifier)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_reduction_nonogram import _all_solutions
from test_schedule import _enumerate, worker_first  # noqa: F401 - a fixture: the worker starts at once, the search idles

import futomip
import futomip.io
from futomip.options import Deadline, Options
from futomip.pipeline import schedule, whole_model
from futomip.pipeline.finder import SolutionFinder
from futomip.pipeline.second_search import SecondSearchWorker
from futomip.puzzles.nonogram import from_grid
from futomip.reduction import nonogram_split, reduce, split
from futomip.solvers import check

SEED = futomip.io.load(Path(__file__).resolve().parent.parent / "data" / "nonogram" / "seeds" / "notebook-sample.pattern")

pytestmark = pytest.mark.skipif(not whole_model.available("highspy", "highs"), reason="needs the fork start method")


def test_side_by_side_with_highs_the_worker_is_a_second_search_path(worker_first):
    """Nonogram, HiGHS, a free core: the worker runs the second path, it answers first, and
    --all still gives each of the seed Pattern's 10 solutions once and proves there are no more."""
    worker_first["limit"] = 200
    found, status, summary = _enumerate(SEED, Options("highspy", "highs", reduce="split", schedule="parallel"))
    assert all(futomip.puzzles.verify(SEED, grid) == [] for grid in found)
    assert status == "infeasible" and len(found) == 10 and set(found) == set(_all_solutions(SEED))
    assert summary["worker"] == "search" and summary["answers"]["solver"] >= 1


def test_the_second_path_answers_first_and_is_named_so(worker_first):
    """The JSON ``schedule`` says which side answered: "second search" for the worker's path."""
    worker_first["limit"] = 10_000
    finder = SolutionFinder(SEED, Options("highspy", "highs", reduce="split", schedule="parallel"), Deadline(30))
    try:
        status, grid = finder.next_solution()
        summary = finder.result(status, grid).schedule
    finally:
        finder.close()
    assert status == "solved" and futomip.puzzles.verify(SEED, grid) == []
    assert summary["answered_by"] == "second search" and summary["worker"] == "search"


@pytest.mark.parametrize("mode", ["sequential", "solver"])
def test_in_turns_or_alone_the_worker_is_the_whole_model(mode):
    """On one core two search paths would halve each other's speed: in turns (and with
    ``--schedule solver``) the worker stays the solver on the whole model."""
    finder = SolutionFinder(SEED, Options("highspy", "highs", reduce="split", schedule=mode), Deadline(30))
    try:
        assert type(finder.worker) is whole_model.WholeModelWorker and finder.turns.worker == "model"
    finally:
        finder.close()


@pytest.mark.skipif(not check("ortools", "cpsat").available, reason="needs ortools: pip install futomip[cpsat]")
def test_cpsat_keeps_the_whole_model_on_the_free_core():
    """CP-SAT on the whole probed model is strong on nonograms (issue 21): it keeps the core."""
    finder = SolutionFinder(SEED, Options("ortools", "cpsat", reduce="split", schedule="parallel"), Deadline(30))
    try:
        assert type(finder.worker) is whole_model.WholeModelWorker
    finally:
        finder.close()


def _worker_answers(puzzle, cuts_per_request):
    """Drive the worker a finder made directly: one request per entry of ``cuts_per_request``
    (grids the finder "found" meanwhile), the answers in order."""
    finder = SolutionFinder(puzzle, Options("highspy", "highs", reduce="split", schedule="parallel"), Deadline(30))
    worker, found = finder.worker, finder.found
    assert isinstance(worker, SecondSearchWorker)
    assert worker.split.restart_conflicts == nonogram_split.SECOND_PATH_RESTART_CONFLICTS
    answers = []
    try:
        for cuts in cuts_per_request:
            found.extend(cuts)
            worker.resume()
            answer = None
            while answer is None:
                answer = worker.poll(1.0)
            answers.append(answer)
            if answer[0] == "solved":
                found.append(answer[1])
    finally:
        finder.close()
    return answers


def test_the_worker_never_answers_a_grid_found_elsewhere_and_its_no_is_exact():
    """Given all but one solution as found, the worker (either of its sides) answers the last
    one; told of all of them, it answers "infeasible": no other solution."""
    solutions = _all_solutions(SEED)
    answers = _worker_answers(SEED, [solutions[:-1], []])
    assert answers[0][0] == "solved" and tuple(map(tuple, answers[0][1])) == tuple(solutions[-1])
    assert answers[1] == ("infeasible", None)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(size=st.integers(5, 7), picture=st.randoms(use_true_random=False),
       idle_turns=st.sampled_from([0, 3, 10_000]))
def test_enumeration_with_the_second_path_is_like_brute_force(size, picture, idle_turns):
    """Random half-black pictures that probing leaves open (a third of them): with the search
    in this process idle for its first 0, 3 or all turns (so that either path, or both in
    turn, answer), --all gives exactly the brute-force solutions, each once and verified."""
    puzzle = from_grid(tuple(tuple(int(picture.random() < 0.5) for _ in range(size)) for _ in range(size)))
    assume(split(puzzle, reduce(puzzle, "probing")) is not None)
    expected = set(_all_solutions(puzzle))
    idle = {"turns": 0}
    original = SolutionFinder.step

    def idle_step(self, until):
        if idle["turns"] < idle_turns:
            idle["turns"] += 1
            time.sleep(max(0.0, until - time.perf_counter()))
            return None
        return original(self, until)

    saved = schedule.FIRST_TURN, SolutionFinder.step
    schedule.FIRST_TURN, SolutionFinder.step = 0.0, idle_step
    try:
        found, status, summary = _enumerate(puzzle, Options("highspy", "highs", reduce="split", schedule="parallel"))
    finally:
        schedule.FIRST_TURN, SolutionFinder.step = saved
    assert all(futomip.puzzles.verify(puzzle, grid) == [] for grid in found)
    assert summary["worker"] == "search"
    assert status == "infeasible" and len(found) == len(expected) and set(found) == expected
    if idle_turns == 10_000:
        assert summary["answers"]["search"] == 0  # the second path found every grid and proved the end


def test_the_probing_search_offers_no_second_path(monkeypatch):
    """Only the learning search's leaves are grids: the probing search has no second path."""
    monkeypatch.setattr(nonogram_split, "ENGINE", "probing")
    search = split(SEED, reduce(SEED, "probing"))
    assert search is not None and search.another_path() is None


def test_a_worker_silent_past_the_deadline_counts_as_given_up():
    """A worker that has not answered ``LATE`` seconds after the command's deadline (a solve
    ending late by its own limit, or frozen while its clock ran on) gives up, so the command
    answers within its limit; before the deadline silence is only "no answer yet"."""
    import multiprocessing

    quiet, _other_end = multiprocessing.Pipe()
    late = whole_model.WholeModelWorker(None, None, "", None, None, time.perf_counter() - 1.0, [])
    late.connection = quiet
    assert late.poll(0.01) == schedule.GAVE_UP
    early = whole_model.WholeModelWorker(None, None, "", None, None, time.perf_counter() + 60.0, [])
    early.connection = quiet
    assert early.poll(0.01) is None


WORKERS_ENDED_AT_ONCE = """
import os, signal, time
from futomip import stopping
from futomip.pipeline.whole_model import WholeModelWorker

class Idle(WholeModelWorker):
    def _serve(self, connection):
        time.sleep(5)

stopping.install_signal_handlers()
for _ in range(200):
    worker = Idle(None, None, "", None, None, None, [])
    worker._start()
    os.kill(worker.pid, signal.SIGTERM)  # as SecondSearchWorker.close asks its worker to end
    os.waitpid(worker.pid, 0)
    worker.connection.close()
time.sleep(0.3)  # time for the watchdog to read its wake-up pipe
print("alive", stopping._requested)
"""


def test_a_worker_asked_to_end_right_after_its_fork_does_not_end_the_command():
    """A SIGTERM that reached a worker before it had its own handlers ran the command's
    handler there and wrote to the command's wake-up pipe, shared after the fork: the
    command's watchdog took it for its own and ended the command with 143 (a TAAI batch,
    two runs in six, with the second search's worker closed as soon as it was started).
    200 workers asked to end at once, in a process with the CLI's handlers."""
    done = subprocess.run([sys.executable, "-c", WORKERS_ENDED_AT_ONCE], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "alive None", (done.returncode, done.stderr[-2000:])
