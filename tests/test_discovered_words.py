"""Words discovered in texts without spaces whose script ICU's dictionary does not know
(extract/text/discovered_words.py, and `unknown_scripts` / `discovered` in extract/text/words.py).

A made-up language written in Thai letters (random words of 2-8 letters, drawn with Zipf-like
frequencies, glued into sentences without spaces) is what ICU cuts wherever a Thai dictionary word
happens to stand: its words must be discovered, and then cut the same way wherever they stand. Real
Thai keeps ICU's words."""

from __future__ import annotations

import random
import unicodedata
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from extract.text import words as w
from extract.text.discovered_words import CONSISTENT, Discovered, consistency, discover, standing
from extract.text.quantities import tokens

icu = pytest.importorskip("icu")

THAI_BLOCK = 0x0E00 >> 7

# A syllable of the made-up language: an optional leading vowel, a consonant, optional vowel sign and
# tone mark (combining: only after the consonant), an optional final consonant or following vowel.
CONSONANTS = [chr(c) for c in range(0x0E01, 0x0E2F) if c not in (0x0E03, 0x0E05, 0x0E24, 0x0E26)]
LEADING = "เแโใไ"
VOWEL_SIGNS = "\u0e31\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39"
TONE_MARKS = "\u0e48\u0e49\u0e4a\u0e4b"
FOLLOWING = "าะำ"


def syllable(rng: random.Random) -> str:
    s = rng.choice(LEADING) if rng.random() < 0.2 else ""
    s += rng.choice(CONSONANTS)
    if rng.random() < 0.4:
        s += rng.choice(VOWEL_SIGNS)
    if rng.random() < 0.25:
        s += rng.choice(TONE_MARKS)
    ending = rng.random()
    if ending < 0.3:
        s += rng.choice(FOLLOWING)
    elif ending < 0.7:
        s += rng.choice(CONSONANTS)
    return s


def vocabulary(seed: int = 1, size: int = 300) -> list[str]:
    """`size` distinct made-up words of 2 to 8 letters, of one to three syllables."""
    rng = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < size:
        word = "".join(syllable(rng) for _ in range(rng.randint(1, 3)))
        if 2 <= len(word) <= 8:
            out.setdefault(word)
    return list(out)


VOCABULARY = vocabulary()
ZIPF = [1 / rank for rank in range(1, len(VOCABULARY) + 1)]


@dataclass(frozen=True)
class MadeUp:
    text: str
    occurrences: list[tuple[str, int, int]]  # every word written, with its offsets in the text
    models: dict[int, Discovered]


def made_up_text(words: int = 1500, seed: int = 101) -> tuple[str, list[tuple[str, int, int]]]:
    """Sentences of 5 to 15 words without spaces between them, ended by ". " or a new line."""
    rng = random.Random(seed)
    parts: list[str] = []
    occurrences: list[tuple[str, int, int]] = []
    at = 0
    while len(occurrences) < words:
        for word in rng.choices(VOCABULARY, ZIPF, k=rng.randint(5, 15)):
            occurrences.append((word, at, at + len(word)))
            parts.append(word)
            at += len(word)
        end = rng.choice([". ", "\n"])
        parts.append(end)
        at += len(end)
    return "".join(parts), occurrences


@pytest.fixture(scope="module")
def made_up() -> MadeUp:
    text, occurrences = made_up_text()
    assert all(text[a:b] == word for word, a, b in occurrences)
    return MadeUp(text, occurrences, w.unknown_scripts([text]))


def cuts(text_pieces: list[tuple[str, int]], occurrences: list[tuple[str, int, int]]) -> dict[str, Counter]:
    """For every word of the text, how its occurrences are cut: the ends of its pieces relative to its
    start (`(len(word),)`: one piece), or None where a piece crosses its start or end."""
    ends = {start: start + len(piece) for piece, start in text_pieces}
    out: dict[str, Counter] = {}
    for word, a, b in occurrences:
        at, inside = a, []
        while at < b and at in ends:
            at = ends[at]
            inside.append(at - a)
        out.setdefault(word, Counter())[tuple(inside) if at == b else None] += 1
    return out


def modal_share(cut: Counter) -> float:
    """The share of a word's occurrences cut its most frequent way (a cut that keeps its ends)."""
    return max((n for c, n in cut.items() if c is not None), default=0) / sum(cut.values())


def one_piece_share(word: str, cut: Counter) -> float:
    return cut[(len(word),)] / sum(cut.values())


def token_pieces(text: str) -> list[tuple[str, int]]:
    return [(t.text, t.idx) for t in tokens(text)]


# 1. the cut of any run is a partition of it, no word starting with a combining mark

ALPHABETS = {
    "thai": (0x0E01, 0x0E5B),
    "lao": (0x0E81, 0x0EDF),
    "tibetan": (0x0F40, 0x0FBC),
    "myanmar": (0x1000, 0x109F),
    "khmer": (0x1780, 0x17DD),
    "new tai lue": (0x1980, 0x19DA),
}


def run_of(alphabet: str, min_size: int = 1, max_size: int = 60) -> st.SearchStrategy[str]:
    low, high = ALPHABETS[alphabet]
    letters = st.characters(min_codepoint=low, max_codepoint=high, categories=("Lo", "Lm", "Mn", "Mc"))
    return st.text(letters, min_size=min_size, max_size=max_size)


def assert_partition(run: str, spans: tuple[tuple[int, int], ...]) -> None:
    assert spans, run
    assert spans[0][0] == 0 and spans[-1][1] == len(run), (run, spans)
    assert all(a < b for a, b in spans), (run, spans)  # no empty word
    assert all(b == c for (_, b), (c, _) in zip(spans, spans[1:], strict=False)), (run, spans)
    assert "".join(run[a:b] for a, b in spans) == run
    for a, _ in spans[1:]:
        assert not unicodedata.category(run[a]).startswith("M"), (run, spans, a)


@settings(max_examples=150, deadline=None)
@given(run_of("thai"))
def test_the_made_up_language_model_cuts_any_thai_run_into_a_partition(run):
    model = _made_up_model()
    assert_partition(run, model.cut(run))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(ALPHABETS)).flatmap(lambda a: st.lists(run_of(a), min_size=1, max_size=8)))
def test_a_model_trained_on_any_alphabet_cuts_its_runs_into_partitions(runs):
    model = discover(runs)
    for run in runs:
        assert_partition(run, model.cut(run))
    # and the runs of another alphabet, whose strings it has never seen
    assert_partition("กขคงจฉ", model.cut("กขคงจฉ"))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY[:40]), min_size=1, max_size=20))
def test_a_run_of_made_up_words_is_cut_losslessly(glued):
    run = "".join(glued)
    assert_partition(run, _made_up_model().cut(run))


_MODEL: list[Discovered] = []


def _made_up_model() -> Discovered:
    """The model of the made-up language (hypothesis's tests cannot take a module fixture)."""
    if not _MODEL:
        text, _ = made_up_text()
        _MODEL.append(discover(m.group() for m in w._ALPHABETIC_RUN.finditer(text)))
    return _MODEL[0]


# 2. a made-up language: its words are discovered and cut the same way wherever they stand


def test_a_made_up_language_in_thai_letters_gets_a_model(made_up):
    assert list(made_up.models) == [THAI_BLOCK]
    runs = [m.group() for m in w._ALPHABETIC_RUN.finditer(made_up.text)]
    assert sum(map(len, runs)) >= w.MIN_LETTERS
    icu_stand = standing((run, tuple(x.text for x in w._icu_words(run))) for run in runs)
    model = made_up.models[THAI_BLOCK]
    found_stand = standing((run, tuple(run[a:b] for a, b in model.cut(run))) for run in runs)
    assert consistency(icu_stand) < CONSISTENT <= consistency(found_stand)


def test_the_frequent_made_up_words_are_cut_the_same_way_everywhere(made_up):
    text, occurrences = made_up.text, made_up.occurrences
    frequent = [word for word, _ in Counter(x for x, _, _ in occurrences).most_common(30)]
    with w.discovered(made_up.models):
        found = cuts(token_pieces(text), occurrences)
    by_icu = cuts(token_pieces(text), occurrences)
    written = sum(sum(found[x].values()) for x in frequent)

    # discovered: every frequent word is cut one way in most of its occurrences, and that way is
    # one piece for most of them
    assert all(modal_share(found[x]) >= 0.75 for x in frequent), {x: found[x] for x in frequent}
    assert sum(max(n for c, n in found[x].items() if c is not None) for x in frequent) >= 0.9 * written
    whole_words = [x for x in frequent if one_piece_share(x, found[x]) >= 0.8]
    assert len(whole_words) >= 20, {x: found[x] for x in frequent}

    # ICU: its Thai dictionary cuts the same words differently from one context to the next
    assert sum(max((n for c, n in by_icu[x].items() if c is not None), default=0) for x in frequent) <= (
        0.3 * written
    )
    assert sum(one_piece_share(x, by_icu[x]) >= 0.8 for x in frequent) <= 3


# 3. real Thai keeps ICU's words

REAL_THAI = [
    "ผู้เล่นที่ถือหมากสีขาวเป็นฝ่ายเดินก่อนเสมอ",
    "เบี้ยเดินตรงไปข้างหน้าครั้งละหนึ่งช่อง",
    "ในการเดินครั้งแรกเบี้ยสามารถเดินได้สองช่อง",
    "เบี้ยกินหมากของฝ่ายตรงข้ามในแนวทแยง",
    "ม้าเดินเป็นรูปตัวแอลและสามารถข้ามหมากตัวอื่นได้",
    "เรือเดินในแนวตั้งหรือแนวนอนกี่ช่องก็ได้",
    "บิชอปเดินในแนวทแยงกี่ช่องก็ได้",
    "ราชินีเดินได้ทั้งแนวตั้งแนวนอนและแนวทแยง",
    "ราชาเดินได้ครั้งละหนึ่งช่องในทุกทิศทาง",
    "ผู้เล่นต้องไม่เดินราชาเข้าไปในช่องที่ถูกโจมตี",
    "เมื่อราชาถูกรุกผู้เล่นต้องแก้การรุกทันที",
    "ถ้าไม่มีทางแก้การรุกผู้เล่นคนนั้นแพ้เกม",
    "การเข้าป้อมทำได้เมื่อราชาและเรือยังไม่เคยเดิน",
    "ผู้เล่นที่แตะหมากของตนเองต้องเดินหมากตัวนั้น",
    "เมื่อเบี้ยเดินถึงแถวสุดท้ายจะต้องเลื่อนขั้นเป็นหมากตัวอื่น",
    "เกมเสมอเมื่อตำแหน่งเดียวกันเกิดขึ้นสามครั้ง",
    "ผู้เล่นสามารถขอเสมอได้หลังจากเดินครบห้าสิบตาโดยไม่มีการกินหมาก",
    "ผู้ตัดสินต้องดูแลให้ผู้เล่นปฏิบัติตามกติกา",
    "ผู้เล่นต้องกดนาฬิกาด้วยมือข้างเดียวกับที่ใช้เดินหมาก",
    "ถ้าเวลาของผู้เล่นหมดก่อนเขาจะแพ้เกม",
    "ผู้เล่นห้ามใช้โทรศัพท์มือถือในบริเวณการแข่งขัน",
    "ผู้เล่นต้องจดบันทึกการเดินของตนเองอย่างชัดเจน",
    "ผู้ตัดสินอาจลงโทษผู้เล่นที่รบกวนคู่แข่ง",
    "การเดินที่ผิดกติกาจะต้องได้รับการแก้ไข",
    "ผู้ตัดสินจะเพิ่มเวลาให้คู่แข่งสองนาที",
    "ผู้เล่นที่เดินผิดกติกาครั้งที่สองจะแพ้เกม",
    "หมากรุกเร็วคือเกมที่ผู้เล่นแต่ละคนมีเวลามากกว่าสิบนาที",
    "ผู้เล่นไม่ควรออกจากห้องแข่งขันโดยไม่ได้รับอนุญาต",
    "กระดานหมากรุกมีหกสิบสี่ช่องสลับสีขาวและสีดำ",
    "หมากแต่ละฝ่ายมีสิบหกตัวเมื่อเริ่มเกม",
    "ผู้เล่นที่เสนอเสมอต้องทำก่อนกดนาฬิกา",
    "การรุกจนคือการที่ราชาถูกรุกและไม่มีทางหนี",
    "ผู้ตัดสินต้องประกาศผลการแข่งขันเมื่อเกมจบลง",
    "ผู้เล่นที่มาสายเกินเวลาที่กำหนดจะแพ้เกมนั้น",
    "ห้ามผู้ชมพูดคุยหรือรบกวนผู้เล่นระหว่างการแข่งขัน",
]


def real_thai_text(letters: int = w.MIN_LETTERS + 1_000, seed: int = 5) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    while sum(len(p) for p in parts) < letters:
        parts.extend(rng.sample(REAL_THAI, len(REAL_THAI)))
    return " ".join(parts)


def test_real_thai_keeps_icu_words():
    text = real_thai_text()
    runs = [m.group() for m in w._ALPHABETIC_RUN.finditer(text)]
    assert sum(map(len, runs)) >= w.MIN_LETTERS
    assert w.unknown_scripts([text]) == {}
    stand = standing((run, tuple(x.text for x in w._icu_words(run))) for run in runs)
    assert consistency(stand) >= CONSISTENT


# 4. `discovered` changes the words for its time only, caches included


def test_discovered_words_stand_inside_the_context_and_icu_words_outside(made_up):
    text = made_up.text[:400]  # the same string, read before, inside and after
    model = made_up.models[THAI_BLOCK]
    expected_icu: list[tuple[str, int]] = []
    expected_found: list[tuple[str, int]] = []
    for m in w.TOKEN.finditer(text):
        run = m.group()
        if len(run) > 1 and w._ALPHABETIC.match(run):
            expected_icu.extend((x.text, m.start() + x.start) for x in w._icu_words(run))
            expected_found.extend((run[a:b], m.start() + a) for a, b in model.cut(run))
        else:
            expected_icu.append((run, m.start()))
            expected_found.append((run, m.start()))
    assert expected_found != expected_icu

    before, before_words = token_pieces(text), w.word_texts(text, "th")
    assert before == expected_icu
    with w.discovered(made_up.models):
        assert token_pieces(text) == expected_found
        inside_words = w.word_texts(text, "th")
        with w.discovered({}):  # nested: ICU again, then the model again
            assert token_pieces(text) == expected_icu
        assert token_pieces(text) == expected_found
    assert token_pieces(text) == before == expected_icu
    assert w.word_texts(text, "th") == before_words != inside_words
    assert w._DISCOVERED == {}


def test_the_compiled_word_lists_follow_the_words(made_up):
    """The tables of a language's words are cut into tokens: compiled while an edition's words were
    discovered, they are not reused for another edition read with ICU's."""
    from extract.text import quantities as q

    text = "เมื่อตำแหน่งเดียวกันเกิดขึ้นเป็นครั้งที่สาม"
    q._COMPILED.clear()
    with w.discovered(made_up.models):
        q.quantities(text, "th")  # compiles Thai's tables with the made-up language's cuts
    assert (3.0, "ordinal") in [(found.value, found.unit) for found in q.quantities(text, "th")]


def test_discovered_restores_the_previous_words_when_the_build_fails(made_up):
    text = made_up.text[:200]
    before = token_pieces(text)
    with pytest.raises(RuntimeError), w.discovered(made_up.models):
        assert token_pieces(text) != before
        raise RuntimeError("the build fails")
    assert w._DISCOVERED == {}
    assert token_pieces(text) == before


# 5. too few letters, or a script written with spaces: no model


def test_a_short_text_gets_no_model(made_up):
    text, _ = made_up_text(words=200)
    assert sum(len(m.group()) for m in w._ALPHABETIC_RUN.finditer(text)) < w.MIN_LETTERS
    assert w.unknown_scripts([text]) == {}
    # the letters of several texts count together
    half = len(made_up.text) // 2
    assert list(w.unknown_scripts([made_up.text[:half], made_up.text[half:]])) == [THAI_BLOCK]


def test_a_spaced_script_gets_no_model():
    rng = random.Random(3)
    georgian = [
        "".join(chr(rng.randint(0x10D0, 0x10F0)) for _ in range(rng.randint(2, 8))) for _ in range(200)
    ]
    text = " ".join(rng.choices(georgian, [1 / r for r in range(1, 201)], k=2_000))
    assert sum(c.isalpha() for c in text) >= w.MIN_LETTERS
    assert w.unknown_scripts([text]) == {}
    # nor glued into runs without spaces: Georgian is no alphabet written without spaces
    assert w.unknown_scripts([text.replace(" ", "")]) == {}


# 6. the words of a mixed text keep their offsets under `discovered`


def assert_offsets(text: str, language: str) -> None:
    """Every word of a text is its text at its offsets, made of letters, after the previous one; every
    letter of the text is in a word; every piece is the text at its offset."""
    found = w.words(text, language)
    for word in found:
        assert text[word.start : word.end] == word.text, (text, word)
        assert w.lettered(word.text), (text, word)
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False)), (text, found)
    covered = {i for word in found for i in range(word.start, word.end)}
    assert {i for i, c in enumerate(text) if c.isalpha()} <= covered, (text, found)
    for piece, start in w.pieces(text):
        assert text[start : start + len(piece)] == piece, (text, piece, start)


def test_the_words_of_a_mixed_text_keep_their_offsets(made_up):
    model = made_up.models[THAI_BLOCK]
    thai = "".join(VOCABULARY[:12])
    text = f"{thai} 10 {thai}15นาที abc {thai}. e4 {VOCABULARY[3]}{VOCABULARY[0]} 7.5.1 {thai}"
    with w.discovered(made_up.models):
        assert w.spaceless(text, "xx")
        found = w.words(text, "xx")
        assert_offsets(text, "xx")
        assert [x.text for x in found if x.text.isascii()] == ["abc", "e"]
        assert [x.text for x in found[: len(model.cut(thai))]] == [thai[a:b] for a, b in model.cut(thai)]
    assert w.words(text, "xx") != found  # ICU's words again


SEPARATORS = st.sampled_from([" ", ". ", "\n", ", ", " (", ") "])
# made-up words glued together, numbers glued to them, Latin words between spaces or punctuation
MIXED = st.lists(
    st.one_of(
        st.lists(st.sampled_from(VOCABULARY[:60]), min_size=1, max_size=6).map("".join),
        st.from_regex(r"[0-9]{1,4}", fullmatch=True),
        st.tuples(SEPARATORS, st.from_regex(r"[a-z]{1,6}", fullmatch=True), SEPARATORS).map("".join),
        SEPARATORS,
    ),
    min_size=1,
    max_size=30,
).map("".join)


@settings(max_examples=150, deadline=None)
@given(MIXED, st.sampled_from(["th", "xx"]))
def test_any_mixed_text_keeps_its_offsets_under_discovered(text, language):
    assume(w.spaceless(text, language))
    with w.discovered({THAI_BLOCK: _made_up_model()}):
        assert_offsets(text, language)
    assert_offsets(text, language)  # and ICU's words, the same way


# Bugs found by these tests (extract/text/words.py, `_segmented`, the branch of discovered runs): the
# words of a discovered run are taken as the model cuts them, not filtered to letters and marks as
# ICU's are (`_MARKED_WORD`), and an ICU word that overlaps a discovered run is dropped whole, the
# letters of another script it holds with it.


@pytest.mark.parametrize("sign", ["๑๒", "฿", "๏"])
def test_digits_and_signs_inside_a_discovered_run_are_no_words(sign):
    run = VOCABULARY[0] + VOCABULARY[1]
    text = f"{run}{sign}{run}"
    icu_words = w.word_texts(text, "th")
    assert all(sign not in x for x in icu_words)
    with w.discovered({THAI_BLOCK: _made_up_model()}):
        assert_offsets(text, "th")


def test_latin_letters_glued_to_a_discovered_run_stay_in_the_words():
    text = "abc" + VOCABULARY[0] + VOCABULARY[1]
    assert "abc" in "".join(w.word_texts(text, "th"))  # ICU: "abcงึป", "เปะ"
    with w.discovered({THAI_BLOCK: _made_up_model()}):
        assert "abc" in "".join(w.word_texts(text, "th"))  # got: "งึป", "เปะ"


def test_a_character_beyond_the_basic_plane_keeps_the_discovered_words():
    """ICU counts UTF-16 units there, so the words fall back to one a character of a script without
    spaces; the runs of a script whose words were discovered keep those words."""
    model = _made_up_model()
    run = "".join(VOCABULARY[:6])
    text = f"𝑥 {run}"
    with w.discovered({THAI_BLOCK: model}):
        found = w.word_texts(text, "th")
    assert found[-len(model.cut(run)) :] == [run[a:b] for a, b in model.cut(run)]
