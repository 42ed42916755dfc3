"""Real Chinese, Japanese and Thai, written by hand for these tests (no kb/languages file for any of
them): a few provisions of the Laws as a translation would word them. The libraries read their
numbers and units (CLDR through Babel, ICU's spell-out and word breaks); the words no library has
(comparators, moves, games) are given as kb/learned_lexicon.py learns them from the aligned editions,
in the shape it returns them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from extract.kb.learned_lexicon import _numbers
from extract.text.cldr import library_note, library_words
from extract.text.quantities import compiled, quantities, tokens

pytestmark = pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")

# the rapid definition, the illegal-move penalty, the second illegal move, the threefold claim, the
# setup claims, the supervised games
CHINESE = {
    "rapid": "快棋是指每位棋手的用时多于10分钟但少于60分钟的比赛。",
    "rapid_words": "每位棋手的用时多于十分钟但少于六十分钟。",
    "penalty": "裁判员应给对手加两分钟。",
    "second": "同一棋手第二次走出不合法着法，裁判员应判其负。",
    "third": "当同一局面第三次出现时，轮到走棋的棋手可以提和。",
    "setup": "在走完十步之前可以提出申诉。",
    "fullwidth": "每方用时１０分钟。",
}
JAPANESE = {
    "rapid": "早指しとは、各競技者の持ち時間が10分を超え60分未満の対局をいう。",
    "penalty": "アービターは相手の持ち時間に2分を加える。",
    "penalty_words": "アービターは相手の持ち時間に二分を加える。",
    "second": "同じ競技者の第二の反則手は負けとなる。",
    "setup": "最初の10手を指し終えるまでに申し立てなければならない。",
}
THAI = {
    "rapid": "หมากรุกเร็วคือเกมที่ผู้เล่นแต่ละคนมีเวลามากกว่า 10 นาทีแต่น้อยกว่า 60 นาที",
    "rapid_words": "ผู้เล่นมีเวลามากกว่าสิบนาทีแต่น้อยกว่าหกสิบนาที",
    "penalty": "ผู้ตัดสินจะเพิ่มเวลาให้คู่แข่งสองนาที",
    "second": "ผู้เล่นที่เดินผิดกติกาครั้งที่สองจะแพ้เกม",
    "third": "เมื่อตำแหน่งเดียวกันเกิดขึ้นเป็นครั้งที่สาม",  # the ordinal ends the text
    "setup": "ก่อนเดินครบสิบตา",
}
# what the aligned editions teach (kb/learned_lexicon.py's tables): words no library has
LEARNED = {
    "zh": {"comparators": {"more": ["多于"], "less": ["少于"]}, "units": {"move": ["步"]}},
    "ja": {"postfix": {"more": ["を超え"], "less": ["未満"]}, "units": {"move": ["手"]}},
    "th": {"comparators": {"more": ["มากกว่า"], "less": ["น้อยกว่า"]}, "units": {"move": ["ตา"]}},
}


@pytest.fixture(scope="module")
def bare_kb(tmp_path_factory) -> Path:
    """A kb/ without language files: only the libraries (and the learned tables given) speak."""
    kb = tmp_path_factory.mktemp("spaceless") / "kb"
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    for path in (kb / "languages").glob("*.yaml"):
        path.unlink()
    return kb


def read(text: str, language: str, kb: Path, learned: bool = False) -> list[tuple[float, str, str | None]]:
    table = LEARNED[language] if learned else None
    return [(q.value, q.unit, q.comparator) for q in quantities(text, language, kb, table)]


@pytest.mark.parametrize("language", ["zh", "ja", "th"])
def test_cldr_names_the_minute_and_icu_spells_ten_and_sixty(language):
    library = library_words(language)
    minutes = [*library["units"].get("minute", []), *library["short_units"].get("minute", [])]
    assert {"zh": "分钟", "ja": "分", "th": "นาที"}[language] in minutes
    ten, sixty = {"zh": ("十", "六十"), "ja": ("十", "六十"), "th": ("สิบ", "หกสิบ")}[language]
    assert (library["numbers"][ten], library["numbers"][sixty]) == (10, 60)


@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("zh", CHINESE["rapid"], [(10, "minute", None), (60, "minute", None)]),
        ("zh", CHINESE["rapid_words"], [(10, "minute", None), (60, "minute", None)]),  # 六十: not 6, 10
        ("zh", CHINESE["penalty"], [(2, "minute", None)]),  # 两, not ICU's 二
        ("zh", CHINESE["second"], [(2, "ordinal", None)]),
        ("zh", CHINESE["third"], [(3, "ordinal", None)]),
        ("zh", CHINESE["setup"], []),  # no library knows a move
        ("zh", CHINESE["fullwidth"], [(10, "minute", None)]),
        ("ja", JAPANESE["rapid"], [(10, "minute", None), (60, "minute", None)]),
        ("ja", JAPANESE["penalty"], [(2, "minute", None)]),
        ("ja", JAPANESE["penalty_words"], [(2, "minute", None)]),
        ("ja", JAPANESE["second"], [(2, "ordinal", None)]),
        ("th", THAI["rapid"], [(10, "minute", None), (60, "minute", None)]),
        ("th", THAI["rapid_words"], [(10, "minute", None), (60, "minute", None)]),
        ("th", THAI["penalty"], [(2, "minute", None)]),
        ("th", THAI["second"], [(2, "ordinal", None)]),
        ("th", THAI["third"], [(3, "ordinal", None)]),
    ],
)
def test_the_libraries_read_real_text_without_spaces(bare_kb, language, text, found):
    assert read(text, language, bare_kb) == found


@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("zh", CHINESE["rapid"], [(10, "minute", "more"), (60, "minute", "less")]),
        ("zh", CHINESE["rapid_words"], [(10, "minute", "more"), (60, "minute", "less")]),
        ("zh", CHINESE["setup"], [(10, "move", None)]),
        ("ja", JAPANESE["rapid"], [(10, "minute", "more"), (60, "minute", "less")]),  # after the number
        ("ja", JAPANESE["setup"], [(10, "move", None)]),
        ("th", THAI["rapid"], [(10, "minute", "more"), (60, "minute", "less")]),
        ("th", THAI["rapid_words"], [(10, "minute", "more"), (60, "minute", "less")]),
        ("th", THAI["setup"], [(10, "move", None)]),
    ],
)
def test_learned_words_of_several_characters_are_read_as_written(bare_kb, language, text, found):
    assert read(text, language, bare_kb, learned=True) == found


def test_a_number_of_several_characters_is_one_number_where_words_are_learned():
    """The anchors of the learned lexicon: "六十" is sixty where the references state 60, not a six
    and a ten (a ten would teach its words as if the text stated 10 there)."""
    doc = tokens(CHINESE["rapid_words"])
    values = [value for _, _, value in _numbers(doc, compiled("zh"))]
    assert values == [10.0, 60.0]
