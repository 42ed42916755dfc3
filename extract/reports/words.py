"""Internal names in words for readers: parameters (extract/data/parameter_words.yaml) and the kinds
of translation findings. Shared by the site and the command line."""

from __future__ import annotations

import functools
from pathlib import Path


@functools.cache
def _parameter_words() -> dict[str, str]:
    from extract.io.yamlfile import load_yaml

    data = load_yaml(Path(__file__).parent.parent / "data" / "parameter_words.yaml") or {}
    return {str(k): str(v) for k, v in data.items()}


def parameter_words(name: str) -> str:
    """What a parameter means, in words (extract/data/parameter_words.yaml), else its name as words."""
    known = _parameter_words().get(name)
    if known:
        return known
    text = name.replace(".", ": ").replace("_", " ")
    return text[:1].upper() + text[1:]


# What each kind of translation finding (model.vocab.FindingKind) is, in words for readers.
FINDING_WORDS = {
    "dangling-reference": "Reference to an article that is not there",
    "duplicate-number": "One number given to two provisions",
    "numbering-order": "Numbers out of order",
    "numbering-gap": "A number skipped",
    "mixed-script": "Letters from another alphabet",
    "parameter-mismatch": "A number stated differently in two places",
    "terminology": "One concept, different words",
    "leftover-markup": "Formatting code left in the text",
    "piece-letter": "Piece letter unlike the one the text uses",
    "notation-example": "Notation example that cannot be played",
    "duplicated-number": "Number printed twice in a row",
    "heading-numbered": "Heading printed with a number",
    "glossary-reference": "Glossary entry with a malformed article reference",
    "lost-numbering": "Numbers not printed though the text cites them",
    "notation-slip": "Slip in a move of the notation",
    "reference-drift": "Reference to another rule than in the other editions",
    "internal-contradiction": "The text contradicts itself",
    "translation-divergence": "Rules differently from other translations of the same Laws",
    "stale-acceptance": "Accepted finding that no longer occurs",
}


def finding_words(kind: str) -> str:
    """A finding kind in words ("Number printed twice in a row"); unknown kinds as words too."""
    return FINDING_WORDS.get(kind) or kind.replace("-", " ").capitalize()


# What each diff status (model.vocab.Status) means, in words for readers of the compare pages.
STATUS_WORDS = {
    "added": "added",
    "removed": "removed",
    "parameter-changed": "a number changed",
    "behaviour-changed": "the ruling changed",
    "content-changed": "says something else",
    "not-in-translation": "left out by the translation",
    "moved": "moved",
    "renumbered": "renumbered",
    "reworded": "reworded only",
    "unchanged": "unchanged",
}


def status_words(status: str) -> str:
    """A diff status or flag in words ("parameter-changed" -> "a number changed")."""
    return STATUS_WORDS.get(status) or status.replace("-", " ")
