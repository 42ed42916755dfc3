"""Quantities: numbers with what they count and their comparators, for the parameter stage.

A language's words come from three sources, each overriding the one before (`words`):
  1. the libraries made for them (text/cldr.py: CLDR unit names through Babel, ICU number spell-out);
  2. what the aligned editions taught (kb/learned_lexicon.py; passed in as `learned`);
  3. the curated kb/languages/<lang>.yaml, which refines and overrides but is never required.

Texts are read token by token with one tokenizer for every language: digit runs (any script, "٧",
"１０"), words (with their combining marks), and single characters of scripts written without spaces
(Han, kana, Thai...), so "多于１０分钟" reads as 多 于 １０ 分 钟 and a phrase of any language is
matched the same way it is written in the tables. A unit's long forms also match inflected words that
start with them ("perc" in "percet", "perccel"); short forms ("p", "min") match only whole.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from extract.io import languages
from extract.io.languages import DEFAULT_KB
from extract.text.cldr import library_words
from extract.text.words import derived, derived_table, lettered, pieces, width  # one tokenizer (words.py)

DIMENSION = {"x", "×", "*"}
CLAUSE_END = {".", ";", ":", "!", "?", "。", "；", "：", "؛", "।"}
BOUND_OF = {
    "more": "lower",
    "at_least": "lower",
    "between_lower": "lower",
    "less": "upper",
    "at_most": "upper",
    "between_upper": "upper",
}
INCLUSIVE = {
    "more": False,
    "at_least": True,
    "between_lower": True,
    "less": False,
    "at_most": True,
    "between_upper": True,
}
LIST_TABLES = {"units", "short_units", "comparators", "postfix"}  # name -> list of words
UNIT_SUFFIX = 5  # at most this many letters after a unit's long form ("perc" + "nél")
ENDING = 2  # letters an ending glues to a learned comparator ("미만" + "이면", "이고", "의")
STEM = "…"  # a learned word less its ending: "미만…" reads "미만" with an ending of ENDING letters at most


class Token(NamedTuple):
    text: str
    lower_: str
    idx: int


@derived
@lru_cache(maxsize=20_000)
def tokens(text: str) -> tuple[Token, ...]:
    """The tokens of a text with their offsets (one tokenizer for every language and script)."""
    return tuple(Token(piece, piece.casefold(), start) for piece, start in pieces(text))


def phrase(text: str) -> tuple[str, ...]:
    return tuple(t.lower_ for t in tokens(str(text)))


@dataclass(frozen=True)
class Quantity:
    """A number in a text with what it counts ("to minutter", "mindre end 15 minutter", "tredje")."""

    value: float
    unit: str  # minute | second | hour | move | cm | time | game | ordinal | factor | zero | next
    comparator: str | None  # more | at_least | less | at_most | between_lower | between_upper
    start: int  # character offsets in the analysed text, comparator included
    end: int
    tokens: tuple[str, ...]  # the words of the quantity as written, for finding it in the raw text
    side: str = ""  # where its comparator stands: "before" ("more than 10") or "after" ("10 or less")
    apart: int = 0  # words between the number and its unit word ("to spillere under partiet": 2)
    at: int = -1  # where the number itself starts, after a comparator before it ("højst tre"); -1: `start`

    @property
    def number_start(self) -> int:
        return self.start if self.at < 0 else self.at


def words(language: str, kb_dir: Path = DEFAULT_KB, learned: dict[str, Any] | None = None) -> dict[str, Any]:
    """A language's tables in kb/languages' shape: the libraries', then the learned, then the curated.
    A table (or a unit, a comparator) the curated file fills is the curated one: learned words only
    fill what a person has not written."""
    curated = languages.lexicon(Path(kb_dir), language)
    gaps: dict[str, Any] = {}
    for key, value in (learned or {}).items():
        if key in LIST_TABLES and isinstance(value, dict):
            gaps[key] = {k: v for k, v in value.items() if not (curated.get(key) or {}).get(k)}
        elif not curated.get(key):
            gaps[key] = value
    return _merge(_merge(library_words(language), gaps), curated)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """`over` on top of `base`: lists are joined, tables updated, nested tables (units, comparators)
    merged key by key."""
    result = dict(base)
    for key, value in over.items():
        old = result.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            if key in LIST_TABLES:
                joined = {k: list(v) for k, v in old.items()}
                for k, v in value.items():
                    joined[k] = list(dict.fromkeys([*joined.get(k, []), *v]))
                result[key] = joined
            else:
                result[key] = {**old, **value}
        elif isinstance(value, list) and isinstance(old, list):
            result[key] = list(dict.fromkeys([*old, *value]))
        elif value or key not in result:
            result[key] = value
    return result


@dataclass(frozen=True)
class Compiled:
    """A language's tables as the reader uses them."""

    single: dict[str, tuple[float, str | None]]  # number word -> (value, unit it implies)
    implied: dict[str, tuple[float, str | None]]  # the stem of a word that is a whole quantity
    units: dict[str, str]  # whole forms
    stems: dict[str, str]  # long forms that also match with an ending
    phrases: dict[tuple[str, ...], str]  # multi-token phrases -> label
    longest: int
    articles: frozenset[str]
    increments: frozenset[str]
    multiply: frozenset[str]
    replaced: str | None
    starts: dict[str, tuple[int, ...]] = field(
        default_factory=dict
    )  # first word -> phrase lengths, longest first
    memo: dict[str, str | None] = field(default_factory=dict, compare=False)  # unit_of_token's answers
    ordinal_words: dict[float, tuple[str, ...]] = field(default_factory=dict)  # value -> its ordinals
    cardinal_words: dict[float, tuple[str, ...]] = field(default_factory=dict)  # ... its number words
    digit_marks: dict[float, frozenset[str]] = field(default_factory=dict)  # ICU's "2nd", "2-й": marks
    ordinal_prefixes: frozenset[tuple[str, ...]] = frozenset()  # "第" (第2次), "ที่" (ครั้งที่ 2), "thứ"
    ordinal_marks: frozenset[str] = frozenset()  # learned, after the digits of any value: "回目" (2回目)
    long_units: dict[str, str] = field(default_factory=dict)  # unit names, no abbreviation: "분", "minute"


def compile_words(table: dict[str, Any]) -> Compiled:
    single: dict[str, tuple[float, str | None]] = {}
    phrases: dict[tuple[str, ...], str] = {}
    for key, unit in (
        ("numbers", None),
        ("ordinals", "ordinal"),
        ("times", "time"),
        ("multiplied", "factor"),
    ):
        for word, value in (table.get(key) or {}).items():
            split = phrase(str(word))
            if len(split) == 1:
                single[split[0]] = (float(value), unit)
            elif split:
                phrases.setdefault(split, f"NUM:{value}:{unit or ''}")
    implied: dict[str, tuple[float, str | None]] = {}  # a dual's other case: "دقيقتين" (not "ساعتها")
    for word, (value, unit) in (table.get("implied") or {}).items():
        split = phrase(str(word))
        if len(split) == 1:
            single[split[0]] = (float(value), unit)
            if len(split[0]) >= 6:
                implied[split[0][:-2] + split[0][-1]] = (float(value), unit)
        elif split:
            phrases.setdefault(split, f"NUM:{value}:{unit}")
    units: dict[str, str] = {}
    stems: dict[str, str] = {}
    for unit, forms in (table.get("short_units") or {}).items():
        for form in forms or []:
            split = phrase(str(form).rstrip("."))
            if len(split) == 1:
                units.setdefault(split[0], unit)
            elif split:
                phrases.setdefault(split, f"UNIT:{unit}")
    long_units: dict[str, str] = {}
    for unit, forms in (table.get("units") or {}).items():
        words = []
        for form in forms or []:
            split = phrase(str(form).rstrip("."))
            if len(split) == 1:
                units[split[0]] = unit
                long_units[split[0]] = unit
                if len(split[0]) >= 3 and lettered(split[0]):
                    stems[split[0]] = unit
                    words.append(split[0])
            elif split:
                phrases[split] = f"UNIT:{unit}"
        shared = {os.path.commonprefix(words), os.path.commonprefix([folded(w) for w in words])}
        for common in shared if len(words) > 1 else ():  # "timme", "timmar": "timma"; "წუთი", "წუთზე"
            if len(common) >= 3:  # Greek "δευτερόλεπτα", "δευτερολέπτων": "δευτερολεπτ"
                stems.setdefault(common, unit)
    groups = {f"PRE:{k}": v for k, v in (table.get("comparators") or {}).items()}
    groups |= {f"POST:{k}": v for k, v in (table.get("postfix") or {}).items()}
    instead = table.get("instead") or {}
    groups |= {
        "NEXT": table.get("next") or [],
        "ZERO": table.get("zero") or [],
        "MULT": table.get("multiply") or [],
        "MULTBY": table.get("multiplied_by") or [],
        "INSTEAD": instead.get("phrases") or [],
    }
    for label, listed in groups.items():
        for item in listed or []:
            split = phrase(str(item))
            if split:
                phrases[split] = label
    return Compiled(
        single,
        implied,
        units,
        stems,
        phrases,
        max((len(p) for p in phrases), default=1),
        frozenset(phrase(str(a))[0] for a in table.get("articles") or [] if phrase(str(a))),
        frozenset(str(w).casefold() for w in table.get("increment_words") or []),
        frozenset(str(w).casefold() for w in table.get("multiply") or []),
        instead.get("replaced"),
        {
            first: tuple(sorted({len(p) for p in phrases if p[0] == first}, reverse=True))
            for first in {p[0] for p in phrases}
        },
        ordinal_words={
            value: tuple(sorted(w for w, (v, u) in single.items() if v == value and u == "ordinal"))
            for value in {v for v, u in single.values() if u == "ordinal"}
        },
        digit_marks={
            float(value): frozenset(str(m).casefold() for m in marks)
            for value, marks in (table.get("digit_ordinals") or {}).items()
        },
        cardinal_words={
            value: tuple(sorted(w for w, (v, u) in single.items() if v == value and u is None))
            for value in {v for v, u in single.values() if u is None}
        },
        ordinal_prefixes=ordinal_prefixes(table.get("ordinals") or {}, table.get("numbers") or {}),
        ordinal_marks=frozenset(str(m).casefold() for m in table.get("ordinal_marks") or []),
        long_units=long_units,
    )


def ordinal_prefixes(ordinals: dict[str, Any], numbers: dict[str, Any]) -> frozenset[tuple[str, ...]]:
    """What a language's ordinals put before the cardinal of their value, when most of them do so
    (ICU's "第二", "ที่สอง", "thứ ba"): before digits too it makes them ordinals ("第2次", "ครั้งที่ 2")."""
    cardinals: dict[float, list[str]] = {}
    for word, value in numbers.items():
        cardinals.setdefault(float(value), []).append(str(word).casefold())
    found: dict[str, set[float]] = {}
    for word, value in ordinals.items():
        ordinal = str(word).casefold()
        for cardinal in cardinals.get(float(value), []):
            if ordinal.endswith(cardinal) and len(ordinal) > len(cardinal):
                found.setdefault(ordinal[: -len(cardinal)].strip(), set()).add(float(value))
    values = {float(v) for v in ordinals.values()}
    return frozenset(
        phrase(prefix) for prefix, held in found.items() if prefix and len(held) >= max(3, len(values) / 2)
    )


_COMPILED: dict[tuple[str, str, int], tuple[dict[str, Any] | None, Compiled]] = derived_table({})  # tokens


def compiled(language: str, kb_dir: Path = DEFAULT_KB, learned: dict[str, Any] | None = None) -> Compiled:
    """The compiled tables of a language (kept while `learned` is the same object)."""
    key = (language, str(kb_dir), id(learned))
    hit = _COMPILED.get(key)
    if hit is None or hit[0] is not learned:
        hit = _COMPILED[key] = (learned, compile_words(words(language, kb_dir, learned)))
    return hit[1]


def _phrase_at(doc: tuple[Token, ...], i: int, table: Compiled, kind: str) -> tuple[str, int] | None:
    """The longest phrase of the tables of this kind ("NUM:", "UNIT:") starting at token `i`: (its
    label, its last token), or None."""
    lowers = [t.lower_ for t in doc[i : i + table.longest]] if 0 <= i < len(doc) else []
    for size in table.starts.get(lowers[0], ()) if lowers else ():
        label = table.phrases.get(tuple(lowers[:size])) if size <= len(lowers) else None
        if label is not None and label.startswith(kind):
            return label, i + size - 1
    return None


def number_phrase(doc: tuple[Token, ...], i: int, table: Compiled) -> tuple[int, float] | None:
    """A number written in several tokens starting at `i`, the longest the tables know (in a script
    without spaces, "六十" is two tokens): (its last token, its value), or None."""
    found = spoken_phrase(doc, i, table)
    return None if found is None else found[:2]


def spoken_phrase(doc: tuple[Token, ...], i: int, table: Compiled) -> tuple[int, float, str | None] | None:
    """`number_phrase` with what the tables say the words are: (last token, value, None for a
    cardinal, "ordinal", "time", "factor")."""
    found = _phrase_at(doc, i, table, "NUM:")
    if found is None:
        return None
    _, value, unit = found[0].split(":")
    return found[1], float(value), unit or None


def unit_at(doc: tuple[Token, ...], i: int, table: Compiled) -> tuple[str, int] | None:
    """The unit named at token `i`: a phrase of several tokens the tables know (CLDR's "分钟" is two
    tokens of a script without spaces) or a unit word: (unit, its last token), or None."""
    found = _phrase_at(doc, i, table, "UNIT:")
    if found is not None:
        return found[0][5:], found[1]
    unit = unit_of_token(doc[i].lower_, table) if 0 <= i < len(doc) else None
    return None if unit is None else (unit, i)


def on_square(doc: tuple[Token, ...], i: int) -> bool:
    """Digits glued after a letter of a script with capitals are no number: a square of the board
    ("Sf3", "Bxe4"), the rank a piece moves from ("S5f3"), a name ("Chess960", "A3"). Scripts without
    capitals glue words to digits ("10分钟", "ร้อง10นาที", "2回目")."""
    before = doc[i - 1] if i > 0 else None
    return (
        before is not None
        and touching(before, doc[i])
        and before.text[-1:].isalpha()
        and (before.text[-1].isupper() or before.text[-1].islower())
    )


def unaccented(word: str) -> str:
    """A Latin-script word without its accents ("én" -> "en": Danish stresses "one" so), else ""."""
    plain = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    return plain if plain != word and plain.isascii() else ""


def word_value(token: str, table: Compiled) -> tuple[float, str | None] | None:
    """(value, unit) of a word read as one number: a number word, or a dual's case ("دقيقتين")."""
    hit = table.single.get(token)
    if hit is None and not token.isascii():
        hit = table.implied.get(token[:-2] + token[-1:])
    return hit


def unit_of_token(token: str, table: Compiled) -> str | None:
    """The unit a word names: a whole form, or a long form with an ending (the longest that fits)."""
    if token in table.memo:
        return table.memo[token]
    table.memo[token] = unit = _unit_of(token, table)
    return unit


def _unit_of(token: str, table: Compiled) -> str | None:
    token = token.rstrip(".")
    unit = table.units.get(token)
    if unit is not None:
        return unit
    for form in dict.fromkeys((token, folded(token))):
        for cut in range(len(form) - 1, max(2, len(form) - UNIT_SUFFIX - 1), -1):
            unit = table.stems.get(form[:cut])
            if unit is not None:
                return unit
    return None


def folded(word: str) -> str:
    """A word without the accents written above or below its letters (combining class 200 and more:
    Greek "λέπτων" -> "λεπτων", where the stress moves with the ending), the marks of scripts whose
    vowels are signs (Devanagari, Thai) kept."""
    decomposed = unicodedata.normalize("NFD", word)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.combining(c) < 200))


def _matches(doc: tuple[Token, ...], table: Compiled) -> dict[int, tuple[str, int]]:
    """First token -> (label, end token) of the longest phrase starting there."""
    found: dict[int, tuple[str, int]] = {}
    if not table.phrases:
        return found
    lowers = [t.lower_ for t in doc]
    for i in range(len(doc)):
        sizes = table.starts.get(lowers[i])
        if sizes is None:
            stem = _stem_phrase(lowers[i], table)
            if stem is not None:
                found[i] = (stem, i + 1)
            continue
        for size in sizes:
            if i + size > len(doc):
                continue  # a phrase longer than what is left of the text ("ที่ สาม" at its very end)
            label = table.phrases.get(tuple(lowers[i : i + size]))
            if label is not None:
                found[i] = (label, i + size)
                break
    return found


def _stem_phrase(word: str, table: Compiled) -> str | None:
    """The label of a learned word less its ending that `word` is with one ("미만이면": "미만…")."""
    for k in range(1, ENDING + 1):
        if len(word) - k >= 2:
            label = table.phrases.get((word[:-k], STEM))
            if label is not None:
                return label
    return None


def quantities(
    text: str, language: str, kb_dir: Path = DEFAULT_KB, learned: dict[str, Any] | None = None
) -> list[Quantity]:
    """Quantities in a text, in order."""
    table = compiled(language, kb_dir, learned)
    doc = tokens(text)
    phrases = _matches(doc, table)
    ending: dict[int, tuple[str, int]] = {}  # last token + 1 -> the longest phrase ending there
    for begin, (label, stop) in phrases.items():
        ending.setdefault(stop, (label, begin))

    def number(i: int) -> tuple[float, str | None, int] | None:
        token = doc[i].lower_
        if token.isdigit():
            if len(token) > 3 or on_square(doc, i):
                return None
            last = digit_ordinal(doc, i, table)
            if last is None and _prefixed_ordinal(doc, i, table):
                last = i
            kind = None if last is None else "ordinal"
            return (float(int(token)), kind, last if last is not None else case_ending(doc, i, table))
        label = phrases.get(i, ("", 0))
        if label[0].startswith("NUM:"):  # the longest first: "六十" is sixty, not "六" (six) and "十"
            _, value, unit = label[0].split(":")
            return float(value), unit or None, label[1] - 1
        hit = word_value(token, table) or (None if token.isascii() else table.single.get(unaccented(token)))
        if hit is not None:
            if hit[1] is None and _prefixed_ordinal(doc, i, table):
                return hit[0], "ordinal", i  # "lần thứ hai": the prefix of "thứ ba" before "hai" (two)
            return hit[0], hit[1], i
        return None

    found: list[Quantity] = []
    between_pending = False
    i = read_up_to = 0
    while i < len(doc):
        label = phrases.get(i, ("", 0))[0]
        if label in ("ZERO", "NEXT"):
            stop = phrases[i][1]
            found.append(_quantity(doc, 0.0 if label == "ZERO" else 1.0, label.lower(), None, i, stop - 1))
            i = stop
            continue
        parsed = number(i)
        if parsed is None:
            if doc[i].text in CLAUSE_END:
                between_pending = False  # a range ends with its clause
            i += 1
            continue
        value, unit, last = parsed
        if unit is None and ending.get(i, ("",))[0] == "MULTBY":
            unit = "factor"  # "multiplied by 60", "умноженное на 60"
        apart = 0
        if unit is None:
            unit, last, apart = _unit_after(doc, last, table, phrases, number)
        if doc[i].lower_ in table.articles and unit not in ("minute", "hour", "second"):
            i += 1
            continue  # "et træk" is a move, not one move
        comparator = None
        pre = ending.get(i)
        start_token = i
        if pre and pre[1] < read_up_to:
            pre = None  # the previous quantity's words ("10분 초과 60분": "초과" is the 10's, after it)
        if pre and pre[0].startswith("PRE:"):
            comparator, start_token = pre[0][4:], pre[1]
        if comparator == "between":
            comparator, between_pending = "between_lower", True
        elif between_pending and comparator is None:
            comparator, between_pending = "between_upper", False
        post = phrases.get(last + 1)
        if post is None and last + 2 < len(doc) and doc[last + 1].text in (",", "("):
            post = phrases.get(last + 2)  # "10 perc, vagy annál kevesebb", "30 sekunder (eller mer)"
        if post and post[0].startswith("POST:") and comparator is None:
            opened = doc[last + 1].text == "("
            comparator, last = post[0][5:], post[1] - 1
            if opened and last + 1 < len(doc) and doc[last + 1].text == ")":
                last += 1  # the quantity's words close the bracket they opened
        if (table.replaced == "after" and ending.get(start_token, ("",))[0] == "INSTEAD") or (
            table.replaced == "before" and phrases.get(last + 1, ("",))[0] == "INSTEAD"
        ):
            comparator = "replaced"  # "1 minut i stedet for to minutter": the old value
        quantity = _quantity(doc, value, unit or "bare", comparator, start_token, last)
        side = "before" if start_token < i else "after" if post and comparator == post[0][5:] else ""
        at = doc[i].idx if start_token < i else -1  # a comparator before: side is "before"
        found.append(replace(quantity, side=side, apart=apart, at=at) if side or apart else quantity)
        i = read_up_to = last + 1
    return _whole_ranges(_inherit_units(found, text), text)


ORDINAL_INDICATORS = frozenset("ºª")  # Unicode's ordinal indicators: "2º", "2ª"


CASE_ENDING = 3  # letters of a case ending a hyphen glues to digits at most ("10-аас", "10-ზე", "10-nél")


def case_ending(doc: tuple[Token, ...], i: int, table: Compiled) -> int:
    """The last token of the digits at `i` with a case ending a hyphen glues to them (Mongolian
    "10-аас цөөн", fewer than 10; Georgian "10-ზე ნაკლები"): a `_short_ending`; else `i`. The word
    after it may be the unit."""
    k = i + 2
    hyphen = k < len(doc) and doc[i + 1].text == "-" and touching(doc[i], doc[i + 1], doc[k])
    return k if hyphen and _short_ending(doc, k, table) else i


def _short_ending(doc: tuple[Token, ...], k: int, table: Compiled) -> bool:
    """Token `k` is a word of CASE_ENDING letters at most that names no unit, with nothing glued after
    it ("2-aj10")."""
    ending = doc[k].lower_
    if not lettered(ending) or len(ending) > CASE_ENDING or unit_of_token(ending, table) is not None:
        return False
    return not (k + 1 < len(doc) and touching(doc[k], doc[k + 1]) and doc[k + 1].text.isalnum())


def touching(*run: Token) -> bool:
    """Whether each token starts right where the one before it ends (no space between)."""
    return all(a.idx + len(a.text) == b.idx for a, b in zip(run, run[1:], strict=False))


def digit_ordinal(doc: tuple[Token, ...], i: int, table: Compiled) -> int | None:
    """The last token of an ordinal written in digits ("2nd", "2-й", "3-я", "2-a", "2e", "2º"), or
    None: a digit run with, glued to it, an ordinal indicator, or the ending of the language's ordinal
    word of that value (ICU's "second", "второй", "dua", "deuxième") that names no unit."""
    glued = [i]
    for k in range(i + 1, min(i + 3, len(doc))):
        if not touching(doc[k - 1], doc[k]):
            break
        glued.append(k)
    if len(glued) < 2:
        return None
    value = float(int(doc[i].lower_))
    marks = table.digit_marks.get(value, frozenset())
    for last in range(len(glued) - 1, 0, -1):  # ICU's own forms first, the longest
        if (
            mark := "".join(doc[k].lower_ for k in glued[1 : last + 1])
        ) in marks or mark in table.ordinal_marks:
            return _unless_counted(doc, glued[last], value, table)
    if doc[glued[1]].text in ORDINAL_INDICATORS:
        return glued[1]
    k = glued[2] if doc[glued[1]].text == "-" and len(glued) == 3 else glued[1]
    if not _short_ending(doc, k, table):
        return None
    ending = doc[k].lower_
    words = table.ordinal_words.get(value, ())
    if any(w.endswith(ending) and w != ending for w in words):
        return _unless_counted(doc, k, value, table)
    return None


MEASURES = ("minute", "second", "hour", "cm")


def _prefixed_ordinal(doc: tuple[Token, ...], i: int, table: Compiled) -> bool:
    """Digits or a cardinal word after the language's ordinal prefix that count something other than
    a measure: a unit word right after them or right before the prefix ("第2次", "ครั้งที่ 2", "lần
    thứ hai": the second time); "第7条" cites an article, "ที่ 10 นาที" counts minutes."""
    before = tuple(t.lower_ for t in doc[:i])
    prefix = next((p for p in table.ordinal_prefixes if p and before[-len(p) :] == p), None)
    if prefix is None:
        return False
    after = unit_of_token(doc[i + 1].lower_, table) if i + 1 < len(doc) else None
    k = i - len(prefix) - 1
    counted = after or (unit_of_token(doc[k].lower_, table) if k >= 0 else None)
    return counted is not None and counted not in MEASURES and after not in MEASURES


def _unless_counted(doc: tuple[Token, ...], k: int, value: float, table: Compiled) -> int | None:
    """`k`, unless the ending after the digits ends a case of the cardinal too and a unit word follows:
    "2-х минут" (двух минут) counts two minutes."""
    ending = doc[k].lower_
    cardinal = any(w.endswith(ending) for w in table.cardinal_words.get(value, ()))
    if cardinal and k + 1 < len(doc) and unit_of_token(doc[k + 1].lower_, table) is not None:
        return None
    return k


def _quantity(
    doc: tuple[Token, ...], value: float, unit: str, comparator: str | None, first: int, last: int
) -> Quantity:
    return Quantity(
        value,
        unit,
        comparator,
        doc[first].idx,
        doc[last].idx + len(doc[last].text),
        tuple(t.text for t in doc[first : last + 1] if t.text.strip()),
    )


def _unit_after(
    doc: tuple[Token, ...], i: int, table: Compiled, phrases: dict[int, tuple[str, int]], number: Any
) -> tuple[str | None, int, int]:
    """The unit a number counts: one of the next five words. "60 gange tillægstiden" multiplies an
    increment (factor); "20 gange 20 cm" is a dimension; "fem gange" counts occurrences; "60-szorosa"
    (a multiplier glued to the number) is a factor. Also how many words stand between the number
    and its unit word ("to spillere under partiet": two)."""
    for j in range(i + 1, min(i + 6, len(doc))):
        token = doc[j].lower_
        if j == i + 1 and unit_of_token(token, table) is not None and token in table.single:
            return unit_of_token(token, table), j, 0  # "1 segundo": the unit, not "the second"
        if token in CLAUSE_END or number(j) is not None:
            return None, i, 0
        label = phrases.get(j, ("", 0))
        if label[0] == "MULT" or token in DIMENSION:
            if j + 1 < len(doc) and number(j + 1) is not None:
                # "20 gange 20 centimeter": the unit comes with the second number
                return "dimension", j, _apart(doc, i, j)
            if any(t.lower_ in table.increments for t in doc[j + 1 : j + 4]):
                return "factor", label[1] - 1 if label[0] == "MULT" else j, _apart(doc, i, j)
            if label[0] == "MULT" and j == i + 2 and doc[i + 1].text == "-":
                return "factor", label[1] - 1, _apart(doc, i, j)
            if label[0] == "MULT" and j == i + 1 and _factor_glued_or_after(doc, i, table):
                return "factor", label[1] - 1, _apart(doc, i, j)
        if label[0].startswith("UNIT:"):
            return label[0][5:], label[1] - 1, _apart(doc, i, j)
        unit = unit_of_token(token, table) or (_unit_less_ending(token, table) if j == i + 1 else None)
        if unit is not None and not _piece_letter(doc, j):
            return unit, j, _apart(doc, i, j)
    return None, i, 0


def _piece_letter(doc: tuple[Token, ...], j: int) -> bool:
    """A Latin letter glued to the digit after it names a piece ("S5xf3"), not a unit ("S", "h")."""
    after = doc[j + 1] if j + 1 < len(doc) else None
    return (
        after is not None and touching(doc[j], after) and after.lower_[:1].isdigit() and doc[j].text.isascii()
    )


def _apart(doc: tuple[Token, ...], i: int, j: int) -> int:
    """The words between token `i` and token `j`."""
    return sum(1 for t in doc[i + 1 : j] if lettered(t.lower_))


def _unit_less_ending(word: str, table: Compiled) -> str | None:
    """The unit a word right after a number names with an ending glued to it: a unit's name of one or
    two syllables and one or two letters more (Korean "2분을", "5초의": minutes, seconds with a case
    particle). Longer names take their endings through `stems`; a name of one or two Latin letters is
    an abbreviation ("h", "cm"), which takes none."""
    for k in range(1, ENDING + 1):
        name = word[:-k]
        if 0 < len(name) <= 2 and not name.isascii() and lettered(word):
            unit = table.long_units.get(name)
            if unit is not None:
                return unit
    return None


def _factor_glued_or_after(doc: tuple[Token, ...], i: int, table: Compiled) -> bool:
    """A multiplier right after the number multiplies an increment: glued to it ("60倍", "60배") or
    after an increment word ("वृद्धि का 60 गुना", "ek sürenin 60 katı": the increment before)."""
    glued = touching(doc[i], doc[i + 1])
    return glued or any(t.lower_ in table.increments for t in doc[max(i - 3, 0) : i])


def _inherit_units(found: list[Quantity], text: str) -> list[Quantity]:
    """A bare number joined to the next quantity of the same clause takes its unit ("mellem 15 og 60
    minutter", "mer enn 10 men mindre enn 60 minutter", "20 x 20 cm"); other bare numbers are dropped."""
    result: list[Quantity] = []
    for k, q in enumerate(found):
        if q.unit == "bare" and not (q.tokens[-1].isdigit() or q.comparator):
            continue  # "en spelare": an article, not the number one
        if q.unit in ("bare", "dimension"):
            following = next((f for f in found[k + 1 :] if f.unit not in ("bare", "dimension")), None)
            between = text[q.end : following.start] if following else ""
            if (
                following is None
                or width(between) > 12
                or any(c in between for c in ".;")
                or following.unit in ("zero", "next", "ordinal", "factor")
            ):
                continue
            q = replace(q, unit=following.unit)
        result.append(q)
    return result


def _whole_ranges(found: list[Quantity], text: str) -> list[Quantity]:
    """Two quantities of one unit of time joined by at most three words in one clause ("mer än 10
    minuter, men mindre än 60 minuter", "mellem 15 og 60 minutter") are a range. It is read only when
    one end is a lower bound and the other an upper one: where one end's comparator is unknown, or
    both ends bound alike ("än 10 ... än 60" with "än" taken for "less"), neither end keeps its
    comparator. The range is then absent rather than guessed."""
    result = list(found)
    for k in range(len(found) - 1):
        first, second = found[k], found[k + 1]
        if first.unit != second.unit or first.unit not in ("minute", "second", "hour"):
            continue
        if "replaced" in (first.comparator, second.comparator):
            continue
        between = text[first.end : second.start]
        if any(c in CLAUSE_END for c in between) or sum(lettered(t.lower_) for t in tokens(between)) > 3:
            continue
        bounds = {BOUND_OF.get(str(first.comparator)), BOUND_OF.get(str(second.comparator))}
        if bounds not in ({"lower", "upper"}, {None}):
            result[k] = replace(result[k], comparator=None, side="")
            result[k + 1] = replace(result[k + 1], comparator=None, side="")
    return result
