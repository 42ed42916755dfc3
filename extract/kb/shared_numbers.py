"""The places of the number-word learner (kb/learned_numbers.py), and number words learned from the
places they share.

A `Place` is a provision of the new language with rules, its candidate words, and what its aligned
references state that its text lacks. `shared_words` learns a word that no unit word, comparator or
second anchor points at, from the places where it stands: "tíz" stands in two provisions of
hu-2018 (7.3 "tíz lépéspárt", A 4.1 "az első tíz játszmalépésen"), and in both every reference with the
same Laws states 10 more often than the text does in digits or known words ("færre end 10 træk ...
Efter 10 træk" beside "tíz lépéspárt ... 10 vagy több lépéspárt"; "ti træk" beside "első tíz
játszmalépésen"). A rare word of the language that stands in such places only, two at least, and is
the only such word of its places says that number.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

ORDINAL, CARDINAL = "ordinal", "cardinal"
RARE = 3  # a word learned from its places alone stands in this many provisions of the language at most
SHARED_SUPPORT = 2  # ... and in two places at least, each short of the number

Found = list[tuple[tuple[float, str], float]]  # (value, kind) stated, with where (0..1)


@dataclass(frozen=True)
class Place:
    """A provision of the new language and what its aligned references state that its own text lacks:
    (value, kind) -> the share of the references stating it, with where in their text (0..1)."""

    edition: str
    label: str
    words: dict[str, float]  # candidate word -> where it stands in the text (0..1, first occurrence)
    counting: frozenset[str]  # the candidate words that stand right before a unit word
    missing: dict[tuple[float, str], float]
    where: dict[tuple[float, str], tuple[float, ...]]
    unit_words: frozenset[str] = frozenset()  # candidates that are unit words too: ordinals only
    compared: frozenset[str] = frozenset()  # candidates right after a comparator, where numbers stand
    agreed: frozenset[float] = frozenset()  # lacking numbers the nearest references all state, half of all
    stated: frozenset[float] = frozenset()  # every number a reference states there
    factors: frozenset[float] = frozenset()  # ... of them, those a reference states as a factor
    short: dict[float, int] = field(default_factory=dict)  # the cardinals it lacks: see `shortfall`


def shortfall(nearest: dict[str, list[Found]], own: Counter[float]) -> dict[float, int]:
    """The cardinal numbers every reference with the nearest Laws states more often in one provision
    aligned with the place (`nearest`: each reference's provisions' numbers) than the text does
    (`own`: how often it states each, in digits or known words), by how many times at least: "10 ...
    10" beside "tíz ... 10" is short of one 10. Counted per provision: a rule the references spread
    over two provisions, 50 in each, is no place short of a second 50. No ordinal ("andet" is "other"
    too), no one (also an article) and no zero (said as often without a number: "no delay", "if
    lateness is allowed"): where a reference states them the text may state none."""
    most: list[Counter[float]] = []
    for provisions in nearest.values():
        counted: Counter[float] = Counter()
        for found in provisions:
            counted |= Counter(number[0] for number, _ in found if number[1] == CARDINAL)  # the most
        most.append(counted)
    if not most:
        return {}
    lacking = {value: min(c[value] for c in most) - own[value] for value in most[0]}
    return {value: n for value, n in lacking.items() if n > 0 and value not in (0, 1)}


def shared_words(
    places: list[Place], spread: dict[str, int], known: dict[str, float]
) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Number words learned from the places they share (see the module's docstring): a word the tables
    lack, rare in the language's texts (`spread`: in how many provisions each word stands), that stands
    only in places short of one number N (SHARED_SUPPORT at least; N not stated there as a factor, no
    unit word), once the words already `known` (word -> value) are counted there. Where another such
    word shares one of its places, nothing tells which says N: neither is learned."""
    by_word: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        for word in place.words:
            by_word[word].append(place)
    found: dict[str, tuple[tuple[float, str], list[Place]]] = {}
    for word, its in by_word.items():
        if word in known or not SHARED_SUPPORT <= len(its) == spread.get(word, 0) <= RARE:
            continue
        if any(word in p.unit_words for p in its):
            continue
        common = set.intersection(*(set(_lacking(p, known)) - set(p.factors) for p in its))
        if len(common) == 1:
            found[word] = ((common.pop(), CARDINAL), its)
    return [
        (word, key, its)
        for word, (key, its) in sorted(found.items())
        if not any(
            other != word and {id(p) for p in its} & {id(p) for p in found[other][1]} for other in found
        )
    ]


def _lacking(place: Place, known: dict[str, float]) -> dict[float, int]:
    """The numbers a place is short of, less the known words standing there with that value."""
    said = Counter(known[word] for word in place.words if word in known)
    return {
        value: lacking - said[value] for value, lacking in place.short.items() if lacking - said[value] > 0
    }
