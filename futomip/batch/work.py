"""What a batch does: the list of jobs, and running one job where a worker runs it.

A job is one (puzzle, label, repeat): the label is a method name (``propagate``) or, for
the MILP on a chosen pair, ``milp:backend/solver``.  ``plan`` orders the jobs repeat by
repeat, puzzle by puzzle, every label in turn, so that however many workers take them in
that order, the labels of one puzzle run at about the same time and see the same load
(the ratios between methods stay fair on a shared machine).

``execute(job)`` runs in a worker process (or a Dask worker) and returns the finished
JSON record; it never raises for a puzzle's own trouble (an error becomes the record's
status), so one bad puzzle cannot end a batch of thousands.

Must not import the CLI.
"""

from __future__ import annotations

import os
import socket
import time
from dataclasses import dataclass

from .. import methods
from ..errors import FutomipError
from ..options import Deadline, Options
from .records import to_json
from ..result import Result
from ..status import ERROR

__all__ = ["Label", "Job", "parse_labels", "plan", "execute", "failed_record"]


@dataclass(frozen=True)
class Label:
    """One column of the comparison: a method, and for ``milp`` an optional pair."""

    method: str
    backend: str | None = None
    solver: str | None = None
    params: tuple[tuple[str, float], ...] = ()
    """Local-search tuning (``anneal:t0=5:cooling=0.95``), as sorted pairs."""

    @property
    def text(self) -> str:
        if self.params:
            return self.method + "".join(f":{key}={value:g}" for key, value in self.params)
        if self.backend is None and self.solver is None:
            return self.method
        return f"{self.method}:{self.backend}/{self.solver}"


@dataclass(frozen=True)
class Job:
    file: str
    index: int
    puzzle: object
    label: Label
    repeat: int
    options: Options
    unique: bool

    @property
    def key(self) -> tuple:
        return (self.file, self.index, self.label.text, self.repeat)


def parse_labels(method_text: str, pairs_text: str | None) -> list[Label]:
    """``--method a,b:key=value,milp:backend/solver`` and ``--pairs b/s,...`` (the pairs
    replace a plain ``milp``)."""
    from ..errors import UsageError

    labels = []
    for text in (part.strip() for part in method_text.split(",")):
        head, _, pair = text.partition(":")
        if head == "milp" and "/" in pair:  # milp:highspy/highs, beside the default milp
            backend, _, solver = pair.partition("/")
            labels.append(Label("milp", backend, solver))
            continue
        name, params = methods.parse(text)  # UnknownNameError for a misspelt name, before anything runs
        if params:
            labels.append(Label(name, params=tuple(sorted(params.items()))))
        elif name == "milp" and pairs_text:
            for item in pairs_text.split(","):
                backend, sep, solver = item.strip().partition("/")
                if not sep or not backend or not solver:
                    raise UsageError(f"--pairs: expected backend/solver (e.g. highspy/highs), got {item!r}")
                labels.append(Label("milp", backend, solver))
        else:
            labels.append(Label(name))
    if len({label.text for label in labels}) != len(labels):
        raise UsageError("each method or pair may be named once")
    return labels


def plan(files_puzzles: list[tuple[str, list]], labels: list[Label], repeat: int, options: Options,
         unique: bool, skip: set[tuple] = frozenset()) -> tuple[list[Job], dict[str, int]]:
    """The jobs still to run, in interleaved order, and per label how many puzzles of a kind
    it cannot take were left out."""
    jobs, unsupported = [], {}
    for number in range(repeat):
        for path, puzzles in files_puzzles:
            for index, puzzle in enumerate(puzzles):
                for label in labels:
                    if not methods.supports(label.method, puzzle):
                        unsupported[label.text] = unsupported.get(label.text, 0) + (number == 0)
                        continue
                    job = Job(path, index, puzzle, label, number, options, unique)
                    if job.key not in skip:
                        jobs.append(job)
    return jobs, unsupported


def execute(job: Job) -> dict:
    """Run one job; its JSON record (the ``--json`` object of ``solve`` plus the batch keys)."""
    options = job.options.but(backend=job.label.backend, solver=job.label.solver)
    if not methods.method(job.label.method).EXACT:
        # Each repeat of a local search is another random run (the MILP repeats keep their seed).
        options = options.but(seed=(options.seed or 0) + job.repeat)
    params = dict(job.label.params)
    start = time.perf_counter()
    try:
        result = methods.run(job.label.method, job.puzzle, options, Deadline(options.time_limit), job.unique,
                             params)
    except FutomipError as exc:
        # A puzzle's own trouble (a broken grid is a bug and says so in the message).
        result = _failed(job, f"{type(exc).__name__}: {exc}", start)
    except Exception as exc:  # noqa: BLE001 - a bug on one puzzle must not end a batch of thousands
        result = _failed(job, f"internal error: {type(exc).__name__}: {exc} (please report it)", start)
    if result.stopped is not None:
        # Ctrl-C during a uniqueness proof: the result is incomplete, so no line (a resume redoes it).
        raise result.stopped
    return _record(job, result, options, params)


def failed_record(job: Job, message: str) -> dict:
    """The ``error`` line of a job that never returned a record (its worker was lost, the
    cluster gave up on it): a ``--resume`` runs it again."""
    options = job.options.but(backend=job.label.backend, solver=job.label.solver)
    return _record(job, _failed(job, message, time.perf_counter()), options, dict(job.label.params))


SETTINGS = ("encoding", "reduce", "seed", "schedule", "globals", "restarts")
"""The batch's options besides ``time_limit`` and ``--unique`` that change what a job does;
each line records them (``settings``) so that a resume cannot mix runs made with others."""


def settings_of(options: Options) -> dict:
    """The ``settings`` field: each of ``SETTINGS`` as given (None: not given)."""
    values = {name: getattr(options, name) for name in SETTINGS}
    return {name: value if value is None or isinstance(value, (int, float)) else str(value)
            for name, value in values.items()}


def _record(job: Job, result: Result, options: Options, params: dict) -> dict:
    result.file = job.file
    record = to_json(result)
    record.update(index=job.index, label=job.label.text, repeat=job.repeat, time_limit=options.time_limit,
                  unique_asked=job.unique, settings=settings_of(job.options),
                  worker=f"{socket.gethostname()}:{os.getpid()}")
    if params:
        record["params"] = params
    return record


def _failed(job: Job, message: str, start: float) -> Result:
    return Result(job.puzzle, ERROR, message=message, method=job.label.method,
                  seconds={"total": time.perf_counter() - start})
