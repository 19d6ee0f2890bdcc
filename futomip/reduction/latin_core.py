"""The Latin kernels' arrays and when they run compiled: the bridge from ``Board`` to the kernels.

``Core(board, masks)`` lays a ``latin.Board`` and a set of masks out as the flat arrays of
``latin_arrays`` and calls the kernels of ``latin_kernels`` and ``latin_search_kernels``.
It starts interpreted, on Python lists, because numba's import and the loading of its
cached machine code cost 0.4-1 s that a small puzzle, done in a few milliseconds, should
not pay.  The core switches to the compiled kernels on numpy arrays once the work done
interpreted has taken ``COMPILE_AFTER`` seconds (or at once with ``mode="compiled"``, or when
``futomip.compiled.pays``); the state lives in the arrays, so a search goes on where it was.  A compiled core takes its
structure and workspace from ``latin_layout`` (one array each, the workspace from a pool per
size, given back when the core is collected) and calls the kernels through the entry points of
``latin_packed_kernels``, which take those two arrays.
``FUTOMIP_COMPILE=0`` or a missing numba keeps everything interpreted, and so do orders
above ``latin_kernels.MAX_SIZE``, whose masks do not fit 64-bit integers (``usable``
says whether a board fits; callers then keep ``Board.propagate``).  The kernels take the
Adjacent pairs too (``latin_kernels.PAIR_NEAR``, ``PAIR_APART``), numbered after the signs
as in ``Board.pairs``.

Interpreted runs call interpreted callees: the kernels are copied into one namespace of
plain functions (``_interpreted_kernels``), so that calling them never decides the compiled
layer (and never imports numba) behind the caller's back; there ``popcount`` and
``bit_index`` are Python's own ``int.bit_count`` and ``bit_length() - 1``.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import time
import types
from typing import Any

from .. import compiled
from . import latin_arrays, latin_kernels, latin_layout, latin_match_kernels, latin_packed_kernels, latin_search_kernels
from .latin_kernels import C_FAILED, C_NODES, C_PROBES, C_PRUNED, C_DEPTH, MAX_SIZE

__all__ = ["COMPILE_AFTER", "Core", "usable"]

COMPILE_AFTER = 0.5
"""Seconds of interpreted work after which the kernels go compiled.  Loading numba and its
cached kernels costs about 0.4 s of CPU and up to 1 s of wall time once per process
(docs/measurements.md); switching after about as much work as the switch costs (the
ski-rental rule) keeps a search within about twice the better of staying interpreted and
compiling at once.  A puzzle settled sooner never loads numba."""

_KERNEL_MODULES = (latin_arrays, latin_match_kernels, latin_kernels, latin_search_kernels)
_namespace: types.SimpleNamespace | None = None


def usable(board) -> bool:
    """Whether ``board`` fits the kernels (order at most ``MAX_SIZE``, and no rules beyond the
    Latin family's: a board with ``kernels = False`` propagates in Python only)."""
    return board.n <= MAX_SIZE and getattr(board, "kernels", True)


def _interpreted_kernels() -> types.SimpleNamespace:
    """Every kernel of the kernel modules as a plain function whose calls reach plain functions."""
    global _namespace
    if _namespace is None:
        # The two bit primitives are loops for numba; Python has them built in (same results
        # on the non-negative masks they get), and they are most of the interpreted time.
        _namespace = compiled.interpreted_namespace(_KERNEL_MODULES, {"popcount": int.bit_count,
                                                                      "bit_index": _highest_bit})
    return _namespace


def _highest_bit(bit: int) -> int:
    return bit.bit_length() - 1


class _Compiled:
    """The kernels as the compiled layer has them now (dispatchers after the switch)."""

    def __getattr__(self, name: str):
        for module in _KERNEL_MODULES:
            if hasattr(module, name):
                # Kept: a compiled core exists only after the switch, when the modules' names
                # are the dispatchers already (a search calls ``search`` once per chunk).
                value = getattr(module, name)
                setattr(self, name, value)
                return value
        raise AttributeError(name)


class Core:
    """A Latin board and one array of masks, with the kernels that work on them in place.

    ``mode``: "auto" (interpreted, compiled after ``COMPILE_AFTER`` s of work when
    numba is there; at once when the kernels pay in this process already,
    ``futomip.compiled.pays``, with ``stop_at`` the work's deadline), "interpreted" or
    "compiled" (at once; still interpreted when the compiled layer is off)."""

    _workspace = None
    """The pooled workspace a compiled core holds (``latin_layout.acquire``), None otherwise."""

    def __init__(self, board, masks, mode: str = "auto", stop_at: float | None = None) -> None:
        if not usable(board):
            raise ValueError(f"the Latin kernels take orders up to {MAX_SIZE}, not {board.n}")
        self.board = board
        kept = self.layout = latin_layout.layout(board)
        self.st = kept.st
        self.mode = mode
        self.interpreted_time = 0.0
        self.compiled = False
        if (mode == "compiled" or mode == "auto" and compiled.pays(stop_at, "latin")) and compiled.compiled("latin"):
            # Straight to numpy (a short 9x9 search costs about as much as converting lists).
            self._compile_arrays(None, masks)
            return
        ws = [[0] * size for size in kept.sizes]
        ws[latin_kernels.W_WEIGHT] = list(kept.weights)
        self.ws = tuple(ws)
        self.dom = list(masks)
        self.kernels: Any = _interpreted_kernels()
        if mode == "compiled":
            self._compile()

    def release(self) -> None:
        """Give the compiled workspace back to the pool (``latin_layout``): call it when the
        core is done (it is called when the core is collected); the core's arrays are gone."""
        workspace = self._workspace
        if workspace is not None:
            self._workspace = self.ws = self.dom = self._packed = None
            latin_layout.release(workspace)

    def __del__(self) -> None:
        try:
            self.release()
        except Exception:  # interpreter shutdown: the pool may be gone already
            pass

    # -- the switch ----------------------------------------------------------------------
    def timed(self, started: float) -> None:
        """Count interpreted work since ``started`` and compile once there was enough."""
        if not self.compiled:
            spent = time.perf_counter() - started
            self.interpreted_time += spent
            compiled.count_interpreted(spent)
            if self.mode == "auto" and self.interpreted_time >= COMPILE_AFTER:
                self._compile()

    def _compile(self) -> None:
        if self.compiled:
            return
        if not compiled.compiled("latin"):
            if self.mode == "auto" and compiled.state("latin") == "warming up":
                # Not final: the background warm-up is compiling the kernels (after installing);
                # ask again after as much work again.
                self.interpreted_time = 0.0
            else:
                self.mode = "interpreted"
            return
        self._compile_arrays(self.ws, self.dom)

    def _compile_arrays(self, ws, dom) -> None:
        """The arrays as a pooled numpy workspace holding ``dom`` and, when given, the
        interpreted workspace ``ws`` (else a fresh one), and the compiled kernels from now on."""
        workspace = self._workspace = latin_layout.acquire(self.layout, dom)
        if ws is not None:
            for array, values in zip(workspace[1], ws):
                array[:] = values
        self.ws, self.dom = workspace[1], workspace[2]
        self.st = latin_layout.structure_arrays(self.layout)
        # The compiled entry points take the two packed arrays (``latin_packed_kernels``).
        self._packed = (self.layout.packed, workspace[4])
        self.kernels = _Compiled()
        self.compiled = True

    # -- reading -------------------------------------------------------------------------
    def control(self, index: int) -> int:
        return int(self.ws[latin_kernels.W_CTL][index])

    def set_control(self, index: int, value: int) -> None:
        self.ws[latin_kernels.W_CTL][index] = value

    def masks(self) -> tuple[int, ...]:
        # tolist() gives Python ints at C speed (a generator of int() cost 10 µs on a 9x9).
        return tuple(self.dom.tolist() if self.compiled else self.dom)

    def failure(self) -> str:
        """The constraint that failed last, named as ``Board.failure`` names it."""
        failed, board = self.control(C_FAILED), self.board
        if failed < len(board.groups):
            return board.names[failed]
        p = failed - len(board.groups)
        a, b = board.pairs[p]
        relation = "<" if p < len(board.less) else \
            "differs by 1 from" if p < len(board.less) + len(board.near) else "differs by more than 1 from"
        return f"{_cell(board.n, a)} {relation} {_cell(board.n, b)}"

    def counters(self) -> dict:
        return {"nodes": self.control(C_NODES), "pruned": self.control(C_PRUNED),
                "depth": self.control(C_DEPTH), "probes": self.control(C_PROBES)}

    # -- work ----------------------------------------------------------------------------
    def propagate(self, cells) -> bool:
        """The "lines" fixpoint of the masks from ``cells`` (forgets the trail)."""
        touch = self.ws[latin_kernels.W_TOUCH]
        count = 0
        for i in cells:
            touch[count] = i
            count += 1
        started = time.perf_counter()
        if self.compiled:
            ok = bool(latin_packed_kernels.packed_propagate(*self._packed, count))
        else:
            ok = bool(self.kernels.propagate(self.dom, self.st, self.ws, count))
        self.set_control(latin_kernels.C_TRAIL, 0)
        self.timed(started)
        return ok

    def probe_cell(self, i: int) -> int:
        """``latin_search_kernels.probe_cell`` on cell i (forgets the trail)."""
        started = time.perf_counter()
        if self.compiled:
            outcome = int(latin_packed_kernels.packed_probe_cell(*self._packed, i))
        else:
            outcome = int(self.kernels.probe_cell(self.dom, self.st, self.ws, i))
        self.set_control(latin_kernels.C_TRAIL, 0)
        self.timed(started)
        return outcome

    def search(self, budget: int) -> int:
        """``latin_search_kernels.search`` for at most ``budget`` nodes: PAUSED, LEAF or DONE."""
        if self.compiled:  # no switch to time
            return int(latin_packed_kernels.packed_search(*self._packed, budget))
        started = time.perf_counter()
        outcome = int(self.kernels.search(self.dom, self.st, self.ws, budget))
        self.timed(started)
        return outcome

    def restart(self) -> None:
        if self.compiled:
            latin_packed_kernels.packed_restart(*self._packed)
        else:
            self.kernels.restart(self.dom, self.ws)

    # -- a dive's fixings, undone from the trail (``latin_dive``) -------------------------
    def trail(self) -> int:
        """The trail's length now: a mark for ``undo``."""
        return self.control(latin_kernels.C_TRAIL)

    def restrict(self, changes) -> bool:
        """Each (cell, mask) of ``changes`` keeps only ``mask`` of its cell, then the "lines"
        fixpoint, all on the trail; False when it fails (the masks are then partly changed:
        ``undo`` to a mark taken before)."""
        if self.compiled:
            # One call on the packed arrays: the kernels taking (dom, st, ws) from Python have
            # no compiled signature in the warm-up's cache (a first dive compiled them in the
            # process, some 15 s that no time limit could stop).
            import numpy as np

            changes = list(changes)
            cells = np.fromiter((cell for cell, _ in changes), dtype=np.int64, count=len(changes))
            masks = np.fromiter((mask for _, mask in changes), dtype=np.int64, count=len(changes))
            return bool(latin_packed_kernels.packed_restrict(*self._packed, cells, masks, len(changes)))
        touch = self.ws[latin_kernels.W_TOUCH]
        count = 0
        for cell, mask in changes:
            self.kernels.assign(self.dom, self.ws, cell, self.dom[cell] & mask)
            touch[count] = cell
            count += 1
        started = time.perf_counter()
        ok = bool(self.kernels.propagate(self.dom, self.st, self.ws, count))
        self.timed(started)
        return ok

    def undo(self, mark: int) -> None:
        """Every mask back to what it was when the trail was ``mark`` long."""
        if self.compiled:
            latin_packed_kernels.packed_undo(*self._packed, mark)
        else:
            self.kernels.undo(self.dom, self.ws, mark)

    def prefer(self, bits) -> None:
        """The value bit each cell's search tries first under C_VALUE_ORDER 2 (0: none)."""
        prefer = self.ws[latin_kernels.W_PREFER]
        for cell, bit in enumerate(bits):
            prefer[cell] = bit


def _cell(n: int, i: int) -> str:
    return f"cell ({i // n + 1},{i % n + 1})"
