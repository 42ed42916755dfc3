"""The phrases around a number that the words learned from the aligned editions are voted on
(kb/learned_lexicon.py): up to MAX_GRAM words before it, the words after its unit, and a word that
takes endings less them ("미만…")."""

from __future__ import annotations

from extract.text.quantities import ENDING, STEM, Compiled, Token, unit_at
from extract.text.words import lettered

MAX_GRAM = 3


def stems(word: str) -> list[str]:
    """A word less an ending of one or two letters, two letters left at least, marked as such ("미만이면":
    "미만이…", "미만…"): what a comparator glued to its endings is learned as."""
    if not lettered(word):
        return []
    return [word[:-k] + STEM for k in range(1, ENDING + 1) if len(word) - k >= 2]


def before(doc: tuple[Token, ...], at: int) -> list[tuple[str, ...]]:
    return [tuple(t.lower_ for t in doc[at - n : at]) for n in range(1, MAX_GRAM + 1) if at - n >= 0]


def after(doc: tuple[Token, ...], last: int) -> list[tuple[str, ...]]:
    """Phrases right after a quantity that start with a word ("vagy annál kevesebb", not ", de")."""
    grams: list[tuple[str, ...]] = []
    if last + 2 < len(doc) and doc[last + 1].lower_ in ("(", ","):
        last += 1  # "30 másodperc (vagy több)", "10 perc, vagy annál kevesebb"
    if last + 1 >= len(doc) or not lettered(doc[last + 1].lower_):
        return grams
    for n in range(1, MAX_GRAM + 2):
        window = doc[last + 1 : last + 1 + n]
        if len(window) == n:
            grams.append(tuple(t.lower_ for t in window))
    grams += [(stem,) for stem in stems(doc[last + 1].lower_)]  # "미만이면", "미만의": "미만…"
    return grams


def unit_last(doc: tuple[Token, ...], end: int, base: Compiled) -> int:
    """The number's last token, or the last of the unit's words right after it."""
    named = unit_at(doc, end + 1, base)
    return end if named is None else named[1]
