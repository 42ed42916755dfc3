"""Parameters read by their place (kb/aligned_values.py): where the reference editions state a
parameter and the new text's provisions of that rule hold exactly one number no other parameter took,
that number is the value, read from the new text's own span; otherwise nothing is read."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from conftest import ROOT

from extract.io.rules import load_rules
from extract.kb.aligned_values import _numbers, read_by_place, stated_by_place
from extract.kb.parameters import raw_span
from extract.model import Edition, Provision
from extract.model.kbrows import Parameter
from extract.reports.lint.context import Context
from extract.reports.lint.laws import laws_divergence
from extract.text.quantities import Quantity, compile_words

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


def test_another_number_where_the_references_state_it_is_offered_for_review_never_read():
    raw = "7.3 Ѫѫѧ ѩѭ 12 ѯѱ ѳѵ ѷѹ.\n"
    keyed = [("k1", {"label": "7.3", "kind": "article", "text": raw[4:-1], "start": 4, "end": len(raw)})]
    args = (RULES, "xx-2018", "xx", keyed, raw, {("xx-2018", "k1"): "colours-reversed"}, [])
    [stated] = stated_by_place(*args, [reference("da-2017", 10)], LAWS, ROOT / "kb")
    assert (stated.value, stated.laws, stated.label, raw[stated.start : stated.end]) == (
        12,
        {10},
        "7.3",
        "12",
    )
    assert read_by_place(*args, [reference("da-2017", 10)], LAWS, ROOT / "kb") == []
    # the provision without its number: nothing offered, nothing read (never the references' 10)
    empty = [("k1", {**keyed[0][1], "text": "Ѫѫѧ ѩѭ ѯѱ ѳѵ ѷѹ."})]
    bare = (RULES, "xx-2018", "xx", empty, "7.3 Ѫѫѧ ѩѭ ѯѱ ѳѵ ѷѹ.\n", args[5], [])
    assert list(stated_by_place(*bare, [reference("da-2017", 10)], LAWS, ROOT / "kb")) == []


def lint_context(text: str, found: list[Parameter]) -> Context:
    """A lint context of an uncurated xx-2018 and the da-2017 that states the parameter at 7.3."""

    def edition(name: str, language: str, raw: str) -> Edition:
        return Edition(
            name, language, name, LAWS[name], "2018-01-01", None, None, None, None, (), Path(name), raw
        )

    raws = {"xx-2018": f"7.3 {text}\n", "da-2017": "7.3 Efter 10 træk fortsætter partiet.\n"}
    provisions = {
        e: [Provision(e, "7.3", "7.3", None, "article", None, raw[4:-1], 4, len(raw))]
        for e, raw in raws.items()
    }
    context = Context(
        editions={
            "xx-2018": edition("xx-2018", "xx", raws["xx-2018"]),
            "da-2017": edition("da-2017", "da", raws["da-2017"]),
        },
        provisions=provisions,
        keys={e: {(4, len(raw), "7.3"): "k1"} for e, raw in raws.items()},
        rules_of={("xx-2018", "k1"): "colours-reversed", ("da-2017", "k1"): "colours-reversed"},
        rules=RULES,
        concepts=[],
        kb_dir=ROOT / "kb",
    )
    there = Parameter(NAME, "colours-reversed", "da-2017", 10, "moves", "7.3", 10, 12, "Efter 10 træk")
    context._cache["parameters"] = (there, *found)
    return context


def test_the_lint_says_the_text_gives_another_number_than_the_laws():
    [finding] = laws_divergence("xx-2018", *at("Ѫѫѧ ѩѭ 12 ѯѱ ѳѵ ѷѹ.", []))
    assert (finding.kind, finding.label, finding.severity) == ("laws-divergence", "7.3", "error")
    assert finding.message.startswith("says 12 here, where the other translations of the same Laws say 10")
    assert "is not read" in finding.message and "colours_reversed" not in finding.message
    assert finding.compared_with is not None and finding.compared_with[:2] == ("da-2017", "7.3")
    assert laws_divergence("xx-2018", *at("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", [])) == []  # the Laws' number
    assert laws_divergence("xx-2018", *at("Ѫѫѧ ѩѭ ѯѱ ѳѵ ѷѹ.", [])) == []  # no number there
    assert (
        laws_divergence("da-2017", *at("Ѫѫѧ ѩѭ 12 ѯѱ ѳѵ ѷѹ.", [])) == []
    )  # a curated text: not read by place


def test_a_number_the_words_read_from_other_laws_is_a_warning():
    words = Parameter(NAME, "colours-reversed", "xx-2018", 12, "moves", "7.3", 11, 13, "Ѫѫѧ ѩѭ 12")
    context = lint_context("Ѫѫѧ ѩѭ 12 ѯѱ ѳѵ ѷѹ.", [words])
    context.editions["xx-2018"] = replace(context.editions["xx-2018"], fide_edition="2023")
    [finding] = laws_divergence("xx-2018", context.provisions["xx-2018"], context)
    assert finding.severity == "warning" and "is read as that value" in finding.message
    assert "the translations of the 2017 Laws say 10" in finding.message
    context.editions["xx-2018"] = replace(context.editions["xx-2018"], fide_edition="2017")
    assert (
        laws_divergence("xx-2018", context.provisions["xx-2018"], context) == []
    )  # translation-divergence's


def at(text: str, found: list[Parameter]) -> tuple[list[Provision], Context]:
    context = lint_context(text, found)
    return context.provisions["xx-2018"], context


def test_a_number_word_is_found_in_the_raw_text_as_a_whole_word():
    """ "dos" must not be found at the end of "otorgados": the span would miss the number another
    parameter took, and the provision would seem to hold two candidates."""
    raw = "III.4 le son otorgados dos minutos; 3x\n"
    provision = {"start": 6, "end": len(raw)}
    words = Quantity(2.0, "minute", None, 20, 23, ("dos",))
    assert raw[slice(*raw_span(raw, provision, words))] == "dos"
    part = Quantity(3.0, "time", None, 32, 33, ("3",))  # a token that is part of a word still has its place
    assert raw[slice(*raw_span(raw, provision, part))] == "3"


def test_the_word_for_one_is_no_candidate_unless_one_is_looked_for():
    """ "Un arbiter supervisa ... tres xogos": the word for one is often the indefinite article too."""
    table = compile_words({"numbers": {"ѥдн": 1, "ѳрй": 3}})
    text = "Ѥдн ѫѧѩ ѳрй ѯѱѳ."
    assert [q.value for q in _numbers(text, table, {"game"})] == [3.0]
    assert [q.value for q in _numbers(text, table, {"game"}, one=True)] == [1.0, 3.0]


def test_a_number_word_of_several_pieces_is_one_candidate():
    """A made-up ten of two ideographs, learned whole in a text without spaces ("掝唁"): one number
    there, not two pieces; an ordinal of pieces is no candidate for a count of moves."""
    table = compile_words({"numbers": {"掝唁": 10}, "ordinals": {"蚽媆": 2}})
    found = _numbers("賝踽掝唁蘓珦ね，蚽媆揟。", table, {"move"})
    assert [(q.value, q.tokens) for q in found] == [(10.0, ("掝", "唁"))]
    assert [q.value for q in _numbers("蚽媆揟。", table, {"ordinal"})] == [2.0]
    one = compile_words({"numbers": {"媆蚽": 1}})  # the word for one counts where one is looked for
    assert [q.value for q in _numbers("媆蚽揟。", one, {"move"})] == []
    assert [q.value for q in _numbers("媆蚽揟。", one, {"move"}, one=True)] == [1.0]


def test_nothing_is_offered_where_the_nearest_laws_have_the_rule_but_state_no_number():
    """da-2017 has the rule (its curated lists) and states no number for it: the 2001 Laws' number is
    too old to say what stands there (a 2023 text's 9.5.3 is no place for 2001's deductions)."""
    assert "da-2017" in RULES[0].provisions
    assert read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.", [reference("da-2001", 10)]) == []
    raw = "7.3 Ѫѫѧ ѩѭ 12 ѯѱ ѳѵ ѷѹ.\n"
    keyed = [("k1", {"label": "7.3", "kind": "article", "text": raw[4:-1], "start": 4, "end": len(raw)})]
    args = (RULES, "xx-2018", "xx", keyed, raw, {("xx-2018", "k1"): "colours-reversed"}, [])
    assert list(stated_by_place(*args, [reference("da-2001", 10)], LAWS, ROOT / "kb")) == []


PENALTY = [r for r in load_rules(ROOT / "kb") if r.id == "illegal-move-penalty"]
LOSS = "illegal_move.loss_on"


def count(text: str, laws: dict[str, int], learned: dict[str, Any] | None = None) -> list[Parameter]:
    """loss_on read by place from one made-up 7.5.5, the references' values per edition given."""
    raw = f"7.5.5 {text}\n"
    keyed = [("k1", {"label": "7.5.5", "kind": "article", "text": text, "start": 6, "end": len(raw)})]
    references = [
        Parameter(LOSS, "illegal-move-penalty", e, v, "count", "7.5.5", 0, 2, "...") for e, v in laws.items()
    ]
    found = [
        Parameter(
            "illegal_move.time_bonus", "illegal-move-penalty", "xx-2018", 2, "minutes", "7.5.5", 0, 1, ""
        )
    ]
    return read_by_place(
        PENALTY, "xx-2018", "xx", keyed, raw, {("xx-2018", "k1"): "illegal-move-penalty"},
        found, references, LAWS, ROOT / "kb", learned,
    )  # fmt: skip


def test_a_count_no_ordinal_says_is_the_number_of_mentions_where_the_references_agree():
    """ "for the first illegal move ... for the second illegal move", in words the tables do not know:
    the text names the illegal move twice, after another word each time; the second mention is the
    count the references state (2), read at the word before it."""
    text = "Ѫѫ ѩѭѯ ѳѵѷ ѹѻѿ, ѽѿ ѻѯ. Ѫѫ ѡѣѥ ѳѵѷ ѹѻѿ ѽѿ ѻѯ ѷѹѳ."
    [row] = count(text, {"da-2017": 2, "da-2001": 3})
    assert (row.parameter, row.value) == (LOSS, 2)
    assert (row.start, row.end) == (6 + text.index("ѡѣѥ"), 6 + text.index("ѡѣѥ") + 3)


def test_a_count_after_what_it_counts_where_no_word_before_differs():
    """Hebrew and Arabic put the ordinal after its noun ("עבור המסע הבלתי חוקי הראשון ...; עבור המסע
    הבלתי חוקי השני", for the illegal move first ...; for the illegal move second): the same word
    before each mention, another after it; the count is read at the word after the last mention. A
    text with a differing word before the mentions is still read there (the words after differ too)."""
    text = "Ѫѫ, ѩѭѯ ѳѵѷ ѹѻѿ ѽѿѿ ѻѯ. ѩѭѯ ѳѵѷ ѹѻѿ ѡѣѥ ѽѿѿ ѻѯ."
    [row] = count(text, {"da-2017": 2})
    assert text[row.start - 6 : row.end - 6] == "ѡѣѥ"
    assert count(text.replace("ѡѣѥ", "ѹѹѹ ѡѣѥ"), {"da-2017": 3}) == []  # twice named, three counted
    same = "Ѫѫ, ѩѭѯ ѳѵѷ ѹѻѿ ѽѿѿ ѻѯ. ѩѭѯ ѳѵѷ ѹѻѿ ѽѿѿ ѻѯ."
    assert count(same, {"da-2017": 2}) == []  # the same words on both sides: nothing counted


def test_words_with_vowel_signs_count_as_words_where_a_count_is_read_from_mentions():
    """Bengali "সম্পূর্ণ অবৈধ চালের জন্য" (for the completed illegal move): its letters carry vowel
    signs and a virama, which `str.isalpha` does not take for letters; "দ্বিতীয়" (second) before the
    second mention is the count."""
    text = "খেলোয়াড়ের প্রথম সম্পূর্ণ অবৈধ চালের জন্য সময়; একই খেলোয়াড়ের দ্বিতীয় সম্পূর্ণ অবৈধ চালের জন্য পরাজয়।"
    [row] = count(text, {"da-2017": 2})
    assert text[row.start - 6 : row.end - 6] == "দ্বিতীয়"


def test_a_count_is_read_from_mentions_in_a_script_without_spaces():
    """Made-up kanji with kana endings, one character a word: "燷诫つ揟の蝒惝" (the illegal move) is
    named twice, after "踽" and after "ま"; the count is read at "ま"."""
    text = "塦暟そ欭崕賝踽燷诫つ揟の蝒惝镔劤；匨侭ま燷诫つ揟の蝒惝紂份。"
    [row] = count(text, {"da-2017": 2})
    assert (row.value, text[row.start - 6 : row.end - 6]) == (2, "ま")
    assert count(text.replace("ま燷诫つ揟の蝒惝", "ま"), {"da-2017": 2}) == []  # named once: no count


def test_no_count_where_the_mentions_differ_from_the_references_or_one_is_removed():
    twice = "Ѫѫ ѩѭѯ ѳѵѷ ѹѻѿ, ѽѿ ѻѯ. Ѫѫ ѡѣѥ ѳѵѷ ѹѻѿ ѽѿ ѻѯ ѷѹѳ."
    assert count(twice, {"da-2017": 3}) == []  # the text names it twice, the Laws count three: no value
    once = "Ѫѫ ѩѭѯ ѳѵѷ ѹѻѿ, ѽѿ ѻѯ. Ѫѫ ѽѿ ѻѯ ѷѹѳ."
    assert count(once, {"da-2017": 2}) == []  # the second mention removed: nothing to count
    same = "Ѫѫ ѩѭѯ ѳѵѷ ѹѻѿ, ѽѿ ѻѯ. Ѫѫ ѩѭѯ ѳѵѷ ѹѻѿ ѽѿ ѻѯ ѷѹѳ."
    assert count(same, {"da-2017": 2}) == []  # the same word before each mention: nothing counted
    uneven = "Ѫѫ ѩѭѯ ѳѵѷ ѹѻѿ, ѽѿ ѻѯ. Ѫѫ ѡѣѥ ѳѵѷ ѹѻѿ ѽѿ ѻѯ ѷѹѳ. ѣѣѣ ѱѱѱ ѫѫѫ. ѧѧѧ ѱѱѱ ѫѫѫ. ѿѿѿ ѱѱѱ ѫѫѫ."
    assert count(uneven, {"da-2017": 2}) == []  # two things named, two and three times: which counts?


def test_a_number_of_another_unit_is_no_candidate_and_markup_is_no_word():
    """ "two extra minutes" is the time bonus, not the count of illegal moves; "#ulovleg" (a word the
    translation engine did not know) is the same word after the mark."""
    learned = {"numbers": {"ѹѹѹ": 3}, "units": {"minute": ["ѩѩѩѩ"]}}
    text = "Ѫѫ ѹѹѹ ѩѩѩѩ ѩѭѯ #ѳѵѷ ѹѻѿ, ѽѿ ѻѯ. Ѫѫ ѡѣѥ #ѳѵѷ ѹѻѿ ѽѿ ѻѯ ѷѹѳ."
    [row] = count(text, {"da-2017": 2}, learned)
    assert (row.value, text[row.start - 6 : row.end - 6]) == (2, "ѡѣѥ")
    assert count(text, {"da-2017": 2}, {"numbers": {"ѹѹѹ": 3}}) == []  # 3 stands there, of no unit


def test_the_same_number_twice_is_one_number():
    [row] = read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ. Ѷѷ 10 ѯѱ ѹѻ.", [reference("da-2017", 10)])
    assert (row.value, row.start) == (10, 4 + 7)
    assert read("Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ. Ѷѷ 12 ѯѱ ѹѻ.", [reference("da-2017", 10)]) == []  # two numbers: none


def test_a_count_right_before_its_word_is_no_candidate_for_a_measure():
    """ "10 minutes or less, or 60 times the increment ... 10 minutes": the 60 counts the increment."""
    [blitz] = [r for r in load_rules(ROOT / "kb") if r.id == "blitz-definition"]
    text = "Ѫѫ 10 ѯѱѳ ѳѵѷ 60 ѩѩѩ ѹѹѹ."
    raw = f"B.1 {text}\n"
    keyed = [("k1", {"label": "B.1", "kind": "article", "text": text, "start": 4, "end": len(raw)})]
    upper = Parameter("blitz.upper_minutes", "blitz-definition", "da-2017", 10, "minutes", "B.1", 0, 2, "...")
    args = (keyed, raw, {("xx-2018", "k1"): "blitz-definition"}, [], [upper], LAWS, ROOT / "kb")
    rows = read_by_place([blitz], "xx-2018", "xx", *args, {"units": {"move": ["ѩѩѩ"]}})
    assert [(r.parameter, r.value) for r in rows] == [("blitz.upper_minutes", 10)]
    assert read_by_place([blitz], "xx-2018", "xx", *args, {}) == []  # 10 and 60, both bare: which?


def test_a_number_the_references_state_for_another_parameter_of_the_rule_is_no_divergence():
    """B.1: "10 minutes or less, or the base time plus 60 times the increment is 10 minutes or less":
    where the words read neither, the 10 is the upper limit's, not another factor than the Laws' 60."""
    [blitz] = [r for r in load_rules(ROOT / "kb") if r.id == "blitz-definition"]
    text = "Ѫѫ 10 ѯѱѳ ѳѵѷ ѹѹѹ."
    raw = f"B.1 {text}\n"
    keyed = [("k1", {"label": "B.1", "kind": "article", "text": text, "start": 4, "end": len(raw)})]
    references = [
        Parameter("blitz.upper_minutes", "blitz-definition", "da-2017", 10, "minutes", "B.1", 0, 2, "..."),
        Parameter("increment.factor", "blitz-definition", "da-2017", 60, "moves", "B.1", 0, 2, "..."),
    ]
    args = (keyed, raw, {("xx-2018", "k1"): "blitz-definition"}, [], references, LAWS, ROOT / "kb")
    stated = list(stated_by_place([blitz], "xx-2018", "xx", *args))
    assert [(s.name, s.value) for s in stated] == [("blitz.upper_minutes", 10)]  # no factor of 10 offered
    alone = [r for r in references if r.parameter == "increment.factor"]
    args = (keyed, raw, {("xx-2018", "k1"): "blitz-definition"}, [], alone, LAWS, ROOT / "kb")
    assert [(s.name, s.value) for s in stated_by_place([blitz], "xx-2018", "xx", *args)] == [
        ("increment.factor", 10)
    ]  # no other parameter states 10: offered for review


def test_a_count_of_another_thing_stays_a_candidate_for_a_count():
    """ "högst göras 5 gångar pr parti": the words may give the 5 the unit of a word or two after it
    (games); counts are not told apart, so the 5 stays the count looked for (a measure would not)."""
    raw = "7.3 Ѫѫѧ ѩѭ 10 ѯѱ ѳѵ ѷѹ.\n"
    keyed = [("k1", {"label": "7.3", "kind": "article", "text": raw[4:-1], "start": 4, "end": len(raw)})]
    args = (RULES, "xx-2018", "xx", keyed, raw, {("xx-2018", "k1"): "colours-reversed"}, [])
    rest = ([reference("da-2017", 10)], LAWS, ROOT / "kb")
    assert [r.value for r in read_by_place(*args, *rest, {"units": {"game": ["ѯѱ"]}})] == [10]
    assert read_by_place(*args, *rest, {"units": {"minute": ["ѯѱ"]}}) == []  # ten minutes: no count


def test_a_dual_that_is_a_whole_quantity_is_the_number_there():
    """Arabic "دقيقتين" (two minutes: CLDR's dual "دقيقتان" in another case) is the one number where
    the references state that a player may claim with less than two minutes; the words knew no "less
    than" for it. Where a count of moves is looked for, two minutes are no candidate."""
    rules = [r for r in load_rules(ROOT / "kb") if r.id == "quickplay-draw-claim"]
    text = "إذا كان لدى اللاعب أقل من دقيقتين على ساعته، يجوز له أن يطالب بالتعادل."
    raw = f"III.5 {text}\n"
    keyed = [("k1", {"label": "III.5", "kind": "article", "text": text, "start": 6, "end": len(raw)})]
    mapping = {("xx-2018", "k1"): "quickplay-draw-claim"}
    claim = "quickplay.claim_below_minutes"
    there = Parameter(claim, "quickplay-draw-claim", "da-2017", 2, "minutes", "III.5", 0, 2, "...")
    [row] = read_by_place(rules, "xx-2018", "ar", keyed, raw, mapping, [], [there], LAWS, ROOT / "kb")
    assert (row.parameter, row.value, raw[row.start : row.end]) == (claim, 2, "دقيقتين")
    moves = [r for r in load_rules(ROOT / "kb") if r.id == "colours-reversed"]
    counted = {("xx-2018", "k1"): "colours-reversed"}
    assert (
        read_by_place(
            moves, "xx-2018", "ar", keyed, raw, counted, [], [reference("da-2017", 2)], LAWS, ROOT / "kb"
        )
        == []
    )


def test_a_number_the_words_read_for_another_parameter_is_that_ones_where_its_words_repeat():
    """A.1/B.1: "10 minutes or less, or the base time plus 60 times the increment, 10 minutes or
    less": the words read the first "10 minutes" (the limit); the second is the limit again, no factor."""
    [blitz] = [r for r in load_rules(ROOT / "kb") if r.id == "blitz-definition"]
    references = [
        Parameter("blitz.upper_minutes", "blitz-definition", "da-2017", 10, "minutes", "B.1", 0, 2, "..."),
        Parameter("increment.factor", "blitz-definition", "da-2017", 60, "moves", "B.1", 0, 2, "..."),
    ]

    def stated(text: str) -> list[tuple[str, object]]:
        raw = f"B.1 {text}\n"
        keyed = [("k1", {"label": "B.1", "kind": "article", "text": text, "start": 4, "end": len(raw)})]
        limit = replace(references[0], edition="xx-2018", start=7, end=13)  # the words read "10 ѯѱѳ"
        args = (keyed, raw, {("xx-2018", "k1"): "blitz-definition"}, [limit], references, LAWS, ROOT / "kb")
        return [(s.name, s.value) for s in stated_by_place([blitz], "xx-2018", "xx", *args)]

    between = " ".join(["ѹѹѹ"] * 30)  # the text between the two limits is long
    assert stated(f"Ѫѫ 10 ѯѱѳ ѳѵѷ 60 ѩѩѩ {between} 10 ѯѱѳ.") == [("increment.factor", 60)]
    # what the repetition leaves is read only where it is the references' number, never offered
    assert stated(f"Ѫѫ 10 ѯѱѳ ѳѵѷ 50 ѩѩѩ {between} 10 ѯѱѳ.") == []
    assert stated(f"Ѫѫ 10 ѯѱѳ ѳѵѷ 60 ѩѩѩ {between} 12 ѯѱѳ.") == []  # 12 is nobody's: two numbers
    # the same number with other words is no repetition: a factor of 10 beside a 60, which is which?
    assert stated(f"Ѫѫ 10 ѯѱѳ ѳѵѷ 10 ѩѩѩ {between} 60 ѯѱѳ.") == []
