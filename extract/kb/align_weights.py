"""How much a neighbour's vote counts when an edition's provisions are named from their links: by how
near the neighbour's Laws are to the edition's Laws."""

from __future__ import annotations

from collections.abc import Mapping

LAWS_SPAN = 4.0  # years between two editions of the Laws at which a neighbour's vote counts half


def laws_weights(laws: str, laws_of: Mapping[str, str]) -> dict[str, float]:
    """Edition -> how much its vote counts for a text of the Laws `laws` (a year, as `fide_edition`
    names them): fully for a translation of the same Laws, less the further apart its Laws are, so a
    text of the 2017 Laws trusts da-2017 and hu-2018 over da-2001 where their numbering differs."""

    def year(value: str) -> int | None:
        return int(value[:4]) if value[:4].isdigit() else None

    own = year(laws)
    weights = {}
    for edition, other in laws_of.items():
        theirs = year(other)
        apart = abs(own - theirs) if own is not None and theirs is not None else 0
        weights[edition] = 1.0 / (1.0 + apart / LAWS_SPAN)
    return weights
