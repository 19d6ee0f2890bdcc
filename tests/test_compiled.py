"""The compiled layer: one source that runs compiled by numba or interpreted, with equal results."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from futomip import compiled


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
    on = _run(PROGRAM, None, tmp_path).split()
    off = _run(PROGRAM, "0", tmp_path).split()
    assert on[0] == off[0] == "286"
    assert on[1:] == ["True", "True", "CPUDispatcher"]
    assert off[1:] == ["False", "False", "Kernel"]


def test_numba_is_not_imported_until_a_kernel_runs(tmp_path):
    """Importing a kernel module does not import numba (small puzzles never pay for it)."""
    code = "import sys, kernels_for_test; print('numba' in sys.modules)"
    assert _run(code, None, tmp_path) == "False"


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
    assert _run(code, None, tmp_path).split() == ["interrupted", "None", "Kernel", "286", "True", "CPUDispatcher"]


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
    env.pop(compiled.ENVIRONMENT_VARIABLE, None)
    env.pop("NUMBA_CACHE_DIR", None)
    env[compiled.CACHE_VARIABLE] = str(tmp_path / "kernels")
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
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
    on = _run(program, None, tmp_path)
    assert on == _run(program, "0", tmp_path) == "285 81 357"
