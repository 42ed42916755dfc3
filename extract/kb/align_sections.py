"""Provisions named by what they stand in or above: containers by their sub-items, leaves of an
unnumbered section by the section.

A container (an item with its own sentence above a list of sub-items) is not aligned by its words; it
takes the rule the nearest reference edition gives the same label, unless the labels of its sub-items
name only other rules there; else the parent rule its sub-items' rules share (`name_containers`).

Leaves of an unnumbered section named by the section, where their words give no evidence.

A glossary entry in a language the aligner cannot read ("ზფფსაუ: 8.1. …") is linked to no entry
of the reference glossaries when it cites no article: glossaries are alphabetical in their own
language, so its place says nothing either. What is known is the section it stands in: the glossary,
aligned by its place after the last part (extract/kb/learned_structure.py). Such a leaf takes the rule
the reference editions give the section's own heading (the rule `glossary`, "Glossary of terms in the
Laws of Chess"): a coarser rule, but a true one. Rules that carry parameters are never given this way
(a value is read from the provisions that state it), nor is the front matter (it has no heading).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from extract.kb.align import Assignment, chapter_of, structural
from extract.kb.align_items import Key


def name_containers(
    keys: Iterable[Key],
    mapping: Mapping[Key, str],
    references: dict[str, list[str]],
    children: dict[Key, list[Key]],
    parents: dict[str, str | None],
) -> dict[Key, Assignment]:
    """Rules for provisions the aligner cannot see (items with their own sentence above a list of
    sub-items): the rule the nearest reference edition maps the same label to, unless the labels of its
    sub-items name only other rules there (in a renumbered text a label names another provision:
    2023's A.4 is 2018's A.3.1, and 2023's A.4.1.1 is not 2018's); else the rule that its sub-items'
    rules share as their parent in kb/rules."""
    result: dict[Key, Assignment] = {}
    for edition, key in sorted(keys):
        below = [child for child in children.get((edition, key), []) if child in mapping]
        named = [mapping[child] for child in below]
        found = next(
            (
                (reference, rule)
                for reference in references.get(edition, [])
                if (rule := mapping.get((reference, key)))
            ),
            None,
        )
        if found is not None and not _renumbered(found[0], below, mapping):
            result[(edition, key)] = Assignment(found[1], 0.5, "aligner", (f"same label in {found[0]}",))
        else:
            rule = _above(named, parents)
            if rule is not None:
                evidence = f"parent rule of its sub-items' rules ({', '.join(sorted(set(named))[:3])})"
                result[(edition, key)] = Assignment(rule, 0.4, "aligner", (evidence,))
    return result


def _renumbered(reference: str, below: list[Key], mapping: Mapping[Key, str]) -> bool:
    """The labels of a container's sub-items name other rules in the reference edition, none the same:
    its own label names another provision there."""
    there = [(mapping.get((reference, key)), mapping[(edition, key)]) for edition, key in below]
    return any(theirs is not None for theirs, _ in there) and not any(
        theirs == ours for theirs, ours in there
    )


def _above(named: list[str], parents: Mapping[str, str | None]) -> str | None:
    """The one rule that the rules of a container's sub-items share as their parent, if any."""
    common = {parents.get(rule) for rule in named}
    return common.pop() if named and len(common) == 1 else None


def name_by_section(
    unnamed: Iterable[Key],
    keyed: Sequence[tuple[str, Mapping[str, object]]],
    named: Mapping[Key, str],
    references: Sequence[str],
    carrying: set[str],
) -> dict[Key, Assignment]:
    """Rules for an edition's leaves no link named, in a section with a heading and no number (a
    glossary, a preface): the rule of the heading with the same label in the nearest reference edition
    that names it, unless that rule carries parameters (`carrying`)."""
    labels = {key: str(provision["label"]) for key, provision in keyed}
    key_of = {label: key for key, label in labels.items()}
    result: dict[Key, Assignment] = {}
    for edition, key in sorted(unnamed):
        section = chapter_of(labels.get(key, ""))
        if not structural(section) or section == "front" or section == labels.get(key):
            continue
        head = key_of.get(section)
        for reference in references:
            rule = named.get((reference, head)) if head is not None else None
            if rule is not None:
                if rule not in carrying:
                    evidence = f"in the section headed {section}, as in {reference}; no provision alike"
                    result[(edition, key)] = Assignment(rule, 0.2, "aligner", (evidence,))
                break
    return result


def name_by_parent(
    unnamed: Iterable[Key],
    keyed: Sequence[tuple[str, Mapping[str, object]]],
    named: Mapping[Key, str],
    references: Sequence[str],
    carrying: set[str],
    parents: Mapping[str, str | None],
) -> dict[Key, Assignment]:
    """Rules for an edition's numbered leaves no link named (a sub-item no reference edition has, such
    as the 2023 Laws' 8.1.1.2, "the electronic scoresheet"): the rule of the item above it, as the
    edition names that item or else as the nearest reference edition names the same label, where a
    sibling's rule agrees (it is that rule or one below it in kb/rules: the label was not renumbered;
    with no sibling named, only the edition's own naming of the item counts), and where that rule
    carries no parameters (a value is read only from the provisions that state it). A coarser rule,
    but a true one: the sub-item is part of what its item says. Where the nearest reference has as
    many rules right below that rule as the item has sub-items, two siblings at least, and the siblings
    are named with all of them but one, which the edition names nowhere, the sub-item is that one (a
    list renumbered: the 2017 Laws' 7.5.5 in one translation is 7.5.3 in another): its values are
    still read from its own words."""
    rows = dict(keyed)
    key_of = {str(row["label"]): key for key, row in keyed}
    children: dict[str, list[str]] = {}
    for key, row in keyed:
        children.setdefault(str(row.get("parent")), []).append(key)
    under: dict[str, set[str]] = {}  # a rule -> the rules right below it the nearest reference has
    for (where, _), rule in named.items():
        if references and where == references[0] and parents.get(rule):
            under.setdefault(str(parents[rule]), set()).add(rule)
    result: dict[Key, Assignment] = {}
    named_in: dict[str, set[str]] = {}  # an edition -> the rules it names
    for edition, key in sorted(unnamed):
        parent = str(rows.get(key, {}).get("parent"))
        numbered = re.fullmatch(r"\d+|[a-z]", str(rows.get(key, {}).get("label", "")).rsplit(".", 1)[-1])
        if not numbered or parent not in key_of or structural(chapter_of(parent)):
            continue  # a table, an example, a sub-heading: what it is, its item does not say
        own = named.get((edition, key_of[parent]))
        there = [(reference, named.get((reference, parent))) for reference in references]
        found = next(((where, rule) for where, rule in [(edition, own), *there] if rule), None)
        if found is None or found[1] in carrying:
            continue
        where, rule = found
        siblings = [named.get((edition, other)) for other in children.get(parent, []) if other != key]
        if edition not in named_in:
            named_in[edition] = {r for (e, _), r in named.items() if e == edition}
        named_here = named_in[edition]
        left = _left(rule, siblings, under.get(rule, set()), parents)
        if (
            left is not None
            and left not in named_here
            and not any(parents.get(r) == left for r in named_here)
        ):
            evidence = (
                f"a sub-item of {parent} ({rule}): the one of the {len(siblings) + 1} rules under it in "
                f"{references[0]} that its siblings leave"
            )
            result[(edition, key)] = Assignment(left, 0.2, "aligner", (evidence,))
            continue
        agree = any(s == rule or s is not None and parents.get(s) == rule for s in siblings)
        if agree or where == edition and not any(siblings):
            place = "in this edition" if where == edition else f"as {where} names {parent}"
            evidence = f"a sub-item of {parent} ({rule}, {place}); no provision alike"
            result[(edition, key)] = Assignment(rule, 0.2, "aligner", (evidence,))
    return result


def _left(
    rule: str, siblings: list[str | None], under: set[str], parents: Mapping[str, str | None]
) -> str | None:
    """The rule below `rule` a sub-item's siblings leave: where the nearest reference has as many
    rules right below it as the item has sub-items, and the siblings are named with all but one of
    them, each with its own (a renumbered list: "7.5.5" where the reference has "7.5.3"); two siblings
    at least (a lone sub-item may be one the reference lacks)."""
    if len(siblings) < 2 or len(under) != len(siblings) + 1:
        return None
    taken = {s if s in under else parents.get(s) if s else None for s in siblings}
    if None in taken or len(taken) != len(siblings) or not taken <= under:
        return None
    return next(iter(under - taken))


def name_structural(
    edition: str,
    leaves: Iterable[str],
    keyed: Sequence[tuple[str, Mapping[str, object]]],
    named: Mapping[Key, str],
    references: Sequence[str],
    structural_labels: Iterable[str],
) -> dict[Key, Assignment | None]:
    """Rules for an edition's part headings ("part.guidelines", "part.guidelines-2", "contents"): a
    one-line title says too little for its words to align it, but its label, read from the words that
    name the parts, says which part it opens. It takes the rule the nearest reference edition that has
    the same part gives that part's heading; with none, it is left unnamed (None) rather than named
    after another part by its place."""
    bases, wanted = set(structural_labels), set(leaves)
    result: dict[Key, Assignment | None] = {}
    for key, row in keyed:
        label = str(row["label"])
        base = label.split("-")[0]
        if key not in wanted or base not in bases or "." in label[len(base) :]:
            continue
        found = next(((where, rule) for where in references if (rule := named.get((where, base)))), None)
        result[(edition, key)] = (
            Assignment(found[1], 0.5, "aligner", (f"the heading of {base}, as in {found[0]}",))
            if found
            else None
        )
    return result
