"""The places of the number-word learner (kb/learned_numbers.py), and number words learned from
where they stand across places rather than from one anchor.

A `Place` is a provision of the new language with rules, its candidate words, and what its aligned
references state that its text lacks.

- `shared_words`: a rare word no unit word, comparator or second anchor points at, learned from the
  places it shares: "tíz" stands in two provisions of hu-2018 (7.3 "tíz lépéspárt", A 4.1 "az első
  tíz játszmalépésen"), and in both every reference with the same Laws states 10 more often than
  the text does in digits or known words ("færre end 10 træk ... Efter 10 træk" beside "tíz
  lépéspárt ... 10 vagy több lépéspárt"; "ti træk" beside "első tíz játszmalépésen"). A rare word of
  the language that stands in such places only, two at least, and shares them with no other such
  word says that number.
- `faithful_words`: a frequent word that, in every place of it where the references state numbers,
  stands where they state one number, lacking it in two places at least, and before the word of
  the unit they count it in in one: Galician "dúas" (two), also in the fixed phrase "ambas as dúas"
  (both) where the references state no number.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from extract.text.quantities import Compiled, Token, unit_of_token, word_value
from extract.text.words import lettered, unspaced

ORDINAL, CARDINAL = "ordinal", "cardinal"
MAX_RUN = 4  # pieces: a number word of a script without spaces is rarely longer
RARE = 3  # a word learned from its places alone stands in this many provisions of the language at most
SHARED_SUPPORT = 2  # ... and in two places at least, each short of the number
COUNTS = ("minute", "second", "hour", "cm", "move", "game", "time")  # the units a number word counts
MEASURES = frozenset({"minute", "second", "hour", "cm"})  # ... of them, those the libraries name
WINDOW = 3  # a number word stands this many words before its unit at most ("dúas prórroga de minutos")
FAITHFUL_SUPPORT = 2  # a frequent word faithful to one number: in this many places lacking it at least
MIN_SHARE = 0.5  # a place lacks a number half its references state

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
    before: dict[str, frozenset[str]] = field(default_factory=dict)  # candidate -> units: `units_after`
    units: dict[float, frozenset[str]] = field(default_factory=dict)  # value -> the references' units
    around: dict[str, tuple[str, str]] = field(default_factory=dict)  # candidate -> its neighbours
    loose: dict[tuple[float, str], float] = field(default_factory=dict)  # `missing`, of bare number words
    told: frozenset[tuple[float, str]] = frozenset()  # (value, kind) the nearest references all state


def shortfall(
    nearest: dict[str, list[Found]], own: Counter[float], rule: list[Counter[float]]
) -> dict[float, int]:
    """The cardinal numbers every reference with the nearest Laws states more often than the text
    does, by how many times at least: in one of its provisions aligned with the place (`nearest`: each
    reference's provisions' numbers) than in the place (`own`: how often the place states each, in
    digits or known words), and in all of them together than in the text's provisions of the same
    rules (`rule`). "10 ... 10" beside "tíz ... 10" is short of one 10. A rule the references spread
    over two provisions, 50 in each, is no place short of a second 50; nor is a place whose sibling
    of the same rule states the number (A.5.1 "10 moves", A.5.1.2 "no claim"). No ordinal ("andet" is
    "other" too), no one (also an article) and no zero (said as often without a number: "no delay",
    "if lateness is allowed"): where a reference states them the text may state none."""
    whole: Counter[float] = sum(rule, Counter())
    references: list[dict[float, int]] = []
    for provisions in nearest.values():
        counts = [Counter(n[0] for n, _ in found if n[1] == CARDINAL) for found in provisions]
        most: Counter[float] = Counter()
        for counted in counts:
            most |= counted  # the most any one provision states
        total: Counter[float] = sum(counts, Counter())
        references.append({v: min(most[v] - own[v], total[v] - whole[v]) for v in total})
    if not references:
        return {}
    values = set.intersection(*(set(lacking) for lacking in references))
    lacking = {value: min(r[value] for r in references) for value in values}
    return {value: n for value, n in lacking.items() if n > 0 and value not in (0, 1)}


def places_of(places: list[Place]) -> dict[str, list[Place]]:
    """Each candidate word -> the places it stands in, in order."""
    by_word: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        for word in place.words:
            by_word[word].append(place)
    return by_word


def shared_words(
    places: list[Place], spread: dict[str, int], known: dict[str, float]
) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Number words learned from the places they share (see the module's docstring): a word the tables
    lack, rare in the language's texts (`spread`: in how many provisions each word stands), that stands
    only in places short of one number N (SHARED_SUPPORT at least; N not stated there as a factor, no
    unit word), once the words already `known` (word -> value) are counted there. Where another such
    word shares one of its places, nothing tells which says N: neither is learned."""
    by_word = places_of(places)
    found: dict[str, tuple[tuple[float, str], list[Place]]] = {}
    for word, its in by_word.items():
        if word in known or not SHARED_SUPPORT <= len(its) == spread.get(word, 0) <= RARE:
            continue
        if any(word in p.unit_words for p in its):
            continue
        if len({p.around.get(word) for p in its}) == 1:
            continue  # inside one phrase repeated in every place: which word says N, unknown
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


def neighbours(doc: tuple[Token, ...], words: dict[str, float]) -> dict[str, tuple[str, str]]:
    """The words before and after each candidate word, where it first stands."""
    lowers = [t.lower_ for t in doc]
    found: dict[str, tuple[str, str]] = {}
    for i, word in enumerate(lowers):
        if word in words and word not in found:
            found[word] = (lowers[i - 1] if i else "", lowers[i + 1] if i + 1 < len(lowers) else "")
    return found


def leaders(docs: list[tuple[Token, ...]], known: set[str]) -> frozenset[str]:
    """The words of a language that lead numbers: each stands right before a number (digits, or a
    `known` number word) in half its uses at least. "ихдээ" in "хамгийн ихдээ таван удаа" (at most
    five times) and "хамгийн ихдээ гурван тоглолт" (at most three games): the comparator no table
    knows yet marks the slot of the unknown "гурван"."""
    leading: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    for doc in docs:
        lowers = [t.lower_ for t in doc]
        for word, after in zip(lowers, lowers[1:], strict=False):
            if not lettered(word):
                continue
            uses[word] += 1
            if (after.isdigit() and len(after) <= 3) or after in known:
                leading[word] += 1
    return frozenset(word for word, count in leading.items() if 2 * count >= uses[word])


def counting_words(docs: list[tuple[Token, ...]], known: set[str], base: Compiled) -> frozenset[str]:
    """The words of a language that count: each stands right before a unit word somewhere in its
    texts, and never right after a number (digits, or a `known` number word: "two extra minutes").
    "ხჩშაჰრთ ფფლპზუხ" (three times) in one provision marks "ხჩშაჰრთ" where another has no unit
    word the tables know ("at most three games")."""
    before: set[str] = set()
    after: set[str] = set()
    for doc in docs:
        lowers = [t.lower_ for t in doc]
        for previous, word, following in zip(["", *lowers], lowers, [*lowers[1:], ""], strict=False):
            if (previous.isdigit() and len(previous) <= 3) or previous in known:
                after.add(word)
            elif lettered(word) and word not in known and unit_of_token(following, base) is not None:
                before.add(word)
    before = {word for word in before if unit_of_token(word, base) is None and not unspaced(word)}
    return frozenset(before - after)  # a piece of a script without spaces is no word (learned_runs)


def units_after(doc: tuple[Token, ...], words: dict[str, float], base: Compiled) -> dict[str, frozenset[str]]:
    """The units whose words stand after each candidate word, WINDOW words on at most, no number
    between ("dúas prórroga de minutos": minute)."""
    found: dict[str, set[str]] = defaultdict(set)
    lowers = [t.lower_ for t in doc]
    for i, word in enumerate(lowers):
        if word not in words:
            continue
        for after in lowers[i + 1 : i + 1 + WINDOW]:
            if after.isdigit() or word_value(after, base) is not None:
                break
            unit = unit_of_token(after, base)
            if unit is not None:
                found[word].add(unit)
                break
    return {word: frozenset(units) for word, units in found.items()}


def faithful_words(
    places: list[Place],
    explained: set[tuple[int, tuple[float, str]]],
    known: set[str],
    spread: dict[str, int],
) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Number words that stand in many places, and in every one where the references state numbers
    they state N: "dúas" (Galician two, feminine) in "dúas prórroga de minutos" where the references
    state two minutes, in "dúas prazas", "dúas exhibicións" where they state two, and in the fixed
    phrase "ambas as dúas" (both) where they state no number at all. The word stands in more than RARE
    provisions (a rarer one is learned from the places it shares), in FAITHFUL_SUPPORT places at least
    that lack N (in half the places where the references state numbers), before the word of a
    measure (minutes, seconds, hours, centimetres) in which the references state N and no other
    number the place lacks in one of them, and no place where the references state numbers but not
    N (WINDOW words on at most); of two such words sharing a place, the one of more places, neither
    on a tie. "razmišljanje vrijeme" (thinking time) where the references state "2 times" is no
    two: "vrijeme" is a unit word learned, no measure. Here a number word the references state bare
    ("to felter", two squares) counts as stated: a frequent word is faithful to it or not."""
    by_word = places_of(places)
    found: list[tuple[int, str, tuple[float, str], list[Place]]] = []
    for word, its in by_word.items():
        stating = [p for p in its if p.stated or p.loose]
        if (
            word in known
            or spread.get(word, 0) <= RARE
            or not stating
            or any(word in p.unit_words for p in its)
        ):
            continue
        said = [p.stated | {value for value, _ in p.loose} for p in stating]
        for value in frozenset.intersection(*said) - {0, 1}:
            key = (value, CARDINAL)
            support = [
                p
                for p in stating
                if max(p.missing.get(key, 0), p.loose.get(key, 0)) >= MIN_SHARE
                and (id(p), key) not in explained
                and value not in p.factors
            ]
            counted = any(_measures(p, word, value) for p in support)
            if counted and len(support) >= max(FAITHFUL_SUPPORT, MIN_SHARE * len(stating)):
                found.append((len(support), word, key, support))
    found.sort(key=lambda f: (-f[0], f[1]))
    kept: list[tuple[str, tuple[float, str], list[Place]]] = []
    taken: dict[int, int] = {}  # a place -> the support of the word that took it
    for size, word, key, support in found:
        if any(id(p) in taken for p in support):
            if any(taken.get(id(p)) == size for p in support):
                kept = [k for k in kept if not {id(p) for p in k[2]} & {id(p) for p in support}]
            continue
        kept.append((word, key, support))
        taken.update({id(p): size for p in support})
    return kept


def _measures(place: Place, word: str, value: float) -> bool:
    """Whether `word` stands before the word of a measure (minutes, seconds, hours, centimetres: the
    units whose words the libraries know, not ones learned from the same places) in which the
    references state `value` at the place, and no other number the place lacks."""
    units = place.before.get(word, frozenset()) & place.units.get(value, frozenset()) & MEASURES
    others = {
        unit
        for (other, kind), share in place.missing.items()
        if other != value and kind == CARDINAL and share >= MIN_SHARE
        for unit in place.units.get(other, frozenset())
    }
    return bool(units - others)


def laws_year(laws: str) -> int:
    """The year of a Laws edition ("2017", "2023"); 0 when it names none."""
    digits = "".join(c for c in str(laws) if c.isdigit())[:4]
    return int(digits) if len(digits) == 4 else 0


def closest(distances: list[float]) -> float:
    """The mean distance of a word to the references' number, the farthest of four places or more
    left out (one place may be worded otherwise)."""
    kept = sorted(distances)[:-1] if len(distances) >= 4 else distances
    return sum(kept) / max(1, len(kept))


def shares(by_edition: dict[str, Found], own: set[tuple[float, str]]) -> dict[tuple[float, str], float]:
    """The share of the references stating each number the text lacks."""
    share: dict[tuple[float, str], float] = defaultdict(float)
    for found in by_edition.values():
        for number in {n for n, _ in found} - own:
            share[number] += 1 / len(by_edition)
    return share


def nearest_laws(by_edition: dict[str, Found], edition: str, laws: dict[str, str]) -> dict[str, Found]:
    """The references whose Laws are nearest `edition`'s: where the older Laws say nothing of a zero
    default time, the 2017 Laws' references alone say that a 2023 text lacks it (a place lacks a
    number half of all its references state, or half of those with the nearest Laws)."""
    if not by_edition:
        return by_edition
    own = laws_year(laws.get(edition, ""))
    distance = {e: abs(laws_year(laws.get(e, "")) - own) for e in by_edition}
    least = min(distance.values())
    return {e: found for e, found in by_edition.items() if distance[e] == least}
