"""The Latin kernels' entry points from Python on two packed arrays: the structure and the workspace.

A call from Python into a compiled kernel unboxes every array it is given: with ``dom``, the
8 arrays of ``st`` and the 22 of ``ws`` that cost 1.4-4 µs warm and 30-85 µs in a process that
has just been idle (its caches and predictors refilled; docs/notes/sudoku.md), once per call,
against a short 9x9 Sudoku search of some 200 µs of kernel work.  ``latin_layout`` keeps the
structure in one array ``t`` and the workspace with ``dom`` in one array ``b``, each starting
with the bounds of its parts:

    t[k] .. t[k + 1]    st[k], k < 8                        (t[0] = 9)
    b[k] .. b[k + 23]   ws[k], k < 22; b[22] .. b[45] dom   (starts, then ends)

and the entry points below cut the views back out (inlined: no copy, no allocation) and call
the kernels of ``latin_kernels`` and ``latin_search_kernels`` with them.  Interpreted they run
on numpy views as well (slicing a numpy array shares its memory); ``latin_core``'s
interpreted cores keep calling the kernels on lists.

Must not import anything from futomip but ``futomip.compiled``, ``latin_arrays``,
``latin_kernels`` and ``latin_search_kernels``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel
from .latin_arrays import W_TOUCH, assign, undo
from .latin_kernels import propagate
from .latin_search_kernels import probe_cell, restart, search

ST_BOUNDS, WS_BOUNDS = 9, 46
"""Entries of bounds at the start of ``t`` and of ``b``."""


@inline_kernel(refcounts=False)
def unpack(t, b):
    """(dom, st, ws) as views into ``t`` and ``b``.  Only for kernels: compiled without
    reference counts, numba hands an array back to Python as its parent (the whole buffer)."""
    st = (t[t[0]:t[1]], t[t[1]:t[2]], t[t[2]:t[3]], t[t[3]:t[4]],
          t[t[4]:t[5]], t[t[5]:t[6]], t[t[6]:t[7]], t[t[7]:t[8]])
    ws = (b[b[0]:b[23]], b[b[1]:b[24]], b[b[2]:b[25]], b[b[3]:b[26]],
          b[b[4]:b[27]], b[b[5]:b[28]], b[b[6]:b[29]], b[b[7]:b[30]],
          b[b[8]:b[31]], b[b[9]:b[32]], b[b[10]:b[33]], b[b[11]:b[34]],
          b[b[12]:b[35]], b[b[13]:b[36]], b[b[14]:b[37]], b[b[15]:b[38]],
          b[b[16]:b[39]], b[b[17]:b[40]], b[b[18]:b[41]], b[b[19]:b[42]],
          b[b[20]:b[43]], b[b[21]:b[44]])
    return b[b[22]:b[45]], st, ws


@kernel(refcounts=False)
def packed_search(t, b, budget):
    """``search`` on the packed arrays."""
    dom, st, ws = unpack(t, b)
    return search(dom, st, ws, budget)


@kernel(refcounts=False)
def packed_propagate(t, b, touched):
    """``propagate`` on the packed arrays."""
    dom, st, ws = unpack(t, b)
    return propagate(dom, st, ws, touched)


@kernel(refcounts=False)
def packed_probe_cell(t, b, i):
    """``probe_cell`` on the packed arrays."""
    dom, st, ws = unpack(t, b)
    return probe_cell(dom, st, ws, i)


@kernel(refcounts=False)
def packed_restart(t, b):
    """``restart`` on the packed arrays."""
    dom, _, ws = unpack(t, b)
    restart(dom, ws)


@kernel(refcounts=False)
def packed_undo(t, b, mark):
    """``undo`` on the packed arrays."""
    dom, _, ws = unpack(t, b)
    undo(dom, ws, mark)


@kernel(refcounts=False)
def packed_restrict(t, b, cells, masks, count):
    """Each ``cells[k]`` keeps only ``masks[k]`` of its mask (k < count), on the trail, then the
    fixpoint from those cells: ``latin_core.Core.restrict`` (the LP dive's fixings) in one call."""
    dom, st, ws = unpack(t, b)
    touch = ws[W_TOUCH]
    for k in range(count):
        cell = cells[k]
        assign(dom, ws, cell, dom[cell] & masks[k])
        touch[k] = cell
    return propagate(dom, st, ws, count)
