"""The reader's language: the sentence templates (extract/reports/interface.yaml) filled in every
language of the site's switch, the rulings and the Laws in force in words, and the diff's scenario
runs added after its wording (as the site's two processes make them)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from extract.reports import speech
from extract.reports.plain import ruling_parts
from extract.reports.rulings import RulingCell

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_every_template_has_the_same_fields_in_every_language() -> None:
    table = speech.table()
    assert set(speech.languages()) == set(table) and speech.languages()[0] == "en"
    for code, words in table.items():
        assert set(words) == set(table["en"]), code
        for key, text in words.items():
            fields = set(re.findall(r"\{(\w+)\}", text))
            assert fields == set(re.findall(r"\{(\w+)\}", table["en"][key])), (code, key)


def test_every_game_ending_reason_has_its_words() -> None:
    from extract.reports.plain import REASONS

    for reason in REASONS:
        assert "r_" + reason.replace("-", "_") in speech.table()["en"], reason


def test_dates_are_iso_in_english_and_long_in_the_other_languages() -> None:
    said = speech.said("facts_from", date=speech.day("2017-07-01"))
    assert said["en"] == "in force from 2017-07-01"
    assert said["da"] == "gældende fra 1. juli 2017"
    assert said["hu"] == "hatályos ettől: 2017. július 1."
    assert speech.day("not a date") == "not a date"


def test_a_said_value_is_filled_in_its_own_language() -> None:
    inner = speech.said("sure_likely")
    outer = speech.said("how_sure", how=speech.said("how_aligner"), sure=inner)
    assert outer["en"].endswith("; the match is likely")
    assert outer["sv"].endswith("; kopplingen är sannolik") and "automatiskt" in outer["sv"]


def test_a_ruling_in_words_in_each_language_english_as_before() -> None:
    ruling = {"result": "0-1", "reason": "illegal-moves", "illegal_moves": {"white": 2}}
    assert ruling_parts(ruling, "da-2017")[0] == "Black wins: White's second illegal move"
    assert ruling_parts(ruling, "da-2017", language="da")[0] == "Sort vinder: Hvids andet ulovlige træk"
    assert (
        ruling_parts(ruling, "da-2017", language="hu")[0] == "Sötét nyer: Világos második szabálytalan lépése"
    )
    clock = {"result": "*", "clock": {"black": "+2:00"}}
    assert ruling_parts(clock, "sv-2009")[0] == "The game goes on; Black gets 2 minutes"
    assert ruling_parts(clock, "sv-2009", language="sv")[0] == "Partiet fortsätter; Svart får 2 minuter"


def test_a_matrix_cell_carries_its_ruling_in_every_language() -> None:
    cell = RulingCell("da-2017", "Draw", None, False, (("da", "Remis"), ("en", "Draw")))
    assert cell.in_languages == {"da": "Remis", "en": "Draw"}
    assert cell == RulingCell("da-2017", "Draw", None, False)  # the words compare as the English
    assert RulingCell("x", "Draw", None, False).in_languages == {"en": "Draw"}


def test_the_laws_in_force_in_the_readers_language() -> None:
    from extract.reports.asof import asof_lines, in_force_on, load_edition_dates, load_laws_editions

    root = Path(__file__).resolve().parent.parent
    answer = in_force_on(
        date(2015, 3, 1), load_edition_dates(root / "corpus"), load_laws_editions(root / "kb")
    )
    english, danish = " ".join(asof_lines(answer)), " ".join(asof_lines(answer, "da"))
    assert english.startswith("On 2015-03-01 the Laws of Chess in force are the 2014 Laws")
    assert danish.startswith("Den 1. marts 2015 er de gældende skakregler 2014-reglerne")
    assert "nb-2014 (gældende fra 1. juli 2014)" in danish


def test_scenario_runs_added_after_the_wording_flag_and_count_their_rules(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from extract.reports import diff as diff_module
    from extract.reports.diff import STATUSES, diff_editions, with_scenarios
    from extract.reports.diff_model import ScenarioRun

    kb, corpus = FIXTURES / "kb", FIXTURES / "corpus"
    bare = diff_editions("da-2001", "sv-2009", kb, corpus, scenarios=False)
    both = [r for r in bare.rules if r.old is not None and r.new is not None]
    one_side = [r for r in bare.rules if r.old is None or r.new is None]
    assert both
    run = ScenarioRun(
        "s", "A situation", "draw", "Black wins", "sv-2009: Black wins; da-2001: draw", None, None
    )
    chosen = [both[0].rule] + ([one_side[0].rule] if one_side else [])
    monkeypatch.setattr(diff_module, "scenario_changes", lambda *args: {rule: [run] for rule in chosen})
    later = with_scenarios(bare, kb, corpus)
    changed = later.rule(both[0].rule)
    assert changed.scenarios == (run,) and "behaviour-changed" in changed.flags
    assert changed.status == next(s for s in STATUSES if s in changed.flags)
    if one_side:  # a rule only one edition has gets no ruling change
        assert later.rule(one_side[0].rule) == bare.rule(one_side[0].rule)
    assert later.flag_counts.get("behaviour-changed", 0) == bare.flag_counts.get("behaviour-changed", 0) + (
        "behaviour-changed" not in bare.rule(both[0].rule).flags
    )
    assert sum(later.counts.values()) == len(later.rules)


def test_what_changed_is_told_in_sentences_not_status_names() -> None:
    from extract.reports.change_words import change_said
    from extract.reports.diff import diff_editions

    kb, corpus = FIXTURES / "kb", FIXTURES / "corpus"
    d = diff_editions("da-2001", "sv-2009", kb, corpus)
    said = [change_said(r, d.a, d.b) for r in d.rules if r.status != "unchanged"]
    assert said and all(s["en"] for s in said)
    for s in said:
        assert not re.search(r"\b(behaviour changed|content changed|parameter changed)\b", s["en"])
        assert s["en"].endswith(".") and s["da"] != s["en"]


def test_every_parameter_and_finding_kind_is_said_in_every_language() -> None:
    """The curated words of the parameters (extract/data/parameter_words.yaml) and of the finding
    kinds (interface.yaml fk_*) exist in every language of the switch: nothing falls back silently."""
    from extract.model.vocab import FINDING_KINDS
    from extract.reports.words import _parameter_words, finding_key, parameter_words

    words = _parameter_words()
    assert "illegal_move.loss_on" in words
    for name, said in words.items():
        assert set(said) == set(speech.languages()), name
        assert len(set(said.values())) == len(said), name  # translated, not copied
    assert parameter_words("illegal_move.loss_on", "da") == "Det ulovlige træk, der taber partiet"
    assert parameter_words("not.a_parameter", "da") == "Not: a parameter"
    for kind in FINDING_KINDS:
        assert finding_key(kind) in speech.table()["en"], kind


def test_a_situation_is_told_in_each_language_with_the_termbase_pieces() -> None:
    import chess

    from extract.model.event import Event
    from extract.reports.situation_words import Teller, chess_words

    pieces = chess_words(Path(__file__).resolve().parent.parent / "kb")
    assert pieces["da"]["king"] == "konge" and pieces["hu"]["bishop"] == "futár"
    board = chess.Board()
    events = [Event("move", "Nf3"), Event("illegal_move", "e8e6", "black"), Event("flag_fall", None, "white")]
    assert Teller().events(board, events) == [
        "White plays Nf3",
        "Black completes an illegal move: king e8–e6",
        "White's flag falls",
    ]
    assert Teller("da", pieces["da"]).events(board, events) == [
        "Hvid spiller ♘f3",
        "Sort fuldfører et ulovligt træk: konge e8–e6",
        "Hvids vinge falder",
    ]
    assert Teller("hu", pieces["hu"]).position(board, ["e4", "e5"], None) == "1. e4 e5 után, Világos lép"
