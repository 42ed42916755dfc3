"""The data a diff of two editions is made of (extract/reports/diff.py fills it)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# Statuses, in precedence order: a rule's `status` is the first of its flags in this order.
STATUSES = (
    "added",
    "removed",
    "not-in-translation",
    "parameter-changed",
    "behaviour-changed",
    "content-changed",
    "moved",
    "renumbered",
    "reworded",
    "unchanged",
)
# What FIDE changed (or may have): the rules a committee reads first.
SUBSTANTIVE = ("added", "removed", "parameter-changed", "behaviour-changed", "content-changed")


@dataclass(frozen=True)
class ParameterValue:
    """One edition's value of a parameter, with where the text states it."""

    value: Any
    label: str
    start: int  # raw corpus offsets, as in parameters.yaml
    end: int
    quote: str


@dataclass(frozen=True)
class ParameterChange:
    """A parameter of a rule in both editions: `changed`, `unchanged`, `added` or `removed`."""

    parameter: str
    unit: str
    change: str
    old: ParameterValue | None
    new: ParameterValue | None


@dataclass(frozen=True)
class Mark:
    """A parameter's words inside a rule text (offsets into `RuleText.text`).

    `exact` is false when the KB's span is the whole provision (the parameter stage found no
    narrower span): the mark then covers the provision's text. None offsets: not placed at all.
    """

    parameter: str
    label: str
    start: int | None
    end: int | None
    exact: bool = True


@dataclass(frozen=True)
class Piece:
    """Where one provision's text stands inside the rule text."""

    label: str
    printed_label: str | None
    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class RuleText:
    """A rule's text in one edition: its provisions' texts in document order, joined by newlines."""

    edition: str
    labels: tuple[str, ...]
    text: str
    provisions: tuple[Piece, ...]
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class WordOp:
    """One difflib opcode over word tokens: equal, insert, delete or replace."""

    op: str
    old: str
    new: str


@dataclass(frozen=True)
class SentencePair:
    """Sentences of the two editions that say the same, or one side alone (the other None).

    `translated` is the old side in the new side's language (Apertium) when that was the way they
    were compared; `words` the word diff in that common language; `evidence` what differs in
    language-neutral terms (numbers, negation, shall/may, termbase concepts).
    """

    old: tuple[dict[str, Any], ...]
    new: tuple[dict[str, Any], ...]
    score: float | None
    translated: str | None = None
    words: tuple[WordOp, ...] | None = None
    evidence: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScenarioRun:
    """One scenario run on both editions whose rulings differ, in plain words."""

    scenario: str
    title: str
    old_ruling: str
    new_ruling: str
    summary: str  # "2014: the second illegal move loses; 2009: no loss, Black gets +2:00"
    old_quote: str | None
    new_quote: str | None


@dataclass(frozen=True)
class RuleDiff:
    """One canonical rule between edition A (old) and edition B (new)."""

    rule: str
    title: str
    topic: str
    status: str
    flags: tuple[str, ...]
    old_labels: tuple[str, ...]
    new_labels: tuple[str, ...]
    old_chapters: tuple[str, ...]
    new_chapters: tuple[str, ...]
    parameters: tuple[ParameterChange, ...]
    old: RuleText | None
    new: RuleText | None
    words: tuple[WordOp, ...] | None  # same-language pairs only
    moved_from: tuple[str, ...] = ()  # old labels whose sentences say what this rule says in B
    moved_to: tuple[str, ...] = ()  # new labels whose sentences say what this rule said in A
    structure: str | None = None  # "split" | "merged" | "part-of" | "now-whole" (where moved)
    sentences: tuple[SentencePair, ...] = ()
    scenarios: tuple[ScenarioRun, ...] = ()
    behaviour: dict[str, str | None] | None = None  # curated keyword old/new, where they differ
    evidence: tuple[str, ...] = ()  # why content-changed / moved / not-in-translation, in words
    omission: str | None = None  # the translation's own words where it says it leaves the rule out

    @property
    def substantive(self) -> bool:
        return self.status in SUBSTANTIVE


@dataclass(frozen=True)
class ChapterMove:
    """Rules whose provisions left one chapter for another (Article 10 -> Guidelines III)."""

    old_chapter: str
    new_chapter: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Renumbering:
    """A mechanical renumbering applied across a whole article or appendix (12.2.a -> 12.2.1)."""

    scheme: str  # "letters -> numbers", "article 13 -> article 12", ...
    old_chapter: str
    new_chapter: str
    rules: tuple[str, ...]
    example: str  # "12.2.a -> 12.2.1"


@dataclass(frozen=True)
class EditionDiff:
    """Edition A (old) against edition B (new), rule by rule, with a summary for the site."""

    a: str
    b: str
    same_language: bool
    rules: tuple[RuleDiff, ...]
    counts: dict[str, int]
    flag_counts: dict[str, int]
    parameter_changes: tuple[dict[str, Any], ...]
    added: tuple[str, ...]
    removed: tuple[str, ...]
    chapter_moves: tuple[ChapterMove, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)
    renumberings: tuple[Renumbering, ...] = ()
    wording: str = "none"  # how wording was compared: words | apertium | evidence | none

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, in a deterministic order (rules in curated order)."""
        data = asdict(self)
        data["counts"] = {s: self.counts.get(s, 0) for s in STATUSES}
        data["flag_counts"] = {s: self.flag_counts.get(s, 0) for s in STATUSES}
        data["substantive"] = self.substantive_count()
        data["biggest_changes"] = biggest_changes(self)
        return data

    def rule(self, rule_id: str) -> RuleDiff:
        return next(r for r in self.rules if r.rule == rule_id)

    def substantive_count(self) -> int:
        return sum(1 for r in self.rules if r.substantive)


def biggest_changes(d: EditionDiff) -> list[dict[str, Any]]:
    """For the home page: parameter changes, then added and removed rules, then chapter moves."""
    out: list[dict[str, Any]] = [{"kind": "parameter", **p} for p in d.parameter_changes]
    out += [{"kind": "rule-added", "rule": r} for r in d.added]
    out += [{"kind": "rule-removed", "rule": r} for r in d.removed]
    out += [
        {
            "kind": "chapter-move",
            "old_chapter": m.old_chapter,
            "new_chapter": m.new_chapter,
            "rules": list(m.rules),
        }
        for m in d.chapter_moves
    ]
    return out
