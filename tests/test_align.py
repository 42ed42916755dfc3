"""Alignment across editions: agreement with the curated mapping, robustness, overrides, graph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import copy_project, load

from extract.cli import main
from extract.io.rules import coverage_problems, load_rules
from extract.kb.build import build
from extract.text.analyse import references

ROOT = Path(__file__).parent.parent
VOCABULARY = re.findall(
    r"`([a-z_]+(?:\.[a-z_]+)?)`", (ROOT / "tests" / "data" / "parameters.txt").read_text()
)


@pytest.fixture(scope="module")
def aligner_only(tmp_path_factory):
    corpus, kb = copy_project(tmp_path_factory.mktemp("aligner"))
    return build(corpus, kb, use_overrides=False), kb


def test_aligner_alone_agrees_with_the_curated_mapping(aligner_only, capsys):
    result, _ = aligner_only
    with capsys.disabled():
        print("\naligner alone vs curated mapping (rule provisions)")
        for row in result.agreement:
            print(f"  {row.a}~{row.b}: P {row.precision:.3f} R {row.recall:.3f} F1 {row.f1:.3f}")
        o, a = result.overall, result.overall_all_leaves
        print(f"  all pairs: P {o.precision:.3f} R {o.recall:.3f} F1 {o.f1:.3f}; all leaves F1 {a.f1:.3f}")
        print(f"  analysis {result.seconds['analysis']:.2f}s, alignment {result.seconds['alignment']:.2f}s")
    assert result.overall.f1 >= 0.90
    assert min(row.f1 for row in result.agreement) >= 0.85
    assert result.overall_all_leaves.f1 >= 0.85


def test_with_overrides_every_leaf_is_mapped(real_build):
    result, kb = real_build.result, real_build.kb
    assert result.mapped == result.leaves
    rows = load(kb / "generated" / "alignment.yaml")
    methods = {row["method"] for row in rows}
    assert methods <= {"anchor", "aligner", "curated", "override"} and "aligner" in methods


def renumber_article_7(corpus: Path, kb: Path) -> None:
    """da-2017 Article 7 becomes Article 17, its labels and its own references included."""
    path = corpus / "da-2017.txt"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("§ 7 Uregelmæssigheder"), text.index("§ 8 Noteringen")
    article = re.sub(r"(?<![\d.])7\.(?=\d)", "17.", text[start:end]).replace("§ 7 ", "§ 17 ", 1)
    path.write_text(text[:start] + article + text[end:], encoding="utf-8")
    for rules_file in (kb / "rules").glob("*.yaml"):
        rules = load(rules_file)
        for rule in rules:
            labels = rule["provisions"].get("da-2017", [])
            rule["provisions"]["da-2017"] = [re.sub(r"^7(?=\.|$)", "17", label) for label in labels]
        rules_file.write_text(yaml.safe_dump(rules, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_renumbering_article_7_does_not_fool_the_aligner(aligner_only, tmp_path, capsys):
    baseline, baseline_kb = aligner_only
    corpus, kb = copy_project(tmp_path)
    renumber_article_7(corpus, kb)
    result = build(corpus, kb, use_overrides=False)
    labels = {p["label"] for p in load(kb / "generated/provisions/da-2017.yaml")["provisions"]}
    assert "17.5.3" in labels and "7.5.3" not in labels
    with capsys.disabled():
        print(
            f"\nrenumbered da-2017 Article 7 -> 17: F1 {baseline.overall.f1:.3f} -> {result.overall.f1:.3f}"
        )
    assert baseline.overall.f1 - result.overall.f1 <= 0.05

    def rules_of(folder: Path, prefix: str) -> dict[str, str]:
        rows = load(folder / "generated" / "alignment.yaml")
        return {
            re.sub(r"^17(?=\.)", "7", r["label"]): r["rule"]
            for r in rows
            if r["edition"] == "da-2017" and str(r["label"]).startswith(prefix)
        }

    before, after = rules_of(baseline_kb, "7."), rules_of(kb, "17.")
    same = sum(1 for label, rule in before.items() if after.get(label) == rule)
    assert before and same / len(before) >= 0.9, (before, after)


def test_overrides_win_and_are_never_rewritten(tmp_path):
    corpus, kb = copy_project(tmp_path, ["da-2001", "sv-2009"])  # two editions: an override needs no more
    overrides = kb / "overrides.yaml"
    overrides.write_text(
        "- {edition: da-2001, label: '7.4.b', rule: draw-claim-incorrect, reason: a test decision}\n",
        encoding="utf-8",
    )
    before = overrides.read_bytes()
    build(corpus, kb)
    assert overrides.read_bytes() == before
    rows = load(kb / "generated" / "alignment.yaml")
    (row,) = [r for r in rows if r["edition"] == "da-2001" and r["label"] == "7.4.b"]
    assert (row["rule"], row["method"]) == ("draw-claim-incorrect", "override")
    build(corpus, kb, use_overrides=False)
    rows = load(kb / "generated" / "alignment.yaml")
    (row,) = [r for r in rows if r["edition"] == "da-2001" and r["label"] == "7.4.b"]
    assert row["method"] != "override"


def test_every_cross_reference_is_an_edge_or_reported_dangling(aligner_only, capsys):
    result, kb = aligner_only
    graph = load(kb / "generated" / "graph.yaml")
    edges = [e for e in graph["edges"] if e["kind"] == "references"]
    expected = 0
    for path in sorted((kb / "generated" / "provisions").glob("*.yaml")):
        document = load(path)
        expected += sum(
            len(references(str(p["text"] or p.get("heading") or "")))
            for p in document["provisions"]
            if p["kind"] not in ("table", "example")  # move numbers and table cells are not references
        )
    assert len(edges) == expected
    dangling = [e for e in edges if not e["resolved"]]
    assert all(e["target"].startswith("missing:") for e in dangling)
    with capsys.disabled():
        print("\ncross-references (resolved, dangling):", result.references)
    targets = {e["target"] for e in dangling}
    assert "missing:hu-2018:D.10.1" in targets  # hu-2018 D.2.11 cites "D.10.1" for D.2.10.1
    resolved = {(e["source"], e["target"]) for e in edges if e["resolved"]}
    assert ("provision:da-2001:7.4.b", "provision:da-2001:7.4.a") in resolved  # "Efter brugen af 7.4 a."


def test_curated_mapping_covers_every_leaf_exactly_once(aligner_only):
    _, kb = aligner_only
    from extract.io.kbfiles import read_provisions

    problems = coverage_problems(load_rules(kb), read_provisions(kb))
    assert problems == []


def test_rules_carry_every_parameter_of_the_vocabulary():
    rules = load_rules(ROOT / "kb")
    from extract.kb.parameters import specs

    carried = {p for rule in rules for p in rule.parameters}
    assert carried <= set(specs()), carried - set(specs())  # more than the vocabulary is welcome
    assert set(VOCABULARY) <= carried, set(VOCABULARY) - carried


def test_show_rule_prints_every_edition_oldest_first(aligner_only):
    _, kb = aligner_only
    result = CliRunner().invoke(main, ["show", "illegal-move-penalty", "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    editions = re.findall(r"^(\w\w-\d{4}) ", result.output, flags=re.M)
    assert editions == ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]
    assert "tredje ulovligt træk" in result.output


def test_export_alignment_and_graph(aligner_only):
    _, kb = aligner_only
    out = CliRunner().invoke(main, ["export", "alignment", "--kb", str(kb), "--edition", "sv-2009"]).output
    assert out.splitlines()[0] == "rule,edition,label,confidence,method"
    graphml = CliRunner().invoke(main, ["export", "graph", "--kb", str(kb), "--format", "graphml"]).output
    assert graphml.startswith("<?xml") and "expresses" in graphml


def test_cross_references_in_digits_of_any_script_name_the_labels_they_cite() -> None:
    """A text printing its numbers in Devanagari or Arabic-Indic digits cites the same articles."""
    assert references("मजथओ ७.५.१, ७.५.२ ठपअअ ७.५.४ चढफथह") == ["7.5.1", "7.5.2", "7.5.4"]
    assert references("ثعوب ٦.١٢ ب و C.١٠") == ["6.12", "C.10"]
    assert references("see 7.5.1 and C.10") == ["7.5.1", "C.10"]


def test_cross_references_touching_letters_of_scripts_without_spaces_are_read() -> None:
    """Chinese and Thai print a reference against the words around it ("第7.5.5条"); a letter of a
    script written with spaces still makes it no reference ("x7.5.5"), nor a move ("10.0-0-0")."""
    assert references("按照第7.5.1、7.5.2条和第A.4.2条") == ["7.5.1", "7.5.2", "A.4.2"]
    assert references("ตามข้อ๗.๕.๕และ") == ["7.5.5"]
    assert references("x7.5.5 ab7.5 10.0-0-0") == []


def test_cross_references_glued_to_letters_of_a_script_written_without_spaces() -> None:
    """Thai or Japanese print a reference beside the words around it, and a list may have no space
    after its commas; a letter of a spaced script or a number glued to it still makes no reference."""
    cited = ["7.5.1", "7.5.2", "7.5.3", "7.5.4"]
    assert references("ทฉริ7.5.1,7.5.2,7.5.3ขมไ7.5.4ทคสบ") == cited
    assert references("嶯筠７.５.１、７.５.２、７.５.３雫砑７.５.４皱す") == cited
    assert references("x7.5.1 and 2,5.1") == []
    assert references("see 7.5.1,7.5.2") == ["7.5.1", "7.5.2"]
