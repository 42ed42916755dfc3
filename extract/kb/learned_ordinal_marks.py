"""Ordinals written with digits and letters glued after them that neither ICU's rules nor its words
tell ("2回目", "3回目": the second, the third time), learned from the aligned editions as marks after
digits of any value (the `ordinal_marks` table of kb/languages)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from typing import Any

from extract.kb.learned_numbers import ANCHOR_SUPPORT, language_places
from extract.kb.learned_sources import Sources, doc_of
from extract.kb.shared_numbers import MIN_SHARE, ORDINAL
from extract.text.quantities import Token, compiled, on_square, unit_of_token
from extract.text.words import lettered


def ordinal_marks(sources: Sources, seed: dict[str, Any] | None = None) -> dict[str, list[str]]:
    """What a language glues after digits to write an ordinal ("2回目", "3回目": the second, the third
    time), where neither ICU's ordinal rules nor its ordinal words tell: the letters right after the
    digits of a number N, in places whose references state the ordinal N (not the first) that the
    text lacks, in two places at least and after digits elsewhere less than half as often; no unit
    word ("回" counts times: "5回" is five times); the shortest of those. Returns each mark with its
    places. Only the provisions with letters glued to digits are weighed against their references."""
    glued: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)  # (edition, key) -> marks
    labels: dict[tuple[str, str], str] = {}
    for edition, key, provision in sources.own(ordered=True):
        labels[(edition, key)] = str(provision.get("label"))
        doc = doc_of(provision)
        for i, token in enumerate(doc):
            number = token.lower_.isdigit() and len(token.lower_) <= 3 and int(token.lower_) != 1  # "1回目"
            after = _glued_after(doc, i) if number and not on_square(doc, i) else []  # "Sf3xf5": moves
            glued[(edition, key)] += [(mark, int(token.lower_)) for mark in after]
    glued = {place: marks for place, marks in glued.items() if marks}
    spread = Counter(mark for marks in glued.values() for mark in {m for m, _ in marks})
    if all(count < ANCHOR_SUPPORT for count in spread.values()):
        return {}  # no letters glued to digits in two provisions: no places to weigh
    keys = {edition: {key for e, key in glued if e == edition} for edition, _ in glued}
    weighed = replace(
        sources,
        provisions={
            e: [(k, p) for k, p in keyed if e not in keys or k in keys[e]]
            for e, keyed in sources.provisions.items()
        },
    )
    base = compiled(sources.language, sources.kb_dir, seed)
    by_label = {(place[0], labels[place]): place for place in glued}
    lacking = {
        by_label[(place.edition, place.label)]: {
            key[0] for key, share in place.missing.items() if key[1] == ORDINAL and share >= MIN_SHARE
        }
        for place in language_places(weighed, base)
        if (place.edition, place.label) in by_label
    }
    support: dict[str, set[str]] = defaultdict(set)
    against: Counter[str] = Counter()
    for (edition, key), found in glued.items():
        for mark, value in found:
            if float(value) in lacking.get((edition, key), set()):
                place = f"{edition} {labels[(edition, key)]}"
                support[mark].add(f"{place} (where the references state the ordinal {value})")
            else:
                against[mark] += 1
    kept = {
        mark: sorted(places)[:5]
        for mark, places in support.items()
        if len(places) >= ANCHOR_SUPPORT
        and 2 * against[mark] < len(places)
        and unit_of_token(mark, base) is None
    }
    return {
        mark: places
        for mark, places in kept.items()
        if not any(m != mark and mark.startswith(m) for m in kept)
    }


def _glued_after(doc: tuple[Token, ...], i: int) -> list[str]:
    """The letters glued right after the digits at `i`: one token, then two ("回", "回目")."""
    found, text, end = [], "", doc[i].idx + len(doc[i].text)
    for k in range(i + 1, min(i + 3, len(doc))):
        if doc[k].idx != end or not lettered(doc[k].lower_):
            break
        text, end = text + doc[k].lower_, end + len(doc[k].text)
        found.append(text)
    return found
