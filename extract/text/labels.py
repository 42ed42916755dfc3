"""Labels and headings: normalised labels, the markers that open provisions, and the heading words of
kb/languages (article, appendix, guideline and structural headings of every language, merged).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from extract.io.languages import DEFAULT_KB, structure_words
from extract.text.words import UNSPACED

CONTINUE = "+"


Learned = tuple[tuple[str, tuple[str, ...]], ...]  # (structure key, words), sorted: hashable
# Structure words learned from aligned editions (extract/kb/learned_structure.py) for the segmentation
# under way: added to kb/languages' words while `learned_structure` is active, never written anywhere.
_LEARNED: ContextVar[Learned] = ContextVar("learned_structure", default=())


@contextmanager
def learned_structure(words: Mapping[str, Sequence[str]] | None) -> Iterator[None]:
    """Segment with these structure words (key -> words, as in kb/languages) beside the curated ones."""
    frozen = sorted((key, tuple(sorted({w.casefold() for w in ws}))) for key, ws in (words or {}).items())
    token = _LEARNED.set(tuple((key, ws) for key, ws in frozen if ws))
    try:
        yield
    finally:
        _LEARNED.reset(token)


def structure_lexicon(kb_dir: Path = DEFAULT_KB) -> dict[str, Any]:
    """The words that name parts of the Laws, of every language in kb/languages (merged), and those
    learned for the segmentation under way."""
    return _lexicon(Path(kb_dir), _LEARNED.get())


@cache
def _lexicon(kb_dir: Path, learned: Learned) -> dict[str, Any]:
    merged = structure_words(kb_dir)
    if not learned:
        return merged
    merged = {key: list(words) if isinstance(words, list) else words for key, words in merged.items()}
    for key, words in learned:
        merged[key] = merged.get(key, []) + [w for w in words if w not in merged.get(key, [])]
    return merged


@dataclass(frozen=True)
class HeadingPatterns:
    """Article, appendix and guideline headings, built from the structure words of kb/languages."""

    chapter: re.Pattern[str]  # "1. fejezet", "11 fejezet A játékosok viselkedése", "7. cikk"
    article: re.Pattern[str] | None  # "Article 7: Irregularities", "Статья 7:", "Artikel 7"
    appendix: re.Pattern[str]  # "A. Hængepartier", "Tillæg A. Hurtigskak", "## C.", "G: Guidelines"
    appendix_word: re.Pattern[str]  # "Tillegg G", "Függelék D. …"
    guideline: re.Pattern[str]  # "Anbefaling I. Afbrudte partier", "III. Bónuszidő …"


def _alternatives(words: list[str], fallback: str) -> str:
    """A regex alternation of words, longest first; a pattern that never matches when there are none."""
    ordered = sorted({str(w) for w in words}, key=len, reverse=True)
    return "|".join(re.escape(w) for w in ordered) or fallback


def heading_patterns(kb_dir: Path = DEFAULT_KB) -> HeadingPatterns:
    return _heading_patterns(Path(kb_dir), _LEARNED.get())


@cache
def _heading_patterns(kb_dir: Path, learned: Learned) -> HeadingPatterns:
    lexicon = _lexicon(kb_dir, learned)
    never = r"(?!x)x"
    appendix = _alternatives(lexicon["appendix_words"], never)
    guideline = _alternatives(lexicon["guideline_words"], never)
    chapter = _alternatives(lexicon["chapter_words"] + lexicon["article_after"], never)
    before = lexicon["article_before"]
    article = None
    if before:
        article = re.compile(
            rf"^(?i:{_alternatives(before, never)}){_SPACE}(\d{{1,2}})(?![.,]?\d)\s*[:.–-]?\s*(.*)$"
        )
    return HeadingPatterns(
        chapter=re.compile(rf"^(\d{{1,2}})\s*\.?\s*(?i:{chapter})\b\s*[:.]?\s*(.*)$"),
        article=article,
        appendix=re.compile(
            rf"^(?:(?i:{appendix}){_SPACE})?([A-H])\s*(?:\.|:(?=\s))(?!\s*\d)\s*(\S.{{0,100}})?$"
        ),
        appendix_word=re.compile(rf"^(?i:{appendix}){_SPACE}([A-H])\b\.?\s*(.*)$"),
        guideline=re.compile(rf"^(?:(?i:{guideline}){_SPACE})?({ROMAN_UPPER})\.\s+(?!\d)(\S.*)$"),
    )


def structural_label(text: str, kb_dir: Path = DEFAULT_KB) -> str | None:
    """The structural label ("preface", "part.competition", "GL" …) a heading line names, if any."""
    key = re.sub(r"^[\d.\s]+(?=\D)", "", text).strip().rstrip(":.").strip().casefold()
    key = " ".join(key.split())
    if not key or len(key) > 60:
        return None
    lexicon = structure_lexicon(kb_dir)
    for label, words in lexicon.items():
        if label in STRUCTURE_LABELS and key in words:
            return str(label)
    for label, titles in lexicon["guideline_titles"].items():
        if key in titles:
            return str(label)
    return None


STRUCTURE_LABELS = (
    "intro", "preface", "contents", "part.basic", "part.competition", "part.appendices",
    "part.guidelines", "glossary",
)  # fmt: skip

# Letters of other scripts that look like Latin ones, folded in labels ("В.1" with a Cyrillic Ve is B.1).
LOOKALIKES = str.maketrans("АВСЕНІКМОРТХЈЅаеорсхіјѕΑΒΕΗΙΚΜΝΟΡΤΧΖ", "ABCEHIKMOPTXJSaeopcxijsABEHIKMNOPTXZ")
_LABEL_HEAD = re.compile(r"^\W{0,3}([^\W\d_]{1,3})(?=[\s.:)]*\d|\.\s|\s*$)")
# "Παράρτημα Α.", "Приложение В": one look-alike capital after one word (an appendix heading)
_WORD_LETTER = re.compile(r"^[^\W\d_]\S*\s+([^\W\d_])(?=[.:]?(?:\s|$))")
# Label punctuation of other scripts, one code point each: the Arabic decimal separator, the Urdu full stop.
_LABEL_PUNCT = {"\u066b": ".", "\u06d4": "."}
_LABEL_RUN = re.compile(r"\d[\d.:()\uff0e\uff1a\uff08\uff09\u066b\u06d4]*")
_FOLD_SPAN = 40  # a label sits in a line's first characters


def fold_char(ch: str) -> str:
    """One character of a label in ASCII: a digit of any script ("٧", "۷", "७", "７") is its value, a
    full-width form ("．", "：", "Ａ") its ASCII twin; anything else is kept. Always one character."""
    if ch.isascii():
        return ch
    value = unicodedata.decimal(ch, None)
    if value is not None:
        return str(value)
    if "\uff01" <= ch <= "\uff5e":
        return chr(ord(ch) - 0xFEE0)
    return _LABEL_PUNCT.get(ch, ch)


def fold_digits(text: str) -> str:
    """The label region of a line (up to the end of its first run of digits and label punctuation, or its
    first two words when it has none) with digits and full-width forms folded to ASCII."""
    head = text[:_FOLD_SPAN]
    run = _LABEL_RUN.search(head)
    if run:
        stop = run.end()
    else:
        words = re.match(r"\S*\s*\S*", head)
        stop = words.end() if words else 0
    if head[:stop].isascii():
        return text
    return "".join(fold_char(ch) for ch in text[:stop]) + text[stop:]


def fold_label(text: str) -> str:
    """The text with its leading label in ASCII: digits of other scripts and full-width forms folded, and
    look-alike letters of other scripts folded to Latin; the same length, so offsets and the printed
    label (taken from the unfolded text) are kept."""
    text = fold_digits(text)
    for pattern in (_LABEL_HEAD, _WORD_LETTER):
        match = pattern.match(text)
        if not match:
            continue
        head = match.group(1)
        folded = head.translate(LOOKALIKES)
        if pattern is _WORD_LETTER and not head.isupper():
            continue
        if head.islower() and not re.match(r"[.:]?\d", text[match.end(1) :]):
            continue  # "в)", "с) …": a sub-item letter of its own alphabet (item_letter), no look-alike
        if folded != head and folded.isascii():
            text = text[: match.start(1)] + folded + text[match.end(1) :]
    return text


# ---------------------------------------------------------------------------------------------
# Labels

ROMAN_UPPER = r"(?:IV|V|I{1,3})"
_LABEL_TOKEN = re.compile(r"\d+|(?<![A-Za-z])[IVX]+(?![A-Za-z])|[A-Z](?![a-z])|[ivx]+(?![a-z])|[a-z]")


def normalize_label(printed: str) -> str:
    """Normalise a printed label: "3.7 a)" -> "3.7.a", "A 3.1.1" -> "A.3.1.1", "E1" -> "E.1"."""
    text = "".join(fold_char(ch) for ch in printed).replace("§", " ")
    text = re.sub(
        r"[A-Za-zÀ-ÿ]{2,}(?<![IVX]{2})(?<![ivx]{2})",
        lambda m: " " if not re.fullmatch(r"[IVX]+|[ivx]+", m.group()) else m.group(),
        text,
    )
    return ".".join(_LABEL_TOKEN.findall(text))


# ---------------------------------------------------------------------------------------------
# Sub-item letters of other alphabets: "а) б) в)", "α) β) γ)", "أ) ب) ج)". A list's letters follow one of
# the orders its script letters lists in (the alphabets of the languages written in it, and the abjad
# order of Arabic, Persian and Greek numerals); a letter's value is the Latin letter of the same place
# in its list ("в" third -> c), never its look-alike (the Cyrillic "в" looks like B).

LETTER_ORDERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(order.split()) if " " in order else tuple(order)
    for order in (
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",  # Russian
        "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",  # Ukrainian
        "абвгдеёжзійклмнопрстуўфхцчшыьэюя",  # Belarusian
        "абвгдежзийклмнопрстуфхцчшщъьюя",  # Bulgarian
        "абвгдђежзијклљмнњопрстћуфхцчџш",  # Serbian
        "абвгдѓежзѕијклљмнњопрстќуфхцчџш",  # Macedonian
        "αβγδεζηθικλμνξοπρστυφχψω",  # Greek
        "α β γ δ ε στ ζ η θ ι ια ιβ ιγ ιδ ιε",  # Greek numerals
        "أ ب ج د هـ و ز ح ط ي ك ل م ن س ع ف ص ق ر ش ت ث خ ذ ض ظ غ",  # Arabic abjad
        "ا ب ج د ه و ز ح ط ي ك ل م ن س ع ف ص ق ر ش ت ث خ ذ ض ظ غ",
        "أ ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي",  # Arabic alphabetical
        "الف ب ج د ه و ز ح ط ی ک ل م ن س ع ف ص ق ر ش ت ث خ ذ ض ظ غ",  # Persian abjad
        "الف ب پ ت ث ج چ ح خ د ذ ر ز ژ س ش ص ض ط ظ ع غ ف ق ک گ ل م ن و ه ی",  # Persian
        "אבגדהוזחטיכלמנסעפצקרשת",  # Hebrew
        "աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ",  # Armenian
        "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",  # Georgian
        "कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह",  # Devanagari
        "কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ",  # Bengali
        "กขคงจฉชซฌญ",  # Thai
    )
)
FIRST_LETTERS = frozenset(order[0] for order in LETTER_ORDERS)
NEXT_LETTERS: dict[str, frozenset[str]] = {
    letter: frozenset(o[i + 1] for o in LETTER_ORDERS for i in range(len(o) - 1) if o[i] == letter)
    for letter in {letter for order in LETTER_ORDERS for letter in order}
}
_ITEMS = "|".join(re.escape(x) for x in sorted(NEXT_LETTERS, key=len, reverse=True))
FOREIGN_LETTER = re.compile(rf"^(?:\(|\[)?({_ITEMS})(?:\)\.?|\]|\.(?![\w.])|\s?[-–](?=\s))\s*")


def item_letter(text: str) -> tuple[str, str, int] | None:
    """(letter, printed marker, end) of a sub-item letter of another alphabet opening `text` ("б) …",
    "(ج) …", "στ. …"); its Latin value depends on the list it continues (see `LETTER_ORDERS`)."""
    match = FOREIGN_LETTER.match(text)
    if not match:
        return None
    return match.group(1), match.group(0).strip(), match.end()


# ---------------------------------------------------------------------------------------------
# Markers at the start of a cleaned line

SECTION_HEAD = re.compile(r"^§\s*(\d{1,2})(?![.\d]\d)\s*[.:]?\s*(.*)$")
TITLE_HEAD = re.compile(r"^(\d{1,2})\.\s+([A-ZÆØÅÄÖÉÁ][^.:;]{2,70})$")
PREFIXED = re.compile(
    rf"^(?:§\s*)?({ROMAN_UPPER}|[A-H])(?:\s?\.\s?|\s)?(\d{{1,2}}(?:\.\d{{1,2}})*)\.?(?![\d\-–])"
)
PLAIN = re.compile(r"^(?:§\s*)?(\d{1,2}(?:\.\d{1,2})+)\.?(?![\d\-–])")
LETTER = re.compile(r"^(?:\(|\[)?([a-z])(?:\)\.?|\]|\.(?![\w.]))\s*")
BARE_LETTER = re.compile(r"^([a-h])\s{1,3}(?=[a-zæøåäöéá])")
ROMAN = re.compile(r"^\(?(iv|v|i{1,3})[.)]\s*")
PAREN_NUM = re.compile(r"^(?:\((\d{1,2})\)|(\d{1,2})\))\s*")
NUM = re.compile(r"^(\d{1,2})\.?\s+(?:\1\.\s+)?(?=[A-Za-zÆØÅÄÖÉÁæøåäöéá(«\"“])")
MOVE = re.compile(r"\b\d{1,3}\.\s?(?:[KQRBNDTLSFVH]?[a-h]?x?[a-h][1-8]|0-0)")
LETTERED_REFERENCE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2})+)\s?\.?\s?\(?([a-h])(?:\)|\b)(?![\w.])")
SUBHEADING = re.compile(r"^[A-ZÆØÅÄÖÉÁ][\wæøåäöéáő]+(?: [\wæøåäöéáő]+)?:?$")
GLOSSARY_ENTRY = re.compile(r"^([^\t]+)\t([^\t]*)\t+(.*)$")


@dataclass
class Marker:
    style: str  # dotted | letter | roman | num
    value: str
    printed: str
    end: int  # index in the cleaned text just past the marker
    start: int = 0  # index in the cleaned text where the marker begins
    letter: str = ""  # a sub-item letter of another alphabet as printed ("в", "هـ", "στ"); its value is Latin


def letter_succ(value: str) -> str:
    return chr(ord(value) + 1)


ROMANS = ["i", "ii", "iii", "iv", "v", "vi"]


def succ(style: str, value: str) -> str:
    if style == "letter":
        return letter_succ(value)
    if style == "roman":
        return ROMANS[ROMANS.index(value) + 1] if value in ROMANS[:-1] else ""
    return str(int(value) + 1)


FIRST = {"letter": "a", "roman": "i", "num": "1"}


# ---------------------------------------------------------------------------------------------


def opens_article(text: str, kb_dir: Path = DEFAULT_KB) -> bool:
    """Whether a cleaned line is an article, appendix or guideline heading."""
    patterns = heading_patterns(kb_dir)
    starts = (SECTION_HEAD, patterns.chapter, patterns.appendix_word, patterns.guideline, TITLE_HEAD)
    if patterns.article and patterns.article.match(text):
        return True
    return any(p.match(text) for p in starts) or bool(patterns.appendix.match(text) and len(text) < 110)


def glossary_cite(raw: str, kb_dir: Path = DEFAULT_KB) -> str | None:
    text = raw.strip()
    if not text:
        return None
    structural = structural_label(text, kb_dir)
    if structural:
        return structural
    return normalize_label(re.sub(r"\.{2,}", ".", text)) or None


# ---------------------------------------------------------------------------------------------
# Headings learned from the numbering: a language without structure words still has its articles

_WORD = r"[^\W\d_][^\s\d:.]*"
_SPACE = rf"(?:\s+|(?<=[{UNSPACED}]))"  # after a word of a script without spaces, none is needed
_NUMBER = r"(\d{1,2})(?![.,]?\d)"
_TITLE = r"(?:\s*[:.\-–—]\s*|\s+|$)(.{0,100})$"
LEARNED_ARTICLE = (
    re.compile(rf"^(?:{_WORD}{_SPACE}){{1,2}}{_NUMBER}{_TITLE}"),  # "Artikel 7: …", "المادة 7: …", "Madde 7"
    re.compile(rf"^[^\W\d_]{{1,2}}\s?{_NUMBER}\s?[^\W\d_]{{1,2}}{_TITLE}"),  # "第7条 …", "제7조 …"
    re.compile(rf"^{_NUMBER}\.?\s+{_WORD}\.?{_TITLE}"),  # "7. pants. …", "7 straipsnis …"
)
_KANJI = "〇零一二两兩三四五六七八九十"
LEARNED_KANJI = re.compile(rf"^[^\W\d_]\s?([{_KANJI}]{{1,3}})\s?[^\W\d_]{_TITLE}")  # "第七条 …", "第十二條"
_KANJI_VALUES = ("〇零", "一", "二两兩", "三", "四", "五", "六", "七", "八", "九")
_KANJI_DIGITS = {ch: i for i, chars in enumerate(_KANJI_VALUES) for ch in chars}


def kanji_number(text: str) -> int | None:
    """A number of 1 to 99 written in Chinese numerals ("七" 7, "十二" 12, "二十" 20, "九十九" 99)."""
    tens, ten, ones = text.partition("十")
    if not ten:
        return _KANJI_DIGITS.get(text) if len(text) == 1 else None
    if len(tens) > 1 or len(ones) > 1 or "十" in ones:
        return None
    high = _KANJI_DIGITS.get(tens, -1) if tens else 1
    low = _KANJI_DIGITS.get(ones, -1) if ones else 0
    value = high * 10 + low
    return value if high > 0 and low >= 0 and 0 < value < 100 else None


LEARNED_APPENDIX = re.compile(rf"^{_WORD}\s*([A-H])(?![\w.]*\d)(?:\s*[:.]\s*|\s+|$)(.{{0,100}})$")
LEARNED_GUIDELINE = re.compile(rf"^{_WORD}{_SPACE}({ROMAN_UPPER})\s*[:.]\s*(.{{0,100}})$")


def learned_shape(text: str) -> bool:
    """Whether a line has the shape of a heading learned from the numbering ("Artikel 7: …", "第七条 …")."""
    patterns = (*LEARNED_ARTICLE, LEARNED_KANJI, LEARNED_APPENDIX, LEARNED_GUIDELINE)
    return any(p.match(text) for p in patterns)


def learned_heading(text: str, ahead: Iterable[str]) -> tuple[str, str, str] | None:
    """(label, printed number, title) of a heading line named by a word the language data does not know
    ("Artikel 7: …", "第7条 …", "Anhang A. …", "Richtlinien III. …"): a short line whose number is the
    first component of the next printed label ("7.5.1", "A.1", "III.4"), so the text's own numbering
    says it opens that part. `ahead` are the next lines, folded."""
    if len(text) > 110 or text.endswith((".", ";", ",")) and len(text.split()) > 8:
        return None
    found: tuple[str, str, str] | None = None
    for pattern in LEARNED_ARTICLE:
        match = pattern.match(text)
        if match:
            found = (str(int(match.group(1))), match.group(1), match.group(2))
            break
    kanji = LEARNED_KANJI.match(text) if found is None else None
    number = kanji_number(kanji.group(1)) if kanji else None
    if kanji and number:
        found = (str(number), kanji.group(1), kanji.group(2))
    if found is None:
        match = LEARNED_APPENDIX.match(text) or LEARNED_GUIDELINE.match(text)
        if match:
            found = (match.group(1), match.group(1), match.group(2))
    if found is None:
        return None
    for line in ahead:
        numbered = PLAIN.match(line) or PREFIXED.match(line)
        if numbered:
            first = numbered.group(1) if numbered.re is PREFIXED else normalize_label(numbered.group(1))
            return found if first.split(".")[0] == found[0] else None
        if any(p.match(line) for p in (*LEARNED_ARTICLE, LEARNED_KANJI, LEARNED_APPENDIX)):
            return None  # a table of contents: the next heading comes before any numbered item
    return None
