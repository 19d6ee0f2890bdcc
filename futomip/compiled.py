"""One source, compiled or interpreted: the decorator that futomip's hot loops wear.

    from ..compiled import kernel

    @kernel
    def settle_line(...):          # plain Python over numpy arrays and integers
        ...

A ``@kernel`` function is ordinary Python.  On its first call the compiled layer decides,
once per process, whether kernels run compiled: they do when numba can be imported and the
environment variable ``FUTOMIP_COMPILE`` is not ``0``, and, unless it is ``1``, once the
kernels are compiled on this machine (see "The first compilation" below).  Then every kernel of every module
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

The first compilation.  Compiling every kernel takes one to three minutes after installing
(numba compiles on first use; later processes load its on-disk cache in under a second), and
no deadline can interrupt a compilation that has begun.  So by default (``FUTOMIP_COMPILE``
unset or ``auto``) the first process that wants the kernels while their cache is cold
starts one background process, ``python -m futomip.pipeline.kernel_warmup``, which compiles
them all on small workloads and then leaves a ``ready-KEY`` file in the cache folder (KEY: a
digest of the package's sources, so an upgrade or an edit compiles again); until that file
exists ``compiled()`` answers False and the callers run their Python code, which keeps every
time limit.  ``FUTOMIP_COMPILE=1`` compiles in the process itself when a kernel is first
called, as benchmarks and the test suite want.  A lock file (``warming-KEY``) keeps to one
warm-up per machine; one older than ``STALE_WARMUP`` seconds is taken for dead.

Families.  The kernels come in two families, named by their modules (``latin_...`` and
``nonogram_...``), which call no kernel of the other.  The warm-up compiles the family whose
work started it first (the Latin family in about a third of the whole) and leaves a
``ready-KEY-FAMILY`` file for each family as it is done, so a Futoshiki solved while the
nonogram kernels still compile already gets compiled Latin kernels: ``compiled("latin")``
switches that family alone (``_switched``), and the whole layer switches once ``ready-KEY``
says every kernel is compiled.  Callers that know their family name it (``compiled``,
``pays``, ``loaded``, ``state``); a kernel knows its own.

Over a whole process.  Each caller decides for its own work (a search that has run long
enough in Python loads the kernels), but a batch or a program solving many puzzles, each settled
in a few tenths of a second of Python, would never decide to: a 25x25 nonogram's probing takes
0.1-0.3 s in Python and some 5 ms compiled.  So the callers add their Python work to one account
(``count_interpreted``), and once it reaches ``PAYS_AFTER`` seconds in this process, as much as
loading the kernels costs, ``pays()`` says the kernels are worth it for what comes next: the
ski-rental rule again, over the process instead of one puzzle.  The load cannot be interrupted,
so the account never starts it for work whose deadline is less than ``LOAD_ROOM`` away.

Without waiting.  Loading the kernels (numba's import, then their cached machine code on each
entry point's first call) takes 0.3-0.5 s that no signal or deadline check interrupts; a
command whose whole-model worker answers meanwhile would read the answer only after it.  A
caller that can go on in Python asks ``compiled_without_waiting(family, touch)``: the load,
and ``touch`` calling each entry point once, run in a thread, and the answer is False until
they are done; meanwhile the caller keeps its turns (``loading(family, wait)`` waits for the
thread a little at a time).  Most of the load is file reading and llvmlite's foreign calls,
which release the GIL, so a Python caller can even go on working beside it (at about 90% of
its speed), but on a machine whose other cores are busy (the whole-model worker) it is better
to wait.

Must not import anything from futomip.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
import threading
import time
import types
from typing import Callable, Iterator, TypeVar

T = TypeVar("T")
_END = object()

__all__ = ["Kernel", "kernel", "inline_kernel", "compiled", "compiled_without_waiting", "loading", "compile_requested",
           "compile_here", "loaded", "state",
           "package_key", "count_interpreted", "pays", "timed_interpreted", "family_of", "FAMILIES", "ENVIRONMENT_VARIABLE",
           "ENVIRONMENT_VALUES",
           "CACHE_VARIABLE",
           "WARMUP_MODULE", "PAYS_AFTER", "LOAD_ROOM"]

ENVIRONMENT_VARIABLE = "FUTOMIP_COMPILE"
"""``FUTOMIP_COMPILE=0`` runs every kernel interpreted (numba is then never imported); ``1``
compiles in this process on first use; unset or ``auto`` waits for the background warm-up."""
ENVIRONMENT_VALUES = ("0", "1", "auto", "", "false", "no", "off", "true", "yes", "on")
"""What ``FUTOMIP_COMPILE`` may hold (any case): ``0``/``false``/``no``/``off``, ``1``/``true``/``yes``/``on``,
``auto`` or empty (the program refuses anything else)."""

WARMUP_MODULE = "futomip.pipeline.kernel_warmup"
"""The module run (``python -m``) to compile every kernel in the background."""
STALE_WARMUP = 900.0
"""Seconds after which a warm-up lock file is taken for a warm-up that died."""
RECHECK = 1.0
"""Seconds between two looks for the warm-up's ``ready`` file (``compiled()`` is called often)."""

PAYS_AFTER = 1.0
"""Seconds of Python work on kernel-shaped loops, summed over this process, after which the
kernels pay for what comes next (``pays``): loading them costs 0.4-1 s (numba's import and its
cached machine code)."""
LOAD_ROOM = 1.0
"""Seconds a deadline must still leave for the account to load the kernels: the load cannot be
interrupted, so a puzzle with less time left (a batch's short ``--time-limit``) stays in Python."""

_next_look = 0.0
_interpreted_seconds = 0.0
_warmup_started = False
_key: str | None = None

_kernels: list["Kernel"] = []
_lock = threading.Lock()
_decided: bool | None = None
_switched: set[str] = set()
"""Families switched to compiled code on their own while ``_decided`` is still None."""
_ready_seen: frozenset[str] = frozenset()
"""What the last look for ready files found: family names, and ``EVERY`` for ``ready-KEY``."""

FAMILIES = ("latin", "nonogram")
"""The kernel families: a kernel's family is the first word of its module's name."""
EVERY = "every"
"""``_ready_seen``'s name for the file that says every kernel is compiled."""


def family_of(module_name: str) -> str | None:
    """The family of the kernels of module ``module_name`` (None: no family, only the whole
    layer's switch applies)."""
    word = module_name.rsplit(".", 1)[-1].split("_", 1)[0]
    return word if word in FAMILIES else None


def compile_requested() -> bool:
    """True unless ``FUTOMIP_COMPILE`` is ``0`` (or ``false``/``no``/``off``)."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "1").strip().lower() not in ("0", "false", "no", "off")


def compile_here() -> bool:
    """Whether ``FUTOMIP_COMPILE`` asks to compile in this process on first use (``1``,
    ``true``, ``yes``, ``on``) instead of waiting for the background warm-up."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "auto").strip().lower() in ("1", "true", "yes", "on")


def compiled(family: str | None = None) -> bool:
    """Whether kernels (of ``family``, one of ``FAMILIES``; None: every kernel) run compiled in
    this process (decides on first call: imports numba).

    While the kernels' cache is cold and ``compile_here()`` is False, the answer is False and
    not final: the background warm-up is started (once, with ``family`` first), and the
    question is asked again.  Once the warm-up has compiled ``family``, that family switches
    alone; once it has compiled every kernel, the whole layer does, for good."""
    global _decided
    if _decided is None:
        if family in _switched:
            return True
        with _lock:
            if _decided is None:
                wanted = compile_requested() and importlib.util.find_spec("numba") is not None
                if wanted and not compile_here():
                    ready = _warm()
                    if EVERY not in ready:
                        if family in ready:
                            _switch([wrapped for wrapped in _kernels if wrapped.family == family])
                            _switched.add(family)
                            return True
                        _start_warmup(family)
                        return family in _switched
                if wanted:
                    _switch([wrapped for wrapped in _kernels if wrapped.family not in _switched])
                # Decided only once the switch is complete: a Ctrl-C during numba's import (a
                # second or so) leaves every kernel as it was, and the next call tries again.
                _decided = wanted
    return _decided


_loads: dict[str, threading.Thread] = {}
"""The background loads of ``compiled_without_waiting``, by family (the last one started)."""
_load_failed: dict[str, bool] = {}
"""Families whose background load raised (``compiled_without_waiting`` then asks in the caller's thread)."""


def compiled_without_waiting(family: str, touch: Callable[[], None]) -> bool:
    """``compiled(family)`` for a caller that must not wait for numba: True once ``family``'s
    kernels run compiled in this process; while they would have to be loaded (numba's import
    and their cached machine code: 0.3-0.5 s, during which a command could not read its
    worker's pipe), that is done in a background thread, which then calls ``touch`` (each entry
    point once, so that numba loads its code there), and the answer is False until the thread
    is done.  Ask again later (``loading`` waits for the thread).  The thread mostly waits on
    files and on llvmlite's calls, which release the GIL.
    Where nothing has to be loaded (decided already, or the cache still cold: the warm-up is
    started) this is ``compiled(family)`` itself."""
    if _decided is not None or family in _switched:
        return bool(_decided) or family in _switched
    loading = _loads.get(family)
    if loading is not None:
        if loading.is_alive():
            return False
        del _loads[family]
        if _load_failed.pop(family, False):
            return compiled(family)  # in the caller's thread: the failure is raised there, as without a thread
        return _decided is True or family in _switched
    if not _would_load(family):
        return compiled(family)

    def load() -> None:
        try:
            if compiled(family):
                touch()
        except Exception:  # noqa: BLE001 - the caller's next call meets the failure in its own thread.
            _load_failed[family] = True

    thread = threading.Thread(target=load, name=f"futomip-load-{family}-kernels", daemon=True)
    _loads[family] = thread
    thread.start()
    return False


def loading(family: str, wait: float = 0.0) -> bool:
    """Whether ``compiled_without_waiting`` is loading ``family``'s kernels in a thread now,
    after waiting up to ``wait`` seconds for it to finish."""
    thread = _loads.get(family)
    if thread is None:
        return False
    if wait > 0:
        thread.join(wait)
    return thread.is_alive()


def _would_load(family: str) -> bool:
    """Whether ``compiled(family)`` would import numba now (not: decline, or start the warm-up)."""
    if not compile_requested() or importlib.util.find_spec("numba") is None:
        return False
    return compile_here() or bool(_warm() & {family, EVERY})


def state(family: str | None = None) -> str:
    """The state of the kernels (of ``family``; None: every kernel) in this process, in words
    (never imports numba nor starts anything): "off", "compiled", "ready" (cached, loaded on
    first use), "warming up" or "cold"."""
    if not compile_requested() or importlib.util.find_spec("numba") is None:
        return "off"
    if loaded(family):
        return "compiled"
    if compile_here() or os.path.exists(_ready_path()) or family is not None and os.path.exists(_ready_path(family)):
        return "ready"
    return "warming up" if os.path.exists(_lock_path()) else "cold"


def package_key() -> str:
    """A digest of every Python source of the installed package: the warm-up's name for it."""
    global _key
    if _key is None:
        import hashlib

        digest = hashlib.sha256()
        root = os.path.dirname(os.path.abspath(__file__))
        for folder, subfolders, files in sorted(os.walk(root)):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    digest.update(os.path.relpath(path, root).encode())
                    with open(path, "rb") as source:
                        digest.update(source.read())
        _key = digest.hexdigest()[:16]
    return _key


def _ready_path(family: str | None = None) -> str:
    """The warm-up's file saying that every kernel (or ``family``'s) is compiled."""
    every = os.path.join(_cache_base(), f"ready-{package_key()}")
    return every if family is None else f"{every}-{family}"


def _lock_path() -> str:
    return os.path.join(_cache_base(), f"warming-{package_key()}")


def _warm() -> frozenset[str]:
    """What the warm-up has compiled: the families whose ready file exists, and ``EVERY`` when
    every kernel is (looked at most every ``RECHECK`` s; between looks, the last look's answer)."""
    global _next_look, _ready_seen
    now = time.monotonic()
    if now >= _next_look:
        _next_look = now + RECHECK
        _ready_seen = frozenset([EVERY]) if os.path.exists(_ready_path()) else \
            frozenset(family for family in FAMILIES if os.path.exists(_ready_path(family)))
    return _ready_seen


def _await_command_line(pid: int, longest: float = 1.0) -> None:
    """Wait until the new process's command line is readable: right after its exec it reads
    empty for a moment, and the futomip program tells the warm-up from the children it must
    end by that line (``futomip._children.LEFT_ALONE``)."""
    end = time.monotonic() + longest
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as line:
                if line.read(1):
                    return
        except OSError:
            return  # no /proc here, or the process is gone
        time.sleep(0.002)


def _start_warmup(first: str | None = None) -> None:
    """Start the background warm-up unless this process or another one already did; it
    compiles family ``first`` first (None: its own order)."""
    global _warmup_started
    if _warmup_started:
        return
    _warmup_started = True
    lock = _lock_path()
    try:
        os.makedirs(os.path.dirname(lock), exist_ok=True)
        try:
            handle = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            if time.time() - os.path.getmtime(lock) < STALE_WARMUP:
                return  # another process is compiling
            os.unlink(lock)
            handle = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        with open(lock + ".log", "w") as log:
            process = subprocess.Popen([sys.executable, "-m", WARMUP_MODULE, _ready_path(), lock]
                                       + ([first] if first else []),
                                       stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                       env=dict(os.environ, **{ENVIRONMENT_VARIABLE: "1"}),
                                       start_new_session=True, close_fds=True)
        os.write(handle, str(process.pid).encode())
        os.close(handle)
        _await_command_line(process.pid)
    except OSError:
        pass  # a read-only cache folder or no way to start a process: the Python code runs


def loaded(family: str | None = None) -> bool:
    """Whether kernels (of ``family``; None: every kernel) already run compiled in this process
    (never imports numba): a caller that would only gain a little from compiling can use them
    when someone else paid for it."""
    return bool(_decided) or family in _switched


def count_interpreted(seconds: float) -> None:
    """Add ``seconds`` of work that ran in Python but has kernels to this process's account."""
    global _interpreted_seconds
    _interpreted_seconds += seconds


def timed_interpreted(items: Iterator[T]) -> Iterator[T]:
    """``items`` one by one, the time spent producing each counted by ``count_interpreted``
    (for a search that runs in Python: the time its consumer spends between items is not its
    own)."""
    while True:
        started = time.perf_counter()
        item = next(items, _END)
        count_interpreted(time.perf_counter() - started)
        if item is _END:
            return
        yield item


def pays(stop_at: float | None = None, family: str | None = None) -> bool:
    """Whether the kernels (of ``family``) pay in this process (never imports numba): they are
    loaded already, or the Python work counted so far has reached ``PAYS_AFTER`` (see "Over a
    whole process") and the deadline ``stop_at`` (``time.perf_counter()``; None: none) leaves
    ``LOAD_ROOM``."""
    if loaded(family):
        return True
    return _interpreted_seconds >= PAYS_AFTER and (stop_at is None or stop_at - time.perf_counter() >= LOAD_ROOM)


class Kernel:
    """A hot-loop function that runs compiled by numba or interpreted, from one source."""

    def __init__(self, function: Callable, refcounts: bool = True) -> None:
        functools.update_wrapper(self, function)
        self.interpreted = function
        self.refcounts = refcounts
        self.family = family_of(function.__module__)
        self._target: Callable | None = None

    def __call__(self, *args):
        target = self._target
        if target is None:
            compiled(self.family)
            target = self._target or self.interpreted
            self._target = target
        return target(*args)

    def __repr__(self) -> str:
        return f"<kernel {self.interpreted.__module__}.{self.interpreted.__qualname__}>"


def kernel(function: Callable | None = None, *, refcounts: bool = True):
    """Mark ``function`` as a kernel (see the module docstring).

    A module imported after the layer switched to compiled gets the numba dispatcher itself
    (with ``.interpreted`` set), so that kernels of that module see compiled callees too.

    ``@kernel(refcounts=False)`` compiles without numba's reference counting of arrays
    (its ``_nrt`` target option), for kernels that only index arrays they are given and
    never create, keep or return one: counting every array of a tuple passed to a small
    callee, with atomic instructions, was two thirds of the Latin search's time."""
    if function is None:
        return functools.partial(kernel, refcounts=refcounts)
    wrapped = Kernel(function, refcounts)
    with _lock:
        _kernels.append(wrapped)
        if _decided or wrapped.family in _switched:
            _compile_one(wrapped)
            return wrapped._target
    return wrapped


def interpreted_namespace(modules, overrides: dict | None = None) -> types.SimpleNamespace:
    """Every kernel of ``modules`` as a plain function whose calls to kernels of those modules
    reach plain functions too (``overrides`` replace some of them): an interpreted run that
    never decides the compiled layer, nor imports numba, behind its caller's back."""
    shared: dict = {}
    for module in modules:
        shared.update(vars(module))
    plain = {}
    for module in modules:
        for name, value in vars(module).items():
            function = getattr(value, "interpreted", None)
            if isinstance(function, types.FunctionType) and function.__module__ == module.__name__:
                plain[name] = types.FunctionType(function.__code__, shared, function.__name__,
                                                 function.__defaults__, function.__closure__)
    plain.update(overrides or {})
    shared.update(plain)
    return types.SimpleNamespace(**plain)


def inline_kernel(function: Callable | None = None, *, refcounts: bool = True):
    """``kernel``, whose compiled body numba copies into every compiled caller
    (``inline="always"``): a call between kernels that stays a call passes each array with
    atomic reference counts, which cost more than a small kernel's work in a hot loop.
    Without reference counts a call still passes every array of a tuple argument as seven
    machine words on the stack (some 220 pushes for the Latin kernels' two tuples), which
    inlining saves too.

    The copy is compiled with its caller's options (a caller without reference counts
    counts none in it); ``refcounts`` applies where the kernel is called from Python."""
    if function is None:
        return functools.partial(inline_kernel, refcounts=refcounts)
    function._futomip_inline = True
    return kernel(function, refcounts=refcounts)


def _dispatcher(wrapped: Kernel):
    import numba
    from numba.core import config
    from numba.core.options import DefaultOptions

    # numba checks a cached kernel against its own file only, so a kernel whose callee in
    # another module changed would load the old callee's code from the cache.  Each kernel's
    # cache therefore lives in a folder named by the contents of every module it reaches;
    # numba's own NUMBA_CACHE_DIR, when a user sets it, is left alone.
    previous = config.CACHE_DIR
    if not previous:
        # numba's cache index does not tell compile options apart: their own folder.
        config.CACHE_DIR = os.path.join(_cache_base(), _sources_key(wrapped.interpreted.__module__)
                                        + ("" if wrapped.refcounts else "-norefcounts"))
    try:
        options = {"cache": True, "nogil": True,
                   "inline": "always" if getattr(wrapped.interpreted, "_futomip_inline", False) else "never"}
        if not wrapped.refcounts and hasattr(DefaultOptions, "_nrt"):
            options["_nrt"] = False  # an older or newer numba without the option counts
        dispatcher = numba.njit(**options)(wrapped.interpreted)
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


def _switch(kernels: list[Kernel]) -> None:
    """Give each of ``kernels`` its numba dispatcher and rebind their names inside kernel modules.

    The slow part (importing numba, making the dispatchers; each compiles on its first call)
    comes before anything is changed, so an interrupt there leaves the kernels interpreted."""
    dispatchers = [(wrapped, _dispatcher(wrapped)) for wrapped in kernels]
    for wrapped, dispatcher in dispatchers:
        wrapped._target = dispatcher
    _rebind_names(kernels)


def _rebind_names(kernels: list[Kernel]) -> None:
    # Only the names of ``kernels``: a kernel of a family still interpreted keeps its
    # ``Kernel`` object in its module, whose own switch comes later.
    by_identity = {id(wrapped): wrapped for wrapped in kernels}
    modules = {wrapped.interpreted.__module__ for wrapped in kernels}
    for name in modules:
        module = sys.modules.get(name)
        if module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if id(value) in by_identity and by_identity[id(value)] is value:
                setattr(module, attribute, value._target)
