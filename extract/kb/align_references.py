"""Provisions placed through the provisions that refer to them, where their order differs.

The Laws move provisions inside an article between editions: the 2017 Laws give pressing the clock
without a move and moving with two hands sections of their own (7.7, 7.8), each with its own penalty
that refers back to it ("a breach of 7.8.1"); the 2018 Laws put them among the illegal moves (7.5.3,
7.5.4) under one penalty that refers to them all ("if 7.5.1, 7.5.2, 7.5.3 or 7.5.4 apply"). The
order-keeping alignment of a chapter cannot link provisions whose order is reversed, and their
words alone may say too little across languages.

What refers to them still tells: a provision x whose counterpart is y (the provision of the matched
chapter it scores best with) refers to provisions of its chapter that no link placed; y refers to
provisions of its chapter that no link placed either. Those are counterparts of each other, and
they are paired by what they say (the content score, not their place), one to one, best first. A
pair is taken only where the termbase reads a concept in both and it is clear: it is the only pairing
left for both, or it scores better than every other pairing left for either by `MARGIN`. Where the
words cannot tell which is which (a language the termbase does not read), nothing is linked: absent
rather than guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

MARGIN = 0.03  # how much a pairing's content score beats every other pairing left for its provisions
LEAST = 0.25  # the least score of a referring provision with its counterpart


class _Fingerprint(Protocol):
    @property
    def references(self) -> tuple[str, ...]: ...

    @property
    def concepts(self) -> frozenset[str] | set[str]: ...


class _Item(Protocol):
    @property
    def id(self) -> tuple[str, str]: ...

    @property
    def label(self) -> str: ...

    @property
    def fingerprint(self) -> _Fingerprint: ...


def _unplaced(item: _Item, index: dict[str, int], linked: set[int]) -> set[int]:
    """The provisions of the chapter the item refers to that no link placed (itself excluded)."""
    found = {index[r] for r in item.fingerprint.references if r in index}
    return {k for k in found if k not in linked and k != index.get(item.label)}


def referred_pairs(
    xs: Sequence[_Item],
    ys: Sequence[_Item],
    pairs: set[tuple[int, int]],
    scores: np.ndarray,
    content: np.ndarray,
) -> list[tuple[int, int, float]]:
    """(x index, y index, score) of provisions that no link placed, paired through the provisions
    that refer to them (the module's docstring): `scores` (content and place) find the counterpart
    of a referring provision, `content` alone pairs the provisions referred to."""
    if not len(xs) or not len(ys):
        return []
    linked_x, linked_y = {i for i, _ in pairs}, {j for _, j in pairs}
    index_x = {x.label: i for i, x in enumerate(xs)}
    index_y = {y.label: j for j, y in enumerate(ys)}
    candidates: set[tuple[int, int]] = set()
    for i, x in enumerate(xs):
        j = int(np.argmax(scores[i]))
        if scores[i, j] >= LEAST:
            targets = _unplaced(ys[j], index_y, linked_y)
            candidates |= {(a, b) for a in _unplaced(x, index_x, linked_x) for b in targets}
    for j, y in enumerate(ys):
        i = int(np.argmax(scores[:, j]))
        if scores[i, j] >= LEAST:
            targets = _unplaced(xs[i], index_x, linked_x)
            candidates |= {(a, b) for a in targets for b in _unplaced(y, index_y, linked_y)}
    candidates = {(a, b) for a, b in candidates if _shared(xs[a], ys[b])}
    found: list[tuple[int, int, float]] = []
    while candidates:
        a, b = max(candidates, key=lambda p: (content[p], -p[0], -p[1]))
        rivals = [content[p] for p in candidates if (p[0] == a) != (p[1] == b)]
        if rivals and content[a, b] - max(rivals) < MARGIN:
            break
        found.append((a, b, float(scores[a, b])))
        candidates = {p for p in candidates if p[0] != a and p[1] != b}
    return found


def _shared(x: _Item, y: _Item) -> bool:
    """Whether the termbase reads a concept in both (their words say something of each other)."""
    return bool(x.fingerprint.concepts & y.fingerprint.concepts)
