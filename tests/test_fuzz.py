"""Fuzzing every reader and the CLI's front door (issue 11).

The only accepted outcomes of reading any text are puzzles or a ``DataFormatError`` with a
1-based position: no other exception, no hang.  The quick profile runs in the default suite
(a few hundred mutations per reader, hypothesis text per reader, a dozen mutated files
through the installed CLI); the slow profile (``pytest -m slow tests/test_fuzz.py``) runs
``FUTOMIP_FUZZ_COUNT`` (default 100,000) mutations per reader and prints a summary line per
reader, which the README quotes.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzzing import Hang, mutate, parse_outcome, seeds, time_allowance
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from futomip import io

SEEDS = seeds()
READERS = sorted(io.FORMATS)
QUICK = 300
ALLOWANCE = 10.0  # seconds per parse: seeds parse in milliseconds, so this only catches hangs


def test_every_reader_has_seed_files():
    """The mutation corpus reaches every reader (a new format needs a small sample in data/)."""
    assert sorted(SEEDS) == READERS


def _fuzz(reader: str, count: int, seed: int) -> dict[str, int]:
    rng = random.Random(f"{reader}:{seed}")
    tally = {"ok": 0, "error": 0}
    for number in range(count):
        name, text = rng.choice(SEEDS[reader])
        mutated = mutate(text, rng)
        # Half with the reader forced, half through detection (the CLI's default path).
        fmt = reader if number % 2 == 0 else None
        try:
            with time_allowance(ALLOWANCE):
                tally[parse_outcome(mutated, f"fuzz/{name}", fmt)] += 1
        except Hang as exc:
            pytest.fail(f"{reader}: {exc} on {mutated[:300]!r}")
        except Exception as exc:  # noqa: BLE001 - the point: report the input that broke it.
            pytest.fail(f"{reader} (format={fmt}): {type(exc).__name__}: {exc} on input {mutated[:300]!r}")
    return tally


@pytest.mark.parametrize("reader", READERS)
def test_mutated_files_give_puzzles_or_a_positioned_error(reader):
    """A few hundred mutations of the reader's seed files (quick profile)."""
    tally = _fuzz(reader, QUICK, seed=1)
    assert tally["error"] > 0  # the mutations do reach the error paths


@pytest.mark.parametrize("reader", READERS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(alphabet=st.characters(codec="utf-8"), max_size=200)
       | st.binary(max_size=200).map(lambda data: data.decode("latin-1")))
def test_arbitrary_text_gives_puzzles_or_a_positioned_error(reader, text):
    with time_allowance(ALLOWANCE):
        parse_outcome(text, "fuzz.txt", reader)


@given(text=st.from_regex(r"[0-9 \n#.<>v^|x*,;=\[\]{}()$-]{0,120}", fullmatch=True))
@settings(max_examples=200, deadline=None)
def test_puzzle_like_text_through_detection(text):
    """Text made of the formats' own characters, through detection as the CLI reads it."""
    with time_allowance(ALLOWANCE):
        parse_outcome(text, "fuzz.dat", None)


def _program() -> list[str]:
    script = Path(sys.executable).with_name("futomip")
    return [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]


def test_cli_front_door_answers_mutated_files_with_a_message(tmp_path):
    """Mutated files through the installed program: exit 0, 1 or 2 with a message, never a
    traceback or an internal error (exit 70), and within the time limit."""
    rng = random.Random("cli")
    readers = READERS[:]
    rng.shuffle(readers)
    for number, reader in enumerate(readers):
        name, text = rng.choice(SEEDS[reader])
        path = tmp_path / f"{number}-{name}"
        path.write_text(mutate(text, rng), encoding="utf-8")
        started = time.monotonic()
        done = subprocess.run(_program() + [str(path), "--time-limit", "5", "--json"], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode in (0, 1, 2), (reader, done.returncode, done.stderr[-2000:])
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr[-2000:]
        if done.returncode == 2:
            assert done.stderr.startswith("futomip: error:"), done.stderr
        assert time.monotonic() - started < 30


def test_cli_reads_only_regular_files_of_sane_size(tmp_path):
    """/dev/zero and a FIFO once never returned; a file over FUTOMIP_MAX_FILE_MB is refused."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    big = tmp_path / "big.dat"
    big.write_bytes(b" " * (2 * 1024 * 1024))
    for path, env, words in [("/dev/zero", {}, "regular file"), (str(fifo), {}, "regular file"),
                             (str(big), {"FUTOMIP_MAX_FILE_MB": "1"}, "FUTOMIP_MAX_FILE_MB")]:
        done = subprocess.run(_program() + [path], capture_output=True, text=True, timeout=30,
                              env=dict(os.environ, **env))
        assert done.returncode == 2 and words in done.stderr, done.stderr


@pytest.mark.parametrize("digits", ["²", "٣", "9" * 5000])
def test_unicode_digits_and_huge_numbers_are_format_errors_or_refused_values(digits):
    """The two causes of the 229 uncaught exceptions of the first fuzz run: a clue of 5,000
    nines (Python's int-string limit) and Unicode digits ('٣' was silently read as 3)."""
    text = f"2 2\n{digits}\n1\n1\n1\n"
    try:
        puzzles = io.read_text(text, "x.nin", "nin")
    except io.DataFormatError as exc:
        assert (exc.line, exc.column) == (2, 1)
        return
    assert digits.isascii(), "a Unicode digit was read as a number"
    assert puzzles[0].rows[0][0] > 10 ** 9


@pytest.mark.slow
@pytest.mark.parametrize("reader", READERS)
def test_slow_fuzz_profile(reader):
    """FUTOMIP_FUZZ_COUNT (default 10^5) mutations per reader; prints one summary line."""
    count = int(os.environ.get("FUTOMIP_FUZZ_COUNT", "100000"))
    started = time.monotonic()
    tally = _fuzz(reader, count, seed=2)
    print(f"\nfuzz {reader}: {count} inputs, {tally['ok']} read, {tally['error']} format errors, "
          f"0 other outcomes, {time.monotonic() - started:.0f} s")


def test_a_huge_cell_index_in_a_qcp_model_is_a_positioned_error():
    """The slow profile's first qcp input with a 5,000-digit variable index hit int()'s limit."""
    text = "var 0 .. 1 : v_" + "9" * 5000 + ";\n"
    with pytest.raises(io.DataFormatError) as caught:
        io.read_text(text, "x.mzn", "qcp")
    assert caught.value.line == 1


@pytest.mark.parametrize("value", ["abc", "-1", "nan", "inf", ""])
def test_a_size_limit_that_is_not_a_number_of_megabytes_is_refused(value, tmp_path, monkeypatch):
    """QA: FUTOMIP_MAX_FILE_MB=abc was ignored without a word (the user believed the limit set)."""
    path = tmp_path / "p.dat"
    path.write_text("n = 2;\ninitialValues = {};\nconditions = {};\n")
    monkeypatch.setenv("FUTOMIP_MAX_FILE_MB", value)
    with pytest.raises(io.UsageError, match=f"FUTOMIP_MAX_FILE_MB must be a number of megabytes .*{value!r}"):
        io.load(str(path))


def test_a_limit_below_one_megabyte_is_said_as_set(tmp_path, monkeypatch):
    """QA: FUTOMIP_MAX_FILE_MB=0.0001 refused a file "of at most 0 MB, found 0 MB"."""
    path = tmp_path / "p.dat"
    path.write_text("n = 2;\ninitialValues = {};\nconditions = {};\n" + " " * 500)
    monkeypatch.setenv("FUTOMIP_MAX_FILE_MB", "0.0001")
    with pytest.raises(io.DataFormatError, match=r"at most 0\.0001 MB, found 0\.000[0-9]+ MB"):
        io.load(str(path))


@pytest.mark.parametrize("value,code", [("2", 2), ("ture", 2), ("auto", 0), ("Yes", 0), ("off", 0)])
def test_the_compile_variable_takes_its_documented_values_only(value, code, monkeypatch, capsys):
    """QA: FUTOMIP_COMPILE=2 was taken for "auto" without a word."""
    from conftest import DATA
    from futomip.cli import main

    monkeypatch.setenv("FUTOMIP_COMPILE", value)
    assert main([str(DATA / "futoshiki.dat"), "-q"]) == code
    if code:
        assert "FUTOMIP_COMPILE must be one of 0, 1, auto" in capsys.readouterr().err


@pytest.mark.parametrize("limit", [0, -1, 1.5, True])
def test_the_api_refuses_a_solution_limit_the_command_line_refuses(limit):
    """QA: futomip.solutions(p, limit=0) gave [] and enumerate_all(limit=0) a result, where
    --limit 0 is an error."""
    import futomip
    from conftest import DATA

    puzzle = futomip.load(DATA / "futoshiki.dat")
    with pytest.raises(futomip.UsageError, match="limit must be a whole number >= 1"):
        futomip.solutions(puzzle, limit=limit)
    with pytest.raises(futomip.UsageError, match="limit must be a whole number >= 1"):
        futomip.enumerate_all(puzzle, limit=limit)


def test_a_wrong_keyword_names_futomip_solve():
    """QA: an unknown keyword raised "keyword_solve() got an unexpected keyword", naming an
    internal function."""
    import futomip
    from conftest import DATA

    with pytest.raises(TypeError, match=r"^solve\(\) got an unexpected keyword argument 'nosuch'"):
        futomip.solve(futomip.load(DATA / "futoshiki.dat"), nosuch=1)


def test_a_dash_for_standard_input_gets_a_hint(capsys):
    """QA: `futomip -` said "-:1:1: expected a readable file, found no such file"; reading from
    standard input is not a feature, and the message now says so."""
    from futomip.cli import main

    assert main(["-"]) == 2
    assert "not from standard input: save the text to a file first" in capsys.readouterr().err


def test_a_png_of_a_name_the_font_lacks_prints_no_warning(tmp_path):
    """QA: a CJK puzzle name in a PNG printed matplotlib's glyph warnings, with its source line."""
    import subprocess
    import sys

    pytest.importorskip("matplotlib")
    from conftest import DATA

    source = tmp_path / "数独.dat"
    source.write_text((DATA / "futoshiki.dat").read_text())
    done = subprocess.run([sys.executable, "-m", "futomip", "draw", str(source), "-o", str(tmp_path / "x.png")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and (tmp_path / "x.png").stat().st_size > 0, done.stderr
    assert "Warning" not in done.stderr and "missing from font" not in done.stderr, done.stderr
