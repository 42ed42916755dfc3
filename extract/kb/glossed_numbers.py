"""Number words a text glosses itself with digits ("nulla (0)", "два (2)", "槮み (0)"): learned from
the text alone (kb/learned_numbers.py `anchored_numbers` adds them to what the references teach)."""

from __future__ import annotations

import re
from collections import defaultdict

from extract.kb.learned_sources import Sources, doc_of
from extract.kb.shared_numbers import MAX_RUN, RARE
from extract.text.quantities import Token
from extract.text.words import lettered, unspaced

_DIGITS = re.compile(r"\d{1,3}")


def glossed(sources: Sources, known: set[str], spread: dict[str, int]) -> dict[str, tuple[int, list[str]]]:
    """Number words the text itself glosses with digits ("nulla (0)", "два (2)"): a word the tables
    lack, rare in the language's texts and never right after a digit (a unit: "0 point"), right
    before a number in parentheses, glossed with that number wherever it is glossed; with the
    provisions where it is."""
    values: dict[str, set[int]] = defaultdict(set)
    places: dict[str, list[str]] = defaultdict(list)
    counted: set[str] = set()
    texts = [str(provision.get("text") or "").casefold() for _, _, provision in sources.own()]
    for edition, _, provision in sources.own(ordered=True):
        doc = doc_of(provision)
        counted |= {doc[i].lower_ for i in range(1, len(doc)) if doc[i - 1].lower_[:1].isdigit()}
        for i in range(1, len(doc) - 2):
            opening, number, closing = (t.lower_ for t in doc[i : i + 3])
            if opening != "(" or not _DIGITS.fullmatch(number) or closing != ")" or int(number) == 1:
                continue  # not "egy (1)": also an article
            word = _glossed_word(doc[:i], texts, spread, known)
            if word is not None:
                values[word].add(int(number))
                places[word].append(f"{edition} {provision.get('label')}")
    return {
        word: (next(iter(found)), places[word])
        for word, found in sorted(values.items())
        if len(found) == 1 and word not in counted
    }


def _glossed_word(
    before: tuple[Token, ...], texts: list[str], spread: dict[str, int], known: set[str]
) -> str | None:
    """The word right before a gloss, rare in the language's texts and unknown: the last word; in a
    script without spaces, the shortest rare run of the pieces right before the gloss whose pieces
    before the last are rare and unknown too (a stem and its ending: "槮み"; not a known "สอง" with the
    word before it)."""
    for size in range(1, min(MAX_RUN, len(before)) + 1):
        run = before[-size:]
        first = run[0].lower_
        if not lettered(first) or first in known or size > 1 and spread.get(first, 0) > RARE:
            return None
        if size == 1:
            if spread.get(first, 0) <= RARE:
                return first
            continue
        if any(a.idx + len(a.text) != b.idx for a, b in zip(run, run[1:], strict=False)):
            return None  # a space or a mark between: not one word
        word = "".join(t.lower_ for t in run)
        if not unspaced(word):
            return None
        if sum(word in text for text in texts) <= RARE:
            return word
    return None
