"""The `chesslaws` command line: one module per command, sharing the options in `common`.

Each command's module is imported when the command runs (or when --help lists them all), so a quick
question (show, search, asof...) does not pay for the imports of the other commands."""

from extract.cli.common import lazy_commands, main

lazy_commands(
    main,
    __name__,
    (
        "asof",
        "build",
        "check",
        "classify",
        "diff",
        "export",
        "kit",
        "languages",
        "lint",
        "position",
        "ruling",
        "search",
        "show",
        "site",
    ),
)

__all__ = ["main"]
