"""futomip finds its formulations however it is run: installed, editable, or from a checkout."""

from __future__ import annotations

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
