"""``futomip convert IN OUT``: rewrite a puzzle file in another format (``OUT`` = ``-``: print
it, in the ``--to`` format)."""

from __future__ import annotations

import sys

from .. import io
from ._args import check_output_path, non_negative_int
from ._output import say

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    convert = commands.add_parser("convert", help="rewrite a puzzle file in another format")
    convert.add_argument("input")
    convert.add_argument("output", help="the file to write, or - to print the puzzle (then --to names the format)")
    convert.add_argument("--to", help="output format (default: implied by the output extension)")
    convert.add_argument("--format", help="input format (default: detected)")
    convert.add_argument("--index", type=non_negative_int, help="convert puzzle K (0-based) of a multi-puzzle file (such a file needs it: one puzzle is converted)")


def run_command(args, started: float) -> int:
    from ..errors import UsageError

    if args.output == "-":
        if not args.to:
            raise UsageError("convert IN -: name the format to print with --to (e.g. --to opl)")
        say(io.write_text(io.load(args.input, args.format, args.index), args.to), end="")
        return 0
    check_output_path(args.output, None, "the output")
    puzzle = io.load(args.input, args.format, args.index)
    try:
        io.write(puzzle, args.output, args.to)
    except OSError as exc:
        # The checks above cannot foresee every failure (a full disk, a file under /proc).
        raise UsageError(f"{args.output}: cannot be written here ({exc.strerror or exc})") from None
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
