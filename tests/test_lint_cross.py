"""Hand-made fixtures for the lint kinds that read a glossary, inferred numbers or other editions."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import networkx as nx
import pytest
from click.testing import CliRunner

from extract.cli import main
from extract.model import Edition, Provision
from extract.model.kbrows import Parameter
from extract.reports.lint.context import Context
from extract.reports.lint.cross import internal_contradiction, translation_divergence
from extract.reports.lint.drift import reference_drift
from extract.reports.lint.printed import glossary_references, lost_numbering


def edition(id_: str, fide: str, text: str) -> Edition:
    return Edition(id_, "da", "t", fide, "2017-01-01", None, None, None, None, (), Path(id_), text)


def provisions_of(id_: str, text: str, parts: list[tuple[str, str, str, bool]]) -> list[Provision]:
    """(label, kind, line text, inferred) -> provisions spanning their line of `text`."""
    out = []
    for label, kind, line, inferred in parts:
        start = text.index(line)
        heading = line.split("\t")[0] if kind == "glossary entry" else None
        out.append(Provision(id_, label, None, None, kind, heading, line, start, start + len(line), inferred))
    return out


def context_of(texts: dict[str, tuple[str, str]], parts, rules_of, edges=()) -> Context:
    editions = {e: edition(e, fide, text) for e, (fide, text) in texts.items()}
    provisions = {e: provisions_of(e, texts[e][1], parts[e]) for e in texts}
    keys = {e: {(p.start, p.end, p.label): p.label for p in ps} for e, ps in provisions.items()}
    graph = nx.MultiDiGraph()
    for e, source, label in edges:
        graph.add_edge(f"provision:{e}:{source}", f"provision:{e}:{label}", kind="references", label=label)
    rules = [SimpleNamespace(id=r, parent=None, parameters={}) for r in set(rules_of.values())]
    return Context(editions, provisions, keys, rules_of, rules, [], graph)  # type: ignore[arg-type]


OLD = "6.9 Klokken stoppes.\n6.10 Tab paa tid.\nA.8 Se 6.10 for tab.\n"
NEW = "6.9 Tab paa tid.\n6.10 Klokken stoppes.\nA.8 Se 6.10 for tab.\n"


def test_reference_drift_names_both_citations():
    parts = {
        "da-2001": [
            ("6.9", "item", "6.9 Klokken stoppes.", False),
            ("6.10", "item", "6.10 Tab paa tid.", False),
            ("A.8", "item", "A.8 Se 6.10 for tab.", False),
        ],
        "da-2017": [
            ("6.9", "item", "6.9 Tab paa tid.", False),
            ("6.10", "item", "6.10 Klokken stoppes.", False),
            ("A.8", "item", "A.8 Se 6.10 for tab.", False),
        ],
    }
    rules_of = {
        ("da-2001", "6.9"): "stop",
        ("da-2001", "6.10"): "loss",
        ("da-2001", "A.8"): "adjourn",
        ("da-2017", "6.9"): "loss",
        ("da-2017", "6.10"): "stop",
        ("da-2017", "A.8"): "adjourn",
    }
    edges = [("da-2001", "A.8", "6.10"), ("da-2017", "A.8", "6.10")]
    context = context_of({"da-2001": ("2001", OLD), "da-2017": ("2017", NEW)}, parts, rules_of, edges)
    (found,) = reference_drift("da-2017", context.provisions["da-2017"], context)
    assert "cites 6.10 (stop)" in found.message and "which is 6.9 here" in found.message
    assert found.compared_with is not None and found.compared_with[:2] == ("da-2001", "A.8")


def test_internal_contradiction_and_translation_divergence():
    text = (
        "9.6.1 Remis naar stillingen er gentaget fem gange.\n6.2 Partiet slutter (se 9.6.1: 3x gentagelse).\n"
    )
    peer = "9.6.1 Remis efter fem gentagelser.\n"
    parts = {
        "da-2017": [
            ("9.6.1", "item", text.splitlines()[0], False),
            ("6.2", "item", text.splitlines()[1], False),
        ],
        "hu-2018": [("9.6.1", "item", peer.strip(), False)],
    }
    rules_of = {("da-2017", "9.6.1"): "fivefold", ("da-2017", "6.2"): "end", ("hu-2018", "9.6.1"): "fivefold"}
    context = context_of(
        {"da-2017": ("2017", text), "hu-2018": ("2017", peer)}, parts, rules_of, [("da-2017", "6.2", "9.6.1")]
    )
    start = text.index("fem")
    context._cache["parameters"] = (
        Parameter(
            parameter="repetition.automatic_occurrences",
            rule="fivefold",
            edition="da-2017",
            label="9.6.1",
            unit="count",
            value=4,
            start=start,
            end=start + 3,
            quote="fem",
        ),
        Parameter(
            parameter="repetition.automatic_occurrences",
            rule="fivefold",
            edition="hu-2018",
            label="9.6.1",
            unit="count",
            value=5,
            start=peer.index("fem"),
            end=peer.index("fem") + 3,
            quote="fem",
        ),
    )
    (contradiction,) = internal_contradiction("da-2017", context.provisions["da-2017"], context)
    assert contradiction.label == "6.2" and "3 times" in contradiction.message
    assert contradiction.compared_with is not None and contradiction.compared_with[1] == "9.6.1"
    # two translations of the same Laws, no earlier Laws: the finding goes to one of them, the later
    context.editions["da-2017"] = replace(context.editions["da-2017"], in_force="2018-01-01")
    (divergence,) = translation_divergence("da-2017", context.provisions["da-2017"], context)
    assert "= 4 here" in divergence.message and divergence.compared_with[0] == "hu-2018"
    assert not translation_divergence("hu-2018", context.provisions["hu-2018"], context)


def test_glossary_reference_and_lost_numbering():
    text = (
        "3.7 Bonden.\n3.7.1 Et slag med bonden.\nslag\t12..2.5\tNaar en brik slaas. Se 3.7d.\n"
        "7.1 Uret.\n7.2 Uret stoppes.\n7.3 Se 7.2.\n"
    )
    lines = text.splitlines()
    parts = {
        "da-2017": [
            ("3.7", "article", lines[0], False),
            ("3.7.1", "item", lines[1], False),
            ("glossary.slag", "glossary entry", lines[2], False),
            ("7.1", "item", lines[3], True),
            ("7.2", "item", lines[4], True),
            ("7.3", "item", lines[5], True),
        ]
    }
    context = context_of({"da-2017": ("2017", text)}, parts, {}, [("da-2017", "7.3", "7.2")])
    found = glossary_references("da-2017", context.provisions["da-2017"], context)
    assert [f.message.split(":")[1].split(";")[0].strip() for f in found] == [
        "a malformed number (two dots)",
        "3.7 numbers its items (3.7.1, 3.7.2, ...), not with letters",
    ]
    assert found[0].compared_with is not None and found[0].compared_with[1] == "3.7.1"
    (lost,) = lost_numbering("da-2017", context.provisions["da-2017"], context)
    assert lost.message.startswith("7.1-7.3: 3 numbers are not printed") and "7.2" in lost.message


CROSS = Path(__file__).parent / "fixtures" / "lint" / "cross"


@pytest.fixture(scope="module")
def cross_kb(tmp_path_factory) -> Path:
    kb = tmp_path_factory.mktemp("lint-cross") / "kb"
    shutil.copytree(CROSS / "kb", kb)
    result = CliRunner().invoke(main, ["build", "--corpus", str(CROSS / "corpus"), "--kb", str(kb)])
    assert result.exit_code == 0, result.stderr
    return kb


def test_cross_edition_kinds_through_build_and_the_cli(cross_kb):
    """The fixture goes through `chesslaws build` and `chesslaws lint --format json` like the corpus."""
    result = CliRunner().invoke(
        main, ["lint", "--corpus", str(CROSS / "corpus"), "--kb", str(cross_kb), "--format", "json"]
    )
    assert result.exit_code == 1, result.stderr
    findings = json.loads(result.stdout)["findings"]
    by_kind = {f["kind"]: f for f in findings}
    assert sorted(by_kind) == sorted(
        [
            "glossary-reference",
            "lost-numbering",
            "notation-slip",
            "reference-drift",
            "internal-contradiction",
            "translation-divergence",
        ]
    )
    assert len(findings) == len(by_kind) and "sv-2009" not in {f["edition"] for f in findings}
    drift = by_kind["reference-drift"]
    assert (drift["edition"], drift["label"]) == ("da-2017", "9.1") and "which is 6.4 here" in drift[
        "message"
    ]
    assert drift["compared_with"]["edition"] == "sv-2009" and "6.3" in drift["compared_with"]["quote"]
    contradiction = by_kind["internal-contradiction"]
    assert contradiction["label"] == "9.3" and contradiction["compared_with"]["label"] == "9.2"
    divergence = by_kind["translation-divergence"]
    assert divergence["edition"] == "sv-2017" and "fivefold-not-consecutive" in divergence["message"]
    assert divergence["compared_with"]["edition"] == "da-2017" and "i följd" in divergence["quote"]
    assert "keeps the ruling of the 2009 Laws" in divergence["message"]
    mate = by_kind["notation-slip"]
    assert "'#' is missing" in mate["message"] and mate["quote"] == "++ eller = mat"
    assert by_kind["glossary-reference"]["label"] == "glossary.skærm"
    assert by_kind["lost-numbering"]["message"].startswith("7.1-7.3")
