"""Words of a script written without spaces, discovered from the texts' own repetitions, where ICU's
dictionary does not know them.

ICU cuts Thai, Lao, Khmer, Myanmar... into the words of its dictionaries. A text in a language ICU has
no dictionary for, or in a script of such a language ICU does not segment (Tai Tham, Balinese...),
is cut wherever a dictionary word happens to stand inside its letters, and differently in every
context: one word of the text is then "ABC|DE" here and "XA|BCDE" there, and no learner can see it
twice. `consistency` measures that: of the letters of ICU's frequent words, the share that ICU also
cuts as those words wherever they stand in the text. Measured: real Thai running text 0.89-0.97;
lists of CLDR's names of languages, territories and currencies (foreign names ICU's dictionaries
hardly know) 0.53 in Thai, 0.60-0.63 in Lao, Khmer and Myanmar; made-up words in Thai letters 0.38-0.42
(0.415 where real Thai provisions stand among them).

Where ICU is not consistent, the words come from the texts themselves, with Voting Experts (Cohen &
Adams, "An algorithm for segmenting categorical time series into meaningful episodes", 2001): a
window of `WINDOW` letters slides over a run of letters, and two experts vote, each for one cut in
each window: one for the cut whose two sides are the most frequent strings of the text, one for the
cut after which the next letter is the least predictable and before which the previous letter is the
least predictable (the boundary entropy of Harris's successor variety). A place with `VOTES` votes
or more, and at least as many as its neighbours, is a word boundary (so a run is never cut after
its first letter or before its last: two votes at most fall there). Every measure is standardised
among the strings of its length. A word is then cut the same way wherever it stands, which is what
the learners need: "the word that stands where the references state 3" must be one string.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

WINDOW = 5  # letters a window holds: longer than most syllables, shorter than most words
VOTES = 3  # of the 2 * (WINDOW - 1) a place can get: more than both experts give it from one window
CONSISTENT = 0.5  # ICU's consistency above which its dictionary is taken to know the text's words
_START, _END = "\x02", "\x03"


@dataclass(frozen=True)
class Discovered:
    """The statistics of the strings of WINDOW letters or fewer in a script's texts."""

    frequency: dict[str, float]  # standardised log frequency
    after: dict[str, float]  # standardised entropy of the letter after the string
    before: dict[str, float]  # standardised entropy of the letter before the string

    def cut(self, run: str) -> tuple[tuple[int, int], ...]:
        """The words of a run of letters, as (start, end) offsets."""
        size = len(run)
        if not size:
            return ()
        votes = [0] * (size + 1)
        for start in range(max(1, size - WINDOW + 1)):
            window = run[start : start + WINDOW]
            for expert in (self._frequent, self._open):
                split = max(range(1, len(window)), key=lambda k: expert(window[:k], window[k:]), default=0)
                votes[start + split] += bool(split)
        cuts = [
            p for p in range(1, size) if votes[p] >= max(VOTES, votes[p - 1], votes[p + 1]) and whole(run[p])
        ]
        return tuple(zip([0, *cuts], [*cuts, size], strict=True))

    def _frequent(self, left: str, right: str) -> float:
        return self.frequency.get(left, -math.inf) + self.frequency.get(right, -math.inf)

    def _open(self, left: str, right: str) -> float:
        return self.after.get(left, -math.inf) + self.before.get(right, -math.inf)


def whole(after: str) -> bool:
    """Whether a word may begin with a letter: not with a combining mark (a vowel sign, a tone mark)."""
    return not unicodedata.category(after).startswith("M")


def discover(runs: Iterable[str]) -> Discovered:
    """The statistics Voting Experts reads, from every run of letters of one script in the texts."""
    count: Counter[str] = Counter()
    after: dict[str, Counter[str]] = defaultdict(Counter)
    before: dict[str, Counter[str]] = defaultdict(Counter)
    for run in runs:
        padded = _START + run + _END
        for size in range(1, WINDOW + 1):
            for i in range(1, len(padded) - size):
                string = padded[i : i + size]
                count[string] += 1
                after[string][padded[i + size]] += 1
                before[string][padded[i - 1]] += 1
    by_size: dict[int, list[str]] = defaultdict(list)
    for string in count:
        by_size[len(string)].append(string)
    frequency: dict[str, float] = {}
    next_: dict[str, float] = {}
    previous: dict[str, float] = {}
    for strings in by_size.values():
        frequency |= _standard({s: math.log(count[s]) for s in strings})
        next_ |= _standard({s: _entropy(after[s]) for s in strings})
        previous |= _standard({s: _entropy(before[s]) for s in strings})
    return Discovered(frequency, next_, previous)


def standing(words_of_runs: Iterable[tuple[str, tuple[str, ...]]]) -> dict[str, tuple[int, int]]:
    """For each frequent word (three times or more, two letters or more) a segmenter gives a script's
    runs, how often it gives it and how often its letters stand in the runs: (run, its words) for
    every run."""
    runs: list[str] = []
    found: Counter[str] = Counter()
    for run, cut in words_of_runs:
        runs.append(run)
        found.update(cut)
    joined = _END.join(runs)
    return {w: (n, joined.count(w)) for w, n in found.items() if n >= 3 and len(w) >= 2}


def consistency(stand: dict[str, tuple[int, int]]) -> float:
    """Of the letters of a segmenter's frequent words wherever they stand, the share it cuts as them."""
    letters = sum(len(w) * where for w, (_, where) in stand.items())
    return sum(len(w) * given for w, (given, _) in stand.items()) / letters if letters else 1.0


def _entropy(counts: Counter[str]) -> float:
    total = sum(counts.values())
    return -sum(n / total * math.log(n / total) for n in counts.values())


def _standard(values: dict[str, float]) -> dict[str, float]:
    mean = sum(values.values()) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values.values()) / len(values)) or 1.0
    return {s: (v - mean) / spread for s, v in values.items()}
