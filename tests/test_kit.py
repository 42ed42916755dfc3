"""`chesslaws kit`: the update kit for the next Laws (an OmegaT project and an XLIFF), its split
into kept and changed sentences by the diff's statuses, and the --out rules. OmegaT itself runs in
tests/test_cat_clients.py and, on every pair and the dropped-in English text,
tools/cat_acceptance.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import copy_project, drop_in
from lxml import etree

from extract.cli import main
from extract.reports.kit import KEPT, kit_units

ROOT = Path(__file__).parent.parent
SHARED = ROOT.parent / "shared" / "editions"
XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"
CHANGED = ("parameter-changed", "behaviour-changed", "content-changed", "added")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def sv_nb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit") / "sv-nb"
    code, output = run("kit", "--from", "sv-2009", "--to", "nb-2014", "--out", str(out))
    assert code == 0, output
    assert "pre-filled with sv-2009's wording" in output
    return out


def units_of(xlf: Path) -> list[etree._Element]:
    return list(etree.parse(str(xlf)).iter(f"{XLIFF}trans-unit"))


def test_the_kit_is_an_omegat_project_with_an_xliff_beside_it(sv_nb: Path) -> None:
    project = etree.parse(str(sv_nb / "omegat.project")).find("project")
    assert project.findtext("source_lang") == "nb" and project.findtext("target_lang") == "sv"
    for folder in ("omegat", "target", "source", "tm/auto", "glossary"):
        assert (sv_nb / folder).is_dir()
    assert (sv_nb / "glossary" / "chesslaws.tbx").read_bytes().find(b"<martif") >= 0
    assert (sv_nb / "README.txt").read_text(encoding="utf-8").startswith("Update kit")
    xlf = sv_nb / "nb-2014_from_sv-2009.xlf"
    node = etree.parse(str(xlf)).find(f"{XLIFF}file")
    assert (node.get("source-language"), node.get("target-language")) == ("nb", "sv")
    from translate.storage import xliff

    store = xliff.xlifffile.parsestring(xlf.read_bytes())
    source = [
        p for p in (sv_nb / "source" / "nb-2014.txt").read_text(encoding="utf-8").split("\n\n") if p.strip()
    ]
    assert [u.source for u in store.units] == [p.strip() for p in source]


def test_source_is_the_new_text_in_reading_order(sv_nb: Path) -> None:
    text = (sv_nb / "source" / "nb-2014.txt").read_text(encoding="utf-8")
    corpus = " ".join((ROOT / "corpus" / "nb-2014.txt").read_text(encoding="utf-8").split())
    at, found = 0, 0
    for line in [p for p in text.split("\n\n") if p.strip()][20:120]:
        words = " ".join(line.split()[1:6])  # past the printed label
        if words and words in corpus:
            at = corpus.index(words, at)  # ValueError: the line stands before the previous one
            found += 1
    assert found >= 80


def test_kept_and_changed_follow_the_diff(sv_nb: Path) -> None:
    from translate.storage import tmx

    kit = kit_units("sv-2009", "nb-2014", ROOT / "kb", ROOT / "corpus")
    diff_statuses = {u.status for u in kit.units}
    assert {"unchanged", "renumbered", "content-changed", "added"} <= diff_statuses
    auto = tmx.tmxfile((sv_nb / "tm" / "auto" / "sv-2009_nb-2014.kept.tmx").read_bytes())
    kept_sources = {u.source for u in kit.units if u.kept}
    assert len(auto.units) >= 300 and all(u.source in kept_sources for u in auto.units)
    changed_sources = {u.source for u in kit.units if u.status in CHANGED}
    assert not changed_sources & {u.source for u in auto.units}
    fuzzy = tmx.tmxfile((sv_nb / "tm" / "sv-2009_nb-2014.changed.tmx").read_bytes())
    assert len(fuzzy.units) >= 50 and all(u.target for u in fuzzy.units)
    for unit, node in zip(kit.units, units_of(sv_nb / "nb-2014_from_sv-2009.xlf"), strict=True):
        target = node.find(f"{XLIFF}target")
        note = node.findtext(f"{XLIFF}note")
        if unit.status in CHANGED:
            assert target.get("state") == "needs-translation" and not target.text
            assert "nb-2014" in note and ("sv-2009" in note)
        if target.get("state") == "translated":
            assert unit.status in KEPT and target.text == unit.old


def test_bad_input_writes_nothing(tmp_path: Path) -> None:
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine", encoding="utf-8")
    code, output = run("kit", "--from", "sv-2009", "--to", "nb-2014", "--out", str(foreign))
    assert code == 2 and "not created by chesslaws" in output
    assert [p.name for p in foreign.iterdir()] == ["notes.txt"]
    for guarded in (ROOT / "kb" / "kit", ROOT / "corpus" / "kit", ROOT / "site" / "kit", ROOT):
        code, output = run("kit", "--from", "sv-2009", "--to", "nb-2014", "--out", str(guarded))
        assert code == 2 and output.startswith("chesslaws: ") and "refusing" in output, output
        assert guarded == ROOT or not guarded.exists()
    code, output = run("kit", "--from", "sv-2009", "--to", "xx-2099", "--out", str(tmp_path / "k"))
    assert code == 2 and "unknown edition 'xx-2099'" in output and not (tmp_path / "k").exists()
    a_file = tmp_path / "kit.txt"
    a_file.write_text("mine", encoding="utf-8")
    code, output = run("kit", "--from", "sv-2009", "--to", "nb-2014", "--out", str(a_file))
    assert code == 2 and "not a directory" in output and a_file.read_text(encoding="utf-8") == "mine"
    code, output = run("kit", "--from", "xx-1999", "--to", "nb-2014", "--out", str(tmp_path / "k"))
    assert code == 2 and "unknown edition 'xx-1999'" in output and not (tmp_path / "k").exists()
    code, output = run("kit", "--from", "sv-2009", "--to", "sv-2009", "--out", str(tmp_path / "k"))
    assert code == 2 and "same edition" in output and not (tmp_path / "k").exists()
    assert "Traceback" not in output


def test_a_kit_replaces_its_own_earlier_kit(sv_nb: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    shutil.copytree(sv_nb, again)
    (again / "target" / "stale.txt").write_text("old output", encoding="utf-8")
    code, output = run("kit", "--from", "da-2017", "--to", "hu-2018", "--out", str(again))
    assert code == 0, output
    assert not (again / "target" / "stale.txt").exists() and (again / "source" / "hu-2018.txt").is_file()
    assert etree.parse(str(again / "omegat.project")).find("project").findtext("source_lang") == "hu"


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if not (SHARED / "en-2023.txt").is_file():
        pytest.skip("../shared/editions is absent")
    corpus, kb = copy_project(tmp_path_factory.mktemp("english"), ["hu-2018"])
    drop_in(corpus, [(SHARED / "en-2023.txt", "en", "2023", "2023-01-01")])
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    return corpus, kb


def test_kit_to_a_dropped_in_english_text(english: tuple[Path, Path], tmp_path: Path) -> None:
    corpus, kb = english
    kit = kit_units("hu-2018", "en-2023", kb, corpus)
    assert kit.languages == ("en", "hu")
    kept = [u for u in kit.units if u.status in ("unchanged", "renumbered", "reworded")]
    assert len(kept) >= 100 and sum(1 for u in kept if u.kept) >= 0.9 * len(kept)
    assert all(not u.kept for u in kit.units if u.status in CHANGED)
    assert not (ROOT / "corpus" / "en-2023.txt").exists()
    code, output = run(
        "kit",
        "--from",
        "hu-2018",
        "--to",
        "en-2023",
        "--out",
        str(tmp_path / "k"),
        "--corpus",
        str(corpus),
        "--kb",
        str(kb),
    )
    assert code == 0, output
    states = [
        u.find(f"{XLIFF}target").get("state") for u in units_of(tmp_path / "k" / "en-2023_from_hu-2018.xlf")
    ]
    assert states == ["translated" if u.kept else "needs-translation" for u in kit.units]
