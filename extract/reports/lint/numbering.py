"""Numbering checks: dangling-reference, duplicate-number, numbering-order, numbering-gap."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from extract.model import Finding, Provision
from extract.model.vocab import NUMBERED_KINDS
from extract.reports.lint.context import Context, finding, first_line_span
from extract.text.analyse import REFERENCE, references
from extract.text.segment import duplicate_labels

# ---------------------------------------------------------------------------------------------
# dangling-reference


def dangling_references(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Cross-references the graph could not resolve inside the edition (`missing:` nodes)."""
    if context.graph is None:
        return []
    by_key = {context.key(p): p for p in provisions}
    raw = context.raw(edition)
    found: list[Finding] = []
    for source, _target, data in context.graph.edges(data=True):
        if data.get("kind") != "references" or data.get("resolved", True):
            continue
        if not source.startswith(f"provision:{edition}:"):
            continue
        p = by_key.get(source.split(":", 2)[2])
        if p is None or p.kind == "glossary entry":
            continue  # glossary references: glossary-reference
        label = str(data["label"])
        start, end = reference_span(raw, p, label)
        found.append(
            finding(
                context,
                p,
                edition,
                "dangling-reference",
                "error",
                f"cites {label}, which {edition} does not have",
                start,
                end,
            )
        )
    return sorted(found, key=lambda f: (f.start, f.message))


def reference_span(raw: str, p: Provision, label: str) -> tuple[int, int]:
    """Where the analyser's reference pattern finds `label` in the provision's raw text."""
    for match in REFERENCE.finditer(raw, p.start, p.end):
        if label in references(match.group(0)) or f"A.{label}" in references(match.group(0)):
            return match.start(), match.end()
    return first_line_span(raw, p)


# ---------------------------------------------------------------------------------------------
# numbering: duplicate-number, numbering-order, numbering-gap

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def component_value(component: str) -> tuple[int, int] | None:
    """(type, ordinal) of a label component: 3 -> (0, 3), c -> (1, 3), ii -> (2, 2), B -> (3, 2)."""
    if component.isdigit():
        return (0, int(component))
    if re.fullmatch(r"[a-z]", component):
        return (1, ord(component) - 96)
    if component in _ROMAN:
        return (2, _ROMAN[component])
    if re.fullmatch(r"[A-H]", component):
        return (3, ord(component) - 64)
    if component.lower() in _ROMAN:
        return (4, _ROMAN[component.lower()])
    return None


def numbered(provisions: list[Provision]) -> list[Provision]:
    """Provisions with a label built only of numbers, letters and numerals (no structural words)."""
    return [
        p
        for p in provisions
        if p.kind in NUMBERED_KINDS and all(component_value(c) for c in p.label.split("."))
    ]


def parent_of(label: str) -> str | None:
    return label.rsplit(".", 1)[0] if "." in label else None


def duplicate_numbers(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Labels printed on more than one provision (the segmenter's duplicate list)."""
    raw = context.raw(edition)
    found = []
    for label, lines in duplicate_labels(provisions).items():
        same = [p for p in provisions if p.label == label and not p.inferred]
        if len(same) < 2:
            continue
        second = same[1]
        start, end = first_line_span(raw, second)
        siblings = [p for p in numbered(provisions) if parent_of(p.label) == parent_of(label)]
        expected = successor(label) if siblings and second is not siblings[-1] else None
        hint = f"; the second stands where {expected} is expected" if expected else ""
        found.append(
            finding(
                context,
                second,
                edition,
                "duplicate-number",
                "error",
                f"{label} is printed {len(same)} times (lines {', '.join(map(str, lines))}){hint}",
                start,
                end,
            )
        )
    return found


def successor(label: str) -> str | None:
    """The next sibling's label: 4.6.1 -> 4.6.2, 3.7.c -> 3.7.d."""
    head, _, last = label.rpartition(".")
    value = component_value(last)
    if value is None or value[0] not in (0, 1):
        return None
    nxt = str(value[1] + 1) if value[0] == 0 else chr(ord(last) + 1)
    return f"{head}.{nxt}" if head else nxt


@dataclass(frozen=True)
class Misprint:
    provision: Provision
    expected: str | None
    why: str


def misprints(edition: str, provisions: list[Provision], context: Context) -> list[Misprint]:
    """Printed numbers that do not fit where they stand, each with the number expected there."""
    items = numbered(provisions)
    labels = {p.label for p in provisions}
    printed = [p for p in items if not p.inferred]
    children: dict[str, list[Provision]] = defaultdict(list)
    for p in items:
        children[parent_of(p.label) or ""].append(p)
    found: list[Misprint] = []
    expected: str | None
    corrected: dict[int, str] = {}  # index in `items` -> expected label
    for index, p in enumerate(items):
        if p.inferred:
            continue
        parent = parent_of(p.label)
        if parent is None:
            continue
        # (a) the branch was closed: a later number of the parent's level came between parent and item
        last = p.label.rsplit(".", 1)[1]
        before = index - 1
        if before in corrected and parent_of(items[before].label) == parent:
            expected = f"{parent_of(corrected[before])}.{last}"  # the run continues
            corrected[index] = expected
            found.append(Misprint(p, expected, found[-1].why))
            continue
        parent_index = max((i for i in range(index) if items[i].label == parent), default=None)
        if parent_index is not None and parent.count(".") >= 1:
            closer = next(
                (
                    items[i]
                    for i in range(index - 1, parent_index, -1)
                    if not items[i].inferred
                    and items[i].label.count(".") <= parent.count(".")
                    and not items[i].label.startswith(parent + ".")
                    and items[i].label.split(".")[0] == parent.split(".")[0]
                ),
                None,
            )
            if closer is not None:
                expected = f"{closer.label}.{last}"
                corrected[index] = expected
                found.append(Misprint(p, expected, f"{parent} was closed by {closer.label} before it"))
                continue
        # (b) its parent number exists nowhere in the edition (not even inferred)
        if parent not in labels:
            nxt = items[index + 1] if index + 1 < len(items) else None
            expected = None
            if nxt is not None and nxt.inferred and nxt.label.count(".") == p.label.count("."):
                expected = nxt.label
            expected = expected or peer_label(context, p)
            corrected[index] = expected or p.label
            found.append(Misprint(p, expected, f"{edition} has no {parent}"))
            continue
        # (c) the only child "N.1" of a parent number that was never printed
        siblings = children[parent]
        parent_item = next((q for q in items if q.label == parent), None)
        if (
            parent_item is not None
            and parent_item.inferred
            and len(siblings) == 1
            and p.label.endswith(".1")
            and peer_label(context, p) in (parent, None)
        ):
            grand = children[parent_of(parent) or ""]
            if parent_item is not grand[-1]:
                found.append(Misprint(p, parent, f"the only item under {parent}, which is never printed"))
                continue
        # (d) it fills a hole one level up: the peer edition numbers this rule as the missing sibling
        expected = peer_label(context, p)
        if (
            expected
            and expected != p.label
            and not p.label.startswith(expected + ".")
            and expected not in {q.label for q in printed}
            and parent_of(expected) is not None
            and parent_of(expected) == parent_of(parent)
            and successor(expected) in labels
        ):
            found.append(
                Misprint(
                    p,
                    expected,
                    f"{expected} is missing between its siblings and "
                    f"{', '.join(context.peers(edition))} numbers this rule {expected}",
                )
            )
    return found


def peer_label(context: Context, p: Provision) -> str | None:
    """The label the editions translating the same FIDE text give to this provision's rule."""
    rule = context.rule(p)
    if rule is None:
        return None
    labels: set[str] = set()
    for peer in context.peers(p.edition):
        labels |= _labels_by_rule(context, peer).get(rule, set())
    return labels.pop() if len(labels) == 1 else None


def _labels_by_rule(context: Context, edition: str) -> dict[str, set[str]]:
    """An edition's provision labels by the rule they express (built once per edition and lint)."""
    key = f"labels-by-rule:{edition}"
    if key not in context._cache:
        index: dict[str, set[str]] = {}
        for q in context.provisions[edition]:
            rule = context.rule(q)
            if rule is not None:
                index.setdefault(rule, set()).add(q.label)
        context._cache[key] = index
    found: dict[str, set[str]] = context._cache[key]
    return found


def numbering_order(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Misprinted numbers; a run of misprints of one kind (I.1.2.1-I.1.2.7) is one finding."""
    raw = context.raw(edition)
    found: list[Finding] = []
    runs: list[list[Misprint]] = []
    for m in misprints(edition, provisions, context):
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and parent_of(last.provision.label) == parent_of(m.provision.label)
            and last.expected
            and m.expected
            and parent_of(last.expected) == parent_of(m.expected)
        ):
            runs[-1].append(m)
        else:
            runs.append([m])
    for run in runs:
        first, last = run[0], run[-1]
        start, _ = first_line_span(raw, first.provision)
        _, end = first_line_span(raw, last.provision)
        printed = (
            first.provision.label if len(run) == 1 else f"{first.provision.label}-{last.provision.label}"
        )
        expected = first.expected if len(run) == 1 else f"{first.expected}-{last.expected}"
        what = f"where {expected} is expected" if first.expected else "out of sequence"
        found.append(
            finding(
                context,
                first.provision,
                edition,
                "numbering-order",
                "error",
                f"{printed} printed {what} ({first.why})",
                start,
                end,
                quote=" / ".join(
                    " ".join(raw[slice(*first_line_span(raw, m.provision))].split())[:60] for m in run[:3]
                )
                + (" / ..." if len(run) > 3 else ""),
            )
        )
    return found


def numbering_gaps(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A printed sibling sequence with numbers missing (1, 2, 4), after correcting misprints.

    A label inferred because a middle level is never printed ("3.7" above "3.7.1") is no gap; a
    lone sub-item is not a sequence."""
    raw = context.raw(edition)
    fixed = {id(m.provision): m.expected for m in misprints(edition, provisions, context)}
    siblings: dict[str, list[tuple[str, Provision]]] = defaultdict(list)
    for p in numbered(provisions):
        label = fixed.get(id(p), p.label) or p.label
        if "." in label:
            siblings[parent_of(label) or ""].append((label, p))
    found = []
    for parent, members in siblings.items():
        maybe = [component_value(label.rsplit(".", 1)[1]) for label, _ in members]
        values = [v for v in maybe if v]
        if len(members) < 2 or len(values) != len(maybe) or len({v[0] for v in values}) != 1:
            continue
        if values[0][0] not in (0, 1):
            continue
        present = {v[1] for v in values if v}
        missing = [n for n in range(1, max(present)) if n not in present]
        if not missing:
            continue
        kind = values[0][0]
        names = [str(n) if kind == 0 else chr(96 + n) for n in missing]
        after = next(p for (_, p), v in zip(members, values, strict=True) if v[1] > missing[0])
        start, end = first_line_span(raw, after)
        found.append(
            finding(
                context,
                after,
                edition,
                "numbering-gap",
                "error",
                f"under {parent}: {', '.join(f'{parent}.{n}' for n in names)} missing "
                f"(printed: {', '.join(label.rsplit('.', 1)[1] for label, _ in members)})",
                start,
                end,
            )
        )
    return found
