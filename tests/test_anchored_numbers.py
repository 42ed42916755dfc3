"""Number words learned where a text has no digits (issue 24): a word that stands, provision after
provision, where the aligned references state a number the text lacks (kb/learned_numbers.py
`anchored_numbers`). Made-up words beside Danish references (kb/languages/da.yaml reads them)."""

from __future__ import annotations

from typing import Any

import pytest

from extract.io.languages import DEFAULT_KB
from extract.kb.learned_lexicon import _vote_instead
from extract.kb.learned_numbers import anchored_numbers
from extract.kb.learned_sources import Sources
from extract.kb.learned_votes import Votes as _Votes
from extract.text.cldr import library_note
from extract.text.quantities import compiled, tokens

UNITS = {"units": {"minute": ["minuk"], "move": ["zugas"], "time": ["kerr"]}}

# rule -> (Danish reference, the new language's text)
PAIRS = {
    "r1": ("Spilleren får fem minutter ekstra.", "Spollaren fyr pento minuk ekstral."),
    "r2": ("Efter fem træk kan han kræve remis.", "Eftor pento zugas kon hon krave remisa."),
    "r3": ("Stillingen er gentaget fem gange.", "Stollingen ar gentoget pento kerr."),
    "r4": ("Spilleren har tabt partiet.", "Plor tabo partu."),
    "r5": ("Det er nul, og det er nul.", "Dat ar nix, ok dat ar nix."),
    "r6": ("Hvis ingen tid er angivet, er den nul.", "Jafs ongen tad ar angovet, ar dan nix."),
    "r7": ("Det tredje ulovlige træk taber partiet.", "Dat drito ulivlige zuga tabor partu."),
    "r8": ("Ved det tredje krav afgør dommeren.", "Vod dat drito kruv afgor dommaren."),
    "r11": ("Den er nul.", "Dan ar nix."),
    "r12": ("Det tredje krav.", "Dat drito kruv."),
    "r9": ("Han tager det første træk.", "Hann nam dat fursto zugas."),
    "r10": ("Han tager det første brik.", "Hann nam dat fursto briko."),
}


def learn(pairs: dict[str, tuple[str, str]]) -> dict[str, dict[str, int]]:
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {"da-2017": [], "xx-2023": []}
    assigned: dict[tuple[str, str], tuple[str, ...]] = {}
    for n, (rule, (danish, made)) in enumerate(pairs.items()):
        for edition, text in (("da-2017", danish), ("xx-2023", made)):
            provisions[edition].append((f"k{n}", {"label": f"{n}.1", "text": text}))
            assigned[(edition, f"k{n}")] = (rule,)
    languages = {"da-2017": "da", "xx-2023": "xx"}
    tables, evidence = anchored_numbers(Sources("xx", provisions, languages, assigned, DEFAULT_KB), UNITS)
    for table, words in tables.items():
        for word in words:
            assert evidence[("word:ordinals" if table == "ordinals" else table, word)]
    return tables


def test_a_number_word_an_ordinal_and_zero_are_learned_where_the_references_state_them():
    tables = learn(PAIRS)
    assert tables.get("numbers") == {"pento": 5}  # before a unit word, where the references say five
    assert tables.get("zero") == {"nix": 0}  # no unit: it stands just where the references' zero does
    assert tables.get("ordinals") == {"drito": 3}
    assert "fursto" not in str(tables)  # "first" is as often "before" as a number: never anchored


def test_one_place_teaches_its_one_rare_unknown_word_where_numbers_stand_and_nothing_else():
    once = {rule: PAIRS[rule] for rule in ("r1", "r4")}
    assert learn(once) == {"numbers": {"pento": 5}}  # the one unknown word before a unit word
    two = {"r1": ("Spilleren får fem minutter og fem træk.", "Spollaren fyr pento minuk ok sixo zugas.")}
    assert learn(two) == {}  # two unknown words before units: which says five, the place cannot tell
    frequent = dict(once) | {f"f{n}": ("Spilleren har tabt.", f"Plor pento tabo {n}.") for n in range(4)}
    assert learn(frequent) == {}  # a word of many provisions where no five is stated: no number word
    digits = dict(once) | {"r2": ("Efter 5 træk.", "Eftor pento zugas, 5 zugas.")}
    assert learn(digits) == {"numbers": {"pento": 5}}  # where it stands beside a 5, five is stated too
    elsewhere = dict(once) | {"r2": ("Efter 6 træk.", "Eftor pento zugas, 6 zugas.")}
    assert learn(elsewhere) == {}  # it stands where the references state no five
    other = {"r1": ("Spilleren får fem minutter eller seks minutter.", "Spollaren fyr pento minuk.")}
    assert learn(other) == {}  # the references state two numbers the place lacks: which one, unknown


def test_one_place_teaches_the_word_after_a_comparator():
    seed = {**UNITS, "comparators": {"at_least": ["mondst"]}}
    pairs = [("Stillingen er gentaget mindst tredje gang.", "Stollingen ar mondst dat drito kirr.")]
    pairs += [("Det er godt.", f"Dat ar gud {n}.") for n in range(4)]  # "dat" (the): a frequent word
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {"da-2017": [], "xx-2023": []}
    for n, pair in enumerate(pairs):
        for edition, text in zip(provisions, pair, strict=True):
            provisions[edition].append((f"k{n}", {"label": f"{n}.1", "text": text}))
    assigned = {(e, f"k{n}"): (f"r{n}",) for e in provisions for n in range(len(pairs))}
    sources = Sources("xx", provisions, {"da-2017": "da", "xx-2023": "xx"}, assigned, DEFAULT_KB)
    tables, evidence = anchored_numbers(sources, seed)
    assert tables == {"ordinals": {"drito": 3}}  # "dat" stands between
    assert "one unknown word" in evidence[("word:ordinals", "drito")][0]


def test_a_number_the_text_glosses_with_digits_is_learned():
    glossing = dict(PAIRS) | {"r13": ("Taberen får 0 point.", "Tabaren fyr nullo (0) punkto.")}
    assert learn(glossing)["zero"] == {"nix": 0, "nullo": 0}
    listed = dict(PAIRS) | {f"l{n}": ("Se listen.", f"Sa lista (1) ok (2) ok (3) ok {n}.") for n in range(4)}
    assert "ok" not in str(learn(listed))  # a word of many provisions before a list's numbers: no gloss


def test_a_glossed_word_is_the_word_before_the_gloss_in_any_script():
    """A vowel sign is part of a word ("नुल्ला (0)", not "ला"); in a script without spaces the word
    is the shortest rare run of pieces before the gloss: a stem and its ending ("槮み (0)", not the
    frequent ending "み" alone, nor the whole line)."""
    signs = dict(PAIRS) | {"r13": ("Taberen får 0 point.", "ताबरन फ़िर नुल्ला (0) पुनकत")}
    assert "नुल्ला" in learn(signs)["zero"]
    frequent = {f"f{n}": ("Det er godt.", f"欭崕み{n}") for n in range(5)}  # "み": an ending of many words
    kanji = dict(PAIRS) | frequent | {"r13": ("Taberen får 0 point.", "筕紂份も、欭崕槮み (0), 筕蔀")}
    assert "槮み" in learn(kanji)["zero"]


def test_no_glossed_word_ends_in_a_known_number_word_or_begins_with_a_frequent_piece():
    from extract.kb.glossed_numbers import _glossed_word

    texts = ["ผู้เล่นขอได้ไม่เกินสอง", "欭崕槮み"]
    thai, kanji = (tokens(text) for text in texts)
    assert _glossed_word(thai, texts, {}, {"สอง"}) is None  # not "เกินสอง": "สอง" is two already
    assert _glossed_word(thai, texts, {}, set()) == "สอง"
    assert _glossed_word(kanji, texts, {"み": 9}, set()) == "槮み"  # a rare stem, a frequent ending
    assert _glossed_word(kanji, texts, {"み": 9, "槮": 9}, set()) is None  # both pieces frequent


def test_no_word_before_no_unit():
    unitless = {  # "vask" stands in both places too: the places they share cannot tell which says 5
        "r1": ("Spilleren får fem minutter ekstra.", "Plor vask pento ekstral."),
        "r2": ("Efter fem træk kan han kræve remis.", "Hoba pento vask remisa."),
    }
    assert "numbers" not in learn(unitless)  # a cardinal counts something: it stands before a unit


def test_an_ordinal_far_from_where_the_references_state_it_is_not_one():
    moved = dict(PAIRS)
    moved["r7"] = ("Det tredje ulovlige træk taber partiet.", "Dat ulivlige zuga tabor partu drito.")
    assert "ordinals" not in learn(moved)


# "nix" a little after where Danish puts "nul" (a mean 0.04 of the text away)
MOVED_ZERO = {key: pair for key, pair in PAIRS.items() if key not in ("r5", "r6", "r11")} | {
    "r5": (
        "Tiden for denne runde er nul, og det gælder for alle runder i hele turneringen.",
        "Tidan fyr donne rundo ar, ok nix dat gaeldor fyr allo rundor i hela turnoringen.",
    ),
    "r6": (
        "Hvis ingen tid er angivet i reglerne for turneringen, er den nul for begge spillere.",
        "Jafs ongen tad ar angovet i reglorne fyr turnoringen, dan fyr vis nix ar bagge spollare.",
    ),
    "r11": (
        "Ventetiden er nul, men ikke i dag og ikke i morgen for nogen af spillerne.",
        "Vontetidan ar ok, nix mon ikko i dug ok ikko i morgon fyr nogon af spollarne.",
    ),
    "r13": ("Brættet er stort.", "Brottet ar stord."),
    "r14": ("Uret er stoppet.", "Urot ar stoppod."),
}


def test_a_zero_a_little_away_from_the_references_is_learned():
    """Another word order puts "zero" a little after where Danish puts "nul" (a mean 0.04 of the text
    away, as Japanese "ゼロ" stands): no other word is as a zero, so it needs to stand only as close
    as any number word; the copula beside it, in provisions where no zero is stated too, is none."""
    assert learn(MOVED_ZERO).get("zero") == {"nix": 0}


def test_a_zero_right_where_the_references_state_it_needs_half_its_places_only():
    """ "nix" of a made-up language whose words share their letters stands inside two other words too
    ("cigarettes" ends as "zero" begins): right where the references state zero in three places, it is
    learned; a little away from them (as a word order moves it) it needs three in four of its places."""
    other = {
        "r15": ("Rygning er forbudt.", "Cigaro nix forbodt."),
        "r16": ("Lyset er slukket.", "Lysot nix slukkod."),
    }
    assert learn(PAIRS | other).get("zero") == {"nix": 0}  # three of five places, each right there
    assert "zero" not in learn(MOVED_ZERO | other)  # a little away, in three of five: not clearly one


def test_instead_is_learned_where_the_new_value_is_a_number_word_not_yet_known():
    base = compiled("xx", DEFAULT_KB, {"units": {"minute": ["perc"], "hour": ["ora"]}})
    votes = _Votes()
    doc = tokens("a büntetés 2 perc helyett egy perc lesz")
    _vote_instead(doc, 2, 3, base, votes, "B.2")  # "2 perc" is the replaced quantity
    assert votes.positive[("after", ("helyett",))]["instead"] == 1
    other = _Votes()
    _vote_instead(tokens("a büntetés 2 perc helyett egy ora lesz"), 2, 3, base, other, "B.2")
    assert not other.positive  # another unit: no second quantity of the same thing follows


def unknown_numbers(
    pairs: dict[str, list[tuple[str, str]]], laws: dict[str, str] | None = None
) -> dict[str, int]:
    """learn_unknown_numbers over rule -> [(reference edition, its text)] beside the new text."""
    from extract.kb.learned_numbers import learn_unknown_numbers
    from extract.kb.learned_sources import Sources

    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {}
    assigned: dict[tuple[str, str], tuple[str, ...]] = {}
    for n, (rule, texts) in enumerate(pairs.items()):
        for edition, text in texts:
            provisions.setdefault(edition, []).append((f"k{n}", {"label": f"{n}.1", "text": text}))
            assigned[(edition, f"k{n}")] = (rule,)
    languages = {e: e.split("-")[0] for e in provisions}
    return learn_unknown_numbers(
        Sources("xx", provisions, languages, assigned, DEFAULT_KB, laws or {}), UNITS
    )


def test_a_number_the_text_states_itself_does_not_vote_and_one_clear_place_teaches():
    """ "more than ten minutes but less than 60 minutes": 60 stands in digits, so the unknown word
    before the other minute word says 10, from that one place."""
    pairs = {
        "r1": [
            ("da-2017", "mere end 10 minutter men mindre end 60 minutter"),
            ("xx-2023", "moro tenno minuk mon lass 60 minuk"),
        ]
    }
    assert unknown_numbers(pairs) == {"tenno": 10}


def test_the_references_with_the_nearest_laws_teach_a_number():
    pairs = {
        "r1": [
            ("da-2001", "mere end 15 minutter"),
            ("da-2017", "mere end 10 minutter"),
            ("xx-2023", "moro tenno minuk"),
        ]
    }
    assert unknown_numbers(pairs) == {}  # 15 and 10 each half: unclear
    laws = {"da-2001": "2001", "da-2017": "2017", "xx-2023": "2023"}
    assert unknown_numbers(pairs, laws) == {"tenno": 10}


def test_a_word_before_many_unit_words_is_not_learned_from_one_place():
    pairs = {
        "r1": [("da-2017", "efter 10 minutter"), ("xx-2023", "eftor dat minuk")],
        "r2": [("da-2017", "de minutter"), ("xx-2023", "dat minuk")],
        "r3": [("da-2017", "de træk"), ("xx-2023", "dat zugas")],
    }
    assert unknown_numbers(pairs) == {}  # "dat" (the) before three unit words, a number at one


def places(
    rows: list[dict[str, str]],
    laws: dict[str, str] | None = None,
    language: str = "xx",
    units: dict[str, Any] | None = None,
) -> dict[str, dict[str, int]]:
    """anchored_numbers over rows of {edition: text} (each row one rule), the new edition last."""
    return anchored_numbers(sources_of(rows, laws or {}, language), units or UNITS)[0]


def sources_of(rows: list[dict[str, str]], laws: dict[str, str], language: str = "xx") -> Sources:
    """The sources of rows of {edition: text}: row n is rule rn, provision n.1 in every edition."""
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {}
    assigned: dict[tuple[str, str], tuple[str, ...]] = {}
    for n, row in enumerate(rows):
        for edition, text in row.items():
            provisions.setdefault(edition, []).append((f"k{n}", {"label": f"{n}.1", "text": text}))
            assigned[(edition, f"k{n}")] = (f"r{n}",)
    languages = {e: e.split("-")[0] for e in provisions}
    return Sources(language, provisions, languages, assigned, DEFAULT_KB, laws)


def test_the_references_with_the_nearest_laws_say_where_a_number_is_missing():
    """Only the 2017 Laws state a zero default time; the 2001 and 2009 Laws' provisions say nothing of
    it. For a 2023 text, the nearest Laws speak: "nix" says zero."""
    rows = [
        {
            "da-2001": "Ventetiden er angivet af arrangøren.",
            "sv-2009": "Väntetiden anges av arrangören.",
            "da-2017": "Hvis ingen tid er angivet, er den nul.",
            "xx-2023": "Jafs ongen tad ar angovet, ar dan nix.",
        },
        {
            "da-2001": "Spilleren taber partiet.",
            "sv-2009": "Spelaren förlorar partiet.",
            "da-2017": "Når ventetiden er nul, taber spilleren.",
            "xx-2023": "Naar vontetad ar nix, tabor spollaren.",
        },
        {
            "da-2001": "Reglerne angiver tiden.",
            "sv-2009": "Reglerna anger tiden.",
            "da-2017": "Tiden er nul.",
            "xx-2023": "Tadan ar nix.",
        },
    ]
    laws = {"da-2001": "2001", "sv-2009": "2009", "da-2017": "2017", "xx-2023": "2023"}
    assert places(rows) == {}  # one reference in three states it: not a place where zero is missing
    assert places(rows, laws) == {"zero": {"nix": 0}}


SAME_LAWS = {"da-2017": "2017", "hu-2018": "2017", "xx-2023": "2023"}


def same_laws(danish: str, hungarian: str, made: str, things: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """`places` over one row per thing: a Danish and a Hungarian reference of the same Laws beside a
    made-up 2023 text ("{what}" in each stands for the thing)."""
    rows = [
        {
            "da-2017": danish.format(what=w),
            "hu-2018": hungarian.format(what=w),
            "xx-2023": made.format(what=w),
        }
        for w in things
    ]
    return places(rows, SAME_LAWS)


def test_an_ordinal_one_reference_reads_where_another_of_the_same_laws_states_none_is_not_learned():
    """Danish "andet" is "second" and "otherwise" ("medmindre dommeren bestemmer andet"); the Hungarian
    of the same Laws states no second there. A word standing right there ("bem", decides) is no
    ordinal; where the Hungarian states the second too ("második"), the word is one."""
    otherwise = (
        "Spilleren taber {what}, medmindre dommeren bestemmer andet.",
        "A játékos veszít {what}, ha a bíró másképp nem határoz.",
        "Spollaren tabor {what}, ven dommoren bem.",
    )
    assert same_laws(*otherwise, ("partiet", "tiden", "runden")) == {}
    second = (
        "Ved andet {what} taber spilleren.",
        "A második {what} után a játékos veszít.",
        "Vod bem {what} tabor spollaren.",
    )
    assert same_laws(*second, ("træk", "krav", "forsøg")) == {"ordinals": {"bem": 2}}


def test_an_ordinal_is_learned_where_the_place_states_the_same_number_as_a_cardinal():
    """ "Det tredje ulovlige træk ... 3 minutter": the text states three minutes in digits, not the
    third; the ordinal its references all state is still missing there, and "drito" says it."""
    third = (
        "Det tredje ulovlige {what} koster 3 minutter.",
        "A harmadik szabálytalan {what} 3 perc.",
        "Dat drito ulivlige {what} kostor 3 minuk.",
    )
    assert same_laws(*third, ("træk", "krav", "forsøg")) == {"ordinals": {"drito": 3}}


@pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")
def test_a_dual_that_is_a_whole_quantity_states_its_number():
    """Arabic "دقيقتين" (two minutes, CLDR's "دقيقتان" in another case) states the two minutes the
    reference states: the place lacks no 2, and no word of it (the dual itself included) is learned
    as a bare 2 that would read "دقيقتين إضافيتين" without its minutes."""
    rows = [
        {
            "da-2017": "Hvis spilleren har mindre end to minutter tilbage på uret, kan han kræve remis.",
            "ar-2023": "إذا كان لدى اللاعب أقل من دقيقتين متبقيتين على ساعته، يجوز له أن يطالب بالتعادل.",
        },
        {"da-2017": "Spilleren har tabt partiet.", "ar-2023": "خسر اللاعب المباراة."},
    ]
    assert places(rows, language="ar", units={**UNITS, "comparators": {"less": ["أقل من"]}}) == {}


ILLEGAL = {"da-2017": "Ved tredje ulovlige træk taber spilleren partiet.", "hr-2023": ""}


@pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")
def test_an_inflected_form_of_an_icu_ordinal_is_learned_from_one_place():
    """ICU knows Croatian "treći" (third); "trećeg" stands once, just where the reference states 3."""
    rows = [
        {**ILLEGAL, "hr-2023": "Kod trećeg nepropisnog poteza igrač gubi partiju."},
        {"da-2017": "Spilleren har tabt partiet.", "hr-2023": "Igrač je izgubio partiju."},
    ]
    assert places(rows, language="hr") == {"ordinals": {"trećeg": 3}}
    elsewhere = rows + [
        {"da-2017": f"Spilleren siger {word}.", "hr-2023": f"Igrač kaže trećeg {word}."}
        for word in ("ja", "nej", "måske")
    ]
    assert places(elsewhere, language="hr") == {}  # it stands in more places where no 3 is stated


@pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")
def test_a_language_icu_cannot_spell_borrows_from_the_language_cldr_relates_it_to():
    """ICU has no Galician rules; CLDR's language matching relates Galician to Spanish, whose
    "tercero" makes "terceiro" a candidate that one aligned place confirms. A word of the related
    language is no table of its own: "dos" (Spanish two, Galician "of the") stands where no 2 is."""
    from extract.text.cldr import related_language

    assert related_language("gl") == "es"
    assert related_language("hu") is None  # ICU spells Hungarian itself
    assert related_language("xx") is None  # no language: no relation
    rows = [
        {"da-2017": "Tredje gang afgør dommeren.", "gl-2023": "Terceira vez decide o árbitro."},
        {"da-2017": "Spilleren har tabt partiet.", "gl-2023": "O xogador perdeu dos xogos."},
        {"da-2017": "Modstanderen vinder partiet.", "gl-2023": "O adversario gañou dos xogos."},
    ]
    assert places(rows, language="gl") == {"ordinals": {"terceira": 3}}


def test_the_draft_lists_a_learned_word_for_zero_with_its_evidence():
    from extract.kb.language_draft import draft
    from extract.kb.learned_votes import Learned

    learned = Learned(
        "xx", {"zero": ["nix"]}, {("zero", "nix"): ["xx-2023 6.7.1 (where the references state 0)"]}
    )
    text = draft("xx", learned)
    assert "- nix   # xx-2023 6.7.1 (where the references state 0)" in text


def test_a_unit_word_is_learned_as_an_ordinal_only_where_no_number_stands_before_it():
    """ "sekk" is the made-up language's second (of time) and its "second" too, as Galician "segundo":
    where no number stands before it, it may be the ordinal the references state; never a cardinal."""
    units = {"units": {**UNITS["units"], "second": ["sekk"]}}
    rows = [
        {
            "da-2017": "Det andet ulovlige træk taber partiet.",
            "xx-2023": "Dat sekk ulivlige zuga tabor partu.",
        },
        {"da-2017": "Ved andet krav afgør dommeren.", "xx-2023": "Vod sekk kruv afgor dommaren."},
        {"da-2017": "Det andet brud straffes.", "xx-2023": "Dat sekk brad strafes."},
        {"da-2017": "Han får 30 sekunder.", "xx-2023": "Hann fyr 30 sekk."},
    ]
    assert places(rows, units=units) == {"ordinals": {"sekk": 2}}
    rows[1]["xx-2023"] = "Vod 2 sekk kruv afgor dommaren."  # after a number there: a unit, no candidate
    rows[2]["xx-2023"] = "Dat 3 sekk brad strafes."
    assert places(rows, units=units) == {}  # one place left: not enough


def _alone(pairs: list[tuple[str, str]], seed: dict[str, Any]) -> dict[str, dict[str, int]]:
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {"da-2017": [], "xx-2023": []}
    for n, pair in enumerate(pairs):
        for edition, text in zip(provisions, pair, strict=True):
            provisions[edition].append((f"k{n}", {"label": f"{n}.1", "text": text}))
    assigned = {(e, f"k{n}"): (f"r{n}",) for e in provisions for n in range(len(pairs))}
    sources = Sources("xx", provisions, {"da-2017": "da", "xx-2023": "xx"}, assigned, DEFAULT_KB)
    return anchored_numbers(sources, seed)[0]


CLAIM = ("Stillingen er gentaget mindst tredje gang.", "Stollingen ar mondst drito samo kirr.")
SAME = [("Det er godt.", f"Dat ar samo gud {n}.") for n in range(2)]  # "samo" (same): rare, elsewhere


def test_the_word_right_after_a_comparator_says_the_number_and_the_next_only_past_a_frequent_one():
    seed = {**UNITS, "comparators": {"at_least": ["mondst"]}}
    assert _alone([CLAIM, *SAME], seed) == {"ordinals": {"drito": 3}}  # not "samo", one word further
    silent = [CLAIM, ("Kontrol af stillingsgentagelse.", "Kontrol af drito samo."), *SAME]
    assert _alone(silent, seed) == {"ordinals": {"drito": 3}}  # where the references state no number
    other = [CLAIM, ("Stillingen er gentaget fem gange.", "Stollingen ar drito kirr."), *SAME]
    assert _alone(other, seed) == {}  # it stands where the references state another number
    removed = [("Stillingen er gentaget.", "Stollingen ar mondst drito samo kirr."), *SAME]
    assert _alone(removed, seed) == {}  # the references state no number there: nothing to learn


def test_the_word_right_before_a_comparator_after_its_quantity_says_the_number():
    seed = {**UNITS, "postfix": {"at_least": ["mondsto"]}}
    after = ("Stillingen er gentaget mindst tredje gang.", "Stollingen ar samo drito kerr mondsto.")
    assert _alone([after, *SAME], seed) == {"ordinals": {"drito": 3}}  # past its unit word
    assert _alone([(after[0], "Stollingen ar drito samo mondsto."), *SAME], seed) == {}  # "samo": which?


def test_a_number_the_references_state_as_a_factor_is_no_number_word():
    seed = {**UNITS, "comparators": {"at_least": ["mondst"]}}
    factor = ("Mindst tid + 60 gange hver tillægstid.", "Mondst sextokat ekstro tadon.")
    assert _alone([factor, *SAME], seed) == {}  # "sextokat" is sixty-fold, not sixty


# "højst" has no word in the tables of the made-up language, but "hoxt" leads a number it knows ("pento")
SUPERVISE = ("En dommer overvåger højst tre partier.", "Ena dommor hoxt trivan partu overvagor.")
LEADS = ("Han kan højst bede fem gange.", "Hon kon hoxt pento kerr bedo.")


def test_the_word_after_a_word_that_leads_numbers_says_the_number_no_table_marks():
    """Where no comparator or unit word the tables know marks where a number stands ("at most three
    games", a rare word for games), the word after a word that leads numbers in the language's texts
    ("hoxt pento kerr", at most five times) says it."""
    seed = {**UNITS, "numbers": {"pento": 5}}
    assert _alone([SUPERVISE, LEADS, *SAME], seed) == {"numbers": {"trivan": 3}}
    assert _alone([SUPERVISE, *SAME], seed) == {}  # nothing says where the number stands
    other = ("Han kan højst bede, og fem gange.", "Hon kon hoxt bedo ok pento kerr.")
    assert _alone([SUPERVISE, other, *SAME], seed) == {}  # "hoxt" leads no number there
    third = ("Det tredje krav.", "Dat hoxt drito kruv.")
    leads_ordinals = {**seed, "ordinals": {"drito": 3}}
    assert _alone([SUPERVISE, third, *SAME], leads_ordinals) == {}  # it leads an ordinal: "the"


def test_the_word_after_a_word_that_leads_numbers_says_no_number_before_a_unit_word_of_another_unit():
    """ "hoxt" leads numbers ("hoxt pento kerr"), but "ena minuk" (one minute) after it says no three
    where the references state three games."""
    seed = {**UNITS, "numbers": {"pento": 5}}
    minute = ("En dommer overvåger højst tre partier.", "Straffen hoxt ena minuk.")
    assert _alone([minute, LEADS, *SAME], seed) == {}
    assert _alone([SUPERVISE, LEADS, *SAME], seed) == {"numbers": {"trivan": 3}}  # no unit word after it


def test_a_word_that_counts_elsewhere_says_the_number_where_nothing_else_marks_a_slot():
    """ "trio kerr" (three times) where the references state no number marks "trio" as a word that
    counts; where they state three games, "hojst trio partos" (comparator and unit unknown) then
    says 3. Not a word that stands after a number ("2 ekstro minuk": extra), nor where it does."""
    supervises = ("En dommer overvåger højst tre partier.", "Un dommar ovorvagar hojst trio partos.")
    duty = ("Kontrol af stillingen er spillernes pligt.", "Kontral trio kerr ar spollarnes plagt.")
    assert learn({"c1": duty, "c2": supervises}).get("numbers") == {"trio": 3}
    assert learn({"c2": supervises}) == {}  # nothing marks the slot
    after = ("Kontrol af stillingen er spillernes pligt.", "Kontral 2 trio kerr ar spollarnes plagt.")
    assert learn({"c1": after, "c2": supervises}) == {}


def test_a_word_before_one_leads_no_numbers():
    """The word for one is an article as often: "dal uno" (with a) makes "dal" lead no number, and the
    word after it in a place lacking three says nothing."""
    seed = {**UNITS, "numbers": {"uno": 1}}
    article = [("Han kan bede en dommer.", "Hon kon dal uno dommor.")] * 2
    place = ("En dommer overvåger højst tre partier.", "Ena dommor dal trivan partu overvagor.")
    assert _alone([place, *article, *SAME], seed) == {}


def test_a_word_before_a_unit_word_says_a_number_only_in_the_unit_the_references_count_it_in():
    """A place whose references state three games, where the text states one minute ("ena minuk")
    instead (a provision aligned with another rule): "ena" says no three."""
    seed = {**UNITS}
    misaligned = ("En dommer overvåger højst tre partier.", "Straffen ar ena minuk.")
    assert _alone([misaligned, *SAME], seed) == {}
    counted = ("Straffen er tre minutter.", "Straffen ar ena minuk.")
    assert _alone([counted, *SAME], seed) == {"numbers": {"ena": 3}}  # the same unit: learned


# The 2017 Laws' 7.3 and A.4.1 in Danish (the 2001 Laws' 7.3 states no number), beside a made-up 2018
# text that writes "tizo" for ten where no unit word it knows follows.
TEN = [
    {
        "da-2001": "Hvis et parti er begyndt med byttede farver, fortsætter det.",
        "da-2017": "Efter færre end 10 træk spilles et nyt parti; efter 10 træk eller flere fortsætter det.",
        "xx-2018": "Aftar tizo lopas begon di igen; aftar 10 lopas ellor flore fortsat di.",
    },
    {
        "da-2001": "Når hver spiller har udført tre træk, kan der ikke klages.",
        "da-2017": "Når hver spiller har udført ti træk, kan der ikke klages.",
        "xx-2018": "Naar hvar spollar udfort tizo jotsalopasen, kon dar ikke klagas.",
    },
]
TEN_LAWS = {"da-2001": "2001", "da-2017": "2017", "xx-2018": "2017"}


def test_the_one_rare_word_the_places_short_of_a_number_share_says_it():
    """7.3 states 10 twice in the references, once in the text's digits; A.4.1 states it in the
    references only. "tizo" stands in both and nowhere else, the one rare word they share."""
    assert places(TEN, TEN_LAWS) == {"numbers": {"tizo": 10}}
    assert places(TEN[:1], TEN_LAWS) == {}  # one place: the unknown words there are many


def test_a_word_the_places_share_where_the_references_state_another_number_stays_unknown():
    twelve = [TEN[0], {**TEN[1], "da-2017": TEN[1]["da-2017"].replace("ti træk", "tolv træk")}]
    assert places(twelve, TEN_LAWS) == {}  # 12 there, 10 in the other: no number says both
    said = [{**TEN[0], "xx-2018": TEN[0]["xx-2018"].replace("tizo", "10")}, TEN[1]]
    said[0]["xx-2018"] += " Tizo."  # the text states 10 as often as the references: no place short of it
    assert places(said, TEN_LAWS) == {}
    elsewhere = [*TEN, {"da-2017": "Spilleren har tabt.", "xx-2018": "Plor tizo tabo."}]
    assert places(elsewhere, TEN_LAWS) == {}  # it stands where no 10 is stated
    both = [{**row, "xx-2018": row["xx-2018"].replace("tizo", "tizo vopa")} for row in TEN]
    assert places(both, TEN_LAWS) == {}  # "vopa" shares both places: which says 10, unknown
    filler = [{"da-2017": "Spilleren har tabt.", "xx-2018": f"Ok plor tabo ok {n}."} for n in range(3)]
    assert places([*TEN, *filler], TEN_LAWS) == {"numbers": {"tizo": 10}}
    phrase = [{**row, "xx-2018": row["xx-2018"].replace("tizo", "ok tizo ok")} for row in TEN]
    assert places([*phrase, *filler], TEN_LAWS) == {}  # between the same words in both: a phrase


def test_a_place_is_short_of_a_number_one_provision_of_its_references_states_more_often():
    from collections import Counter

    from extract.kb.shared_numbers import CARDINAL, ORDINAL, shortfall

    fifty = ((50.0, CARDINAL), 0.5)
    one = Counter({50.0: 1})
    assert shortfall({"da-2017": [[fifty, fifty]]}, one, [one]) == {50.0: 1}
    assert shortfall({"da-2017": [[fifty], [fifty]]}, one, [one, one]) == {}  # 50 in each of two
    assert shortfall({"da-2017": [[fifty]], "hu-2018": [[]]}, Counter(), [Counter()]) == {}  # one of two
    assert shortfall({"da-2017": [[fifty]]}, Counter(), [Counter(), one]) == {}  # a sibling states it
    second, zero = ((2.0, ORDINAL), 0.5), ((0.0, CARDINAL), 0.5)
    assert shortfall({"da-2017": [[second, zero]]}, Counter(), [Counter()]) == {}  # "andet" is "other"


# "dua" (two) stands before a unit word where the references state two minutes, where they state two
# games, and in a fixed phrase ("ambos dua": both) where they state no number.
TWO = [
    {"da-2017": "Modstanderen får to minutter ekstra.", "xx-2023": "Advorsar fyr dua ekstral de minuk."},
    {"da-2017": "Der spilles to partier.", "xx-2023": "Dar spolas dua partos."},
    *({"da-2017": "Begge spillere er til stede.", "xx-2023": f"Ambos dua de spollar {n}."} for n in range(3)),
]


def test_a_frequent_word_is_a_number_where_every_place_of_it_that_states_numbers_states_it():
    assert places(TWO) == {"numbers": {"dua": 2}}
    other = [*TWO, {"da-2017": "Der spilles tre partier.", "xx-2023": "Dar spolas dua partos tro."}]
    assert places(other) == {}  # it stands where the references state three (and no two)
    unitless = [{**TWO[0], "xx-2023": "Advorsar fyr dua ekstral."}, *TWO[1:]]
    assert places(unitless) == {}  # no unit word of the references' two minutes after it anywhere
    times = [{"da-2017": "Det sker to gange.", "xx-2023": "Dat skor dua ekstral de kerr."}, *TWO[1:]]
    assert places(times) == {}  # before a unit word of times, no measure: learned words, weaker
    once = [TWO[0], *TWO[2:]]
    assert places(once) == {}  # one place lacking two: not enough for a word of many places


def test_a_frequent_word_is_faithful_to_a_number_the_references_state_bare_in_words():
    """ "dúas prazas" where the references write "to felter" (two squares, a unit no table knows): the
    bare two counts as stated, so two places lack it; and a bare three elsewhere counts against."""
    bare = {"da-2017": "Bonden kan rykke to felter frem.", "xx-2023": "Bondo kan rokko dua feltos."}
    assert places([TWO[0], bare, *TWO[2:]]) == {"numbers": {"dua": 2}}
    three = {"da-2017": "Bonden kan rykke tre felter frem.", "xx-2023": "Bondo kan rokko dua feltos."}
    assert places([TWO[0], bare, three, *TWO[2:]]) == {}


@pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")
def test_a_form_of_a_known_number_word_may_stand_a_little_further_from_the_references_number():
    """Spanish "tres" makes Galician "tres" a candidate; the machine translation put it further on in
    its short provision than the reference's "højst tre" (0.07 of the text: further than another word may
    stand, NEAR_PLACE, not than a form of a number word may, NEAR_KIN); at the end of it, no number."""
    games = {
        "da-2017": "En dommer overvåger højst tre partier.",
        "gl-2023": "Un árbitro supervisa como moito tres xogos e mais nada",
    }
    rows = [games, {"da-2017": "Spilleren har tabt partiet.", "gl-2023": "O xogador perdeu o xogo."}]
    assert places(rows, language="gl") == {"numbers": {"tres": 3}}
    far = {**games, "gl-2023": "Un árbitro supervisa na maioría de moitos e moitos xogos, ata tres"}
    assert places([far, rows[1]], language="gl") == {}


@pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")
def test_a_georgian_number_word_shortened_before_its_noun_or_with_a_case_ending_is_learned():
    """ICU's "სამი" (three) loses its "-ი" before a noun ("არაუმეტეს სამ პარტიას", at most three
    games); "ნული" (zero) takes "-ს" ("ნულის ტოლია", equals zero). Each stands once, where the
    reference states that number: the reference's "tre" where the number itself stands, after "højst"."""
    filler = {"da-2017": "Spilleren har tabt partiet.", "ka-2024": "მოთამაშემ წააგო პარტია."}
    games = {
        "da-2017": "En dommer overvåger højst tre partier og",
        "ka-2024": "ერთი მსაჯი აკვირდება არაუმეტეს სამ პარტიას და",
    }
    assert places([games, filler], language="ka") == {"numbers": {"სამ": 3}}
    zero = {
        "da-2017": "Er ventetiden ikke fastsat, er den nul i alle runder.",
        "ka-2024": "თუ დრო არ არის განსაზღვრული, ის ნულის ტოლია.",
    }
    assert places([zero, filler], language="ka") == {"zero": {"ნულის": 0}}
