"""The `chesslaws` command line: one module per command, sharing the options in `common`."""

from extract.cli import asof, build, check, classify, diff, export, kit, lint, search, show, site  # noqa: F401  (registers commands)
from extract.cli.common import main

__all__ = ["main"]
