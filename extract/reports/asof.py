"""Which edition of the Laws was in force on a date, from the corpus metadata alone.

"In force" is about the FIDE Laws, not a translation: on a date, the Laws in force are the newest
FIDE edition (`fide_edition`) that has a translation whose `in_force` date has come. Among that
edition's translations already in force, the newest (latest `in_force`, then id) answers and the
others are listed beside it: on 2019-05-01 the 2017 Laws are read in hu-2018 (in force 2018-01-01),
with da-2017 (2017-07-01) listed. `until` is the day the next FIDE edition took effect (the first
of its translations) and `replaced_by` that translation; both are None for the newest Laws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class AsOfError(ValueError):
    """A date that is not a date, or a date before the first edition took effect."""


@dataclass(frozen=True)
class EditionDates:
    id: str
    language: str
    fide_edition: str
    in_force: str


@dataclass(frozen=True)
class Period:
    """One edition's place in time: from its in_force until the next FIDE Laws took effect."""

    edition: str
    language: str
    fide_edition: str
    in_force: str
    until: str | None
    replaced_by: str | None
    translations: tuple[str, ...] = field(default_factory=tuple)  # other translations of the same Laws

    def as_dict(self) -> dict[str, object]:
        return {
            "edition": self.edition,
            "language": self.language,
            "fide_edition": self.fide_edition,
            "in_force": self.in_force,
            "until": self.until,
            "replaced_by": self.replaced_by,
            "translations": list(self.translations),
        }


def load_edition_dates(corpus_dir: Path) -> list[EditionDates]:
    """The dates of every edition in corpus/editions.yaml (its strict loader: file:line errors)."""
    from extract.io.editions import load_editions

    return [EditionDates(e.id, e.language, e.fide_edition, e.in_force) for e in load_editions(corpus_dir)]


def parse_date(text: str) -> date:
    """An ISO date (YYYY-MM-DD), or AsOfError saying what is wrong."""
    if not DATE.fullmatch(text.strip()):
        raise AsOfError(f"'{text}' is not a date; write YYYY-MM-DD, e.g. 2015-03-01")
    try:
        return date.fromisoformat(text.strip())
    except ValueError as error:
        raise AsOfError(f"'{text}' is not a date: {error}") from error


def laws_number(fide_edition: str) -> int:
    """The year-like number of a FIDE edition ("2017" -> 2017), by which editions of the Laws are ordered."""
    digits = re.match(r"\d+", fide_edition)
    return int(digits.group()) if digits else 0


def _laws_key(edition: EditionDates) -> tuple[int, str]:
    return (laws_number(edition.fide_edition), edition.fide_edition)


def period(edition: EditionDates, editions: list[EditionDates]) -> Period:
    """When `edition`'s Laws stopped being in force, and which translation of the next Laws replaced them."""
    later = sorted(
        (e for e in editions if _laws_key(e) > _laws_key(edition)), key=lambda e: (e.in_force, e.id)
    )
    successor = next((e for e in later if e.in_force > edition.in_force), None)
    same = sorted(e.id for e in editions if e.fide_edition == edition.fide_edition and e.id != edition.id)
    return Period(
        edition.id,
        edition.language,
        edition.fide_edition,
        edition.in_force,
        successor.in_force if successor else None,
        successor.id if successor else None,
        tuple(same),
    )


def timeline(editions: list[EditionDates]) -> list[Period]:
    """Every edition's period, in in-force order (for banners and timelines)."""
    return [period(e, editions) for e in sorted(editions, key=lambda e: (e.in_force, e.id))]


def in_force_on(day: date, editions: list[EditionDates]) -> Period:
    """The translation that answers for `day`: newest translation of the newest Laws in force then.

    `translations` of the result lists the other translations of the same Laws already in force.
    """
    started = [e for e in editions if e.in_force <= day.isoformat()]
    if not started:
        if not editions:
            raise AsOfError("the corpus has no editions")
        first = min(editions, key=lambda e: (e.in_force, e.id))
        raise AsOfError(
            f"no edition was in force on {day.isoformat()}: "
            f"the first, {first.id}, took effect on {first.in_force}"
        )
    laws = max(_laws_key(e) for e in started)
    chosen = max((e for e in started if _laws_key(e) == laws), key=lambda e: (e.in_force, e.id))
    result = period(chosen, editions)
    others = tuple(sorted(e.id for e in started if _laws_key(e) == laws and e.id != chosen.id))
    return Period(
        result.edition,
        result.language,
        result.fide_edition,
        result.in_force,
        result.until,
        result.replaced_by,
        others,
    )
