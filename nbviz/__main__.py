"""``python -m nbviz``: the same as the ``nbviz`` command."""

from .cli import main

raise SystemExit(main())
