"""The kinds, the check table, acceptances (kb/lint-accepted.yaml) and the run."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from extract.io.rules import read_yaml_list
from extract.model import Finding, InputError
from extract.model.vocab import FINDING_KINDS, FindingKind, checked
from extract.reports.lint.context import ACCEPTED_FILE, Check, Context
from extract.reports.lint.cross import internal_contradiction, translation_divergence
from extract.reports.lint.drift import reference_drift
from extract.reports.lint.laws import laws_divergence
from extract.reports.lint.numbering import (
    dangling_references,
    duplicate_numbers,
    numbering_gaps,
    numbering_order,
)
from extract.reports.lint.printed import (
    duplicated_numbers,
    glossary_references,
    headings_numbered,
    lost_numbering,
    notation_slips,
)
from extract.reports.lint.terminology import terminology
from extract.reports.lint.text import leftover_markup, mixed_script, notation_check, parameter_mismatch

KINDS = FINDING_KINDS  # in report order
CHECKS: dict[FindingKind, Check] = {
    "dangling-reference": dangling_references,
    "duplicate-number": duplicate_numbers,
    "numbering-order": numbering_order,
    "numbering-gap": numbering_gaps,
    "mixed-script": mixed_script,
    "parameter-mismatch": parameter_mismatch,
    "terminology": terminology,
    "leftover-markup": leftover_markup,
    "piece-letter": notation_check("piece-letter"),
    "notation-example": notation_check("notation-example"),
    "duplicated-number": duplicated_numbers,
    "heading-numbered": headings_numbered,
    "glossary-reference": glossary_references,
    "lost-numbering": lost_numbering,
    "notation-slip": notation_slips,
    "reference-drift": reference_drift,
    "internal-contradiction": internal_contradiction,
    "translation-divergence": translation_divergence,
    "laws-divergence": laws_divergence,
}


ACCEPT_KEYS = {"edition", "label", "kind", "reason", "quote"}


@dataclass(frozen=True)
class Acceptance:
    edition: str
    label: str | None
    kind: FindingKind
    reason: str
    quote: str | None
    line: int

    def matches(self, f: Finding, raw: str = "") -> bool:
        """Same edition, kind and label; with a quote, the quote must stand in the finding's quote
        and, given the raw text, overlap the span the finding flags (two findings in one provision
        are told apart by what each flags)."""
        if not (
            f.edition == self.edition and f.kind == self.kind and (f.label or None) == (self.label or None)
        ):
            return False
        if self.quote is None:
            return True
        if self.quote not in f.quote:
            return False
        if not raw or f.end <= f.start:
            return True
        around = raw[max(0, f.start - len(self.quote) + 1) : f.end + len(self.quote) - 1]
        return self.quote in around


def load_accepted(kb_dir: Path) -> list[Acceptance]:
    """kb/lint-accepted.yaml: findings a person accepted, each with a reason (file:line on errors)."""
    path = kb_dir / ACCEPTED_FILE
    if not path.exists():
        return []
    accepted = []
    for entry in read_yaml_list(path, "{edition, label, kind, reason}"):
        if not isinstance(entry, dict):
            raise InputError(path, None, "expected a mapping {edition, label, kind, reason}")
        line = int(entry.pop("__line__"))
        extra = set(entry) - ACCEPT_KEYS
        if extra:
            raise InputError(path, line, f"unknown key(s) {sorted(extra)}; allowed: {sorted(ACCEPT_KEYS)}")
        for required in ("edition", "kind", "reason"):
            if not entry.get(required) or not isinstance(entry[required], str):
                raise InputError(path, line, f"'{required}' is required (a non-empty string)")
        if "label" not in entry:
            raise InputError(path, line, "'label' is required (null for a finding without a label)")
        try:
            kind = checked(entry["kind"], KINDS, "kind")
        except ValueError as error:
            raise InputError(path, line, str(error)) from None
        accepted.append(
            Acceptance(
                str(entry["edition"]),
                None if entry["label"] is None else str(entry["label"]),
                kind,
                str(entry["reason"]),
                None if entry.get("quote") is None else str(entry["quote"]),
                line,
            )
        )
    return accepted


@dataclass
class LintResult:
    findings: list[Finding]

    @property
    def failed(self) -> bool:
        return any(f.severity == "error" and f.accepted is None for f in self.findings)

    def counts(self) -> dict[str, Any]:
        by: dict[str, Counter[str]] = defaultdict(Counter)
        for f in self.findings:
            by[f.edition][f.kind] += 1
        return {
            "total": len(self.findings),
            "errors": sum(1 for f in self.findings if f.severity == "error" and f.accepted is None),
            "accepted": sum(1 for f in self.findings if f.accepted is not None),
            "by_edition": {e: dict(sorted(c.items())) for e, c in by.items()},
            "by_kind": dict(sorted(Counter(f.kind for f in self.findings).items())),
        }


def lint(
    context: Context,
    edition: str | None = None,
    accepted: list[Acceptance] | None = None,
    checks: dict[FindingKind, Check] | None = None,
    accepted_path: Path | str = ACCEPTED_FILE,
) -> LintResult:
    """Run every check on every edition (or one), apply the acceptances, report stale ones."""
    checks = CHECKS if checks is None else checks
    editions = [e for e in context.provisions if edition in (None, e)]
    findings: list[Finding] = []
    for ed in editions:
        for check in checks.values():
            findings.extend(check(ed, context.provisions[ed], context))
    used: set[int] = set()
    result = []
    for f in findings:
        raw = context.raw(f.edition) if f.edition in context.editions else ""
        match = next((a for a in accepted or [] if a.matches(f, raw)), None)
        if match is not None:
            used.add(match.line)
            f = replace(f, accepted=match.reason)
        result.append(f)
    for a in accepted or []:
        if a.line not in used and a.edition in editions:
            result.append(
                Finding(
                    edition=a.edition,
                    label=a.label,
                    kind="stale-acceptance",
                    severity="error",
                    message=f"{accepted_path}:{a.line}: accepts a {a.kind} finding that no longer occurs",
                    quote=a.quote or "",
                    start=0,
                    end=0,
                )
            )
    result = group_terminology(result)
    order = {e: i for i, e in enumerate(context.provisions)}
    result.sort(key=lambda f: (order.get(f.edition, 99), KINDS.index(f.kind), f.start, f.message))
    return LintResult(result)


def group_terminology(findings: list[Finding]) -> list[Finding]:
    """One terminology finding per edition and concept (one inconsistency = one finding), its
    occurrences listed; occurrences a person accepted stay apart, with their reason."""
    groups: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    out: list[Finding] = []
    for f in findings:
        if f.kind == "terminology" and f.accepted is None:
            groups[(f.edition, f.message.split(":", 1)[0])].append(f)
        else:
            out.append(f)
    for (_edition, concept), members in groups.items():
        members.sort(key=lambda f: f.start)
        first = members[0]
        if len(members) == 1:
            out.append(first)
            continue
        words = sorted({w for f in members for w in _term_words(f.message)})
        usual = first.message.split("; elsewhere ", 1)[-1]
        places = ", ".join(str(f.label) for f in members)
        out.append(
            replace(
                first,
                message=f"{concept}: '{'/'.join(words)}' in {len(members)} provisions ({places}); "
                f"elsewhere {usual}",
            )
        )
    return out


def _term_words(message: str) -> list[str]:
    head = message.split(": '", 1)[-1].split("' here", 1)[0]
    return head.split("/")
