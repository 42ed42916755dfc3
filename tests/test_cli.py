"""The command-line contract: outputs, reproducible builds, bad input (exit 2, nothing written)."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from extract.cli import main

ROOT = Path(__file__).parent.parent


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def built_kb(real_build) -> Path:
    return real_build.kb


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_prints_a_row_per_edition_and_the_duplicates(real_build):
    out = real_build.output
    rows = [line.split() for line in out.splitlines()[1:6]]
    assert [r[0] for r in rows] == ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]
    assert all(r[-1] == "100.00%" for r in rows)
    assert "duplicate label da-2017:11.2.2 printed at" in out


def test_committed_kb_generated_is_what_build_produces(built_kb):
    """kb/generated is written only by 'chesslaws build' and is reproducible byte for byte."""
    committed = tree(ROOT / "kb" / "generated")
    fresh = tree(built_kb / "generated")
    assert sorted(committed) == sorted(fresh)
    stale = [name for name in fresh if committed[name] != fresh[name]]
    assert not stale, f"kb/generated is stale, run 'chesslaws build': {stale}"


def test_export_provisions_jsonl_and_csv_have_the_contract_columns(built_kb):
    code, out, _ = run("export", "provisions", "--kb", str(built_kb), "--edition", "da-2001")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert list(rows[0]) == ["edition", "label", "printed_label", "parent", "kind", "start", "end", "text"]
    assert {r["edition"] for r in rows} == {"da-2001"}
    code, out, _ = run("export", "provisions", "--kb", str(built_kb), "--format", "csv")
    table = list(csv.DictReader(io.StringIO(out)))
    assert {r["edition"] for r in table} == {"da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"}
    row = next(r for r in table if r["edition"] == "sv-2009" and r["label"] == "6.6.a")
    text = (ROOT / "corpus" / "sv-2009.txt").read_text(encoding="utf-8")
    assert "nolltolerans" in text[int(row["start"]) : int(row["end"])]


def test_show_prints_the_provision_with_its_sub_items(built_kb):
    code, out, _ = run("show", "da-2001:7.4", "--kb", str(built_kb))
    assert code == 0
    assert "da-2001:7.4.b [b.] line 220" in out and "tredje ulovligt træk" in out
    code, out, _ = run("show", "hu-2018:A 3.2", "--kb", str(built_kb), "--format", "json")
    assert "öt alkalommal" in json.loads(out)[0]["text"]


def test_show_rulings_is_the_rule_pages_matrix_as_text_and_json(built_kb):
    code, out, _ = run("show", "illegal-move-penalty", "--rulings", "--kb", str(built_kb))
    assert code == 0
    assert out.startswith("illegal-move-penalty: Penalty for an illegal move: rulings by edition")
    # a situation in words, then each edition's ruling with its article; the change is marked
    assert "A second completed illegal move by the same player" in out
    assert "   - White completes an illegal move: king e1–e3" in out
    assert "           da-2001  The game goes on; Black gets 4 minutes" in out
    assert "   changed nb-2014  Black wins: White's second illegal move (nb-2014 7.5.b)" in out
    assert "pass" not in out.split() and "FAIL" not in out
    code, out, _ = run("show", "illegal-move-penalty", "--rulings", "--format", "json", "--kb", str(built_kb))
    matrix = json.loads(out)
    assert matrix["editions"] == ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]
    second = next(s for s in matrix["situations"] if s["situation"] == "illegal-move-second-standard")
    assert [c["changed"] for c in second["rulings"]] == [False, False, True, False, False]
    assert second["rulings"][3] == {
        "edition": "da-2017",
        "ruling": "Black wins: White's second illegal move",
        "article": "da-2017 7.5.3",
        "changed": False,
    }
    assert second["fen"].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "no-such-rule", "--rulings"], "no rule 'no-such-rule'"),
        (["show", "da-2001:7.4", "--rulings"], "--rulings shows a rule, not a provision"),
        (["show", "no-such-rule"], "no rule 'no-such-rule'"),
        (["show", "xx-1999:1.1"], "unknown edition 'xx-1999'"),
        (["show", "da-2001:99.9"], "da-2001 has no provision labelled '99.9'"),
    ],
)
def test_show_bad_references_exit_2(built_kb, args, message):
    code, _, err = run(*args, "--kb", str(built_kb))
    assert code == 2
    assert err.startswith("chesslaws: ") and message in err


def corrupt_copy(tmp_path: Path, edit) -> tuple[Path, Path]:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    kb = tmp_path / "kb"
    shutil.copytree(ROOT / "kb", kb)
    edit(corpus)
    return corpus, kb


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


BAD_INPUTS = {
    "not utf-8": (
        lambda c: (c / "sv-2009.txt").write_bytes(b"FIDE\n\xff\xfe regler\n"),
        "sv-2009.txt:2: not UTF-8",
    ),
    "empty": (lambda c: (c / "nb-2014.txt").write_text("  \n"), "nb-2014.txt: "),
    "binary": (lambda c: (c / "hu-2018.txt").write_bytes(b"\x00\x01\x02PK"), "hu-2018.txt"),
    "missing field": (
        lambda c: replace_in(c / "editions.yaml", '  in_force: "2009-07-01"', '  in_fore: "2009-07-01"'),
        "editions.yaml:",
    ),
    "duplicate id": (lambda c: replace_in(c / "editions.yaml", "id: sv-2009", "id: da-2001"), "da-2001"),
    "missing file": (lambda c: (c / "da-2017.txt").unlink(), "da-2017.txt"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_exits_2_naming_the_file_and_writes_nothing(tmp_path, case):
    edit, expected = BAD_INPUTS[case]
    corpus, kb = corrupt_copy(tmp_path, edit)
    before = tree(kb)
    code, out, err = run("build", "--corpus", str(corpus), "--kb", str(kb))
    assert code == 2, out + err
    assert err.startswith("chesslaws: ") and expected in err, err
    assert "Traceback" not in err
    assert tree(kb) == before
    assert not [p for p in kb.iterdir() if p.name.startswith(".generated")]


def every_command(group: click.Group = main, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path of every command the CLI registers, sub-commands of groups included."""
    found = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += every_command(command, (*path, name))
        else:
            found.append((*path, name))
    return found


def test_every_command_has_help_with_an_example():
    commands = every_command()
    assert {"build", "check", "diff", "lint", "site", "search", "asof"} <= {c[0] for c in commands}
    assert ("export", "provisions") in commands and ("export", "graph") in commands
    for command in commands:
        code, out, _ = run(*command, "--help")
        assert code == 0 and "Example: chesslaws" in out, command
        assert "--corpus" in out and "--kb" in out, command


@pytest.mark.parametrize("table", ["provisions", "alignment", "parameters"])
def test_export_of_an_unknown_edition_exits_2(built_kb, table):
    code, _, err = run("export", table, "--kb", str(built_kb), "--edition", "xx-1999")
    assert code == 2 and "unknown edition 'xx-1999'" in err


QUERIES = """
import sys
from click.testing import CliRunner
from extract.cli import main
for args in (
    ["show", "illegal-move-penalty"], ["show", "da-2001:7.4"], ["export", "parameters", "--format", "json"],
    ["export", "alignment"], ["classify", "12+0"], ["diff", "da-2001", "da-2017"],
    ["asof", "2015-01-01", "illegal-move-penalty"], ["search", "ulovligt træk"],
):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, (args, result.output)
heavy = sorted(m for m in ("spacy", "mkdocs", "jinja2", "numpy") if m in sys.modules)
print(" ".join(heavy) or "none")
"""


def test_queries_never_load_spacy_or_the_site_stack():
    """show, export, classify, diff, asof and search read the KB only: no spaCy, mkdocs, jinja2, numpy."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", QUERIES], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["none"], done.stdout
