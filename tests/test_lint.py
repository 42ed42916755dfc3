"""chesslaws lint: real defects of the corpus pinned, one fixture per kind, acceptances, exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from extract.cli import main
from extract.reports.lint import CHECKS, KINDS, lint, load_accepted, load_context

ROOT = Path(__file__).parent.parent
FIXTURE = Path(__file__).parent / "fixtures" / "lint"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def real():
    context = load_context(ROOT / "corpus", ROOT / "kb")
    return lint(context, accepted=load_accepted(ROOT / "kb")).findings


@pytest.fixture(scope="module")
def fixture_kb(tmp_path_factory) -> Path:
    kb = tmp_path_factory.mktemp("lint") / "kb"
    shutil.copytree(FIXTURE / "kb", kb)
    code, _, err = run("build", "--corpus", str(FIXTURE / "corpus"), "--kb", str(kb))
    assert code == 0, err
    return kb


def find(findings, edition, kind, label):
    return [f for f in findings if f.edition == edition and f.kind == kind and f.label == label]


def test_real_defects_are_found_with_their_raw_spans(real):
    raw = (ROOT / "corpus" / "da-2017.txt").read_text(encoding="utf-8")
    (dup,) = find(real, "da-2017", "duplicate-number", "11.2.2")
    assert "11.2.3 is expected" in dup.message and "11.2.2 Kun med" in raw[dup.start : dup.end]
    (cyr,) = find(real, "da-2017", "mixed-script", "glossary.mobiltелефон")
    assert raw[cyr.start : cyr.end] == "mobiltелефон"
    (ref,) = find(real, "da-2017", "dangling-reference", "3.7.2")
    assert raw[ref.start : ref.end] == "§ 3.7a"
    html = find(real, "da-2017", "leftover-markup", "glossary.træk")
    assert html and raw[html[0].start : html[0].start + 3] == "<p>"
    hu = [f for f in real if f.edition == "hu-2018"]
    order = {f.label: f.message for f in hu if f.kind == "numbering-order"}
    assert "3.2 is expected" in order["3.1.4"] and "D.2.6.2 is expected" in order["D.6.2.2"]
    assert "I.2.1-I.2.7" in order["I.1.2.1"] and "2.3 is expected" in order["2.3.1"]
    assert {f.label for f in hu if f.kind == "duplicate-number"} == {"4.6.1", "D.2.10.4"}
    dangling = {(f.edition, f.label) for f in real if f.kind == "dangling-reference"}
    assert len(dangling) == 5 and ("hu-2018", "I.8") in dangling  # glossary ones: glossary-reference


def test_new_kinds_find_the_real_defects(real):
    def labels(kind: str) -> set[tuple[str, str | None]]:
        return {(f.edition, f.label) for f in real if f.kind == kind}

    assert labels("duplicated-number") == {("nb-2014", "A.4"), ("nb-2014", "D.2.6"), ("nb-2014", "D.2.9")}
    assert labels("heading-numbered") == {("da-2017", "part.competition")}
    glossary = {f.label: f for f in real if f.kind == "glossary-reference"}
    assert {"glossary.overvåge", "glossary.e-cigaret", "glossary.demonstrationsbræt", "glossary.slag"} <= set(
        glossary
    )
    assert glossary["glossary.e-cigaret"].compared_with[1] == "11.3.4"  # where the term is used
    lost = [f for f in real if f.kind == "lost-numbering"]
    assert {(f.edition, f.label) for f in lost} == {("da-2001", f"{n}.1") for n in (7, 8, 9, 10)}
    assert any("10.3" in f.message for f in lost)  # one finding per article of da-2001 §§ 7-10
    slips = {f.message + f.quote for f in real if f.kind == "notation-slip"}
    assert any("dx e5" in q for q in slips) and any("O O O" in q for q in slips)
    mate = next(f for f in real if f.kind == "notation-slip" and "++ eller = matt" in f.quote)
    assert mate.edition == "nb-2014" and "'#' is missing" in mate.message and "#" in mate.compared_with[2]
    (game,) = [f for f in real if f.kind == "notation-example" and "example game" in f.message]
    assert game.edition == "hu-2018" and "without its move number" in game.message  # "e4 e5 2. Hf3"
    (contradiction,) = [f for f in real if f.kind == "internal-contradiction"]
    assert contradiction.label == "6.2.1.1" and contradiction.compared_with[1] == "9.6.1"
    drift = {(f.edition, f.label): f for f in real if f.kind == "reference-drift"}
    assert ("da-2001", "A.8") in drift and "which is 6.10 here" in drift[("da-2001", "A.8")].message
    assert ("hu-2018", "III.6.1.2") in drift and ("da-2017", "III.6.1.2") not in drift
    # FIDE moved "stop the clock to call the arbiter" from 6.12 b to 6.11.2 in 2017; 9.5.1 and III.5
    # still cite 6.12.x (now the displays), as the 2014 Laws did; the older texts are not flagged
    for label in ("9.5.1", "III.5"):
        assert "which is 6.11.2 here" in drift[("da-2017", label)].message
        assert drift[("da-2017", label)].compared_with[0] == "nb-2014"
    assert not {("nb-2014", "9.5"), ("nb-2014", "G.5"), ("sv-2009", "GL.8")} & set(drift)
    divergence = {(f.edition, f.label): f for f in real if f.kind == "translation-divergence"}
    five = divergence[("hu-2018", "9.6.1")]
    assert "fivefold-not-consecutive" in five.message and five.compared_with[:2] == ("da-2017", "9.6.1")
    assert "egymást követő" in five.quote and "mindst fem gange" in five.compared_with[2]
    assert len(divergence) <= 3
    assert all(f.compared_with and f.compared_with[0] != f.edition for f in drift.values())
    assert len(real) <= 250


def test_terminology_is_one_finding_per_concept_and_edition(real):
    keys = [
        (f.edition, f.message.split(":", 1)[0]) for f in real if f.kind == "terminology" and not f.accepted
    ]
    assert len(keys) == len(set(keys))
    game = next(f for f in real if f.edition == "hu-2018" and f.message.startswith("game:"))
    assert "in 8 provisions" in game.message


def test_inferred_middle_levels_are_not_gaps_and_the_fifty_moves_agree(real):
    gaps = [(f.edition, f.label) for f in real if f.kind == "numbering-gap"]
    assert gaps == [("da-2001", "3.8.a.ii.2.c")]  # (2) lettered c., d.: a. and b. are missing
    assert not [f for f in real if f.kind == "parameter-mismatch"]  # da-2017 9.3.1 and 9.3.2 both say 50


def test_accepted_findings_are_reported_with_the_reason(real):
    accepted = [f for f in real if f.accepted]
    assert accepted and all(f.kind != "stale-acceptance" for f in real)
    assert any(f.label == "12.3" and "time-trouble" in f.accepted for f in accepted)


def test_every_kind_of_the_fixture_is_found(fixture_kb):
    code, out, _ = run(
        "lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(fixture_kb), "--format", "json"
    )
    assert code == 1
    document = json.loads(out)
    findings = document["findings"]
    kinds = {f["kind"] for f in findings}
    # the notation kinds have their own hand-made fixtures in tests/test_notation.py; the kinds that
    # read a glossary, inferred numbers or other editions have theirs in tests/test_lint_cross.py
    # (three editions through `build`, fixtures/lint/cross)
    assert kinds == set(CHECKS) - {
        "piece-letter",
        "notation-example",
        "glossary-reference",
        "lost-numbering",
        "reference-drift",
        "internal-contradiction",
        "translation-divergence",
        "laws-divergence",
    }
    assert {f["edition"] for f in findings} == {"da-2017"}  # the clean edition gives nothing
    assert document["counts"]["by_edition"] == {"da-2017": document["counts"]["by_kind"]}
    mismatch = next(f for f in findings if f["kind"] == "parameter-mismatch")
    assert mismatch["label"] == "2.2" and mismatch["quote"] == "40 træk"
    assert mismatch["rule"] == "fifty-move-rule-claim"


def test_clean_edition_passes_and_text_output_groups_by_kind(fixture_kb):
    code, out, _ = run(
        "lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(fixture_kb), "--edition", "da-2001"
    )
    assert code == 0 and out.startswith("0 findings")
    code, out, _ = run("lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(fixture_kb))
    assert "\nda-2017 duplicate-number\n" in out and "\nda-2017 terminology\n" in out


def test_acceptances_stale_entries_and_bad_input(fixture_kb, tmp_path):
    kb = tmp_path / "kb"
    shutil.copytree(fixture_kb, kb)
    accepted = kb / "lint-accepted.yaml"
    accepted.write_text(
        "- {edition: da-2017, label: '1.4', kind: terminology, reason: fixture}\n"
        "- {edition: da-2017, label: '9.9', kind: numbering-gap, reason: stale}\n",
        encoding="utf-8",
    )
    code, out, _ = run("lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(kb), "--format", "json")
    findings = json.loads(out)["findings"]
    assert next(f for f in findings if f["kind"] == "terminology")["accepted"] == "fixture"
    stale = [f for f in findings if f["kind"] == "stale-acceptance"]
    assert len(stale) == 1 and "lint-accepted.yaml:2:" in stale[0]["message"]
    accepted.write_text("- {edition: da-2017, label: '1.4', kind: nonsense, reason: x}\n", encoding="utf-8")
    code, _, err = run("lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(kb))
    assert code == 2 and "lint-accepted.yaml:1: unknown kind 'nonsense'" in err
    accepted.write_text("- {edition: da-2017\n", encoding="utf-8")
    code, _, err = run("lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(kb))
    assert code == 2 and "lint-accepted.yaml:" in err
    code, _, err = run(
        "lint", "--corpus", str(FIXTURE / "corpus"), "--kb", str(fixture_kb), "--edition", "xx-1999"
    )
    assert code == 2 and "unknown edition 'xx-1999'" in err


def test_notation_kinds_are_documented():
    assert "piece-letter" in KINDS and "notation-example" in KINDS


def test_an_acceptance_quote_matches_only_the_finding_whose_span_it_overlaps() -> None:
    from extract.model import Finding
    from extract.reports.lint.runner import Acceptance

    raw = "D.2.2 Vak sakkozó táblája esetében egy báb akkor számít fogott bábnak ha kiemelik."
    provision = raw[6:]

    def finding(term: str) -> Finding:
        start = raw.index(term)
        return Finding(
            "hu-2018",
            "D.2.2",
            "terminology",
            "warning",
            f"'{term}' here",
            provision,
            start,
            start + len(term),
        )

    accepted = Acceptance("hu-2018", "D.2.2", "terminology", "noun of megérint", "fogott báb", 1)
    assert accepted.matches(finding("fogott bá"), raw)
    assert not accepted.matches(finding("sakkozó"), raw)  # same provision, another term
    assert accepted.matches(finding("sakkozó"))  # without the raw text: the quote alone decides
