"""Shared pieces of the site views: escaping filters, the jinja2 environment, page folders, helpers.

Every corpus string reaches the page HTML-escaped (jinja2 autoescape) and, where it lands in
Markdown rather than in a raw HTML block, with Markdown punctuation backslash-escaped too: a
translation is data, never markup.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any, TypeVar

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from extract.model import InputError, Kind
from extract.reports.words import finding_words, parameter_words, status_words

TEMPLATES = Path(__file__).parent / "templates"
EDITIONS_DIR = "editions"
HEADING_KINDS: tuple[Kind, ...] = ("heading", "article")
T = TypeVar("T")
MAX_DEPTH = 6

_EDITION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_ANCHOR_UNSAFE = re.compile(r"[^\w.-]+")
# Python-Markdown's escapable characters, plus `|` for table cells.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()>#+\-.!|])")


class SiteError(Exception):
    """mkdocs could not build the site; the message carries mkdocs' own output."""


def md_inline(value: object) -> Markup:
    """Text safe to place in a Markdown heading or table cell: HTML- and Markdown-escaped."""
    html = str(escape("" if value is None else str(value)))
    return Markup(_MD_SPECIAL.sub(r"\\\1", " ".join(html.split())))


_MD_MARKS = re.compile(r"(?m)^\s{0,3}#{1,6}\s+|\*\*|__")


def plain_quote(value: object) -> str:
    """A quote from a corpus text without the Markdown marks of its conversion (`**`, `__`, `### `):
    the words a reader reads. Lint findings keep them: there the marks are the finding."""
    return " ".join(_MD_MARKS.sub("", "" if value is None else str(value)).split())


def html_text(value: object) -> Markup:
    """Text safe inside a one-line raw HTML block: escaped, newlines as character references."""
    return Markup(str(escape("" if value is None else str(value))).replace("\n", "&#10;"))


L10N_TABLE = "l10n"  # the page's table of sentences in every language (a template variable)


@pass_context
def l10n(context: Context, value: object) -> Markup:
    """A sentence for the reader: its English words in a `data-l10n` span, the other languages of
    the switch in the page's table (one entry per distinct sentence, written once at the end of the
    page by `l10n_script`); site/assets/rules.js shows the reader's language. A text is escaped as is."""
    if value is None:
        return Markup("")
    if not isinstance(value, dict):
        return html_text(value)
    english = str(value.get("en", ""))
    others = {str(k): str(v) for k, v in sorted(value.items()) if k != "en" and v and v != english}
    table = context.get(L10N_TABLE)
    if not others or not isinstance(table, dict):
        return html_text(english)
    table.setdefault(english, others)
    return Markup(f"<span data-l10n>{html_text(english)}</span>")


@pass_context
def l10n_md(context: Context, value: object) -> Markup:
    """A sentence placed in Markdown (a heading): its English words Markdown-escaped, the other
    languages in the page's table; the element says `data-l10n` itself (attr_list), see `l10n_attr`."""
    if isinstance(value, dict):
        english = str(value.get("en", ""))
        others = {str(k): str(v) for k, v in sorted(value.items()) if k != "en" and v and v != english}
        table = context.get(L10N_TABLE)
        if others and isinstance(table, dict):
            table.setdefault(english, others)
        return md_inline(english)
    return md_inline(value)


def l10n_attr(value: object, anchor: str) -> Markup:
    """The attr_list of a heading: its anchor, and `data-l10n` when it has words in other languages."""
    translated = isinstance(value, dict) and any(k != "en" and v for k, v in value.items())
    return Markup("{#" + str(escape(anchor)) + (' data-l10n=""' if translated else "") + "}")


@pass_context
def words_for(context: Context, key: str, **values: Any) -> Markup:
    """The template `key` of extract/reports/interface.yaml filled in every language, for the page."""
    from extract.reports.speech import said

    return l10n(context, said(key, **values))


def l10n_script(table: dict[str, dict[str, str]]) -> str:
    """The page's sentences in the other languages, as data for the page script ('' when none):
    [languages, {English: [the sentence in each language, in that order]}]."""
    if not table:
        return ""
    codes = sorted({code for words in table.values() for code in words})
    rows = {english: [words.get(code, "") for code in codes] for english, words in table.items()}
    data = json.dumps([codes, rows], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    data = data.replace("<", "\\u003c")  # no text reads as markup inside the script element
    return f'\n<script type="application/json" class="cl-l10n">{data}</script>\n'


def status_said(status: str) -> dict[str, str]:
    """A diff status or flag in words (extract/reports/words.py), in every language of the switch."""
    from extract.reports.speech import said, same, table

    key = "st_" + status.replace("-", "_")
    return said(key) if key in table()["en"] else same(status_words(status))


# A rule page's kinds of change (reports/rule_rows.py ChangeKind) as the diff statuses they are.
CHANGE_STATUS = {
    "not in this translation": "not-in-translation",
    "parameter": "parameter-changed",
    "behaviour": "behaviour-changed",
    "changed": "content-changed",
}


def change_kind_said(kind: str) -> dict[str, str]:
    """A rule page's kind of change in words ("the ruling changed"), in every language of the switch."""
    return status_said(CHANGE_STATUS.get(kind, kind))


def language_said(language: str) -> dict[str, str]:
    """A language's name in every language of the switch (CLDR through Babel; English as named here)."""
    from babel import Locale, UnknownLocaleError

    from extract.reports.speech import languages

    names = {"en": english_name(language)}
    for code in languages():
        if code == "en":
            continue
        try:
            names[code] = Locale.parse(code).languages.get(language) or names["en"]
        except (UnknownLocaleError, ValueError):
            names[code] = names["en"]
    return names


def chapter_said(name: str) -> dict[str, str] | str:
    """A chapter as the diff names it ("Article 10", "Guidelines III", "front": reports/diff_data.py)
    in every language of the switch (interface.yaml ch_*); other names as they are."""
    from extract.reports.diff_data import CHAPTER_WORDS
    from extract.reports.speech import table

    for kind, word in CHAPTER_WORDS.items():
        if name.startswith(word + " "):
            return _said("ch_" + kind.replace(" ", "_"), label=name[len(word) + 1 :])
    key = "ch_" + name
    return _said(key) if key in table()["en"] else name


def value_said(cell: Any) -> dict[str, str] | str:
    """A parameter's value as shown ("2 min"); yes and no in every language of the switch."""
    value = getattr(cell, "value", None)
    if isinstance(value, bool):
        return _said("yes" if value else "no")
    return str(getattr(cell, "shown", ""))


def param_said(name: str) -> dict[str, str]:
    """What a parameter means (extract/data/parameter_words.yaml), in every language of the switch."""
    from extract.reports.speech import languages
    from extract.reports.words import parameter_said

    return parameter_said(name, languages())


def lowered(value: dict[str, str]) -> dict[str, str]:
    return {code: text[:1].lower() + text[1:] for code, text in value.items()}


def finding_said(kind: str) -> dict[str, str]:
    """A kind of translation finding in words (extract/reports/words.py), in every language of the switch."""
    from extract.reports.speech import said, same, table
    from extract.reports.words import finding_key

    key = finding_key(kind)
    return said(key) if key in table()["en"] else same(finding_words(kind))


def capitalised(value: dict[str, str]) -> dict[str, str]:
    return {code: text[:1].upper() + text[1:] for code, text in value.items()}


def _said(key: str, **values: Any) -> dict[str, str]:
    from extract.reports.speech import said

    return said(key, **values)


# The words site/assets/rules.js itself fills in (headings, controls): the only part of the table a
# rule page carries as data; every other sentence comes filled in every language (`tr`, `l10n`).
SCRIPT_WORDS = (
    "editions", "current", "text", "rulings", "parameters", "changes", "findings", "related",
    "read_in", "newest", "in_force_on", "situation", "search", "no_edition",
)  # fmt: skip


# The words of the theme every page carries (navigation, table of contents, "back to top", search):
# keys of interface.yaml; the navigation names the pages by their first heading.
CHROME = ("search", "h_translation", "h_editions")
CHROME_PREFIXES = ("nav_", "ui_")


def chrome_words() -> list[dict[str, str]]:
    """The theme's words in every language of the switch, for every page's table."""
    from extract.reports.speech import said, table

    keys = [k for k in table()["en"] if k in CHROME or k.startswith(CHROME_PREFIXES)]
    return [said(k) for k in keys]


def script_words() -> dict[str, dict[str, str]]:
    return {code: {k: words[k] for k in SCRIPT_WORDS} for code, words in interface_words().items()}


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md_inline
    env.filters["html"] = html_text
    env.filters["plain_quote"] = plain_quote
    env.filters["l10n"] = l10n
    env.filters["l10n_md"] = l10n_md
    env.globals["l10n_attr"] = l10n_attr
    env.globals["tr"] = words_for
    env.globals["said"] = _said
    env.globals["status_said"] = status_said
    env.filters["cap"] = capitalised
    env.globals["words"] = parameter_words
    env.globals["finding_words"] = finding_words
    env.globals["finding_said"] = finding_said
    env.globals["param_said"] = param_said
    env.globals["value_said"] = value_said
    env.globals["chapter_said"] = chapter_said
    env.globals["language_said"] = language_said
    env.filters["lowered"] = lowered
    env.globals["change_kind_said"] = change_kind_said
    env.globals["status_words"] = status_words
    return env


def _edition_id(edition: str, path: Path) -> str:
    """`edition` when it can name a page file, else an InputError naming `path`."""
    if not _EDITION_ID.match(edition):
        raise InputError(path, None, f"edition id {edition!r} cannot name a page")
    return edition


def _anchor(label: str, used: set[str]) -> str:
    base = "p-" + (_ANCHOR_UNSAFE.sub("-", label).strip("-") or "unlabelled")
    anchor, n = base, 1
    while anchor in used:
        n += 1
        anchor = f"{base}-{n}"
    used.add(anchor)
    return anchor


def _write(path: Path, content: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != content:
        path.write_text(content, encoding="utf-8")
    return path


RULES_DIR = "rules"
MAX_FANOUT = 3
# What render_site writes into site/ (files and folders); everything else there is hand-written.
COMPARE_DIR = "compare"
REPORT_PAGES = ("translation.md", "scenarios.md")
DATA_DIR = "data"  # data files the page script loads (search.json)
DOWNLOADS_DIR = "downloads"
GENERATED = (
    "index.md",
    "downloads.md",
    DATA_DIR,
    DOWNLOADS_DIR,
    EDITIONS_DIR,
    "rules.md",
    RULES_DIR,
    "parameters.md",
    "terms.md",
    "lineage.md",
    COMPARE_DIR,
    *REPORT_PAGES,
)
WORD_CONTEXT = 12  # words of unchanged text kept either side of a change in a word diff
UNIT_SHORT = {"minutes": "min", "seconds": "s", "moves": "moves", "count": "", "cm": "cm"}


def _shown(value: Any, unit: str) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    short = UNIT_SHORT.get(unit, unit)
    return f"{value} {short}".strip()


def topic_title(topic: str) -> str:
    return topic.replace("-", " ").replace("_", " ").capitalize()


def _plain(key: str) -> str:
    """The label of a provision key (`11.2.2@364` -> `11.2.2`)."""
    return key.split("@", 1)[0]


def _article(label: str) -> str:
    return label.split("@", 1)[0].split(".", 1)[0]


def _article_shown(article: str) -> str:
    return f"§ {article}" if article.isdigit() else article


def _by_rule(value: dict[str, list[T]] | None, what: str, row: type[T]) -> dict[str, list[T]]:
    """The rows of a rule-page section, checked: a mapping rule id -> list of `row`."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError(f"{what} must map rule id -> list of {row.__name__}")
    result = {}
    for rule, items in value.items():
        if not isinstance(items, list) or not all(isinstance(item, row) for item in items):
            raise TypeError(f"{what}[{rule!r}] must be a list of {row.__name__}")
        result[str(rule)] = items
    return result


# How a provision came to be shown under a rule (model.vocab.Method): the template of its words
# (extract/reports/interface.yaml), for "how we know this".
METHOD_WORDS = {
    "anchor": "how_anchor",
    "curated": "how_curated",
    "override": "how_override",
    "aligner": "how_aligner",
    "mapping": "how_mapping",
}


def how_words(method: str, confidence: float | None) -> dict[str, str]:
    """'matched automatically ...; the match is likely': provenance without numbers or internal
    names, in every language of the switch."""
    from extract.reports.speech import said

    words = said(METHOD_WORDS.get(method, "how_matched"))
    if confidence is None or method in ("anchor", "curated", "override"):
        return words
    sure = "sure_certain" if confidence >= 0.9 else "sure_likely" if confidence >= 0.7 else "sure_uncertain"
    return said("how_sure", how=words, sure=said(sure))


def interface_words() -> dict[str, dict[str, str]]:
    """The interface words and sentence templates per language (extract/reports/interface.yaml)."""
    from extract.reports.speech import table

    return table()


@functools.cache
def english_name(language: str) -> str:
    """A language's English name from CLDR through Babel ("Danish", "Norwegian Bokmål", "Georgian") for
    any edition's language, the code where CLDR has none."""
    from babel import Locale

    return str(Locale("en").languages.get(language.replace("-", "_")) or language)


def autonym(language: str) -> str:
    """The language's name in itself ("dansk", "magyar") from CLDR through Babel; the code otherwise."""
    from babel import Locale, UnknownLocaleError

    code = language.replace("-", "_")
    try:
        return Locale.parse(code).get_display_name(code) or language
    except (UnknownLocaleError, ValueError):
        return language
