"""The compare pages' data: one CompareView per pair of editions, substantive changes first."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from extract.model.vocab import Change, Status
from extract.site.common import WORD_CONTEXT, _plain, _shown
from extract.site.editions import PAGE_BUDGET
from extract.site.kbview import RuleLink, SiteData

if TYPE_CHECKING:
    from extract.reports.diff_model import BiggestChange, EditionDiff, Mark, ParameterValue, RuleText, WordOp


def _html_run(text: str) -> str:
    return str(escape(text)).replace("\n", "&#10;")


def marked_text(text: str, marks: Iterable[Mark]) -> Markup:
    """A rule text, escaped, with each placed parameter span in <mark> (title: the parameters)."""
    spans: dict[tuple[int, int], list[str]] = defaultdict(list)
    exact: dict[tuple[int, int], bool] = {}
    for m in marks:
        if m.start is not None and m.end is not None and m.end > m.start:
            spans[(m.start, m.end)].append(m.parameter)
            exact[(m.start, m.end)] = exact.get((m.start, m.end), True) and m.exact
    out, cursor = [], 0
    for (a, b), names in sorted(spans.items()):
        if a < cursor:  # overlaps a span already marked
            continue
        out.append(_html_run(text[cursor:a]))
        kind = "param" if exact[(a, b)] else "param whole"
        out.append(f'<mark class="{kind}" title="{escape(", ".join(names))}">{_html_run(text[a:b])}</mark>')
        cursor = b
    out.append(_html_run(text[cursor:]))
    return Markup("".join(out))


def word_diff_html(ops: Iterable[WordOp], context: int = WORD_CONTEXT) -> Markup:
    """difflib word opcodes as escaped text with <del>/<ins>; long unchanged runs are shortened."""
    out: list[str] = []
    ops = list(ops)
    for i, op in enumerate(ops):
        if op.op == "equal":
            words = op.new.split()
            head = context if i > 0 else 0  # words kept after the change before this run
            tail = context if i + 1 < len(ops) else 0  # words kept before the change after it
            if len(words) > head + tail + 3:
                kept = []
                if head:
                    kept.append(_html_run(" ".join(words[:head])))
                kept.append('<span class="elided" title="unchanged words left out">…</span>')
                if tail:
                    kept.append(_html_run(" ".join(words[-tail:])))
                out.append(" ".join(kept))
            else:
                out.append(_html_run(" ".join(words)))
        if op.op in ("delete", "replace"):
            out.append(f"<del>{_html_run(op.old)}</del>")
        if op.op in ("insert", "replace"):
            out.append(f"<ins>{_html_run(op.new)}</ins>")
    return Markup(" ".join(part for part in out if part))


@dataclass
class LabelLink:
    label: str
    href: str  # relative to site/


@dataclass
class CompareRule:
    id: str
    title: str
    status: Status
    flags: list[Status]
    old: list[LabelLink]
    new: list[LabelLink]
    old_chapters: list[str]
    new_chapters: list[str]
    summary: dict[str, str]  # what changed, in sentences, in every language of the switch
    words: Markup | None
    old_text: Markup | None
    new_text: Markup | None
    chapter: str = ""  # the slug of its chapter page, when the comparison has chapter pages


@dataclass
class CompareValue:
    shown: str
    label: str
    href: str
    quote: str


@dataclass
class CompareParameter:
    parameter: str
    rule: str
    rule_title: str
    change: Change
    old: CompareValue | None
    new: CompareValue | None


@dataclass
class CompareMove:
    old_chapter: str
    new_chapter: str
    rules: list[RuleLink]


@dataclass
class CompareChapter:
    """One chapter page of a long comparison: the rules whose text sits in one chapter of the newer
    edition (of the older when the newer has none), grouped by status."""

    slug: str
    title: str
    groups: list[tuple[str, list[CompareRule]]]


@dataclass
class CompareView:
    a: str
    b: str
    slug: str
    lang_a: str
    lang_b: str
    same_language: bool
    consecutive: bool
    method_notes: list[str]  # how the wording was compared (provenance, for "how the texts are compared")
    substantive: int  # rules whose content changed (SUBSTANTIVE statuses)
    counts: list[tuple[str, int]]
    total: int
    parameters: list[CompareParameter]
    moves: list[CompareMove]
    groups: list[tuple[str, list[CompareRule]]]
    biggest: tuple[BiggestChange, ...]
    chapters: list[CompareChapter] = field(default_factory=list)  # empty: every rule on one page


def _compare_view(site: SiteData, d: EditionDiff, consecutive: bool) -> CompareView:
    from extract.reports.change_words import change_said
    from extract.reports.collect import compare_slug
    from extract.reports.diff import STATUSES, SUBSTANTIVE, biggest_changes

    def title(rule_id: str) -> str:
        return site.rule_by_id[rule_id].title if rule_id in site.rule_by_id else rule_id

    def links(edition: str, text: RuleText | None, labels: tuple[str, ...]) -> list[LabelLink]:
        keys = [piece.label for piece in text.provisions] if text is not None else []
        keys = keys or (list(text.labels) if text is not None else list(labels))
        return [LabelLink(_plain(k), site.href(edition, k)) for k in keys]

    def value(edition: str, v: ParameterValue | None, unit: str) -> CompareValue | None:
        if v is None:
            return None
        return CompareValue(_shown(v.value, unit), _plain(v.label), site.href(edition, v.label), v.quote)

    rules = []
    by_rule = {r.rule: r for r in d.rules}
    for r in d.rules:
        words = word_diff_html(r.words) if r.words is not None and "reworded" in r.flags else None
        side = (r.old, r.new) if r.old is not None and r.new is not None and not d.same_language else None
        rules.append(
            CompareRule(
                id=r.rule,
                title=r.title,
                status=r.status,
                flags=list(r.flags),
                old=links(d.a, r.old, r.old_labels),
                new=links(d.b, r.new, r.new_labels),
                old_chapters=list(r.old_chapters),
                new_chapters=list(r.new_chapters),
                summary=change_said(r, d.a, d.b),
                words=words,
                old_text=marked_text(side[0].text, side[0].marks) if side else None,
                new_text=marked_text(side[1].text, side[1].marks) if side else None,
            )
        )
    parameters = []
    for c in d.parameter_changes:
        r = by_rule[c.rule]
        p = next(p for p in r.parameters if p.parameter == c.parameter)
        parameters.append(
            CompareParameter(
                p.parameter,
                r.rule,
                r.title,
                p.change,
                value(d.a, p.old, p.unit),
                value(d.b, p.new, p.unit),
            )
        )
    moves = [
        CompareMove(m.old_chapter, m.new_chapter, [RuleLink(x, title(x)) for x in m.rules])
        for m in d.chapter_moves
    ]
    # substantive changes first (what FIDE changed), then translation gaps, moves and renumbering
    order = [s for s in STATUSES if s in SUBSTANTIVE] + [s for s in STATUSES if s not in SUBSTANTIVE]
    groups = [(s, [r for r in rules if r.status == s]) for s in order]
    kept: list[tuple[str, list[CompareRule]]] = [(s, items) for s, items in groups if items]
    return CompareView(
        a=d.a,
        b=d.b,
        slug=compare_slug(d.a, d.b),
        lang_a=d.a.split("-")[0],
        lang_b=d.b.split("-")[0],
        same_language=d.same_language,
        consecutive=consecutive,
        method_notes=list(d.notes),
        substantive=d.substantive_count(),
        counts=[(s, d.counts.get(s, 0)) for s in order],
        total=len(d.rules),
        parameters=parameters,
        moves=moves,
        groups=kept,
        biggest=biggest_changes(d),
        chapters=compare_chapters(kept) if _estimated_bytes(rules) > PAGE_BUDGET else [],
    )


RULE_MARKUP = 400  # bytes of markup around one rule's texts on a comparison page
_CHAPTER_KINDS = ("front", "preface", "part", "article", "appendix", "guidelines")


def _estimated_bytes(rules: list[CompareRule]) -> int:
    texts = (len(r.words or "") + len(r.old_text or "") + len(r.new_text or "") for r in rules)
    return sum(texts) + RULE_MARKUP * len(rules)


def _chapter_key(name: str) -> tuple[int, int, str]:
    """Front matter, articles by number, appendices, guidelines, then anything else."""
    kind, _, rest = name.partition(" ")
    rank = _CHAPTER_KINDS.index(kind.lower()) if kind.lower() in _CHAPTER_KINDS else len(_CHAPTER_KINDS)
    return (rank, int(rest) if rest.isdigit() else 0, rest)


def compare_chapters(groups: list[tuple[str, list[CompareRule]]]) -> list[CompareChapter]:
    """The rules of a comparison by the chapter their text sits in (each rule's `chapter` is set)."""
    names: dict[str, str] = {}
    for _, items in groups:
        for r in items:
            name = (r.new_chapters or r.old_chapters or ["other"])[0]
            kind, _, rest = name.partition(" ")
            short = rest if kind.lower() in _CHAPTER_KINDS[3:] and rest else name  # "Article 7" -> "7"
            slug = re.sub(r"[^A-Za-z0-9]+", "-", short).strip("-") or "other"
            if names.setdefault(slug, name) != name:  # "Appendix A" and "Guidelines A": keep both
                slug = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")
                names.setdefault(slug, name)
            r.chapter = slug
    ordered = sorted(names, key=lambda slug: _chapter_key(names[slug]))
    return [
        CompareChapter(
            slug,
            names[slug],
            [(s, kept) for s, items in groups if (kept := [r for r in items if r.chapter == slug])],
        )
        for slug in ordered
    ]
