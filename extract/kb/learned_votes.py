"""The votes of the words learned from the aligned editions (kb/learned_lexicon.py): where each
candidate phrase stood with a meaning and everywhere, and the decision of which phrases a language
keeps (precision, specificity, the shortest phrase), with each kept word's evidence."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from extract.text.quantities import STEM, Compiled, Token
from extract.text.words import lettered

SPECIFIC = 0.15  # a comparator phrase has a word that stands near a number this often
BOUND = 0.5  # a word belongs to the phrase beside it when it stands there this often or more
PRECISION = 0.5  # a phrase means its comparator at half of its anchors or more
UNIT_PRECISION = 0.75  # a word after numbers names its unit at three in four of them


@dataclass
class Learned:
    """What was learned for one language: tables in kb/languages' shape and, per entry, its evidence."""

    language: str
    tables: dict[str, Any] = field(default_factory=dict)
    evidence: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (table, word) -> places
    after_one_value: dict[tuple[str, str], tuple[float, list[str]]] = field(
        default_factory=dict
    )  # (unit, word) -> (the one value it stood after, its places)


class Votes:
    """Counts of candidate words per slot: where they stand with a meaning, and everywhere."""

    def __init__(
        self, specific: dict[str, float] | None = None, counts: Counter[tuple[str, ...]] | None = None
    ) -> None:
        self.near_numbers = specific or {}
        self.counts: Counter[tuple[str, ...]] = counts or Counter()  # phrases of the language's texts
        self.positive: dict[tuple[str, tuple[str, ...]], Counter[str]] = defaultdict(Counter)
        self.total: dict[tuple[str, tuple[str, ...]], int] = Counter()
        self.places: dict[tuple[str, tuple[str, ...], str], list[str]] = defaultdict(list)
        self.values: dict[tuple[str, tuple[str, ...]], Counter[float]] = defaultdict(Counter)
        self.cognates: set[tuple[str, str]] = set()
        self.contests: list[tuple[list[tuple[str, tuple[str, ...]]], str, str, str]] = []
        self.support: dict[tuple[str, tuple[str, ...]], Counter[str]] = defaultdict(Counter)

    def add(self, slot: str, gram: tuple[str, ...], meaning: str, place: str, value: float = 0.0) -> None:
        self.positive[(slot, gram)][meaning] += 1
        self.values[(slot, gram)][value] += 1
        if len(self.places[(slot, gram, meaning)]) < 5 and place not in self.places[(slot, gram, meaning)]:
            self.places[(slot, gram, meaning)].append(place)

    def compete(
        self, candidates: list[tuple[str, tuple[str, ...]]], meaning: str, place: str, side: str
    ) -> None:
        """Phrases around one anchor that may say its comparator: only the best of them gets the
        vote when votes are counted (`decide`, `best`)."""
        self.contests.append((candidates, meaning, place, side))
        for slot, gram in candidates:
            self.support[(slot, gram)][meaning] += 1

    def seen(self, slot: str, gram: tuple[str, ...]) -> None:
        self.total[(slot, gram)] += 1

    def negative(self, doc: tuple[Token, ...], at: int, end: int, base: Compiled) -> None:
        """A number no reference explains: a word after it that is no unit counts against that
        word as a unit (comparators are judged only where the references say what the number is)."""
        if end + 1 < len(doc):
            self.seen("unit", (doc[end + 1].lower_,))

    def unit_families(self) -> dict[str, Counter[str]]:
        """Unit votes of words that start alike ("lépést", "lépésén", "lépéspárt"), added up."""
        families: dict[str, Counter[str]] = defaultdict(Counter)
        for (slot, gram), meanings in self.positive.items():
            if slot == "unit":
                families[gram[0][:4]].update(meanings)
        return families

    def family_values(self, gram: tuple[str, ...]) -> set[float]:
        """The numbers a unit word and the words that start alike stood after."""
        return {
            value
            for (slot, other), values in self.values.items()
            if slot == "unit" and _alike(other[0], gram[0])
            for value in values
        }

    def specific(self, gram: tuple[str, ...]) -> float:
        """How much a phrase's most telling word keeps to numbers: "legalább" mostly stands next to
        one, "ha" (if) rarely; punctuation tells nothing."""
        return max(
            (self.near_numbers.get(word, 0.0) for word in gram if lettered(word.removesuffix(STEM))),
            default=0.0,
        )

    def precision(self, slot: str, gram: tuple[str, ...], meaning: str) -> float:
        """How often a phrase that stands at anchors means `meaning` there; 0 when it means another
        comparator at two anchors or more ("mint" in both "több mint" and "kevesebb mint")."""
        support = self.support[(slot, gram)]
        if any(count >= 2 for other, count in support.items() if other != meaning):
            return 0.0
        return support[meaning] / max(self.total[(slot, gram)], sum(support.values()), 1)

    def longest(
        self, best: tuple[str, tuple[str, ...]], candidates: list[tuple[str, tuple[str, ...]]], meaning: str
    ) -> tuple[str, tuple[str, ...]]:
        """The winning phrase, grown by one word at a time away from the number while the longer
        phrase stands at every anchor the shorter does (two at least) and either stands at fewer
        anchors where it does not mean this (the shorter one is less precise) or the added word
        belongs to it: "mindre än", not "än", which also stands in "mer än" and "annat än"; "eller
        mindre", not "eller"."""
        slot, gram = best
        for other_slot, longer in sorted(candidates, key=lambda c: len(c[1])):
            if other_slot != slot or len(longer) != len(gram) + 1 or not _contains(longer, gram, slot):
                continue
            support = self.support[(slot, longer)][meaning]
            if support < max(self.support[(slot, gram)][meaning], 2):
                continue  # one place cannot tell the phrase from the words that happen to stand there
            precise = self.precision(slot, longer, meaning)
            if precise < PRECISION:
                continue
            if precise <= self.precision(slot, gram, meaning) and not self.belongs(longer, gram, slot):
                continue
            gram = longer
        return slot, gram

    def belongs(self, longer: tuple[str, ...], gram: tuple[str, ...], slot: str) -> bool:
        """Whether the word `longer` adds to `gram` is part of the phrase: `gram` also stands without
        it in the language's texts, and the word stands mostly beside `gram` ("mindre" before "än") or
        keeps nearer to numbers than `gram` does ("mindre" after "eller", which stands anywhere)."""
        word = longer[0] if slot == "before" else longer[-1]
        if not lettered(word) or self.counts[longer] >= self.counts[gram]:
            return False
        bound = self.counts[longer] >= BOUND * max(self.counts[(word,)], 1)
        return bound or self.near_numbers.get(word, 0.0) > self.specific(gram)

    def best(
        self, candidates: list[tuple[str, tuple[str, ...]]], meaning: str, side: str
    ) -> tuple[str, tuple[str, ...]]:
        """The phrase that gets an anchor's vote: on each side, the one standing at most such anchors
        (a clear one first), then the shortest; of the two sides' phrases, the one standing at more
        anchors, then the more precise (Turkish "için 10 dakikadan fazla": "fazla" after, not "için",
        which stands before numbers of every kind), then the side the references put it on."""

        def clear(c: tuple[str, tuple[str, ...]]) -> bool:
            return self.precision(c[0], c[1], meaning) >= PRECISION and self.specific(c[1]) >= SPECIFIC

        sides = [
            max(
                (c for c in candidates if c[0] == slot),
                key=lambda c: (
                    clear(c),
                    self.support[c][meaning],
                    -len(c[1]),
                    not c[1][-1].endswith(STEM),  # a whole word before the same word less an ending
                    self.precision(c[0], c[1], meaning),
                ),
            )
            for slot in dict.fromkeys(c[0] for c in candidates)
        ]
        return max(
            sides,
            key=lambda c: (
                clear(c),
                self.support[c][meaning],
                self.precision(c[0], c[1], meaning),
                c[0] == side,
            ),
        )

    def decide(self, language: str) -> Learned:
        learned = Learned(language)
        for candidates, meaning, place, side in self.contests:
            best = self.best(candidates, meaning, side)
            slot, gram = self.longest(best, candidates, meaning)
            self.add(slot, gram, meaning, place)
        chosen: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        families = self.unit_families()
        for (slot, gram), meanings in sorted(self.positive.items(), key=lambda kv: (len(kv[0][1]), kv[0])):
            meaning, count = meanings.most_common(1)[0]
            total = max(self.total[(slot, gram)], sum(meanings.values()))
            if slot == "unit":  # a unit word after a number no reference explains is still that unit
                family = families[gram[0][:4]]
                meaning, count = family.most_common(1)[0]
                total = sum(family.values()) if count >= 2 or (gram[0], meaning) in self.cognates else total
            if count / total < (UNIT_PRECISION if slot == "unit" else PRECISION):
                continue
            single = slot == "unit" and count < 2 and (gram[0], meaning) not in self.cognates
            if single and max(self.support[("after", gram)].values(), default=0) >= 2:
                continue  # a comparator after its quantity elsewhere ("10-ზე ნაკლები": fewer than 10)
            if slot == "unit" and meaning in ("minute", "second") and len(self.family_values(gram)) < 2:
                # "60-szorosa" (sixty-fold) after 60 only: a word for minutes counts several; kept
                # aside until a number word learned before it gives it another value
                value = self.values[(slot, gram)].most_common(1)[0][0]
                learned.after_one_value[(meaning, gram[0])] = (value, self.places[(slot, gram, meaning)])
                continue

            if slot in ("before", "after"):
                if self.specific(gram) < SPECIFIC:
                    continue
                shorter = chosen[f"{slot}:{meaning}"]
                if any(_contains(gram, other, slot) for other in shorter):
                    continue
                shorter.append(gram)
            word = " ".join(gram).replace(" - ", "-").replace(" ,", ",")
            value = self.values[(slot, gram)].most_common(1)[0][0]
            _store(learned.tables, slot, meaning, word, value)
            learned.evidence[(f"{slot}:{meaning}", word)] = self.places[(slot, gram, meaning)]
        return learned


def _alike(word: str, other: str) -> bool:
    """Forms of one word: the same first four letters, or one the start of the other ("perc", "percet")."""
    shorter = min(len(word), len(other))
    return word[:4] == other[:4] or (shorter >= 3 and word[:shorter] == other[:shorter])


def _contains(gram: tuple[str, ...], other: tuple[str, ...], slot: str) -> bool:
    """A longer phrase adds nothing when a shorter kept one stands at the number's side of it."""
    if slot == "before":
        return gram[-len(other) :] == other
    return gram[: len(other)] == other


def _store(tables: dict[str, Any], slot: str, meaning: str, word: str, value: float) -> None:
    number = int(value) if float(value).is_integer() else value
    if slot == "unit":
        tables.setdefault("units", {}).setdefault(meaning, []).append(word)
    elif slot == "word" and meaning == "zero":
        tables.setdefault("zero", []).append(word)  # "nolltolerans"
    elif slot == "word":
        tables.setdefault(meaning, {})[word] = number
    elif slot == "before" and meaning == "instead":
        tables["instead"] = {"phrases": [word], "replaced": "after"}
    elif slot == "after" and meaning == "instead":
        tables["instead"] = {"phrases": [word], "replaced": "before"}
    elif slot == "before" and meaning == "factor":
        tables.setdefault("multiplied_by", []).append(word)
    elif slot == "before":
        tables.setdefault("comparators", {}).setdefault(meaning, []).append(word)
    elif slot == "after":
        tables.setdefault("postfix", {}).setdefault(meaning, []).append(word)
    elif slot == "next":
        tables.setdefault("next", []).append(word)
    elif slot in ("multiply", "increment_words"):
        tables.setdefault(slot, []).append(word)
