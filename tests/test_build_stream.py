"""The build takes editions as a stream (issue 20): the editions the curated rules name first, then
every edition alone, its share of each generated file written as it is built. What that promises:
an edition's results depend on the curated editions and on itself only, at most a couple of
editions' matrices are held at a time, the files assembled from pieces are in the order a whole
document would have, and a long build says how far it is on a terminal (never in pipes)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, load

from extract.io.kbfiles import TreeWriter, dump_items, dump_yaml
from extract.kb import align
from extract.kb.build import build

FIXTURES = ROOT / "tests" / "fixtures"
COPIES = {"da-2001": ["da-2002", "da-2003"], "sv-2009": ["sv-2010", "sv-2011"]}


def grown_project(root: Path, copies: int) -> tuple[Path, Path]:
    """The fixture corpus (da-2001, sv-2009: both named by the fixture rules) plus `copies` copies of
    each text under new ids, which no curated rule names."""
    corpus, kb = root / "corpus", root / "kb"
    shutil.copytree(FIXTURES / "corpus", corpus)
    shutil.copytree(FIXTURES / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    entries = load(corpus / "editions.yaml")
    for entry in list(entries):
        for new_id in COPIES[entry["id"]][:copies]:
            year = new_id.split("-")[1]
            shutil.copy(corpus / entry["file"], corpus / f"{new_id}.txt")
            entries.append(
                entry | {"id": new_id, "file": f"{new_id}.txt", "in_force": f"{year}{entry['in_force'][4:]}"}
            )
    (corpus / "editions.yaml").write_text(dump_yaml(entries), encoding="utf-8")
    return corpus, kb


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One copy of each text, then two: how the build went and what it held."""
    held: list[int] = []
    progress: list[tuple[int, int, str]] = []
    original = align.FeatureCache.features

    def features(self: align.FeatureCache, key: Any, items: Any) -> Any:
        found = original(self, key, items)
        held.append(len({k[0][0] for k in self.entries if k}))
        return found

    out: dict[str, Any] = {"held": held, "progress": progress}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(align.FeatureCache, "features", features)
        for copies in (1, 2):
            corpus, kb = grown_project(tmp_path_factory.mktemp(f"copies-{copies}"), copies)
            held.clear()
            progress.clear()
            out[f"result-{copies}"] = build(corpus, kb, progress=lambda *step: progress.append(step))
            out[f"kb-{copies}"] = kb
    return out


def rows_of(kb: Path, edition: str) -> dict[str, Any]:
    """Everything kb/generated says about one edition."""
    generated = kb / "generated"
    graph = load(generated / "graph.yaml")
    prefix = f"provision:{edition}:"
    return {
        "alignment": [r for r in load(generated / "alignment.yaml") if r["edition"] == edition],
        "links": [r for r in load(generated / "links.yaml") if edition in (r["a"][:7], r["b"][:7])],
        "parameters": [r for r in load(generated / "parameters.yaml") if r["edition"] == edition],
        "nodes": [n for n in graph["nodes"] if str(n["id"]).startswith(prefix)],
        "edges": [e for e in graph["edges"] if str(e["source"]).startswith(prefix)],
        "provisions": (generated / "provisions" / f"{edition}.yaml").read_text(encoding="utf-8"),
    }


def test_an_edition_depends_on_the_curated_editions_and_itself_only(builds: dict[str, Any]) -> None:
    """Adding da-2003 and sv-2011 changes nothing of what the build says about da-2002."""
    before, after = rows_of(builds["kb-1"], "da-2002"), rows_of(builds["kb-2"], "da-2002")
    assert before["alignment"] and before["links"] and before["nodes"]  # it was aligned and named
    assert before == after
    curated_before, curated_after = rows_of(builds["kb-1"], "da-2001"), rows_of(builds["kb-2"], "da-2001")
    del curated_before["links"], curated_after["links"]  # the new copies' links to it are added
    assert curated_before == curated_after


def test_a_copy_is_named_like_its_original(builds: dict[str, Any]) -> None:
    """A copy of da-2001 (no curated rule names it) gets its rules from the aligner: the same as
    the curated da-2001 for every leaf the aligner can see."""
    rows = load(builds["kb-2"] / "generated" / "alignment.yaml")
    original = {r["label"]: r["rule"] for r in rows if r["edition"] == "da-2001"}
    for copy in ("da-2002", "da-2003"):
        named = {r["label"]: r["rule"] for r in rows if r["edition"] == copy}
        assert named and all(original.get(label) == rule for label, rule in named.items()), copy


def test_matrices_of_few_editions_are_held_at_once(builds: dict[str, Any]) -> None:
    """The curated editions' matrices stay; an edition outside them is dropped after its turn."""
    assert builds["held"] and max(builds["held"]) <= 2 + 1


def test_graph_is_in_the_order_of_a_whole_document(builds: dict[str, Any]) -> None:
    """graph.yaml and links.yaml, assembled from pieces, are sorted as one document would be, and
    every edge joins two nodes of the graph."""
    generated = builds["kb-2"] / "generated"
    graph = load(generated / "graph.yaml")
    ids = [n["id"] for n in graph["nodes"]]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    keys = [(e["source"], e["kind"], e["target"]) for e in graph["edges"]]
    assert keys == sorted(keys)
    assert {e["source"] for e in graph["edges"]} | {e["target"] for e in graph["edges"]} <= set(ids)
    assert {n["edition"] for n in graph["nodes"] if n.get("kind") == "provision"} == {
        "da-2001", "da-2002", "da-2003", "sv-2009", "sv-2010", "sv-2011"
    }  # fmt: skip
    order = [e["id"] for e in load(generated / "editions.yaml")]
    pairs = [
        (order.index(r["a"].split(":")[0]), order.index(r["b"].split(":")[0]))
        for r in load(generated / "links.yaml")
    ]
    assert pairs == sorted(pairs)


def test_progress_names_each_edition_in_turn(builds: dict[str, Any]) -> None:
    steps = builds["progress"]
    done = [step[0] for step in steps]
    assert done == sorted(done) and steps[-1] == (6, 6, "writing kb/generated")
    assert [s[2] for s in steps if s[2].startswith("now ") and "curated" not in s[2]] == [
        f"now {e}" for e in ("da-2001", "da-2002", "da-2003", "sv-2009", "sv-2010", "sv-2011")
    ]


def test_build_result_counts_every_edition(builds: dict[str, Any]) -> None:
    result = builds["result-2"]
    assert [r.edition for r in result.reports] == [
        "da-2001", "da-2002", "da-2003", "sv-2009", "sv-2010", "sv-2011"
    ]  # fmt: skip
    assert result.leaves == sum(r.leaves for r in result.reports)
    assert 0 < result.mapped <= result.leaves


# ------------------------------------------------------------------ the writer the stream writes with


def test_a_list_dumped_in_pieces_is_the_list_dumped_whole() -> None:
    rows = [{"b": i, "a": f"ø {i}: 'x'", "c": [1, {"d": None}], "e": "yes"} for i in range(23)]
    assert "".join(dump_items(rows, size=5)) == dump_yaml(rows)
    assert "".join(dump_items(rows[:1], size=5)) == dump_yaml(rows[:1])
    assert list(dump_items([])) == []


def test_tree_writer_swaps_in_only_on_commit(tmp_path: Path) -> None:
    target = tmp_path / "kb" / "generated"
    target.mkdir(parents=True)
    (target / "old.yaml").write_text("old\n", encoding="utf-8")
    with TreeWriter(target) as tree:
        tree.write("new.yaml", "new\n")
    assert [p.name for p in target.iterdir()] == ["old.yaml"]  # no commit: unchanged
    with pytest.raises(RuntimeError), TreeWriter(target) as tree:
        tree.add("new.yaml", "half")
        raise RuntimeError("a stage failed")
    assert [p.name for p in target.iterdir()] == ["old.yaml"]
    with TreeWriter(target) as tree:
        spool = tree.spool()
        for key, text in ((2, "c\n"), (1, "a\n"), (2, "d\n"), (1, "b\n")):
            spool.add(key, text)
        spool.copy_to("sorted.txt")
        tree.write("sub/new.yaml", "new\n")
        tree.commit()
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*.*")) == [
        "sorted.txt",
        "sub/new.yaml",
    ]
    assert (target / "sorted.txt").read_text(encoding="utf-8") == "a\nb\nc\nd\n"  # equal keys: as they came
    assert [p.name for p in target.parent.iterdir()] == ["generated"]  # no staging or scratch left


def test_without_curated_editions_each_edition_is_aligned_with_the_one_before(tmp_path: Path) -> None:
    """No curated rule names any edition: a chain in time, nothing named, and still O(1) per edition."""
    corpus, kb = grown_project(tmp_path, 2)
    entries = load(corpus / "editions.yaml")
    for entry in entries:  # new ids the curated rules do not name
        year = int(entry["in_force"][:4]) + 50
        new_id = f"{entry['language']}-{year}"
        (corpus / entry["file"]).rename(corpus / f"{new_id}.txt")
        entry.update(id=new_id, file=f"{new_id}.txt", in_force=f"{year}{entry['in_force'][4:]}")
    (corpus / "editions.yaml").write_text(dump_yaml(entries), encoding="utf-8")
    result = build(corpus, kb)
    order = [r.edition for r in result.reports]
    assert order == ["da-2051", "da-2052", "da-2053", "sv-2059", "sv-2060", "sv-2061"]
    generated = kb / "generated"
    pairs = {(r["a"].split(":")[0], r["b"].split(":")[0]) for r in load(generated / "links.yaml")}
    assert pairs <= set(zip(order, order[1:], strict=False)) and ("da-2051", "da-2052") in pairs
    assert load(generated / "alignment.yaml") == [] and result.mapped == 0


def test_without_overrides_a_copy_is_named_by_the_aligner_alone(tmp_path: Path) -> None:
    corpus, kb = grown_project(tmp_path, 1)
    build(corpus, kb, use_overrides=False)
    rows = load(kb / "generated" / "alignment.yaml")
    copy = [r for r in rows if r["edition"] == "da-2002"]
    assert copy and {r["method"] for r in copy} == {"aligner"}
