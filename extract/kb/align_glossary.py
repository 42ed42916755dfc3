"""Glossary entries linked to each other: each entry to the entry it says most alike, in either
direction. Glossaries are alphabetical in their own language, so their order says nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

GLOSSARY_THRESHOLD = 0.15  # glossary to glossary only: an entry's best counterpart, in either direction


class _Item(Protocol):
    @property
    def kind(self) -> str: ...


def is_glossary(items: Sequence[_Item]) -> bool:
    return sum(item.kind == "glossary entry" for item in items) > len(items) / 2


def glossary_pairs(content: np.ndarray) -> list[tuple[int, int, float]]:
    """(x index, y index, score) of each entry with its best counterpart, in either direction."""
    pairs: set[tuple[int, int]] = set()
    if content.size == 0:
        return []
    for i in range(content.shape[0]):
        j = int(np.argmax(content[i]))
        if content[i, j] >= GLOSSARY_THRESHOLD:
            pairs.add((i, j))
    for j in range(content.shape[1]):
        i = int(np.argmax(content[:, j]))
        if content[i, j] >= GLOSSARY_THRESHOLD:
            pairs.add((i, j))
    return [(i, j, float(content[i, j])) for i, j in sorted(pairs)]
