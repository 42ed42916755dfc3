"""The quick questions start fast: each command imports its own module and what its answer needs.

Times belong to `make bench` (tools/benchmark.py: `show` within 8x of importing click and yaml); here,
which modules a command loads, each in a fresh process, so that an import added to a quick path (the
build's modules, another command's, python-chess where no board is played) fails a test instead of
slowing every question unnoticed."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import extract.cli
from extract.cli import main
from extract.cli.common import LazyCommands

ROOT = Path(__file__).parent.parent

PROBE = """
import sys
from click.testing import CliRunner
from extract.cli import main
result = CliRunner().invoke(main, sys.argv[1:])
print(result.exit_code)
print(result.stderr.strip().replace("\\n", " ") or "-")
print(" ".join(sorted(sys.modules)))
"""

HEAVY = ("spacy", "networkx", "jinja2", "mkdocs", "numpy", "extract.kb", "extract.site")
HELPERS = {"extract.cli", "extract.cli.common", "extract.cli.limits", "extract.cli.__main__"}


def loaded(*args: str) -> tuple[int, str, set[str]]:
    """Exit code, stderr and the modules `chesslaws ARGS` has imported once it answered."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    code, err, modules = done.stdout.splitlines()
    return int(code), err, set(modules.split())


# command line -> the command modules it may load, and whether it may load python-chess
QUICK = {
    ("show", "illegal-move-penalty"): ({"show"}, True),  # runs the rule's scenarios on boards
    ("show", "da-2001:7.4.b"): ({"show"}, True),  # the time limit's clock lives with the analysis
    ("search", "flag fell"): ({"search"}, False),
    ("asof", "2015-03-01", "illegal-move-penalty"): ({"asof"}, False),
    ("classify", "10+5"): ({"classify"}, False),
    ("ruling", "--moves", "1. e4 e5", "draw_claim: {ground: threefold}"): ({"ruling"}, True),
}


@pytest.mark.parametrize("args", sorted(QUICK), ids=" ".join)
def test_a_quick_command_imports_its_own_module_and_nothing_heavy(args):
    own, board = QUICK[args]
    code, err, modules = loaded(*args)
    assert code == 0, err
    commands = {m.split(".")[2] for m in modules if m.startswith("extract.cli.") and m not in HELPERS}
    assert commands == own, f"{' '.join(args)} imported the modules of {sorted(commands - own)}"
    heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY))
    assert not heavy, f"{' '.join(args)} imported {heavy}"
    if not board:
        assert "chess" not in modules and "extract.arbiter.unwinnable" not in modules, args


def test_a_mistyped_command_is_one_line_with_a_suggestion_and_imports_no_command():
    code, err, modules = loaded("shwo")
    assert code == 2
    assert err.startswith("chesslaws: ") and "No such command 'shwo'" in err and "'show'" in err, err
    assert not {m for m in modules if m.startswith("extract.cli.")} - HELPERS
    assert "chess" not in modules and "extract.io.generated" not in modules


def command_modules() -> set[str]:
    """The modules of extract/cli that register a command on `main` when imported."""
    found = set()
    for info in pkgutil.iter_modules(extract.cli.__path__):
        if f"extract.cli.{info.name}" in HELPERS:
            continue
        module = importlib.import_module(f"extract.cli.{info.name}")
        if module.__name__ in registered_from():
            found.add(info.name)
    return found


def registered_from() -> set[str]:
    """The modules whose functions the commands registered so far run (nothing else is imported)."""
    return {c.callback.__module__ for c in dict.values(main.commands) if c.callback is not None}


def test_every_command_module_is_listed_and_registers_the_command_of_its_name():
    commands = main.commands
    assert isinstance(commands, LazyCommands)
    assert command_modules() == set(commands.names)
    for name in commands.names:
        command = commands[name]
        assert command.name == name and command.callback is not None
    assert sorted(commands) == sorted(commands.names) and len(commands) == len(commands.names)


def test_lazy_commands_import_a_module_only_when_its_command_is_asked_for(tmp_path):
    package = tmp_path / "lazypkg"
    package.mkdir()
    (package / "hello.py").write_text(
        "import click\nfrom lazypkg import group\n\n@group.command()\ndef hello():\n    click.echo('hi')\n"
    )
    (package / "__init__.py").write_text("import click\n\n@click.group()\ndef group():\n    pass\n")
    sys.path.insert(0, str(tmp_path))
    try:
        group = importlib.import_module("lazypkg").group
        group.commands = LazyCommands("lazypkg", ["hello"])
        assert list(group.commands) == ["hello"] and len(group.commands) == 1
        assert "lazypkg.hello" not in sys.modules  # listing the names imports nothing
        assert group.commands.get("nope") is None and "lazypkg.hello" not in sys.modules
        assert group.commands["hello"].name == "hello" and "lazypkg.hello" in sys.modules
        assert [name for name, _ in group.commands.items()] == ["hello"]
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("lazypkg.hello", "lazypkg"):
            sys.modules.pop(name, None)


def test_a_command_whose_module_fails_to_import_reports_that_error_every_time() -> None:
    """A command module that cannot be imported raises its own error on every lookup, never a quiet
    "no such command" the second time."""
    from extract.cli.common import LazyCommands

    commands = LazyCommands("extract.no_such_package", ["broken"])
    for _ in range(2):
        with pytest.raises(ModuleNotFoundError):
            "broken" in commands  # noqa: B015
