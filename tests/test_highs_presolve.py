"""An "Infeasible" of HiGHS after its presolve rejected its own points is no proof.

``tests/data/str8ts-9x9-907-highs-presolve.txt`` is a 9x9 Str8ts that ``futomip generate``
met during its clue loop (several solutions).  HiGHS 1.16.0 with presolve on, given the
highspy backend's model of it, finds points of the presolved model that break the model
("untransformed violations"), rejects them and says "Infeasible"; ``futomip generate`` then
stopped, and ``futomip FILE`` said infeasible.  futomip takes such an answer as no proof
(``futomip.solvers.highs.presolve_rejected``: HiGHS holds a point) and solves again without
presolve, on every layer that drives HiGHS, and says so in the message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import futomip
from futomip import verify
from futomip.backends.highspy_backend import open_session
from futomip.kinds import kind_of
from futomip.options import Options
from futomip.pipeline.solve import solve
from futomip.puzzles.str8ts import Str8ts
from futomip.solvers import check, highs
from futomip.status import INFEASIBLE, SOLVED

PUZZLE = Path(__file__).resolve().parent / "data" / "str8ts-9x9-907-highs-presolve.txt"


def _needs(backend: str) -> None:
    pair = check(backend, "highs")
    if not pair.available:
        pytest.skip(f"{pair.name} not available here ({pair.how})")


def _shows_the_presolve_fault() -> bool:
    """Whether this HiGHS, presolve on, still says infeasible holding a point on the board."""
    highspy = pytest.importorskip("highspy")
    model = kind_of(futomip.load(PUZZLE)).model_module().formulate(futomip.load(PUZZLE)).model
    session = open_session(model, highs.SOLVER, Options("highspy", "highs"))
    raw_highs = session._highs
    raw_highs.run()
    return raw_highs.getModelStatus() == highspy.HighsModelStatus.kInfeasible and highs.presolve_rejected(raw_highs)


def test_the_highspy_backend_solves_the_board_it_once_called_infeasible():
    _needs("highspy")
    puzzle = futomip.load(PUZZLE)
    for unique in (False, True):
        result = solve(puzzle, unique=unique, options=Options("highspy", "highs"))
        assert result.status == SOLVED, result.message
        assert not verify(puzzle, result.grid)
        if unique:
            assert result.unique is False and not verify(puzzle, result.second)
    if _shows_the_presolve_fault():
        assert "retried with presolve off: solved" in result.message, result.message
    else:
        pytest.skip(f"HiGHS {pytest.importorskip('highspy').Highs().version()} no longer shows the presolve fault "
                    "on this board (the retry was not needed)")


def _contradiction() -> Str8ts:
    """A 3x3 Str8ts whose first row is given 1 _ 1: no solution."""
    return Str8ts.from_cells(3, frozenset(), [(0, 0, 1), (0, 2, 1)], name="contradiction")


@pytest.mark.parametrize("backend", ["highspy", "pulp", "pyomo"])
def test_every_layer_solves_again_without_presolve_when_told_presolve_rejected_points(monkeypatch, backend):
    """Where the fault is told (the check says yes once), each layer runs HiGHS again with
    presolve off, keeps that answer (here the true "infeasible") and says so."""
    _needs(backend)
    told = []

    def once(raw_highs) -> bool:
        told.append(raw_highs)
        return len(told) == 1

    monkeypatch.setattr(highs, "presolve_rejected", once)
    import futomip.backends.highspy_backend as highspy_backend

    monkeypatch.setattr(highspy_backend, "presolve_rejected", once)
    result = solve(_contradiction(), options=Options(backend, "highs", reduce="none"))
    assert result.status == INFEASIBLE
    assert "retried with presolve off" in result.message, result.message
    assert len(told) >= 1
