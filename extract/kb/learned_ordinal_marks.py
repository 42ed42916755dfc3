"""Ordinals written with digits and letters glued after them that neither ICU's rules nor its words
tell ("2回目", "3回目": the second, the third time), learned from the aligned editions as marks after
digits of any value (the `ordinal_marks` table of kb/languages)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from extract.kb.learned_numbers import ANCHOR_SUPPORT, Sources, doc_of, language_places
from extract.kb.shared_numbers import MIN_SHARE, ORDINAL
from extract.text.quantities import Token, compiled, unit_of_token
from extract.text.words import lettered


def ordinal_marks(sources: Sources, seed: dict[str, Any] | None = None) -> dict[str, list[str]]:
    """What a language glues after digits to write an ordinal ("2回目", "3回目": the second, the third
    time), where neither ICU's ordinal rules nor its ordinal words tell: the letters right after the
    digits of a number N, in places whose references state the ordinal N (not the first) that the
    text lacks, in two places at least and after digits elsewhere less than half as often; no unit
    word ("回" counts times: "5回" is five times); the shortest of those. Returns each mark with its
    places."""
    base = compiled(sources.language, sources.kb_dir, seed)
    lacking = {
        (place.edition, place.label): {
            key[0] for key, share in place.missing.items() if key[1] == ORDINAL and share >= MIN_SHARE
        }
        - {1.0}
        for place in language_places(sources, base)
    }
    support: dict[str, set[str]] = defaultdict(set)
    against: Counter[str] = Counter()
    for edition, _, provision in sources.own(ordered=True):
        label = str(provision.get("label"))
        wanted = lacking.get((edition, label), set())
        doc = doc_of(provision)
        for i, token in enumerate(doc):
            if not token.lower_.isdigit() or len(token.lower_) > 3 or int(token.lower_) == 1:
                continue  # "1回目": the first is never anchored
            for mark in _glued_after(doc, i):
                if float(int(token.lower_)) in wanted:
                    support[mark].add(
                        f"{edition} {label} (where the references state the ordinal {token.lower_})"
                    )
                else:
                    against[mark] += 1
    marks = {
        mark: sorted(places)[:5]
        for mark, places in support.items()
        if len(places) >= ANCHOR_SUPPORT
        and 2 * against[mark] < len(places)
        and unit_of_token(mark, base) is None
    }
    return {
        mark: places
        for mark, places in marks.items()
        if not any(m != mark and mark.startswith(m) for m in marks)
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
