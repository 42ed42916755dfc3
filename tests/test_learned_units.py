"""A unit word learned from one value, kept when a number word learned before it gives a second
(kb/learned_units.py): made-up "30 sokk" and "fomf sokk" where the Danish references state 30 and
five seconds. A word for seconds must stand after two values; "fomf" (five) is learned only before a
unit word; tried together, both are learned."""

from __future__ import annotations

import test_anchored_numbers as anchored

from extract.io.languages import DEFAULT_KB
from extract.kb import learned_lexicon as lexicon
from extract.text.quantities import quantities

LAWS = {"da-2017": "2017", "xx-2018": "2017"}
THIRTY = {
    "da-2017": "Spilleren får et tillæg på 30 sekunder for hvert træk.",
    "xx-2018": "Spollaren far et tollag po 30 sokk for hvart trok.",
}
FIVE = {
    "da-2017": "Modstanderen får et tillæg på fem sekunder.",
    "xx-2018": "Modstandoren far et tollag po fomf sokk.",
}
LOST = {"da-2017": "Spilleren har tabt partiet.", "xx-2018": "Spollaren har tobt portot."}


def learned(rows: list[dict[str, str]]) -> dict[str, object]:
    sources = anchored.sources_of(rows, LAWS)
    found = lexicon.learn("xx", sources.provisions, sources.languages, sources.assigned, DEFAULT_KB, LAWS)
    return found.tables


def test_a_unit_word_after_digits_once_and_after_a_number_word_once_is_learned_with_that_word():
    tables = learned([THIRTY, FIVE, LOST])
    assert "sokk" in tables.get("units", {}).get("second", [])  # type: ignore[union-attr]
    assert tables.get("numbers", {}).get("fomf") == 5  # type: ignore[union-attr]
    [five] = quantities("po fomf sokk", "xx", DEFAULT_KB, tables)
    assert (five.value, five.unit) == (5, "second")
    sources = anchored.sources_of([THIRTY, FIVE, LOST], LAWS)
    found = lexicon.learn("xx", sources.provisions, sources.languages, sources.assigned, DEFAULT_KB, LAWS)
    assert any(
        "xx-2018 1.1 (after a number word" in place for place in found.evidence[("unit:second", "sokk")]
    )


def test_a_unit_word_after_one_value_only_stays_unknown():
    """ "60-szorosa" after 60 only is no word for minutes: one value, and no number word before it
    elsewhere says another (here the same 30 in words)."""
    assert "sokk" not in str(learned([THIRTY, LOST]).get("units"))
    same = {
        "da-2017": "Modstanderen får et tillæg på tredive sekunder.",
        "xx-2018": "Modstandoren far et tollag po trodovo sokk.",
    }
    assert "sokk" not in str(learned([THIRTY, same, LOST]).get("units"))


def test_another_form_of_a_library_unit_word_shares_all_but_its_last_letters():
    from extract.kb.learned_units import another_form
    from extract.text.quantities import compiled

    georgian = compiled("ka", DEFAULT_KB)
    assert another_form("წუთზე", "minute", georgian)  # CLDR's "წუთი" less "-ი", then "-ზე"
    assert not another_form("წუთზე", "second", georgian)
    assert not another_form("სასჯელი", "hour", georgian)  # "სა" of "საათი" only: (penalty) no hour


def test_another_form_of_a_heard_library_unit_is_learned_where_the_references_state_that_unit():
    """CLDR's "წუთი" stands after a number ("10 წუთი"): minutes are heard, so a word after a number is
    no minute word unless it is another form of "წუთი": "წუთზე" where the references state minutes."""
    laws = {"da-2017": "2017", "ka-2024": "2017"}
    rows = [
        {"da-2017": "Hver spiller har 10 minutter.", "ka-2024": "თითოეულ მოთამაშეს აქვს 10 წუთი."},
        {
            "da-2017": "Mere end 10 minutter men mindre end 60 minutter.",
            "ka-2024": "10 წუთზე მეტი, მაგრამ 60 წუთზე ნაკლები.",
        },
        {"da-2017": "Spilleren har tabt partiet.", "ka-2024": "მოთამაშემ წააგო პარტია."},
    ]
    sources = anchored.sources_of(rows, laws, "ka")
    found = lexicon.learn("ka", sources.provisions, sources.languages, sources.assigned, DEFAULT_KB, laws)
    assert "წუთზე" in found.tables.get("units", {}).get("minute", [])
    assert "მეტი" not in str(found.tables.get("units"))


def test_a_word_after_a_number_in_one_place_is_no_unit_where_it_is_a_comparator_after_quantities():
    """Georgian "10-ზე ნაკლები სვლა" (fewer than 10 moves): "ნაკლები" (less) follows the number where
    the references state 10 moves, once; after "ორ წუთზე" and "ხუთ წუთზე" (two, five minutes) it is
    the comparator, so it is no word for moves. Without those places, one place would teach it."""
    from extract.kb.learned_votes import Votes

    def units(comparator_places: int) -> object:
        votes = Votes()
        votes.add("unit", ("nakleb",), "move", "xx 7.3", 10)
        votes.seen("unit", ("nakleb",))
        for n in range(comparator_places):
            votes.seen("after", ("nakleb",))
            votes.compete([("after", ("nakleb",))], "less", f"xx 8.{n}", "after")
        return votes.decide("xx").tables.get("units")

    assert units(0) == {"move": ["nakleb"]}
    assert units(2) is None
