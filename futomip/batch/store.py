"""The results file of a batch: JSON Lines, one line per (file, index, label, repeat).

Each line is appended, flushed and ``fsync``'ed as soon as its result is known, so a batch
killed at any moment (even SIGKILL, or a power cut after the sync) keeps every finished
line and loses at most the work in flight.  A kill can cut the last line short: ``open_for``
drops such a torn tail before appending again, and ``done_keys`` ignores it, so a resumed
batch ends with exactly one line per key.  A line whose status is ``error`` (a solver error,
a worker lost with its job) is not an answer: ``drop_error_lines`` takes such lines out, so
that a resumed batch runs those jobs again and still ends with one line per key.

Must not import the CLI.
"""

from __future__ import annotations

import json
import os

from ..errors import DataFormatError, UsageError
from ..status import ERROR

__all__ = ["key_of", "read_records", "held_records", "done_keys", "error_keys", "drop_error_lines", "settings_clash", "Store"]

KEY_FIELDS = ("file", "index", "label", "repeat")


def key_of(record: dict) -> tuple:
    """What identifies a line: the puzzle (file as given, 0-based index), the method or
    method:pair label, and the repeat number."""
    return tuple(record[field] for field in KEY_FIELDS)


def _complete_part(data: bytes) -> bytes:
    """The data up to and including its last newline (a torn last line is dropped)."""
    end = data.rfind(b"\n")
    return data[:end + 1]


def read_records(path: str) -> list[dict]:
    """Every complete line of a results file, in order (a torn last line is skipped)."""
    try:
        with open(path, "rb") as handle:
            data = _complete_part(handle.read())
    except OSError as exc:
        # Worded as the puzzle readers word it, so the message names the file.
        found = "no such file" if isinstance(exc, FileNotFoundError) else \
            "a directory" if isinstance(exc, IsADirectoryError) else (exc.strerror or str(exc))
        raise DataFormatError(path, 1, 1, f"expected a readable results file, found {found}") from None
    records = []
    for number, line in enumerate(data.decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataFormatError(path, number, exc.colno, f"not a JSON line ({exc.msg})") from None
        if not isinstance(record, dict) or any(field not in record for field in KEY_FIELDS):
            raise DataFormatError(path, number, 1, f"expected a batch result with {', '.join(KEY_FIELDS)}")
        records.append(record)
    return records


def held_records(path: str) -> list[dict]:
    """``read_records(path)``, or no records when the file does not exist (a first run)."""
    return read_records(path) if os.path.exists(path) else []


def done_keys(records: list[dict]) -> set[tuple]:
    """The keys of a results file's ``records``."""
    return {key_of(record) for record in records}


def error_keys(records: list[dict]) -> set[tuple]:
    """The keys whose record has status ``error``."""
    return {key_of(record) for record in records if record.get("status") == ERROR}


def drop_error_lines(path: str, keys: set[tuple]) -> int:
    """Take the lines with status ``error`` and a key in ``keys`` out of a results file;
    how many were taken.

    The other lines are kept byte for byte and in order.  The file is replaced at once
    (a new file, synced, renamed over the old one), so a kill at any moment leaves either the
    old file or the new one, never a mix."""
    if not keys or not os.path.exists(path):
        return 0
    read_records(path)  # a malformed file is refused here, with its line and column
    with open(path, "rb") as handle:
        lines = _complete_part(handle.read()).splitlines(keepends=True)

    def rerun(line: bytes) -> bool:
        record = json.loads(line) if line.strip() else {}
        return record.get("status") == ERROR and key_of(record) in keys

    kept = [line for line in lines if not rerun(line)]
    if len(kept) != len(lines):
        fresh = f"{path}.resume-{os.getpid()}"
        with open(fresh, "wb") as handle:
            handle.writelines(kept)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(fresh, path)
    return len(lines) - len(kept)


def settings_clash(records: list[dict], wanted: dict) -> str | None:
    """How a results file's ``records`` were run differently from ``wanted`` (a dict of
    ``time_limit``, ``unique_asked`` and the ``settings`` fields), as one phrase per differing
    field (``--time-limit 10, not 20``), or None.  A line without a field (a file older than
    the field) is not compared on it."""
    for record in records:
        held = {field: record[field] for field in ("time_limit", "unique_asked") if field in record}
        held.update(record.get("settings") or {})
        differ = [field for field in wanted if field in held and held[field] != wanted[field]]
        if differ:
            return ", ".join(f"{_as_option(field, held[field])}, not {_as_option(field, wanted[field])}"
                             for field in differ)
    return None


def _as_option(field: str, value) -> str:
    flag = "--unique" if field == "unique_asked" else "--" + field.replace("_", "-")
    if value is None or value is False:
        return f"no {flag}"
    if value is True:
        return flag
    if isinstance(value, float):
        return f"{flag} {value:g}"
    return f"{flag} {value}"


class Store:
    """Appends result lines to ``path``, each synced to disk before ``add`` returns.

    Without ``resume`` an existing non-empty file is refused (a batch never mixes its lines
    into an older run by accident); with it, a torn last line is cut off first."""

    def __init__(self, path: str, resume: bool) -> None:
        self.path = path
        exists = os.path.exists(path) and os.path.getsize(path) > 0
        if exists and not resume:
            raise UsageError(f"{path} already holds results: add --resume to continue it, or choose another file")
        if exists:
            with open(path, "rb") as handle:
                data = handle.read()
            keep = len(_complete_part(data))
            if keep != len(data):
                with open(path, "r+b") as handle:
                    handle.truncate(keep)
        self._handle = open(path, "a", encoding="utf-8")
        self._start = self._handle.tell()

    def add(self, record: dict) -> None:
        self._handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    @property
    def written(self) -> int:
        """The whole lines this store added to the file.  Counted in the file, not in ``add``: a
        Ctrl-C between a line's write and a counter's step made the count one short."""
        with open(self.path, "rb") as handle:
            handle.seek(self._start)
            return handle.read().count(b"\n")

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
