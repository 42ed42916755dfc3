"""The report pages' data: translation lint findings and scenario checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from extract.model import Finding, FindingKind, InputError, Severity
from extract.model.ruling import RunStatus
from extract.reports.rule_rows import RuleFinding
from extract.site.kbview import RuleLink, SiteData


@dataclass
class FindingView:
    edition: str
    label: str | None
    href: str
    kind: FindingKind
    severity: Severity
    message: str
    quote: str
    rule: RuleLink | None
    accepted: str | None


@dataclass
class TranslationView:
    editions: list[str]
    kinds: list[FindingKind]
    counts: dict[tuple[str, FindingKind], int]
    by_kind: dict[FindingKind, int]
    by_edition: dict[str, int]
    total: int
    errors: int
    accepted: int
    sections: list[tuple[str, list[tuple[FindingKind, list[FindingView]]]]]  # edition -> kind -> findings


def _translation_view(site: SiteData, findings: list[Finding]) -> TranslationView:
    views = []
    for f in findings:
        rule = RuleLink(f.rule, site.rule_by_id[f.rule].title) if f.rule in site.rule_by_id else None
        views.append(
            FindingView(
                f.edition,
                f.label,
                site.locate(f.edition, f.label, f.start),
                f.kind,
                f.severity,
                f.message,
                f.quote,
                rule,
                f.accepted,
            )
        )
    editions = [e for e in site.order if any(v.edition == e for v in views)]
    editions += sorted({v.edition for v in views} - set(editions))
    kinds = sorted({v.kind for v in views})
    counts = Counter((v.edition, v.kind) for v in views)
    sections = []
    for e in editions:
        mine = [v for v in views if v.edition == e]
        sections.append((e, [(k, [v for v in mine if v.kind == k]) for k in kinds if counts[(e, k)]]))
    return TranslationView(
        editions=editions,
        kinds=kinds,
        counts=dict(counts),
        by_kind=dict(Counter(v.kind for v in views)),
        by_edition=dict(Counter(v.edition for v in views)),
        total=len(views),
        errors=sum(1 for v in views if v.severity == "error" and v.accepted is None),
        accepted=sum(1 for v in views if v.accepted is not None),
        sections=sections,
    )


@dataclass
class ScenarioCell:
    status: RunStatus
    expected: str | None
    actual: str | None
    error: str | None
    ruling: str = ""  # in plain words, with the article: "Black wins: White's second illegal move (...)"


def plain_rulings(kb_dir: Path, results: list[Any]) -> dict[tuple[str, str], str]:
    """(scenario, edition) -> the ruling in plain words (extract/reports/plain.py)."""
    from extract.reports.plain import load_sources, ruling_text

    try:
        sources = load_sources(kb_dir)
    except InputError:
        sources = None
    return {
        (r.scenario, r.edition): ruling_text(r.actual, r.edition, sources, r.rules, r.used) for r in results
    }


@dataclass
class ScenarioRow:
    id: str
    title: str
    rules: list[RuleLink]
    cells: list[ScenarioCell | None]  # per edition, oldest first


@dataclass
class ExampleView:
    edition: str
    label: str
    href: str
    kind: str
    quote: str
    moves: int
    replayed: int
    ok: bool
    problem: str | None


@dataclass
class ScenariosView:
    editions: list[str]
    rows: list[ScenarioRow]
    checks: int
    passed: int
    failed: int
    errors: int
    failures: list[tuple[ScenarioRow, str, ScenarioCell]]
    examples: list[tuple[str, int, int, int, int, int]]  # edition, games, moves replayed, moves, wrong
    games: list[ExampleView]
    wrong: list[ExampleView]


def _scenarios_view(
    site: SiteData, results: list[Any], examples: list[Any], rulings: dict[tuple[str, str], str]
) -> ScenariosView:
    """The scenarios page; `rulings` are `plain_rulings` of `results`."""
    from extract.reports.collect import _compact, scenario_status

    rows: dict[str, ScenarioRow] = {}
    for r in results:
        row = rows.get(r.scenario)
        if row is None:
            rules = [RuleLink(x, site.rule_by_id[x].title if x in site.rule_by_id else x) for x in r.rules]
            row = rows[r.scenario] = ScenarioRow(r.scenario, r.title, rules, [None] * len(site.order))
        if r.edition in site.order:
            row.cells[site.order.index(r.edition)] = ScenarioCell(
                scenario_status(r),
                _compact(r.expected),
                _compact(r.actual),
                r.error,
                rulings.get((r.scenario, r.edition), ""),
            )
    statuses = Counter(scenario_status(r) for r in results)
    failures = [
        (row, site.order[i], cell)
        for row in rows.values()
        for i, cell in enumerate(row.cells)
        if cell is not None and cell.status != "pass"
    ]
    example_views = [
        ExampleView(
            x.edition,
            x.label,
            site.locate(x.edition, x.label, x.start),
            x.kind,
            x.quote,
            len(x.moves),
            x.replayed,
            x.ok,
            x.problem,
        )
        for x in examples
    ]
    table = []
    for e in site.order:
        mine = [x for x in example_views if x.edition == e]
        if mine:
            games = [x for x in mine if x.kind == "game"]
            table.append(
                (
                    e,
                    len(games),
                    sum(x.replayed for x in games),
                    len(mine) - len(games),
                    sum(not x.ok for x in mine),
                    len(mine),
                )
            )
    return ScenariosView(
        editions=list(site.order),
        rows=list(rows.values()),
        checks=len(results),
        passed=statuses["pass"],
        failed=statuses["fail"],
        errors=statuses["error"],
        failures=failures,
        examples=table,
        games=[x for x in example_views if x.kind == "game"],
        wrong=[x for x in example_views if not x.ok],
    )


def _with_finding_links(
    site: SiteData, findings: dict[str, list[RuleFinding]]
) -> dict[str, list[RuleFinding]]:
    return {
        rule: [
            replace(f, href=site.locate(f.edition, f.label, f.start)) if f.href is None and f.edition else f
            for f in items
        ]
        for rule, items in findings.items()
    }
