"""One source, compiled or interpreted: the decorator that futomip's hot loops wear.

    from ..compiled import kernel

    @kernel
    def settle_line(...):          # plain Python over numpy arrays and integers
        ...

A ``@kernel`` function is ordinary Python.  On its first call the compiled layer decides,
once per process, whether kernels run compiled: they do when numba can be imported and the
environment variable ``FUTOMIP_COMPILE`` is not ``0``.  Then every kernel of every module
that was loaded so far is handed to ``numba.njit(cache=True)`` (compiled on first use for
its argument types, and kept in numba's on-disk cache so that later processes load it
instead of compiling again; the cache folder is named by the sources of every module the
kernel reaches, so an edited callee is never loaded stale); otherwise they stay interpreted.  Either way the same source
runs, so the tests can compare the two on the same inputs.

Why lazily: importing numba costs a few tenths of a second, which a 7x7 puzzle that never
reaches a hot loop should not pay.  A caller that knows its input is small can call
``function.interpreted(...)`` to skip the compiled path (and numba's import) for that call.

Kernels call other kernels by their module-level names.  When the layer switches to compiled,
those names are rebound, in every module that holds one, to the compiled dispatchers, so
numba sees compiled callees; callers outside kernels keep the ``Kernel`` object, which
forwards to the compiled or interpreted function.

Must not import anything from futomip.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
import threading
from typing import Callable

__all__ = ["Kernel", "kernel", "inline_kernel", "compiled", "compile_requested", "loaded", "ENVIRONMENT_VARIABLE", "CACHE_VARIABLE"]

ENVIRONMENT_VARIABLE = "FUTOMIP_COMPILE"
"""``FUTOMIP_COMPILE=0`` runs every kernel interpreted (numba is then never imported)."""

_kernels: list["Kernel"] = []
_lock = threading.Lock()
_decided: bool | None = None


def compile_requested() -> bool:
    """True unless ``FUTOMIP_COMPILE`` is ``0`` (or ``false``/``no``/``off``)."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "1").strip().lower() not in ("0", "false", "no", "off")


def compiled() -> bool:
    """Whether kernels run compiled in this process (decides on first call: imports numba)."""
    global _decided
    if _decided is None:
        with _lock:
            if _decided is None:
                wanted = compile_requested() and importlib.util.find_spec("numba") is not None
                if wanted:
                    _switch_to_compiled()
                # Decided only once the switch is complete: a Ctrl-C during numba's import (a
                # second or so) leaves every kernel as it was, and the next call tries again.
                _decided = wanted
    return _decided


def loaded() -> bool:
    """Whether kernels already run compiled in this process (never imports numba): a caller
    that would only gain a little from compiling can use them when someone else paid for it."""
    return bool(_decided)


class Kernel:
    """A hot-loop function that runs compiled by numba or interpreted, from one source."""

    def __init__(self, function: Callable) -> None:
        functools.update_wrapper(self, function)
        self.interpreted = function
        self._target: Callable | None = None

    def __call__(self, *args):
        target = self._target
        if target is None:
            compiled()
            target = self._target or self.interpreted
            self._target = target
        return target(*args)

    def __repr__(self) -> str:
        return f"<kernel {self.interpreted.__module__}.{self.interpreted.__qualname__}>"


def kernel(function: Callable):
    """Mark ``function`` as a kernel (see the module docstring).

    A module imported after the layer switched to compiled gets the numba dispatcher itself
    (with ``.interpreted`` set), so that kernels of that module see compiled callees too."""
    wrapped = Kernel(function)
    with _lock:
        _kernels.append(wrapped)
        if _decided:
            _compile_one(wrapped)
            return wrapped._target
    return wrapped


def inline_kernel(function: Callable):
    """``kernel``, whose compiled body numba copies into every compiled caller
    (``inline="always"``): a call between kernels that stays a call passes each array with
    atomic reference counts, which cost more than a small kernel's work in a hot loop."""
    function._futomip_inline = True
    return kernel(function)


def _dispatcher(wrapped: Kernel):
    import numba
    from numba.core import config

    # numba checks a cached kernel against its own file only, so a kernel whose callee in
    # another module changed would load the old callee's code from the cache.  Each kernel's
    # cache therefore lives in a folder named by the contents of every module it reaches;
    # numba's own NUMBA_CACHE_DIR, when a user sets it, is left alone.
    previous = config.CACHE_DIR
    if not previous:
        config.CACHE_DIR = os.path.join(_cache_base(), _sources_key(wrapped.interpreted.__module__))
    try:
        inline = "always" if getattr(wrapped.interpreted, "_futomip_inline", False) else "never"
        dispatcher = numba.njit(cache=True, nogil=True, inline=inline)(wrapped.interpreted)
    finally:
        config.CACHE_DIR = previous
    dispatcher.interpreted = wrapped.interpreted
    return dispatcher


CACHE_VARIABLE = "FUTOMIP_KERNEL_CACHE"
"""The folder compiled kernels are kept in (default: the package's ``__pycache__/kernels``,
or ``~/.cache/futomip/kernels`` where the package is read-only)."""


def _cache_base() -> str:
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return chosen
    beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__", "kernels")
    try:
        os.makedirs(beside, exist_ok=True)
        if os.access(beside, os.W_OK):
            return beside
    except OSError:
        pass  # a read-only installation: the user's cache folder instead
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(home, "futomip", "kernels")


def _sources_key(module_name: str) -> str:
    """A digest of the sources of ``module_name`` and of every module whose kernels it calls,
    transitively (kernels call kernels by module-level names, so the module's globals say)."""
    import hashlib

    seen: set[str] = set()
    waiting = [module_name]
    while waiting:
        name = waiting.pop()
        module = sys.modules.get(name)
        if name in seen or module is None:
            continue
        seen.add(name)
        for value in list(vars(module).values()):
            function = getattr(value, "interpreted", None)
            if callable(function) and getattr(function, "__module__", None):
                waiting.append(function.__module__)
    digest = hashlib.sha256()
    for name in sorted(seen):
        path = getattr(sys.modules[name], "__file__", None)
        digest.update(name.encode())
        if path and os.path.exists(path):
            with open(path, "rb") as source:
                digest.update(source.read())
    return digest.hexdigest()[:16]


def _compile_one(wrapped: Kernel) -> None:
    wrapped._target = _dispatcher(wrapped)


def _switch_to_compiled() -> None:
    """Give every kernel its numba dispatcher and rebind kernel names inside kernel modules.

    The slow part (importing numba, making the dispatchers; each compiles on its first call)
    comes before anything is changed, so an interrupt there leaves the kernels interpreted."""
    dispatchers = [(wrapped, _dispatcher(wrapped)) for wrapped in _kernels]
    for wrapped, dispatcher in dispatchers:
        wrapped._target = dispatcher
    _rebind_names()


def _rebind_names() -> None:
    by_identity = {id(wrapped): wrapped for wrapped in _kernels}
    modules = {wrapped.interpreted.__module__ for wrapped in _kernels}
    for name in modules:
        module = sys.modules.get(name)
        if module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if id(value) in by_identity and by_identity[id(value)] is value:
                setattr(module, attribute, value._target)
