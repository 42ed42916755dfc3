"""Number words of several pieces in a text without spaces (kb/learned_runs.py): a made-up ideograph
word of two characters is two tokens, each piece also stands in other words, so the single-token
learners never see it; the run of both pieces is learned, and read whole. Danish references."""

from __future__ import annotations

from typing import Any

import test_anchored_numbers as anchored

from extract.io.languages import DEFAULT_KB
from extract.kb import learned_lexicon as lexicon
from extract.kb.learned_numbers import anchored_numbers, learn_unknown_numbers
from extract.kb.learned_runs import run_numbers, whole_pieces
from extract.kb.learned_sources import Sources
from extract.text.quantities import quantities

LAWS = {"da-2001": "2001", "da-2017": "2017", "xx-2018": "2017"}
SEED: dict[str, Any] = {"units": {"minute": ["鐘"]}}
TEN = "掝唁"  # a made-up word for ten: two ideographs, each also a piece of other words

# The 2017 Laws' 7.3 and A.4.1 in Danish (the 2001 Laws' 7.3 states no number), beside a made-up
# 2018 text without spaces; a third provision where each piece of the word stands in another word.
ROWS = [
    {
        "da-2001": "Hvis et parti er begyndt med byttede farver, fortsætter det.",
        "da-2017": "Efter færre end 10 træk spilles et nyt parti; efter 10 træk eller flere fortsætter det.",
        "xx-2018": f"阿塔{TEN}洛帕贝贡迪伊根；阿塔10洛帕埃罗弗洛雷佛萨迪。",
    },
    {
        "da-2001": "Når hver spiller har udført tre træk, kan der ikke klages.",
        "da-2017": "Når hver spiller har udført ti træk, kan der ikke klages.",
        "xx-2018": f"纳赫瓦斯波拉乌德福{TEN}约萨森，孔达伊克克拉加斯。",
    },
    {
        "da-2001": "Spilleren har tabt partiet.",
        "da-2017": "Spilleren har tabt partiet.",
        "xx-2018": "普掝塔博唁克帕尔图。",
    },
]


def sources_of(rows: list[dict[str, str]]) -> Sources:
    return anchored.sources_of(rows, LAWS)


def learn(
    rows: list[dict[str, str]], seed: dict[str, Any] = SEED
) -> tuple[dict[str, dict[str, int]], dict[tuple[str, str], list[str]]]:
    sources = sources_of(rows)
    found, _ = anchored_numbers(sources, seed)
    assert TEN[0] not in str(found) and TEN[1] not in str(found)  # no piece alone is learned
    return run_numbers(sources, seed, found)


def test_a_word_of_two_pieces_the_places_short_of_a_number_share_says_it():
    tables, evidence = learn(ROWS)
    assert tables == {"numbers": {TEN: 10}}
    where = evidence[("numbers", TEN)]
    assert "xx-2018 0.1" in where[0] and "xx-2018 1.1" in where[1]


def test_the_language_tables_learned_hold_the_word_with_its_evidence():
    s = sources_of(ROWS)
    learned = lexicon.learn("xx", s.provisions, s.languages, s.assigned, DEFAULT_KB, LAWS)
    assert learned.tables["numbers"].get(TEN) == 10
    assert "several pieces" in learned.evidence[("numbers", TEN)][0]


def test_the_word_learned_is_read_whole():
    read = quantities(f"孔{TEN}鐘", "xx", DEFAULT_KB, {**SEED, "numbers": {TEN: 10}})
    assert [(q.value, q.unit) for q in read] == [(10, "minute")]


def test_a_word_of_pieces_where_the_references_state_another_number_stays_unknown():
    twelve = [ROWS[0], {**ROWS[1], "da-2017": ROWS[1]["da-2017"].replace("ti træk", "tolv træk")}, ROWS[2]]
    assert learn(twelve) == ({}, {})  # 12 there, 10 in the other: no number says both
    other = {
        "da-2001": "Han taber efter 6 træk.",
        "da-2017": "Han taber efter 6 træk.",
        "xx-2018": f"汉{TEN}塔博。",
    }
    assert learn([*ROWS, other]) == ({}, {})  # it stands where the references state 6 and no 10
    once = [ROWS[1], ROWS[2]]
    assert learn(once) == ({}, {})  # one place: which run says 10, unknown


def test_a_place_whose_references_state_no_number_may_hold_the_word_once():
    quiet = {"da-2001": "Han har tabt.", "da-2017": "Han har tabt.", "xx-2018": f"汉{TEN}塔博。"}
    assert learn([*ROWS, quiet])[0] == {"numbers": {TEN: 10}}  # two places short of 10, one stating no number


def test_of_nested_runs_the_one_of_most_places_is_kept_and_two_apart_leave_both_out():
    glued = [{**row, "xx-2018": row["xx-2018"].replace(TEN, "妥" + TEN)} for row in ROWS]
    assert learn(glued)[0] == {"numbers": {"妥" + TEN: 10}}  # always after the same piece: the longest run
    two = [{**row, "xx-2018": row["xx-2018"].replace(TEN, TEN + "，维帕")} for row in ROWS[:2]]
    assert learn([*two, ROWS[2]]) == ({}, {})  # "维帕" stands apart in both places too: which says 10?


def test_pieces_apart_are_no_run():
    spaced = [{**row, "xx-2018": " ".join(row["xx-2018"])} for row in ROWS]  # a space between pieces
    assert learn(spaced)[0] == {}


def test_a_run_the_reader_would_cut_otherwise_alone_is_not_learned(monkeypatch):
    """The reader finds a learned word by cutting it alone; where that cut differs from the pieces the
    text shows (ICU cuts a Thai syllable pair as one word alone), the word would never be read where it
    was learned: it is left out."""
    import extract.kb.learned_runs as runs

    monkeypatch.setattr(runs, "phrase", lambda word: (word,))  # cut alone: one piece, not two
    assert learn(ROWS) == ({}, {})


THIRD = "蚽媆"  # a made-up ordinal whose first piece is the unit word for seconds ("third", "thirty")
ORDINAL_ROWS = [
    {"da-2017": "Tredje ulovlige træk taber partiet.", "xx-2018": f"{THIRD}乌洛夫格塔贝帕尔蒂特。"},
    {
        "da-2017": "Tredje gang stillingen gentages, er partiet remis.",
        "xx-2018": f"{THIRD}刚斯提林根根塔格斯。",
    },
    {"da-2017": "Tredje krav afvises.", "xx-2018": f"{THIRD}克拉夫阿夫维塞斯。"},
    {"da-2017": "Spilleren får 30 sekunder.", "xx-2018": "斯皮30蚽。"},
    {"da-2017": "Sekunderne tælles.", "xx-2018": "蚽仠塔拉。"},
    {"da-2017": "Sekunderne vises på uret.", "xx-2018": "蚽仠维塞。"},
]  # "蚽" also stands where the references state no ordinal: not the ordinal alone
UNITS: dict[str, Any] = {"units": {"second": ["蚽"]}}


def test_an_ordinal_of_two_pieces_is_linked_where_the_references_state_it_though_a_piece_is_a_unit():
    tables, evidence = learn(ORDINAL_ROWS, UNITS)
    assert tables == {"ordinals": {THIRD: 3}}
    assert len(evidence[("word:ordinals", THIRD)]) == 3
    read = quantities(f"{THIRD}克拉夫。30蚽", "xx", DEFAULT_KB, {**UNITS, "ordinals": {THIRD: 3}})
    assert [(q.value, q.unit) for q in read] == [(3, "ordinal"), (30, "second")]


def test_an_ordinal_of_pieces_in_two_places_only_or_far_from_the_references_stays_unknown():
    assert learn(ORDINAL_ROWS[1:], UNITS) == ({}, {})  # two places: "anden" is also "other"
    far = [{**row, "xx-2018": row["xx-2018"].replace(THIRD, "") + THIRD} for row in ORDINAL_ROWS[:3]]
    assert learn([*far, *ORDINAL_ROWS[3:]], UNITS) == ({}, {})  # at the end, where they state it first


def test_a_word_after_the_number_is_no_unit_where_every_reference_names_its_unit_apart():
    """Danish "to spillere under partiet" reads as two games (the unit word "partiet" three words on);
    the word after the text's 2 ("spollare", players) is then no word for a game. "3 partor" where the
    references write "3 partier" teaches one."""
    rows = [
        {
            "da-2017": "Partiet er remis ved aftale mellem de 2 spillere under partiet.",
            "xx-2018": "Partot ar remis vod aftola mollem 2 spollare undor partot.",
        },
        {"da-2017": "En dommer overvåger højst 3 partier.", "xx-2018": "Ena dommor ovorvogor 3 partor."},
        {"da-2017": "Spilleren har tabt partiet.", "xx-2018": "Spollaren har tobt partot."},
    ]
    sources = sources_of(rows)
    learned = lexicon.learn("xx", sources.provisions, sources.languages, sources.assigned, DEFAULT_KB, LAWS)
    units = learned.tables.get("units", {})
    assert "partor" in units.get("game", [])
    assert "spollare" not in str(units)


FIVE = "犤卪"  # a made-up five of two pieces, before the unit word "鐘" (minutes)
FIVE_ROWS = [
    {"da-2017": "Har han mindre end fem minutter, taber han.", "xx-2018": f"哈汉擪嵬{FIVE}鐘，塔博。"},
    {"da-2017": "Efter fem minutter er partiet remis.", "xx-2018": f"埃弗{FIVE}鐘帕尔蒂特。"},
    {"da-2017": "Spilleren har tabt partiet.", "xx-2018": "斯皮勒伦帕尔蒂特。"},
]


def test_a_number_word_learned_before_a_unit_takes_the_pieces_before_it_wherever_it_stands():
    """The piece right before the unit word is learned first ("卪"); the piece before it stands
    before it in both places, and the one before that differs: the word is "犤卪"."""
    sources = sources_of(FIVE_ROWS)
    numbers = learn_unknown_numbers(sources, SEED)
    assert numbers == {FIVE[1]: 5}
    assert whole_pieces(sources, numbers, SEED) == {FIVE: 5}
    once = sources_of([FIVE_ROWS[0], FIVE_ROWS[2]])  # one place: nothing tells where the word begins
    assert whole_pieces(once, {FIVE[1]: 5}, SEED) == {FIVE[1]: 5}


THIRD_TIME = "踭慸"  # a made-up "third" of two pieces, each also a piece of frequent words
COMPARED: dict[str, Any] = {"units": {"minute": ["鐘"]}, "comparators": {"at_least": ["丣蔠"]}}
THIRD_ROWS = [
    {
        "da-2017": "Partiet er remis, når stillingen mindst for tredje gang opstår.",
        "xx-2018": f"帕尔蒂特，斯提林丣蔠{THIRD_TIME}崭篰。",
    },
    *(
        {"da-2017": f"Spilleren {verb} partiet.", "xx-2018": f"踭槤{piece}慸帕尔蒂特。"}
        for verb, piece in (("vinder", "氩"), ("taber", "胕"), ("fører", "纬"), ("forlader", "舗"))
    ),
]


def test_a_word_of_pieces_right_after_a_comparator_is_learned_from_its_one_place():
    """ "at least the third time" in one place: the shortest rare run right after "at least" says the
    number the references agree the place lacks; each piece alone stands in four other provisions."""
    sources = sources_of(THIRD_ROWS)
    found, _ = anchored_numbers(sources, COMPARED)
    tables, evidence = run_numbers(sources, COMPARED, found)
    assert tables == {"ordinals": {THIRD_TIME: 3}}
    assert "xx-2018 0.1" in evidence[("word:ordinals", THIRD_TIME)][0]
    after = {**COMPARED, "comparators": {}, "postfix": {"at_least": ["丣蔠"]}}  # after its quantity
    assert run_numbers(sources, after, found) == ({}, {})


def test_an_ordinal_of_pieces_after_a_comparator_may_begin_with_a_unit_word():
    """As in `_linked`: "third" begins as "thirty" or a unit word does; the run is still the ordinal."""
    seed = {**COMPARED, "units": {**COMPARED["units"], "time": ["踭"]}}
    sources = sources_of(THIRD_ROWS)
    found, _ = anchored_numbers(sources, seed)
    assert run_numbers(sources, seed, found)[0] == {"ordinals": {THIRD_TIME: 3}}


def test_a_known_word_of_several_pieces_is_the_places_number_and_no_piece_of_it_is_learned():
    """Once "掝唁" (ten) is known and the word after it is a unit word ("约", moves), the place where
    it stands states its 10: neither piece is a number word of its own."""
    seed = {"numbers": {TEN: 10}, "units": {"move": ["洛", "约"], "minute": ["鐘"]}}
    found, _ = anchored_numbers(sources_of(ROWS), seed)
    assert TEN[0] not in str(found) and TEN[1] not in str(found)
