"""reference-drift: a citation whose number now points at a provision expressing another rule.

A provision cites label X. The provisions of other editions that express the same rule (the aligned
counterparts, kb/generated/alignment.yaml) cite a provision of rule R under a number close to X (the
same number, one inside the other, or a sibling in the same article: 6.12.1 against 6.12.b); X here
expresses another rule, while R is expressed here by another provision. That is the mark of a
number copied from an older text (FIDE renumbered, the citation was not updated) or one pointing a
level too high. Renumbering alone is fine: a citation pointing at the provision that expresses the
same rule as the other edition's citation agrees, whatever its number.

Editions are compared nearest first: the other translations of the same Laws (their citations
should agree), then the editions of other Laws by distance in time (earlier first on a tie). A
translation of the same Laws that cites the same rule does not clear a citation (both may have
copied the same stale number); an edition of other Laws citing the same rule does, and otherwise
the nearest edition citing a close number decides.
"""

from __future__ import annotations

from datetime import date

from extract.model import Finding, Provision
from extract.reports.lint.context import Context, finding
from extract.reports.lint.cross import Citation, CitationIndex, _around, _expressed, _family, _index
from extract.reports.lint.numbering import reference_span

Counterpart = tuple[str, Citation]  # (provision key in the other edition, its citation)


def _near(a: str, b: str) -> bool:
    """Two printed citations close enough to be the same number: equal, one inside the other, or
    siblings inside one article (6.12.1 and 6.12.b; not 6.9 and 6.10, siblings of a chapter)."""
    if a == b or a.startswith(b + ".") or b.startswith(a + "."):
        return True
    parent_a, parent_b = a.rpartition(".")[0], b.rpartition(".")[0]
    return parent_a == parent_b and "." in parent_a


def compare_order(context: Context, edition: str) -> list[str]:
    """The editions a citation is compared with: same Laws first, then the earlier editions nearest
    first, then the later ones (an edition's predecessor, not its successor, shows a stale number)."""

    def when(e: str) -> int:
        try:
            return date.fromisoformat(str(context.editions[e].in_force)[:10]).toordinal()
        except ValueError:
            return 0

    own = when(edition)
    peers = set(context.peers(edition))
    others = [e for e in context.provisions if e != edition]
    return sorted(others, key=lambda e: (e not in peers, when(e) > own, abs(when(e) - own), e))


def _counterparts(index: CitationIndex, edition: str, key: str) -> dict[str, list[Counterpart]]:
    """The citations of the other editions' provisions that express the rules of (edition, key)."""
    out: dict[str, list[Counterpart]] = {}
    seen: set[tuple[str, str]] = set()
    for rule in sorted(index.rules_of.get((edition, key), ())):
        for other, other_key in index.by_rule[rule]:
            if other == edition or (other, other_key) in seen:
                continue
            seen.add((other, other_key))
            for citation in index.cites.get((other, other_key), []):
                out.setdefault(other, []).append((other_key, citation))
    return out


def _compare(
    context: Context,
    edition: str,
    p: Provision,
    citation: Citation,
    my_rules: set[str],
    counterparts: dict[str, list[Counterpart]],
    by_rule: dict[str, list[tuple[str, str]]],
) -> tuple[str, str, Citation] | None:
    """The other edition's citation this one drifted from, or None when it agrees or none is close."""
    label, _target, targets = citation
    peers = set(context.peers(edition))
    if any(targets & c[2] for other, theirs in counterparts.items() if other not in peers for _, c in theirs):
        return None  # an edition of other Laws cites the same rule (the same Laws may share a stale number)
    for other in compare_order(context, edition):
        theirs = counterparts.get(other)
        if not theirs:
            continue
        their_rules = set().union(*(c[2] for _, c in theirs))
        if targets & their_rules:
            continue
        for other_key, other_citation in theirs:
            other_label, _other_target, other_rules = other_citation
            if not _near(label, other_label) or other_rules & my_rules:
                continue
            if not _expressed(other_rules, edition, by_rule):
                continue  # the rule it cites is not in this edition: nothing to point at
            own_ancestor = p.label.startswith(label + ".")
            if _family(context, targets) & _family(context, other_rules) and not own_ancestor:
                continue  # an article and its item: the same topic at another level
            if not own_ancestor and _lived_near(targets, other, other_label, by_rule):
                continue  # the other edition has this rule next to its citation: a refinement
            return other, other_key, other_citation
        if other not in peers and any(_near(label, c[0]) for _, c in theirs):
            return None  # the nearest older text cites a close number for a related rule: no verdict
    return None


def _lived_near(
    targets: frozenset[str], other: str, other_label: str, by_rule: dict[str, list[tuple[str, str]]]
) -> bool:
    """Whether the other edition expresses a rule cited here at a number close to its own citation
    (FIDE moved the citation inside one article: no stale number)."""
    keys = _expressed(targets, other, by_rule)
    return any(_near(key.split("@", 1)[0], other_label) for key in keys)


def reference_drift(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Citations whose number expresses another rule here than the aligned editions' citation."""
    index = _index(context)
    by_rule, cites = index.by_rule, index.cites
    found: list[Finding] = []
    for p in provisions:
        key = context.key(p)
        mine: list[Citation] = cites.get((edition, key), [])
        if not mine:
            continue
        my_rules: set[str] = set().union(*(c[2] for c in mine))
        counterparts = _counterparts(index, edition, key)
        drifted: dict[tuple[str, str, Citation], list[Citation]] = {}
        for citation in mine:
            hit = _compare(context, edition, p, citation, my_rules, counterparts, by_rule)
            if hit is not None:
                drifted.setdefault(hit, []).append(citation)
        for (other, other_key, other_citation), citations in drifted.items():
            found.append(_finding(context, edition, p, citations, other, other_key, other_citation, by_rule))
    return found


def _finding(
    context: Context,
    edition: str,
    p: Provision,
    citations: list[Citation],
    other: str,
    other_key: str,
    other_citation: Citation,
    by_rule: dict[str, list[tuple[str, str]]],
) -> Finding:
    raw = context.raw(edition)
    other_label, _target, other_rules = other_citation
    labels = ", ".join(c[0] for c in citations)
    targets = sorted(set().union(*(c[2] for c in citations)))
    here = _expressed(other_rules, edition, by_rule)
    spans = [reference_span(raw, p, c[0]) for c in citations]
    start, end = min(s for s, _ in spans), max(e for _, e in spans)
    source = next((q for q in context.provisions[other] if context.key(q) == other_key), None)
    compared: tuple[str, str | None, str] = (other, other_key.split("@", 1)[0], "")
    if source is not None:
        other_raw = context.raw(other)
        compared = (other, source.label, _around(other_raw, *reference_span(other_raw, source, other_label)))
    return finding(
        context,
        p,
        edition,
        "reference-drift",
        "error",
        f"cites {labels} ({', '.join(targets)}); {other} {compared[1]} cites {other_label} "
        f"({', '.join(sorted(other_rules))}), which is {', '.join(here)} here",
        start,
        end,
        quote=_around(raw, start, end),
        compared_with=compared,
    )
