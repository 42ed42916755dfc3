"""The command group and the options every command shares; bad input -> one line, exit 2."""

from __future__ import annotations

import errno
import functools
import importlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import click
import yaml

from extract.model import InputError


class UsageFailure(click.ClickException):
    exit_code = 2

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        click.echo(f"chesslaws: {shorten(self.message)}", err=True)


_LONG_WORD = re.compile(r"\S{201,}")


def shorten(message: str) -> str:
    """A word of more than 200 characters (a pasted file given as an argument, echoed back) is cut to
    its first 100, with its length: the line stays one a person can read."""
    return _LONG_WORD.sub(lambda m: f"{m.group()[:100]}... ({len(m.group()):,} characters)", message)


def require_editions(editions: Iterable[str | None], known: Iterable[str]) -> None:
    """Every edition named on the command line (None: not named) is one the KB has."""
    known = list(known)
    for edition in editions:
        if edition is not None and edition not in known:
            raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(known)})")


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
        folders = (kwargs["corpus_dir"], kwargs["kb_dir"])
        try:
            if sys.stdout is None and command.__name__ not in WRITES_FILES:
                raise UsageFailure("standard output is closed: the answer could not be written anywhere")
            if command.__name__ != "build":
                warn_if_stale(*folders)
            return command(*args, **kwargs)
        except InputError as error:
            raise UsageFailure(one_line(str(error)) + _where_hint(Path(error.path), folders)) from error
        except BrokenPipeError:
            raise SystemExit(1) from None  # the reader went away (`| head`): nothing to report
        except OSError as error:
            raise UsageFailure(os_error(error)) from error
        except yaml.YAMLError as error:  # a YAML file some reader did not route through io.yamlfile
            mark = getattr(error, "problem_mark", None)
            where = f"{mark.name}:{mark.line + 1}" if mark else "YAML"
            problem = getattr(error, "problem", None) or str(error)
            raise UsageFailure(one_line(f"{where}: invalid YAML: {problem}")) from error

    wrapped: Callable[..., Any] = wrapper  # click's decorators are untyped: wrapper is Any to mypy
    return wrapped


WRITES_FILES = ("build", "site", "kit")  # commands whose result is files: stdout only shows progress


def _where_hint(path: Path, folders: tuple[Path, Path]) -> str:
    """When the file in error lies in a --corpus/--kb folder that does not exist, say so: most often
    chesslaws was run outside the project with the default paths."""
    for folder, flag in zip(folders, ("--corpus", "--kb"), strict=True):
        if not Path(folder).is_dir() and path.absolute().is_relative_to(Path(folder).absolute()):
            here = Path.cwd()
            return f" (no {folder} in {here}: run chesslaws in the project folder or give {flag} DIR)"
    return ""


def warn_if_stale(corpus_dir: Path, kb_dir: Path) -> None:
    """One line on stderr when a corpus text changed after kb/generated was built from it."""
    from extract.io.generated import changed_sources

    if not Path(corpus_dir).is_dir():
        return
    changed = changed_sources(corpus_dir, kb_dir)
    if changed:
        more = f" (and {len(changed) - 1} more)" if len(changed) > 1 else ""
        click.echo(
            f"chesslaws: warning: kb/generated is out of date: {changed[0]}{more} changed since the "
            f"last build; answers come from the old text until you run 'chesslaws build'",
            err=True,
        )


def one_line(message: str) -> str:
    """Messages are one line on stderr: inner line breaks become spaces."""
    return " ".join(message.split())


def os_error(error: OSError) -> str:
    """`path: what the system said` for a failed read or write (read-only, full disk, permissions)."""
    where = error.filename if error.filename is not None else "standard output"
    reason = error.strerror or (errno.errorcode.get(error.errno or 0) if error.errno else None) or str(error)
    verb = "cannot write" if error.errno in _WRITE_ERRORS else "cannot read or write"
    return one_line(f"{where}: {verb} ({reason}); nothing half-written was kept")


_WRITE_ERRORS = {errno.EROFS, errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


class OneLineGroup(click.Group):
    """Usage errors (unknown option, bad value, missing argument) are one line too, exit 2."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise _usage(error) from error

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise _usage(error) from error


def _usage(error: click.UsageError) -> click.ClickException:
    if isinstance(error, getattr(click.exceptions, "NoArgsIsHelpError", ())):
        return error  # a group without its command: the help, as click prints it
    command = error.ctx.command_path if error.ctx is not None else "chesslaws"
    where = command.split(" ", 1)[1] if " " in command else "usage"
    message = error.format_message().rstrip(".")
    return UsageFailure(one_line(f"{where}: {message} (see '{command} --help')"))


@click.group(cls=OneLineGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="chesslaws")
def main() -> None:
    """The FIDE Laws of Chess in five translations, as a knowledge base with sources."""


class LazyCommands(dict[str, click.Command]):
    """A group's commands, each registered by importing its module (`package.name`) on first use.

    Its names are known without importing anything (each module registers the command of its own
    name: tests/test_cli_startup.py), so listing them, or suggesting one for a typo, is free; a
    command looked up by name imports its module only; its values (--help) import them all."""

    def __init__(self, package: str, names: Iterable[str]) -> None:
        super().__init__()
        self.package, self.names, self.pending = package, tuple(names), set(names)

    def load(self, name: object) -> None:
        if name in self.pending:
            self.pending.discard(str(name))
            try:
                importlib.import_module(f"{self.package}.{name}")  # its decorator registers the command here
            except BaseException:
                self.pending.add(str(name))  # tried again: its own error, not "no such command"
                raise

    def load_all(self) -> None:
        for name in sorted(self.pending):
            self.load(name)

    def get(self, name: str, default: Any = None) -> Any:
        self.load(name)
        return super().get(name, default)

    def __getitem__(self, name: str) -> click.Command:
        self.load(name)
        return super().__getitem__(name)

    def __contains__(self, name: object) -> bool:
        self.load(name)
        return super().__contains__(name)

    def _all_names(self) -> list[str]:
        return sorted({*self.names, *super().keys()})

    def __iter__(self) -> Iterator[str]:
        return iter(self._all_names())

    def __len__(self) -> int:
        return len(self._all_names())

    def keys(self) -> Any:
        return self._all_names()

    def values(self) -> Any:
        self.load_all()
        return super().values()

    def items(self) -> Any:
        self.load_all()
        return super().items()


def lazy_commands(group: click.Group, package: str, names: Iterable[str]) -> None:
    """Register `names` on `group`, each the command its module `package.name` defines on import."""
    group.commands = LazyCommands(package, names)
