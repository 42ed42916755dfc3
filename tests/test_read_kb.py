"""read_kb(): kb/generated as typed rows, each file read once on first use, damage named by file and line."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from extract.cli import main
from extract.io import generated
from extract.io.generated import read_kb
from extract.io.kbfiles import read_generated, read_provisions, write_kb
from extract.model import InputError, Provision
from extract.model.kbrows import AlignmentRow, EditionRow, Parameter, provision_keys

ROOT = Path(__file__).parent.parent
KB = ROOT / "kb"


@pytest.fixture
def kb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of kb/generated (the curated files are not needed), with its own YAML cache."""
    monkeypatch.setenv("CHESSLAWS_CACHE", str(tmp_path / "cache"))
    copy = tmp_path / "kb"
    shutil.copytree(KB / "generated", copy / "generated")
    return copy


def raw(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def test_rows_are_typed_and_match_the_files() -> None:
    kb = read_kb(KB)
    editions = kb.editions()
    assert all(isinstance(e, EditionRow) for e in editions)
    assert kb.edition_ids() == [e["id"] for e in raw(KB / "generated/editions.yaml")]
    assert [r.as_dict() for r in kb.alignment()] == raw(KB / "generated/alignment.yaml")
    assert [r.as_dict() for r in kb.parameters()] == raw(KB / "generated/parameters.yaml")
    assert all(isinstance(r, AlignmentRow) and isinstance(r.confidence, float) for r in kb.alignment())
    assert all(isinstance(r, Parameter) and isinstance(r.start, int) for r in kb.parameters())
    document = kb.provisions("da-2017")
    file = raw(KB / "generated/provisions/da-2017.yaml")
    assert [p.as_dict() for p in document.provisions] == file["provisions"]
    assert all(isinstance(p, Provision) and p.edition == "da-2017" for p in document.provisions)
    assert list(kb.all_provisions()) == kb.edition_ids()  # in-force order


def test_provision_keys_name_a_label_printed_twice_by_its_line() -> None:
    assert provision_keys([("1", 3), ("2", 5), ("1", 9)]) == ["1@3", "2", "1@9"]


def test_a_value_of_the_wrong_type_is_one_error_naming_file_and_line(kb: Path) -> None:
    path = kb / "generated/parameters.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    row_line = [n for n, line in enumerate(lines, start=1) if line.startswith("- ")][2]  # the third row
    at = next(n for n in range(row_line - 1, len(lines)) if lines[n].startswith("  start: "))
    lines[at] = "  start: soon\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_kb(kb).parameters()
    error = caught.value
    assert error.path == str(path) and error.line == row_line
    assert "'start' must be an integer, found str 'soon'" in error.message
    assert error.message.endswith("run 'chesslaws build'")
    result = CliRunner().invoke(main, ["export", "parameters", "--kb", str(kb)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"parameters.yaml:{row_line}: damaged (row 3: 'start' must be an integer" in result.output


def test_a_damaged_provision_and_an_unknown_key_are_named(kb: Path) -> None:
    path = kb / "generated/provisions/da-2001.yaml"
    document = raw(path)
    document["provisions"][3]["line"] = True
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    with pytest.raises(InputError, match=r"provision 4: 'line' must be an integer, found true") as caught:
        read_kb(kb).provisions("da-2001")
    assert caught.value.path == str(path) and caught.value.line
    path = kb / "generated/alignment.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  method:", "  methd:", 1), encoding="utf-8")
    with pytest.raises(InputError, match="alignment.yaml:1: damaged .row 1 lacks"):  # method is missing
        read_kb(kb).alignment()
    path = kb / "generated/editions.yaml"
    text = path.read_text(encoding="utf-8").replace("  title:", "  colour: white\n  title:", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="editions.yaml:1: damaged \\(row 1: unknown key 'colour'\\)"):
        read_kb(kb).editions()


def test_without_kb_generated_every_accessor_says_to_build_first(tmp_path: Path) -> None:
    kb = read_kb(tmp_path)
    for read in (kb.editions, kb.alignment, kb.parameters, kb.graph, kb.all_provisions):
        with pytest.raises(InputError, match="run 'chesslaws build' first"):
            read()
    with pytest.raises(InputError, match="run 'chesslaws build' first"):
        kb.provisions("da-2017")


def test_accessors_are_lazy_and_read_each_file_once(kb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in (kb / "generated/provisions").glob("*.yaml"):
        path.write_text("<<<<<<< HEAD\n", encoding="utf-8")  # alignment must not need them
    reads: list[str] = []
    real = generated.read_source
    monkeypatch.setattr(generated, "read_source", lambda path: reads.append(Path(path).name) or real(path))
    view = read_kb(kb)
    assert reads == []
    first = view.alignment()
    assert view.alignment() is first and reads == ["alignment.yaml"]
    with pytest.raises(InputError, match="da-2001.yaml:1: damaged \\(merge-conflict markers\\)"):
        view.all_provisions()


def test_one_edition_reads_its_own_file_only(kb: Path) -> None:
    (kb / "generated/provisions/hu-2018.yaml").write_text("[]\n", encoding="utf-8")
    assert read_kb(kb).provisions("da-2017").edition == "da-2017"
    with pytest.raises(InputError, match="hu-2018.yaml: damaged"):
        read_kb(kb).provisions("xx-2030")  # every file is read to name the known ones
    (kb / "generated/provisions/hu-2018.yaml").unlink()  # editions.yaml still lists it (issue 20)
    with pytest.raises(
        InputError, match="hu-2018.yaml: missing, though editions.yaml lists hu-2018: .*damaged"
    ):
        read_kb(kb).provisions("xx-2030")


def test_typed_rows_from_the_cache_equal_a_fresh_read(kb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cached = read_kb(kb)
    assert read_kb(kb).alignment() == cached.alignment()  # the second read comes from the cache
    assert read_kb(kb).all_provisions() == cached.all_provisions()
    monkeypatch.setenv("CHESSLAWS_CACHE", "off")
    fresh = read_kb(kb)
    assert fresh.alignment() == cached.alignment() and fresh.graph() == cached.graph()
    assert fresh.all_provisions() == cached.all_provisions()


def test_write_kb_then_read_kb(tmp_path: Path) -> None:
    row = {"id": "xx-2030", "language": "xx", "title": "T", "fide_edition": "2030", "in_force": "2030-07-01"}
    write_kb(tmp_path, {"editions.yaml": yaml.safe_dump([row | {"source_file": "xx-2030.txt"}])})
    assert read_kb(tmp_path).editions() == (EditionRow(**row, source_file="xx-2030.txt"),)


def test_the_plain_readers_kept_for_other_callers_still_give_the_files() -> None:
    assert read_generated(KB, "alignment.yaml") == raw(KB / "generated/alignment.yaml")
    provisions = read_provisions(KB)
    assert list(provisions) == read_kb(KB).edition_ids()
    assert provisions["sv-2009"] == raw(KB / "generated/provisions/sv-2009.yaml")["provisions"]
    assert list(read_provisions(KB, "nb-2014")) == ["nb-2014"]
