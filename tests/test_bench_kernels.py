"""``futomip bench`` loads the compiled search kernels before it measures (a one-off cost)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "data"
HARD = DATA / "futoshiki" / "hard9" / "hard9-seed100.txt"
STR8TS = DATA / "str8ts" / "seeds"

PROGRAM = """
import json, sys
from futomip import compiled, io
from futomip.bench import run_benchmark
puzzles = [p for path in sys.argv[1:] for p in io.read(path)]
measured = run_benchmark(puzzles, [("highspy", "highs", None, "lines")])
print(json.dumps({"loaded": compiled.loaded(), "numba": "numba" in sys.modules,
                  "solved": [m.status for m in measured]}))
"""


def _bench(*paths: Path) -> dict:
    env = dict(os.environ, FUTOMIP_COMPILE="1")
    done = subprocess.run([sys.executable, "-c", PROGRAM, *map(str, paths)], capture_output=True, text=True,
                          env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_a_latin_family_benchmark_loads_the_kernels_before_its_first_run():
    """A benchmark of a hard 9x9 Futoshiki (a kind with a split search) has the compiled kernels
    loaded in its process, even where its own runs never reach them (reduce lines here)."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    outcome = _bench(HARD)
    assert outcome == {"loaded": True, "numba": True, "solved": ["solved"]}


def test_a_benchmark_of_kinds_without_a_search_does_not_import_numba():
    """Str8ts has no split search: its benchmark loads nothing."""
    path = STR8TS / "blog-sample.txt"
    outcome = _bench(path)
    assert outcome["loaded"] is False and outcome["numba"] is False
    assert set(outcome["solved"]) == {"solved"}


def test_a_benchmark_loads_the_family_it_needs_while_the_other_still_compiles(monkeypatch):
    """The Latin kernels compiled and the nonogram ones still warming up: a benchmark of Latin
    kinds loads the Latin family alone (it waited for every kernel, so its first searches ran
    interpreted inside the measure), and one with a nonogram among its puzzles loads nothing."""
    from futomip import compiled, io
    from futomip.bench import load_kernels
    from futomip.pipeline import kernel_warmup

    ready = {"latin"}
    monkeypatch.setattr(compiled, "state", lambda family=None: "ready" if family in ready else "warming up")
    switched = set()
    monkeypatch.setattr(compiled, "loaded", lambda family=None: family in switched)
    calls = []

    def warm_up(say=print, first=None, done=lambda family: None, families=None):
        calls.append(set(families))
        switched.update(families)
        return []

    monkeypatch.setattr(kernel_warmup, "warm_up", warm_up)
    futoshiki = io.load(HARD)
    nonogram = io.load(DATA / "nonogram" / "wolter" / "knotty.nin")
    assert load_kernels([nonogram, futoshiki]) is False and calls == []
    assert load_kernels([futoshiki]) is True and calls == [{"latin"}]
    assert load_kernels([futoshiki]) is True and calls == [{"latin"}]  # once
