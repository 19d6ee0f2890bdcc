"""futomip finds its formulations however it is run: installed, editable, or from a checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_models_import_from_a_plain_checkout():
    """Without any installed copy (no site-packages), `futomip.models` loads from `models/`."""
    code = "import futomip.models as m, futomip.models.globals as g; print(m.__file__); import futomip.models.futoshiki as f; print(f.ENCODINGS)"
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    first, kinds = done.stdout.splitlines()
    assert Path(first) == ROOT / "models" / "__init__.py"
    assert "tight" in kinds


def test_pyproject_ships_every_package():
    """Every package folder under futomip/ and models/ is listed for the wheel (a missing one
    breaks imports of an installed copy)."""
    text = (ROOT / "pyproject.toml").read_text()
    for init in ROOT.joinpath("models").rglob("__init__.py"):
        package = ".".join(("futomip",) + init.parent.relative_to(ROOT).parts)
        assert f'"{package}"' in text, f"{package} is not in pyproject.toml's packages"
    for init in ROOT.joinpath("futomip").rglob("__init__.py"):
        package = ".".join(init.parent.relative_to(ROOT).parts)
        assert f'"{package}"' in text, f"{package} is not in pyproject.toml's packages"


def test_a_second_checkout_uses_its_own_models(tmp_path):
    """A copy of this tree run under PYTHONPATH (a worktree, a benchmark's snapshot) takes its
    own `models/`, also where this checkout is installed editable (as the README's test command
    installs it): the editable install maps `futomip.models` to this checkout's folder by name,
    which once gave a snapshot's package this checkout's formulations."""
    copy = tmp_path / "tree"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "futomip", copy / "futomip", ignore=ignore)
    shutil.copytree(ROOT / "models", copy / "models", ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    code = ("import futomip, futomip.models as m, futomip.models.latin as l, futomip.models.globals.one_hot as o; "
            "print(futomip.__file__); print(m.__file__); print(l.__file__); print(o.__file__)")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        assert Path(line).resolve().is_relative_to(copy.resolve()), done.stdout
