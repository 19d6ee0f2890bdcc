"""``futomip batch``: one synced line per job, resume after SIGKILL, Ctrl-C keeps lines,
and the same answers whatever the number of workers.  Real solvers, the program as a
process (signals are what is tested)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from futomip import load, verify
from futomip.batch.store import Store, done_keys, read_records

from conftest import hide_packages
from processes import processes_marked

DATA = Path(__file__).resolve().parent.parent / "data" / "futoshiki" / "seeds"
SEEDS = sorted(str(path) for path in DATA.glob("*.txt"))  # 9 puzzles, 1 of them (sample-5) not unique


def _batch(tmp_path: Path, *arguments: str, **popen) -> subprocess.Popen:
    # The marker lets a test find every process the batch started (workers inherit it).  A
    # program ended by SIGKILL cannot remove its scratch folder: TMPDIR keeps it in the test's.
    env = dict(os.environ, PYTHONUNBUFFERED="1", FUTOMIP_BATCH_TEST=str(tmp_path), TMPDIR=str(tmp_path))
    return subprocess.Popen([sys.executable, "-m", "futomip", "batch", *arguments], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path, **popen)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _whole_lines(path: Path) -> list[dict]:
    """The lines of a file a SIGKILL may have left with a torn last line (a write cut between
    two pages of the file: the kernel returns short on a fatal signal; CI once met one), which
    ``--resume`` cuts off."""
    data = path.read_bytes() if path.exists() else b""
    return [json.loads(line) for line in data[:data.rfind(b"\n") + 1].decode().splitlines()]


def _wait_for_lines(process: subprocess.Popen, path: Path, count: int, limit: float = 60) -> int:
    end = time.monotonic() + limit
    while time.monotonic() < end and process.poll() is None:
        try:
            have = path.read_bytes().count(b"\n")
        except FileNotFoundError:  # not yet (the batch makes and removes it once, to prove it writable)
            have = 0
        if have >= count:
            return have
        time.sleep(0.005)
    raise AssertionError(f"the batch ended or stalled before {count} lines: {process.communicate()}")


def _keys(records: list[dict]) -> list[tuple]:
    return [(r["file"], r["index"], r["label"], r["repeat"]) for r in records]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sigkill_half_way_then_resume_gives_each_line_once(tmp_path, jobs):
    out = tmp_path / "r.jsonl"
    total = len(SEEDS) * 2 * 12  # puzzles x methods x repeats
    arguments = [*SEEDS, "-o", str(out), "--method", "backtrack,propagate", "--repeat", "12", "--jobs", jobs]
    process = _batch(tmp_path, *arguments)
    _wait_for_lines(process, out, total // 3)
    process.kill()
    process.wait()
    assert process.returncode == -signal.SIGKILL
    end = time.monotonic() + 3
    while processes_marked(f"FUTOMIP_BATCH_TEST={tmp_path}") and time.monotonic() < end:
        time.sleep(0.05)
    assert processes_marked(f"FUTOMIP_BATCH_TEST={tmp_path}") == []  # the workers died with the batch
    before = _whole_lines(out)
    assert 0 < len(before) < total, "the kill must land half way for the test to mean anything"
    refused = _batch(tmp_path, *arguments)
    assert refused.wait(60) == 2 and "--resume" in refused.communicate()[1]
    resumed = _batch(tmp_path, *arguments, "--resume")
    stdout, stderr = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, stderr
    after = _lines(out)
    assert len(after) == total
    assert len(set(_keys(after))) == total
    assert after[:len(before)] == before  # nothing finished before the kill was rewritten
    assert all(r["status"] == "solved" for r in after)


def test_a_worker_killed_mid_batch_costs_no_job(tmp_path):
    """SIGKILL of one local worker (as the OOM killer would do) broke the whole pool, and the
    batch ended with "internal error: BrokenProcessPool", exit 70, the rest of its jobs not
    run.  Now the jobs that were in flight run again one at a time and the batch goes on: every
    line once, all solved (the kill was one-off, so the job it hit succeeds on its rerun)."""
    out = tmp_path / "r.jsonl"
    total = len(SEEDS) * 2 * 12
    process = _batch(tmp_path, *SEEDS, "-o", str(out), "--method", "backtrack,propagate", "--repeat", "12",
                     "--jobs", "2")
    _wait_for_lines(process, out, total // 4)
    workers = [pid for pid in processes_marked(f"FUTOMIP_BATCH_TEST={tmp_path}") if pid != process.pid
               and b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    assert workers, "no worker to kill"
    os.kill(workers[0], signal.SIGKILL)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    records = _lines(out)
    assert len(records) == total and len(set(_keys(records))) == total, stderr
    assert all(r["status"] == "solved" for r in records)
    for record in records:  # every grid checked outside futomip's own run
        assert verify(load(record["file"], index=record["index"]), record["solution"]) == []


def test_a_pair_that_cannot_run_here_is_refused_before_any_job(tmp_path, monkeypatch, capsys):
    """A hidden (or missing) pair or method gave one ``error`` line per job and exit 0; like
    solve and bench, batch now exits 3 with the hint before it writes anything."""
    from futomip.cli import main

    monkeypatch.setenv("FUTOMIP_HIDE_SOLVERS", "cpsat")
    out = tmp_path / "r.jsonl"
    assert main(["batch", SEEDS[0], "-o", str(out), "--pairs", "ortools/cpsat"]) == 3
    assert main(["batch", SEEDS[0], "-o", str(out), "--method", "cpsat"]) == 3
    assert "FUTOMIP_HIDE_SOLVERS" in capsys.readouterr().err and not out.exists()
    assert main(["batch", SEEDS[0], "-o", str(out), "--method", "propagate", "-q"]) == 0


def test_dask_missing_is_refused_before_the_results_file_is_made(tmp_path, monkeypatch, capsys):
    """Without Dask, ``--dask local`` (or a scheduler address) exited 3 with the hint but left
    an empty results file behind, made before the import failed; the --pairs and --method
    refusals leave none.  Now Dask is checked first: exit 3, the hint, no file."""
    from futomip.cli import main

    hide_packages(monkeypatch, "dask", "distributed")
    out = tmp_path / "r.jsonl"
    for address in ("local", "tcp://127.0.0.1:1"):
        assert main(["batch", SEEDS[0], "-o", str(out), "--method", "propagate", "--dask", address, "-q"]) == 3
        err = capsys.readouterr().err
        # Dask is not a solver: the message says what is missing (it read "solver unavailable").
        assert err.startswith("futomip: not installed: ") and "pip install 'futomip[dask]'" in err
        assert not out.exists()


def test_solution_files_and_repeats_are_left_out_and_every_bad_file_is_named(tmp_path, capsys):
    """`batch made/*` on generate's output named the .sol files too, and the batch stopped at the
    first (exit 2); a file given twice ran twice under one key.  Now .sol files are left out with
    a message, a repeated file runs once, and when files cannot be read each is named before
    exit 2, with no job run."""
    from futomip.cli import main

    made = tmp_path / "made"
    assert main(["generate", "4", "--seed", "1", "-o", str(made / "p-{seed}.txt")]) == 0
    names = sorted(str(path) for path in made.iterdir())
    assert [name[-4:] for name in names] == [".sol", ".txt"]
    out = tmp_path / "r.jsonl"
    assert main(["batch", *names, names[1], "-o", str(out), "--method", "propagate", "-q"]) == 0
    record, = _lines(out)
    assert "solution file (.sol) left out" in capsys.readouterr().err
    assert verify(load(names[1]), record["solution"]) == []
    (tmp_path / "bad1.txt").write_text("garbage\n")
    (tmp_path / "bad2.txt").write_text("more garbage\n")
    again = tmp_path / "r2.jsonl"
    assert main(["batch", names[1], str(tmp_path / "bad1.txt"), str(tmp_path / "bad2.txt"), "-o", str(again)]) == 2
    err = capsys.readouterr().err
    assert "bad1.txt:1:1" in err and "bad2.txt:1:1" in err and "2 of the 3 files cannot be read" in err
    assert not again.exists()


def test_a_folder_runs_every_puzzle_file_in_it(tmp_path, capsys):
    """`futomip batch FOLDER` said "expected a file, found a directory".  A folder now stands
    for the puzzle files in it and its subfolders (sorted; hidden ones, .sol, results and other
    files left out with one message), and a folder without one is a usage error (exit 2)."""
    import shutil

    from futomip.cli import main

    folder = tmp_path / "set"
    (folder / "sub").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    shutil.copy(SEEDS[0], folder / "b.txt")
    shutil.copy(SEEDS[1], folder / "sub" / "a.txt")
    shutil.copy(SEEDS[2], folder / ".hidden" / "c.txt")
    (folder / "b.sol").write_text("1\n")
    (folder / "notes.md").write_text("notes\n")
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(folder), "-o", str(out), "--method", "propagate", "-q"]) == 0
    records = _lines(out)
    assert sorted(Path(r["file"]).relative_to(folder).as_posix() for r in records) == ["b.txt", "sub/a.txt"]
    for record in records:
        assert verify(load(record["file"]), record["solution"]) == []
    assert "2 files left out, not named as puzzle files (.md, .sol)" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["batch", str(tmp_path / "empty"), "-o", str(tmp_path / "e.jsonl")]) == 2
    assert "no puzzle file in this folder" in capsys.readouterr().err


def test_results_to_a_dash_are_refused(tmp_path, monkeypatch, capsys):
    """`batch -o -` wrote a file named "-" (the results must be a file: synced, resumable)."""
    from futomip.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["batch", SEEDS[0], "-o", "-"]) == 2
    assert "tail -f" in capsys.readouterr().err and not (tmp_path / "-").exists()


def test_torn_last_line_is_dropped_on_resume(tmp_path):
    out = tmp_path / "r.jsonl"
    record = {"file": "a", "index": 0, "label": "milp", "repeat": 0, "status": "solved"}
    out.write_text(json.dumps(record) + "\n" + '{"file": "a", "index": 1, "lab')
    assert done_keys(read_records(str(out))) == {("a", 0, "milp", 0)}
    with Store(str(out), resume=True) as store:
        store.add(dict(record, index=1))
    assert [r["index"] for r in read_records(str(out))] == [0, 1]


def test_ctrl_c_keeps_every_finished_line_and_exits_130(tmp_path):
    out = tmp_path / "r.jsonl"
    process = _batch(tmp_path, *SEEDS, "-o", str(out), "--method", "propagate", "--repeat", "200", "--jobs", "2")
    _wait_for_lines(process, out, 20)
    process.send_signal(signal.SIGINT)
    start = time.monotonic()
    process.wait(10)
    assert time.monotonic() - start < 2.5
    assert process.returncode == 130
    err = process.communicate()[1]
    records = _lines(out)  # every line whole, none twice
    assert f"{len(records)} lines written to" in err
    assert len(records) >= 20 and len(set(_keys(records))) == len(records)
    end = time.monotonic() + 2
    while processes_marked(f"FUTOMIP_BATCH_TEST={tmp_path}") and time.monotonic() < end:
        time.sleep(0.05)
    assert processes_marked(f"FUTOMIP_BATCH_TEST={tmp_path}") == []  # no worker left solving


def test_two_workers_give_the_same_results_as_one(tmp_path):
    results = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"r{jobs}.jsonl"
        process = _batch(tmp_path, *SEEDS, "-o", str(out), "--method", "milp,propagate", "--unique", "--jobs", jobs)
        assert process.wait(120) == 0, process.communicate()[1]
        records = _lines(out)
        results[jobs] = {key: (r["status"], r["solution"], r["unique"])
                         for key, r in zip(_keys(records), records)}
        assert len(results[jobs]) == len(SEEDS) * 2
    assert results["1"] == results["2"]
    uniques = {key[0].rsplit("/", 1)[-1]: value[2] for key, value in results["1"].items()}
    assert uniques["sample-5.txt"] is False and uniques["sample-4.txt"] is True


def test_unknown_method_is_a_usage_error(tmp_path):
    process = _batch(tmp_path, SEEDS[0], "-o", "r.jsonl", "--method", "magic")
    assert process.wait(60) == 2
    assert "unknown method 'magic'" in process.communicate()[1]


def test_dask_local_cluster_and_scheduler_address_same_lines_and_resume(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "r.jsonl"
    first = [*SEEDS[:4], "-o", str(out), "--method", "propagate", "--dask", "local", "--jobs", "2"]
    process = _batch(tmp_path, *first)
    assert process.wait(120) == 0, process.communicate()[1]
    assert len(_lines(out)) == 4
    # Resume with more puzzles on a cluster reached by its address: only the new ones run.
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        process = _batch(tmp_path, *SEEDS, "-o", str(out), "--method", "propagate", "--dask",
                         cluster.scheduler_address, "--resume")
        stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    assert f"{len(SEEDS) - 4} jobs run, 4 already in" in stdout
    records = _lines(out)
    assert len(records) == len(set(_keys(records))) == len(SEEDS)
    assert all(r["status"] == "solved" and r["solution"] for r in records)
    assert "Traceback" not in stderr


def test_labels_name_methods_pairs_and_parameters():
    from futomip.batch.work import parse_labels

    labels = parse_labels("propagate,milp,milp:highspy/highs,anneal:t0=0.5", None)
    assert [label.text for label in labels] == ["propagate", "milp", "milp:highspy/highs", "anneal:t0=0.5"]
    assert [label.text for label in parse_labels("milp", "highspy/highs,pulp/cbc")] == [
        "milp:highspy/highs", "milp:pulp/cbc"]


def test_ctrl_c_ends_the_workers_solver_programs_too(tmp_path):
    hard = sorted(str(p) for p in (DATA.parent / "hard9").glob("*.txt"))
    out = tmp_path / "r.jsonl"
    # Unreduced and repeated, so that CBC is still at work when the signal comes (with the
    # reduction the batch once finished before five processes were seen).
    process = _batch(tmp_path, *hard, "-o", str(out), "--method", "milp:pulp/cbc", "--unique", "--jobs", "2",
                     "--reduce", "none", "--repeat", "5")
    marker = f"FUTOMIP_BATCH_TEST={tmp_path}"
    end = time.monotonic() + 60
    while time.monotonic() < end and process.poll() is None:
        # The batch, the resource tracker, two workers and at least one CBC program under them.
        if len(processes_marked(marker)) >= 5:
            break
        time.sleep(0.05)
    assert process.poll() is None, "the batch must still be solving for the test to mean anything"
    process.send_signal(signal.SIGINT)
    assert process.wait(10) == 130
    end = time.monotonic() + 2
    while processes_marked(marker) and time.monotonic() < end:
        time.sleep(0.05)
    assert processes_marked(marker) == []


def test_a_method_that_cannot_take_a_kind_leaves_those_puzzles_out(tmp_path, capfd):
    from futomip.cli import main

    str8ts = str(DATA.parent.parent / "str8ts" / "seeds" / "blog-sample.txt")
    out = tmp_path / "r.jsonl"
    assert main(["batch", SEEDS[0], str8ts, "-o", str(out), "--method", "propagate,milp", "--jobs", "1"]) == 0
    assert "propagate does not take 1 of the puzzles" in capfd.readouterr().err
    assert sorted((r["label"], r["puzzle"]) for r in _lines(out)) == [
        ("milp", "futoshiki"), ("milp", "str8ts"), ("propagate", "futoshiki")]


def test_resume_with_other_settings_is_refused_not_mixed(tmp_path, capsys):
    """QA: `batch --resume` with another --time-limit or --unique ran nothing and said nothing
    (every key was in the file), though the docs promise runs are never mixed by accident.
    The lines record their settings and a resume with others is refused (exit 2)."""
    from futomip.cli import main

    out = str(tmp_path / "r.jsonl")
    first = ["batch", *SEEDS[:2], "-o", out, "--method", "propagate", "--jobs", "1", "-q", "--time-limit", "20"]
    assert main(first) == 0
    records = read_records(out)
    assert all(record["settings"]["seed"] is None and record["time_limit"] == 20 for record in records)
    for other, said in [(["--time-limit", "30"], "--time-limit 20, not --time-limit 30"),
                        (["--time-limit", "20", "--unique"], "no --unique, not --unique"),
                        (["--time-limit", "20", "--seed", "3"], "no --seed, not --seed 3")]:
        assert main([*first[:-2], *other, "--resume"]) == 2
        assert f"holds results run with {said}: a resume continues" in capsys.readouterr().err
    assert read_records(out) == records  # nothing added, nothing taken
    # The same settings continue the file: more repeats run, the done ones are skipped.
    assert main([*first, "--repeat", "2", "--resume"]) == 0
    assert len(read_records(out)) == 2 * len(records)
