"""Which Laws of Chess were in force on a date, and which texts of the corpus give them.

"In force", "newest" and "superseded" are said of the FIDE Laws first (kb/laws.yaml, each date with
the text that states it), then of the corpus texts of those Laws (`fide_edition` in
corpus/editions.yaml). On a date, the Laws in force are the last to have taken effect; the corpus
texts of those Laws already in force answer, newest first. When the corpus has no text of them
(on 2026-11-24 the 2023 Laws are in force and the five texts translate older Laws), the answer says
so and names the newest text the corpus has. Supersession is by Laws: a text of the 2001 Laws is
superseded when the 2009 Laws take effect, whatever language their texts are in.

Laws a translation names but kb/laws.yaml does not list are dated by their first translation.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path

from extract.model.laws import LawsEdition
from extract.reports.speech import ENGLISH, day, say

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class AsOfError(ValueError):
    """A date that is not a date, or a date before the first Laws took effect."""


@dataclass(frozen=True)
class EditionDates:
    id: str
    language: str
    fide_edition: str
    in_force: str


@dataclass(frozen=True)
class Period:
    """One text's place in time: from its in_force until its Laws were superseded.

    `until` is the day the next Laws took effect, `superseded_by` those Laws (None while its Laws
    are the newest known), `successor_texts` the corpus texts of those Laws and `translations` the
    other corpus texts of the same Laws.
    """

    edition: str
    language: str
    fide_edition: str
    in_force: str
    until: str | None
    superseded_by: str | None
    translations: tuple[str, ...] = field(default_factory=tuple)
    successor_texts: tuple[str, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, object]:
        return {
            "edition": self.edition,
            "language": self.language,
            "fide_edition": self.fide_edition,
            "in_force": self.in_force,
            "until": self.until,
            "superseded_by": self.superseded_by,
            "translations": list(self.translations),
            "successor_texts": list(self.successor_texts),
        }


@dataclass(frozen=True)
class AsOf:
    """The answer for one day: the Laws in force and the corpus texts of them (newest first).

    `newest_text` is the newest corpus text in force that day, whatever Laws it gives: the text
    the reader has to fall back on when `texts` is empty.
    """

    day: str
    laws: LawsEdition
    successor: LawsEdition | None
    texts: tuple[EditionDates, ...]
    newest_text: EditionDates | None

    @property
    def answer(self) -> EditionDates | None:
        return self.texts[0] if self.texts else None

    def as_dict(self) -> dict[str, object]:
        text = self.answer
        newest = self.newest_text
        return {
            "date": self.day,
            "laws": self.laws.as_dict(),
            "fide_edition": self.laws.id,
            "until": self.laws.superseded_on,
            "replaced_by": self.successor.id if self.successor else None,
            "corpus_has_text": text is not None,
            "edition": text.id if text else None,
            "language": text.language if text else None,
            "in_force": text.in_force if text else None,
            "translations": [t.id for t in self.texts[1:]],
            "texts": [t.id for t in self.texts],
            "newest_text": (
                {"edition": newest.id, "language": newest.language, "fide_edition": newest.fide_edition,
                 "in_force": newest.in_force}
                if newest else None
            ),
        }  # fmt: skip


def load_edition_dates(corpus_dir: Path) -> list[EditionDates]:
    """The dates of every edition in corpus/editions.yaml (its strict loader: file:line errors)."""
    from extract.io.editions import load_editions

    return [EditionDates(e.id, e.language, e.fide_edition, e.in_force) for e in load_editions(corpus_dir)]


def load_laws_editions(kb_dir: Path, corpus_dir: Path | None = None) -> list[LawsEdition]:
    """kb/laws.yaml, its corpus quotes checked against the texts of `corpus_dir` when given."""
    from extract.io.editions import load_editions
    from extract.io.laws import read_laws

    texts = {e.id: e.text for e in load_editions(corpus_dir)} if corpus_dir is not None else None
    return read_laws(kb_dir, texts)


def parse_date(text: str) -> date:
    """An ISO date (YYYY-MM-DD), or AsOfError saying what is wrong."""
    if not DATE.fullmatch(text.strip()):
        raise AsOfError(f"'{text}' is not a date; write YYYY-MM-DD, e.g. 2015-03-01")
    try:
        return date.fromisoformat(text.strip())
    except ValueError as error:
        raise AsOfError(f"'{text}' is not a date: {error}") from error


def build_day() -> date:
    """The day a build speaks of "today": SOURCE_DATE_EPOCH when set (reproducible builds), else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), tz=UTC).date()
    return date.today()


def laws_number(fide_edition: str) -> int:
    """The year-like number of a FIDE edition ("2017" -> 2017), by which editions of the Laws are ordered."""
    digits = re.match(r"\d+", fide_edition)
    return int(digits.group()) if digits else 0


def _laws_key(edition: EditionDates) -> tuple[int, str]:
    return (laws_number(edition.fide_edition), edition.fide_edition)


def laws_timeline(laws: list[LawsEdition], editions: list[EditionDates]) -> list[LawsEdition]:
    """Every edition of the Laws, oldest first: the curated ones, and those only a translation names
    (dated by their first translation, superseded when the next Laws took effect)."""
    known = {law.id for law in laws}
    first: dict[str, str] = {}
    for e in editions:
        if e.fide_edition not in known:
            first[e.fide_edition] = min(first.get(e.fide_edition, e.in_force), e.in_force)
    merged = [*laws, *(LawsEdition(k, None, day, None, curated=False) for k, day in first.items())]
    merged.sort(key=lambda law: (law.in_force, laws_number(law.id), law.id))
    dated = []
    for i, law in enumerate(merged):
        if not law.curated and i + 1 < len(merged):
            law = LawsEdition(law.id, None, law.in_force, merged[i + 1].in_force, curated=False)
        dated.append(law)
    return dated


def _texts_of(laws_id: str, editions: list[EditionDates], day: str | None = None) -> list[EditionDates]:
    """The corpus texts of one Laws edition (in force on `day` if given), newest first."""
    found = [e for e in editions if e.fide_edition == laws_id and (day is None or e.in_force <= day)]
    return sorted(found, key=lambda e: (e.in_force, e.id), reverse=True)


def _successor(law: LawsEdition, timeline: list[LawsEdition]) -> LawsEdition | None:
    later = [t for t in timeline if t.in_force > law.in_force]
    return later[0] if later else None


def in_force_on(day: date, editions: list[EditionDates], laws: list[LawsEdition] | None = None) -> AsOf:
    """The Laws in force on `day` and the corpus texts of them in force then (newest first)."""
    timeline = laws_timeline(laws or [], editions)
    when = day.isoformat()
    started = [law for law in timeline if law.in_force <= when]
    if not started:
        if not timeline:
            raise AsOfError("the corpus has no editions")
        first_text = min(editions, key=lambda e: (e.in_force, e.id)) if editions else None
        text = (
            f"; the first text, {first_text.id}, took effect on {first_text.in_force}" if first_text else ""
        )
        raise AsOfError(
            f"no edition was in force on {when}: the first Laws known, those of {timeline[0].id}, "
            f"took effect on {timeline[0].in_force}{text}"
        )
    current = started[-1]
    in_force_texts = [e for e in editions if e.in_force <= when]
    newest = max(in_force_texts, key=lambda e: (_laws_key(e), e.in_force, e.id)) if in_force_texts else None
    return AsOf(
        when, current, _successor(current, timeline), tuple(_texts_of(current.id, editions, when)), newest
    )


def period(edition: EditionDates, editions: list[EditionDates], timeline: list[LawsEdition]) -> Period:
    """When `edition`'s Laws stopped being in force, which Laws replaced them, and their texts here."""
    own = next((law for law in timeline if law.id == edition.fide_edition), None)
    successor = _successor(own, timeline) if own else None
    return Period(
        edition.id,
        edition.language,
        edition.fide_edition,
        edition.in_force,
        own.superseded_on if own else None,
        successor.id if successor else None,
        tuple(
            sorted(e.id for e in editions if e.fide_edition == edition.fide_edition and e.id != edition.id)
        ),
        tuple(e.id for e in reversed(_texts_of(successor.id, editions))) if successor else (),
    )


def timeline(editions: list[EditionDates], laws: list[LawsEdition] | None = None) -> list[Period]:
    """Every text's period, in in-force order (for the site's timelines)."""
    dated = laws_timeline(laws or [], editions)
    return [period(e, editions, dated) for e in sorted(editions, key=lambda e: (e.in_force, e.id))]


def laws_words(law: LawsEdition, language: str = ENGLISH) -> str:
    """'the 2023 Laws (adopted by the 93rd FIDE Congress, Chennai, India)'; the congress is curated
    English, so the other languages name the Laws only."""
    if law.adopted_by and language == ENGLISH:
        return say(language, "laws_adopted", laws=law.id, by=law.adopted_by)
    return say(language, "laws", laws=law.id)


def asof_lines(answer: AsOf, language: str = ENGLISH) -> list[str]:
    """The answer in words, the same for `chesslaws asof` and the site's home page (in `language`,
    extract/reports/interface.yaml)."""
    law = answer.laws
    until = (
        say(language, "asof_until", date=day(law.superseded_on), successor=answer.successor.id)
        if answer.successor and law.superseded_on
        else ""
    )
    lines = [
        say(
            language,
            "asof_in_force",
            day=day(answer.day),
            laws=laws_words(law, language),
            date=day(law.in_force),
            until=until,
        )
    ]
    if answer.texts:
        named = ", ".join(
            say(language, "asof_text", edition=t.id, date=day(t.in_force)) for t in answer.texts
        )
        lines.append(say(language, "asof_texts", texts=named))
    elif answer.newest_text is not None:
        newest = answer.newest_text
        lines.append(
            say(
                language,
                "asof_newest",
                laws=law.id,
                edition=newest.id,
                older=newest.fide_edition,
                date=day(newest.in_force),
            )
        )
    else:
        lines.append(say(language, "asof_none", laws=law.id, day=day(answer.day)))
    return lines


def not_current_note(
    edition: EditionDates,
    today: date,
    editions: list[EditionDates],
    laws: list[LawsEdition],
    language: str = ENGLISH,
) -> str | None:
    """One line for a page that presents `edition` as current when its Laws are not in force today
    (None when they are): which Laws are, and whether the corpus has a text of them."""
    try:
        answer = in_force_on(today, editions, laws)
    except AsOfError:
        return None
    if answer.laws.id == edition.fide_edition:
        return None
    has = (
        say(language, "not_current_has", edition=answer.texts[0].id)
        if answer.texts
        else say(language, "not_current_none")
    )
    return say(
        language,
        "not_current",
        edition=edition.id,
        laws=edition.fide_edition,
        day=day(answer.day),
        current=answer.laws.id,
        date=day(answer.laws.in_force),
        has=has,
    )
