"""The tutorial notebook (docs/tutorial.ipynb) runs from top to bottom on this checkout's
futomip, in a kernel that is this test's own Python, and shows what it says it shows: the
board as a picture, verified grids, the conflict and the nonogram drawn."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "tutorial.ipynb"


def execute_notebook(path: Path, tmp_path: Path, monkeypatch):
    """The notebook, executed by nbclient in a kernel started with ``sys.executable`` (a
    kernel spec of its own in a temporary Jupyter path, so no other installed Python is used)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    spec = tmp_path / "jupyter" / "kernels" / "futomip-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "futomip test", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.executable)"))
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="futomip-test",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError at the first cell that fails
    return notebook


def test_tutorial_runs_and_shows_its_pictures(tmp_path, monkeypatch):
    """Every cell of the tutorial runs without an error in this Python, the first cell shows
    the board as SVG, the solvers' loop solves (or skips a missing solver with its reason),
    and the conflict and the nonogram are drawn."""
    notebook = execute_notebook(NOTEBOOK, tmp_path, monkeypatch)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code[-1].outputs[0]["text"].strip() == sys.executable
    for cell in code:
        assert all(output.get("output_type") != "error" for output in cell.outputs)
    svgs = [cell for cell in code if any("image/svg+xml" in output.get("data", {}) for output in cell.outputs)]
    assert code[0] in svgs  # the board
    texts = "\n".join(output.get("text", "") for cell in code for output in cell.outputs)
    assert "highspy/highs: solved" in texts and "pulp/cbc: solved" in texts
    assert ("pulp/scip: solved" in texts) or ("pulp/scip: skipped" in texts)
    assert "sample-5 unique: False" in texts and "all solutions: 39" in texts
    assert "infeasible" in texts and "cell (4,4) is given as 3" in texts
    assert len(svgs) >= 4  # board, solved board, conflict, nonogram
