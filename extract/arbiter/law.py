"""What the arbiter knows of one edition: its parameters, the rules it has, curated behaviours.

Every number comes from the edition's extracted parameters (kb/generated/parameters.yaml); every
yes/no behaviour from whether the edition has the rule (its alignment), or from a curated
`behaviour:` keyword on the rule where the text decides something no number carries.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from extract.arbiter.classify import Classification, TimeControl, classify
from extract.io.generated import read_kb
from extract.io.rules import load_rules
from extract.model import InputError

BEHAVIOURS = {  # the curated keywords the rulings understand, per rule
    "rapid-illegal-move": {"penalty", "penalty-on-claim", "loses", "loses-on-claim"},
    "blitz-illegal-move": {"penalty", "penalty-on-claim", "loses", "loses-on-claim"},
    "fivefold-repetition-automatic-draw": {"anywhere", "consecutive"},
    "illegal-move-penalty": {"no-draw-exception"},
    "illegal-move-correction": {"includes-incomplete-promotion"},
    "draw-agreement-ends-game": {"after-both-moved"},
}


@dataclass(frozen=True, eq=False)  # identity hash: one Law per edition per load
class Law:
    """What the engine knows of one edition: its parameters, its rules and curated behaviours."""

    edition: str
    parameters: dict[str, object]
    rules: frozenset[str]
    behaviour: dict[str, str]  # rule id -> keyword for this edition

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def classify(self, minutes: float, increment: float) -> Classification:
        """The category of a time control under this edition (memoised: scenarios repeat controls)."""
        return _classify(self, minutes, increment)


@functools.lru_cache(maxsize=256)
def _classify(law: Law, minutes: float, increment: float) -> Classification:
    return classify(TimeControl(minutes, increment), law.edition, law.parameters)


def load_laws(kb_dir: Path) -> dict[str, Law]:
    """One Law per edition from kb/generated (parameters, alignment) and kb/rules (behaviours)."""
    kb = read_kb(kb_dir)
    editions = kb.edition_ids()
    parameters: dict[str, dict[str, object]] = {e: {} for e in editions}
    for row in kb.parameters():
        parameters[row.edition].setdefault(row.parameter, row.value)
    present: dict[str, set[str]] = {e: set() for e in editions}
    for link in kb.alignment():
        present[link.edition].add(link.rule)
    behaviour: dict[str, dict[str, str]] = {e: {} for e in editions}
    for rule in load_rules(kb_dir):
        for edition, keyword in rule.behaviour.items():
            if keyword not in BEHAVIOURS.get(rule.id, set()):
                known = ", ".join(sorted(BEHAVIOURS.get(rule.id, ()))) or "none for this rule"
                raise InputError(
                    rule.path, rule.line, f"rule '{rule.id}': unknown behaviour '{keyword}' (known: {known})"
                )
            if edition in behaviour:  # curated for an edition this corpus does not have: not used
                behaviour[edition][rule.id] = keyword
    return {e: Law(e, parameters[e], frozenset(present[e]), behaviour[e]) for e in editions}
