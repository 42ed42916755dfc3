"""The arbiter's vocabulary is defined once and every event has a ruling that cites its article."""

from __future__ import annotations

import inspect
import re
from typing import get_args

import pytest

from extract.arbiter.events import HANDLERS
from extract.model.event import Event
from extract.model.payloads import BoardCheck, BothFlags, DrawClaim, LateArrival, Player, QuickplayClaim
from extract.model.ruling import COLOURS, EVENT_NAMES, EXPECT_KEYS, REASONS, EventName, Reason, Ruling
from extract.model.scenario import ScenarioError
from extract.reports.plain import REASONS as REASON_WORDS

# "Article 7.5", "Art. 9", an appendix ("Appendix A.4.2", "Appendices A, B"), a guideline ("Guideline III.5").
CITATION = re.compile(r"\b(?:Articles?|Art\.)\s*\d|\bAppendi(?:x|ces)\s+[A-Z]\b|\bGuideline\s+[IVX]+\b")


def test_every_event_name_has_exactly_one_handler() -> None:
    assert set(HANDLERS) == set(EVENT_NAMES) == set(get_args(EventName))
    assert len(EVENT_NAMES) == len(set(EVENT_NAMES))


@pytest.mark.parametrize("name", EVENT_NAMES)
def test_every_handler_cites_its_article(name: EventName) -> None:
    handler = HANDLERS[name]
    doc = inspect.getdoc(handler) or ""
    assert CITATION.search(doc), f"{handler.__module__}.{handler.__name__}: no article cited in {doc!r}"
    module_doc = inspect.getdoc(inspect.getmodule(handler)) or ""
    assert CITATION.search(module_doc), f"{handler.__module__}: the module names no area of the Laws"


def test_every_reason_has_words_and_the_ruling_knows_every_expect_key() -> None:
    assert set(REASON_WORDS) == set(REASONS) == set(get_args(Reason))
    assert tuple(Ruling().as_dict()) == EXPECT_KEYS


def test_events_are_read_from_the_scenario_form() -> None:
    event = Event.from_mapping({"illegal_move": "e1e3", "by": "white", "spend": "0:30", "claimed": False})
    assert event == Event("illegal_move", "e1e3", "white", 30.0, False)
    assert Event.from_mapping({"late_arrival": {"minutes": 5, "by": "black"}}).player("white") == "black"
    assert Event.from_mapping({"flag_fall": None}).player("white") in COLOURS
    with pytest.raises(ScenarioError, match="unknown event 'castle'"):
        Event.from_mapping({"castle": "O-O"})
    with pytest.raises(ScenarioError, match="'by: purple' must be white or black"):
        Event.from_mapping({"move": "e4", "by": "purple"})


def test_event_details_are_typed_once_where_the_scenario_is_read() -> None:
    claim = Event.from_mapping({"draw_claim": {"ground": "threefold", "move": "Nf3"}})
    assert claim.value == DrawClaim("threefold", "Nf3")
    assert Event.from_mapping({"draw_claim": "fifty-moves"}).value == DrawClaim("fifty-moves")
    assert Event.from_mapping({"late_arrival": {"minutes": 16, "resumption": True}}).value == LateArrival(
        16.0, None, True
    )
    quickplay = Event.from_mapping({"quickplay_claim": {"by": "black"}})
    assert quickplay.value == QuickplayClaim("black", "postponed")
    assert Event.from_mapping({"both_flags": None}).details(BothFlags).period == "last"
    assert Event.from_mapping({"board_check": 40}).details(BoardCheck).cm == 40.0
    assert Event.from_mapping({"scoresheet_view": {}}).value == Player()
    refused = [
        ({"late_arrival": {"minute": 5}}, "unknown key(s) minute; allowed: minutes, by, resumption"),
        ({"late_arrival": {"by": "black"}}, "missing key(s) minutes"),
        ({"late_arrival": {"minutes": "five"}}, "minutes must be a number"),
        ({"draw_claim": {"ground": "boredom"}}, "ground 'boredom' must be threefold or fifty-moves"),
        ({"quickplay_claim": {"decision": "maybe"}}, "must be upheld, postponed or rejected"),
        ({"flag_fall": "white"}, "expected a mapping of by"),
    ]
    for raw, message in refused:
        with pytest.raises(ScenarioError, match=re.escape(message)):
            Event.from_mapping(raw)
    with pytest.raises(ScenarioError, match="carries no DrawClaim details"):
        Event("move", "e4").details(DrawClaim)
