"""Internal names in words for readers: parameters (extract/data/parameter_words.yaml) and the kinds
of translation findings. Shared by the site and the command line."""

from __future__ import annotations

import functools
from pathlib import Path


@functools.cache
def _parameter_words() -> dict[str, dict[str, str]]:
    """parameter -> language -> words (extract/data/parameter_words.yaml)."""
    from extract.io.yamlfile import load_yaml

    data = load_yaml(Path(__file__).parent.parent / "data" / "parameter_words.yaml") or {}
    return {str(k): {str(code): str(text) for code, text in v.items()} for k, v in data.items()}


def parameter_words(name: str, language: str = "en") -> str:
    """What a parameter means, in words (extract/data/parameter_words.yaml), in `language` (else
    English); else its name as words."""
    known = _parameter_words().get(name)
    if known:
        return known.get(language) or known["en"]
    text = name.replace(".", ": ").replace("_", " ")
    return text[:1].upper() + text[1:]


def parameter_said(name: str, languages: tuple[str, ...]) -> dict[str, str]:
    """What a parameter means in each of `languages` (a language without words gets the English)."""
    return {code: parameter_words(name, code) for code in languages}


def finding_key(kind: str) -> str:
    """The interface.yaml template that says what a kind of translation finding
    (model.vocab.FindingKind) is, for readers, in every language of the switch."""
    return "fk_" + kind.replace("-", "_")


def finding_words(kind: str) -> str:
    """A finding kind in words ("Number printed twice in a row"); unknown kinds as words too."""
    from extract.reports.speech import ENGLISH, say, table

    key = finding_key(kind)
    return say(ENGLISH, key) if key in table()[ENGLISH] else kind.replace("-", " ").capitalize()


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
