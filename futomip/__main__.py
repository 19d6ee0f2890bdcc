"""``python -m futomip``: the command-line interface (see ``futomip.cli``)."""

from .cli import program

program()
