"""The compiled clause-learning search (``nonogram_cdcl``) against its interpreted source and brute force.

The search runs twice on each puzzle, compiled (when numba is here and FUTOMIP_COMPILE is not
0) and interpreted (``interpreted=True``, the kernels' Python source), and both must make the
same decisions and conflicts and yield the same leaves; the leaves must split the brute-force
solution set (none lost, none shared); every clause it learns must hold in every solution
that no earlier leaf holds; a Python search handed over at a restart or after a leaf must go
on without losing or repeating a solution; and the pipeline on the compiled search must count solutions
exactly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_puzzles
from test_reduction_nonogram import _all_solutions
from test_split_nonogram import MANY

import futomip
from futomip.certainty import enumerate_all
from futomip.puzzles.nonogram import Nonogram, from_grid
from futomip.reduction import nonogram_cdcl_kernels as k
from futomip.reduction import nonogram_split, reduce
from futomip.reduction.nonogram_cdcl import CompiledLearner
from futomip.reduction.nonogram import Board
from futomip.reduction.nonogram_learning import Learner


def _run(puzzle: Nonogram, root, limit: int, restart_conflicts: int, interpreted: bool):
    learner = CompiledLearner(puzzle, root, limit, restart_conflicts=restart_conflicts, interpreted=interpreted)
    leaves = [leaf for leaf in learner.leaves()]
    assert learner.finished
    return learner, leaves


def _parts(solutions, leaves) -> list[set]:
    return [{grid for grid in solutions if leaf.admits(grid)} for leaf in leaves]


@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=5),
       cols=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=5),
       limit=st.integers(0, 3), restart_conflicts=st.sampled_from([1, 2, 30]))
def test_compiled_and_interpreted_search_agree_and_split_the_solutions(rows, cols, limit, restart_conflicts):
    """Random clues (often infeasible): compiled and interpreted make the same decisions and
    conflicts and yield the same leaves, which split the brute-force solutions exactly."""
    puzzle = Nonogram(tuple(map(tuple, rows)), tuple(map(tuple, cols)))
    root = reduce(puzzle, "lines")
    if root.contradiction is not None:
        assert _all_solutions(puzzle) == []
        return
    fast, fast_leaves = _run(puzzle, root, limit, restart_conflicts, interpreted=False)
    slow, slow_leaves = _run(puzzle, root, limit, restart_conflicts, interpreted=True)
    assert (fast.decisions, fast.conflicts, fast.restarts) == (slow.decisions, slow.conflicts, slow.restarts)
    assert [leaf.cells for leaf in fast_leaves] == [leaf.cells for leaf in slow_leaves]
    solutions = set(_all_solutions(puzzle))
    parts = _parts(solutions, fast_leaves)
    assert sum(len(part) for part in parts) == len(solutions) and set().union(*parts) == solutions


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_every_solution_once_on_a_puzzle_with_86(interpreted):
    """Leaves without open cells are exactly the 86 solutions (each verified), as in the Python search."""
    learner, leaves = _run(MANY, reduce(MANY, "probing"), 0, 1, interpreted)
    grids = [leaf.cells for leaf in leaves]
    assert len(grids) == len(set(grids)) == 86 and all(futomip.verify(MANY, grid) == [] for grid in grids)
    assert learner.conflicts > 0


def _satisfied(clause, grid) -> bool:
    width = len(grid[0])
    return any(grid[(literal >> 1) // width][(literal >> 1) % width] == literal & 1 for literal in clause)


@pytest.mark.parametrize("restart_conflicts", [1, 30])
@settings(max_examples=30, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=3, max_size=5))
def test_learnt_clauses_remove_no_solution_outside_the_leaves_found_before(restart_conflicts, puzzle):
    """One step per call: each clause learnt holds in every solution that no earlier leaf holds (brute force)."""
    learner = CompiledLearner(puzzle, reduce(puzzle, "lines"), 0, restart_conflicts=restart_conflicts)
    solutions, leaves, learnt = _all_solutions(puzzle), [], []
    while True:
        before = int(learner.ints[k.CLAUSES])
        learner.steps = 1  # one decision or conflict per call (``_slice`` adapts it otherwise)
        outcome = learner._slice()
        for c in range(before, int(learner.ints[k.CLAUSES])):
            if learner.kind[c] == k.LEARNT_KIND:
                clause = learner.lits[learner.start[c]:learner.start[c] + learner.size[c]].tolist()
                learnt.append((clause, len(leaves)))
        if outcome == k.GROW:
            learner._grow()
        elif outcome == k.LEAF:
            leaves.append(learner._leaf())
        elif outcome == k.FINISHED:
            break
    for clause, found in learnt:
        assert all(_satisfied(clause, grid) for grid in solutions
                   if not any(leaf.admits(grid) for leaf in leaves[:found]))
    parts = _parts(set(solutions), leaves)
    assert sum(len(part) for part in parts) == len(solutions)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_python_search_handed_over_at_a_restart_loses_and_repeats_nothing(interpreted):
    """The Python search stops at its third restart, the compiled one takes over: together
    they yield each of the 86 solutions once."""
    # Asked after leaves too: the first time three restarts have been made is at the third.
    python = Learner(MANY, reduce(MANY, "probing"), 0, restart_conflicts=1,
                     hand_over=lambda since: python.restarts == 3)
    grids = [leaf.cells for leaf in python.leaves()]
    assert python.handing_over and not python.finished and python.learnts and python.restarts == 3
    assert grids and python.blocking
    compiled = CompiledLearner.take_over(python, interpreted)
    # From the root again: the counters go on, what the Python search learnt does not.
    assert compiled.decisions == python.decisions and compiled.learnt == 0
    grids += [leaf.cells for leaf in compiled.leaves()]
    assert compiled.finished and len(grids) == len(set(grids)) == 86


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_an_enumeration_without_restarts_hands_over_after_a_leaf(interpreted):
    """With restarts too far apart to come (an enumeration finds leaves without conflicts),
    the Python search still hands over, after its fifth leaf, at level 0; together the two
    searches yield each of the 86 solutions once."""
    python = Learner(MANY, reduce(MANY, "probing"), 0, restart_conflicts=10**6,
                     hand_over=lambda since: python.leaves_found == 5)
    grids = [leaf.cells for leaf in python.leaves()]
    assert python.handing_over and not python.finished and python.restarts == 0
    assert len(grids) == 5 and not python.levels
    compiled = CompiledLearner.take_over(python, interpreted)
    grids += [leaf.cells for leaf in compiled.leaves()]
    assert compiled.finished and len(grids) == len(set(grids)) == 86
    assert all(futomip.verify(MANY, grid) == [] for grid in grids)


def _random_picture(seed: int, size: int = 18) -> Nonogram:
    rng = random.Random(seed)
    return from_grid([[int(rng.random() < 0.5) for _ in range(size)] for _ in range(size)])


@pytest.mark.parametrize("seed", [91, 128, 179])
def test_the_search_after_a_hand_over_is_the_search_from_the_start(seed):
    """A hand-over at the first or the second restart, before any leaf: the compiled search
    then makes the same decisions and conflicts, and yields the same grids in the same order,
    as the compiled search from the start.  So the clock, which decides when the hand-over
    comes, does not change a command's path (it did: one picture took 7,746 conflicts in one
    run and 56,090 in another)."""
    puzzle = _random_picture(seed)
    root = reduce(puzzle, "probing")
    first = CompiledLearner(puzzle, root, 0, restart_conflicts=1)
    expected = [(leaf.cells, first.decisions, first.conflicts) for leaf in first.leaves()]
    assert first.finished and len(expected) > 1
    for at in (1, 2):
        python = Learner(puzzle, root, 0, restart_conflicts=1, hand_over=lambda since: python.restarts == at)
        assert list(python.leaves()) == [] and python.handing_over and python.conflicts > 0
        compiled = CompiledLearner.take_over(python)
        got = [(leaf.cells, compiled.decisions - python.decisions, compiled.conflicts - python.conflicts)
               for leaf in compiled.leaves()]
        assert compiled.finished and got == expected
        assert all(futomip.verify(puzzle, grid) == [] for grid, _, _ in got)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_leaf_of_one_decision_is_not_found_again_after_the_hand_over(interpreted):
    """Two solutions (the two diagonals of a 2x2): the first leaf follows one decision, so its
    blocking clause is a level-0 fact and not a stored clause; the compiled search that takes
    over after that leaf must keep it, and finds the other diagonal only."""
    puzzle = from_grid([[1, 0], [0, 1]])
    python = Learner(puzzle, reduce(puzzle, "probing"), 0, hand_over=lambda since: True)
    grids = [leaf.cells for leaf in python.leaves()]
    assert len(grids) == 1 and python.handing_over and python.blocking_units and not python.blocking
    compiled = CompiledLearner.take_over(python, interpreted)
    grids += [leaf.cells for leaf in compiled.leaves()]
    assert compiled.finished and sorted(grids) == sorted([((1, 0), (0, 1)), ((0, 1), (1, 0))])


def test_the_pipeline_on_the_compiled_search_enumerates_exactly(monkeypatch):
    """With the split's learning search compiled from the start, --all finds each of the 86
    solutions once, every one verified, and knows it is done."""
    monkeypatch.setattr(nonogram_split, "use_kernels", lambda puzzle, since=None, after=None, stop_at=None: True)
    result = enumerate_all(MANY, backend="highspy", solver="highs", reduce="split", schedule="search")
    assert result.complete and len(result.solutions) == len(set(result.solutions)) == 86
    assert all(futomip.verify(MANY, grid) == [] for grid in result.solutions)
    assert result.reduction["search"]["finished"]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@settings(max_examples=30, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=3, max_size=6), limit=st.integers(2, 12))
def test_leaves_equal_the_mask_boards_domains(interpreted, puzzle, limit):
    """Each leaf's cells and block starts, built in a kernel, equal ``Board.domains`` on the same cells."""
    learner = CompiledLearner(puzzle, reduce(puzzle, "lines"), limit, interpreted=interpreted)
    for leaf in learner.leaves():
        board = Board(puzzle)
        board.load(leaf.cells)
        assert leaf == board.domains()


def test_on_small_puzzles_the_compiled_search_retraces_the_python_search():
    """80 seeded random grids of 4x4 to 9x9 at 30%, 35% or 50% black (any leaf size, any
    restart unit): the compiled search makes the Python search's decisions, conflicts and
    restarts and yields its leaves in its order (same queue order and tie-breaks; on large
    puzzles watch order and minimising may part them).  At 50% black nearly every such grid is
    settled by its lines; the sparser ones make the searches meet conflicts and restarts."""
    rng = random.Random(5)
    searched = 0
    for _ in range(80):
        height, width, black = rng.randint(4, 9), rng.randint(4, 9), rng.choice([0.3, 0.35, 0.5])
        puzzle = from_grid(tuple(tuple(int(rng.random() < black) for _ in range(width)) for _ in range(height)))
        root, limit, restart_conflicts = reduce(puzzle, "lines"), rng.randint(0, 4), rng.choice([1, 2, 30])
        fast, fast_leaves = _run(puzzle, root, limit, restart_conflicts, interpreted=False)
        python = Learner(puzzle, root, limit, restart_conflicts=restart_conflicts)
        python_leaves = list(python.leaves())
        assert python.finished
        assert (fast.decisions, fast.conflicts, fast.restarts) == (python.decisions, python.conflicts,
                                                                   python.restarts)
        assert [leaf.cells for leaf in fast_leaves] == [leaf.cells for leaf in python_leaves]
        searched += python.restarts > 0
    assert searched >= 5  # the sample exercises conflicts and restarts, not only line solving


@settings(max_examples=60, deadline=None)
@given(masks=st.lists(st.lists(st.integers(0, (1 << 62) - 1), min_size=1, max_size=4), min_size=1, max_size=6),
       missing=st.integers(0, 5))
def test_start_tuples_equal_start_lists_per_line(masks, missing):
    """``start_tuples`` (every line's start masks at once, with or without a memo shared between
    calls) gives what ``start_lists`` gives line by line, skips lines without a clue and
    ignores masks beyond a clue's blocks."""
    import numpy as np

    from futomip.reduction.nonogram_cdcl import start_layout, start_tuples
    from futomip.reduction.nonogram_line import start_lists

    width = max(len(row) for row in masks) + 1
    starts = np.zeros((len(masks), width), dtype=np.uint64)
    for line, row in enumerate(masks):
        starts[line, :len(row)] = row
        starts[line, len(row):] = (1 << 61) | 5  # stale masks beyond the clue: never read
    clues = [tuple([1] * len(row)) for row in masks]
    if missing < len(clues):
        clues[missing] = None
    height = len(masks) // 2
    expected = {("row", line) if line < height else ("column", line - height): start_lists(row)
                for line, row in enumerate(masks) if clues[line] is not None}
    layout, memo = start_layout(clues, height, width), {}
    assert start_tuples(starts, layout) == expected
    # Through a memo shared between calls, with the lines in another order the second time.
    assert start_tuples(starts, layout, memo) == expected
    flipped = starts[::-1].copy()
    assert start_tuples(flipped, start_layout(clues[::-1], height, width), memo) == {
        ("row", line) if line < height else ("column", line - height): start_lists(row)
        for line, row in enumerate(masks[::-1]) if clues[::-1][line] is not None}


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_bit_index_finds_the_one_set_bit_at_every_position(interpreted):
    """``bit_index`` (how propagation and reasons list a line's fixed cells) returns p for the
    mask with only bit p set, for every p of a 64-bit mask."""
    import numpy as np

    find = k.bit_index.interpreted if interpreted else k.bit_index
    assert [find(np.uint64(1) << np.uint64(p)) for p in range(64)] == list(range(64))


def _split_handing_over(monkeypatch, loads: int, loaded: bool, beside: bool):
    """The split's learning search on MANY, handing over at its first chance while a (simulated)
    thread loads the kernels for ``loads`` looks, the schedule's turn ending at each look;
    ``loaded``: whether the kernels are there after it.  The events: "look" at each look at
    the thread, "pause" at each None the search yields."""
    from futomip import compiled

    events: list[str] = []
    split = nonogram_split.Split(MANY, reduce(MANY, "probing"))
    split.engine, split.limit, split.others_beside = "learning", 0, beside
    monkeypatch.setattr(nonogram_split, "use_kernels", lambda puzzle, since=None, after=None, stop_at=None: False)
    monkeypatch.setattr(nonogram_split, "kernels_coming", lambda *args, **kwargs: True)
    monkeypatch.setattr(nonogram_split, "compiled_without_waiting", lambda family, touch: loaded)

    def loading(family: str, wait: float = 0.0) -> bool:
        events.append("look")
        split.pause_at = 0.0  # the turn ends while the thread loads
        return events.count("look") <= loads

    monkeypatch.setattr(compiled, "loading", loading)
    grids = []
    for leaf in split.search():
        if leaf is None:
            events.append("pause")
        else:
            grids.append(leaf.cells)
    return split, events, grids


@pytest.mark.parametrize("beside", [True, False], ids=["beside", "in-turns"])
def test_the_split_waits_for_the_kernels_loading_in_a_thread(monkeypatch, beside):
    """At the hand-over the kernels load in a thread (``kernels_coming``); the split waits for
    it and, beside a solver on another core, yields at the end of each turn meanwhile, so that
    the command reads the solver's answers (loading in the search's own thread held them up
    0.2-0.6 s); taking turns on one core it waits without yielding.  Then the compiled search
    takes over, and the two yield each of the 86 solutions once."""
    split, events, grids = _split_handing_over(monkeypatch, loads=3, loaded=True, beside=beside)
    waited = events[:events.index("look") + (7 if beside else 4)]
    assert waited[0] == "look"
    if beside:
        assert waited == ["look", "pause"] * 3 + ["look"]
    else:
        assert waited == ["look"] * 4
    assert isinstance(split._learner, CompiledLearner)
    assert split.finished and len(grids) == len(set(grids)) == 86
    assert all(futomip.verify(MANY, grid) == [] for grid in grids)


def test_the_python_search_goes_on_when_the_thread_could_not_load_the_kernels(monkeypatch):
    """A load that ends without kernels (numba said no in the thread): the Python search goes
    on from its level 0 with every clause, asks no more, and yields each solution once."""
    split, events, grids = _split_handing_over(monkeypatch, loads=2, loaded=False, beside=True)
    assert events.count("look") == 3
    assert isinstance(split._learner, Learner) and split._learner.hand_over is None
    assert split.finished and len(grids) == len(set(grids)) == 86
    assert all(futomip.verify(MANY, grid) == [] for grid in grids)


def test_the_kernel_touch_runs_the_hand_over_on_a_puzzle_of_its_own():
    """What the loading thread calls: the Python search to a leaf, the compiled search taking
    over to the next one, on a puzzle with several solutions (every grid it yields verified)."""
    from futomip.reduction import nonogram_kernel_touch

    puzzle = nonogram_kernel_touch.sample_puzzle()
    assert len(_all_solutions(puzzle)) > 1
    nonogram_kernel_touch.call_every_entry_point(puzzle)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_hand_over_between_restarts_loses_and_repeats_nothing(interpreted):
    """Asked every 64 decisions too, the Python search hands over in the middle of a run (no
    restart due, cells decided; the whole enumeration takes 87 decisions): back to level 0, and
    the compiled search taking over yields the rest of the 86 solutions, each once."""
    seen, after = [], 64

    def hand_over(since: float) -> bool:
        seen.append((python.decisions, len(python.levels)))
        return python.decisions >= after

    python = Learner(MANY, reduce(MANY, "probing"), 0, restart_conflicts=10**6, hand_over=hand_over)
    grids = [leaf.cells for leaf in python.leaves()]
    assert python.handing_over and not python.finished and python.restarts == 0 and not python.levels
    # Asked at the 64th decision with cells decided, besides once after each leaf found.
    assert seen[-1][0] == after and seen[-1][1] > 0 and len(seen) == python.leaves_found + 1
    compiled = CompiledLearner.take_over(python, interpreted)
    grids += [leaf.cells for leaf in compiled.leaves()]
    assert compiled.finished and len(grids) == len(set(grids)) == 86
    assert all(futomip.verify(MANY, grid) == [] for grid in grids)
