"""The Latin kernels (``latin_kernels``, ``latin_search_kernels`` through ``latin_core``):
compiled and interpreted runs agree with each other, with ``Board.propagate`` and with
brute force on small Futoshiki, Latin-square completions and 4x4 Sudoku.

"compiled" runs compiled when numba is there and ``FUTOMIP_COMPILE`` is not 0; otherwise
both runs are interpreted and the tests still compare them with the Python reference and
brute force.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import futoshiki_puzzles
from test_reduction_latin import _brute_force, _latin_from_square

from futomip import compiled, io
from futomip.options import Restarts
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.sudoku import Sudoku
from futomip.reduction import latin_core, latin_layout, latin_split, reduce
from futomip.reduction.latin_kernels import MAX_SIZE
from futomip.reduction.latin import board_of
from futomip.reduction.latin_probing import _probe_python, probe
from futomip.puzzles import verify

MODES = ("interpreted", "compiled")


@st.composite
def _sudoku_4x4(draw):
    cells = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=16, max_size=16))
    return Sudoku(4, tuple(tuple(cells[4 * r:4 * r + 4]) for r in range(4)))


_small_puzzles = st.one_of(futoshiki_puzzles(min_size=1, max_size=4), _latin_from_square(), _sudoku_4x4())


def _thinned(puzzle, seed: int):
    """The puzzle's starting masks with some values of open cells removed at random (so the
    fixpoint starts from states a search meets, not only from givens)."""
    board = board_of(puzzle)
    rng = random.Random(seed)
    masks = board.initial()
    thinned = [mask & rng.getrandbits(board.n) if rng.random() < 0.3 else mask for mask in masks]
    return board, [new or old for new, old in zip(thinned, masks)]


@settings(max_examples=150, deadline=None)
@given(_small_puzzles, st.integers(0, 10 ** 6))
def test_fixpoint_kernel_reaches_the_reference_fixpoint(puzzle, seed):
    """From the same masks, the kernel's "lines" fixpoint, compiled and interpreted, equals
    ``Board.propagate``'s (or all three find a contradiction)."""
    board, masks = _thinned(puzzle, seed)
    reference = list(masks)
    expected = board.propagate(reference, range(len(masks)))
    for mode in MODES:
        core = latin_core.Core(board, masks, mode)
        assert core.propagate(range(len(masks))) == expected, mode
        if expected:
            assert list(core.masks()) == reference, mode


@settings(max_examples=60, deadline=None)
@given(st.one_of(_latin_from_square(max_size=9), futoshiki_puzzles(min_size=5, max_size=7)), st.integers(0, 10 ** 6))
def test_fixpoint_kernel_on_one_core_restricted_and_undone_reaches_the_reference_every_time(puzzle, seed):
    """One core, restricted (a cell or a few at once) and undone at random (so the matchings it keeps
    between propagations are stale hints), reaches ``Board.propagate``'s fixpoint or its
    contradiction after every restriction, compiled and interpreted alike."""
    board = board_of(puzzle)
    reference = list(board.initial())
    if not board.propagate(reference, range(len(reference))):
        return
    rng = random.Random(seed)
    cores = {mode: latin_core.Core(board, reference, mode) for mode in MODES}
    saved = []
    for _ in range(25):
        if saved and rng.random() < 0.3:
            marks, reference = saved.pop()
            for mode, core in cores.items():
                core.undo(marks[mode])
                assert list(core.masks()) == reference, mode
            continue
        open_cells = [i for i, mask in enumerate(reference) if mask & (mask - 1)]
        if not open_cells:
            break
        # One cell, or (as the LP dive's fixings come) several at once.
        cells = rng.sample(open_cells, min(len(open_cells), rng.choice((1, 1, 2, 3))))
        changes = []
        trial = list(reference)
        for cell in cells:
            values = [1 << v for v in range(board.n) if reference[cell] >> v & 1]
            keep = sum(rng.sample(values, rng.randint(1, len(values) - 1)))
            changes.append((cell, keep))
            trial[cell] &= keep
        expected = board.propagate(trial, cells)
        marks = {mode: core.trail() for mode, core in cores.items()}
        for mode, core in cores.items():
            assert core.restrict(changes) == expected, mode
            if expected:
                assert list(core.masks()) == trial, mode
            else:
                core.undo(marks[mode])
        if expected:
            saved.append((marks, reference))
            reference = trial


@settings(max_examples=80, deadline=None)
@given(_small_puzzles)
def test_probing_kernel_agrees_with_the_python_probe_and_keeps_every_solution(puzzle):
    """Probing in the kernels, compiled and interpreted, leaves the masks the Python probe
    leaves, and no value any brute-force solution uses is removed."""
    root = reduce(puzzle, "lines")
    if root.contradiction is not None:
        return
    board = board_of(puzzle)
    reference = list(root.masks)
    expected = _probe_python(board, reference)
    solutions = _brute_force(puzzle)
    for mode in MODES:
        dom = list(root.masks)
        outcome = probe(board, dom, mode=mode)
        assert (outcome.contradiction is None) == (expected.contradiction is None), mode
        assert outcome.finished
        if outcome.contradiction is None:
            assert dom == reference, mode
            for grid in solutions:
                assert all(dom[r * puzzle.size + c] >> (grid[r][c] - 1) & 1
                           for r in range(puzzle.size) for c in range(puzzle.size))
        else:
            assert not solutions


def _leaves(puzzle, mode: str, policy: Restarts = Restarts()):
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode=mode, restart_policy=policy)
    leaves = [leaf.masks for leaf in search]
    return root, search, leaves


@pytest.mark.parametrize("restart_failures", [None, 1])
@settings(max_examples=60, deadline=None)
@given(puzzle=_small_puzzles)
def test_search_leaves_agree_compiled_and_interpreted_and_hold_every_solution(restart_failures, puzzle):
    """Compiled and interpreted searches yield the same leaves in the same order with the same
    counters (restarts with noise included); the leaves are disjoint, hold every brute-force
    solution, and each fixed leaf is a verified solution."""
    policy = Restarts() if restart_failures is None else Restarts("plain", restart_failures)
    runs = {mode: _leaves(puzzle, mode, policy) for mode in MODES}
    (root, first, leaves), (_, second, others) = runs["interpreted"], runs["compiled"]
    assert leaves == others
    assert {k: v for k, v in first.summary().items() if k != "compiled"} == \
           {k: v for k, v in second.summary().items() if k != "compiled"}
    assert first.finished
    expected = _brute_force(puzzle)
    n = puzzle.size
    for grid in expected:
        assert sum(all(leaf[r * n + c] >> (grid[r][c] - 1) & 1 for r in range(n) for c in range(n))
                   for leaf in leaves) == 1
    if root.contradiction is None and first.needed:
        assert len(leaves) == len(expected)
        for leaf in leaves:
            grid = tuple(tuple(leaf[r * n + c].bit_length() for c in range(n)) for r in range(n))
            assert verify(puzzle, grid) == []


HARD = "data/futoshiki/hard9/hard9-seed100.txt"


def test_search_on_a_hard_9x9_restarts_and_finds_the_one_solution_in_both_modes():
    """On a bundled hard 9x9 (restarting after 5 failures times the Luby sequence) both modes
    restart, agree node for node, and the single leaf is the puzzle's verified solution."""
    puzzle = io.read(HARD)[0]
    runs = {mode: _leaves(puzzle, mode, Restarts("plain", 5)) for mode in MODES}
    (_, first, leaves), (_, second, others) = runs["interpreted"], runs["compiled"]
    assert leaves == others and len(leaves) == 1
    assert first.nodes == second.nodes and first.restarts == second.restarts >= 1
    grid = tuple(tuple(leaves[0][r * 9 + c].bit_length() for c in range(9)) for r in range(9))
    assert verify(puzzle, grid) == []


def test_orders_beyond_the_kernels_use_the_python_search():
    """A Latin square of order 63 (masks beyond 64-bit kernels) is still split, by the Python search."""
    n = MAX_SIZE + 1
    rows = tuple(tuple(0 if (r + c) % 7 == 0 else (r + c) % n + 1 for c in range(n)) for r in range(n))
    puzzle = Futoshiki(n, rows, ())
    assert not latin_core.usable(board_of(puzzle))
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode="compiled")
    leaf = next(iter(search), None)
    assert leaf is not None and leaf.open == 0


@settings(max_examples=40, deadline=None)
@given(puzzle=_small_puzzles, budget=st.sampled_from([0.0, 1e-4, 1e-3]), loaded=st.booleans())
def test_handover_from_the_first_search_loses_and_repeats_no_leaf(puzzle, budget, loaded):
    """With the first search (Python, or the kernels when they pay already: ``loaded``)
    handing over to the kernels after ``budget`` seconds of work, the leaves are exactly the
    brute-force solutions, each once."""
    saved = latin_core.COMPILE_AFTER, compiled.pays
    latin_core.COMPILE_AFTER = budget
    compiled.pays = lambda stop_at=None, family=None: loaded
    try:
        root, search, leaves = _leaves(puzzle, "auto")
    finally:
        latin_core.COMPILE_AFTER, compiled.pays = saved
    expected = _brute_force(puzzle)
    if root.contradiction is not None or not search.needed:
        return
    assert search.finished
    n = puzzle.size
    grids = [tuple(tuple(leaf[r * n + c].bit_length() for c in range(n)) for r in range(n)) for leaf in leaves]
    assert sorted(grids) == sorted(expected)


@pytest.mark.parametrize("loaded", [False, True])
def test_handover_on_a_hard_9x9_finds_the_solution_once(monkeypatch, loaded):
    """A hard 9x9 whose first search (Python, or compiled when the kernels pay: ``loaded``)
    hands over after 1 ms: one leaf, the verified solution."""
    monkeypatch.setattr(latin_core, "COMPILE_AFTER", 0.001)
    monkeypatch.setattr(compiled, "pays", lambda stop_at=None, family=None: loaded)
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    _, search, leaves = _leaves(puzzle, "auto")
    assert search.finished and len(leaves) == 1
    assert search.summary()["compiled"] == compiled.compiled()
    grid = tuple(tuple(leaves[0][r * 9 + c].bit_length() for c in range(9)) for r in range(9))
    assert verify(puzzle, grid) == []


def test_a_first_search_asks_again_while_the_kernels_warm_up(monkeypatch):
    """Right after installing, the background warm-up compiles the kernels while the first
    search runs (and later a thread loads them), so ``compiled_without_waiting`` says no at
    first and yes later.  The Python search hands
    over after every ``COMPILE_AFTER`` seconds of work (it once asked only at the first, and
    then stayed in Python to its end: 84 s against 42 s on a 30x30 completion), goes over to
    the kernels once they are ready, and yields the verified solution once."""
    monkeypatch.setattr(latin_core, "COMPILE_AFTER", 0.001)
    monkeypatch.setattr(compiled, "pays", lambda stop_at=None, family=None: False)
    real, answers = compiled.compiled(), []

    def warming(family, touch) -> bool:
        answers.append(len(answers) >= 3 and real)
        return answers[-1]

    monkeypatch.setattr(compiled, "compiled_without_waiting", warming)
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    _, search, leaves = _leaves(puzzle, "auto")
    assert answers[:3] == [False] * 3 and len(answers) >= 4
    assert search.finished and len(leaves) == 1 and search.summary()["compiled"] == real
    grid = tuple(tuple(leaves[0][r * 9 + c].bit_length() for c in range(9)) for r in range(9))
    assert verify(puzzle, grid) == []


def test_a_core_on_interpreted_kernels_asks_again_while_the_kernels_warm_up(monkeypatch):
    """A core running the interpreted kernels ("auto") keeps asking while the warm-up compiles
    (``compiled.state()`` "warming up") and switches once the kernels are ready; a final no
    (the compiled layer off) keeps it interpreted."""
    real = compiled.compiled()
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    board, masks = board_of(puzzle), reduce(puzzle, "split").masks
    monkeypatch.setattr(compiled, "pays", lambda stop_at=None, family=None: False)
    monkeypatch.setattr(compiled, "compiled", lambda family=None: False)
    monkeypatch.setattr(compiled, "state", lambda family=None: "warming up")
    core = latin_core.Core(board, masks, "auto")
    core.interpreted_time = latin_core.COMPILE_AFTER
    core._compile()
    assert core.mode == "auto" and not core.compiled and core.interpreted_time == 0.0
    monkeypatch.setattr(compiled, "compiled", lambda family=None: real)
    core._compile()
    assert core.compiled == real
    off = latin_core.Core(board, masks, "auto")
    monkeypatch.setattr(compiled, "compiled", lambda family=None: False)
    monkeypatch.setattr(compiled, "state", lambda family=None: "off")
    off._compile()
    assert off.mode == "interpreted" and not off.compiled


def test_sudoku_without_signs_share_one_layout_and_each_search_finds_its_own_solution():
    """Two hard 9x9 Sudoku (no signs) share one kernel layout and structure, and each search,
    compiled and interpreted alike, yields the same single leaf: its puzzle's verified solution."""
    puzzles = [io.read("data/sudoku/hardest.txt")[k] for k in (0, 2)]
    runs = [{mode: _leaves(puzzle, mode) for mode in MODES} for puzzle in puzzles]
    layouts = [latin_layout.layout(run["compiled"][0].board) for run in runs]
    assert layouts[0] is layouts[1]
    for puzzle, run in zip(puzzles, runs):
        (_, first, leaves), (_, second, others) = run["interpreted"], run["compiled"]
        assert leaves == others and len(leaves) == 1 and first.nodes == second.nodes
        grid = tuple(tuple(leaves[0][r * 9 + c].bit_length() for c in range(9)) for r in range(9))
        assert verify(puzzle, grid) == []


@pytest.mark.parametrize("path, nodes, pruned", [
    ("data/sudoku/hardest.txt#0", 55, 54), ("data/sudoku/hardest.txt#2", 22, 21),
    ("data/futoshiki/hard9/hard9-seed101.txt", 998, 997), ("data/futoshiki/hard9/hard9-seed106.txt", 514, 513)])
def test_search_trees_on_bundled_hard_9x9_are_the_recorded_ones(path, nodes, pruned):
    """The search on bundled hard 9x9 Sudoku and Futoshiki visits the recorded numbers of nodes
    and pruned children (those of the kernels before the branch-free singles and the value-set
    components, b6ed982), compiled and interpreted, and its one leaf is the verified solution:
    a change of the order the rules run in moves the failure weights and shows here."""
    file, _, index = path.partition("#")
    puzzle = io.read(file)[int(index or 0)]
    for mode in MODES:
        _, search, leaves = _leaves(puzzle, mode)
        assert (search.nodes, search.pruned, len(leaves)) == (nodes, pruned, 1)
        grid = tuple(tuple(leaves[0][r * 9 + c].bit_length() for c in range(9)) for r in range(9))
        assert verify(puzzle, grid) == []


def test_a_compiled_core_reaches_the_kernels_through_the_packed_entry_points_only():
    """From Python, a compiled core calls only ``latin_packed_kernels``' entry points, which the
    background warm-up compiles (``latin_kernel_touch.call_every_entry_point``).  A kernel called from
    Python with (dom, st, ws) compiles for that signature on its first call, in the process and
    beyond any time limit: the LP dive's fixings (``restrict``) did, some 15 s of a fresh
    install's first dive.  Every step still agrees with the interpreted core."""
    if not compiled.compiled("latin"):
        pytest.skip("the compiled layer is off here (FUTOMIP_COMPILE=0 or no numba)")
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    board, masks = board_of(puzzle), reduce(puzzle, "split").masks
    cores = {mode: latin_core.Core(board, masks, mode) for mode in MODES}
    cores["compiled"].kernels = None  # any call through the unpacked kernels fails
    open_cells = [cell for cell, mask in enumerate(masks) if mask & (mask - 1)]
    for mode, core in cores.items():
        mark = core.trail()
        core.restrict([(cell, masks[cell] & -masks[cell]) for cell in open_cells[:2]])
        core.undo(mark)
        core.probe_cell(open_cells[0])
        core.search(5)
        core.restart()
    assert cores["compiled"].masks() == cores["interpreted"].masks()
    assert cores["compiled"].counters() == cores["interpreted"].counters()
