"""The `chesslaws` command line: one module per command, sharing the options in `common`."""

from extract.cli import (  # noqa: F401  (registers commands)
    asof,
    build,
    check,
    classify,
    diff,
    export,
    kit,
    languages,
    lint,
    position,
    ruling,
    search,
    show,
    site,
)
from extract.cli.common import main

__all__ = ["main"]
