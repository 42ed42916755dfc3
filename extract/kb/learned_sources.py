"""What the learners of a language's words read (kb/learned_lexicon.py and its steps): every edition's
provisions, the language of each, each provision's rules, the KB folder and each edition's Laws; the
references' quantities (read once per build) and the language's own texts as tokens."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from extract.io.languages import language_data
from extract.text.quantities import Compiled, Quantity, Token, quantities, tokens, unit_of_token
from extract.text.words import derived

Provisions = dict[str, list[tuple[str, dict[str, object]]]]
Assigned = dict[tuple[str, str], tuple[str, ...]]  # (edition, provision key) -> its rules


@dataclass(frozen=True, eq=False)
class Sources:
    """What the learner reads for one language: every edition's provisions, the language of each
    edition, each provision's rules, the KB folder (the curated languages' words) and each edition's
    Laws (`laws`: edition -> fide_edition; the references nearest a text's Laws teach it)."""

    language: str
    provisions: Provisions
    languages: dict[str, str]
    assigned: Assigned
    kb_dir: Path
    laws: dict[str, str] = field(default_factory=dict)

    def own(self, ordered: bool = False) -> Iterator[tuple[str, str, dict[str, object]]]:
        """(edition, key, provision) of every edition in the language."""
        return own_provisions(self.language, self.provisions, self.languages, ordered)

    def references(self) -> list[str]:
        """The editions that teach: those in other languages, in curated languages where there are any."""
        codes = set(self.languages.values())
        curated = {code for code in codes if language_data(Path(self.kb_dir), code) is not None}
        return [
            e
            for e, code in self.languages.items()
            if code != self.language and (code in curated or not curated)
        ]


def own_provisions(
    language: str, provisions: Provisions, languages: dict[str, str], ordered: bool = False
) -> Iterator[tuple[str, str, dict[str, object]]]:
    """(edition, key, provision) of every edition in `language` (by edition id when `ordered`)."""
    editions = sorted(languages.items()) if ordered else list(languages.items())
    for edition, code in editions:
        if code == language:
            for key, provision in provisions.get(edition, []):
                yield edition, key, provision


@derived
@lru_cache(maxsize=50_000)
def read_quantities(text: str, language: str, kb_dir: Path) -> tuple[Quantity, ...]:
    """A reference provision's quantities (read once for all the languages a build learns)."""
    return tuple(quantities(text, language, kb_dir))


def heard_units(sources: Sources, base: Compiled) -> set[str]:
    """The units whose library or curated words stand right after a number in the language's texts
    (a one-letter abbreviation that happens to be a word elsewhere is not heard)."""
    heard: set[str] = set()
    for _, _, provision in sources.own():
        doc = doc_of(provision)
        for i in range(1, len(doc)):
            if doc[i - 1].lower_.isdigit() or doc[i - 1].lower_ in base.single:
                unit = unit_of_token(doc[i].lower_, base)
                if unit is not None:
                    heard.add(unit)
    return heard


def doc_of(provision: dict[str, object]) -> tuple[Token, ...]:
    return cached_tokens(str(provision.get("text") or ""))


@derived
@lru_cache(maxsize=20_000)
def cached_tokens(text: str) -> tuple[Token, ...]:
    return tokens(text)
