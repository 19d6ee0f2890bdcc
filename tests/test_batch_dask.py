"""``futomip batch --dask tcp://...`` on a real cluster: a ``dask scheduler`` and two
``dask worker`` programs on 127.0.0.1, as a user starts them on their own machines, one
worker SIGKILLed half-way; and ``--resume`` running the jobs whose line is an error again."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from futomip import verify
from futomip.io import read

from processes import processes_marked

DATA = Path(__file__).resolve().parent.parent / "data" / "futoshiki"
# A few dozen jobs that take a while each (the kill must find work left): the nine seed
# samples and the nine hard 9x9s, twice, solved by `propagate` (plain Python: a hard 9x9
# takes it 0.1-1 s).
PUZZLES = sorted(str(path) for path in [*(DATA / "seeds").glob("*.txt"), *(DATA / "hard9").glob("*.txt")])
SLOW = [str(DATA / "hard9" / f"hard9-seed{seed}.txt") for seed in (100, 101, 102)]
"""Hard 9x9 that HiGHS takes seconds on without the domain reduction."""
DASK = Path(sys.executable).with_name("dask")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(marker: str, *arguments: str, **settings: str) -> subprocess.Popen:
    # Each program in its own session: a kill of its group takes a worker's nanny and the
    # worker process it runs together, and the test reaps every group at the end.
    env = dict(os.environ, FUTOMIP_DASK_TEST=marker, PYTHONUNBUFFERED="1", **settings)
    return subprocess.Popen([str(DASK), *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, start_new_session=True, text=True)


def _wait_for_workers(address: str, count: int, limit: float = 60) -> None:
    from distributed import Client

    with Client(address, timeout=limit) as client:
        client.wait_for_workers(count, timeout=limit)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _reap(programs: list[subprocess.Popen]) -> None:
    for program in programs:
        if program.poll() is None:
            os.killpg(program.pid, signal.SIGTERM)
    for program in programs:
        try:
            program.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(program.pid, signal.SIGKILL)
            program.wait(10)


@pytest.fixture
def cluster(tmp_path, request):
    """A scheduler and two single-threaded workers on free ports of 127.0.0.1, ended and
    reaped (with every process they started) when the test ends.  An indirect parameter
    gives the scheduler Dask settings (environment variables)."""
    if not DASK.exists():
        pytest.skip("the dask program is missing: pip install 'futomip[dask]'")
    marker = str(tmp_path)
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    settings = getattr(request, "param", {})
    scheduler = _start(marker, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
                       **settings)
    workers = [_start(marker, "worker", address, "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard",
                      "--local-directory", str(tmp_path / f"worker-{number}"))
               for number in range(2)]
    programs = [scheduler, *workers]
    try:
        _wait_for_workers(address, 2)
        yield address, workers
    finally:
        _reap(programs)
        end = time.monotonic() + 10
        while processes_marked(f"FUTOMIP_DASK_TEST={marker}") and time.monotonic() < end:
            time.sleep(0.1)
        assert processes_marked(f"FUTOMIP_DASK_TEST={marker}") == [], "a Dask program outlived the test"


def _kill_a_busy_worker(address: str, workers: list[subprocess.Popen], batch: subprocess.Popen,
                        out: Path, after_lines: int) -> None:
    """Once ``after_lines`` results are written, SIGKILL the program (nanny and worker
    process) of a worker that is running a job at that moment, so a job is surely lost with it."""
    from distributed import Client

    end = time.monotonic() + 120
    with Client(address, timeout=30) as client:
        # The process ids are asked for before the batch is busy: asking at the moment of the
        # kill took a round trip, long enough for a short job to finish and lose nothing.
        pids = client.run(os.getpid)
        while batch.poll() is None and time.monotonic() < end and (not out.exists() or
                                                                   out.read_bytes().count(b"\n") < after_lines):
            time.sleep(0.01)
        while batch.poll() is None and time.monotonic() < end:
            # Half-way (after_lines > 0), a worker that has written results already: one that had
            # done nothing yet when it was killed (the scheduler may give the first jobs to the
            # other) would leave the test's "both workers worked" unmet by chance.
            done = _worker_pids(out) if after_lines else set(pids.values())
            busy = [worker for worker, tasks in client.processing().items() if tasks and pids[worker] in done]
            if busy:
                group = os.getpgid(pids[busy[0]])
                victim = next(program for program in workers if program.pid == group)
                os.killpg(group, signal.SIGKILL)
                victim.wait(10)
                return
            time.sleep(0.005)
    raise AssertionError("the batch ended before a worker could be killed: " + str(batch.communicate()))


def _worker_pids(out: Path) -> set[int]:
    """The process ids of the workers that have written a result line (a torn last line is skipped)."""
    found = set()
    for line in (out.read_text().splitlines() if out.exists() else []):
        try:
            found.add(int(json.loads(line)["worker"].rsplit(":", 1)[1]))
        except (ValueError, KeyError):
            continue
    return found


def _batch(tmp_path: Path, *arguments: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "futomip", "batch", *arguments], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            # a program ended by SIGKILL leaves its scratch folder: in the test's
                            env=dict(os.environ, PYTHONUNBUFFERED="1", TMPDIR=str(tmp_path)))


def test_killed_worker_loses_no_job_and_each_job_ends_once(tmp_path, cluster):
    """With one of two Dask workers SIGKILLed half-way, every job still ends exactly once in
    the results file, each solved grid passes the verifier, and no Dask process outlives the test."""
    address, workers = cluster
    out = tmp_path / "r.jsonl"
    repeats = 2
    total = len(PUZZLES) * repeats
    assert total >= 24
    batch = _batch(tmp_path, *PUZZLES, "-o", str(out), "--method", "propagate", "--repeat", str(repeats),
                   "--dask", address, "--time-limit", "60")
    _kill_a_busy_worker(address, workers, batch, out, total // 3)
    stdout, stderr = batch.communicate(timeout=300)
    assert batch.returncode == 0, stderr
    records = _lines(out)
    keys = [(r["file"], r["index"], r["label"], r["repeat"]) for r in records]
    assert len(keys) == len(set(keys)) == total
    assert set(keys) == {(path, 0, "propagate", repeat) for path in PUZZLES for repeat in range(repeats)}
    assert len({r["worker"] for r in records}) == 2  # both workers did jobs before the kill
    for record in records:
        assert record["status"] == "solved", record
        puzzle = read(record["file"])[record["index"]]
        assert verify(puzzle, tuple(tuple(row) for row in record["solution"])) == []
    assert f"{total} jobs run" in stdout
    assert "Traceback" not in stderr


@pytest.mark.parametrize("cluster", [{"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}], indirect=True)
def test_job_the_cluster_gives_up_on_is_an_error_line_that_resume_runs_again(tmp_path, cluster):
    """With a scheduler that gives a job up at its first lost worker (allowed-failures 0), the
    job a killed worker was running becomes an ``error`` line (the batch goes on and exits 0),
    and ``--resume`` on the surviving worker runs exactly those jobs again: each job ends once,
    solved and verified."""
    address, workers = cluster
    out = tmp_path / "r.jsonl"
    # Jobs of seconds each (HiGHS on the unreduced hard 9x9), so that a worker seen busy is
    # surely inside its job when it is killed: with jobs of milliseconds a job could finish in
    # the moment between seeing and killing, and then none was lost (seen under load).
    arguments = [*SLOW, "-o", str(out), "--method", "milp", "--pairs", "highspy/highs", "--reduce", "none",
                 "--dask", address, "--time-limit", "60"]
    batch = _batch(tmp_path, *arguments)
    _kill_a_busy_worker(address, workers, batch, out, 0)
    stdout, stderr = batch.communicate(timeout=300)
    assert batch.returncode == 0, stderr
    lost = [r for r in _lines(out) if r["status"] == "error"]
    assert lost and all("the cluster lost this job: KilledWorker" in r["message"] for r in lost)
    resumed = _batch(tmp_path, *arguments, "--resume")
    stdout, stderr = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, stderr
    assert f"{len(lost)} jobs run ({len(lost)} of them re-run after an error)" in stdout
    records = _lines(out)
    assert sorted(r["file"] for r in records) == sorted(SLOW)
    for record in records:
        assert record["status"] == "solved", record
        puzzle = read(record["file"])[record["index"]]
        assert verify(puzzle, tuple(tuple(row) for row in record["solution"])) == []


def test_resume_runs_error_lines_again_and_says_how_many(tmp_path):
    """``--resume`` takes a line with status ``error`` as undone: the job runs again, its old
    line is replaced (one line per job), the other lines stay byte for byte, and the summary
    says how many were run again."""
    out = tmp_path / "r.jsonl"
    seeds = sorted(str(path) for path in (DATA / "seeds").glob("*.txt"))[:4]
    first = _batch(tmp_path, *seeds, "-o", str(out), "--method", "propagate", "--jobs", "1")
    assert first.wait(120) == 0, first.communicate()[1]
    lines = out.read_text().splitlines()
    broken = json.loads(lines[1])
    broken.update(status="error", solution=None, message="the cluster lost this job: KilledWorker")
    lines[1] = json.dumps(broken)
    out.write_text("\n".join(lines) + "\n")
    resumed = _batch(tmp_path, *seeds, "-o", str(out), "--method", "propagate", "--jobs", "1", "--resume")
    stdout, stderr = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, stderr
    assert "1 jobs run (1 of them re-run after an error), 3 already in" in stdout
    after = out.read_text().splitlines()
    assert after[:1] + after[1:3] == [lines[0], lines[2], lines[3]]
    records = [json.loads(line) for line in after]
    assert sorted(r["file"] for r in records) == seeds
    assert all(r["status"] == "solved" for r in records)
    again = records[-1]
    assert again["file"] == broken["file"]
    assert verify(read(again["file"])[0], tuple(tuple(row) for row in again["solution"])) == []
