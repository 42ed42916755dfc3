"""Language data from the libraries made for it: CLDR unit names (Babel) and ICU number spell-out.

For any of CLDR's ~200 locales: the names of minutes, seconds, hours and centimetres in every plural
form and width CLDR has ("perc", "минута"/"минуты"/"минут", "րոպե"), and, through ICU's rule-based
number format, the words for 0..100 in every cardinal rule set (genders, cases) and the ordinals
1..20 ("két" aside, "kettő", "десяти", "második"). These are the base tables of a language: curated
kb/languages/<lang>.yaml and the words learned from the aligned editions add to them and override.
For a language ICU cannot spell, `related_language` names the one CLDR's language matching relates
it to (Galician -> Spanish): its words are candidates the aligned editions must confirm, not tables.

PyICU is optional: without it (or for a locale ICU does not spell) number words come only from the
other sources, and `library_note` says so in one line.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

CLDR_UNITS = {
    "minute": "duration-minute",
    "second": "duration-second",
    "hour": "duration-hour",
    "cm": "length-centimeter",
}
CARDINALS = range(0, 101)
ORDINALS = range(1, 21)
SOFT = str.maketrans({"\xad": None, "\u200b": None})


def _icu() -> Any:
    try:
        import icu
    except ImportError:  # the optional dependency is missing: digits and curated/learned words only
        return None
    return icu


def library_note() -> str | None:
    """One line when a library is missing, else None."""
    if _icu() is None:
        return (
            "PyICU is not installed: numbers written in words come only from kb/languages and the "
            "aligned editions"
        )
    return None


@cache
def spelled(language: str) -> tuple[dict[str, int], dict[str, int]]:
    """ICU's words for 0..100 (every cardinal rule set) and the ordinals 1..20: word -> value, in
    casefolded, soft-hyphen-free form; a word two values share keeps the smaller."""
    icu = _icu()
    cardinals: dict[str, int] = {}
    ordinals: dict[str, int] = {}
    if icu is None or not language.isalpha():
        return cardinals, ordinals
    try:
        spell = icu.RuleBasedNumberFormat(icu.URBNFRuleSetTag.SPELLOUT, icu.Locale(language))
    except icu.ICUError:
        return cardinals, ordinals
    if spell.getLocale(icu.ULocDataLocaleType.ACTUAL_LOCALE).getLanguage() != language:
        return cardinals, ordinals  # ICU fell back to another locale's rules
    names = [spell.getRuleSetName(i) for i in range(spell.getNumberOfRuleSetNames())]
    for name in names:
        if any(part in name for part in ("year", "financial", "days")):
            continue
        table, values = (ordinals, ORDINALS) if "ordinal" in name else (cardinals, CARDINALS)
        spell.setDefaultRuleSet(name)
        for value in values:
            word = " ".join(str(spell.format(value)).translate(SOFT).casefold().split())
            if word and not word.isdigit() and not re.search(r"\d", word):
                table.setdefault(word, value)
    for word in list(ordinals):
        if cardinals.get(word) is not None:
            del ordinals[word]  # "ноль" is a cardinal first
    return cardinals, ordinals


@cache
def _spelled_languages() -> tuple[str, ...]:
    """The languages ICU spells numbers in with rules of their own (not another locale's)."""
    icu = _icu()
    if icu is None:
        return ()
    codes = {str(name).split("_")[0] for name in icu.Locale.getAvailableLocales()}
    return tuple(sorted(code for code in codes if code.isalpha() and _own_rules(code)))


def _own_rules(language: str) -> bool:
    icu = _icu()
    try:
        spell = icu.RuleBasedNumberFormat(icu.URBNFRuleSetTag.SPELLOUT, icu.Locale(language))
    except icu.ICUError:
        return False
    return bool(spell.getLocale(icu.ULocDataLocaleType.ACTUAL_LOCALE).getLanguage() == language)


@cache
def related_language(language: str) -> str | None:
    """For a language ICU cannot spell numbers in, the one CLDR's language matching pairs it with
    (through ICU's LocaleMatcher: Galician -> Spanish, Occitan -> French); None when ICU spells the
    language itself, or CLDR names no relation. Its words are no table of the language: they are
    kept only where the aligned editions confirm them (kb/learned_numbers.py)."""
    icu = _icu()
    if icu is None or not language.isalpha() or _own_rules(language):
        return None
    supported = [code for code in _spelled_languages() if code != language]
    builder = icu.LocaleMatcher.Builder()
    builder.setSupportedLocales([icu.Locale(code) for code in supported])
    builder.setDefaultLocale(icu.Locale("und"))
    matcher = builder.build()  # kept alive while its result is read
    index = matcher.getBestMatchResult(icu.Locale(language)).getSupportedIndex()
    return supported[index] if 0 <= index < len(supported) else None  # -1: CLDR names no relation


@cache
def digit_ordinals(language: str) -> dict[int, tuple[str, ...]]:
    """ICU's ordinals written in digits, every rule set (genders, cases), 1..100: value -> the marks
    after the digits ("nd", "-й", "-го", ".º", ":a", "रा", "-ри"); not a lone "." (it also ends a
    sentence), and nothing where ICU has no rules of the language's own."""
    icu = _icu()
    if icu is None or not language.isalpha() or not _own_rules(language):
        return {}
    try:
        spell = icu.RuleBasedNumberFormat(icu.URBNFRuleSetTag.ORDINAL, icu.Locale(language))
    except icu.ICUError:
        return {}
    if spell.getLocale(icu.ULocDataLocaleType.ACTUAL_LOCALE).getLanguage() != language:
        return {}
    found: dict[int, list[str]] = {}
    for name in [spell.getRuleSetName(i) for i in range(spell.getNumberOfRuleSetNames())]:
        spell.setDefaultRuleSet(name)
        for value in CARDINALS:
            mark = str(spell.format(value)).lstrip("0123456789").casefold()
            digits = str(spell.format(value))[: -len(mark) or None]
            if mark and mark != "." and digits.isdigit() and mark not in found.get(value, []):
                found.setdefault(value, []).append(mark)
    return {value: tuple(marks) for value, marks in found.items()}


IMPLIED = {"one": 1, "two": 2}  # plural categories whose pattern may be the whole quantity


@cache
def implied_units(language: str) -> dict[str, tuple[int, str]]:
    """CLDR patterns with no number in them, the word being the quantity: Arabic "دقيقتان" (two
    minutes), Hebrew "שתי דקות": word -> (value, unit)."""
    from babel import Locale, UnknownLocaleError

    try:
        patterns = Locale.parse(language)._data.get("unit_patterns", {})
    except (UnknownLocaleError, ValueError):
        return {}
    found: dict[str, tuple[int, str]] = {}
    for unit, key in CLDR_UNITS.items():
        for forms in (patterns.get(key) or {}).values():
            for category, pattern in forms.items():
                if category in IMPLIED and "{0}" not in str(pattern):
                    found.setdefault(" ".join(str(pattern).casefold().split()), (IMPLIED[category], unit))
    return found


@cache
def unit_names(language: str) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """CLDR's names of the units the Laws count, per unit: (long forms, short and narrow forms), every
    plural category, with the number placeholder removed; empty for a locale CLDR does not have."""
    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(language)
    except (UnknownLocaleError, ValueError):
        return {}
    patterns = locale._data.get("unit_patterns", {})
    names = locale._data.get("unit_display_names", {})
    result: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for unit, key in CLDR_UNITS.items():
        long_forms: list[str] = []
        short_forms: list[str] = []
        for width, forms in (patterns.get(key) or {}).items():
            target = long_forms if width == "long" else short_forms
            for category, pattern in forms.items():
                if category == "per" or "{0}" not in str(pattern):
                    continue
                word = " ".join(str(pattern).replace("{0}", " ").casefold().split())
                if word and word not in target:
                    target.append(word)
        for width, name in (names.get(key) or {}).items():
            word = " ".join(str(name).casefold().split())
            target = long_forms if width == "long" else short_forms
            if word and word not in target:
                target.append(word)
        short_forms = [w for w in short_forms if w not in long_forms]
        if long_forms or short_forms:
            result[unit] = (tuple(long_forms), tuple(short_forms))
    return result


@cache
def library_words(language: str) -> dict[str, Any]:
    """A language's base tables in kb/languages' shape: numbers, ordinals, units (long forms),
    short unit forms (matched only whole), zero words, the word for one (an article too) and words
    that are a whole quantity ("دقيقتان")."""
    cardinals, ordinals = spelled(language)
    units = unit_names(language)
    return {
        "numbers": dict(cardinals),
        "ordinals": dict(ordinals),
        "units": {unit: list(forms[0]) for unit, forms in units.items()},
        "short_units": {unit: list(forms[1]) for unit, forms in units.items()},
        "zero": [word for word, value in cardinals.items() if value == 0],
        "articles": [word for word, value in cardinals.items() if value == 1],
        "implied": {word: list(found) for word, found in implied_units(language).items()},
        "digit_ordinals": {value: list(marks) for value, marks in digit_ordinals(language).items()},
    }
