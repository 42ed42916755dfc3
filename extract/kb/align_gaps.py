"""Leaves linked by their place between linked neighbours, where their words give no evidence.

In a text whose words the aligner cannot read (a language with no termbase entries, another script),
a provision with no number, cross-reference or chess square in it scores too little with anything.
Its place still tells: when two provisions of a chapter are linked to two provisions of the matched
chapter, and the provisions between them are, on both sides, equally many and linked to nothing, the
k-th one between on one side is the k-th one between on the other (the chapter's own start and end
bracket too). Nothing is linked where the two gaps differ in length (the texts differ there). A list
of sub-items nothing links is paired with the one list of as many sub-items of the matched chapter
(translations nest a list under different items). Neither is done where the termbase reads words of
both chapters: then the words said what differs.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from extract.kb.align_items import Item, Link

MAX_GAP = 8  # longer runs of provisions with no evidence are not paired by place
MIN_LIST = 3  # lists of sub-items paired by their length alone have at least this many
LIST_SCORE = 0.1  # the least weight of such a link


def _anchors(pairs: set[tuple[int, int]], n: int, m: int) -> list[tuple[int, int]]:
    """The linked pairs that keep the order on both sides (the first taken where two cross), with the
    chapters' start and end as brackets."""
    kept = [(-1, -1)]
    for i, j in sorted(pairs):
        if i > kept[-1][0] and j > kept[-1][1]:
            kept.append((i, j))
    kept.append((n, m))
    return kept


def gap_pairs(
    xs: Sequence[Item], ys: Sequence[Item], links: Sequence[Link], scores: np.ndarray
) -> list[tuple[int, int, float]]:
    """(x index, y index, score) of the provisions of two matched chapters paired by their place between
    linked neighbours: equal runs of provisions linked to nothing, paired in order."""
    ix = {item.id: n for n, item in enumerate(xs)}
    iy = {item.id: n for n, item in enumerate(ys)}
    pairs = {(ix[link.a], iy[link.b]) for link in links if link.a in ix and link.b in iy}
    linked_x, linked_y = {i for i, _ in pairs}, {j for _, j in pairs}
    found: list[tuple[int, int, float]] = []
    read_x = any(item.fingerprint.concepts for item in xs)  # the termbase reads words of the chapter
    read_y = any(item.fingerprint.concepts for item in ys)
    if read_x and read_y:
        return found  # words both sides read: they said what differs
    anchors = _anchors(pairs, len(xs), len(ys))
    for (a1, b1), (a2, b2) in zip(anchors, anchors[1:], strict=False):
        gx, gy = range(a1 + 1, a2), range(b1 + 1, b2)
        if not 0 < len(gx) == len(gy) <= MAX_GAP:
            continue
        if any(i in linked_x for i in gx) or any(j in linked_y for j in gy):
            continue
        found.extend((i, j, float(scores[i, j])) for i, j in zip(gx, gy, strict=True) if scores[i, j] > 0)
    linked_x |= {i for i, _, _ in found}
    found.extend(list_pairs(xs, ys, linked_x, linked_y, scores))
    return found


def _lists(items: Sequence[Item]) -> dict[str, list[int]]:
    """The indexes of the items of each list (the sub-items of one provision: "I.2.1" … "I.2.7")."""
    groups: dict[str, list[int]] = {}
    for n, item in enumerate(items):
        if "." in item.label:
            groups.setdefault(item.label.rsplit(".", 1)[0], []).append(n)
    return groups


def list_pairs(
    xs: Sequence[Item], ys: Sequence[Item], linked_x: set[int], linked_y: set[int], scores: np.ndarray
) -> list[tuple[int, int, float]]:
    """A list of sub-items that (but for one) nothing links ("I.1.2.1" … "I.1.2.7", where one
    translation nests the envelope's contents under the sealed move) paired in order with the one list
    of as many sub-items in the matched chapter that nothing links either ("I.2.1" … "I.2.7")."""
    found: list[tuple[int, int, float]] = []
    theirs = [g for g in _lists(ys).values() if sum(j in linked_y for j in g) <= 1]
    for group in _lists(xs).values():
        if len(group) < MIN_LIST or sum(i in linked_x for i in group) > 1:
            continue
        alike = [g for g in theirs if len(g) == len(group)]
        if len(alike) == 1:
            pairs = zip(group, alike[0], strict=True)
            found.extend((i, j, max(float(scores[i, j]), LIST_SCORE)) for i, j in pairs)
    return found
