"""Parameters read by their place (kb/aligned_values.py): where the reference editions state a
parameter and the new text's provisions of that rule hold exactly one number no other parameter took,
that number is the value, read from the new text's own span; otherwise nothing is read."""

from __future__ import annotations

from conftest import ROOT

from extract.io.rules import load_rules
from extract.kb.aligned_values import read_by_place
from extract.model.kbrows import Parameter

RULES = [r for r in load_rules(ROOT / "kb") if r.id == "colours-reversed"]
NAME = "colours_reversed.restart_before_moves"
LAWS = {"da-2017": "2017", "da-2001": "2001", "xx-2018": "2017"}


def reference(edition: str, value: int) -> Parameter:
    return Parameter(NAME, "colours-reversed", edition, value, "moves", "7.3", 0, 2, "...")


def read(text: str, references: list[Parameter], found: list[Parameter] | None = None) -> list[Parameter]:
    raw = f"7.3 {text}\n"
    keyed = [
        ("k1", {"label": "7.3", "parent": None, "kind": "article", "text": text, "start": 4, "end": len(raw)})
    ]
    return read_by_place(
        RULES, "xx-2018", "xx", keyed, raw, {("xx-2018", "k1"): "colours-reversed"},
        found or [], references, LAWS, ROOT / "kb",
    )  # fmt: skip


def test_the_one_number_where_the_references_state_it_is_read_from_the_text():
    [row] = read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", [reference("da-2017", 10)])
    assert (row.parameter, row.value, row.label) == (NAME, 10, "7.3")
    assert "10" in row.quote and (row.start, row.end) == (4 + 7, 4 + 9)


def test_nothing_is_read_when_two_numbers_stand_there_or_the_number_differs():
    assert read("Ѫѫѧ 7 ѩѭ 10 ѯѱ ѳѵ ѷѹ.", [reference("da-2017", 10)]) == []
    assert read("Ѫѫѧ ѩѭ 12 ѯѱ ѳѵ ѷѹ.", [reference("da-2017", 10)]) == []  # a finding, never a guess
    assert read("Ѫѫѧ ѩѭ ѯѱ ѳѵ ѷѹ.", [reference("da-2017", 10)]) == []  # the provision removed its number
    assert read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", []) == []  # no reference states it


def test_the_nearest_laws_speak_and_must_agree():
    nearest_disagree = [reference("da-2017", 10), reference("da-2017", 12), reference("da-2001", 10)]
    assert read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", nearest_disagree) == []
    older_differ = [reference("da-2017", 10), reference("da-2001", 12)]
    assert [r.value for r in read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", older_differ)] == [10]


def test_a_parameter_the_words_read_is_kept_and_its_number_is_taken():
    words = Parameter(NAME, "colours-reversed", "xx-2018", 10, "moves", "7.3", 11, 13, "...")
    assert read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", [reference("da-2017", 10)], [words]) == []


def test_the_provision_with_the_references_label_is_read_where_the_rule_has_several():
    raw = "7.3 Ѫѫѧ 7 ѩѭ.\n7.3.1 Ѫѫѧ ѩѭ 10 ѯѱ.\n"
    keyed = [
        ("k0", {"label": "7.3", "kind": "article", "text": "Ѫѫѧ 7 ѩѭ.", "start": 4, "end": 14}),
        ("k1", {"label": "7.3.1", "kind": "article", "text": "Ѫѫѧ ѩѭ 10 ѯѱ.", "start": 21, "end": len(raw)}),
    ]
    mapping = {("xx-2018", "k0"): "colours-reversed", ("xx-2018", "k1"): "colours-reversed"}
    there = Parameter(NAME, "colours-reversed", "da-2017", 10, "moves", "7.3.1", 0, 2, "...")
    [row] = read_by_place(RULES, "xx-2018", "xx", keyed, raw, mapping, [], [there], LAWS, ROOT / "kb")
    assert (row.value, row.label) == (10, "7.3.1")
    elsewhere = Parameter(NAME, "colours-reversed", "da-2017", 10, "moves", "7.4", 0, 2, "...")
    assert (
        read_by_place(RULES, "xx-2018", "xx", keyed, raw, mapping, [], [elsewhere], LAWS, ROOT / "kb") == []
    )
