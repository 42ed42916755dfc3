"""Words learned from the aligned editions: what stands, provision after provision, where the
reference editions state a quantity ("more than 10 minutes", "multiplied by 60", "instead of").

Numbers are the anchors. For every rule, the quantities the reference editions state (read with their
own language's words) are looked up in the new edition's provisions of the same rule by value: a digit
or a number word of the same value. Around each anchor the new text's own words are counted:

  units         the word after the number, when the references count minutes, moves, games, times...
  numbers       an unknown word right before a unit word the libraries know ("két perc": két = 2)
  times, multiplied, ordinals   a word that starts with a number word of the anchor's value and ends
                otherwise ("háromszor", "hatvanszorosa", "tredje")
  comparators   one to three words right before the number (before) or after its unit (after)
                "between": the words before a range ("mellem 15 og 60") whose upper bound the references state
  instead       the words between two quantities of which the references mark one as replaced
  multiply, multiplied_by, increment_words   the words around a factor

A word is kept when it stands at an anchor of its meaning and rarely elsewhere near a number
(precision), and the shortest such phrase wins. Each kept word carries its evidence: the provisions of
the new edition and the reference editions that taught it. A parameter's value is still read from the
new edition's own text with these words; nothing is copied from a reference.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from extract.io.rules import Rule
from extract.kb.learned_grams import MAX_GRAM, after, before, stems, unit_last
from extract.kb.learned_numbers import anchored_numbers, learn_unknown_numbers, spread_of
from extract.kb.learned_ordinal_marks import ordinal_marks
from extract.kb.learned_runs import run_numbers, whole_pieces
from extract.kb.learned_sources import Assigned, Provisions, Sources, heard_units, read_quantities
from extract.kb.learned_units import another_form, confirmed_units
from extract.kb.learned_votes import Learned, Votes
from extract.kb.parameters import rule_provisions
from extract.kb.shared_numbers import RARE
from extract.text.quantities import (
    Compiled,
    Quantity,
    Token,
    case_ending,
    compiled,
    number_phrase,
    on_square,
    tokens,
    unit_at,
    unit_of_token,
)
from extract.text.words import lettered

__all__ = ["Anchor", "Learned", "Sources", "find_anchors", "learn", "learn_all", "provision_rules"]

COUNTED = ("minute", "second", "hour", "cm", "move", "game", "time")
LIBRARY_UNITS = ("minute", "second", "hour", "cm")
ANCHORED = (*COUNTED, "factor", "ordinal", "zero")
COGNATE = 0.75  # a unit word this close to a reference's word for it counts from one occurrence
UNSURE = "?"  # the references disagree on a number's comparator
UNSTATED = "unstated factor"  # the references state a factor the text writes with no number
NEAR = 3  # words this close to a number count as near it


@dataclass(frozen=True)
class Anchor:
    """A number of the new edition's text where reference editions state a quantity of that value."""

    edition: str
    label: str
    doc: tuple[Token, ...]
    at: int  # the number's token
    end: int  # its last token (a number of several words)
    value: float
    unit: str
    comparator: str | None
    references: tuple[str, ...]
    side: str = ""  # where the references' comparator stands, mostly
    unit_words: tuple[str, ...] = ()  # the references' own words for the unit ("partier", "trekk")
    beside: bool = True  # a reference names the unit right after its number ("tre partier")


def learn(
    language: str,
    provisions: Provisions,
    languages: dict[str, str],
    assigned: Assigned,
    kb_dir: Path,
    laws: dict[str, str] | None = None,
) -> Learned:
    """The words of `language` learned from its editions' provisions aligned to other editions'
    (`laws`: each edition's Laws, so that the references nearest a text's Laws teach its numbers).

    Where the libraries' unit words never occur in the language's texts (CLDR's forms are not the
    ones the translation uses), the units are learned like the others; number words standing before
    units learned so are then learned in a second pass ("two minutes" where the references say 2).
    The numbers anchored so teach comparators ("at least" where the references state "at least the
    third time") and units ("times" after a number word), and a word right after a comparator or
    before a unit word learned so may say a number: the numbers are anchored again with them (at
    most ROUNDS times, while new words are found)."""
    sources = Sources(language, provisions, languages, assigned, kb_dir, dict(laws or {}))
    numbers = whole_pieces(sources, learn_unknown_numbers(sources), None)
    learned = _learn(sources, {"numbers": numbers})
    taught = {u: w for u, w in learned.tables.get("units", {}).items() if u in LIBRARY_UNITS}
    taught, confirmed = confirmed_units(sources, taught, learned)
    learned.evidence |= {(f"unit:{unit}", word): places for (unit, word), places in confirmed.items()}
    more = (
        whole_pieces(sources, learn_unknown_numbers(sources, {"units": taught}), {"units": taught})
        if taught
        else {}
    )
    seed: dict[str, Any] = {"numbers": more | numbers, "units": taught}
    every_unit = {  # no unit word says a number; a word after a comparator may (learned_numbers `_alone`)
        **seed,
        "units": learned.tables.get("units", {}),
        "comparators": learned.tables.get("comparators", {}),
        "postfix": learned.tables.get("postfix", {}),
    }
    found, evidence = anchored_numbers(sources, every_unit)
    runs, run_evidence = run_numbers(sources, every_unit, found)  # several pieces, no spaces
    for table, words in runs.items():
        found.setdefault(table, {}).update(words)
    evidence |= run_evidence
    marks = ordinal_marks(sources, every_unit)
    if marks:
        seed["ordinal_marks"] = sorted(marks)
        evidence |= {("ordinal_marks", mark): places for mark, places in marks.items()}
    if not set(more) - set(numbers) and not found and not marks:
        return learned
    second = _learn(sources, _seeded(seed, found), evidence)
    for _ in range(ROUNDS):  # the numbers anchored teach comparators, after which more numbers stand
        compared = {  # the words anchored so far are known: a place they explain lacks no number
            **_seeded(every_unit, found),
            "units": second.tables.get("units", {}),  # units learned after numbers ("three times")
            "comparators": second.tables.get("comparators", {}),
            "postfix": second.tables.get("postfix", {}),
        }
        if all(compared[key] == every_unit[key] for key in ("units", "comparators", "postfix")):
            break
        again, more_evidence = anchored_numbers(sources, compared)
        known = {t: {**found.get(t, {}), **again.get(t, {})} for t in {*found, *again}}
        runs, run_evidence = run_numbers(sources, compared, known)
        for table, words in runs.items():
            again.setdefault(table, {}).update(words)
        more_evidence |= run_evidence
        added = _added(found, again)
        if not added:
            break
        every_unit = compared
        for table, words in added.items():
            found.setdefault(table, {}).update(words)
            for word in words:
                key = ("word:ordinals" if table == "ordinals" else table, word)
                evidence[key] = more_evidence.get(key, [])
        second = _learn(sources, _seeded(seed, found), evidence)
    units = second.tables.setdefault("units", {})
    for unit, forms in taught.items():
        units[unit] = list(dict.fromkeys([*forms, *units.get(unit, [])]))
        for word in forms:
            second.evidence[(f"unit:{unit}", word)] = learned.evidence.get((f"unit:{unit}", word), [])
    return second


ROUNDS = 2  # anchoring again with the comparators learned: at most this many more times


def _seeded(seed: dict[str, Any], found: dict[str, dict[str, int]]) -> dict[str, Any]:
    """The seed of a pass: the numbers before units and the words anchored on the references' numbers."""
    return {
        **seed,
        "numbers": {**found.get("numbers", {}), **seed["numbers"]},
        "ordinals": dict(found.get("ordinals", {})),
        "zero": sorted(found.get("zero", {})),
    }


def _added(found: dict[str, dict[str, int]], again: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """The words anchored again that no table had: a word anchored before keeps its value, and a word
    anchored again with another value (or in another table) is left out."""
    known = {word: value for table in found.values() for word, value in table.items()}
    return {
        table: new
        for table, words in again.items()
        if (new := {w: v for w, v in words.items() if w not in known})
    }


def _learn(
    sources: Sources, seed: dict[str, Any], anchored: dict[tuple[str, str], list[str]] | None = None
) -> Learned:
    anchors, neutral = find_anchors(sources, seed)
    base = compiled(sources.language, sources.kb_dir, seed)
    votes = Votes(*_specificity(sources, base))
    lowers = _ranges(anchors, base)
    heard = heard_units(sources, base)
    for anchor in anchors:
        _vote(anchor, base, votes, lowers, heard)
    for (doc, at), place in lowers.items():
        if not any(a.doc is doc and a.at == at for a in anchors):  # the text's lower bound is its own
            _vote_range(doc, at, base, votes, place)
    for doc, at, end in neutral:
        votes.negative(doc, at, end, base)
    learned = votes.decide(sources.language)
    increments = set(learned.tables.get("increment_words", []))
    for word, (value, place) in _unstated_factors(anchors, increments, base, votes.counts).items():
        learned.tables.setdefault("multiplied", {})[word] = int(value) if value.is_integer() else value
        learned.evidence[("word:multiplied", word)] = [place]
    anchored = anchored or {}
    if seed.get("numbers"):
        learned.tables["numbers"] = {**seed["numbers"], **learned.tables.get("numbers", {})}
        for word in seed["numbers"]:
            learned.evidence[("numbers", word)] = anchored.get(("numbers", word)) or [
                "before a unit word where the references state that number"
            ]
    if seed.get("ordinals"):
        learned.tables["ordinals"] = {**seed["ordinals"], **learned.tables.get("ordinals", {})}
    if seed.get("zero"):
        learned.tables["zero"] = list(dict.fromkeys([*seed["zero"], *learned.tables.get("zero", [])]))
    if seed.get("ordinal_marks"):
        learned.tables["ordinal_marks"] = list(seed["ordinal_marks"])
    for key, places in anchored.items():
        learned.evidence.setdefault(key, places)
    return learned


def _specificity(sources: Sources, base: Compiled) -> tuple[dict[str, float], Counter[tuple[str, ...]]]:
    """Per word of the language's texts: the share of its occurrences within three words of a number;
    and how often each phrase of up to four words occurs in them."""
    seen: Counter[str] = Counter()
    near: Counter[str] = Counter()
    grams: Counter[tuple[str, ...]] = Counter()
    for _, _, provision in sources.own():
        doc = tokens(str(provision.get("text") or ""))
        words = [t.lower_ for t in doc]
        for n in range(1, MAX_GRAM + 2):
            grams.update(zip(*(words[k:] for k in range(n)), strict=False))
        numbers = _numbers_at(doc, base)
        close = {k for i in numbers for k in range(i - NEAR, i + NEAR + 1)}
        for i, token in enumerate(doc):
            seen[token.lower_] += 1
            if i in close:
                near[token.lower_] += 1
    for word, count in list(seen.items()):  # a word less its ending stands wherever its forms do
        for stem in stems(word):
            seen[stem] += count
            near[stem] += near[word]
            grams[(stem,)] += count
    return {word: near[word] / count for word, count in seen.items() if near[word]}, grams


def find_anchors(
    sources: Sources, seed: dict[str, Any] | None = None
) -> tuple[list[Anchor], list[tuple[tuple[Token, ...], int, int]]]:
    """Anchors of every edition of the language, and the numbers of its texts no reference explains."""
    stated: dict[str, list[tuple[Quantity, str]]] = defaultdict(list)  # rule -> (quantity, edition)
    for edition in sources.references():
        for key, provision in sources.provisions.get(edition, []):
            rules = sources.assigned.get((edition, key), ())
            if rules:
                text = str(provision.get("text") or "")
                read = [
                    (q, edition) for q in read_quantities(text, sources.languages[edition], sources.kb_dir)
                ]
                for rule in rules:
                    stated[rule] += read
    base = compiled(sources.language, sources.kb_dir, seed)
    heard = heard_units(sources, base)
    short = _short_stems(sources, base)
    anchors: list[Anchor] = []
    neutral: list[tuple[tuple[Token, ...], int, int]] = []
    for edition, key, provision in sources.own(ordered=True):
        doc = tokens(str(provision.get("text") or ""))
        options = [o for rule in sources.assigned.get((edition, key), ()) for o in stated.get(rule, [])]
        numbers = _numbers(doc, base, short)
        for at, end, value in numbers:
            same = [a for a, _, v in numbers if v == value]
            place = (same.index(at), len(same))
            found = _explain(doc, end, value, options, base, heard, place)
            if found is None:
                neutral.append((doc, at, end))
            else:
                # found: unit, comparator, references, side, unit words, beside (Anchor's order)
                anchors.append(Anchor(edition, str(provision.get("label")), doc, at, end, value, *found))
        stated_here = {v for _, _, v in numbers}
        for value, editions in _factors(options).items():
            if value not in stated_here:  # "hatvanszorosa" in a script no library spells: no 60 here
                label = str(provision.get("label"))
                anchors.append(Anchor(edition, label, doc, -1, -1, value, UNSTATED, None, editions))
        following = _another(doc, base, options)
        if following is not None:
            first, last, value, editions = following
            label = str(provision.get("label"))
            anchors.append(Anchor(edition, label, doc, first, last, value, "next", None, editions))
    return anchors, neutral


def _factors(options: list[tuple[Quantity, str]]) -> dict[float, tuple[str, ...]]:
    """The factors the references state (value -> reference editions)."""
    found: dict[float, set[str]] = defaultdict(set)
    for q, edition in options:
        if q.unit == "factor":
            found[q.value].add(edition)
    return {value: tuple(sorted(editions)) for value, editions in found.items()}


def _unstated_factors(
    anchors: list[Anchor], increments: set[str], base: Compiled, counts: Counter[tuple[str, ...]]
) -> dict[str, tuple[float, str]]:
    """Words for "N-fold" learned where the references state a factor N and the text has no number N
    (a word no library reads as sixty, "hatvanszorosa"): the word that stands where the factor stands
    elsewhere in the language's texts, i.e. at the same distance from the same increment word as
    every factor the text writes with a number ("többletidő 60-szorosa"). One rare word, not a unit,
    number or increment word, at that one spot; otherwise nothing (word -> (N, where))."""
    spots = {_increment_spot(a.doc, a.at, a.end, increments) for a in anchors if a.unit == "factor"}
    spot = spots.pop() if len(spots) == 1 else None
    if spot is None:
        return {}  # no factor written with a number, or no one spot for them all
    word, offset = spot
    found: dict[str, tuple[float, str]] = {}
    for anchor in anchors:
        if anchor.unit != UNSTATED:
            continue
        doc = anchor.doc
        there = {
            doc[k + offset].lower_
            for k, t in enumerate(doc)
            if t.lower_ == word and 0 <= k + offset < len(doc)
        }
        if len(there) != 1:
            continue
        candidate = there.pop()
        if (
            lettered(candidate)
            and len(candidate) >= 4
            and candidate not in base.single
            and candidate not in increments
            and unit_of_token(candidate, base) is None
            and counts[(candidate,)] <= 2
        ):
            place = f"{anchor.edition} {anchor.label} (as in {', '.join(anchor.references)})"
            found[candidate] = (anchor.value, place)
    return found


def _increment_spot(
    doc: tuple[Token, ...], at: int, end: int, increments: set[str]
) -> tuple[str, int] | None:
    """The increment word nearest a factor, and the factor's distance from it."""
    for distance in range(1, 5):
        for k in (at - distance, end + distance):
            if 0 <= k < len(doc) and doc[k].lower_ in increments:
                return doc[k].lower_, at - k
    return None


def _another(
    doc: tuple[Token, ...], base: Compiled, options: list[tuple[Quantity, str]]
) -> tuple[int, int, float, tuple[str, ...]] | None:
    """Where the references count to ordinal N ("the second illegal move") and the text counts to N - 1
    only, then names the same thing again ("første fuldførte ulovlige træk ... endnu et ulovligt
    træk"): the two words before that mention say "one more" (first and last token, N, references)."""
    highest: dict[str, float] = {}  # reference edition -> its highest ordinal here
    for q, e in options:
        if q.unit == "ordinal":
            highest[e] = max(highest.get(e, 0.0), q.value)
    ordinals = [
        (base.single[t.lower_][0], i)
        for i, t in enumerate(doc)
        if t.lower_ in base.single and base.single[t.lower_][1] == "ordinal"
    ]
    if not ordinals:
        return None
    counted = max(ordinals)[0]
    editions = tuple(sorted(e for e, value in highest.items() if value == counted + 1))
    if not editions:
        return None
    at = max(ordinals)[1]
    heads = [t.lower_[:4] for t in doc[at + 1 : at + 5] if lettered(t.lower_) and len(t.lower_) >= 3]
    for j in range(at + 5, len(doc) - 1):
        pair = (doc[j].lower_[:4], doc[j + 1].lower_[:4])
        if any(heads[k : k + 2] == list(pair) for k in range(len(heads) - 1)) and j >= 2:
            if lettered(doc[j - 1].lower_) and lettered(doc[j - 2].lower_):
                return j - 2, j - 1, counted + 1, editions
            return None
    return None


def _numbers(
    doc: tuple[Token, ...], base: Compiled, short: frozenset[str] = frozenset()
) -> list[tuple[int, int, float]]:
    """(first token, last token, value) of the numbers the language's base tables read, digits
    included, and of words that start with a number word ("háromszor"; `_number_stem`)."""
    found = []
    covered = -1  # the last token of a number of several words ("六十": sixty, not six and ten)
    for i, token in enumerate(doc):
        if i <= covered:
            continue
        spoken = number_phrase(doc, i, base)
        if spoken is not None:
            covered, value = spoken
            found.append((i, covered, value))
        elif token.lower_ in base.articles:
            continue  # "et træk": an article as often as the number one
        elif token.lower_.isdigit() and len(token.lower_) <= 3:
            if not on_square(doc, i):
                found.append((i, case_ending(doc, i, base), float(int(token.lower_))))
        elif token.lower_ in base.single:
            found.append((i, i, base.single[token.lower_][0]))
        else:
            stem = _number_stem(token.lower_, base, short)
            if stem is not None:
                found.append((i, i, stem))
    return found


def _numbers_at(doc: tuple[Token, ...], base: Compiled) -> set[int]:
    """Where numbers stand: digits and number words (not words that start with one)."""
    return {
        i
        for i, t in enumerate(doc)
        if t.lower_.isdigit() or (t.lower_ in base.single and t.lower_ not in base.articles)
    }


def _number_stem(word: str, base: Compiled, short: frozenset[str] = frozenset()) -> float | None:
    """The value of a word that starts with a number word of four letters at least and goes on
    ("háromszor"), or of three for a word in `short` (`_short_stems`)."""
    for cut in range(len(word) - 2, 2, -1):
        hit = base.single.get(word[:cut])
        if hit is not None and hit[1] is None and hit[0] != 1 and (cut >= 4 or word in short):
            return hit[0]
    return None


def _short_stems(sources: Sources, base: Compiled) -> frozenset[str]:
    """The language's words made of a number word of three letters and an ending of three or more
    ("petkrat", "pětkrát": five times) that are such words, not others that begin alike (Norwegian
    "trekket", the move, is no "tre"): rare in the language's provisions, or with an ending that
    follows number words of two values at least ("trikrat", "petkrat")."""
    spread = spread_of(sources)
    candidates = [
        (word, hit[0])
        for word in spread
        if len(word) >= 6 and word not in base.single
        for hit in [base.single.get(word[:3])]
        if hit is not None and hit[1] is None and hit[0] != 1
    ]
    values: dict[str, set[float]] = defaultdict(set)  # ending -> the numbers it follows
    for word, value in candidates:
        values[word[3:]].add(value)
    return frozenset(w for w, _ in candidates if spread[w] <= RARE or len(values[w[3:]]) >= 2)


def _explain(
    doc: tuple[Token, ...],
    end: int,
    value: float,
    options: list[tuple[Quantity, str]],
    base: Compiled,
    heard: set[str],
    place: tuple[int, int] = (0, 1),
) -> tuple[str, str | None, tuple[str, ...], str, tuple[str, ...], bool] | None:
    """The unit and comparator the references give a number of this value, if they agree, on which
    side of their numbers the comparator mostly stands, their words for the unit, and whether one of
    them names the unit right after its number (where none does, "to spillere under partiet", the
    word after the text's number is no unit word). `place`: which of the text's numbers
    of this value it is, of how many ("at least 20 cm by 20 cm": the first of two); where every
    reference states the value as often, the references' number at that place speaks."""
    same = [
        (q, e) for q, e in options if q.value == value and q.unit in (*COUNTED, "factor", "ordinal", "zero")
    ]
    if not same:
        return None
    after = next((k for k in range(end + 1, min(end + 3, len(doc))) if lettered(doc[k].lower_)), None)
    named = unit_at(doc, after, base) if after is not None else None
    known = named[0] if named else None
    if known is not None:
        same = [(q, e) for q, e in same if q.unit == known]
    else:  # no unit word the libraries know follows: a move, a game, a factor, or a bare number
        other = [(q, e) for q, e in same if q.unit not in LIBRARY_UNITS or q.unit not in heard]
        same = other or same
    units = Counter(q.unit for q, _ in same)
    if not units:
        return None
    unit, count = units.most_common(1)[0]
    if count * 2 <= sum(units.values()):
        return None  # the references disagree on what this number counts
    same = _by_place([(q, e) for q, e in same if q.unit == unit], place)
    comparators = Counter(_side(q.comparator) for q, _ in same)
    comparator, count = comparators.most_common(1)[0]
    if count * 2 <= len(same):
        comparator = UNSURE  # "ti træk" and "ti trekk eller mer": the unit is sure, the comparator not
    agreeing = [(q, e) for q, e in same if comparator == UNSURE or _side(q.comparator) == comparator]
    editions = tuple(sorted({e for _, e in agreeing}))
    sides = Counter(q.side for q, _ in agreeing if q.side)
    words = tuple(sorted({q.tokens[-1].casefold() for q, _ in agreeing if q.tokens}))
    beside = not all(q.apart for q, _ in agreeing)  # "to spillere under partiet": no unit word after "to"
    return unit, comparator, editions, sides.most_common(1)[0][0] if sides else "", words, beside


def _by_place(same: list[tuple[Quantity, str]], place: tuple[int, int]) -> list[tuple[Quantity, str]]:
    """The references' numbers at the text's number's place (`place`: the index among the text's
    numbers of that value, and their count), where each reference states the value exactly as often
    as the text does; else all of them."""
    index, count = place
    per_edition: dict[str, list[tuple[Quantity, str]]] = defaultdict(list)
    for q, e in same:
        per_edition[e].append((q, e))
    if count < 2 or any(len(found) != count for found in per_edition.values()):
        return same
    return [found[index] for found in per_edition.values()]


def _side(comparator: str | None) -> str | None:
    if comparator == "between_lower":
        return "between"
    if comparator == "between_upper":
        return None
    return comparator


def _ranges(anchors: list[Anchor], base: Compiled) -> dict[tuple[tuple[Token, ...], int], str]:
    """A range ("mellem 15 og 60 minutter"): a number the references state as an upper bound ("less
    than 60") right after another number and one or two joining words, not the first number's unit
    and a word after it (Korean "10분 초과 60분 미만": that word is the first quantity's comparator,
    put after it; nothing is learned there). The first number is the
    range's lower bound, whatever value the references give theirs, so the words before it say
    "between". (doc, the first number's token) -> where it was learned."""
    lowers: dict[tuple[tuple[Token, ...], int], str] = {}
    for anchor in anchors:
        if anchor.comparator not in ("less", "at_most"):
            continue
        doc, numbers = anchor.doc, _numbers_at(anchor.doc, base)
        for gap in (1, 2):
            first = anchor.at - gap - 1
            joiners = doc[first + 1 : anchor.at]
            if first < 1 or first not in numbers or not all(lettered(t.lower_) for t in joiners):
                continue
            if unit_of_token(joiners[-1].lower_, base) is not None:
                continue  # "15 minutter 60": no word joins the two numbers
            if unit_of_token(joiners[0].lower_, base) is not None:
                break  # "10분 초과 60분": the word after the first quantity may be its comparator
            refs = ", ".join(anchor.references)
            lowers[(doc, first)] = f"{anchor.edition} {anchor.label} (a range; upper bound as in {refs})"
            break
    return lowers


def _vote_range(doc: tuple[Token, ...], at: int, base: Compiled, votes: Votes, place: str) -> None:
    """The words before a range's lower bound compete for "between"."""
    candidates = [("before", gram) for gram in before(doc, at)]
    for _, gram in candidates:
        votes.seen("before", gram)
    if candidates:
        votes.compete(candidates, "between", place, "before")


def _vote(
    anchor: Anchor,
    base: Compiled,
    votes: Votes,
    lowers: dict[tuple[tuple[Token, ...], int], str] | None = None,
    heard: set[str] | None = None,
) -> None:
    if anchor.unit == UNSTATED:
        return  # no number in the text to vote around
    doc, at, end = anchor.doc, anchor.at, anchor.end
    place = f"{anchor.edition} {anchor.label} (as in {', '.join(anchor.references)})"
    lowers = lowers or {}
    if (doc, at) in lowers and anchor.comparator != UNSURE:
        anchor = replace(anchor, comparator="between")  # "mellem 15 og 60": the text's own range
    if anchor.comparator in ("less", "at_most") and any((doc, k) in lowers for k in (at - 2, at - 3)):
        anchor = replace(anchor, comparator=None)  # "og 60": the joining word says no comparator
    if anchor.unit == "next":
        votes.add("next", tuple(t.lower_ for t in doc[at : end + 1]), "next", place)
        return
    word = doc[at].lower_
    if word in base.articles:
        return  # "en", "egy": an article as often as the number one
    comparator = anchor.comparator
    # "háromszor": a number word and an ending (not the first word of a number of several: "ที่ สอง")
    stem = at == end and not word.isdigit() and word not in base.single
    if stem:
        table = {"time": "times", "factor": "multiplied", "ordinal": "times", "zero": "zero"}.get(anchor.unit)
        if table is None:
            return
        votes.add("word", (word,), table, place, anchor.value)
    follower = "" if stem else doc[end + 1].lower_ if end + 1 < len(doc) else ""
    if follower == "-" and end + 2 < len(doc):
        follower = doc[end + 2].lower_
    unit_end = unit_last(doc, end, base)
    library = anchor.unit in LIBRARY_UNITS and anchor.unit in (
        set(base.units.values()) if heard is None else heard
    )
    if (
        anchor.unit in COUNTED
        and anchor.beside
        and (not library or another_form(follower, anchor.unit, base))  # "წუთზე" beside CLDR's "წუთი"
        and lettered(follower)
        and unit_of_token(follower, base) is None
        and unit_end == end  # no unit the tables know follows ("分钟": not "分" for minutes)
        and not (end + 2 < len(doc) and unit_of_token(doc[end + 2].lower_, base))  # "two extra minutes"
    ):
        votes.add("unit", (follower,), anchor.unit, place, anchor.value)
        if any(SequenceMatcher(None, follower, word).ratio() >= COGNATE for word in anchor.unit_words):
            votes.cognates.add((follower, anchor.unit))  # "partier" where the references say "partier"
        unit_end = end + 1
    if anchor.unit == "factor" and lettered(follower):
        votes.add("multiply", (follower,), "multiply", place)
        around = (*doc[max(at - 3, 0) : at], *doc[end + 2 : end + 6])  # "hver tillægstid", "többletidő 60"
        for token in around:
            if lettered(token.lower_) and len(token.lower_) > 3 and token.lower_ != follower:
                votes.add("increment_words", (token.lower_,), "increment_words", place)
    if end + 1 < len(doc):
        votes.seen("unit", (doc[end + 1].lower_,))
    if comparator == UNSURE:
        return  # the words around this number teach nothing about comparators
    if comparator == "between" and not any(k in _numbers_at(doc, base) for k in range(end + 2, end + 7)):
        comparator = None  # "between two opponents": no second number, no band
    glued = anchor.unit == "factor" and (stem or lettered(follower))  # "60-szorosa": no "multiplied by"
    meaning_before = None if glued else "factor" if anchor.unit == "factor" else comparator
    candidates: list[tuple[str, tuple[str, ...]]] = []
    for gram in before(doc, at):
        votes.seen("before", gram)
        if meaning_before is not None and meaning_before != "replaced":
            candidates.append(("before", gram))
    for gram in after(doc, unit_end):
        votes.seen("after", gram)
        if comparator is not None and comparator not in ("between", "replaced"):
            candidates.append(("after", gram))
    if candidates:
        votes.compete(candidates, str(meaning_before), place, anchor.side)
    if comparator == "replaced":
        _vote_instead(doc, at, unit_end, base, votes, place)


def _vote_instead(
    doc: tuple[Token, ...], at: int, unit_end: int, base: Compiled, votes: Votes, place: str
) -> None:
    """The words between the replaced quantity and the number next to it: after it ("2 perc helyett
    1 perc": the old value stands before the phrase) or before it ("1 minute instead of 2 minutes")."""
    numbers = {i for i, _, _ in _numbers(doc, base)}
    following = next((k for k in range(unit_end + 1, min(unit_end + 5, len(doc))) if k in numbers), None)
    if following is None:  # "2 perc helyett egy perc" with "egy" unknown: the unit word again
        unit = unit_of_token(doc[unit_end].lower_, base)
        again = next(
            (
                k
                for k in range(unit_end + 3, min(unit_end + 6, len(doc)))
                if unit_of_token(doc[k].lower_, base)
            ),
            None,
        )
        if unit is not None and again is not None and unit_of_token(doc[again].lower_, base) == unit:
            following = again - 1  # the unknown number word before it
    if following is not None and following > unit_end + 1:
        phrase = doc[unit_end + 1 : following]
        if all(lettered(t.lower_) for t in phrase):
            votes.add("after", tuple(t.lower_ for t in phrase), "instead", place)
        return
    previous = next((k for k in range(at - 1, max(at - 7, -1), -1) if k in numbers), None)
    if previous is not None:
        start = unit_last(doc, previous, base) + 1
        if start < at:
            votes.add("before", tuple(t.lower_ for t in doc[start:at]), "instead", place)


def provision_rules(
    rules: list[Rule], mapping: dict[tuple[str, str], str], provisions: Provisions
) -> Assigned:
    """Each provision's rules as the parameter stage sees them: the mapping, the curated lists and the
    lead-ins above mapped leaves (kb/parameters.py `rule_provisions`)."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for rule, editions in rule_provisions(rules, mapping, provisions).items():
        for edition, keys in editions.items():
            for key in keys:
                found[(edition, key)].append(rule)
    return {key: tuple(sorted(rules_of)) for key, rules_of in found.items()}


def learn_all(
    rules: list[Rule],
    provisions: Provisions,
    languages: dict[str, str],
    mapping: dict[tuple[str, str], str],
    kb_dir: Path,
) -> dict[str, dict[str, Any]]:
    """The learned tables of every language of a corpus that other languages' editions can teach."""
    codes = sorted(set(languages.values()))
    if len(codes) < 2:
        return {}
    assigned = provision_rules(rules, mapping, provisions)
    return {code: learn(code, provisions, languages, assigned, kb_dir).tables for code in codes}
