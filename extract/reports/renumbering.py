"""Mechanical renumbering: the same change of labels across a whole article or appendix.

Between nb-2014 and da-2017 most of the 186 renumbered rules follow two or three schemes: sub-item
letters became numbers (12.2.a -> 12.2.1, a -> 1, b -> 2) and articles moved up or down (13 -> 12).
A scheme is read from each renumbered rule's old and new labels, component by component; rules
sharing a scheme and an old and new chapter are summarised once.
"""

from __future__ import annotations

from collections import defaultdict

from extract.reports.diff_model import Renumbering, RuleDiff

MIN_RULES = 3  # a scheme followed by fewer rules is not summarised


def _component(old: str, new: str, first: bool) -> str | None:
    """One label component's change: "" when equal, a scheme word, or None when not mechanical."""
    if old == new:
        return ""
    if len(old) == 1 and old.isalpha() and old.islower() and new.isdigit() and ord(old) - 96 == int(new):
        return "letters -> numbers"
    if first:
        return f"{old} -> {new}"
    return None


def scheme(old: str, new: str) -> str | None:
    """The mechanical scheme turning label `old` into `new`, or None ("12.2.a", "12.2.1") ->
    "letters -> numbers"; ("13.4.a", "12.9.1") -> None (an item moved inside the article)."""
    a, b = old.split("."), new.split(".")
    if len(a) != len(b):
        return None
    parts: list[str] = []
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        word = _component(x, y, i == 0)
        if word is None:
            return None
        if word and word not in parts:
            parts.append(word)
    return ", ".join(parts) or None


def rule_scheme(rule: RuleDiff) -> str | None:
    """The rule's scheme when all its label pairs follow the same one."""
    if "renumbered" not in rule.flags or len(rule.old_labels) != len(rule.new_labels):
        return None
    found = {scheme(o, n) for o, n in zip(rule.old_labels, rule.new_labels, strict=True)}
    if len(found) != 1:
        return None
    return found.pop()


def renumberings(rules: tuple[RuleDiff, ...]) -> tuple[Renumbering, ...]:
    """Schemes followed by at least MIN_RULES rules of one chapter, largest first."""
    groups: dict[tuple[str, str, str], list[RuleDiff]] = defaultdict(list)
    for r in rules:
        if r.status != "renumbered":
            continue
        found = rule_scheme(r)
        if found is None:
            continue
        old_chapter = " + ".join(r.old_chapters)
        new_chapter = " + ".join(r.new_chapters)
        groups[(found, old_chapter, new_chapter)].append(r)
    out = [
        Renumbering(
            scheme=key[0],
            old_chapter=key[1],
            new_chapter=key[2],
            rules=tuple(r.rule for r in members),
            example=f"{members[0].old_labels[0]} -> {members[0].new_labels[0]}",
        )
        for key, members in groups.items()
        if len(members) >= MIN_RULES
    ]
    out.sort(key=lambda m: (-len(m.rules), m.old_chapter, m.scheme))
    return tuple(out)
