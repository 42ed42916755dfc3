"""kb/laws.yaml: the editions of the FIDE Laws of Chess, each fact with the text that states it.

Curated and read strictly: every problem is an InputError naming the file, the line and what is
wrong. With the corpus folder, a quote from a corpus text must stand on the line it cites.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from extract.io.yamlfile import LINE_KEY, check_keys, line_of, load_yaml
from extract.model import InputError
from extract.model.laws import FACTS, FactSource, LawsEdition

LAWS_FILE = "laws.yaml"
TOP_KEYS = ("external", "laws")
ENTRY_KEYS = ("id", "adopted_by", "in_force", "superseded_on", "sources", "notes")
SOURCE_KEYS = ("text", "line", "quote")
EXTERNAL_KEYS = ("title", "where")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_LAWS_ID = re.compile(r"\d{4}[\w.-]*")
_EDITION_ID = re.compile(r"[a-z]{2,3}-\d{4}")


def read_laws(kb_dir: Path, corpus_texts: dict[str, str] | None = None) -> list[LawsEdition]:
    """The Laws of kb/laws.yaml, oldest first ([] without the file).

    `corpus_texts` (edition id -> raw text) lets a source name a corpus edition and have its
    quote checked on the cited line; without it, any source text is accepted as named.
    """
    path = Path(kb_dir) / LAWS_FILE
    if not path.exists():
        return []
    data = load_yaml(path, lines=True)
    if data is None:
        return []
    check_keys(path, data, TOP_KEYS, ("laws",), "kb/laws.yaml")
    externals = _externals(path, data.get("external"))
    entries = data["laws"]
    if not isinstance(entries, list):
        raise InputError(path, line_of(data, 1), "laws must be a list of editions of the Laws")
    laws: list[LawsEdition] = []
    lines: list[int | None] = []
    for entry in entries:
        laws.append(_entry(path, entry, externals, corpus_texts))
        lines.append(line_of(entry))
    _check_sequence(path, laws, lines)
    return laws


def _externals(path: Path, value: object) -> set[str]:
    if value is None:
        return set()
    if not isinstance(value, dict):
        raise InputError(path, None, "external must map a text's name to its title and where it is")
    for name, entry in value.items():
        if name != LINE_KEY:
            check_keys(path, entry, EXTERNAL_KEYS, EXTERNAL_KEYS, f"external text '{name}'")
    return {str(k) for k in value if k != LINE_KEY}


def _date(path: Path, line: int | None, what: str, value: object, nullable: bool = False) -> str | None:
    if value is None and nullable:
        return None
    text = value.isoformat() if isinstance(value, date) else value
    if not isinstance(text, str) or not _ISO_DATE.fullmatch(text):
        raise InputError(path, line, f"{what} must be a date written YYYY-MM-DD, found {value!r}")
    try:
        date.fromisoformat(text)
    except ValueError as error:
        raise InputError(path, line, f"{what} {text!r} is not a date: {error}") from None
    return text


def _entry(
    path: Path, entry: object, externals: set[str], corpus_texts: dict[str, str] | None
) -> LawsEdition:
    check_keys(path, entry, ENTRY_KEYS, ("id", "adopted_by", "in_force", "superseded_on", "sources"), "laws")
    assert isinstance(entry, dict)
    line = line_of(entry)
    laws_id = entry["id"]
    if not isinstance(laws_id, str) or not _LAWS_ID.fullmatch(laws_id):
        raise InputError(path, line, f'laws id must be a quoted year like "2017", found {laws_id!r}')
    adopted = entry["adopted_by"]
    if adopted is not None and (not isinstance(adopted, str) or not adopted.strip()):
        raise InputError(path, line, f"laws {laws_id}: adopted_by must be text or null, found {adopted!r}")
    in_force = _date(path, line, f"laws {laws_id}: in_force", entry["in_force"])
    assert in_force is not None
    superseded = _date(path, line, f"laws {laws_id}: superseded_on", entry["superseded_on"], nullable=True)
    if superseded is not None and superseded <= in_force:
        raise InputError(path, line, f"laws {laws_id}: superseded_on {superseded} is not after in_force")
    notes = entry.get("notes")
    if notes is not None and not isinstance(notes, str):
        raise InputError(path, line, f"laws {laws_id}: notes must be text")
    stated = {"adopted_by": adopted, "in_force": in_force, "superseded_on": superseded}
    sources = _sources(path, line, laws_id, entry["sources"], externals, corpus_texts)
    for fact in FACTS:
        if stated[fact] is not None and fact not in sources:
            raise InputError(path, line, f"laws {laws_id}: {fact} needs a source (sources.{fact})")
        if stated[fact] is None and fact in sources:
            raise InputError(path, line, f"laws {laws_id}: sources.{fact} cites a fact that is null")
    return LawsEdition(laws_id, adopted, in_force, superseded, sources, notes)


def _sources(
    path: Path,
    line: int | None,
    laws_id: str,
    value: object,
    externals: set[str],
    corpus_texts: dict[str, str] | None,
) -> dict[str, FactSource]:
    if not isinstance(value, dict):
        raise InputError(path, line, f"laws {laws_id}: sources must map a fact to its source")
    found: dict[str, FactSource] = {}
    for fact, source in value.items():
        if fact == LINE_KEY:
            continue
        where = line_of(source, line_of(value, line))
        if fact not in FACTS:
            raise InputError(path, where, f"laws {laws_id}: unknown fact '{fact}'; facts: {', '.join(FACTS)}")
        check_keys(path, source, SOURCE_KEYS, SOURCE_KEYS, f"laws {laws_id}: source of {fact}")
        assert isinstance(source, dict)
        text, number, quote = source["text"], source["line"], source["quote"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise InputError(
                path, where, f"laws {laws_id}: line of {fact} must be a line number, found {number!r}"
            )
        if not isinstance(quote, str) or not quote.strip():
            raise InputError(path, where, f"laws {laws_id}: quote of {fact} must be the words of the source")
        text = str(text)
        external = text in externals
        if not external and corpus_texts is not None:
            _check_quote(path, where, laws_id, fact, text, number, quote, corpus_texts)
        found[str(fact)] = FactSource(text, number, quote, external)
    return found


def _check_quote(
    path: Path,
    where: int | None,
    laws_id: str,
    fact: str,
    text: str,
    number: int,
    quote: str,
    corpus_texts: dict[str, str],
) -> None:
    if text not in corpus_texts:
        if _EDITION_ID.fullmatch(text):  # an edition this copy of the corpus leaves out: not checkable
            return
        known = ", ".join(sorted(corpus_texts))
        raise InputError(
            path,
            where,
            f"laws {laws_id}: source of {fact} names '{text}', neither an edition id "
            f"(<language>-<year>, as {known}) nor an external text",
        )
    lines = corpus_texts[text].splitlines()
    stated = " ".join(lines[number - 1].split()) if number <= len(lines) else ""
    if " ".join(quote.split()) not in stated:
        raise InputError(path, where, f"laws {laws_id}: {text} line {number} does not say {quote!r}")


def _check_sequence(path: Path, laws: list[LawsEdition], lines: list[int | None]) -> None:
    """Ids unique; oldest first; each superseded on the day the next took effect; only the last open."""
    seen: set[str] = set()
    for i, edition in enumerate(laws):
        if edition.id in seen:
            raise InputError(path, lines[i], f"laws {edition.id} is listed twice")
        seen.add(edition.id)
        following = laws[i + 1] if i + 1 < len(laws) else None
        if following is None:
            continue
        if following.in_force <= edition.in_force:
            raise InputError(
                path,
                lines[i + 1],
                f"laws {following.id} must take effect after laws {edition.id} (oldest first)",
            )
        if edition.superseded_on != following.in_force:
            raise InputError(
                path,
                lines[i],
                f"laws {edition.id}: superseded_on must be {following.in_force}, the day laws "
                f"{following.id} took effect, found {edition.superseded_on}",
            )
