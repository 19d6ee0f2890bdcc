"""The documentation's examples run: every ```python block of docs/*.md (a page's blocks in
order, in one namespace, in a Python process of its own: an example that changes a module's
state, as one that set a search switch once did, cannot leak into the rest of the suite, nor
the suite's state into the example), every ```console block (each ``$ futomip ...`` line is run and the
output shown under it must be the output produced), and every option that a ```bash synopsis
gives a ``futomip`` command is one that command takes.

Output shown in a console block is compared line by line, with two allowances for what
changes from run to run: a decimal number (``0.296``) stands for any decimal number (times),
and ``...`` stands for any text within a line, or for any lines when it is a line of its own.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shlex
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)
DECIMAL = re.compile(r"\d+\.\d+")


def blocks(page: Path, language: str) -> list[str]:
    """The fenced blocks of one language on a page, in order."""
    return [body for lang, body in FENCE.findall(page.read_text()) if lang == language]


def _pages_with(language: str) -> list[Path]:
    return [page for page in PAGES if blocks(page, language)]


@pytest.fixture
def workdir(tmp_path):
    """A folder where examples may write files, seeing the checkout's data/ and docs/."""
    for name in ("data", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path


def _line_pattern(expected: str) -> re.Pattern:
    parts = []
    for piece in re.split(r"(\.\.\.|\d+\.\d+)", expected.rstrip()):
        if piece == "...":
            parts.append(".*")
        elif DECIMAL.fullmatch(piece):
            parts.append(r"\d+\.\d+")
        else:
            parts.append(re.escape(piece))
    return re.compile("".join(parts) + r"\s*")


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the produced lines match the shown ones (see the module docstring)."""
    while expected and not expected[-1].strip():
        expected = expected[:-1]
    while actual and not actual[-1].strip():
        actual = actual[:-1]
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(output_matches(rest, actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and _line_pattern(head).fullmatch(actual[0]) is not None and output_matches(rest, actual[1:])


def console_commands(body: str) -> list[tuple[str, list[str]]]:
    """Each ``$ command`` of a console block with the output lines shown under it."""
    commands = []
    for line in body.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
    return commands


def test_output_matching_allows_times_and_ellipses_only():
    """The comparison takes any decimal number for a shown one and ``...`` for any text, and
    nothing else: a changed word or a missing line fails it."""
    shown = ["status: solved   time: 0.296 s", "...", "end ...x"]
    assert output_matches(shown, ["status: solved   time: 12.5 s", "a", "b", "end yx"])
    assert output_matches(shown, ["status: solved   time: 1.0 s", "end x"])
    assert not output_matches(shown, ["status: infeasible   time: 0.296 s", "end x"])
    assert not output_matches(shown, ["status: solved   time: 0.296 s"])
    assert not output_matches(["7 3 4"], ["7 3 5"])


RUN_BLOCKS = """
import json, sys
namespace = {"__name__": "__docs__"}
for name, body in json.load(sys.stdin):
    exec(compile(body, name, "exec"), namespace)
"""
"""The page's Python blocks, read from stdin as (name, source) pairs, run in order in one
namespace; a failing block's traceback names it ("python.md python block 3")."""


def run_python_blocks(page: Path, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    """The page's Python blocks run in a fresh Python process in ``cwd``."""
    named = [(f"{page.name} python block {number}", body)
             for number, body in enumerate(blocks(page, "python"), start=1)]
    return subprocess.run([sys.executable, "-c", RUN_BLOCKS], input=json.dumps(named), cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("page", _pages_with("python"), ids=lambda page: page.name)
def test_python_examples_run(page, workdir):
    """Every Python block of the page runs without an error (the blocks assert what they show),
    in a process of its own."""
    done = run_python_blocks(page, workdir)
    assert done.returncode == 0, f"{page.name}: a python block failed:\n{done.stderr[-3000:]}"


def test_a_python_example_runs_apart_from_the_suite(tmp_path):
    """A block that sets a module constant changes it in the example's process only, and a
    failing block fails its page with a traceback that names the block."""
    from futomip.reduction import latin_core

    page = tmp_path / "leaky.md"
    page.write_text("```python\nfrom futomip.reduction import latin_core\nlatin_core.COMPILE_AFTER = -1.0\n```\n"
                    "```python\nassert latin_core.COMPILE_AFTER == -1.0\nraise SystemExit(3)\n```\n")
    before = latin_core.COMPILE_AFTER
    done = run_python_blocks(page, tmp_path)
    assert done.returncode == 3 and latin_core.COMPILE_AFTER == before != -1.0
    (tmp_path / "broken.md").write_text("```python\nx = 1\n```\n```python\n1 / 0\n```\n")
    done = run_python_blocks(tmp_path / "broken.md", tmp_path)
    assert done.returncode != 0 and "broken.md python block 2" in done.stderr


@pytest.mark.parametrize("page", _pages_with("console"), ids=lambda page: page.name)
def test_console_examples_print_what_they_show(page, workdir):
    """Every ``$ futomip ...`` line of the page's console blocks runs, and prints what the page
    shows under it (times aside)."""
    program = [sys.executable, "-m", "futomip"]
    env = dict(os.environ, COLUMNS="120")
    for body in blocks(page, "console"):
        for command, shown in console_commands(body):
            words = shlex.split(command)
            assert words[0] == "futomip", f"{page.name}: only futomip commands are run: {command}"
            done = subprocess.run(program + words[1:], cwd=workdir, capture_output=True, text=True, env=env,
                                  timeout=300)
            assert "Traceback" not in done.stderr, done.stderr
            produced = (done.stdout + done.stderr).splitlines()
            assert output_matches(shown, produced), (
                f"{page.name}: `{command}` printed\n" + "\n".join(produced) + "\nbut the page shows\n" +
                "\n".join(shown))


@functools.cache
def _options_of(command: str) -> str:
    """``futomip COMMAND --help``, from the program's own parser (built here, once per command
    for every page, rather than a process per command and page)."""
    from futomip.cli import build_parser

    shown = StringIO()
    with contextlib.redirect_stdout(shown), contextlib.suppress(SystemExit):
        build_parser().parse_args([command, "--help"])
    return shown.getvalue()


@pytest.mark.parametrize("page", _pages_with("bash"), ids=lambda page: page.name)
def test_bash_synopses_use_options_the_commands_take(page):
    """Every ``--option`` of a ``futomip`` line in the page's bash blocks appears in that
    command's ``--help`` (synopses hold placeholders such as FILE, so they are not run)."""
    from futomip.cli import COMMANDS

    for body in blocks(page, "bash"):
        for line in body.splitlines():
            for part in re.split(r"&&|;|\|", line.split("  #")[0]):
                words = part.split()
                if not words or Path(words[0]).name != "futomip" or words[1:2] == ["--version"]:
                    continue
                command = words[1] if len(words) > 1 and words[1] in COMMANDS else "solve"
                help_text = _options_of(command)
                for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", part):
                    assert option in help_text, f"{page.name}: `futomip {command}` takes no {option}: {line}"


def test_convert_to_dash_prints_the_puzzle_that_reads_back_equal(tmp_path):
    """``futomip convert IN - --to NAME`` prints the puzzle in that format, and that text read
    back is the same puzzle; without ``--to`` it is a usage error (exit 2) that says so."""
    from futomip import io

    source = ROOT / "docs" / "examples" / "five.txt"
    for name in ("opl", "ampl", "tatham", "csv", "grid-wide"):
        done = subprocess.run([sys.executable, "-m", "futomip", "convert", str(source), "-", "--to", name],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        copy = tmp_path / f"five.{name}"
        copy.write_text(done.stdout)
        assert io.load(str(copy), name) == io.load(str(source)), name
    refused = subprocess.run([sys.executable, "-m", "futomip", "convert", str(source), "-"], capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode == 2 and "--to" in refused.stderr
