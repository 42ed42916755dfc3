"""The parsed-YAML cache: same data as a fresh parse, keyed by content, outside the repo, optional."""

from __future__ import annotations

from pathlib import Path

import pytest

from extract.io import yamlfile
from extract.model import InputError

ROOT = Path(__file__).parent.parent


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CHESSLAWS_CACHE", str(folder))
    return folder


def big_yaml(path: Path, value: str) -> Path:
    rows = "".join(f"- {{id: r{i}, value: '{value}', n: {i}}}\n" for i in range(400))
    path.write_text(rows, encoding="utf-8")
    assert len(rows) >= yamlfile.CACHE_MIN_CHARS
    return path


def test_a_cached_read_equals_a_fresh_parse(cache: Path) -> None:
    path = ROOT / "kb" / "generated" / "alignment.yaml"
    first = yamlfile.load_yaml(path)
    assert len(list(cache.glob("*.pickle"))) == 1
    assert yamlfile.load_yaml(path) == first
    with_lines = yamlfile.load_yaml(path, lines=True)  # a different key: mappings carry their line
    assert len(list(cache.glob("*.pickle"))) == 2
    assert yamlfile.strip_lines(with_lines) == first


def test_an_edited_file_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    path = big_yaml(tmp_path / "data.yaml", "old")
    assert yamlfile.load_yaml(path)[0]["value"] == "old"
    big_yaml(path, "new")
    assert yamlfile.load_yaml(path)[0]["value"] == "new"


def test_errors_are_never_cached(cache: Path, tmp_path: Path) -> None:
    path = big_yaml(tmp_path / "data.yaml", "x")
    path.write_text(path.read_text(encoding="utf-8") + "- {id: r0, id: r1}\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(InputError, match="duplicate key 'id'"):
            yamlfile.load_yaml(path)
    assert not list(cache.glob("*.pickle"))


def test_off_or_unwritable_cache_still_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = big_yaml(tmp_path / "data.yaml", "x")
    monkeypatch.setenv("CHESSLAWS_CACHE", "off")
    assert yamlfile.cache_dir() is None and len(yamlfile.load_yaml(path)) == 400
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("CHESSLAWS_CACHE", str(blocked / "cache"))
    assert len(yamlfile.load_yaml(path)) == 400


def test_the_cache_is_pruned(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlfile, "CACHE_MAX_ENTRIES", 4)
    for n in range(7):
        yamlfile.load_yaml(big_yaml(tmp_path / f"d{n}.yaml", str(n)))
    assert 0 < len(list(cache.glob("*.pickle"))) <= 4


def test_the_default_cache_is_outside_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CHESSLAWS_CACHE", raising=False)
    folder = yamlfile.cache_dir()
    assert folder is not None and ROOT not in folder.parents and folder.name == "yaml"


# --- derived results (extract/io/derived.py): the site's reports and data files


def test_a_derived_result_is_keyed_by_every_input_file(cache: Path, tmp_path: Path) -> None:
    from extract.io.derived import inputs_key, remember

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("7.5 two minutes", encoding="utf-8")
    calls: list[int] = []

    def compute() -> dict[str, int]:
        calls.append(1)
        return {"minutes": 2}

    key = inputs_key("test", [corpus], ["nob-dan"])
    assert remember(key, compute) == {"minutes": 2} and remember(key, compute) == {"minutes": 2}
    assert len(calls) == 1  # the second answer came from the cache
    assert inputs_key("test", [corpus], []) != key  # installed Apertium modes are part of the key
    (corpus / "a.txt").write_text("7.5 three minutes", encoding="utf-8")
    changed = inputs_key("test", [corpus], ["nob-dan"])
    assert changed != key
    remember(changed, compute)
    assert len(calls) == 2


def test_collect_is_computed_once_for_the_same_inputs(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from extract.reports import collect as collect_module

    calls: list[Path] = []

    def fake(kb_dir: Path, corpus_dir: Path, say: object, *work: object) -> collect_module.Reports:
        calls.append(kb_dir)
        return collect_module.Reports(["da-2001"], [], [], [], [], {"diff": 1.0})

    monkeypatch.setattr(collect_module, "_collect", fake)
    kb, corpus = tmp_path / "kb", tmp_path / "corpus"
    kb.mkdir()
    corpus.mkdir()
    (corpus / "editions.yaml").write_text("[]\n", encoding="utf-8")
    messages: list[str] = []
    first = collect_module.collect(kb, corpus, messages.append)
    second = collect_module.collect(kb, corpus, messages.append)
    assert len(calls) == 1 and first.order == second.order == ["da-2001"]
    assert second.timings == {} and "read from the cache" in messages[-1]
    (kb / "terms.yaml").write_text("[]\n", encoding="utf-8")
    collect_module.collect(kb, corpus, messages.append)
    assert len(calls) == 2
