"""Render the knowledge base as Markdown pages for mkdocs, and build the static site.

The page data comes from one view builder per page family (extract/site/views, editions.py,
kbview.py); this module writes the pages. Every corpus string reaches the page HTML-escaped.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from extract.site.build import build_site
from extract.site.common import (
    COMPARE_DIR,
    EDITIONS_DIR,
    GENERATED,
    REPORT_PAGES,
    RULES_DIR,
    SiteError,
    _by_rule,
    _environment,
    _write,
    topic_title,
)
from extract.site.editions import edition_views
from extract.site.kbview import RuleView, SiteData
from extract.site.views.compare import _compare_view, marked_text, word_diff_html
from extract.site.views.reports import _scenarios_view, _translation_view, _with_finding_links
from extract.site.views.rules import rule_views

__all__ = [
    "GENERATED",
    "SiteError",
    "build_site",
    "edition_views",
    "marked_text",
    "render_site",
    "word_diff_html",
]


def render_site(
    kb_dir: Path,
    corpus_dir: Path,
    site_dir: Path,
    *,
    changes: dict[str, list[dict[str, Any]]] | None = None,
    scenarios: dict[str, list[dict[str, Any]]] | None = None,
    findings: dict[str, list[dict[str, Any]]] | None = None,
    reports: Any = None,
) -> list[Path]:
    """Write the generated pages of the site into site_dir; hand-written pages are left alone.

    Pages: index.md (home), editions/<edition>.md, rules.md (rule index by topic),
    rules/<rule>.md, parameters.md (parameter x edition), terms.md (termbase) and lineage.md.
    Stale generated edition and rule pages are removed. Returns the pages written, in a stable order.

    The three optional mappings feed sections of the rule pages (empty when absent); keys are rule
    ids, values lists of dicts. Only the keys below are read; others are ignored, any may be missing:

    changes (edition diffs), one dict per change between two editions:
        {"from": "sv-2009", "to": "nb-2014",               edition ids
         "kind": "changed" | "added" | "removed" | "renumbered" | "parameter",
         "from_label": "7.4.b" | None, "to_label": "7.5.b" | None,
         "summary": "loss on the 2nd illegal move instead of the 3rd"}   English, one line
    scenarios (scenario checks), one dict per scenario run on one edition:
        {"id": "illegal-move-second", "title": "Second illegal move loses",
         "edition": "nb-2014", "status": "pass" | "fail" | "error" | "skip",
         "expected": "0-1" | None, "actual": "0-1" | None, "message": "..." | None}
    findings (translation lint), one dict per finding:
        {"edition": "da-2017", "label": "7.5.3" | None, "severity": "error" | "warning" | "info",
         "code": "term-switch", "message": "...",
         "other": "da-2001:7.4.b" | None}                  the provision it is compared with, if any
    All strings are escaped on the page. Each dict may also carry "href" (relative to site/): the
    change's entry on its compare page, the scenario's row, the finding's provision.

    `reports` (extract.reports.Reports, from `collect`) adds the report pages: compare/<a>-<b>.md
    for each compared pair of editions and compare/index.md, translation.md (lint findings) and
    scenarios.md (scenario x edition, the texts' own examples); the home page then lists the
    biggest changes. The three mappings above default to what `reports` holds.
    """
    editions = edition_views(Path(kb_dir), Path(corpus_dir))
    if reports is not None:
        from extract.reports.collect import changes_by_rule, findings_by_rule, scenarios_by_rule

        changes = changes_by_rule(reports.consecutive) if changes is None else changes
        scenarios = scenarios_by_rule(reports.results) if scenarios is None else scenarios
        findings = findings_by_rule(reports.findings) if findings is None else findings
    site = SiteData(
        Path(kb_dir),
        editions,
        _by_rule(changes, "changes"),
        _by_rule(scenarios, "scenarios"),
        _by_rule(findings, "findings"),
    )
    if reports is not None:
        _with_finding_links(site, site.findings)
    compares = []
    if reports is not None:
        pairs = set(zip(site.order, site.order[1:], strict=False))
        compares = [_compare_view(site, d, (d.a, d.b) in pairs) for d in reports.diffs]
    headline = next((c for c in compares if not c.consecutive), compares[-1] if compares else None)
    env = _environment()
    site_dir = Path(site_dir)
    rules = rule_views(site)
    parameter_rows = site.parameter_rows()
    topics: dict[str, list[RuleView]] = defaultdict(list)
    for rule in rules:
        topics[rule.topic].append(rule)
    common = {"editions": editions, "order": site.order}
    written = [
        _write(
            site_dir / "index.md",
            env.get_template("index.md.j2").render(
                **common,
                changed=[row for row in parameter_rows if row.changed],
                compares=compares,
                headline=headline,
                rule_title={r.id: r.title for r in rules},
                rule_count=len(rules),
                parameter_count=len(parameter_rows),
                concept_count=len(site.terms),
            ),
        )
    ]
    page = env.get_template("edition.md.j2")
    editions_dir = site_dir / EDITIONS_DIR
    for view in editions:
        written.append(_write(editions_dir / f"{view.id}.md", page.render(edition=view)))
    written.append(
        _write(
            site_dir / "rules.md",
            env.get_template("rules.md.j2").render(
                **common, topics=sorted(topics.items()), title=topic_title
            ),
        )
    )
    written.append(
        _write(
            site_dir / "parameters.md",
            env.get_template("parameters.md.j2").render(**common, rows=parameter_rows),
        )
    )
    written.append(
        _write(
            site_dir / "terms.md", env.get_template("terms.md.j2").render(**common, concepts=site.concepts())
        )
    )
    written.append(
        _write(
            site_dir / "lineage.md",
            env.get_template("lineage.md.j2").render(**common, picture=site.lineage()),
        )
    )
    rule_page = env.get_template("rule.md.j2")
    rules_dir = site_dir / RULES_DIR
    for rule in rules:
        written.append(
            _write(rules_dir / f"{rule.id}.md", rule_page.render(**common, rule=rule, title=topic_title))
        )
    compare_dir = site_dir / COMPARE_DIR
    if reports is not None:
        written.append(
            _write(
                compare_dir / "index.md", env.get_template("compare-index.md.j2").render(compares=compares)
            )
        )
        page = env.get_template("compare.md.j2")
        for compare in compares:
            written.append(_write(compare_dir / f"{compare.slug}.md", page.render(c=compare)))
        written.append(
            _write(
                site_dir / "translation.md",
                env.get_template("translation.md.j2").render(t=_translation_view(site, reports.findings)),
            )
        )
        written.append(
            _write(
                site_dir / "scenarios.md",
                env.get_template("scenarios.md.j2").render(
                    s=_scenarios_view(site, reports.results, reports.examples)
                ),
            )
        )
    keep = set(written)
    for name in REPORT_PAGES:
        if (site_dir / name).exists() and site_dir / name not in keep:
            (site_dir / name).unlink()
    for folder in (editions_dir, rules_dir, compare_dir):
        for stale in sorted(folder.glob("*.md")):
            if stale not in keep:
                stale.unlink()
    return written
