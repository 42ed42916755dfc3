"""Comparators and multipliers learned without a language file (issue 24): made-up words beside Danish
references (kb/languages/da.yaml reads them), learned from the aligned places and read back."""

from __future__ import annotations

from typing import Any

import pytest

from extract.io.languages import DEFAULT_KB
from extract.kb.learned_lexicon import Learned, learn
from extract.text.quantities import quantities

# rule -> (Danish reference, the made-up language's text); "ath" (than) also stands in "moro ath"
# (more than) and "andra ath" (other than), so it says "less" only after "mindro".
PAIRS = {
    "r1": ("Et parti på mindre end 15 minutter.", "Ot partu pa mindro ath 15 minuk."),
    "r2": ("Han har mindre end 2 minutter tilbage.", "Hon hor mindro ath 2 minuk tilbaka."),
    "r3": ("Hvis han har mindre end 5 minutter.", "Jafs hon hor mindro ath 5 minuk."),
    "r4": ("En anden notation end den algebraiske.", "On andra notata ath dan algebra."),
    "r5": ("Den der kommer mere end en time for sent.", "Dan som kommar moro ath on tima fur sant."),
    "r6": ("Spilleren eller dommeren stopper uret.", "Spolaren ollar dommaren stoppar urot."),
}


def taught(pairs: dict[str, tuple[str, str]], language: str = "xx") -> Learned:
    """What the Danish references teach of `language`, one rule per pair of provisions."""
    other = f"{language}-2023"
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {"da-2017": [], other: []}
    assigned: dict[tuple[str, str], tuple[str, ...]] = {}
    for n, (rule, (danish, made)) in enumerate(pairs.items()):
        for edition, text in (("da-2017", danish), (other, made)):
            provisions[edition].append((f"k{n}", {"label": f"{n}.1", "text": text}))
            assigned[(edition, f"k{n}")] = (rule,)
    return learn(language, provisions, {"da-2017": "da", other: language}, assigned, DEFAULT_KB)


def learned(pairs: dict[str, tuple[str, str]]) -> dict[str, Any]:
    found = taught(pairs)
    for table in ("comparators", "postfix"):
        slot = "before" if table == "comparators" else "after"
        for meaning, words in found.tables.get(table, {}).items():
            assert all(found.evidence[(f"{slot}:{meaning}", w)] for w in words)  # each with its places
    return found.tables


def read(text: str, tables: dict[str, Any]) -> list[tuple[float, str, str | None]]:
    return [(q.value, q.unit, q.comparator) for q in quantities(text, "xx", DEFAULT_KB, tables)]


def test_a_comparator_keeps_the_word_that_makes_it_one():
    tables = learned(PAIRS)
    assert tables["comparators"] == {"less": ["mindro ath"]}  # never "ath" alone
    assert read("moro ath 10 minuk", tables) == [(10, "minute", None)]  # "more than": not learned
    assert read("mindro ath 60 minuk", tables) == [(60, "minute", "less")]


RANGES = {
    "comparators": {"more": ["moro ath"], "less": ["ath"]},
    "postfix": {"at_most": ["ollar mindro"]},
    "units": {"minute": ["minuk"], "second": ["sekund"]},
}


def test_a_range_is_read_only_with_both_ends_learned():
    both = "moro ath 10 minuk, mon ath 60 minuk"
    assert read(both, RANGES) == [(10, "minute", "more"), (60, "minute", "less")]
    one_end = {**RANGES, "comparators": {"less": ["ath"]}}
    assert read(both, one_end) == [(10, "minute", None), (60, "minute", None)]  # absent, not guessed
    alike = "ath 10 minuk, mon ath 60 minuk"  # two upper bounds: "ath" was learned wrongly
    assert read(alike, RANGES) == [(10, "minute", None), (60, "minute", None)]
    apart = "ath 10 minuk. Mon ath 60 minuk"  # two sentences: two quantities, no range
    assert read(apart, RANGES) == [(10, "minute", "less"), (60, "minute", "less")]
    units = "ath 10 minuk, mon ath 60 sekund"  # minutes and seconds: no range
    assert read(units, RANGES) == [(10, "minute", "less"), (60, "second", "less")]


def test_a_comparator_after_the_quantity_past_a_comma_or_a_bracket():
    assert read("10 minuk, ollar mindro", RANGES) == [(10, "minute", "at_most")]
    assert read("10 minuk (ollar mindro) pa", RANGES) == [(10, "minute", "at_most")]
    assert quantities("10 minuk (ollar mindro) pa", "xx", DEFAULT_KB, RANGES)[0].tokens[-1] == ")"


def test_a_comparator_after_the_quantity_is_learned_with_its_side():
    pairs = {
        **PAIRS,
        "r7": ("Et lynparti på 10 minutter eller mindre.", "Ot lynparta pa 10 minuk ollar mindro."),
        "r8": ("Hvis tiden er 5 minutter eller mindre.", "Jafs tidan ar 5 minuk ollar mindro."),
    }
    tables = learned(pairs)
    assert tables["postfix"] == {"at_most": ["ollar mindro"]}  # "ollar" (or) alone stands anywhere
    assert tables["comparators"] == {"less": ["mindro ath"]}
    assert read("pa 15 minuk ollar mindro", tables) == [(15, "minute", "at_most")]


MULTIPLIER = {"multiply": ["kat"], "increment_words": ["ekstro"], "units": {"minute": ["minuk"]}}


def test_a_multiplier_after_the_number_with_the_increment_before_it_or_glued():
    assert read("tad plas ekstro tadon 60 kat", MULTIPLIER) == [(60, "factor", None)]
    assert read("tad plas 60kat", MULTIPLIER) == [(60, "factor", None)]  # glued, as "60倍"
    assert read("tad plas 60 kat", MULTIPLIER) == []  # no increment: an occurrence count, unread


def test_a_multiplier_and_the_increment_before_it_are_learned_where_the_references_state_the_factor():
    pairs = {
        "r1": (
            "Den tildelte tid + 60 gange hver tillægstid er 10 minutter eller mindre.",
            "Dan tildo tad plas ekstro tadon 60 kat ar 10 minuk ollar mindro.",
        ),
        "r2": (
            "Den tildelte tid + 60 gange hver tillægstid er mere end 10 minutter.",
            "Dan tildo tad plas ekstro tadon 60 kat ar moro ath 10 minuk.",
        ),
    }
    tables = learned({**PAIRS, **pairs})
    assert tables["multiply"] == ["kat"] and "ekstro" in tables["increment_words"]
    assert read("ekstro tadon 60 kat", tables) == [(60, "factor", None)]


def test_a_word_for_n_fold_is_learned_where_the_factor_stands_elsewhere():
    """The references state 60 times the increment in two provisions; the text writes one with digits
    ("ekstro 60 kat") and the other with one word no library reads ("ekstro sextokat"): that word
    stands where the factor stands, right after the increment word, so it says sixty-fold."""
    factor = {
        "r7": (
            "Den tildelte tid + 60 gange hver tillægstid er mere end 10 minutter.",
            "Dan tildo tad plas ekstro 60 kat ar moro ath 10 minuk.",
        ),
        "r8": (
            "Den tildelte tid + 60 gange hver tillægstid er 10 minutter eller mindre.",
            "Dan tildo tad plas ekstro sextokat ar 10 minuk ollar mindro.",
        ),
    }
    tables = learned({**PAIRS, **factor})
    assert tables["multiplied"] == {"sextokat": 60}
    assert read("plas ekstro sextokat ar 10 minuk", tables)[0] == (60, "factor", None)
    moved = {**factor, "r8": (factor["r8"][0], "Dan tildo tad plas ekstro ar sextokat 10 minuk.")}
    assert "multiplied" not in learned({**PAIRS, **moved})  # not where the factor stands: not learned


def test_a_range_ends_with_its_clause():
    tables = {**RANGES, "comparators": {"between": ["minst"]}}
    assert read("minst 15 minuk mon 60 minuk", tables) == [
        (15, "minute", "between_lower"),
        (60, "minute", "between_upper"),
    ]
    assert read("minst 15 minuk. Mon 60 minuk", tables) == [
        (15, "minute", "between_lower"),
        (60, "minute", None),  # another sentence: no upper bound of that range
    ]


def test_one_more_is_learned_where_the_thing_counted_has_a_short_name():
    """ "the first illegal move ... another illegal move" where the text names the move with a word of
    three letters ("dra"): the two words before its second mention say "one more"."""
    from extract.kb.learned_lexicon import _another
    from extract.text.quantities import Quantity, compiled, tokens

    base = compiled("xx", DEFAULT_KB, {"ordinals": {"forsta": 1}})
    second = [(Quantity(2.0, "ordinal", None, 0, 1, ("anden",)), "da-2017")]
    doc = tokens("for en spelares forsta olaga dra; ifall samma spelar gor anno ett olaga dra, tapar han")
    first, last, value, editions = _another(doc, base, second) or (0, 0, 0.0, ())
    assert [t.text for t in doc[first : last + 1]] == ["anno", "ett"] and value == 2
    assert _another(tokens("hans forsta olaga dra; ifall han gor det"), base, second) is None


def test_a_number_stated_twice_takes_the_comparator_of_the_references_number_at_its_place():
    """'mindst 20 x 20 cm': the references state 20 twice, at least the first time; the text's first
    20 is the one with "at least", so the word before it is learned though the second 20 has none."""
    board = {"r7": ("Brættet skal måle mindst 20 x 20 cm.", "Brottet skol mala mandost 20 cm x 20 cm.")}
    assert learned({**PAIRS, **board})["comparators"]["at_least"] == ["mandost"]
    reversed_order = {"r7": ("Brættet skal måle 20 x mindst 20 cm.", board["r7"][1])}
    assert "mandost" not in str(learned({**PAIRS, **reversed_order}))  # there the second is "at least"


def test_a_comparator_learned_from_digits_places_a_number_word_after_it():
    """The numbers anchored teach "at least" (from digits); then the one rare word right after it where
    the references state "at least the third time" says three (learned_lexicon: anchored again)."""
    board = {
        "r7": ("Brættet skal måle mindst 20 x 20 cm.", "Brottet skol mala mandost 20 cm x 20 cm."),
        "r8": ("Brikkerne skal være mindst 5 cm høje.", "Brokkarne skol vara mandost 5 cm hoja."),
        "r9": ("Stillingen er gentaget mindst tredje gang.", "Stollingen ar mandost tredo gong."),
    }
    tables = learned({**PAIRS, **board})
    assert tables.get("ordinals") == {"tredo": 3}
    assert read("Stollingen ar mandost tredo gong.", tables)[0][:1] == (3,)
    silent = {**board, "r9": ("Stillingen er gentaget.", board["r9"][1])}
    assert "tredo" not in str(learned({**PAIRS, **silent}))  # the references state no number there


REST = (  # a long provision: the references' "mindst tredje" and the text's "drito" stand close
    ", og partiet fortsætter derefter efter de regler, som gælder for alle andre partier i turneringen.",
    ", ok partu fortsattar daraftor aftor da rogler, sam galder fur allo andro partur o turnoringon.",
)


def test_a_comparator_learned_before_an_anchored_number_word_places_another_after_it():
    """ "drito" (third) is anchored in two places; standing after "mandost" where the references say "at
    least the third", it teaches "at least"; after that comparator, the one rare word where they say
    "at least the sixth time" says six: the numbers are anchored again with the comparators learned."""
    ordinals = {
        "r7": ("Det tredje ulovlige træk taber partiet.", "Dat drito ulivlige zuga tabor partu."),
        "r8": ("Ved det tredje krav afgør dommeren.", "Vod dat drito kruv afgor dommaren."),
        "r9": (
            f"Ved mindst tredje krav afgør dommeren{REST[0]}",
            f"Vod mandost drito kruv afgor dommaren{REST[1]}",
        ),
        "r10": ("Stillingen er gentaget mindst sjette gang.", "Stollingen ar mandost sexto gong."),
    }
    tables = learned({**PAIRS, **ordinals})
    assert tables.get("ordinals") == {"drito": 3, "sexto": 6}
    assert tables["comparators"]["at_least"] == ["mandost"]


def test_times_words_built_on_a_short_number_word():
    """Slovene "petkrat" (five times) is "pet" (five, three letters: ICU) and an ending: where the
    Danish references state "fem gange", it is learned as a count of times and read back with its
    comparator; "pet" alone in "pet minut" stays a cardinal."""
    pytest.importorskip("icu")
    pairs = {
        "r1": ("Stillingen er opstået mindst fem gange.", "Položaj se je pojavil vsaj petkrat."),
        "r2": (
            "Det må højst forlanges fem gange i et parti.",
            "To se sme zahtevati največ petkrat v partiji.",
        ),
        "r3": ("Spilleren har mindre end 5 minutter.", "Igralec ima manj kot pet minut."),
    }
    found = taught(pairs, "sl")
    assert found.tables.get("times") == {"petkrat": 5}
    read = [(q.value, q.unit) for q in quantities("vsaj petkrat, pet minut", "sl", DEFAULT_KB, found.tables)]
    assert read == [(5, "time"), (5, "minute")]


def test_a_frequent_word_that_begins_with_a_number_word_is_no_times_word():
    """Norwegian "trekket" (the move) begins with "tre" (three) and stands where the references state
    "the third time": frequent in the texts, with an ending no other number word takes, it is no
    count of times (it was learned as 3 before the guard)."""
    pytest.importorskip("icu")
    pairs = {
        "r1": (
            "Partiet er remis, når samme stilling for mindst tredje gang opstår.",
            "Partiet er remis om spilleren i trekket krever det, når samme stilling "
            "for minst tredje gang oppstår.",
        ),
        "r2": ("Spilleren skal udføre trækket.", "Spilleren skal utføre trekket."),
        "r3": ("Spilleren må ikke ændre trækket.", "Spilleren kan ikke endre trekket."),
        "r4": ("Dommeren noterer trækket.", "Dommeren noterer trekket."),
        "r5": ("Modstanderen svarer på trækket.", "Motstanderen svarer på trekket."),
    }
    tables = taught(pairs, "nn").tables
    assert not any("trekket" in str(words) for words in tables.values())


def test_an_ordinal_written_with_digits_and_a_glued_mark_is_learned_from_two_places():
    """Japanese writes the second time "2回目": the digits, the counter "回" (times) and "目". Where
    the Danish references state the second and the third (ordinals the text lacks), "回目" after the
    digits is learned as an ordinal mark, for any value; "5回" (five times) stays a count, and "回"
    alone, which follows digits where no ordinal is stated, is no mark."""
    pytest.importorskip("icu")
    pairs = {
        "r1": (
            "For det andet fuldførte ulovlige træk erklærer dommeren partiet tabt.",
            "2回目の反則手が完了した場合、アービターは負けを宣告する。",
        ),
        "r2": (
            "Partiet er remis, når samme stilling for mindst tredje gang opstår.",
            "同一局面が少なくとも3回目に現れる。",
        ),
        "r3": ("Stillingen er opstået mindst fem gange.", "同一局面が少なくとも5回現れた。"),
        "r4": ("Det må højst forlanges fem gange i et parti.", "この要求は1ゲームにつき最大5回までとする。"),
    }
    found = taught(pairs, "ja")
    assert found.tables.get("ordinal_marks") == ["回目"]
    assert found.evidence[("ordinal_marks", "回目")]
    read = [(q.value, q.unit) for q in quantities("4回目の反則、5回まで", "ja", DEFAULT_KB, found.tables)]
    assert read[0] == (4, "ordinal") and (5, "ordinal") not in read


def test_a_word_serves_one_quantity():
    # "ollar mindro" (or less) after the 10 minutes is theirs: its "mindro" does not also say "less"
    # before the 60 seconds that follow
    tables = {
        "units": {"minute": ["minuk"], "second": ["sekund"]},
        "postfix": {"at_most": ["ollar mindro"]},
        "comparators": {"less": ["mindro"]},
    }
    assert read("pa 10 minuk ollar mindro 60 sekund", tables) == [
        (10, "minute", "at_most"),
        (60, "second", None),
    ]
    assert read("pa mindro 60 sekund", tables) == [(60, "second", "less")]


def test_comparators_after_their_quantities_are_learned_and_no_range_between_them():
    """Korean puts its comparators after the quantity ("10분 초과 60분 미만": more than 10, less than
    60 minutes): "초과" stands between the two quantities, after the first one's unit, so the two
    numbers are no range ("mellem 15 og 60") and nothing before them says "between"; "초과" says more
    and "미만" less, after their quantities, not "선수에게" (to each player), which stands before
    numbers of every kind."""
    pairs = {
        "r1": (
            "Et parti, hvor hver spiller har mere end 10 minutter, men mindre end 60 minutter.",
            "각 선수에게 10분 초과 60분 미만 주어지는 게임.",
        ),
        "r2": ("Hvis hver spiller har mere end 20 minutter.", "각 선수에게 20분 초과 있으면."),
        "r3": ("Han har mindre end 5 minutter tilbage.", "그에게 5분 미만 남았다."),
        "r4": ("Hvis han har mindre end 2 minutter.", "그에게 2분 미만 남았으면."),
        "r5": ("Hver spiller har højst 10 minutter.", "각 선수에게 10분 이하 있다."),
    }
    tables = taught(pairs, "ko").tables
    assert "between" not in tables.get("comparators", {})
    assert tables["postfix"].get("more") == ["초과"] and tables["postfix"].get("less") == ["미만"]
    read = [(q.value, q.comparator) for q in quantities("10분 초과 60분 미만", "ko", DEFAULT_KB, tables)]
    assert read == [(10, "more"), (60, "less")]


def test_a_comparator_with_its_endings_is_learned_as_the_word_less_them():
    """Korean glues endings to the comparator after a quantity: "미만이면" (less than, if), "미만이고"
    (and), "미만의" (of). No form stands at enough places alone; the word less its ending, "미만…",
    stands at all of them and is learned, and read back whatever ending follows it. A word that stands
    whole everywhere is learned whole."""
    pairs = {
        "r1": ("Han har mindre end 5 minutter tilbage.", "그에게 5분 미만이면 청구한다."),
        "r2": ("Hvis han har mindre end 2 minutter.", "그에게 2분 미만이고 남았다."),
        "r3": ("Et parti på mindre end 60 minutter.", "60분 미만의 게임."),
        "r4": ("Et parti på mere end 10 minutter.", "10분 초과 게임."),
        "r5": ("Hvis han har mere end 30 minutter.", "그에게 30분 초과 남았다."),
    }
    tables = taught(pairs, "ko").tables
    assert tables["postfix"] == {"less": ["미만…"], "more": ["초과"]}
    read = [
        (q.value, q.comparator) for q in quantities("3분 미만인 경우, 4분 초과", "ko", DEFAULT_KB, tables)
    ]
    assert read == [(3, "less"), (4, "more")]
