"""``python -m futomip``: the command-line interface (see ``futomip.cli``)."""

from .cli import main

raise SystemExit(main())
