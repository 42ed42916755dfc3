"""Texts in languages and scripts nobody here reads (issue 24), made at run time and measured with the
real build. Not a test (it takes minutes); `make bench` runs it, tests/test_unseen_language.py runs a
small case.

Nobody on the project reads Georgian, Armenian, Devanagari or Arabic, so an honest stand-in for "a
2018 or 2023 edition in a language we have not seen" is made from texts whose Laws we know: every
word of `../shared/editions/en-2023.txt` (the 2023 Laws) or of the seed `corpus/hu-2018.txt` (the
2018 Laws) goes through a deterministic pseudo-language. Words become other words of another length
in another script (a shared stem and ending, so "minute" and "minutes" share a stem as inflected
forms do), "Article", "Appendix", "Glossary" become words of that language like any other, and
variants write digits in another numeral system (Arabic-Indic, Devanagari), numbers in words, and
other sentence marks and quotes. A harsher variant (am-2023, reported apart) inflects its number
words by the word after them and puts comparators after the quantity ("10 minutes more than"). The
numbering is kept as the source prints it (in the variant's
digits). The language codes have no kb/languages file. Nothing is written into the project: the
texts live in a temporary copy.

Measured per text (the source edition is left out of the corpus, so a text is never aligned with
the edition it was made from; the texts of each source are built in their own copy, so a 2023 text
keeps every seed, as a real one would, and only the 2018 texts lose hu-2018):

- leaves mapped: the share of the text's leaf provisions the published alignment maps to a rule;
  and of those, the share mapped to the rule the source's own mapping gives the same label;
- parameters: the Laws' gold, i.e. the curated `expected` values of the source seed (kb/rules) or
  the 2023 values tests/test_editions.py checks, compared with what the build read from the text;
- scenario checks: for a 2018 text, the share of its Laws' expectations that pass; for a 2023 text
  (the 2023 Laws have no expectations), the share of scenarios where it rules as en-2023 does.

Usage: python tools/unseen_language.py [--keep-source] [VARIANT ...]   (variants: see VARIANTS)
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
CLI = str(Path(sys.executable).with_name("chesslaws"))
SHARED = ROOT.parent / "shared" / "editions"
if not SHARED.is_dir():  # a worktree beside the main checkout
    SHARED = Path("/work/shared/editions")

# Letters of each script (lower case first where the script has case, then the matching capitals).
SCRIPTS: dict[str, tuple[str, str]] = {
    "georgian": ("აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ", ""),
    "armenian": ("աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ", "ԱԲԳԴԵԶԷԸԹԺԻԼԽԾԿՀՁՂՃՄՅՆՇՈՉՊՋՌՍՎՏՐՑՒՓՔՕՖ"),
    "devanagari": ("कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसहअइउएओ", ""),
    "arabic": ("ابتثجحخدذرزسشصضطظعغفقكلمنهوي", ""),
    "greek": ("αβγδεζηθικλμνξοπρστυφχψω", "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"),
    "ethiopic": ("ሀለሐመሠረሰቀበተኀነአከወዐዘየደገጠጰጸፀፈፐ", ""),
    "han": ("".join(chr(0x4E00 + 7 * i) for i in range(2400)), ""),  # CJK ideographs
    "japanese": ("".join(chr(0x4E00 + 11 * i) for i in range(1800)), ""),  # kanji stems, kana endings
    "thai": ("กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮะาิีึืุูเแโใไ", ""),
    "hangul": ("".join(chr(0xAC00 + 37 * i) for i in range(300)), ""),  # syllable blocks
    "latin": ("abcdefghjklmnoprstuvyzçğşöü", "ABCDEFGHJKLMNOPRSTUVYZÇĞŞÖÜ"),
    "hebrew": ("אבגדהוזחטיכלמנסעפצקרשת", ""),
    "bengali": ("কখগঘচছজঝটঠডঢণতথদধনপফবভমযরলশষসহ", ""),
    "cyrillic": ("абвгдеёжзийклмнопрстуфхцчшыэюяөү", "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЫЭЮЯӨҮ"),
}
# scripts whose words are one or two characters (a stem) and at most one more (an ending): ideographs,
# kanji and kana, Hangul syllable blocks
SHORT_WORDS = {
    "han": "",
    "hangul": "",
    "japanese": "かきくけこさしすせそたちつてとなにぬねのまみむめもらりるれろ",
}
DIGITS = {
    "ascii": "0123456789",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "persian": "۰۱۲۳۴۵۶۷۸۹",  # Extended Arabic-Indic
    "bengali": "০১২৩৪৫৬৭৮৯",
    "devanagari": "०१२३४५६७८९",
    "fullwidth": "０１２３４５６７８９",
}


@dataclass(frozen=True)
class Variant:
    """One made-up edition: its id (a language code with no kb/languages file), its source, its look."""

    id: str
    source: str  # "en-2023" (../shared/editions) or a seed id (corpus/)
    script: str
    digits: str = "ascii"
    full_stop: str = "."  # what ends a sentence ("।", "։")
    comma: str = ","
    quotes: str = ""  # two characters replacing the source's double quotes
    number_words: bool = False  # numbers up to twelve in running text written as words of the language
    inflected: bool = False  # ... with a case ending that agrees with the word after them
    postposed: bool = False  # comparators after the quantity ("10 minutes more than"), as in Turkish
    spaced: bool = True  # False: no space between the words of a line, digits glued to them ("超过10分钟")
    written: str = ""  # tools/written/<this>.yaml: provisions in a real language replace made-up ones
    beside_source: bool = False  # a real translation, no copy of its source: the source stays in the corpus

    @property
    def fide_edition(self) -> str:
        """The Laws the source translates (hu-2018: the 2017 Laws, in force from 2018)."""
        return laws_of(self.source)


VARIANTS = {
    v.id: v
    for v in (
        Variant("ka-2023", "en-2023", "georgian"),
        Variant("hi-2023", "en-2023", "devanagari", digits="devanagari", full_stop="।", number_words=True),
        Variant("el-2023", "en-2023", "greek", quotes="«»"),
        Variant("hy-2018", "hu-2018", "armenian", full_stop="։", quotes="«»"),
        Variant("ar-2018", "hu-2018", "arabic", digits="arabic-indic", comma="،", number_words=True),
        Variant(
            "am-2023", "en-2023", "ethiopic", full_stop="።", number_words=True, inflected=True, postposed=True
        ),
        Variant("zh-2023", "en-2023", "han", full_stop="。", comma="，", quotes="「」", spaced=False),
        Variant("ja-2018", "hu-2018", "japanese", "fullwidth", "。", "、", "「」", spaced=False),
        Variant("th-2018", "hu-2018", "thai", spaced=False),
        Variant("zh-2024", "en-2023", "han", "ascii", "。", "，", "“”", spaced=False, written="zh"),
        Variant("ja-2024", "en-2023", "japanese", "ascii", "。", "、", "「」", spaced=False, written="ja"),
        Variant("th-2024", "en-2023", "thai", spaced=False, written="th"),
        Variant("ko-2024", "en-2023", "hangul", written="ko"),
        Variant("tr-2024", "en-2023", "latin", written="tr"),
        Variant("vi-2024", "en-2023", "latin", written="vi"),
        Variant("he-2024", "en-2023", "hebrew", written="he"),
        Variant("ar-2024", "en-2023", "arabic", comma="،", quotes="«»", written="ar"),
        Variant("fa-2024", "en-2023", "arabic", digits="persian", comma="،", quotes="«»", written="fa"),
        Variant("ka-2024", "en-2023", "georgian", quotes="„“", written="ka"),
        Variant("pl-2024", "en-2023", "latin", quotes="„”", written="pl"),
        Variant("mn-2024", "en-2023", "cyrillic", quotes="«»", written="mn"),
        Variant("bn-2024", "en-2023", "bengali", digits="bengali", full_stop="।", written="bn"),
        Variant("el-2018", "hu-2018", "greek", quotes="«»", written="el-2018", beside_source=True),
        Variant(
            "ar-2019", "hu-2018", "arabic", comma="،", quotes="«»", written="ar-2018", beside_source=True
        ),
        Variant("ko-2018", "hu-2018", "hangul", quotes="“”", written="ko-2018", beside_source=True),
        Variant(
            "zh-2018",
            "hu-2018",
            "han",
            "ascii",
            "。",
            "，",
            "“”",
            spaced=False,
            written="zh-2018",
            beside_source=True,
        ),
        Variant(
            "ja-2019",
            "hu-2018",
            "japanese",
            "ascii",
            "。",
            "、",
            "「」",
            spaced=False,
            written="ja-2018",
            beside_source=True,
        ),
    )
}
# the harsher variants: not in the default run's targets (see `main`)
HARSHER = {"am-2023"}
_COMPARATORS = re.compile(
    r"\b(more than|less than|at least|at most|a maximum of) (\d+|[a-z]+) ([a-z]+)\b", re.IGNORECASE
)

_ENGLISH_NUMBERS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def english_number(value: int) -> str:
    """0..99 in English words: the source of a number written as a word of the pseudo-language."""
    if value < 20:
        return _ENGLISH_NUMBERS[value]
    tens, ones = divmod(value, 10)
    return _TENS[tens - 2] + (f"-{_ENGLISH_NUMBERS[ones]}" if ones else "")


def _letters(piece: str, variant: Variant) -> str:
    lower, _ = SCRIPTS[variant.script]
    digest = hashlib.blake2b(f"{variant.script}:{piece}".encode(), digest_size=32).digest()
    if variant.script in SHORT_WORDS:  # a stem of one or two ideographs, an ending of one character
        ending = piece.startswith("-")
        alphabet = (SHORT_WORDS[variant.script] or lower) if ending else lower
        length = 1 if ending else 1 + digest[0] % 2
        pairs = (digest[1 + 2 * i] * 256 + digest[2 + 2 * i] for i in range(length))
        return "".join(alphabet[pair % len(alphabet)] for pair in pairs)
    length = max(1, len(piece) + digest[0] % 3 - (1 if len(piece) > 3 else 0))
    return "".join(lower[digest[1 + i] % len(lower)] for i in range(length))


_THAI_CONSONANTS = "กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ"


def _well_formed(made: str) -> str:
    """A vowel sign (Thai "ิ", "ู") stands after a consonant, never first or after another sign or a
    vowel written before its consonant ("เ"): there a consonant takes its place."""
    out: list[str] = []
    for c in made:
        after = out[-1] if out else ""
        if unicodedata.category(c) == "Mn" and (
            not after or unicodedata.category(after) == "Mn" or after in "เแโใไ"
        ):
            c = _THAI_CONSONANTS[ord(c) % len(_THAI_CONSONANTS)]
        out.append(c)
    return "".join(out)


def pseudo_word(word: str, variant: Variant) -> str:
    """A word of the pseudo-language: a stem from the first four letters, an ending from the rest, so
    inflected forms of one word share their stem; capitals kept where the script has them."""
    folded = word.lower()
    stem, ending = (folded[:4], folded[4:]) if len(folded) > 4 else (folded, "")
    made = _well_formed(_letters(stem, variant) + (_letters("-" + ending, variant) if ending else ""))
    lower, upper = SCRIPTS[variant.script]
    if upper and word[:1].isupper():
        capital = {a: b for a, b in zip(lower, upper, strict=True)}
        made = (
            "".join(capital[c] for c in made)
            if word.isupper() and len(word) > 1
            else capital[made[0]] + made[1:]
        )
    return made


_TOKEN = re.compile(r"[^\W\d_]+|\d+")
_ROMAN = re.compile(r"[IVX]{1,4}")
_STRUCTURE = {
    "article",
    "articles",
    "appendix",
    "appendices",
    "paragraph",
    "guidelines",
    "guideline",
    "cikk",
    "cikkely",
    "cikkben",
    "cikkelyben",
    "pont",
    "pontja",
    "pontban",
    "szabálypont",
    "függelék",
}


def _is_label_letter(text: str, start: int, end: int) -> bool:
    """A letter or roman numeral that numbers something ("A.1", "A 3.2", "a)", "(b)", "III."): kept."""
    token = text[start:end]
    if not (len(token) == 1 or _ROMAN.fullmatch(token)):
        return False
    after = text[end : end + 1]
    spaced = token.isupper() and re.match(r" \d+\.\d", text[end : end + 5]) is not None  # hu "A 3.2"
    return after in {")", ".", ":"} or after.isdigit() or spaced or text[start - 1 : start] == "("


def _spoken(text: str, start: int, end: int) -> bool:
    """A number in running text ("after 10 minutes"), not a label, a reference or a part of a time."""
    before, after = text[max(0, start - 20) : start], text[end : end + 2]
    if (
        not re.fullmatch(r" [^\W\d_]", after)
        or not before.endswith(" ")
        or text[start - 2 : start - 1] in ".:+/"
    ):
        return False
    previous = re.findall(r"[^\W\d_]+", before)
    return (
        bool(previous)
        and previous[-1].islower()
        and previous[-1] not in _STRUCTURE
        and int(text[start:end]) <= 12
    )


def make_text(source: str, variant: Variant) -> str:
    """The source text with every word in the pseudo-language and the variant's digits and marks."""
    digits = str.maketrans("0123456789", DIGITS[variant.digits])
    if variant.postposed:
        source = _COMPARATORS.sub(lambda m: f"{m.group(2)} {m.group(3)} {m.group(1)}", source)
    out, position, ended, worded = [], 0, False, False
    for match in _TOKEN.finditer(source):
        between = _marks(source[position : match.start()], variant)
        if "\n" in between:
            worded = False  # a new line: its numbering keeps the space after it
        elif not variant.spaced and worded:
            between = _glued(out[-1][-1:] if out and out[-1] else "", between, ended)
        out.append(between)
        token, position, ended = match.group(), match.end(), False
        if token.isdigit():
            if variant.number_words and _spoken(source, match.start(), match.end()):
                spoken = " ".join(pseudo_word(w, variant) for w in english_number(int(token)).split("-"))
                out.append(
                    spoken + (_case_ending(source[match.end() :], variant) if variant.inflected else "")
                )
            else:
                out.append(token.translate(digits))
        elif _is_label_letter(source, match.start(), match.end()):
            out.append(token)
        else:
            out.append(pseudo_word(token, variant))
            worded = True
            if source[position : position + 1] == "." and source[position + 1 : position + 2] in {
                "",
                " ",
                "\n",
            }:
                out.append(variant.full_stop)  # a sentence ends after a word (not after a label)
                position, ended = position + 1, True
    out.append(_marks(source[position:], variant))
    return _written("".join(out), source, variant)


WRITTEN = Path(__file__).with_name("written")
_NUMBERED = re.compile(r"^(\*\*(\S+?)\*\*)[ \t]*(.*)$", re.MULTILINE)
_LISTED = re.compile(r"^(- ((?:[IVX]+\.|[A-Z][ .])?\d+(?:\.\d+)*\.?))[ \t]+(.*)$", re.MULTILINE)
_ASCII_DIGITS = str.maketrans("".join(DIGITS.values()), "0123456789" * len(DIGITS))
_TERM = re.compile(r"^\*\*([^*]+?)(?::\*\*|\*\*:)")  # a glossary entry: "**default time:** 6.7. …"


def _written(text: str, source: str, variant: Variant) -> str:
    """The made-up text with the provisions tools/written/<language>.yaml gives in their real wording
    (by en-2023's labels, "В.1" and "B.1" alike; a glossary entry by its English term, written whole;
    "Article", "Articles", "Appendix": the language's words, in every heading and citation):
    how a translator states the Laws' numbers ("两分钟", "3局以下", "ไม่เกินสามเกม") is what the
    made-up words cannot show."""
    if not variant.written:
        return text
    provisions = load(WRITTEN / f"{variant.written}.yaml")
    for english in ("Article", "Articles", "Appendix"):  # the words that cite, everywhere in the text
        if english in provisions:
            made = pseudo_word(english, variant)
            text = re.sub(rf"(?<!\w){re.escape(made)}(?!\w)", provisions[english], text)
    for numbered in (_NUMBERED, _LISTED):  # en-2023's "**7.5.5**"; a seed's "- A 3.1.1 …", "- III.4. …"
        text = numbered.sub(
            lambda m: (
                f"{m.group(1)} {provisions[key]}"
                if (key := _label_key(m.group(2))) in provisions
                else m.group(0)
            ),
            text,
        )
    lines = text.split("\n")  # the made-up text keeps the source's lines
    for n, line in enumerate(source.split("\n")):
        term = _TERM.match(line)
        if term and term.group(1) in provisions:
            lines[n] = provisions[term.group(1)]  # a glossary entry, written whole
    return "\n".join(lines)


def _label_key(label: str) -> str:
    """A label as tools/written keys it: Latin "B" for Cyrillic "В", ASCII digits, no final full stop."""
    return label.replace("В", "B").rstrip(".").translate(_ASCII_DIGITS)


def _glued(before: str, between: str, ended: bool) -> str:
    """The text between two words of a script written without spaces: the spaces of running text go
    (after a word, a number, a comma, a full stop or a quote); a space stays after the printed
    numbering and marks ("**1.1** ", "2.1. ", "(a) ", ": ") and where a sentence ends without a mark
    (Thai ends it with a space: there `before` is the empty full stop)."""
    if "\n" in between or not before or not (before.isalnum() or before in _RUNNING_MARKS or _mark(before)):
        return between
    if ended or not between.strip(" \t" + _RUNNING_MARKS + ',"“”'):
        return re.sub(r"[ \t]+", "", between)
    return between


_RUNNING_MARKS = "，、。「」"


def _mark(character: str) -> bool:
    return unicodedata.category(character).startswith("M")  # a vowel sign ends a Thai word


def _case_ending(after: str, variant: Variant) -> str:
    """A number word's ending that agrees with the word after it: one of three, by that word."""
    following = re.match(r"\s*([^\W\d_]+)", after)
    word = following.group(1).lower() if following else ""
    case = hashlib.blake2b(f"case:{word}".encode(), digest_size=4).digest()[0] % 3
    return _letters(f"-case{case}", variant)


def _marks(between: str, variant: Variant) -> str:
    """Sentence marks and quotes of the variant in the text between two words."""
    if variant.quotes:
        for old in ("“", "”", "„", '"', "‘", "’"):
            between = between.replace(old, variant.quotes[0] if old in "“„‘" else variant.quotes[1])
    if variant.comma != ",":
        between = re.sub(r"^,(?=\s)", variant.comma, between)
    return between


def source_text(source: str) -> str:
    path = SHARED / f"{source}.txt" if source == "en-2023" else ROOT / "corpus" / f"{source}.txt"
    return path.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# The measurement


@functools.cache
def laws_of(source: str) -> str:
    """The Laws a corpus edition translates, from corpus/editions.yaml (read once a run)."""
    entries = load(ROOT / "corpus" / "editions.yaml")
    return next((str(e["fide_edition"]) for e in entries if e["id"] == source), source[-4:])


def load(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def project(tmp: Path, variants: list[Variant], keep_source: bool, english: bool = True) -> tuple[Path, Path]:
    """A copy of corpus/ and kb/ with the variants dropped in (five keys each), without the seeds the
    variants were made from, and en-2023 beside them (the 2023 rulings to compare with) where one is
    made from it or none is given, unless `english` is false (--alone)."""
    corpus, kb = tmp / "corpus", tmp / "kb"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    sources = {v.source for v in variants}
    removed = set() if keep_source else {v.source for v in variants if not v.beside_source}
    entries = [e for e in load(corpus / "editions.yaml") if e["id"] not in removed]
    for path in corpus.glob("*.txt"):
        if path.stem not in {e["id"] for e in entries}:
            path.unlink()
    (corpus / "editions.yaml").write_text(
        yaml.safe_dump(entries, allow_unicode=True, sort_keys=False), "utf-8"
    )
    if not keep_source:
        for path in (kb / "scenarios").glob("*.yaml"):
            copies = {s: [v.id for v in variants if v.source == s] for s in sources}
            _rename_in_scenarios(path, copies, kept=sources - removed)
    dropped = [
        (v.id, v.fide_edition, make_text(source_text(v.source), v), v.id.split("-")[0]) for v in variants
    ]
    if english and (not variants or "en-2023" in sources):
        dropped.append(("en-2023", "2023", source_text("en-2023"), "en"))
    with (corpus / "editions.yaml").open("a", encoding="utf-8") as meta:
        for edition, laws, text, language in dropped:
            (corpus / f"{edition}.txt").write_text(text, encoding="utf-8")
            meta.write(
                f"\n- id: {edition}\n  file: {edition}.txt\n  language: {language}\n"
                f'  fide_edition: "{laws}"\n  in_force: "{edition[-4:]}-01-01"\n'
            )
    return corpus, kb


def _rename_in_scenarios(
    path: Path, copies: dict[str, list[str]], kept: frozenset[str] | set[str] = frozenset()
) -> None:
    """A scenario's expectation for the left-out source edition (its translation rules otherwise than
    its Laws) holds for the texts made from it, which say the same; a source `kept` in the corpus keeps
    its own."""
    scenarios = load(path)
    for scenario in scenarios if isinstance(scenarios, list) else []:
        for key in ("expect", "quotes"):
            table = scenario.get(key) or {}
            for source, made in copies.items():
                if source in table:
                    value = table[source] if source in kept else table.pop(source)
                    table.update(
                        {edition: json.loads(json.dumps(value)) for edition in made}
                        if key == "expect"
                        else {}
                    )
    path.write_text(yaml.safe_dump(scenarios, allow_unicode=True, sort_keys=False), encoding="utf-8")


def build_and_check(corpus: Path, kb: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    data = ["--corpus", str(corpus), "--kb", str(kb)]
    built = subprocess.run([CLI, "build", *data], capture_output=True, text=True)
    if built.returncode != 0:
        raise SystemExit(f"unseen_language: build failed: {built.stdout[-2000:]}{built.stderr[-2000:]}")
    checks = subprocess.run([CLI, "check", "--no-benchmark", "--format", "json", *data], capture_output=True)
    return load(kb / "generated" / "alignment.yaml"), json.loads(checks.stdout)["results"]


def gold(variant: Variant) -> dict[tuple[str, str | None], object]:
    """The Laws' values: (parameter, rule) for a seed's curated gold, (parameter, None) for 2023."""
    if variant.source == "en-2023":
        from test_editions import EXPECTED_2023

        return {(name, None): value for name, value in EXPECTED_2023.items()}
    from extract.io.rules import load_rules

    return {
        (name, rule.id): values[variant.source]
        for rule in load_rules(ROOT / "kb")
        for name, values in rule.expected.items()
        if variant.source in values
    }


def source_mapping(variant: Variant, alignment: list[dict[str, Any]]) -> dict[str, str]:
    """The rule of each label in the source: the curated lists of a seed, the build's for en-2023."""
    if variant.source == "en-2023":
        return {r["label"]: r["rule"] for r in alignment if r["edition"] == "en-2023"}
    from extract.io.rules import load_rules

    return {
        label: rule.id
        for rule in load_rules(ROOT / "kb")
        for label in rule.provisions.get(variant.source, ())
    }


@dataclass(frozen=True)
class Figures:
    edition: str
    leaves: int
    mapped: int
    agreeing: int
    compared: int
    parameters_right: int
    parameters: int
    wrong: dict[str, tuple[object, object]]
    checks_held: int
    checks: int
    failed: list[str]

    def passed(self) -> bool:
        return (
            self.mapped >= 0.95 * self.leaves
            and self.parameters_right >= 0.96 * self.parameters
            and self.checks_held >= 0.95 * self.checks
        )

    def line(self) -> str:
        return (
            f"{'PASS' if self.passed() else 'FAIL'}  {self.edition}: "
            f"leaves mapped {self.mapped}/{self.leaves} ({self.mapped / max(1, self.leaves):.1%}; "
            f"{self.agreeing}/{self.compared} as the source maps them), "
            f"parameters {self.parameters_right}/{self.parameters} "
            f"({self.parameters_right / max(1, self.parameters):.1%}), "
            f"scenario checks {self.checks_held}/{self.checks} ({self.checks_held / max(1, self.checks):.1%})"
        )


def measure(
    variant: Variant, kb: Path, alignment: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Figures:
    found = _leaf_keys(kb, variant.id)
    rules = {r["label"]: r["rule"] for r in alignment if r["edition"] == variant.id}
    source = source_mapping(variant, alignment)
    compared = [key for key in found if key in rules and key in source]
    rows = load(kb / "generated" / "parameters.yaml")
    got = {(r["parameter"], r["rule"]): r["value"] for r in rows if r["edition"] == variant.id}
    by_name = {r["parameter"]: r["value"] for r in rows if r["edition"] == variant.id}
    wrong = {}
    for (name, rule), value in gold(variant).items():
        have = by_name.get(name) if rule is None else got.get((name, rule))
        if have != value:
            wrong[f"{name}" + (f" ({rule})" if rule else "")] = (have, value)
    mine = [r for r in results if r["edition"] == variant.id]
    if variant.source == "en-2023":
        english = {r["scenario"]: r.get("actual") for r in results if r["edition"] == "en-2023"}
        failed = [r["scenario"] for r in mine if r.get("actual") != english.get(r["scenario"])]
    else:
        failed = [r["scenario"] for r in mine if r["status"] != "pass"]
    return Figures(
        variant.id,
        len(found),
        sum(key in rules for key in found),
        sum(rules[label] == source[label] for label in compared),
        len(compared),
        len(gold(variant)) - len(wrong),
        len(gold(variant)),
        wrong,
        len(mine) - len(failed),
        len(mine),
        failed,
    )


Built = tuple[list[dict[str, Any]], list[dict[str, Any]]]


def groups(texts: list[Any], alone: bool) -> list[list[Any]]:
    """The texts built together: those made from one source (only it is left out of their copy), or
    with `alone` each text in a copy of its own."""
    if alone:
        return [[t] for t in texts]
    return [[t for t in texts if t.source == source] for source in dict.fromkeys(t.source for t in texts)]


def english_reference(work: Path) -> Built:
    """en-2023's mapping and rulings, from the seeds with en-2023 alone beside them: what a 2023 text
    built without it (--alone) is compared with."""
    alignment, results = build_and_check(*project(work, [], keep_source=True))
    return [r for r in alignment if r["edition"] == "en-2023"], [
        r for r in results if r["edition"] == "en-2023"
    ]


def run(
    variants: list[Variant],
    keep_source: bool = False,
    verbose: bool = False,
    work: Path | None = None,
    english: Built | None = None,
) -> list[Figures]:
    """Build the variants in one copy and measure them. With `english` (en-2023's mapping and rulings
    from a build of its own), en-2023 is not put beside them."""
    with tempfile.TemporaryDirectory(prefix="chesslaws-unseen-") as name:
        corpus, kb = project(work or Path(name), variants, keep_source, english=english is None)
        alignment, results = build_and_check(corpus, kb)
        alignment, results = (
            (alignment + english[0], results + english[1]) if english else (alignment, results)
        )
        figures = [measure(v, kb, alignment, results) for v in variants]
        if verbose:
            for v, f in zip(variants, figures, strict=True):
                print(f"  {v.id} wrong parameters: {f.wrong}\n  {v.id} checks not held: {f.failed}")
                unmapped = _unmapped(kb, v.id, alignment)
                print(f"  {v.id} unmapped leaves ({len(unmapped)}): {', '.join(unmapped)}")
        return figures


def _unmapped(kb: Path, edition: str, alignment: list[dict[str, Any]]) -> list[str]:
    mapped = {r["label"] for r in alignment if r["edition"] == edition}
    return [key for key in _leaf_keys(kb, edition) if key not in mapped]


def _leaf_keys(kb: Path, edition: str) -> list[str]:
    """The keys alignment.yaml names an edition's leaves by ("4.6.1", or "4.6.1@236" for a label
    the edition prints twice), in text order."""
    from extract.model import Provision
    from extract.model.kbrows import provision_keys
    from extract.text.segment import leaves

    document = load(kb / "generated" / "provisions" / f"{edition}.yaml")
    provisions = [Provision.from_dict(edition, p) for p in document["provisions"]]
    keys = dict(zip(map(id, provisions), provision_keys((p.label, p.line) for p in provisions), strict=True))
    return [keys[id(p)] for p in leaves(provisions)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", choices=[[], *VARIANTS], default=[])
    parser.add_argument("--keep-source", action="store_true", help="keep the source seeds in the corpus")
    parser.add_argument("--verbose", action="store_true", help="list what is wrong, unmapped and failed")
    parser.add_argument("--work", type=Path, help="build in this new folder and keep it (to look into)")
    parser.add_argument(
        "--alone", action="store_true", help="build each text alone with the seeds (no en-2023 beside it)"
    )
    parser.add_argument("--show", metavar="VARIANT", help="print the made-up text of VARIANT and stop")
    arguments = parser.parse_args()
    if arguments.work is not None and arguments.work.exists() and any(arguments.work.iterdir()):
        parser.error(f"--work {arguments.work}: the folder is not empty; give a new or empty one")
    if arguments.show:
        variant = VARIANTS[arguments.show]
        print(make_text(source_text(variant.source), variant))
        return 0
    if not (SHARED / "en-2023.txt").is_file():
        print("unseen_language: ../shared/editions/en-2023.txt is absent; the 2023 texts are skipped")
    chosen = [VARIANTS[v] for v in arguments.variants] or [
        v for v in VARIANTS.values() if v.source != "en-2023" or (SHARED / "en-2023.txt").is_file()
    ]
    figures: list[Figures] = []
    english = None
    if arguments.alone and any(v.source == "en-2023" for v in chosen):
        with tempfile.TemporaryDirectory(prefix="chesslaws-unseen-") as name:
            english = english_reference(arguments.work / "en-2023" if arguments.work else Path(name))
    for group in groups(chosen, arguments.alone):
        work = (
            arguments.work / (group[0].id if arguments.alone else group[0].source) if arguments.work else None
        )
        reference = english if group[0].source == "en-2023" else None
        figures += run(group, arguments.keep_source, arguments.verbose, work, reference)
    order = {v.id: n for n, v in enumerate(chosen)}
    figures.sort(key=lambda f: order[f.edition])
    main_figures = [f for f in figures if f.edition not in HARSHER]
    for f in main_figures:
        print(f.line())
    met = sum(f.passed() for f in main_figures)
    if main_figures:
        print(f"{met}/{len(main_figures)} texts in unseen languages meet the targets")
    for f in figures:
        if f.edition in HARSHER:  # inflected number words, comparators after the quantity: measured apart
            print(f"harsher: {f.line()}")
    return 0 if all(f.passed() for f in main_figures) else 1


if __name__ == "__main__":
    raise SystemExit(main())
