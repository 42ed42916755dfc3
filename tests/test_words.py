"""The words of a text (extract/text/words.py): scripts written without spaces between words get their
words from ICU's word break iterator, their numbers whatever touches them, their sentences at 。।։።؟."""

from __future__ import annotations

import re

import pytest

from extract.io.languages import DEFAULT_KB
from extract.text import words as w
from extract.text.analyse import lemmas, numbers, trigrams
from extract.text.quantities import compiled, quantities, tokens
from extract.text.sentences import split_sentences

icu = pytest.importorskip("icu")


def test_icu_segments_the_languages_it_has_dictionaries_for():
    assert w.word_texts("超过10分钟的比赛", "zh") == ["超过", "分钟", "的", "比赛"]
    assert w.word_texts("ผู้เล่นสามารถเรียกร้อง", "th") == ["ผู้", "เล่น", "สามารถ", "เรียก", "ร้อง"]
    assert "以内" in w.word_texts("プレーヤーは１０分以内に", "ja")


def test_a_spaced_text_keeps_its_runs_of_letters():
    assert w.word_texts("more than 10 minutes, e4", "en") == ["more", "than", "minutes", "e"]
    assert not w.spaceless("Az első tíz lépés után", "hu")


def test_a_text_is_read_without_spaces_by_its_language_its_script_or_its_word_length():
    assert w.spaceless("abc", "th")
    assert w.spaceless("超过10分钟的比赛", "")  # an unknown language code, a script without spaces
    assert not w.spaceless("超过 some words of a Latin text around it", "")
    glued = "theplayermaymakeaclaimafterthelastfiftymoves " * 2
    assert w.spaceless(glued, "") and not w.spaceless("the player may make a claim " * 4, "")


def test_a_number_is_a_number_whatever_letter_touches_it_where_words_have_no_spaces():
    assert [n for n, _, _ in w.numbers("超过10分钟", "zh")] == ["10"]
    assert [n for n, _, _ in w.numbers("เรียกร้อง10นาที", "th")] == ["10"]  # ICU keeps 10 inside the Thai word
    assert [n for n, _, _ in w.numbers("１０分", "ja")] == ["１０"]
    assert w.numbers("1.e4 e5", "zh") == [("1", 0, 1)]  # a square is not a number
    assert w.numbers("a10 b 10", "en") == [("10", 6, 8)]  # a spaced script: a digit glued to a letter is not
    assert numbers("超过10分钟", "zh") == {10} and numbers("ร้อง10นาที", "th") == {10}


def test_whole_words_respect_the_same_boundaries():
    assert re.findall(w.whole("10"), "超过10分钟") == ["10"]
    assert re.findall(w.whole("10"), "110 a10 10x") == []
    assert [t.text for t in tokens("多于１０分钟")] == ["多", "于", "１０", "分", "钟"]


def test_sentences_end_at_the_terminators_of_any_script_with_or_without_a_space():
    assert [s.text for s in split_sentences("第一句。第二句「引用。」第三", "zh")] == [
        "第一句。",
        "第二句「引用。」",
        "第三",
    ]
    assert len(split_sentences("पहला वाक्य। दूसरा ५ मिनट।", "hi")) == 2
    assert len(split_sentences("Առաջին։ Երկրորդ", "hy")) == 2
    assert len(split_sentences("See 7.5.1 and 3. lépés there.", "hu")) == 1  # dots as before


def test_the_analysis_reads_words_not_clauses():
    assert lemmas("超过10分钟的比赛", "zh") == ["超过", "分钟", "的", "比赛"]
    assert trigrams("スタンダードゲーム") and all(len(t) == 3 for t in trigrams("スタンダードゲーム"))


def test_without_pyicu_the_script_is_read_a_character_a_word(monkeypatch, capsys):
    w._breaker.cache_clear()
    w._segmented.cache_clear()
    monkeypatch.setitem(__import__("sys").modules, "icu", None)
    try:
        assert w.word_texts("超过10分钟", "zh") == ["超", "过", "分", "钟"]
        assert capsys.readouterr().err.count("\n") == 1  # one line, once
        w.word_texts("比赛", "zh")
        assert capsys.readouterr().err == ""
    finally:
        w._breaker.cache_clear()
        w._segmented.cache_clear()


def test_a_bare_number_far_from_the_next_quantity_keeps_no_unit_in_any_script():

    assert w.width("涫荓か腙り ") > 12 >= w.width("和") and w.width("and") == 3
    # "(see 7 and 9 point penalty 2 minutes instead of 1 minute)": 9 is a cited point, not 9 minutes
    assert [q.value for q in quantities("（见第７和第９条规定的处罚：２分钟）", "zh")] == [2.0]
    assert [(q.value, q.unit) for q in quantities("15和60分钟", "zh")] == [(15.0, "minute"), (60.0, "minute")]


def test_a_word_with_vowel_signs_is_a_word():
    """Thai and Devanagari words carry combining vowel signs, which `str.isalpha` refuses: the learned
    lexicon takes "ภี" after a number for a word (a unit), as it takes "perc"."""
    assert all(w.lettered(word) for word in ("นาที", "ภี", "मिनट", "perc", "分钟"))
    assert not any(w.lettered(word) for word in ("", "-", "10", "\u0e34", "a1", "ภี."))


def test_kana_runs_are_reading_units() -> None:
    # a katakana loanword is one unit ("ゼロ": zero), a run of hiragana too ("なくとも" of "少なくとも"),
    # a kanji one each; the middle dot between katakana words stands apart
    assert [p for p, _ in w.pieces("少なくとも3回目。ゼロとする。プレーヤー・アービター")] == [
        "少", "なくとも", "3", "回", "目", "。", "ゼロ", "とする", "。", "プレーヤー", "・", "アービター",
    ]  # fmt: skip


def test_digits_after_the_ordinal_prefix_of_icu_ordinals_count_an_ordinal() -> None:
    # ICU spells ordinals "第二" (zh, ja), "ที่สอง" (th): its prefix before digits makes an ordinal where
    # a unit that is no measure follows the digits or stands before the prefix (a learned "次", "ครั้ง")
    pytest.importorskip("icu")
    times = {"units": {"time": ["次", "ครั้ง"]}}

    def read(text: str, language: str) -> list[tuple[float, str]]:
        return [(q.value, q.unit) for q in quantities(text, language, DEFAULT_KB, times)]

    assert read("对于同一棋手的第2次违例着法", "zh") == [(2, "ordinal")]
    assert read("เกิดขึ้นเป็นครั้งที่ 3", "th") == [(3, "ordinal")]
    assert read("ที่ 10 นาที", "th") == [(10, "minute")]  # minutes are counted, not ranked
    assert read("见第７条", "zh") == []  # an article cited
    assert compiled("en", DEFAULT_KB).ordinal_prefixes == frozenset()  # "2nd": a suffix, read otherwise


def test_a_unit_name_of_one_syllable_takes_an_ending_right_after_its_number() -> None:
    # Korean glues case particles to the unit: "2분을" (two minutes, object), "5초의" (of five seconds);
    # a one- or two-letter Latin unit name is an abbreviation and takes none
    def read(text: str, language: str) -> list[tuple[float, str]]:
        return [(q.value, q.unit) for q in quantities(text, language, DEFAULT_KB)]

    assert read("상대의 남은 시간에 2분을 추가한다", "ko") == [(2, "minute")]
    assert read("수당 5초의 추가 시간", "ko") == [(5, "second")]
    assert read("분을 추가한다", "ko") == []  # no number before it
    assert read("after 2 ha", "en") == []


def test_a_cardinal_word_after_the_ordinal_prefix_counts_an_ordinal() -> None:
    # Vietnamese "lần thứ hai" (the second time): ICU's "thứ ba" (third) is "thứ" and "ba" (three), so
    # "thứ" before the cardinal "hai" (two) makes it the second, where a count ("lần": times) stands
    times = {"units": {"time": ["lần"]}}
    read = [(q.value, q.unit) for q in quantities("lần thứ hai của cùng đấu thủ", "vi", DEFAULT_KB, times)]
    assert read == [(2, "ordinal")]
    assert [(q.value, q.unit) for q in quantities("hai phút", "vi", DEFAULT_KB, times)] == [(2, "minute")]


def test_a_unit_word_whose_accent_moves_with_its_ending_is_that_unit() -> None:
    """Greek "δευτερόλεπτο", "δευτερόλεπτα" (CLDR) and "30 δευτερολέπτων" (of 30 seconds): the stress
    moves; the letters without their accents are the unit's. Devanagari vowel signs are no accent."""
    from extract.text.quantities import folded

    [bonus] = quantities("προσαύξηση 30 δευτερολέπτων ή περισσότερο", "el", DEFAULT_KB)
    assert (bonus.value, bonus.unit) == (30, "second")
    assert folded("λεπτών") == "λεπτων"
    assert folded("सेकंड") == "सेकंड" and folded("วินาที") == "วินาที"


def test_a_case_ending_a_hyphen_glues_to_digits_belongs_to_the_number() -> None:
    """Mongolian "10-аас цөөн нүүдэл" (fewer than 10 moves): "-аас" (than) is the number's case
    ending, and the unit is the word after it; a longer word glued so ("60-szorosa") or a unit word
    ("2-minutters") is not an ending."""
    from extract.text.quantities import case_ending

    learned = {"units": {"move": ["нүүдэл"]}}
    table = compiled("mn", DEFAULT_KB, learned)
    doc = tokens("10-аас цөөн нүүдэл")
    assert doc[case_ending(doc, 0, table)].text == "аас"
    [moves] = quantities("10-аас цөөн нүүдэл", "mn", DEFAULT_KB, learned)
    assert (moves.value, moves.unit) == (10, "move")
    for glued in ("60-szorosa", "2-minutter", "10 - аас"):
        assert case_ending(tokens(glued), 0, compiled("da", DEFAULT_KB)) == 0
