"""``futomip convert IN OUT``: rewrite a puzzle file in another format."""

from __future__ import annotations

import sys

from .. import io
from ._args import check_output_path, non_negative_int

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    convert = commands.add_parser("convert", help="rewrite a puzzle file in another format")
    convert.add_argument("input")
    convert.add_argument("output")
    convert.add_argument("--to", help="output format (default: implied by the output extension)")
    convert.add_argument("--format", help="input format (default: detected)")
    convert.add_argument("--index", type=non_negative_int, help="convert only puzzle K (0-based) of a multi-puzzle file")


def run_command(args, started: float) -> int:
    check_output_path(args.output, None, "the output")
    puzzle = io.load(args.input, args.format, args.index)
    io.write(puzzle, args.output, args.to)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
