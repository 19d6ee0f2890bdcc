"""The Latin kernels' arrays and when they run compiled: the bridge from ``Board`` to the kernels.

``Core(board, masks)`` lays a ``latin.Board`` and a set of masks out as the flat arrays of
``latin_arrays`` and calls the kernels of ``latin_kernels`` and ``latin_search_kernels``.
It starts interpreted, on Python lists, because numba's import and the loading of its
cached machine code cost 0.4-1 s that a small puzzle, done in a few milliseconds, should
not pay.  The core switches to the compiled kernels on numpy arrays once the work done
interpreted has taken ``COMPILE_AFTER`` seconds (or at once with ``mode="compiled"``); the
state lives in the arrays, so a search goes on where it was.
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
from itertools import accumulate, chain
from typing import Any

from .. import compiled
from . import latin_arrays, latin_kernels, latin_match_kernels, latin_search_kernels
from .latin_kernels import (CONTROLS, C_FAILED, C_NODES, C_PROBES, C_PRUNED, C_DEPTH, MAX_SIZE, PAIR_APART,
                            PAIR_LESS, PAIR_NEAR)

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
        shared: dict[str, Any] = {}
        for module in _KERNEL_MODULES:
            shared.update(vars(module))
        plain = {}
        for module in _KERNEL_MODULES:
            for name, value in vars(module).items():
                function = getattr(value, "interpreted", None)
                if isinstance(function, types.FunctionType) and function.__module__ == module.__name__:
                    plain[name] = types.FunctionType(function.__code__, shared, function.__name__,
                                                     function.__defaults__, function.__closure__)
        # The two bit primitives are loops for numba; Python has them built in (same results
        # on the non-negative masks they get), and they are most of the interpreted time.
        plain["popcount"] = int.bit_count
        plain["bit_index"] = _highest_bit
        shared.update(plain)
        _namespace = types.SimpleNamespace(**plain)
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
    numba is there), "interpreted" or "compiled" (at once; still interpreted when the
    compiled layer is off)."""

    def __init__(self, board, masks, mode: str = "auto") -> None:
        if not usable(board):
            raise ValueError(f"the Latin kernels take orders up to {MAX_SIZE}, not {board.n}")
        self.board = board
        self.st, sizes, weights, _ = _layout(board)
        self.mode = mode
        self.interpreted_time = 0.0
        self.compiled = False
        if mode == "compiled" and compiled.compiled():
            # Straight to numpy (a short 9x9 search costs about as much as converting lists).
            self._compile_arrays([None] * len(sizes), sizes, weights, masks)
            return
        self.ws = [[0] * size for size in sizes]
        self.ws[latin_kernels.W_WEIGHT] = list(weights)
        self.dom = list(masks)
        self.kernels: Any = _interpreted_kernels()
        self.ws = tuple(self.ws)
        if mode == "compiled":
            self._compile()

    # -- the switch ----------------------------------------------------------------------
    def timed(self, started: float) -> None:
        """Count interpreted work since ``started`` and compile once there was enough."""
        if not self.compiled:
            self.interpreted_time += time.perf_counter() - started
            if self.mode == "auto" and self.interpreted_time >= COMPILE_AFTER:
                self._compile()

    def _compile(self) -> None:
        if self.compiled or not compiled.compiled():
            self.mode = "interpreted" if not self.compiled else self.mode
            return
        self._compile_arrays(self.ws, [len(a) for a in self.ws], None, self.dom)

    def _compile_arrays(self, ws, sizes, weights, dom) -> None:
        """The arrays as numpy's (``ws[k]`` None: zeros of ``sizes[k]``; ``weights``, when
        given, the failure weights) and the compiled kernels from now on."""
        import numpy as np

        self.st = _structure_arrays(self.board)
        self.ws = tuple(np.zeros(size, dtype=np.int64) if a is None else np.array(a, dtype=np.int64)
                        for a, size in zip(ws, sizes))
        if weights is not None:
            self.ws[latin_kernels.W_WEIGHT][:] = weights
        self.dom = np.array(dom, dtype=np.int64)
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
        ok = bool(self.kernels.propagate(self.dom, self.st, self.ws, count))
        self.set_control(latin_kernels.C_TRAIL, 0)
        self.timed(started)
        return ok

    def probe_cell(self, i: int) -> int:
        """``latin_search_kernels.probe_cell`` on cell i (forgets the trail)."""
        started = time.perf_counter()
        outcome = int(self.kernels.probe_cell(self.dom, self.st, self.ws, i))
        self.set_control(latin_kernels.C_TRAIL, 0)
        self.timed(started)
        return outcome

    def search(self, budget: int) -> int:
        """``latin_search_kernels.search`` for at most ``budget`` nodes: PAUSED, LEAF or DONE."""
        if self.compiled:  # no switch to time
            return int(self.kernels.search(self.dom, self.st, self.ws, budget))
        started = time.perf_counter()
        outcome = int(self.kernels.search(self.dom, self.st, self.ws, budget))
        self.timed(started)
        return outcome

    def restart(self) -> None:
        self.kernels.restart(self.dom, self.ws)

    # -- a dive's fixings, undone from the trail (``latin_dive``) -------------------------
    def trail(self) -> int:
        """The trail's length now: a mark for ``undo``."""
        return self.control(latin_kernels.C_TRAIL)

    def restrict(self, changes) -> bool:
        """Each (cell, mask) of ``changes`` keeps only ``mask`` of its cell, then the "lines"
        fixpoint, all on the trail; False when it fails (the masks are then partly changed:
        ``undo`` to a mark taken before)."""
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
        self.kernels.undo(self.dom, self.ws, mark)

    def prefer(self, bits) -> None:
        """The value bit each cell's search tries first under C_VALUE_ORDER 2 (0: none)."""
        prefer = self.ws[latin_kernels.W_PREFER]
        for cell, bit in enumerate(bits):
            prefer[cell] = bit


_SHAPES: dict[tuple, list] = {}
"""The groups' part of the structure per tuple of groups: [groups, cell_groups, per_cell, the
two as numpy arrays or None, and for boards without signs or Adjacent pairs the whole layout
and structure arrays or None], the same for every puzzle of a kind and order (all 9x9
Futoshiki, all 9x9 Sudoku)."""


def _shape(board) -> list:
    key = tuple(board.groups)
    shape = _SHAPES.get(key)
    if shape is None:
        per_cell = max(map(len, board.cell_groups)) if board.cell_groups else 0
        shape = [[i for group in board.groups for i in group],
                 [g for members in board.cell_groups for g in members + [-1] * (per_cell - len(members))],
                 per_cell, None, None, None]
        if len(_SHAPES) >= 64:
            _SHAPES.clear()
        _SHAPES[key] = shape
    return shape


def _layout(board) -> tuple[tuple[list[int], ...], list[int], list[int], list]:
    """The structure ``st`` (lists), the workspace's array sizes, the initial failure weights
    and the groups' shape of ``board``, kept on the board: it is built once per puzzle (the
    reduction's, see ``LatinDomains.board``) and may get several cores (the hand-over, the
    dive).  Nothing writes to them: the kernels only read ``st``, and the weights are copied
    into each core."""
    layout = getattr(board, "_kernel_layout", None)
    if layout is not None:
        return layout
    n, cells = board.n, board.n * board.n
    shape = _shape(board)
    if not board.pairs and shape[4] is not None:
        # No signs (Sudoku, completions): the whole layout is the shape's, the same for every
        # puzzle of the kind and order; building it again cost 45-55 µs of a cold search.
        layout = board._kernel_layout = shape[4]
        return layout
    groups, cell_groups, per_cell = shape[:3]
    lengths = list(map(len, board.cell_less))
    starts = [0, *accumulate(lengths)]
    items = list(chain.from_iterable(board.cell_less))
    kinds = [PAIR_LESS] * len(board.less) + [PAIR_NEAR] * len(board.near) + [PAIR_APART] * len(board.apart)
    st = (groups, cell_groups, [a for a, _ in board.pairs], [b for _, b in board.pairs], starts, items,
          [n, len(board.groups), len(board.pairs), per_cell, cells], kinds)
    capacity = cells * n + 2
    queue = len(board.pairs) + 2 * len(board.groups)
    sizes = [queue, queue, cells, n, n, n, n, n, n, capacity, capacity, CONTROLS, cells,
             capacity, capacity, capacity, capacity, cells, cells, n * len(board.groups), n, n, n]
    weights = [1 + length for length in lengths]
    layout = board._kernel_layout = (st, sizes, weights, shape)
    if not board.pairs:
        shape[4] = layout
    return layout


def _structure_arrays(board) -> tuple:
    """``st`` of ``board`` as numpy arrays, kept on the board (the groups' two arrays kept per
    shape); the kernels only read them, so cores share them."""
    arrays = getattr(board, "_kernel_arrays", None)
    if arrays is None:
        import numpy as np

        st, _, _, shape = _layout(board)
        if not board.pairs and shape[5] is not None:
            arrays = board._kernel_arrays = shape[5]  # no signs: the shape's arrays (see _layout)
            return arrays
        if shape[3] is None:
            shape[3] = (np.array(st[0], dtype=np.int64), np.array(st[1], dtype=np.int64))
        arrays = board._kernel_arrays = shape[3] + tuple(np.array(a, dtype=np.int64) for a in st[2:])
        if not board.pairs:
            shape[5] = arrays
    return arrays


def _cell(n: int, i: int) -> str:
    return f"cell ({i // n + 1},{i % n + 1})"
