"""The floors of DESIGN.md hold: import-linter's contracts (pyproject.toml) are kept, and a
circle or an upward import put back breaks them.

grimp, under import-linter, reads the files of the ``futomip/`` folder; ``futomip.models``
is the top-level ``models/`` folder, installed under that name.  So the contracts are also
checked on a copy laid out as installed (``futomip/models/``), where the formulations are
part of the graph.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
LINT = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True, no_logo=True))"


def _lint(folder: Path) -> subprocess.CompletedProcess:
    # The folder is the working directory, which lint-imports puts first on sys.path, so
    # its futomip/ is the one analysed (not the installed or editable copy).
    return subprocess.run([sys.executable, "-c", LINT], cwd=folder, capture_output=True, text=True, timeout=120)


def _installed_layout(folder: Path) -> Path:
    """futomip/ with models/ inside it, and the contracts: the package as a wheel installs it."""
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "futomip", folder / "futomip", ignore=skip)
    shutil.copytree(ROOT / "models", folder / "futomip" / "models", ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    return folder


def test_the_checkout_keeps_every_contract():
    """``lint-imports`` at the root of the checkout (what a developer runs) finds no broken contract."""
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 broken." in done.stdout


def test_the_installed_layout_keeps_every_contract(tmp_path):
    """With the formulations in place as ``futomip.models``, every contract is still kept."""
    done = _lint(_installed_layout(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 broken." in done.stdout


# Each forbidden import, put back at the end of a module, and what lint-imports must say.
PUT_BACK = [
    # The ground floor reaching the top: the circle every other import of cli closes.
    ("errors.py", "from futomip import cli", "futomip.errors is not allowed to import futomip.cli"),
    # The solvers' floor reaching the backends again (the old run_interruptibly arrow).
    ("solvers/highs.py", "from ..backends.highspy_backend import presolve_summary",
     "futomip.solvers is not allowed to import futomip.backends"),
    # A circle inside one package (the old race <-> tasks), which no floor rule sees.
    ("pipeline/race.py", "from .tasks import run", "No cycles are allowed in futomip.pipeline."),
    # One kind's instance reaching another's.
    ("puzzles/str8ts.py", "from .sudoku import Sudoku", "futomip.puzzles.str8ts is not allowed to import futomip.puzzles.sudoku"),
    # Formulations reaching the pipeline, a modelling layer, another kind: seen only in the
    # installed layout.
    ("models/futoshiki.py", "from futomip.pipeline import run", "futomip.models is not allowed to import futomip.pipeline"),
    ("models/sudoku.py", "from futomip.backends import base", "futomip.models is not allowed to import futomip.backends"),
    ("models/str8ts.py", "from .nonogram import formulate",
     "futomip.models.str8ts is not allowed to import futomip.models.nonogram"),
]


def test_every_import_put_back_is_named(tmp_path):
    """Upward imports, an in-package circle and imports between kinds, put back together in a
    copy, make lint-imports fail and name each one (one run: each name is specific to its import)."""
    folder = _installed_layout(tmp_path)
    for module, line, _ in PUT_BACK:
        path = folder / "futomip" / module
        path.write_text(path.read_text() + f"\n{line}  # put back by the test\n")
    done = _lint(folder)
    assert done.returncode == 1, done.stdout + done.stderr
    for module, _, complaint in PUT_BACK:
        assert complaint in done.stdout, f"{module}: {complaint!r} not in\n{done.stdout}"


def test_a_loose_top_level_module_must_be_given_a_floor(tmp_path):
    """A new module at the top of ``futomip/`` that no floor lists breaks the (exhaustive) layers contract."""
    folder = _installed_layout(tmp_path)
    (folder / "futomip" / "loose.py").write_text('"""A module nobody placed."""\n')
    done = _lint(folder)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "- futomip.loose" in done.stdout, done.stdout
