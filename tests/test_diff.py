"""`chesslaws diff A B`: rule by rule between any two editions, on the committed KB."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from extract.cli import main
from extract.reports.diff import STATUSES, diff_editions, render_words, word_diff

ROOT = Path(__file__).parent.parent
KB, CORPUS = ROOT / "kb", ROOT / "corpus"
EDITIONS = ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [*args, "--kb", str(KB), "--corpus", str(CORPUS)])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def danish() -> dict:
    code, out, err = run("diff", "da-2001", "da-2017", "--format", "json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def alignment() -> dict[str, set[str]]:
    rows = yaml.safe_load((KB / "generated" / "alignment.yaml").read_text(encoding="utf-8"))
    editions: dict[str, set[str]] = {}
    for row in rows:
        editions.setdefault(row["edition"], set()).add(row["rule"])
    return editions


def rule(data: dict, rule_id: str) -> dict:
    (found,) = [r for r in data["rules"] if r["rule"] == rule_id]
    return found


def change(data: dict, parameter: str) -> tuple[object, object]:
    (found,) = [c for c in data["parameter_changes"] if c["parameter"] == parameter]
    return found["old"], found["new"]


def test_danish_2001_to_2017_reports_the_changed_numbers(danish):
    assert change(danish, "illegal_move.loss_on") == (3, 2)
    assert change(danish, "draw_claim.incorrect_time_bonus") == (3, 2)
    assert change(danish, "default_time") == (60, 0)
    assert change(danish, "rapid.lower_minutes") == (15, 10)
    penalty = rule(danish, "illegal-move-penalty")
    assert penalty["status"] == "parameter-changed"
    (loss_on,) = [p for p in penalty["parameters"] if p["parameter"] == "illegal_move.loss_on"]
    assert (loss_on["old"]["label"], loss_on["new"]["label"]) == ("7.4.b", "7.5.3")
    assert loss_on["unit"] == "count" and loss_on["old"]["quote"] and loss_on["new"]["quote"]
    (bonus,) = [p for p in penalty["parameters"] if p["parameter"] == "illegal_move.time_bonus"]
    assert bonus["change"] == "unchanged"


def test_quickplay_finish_moves_from_article_10_to_guidelines_iii(danish):
    claim = rule(danish, "quickplay-draw-claim")
    assert (claim["old_labels"], claim["new_labels"]) == (["10.2"], ["III.5"])
    assert "renumbered" in claim["flags"]
    (move,) = [
        m
        for m in danish["chapter_moves"]
        if (m["old_chapter"], m["new_chapter"]) == ("Article 10", "Guidelines III")
    ]
    assert "quickplay-draw-claim" in move["rules"] and len(move["rules"]) >= 4
    for rule_id in move["rules"]:
        r = rule(danish, rule_id)
        assert all(label.startswith("10.") for label in r["old_labels"])
        assert all(label.startswith("III.") for label in r["new_labels"])
    kinds = [b["kind"] for b in danish["biggest_changes"]]
    assert kinds == sorted(kinds, key=["parameter", "rule-added", "rule-removed", "chapter-move"].index)
    assert {"kind": "rule-added", "rule": "two-handed-move"} in danish["biggest_changes"]


def test_a_rule_new_in_2017_is_added_and_has_no_old_side(danish):
    two_hands = rule(danish, "two-handed-move")
    assert two_hands["status"] == "added" and two_hands["old"] is None and two_hands["old_labels"] == []
    assert two_hands["new_labels"] == ["7.7", "7.7.1"]


def test_same_language_pair_has_a_word_diff_that_rebuilds_both_texts(danish):
    assert danish["same_language"] is True
    penalty = rule(danish, "illegal-move-penalty")
    ops = penalty["words"]
    old = " ".join(o["old"] for o in ops if o["old"])
    new = " ".join(o["new"] for o in ops if o["new"])
    assert old.split() == [w.strip("*_") for w in penalty["old"]["text"].split()]
    assert new.split() == [w.strip("*_") for w in penalty["new"]["text"].split()]
    assert {"op": "replace", "old": "turneringslederen", "new": "dommeren"} in ops
    assert "reworded" in penalty["flags"]


def test_word_diff_ignores_noise_but_not_words():
    ops, changed = word_diff("Han skal  “standse” uret.", "Han skal 'standse' uret")
    assert not changed and {o.op for o in ops} == {"equal"}
    ops, changed = word_diff("to ekstra minutter", "tre ekstra minutter")
    assert changed and render_words(ops) == "[-to-] {+tre+} ekstra minutter"


def test_every_rule_of_either_edition_appears_exactly_once(danish, alignment):
    ids = [r["rule"] for r in danish["rules"]]
    assert len(ids) == len(set(ids))
    assert set(ids) == alignment["da-2001"] | alignment["da-2017"]
    assert sum(danish["counts"].values()) == len(ids)
    assert list(danish["counts"]) == list(STATUSES)
    for r in danish["rules"]:
        assert r["status"] == r["flags"][0]
        assert (r["rule"] in alignment["da-2001"]) == (r["old"] is not None)
        assert (r["rule"] in alignment["da-2017"]) == (r["new"] is not None)


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def test_cross_language_pair_shows_both_texts_with_parameter_spans_matching_the_quotes():
    code, out, err = run("diff", "sv-2009", "nb-2014", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["same_language"] is False
    assert data["counts"]["reworded"] == 0 and data["counts"]["unchanged"] > 0
    marked = 0
    for r in data["rules"]:
        assert r["words"] is None
        for side in ("old", "new"):
            if r[side] is None:
                continue
            text = r[side]["text"]
            quotes = {p["parameter"]: p[side]["quote"] for p in r["parameters"] if p[side] is not None}
            for mark in r[side]["marks"]:
                assert mark["start"] is not None, (r["rule"], side, mark)
                span = text[mark["start"] : mark["end"]]
                assert words(span) and " ".join(words(span)) in " ".join(words(quotes[mark["parameter"]]))
                marked += 1
            for piece in r[side]["provisions"]:
                assert piece["label"] in r[side]["labels"]
                assert text[piece["start"] : piece["end"]]
    assert marked > 20
    penalty = rule(data, "illegal-move-penalty")
    assert penalty["old"]["text"].startswith("Sedan man vidtagit") and "två minuter" in penalty["old"]["text"]
    assert penalty["new"]["text"].startswith("Dersom § 7.5 a")


def test_diff_the_other_way_swaps_added_and_removed():
    forward = diff_editions("da-2001", "da-2017", KB, CORPUS)
    backward = diff_editions("da-2017", "da-2001", KB, CORPUS)
    assert forward.added == backward.removed and forward.removed == backward.added
    swap = {"added": "removed", "removed": "added", "split": "merged", "merged": "split"}
    back = {r.rule: r for r in backward.rules}
    assert set(back) == {r.rule for r in forward.rules}
    for r in forward.rules:
        assert back[r.rule].flags == tuple(s for s in STATUSES if s in {swap.get(f, f) for f in r.flags})
        assert (back[r.rule].old_labels, back[r.rule].new_labels) == (r.new_labels, r.old_labels)
        for p, q in zip(r.parameters, back[r.rule].parameters, strict=True):
            assert (p.old, p.new) == (q.new, q.old)


def test_all_pairs_are_consistent(monkeypatch):
    # structure, marks and JSON in both directions of every pair; the wording through Apertium is
    # tested on the consecutive pairs (test_diff_sentences), so it is not translated 20 times here
    monkeypatch.setenv("CHESSLAWS_NO_APERTIUM", "1")
    inexact = set()
    for a, b in itertools.permutations(EDITIONS, 2):
        d = diff_editions(a, b, KB, CORPUS)
        assert sum(d.counts.values()) == len(d.rules) == len({r.rule for r in d.rules})
        for r in d.rules:
            for text in (r.old, r.new):
                for mark in text.marks if text else ():
                    assert mark.start is not None, (a, b, r.rule, mark)
                    if not mark.exact:
                        inexact.add((text.edition, mark.label, mark.parameter))
        json.dumps(d.as_dict())
    # where the parameter stage kept the whole provision as the span, the mark covers the provision
    assert inexact <= {
        ("hu-2018", "III.4", "quickplay.claim_below_minutes"),
        ("hu-2018", "III.5", "quickplay.claim_below_minutes"),
        ("hu-2018", "8.4", "scoresheet.exempt_below_minutes"),
    }


def test_status_filter_and_text_format():
    code, out, _ = run("diff", "da-2001", "da-2017", "--status", "added")
    assert code == 0
    assert "illegal_move.loss_on 3 -> 2 count" in out
    assert "Article 10 -> Guidelines III:" in out
    listed = out.split("\nrules\n", 1)[1].splitlines()
    assert listed and all(line.split()[0] == "added" for line in listed if not line.startswith("      "))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("xx-2001", "da-2017"), "unknown edition 'xx-2001'"),
        (("da-2017", "da-2017"), "two different editions"),
    ],
)
def test_bad_editions_exit_2(args, message):
    code, out, err = run("diff", *args)
    assert code == 2 and message in err and not out


def test_help_has_an_example():
    result = CliRunner().invoke(main, ["diff", "--help"])
    assert result.exit_code == 0 and "Example: chesslaws diff da-2001 da-2017" in result.output
