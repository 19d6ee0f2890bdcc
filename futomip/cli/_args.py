"""Argument types and checks shared by the sub-commands: numbers in range, usable output paths
(a missing output folder is made, with its parents, as every ``-o`` does).

Every bad value is an argparse error or a ``UsageError`` with what would be accepted, so a
typing slip ends with exit code 2 and one line, never a traceback or a silently odd run.
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

from ..errors import UsageError

__all__ = ["seconds", "positive_int", "non_negative_int", "check_output_path", "make_folder", "solver_option",
           "restart_policy"]


def seconds(text: str) -> float:
    """A time limit: a number of seconds >= 0 (``inf`` means no limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if math.isnan(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0, got {text!r}")
    return value


def _whole_number(text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise argparse.ArgumentTypeError(f"expected a whole number >= {minimum}, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """A whole number >= 1."""
    return _whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """A whole number >= 0."""
    return _whole_number(text, 0)


def solver_option(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` for ``--solver-option``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def restart_policy(text: str):
    """``KIND[:FAILURES]`` for ``--restarts`` (``futomip.options.Restarts``)."""
    from ..options import Restarts

    try:
        return Restarts.parse(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def make_folder(folder: str | Path, shown: str | None = None) -> Path:
    """The folder ``folder``, made with its parents when missing (as ``mkdir -p``); a
    ``UsageError`` when a file stands in its place or it cannot be made.  ``shown`` is the
    path the user gave, for the message."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocker = next((part for part in [*reversed(folder.parents), folder] if part.exists() and not part.is_dir()),
                       folder)
        raise UsageError(f"{shown or folder}: {blocker} is a file, not a folder") from None
    except OSError as exc:
        raise UsageError(f"{shown or folder}: cannot make the folder {folder} ({exc.strerror or exc})") from None
    return folder


def check_output_path(path: str, suffixes: tuple[str, ...] | None, what: str) -> None:
    """Refuse, before any work, an output path that cannot be written: an unwritable folder,
    a folder in the file's place, or a suffix the writer does not know.  A missing folder
    is made, with its parents."""
    target = Path(path)
    if suffixes is not None and target.suffix.lower() not in suffixes:
        raise UsageError(f"{path}: {what} must end in {' or '.join(suffixes)}")
    folder = make_folder(target.parent if str(target.parent) else Path("."), path)
    if target.is_dir():
        raise UsageError(f"{path}: is a folder; give a file name")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise UsageError(f"{path}: not writable here")
    if not target.exists():
        # Permission bits do not tell everything (root may "write" into /proc, a full or
        # read-only file system): a file made and removed now proves it before any work.
        try:
            with open(target, "x", encoding="utf-8"):
                pass
            target.unlink()
        except OSError as exc:
            raise UsageError(f"{path}: cannot be written here ({exc.strerror or exc})") from None


def add_file_arguments(parser, verb: str) -> None:
    """The puzzle file and how to read it, shared by the commands that take one."""
    parser.add_argument("file", help="puzzle file (format detected from its content)")
    parser.add_argument("--format", help="read the file in this format instead of detecting it")
    parser.add_argument("--index", type=non_negative_int, help=f"{verb} only puzzle K (0-based) of a multi-puzzle file")
