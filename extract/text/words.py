"""The words of a text: one implementation for the analysis, the quantities, the learned lexicon and
the raw spans, in scripts written with spaces between words and in those written without them.

Most scripts put a space between words, and a word is a run of letters. Chinese, Japanese, Thai,
Lao, Khmer, Myanmar... do not ("超过10分钟" is "more than 10 minutes"): there the words come from
ICU's word break iterator (PyICU), which has dictionaries for those languages. A text is read that
way when its language is one ICU segments by dictionary, when most of its letters are of such a
script, or when its space-separated "words" are implausibly long for any language. Without PyICU
(it is in CI and in the project's environment) those texts fall back, with one line on stderr, to
one word per character of those scripts and a run of letters elsewhere.

Two rules hold for every text, whatever its language:
- a character of a script written without spaces never glues to its neighbours: a number touching
  it is a number ("10分钟"), and a whole-word match may start or end beside it (`BEFORE`, `AFTER`);
- in such a text (`spaceless`), a digit run is a number whatever letter touches it (Thai "ร้อง10นาที").

Sentences end at every sentence terminator Unicode names (ICU's Sentence_Terminal property: "。",
"।", "։", "።", "؟", "！"...) whether or not a space follows; see `terminal`.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any, NamedTuple, TypeVar

from extract.text.discovered_words import CONSISTENT, Discovered, consistency, discover, standing

# Scripts written without spaces between words: Thai, Lao, Tibetan, Myanmar, Khmer, Tai Le/Lue,
# New Tai Lue, Tai Tham, Balinese, kana, CJK ideographs (and extension A, compatibility), Yi, Javanese,
# half-width kana.
UNSPACED = (
    "\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u1950-\u19df\u1a20-\u1aaf\u1b00-\u1b7f"
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua980-\ua9df\uf900-\ufaff"
    "\uff66-\uff9f"
)
# The languages ICU segments by dictionary (its word break iterator's dictionaries).
DICTIONARY_LANGUAGES = frozenset({"zh", "ja", "th", "lo", "km", "my", "bo"})
LONG_WORD = 15  # letters: a text whose words average more is not written with spaces between words

_UNSPACED_CHAR = re.compile(f"[{UNSPACED}]")
# a word start / end: no letter or digit of a spaced script beside it (every character of a script
# written without spaces may begin or end a word)
BEFORE = rf"(?<![^\W{UNSPACED}])"
AFTER = rf"(?![^\W{UNSPACED}])"
WORD = re.compile(r"[^\W\d_]+")  # a word of a spaced script: a run of letters
# a number: one to three digits, not inside a longer number, a decimal or a word of a spaced script
NUMBER = re.compile(rf"(?<![.,_]){BEFORE}(\d{{1,3}})(?!\d)")
_BARE_NUMBER = re.compile(r"(?<![\d.,A-Za-z])(\d{1,3})(?!\d)")  # in a text without spaces ("e4" is a square)
_MARKS = "".join(chr(c) for c in range(0x300, 0x10000) if unicodedata.category(chr(c)) in ("Mn", "Mc", "Me"))
# Alphabets written without spaces (Thai, Lao, Tibetan, Myanmar, Khmer, Tai, Balinese, Javanese): a
# letter is no word there, ICU's dictionaries (or the words discovered in the text) cut their runs
# into words; a character of the others (ideographs, Yi) is a reading unit of its own.
ALPHABETIC = (
    "\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u1950-\u19df\u1a20-\u1aaf\u1b00-\u1b7f\ua980-\ua9df"
)
# Kana runs are reading units: katakana writes the loanwords of Japanese ("ゼロ", "プレーヤー": the
# prolonged sound mark included, the middle dot "・" between words excluded), a run of hiragana the
# endings and particles between kanji ("少なくとも": "少", "なくとも").
KATAKANA = "\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f"
HIRAGANA = "\u3041-\u3096\u309d-\u309f"
# the reading units of quantities: digit runs, runs of those alphabets (cut by `pieces`), kana runs,
# single characters of the other scripts without spaces, runs of letters (with their
# combining marks) elsewhere, any other single character
TOKEN = re.compile(
    rf"\d+(?:[.,:/]\d+)*|[{ALPHABETIC}]+|[{KATAKANA}]+|[{HIRAGANA}]+|[{UNSPACED}]"
    rf"|(?:[^\W\d_{UNSPACED}]|[{re.escape(_MARKS)}\u200c\u200d])+|\S",
    re.UNICODE,
)
_ALPHABETIC = re.compile(f"[{ALPHABETIC}]")
_IDEOGRAPHIC = re.compile(f"(?![{ALPHABETIC}])[{UNSPACED}]")
IDEOGRAPH_WIDTH = 3  # a word of 5 letters and a space is 1.7 ideographs or kana, on average


def lettered(word: str) -> bool:
    """Whether a word is made of letters, with their combining marks (Thai "นาที", Devanagari "मिनट":
    `str.isalpha` is false for a vowel sign) and joiners; at least one letter."""
    return any(c.isalpha() for c in word) and all(c.isalpha() or c in _MARK_SET for c in word)


_MARK_SET = frozenset(_MARKS + "\u200c\u200d")


def width(text: str) -> int:
    """The length of a text in letters of a spaced script: an ideograph or a kana counts as a short
    word ("9 pont kiszabott büntetés" and "９涫荓か腙り" are both too far for a list "9 and 2 minutes")."""
    return len(text) + (IDEOGRAPH_WIDTH - 1) * len(_IDEOGRAPHIC.findall(text))


def pieces(text: str) -> list[tuple[str, int]]:
    """The reading units of a text with their offsets (`TOKEN`; a run of an alphabet written without
    spaces cut into ICU's words, one unit a character where PyICU is absent)."""
    out: list[tuple[str, int]] = []
    for m in TOKEN.finditer(text):
        piece = m.group()
        if len(piece) > 1 and _ALPHABETIC.match(piece):
            out.extend((word.text, m.start() + word.start) for word in _alphabetic_words(piece))
        else:
            out.append((piece, m.start()))
    return out


@lru_cache(maxsize=20_000)
def _alphabetic_words(run: str) -> tuple[Word, ...]:
    model = _DISCOVERED.get(_block(run))
    if model is None:
        return _icu_words(run)
    return tuple(Word(run[a:b], a, b) for a, b in model.cut(run))


def _icu_words(run: str) -> tuple[Word, ...]:
    breaker = _breaker("")
    if breaker is None:
        return tuple(Word(c, i, i + 1) for i, c in enumerate(run))
    breaker.setText(run)
    out, start = [], breaker.first()
    for end in breaker:
        out.append(Word(run[start:end], start, end))
        start = end
    return tuple(out)


class Word(NamedTuple):
    text: str
    start: int
    end: int


def spaceless(text: str, language: str = "") -> bool:
    """Whether a text is written without spaces between its words (see the module's description)."""
    if language.split("-")[0].lower() in DICTIONARY_LANGUAGES:
        return True
    runs = WORD.findall(text)
    letters = sum(len(r) for r in runs)
    if not letters:
        return False
    if len(_UNSPACED_CHAR.findall(text)) * 2 > letters:
        return True
    return letters >= 3 * LONG_WORD and letters / len(runs) > LONG_WORD


def unspaced(word: str) -> bool:
    """Whether a word is written all in scripts without spaces between words (ideographs, kana, Thai...)."""
    return _UNSPACED_WORD.fullmatch(word) is not None


_UNSPACED_WORD = re.compile(f"[{UNSPACED}]+")


def words(text: str, language: str = "") -> list[Word]:
    """The words of a text (letters only: digits and marks are not words), with their offsets."""
    if not spaceless(text, language):
        return [Word(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]
    return list(_segmented(text, language))


def word_texts(text: str, language: str = "") -> list[str]:
    return [w.text for w in words(text, language)]


@lru_cache(maxsize=20_000)
def _segmented(text: str, language: str) -> tuple[Word, ...]:
    """The words of a text without spaces: the letter runs of the segments of ICU's word break
    iterator (ICU keeps digits inside a Thai word: "ร้อง10นาที" gives "ร้อง", "นาที"); in the runs of
    a script whose words were discovered in the text, those words."""
    runs = (
        [m.span() for m in _ALPHABETIC_RUN.finditer(text) if _block(m.group()) in _DISCOVERED]
        if _DISCOVERED
        else []
    )
    parts, at = [], 0  # the text less those runs
    for a, b in runs:
        parts += [text[at:a], " " * (b - a)]
        at = b
    read = "".join(parts) + text[at:]
    out: list[Word] = []
    breaker = _breaker(language)
    if breaker is None or any(ord(c) > 0xFFFF for c in text):  # ICU counts UTF-16 units beyond the BMP
        out.extend(Word(m.group(), m.start(), m.end()) for m in _CHARACTER_WORD.finditer(read))
    else:
        breaker.setText(text)
        start = breaker.first()
        for end in breaker:
            out.extend(Word(m.group(), m.start(), m.end()) for m in _MARKED_WORD.finditer(read, start, end))
            start = end
    for a, b in runs:  # the discovered words (their letters: no digit, no sign)
        for w in _alphabetic_words(text[a:b]):
            out.extend(
                Word(m.group(), m.start(), m.end())
                for m in _MARKED_WORD.finditer(text, a + w.start, a + w.end)
            )
    return tuple(sorted(out, key=lambda w: w.start))


_ALPHABETIC_RUN = re.compile(rf"[{ALPHABETIC}]+")
_CHARACTER_WORD = re.compile(rf"[{UNSPACED}]|[^\W\d_{UNSPACED}]+")
_MARKED_WORD = re.compile(rf"(?:[^\W\d_]|[{re.escape(_MARKS)}\u200c\u200d])+")  # vowel signs belong to words


@cache
def _breaker(language: str) -> Any:
    try:
        import icu
    except ImportError:
        print(
            "chesslaws: PyICU is not installed: texts without spaces are read one character a word",
            file=sys.stderr,
        )
        return None
    return icu.BreakIterator.createWordInstance(icu.Locale(language or "root"))


# Scripts whose words ICU's dictionaries do not know in the texts at hand (`discovered_words`): the
# first code point's block of 128 -> the words discovered from the texts. Set by `discovered`.
_DISCOVERED: dict[int, Discovered] = {}
_DERIVED: list[Callable[[], None]] = []  # empty the caches of what the words of a text give
_Cached = TypeVar("_Cached", bound=Callable[..., Any])
_Table = TypeVar("_Table", bound=dict[Any, Any])
MIN_LETTERS = 5_000  # letters of a script below which its words are not discovered: too few repetitions


def _block(run: str) -> int:
    return ord(run[0]) >> 7


def derived(function: _Cached) -> _Cached:
    """Mark a cached function of what the words of a text give: it is emptied when the words change."""
    _DERIVED.append(function.cache_clear)  # type: ignore[attr-defined]
    return function


def derived_table(table: _Table) -> _Table:
    """Mark a table of what the words of a text give (word lists cut into tokens): emptied when they
    change."""
    _DERIVED.append(table.clear)
    return table


def unknown_scripts(texts: Iterable[str]) -> dict[int, Discovered]:
    """The words of every alphabet without spaces (Thai, Lao, Khmer, Myanmar...) whose runs ICU cuts
    inconsistently in these texts, or hardly at all (a script it has no dictionary for: its words
    would be whole lines), discovered from them (see `discovered_words`)."""
    runs: dict[int, list[str]] = defaultdict(list)
    for text in texts:
        for m in _ALPHABETIC_RUN.finditer(text):
            runs[_block(m.group())].append(m.group())
    out: dict[int, Discovered] = {}
    for block, found in sorted(runs.items()):
        if sum(map(len, found)) < MIN_LETTERS:
            continue
        icu = [(run, tuple(w.text for w in _icu_words(run))) for run in found]
        long = sum(len(run) for run in found) > LONG_WORD * sum(len(cut) for _, cut in icu)
        if _breaker("") is None or long or consistency(standing(icu)) < CONSISTENT:
            out[block] = discover(found)
    return out


@contextmanager
def discovered(models: dict[int, Discovered]) -> Iterator[None]:
    """Read the texts of those scripts with the words discovered in them, for the time of a build."""
    previous = dict(_DISCOVERED)
    _set(models)
    try:
        yield
    finally:
        _set(previous)


def _set(models: dict[int, Discovered]) -> None:
    if models == _DISCOVERED:
        return
    _DISCOVERED.clear()
    _DISCOVERED.update(models)
    for clear in (_alphabetic_words.cache_clear, _segmented.cache_clear, *_DERIVED):
        clear()


def numbers(text: str, language: str = "") -> list[tuple[str, int, int]]:
    """The numbers written in digits (one to three of them, any script's digits) with their offsets."""
    pattern = _BARE_NUMBER if spaceless(text, language) else NUMBER
    return [(m.group(1), m.start(1), m.end(1)) for m in pattern.finditer(text)]


@cache
def terminal(character: str) -> bool:
    """Whether a character ends a sentence by itself, space or not after it: Unicode's sentence
    terminators ("。", "।", "։", "።", "؟", "！") except the ambiguous ASCII ones and the dot leaders."""
    if character in ".!?" or character in "…":
        return False
    try:
        import icu
    except ImportError:
        return character in "。！？｡।॥։።؟۔"
    return bool(icu.Char.hasBinaryProperty(character, icu.UProperty.S_TERM))


def whole(pattern: str) -> str:
    """A regular expression matched only as whole words (see `BEFORE`, `AFTER`)."""
    return f"{BEFORE}(?:{pattern}){AFTER}"
