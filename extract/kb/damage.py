"""Warnings for texts that look damaged against their own structure (the build still runs).

A text can be damaged in ways no parser error shows: two articles swapped, a file cut off in the
middle of an article, most of a file missing. Each check compares the edition with itself: the
order of its own article numbers, the end of its own last provision, and how many of the labels
the curated rules name for it the text still has. Each problem is one line; exit status stays 0,
because a damaged text still builds and its other provisions are still worth having.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from extract.io.rules import Rule, edition_keys
from extract.model import Edition
from extract.model.vocab import RULE_KINDS

MISSING_SHARE = 0.25  # more than this share of the curated labels missing: the text is cut or damaged
MIN_CURATED = 20  # below this many curated labels the share says nothing
_ROMAN = re.compile(r"^[IVX]+$")
_LETTER = re.compile(r"^[A-Z]$")
_SENTENCE_END = re.compile(r"[.!?:;)\]»”\"'’…。！？؟۔।]\s*$")


def _roman(text: str) -> int:
    values = {"I": 1, "V": 5, "X": 10}
    total = 0
    for char, following in zip(text, text[1:] + " ", strict=True):
        value = values[char]
        total += -value if values.get(following, 0) > value else value
    return total


def _rank(label: str) -> tuple[str, int] | None:
    """(numbering series, position) of a top-level article label: 7, B, III; None for others."""
    if label.isdigit():
        return ("number", int(label))
    if _ROMAN.match(label):
        return ("roman", _roman(label))
    if _LETTER.match(label):
        return ("letter", ord(label))
    return None


def order_warning(path: Path, provisions: Sequence[Mapping[str, object]]) -> str | None:
    """The first top-level article whose number is not above the one before it in its series."""
    last: dict[str, tuple[int, str]] = {}
    for p in provisions:
        if p.get("kind") != "article" or p.get("parent") is not None:
            continue
        label = str(p["label"])
        rank = _rank(label)
        if rank is None:
            continue
        series, position = rank
        if series in last and position <= last[series][0]:
            return (
                f"{path}:{p.get('line')}: article {label} comes after article {last[series][1]} "
                f"(articles out of order: text damaged?)"
            )
        last[series] = (position, label)
    return None


def ending_warning(path: Path, provisions: Sequence[Mapping[str, object]]) -> str | None:
    """The text ends in the middle of a sentence of a provision (cut off inside an article)."""
    for p in reversed(provisions):
        if p.get("kind") in ("table", "example"):
            return None
        text = str(p.get("text") or "").strip()
        if not text:
            continue
        if p.get("kind") in RULE_KINDS and not _SENTENCE_END.search(text):
            return (
                f"{path}:{p.get('line')}: the text ends inside {p['label']} in mid-sentence "
                f"(\u2026{text[-30:]}): cut off?"
            )
        return None
    return None


def count_warning(
    path: Path, edition: str, provisions: Sequence[Mapping[str, object]], rules: Iterable[Rule]
) -> str | None:
    """Far fewer of the labels the curated rules name for this edition than the rules expect."""
    expected = {label for rule in rules for label in rule.provisions.get(edition, ())}
    if len(expected) < MIN_CURATED:
        return None
    keys = set(edition_keys([dict(p) for p in provisions])[0])
    missing = expected - keys
    if len(missing) <= MISSING_SHARE * len(expected):
        return None
    return (
        f"{path}: {len(provisions)} provisions found; {len(missing)} of the {len(expected)} labels "
        f"the curated rules name for {edition} are missing (text cut short or damaged?)"
    )


def unknown_label_warning(
    edition: str, provisions: Sequence[Mapping[str, object]], rules: Iterable[Rule]
) -> str | None:
    """Curated rules that name labels this edition's text does not have: one line per edition."""
    keys = set(edition_keys([dict(p) for p in provisions])[0])
    unknown = [
        (rule, label) for rule in rules for label in rule.provisions.get(edition, ()) if label not in keys
    ]
    if not unknown:
        return None
    rule, label = unknown[0]
    more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
    return (
        f"{rule.path}:{rule.line}: rule '{rule.id}' names {edition}:{label}, which the text does not "
        f"have{more}; those labels are ignored"
    )


def damage_warnings(
    editions: Sequence[Edition],
    documents: Mapping[str, Sequence[Mapping[str, object]]],
    rules: Sequence[Rule],
) -> list[str]:
    """Every warning for every edition, in edition order: damage first, then unknown curated labels."""
    warnings: list[str] = []
    for edition in editions:
        provisions = documents[edition.id]
        found = [
            order_warning(edition.path, provisions),
            ending_warning(edition.path, provisions),
            count_warning(edition.path, edition.id, provisions, rules),
        ]
        warnings += [w for w in found if w]
        if found[2] is None:  # a text cut short names its missing labels in the line above
            unknown = unknown_label_warning(edition.id, provisions, rules)
            warnings += [unknown] if unknown else []
    return warnings
