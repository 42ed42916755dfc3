"""Rulings and time-control categories in plain words, with the article taken from the KB."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from extract.arbiter.classify import TimeControl, classify
from extract.cli import main
from extract.reports.plain import Sources, classification_text, load_sources, ruling_text

KB = Path(__file__).parent.parent / "kb"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_second_illegal_move_in_words_cites_the_provision_of_the_parameter() -> None:
    sources = load_sources(KB)
    ruling = {"result": "0-1", "reason": "illegal-moves", "illegal_moves": {"white": 2, "black": 0}}
    expected = "Black wins: White's second illegal move (da-2017 7.5.3)"
    assert ruling_text(ruling, "da-2017", sources) == expected
    assert ruling_text(ruling, "nb-2014", sources).endswith("(nb-2014 7.5.b)")


def test_the_article_comes_from_the_kb_not_from_the_code() -> None:
    moved = Sources({("da-2017", "illegal_move.loss_on"): "99.9"}, {})
    ruling = {"result": "0-1", "reason": "illegal-moves", "illegal_moves": {"white": 2}}
    assert ruling_text(ruling, "da-2017", moved).endswith("(da-2017 99.9)")
    assert ruling_text(ruling, "da-2017", Sources({}, {})) == "Black wins: White's second illegal move"


def test_clock_changes_and_claims_in_words() -> None:
    sources = load_sources(KB)
    ruling = {"result": "*", "clock": {"white": "+0:00", "black": "+2:00"}, "claim": "rejected"}
    text = ruling_text(ruling, "da-2017", sources, used={"draw_claim.incorrect_time_bonus": 2})
    assert text == "The game goes on; Black gets 2 minutes; the claim is rejected (da-2017 9.5.3)"


def test_a_ruling_without_a_parameter_cites_the_scenarios_rule() -> None:
    rules = ["castling-prevented-square-attacked"]
    text = ruling_text({"legal": False}, "da-2017", load_sources(KB), rules=rules)
    assert text == "the move is illegal (da-2017 3.8.2.2.1)"


def test_classification_in_words_with_the_threshold_article() -> None:
    sources = load_sources(KB)
    parameters = {
        "rapid.lower_minutes": 10, "rapid.lower_inclusive": False,
        "rapid.upper_minutes": 60, "rapid.upper_inclusive": False,
    }  # fmt: skip
    text = classification_text("12+0", classify(TimeControl.parse("12+0"), "nb-2014", parameters), sources)
    assert text == "12+0 is rapid under nb-2014 A.1: more than 10 and less than 60 minutes"


def test_classify_prints_the_ruling_in_words_and_json_adds_text() -> None:
    code, out, _ = run("classify", "12+0", "--edition", "nb-2014")
    assert code == 0 and "12+0 is rapid under nb-2014 A.1: more than 10 and less than 60 minutes" in out
    code, out, _ = run("classify", "3+2", "--format", "json")
    rows = json.loads(out)
    assert {"time_control", "edition", "category", "minutes", "notes", "parameters", "text"} <= set(rows[0])
    da2017 = next(r for r in rows if r["edition"] == "da-2017")
    assert da2017["text"] == "3+2 is blitz under da-2017 B.1: at most 10 minutes (5 minutes counted)"


def test_check_explains_every_ruling_and_json_keeps_its_keys() -> None:
    code, out, _ = run("check", "--edition", "da-2017", "--explain", "--no-benchmark")
    assert code in (0, 1)
    assert "Black wins: White's second illegal move (da-2017 7.5.3)" in out
    code, out, _ = run("check", "--edition", "hu-2018", "--format", "json", "--no-benchmark")
    result = json.loads(out)["results"][0]
    assert {"scenario", "edition", "passed", "expected", "actual", "text", "expected_text"} <= set(result)
