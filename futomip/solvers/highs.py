"""HiGHS: the default solver, in this process through highspy, PuLP or Pyomo.

- highspy (futomip's lean backend): the model goes in as arrays; rows added after a solve
  go into the live model.  HiGHS' "solve error" is retried (another seed, then presolve
  off) there.
- PuLP (``pulp.HiGHS``): PuLP builds its own highspy model on every solve; futomip's
  subclass gives HiGHS the time left when it starts and runs it in HiGHS' own thread.
- Pyomo (``pyomo.contrib.solver`` persistent interface): rows added to the live model.

Options are HiGHS option names (``mip_rel_gap=0.01``, ``presolve=off``); the seed is
``random_seed``.  HiGHS' run time on hard Futoshiki depends strongly on the seed
(../shared/solver-notes).  Measured fastest with the ``weighted`` Futoshiki rows.
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
import time

from ..errors import UsageError
from ._base import Capabilities, Solver

__all__ = ["HIGHS_THREADS", "SOLVER", "typed_value", "highs_options", "interrupt_callback", "highs_stats", "run_highs",
           "run_interruptibly", "presolve_rejected", "PRESOLVE_REJECTED",
           "RETRIED_WITHOUT_PRESOLVE"]


STOP_WAIT = 0.8
"""Seconds an interrupted solve waits for HiGHS to stop before the interrupt goes on."""

HIGHS_THREADS = 1
"""HiGHS' threads when ``--threads`` does not say (HiGHS' own default is half the machine's
cores).  The schedule counts one core for the solver beside the search; with two HiGHS
threads the search, the worker and HiGHS' helper wanted three of two cores, so a command
left CPU pressure that made the next one take turns, and was itself slower (0.8 s of stall
in 5 s against 0.45 s, 4.95 s against 4.5 s; docs/measurements.md).  HiGHS alone was not
slower with one thread on the whole models measured there."""


PRESOLVE_REJECTED = "HiGHS said 'Infeasible' after rejecting points of its presolved model that break the model"
"""Why an "Infeasible" of HiGHS is not taken (``presolve_rejected``)."""

RETRIED_WITHOUT_PRESOLVE = f"{PRESOLVE_REJECTED}; retried with presolve off"
"""The note of a solve that such an answer made futomip run again without presolve."""


def presolve_rejected(highs) -> bool:
    """Whether HiGHS ended "Infeasible" while holding a point (``primal_solution_status`` not
    kSolutionStatusNone): it found points of its presolved model that break the model itself
    (its log says "untransformed violations") and rejected them, so presolve's reductions were
    wrong and the "Infeasible" is no proof.  Seen with HiGHS 1.16.0 on a generated 9x9 Str8ts
    (tests/test_highs_presolve.py), which presolve off solves; a true infeasibility leaves no
    point (92 of 92 in the bundled data's uniqueness proofs)."""
    import highspy

    return (highs.getModelStatus() == highspy.HighsModelStatus.kInfeasible
            and highs.getInfo().primal_solution_status != highspy.SolutionStatus.kSolutionStatusNone)


def run_interruptibly(highs, flag=None) -> None:
    """Run HiGHS in its own thread so that Ctrl-C reaches Python while it works.

    ``Highs.run()`` holds Python until HiGHS finishes, and highspy's own ``solve()`` catches
    the KeyboardInterrupt, prints to stdout and goes on; here the interrupt cancels the solve
    (HiGHS stops at its next interrupt check), waits for the thread, and is raised again.
    ``cancelSolve`` from the watchdog thread stops it the same way; so does ``flag`` (a
    ``CancelFlag``) once set, which also covers a cancel that came before ``startSolve``
    (that call forgets an earlier ``cancelSolve``).  Used by the highspy backend and by PuLP's
    HiGHS (``_timed_highs``); it lives here, with the solver, so that both reach it downward.
    """
    highs.HandleUserInterrupt = True
    try:
        # The interrupt can also land inside startSolve, after the thread has started.  (A solve
        # in its own thread starts HiGHS' threads anew: none of ``run_highs``' refusals here.)
        highs.startSolve()
        finished = False
        while not finished:
            if flag is not None and flag.requested:
                highs.cancelSolve()
            finished, _ = highs.wait(0.1)
    except KeyboardInterrupt:
        highs.cancelSolve()
        # Some phases of HiGHS (MIP presolve, probing) do not look at the interrupt for
        # seconds; the command must stop within two, so after STOP_WAIT the interrupt goes
        # on without HiGHS (the CLI then leaves with os._exit, so the running thread cannot
        # abort the process at interpreter exit).
        give_up = time.monotonic() + STOP_WAIT
        while highs.is_solver_running() and time.monotonic() < give_up:
            highs.wait(0.1)
        if not highs.is_solver_running():
            # A HiGHS whose solve was cancelled can abort the process when Python exits
            # ("terminate called without an active exception"); joining its worker threads
            # and emptying it makes that rare.
            _reset_scheduler()
            highs.clear()
        raise


def run_highs(highs, step: str = "run") -> None:
    """``highs.run()`` (or another step that starts HiGHS' threads: "presolve"), once more with
    HiGHS' thread count if it refused this one's (``_threads_refused``)."""
    call = getattr(highs, step)
    if _threads_refused(highs, call()):
        call()


def _threads_refused(highs, status) -> bool:
    """Whether the ``run()`` just made (which returned ``status``) ended at once because its
    ``threads`` differ from those HiGHS runs with in this thread (fixed by its first solve
    there, also in a parent process whose memory a forked worker shares): then ``threads`` is
    set to 0, "as HiGHS runs now", for the run again.  A process whose first solve was not
    futomip's (a user's own highspy work) may have two threads where futomip asks for one."""
    import highspy

    if status != highspy.HighsStatus.kError or highs.getModelStatus() != highspy.HighsModelStatus.kNotset:
        return False
    threads = highs.getOptionValue("threads")
    if (threads[1] if isinstance(threads, tuple) else threads) == 0:
        return False
    highs.setOptionValue("threads", 0)
    return True


def _reset_scheduler() -> None:
    try:
        from highspy._core import _Highs

        _Highs.resetGlobalScheduler(True)
    except (ImportError, AttributeError):
        pass


def typed_value(text: str):
    """A command-line option value as HiGHS wants it: bool, int, float or the text itself."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def highs_options(options) -> dict:
    """HiGHS option name -> value for futomip's seed, threads and ``--solver-option`` values."""
    values = {name: typed_value(value) for name, value in options.solver_options}
    if options.seed is not None:
        values["random_seed"] = int(options.seed)
    if options.threads:
        values["threads"] = int(options.threads)
    values.setdefault("threads", HIGHS_THREADS)
    return values


def highs_stats(highs) -> dict:
    """The statistics of a finished HiGHS run: branch-and-bound nodes, simplex iterations,
    and the final gap where HiGHS has one (``inf`` before a point is found is left out)."""
    info = highs.getInfo()
    stats = {"nodes": int(info.mip_node_count), "lp_iterations": int(info.simplex_iteration_count)}
    gap = float(info.mip_gap)
    if 0 <= gap < float("inf"):
        stats["gap"] = gap
    return stats


_quiet_once = []


def new_highs():
    """A silent ``highspy.Highs``.  highspy 1.16 prints a two-line banner on the process's
    standard output when its first ``Highs`` is made, before any option can be set; the
    first one futomip makes is made with descriptor 1 pointed at /dev/null, so the banner
    never reaches a script's output or a notebook cell (later ones print nothing)."""
    import highspy

    if _quiet_once:
        highs = highspy.Highs()
    else:
        import sys

        sys.stdout.flush()
        saved = os.dup(1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 1)
            highs = highspy.Highs()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
            os.close(devnull)
        _quiet_once.append(True)
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("threads", HIGHS_THREADS)
    return highs


def pass_model(highs, model, integer: bool = True) -> None:
    """Load a ``futomip.linear.LinearModel`` into ``highs``: 0/1 columns, or [0, 1] continuous
    ones with ``integer=False`` for the LP relaxation (``pass_arrays``)."""
    import numpy as np

    matrix = model.matrix()
    cost = np.zeros(model.num_vars)
    for column, coefficient in model.objective.items():
        cost[column] = coefficient
    pass_arrays(highs, "rows", matrix.start, matrix.index, matrix.value, matrix.lower, matrix.upper, cost, integer)


def pass_arrays(highs, by: str, start, index, value, row_lower, row_upper, cost, integer: bool = True) -> None:
    """Load the model ``row_lower <= A x <= row_upper``, ``0 <= x <= 1``, minimise ``cost x``
    into ``highs``, with ``A`` in compressed form by "rows" or "columns" (``start`` with one
    entry more than the rows or columns) and the columns integer or continuous.

    The arrays go to HiGHS' pointer form of ``passModel`` as they are.  Filling a
    ``highspy.HighsLp`` field by field converted every entry through pybind11 instead: 0.32 s
    for Faase's 2.4 million nonzeros against 0.08 s for the whole call, all of it holding
    Python's lock (which the hard deadline's report waits for).
    """
    import highspy
    import numpy as np

    columns = len(cost)
    rows = len(row_lower)
    kind = highspy.HighsVarType.kInteger if integer else highspy.HighsVarType.kContinuous
    layout = {"rows": highspy.MatrixFormat.kRowwise, "columns": highspy.MatrixFormat.kColwise}[by]
    # HiGHS' status is read where the model is solved, as it was with a HighsLp; the arrays
    # are well formed by construction (``linear.row_matrix``, the relaxation's columns).
    highs.passModel(
        columns, rows, len(index), int(layout), int(highspy.ObjSense.kMinimize), 0.0,
        np.asarray(cost, dtype=np.float64), np.zeros(columns), np.ones(columns),
        np.asarray(row_lower, dtype=np.float64), np.asarray(row_upper, dtype=np.float64),
        np.asarray(start, dtype=np.int32), np.asarray(index, dtype=np.int32),
        np.asarray(value, dtype=np.float64), np.full(columns, int(kind), dtype=np.int32))


@functools.cache
def _option_names() -> tuple[str, ...]:
    import highspy

    highs = new_highs()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "options.txt")
        highs.writeOptions(path)
        with open(path, encoding="utf-8") as handle:
            return tuple(sorted(re.findall(r"^(\w+)\s*=", handle.read(), re.M)))


def interrupt_callback(flag):
    """A HiGHS callback that makes HiGHS stop once ``flag.requested`` is set (HiGHS polls
    its interrupt callbacks in simplex, IPM and branch and bound), and the callback types to
    start; for HiGHS objects that another layer creates and runs."""
    import highspy

    def callback(callback_type, message, data_out, data_in, user_data):
        if flag.requested:
            data_in.user_interrupt = True

    kinds = highspy.cb.HighsCallbackType
    return callback, [kinds.kCallbackMipInterrupt, kinds.kCallbackSimplexInterrupt, kinds.kCallbackIpmInterrupt]


def attach_interrupt(highs, flag) -> None:
    """Make an existing ``highspy.Highs`` stop when ``flag.requested`` is set."""
    callback, kinds = interrupt_callback(flag)
    highs.setCallback(callback, None)
    for kind in kinds:
        highs.startCallback(kind)


class Highs(Solver):
    name = "highs"
    description = "HiGHS (MIT licence), in this process"
    install = "pip install highspy"
    _in_process = Capabilities(seed=True, threads=True, solver_options=True)
    layers = {
        "highspy": Capabilities(incremental=True, seed=True, threads=True, solver_options=True),
        "pulp": _in_process,
        "pyomo": Capabilities(incremental=True, seed=True, threads=True, solver_options=True),
    }
    preferred_encodings = {"futoshiki": "weighted"}
    second_search_for = frozenset({"nonogram"})
    pyomo_persistent = "pyomo.contrib.solver.solvers.highs:Highs"

    def option_names(self, layer: str | None = None) -> list[str]:
        return list(_option_names())

    def check_option_value(self, name: str, value: str) -> None:
        import highspy

        highs = new_highs()
        if highs.setOptionValue(name, typed_value(value)) != highspy.HighsStatus.kOk:
            kind = highs.getOptionType(name)[1].name.removeprefix("k").lower()
            raise UsageError(f"HiGHS does not take {name}={value!r} ({name} is a {kind} option with its own "
                             "range of values: https://ergo-code.github.io/HiGHS/stable/options/definitions/)")

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        params = highs_options(options)
        threads = params.pop("threads", None)
        # The session's deadline, read now: PuLP's conversion of the model to HiGHS comes
        # between here and the run and must count against the limit.
        end = None if time_limit is None else time.perf_counter() + time_limit
        solver = _timed_highs(pulp)(end, flag, msg=bool(options.verbose), timeLimit=time_limit, threads=threads,
                                    **params)
        return solver if solver.available() else None

    def pulp_cancel(self, problem) -> None:
        # The Highs object of the solve running now (PuLP makes a new one for every solve);
        # a cancel that comes before it exists is seen through the flag (_TimedHighs).
        _cancel(getattr(problem, "solverModel", None))

    def pyomo_attach(self, persistent, model_block, flag) -> None:
        """Load the model into Pyomo's persistent HiGHS and make it stop when ``flag`` is set."""
        if getattr(persistent, "_solver_model", None) is None:
            persistent.set_instance(model_block)
        attach_interrupt(persistent._solver_model, flag)

    def pyomo_cancel(self, persistent) -> None:
        # Pyomo runs HiGHS with highspy's own keyboard-interrupt handling, which replaces the
        # callback that pyomo_attach set; cancelSolve reaches the run whatever callbacks hold.
        _cancel(getattr(persistent, "_solver_model", None))

    def pulp_stats(self, problem, pulp_solver) -> dict:
        highs = getattr(problem, "solverModel", None)
        return highs_stats(highs) if highs is not None and hasattr(highs, "getInfo") else {}

    def pyomo_persistent_stats(self, persistent) -> dict:
        highs = getattr(persistent, "_solver_model", None)
        return highs_stats(highs) if highs is not None else {}

    def pyomo_threads(self, options) -> int | None:
        # One thread unless asked, as on the other layers (``HIGHS_THREADS``).
        return int(options.threads) if options.threads else HIGHS_THREADS

    def pyomo_threads_refused(self, persistent) -> bool:
        """Whether Pyomo's plain ``run()`` ended at once because its ``threads`` differ from
        those HiGHS runs with in this thread (``_threads_refused``; Pyomo reports it as an
        unknown termination)."""
        import highspy

        highs = getattr(persistent, "_solver_model", None)
        if highs is None or highs.getModelStatus() != highspy.HighsModelStatus.kNotset:
            return False
        threads = highs.getOptionValue("threads")
        return (threads[1] if isinstance(threads, tuple) else threads) != 0

    def pyomo_presolve_rejected(self, persistent) -> bool:
        highs = getattr(persistent, "_solver_model", None)
        return highs is not None and presolve_rejected(highs)

    def pyomo_options(self, options) -> dict:
        values = highs_options(options)
        values.pop("threads", None)  # the persistent interface has its own threads setting
        return values


def _cancel(highs) -> None:
    """Stop the running solve of a highspy ``Highs`` object (from the watchdog thread), if any."""
    if highs is not None and hasattr(highs, "cancelSolve"):
        highs.cancelSolve()


@functools.cache
def _timed_highs(pulp):
    """PuLP's ``HiGHS`` keeping futomip's deadline and its cancel.

    PuLP sets HiGHS' ``time_limit`` before it converts the model, which is Python work of a
    tenth of a second or more on a large model, and HiGHS' clock only starts at ``run()``:
    a limit of 5 s ran 0.1-0.2 s long and met the process's hard deadline.  Here the limit
    is the time left just before the run.  ``run()`` also blocks the main thread until
    HiGHS returns, and HiGHS checks its interrupt only now and then (on Knotty, not once in
    the seconds of its root LP), so Ctrl-C waited for the forced exit; the run goes to
    HiGHS' own thread instead, as in the highspy backend, and Ctrl-C leaves after a short
    wait whether or not HiGHS has stopped."""

    class TimedHighs(pulp.HiGHS):
        def __init__(self, end, flag, **kwargs):
            super().__init__(**kwargs)
            self.futomip_end = end
            self.futomip_flag = flag

        def callSolver(self, lp):
            highs = lp.solverModel
            if self.futomip_end is not None:
                left = max(self.futomip_end - time.perf_counter(), 1e-3)
                # A smaller time_limit from --solver-option stays.
                asked = self.optionsDict.get("time_limit")
                highs.setOptionValue("time_limit", float(min(left, asked) if asked is not None else left))
            run_interruptibly(highs, self.futomip_flag)
            self.futomip_note = None
            if presolve_rejected(highs) and not (self.futomip_flag is not None and self.futomip_flag.requested):
                # Not a proof (``presolve_rejected``): once more without presolve, said in the message.
                highs.setOptionValue("presolve", "off")
                run_interruptibly(highs, self.futomip_flag)
                highs.setOptionValue("presolve", self.optionsDict.get("presolve", "choose"))
                self.futomip_note = RETRIED_WITHOUT_PRESOLVE

        def findSolutionValues(self, lp):
            try:
                return super().findSolutionValues(lp)
            except KeyError:
                # A model status PuLP's table lacks (HiGHS' kSolutionLimit, also its node
                # limit): a limit of HiGHS' own; the values are a solution only if HiGHS has
                # one (the row check of the solve checks it again).
                found = lp.solverModel.getInfo().primal_solution_status == 2
                return pulp.LpStatusNotSolved, (pulp.LpSolutionIntegerFeasible if found else
                                                pulp.LpSolutionNoSolutionFound)

    return TimedHighs


SOLVER = Highs()
