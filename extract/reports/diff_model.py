"""The data a diff of two editions is made of (extract/reports/diff.py fills it)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from extract.kb.sentence_align import SentenceQuote
from extract.model.vocab import STATUSES as STATUSES  # the diff's statuses, read from here too
from extract.model.vocab import SUBSTANTIVE as SUBSTANTIVE
from extract.model.vocab import Change, Status, Structure, WordingMethod


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
    change: Change
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

    old: tuple[SentenceQuote, ...]
    new: tuple[SentenceQuote, ...]
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
class BehaviourChange:
    """A rule's curated behaviour keyword in both editions (kb/rules `behaviour:`), where they differ."""

    old: str | None
    new: str | None


@dataclass(frozen=True)
class RuleDiff:
    """One canonical rule between edition A (old) and edition B (new)."""

    rule: str
    title: str
    topic: str
    status: Status
    flags: tuple[Status, ...]
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
    structure: Structure | None = None  # where moved
    sentences: tuple[SentencePair, ...] = ()
    scenarios: tuple[ScenarioRun, ...] = ()
    behaviour: BehaviourChange | None = None
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
class ParameterSummary:
    """A parameter change of a rule that both editions have: the summary table of a diff."""

    rule: str
    parameter: str
    change: Change
    unit: str
    old: Any
    new: Any
    old_label: str | None
    new_label: str | None


@dataclass(frozen=True)
class ParameterItem(ParameterSummary):
    """A biggest change: a parameter that changed (the row, after its kind)."""

    kind: Literal["parameter"] = "parameter"


@dataclass(frozen=True)
class RuleItem:
    """A biggest change: a rule only one edition has."""

    kind: Literal["rule-added", "rule-removed"]
    rule: str


@dataclass(frozen=True)
class ChapterItem:
    """A biggest change: rules whose provisions moved to another chapter."""

    kind: Literal["chapter-move"]
    old_chapter: str
    new_chapter: str
    rules: tuple[str, ...]


BiggestChange = ParameterItem | RuleItem | ChapterItem


@dataclass(frozen=True)
class EditionDiff:
    """Edition A (old) against edition B (new), rule by rule, with a summary for the site."""

    a: str
    b: str
    same_language: bool
    rules: tuple[RuleDiff, ...]
    counts: dict[Status, int]
    flag_counts: dict[Status, int]
    parameter_changes: tuple[ParameterSummary, ...]
    added: tuple[str, ...]
    removed: tuple[str, ...]
    chapter_moves: tuple[ChapterMove, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)
    renumberings: tuple[Renumbering, ...] = ()
    wording: WordingMethod = "none"  # how wording was compared

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, in a deterministic order (rules in curated order)."""
        data = asdict(self)
        data["counts"] = {s: self.counts.get(s, 0) for s in STATUSES}
        data["flag_counts"] = {s: self.flag_counts.get(s, 0) for s in STATUSES}
        data["substantive"] = self.substantive_count()
        data["biggest_changes"] = [biggest_dict(item) for item in biggest_changes(self)]
        return data

    def rule(self, rule_id: str) -> RuleDiff:
        return next(r for r in self.rules if r.rule == rule_id)

    def substantive_count(self) -> int:
        return sum(1 for r in self.rules if r.substantive)


def biggest_changes(d: EditionDiff) -> tuple[BiggestChange, ...]:
    """For the home page: parameter changes, then added and removed rules, then chapter moves."""
    out: list[BiggestChange] = [ParameterItem(**asdict(p)) for p in d.parameter_changes]
    out += [RuleItem("rule-added", r) for r in d.added]
    out += [RuleItem("rule-removed", r) for r in d.removed]
    out += [ChapterItem("chapter-move", m.old_chapter, m.new_chapter, m.rules) for m in d.chapter_moves]
    return tuple(out)


def biggest_dict(item: BiggestChange) -> dict[str, Any]:
    """One biggest change as JSON: its kind first."""
    data = asdict(item)
    return {"kind": data.pop("kind"), **data}
