"""Sections renumbered inside a chapter: the place of a provision read through the section it stands in.

The aligner gives weight to a provision's place: "A.3.1.1" in one edition and "A.3.1.1" in another
are likely the same provision. That holds until the Laws insert or drop a section: the 2023 Laws put
a new A.3 into Appendix A, so what the 2018 Laws number A.3.1.1 ("one arbiter supervises at most
three games") is A.4.1.1 in 2023, and A.4.1.1 of 2018 ("no change can be made to the clock setting")
is A.5.1.1. In a text whose words the aligner cannot read, the bare label would then win over
everything else and link the wrong provisions.

The sections of two matched chapters (the first number below the chapter: "4" of "A.4.1.1") are
paired here by their shape, the numbering of the provisions inside them ("1.1", "1.2", "2": a lead-in
with two items, then a second paragraph), in order (a monotone alignment, so sections keep their
sequence). A section pairs best with one of the same shape, next with one that numbers more of its
provisions alike (a list one item longer), next with one of as many provisions. The
pairing replaces the bare numbers only when it explains clearly more of the two chapters' numbering
than reading the numbers as they stand (`MARGIN` provisions' worth); otherwise the labels are compared
as they are, so editions of the same numbering are aligned exactly as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import numpy as np

MARGIN = 1.5  # how much more of the numbering the renumbered reading must explain
SAME_NUMBER = 0.1  # a tie goes to the section of the same number
EMPTY = 0.5  # two sections of a single provision each: alike, but weakly so
MAX_SHIFT = 2  # sections further apart in number are never paired


class _Item(Protocol):
    @property
    def tail(self) -> str: ...


Shape = tuple[str, ...]


def sections(items: Sequence[_Item]) -> list[tuple[str, Shape]]:
    """The sections of a chapter in order of appearance, each with the numbering of its provisions
    below the section's own number ("4.1.1", "4.1.2", "4.2" -> ("1.1", "1.2", "2"))."""
    order: list[str] = []
    shapes: dict[str, list[str]] = {}
    for item in items:
        head, _, rest = item.tail.partition(".")
        if not head:
            continue
        if head not in shapes:
            order.append(head)
            shapes[head] = []
        if rest:
            shapes[head].append(rest)
    return [(head, tuple(shapes[head])) for head in order]


def _alike(x: Shape, y: Shape) -> float:
    """How much of two sections' numbering agrees: all of it (one more for that), the provisions
    numbered alike ("1.1", "1.2", "2" beside "1.1", "1.2", "2", "3", "4", "5": a list lengthened), or
    as many provisions numbered otherwise ("1", "2", "3" beside "1.1", "1.2", "2")."""
    if x == y:
        return 1.0 + len(x) if x else EMPTY
    common = sum((Counter(x) & Counter(y)).values())
    return max(float(common), EMPTY * len(x) if x and len(x) == len(y) else 0.0)


def _near(g: str, h: str) -> bool:
    """Sections a renumbering can pair: numbers at most `MAX_SHIFT` apart (the Laws insert or drop a
    section or two at a time; a section far away with a numbering alike is a coincidence)."""
    return not (g.isdigit() and h.isdigit()) or abs(int(g) - int(h)) <= MAX_SHIFT


def section_map(xs: Sequence[_Item], ys: Sequence[_Item]) -> dict[str, str]:
    """y's section number -> x's section number, where the two chapters' sections are renumbered;
    empty when reading the numbers as they stand explains the numbering as well (see the docstring)."""
    sx, sy = sections(xs), sections(ys)
    n, m = len(sx), len(sy)
    if not n or not m:
        return {}
    gain = np.array(
        [
            [_alike(a, b) + (SAME_NUMBER if g == h else 0.0) if _near(g, h) else 0.0 for h, b in sy]
            for g, a in sx
        ],
        dtype=float,
    )
    best = np.zeros((n + 1, m + 1))
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            take = best[i + 1, j + 1] + gain[i, j] if gain[i, j] > 0 else -1.0
            best[i, j] = max(best[i + 1, j], best[i, j + 1], take)
    pairs: dict[str, str] = {}
    i = j = 0
    while i < n and j < m:
        if gain[i, j] > 0 and best[i, j] == best[i + 1, j + 1] + gain[i, j]:
            pairs[sy[j][0]] = sx[i][0]
            i, j = i + 1, j + 1
        elif best[i + 1, j] >= best[i, j + 1]:
            i += 1
        else:
            j += 1
    same = {h: k for k, (h, _) in enumerate(sy)}
    as_numbered = sum(gain[k, same[g]] for k, (g, _) in enumerate(sx) if g in same)
    if best[0, 0] < as_numbered + MARGIN or all(g == h for h, g in pairs.items()):
        return {}
    return pairs


def renumbered_tails(xs: Sequence[_Item], ys: Sequence[_Item]) -> list[str] | None:
    """The tails of `ys` written in x's section numbers (the k-th provision of a section of as many
    provisions as its counterpart takes that one's tail); None where the chapters are not renumbered."""
    pairs = section_map(xs, ys)
    if not pairs:
        return None
    theirs = {head: shape for head, shape in sections(xs)}
    ours = {head: shape for head, shape in sections(ys)}
    tails: list[str] = []
    for item in ys:
        head, _, rest = item.tail.partition(".")
        if head not in pairs:
            tails.append("")  # a section the other edition does not have: no place to compare
            continue
        target = pairs[head]
        shape, other = ours[head], theirs[target]
        if rest and shape != other and len(shape) == len(other):
            rest = other[shape.index(rest)]
        tails.append(f"{target}.{rest}" if rest else target)
    return tails
