"""Unit words learned from one value, kept when a number word learned before them gives a second;
other forms of a unit word the libraries know.

A word the aligned editions teach for minutes or seconds must stand after two values at least
(kb/learned_votes.py): "60-szorosa" (sixty-fold) stands after 60 only. In a text that writes small
numbers in words no library knows, a word for seconds may stand after digits once ("30 s") and
after such a word once ("five s"): the number word is learned only before a unit word the tables
know, and the unit only after two values. Tried together: the unit word is kept when a number word
learned before it (`learn_unknown_numbers`, with the unit tried) says another value than the one it
stood after, and that number word is then learned like the others.
"""

from __future__ import annotations

import os
from typing import Any

from extract.kb.learned_numbers import learn_unknown_numbers
from extract.kb.learned_sources import Sources, doc_of
from extract.kb.learned_votes import Learned
from extract.text.quantities import UNIT_SUFFIX, Compiled

FORM_STEM = 3  # letters a word shares with a library's unit word at least, to be another form of it
FORM_CHANGE = 2  # ... of which the library's word may lose this many at its end ("წუთი", "წუთზე")


def confirmed_units(
    sources: Sources, taught: dict[str, list[str]], learned: Learned
) -> tuple[dict[str, list[str]], dict[tuple[str, str], list[str]]]:
    """`taught` (library units and their learned words) with the words of `learned.after_one_value`
    that a number word learned before them confirms, and each confirmed word's places."""
    if not learned.after_one_value:
        return taught, {}
    trial: dict[str, Any] = {unit: list(words) for unit, words in taught.items()}
    for unit, word in learned.after_one_value:
        trial.setdefault(unit, []).append(word)
    numbers = learn_unknown_numbers(sources, {"units": trial})
    confirmed: dict[tuple[str, str], list[str]] = {}
    for edition, _, provision in sources.own():
        doc = doc_of(provision)
        for j in range(1, len(doc)):
            before = numbers.get(doc[j - 1].lower_)
            for (unit, word), (value, places) in learned.after_one_value.items():
                if doc[j].lower_ == word and before is not None and before != value:
                    place = f"{edition} {provision.get('label')} (after a number word learned before it)"
                    confirmed[(unit, word)] = [*places, place]
    kept = {unit: list(words) for unit, words in taught.items()}
    for unit, word in confirmed:
        kept.setdefault(unit, []).append(word)
    return kept, confirmed


def another_form(word: str, unit: str, base: Compiled) -> bool:
    """Whether `word` is another form of a long word the tables have for `unit` (CLDR's, where the
    unit is heard): that word less FORM_CHANGE letters at most, then an ending of UNIT_SUFFIX letters
    at most. Georgian drops
    the "-ი" of "წუთი" (minute) before its case endings ("ორ წუთზე ნაკლები", less than two minutes),
    Finnish changes "minuutti" to "minuutin". Where the libraries' words stand after numbers in the text
    (the unit is heard), such a form is still learned from where the references state that unit."""
    for form, named in base.long_units.items():
        if named != unit:
            continue
        shared = len(os.path.commonprefix([word, form]))
        if shared >= max(FORM_STEM, len(form) - FORM_CHANGE) and len(word) - shared <= UNIT_SUFFIX:
            return True
    return False
