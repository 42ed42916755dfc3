"""kb/apertium: Apertium's translations stored by the build, used only with the same installed Apertium."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import yaml

from extract.io.editions import load_editions
from extract.kb import apertium_store
from extract.kb.apertium_store import (
    STORE,
    load_store,
    sentence_texts,
    translated_sides,
    update_store,
)
from extract.reports.collect import compare_pairs
from extract.text import translate

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = [
    ("da-2017", "da", "2017-07-01"),  # given out of order: sides follow the dates
    ("da-2001", "da", "2001-07-01"),
    ("sv-2009", "sv", "2009-07-01"),
    ("nb-2014", "nb", "2014-07-01"),
    ("hu-2018", "hu", "2018-01-01"),
]
ALL_MODES = {"dan-swe", "swe-dan", "dan-nob", "nob-dan", "swe-nob", "nob-swe"}


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No translation known in this process nor in the user's cache."""
    monkeypatch.setenv("CHESSLAWS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(translate, "_CACHE", {})
    monkeypatch.setattr(translate, "_LOADED", {})
    monkeypatch.setattr(apertium_store, "_LOADED", set())
    return tmp_path


def test_the_translated_side_of_each_pair_is_the_older_edition_where_its_mode_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(translate, "installed_modes", lambda: ALL_MODES)
    assert translated_sides(EDITIONS) == [
        ("dan-swe", "da-2001"),
        ("dan-nob", "da-2001"),
        ("swe-nob", "sv-2009"),
        ("swe-dan", "sv-2009"),
        ("nob-dan", "nb-2014"),
    ]  # da-2001/da-2017 share a language and hu-2018 has no Apertium pair: no side
    monkeypatch.setattr(translate, "installed_modes", lambda: {"nob-dan"})
    assert translated_sides(EDITIONS) == [("nob-dan", "nb-2014")]  # the newer side, the one mode there is


def test_sentences_are_split_as_the_diffs_split_them_with_their_clauses() -> None:
    texts = sentence_texts(["Kongen flyttes  to felter;  derefter flyttes tårnet. Det er rokade.", ""], "da")
    assert texts == {
        "Kongen flyttes to felter; derefter flyttes tårnet.",
        "Kongen flyttes to felter;",
        "derefter flyttes tårnet.",
        "Det er rokade.",
    }


def _fake_apertium(monkeypatch: pytest.MonkeyPatch, fingerprint: str) -> list[list[str]]:
    """Apertium 'installed' with one mode whose runs are recorded (each text upper-cased)."""
    runs: list[list[str]] = []

    def run(command: list[str], input: str, **_: object) -> subprocess.CompletedProcess[str]:  # noqa: A002
        lines = input.splitlines()
        runs.append([line for line in lines if translate._unmark(line) is None])
        out = [line if translate._unmark(line) is not None else line.upper() for line in lines]
        return subprocess.CompletedProcess(command, 0, "\n".join(out) + "\n", "")

    for module in (translate, apertium_store):
        monkeypatch.setattr(module, "installed_modes", lambda: {"dan-swe"})
        monkeypatch.setattr(module, "mode_fingerprint", lambda mode: fingerprint)
    monkeypatch.setattr(translate, "apertium_binary", lambda: "apertium")
    monkeypatch.setattr(translate.subprocess, "run", run)
    return runs


def test_the_build_stores_what_apertium_made_and_runs_it_only_for_new_sentences(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = fresh / "kb"
    runs = _fake_apertium(monkeypatch, "version-1")
    assert update_store(kb, {"dan-swe": {"en sætning.", "to."}}) == ["dan-swe"]
    stored = yaml.safe_load((kb / STORE / "dan-swe.yaml").read_text(encoding="utf-8"))
    assert stored == {
        "apertium": "version-1",
        "mode": "dan-swe",
        "translations": {"en sætning.": "EN SÆTNING.", "to.": "TO."},
    }
    assert runs == [["en sætning.", "to."]]

    monkeypatch.setattr(translate, "_CACHE", {})  # a new process: only the store knows them
    assert update_store(kb, {"dan-swe": {"en sætning.", "tre."}}) == ["dan-swe"]
    assert runs[-1] == ["tre."]  # the stored sentence is not translated again
    stored = yaml.safe_load((kb / STORE / "dan-swe.yaml").read_text(encoding="utf-8"))
    assert stored["translations"] == {"en sætning.": "EN SÆTNING.", "tre.": "TRE."}  # "to." is no longer used
    assert update_store(kb, {"dan-swe": {"en sætning.", "tre."}}) == []  # unchanged: not rewritten


def test_a_store_of_another_apertium_version_is_not_used(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = fresh / "kb"
    (kb / STORE).mkdir(parents=True)
    document = {"apertium": "version-1", "mode": "dan-swe", "translations": {"en sætning.": "stored."}}
    (kb / STORE / "dan-swe.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
    runs = _fake_apertium(monkeypatch, "version-2")
    load_store(kb)
    assert translate.translate(["en sætning."], "dan-swe") == ["EN SÆTNING."]
    assert runs == [["en sætning."]]

    monkeypatch.setattr(translate, "_CACHE", {})
    runs = _fake_apertium(monkeypatch, "version-1")
    monkeypatch.setattr(apertium_store, "_LOADED", set())
    load_store(kb)
    assert translate.translate(["en  sætning."], "dan-swe") == ["stored."]
    assert runs == []  # the same version: nothing run


def test_a_damaged_store_only_costs_time(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kb = fresh / "kb"
    (kb / STORE).mkdir(parents=True)
    (kb / STORE / "dan-swe.yaml").write_text("translations: [unclosed\n", encoding="utf-8")
    runs = _fake_apertium(monkeypatch, "version-1")
    load_store(kb)
    assert translate.translate(["to."], "dan-swe") == ["TO."]
    assert runs == [["to."]]


def test_without_apertium_the_build_writes_no_store(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(apertium_store, "installed_modes", set)
    assert update_store(fresh / "kb", {"dan-swe": {"en sætning."}}) == []
    assert not (fresh / "kb").exists()


def test_the_committed_store_lets_the_diffs_run_no_apertium(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh clone: every sentence the compared pairs translate is in kb/apertium, made with the
    Apertium installed here (the cold `chesslaws site` then starts no apertium process)."""
    from extract.reports.diff import prefetch_translations

    if not translate.installed_modes():
        if os.environ.get("CHESSLAWS_REQUIRE_APERTIUM", "") not in ("", "0"):
            pytest.fail("CHESSLAWS_REQUIRE_APERTIUM is set but Apertium is not installed")
        pytest.skip("Apertium is not installed")
    for path in sorted((ROOT / "kb" / STORE).glob("*.yaml")):
        stored = yaml.safe_load(path.read_text(encoding="utf-8"))
        if stored["apertium"] != translate.mode_fingerprint(path.stem):
            pytest.skip(f"{path.name} was made with another Apertium than the one installed here")
    runs: list[object] = []
    monkeypatch.setattr(translate.subprocess, "run", lambda *a, **k: runs.append(a))
    editions = sorted(load_editions(ROOT / "corpus"), key=lambda e: (e.in_force or "", e.id))
    prefetch_translations(compare_pairs([(e.id, e.language) for e in editions]), ROOT / "kb", ROOT / "corpus")
    assert runs == []
    assert not os.path.exists(translate.cache_file("nob-dan"))  # nothing new to remember
