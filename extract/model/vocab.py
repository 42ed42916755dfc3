"""The closed vocabularies stages exchange, each defined once as a Literal type.

Each runtime tuple is derived from its type with `get_args`, so the two cannot drift; the derived
sets (structural kinds, rule kinds, substantive statuses) are defined here too, as frozensets of the
type. Values read from YAML are checked against these tuples at the io boundary (`checked`), so mypy
checks the rest.
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

T = TypeVar("T", bound=str)

# ---------------------------------------------------------------- provisions

Kind = Literal[
    "preface",  # front matter: title, introduction, foreword, contents
    "heading",  # part heading ("Tournament rules", "Appendices")
    "article",  # article / chapter / appendix / guideline heading with its number
    "item",  # numbered or lettered provision of an article
    "appendix item",  # provision of a lettered appendix (A.3.1, E1)
    "guideline item",  # provision of a guideline (III.4) or the 2009 adjournment guideline
    "glossary entry",  # one entry of a glossary (da-2017 Ordliste)
    "table",  # piece tables, board diagrams, abbreviation tables
    "example",  # notation example game
]
KINDS: tuple[Kind, ...] = get_args(Kind)

STRUCTURAL_KINDS: frozenset[Kind] = frozenset({"preface", "heading"})  # no text of their own
ITEM_KINDS: frozenset[Kind] = frozenset({"item", "appendix item", "guideline item"})
# Provisions that state a rule (mapped to one by the aligner; an unfinished sentence is damage).
RULE_KINDS: frozenset[Kind] = ITEM_KINDS | {"glossary entry"}
NUMBERED_KINDS: frozenset[Kind] = ITEM_KINDS | {"article"}  # numbered in sequence (lint)

# ---------------------------------------------------------------- alignment

Method = Literal[
    "anchor",  # a curated anchor label of kb/rules
    "aligner",  # found by the aligner (same label, or text similarity)
    "curated",  # a curated provision list of kb/rules
    "override",  # kb/overrides.yaml
    "mapping",  # a published mapping row the aligner's vote starts from (never written itself)
]
METHODS: tuple[Method, ...] = get_args(Method)

# ---------------------------------------------------------------- diff

# Statuses, in precedence order: a rule's `status` is the first of its flags in this order.
Status = Literal[
    "added",
    "removed",
    "not-in-translation",
    "parameter-changed",
    "behaviour-changed",
    "content-changed",
    "moved",
    "renumbered",
    "reworded",
    "unchanged",
]
STATUSES: tuple[Status, ...] = get_args(Status)
# What FIDE changed (or may have): the rules a committee reads first.
SUBSTANTIVE: tuple[Status, ...] = (
    "added",
    "removed",
    "parameter-changed",
    "behaviour-changed",
    "content-changed",
)

# How the wording of two editions was compared.
WordingMethod = Literal["words", "apertium", "evidence", "none"]
WORDING_METHODS: tuple[WordingMethod, ...] = get_args(WordingMethod)

# How a rule's provisions were restructured where it moved.
Structure = Literal["split", "merged", "part-of"]
STRUCTURES: tuple[Structure, ...] = get_args(Structure)

# A parameter of a rule between two editions.
Change = Literal["changed", "unchanged", "added", "removed"]
CHANGES: tuple[Change, ...] = get_args(Change)

# ---------------------------------------------------------------- arbiter

# Time-control category (extract/arbiter/classify.py writes these as plain strings today).
Category = Literal["standard", "rapid", "blitz", "unclassified"]
CATEGORIES: tuple[Category, ...] = get_args(Category)

# ---------------------------------------------------------------- lint

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = get_args(Severity)

FindingKind = Literal[
    "dangling-reference",
    "duplicate-number",
    "numbering-order",
    "numbering-gap",
    "mixed-script",
    "parameter-mismatch",
    "terminology",
    "leftover-markup",
    "piece-letter",
    "notation-example",
    "duplicated-number",
    "heading-numbered",
    "glossary-reference",
    "lost-numbering",
    "notation-slip",
    "reference-drift",
    "internal-contradiction",
    "translation-divergence",
    "laws-divergence",
    "stale-acceptance",
]
FINDING_KINDS: tuple[FindingKind, ...] = get_args(FindingKind)


def checked(value: object, allowed: tuple[T, ...], what: str) -> T:
    """`value` as a member of `allowed`; ValueError naming `what` and the known values otherwise."""
    for member in allowed:
        if value == member:
            return member
    raise ValueError(f"unknown {what} '{value}' (known: {', '.join(allowed)})")
