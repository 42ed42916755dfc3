"""Words of two editions learned from the provisions already linked: which word of one stands, link
after link, where a word of the other stands (a translation lexicon of the pair, in any language).

The order-keeping alignment links most provisions of two editions by their place and the little that
every language shares (numbers, cross-references, squares, length). Those links are parallel text:
a word of edition X and a word of edition Y that occur in the same linked provisions again and again
translate each other ("rokade" and the made-up word that stands in every provision on castling),
while words that occur everywhere ("skal", "hvis") say little of any one provision. This module
learns such word pairs (each word's most faithful partner, taken only where each is the other's,
as competitive linking does) and scores two provisions by the share of their words that translate
each other, rarer words weighing more. Nothing here knows a language: words are what
extract/text/words.py cuts (ICU where a script writes no spaces).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence

from extract.kb.align_items import Item, Link

MIN_TOGETHER = 2  # links a word pair shares before it counts as a translation
MIN_DICE = 0.5  # least Dice coefficient of a word pair's links


class LinkedWords:
    """A translation lexicon of two editions learned from pairs of linked provisions' words."""

    def __init__(self, pairs: Iterable[tuple[frozenset[str], frozenset[str]]]) -> None:
        self.pairs: list[tuple[frozenset[str], frozenset[str]]] = list(pairs)
        self.where: tuple[dict[str, list[int]], dict[str, list[int]]] = (defaultdict(list), defaultdict(list))
        for n, (wx, wy) in enumerate(self.pairs):
            for word in wx:
                self.where[0][word].append(n)
            for word in wy:
                self.where[1][word].append(n)
        self._best: tuple[dict[str, tuple[float, str]], dict[str, tuple[float, str]]] = ({}, {})

    def weight(self, side: int, word: str) -> float:
        """How much a word tells: the rarer among the links, the more (inverse document frequency)."""
        return math.log(1 + len(self.pairs) / max(1, len(self.where[side].get(word, ()))))

    def best(self, side: int, word: str) -> tuple[float, str]:
        """The word of the other side that stands most faithfully where `word` stands (Dice over
        links), and its coefficient; (0, "") where none shares `MIN_TOGETHER` links with it."""
        known = self._best[side].get(word)
        if known is not None:
            return known
        found = self.where[side].get(word, [])
        together: Counter[str] = Counter()
        for n in found:
            together.update(self.pairs[n][1 - side])
        other = self.where[1 - side]
        scored = [
            (2 * count / (len(found) + len(other[partner])), partner)
            for partner, count in together.items()
            if count >= MIN_TOGETHER
        ]
        best = max(scored, key=lambda s: (s[0], len(other[s[1]]), s[1]), default=(0.0, ""))
        self._best[side][word] = best if best[0] >= MIN_DICE else (0.0, "")
        return self._best[side][word]

    def translates(self, x: str, y: str) -> bool:
        """Whether x and y are each other's most faithful partner."""
        return bool(x and y) and self.best(0, x)[1] == y and self.best(1, y)[1] == x

    def known(self, side: int, words: Iterable[str]) -> list[str]:
        """The words the lexicon has a partner for."""
        return sorted(w for w in words if self.best(side, w)[1])

    def similarity(self, x: frozenset[str], y: frozenset[str]) -> float:
        """Weighted Dice of two provisions' words through the lexicon: the weight of the words that
        translate a word of the other provision over the weight of all words with a partner."""
        kx, ky = self.known(0, x), self.known(1, y)
        total = sum(self.weight(0, w) for w in kx) + sum(self.weight(1, w) for w in ky)
        if not total:
            return 0.0
        return sum(self.weight(0, u) + self.weight(1, v) for u, v in self.shared(x, y)) / total

    def shared(self, x: frozenset[str], y: frozenset[str]) -> list[tuple[str, str]]:
        """The word pairs of two provisions that translate each other, rarest first (evidence)."""
        pairs = [(u, v) for u in self.known(0, x) if (v := self.best(0, u)[1]) in y and self.translates(u, v)]
        return sorted(pairs, key=lambda p: (-self.weight(0, p[0]), p))


class PairWords:
    """The lexicon of two editions' item lists, learned from their links on first use (most edition
    pairs never need it)."""

    def __init__(self, xs: Sequence[Item], ys: Sequence[Item], links: Sequence[Link]) -> None:
        self.xs, self.ys, self.links = xs, ys, links
        self._lexicon: LinkedWords | None = None

    @property
    def lexicon(self) -> LinkedWords:
        if self._lexicon is None:
            by_x = {x.id: x.fingerprint.words for x in self.xs}
            by_y = {y.id: y.fingerprint.words for y in self.ys}
            self._lexicon = LinkedWords(
                (by_x[k.a], by_y[k.b]) for k in self.links if k.a in by_x and k.b in by_y
            )
        return self._lexicon

    def between(self, xc: Sequence[Item], yc: Sequence[Item]) -> Callable[[int, int], float]:
        """The learned words' similarity of xc[i] and yc[j]."""
        return lambda i, j: self.lexicon.similarity(xc[i].fingerprint.words, yc[j].fingerprint.words)

    def evidence(self, x: Item, y: Item, most: int = 3) -> tuple[str, ...]:
        """The rarest word pairs of x and y that translate each other, as a link's evidence."""
        shared = self.lexicon.shared(x.fingerprint.words, y.fingerprint.words)[:most]
        return ("learned words " + ", ".join(f"{u} ~ {v}" for u, v in shared),) if shared else ()
