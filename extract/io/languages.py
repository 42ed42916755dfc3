"""Per-language data the text stages read: kb/languages/<lang>.yaml, outside the package.

One file per language (ISO 639-1 code), curated by people and supplied with `--kb`, so a user can add
a language without touching code. A file holds:

  structure     words that name parts of the Laws: intro, preface, contents, part.*, glossary
                (whole heading lines), article / appendix / guideline / chapter words with the side
                of the number they stand on, guideline titles
  numbers, ordinals, times, multiplied   number words and what they mean
  units         unit -> word forms (minute, second, hour, move, cm, time, game)
  comparators   before: {more: [...], ...} words before the number ("more than 10");
                after: {...} words after the quantity ("10 minutes or less")
  multiply      words between a factor and the increment ("60 times any increment")
  multiplied_by words before a factor ("multiplied by 60", "умноженное на 60")
  next, zero, articles, increment_words, instead, suffixes   see kb/languages/README.md
  modal, negation   modal verbs (shall, must, may) and negation words
  obligation, permission   words that say "shall" and words that say "may" (the diff compares them
                across languages)

A language without a file still builds: labels and structure come from digits and numbering, number
words and unit names from ICU and CLDR (text/cldr.py), the other words from the aligned editions
(kb/learned_lexicon.py); a file refines and overrides them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from extract.io.yamlfile import load_yaml
from extract.model import InputError

LANGUAGES = "languages"
DEFAULT_KB = Path(__file__).resolve().parents[2] / "kb"

STRUCTURE_KEYS = {
    "intro", "preface", "contents", "part.basic", "part.competition", "part.appendices",
    "part.guidelines", "glossary", "article_before", "article_after", "appendix_words",
    "guideline_words", "chapter_words", "guideline_titles",
}  # fmt: skip
WORD_KEYS = {
    "language", "name", "script", "structure", "numbers", "ordinals", "times", "multiplied", "units",
    "comparators", "multiply", "multiplied_by", "next", "zero", "articles", "increment_words",
    "instead", "suffixes", "modal", "negation", "obligation", "permission", "ordinal_marks",
}  # fmt: skip
COMPARATORS = {"more", "at_least", "less", "at_most", "between"}

MISSING_COST = (
    "labels and structure come from digits and numbering; number words and unit names from ICU and "
    "CLDR, comparators and the other words from the aligned editions (`chesslaws languages draft` "
    "shows what was learned)"
)


def language_path(kb_dir: Path, code: str) -> Path:
    return Path(kb_dir) / LANGUAGES / f"{code}.yaml"


@cache
def language_data(kb_dir: Path, code: str) -> dict[str, Any] | None:
    """The checked data of one language, or None when kb/languages has no file for it."""
    path = language_path(kb_dir, code)
    if not path.is_file():
        return None
    data = load_yaml(path)  # the strict loader: duplicate keys, encodings and syntax named with a line
    if not isinstance(data, dict):
        raise InputError(path, 1, "expected a mapping of language data (structure, numbers, units, ...)")
    unknown = sorted(set(data) - WORD_KEYS)
    if unknown:
        raise InputError(path, _line_of(path, unknown[0]), f"unknown key '{unknown[0]}'")
    _check_identity(path, code, data)
    for table in NUMBER_TABLES:
        _check_numbers(path, table, data.get(table))
    structure = data.get("structure") or {}
    if not isinstance(structure, dict):
        raise InputError(path, _line_of(path, "structure"), "structure must be a mapping")
    bad = sorted(set(structure) - STRUCTURE_KEYS)
    if bad:
        raise InputError(path, _line_of(path, bad[0]), f"unknown structure key '{bad[0]}'")
    comparators = data.get("comparators") or {}
    if not isinstance(comparators, dict) or set(comparators) - {"before", "after"}:
        raise InputError(
            path, _line_of(path, "comparators"), "comparators must map 'before' and 'after' to words"
        )
    for side in comparators.values():
        if not isinstance(side, dict) or set(side) - COMPARATORS:
            raise InputError(
                path, _line_of(path, "comparators"), f"comparators name one of {sorted(COMPARATORS)}"
            )
    return data


def lexicon(kb_dir: Path, code: str) -> dict[str, Any]:
    """The words the analysis stage reads, in its own shape (empty tables for a missing language)."""
    data = language_data(kb_dir, code) or {}
    comparators = data.get("comparators") or {}
    words = {key: value for key, value in data.items() if key not in ("structure", "comparators")}
    words["comparators"] = comparators.get("before") or {}
    words["postfix"] = comparators.get("after") or {}
    for table in ("numbers", "ordinals", "units"):
        words[table] = words.get(table) or {}
    return words


@cache
def structure_words(kb_dir: Path) -> dict[str, Any]:
    """Structure words of every language in kb/languages, merged: a heading is recognised whatever
    language the rest of the text is in (FIDE texts keep English words such as "Appendix")."""
    merged: dict[str, Any] = {key: [] for key in STRUCTURE_KEYS if key != "guideline_titles"}
    merged["guideline_titles"] = {}
    folder = Path(kb_dir) / LANGUAGES
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        data = language_data(kb_dir, path.stem) or {}
        for key, words in (data.get("structure") or {}).items():
            if key == "guideline_titles":
                for label, titles in (words or {}).items():
                    merged[key].setdefault(label, []).extend(str(t).casefold() for t in titles or [])
            else:
                merged[key].extend(str(w).casefold() for w in words or [] if str(w) not in merged[key])
    return merged


def missing_languages(kb_dir: Path, codes: set[str]) -> list[str]:
    """Languages of the corpus that kb/languages has no file for."""
    return sorted(code for code in codes if language_data(kb_dir, code) is None)


def missing_message(kb_dir: Path, code: str, editions: list[str]) -> str:
    """The one line a build prints for a language without data."""
    return (
        f"no language data for '{code}' ({language_path(kb_dir, code)}; editions {', '.join(editions)}): "
        f"{MISSING_COST}"
    )


NUMBER_TABLES = ("numbers", "ordinals", "times", "multiplied")  # word -> a whole number >= 0
LARGEST_NUMBER = 10**12  # a number word stands for at most a trillion (the text stages compute in floats)
LANGUAGE_CODE = re.compile(r"[a-z]{2}")  # ISO 639-1, as corpus/editions.yaml names languages


def _check_identity(path: Path, code: str, data: dict[str, Any]) -> None:
    """The file is named after an ISO 639-1 code, and a `language:` inside says the same code."""
    if not LANGUAGE_CODE.fullmatch(code):
        raise InputError(path, None, f"'{code}' is not an ISO 639-1 language code like 'da'; rename the file")
    said = data.get("language")
    if said is not None and str(said) != code:
        raise InputError(
            path, _line_of(path, "language"), f"language: {said} does not match the file name ({code}.yaml)"
        )


def _check_numbers(path: Path, table: str, words: object) -> None:
    """Every word of a number table stands for a whole number of zero or more (a count, a value), of
    at most a trillion."""
    if words is None:
        return
    if not isinstance(words, dict):
        raise InputError(path, _line_of(path, table), f"{table} must map words to whole numbers")
    for word, value in words.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InputError(
                path,
                _line_of(path, table, str(word)),
                f"{table}: '{word}' stands for {value!r}, not a whole number of zero or more",
            )
        if value > LARGEST_NUMBER:
            raise InputError(
                path,
                _line_of(path, table, str(word)),
                f"{table}: '{word}' stands for a number of {len(str(value)):,} digits; "
                f"a number word stands for {LARGEST_NUMBER:,} at most",
            )


def _line_of(path: Path, key: str, word: str | None = None) -> int | None:
    """The line of `key:` (and with `word`, of the first line from there on that names `word:`)."""
    found = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if found is None and line.lstrip().startswith(f"{key}:"):
            found = number
        if found is not None and (word is None or re.search(rf"(?<!\w){re.escape(word)}\s*:", line)):
            return number
    return found
