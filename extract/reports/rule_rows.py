"""What a rule page shows from the reports: one row per change and per lint finding.

`collect.changes_by_rule` / `findings_by_rule` build them; the site reads them (render_site's
`changes=`, `findings=`; the rulings come from extract/reports/rulings.py). `href` is relative to
site/: the change's entry on its compare page, the finding's provision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from extract.model.vocab import Severity

# What a change is called on a rule page ("What changed between editions").
ChangeKind = Literal[
    "added",
    "removed",
    "not in this translation",
    "parameter",
    "behaviour",
    "changed",
    "moved",
    "renumbered",
]


@dataclass(frozen=True)
class RuleChange:
    """The rule between two editions (`from_edition` older), in one English line."""

    from_edition: str
    to_edition: str
    kind: ChangeKind
    from_label: str | None  # "7.4.b"
    to_label: str | None
    summary: str  # "loss on the 2nd illegal move instead of the 3rd"
    href: str | None = None
    said: dict[str, str] | None = None  # what changed in sentences, in every language of the site


@dataclass(frozen=True)
class RuleFinding:
    """One translation-lint finding on a provision that expresses the rule."""

    edition: str
    label: str | None
    severity: Severity
    code: str  # the finding's kind
    message: str
    quote: str = ""
    start: int | None = None
    accepted: str | None = None  # the reason a person accepted it
    other: str | None = None  # "da-2001:7.4.b": the provision it is compared with
    href: str | None = None
