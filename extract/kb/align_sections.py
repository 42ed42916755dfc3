"""Leaves of an unnumbered section named by the section, where their words give no evidence.

A glossary entry in a language the aligner cannot read ("ზფფსაუ: 8.1. …") is linked to no entry
of the reference glossaries when it cites no article: glossaries are alphabetical in their own
language, so its place says nothing either. What is known is the section it stands in: the glossary,
aligned by its place after the last part (extract/kb/learned_structure.py). Such a leaf takes the rule
the reference editions give the section's own heading (the rule `glossary`, "Glossary of terms in the
Laws of Chess"): a coarser rule, but a true one. Rules that carry parameters are never given this way
(a value is read from the provisions that state it), nor is the front matter (it has no heading).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from extract.kb.align import Assignment, Key, chapter_of, structural


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
