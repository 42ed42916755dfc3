"""`load_laws` is remembered by a hash of the KB's files and the code (extract.io.derived), so that a
quick question (show, ruling) does not read every provision for its checkmate clause again: what is
read back is what was computed, and an edited KB file is read again."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from extract.arbiter import law

ROOT = Path(__file__).parent.parent


def as_data(laws: dict[str, law.Law]) -> dict[str, dict[str, object]]:
    return {edition: dataclasses.asdict(one) for edition, one in laws.items()}


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CHESSLAWS_CACHE", str(folder))
    return folder


def test_the_remembered_laws_are_the_computed_ones(cache, monkeypatch):
    computed = law.load_laws(ROOT / "kb")  # an empty cache: computed, then stored
    assert [p.name for p in cache.iterdir() if p.name.startswith("laws-")]

    def not_again(kb_dir: Path) -> dict[str, law.Law]:
        raise AssertionError("computed again although nothing changed")

    monkeypatch.setattr(law, "_load_laws", not_again)
    read_back = law.load_laws(ROOT / "kb")
    assert as_data(read_back) == as_data(computed)
    assert read_back["da-2017"] is not computed["da-2017"]
    assert any(one.mate_clauses for one in read_back.values())  # the clauses come back too


def test_an_edited_kb_file_is_read_again(cache, tmp_path):
    kb = tmp_path / "kb"
    shutil.copytree(ROOT / "kb", kb)
    before = law.load_laws(kb)
    row = next(
        r
        for r in law.read_kb(kb).parameters()
        if isinstance(r.value, int) and r.value > 1 and before[r.edition].parameters[r.parameter] == r.value
    )
    rows = kb / "generated" / "parameters.yaml"
    text = rows.read_text(encoding="utf-8")
    at = text.index(f"- edition: {row.edition}\n  end: {row.end}\n")
    old = f"value: {row.value}\n"
    value = text.index(old, at)
    changed = row.value + 1 if len(str(row.value + 1)) == len(str(row.value)) else row.value - 1
    rows.write_text(text[:value] + f"value: {changed}\n" + text[value + len(old) :])  # the same size
    assert rows.stat().st_size == (ROOT / "kb" / "generated" / "parameters.yaml").stat().st_size
    after = law.load_laws(kb)
    assert after[row.edition].parameters[row.parameter] == changed


def test_derived_results_miss_when_a_library_that_decides_them_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Installing or upgrading PyICU (word breaks, sentence terminators) changes every derived key."""
    from extract.io import derived

    assert "icu=" in derived.libraries_digest() and "chess=" in derived.libraries_digest()
    before = derived.inputs_key("laws", ())
    monkeypatch.setattr(derived, "libraries_digest", lambda: "icu=none")
    assert derived.inputs_key("laws", ()) != before
