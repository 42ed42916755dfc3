"""Real Chinese, Japanese and Thai, written by hand for these tests (no kb/languages file for any of
them): a few provisions of the Laws as a translation would word them. The libraries read their
numbers and units (CLDR through Babel, ICU's spell-out and word breaks); the words no library has
(comparators, moves, games) are given as kb/learned_lexicon.py learns them from the aligned editions,
in the shape it returns them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_project, drop_in, load

from extract.cli import main
from extract.io.languages import DEFAULT_KB
from extract.io.rules import Rule
from extract.kb.learned_lexicon import _numbers, learn
from extract.kb.parameters import rule_provisions
from extract.text.analyse import references
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


# rule -> (Danish reference, the same provision in the language); kb/languages/da.yaml reads the Danish
ALIGNED = {
    "zh": {
        "rapid": (
            "Et parti på mere end 10 minutter, men mindre end 60 minutter.",
            "用时多于10分钟但少于60分钟的比赛。",
        ),
        "short": ("Hvis han har mindre end 5 minutter tilbage.", "如果他剩余的时间少于5分钟。"),
        "setup": ("Efter 10 træk kan han ikke kræve.", "在走完10步之后不能提出申诉。"),
        "penalty": ("Dommeren giver modstanderen 2 minutter ekstra.", "裁判员应给对手加2分钟。"),
        "lost": ("Spilleren har tabt partiet.", "该棋手输掉这盘棋。"),
        "fifty": ("De sidste 50 træk uden slag.", "最后50步没有吃子。"),
        "late": ("Mere end 15 minutter.", "多于15分钟。"),
    },
    "ja": {
        "rapid": (
            "Et parti på mere end 10 minutter, men mindre end 60 minutter.",
            "持ち時間が10分を超え60分未満の対局。",
        ),
        "short": ("Hvis han har mindre end 5 minutter tilbage.", "残り時間が5分未満の場合。"),
        "setup": ("Efter 10 træk kan han ikke kræve.", "10手を指した後は申し立てられない。"),
        "penalty": ("Dommeren giver modstanderen 2 minutter ekstra.", "アービターは相手に2分を加える。"),
        "lost": ("Spilleren har tabt partiet.", "その競技者は負けとなる。"),
        "fifty": ("De sidste 50 træk uden slag.", "最後の50手で駒を取らない。"),
        "late": ("Mere end 15 minutter.", "15分を超える。"),
    },
    "th": {
        "rapid": (
            "Et parti på mere end 10 minutter, men mindre end 60 minutter.",
            "มีเวลามากกว่า 10 นาทีแต่น้อยกว่า 60 นาที",
        ),
        "short": ("Hvis han har mindre end 5 minutter tilbage.", "ถ้าเขามีเวลาเหลือน้อยกว่า 5 นาที"),
        "setup": ("Efter 10 træk kan han ikke kræve.", "หลังจากเดิน 10 ตาแล้วจะเรียกร้องไม่ได้"),
        "penalty": ("Dommeren giver modstanderen 2 minutter ekstra.", "ผู้ตัดสินเพิ่มเวลาให้คู่แข่ง 2 นาที"),
        "lost": ("Spilleren har tabt partiet.", "ผู้เล่นแพ้เกม"),
        "fifty": ("De sidste 50 træk uden slag.", "50 ตาสุดท้ายไม่มีการกิน"),
        "late": ("Mere end 15 minutter.", "มากกว่า 15 นาที"),
    },
}
STATED = {  # rule -> what each translation states (the Danish reference's quantities)
    "rapid": [(10, "minute", "more"), (60, "minute", "less")],
    "short": [(5, "minute", "less")],
    "setup": [(10, "move", None)],
    "penalty": [(2, "minute", None)],
    "lost": [],
    "fifty": [(50, "move", None)],
    "late": [(15, "minute", "more")],
}


@pytest.mark.parametrize("language", ["zh", "ja", "th"])
def test_words_learned_from_aligned_provisions_read_the_text_and_never_wrongly(language):
    """Learned beside Danish references: the moves' word (a character, a Thai word), the comparators
    as the text writes them (several characters); CLDR's minute ("分钟") is never cut to a learned
    "分". Every quantity read is what the provision states; a comparator not learned stays absent."""
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {"da-2017": [], "xx-2023": []}
    assigned: dict[tuple[str, str], tuple[str, ...]] = {}
    for n, (rule, (danish, text)) in enumerate(ALIGNED[language].items()):
        for edition, said in (("da-2017", danish), ("xx-2023", text)):
            provisions[edition].append((f"k{n}", {"label": f"{n}.1", "text": said}))
            assigned[(edition, f"k{n}")] = (rule,)
    found = learn(language, provisions, {"da-2017": "da", "xx-2023": language}, assigned, DEFAULT_KB)
    assert found.tables["units"] == {"move": [{"zh": "步", "ja": "手", "th": "ตา"}[language]]}
    for rule, (_, text) in ALIGNED[language].items():
        got = [(q.value, q.unit, q.comparator) for q in quantities(text, language, DEFAULT_KB, found.tables)]
        assert [(v, u) for v, u, _ in got] == [(v, u) for v, u, _ in STATED[rule]], text
        assert all(c in (None, want) for (_, _, c), (_, _, want) in zip(got, STATED[rule], strict=True))
    if language != "th":  # ICU writes Thai "more than" as one word or two, by what stands before it
        rapid = ALIGNED[language]["rapid"][1]
        assert read(rapid, language, DEFAULT_KB, learned=False) != STATED["rapid"]  # the libraries alone
        assert [
            (q.value, q.unit, q.comparator) for q in quantities(rapid, language, DEFAULT_KB, found.tables)
        ] == STATED["rapid"]


@pytest.mark.parametrize("comma", [",", "，", "、", ":", "：", "،", "՝", "፣"])
def test_a_lead_in_ending_in_a_comma_of_any_width_goes_with_its_leaves(comma):
    """ "once 10 moves have been completed by each player," above the list of what is then closed: a
    Chinese or Japanese text ends it with a full-width comma or colon, an Arabic, Armenian or
    Ethiopic one with its own comma."""
    provisions = {
        "zh-2023": [
            ("a", {"label": "A.5.1", "parent": None, "text": f"在每位棋手走完10步之后{comma}"}),
            ("b", {"label": "A.5.1.2", "parent": "A.5.1", "text": "不得再对错误的摆放提出申诉。"}),
        ]
    }
    rule = Rule("r", "A rule", "", "rapid", None, (), {})
    assert rule_provisions([rule], {("zh-2023", "b"): "r"}, provisions) == {"r": {"zh-2023": {"a", "b"}}}
    provisions["zh-2023"][0][1]["text"] = "在每位棋手走完10步之后;"  # a semicolon leads in nothing
    assert rule_provisions([rule], {("zh-2023", "b"): "r"}, provisions) == {"r": {"zh-2023": {"b"}}}


def test_a_cross_reference_touching_letters_of_a_script_without_spaces_is_read():
    """Chinese, Japanese and Thai print references beside their words ("第7.5.1条", "７.５.３及び"),
    as the numbers; a reference inside a word of a spaced script is still none."""
    assert references("依照第7.5.1条、第7.5.2条或第7.5.4条") == ["7.5.1", "7.5.2", "7.5.4"]
    assert references("第７.５.１条、７.５.２、７.５.３又は７.５.４の場合") == [
        "7.5.1",
        "7.5.2",
        "7.5.3",
        "7.5.4",
    ]
    assert references("ตามข้อ 7.5.1, 7.5.2, 7.5.3หรือ7.5.4") == ["7.5.1", "7.5.2", "7.5.3", "7.5.4"]
    assert references("abc7.5.1 and 10.0-0-0") == []


FIXTURES = Path(__file__).parent / "fixtures" / "spaceless"
LAWS_2017 = {  # what the hand-written provisions state (the 2017 Laws, in force from 2018)
    "illegal_move.time_bonus": 2,
    "illegal_move.loss_on": 2,
    "rapid.lower_minutes": 10,
    "rapid.lower_inclusive": False,
    "rapid.upper_minutes": 60,
    "rapid.upper_inclusive": False,
    "rapid.max_supervised_games": 3,
    "rapid.moves_before_setup_claims_closed": 10,
    "repetition.claim_occurrences": 3,
    "increment.factor": 60,
}


@pytest.fixture(scope="module")
def tiny_build(tmp_path_factory) -> dict[str, dict[str, object]]:
    """A corpus of da-2017 and hu-2018 with a few provisions of the 2017 Laws written by hand in real
    Chinese, Japanese and Thai dropped in (no language file): edition -> parameter -> value."""
    tmp = tmp_path_factory.mktemp("tiny")
    corpus, kb = copy_project(tmp, ["da-2017", "hu-2018"])
    drop_in(
        corpus, [(FIXTURES / f"{code}-2018.txt", code, "2017", "2018-01-01") for code in ("zh", "ja", "th")]
    )
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    found: dict[str, dict[str, object]] = {}
    for row in load(kb / "generated" / "parameters.yaml"):
        found.setdefault(row["edition"], {})[row["parameter"]] = row["value"]
    return found


@pytest.mark.parametrize("edition", ["zh-2018", "ja-2018", "th-2018"])
def test_a_build_reads_real_text_without_spaces_and_never_a_wrong_value(tiny_build, edition):
    """The illegal-move penalty and its second illegal move, the rapid band, the supervised games and
    the setup claims' ten moves ("十步", "10手", "สิบตา") are read in each; what is read is right."""
    read = tiny_build[edition]
    assert {name: value for name, value in read.items() if value != LAWS_2017.get(name)} == {}
    core = set(LAWS_2017) - {"repetition.claim_occurrences", "increment.factor"}
    assert core <= set(read), sorted(core - set(read))


def test_an_item_that_stops_at_a_letter_leads_in_its_items():
    """Thai writes no commas: "once each player has completed 10 moves" stops at its last word above
    the list of what is then closed, and goes with its leaves; an article heading that stops so does
    not, nor a paragraph of sentences, nor an item ending in a full stop."""
    provisions = {
        "th-2023": [
            (
                "a",
                {
                    "label": "A.5.1",
                    "parent": None,
                    "kind": "appendix item",
                    "text": "เมื่อผู้เล่นแต่ละฝ่ายเดินครบ 10 ตาแล้ว",
                },
            ),
            (
                "b",
                {
                    "label": "A.5.1.2",
                    "parent": "A.5.1",
                    "kind": "item",
                    "text": "ไม่สามารถร้องขอเกี่ยวกับการตั้งหมากผิด",
                },
            ),
        ]
    }
    rule = Rule("r", "A rule", "", "rapid", None, (), {})
    assert rule_provisions([rule], {("th-2023", "b"): "r"}, provisions) == {"r": {"th-2023": {"a", "b"}}}
    provisions["th-2023"][0][1]["kind"] = "article"
    assert rule_provisions([rule], {("th-2023", "b"): "r"}, provisions) == {"r": {"th-2023": {"b"}}}
    provisions["th-2023"][0][1].update(kind="item", text="棋手走完10步。然后比赛继续进行")  # sentences
    assert rule_provisions([rule], {("th-2023", "b"): "r"}, provisions) == {"r": {"th-2023": {"b"}}}
    provisions["th-2023"][0][1].update(kind="item", text="Efter 10 træk er det slut.")
    assert rule_provisions([rule], {("th-2023", "b"): "r"}, provisions) == {"r": {"th-2023": {"b"}}}
