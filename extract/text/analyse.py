"""Language analysis of provision texts: lemmas, numbers, cross-references, chess notation, term hits.

One spaCy tokenizer per language (`spacy.blank(lang)`) and spacy-lookups-data's lemma lookup table
where it has one (da, sv, hu), applied as spaCy's lookup lemmatizer applies it. Bokmål has none: its
lemmas come from the curated suffix list in kb/languages/nb.yaml. Number words, ordinals, units and
comparators are data (kb/languages/<lang>.yaml, read through `--kb`), not code; a language without a
file gets empty tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from extract.io import languages
from extract.io.languages import DEFAULT_KB
from extract.io.terms import read_terms

LOOKUP_LANGUAGES = {"da", "sv", "hu"}

# "§ 6.12 b", "7.5.1", "A4c", "III.4", "§ 4", "C 13": a reference needs a dot inside the number, a
# section sign, or an appendix letter / guideline numeral directly before it.
_REF_NUMBER = r"\d{1,2}(?:\.\d{1,2})*"
REFERENCE = re.compile(
    r"(?<![\w.,])(?:(?P<section>§§?)\s*)?"
    r"(?:(?P<prefix>I{1,3}|[A-H])(?:\.|\s)?(?=[1-9]))?"
    rf"(?P<number>{_REF_NUMBER})"
    r"(?:\s?\.?\s?\(?(?P<letter>[a-h])\)?)?(?![\w-])"  # "10.0-0-0" is a move, not 10.0
)
SQUARE = re.compile(r"(?<![\w])(?:[KQRBNDTLSFVH]?[a-h]?x?)([a-h][1-8])(?![\w])")
NUMBER = re.compile(r"(?<![\w.,])(\d{1,3})(?![\d])")
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


@cache
def lexicon(language: str, kb_dir: Path = DEFAULT_KB) -> dict[str, Any]:
    """Number words, ordinals, units, comparators (and Bokmål suffixes) of a language (kb/languages)."""
    return languages.lexicon(Path(kb_dir), language)


@cache
def pipeline(language: str) -> Any:
    """spaCy's blank pipeline (its tokenizer) for a language; spaCy's multi-language tokenizer for a
    language it does not know. Lemmas come from `lemma_table`, not from a pipeline component."""
    import spacy

    try:
        nlp = spacy.blank(language)
    except ImportError:
        nlp = spacy.blank("xx")
    nlp.max_length = 10**9  # spaCy's 1,000,000 guards parser/NER memory; a tokenizer needs no guard
    return nlp


@cache
def quantity_pipeline(language: str, kb_dir: Path = DEFAULT_KB) -> Any:
    """The tokenizer quantities are read with: the language's own where kb/languages has its words,
    else spaCy's multi-language one (only digits can be read then, and one shared tokenizer spares
    starting a language-specific one for every new language of a corpus)."""
    return pipeline(language if languages.language_data(Path(kb_dir), language) is not None else "xx")


@cache
def lemma_table(language: str) -> dict[str, str]:
    """The lemma lookup table spacy-lookups-data has for a language ({} without one).

    This is the table spaCy's lookup lemmatizer reads, and `lemmas` applies it the way that lemmatizer
    does (a token's text, else the text itself); read as a plain dict it loads in a fraction of the
    time spaCy takes to build its hashed `Table` of the same half-million entries.
    """
    from spacy.util import load_language_data, registry

    if language not in registry.lookups:
        return {}
    path = registry.lookups.get(language).get("lemma_lookup")
    return dict(load_language_data(path)) if path else {}


def lemmas(text: str, language: str, kb_dir: Path = DEFAULT_KB) -> list[str]:
    """Lower-cased lemmas of the words of a text."""
    if language in LOOKUP_LANGUAGES:
        table = lemma_table(language)
        return [table.get(t.text, t.text).lower() for t in pipeline(language).make_doc(text) if t.is_alpha]
    suffixes = sorted(lexicon(language, kb_dir).get("suffixes", []), key=len, reverse=True)
    return [strip_suffix(w.lower(), suffixes) for w in WORD.findall(text)]


def strip_suffix(word: str, suffixes: list[str]) -> str:
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def references(text: str) -> list[str]:
    """Normalised labels of the cross-references in a text ("§ 6.12 b" -> "6.12.b")."""
    found: list[str] = []
    for match in REFERENCE.finditer(text):
        number, prefix = match.group("number"), match.group("prefix")
        if "." not in number and not prefix and not match.group("section"):
            continue
        if prefix is None and len(number.split(".")[0]) > 2:
            continue
        parts = ([prefix] if prefix else []) + number.split(".")
        if match.group("letter"):
            parts.append(match.group("letter"))
        label = ".".join(parts)
        if label not in found:
            found.append(label)
    return found


def numbers(text: str, language: str, kb_dir: Path = DEFAULT_KB) -> set[int]:
    """Numbers written with digits or words (cardinals and ordinals)."""
    words = lexicon(language, kb_dir)
    values = {int(n) for n in NUMBER.findall(text) if int(n) <= 200}
    for word in WORD.findall(text.lower()):
        value = words["numbers"].get(word, words["ordinals"].get(word))
        if value is not None:
            values.add(int(value))
    return values


def squares(text: str) -> set[str]:
    return set(SQUARE.findall(text))


@dataclass(frozen=True)
class Concept:
    id: str
    en: str
    terms: dict[str, tuple[str, ...]]


def load_terms(kb_dir: Path) -> list[Concept]:
    """The termbase (kb/terms.yaml), checked strictly by `extract.io.terms`."""
    return [
        Concept(
            str(e["id"]),
            str(e.get("en", e["id"])),
            {str(ed): tuple(ts) for ed, ts in (e.get("terms") or {}).items()},
        )
        for e in read_terms(kb_dir)
    ]


class TermMatcher:
    """Finds termbase concepts in texts of one language: terms match at a word start, so inflected
    forms count ("turneringsleder" in "turneringslederen"); lemmas catch irregular forms."""

    def __init__(self, concepts: list[Concept], language: str) -> None:
        self.language = language
        by_term: dict[str, set[str]] = {}
        for concept in concepts:
            if language == "en":  # the termbase's `en` column is the English Laws' own term
                by_term.setdefault(concept.en.lower(), set()).add(concept.id)
            for edition, terms in concept.terms.items():
                if edition.split("-")[0] != language:
                    continue
                for term in terms:
                    by_term.setdefault(term.lower(), set()).add(concept.id)
        self.by_term = by_term
        alternatives = sorted(by_term, key=len, reverse=True)
        body = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in alternatives)
        self.pattern = re.compile(rf"(?<!\w)(?:{body})", re.IGNORECASE) if alternatives else None
        self.single = {t: ids for t, ids in by_term.items() if " " not in t}

    def concepts(self, text: str, text_lemmas: list[str] | None = None) -> set[str]:
        found: set[str] = set()
        if self.pattern is None:
            return found
        for match in self.pattern.finditer(text):
            found |= self.by_term.get(re.sub(r"\s+", " ", match.group(0).lower()), set())
        for lemma in text_lemmas or ():
            found |= self.single.get(lemma, set())
        return found


@dataclass(frozen=True)
class Fingerprint:
    """Features of one provision: language-neutral ones, plus character trigrams of the folded text
    (cognates make them informative between Danish, Norwegian and Swedish; near zero elsewhere)."""

    numbers: frozenset[int]
    references: tuple[str, ...]
    squares: frozenset[str]
    concepts: frozenset[str]
    length: int
    trigrams: tuple[str, ...] = ()


FOLD = str.maketrans({"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "é": "e", "á": "a", "ü": "u"})


def trigrams(text: str) -> tuple[str, ...]:
    """Character trigrams of the words of a text, lower-cased and with Nordic letters folded."""
    words = WORD.findall(text.lower().translate(FOLD))
    return tuple(word[i : i + 3] for word in words if len(word) > 3 for i in range(len(word) - 2))


def fingerprint(
    text: str, language: str, matcher: TermMatcher | None, kb_dir: Path = DEFAULT_KB
) -> Fingerprint:
    text_lemmas = lemmas(text, language, kb_dir) if matcher is not None else []
    return Fingerprint(
        numbers=frozenset(numbers(text, language, kb_dir)),
        references=tuple(references(text)),
        squares=frozenset(squares(text)),
        concepts=frozenset(matcher.concepts(text, text_lemmas) if matcher else ()),
        length=len(text),
        trigrams=trigrams(text),
    )


# ---------------------------------------------------------------------------------------------
# Quantities: numbers with units and comparators, for the parameter stage.

DIMENSION = {"x", "×", "*"}
CLAUSE_END = {".", ";", ":", "!", "?"}
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


@dataclass(frozen=True)
class Quantity:
    """A number in a text with what it counts ("to minutter", "mindre end 15 minutter", "tredje")."""

    value: float
    unit: str  # minute | second | hour | move | cm | time | game | ordinal | factor | zero | next
    comparator: str | None  # more | at_least | less | at_most | between_lower | between_upper
    start: int  # character offsets in the analysed text, comparator included
    end: int
    tokens: tuple[str, ...]  # the words of the quantity as written, for finding it in the raw text


@cache
def phrase_matcher(language: str, kb_dir: Path = DEFAULT_KB) -> Any:
    """spaCy PhraseMatcher for the comparator, 'next', zero and multiplier phrases of a language."""
    from spacy.matcher import PhraseMatcher

    nlp = quantity_pipeline(language, kb_dir)
    words = lexicon(language, kb_dir)
    matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
    groups = {f"PRE:{k}": v for k, v in words.get("comparators", {}).items()}
    groups |= {f"POST:{k}": v for k, v in words.get("postfix", {}).items()}
    groups |= {
        "NEXT": words.get("next", []),
        "ZERO": words.get("zero", []),
        "MULT": words.get("multiply", []),
        "MULTBY": words.get("multiplied_by", []),
        "INSTEAD": words.get("instead", {}).get("phrases", []),
    }
    for label, phrases in groups.items():
        if phrases:
            matcher.add(label, [nlp.make_doc(str(p)) for p in phrases])
    return matcher


def quantities(text: str, language: str, kb_dir: Path = DEFAULT_KB) -> list[Quantity]:
    """Quantities in a text, in order. Units, comparators and number words come from the lexicon."""
    words = lexicon(language, kb_dir)
    doc = quantity_pipeline(language, kb_dir).make_doc(text)
    units = {form.lower(): unit for unit, forms in words["units"].items() for form in forms}
    articles = set(words.get("articles", []))
    increments = {w.lower() for w in words.get("increment_words", [])}
    phrases: dict[int, tuple[str, int]] = {}  # first token -> (label, end token)
    ending: dict[int, tuple[str, int]] = {}  # last token + 1 -> (label, start token)
    matcher = phrase_matcher(language, kb_dir)
    for match_id, begin, stop in matcher(doc):
        label = doc.vocab.strings[match_id]
        phrases[begin] = (label, stop)
        ending[stop] = (label, begin)

    def number(i: int) -> tuple[float, str | None] | None:
        token = doc[i].lower_
        if re.fullmatch(r"\d{1,3}", token):
            return float(token), None
        glued = re.fullmatch(r"(\d{1,3})-(\w+)", token)
        if glued:
            return float(glued.group(1)), "factor" if glued.group(2) in words.get(
                "multiply", []
            ) else units.get(glued.group(2))
        for table, unit in (
            ("numbers", None),
            ("ordinals", "ordinal"),
            ("times", "time"),
            ("multiplied", "factor"),
        ):
            if token in words.get(table, {}):
                return float(words[table][token]), unit
        return None

    found: list[Quantity] = []
    between_pending = False
    i = 0
    while i < len(doc):
        label = phrases.get(i, ("", 0))[0]
        if label in ("ZERO", "NEXT"):
            stop = phrases[i][1]
            found.append(
                Quantity(
                    0.0 if label == "ZERO" else 1.0,
                    label.lower(),
                    None,
                    doc[i].idx,
                    doc[stop - 1].idx + len(doc[stop - 1]),
                    tuple(t.text for t in doc[i:stop]),
                )
            )
            i = stop
            continue
        parsed = number(i)
        if parsed is None:
            i += 1
            continue
        value, unit = parsed
        last = i
        if unit is None and ending.get(i, ("",))[0] == "MULTBY":
            unit = "factor"  # "multiplied by 60", "умноженное на 60"
        if unit is None:
            unit, last = _unit_after(doc, i, units, phrases, number, increments)
        if doc[i].lower_ in articles and unit not in ("minute", "hour", "second"):
            i += 1
            continue  # "et træk" is a move, not one move
        comparator = None
        pre = ending.get(i)
        start_token = i
        if pre and pre[0].startswith("PRE:"):
            comparator, start_token = pre[0][4:], pre[1]
        if comparator == "between":
            comparator, between_pending = "between_lower", True
        elif between_pending and comparator is None:
            comparator, between_pending = "between_upper", False
        post = phrases.get(last + 1)
        if post and post[0].startswith("POST:") and comparator is None:
            comparator, last = post[0][5:], post[1] - 1
        replaced = words.get("instead", {}).get("replaced")
        if (replaced == "after" and ending.get(start_token, ("",))[0] == "INSTEAD") or (
            replaced == "before" and phrases.get(last + 1, ("",))[0] == "INSTEAD"
        ):
            comparator = "replaced"  # "1 minut i stedet for to minutter": the old value
        found.append(
            Quantity(
                value,
                unit or "bare",
                comparator,
                doc[start_token].idx,
                doc[last].idx + len(doc[last]),
                tuple(t.text for t in doc[start_token : last + 1]),
            )
        )
        i = last + 1
    return _inherit_units(found, text)


def _unit_after(
    doc: Any,
    i: int,
    units: dict[str, str],
    phrases: dict[int, tuple[str, int]],
    number: Any,
    increments: set[str],
) -> tuple[str | None, int]:
    """The unit a number counts: one of the next five words. "60 gange tillægstiden" multiplies an
    increment (factor); "20 gange 20 cm" is a dimension; "fem gange" counts occurrences."""
    for j in range(i + 1, min(i + 6, len(doc))):
        token = doc[j].lower_
        if token in CLAUSE_END or number(j) is not None:
            return None, i
        if phrases.get(j, ("", 0))[0] == "MULT" or token in DIMENSION:
            if j + 1 < len(doc) and number(j + 1) is not None:
                return "dimension", j  # "20 gange 20 centimeter": the unit comes with the second number
            if any(t.lower_ in increments for t in doc[j + 1 : j + 4]):
                return "factor", j
        if token.rstrip(".") in units:
            return units[token.rstrip(".")], j
    return None, i


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
                or len(between) > 12
                or any(c in between for c in ".;")
                or following.unit in ("zero", "next", "ordinal", "factor")
            ):
                continue
            q = Quantity(q.value, following.unit, q.comparator, q.start, q.end, q.tokens)
        result.append(q)
    return result
