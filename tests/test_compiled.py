"""The compiled layer: one source that runs compiled by numba or interpreted, with equal results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from futomip import compiled

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, env_value: str | None, tmp_path) -> str:
    module = tmp_path / "kernels_for_test.py"
    module.write_text(textwrap.dedent('''
        import numpy as np
        from futomip.compiled import kernel

        @kernel
        def inner(values):
            total = 0
            for value in values:
                total += value * value
            return total

        @kernel
        def outer(values):
            return inner(values) + 1
    '''))
    env = dict(os.environ)
    env.pop(compiled.ENVIRONMENT_VARIABLE, None)
    if env_value is not None:
        env[compiled.ENVIRONMENT_VARIABLE] = env_value
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "cache")
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


PROGRAM = textwrap.dedent('''
    import sys
    import numpy as np
    import kernels_for_test as k
    from futomip import compiled
    print(k.outer(np.arange(10, dtype=np.int64)), compiled.compiled(), "numba" in sys.modules,
          type(k.inner).__name__)
''')


def test_kernels_give_the_same_answer_compiled_and_interpreted(tmp_path):
    """A kernel calling a kernel returns the same value with FUTOMIP_COMPILE=0 and without it."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    on = _run(PROGRAM, "1", tmp_path).split()
    off = _run(PROGRAM, "0", tmp_path).split()
    assert on[0] == off[0] == "286"
    assert on[1:] == ["True", "True", "CPUDispatcher"]
    assert off[1:] == ["False", "False", "Kernel"]


def test_numba_is_not_imported_until_a_kernel_runs(tmp_path):
    """Importing a kernel module does not import numba (small puzzles never pay for it)."""
    code = "import sys, kernels_for_test; print('numba' in sys.modules)"
    assert _run(code, "1", tmp_path) == "False"


def test_the_bundled_futoshiki_imports_neither_numpy_nor_the_nonogram_search():
    """The README's first command on the bundled 7x7, which the reduction settles, needs no
    array: the Latin search imported the nonogram search (its base class then) and with it
    numpy, some 0.1-0.2 s of a 0.5 s command (29 Nov)."""
    code = textwrap.dedent(f'''
        import sys
        from futomip.cli import main
        code = main([{str(ROOT / "data" / "futoshiki.dat")!r}, "--json"])
        print(code, "numpy" in sys.modules, "futomip.reduction.nonogram_split" in sys.modules, file=sys.stderr)
    ''')
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stderr.split()[-3:] == ["0", "False", "False"], done.stderr
    from futomip import io, verify

    path = ROOT / "data" / "futoshiki.dat"
    assert verify(io.read(path)[0], json.loads(done.stdout)["solution"]) == []


def test_a_kernel_runs_interpreted_on_request():
    """``.interpreted`` is the plain Python function, callable without numba."""
    @compiled.kernel
    def double(x):
        return 2 * x

    assert double.interpreted(21) == 42


def test_an_interrupt_while_switching_leaves_the_kernels_whole(tmp_path):
    """A Ctrl-C during the switch to compiled (numba's import) changes nothing, and the next
    call switches every kernel, so compiled kernels never meet an interpreted callee."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    code = textwrap.dedent('''
        import numpy as np
        import kernels_for_test as k
        from futomip import compiled

        real = compiled._dispatcher
        calls = []

        def interrupted(wrapped):
            calls.append(wrapped)
            if len(calls) == 2:
                raise KeyboardInterrupt
            return real(wrapped)

        compiled._dispatcher = interrupted
        try:
            k.outer(np.arange(10, dtype=np.int64))
        except KeyboardInterrupt:
            print("interrupted", compiled._decided, type(k.inner).__name__)
        compiled._dispatcher = real
        print(k.outer(np.arange(10, dtype=np.int64)), compiled._decided, type(k.inner).__name__)
    ''')
    assert _run(code, "1", tmp_path).split() == ["interrupted", "None", "Kernel", "286", "True", "CPUDispatcher"]


def test_an_edited_callee_in_another_module_is_not_loaded_stale_from_the_cache(tmp_path):
    """After a callee kernel's module changes, a caller in an unchanged module runs the new callee
    (numba's cache checks only the caller's own file; futomip's cache folder names both)."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    callee = tmp_path / "callee_for_test.py"
    (tmp_path / "caller_for_test.py").write_text(textwrap.dedent('''
        from futomip.compiled import kernel
        from callee_for_test import value

        @kernel
        def answer(x):
            return value(x) + 1
    '''))
    env = dict(os.environ)
    env[compiled.ENVIRONMENT_VARIABLE] = "1"
    env.pop("NUMBA_CACHE_DIR", None)
    env[compiled.CACHE_VARIABLE] = str(tmp_path / "kernels")
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    # Python's own .pyc of the callee is checked by whole-second mtime and size, which both
    # bodies share when the two runs end within one second: it would serve the old body
    # whatever numba's cache does.  This test is about numba's cache.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    program = "import caller_for_test as c; from futomip import compiled; print(c.answer(1), compiled.compiled())"
    answers = []
    for body in ("x * 10", "x * 20"):
        callee.write_text(f"from futomip.compiled import kernel\n\n@kernel\ndef value(x):\n    return {body}\n")
        done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env,
                              timeout=300, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        answers.append(done.stdout.split())
    assert answers == [["11", "True"], ["21", "True"]]
    assert any((tmp_path / "kernels").rglob("*.nbi")), "the kernels were not cached where asked"


_FAKE_WARMUP = textwrap.dedent('''
    import os, sys, time
    ready, lock = sys.argv[1:3]
    with open(os.environ["WARMUP_LOG"], "a") as log:
        log.write(f"{os.getpid()}\\n")
    while not os.path.exists(os.environ["WARMUP_GO"]):
        time.sleep(0.05)
    with open(ready, "w") as marker:
        marker.write("done")
    os.unlink(lock)
''')

_ASK = textwrap.dedent('''
    import sys
    from futomip import _children, compiled
    compiled.WARMUP_MODULE = "fake_warmup_for_test"
    _children.LEFT_ALONE = b"fake_warmup_for_test"
    print(compiled.compiled(), compiled.state().replace(" ", "-"), "numba" in sys.modules)
    _children.end_all_children()  # what the futomip program does before it exits
''')


def test_a_cold_cache_is_compiled_once_in_the_background_while_searches_run_in_python(tmp_path):
    """With FUTOMIP_COMPILE unset and no compiled kernels, a process gets the Python code at once
    and starts one background warm-up (a stale lock is taken over, a fresh one is respected),
    which outlives the process's ending of its children; once it is done, processes compile
    (load) the kernels."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    import time

    (tmp_path / "fake_warmup_for_test.py").write_text(_FAKE_WARMUP)
    cache, log, go = tmp_path / "kernels", tmp_path / "warmups.log", tmp_path / "go"
    env = dict(os.environ, WARMUP_LOG=str(log), WARMUP_GO=str(go), **{compiled.CACHE_VARIABLE: str(cache)})
    env.pop(compiled.ENVIRONMENT_VARIABLE, None)
    env.pop("NUMBA_CACHE_DIR", None)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    key = subprocess.run([sys.executable, "-c", "from futomip import compiled; print(compiled.package_key())"],
                         capture_output=True, text=True, env=env, check=True).stdout.strip()
    cache.mkdir()
    stale = cache / f"warming-{key}"
    stale.write_text("12345")
    os.utime(stale, (time.time() - 2 * compiled.STALE_WARMUP,) * 2)

    def ask() -> list[str]:
        done = subprocess.run([sys.executable, "-c", _ASK], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert ask() == ["False", "warming-up", "False"]
    assert ask() == ["False", "warming-up", "False"]
    end = time.monotonic() + 30
    while time.monotonic() < end and not (log.exists() and log.read_text().strip()):
        time.sleep(0.05)
    pids = log.read_text().split()
    assert len(pids) == 1, pids
    os.kill(int(pids[0]), 0)  # still running: the first process's ending of its children left it
    go.write_text("")
    while time.monotonic() < end and not (cache / f"ready-{key}").exists():
        time.sleep(0.05)
    assert (cache / f"ready-{key}").exists() and not stale.exists()
    assert ask()[:2] == ["True", "compiled"]  # (no kernel module is loaded there, so numba need not be)


_FAMILIES = textwrap.dedent('''
    import os, sys
    from futomip import _children, compiled
    from futomip.reduction import latin_kernels, nonogram_line_kernels
    compiled.WARMUP_MODULE = "no_such_warmup_for_test"  # a warm-up runs already: its lock is fresh
    answers = [compiled.compiled("latin"), compiled.compiled("nonogram"), compiled.compiled(),
               compiled.state(), compiled.state("latin"), compiled.state("nonogram"),
               type(latin_kernels.propagate).__name__, type(nonogram_line_kernels.settle_line).__name__]
    latin = latin_kernels.propagate
    open(compiled._ready_path(), "w").close()  # the warm-up has compiled every kernel
    compiled._next_look = 0.0
    answers += [compiled.compiled(), compiled.state(), type(nonogram_line_kernels.settle_line).__name__,
                latin_kernels.propagate is latin]
    print(" ".join(str(answer).replace(" ", "-") for answer in answers))
    _children.end_all_children()
''')


def test_a_family_the_warmup_has_compiled_runs_compiled_while_the_other_still_compiles(tmp_path):
    """While the background warm-up still compiles the nonogram kernels, a Latin-family search
    gets the Latin kernels as soon as their family's ready file is there (the names inside the
    Latin kernel modules become numba dispatchers, the nonogram ones stay interpreted); once
    every kernel is ready, the rest switches too and the Latin dispatchers stay as they were."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    cache = tmp_path / "kernels"
    env = dict(os.environ, **{compiled.CACHE_VARIABLE: str(cache)})
    env.pop(compiled.ENVIRONMENT_VARIABLE, None)
    env.pop("NUMBA_CACHE_DIR", None)
    key = subprocess.run([sys.executable, "-c", "from futomip import compiled; print(compiled.package_key())"],
                         capture_output=True, text=True, env=env, check=True).stdout.strip()
    cache.mkdir()
    (cache / f"warming-{key}").write_text("1")
    (cache / f"ready-{key}-latin").write_text("")
    done = subprocess.run([sys.executable, "-c", _FAMILIES], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "False", "warming-up", "compiled", "warming-up",
                                   "CPUDispatcher", "Kernel", "True", "compiled", "CPUDispatcher", "True"]


def test_the_warmup_compiles_the_family_that_started_it_first():
    from futomip.pipeline import kernel_warmup

    assert kernel_warmup.family_order() == ["nonogram", "latin"]
    assert kernel_warmup.family_order("latin") == ["latin", "nonogram"]
    assert kernel_warmup.family_order("nonogram") == ["nonogram", "latin"]
    assert sorted(kernel_warmup.family_order()) == sorted(compiled.FAMILIES)
    assert compiled.family_of("futomip.reduction.latin_search_kernels") == "latin"
    assert compiled.family_of("futomip.reduction.nonogram_cdcl_scan") == "nonogram"
    assert compiled.family_of("kernels_for_test") is None


def test_the_warmup_runs_every_search_and_leaves_the_ready_file(tmp_path):
    """The background warm-up's puzzles all reach the split search (so its first call compiles
    the search kernels), every one is solved and verified, every compiled entry point of the
    Latin kernels is compiled, and it writes the ready file, removes its lock and restores the
    thresholds it lowered."""
    from futomip.pipeline import kernel_warmup
    from futomip.reduction import latin_core, nonogram_compiled, nonogram_split

    before = (nonogram_compiled.COMPILE_CELLS, nonogram_compiled.EAGER_CELLS, latin_core.COMPILE_AFTER,
              nonogram_split.ENGINE)
    ready, lock = tmp_path / "ready", tmp_path / "lock"
    lock.write_text("")
    lines: list[str] = []
    families: list[str] = []
    results = kernel_warmup.warm_up(lines.append, "latin", families.append)
    assert families == ["latin", "nonogram"]
    kinds = [result.puzzle.kind for result in results]
    assert kinds == sorted(kinds, key=lambda kind: kind == "nonogram")  # the Latin family's puzzles first
    assert kernel_warmup.main([str(ready), str(lock), "latin"]) == 0
    assert ready.exists() and not lock.exists()
    assert all((tmp_path / f"ready-{family}").exists() for family in compiled.FAMILIES)
    assert before == (nonogram_compiled.COMPILE_CELLS, nonogram_compiled.EAGER_CELLS, latin_core.COMPILE_AFTER,
                      nonogram_split.ENGINE)
    assert {result.puzzle.kind for result in results} == {"nonogram", "futoshiki", "sudoku", "adjacent", "latin"}
    if compiled.compiled():  # every Latin entry point compiled (and so cached for later processes)
        from futomip.reduction import latin_cdcl_kernels, latin_packed_kernels

        assert all(getattr(latin_packed_kernels, name).signatures for name in
                   ("packed_search", "packed_propagate", "packed_probe_cell", "packed_restart", "packed_undo",
                    "packed_restrict"))
        assert latin_cdcl_kernels.search.signatures  # the learning search (``--restarts learn``)
    for result in results:
        assert result.status == "solved", lines
        if result.reduction["level"] == "split":
            assert result.reduction["search"]["nodes"] > 0, (result.puzzle.name, result.reduction)


@pytest.mark.parametrize("callee", ["kernel", "inline_kernel"])
def test_a_kernel_without_refcounts_gives_the_interpreted_answer_and_is_cached_apart(tmp_path, callee):
    """A ``@kernel(refcounts=False)`` passing a tuple of arrays to another such kernel (or to an
    ``inline_kernel(refcounts=False)``, copied into it) returns what it returns interpreted
    (FUTOMIP_COMPILE=0), is compiled without numba's reference counting, and is cached in a
    folder of its own (numba's cache index does not tell the options apart)."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    (tmp_path / "plain_kernels_for_test.py").write_text(textwrap.dedent('''
        from futomip.compiled import inline_kernel, kernel

        @CALLEE(refcounts=False)
        def scaled(arrays, i):
            arrays[1][i] = arrays[0][i] * 3
            return arrays[1][i]

        @kernel(refcounts=False)
        def total(arrays):
            s = 0
            for i in range(len(arrays[0])):
                s += scaled(arrays, i)
            return s
    ''').replace("CALLEE", callee))
    env = dict(os.environ)
    env[compiled.ENVIRONMENT_VARIABLE] = "1"
    env.pop("NUMBA_CACHE_DIR", None)
    env[compiled.CACHE_VARIABLE] = str(tmp_path / "kernels")
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    program = textwrap.dedent('''
        import numpy as np
        import plain_kernels_for_test as k
        from futomip import compiled
        arrays = (np.arange(10, dtype=np.int64), np.zeros(10, dtype=np.int64))
        answer = k.total(arrays)
        options = k.total.targetoptions if compiled.compiled() else {}
        print(answer, int(arrays[1].sum()), options.get("_nrt", True))
    ''')
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["135", "135", "False"]
    env[compiled.ENVIRONMENT_VARIABLE] = "0"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env,
                          timeout=300, cwd=tmp_path)
    assert done.stdout.split() == ["135", "135", "True"], done.stderr
    assert [path.name for path in (tmp_path / "kernels").iterdir()][0].endswith("-norefcounts")


def test_an_inline_kernel_gives_the_same_answer_compiled_and_interpreted(tmp_path):
    """A kernel marked ``inline_kernel`` (copied into its compiled caller) returns the same
    value called from a kernel and from Python, compiled and with FUTOMIP_COMPILE=0."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    module = tmp_path / "inline_for_test.py"
    module.write_text(textwrap.dedent('''
        from futomip.compiled import inline_kernel, kernel

        @inline_kernel
        def square_into(values, at):
            values[at] = values[at] * values[at]
            return values[at]

        @kernel
        def squares(values):
            total = 0
            for at in range(len(values)):
                total += square_into(values, at)
            return total
    '''))
    program = textwrap.dedent('''
        import numpy as np
        import inline_for_test as k
        values = np.arange(10, dtype=np.int64)
        print(k.squares(values), k.square_into(values, 3), int(values.sum()))
    ''')
    on = _run(program, "1", tmp_path)
    assert on == _run(program, "0", tmp_path) == "285 81 357"


def test_an_inline_kernel_without_refcounts_taking_array_tuples_gives_the_interpreted_answer(tmp_path):
    """A kernel marked ``inline_kernel(refcounts=False)`` that takes a tuple of arrays and returns
    a tuple, called from a ``kernel(refcounts=False)``, gives the same answers and array contents
    compiled and with FUTOMIP_COMPILE=0, and is compiled inlined and without reference counts."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    (tmp_path / "inline_tuple_kernels_for_test.py").write_text(textwrap.dedent('''
        from futomip.compiled import inline_kernel, kernel

        @inline_kernel(refcounts=False)
        def bump(arrays, i, tops):
            low, high = tops
            arrays[1][i] = arrays[0][i] + low
            return low + 1, high + arrays[1][i]

        @kernel(refcounts=False)
        def sweep(arrays):
            tops = (0, 0)
            for i in range(len(arrays[0])):
                tops = bump(arrays, i, tops)
            return tops[1]
    '''))
    program = textwrap.dedent('''
        import numpy as np
        import inline_tuple_kernels_for_test as k
        from futomip import compiled
        arrays = (np.arange(10, dtype=np.int64), np.zeros(10, dtype=np.int64))
        answer = k.sweep(arrays)
        options = k.bump.targetoptions if compiled.compiled() else {"_nrt": False, "inline": "always"}
        print(answer, int(arrays[1].sum()), options.get("_nrt", True), options.get("inline"))
    ''')
    assert _run(program, "1", tmp_path) == _run(program, "0", tmp_path) == "90 90 False always"


_ACCOUNT = textwrap.dedent('''
    import json, random, sys
    from futomip import compiled, io, solve, verify
    from futomip.puzzles.nonogram import from_grid
    from futomip.reduction import latin_core, latin_split, nonogram_compiled, reduce

    compiled.PAYS_AFTER = float(sys.argv[1])
    # Only the account decides here: a search that ran long enough in Python loads the kernels
    # on its own (hard9-seed100 passed latin_core.COMPILE_AFTER once, in a CI run on a cold cache).
    latin_core.COMPILE_AFTER = float("inf")
    nonogram_compiled.KERNEL_AFTER = nonogram_compiled.SEARCH_KERNEL_AFTER = float("inf")
    rng = random.Random(5)
    seen = {"nonogram": [], "futoshiki": []}

    def nonograms():
        for _ in range(3):
            grid = [[int(rng.random() < 0.5) for _ in range(15)] for _ in range(15)]
            puzzle = from_grid(grid)
            result = solve(puzzle, solver="highs", reduce="lines")
            assert result.status == "solved" and verify(puzzle, result.grid) == [], result
            seen["nonogram"].append(compiled.loaded())

    def futoshiki():
        for seed in (100, 101, 102):
            puzzle = io.read(f"data/futoshiki/hard9/hard9-seed{seed}.txt")[0]
            search = latin_split.Split(puzzle, reduce(puzzle, "split"))
            leaves = list(search)
            assert len(leaves) == 1 and search.finished
            assert verify(puzzle, tuple(tuple(leaves[0].masks[r * 9 + c].bit_length() for c in range(9))
                                        for r in range(9))) == []
            seen["futoshiki"].append(search.summary()["compiled"])

    for kind in sys.argv[2].split(","):
        {"nonogram": nonograms, "futoshiki": futoshiki}[kind]()
    print(json.dumps(seen))
''')


@pytest.mark.parametrize("pays_after, order, expected", [
    ("inf", "nonogram,futoshiki", {"nonogram": [False] * 3, "futoshiki": [False] * 3}),
    ("1e-9", "nonogram,futoshiki", {"nonogram": [False, True, True], "futoshiki": [True] * 3}),
    ("1e-9", "futoshiki", {"nonogram": [], "futoshiki": [False, True, True]}),
])
def test_python_work_summed_over_a_process_loads_the_kernels_for_what_comes_next(pays_after, order, expected):
    """Puzzles each too short to load the kernels on their own (15x15 nonograms, hard 9x9
    Futoshiki) stay in Python, unless this process's Python work (any kind's) has reached
    ``PAYS_AFTER``: then the next puzzle's work runs compiled (here the first puzzle's Python
    work is enough).  Every grid is verified."""
    env = {**os.environ, "FUTOMIP_COMPILE": "1"}
    done = subprocess.run([sys.executable, "-c", _ACCOUNT, pays_after, order], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected


def test_the_account_loads_nothing_when_the_deadline_leaves_no_room_for_the_load(monkeypatch):
    """With the account full, ``pays`` says yes without a deadline or with ``LOAD_ROOM`` left,
    and no when the deadline is nearer (the load cannot be interrupted); loaded kernels pay
    whatever the deadline.  ``use_kernels`` passes a nonogram's deadline on."""
    import time

    from futomip.puzzles.nonogram import from_grid
    from futomip.reduction import nonogram_compiled

    monkeypatch.setattr(compiled, "_decided", None)
    monkeypatch.setattr(compiled, "_interpreted_seconds", compiled.PAYS_AFTER)
    now = time.perf_counter()
    assert compiled.pays() and compiled.pays(now + compiled.LOAD_ROOM + 5)
    assert not compiled.pays(now + compiled.LOAD_ROOM / 2)
    monkeypatch.setattr(compiled, "_interpreted_seconds", compiled.PAYS_AFTER / 2)
    assert not compiled.pays()
    monkeypatch.setattr(nonogram_compiled, "compiled", lambda family=None: True)  # never loads anything here
    monkeypatch.setattr(compiled, "_interpreted_seconds", compiled.PAYS_AFTER)
    puzzle = from_grid([[1, 0] * 6] * 12)  # 144 cells: at least COMPILE_CELLS, below EAGER_CELLS
    assert nonogram_compiled.use_kernels(puzzle)
    assert not nonogram_compiled.use_kernels(puzzle, stop_at=time.perf_counter() + compiled.LOAD_ROOM / 2)
    monkeypatch.setattr(compiled, "_decided", True)
    assert compiled.pays(time.perf_counter()) and nonogram_compiled.use_kernels(puzzle, stop_at=time.perf_counter())


_NEW_FILES = textwrap.dedent('''
    import os, subprocess, sys
    cache = os.environ["FUTOMIP_KERNEL_CACHE"]
    def files():
        return {os.path.join(folder, name) for folder, _, names in os.walk(cache) for name in names}
    before = files()
    done = subprocess.run([sys.executable, "-m", "futomip", *sys.argv[1:], "--json", "--time-limit", "60"],
                          capture_output=True, text=True)
    print(done.returncode, sorted(os.path.basename(path) for path in files() - before))
    print(done.stdout.splitlines()[0] if done.stdout else "{}")
''')


@pytest.mark.slow
def test_after_the_warmup_no_command_compiles_a_kernel_in_its_own_process(tmp_path):
    """After the background warm-up, commands that reach kernels from Python in ways the
    warm-up's searches do not (the LP dive's fixings, a compiled search starting from fixed
    cells, the Python learning search's compiled line solves and explanations) load every
    kernel from the cache and add nothing to it: a kernel compiled in a user's process takes
    seconds that no time limit stops.  Each command once compiled one (29 Nov)."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    env = {**os.environ, compiled.CACHE_VARIABLE: str(tmp_path)}
    env.pop(compiled.ENVIRONMENT_VARIABLE, None)
    key = subprocess.run([sys.executable, "-c", "from futomip import compiled; print(compiled.package_key())"],
                         capture_output=True, text=True, env=env, check=True).stdout.strip()
    ready = tmp_path / f"ready-{key}"
    subprocess.run([sys.executable, "-m", compiled.WARMUP_MODULE, str(ready), str(tmp_path / "lock")],
                   env={**env, compiled.ENVIRONMENT_VARIABLE: "1"}, check=True, capture_output=True, timeout=1200)
    assert ready.exists()
    taai = "../shared/corpus/nonogram-taai-tournament/question/taai2011.txt"
    qcp = "../shared/corpus/latin-qcp-minizinc-benchmarks/QCP/qcp-25-264-0_ext.mzn"
    commands = [[qcp, "--backend", "highspy", "--solver", "highs"]]
    if os.path.exists(taai):
        commands += [[taai, "--index", "506", "--backend", "highspy", "--solver", "highs", "--unique"],
                     [taai, "--index", "586", "--method", "sat"] if _has_pysat() else None]
    import futomip
    import futomip.io

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for command in filter(None, commands):
        if not os.path.exists(command[0]):
            continue
        done = subprocess.run([sys.executable, "-c", _NEW_FILES, *command], capture_output=True, text=True, env=env,
                              timeout=300, cwd=root)
        assert done.returncode == 0, done.stderr
        first, report = done.stdout.split("\n", 1)
        assert first == "0 []", (command, done.stdout)
        # Every grid the command printed passes the independent verifier.
        result = json.loads(report)
        index = int(command[command.index("--index") + 1]) if "--index" in command else 0
        puzzle = futomip.io.read(os.path.join(root, command[0]))[index]
        for grid in [result["solution"]] + [found for found in result.get("solutions") or []]:
            assert futomip.verify(puzzle, tuple(map(tuple, grid))) == [], command


def _has_pysat() -> bool:
    import importlib.util

    return importlib.util.find_spec("pysat") is not None


LOAD_WITHOUT_WAITING = textwrap.dedent('''
    import sys, threading, time
    import numpy as np
    import kernels_for_test as k
    from futomip import compiled
    touched = []
    def touch():
        touched.append(threading.current_thread() is not threading.main_thread())
        k.outer(np.arange(3, dtype=np.int64))
    first = compiled.compiled_without_waiting("kernels", touch)
    # The caller goes on meanwhile (a Python search); here it only asks again now and then.
    asked = 1
    while not compiled.compiled_without_waiting("kernels", touch):
        asked += 1
        time.sleep(0.001)
    print(first, asked > 1, touched, k.outer(np.arange(10, dtype=np.int64)), type(k.inner).__name__)
''')


def test_kernels_load_in_a_thread_while_the_caller_goes_on(tmp_path):
    """``compiled_without_waiting`` answers False at once and loads numba and the kernels in a
    thread, which then calls ``touch`` (each entry point once); True once the thread is done,
    and the kernels run compiled.  With FUTOMIP_COMPILE=0 it is ``compiled()``: False, no thread."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    assert _run(LOAD_WITHOUT_WAITING.replace('"kernels"', "None"), "1", tmp_path).split() == \
        ["False", "True", "[True]", "286", "CPUDispatcher"]
    off = "from futomip import compiled; import sys; " \
          "print(compiled.compiled_without_waiting('latin', lambda: print('touched')), 'numba' in sys.modules)"
    assert _run(off, "0", tmp_path).split() == ["False", "False"]


FAILING_LOAD = textwrap.dedent('''
    from futomip import compiled
    calls = []
    def broken(family=None):
        calls.append(family)
        raise ImportError("numba is broken here")
    compiled._would_load = lambda family: True
    compiled.compiled = broken
    first = compiled.compiled_without_waiting("nonogram", lambda: None)
    still = compiled.loading("nonogram", wait=5.0)
    try:
        compiled.compiled_without_waiting("nonogram", lambda: None)
        raised = "nothing"
    except ImportError as exc:
        raised = str(exc).replace(" ", "_")
    print(first, still, raised, ",".join(calls), len(compiled._loads))
''')


def test_a_load_that_fails_in_its_thread_fails_in_the_callers_thread(tmp_path):
    """When the background load raises (a broken numba), the next question asks ``compiled``
    in the caller's thread, which meets the failure there, as a load without a thread did:
    nothing is swallowed, and no thread is started again and again.  In a process of its own:
    the layer's state is the process's, which other tests' threads share."""
    assert _run(FAILING_LOAD, "1", tmp_path).split() == \
        ["False", "False", "numba_is_broken_here", "nonogram,nonogram", "0"]
