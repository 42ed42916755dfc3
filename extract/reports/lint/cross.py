"""Checks that read across editions: reference-drift, internal-contradiction, translation-divergence.

reference-drift         in drift.py (the shared citation index is here)
internal-contradiction  a count printed in a provision ("3x", "háromszor") that contradicts the
                        parameter of the same kind set by a provision it cites (hu-2018 6.2.1.1
                        "3x tükörkép" citing 9.6.1, which needs five).
translation-divergence  a parameter whose value in this translation differs from the value all
                        other translations of the same FIDE Laws give (`fide_edition`), or a
                        scenario this translation rules differently (rulings.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from extract.io.generated import read_kb
from extract.model import Finding, Provision
from extract.model.kbrows import Parameter
from extract.reports.lint.context import Context, finding, first_line_span, side
from extract.reports.lint.rulings import owner_of_two, ruling_divergence
from extract.text.analyse import quantities

Citation = tuple[str, str, frozenset[str]]  # (label as cited, target key, rules of the target)


@dataclass(frozen=True)
class CitationIndex:
    """The published mapping and graph as the cross-edition checks read them, built once per run."""

    rules_of: dict[tuple[str, str], set[str]]  # (edition, provision key) -> rules it expresses
    by_rule: dict[str, list[tuple[str, str]]]  # rule -> (edition, provision key) expressing it
    cites: dict[tuple[str, str], list[Citation]]  # (edition, provision key) -> its resolved citations


def _index(context: Context) -> CitationIndex:
    """Citations per (edition, key) and provisions per rule, built once per lint run."""
    cached = context._cache.get("cross-index")
    if isinstance(cached, CitationIndex):
        return cached
    rules_of: dict[tuple[str, str], set[str]] = defaultdict(set)
    for (edition, key), rule in context.rules_of.items():
        rules_of[(edition, key)].add(rule)
    by_rule: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for (edition, key), rules in rules_of.items():
        for rule in rules:
            by_rule[rule].append((edition, key))
    cites: dict[tuple[str, str], list[Citation]] = defaultdict(list)
    if context.graph is not None:
        for source, target, data in context.graph.edges(data=True):
            if data.get("kind") != "references" or not data.get("resolved", True):
                continue
            if not (source.startswith("provision:") and target.startswith("provision:")):
                continue
            edition, key = source.split(":", 2)[1:]
            target_key = target.split(":", 2)[2]
            targets = frozenset(rules_of.get((edition, target_key), set()))
            if source != target and targets:
                cites[(edition, key)].append((str(data["label"]), target_key, targets))
    index = CitationIndex(rules_of, by_rule, cites)
    context._cache["cross-index"] = index
    return index


def _related(a: str, b: str) -> bool:
    """Two printed citations that share their number: equal, or one inside the other."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _family(context: Context, rules: frozenset[str]) -> set[str]:
    """The rules and their ancestors in the curated rule tree (a rule and its parent are one topic)."""
    parents = context._cache.get("rule-parents")
    if parents is None:
        parents = {r.id: r.parent for r in context.rules}
        context._cache["rule-parents"] = parents
    out: set[str] = set()
    for first in rules:
        rule: str | None = first
        while rule and rule not in out:
            out.add(rule)
            rule = parents.get(rule)
    return out


def _expressed(rules: frozenset[str], edition: str, by_rule: dict[str, list[tuple[str, str]]]) -> list[str]:
    """The provisions of `edition` expressing any of `rules`."""
    return sorted({key for rule in rules for e, key in by_rule.get(rule, []) if e == edition})


def _around(raw: str, start: int, end: int, width: int = 60) -> str:
    left = max(raw.rfind("\n", 0, start) + 1, start - width)
    right = raw.find("\n", end)
    right = min(len(raw) if right == -1 else right, end + width)
    return " ".join(raw[left:right].split())


# ---------------------------------------------------------------------------------------------
# internal-contradiction

TIMES = re.compile(r"(?<![\w.])(\d{1,2})[^\S\n]?[x×](?![\w])")


def _parameters(context: Context) -> tuple[Parameter, ...]:
    cached = context._cache.get("parameters")
    if cached is None:
        cached = read_kb(context.kb_dir).parameters() if context.kb_dir else ()
        context._cache["parameters"] = cached
    rows: tuple[Parameter, ...] = cached
    return rows


def internal_contradiction(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A count in a provision that contradicts the count parameter of a provision it cites."""
    counts: dict[str, list[Parameter]] = defaultdict(list)
    for row in _parameters(context):
        if row.edition == edition and row.unit == "count":
            counts[row.label].append(row)
    if not counts:
        return []
    raw = context.raw(edition)
    language = context.language(edition)
    cites = _index(context).cites
    found = []
    for p in provisions:
        if p.kind == "glossary entry":
            continue  # an entry explains several articles; its one citation names the headword's
        cited = [c[0] for c in cites.get((edition, context.key(p)), [])] + list(p.cites)
        rows = [row for label in dict.fromkeys(cited) for row in counts.get(label, []) if label != p.label]
        if not rows:
            continue
        values = {float(row.value) for row in rows}
        numbers = [(int(m.group(1)), m.start(), m.end()) for m in TIMES.finditer(raw, p.start, p.end)]
        numbers += [
            (int(q.value), -1, -1) for q in quantities(p.text or "", language) if q.unit == "time" and q.value
        ]
        for value, start, end in numbers:
            if value in values or value < 2:
                continue
            row = rows[0]
            if start < 0:
                start, end = first_line_span(raw, p)
            source = next((q for q in provisions if q.label == row.label), None)
            found.append(
                finding(
                    context,
                    p,
                    edition,
                    "internal-contradiction",
                    "error",
                    f"says {value} times, but {row.label} (cited here) sets {row.parameter} = {row.value}",
                    start,
                    end,
                    quote=_around(raw, start, end),
                    compared_with=(edition, row.label, row.quote)
                    if source is None
                    else side(context, source, row.start, row.end),
                )
            )
    return found


# ---------------------------------------------------------------------------------------------
# translation-divergence


def translation_divergence(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Parameters valued, and scenarios ruled (rulings.py), differently here than in the other
    translations of the same Laws."""
    return parameter_divergence(edition, provisions, context) + ruling_divergence(
        edition, provisions, context
    )


def parameter_divergence(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Parameters valued differently here than in every other translation of the same Laws."""
    peers = context.peers(edition)
    if not peers:
        return []
    values: dict[str, dict[str, Parameter]] = defaultdict(dict)  # parameter -> edition -> row
    for row in _parameters(context):
        if row.edition in context.editions:
            values[row.parameter].setdefault(row.edition, row)
    by_label = {p.label: p for p in provisions}
    found = []
    for name, rows in sorted(values.items()):
        mine = rows.get(edition)
        others = [rows[e] for e in peers if e in rows]
        if mine is None or not others:
            continue
        agreed = {str(r.value) for r in others}
        if len(agreed) != 1 or str(mine.value) in agreed:
            continue
        other = others[0]
        if len(others) == 1:  # no majority: the translation keeping the earlier Laws' value, else the later
            owner, _kept = owner_of_two(
                context, edition, other.edition, {e: str(r.value) for e, r in rows.items()}
            )
            if owner != edition:
                continue
        p = by_label.get(mine.label)
        other_p = next((q for q in context.provisions[other.edition] if q.label == other.label), None)
        found.append(
            finding(
                context,
                p,
                edition,
                "translation-divergence",
                "error",
                f"{name} = {mine.value} here; {', '.join(r.edition for r in others)} "
                f"(same FIDE Laws) say {other.value}",
                mine.start,
                mine.end,
                compared_with=side(context, other_p, other.start, other.end)
                if other_p
                else (other.edition, other.label, other.quote),
            )
        )
    return found
