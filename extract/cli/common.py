"""The command group and the options every command shares; bad input -> one line, exit 2."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from extract.model import InputError


class UsageFailure(click.ClickException):
    exit_code = 2

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        click.echo(f"chesslaws: {self.message}", err=True)


def path_option(flag: str, name: str, default: str, help: str) -> Callable[..., Any]:
    return click.option(
        flag, name, type=click.Path(path_type=Path), default=Path(default), show_default=True, help=help
    )


def data_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--corpus and --kb on every command, so a copy of the data can be built and queried."""

    @path_option("--corpus", "corpus_dir", "corpus", "Directory with the raw texts and editions.yaml.")
    @path_option("--kb", "kb_dir", "kb", "Knowledge-base directory (kb/generated is written by 'build').")
    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            raise UsageFailure(str(error)) from error

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="chesslaws")
def main() -> None:
    """The FIDE Laws of Chess in five translations, as a knowledge base with sources."""
