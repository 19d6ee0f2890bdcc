"""Reading and writing puzzle files: format registry, detection and dispatch.

Each format lives in its own module and exposes one ``FORMAT`` (a ``Format``).  Detection
looks at the content first and uses the file extension only to break ties, so a file
named ``.txt`` that holds an OPL ``.dat`` is still read correctly; ``format=`` overrides.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import importlib
import math
import os
import stat
from pathlib import Path

from ..errors import DataFormatError, UnknownNameError, UnsupportedFeatureError, UsageError
from ._format import Format
from ._scan import forget_lines

__all__ = ["Format", "FORMATS", "read", "read_text", "write", "write_text", "text_by_name", "detect", "load"]

def _register() -> dict[str, Format]:
    # One module per line so that adding a format touches one line.  Order matters only
    # when two formats accept the same content and the extension does not decide.
    names = [
        "str8ts_dat",
        "str8ts_seed",
        "str8ts_vil02",
        "str8ts_osmith93",
        "futoshiki_opl",
        "futoshiki_ampl",
        "futoshiki_grid",
        "futoshiki_grid_wide",
        "futoshiki_csv",
        "futoshiki_tatham",
        "adjacent_tatham",
        "nonogram_seed",
        "nonogram_non",
        "nonogram_nin",
        "nonogram_taai",
        "nonogram_dzn",
        "nonogram_dat",
        "nonogram_webpbn",
        "nonogram_tatham",
        "sudoku_line",
        "sudoku_grid",
        "killer_cages",
        "killer_map",
        "latin_pls",
        "latin_qcp",
    ]
    modules = [importlib.import_module(f"{__name__}.{name}") for name in names]
    return {module.FORMAT.name: module.FORMAT for module in modules}


FORMATS: dict[str, Format] = _register()


def _format(name: str) -> Format:
    if name not in FORMATS:
        raise UnknownNameError("format", name, sorted(FORMATS))
    return FORMATS[name]


def detect(text: str, path: str | Path = "<string>") -> Format:
    """The format of ``text``: formats whose ``sniff`` accepts it, ties broken by extension."""
    candidates = [fmt for fmt in FORMATS.values() if fmt.sniff(text)]
    suffix = Path(str(path)).suffix.lower()
    by_extension = [fmt for fmt in candidates if suffix in fmt.extensions]
    if by_extension:
        return by_extension[0]
    if candidates:
        return candidates[0]
    raise DataFormatError(
        str(path), 1, 1,
        f"expected a puzzle file in one of the formats {', '.join(sorted(FORMATS))}, "
        "found content none of them recognises (use --format to choose one)",
    )


def read_text(text: str, path: str | Path = "<string>", format: str | None = None) -> list:
    """Every puzzle in ``text`` (most formats hold one).

    A UTF-8 byte-order mark (which some Windows editors write) is skipped.  When the text's
    extension belongs to one format only and that format does not recognise the text, its
    reader still reads it unless another format recognises and reads the text without error:
    so a damaged file gets the reader's exact ``path:line:column`` error, even when what is left
    of it looks like the start of another format (``0 0`` in a ``.nin`` file is a lone
    Futoshiki cell row), and a file the recognisers turned down for its content, a clue too long
    for its line, is read and found infeasible, as the same puzzle in another format is."""
    try:
        return _read_text(text, path, format)
    finally:
        forget_lines()  # the recognisers' shared split of the text (``_scan``) is not kept


def _read_text(text: str, path: str | Path, format: str | None) -> list:
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip() and not format:
        # Said plainly: "content none of the formats recognises" sent users looking for a typo.
        # A format named by the caller keeps its reader's own words ("expected ..., found end
        # of file", at the place that reader needed something).
        raise DataFormatError(str(path), 1, 1, "expected a puzzle, found an empty file" if not text
                              else "expected a puzzle, found only blank lines")
    if format:
        return _format(format).read(text, str(path))
    suffix = Path(str(path)).suffix.lower()
    named = [fmt for fmt in FORMATS.values() if suffix and suffix in fmt.extensions]
    extension_format = named[0] if len(named) == 1 else None
    try:
        fmt = detect(text, path)
    except DataFormatError as unrecognised:
        if extension_format is None:
            raise _furthest_error(named, text, str(path)) or unrecognised from None
        fmt = extension_format
    if extension_format is None or fmt is extension_format:
        return fmt.read(text, str(path))
    try:
        return fmt.read(text, str(path))
    except DataFormatError:
        return extension_format.read(text, str(path))


def _in_text(error: DataFormatError, lines: list[str]) -> bool:
    """Whether ``error`` points at a character of the text or at the end of one of its lines
    for a reason other than the text's end."""
    if not 1 <= error.line <= len(lines):
        return False
    width = len(lines[error.line - 1])
    return 1 <= error.column <= width or (error.column == width + 1 and "end of file" not in error.reason
                                          and "end of the file" not in error.reason)


def _furthest_error(formats: list[Format], text: str, path: str) -> DataFormatError | None:
    """For text no format recognises, whose extension several formats share (``.txt``,
    ``.dat``): the error of the reader that got furthest into it, since a typo deep in a file
    is best shown where it is.  Only errors at a character of the text or at the end of one of
    its lines count ("found 80 characters" where a Sudoku line needs 81), not those of a
    reader that ran out of text (it read garbage as far as it went, which says nothing of where
    it is wrong).  On the first line such an error counts only where every reader stops at the
    same place or the reader took the whole line (a permissive reader gets a few characters
    into any text, not through a line of it); else None: the content is nobody's, and the list
    of formats says more."""
    lines = text.splitlines()
    errors = []
    for fmt in formats:
        try:
            fmt.read(text, path)
        except DataFormatError as exc:
            if _in_text(exc, lines):
                errors.append((exc.line, exc.column, fmt, exc))
        except UnsupportedFeatureError:
            continue
    furthest = max(errors, key=lambda error: error[:2], default=None)  # max keeps the first of a tie
    if furthest is None or furthest[:2] == (1, 1):
        return None
    line, column, fmt, exc = furthest
    took_the_line = column > len(lines[0])
    if line == 1 and not took_the_line and (len(errors) < len(formats)
                                            or any(error[:2] != (line, column) for error in errors)):
        return None
    tied = [other.name for other_line, other_column, other, _ in errors
            if (other_line, other_column) == (line, column) and other is not fmt]
    also = f"; {', '.join(tied)} also stop{'s' if len(tied) == 1 else ''} here" if tied else ""
    return DataFormatError(path, line, column, f"{exc.reason} (the {fmt.name} reader, which got furthest{also}; "
                                               f"--format NAME reads the file as one of: "
                                               f"{', '.join(other.name for other in formats)})")


def read(path: str | Path, format: str | None = None) -> list:
    """Every puzzle in the file at ``path``."""
    path = Path(path)
    _check_readable(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFormatError(str(path), 1, 1, "expected a readable file, found no such file") from None
    except UnicodeDecodeError as exc:
        raise DataFormatError(str(path), 1, exc.start + 1, "expected UTF-8 text, found undecodable bytes") from None
    except IsADirectoryError:
        raise DataFormatError(str(path), 1, 1, "expected a file, found a directory") from None
    return read_text(text, path, format)


MAX_FILE_MB_DEFAULT = 64


def max_file_megabytes() -> float:
    """The largest puzzle file read, in megabytes: ``FUTOMIP_MAX_FILE_MB`` (default 64; the
    biggest public puzzle collections are a few megabytes).  A value that is not a number of
    megabytes is a usage error: ignored, it would leave the user believing the limit was set."""
    text = os.environ.get("FUTOMIP_MAX_FILE_MB")
    if text is None:
        return MAX_FILE_MB_DEFAULT
    try:
        megabytes = float(text)
    except ValueError:
        megabytes = math.nan
    if not (math.isfinite(megabytes) and megabytes >= 0):
        raise UsageError(f"FUTOMIP_MAX_FILE_MB must be a number of megabytes (0 or more), not {text!r}")
    return megabytes


def _check_readable(path: Path) -> None:
    """Refuse what is not a regular file of sane size before reading a byte of it: reading
    ``/dev/zero`` or a FIFO would never end, and a huge file would only exhaust memory."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if str(path) == "-":
            raise DataFormatError("-", 1, 1, "expected a file name, found '-' (futomip reads puzzles from files, "
                                  "not from standard input: save the text to a file first)") from None
        raise DataFormatError(str(path), 1, 1, "expected a readable file, found no such file") from None
    except OSError as exc:
        raise DataFormatError(str(path), 1, 1, f"expected a readable file, found {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise DataFormatError(str(path), 1, 1, "expected a file, found a directory")
    if not stat.S_ISREG(info.st_mode):
        raise DataFormatError(str(path), 1, 1, "expected a regular file, found a device, pipe or socket")
    megabytes = max_file_megabytes()
    if info.st_size > int(megabytes * 1024 * 1024):
        raise DataFormatError(
            str(path), 1, 1,
            f"expected a puzzle file of at most {megabytes:.3g} MB, found {info.st_size / 1048576:.3g} MB "
            "(FUTOMIP_MAX_FILE_MB raises the limit)",
        )


def load(path: str | Path, format: str | None = None, index: int | None = None):
    """One puzzle from ``path``: the only one, or number ``index`` (0-based) of several."""
    puzzles = read(path, format)
    if index is None:
        if len(puzzles) != 1:
            raise DataFormatError(
                str(path), 1, 1, f"expected one puzzle, found {len(puzzles)} (choose one with index / --index)"
            )
        return puzzles[0]
    if not 0 <= index < len(puzzles):
        raise DataFormatError(str(path), 1, 1, f"expected an index in 0..{len(puzzles) - 1}, found {index}")
    return puzzles[index]


def write_text(puzzle, format: str) -> str:
    """``puzzle`` in ``format`` as text; a format writes puzzles of its own kind only (an
    Adjacent puzzle in a Futoshiki format would lose the rules of its unmarked pairs), and
    a refusal names the formats that do hold the puzzle."""
    fmt = _format(format)
    kind = getattr(puzzle, "kind", None)
    if kind is not None and kind != fmt.kind:
        writable = sorted(f.name for f in FORMATS.values() if f.kind == kind and f.write is not None)
        raise UnsupportedFeatureError(f"the {fmt.name} format holds {fmt.kind} puzzles, not {kind}; "
                                      f"{_article(kind)} {kind} can be written as: {', '.join(writable) or 'nothing yet'}")
    try:
        return fmt.write(puzzle)
    except UnsupportedFeatureError as refusal:
        raise UnsupportedFeatureError(f"{refusal}; {_where_it_fits(puzzle, fmt)}") from None


def _where_it_fits(puzzle, refused: Format) -> str:
    """The other formats of the puzzle's kind whose writers take it, found by writing it:
    what each can hold (sizes, which signs) is known only to its writer."""
    holders = []
    for fmt in FORMATS.values():
        if fmt.kind != refused.kind or fmt is refused:
            continue
        try:
            fmt.write(puzzle)
        except UnsupportedFeatureError:
            continue
        holders.append(fmt.name)
    return f"it can be written as: {', '.join(sorted(holders))}" if holders else "no other format holds it"


def write(puzzle, path: str | Path, format: str | None = None) -> None:
    """Write ``puzzle`` to ``path``; the format defaults to the one the extension implies."""
    text = write_text(puzzle, format) if format is not None else text_by_name(puzzle, path)
    Path(path).write_text(text, encoding="utf-8")


def text_by_name(puzzle, path: str | Path) -> str:
    """``puzzle`` as text in the format its file name's suffix implies.  Several formats may
    share a suffix (.txt: grid, grid-wide, ...) and hold different sizes: the first that can
    write this puzzle (a 10x10 Futoshiki's .txt is grid-wide); else the first one's refusal."""
    suffix = Path(str(path)).suffix.lower()
    matches = [f for f in FORMATS.values() if suffix in f.extensions and f.kind == puzzle.kind]
    if not matches:
        # Name what this puzzle can be written as, and why the suffix does not fit it.
        writable = sorted(f"{f.name} ({', '.join(f.extensions)})" for f in FORMATS.values()
                          if f.kind == puzzle.kind and f.write is not None)
        others = sorted({f.kind for f in FORMATS.values() if suffix in f.extensions} - {puzzle.kind})
        kinds = f"{', '.join(others[:-1])} and {others[-1]}" if len(others) > 1 else "".join(others)
        why = f"{suffix!r} is a file name for {kinds} puzzles, not {puzzle.kind}" if others \
            else f"no format uses the file name suffix {suffix!r}"
        raise UsageError(f"{path}: {why}; {_article(puzzle.kind)} {puzzle.kind} can be written as: {'; '.join(writable)} "
                         "(or name one with --to)")
    refusals = []
    for match in matches:
        try:
            return write_text(puzzle, match.name)
        except UnsupportedFeatureError as exc:
            refusals.append(exc)
    raise refusals[0]


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
