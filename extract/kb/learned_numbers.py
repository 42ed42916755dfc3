"""Number words and units a language's texts use where the libraries' words do not stand: the
first step of the words learned from the aligned editions (kb/learned_lexicon.py).

- `learn_unknown_numbers`: number words the libraries lack, learned before a unit word ("két perc"
  where the references state two minutes);
- `anchored_numbers`: number words, ordinals and zero where no digit stands, anchored on the
  references' numbers place after place, or from one place where one rare unknown word stands where
  numbers stand, or from the places a rare word shares or a frequent word is faithful to
  (kb/shared_numbers.py), or glossed by the text itself ("nulla (0)").

What they read (`Sources`) is kb/learned_sources.py.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, NamedTuple

from extract.kb.glossed_numbers import glossed
from extract.kb.learned_sources import Sources, cached_tokens, doc_of, read_quantities
from extract.kb.shared_numbers import (
    CARDINAL,
    COUNTS,
    MIN_SHARE,
    ORDINAL,
    RARE,
    Place,
    closest,
    counting_words,
    faithful_words,
    laws_year,
    leaders,
    nearest_laws,
    neighbours,
    shared_words,
    shares,
    shortfall,
    units_after,
)
from extract.kb.shared_numbers import Found as _Found
from extract.text.cldr import related_language, spelled
from extract.text.quantities import Compiled, Token, compiled, spoken_phrase, unit_of_token, word_value
from extract.text.words import lettered

BEFORE_UNITS_SHARE = 16  # a number word stands before a unit in at least one in this many of its uses


def learn_unknown_numbers(sources: Sources, units: dict[str, Any] | None = None) -> dict[str, int]:
    """Number words the libraries lack, learned before a unit word they (or `units`, learned) know:
    "két perc" where the references say two minutes. A place votes for the values of that unit its
    references state and its own text does not (in digits or known words): "more than ten minutes but
    less than 60 minutes" votes for 10 alone; of the references, those whose Laws (`laws`: edition ->
    fide_edition) are nearest the place's own speak (the 2017 Laws' 10 minutes, not the 2001 Laws'
    15). A word is kept when one value has three in four of its votes, from two places, or from one
    place that states that value alone where the word stands before a unit word in no more than one
    other place (the word is rare before units)."""
    language, assigned, kb_dir = sources.language, sources.assigned, sources.kb_dir
    base = compiled(language, kb_dir, units)
    stated: dict[str, dict[str, set[tuple[float, str]]]] = defaultdict(lambda: defaultdict(set))
    for edition, code in sources.languages.items():
        if code == language:
            continue
        for key, provision in sources.provisions.get(edition, []):
            rules = assigned.get((edition, key), ())
            if rules:
                text = str(provision.get("text") or "")
                found = {(q.value, q.unit) for q in read_quantities(text, code, kb_dir)}
                for rule in rules:
                    stated[rule][edition] |= found
    counts: dict[str, dict[float, float]] = defaultdict(lambda: defaultdict(float))
    previous: dict[str, list[str]] = defaultdict(list)
    before_units: dict[str, int] = defaultdict(int)  # places where the word stands before a unit word
    occurs: Counter[str] = Counter()  # the word's occurrences in the language's texts
    for edition, key, provision in sources.own():
        occurs.update(t.lower_ for t in cached_tokens(str(provision.get("text") or "")))
        rules = assigned.get((edition, key), ())
        if not rules:
            continue
        options = [
            (reference, o) for rule in rules for reference, found in stated[rule].items() for o in found
        ]
        doc = cached_tokens(str(provision.get("text") or ""))
        own = {value for value, kind in _own_numbers(doc, base) if kind == CARDINAL}
        for j in range(1, len(doc)):
            unit = unit_of_token(doc[j].lower_, base)
            word = doc[j - 1].lower_
            if unit is None or not lettered(word) or word_value(word, base) or unit_of_token(word, base):
                continue
            if j >= 2 and (doc[j - 2].lower_.isdigit() or word_value(doc[j - 2].lower_, base)):
                continue  # "to ekstra minutter": a word between a number and its unit
            before_units[word] += 1
            values = nearest(
                [(e, v) for e, (v, u) in options if u == unit and v not in own], edition, sources.laws
            )
            for value in values:
                counts[word][value] += 1.0 / len(values)
            if values:
                previous[word].append(doc[j - 2].lower_ if j >= 2 else "")
    learned: dict[str, int] = {}
    for word, weights in counts.items():
        value, weight = max(weights.items(), key=lambda kv: (kv[1], -kv[0]))
        common = occurs[word] > BEFORE_UNITS_SHARE * before_units[word]  # "the", a piece of a longer word
        if weight < 0.75 * sum(weights.values()) or weight < 1 or common:
            continue
        if weight >= 2 or (weight == 1 and before_units[word] <= 2):
            learned[word] = int(value)
    # "two extra minutes": a word that mostly follows another number word learned here stands
    # between a number and its unit
    return {
        word: value
        for word, value in learned.items()
        if 2 * sum(p in learned for p in previous[word]) < len(previous[word])
    }


def nearest(found: list[tuple[str, float]], edition: str, laws: dict[str, str]) -> set[float]:
    """The values stated by the reference editions (edition, value) whose Laws are nearest `edition`'s."""
    if not found:
        return set()
    own = laws_year(laws.get(edition, ""))
    distance = {e: abs(laws_year(laws.get(e, "")) - own) for e, _ in found}
    least = min(distance.values())
    return {v for e, v in found if distance[e] == least}


# ---------------------------------------------------------------------------------------------
# Number words anchored on the references' numbers: a word aligner whose anchors are numbers.

ANCHOR_PRECISION = 0.5  # a word stands where the references state its number in half its places
ANCHOR_SUPPORT = 2  # ... and in two places at least
NEAR_PLACE = 0.06  # ... where the references state it: this close on average (0..1 of the text)
NEAR_ORDINAL = 0.03  # an ordinal: closer still, in three places, three in four of its own ("anden" is
# also "other"); a zero, never another word, only as close as any number word (NEAR_PLACE): Japanese
# "ゼロでない" ends the clause "not zero" begins in English
STRICT = 0.75
NEAR_KIN = 0.1  # a form of a number word the libraries know, in three in four of its places: its form
# says what it is, word order may move it ("na maioría de tres xogos": "højst tre partier")
NEAR_ZERO = 0.01  # a zero standing this close to the references' zero needs half its places only:
# "zero" of a language whose words share their letters stands inside other words too
CLEAR = 1.5  # ... clearly more often than where they state another number
COMMON = 0.04  # a reference's ordinal word in more of its provisions is also a common word


def anchored_numbers(
    sources: Sources, seed: dict[str, Any] | None = None
) -> tuple[dict[str, dict[str, int]], dict[tuple[str, str], list[str]]]:
    """Number words and ordinals learned where no digit stands: a provision's aligned references
    state a number N ("the third time", "3 times") that its own text lacks as a digit or a known word;
    a word of the language that stands, provision after provision, where N is missing so (and rarely
    elsewhere) says N. Competitive linking: the best word is kept first and explains N in its
    provisions, so the other words of those provisions lose that evidence; ties are broken by the
    word's place in its text beside the references' number's place, and an unbroken tie keeps no word.
    Returns the tables ("numbers", "ordinals", "zero") and each word's evidence."""
    base = compiled(sources.language, sources.kb_dir, seed)
    spread = spread_of(sources)
    places = language_places(sources, base, spread)
    kin = inflected_kin(base, sources.language)
    tables: dict[str, dict[str, int]] = {}
    evidence: dict[tuple[str, str], list[str]] = {}
    occurrences: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        for word in place.words:
            occurrences[word].append(place)
    explained: set[tuple[int, tuple[float, str]]] = set()
    while True:
        best = best_link(occurrences, explained, kin)
        if best is None:
            break
        word, key = best
        value, kind = key
        table = "zero" if value == 0 else "ordinals" if kind == ORDINAL else "numbers"
        tables.setdefault(table, {})[word] = int(value)
        linked = [p for p in occurrences[word] if key in p.missing and _told(p, key)]
        source = _kin_of(word, kin).get(key)
        form = f"; a form of {source}" if source else ""
        evidence[("word:ordinals" if table == "ordinals" else table, word)] = [
            f"{p.edition} {p.label} (where the references state {int(value)}{form})" for p in linked[:5]
        ]
        explained |= {(id(p), key) for p in linked}
        del occurrences[word]
    known = set(base.single) | set(tables.get("numbers", {}))
    for word, key, linked in faithful_words(places, explained, known, spread):
        tables.setdefault("numbers", {})[word] = int(key[0])
        evidence[("numbers", word)] = [
            f"{p.edition} {p.label} (where the references state {int(key[0])}; in every place of the word "
            "where they state numbers, they state it)"
            for p in linked[:5]
        ]
        explained |= {(id(p), key) for p in linked}
    learned = set(base.single) | {word for table in tables.values() for word in table}
    cardinals = {w for w in base.single if bare_cardinal(w, base)} | {
        w for w, value in tables.get("numbers", {}).items() if value not in (0, 1)
    }
    docs = [doc_of(provision) for _, _, provision in sources.own()]
    leading = leaders(docs, cardinals)
    for word, key, linked in _alone(
        places, explained, spread, learned, leading, counting_words(docs, learned, base)
    ):
        value, kind = key
        table = "zero" if value == 0 else "ordinals" if kind == ORDINAL else "numbers"
        tables.setdefault(table, {})[word] = int(value)
        evidence[("word:ordinals" if table == "ordinals" else table, word)] = [
            f"{p.edition} {p.label} (where the references state {int(value)}; the one unknown word "
            "there where numbers stand)"
            for p in linked[:5]
        ]
    values = {word: float(value) for table in tables.values() for word, value in table.items()}
    for word, key, linked in shared_words(places, spread, values):
        table = "zero" if key[0] == 0 else "ordinals" if key[1] == ORDINAL else "numbers"
        tables.setdefault(table, {})[word] = int(key[0])
        evidence[("word:ordinals" if table == "ordinals" else table, word)] = [
            f"{p.edition} {p.label} (where the references state {int(key[0])} more often than the text "
            "does; the one rare unknown word standing in such places only, two at least)"
            for p in linked[:5]
        ]
    for word, (value, where) in glossed(sources, learned, spread).items():
        table = "zero" if value == 0 else "numbers"
        if word not in tables.get(table, {}):
            tables.setdefault(table, {})[word] = value
            evidence[(table, word)] = [
                f"{place} ({word} ({value}): the text writes the digits after it)" for place in where[:5]
            ]
    return tables, evidence


def _alone(
    places: list[Place],
    explained: set[tuple[int, tuple[float, str]]],
    spread: dict[str, int],
    known: set[str],
    leading: frozenset[str] = frozenset(),
    counts: frozenset[str] = frozenset(),
) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Number words no two places teach, learned from their place alone: where the references agree
    on the one number a place lacks ("at least the third time", "at most three games") and one word
    of the place, rare in the language's texts, stands where numbers stand, that word says the
    number. Where numbers stand: right after a comparator; for a cardinal, right before a unit word
    too, of a unit the references count it in where they name one (an ordinal there might be the
    unit word itself: "segundo"); or, where no such word stands and the number is a cardinal other
    than zero, right after a word that leads numbers in the language's texts (`leaders`), or else a
    word that counts elsewhere in them (`counting_words`: "three times" marks "three games"), before no
    unit word of another unit. In every place where it stands the references state that
    number or, in half its places at most, none ("checking three times occurrence" where they write
    "threefold"). A number the references state as a factor is no number word ("hatvanszorosa":
    sixty-fold). Of the kinds the references state, the one most of them state."""
    found: dict[str, set[tuple[float, str]]] = defaultdict(set)
    linked: dict[str, list[Place]] = defaultdict(list)
    everywhere: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        for word in place.words:
            everywhere[word].append(place)
        lacking = {
            key: share
            for key, share in place.missing.items()
            if share >= MIN_SHARE and key[0] != 1 and key[0] in place.agreed and key[0] not in place.factors
        }
        if any(
            (id(place), (value, kind)) in explained for value, _ in lacking for kind in (ORDINAL, CARDINAL)
        ):
            continue
        if len({key[0] for key in lacking}) != 1:
            continue
        key = max(lacking, key=lambda k: (lacking[k], k[1] == ORDINAL))
        counting = place.counting if key[1] == CARDINAL else frozenset()  # "the second" may be the unit
        counted = place.units.get(key[0], frozenset())
        slots = _slots(place.compared | _counting(counting, place, counted), place, spread, known)
        if not slots and key[1] == CARDINAL and key[0]:  # "the" leads ordinals; no zero ("no delay")
            led = frozenset(w for w, (before, _) in place.around.items() if before in leading)
            slots = _slots(_counting(led, place, counted), place, spread, known)
            if not slots:  # a word that counts elsewhere ("three times"; here "three games")
                slots = _slots(
                    _counting(frozenset(place.words) & counts, place, counted), place, spread, known
                )
        if len(slots) != 1:
            continue
        found[slots[0]].add(key)
        linked[slots[0]].append(place)
    return [
        (word, next(iter(keys)), linked[word])
        for word, keys in sorted(found.items())
        if len(keys) == 1 and faithful(next(iter(keys))[0], everywhere[word])
    ]


def _counting(words: frozenset[str], place: Place, counted: frozenset[str]) -> frozenset[str]:
    """Of `words`, those before no unit word or before one of a unit the references count the number
    in (`counted`; any where they name no unit): "one minute" says no three games."""
    return frozenset(w for w in words if not counted or not place.before.get(w) or place.before[w] & counted)


def _slots(words: frozenset[str], place: Place, spread: dict[str, int], known: set[str]) -> list[str]:
    """Of `words`, those that may say a number the place lacks: rare, unknown, no unit word."""
    return [w for w in words if spread.get(w, 0) <= RARE and w not in known and w not in place.unit_words]


def faithful(value: float, places: list[Place]) -> bool:
    """A word learned alone stands where the references state its number in every place where they
    state numbers, and in half its places at least (the others state none: "threefold")."""
    stating = [p for p in places if p.stated]
    return all(value in p.stated for p in stating) and len(stating) >= ANCHOR_PRECISION * len(places)


def spread_of(sources: Sources) -> dict[str, int]:
    """In how many of the language's provisions each word stands."""
    spread: dict[str, int] = defaultdict(int)
    for _, _, provision in sources.own():
        for word in {t.lower_ for t in doc_of(provision)}:
            spread[word] += 1
    return spread


KIN_STEM = 3  # letters of a number word's stem at least
Kin = dict[str, dict[tuple[float, str], str]]  # a stem -> the numbers it is a form of, with its source


def inflected_kin(base: Compiled, language: str = "") -> Kin:
    """The stems of the number words and ordinals the tables know (the word whole, or less its last
    one or two letters, KIN_STEM letters at least): "drug" of ICU's "drugi" (second), "друг" of
    "други", Georgian "სამ" of "სამი" (three: "სამ პარტიას", three games), "ნული" before the
    ending of "ნულის" (of zero); and for a
    language ICU cannot spell, the words of the language CLDR relates it to, whole or so shortened
    ("tercer" of Spanish "tercero" for Galician "terceiro"). Each stem names its source word."""
    known = [(w, v, u, w) for w, (v, u) in base.single.items()]
    related = related_language(language) if language else None
    if related is not None:
        cardinals, ordinals = spelled(related)
        known += [(w, float(v), None, f"{related} {w}") for w, v in cardinals.items()]
        known += [(w, float(v), "ordinal", f"{related} {w}") for w, v in ordinals.items()]
    stems: Kin = defaultdict(dict)
    for word, value, unit, source in known:
        if lettered(word) and len(word) >= 4 and unit in (None, "ordinal") and value != 1:
            key = (value, ORDINAL if unit == "ordinal" else CARDINAL)
            for cut in (len(word), len(word) - 1, len(word) - 2):  # the word itself is read already
                if cut >= KIN_STEM:
                    stems[word[:cut]].setdefault(key, source)
    return stems


def _kin_of(word: str, kin: Kin) -> dict[tuple[float, str], str]:
    """The numbers a word is a form of: a known word's stem and an ending of three letters at most
    ("drugog", "другог" beside "drugi", "други"), with the known word."""
    found: dict[tuple[float, str], str] = {}
    for cut in range(max(KIN_STEM, len(word) - 3), len(word) + 1):
        for key, source in kin.get(word[:cut], {}).items():
            found.setdefault(key, source)
    return found


def best_link(
    occurrences: dict[str, list[Place]],
    explained: set[tuple[int, tuple[float, str]]],
    kin: Kin | None = None,
) -> tuple[str, tuple[float, str]] | None:
    """The word and number that stand together most faithfully (Dice's coefficient over places: the
    places where both stand, against the places of each), if they do enough; None on a tie the
    places in the texts do not break. An inflected form of a number word the libraries know
    (`kin`) needs one place, standing where the references state that number in three of four of
    its places and near where they state it."""
    lacking: dict[tuple[float, str], set[int]] = defaultdict(set)
    for found in occurrences.values():
        for place in found:
            for key, share in place.missing.items():
                if share >= MIN_SHARE and (id(place), key) not in explained and _told(place, key):
                    lacking[key].add(id(place))
    scored: list[tuple[float, float, str, tuple[float, str]]] = []
    for word, found in occurrences.items():
        support: dict[tuple[float, str], int] = defaultdict(int)
        distance: dict[tuple[float, str], list[float]] = defaultdict(list)
        counts: dict[tuple[float, str], int] = defaultdict(int)  # ... of them right before a unit word
        for place in found:
            for key in place.missing:
                if id(place) in lacking[key]:
                    support[key] += 1
                    distance[key].append(min(abs(place.words[word] - w) for w in place.where[key]))
                    if word in place.counting:
                        counts[key] += 1
        near = {key: sum(distance[key]) / count for key, count in support.items()}
        for key, count in support.items():
            if key[1] != ORDINAL and word in found[0].unit_words:
                continue  # "segundo" says a second (of time) or the second: never another number
            rival = max((c for k, c in support.items() if k != key and near[k] <= NEAR_PLACE), default=0)
            if key in _kin_of(word, kin or {}):  # "third time" or "three times": the kin says which
                other = max(
                    (c for k, c in support.items() if k[0] != key[0] and near[k] <= NEAR_PLACE), default=0
                )
                if count >= CLEAR * other and count >= STRICT * len(found) and near[key] <= NEAR_KIN:
                    scored.append((2 * count / (len(found) + len(lacking[key])), -near[key], word, key))
                continue
            if count < CLEAR * rival:
                continue  # "második" where the references state both a first and a second: unclear
            if count < ANCHOR_SUPPORT or count < ANCHOR_PRECISION * len(found) or near[key] > NEAR_PLACE:
                continue
            if key[1] == CARDINAL and key[0] != 0 and not counts[key]:
                continue  # a number word counts something: it stands before a unit word somewhere
            if (key[1] == ORDINAL or key[0] == 0) and (
                closest(distance[key]) > (NEAR_PLACE if key[0] == 0 else NEAR_ORDINAL)
                or count <= ANCHOR_SUPPORT
                or count < _precision(key, distance[key]) * len(found)
            ):
                continue  # no unit follows an ordinal or a zero ("anden" is also "other"): just so
            dice = 2 * count / (len(found) + len(lacking[key]))
            scored.append((dice, -near[key], word, key))
    if not scored:
        return None
    scored.sort(reverse=True)
    top = scored[0]
    if any(s[0] == top[0] and s[3] == top[3] and abs(s[1] - top[1]) < 0.02 for s in scored[1:]):
        return None  # two words stand exactly alike: nothing tells which says the number
    return top[2], top[3]


def _told(place: Place, key: tuple[float, str]) -> bool:
    """Whether a number a place lacks is one its references tell: an ordinal every reference with the
    nearest Laws states as an ordinal ("andet" is Danish for "second" and "otherwise": "medmindre
    dommeren bestemmer andet", where the Hungarian of the same Laws states no second)."""
    return key[1] != ORDINAL or key in place.told


def _precision(key: tuple[float, str], distances: list[float]) -> float:
    """The share of its places an ordinal or a zero stands where the references state it (see
    `NEAR_ZERO`)."""
    return ANCHOR_PRECISION if key[0] == 0 and closest(distances) <= NEAR_ZERO else STRICT


class ReferenceNumbers(NamedTuple):
    """What the references state, per rule and per reference provision (`_references_numbers`)."""

    stated: dict[str, dict[str, _Found]]  # rule -> reference -> (number, where) it states
    factors: dict[str, set[float]]  # rule -> the factors its references state
    keyed: dict[str, dict[str, set[str]]]  # rule -> reference -> its provisions
    numbers_at: dict[tuple[str, str], _Found]  # (reference, provision) -> the numbers it states
    bare_at: dict[tuple[str, str], _Found]  # ... bare in words ("to felter"): see `faithful_words`
    units: dict[str, set[tuple[float, str]]]  # rule -> (value, unit) its references state


def _references_numbers(sources: Sources) -> ReferenceNumbers:
    """What the references state, per rule: the numbers each reference states with where (0..1), the
    factors, each reference's provisions, and the (value, unit) pairs; per reference provision: its
    numbers, and the numbers it states bare in words."""
    stated: dict[str, dict[str, list[tuple[tuple[float, str], float]]]] = defaultdict(dict)
    factors: dict[str, set[float]] = defaultdict(set)  # rule -> the factors its references state
    keyed: dict[str, dict[str, set[str]]] = defaultdict(dict)  # rule -> reference -> its provisions
    numbers_at: dict[tuple[str, str], _Found] = {}  # a reference's provision -> the numbers it states
    bare_at: dict[tuple[str, str], _Found] = {}  # ... bare in words ("to felter"): see `faithful_words`
    units: dict[str, set[tuple[float, str]]] = defaultdict(set)  # rule -> (value, unit) its references state
    provisions, assigned, kb_dir = sources.provisions, sources.assigned, sources.kb_dir
    for edition in sources.references():
        code = sources.languages[edition]
        common = _common_ordinals(provisions.get(edition, []), code, kb_dir)
        for key, provision in provisions.get(edition, []):
            rules = assigned.get((edition, key), ())
            if not rules:
                continue
            text = str(provision.get("text") or "")
            found = [
                ((q.value, ORDINAL if q.unit == "ordinal" else CARDINAL), q.number_start / max(1, len(text)))
                for q in read_quantities(text, code, kb_dir)
                if q.unit not in ("next", "bare")
                and float(q.value).is_integer()
                and q.value != 1  # "one", "first": as often an article or "before" as a number
                and not (q.unit == "ordinal" and q.tokens and q.tokens[-1].casefold() in common)
            ]
            multiples = {q.value for q in read_quantities(text, code, kb_dir) if q.unit == "factor"}
            counted = {
                (q.value, str(q.unit)) for q in read_quantities(text, code, kb_dir) if q.unit in COUNTS
            }
            numbers_at[(edition, key)] = found
            bare_at[(edition, key)] = _bare_words(text, code, kb_dir)
            for rule in rules:
                stated[rule].setdefault(edition, []).extend(found)
                factors[rule] |= multiples
                keyed[rule].setdefault(edition, set()).add(key)
                units[rule] |= counted
    return ReferenceNumbers(stated, factors, keyed, numbers_at, bare_at, units)


def language_places(sources: Sources, base: Compiled, spread: dict[str, int] | None = None) -> list[Place]:
    """The new language's provisions with rules, each with its candidate words and what its
    references state that it lacks (`spread`: in how many provisions each word stands)."""
    stated, factors, keyed, numbers_at, bare_at, units = _references_numbers(sources)
    assigned = sources.assigned
    places: list[Place] = []
    counts, mine = _text_counts(sources, base)
    for edition, key, provision in sources.own():
        rules = assigned.get((edition, key), ())
        if not rules:
            continue
        text = str(provision.get("text") or "")
        doc = cached_tokens(text)
        every = _own_numbers(doc, base)
        own = set(every)
        words = _candidates(doc, base, len(text))
        counting = frozenset(
            doc[i].lower_
            for i in range(len(doc) - 1)
            if doc[i].lower_ in words and unit_of_token(doc[i + 1].lower_, base) is not None
        )
        compared = frozenset(
            doc[i].lower_ for i in beside_comparators(doc, base, spread or {}) if doc[i].lower_ in words
        )
        by_edition: dict[str, _Found] = defaultdict(list)
        bare: dict[str, _Found] = defaultdict(list)
        for rule in rules:
            for reference, found in stated.get(rule, {}).items():
                by_edition[reference].extend(found)
            for reference, provisions_of in keyed[rule].items():
                for k in provisions_of:
                    bare[reference].extend(bare_at.get((reference, k), []))
        missing: dict[tuple[float, str], float] = defaultdict(float)
        where: dict[tuple[float, str], list[float]] = defaultdict(list)
        for found in by_edition.values():
            for number, at in found:
                where[number].append(at)
        nearest = nearest_laws(by_edition, edition, sources.laws)
        for speaking in (by_edition, nearest):
            for number, share in shares(speaking, own).items():
                missing[number] = max(missing[number], share)
        aligned = {  # the numbers of each nearest reference's provisions of the place's rules
            e: [numbers_at[(e, k)] for k in sorted(set().union(*(keyed[r].get(e, set()) for r in rules)))]
            for e in nearest
        }
        if words:
            places.append(
                Place(
                    edition,
                    str(provision.get("label")),
                    words,
                    counting,
                    dict(missing),
                    {k: tuple(v) for k, v in where.items() if k in missing},
                    frozenset(w for w in words if unit_of_token(w, base) is not None),
                    frozenset(w for w in compared if unit_of_token(w, base) is None),
                    _agreed(by_edition, nearest, own),
                    frozenset(number[0] for found in by_edition.values() for number, _ in found),
                    frozenset(value for rule in rules for value in factors.get(rule, ())),
                    shortfall(
                        aligned,
                        counts[(edition, key)],
                        [counts[(edition, k)] for k in set().union(*(mine[(edition, r)] for r in rules))],
                    ),
                    units_after(doc, words, base),
                    _by_value(set().union(*(units[rule] for rule in rules))),
                    neighbours(doc, words),
                    dict(shares(bare, own)),
                    _told_by_all(nearest, own),
                )
            )
    return places


def _bare_words(text: str, language: str, kb_dir: Path) -> _Found:
    """The numbers a reference states bare in words ("to felter"), not one, with where they stand."""
    table = compiled(language, kb_dir)
    return [
        ((table.single[token.lower_][0], CARDINAL), token.idx / max(1, len(text)))
        for token in cached_tokens(text)
        if bare_cardinal(token.lower_, table)
    ]


def bare_cardinal(word: str, table: Compiled) -> bool:
    """Whether the tables read a word as a cardinal on its own: no ordinal, word of times or unit it
    implies, not zero, not one (an article as often) nor an article."""
    hit = table.single.get(word)
    return hit is not None and hit[1] is None and hit[0] not in (0, 1) and word not in table.articles


def _text_counts(
    sources: Sources, base: Compiled
) -> tuple[dict[tuple[str, str], Counter[float]], dict[tuple[str, str], set[str]]]:
    """How often each of the language's provisions states each number (digits, known words), and
    each (edition, rule)'s provisions."""
    counts: dict[tuple[str, str], Counter[float]] = {}
    mine: dict[tuple[str, str], set[str]] = defaultdict(set)
    for edition, key, provision in sources.own():
        counts[(edition, key)] = Counter(value for value, _ in _own_numbers(doc_of(provision), base))
        for rule in sources.assigned.get((edition, key), ()):
            mine[(edition, rule)].add(key)
    return counts, mine


def _by_value(pairs: set[tuple[float, str]]) -> dict[float, frozenset[str]]:
    """(value, unit) pairs as value -> its units."""
    return {value: frozenset(u for v, u in pairs if v == value) for value, _ in pairs}


def _told_by_all(nearest: dict[str, _Found], own: set[tuple[float, str]]) -> frozenset[tuple[float, str]]:
    """The numbers, each of its kind, that every reference with the nearest Laws states and the text
    does not state in that kind ("the second illegal move" beside "two minutes")."""
    stated = [{number for number, _ in found} for found in nearest.values()]
    return frozenset(set.intersection(*stated) - own) if stated else frozenset()


def _agreed(
    by_edition: dict[str, _Found], nearest: dict[str, _Found], own: set[tuple[float, str]]
) -> frozenset[float]:
    """The numbers a place lacks that every reference with the nearest Laws states, and half of all
    its references, in any kind (the third time, three times)."""
    values = {number[0] for found in by_edition.values() for number, _ in found} - {v for v, _ in own}
    return frozenset(
        value
        for value in values
        if all(any(n[0] == value for n, _ in found) for found in nearest.values())
        and sum(any(n[0] == value for n, _ in found) for found in by_edition.values())
        >= MIN_SHARE * len(by_edition)
    )


def beside_comparators(
    doc: tuple[Token, ...], base: Compiled, spread: dict[str, int], after_quantity: bool = True
) -> list[int]:
    """The tokens right after a comparator the tables know, and the next where the word right after
    it is frequent (`spread`: in more than RARE provisions) or an article ("at least" _three_ times,
    "at least" the _third_ time: the word between is frequent, and no slot of a word learned alone);
    of a comparator that follows its quantity (unless not `after_quantity`), the token right before it, and
    the one before that where the word between is frequent or a unit word (_three_ games "at most")."""
    found = []
    lowers = [t.lower_ for t in doc]
    for i, word in enumerate(lowers):
        for size in base.starts.get(word, ()):
            label = str(base.phrases.get(tuple(lowers[i : i + size]), ""))
            if label.startswith("PRE:"):
                found.append(i + size)
                after = lowers[i + size] if i + size < len(lowers) else ""
                if not spread or spread.get(after, 0) > RARE or after in base.articles:
                    found.append(i + size + 1)
                break
            if (
                label.startswith("POST:") and i > 0 and after_quantity
            ):  # "three games at most", "the third at least"
                found.append(i - 1)
                previous = lowers[i - 1]
                if spread.get(previous, 0) > RARE or unit_of_token(previous, base) is not None:
                    found.append(i - 2)
                break
    return [i for i in found if 0 <= i < len(doc)]


def _common_ordinals(keyed: list[tuple[str, dict[str, object]]], language: str, kb_dir: Path) -> set[str]:
    """A reference edition's ordinal words that stand in many of its provisions: "anden", "andra",
    "más" are also "other", so where they stand no second is stated."""
    seen: dict[str, int] = defaultdict(int)
    for _, provision in keyed:
        words = {
            q.tokens[-1].casefold()
            for q in read_quantities(str(provision.get("text") or ""), language, kb_dir)
            if q.unit == "ordinal" and q.tokens
        }
        for word in words:
            seen[word] += 1
    return {word for word, count in seen.items() if count > max(3, COMMON * len(keyed))}


def _own_numbers(doc: tuple[Token, ...], base: Compiled) -> list[tuple[float, str]]:
    """The numbers a text states in digits or in words the tables know, each time it states them."""
    own: list[tuple[float, str]] = []
    inside = -1  # the last piece of a number word of several pieces read ("掝唁": ten)
    for i, token in enumerate(doc):
        if i <= inside:
            continue
        if (spoken := spoken_phrase(doc, i, base)) is not None and spoken[0] > i:
            inside, value, unit = spoken
            own.append((value, ORDINAL if unit == "ordinal" else CARDINAL))
        elif token.lower_.isdigit() and len(token.lower_) <= 3:
            own.append((float(int(token.lower_)), CARDINAL))
        elif (hit := word_value(token.lower_, base)) is not None:
            value, unit = hit
            own.append((value, ORDINAL if unit == "ordinal" else CARDINAL))
    return own


def _candidates(doc: tuple[Token, ...], base: Compiled, length: int) -> dict[str, float]:
    """Words that may say a number: no number the tables know, no article, not right after a digit
    (where a unit stands); a unit word only where no number stands before it ("segundo" is "second"
    in both senses: "30 segundos", "o segundo movemento"); each with where it first stands (0..1)."""
    words: dict[str, float] = {}
    numbered: set[str] = set()  # unit words standing after a number somewhere in this text
    inside = -1  # the last piece of a number word of several pieces: no piece of it is a candidate
    for i, token in enumerate(doc):
        word = token.lower_
        if (spoken := spoken_phrase(doc, i, base)) is not None and spoken[0] > i:
            inside = spoken[0]
        if i <= inside or not lettered(word) or word_value(word, base) or word in base.articles:
            continue
        if word in words:
            continue
        after_number = i > 0 and (doc[i - 1].lower_.isdigit() or bool(word_value(doc[i - 1].lower_, base)))
        if unit_of_token(word, base) is not None and after_number:
            numbered.add(word)
        if i and doc[i - 1].lower_.isdigit() or after_number and unit_of_token(word, base) is not None:
            continue
        words[word] = token.idx / max(1, length)
    return {word: at for word, at in words.items() if word not in numbered}
