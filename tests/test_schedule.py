"""The schedule between the split search and the solver on the whole model
(``futomip.pipeline.schedule``, ``futomip.pipeline.whole_model``).

The guarantee is checked on synthetic sides whose times the test sets, against a fake clock
(no real timing): taking turns, the answer comes within 2x the faster side plus one turn and
one step; side by side, within the faster side plus one turn and two steps.  Exactness is
checked with real solvers against brute force: whichever side answers, --unique and --all give
exactly the brute-force solutions, and the worker process is reaped with its group.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import latin_completion, nonogram_grids
from test_reduction_latin import _brute_force
from test_reduction_nonogram import _all_solutions

import futomip
import futomip.io
from futomip.options import Deadline, Options
from futomip.pipeline import schedule, whole_model
from futomip.pipeline.finder import SolutionFinder
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.nonogram import from_grid
from futomip.solvers import check

SEED = futomip.io.load(Path(__file__).resolve().parent.parent / "data" / "nonogram" / "seeds" / "notebook-sample.pattern")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Search:
    """A search that needs ``need`` seconds in steps of ``step`` seconds (it pauses only
    between steps, so a turn may overrun by up to one step); ``give_up``: it ends without an
    answer after that much work."""

    def __init__(self, clock: Clock, need: float, step: float, give_up: float | None = None) -> None:
        self.clock, self.need, self.step_seconds, self.give_up = clock, need, step, give_up
        self.done = 0.0

    def step(self, until: float):
        while True:
            if self.give_up is not None and self.done >= self.give_up:
                return schedule.GAVE_UP
            if self.done >= self.need:
                return ("solved", "search")
            if self.clock.now >= until:
                return None
            work = min(self.step_seconds, self.need - self.done)
            self.clock.now += work
            self.done += work


class Solver:
    """A solver that needs ``need`` seconds of running time; it runs only between ``resume``
    and ``pause``: while this process waits in ``poll`` (taking turns) or while the search
    works (side by side, ``parallel``)."""

    def __init__(self, clock: Clock, need: float, parallel: bool) -> None:
        self.clock, self.need, self.parallel = clock, need, parallel
        self.running_since: float | None = None
        self.done = 0.0

    def resume(self) -> None:
        assert self.running_since is None
        self.running_since = self.clock.now

    def pause(self) -> None:
        if self.running_since is not None:
            self.done += self.clock.now - self.running_since
            self.running_since = None

    def poll(self, timeout: float):
        assert self.running_since is not None, "polled while frozen"
        ran = self.done + self.clock.now - self.running_since
        if ran >= self.need:
            return ("solved", "solver")
        wait = min(timeout, self.need - ran)
        self.clock.now += wait
        return ("solved", "solver") if ran + wait >= self.need else None


class SearchWhileFrozen(Search):
    """Taking turns, the search must never run while the solver runs."""

    def __init__(self, solver_box: list, *args) -> None:
        super().__init__(*args)
        self.solver_box = solver_box

    def step(self, until: float):
        assert self.solver_box[0].running_since is None, "the search ran while the solver ran"
        return super().step(until)


times = st.floats(min_value=0.0, max_value=30.0)
steps = st.floats(min_value=1e-4, max_value=0.2)


@settings(max_examples=300, deadline=None)
@given(search_need=times, solver_need=times, step=steps)
def test_taking_turns_answers_within_twice_the_faster_side(search_need, solver_need, step):
    """Sequential: the answer comes by 2 * min(T_search, T_solver) + one turn + one step, and
    the two sides never run at once."""
    clock = Clock()
    box: list = []
    solver = Solver(clock, solver_need, parallel=False)
    box.append(solver)
    search = SearchWhileFrozen(box, clock, search_need, step)
    answer, turns = schedule.run("sequential", search, solver, clock)
    assert answer is not None
    assert clock.now <= 2 * min(search_need, solver_need) + schedule.QUANTUM + step + 1e-9
    assert abs(turns.search_seconds + turns.solver_seconds - clock.now) < 1e-9
    assert answer[1] == turns.answered_by


@settings(max_examples=300, deadline=None)
@given(search_need=times, solver_need=times, step=steps)
def test_side_by_side_answers_within_the_faster_side_plus_one_turn(search_need, solver_need, step):
    """Parallel: the answer comes by min(T_search, T_solver + the search's first turn) + one
    turn + two steps."""
    clock = Clock()
    solver = Solver(clock, solver_need, parallel=True)
    search = Search(clock, search_need, step)
    answer, turns = schedule.run("parallel", search, solver, clock)
    assert answer is not None
    bound = min(search_need, solver_need + schedule.FIRST_TURN) + schedule.QUANTUM + 2 * step
    assert clock.now <= bound + 1e-9


@pytest.mark.parametrize("mode", ["sequential", "parallel"])
def test_a_side_that_gives_up_leaves_the_other_to_answer(mode):
    """A search that ends without an answer (out of time) does not end the run: the solver answers."""
    clock = Clock()
    answer, turns = schedule.run(mode, Search(clock, 10.0, 0.01, give_up=0.2), Solver(clock, 3.0, mode == "parallel"),
                                 clock)
    assert answer == ("solved", "solver") and turns.gave_up == ["search"]


def test_the_search_alone_runs_without_a_solver():
    """With no solver side (``--schedule search``) the search answers after its own time."""
    clock = Clock()
    answer, turns = schedule.run("sequential", Search(clock, 2.0, 0.01), None, clock)
    assert answer == ("solved", "search") and abs(clock.now - 2.0) < 1e-9 and turns.solver_seconds == 0


def test_choose_reads_the_cpu_pressure_where_the_kernel_reports_it(monkeypatch):
    """Where Linux reports CPU pressure, no waiting task means a free core and tasks waiting
    most of the time mean turns, whatever the load average says (it counts our own processes)."""
    cores = len(os.sched_getaffinity(0))
    monkeypatch.setenv(schedule.JOBS_VARIABLE, "1")
    monkeypatch.setattr(os, "getloadavg", lambda: (cores + 0.5, 0.0, 0.0))
    monkeypatch.setattr(schedule, "cpu_pressure", lambda: 0.0)
    assert schedule.choose(None) == ("parallel" if cores >= 2 else "sequential")
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    monkeypatch.setattr(schedule, "cpu_pressure", lambda: 95.0)
    assert schedule.choose(None) == "sequential"


def test_cpu_pressure_is_a_percentage_or_none():
    """The kernel's CPU pressure reads as a share in [0, 100], or None where it is not reported."""
    pressure = schedule.cpu_pressure()
    assert pressure is None or 0.0 <= pressure <= 100.0


def test_choose_counts_jobs_threads_and_load(monkeypatch):
    """A free core for the worker means parallel; batch jobs, solver threads and the machine's
    load (where the kernel reports no CPU pressure) use cores up."""
    cores = len(os.sched_getaffinity(0))
    monkeypatch.setattr(schedule, "cpu_pressure", lambda: None)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 0.5, 0.5))
    monkeypatch.setenv(schedule.JOBS_VARIABLE, "1")
    assert schedule.choose(None) == ("parallel" if cores >= 2 else "sequential")
    monkeypatch.setenv(schedule.JOBS_VARIABLE, str(cores))
    assert schedule.choose("auto") == "sequential"
    monkeypatch.setenv(schedule.JOBS_VARIABLE, "1")
    assert schedule.choose(None, threads=cores) == "sequential"
    assert schedule.choose("parallel", threads=cores) == "parallel"
    monkeypatch.setenv(schedule.JOBS_VARIABLE, "1")
    monkeypatch.setattr(os, "getloadavg", lambda: (cores + 0.5, 0.0, 0.0))
    assert schedule.choose(None) == "sequential"


class CountingSolver(Solver):
    """A solver side that counts how often it was resumed (a resume starts the worker)."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.resumes = 0

    def resume(self) -> None:
        self.resumes += 1
        super().resume()


@pytest.mark.parametrize("mode", ["sequential", "parallel"])
@settings(max_examples=100, deadline=None)
@given(first=st.floats(min_value=0.0, max_value=0.019), more=st.floats(min_value=0.0, max_value=0.5),
       step=st.floats(min_value=1e-4, max_value=0.005))
def test_the_first_turn_counts_over_the_calls_of_one_puzzle(mode, first, more, step):
    """A second call (uniqueness after the first answer) keeps the search alone until it has
    had FIRST_TURN seconds in all: the worker starts only after that, never when the search
    settles within it."""
    clock = Clock()
    solver = CountingSolver(clock, 100.0, mode == "parallel")
    search = Search(clock, first, step)
    turns = schedule.Turns(mode)
    answer, _ = schedule.run(mode, search, solver, clock, turns=turns)
    assert answer == ("solved", "search") and solver.resumes == 0
    search.need += more
    answer, _ = schedule.run(mode, search, solver, clock, turns=turns)
    assert answer == ("solved", "search")
    if search.done <= schedule.FIRST_TURN - 1e-9:
        assert solver.resumes == 0 and turns.solver_seconds == 0
    # Alone, the search may overrun its first turn by one step only.
    assert turns.first_search <= schedule.FIRST_TURN + step + 1e-9


def test_an_easy_enumeration_never_starts_the_worker():
    """--all on the bundled sample nonogram (its 10 solutions in milliseconds): every answer
    and the proof that none is left come from the search, and the worker is never started
    (no solver seconds, no fork); the solutions are exactly the brute-force ones."""
    if not whole_model.available("highspy", "highs"):
        pytest.skip("needs the fork start method")
    finder = SolutionFinder(SEED, Options("highspy", "highs", reduce="split"), Deadline(60))
    try:
        found = []
        while True:
            status, grid = finder.next_solution()
            if status != "solved":
                break
            assert futomip.verify(SEED, grid) == []
            found.append(grid)
            finder.exclude(grid)
        summary = finder.result(status).schedule
    finally:
        finder.close()
    assert status == "infeasible" and sorted(found) == sorted(_all_solutions(SEED))
    if summary is not None:
        assert summary["solver_seconds"] == 0 and summary["answers"]["solver"] == 0
    assert finder.worker is None or finder.worker.pid is None


# --- Exactness with real solvers -------------------------------------------------------------

PAIRS = [("highspy", "highs")] + ([("ortools", "cpsat")] if check("ortools", "cpsat").available else [])


@pytest.fixture
def worker_first(monkeypatch):
    """The worker starts at once, and the search does nothing for its first turns, so the solver
    on the whole model answers first (then the search takes over where the test wants)."""
    monkeypatch.setattr(schedule, "FIRST_TURN", 0.0)
    idle = {"turns": 0}
    original = SolutionFinder.step

    def slow_step(self, until):
        if idle["turns"] < idle.get("limit", 0):
            idle["turns"] += 1
            time.sleep(max(0.0, until - time.perf_counter()))
            return None
        return original(self, until)

    monkeypatch.setattr(SolutionFinder, "step", slow_step)
    return idle


def _enumerate(puzzle, options: Options) -> tuple[list, str, dict]:
    finder = SolutionFinder(puzzle, options, Deadline(60))
    found = []
    try:
        while True:
            status, grid = finder.next_solution()
            if status != "solved":
                break
            found.append(grid)
            finder.exclude(grid)
        summary = finder.result(status).schedule
    finally:
        finder.close()
    if finder.worker is not None:
        assert finder.worker.pid is None
    return found, status, summary


@pytest.mark.skipif(not whole_model.available("highspy", "highs"), reason="needs the fork start method")
@pytest.mark.parametrize("mode", ["sequential", "parallel"])
@pytest.mark.parametrize("backend,solver", PAIRS)
def test_solver_first_then_search_enumerates_exactly(worker_first, mode, backend, solver):
    """The whole-model worker finds the first solutions, the search the rest: --all still gives
    each of the seed Pattern's 10 brute-force solutions once and proves there are no more."""
    worker_first["limit"] = 40
    found, status, summary = _enumerate(SEED, Options(backend, solver, reduce="split", schedule=mode))
    expected = set(_all_solutions(SEED))
    assert status == "infeasible" and len(found) == len(expected) and set(found) == expected
    assert summary["mode"] == mode and summary["answers"]["solver"] >= 1


@pytest.mark.skipif(not whole_model.available("highspy", "highs"), reason="needs the fork start method")
@settings(max_examples=12, deadline=None)
@given(grid=nonogram_grids(min_size=3, max_size=5), mode=st.sampled_from(["sequential", "parallel", "search"]))
def test_every_schedule_proves_uniqueness_like_brute_force(grid, mode):
    """Whichever side answers, --unique agrees with brute force and both grids are verified."""
    puzzle = from_grid(grid)
    _proves_uniqueness_like(set(_all_solutions(puzzle)), puzzle, "highspy", "highs", mode)


def _proves_uniqueness_like(expected: set, puzzle, backend: str, solver: str, mode: str) -> None:
    """--unique with the worker racing the search from the start agrees with ``expected`` (the
    brute-force solutions), both grids verified."""
    saved = schedule.FIRST_TURN
    schedule.FIRST_TURN = 0.0
    try:
        result = futomip.solve(puzzle, backend=backend, solver=solver, unique=True, reduce="split", schedule=mode)
    finally:
        schedule.FIRST_TURN = saved
    assert result.status == "solved" and result.unique == (len(expected) == 1)
    assert result.grid in expected and (result.second is None or result.second in expected - {result.grid})
    assert not futomip.puzzles.verify(puzzle, result.grid)


def test_futoshiki_with_several_solutions_is_enumerated_exactly_with_the_worker_first(worker_first):
    """Latin family: a 4x4 Futoshiki with one sign and one given, enumerated with the worker
    answering first, gives exactly the brute-force solutions."""
    worker_first["limit"] = 20
    givens = ((1, 0, 0, 0),) + ((0, 0, 0, 0),) * 3
    puzzle = Futoshiki(4, givens, (((0, 1), (0, 2)),))
    expected = set(_brute_force(puzzle))
    found, status, summary = _enumerate(puzzle, Options("highspy", "highs", reduce="split", schedule="sequential"))
    assert status == "infeasible" and set(found) == expected and len(found) == len(expected)
    assert summary["answers"]["solver"] >= 1
    assert all(not futomip.puzzles.verify(puzzle, grid) for grid in found)


@pytest.mark.skipif(not whole_model.available("highspy", "highs"), reason="needs the fork start method")
def test_closing_reaps_the_worker_and_its_process_group(worker_first):
    """A worker stopped mid-solve (frozen, even) is killed with its group and reaped: no zombie."""
    worker_first["limit"] = 1000
    finder = SolutionFinder(SEED, Options("highspy", "highs", reduce="split", schedule="sequential"), Deadline(0.3))
    try:
        finder.next_solution()
        pid = finder.worker.pid
    finally:
        finder.close()
    if pid is not None:
        with pytest.raises(ProcessLookupError):
            os.killpg(pid, 0)
        assert not Path(f"/proc/{pid}").exists()


def test_pairs_with_a_solver_program_or_pyomo_run_the_search_alone():
    """CBC (a program that would stay frozen if the parent died) and Pyomo get no worker."""
    assert not whole_model.available("pulp", "cbc") and not whole_model.available("pyomo", "highs")
    finder = SolutionFinder(SEED, Options("pulp", "cbc", reduce="split", schedule="sequential"), Deadline(60))
    try:
        assert finder.worker is None and finder.turns.mode == "search"
        status, grid = finder.next_solution()
        assert status == "solved" and not futomip.puzzles.verify(SEED, grid)
    finally:
        finder.close()


@pytest.mark.skipif(not whole_model.available("highspy", "highs"), reason="needs the fork start method")
def test_every_core_pair_stays_exact_when_the_worker_answers_first(worker_first, core_pair):
    """On every core pair (Pyomo's and CBC run the search alone), the worker answering first
    and the search going on still give exactly the seed Pattern's 10 solutions."""
    backend, solver = core_pair
    worker_first["limit"] = 40
    found, status, summary = _enumerate(SEED, Options(backend, solver, reduce="split", schedule="sequential"))
    assert status == "infeasible" and set(found) == set(_all_solutions(SEED)) and len(found) == 10
    assert summary["mode"] == ("sequential" if whole_model.available(backend, solver) else "search")
    assert all(not futomip.puzzles.verify(SEED, grid) for grid in found)


# --- CP-SAT's whole model on the puzzle as given (Latin completion) ---------------------------

CPSAT_AVAILABLE = check("ortools", "cpsat").available


def test_as_given_fixes_the_givens_and_leaves_every_other_cell_open():
    """``reduction.as_given``: each given cell its value, every other cell all of 1..n, nothing
    propagated (so every solution is admitted); a kind without the form gets None."""
    from futomip import reduction

    puzzle = latin_completion(6, 3, 0.6)
    domains = reduction.as_given(puzzle)
    full = (1 << 6) - 1
    for r, row in enumerate(puzzle.givens):
        for c, value in enumerate(row):
            assert domains.masks[r * 6 + c] == (1 << (value - 1) if value else full)
    small = latin_completion(4, 5, 0.7)
    for grid in _brute_force(small):
        assert reduction.as_given(small).admits(grid)
    assert reduction.as_given(SEED) is None


@pytest.mark.skipif(not CPSAT_AVAILABLE or not whole_model.available("ortools", "cpsat"),
                    reason="needs ortools (pip install 'futomip[cpsat]') and the fork start method")
@pytest.mark.parametrize("mode", ["sequential", "parallel"])
def test_a_latin_completion_is_enumerated_exactly_by_cp_sat_on_the_puzzle_as_given(worker_first, mode):
    """CP-SAT's worker builds a Latin completion's whole model on the puzzle as given (its own
    model: ``CpSat.whole_model_as_given_for``); answering first, with the search taking the
    rest, --all still gives exactly the brute-force solutions, each verified, and the schedule
    says which model the worker had.  HiGHS' worker keeps the reduced domains."""
    worker_first["limit"] = 150  # up to 3 s of idle search turns: the worker imports and builds first
    puzzle = latin_completion(5, 18, 0.7)
    expected = set(_brute_force(puzzle))
    assert len(expected) == 10
    found, status, summary = _enumerate(puzzle, Options("ortools", "cpsat", reduce="split", schedule=mode))
    assert status == "infeasible" and set(found) == expected and len(found) == len(expected)
    assert summary["answers"]["solver"] >= 1 and summary["model"] == "as given", summary
    assert all(not futomip.puzzles.verify(puzzle, grid) for grid in found)
    worker_first["turns"] = worker_first["limit"]  # no idle turns: the search may answer all
    found, status, summary = _enumerate(puzzle, Options("highspy", "highs", reduce="split", schedule=mode))
    assert set(found) == expected and summary["model"] == "reduced"


@pytest.mark.skipif(not CPSAT_AVAILABLE or not whole_model.available("ortools", "cpsat"),
                    reason="needs ortools (pip install 'futomip[cpsat]') and the fork start method")
@settings(max_examples=15, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 10 ** 6), holes=st.floats(0.3, 1.0),
       mode=st.sampled_from(["sequential", "parallel", "solver"]))
def test_cp_sat_on_the_puzzle_as_given_proves_uniqueness_like_brute_force(n, seed, holes, mode):
    """Whichever side answers, --unique on a Latin completion with CP-SAT's worker on the
    puzzle as given agrees with brute force, both grids verified."""
    puzzle = latin_completion(n, seed, holes)
    _proves_uniqueness_like(set(_brute_force(puzzle)), puzzle, "ortools", "cpsat", mode)


@pytest.mark.skipif(not CPSAT_AVAILABLE or not whole_model.available("ortools", "cpsat"),
                    reason="needs ortools (pip install 'futomip[cpsat]') and the fork start method")
def test_cp_sat_s_worker_on_the_puzzle_as_given_starts_before_the_reduction(monkeypatch):
    """Side by side, a worker on the puzzle as given needs nothing from the reduction: it is
    forked before the reduction runs, and it answers as any worker does (the grid verified).
    When the reduction settles the puzzle, that worker is closed and reaped at once."""
    from futomip import reduction

    events, workers = [], []
    start, reduce = whole_model.WholeModelWorker._start, reduction.reduce

    def recording_start(self):
        events.append("fork")
        workers.append(self)
        start(self)

    def recording_reduce(*args, **kwargs):
        events.append("reduce")
        return reduce(*args, **kwargs)

    monkeypatch.setattr(whole_model.WholeModelWorker, "_start", recording_start)
    monkeypatch.setattr(reduction, "reduce", recording_reduce)
    options = Options("ortools", "cpsat", reduce="split", schedule="parallel")
    puzzle = latin_completion(12, 7, 0.7)
    finder = SolutionFinder(puzzle, options, Deadline(60))
    try:
        assert events[:2] == ["fork", "reduce"] and finder.worker is workers[0]
        status, grid = finder.next_solution()
        assert status == "solved" and futomip.puzzles.verify(puzzle, grid) == []
        assert finder.result(status).schedule["model"] == "as given"
    finally:
        finder.close()
    assert workers[0].pid is None
    events.clear()
    settled = latin_completion(6, 3, 0.05)  # one or two holes: the reduction fills them
    finder = SolutionFinder(settled, options, Deadline(60))
    try:
        assert events[:2] == ["fork", "reduce"] and finder.split is None and finder.worker is None
        assert workers[1].pid is None  # closed and reaped before the constructor returned
        status, grid = finder.next_solution()
        assert status == "solved" and futomip.puzzles.verify(settled, grid) == []
    finally:
        finder.close()
