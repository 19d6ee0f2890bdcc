"""Running a batch's jobs: in this process, on local worker processes, or on a Dask cluster.

All three hand every finished record to ``on_record`` (which writes and syncs it) as soon
as it arrives, in the order jobs finish.  Jobs are handed out in ``plan`` order, one at a
time, so N workers run N neighbouring jobs of the interleaved list at once.

Local workers are ``spawn``ed once and reused for every job (a fresh process per puzzle
would pay the 0.3 s of imports each time, as a shell loop over ``solve`` does).  They ignore
SIGINT: a Ctrl-C in a terminal reaches the whole process group, and it is this process that
decides to stop; it then ends the workers at once, and each worker ends the solver programs
it started (the jobs in flight are lost, every finished line is already on disk).  On Linux each worker also asks the kernel to end it if
this process dies, so a SIGKILL of the batch leaves no worker solving on.

Must not import the CLI.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import Callable

from .._children import terminate_children
from .work import Job, execute, failed_record

__all__ = ["run_here", "run_local", "run_dask", "require_dask", "default_jobs"]


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run_here(jobs: list[Job], on_record: Callable[[dict], None]) -> None:
    """One job after another in this process (``--jobs 1``)."""
    for job in jobs:
        on_record(execute(job))


def _worker_end(signum, frame) -> None:
    # Ended by the batch (or, through PDEATHSIG, by its death): a solver program this worker
    # started (CBC, GLPK) would otherwise solve on as an orphan; it is also waited for.
    terminate_children(grace=0.2)
    os._exit(128 + signum)


def _worker_start(batch_pid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_end)
    try:
        import ctypes

        # PR_SET_PDEATHSIG (1): SIGTERM this worker when the batch process dies.
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass
    if os.getppid() != batch_pid:
        os._exit(0)  # the batch died before the request above could take effect


def run_local(jobs: list[Job], workers: int, on_record: Callable[[dict], None]) -> None:
    """The jobs on ``workers`` reused worker processes.

    ``concurrent.futures`` rather than ``multiprocessing.Pool``: a Pool replaces workers that
    die, so ending them on Ctrl-C raced with a fresh worker taking the next job.

    A worker that dies under a job (killed, out of memory, a crash in a solver library) breaks
    the whole executor, and every job in flight fails with it, without saying which one killed
    it.  Those jobs are then run again one at a time, each on a fresh single worker: the others
    give their records as usual, and a job whose worker dies alone becomes an ``error`` line
    (which ``--resume`` runs again), as a job the Dask scheduler gives up on does.  Then the
    batch goes on with the rest."""
    from concurrent.futures.process import BrokenProcessPool

    queued = iter(jobs)
    while True:
        suspects = _run_until_broken(queued, workers, on_record, BrokenProcessPool)
        if suspects is None:
            return
        for job in suspects:
            record = _run_alone(job, BrokenProcessPool)
            on_record(record if record is not None else failed_record(
                job, "the worker process running this job died (killed, or out of memory?); "
                     "the other jobs went on"))


def _executor(workers: int):
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start,
                               initargs=(os.getpid(),))


def _run_until_broken(queued, workers: int, on_record, broken_error) -> list[Job] | None:
    """Jobs from ``queued`` on a pool until they are done (None) or a worker dies: then the
    jobs that were in flight, in plan order (the rest stay in ``queued``)."""
    from concurrent.futures import FIRST_COMPLETED, wait

    executor = _executor(workers)
    try:
        # A few jobs ahead of the workers, never all: the queue stays in plan order and a
        # stop has little to cancel.  Each future keeps its job and its place in that order.
        pending: dict = {}
        lost: list[tuple[int, Job]] = []
        submitted = 0

        def submit(job: Job) -> None:
            nonlocal submitted
            try:
                pending[executor.submit(execute, job)] = (submitted, job)
            except broken_error:  # the pool broke before this job started: it runs again
                lost.append((submitted, job))
            submitted += 1

        for job in queued:
            submit(job)
            if len(pending) + len(lost) >= 2 * workers or lost:
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                place, job = pending.pop(future)
                try:
                    record = future.result()
                except broken_error:
                    lost.append((place, job))
                    continue
                on_record(record)
                if not lost:  # a broken pool takes no more jobs
                    job = next(queued, None)
                    if job is not None:
                        submit(job)
        if lost:
            _abandon(executor)
            return [job for _, job in sorted(lost, key=lambda item: item[0])]
        executor.shutdown()
        return None
    except BaseException:
        # Ctrl-C, SIGTERM or a failing write: end the workers now, not after their puzzles.
        _abandon(executor)
        raise


def _run_alone(job: Job, broken_error) -> dict | None:
    """``job`` on a fresh single worker: its record, or None when that worker died too."""
    executor = _executor(1)
    try:
        record = executor.submit(execute, job).result()
    except broken_error:
        _abandon(executor)
        return None
    except BaseException:
        _abandon(executor)
        raise
    executor.shutdown()
    return record


def _abandon(executor) -> None:
    """End an executor's workers now (a broken pool, a stop): its queued jobs are dropped."""
    executor.shutdown(wait=False, cancel_futures=True)
    terminate_children(grace=0.3)


def require_dask() -> None:
    """``MissingPackageError`` (exit 3, with the install hint) when Dask distributed cannot
    be imported.  The batch asks before it opens its results file: the failure inside
    ``run_dask`` came after the file was made, and left an empty one behind."""
    from ..errors import MissingPackageError

    try:
        import dask.distributed  # noqa: F401 - only whether it imports
    except ImportError:
        raise MissingPackageError("--dask needs Dask distributed: pip install 'futomip[dask]'") from None


def run_dask(jobs: list[Job], address: str, workers: int, on_record: Callable[[dict], None]) -> None:
    """The jobs on a Dask distributed cluster: ``local`` starts a ``LocalCluster`` of
    ``workers`` single-threaded worker processes; else ``address`` is a scheduler
    (``tcp://host:8786``) whose workers have futomip installed.

    A worker that dies (killed, out of memory, its machine gone) costs no job: the scheduler
    hands its jobs to the other workers, and each job's record is written once, when its
    future first finishes.  A job the cluster gives up on (it was on too many workers that
    died: Dask's ``KilledWorker``) becomes an ``error`` line, which ``--resume`` runs again."""
    require_dask()
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    if address == "local":
        import logging

        # Workers log a heartbeat traceback when the cluster shuts down under them: not news.
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.CRITICAL)
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        # Earlier submissions get higher priority, so the cluster keeps the interleaved order.
        futures = {client.submit(execute, job, pure=False, priority=-number): job
                   for number, job in enumerate(jobs)}
        for future in as_completed(futures):
            try:
                record = future.result()
            except Exception as exc:  # noqa: BLE001 - the cluster's failure, not the batch's end
                record = failed_record(futures[future], f"the cluster lost this job: {type(exc).__name__}: {exc}")
            on_record(record)
            future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
