"""A rule missing from one translation is not a rule FIDE removed.

hu-2018 leaves the Chess960 guidelines to the English text ("Lásd angol változat") and has no
glossary; a diff that calls that a removal misleads a rules committee. A rule absent from edition E
is a translation's omission when another translation of the same Laws (`fide_edition`) has it, or
when editions both before and after E have it.
"""

from __future__ import annotations

from extract.reports.diff_data import KBData, plain

MOSTLY_MISSING = 0.2  # share of a chapter's rules a translation may keep and still "leave it out"


def omitted_by_translation(data: KBData, rule_id: str, absent: str) -> bool:
    """Whether `rule_id`, absent from edition `absent`, is in neighbouring or sibling translations."""
    having = {e for e in data.alignment.get(rule_id, {}) if e in data.editions and e != absent}
    fide = data.fide(absent)
    if any(data.fide(e) == fide for e in having):
        return True
    order = sorted(data.editions, key=lambda e: (data.editions[e].in_force, e))
    i = order.index(absent)
    return bool(having & set(order[:i])) and bool(having & set(order[i + 1 :]))


def omission_words(data: KBData, rule_id: str, present: str, absent: str) -> str | None:
    """The absent translation's own words where it says it leaves the part out: the text of its
    provision carrying the label of the chapter, when (nearly) that whole chapter is missing from it."""
    keys = data.alignment.get(rule_id, {}).get(present, [])
    if not keys or absent not in data.provisions:
        return None
    head = plain(keys[0]).split(".", 1)[0]
    chapter_rules = {
        rid
        for rid, eds in data.alignment.items()
        for k in eds.get(present, [])
        if plain(k).split(".", 1)[0] == head
    }
    kept = sum(1 for rid in chapter_rules if absent in data.alignment.get(rid, {}))
    if kept > len(chapter_rules) * MOSTLY_MISSING:  # only a heading or two of the chapter is kept
        return None
    provision = data.provisions[absent].get(head)
    if provision is None:
        return None
    text = " ".join((provision.text or provision.heading or "").split())
    return f"{absent} {head}: {text}" if text else None
