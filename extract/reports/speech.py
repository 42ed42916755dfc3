"""The reader's language: one table of interface words and sentence templates (interface.yaml).

Every generated sentence a reader sees is made from a template of extract/reports/interface.yaml, in
English and in each language of the site's language switch (da, sv, nb, hu). `say` fills one
template in one language; `said` fills it in every language at once (a `Said`, language -> text),
which the site writes into the page so that the script can show the reader's language without a
second request. A value may itself be a `Said` (a phrase already in every language) or a date:
English keeps ISO dates (as the command line prints them), the others get CLDR's long date through
Babel ("1. januar 2023", "2023. január 1.").
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from pathlib import Path

TABLE = Path(__file__).with_name("interface.yaml")
ENGLISH = "en"

Said = dict[str, str]  # language -> text; always has "en"
Value = str | int | float | date | dict[str, str]
_FIELD = re.compile(r"\{(\w+)\}")


@cache
def table() -> dict[str, dict[str, str]]:
    """language -> key -> template (curated; every key in every language, tests/test_site.py)."""
    from extract.io.yamlfile import load_yaml  # the table is 1,600 strings: parsed once, then cached

    loaded = load_yaml(TABLE)
    return {str(code): {str(k): str(v) for k, v in words.items()} for code, words in loaded.items()}


def languages() -> tuple[str, ...]:
    """The languages of the table, English first."""
    return (ENGLISH, *sorted(code for code in table() if code != ENGLISH))


def long_date(day: date | str, language: str) -> str:
    """ISO in English; CLDR's long date in the other languages (Babel); the text itself if not a date."""
    if isinstance(day, str):
        try:
            when = date.fromisoformat(day[:10])
        except ValueError:
            return day
    else:
        when = day
    if language == ENGLISH:
        return when.isoformat()
    from babel.dates import format_date

    return str(format_date(when, "long", locale=language))


def day(text: str | date | None) -> Value:
    """An ISO date (text) as a date, so that `say` writes it in the reader's language; else as given."""
    if text is None or isinstance(text, date):
        return text or ""
    try:
        return date.fromisoformat(text[:10]) if len(text) == 10 else text
    except ValueError:
        return text


def _text(value: Value, language: str) -> str:
    if isinstance(value, dict):
        return value.get(language) or value.get(ENGLISH, "")
    if isinstance(value, date):
        return long_date(value, language)
    return str(value)


def say(language: str, key: str, **values: Value) -> str:
    """The template `key` in `language` (English when the language has none), filled with `values`."""
    words = table()
    template = words.get(language, {}).get(key) or words[ENGLISH][key]
    return _FIELD.sub(
        lambda m: _text(values[m.group(1)], language) if m.group(1) in values else m.group(0), template
    )


def said(key: str, **values: Value) -> Said:
    """The template `key` filled in every language of the table."""
    return {code: say(code, key, **values) for code in languages()}


def joined(parts: list[Said], separator: str = "; ") -> Said:
    """Phrases joined in every language."""
    return {code: separator.join(p.get(code) or p[ENGLISH] for p in parts) for code in languages()}


def same(text: str) -> Said:
    """A text that is the same in every language (a label, an edition id)."""
    return {code: text for code in languages()}


def capitalised(text: Said) -> Said:
    return {code: value[:1].upper() + value[1:] for code, value in text.items()}
