"""Number words and units a language's texts use where the libraries' words do not stand: the
first step of the words learned from the aligned editions (kb/learned_lexicon.py).

- `heard_units`: the units whose library (or curated) words stand right after a number in the
  language's texts; the others are learned from the aligned editions like moves and games;
- `learn_unknown_numbers`: number words the libraries lack, learned before a unit word ("két perc"
  where the references state two minutes).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from extract.text.quantities import Compiled, Quantity, Token, compiled, quantities, tokens, unit_of_token

Provisions = dict[str, list[tuple[str, dict[str, object]]]]
Assigned = dict[tuple[str, str], tuple[str, ...]]  # (edition, provision key) -> its rules


@lru_cache(maxsize=50_000)
def read_quantities(text: str, language: str, kb_dir: Path) -> tuple[Quantity, ...]:
    """A reference provision's quantities (read once for all the languages a build learns)."""
    return tuple(quantities(text, language, kb_dir))


def heard_units(language: str, provisions: Provisions, languages: dict[str, str], base: Compiled) -> set[str]:
    """The units whose library or curated words stand right after a number in the language's texts
    (a one-letter abbreviation that happens to be a word elsewhere is not heard)."""
    heard: set[str] = set()
    for edition, code in languages.items():
        if code == language:
            for _, provision in provisions.get(edition, []):
                doc = doc_of(provision)
                for i in range(1, len(doc)):
                    if doc[i - 1].lower_.isdigit() or doc[i - 1].lower_ in base.single:
                        unit = unit_of_token(doc[i].lower_, base)
                        if unit is not None:
                            heard.add(unit)
    return heard


def doc_of(provision: dict[str, object]) -> tuple[Token, ...]:
    return _tokens(str(provision.get("text") or ""))


@lru_cache(maxsize=20_000)
def _tokens(text: str) -> tuple[Token, ...]:
    return tokens(text)


def learn_unknown_numbers(
    language: str,
    provisions: Provisions,
    languages: dict[str, str],
    assigned: Assigned,
    kb_dir: Path,
    units: dict[str, Any] | None = None,
) -> dict[str, int]:
    """Number words the libraries lack, learned before a unit word they (or `units`, learned) know:
    "két perc" where the references say two minutes (the most frequent value at that word wins)."""
    base = compiled(language, kb_dir, units)
    stated: dict[str, set[tuple[float, str]]] = defaultdict(set)
    for edition, code in languages.items():
        if code == language:
            continue
        for key, provision in provisions.get(edition, []):
            rules = assigned.get((edition, key), ())
            if rules:
                text = str(provision.get("text") or "")
                found = {(q.value, q.unit) for q in read_quantities(text, code, kb_dir)}
                for rule in rules:
                    stated[rule] |= found
    counts: dict[str, dict[float, float]] = defaultdict(lambda: defaultdict(float))
    previous: dict[str, list[str]] = defaultdict(list)
    for edition, code in languages.items():
        if code != language:
            continue
        for key, provision in provisions.get(edition, []):
            options = {o for rule in assigned.get((edition, key), ()) for o in stated.get(rule, set())}
            doc = tokens(str(provision.get("text") or ""))
            for j in range(1, len(doc)):
                unit = unit_of_token(doc[j].lower_, base)
                word = doc[j - 1].lower_
                if unit is None or not word.isalpha() or word in base.single or unit_of_token(word, base):
                    continue
                if j >= 2 and (doc[j - 2].lower_.isdigit() or doc[j - 2].lower_ in base.single):
                    continue  # "to ekstra minutter": a word between a number and its unit
                values = {v for v, u in options if u == unit}
                for value in values:
                    counts[word][value] += 1.0 / len(values)
                if values:
                    previous[word].append(doc[j - 2].lower_ if j >= 2 else "")
    learned: dict[str, int] = {}
    for word, weights in counts.items():
        value, weight = max(weights.items(), key=lambda kv: (kv[1], -kv[0]))
        if weight >= 2 and weight >= 0.75 * sum(weights.values()):
            learned[word] = int(value)
    # "two extra minutes": a word that mostly follows another number word learned here stands
    # between a number and its unit
    return {
        word: value
        for word, value in learned.items()
        if 2 * sum(p in learned for p in previous[word]) < len(previous[word])
    }
