"""The fuzzing engine of tests/test_fuzz.py: seed files per reader and seeded mutations.

Seeds are the small puzzle files in ``data/`` and ``../shared/corpus/`` (at most a few per
format, each under 20 kB so that one parse stays in the millisecond range), grouped by the
format the reader detects.  A mutation is a pure function of (seed text, random generator):
byte flips, truncations, numbers made huge, negative, 0, 1 or 100, Unicode digits and other
characters that Python's ``str.isdigit``/``int`` treat specially, binary junk, CRLF line
ends, and lines duplicated or removed (a section twice or missing).

``parse_outcome`` is the rule every reader must keep: a list of puzzles, or a
``DataFormatError`` with a 1-based position.  Anything else is a bug.
"""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from futomip import io
from futomip.errors import DataFormatError

ROOT = Path(__file__).resolve().parent.parent
SEED_DIRS = [ROOT / "data", ROOT.parent / "shared" / "corpus"]
MAX_SEED_BYTES = 20_000
SEEDS_PER_FORMAT = 4
SUFFIXES = {".dat", ".txt", ".csv", ".pattern", ".non", ".nonpack", ".nin", ".taai", ".dzn", ".mzn"}

# Characters that have broken readers: Unicode digits that isdigit() accepts and int()
# refuses or reads, a non-breaking space, a byte-order mark, a NUL, an emoji.
ODD_CHARACTERS = ["²", "٣", "߀", "①", "\u00a0", "\ufeff", "\x00", "😀", "Ⅻ", "\u2028", "ｘ", "－"]
NUMBER_REPLACEMENTS = ["0", "1", "100", "-1", "-7", "999999999", "9" * 5000, "1" * 30, "+3", "3.5", "1e3", "00"]
_NUMBER = re.compile(r"[0-9]+")


def seeds() -> dict[str, list[tuple[str, str]]]:
    """``{format: [(file name, text), ...]}`` for every format some small seed file has."""
    found: dict[str, list[tuple[str, str]]] = {}
    for base in SEED_DIRS:
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix.lower() not in SUFFIXES or not path.is_file() or path.stat().st_size > MAX_SEED_BYTES:
                continue
            try:
                text = path.read_text(encoding="utf-8")
                fmt = io.detect(text, path)
                io.read_text(text, path, fmt.name)
            except (DataFormatError, UnicodeDecodeError):
                continue
            group = found.setdefault(fmt.name, [])
            if len(group) < SEEDS_PER_FORMAT:
                group.append((path.name, text))
    return found


def _flip_bytes(text: str, rng: random.Random) -> str:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return data.decode("utf-8", errors="replace")


def _truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _replace_number(text: str, rng: random.Random) -> str:
    numbers = list(_NUMBER.finditer(text))
    if not numbers:
        return text + rng.choice(NUMBER_REPLACEMENTS)
    for _ in range(rng.randint(1, 3)):
        match = rng.choice(numbers)
        text = text[: match.start()] + rng.choice(NUMBER_REPLACEMENTS) + text[match.end():]
        numbers = list(_NUMBER.finditer(text))
        if not numbers:
            break
    return text


def _odd_character(text: str, rng: random.Random) -> str:
    spot = rng.randrange(len(text) + 1)
    char = rng.choice(ODD_CHARACTERS)
    numbers = list(_NUMBER.finditer(text))
    if numbers and rng.random() < 0.5:
        # In place of a digit, where a reader looks for one.
        match = rng.choice(numbers)
        return text[: match.start()] + char + text[match.start() + 1:]
    return text[:spot] + char + text[spot:]


def _junk(text: str, rng: random.Random) -> str:
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))).decode("latin-1")
    spot = rng.randrange(len(text) + 1)
    return text[:spot] + junk + text[spot:]


def _crlf(text: str, rng: random.Random) -> str:
    return text.replace("\n", rng.choice(["\r\n", "\r", "\n\n", "\n\r\n"]))


def _duplicate_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    start = rng.randrange(len(lines))
    end = min(len(lines), start + rng.randint(1, 8))
    return "\n".join(lines[:end] + lines[start:end] + lines[end:])


def _drop_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    start = rng.randrange(len(lines))
    end = min(len(lines), start + rng.randint(1, 8))
    return "\n".join(lines[:start] + lines[end:])


def _swap_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


MUTATIONS: list[Callable[[str, random.Random], str]] = [
    _flip_bytes, _truncate, _replace_number, _odd_character, _junk, _crlf, _duplicate_lines, _drop_lines,
    _swap_lines,
]


def mutate(text: str, rng: random.Random) -> str:
    """One to three mutations of ``text``."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice(MUTATIONS)(text, rng)
    return text


class Hang(Exception):
    """A parse ran past its time allowance."""


@contextmanager
def time_allowance(seconds: float):
    """Raise ``Hang`` in the main thread if the block runs longer than ``seconds``."""
    def on_alarm(signum, frame):
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def parse_outcome(text: str, name: str, fmt: str | None) -> str:
    """"ok" or "error" for an accepted outcome; raises AssertionError (with the input) for a
    position-less error, and lets any other exception through to the test."""
    try:
        puzzles = io.read_text(text, name, fmt)
    except DataFormatError as exc:
        assert exc.line >= 1 and exc.column >= 1, f"{exc} has no position"
        assert str(exc).strip(), "an empty message"
        return "error"
    assert isinstance(puzzles, list)
    return "ok"
